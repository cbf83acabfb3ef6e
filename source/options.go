package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync/atomic"
)

// Default limits, used for the zero fields of Options.
const (
	DefaultMaxWindowBytes = 32 << 20
	DefaultMaxEntries     = 1 << 20
	DefaultMaxDepth       = 6
	DefaultMaxSpoolBytes  = 4 << 30
	DefaultMaxRatio       = 100
)

// Options configures a walk. The zero Options reads os.Stdin for "-" and
// uses the default limits; a zero or negative field means its default.
type Options struct {
	// Context, when not nil, cancels the walk once it is done: the walk
	// returns its error (context.Cause) before the next input or archive
	// member, and a walk that waits wakes up: for a writer to open a named
	// pipe, or for bytes from a pipe or a terminal (a named pipe given as
	// a path, the process's standard input, an *os.File that supports
	// deadlines).
	Context context.Context
	// Stdin is read for the path "-"; nil means os.Stdin. It is read as
	// WalkReader reads its reader.
	Stdin io.Reader
	// MaxWindowBytes bounds the window through which a stream is read:
	// the most bytes of one stream held in memory at once (see Stream).
	// A reader of game logs holds one game in it, so it bounds the size of
	// a game, whatever the size of the file (a file of 100,000 games is
	// read as well as a file of one); a reader of whole files (ReadAll)
	// bounds the size of a file. Default DefaultMaxWindowBytes (32 MiB;
	// the largest real games are a few hundred KiB).
	MaxWindowBytes int64
	// MaxEntries bounds the number of archive entries (members of any
	// kind, directories included) read under one file (given to Walk or
	// found under a directory), standard input or the reader of
	// WalkReader, counting every archive nested in it. The first
	// MaxEntries entries are delivered, then one Stream with the path of
	// the archive being read and an Err wrapping ErrTooManyEntries, and
	// the rest of the file is not read. Directories on disk are not
	// bounded. Default DefaultMaxEntries (1,048,576).
	MaxEntries int
	// MaxDepth bounds nesting: the number of compression layers and
	// archives around one stream ("a.zip!b.tar.gz!c.xml.gz" has four: zip,
	// gzip, tar, gzip). Content nested deeper gets an Err wrapping
	// ErrTooDeep. Default DefaultMaxDepth (6).
	MaxDepth int
	// MaxRatio bounds decompression: what the decompressors (gzip,
	// zstd, bzip2, and the deflated members of zips) give under one file
	// (given to Walk or found under a directory), standard input or the
	// reader of WalkReader, every level of nesting counted, may add up to
	// at most MaxRatio times its size (or the bytes read of it, for a
	// stream) and MaxWindowBytes: a compressed bomb costs the work of a
	// bounded number of bytes, however many members or levels it holds.
	// Past that, the stream being read gets an Err wrapping ErrTooLarge,
	// and the rest of the file is not read. Default DefaultMaxRatio (100;
	// real logs compress 3 to 15 times).
	MaxRatio int
	// MaxSpoolBytes bounds a zip archive that arrives as a stream (standard
	// input, a member of a tar or of a compressed zip) and must be copied to
	// a temporary file to be read; the copy may also take at most half the
	// space free on the temporary file's file system when it starts, so
	// that it cannot fill the disk. A larger one gets an Err wrapping
	// ErrTooLarge. Default DefaultMaxSpoolBytes (4 GiB). A copy that a
	// killed walk left behind is removed by the next walk that spools or
	// is given paths (Walk).
	MaxSpoolBytes int64
	// TempDir is where such zip archives are copied; "" means os.TempDir.
	TempDir string
	// Skip are files or directories not to read when they are met under a
	// directory being walked (an analysis's own output directory inside
	// its input). A path given to Walk is read even when it is in Skip.
	Skip []string
	// BytesRead, when not nil, has the number of bytes read from files
	// on disk, from standard input and from the reader of WalkReader added
	// to it as they are read, before any decompression: set against the
	// sizes of the paths, it tells how far a walk has come. Bytes read
	// twice (a zip's directory) count twice, so it may pass the total
	// slightly.
	BytesRead *atomic.Int64
}

func (o Options) withDefaults() Options {
	if o.Stdin == nil {
		o.Stdin = os.Stdin
	}
	if o.MaxWindowBytes <= 0 {
		o.MaxWindowBytes = DefaultMaxWindowBytes
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
	if o.MaxRatio <= 0 {
		o.MaxRatio = DefaultMaxRatio
	}
	if o.TempDir == "" {
		o.TempDir = os.TempDir()
	}
	return o
}

// Errors that the errors of a walk wrap.
var (
	// ErrTooLarge: a stream, a spooled archive or what a reader holds of a
	// stream exceeds its size limit.
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
	// ErrCorrupt: compressed data or an archive could not be read: it is
	// corrupt or truncated. It adds nothing to an error's message (which
	// names the compression or archive, "gzip: unexpected EOF"); errors.Is
	// tells such errors from those of the file system.
	ErrCorrupt = errors.New("corrupt compressed data or archive")
)

// Error is an error of a walk: the input, file or archive member that could
// not be read (Path, as in Stream.Path) and why. Its message is
// "path: cause".
type Error struct {
	Path string
	Err  error
}

// Error returns "path: cause".
func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// pathError makes err an *Error for path. When err is an *fs.PathError for
// path itself, its path is dropped, as the Error names it.
func pathError(path string, err error) *Error {
	if pe, ok := err.(*fs.PathError); ok && pe.Path == path {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return &Error{Path: path, Err: err}
}

// SizeError is the error of a stream, or of a part of one (a game), over a
// byte limit. It wraps ErrTooLarge.
type SizeError struct {
	// Size is the size in bytes, or -1 when it is not known (the limit was
	// passed while reading).
	Size int64
	// Limit is the limit passed.
	Limit int64
}

// Error returns "N bytes, more than L: size limit exceeded", or "more
// than L bytes: size limit exceeded" when the size is not known.
func (e *SizeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("more than %d bytes: %v", e.Limit, ErrTooLarge)
	}
	return fmt.Sprintf("%d bytes, more than %d: %v", e.Size, e.Limit, ErrTooLarge)
}

// Unwrap returns ErrTooLarge.
func (e *SizeError) Unwrap() error { return ErrTooLarge }

// corruptError marks an error of a decompressor or an archive reader as
// ErrCorrupt without changing its message.
type corruptError struct{ err error }

func (e corruptError) Error() string        { return e.err.Error() }
func (e corruptError) Unwrap() error        { return e.err }
func (e corruptError) Is(target error) bool { return target == ErrCorrupt }

// corrupt marks err as ErrCorrupt; nil and io.EOF stay as they are.
func corrupt(err error) error {
	if err == nil || err == io.EOF || errors.Is(err, ErrCorrupt) {
		return err
	}
	return corruptError{err}
}

// corruptReader marks the errors of r (an archive member, a decompressor)
// as ErrCorrupt.
type corruptReader struct{ r io.Reader }

func (c corruptReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	return n, corrupt(err)
}
