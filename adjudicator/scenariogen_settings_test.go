//go:build scenariogen

package adjudicator_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/gamebuild"
)

// settings writes the scenarios of settings_test.go.
func (gn *gen) settings(t *testing.T) {
	// TestSettingRenchan.
	f := gn.file("renchan", `# draw.renchan: who deals next after an exhaustive draw at which the dealer
# is tenpai, in the East and in the South round, and after a dealer's win,
# for every value. Each log goes on with a deliberately odd hand (hand 3,
# dealer 2, honba 7), so that the flow.next_round finding says what the
# rules expect next.
`)
	draw := func(wind int, name string) string {
		return gn.log(name, fmt.Sprintf("the dealer alone tenpai at the draw of %s1", []string{"East", "South"}[wind]), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			b.Round(wind, 1, 0, 0, 0, even, waitsOn4p, junk, junk2, junk).Exhaust(0, 0, 4).
				Ryuukyoku(event.Exhaustive, [4]int32{3000, -1000, -1000, -1000})
			return odd(b)
		})
	}
	eastDraw, southDraw := draw(0, "dealer-tenpai-east1-draw-then-odd"), draw(1, "dealer-tenpai-south1-draw-then-odd")
	dealerWin := gn.log("dealer-wins-east1-then-odd", "the dealer wins East 1", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, waitsOn4p, junk, junk2, junk).
			Turns("0:7z:7z 1:7z:7z 2:6z:6z").Draw(3, "4p").Discard(3, "4p").
			Win(0, 3, "4p", 1, 30, [4]int32{1500, 0, 0, -1500})
		return odd(b)
	})
	for _, tc := range []struct {
		renchan                      adjudicator.Renchan
		eastDraw, southDraw, dealWin string
	}{
		{adjudicator.RenchanTenpai, "E1 dealer 0, honba 1", "S1 dealer 0, honba 1", "E1 dealer 0, honba 1"},
		{adjudicator.RenchanWin, "E2 dealer 1, honba 1", "S2 dealer 1, honba 1", "E1 dealer 0, honba 1"},
		{adjudicator.RenchanNever, "E2 dealer 1, honba 1", "S2 dealer 1, honba 1", "E2 dealer 1, honba 0"},
		{adjudicator.RenchanSouthTenpai, "E2 dealer 1, honba 1", "S1 dealer 0, honba 1", "E1 dealer 0, honba 1"},
	} {
		set := []kv{{"draw.renchan", string(tc.renchan)}}
		for _, c := range []struct{ name, log, want string }{
			{"east draw", eastDraw, tc.eastDraw}, {"south draw", southDraw, tc.southDraw}, {"dealer win", dealerWin, tc.dealWin},
		} {
			f.add(&genCase{name: fmt.Sprintf("%s: %s", tc.renchan, c.name), log: c.log, set: set, native: true, check: nextIs(c.want)})
		}
	}

	// TestSettingAbortiveDealer.
	f = gn.file("abortive-dealer", `# abortive.keep_dealer and abortive.add_honba: after a nine-terminals draw
# the dealer keeps the seat or not, and a honba is added or not. The log
# goes on with a deliberately odd hand, so that the flow.next_round finding
# says what the rules expect next.
`)
	nine := gn.log("nine-terminals-east1-then-odd", "the dealer declares nine terminals", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk2).Draw(0, "9s").Ryuukyoku(event.NineTerminals, [4]int32{})
		return odd(b)
	})
	for _, tc := range []struct {
		keep, honba []string
		want        string
	}{
		{[]string{"nine_terminals"}, []string{"nine_terminals"}, "E1 dealer 0, honba 1"},
		{nil, []string{"nine_terminals"}, "E2 dealer 1, honba 1"},
		{[]string{"nine_terminals"}, nil, "E1 dealer 0, honba 0"},
		{[]string{"four_winds"}, []string{"triple_ron"}, "E2 dealer 1, honba 0"},
	} {
		f.add(&genCase{name: fmt.Sprintf("keep %v, honba %v", tc.keep, tc.honba), log: nine,
			set: []kv{{"abortive.keep_dealer", strs(tc.keep...)}, {"abortive.add_honba", strs(tc.honba...)}}, native: true, check: nextIs(tc.want)})
	}

	// TestSettingAbortiveDealerTripleRon.
	f = gn.file("abortive-dealer-triple-ron", `# abortive.keep_dealer and abortive.add_honba after a triple-ron abortive
# draw, recorded as the draw or as three rons the rules abort
# (win.multiple_ron = "double_only"). The logs go on with a deliberately
# odd hand, so that the flow.next_round finding says what the rules expect.
`)
	tripleDraw := gn.log("triple-ron-draw-east1-then-odd", "three players ron the dealer's 4p: the triple-ron draw", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, waitsOn4p).
			Draw(0, "4p").Discard(0, "4p").Ryuukyoku(event.TripleRon, [4]int32{})
		return odd(b)
	})
	tripleWins := gn.log("triple-ron-paid-east1-then-odd", "three players ron the dealer's 4p, each paid", func() *gamebuild.Builder {
		return odd(tripleRon(t))
	})
	for _, tc := range []struct {
		keep, honba []string
		want        string
	}{
		{[]string{"triple_ron"}, []string{"triple_ron"}, "E1 dealer 0, honba 1"},
		{nil, nil, "E2 dealer 1, honba 0"},
		{[]string{"nine_terminals"}, []string{"triple_ron"}, "E2 dealer 1, honba 1"},
		{[]string{"triple_ron"}, []string{"four_kans"}, "E1 dealer 0, honba 0"},
	} {
		set := []kv{{"abortive.keep_dealer", strs(tc.keep...)}, {"abortive.add_honba", strs(tc.honba...)}, {"win.multiple_ron", "double_only"}}
		for _, l := range []struct{ name, log string }{{"draw", tripleDraw}, {"three rons", tripleWins}} {
			f.add(&genCase{name: fmt.Sprintf("%s, keep %v, honba %v", l.name, tc.keep, tc.honba), log: l.log, set: set, native: true, check: nextIs(tc.want)})
		}
	}

	// TestSettingFourWindsVoidedBy.
	f = gn.file("four-winds-voided-by", `# abortive.four_winds_voided_by: seat 0 makes a closed kan in the first
# go-around, then the four first discards are East. A closed kan voids
# four winds ("calls_and_closed_kans") or does not ("calls"). One log
# aborts there; the other plays on, and seat 1 wins on seat 0's next
# discard. Under rules not the log's own, play going on past four winds is
# a divergence.
`)
	aborted := gn.log("four-winds-after-closed-kan-aborted", "four East discards after a closed kan: aborted", func() *gamebuild.Builder { return fourWindsGame(t, true) })
	playedOn := gn.log("four-winds-after-closed-kan-played-on", "four East discards after a closed kan: play goes on", func() *gamebuild.Builder { return fourWindsGame(t, false) })
	for _, tc := range []struct {
		by      adjudicator.FourWindsVoid
		aborted bool
		want    string
	}{
		{adjudicator.FourWindsCallsKans, true, "draw.four_winds"},
		{adjudicator.FourWindsCallsKans, false, ""},
		{adjudicator.FourWindsCalls, true, ""},
		{adjudicator.FourWindsCalls, false, "draw.four_winds"},
	} {
		set := []kv{{"abortive.four_winds_voided_by", string(tc.by)}}
		log := playedOn
		what := "played on"
		if tc.aborted {
			log, what = aborted, "aborted"
		}
		want := tc.want
		f.add(&genCase{name: fmt.Sprintf("%s, %s", tc.by, what), log: log, set: set, native: true, check: func(rep *adjudicator.Report) error {
			got := checkNames(rep.Findings)
			return ok(!((want == "") != (len(got) == 0) || want != "" && !slices.Contains(got, want)), "findings %v, want %q", got, want)
		}})
		if !tc.aborted {
			f.add(&genCase{name: fmt.Sprintf("%s, played on, not the log's rules", tc.by), log: log, set: set, native: false, div: true, check: func(rep *adjudicator.Report) error {
				div := rep.DivergentKind == adjudicator.DivergeFourWinds
				return ok(div == (want != ""), "divergent %q", rep.DivergentKind)
			}})
		}
	}

	// TestSettingFourKans.
	f = gn.file("four-kans", `# abortive.four_kans and abortive.four_kans_timing: seats 0 and 1 make two
# closed kans each; seat 1 then discards 7s, on which seat 2 wins (one log)
# or after which the hand aborts (the other). Four kans abort after the
# discard that follows the fourth (a ron on it comes first), or at the
# fourth kan itself (then the ron is past the abort); where four kans do
# not abort, the log's abort is divergent.
`)
	kansAborted := gn.log("four-kans-aborted", "four kans by two players, aborted after the discard", func() *gamebuild.Builder { return fourKansGame(t, false) })
	kansRon := gn.log("four-kans-ron-on-the-discard", "four kans by two players, a ron on the discard after the fourth", func() *gamebuild.Builder { return fourKansGame(t, true) })
	after := []kv{{"abortive.four_kans_timing", "after_discard"}}
	onKan := []kv{{"abortive.four_kans_timing", "on_declaration"}}
	playOn := []kv{{"abortive.four_kans", false}}
	for _, tc := range []struct {
		name string
		set  []kv
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
		log := kansAborted
		if tc.ron {
			log = kansRon
		}
		want := tc.want
		f.add(&genCase{name: tc.name + ", not the log's rules", log: log, set: tc.set, native: false, div: true, check: func(rep *adjudicator.Report) error {
			return ok(rep.DivergentKind == want, "divergent %q (%s), want %q", rep.DivergentKind, rep.DivergentReason, want)
		}})
	}
	f.add(&genCase{name: "tenhou, aborted after the discard, the log's rules", log: kansAborted, native: true, check: noFindings})
	f.add(&genCase{name: "at the fourth kan, a ron after it, the log's rules", log: kansRon, set: onKan, native: true, check: contains("draw.four_kans")})

	// TestSettingFifthKan.
	f = gn.file("fifth-kan", `# abortive.fifth_kan: after four kans by two players where four kans do not
# abort (abortive.four_kans = false), a fifth kan is illegal ("forbidden")
# or ends the hand ("aborts"). The log is mjai: tenhou.net/6 has no hand
# that ends on a kan without a win.
`)
	// mjai: tenhou.net/6 has no hand that ends on a kan without a win.
	fifth := gn.logMjai("fifth-kan", "a fifth kan after four by two players", func() *gamebuild.Builder {
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
	})
	f.add(&genCase{name: "forbidden", log: fifth, set: []kv{{"abortive.four_kans", false}, {"abortive.fifth_kan", "forbidden"}}, native: true, check: contains("legality.kan")})
	f.add(&genCase{name: "aborts", log: fifth, set: []kv{{"abortive.four_kans", false}, {"abortive.fifth_kan", "aborts"}}, native: true, check: noFindings})

	// TestSettingNotenRiichiAndChombo.
	f = gn.file("noten-riichi-and-chombo", `# draw.noten_riichi and [chombo]: seat 1 declares riichi on a noten hand,
# the wall runs out, and the log records the score changes; the next hand
# is dealt by the same dealer with the same honba. A noten riichi at an
# exhaustive draw is a finding where the client forbids it, nothing where
# it is allowed, and a chombo settled as the [chombo] section says where
# it is one. The logs are mjai: tenhou.net/6 cannot list a hand twice (the
# same dealer with the same honba).
`)
	chombo := func(name string, deltas [4]int32) string {
		// mjai: tenhou.net/6 cannot list a hand twice (E1-0 dealt again).
		return gn.logMjai("noten-riichi-"+name, "seat 1 declares riichi noten: the draw records "+name, func() *gamebuild.Builder {
			b := chomboGame(t, deltas)
			return b.Exhaust(0, 0, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
		})
	}
	chomboNone := chombo("no-payment", [4]int32{})
	chomboSet := func(payment adjudicator.ChomboPayment, points int64, dealerKeeps, addHonba bool) []kv {
		return []kv{{"draw.noten_riichi", "chombo"}, {"chombo.payment", string(payment)}, {"chombo.points", points},
			{"chombo.final_points", 0.0}, {"chombo.dealer_keeps", dealerKeeps}, {"chombo.add_honba", addHonba}}
	}
	f.add(&genCase{name: "no_penalty", log: chomboNone, set: []kv{{"draw.noten_riichi", "no_penalty"}}, native: true, check: lacks("draw.noten_riichi")})
	f.add(&genCase{name: "impossible", log: chomboNone, set: []kv{{"draw.noten_riichi", "impossible"}}, native: true, check: contains("draw.noten_riichi")})
	for _, tc := range []struct {
		name    string
		log     string
		payment adjudicator.ChomboPayment
		points  int64
	}{
		{"chombo, no payment", chomboNone, adjudicator.ChomboNone, 0},
		{"chombo, a mangan", chombo("a-mangan-chombo", [4]int32{4000, -8000, 2000, 2000}), adjudicator.ChomboMangan, 0},
		{"chombo, 9000 points", chombo("a-9000-point-chombo", [4]int32{3000, -9000, 3000, 3000}), adjudicator.ChomboPoints, 9000},
	} {
		f.add(&genCase{name: tc.name, log: tc.log, set: chomboSet(tc.payment, tc.points, true, false), native: true, hands: [][2]int{{0, fOutcome | fChombo}},
			check: func(rep *adjudicator.Report) error {
				got := slices.DeleteFunc(checkNames(rep.Findings), func(c string) bool { return c == "legality.riichi" })
				h := rep.Hands[0]
				return ok(len(got) == 0 && h.Outcome == adjudicator.ChomboOutcome && h.Seats[1].Chombo, "outcome %v, chombo %v, findings %v", h.Outcome, h.Seats[1].Chombo, got)
			}})
	}
	f.add(&genCase{name: "chombo, the dealer passes and a honba is added", log: chomboNone, set: chomboSet(adjudicator.ChomboNone, 0, false, true), native: true, check: contains("flow.next_round")})

	// TestSettingChomboFinalPoints.
	f = gn.file("chombo-final-points", `# chombo.final_points: the chombo penalty in final points is part of the
# final points the rules compute: the same game judged with a penalty of 0
# and of -20 gives final points that differ by 20 for the offender alone
# (seat 1, who declared riichi noten).
`)
	chomboEnd := gn.log("noten-riichi-then-game-end", "seat 1 declares riichi noten; the game ends at the draw", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk).Draw(0, "5m").Discard(0, "5m").
			Riichi(1, "5m", "5m").Exhaust(2, 2, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
		return b.End([4]int32{26000, 24000, 25000, 25000}, [4]float64{})
	})
	var without [4]float64
	for _, penalty := range []float64{0, -20} {
		set := []kv{{"draw.noten_riichi", "chombo"}, {"chombo.payment", "none"}, {"chombo.points", int64(0)},
			{"chombo.final_points", penalty}, {"chombo.dealer_keeps", true}, {"chombo.add_honba", false}, {"end.rounding", "none"}}
		f.add(&genCase{name: fmt.Sprintf("penalty %g", penalty), log: chomboEnd, set: set, native: true, check: func(rep *adjudicator.Report) error {
			p, found := pointsOf(rep)
			if !found {
				return fmt.Errorf("no game.final_points finding")
			}
			if penalty == 0 {
				without = p
				return nil
			}
			for s := range 4 {
				want := without[s]
				if s == 1 {
					want -= 20
				}
				if p[s] != want {
					return fmt.Errorf("seat %d: final points %g with the penalty, %g without", s, p[s], without[s])
				}
			}
			return nil
		}})
	}

	// TestSettingYame.
	f = gn.file("yame", `# end.yame (with end.yame_needs_goal = false): the dealer of the last hand
# (seat 3, South 4) wins 1500 from seat 0 while placed first, second or
# last; the game ends or goes on, and each mode ("mandatory", "optional",
# "no") says whether that is right: a game.end finding where it is not.
`)
	scores := map[int][4]int32{
		1: {20000, 20000, 21500, 38500},
		2: {16500, 20000, 35000, 28500},
		4: {31500, 30000, 30000, 8500},
	}
	for _, mode := range []adjudicator.YameMode{adjudicator.YameMandatory, adjudicator.YameOptional, adjudicator.YameNo} {
		for _, place := range []int{1, 2, 4} {
			yame := []any{"no", "no", "no", "no"}
			yame[place-1] = string(mode)
			for _, end := range []bool{true, false} {
				log := gn.log(fmt.Sprintf("south4-dealer-wins-in-place-%d-%s", place, endSlug(end)),
					fmt.Sprintf("the dealer wins South 4 in place %d; %s", place, endWord(end)), func() *gamebuild.Builder { return allLastThen(t, scores[place], end) })
				want := mode == adjudicator.YameMandatory && !end || mode == adjudicator.YameNo && end
				f.add(&genCase{name: fmt.Sprintf("%s in place %d, the log %s", mode, place, endWord(end)), log: log,
					set: []kv{{"end.yame", yame}, {"end.yame_needs_goal", false}}, native: true, check: func(rep *adjudicator.Report) error {
						got := hasCheck(rep, "game.end")
						return ok(got == want, "game.end finding %v, want %v", got, want)
					}})
			}
		}
	}

	// TestSettingDeclarationNone (the rules' validation stays in Go).
	f = gn.file("declaration-none", `# draw.declaration = "none" (saikouisen): nobody shows a hand at a draw, an
# exhaustive draw moves nothing and the dealer passes. The log goes on with
# a deliberately odd hand, so that the flow.next_round finding says what
# the rules expect next.
`)
	decl := gn.log("dealer-tenpai-east1-draw-no-payments-then-odd", "the dealer alone tenpai at the draw, nothing paid", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, waitsOn4p, junk, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{})
		return odd(b)
	})
	f.add(&genCase{name: "saikouisen after a draw", log: decl, preset: "saikouisen", native: true, check: nextIs("E2 dealer 1, honba 1")})
}

// endSlug names a log's end in its file name.
func endSlug(end bool) string {
	if end {
		return "then-game-end"
	}
	return "then-next-hand"
}

func endWord(end bool) string {
	if end {
		return "the game ends"
	}
	return "the game goes on"
}

// allLastThen is allLast whose next hand, when the game goes on, is
// played to an exhaustive draw at which nobody is tenpai.
func allLastThen(t *testing.T, scores [4]int32, end bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(1, 4, 0, 0, 3, scores, junk2, junk, junk2, waitsOn4p).
		Draw(3, "9s").Discard(3, "9s").Draw(0, "4p").Discard(0, "4p").
		Win(3, 0, "4p", 1, 30, [4]int32{-1500, 0, 0, 1500})
	if end {
		return b.End(scoresAfter(b), [4]float64{})
	}
	return thenDraw(b, 1, 4, 1, 0)
}
