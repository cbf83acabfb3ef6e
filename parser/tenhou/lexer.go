package tenhou

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"strconv"
)

// maxAttrs is the most attributes an element may have. The widest mjlog
// element (AGARI in a chip lobby) has 17.
const maxAttrs = 32

// span is a half-open byte range [start, end) of the input.
type span struct{ start, end int32 }

// attr is an attribute of an element: its name and its raw value.
type attr struct{ name, value span }

// scanner splits an mjlog document into its elements. It is a hand-written
// replacement for encoding/xml limited to what mjlog uses: empty elements
// with quoted attributes, the root's start and end tags, comments,
// processing instructions and whitespace. It allocates nothing: names and
// values are spans of the input, and attribute values keep their entities
// (see unescape).
//
// Only its methods change its fields: the fast paths, which read elements
// without it, make it go on after them with took (and save and restore).
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

// Error returns the description of the error.
func (e *syntaxError) Error() string { return e.msg }

// reset makes the scanner read data from offset pos.
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

// The classes of byteClass.
const (
	classSpace = 1 << iota
	className
)

// isSpace reports whether c is XML white space.
func isSpace(c byte) bool { return byteClass[c]&classSpace != 0 }

// isNameByte reports whether c may be part of an element or attribute
// name.
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

// took records that the caller, a fast path, read the input up to offset
// end itself, the last element it read at offset start with index index:
// that element becomes the current one (the events it gives take their
// position from it), and the scanner goes on after it.
func (s *scanner) took(start, end, index int) {
	s.start, s.pos, s.index = start, end, index
}

// scanState is where a scanner is in its input, for save and restore.
type scanState struct{ pos, start, index int }

// save returns where the scanner is.
func (s *scanner) save() scanState { return scanState{s.pos, s.start, s.index} }

// restore puts the scanner back where save found it.
func (s *scanner) restore(st scanState) { s.pos, s.start, s.index = st.pos, st.start, st.index }

// cursorAt returns a cursor that reads the input from offset p.
func (s *scanner) cursorAt(p int) cursor { return cursor{b: s.data, p: p, ok: true} }

// A cursor reads number lists, and the attributes of an element spelt as
// Tenhou writes it, each in its place: the caller names the attribute it
// wants next and reads its value, parsing numbers as it goes, in a single
// pass over the bytes. Once anything is not as expected, ok is false, and
// the fast path that reads the element leaves it to the general path.
//
// Its list method is the package's one parser of number lists. The fast
// paths read lists in place, each up to its quote; the general path reads
// the value of an attribute with a loose cursor (see valueList).
type cursor struct {
	b  []byte
	p  int
	ok bool
	// loose makes list read all of b, an attribute's value without its
	// quotes, as the general path reads values: spaces around numbers and
	// plus signs are allowed, and the list ends at the end of b.
	loose bool
	// fault says why the last list failed.
	fault listFault
}

// listFault says why cursor.list failed, for the messages of the general
// path.
type listFault uint8

const (
	// listNotInteger: the list's next number, after the ones list
	// returned, is not an integer (or not followed by a comma or the end).
	listNotInteger listFault = iota + 1
	// listTooMany: the list has more numbers than its destination holds.
	listTooMany
)

// name reads the given bytes, such as ` seed="`.
func (c *cursor) name(s string) {
	if !c.ok || len(c.b)-c.p < len(s) || string(c.b[c.p:c.p+len(s)]) != s {
		c.ok = false
		return
	}
	c.p += len(s)
}

// at reads the given bytes, such as ` m="`, if they come next, and
// reports whether they did.
func (c *cursor) at(s string) bool {
	if c.ok && len(c.b)-c.p >= len(s) && string(c.b[c.p:c.p+len(s)]) == s {
		c.p += len(s)
		return true
	}
	return false
}

// value reads a value that is not a list, up to its quote.
func (c *cursor) value() []byte {
	if !c.ok {
		return nil
	}
	i := valueLen(c.b[c.p:], '"')
	if i < 0 || c.b[c.p+i] != '"' {
		c.ok = false
		return nil
	}
	v := c.b[c.p : c.p+i]
	c.p += i + 1
	return v
}

// end reads the end of an empty element, "/>" or " />", and returns the
// offset after it.
func (c *cursor) end() int {
	b, p := c.b, c.p
	if c.ok && p+3 <= len(b) {
		if b[p] == '/' && b[p+1] == '>' {
			return p + 2
		}
		if b[p] == ' ' && b[p+1] == '/' && b[p+2] == '>' {
			return p + 3
		}
	}
	c.ok = false
	return 0
}

// list reads a list of at most len(dst) numbers of one to nine digits,
// each maybe with a minus sign, separated by commas, and the quote after
// it, into dst. It returns how many there were (0 for an empty value).
// A loose cursor reads all of b instead, with spaces around the numbers
// and plus signs allowed, and no quote. When the list is not one of these,
// or has more than len(dst) numbers, ok is false and fault says why.
//
// Lists in place, as the fast paths read them, go through a loop that
// reads eight bytes at a time; the rest goes to listTail.
func (c *cursor) list(dst []int) int {
	if !c.ok {
		return 0
	}
	if c.loose {
		return c.listTail(dst)
	}
	b, p, n := c.b, c.p, 0
	if p < len(b) && b[p] == '"' {
		c.p = p + 1
		return 0
	}
	for n < len(dst) {
		if p+9 > len(b) {
			break
		}
		// A number of up to seven digits, maybe with a minus sign, found
		// and parsed as in fastTiles, without a branch on its length (in
		// a list of sorted ids it grows unpredictably); then the byte
		// after it.
		x := binary.LittleEndian.Uint64(b[p:p+8]) ^ 0x3030303030303030
		sign := 0
		if byte(x) == '-'^'0' {
			p++
			x = binary.LittleEndian.Uint64(b[p:p+8]) ^ 0x3030303030303030
			sign = -1
		}
		nd := nonDigits(x)
		l := uint(bits.TrailingZeros64(nd)) >> 3
		if l-1 >= 7 {
			break
		}
		// (x ^ sign) - sign is -x for a sign of -1.
		dst[n] = (int(number(x, l)) ^ sign) - sign
		n++
		t := byte(x>>((8*l)&63)) ^ '0'
		if t != ',' {
			if t == '"' {
				c.p = p + int(l) + 1
				return n
			}
			break
		}
		// The next number is most often in the same eight bytes: read
		// it from them, so that a load waits on the lengths of every
		// other number only. After a comma the next bit of nd is exact:
		// its end, 8 when it is not in x.
		e := uint(bits.TrailingZeros64(nd&(nd-1))) >> 3
		m := e - l - 1
		if e >= 8 || m == 0 || n == len(dst) {
			p += int(l) + 1
			continue
		}
		dst[n] = int(number(x>>((8*(l+1))&63), m))
		n++
		t = byte(x>>((8*e)&63)) ^ '0'
		p += int(e) + 1
		if t == ',' {
			continue
		}
		if t == '"' {
			c.p = p
			return n
		}
		break
	}
	// Anything else (numbers of eight or nine digits, a list at the end of
	// the input, one that is wrong or too long) is read again by listTail.
	return c.listTail(dst)
}

// listTail is list for loose cursors, and for the lists in place that the
// eight-byte loop leaves, which it reads again from their start. It reads
// a number of one to three digits and the comma after it four bytes at a
// time, anything else one byte at a time, and finds the fault of a list
// that fails.
func (c *cursor) listTail(dst []int) int {
	b, p, n, loose := c.b, c.p, 0, c.loose
	if loose && skipSpaces(b, p) == len(b) {
		c.p = len(b)
		return 0 // an empty value
	}
	for {
		// Numbers of one to three digits and the comma after them, four
		// bytes at a time: nearly every number Tenhou writes in a value.
		for p+4 <= len(b) && n < len(dst) {
			t := (*[4]byte)(b[p : p+4])
			c0, c1, c2 := t[0]-'0', t[1]-'0', t[2]-'0'
			var x, k int
			switch {
			case c0 > 9:
			case t[1] == ',':
				x, k = int(c0), 1
			case c1 > 9:
			case t[2] == ',':
				x, k = int(c0)*10+int(c1), 2
			case c2 <= 9 && t[3] == ',':
				x, k = int(c0)*100+int(c1)*10+int(c2), 3
			}
			if k == 0 {
				break
			}
			dst[n] = x
			n++
			p += k + 1
		}
		// Any other number, one byte at a time: with a sign, spaces or
		// more digits, the list's last, or not a number.
		if loose {
			p = skipSpaces(b, p)
		}
		neg := false
		if p < len(b) && (b[p] == '-' || loose && b[p] == '+') {
			neg = b[p] == '-'
			p++
		}
		start, x := p, 0
		for p < len(b) && b[p]-'0' < 10 && p-start < 9 {
			x = x*10 + int(b[p]-'0')
			p++
		}
		digits := p - start
		if loose {
			p = skipSpaces(b, p)
		}
		// The list's end: its quote, or the end of a loose cursor's b.
		last := loose && p == len(b) || !loose && p < len(b) && b[p] == '"'
		if digits == 0 || !last && (p == len(b) || b[p] != ',') {
			c.ok, c.fault = false, listNotInteger
			return n
		}
		if n == len(dst) {
			c.ok, c.fault = false, listTooMany
			return n
		}
		if neg {
			x = -x
		}
		dst[n] = x
		n++
		if last {
			if !loose {
				p++ // the quote
			}
			c.p = p
			return n
		}
		p++ // the comma
	}
}

// listValue is list that also returns the value it read, without its
// quote (nil when it could not), for the messages that quote it.
func (c *cursor) listValue(dst []int) (int, []byte) {
	start := c.p
	n := c.list(dst)
	if !c.ok {
		return n, nil
	}
	return n, c.b[start : c.p-1]
}

// valueList reads v, the value of an attribute without its quotes, as a
// list of at most len(dst) numbers into dst, the way the general path reads
// lists: cursor.list with a loose cursor. It returns how many numbers there
// were, and the fault when the value is not such a list.
func valueList(v []byte, dst []int) (int, listFault) {
	c := cursor{b: v, ok: true, loose: true}
	n := c.list(dst)
	return n, c.fault
}

// skipSpaces returns the offset of the first byte of b from p on that is
// not white space.
func skipSpaces(b []byte, p int) int {
	for p < len(b) && isSpace(b[p]) {
		p++
	}
	return p
}

// nonDigits takes eight bytes of input, little-endian, with '0' xored into
// each, so that a digit byte is 0–9, and returns the top bit of each byte
// that is not a digit. Only the lowest bit set is exact: the add sets the
// top bit of a byte above 9, and a carry out of a byte, which can only come
// from such a byte, may set one above it.
func nonDigits(x uint64) uint64 {
	return ((x + 0x7676767676767676) | x) & 0x8080808080808080
}

// number returns the number written by the first l bytes of x (as
// nonDigits takes it) for l from 1 to 8, and garbage for other lengths.
// The shift puts the digits at the top, zero bytes in front of them; the
// multiplications then add up neighbouring digits, pairs and fours.
func number(x uint64, l uint) uint {
	v := x << ((64 - 8*l) & 63)
	v = (v * (10<<8 + 1)) >> 8 & 0x00ff00ff00ff00ff
	v = (v * (100<<16 + 1)) >> 16 & 0x0000ffff0000ffff
	return uint((v * (10000<<32 + 1)) >> 32)
}

// parseUint parses a non-negative decimal integer of at most 9 digits.
func parseUint(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// parseInt parses a decimal integer with an optional sign, of at most 9
// digits.
func parseInt(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	n, ok := parseUint(b)
	if neg {
		n = -n
	}
	return n, ok
}

// parseDecimal parses a number as strconv.ParseFloat does, spaces around
// it allowed: UN rates and owari points. Numbers such as 1534.56 or -15.0,
// digits with at most one point and a minus sign and at most 15 of them,
// are read directly: the digits make an exact integer and the power of ten
// is exact, so one division rounds correctly.
func parseDecimal(f []byte) (float64, bool) {
	var m uint64
	digits, frac := 0, -1
	neg := len(f) > 1 && f[0] == '-'
	num := f
	if neg {
		num = f[1:]
	}
	for _, c := range num {
		switch {
		case c-'0' < 10:
			m = m*10 + uint64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
			continue
		case c == '.' && frac < 0:
			frac = 0
			continue
		}
		digits = 0 // anything else: strconv
		break
	}
	if digits == 0 || digits > 15 {
		x, err := strconv.ParseFloat(string(bytes.TrimSpace(f)), 64)
		return x, err == nil
	}
	x := float64(m)
	if frac > 0 {
		x /= pow10[frac]
	}
	if neg {
		x = -x
	}
	return x, true
}

// pow10 are the powers of ten up to 1e15, exact in a float64.
var pow10 = [16]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// nextField splits v at its first comma: it returns the field before it
// and the rest after it, or v and nil when there is none.
func nextField(v []byte) (field, rest []byte) {
	if i := bytes.IndexByte(v, ','); i >= 0 {
		return v[:i], v[i+1:]
	}
	return v, nil
}
