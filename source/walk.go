package source

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"
)

// smallFile is the size up to which a file is read whole before being
// sniffed: one read into a right-sized buffer, which for a plain stream is
// its window, holding all of it.
const smallFile = 1 << 20

// Walk calls fn once for every plain stream found under paths, and once for
// every input that could not be read (a Stream with Err), in a
// deterministic order: paths in the order given; a directory's entries
// recursively in lexical order of their names; an archive's members in
// archive order.
//
// A path may be a file, a directory, "-" for Options.Stdin, or a special
// file such as a named pipe (read as a stream). Every file, archive member
// and compressed stream is recognised by its content, never by its name:
// compressed files are decompressed, archives are opened, and what remains
// is a plain stream, delivered to fn. Files and directories whose names
// start with '.' are skipped when found under a directory or in an archive
// (a path given to Walk is never skipped); directory members of archives
// are skipped. Symbolic links under a directory are followed, except to a
// directory that encloses them. An archive without members yields nothing.
// Every file is read once: a path given twice, or inside a directory given
// too, is read where the first path that holds it is, with a warning
// (Stream.Warnings) on its streams.
//
// An input that cannot be read becomes a Stream with Err and the walk goes
// on with the next one; so nothing found is dropped without a word. When an
// archive cannot be read to its end, the members read so far are delivered,
// then one Stream whose Path is the archive's and whose Err says why.
//
// Walk stops when fn returns an error and returns that error, or when
// Options.Context is done and returns its cause; otherwise it returns nil
// once every input has been delivered. It removes its temporary files
// before returning. Walk starts no goroutines; fn runs in the caller's
// goroutine.
func Walk(paths []string, opt Options, fn func(*Stream) error) error {
	w := newWalker(opt, fn)
	defer w.close()
	w.clearSpools()
	skip := w.overlaps(paths)
	for j, p := range paths {
		if err := w.ctxErr(); err != nil {
			return err
		}
		if skip != nil && skip[j] {
			continue // read as part of an earlier path, with a warning
		}
		if w.later != nil {
			w.after = w.later[j]
		}
		if err := w.root(p); err != nil {
			return err
		}
	}
	return w.ctxErr()
}

// fileID identifies a file or directory: its device and inode.
type fileID struct{ dev, ino uint64 }

// idOf returns the identity of the file fi describes.
func idOf(fi os.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), uint64(st.Ino)}, true
}

// overlaps finds the paths given to Walk that name the same file or
// directory as another, or something inside another, so that every file is
// read once: a path inside (or the same as) an earlier one is skipped
// (skip[j]), as the earlier one's walk reads it; a path inside a later
// directory is read where it is given, and that directory's walk skips it
// (w.later). Where such a path is read, its streams carry a warning that
// says so (w.warnAt).
func (w *walker) overlaps(paths []string) (skip []bool) {
	ids := make([]fileID, len(paths))
	known := make([]bool, len(paths))
	dirs := map[fileID]int{} // the directories given, by identity: the first index
	files := map[fileID]int{}
	for j, p := range paths {
		if p == "-" {
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		if ids[j], known[j] = idOf(fi); !known[j] {
			continue
		}
		m := files
		if fi.IsDir() {
			m = dirs
		}
		if _, ok := m[ids[j]]; !ok {
			m[ids[j]] = j
		}
	}
	if len(dirs) == 0 && len(files) == len(paths) {
		return nil // no directory, no path given twice: the common case
	}
	skip = make([]bool, len(paths))
	for j, p := range paths {
		if !known[j] {
			continue
		}
		// The paths that hold j: itself given earlier, or a directory
		// it is in.
		i := -1
		if k, ok := files[ids[j]]; ok && k < j {
			i = k
		}
		if k, ok := dirs[ids[j]]; ok && k < j {
			i = k
		}
		if len(dirs) > 0 {
			for a := parentOf(p); a != ""; a = dirAbove(a) {
				fi, err := os.Stat(a)
				if err != nil {
					break
				}
				if id, ok := idOf(fi); ok {
					if k, ok := dirs[id]; ok && k != j && (i < 0 || k < i) {
						i = k
					}
				}
			}
		}
		if i < 0 {
			continue
		}
		if w.warnAt == nil {
			w.warnAt = map[fileID]string{}
			w.later = make([]map[fileID]bool, len(paths))
		}
		how := "given again, inside " + paths[i]
		if known[i] && ids[i] == ids[j] {
			how = "given twice"
		}
		if i < j {
			skip[j] = true
			w.warnAt[ids[j]] = fmt.Sprintf("%s is %s: its games are read once", p, how)
			continue
		}
		// Inside a later directory i: read here, skipped there.
		w.warnAt[ids[j]] = fmt.Sprintf("%s is %s: its games are read once, here", p, how)
		if w.later[i] == nil {
			w.later[i] = map[fileID]bool{}
		}
		w.later[i][ids[j]] = true
	}
	return skip
}

// parentOf returns the directory that holds the file or directory p (its
// path made absolute, symbolic links followed), or "" at the root.
func parentOf(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	a, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return dirAbove(a)
}

// dirAbove returns the directory that holds a, an absolute path with its
// symbolic links followed (as parentOf returns one, so that its
// directories need no resolving again), or "" at the root.
func dirAbove(a string) string {
	d := filepath.Dir(a)
	if d == a {
		return ""
	}
	return d
}

// WalkReader walks r, named name, as one input, as Walk walks standard
// input for "-": r may hold a log, compressed data or an archive, and fn
// gets the plain streams it holds, their paths starting with name. When r
// can be read at an offset (an *os.File open on a regular file at offset
// 0, or a reader of bytes in memory at offset 0 such as a *bytes.Reader,
// *strings.Reader or *io.SectionReader, which have a Size method) it is
// read in place, like a named file: a zip is read without a temporary
// file. Otherwise it is read as a stream. name is only a name: it is not
// opened, and "-" is not standard input.
func WalkReader(name string, r io.Reader, opt Options, fn func(*Stream) error) error {
	w := newWalker(opt, fn)
	defer w.close()
	if err := w.ctxErr(); err != nil {
		return err
	}
	if err := w.reader(name, r); err != nil {
		return err
	}
	return w.ctxErr()
}

// ctxErr returns the cause of Options.Context once it is done, else nil.
func (w *walker) ctxErr() error {
	if ctx := w.opt.Context; ctx != nil && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}

// walker is the state of one walk.
type walker struct {
	opt     Options
	skip    []os.FileInfo // what Options.Skip names, where it exists
	fn      func(*Stream) error
	levels  []*level // by nesting depth, allocated on first use
	entries int      // archive entries read under the current input
	// The decompression budget of the current input (Options.MaxRatio):
	// inflated is what the decompressors gave, read what was read of the
	// input, size its size when known (else -1); over says that the
	// budget was passed, and the rest of the input is not read.
	inflated, read, size int64
	over                 bool
	cleared              bool // stale spooled zips were looked for
	// warnAt are the files and directories given to Walk more than once
	// (see overlaps), with the warning of their streams. later has, for
	// each path given, the paths given before it that it holds, which its
	// walk skips (they were read where they were given); after is the
	// current path's.
	warnAt map[fileID]string
	later  []map[fileID]bool
	after  map[fileID]bool
	seed   maphash.Seed // of the hashes of archive member names
	// free returns the space free on a directory's file system (freeSpace;
	// tests give less).
	free      func(dir string) (int64, bool)
	stdinUsed bool
	ancestors []string // the directories being walked, outermost first
	// cur is the Stream handed to fn, reused from one to the next: fn
	// may not keep it. inFn says that fn is reading it; warnings are the
	// warnings about the stream that comes next.
	cur      Stream
	inFn     bool
	warnings []string
}

func newWalker(opt Options, fn func(*Stream) error) *walker {
	w := &walker{opt: opt.withDefaults(), fn: fn, free: freeSpace, seed: maphash.MakeSeed()}
	for _, p := range w.opt.Skip {
		if fi, err := os.Stat(p); err == nil {
			w.skip = append(w.skip, fi)
		}
	}
	return w
}

// emit hands s to fn; a non-nil result stops the walk. A path that is not
// valid UTF-8 (a file name of another encoding) is given with its invalid
// bytes escaped, in Path and in the error.
func (w *walker) emit(s *Stream) error {
	if !utf8.ValidString(s.Path) {
		s.Path = validName(s.Path)
		if e, ok := s.Err.(*Error); ok {
			e.Path = s.Path
		}
	}
	w.inFn = true
	defer func() { w.inFn = false }()
	return w.fn(s)
}

// warn records a problem worked around in the stream being read (by fn),
// or else in the one that comes next.
func (w *walker) warn(msg string) {
	if w.inFn {
		w.cur.Warnings = append(w.cur.Warnings, msg)
		return
	}
	w.warnings = append(w.warnings, msg)
}

// fail delivers a Stream for path with err.
func (w *walker) fail(path string, err error) error {
	w.cur = Stream{Path: path, Size: -1, Err: pathError(path, err), Warnings: w.warnings}
	w.warnings = nil
	return w.emit(&w.cur)
}

// plain delivers the plain stream path, of which buf holds the first bytes
// (all of them when eof) and r reads the rest. Text that starts with a
// UTF-16 byte order mark is delivered as UTF-8, with a warning: its length
// is then not known.
func (w *walker) plain(path string, buf []byte, eof bool, r io.Reader, ext extent) error {
	if order, ok := utf16Order(buf); ok {
		r = utf16Reader(order, buf, eof, r)
		buf, eof = make([]byte, 0, headSize), false
		if ext.hint >= 0 {
			ext.hint = ext.hint / 2 * 3 // at most 3 bytes of UTF-8 for 2 of UTF-16
		}
		ext.size = -1
		w.warnings = append(w.warnings, utf16Warning(order))
	}
	w.cur = Stream{Path: path, Size: ext.size, buf: buf, eof: eof, r: r, hint: ext.hint, limit: w.opt.MaxWindowBytes, Warnings: w.warnings}
	w.warnings = nil
	return w.emit(&w.cur)
}

// begin starts a new input: a file given to Walk or found under a
// directory, standard input, the reader of WalkReader.
func (w *walker) begin() {
	w.entries, w.inflated, w.read, w.size, w.over = 0, 0, 0, -1, false
}

// root walks one path given to Walk.
func (w *walker) root(p string) error {
	w.begin()
	if p == "-" {
		if w.stdinUsed {
			return w.fail("-", errors.New("standard input named twice; it can be read once"))
		}
		w.stdinUsed = true
		return w.reader("-", w.opt.Stdin)
	}
	fi, err := os.Stat(p)
	if err != nil {
		return w.fail(p, err)
	}
	w.given(fi)
	if fi.IsDir() {
		return w.dir(p)
	}
	return w.open(p, true, fi.Mode())
}

// given notes the warning of a file or directory given to Walk more than
// once, for the streams read from it.
func (w *walker) given(fi os.FileInfo) {
	if w.warnAt == nil {
		return
	}
	if id, ok := idOf(fi); ok {
		if msg, ok := w.warnAt[id]; ok {
			w.warn(msg)
		}
	}
}

// reader reads r as the input name: in place when it can be read at an
// offset and is at offset 0, else as a stream.
func (w *walker) reader(name string, r io.Reader) error {
	w.begin()
	switch f := r.(type) {
	case *os.File:
		fi, err := f.Stat()
		if err == nil && fi.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
				return w.file(name, w.counted(f), fi.Size())
			}
		}
		if err == nil && !fi.Mode().IsRegular() && w.opt.Context != nil {
			// A pipe or a terminal: read so that cancelling wakes the
			// walk.
			g := w.interruptible(f)
			if g != f {
				defer g.Close()
			}
			defer context.AfterFunc(w.opt.Context, func() { g.SetReadDeadline(time.Unix(1, 0)) })()
			r = g
		}
	case inMemory:
		if off, err := f.Seek(0, io.SeekCurrent); err == nil && off == 0 {
			return w.file(name, w.counted(f), f.Size())
		}
	}
	return w.stream(name, w.counted(readerOnly{r}), 0, extent{-1, -1})
}

// inMemory is a reader that can be read at an offset and knows its size:
// bytes in memory (*bytes.Reader, *strings.Reader) or a part of a file
// (*io.SectionReader).
type inMemory interface {
	io.Reader
	io.ReaderAt
	io.Seeker
	Size() int64
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
		if err := w.ctxErr(); err != nil {
			return err
		}
		w.begin()
		var err error
		switch t := e.Type(); {
		case t.IsDir():
			err = w.dir(full)
		case t.IsRegular():
			err = w.open(full, false, t)
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

// skipped reports whether p is one of Options.Skip, or a path given to
// Walk that was read before the current one; for a path given to Walk
// that the current one holds, it notes the warning of its streams.
func (w *walker) skipped(p string) bool {
	if len(w.skip) == 0 && w.warnAt == nil {
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
	if w.warnAt != nil {
		if id, ok := idOf(fi); ok && w.after[id] {
			return true
		}
		w.given(fi)
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
		return w.open(p, false, fi.Mode())
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
func (w *walker) open(p string, explicit bool, mode fs.FileMode) error {
	f, err := w.openFile(p, mode)
	if err != nil {
		if cerr := w.ctxErr(); cerr != nil {
			return cerr
		}
		return w.fail(p, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return w.fail(p, err)
	}
	if !fi.Mode().IsRegular() {
		if explicit {
			if ctx := w.opt.Context; ctx != nil {
				// Cancelling wakes a read that waits on a pipe.
				defer context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Unix(1, 0)) })()
			}
			return w.stream(p, w.counted(f), 0, extent{-1, -1})
		}
		return w.fail(p, fmt.Errorf("file mode %v: %w", fi.Mode().Type(), ErrNotRegular))
	}
	return w.file(p, w.counted(f), fi.Size())
}

// openFile opens the file p, of the given mode (as a stat before said), to
// read it. Opening a named pipe waits for a writer; when Options.Context is
// done first, the walk opens the pipe as its writer, which ends the wait,
// and openFile returns the context's error.
func (w *walker) openFile(p string, mode fs.FileMode) (*os.File, error) {
	ctx := w.opt.Context
	if ctx == nil || mode&fs.ModeNamedPipe == 0 {
		return os.Open(p)
	}
	var opened atomic.Bool
	finished := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(finished)
		// Until the open below returns (it may not have started):
		// open for writing, without waiting for a reader.
		for i := 0; i < 500 && !opened.Load(); i++ {
			if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	f, err := os.Open(p)
	opened.Store(true)
	if !stop() {
		// The writer above may still be open: wait until it is closed,
		// or the next reader of the pipe (another run's) would take it
		// for a writer and read nothing.
		<-finished
	}
	if err := w.ctxErr(); err != nil {
		if f != nil {
			f.Close()
		}
		return nil, err
	}
	return f, err
}

// interruptible returns a file that reads what f, a pipe or a terminal,
// reads, and whose reads a deadline ends: f itself when it has deadlines,
// else (standard input, which Go reads with blocking calls) the same pipe
// or terminal opened anew, without waiting (so its reads may wait in Go's
// poller, and the standard input of the shell is left as it was); f when
// that cannot be done.
func (w *walker) interruptible(f *os.File) *os.File {
	if f.SetReadDeadline(time.Time{}) == nil {
		return f
	}
	if f != os.Stdin {
		return f
	}
	g, err := os.OpenFile("/dev/stdin", os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return f
	}
	if g.SetReadDeadline(time.Time{}) != nil {
		g.Close()
		return f
	}
	return g
}

// file reads the regular file f of the given size, positioned at its start.
func (w *walker) file(p string, f file, size int64) error {
	w.size = size
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

// file is a file on disk, standard input or the reader of WalkReader, as
// the walk reads it.
type file interface {
	io.Reader
	io.ReaderAt
}

// readerOnly is a stream that cannot be read at an offset.
type readerOnly struct{ io.Reader }

func (readerOnly) ReadAt([]byte, int64) (int, error) {
	return 0, errors.New("stream read at an offset")
}

// countedFile counts the bytes read from an input, for the decompression
// budget and Options.BytesRead.
type countedFile struct {
	f file
	w *walker
}

func (c countedFile) Read(p []byte) (int, error) {
	n, err := c.f.Read(p)
	c.w.countRead(n)
	if err != nil && err != io.EOF {
		if cerr := c.w.ctxErr(); cerr != nil {
			err = cerr // a read that cancelling ended
		}
	}
	return n, err
}

func (c countedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.f.ReadAt(p, off)
	c.w.countRead(n)
	return n, err
}

func (w *walker) countRead(n int) {
	w.read += int64(n)
	if w.opt.BytesRead != nil {
		w.opt.BytesRead.Add(int64(n))
	}
}

// counted wraps f, an input, to count its bytes.
func (w *walker) counted(f file) file {
	return countedFile{f, w}
}

// budgeted is the output of a decompressor, counted against the input's
// budget (Options.MaxRatio). Past the budget it fails, and the walk reads
// nothing more of the input.
type budgeted struct {
	r io.Reader
	w *walker
}

func (b budgeted) Read(p []byte) (int, error) {
	w := b.w
	if w.over {
		return 0, w.overBudget()
	}
	n, err := b.r.Read(p)
	w.inflated += int64(n)
	if w.inflated > w.budget() {
		w.over = true
		return n, w.overBudget()
	}
	return n, err
}

// budget returns the bytes the decompressors may give under the current
// input.
func (w *walker) budget() int64 {
	in := max(w.size, w.read)
	return min(in, (1<<62)/int64(w.opt.MaxRatio))*int64(w.opt.MaxRatio) + w.opt.MaxWindowBytes
}

// overBudget is the error of a decompressor past the budget.
func (w *walker) overBudget() error {
	return fmt.Errorf("decompressed more than %d bytes from %d bytes of input (%d times as much, and %d more), the rest of the input is not read: %w",
		w.budget(), max(w.size, w.read), w.opt.MaxRatio, w.opt.MaxWindowBytes, ErrTooLarge)
}

// close releases the decompressors.
func (w *walker) close() {
	for _, lv := range w.levels {
		if lv != nil && lv.zstd != nil {
			lv.zstd.Close()
		}
	}
}
