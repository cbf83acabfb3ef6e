package tenhou

import (
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
