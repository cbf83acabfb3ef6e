package archive

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"unicode/utf8"
)

// MaxFileSize is the largest decompressed listing, or zip member, that Read
// reads (a day of ranked games, the largest listing, is a few tens of
// megabytes). MaxMembers is the most members a zip may have (a yearly zip
// holds about 2,200).
const (
	MaxFileSize = 512 << 20
	MaxMembers  = 100_000
)

// Read reads one listing file, given its name and its bytes, and yields its
// records in order: a *Game for each game line, a *File for each file a
// raw/ page or file index points to. A line that cannot be read yields a
// nil Record and an *Error that names the file, the zip member and the
// line; reading goes on with the next line. A file that cannot be read at
// all (bad gzip, no known form) yields one *Error with line 0. Stop early
// by breaking out of the loop.
//
// The form is told from the content, with the name's help for the listing
// type and date (see the package documentation): gzip (by its magic bytes,
// the name's .gz ignored), zip (a yearly scrawYYYY.zip; each member is read
// as a file of its own), list.js, the raw/ page, the HTML listings, bare id
// lists and the plain listings. Read keeps no state between calls and is
// safe for concurrent use; it starts no goroutines.
func Read(name string, data []byte) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		readFile(name, "", name, data, 0, yield)
	}
}

// ReadFile reads the listing file at path as Read does, the path giving the
// name. A zip is read from the file, a member at a time, not into memory
// first (a yearly scrawYYYY.zip is hundreds of megabytes); any other file
// is read whole, and one larger than MaxFileSize is an error. A file that
// cannot be opened or read yields one *Error with line 0.
func ReadFile(path string) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		fail := func(err error) { yield(nil, &Error{File: path, Err: err}) }
		f, err := os.Open(path)
		if err != nil {
			fail(err)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			fail(err)
			return
		}
		if !st.Mode().IsRegular() {
			fail(fmt.Errorf("%w: not a regular file", ErrForm))
			return
		}
		readAt(path, f, st.Size(), yield)
	}
}

// ReadAt reads a listing file of size bytes from r as ReadFile does, name
// giving its name (a path, or the URL it was downloaded from): a zip is
// read a member at a time, any other file whole.
func ReadAt(name string, r io.ReaderAt, size int64) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		readAt(name, r, size, yield)
	}
}

func readAt(name string, r io.ReaderAt, size int64, yield func(Record, error) bool) {
	var magic [4]byte
	n, _ := r.ReadAt(magic[:], 0)
	if m := magic[:n]; bytes.HasPrefix(m, []byte("PK\x03\x04")) || bytes.HasPrefix(m, []byte("PK\x05\x06")) {
		readZip(name, r, size, yield)
		return
	}
	if size > MaxFileSize {
		yield(nil, &Error{File: name, Err: fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, size, MaxFileSize)})
		return
	}
	data, err := io.ReadAll(io.NewSectionReader(r, 0, size))
	if err != nil {
		yield(nil, &Error{File: name, Err: err})
		return
	}
	readFile(name, "", name, data, 0, yield)
}

// ReadAll reads one listing file (see Read) and returns all its records.
// The error, when not nil, is an ErrorList of the lines (or the file) that
// could not be read; the records of the other lines are returned with it.
func ReadAll(name string, data []byte) (*Index, error) {
	ix := &Index{}
	var errs ErrorList
	for r, err := range Read(name, data) {
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				e = &Error{File: name, Err: err}
			}
			errs = append(errs, e)
			continue
		}
		switch r := r.(type) {
		case *Game:
			ix.Games = append(ix.Games, *r)
		case *File:
			ix.Files = append(ix.Files, *r)
		}
	}
	return ix, errs.Err()
}

// readFile reads one file or zip member; name is the name its form is told
// by (the member's name in a zip, without .gz after decompression). depth
// counts the containers around it. It returns false when yield does.
func readFile(source, member, name string, data []byte, depth int, yield func(Record, error) bool) bool {
	l := &listing{source: source, member: member}
	fail := func(err error) bool { return yield(nil, l.errorAt(0, err)) }
	switch {
	case bytes.HasPrefix(data, []byte("\x1f\x8b")):
		if depth >= 2 {
			return fail(fmt.Errorf("%w: gzip nested %d deep", ErrForm, depth))
		}
		inner, err := gunzip(data, MaxFileSize, ErrCompressed)
		if err != nil {
			return fail(err)
		}
		return readFile(source, member, trimSuffixFold(name, ".gz"), inner, depth+1, yield)
	case bytes.HasPrefix(data, []byte("PK\x03\x04")) || bytes.HasPrefix(data, []byte("PK\x05\x06")):
		if depth > 0 {
			return fail(fmt.Errorf("%w: a zip inside a zip or gzip", ErrForm))
		}
		return readZip(source, bytes.NewReader(data), int64(len(data)), yield)
	}
	return l.readText(name, data, yield)
}

// gunzip decompresses a gzip stream of at most maxSize bytes; a stream
// that cannot be read wraps bad (ErrCompressed for a listing, ErrTruncated
// for a download, which is then retried).
func gunzip(data []byte, maxSize int64, bad error) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: gzip: %w", bad, err)
	}
	out, err := readMax(zr, maxSize)
	if err != nil && !errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("%w: gzip: %w", bad, err)
	}
	return out, err
}

// readMax reads r to its end; more than maxSize bytes is ErrTooLarge.
func readMax(r io.Reader, maxSize int64) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(r, maxSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(out)) > maxSize {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, maxSize)
	}
	return out, nil
}

// readZip reads each member of a zip (a yearly scrawYYYY.zip of daily
// listings, which may themselves be gzip-compressed) as a file of its own,
// in the zip's order. Folders are skipped.
func readZip(source string, r io.ReaderAt, size int64, yield func(Record, error) bool) bool {
	fail := func(member string, err error) bool {
		return yield(nil, &Error{File: source, Member: member, Err: err})
	}
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return fail("", fmt.Errorf("%w: zip: %w", ErrCompressed, err))
	}
	if len(zr.File) > MaxMembers {
		return fail("", fmt.Errorf("%w: %d members, more than %d", ErrTooLarge, len(zr.File), MaxMembers))
	}
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, "/") || f.FileInfo().IsDir() {
			continue
		}
		if f.UncompressedSize64 > MaxFileSize {
			if !fail(f.Name, fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, f.UncompressedSize64, MaxFileSize)) {
				return false
			}
			continue
		}
		content, err := readMember(f)
		if err != nil {
			if !fail(f.Name, err) {
				return false
			}
			continue
		}
		if !readFile(source, f.Name, f.Name, content, 1, yield) {
			return false
		}
	}
	return true
}

// readMember returns the bytes of a zip member of at most MaxFileSize
// bytes.
func readMember(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: zip: %w", ErrCompressed, err)
	}
	defer rc.Close()
	out, err := readMax(rc, MaxFileSize)
	if err != nil && !errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("%w: zip: %w", ErrCompressed, err)
	}
	return out, err
}

// readText reads a decompressed file: it checks the encoding, takes the
// listing type and date from the name and dispatches on the content:
//
//   - list.js (it starts with "list("): readListJS;
//   - the raw/ page (an HTML document, "<html" or "<!doctype" near its
//     start): readRawPage;
//   - an HTML listing (the first line has a link "<a " or ends in <br>):
//     readLinked;
//   - a list of log ids (the first line is one): readIDs;
//   - a plain listing (the first line has "|" columns): readPlain.
//
// An empty file has no records.
func (l *listing) readText(name string, data []byte, yield func(Record, error) bool) bool {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		n := 1
		for i := 0; i < len(data); {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			if r == '\n' {
				n++
			}
			i += size
		}
		return yield(nil, l.errorAt(n, fmt.Errorf("%w (Tenhou's listings are UTF-8)", ErrEncoding)))
	}
	l.typ, l.date = parseListingName(name)
	trimmed := bytes.TrimLeft(data, " \t\r\n\f")
	head := bytes.ToLower(trimmed[:min(len(trimmed), 1024)])
	first := firstLine(trimmed)
	lowFirst := bytes.ToLower(first)
	switch {
	case len(trimmed) == 0:
		return true
	case bytes.HasPrefix(trimmed, []byte("list(")):
		return l.readListJS(data, yield)
	case bytes.HasPrefix(head, []byte("<!doctype")) || bytes.Contains(head, []byte("<html")):
		return l.readRawPage(data, yield)
	case bytes.Contains(lowFirst, []byte("<a ")) || bytes.HasSuffix(bytes.TrimRight(lowFirst, " \t\r"), []byte("<br>")):
		return l.readLinked(data, yield)
	case looksLikeIDs(data):
		return l.readIDs(data, yield)
	case bytes.Contains(first, []byte("|")):
		return l.readPlain(data, yield)
	}
	return yield(nil, l.errorAt(0, fmt.Errorf("%w: no known form (listing lines, HTML listing, raw/ page, list.js, log ids)", ErrForm)))
}

// firstLine returns data up to its first line break.
func firstLine(data []byte) []byte {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i]
	}
	return data
}

func trimSuffixFold(s, suffix string) string {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}
