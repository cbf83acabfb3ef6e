package event_test

import (
	"testing"

	"github.com/haifu/haifu/event"
)

// FuzzAppendJSONString checks that any string, valid UTF-8 or not, is
// written as one JSON string that decodes to the input with each invalid
// byte replaced by U+FFFD, with no raw line break.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "abc", `a"b\c`, "\n\r\t\x00\x1f\x7f", "鳳南喰赤", "a\u2028b\u2029", "\xff", "\xe3\x81", "\xed\xa0\x80", "🀄"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkJSONString(t, s, event.AppendJSONString(nil, s))
	})
}
