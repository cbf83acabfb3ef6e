package jsontok

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"unicode/utf8"
)

// FuzzTokenize feeds arbitrary bytes to the Tokenizer. It must never
// panic; Next's tokens must tile the input with only white space between
// them; Value must find the end of the first value exactly where
// encoding/json's Decoder does, and reject what it rejects, for the same
// reason (a truncation or a syntax error); a whole input must be valid
// exactly when json.Valid says so; and a string's Unquote must give what
// encoding/json decodes (for valid UTF-8: encoding/json replaces invalid
// bytes by U+FFFD, Unquote keeps them). Like the Decoder, Value ends a
// top-level number, string or literal at its last byte whatever follows
// ("12x" is 12, "01" is 0): the caller sees the rest when it reads on.
// The one difference: a token cut short and only white space after it is
// a truncation, where encoding/json reports a syntax error.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{
		``, ` `, `0`, `-0.5e+3`, `01`, `1.`, `"a\"b\u00e9\ud83c\udc00"`, `"\x"`, "\"a\tb\"",
		`true`, `tru`, `nul`, `[1,2,[3,{"a":null}]]`, `[1,]`, `{"a" 1}`, `{"a":1,}`, `[1 2]`,
		"{\r\n \"log\": [[0, 0, 0], [25000]]\r\n}", `[`, `{"a":[1,2,`, `12x`, `[1] x`, `"a" "b"`,
		"// c\n1", "\xef\xbb\xbf{}", `["\ud83c"]`, "[\"\xff\"]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Next: tokens in order, white space between them.
		var tk Tokenizer
		tk.Reset(data, 0)
		prev := 0
		for {
			x := tk.Next()
			if x.Kind() == Invalid {
				e := tk.Err()
				if e == nil || e.Offset < prev || e.Offset > len(data) {
					t.Fatalf("Next: error %v at %d after %d", e, e.Offset, prev)
				}
				checkPos(t, data, e)
				break
			}
			if x.Off < prev || x.End < x.Off || x.End > len(data) {
				t.Fatalf("Next: token %v [%d:%d] after %d", x.Kind(), x.Off, x.End, prev)
			}
			if SkipSpace(data, prev) != x.Off {
				t.Fatalf("Next: %q between tokens", data[prev:x.Off])
			}
			if x.Kind() == EOF {
				break
			}
			checkFast(t, data, x.Off)
			prev = x.End
		}

		// Value against encoding/json's Decoder.
		tk.Reset(data, 0)
		v := tk.Value()
		e := tk.Err()
		dec := json.NewDecoder(bytes.NewReader(data))
		var raw json.RawMessage
		derr := dec.Decode(&raw)
		switch {
		case derr == nil && e != nil:
			t.Fatalf("Value: %v; encoding/json reads %q", e, raw)
		case derr == nil && v.End != int(dec.InputOffset()):
			t.Fatalf("Value ends at %d, encoding/json at %d", v.End, dec.InputOffset())
		case derr != nil && e == nil:
			t.Fatalf("Value reads %q [%d:%d]; encoding/json: %v", data[v.Off:v.End], v.Off, v.End, derr)
		case derr != nil && e != nil:
			if (derr == io.ErrUnexpectedEOF || derr == io.EOF) != e.Truncated() && !(e.Truncated() && cutThenSpace(data)) {
				t.Fatalf("Value: %v; encoding/json: %v", e, derr)
			}
			checkPos(t, data, e)
		}

		// A whole input.
		valid := e == nil && tk.End()
		if valid != json.Valid(data) {
			t.Fatalf("valid: %v (%v); json.Valid: %v", valid, tk.Err(), !valid)
		}
		if !valid {
			return
		}

		// Strings decode as encoding/json decodes them, and every prefix
		// of a valid input is valid itself or cut short.
		tk.Reset(data, 0)
		for x := tk.Next(); x.Kind() != EOF; x = tk.Next() {
			if x.Kind() != String || !utf8.Valid(data[x.Off:x.End]) {
				continue
			}
			got, ok := Unquote(nil, x.Content(data))
			var want string
			if err := json.Unmarshal(data[x.Off:x.End], &want); err != nil || !ok || string(got) != want {
				t.Fatalf("Unquote(%s) = %q, %v; encoding/json %q, %v", data[x.Off:x.End], got, ok, want, err)
			}
			if !x.Esc() && string(got) != string(x.Content(data)) {
				t.Fatalf("%s: no escapes, but Unquote gives %q", data[x.Off:x.End], got)
			}
		}
		if len(data) > 256 {
			return // the prefixes cost n²
		}
		for k := range len(data) {
			tk.Reset(data[:k], 0)
			tk.Value()
			tk.End()
			if e := tk.Err(); e != nil && !e.Truncated() {
				t.Fatalf("prefix %q of a valid input: %v", data[:k], e)
			}
		}
	})
}

// checkFast checks the fast paths against the general scanners at the
// token starting at data[i].
func checkFast(t *testing.T, data []byte, i int) {
	switch c := data[i]; {
	case c == '"':
		end, esc, ok := ScanString(data, i)
		pend, pok := PlainString(data, i)
		if pok != (ok && !esc) || (pok && pend != end) {
			t.Fatalf("PlainString(%q) = %d, %v; ScanString %d, %v, %v", data[i:], pend, pok, end, esc, ok)
		}
	case c >= '0' && c <= '9':
		end, v, small, ok := ScanNumber(data, i)
		send, sv, sok := SmallUint(data, i)
		// SmallUint leaves "01" (0, then 1) to ScanNumber.
		leadingZero := end < len(data) && data[end] >= '0' && data[end] <= '9'
		if (sok && (!ok || !small || send != end || sv != v)) || (!sok && ok && small && !leadingZero) {
			t.Fatalf("SmallUint(%q) = %d, %d, %v; ScanNumber %d, %d, %v, %v", data[i:], send, sv, sok, end, v, small, ok)
		}
	}
}

// cutThenSpace reports whether data is a truncated value followed by white
// space, which encoding/json reports as a syntax error when the cut is
// inside a token.
func cutThenSpace(data []byte) bool {
	d := bytes.TrimRight(data, " \t\r\n")
	if len(d) == len(data) {
		return false
	}
	var raw json.RawMessage
	err := json.NewDecoder(bytes.NewReader(d)).Decode(&raw)
	return err == io.ErrUnexpectedEOF
}

// checkPos checks an error's line and column against a count of its own.
func checkPos(t *testing.T, data []byte, e *Error) {
	t.Helper()
	line, col := 1, 1
	for i, r := range string(data[:e.Offset]) {
		switch {
		case r == '\n':
			line, col = line+1, 1
		case i == 0 && r == '\ufeff':
		default:
			col++
		}
	}
	if e.Line != line || e.Col != col {
		t.Fatalf("%v: at line %d, column %d", e, line, col)
	}
	if !errors.Is(e, ErrSyntax) && !errors.Is(e, ErrTruncated) {
		t.Fatalf("%v wraps neither sentinel", e)
	}
}
