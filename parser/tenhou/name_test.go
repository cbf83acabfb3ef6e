package tenhou

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestDecodeName decodes UN names: XML entities, then percent-escapes
// (upper- or lower-case), malformed escapes kept as they are, and bytes
// that are not UTF-8 made U+FFFD.
func TestDecodeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"NoName", "NoName"},
		{"", ""},
		{"%E3%81%82", "あ"},
		{"%e3%81%82b", "あb"},
		{"a%20b", "a b"},
		{"%G1x", "%G1x"},
		{"50%", "50%"},
		{"%E", "%E"},
		{"%4", "%4"},
		{"%%41", "%A"},
		{"&amp;%41", "&A"},
		{"%26amp;", "&amp;"},
		{"%FF", "\uFFFD"},
		{"%E3%81", "\uFFFD"},
		{"\xff%41", "\uFFFDA"},
		{strings.Repeat("%E3%81%82", 30), strings.Repeat("あ", 30)},
	}
	for _, tc := range tests {
		if got := decodeName([]byte(tc.in)); got != tc.want {
			t.Errorf("decodeName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestParseDecimal holds parseDecimal to strconv.ParseFloat: the same
// value, or an error for both, for hand-picked numbers and 100,000 random
// ones.
func TestParseDecimal(t *testing.T) {
	tests := []string{
		"1500", "1534.56", "0", "0.0", ".5", "5.", ".", "", " 1500 ", "-5",
		"1e3", "NaN", "1.2.3", "12a", "999999999999999", "9999999999999999",
		"0.000000000000001", "123456789.123456", "1_000", "+7", "1,5",
		"-15.0", "-0", "-0.0", "--5", "-", "-.5", "- 5", " -5", "-999999999999999",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		n := rng.IntN(17) + 1
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789"[rng.IntN(10)]
		}
		if n > 1 && rng.IntN(4) > 0 {
			b[rng.IntN(n)] = '.'
		}
		if rng.IntN(3) == 0 {
			b = append([]byte{'-'}, b...)
		}
		tests = append(tests, string(b))
	}
	for _, s := range tests {
		want, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		got, ok := parseDecimal([]byte(s))
		if ok != (err == nil) || ok && math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("parseDecimal(%q) = %v, %v; strconv gives %v, %v", s, got, ok, want, err)
		}
	}
}
