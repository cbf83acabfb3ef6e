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

// Game builds the rows of one input under the rule set "auto": every hand
// before divergentFrom judged (-1: all), seat 0 winning every win (seat 1
// dealing in), the first tenpai seats tenpai at a draw, seat 0 dealing.
func Game(path, platform string, players int32, length string, divergentFrom int32, hands []Hand, checks ...string) *stats.GameRows {
	zero := int32(0)
	id, rules := "id-"+path, "tenhou"
	r := &stats.GameRows{Game: stats.GameRow{GameID: &id, Path: path, GameIndex: &zero, Format: "mjlog", Platform: platform, Players: players, Length: length,
		RuleSet: "auto", Applicable: true, Rules: &rules, Native: true, Hands: int32(len(hands)), Complete: true, Discrepancies: int32(len(checks))}}
	if divergentFrom >= 0 {
		r.Game.DivergentFrom = &divergentFrom
		kind := "nine_terminals"
		r.Game.DivergentKind = &kind
	}
	noten := int32(0)
	for i, h := range hands {
		judged := divergentFrom < 0 || int32(i) < divergentFrom
		rr := stats.RoundRow{GameID: r.Game.GameID, Path: path, Hand: int32(i), Wind: "E", Number: int32(i%4 + 1), Round: "E" + string(rune('1'+i%4)),
			Players: players, Outcome: h.Outcome, RecordedOutcome: h.Outcome, Divergent: h.Divergent, Judged: judged, RuleSet: "auto", Rules: "tenhou", Platform: platform, Length: length}
		if judged {
			n := h.Noten
			rr.NotenPaymentTotal = &n
			noten += n
			r.Game.HandsJudged++
			if i+1 < len(hands) {
				keep, honba := i%2 == 0, int32(i%2)
				rr.Renchan, rr.NextHonba = &keep, &honba
				rkeep, rhonba := true, int32(0)
				rr.RecordedRenchan, rr.RecordedNextHonba = &rkeep, &rhonba
			}
		}
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
		draw := h.Outcome == "exhaustive" || h.Outcome == "nagashi"
		for s := range players {
			sr := stats.SeatRow{GameID: r.Game.GameID, Path: path, Hand: int32(i), Round: rr.Round, Seat: s, Outcome: h.Outcome, IsDealer: s == 0,
				Standing: s + 1, Judged: judged, RuleSet: "auto", Rules: "tenhou", Players: players, Platform: platform, Length: length,
				Won: h.Outcome == "win" && s == 0, DealtIn: h.Outcome == "win" && s == 1, Riichi: s == 2, Calls: s % 2}
			if draw && h.Tenpai >= 0 {
				t := s < h.Tenpai
				sr.Tenpai = &t
			}
			r.Seats = append(r.Seats, sr)
		}
	}
	r.Game.NotenPaymentTotal = &noten
	for i, c := range checks {
		hand, round := int32(i), "E1-0"
		r.Discrepancies = append(r.Discrepancies, stats.DiscrepancyRow{GameID: r.Game.GameID, Path: path, Hand: &hand, Round: &round, CheckName: c,
			Message: "m", RuleSet: "auto", Rules: "tenhou", Platform: platform, Players: players, Length: length})
	}
	return r
}

// Win adds a wins row to r for its hand `hand`: scored with the yaku
// given (limit "none" below mangan), or not scored when yaku is nil.
func Win(r *stats.GameRows, hand int32, limit string, yaku ...string) *stats.GameRows {
	g := &r.Game
	w := stats.WinRow{GameID: g.GameID, Path: g.Path, Hand: hand, Round: r.Rounds[hand].Round, Scored: yaku != nil,
		RuleSet: g.RuleSet, Rules: *g.Rules, Platform: g.Platform, Players: g.Players, Length: g.Length, Divergent: !r.Rounds[hand].Judged}
	if yaku == nil {
		why := "the winner's tiles are hidden"
		w.NotScored = &why
	} else {
		w.Yaku, w.Limit = yaku, &limit
		points, han, fu := int32(1000*len(yaku)), int32(len(yaku)), int32(30)
		w.Points, w.RecordedPoints = &points, &points
		w.Han, w.Fu = &han, &fu
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
		Game:   stats.GameRow{Path: path, Format: "mjlog", Platform: platform, Players: players, Length: length, RuleSet: "auto", Applicable: true, Error: &msg},
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
