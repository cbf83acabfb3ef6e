package stats_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var update = flag.Bool("update", false, "rewrite golden files")

var approx = cmp.Options{cmpopts.EquateApprox(0, 1e-12), cmpopts.EquateEmpty(), cmpopts.IgnoreUnexported(stats.Summary{}, stats.Counts{})}

func TestSummaryFigures(t *testing.T) {
	got := rowstest.Summarize(rowstest.SummaryInputs())
	if d := cmp.Diff(rowstest.WantSummary(), got, approx); d != "" {
		t.Errorf("summary (-want +got):\n%s", d)
	}
}

// TestSummaryOrder: the rows may come in any order, table by table (as
// ReadSummary feeds them) or input by input.
func TestSummaryOrder(t *testing.T) {
	inputs := rowstest.SummaryInputs()
	s := stats.NewSummary()
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
		for j := range r.Wins {
			s.AddWin(&r.Wins[j])
		}
	}
	for i := len(inputs) - 1; i >= 0; i-- {
		s.AddGame(&inputs[i].Game)
	}
	s.Finish()
	if d := cmp.Diff(rowstest.WantSummary(), s, approx); d != "" {
		t.Errorf("summary fed table by table (-want +got):\n%s", d)
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
				want := stats.NewSummary()
				if d := cmp.Diff(want, s, cmpopts.IgnoreUnexported(stats.Summary{}, stats.Counts{})); d != "" {
					t.Errorf("empty summary (-want +got):\n%s", d)
				}
			},
		},
		{
			name:   "only failures",
			inputs: []*stats.GameRows{rowstest.Failed("a", "tenhou", 4, "south", "x"), rowstest.Failed("b", "unknown", 0, "unknown", "y")},
			check: func(t *testing.T, s *stats.Summary) {
				if s.Inputs != 2 || s.Judged != 0 || s.Failed != 2 || s.All.Games != 0 || len(s.Groups) != 0 {
					t.Errorf("inputs %d judged %d failed %d games %d groups %v; want 2 0 2 0 none", s.Inputs, s.Judged, s.Failed, s.All.Games, s.Groups)
				}
			},
		},
		{
			// A failed input's rows other than the games row are not
			// counted, even if it has some.
			name: "failed input with rounds",
			inputs: func() []*stats.GameRows {
				r := rowstest.Game("p", "tenhou", 4, "south", -1, []rowstest.Hand{rowstest.H("exhaustive", 2, 3000, false)}, "draw.tenpai")
				msg := "broken"
				r.Game.Error = &msg
				return []*stats.GameRows{r}
			}(),
			check: func(t *testing.T, s *stats.Summary) {
				if s.Failed != 1 || s.NotRead != 1 || s.Games != 1 || s.All.Hands != 0 || s.All.NotenTotal != 0 || len(s.All.Discrepancies) != 0 {
					t.Errorf("failed %d not read %d games %d hands %d noten %d discrepancies %v; want 1 1 1 0 0 none", s.Failed, s.NotRead, s.Games, s.All.Hands, s.All.NotenTotal, s.All.Discrepancies)
				}
			},
		},
		{
			// An exhaustive draw whose tenpai count is unknown counts as a
			// draw but in no tenpai bucket; the rates are of all draws.
			name: "unknown tenpai count",
			inputs: []*stats.GameRows{rowstest.Game("p", "other", 4, "one", -1, []rowstest.Hand{
				rowstest.H("exhaustive", -1, 0, false), rowstest.H("exhaustive", 3, 1000, false), rowstest.H("win", -1, 0, false), rowstest.H("exhaustive", 3, 1000, false),
			})},
			check: func(t *testing.T, s *stats.Summary) {
				c := s.Groups["other 4p one"]
				if c == nil {
					t.Fatalf("no group \"other 4p one\" in %v", slices.Collect(mapKeys(s.Groups)))
				}
				for _, c := range []*stats.Counts{s.All, c} {
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
			inputs: []*stats.GameRows{rowstest.Game("p", "tenhou", 4, "east", -1, []rowstest.Hand{
				rowstest.H("nine_terminals", -1, 0, false), rowstest.H("four_winds", -1, 0, false), rowstest.H("four_winds", -1, 0, false), rowstest.H("four_riichi", -1, 0, false),
				rowstest.H("four_kans", -1, 0, false), rowstest.H("triple_ron", -1, 0, false), rowstest.H("win", -1, 0, false), rowstest.H("win", -1, 0, false),
			})},
			check: func(t *testing.T, s *stats.Summary) {
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
	if err := rowstest.Summarize(rowstest.SummaryInputs()).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Inputs, Judged, Failed int
		All                    map[string]json.RawMessage
		Players                map[string]map[string]json.RawMessage
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
		"divergent_games": "1", "divergent_hands": "3",
	}
	// All mixes sanma and four-player games: no tenpai distribution there,
	// one per player count.
	if _, ok := v.All["tenpai_at_draw"]; ok {
		t.Error("all.tenpai_at_draw mixes sanma and four-player games")
	}
	if got := string(v.Players["4p"]["tenpai_at_draw"]); got != "[\n      1,\n      1,\n      1,\n      1,\n      1\n    ]" && got != "[1,1,1,1,1]" {
		var c bytes.Buffer
		json.Compact(&c, v.Players["4p"]["tenpai_at_draw"])
		if c.String() != "[1,1,1,1,1]" {
			t.Errorf("players.4p.tenpai_at_draw = %s, want [1,1,1,1,1]", c.String())
		}
	}
	for k, w := range want {
		var c bytes.Buffer
		if err := json.Compact(&c, v.All[k]); err != nil || c.String() != w {
			t.Errorf("all.%s = %s, want %s", k, v.All[k], w)
		}
	}
	for _, k := range []string{"outcomes", "abortive_rates", "noten_payment_per_draw", "noten_payment_per_game", "discrepancies"} {
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

// TestSummaryTextColumns: in the printed table every right-aligned column
// of the rows ends where its header does.
func TestSummaryTextColumns(t *testing.T) {
	var b bytes.Buffer
	if err := rowstest.Summarize(rowstest.SummaryInputs()).WriteText(&b); err != nil {
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
	for _, name := range []string{"all 3p", "all 4p", "majsoul 3p east", "tenhou 4p south"} {
		var row string
		for _, l := range lines[3:8] {
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

// TestSummaryTenpaiByPlayers: a group of sanma and four-player games has no
// tenpai distribution (the counts 0-3 and 0-4 do not add up to one); a
// sanma group has four entries, 0 to 3 tenpai; a group without draws none
// in the text.
func TestSummaryTenpaiByPlayers(t *testing.T) {
	s := stats.NewSummary("year")
	for _, r := range rowstest.SummaryInputs() {
		s.Add(r)
	}
	s.Finish()
	mixed := s.Groups["unknown-year"]
	if mixed == nil || mixed.Games != 3 || mixed.TenpaiAtDraw != nil || mixed.TenpaiRates != nil {
		t.Errorf("the group of sanma and four-player games: %+v, want 3 games and no tenpai distribution", mixed)
	}
	if got := s.Players["3p"].TenpaiAtDraw; !slices.Equal(got, []int{0, 1, 1, 0}) {
		t.Errorf("sanma tenpai at draw %v, want [0 1 1 0]", got)
	}
	if got := s.Players["4p"].TenpaiAtDraw; len(got) != 5 {
		t.Errorf("four-player tenpai at draw %v, want five entries", got)
	}
	var b bytes.Buffer
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "unknown-year ") && !strings.Contains(line, "  -  ") {
			t.Errorf("the mixed group's line shows a tenpai distribution: %q", line)
		}
		if strings.HasPrefix(line, "all 3p ") && !strings.Contains(line, "0.0/50.0/50.0/0.0/-") {
			t.Errorf("the sanma line: %q, want 0.0/50.0/50.0/0.0/-", line)
		}
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

// TestSummaryTableByTable: rows fed table by table (as ReadSummary feeds
// them) are counted as Add counts them, grouped by a dimension only the
// games row has, whether a game's rows come together or not.
func TestSummaryTableByTable(t *testing.T) {
	inputs := rowstest.SummaryInputs()
	for _, by := range [][]string{nil, {"year", "lobby", "players"}} {
		added := stats.NewSummary(by...)
		for _, r := range inputs {
			added.Add(r)
		}
		added.Finish()
		byTable := stats.NewSummary(by...)
		for _, r := range inputs {
			byTable.AddGame(&r.Game)
		}
		// The rounds of every game, then their wins interleaved, then the
		// discrepancies backwards.
		for _, r := range inputs {
			for j := range r.Rounds {
				byTable.AddRound(&r.Rounds[j])
			}
		}
		for j := 0; ; j++ {
			more := false
			for _, r := range inputs {
				if j < len(r.Wins) {
					byTable.AddWin(&r.Wins[j])
					more = true
				}
			}
			if !more {
				break
			}
		}
		for i := len(inputs) - 1; i >= 0; i-- {
			for j := len(inputs[i].Discrepancies) - 1; j >= 0; j-- {
				byTable.AddDiscrepancy(&inputs[i].Discrepancies[j])
			}
		}
		byTable.Finish()
		if d := cmp.Diff(added, byTable, approx); d != "" {
			t.Errorf("by %v: table by table (-Add +table by table):\n%s", by, d)
		}
	}
}
