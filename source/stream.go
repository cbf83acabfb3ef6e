package source

import "io"

// Stream is one plain (decompressed) stream a walk found: a file, an
// archive member, standard input, what a compressed stream holds; or an
// input that could not be read, with its error.
//
// A stream is read through a window: the bytes read and not yet taken.
// Fill and More read into it, Window shows it, Take takes bytes from its
// front. More grows the window's buffer up to Options.MaxWindowBytes (and
// a byte, to tell that the bound is passed) and refuses to read on once
// the window holds more than that, so the memory a stream takes stays
// bounded by MaxWindowBytes (or by what Fill asked for, when more) however
// long it is. A stream that is already in memory (a small file, read
// whole) is one window that holds all of it.
//
// A Stream is valid only during the call of the walk's function that
// receives it. What Take and ReadAll return stays valid after: once the
// window holds the rest of the stream (EOF), its buffer is never written
// again; before that, More moves and overwrites it, so a caller that keeps
// a piece taken before EOF copies it.
type Stream struct {
	// Path names the stream. It is a path as given to Walk or found under
	// a directory given to Walk ("logs/2016/a.xml"), "-" for standard
	// input, or the name given to WalkReader. A member of an archive is the
	// archive's path, "!" and the member's name in the archive
	// ("logs.tar.gz!2016/a.xml"), nested as deep as the archives are
	// ("a.zip!b.tar!c.xml"); a member whose name members before it in its
	// archive have is "NAME#2" (#3, ...), so that every path is its own. A
	// compressed stream keeps the compressed
	// file's path ("a.mjlog" for a gzip file). Names that are not UTF-8 are
	// decoded (CP932 zip names) or have their invalid bytes escaped as
	// \xNN, so Path is valid UTF-8.
	Path string
	// Size is the stream's length as the file system or an archive header
	// states it (and the archive reader enforces), or -1 when it is not
	// known (a decompressed stream, standard input as a pipe).
	Size int64
	// Err, when not nil, is why the input at Path could not be read (a
	// missing or unreadable file, corrupt compressed data, an archive cut
	// short, a limit of Options exceeded); the Stream then has no content.
	// It is an *Error; errors.Is finds the cause (fs.ErrNotExist,
	// ErrTooLarge, ErrCorrupt, ...).
	Err error
	// Warnings are problems that reading the stream worked around (zero
	// bytes padding a gzip stream). Reading may add to them: they are
	// complete once the stream is read to its end.
	Warnings []string

	buf   []byte    // the window: buf[start:] is not taken yet
	start int       // offset in buf of the window's first byte
	base  int64     // offset in the stream of buf[0]
	eof   bool      // buf holds the rest of the stream
	r     io.Reader // the rest of the stream, after buf
	hint  int64     // an estimate of the stream's length, or -1
	limit int64     // Options.MaxWindowBytes
}

// Window returns the bytes read and not taken yet.
func (s *Stream) Window() []byte { return s.buf[s.start:] }

// Offset returns the offset in the stream of the window's first byte.
func (s *Stream) Offset() int64 { return s.base + int64(s.start) }

// EOF reports whether the window holds the rest of the stream.
func (s *Stream) EOF() bool { return s.eof }

// MaxWindowBytes returns the bound on the window, Options.MaxWindowBytes.
func (s *Stream) MaxWindowBytes() int64 { return s.limit }

// Take returns the first n bytes of the window (0 <= n <= len(Window()))
// and moves the window past them.
func (s *Stream) Take(n int) []byte {
	b := s.buf[s.start : s.start+n : s.start+n]
	s.start += n
	return b
}

// Fill reads until the window holds at least n bytes or the stream ends.
// The buffer it reads into first is sized from what is known of the
// stream's length (for a stream of known length, its length, when that is
// within the window's bound), else n bytes.
func (s *Stream) Fill(n int) error {
	if s.eof {
		return nil
	}
	c := int64(n)
	if s.hint >= 0 {
		c = min(s.hint+1, s.limit+1)
	}
	s.buf = growTo(s.buf, int(c))
	var err error
	if s.buf, s.eof, err = fill(s.buf, s.r, s.start+n); err != nil {
		return pathError(s.Path, err)
	}
	return nil
}

// More reads more of the stream into the window. It first moves the window
// to the front of its buffer (bytes taken before are overwritten), then
// reads until the buffer is full or the stream ends, after growing the
// buffer when the window fills it. When the window already holds more than
// MaxWindowBytes, More reads nothing and returns an *Error wrapping a
// *SizeError (Size -1). At EOF it does nothing. Read errors are *Errors.
func (s *Stream) More() error {
	if s.eof {
		return nil
	}
	if s.start > 0 {
		m := copy(s.buf, s.buf[s.start:])
		s.buf = s.buf[:m]
		s.base += int64(s.start)
		s.start = 0
	}
	if int64(len(s.buf)) > s.limit {
		return &Error{Path: s.Path, Err: &SizeError{Size: -1, Limit: s.limit}}
	}
	if len(s.buf) == cap(s.buf) {
		s.buf = growTo(s.buf, int(min(max(2*int64(cap(s.buf)), 64<<10), s.limit+1)))
	}
	var err error
	if s.buf, s.eof, err = fill(s.buf, s.r, cap(s.buf)); err != nil {
		return pathError(s.Path, err)
	}
	return nil
}

// ReadAll reads the rest of the stream and returns the window: the whole
// stream, when nothing was taken before. A stream longer than
// MaxWindowBytes is an *Error wrapping a *SizeError, with the stream's
// Size when it is known (then nothing is read).
func (s *Stream) ReadAll() ([]byte, error) {
	if s.Size > s.limit {
		return nil, &Error{Path: s.Path, Err: &SizeError{Size: s.Size, Limit: s.limit}}
	}
	if err := s.Fill(64 << 10); err != nil {
		return nil, err
	}
	for !s.eof {
		if err := s.More(); err != nil {
			return nil, err
		}
	}
	if n := len(s.Window()); int64(n) > s.limit {
		return nil, &Error{Path: s.Path, Err: &SizeError{Size: int64(n), Limit: s.limit}}
	}
	return s.Take(len(s.Window())), nil
}

// growTo returns b with a capacity of at least c.
func growTo(b []byte, c int) []byte {
	if cap(b) >= c {
		return b
	}
	nb := make([]byte, len(b), c)
	copy(nb, b)
	return nb
}

// fill reads from r into b until b holds at least want bytes, b is full or
// r ends.
func fill(b []byte, r io.Reader, want int) ([]byte, bool, error) {
	want = min(want, cap(b))
	for len(b) < want {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, true, nil
		}
		if err != nil {
			return b, false, err
		}
	}
	return b, false, nil
}
