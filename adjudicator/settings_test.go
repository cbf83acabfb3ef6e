package adjudicator_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/gamebuild"
)

// variant returns the tenhou preset, renamed (so that it is not the log's
// own) and changed by set.
func variant(t *testing.T, set func(r *adjudicator.Rules)) *adjudicator.Rules {
	t.Helper()
	r := preset(t, "tenhou")
	r.Name = "variant"
	set(r)
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// nextHand returns what the rules expect of the hand after hand 0: the
// judgement's expected next round, from a game whose second hand is
// deliberately odd (dealer 2, honba 7) so that every expectation differs
// from it, read off the flow.next_round finding.
func nextRound(t *testing.T, b *gamebuild.Builder, r *adjudicator.Rules) string {
	t.Helper()
	b.Round(0, 3, 7, 0, 2, even, junk, junk2, junk2, junk)
	rep := adjudicator.Judge(b.G, r, true)
	for _, f := range rep.Findings {
		if f.Check.String() == "flow.next_round" {
			return f.Expected
		}
	}
	t.Fatalf("no flow.next_round finding: %+v", rep.Findings)
	return ""
}

// kan appends a closed kan by s of the four tiles t (after drawing the
// fourth), its dora and replacement draw rep.
func kan(b *gamebuild.Builder, s event.Seat, draw, tiles, rep string) *gamebuild.Builder {
	return b.Draw(s, draw).Meld(s, event.ClosedKan, event.MeldClosedKan, s, tiles, -1).
		Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
		Add(event.Event{Type: event.Draw, Seat: s, Tile: b.Tile(rep), Flags: event.Replacement})
}

// TestSettingRenchan: who deals next after an exhaustive draw at which the
// dealer is tenpai, in the East and in the South round, and after a
// dealer's win, for every value of draw.renchan.
func TestSettingRenchan(t *testing.T) {
	draw := func(wind int) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(wind, 1, 0, 0, 0, even, waitsOn4p, junk, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{3000, -1000, -1000, -1000})
		return b
	}
	win := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, waitsOn4p, junk, junk2, junk).
			Turns("0:7z:7z 1:7z:7z 2:6z:6z").Draw(3, "4p").Discard(3, "4p").
			Win(0, 3, "4p", 1, 30, [4]int32{1500, 0, 0, -1500})
		return b
	}
	tests := []struct {
		renchan                      adjudicator.Renchan
		eastDraw, southDraw, dealWin string
	}{
		{adjudicator.RenchanTenpai, "E1 dealer 0, honba 1", "S1 dealer 0, honba 1", "E1 dealer 0, honba 1"},
		{adjudicator.RenchanWin, "E2 dealer 1, honba 1", "S2 dealer 1, honba 1", "E1 dealer 0, honba 1"},
		{adjudicator.RenchanNever, "E2 dealer 1, honba 1", "S2 dealer 1, honba 1", "E2 dealer 1, honba 0"},
		{adjudicator.RenchanSouthTenpai, "E2 dealer 1, honba 1", "S1 dealer 0, honba 1", "E1 dealer 0, honba 1"},
	}
	for _, tc := range tests {
		t.Run(string(tc.renchan), func(t *testing.T) {
			r := variant(t, func(r *adjudicator.Rules) { r.Draw.Renchan = tc.renchan })
			for _, c := range []struct {
				name string
				b    *gamebuild.Builder
				want string
			}{{"east draw", draw(0), tc.eastDraw}, {"south draw", draw(1), tc.southDraw}, {"dealer win", win(), tc.dealWin}} {
				if got := nextRound(t, c.b, r); got != c.want {
					t.Errorf("%s: next %q, want %q", c.name, got, c.want)
				}
			}
		})
	}
}

// TestSettingAbortiveDealer: after a nine-terminals draw the dealer keeps
// the seat or not, and a honba is added or not, as abortive.keep_dealer and
// abortive.add_honba say.
func TestSettingAbortiveDealer(t *testing.T) {
	tests := []struct {
		keep, honba []string
		want        string
	}{
		{[]string{"nine_terminals"}, []string{"nine_terminals"}, "E1 dealer 0, honba 1"},
		{nil, []string{"nine_terminals"}, "E2 dealer 1, honba 1"},
		{[]string{"nine_terminals"}, nil, "E1 dealer 0, honba 0"},
		{[]string{"four_winds"}, []string{"triple_ron"}, "E2 dealer 1, honba 0"},
	}
	for _, tc := range tests {
		r := variant(t, func(r *adjudicator.Rules) { r.Abort.KeepDealer, r.Abort.AddHonba = tc.keep, tc.honba })
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk2).Draw(0, "9s").Ryuukyoku(event.NineTerminals, [4]int32{})
		if got := nextRound(t, b, r); got != tc.want {
			t.Errorf("keep %v honba %v: next %q, want %q", tc.keep, tc.honba, got, tc.want)
		}
	}
}

// TestSettingAbortiveDealerTripleRon: after a triple-ron abortive draw,
// recorded as the draw or as three rons the rules abort ("double_only"),
// the dealer keeps the seat or not, and a honba is added or not, as
// abortive.keep_dealer and abortive.add_honba say.
func TestSettingAbortiveDealerTripleRon(t *testing.T) {
	draw := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, waitsOn4p).
			Draw(0, "4p").Discard(0, "4p").Ryuukyoku(event.TripleRon, [4]int32{})
	}
	tests := []struct {
		keep, honba []string
		want        string
	}{
		{[]string{"triple_ron"}, []string{"triple_ron"}, "E1 dealer 0, honba 1"},
		{nil, nil, "E2 dealer 1, honba 0"},
		{[]string{"nine_terminals"}, []string{"triple_ron"}, "E2 dealer 1, honba 1"},
		{[]string{"triple_ron"}, []string{"four_kans"}, "E1 dealer 0, honba 0"},
	}
	for _, tc := range tests {
		r := variant(t, func(r *adjudicator.Rules) {
			r.Abort.KeepDealer, r.Abort.AddHonba = tc.keep, tc.honba
			r.Win.MultipleRon = adjudicator.MultiRonDouble
		})
		for _, g := range []struct {
			name string
			b    *gamebuild.Builder
		}{{"draw", draw()}, {"three rons", tripleRon(t)}} {
			if got := nextRound(t, g.b, r); got != tc.want {
				t.Errorf("%s, keep %v honba %v: next %q, want %q", g.name, tc.keep, tc.honba, got, tc.want)
			}
		}
	}
}

// fourWindsGame: seat 0 makes a closed kan in the first go-around, then the
// four first discards are East. aborted: the log aborts there; else it
// plays on and seat 1 wins on seat 0's next discard.
func fourWindsGame(t *testing.T, aborted bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(0, 1, 0, 0, 0, even, "111m6s334455667z", "234567m234p5578s", "2589m2589p2589s2z", "3679m3679p3679s5z")
	kan(b, 0, "1m", "1111m", "1z").Discard(0, "1z").Turns("1:1z:1z 2:1z:1z 3:1z:1z")
	if aborted {
		return b.Ryuukyoku(event.FourWinds, [4]int32{})
	}
	return b.Draw(0, "7z").Discard(0, "6s").
		Win(1, 0, "6s", 2, 30, [4]int32{-2000, 2000, 0, 0}, event.Yaku{ID: 7, Han: 1}, event.Yaku{ID: 8, Han: 1})
}

// TestSettingFourWindsVoidedBy: a closed kan voids four winds, or does not.
func TestSettingFourWindsVoidedBy(t *testing.T) {
	for _, tc := range []struct {
		by      adjudicator.FourWindsVoid
		aborted bool
		want    string // the finding, or ""
	}{
		{adjudicator.FourWindsCallsKans, true, "draw.four_winds"},
		{adjudicator.FourWindsCallsKans, false, ""},
		{adjudicator.FourWindsCalls, true, ""},
		{adjudicator.FourWindsCalls, false, "draw.four_winds"},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.Abort.FourWindsVoidedBy = tc.by })
		rep := adjudicator.Judge(fourWindsGame(t, tc.aborted).G, r, true)
		got := checkNames(rep.Findings)
		if (tc.want == "") != (len(got) == 0) || tc.want != "" && !slices.Contains(got, tc.want) {
			t.Errorf("voided by %s, log aborted %v: findings %v, want %q", tc.by, tc.aborted, got, tc.want)
		}
		// Under rules not the log's own, play going on is a divergence.
		if !tc.aborted {
			rep := adjudicator.Judge(fourWindsGame(t, false).G, r, false)
			div := rep.DivergentKind == adjudicator.DivergeFourWinds
			if div != (tc.want != "") {
				t.Errorf("voided by %s, foreign: divergent %q", tc.by, rep.DivergentKind)
			}
		}
	}
}

// fourKansGame: seats 0 and 1 make two closed kans each; seat 1 then
// discards 7s. ron: seat 2 wins on it; else the log aborts after it.
func fourKansGame(t *testing.T, ron bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(0, 1, 0, 0, 0, even, "111222m34567p99s", "111222p34567s99m", "345678m345p456s7s", "2589m2589p2589s2z")
	kan(b, 0, "1m", "1111m", "2m")
	b.Meld(0, event.ClosedKan, event.MeldClosedKan, 0, "2222m", -1).
		Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
		Add(event.Event{Type: event.Draw, Seat: 0, Tile: b.Tile("8s"), Flags: event.Replacement}).Discard(0, "8s")
	kan(b, 1, "1p", "1111p", "2p")
	b.Meld(1, event.ClosedKan, event.MeldClosedKan, 1, "2222p", -1).
		Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
		Add(event.Event{Type: event.Draw, Seat: 1, Tile: b.Tile("7s"), Flags: event.Replacement}).Discard(1, "7s")
	if ron {
		return b.Win(2, 1, "7s", 1, 40, [4]int32{0, -1300, 1300, 0}, event.Yaku{ID: 8, Han: 1})
	}
	return b.Ryuukyoku(event.FourKans, [4]int32{})
}

// TestSettingFourKans: four kans abort after the discard that follows the
// fourth (a ron on that discard comes first), or at the fourth kan itself
// (then the ron is past the abort); where four kans do not abort, the log's
// abort is divergent.
func TestSettingFourKans(t *testing.T) {
	after := variant(t, func(r *adjudicator.Rules) { r.Abort.FourKansTiming = adjudicator.FourKansAfterDiscard })
	onKan := variant(t, func(r *adjudicator.Rules) { r.Abort.FourKansTiming = adjudicator.FourKansOnKan })
	playOn := variant(t, func(r *adjudicator.Rules) { r.Abort.FourKans = false })
	for _, tc := range []struct {
		name string
		r    *adjudicator.Rules
		ron  bool
		want adjudicator.Divergence
	}{
		{"after the discard, aborted", after, false, ""},
		{"after the discard, a ron on it", after, true, ""},
		{"at the fourth kan, aborted later", onKan, false, ""},
		{"at the fourth kan, a ron after it", onKan, true, adjudicator.DivergeFourKans},
		{"play on, aborted", playOn, false, adjudicator.DivergeFourKans},
		{"play on, a ron", playOn, true, ""},
	} {
		rep := adjudicator.Judge(fourKansGame(t, tc.ron).G, tc.r, false)
		if rep.DivergentKind != tc.want {
			t.Errorf("%s: divergent %q (%s), want %q", tc.name, rep.DivergentKind, rep.DivergentReason, tc.want)
		}
	}
	// Under the log's own rules the same games give no finding but the
	// one the timing calls for.
	if rep := adjudicator.Judge(fourKansGame(t, false).G, preset(t, "tenhou"), true); len(rep.Findings) != 0 {
		t.Errorf("tenhou, aborted after the discard: %+v", rep.Findings)
	}
	if rep := adjudicator.Judge(fourKansGame(t, true).G, onKan, true); !slices.Contains(checkNames(rep.Findings), "draw.four_kans") {
		t.Errorf("at the fourth kan, a ron after it, own rules: findings %v", checkNames(rep.Findings))
	}
}

// TestSettingFifthKan: after four kans by two players where four kans do
// not abort, a fifth kan is illegal ("forbidden") or ends the hand
// ("aborts").
func TestSettingFifthKan(t *testing.T) {
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, "111222m34567p99s", "111222p34567s99m", "333s345678m345p4s", "2589m2589p2589s2z")
		kan(b, 0, "1m", "1111m", "2m")
		b.Meld(0, event.ClosedKan, event.MeldClosedKan, 0, "2222m", -1).
			Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
			Add(event.Event{Type: event.Draw, Seat: 0, Tile: b.Tile("8s"), Flags: event.Replacement}).Discard(0, "8s")
		kan(b, 1, "1p", "1111p", "2p")
		b.Meld(1, event.ClosedKan, event.MeldClosedKan, 1, "2222p", -1).
			Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
			Add(event.Event{Type: event.Draw, Seat: 1, Tile: b.Tile("7s"), Flags: event.Replacement}).Discard(1, "7s")
		return b.Draw(2, "3s").Meld(2, event.ClosedKan, event.MeldClosedKan, 2, "3333s", -1).Ryuukyoku(event.FourKans, [4]int32{})
	}
	forbidden := variant(t, func(r *adjudicator.Rules) { r.Abort.FourKans, r.Abort.FifthKan = false, adjudicator.FifthKanForbidden })
	aborts := variant(t, func(r *adjudicator.Rules) { r.Abort.FourKans, r.Abort.FifthKan = false, adjudicator.FifthKanAborts })
	if got := checkNames(adjudicator.Judge(game().G, forbidden, true).Findings); !slices.Contains(got, "legality.kan") {
		t.Errorf("forbidden: findings %v, want legality.kan", got)
	}
	if got := checkNames(adjudicator.Judge(game().G, aborts, true).Findings); len(got) != 0 {
		t.Errorf("aborts: findings %v, want none", got)
	}
}

// chomboGame: seat 1 declares riichi on a noten hand, the wall runs out,
// and the log records the score changes deltas; the next hand is dealt by
// the same dealer with the same honba.
func chomboGame(t *testing.T, deltas [4]int32) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk).Draw(0, "5m").Discard(0, "5m").
		Riichi(1, "5m", "5m").Exhaust(2, 2, 4).
		Ryuukyoku(event.Exhaustive, deltas)
	after := even
	after[1] -= 1000 // the riichi stick
	for s := range 4 {
		after[s] += deltas[s]
	}
	return b.Round(0, 1, 0, 1, 0, after, junk, junk2, junk2, junk)
}

// TestSettingNotenRiichiAndChombo: a noten riichi at an exhaustive draw is
// a finding where the client forbids it, nothing where it is allowed, and
// a chombo settled as the [chombo] section says where it is one.
func TestSettingNotenRiichiAndChombo(t *testing.T) {
	noPenalty := variant(t, func(r *adjudicator.Rules) { r.Draw.NotenRiichi = adjudicator.NotenRiichiNoPenalty })
	rep := adjudicator.Judge(chomboGame(t, [4]int32{}).G, noPenalty, true)
	if slices.Contains(checkNames(rep.Findings), "draw.noten_riichi") {
		t.Errorf("no_penalty: findings %v", checkNames(rep.Findings))
	}
	impossible := variant(t, func(r *adjudicator.Rules) { r.Draw.NotenRiichi = adjudicator.NotenRiichiNone })
	if got := checkNames(adjudicator.Judge(chomboGame(t, [4]int32{}).G, impossible, true).Findings); !slices.Contains(got, "draw.noten_riichi") {
		t.Errorf("impossible: findings %v, want draw.noten_riichi", got)
	}
	for _, tc := range []struct {
		name   string
		set    func(c *adjudicator.ChomboRules)
		deltas [4]int32
	}{
		{"no payment", func(c *adjudicator.ChomboRules) { c.Payment = adjudicator.ChomboNone }, [4]int32{}},
		{"a mangan", func(c *adjudicator.ChomboRules) { c.Payment = adjudicator.ChomboMangan }, [4]int32{4000, -8000, 2000, 2000}},
		{"points", func(c *adjudicator.ChomboRules) { c.Payment, c.Points = adjudicator.ChomboPoints, 9000 }, [4]int32{3000, -9000, 3000, 3000}},
	} {
		r := variant(t, func(r *adjudicator.Rules) {
			r.Draw.NotenRiichi = adjudicator.NotenRiichiChombo
			r.Chombo = adjudicator.ChomboRules{DealerKeeps: true}
			tc.set(&r.Chombo)
		})
		rep := adjudicator.Judge(chomboGame(t, tc.deltas).G, r, true)
		got := slices.DeleteFunc(checkNames(rep.Findings), func(c string) bool { return c == "legality.riichi" })
		h := rep.Hands[0]
		if len(got) != 0 || h.Outcome != adjudicator.ChomboOutcome || !h.Seats[1].Chombo {
			t.Errorf("%s: outcome %v, chombo %v, findings %v", tc.name, h.Outcome, h.Seats[1].Chombo, got)
		}
	}
	// The dealer passes and a honba is added when the rules say so: the
	// next hand above (same dealer and honba) is then a finding.
	r := variant(t, func(r *adjudicator.Rules) {
		r.Draw.NotenRiichi = adjudicator.NotenRiichiChombo
		r.Chombo = adjudicator.ChomboRules{Payment: adjudicator.ChomboNone, AddHonba: true}
	})
	if got := checkNames(adjudicator.Judge(chomboGame(t, [4]int32{}).G, r, true).Findings); !slices.Contains(got, "flow.next_round") {
		t.Errorf("dealer passes, honba added: findings %v, want flow.next_round", got)
	}
}

// TestSettingChomboFinalPoints: the chombo penalty in final points is part
// of the final points the rules compute: the same game judged with a
// penalty of 0 and of -20 gives final points that differ by 20 for the
// offender alone.
func TestSettingChomboFinalPoints(t *testing.T) {
	points := func(penalty float64) []float64 {
		r := variant(t, func(r *adjudicator.Rules) {
			r.Draw.NotenRiichi = adjudicator.NotenRiichiChombo
			r.Chombo = adjudicator.ChomboRules{Payment: adjudicator.ChomboNone, DealerKeeps: true, FinalPoints: penalty}
			r.End.Rounding = adjudicator.RoundingNone
		})
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk).Draw(0, "5m").Discard(0, "5m").
			Riichi(1, "5m", "5m").Exhaust(2, 2, 4).Ryuukyoku(event.Exhaustive, [4]int32{}).
			End(even, [4]float64{})
		for _, f := range adjudicator.Judge(b.G, r, true).Findings {
			if f.Check.String() == "game.final_points" {
				var p [4]float64
				if _, err := fmt.Sscanf(f.Expected, "[%g %g %g %g]", &p[0], &p[1], &p[2], &p[3]); err != nil {
					t.Fatal(err)
				}
				return p[:]
			}
		}
		t.Fatal("no game.final_points finding")
		return nil
	}
	without, with := points(0), points(-20)
	for s := range 4 {
		want := without[s]
		if s == 1 {
			want -= 20
		}
		if with[s] != want {
			t.Errorf("seat %d: final points %g with the penalty, %g without", s, with[s], without[s])
		}
	}
}

// TestSettingYame: the dealer of the last hand wins while placed first,
// second or last; the game ends or goes on, and each mode of end.yame says
// whether that is right.
func TestSettingYame(t *testing.T) {
	// allLast: seat 3 deals South 4 and wins 1500 from seat 0.
	scores := map[int][4]int32{
		1: {20000, 20000, 20000, 38500},
		2: {15000, 20000, 35000, 28500},
		4: {30000, 30000, 30000, 8500},
	}
	for _, mode := range []adjudicator.YameMode{adjudicator.YameMandatory, adjudicator.YameOptional, adjudicator.YameNo} {
		for place, sc := range scores {
			r := preset(t, "tenhou")
			r.End.Yame = []adjudicator.YameMode{adjudicator.YameNo, adjudicator.YameNo, adjudicator.YameNo, adjudicator.YameNo}
			r.End.Yame[place-1] = mode
			r.End.YameNeedsGoal = false
			for _, end := range []bool{true, false} {
				got := slices.Contains(checkNames(adjudicator.Judge(allLast(t, sc, end).G, r, true).Findings), "game.end")
				want := mode == adjudicator.YameMandatory && !end || mode == adjudicator.YameNo && end
				if got != want {
					t.Errorf("yame %s in place %d, game ends %v: game.end finding %v, want %v", mode, place, end, got, want)
				}
			}
		}
	}
}

// TestSettingDeclarationNone: rules where nobody shows a hand at a draw
// need no noten payments and a renchan that does not depend on tenpai.
func TestSettingDeclarationNone(t *testing.T) {
	r := preset(t, "saikouisen")
	if r.Draw.Declaration != adjudicator.DeclarationNone {
		t.Fatalf("saikouisen: declaration %q", r.Draw.Declaration)
	}
	r.Draw.NotenPool = 3000
	if err := r.Validate(); err == nil {
		t.Error("declaration none with noten payments: no error")
	}
	r = preset(t, "saikouisen")
	r.Draw.Renchan = adjudicator.RenchanTenpai
	if err := r.Validate(); err == nil {
		t.Error("declaration none with tenpai renchan: no error")
	}
	// Under it, an exhaustive draw moves nothing and the dealer passes.
	b := gamebuild.New(t, 4)
	b.Round(0, 1, 0, 0, 0, [4]int32{30000, 30000, 30000, 30000}, waitsOn4p, junk, junk2, junk).Exhaust(0, 0, 4).
		Ryuukyoku(event.Exhaustive, [4]int32{})
	if got := nextRound(t, b, preset(t, "saikouisen")); got != "E2 dealer 1, honba 1" {
		t.Errorf("saikouisen after a draw: next %q", got)
	}
}
