package stats

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var update = flag.Bool("update", false, "rewrite golden files")

// hand is one rounds row of a hand-built game: its outcome, tenpai count
// (-1: null), noten payment total and divergence.
type hand struct {
	outcome   string
	tenpai    int32
	noten     int32
	divergent bool
}

// game builds the rows of one input.
func game(path, platform string, players int32, length string, divergentFrom int32, hands []hand, checks ...string) *GameRows {
	zero := int32(0)
	r := &GameRows{Game: GameRow{GameID: "id-" + path, Path: path, GameIndex: &zero, Format: "mjlog", Platform: platform, Players: players, Length: length,
		Rules: "tenhou", Native: true, Hands: int32(len(hands)), Complete: true, Discrepancies: int32(len(checks))}}
	if divergentFrom >= 0 {
		r.Game.DivergentFrom = &divergentFrom
		r.Game.DivergentKind = "nine_terminals"
	}
	for i, h := range hands {
		rr := RoundRow{GameID: r.Game.GameID, Path: path, Hand: int32(i), Wind: "E", Number: int32(i%4 + 1), Round: "E" + string(rune('1'+i%4)),
			Players: players, Outcome: h.outcome, NotenPaymentTotal: h.noten, Divergent: h.divergent, Rules: "tenhou", Platform: platform, Length: length}
		if h.tenpai >= 0 {
			tc := h.tenpai
			rr.TenpaiCount = &tc
		}
		r.Rounds = append(r.Rounds, rr)
		for s := range players {
			r.Seats = append(r.Seats, SeatRow{GameID: r.Game.GameID, Path: path, Hand: int32(i), Round: rr.Round, Seat: s, Outcome: h.outcome})
		}
	}
	for i, c := range checks {
		hand := int32(i)
		r.Discrepancies = append(r.Discrepancies, DiscrepancyRow{GameID: r.Game.GameID, Path: path, Hand: &hand, Round: "E1-0", Check: c,
			Message: "m", Rules: "tenhou", Platform: platform, Players: players, Length: length})
	}
	return r
}

func failed(path, platform string, players int32, length, msg string) *GameRows {
	return &GameRows{
		Game:   GameRow{Path: path, Format: "mjlog", Platform: platform, Players: players, Length: length, Error: &msg},
		Errors: []ErrorRow{{Path: path, Format: "mjlog", Error: msg}},
	}
}

// summaryInputs is a small data set whose figures are worked out by hand
// in wantSummary.
func summaryInputs() []*GameRows {
	return []*GameRows{
		// G1, tenhou 4p south: 5 hands, 2 exhaustive draws (2 tenpai,
		// 3000 noten; 0 tenpai, no payment), 1 nine terminals.
		game("g1.xml", "tenhou", 4, "south", -1, []hand{
			{"win", -1, 0, false},
			{"exhaustive", 2, 3000, false},
			{"exhaustive", 0, 0, false},
			{"nine_terminals", -1, 0, false},
			{"win", -1, 0, false},
		}, "draw.tenpai", "draw.tenpai"),
		// An input that could not be read: counted as failed only.
		failed("bad.xml", "tenhou", 4, "south", "bad.xml: offset 10: mjlog: broken"),
		// G2, tenhou 4p south, divergent from hand 2: 5 hands, all tenpai
		// (no payment), a nagashi with 1 tenpai, four riichi, 3 tenpai
		// (3000 noten), incomplete.
		game("g2.xml", "tenhou", 4, "south", 2, []hand{
			{"exhaustive", 4, 0, false},
			{"nagashi", 1, 0, false},
			{"four_riichi", -1, 0, true},
			{"exhaustive", 3, 3000, true},
			{"incomplete", -1, 0, true},
		}, "flow.next_round"),
		// G3, majsoul 3p east: 6 hands, exhaustive draws with 1 and 2
		// tenpai (2000 noten each), four kans, three wins.
		game("g3.json", "majsoul", 3, "east", -1, []hand{
			{"exhaustive", 1, 2000, false},
			{"four_kans", -1, 0, false},
			{"win", -1, 0, false},
			{"exhaustive", 2, 2000, false},
			{"win", -1, 0, false},
			{"win", -1, 0, false},
		}, "draw.payment", "draw.tenpai"),
	}
}

// wantSummary is summaryInputs counted by hand.
//
//	all: 3 games judged (1 failed), 5+5+6 = 16 hands: win 2+0+3 = 5,
//	exhaustive 2+2+2 = 6, nagashi 1, nine terminals 1, four riichi 1,
//	four kans 1, incomplete 1. Exhaustive draws with nagashi: 7, rate
//	7/16. Tenpai at those 7: 0:1 (G1), 1:2 (G2 nagashi, G3), 2:2 (G1, G3),
//	3:1, 4:1 (G2). Noten 3000+3000+2000+2000 = 10000: 10000/7 per draw,
//	10000/3 per game. Divergent: G2, with 3 hands.
//	tenhou 4p south: G1 and G2: 10 hands, 5 draws (rate 1/2), tenpai
//	1/1/1/1/1, noten 6000: 1200 per draw, 3000 per game.
//	majsoul 3p east: G3: 6 hands, 2 draws (1/3), tenpai 0/1/1/0/0, noten
//	4000: 2000 per draw and per game.
func wantSummary() *Summary {
	return &Summary{
		Inputs: 4, Games: 3, Unreadable: 1, Judged: 3, Failed: 1,
		All: &Counts{
			Games: 3, Hands: 16,
			Outcomes:        map[string]int{"win": 5, "exhaustive": 6, "nagashi": 1, "nine_terminals": 1, "four_riichi": 1, "four_kans": 1, "incomplete": 1},
			ExhaustiveDraws: 7, DrawRate: 7.0 / 16,
			AbortiveRates: map[string]float64{"nine_terminals": 1.0 / 16, "four_winds": 0, "four_riichi": 1.0 / 16, "four_kans": 1.0 / 16, "triple_ron": 0},
			TenpaiAtDraw:  []int{1, 2, 2, 1, 1},
			TenpaiRates:   []float64{1.0 / 7, 2.0 / 7, 2.0 / 7, 1.0 / 7, 1.0 / 7},
			NotenTotal:    10000, NotenPerDraw: 10000.0 / 7, NotenPerGame: 10000.0 / 3,
			DivergentGames: 1, DivergentHands: 3,
			Divergences:   map[string]DivergenceCount{"nine_terminals": {Games: 1, Hands: 3}},
			Discrepancies: map[string]int{"draw.tenpai": 3, "flow.next_round": 1, "draw.payment": 1},
		},
		Groups: map[string]*Counts{
			"tenhou 4p south": {
				Games: 2, Hands: 10,
				Outcomes:        map[string]int{"win": 2, "exhaustive": 4, "nagashi": 1, "nine_terminals": 1, "four_riichi": 1, "incomplete": 1},
				ExhaustiveDraws: 5, DrawRate: 0.5,
				AbortiveRates: map[string]float64{"nine_terminals": 0.1, "four_winds": 0, "four_riichi": 0.1, "four_kans": 0, "triple_ron": 0},
				TenpaiAtDraw:  []int{1, 1, 1, 1, 1},
				TenpaiRates:   []float64{0.2, 0.2, 0.2, 0.2, 0.2},
				NotenTotal:    6000, NotenPerDraw: 1200, NotenPerGame: 3000,
				DivergentGames: 1, DivergentHands: 3,
				Divergences:   map[string]DivergenceCount{"nine_terminals": {Games: 1, Hands: 3}},
				Discrepancies: map[string]int{"draw.tenpai": 2, "flow.next_round": 1},
			},
			"majsoul 3p east": {
				Games: 1, Hands: 6,
				Outcomes:        map[string]int{"win": 3, "exhaustive": 2, "four_kans": 1},
				ExhaustiveDraws: 2, DrawRate: 1.0 / 3,
				AbortiveRates: map[string]float64{"nine_terminals": 0, "four_winds": 0, "four_riichi": 0, "four_kans": 1.0 / 6, "triple_ron": 0},
				TenpaiAtDraw:  []int{0, 1, 1, 0, 0},
				TenpaiRates:   []float64{0, 0.5, 0.5, 0, 0},
				NotenTotal:    4000, NotenPerDraw: 2000, NotenPerGame: 4000,
				Divergences:   map[string]DivergenceCount{},
				Discrepancies: map[string]int{"draw.payment": 1, "draw.tenpai": 1},
			},
		},
	}
}

var approx = cmp.Options{cmpopts.EquateApprox(0, 1e-12), cmpopts.EquateEmpty()}

func summarize(inputs []*GameRows) *Summary {
	s := NewSummary()
	for _, r := range inputs {
		s.Add(r)
	}
	s.Finish()
	return s
}

func TestSummaryFigures(t *testing.T) {
	got := summarize(summaryInputs())
	if d := cmp.Diff(wantSummary(), got, approx); d != "" {
		t.Errorf("summary (-want +got):\n%s", d)
	}
}

// TestSummaryOrder: the rows may come in any order, table by table (as
// ReadSummary feeds them) or input by input.
func TestSummaryOrder(t *testing.T) {
	inputs := summaryInputs()
	s := NewSummary()
	for i := len(inputs) - 1; i >= 0; i-- {
		r := inputs[i]
		for j := len(r.Discrepancies) - 1; j >= 0; j-- {
			s.AddDiscrepancy(&r.Discrepancies[j])
		}
	}
	for _, r := range inputs {
		for j := range r.Rounds {
			s.AddRound(&r.Rounds[j])
		}
	}
	for i := len(inputs) - 1; i >= 0; i-- {
		s.AddGame(&inputs[i].Game)
	}
	s.Finish()
	if d := cmp.Diff(wantSummary(), s, approx); d != "" {
		t.Errorf("summary fed table by table (-want +got):\n%s", d)
	}
}

// TestSummaryCases checks single figures on small sets.
func TestSummaryCases(t *testing.T) {
	tests := []struct {
		name   string
		inputs []*GameRows
		check  func(t *testing.T, s *Summary)
	}{
		{
			name: "empty",
			check: func(t *testing.T, s *Summary) {
				want := NewSummary()
				if d := cmp.Diff(want, s); d != "" {
					t.Errorf("empty summary (-want +got):\n%s", d)
				}
			},
		},
		{
			name:   "only failures",
			inputs: []*GameRows{failed("a", "tenhou", 4, "south", "x"), failed("b", "unknown", 0, "unknown", "y")},
			check: func(t *testing.T, s *Summary) {
				if s.Inputs != 2 || s.Judged != 0 || s.Failed != 2 || s.All.Games != 0 || len(s.Groups) != 0 {
					t.Errorf("inputs %d judged %d failed %d games %d groups %v; want 2 0 2 0 none", s.Inputs, s.Judged, s.Failed, s.All.Games, s.Groups)
				}
			},
		},
		{
			// A failed input's rows other than the games row are not
			// counted, even if it has some.
			name: "failed input with rounds",
			inputs: func() []*GameRows {
				r := game("p", "tenhou", 4, "south", -1, []hand{{"exhaustive", 2, 3000, false}}, "draw.tenpai")
				msg := "broken"
				r.Game.Error = &msg
				return []*GameRows{r}
			}(),
			check: func(t *testing.T, s *Summary) {
				if s.Failed != 1 || s.NotRead != 1 || s.Games != 1 || s.All.Hands != 0 || s.All.NotenTotal != 0 || len(s.All.Discrepancies) != 0 {
					t.Errorf("failed %d not read %d games %d hands %d noten %d discrepancies %v; want 1 1 1 0 0 none", s.Failed, s.NotRead, s.Games, s.All.Hands, s.All.NotenTotal, s.All.Discrepancies)
				}
			},
		},
		{
			// An exhaustive draw whose tenpai count is unknown counts as a
			// draw but in no tenpai bucket; the rates are of all draws.
			name: "unknown tenpai count",
			inputs: []*GameRows{game("p", "other", 4, "one", -1, []hand{
				{"exhaustive", -1, 0, false}, {"exhaustive", 3, 1000, false}, {"win", -1, 0, false}, {"exhaustive", 3, 1000, false},
			})},
			check: func(t *testing.T, s *Summary) {
				c := s.Groups["other 4p one"]
				if c == nil {
					t.Fatalf("no group \"other 4p one\" in %v", slices.Collect(mapKeys(s.Groups)))
				}
				for _, c := range []*Counts{s.All, c} {
					if c.ExhaustiveDraws != 3 || c.DrawRate != 0.75 || !slices.Equal(c.TenpaiAtDraw, []int{0, 0, 0, 2, 0}) ||
						!slices.Equal(c.TenpaiRates, []float64{0, 0, 0, 2.0 / 3, 0}) || c.NotenPerDraw != 2000.0/3 || c.NotenPerGame != 2000 {
						t.Errorf("draws %d rate %v tenpai %v rates %v noten/draw %v noten/game %v", c.ExhaustiveDraws, c.DrawRate, c.TenpaiAtDraw, c.TenpaiRates, c.NotenPerDraw, c.NotenPerGame)
					}
				}
			},
		},
		{
			// Every abortive draw kind has its rate; triple ron and four
			// winds too.
			name: "abortive kinds",
			inputs: []*GameRows{game("p", "tenhou", 4, "east", -1, []hand{
				{"nine_terminals", -1, 0, false}, {"four_winds", -1, 0, false}, {"four_winds", -1, 0, false}, {"four_riichi", -1, 0, false},
				{"four_kans", -1, 0, false}, {"triple_ron", -1, 0, false}, {"win", -1, 0, false}, {"win", -1, 0, false},
			})},
			check: func(t *testing.T, s *Summary) {
				want := map[string]float64{"nine_terminals": 0.125, "four_winds": 0.25, "four_riichi": 0.125, "four_kans": 0.125, "triple_ron": 0.125}
				if d := cmp.Diff(want, s.All.AbortiveRates); d != "" {
					t.Errorf("abortive rates (-want +got):\n%s", d)
				}
				if s.All.ExhaustiveDraws != 0 || s.All.DrawRate != 0 || s.All.NotenPerDraw != 0 {
					t.Errorf("draws %d rate %v noten/draw %v, want 0", s.All.ExhaustiveDraws, s.All.DrawRate, s.All.NotenPerDraw)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := summarize(tt.inputs)
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

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestSummaryJSONKeys reads the JSON back: the snake_case keys scripts
// use, with the hand-counted values.
func TestSummaryJSONKeys(t *testing.T) {
	var b bytes.Buffer
	if err := summarize(summaryInputs()).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Inputs, Judged, Failed int
		All                    map[string]json.RawMessage
		Groups                 map[string]map[string]json.RawMessage
	}
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if v.Inputs != 4 || v.Judged != 3 || v.Failed != 1 {
		t.Errorf("inputs, judged, failed = %d %d %d, want 4 3 1", v.Inputs, v.Judged, v.Failed)
	}
	want := map[string]string{
		"games": "3", "hands": "16", "exhaustive_draws": "7", "exhaustive_draw_rate": "0.4375", "noten_payment_total": "10000",
		"tenpai_at_draw": "[1,2,2,1,1]", "divergent_games": "1", "divergent_hands": "3",
	}
	for k, w := range want {
		var c bytes.Buffer
		if err := json.Compact(&c, v.All[k]); err != nil || c.String() != w {
			t.Errorf("all.%s = %s, want %s", k, v.All[k], w)
		}
	}
	for _, k := range []string{"outcomes", "abortive_rates", "tenpai_at_draw_rates", "noten_payment_per_draw", "noten_payment_per_game", "discrepancies"} {
		if _, ok := v.All[k]; !ok {
			t.Errorf("all.%s missing", k)
		}
	}
	if len(v.Groups) != 2 || v.Groups["tenhou 4p south"] == nil || v.Groups["majsoul 3p east"] == nil {
		t.Errorf("groups = %v", slices.Collect(mapKeys(v.Groups)))
	}
}

// TestSummaryGolden compares the printed summary with the golden files;
// go test -run Golden -update rewrites them.
func TestSummaryGolden(t *testing.T) {
	s := summarize(summaryInputs())
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

// TestSummaryTextColumns: in the printed table every right-aligned column
// of the rows ends where its header does.
func TestSummaryTextColumns(t *testing.T) {
	var b bytes.Buffer
	if err := summarize(summaryInputs()).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	// Line 0 is the inputs line, 1 is empty, 2 the header, 3-5 the rows.
	header := lines[2]
	if !strings.HasPrefix(header, "group ") {
		t.Fatalf("line 3 is %q, want the header", header)
	}
	heads := []string{"games", "hands", "draw%", "nagashi", "9term", "4wind", "4riichi", "4kan", "3ron", "incompl", "noten/draw", "noten/game"}
	var want []int
	for _, h := range heads {
		i := strings.Index(header, " "+h+" ")
		if h == "noten/game" {
			i = strings.LastIndex(header, " "+h)
		}
		if i < 0 {
			t.Fatalf("header %q has no column %q", header, h)
		}
		want = append(want, i+1+len(h))
	}
	for _, name := range []string{"all", "majsoul 3p east", "tenhou 4p south"} {
		var row string
		for _, l := range lines[3:6] {
			if strings.HasPrefix(l, name+" ") {
				row = l
			}
		}
		if row == "" {
			t.Fatalf("no row %q in\n%s", name, b.String())
		}
		// The 10 figures after the name, the tenpai column, the 2 noten
		// figures.
		ends := tokenEnds(row[len(name):])
		if len(ends) != 13 {
			t.Fatalf("row %q has %d fields after the name, want 13", row, len(ends))
		}
		var got []int
		for i, e := range ends {
			if i != 10 { // the left-aligned tenpai column
				got = append(got, len(name)+e)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("row %q: columns end at %v, header columns at %v\n%s\n%s", name, got, want, header, row)
		}
		// The tenpai column is left-aligned under its header.
		tp := strings.Index(row, "/")
		tp = strings.LastIndex(row[:tp], " ") + 1
		if h := strings.Index(header, "tenpai at draw"); tp != h {
			t.Errorf("row %q: tenpai column starts at %d, its header at %d", name, tp, h)
		}
	}
}

// tokenEnds returns the end offsets of the space-separated fields of s.
func tokenEnds(s string) []int {
	var ends []int
	for i := range len(s) {
		if s[i] != ' ' && (i+1 == len(s) || s[i+1] == ' ') {
			ends = append(ends, i+1)
		}
	}
	return ends
}
