package stats

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rivo/uniseg"
)

// DivergenceCount counts the games of one kind of divergence, and their
// hands from the divergence on.
type DivergenceCount struct {
	Games int `json:"games"`
	Hands int `json:"hands"`
}

// Counts are the figures of one group of games.
type Counts struct {
	Games int `json:"games"`
	Hands int `json:"hands"`
	// Outcomes counts hands by rounds.outcome.
	Outcomes map[string]int `json:"outcomes"`
	// ExhaustiveDraws counts exhaustive draws including nagashi mangan;
	// DrawRate is ExhaustiveDraws / Hands.
	ExhaustiveDraws int     `json:"exhaustive_draws"`
	DrawRate        float64 `json:"exhaustive_draw_rate"`
	// AbortiveRates is each abortive draw's count / Hands.
	AbortiveRates map[string]float64 `json:"abortive_rates"`
	// TenpaiAtDraw[n] counts exhaustive draws with n tenpai players;
	// TenpaiRates the same divided by ExhaustiveDraws.
	TenpaiAtDraw []int     `json:"tenpai_at_draw,omitempty"`
	TenpaiRates  []float64 `json:"tenpai_at_draw_rates,omitempty"`
	// NotenTotal is the sum of rounds.noten_payment_total; per draw and
	// per game divide it by ExhaustiveDraws and Games.
	NotenTotal   int64   `json:"noten_payment_total"`
	NotenPerDraw float64 `json:"noten_payment_per_draw"`
	NotenPerGame float64 `json:"noten_payment_per_game"`
	// DivergentGames and DivergentHands count what the rules would have
	// played differently.
	DivergentGames int `json:"divergent_games"`
	DivergentHands int `json:"divergent_hands"`
	// Divergences counts divergent games, and the hands from each one's
	// divergence on, by games.divergent_kind.
	Divergences map[string]DivergenceCount `json:"divergences"`
	// Discrepancies counts findings by check; Undetermined the findings
	// that depend on the rule era a log without a date is of.
	Discrepancies map[string]int `json:"discrepancies"`
	Undetermined  map[string]int `json:"undetermined,omitempty"`
	// Wins counts the recorded wins, Scored those the scorer valued under
	// the rules and NoYaku those with no yaku under them; Yaku counts the
	// scored wins that have each yaku (dora aside) and Limits the scored
	// wins by limit ("none" below mangan). Wins of divergent hands count
	// too.
	Wins   int            `json:"wins"`
	Scored int            `json:"wins_scored"`
	NoYaku int            `json:"wins_no_yaku"`
	Yaku   map[string]int `json:"yaku"`
	Limits map[string]int `json:"limits"`
	// WallChecked counts the hands checked against the wall their seed
	// gives (verification level 5), WallNotChecked those that could not
	// be, by reason (rounds.wall_reason: "no_seed" for a log without one).
	WallChecked    int            `json:"wall_checked"`
	WallNotChecked map[string]int `json:"wall_not_checked"`

	// players has bit n set when the group has n-player games.
	players uint8
}

func newCounts() *Counts {
	return &Counts{Outcomes: map[string]int{}, AbortiveRates: map[string]float64{}, TenpaiAtDraw: make([]int, 5), TenpaiRates: make([]float64, 5), Discrepancies: map[string]int{}, Undetermined: map[string]int{},
		Divergences: map[string]DivergenceCount{}, Yaku: map[string]int{}, Limits: map[string]int{}, WallNotChecked: map[string]int{}}
}

// Summary aggregates rows into the figures `haifu analyze` and `haifu
// summary` print. Feed it every row of the tables, in any order; its
// memory does not grow with the number of rows. The zero Summary is not
// ready: use NewSummary. It is not safe for concurrent use.
type Summary struct {
	// Inputs is the number of inputs found: the games, and the inputs that
	// could not be read at all (Unreadable; no game: missing files,
	// content that is no log, bytes after the last game of a file).
	// Inputs == Games + Unreadable. Of the games, Judged were read and
	// judged, NotRead could not be read completely (a truncated or
	// malformed log). Failed is NotRead + Unreadable: the games rows whose
	// error is not null.
	Inputs     int `json:"inputs"`
	Games      int `json:"games"`
	Unreadable int `json:"unreadable"`
	Judged     int `json:"judged"`
	NotRead    int `json:"not_read"`
	Failed     int `json:"failed"`
	// All covers every judged game; Players splits it by number of players
	// ("3p", "4p"), and when both are there All has no tenpai distribution
	// (sanma's and four-player's are never mixed); Groups split it by the
	// dimensions By names, in that order ("tenhou 4p south").
	All     *Counts            `json:"all"`
	Players map[string]*Counts `json:"players"`
	By      []string           `json:"by"`
	Groups  map[string]*Counts `json:"groups"`
	// gameGroups names the group of each judged game AddGame counted so
	// far, for the rows fed table by table when By needs a column only
	// games has (year, lobby); nil otherwise. Add needs none: it counts a
	// game's rows with its games row.
	gameGroups map[gameKey]string
	// tally holds the names of the rows being counted (see gameTally).
	tally gameTally
	// lastKey and lastCounts are the key of the last row of another table
	// than games and the counts it went into: a game's rows come
	// together, so most rows find their counts here without naming their
	// group again.
	lastKey    rowKey
	lastCounts []*Counts
}

// rowKey is what decides the counts of a row of another table than games:
// its game when the group needs the games row (then platform and length
// are left empty), its own platform and length otherwise (then path and
// index are), and its number of players.
type rowKey struct {
	path     string
	index    int32
	platform string
	players  int32
	length   string
}

// gameKey names a game: its path and index in its file.
type gameKey struct {
	path  string
	index int32
}

// dimensions are what a summary can group games by: the year the game
// started (UTC), its lobby (games.lobby), platform, number of players and
// length.
var dimensions = []string{"year", "lobby", "platform", "players", "length"}

// DefaultBy are the dimensions of the groups when none are asked for.
var DefaultBy = []string{"platform", "players", "length"}

// NewSummary returns an empty Summary grouping games by the given
// dimensions (DefaultBy when none).
func NewSummary(by ...string) *Summary {
	if len(by) == 0 {
		by = DefaultBy
	}
	s := &Summary{All: newCounts(), Players: map[string]*Counts{}, By: slices.Clone(by), Groups: map[string]*Counts{}}
	if slices.Contains(by, "year") || slices.Contains(by, "lobby") {
		s.gameGroups = map[gameKey]string{}
	}
	return s
}

// CheckBy reports a dimension of by that is not one of those a summary can
// group games by: year (the year the game started, UTC), lobby
// (games.lobby), platform, players and length.
func CheckBy(by []string) error {
	for _, d := range by {
		if !slices.Contains(dimensions, d) {
			return fmt.Errorf("no dimension %q (want some of %s)", d, strings.Join(dimensions, ", "))
		}
	}
	return nil
}

// groupName names g's group under the dimensions of s.
func (s *Summary) groupName(g *GameRow) string {
	parts := make([]string, 0, len(s.By))
	for _, d := range s.By {
		switch d {
		case "year":
			y := "unknown-year"
			if g.StartTime != nil {
				y = strconv.Itoa(time.UnixMilli(*g.StartTime).UTC().Year())
			}
			parts = append(parts, y)
		case "lobby":
			lobby := "unknown-lobby"
			if g.Lobby != nil {
				lobby = *g.Lobby
			}
			parts = append(parts, lobby)
		case "platform":
			parts = append(parts, g.Platform)
		case "players":
			parts = append(parts, fmt.Sprintf("%dp", g.Players))
		case "length":
			parts = append(parts, g.Length)
		}
	}
	return strings.Join(parts, " ")
}

// rowGroup names the group of a row of another table than games: from its
// own platform, players and length, or from its game's row when the
// dimensions need more.
func (s *Summary) rowGroup(path string, index int32, platform string, players int32, length string) string {
	if s.gameGroups != nil {
		return s.gameGroups[gameKey{path, index}]
	}
	return s.groupName(&GameRow{Platform: platform, Players: players, Length: length})
}

// counts returns the Counts of group name and of the rows' player count,
// made when first asked for.
func (s *Summary) counts(name string, players int32) (grp, pl *Counts) {
	grp = s.Groups[name]
	if grp == nil {
		grp = newCounts()
		s.Groups[name] = grp
	}
	pn := fmt.Sprintf("%dp", players)
	pl = s.Players[pn]
	if pl == nil {
		pl = newCounts()
		s.Players[pn] = pl
	}
	return grp, pl
}

// AddGame counts one games row, and remembers its group for the rows of
// the other tables when the dimensions need the games row to name it.
func (s *Summary) AddGame(g *GameRow) {
	cs, group := s.addGame(g)
	if cs != nil && s.gameGroups != nil {
		s.gameGroups[gameKey{g.Path, *g.GameIndex}] = group
		// A row counted before its game went into another group.
		s.lastCounts = nil
	}
}

// addGame counts g and returns its counts (All, its player count's and its
// group's) and its group, or nil when g was not judged.
func (s *Summary) addGame(g *GameRow) ([]*Counts, string) {
	s.Inputs++
	if g.GameIndex == nil {
		s.Unreadable++
	} else {
		s.Games++
	}
	if g.Error != nil {
		s.Failed++
		if g.GameIndex != nil {
			s.NotRead++
		}
		return nil, ""
	}
	s.Judged++
	group := s.groupName(g)
	grp, pl := s.counts(group, g.Players)
	cs := []*Counts{s.All, pl, grp}
	for _, c := range cs {
		c.Games++
		if g.Players >= 0 && g.Players < 8 {
			c.players |= 1 << g.Players
		}
		if g.DivergentFrom != nil {
			c.DivergentGames++
			kind := ""
			if g.DivergentKind != nil {
				kind = *g.DivergentKind
			}
			d := c.Divergences[kind]
			d.Games++
			d.Hands += max(int(g.Hands-*g.DivergentFrom), 0)
			c.Divergences[kind] = d
		}
	}
	return cs, group
}

// rowCounts returns the counts a row of another table goes into: those of
// the row before when it is of the same group (the same game, or the same
// platform, players and length).
func (s *Summary) rowCounts(path string, index int32, platform string, players int32, length string) []*Counts {
	k := rowKey{players: players}
	if s.gameGroups != nil {
		k.path, k.index = path, index
	} else {
		k.platform, k.length = platform, length
	}
	if s.lastCounts != nil && k == s.lastKey {
		return s.lastCounts
	}
	grp, pl := s.counts(s.rowGroup(path, index, platform, players, length), players)
	s.lastKey, s.lastCounts = k, []*Counts{s.All, pl, grp}
	return s.lastCounts
}

// AddRound counts one rounds row.
func (s *Summary) AddRound(r *RoundRow) {
	cs := s.rowCounts(r.Path, r.GameIndex, r.Platform, r.Players, r.Length)
	s.addRound(cs, r)
	s.tally.into(cs)
}

// addRound counts r into the counts cs, its names into s.tally.
func (s *Summary) addRound(cs []*Counts, r *RoundRow) {
	for _, c := range cs {
		c.Hands++
		if r.Outcome == "exhaustive" || r.Outcome == "nagashi" {
			c.ExhaustiveDraws++
			if r.TenpaiCount != nil && *r.TenpaiCount >= 0 && *r.TenpaiCount < 5 {
				c.TenpaiAtDraw[*r.TenpaiCount]++
			}
		}
		c.NotenTotal += int64(r.NotenPaymentTotal)
		if r.Divergent {
			c.DivergentHands++
		}
		if r.WallChecked {
			c.WallChecked++
		}
	}
	s.tally.outcomes.add(r.Outcome)
	if !r.WallChecked {
		reason := "unknown"
		if r.WallReason != nil {
			reason = *r.WallReason
		}
		s.tally.wallNotChecked.add(reason)
	}
}

// AddDiscrepancy counts one discrepancies row.
func (s *Summary) AddDiscrepancy(d *DiscrepancyRow) {
	s.addDiscrepancy(s.rowCounts(d.Path, d.GameIndex, d.Platform, d.Players, d.Length), d)
}

// AddWin counts one wins row.
func (s *Summary) AddWin(w *WinRow) {
	cs := s.rowCounts(w.Path, w.GameIndex, w.Platform, w.Players, w.Length)
	s.addWin(cs, w)
	s.tally.into(cs)
}

// addWin counts w into the counts cs, its yaku and limit into s.tally.
func (s *Summary) addWin(cs []*Counts, w *WinRow) {
	for _, c := range cs {
		c.Wins++
		if w.Scored {
			c.Scored++
			if w.NoYaku {
				c.NoYaku++
			}
		}
	}
	if !w.Scored || w.NoYaku {
		return
	}
	for _, y := range w.Yaku {
		s.tally.yaku.add(y)
	}
	if w.Limit != nil {
		s.tally.limits.add(*w.Limit)
	}
}

// gameTally counts the names of a game's rows (outcomes, yaku, limits,
// the reasons hands were not checked against a wall) before they go into
// the maps of each of its counts at once: a game repeats a few names many
// times, and a map update per row and counts was most of Add's time.
type gameTally struct {
	outcomes, wallNotChecked, yaku, limits tally
}

// into adds the tallies to every counts of cs and empties them.
func (t *gameTally) into(cs []*Counts) {
	for _, c := range cs {
		t.outcomes.into(c.Outcomes)
		t.wallNotChecked.into(c.WallNotChecked)
		t.yaku.into(c.Yaku)
		t.limits.into(c.Limits)
	}
	t.outcomes.reset()
	t.wallNotChecked.reset()
	t.yaku.reset()
	t.limits.reset()
}

// tally counts strings, the few distinct ones of a game.
type tally struct {
	keys []string
	n    []int
}

func (t *tally) add(k string) {
	for i, x := range t.keys {
		if x == k {
			t.n[i]++
			return
		}
	}
	t.keys = append(t.keys, k)
	t.n = append(t.n, 1)
}

func (t *tally) into(m map[string]int) {
	for i, k := range t.keys {
		m[k] += t.n[i]
	}
}

func (t *tally) reset() { t.keys, t.n = t.keys[:0], t.n[:0] }

// Add counts the rows of one input. Its rounds and discrepancies are
// counted in the game's group, whose platform, players and length Fill
// gives them.
func (s *Summary) Add(r *GameRows) {
	cs, _ := s.addGame(&r.Game)
	if cs == nil {
		return
	}
	for i := range r.Rounds {
		s.addRound(cs, &r.Rounds[i])
	}
	for i := range r.Discrepancies {
		s.addDiscrepancy(cs, &r.Discrepancies[i])
	}
	for i := range r.Wins {
		s.addWin(cs, &r.Wins[i])
	}
	s.tally.into(cs)
}

// addDiscrepancy counts d into the counts cs.
func (s *Summary) addDiscrepancy(cs []*Counts, d *DiscrepancyRow) {
	for _, c := range cs {
		if d.Severity == SeverityUndetermined {
			c.Undetermined[d.CheckName]++
		} else {
			c.Discrepancies[d.CheckName]++
		}
	}
}

// finish computes the rates.
func (c *Counts) finish() {
	if c.Hands > 0 {
		c.DrawRate = float64(c.ExhaustiveDraws) / float64(c.Hands)
		for _, o := range []string{"nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"} {
			c.AbortiveRates[o] = float64(c.Outcomes[o]) / float64(c.Hands)
		}
	}
	switch {
	case bits.OnesCount8(c.players) > 1:
		// Sanma's tenpai counts (0-3) and four-player's (0-4) do not add
		// up to one distribution: the rows of each player count have one.
		c.TenpaiAtDraw, c.TenpaiRates = nil, nil
	case c.players == 1<<3:
		c.TenpaiAtDraw, c.TenpaiRates = c.TenpaiAtDraw[:4], c.TenpaiRates[:4]
	}
	if c.ExhaustiveDraws > 0 {
		for n := range c.TenpaiAtDraw {
			c.TenpaiRates[n] = float64(c.TenpaiAtDraw[n]) / float64(c.ExhaustiveDraws)
		}
		c.NotenPerDraw = float64(c.NotenTotal) / float64(c.ExhaustiveDraws)
	}
	if c.Games > 0 {
		c.NotenPerGame = float64(c.NotenTotal) / float64(c.Games)
	}
}

// Finish computes the rates; call it once after the last row.
func (s *Summary) Finish() {
	s.All.finish()
	for _, c := range s.Players {
		c.finish()
	}
	for _, c := range s.Groups {
		c.finish()
	}
	s.gameGroups, s.lastCounts = nil, nil
}

// WriteJSON writes the summary as indented JSON (keys sorted).
func (s *Summary) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// WriteText writes the summary as a table a person reads.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "inputs %d: %d games (%d games judged, %d not read completely), %d unreadable\n\n", s.Inputs, s.Games, s.Judged, s.NotRead, s.Unreadable)
	names := slices.Sorted(maps.Keys(s.Groups))
	label := "group (" + strings.Join(s.By, ", ") + ")"
	width := uniseg.StringWidth(label)
	for _, n := range names {
		width = max(width, uniseg.StringWidth(n))
	}
	pad := func(t string) string { return t + strings.Repeat(" ", max(width-uniseg.StringWidth(t), 0)) }
	fmt.Fprintf(&b, "%s %7s %7s %7s %7s %6s %6s %7s %6s %6s %7s  %-29s %10s %10s\n",
		pad(label), "games", "hands", "draw%", "nagashi", "9term", "4wind", "4riichi", "4kan", "3ron", "incompl", "tenpai at draw 0/1/2/3/4 (%)", "noten/draw", "noten/game")
	row := func(name string, c *Counts) {
		// No distribution without draws, nor for sanma and four-player
		// games together (see their rows); sanma has no 4.
		tenpai := "-"
		if c.TenpaiRates != nil && c.ExhaustiveDraws > 0 {
			tp := []string{"-", "-", "-", "-", "-"}
			for n, r := range c.TenpaiRates {
				tp[n] = fmt.Sprintf("%.1f", 100*r)
			}
			tenpai = strings.Join(tp, "/")
		}
		fmt.Fprintf(&b, "%s %7d %7d %6.2f%% %7d %6d %6d %7d %6d %6d %7d  %-29s %10.0f %10.0f\n",
			pad(name), c.Games, c.Hands, 100*c.DrawRate, c.Outcomes["nagashi"], c.Outcomes["nine_terminals"], c.Outcomes["four_winds"],
			c.Outcomes["four_riichi"], c.Outcomes["four_kans"], c.Outcomes["triple_ron"], c.Outcomes["incomplete"],
			tenpai, c.NotenPerDraw, c.NotenPerGame)
	}
	row("all", s.All)
	if len(s.Players) > 1 {
		for _, n := range slices.Sorted(maps.Keys(s.Players)) {
			row("all "+n, s.Players[n])
		}
	}
	for _, n := range names {
		row(n, s.Groups[n])
	}
	fmt.Fprintf(&b, "\nnoten payments: %d points in all, %.0f per exhaustive draw, %.0f per game\n", s.All.NotenTotal, s.All.NotenPerDraw, s.All.NotenPerGame)
	fmt.Fprintf(&b, "divergent under the rules: %d games, %d hands\n", s.All.DivergentGames, s.All.DivergentHands)
	for _, k := range slices.Sorted(maps.Keys(s.All.Divergences)) {
		d := s.All.Divergences[k]
		fmt.Fprintf(&b, "  %-28s %d games, %d hands\n", k, d.Games, d.Hands)
	}
	writeChecks(&b, "discrepancies", s.All.Discrepancies)
	if len(s.All.Undetermined) > 0 {
		writeChecks(&b, "undetermined (the log's rule era is not known: a log without a date, or dated on the days a rule changed)", s.All.Undetermined)
	}
	s.All.writeWall(&b)
	s.All.writeYaku(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeWall writes the hands checked against their walls and the others by
// reason.
func (c *Counts) writeWall(b *strings.Builder) {
	fmt.Fprintf(b, "hands checked against the wall of their seed: %d", c.WallChecked)
	if len(c.WallNotChecked) > 0 {
		var parts []string
		for _, r := range slices.Sorted(maps.Keys(c.WallNotChecked)) {
			parts = append(parts, fmt.Sprintf("%s %d", r, c.WallNotChecked[r]))
		}
		fmt.Fprintf(b, "; not checked: %s", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
}

// writeChecks writes the findings of each check, titled with their total.
func writeChecks(b *strings.Builder, title string, counts map[string]int) {
	checks := slices.Sorted(maps.Keys(counts))
	total := 0
	for _, c := range checks {
		total += counts[c]
	}
	fmt.Fprintf(b, "%s: %d\n", title, total)
	for _, c := range checks {
		fmt.Fprintf(b, "  %-28s %d\n", c, counts[c])
	}
}

// writeYaku writes the wins by yaku and by limit, most frequent first.
func (c *Counts) writeYaku(b *strings.Builder) {
	fmt.Fprintf(b, "wins: %d, scored %d, no yaku under the rules %d\n", c.Wins, c.Scored, c.NoYaku)
	if c.Scored == 0 {
		return
	}
	byCount := func(m map[string]int) []string {
		return slices.SortedFunc(maps.Keys(m), func(a, b string) int {
			if m[a] != m[b] {
				return m[b] - m[a]
			}
			return strings.Compare(a, b)
		})
	}
	fmt.Fprintf(b, "  %-28s %7s %7s\n", "limit", "wins", "%")
	for _, l := range byCount(c.Limits) {
		fmt.Fprintf(b, "  %-28s %7d %6.2f%%\n", l, c.Limits[l], 100*float64(c.Limits[l])/float64(c.Scored))
	}
	fmt.Fprintf(b, "  %-28s %7s %7s\n", "yaku", "wins", "%")
	for _, y := range byCount(c.Yaku) {
		fmt.Fprintf(b, "  %-28s %7d %6.2f%%\n", y, c.Yaku[y], 100*float64(c.Yaku[y])/float64(c.Scored))
	}
}
