package adjudicator_test

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rulegen"
)

// gameHand is one hand of a scenario game: where it is, and how it ends:
// a ron (winner, from and the winning hand: "mangan", 123456789p333z1z,
// honitsu and ittsu, 5 han; "tanyao", 234567p345s678s8p, 1 han 40 fu;
// "suuankou", 111p222p333s444s5z, suuankou tanki; "sanbaiman",
// 234p234p567p67p88p on 5p, 11 han), or (winner < 0) an exhaustive draw at
// which the seats tenpai are tenpai (riichi: a seat that declared riichi,
// tenpai, before it). The other seats hold noten hands.
type gameHand struct {
	wind, number, honba, sticks int
	winner, from                event.Seat
	hand                        string
	tenpai                      []event.Seat
	riichi                      event.Seat
	// chombo: riichi is a noten riichi (a chombo where the rules make it
	// one), settled as the rules settle it.
	chombo bool
}

// winHands are the winning hands of gameHand, their winning tile, han,
// fu and yaku.
var winHands = map[string]struct {
	tiles, win string
	han, fu    int
	yaku       []event.Yaku
	yakuman    int
}{
	"mangan":    {"123456789p333z1z", "1z", 5, 50, yk(yIttsu, 2, yHonitsu, 3), 0},
	"tanyao":    {tenB, "8p", 1, 40, yk(yTanyao, 1), 0},
	"suuankou":  {"111p222p333s444s5z", "5z", 13, 60, yk(ySuuankouT, 13), 1},
	"sanbaiman": {"234p234p567p67p88p", "5p", 11, 30, yk(yPinfu, 1, yTanyao, 1, yRyanpeikou, 3, yChinitsu, 6), 0},
}

// playGame builds the hands of a game under the rules r, paying each as r
// says, from the start scores sc; it returns the scores after the last
// hand and the riichi sticks left on the table.
func playGame(b *rulegen.Builder, r *adjudicator.Rules, sc *[4]int32, hands []gameHand) ([4]int32, int) {
	p := r.Players
	sticks := 0
	for k, h := range hands {
		dealer := event.Seat(h.number - 1)
		deal := make([]string, p)
		var tsc *[4]int32
		if k == 0 {
			tsc = sc
		}
		switch {
		case h.winner >= 0:
			deal[h.winner] = winHands[h.hand].tiles
		default:
			for i, s := range h.tenpai {
				deal[s] = []string{tenA, tenB}[i]
				if p == 3 && i == 1 {
					deal[s] = tenB3
				}
			}
			if h.chombo {
				deal[h.riichi] = junk3C
			}
		}
		b.Hand(h.wind, h.number, h.honba, h.sticks, tsc, "9m", deal...)
		b.Fill(dealer, p, "")
		sticks = h.sticks
		if h.riichi >= 0 {
			// The riichi seat's turn comes round; it declares on a tile it
			// discards at once.
			b.Fill(event.Seat((int(dealer)+p)%p), (int(h.riichi)-int(dealer)+p)%p, "")
			b.Riichi(h.riichi, "4z", "4z", r.Points.RiichiStick)
			sticks++
		}
		if h.winner >= 0 {
			w := winHands[h.hand]
			next := dealer
			if h.riichi >= 0 {
				next = event.Seat((int(h.riichi) + 1) % p)
			}
			b.Fill(next, (int(h.from)-int(next)+p)%p, "").Turn(h.from, w.win, w.win)
			base, limit := baseOf(r, w.han, w.fu)
			yakuman := w.yakuman
			if h.hand == "suuankou" && r.Win.DoubleYakumanForms {
				yakuman = 2
			}
			han := w.han
			yaku := w.yaku
			if yakuman > 0 {
				base, limit, han = int32(8000*yakuman), event.Yakuman, 13*yakuman
				yaku = yk(ySuuankouT, 13*yakuman)
			}
			pts := ronValue(base, h.winner == dealer)
			d := ronDeltas(pts, h.winner, h.from, h.honba, r.Points.HonbaRon, int32(sticks)*r.Points.RiichiStick)
			b.Ron(h.winner, rulegen.Value{Han: han, Fu: w.fu, Points: pts, Limit: limit, Yaku: yaku, Deltas: d})
			sticks = 0
			continue
		}
		next := dealer
		if h.riichi >= 0 {
			next = event.Seat((int(h.riichi) + 1) % p)
		}
		b.Exhaust(next, "")
		tenpai := make([]bool, p)
		for _, s := range h.tenpai {
			tenpai[s] = true
		}
		d := notenDeltas(p, r.Draw.NotenPool, tenpai)
		if h.chombo {
			d = chomboPayment(r, h.riichi, dealer)
		}
		b.End(event.Exhaustive, d, rulegen.Shown{Hands: tenpai})
	}
	return b.Scores(), sticks
}

// chomboPayment returns the chombo payments of offender o under r.
func chomboPayment(r *adjudicator.Rules, o, dealer event.Seat) [4]int32 {
	p := r.Players
	var d [4]int32
	switch r.Chombo.Payment {
	case adjudicator.ChomboMangan:
		pay := tsumoPayments(2000, o, dealer, p, true)
		for s := range p {
			d[s] += pay[s]
			d[o] -= pay[s]
		}
	case adjudicator.ChomboPoints:
		for s := range p {
			if event.Seat(s) != o {
				d[s] += r.Chombo.Points / int32(p-1)
				d[o] -= r.Chombo.Points / int32(p-1)
			}
		}
	}
	return d
}

// pointsModel is how final points are taken: the rules' return, start, uma
// (uma_east for an East-only game where set), ties and rounding, and the
// chombo penalties.
type pointsModel struct {
	ret, start int32
	uma        []float64
	split      bool
	rounding   string // "none", "thousand", "fivedown"
	penalty    [4]float64
}

// modelOf returns the rules' points model for a game of the given length
// and start.
func modelOf(r *adjudicator.Rules, eastOnly bool, start int32) pointsModel {
	m := pointsModel{ret: r.Points.Return, start: r.Points.Start, uma: r.End.Uma, split: r.End.Ties == adjudicator.TiesSplit, rounding: "none"}
	if m.start == 0 {
		m.start = start
	}
	if eastOnly && len(r.End.UmaEast) > 0 {
		m.uma = r.End.UmaEast
	}
	if r.End.Rounding == adjudicator.RoundingThousand {
		m.rounding = "thousand"
	}
	return m
}

// finalPoints takes the final points of the final scores sc of p players:
// each place's (score − return)/1000 and uma (shared between tied places
// where split), the oka (return − start, for each player) to first place;
// with rounding, each score but first place's is rounded to 1000 first
// (4 down 5 up on its magnitude; "fivedown": 5 down too) and first place
// gets minus the sum of the others. One decimal; penalties added.
func (m pointsModel) finalPoints(sc [4]int32, p int) []float64 {
	order := make([]int, p)
	for s := range p {
		order[s] = s
	}
	sort.SliceStable(order, func(a, b int) bool { return sc[order[a]] > sc[order[b]] })
	uma := make([]float64, p)
	copy(uma, m.uma)
	uma[0] += float64(m.ret-m.start) * float64(p) / 1000
	if m.split {
		for a := 0; a < p; {
			b := a
			for b+1 < p && sc[order[b+1]] == sc[order[a]] {
				b++
			}
			sum := 0.0
			for k := a; k <= b; k++ {
				sum += uma[k]
			}
			for k := a; k <= b; k++ {
				uma[k] = sum / float64(b-a+1)
			}
			a = b + 1
		}
	}
	out := make([]float64, p)
	sum := 0.0
	for k := 1; k < p; k++ {
		s := order[k]
		score := sc[s]
		if m.rounding != "none" {
			a := score
			if a < 0 {
				a = -a
			}
			half := int32(500)
			if m.rounding == "fivedown" {
				half = 499
			}
			a = (a + half) / 1000 * 1000
			if score < 0 {
				a = -a
			}
			score = a
		}
		out[s] = math.Round((float64(score-m.ret)/1000+uma[k])*10) / 10
		sum += out[s]
	}
	if m.rounding != "none" {
		out[order[0]] = -sum
	} else {
		out[order[0]] = math.Round((float64(sc[order[0]]-m.ret)/1000+uma[0])*10) / 10
	}
	for s := range p {
		out[s] += m.penalty[s]
	}
	return out
}

// fmtPoints writes points as the game.final_points finding does.
func fmtPoints(ps []float64) string {
	parts := make([]string, len(ps))
	for i, v := range ps {
		parts[i] = fmt.Sprintf("%.1f", v)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// leftover gives the riichi sticks left at the end as the rules say (to
// first place, ties to the seat nearer the first dealer; lost; to first,
// split between tied first places).
func leftover(r *adjudicator.Rules, sc [4]int32, sticks int) [4]int32 {
	p := r.Players
	amount := int32(sticks) * r.Points.RiichiStick
	if amount == 0 {
		return sc
	}
	top := int32(math.MinInt32)
	for s := range p {
		top = max(top, sc[s])
	}
	var tied []int
	for s := range p {
		if sc[s] == top {
			tied = append(tied, s)
		}
	}
	switch r.End.LeftoverSticks {
	case adjudicator.SticksFirst:
		sc[tied[0]] += amount
	case adjudicator.SticksFirstSplit:
		for k, s := range tied {
			share := amount / int32(len(tied)) / 100 * 100
			if k == 0 {
				share = amount - share*int32(len(tied)-1)
			}
			sc[s] += share
		}
	}
	return sc
}

// settlementHands is the tonpuusen the settlement scenarios play: East 1,
// seat 1 rons seat 2 for a mangan (8000); East 2, seats 0 and 3 tenpai at
// the draw (4p; sanma: seats 0 and 2); then draws at which nobody is
// tenpai, to the end of East 4 (sanma: East 3). With a start of 25000 the
// scores end 26500, 31500, 15500, 26500: a tie and 500s to round.
func settlementHands(p int, riichiLast bool) []gameHand {
	second := []event.Seat{0, 3}
	if p == 3 {
		second = []event.Seat{0, 2}
	}
	hs := []gameHand{
		{number: 1, winner: 1, from: 2, hand: "mangan", riichi: -1},
		{number: 2, winner: -1, tenpai: second, riichi: -1},
		{number: 3, honba: 1, winner: -1, riichi: -1},
	}
	if p == 4 {
		hs = append(hs, gameHand{number: 4, honba: 2, winner: -1, riichi: -1})
	}
	if riichiLast {
		last := &hs[len(hs)-1]
		last.riichi, last.tenpai = 1, []event.Seat{1}
	}
	return hs
}

// settlement writes the scenarios of the final settlement: points.return,
// end.uma, end.uma_east, end.ties, end.rounding, end.leftover_sticks.
func (s *rsuite) settlement() {
	desc := `
The game is a tonpuusen played to its end, in mjlog (the format that
records final points): East 1, seat 1 rons seat 2 for a mangan (8000);
East 2, seats 0 and 3 are tenpai at the draw (sanma: 0 and 2); draws with
nobody tenpai to the end. From 25000 the scores end 26500, 31500, 15500,
26500 (a tie, and 500s to round); from 30000, 31500, 36500, 20500, 31500;
sanma from 35000: 36000, 42000, 27000. The log that follows records the
final points the rules give; the one that breaks them records the points
of other rules (game.final_points). Rules without uma (private lobbies)
do not judge final points: only the log that follows is theirs.
`
	files := map[string]*rfile{
		"points.return":     s.file("points.return", "points.return: the score the final points are measured from; (return − start) × players is the oka, to first place.\n"+desc+"The breaking log measures from 5000 more.\n"),
		"end.uma":           s.file("end.uma", "end.uma: the uma by placement, in thousands.\n"+desc+"The breaking log pays another uma (each place's ±5 more).\n"),
		"end.uma_east":      s.file("end.uma_east", "end.uma_east: when set, the uma of East-only games (the game is one); else end.uma.\n"+desc+"The breaking log pays the other uma (where uma_east is not set, tenhou-2009's 10, 5, −5, −10).\n"),
		"end.ties":          s.file("end.ties", "end.ties: tied scores: the seat nearer the first dealer places higher, or tied places share their uma.\n"+desc+"The breaking log settles the tie the other way.\n"),
		"end.rounding":      s.file("end.rounding", "end.rounding: the final scores rounded to 1000 (4 down, 5 up on the magnitude) before the points are taken, first place getting minus the sum of the others; not rounded; or either (tenhou).\n"+desc+"The breaking log rounds the other way (tenhou: 5 down, which no era of Tenhou did).\n"),
		"end.leftover_sticks": s.file("end.leftover_sticks", "end.leftover_sticks: the riichi sticks on the table at the end go to first place, are lost, or are split among tied first places.\n"+strings.Replace(desc, "draws with\nnobody tenpai to the end.", "draws with\nnobody tenpai, but in the last hand seat 1 declares riichi and is tenpai\nalone at the draw: its stick is left on the table.", 1)+"The final scores of the log that follows settle the stick as the rules say; the breaking log's the other way (game.final_scores).\n"),
	}
	for _, r := range s.presets {
		p := r.Players
		o, sc, _ := fragment(r)
		o.EastOnly = true
		for _, key := range []string{"points.return", "end.uma", "end.uma_east", "end.ties", "end.rounding", "end.leftover_sticks"} {
			f := files[key]
			riichi := key == "end.leftover_sticks"
			hands := settlementHands(p, riichi)
			m := modelOf(r, true, sc[0])
			alt := m
			switch key {
			case "points.return":
				alt.ret += 5000
			case "end.uma":
				alt.uma = append([]float64(nil), m.uma...)
				if len(alt.uma) > 0 {
					alt.uma[0] += 5
					alt.uma[len(alt.uma)-1] -= 5
				}
			case "end.uma_east":
				if len(r.End.UmaEast) > 0 {
					alt.uma = r.End.Uma
				} else {
					alt.uma = []float64{10, 5, -5, -10}[:p]
					if p == 3 {
						alt.uma = []float64{10, 0, -10}
					}
				}
			case "end.ties":
				alt.split = !m.split
			case "end.rounding":
				switch r.End.Rounding {
				case adjudicator.RoundingNone:
					alt.rounding = "thousand"
				default:
					alt.rounding = "fivedown"
				}
			}
			mk := func(name string, model pointsModel, sticksTo func([4]int32, int) [4]int32) (string, []float64, [4]int32) {
				var pts []float64
				var final [4]int32
				log := s.logVariant(fmt.Sprintf("%s-%dp-%d-%s", key, p, sc[0], name), fmtMjlog, o, func(b *rulegen.Builder) {
					last, sticks := playGame(b, r, sc, hands)
					final = sticksTo(last, sticks)
					pts = model.finalPoints(final, p)
					if len(m.uma) == 0 {
						pts = make([]float64, p)
					}
					b.Finish(final, pts)
				})
				return log, pts, final
			}
			rules := func(sc [4]int32, n int) [4]int32 { return leftover(r, sc, n) }
			if key == "end.leftover_sticks" {
				other := func(sc [4]int32, n int) [4]int32 {
					if r.End.LeftoverSticks == adjudicator.SticksLost {
						rr := *r
						rr.End.LeftoverSticks = adjudicator.SticksFirst
						return leftover(&rr, sc, n)
					}
					return sc
				}
				ok, _, want := mk("sticks-as-the-rules-say", m, rules)
				bad, _, got := mk("sticks-as-other-rules-say", m, other)
				f.add(rcase{name: fmt.Sprintf("%s: %s: follows", r.Name, r.End.LeftoverSticks), log: ok, rules: r.Name, native: true, final: seatsOf(want, p)})
				f.add(rcase{name: fmt.Sprintf("%s: %s: breaks", r.Name, r.End.LeftoverSticks), log: bad, rules: r.Name, native: true,
					findings: []findingWant{fw("game.final_scores", -1, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
				continue
			}
			value := map[string]string{
				"points.return": fmt.Sprint(r.Points.Return), "end.uma": fmt.Sprint(r.End.Uma), "end.uma_east": fmt.Sprint(r.End.UmaEast),
				"end.ties": r.End.Ties.String(), "end.rounding": r.End.Rounding.String(),
			}[key]
			ok, want, _ := mk("points-as-the-rules-say", m, rules)
			f.add(rcase{name: fmt.Sprintf("%s: %s: follows", r.Name, value), log: ok, rules: r.Name, native: true})
			if len(m.uma) == 0 {
				continue
			}
			bad, got, _ := mk("points-as-other-rules-say", alt, rules)
			if fmtPoints(want) == fmtPoints(got) {
				// The statement makes no difference to this game (a
				// rounding of scores that need none): no breaking log.
				continue
			}
			f.add(rcase{name: fmt.Sprintf("%s: %s: breaks", r.Name, value), log: bad, rules: r.Name, native: true,
				findings: []findingWant{fw("game.final_points", -1, -1, fmtPoints(want), fmtPoints(got))}})
		}
	}
}
