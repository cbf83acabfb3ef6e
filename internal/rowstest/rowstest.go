// Package rowstest holds the hand-built table rows and the judged fixtures
// that the tests of stats (the rows and the summary) and of tables (the
// Parquet files) share: a small data set whose summary is worked out by
// hand, and the rows of a fixture judged as a batch worker judges it.
package rowstest

import (
	"os"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/stats"
)

// Hand is one rounds row of a hand-built game: its outcome, tenpai count
// (-1: null), noten payment total and divergence.
type Hand struct {
	Outcome   string
	Tenpai    int32
	Noten     int32
	Divergent bool
}

// H is a Hand.
func H(outcome string, tenpai, noten int32, divergent bool) Hand {
	return Hand{Outcome: outcome, Tenpai: tenpai, Noten: noten, Divergent: divergent}
}

// Game builds the rows of one input.
func Game(path, platform string, players int32, length string, divergentFrom int32, hands []Hand, checks ...string) *stats.GameRows {
	zero := int32(0)
	id, rules := "id-"+path, "tenhou"
	r := &stats.GameRows{Game: stats.GameRow{GameID: &id, Path: path, GameIndex: &zero, Format: "mjlog", Platform: platform, Players: players, Length: length,
		Rules: &rules, Native: true, Hands: int32(len(hands)), Complete: true, Discrepancies: int32(len(checks))}}
	if divergentFrom >= 0 {
		r.Game.DivergentFrom = &divergentFrom
		kind := "nine_terminals"
		r.Game.DivergentKind = &kind
	}
	for i, h := range hands {
		rr := stats.RoundRow{GameID: r.Game.GameID, Path: path, Hand: int32(i), Wind: "E", Number: int32(i%4 + 1), Round: "E" + string(rune('1'+i%4)),
			Players: players, Outcome: h.Outcome, NotenPaymentTotal: h.Noten, Divergent: h.Divergent, Rules: "tenhou", Platform: platform, Length: length}
		if h.Tenpai >= 0 {
			tc := h.Tenpai
			rr.TenpaiCount = &tc
		}
		// Tenhou's hands have a wall to check, the others no seed.
		rr.WallChecked = platform == "tenhou"
		if !rr.WallChecked {
			reason := "no_seed"
			rr.WallReason = &reason
		}
		r.Rounds = append(r.Rounds, rr)
		for s := range players {
			r.Seats = append(r.Seats, stats.SeatRow{GameID: r.Game.GameID, Path: path, Hand: int32(i), Round: rr.Round, Seat: s, Outcome: h.Outcome})
		}
	}
	for i, c := range checks {
		hand, round := int32(i), "E1-0"
		r.Discrepancies = append(r.Discrepancies, stats.DiscrepancyRow{GameID: r.Game.GameID, Path: path, Hand: &hand, Round: &round, CheckName: c,
			Message: "m", Rules: "tenhou", Platform: platform, Players: players, Length: length})
	}
	return r
}

// Win adds a wins row to r for its hand `hand`: scored with the yaku
// given (limit "none" below mangan), or not scored when yaku is nil.
func Win(r *stats.GameRows, hand int32, limit string, yaku ...string) *stats.GameRows {
	g := &r.Game
	w := stats.WinRow{GameID: g.GameID, Path: g.Path, Hand: hand, Round: r.Rounds[hand].Round, Scored: yaku != nil,
		Rules: *g.Rules, Platform: g.Platform, Players: g.Players, Length: g.Length}
	if yaku == nil {
		why := "the winner's tiles are hidden"
		w.NotScored = &why
	} else {
		w.Yaku, w.Limit = yaku, &limit
		for range yaku {
			w.YakuHan = append(w.YakuHan, 1)
		}
	}
	r.Wins = append(r.Wins, w)
	return r
}

// Failed builds the rows of an input that could not be read.
func Failed(path, platform string, players int32, length, msg string) *stats.GameRows {
	return &stats.GameRows{
		Game:   stats.GameRow{Path: path, Format: "mjlog", Platform: platform, Players: players, Length: length, Error: &msg},
		Errors: []stats.ErrorRow{{Path: path, Format: "mjlog", Error: msg}},
	}
}

// SummaryInputs is a small data set whose figures are worked out by hand
// in WantSummary.
func SummaryInputs() []*stats.GameRows {
	return []*stats.GameRows{
		// G1, tenhou 4p south: 5 hands, 2 exhaustive draws (2 tenpai,
		// 3000 noten; 0 tenpai, no payment), 1 nine terminals.
		Win(Win(Game("g1.xml", "tenhou", 4, "south", -1, []Hand{
			{"win", -1, 0, false},
			{"exhaustive", 2, 3000, false},
			{"exhaustive", 0, 0, false},
			{"nine_terminals", -1, 0, false},
			{"win", -1, 0, false},
		}, "draw.tenpai", "draw.tenpai"), 0, "none", "riichi", "pinfu"), 4, "mangan", "riichi", "tanyao"),
		// An input that could not be read: counted as failed only.
		Failed("bad.xml", "tenhou", 4, "south", "bad.xml: offset 10: mjlog: broken"),
		// G2, tenhou 4p south, divergent from hand 2: 5 hands, all tenpai
		// (no payment), a nagashi with 1 tenpai, four riichi, 3 tenpai
		// (3000 noten), incomplete.
		Game("g2.xml", "tenhou", 4, "south", 2, []Hand{
			{"exhaustive", 4, 0, false},
			{"nagashi", 1, 0, false},
			{"four_riichi", -1, 0, true},
			{"exhaustive", 3, 3000, true},
			{"incomplete", -1, 0, true},
		}, "flow.next_round"),
		// G3, majsoul 3p east: 6 hands, exhaustive draws with 1 and 2
		// tenpai (2000 noten each), four kans, three wins.
		Win(Win(Win(Game("g3.json", "majsoul", 3, "east", -1, []Hand{
			{"exhaustive", 1, 2000, false},
			{"four_kans", -1, 0, false},
			{"win", -1, 0, false},
			{"exhaustive", 2, 2000, false},
			{"win", -1, 0, false},
			{"win", -1, 0, false},
		}, "draw.payment", "draw.tenpai"), 2, "none", "tanyao"), 4, "yakuman", "kokushi_musou"), 5, ""),
	}
}

// WantSummary is summaryInputs counted by hand.
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
//	Walls: the 10 Tenhou hands checked, the 6 Mahjong Soul ones not (no
//	seed).
//	Wins: G1 riichi pinfu (below mangan), riichi tanyao (mangan); G3
//	tanyao (below mangan), kokushi musou (yakuman), one not scored.
func WantSummary() *stats.Summary {
	s := wantSummary()
	// The player counts' figures are the groups' (one group each here);
	// All mixes sanma and four-player games, so it has no tenpai
	// distribution.
	s.By = stats.DefaultBy
	s.Players = map[string]*stats.Counts{"4p": s.Groups["tenhou 4p south"], "3p": s.Groups["majsoul 3p east"]}
	s.All.TenpaiAtDraw, s.All.TenpaiRates = nil, nil
	return s
}

func wantSummary() *stats.Summary {
	return &stats.Summary{
		Inputs: 4, Games: 3, Unreadable: 1, Judged: 3, Failed: 1,
		All: &stats.Counts{
			Games: 3, Hands: 16,
			Outcomes:        map[string]int{"win": 5, "exhaustive": 6, "nagashi": 1, "nine_terminals": 1, "four_riichi": 1, "four_kans": 1, "incomplete": 1},
			ExhaustiveDraws: 7, DrawRate: 7.0 / 16,
			AbortiveRates: map[string]float64{"nine_terminals": 1.0 / 16, "four_winds": 0, "four_riichi": 1.0 / 16, "four_kans": 1.0 / 16, "triple_ron": 0},
			TenpaiAtDraw:  []int{1, 2, 2, 1, 1},
			TenpaiRates:   []float64{1.0 / 7, 2.0 / 7, 2.0 / 7, 1.0 / 7, 1.0 / 7},
			NotenTotal:    10000, NotenPerDraw: 10000.0 / 7, NotenPerGame: 10000.0 / 3,
			DivergentGames: 1, DivergentHands: 3,
			Divergences:   map[string]stats.DivergenceCount{"nine_terminals": {Games: 1, Hands: 3}},
			Discrepancies: map[string]int{"draw.tenpai": 3, "flow.next_round": 1, "draw.payment": 1},
			Wins:          5, Scored: 4,
			Yaku:        map[string]int{"riichi": 2, "pinfu": 1, "tanyao": 2, "kokushi_musou": 1},
			Limits:      map[string]int{"none": 2, "mangan": 1, "yakuman": 1},
			WallChecked: 10, WallNotChecked: map[string]int{"no_seed": 6},
		},
		Groups: map[string]*stats.Counts{
			"tenhou 4p south": {
				Games: 2, Hands: 10,
				Outcomes:        map[string]int{"win": 2, "exhaustive": 4, "nagashi": 1, "nine_terminals": 1, "four_riichi": 1, "incomplete": 1},
				ExhaustiveDraws: 5, DrawRate: 0.5,
				AbortiveRates: map[string]float64{"nine_terminals": 0.1, "four_winds": 0, "four_riichi": 0.1, "four_kans": 0, "triple_ron": 0},
				TenpaiAtDraw:  []int{1, 1, 1, 1, 1},
				TenpaiRates:   []float64{0.2, 0.2, 0.2, 0.2, 0.2},
				NotenTotal:    6000, NotenPerDraw: 1200, NotenPerGame: 3000,
				DivergentGames: 1, DivergentHands: 3,
				Divergences:   map[string]stats.DivergenceCount{"nine_terminals": {Games: 1, Hands: 3}},
				Discrepancies: map[string]int{"draw.tenpai": 2, "flow.next_round": 1},
				Wins:          2, Scored: 2,
				Yaku:        map[string]int{"riichi": 2, "pinfu": 1, "tanyao": 1},
				Limits:      map[string]int{"none": 1, "mangan": 1},
				WallChecked: 10,
			},
			"majsoul 3p east": {
				Games: 1, Hands: 6,
				Outcomes:        map[string]int{"win": 3, "exhaustive": 2, "four_kans": 1},
				ExhaustiveDraws: 2, DrawRate: 1.0 / 3,
				AbortiveRates: map[string]float64{"nine_terminals": 0, "four_winds": 0, "four_riichi": 0, "four_kans": 1.0 / 6, "triple_ron": 0},
				TenpaiAtDraw:  []int{0, 1, 1, 0}, // sanma: 0-3
				TenpaiRates:   []float64{0, 0.5, 0.5, 0},
				NotenTotal:    4000, NotenPerDraw: 2000, NotenPerGame: 4000,
				Divergences:   map[string]stats.DivergenceCount{},
				Discrepancies: map[string]int{"draw.payment": 1, "draw.tenpai": 1},
				Wins:          3, Scored: 2,
				Yaku:           map[string]int{"tanyao": 1, "kokushi_musou": 1},
				Limits:         map[string]int{"none": 1, "yakuman": 1},
				WallNotChecked: map[string]int{"no_seed": 6},
			},
		},
	}
}

// Summarize aggregates inputs as analyze does.
func Summarize(inputs []*stats.GameRows) *stats.Summary {
	s := stats.NewSummary()
	for _, r := range inputs {
		s.Add(r)
	}
	s.Finish()
	return s
}

// JudgeFixture decodes, replays and judges one log the way batch's worker
// does (parser.Decoder, adjudicator.Selector for the log's own rules, a
// Judger) and returns its rows.
func JudgeFixture(t testing.TB, path string) *stats.GameRows {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var dec parser.Decoder
	var g event.Game
	in := parser.Input{Path: path, Data: data}
	if err := dec.Decode(&in, &g); err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	var sel adjudicator.Selector
	rules, err := sel.For(&g)
	if err != nil {
		t.Fatalf("rules for %s: %v", path, err)
	}
	var jr adjudicator.Judger
	rows := &stats.GameRows{}
	rows.Fill(path, &g, jr.Judge(&g, rules, true), nil)
	return rows
}
