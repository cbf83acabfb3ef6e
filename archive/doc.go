// Package archive reads Tenhou's archive listings (https://tenhou.net/sc/raw/)
// into index records, and downloads the logs they list, politely and
// resumably. The formats are described in docs/tenhou-formats.md §0.3 (log ids)
// and §4 (archive index files).
//
// # Reading listings
//
// Each reader yields a file's records one at a time: Read takes a file's
// name and bytes (a listing downloaded with Session.Get), ReadFile a path
// and ReadAt a reader (these two read a zip in place, a member at a time).
// Files are opened by package source, which haifu reads logs with:
// compression and archives are told by their magic bytes, within this
// package's limits (MaxFileSize, MaxMembers, two layers at most). The form is told from the content; the name gives the listing
// type (sca … scf) and the date where it has them:
//
//   - gzip (or zstd, bzip2): decompressed, then read as what it holds
//     (sca20180926.log.gz, scc2018101100.html.gz);
//   - zip (or tar): a yearly scrawYYYY.zip; each member (scc20120404.html,
//     or a .gz) is read as a file of its own and its records carry its
//     name;
//   - the plain listings sca, scb, scd (.log): one game per line, columns
//     separated by "|", names as written;
//   - the HTML listings scc, sce, scf (.html, and the .log files that hold
//     the same lines): parsed with goquery; a record ends at <br>, even
//     when a line break splits it; the log id comes from the link's
//     href (…/0/?log=ID); names are HTML-unescaped;
//   - the raw/ page: a File for each link to a yearly zip (with the size
//     written after it), a file index (list.cgi, list.cgi?old) or a
//     listing under dat/;
//   - a file index, the list([ {file:'…',size:N}, … ]); that list.cgi
//     serves: a File for each entry, with its size and its URL under
//     https://tenhou.net/sc/raw/dat/;
//   - a bare list of log ids, one per line (plain, x-form, or a viewer URL
//     with log=ID).
//
// The listings are UTF-8 (the raw/ page says so, and every sample is);
// bytes that are not UTF-8 are an error, not guessed at.
//
// # Records
//
// A *Game is one game: Source, Member (in a zip) and Line; the listing
// type; the log id (an event.TenhouID, read by the one log-id parser of
// haifu, event.ParseTenhouID: plain form, date and hour, GO type, lobby); the start
// time in Japan time; the start column as written (Clock); the lobby column
// (L#### in sca, C#### in scf); the rule column as written (RuleText) and
// decoded (Rule: players, table 般 上 特 鳳 若 銀 琥 孔 技, length, red fives,
// open tanyao, chips and chip count, and fast from the id's type bits);
// the game length in minutes; the players in final rank order with their
// points and, in chip games, their chips. A player column is read entry by
// entry: a name runs up to the "(" of its result (±points, one decimal,
// and ",±N枚" in chip games), so names keep their own parentheses
// (広瀬すず(本人)) and a missing space between entries does no harm.
//
// Where the date and hour of the log id and those of the file name and the
// line disagree, the id decides the date and the line's HH:MM the time of
// day (see Game.Start).
//
// A *File is a file the raw/ page or a file index points to: its name,
// URL, kind (listing, yearly zip, file index), listing type, date and size.
//
// A line that cannot be read is an *Error with the file, the zip member and
// the line, wrapping one of the Err values (ErrRule, ErrPlayers, …);
// reading goes on with the next line.
//
// # Downloading logs
//
// A Fetcher downloads logs from BaseURL/0/log/?ID (an x-form id decoded
// first, as Tenhou's web client does; see ParseID) and stores each as
// OutDir/ID.mjlog, gzip-compressed: a body the server sent gzip-compressed
// is kept as sent, a plain one is compressed. A body is accepted only when
// it is a whole mjlog document (<mjloggm … </mjloggm>) that decodes (with
// package parser) without an error.
//
// Tenhou's raw/ page states rules for automatic downloads (docs/tenhou-formats.md
// §4.1). They are written for the listing files; the Fetcher keeps their
// spirit for the logs, and the reader gives what a caller needs to keep
// them for the listings:
//
//   - "the data is refreshed at most every 20 minutes": a listing is
//     downloaded (Session.Get) only when a caller asks for it, once; this
//     package never polls, and a caller that does should wait that long
//     between rounds.
//   - "download only files listed in the index and skip a file whose size
//     has not grown": File records from list.js carry Size, and the File
//     URLs are those of the index.
//   - "download the .gz files (uncompressed transfer through the 表示 viewer
//     is forbidden for automation)": File URLs point at dat/ (the .gz
//     files); the raw/ page's viewer links are never returned. The Fetcher
//     asks for gzip (Accept-Encoding) and keeps a gzip body as sent.
//   - "always start from a tenhou.net URL (files may move)": BaseURL is
//     https://tenhou.net by default and redirects on the same host are
//     followed (each hop waits for the rate limit like any request); one
//     to another host is not (ErrRedirect), nor asked again.
//   - "at most one session at a time": the Fetcher makes one request at a
//     time, sequentially, over a transport that opens at most one
//     connection (MaxConnsPerHost 1); one Fetcher run at a time.
//   - "violators may be blocked": the rate limit (Rate, default one request
//     a second) spaces request starts by at least 1/Rate, measured from
//     when each request really started; failed attempts are retried at
//     most MaxRetries times, after an exponential backoff with jitter and
//     a cap, and never sooner than a 503's or 429's Retry-After asks (a
//     pause longer than MaxRetryAfter stops the run); a 404 is recorded in
//     OutDir/.missing and not asked for again; the User-Agent names haifu,
//     its version and its home page.
//
// A Session carries these rules across calls: its Fetch calls download
// logs, its Get and GetFile calls listing files (haifu archive index URL;
// GetFile into a file, for the yearly zips, which ReadAt then reads a
// member at a time), and every request of any of them waits for the one
// before. Fetcher.Fetch is a Session of
// its own.
//
// Fetch is resumable: logs already in OutDir are skipped, each is written
// to a temporary file and renamed into place (so a .mjlog is never half
// written), temporary files left by an interrupted run are removed, and a
// cancelled context stops the run at once.
//
// The package starts no goroutines of its own (net/http runs its own).
package archive
