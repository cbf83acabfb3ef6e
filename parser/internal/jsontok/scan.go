// Package jsontok is the byte-level JSON scanner of the JSON decoders
// (parser/tenhou6, parser/mjai and parser/majsoul). It works on positions,
// never on copies: a token is a kind and a byte range of the input, so that
// scanning allocates nothing per token, and decoders keep exact offsets for
// their events and errors. Parsing a value into a tree is left to fastjson;
// this package finds where things are.
//
// It has two layers:
//
//   - Functions that scan one thing at a byte offset and report only
//     whether it is well formed: SkipSpace, SkipBOM, ScanString,
//     ScanNumber, ScanLiteral, and Unquote to decode a string's escapes;
//     PlainString and SmallUint, small enough to be inlined, read the
//     common strings and integers. Fast paths use them directly.
//   - A Tokenizer: Next reads the input token by token (delimiters,
//     strings, numbers, literals); Value reads one whole value (checking
//     and skipping an array or object); Enter, Key and More read the
//     members of a container the caller walks itself. It stops at the
//     first error, an *Error with the byte offset, the line and column
//     (see LineCol) and a message, which wraps ErrSyntax (or ErrComment)
//     or ErrTruncated (the input ends inside a value).
//
// The Tokenizer accepts exactly the JSON of RFC 8259, as encoding/json
// does. Invalid UTF-8 in strings passes, as in encoding/json's validity
// check; Unquote copies such bytes as they are, where encoding/json's
// decoding replaces them by U+FFFD. One error is classed differently: a
// string, number or literal that only white space follows to the end of
// the input ("tru\n", a string cut and a line feed after it) is a
// truncation, where encoding/json reports the line feed as a syntax error.
package jsontok

// Kind is the kind of a token.
type Kind uint8

// The kinds of tokens.
const (
	// EOF is no token: the end of the input.
	EOF Kind = iota
	// Invalid is no token: the Tokenizer stopped at an error (see Err).
	Invalid
	ObjectStart // '{'
	ObjectEnd   // '}'
	ArrayStart  // '['
	ArrayEnd    // ']'
	Colon       // ':'
	Comma       // ','
	String      // a string, quotes included
	Number      // a number
	True        // true
	False       // false
	Null        // null
	// Object is a whole object, as Value reads it.
	Object
	// Array is a whole array, as Value reads it.
	Array
)

var kindNames = [...]string{"EOF", "Invalid", "'{'", "'}'", "'['", "']'", "':'", "','", "string", "number", "true", "false", "null", "object", "array"}

// String names the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Token is one token of the input: its kind and its bytes, b[Off:End].
// (It has four fields, so that the compiler keeps it in registers.)
type Token struct {
	Off, End int
	// Int is the value of a Number that is Small.
	Int int
	k   Kind // the kind, with the flags below
}

// Flags of Token.k.
const (
	flagEsc   Kind = 0x40
	flagSmall Kind = 0x80
	kindMask  Kind = 0x3f
)

// Kind returns the token's kind.
func (t Token) Kind() Kind { return t.k & kindMask }

// Esc reports whether a String holds escapes: its content needs Unquote.
func (t Token) Esc() bool { return t.k&flagEsc != 0 }

// Small reports whether a Number is an integer of at most 9 digits (with
// no fraction or exponent), whose value is Int.
func (t Token) Small() bool { return t.k&flagSmall != 0 }

// Content returns the bytes between the quotes of a String token of b,
// escapes undecoded.
func (t Token) Content(b []byte) []byte { return b[t.Off+1 : t.End-1] }

// IsSpace reports whether c is JSON white space: a space, a tab, a line
// feed or a carriage return.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the offset of the first byte from b[i] on that is not
// white space, or len(b).
func SkipSpace(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && IsSpace(b[i]) {
		i++
	}
	return i
}

// SkipBOM returns 3 when b starts with a UTF-8 byte order mark, else 0.
func SkipBOM(b []byte) int {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return 3
	}
	return 0
}

// plain marks the bytes a string holds as they are: not a quote, not a
// backslash, not a control character.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// ScanString scans the string whose opening quote is b[i]. It returns the
// offset just after the closing quote and whether the string holds
// escapes. ok is false when the string is not well formed: end is then
// the offset of the fault (a control character, the backslash of a bad
// escape), or len(b) when the input ends inside the string.
func ScanString(b []byte, i int) (end int, esc, ok bool) {
	j := i + 1
	for {
		for j < len(b) && plain[b[j]] {
			j++
		}
		if j >= len(b) {
			return len(b), esc, false
		}
		switch b[j] {
		case '"':
			return j + 1, esc, true
		case '\\':
			esc = true
			n := escapeLen(b, j)
			if n <= 0 {
				if n < 0 {
					return len(b), esc, false
				}
				return j, esc, false
			}
			j += n
		default: // a control character
			return j, esc, false
		}
	}
}

// PlainString scans the string whose opening quote is b[i] when it holds
// no escapes and no control characters, the common case, and returns the
// offset just after its closing quote. ok is false for any other string
// (ScanString tells what it is). It is small enough to be inlined into a
// fast path.
func PlainString(b []byte, i int) (end int, ok bool) {
	j := i + 1
	for j < len(b) && plain[b[j]] {
		j++
	}
	return j + 1, j < len(b) && b[j] == '"'
}

// SmallUint scans the number at b[i] when it is a non-negative integer of
// at most 9 digits, the common case, and returns the offset just after it
// and its value. ok is false for any other number, or no number, and for
// digits after a leading zero (ScanNumber tells). It is small enough to be
// inlined into a fast path.
func SmallUint(b []byte, i int) (end, val int, ok bool) {
	j := i
	for j < len(b) && b[j]-'0' <= 9 {
		val = val*10 + int(b[j]-'0')
		j++
	}
	n := j - i
	ok = n > 0 && n <= 9 && (b[i] != '0' || n == 1) && (j >= len(b) || !fracExp[b[j]])
	return j, val, ok
}

// fracExp marks the bytes that continue an integer into a fraction or an
// exponent.
var fracExp = [256]bool{'.': true, 'e': true, 'E': true}

// escapeLen returns the length of the escape at b[j] (a backslash): 2, or
// 6 for \uXXXX; 0 when it is not a valid escape, -1 when the input ends
// inside it.
func escapeLen(b []byte, j int) int {
	if j+1 >= len(b) {
		return -1
	}
	switch b[j+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		for k := j + 2; k < j+6; k++ {
			if k >= len(b) {
				return -1
			}
			if hexVal(b[k]) < 0 {
				return 0
			}
		}
		return 6
	}
	return 0
}

func hexVal(c byte) rune {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0')
	case c >= 'a' && c <= 'f':
		return rune(c - 'a' + 10)
	case c >= 'A' && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}

// ScanNumber scans the number at b[i] (a '-' or a digit). It returns the
// offset just after it; small reports an integer of at most 9 digits,
// without fraction or exponent, whose value is val. ok is false when the
// number is not well formed (a '-', '.' or exponent without digits): end
// is then the offset of the fault, or len(b) when the input ends inside
// the number. As in encoding/json, a number ends where its grammar does:
// "01" is the number 0 followed by 1, which a caller then rejects.
func ScanNumber(b []byte, i int) (end, val int, small, ok bool) {
	j := i
	neg := b[j] == '-'
	if neg {
		j++
	}
	d := j
	if j >= len(b) {
		return j, 0, false, false
	}
	switch c := b[j]; {
	case c == '0':
		j++ // and the number's integer part ends: "01" is 0, then 1
	case c >= '1' && c <= '9':
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			val = val*10 + int(b[j]-'0')
			j++
		}
	default:
		return j, 0, false, false
	}
	small = j-d <= 9
	if j < len(b) && b[j] == '.' {
		small = false
		j++
		d := j
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == d {
			return j, 0, false, false
		}
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		small = false
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		d := j
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == d {
			return j, 0, false, false
		}
	}
	if !small {
		return j, 0, false, true
	}
	if neg {
		val = -val
	}
	return j, val, true, true
}

// ScanLiteral scans the literal true, false or null at b[i] and returns
// the offset just after it and its kind. ok is false when b[i:] does not
// start with one of them (kind is then Invalid): end is then the offset of
// the first byte that differs, or len(b) when the input ends inside the
// literal.
func ScanLiteral(b []byte, i int) (end int, kind Kind, ok bool) {
	w := literals[b[i]]
	for k := 1; k < len(w); k++ {
		if i+k >= len(b) {
			return len(b), Invalid, false
		}
		if b[i+k] != w[k] {
			return i + k, Invalid, false
		}
	}
	return i + len(w), literalKinds[b[i]], w != ""
}

// literals are the literals by their first byte, literalKinds their kinds
// (Invalid for other bytes).
var (
	literals     = [256]string{'t': "true", 'f': "false", 'n': "null"}
	literalKinds = func() (k [256]Kind) {
		for c := range k {
			k[c] = Invalid
		}
		k['t'], k['f'], k['n'] = True, False, Null
		return k
	}()
)
