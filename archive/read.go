package archive

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/haifu/haifu/source"
)

// MaxFileSize is the largest decompressed listing, or zip member, that Read
// reads (a day of ranked games, the largest listing, is a few tens of
// megabytes). MaxMembers is the most archive entries, folders included,
// read from one file (a yearly zip holds about 2,200): the first MaxMembers
// are read, then an error ends the file.
const (
	MaxFileSize = 512 << 20
	MaxMembers  = 100_000
)

// maxDepth is the most layers of compression and archives around a listing
// (a gzip-compressed listing in a yearly zip has two).
const maxDepth = 2

// sourceOptions are the limits of reading a listing file, as package
// source takes them: a listing is read whole, so the window bounds a
// listing's size.
func sourceOptions() source.Options {
	return source.Options{MaxWindowBytes: MaxFileSize, MaxEntries: MaxMembers, MaxDepth: maxDepth}
}

// Read reads one listing file, given its name and its bytes, and yields its
// records in order: a *Game for each game line, a *File for each file a
// raw/ page or file index points to. A line that cannot be read yields a
// nil Record and an *Error that names the file, the zip member and the
// line; reading goes on with the next line. A file that cannot be read at
// all (bad gzip, no known form) yields one *Error with line 0. Stop early
// by breaking out of the loop.
//
// The form is told from the content, with the name's help for the listing
// type and date (see the package documentation). The file is read by
// package source, as haifu reads logs: compressed (gzip, zstd or bzip2, by
// its magic bytes, the name's .gz ignored) or an archive (a yearly
// scrawYYYY.zip; each member is read as a file of its own), two layers
// deep at most, within the limits MaxFileSize and MaxMembers. What it
// holds is list.js, the raw/ page, an HTML listing, a bare id list or a
// plain listing. Read keeps no state between calls and is safe for
// concurrent use; it starts no goroutines.
func Read(name string, data []byte) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		read(name, bytes.NewReader(data), sourceOptions(), yield)
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
		read(path, f, sourceOptions(), yield)
	}
}

// ReadAt reads a listing file of size bytes from r as ReadFile does, name
// giving its name (a path, or the URL it was downloaded from): a zip is
// read a member at a time, any other file whole.
func ReadAt(name string, r io.ReaderAt, size int64) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		read(name, io.NewSectionReader(r, 0, size), sourceOptions(), yield)
	}
}

// errStop ends a walk when yield asks to stop.
var errStop = errors.New("stop")

// read reads the listing file r, named name, through package source within
// the limits of opt: each plain stream it holds (the file itself, what its
// compression holds, each member of a zip) is read whole and as a listing
// of its own. It stops when yield returns false.
func read(name string, r io.Reader, opt source.Options, yield func(Record, error) bool) {
	// source makes the paths of its streams valid UTF-8; the members'
	// names follow the name as source writes it.
	root := strings.ToValidUTF8(name, "\uFFFD")
	_ = source.WalkReader(root, r, opt, func(s *source.Stream) error {
		member, _ := strings.CutPrefix(s.Path, root+"!")
		if s.Path == root {
			member = ""
		}
		l := &listing{source: name, member: member}
		err := s.Err
		var data []byte
		if err == nil {
			data, err = s.ReadAll()
		}
		var ok bool
		if err != nil {
			ok = yield(nil, l.errorAt(0, listingError(err)))
		} else {
			ok = l.readText(cmp.Or(member, name), data, yield)
		}
		if !ok {
			return errStop
		}
		return nil
	})
}

// listingError is the error of a listing file that source could not read:
// its cause (the Error names the file and the member), wrapping
// ErrTooLarge for a limit passed, ErrCompressed for compressed data or an
// archive that cannot be read, ErrForm for nesting too deep or a member
// that is no file.
func listingError(err error) error {
	if e, ok := err.(*source.Error); ok {
		err = e.Err
	}
	if size, ok := errors.AsType[*source.SizeError](err); ok {
		if size.Size < 0 {
			return fmt.Errorf("%w: more than %d bytes", ErrTooLarge, size.Limit)
		}
		return fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, size.Size, size.Limit)
	}
	switch {
	case errors.Is(err, source.ErrCorrupt):
		return fmt.Errorf("%w: %w", ErrCompressed, err)
	case errors.Is(err, source.ErrTooManyEntries), errors.Is(err, source.ErrTooLarge):
		return fmt.Errorf("%w: %w", ErrTooLarge, err)
	case errors.Is(err, source.ErrTooDeep), errors.Is(err, source.ErrNotRegular):
		return fmt.Errorf("%w: %w", ErrForm, err)
	}
	return err
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
