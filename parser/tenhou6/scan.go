package tenhou6

import (
	"fmt"
	"slices"
	"unicode/utf8"
)

// The scanner is a small validating JSON scanner. It splits JSON lines
// (several top-level values) into documents, and it decodes each
// document's "log" array itself: every number and string of elements 0-15
// of every round becomes a token with its byte offset, so that events and
// errors carry exact positions and the hot part of the input is read once.
// The rest of a document (the metadata) and each round's result array
// (element 16) are left to fastjson, by byte range. A syntax error is
// reported with its byte offset and a plain description (comments, a
// truncated input, a stray character).

// maxDepth bounds nesting; tenhou.net/6 needs five levels.
const maxDepth = 64

// Token kinds.
const (
	tNum   uint8 = iota + 1 // an integer that fits in val
	tStr                    // a string: the text between off+1 and end
	tOther                  // anything else (a float, an array, an object, a literal)
)

// token is one value inside an element of a round.
type token struct {
	off  int32
	end  int32 // strings: offset of the closing quote
	val  int32 // tNum: the value
	kind uint8
	esc  bool // tStr: the string has escapes
}

// elemPos locates one element of a round: its byte range and, when it is
// an array, its tokens (first index in scanner.toks and count).
type elemPos struct {
	off, end int32
	first, n int32
	arr      bool
}

// roundPos locates one round (one element of "log").
type roundPos struct {
	off   int32
	end   int32 // offset just after the closing bracket, 0 while open
	n     int32 // number of elements
	arr   bool  // the round is an array
	elems [17]elemPos
}

// docPos is one top-level JSON value.
type docPos struct {
	start, end     int
	logOff, logEnd int32 // the "log" array's byte range; logOff -1 when none
	first, n       int   // rounds[first:first+n] are its rounds
}

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off       int
	msg       string
	truncated bool // the input ends inside a value
}

type scanner struct {
	b      []byte
	i      int
	docs   []docPos
	rounds []roundPos
	toks   []token
	err    *syntaxError
}

func (s *scanner) reset(b []byte) {
	s.b, s.i, s.err = b, 0, nil
	s.docs = s.docs[:0]
	s.rounds = s.rounds[:0]
	s.toks = s.toks[:0]
}

// scanAll splits s.b into top-level values. It stops at the first syntax
// error (s.err); the documents before it are kept, and the broken one is
// kept too, with end -1, so that its complete rounds can be salvaged.
func (s *scanner) scanAll() {
	for {
		s.ws()
		if s.err != nil || s.i >= len(s.b) {
			return
		}
		s.docs = append(s.docs, docPos{start: s.i, logOff: -1, first: len(s.rounds)})
		dp := &s.docs[len(s.docs)-1]
		if s.b[s.i] == '{' {
			s.object(0, dp)
		} else {
			s.value(0)
		}
		dp.n = len(s.rounds) - dp.first
		if s.err != nil {
			dp.end = -1
			return
		}
		dp.end = s.i
	}
}

func (s *scanner) fail(off int, format string, args ...any) {
	if s.err == nil {
		s.err = &syntaxError{off: off, msg: fmt.Sprintf(format, args...)}
	}
}

// eof reports the end of input inside a value.
func (s *scanner) eof(what string) {
	if s.err == nil {
		s.err = &syntaxError{off: len(s.b), msg: "the input ends inside " + what + " (truncated)", truncated: true}
	}
}

// ws skips white space. A '/' starting a comment is reported as such: JSON
// has no comments, and files with them are a known non-standard variant.
func (s *scanner) ws() {
	b := s.b
	i := skipSpace(b, s.i)
	s.i = i
	if i < len(b) && b[i] == '/' {
		if i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*') {
			s.fail(i, "a %s comment: JSON has no comments, so this is not a tenhou.net/6 file (remove the comments)", b[i:i+2])
		}
	}
}

// object scans an object at nesting depth. For a top-level object (dp not
// nil) it decodes the "log" array and records it in dp.
func (s *scanner) object(depth int, dp *docPos) {
	if s.open('}') {
		return
	}
	for {
		s.ws()
		if s.err != nil {
			return
		}
		if s.i >= len(s.b) {
			s.eof("an object")
			return
		}
		if s.b[s.i] != '"' {
			s.fail(s.i, "object key expected, found %s", s.describe())
			return
		}
		ks := s.i + 1
		s.str()
		if s.err != nil {
			return
		}
		key := s.b[ks : s.i-1]
		s.colon()
		if s.err != nil {
			return
		}
		if dp != nil && dp.logOff < 0 && string(key) == "log" && s.i < len(s.b) && s.b[s.i] == '[' {
			dp.logOff = int32(s.i)
			s.logArray()
			dp.logEnd = int32(s.i)
		} else {
			s.value(depth + 1)
		}
		if !s.next('}', "an object") {
			return
		}
	}
}

// colon skips the ':' after a key and the white space around it.
func (s *scanner) colon() {
	s.ws()
	if s.err != nil {
		return
	}
	if s.i >= len(s.b) {
		s.eof("an object")
		return
	}
	if s.b[s.i] != ':' {
		s.fail(s.i, "':' expected after an object key, found %s", s.describe())
		return
	}
	s.i++
	s.ws()
}

// next skips the ',' or the closing bracket after a member; it reports
// whether there is another member.
func (s *scanner) next(close byte, what string) bool {
	if s.i < len(s.b) {
		// Fast path: no white space.
		switch s.b[s.i] {
		case ',':
			s.i++
			return true
		case close:
			s.i++
			return false
		}
	}
	s.ws()
	if s.err != nil {
		return false
	}
	if s.i >= len(s.b) {
		s.eof(what)
		return false
	}
	switch s.b[s.i] {
	case ',':
		s.i++
		return true
	case close:
		s.i++
		return false
	}
	s.fail(s.i, "',' or '%c' expected in %s, found %s", close, what, s.describe())
	return false
}

// open skips the '[' or '{' at s.i and the white space after it. It
// reports true when the array or object is empty (it then skipped the
// close bracket too) or on a syntax error.
func (s *scanner) open(close byte) (empty bool) {
	s.i++ // '[' or '{'
	s.ws()
	if s.err != nil {
		return true
	}
	if s.i < len(s.b) && s.b[s.i] == close {
		s.i++
		return true
	}
	return false
}

// logArray scans the "log" array, recording every round.
func (s *scanner) logArray() {
	if s.open(']') {
		return
	}
	for {
		s.ws()
		if s.err != nil {
			return
		}
		if s.i < len(s.b) && s.b[s.i] == '[' {
			s.round()
		} else {
			s.rounds = append(s.rounds, roundPos{off: int32(s.i)})
			s.value(2)
			if s.err == nil {
				s.rounds[len(s.rounds)-1].end = int32(s.i)
			}
		}
		if !s.next(']', "the log array") {
			return
		}
	}
}

// round scans one round array, recording its elements and their tokens.
func (s *scanner) round() {
	s.rounds = append(s.rounds, roundPos{off: int32(s.i), arr: true})
	r := &s.rounds[len(s.rounds)-1] // s.rounds does not grow until the next round
	if s.open(']') {
		if s.err == nil {
			r.end = int32(s.i)
		}
		return
	}
	for n := 0; ; n++ {
		s.ws()
		if s.err != nil {
			return
		}
		if n < 16 {
			e := &r.elems[n]
			e.off = int32(s.i)
			e.first = int32(len(s.toks))
			if s.i < len(s.b) && s.b[s.i] == '[' {
				e.arr = true
				s.list()
			} else {
				s.value(3)
			}
			e.n = int32(len(s.toks)) - e.first
			e.end = int32(s.i)
		} else {
			// The result, and anything after it, is left to fastjson.
			start := s.i
			s.value(3)
			if n == 16 {
				r.elems[16] = elemPos{off: int32(start), end: int32(s.i), arr: start < len(s.b) && s.b[start] == '['}
			}
		}
		r.n = int32(n + 1)
		if !s.next(']', "a round") {
			if s.err == nil {
				r.end = int32(s.i)
			}
			return
		}
	}
}

// list scans an element's array into tokens.
func (s *scanner) list() {
	if s.open(']') {
		return
	}
	b := s.b
	for {
		if s.i < len(b) && b[s.i] <= ' ' {
			s.ws()
			if s.err != nil {
				return
			}
		}
		if s.i >= len(b) {
			s.eof("an array")
			return
		}
		// Fill the new slot in place (copying a token built on the stack
		// costs a store-forwarding stall per item).
		if len(s.toks) == cap(s.toks) {
			s.toks = slices.Grow(s.toks, 512)
		}
		s.toks = s.toks[:len(s.toks)+1]
		t := &s.toks[len(s.toks)-1]
		*t = token{off: int32(s.i)}
		switch c := b[s.i]; {
		case c >= '0' && c <= '9' || c == '-':
			// Integers of up to 9 digits; anything else is tOther.
			i := s.i
			neg := c == '-'
			if neg {
				i++
			}
			v, start := 0, i
			for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-start < 9 {
				v = v*10 + int(b[i]-'0')
				i++
			}
			if i > start && (i >= len(b) || (b[i] != '.' && b[i] != 'e' && b[i] != 'E' && (b[i] < '0' || b[i] > '9'))) &&
				(b[start] != '0' || i == start+1) {
				if neg {
					v = -v
				}
				t.kind, t.val = tNum, int32(v)
				s.i = i
			} else {
				t.kind = tOther
				s.number()
			}
		case c == '"':
			t.kind = tStr
			t.esc = s.str()
			t.end = int32(s.i - 1)
		default:
			t.kind = tOther
			s.value(4)
		}
		if s.err != nil {
			s.toks = s.toks[:len(s.toks)-1]
			return
		}
		if !s.next(']', "an array") {
			return
		}
	}
}

// value skips one JSON value at nesting depth.
func (s *scanner) value(depth int) {
	s.ws()
	if s.err != nil {
		return
	}
	if s.i >= len(s.b) {
		s.eof("a value")
		return
	}
	if depth > maxDepth {
		s.fail(s.i, "nesting deeper than %d levels", maxDepth)
		return
	}
	switch c := s.b[s.i]; {
	case c == '"':
		s.str()
	case c == '-' || c >= '0' && c <= '9':
		s.number()
	case c == '{':
		s.object(depth, nil)
	case c == '[':
		if s.open(']') {
			return
		}
		for {
			s.value(depth + 1)
			if !s.next(']', "an array") {
				return
			}
		}
	case c == 't':
		s.literal("true")
	case c == 'f':
		s.literal("false")
	case c == 'n':
		s.literal("null")
	default:
		s.fail(s.i, "unexpected %s", s.describe())
	}
}

func (s *scanner) literal(w string) {
	for k := 0; k < len(w); k++ {
		if s.i+k >= len(s.b) {
			s.eof("a literal")
			return
		}
		if s.b[s.i+k] != w[k] {
			s.fail(s.i, "unexpected %s", s.describe())
			return
		}
	}
	s.i += len(w)
}

// str skips a string starting at the opening quote and reports whether it
// has escapes.
func (s *scanner) str() (esc bool) {
	start := s.i
	b := s.b
	i := s.i + 1
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			s.i = i + 1
			return esc
		case c == '\\':
			esc = true
			i += 2
		case c < 0x20:
			s.i = i
			s.fail(i, "control character 0x%02x in a string", c)
			return esc
		default:
			i++
		}
	}
	s.i = len(b)
	if s.err == nil {
		s.err = &syntaxError{off: start, msg: "a string is not terminated (truncated)", truncated: true}
	}
	return esc
}

// number skips a number (JSON grammar).
func (s *scanner) number() {
	start := s.i
	b := s.b
	i := s.i
	if b[i] == '-' {
		i++
	}
	d := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	if i == d {
		s.i = i
		if i >= len(b) {
			s.eof("a number")
		} else {
			s.fail(start, "malformed number")
		}
		return
	}
	if i < len(b) && b[i] == '.' {
		i++
		d = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			s.i = i
			s.fail(start, "malformed number")
			return
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			s.i = i
			s.fail(start, "malformed number")
			return
		}
	}
	s.i = i
}

// describe names the byte at s.i for an error message.
func (s *scanner) describe() string {
	if s.i >= len(s.b) {
		return "the end of input"
	}
	c := s.b[s.i]
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// unescape decodes the JSON escapes of a string's content into dst.
func unescape(dst, s []byte) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		i++
		if i >= len(s) {
			return dst, false
		}
		switch s[i] {
		case '"', '\\', '/':
			dst = append(dst, s[i])
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			if i+4 >= len(s) {
				return dst, false
			}
			r := rune(0)
			for k := 1; k <= 4; k++ {
				h := s[i+k]
				switch {
				case h >= '0' && h <= '9':
					r = r*16 + rune(h-'0')
				case h >= 'a' && h <= 'f':
					r = r*16 + rune(h-'a'+10)
				case h >= 'A' && h <= 'F':
					r = r*16 + rune(h-'A'+10)
				default:
					return dst, false
				}
			}
			i += 4
			dst = utf8.AppendRune(dst, r)
		default:
			return dst, false
		}
	}
	return dst, true
}
