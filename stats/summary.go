package stats

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
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
	TenpaiAtDraw []int     `json:"tenpai_at_draw"`
	TenpaiRates  []float64 `json:"tenpai_at_draw_rates"`
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
	// All covers every judged game; Groups split it by platform, number of
	// players and length ("tenhou 4p south").
	All    *Counts            `json:"all"`
	Groups map[string]*Counts `json:"groups"`
}

// NewSummary returns an empty Summary.
func NewSummary() *Summary {
	return &Summary{All: newCounts(), Groups: map[string]*Counts{}}
}

// group returns the Counts of the group of games of the given platform,
// number of players and length ("tenhou 4p south").
func (s *Summary) group(platform string, players int32, length string) *Counts {
	name := fmt.Sprintf("%s %dp %s", platform, players, length)
	c := s.Groups[name]
	if c == nil {
		c = newCounts()
		s.Groups[name] = c
	}
	return c
}

// AddGame counts one games row.
func (s *Summary) AddGame(g *GameRow) { s.addGame(g) }

// addGame counts g and returns its group, or nil when g was not judged.
func (s *Summary) addGame(g *GameRow) *Counts {
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
		return nil
	}
	s.Judged++
	grp := s.group(g.Platform, g.Players, g.Length)
	for _, c := range []*Counts{s.All, grp} {
		c.Games++
		if g.DivergentFrom != nil {
			c.DivergentGames++
			d := c.Divergences[g.DivergentKind]
			d.Games++
			d.Hands += max(int(g.Hands-*g.DivergentFrom), 0)
			c.Divergences[g.DivergentKind] = d
		}
	}
	return grp
}

// AddRound counts one rounds row.
func (s *Summary) AddRound(r *RoundRow) { s.addRound(s.group(r.Platform, r.Players, r.Length), r) }

// addRound counts r into its group grp and into All.
func (s *Summary) addRound(grp *Counts, r *RoundRow) {
	for _, c := range []*Counts{s.All, grp} {
		c.Hands++
		c.Outcomes[r.Outcome]++
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
		} else {
			c.WallNotChecked[cmp.Or(r.WallReason, "unknown")]++
		}
	}
}

// AddDiscrepancy counts one discrepancies row.
func (s *Summary) AddDiscrepancy(d *DiscrepancyRow) {
	s.addDiscrepancy(s.group(d.Platform, d.Players, d.Length), d)
}

// AddWin counts one wins row.
func (s *Summary) AddWin(w *WinRow) { s.addWin(s.group(w.Platform, w.Players, w.Length), w) }

// addWin counts w into its group grp and into All.
func (s *Summary) addWin(grp *Counts, w *WinRow) {
	for _, c := range []*Counts{s.All, grp} {
		c.Wins++
		if !w.Scored {
			continue
		}
		c.Scored++
		if w.NoYaku {
			c.NoYaku++
			continue
		}
		for _, y := range w.Yaku {
			c.Yaku[y]++
		}
		switch {
		case w.Limit == nil:
		case *w.Limit == "":
			c.Limits["none"]++
		default:
			c.Limits[*w.Limit]++
		}
	}
}

// Add counts the rows of one input. Its rounds and discrepancies are
// counted in the game's group, whose platform, players and length Fill
// gives them.
func (s *Summary) Add(r *GameRows) {
	grp := s.addGame(&r.Game)
	if grp == nil {
		return
	}
	for i := range r.Rounds {
		s.addRound(grp, &r.Rounds[i])
	}
	for i := range r.Discrepancies {
		s.addDiscrepancy(grp, &r.Discrepancies[i])
	}
	for i := range r.Wins {
		s.addWin(grp, &r.Wins[i])
	}
}

// addDiscrepancy counts d into its group grp and into All.
func (s *Summary) addDiscrepancy(grp *Counts, d *DiscrepancyRow) {
	for _, c := range []*Counts{s.All, grp} {
		if d.Severity == SeverityUndetermined {
			c.Undetermined[d.Check]++
		} else {
			c.Discrepancies[d.Check]++
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
	for _, c := range s.Groups {
		c.finish()
	}
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
	fmt.Fprintf(&b, "%-22s %7s %7s %7s %7s %6s %6s %7s %6s %6s %7s  %-29s %10s %10s\n",
		"group", "games", "hands", "draw%", "nagashi", "9term", "4wind", "4riichi", "4kan", "3ron", "incompl", "tenpai at draw 0/1/2/3/4 (%)", "noten/draw", "noten/game")
	row := func(name string, c *Counts) {
		var tp []string
		for n := range 5 {
			tp = append(tp, fmt.Sprintf("%.1f", 100*c.TenpaiRates[n]))
		}
		fmt.Fprintf(&b, "%-22s %7d %7d %6.2f%% %7d %6d %6d %7d %6d %6d %7d  %-29s %10.0f %10.0f\n",
			name, c.Games, c.Hands, 100*c.DrawRate, c.Outcomes["nagashi"], c.Outcomes["nine_terminals"], c.Outcomes["four_winds"],
			c.Outcomes["four_riichi"], c.Outcomes["four_kans"], c.Outcomes["triple_ron"], c.Outcomes["incomplete"],
			strings.Join(tp, "/"), c.NotenPerDraw, c.NotenPerGame)
	}
	row("all", s.All)
	for _, n := range names {
		row(n, s.Groups[n])
	}
	fmt.Fprintf(&b, "\nnoten payments: %d points in all, %.0f per exhaustive draw, %.0f per game\n", s.All.NotenTotal, s.All.NotenPerDraw, s.All.NotenPerGame)
	fmt.Fprintf(&b, "divergent under the rules: %d games, %d hands\n", s.All.DivergentGames, s.All.DivergentHands)
	for _, k := range slices.Sorted(maps.Keys(s.All.Divergences)) {
		d := s.All.Divergences[k]
		fmt.Fprintf(&b, "  %-28s %d games, %d hands\n", k, d.Games, d.Hands)
	}
	checks := slices.Sorted(maps.Keys(s.All.Discrepancies))
	total := 0
	for _, c := range checks {
		total += s.All.Discrepancies[c]
	}
	fmt.Fprintf(&b, "discrepancies: %d\n", total)
	for _, c := range checks {
		fmt.Fprintf(&b, "  %-28s %d\n", c, s.All.Discrepancies[c])
	}
	if len(s.All.Undetermined) > 0 {
		checks = slices.Sorted(maps.Keys(s.All.Undetermined))
		total = 0
		for _, c := range checks {
			total += s.All.Undetermined[c]
		}
		fmt.Fprintf(&b, "undetermined (the rule era of a log without a date decides): %d\n", total)
		for _, c := range checks {
			fmt.Fprintf(&b, "  %-28s %d\n", c, s.All.Undetermined[c])
		}
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
