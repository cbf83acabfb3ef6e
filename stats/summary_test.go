package stats_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var update = flag.Bool("update", false, "rewrite golden files")

var approx = cmp.Options{cmpopts.EquateApprox(0, 1e-12), cmpopts.EquateEmpty(), cmpopts.IgnoreUnexported(stats.Summary{}, stats.Counts{})}

// TestSummaryFigures checks the figures of the hand-built inputs, counted by
// hand. G2 diverges at its third hand: its last three hands (a four-riichi
// draw, an exhaustive draw that paid 3000, an incomplete hand) are in no
// figure of what the rules decide.
//
//	hands 5+5+6 = 16, judged 5+2+6 = 13 (3 past G2's nine_terminals
//	divergence). Draws judged: G1 2, G2 2 (with the nagashi), G3 2: 6/13.
//	Noten: 3000 + 0 + 0 + 2000 + 2000 = 7000 over 6 draws; per game over
//	G1 and G3 (judged whole): 3500; hands per game 5.5. Tenpai at 4p
//	draws: 2, 0, 4, 1 of G1 and G2: 0:1 1:1 2:1 4:1; at 3p draws 1, 2.
//	Renchan (judged hands with a next hand; even ones keep): G1 2/4, G2
//	1/2, G3 3/5 = 6/11; the log always keeps: the dealer differs 5/11.
//	Seats: 4p judged seat-hands 4×7 = 28, 2 wins (seat 0, G1's wins).
//	Wins valued: 2000, 2000, 1000, 1000: 1500 on average.
func TestSummaryFigures(t *testing.T) {
	s := rowstest.Summarize(rowstest.SummaryInputs())
	if s.Inputs != 4 || s.Games != 3 || s.Unreadable != 1 || s.Failed != 1 || s.Judged != 3 || len(s.RuleSets) != 1 {
		t.Fatalf("inputs %d games %d failed %d judged %d rule sets %d, want 4 3 1 3 1", s.Inputs, s.Games, s.Failed, s.Judged, len(s.RuleSets))
	}
	rs := s.RuleSets[0]
	c := rs.All
	rate := func(name string, r stats.Rate, count, of int) {
		t.Helper()
		if r.Count != count || r.Of != of {
			t.Errorf("%s = %d of %d, want %d of %d", name, r.Count, r.Of, count, of)
		}
		lo, hi := stats.Wilson(count, of)
		if r.Low != lo || r.High != hi || of > 0 && r.Rate != float64(count)/float64(of) || r.Denominator == "" {
			t.Errorf("%s: rate %v [%v, %v] %q, want %v [%v, %v] and a denominator", name, r.Rate, r.Low, r.High, r.Denominator, float64(count)/float64(of), lo, hi)
		}
	}
	if c.Games != 3 || c.GamesWhole != 2 || c.Hands != 16 || c.HandsJudged != 13 || !maps.Equal(c.HandsPast, map[string]int{"nine_terminals": 3}) {
		t.Errorf("games %d whole %d hands %d judged %d past %v, want 3 2 16 13 nine_terminals:3", c.Games, c.GamesWhole, c.Hands, c.HandsJudged, c.HandsPast)
	}
	rate("draw rate", c.DrawRate, 6, 13)
	rate("nagashi", c.Nagashi, 1, 13)
	rate("four riichi taken", c.Abortive["four_riichi"], 0, 13)
	rate("nine terminals taken", c.Abortive["nine_terminals"], 1, 13)
	rate("four kans taken", c.Abortive["four_kans"], 1, 13)
	if c.NotenTotal != 7000 || c.NotenDraws != 6 || c.NotenPerDraw != 7000.0/6 || c.NotenPerGame != 3500 || c.HandsPerGame != 5.5 {
		t.Errorf("noten %d over %d draws, %v per draw, %v per game, %v hands per game; want 7000 6 1166.67 3500 5.5", c.NotenTotal, c.NotenDraws, c.NotenPerDraw, c.NotenPerGame, c.HandsPerGame)
	}
	if c.TenpaiAtDraw != nil {
		t.Errorf("all mixes sanma and four-player games: tenpai %v, want none", c.TenpaiAtDraw)
	}
	p4, p3 := rs.Players["4p"], rs.Players["3p"]
	for n, want := range []int{1, 1, 1, 0, 1} {
		rate(fmt.Sprintf("4p %d tenpai", n), p4.TenpaiAtDraw[n], want, 4)
	}
	for n, want := range []int{0, 1, 1, 0} {
		rate(fmt.Sprintf("3p %d tenpai", n), p3.TenpaiAtDraw[n], want, 2)
	}
	if len(p3.TenpaiAtDraw) != 4 || len(p3.Seats.Standing) != 3 || len(p4.Seats.Standing) != 4 {
		t.Errorf("sanma: %d tenpai counts and %d standings, four-player %d standings; want 4 3 4", len(p3.TenpaiAtDraw), len(p3.Seats.Standing), len(p4.Seats.Standing))
	}
	rate("dealer continuation", c.DealerContinues, 6, 11)
	rate("dealer differs", c.DealerDiffers, 5, 11)
	rate("honba differs", c.HonbaDiffers, 5, 11)
	rate("4p win", p4.Seats.All.Win, 2, 28)
	rate("4p deal-in", p4.Seats.All.DealIn, 2, 28)
	rate("4p dealer win", p4.Seats.Dealer.Win, 2, 7)
	rate("4p 1st win", p4.Seats.Standing[0].Win, 2, 7)
	rate("4p call", p4.Seats.All.Call, 14, 28)
	rate("4p tenpai at draw", p4.Seats.All.TenpaiAtDraw, 2+0+4+1, 16)
	if c.AverageWin != 1500 || c.WinsValued != 4 {
		t.Errorf("average win %v of %d, want 1500 of 4", c.AverageWin, c.WinsValued)
	}
}

// TestWilson holds the interval to values worked out by hand.
func TestWilson(t *testing.T) {
	for _, tt := range []struct {
		k, n     int
		low, hig float64
	}{
		{0, 10, 0, 0.277533},
		{5, 10, 0.236593, 0.763407},
		{10, 10, 0.722467, 1},
		{0, 0, 0, 1},
		{162, 1000, 0.140464, 0.186123},
	} {
		lo, hi := stats.Wilson(tt.k, tt.n)
		if math.Abs(lo-tt.low) > 1e-6 || math.Abs(hi-tt.hig) > 1e-6 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", tt.k, tt.n, lo, hi, tt.low, tt.hig)
		}
	}
}

// TestYear: a Tenhou game's year is Japan time's (the clock of its ids),
// another platform's UTC's.
func TestYear(t *testing.T) {
	newYear := time.Date(2016, 12, 31, 15, 30, 0, 0, time.UTC).Unix() // 00:30 on 1 January 2017 in Japan
	if got := stats.Year(newYear, event.Tenhou); got != 2017 {
		t.Errorf("Tenhou game at %v: year %d, want 2017", time.Unix(newYear, 0).UTC(), got)
	}
	if got := stats.Year(newYear, event.Majsoul); got != 2016 {
		t.Errorf("Mahjong Soul game at %v: year %d, want 2016 (UTC)", time.Unix(newYear, 0).UTC(), got)
	}
}

// TestSummaryRuleSets: a game not applicable under a rule set is listed
// and in none of its figures; the inputs are counted once, from the first
// rule set's rows; a duplicate game is counted once.
func TestSummaryRuleSets(t *testing.T) {
	g4 := rowstest.Game("a", "tenhou", 4, "south", -1, []rowstest.Hand{rowstest.H("exhaustive", 1, 3000, false), rowstest.H("win", -1, 0, false)})
	g3 := rowstest.Game("b", "tenhou", 3, "south", -1, []rowstest.Hand{rowstest.H("exhaustive", 1, 2000, false)})
	wrc4 := rowstest.Game("a", "tenhou", 4, "south", -1, []rowstest.Hand{rowstest.H("exhaustive", 2, 2000, false), rowstest.H("win", -1, 0, false)})
	setRuleSet(wrc4, "wrc")
	wrc3 := &stats.GameRows{Game: g3.Game}
	wrc3.Game.RuleSet, wrc3.Game.Applicable, wrc3.Game.Rules = "wrc", false, nil
	dup := &stats.InputRows{Sets: []stats.GameRows{*rowstest.Game("c", "tenhou", 4, "south", -1, []rowstest.Hand{rowstest.H("exhaustive", 0, 0, false)})}}
	dup.MarkDuplicate()
	s := stats.NewSummary()
	s.AddInput(&stats.InputRows{Sets: []stats.GameRows{*g4, *wrc4}})
	s.AddInput(&stats.InputRows{Sets: []stats.GameRows{*g3, *wrc3}})
	s.AddInput(dup)
	s.Finish()
	if s.Inputs != 2 || s.Games != 2 || s.Judged != 2 || s.Duplicates != 1 {
		t.Errorf("inputs %d games %d judged %d duplicates %d, want 2 2 2 1", s.Inputs, s.Games, s.Judged, s.Duplicates)
	}
	if len(s.RuleSets) != 2 || s.RuleSets[0].Name != "auto" || s.RuleSets[1].Name != "wrc" {
		t.Fatalf("rule sets %v, want auto and wrc", s.RuleSets)
	}
	auto, wrc := s.RuleSets[0], s.RuleSets[1]
	if auto.All.Games != 2 || auto.All.HandsJudged != 3 || len(auto.NotApplicable) != 0 {
		t.Errorf("auto: %d games, %d hands, not applicable %v; want 2 3 none", auto.All.Games, auto.All.HandsJudged, auto.NotApplicable)
	}
	if wrc.All.Games != 1 || wrc.All.HandsJudged != 2 || wrc.NotApplicable["3p"] != 1 || wrc.Players["3p"] != nil || wrc.All.NotenTotal != 2000 {
		t.Errorf("wrc: %d games, %d hands, not applicable %v, 3p figures %v, noten %d; want 1 2 3p:1 none 2000", wrc.All.Games, wrc.All.HandsJudged, wrc.NotApplicable, wrc.Players["3p"], wrc.All.NotenTotal)
	}
}

// TestSummaryOutputsOnce: the same games in two outputs (NextOutput) are
// counted once, their rows of every table too.
func TestSummaryOutputsOnce(t *testing.T) {
	inputs := rowstest.SummaryInputs()
	once := stats.NewSummary()
	feed(once, inputs)
	once.Finish()
	twice := stats.NewSummary()
	feed(twice, inputs)
	feed(twice, inputs)
	twice.Finish()
	// The games are counted once; an input that holds no game has no
	// game_id to know it by, and counts twice.
	want := *once
	want.Duplicates = 3
	want.Inputs, want.Unreadable, want.Failed = want.Inputs+1, want.Unreadable+1, want.Failed+1
	if d := cmp.Diff(&want, twice, approx); d != "" {
		t.Errorf("two outputs of the same games (-once +twice):\n%s", d)
	}
}

// feed feeds the rows of inputs to s table by table, as one output.
func feed(s *stats.Summary, inputs []*stats.GameRows) {
	s.NextOutput()
	for _, r := range inputs {
		s.AddGame(&r.Game)
	}
	for _, r := range inputs {
		for j := range r.Rounds {
			s.AddRound(&r.Rounds[j])
		}
	}
	for _, r := range inputs {
		for j := range r.Seats {
			s.AddSeat(&r.Seats[j])
		}
		for j := range r.Wins {
			s.AddWin(&r.Wins[j])
		}
		for j := range r.Discrepancies {
			s.AddDiscrepancy(&r.Discrepancies[j])
		}
	}
}

// setRuleSet puts every row of r under the rule set name, not native.
func setRuleSet(r *stats.GameRows, name string) {
	r.Game.RuleSet, r.Game.Native = name, false
	for i := range r.Rounds {
		r.Rounds[i].RuleSet = name
	}
	for i := range r.Seats {
		r.Seats[i].RuleSet = name
	}
	for i := range r.Wins {
		r.Wins[i].RuleSet = name
	}
	for i := range r.Discrepancies {
		r.Discrepancies[i].RuleSet = name
	}
}

// TestSummaryOrder: the rows may come in any order, table by table (as
// ReadSummary feeds them) or input by input.
func TestSummaryOrder(t *testing.T) {
	inputs := rowstest.SummaryInputs()
	s := stats.NewSummary()
	for _, r := range inputs {
		s.AddGame(&r.Game)
	}
	for i := len(inputs) - 1; i >= 0; i-- {
		r := inputs[i]
		for j := len(r.Discrepancies) - 1; j >= 0; j-- {
			s.AddDiscrepancy(&r.Discrepancies[j])
		}
		for j := len(r.Seats) - 1; j >= 0; j-- {
			s.AddSeat(&r.Seats[j])
		}
	}
	for _, r := range inputs {
		for j := range r.Rounds {
			s.AddRound(&r.Rounds[j])
		}
		for j := range r.Wins {
			s.AddWin(&r.Wins[j])
		}
	}
	s.Finish()
	if d := cmp.Diff(rowstest.Summarize(inputs), s, approx); d != "" {
		t.Errorf("summary fed table by table (-Add +tables):\n%s", d)
	}
}

// TestSummaryCases checks single figures on small sets.
func TestSummaryCases(t *testing.T) {
	tests := []struct {
		name   string
		inputs []*stats.GameRows
		check  func(t *testing.T, s *stats.Summary)
	}{
		{
			name: "empty",
			check: func(t *testing.T, s *stats.Summary) {
				if s.Inputs != 0 || len(s.RuleSets) != 0 {
					t.Errorf("empty summary: %d inputs, %d rule sets", s.Inputs, len(s.RuleSets))
				}
			},
		},
		{
			name:   "only failures",
			inputs: []*stats.GameRows{rowstest.Failed("a", "tenhou", 4, "south", "x"), rowstest.Failed("b", "unknown", 0, "unknown", "y")},
			check: func(t *testing.T, s *stats.Summary) {
				if s.Inputs != 2 || s.Judged != 0 || s.Failed != 2 || s.RuleSets[0].All.Games != 0 || len(s.RuleSets[0].Groups) != 0 {
					t.Errorf("inputs %d judged %d failed %d games %d groups %v; want 2 0 2 0 none", s.Inputs, s.Judged, s.Failed, s.RuleSets[0].All.Games, s.RuleSets[0].Groups)
				}
			},
		},
		{
			// An exhaustive draw whose tenpai count is unknown counts as a
			// draw but in no tenpai bucket.
			name: "unknown tenpai count",
			inputs: []*stats.GameRows{rowstest.Game("p", "other", 4, "one", -1, []rowstest.Hand{
				rowstest.H("exhaustive", -1, 0, false), rowstest.H("exhaustive", 3, 1000, false), rowstest.H("win", -1, 0, false), rowstest.H("exhaustive", 3, 1000, false),
			})},
			check: func(t *testing.T, s *stats.Summary) {
				c := s.RuleSets[0].Groups["other 4p one"]
				if c == nil {
					t.Fatalf("no group \"other 4p one\" in %v", slices.Collect(maps.Keys(s.RuleSets[0].Groups)))
				}
				if c.ExhaustiveDraws != 3 || c.DrawRate.Rate != 0.75 || c.TenpaiAtDraw[3].Count != 2 || c.TenpaiAtDraw[3].Of != 2 || c.NotenPerDraw != 2000.0/3 || c.NotenPerGame != 2000 {
					t.Errorf("draws %d rate %v tenpai %v noten/draw %v noten/game %v", c.ExhaustiveDraws, c.DrawRate, c.TenpaiAtDraw, c.NotenPerDraw, c.NotenPerGame)
				}
			},
		},
		{
			name: "abortive kinds",
			inputs: []*stats.GameRows{rowstest.Game("p", "tenhou", 4, "east", -1, []rowstest.Hand{
				rowstest.H("nine_terminals", -1, 0, false), rowstest.H("four_winds", -1, 0, false), rowstest.H("four_winds", -1, 0, false), rowstest.H("four_riichi", -1, 0, false),
				rowstest.H("four_kans", -1, 0, false), rowstest.H("triple_ron", -1, 0, false), rowstest.H("win", -1, 0, false), rowstest.H("win", -1, 0, false),
			})},
			check: func(t *testing.T, s *stats.Summary) {
				got := map[string]float64{}
				for k, r := range s.RuleSets[0].All.Abortive {
					got[k] = r.Rate
				}
				want := map[string]float64{"nine_terminals": 0.125, "four_winds": 0.25, "four_riichi": 0.125, "four_kans": 0.125, "triple_ron": 0.125}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("abortive rates (-want +got):\n%s", d)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rowstest.Summarize(tt.inputs)
			tt.check(t, s)
			// Whatever the data, the summary prints.
			var b bytes.Buffer
			if err := s.WriteJSON(&b); err != nil {
				t.Errorf("WriteJSON: %v", err)
			}
			if err := s.WriteText(&b); err != nil {
				t.Errorf("WriteText: %v", err)
			}
		})
	}
}

// TestSummaryJSONKeys reads the JSON back: the snake_case keys scripts
// use, every rate with its interval and denominator.
func TestSummaryJSONKeys(t *testing.T) {
	var b bytes.Buffer
	if err := rowstest.Summarize(rowstest.SummaryInputs()).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Inputs, Judged, Failed int
		RuleSets               []struct {
			RuleSet string                     `json:"rule_set"`
			All     map[string]json.RawMessage `json:"all"`
		} `json:"rule_sets"`
	}
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if v.Inputs != 4 || v.Judged != 3 || v.Failed != 1 || len(v.RuleSets) != 1 || v.RuleSets[0].RuleSet != "auto" {
		t.Fatalf("inputs, judged, failed = %d %d %d, rule sets %d, want 4 3 1, auto", v.Inputs, v.Judged, v.Failed, len(v.RuleSets))
	}
	var rate struct {
		Count, Of       int
		Rate, Low, High float64
		Denominator     string
	}
	if err := json.Unmarshal(v.RuleSets[0].All["exhaustive_draw_rate"], &rate); err != nil || rate.Count != 6 || rate.Of != 13 || rate.Low >= rate.Rate || rate.High <= rate.Rate || rate.Denominator != "judged hands" {
		t.Errorf("exhaustive_draw_rate = %s (%v)", v.RuleSets[0].All["exhaustive_draw_rate"], err)
	}
	for _, k := range []string{"hands_judged", "hands_past", "outcomes", "recorded_outcomes", "abortive", "nagashi", "chombo", "noten_payment_per_draw",
		"noten_payment_per_game", "dealer_continuation", "payments_differ", "next_dealer_differs", "next_honba_differs", "game_end_differs", "seats", "average_win", "discrepancies"} {
		if _, ok := v.RuleSets[0].All[k]; !ok {
			t.Errorf("all.%s missing", k)
		}
	}
}

// TestSummaryGolden compares the printed summary with the golden files;
// go test -run Golden -update rewrites them.
func TestSummaryGolden(t *testing.T) {
	s := rowstest.Summarize(rowstest.SummaryInputs())
	for _, tt := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"summary.txt", func(b *bytes.Buffer) error { return s.WriteText(b) }},
		{"summary.json", func(b *bytes.Buffer) error { return s.WriteJSON(b) }},
	} {
		t.Run(tt.file, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.write(&b); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tt.file+".golden")
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if d := cmp.Diff(string(want), b.String()); d != "" {
				t.Errorf("%s differs (-golden +got):\n%s", golden, d)
			}
		})
	}
}

// TestSummaryAddRemembersNoGames: Add counts a game's rows with its games
// row, so it keeps nothing per game even when the groups need the games
// row (year, lobby): its memory does not grow with the archive. AddGame
// keeps each game's group for the rows of the other tables read after it.
func TestSummaryAddRemembersNoGames(t *testing.T) {
	const n = 1000
	var inputs []*stats.GameRows
	for i := range n {
		inputs = append(inputs, rowstest.Game(fmt.Sprintf("g%d", i), "tenhou", 4, "south", -1, []rowstest.Hand{rowstest.H("win", -1, 0, false)}))
	}
	added, byTable := stats.NewSummary("year", "lobby", "players"), stats.NewSummary("year", "lobby", "players")
	for _, r := range inputs {
		added.Add(r)
		byTable.AddGame(&r.Game)
	}
	if got := stats.GamesRemembered(added); got != 0 {
		t.Errorf("Add of %d games: %d games remembered, want none", n, got)
	}
	if got := stats.GamesRemembered(byTable); got != n {
		t.Errorf("AddGame of %d games: %d games remembered, want %d", n, got, n)
	}
}
