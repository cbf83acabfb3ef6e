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
// The decoders make the text they decode valid UTF-8 as they go (a
// percent-encoded Tenhou name is only known to be invalid once decoded);
// a string that holds U+FFFD, the mark they leave, gets the same warning
// (but a warning, which may quote such a string, does not).
func tidyMeta(m *event.Meta) {
	var warns []string
	marks := true // whether a U+FFFD is warned of
	fix := func(s *string, what string, limit int) {
		v := *s
		switch {
		case !utf8.ValidString(v):
			v = strings.ToValidUTF8(v, "\uFFFD")
			fallthrough
		case marks && strings.Contains(v, "\uFFFD"):
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
	fix(&m.Title, "the title", MaxTextBytes)
	for i := range m.Rules.Extra {
		kv := &m.Rules.Extra[i]
		fix(&kv.Key, "a rule key", MaxTextBytes)
		fix(&kv.Value, "the rule "+kv.Key, MaxTextBytes)
	}
	for s := range m.Seats {
		fix(&m.Seats[s].Name, fmt.Sprintf("seat %d's name", s), MaxNameBytes)
		fix(&m.Seats[s].Rank, fmt.Sprintf("seat %d's rank", s), MaxNameBytes)
	}
	marks = false
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

// nameGame gives g the log id and start time that its file's name says,
// when the game does not record them: a Tenhou log id anywhere in the base
// name of the only game of a file (Tenhou's downloads and archive tools
// name files after it, "2016022509gm-0009-0000-b327da61.mjlog", often with
// a prefix or suffix), and the start time from a Tenhou log id. A name
// whose id is of another game type than the game's is not taken (with a
// warning): the file was named after another game.
func nameGame(g *event.Game, in *Input) {
	m := &g.Meta
	if m.ID == "" && !in.Several && m.Format != event.FormatMajsoul {
		if id, ok := event.FindTenhouID(baseName(in.Path)); ok {
			if m.Format == event.FormatMjlog && m.Rules.TenhouType >= 0 && int(m.Rules.TenhouType) != id.Type {
				m.Warnings = append(m.Warnings, fmt.Sprintf("the file name holds log id %s, of game type %d, but the game's type is %d: the id is not taken", id.ID, id.Type, m.Rules.TenhouType))
			} else {
				m.ID = id.ID
			}
		}
	}
	if m.StartTime == 0 && m.ID != "" {
		if id, ok := event.ParseTenhouID(m.ID); ok {
			m.StartTime = id.Start.Unix()
		}
	}
}

// baseName returns the last element of an input's path: the name of the
// file, or of the archive member.
func baseName(path string) string {
	i := strings.LastIndexAny(path, "/\\!")
	return path[i+1:]
}
