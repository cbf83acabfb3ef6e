package jsontok

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// dropX drops the members whose keys start with "x" and keeps whole those
// whose keys start with "w".
func dropX(k []byte) Keep {
	switch {
	case len(k) > 0 && k[0] == 'x':
		return Drop
	case len(k) > 0 && k[0] == 'w':
		return Whole
	}
	return Member
}

// pruneJSON is what Prune must give: v with the members of its objects
// whose keys start with "x" removed, except inside members whose keys
// start with "w".
func pruneJSON(v any, whole bool) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch {
			case whole:
			case strings.HasPrefix(k, "x"):
				delete(x, k)
			default:
				x[k] = pruneJSON(e, strings.HasPrefix(k, "w"))
			}
		}
	case []any:
		for i := range x {
			x[i] = pruneJSON(x[i], whole)
		}
	}
	return v
}

func TestPrune(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`1`, `1`},
		{` {"a" : [1, 2, {"x": 3, "b": "s"}], "x": {"a": [1]}, "c": null} `, `{"a":[1,2,{"b":"s"}],"c":null}`},
		{`{"x":1}`, `{}`},
		{`{"x":1,"a":2}`, `{"a":2}`},
		{`{"a":2,"x":1}`, `{"a":2}`},
		{`{"\u0078":1,"a":{}}`, `{"a":{}}`}, // an escaped key is read unescaped
		{`{"w":{"x":1,"y":[{"x":2}]},"v":{"x":1}}`, `{"w":{"x":1,"y":[{"x":2}]},"v":{}}`},
		{`[[],{},[{"x":[1,2,3]}]]`, `[[],{},[{}]]`},
	} {
		var tk Tokenizer
		tk.Reset([]byte(c.in), 0)
		got := tk.Prune(nil, dropX, 100)
		if tk.Err() != nil || !tk.End() || string(got) != c.want {
			t.Errorf("Prune(%s) = %s, %v; want %s", c.in, got, tk.Err(), c.want)
		}
	}
	// The limit counts what is kept, not what is dropped.
	var tk Tokenizer
	in := `{"x":[` + strings.Repeat("1,", 1000) + `1],"a":[1,2,3]}`
	tk.Reset([]byte(in), 0)
	if got := tk.Prune(nil, dropX, 5); tk.Err() != nil || string(got) != `{"a":[1,2,3]}` {
		t.Errorf("5 values kept: %s, %v", got, tk.Err())
	}
	tk.Reset([]byte(in), 0)
	tk.Prune(nil, dropX, 4)
	if e := tk.Err(); e == nil || !errors.Is(e, ErrTooLarge) || e.Offset != strings.Index(in, "3") {
		t.Errorf("4 values kept: error %v, want ErrTooLarge at the 3", e)
	}
	// Syntax errors are the Tokenizer's.
	for _, in := range []string{`{"a":[1,}`, `{"x":[1,}`, `{"a":1`, `{"a" 1}`, `[1 2]`, `{"x":tru}`} {
		tk.Reset([]byte(in), 0)
		tk.Prune(nil, dropX, 100)
		if tk.Err() == nil {
			t.Errorf("Prune(%s): no error", in)
		}
	}
	// Pruned leaves a short value alone, and checks what follows a long one.
	var buf []byte
	short := []byte(`{"x":1}`)
	if got, err := tk.Pruned(&buf, short, dropX, false); err != nil || &got[0] != &short[0] {
		t.Errorf("Pruned of a short value: %s, %v", got, err)
	}
	if got, err := tk.Pruned(&buf, short, dropX, true); err != nil || string(got) != `{}` {
		t.Errorf("Pruned forced: %s, %v", got, err)
	}
	if _, err := tk.Pruned(&buf, []byte(`{} x`), dropX, true); err == nil {
		t.Error("Pruned of a value and text after it: no error")
	}
}

// FuzzPrune: for any input, Prune must not panic; it must accept exactly
// the inputs the Tokenizer's Value accepts; and for valid JSON its output
// must be valid JSON that decodes as the input, decoded and pruned by
// encoding/json, does.
func FuzzPrune(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,{"x":2}],"x":3}`, `{"w":{"x":1}}`, `[]`, `"s"`, `{"\u0078y":1}`, `{"a":1,"a":2}`,
		`[{"x":[[[]]]},{"b":{"x":{}}}]`, `{"a":`, `{"x":[1,]}`, `1.5e3`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var tk, ref Tokenizer
		tk.Reset(data, 0)
		out := tk.Prune(nil, dropX, 1<<20)
		ref.Reset(data, 0)
		ref.Value()
		if (tk.Err() == nil) != (ref.Err() == nil) {
			t.Fatalf("Prune error %v, Value error %v", tk.Err(), ref.Err())
		}
		if tk.Err() != nil {
			if tk.Err().Offset != ref.Err().Offset {
				t.Fatalf("Prune error at %d, Value error at %d", tk.Err().Offset, ref.Err().Offset)
			}
			return
		}
		if tk.Pos() != ref.Pos() {
			t.Fatalf("Prune ends at %d, Value at %d", tk.Pos(), ref.Pos())
		}
		if !json.Valid(out) {
			t.Fatalf("Prune gave invalid JSON %q", out)
		}
		var in, got any
		if json.Unmarshal(data[:ref.Pos()], &in) != nil {
			return // what encoding/json decodes differently (duplicate keys are fine)
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		if want := pruneJSON(in, false); !reflect.DeepEqual(got, want) {
			t.Fatalf("Prune(%q) = %q", data, out)
		}
	})
}
