package parser

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// Bounds on the text a game's metadata keeps. A log may carry anything in
// its names and rule fields (a hostile one, a name of millions of
// characters); the tables repeat a player's name in every row of the
// player, so a name is cut to MaxNameBytes, and other text to MaxTextBytes,
// with a warning. Real names are a few dozen bytes at most.
const (
	MaxNameBytes = 256
	MaxTextBytes = 4 << 10
	MaxSeedBytes = 16 << 10 // a Tenhou base64 seed is 3,360 bytes
)

// tidyMeta makes every string of m valid UTF-8 (invalid bytes replaced by
// U+FFFD) and cuts those over their bound, with a warning for each change.
func tidyMeta(m *event.Meta) {
	var warns []string
	fix := func(s *string, what string, limit int) {
		v := *s
		if !utf8.ValidString(v) {
			v = strings.ToValidUTF8(v, "\uFFFD")
			warns = append(warns, fmt.Sprintf("%s is not valid UTF-8: invalid bytes replaced by U+FFFD", what))
		}
		if len(v) > limit {
			n := len(v)
			v = cutUTF8(v, limit)
			warns = append(warns, fmt.Sprintf("%s of %d bytes cut to its first %d", what, n, len(v)))
		}
		*s = v
	}
	fix(&m.ID, "the log id", MaxTextBytes)
	fix(&m.Seed, "the wall seed", MaxSeedBytes)
	fix(&m.Rules.Name, "the rule name", MaxTextBytes)
	for i := range m.Rules.Extra {
		kv := &m.Rules.Extra[i]
		fix(&kv.Key, "a rule key", MaxTextBytes)
		fix(&kv.Value, "the rule "+kv.Key, MaxTextBytes)
	}
	for s := range m.Seats {
		fix(&m.Seats[s].Name, fmt.Sprintf("seat %d's name", s), MaxNameBytes)
		fix(&m.Seats[s].Rank, fmt.Sprintf("seat %d's rank", s), MaxNameBytes)
	}
	for i := range m.Warnings {
		fix(&m.Warnings[i], "a warning", MaxTextBytes)
	}
	m.Warnings = append(m.Warnings, warns...)
}

// cutUTF8 returns the longest prefix of s of at most n bytes that ends at
// a rune boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
