package jsontok

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// Unquote appends the decoded content of a string to dst and returns it:
// raw is the content between the quotes (Token.Content), escapes
// undecoded. ok is false when raw holds a bad escape. A \u escape of a
// surrogate that is not half of a pair gives U+FFFD, as encoding/json
// does; other bytes, invalid UTF-8 among them, are copied as they are.
func Unquote(dst, raw []byte) (_ []byte, ok bool) {
	for len(raw) > 0 {
		k := bytes.IndexByte(raw, '\\')
		if k < 0 {
			return append(dst, raw...), true
		}
		dst = append(dst, raw[:k]...)
		raw = raw[k:]
		if len(raw) < 2 {
			return dst, false
		}
		switch c := raw[1]; c {
		case '"', '\\', '/':
			dst = append(dst, c)
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
			r := hex4(raw)
			if r < 0 {
				return dst, false
			}
			raw = raw[6:]
			if utf16.IsSurrogate(r) {
				if r2 := hex4(raw); r2 >= 0 {
					if p := utf16.DecodeRune(r, r2); p != utf8.RuneError {
						dst = utf8.AppendRune(dst, p)
						raw = raw[6:]
						continue
					}
				}
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			return dst, false
		}
		raw = raw[2:]
	}
	return dst, true
}

// hex4 returns the code of the \uXXXX escape at the start of b, or -1.
func hex4(b []byte) rune {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return -1
	}
	r := rune(0)
	for _, c := range b[2:6] {
		h := hexVal(c)
		if h < 0 {
			return -1
		}
		r = r<<4 | h
	}
	return r
}
