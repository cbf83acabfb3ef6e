package tenhou

import (
	"bytes"
	"encoding/binary"
	"net/url"
	"strings"
	"unicode/utf8"
)

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

// parseRune parses the digits of a numeric character reference in the
// given base; -1 when they are not a valid code point.
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

// decodeName decodes a UN name: XML entities, then percent-encoding (Tenhou
// encodes every byte). Malformed escapes are kept as they are, and bytes that
// are not UTF-8 become U+FFFD.
func decodeName(v []byte) string {
	b := unescape(v)
	i := bytes.IndexByte(b, '%')
	if i < 0 {
		return toValidUTF8(b)
	}
	// A name is short: decode it on the stack, so that the string is the
	// only allocation. The decoded name is never longer than b, and
	// Tenhou's names, eight characters at most, take up to 72 bytes
	// encoded.
	var buf [128]byte
	out := buf[:]
	if len(b) > len(buf) {
		out = make([]byte, len(b))
	}
	j := copy(out, b[:i])
	for i < len(b) {
		c := b[i]
		if c == '%' && i+2 < len(b) {
			if hi, lo := hexValue[b[i+1]], hexValue[b[i+2]]; hi|lo < 16 {
				c = hi<<4 | lo
				i += 2
			}
		}
		out[j] = c
		j++
		i++
	}
	return toValidUTF8(out[:j])
}

// hexValue maps each hexadecimal digit, either case, to its value and every
// other byte to 0xff.
var hexValue = func() (t [256]byte) {
	for c := range t {
		switch {
		case c >= '0' && c <= '9':
			t[c] = byte(c - '0')
		case c >= 'a' && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		default:
			t[c] = 0xff
		}
	}
	return t
}()

// decodeText decodes an attribute's entities and makes it valid UTF-8.
func decodeText(v []byte) string {
	b := unescape(v)
	if bytes.IndexByte(b, '%') >= 0 {
		if u, err := url.PathUnescape(string(b)); err == nil {
			return strings.ToValidUTF8(u, "\uFFFD")
		}
	}
	return toValidUTF8(b)
}

// toValidUTF8 returns b as a string, with each byte that is not UTF-8
// replaced by U+FFFD.
func toValidUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(bytes.ToValidUTF8(b, []byte("\uFFFD")))
}

// isASCII reports whether b has only 7-bit bytes.
func isASCII(b []byte) bool {
	for len(b) >= 32 {
		if (binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:])|
			binary.LittleEndian.Uint64(b[16:])|binary.LittleEndian.Uint64(b[24:]))&0x8080808080808080 != 0 {
			return false
		}
		b = b[32:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// removePrompts appends src to dst without the console prompts that a
// Windows shell wrote into some saved logs: a line break, one or more lines
// of non-ASCII text (the prompt in the console's code page, such as GBK
// "系统无法接受输入的时间。" / "输入新时间"), and the prompt's closing ": ".
// Tenhou writes mjlog in pure ASCII (names are percent-encoded), so such
// text cannot belong to the log; it lands anywhere, even inside a number,
// and removing it exactly restores the document. It returns the new slice
// and the number of prompts removed.
func removePrompts(dst, src []byte) ([]byte, int) {
	n := 0
	for i := 0; i < len(src); {
		if src[i] == '\n' {
			if end := promptEnd(src, i); end > 0 {
				n++
				i = end
				continue
			}
		}
		dst = append(dst, src[i])
		i++
	}
	return dst, n
}

// promptEnd returns the end of a console prompt starting with the line
// break at src[i], or 0 if there is none there.
func promptEnd(src []byte, i int) int {
	j := i
	for j+1 < len(src) && src[j] == '\n' && src[j+1] >= 0x80 {
		j++
		for j < len(src) && src[j] >= 0x80 {
			j++
		}
	}
	if j > i && j+2 <= len(src) && src[j] == ':' && src[j+1] == ' ' {
		return j + 2
	}
	return 0
}
