package archive

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/haifu/haifu/event"
)

// Record is one record of a listing file: a *Game or a *File. The set is
// closed; callers type-switch.
type Record interface {
	record()
}

func (*Game) record() {}
func (*File) record() {}

// Game is one game of a listing: a line of an sca…scf file, or a line of a
// bare list of log ids.
type Game struct {
	// Source is the file name given to Read; Member is the name of the
	// zip member the line is in, "" outside a zip.
	Source, Member string
	// Line is the 1-based line where the record starts (within the member,
	// after decompression).
	Line int
	// Listing is the listing type: "sca" (private lobbies), "scb" (ranked),
	// "scc" (phoenix), "scd" (chip tables), "sce" (skill matches and 琥珀),
	// "scf" (tournaments); from the file name when it has one, else
	// inferred from the line (a lobby L → sca, C → scf; a link → scc on
	// the phoenix table, else sce; none → scd with chips, else scb). ""
	// for a bare list of ids.
	Listing string
	// ID is the log id of the line's link (or of the line itself in a list
	// of ids), read by event.ParseTenhouID: ID.ID is its plain form (an
	// x-form id decoded, ID.Obfuscated set), ID.Start its date and hour,
	// ID.Type and ID.Lobby its GO type and lobby. Zero (ID.ID == "") when
	// the line has none.
	ID event.TenhouID
	// Start is the game's start in Japan time; zero when no date is known
	// (a listing whose file name carries no date and whose line has no id).
	// The time of day is the line's HH:MM; the date is the file name's
	// (sccYYYYMMDD…), except when the line has a log id: then the id's
	// date wins, and the HH:MM is put on the day that brings it nearest
	// the id's hour (23:59 with an id of 2024010300 is 2024-01-02 23:59).
	// So where the two disagree, the id decides the date and the line the
	// hour and minute: the id is attached to the game itself (the file
	// name may be lost or changed) but carries no minutes. For a bare id,
	// Start is the id's hour. In the corpus the id's hour and the line's
	// always agree.
	Start time.Time
	// Clock is the line's start column (HH:MM) as written; "" when it has
	// none.
	Clock string
	// Lobby is the line's lobby column ("L1001" in sca, "C0431" in scf);
	// "" when the line has none (see LobbyName for the id's lobby).
	Lobby string
	// RuleText is the rule column as written ("四鳳南喰赤－"); "" when the
	// line has none.
	RuleText string
	// Rule is the rule column decoded, with Fast from the log id's type.
	// For a bare id it is RuleOfType of the id's type.
	Rule Rule
	// Minutes is the game's length column in minutes; -1 when the line has
	// none (sca, scf, bare ids).
	Minutes int
	// Players are the players in final rank order; nil for a bare id.
	Players []Player
}

// Player is one entry of a listing's player column.
type Player struct {
	// Name is the player's name, HTML-unescaped in the HTML forms (scc,
	// sce, scf). Names may contain parentheses and other punctuation.
	Name string
	// Points are the final, uma-adjusted points (+42.0), as in owari.
	Points float64
	// Chips is the chip count (+5枚) of chip games.
	Chips int
	// HasChips says whether the entry had a chip count.
	HasChips bool
}

// FileKind says what a File record names.
type FileKind uint8

// The kinds of File. The zero FileKind is FileUnknown.
const (
	FileUnknown FileKind = iota
	// FileListing is a listing: sca…scf, daily (sccYYYYMMDD) or hourly
	// (sccYYYYMMDDHH), .log or .html, gzip-compressed or not.
	FileListing
	// FileYear is a yearly zip of daily listings (scrawYYYY.zip).
	FileYear
	// FileIndex is a file index (list.cgi, list.cgi?old).
	FileIndex
	numFileKinds
)

var fileKindNames = [numFileKinds]string{"unknown", "listing", "year", "index"}

// String returns "listing", "year", "index" or "unknown".
func (k FileKind) String() string {
	if k >= numFileKinds {
		return "FileKind(" + strconv.Itoa(int(k)) + ")"
	}
	return fileKindNames[k]
}

// File is a file that the raw/ page links to or that a list.js file index
// lists: not a game but where games are.
type File struct {
	// Source is the file name given to Read; Member the zip member, if any.
	Source, Member string
	// Line is the 1-based line of the entry; 0 when it could not be told
	// (a raw/ page link whose href is written with entities).
	Line int
	// Name is the file's name as the index writes it: "sca20180926.log.gz",
	// "2018/sca20180101.log.gz", "scraw2017.zip", "list.cgi?old".
	Name string
	// URL is where to download it: https://tenhou.net/sc/raw/dat/ + Name
	// for list.js entries, the link resolved against
	// https://tenhou.net/sc/raw/ for the raw/ page; when the page or index
	// was read from a URL (its Source), against that URL instead.
	URL string
	// Kind is what the file is.
	Kind FileKind
	// Listing is the listing type of a FileListing ("sca"…"scf"), else "".
	Listing string
	// Date is the date (and hour, for hourly files) in the name of a
	// listing, January 1 of a yearly zip, in Japan time; zero otherwise.
	Date time.Time
	// Size is the size in bytes the index gives; -1 when it gives none.
	Size int64
	// SizeText is a size written for people next to a raw/ page link
	// ("405M"); "" when there is none.
	SizeText string
}

// Errors a listing reader wraps in an *Error (besides ErrLogID and
// ErrRule).
var (
	// ErrForm: the content is no form of listing this package reads (or
	// is nested deeper than two layers of compression and archives, or is
	// an archive member that is no file).
	ErrForm = errors.New("not a Tenhou listing")
	// ErrColumns: a line has the wrong number of columns.
	ErrColumns = errors.New("wrong number of columns")
	// ErrClock: a start column is not HH:MM.
	ErrClock = errors.New("bad start time")
	// ErrMinutes: a game length column is not a number of minutes.
	ErrMinutes = errors.New("bad game length")
	// ErrLobby: a lobby column is not L#### or C####.
	ErrLobby = errors.New("bad lobby")
	// ErrLink: a link column does not link to a log id.
	ErrLink = errors.New("bad log link")
	// ErrPlayers: a player column is not name(±points[,±N枚]) entries, one
	// per player.
	ErrPlayers = errors.New("bad player column")
	// ErrEncoding: the bytes are not UTF-8.
	ErrEncoding = errors.New("not UTF-8")
	// ErrTooLarge: a decompressed file or zip member is larger than
	// MaxFileSize, or a file holds more than MaxMembers archive entries.
	ErrTooLarge = errors.New("too large")
	// ErrCompressed: compressed data (gzip, zstd, bzip2) or an archive
	// (zip, tar) could not be read: it is corrupt or truncated.
	ErrCompressed = errors.New("bad compressed data")
)

// Error is an error in a listing file, with its position.
type Error struct {
	// File is the file name given to Read; Member the zip member, if any.
	File, Member string
	// Line is the 1-based line, 0 when the error is about the whole file.
	Line int
	// Err is the cause; it wraps one of the package's Err values.
	Err error
}

// Error returns "file:member:line: cause", leaving out the parts that are
// empty. The text it quotes of the listing (a member name, a line's
// columns) is cut to event.MaxQuote bytes a piece (event.ClipText).
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(event.ClipText(e.File))
	if e.Member != "" {
		b.WriteString(":")
		b.WriteString(event.ClipText(e.Member))
	}
	if e.Line > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Err != nil {
		b.WriteString(event.ClipText(e.Err.Error()))
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
