package parser

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"sync/atomic"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// Input is one game found by Walk, with its name and its decompressed
// content; or an input that could not be read, with its error.
type Input struct {
	// Path names the file the game is in. It is a path as given to Walk or
	// found under a directory given to Walk ("logs/2016/a.xml"), or "-"
	// for standard input. A member of an archive is the archive's path,
	// "!" and the member's name in the archive ("logs.tar.gz!2016/a.xml"),
	// nested as deep as the archives are ("a.zip!b.tar!c.xml"). A
	// compressed log keeps the compressed file's path ("a.mjlog" for a
	// gzip file). Names that are not UTF-8 are decoded (CP932 zip names)
	// or have their invalid bytes escaped as \xNN.
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
	// Warnings are problems the walk worked around in the file next to the
	// game (text that belongs to no game and was removed).
	Warnings []string
	// Err is why the input could not be read: a missing or unreadable
	// file, corrupt compressed data, content that is no game log, bytes
	// after the last game that are no game, a limit of Options exceeded.
	// It is an *event.Error whose message starts with Path; errors.Is
	// finds the cause (fs.ErrNotExist, ErrTooLarge, ErrUnknownFormat, ...).
	Err error
}

// Default limits, used for the zero fields of Options.
const (
	DefaultMaxGameBytes  = 32 << 20
	DefaultMaxEntries    = 1 << 20
	DefaultMaxDepth      = 6
	DefaultMaxSpoolBytes = 4 << 30
)

// Options configures Walk. The zero Options reads os.Stdin for "-" and uses
// the default limits; a zero or negative field means its default.
type Options struct {
	// Stdin is read for the path "-"; nil means os.Stdin. When Stdin is an
	// *os.File open on a regular file at offset 0, it is read like a named
	// file (a zip is then read in place); otherwise as a stream.
	Stdin io.Reader
	// Format, when not event.FormatUnknown, is the format of every input:
	// files are cut into games by its rules, whatever their content
	// looks like. Otherwise each file's format is detected from its first
	// 64 KiB, and a file of no known format is not read further.
	Format event.Format
	// MaxGameBytes bounds the decompressed size of one game. A file is
	// read a game at a time, so this bounds the memory a walk needs,
	// whatever the size of the file (a file of 100,000 games is read as
	// well as a file of one). A larger game gets an Err wrapping
	// ErrTooLarge and the rest of its file is not read; the walk goes on
	// with the next file. Default DefaultMaxGameBytes (32 MiB; the largest
	// real games are a few hundred KiB).
	MaxGameBytes int64
	// MaxEntries bounds the number of archive entries (members of any
	// kind, directories included) read under one file or standard input,
	// counting every archive nested in it. The first MaxEntries entries
	// are delivered, then one Input with the path of the archive being
	// read and an Err wrapping ErrTooManyEntries, and the rest of the file
	// is not read. Directories on disk are not bounded. Default
	// DefaultMaxEntries (1,048,576).
	MaxEntries int
	// MaxDepth bounds nesting: the number of compression layers and
	// archives around one input ("a.zip!b.tar.gz!c.xml.gz" has four: zip,
	// gzip, tar, gzip). Content nested deeper gets an Err wrapping
	// ErrTooDeep. Default DefaultMaxDepth (6).
	MaxDepth int
	// MaxSpoolBytes bounds a zip archive that arrives as a stream (standard
	// input, a member of a tar or of a compressed zip) and must be copied to
	// a temporary file to be read. A larger one gets an Err wrapping
	// ErrTooLarge. Default DefaultMaxSpoolBytes (4 GiB).
	MaxSpoolBytes int64
	// TempDir is where such zip archives are copied; "" means os.TempDir.
	TempDir string
	// Skip are files or directories not to read when they are met under a
	// directory being walked (an analysis's own output directory inside
	// its input). A path given to Walk is read even when it is in Skip.
	Skip []string
	// BytesRead, when not nil, has the number of bytes read from files
	// on disk and from standard input added to it as they are read, before
	// any decompression: set against the sizes of the paths, it tells how
	// far a walk has come. Bytes read twice (a zip's directory) count
	// twice, so it may pass the total slightly.
	BytesRead *atomic.Int64
}

func (o Options) withDefaults() Options {
	if o.Stdin == nil {
		o.Stdin = os.Stdin
	}
	if o.MaxGameBytes <= 0 {
		o.MaxGameBytes = DefaultMaxGameBytes
	}
	if o.MaxEntries <= 0 {
		o.MaxEntries = DefaultMaxEntries
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxSpoolBytes <= 0 {
		o.MaxSpoolBytes = DefaultMaxSpoolBytes
	}
	return o
}

// Errors that Input.Err and Decode wrap.
var (
	// ErrTooLarge: an input or a spooled archive exceeds its size limit.
	ErrTooLarge = errors.New("size limit exceeded")
	// ErrTooManyEntries: archives hold more entries than Options.MaxEntries.
	ErrTooManyEntries = errors.New("entry limit exceeded")
	// ErrTooDeep: compression and archives are nested deeper than
	// Options.MaxDepth.
	ErrTooDeep = errors.New("nesting limit exceeded")
	// ErrNotRegular: a directory entry or archive member is not a regular
	// file (a device, a socket, a link inside an archive, ...), or a
	// symbolic link leads to a directory that encloses it.
	ErrNotRegular = errors.New("not a regular file")
	// ErrUnknownFormat: the content is not a log of any format Detect knows.
	ErrUnknownFormat = errors.New("not a game log")
	// ErrWrongFormat: the content is not a log of the format a Decoder was
	// told to decode.
	ErrWrongFormat = errors.New("not the requested format")
)

// smallFile is the size up to which a file is read whole before being
// sniffed: one read into a right-sized buffer, which for a plain log is the
// Input's Data.
const smallFile = 1 << 20

// Walk calls fn once for every game found under paths, and once for every
// input that could not be read, in a deterministic order: paths in the
// order given; a directory's entries recursively in lexical order of their
// names; an archive's members in archive order; a file's games in the
// order they are written.
//
// A path may be a file, a directory, "-" for Options.Stdin, or a special
// file such as a named pipe (read as a stream). Every file, archive member
// and compressed stream is recognised by its content: compressed files are
// decompressed, archives are opened, and what remains is cut into games by
// the rules of its format (mjlog documents back to back, tenhou.net/6 games
// or JSON lines of whole games, mjai games one after another), each one
// Input; bytes after the last game that are no game are an Input with an
// Err naming their offset. Files and directories whose names start with '.' are skipped when found under a
// directory or in an archive (a path given to Walk is never skipped);
// directory members of archives are skipped. Symbolic links under a
// directory are followed, except to a directory that encloses them. An
// archive without members yields no Input.
//
// An input that cannot be read becomes an Input with Err and the walk goes
// on with the next one; so nothing found is dropped without a word. When an
// archive cannot be read to its end, the members read so far are delivered,
// then one Input whose Path is the archive's and whose Err says why.
//
// Walk stops when fn returns an error and returns that error; otherwise it
// returns nil once every input has been delivered. It removes its temporary
// files before returning. Walk starts no goroutines; fn runs in the caller's
// goroutine.
func Walk(paths []string, opt Options, fn func(Input) error) error {
	w := walker{opt: opt.withDefaults(), fn: fn}
	defer w.close()
	for _, p := range w.opt.Skip {
		if fi, err := os.Stat(p); err == nil {
			w.skip = append(w.skip, fi)
		}
	}
	for _, p := range paths {
		if err := w.root(p); err != nil {
			return err
		}
	}
	return nil
}

// Inputs returns an iterator over the inputs Walk(paths, opt, ...) would
// deliver, in the same order. Breaking out of the loop ends the walk and
// removes its temporary files.
func Inputs(paths []string, opt Options) iter.Seq[Input] {
	return func(yield func(Input) bool) {
		_ = Walk(paths, opt, func(in Input) error {
			if !yield(in) {
				return errBreak
			}
			return nil
		})
	}
}

var errBreak = errors.New("break")

// walker is the state of one Walk.
type walker struct {
	opt       Options
	skip      []os.FileInfo // what Options.Skip names, where it exists
	fn        func(Input) error
	levels    []*level // by nesting depth, allocated on first use
	entries   int      // archive entries read under the current file
	stdinUsed bool
	ancestors []string // the directories being walked, outermost first
}

// emit hands in to fn; a non-nil result stops the walk. A path that is not
// valid UTF-8 (a file name of another encoding) is given with its invalid
// bytes escaped, in Path and in the error.
func (w *walker) emit(in Input) error {
	if !utf8.ValidString(in.Path) {
		in.Path = validName(in.Path)
		if e, ok := in.Err.(*event.Error); ok {
			e.Path = in.Path
		}
	}
	return w.fn(in)
}

// fail delivers an Input for path with err.
func (w *walker) fail(path string, err error) error {
	return w.emit(Input{Path: path, Game: -1, Err: inputError(path, err)})
}

// inputError makes err an *event.Error for path. When err is an
// *fs.PathError for path itself, its path is dropped, as the Error names it.
func inputError(path string, err error) error {
	if pe, ok := err.(*fs.PathError); ok && pe.Path == path {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return &event.Error{Path: path, Offset: -1, Index: -1, Hand: -1, Err: err}
}

// root walks one path given to Walk.
func (w *walker) root(p string) error {
	w.entries = 0
	if p == "-" {
		return w.stdin()
	}
	fi, err := os.Stat(p)
	if err != nil {
		return w.fail(p, err)
	}
	if fi.IsDir() {
		return w.dir(p)
	}
	return w.open(p, true)
}

// stdin reads Options.Stdin as the input "-".
func (w *walker) stdin() error {
	if w.stdinUsed {
		return w.fail("-", errors.New("standard input named twice; it can be read once"))
	}
	w.stdinUsed = true
	if f, ok := w.opt.Stdin.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
				return w.file("-", w.counted(f), fi.Size())
			}
		}
	}
	return w.stream("-", w.counted(readerOnly{w.opt.Stdin}), 0, extent{-1, -1})
}

// dir walks the directory p, whose entries have not been walked yet.
func (w *walker) dir(p string) error {
	entries, rerr := os.ReadDir(p)
	w.ancestors = append(w.ancestors, p)
	defer func() { w.ancestors = w.ancestors[:len(w.ancestors)-1] }()
	for _, e := range entries {
		name := e.Name()
		if name[0] == '.' {
			continue
		}
		full := filepath.Join(p, name)
		if w.skipped(full) {
			continue
		}
		w.entries = 0
		var err error
		switch t := e.Type(); {
		case t.IsDir():
			err = w.dir(full)
		case t.IsRegular():
			err = w.open(full, false)
		case t&fs.ModeSymlink != 0:
			err = w.symlink(full)
		default:
			err = w.fail(full, fmt.Errorf("file mode %v: %w", t, ErrNotRegular))
		}
		if err != nil {
			return err
		}
	}
	if rerr != nil {
		return w.fail(p, rerr)
	}
	return nil
}

// skipped reports whether p is one of Options.Skip.
func (w *walker) skipped(p string) bool {
	if len(w.skip) == 0 {
		return false
	}
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	for _, s := range w.skip {
		if os.SameFile(fi, s) {
			return true
		}
	}
	return false
}

// symlink walks what the symbolic link p found under a directory points to.
func (w *walker) symlink(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return w.fail(p, err)
	}
	switch {
	case fi.Mode().IsRegular():
		return w.open(p, false)
	case fi.IsDir():
		for _, a := range w.ancestors {
			if afi, err := os.Stat(a); err == nil && os.SameFile(fi, afi) {
				return w.fail(p, fmt.Errorf("symbolic link to the enclosing directory %s: %w", a, ErrNotRegular))
			}
		}
		return w.dir(p)
	}
	return w.fail(p, fmt.Errorf("symbolic link to file mode %v: %w", fi.Mode().Type(), ErrNotRegular))
}

// open reads the file p. A file that turns out not to be regular is read as
// a stream when it was named by the user (explicit), and refused otherwise.
func (w *walker) open(p string, explicit bool) error {
	f, err := os.Open(p)
	if err != nil {
		return w.fail(p, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return w.fail(p, err)
	}
	if !fi.Mode().IsRegular() {
		if explicit {
			return w.stream(p, w.counted(f), 0, extent{-1, -1})
		}
		return w.fail(p, fmt.Errorf("file mode %v: %w", fi.Mode().Type(), ErrNotRegular))
	}
	return w.file(p, w.counted(f), fi.Size())
}

// file reads the regular file f of the given size, positioned at its start.
func (w *walker) file(p string, f file, size int64) error {
	if size == 0 {
		// Empty, or a file whose size the system does not know (procfs).
		return w.stream(p, f, 0, extent{-1, -1})
	}
	if size > smallFile {
		return w.seekable(p, f, size, 0, nil)
	}
	data := make([]byte, size)
	n, err := io.ReadFull(f, data)
	if err != nil && err != io.ErrUnexpectedEOF {
		return w.fail(p, err)
	}
	return w.seekable(p, nil, int64(n), 0, data[:n])
}

// file is a file on disk or standard input, as the walk reads it.
type file interface {
	io.Reader
	io.ReaderAt
}

// readerOnly is a stream that cannot be read at an offset.
type readerOnly struct{ io.Reader }

func (readerOnly) ReadAt([]byte, int64) (int, error) {
	return 0, errors.New("stream read at an offset")
}

// countedFile adds the bytes read from a file to Options.BytesRead.
type countedFile struct {
	f file
	n *atomic.Int64
}

func (c countedFile) Read(p []byte) (int, error) {
	n, err := c.f.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func (c countedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.f.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// counted wraps f to count its bytes when Options.BytesRead asks for it.
func (w *walker) counted(f file) file {
	if w.opt.BytesRead == nil {
		return f
	}
	return countedFile{f, w.opt.BytesRead}
}

// close releases the decompressors.
func (w *walker) close() {
	for _, lv := range w.levels {
		if lv != nil && lv.zstd != nil {
			lv.zstd.Close()
		}
	}
}
