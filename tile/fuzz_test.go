package tile_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/haifu/haifu/tile"
)

// FuzzParseTiles feeds arbitrary strings to the mpsz parser. It must never
// panic; a failure wraps ErrSyntax and returns no tiles; tiles it returns
// are valid, and formatting them gives a canonical string that parses back
// to the same tiles. Parse agrees with ParseTiles on two-byte inputs.
func FuzzParseTiles(f *testing.F) {
	for _, s := range []string{
		"", "5m", "0p", "7z", "123m0p77z", "19m19p19s1234567z", "1234506789m1234506789p1234506789s1234567z",
		"0z", "8z", "m", "12", "5x", "1m1m", "505s", "1\xffm", "5м",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts, err := tile.ParseTiles(s)
		if len(s) == 2 {
			one, err1 := tile.Parse(s)
			if (err1 == nil) != (err == nil) {
				t.Fatalf("Parse(%q) error %v, ParseTiles error %v", s, err1, err)
			}
			if err1 == nil && (len(ts) != 1 || ts[0] != one || one.String() != s) {
				t.Fatalf("Parse(%q) = %v, ParseTiles = %v", s, one, ts)
			}
		}
		if err != nil {
			if !errors.Is(err, tile.ErrSyntax) {
				t.Fatalf("ParseTiles(%q): error %v does not wrap ErrSyntax", s, err)
			}
			if ts != nil {
				t.Fatalf("ParseTiles(%q) returned %v with an error", s, ts)
			}
			return
		}
		for _, x := range ts {
			if !x.Valid() {
				t.Fatalf("ParseTiles(%q) returned invalid tile %v", s, x)
			}
		}
		out := tile.FormatTiles(ts)
		if len(out) > len(s) {
			t.Fatalf("FormatTiles(ParseTiles(%q)) = %q is longer than its input", s, out)
		}
		back, err := tile.ParseTiles(out)
		if err != nil {
			t.Fatalf("ParseTiles(FormatTiles(ParseTiles(%q)) = %q): %v", s, out, err)
		}
		if !slices.Equal(back, ts) {
			t.Fatalf("%q → %v → %q → %v", s, ts, out, back)
		}
		if again := tile.FormatTiles(back); again != out {
			t.Fatalf("FormatTiles is not canonical: %q then %q", out, again)
		}
		c := tile.CountsOf(ts)
		if c.Total() != len(ts) {
			t.Fatalf("CountsOf(%v).Total() = %d", ts, c.Total())
		}
		cs, err := tile.ParseTiles(c.String())
		if err != nil || tile.CountsOf(cs) != c {
			t.Fatalf("Counts %q does not parse back: %v, %v", c.String(), cs, err)
		}
	})
}
