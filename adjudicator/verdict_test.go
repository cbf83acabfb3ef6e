package adjudicator

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/gamebuild"
	"github.com/haifu/haifu/replay"
)

// Hands of the verdict tests: tenpaiHand waits on 1p and 4p; junk and
// junk2 are far from tenpai.
const (
	tenpaiHand = "123456m789s23p55s"
	junkHand   = "159m159p159s1357z"
	junk2Hand  = "2468m2468p2468s1z"
)

var evenScores = [4]int32{25000, 25000, 25000, 25000}

// verdicts replays g and returns the rules' verdict on each of its hand
// ends, following f (the decision alone, nothing compared).
func verdicts(t *testing.T, g *event.Game, r *Rules, f follow) []handVerdict {
	t.Helper()
	var d decider
	var rp replay.Replayer
	opt := r.ReplayOptions(&g.Meta, f == followRecord)
	rp.Options = opt
	rp.Start(g)
	d.startGame(g, r, f, opt)
	var out []handVerdict
	var wins []WinResult
	decide := func(st *replay.State) {
		var v handVerdict
		d.decideHand(st, &v, &wins)
		out = append(out, v)
	}
	for i := range g.Events {
		if st := rp.Apply(i); st != nil {
			decide(st)
		}
		switch e := &g.Events[i]; e.Type {
		case event.RoundStart:
			d.watchStart()
		case event.Discard, event.RiichiAccepted, event.ClosedKan, event.AddedKan, event.Call:
			d.watchEvent(i, e, rp.State())
		}
	}
	if st := rp.Finish(); st != nil {
		decide(st)
	}
	return out
}

// verdictView is what the table below states of a verdict.
type verdictView struct {
	Outcome                    Outcome
	Deltas                     [4]int32
	DeltasKnown                bool
	Tenpai                     [4]bool
	NotenPayment               [4]int32
	TenpaiCount                int
	Chombo                     [4]bool
	DealerKeeps, HonbaUp       bool
	HonbaKeep, SticksTaken     bool
	Divergence                 Divergence
	Faults                     []check.Check
	NotenRiichi, Nagashi       uint8
	AbortMissed                Divergence
	Settled                    int // wins settled
	Won, DealtIn               [4]bool
	WinValues                  []int32
	PaymentCheck               check.Check
	DivergenceReasonIsNotEmpty bool
}

func viewOf(v *handVerdict) verdictView {
	w := verdictView{Outcome: v.outcome, Deltas: v.deltas, DeltasKnown: v.deltasKnown, TenpaiCount: v.tenpaiCount,
		DealerKeeps: v.dealerKeeps, HonbaUp: v.honbaUp, HonbaKeep: v.honbaKeep, SticksTaken: v.sticksTaken,
		Divergence: v.divergence, NotenRiichi: v.notenRiichi, Nagashi: v.nagashi, Settled: len(v.wins),
		PaymentCheck: v.payCheck, DivergenceReasonIsNotEmpty: v.reason != ""}
	if v.abortMissed.at >= 0 {
		w.AbortMissed = v.abortMissed.kind
	}
	for s := range 4 {
		sv := &v.seats[s]
		w.Tenpai[s], w.NotenPayment[s], w.Chombo[s], w.Won[s], w.DealtIn[s] = sv.tenpai, sv.notenPayment, sv.chombo, sv.won, sv.dealtIn
	}
	for _, f := range v.faults[:v.nFaults] {
		w.Faults = append(w.Faults, f.check)
	}
	for _, wv := range v.wins {
		w.WinValues = append(w.WinValues, wv.value.base)
	}
	return w
}

// rulesVariant returns the preset name changed by set.
func rulesVariant(t *testing.T, name string, set func(*Rules)) *Rules {
	t.Helper()
	r, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	if set != nil {
		r.Name = "variant-" + name
		set(r)
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// TestHandVerdicts works out the rules' verdict on the first hand end of
// games built for it, under several rule sets, without the log's record
// of the outcome (the recorded score changes are all 0) playing a part.
func TestHandVerdicts(t *testing.T) {
	// Seat 1 is tenpai when the wall runs out; the dealer (0) is not.
	oneTenpai := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, evenScores, junkHand, tenpaiHand, junk2Hand, junkHand).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	// The dealer is tenpai; the others are not. One honba, one stick.
	dealerTenpai := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(1, 2, 1, 1, 1, evenScores, junkHand, tenpaiHand, junk2Hand, junkHand).Exhaust(1, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	// Seat 1 riichis on a noten hand; the wall runs out.
	notenRiichi := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, evenScores, junkHand, junk2Hand, junk2Hand, junkHand).Draw(0, "5m").Discard(0, "5m").
			Riichi(1, "5m", "5m").Exhaust(2, 2, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	// Seat 0 declares nine terminals at once, with a hand that has them.
	nineTerminals := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, evenScores, "19m19p19s1234567z", junk2Hand, junk2Hand, junkHand).Draw(0, "5m").
			Ryuukyoku(event.NineTerminals, [4]int32{})
	}
	// The same declared on a hand without nine kinds.
	falseNineTerminals := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, evenScores, junk2Hand, junk2Hand, junk2Hand, junkHand).Draw(0, "5m").
			Ryuukyoku(event.NineTerminals, [4]int32{})
	}
	// Seat 0 deals 4p into three hands that win on it (1 han 30 fu each).
	tripleRon := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, evenScores, junkHand, tenpaiHand, tenpaiHand, tenpaiHand).
			Draw(0, "4p").Discard(0, "4p").
			Win(1, 0, "4p", 1, 30, [4]int32{}).Win(2, 0, "4p", 1, 30, [4]int32{}).Win(3, 0, "4p", 1, 30, [4]int32{})
	}
	// Seat 2 rons seat 0's 4p (1 han 30 fu) with two honba and a stick.
	ron := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 2, 1, 0, evenScores, junkHand, junk2Hand, tenpaiHand, junkHand).
			Draw(0, "4p").Discard(0, "4p").Win(2, 0, "4p", 1, 30, [4]int32{})
	}
	// The four first discards are East; play goes on to the wall's end.
	fourWinds := func(t *testing.T) *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, evenScores, junkHand, junk2Hand, junk2Hand, junkHand)
		for s := range event.Seat(4) {
			b.Draw(s, "5m").Discard(s, "1z")
		}
		return b.Exhaust(0, 4, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
	}
	noPool := func(r *Rules) { r.Draw.NotenPool = 0 }
	chombo := func(r *Rules) { r.Draw.NotenRiichi = NotenRiichiChombo; r.Chombo.Payment = ChomboMangan }
	headBump := func(r *Rules) { r.Win.MultipleRon = MultiRonHeadBump }
	for _, tc := range []struct {
		name   string
		game   func(*testing.T) *gamebuild.Builder
		preset string
		set    func(*Rules)
		follow follow
		want   verdictView
	}{
		{"one tenpai: noten payments, the seat passes", oneTenpai, "tenhou", nil, followRecord, verdictView{
			Outcome: ExhaustiveOutcome, Deltas: [4]int32{-1000, 3000, -1000, -1000}, DeltasKnown: true, TenpaiCount: 1,
			Tenpai: [4]bool{false, true}, NotenPayment: [4]int32{-1000, 3000, -1000, -1000}, HonbaUp: true, PaymentCheck: check.DrawPayment}},
		{"one tenpai, no noten pool", oneTenpai, "tenhou", noPool, followRules, verdictView{
			Outcome: ExhaustiveOutcome, DeltasKnown: true, TenpaiCount: 1, Tenpai: [4]bool{false, true}, HonbaUp: true, PaymentCheck: check.DrawPayment}},
		{"a tenpai dealer keeps the seat; the stick stays", dealerTenpai, "wrc", nil, followRules, verdictView{
			Outcome: ExhaustiveOutcome, Deltas: [4]int32{-1000, 3000, -1000, -1000}, DeltasKnown: true, TenpaiCount: 1,
			Tenpai: [4]bool{false, true}, NotenPayment: [4]int32{-1000, 3000, -1000, -1000}, DealerKeeps: true, HonbaUp: true, PaymentCheck: check.DrawPayment}},
		{"a noten riichi the client forbids, which the replay saw (legality.riichi), is not the draw's", notenRiichi, "tenhou", nil, followRecord, verdictView{
			Outcome: ExhaustiveOutcome, DeltasKnown: true, TenpaiCount: 0, HonbaUp: true, PaymentCheck: check.DrawPayment}},
		{"a noten riichi is a chombo: a mangan to the others", notenRiichi, "tenhou", chombo, followRules, verdictView{
			Outcome: ChomboOutcome, Deltas: [4]int32{4000, -8000, 2000, 2000}, DeltasKnown: true, TenpaiCount: 0, Chombo: [4]bool{false, true},
			DealerKeeps: true, HonbaKeep: true, PaymentCheck: check.DrawChombo}},
		{"nine terminals under tenhou", nineTerminals, "tenhou", nil, followRecord, verdictView{
			Outcome: NineTerminalsOutcome, DeltasKnown: true, TenpaiCount: -1, DealerKeeps: true, HonbaUp: true, PaymentCheck: check.DrawPayment}},
		{"nine terminals without them: a fault", falseNineTerminals, "tenhou", nil, followRecord, verdictView{
			Outcome: NineTerminalsOutcome, DeltasKnown: true, TenpaiCount: -1, DealerKeeps: true, HonbaUp: true, PaymentCheck: check.DrawPayment,
			Faults: []check.Check{check.DrawNineTerminals}}},
		{"nine terminals under wrc: the hand would go on", nineTerminals, "wrc", nil, followRules, verdictView{
			Outcome: NineTerminalsOutcome, TenpaiCount: -1, DealerKeeps: true, HonbaUp: true, PaymentCheck: check.DrawPayment,
			Divergence: DivergeNineTerminals, DivergenceReasonIsNotEmpty: true}},
		{"four winds played on where they abort", fourWinds, "tenhou", nil, followRecord, verdictView{
			Outcome: ExhaustiveOutcome, DeltasKnown: true, TenpaiCount: 0, HonbaUp: true, PaymentCheck: check.DrawPayment, AbortMissed: DivergeFourWinds}},
		{"four winds played on where they do not abort", fourWinds, "wrc", nil, followRules, verdictView{
			Outcome: ExhaustiveOutcome, DeltasKnown: true, TenpaiCount: 0, HonbaUp: true, PaymentCheck: check.DrawPayment}},
		{"a triple ron where it aborts", tripleRon, "tenhou", nil, followRules, verdictView{
			Outcome: TripleRonOutcome, DeltasKnown: true, TenpaiCount: -1, DealerKeeps: true, HonbaUp: true, PaymentCheck: check.WinPayment}},
		{"a triple ron paid", tripleRon, "majsoul", nil, followRules, verdictView{
			Outcome: WinOutcome, Deltas: [4]int32{-3000, 1000, 1000, 1000}, DeltasKnown: true, TenpaiCount: -1, SticksTaken: true,
			Settled: 3, Won: [4]bool{false, true, true, true}, DealtIn: [4]bool{true}, WinValues: []int32{240, 240, 240}, PaymentCheck: check.WinPayment}},
		{"a triple ron with a head bump", tripleRon, "tenhou", headBump, followRules, verdictView{
			Outcome: WinOutcome, Deltas: [4]int32{-1000, 1000, 0, 0}, DeltasKnown: true, TenpaiCount: -1, SticksTaken: true,
			Settled: 1, Won: [4]bool{false, true}, DealtIn: [4]bool{true}, WinValues: []int32{240}, PaymentCheck: check.WinPayment}},
		{"a ron with honba and a stick", ron, "tenhou", nil, followRecord, verdictView{
			Outcome: WinOutcome, Deltas: [4]int32{-1600, 0, 2600, 0}, DeltasKnown: true, TenpaiCount: -1, SticksTaken: true,
			Settled: 1, Won: [4]bool{false, false, true}, DealtIn: [4]bool{true}, WinValues: []int32{240}, PaymentCheck: check.WinPayment}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesVariant(t, tc.preset, tc.set)
			vs := verdicts(t, tc.game(t).G, r, tc.follow)
			if len(vs) == 0 {
				t.Fatal("no hand end")
			}
			if d := cmp.Diff(tc.want, viewOf(&vs[0])); d != "" {
				t.Errorf("verdict (-want +got):\n%s", d)
			}
		})
	}
}

// TestCourseVerdicts works out what the rules say follows the last hand of
// games built for it: the next hand, or the end of the game.
func TestCourseVerdicts(t *testing.T) {
	type next struct {
		End                 bool
		Wind, Number, Honba int
		Dealer              event.Seat
		Sticks              int
		Scores              [4]int32
		EndReasonIsNotEmpty bool
	}
	game := func(wind, number, honba, sticks int, dealer event.Seat, scores [4]int32, hands ...string) func(*testing.T) *event.Game {
		return func(t *testing.T) *event.Game {
			b := gamebuild.New(t, 4)
			b.Round(wind, number, honba, sticks, dealer, scores, hands...).Exhaust(dealer, 0, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
			b.G.Meta.Length = event.EastSouth
			return b.G
		}
	}
	for _, tc := range []struct {
		name   string
		game   func(*testing.T) *event.Game
		preset string
		want   next
	}{
		{"a noten dealer passes the seat", game(0, 1, 0, 0, 0, evenScores, junkHand, tenpaiHand, junk2Hand, junkHand), "wrc",
			next{Wind: 0, Number: 2, Honba: 1, Dealer: 1, Scores: [4]int32{24000, 28000, 24000, 24000}}},
		{"a tenpai dealer keeps it, with the sticks", game(1, 2, 1, 1, 1, [4]int32{25000, 24000, 25000, 25000}, junkHand, tenpaiHand, junk2Hand, junkHand), "wrc",
			next{Wind: 1, Number: 2, Honba: 2, Dealer: 1, Sticks: 1, Scores: [4]int32{24000, 27000, 24000, 24000}}},
		{"the last hand ends the game without an extension", game(1, 4, 0, 0, 3, evenScores, junkHand, tenpaiHand, junk2Hand, junkHand), "wrc",
			next{End: true, Wind: 2, Number: 1, Honba: 1, Dealer: 0, Scores: [4]int32{24000, 28000, 24000, 24000}, EndReasonIsNotEmpty: true}},
		{"a score below 0 ends it under tobi", game(0, 1, 0, 0, 0, [4]int32{500, 30000, 35000, 34500}, junkHand, tenpaiHand, junk2Hand, junkHand), "tenhou",
			next{End: true, Wind: 0, Number: 2, Honba: 1, Dealer: 1, Scores: [4]int32{-500, 33000, 34000, 33500}, EndReasonIsNotEmpty: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var jr Judger
			jr.Judge(tc.game(t), rulesVariant(t, tc.preset, nil), false)
			d := &jr.judges[0].d
			if !d.haveNext {
				t.Fatal("no verdict on what follows")
			}
			x := d.next
			got := next{End: x.end, Wind: x.wind, Number: x.number, Honba: x.honba, Dealer: x.dealer, Sticks: x.sticks, Scores: x.scores, EndReasonIsNotEmpty: x.endReason != ""}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("what follows (-want +got):\n%s", d)
			}
		})
	}
}
