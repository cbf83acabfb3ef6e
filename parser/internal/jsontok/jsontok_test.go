package jsontok

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// tok renders a token as "kind text" for the tables.
func tok(b []byte, t Token) string {
	s := t.Kind().String() + " " + string(b[t.Off:t.End])
	if t.Esc() {
		s += " esc"
	}
	if t.Small() {
		s += fmt.Sprintf(" =%d", t.Int)
	}
	return s
}

// errText renders an error as "offset kind: message" for the tables.
func errText(e *Error) string {
	if e == nil {
		return ""
	}
	kind := "syntax"
	switch {
	case e.Truncated():
		kind = "truncated"
	case errors.Is(e, ErrComment):
		kind = "comment"
	}
	return fmt.Sprintf("%d %s: %s", e.Offset, kind, e.Msg)
}

func TestNext(t *testing.T) {
	tests := []struct {
		in   string
		want []string // tokens
		err  string   // errText of the error after them
	}{
		{in: "", want: nil},
		{in: " \t\r\n ", want: nil},
		{in: "{}[]:,", want: []string{"'{' {", "'}' }", "'[' [", "']' ]", "':' :", "',' ,"}},
		{in: `"" "a" "あ" "\"" "a\\b\/\b\f\n\r\t" "\u0041\ud83c\udc00"`, want: []string{
			`string ""`, `string "a"`, `string "あ"`, `string "\"" esc`, `string "a\\b\/\b\f\n\r\t" esc`, `string "\u0041\ud83c\udc00" esc`}},
		{in: "0 -0 7 42 -42 123456789 -123456789 1234567890 1.5 -0.25 1e5 1E+5 2e-3 0.0e0", want: []string{
			"number 0 =0", "number -0 =0", "number 7 =7", "number 42 =42", "number -42 =-42", "number 123456789 =123456789",
			"number -123456789 =-123456789", "number 1234567890", "number 1.5", "number -0.25", "number 1e5", "number 1E+5",
			"number 2e-3", "number 0.0e0"}},
		{in: "true false null", want: []string{"true true", "false false", "null null"}},
		{in: `[1,"a",{"k":null}]`, want: []string{"'[' [", "number 1 =1", "',' ,", `string "a"`, "',' ,", "'{' {", `string "k"`, "':' :", "null null", "'}' }", "']' ]"}},
		// Next checks tokens, not their order.
		{in: "] 1 [", want: []string{"']' ]", "number 1 =1", "'[' ["}},
		{in: "12x", want: []string{"number 12 =12"}, err: "2 syntax: unexpected 'x'"},
		{in: "truex", want: []string{"true true"}, err: "4 syntax: unexpected 'x'"},
		// Errors.
		{in: "\"a\x01\"", err: "2 syntax: control character 0x01 in a string"},
		{in: "\"a\tb\"", err: "2 syntax: control character 0x09 in a string"},
		{in: `"a\x"`, err: `2 syntax: invalid escape "\\x" in a string`},
		{in: `"\u12G4"`, err: `1 syntax: invalid escape "\\u12G4" in a string`},
		{in: `"abc`, err: "0 truncated: a string is not terminated (truncated)"},
		{in: `"ab\`, err: "0 truncated: a string is not terminated (truncated)"},
		{in: `"ab\u00`, err: "0 truncated: a string is not terminated (truncated)"},
		// Cut short, then white space to the end: a truncation.
		{in: "\"ab\n", err: "0 truncated: a string is not terminated (truncated)"},
		{in: "\"ab\r\n \t", err: "0 truncated: a string is not terminated (truncated)"},
		{in: "\"ab\nc\"", err: "3 syntax: control character 0x0a in a string"},
		{in: "tru\n", err: "4 truncated: the input ends inside a literal (truncated)"},
		{in: "1.\r\n", err: "4 truncated: the input ends inside a number (truncated)"},
		{in: "01 -01", want: []string{"number 0 =0", "number 1 =1", "number -0 =0", "number 1 =1"}},
		{in: "-x", err: `0 syntax: malformed number "-x"`},
		{in: "1.x", err: `0 syntax: malformed number "1.x"`},
		{in: "1e+]", err: `0 syntax: malformed number "1e+]"`},
		{in: "+1", err: "0 syntax: unexpected '+'"},
		{in: ".5", err: "0 syntax: unexpected '.'"},
		{in: "-", err: "1 truncated: the input ends inside a number (truncated)"},
		{in: "1.", err: "2 truncated: the input ends inside a number (truncated)"},
		{in: "1e", err: "2 truncated: the input ends inside a number (truncated)"},
		{in: "1e-", err: "3 truncated: the input ends inside a number (truncated)"},
		{in: "tru", err: "3 truncated: the input ends inside a literal (truncated)"},
		{in: "nul]", err: `0 syntax: invalid literal "nul]"`},
		{in: "folse", err: `0 syntax: invalid literal "fo"`},
		{in: "NaN", err: "0 syntax: unexpected 'N'"},
		{in: "1 // c", want: []string{"number 1 =1"}, err: "2 comment: a // comment: JSON has no comments"},
		{in: "/* c */", err: "0 comment: a /* comment: JSON has no comments"},
		{in: "/", err: "0 syntax: unexpected '/'"},
		{in: "\xef\xbb\xbf1", err: "0 syntax: unexpected '\ufeff' (U+FEFF)"},
		{in: "\x00", err: "0 syntax: unexpected byte 0x00"},
		{in: "\xff", err: "0 syntax: unexpected byte 0xff"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			b := []byte(tt.in)
			var tk Tokenizer
			tk.Reset(b, 0)
			var got []string
			for {
				x := tk.Next()
				if x.Kind() == EOF || x.Kind() == Invalid {
					if (x.Kind() == Invalid) != (tt.err != "") {
						t.Errorf("ends with %v", x.Kind())
					}
					break
				}
				got = append(got, tok(b, x))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("tokens\n%q\nwant\n%q", got, tt.want)
			}
			if e := errText(tk.Err()); e != tt.err {
				t.Errorf("error %q, want %q", e, tt.err)
			}
			// After the end or an error, Next keeps returning it.
			if x := tk.Next(); x.Kind() != EOF && x.Kind() != Invalid {
				t.Errorf("after the end: %v", x.Kind())
			}
		})
	}
}

func TestValue(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string // the value's token
		err  string
	}{
		{in: ` "a"`, want: `string "a"`},
		{in: `12,`, want: "number 12 =12"},
		{in: `12 `, want: "number 12 =12"},
		{in: `-3]`, want: "number -3 =-3"},
		{in: `1234567890]`, want: "number 1234567890"},
		{in: `1.5]`, want: "number 1.5"},
		{in: `null`, want: "null null"},
		{in: "[]", want: "array []"},
		{in: "{ }", want: "object { }"},
		{in: "[1, [2, [3, []]], {}] 4", want: "array [1, [2, [3, []]], {}]"},
		{in: "{\"a\": {\"b\": [true, false, null]}, \"c\" : \"\\u00e9\"}x", want: "object {\"a\": {\"b\": [true, false, null]}, \"c\" : \"\\u00e9\"}"},
		{in: "[[[]]]", max: 3, want: "array [[[]]]"},
		{in: "[[[[]]]]", max: 3, err: "3 syntax: nesting deeper than 3 levels"},
		{in: "[1 2]", err: "3 syntax: ',' or ']' expected in an array, found '2'"},
		{in: "[01]", err: "2 syntax: ',' or ']' expected in an array, found '1'"},
		{in: "01", want: "number 0 =0"},
		{in: "[1,]", err: "3 syntax: unexpected ']'"},
		{in: "[,1]", err: "1 syntax: unexpected ','"},
		{in: "[1}", err: "2 syntax: ',' or ']' expected in an array, found '}'"},
		{in: "{1:2}", err: "1 syntax: object key expected, found '1'"},
		{in: `{"a" 1}`, err: "5 syntax: ':' expected after an object key, found '1'"},
		{in: `{"a":1,}`, err: "7 syntax: object key expected, found '}'"},
		{in: `{"a":}`, err: "5 syntax: unexpected '}'"},
		{in: `{"a":1]`, err: "6 syntax: ',' or '}' expected in an object, found ']'"},
		{in: "[1, // c\n2]", err: "4 comment: a // comment: JSON has no comments"},
		{in: "", err: "0 truncated: the input ends inside a value (truncated)"},
		{in: "[", err: "1 truncated: the input ends inside a value (truncated)"},
		{in: "[1", err: "2 truncated: the input ends inside an array (truncated)"},
		{in: "[1,", err: "3 truncated: the input ends inside a value (truncated)"},
		{in: `{"a"`, err: "4 truncated: the input ends inside an object (truncated)"},
		{in: `{"a":`, err: "5 truncated: the input ends inside a value (truncated)"},
		{in: `{"a":1 `, err: "7 truncated: the input ends inside an object (truncated)"},
		{in: `["ab`, err: "1 truncated: a string is not terminated (truncated)"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			b := []byte(tt.in)
			tk := Tokenizer{MaxDepth: tt.max}
			tk.Reset(b, 0)
			x := tk.Value()
			got := ""
			if x.Kind() != Invalid {
				got = tok(b, x)
			}
			if got != tt.want {
				t.Errorf("value %q, want %q", got, tt.want)
			}
			if e := errText(tk.Err()); e != tt.err {
				t.Errorf("error %q, want %q", e, tt.err)
			}
			if tt.err == "" && tk.Pos() != x.End {
				t.Errorf("position %d after a value ending at %d", tk.Pos(), x.End)
			}
		})
	}
}

// TestEnter walks a document with Enter, Key, Value and More, as the
// decoders do, and checks the depth and the errors with their container
// names.
func TestEnter(t *testing.T) {
	b := []byte(` {"log": [[1, "a"], [], [2]], "x": {"y": 3}} `)
	var tk Tokenizer
	tk.Reset(b, 0)
	var got []string
	if tk.Peek() != '{' || !tk.Enter() {
		t.Fatal("no object")
	}
	for {
		k := tk.Key()
		got = append(got, "key "+string(k.Content(b)))
		if string(k.Content(b)) == "log" && tk.Peek() == '[' && tk.Enter() {
			for {
				if tk.Enter() {
					for {
						got = append(got, fmt.Sprintf("%d:%s", tk.Depth(), tok(b, tk.Value())))
						if !tk.More(']', "a round") {
							break
						}
					}
				}
				if !tk.More(']', "the log") {
					break
				}
			}
		} else {
			got = append(got, tok(b, tk.Value()))
		}
		if !tk.More('}', "the document") {
			break
		}
	}
	if !tk.End() || tk.Err() != nil || tk.Depth() != 0 {
		t.Fatalf("end: %v, depth %d", tk.Err(), tk.Depth())
	}
	want := []string{"key log", "3:number 1 =1", `3:string "a"`, "3:number 2 =2", "key x", `object {"y": 3}`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}

	for _, tt := range []struct{ in, err string }{
		{`[1 x`, "3 syntax: ',' or ']' expected in a round, found 'x'"},
		{`[1,2`, "4 truncated: the input ends inside a round (truncated)"},
		{`[1] 2`, "4 syntax: the end of the input expected, found '2'"},
		{`1`, "0 syntax: '[' or '{' expected, found '1'"},
		{`[[[1]]]`, "2 syntax: nesting deeper than 2 levels"},
	} {
		b := []byte(tt.in)
		tk := Tokenizer{MaxDepth: 2}
		tk.Reset(b, 0)
		if tk.Enter() {
			for {
				if tk.Peek() == '[' {
					if tk.Enter() {
						for tk.Value().Kind() != Invalid && tk.More(']', "an array") {
						}
					}
				} else {
					tk.Value()
				}
				if !tk.More(']', "a round") {
					break
				}
			}
		}
		tk.End()
		if e := errText(tk.Err()); e != tt.err {
			t.Errorf("%s: error %q, want %q", tt.in, e, tt.err)
		}
	}
}

// TestTruncation cuts documents at every byte: the prefix is then either
// a whole value itself or an error wrapping ErrTruncated, never a syntax
// error.
func TestTruncation(t *testing.T) {
	docs := []string{
		`{"title": ["a\"b", "\u00e9\ud83c\udc00"], "log": [[[0, 0, 0], [25000, -1.5e3], [true, false, null]], {}], "x": {"y": []}}`,
		"[\r\n  1,\r\n  \"あ\",\r\n  -0.5E+2\r\n]",
		`"just a string"`,
		`false`,
	}
	for _, doc := range docs {
		for k := range len(doc) {
			b := []byte(doc[:k])
			var tk Tokenizer
			tk.Reset(b, 0)
			tk.Value()
			tk.End()
			e := tk.Err()
			if e == nil {
				if !json.Valid(b) {
					t.Errorf("%q: no error", b)
				}
				continue
			}
			if !e.Truncated() || !errors.Is(e, ErrTruncated) || errors.Is(e, ErrSyntax) {
				t.Errorf("%q: %v, want a truncation", b, e)
			}
			if e.Offset > k {
				t.Errorf("%q: offset %d past the end", b, e.Offset)
			}
		}
		var tk Tokenizer
		tk.Reset([]byte(doc), 0)
		if x := tk.Value(); !tk.End() || x.End != len(doc) {
			t.Errorf("%q: %v", doc, tk.Err())
		}
	}
}

// TestStack checks the containers open at a truncation.
func TestStack(t *testing.T) {
	b := []byte(`{"a": [1, {"b": 2}, [3, 4`)
	var tk Tokenizer
	tk.Reset(b, 0)
	tk.Value()
	want := []Open{{Off: 0, Last: 1}, {Off: 6, Last: 18, Array: true}, {Off: 20, Last: 22, Array: true}}
	if got := tk.Stack(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("stack %v, want %v", got, want)
	}
	tk.Reset([]byte(`[1]`), 0)
	tk.Value()
	if len(tk.Stack()) != 0 {
		t.Errorf("stack %v after a whole value", tk.Stack())
	}
}

func TestLineCol(t *testing.T) {
	tests := []struct {
		in        string
		off       int
		line, col int
	}{
		{"", 0, 1, 1},
		{"abc", 0, 1, 1},
		{"abc", 2, 1, 3},
		{"abc", 3, 1, 4},
		{"abc", 99, 1, 4},
		{"abc", -1, 1, 1},
		{"a\nb", 1, 1, 2},
		{"a\nb", 2, 2, 1},
		{"a\n\nb", 3, 3, 1},
		{"ab\r\ncd", 2, 1, 3}, // the carriage return ends line 1
		{"ab\r\ncd", 4, 2, 1},
		{"ab\r\ncd", 5, 2, 2},
		{"a\rb", 2, 1, 3}, // a lone carriage return does not end a line
		{"あいx", 6, 1, 3},
		{"x\n€😀y", 2 + 3 + 4, 2, 3},
		{"\xff\xfex", 2, 1, 3}, // invalid bytes: one column each
		{"\xef\xbb\xbfx", 3, 1, 1},
		{"\xef\xbb\xbfx", 4, 1, 2},
		{"\xef\xbb\xbf\nx", 4, 2, 1},
		{"a\n\xef\xbb\xbfx", 5, 2, 2}, // a mark inside the text is a character
	}
	for _, tt := range tests {
		line, col := LineCol([]byte(tt.in), tt.off)
		if line != tt.line || col != tt.col {
			t.Errorf("LineCol(%q, %d) = %d, %d; want %d, %d", tt.in, tt.off, line, col, tt.line, tt.col)
		}
	}

	// An error's position.
	b := []byte("{\r\n  \"名前\": [1,\r\n   2 3]}")
	var tk Tokenizer
	tk.Reset(b, 0)
	tk.Value()
	e := tk.Err()
	if e == nil || e.Line != 3 || e.Col != 6 || e.Error() != "line 3, column 6: ',' or ']' expected in an array, found '3'" {
		t.Errorf("error %+v: %v", e, e)
	}
	w := Wrap(b, 6, errors.New("bad name"))
	if w.Error() != "line 2, column 4: bad name" || errors.Unwrap(w).Error() != "bad name" || w.Offset != 6 {
		t.Errorf("Wrap: %v", w)
	}
	if !errors.Is(ErrComment, ErrSyntax) || errors.Is(ErrTruncated, ErrSyntax) {
		t.Error("sentinels")
	}
}

func TestUnquote(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{``, ``, true},
		{`abc`, `abc`, true},
		{`a\"b\\c\/d`, `a"b\c/d`, true},
		{`\b\f\n\r\t`, "\b\f\n\r\t", true},
		{`\u0041\u00e9\u6771`, "Aé東", true},
		{`\ud83c\udc00!`, "🀀!", true},
		{`\ud83c`, "\ufffd", true},
		{`\ud83cx`, "\ufffdx", true},
		{`\udc00\ud83c`, "\ufffd\ufffd", true},
		{`\ud83c\u0041`, "\ufffdA", true},
		{"\xff", "\xff", true}, // invalid UTF-8 is copied
		{`\x`, ``, false},
		{`a\`, `a`, false},
		{`\u12`, ``, false},
		{`\u12G4`, ``, false},
	}
	for _, tt := range tests {
		got, ok := Unquote([]byte("pre:"), []byte(tt.in))
		if ok != tt.ok || (ok && string(got) != "pre:"+tt.want) {
			t.Errorf("Unquote(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if !tt.ok || !utf8.ValidString(tt.in) {
			continue
		}
		var s string
		if err := json.Unmarshal([]byte(`"`+tt.in+`"`), &s); err != nil || "pre:"+s != string(got) {
			t.Errorf("Unquote(%q) = %q, encoding/json %q (%v)", tt.in, got, s, err)
		}
	}
}

// TestFastPaths checks PlainString and SmallUint against ScanString and
// ScanNumber, which they stand for in the common cases.
func TestFastPaths(t *testing.T) {
	for _, in := range []string{`"abc"`, `""`, `"a\"b"`, "\"a\tb\"", `"abc`, `"é"x`,
		"0", "7,", "42]", "123456789}", "1234567890", "01", "0.5", "1e3", "12E", "-1", "-", "x", "9"} {
		b := []byte(in)
		if b[0] == '"' {
			end, esc, ok := ScanString(b, 0)
			pend, pok := PlainString(b, 0)
			if pok != (ok && !esc) || (pok && pend != end) {
				t.Errorf("PlainString(%s) = %d, %v; ScanString %d, %v, %v", in, pend, pok, end, esc, ok)
			}
			continue
		}
		end, v, small, ok := ScanNumber(b, 0)
		send, sv, sok := SmallUint(b, 0)
		want := ok && small && v >= 0 && b[0] != '-' && (end == len(b) || b[end] < '0' || b[end] > '9')
		if sok != want || (sok && (send != end || sv != v)) {
			t.Errorf("SmallUint(%s) = %d, %d, %v; ScanNumber %d, %d, %v, %v", in, send, sv, sok, end, v, small, ok)
		}
	}
}

// TestAllocs checks that reading tokens and values allocates nothing.
func TestAllocs(t *testing.T) {
	b := []byte(`{"log": [[[0, 0, 0], [25000, 25000], ["a\n", 1.5, true, null, -7]], {"x": [[], {}]}], "s": "\u00e9"}`)
	var tk Tokenizer
	tk.Reset(b, 0)
	tk.Value() // grow the stack once
	n := testing.AllocsPerRun(100, func() {
		tk.Reset(b, 0)
		for tk.Next().Kind() != EOF {
		}
		tk.Reset(b, 0)
		tk.Value()
		tk.Reset(b, 0)
		if tk.Enter() {
			for tk.Key().Kind() != Invalid && tk.Value().Kind() != Invalid && tk.More('}', "") {
			}
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}
