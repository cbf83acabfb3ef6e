package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/haifu/haifu/archive"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// runArchive runs haifu archive index and haifu archive fetch.
func runArchive(ctx context.Context, e *env, args []string) int {
	const help = `Usage: haifu archive index [-o DIR] [--follow] [--rate N] PATH|URL...
       haifu archive fetch [-o DIR] [--base-url URL] [--rate N] INDEX_DIR|FILE|ID...

Tenhou's archive (https://tenhou.net/sc/raw/) from its listings to the logs:
"index" reads the listing files into a Parquet table, "fetch" downloads the
logs they name, politely. Then "haifu analyze --index DIR" joins the index to
the games. Run "haifu archive index --help" or "haifu archive fetch --help".
`
	if len(args) == 0 {
		fmt.Fprint(e.stderr, help)
		return exitUsage
	}
	switch args[0] {
	case "index":
		return runArchiveIndex(ctx, e, args[1:])
	case "fetch":
		return runArchiveFetch(ctx, e, args[1:])
	case "help", "-h", "-help", "--help":
		fmt.Fprint(e.stdout, help)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "haifu archive: unknown command %q (index or fetch)\n", args[0])
	return exitUsage
}

func runArchiveIndex(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "archive index", "[-o DIR] [--follow] [--rate N] PATH|URL...",
		`Reads Tenhou's archive listings and writes the table archive to DIR
(DIR/archive/part-00000.parquet, ...): one row per game, with its log id,
start time (Japan time), listing, lobby, rule and its flags, minutes, and the
players in final rank order with their points (and chips).

PATH is a listing file or a directory of them (walked recursively, in name
order, hidden files skipped), in every form Tenhou has written: the hourly
and daily scc/sce/scf .html and .html.gz, the sca/scb/scd .log and .log.gz,
the yearly scrawYYYY.zip, bare lists of log ids, the raw/ page and its
list.cgi file index. The form is told from the content. A URL is downloaded
first, under the rules of haifu archive fetch (one request at a time, --rate
requests a second, retries with backoff, haifu's User-Agent).

The raw/ page and a file index name files rather than games: they are listed
on standard output (kind, size, URL), or, with --follow, downloaded and read
in turn (the listings and file indexes they name; not the yearly zips, which
are hundreds of megabytes each: give those as a URL of their own). Note that
the raw/ page links to list.cgi on tenhou.net itself.

A log id that two listings name (the hourly and the daily phoenix files
overlap) is indexed once, from the first. A line that cannot be read is
reported with its file and line, and the rest is read. DIR is replaced as a
whole when the run completes, as haifu analyze's output is (synced first;
refused when it holds anything haifu did not write; a symbolic link
written through).

Exit status: 0 when everything was read, 1 when a file or a line could not
be (the table is written all the same), 2 on a usage error, 130 when
interrupted (DIR left as it was).`)
	out := addOutputFlag(fs, "index", "the index `DIR` to write")
	follow := fs.Bool("follow", false, "download and read the listings and file indexes that a raw/ page or file index names")
	rate := fs.Float64("rate", archive.DefaultRate, "the most requests a second when downloading URLs, `N`")
	backoff := fs.Duration("backoff", archive.DefaultBackoff, "the wait before the first retry of a download, a `DURATION` (2s, 500ms), doubled for each next one")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu archive index: give at least one PATH or URL")
		return exitUsage
	}
	if *rate <= 0 || *backoff <= 0 {
		fmt.Fprintln(e.stderr, "haifu archive index: --rate and --backoff must be more than 0")
		return exitUsage
	}
	w, err := tables.NewArchiveWriter(*out, map[string]string{tables.MetaVersion: version()})
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu archive index: %v\n", err)
		return exitFound
	}
	ix := &indexRun{e: e, w: w, out: filepath.Clean(*out), follow: *follow, seen: map[string]bool{}, queued: map[string]bool{},
		fetcher: archive.Fetcher{Rate: *rate, Backoff: *backoff, Version: version()}}
	defer ix.close()
	err = ix.run(ctx, fs.Args())
	if ctx.Err() != nil {
		w.Abort()
		fmt.Fprintf(e.stderr, "haifu archive index: interrupted after %d games; %s left as it was\n", ix.games, *out)
		return exitInterrupted
	}
	if err == nil {
		err = w.Close()
	} else {
		w.Abort()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu archive index: %v\n", err)
		return exitFound
	}
	fmt.Fprintf(e.stderr, "indexed %d games (%d with a log id; %d repeated ids left out) from %d files; %d files listed; %d errors; table in %s\n",
		ix.games, ix.withID, ix.repeated, ix.files, ix.listed, ix.errors, filepath.Join(*out, tables.ArchiveTable))
	if ix.errors > 0 {
		return exitFound
	}
	return exitOK
}

// indexRun is one haifu archive index.
type indexRun struct {
	e       *env
	w       *tables.ArchiveWriter
	out     string // the index directory, never read as input
	follow  bool
	fetcher archive.Fetcher
	session *archive.Session // made at the first URL
	seen    map[string]bool  // log ids indexed
	queued  map[string]bool  // URLs asked for
	queue   []string         // URLs to follow
	// The counts of the summary.
	games, withID, repeated, files, listed, errors int
}

// run reads the inputs, then the files they name when following.
func (ix *indexRun) run(ctx context.Context, args []string) error {
	for _, a := range args {
		if err := ctx.Err(); err != nil {
			return err
		}
		var err error
		if isURL(a) {
			ix.queued[a] = true
			err = ix.readURL(ctx, a)
		} else {
			err = ix.readPath(ctx, a)
		}
		if err != nil {
			return err
		}
	}
	for len(ix.queue) > 0 {
		u := ix.queue[0]
		ix.queue = ix.queue[1:]
		if err := ix.readURL(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// close closes the download session, if there is one.
func (ix *indexRun) close() {
	if ix.session != nil {
		ix.session.Close()
	}
}

// isURL reports whether an argument is an http or https URL.
func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// readURL downloads a listing and reads it. A download that fails is
// reported and counted; the error returned is one that stops the run (a
// full disk, a server that asks for too long a pause, an interruption).
func (ix *indexRun) readURL(ctx context.Context, u string) error {
	if ix.session == nil {
		s, err := ix.fetcher.NewSession()
		if err != nil {
			return err
		}
		ix.session = s
	}
	if isTerminal(ix.e.stderr) {
		fmt.Fprintf(ix.e.stderr, "\rdownloading %s\033[K", u)
		defer fmt.Fprint(ix.e.stderr, "\r\033[K")
	}
	// Into a temporary file, not memory: a yearly zip is hundreds of
	// megabytes, and is read from the file a member at a time.
	f, err := os.CreateTemp("", "haifu-listing-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	n, err := ix.session.GetFile(ctx, u, f)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ix.errors++
		fmt.Fprintf(ix.e.stderr, "haifu archive index: %s: %v\n", u, err)
		if errors.Is(err, archive.ErrRetryAfter) {
			return err
		}
		return nil
	}
	return ix.read(archive.ReadAt(u, f, n))
}

// readPath reads a listing file, or the files under a directory in name
// order (hidden ones and the index directory itself skipped).
func (ix *indexRun) readPath(ctx context.Context, p string) error {
	isOut := sameFileAs([]string{ix.out})
	return filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			ix.errors++
			fmt.Fprintf(ix.e.stderr, "haifu archive index: %v\n", err)
			return nil
		}
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if path != p && (strings.HasPrefix(d.Name(), ".") || d.IsDir() && isOut(path)) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		return ix.read(archive.ReadFile(path))
	})
}

// read indexes the records of one file.
func (ix *indexRun) read(records iter.Seq2[archive.Record, error]) error {
	ix.files++
	for rec, err := range records {
		if err != nil {
			ix.errors++
			fmt.Fprintf(ix.e.stderr, "haifu archive index: %v\n", err)
			continue
		}
		switch r := rec.(type) {
		case *archive.Game:
			if id := r.ID.ID; id != "" {
				if ix.seen[id] {
					ix.repeated++
					continue
				}
				ix.seen[id] = true
				ix.withID++
			}
			ix.games++
			if err := ix.w.Write(archive.RowOf(r)); err != nil {
				return err
			}
		case *archive.File:
			if ix.follow && r.Kind != archive.FileYear {
				if !ix.queued[r.URL] {
					ix.queued[r.URL] = true
					ix.queue = append(ix.queue, r.URL)
				}
				continue
			}
			ix.listed++
			fmt.Fprintf(ix.e.stdout, "%s\t%d\t%s\n", r.Kind, r.Size, event.ClipText(r.URL))
		}
	}
	return nil
}

func runArchiveFetch(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "archive fetch", "[-o DIR] [--base-url URL] [--rate N] INDEX_DIR|FILE|ID...",
		`Downloads Tenhou logs from BASE/0/log/?ID and stores each as DIR/ID.mjlog,
gzip-compressed (a gzip body as the server sent it). The ids are those of an
index directory (haifu archive index), of a listing or id-list FILE, or given
as arguments (plain, in the obfuscated x-form, which is decoded, or as a
viewer URL with log=ID); each is downloaded once.

The rules Tenhou states for its archive are kept: one connection and one
request at a time; at most --rate requests a second (retries included);
retries with exponential backoff on timeouts, truncated bodies, 429 and 5xx,
never sooner than a Retry-After asks; a 404 is recorded as missing in
DIR/.missing and not asked for again; the User-Agent names haifu and its
version. Each log is written to a temporary file and renamed, so a file in
DIR is whole; logs already in DIR are skipped, so a second run downloads
nothing and an interrupted run resumes where it stopped.

A progress bar is drawn when standard error is a terminal. At the end the
summary (fetched, skipped, missing, failed) and every failure are printed.

Exit status: 0 when no log failed (missing ones do not count), 1 when one
did, 2 on a usage error, 130 when interrupted.`)
	out := addOutputFlag(fs, "logs", "the `DIR` to store the logs in")
	base := fs.String("base-url", archive.DefaultBaseURL, "where to download from: `URL`/0/log/?ID")
	rate := fs.Float64("rate", archive.DefaultRate, "the most requests a second, `N`")
	retries := fs.Int("retries", archive.DefaultMaxRetries, "the most retries of one log, `N`")
	timeout := fs.Duration("timeout", archive.DefaultTimeout, "the limit on one request, a `DURATION`")
	backoff := fs.Duration("backoff", archive.DefaultBackoff, "the wait before the first retry, a `DURATION`, doubled for each next one (jittered, at most 2m)")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu archive fetch: give an INDEX_DIR, a FILE or log ids")
		return exitUsage
	}
	if *rate <= 0 || *timeout <= 0 || *backoff <= 0 || *retries < 0 || !isURL(*base) {
		fmt.Fprintln(e.stderr, "haifu archive fetch: --rate, --timeout and --backoff must be more than 0, --retries not negative, --base-url an http(s) URL")
		return exitUsage
	}
	ids, bad := fetchIDs(e, fs.Args())
	f := &archive.Fetcher{BaseURL: *base, OutDir: *out, Rate: *rate, Timeout: *timeout, Backoff: *backoff, MaxRetries: *retries, Version: version()}
	if *retries == 0 {
		f.MaxRetries = -1
	}
	var bar *fetchProgress
	if isTerminal(e.stderr) {
		bar = newFetchProgress(e.stderr, len(ids))
		f.Progress = bar.update
		defer bar.done()
	}
	sum, err := f.Fetch(ctx, ids)
	if bar != nil {
		bar.done()
	}
	if ctx.Err() != nil {
		fmt.Fprintf(e.stderr, "haifu archive fetch: interrupted: %s; run again to resume\n", fetchSummary(sum))
		return exitInterrupted
	}
	for _, fl := range sum.Failures {
		fmt.Fprintf(e.stderr, "haifu archive fetch: %v\n", fl.Err)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu archive fetch: stopped: %v\n", err)
	}
	fmt.Fprintf(e.stderr, "%s; logs in %s\n", fetchSummary(sum), *out)
	if err != nil || sum.Failed > 0 || bad > 0 {
		return exitFound
	}
	return exitOK
}

// fetchSummary is the summary line of a fetch.
func fetchSummary(s archive.Summary) string {
	return fmt.Sprintf("fetched %d, skipped %d (already there), missing %d (%d found missing by an earlier run), failed %d; %d requests, %d retries, %d bytes written",
		s.Fetched, s.Skipped, s.Missing+s.KnownMissing, s.KnownMissing, s.Failed, s.Requests, s.Retries, s.Bytes)
}

// fetchIDs gathers the ids to fetch from the arguments, each once, in
// order: those of an index directory, of a listing file, or an argument
// itself (which Fetch reports when it is no id). It returns the number of
// arguments (and lines of files) that could not be read, each reported.
func fetchIDs(e *env, args []string) (ids []string, bad int) {
	seen := map[string]bool{}
	add := func(s string) {
		key := s
		if id, err := archive.ParseID(s); err == nil {
			key, s = id, id
		}
		if !seen[key] {
			seen[key] = true
			ids = append(ids, s)
		}
	}
	for _, a := range args {
		st, err := os.Stat(a)
		switch {
		case err == nil && st.IsDir():
			err := tables.ReadArchive(a, func(r *archive.Row) {
				if r.LogID != nil {
					add(*r.LogID)
				}
			})
			if err != nil {
				fmt.Fprintf(e.stderr, "haifu archive fetch: %v\n", err)
				bad++
			}
		case err == nil:
			for rec, err := range archive.ReadFile(a) {
				if err != nil {
					fmt.Fprintf(e.stderr, "haifu archive fetch: %v\n", err)
					bad++
					continue
				}
				if g, ok := rec.(*archive.Game); ok && g.ID.ID != "" {
					add(g.ID.ID)
				}
			}
		default:
			add(a)
		}
	}
	return ids, bad
}

// archiveIndex is an archive index loaded for analyze --index: the rows
// with a log id, by id (the first row of an id).
type archiveIndex map[string]*archive.Row

// loadIndex reads the archive table of an index directory.
func loadIndex(dir string) (archiveIndex, error) {
	ix := archiveIndex{}
	err := tables.ReadArchive(dir, func(r *archive.Row) {
		if r.LogID == nil || ix[*r.LogID] != nil {
			return
		}
		// Keep what the join needs, copied: the reader reuses its rows.
		id, lobby := *r.LogID, r.Lobby
		kept := &archive.Row{LogID: &id, Lobby: lobby,
			Names: append([]string(nil), r.Names...), Points: append([]float64(nil), r.Points...)}
		if r.StartTime != nil {
			t := *r.StartTime
			kept.StartTime = &t
		}
		ix[id] = kept
	})
	return ix, err
}

// join fills the index columns of a games row from the index entry of its
// log id, and reports whether there was one.
func (ix archiveIndex) join(g *stats.GameRow) bool {
	if g.GameID == nil {
		return false
	}
	r := ix[*g.GameID]
	if r == nil {
		return false
	}
	lobby := r.Lobby
	g.IndexLobby = &lobby
	g.IndexStartTime = r.StartTime // loadIndex's own copy
	var points []float64
	if len(g.FinalPoints) == len(g.Names) {
		points = g.FinalPoints
	}
	g.IndexPlacements = r.Placements(g.Names, points)
	return true
}
