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
			if h.hand == "mangan" {
				// A triplet of a wind that is neither the winner's nor the
				// round's (no yakuhai: honitsu and ittsu alone).
				seatWind := (int(h.winner) - int(dealer) + p) % p
				for _, w := range []int{2, 1, 3} {
					if w != seatWind && w != h.wind && (p == 4 || w != 3) {
						deal[h.winner] = fmt.Sprintf("123456789p%d%d%dz1z", w+1, w+1, w+1)
						break
					}
				}
			}
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
			fu := w.fu
			if h.hand == "mangan" {
				// 20, 10 for a closed ron, 8 for the wind triplet, 2 for
				// the tanki, and the 1z pair's: 2 for the round's wind, 2
				// for the seat's (double_wind_fu when both).
				pair := 0
				round, seat := h.wind == 0, (int(h.winner)-int(dealer)+p)%p == 0
				switch {
				case round && seat:
					pair = r.Yaku.DoubleWindFu
				case round || seat:
					pair = 2
				}
				fu = (40 + pair + 9) / 10 * 10
			}
			base, limit := baseOf(r, w.han, fu)
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
			b.Ron(h.winner, rulegen.Value{Han: han, Fu: fu, Points: pts, Limit: limit, Yaku: yaku, Deltas: d})
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
		"points.return":       s.file("points.return", "points.return: the score the final points are measured from; (return − start) × players is the oka, to first place.\n"+desc+"The breaking log measures from 5000 more.\n"),
		"end.uma":             s.file("end.uma", "end.uma: the uma by placement, in thousands.\n"+desc+"The breaking log pays another uma (each place's ±5 more).\n"),
		"end.uma_east":        s.file("end.uma_east", "end.uma_east: when set, the uma of East-only games (the game is one); else end.uma.\n"+desc+"The breaking log pays the other uma (where uma_east is not set, tenhou-2009's 10, 5, −5, −10).\n"),
		"end.ties":            s.file("end.ties", "end.ties: tied scores: the seat nearer the first dealer places higher, or tied places share their uma.\n"+desc+"The breaking log settles the tie the other way.\n"),
		"end.rounding":        s.file("end.rounding", "end.rounding: the final scores rounded to 1000 (4 down, 5 up on the magnitude) before the points are taken, first place getting minus the sum of the others; not rounded; or either (tenhou).\n"+desc+"The breaking log rounds the other way (tenhou: 5 down, which no era of Tenhou did).\n"),
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

// endGame writes a whole tonpuusen game of the hands hs under r (mjlog),
// its final points as the rules take them, and returns the log.
func (s *rsuite) endGame(r *adjudicator.Rules, name string, hs []gameHand) string {
	p := r.Players
	o, sc, _ := fragment(r)
	o.EastOnly = true
	return s.logVariant(fmt.Sprintf("%s-%dp-%d", name, p, sc[0]), fmtMjlog, o, func(b *rulegen.Builder) {
		last, sticks := playGame(b, r, sc, hs)
		final := leftover(r, last, sticks)
		m := modelOf(r, true, sc[0])
		for _, h := range hs {
			if h.chombo && r.Draw.NotenRiichi == adjudicator.NotenRiichiChombo {
				m.penalty[h.riichi] += r.Chombo.FinalPoints
			}
		}
		pts := make([]float64, p)
		if len(m.uma) > 0 {
			pts = m.finalPoints(final, p)
		}
		b.Finish(final, pts)
	})
}

// draws returns exhaustive draws with nobody tenpai, from East number on
// with honba counting up, to East (or South) last.
func draws(wind, from, to, honba int) []gameHand {
	var hs []gameHand
	for n := from; n <= to; n++ {
		hs = append(hs, gameHand{wind: wind, number: n, honba: honba, winner: -1, riichi: -1})
		honba++
	}
	return hs
}

// endGoesOn is the game.end finding of a log that ends where the rules go
// on to hand next (after hand i).
func endGoesOn(i int, next string) findingWant {
	return fw("game.end", i, -1, next, "game end")
}

// endEnds is the game.end finding of a log that plays hand i (id) where
// the rules have ended the game.
func endEnds(i int, id string) findingWant {
	return fw("game.end", i, -1, "game end", "hand "+id)
}

// gameFlow writes the scenarios of the game's end: end.extension,
// end.goal, end.draw_ends_extension, end.tobi, end.agari_yame,
// end.tenpai_yame, end.yame, end.yame_needs_goal.
func (s *rsuite) gameFlow() {
	common := `
The games are tonpuusen played to their end, in mjlog, noten hands
dealt to every seat but the ones that act; final points as the rules take
them. `
	fe := s.file("end.extension", "end.extension: when nobody has the goal after the last hand: the game ends (none); one more wind, ending as soon as someone has the goal and after that wind at the latest (sudden_death); or wind after wind (indefinite)."+common+`Every hand of East is a draw at which nobody is tenpai, so
nobody has the goal (25000 start; sanma 35000, goal 40000): under
"none" the game ends after East 4 (sanma East 3); under the others
South 1 is played, where seat 1 rons a mangan and has the goal. A third
log plays South to its end with draws too and ends in West 1 on the same
mangan: past the cap of sudden_death, within indefinite's. Where the
start is the goal (30000) the game ends after East 4 under every value.
`)
	fg := s.file("end.goal", "end.goal: the score that ends the extension (and that yame needs)."+common+`East 1: seat 1 rons a mangan
(8000) and has the goal; the rest are draws: the game ends after the last
hand of East. A log that plays South 1 breaks it. Only rules with an
extension are concerned (without one the game ends after the last hand
whatever the goal).
`)
	fd := s.file("end.draw_ends_extension", "end.draw_ends_extension: a hand of the extension that ends in a draw also ends the game when someone has the goal."+common+`East 1: seat 1
rons 1300; East 2, seat 1, dealing, is tenpai alone and deals again; then
draws; nobody has the goal after East (26300 + 3000 = 29300; sanma
36300 + 2000 = 38300). South 1 is a draw at which seat 1 is tenpai alone
and reaches the goal: true, the game ends there; false (set on the
presets), it goes on to South 2, where seat 1 rons a mangan. Only rules
with an extension are concerned.
`)
	ft := s.file("end.tobi", "end.tobi: when a score ends the game: below zero, zero or below, or never."+common+`East 1: seat 1 rons
seat 2's 5p with 234p234p567p67p88p (a sanbaiman, 24000); East 2, seat 3
rons seat 2's 8p for 1300: seat 2 falls below zero. Under below_zero
(and zero_or_below) the game ends there; a log that plays on to the end
of East breaks it (each hand played after the end is a finding), and
under none the reverse. A second pair: in East 2 seat 2 pays 1000 of
noten payments instead and ends at exactly 0: zero_or_below (set on
tenhou) ends the game, below_zero plays on. Four-player rules.
`)
	fa := s.file("end.agari_yame", "end.agari_yame: the game may end when the dealer of the last hand wins (first, and with the goal where yame needs it)."+common+`East 1: seat 3
rons a mangan (33000, first); draws; East 4, seat 3 deals and rons 1300
(2000 and 2 honba): the game ends under agari-yame; without it East 4-3
is played (a draw at which nobody is tenpai: the dealer passes and the
game ends).
`)
	fy := s.file("end.tenpai_yame", "end.tenpai_yame: the game may end when the dealer of the last hand is tenpai at an exhaustive draw (first, and with the goal where yame needs it)."+common+`East 1: seat 3 rons a mangan; draws; East 4, seat 3 deals and is tenpai alone at the draw:
the game ends under tenpai-yame; without it East 4-3 is played.
`)
	fp := s.file("end.yame", "end.yame: one item per placement of the dealer: whether yame ends the game then (mandatory), the dealer chooses (optional: a log that ends and one that goes on both follow), or it does not (no)."+common+`East 1: seat 1 rons a
mangan (first); East 4, seat 3 deals, rons 1300 and is second: under
"no" for second place play goes on; under "optional" both logs follow.
Only rules with agari-yame are concerned.
`)
	fn := s.file("end.yame_needs_goal", "end.yame_needs_goal: yame needs the goal."+common+`Draws to East 4; East 4-3, seat 3 deals
and rons 1300 (2900 with honba): first, but below the goal. true: play goes on (East 4-4,
where seat 1 rons a mangan and ends the game); false: the game ends.
Only rules with agari-yame are concerned.
`)
	mangan := func(w, f event.Seat, wind, number, honba, sticks int) gameHand {
		return gameHand{wind: wind, number: number, honba: honba, sticks: sticks, winner: w, from: f, hand: "mangan", riichi: -1}
	}
	tanyao := func(w, f event.Seat, wind, number, honba int) gameHand {
		return gameHand{wind: wind, number: number, honba: honba, winner: w, from: f, hand: "tanyao", riichi: -1}
	}
	join := func(parts ...[]gameHand) []gameHand {
		var out []gameHand
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	for _, r := range s.presets {
		p := r.Players
		ext := r.End.Extension
		start := r.Points.Start
		if start == 0 {
			start = 25000
			if p == 3 {
				start = 35000
			}
		}
		lastE := p // the last hand of East
		// end.extension
		{
			a := s.endGame(r, "end.extension-all-draws-ends-after-east", draws(0, 1, lastE, 0))
			b := s.endGame(r, "end.extension-all-draws-then-south-1-mangan", join(draws(0, 1, lastE, 0), []gameHand{mangan(1, 2, 1, 1, lastE, 0)}))
			// West 1: a winner for whom neither South nor West is its own
			// wind (sanma: seat 2 takes a South triplet).
			wWin, wFrom := event.Seat(1), event.Seat(2)
			if p == 3 {
				wWin, wFrom = 2, 1
			}
			c := s.endGame(r, "end.extension-all-draws-to-west-1-mangan", join(draws(0, 1, lastE, 0), draws(1, 1, lastE, lastE), []gameHand{mangan(wWin, wFrom, 2, 1, 2*lastE, 0)}))
			reached := start >= r.End.Goal
			south := fmt.Sprintf("S1-%d", lastE)
			switch {
			case ext == adjudicator.ExtensionNone || reached:
				fe.add(rcase{name: fmt.Sprintf("%s: %s: follows: the game ends after East", r.Name, ext), log: a, rules: r.Name, native: true})
				fe.add(rcase{name: fmt.Sprintf("%s: %s: breaks: South 1 is played", r.Name, ext), log: b, rules: r.Name, native: true, findings: []findingWant{endEnds(lastE, south)}})
			default:
				fe.add(rcase{name: fmt.Sprintf("%s: %s: follows: South 1 is played", r.Name, ext), log: b, rules: r.Name, native: true})
				fe.add(rcase{name: fmt.Sprintf("%s: %s: breaks: the game ends after East", r.Name, ext), log: a, rules: r.Name, native: true, findings: []findingWant{endGoesOn(lastE-1, "S1 dealer 0")}})
				if ext == adjudicator.ExtensionIndefinite {
					fe.add(rcase{name: fmt.Sprintf("%s: %s: follows: West 1 is played", r.Name, ext), log: c, rules: r.Name, native: true})
				} else {
					fe.add(rcase{name: fmt.Sprintf("%s: %s: breaks: West 1 is played", r.Name, ext), log: c, rules: r.Name, native: true, findings: []findingWant{endEnds(2*lastE, fmt.Sprintf("W1-%d", 2*lastE))}})
				}
			}
		}
		if ext != adjudicator.ExtensionNone {
			// end.goal
			ok := s.endGame(r, "end.goal-east-1-mangan-then-draws", join([]gameHand{mangan(1, 2, 0, 1, 0, 0)}, draws(0, 2, lastE, 0)))
			bad := s.endGame(r, "end.goal-east-1-mangan-then-draws-to-south-1", join([]gameHand{mangan(1, 2, 0, 1, 0, 0)}, draws(0, 2, lastE, 0), draws(1, 1, 1, lastE-1)))
			fg.add(rcase{name: fmt.Sprintf("%s: %d: follows: the game ends after East", r.Name, r.End.Goal), log: ok, rules: r.Name, native: true})
			fg.add(rcase{name: fmt.Sprintf("%s: %d: breaks: South 1 is played", r.Name, r.End.Goal), log: bad, rules: r.Name, native: true,
				findings: []findingWant{endEnds(lastE, fmt.Sprintf("S1-%d", lastE-1))}})
			// end.draw_ends_extension
			pre := join([]gameHand{tanyao(1, 2, 0, 1, 0), {number: 2, winner: -1, tenpai: []event.Seat{1}, riichi: -1}}, draws(0, 2, lastE, 1))
			// East 1, East 2, East 2-1, East 3-2, ...: the extension starts
			// with the honba of the draws.
			n := len(pre)
			southHonba := pre[n-1].honba + 1
			endsT := s.endGame(r, "end.draw_ends_extension-south-1-draw-reaches-the-goal", join(pre, []gameHand{{wind: 1, number: 1, honba: southHonba, winner: -1, tenpai: []event.Seat{1}, riichi: -1}}))
			goesOn := s.endGame(r, "end.draw_ends_extension-south-1-draw-then-south-2-mangan", join(pre, []gameHand{{wind: 1, number: 1, honba: southHonba, winner: -1, tenpai: []event.Seat{1}, riichi: -1}, mangan(1, 2, 1, 2, southHonba+1, 0)}))
			for _, v := range []bool{true, false} {
				var set []kv
				if v != r.End.DrawEndsExtension {
					set = []kv{{"end.draw_ends_extension", v}}
				}
				ok, bad, f := endsT, goesOn, endEnds(n+1, fmt.Sprintf("S2-%d", southHonba+1))
				if !v {
					ok, bad, f = goesOn, endsT, endGoesOn(n, "S2 dealer 1")
				}
				fd.add(rcase{name: fmt.Sprintf("%s: %v: follows", r.Name, v), log: ok, rules: r.Name, set: set, native: true})
				fd.add(rcase{name: fmt.Sprintf("%s: %v: breaks", r.Name, v), log: bad, rules: r.Name, set: set, native: true, findings: []findingWant{f}})
			}
		}
		// end.tobi (four players)
		if p == 4 {
			// Seat 2 pays a sanbaiman (24000), then 1300 (below zero), or
			// 1000 of noten payments (exactly zero).
			bust := []gameHand{{number: 1, winner: 1, from: 2, hand: "sanbaiman", riichi: -1}, tanyao(3, 2, 0, 2, 0)}
			ends := s.endGame(r, "end.tobi-seat-2-below-zero", bust)
			goes := s.endGame(r, "end.tobi-seat-2-below-zero-then-draws", join(bust, draws(0, 3, 4, 0)))
			zero := []gameHand{{number: 1, winner: 1, from: 2, hand: "sanbaiman", riichi: -1}, {number: 2, winner: -1, tenpai: []event.Seat{3}, riichi: -1}}
			zeroEnds := s.endGame(r, "end.tobi-seat-2-at-zero", zero)
			zeroGoes := s.endGame(r, "end.tobi-seat-2-at-zero-then-draws", join(zero, draws(0, 3, 4, 1)))
			// Each hand played after the end is a finding.
			goneOn := func(ids ...string) []findingWant {
				var fs []findingWant
				for k, id := range ids {
					fs = append(fs, endEnds(2+k, id))
				}
				return fs
			}
			switch r.End.Tobi {
			case adjudicator.TobiBelowZero:
				ft.add(rcase{name: r.Name + ": below_zero: follows: the game ends below zero", log: ends, rules: r.Name, native: true})
				ft.add(rcase{name: r.Name + ": below_zero: breaks: play goes on below zero", log: goes, rules: r.Name, native: true, findings: goneOn("E3-0", "E4-1")})
				ft.add(rcase{name: r.Name + ": below_zero: follows: play goes on at zero", log: zeroGoes, rules: r.Name, native: true})
				ft.add(rcase{name: r.Name + ": below_zero: breaks: the game ends at zero", log: zeroEnds, rules: r.Name, native: true, findings: []findingWant{endGoesOn(1, "E3 dealer 2")}})
				if r.Name == "tenhou" {
					set := []kv{{"end.tobi", "zero_or_below"}}
					ft.add(rcase{name: r.Name + ": zero_or_below: follows: the game ends at zero", log: zeroEnds, rules: r.Name, set: set, native: true})
					ft.add(rcase{name: r.Name + ": zero_or_below: breaks: play goes on at zero", log: zeroGoes, rules: r.Name, set: set, native: true, findings: goneOn("E3-1", "E4-2")})
				}
			case adjudicator.TobiNone:
				ft.add(rcase{name: r.Name + ": none: follows: play goes on below zero", log: goes, rules: r.Name, native: true})
				ft.add(rcase{name: r.Name + ": none: breaks: the game ends below zero", log: ends, rules: r.Name, native: true, findings: []findingWant{endGoesOn(1, "E3 dealer 2")}})
			}
		}
		// Yame.
		if r.End.AgariYame || r.End.TenpaiYame || r.Name == "wrc" || r.Name == "tenhou-2010" {
			first := join([]gameHand{mangan(event.Seat(lastE-1), 1, 0, 1, 0, 0)}, draws(0, 2, lastE-1, 0))
			h := lastE - 2 // the honba of the last hand
			dealer := event.Seat(lastE - 1)
			lastID := fmt.Sprintf("E%d-%d", lastE, h+1)
			tail := draws(0, lastE, lastE, h+1)
			// agari-yame
			win := gameHand{number: lastE, honba: h, winner: dealer, from: 2 % event.Seat(p), hand: "tanyao", riichi: -1}
			if p == 3 {
				win.from = 1
			}
			aEnd := s.endGame(r, "end.agari_yame-dealer-first-wins-the-last-hand", join(first, []gameHand{win}))
			aOn := s.endGame(r, "end.agari_yame-dealer-first-wins-the-last-hand-then-plays-on", join(first, []gameHand{win}, tail))
			yame := r.End.Yame[0] != adjudicator.YameNo
			if r.End.AgariYame && yame {
				fa.add(rcase{name: r.Name + ": true: follows: the game ends", log: aEnd, rules: r.Name, native: true})
				fa.add(rcase{name: r.Name + ": true: breaks: play goes on", log: aOn, rules: r.Name, native: true, findings: []findingWant{endEnds(lastE, lastID)}})
			} else {
				fa.add(rcase{name: fmt.Sprintf("%s: %v: follows: play goes on", r.Name, r.End.AgariYame), log: aOn, rules: r.Name, native: true})
				fa.add(rcase{name: fmt.Sprintf("%s: %v: breaks: the game ends", r.Name, r.End.AgariYame), log: aEnd, rules: r.Name, native: true,
					findings: []findingWant{endGoesOn(lastE-1, fmt.Sprintf("E%d dealer %d", lastE, dealer))}})
			}
			// tenpai-yame
			tp := gameHand{number: lastE, honba: h, winner: -1, tenpai: []event.Seat{dealer}, riichi: -1}
			tEnd := s.endGame(r, "end.tenpai_yame-dealer-first-tenpai-at-the-last-draw", join(first, []gameHand{tp}))
			tOn := s.endGame(r, "end.tenpai_yame-dealer-first-tenpai-at-the-last-draw-then-plays-on", join(first, []gameHand{tp}, tail))
			if r.End.TenpaiYame && yame {
				fy.add(rcase{name: r.Name + ": true: follows: the game ends", log: tEnd, rules: r.Name, native: true})
				fy.add(rcase{name: r.Name + ": true: breaks: play goes on", log: tOn, rules: r.Name, native: true, findings: []findingWant{endEnds(lastE, lastID)}})
			} else if r.Draw.Renchan == adjudicator.RenchanTenpai {
				fy.add(rcase{name: fmt.Sprintf("%s: %v: follows: play goes on", r.Name, r.End.TenpaiYame), log: tOn, rules: r.Name, native: true})
				fy.add(rcase{name: fmt.Sprintf("%s: %v: breaks: the game ends", r.Name, r.End.TenpaiYame), log: tEnd, rules: r.Name, native: true,
					findings: []findingWant{endGoesOn(lastE-1, fmt.Sprintf("E%d dealer %d", lastE, dealer))}})
			}
			if !r.End.AgariYame {
				continue
			}
			// end.yame: the dealer second.
			second := join([]gameHand{mangan(1, 2, 0, 1, 0, 0)}, draws(0, 2, lastE-1, 0))
			sEnd := s.endGame(r, "end.yame-dealer-second-wins-the-last-hand", join(second, []gameHand{win}))
			sOn := s.endGame(r, "end.yame-dealer-second-wins-the-last-hand-then-plays-on", join(second, []gameHand{win}, tail))
			mode := r.End.Yame[1]
			fp.add(rcase{name: fmt.Sprintf("%s: %s (first: %s): follows: the dealer first, the game ends", r.Name, mode, r.End.Yame[0]), log: aEnd, rules: r.Name, native: true})
			switch mode {
			case adjudicator.YameNo:
				fp.add(rcase{name: fmt.Sprintf("%s: %s: follows: the dealer second, play goes on", r.Name, mode), log: sOn, rules: r.Name, native: true})
				fp.add(rcase{name: fmt.Sprintf("%s: %s: breaks: the dealer second, the game ends", r.Name, mode), log: sEnd, rules: r.Name, native: true,
					findings: []findingWant{endGoesOn(lastE-1, fmt.Sprintf("E%d dealer %d", lastE, dealer))}})
			case adjudicator.YameOptional:
				fp.add(rcase{name: fmt.Sprintf("%s: %s: follows: the dealer second, play goes on", r.Name, mode), log: sOn, rules: r.Name, native: true})
				fp.add(rcase{name: fmt.Sprintf("%s: %s: follows: the dealer second, the game ends", r.Name, mode), log: sEnd, rules: r.Name, native: true})
			}
			// end.yame_needs_goal: the dealer first below the goal (where its
			// win with the honba leaves it below: not with 1500-point
			// honba).
			if start+2000+int32(lastE-1)*r.Points.HonbaRon >= r.End.Goal {
				continue
			}
			low := join(draws(0, 1, lastE-1, 0), []gameHand{{number: lastE, honba: lastE - 1, winner: dealer, from: win.from, hand: "tanyao", riichi: -1}})
			gEnd := s.endGame(r, "end.yame_needs_goal-dealer-first-below-the-goal-wins", low)
			gOn := s.endGame(r, "end.yame_needs_goal-dealer-first-below-the-goal-wins-then-plays-on", join(low, []gameHand{mangan(1, 2, 0, lastE, lastE, 0)}))
			if r.End.YameNeedsGoal {
				fn.add(rcase{name: r.Name + ": true: follows: play goes on", log: gOn, rules: r.Name, native: true})
				fn.add(rcase{name: r.Name + ": true: breaks: the game ends", log: gEnd, rules: r.Name, native: true,
					findings: []findingWant{endGoesOn(lastE-1, fmt.Sprintf("E%d dealer %d", lastE, dealer))}})
			} else {
				fn.add(rcase{name: r.Name + ": false: follows: the game ends", log: gEnd, rules: r.Name, native: true})
				fn.add(rcase{name: r.Name + ": false: breaks: play goes on", log: gOn, rules: r.Name, native: true, findings: []findingWant{endEnds(lastE, fmt.Sprintf("E%d-%d", lastE, lastE))}})
			}
		}
	}
}
