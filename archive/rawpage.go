package archive

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// rawPageURL is the address of Tenhou's raw/ page; the relative links of
// a raw/ page read from a file are resolved against it, and a list.js file
// name is found under its dat/ folder (docs/tenhou-formats.md §4.1). A page or
// file index downloaded from a URL (its Source) is resolved against that
// URL instead: list.cgi is beside dat/ ("dat/" + file), wherever it is
// served from.
const rawPageURL = "https://tenhou.net/sc/raw/"

// baseURL returns the URL the links of a raw/ page or file index are
// resolved against: its source when that is an http(s) URL, else the raw/
// page's.
func (l *listing) baseURL() *url.URL {
	if strings.HasPrefix(l.source, "http://") || strings.HasPrefix(l.source, "https://") {
		if u, err := url.Parse(l.source); err == nil && u.Host != "" {
			return u
		}
	}
	u, _ := url.Parse(rawPageURL)
	return u
}

// Names of the files the raw/ page and list.js point to. They are never
// modified.
var (
	listingFile = regexp.MustCompile(`^sc([a-f])(\d{8})(\d{2})?\.(?:log|html)(?:\.gz)?$`)
	yearFile    = regexp.MustCompile(`^scraw(\d{4})\.zip$`)
	sizeNote    = regexp.MustCompile(`^\s*\(\s*([0-9][0-9.,]*\s*[KMGT]?B?)\s*\)`)
	safeName    = regexp.MustCompile(`^[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*$`)
)

// readRawPage reads Tenhou's raw/ page (https://tenhou.net/sc/raw/): a File
// for each link to a yearly zip (scraw2017.zip, with the size written after
// it, "(405M)"), to a file index (list.cgi, list.cgi?old) or to a listing
// (dat/sca20180926.log.gz, as in a page saved after its script has run).
// Other links (the viewer, the ranking tool) are left out, and so are
// repeated links to the same URL. It returns false when yield does.
func (l *listing) readRawPage(data []byte, yield func(Record, error) bool) bool {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
	if err != nil {
		return yield(nil, l.errorAt(0, fmt.Errorf("%w: %w", ErrForm, err)))
	}
	base := l.baseURL()
	seen := map[string]bool{}
	from := 0 // where to look for the next link's line
	for _, a := range doc.Find("a[href]").EachIter() {
		href := a.AttrOr("href", "")
		at, next := attrValueAt(data, from, href)
		if at >= 0 {
			from = next
		}
		u, err := base.Parse(href)
		if err != nil {
			continue
		}
		f, ok := fileOfURL(u)
		if !ok || seen[f.URL] {
			continue
		}
		seen[f.URL] = true
		f.Source, f.Member = l.source, l.member
		if at >= 0 {
			f.Line = 1 + bytes.Count(data[:at], []byte("\n"))
		}
		contents := a.Parent().Contents()
		if next := contents.Eq(contents.IndexOfSelection(a) + 1); goquery.NodeName(next) == "#text" {
			if m := sizeNote.FindStringSubmatch(next.Text()); m != nil {
				f.SizeText = m[1]
			}
		}
		if !yield(f, nil) {
			return false
		}
	}
	return true
}

// attrValueAt returns the offset of the next place at or after from where
// value is written as an attribute value (after "=" or a quote, before a
// quote, a space or ">"), and the offset just after it; -1 when there is
// none (the value is written with entities).
func attrValueAt(data []byte, from int, value string) (at, next int) {
	if value == "" {
		return -1, from
	}
	for from < len(data) {
		i := bytes.Index(data[from:], []byte(value))
		if i < 0 {
			break
		}
		at, next = from+i, from+i+len(value)
		if at > 0 && strings.IndexByte(`"'=`, data[at-1]) >= 0 &&
			(next == len(data) || strings.IndexByte("\"' \t\r\n>", data[next]) >= 0) {
			return at, next
		}
		from = at + 1
	}
	return -1, from
}

// fileOfURL returns the File a raw/ page link points to, if it is one this
// package knows.
func fileOfURL(u *url.URL) (*File, bool) {
	name := path.Base(u.Path)
	f := &File{URL: u.String(), Size: -1}
	switch {
	case name == "list.cgi":
		f.Kind, f.Name = FileIndex, name
		if u.RawQuery != "" {
			f.Name += "?" + u.RawQuery
		}
	case yearFile.MatchString(name):
		f.Kind, f.Name = FileYear, name
		y, _ := strconv.Atoi(yearFile.FindStringSubmatch(name)[1])
		f.Date = time.Date(y, time.January, 1, 0, 0, 0, 0, japanTime)
	case listingFile.MatchString(name):
		f.Kind, f.Name = FileListing, name
		if rest, ok := strings.CutPrefix(u.Path, "/sc/raw/dat/"); ok {
			f.Name = rest
		}
		f.Listing, f.Date = parseListingName(name)
	default:
		return nil, false
	}
	return f, true
}

// readListJS reads a file index, the JavaScript that list.cgi serves:
//
//	list([
//	    {file:'sca20180926.log.gz',size:35919},
//	    {file:'2018/sca20180101.log.gz',size:79921}
//	    ]);
//
// Each entry gives a File with the download URL
// https://tenhou.net/sc/raw/dat/ + file (dat/ beside the URL the index was
// downloaded from, when its Source is one). Keys other than file and size are
// ignored; an entry without a file name, or whose name could escape the
// dat/ folder, is an error. It returns false when yield does.
func (l *listing) readListJS(data []byte, yield func(Record, error) bool) bool {
	s := jsScanner{data: data}
	fail := func(err error) bool {
		return yield(nil, l.errorAt(s.line(), err))
	}
	s.space()
	if !s.literal("list(") {
		return fail(fmt.Errorf("%w: no list(", ErrForm))
	}
	s.space()
	if !s.literal("[") {
		return fail(fmt.Errorf("%w: no [ after list(", ErrForm))
	}
	for {
		s.space()
		if s.literal("]") {
			break
		}
		line := s.line()
		f, err := s.entry(l.baseURL())
		if err != nil {
			return fail(err)
		}
		f.Source, f.Member, f.Line = l.source, l.member, line
		if !yield(f, nil) {
			return false
		}
		s.space()
		if s.literal(",") {
			continue
		}
		if s.literal("]") {
			break
		}
		return fail(fmt.Errorf("%w: want , or ] after an entry", ErrForm))
	}
	s.space()
	if !s.literal(")") {
		return fail(fmt.Errorf("%w: no ) after the list", ErrForm))
	}
	s.space()
	s.literal(";")
	s.space()
	if s.pos < len(s.data) {
		return fail(fmt.Errorf("%w: text after list(…);", ErrForm))
	}
	return true
}

// jsScanner reads the small part of JavaScript that list.cgi writes.
type jsScanner struct {
	data []byte
	pos  int
}

func (s *jsScanner) line() int { return 1 + bytes.Count(s.data[:s.pos], []byte("\n")) }

func (s *jsScanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\r', '\n', '\f':
			s.pos++
		default:
			return
		}
	}
}

func (s *jsScanner) literal(lit string) bool {
	if bytes.HasPrefix(s.data[s.pos:], []byte(lit)) {
		s.pos += len(lit)
		return true
	}
	return false
}

// entry reads {key:value, …}: values are quoted strings or integers.
func (s *jsScanner) entry(base *url.URL) (*File, error) {
	if !s.literal("{") {
		return nil, fmt.Errorf("%w: want { at an entry", ErrForm)
	}
	f := &File{Size: -1}
	for {
		s.space()
		if s.literal("}") {
			break
		}
		start := s.pos
		for s.pos < len(s.data) && (isLetter(s.data[s.pos]) || s.pos > start && isDigit(s.data[s.pos])) {
			s.pos++
		}
		key := string(s.data[start:s.pos])
		if key == "" {
			return nil, fmt.Errorf("%w: want a key in an entry", ErrForm)
		}
		s.space()
		if !s.literal(":") {
			return nil, fmt.Errorf("%w: want : after %s", ErrForm, key)
		}
		s.space()
		value, quoted, err := s.value()
		if err != nil {
			return nil, err
		}
		switch key {
		case "file":
			f.Name = value
		case "size":
			n, err := strconv.ParseInt(value, 10, 64)
			if quoted || err != nil || n < 0 {
				return nil, fmt.Errorf("%w: size %q is not a number of bytes", ErrForm, value)
			}
			f.Size = n
		}
		s.space()
		if s.literal(",") {
			continue
		}
		if !s.literal("}") {
			return nil, fmt.Errorf("%w: want , or } in an entry", ErrForm)
		}
		break
	}
	if f.Name == "" {
		return nil, fmt.Errorf("%w: an entry with no file", ErrForm)
	}
	if !safeName.MatchString(f.Name) || slices.ContainsFunc(strings.Split(f.Name, "/"), func(seg string) bool { return seg == "." || seg == ".." }) {
		return nil, fmt.Errorf("%w: file name %q", ErrForm, f.Name)
	}
	dat, err := base.Parse("dat/" + f.Name)
	if err != nil {
		return nil, fmt.Errorf("%w: file name %q", ErrForm, f.Name)
	}
	f.URL = dat.String()
	if listingFile.MatchString(path.Base(f.Name)) {
		f.Kind = FileListing
		f.Listing, f.Date = parseListingName(f.Name)
	}
	return f, nil
}

// value reads a quoted string ('…' or "…", without escapes) or a number.
func (s *jsScanner) value() (v string, quoted bool, err error) {
	if s.pos < len(s.data) && (s.data[s.pos] == '\'' || s.data[s.pos] == '"') {
		q := s.data[s.pos]
		end := bytes.IndexByte(s.data[s.pos+1:], q)
		if end < 0 {
			return "", true, fmt.Errorf("%w: unterminated string", ErrForm)
		}
		v = string(s.data[s.pos+1 : s.pos+1+end])
		s.pos += end + 2
		return v, true, nil
	}
	start := s.pos
	for s.pos < len(s.data) && (isDigit(s.data[s.pos]) || s.pos == start && s.data[s.pos] == '-') {
		s.pos++
	}
	if s.pos == start {
		return "", false, fmt.Errorf("%w: want a string or a number", ErrForm)
	}
	return string(s.data[start:s.pos]), false, nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
