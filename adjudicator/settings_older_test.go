package adjudicator_test

// A synthetic game for every value of the settings older than those of
// settings_test.go: [points], [draw] (noten pool, tenpai policy, nagashi,
// declaration), [win], [end], [riichi] and which abortive draws exist. Each
// test judges a game built for the value and fails when the judgement does
// not follow it: the payments or the next hand the rules give, the findings
// a log recorded one way or the other makes, or the final scores and points.

import (
	"fmt"
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/internal/gamebuild"
)

// variantOf is variant for another preset than tenhou.
func variantOf(t *testing.T, name string, set func(r *adjudicator.Rules)) *adjudicator.Rules {
	t.Helper()
	r := preset(t, name)
	r.Name = "variant-" + name
	set(r)
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// deltasOf returns the score changes the rules give hand h.
func deltasOf(h adjudicator.HandResult) [4]int32 {
	var d [4]int32
	for s := range d {
		d[s] = h.Seats[s].Expected
	}
	return d
}

// flowChecks lists the findings of rep but those a fragment of a game makes
// (it does not start at East 1 with the start points, its final scores and
// points are not recorded).
func flowChecks(rep *adjudicator.Report) []string {
	return slices.DeleteFunc(checkNames(rep.Findings), func(c string) bool {
		return c == "flow.first_round" || c == "flow.start_scores" || c == "game.final_points" || c == "game.final_scores"
	})
}

// findingOf returns the finding of check c in rep, or false.
func findingOf(rep *adjudicator.Report, c string) (string, bool) {
	for _, f := range rep.Findings {
		if f.Check.String() == c {
			return f.Expected, true
		}
	}
	return "", false
}

// Yaku entries of the hands below.
var (
	yTsumo      = event.Yaku{ID: 0, Han: 1}
	yPinfu      = event.Yaku{ID: 7, Han: 1}
	yTanyao     = event.Yaku{ID: 8, Han: 1}
	ySanshoku   = event.Yaku{ID: 25, Han: 2}
	yRyanpeikou = event.Yaku{ID: 32, Han: 3}
	yChinitsu   = event.Yaku{ID: 35, Han: 6}
	yAka        = event.Yaku{ID: 54, Han: 1}
	yDaisangen  = event.Yaku{ID: 39, Han: 13}
	yTsuuiisou  = event.Yaku{ID: 42, Han: 13}
	yDaisuushii = event.Yaku{ID: 49, Han: 13}
	ySuukantsu  = event.Yaku{ID: 51, Han: 13}
)

// recordValue records the last win's value: its points and limit.
func recordValue(b *gamebuild.Builder, points int32, limit event.Limit) {
	w := &b.G.Wins[len(b.G.Wins)-1]
	w.Points, w.Limit = points, limit
	w.Known |= event.KnownPoints
}

// setLiable records seat l as liable for the last win's yakuman.
func setLiable(b *gamebuild.Builder, l event.Seat) { b.G.Wins[len(b.G.Wins)-1].Liable = l }

// ron appends a hand of the given round, honba, sticks, dealer and scores
// in which winner, holding waitsOn4p, wins 4p by ron from `from` for 1000
// (1500 as the dealer) plus 300 per honba and the sticks; the others hold
// junk. It returns the scores after the hand.
func ron(b *gamebuild.Builder, wind, number, honba, sticks int, dealer event.Seat, scores [4]int32, winner, from event.Seat) [4]int32 {
	hands := [4]string{junk, junk2, junk2, junk}
	hands[winner] = waitsOn4p
	b.Round(wind, number, honba, sticks, dealer, scores, hands[:]...)
	for s := dealer; s != from; s = (s + 1) % 4 {
		b.Draw(s, "9m").Discard(s, "9m")
	}
	b.Draw(from, "4p").Discard(from, "4p")
	value := int32(1000)
	if winner == dealer {
		value = 1500
	}
	var d [4]int32
	d[from] -= value + int32(honba)*300
	d[winner] += value + int32(honba)*300 + int32(sticks)*1000
	b.Win(winner, from, "4p", 1, 30, d)
	after := scores
	for s := range after {
		after[s] += d[s]
	}
	return after
}

// drawnLast appends the last hand of the game (South 4, or East 4 of an
// East-only game) with seat 3 dealing and sticks riichi sticks on the
// table, which ends in an exhaustive draw with nobody tenpai, then the game
// end with the recorded final scores and points.
func drawnLast(t *testing.T, eastOnly bool, scores [4]int32, sticks int, final [4]int32, points [4]float64) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	wind := 1
	if eastOnly {
		b.G.Meta.Length = event.EastOnly
		wind = 0
	}
	return b.Round(wind, 4, 0, sticks, 3, scores, junk, junk2, junk2, junk).Exhaust(3, 0, 4).
		Ryuukyoku(event.Exhaustive, [4]int32{}).End(final, points)
}

// finalPoints returns the final points the rules give a game whose
// recorded final points are all 0 (never the rules' here): the expected
// value of its game.final_points finding.
func finalPoints(t *testing.T, b *gamebuild.Builder, r *adjudicator.Rules) [4]float64 {
	t.Helper()
	exp, ok := findingOf(adjudicator.Judge(b.G, r, true), "game.final_points")
	if !ok {
		t.Fatal("no game.final_points finding")
	}
	var p [4]float64
	if _, err := fmt.Sscanf(exp, "[%g %g %g %g]", &p[0], &p[1], &p[2], &p[3]); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSettingStart: the first hand's scores are the start points, or
// anything when points.start is 0.
func TestSettingStart(t *testing.T) {
	game := func(score int32) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, [4]int32{score, score, score, score}, junk, junk2, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	for _, tc := range []struct {
		start, log int32
		finding    bool
	}{
		{25000, 25000, false}, {25000, 30000, true}, {30000, 30000, false}, {30000, 25000, true},
		{0, 25000, false}, {0, 30000, false}, {0, 27300, false},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.Points.Start = tc.start })
		got := slices.Contains(checkNames(adjudicator.Judge(game(tc.log).G, r, true).Findings), "flow.start_scores")
		if got != tc.finding {
			t.Errorf("start %d, log starts at %d: flow.start_scores %v, want %v", tc.start, tc.log, got, tc.finding)
		}
	}
}

// TestSettingReturn: the oka, (return − start) × 4, goes to first place;
// with points.start 0 the start is what the log's first hand says.
func TestSettingReturn(t *testing.T) {
	scores := [4]int32{40000, 30000, 20000, 10000}
	for _, tc := range []struct {
		start, ret int32
		want       [4]float64
	}{
		{25000, 30000, [4]float64{50, 10, -20, -40}},
		{25000, 25000, [4]float64{35, 15, -15, -35}},
		{30000, 30000, [4]float64{30, 10, -20, -40}},
	} {
		r := variant(t, func(r *adjudicator.Rules) {
			r.Points.Start, r.Points.Return = tc.start, tc.ret
			r.End.Rounding = adjudicator.RoundingNone
		})
		if got := finalPoints(t, drawnLast(t, false, scores, 0, scores, [4]float64{}), r); got != tc.want {
			t.Errorf("start %d, return %d: final points %v, want %v", tc.start, tc.ret, got, tc.want)
		}
	}
	// points.start = 0: a one-hand game whose log starts everybody at
	// 30000, under return 30000: no oka; at 25000: an oka of 20.
	for _, tc := range []struct {
		start int32
		want  [4]float64
	}{
		{30000, [4]float64{20, 10, -10, -20}},
		{25000, [4]float64{35, 5, -15, -25}},
	} {
		r := variant(t, func(r *adjudicator.Rules) {
			r.Points.Start, r.Points.Return = 0, 30000
			r.End.Rounding = adjudicator.RoundingNone
		})
		b := gamebuild.New(t, 4)
		b.G.Meta.Length = event.SingleHand
		s := tc.start
		b.Round(0, 1, 0, 0, 0, [4]int32{s, s, s, s}, junk, junk2, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{}).End([4]int32{s, s, s, s}, [4]float64{})
		if got := finalPoints(t, b, r); got != tc.want {
			t.Errorf("start 0, the log starting at %d: final points %v, want %v", tc.start, got, tc.want)
		}
	}
}

// TestSettingRiichiStick: the winner takes points.riichi_stick per stick on
// the table, and a riichi costs it.
func TestSettingRiichiStick(t *testing.T) {
	for _, stick := range []int32{1000, 1500} {
		r := variant(t, func(r *adjudicator.Rules) { r.Points.RiichiStick = stick })
		// One stick left from an earlier hand; seat 1 wins 1000 from seat 0.
		b := gamebuild.New(t, 4)
		ron(b, 0, 1, 0, 1, 0, even, 1, 0)
		rep := adjudicator.Judge(b.G, r, false)
		if got, want := deltasOf(rep.Hands[0]), [4]int32{-1000, 1000 + stick, 0, 0}; got != want {
			t.Errorf("stick %d: win with a stick on the table: deltas %v, want %v", stick, got, want)
		}
		// Seat 2 declares riichi and is alone tenpai at the draw; the
		// score it starts the next hand with is the rules'.
		b = gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, waitsOn4p, junk).Turns("0:5m:5m 1:5m:5m").Riichi(2, "9m", "9m").
			Exhaust(3, 3, 4).Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, 3000, -1000}).
			Round(0, 2, 1, 1, 1, [4]int32{24000, 24000, 27000, 24000}, junk, junk2, junk2, junk)
		rep = adjudicator.Judge(b.G, r, false)
		if got, want := rep.Hands[1].Seats[2].Computed, 25000-stick+3000; got != want {
			t.Errorf("stick %d: seat 2's score after its riichi and a draw %d, want %d", stick, got, want)
		}
	}
}

// TestSettingRiichiStickNative: a log played with a stick of 1500 under
// its own rules: the replay takes 1500 from the declarer, and the log has
// no finding; judged as its own rules with a 1000 stick, its scores are
// wrong.
func TestSettingRiichiStickNative(t *testing.T) {
	for _, tc := range []struct {
		rules, played int32
		clean         bool
	}{{1500, 1500, true}, {1000, 1000, true}, {1000, 1500, false}, {1500, 1000, false}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Points.RiichiStick = tc.rules })
		b := gamebuild.New(t, 4)
		after := [4]int32{24000, 24000, 25000 - tc.played + 3000, 24000}
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, waitsOn4p, junk).Turns("0:5m:5m 1:5m:5m").Riichi(2, "9m", "9m").
			Exhaust(3, 3, 4).Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, 3000, -1000}).
			Round(0, 2, 1, 1, 1, after, junk, junk2, junk2, junk)
		rep := adjudicator.Judge(b.G, r, true)
		if clean := len(rep.Findings) == 0; clean != tc.clean {
			t.Errorf("rules' stick %d, log played with %d: findings %v, want clean %v", tc.rules, tc.played, rep.Findings, tc.clean)
		}
		if got, want := rep.Hands[1].Seats[2].Computed, 25000-tc.rules+3000; tc.clean && got != want {
			t.Errorf("rules' stick %d, log played with %d: seat 2's computed score %d, want %d", tc.rules, tc.played, got, want)
		}
	}
}

// TestSettingHonba: a ron pays points.honba_ron per honba, a tsumo
// points.honba_tsumo per honba from each payer.
func TestSettingHonba(t *testing.T) {
	for _, tc := range []struct{ ron, tsumo int32 }{{300, 100}, {1500, 500}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Points.HonbaRon, r.Points.HonbaTsumo = tc.ron, tc.tsumo })
		b := gamebuild.New(t, 4)
		ron(b, 0, 1, 2, 0, 0, even, 1, 0)
		if got, want := deltasOf(adjudicator.Judge(b.G, r, false).Hands[0]), [4]int32{-1000 - 2*tc.ron, 1000 + 2*tc.ron, 0, 0}; got != want {
			t.Errorf("honba_ron %d: ron at 2 honba: deltas %v, want %v", tc.ron, got, want)
		}
		// Seat 1 wins 4p by tsumo after a go-around: pinfu tsumo, 2 han
		// 20 fu, 700 from the dealer and 400 from the others.
		b = gamebuild.New(t, 4)
		b.Round(0, 1, 2, 0, 0, even, junk, waitsOn4p, junk2, junk).Turns("0:9m:9m 1:9m:9m 2:9m:9m 3:9m:9m 0:9m:9m").
			Draw(1, "4p").Win(1, 1, "4p", 2, 20, [4]int32{})
		h := 2 * tc.tsumo
		if got, want := deltasOf(adjudicator.Judge(b.G, r, false).Hands[0]), [4]int32{-700 - h, 1500 + 3*h, -400 - h, -400 - h}; got != want {
			t.Errorf("honba_tsumo %d: tsumo at 2 honba: deltas %v, want %v", tc.tsumo, got, want)
		}
	}
}

// TestSettingNotenPool: the noten payments at an exhaustive draw with one
// and two players tenpai, for pools of 3000, 0 and (sanma) 2000.
func TestSettingNotenPool(t *testing.T) {
	four := func(hands ...string) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, hands...).Exhaust(0, 0, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	const sanmaTenpai, sanmaNoten = "123789p23s55s111z", "199m159p159s1357z"
	three := func(hands ...string) *gamebuild.Builder {
		b := gamebuild.New(t, 3)
		return b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, hands...).Exhaust(0, 0, 3).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	for _, tc := range []struct {
		name     string
		r        *adjudicator.Rules
		one, two *gamebuild.Builder
		wantOne  [4]int32
		wantTwo  [4]int32
	}{
		{"3000", variant(t, func(r *adjudicator.Rules) { r.Draw.NotenPool = 3000 }),
			four(junk, waitsOn4p, junk2, junk), four(junk, waitsOn4p, waitsOn4p, junk),
			[4]int32{-1000, 3000, -1000, -1000}, [4]int32{-1500, 1500, 1500, -1500}},
		{"0", variant(t, func(r *adjudicator.Rules) { r.Draw.NotenPool = 0 }),
			four(junk, waitsOn4p, junk2, junk), four(junk, waitsOn4p, waitsOn4p, junk),
			[4]int32{}, [4]int32{}},
		{"2000 sanma", variantOf(t, "tenhou-sanma", func(r *adjudicator.Rules) { r.Draw.NotenPool = 2000 }),
			three(sanmaNoten, sanmaTenpai, sanmaNoten), three(sanmaNoten, sanmaTenpai, sanmaTenpai),
			[4]int32{-1000, 2000, -1000, 0}, [4]int32{-2000, 1000, 1000, 0}},
	} {
		for _, c := range []struct {
			b    *gamebuild.Builder
			want [4]int32
		}{{tc.one, tc.wantOne}, {tc.two, tc.wantTwo}} {
			h := adjudicator.Judge(c.b.G, tc.r, false).Hands[0]
			if got := deltasOf(h); got != c.want || h.NotenPaymentTotal != max(c.want[0], c.want[1], c.want[2], c.want[3])*int32(h.TenpaiCount) {
				t.Errorf("pool %s, %d tenpai: deltas %v (noten total %d), want %v", tc.name, h.TenpaiCount, got, h.NotenPaymentTotal, c.want)
			}
		}
	}
}

// TestSettingTenpaiPolicy: a hand waiting only on 1p, whose other three
// copies are in its pon, is tenpai under "tenhou" and noten under
// "melds_count"; one that holds all four concealed is noten under both.
func TestSettingTenpaiPolicy(t *testing.T) {
	melded := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk2, "111p234m567m789s9p", junk2, junk).
			Draw(0, "1p").Discard(0, "1p").Meld(1, event.Call, event.MeldPon, 0, "111p", 0).Discard(1, "9p").
			Exhaust(2, 1, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	concealed := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk2, "1111p234m567m789s", junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	for _, tc := range []struct {
		policy             hand.TenpaiPolicy
		melded, concealed2 bool
	}{{hand.TenhouPolicy, true, false}, {hand.MeldsCountPolicy, false, false}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Draw.TenpaiPolicy = tc.policy })
		h := adjudicator.Judge(melded().G, r, false).Hands[0]
		want := [4]int32{}
		if tc.melded {
			want = [4]int32{-1000, 3000, -1000, -1000}
		}
		if h.Seats[1].Tenpai != tc.melded || deltasOf(h) != want {
			t.Errorf("%s, copies in the pon: tenpai %v, deltas %v; want %v, %v", tc.policy, h.Seats[1].Tenpai, deltasOf(h), tc.melded, want)
		}
		if h := adjudicator.Judge(concealed().G, r, false).Hands[0]; h.Seats[1].Tenpai != tc.concealed2 {
			t.Errorf("%s, four concealed copies: tenpai %v, want %v", tc.policy, h.Seats[1].Tenpai, tc.concealed2)
		}
	}
}

// nagashiGame: seat 1 discards nothing but 9s, with one honba and one stick
// on the table. dealerNagashi: the dealer (seat 0) discards nothing but 9s
// instead; else the dealer is tenpai. The log records kind and deltas.
func nagashiGame(t *testing.T, dealerNagashi bool, kind event.RyuukyokuKind, deltas [4]int32) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	if dealerNagashi {
		return b.Round(0, 1, 1, 1, 0, even, junk, junk2, junk2, junk).Exhaust(0, 0, 4, "9s").Ryuukyoku(kind, deltas)
	}
	return b.Round(0, 1, 1, 1, 0, even, waitsOn4p, junk, junk2, junk).Exhaust(0, 0, 4, "", "9s").Ryuukyoku(kind, deltas)
}

// TestSettingNagashi: nagashi mangan is nothing ("none"), mangan payments
// that replace the noten payments and leave honba and sticks
// ("replaces_noten"), or a win ("as_win": the honba and sticks to the
// nagashi player, who keeps the seat only as the dealer).
func TestSettingNagashi(t *testing.T) {
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
		name := fmt.Sprintf("%s, dealer's nagashi %v", tc.nagashi, tc.dealer)
		r := variant(t, func(r *adjudicator.Rules) { r.Draw.Nagashi = tc.nagashi })
		rep := adjudicator.Judge(nagashiGame(t, tc.dealer, tc.kind, tc.deltas).G, r, true)
		h := rep.Hands[0]
		if h.Outcome != tc.outcome || deltasOf(h) != tc.deltas || len(rep.Findings) != 0 {
			t.Errorf("%s: outcome %v, deltas %v, findings %v; want %v, %v, none", name, h.Outcome, deltasOf(h), checkNames(rep.Findings), tc.outcome, tc.deltas)
		}
		if got := nextRound(t, nagashiGame(t, tc.dealer, tc.kind, tc.deltas), r); got != tc.next {
			t.Errorf("%s: next %q, want %q", name, got, tc.next)
		}
	}
	// A log that records the other outcome is a finding.
	none := variant(t, func(r *adjudicator.Rules) { r.Draw.Nagashi = adjudicator.NagashiNone })
	if got := checkNames(adjudicator.Judge(nagashiGame(t, false, event.Nagashi, [4]int32{-4000, 8000, -2000, -2000}).G, none, true).Findings); !slices.Contains(got, "draw.payment") {
		t.Errorf("none, nagashi recorded: findings %v, want draw.payment", got)
	}
	replaces := variant(t, func(r *adjudicator.Rules) { r.Draw.Nagashi = adjudicator.NagashiReplacesNoten })
	if got := checkNames(adjudicator.Judge(nagashiGame(t, false, event.Exhaustive, [4]int32{3000, -1000, -1000, -1000}).G, replaces, true).Findings); !slices.Contains(got, "draw.nagashi") {
		t.Errorf("replaces_noten, plain draw recorded: findings %v, want draw.nagashi", got)
	}
}

// TestSettingNagashiOwnCalls: seat 1 pons East and then discards nothing
// but terminals and honours: nagashi mangan where its own calls do not
// void it, a plain draw where they do.
func TestSettingNagashiOwnCalls(t *testing.T) {
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk2, "19m19p19s1122337z", junk2, junk).
			Draw(0, "1z").Discard(0, "1z").Meld(1, event.Call, event.MeldPon, 0, "111z", 0).Discard(1, "7z").
			Exhaust(2, 1, 4, "", "9s").Ryuukyoku(event.Nagashi, [4]int32{-4000, 8000, -2000, -2000})
	}
	for _, tc := range []struct {
		own     bool
		outcome adjudicator.Outcome
		deltas  [4]int32
		finding bool
	}{
		{true, adjudicator.NagashiOutcome, [4]int32{-4000, 8000, -2000, -2000}, false},
		{false, adjudicator.ExhaustiveOutcome, [4]int32{}, true},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.Draw.NagashiOwnCalls = tc.own })
		rep := adjudicator.Judge(game().G, r, true)
		h := rep.Hands[0]
		if h.Outcome != tc.outcome || deltasOf(h) != tc.deltas || slices.Contains(checkNames(rep.Findings), "draw.nagashi") != tc.finding {
			t.Errorf("own calls %v: outcome %v, deltas %v, findings %v", tc.own, h.Outcome, deltasOf(h), checkNames(rep.Findings))
		}
	}
}

// TestSettingDeclaration: seat 1 is tenpai at the draw and keeps its hand
// hidden; it is paid as tenpai. Under "auto" the hidden tenpai hand is a
// finding; under "seat_order" it is fine.
func TestSettingDeclaration(t *testing.T) {
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{-1000, 3000, -1000, -1000})
		b.G.Ryuukyoku[0].Known |= event.KnownHand // no hand shown
		return b
	}
	for _, tc := range []struct {
		decl    adjudicator.Declaration
		finding bool
	}{{adjudicator.DeclarationAuto, true}, {adjudicator.DeclarationSeatOrder, false}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Draw.Declaration = tc.decl })
		rep := adjudicator.Judge(game().G, r, true)
		got := checkNames(rep.Findings)
		if slices.Contains(got, "draw.tenpai") != tc.finding || len(got) > 1 || deltasOf(rep.Hands[0]) != [4]int32{-1000, 3000, -1000, -1000} {
			t.Errorf("%s: findings %v, deltas %v", tc.decl, got, deltasOf(rep.Hands[0]))
		}
	}
}

// doubleRon: seat 0 deals 4p into seats 1 and 2.
func doubleRon(t *testing.T) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	return b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, junk).
		Draw(0, "4p").Discard(0, "4p").
		Win(1, 0, "4p", 1, 30, [4]int32{-1000, 1000, 0, 0}).
		Win(2, 0, "4p", 1, 30, [4]int32{-1000, 0, 1000, 0})
}

// TestSettingMultipleRon: a double and a triple ron are all paid, only the
// first winner is ("head_bump"), or two are paid and three abort
// ("double_only").
func TestSettingMultipleRon(t *testing.T) {
	for _, tc := range []struct {
		mr             adjudicator.MultipleRon
		double, triple [4]int32
		tripleOutcome  adjudicator.Outcome
	}{
		{adjudicator.MultiRonAll, [4]int32{-2000, 1000, 1000, 0}, [4]int32{-3000, 1000, 1000, 1000}, adjudicator.WinOutcome},
		{adjudicator.MultiRonHeadBump, [4]int32{-1000, 1000, 0, 0}, [4]int32{-1000, 1000, 0, 0}, adjudicator.WinOutcome},
		{adjudicator.MultiRonDouble, [4]int32{-2000, 1000, 1000, 0}, [4]int32{}, adjudicator.TripleRonOutcome},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.Win.MultipleRon = tc.mr })
		if h := adjudicator.Judge(doubleRon(t).G, r, false).Hands[0]; deltasOf(h) != tc.double || h.Outcome != adjudicator.WinOutcome {
			t.Errorf("%s, double ron: outcome %v, deltas %v, want %v", tc.mr, h.Outcome, deltasOf(h), tc.double)
		}
		if h := adjudicator.Judge(tripleRon(t).G, r, false).Hands[0]; deltasOf(h) != tc.triple || h.Outcome != tc.tripleOutcome {
			t.Errorf("%s, triple ron: outcome %v, deltas %v, want %v, %v", tc.mr, h.Outcome, deltasOf(h), tc.tripleOutcome, tc.triple)
		}
	}
}

// TestSettingBonus: seats 1 and 2 ron seat 0's 4p at one honba with a
// stick left from an earlier hand and seat 2's own riichi stick: the first
// winner takes the honba and both sticks, or each winner gets the honba and
// seat 2 takes its own stick back.
func TestSettingBonus(t *testing.T) {
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 1, 1, 0, even, junk, waitsOn4p, waitsOn4p, junk).
			Turns("0:9m:9m 1:9m:9m").Riichi(2, "9m", "9m").Turns("3:9m:9m 0:9m:9m 1:9m:9m 2:9m:9m 3:9m:9m").
			Draw(0, "4p").Discard(0, "4p").
			Win(1, 0, "4p", 1, 30, [4]int32{}).
			Win(2, 0, "4p", 2, 30, [4]int32{})
	}
	for _, tc := range []struct {
		bonus adjudicator.Bonus
		want  [4]int32
	}{
		// Seat 1's 1000 and seat 2's riichi pinfu 2000.
		{adjudicator.BonusFirst, [4]int32{-3300, 3300, 2000, 0}},
		{adjudicator.BonusEach, [4]int32{-3600, 2300, 3300, 0}},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.Win.Bonus = tc.bonus })
		if got := deltasOf(adjudicator.Judge(game().G, r, false).Hands[0]); got != tc.want {
			t.Errorf("%s: deltas %v, want %v", tc.bonus, got, tc.want)
		}
	}
}

// TestSettingTsumoLoss: in sanma seat 1 wins by tsumo for 2 han 30 fu
// (1000 from the dealer, 500 from the other): the missing player's share is
// lost, or split between the two payers.
func TestSettingTsumoLoss(t *testing.T) {
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 3)
		return b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, "199m159p159s1357z", "123789p23s55s111z", "199m159p159s1357z").
			Turns("0:9m:9m 1:9m:9m 2:9m:9m 0:9m:9m").Draw(1, "4s").Win(1, 1, "4s", 2, 30, [4]int32{})
	}
	for _, tc := range []struct {
		loss bool
		want [4]int32
	}{
		{true, [4]int32{-1000, 1500, -500, 0}},
		{false, [4]int32{-1300, 2100, -800, 0}},
	} {
		r := variantOf(t, "tenhou-sanma", func(r *adjudicator.Rules) { r.Win.TsumoLoss = tc.loss })
		if got := deltasOf(adjudicator.Judge(game().G, r, false).Hands[0]); got != tc.want {
			t.Errorf("tsumo loss %v: deltas %v, want %v", tc.loss, got, tc.want)
		}
	}
}

// recorded is what a log records of a win: its value (points and limit),
// fu, yaku and score changes.
type recorded struct {
	points int32
	limit  event.Limit
	fu     int
	yaku   []event.Yaku
	deltas [4]int32
}

// win appends the win of winner on t from `from` as rec records it.
func win(b *gamebuild.Builder, winner, from event.Seat, t string, rec recorded) *gamebuild.Builder {
	han := 0
	for _, y := range rec.yaku {
		han += int(y.Han)
	}
	b.Win(winner, from, t, han, rec.fu, rec.deltas, rec.yaku...)
	recordValue(b, rec.points, rec.limit)
	return b
}

// checkValue judges the game of a win recorded as a setting's off and on
// values give it (rec[0], rec[1]) under the rules of each value (rules[0],
// rules[1]), as the log's own: the record of the rules' value is right (no
// findings, paid as recorded); the other value's is a win.* finding.
func checkValue(t *testing.T, name string, rules [2]*adjudicator.Rules, rec [2]recorded, game func(rec recorded) *gamebuild.Builder) {
	t.Helper()
	for v := range 2 {
		rep := adjudicator.Judge(game(rec[v]).G, rules[v], true)
		if got := deltasOf(rep.Hands[0]); len(rep.Findings) != 0 || got != rec[v].deltas {
			t.Errorf("%s %v, recorded as %[2]v: findings %v, deltas %v; want none, %v", name, v == 1, checkNames(rep.Findings), got, rec[v].deltas)
		}
		rep = adjudicator.Judge(game(rec[1-v]).G, rules[v], true)
		if got := checkNames(rep.Findings); !slices.ContainsFunc(got, func(c string) bool { return c == "win.points" || c == "win.limit" || c == "win.yaku" }) {
			t.Errorf("%s %v, recorded as %v: findings %v, want the value judged wrong", name, v == 1, v == 0, got)
		}
	}
}

// TestSettingKiriage: 4 han 30 fu (tanyao, pinfu, sanshoku by ron) is worth
// 7700, or 8000 with kiriage.
func TestSettingKiriage(t *testing.T) {
	yaku := []event.Yaku{yPinfu, ySanshoku, yTanyao}
	game := func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "234m234p234s67s88m", junk2, junk).Draw(0, "5s").Discard(0, "5s")
		return win(b, 1, 0, "5s", rec)
	}
	checkValue(t, "kiriage", [2]*adjudicator.Rules{
		variant(t, func(r *adjudicator.Rules) { r.Win.Kiriage = false }),
		variant(t, func(r *adjudicator.Rules) { r.Win.Kiriage = true }),
	}, [2]recorded{
		{7700, event.NoLimit, 30, yaku, [4]int32{-7700, 7700, 0, 0}},
		{8000, event.NoLimit, 30, yaku, [4]int32{-8000, 8000, 0, 0}},
	}, game)
}

// TestSettingKazoe: 13 han without a yakuman (menzen tsumo, pinfu,
// ryanpeikou, tanyao, chinitsu, a red five) is a sanbaiman, or a yakuman
// with kazoe.
func TestSettingKazoe(t *testing.T) {
	yaku := []event.Yaku{yTsumo, yPinfu, yRyanpeikou, yTanyao, yChinitsu, yAka}
	game := func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "2334450667788p", junk2, junk).Turns("0:9m:9m 1:9m:9m 2:9m:9m 3:9m:9m 0:9m:9m").Draw(1, "2p")
		return win(b, 1, 1, "2p", rec)
	}
	checkValue(t, "kazoe", [2]*adjudicator.Rules{
		variant(t, func(r *adjudicator.Rules) { r.Win.Kazoe = false }),
		variant(t, func(r *adjudicator.Rules) { r.Win.Kazoe = true }),
	}, [2]recorded{
		{24000, event.Sanbaiman, 20, yaku, [4]int32{-12000, 24000, -6000, -6000}},
		{32000, event.Yakuman, 20, yaku, [4]int32{-16000, 32000, -8000, -8000}},
	}, game)
}

// TestSettingDoubleYakumanForms: kokushi musou won on its thirteen-sided
// wait is a yakuman, or a double yakuman.
func TestSettingDoubleYakumanForms(t *testing.T) {
	game := func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "19m19p19s1234567z", junk2, junk).Draw(0, "1m").Discard(0, "1m")
		return win(b, 1, 0, "1m", rec)
	}
	checkValue(t, "double yakuman forms", [2]*adjudicator.Rules{
		variant(t, func(r *adjudicator.Rules) { r.Win.DoubleYakumanForms = false }),
		variant(t, func(r *adjudicator.Rules) { r.Win.DoubleYakumanForms = true }),
	}, [2]recorded{
		{32000, event.Yakuman, 0, []event.Yaku{{ID: 48, Han: 13}}, [4]int32{-32000, 32000, 0, 0}},
		{64000, event.Yakuman, 0, []event.Yaku{{ID: 48, Han: 26}}, [4]int32{-64000, 64000, 0, 0}},
	}, game)
}

// TestSettingYakumanStacking: daisangen and tsuuiisou in one hand (won by
// ron on East, a shanpon) are one yakuman, or two.
func TestSettingYakumanStacking(t *testing.T) {
	game := func(rec recorded) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, "555666777z1122z", junk2, junk).Draw(0, "1z").Discard(0, "1z")
		return win(b, 1, 0, "1z", rec)
	}
	checkValue(t, "yakuman stacking", [2]*adjudicator.Rules{
		variant(t, func(r *adjudicator.Rules) { r.Win.YakumanStacking = false }),
		variant(t, func(r *adjudicator.Rules) { r.Win.YakumanStacking = true }),
	}, [2]recorded{
		{32000, event.Yakuman, 60, []event.Yaku{yDaisangen}, [4]int32{-32000, 32000, 0, 0}},
		{64000, event.Yakuman, 60, []event.Yaku{yDaisangen, yTsuuiisou}, [4]int32{-64000, 64000, 0, 0}},
	}, game)
	// A record that lists both yakuman is paid as one where they do not
	// stack (the recorded value stands under the log's own rules).
	off := variant(t, func(r *adjudicator.Rules) { r.Win.YakumanStacking = false })
	rep := adjudicator.Judge(game(recorded{64000, event.Yakuman, 60, []event.Yaku{yDaisangen, yTsuuiisou}, [4]int32{-64000, 64000, 0, 0}}).G, off, true)
	if got := deltasOf(rep.Hands[0]); got != [4]int32{-32000, 32000, 0, 0} {
		t.Errorf("no stacking, two yakuman recorded: deltas %v, want one yakuman", got)
	}
}

// pon is seat 1's pon of tile from seat `from`, after which it discards
// `discard`.
type pon struct {
	tile    string
	from    event.Seat
	discard string
}

// ponGame: seat 1, dealt the hand dealt, makes the pons one after the other (the
// others draw and discard 9m in between), then draws winTile (tsumo) or
// seat 0 discards it (ron); the win is not appended.
func ponGame(t *testing.T, dealt string, pons []pon, honba int, winTile string, tsumo bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(0, 1, honba, 0, 0, even, junk2, dealt, junk2, junk)
	turn := event.Seat(0)
	pass := func(to event.Seat) {
		for ; turn != to; turn = (turn + 1) % 4 {
			b.Draw(turn, "9m").Discard(turn, "9m")
		}
	}
	for _, p := range pons {
		pass(p.from)
		b.Draw(p.from, p.tile).Discard(p.from, p.tile).
			Meld(1, event.Call, event.MeldPon, p.from, p.tile[:1]+p.tile[:1]+p.tile, 0).Discard(1, p.discard)
		turn = 2
	}
	if tsumo {
		pass(1)
		return b.Draw(1, winTile)
	}
	pass(0)
	return b.Draw(0, winTile).Discard(0, winTile)
}

// The dragon pons: white from seat 0, green from seat 2, red from seat 3,
// which is liable.
var dragonPons = []pon{{"5z", 0, "9p"}, {"6z", 2, "1s"}, {"7z", 3, "9s"}}

// daisangen: seat 1 wins on 5p (a tanki) with the three dragons called,
// seat 3 liable.
func daisangen(t *testing.T, honba int, tsumo bool) *gamebuild.Builder {
	return ponGame(t, "234m59p19s556677z", dragonPons, honba, "5p", tsumo)
}

// daisuushii: seat 1 wins on 5p with the four winds called, the last from
// seat 3, which is liable.
func daisuushii(t *testing.T, tsumo bool) *gamebuild.Builder {
	return ponGame(t, "11223344z5p19m19s", []pon{{"1z", 0, "9m"}, {"2z", 2, "1m"}, {"3z", 3, "9s"}, {"4z", 3, "1s"}}, 0, "5p", tsumo)
}

// suukantsu: seat 1 makes three closed kans, then an open kan of seat 3's
// red dragon (seat 3 liable), and wins on 5p.
func suukantsu(t *testing.T, tsumo bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(0, 1, 0, 0, 0, even, junk2, "111m222p333s777z5p", junk2, junk).Turns("0:9m:9m")
	kan(b, 1, "1m", "1111m", "2p")
	b.Meld(1, event.ClosedKan, event.MeldClosedKan, 1, "2222p", -1).
		Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
		Add(event.Event{Type: event.Draw, Seat: 1, Tile: b.Tile("3s"), Flags: event.Replacement}).
		Meld(1, event.ClosedKan, event.MeldClosedKan, 1, "3333s", -1).
		Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")}).
		Add(event.Event{Type: event.Draw, Seat: 1, Tile: b.Tile("9s"), Flags: event.Replacement}).Discard(1, "9s").
		Turns("2:9m:9m").Draw(3, "7z").Discard(3, "7z").
		Meld(1, event.Call, event.MeldOpenKan, 3, "7777z", 0).
		Add(event.Event{Type: event.Draw, Seat: 1, Tile: b.Tile("9p"), Flags: event.Replacement}).Discard(1, "9p").
		Add(event.Event{Type: event.Dora, Seat: event.NoSeat, Tile: b.Tile("9m")})
	if tsumo {
		return b.Turns("2:9m:9m 3:9m:9m 0:9m:9m").Draw(1, "5p")
	}
	return b.Turns("2:9m:9m 3:9m:9m").Draw(0, "5p").Discard(0, "5p")
}

// checkPayments judges the game whose win records deltas under r, as the
// log's own rules (no finding, and the rules' deltas are the recorded
// ones), and the game recording other deltas (a win.payment finding).
func checkPayments(t *testing.T, name string, r *adjudicator.Rules, game func(deltas [4]int32) *gamebuild.Builder, deltas, other [4]int32) {
	t.Helper()
	rep := adjudicator.Judge(game(deltas).G, r, true)
	if got := deltasOf(rep.Hands[0]); got != deltas || len(rep.Findings) != 0 {
		t.Errorf("%s: deltas %v, findings %v; want %v, none", name, got, checkNames(rep.Findings), deltas)
	}
	if got := checkNames(adjudicator.Judge(game(other).G, r, true).Findings); !slices.Contains(got, "win.payment") {
		t.Errorf("%s, recorded %v: findings %v, want win.payment", name, other, got)
	}
}

// TestSettingPao: seat 1 wins a daisangen, a daisuushii or a suukantsu by
// tsumo; seat 3 fed its last set. Where win.pao lists the yakuman, seat 3
// pays it all; where it lists the others only, everyone pays.
func TestSettingPao(t *testing.T) {
	liable := [4]int32{0, 32000, 0, -32000}
	normal := [4]int32{-16000, 32000, -8000, -8000}
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
		game := func(deltas [4]int32) *gamebuild.Builder {
			b := win(tc.game(), 1, 1, "5p", recorded{32000, event.Yakuman, tc.fu, []event.Yaku{tc.yaku}, deltas})
			setLiable(b, 3)
			return b
		}
		with := variant(t, func(r *adjudicator.Rules) { r.Win.Pao = []string{tc.yakuman} })
		without := variant(t, func(r *adjudicator.Rules) { r.Win.Pao = tc.others })
		checkPayments(t, "pao "+tc.yakuman, with, game, liable, normal)
		checkPayments(t, fmt.Sprintf("pao %v, %s", tc.others, tc.yakuman), without, game, normal, liable)
	}
	none := variant(t, func(r *adjudicator.Rules) { r.Win.Pao = nil })
	checkPayments(t, "no pao, daisangen", none, func(deltas [4]int32) *gamebuild.Builder {
		b := win(daisangen(t, 0, true), 1, 1, "5p", recorded{32000, event.Yakuman, 40, []event.Yaku{yDaisangen}, deltas})
		setLiable(b, 3)
		return b
	}, normal, liable)
}

// TestSettingPaoScope: seat 1 wins daisangen and tsuuiisou (two yakuman)
// on 2z, seat 3 liable for the daisangen: the liable share covers the whole
// hand, or only the daisangen's half.
func TestSettingPaoScope(t *testing.T) {
	for _, tc := range []struct {
		scope       adjudicator.PaoScope
		ron, tsumo  [4]int32
		ron2, tsum2 [4]int32 // the other scope's
	}{
		{adjudicator.PaoWhole, [4]int32{-32000, 64000, 0, -32000}, [4]int32{0, 64000, 0, -64000},
			[4]int32{-48000, 64000, 0, -16000}, [4]int32{-16000, 64000, -8000, -40000}},
		{adjudicator.PaoShare, [4]int32{-48000, 64000, 0, -16000}, [4]int32{-16000, 64000, -8000, -40000},
			[4]int32{-32000, 64000, 0, -32000}, [4]int32{0, 64000, 0, -64000}},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.Win.PaoScope = tc.scope })
		for _, tsumo := range []bool{false, true} {
			game := func(deltas [4]int32) *gamebuild.Builder {
				from := event.Seat(0)
				if tsumo {
					from = 1
				}
				b := win(ponGame(t, "1112z9p19s556677z", dragonPons, 0, "2z", tsumo), 1, from, "2z",
					recorded{64000, event.Yakuman, 50, []event.Yaku{yDaisangen, yTsuuiisou}, deltas})
				setLiable(b, 3)
				return b
			}
			want, other := tc.ron, tc.ron2
			if tsumo {
				want, other = tc.tsumo, tc.tsum2
			}
			checkPayments(t, fmt.Sprintf("%s, tsumo %v", tc.scope, tsumo), r, game, want, other)
		}
	}
}

// TestSettingPaoHonba: seat 1 wins daisangen by ron from seat 0 at two
// honba, seat 3 liable: the honba are paid by the liable player or by the
// discarder.
func TestSettingPaoHonba(t *testing.T) {
	byLiable := [4]int32{-16000, 32600, 0, -16600}
	byDiscarder := [4]int32{-16600, 32600, 0, -16000}
	game := func(deltas [4]int32) *gamebuild.Builder {
		b := win(daisangen(t, 2, false), 1, 0, "5p", recorded{32000, event.Yakuman, 40, []event.Yaku{yDaisangen}, deltas})
		setLiable(b, 3)
		return b
	}
	checkPayments(t, "pao honba liable", variant(t, func(r *adjudicator.Rules) { r.Win.PaoHonba = adjudicator.PaoHonbaLiable }), game, byLiable, byDiscarder)
	checkPayments(t, "pao honba discarder", variant(t, func(r *adjudicator.Rules) { r.Win.PaoHonba = adjudicator.PaoHonbaDiscarder }), game, byDiscarder, byLiable)
}

// TestSettingDealerKeepsOnMultiRon: the dealer and seat 2 ron seat 1's
// 4p: the dealer keeps the seat (a honba added), or it passes.
func TestSettingDealerKeepsOnMultiRon(t *testing.T) {
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, waitsOn4p, junk, waitsOn4p, junk).
			Turns("0:9m:9m").Draw(1, "4p").Discard(1, "4p").
			Win(2, 1, "4p", 1, 30, [4]int32{0, -1000, 1000, 0}).
			Win(0, 1, "4p", 1, 30, [4]int32{1500, -1500, 0, 0})
	}
	for _, tc := range []struct {
		keeps bool
		want  string
	}{{true, "E1 dealer 0, honba 1"}, {false, "E2 dealer 1, honba 0"}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Win.DealerKeepsOnMultiRon = tc.keeps })
		if got := nextRound(t, game(), r); got != tc.want {
			t.Errorf("dealer keeps on multi ron %v: next %q, want %q", tc.keeps, got, tc.want)
		}
	}
}

// checkEnd judges, under r as the log's own rules, a game that ends after
// its hand and one that goes on: the one the rules call for has no finding,
// the other a game.end finding.
func checkEnd(t *testing.T, name string, r *adjudicator.Rules, game func(end bool) *gamebuild.Builder, ends bool) {
	t.Helper()
	for _, end := range []bool{true, false} {
		got := flowChecks(adjudicator.Judge(game(end).G, r, true))
		want := []string(nil)
		if end != ends {
			want = []string{"game.end"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s, the log ends %v: findings %v, want %v", name, end, got, want)
		}
	}
}

// wonThen: the hand wind/number (dealt by seat number−1), in which the
// seat across from the dealer wins 1000 from the dealer's right-hand
// neighbour (the next to play), then the game end or the next hand (the
// next wind's first, dealt by seat 0, after the fourth).
func wonThen(t *testing.T, wind, number int, scores [4]int32) func(end bool) *gamebuild.Builder {
	return func(end bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		dealer := event.Seat(number - 1)
		after := ron(b, wind, number, 0, 0, dealer, scores, (dealer+2)%4, (dealer+1)%4)
		if end {
			return b.End(after, [4]float64{})
		}
		if number == 4 {
			wind, number = wind+1, 0
		}
		return b.Round(wind, number+1, 0, 0, event.Seat(number), after, junk, junk2, junk2, junk)
	}
}

// TestSettingExtension: after the last hand (South 4) nobody has the goal;
// the game ends ("none") or goes on to West; after West 4 a sudden death
// ends and an indefinite extension goes on to North, which it does not
// pass.
func TestSettingExtension(t *testing.T) {
	low := [4]int32{24000, 24000, 26000, 26000}
	for _, tc := range []struct {
		ext                   adjudicator.Extension
		south4, west4, north4 bool // the game ends after them
	}{
		{adjudicator.ExtensionNone, true, true, true},
		{adjudicator.ExtensionSudden, false, true, true},
		{adjudicator.ExtensionIndefinite, false, false, true},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.End.Extension = tc.ext })
		checkEnd(t, string(tc.ext)+", South 4", r, wonThen(t, 1, 4, low), tc.south4)
		if tc.ext != adjudicator.ExtensionNone {
			checkEnd(t, string(tc.ext)+", West 4", r, wonThen(t, 2, 4, low), tc.west4)
			checkEnd(t, string(tc.ext)+", North 4", r, wonThen(t, 3, 4, low), tc.north4)
			// A dealer's win in North 1 (past a sudden death's wind) ends
			// a sudden death; an indefinite extension goes on.
			checkEnd(t, string(tc.ext)+", the dealer wins North 1", r, func(end bool) *gamebuild.Builder {
				b := gamebuild.New(t, 4)
				after := ron(b, 3, 1, 0, 0, 0, low, 0, 1)
				if end {
					return b.End(after, [4]float64{})
				}
				return b.Round(3, 1, 1, 0, 0, after, junk, junk2, junk2, junk)
			}, tc.ext == adjudicator.ExtensionSudden)
		}
	}
}

// TestSettingGoal: after South 4 seat 0 has 30000 (a goal of 30000 ends
// the game, one of 35000 does not); in West 1 seat 2 reaches 30000, or
// 29000 (the extension ends at the goal). A goal of 0 is no goal: the rules
// must then neither extend the game nor make yame depend on a goal.
func TestSettingGoal(t *testing.T) {
	for _, tc := range []struct {
		goal                 int32
		south4, west1, west2 bool
	}{
		{30000, true, true, false},
		{35000, false, false, false},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.End.Goal = tc.goal })
		checkEnd(t, fmt.Sprintf("goal %d, South 4", tc.goal), r, wonThen(t, 1, 4, [4]int32{31000, 22000, 24000, 23000}), tc.south4)
		checkEnd(t, fmt.Sprintf("goal %d, West 1", tc.goal), r, wonThen(t, 2, 1, [4]int32{25000, 25000, 29000, 21000}), tc.west1)
		checkEnd(t, fmt.Sprintf("goal %d, West 1 below the goal", tc.goal), r, wonThen(t, 2, 1, [4]int32{25000, 25000, 28000, 22000}), tc.west2)
	}
	noGoal := func(set func(r *adjudicator.Rules)) error {
		r := preset(t, "tenhou")
		r.End.Goal, r.End.Extension, r.End.YameNeedsGoal = 0, adjudicator.ExtensionNone, false
		set(r)
		return r.Validate()
	}
	if err := noGoal(func(r *adjudicator.Rules) {}); err != nil {
		t.Errorf("goal 0 without an extension or yame needing it: %v", err)
	}
	for name, set := range map[string]func(r *adjudicator.Rules){
		"sudden_death":    func(r *adjudicator.Rules) { r.End.Extension = adjudicator.ExtensionSudden },
		"indefinite":      func(r *adjudicator.Rules) { r.End.Extension = adjudicator.ExtensionIndefinite },
		"yame_needs_goal": func(r *adjudicator.Rules) { r.End.YameNeedsGoal = true },
	} {
		if err := noGoal(set); err == nil {
			t.Errorf("goal 0 with %s: no error", name)
		}
	}
	// Without a goal the game ends after South 4 whatever the scores, and
	// the dealer's agari-yame in first place ends it with any score.
	r := variant(t, func(r *adjudicator.Rules) {
		r.End.Goal, r.End.Extension, r.End.YameNeedsGoal = 0, adjudicator.ExtensionNone, false
	})
	checkEnd(t, "goal 0, South 4", r, wonThen(t, 1, 4, [4]int32{24000, 24000, 26000, 26000}), true)
	checkEnd(t, "goal 0, agari-yame at 26500", r, func(end bool) *gamebuild.Builder { return allLast(t, [4]int32{24000, 24000, 25000, 25000}, end) }, true)
}

// TestSettingDrawEndsExtension: in West 1 seat 2 reaches the goal through
// noten payments, the dealer noten: the draw ends the game or not. A win
// that reaches it ends the game either way.
func TestSettingDrawEndsExtension(t *testing.T) {
	drawn := func(end bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(2, 1, 0, 0, 0, [4]int32{25000, 25000, 28000, 22000}, junk, junk2, waitsOn4p, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, 3000, -1000})
		after := [4]int32{24000, 24000, 31000, 21000}
		if end {
			return b.End(after, [4]float64{})
		}
		return b.Round(2, 2, 1, 0, 1, after, junk, junk2, junk2, junk)
	}
	for _, ends := range []bool{true, false} {
		r := variant(t, func(r *adjudicator.Rules) { r.End.DrawEndsExtension = ends })
		checkEnd(t, fmt.Sprintf("draw ends extension %v, draw", ends), r, drawn, ends)
		checkEnd(t, fmt.Sprintf("draw ends extension %v, win", ends), r, wonThen(t, 2, 1, [4]int32{25000, 25000, 29000, 21000}), true)
	}
}

// TestSettingTobi: in East 1 the dealer deals 1000 into seat 1, falling
// to 0 or to -500.
func TestSettingTobi(t *testing.T) {
	game := func(scores [4]int32) func(end bool) *gamebuild.Builder {
		return func(end bool) *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			after := ron(b, 0, 1, 0, 0, 0, scores, 1, 0)
			if end {
				return b.End(after, [4]float64{})
			}
			return b.Round(0, 2, 0, 0, 1, after, junk, junk2, junk2, junk)
		}
	}
	zero, below := game([4]int32{1000, 33000, 33000, 33000}), game([4]int32{500, 33000, 33000, 33500})
	for _, tc := range []struct {
		tobi        adjudicator.Tobi
		zero, below bool // the game ends
	}{
		{adjudicator.TobiNone, false, false},
		{adjudicator.TobiBelowZero, false, true},
		{adjudicator.TobiZero, true, true},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.End.Tobi = tc.tobi })
		checkEnd(t, string(tc.tobi)+", at 0", r, zero, tc.zero)
		checkEnd(t, string(tc.tobi)+", at -500", r, below, tc.below)
	}
}

// TestSettingAgariTenpaiYame: the dealer of South 4 wins (or is alone
// tenpai at the draw) and is first with more than the goal: the game ends
// where agari-yame (tenpai-yame) is on, and goes on where it is off.
func TestSettingAgariTenpaiYame(t *testing.T) {
	scores := [4]int32{20000, 20000, 30000, 30000}
	tenpai := func(end bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(1, 4, 0, 0, 3, scores, junk, junk2, junk2, waitsOn4p).Exhaust(3, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{-1000, -1000, -1000, 3000})
		after := [4]int32{19000, 19000, 29000, 33000}
		if end {
			return b.End(after, [4]float64{})
		}
		return b.Round(1, 4, 1, 0, 3, after, junk, junk2, junk2, waitsOn4p)
	}
	won := func(end bool) *gamebuild.Builder { return allLast(t, scores, end) }
	for _, on := range []bool{true, false} {
		agari := variant(t, func(r *adjudicator.Rules) { r.End.AgariYame = on })
		checkEnd(t, fmt.Sprintf("agari-yame %v", on), agari, won, on)
		// Agari-yame does not end a hand the dealer is tenpai in, nor
		// tenpai-yame one it wins.
		checkEnd(t, fmt.Sprintf("agari-yame %v, tenpai-yame off, tenpai", on), variant(t, func(r *adjudicator.Rules) {
			r.End.AgariYame, r.End.TenpaiYame = on, false
		}), tenpai, false)
		tenpaiYame := variant(t, func(r *adjudicator.Rules) { r.End.TenpaiYame = on })
		checkEnd(t, fmt.Sprintf("tenpai-yame %v", on), tenpaiYame, tenpai, on)
		checkEnd(t, fmt.Sprintf("tenpai-yame %v, agari-yame off, win", on), variant(t, func(r *adjudicator.Rules) {
			r.End.AgariYame, r.End.TenpaiYame = false, on
		}), won, false)
	}
}

// TestSettingYameNeedsGoal: the dealer of South 4 wins and is first with
// 29500, below the goal: agari-yame ends the game only where it does not
// need the goal.
func TestSettingYameNeedsGoal(t *testing.T) {
	won := func(end bool) *gamebuild.Builder { return allLast(t, [4]int32{24000, 24000, 24000, 28000}, end) }
	for _, needs := range []bool{true, false} {
		r := variant(t, func(r *adjudicator.Rules) { r.End.YameNeedsGoal = needs })
		checkEnd(t, fmt.Sprintf("yame needs goal %v", needs), r, won, !needs)
	}
}

// TestSettingLeftoverSticks: the game ends after South 4 with two riichi
// sticks on the table and seats 0 and 1 tied first: they go to first place
// (seat 0, the nearer the first dealer), are lost, or are split between the
// tied first places.
func TestSettingLeftoverSticks(t *testing.T) {
	scores := [4]int32{35000, 35000, 15000, 13000}
	finals := map[adjudicator.LeftoverSticks][4]int32{
		adjudicator.SticksFirst:      {37000, 35000, 15000, 13000},
		adjudicator.SticksLost:       {35000, 35000, 15000, 13000},
		adjudicator.SticksFirstSplit: {36000, 36000, 15000, 13000},
	}
	for sticks, want := range finals {
		r := variant(t, func(r *adjudicator.Rules) { r.End.LeftoverSticks = sticks; r.End.Uma = nil })
		for recorded, final := range finals {
			rep := adjudicator.Judge(drawnLast(t, false, scores, 2, final, [4]float64{}).G, r, true)
			if !rep.FinalKnown || rep.Final != want {
				t.Errorf("%s: final scores %v (known %v), want %v", sticks, rep.Final, rep.FinalKnown, want)
			}
			if got := slices.Contains(checkNames(rep.Findings), "game.final_scores"); got != (recorded != sticks) {
				t.Errorf("%s, recorded as %s: game.final_scores finding %v", sticks, recorded, got)
			}
		}
	}
}

// checkPoints: the final points of game are want under r (the log's own
// rules): recorded as want, no finding; recorded as 0, a finding that
// expects want.
func checkPoints(t *testing.T, name string, r *adjudicator.Rules, game func(points [4]float64) *gamebuild.Builder, want [4]float64) {
	t.Helper()
	if got := finalPoints(t, game([4]float64{}), r); got != want {
		t.Errorf("%s: final points %v, want %v", name, got, want)
	}
	if _, ok := findingOf(adjudicator.Judge(game(want).G, r, true), "game.final_points"); ok {
		t.Errorf("%s: final points recorded as %v are a finding", name, want)
	}
}

// TestSettingUma: the final scores 40000, 30000, 20000, 10000 in a hanchan
// and in an East-only game, under uma with and without uma_east; without
// uma the final points are not judged.
func TestSettingUma(t *testing.T) {
	scores := [4]int32{40000, 30000, 20000, 10000}
	game := func(eastOnly bool) func(points [4]float64) *gamebuild.Builder {
		return func(points [4]float64) *gamebuild.Builder { return drawnLast(t, eastOnly, scores, 0, scores, points) }
	}
	for _, tc := range []struct {
		uma, umaEast      []float64
		hanchan, eastOnly [4]float64
	}{
		{[]float64{20, 10, -10, -20}, nil, [4]float64{50, 10, -20, -40}, [4]float64{50, 10, -20, -40}},
		{[]float64{30, 10, -10, -30}, nil, [4]float64{60, 10, -20, -50}, [4]float64{60, 10, -20, -50}},
		{[]float64{20, 10, -10, -20}, []float64{10, 5, -5, -10}, [4]float64{50, 10, -20, -40}, [4]float64{40, 5, -15, -30}},
	} {
		r := variant(t, func(r *adjudicator.Rules) {
			r.End.Uma, r.End.UmaEast, r.End.Rounding = tc.uma, tc.umaEast, adjudicator.RoundingNone
		})
		name := fmt.Sprintf("uma %v, uma_east %v", tc.uma, tc.umaEast)
		checkPoints(t, name+", hanchan", r, game(false), tc.hanchan)
		checkPoints(t, name+", East only", r, game(true), tc.eastOnly)
	}
	r := variant(t, func(r *adjudicator.Rules) { r.End.Uma, r.End.UmaEast = nil, nil })
	for _, eastOnly := range []bool{false, true} {
		if got := flowChecks(adjudicator.Judge(game(eastOnly)([4]float64{1, 2, 3, 4}).G, r, true)); len(got) != 0 {
			t.Errorf("no uma, East only %v: findings %v", eastOnly, got)
		}
		if _, ok := findingOf(adjudicator.Judge(game(eastOnly)([4]float64{1, 2, 3, 4}).G, r, true), "game.final_points"); ok {
			t.Errorf("no uma, East only %v: the final points are judged", eastOnly)
		}
	}
}

// TestSettingTies: seats 0 and 1 end tied first with 30000: seat 0 is
// first ("seat_order"), or they share the uma and oka of first and second
// ("split").
func TestSettingTies(t *testing.T) {
	scores := [4]int32{30000, 30000, 25000, 15000}
	game := func(points [4]float64) *gamebuild.Builder { return drawnLast(t, false, scores, 0, scores, points) }
	for _, tc := range []struct {
		ties adjudicator.Ties
		want [4]float64
	}{
		{adjudicator.TiesSeatOrder, [4]float64{40, 10, -15, -35}},
		{adjudicator.TiesSplit, [4]float64{25, 25, -15, -35}},
	} {
		r := variant(t, func(r *adjudicator.Rules) { r.End.Ties, r.End.Rounding = tc.ties, adjudicator.RoundingNone })
		checkPoints(t, string(tc.ties), r, game, tc.want)
	}
}

// TestSettingRounding: the final scores 40600, 30400, 19500, 9500 give
// the points as they are ("none"), rounded to 1000 with first place taking
// minus the others' sum ("thousand"), or either ("tenhou").
func TestSettingRounding(t *testing.T) {
	scores := [4]int32{40600, 30400, 19500, 9500}
	game := func(points [4]float64) *gamebuild.Builder { return drawnLast(t, false, scores, 0, scores, points) }
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
		r := variant(t, func(r *adjudicator.Rules) { r.End.Rounding = tc.rounding })
		if got := finalPoints(t, game([4]float64{}), r); got != tc.want {
			t.Errorf("%s: final points %v, want %v", tc.rounding, got, tc.want)
		}
		for _, rec := range [][4]float64{exact, rounded} {
			_, finding := findingOf(adjudicator.Judge(game(rec).G, r, true), "game.final_points")
			if finding == slices.Contains(tc.accepts, rec) {
				t.Errorf("%s, recorded %v: game.final_points finding %v", tc.rounding, rec, finding)
			}
		}
	}
}

// riichiFindings counts the legality.riichi findings of the game under r.
func riichiFindings(b *gamebuild.Builder, r *adjudicator.Rules) int {
	n := 0
	for _, c := range checkNames(adjudicator.Judge(b.G, r, true).Findings) {
		if c == "legality.riichi" {
			n++
		}
	}
	return n
}

// TestSettingRiichiMinScore: seat 1 declares riichi with 900 points, or
// with 1000.
func TestSettingRiichiMinScore(t *testing.T) {
	game := func(score int32) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, [4]int32{25000, score, 25000, 25000}, junk, waitsOn4p, junk2, junk).
			Turns("0:9m:9m").Riichi(1, "9m", "9m").Exhaust(2, 2, 4).Ryuukyoku(event.Exhaustive, [4]int32{-1000, 3000, -1000, -1000})
	}
	for _, tc := range []struct {
		min           int32
		at900, at1000 int
	}{{1000, 1, 0}, {0, 0, 0}, {1001, 1, 1}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Riichi.MinScore = tc.min })
		if n := riichiFindings(game(900), r); n != tc.at900 {
			t.Errorf("min score %d, riichi at 900: %d legality.riichi findings, want %d", tc.min, n, tc.at900)
		}
		if n := riichiFindings(game(1000), r); n != tc.at1000 {
			t.Errorf("min score %d, riichi at 1000: %d legality.riichi findings, want %d", tc.min, n, tc.at1000)
		}
	}
}

// TestSettingRiichiMinWall: seat 2 declares riichi with 4, or 3, tiles
// left in the live wall.
func TestSettingRiichiMinWall(t *testing.T) {
	game := func(left int) *gamebuild.Builder {
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
	}
	for _, tc := range []struct {
		min          int
		left4, left3 int
	}{{4, 0, 1}, {3, 0, 0}, {5, 1, 1}} {
		r := variant(t, func(r *adjudicator.Rules) { r.Riichi.MinWall = tc.min })
		if n := riichiFindings(game(4), r); n != tc.left4 {
			t.Errorf("min wall %d, riichi with 4 left: %d legality.riichi findings, want %d", tc.min, n, tc.left4)
		}
		if n := riichiFindings(game(3), r); n != tc.left3 {
			t.Errorf("min wall %d, riichi with 3 left: %d legality.riichi findings, want %d", tc.min, n, tc.left3)
		}
	}
}

// TestSettingAbortives: for nine terminals, four winds, four riichi and
// triple ron (four kans: TestSettingFourKans), a log that takes the
// abortive draw is judged as that draw where the rules have it and is
// divergent where they do not; a log that plays on past four winds or four
// riichi is a finding (or divergent) where the rules have the draw, and
// fine where they do not.
func TestSettingAbortives(t *testing.T) {
	fourWinds := func(aborted bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk).Turns("0:9m:1z 1:9m:1z 2:9m:1z 3:9m:1z")
		if aborted {
			return b.Ryuukyoku(event.FourWinds, [4]int32{})
		}
		return b.Exhaust(0, 4, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	fourRiichi := func(aborted bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, waitsOn4p, waitsOn4p, waitsOn4p, waitsOn4p).
			Riichi(0, "9m", "9m").Riichi(1, "9m", "9m").Riichi(2, "9m", "9m").Riichi(3, "9m", "9m")
		if aborted {
			return b.Ryuukyoku(event.FourRiichi, [4]int32{})
		}
		return b.Exhaust(0, 4, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	nineTerminals := func(bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk2).Draw(0, "9s").Ryuukyoku(event.NineTerminals, [4]int32{})
	}
	tripleRonDraw := func(bool) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, waitsOn4p).
			Draw(0, "4p").Discard(0, "4p").Ryuukyoku(event.TripleRon, [4]int32{})
	}
	for _, tc := range []struct {
		name    string
		set     func(r *adjudicator.Rules, on bool)
		game    func(aborted bool) *gamebuild.Builder
		kind    adjudicator.Divergence
		outcome adjudicator.Outcome
		finding string // a log that plays on past it, or ""
	}{
		{"nine_terminals", func(r *adjudicator.Rules, on bool) { r.Abort.NineTerminals = on }, nineTerminals,
			adjudicator.DivergeNineTerminals, adjudicator.NineTerminalsOutcome, ""},
		{"four_winds", func(r *adjudicator.Rules, on bool) { r.Abort.FourWinds = on }, fourWinds,
			adjudicator.DivergeFourWinds, adjudicator.FourWindsOutcome, "draw.four_winds"},
		{"four_riichi", func(r *adjudicator.Rules, on bool) { r.Abort.FourRiichi = on }, fourRiichi,
			adjudicator.DivergeFourRiichi, adjudicator.FourRiichiOutcome, "draw.four_riichi"},
		{"triple_ron", func(r *adjudicator.Rules, on bool) {
			r.Abort.TripleRon = on
			if !on {
				r.Win.MultipleRon = adjudicator.MultiRonAll
			}
		}, tripleRonDraw, adjudicator.DivergeTripleRon, adjudicator.TripleRonOutcome, ""},
	} {
		for _, on := range []bool{true, false} {
			name := fmt.Sprintf("%s %v", tc.name, on)
			r := variant(t, func(r *adjudicator.Rules) { tc.set(r, on) })
			rep := adjudicator.Judge(tc.game(true).G, r, false)
			if on && (rep.DivergentFrom >= 0 || rep.Hands[0].Outcome != tc.outcome || len(rep.Findings) != 0) {
				t.Errorf("%s, aborted: divergent from %d (%s), outcome %v, findings %v", name, rep.DivergentFrom, rep.DivergentKind, rep.Hands[0].Outcome, checkNames(rep.Findings))
			}
			if !on && (rep.DivergentFrom != 0 || rep.DivergentKind != tc.kind) {
				t.Errorf("%s, aborted: divergent from %d (%s), want %s from 0", name, rep.DivergentFrom, rep.DivergentKind, tc.kind)
			}
			if tc.finding == "" {
				continue
			}
			got := checkNames(adjudicator.Judge(tc.game(false).G, r, true).Findings)
			if want := []string(nil); on && !slices.Equal(got, []string{tc.finding}) || !on && !slices.Equal(got, want) {
				t.Errorf("%s, played on: findings %v", name, got)
			}
			if rep := adjudicator.Judge(tc.game(false).G, r, false); (rep.DivergentKind == tc.kind) != on {
				t.Errorf("%s, played on, foreign: divergent %q", name, rep.DivergentKind)
			}
		}
	}
	// A triple ron paid by the log: paid where the rules have no
	// triple-ron draw, aborted where they have one.
	for _, on := range []bool{true, false} {
		r := variant(t, func(r *adjudicator.Rules) {
			r.Abort.TripleRon, r.Win.MultipleRon = on, adjudicator.MultiRonAll
			if on {
				r.Win.MultipleRon = adjudicator.MultiRonDouble
			}
		})
		want := adjudicator.WinOutcome
		if on {
			want = adjudicator.TripleRonOutcome
		}
		if h := adjudicator.Judge(tripleRon(t).G, r, false).Hands[0]; h.Outcome != want {
			t.Errorf("triple_ron %v, three rons paid by the log: outcome %v, want %v", on, h.Outcome, want)
		}
	}
}
