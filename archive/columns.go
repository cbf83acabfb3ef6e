package archive

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/haifu/haifu/event"
)

// listing is what a listing file's name says: its type and date. Every
// line parser of the sca…scf family reads its lines in one.
type listing struct {
	source, member string
	// typ is "sca"…"scf" from the name, "" when the name has none.
	typ string
	// date is the date (midnight, or the hour of an hourly file) from the
	// name; zero when the name has none.
	date time.Time
}

// emit yields the game read at line n, or err as the error of that line;
// it returns false when yield does.
func (l *listing) emit(yield func(Record, error) bool, n int, g *Game, err error) bool {
	if err != nil {
		return yield(nil, l.errorAt(n, err))
	}
	return yield(g, nil)
}

// errorAt returns an *Error at line n of the file.
func (l *listing) errorAt(n int, err error) *Error {
	return &Error{File: l.source, Member: l.member, Line: n, Err: err}
}

// listingName matches the type and date in a listing's file name:
// sca20180926.log.gz, scc2018101100.html.gz, 2018/sce20180101.html,
// dnov__scc.log. It is never modified.
var listingName = regexp.MustCompile(`(?:^|[^a-z0-9])sc([a-f])(\d{8})?(\d{2})?\.`)

// parseListingName returns the listing type ("sca"…"scf", or "") and the
// date (zero when none) in a file name.
func parseListingName(name string) (typ string, date time.Time) {
	base := strings.ToLower(name)
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	m := listingName.FindStringSubmatch(base)
	if m == nil {
		return "", time.Time{}
	}
	typ = "sc" + m[1]
	if m[2] != "" {
		layout, value := "20060102", m[2]
		if m[3] != "" {
			layout, value = "2006010215", m[2]+m[3]
		}
		if t, err := time.ParseInLocation(layout, value, japanTime); err == nil {
			date = t
		}
	}
	return typ, date
}

// game reads one record of an sca…scf listing. text is the record with its
// columns separated by "|" (in the HTML forms, the text of the record with
// the link's text in the link column); linked says whether the record has a
// link (then it has a link column), href is the link's target. The layouts
// (docs/tenhou-formats.md §4.2) are
//
//	sca  lobby | start | rule | players
//	scf  lobby | start | rule | link | players
//	scb, scd  start | minutes | rule | players
//	scc, sce  start | minutes | rule | link | players
//
// told apart by the first column (a lobby or a time) and by the link. The
// player column is the last and keeps any "|" a name holds.
func (l *listing) game(line int, text string, linked bool, href string) (*Game, error) {
	g := &Game{Source: l.source, Member: l.member, Line: line, Listing: l.typ, Minutes: -1, Rule: unknownRule()}
	n := 3 // columns after the first
	if linked {
		n = 4
	}
	first, rest, _ := strings.Cut(text, "|")
	cols := strings.SplitN(rest, "|", n)
	if !strings.Contains(text, "|") || len(cols) != n {
		got := 1
		if strings.Contains(text, "|") {
			got += len(cols)
		}
		return nil, fmt.Errorf("%w: %d, want %d", ErrColumns, got, n+1)
	}
	first = trimSpace(first)
	for i := range cols[:n-1] {
		cols[i] = trimSpace(cols[i])
	}
	var clock, minutes string
	if first != "" && (first[0] == 'L' || first[0] == 'C') {
		if len(first) != 5 || !allDigits(first[1:]) {
			return nil, fmt.Errorf("%w: %q", ErrLobby, first)
		}
		g.Lobby, clock, g.RuleText = first, cols[0], cols[1]
	} else {
		clock, minutes, g.RuleText = first, cols[0], cols[1]
	}
	h, m, err := parseClock(clock)
	if err != nil {
		return nil, err
	}
	g.Clock = clock
	if minutes != "" || g.Lobby == "" {
		if len(minutes) == 0 || len(minutes) > 4 || !allDigits(minutes) {
			return nil, fmt.Errorf("%w: %q", ErrMinutes, minutes)
		}
		g.Minutes, _ = strconv.Atoi(minutes)
	}
	if g.Rule, err = ParseRule(g.RuleText); err != nil {
		return nil, err
	}
	if linked {
		if g.ID, err = linkID(href); err != nil {
			return nil, err
		}
		g.Rule.Fast = event.FlagOf(g.ID.Type&0x40 != 0)
	}
	if g.Players, err = parsePlayers(cols[n-1]); err != nil {
		return nil, err
	}
	if len(g.Players) != g.Rule.Players {
		return nil, fmt.Errorf("%w: %d players for %s", ErrPlayers, len(g.Players), g.RuleText)
	}
	switch {
	case g.ID.ID != "":
		// The line's HH:MM on the day that puts it nearest the id's hour.
		y, mo, d := g.ID.Start.Date()
		g.Start = time.Date(y, mo, d, h, m, 0, 0, japanTime)
		if diff := g.Start.Sub(g.ID.Start); diff > 12*time.Hour {
			g.Start = g.Start.AddDate(0, 0, -1)
		} else if diff < -12*time.Hour {
			g.Start = g.Start.AddDate(0, 0, 1)
		}
	case !l.date.IsZero():
		y, mo, d := l.date.Date()
		g.Start = time.Date(y, mo, d, h, m, 0, 0, japanTime)
	}
	if g.Listing == "" {
		g.Listing = inferListing(g, linked)
	}
	return g, nil
}

// inferListing guesses a line's listing type when the file name does not
// give it.
func inferListing(g *Game, linked bool) string {
	switch {
	case strings.HasPrefix(g.Lobby, "L"):
		return "sca"
	case strings.HasPrefix(g.Lobby, "C"):
		return "scf"
	case linked && g.Rule.Table == TableHouou:
		return "scc"
	case linked:
		return "sce"
	case g.Rule.Chips == event.FlagYes || len(g.Players) > 0 && g.Players[0].HasChips:
		return "scd"
	}
	return "scb"
}

// parseClock reads HH:MM.
func parseClock(s string) (h, m int, err error) {
	if len(s) != 5 || s[2] != ':' || !allDigits(s[:2]) || !allDigits(s[3:]) {
		return 0, 0, fmt.Errorf("%w: %q", ErrClock, s)
	}
	h, _ = strconv.Atoi(s[:2])
	m, _ = strconv.Atoi(s[3:])
	if h > 23 || m > 59 {
		return 0, 0, fmt.Errorf("%w: %q", ErrClock, s)
	}
	return h, m, nil
}

// linkID returns the log id a link points to (…/0/?log=ID&tw=N).
func linkID(href string) (event.TenhouID, error) {
	i := strings.Index(href, "log=")
	if i < 0 {
		return event.TenhouID{}, fmt.Errorf("%w: %q has no log=", ErrLink, href)
	}
	s := href[i+len("log="):]
	if j := strings.IndexAny(s, "&#"); j >= 0 {
		s = s[:j]
	}
	id, err := parseID(s)
	if err != nil {
		return event.TenhouID{}, fmt.Errorf("%w: %w", ErrLink, err)
	}
	return id, nil
}

// score matches a player's result: (+42.0), (-0.7), (0.0), (+64.0,+12枚),
// (-5.0,0枚). Points always have a decimal point in the listings, so a
// name's own "(1)" is not taken for one. It is never modified.
var score = regexp.MustCompile(`\(([+-]?\d{1,7}\.\d{1,3})(?:,([+-]?\d{1,7})枚)?\)`)

// parsePlayers reads a player column: name(±points) or
// name(±points,±N枚) entries in rank order. A name runs from the end of the
// previous entry to the "(" of its result, so a name keeps any parentheses
// of its own ("広瀬すず(本人)(+41.0)" is 広瀬すず(本人)); entries are usually
// separated by spaces, but a missing space ("ほーりー(-16.0)ふたば(-30.0)")
// or a line break between or within entries (the HTML forms break long
// lines) does no harm: spaces around a name are dropped and a line break
// inside one is removed.
func parsePlayers(s string) ([]Player, error) {
	var out []Player
	prev := 0
	for _, m := range score.FindAllStringSubmatchIndex(s, -1) {
		name := trimSpace(s[prev:m[0]])
		if strings.ContainsAny(name, "\r\n") {
			name = strings.NewReplacer("\r", "", "\n", "").Replace(name)
		}
		if name == "" {
			return nil, fmt.Errorf("%w: an entry with no name at %q", ErrPlayers, s[m[0]:m[1]])
		}
		p := Player{Name: name}
		p.Points, _ = strconv.ParseFloat(s[m[2]:m[3]], 64)
		if m[4] >= 0 {
			p.Chips, _ = strconv.Atoi(s[m[4]:m[5]])
			p.HasChips = true
		}
		out = append(out, p)
		prev = m[1]
	}
	if rest := trimSpace(s[prev:]); rest != "" {
		return nil, fmt.Errorf("%w: %q has no result", ErrPlayers, rest)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no players", ErrPlayers)
	}
	return out, nil
}

// trimSpace removes ASCII white space (spaces, tabs, line breaks) at both
// ends; other spaces (U+3000) may belong to a name.
func trimSpace(s string) string {
	return strings.Trim(s, " \t\r\n\f\v")
}
