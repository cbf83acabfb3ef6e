package event

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuote is the most bytes of one piece of input text that haifu writes
// in a message or a table value: a tile, a name, a line of a listing, a
// member of an archive. A log may hold any text of any length (a tile
// name of twenty million characters); longer pieces are cut (Clip,
// ClipText), with their full length said, so that what haifu writes of an
// input stays in proportion to what it found rather than to the text the
// input holds.
const MaxQuote = 200

// Clip returns s when it has at most MaxQuote bytes; else its first bytes
// (at most MaxQuote, cut before a character that would not fit whole),
// "…" and its full length: "AAAA… (20000000 bytes)".
func Clip(s string) string {
	if len(s) <= MaxQuote {
		return s
	}
	return string(appendClipped(nil, s))
}

// ellipsis marks where a piece was cut.
const ellipsis = "…"

// appendClipped appends the first bytes of s that fit in MaxQuote with
// the ellipsis after them (whole characters), the ellipsis and " (n
// bytes)", n the length of s. What it appends is no piece longer than
// MaxQuote: a text cut is not cut again.
func appendClipped(b []byte, s string) []byte {
	cut := min(len(s), MaxQuote-len(ellipsis))
	for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	b = append(b, s[:cut]...)
	b = append(b, ellipsis...)
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	return append(b, " bytes)"...)
}

// ClipText returns text with every piece of it longer than MaxQuote bytes
// cut as Clip cuts it: a string in double quotes (as %q writes one,
// escapes and all), or else a run of bytes without a space or a quote (a
// path, a member name, a value written unquoted). A quoted piece is cut inside its
// quotes, between escapes: "AAAA…" (20000002 bytes). Messages quote input
// text in either way; this cuts it in the message as a whole, whoever
// wrote it. It returns text itself, without allocating, when no piece is
// that long, and takes time linear in its length.
func ClipText(text string) string {
	if len(text) <= MaxQuote {
		return text
	}
	var b []byte // nil until a piece is cut
	done := 0    // text[:done] is in b
	for i := 0; i < len(text); {
		if text[i] == ' ' {
			i++
			continue
		}
		if text[i] == '"' {
			if end := closingQuote(text, i); end >= 0 {
				if end-i-1 > MaxQuote {
					b = append(b, text[done:i+1]...)
					b = appendQuoted(b, text[i+1:end])
					done = end + 1
				}
				i = end + 1
				continue
			}
			// A quote that no quote closes starts a run like any other.
		}
		end := runEnd(text, i+1)
		if end-i > MaxQuote {
			if p := text[end-1]; p == ':' || p == ',' || p == ';' {
				end-- // "path: message": the colon is the message's
			}
			b = append(b, text[done:i]...)
			b = appendClipped(b, text[i:end])
			done = end
		}
		i = end
	}
	if b == nil {
		return text
	}
	return string(append(b, text[done:]...))
}

// runEnd returns the end of the run of bytes that goes on at i: up to a
// space or a quote.
func runEnd(text string, i int) int {
	for i < len(text) && text[i] != ' ' && text[i] != '"' {
		i++
	}
	return i
}

// closingQuote returns the index of the quote that closes the quoted
// string opening at i, or -1.
func closingQuote(text string, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

// appendQuoted appends the first bytes of the quoted content q (escapes
// and characters kept whole) that fit in MaxQuote with the ellipsis after
// them, the ellipsis, the closing quote and " (n bytes)": the text still
// reads as a quoted string, and is not cut again.
func appendQuoted(b []byte, q string) []byte {
	cut := 0
	for cut < len(q) {
		next := cut + 1
		if q[cut] == '\\' {
			next = escapeEnd(q, cut)
		} else if q[cut] >= utf8.RuneSelf {
			_, size := utf8.DecodeRuneInString(q[cut:])
			next = cut + size
		}
		if next > MaxQuote-len(ellipsis) {
			break
		}
		cut = next
	}
	b = append(b, q[:cut]...)
	b = append(b, ellipsis+`" (`...)
	b = strconv.AppendInt(b, int64(len(q)), 10)
	return append(b, " bytes)"...)
}

// escapeEnd returns the end of the escape that starts at i in q (a
// backslash and what Go's quoting puts after it).
func escapeEnd(q string, i int) int {
	n := 2
	if i+1 < len(q) {
		switch q[i+1] {
		case 'x':
			n = 4
		case 'u':
			n = 6
		case 'U':
			n = 10
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n = 4
		}
	}
	return min(i+n, len(q))
}

// ClipError returns err when its message has no piece longer than
// MaxQuote bytes, else an error whose message is cut as ClipText cuts it
// and which wraps err (errors.Is and errors.As see it). An *Error cuts its
// own message.
func ClipError(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if c := ClipText(msg); len(c) != len(msg) {
		return &clippedError{msg: c, err: err}
	}
	return err
}

// clippedError is an error whose message was cut.
type clippedError struct {
	msg string
	err error
}

func (e *clippedError) Error() string { return e.msg }
func (e *clippedError) Unwrap() error { return e.err }
