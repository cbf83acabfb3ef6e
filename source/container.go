package source

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"cmp"
	"compress/bzip2"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// kind is what a stream's first bytes say it is.
type kind uint8

const (
	kindPlain kind = iota // anything else: a log, or not
	kindGzip
	kindZstd
	kindBzip2
	kindZip
	kindTar
)

var kindNames = [...]string{"plain", "gzip", "zstd", "bzip2", "zip", "tar"}

func (k kind) String() string { return kindNames[k] }

// headSize is how much of a stream sniff looks at: one tar header block.
const headSize = 512

// sniff tells compression and archives from their first bytes. It looks at
// four bytes for everything but tar, whose 512-byte header is recognised by
// its checksum.
func sniff(b []byte) kind {
	if len(b) >= 4 {
		switch {
		case b[0] == 0x1f && b[1] == 0x8b && b[2] == 8:
			return kindGzip
		case string(b[:4]) == "\x28\xb5\x2f\xfd":
			return kindZstd
		case string(b[:4]) == "PK\x03\x04", string(b[:4]) == "PK\x05\x06":
			return kindZip
		case len(b) >= 10 && string(b[:3]) == "BZh" && '1' <= b[3] && b[3] <= '9' &&
			(string(b[4:10]) == "1AY&SY" || string(b[4:10]) == "\x17rE8P\x90"):
			return kindBzip2
		}
	}
	if isTar(b) {
		return kindTar
	}
	return kindPlain
}

// isTar reports whether b starts with a tar header block: its checksum
// field (octal, at offset 148) equals the sum of the block's bytes with the
// field counted as spaces, unsigned or, as some old tars wrote it, signed.
func isTar(b []byte) bool {
	if len(b) < 512 {
		return false
	}
	field := b[148:156]
	i := 0
	for i < len(field) && field[i] == ' ' {
		i++
	}
	var want int64
	digits := 0
	for ; i < len(field) && '0' <= field[i] && field[i] <= '7'; i++ {
		want = want*8 + int64(field[i]-'0')
		digits++
	}
	if digits == 0 {
		return false
	}
	for ; i < len(field); i++ {
		if field[i] != ' ' && field[i] != 0 {
			return false
		}
	}
	var unsigned, signed int64
	for j, c := range b[:512] {
		if 148 <= j && j < 156 {
			c = ' '
		}
		unsigned += int64(c)
		signed += int64(int8(c))
	}
	return want == unsigned || want == signed
}

// level holds the buffers and decompressors of one nesting depth, reused
// from one stream to the next at that depth.
type level struct {
	head [headSize]byte
	pre  prefixReader
	gzip *gzip.Reader
	// gzbuf buffers the input of gzip, whose members it reads one after
	// another (gzipMembers).
	gzbuf *bufio.Reader
	gzm   gzipMembers
	zstd  *zstd.Decoder
	// inflate and inbuf inflate the deflated members of a zip whose
	// members are at this depth, one after another: made once, Reset for
	// each member.
	inflate io.ReadCloser
	inbuf   *bufio.Reader
	// member reads the archive member at this depth that is being read,
	// marking its errors as ErrCorrupt (held here, it is handed on as a
	// pointer, which costs no allocation).
	member corruptReader
}

// inflater returns lv's inflater reading r: klauspost/compress's, as fast
// as the gzip of a tar.gz (the standard library's is about twice as slow),
// kept from member to member with its buffer.
func (lv *level) inflater(r io.Reader) io.ReadCloser {
	if lv.inbuf == nil {
		lv.inbuf = bufio.NewReaderSize(r, 32<<10)
	} else {
		lv.inbuf.Reset(r)
	}
	if lv.inflate == nil {
		lv.inflate = flate.NewReader(lv.inbuf)
	} else if err := lv.inflate.(flate.Resetter).Reset(lv.inbuf, nil); err != nil {
		lv.inflate = flate.NewReader(lv.inbuf)
	}
	return io.NopCloser(lv.inflate)
}

func (w *walker) level(depth int) *level {
	for len(w.levels) <= depth {
		w.levels = append(w.levels, nil)
	}
	if w.levels[depth] == nil {
		w.levels[depth] = new(level)
	}
	return w.levels[depth]
}

// prefixReader reads buf, then r: a stream whose first bytes were read to
// sniff it.
type prefixReader struct {
	buf []byte
	r   io.Reader
}

func (p *prefixReader) Read(b []byte) (int, error) {
	if len(p.buf) > 0 {
		n := copy(b, p.buf)
		p.buf = p.buf[n:]
		return n, nil
	}
	return p.r.Read(b)
}

// extent is what is known of a stream's length before reading it.
type extent struct {
	// size is the length an archive header states, which the archive
	// reader enforces, or -1.
	size int64
	// hint is an estimate of the length, for the first allocation, or -1.
	hint int64
}

// maxRatio bounds the expansion of deflate; size estimates beyond it are
// not believed.
const maxRatio = 1032

// stream reads r, the content of path at the given nesting depth: it
// sniffs it and delivers it as one Stream, or opens what it holds.
func (w *walker) stream(path string, r io.Reader, depth int, ext extent) error {
	lv := w.level(depth)
	n, eof, err := readHead(r, lv.head[:])
	if err != nil {
		return w.fail(path, err)
	}
	head := lv.head[:n]
	k := sniff(head)
	if k == kindPlain {
		buf := make([]byte, len(head), max(len(head), headSize))
		copy(buf, head)
		return w.plain(path, buf, eof, r, ext)
	}
	if depth >= w.opt.MaxDepth {
		return w.tooDeep(path, k)
	}
	lv.pre = prefixReader{buf: head, r: r}
	switch k {
	case kindTar:
		return w.tar(path, &lv.pre, depth+1)
	case kindZip:
		return w.spoolZip(path, &lv.pre, depth)
	}
	return w.decompress(path, k, &lv.pre, depth, extent{-1, zstdSize(k, head)})
}

// zstdSize returns the content size a zstd frame header states, or -1.
func zstdSize(k kind, head []byte) int64 {
	var h zstd.Header
	if k != kindZstd || h.Decode(head) != nil || !h.HasFCS {
		return -1
	}
	return int64(min(h.FrameContentSize, 1<<62))
}

// readHead reads into b until it is full or r ends (eof). Unlike
// io.ReadFull it tells the end of r from r's own io.ErrUnexpectedEOF (a
// truncated compressed stream).
func readHead(r io.Reader, b []byte) (n int, eof bool, err error) {
	for n < len(b) {
		m, err := r.Read(b[n:])
		n += m
		if err == io.EOF {
			return n, true, nil
		}
		if err != nil {
			return n, false, err
		}
	}
	return n, false, nil
}

// seekable reads the content of path at the given depth from ra, size
// bytes long. owned, when not nil, is that content already in memory, read
// for this stream alone (and ra may then be nil).
func (w *walker) seekable(path string, ra io.ReaderAt, size int64, depth int, owned []byte) error {
	var head []byte
	if owned != nil {
		head = owned[:min(len(owned), headSize)]
	} else {
		lv := w.level(depth)
		n, err := ra.ReadAt(lv.head[:min(size, headSize)], 0)
		if int64(n) < min(size, headSize) {
			return w.fail(path, err)
		}
		head = lv.head[:n]
	}
	k := sniff(head)
	if k == kindPlain {
		if owned != nil {
			return w.plain(path, owned, true, nil, extent{size, size})
		}
		buf := make([]byte, len(head), headSize)
		copy(buf, head)
		r := io.NewSectionReader(ra, int64(len(head)), size-int64(len(head)))
		return w.plain(path, buf, false, r, extent{size, size})
	}
	if depth >= w.opt.MaxDepth {
		return w.tooDeep(path, k)
	}
	if ra == nil {
		ra = bytes.NewReader(owned)
	}
	if k == kindZip {
		return w.zip(path, ra, size, depth+1)
	}
	var r io.Reader = io.NewSectionReader(ra, 0, size)
	if owned == nil {
		r = bufio.NewReaderSize(r, 64<<10)
	}
	if k == kindTar {
		return w.tar(path, r, depth+1)
	}
	hint := zstdSize(k, head)
	if k == kindGzip {
		// The trailer holds the length (mod 2³²) of the last member.
		var b [4]byte
		if _, err := ra.ReadAt(b[:], size-4); err == nil {
			hint = min(int64(binary.LittleEndian.Uint32(b[:])), size*maxRatio)
		}
	}
	return w.decompress(path, k, r, depth, extent{-1, hint})
}

// decompress reads the compressed stream r of the given kind, the content
// of path at the given depth.
func (w *walker) decompress(path string, k kind, r io.Reader, depth int, ext extent) error {
	lv := w.level(depth)
	var dr io.Reader
	switch k {
	case kindGzip:
		br, ok := r.(*bufio.Reader)
		if !ok {
			if lv.gzbuf == nil {
				lv.gzbuf = bufio.NewReaderSize(r, 32<<10)
			} else {
				lv.gzbuf.Reset(r)
			}
			br = lv.gzbuf
		}
		var err error
		if lv.gzip == nil {
			lv.gzip, err = gzip.NewReader(br)
		} else {
			err = lv.gzip.Reset(br)
		}
		if err != nil {
			return w.fail(path, corrupt(prefixed(k, err)))
		}
		lv.gzip.Multistream(false)
		lv.gzm = gzipMembers{z: lv.gzip, br: br, w: w}
		dr = &lv.gzm
	case kindZstd:
		if lv.zstd == nil {
			// Concurrency 1 decodes in the caller's goroutine; the
			// window bound keeps a hostile frame header from claiming
			// gigabytes (128 MiB admits zstd --long and --ultra -22).
			d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(128<<20))
			if err != nil {
				return w.fail(path, prefixed(k, err))
			}
			lv.zstd = d
		}
		if err := lv.zstd.Reset(r); err != nil {
			return w.fail(path, corrupt(prefixed(k, err)))
		}
		dr = lv.zstd
	case kindBzip2:
		dr = bzip2.NewReader(r)
	}
	return w.stream(path, budgeted{decompressed{k, dr}, w}, depth+1, ext)
}

// gzipMembers reads the members of a gzip stream one after another, as
// gzip -d does, and skips, with a warning, the zero bytes that may follow
// the last one (the padding of a tape block, or of some downloads), which
// gzip -d ignores too.
type gzipMembers struct {
	z    *gzip.Reader
	br   *bufio.Reader
	w    *walker
	done bool
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	for {
		if g.done {
			return 0, io.EOF
		}
		n, err := g.z.Read(p)
		if err != io.EOF {
			return n, err
		}
		// The member ended: another follows, or padding, or nothing.
		zeros, err := skipZeros(g.br)
		if zeros > 0 {
			g.w.warn(fmt.Sprintf("gzip: ignored %d zero bytes after the compressed data (padding, as gzip -d ignores it)", zeros))
		}
		if err == io.EOF {
			g.done = true
			return n, io.EOF
		}
		if err != nil {
			return n, err
		}
		if err := g.z.Reset(g.br); err != nil {
			return n, err
		}
		g.z.Multistream(false)
		if n > 0 {
			return n, nil
		}
	}
}

// skipZeros reads the zero bytes br starts with and returns their number,
// with io.EOF when nothing else follows.
func skipZeros(br *bufio.Reader) (int64, error) {
	var n int64
	for {
		b, err := br.Peek(1)
		if len(b) == 0 {
			if err == nil {
				err = io.ErrNoProgress
			}
			return n, err
		}
		buf, _ := br.Peek(br.Buffered())
		k := 0
		for k < len(buf) && buf[k] == 0 {
			k++
		}
		br.Discard(k)
		n += int64(k)
		if k < len(buf) {
			return n, nil
		}
	}
}

// decompressed is a decompressor's output. It names the compression in its
// errors, which some decompressors do not ("unexpected EOF"), and marks
// them as ErrCorrupt.
type decompressed struct {
	k kind
	r io.Reader
}

func (d decompressed) Read(b []byte) (int, error) {
	n, err := d.r.Read(b)
	if err != nil && err != io.EOF {
		err = corrupt(prefixed(d.k, err))
	}
	return n, err
}

// prefixed prefixes err with "gzip: " (or the name of k) unless it has it.
func prefixed(k kind, err error) error {
	if strings.HasPrefix(err.Error(), k.String()+":") {
		return err
	}
	return fmt.Errorf("%v: %w", k, err)
}

func (w *walker) tooDeep(path string, k kind) error {
	return w.fail(path, fmt.Errorf("%v inside %d levels of compression and archives: %w", k, w.opt.MaxDepth, ErrTooDeep))
}

// countEntry counts one archive entry; false when the limit is passed.
func (w *walker) countEntry() bool {
	w.entries++
	return w.entries <= w.opt.MaxEntries
}

// tooManyEntries ends the archive path, in which the entry limit was
// passed. The first time, it delivers the error; then the archives that
// enclose path end silently, as their next entry passes the limit again.
func (w *walker) tooManyEntries(path string) error {
	if w.entries > w.opt.MaxEntries+1 {
		return nil
	}
	return w.fail(path, fmt.Errorf("more than %d archive entries, the rest not read: %w", w.opt.MaxEntries, ErrTooManyEntries))
}

// memberName is an archive member's name as it appears in paths.
func memberName(name string) string {
	for strings.HasPrefix(name, "./") {
		name = name[2:]
	}
	return name
}

// memberNames counts the members of an archive by name (a hash of it: an
// archive may hold a million).
type memberNames map[uint64]int32

// memberPath returns the path of the member name of the archive path: the
// archive's path, "!" and the name; for the k-th member of a name that
// members before it have (an archive may hold several, a tar appended to,
// a zip written so), "#k" after it, with a warning, so that every member,
// and every game, has a path of its own.
func (w *walker) memberPath(path, name string, names memberNames) string {
	h := maphash.String(w.seed, name)
	names[h]++
	mpath := path + "!" + name
	if k := names[h]; k > 1 {
		w.warn(fmt.Sprintf("the archive holds %d members named %s: this one is read as %s#%d", k, name, name, k))
		mpath += "#" + strconv.Itoa(int(k))
	}
	return mpath
}

// hidden reports whether a member name has an element starting with '.'.
func hidden(name string) bool {
	for e := range strings.SplitSeq(name, "/") {
		if len(e) > 0 && e[0] == '.' && e != "." && e != ".." {
			return true
		}
	}
	return false
}

// tar reads the tar archive r, the content of path, whose members are at
// the given depth.
func (w *walker) tar(path string, r io.Reader, depth int) error {
	tr := tar.NewReader(r)
	names := memberNames{}
	for i := 1; ; i++ {
		if w.over {
			return nil // the error was delivered where the budget ran out
		}
		if err := w.ctxErr(); err != nil {
			return err
		}
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return w.fail(path, corrupt(fmt.Errorf("reading tar entry %d: %w", i, err)))
		}
		if !w.countEntry() {
			return w.tooManyEntries(path)
		}
		name := memberName(validName(hdr.Name))
		if hidden(name) {
			continue
		}
		if hdr.Typeflag == tar.TypeDir || hdr.Typeflag == tar.TypeXGlobalHeader {
			continue
		}
		mpath := w.memberPath(path, name, names)
		switch hdr.Typeflag {
		case tar.TypeReg, tar.TypeCont, tar.TypeGNUSparse:
			lv := w.level(depth)
			lv.member = corruptReader{tr}
			if err := w.stream(mpath, &lv.member, depth, extent{hdr.Size, hdr.Size}); err != nil {
				return err
			}
		default:
			if err := w.fail(mpath, fmt.Errorf("tar entry type %q: %w", hdr.Typeflag, ErrNotRegular)); err != nil {
				return err
			}
		}
	}
}

// zip reads the zip archive ra, size bytes long, the content of path,
// whose members are at the given depth.
func (w *walker) zip(path string, ra io.ReaderAt, size int64, depth int) error {
	zr, err := zip.NewReader(ra, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return w.fail(path, corrupt(err))
	}
	zr.RegisterDecompressor(zip.Deflate, w.level(depth).inflater)
	if err := overlap(zr.File); err != nil {
		return w.fail(path, corrupt(err))
	}
	names := memberNames{}
	for _, f := range zr.File {
		if w.over {
			return nil // the error was delivered where the budget ran out
		}
		if err := w.ctxErr(); err != nil {
			return err
		}
		if !w.countEntry() {
			return w.tooManyEntries(path)
		}
		name := memberName(zipName(f))
		if hidden(name) || strings.HasSuffix(name, "/") || f.Mode().IsDir() {
			continue
		}
		mpath := w.memberPath(path, name, names)
		if !f.Mode().IsRegular() {
			if err := w.fail(mpath, fmt.Errorf("zip entry mode %v: %w", f.Mode().Type(), ErrNotRegular)); err != nil {
				return err
			}
			continue
		}
		if err := w.zipMember(mpath, ra, f, depth); err != nil {
			return err
		}
	}
	return nil
}

// zipMember reads the member f of a zip read from ra.
func (w *walker) zipMember(path string, ra io.ReaderAt, f *zip.File, depth int) error {
	csize := int64(f.CompressedSize64)
	if f.Method == zip.Store && depth < w.opt.MaxDepth {
		// A stored zip inside a zip is read in place, without a copy.
		if off, err := f.DataOffset(); err == nil && csize >= 4 {
			var b [4]byte
			if _, err := ra.ReadAt(b[:], off); err == nil && sniff(b[:]) == kindZip {
				return w.seekable(path, io.NewSectionReader(ra, off, csize), csize, depth, nil)
			}
		}
	}
	rc, err := f.Open()
	if err != nil {
		return w.fail(path, corrupt(err))
	}
	defer rc.Close()
	size := int64(min(f.UncompressedSize64, 1<<62))
	lv := w.level(depth)
	lv.member = corruptReader{rc}
	var r io.Reader = &lv.member
	if f.Method != zip.Store {
		r = budgeted{r, w}
	}
	return w.stream(path, r, depth, extent{size, min(size, csize*maxRatio+64)})
}

// overlap reports an error when the data of two members of a zip overlap:
// entries of the central directory that point at the same member, or into
// one another's data, make a small archive that inflates to much more (a
// zip bomb), which is refused whole, as unzip refuses it.
func overlap(files []*zip.File) error {
	type span struct {
		off, end int64
		i        int
	}
	spans := make([]span, 0, len(files))
	for i, f := range files {
		off, err := f.DataOffset()
		if err != nil || f.CompressedSize64 == 0 {
			continue // read as it is (an error when it is opened)
		}
		spans = append(spans, span{off, off + int64(min(f.CompressedSize64, 1<<62)), i})
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.off, b.off) })
	for k := 1; k < len(spans); k++ {
		if a, b := spans[k-1], spans[k]; b.off < a.end {
			return fmt.Errorf("zip entries %d (%s) and %d (%s) overlap: a zip bomb, not read", min(a.i, b.i)+1, files[min(a.i, b.i)].Name, max(a.i, b.i)+1, files[max(a.i, b.i)].Name)
		}
	}
	return nil
}

// spoolZip copies the zip archive arriving as the stream r, the content of
// path at the given depth, to a temporary file, and reads it from there.
// The copy may take at most Options.MaxSpoolBytes, and half the space free
// where it is written.
func (w *walker) spoolZip(path string, r io.Reader, depth int) error {
	w.clearSpools()
	dir := w.opt.TempDir
	f, err := os.CreateTemp(dir, spoolPrefix+strconv.Itoa(os.Getpid())+"-*.zip")
	if err != nil {
		return w.fail(path, fmt.Errorf("copying zip archive to a temporary file: %w", err))
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()
	limit, why := w.opt.MaxSpoolBytes, ""
	if free, ok := w.free(dir); ok && free/2 < limit {
		limit, why = max(free/2, 0), fmt.Sprintf(" (half the space free in %s)", dir)
	}
	n, err := io.Copy(f, io.LimitReader(r, limit+1))
	if err != nil {
		return w.fail(path, fmt.Errorf("copying zip archive to a temporary file: %w", err))
	}
	if n > limit {
		return w.fail(path, fmt.Errorf("zip archive read from a stream is larger than %d bytes%s: %w", limit, why, ErrTooLarge))
	}
	return w.zip(path, f, n, depth+1)
}

// spoolPrefix starts the names of the temporary files of spooled zips:
// "haifu-spool-PID-….zip", the id of the process that wrote it.
const spoolPrefix = "haifu-spool-"

// clearSpools removes, once per walk, the spooled zips that walks of
// processes no longer running left in the temporary directory (killed
// before they could remove them).
func (w *walker) clearSpools() {
	if w.cleared {
		return
	}
	w.cleared = true
	dir := w.opt.TempDir
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, spoolPrefix) || !strings.HasSuffix(n, ".zip") || !e.Type().IsRegular() {
			continue
		}
		pid, _, ok := strings.Cut(n[len(spoolPrefix):], "-")
		if p, err := strconv.Atoi(pid); ok && err == nil && !running(p) {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// running reports whether a process with the given id runs (this one
// does).
func running(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// freeSpace returns the bytes free for this process on the file system
// of dir.
func freeSpace(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}
