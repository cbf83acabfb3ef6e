package jsontok

import (
	"fmt"
	"unicode/utf8"
)

// DefaultMaxDepth is the nesting a Tokenizer allows when its MaxDepth is
// 0: encoding/json's.
const DefaultMaxDepth = 10000

// Open is a container (an array or an object) that is open at a point of
// the input.
type Open struct {
	// Off is the offset of its '[' or '{'.
	Off int
	// Last is the offset just after its last complete element (or
	// member), or just after the '[' or '{' when it has none yet. A
	// number the input ends with is not complete: it may go on.
	Last int
	// Array says it is an array, not an object.
	Array bool
}

// Tokenizer reads JSON from a byte slice, a token or a value at a time. It
// never copies the input: tokens are byte ranges of it. It stops at the
// first error, which Err returns; every method then returns at once
// (Next and Value a token of kind Invalid, Enter and More false, Peek 0),
// so that a caller may check Err once after a sequence of calls. The zero
// Tokenizer reads an empty input; Reset sets the input. It allocates only
// for an error and for the stack of containers Value skips, which it keeps
// from one input to the next.
type Tokenizer struct {
	// MaxDepth bounds the nesting of arrays and objects, those entered
	// with Enter and those Value skips together; 0 means DefaultMaxDepth.
	MaxDepth int

	b     []byte
	i     int
	depth int // containers entered with Enter and not left
	err   *Error
	stack []Open // the containers Value is inside
}

// Reset makes t read b from offset i, at nesting depth 0, with no error.
func (t *Tokenizer) Reset(b []byte, i int) {
	t.b, t.i, t.depth, t.err = b, i, 0, nil
	t.stack = t.stack[:0]
}

// Pos returns the offset where the next token is read from: just after
// the last token read (or at the next one, after Peek), len of the input
// after an error.
func (t *Tokenizer) Pos() int { return t.i }

// Depth returns the number of containers entered with Enter and not left
// yet.
func (t *Tokenizer) Depth() int { return t.depth }

// Err returns the error t stopped at, or nil.
func (t *Tokenizer) Err() *Error { return t.err }

// Stack returns the containers that were open where Value stopped at an
// error, outermost first (empty after a value read whole). A decoder uses
// it to salvage the complete elements of a truncated input. The slice is
// t's own, valid until the next call.
func (t *Tokenizer) Stack() []Open { return t.stack }

// delims maps the bytes of the one-byte tokens to their kinds.
var delims = [256]Kind{'{': ObjectStart, '}': ObjectEnd, '[': ArrayStart, ']': ArrayEnd, ':': Colon, ',': Comma}

// Peek skips white space and returns the next byte, or 0 at the end of
// the input (and after an error).
func (t *Tokenizer) Peek() byte {
	i := SkipSpace(t.b, t.i)
	t.i = i
	if i < len(t.b) {
		return t.b[i]
	}
	return 0
}

// Next reads the next token: a delimiter, a string, a number or a
// literal. It checks that each token is well formed, not that they come in
// an order JSON allows (Value, Enter, Key and More check that). At the end
// of the input it returns a token of kind EOF.
func (t *Tokenizer) Next() Token {
	b, i := t.b, t.i
	if i < len(b) && b[i] <= ' ' {
		i = SkipSpace(b, i)
	}
	if i >= len(b) {
		if t.err != nil {
			return Token{Off: i, End: i, k: Invalid}
		}
		t.i = i
		return Token{Off: i, End: i, k: EOF}
	}
	if k := delims[b[i]]; k != 0 {
		t.i = i + 1
		return Token{Off: i, End: i + 1, k: k}
	}
	return t.scalar(i)
}

// Value reads one whole value: a string, a number or a literal is one
// token; an array or an object is checked and skipped whole, and returned
// as one token of kind Array or Object.
func (t *Tokenizer) Value() Token {
	b, i := t.b, t.i
	if i < len(b) && b[i] <= ' ' {
		i = SkipSpace(b, i)
	}
	if i >= len(b) {
		return t.eof("a value")
	}
	// The common cases inline: a small integer, a string without escapes.
	switch c := b[i]; {
	case c-'0' <= 9:
		if j, v, ok := SmallUint(b, i); ok {
			t.i = j
			return Token{Off: i, End: j, Int: v, k: Number | flagSmall}
		}
	case c == '"':
		if j, ok := PlainString(b, i); ok {
			t.i = j
			return Token{Off: i, End: j, k: String}
		}
	case c == '[' || c == '{':
		return t.container(i)
	}
	return t.scalar(i)
}

// scalar reads the string, number or literal at b[i].
func (t *Tokenizer) scalar(i int) Token {
	b := t.b
	switch c := b[i]; {
	case c == '"':
		end, esc, ok := ScanString(b, i)
		if !ok {
			return t.badString(i, end)
		}
		t.i = end
		return Token{Off: i, End: end, k: String | escFlag(esc)}
	case c == '-' || c >= '0' && c <= '9':
		end, v, small, ok := ScanNumber(b, i)
		if !ok {
			return t.bad(i, end, "malformed number", "a number")
		}
		t.i = end
		return Token{Off: i, End: end, Int: v, k: Number | smallFlag(small)}
	case c == 't' || c == 'f' || c == 'n':
		end, k, ok := ScanLiteral(b, i)
		if !ok {
			return t.bad(i, end, "invalid literal", "a literal")
		}
		t.i = end
		return Token{Off: i, End: end, k: k}
	}
	return t.unexpected(i, "")
}

// container checks and skips the array or object at b[i].
func (t *Tokenizer) container(i int) Token {
	b := t.b
	start := i
	st := t.stack[:0]
	limit := t.limit() - t.depth
	value := true // a value starts at b[i]; else one ended just before i
	cut := false  // the value is a number the input ends with
	for {
		if value {
			if i >= len(b) {
				t.stack = st
				return t.eof("a value")
			}
			// The common cases inline: strings without escapes, small
			// integers; containers open here.
			cut = false
			switch c := b[i]; {
			case c == '"':
				j, ok := PlainString(b, i)
				if !ok {
					tk := t.scalar(i)
					if tk.Kind() == Invalid {
						t.stack = st
						return tk
					}
					j = tk.End
				}
				i = j
			case c-'0' <= 9 || c == '-':
				j, _, ok := SmallUint(b, i)
				if !ok {
					tk := t.scalar(i)
					if tk.Kind() == Invalid {
						t.stack = st
						return tk
					}
					j = tk.End
				}
				i = j
				// A number the input ends with may go on: it is not
				// a complete element.
				cut = i == len(b)
			case c == '[' || c == '{':
				if len(st) >= limit {
					t.stack = st
					return t.deep(i)
				}
				st = append(st, Open{Off: i, Last: i + 1, Array: c == '['})
				i = SkipSpace(b, i+1)
				if i < len(b) && b[i] == c+2 { // ']' or '}': empty
					i++
					st = st[:len(st)-1]
					break
				}
				if c == '{' {
					// A key without escapes inline, else key.
					ok := false
					if i < len(b) && b[i] == '"' {
						var j int
						j, ok = PlainString(b, i)
						if ok = ok && j < len(b) && b[j] == ':'; ok {
							i = SkipSpace(b, j+1)
						}
					}
					if !ok {
						if _, i, ok = t.key(i); !ok {
							t.stack = st
							return Token{Off: i, End: i, k: Invalid}
						}
					}
				}
				continue
			default:
				tk := t.scalar(i)
				if tk.Kind() == Invalid {
					t.stack = st
					return tk
				}
				i = tk.End
			}
			value = false
		}
		// A value ended at i.
		if len(st) == 0 {
			t.stack, t.i = st, i
			k := Object
			if b[start] == '[' {
				k = Array
			}
			return Token{Off: start, End: i, k: k}
		}
		top := &st[len(st)-1]
		if !cut {
			top.Last = i
		}
		if i < len(b) && b[i] <= ' ' {
			i = SkipSpace(b, i)
		}
		if i >= len(b) {
			t.stack = st
			if top.Array {
				return t.eof("an array")
			}
			return t.eof("an object")
		}
		switch c := b[i]; {
		case c == ',':
			i = SkipSpace(b, i+1)
			if !top.Array {
				ok := false
				if i < len(b) && b[i] == '"' {
					var j int
					j, ok = PlainString(b, i)
					if ok = ok && j < len(b) && b[j] == ':'; ok {
						i = SkipSpace(b, j+1)
					}
				}
				if !ok {
					if _, i, ok = t.key(i); !ok {
						t.stack = st
						return Token{Off: i, End: i, k: Invalid}
					}
				}
			}
			value = true
		case c == ']' && top.Array || c == '}' && !top.Array:
			i++
			st = st[:len(st)-1]
		default:
			t.stack = st
			if top.Array {
				return t.unexpected(i, "',' or ']' expected in an array")
			}
			return t.unexpected(i, "',' or '}' expected in an object")
		}
	}
}

func escFlag(esc bool) Kind {
	if esc {
		return flagEsc
	}
	return 0
}

func smallFlag(small bool) Kind {
	if small {
		return flagSmall
	}
	return 0
}

func (t *Tokenizer) limit() int {
	if t.MaxDepth > 0 {
		return t.MaxDepth
	}
	return DefaultMaxDepth
}

// key reads an object key at b[i] (after white space), the ':' after it
// and the white space after that; it returns the key and the offset of
// the value.
func (t *Tokenizer) key(i int) (Token, int, bool) {
	b := t.b
	if i >= len(b) {
		t.eof("an object")
		return Token{}, len(b), false
	}
	if b[i] != '"' {
		t.unexpected(i, "object key expected")
		return Token{}, len(b), false
	}
	tk := t.scalar(i)
	if tk.Kind() == Invalid {
		return tk, len(b), false
	}
	j := tk.End
	if j >= len(b) || b[j] != ':' {
		j = SkipSpace(b, j)
		if j >= len(b) {
			t.eof("an object")
			return tk, len(b), false
		}
		if b[j] != ':' {
			t.unexpected(j, "':' expected after an object key")
			return tk, len(b), false
		}
	}
	j = SkipSpace(b, j+1)
	t.i = j
	return tk, j, true
}

// Enter reads the '[' or '{' at the current position (after white space)
// and the white space after it, to read the container's members with Key
// (in an object), Value and More. It reports false when there are none:
// for an empty container, whose close bracket it reads too, and on an
// error.
func (t *Tokenizer) Enter() bool {
	b := t.b
	i := SkipSpace(b, t.i)
	if i >= len(b) {
		t.eof("a value")
		return false
	}
	c := b[i]
	if c != '[' && c != '{' {
		t.unexpected(i, "'[' or '{' expected")
		return false
	}
	if t.depth >= t.limit() {
		t.deep(i)
		return false
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == c+2 {
		t.i = i + 1
		return false
	}
	t.depth++
	t.i = i
	return true
}

// Key reads the key of an object's member and the ':' after it, and
// returns the key's token.
func (t *Tokenizer) Key() Token {
	tk, _, ok := t.key(SkipSpace(t.b, t.i))
	if !ok {
		return Token{Off: len(t.b), End: len(t.b), k: Invalid}
	}
	return tk
}

// More reads what follows an element of the container being read (one
// Enter entered): a ',' (it returns true: another element follows) or the
// close bracket, which leaves the container (it returns false). what
// names the container in an error message ("an array", "the log").
func (t *Tokenizer) More(close byte, what string) bool {
	if i := t.i; i < len(t.b) && t.b[i] == ',' {
		t.i = i + 1
		return true
	}
	return t.more(close, what)
}

func (t *Tokenizer) more(close byte, what string) bool {
	b := t.b
	i := SkipSpace(b, t.i)
	if i >= len(b) {
		t.eof(what)
		return false
	}
	switch b[i] {
	case ',':
		t.i = i + 1
		return true
	case close:
		t.i = i + 1
		t.depth--
		return false
	}
	t.unexpected(i, "',' or '"+string(close)+"' expected in "+what)
	return false
}

// End reads the white space after the last value and reports whether the
// input ends there; it records an error when anything else follows.
func (t *Tokenizer) End() bool {
	i := SkipSpace(t.b, t.i)
	if i < len(t.b) {
		t.unexpected(i, "the end of the input expected")
		return false
	}
	t.i = i
	return t.err == nil
}

// fail records an error at offset off (the first one only) and moves to
// the end of the input.
func (t *Tokenizer) fail(off int, kind error, msg string) Token {
	if t.err == nil {
		t.err = NewError(t.b, off, kind, msg)
	}
	t.i = len(t.b)
	return Token{Off: off, End: off, k: Invalid}
}

// eof reports the end of the input inside what.
func (t *Tokenizer) eof(what string) Token {
	return t.fail(len(t.b), ErrTruncated, "the input ends inside "+what+" (truncated)")
}

func (t *Tokenizer) deep(i int) Token {
	return t.fail(i, ErrSyntax, fmt.Sprintf("nesting deeper than %d levels", t.limit()))
}

// cutShort reports whether the input ends at b[end] but for white space:
// a token with a fault there was cut short (the input may end with a line
// feed after a cut line).
func cutShort(b []byte, end int) bool {
	return SkipSpace(b, end) == len(b)
}

// badString reports the string at b[i] that ScanString found a fault in at
// b[end].
func (t *Tokenizer) badString(i, end int) Token {
	b := t.b
	switch {
	case cutShort(b, end):
		return t.fail(i, ErrTruncated, "a string is not terminated (truncated)")
	case b[end] == '\\':
		e := b[end:min(end+6, len(b))]
		if len(e) > 1 && e[1] != 'u' {
			e = e[:2]
		}
		return t.fail(end, ErrSyntax, fmt.Sprintf("invalid escape %q in a string", e))
	}
	return t.fail(end, ErrSyntax, fmt.Sprintf("control character 0x%02x in a string", b[end]))
}

// bad reports the number or literal (noun) at b[i] that has a fault at
// b[end]: what is wrong with it.
func (t *Tokenizer) bad(i, end int, what, noun string) Token {
	b := t.b
	if cutShort(b, end) {
		return t.eof(noun)
	}
	w := b[i:min(end+1, i+24)]
	if !utf8.Valid(w) {
		return t.fail(i, ErrSyntax, what)
	}
	return t.fail(i, ErrSyntax, fmt.Sprintf("%s %q", what, w))
}

// unexpected reports the byte at b[i], which is not what was expected: a
// comment, or an unexpected byte.
func (t *Tokenizer) unexpected(i int, expected string) Token {
	b := t.b
	if b[i] == '/' && i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*') {
		return t.fail(i, ErrComment, fmt.Sprintf("a %s comment: JSON has no comments", b[i:i+2]))
	}
	if expected == "" {
		return t.fail(i, ErrSyntax, "unexpected "+describe(b, i))
	}
	return t.fail(i, ErrSyntax, expected+", found "+describe(b, i))
}

// describe names the character at b[i] for a message.
func describe(b []byte, i int) string {
	if i >= len(b) {
		return "the end of input"
	}
	c := b[i]
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	if r, n := utf8.DecodeRune(b[i:]); n > 1 {
		return fmt.Sprintf("'%c' (U+%04X)", r, r)
	}
	return fmt.Sprintf("byte 0x%02x", c)
}
