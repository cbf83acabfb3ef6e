package tenhou

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"unicode/utf8"
)

// maxAttrs is the most attributes an element may have. The widest mjlog
// element (AGARI in a chip lobby) has 17.
const maxAttrs = 32

// span is a half-open byte range [start, end) of the input.
type span struct{ start, end int32 }

type attr struct{ name, value span }

// scanner splits an mjlog document into its elements. It is a hand-written
// replacement for encoding/xml limited to what mjlog uses: empty elements
// with quoted attributes, the root's start and end tags, comments,
// processing instructions and whitespace. It allocates nothing: names and
// values are spans of the input, and attribute values keep their entities
// (see unescape).
type scanner struct {
	data []byte
	pos  int // next byte to read

	// The current element.
	start int    // offset of its '<'
	name  span   // its name
	attrs []attr // its attributes (aliases attrBuf)
	close bool   // an end tag such as </mjloggm>
	empty bool   // ends with "/>"
	index int    // number of elements before it
	// short is the letter of a draw or discard tag such as <T52/> (then
	// num is its number and attrs is empty), or 0.
	short byte
	num   int

	attrBuf [maxAttrs]attr
}

// Scanner errors. errEOF is the clean end of input.
var (
	errEOF       = errors.New("end of input")
	errTruncated = errors.New("input ends inside an element")
)

// syntaxError describes malformed markup at an offset.
type syntaxError struct {
	offset int
	msg    string
}

func (e *syntaxError) Error() string { return e.msg }

func (s *scanner) reset(data []byte, pos int) {
	s.data = data
	s.pos = pos
	s.index = -1
}

// byteClass classifies the bytes of markup: classSpace for XML white space,
// className for the bytes of element and attribute names.
var byteClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t") {
		t[c] = classSpace
	}
	for c := range 256 {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ':' {
			t[c] = className
		}
	}
	return t
}()

const (
	classSpace = 1 << iota
	className
)

func isSpace(c byte) bool { return byteClass[c]&classSpace != 0 }

func isNameByte(c byte) bool { return byteClass[c]&className != 0 }

// next advances to the next element. It returns errEOF at the end of input
// and a *syntaxError or errTruncated for malformed input. Text between
// elements must be whitespace.
func (s *scanner) next() error {
	d := s.data
	p := s.pos
	for {
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) {
			s.pos = p
			return errEOF
		}
		if d[p] != '<' {
			s.pos = p
			return &syntaxError{p, "text outside an element"}
		}
		if p+1 >= len(d) {
			s.pos = p
			return errTruncated
		}
		switch d[p+1] {
		case '!':
			// Comment, CDATA or DOCTYPE: skip.
			end := -1
			if bytes.HasPrefix(d[p:], []byte("<!--")) {
				if i := bytes.Index(d[p+4:], []byte("-->")); i >= 0 {
					end = p + 4 + i + 3
				}
			} else if i := bytes.IndexByte(d[p:], '>'); i >= 0 {
				end = p + i + 1
			}
			if end < 0 {
				s.pos = p
				return errTruncated
			}
			p = end
			continue
		case '?':
			i := bytes.Index(d[p:], []byte("?>"))
			if i < 0 {
				s.pos = p
				return errTruncated
			}
			p += i + 2
			continue
		}
		break
	}
	s.start = p
	s.index++
	s.close = false
	s.attrs = s.attrBuf[:0]
	// Fast path for draws and discards (three quarters of all elements): a
	// letter D-G or T-W (either case), 1-3 digits, "/>".
	if p+4 < len(d) {
		if c := d[p+1] | 0x20; (c >= 'd' && c <= 'g' || c >= 't' && c <= 'w') && d[p+2]-'0' < 10 {
			n, q := int(d[p+2]-'0'), p+3
			for q < p+5 && d[q]-'0' < 10 {
				n = n*10 + int(d[q]-'0')
				q++
			}
			if q+1 < len(d) && d[q] == '/' && d[q+1] == '>' {
				s.short, s.num = d[p+1], n
				s.name = span{int32(p + 1), int32(q)}
				s.empty = true
				s.pos = q + 2
				return nil
			}
		}
	}
	s.short = 0
	s.empty = false
	p++
	if d[p] == '/' {
		s.close = true
		p++
	}
	ns := p
	for p < len(d) && isNameByte(d[p]) {
		p++
	}
	if p == ns {
		if p >= len(d) {
			s.pos = p
			return errTruncated
		}
		s.pos = p
		return &syntaxError{p, "element without a name"}
	}
	s.name = span{int32(ns), int32(p)}
	for {
		sp := p
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) {
			s.pos = p
			return errTruncated
		}
		switch c := d[p]; {
		case c == '>':
			s.pos = p + 1
			return nil
		case c == '/':
			if p+1 >= len(d) {
				s.pos = p
				return errTruncated
			}
			if d[p+1] != '>' || s.close {
				s.pos = p
				return &syntaxError{p, "unexpected '/' in element"}
			}
			s.empty = true
			s.pos = p + 2
			return nil
		case s.close:
			s.pos = p
			return &syntaxError{p, "attribute in an end tag"}
		case p == sp:
			s.pos = p
			return &syntaxError{p, "no space before attribute"}
		}
		// name="value"
		as := p
		for p < len(d) && isNameByte(d[p]) {
			p++
		}
		if p == as {
			s.pos = p
			return &syntaxError{p, "invalid character in element"}
		}
		an := span{int32(as), int32(p)}
		// name="value" without spaces, as Tenhou writes it, takes no loop.
		if p+1 < len(d) && d[p] == '=' && (d[p+1] == '"' || d[p+1] == '\'') {
			p++
		} else {
			for p < len(d) && isSpace(d[p]) {
				p++
			}
			if p >= len(d) {
				s.pos = p
				return errTruncated
			}
			if d[p] != '=' {
				s.pos = p
				return &syntaxError{p, "attribute without a value"}
			}
			p++
			for p < len(d) && isSpace(d[p]) {
				p++
			}
			if p >= len(d) {
				s.pos = p
				return errTruncated
			}
		}
		q := d[p]
		if q != '"' && q != '\'' {
			s.pos = p
			return &syntaxError{p, "unquoted attribute value"}
		}
		p++
		vs := p
		i := valueLen(d[p:], q)
		if i < 0 {
			s.pos = len(d)
			return errTruncated
		}
		if d[vs+i] == '<' {
			s.pos = vs + i
			return &syntaxError{s.pos, "'<' in attribute value"}
		}
		p += i + 1
		if len(s.attrs) == maxAttrs {
			s.pos = p
			return &syntaxError{as, "too many attributes"}
		}
		s.attrs = append(s.attrs, attr{an, span{int32(vs), int32(vs + i)}})
	}
}

// valueLen returns the index in b of the quote q that ends an attribute
// value, or of a '<' before it; -1 if there is neither. It looks at the
// first 64 bytes eight at a time, for both bytes at once, which for the
// short values of nearly every attribute takes fewer steps than two calls
// of bytes.IndexByte; a longer value (a SHUFFLE seed) goes to those.
func valueLen(b []byte, q byte) int {
	const ones = 0x0101010101010101
	qs, lts := ones*uint64(q), ones*uint64('<')
	i := 0
	for ; i+8 <= len(b) && i < 64; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		x, y := w^qs, w^lts
		// The lowest byte with its high bit set is the first zero byte
		// of x or of y: the first q or '<'.
		if m := ((x-ones)&^x | (y-ones)&^y) & (ones << 7); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i < 64 {
		for ; i < len(b); i++ {
			if b[i] == q || b[i] == '<' {
				return i
			}
		}
		return -1
	}
	rest := b[i:]
	j := bytes.IndexByte(rest, q)
	if j < 0 {
		j = len(rest)
	}
	if k := bytes.IndexByte(rest[:j], '<'); k >= 0 {
		return i + k
	}
	if j == len(rest) {
		return -1
	}
	return i + j
}

// bytesOf returns the bytes of sp.
func (s *scanner) bytesOf(sp span) []byte { return s.data[sp.start:sp.end] }

// nameIs reports whether the current element is called n.
func (s *scanner) nameIs(n string) bool { return string(s.bytesOf(s.name)) == n }

// attr returns the raw value of the current element's attribute n, and
// whether it is present.
func (s *scanner) attr(n string) ([]byte, bool) {
	for _, a := range s.attrs {
		if string(s.data[a.name.start:a.name.end]) == n {
			return s.data[a.value.start:a.value.end], true
		}
	}
	return nil, false
}

// attrsOf sets vals[i] to the value of the current element's first attribute
// named names[i], as attr would, for every i at once: one pass over the
// attributes instead of one each. Absent attributes leave vals[i] nil.
func (s *scanner) attrsOf(names []string, vals [][]byte) {
	for _, a := range s.attrs {
		name := s.bytesOf(a.name)
		for i, n := range names {
			if string(name) == n {
				if vals[i] == nil {
					vals[i] = s.bytesOf(a.value)
				}
				break
			}
		}
	}
}

// unescape decodes the XML entities of an attribute value (the five named
// ones and numeric references) and turns CRLF and lone CR into LF, as
// encoding/xml does. Values without '&' or '\r' are returned as they are.
func unescape(v []byte) []byte {
	if bytes.IndexByte(v, '&') < 0 && bytes.IndexByte(v, '\r') < 0 {
		return v
	}
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case '\r':
			if i+1 < len(v) && v[i+1] == '\n' {
				i++
			}
			out = append(out, '\n')
			continue
		case '&':
		default:
			out = append(out, c)
			continue
		}
		j := bytes.IndexByte(v[i:], ';')
		if j < 0 {
			out = append(out, c)
			continue
		}
		ent := string(v[i+1 : i+j])
		var r rune = -1
		switch ent {
		case "amp":
			r = '&'
		case "lt":
			r = '<'
		case "gt":
			r = '>'
		case "quot":
			r = '"'
		case "apos":
			r = '\''
		default:
			if len(ent) > 1 && ent[0] == '#' {
				n, base := ent[1:], 10
				if n[0] == 'x' {
					n, base = n[1:], 16
				}
				r = parseRune(n, base)
			}
		}
		if r < 0 {
			out = append(out, c)
			continue
		}
		out = utf8.AppendRune(out, r)
		i += j
	}
	return out
}

func parseRune(s string, base int) rune {
	if s == "" || len(s) > 8 {
		return -1
	}
	var r rune
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d rune
		switch {
		case c >= '0' && c <= '9':
			d = rune(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = rune(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = rune(c-'A') + 10
		default:
			return -1
		}
		r = r*rune(base) + d
	}
	if r > 0x10FFFF {
		return -1
	}
	return r
}
