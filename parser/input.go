package parser

import (
	"errors"
	"io"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/source"
)

// Input is one game found by Walk, with its name and its decompressed
// content; or an input that could not be read, with its error.
type Input struct {
	// Path names the file the game is in, as source.Stream.Path does: a
	// path as given to Walk or found under a directory given to Walk
	// ("logs/2016/a.xml"), "-" for standard input, the name given to
	// WalkReader; a member of an archive is the archive's path, "!" and the
	// member's name ("logs.tar.gz!2016/a.xml"); a compressed log keeps the
	// compressed file's path. It is valid UTF-8.
	Path string
	// Data is the game's decompressed content. The receiver may keep it,
	// but must not modify it: Walk never writes it again, and the games of
	// one file may share one array. Data is nil exactly when Err is not
	// (an empty log has empty, non-nil Data).
	Data []byte
	// Format is the format the walk detected (or Options.Format), by which
	// it cut the file into games; FormatUnknown for an input that could
	// not be read.
	Format event.Format
	// Game is the index of the game in its file, from 0; Offset the byte
	// offset of its first byte in the decompressed file; Several says that
	// the file holds other games too. An input that could not be read has
	// the index of the game it is in (-1 when not in one) and its offset.
	Game    int
	Offset  int64
	Several bool
	// Line and Col are the 1-based line and column of the game's first
	// byte in the file (columns count characters, as the decoders' error
	// messages do; a byte order mark takes none), 0 when not known: the
	// decoders' lines and columns, counted in the game's own bytes, are
	// given in the file's by Decode.
	Line, Col int
	// Warnings are problems the walk worked around in the file next to the
	// game: text that belongs to no game and was removed (before the first
	// game, with it; console prompts after a game, with that game), and
	// with the file's last game what reading the file worked around
	// (source.Stream.Warnings: zero bytes after gzip data, text converted
	// from UTF-16, a file given twice).
	Warnings []string
	// Err is why the input could not be read: a missing or unreadable
	// file, corrupt compressed data, content that is no game log, bytes
	// after the last game that are no game, a limit of Options exceeded.
	// It is an *event.Error whose message starts with Path; errors.Is
	// finds the cause (fs.ErrNotExist, source.ErrTooLarge,
	// ErrUnknownFormat, ...).
	Err error
}

// Options configures Walk.
type Options struct {
	// Source are the options of reading the inputs (see package source):
	// standard input, the limits on archives, nesting and spooled zips,
	// temporary files, paths to skip, the count of bytes read. Its
	// MaxWindowBytes bounds the size of one game: a file is read a game at
	// a time, so it bounds the memory a walk needs, whatever the size of
	// the file. A larger game gets an Err wrapping source.ErrTooLarge and
	// the rest of its file is not read; the walk goes on with the next
	// file.
	Source source.Options
	// Format, when not event.FormatUnknown, is the format of every input:
	// files are cut into games by its rules, whatever their content
	// looks like. Otherwise each file's format is detected from its first
	// 64 KiB, and a file of no known format is not read further.
	Format event.Format
}

// Errors that Input.Err and Decode wrap, besides those of package source.
var (
	// ErrUnknownFormat: the content is not a log of any format Detect knows.
	ErrUnknownFormat = errors.New("not a game log")
	// ErrWrongFormat: the content is not a log of the format a Decoder was
	// told to decode.
	ErrWrongFormat = errors.New("not the requested format")
)

// Walk calls fn once for every game found under paths, and once for every
// input that could not be read, in a deterministic order: paths in the
// order given; a directory's entries recursively in lexical order of their
// names; an archive's members in archive order; a file's games in the
// order they are written.
//
// The paths are read by source.Walk (see there: files, directories, "-"
// for standard input, compression, archives, the limits). Each plain
// stream it finds is cut into games by the rules of its format (mjlog
// documents back to back, tenhou.net/6 games or JSON lines of whole games,
// mjai games one after another), each one Input; bytes after the last
// game that are no game are an Input with an Err naming their offset. A
// stream may hold games of several formats one after another (an mjai
// game, then an mjlog document): text that is no game of the stream's
// format is detected anew, and read as the games of the format it is;
// text before the first game that is no game is a warning of that game. An
// input that cannot be read becomes an Input with Err and the walk goes on
// with the next one; so nothing found is dropped without a word.
//
// Walk stops when fn returns an error and returns that error; otherwise it
// returns nil once every input has been delivered. It removes its temporary
// files before returning. Walk starts no goroutines; fn runs in the caller's
// goroutine.
func Walk(paths []string, opt Options, fn func(Input) error) error {
	w := walker{opt: opt, fn: fn}
	return source.Walk(paths, opt.Source, w.stream)
}

// WalkReader is Walk for one input, r, named name: r may hold a log,
// several, compressed data or an archive of them, as a file may (see
// source.WalkReader). It is how bytes in memory are read: WalkReader(name,
// bytes.NewReader(data), ...).
func WalkReader(name string, r io.Reader, opt Options, fn func(Input) error) error {
	w := walker{opt: opt, fn: fn}
	return source.WalkReader(name, r, opt.Source, w.stream)
}
