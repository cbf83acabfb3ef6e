//go:build scenariogen

package adjudicator_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/internal/gamebuild"
)

// wonThenDraw is wonThen whose next hand, when the game goes on, is
// played to an exhaustive draw at which nobody is tenpai.
func wonThenDraw(t *testing.T, wind, number int, scores [4]int32, end bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	dealer := event.Seat(number - 1)
	ron(b, wind, number, 0, 0, dealer, scores, (dealer+2)%4, (dealer+1)%4)
	if end {
		return b.End(scoresAfter(b), [4]float64{})
	}
	if number == 4 {
		wind, number = wind+1, 0
	}
	return thenDraw(b, wind, number+1, 0, 0)
}

var windNames = []string{"East", "South", "West", "North"}

// older writes the scenarios of settings_older_test.go.
func (gn *gen) older(t *testing.T) {
	noFragment := func(rep *adjudicator.Report) error {
		return ok(len(flowChecks(rep)) == 0, "findings %v", flowChecks(rep))
	}

	// TestSettingStart.
	f := gn.file("start", `# points.start: the first hand's scores are the start points (a
# flow.start_scores finding where they are not), or anything when
# points.start is 0.
`)
	startLog := func(score int32) string {
		return gn.log(fmt.Sprintf("east1-draw-starting-at-%d", score), fmt.Sprintf("everybody starts at %d", score), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			return b.Round(0, 1, 0, 0, 0, [4]int32{score, score, score, score}, junk, junk2, junk2, junk).Exhaust(0, 0, 4).
				Ryuukyoku(event.Exhaustive, [4]int32{})
		})
	}
	for _, tc := range []struct {
		start, log int32
		finding    bool
	}{
		{25000, 25000, false}, {25000, 30000, true}, {30000, 30000, false}, {30000, 25000, true},
		{0, 25000, false}, {0, 30000, false}, {0, 27300, false},
	} {
		finding := tc.finding
		f.add(&genCase{name: fmt.Sprintf("start %d, the log starts at %d", tc.start, tc.log), log: startLog(tc.log), set: []kv{{"points.start", int64(tc.start)}}, native: true,
			check: func(rep *adjudicator.Report) error {
				got := hasCheck(rep, "flow.start_scores")
				return ok(got == finding, "flow.start_scores %v, want %v", got, finding)
			}})
	}

	// TestSettingReturn.
	f = gn.file("return", `# points.return: the oka, (return − start) × 4, goes to first place; with
# points.start 0 the start is what the log's first hand says. The final
# points the rules give are the expected value of the game.final_points
# finding (the logs record final points of 0).
`)
	fp := func(want [4]float64) func(rep *adjudicator.Report) error {
		return func(rep *adjudicator.Report) error {
			got, found := pointsOf(rep)
			return ok(found && got == want, "final points %v (found %v), want %v", got, found, want)
		}
	}
	last4321 := gn.log("south4-draw-ends-40000-30000-20000-10000-points-0-0-0-0", "the game ends after south4 with [40000 30000 20000 10000], final points recorded as [0 0 0 0]", func() *gamebuild.Builder {
		s := [4]int32{40000, 30000, 20000, 10000}
		return drawnLast(t, false, s, 0, s, [4]float64{})
	})
	for _, tc := range []struct {
		start, ret int64
		want       [4]float64
	}{
		{25000, 30000, [4]float64{50, 10, -20, -40}},
		{25000, 25000, [4]float64{35, 15, -15, -35}},
		{30000, 30000, [4]float64{30, 10, -20, -40}},
	} {
		f.add(&genCase{name: fmt.Sprintf("start %d, return %d", tc.start, tc.ret), log: last4321,
			set: []kv{{"points.start", tc.start}, {"points.return", tc.ret}, {"end.rounding", "none"}}, native: true, check: fp(tc.want)})
	}
	for _, tc := range []struct {
		start int32
		want  [4]float64
	}{
		{30000, [4]float64{20, 10, -10, -20}},
		{25000, [4]float64{35, 5, -15, -25}},
	} {
		// The old test's game was one hand long (a length tenhou.net/6
		// cannot name): here it is the last hand of an East-only game,
		// its first hand in the log.
		s := tc.start
		log := gn.log(fmt.Sprintf("east4-draw-ends-everybody-at-%d", s), fmt.Sprintf("the game ends after East 4 (the log's only hand), everybody at %d", s), func() *gamebuild.Builder {
			sc := [4]int32{s, s, s, s}
			return drawnLast(t, true, sc, 0, sc, [4]float64{})
		})
		f.add(&genCase{name: fmt.Sprintf("start 0, return 30000, the log starting at %d", s), log: log,
			set: []kv{{"points.start", int64(0)}, {"points.return", int64(30000)}, {"end.rounding", "none"}}, native: true, check: fp(tc.want)})
	}

	// TestSettingRiichiStick.
	f = gn.file("riichi-stick", `# points.riichi_stick: the winner takes the stick's value per stick on the
# table, and a riichi costs it: seat 1 wins 1000 from seat 0 with one
# stick on the table (the score changes the rules give), and seat 2
# declares riichi and is alone tenpai at the draw (the score it starts the
# next hand with under the rules: the computed scores).
`)
	stickRon := gn.log("ron-with-a-stick-on-the-table", "seat 1 wins 1000 from seat 0 with one riichi stick on the table", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		ron(b, 0, 1, 0, 1, 0, [4]int32{25000, 25000, 25000, 24000}, 1, 0)
		return b
	})
	riichiDraw := func(played int32) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		after := [4]int32{24000, 24000, 25000 - played + 3000, 24000}
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, waitsOn4p, junk).Turns("0:5m:5m 1:5m:5m").Riichi(2, "9m", "9m").
			Exhaust(3, 3, 4).Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, 3000, -1000}).
			Round(0, 2, 1, 1, 1, after, junk, junk2, junk2, junk)
		return b.Exhaust(1, 0, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	stickDraw := gn.log("riichi-alone-tenpai-at-the-draw", "seat 2 declares riichi and is alone tenpai at the draw (1000-point sticks)", func() *gamebuild.Builder { return riichiDraw(1000) })
	for _, stick := range []int32{1000, 1500} {
		set := []kv{{"points.riichi_stick", int64(stick)}}
		f.add(&genCase{name: fmt.Sprintf("stick %d, a win with a stick on the table", stick), log: stickRon, set: set, native: false,
			hands: [][2]int{{0, fDeltas}}, check: deltasAre(0, [4]int32{-1000, 1000 + stick, 0, 0})})
		f.add(&genCase{name: fmt.Sprintf("stick %d, a riichi and a draw", stick), log: stickDraw, set: set, native: false,
			hands: [][2]int{{1, fComputed}}, check: func(rep *adjudicator.Report) error {
				got, want := rep.Hands[1].Seats[2].Computed, 25000-stick+3000
				return ok(got == want, "seat 2's score after its riichi and a draw %d, want %d", got, want)
			}})
	}

	// TestSettingRiichiStickNative.
	f = gn.file("riichi-stick-native", `# points.riichi_stick as the log's own rules: a log played with a stick of
# 1500 (seat 2 pays 1500 for its riichi) has no finding under rules with
# that stick, and its scores are wrong under rules with a 1000 stick; and
# the other way round.
`)
	stickDraw1500 := gn.log("riichi-alone-tenpai-at-the-draw-1500-point-sticks", "seat 2 declares riichi and is alone tenpai at the draw (1500-point sticks)", func() *gamebuild.Builder { return riichiDraw(1500) })
	for _, tc := range []struct {
		rules, played int32
		clean         bool
	}{{1500, 1500, true}, {1000, 1000, true}, {1000, 1500, false}, {1500, 1000, false}} {
		log := stickDraw
		if tc.played == 1500 {
			log = stickDraw1500
		}
		var hands [][2]int
		if tc.clean {
			hands = [][2]int{{1, fComputed}}
		}
		rules, clean := tc.rules, tc.clean
		f.add(&genCase{name: fmt.Sprintf("rules' stick %d, the log played with %d", tc.rules, tc.played), log: log, set: []kv{{"points.riichi_stick", int64(tc.rules)}},
			native: true, hands: hands, check: func(rep *adjudicator.Report) error {
				if got := len(rep.Findings) == 0; got != clean {
					return fmt.Errorf("findings %v, want clean %v", checkNames(rep.Findings), clean)
				}
				if got, want := rep.Hands[1].Seats[2].Computed, 25000-rules+3000; clean && got != want {
					return fmt.Errorf("seat 2's computed score %d, want %d", got, want)
				}
				return nil
			}})
	}

	// TestSettingHonba.
	f = gn.file("honba", `# points.honba_ron and points.honba_tsumo: a ron pays honba_ron per honba,
# a tsumo honba_tsumo per honba from each payer (two honba: seat 1 wins
# 1000 by ron from seat 0; seat 1 wins a pinfu tsumo, 2 han 20 fu, 700 from
# the dealer and 400 from the others).
`)
	honbaRon := gn.log("ron-at-2-honba", "seat 1 wins 1000 from seat 0 at two honba", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		ron(b, 0, 1, 2, 0, 0, even, 1, 0)
		return b
	})
	honbaTsumo := gn.log("tsumo-at-2-honba", "seat 1 wins a pinfu tsumo at two honba", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 2, 0, 0, even, junk, waitsOn4p, junk2, junk).Turns("0:9m:9m 1:9m:9m 2:9m:9m 3:9m:9m 0:9m:9m").
			Draw(1, "4p").Win(1, 1, "4p", 2, 20, [4]int32{-900, 2100, -600, -600})
	})
	for _, tc := range []struct{ ron, tsumo int32 }{{300, 100}, {1500, 500}} {
		set := []kv{{"points.honba_ron", int64(tc.ron)}, {"points.honba_tsumo", int64(tc.tsumo)}}
		h := 2 * tc.tsumo
		f.add(&genCase{name: fmt.Sprintf("honba %d/%d, ron", tc.ron, tc.tsumo), log: honbaRon, set: set, native: false, hands: [][2]int{{0, fDeltas}},
			check: deltasAre(0, [4]int32{-1000 - 2*tc.ron, 1000 + 2*tc.ron, 0, 0})})
		f.add(&genCase{name: fmt.Sprintf("honba %d/%d, tsumo", tc.ron, tc.tsumo), log: honbaTsumo, set: set, native: false, hands: [][2]int{{0, fDeltas}},
			check: deltasAre(0, [4]int32{-700 - h, 1500 + 3*h, -400 - h, -400 - h})})
	}

	// TestSettingNotenPool.
	f = gn.file("noten-pool", `# draw.noten_pool: the noten payments at an exhaustive draw with one and
# two players tenpai, for pools of 3000 and 0 (four players; the logs
# record Tenhou's 3000) and 2000 (sanma); the noten payment total is what
# the tenpai players receive.
`)
	four := func(name string, deltas [4]int32, hands ...string) string {
		return gn.log(name, name, func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			return b.Round(0, 1, 0, 0, 0, even, hands...).Exhaust(0, 0, 4).Ryuukyoku(event.Exhaustive, deltas)
		})
	}
	const sanmaTenpai, sanmaNoten = "123789p23s55s111z", "199m159p159s1357z"
	three := func(name string, deltas [4]int32, hands ...string) string {
		return gn.log(name, name, func() *gamebuild.Builder {
			b := gamebuild.New(t, 3)
			return b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, hands...).Exhaust(0, 0, 3).Ryuukyoku(event.Exhaustive, deltas)
		})
	}
	one4 := four("draw-seat-1-alone-tenpai", [4]int32{-1000, 3000, -1000, -1000}, junk, waitsOn4p, junk2, junk)
	two4 := four("draw-seats-1-and-2-tenpai", [4]int32{-1500, 1500, 1500, -1500}, junk, waitsOn4p, waitsOn4p, junk)
	one3 := three("sanma-draw-seat-1-alone-tenpai", [4]int32{-1000, 2000, -1000}, sanmaNoten, sanmaTenpai, sanmaNoten)
	two3 := three("sanma-draw-seats-1-and-2-tenpai", [4]int32{-2000, 1000, 1000}, sanmaNoten, sanmaTenpai, sanmaTenpai)
	for _, tc := range []struct {
		name             string
		preset           string
		pool             int64
		one, two         string
		wantOne, wantTwo [4]int32
	}{
		{"3000", "tenhou", 3000, one4, two4, [4]int32{-1000, 3000, -1000, -1000}, [4]int32{-1500, 1500, 1500, -1500}},
		{"0", "tenhou", 0, one4, two4, [4]int32{}, [4]int32{}},
		{"2000 sanma", "tenhou-sanma", 2000, one3, two3, [4]int32{-1000, 2000, -1000, 0}, [4]int32{-2000, 1000, 1000, 0}},
	} {
		for _, c := range []struct {
			n    string
			log  string
			want [4]int32
		}{{"one tenpai", tc.one, tc.wantOne}, {"two tenpai", tc.two, tc.wantTwo}} {
			want := c.want
			f.add(&genCase{name: fmt.Sprintf("pool %s, %s", tc.name, c.n), log: c.log, preset: tc.preset, set: []kv{{"draw.noten_pool", tc.pool}},
				native: false, hands: [][2]int{{0, fDeltas | fTenpaiCount | fNotenTotal}}, check: func(rep *adjudicator.Report) error {
					h := rep.Hands[0]
					got := deltasOf(h)
					return ok(got == want && h.NotenPaymentTotal == max(want[0], want[1], want[2], want[3])*int32(h.TenpaiCount),
						"deltas %v (noten total %d, %d tenpai), want %v", got, h.NotenPaymentTotal, h.TenpaiCount, want)
				}})
		}
	}

	// TestSettingTenpaiPolicy.
	f = gn.file("tenpai-policy", `# draw.tenpai_policy: a hand waiting only on 1p, whose other three copies
# are in its pon, is tenpai under "tenhou" and noten under "melds_count"
# (the log records Tenhou's payments); one that holds all four concealed is
# noten under both.
`)
	melded := gn.log("pon-holds-the-other-copies-of-the-wait", "seat 1 waits on 1p with the other three in its pon", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk2, "111p234m567m789s9p", junk2, junk).
			Draw(0, "1p").Discard(0, "1p").Meld(1, event.Call, event.MeldPon, 0, "111p", 0).Discard(1, "9p").
			Exhaust(2, 1, 4).Ryuukyoku(event.Exhaustive, [4]int32{-1000, 3000, -1000, -1000})
	})
	concealed := gn.log("four-concealed-copies-of-the-wait", "seat 1 holds all four 1p", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk2, "1111p234m567m789s", junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{})
	})
	for _, tc := range []struct {
		policy             hand.TenpaiPolicy
		melded, concealed2 bool
	}{{hand.TenhouPolicy, true, false}, {hand.MeldsCountPolicy, false, false}} {
		set := []kv{{"draw.tenpai_policy", tc.policy.String()}}
		want := [4]int32{}
		if tc.melded {
			want = [4]int32{-1000, 3000, -1000, -1000}
		}
		m, c2 := tc.melded, tc.concealed2
		f.add(&genCase{name: fmt.Sprintf("%s, copies in the pon", tc.policy), log: melded, set: set, native: false, hands: [][2]int{{0, fTenpai | fDeltas}},
			check: func(rep *adjudicator.Report) error {
				h := rep.Hands[0]
				return ok(h.Seats[1].Tenpai == m && deltasOf(h) == want, "tenpai %v, deltas %v; want %v, %v", h.Seats[1].Tenpai, deltasOf(h), m, want)
			}})
		f.add(&genCase{name: fmt.Sprintf("%s, four concealed copies", tc.policy), log: concealed, set: set, native: false, hands: [][2]int{{0, fTenpai}},
			check: func(rep *adjudicator.Report) error {
				return ok(rep.Hands[0].Seats[1].Tenpai == c2, "tenpai %v, want %v", rep.Hands[0].Seats[1].Tenpai, c2)
			}})
	}

	// TestSettingNagashi.
	f = gn.file("nagashi", `# draw.nagashi: seat 1 (or the dealer, seat 0) discards nothing but 9s,
# with one honba and one stick on the table; nagashi mangan is nothing
# ("none"), mangan payments that replace the noten payments and leave honba
# and sticks ("replaces_noten"), or a win ("as_win": the honba and sticks
# to the nagashi player, who keeps the seat only as the dealer). Each log
# records what its rules give and goes on with a deliberately odd hand, so
# that the flow.next_round finding says what the rules expect next; a log
# that records the other outcome is a finding.
`)
	nagashi := func(dealer bool, kind event.RyuukyokuKind, deltas [4]int32) string {
		who := "seat-1"
		if dealer {
			who = "the-dealer"
		}
		name := fmt.Sprintf("nagashi-%s-%s-%d-%d-%d-%d", who, kind, deltas[0], deltas[1], deltas[2], deltas[3])
		return gn.log(name, fmt.Sprintf("%s discards only 9s; the log records %v, %v", who, kind, deltas), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			sc := [4]int32{25000, 25000, 25000, 24000}
			if dealer {
				b.Round(0, 1, 1, 1, 0, sc, junk, junk2, junk2, junk).Exhaust(0, 0, 4, "9s").Ryuukyoku(kind, deltas)
			} else {
				b.Round(0, 1, 1, 1, 0, sc, waitsOn4p, junk, junk2, junk).Exhaust(0, 0, 4, "", "9s").Ryuukyoku(kind, deltas)
			}
			return odd(b)
		})
	}
	for _, tc := range []struct {
		nagashi adjudicator.Nagashi
		dealer  bool
		kind    event.RyuukyokuKind
		outcome adjudicator.Outcome
		deltas  [4]int32
		next    string
	}{
		{adjudicator.NagashiNone, false, event.Exhaustive, adjudicator.ExhaustiveOutcome, [4]int32{3000, -1000, -1000, -1000}, "E1 dealer 0, honba 2, sticks 1"},
		{adjudicator.NagashiReplacesNoten, false, event.Nagashi, adjudicator.NagashiOutcome, [4]int32{-4000, 8000, -2000, -2000}, "E1 dealer 0, honba 2, sticks 1"},
		{adjudicator.NagashiAsWin, false, event.Nagashi, adjudicator.NagashiOutcome, [4]int32{-4100, 9300, -2100, -2100}, "E2 dealer 1, honba 0"},
		{adjudicator.NagashiNone, true, event.Exhaustive, adjudicator.ExhaustiveOutcome, [4]int32{}, "E2 dealer 1, honba 2, sticks 1"},
		{adjudicator.NagashiReplacesNoten, true, event.Nagashi, adjudicator.NagashiOutcome, [4]int32{12000, -4000, -4000, -4000}, "E2 dealer 1, honba 2, sticks 1"},
		{adjudicator.NagashiAsWin, true, event.Nagashi, adjudicator.NagashiOutcome, [4]int32{13300, -4100, -4100, -4100}, "E1 dealer 0, honba 2"},
	} {
		tc := tc
		f.add(&genCase{name: fmt.Sprintf("%s, the dealer's nagashi %v", tc.nagashi, tc.dealer), log: nagashi(tc.dealer, tc.kind, tc.deltas),
			set: []kv{{"draw.nagashi", string(tc.nagashi)}}, native: true, hands: [][2]int{{0, fOutcome | fDeltas}},
			check: func(rep *adjudicator.Report) error {
				h := rep.Hands[0]
				var others []string
				for _, fd := range rep.Findings {
					if fd.Hand == 0 {
						others = append(others, fd.Check.String())
					}
				}
				if h.Outcome != tc.outcome || deltasOf(h) != tc.deltas || len(others) != 0 {
					return fmt.Errorf("outcome %v, deltas %v, findings of hand 0 %v; want %v, %v, none", h.Outcome, deltasOf(h), others, tc.outcome, tc.deltas)
				}
				return nextIs(tc.next)(rep)
			}})
	}
	f.add(&genCase{name: "none, nagashi recorded", log: nagashi(false, event.Nagashi, [4]int32{-4000, 8000, -2000, -2000}),
		set: []kv{{"draw.nagashi", "none"}}, native: true, check: contains("draw.payment")})
	f.add(&genCase{name: "replaces_noten, a plain draw recorded", log: nagashi(false, event.Exhaustive, [4]int32{3000, -1000, -1000, -1000}),
		set: []kv{{"draw.nagashi", "replaces_noten"}}, native: true, check: contains("draw.nagashi")})

	// TestSettingNagashiOwnCalls.
	f = gn.file("nagashi-own-calls", `# draw.nagashi_own_calls: seat 1 pons East and then discards nothing but
# terminals and honours: nagashi mangan where its own calls do not void
# it, a plain draw (and a draw.nagashi finding for the log's nagashi) where
# they do.
`)
	ownCalls := gn.log("nagashi-after-a-pon-of-east", "seat 1 pons East, then discards only terminals and honours", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk2, "19m19p19s1122337z", junk2, junk).
			Draw(0, "1z").Discard(0, "1z").Meld(1, event.Call, event.MeldPon, 0, "111z", 0).Discard(1, "7z").
			Exhaust(2, 1, 4, "", "9s").Ryuukyoku(event.Nagashi, [4]int32{-4000, 8000, -2000, -2000})
	})
	for _, tc := range []struct {
		own     bool
		outcome adjudicator.Outcome
		deltas  [4]int32
		finding bool
	}{
		{true, adjudicator.NagashiOutcome, [4]int32{-4000, 8000, -2000, -2000}, false},
		{false, adjudicator.ExhaustiveOutcome, [4]int32{}, true},
	} {
		tc := tc
		f.add(&genCase{name: fmt.Sprintf("own calls %v", tc.own), log: ownCalls, set: []kv{{"draw.nagashi_own_calls", tc.own}}, native: true,
			hands: [][2]int{{0, fOutcome | fDeltas}}, check: func(rep *adjudicator.Report) error {
				h := rep.Hands[0]
				return ok(h.Outcome == tc.outcome && deltasOf(h) == tc.deltas && hasCheck(rep, "draw.nagashi") == tc.finding,
					"outcome %v, deltas %v, findings %v", h.Outcome, deltasOf(h), checkNames(rep.Findings))
			}})
	}

	// TestSettingDeclaration.
	f = gn.file("declaration", `# draw.declaration: seat 1 is tenpai at the draw and keeps its hand hidden;
# it is paid as tenpai. Under "auto" the hidden tenpai hand is a
# draw.tenpai finding; under "seat_order" it is fine. The log is mjai:
# tenhou.net/6 does not record which hands were shown at a draw.
`)
	hidden := gn.logMjai("seat-1-tenpai-hides-its-hand-at-the-draw", "seat 1 is tenpai at the draw and hides its hand", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{-1000, 3000, -1000, -1000})
		b.G.Ryuukyoku[0].Known |= event.KnownHand // no hand shown
		return b
	})
	for _, tc := range []struct {
		decl    adjudicator.Declaration
		finding bool
	}{{adjudicator.DeclarationAuto, true}, {adjudicator.DeclarationSeatOrder, false}} {
		finding := tc.finding
		f.add(&genCase{name: string(tc.decl), log: hidden, set: []kv{{"draw.declaration", string(tc.decl)}}, native: true, hands: [][2]int{{0, fDeltas}},
			check: func(rep *adjudicator.Report) error {
				got := checkNames(rep.Findings)
				return ok(slices.Contains(got, "draw.tenpai") == finding && len(got) <= 1 && deltasOf(rep.Hands[0]) == [4]int32{-1000, 3000, -1000, -1000},
					"findings %v, deltas %v", got, deltasOf(rep.Hands[0]))
			}})
	}

	// TestSettingMultipleRon.
	f = gn.file("multiple-ron", `# win.multiple_ron: seat 0's 4p is ronned by two players (each win 1000)
# or by three: all are paid ("all_paid"), only the first winner is
# ("head_bump"), or two are paid and three abort ("double_only").
`)
	double := gn.log("double-ron", "seats 1 and 2 ron the dealer's 4p", func() *gamebuild.Builder { return doubleRon(t) })
	triple := gn.log("triple-ron-paid", "seats 1, 2 and 3 ron the dealer's 4p, each paid", func() *gamebuild.Builder { return tripleRon(t) })
	for _, tc := range []struct {
		mr             adjudicator.MultipleRon
		double, triple [4]int32
		tripleOutcome  adjudicator.Outcome
	}{
		{adjudicator.MultiRonAll, [4]int32{-2000, 1000, 1000, 0}, [4]int32{-3000, 1000, 1000, 1000}, adjudicator.WinOutcome},
		{adjudicator.MultiRonHeadBump, [4]int32{-1000, 1000, 0, 0}, [4]int32{-1000, 1000, 0, 0}, adjudicator.WinOutcome},
		{adjudicator.MultiRonDouble, [4]int32{-2000, 1000, 1000, 0}, [4]int32{}, adjudicator.TripleRonOutcome},
	} {
		tc := tc
		set := []kv{{"win.multiple_ron", string(tc.mr)}}
		f.add(&genCase{name: fmt.Sprintf("%s, double ron", tc.mr), log: double, set: set, native: false, hands: [][2]int{{0, fOutcome | fDeltas}},
			check: func(rep *adjudicator.Report) error {
				h := rep.Hands[0]
				return ok(deltasOf(h) == tc.double && h.Outcome == adjudicator.WinOutcome, "outcome %v, deltas %v", h.Outcome, deltasOf(h))
			}})
		f.add(&genCase{name: fmt.Sprintf("%s, triple ron", tc.mr), log: triple, set: set, native: false, hands: [][2]int{{0, fOutcome | fDeltas}},
			check: func(rep *adjudicator.Report) error {
				h := rep.Hands[0]
				return ok(deltasOf(h) == tc.triple && h.Outcome == tc.tripleOutcome, "outcome %v, deltas %v", h.Outcome, deltasOf(h))
			}})
	}

	// TestSettingBonus.
	f = gn.file("bonus", `# win.bonus: seats 1 and 2 ron seat 0's 4p at one honba with a stick left
# from an earlier hand and seat 2's own riichi stick: the first winner
# takes the honba and both sticks ("first_winner"; the log records it), or
# each winner gets the honba and seat 2 takes its own stick back
# ("each_winner"). Seat 1's hand is worth 1000, seat 2's riichi pinfu 2000.
`)
	bonus := gn.log("double-ron-with-honba-and-sticks", "seats 1 and 2 ron seat 0's 4p at one honba, a stick on the table and seat 2's riichi", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 1, 1, 0, [4]int32{25000, 25000, 25000, 24000}, junk, waitsOn4p, waitsOn4p, junk).
			Turns("0:9m:9m 1:9m:9m").Riichi(2, "9m", "9m").Turns("3:9m:9m 0:9m:9m 1:9m:9m 2:9m:9m 3:9m:9m").
			Draw(0, "4p").Discard(0, "4p").
			Win(1, 0, "4p", 1, 30, [4]int32{-1300, 3300, 0, 0}).
			Win(2, 0, "4p", 2, 30, [4]int32{-2000, 0, 2000, 0})
	})
	for _, tc := range []struct {
		bonus adjudicator.Bonus
		want  [4]int32
	}{
		{adjudicator.BonusFirst, [4]int32{-3300, 3300, 2000, 0}},
		{adjudicator.BonusEach, [4]int32{-3600, 2300, 3300, 0}},
	} {
		f.add(&genCase{name: string(tc.bonus), log: bonus, set: []kv{{"win.bonus", string(tc.bonus)}}, native: false, hands: [][2]int{{0, fDeltas}}, check: deltasAre(0, tc.want)})
	}

	// TestSettingTsumoLoss.
	f = gn.file("tsumo-loss", `# win.tsumo_loss (sanma): seat 1 wins by tsumo for 2 han 30 fu (1000 from
# the dealer, 500 from the other; the log records Tenhou's payments): the
# missing player's share is lost, or split between the two payers.
`)
	loss := gn.log("sanma-tsumo-2-han-30-fu", "sanma: seat 1 wins by tsumo for 2 han 30 fu", func() *gamebuild.Builder {
		b := gamebuild.New(t, 3)
		return b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, "199m159p159s1357z", "123789p23s55s111z", "199m159p159s1357z").
			Turns("0:9m:9m 1:9m:9m 2:9m:9m 0:9m:9m").Draw(1, "4s").Win(1, 1, "4s", 2, 30, [4]int32{-1000, 1500, -500, 0})
	})
	for _, tc := range []struct {
		loss bool
		want [4]int32
	}{
		{true, [4]int32{-1000, 1500, -500, 0}},
		{false, [4]int32{-1300, 2100, -800, 0}},
	} {
		f.add(&genCase{name: fmt.Sprintf("tsumo loss %v", tc.loss), log: loss, preset: "tenhou-sanma", set: []kv{{"win.tsumo_loss", tc.loss}}, native: false,
			hands: [][2]int{{0, fDeltas}}, check: deltasAre(0, tc.want)})
	}

	// The settings of a win's value (TestSettingKiriage, TestSettingKazoe,
	// TestSettingDoubleYakumanForms, TestSettingYakumanStacking).
	value := func(file, desc, key string, game func(rec recorded) *gamebuild.Builder, rec [2]recorded, logNames [2]string) *genFile {
		f := gn.file(file, desc)
		var logs [2]string
		for v := range 2 {
			rv := rec[v]
			logs[v] = gn.log(logNames[v], logNames[v], func() *gamebuild.Builder { return game(rv) })
		}
		for v := range 2 {
			set := []kv{{key, v == 1}}
			want := rec[v].deltas
			f.add(&genCase{name: fmt.Sprintf("%v, recorded as %v", v == 1, v == 1), log: logs[v], set: set, native: true, hands: [][2]int{{0, fDeltas}},
				check: func(rep *adjudicator.Report) error {
					got := deltasOf(rep.Hands[0])
					return ok(len(rep.Findings) == 0 && got == want, "findings %v, deltas %v; want none, %v", checkNames(rep.Findings), got, want)
				}})
			f.add(&genCase{name: fmt.Sprintf("%v, recorded as %v", v == 1, v == 0), log: logs[1-v], set: set, native: true,
				check: func(rep *adjudicator.Report) error {
					got := checkNames(rep.Findings)
					return ok(slices.ContainsFunc(got, func(c string) bool { return c == "win.points" || c == "win.limit" || c == "win.yaku" }),
						"findings %v, want the value judged wrong", got)
				}})
		}
		return f
	}
	value("kiriage", `# win.kiriage: 4 han 30 fu (tanyao, pinfu, sanshoku by ron) is worth 7700,
# or 8000 with kiriage. Each log records one value; under the other rules
# it is judged wrong.
`, "win.kiriage", func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "234m234p234s67s88m", junk2, junk).Draw(0, "5s").Discard(0, "5s")
		return win(b, 1, 0, "5s", rec)
	}, [2]recorded{
		{7700, event.NoLimit, 30, []event.Yaku{yPinfu, ySanshoku, yTanyao}, [4]int32{-7700, 7700, 0, 0}},
		{8000, event.NoLimit, 30, []event.Yaku{yPinfu, ySanshoku, yTanyao}, [4]int32{-8000, 8000, 0, 0}},
	}, [2]string{"4-han-30-fu-ron-recorded-7700", "4-han-30-fu-ron-recorded-8000"})
	kazoeYaku := []event.Yaku{yTsumo, yPinfu, yRyanpeikou, yTanyao, yChinitsu, yAka}
	value("kazoe", `# win.kazoe: 13 han without a yakuman (menzen tsumo, pinfu, ryanpeikou,
# tanyao, chinitsu, a red five) is a sanbaiman, or a yakuman with kazoe.
`, "win.kazoe", func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "2334450667788p", junk2, junk).Turns("0:9m:9m 1:9m:9m 2:9m:9m 3:9m:9m 0:9m:9m").Draw(1, "2p")
		return win(b, 1, 1, "2p", rec)
	}, [2]recorded{
		{24000, event.Sanbaiman, 20, kazoeYaku, [4]int32{-12000, 24000, -6000, -6000}},
		{32000, event.Yakuman, 20, kazoeYaku, [4]int32{-16000, 32000, -8000, -8000}},
	}, [2]string{"13-han-tsumo-recorded-as-sanbaiman", "13-han-tsumo-recorded-as-yakuman"})
	value("double-yakuman-forms", `# win.double_yakuman_forms: kokushi musou won on its thirteen-sided wait is
# a yakuman, or a double yakuman.
`, "win.double_yakuman_forms", func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "19m19p19s1234567z", junk2, junk).Draw(0, "1m").Discard(0, "1m")
		return win(b, 1, 0, "1m", rec)
	}, [2]recorded{
		{32000, event.Yakuman, 0, []event.Yaku{{ID: 48, Han: 13}}, [4]int32{-32000, 32000, 0, 0}},
		{64000, event.Yakuman, 0, []event.Yaku{{ID: 48, Han: 26}}, [4]int32{-64000, 64000, 0, 0}},
	}, [2]string{"kokushi-13-sided-recorded-as-yakuman", "kokushi-13-sided-recorded-as-double-yakuman"})
	stackGame := func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "555666777z1122z", junk2, junk).Draw(0, "1z").Discard(0, "1z")
		return win(b, 1, 0, "1z", rec)
	}
	f = value("yakuman-stacking", `# win.yakuman_stacking: daisangen and tsuuiisou in one hand (won by ron on
# East, a shanpon) are one yakuman, or two. A record that lists both
# yakuman is paid as one where they do not stack.
`, "win.yakuman_stacking", stackGame, [2]recorded{
		{32000, event.Yakuman, 60, []event.Yaku{yDaisangen}, [4]int32{-32000, 32000, 0, 0}},
		{64000, event.Yakuman, 60, []event.Yaku{yDaisangen, yTsuuiisou}, [4]int32{-64000, 64000, 0, 0}},
	}, [2]string{"daisangen-tsuuiisou-recorded-as-one-yakuman", "daisangen-tsuuiisou-recorded-as-two-yakuman"})
	f.add(&genCase{name: "no stacking, two yakuman recorded: paid as one", log: "daisangen-tsuuiisou-recorded-as-two-yakuman", set: []kv{{"win.yakuman_stacking", false}},
		native: true, hands: [][2]int{{0, fDeltas}}, check: deltasAre(0, [4]int32{-32000, 32000, 0, 0})})

	// TestSettingPao.
	f = gn.file("pao", `# win.pao: seat 1 wins a daisangen, a daisuushii or a suukantsu by tsumo;
# seat 3 fed its last set. Where win.pao lists the yakuman, seat 3 pays it
# all; where it lists the others only (or none), everyone pays. Each log
# records one of the two payments: no finding where the rules' are
# recorded, a win.payment finding where not.
`)
	liable := [4]int32{0, 32000, 0, -32000}
	normal := [4]int32{-16000, 32000, -8000, -8000}
	paoLogs := map[string][2]string{}
	for _, tc := range []struct {
		yakuman string
		others  []string
		game    func() *gamebuild.Builder
		yaku    event.Yaku
		fu      int
	}{
		{"daisangen", []string{"daisuushii", "suukantsu"}, func() *gamebuild.Builder { return daisangen(t, 0, true) }, yDaisangen, 40},
		{"daisuushii", []string{"daisangen", "suukantsu"}, func() *gamebuild.Builder { return daisuushii(t, true) }, yDaisuushii, 40},
		{"suukantsu", []string{"daisangen", "daisuushii"}, func() *gamebuild.Builder { return suukantsu(t, true) }, ySuukantsu, 110},
	} {
		tc := tc
		var logs [2]string
		for k, d := range [2][4]int32{liable, normal} {
			d := d
			what := [2]string{"paid-by-the-liable-seat", "paid-by-everyone"}[k]
			logs[k] = gn.log(fmt.Sprintf("%s-tsumo-%s", tc.yakuman, what), fmt.Sprintf("seat 1 wins %s by tsumo, seat 3 liable; %s", tc.yakuman, what), func() *gamebuild.Builder {
				b := win(tc.game(), 1, 1, "5p", recorded{32000, event.Yakuman, tc.fu, []event.Yaku{tc.yaku}, d})
				setLiable(b, 3)
				return b
			})
		}
		paoLogs[tc.yakuman] = logs
		payments := func(name string, set []kv, log, other string, deltas [4]int32) {
			f.add(&genCase{name: name, log: log, set: set, native: true, hands: [][2]int{{0, fDeltas}}, check: func(rep *adjudicator.Report) error {
				got := deltasOf(rep.Hands[0])
				return ok(got == deltas && len(rep.Findings) == 0, "deltas %v, findings %v; want %v, none", got, checkNames(rep.Findings), deltas)
			}})
			f.add(&genCase{name: name + ", the other payment recorded", log: other, set: set, native: true, check: contains("win.payment")})
		}
		payments("pao "+tc.yakuman, []kv{{"win.pao", strs(tc.yakuman)}}, logs[0], logs[1], liable)
		payments(fmt.Sprintf("pao %v, %s", tc.others, tc.yakuman), []kv{{"win.pao", strs(tc.others...)}}, logs[1], logs[0], normal)
	}
	f.add(&genCase{name: "no pao, daisangen", log: paoLogs["daisangen"][1], set: []kv{{"win.pao", strs()}}, native: true, hands: [][2]int{{0, fDeltas}},
		check: func(rep *adjudicator.Report) error {
			got := deltasOf(rep.Hands[0])
			return ok(got == normal && len(rep.Findings) == 0, "deltas %v, findings %v", got, checkNames(rep.Findings))
		}})
	f.add(&genCase{name: "no pao, daisangen, the other payment recorded", log: paoLogs["daisangen"][0], set: []kv{{"win.pao", strs()}}, native: true, check: contains("win.payment")})

	// TestSettingPaoScope.
	f = gn.file("pao-scope", `# win.pao_scope: seat 1 wins daisangen and tsuuiisou (two yakuman) on 2z,
# seat 3 liable for the daisangen: the liable share covers the whole hand
# ("whole_hand"), or only the daisangen's half ("yakuman_share"). Each log
# records one scope's payment, by ron from seat 0 or by tsumo.
`)
	for _, tsumo := range []bool{false, true} {
		how := "ron"
		from := event.Seat(0)
		if tsumo {
			how, from = "tsumo", 1
		}
		var ds [2][4]int32 // whole, share
		if tsumo {
			ds = [2][4]int32{{0, 64000, 0, -64000}, {-16000, 64000, -8000, -40000}}
		} else {
			ds = [2][4]int32{{-32000, 64000, 0, -32000}, {-48000, 64000, 0, -16000}}
		}
		var logs [2]string
		for k, d := range ds {
			d := d
			scope := [2]string{"whole-hand", "yakuman-share"}[k]
			logs[k] = gn.log(fmt.Sprintf("daisangen-tsuuiisou-%s-pao-%s", how, scope), fmt.Sprintf("two yakuman by %s, seat 3 liable for one; the %s paid", how, scope), func() *gamebuild.Builder {
				b := win(ponGame(t, "1112z9p19s556677z", dragonPons, 0, "2z", tsumo), 1, from, "2z",
					recorded{64000, event.Yakuman, 50, []event.Yaku{yDaisangen, yTsuuiisou}, d})
				setLiable(b, 3)
				return b
			})
		}
		for k, scope := range []adjudicator.PaoScope{adjudicator.PaoWhole, adjudicator.PaoShare} {
			want := ds[k]
			set := []kv{{"win.pao_scope", string(scope)}}
			f.add(&genCase{name: fmt.Sprintf("%s, %s", scope, how), log: logs[k], set: set, native: true, hands: [][2]int{{0, fDeltas}}, check: func(rep *adjudicator.Report) error {
				got := deltasOf(rep.Hands[0])
				return ok(got == want && len(rep.Findings) == 0, "deltas %v, findings %v; want %v, none", got, checkNames(rep.Findings), want)
			}})
			f.add(&genCase{name: fmt.Sprintf("%s, %s, the other scope's payment recorded", scope, how), log: logs[1-k], set: set, native: true, check: contains("win.payment")})
		}
	}

	// TestSettingPaoHonba.
	f = gn.file("pao-honba", `# win.pao_honba: seat 1 wins daisangen by ron from seat 0 at two honba,
# seat 3 liable: the honba are paid by the liable player ("liable") or by
# the discarder ("discarder"). Each log records one.
`)
	byLiable := [4]int32{-16000, 32600, 0, -16600}
	byDiscarder := [4]int32{-16600, 32600, 0, -16000}
	var honbaLogs [2]string
	for k, d := range [2][4]int32{byLiable, byDiscarder} {
		d := d
		who := [2]string{"liable-seat", "discarder"}[k]
		honbaLogs[k] = gn.log("daisangen-ron-at-2-honba-paid-by-the-"+who, "daisangen by ron at two honba, seat 3 liable; the honba paid by the "+who, func() *gamebuild.Builder {
			b := win(daisangen(t, 2, false), 1, 0, "5p", recorded{32000, event.Yakuman, 40, []event.Yaku{yDaisangen}, d})
			setLiable(b, 3)
			return b
		})
	}
	for k, ph := range []adjudicator.PaoHonba{adjudicator.PaoHonbaLiable, adjudicator.PaoHonbaDiscarder} {
		want := [2][4]int32{byLiable, byDiscarder}[k]
		set := []kv{{"win.pao_honba", string(ph)}}
		f.add(&genCase{name: string(ph), log: honbaLogs[k], set: set, native: true, hands: [][2]int{{0, fDeltas}}, check: func(rep *adjudicator.Report) error {
			got := deltasOf(rep.Hands[0])
			return ok(got == want && len(rep.Findings) == 0, "deltas %v, findings %v; want %v, none", got, checkNames(rep.Findings), want)
		}})
		f.add(&genCase{name: string(ph) + ", the other payment recorded", log: honbaLogs[1-k], set: set, native: true, check: contains("win.payment")})
	}

	// TestSettingDealerKeepsOnMultiRon.
	f = gn.file("dealer-keeps-on-multi-ron", `# win.dealer_keeps_on_multi_ron: the dealer and seat 2 ron seat 1's 4p: the
# dealer keeps the seat (a honba added), or it passes. The log goes on with
# a deliberately odd hand, so that the flow.next_round finding says what
# the rules expect next.
`)
	multi := gn.log("dealer-and-seat-2-ron-seat-1-then-odd", "the dealer and seat 2 ron seat 1's 4p", func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, waitsOn4p, junk, waitsOn4p, junk).
			Turns("0:9m:9m").Draw(1, "4p").Discard(1, "4p").
			Win(2, 1, "4p", 1, 30, [4]int32{0, -1000, 1000, 0}).
			Win(0, 1, "4p", 1, 30, [4]int32{1500, -1500, 0, 0})
		return odd(b)
	})
	for _, tc := range []struct {
		keeps bool
		want  string
	}{{true, "E1 dealer 0, honba 1"}, {false, "E2 dealer 1, honba 0"}} {
		f.add(&genCase{name: fmt.Sprintf("keeps %v", tc.keeps), log: multi, set: []kv{{"win.dealer_keeps_on_multi_ron", tc.keeps}}, native: true, check: nextIs(tc.want)})
	}

	// checkEnd's logs: a hand won, then the game end or the next hand.
	wonLog := func(wind, number int, scores [4]int32, end bool) string {
		return gn.log(fmt.Sprintf("%s%d-won-%d-%d-%d-%d-%s", strings.ToLower(windNames[wind]), number, scores[0], scores[1], scores[2], scores[3], endSlug(end)),
			fmt.Sprintf("seat %d wins 1000 in %s %d from %v; %s", (number+1)%4, windNames[wind], number, scores, endWord(end)),
			func() *gamebuild.Builder { return wonThenDraw(t, wind, number, scores, end) })
	}
	endCases := func(f *genFile, name string, set []kv, log func(end bool) string, ends bool) {
		for _, end := range []bool{true, false} {
			f.add(&genCase{name: fmt.Sprintf("%s, the log: %s", name, endWord(end)), log: log(end), set: set, native: true, check: endIs(end, ends)})
		}
	}
	endDesc := `# Each case judges a log that ends after the hand, or one that goes on to
# the next hand (played to a draw): the one the rules call for has no
# finding but those of a fragment of a game (flow.first_round,
# flow.start_scores, game.final_points, game.final_scores), the other a
# game.end finding.
`

	// TestSettingExtension.
	f = gn.file("extension", `# end.extension: after the last hand (South 4) nobody has the goal; the game
# ends ("none") or goes on to West; after West 4 a sudden death ends and an
# indefinite extension goes on to North, which it does not pass; a dealer's
# win in North 1 ends a sudden death, and an indefinite extension goes on.
# After North 4 only a log that ends is here: no notation has a hand after
# North 4.
`+endDesc)
	low := [4]int32{24000, 24000, 26000, 26000}
	for _, tc := range []struct {
		ext                   adjudicator.Extension
		south4, west4, north4 bool
	}{
		{adjudicator.ExtensionNone, true, true, true},
		{adjudicator.ExtensionSudden, false, true, true},
		{adjudicator.ExtensionIndefinite, false, false, true},
	} {
		set := []kv{{"end.extension", string(tc.ext)}}
		endCases(f, string(tc.ext)+", South 4", set, func(end bool) string { return wonLog(1, 4, low, end) }, tc.south4)
		if tc.ext == adjudicator.ExtensionNone {
			continue
		}
		endCases(f, string(tc.ext)+", West 4", set, func(end bool) string { return wonLog(2, 4, low, end) }, tc.west4)
		// After North 4 the log can only end: no notation has a hand
		// after North 4 (the case of a log that goes on stays in Go).
		f.add(&genCase{name: string(tc.ext) + ", North 4, the log: " + endWord(true), log: wonLog(3, 4, low, true), set: set, native: true, check: endIs(true, tc.north4)})
		endCases(f, string(tc.ext)+", the dealer wins North 1", set, func(end bool) string {
			return gn.log("north1-dealer-wins-"+endSlug(end), "the dealer wins North 1 from seat 1; "+endWord(end), func() *gamebuild.Builder {
				b := gamebuild.New(t, 4)
				ron(b, 3, 1, 0, 0, 0, low, 0, 1)
				if end {
					return b.End(scoresAfter(b), [4]float64{})
				}
				return thenDraw(b, 3, 1, 1, 0)
			})
		}, tc.ext == adjudicator.ExtensionSudden)
	}

	// TestSettingGoal (the rules' validation stays in Go).
	f = gn.file("goal", `# end.goal: after South 4 seat 0 has 30000 (a goal of 30000 ends the
# game, one of 35000 does not); in West 1 seat 2 reaches 30000, or 29000
# (the extension ends at the goal). Without a goal (0, no extension, yame
# not needing it) the game ends after South 4 whatever the scores, and the
# dealer's agari-yame in first place ends it with any score.
`+endDesc)
	for _, tc := range []struct {
		goal                 int64
		south4, west1, west2 bool
	}{
		{30000, true, true, false},
		{35000, false, false, false},
	} {
		set := []kv{{"end.goal", tc.goal}}
		endCases(f, fmt.Sprintf("goal %d, South 4", tc.goal), set, func(end bool) string { return wonLog(1, 4, [4]int32{31000, 22000, 24000, 23000}, end) }, tc.south4)
		endCases(f, fmt.Sprintf("goal %d, West 1", tc.goal), set, func(end bool) string { return wonLog(2, 1, [4]int32{25000, 25000, 29000, 21000}, end) }, tc.west1)
		endCases(f, fmt.Sprintf("goal %d, West 1 below the goal", tc.goal), set, func(end bool) string { return wonLog(2, 1, [4]int32{25000, 25000, 28000, 22000}, end) }, tc.west2)
	}
	noGoal := []kv{{"end.goal", int64(0)}, {"end.extension", "none"}, {"end.yame_needs_goal", false}}
	endCases(f, "goal 0, South 4", noGoal, func(end bool) string { return wonLog(1, 4, low, end) }, true)
	endCases(f, "goal 0, agari-yame at 26500", noGoal, func(end bool) string {
		return gn.log("south4-dealer-wins-from-24000-24000-25000-25000-"+endSlug(end), "the dealer wins South 4 from 24000, 24000, 25000, 25000; "+endWord(end),
			func() *gamebuild.Builder { return allLastThen(t, [4]int32{24000, 24000, 25000, 25000}, end) })
	}, true)

	// TestSettingDrawEndsExtension.
	f = gn.file("draw-ends-extension", `# end.draw_ends_extension: in West 1 seat 2 reaches the goal through noten
# payments, the dealer noten: the draw ends the game or not. A win that
# reaches it ends the game either way.
`+endDesc)
	drawnWest := func(end bool) string {
		return gn.log("west1-seat-2-reaches-the-goal-by-noten-payments-"+endSlug(end), "in West 1 seat 2 reaches 31000 by noten payments; "+endWord(end), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			b.Round(2, 1, 0, 0, 0, [4]int32{25000, 25000, 28000, 22000}, junk, junk2, waitsOn4p, junk).Exhaust(0, 0, 4).
				Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, 3000, -1000})
			if end {
				return b.End(scoresAfter(b), [4]float64{})
			}
			return thenDraw(b, 2, 2, 1, 0)
		})
	}
	for _, ends := range []bool{true, false} {
		set := []kv{{"end.draw_ends_extension", ends}}
		endCases(f, fmt.Sprintf("draw ends extension %v, draw", ends), set, drawnWest, ends)
		endCases(f, fmt.Sprintf("draw ends extension %v, win", ends), set, func(end bool) string { return wonLog(2, 1, [4]int32{25000, 25000, 29000, 21000}, end) }, true)
	}

	// TestSettingTobi.
	f = gn.file("tobi", `# end.tobi: in East 1 the dealer deals 1000 into seat 1, falling to 0 or
# to -500: the game ends at 0 or below ("zero_or_below"), below 0
# ("below_zero"), or never ("none").
`+endDesc)
	tobiLog := func(scores [4]int32, what string) func(end bool) string {
		return func(end bool) string {
			return gn.log(fmt.Sprintf("dealer-falls-to-%s-in-east1-%s", what, endSlug(end)), fmt.Sprintf("the dealer deals 1000 into seat 1 and falls to %s; %s", what, endWord(end)), func() *gamebuild.Builder {
				b := gamebuild.New(t, 4)
				ron(b, 0, 1, 0, 0, 0, scores, 1, 0)
				if end {
					return b.End(scoresAfter(b), [4]float64{})
				}
				return thenDraw(b, 0, 2, 0, 0)
			})
		}
	}
	zero, below := tobiLog([4]int32{1000, 33000, 33000, 33000}, "0"), tobiLog([4]int32{500, 33000, 33000, 33500}, "-500")
	for _, tc := range []struct {
		tobi        adjudicator.Tobi
		zero, below bool
	}{
		{adjudicator.TobiNone, false, false},
		{adjudicator.TobiBelowZero, false, true},
		{adjudicator.TobiZero, true, true},
	} {
		set := []kv{{"end.tobi", string(tc.tobi)}}
		endCases(f, string(tc.tobi)+", at 0", set, zero, tc.zero)
		endCases(f, string(tc.tobi)+", at -500", set, below, tc.below)
	}

	// TestSettingAgariTenpaiYame.
	f = gn.file("agari-tenpai-yame", `# end.agari_yame and end.tenpai_yame: the dealer of South 4 wins (or is
# alone tenpai at the draw) and is first with more than the goal: the game
# ends where agari-yame (tenpai-yame) is on, and goes on where it is off.
# Agari-yame does not end a hand the dealer is tenpai in, nor tenpai-yame
# one it wins.
`+endDesc)
	scores4 := [4]int32{20000, 20000, 30000, 30000}
	won := func(end bool) string {
		return gn.log("south4-dealer-wins-from-20000-20000-30000-30000-"+endSlug(end), "the dealer wins South 4 and is first; "+endWord(end),
			func() *gamebuild.Builder { return allLastThen(t, scores4, end) })
	}
	tenpai := func(end bool) string {
		return gn.log("south4-dealer-alone-tenpai-"+endSlug(end), "the dealer is alone tenpai at the draw of South 4 and first; "+endWord(end), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			b.Round(1, 4, 0, 0, 3, scores4, junk, junk2, junk2, waitsOn4p).Exhaust(3, 0, 4).
				Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, -1000, 3000})
			if end {
				return b.End(scoresAfter(b), [4]float64{})
			}
			return thenDraw(b, 1, 4, 1, 0)
		})
	}
	for _, on := range []bool{true, false} {
		endCases(f, fmt.Sprintf("agari-yame %v", on), []kv{{"end.agari_yame", on}}, won, on)
		endCases(f, fmt.Sprintf("agari-yame %v, tenpai-yame off, tenpai", on), []kv{{"end.agari_yame", on}, {"end.tenpai_yame", false}}, tenpai, false)
		endCases(f, fmt.Sprintf("tenpai-yame %v", on), []kv{{"end.tenpai_yame", on}}, tenpai, on)
		endCases(f, fmt.Sprintf("tenpai-yame %v, agari-yame off, win", on), []kv{{"end.agari_yame", false}, {"end.tenpai_yame", on}}, won, false)
	}

	// TestSettingYameNeedsGoal.
	f = gn.file("yame-needs-goal", `# end.yame_needs_goal: the dealer of South 4 wins and is first with 29500,
# below the goal: agari-yame ends the game only where it does not need the
# goal.
`+endDesc)
	for _, needs := range []bool{true, false} {
		endCases(f, fmt.Sprintf("yame needs goal %v", needs), []kv{{"end.yame_needs_goal", needs}}, func(end bool) string {
			return gn.log("south4-dealer-wins-from-24000-24000-24000-28000-"+endSlug(end), "the dealer wins South 4 and is first below the goal; "+endWord(end),
				func() *gamebuild.Builder { return allLastThen(t, [4]int32{24000, 24000, 24000, 28000}, end) })
		}, !needs)
	}

	// TestSettingLeftoverSticks.
	f = gn.file("leftover-sticks", `# end.leftover_sticks: the game ends after South 4 with two riichi sticks
# on the table and seats 0 and 1 tied first: they go to first place (seat
# 0, the nearer the first dealer: "first"), are lost ("lost"), or are split
# between the tied first places ("first_split"). Each log records one
# outcome as its final scores; the others are a game.final_scores finding.
`)
	finals := []struct {
		sticks adjudicator.LeftoverSticks
		final  [4]int32
	}{
		{adjudicator.SticksFirst, [4]int32{37000, 35000, 15000, 13000}},
		{adjudicator.SticksLost, [4]int32{35000, 35000, 15000, 13000}},
		{adjudicator.SticksFirstSplit, [4]int32{36000, 36000, 15000, 13000}},
	}
	for _, rules := range finals {
		for _, rec := range finals {
			fin := rec.final
			log := gn.log("south4-draw-2-sticks-left-recorded-"+string(rec.sticks), "the game ends after South 4 with two sticks left; the log gives them as "+string(rec.sticks),
				func() *gamebuild.Builder {
					return drawnLast(t, false, [4]int32{35000, 35000, 15000, 13000}, 2, fin, [4]float64{})
				})
			want, mismatch := rules.final, rules.sticks != rec.sticks
			f.add(&genCase{name: fmt.Sprintf("%s, recorded as %s", rules.sticks, rec.sticks), log: log,
				set: []kv{{"end.leftover_sticks", string(rules.sticks)}, {"end.uma", floats()}}, native: true, final: true,
				check: func(rep *adjudicator.Report) error {
					if !rep.FinalKnown || rep.Final != want {
						return fmt.Errorf("final scores %v (known %v), want %v", rep.Final, rep.FinalKnown, want)
					}
					got := hasCheck(rep, "game.final_scores")
					return ok(got == mismatch, "game.final_scores finding %v, want %v", got, mismatch)
				}})
		}
	}

	// checkPoints: final points recorded as 0 give a game.final_points
	// finding that expects want; recorded as want, no such finding.
	pointsCases := func(f *genFile, name string, set []kv, zeroLog, wantLog string, want [4]float64) {
		f.add(&genCase{name: name + ", recorded as 0", log: zeroLog, set: set, native: true, check: fp(want)})
		f.add(&genCase{name: fmt.Sprintf("%s, recorded as %v", name, want), log: wantLog, set: set, native: true, check: lacks("game.final_points")})
	}
	lastLog := func(eastOnly bool, scores [4]int32, points [4]float64) string {
		length := "south4"
		if eastOnly {
			length = "east4-of-an-east-only-game"
		}
		return gn.log(fmt.Sprintf("%s-draw-ends-%d-%d-%d-%d-points-%g-%g-%g-%g", length, scores[0], scores[1], scores[2], scores[3], points[0], points[1], points[2], points[3]),
			fmt.Sprintf("the game ends after %s with %v, final points recorded as %v", length, scores, points),
			func() *gamebuild.Builder { return drawnLast(t, eastOnly, scores, 0, scores, points) })
	}

	// TestSettingUma.
	f = gn.file("uma", `# end.uma and end.uma_east: the final scores 40000, 30000, 20000, 10000 in a
# hanchan and in an East-only game, under uma with and without uma_east
# (end.rounding = "none"); without uma the final points are not judged.
`)
	s4321 := [4]int32{40000, 30000, 20000, 10000}
	for _, tc := range []struct {
		uma, umaEast      []any
		hanchan, eastOnly [4]float64
	}{
		{floats(20, 10, -10, -20), floats(), [4]float64{50, 10, -20, -40}, [4]float64{50, 10, -20, -40}},
		{floats(30, 10, -10, -30), floats(), [4]float64{60, 10, -20, -50}, [4]float64{60, 10, -20, -50}},
		{floats(20, 10, -10, -20), floats(10, 5, -5, -10), [4]float64{50, 10, -20, -40}, [4]float64{40, 5, -15, -30}},
	} {
		set := []kv{{"end.uma", tc.uma}, {"end.uma_east", tc.umaEast}, {"end.rounding", "none"}}
		name := fmt.Sprintf("uma %v, uma_east %v", tc.uma, tc.umaEast)
		pointsCases(f, name+", hanchan", set, lastLog(false, s4321, [4]float64{}), lastLog(false, s4321, tc.hanchan), tc.hanchan)
		pointsCases(f, name+", East only", set, lastLog(true, s4321, [4]float64{}), lastLog(true, s4321, tc.eastOnly), tc.eastOnly)
	}
	for _, eastOnly := range []bool{false, true} {
		f.add(&genCase{name: fmt.Sprintf("no uma, East only %v", eastOnly), log: lastLog(eastOnly, s4321, [4]float64{1, 2, 3, 4}),
			set: []kv{{"end.uma", floats()}, {"end.uma_east", floats()}}, native: true, check: all(noFragment, lacks("game.final_points"))})
	}

	// TestSettingTies.
	f = gn.file("ties", `# end.ties: seats 0 and 1 end tied first with 30000: seat 0 is first
# ("seat_order"), or they share the uma and oka of first and second
# ("split"); end.rounding = "none".
`)
	tied := [4]int32{30000, 30000, 25000, 15000}
	for _, tc := range []struct {
		ties adjudicator.Ties
		want [4]float64
	}{
		{adjudicator.TiesSeatOrder, [4]float64{40, 10, -15, -35}},
		{adjudicator.TiesSplit, [4]float64{25, 25, -15, -35}},
	} {
		pointsCases(f, string(tc.ties), []kv{{"end.ties", string(tc.ties)}, {"end.rounding", "none"}}, lastLog(false, tied, [4]float64{}), lastLog(false, tied, tc.want), tc.want)
	}

	// TestSettingRounding.
	f = gn.file("rounding", `# end.rounding: the final scores 40600, 30400, 19500, 9500 give the points
# as they are ("none"), rounded to 1000 with first place taking minus the
# others' sum ("thousand"), or either ("tenhou"): a log recording the other
# is a game.final_points finding.
`)
	odd4 := [4]int32{40600, 30400, 19500, 9500}
	exact := [4]float64{50.6, 10.4, -20.5, -40.5}
	rounded := [4]float64{50, 10, -20, -40}
	for _, tc := range []struct {
		rounding adjudicator.Rounding
		want     [4]float64
		accepts  [][4]float64
	}{
		{adjudicator.RoundingNone, exact, [][4]float64{exact}},
		{adjudicator.RoundingThousand, rounded, [][4]float64{rounded}},
		{adjudicator.RoundingTenhou, exact, [][4]float64{exact, rounded}},
	} {
		set := []kv{{"end.rounding", string(tc.rounding)}}
		f.add(&genCase{name: string(tc.rounding) + ", recorded as 0", log: lastLog(false, odd4, [4]float64{}), set: set, native: true, check: fp(tc.want)})
		for _, rec := range [][4]float64{exact, rounded} {
			accepted := slices.Contains(tc.accepts, rec)
			f.add(&genCase{name: fmt.Sprintf("%s, recorded as %v", tc.rounding, rec), log: lastLog(false, odd4, rec), set: set, native: true, check: func(rep *adjudicator.Report) error {
				_, finding := expectedOf(rep, "game.final_points")
				return ok(finding != accepted, "game.final_points finding %v", finding)
			}})
		}
	}

	// TestSettingRiichiMinScore.
	riichiCount := func(want int) func(rep *adjudicator.Report) error {
		return func(rep *adjudicator.Report) error {
			n := 0
			for _, c := range checkNames(rep.Findings) {
				if c == "legality.riichi" {
					n++
				}
			}
			return ok(n == want, "%d legality.riichi findings, want %d", n, want)
		}
	}
	f = gn.file("riichi-min-score", `# riichi.min_score: seat 1 declares riichi with 900 points, or with 1000:
# a legality.riichi finding where it has less than the rules' minimum.
`)
	minScore := func(score int32) string {
		return gn.log(fmt.Sprintf("riichi-with-%d-points", score), fmt.Sprintf("seat 1 declares riichi with %d points", score), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			sc := [4]int32{33000, score, 33000, 34000 - score}
			return b.Round(0, 1, 0, 0, 0, sc, junk, waitsOn4p, junk2, junk).
				Turns("0:9m:9m").Riichi(1, "9m", "9m").Exhaust(2, 2, 4).Ryuukyoku(event.Exhaustive, [4]int32{-1000, 3000, -1000, -1000})
		})
	}
	for _, tc := range []struct {
		min           int64
		at900, at1000 int
	}{{1000, 1, 0}, {0, 0, 0}, {1001, 1, 1}} {
		set := []kv{{"riichi.min_score", tc.min}}
		f.add(&genCase{name: fmt.Sprintf("min score %d, riichi at 900", tc.min), log: minScore(900), set: set, native: true, check: riichiCount(tc.at900)})
		f.add(&genCase{name: fmt.Sprintf("min score %d, riichi at 1000", tc.min), log: minScore(1000), set: set, native: true, check: riichiCount(tc.at1000)})
	}

	// TestSettingRiichiMinWall.
	f = gn.file("riichi-min-wall", `# riichi.min_wall: a player declares riichi with 4, or 3, tiles left in
# the live wall: a legality.riichi finding where fewer are left than the
# rules' minimum.
`)
	minWall := func(left int) string {
		return gn.log(fmt.Sprintf("riichi-with-%d-tiles-left", left), fmt.Sprintf("a riichi with %d tiles left in the live wall", left), func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			seat := event.Seat((70 - left - 1) % 4)
			hands := []string{junk, junk2, junk2, junk}
			hands[seat] = waitsOn4p
			b.Round(0, 1, 0, 0, 0, even, hands...)
			for k := range 70 - left - 1 {
				b.Draw(event.Seat(k%4), "5m").Discard(event.Seat(k%4), "5m")
			}
			b.Riichi(seat, "9m", "9m")
			deltas := [4]int32{-1000, -1000, -1000, -1000}
			deltas[seat] = 3000
			return b.Exhaust((seat+1)%4, 70-left, 4).Ryuukyoku(event.Exhaustive, deltas)
		})
	}
	for _, tc := range []struct {
		min          int64
		left4, left3 int
	}{{4, 0, 1}, {3, 0, 0}, {5, 1, 1}} {
		set := []kv{{"riichi.min_wall", tc.min}}
		f.add(&genCase{name: fmt.Sprintf("min wall %d, riichi with 4 left", tc.min), log: minWall(4), set: set, native: true, check: riichiCount(tc.left4)})
		f.add(&genCase{name: fmt.Sprintf("min wall %d, riichi with 3 left", tc.min), log: minWall(3), set: set, native: true, check: riichiCount(tc.left3)})
	}

	// TestSettingAbortives.
	f = gn.file("abortives", `# abortive.nine_terminals, four_winds, four_riichi, triple_ron (four kans:
# four-kans.toml): a log that takes the abortive draw is judged as that
# draw where the rules have it and is divergent where they do not; a log
# that plays on past four winds or four riichi is a finding (or divergent,
# under rules not its own) where the rules have the draw, and fine where
# they do not. A triple ron paid by the log is paid where the rules have no
# triple-ron draw, and aborted where they have one.
`)
	fourWinds := func(aborted bool) string {
		return gn.log("four-east-discards-"+map[bool]string{true: "aborted", false: "played-on"}[aborted], "the four first discards are East", func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk).Turns("0:9m:1z 1:9m:1z 2:9m:1z 3:9m:1z")
			if aborted {
				return b.Ryuukyoku(event.FourWinds, [4]int32{})
			}
			return b.Exhaust(0, 4, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
		})
	}
	fourRiichi := func(aborted bool) string {
		return gn.log("four-riichi-"+map[bool]string{true: "aborted", false: "played-on"}[aborted], "all four players declare riichi", func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			b.Round(0, 1, 0, 0, 0, even, waitsOn4p, waitsOn4p, waitsOn4p, waitsOn4p).
				Riichi(0, "9m", "9m").Riichi(1, "9m", "9m").Riichi(2, "9m", "9m").Riichi(3, "9m", "9m")
			if aborted {
				return b.Ryuukyoku(event.FourRiichi, [4]int32{})
			}
			return b.Exhaust(0, 4, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
		})
	}
	nineTerminals := func(bool) string {
		return gn.log("nine-terminals-east1", "the dealer declares nine terminals", func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			return b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk2).Draw(0, "9s").Ryuukyoku(event.NineTerminals, [4]int32{})
		})
	}
	tripleRonDraw := func(bool) string {
		return gn.log("triple-ron-draw", "three players ron the dealer's 4p: the triple-ron draw", func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			return b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, waitsOn4p).
				Draw(0, "4p").Discard(0, "4p").Ryuukyoku(event.TripleRon, [4]int32{})
		})
	}
	for _, tc := range []struct {
		name    string
		set     func(on bool) []kv
		game    func(aborted bool) string
		kind    adjudicator.Divergence
		outcome adjudicator.Outcome
		finding string
	}{
		{"nine_terminals", func(on bool) []kv { return []kv{{"abortive.nine_terminals", on}} }, nineTerminals,
			adjudicator.DivergeNineTerminals, adjudicator.NineTerminalsOutcome, ""},
		{"four_winds", func(on bool) []kv { return []kv{{"abortive.four_winds", on}} }, fourWinds,
			adjudicator.DivergeFourWinds, adjudicator.FourWindsOutcome, "draw.four_winds"},
		{"four_riichi", func(on bool) []kv { return []kv{{"abortive.four_riichi", on}} }, fourRiichi,
			adjudicator.DivergeFourRiichi, adjudicator.FourRiichiOutcome, "draw.four_riichi"},
		{"triple_ron", func(on bool) []kv {
			if on {
				return []kv{{"abortive.triple_ron", true}}
			}
			return []kv{{"abortive.triple_ron", false}, {"win.multiple_ron", "all_paid"}}
		}, tripleRonDraw, adjudicator.DivergeTripleRon, adjudicator.TripleRonOutcome, ""},
	} {
		tc := tc
		for _, on := range []bool{true, false} {
			on := on
			name := fmt.Sprintf("%s %v", tc.name, on)
			f.add(&genCase{name: name + ", aborted, not the log's rules", log: tc.game(true), set: tc.set(on), native: false, div: true, hands: [][2]int{{0, fOutcome}},
				check: func(rep *adjudicator.Report) error {
					if on && (rep.DivergentFrom >= 0 || rep.Hands[0].Outcome != tc.outcome || len(rep.Findings) != 0) {
						return fmt.Errorf("divergent from %d (%s), outcome %v, findings %v", rep.DivergentFrom, rep.DivergentKind, rep.Hands[0].Outcome, checkNames(rep.Findings))
					}
					if !on && (rep.DivergentFrom != 0 || rep.DivergentKind != tc.kind) {
						return fmt.Errorf("divergent from %d (%s), want %s from 0", rep.DivergentFrom, rep.DivergentKind, tc.kind)
					}
					return nil
				}})
			if tc.finding == "" {
				continue
			}
			f.add(&genCase{name: name + ", played on, the log's rules", log: tc.game(false), set: tc.set(on), native: true, check: func(rep *adjudicator.Report) error {
				got := checkNames(rep.Findings)
				return ok(!(on && !slices.Equal(got, []string{tc.finding}) || !on && len(got) != 0), "findings %v", got)
			}})
			f.add(&genCase{name: name + ", played on, not the log's rules", log: tc.game(false), set: tc.set(on), native: false, div: true, check: func(rep *adjudicator.Report) error {
				return ok((rep.DivergentKind == tc.kind) == on, "divergent %q", rep.DivergentKind)
			}})
		}
	}
	for _, on := range []bool{true, false} {
		on := on
		set := []kv{{"abortive.triple_ron", on}, {"win.multiple_ron", "all_paid"}}
		want := adjudicator.WinOutcome
		if on {
			set[1].v = "double_only"
			want = adjudicator.TripleRonOutcome
		}
		f.add(&genCase{name: fmt.Sprintf("triple_ron %v, three rons paid by the log", on), log: triple, set: set, native: false, hands: [][2]int{{0, fOutcome}},
			check: func(rep *adjudicator.Report) error {
				return ok(rep.Hands[0].Outcome == want, "outcome %v, want %v", rep.Hands[0].Outcome, want)
			}})
	}
}
