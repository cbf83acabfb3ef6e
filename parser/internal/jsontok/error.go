package jsontok

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// The errors an *Error of the Tokenizer wraps.
var (
	// ErrSyntax: the input is not JSON.
	ErrSyntax = errors.New("JSON syntax error")
	// ErrComment: a // or /* comment, which JSON does not have (some
	// writers add them). It wraps ErrSyntax.
	ErrComment = fmt.Errorf("comment: %w", ErrSyntax)
	// ErrTruncated: the input ends inside a value.
	ErrTruncated = errors.New("truncated JSON")
)

// Error is an error at a position of the input.
type Error struct {
	// Offset is the byte offset in the input.
	Offset int
	// Line and Col are the 1-based line and column of Offset (see
	// LineCol).
	Line, Col int
	// Msg says what is wrong.
	Msg string
	// Err is ErrSyntax, ErrComment or ErrTruncated for the Tokenizer's
	// errors, the error positioned for Wrap's.
	Err error
}

// Error returns "line L, column C: message".
func (e *Error) Error() string {
	return "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Shift gives e's line and column in a text in which the input e was
// found in starts at the 1-based line and column (the file of a game that
// does not start it).
func (e *Error) Shift(line, col int) {
	if e.Line == 1 {
		e.Col += col - 1
	}
	e.Line += line - 1
}

// Truncated reports whether the error is the end of the input inside a
// value.
func (e *Error) Truncated() bool { return e.Err == ErrTruncated }

// NewError returns an error at offset off of b, wrapping kind.
func NewError(b []byte, off int, kind error, msg string) *Error {
	e := &Error{Offset: off, Msg: msg, Err: kind}
	e.Line, e.Col = LineCol(b, off)
	return e
}

// Wrap positions err at offset off of b: the *Error's message is err's,
// and it unwraps to err. Decoders use it to give the line and column of
// their own errors.
func Wrap(b []byte, off int, err error) *Error {
	return NewError(b, off, err, err.Error())
}

// LineCol returns the 1-based line and column of offset off of b. Lines
// end at line feeds (so a CR LF pair ends one line, and the carriage
// return is the line's last character). Columns count characters (runes:
// a character of several bytes in UTF-8 is one column, an invalid byte is
// one), not bytes; a byte order mark at the start of b takes no column.
// An offset past the end counts as len(b).
func LineCol(b []byte, off int) (line, col int) {
	off = max(0, min(off, len(b)))
	bom := SkipBOM(b)
	b = b[:off]
	line = 1 + bytes.Count(b, nl)
	start := bytes.LastIndexByte(b, '\n') + 1
	if start == 0 {
		start = min(bom, off)
	}
	return line, 1 + utf8.RuneCount(b[start:])
}

var nl = []byte{'\n'}

// Short shortens s, a piece of the input, for a message: its first 60
// bytes at most, cut at a character boundary, and "…" when it was cut.
func Short(s string) string {
	if len(s) <= 60 {
		return s
	}
	n := 60
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
