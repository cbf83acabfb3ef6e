package adjudicator_test

import (
	"fmt"
	"strings"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rulegen"
)

// The hands the scenarios deal. A fragment is the first hand of a game,
// East 1 (seat 0 deals), every player at the rules' start points (25000,
// or 35000 in sanma, where the rules take any), and the log ends after it
// without the game's end (mjlog: an empty owari, as for a game the server
// stopped; mjai: an end_game without scores): nothing after the hand is
// judged.
const (
	// tenA is tenpai on 1s-4s (closed, pinfu shape); tenB tenpai on 8p
	// (tanki).
	tenA = "123456p789s23s55s"
	tenB = "234567p345s678s8p"
	// tenB3 is sanma's second tenpai hand (on 9s-1m).
	tenB3 = "234567p678s99s11m"
	// junk hands: noten, far from tenpai; junk3 hands for sanma (no
	// 2m-8m).
	junkA  = "159m159p19s13577z"
	junkB  = "2468m2468p2468s1z"
	junk3A = "19m159p159s12357z"
	junk3B = "2468p2468s1199m2z"
	junk3C = "13579p13579s123z"
	// notenRiichi: a hand that cannot be tenpai after any discard.
	notenHand = junkB
)

// fragment returns the options and start scores of a fragment under the
// rules r, and the start as a log name's part ("25000").
func fragment(r *adjudicator.Rules) (rulegen.Options, *[4]int32, string) {
	p := r.Players
	start := r.Points.Start
	if start == 0 {
		start = 25000
		if p == 3 {
			start = 35000
		}
	}
	sc := [4]int32{start, start, start, start}
	if p == 3 {
		sc[3] = 0
	}
	return rulegen.Options{Players: p}, &sc, fmt.Sprint(start)
}

// fragDora is a fragment's dora indicator: one that no hand counts.
func fragDora(p int) string {
	if p == 3 {
		return "1z"
	}
	return "9m"
}

// junks returns the noten hands of seats 1.. of a fragment of p players,
// n of them.
func junks(p int) []string {
	if p == 3 {
		return []string{junk3A, junk3B}
	}
	return []string{junkA, junkB, junkA}
}

// notenDeltas returns the noten payments of an exhaustive draw of p
// players with a pool, tenpai saying who is tenpai: the pool split evenly
// on each side (nothing when everyone or nobody is tenpai).
func notenDeltas(p int, pool int32, tenpai []bool) [4]int32 {
	var out [4]int32
	n := 0
	for _, t := range tenpai {
		if t {
			n++
		}
	}
	if n == 0 || n == p || pool == 0 {
		return out
	}
	for s := range p {
		if tenpai[s] {
			out[s] = pool / int32(n)
		} else {
			out[s] = -pool / int32(p-n)
		}
	}
	return out
}

// tsumoPayments returns who pays what on a tsumo of base points by winner,
// the dealer paying twice, each share rounded up to 100 (what each payer
// pays, positive), in p players with tsumo loss where loss (sanma without
// it: the missing share split between the payers).
func tsumoPayments(base int32, winner, dealer event.Seat, p int, loss bool) [4]int32 {
	up := func(x int32) int32 { return (x + 99) / 100 * 100 }
	var pay [4]int32
	for s := range p {
		seat := event.Seat(s)
		switch {
		case seat == winner:
		case winner == dealer || seat == dealer:
			pay[s] = up(2 * base)
		default:
			pay[s] = up(base)
		}
	}
	if p == 3 && !loss {
		// The missing player's share, split.
		missing := up(base)
		if winner == dealer {
			missing = up(2 * base)
		}
		for s := range p {
			if event.Seat(s) != winner {
				pay[s] += up(missing / 2)
			}
		}
	}
	return pay
}

// players: the number of players of the rules, and of the log.
func (s *rsuite) players() {
	f := s.file("players", `
players: the rule set is for four players, or three (sanma). A log of the
other number of players is divergent from its first hand under the rules:
nothing of it is judged. The logs are the first hand of a game, which ends
in an exhaustive draw at which nobody is tenpai.
`)
	log := func(r *adjudicator.Rules) string {
		p := r.Players
		o, sc, start := fragment(r)
		hands := append([]string{junkB}, junks(p)...)
		if p == 3 {
			hands = append([]string{junk3C}, junks(p)...)
		}
		return s.log(fmt.Sprintf("players-%dp-%s-all-noten-draw", p, start), fmtT6, o, func(b *rulegen.Builder) {
			b.Hand(0, 1, 0, 0, sc, fragDora(p), hands...).Exhaust(0, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
		})
	}
	for _, r := range s.presets {
		other := s.preset(map[int]string{4: "tenhou-sanma", 3: "tenhou"}[r.Players])
		f.add(rcase{name: fmt.Sprintf("%s: follows: a %d-player log", r.Name, r.Players), log: log(r), rules: r.Name, native: true, divSet: true,
			hands: []rhand{{index: 0, outcome: "exhaustive", deltas: make([]int32, r.Players)}}})
		f.add(rcase{name: fmt.Sprintf("%s: breaks: a %d-player log", r.Name, other.Players), log: log(other), rules: r.Name, native: true, divSet: true, divKind: "players", divHand: 0})
	}
}

// notenPool: draw.noten_pool.
func (s *rsuite) notenPool() {
	f := s.file("draw.noten_pool", `
draw.noten_pool: the total that moves from noten to tenpai players at an
exhaustive draw, split evenly on each side (3000; 2000 in sanma; 0: no
noten payments). Seat 0 alone is tenpai (123456p789s23s55s, on 1s-4s);
the log that follows pays the preset's pool, the one that breaks it
another (a pool of 1500; 3000 where the pool is 0 or 2000). A fragment
from East 2, in tenhou.net/6, and for four presets in mjlog and mjai too
(the hand shown).
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		pool := r.Draw.NotenPool
		other := int32(1500)
		if pool == 0 || p == 3 {
			other = 3000
		}
		tenpai := []bool{true, false, false, false}[:p]
		want, bad := notenDeltas(p, pool, tenpai), notenDeltas(p, other, tenpai)
		hands := append([]string{tenA}, junks(p)...)
		shown := rulegen.Shown{Hands: []bool{true, false, false, false}[:p]}
		if r.Draw.Declaration == adjudicator.DeclarationNone {
			shown.Hands = make([]bool, p)
		}
		formats := []string{fmtT6}
		switch r.Name {
		case "tenhou", "wrc", "tenhou-sanma", "saikouisen":
			formats = append(formats, fmtMjlog, fmtMjai)
		}
		for _, form := range formats {
			mk := func(pool int32, d [4]int32) string {
				name := fmt.Sprintf("draw.noten_pool-%dp-%s-pool-%d-seat-0-tenpai", p, start, pool)
				if !shown.Hands[0] && form != fmtT6 {
					name += "-no-hand-shown"
				}
				return s.log(name, form, o, func(b *rulegen.Builder) {
					b.Hand(0, 1, 0, 0, sc, fragDora(p), hands...).Exhaust(0, "").End(event.Exhaustive, d, shown)
				})
			}
			good, wrong := mk(pool, want), mk(other, bad)
			f.add(rcase{name: fmt.Sprintf("%s: follows: a pool of %d (%s)", r.Name, pool, form), log: good, rules: r.Name, native: true,
				hands: []rhand{{index: 0, outcome: "exhaustive", deltas: seatsOf(want, p), tenpai: tenpai}}})
			f.add(rcase{name: fmt.Sprintf("%s: breaks: a pool of %d (%s)", r.Name, other, form), log: wrong, rules: r.Name, native: true,
				findings: []findingWant{fw("draw.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(bad, p)))}})
		}
	}
}

// declaration: draw.declaration (item 1 of the verification issue: a
// tenpai hand kept hidden under "seat_order").
func (s *rsuite) declaration() {
	f := s.file("draw.declaration", `
draw.declaration: how tenpai is told at an exhaustive draw. Seats 0 and 2
are tenpai (123456p789s23s55s on 1s-4s, 234567p345s678s8p on 8p), the
others noten. "auto": tenpai is the hand's, all at once: a tenpai hand the
log hides and does not pay is a finding. "seat_order": each declares, and a
tenpai player may declare noten and keep the hand hidden (unless in
riichi): the log's record says what was declared (mjlog: the RYUUKYOKU
hai0-hai3 shown; mjai: the tehais shown; tenhou.net/6, which records
neither, the payments), and a hand declared noten is paid as noten; a hand
hidden but paid as tenpai, or a payment no declaration gives, is a
finding. "none": nobody shows a hand, and an exhaustive draw moves nothing.
`)
	forms := []string{fmtT6, fmtMjlog, fmtMjai}
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		pool := r.Draw.NotenPool
		hands := []string{tenA, junkA, tenB, junkB}
		if p == 3 {
			hands = []string{tenA, junk3A, tenB3}
		}
		both := []bool{true, false, true, false}[:p]
		only2 := []bool{false, false, true, false}[:p]
		payBoth, pay2 := notenDeltas(p, pool, both), notenDeltas(p, pool, only2)
		mk := func(name, form string, d [4]int32, shown []bool) string {
			sh := rulegen.Shown{}
			if form != fmtT6 {
				sh.Hands = shown
			}
			return s.log(fmt.Sprintf("draw.declaration-%dp-%s-%s", p, start, name), form, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, fragDora(p), hands...).Exhaust(0, "").End(event.Exhaustive, d, sh)
			})
		}
		add := func(name, log string, findings []findingWant, deltas [4]int32, tenpai []bool) {
			f.add(rcase{name: r.Name + ": " + name, log: log, rules: r.Name, native: true, findings: findings,
				hands: []rhand{{index: 0, outcome: "exhaustive", deltas: seatsOf(deltas, p), tenpai: tenpai}}})
		}
		switch r.Draw.Declaration {
		case adjudicator.DeclarationAuto:
			for _, form := range forms {
				add("follows: both tenpai hands shown and paid ("+form+")", mk("both-tenpai-shown-paid", form, payBoth, both), nil, payBoth, both)
				fs := []findingWant{fw("draw.payment", 0, -1, ints(seatsOf(payBoth, p)), ints(seatsOf(pay2, p)))}
				if form != fmtT6 {
					fs = append([]findingWant{fw("draw.tenpai", 0, -1, "tenpai (hand shown)", "hand hidden")}, fs...)
				}
				add("breaks: seat 0's tenpai hand hidden and paid as noten ("+form+")", mk("seat-0-tenpai-hidden-paid-noten", form, pay2, only2), fs, payBoth, both)
			}
		case adjudicator.DeclarationSeatOrder:
			for _, form := range forms {
				add("follows: both declare tenpai, shown and paid ("+form+")", mk("both-tenpai-shown-paid", form, payBoth, both), nil, payBoth, both)
				add("follows: seat 0 declares noten, its tenpai hand hidden, paid as noten ("+form+")", mk("seat-0-tenpai-hidden-paid-noten", form, pay2, only2), nil, pay2, only2)
				if form == fmtT6 {
					// A payment that no declaration gives: seat 1, noten,
					// paid as tenpai.
					bad := notenDeltas(p, pool, []bool{false, true, false, false}[:p])
					add("breaks: a noten hand paid as tenpai ("+form+")", mk("seat-1-noten-paid-tenpai", form, bad, nil),
						[]findingWant{fw("draw.payment", 0, -1, ints(seatsOf(payBoth, p)), ints(seatsOf(bad, p)))}, payBoth, both)
					continue
				}
				add("breaks: seat 0's hand hidden (declared noten) but paid as tenpai ("+form+")", mk("seat-0-tenpai-hidden-paid-tenpai", form, payBoth, only2),
					[]findingWant{fw("draw.payment", 0, -1, ints(seatsOf(pay2, p)), ints(seatsOf(payBoth, p)))}, pay2, only2)
			}
		case adjudicator.DeclarationNone:
			none := make([]bool, p)
			for _, form := range forms {
				add("follows: no hand shown, nothing paid ("+form+")", mk("no-hand-shown-nothing-paid", form, [4]int32{}, none), nil, [4]int32{}, both)
				add("breaks: noten payments ("+form+")", mk("no-hand-shown-paid", form, notenDeltas(p, 3000, both), none),
					[]findingWant{fw("draw.payment", 0, -1, ints(make([]int32, p)), ints(seatsOf(notenDeltas(p, 3000, both), p)))}, [4]int32{}, both)
			}
		}
	}
}

// notenRiichi: draw.noten_riichi (item 2 of the verification issue).
func (s *rsuite) notenRiichi() {
	f := s.file("draw.noten_riichi", `
draw.noten_riichi: a riichi on a hand that cannot be tenpai (seat 0 holds
2468m2468p2468s1z, draws 1p and declares riichi discarding it), and the
exhaustive draw it reaches, nobody tenpai. "impossible" (the online
clients): the riichi is illegal, one finding (legality.riichi at the riichi
discard) and no other. "chombo": the riichi is legal; at the draw it is a
chombo, settled as [chombo] says (a payment, the same dealer again, the
honba kept): a log that settles it so has no finding (rounds.outcome
chombo); one that settles it as a plain draw is a finding. "no_penalty"
(最高位戦 Classic): nothing, and a log that penalizes it is a finding.
The hand that follows a chombo is the same hand dealt again, which
tenhou.net/6 cannot list: those logs are mjai and mjlog.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		stick := r.Points.RiichiStick
		noten := notenHand
		if p == 3 {
			noten = junk3C
		}
		riichiNoten := func(b *rulegen.Builder) {
			b.Hand(0, 1, 0, 0, sc, fragDora(p), append([]string{noten}, junks(p)...)...)
			// Every seat plays a turn, then seat 0 declares.
			b.Fill(0, p, "")
			b.Riichi(0, "1p", "1p", stick)
			b.Exhaust(1, "")
		}
		chomboDeltas := func() [4]int32 {
			var d [4]int32
			switch r.Chombo.Payment {
			case adjudicator.ChomboMangan:
				pay := tsumoPayments(2000, 0, 0, p, true) // the others' mangan tsumo, paid by seat 0 (the dealer)
				for o := range p {
					d[o] += pay[o]
					d[0] -= pay[o]
				}
			case adjudicator.ChomboPoints:
				for o := 1; o < p; o++ {
					share := r.Chombo.Points / int32(p-1)
					d[o] += share
					d[0] -= share
				}
			}
			return d
		}
		zero := make([]int32, p)
		switch r.Draw.NotenRiichi {
		case adjudicator.NotenRiichiNone:
			for _, form := range []string{fmtT6, fmtMjlog, fmtMjai} {
				ok := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-tenpai-riichi-draw", p, start), form, o, func(b *rulegen.Builder) {
					b.Hand(0, 1, 0, 0, sc, fragDora(p), append([]string{tenA}, junks(p)...)...)
					b.Fill(0, p, "").Riichi(0, "9p", "9p", stick).Exhaust(1, "")
					b.End(event.Exhaustive, notenDeltas(p, r.Draw.NotenPool, []bool{true, false, false, false}[:p]), rulegen.Shown{Hands: []bool{true, false, false, false}[:p]})
				})
				bad := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-noten-riichi-draw", p, start), form, o, func(b *rulegen.Builder) {
					riichiNoten(b)
					b.End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, p)})
				})
				f.add(rcase{name: r.Name + ": follows: a riichi on a tenpai hand (" + form + ")", log: ok, rules: r.Name, native: true})
				f.add(rcase{name: r.Name + ": breaks: a noten riichi, one finding (" + form + ")", log: bad, rules: r.Name, native: true,
					findings: []findingWant{fw("legality.riichi", 0, 0, "", "")},
					hands:    []rhand{{index: 0, outcome: "exhaustive", deltas: zero}}})
			}
		case adjudicator.NotenRiichiChombo:
			want := chomboDeltas()
			mine := []bool{true, false, false, false}[:p]
			ok := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-chombo-paid-%s", p, start, payName(want)), fmtT6, o, func(b *rulegen.Builder) {
				riichiNoten(b)
				b.End(event.Exhaustive, want, rulegen.Shown{})
			})
			f.add(rcase{name: r.Name + ": follows: a noten riichi settled as a chombo (tenhou6)", log: ok, rules: r.Name, native: true,
				hands: []rhand{{index: 0, outcome: "chombo", deltas: seatsOf(want, p), chombo: mine}}})
			for _, form := range []string{fmtMjlog, fmtMjai} {
				// Two hands: the chombo, then the same hand dealt again, or
				// the next hand as after a plain draw.
				again := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-chombo-paid-%s-dealt-again", p, start, payName(want)), form, o, func(b *rulegen.Builder) {
					riichiNoten(b)
					b.End(event.Exhaustive, want, rulegen.Shown{Hands: make([]bool, p)})
					b.Hand(0, 1, 0, 1, nil, fragDora(p), append([]string{junkB}, junks(p)...)...).Exhaust(0, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, p)})
				})
				plain := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-chombo-as-a-plain-draw", p, start), form, o, func(b *rulegen.Builder) {
					riichiNoten(b)
					b.End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, p)})
					b.Hand(0, 2, 1, 1, nil, fragDora(p), append([]string{junkB}, junks(p)...)...).Exhaust(1, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, p)})
				})
				f.add(rcase{name: r.Name + ": follows: a noten riichi settled as a chombo, the hand dealt again (" + form + ")", log: again, rules: r.Name, native: true,
					hands: []rhand{{index: 0, outcome: "chombo", deltas: seatsOf(want, p), chombo: mine}}})
				var fs []findingWant
				if want != [4]int32{} {
					fs = append(fs, fw("draw.chombo", 0, -1, ints(seatsOf(want, p)), ints(zero)))
				}
				fs = append(fs, fw("flow.next_round", 1, -1, "E1 dealer 0, honba 0", "E2 dealer 1, honba 1"))
				f.add(rcase{name: r.Name + ": breaks: a noten riichi settled as a plain draw (" + form + ")", log: plain, rules: r.Name, native: true, findings: fs,
					hands: []rhand{{index: 0, outcome: "chombo", deltas: seatsOf(want, p), chombo: mine}}})
			}
		case adjudicator.NotenRiichiNoPenalty:
			for _, form := range []string{fmtT6, fmtMjlog, fmtMjai} {
				ok := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-noten-riichi-draw", p, start), form, o, func(b *rulegen.Builder) {
					riichiNoten(b)
					b.End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, p)})
				})
				pen := tsumoPayments(2000, 0, 0, p, true)
				var d [4]int32
				for o := 1; o < p; o++ {
					d[o], d[0] = pen[o], d[0]-pen[o]
				}
				bad := s.log(fmt.Sprintf("draw.noten_riichi-%dp-%s-noten-riichi-penalized", p, start), form, o, func(b *rulegen.Builder) {
					riichiNoten(b)
					b.End(event.Exhaustive, d, rulegen.Shown{Hands: make([]bool, p)})
				})
				f.add(rcase{name: r.Name + ": follows: a noten riichi, nothing (" + form + ")", log: ok, rules: r.Name, native: true,
					hands: []rhand{{index: 0, outcome: "exhaustive", deltas: zero}}})
				f.add(rcase{name: r.Name + ": breaks: a noten riichi penalized (" + form + ")", log: bad, rules: r.Name, native: true,
					findings: []findingWant{fw("draw.payment", 0, -1, ints(zero), ints(seatsOf(d, p)))}})
			}
		}
	}
}

// payName names a chombo payment in a log's name.
func payName(d [4]int32) string {
	if d == [4]int32{} {
		return "nothing"
	}
	return fmt.Sprint(-d[0])
}

// keishikiTenpai: draw.keishiki_tenpai (item 5 of the verification
// issue).
func (s *rsuite) keishikiTenpai() {
	f := s.file("draw.keishiki_tenpai", `
draw.keishiki_tenpai: seat 0 calls pon of 9p (from 99p567s789s22p46p3z)
and waits on 5p with 999p 567s 789s 22p 46p: no yaku on its wait, by tsumo
or by ron (形式聴牌). true (every preset: every rule set of
docs/rulesets.md counts it, table 1a): it is tenpai and paid as tenpai.
false (house rules; set on each preset): it is noten. A closed hand
without a yaku on its wait (567s789s22p46p123m) is tenpai either way: a
tsumo gives it menzen tsumo. Where the pool is 0 (最高位戦 Classic) the
payments show nothing: the case judges the tenpai alone.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		pool := r.Draw.NotenPool
		hands := append([]string{"99p567s789s22p46p3z"}, junks(p)...)
		yes := []bool{true, false, false, false}[:p]
		no := make([]bool, p)
		paid, zero := notenDeltas(p, pool, yes), [4]int32{}
		shownYes := rulegen.Shown{Hands: yes}
		if r.Draw.Declaration == adjudicator.DeclarationNone {
			shownYes.Hands = no
		}
		open := func(name, form string, d [4]int32, sh rulegen.Shown) string {
			return s.log(fmt.Sprintf("draw.keishiki_tenpai-%dp-%s-open-no-yaku-%s", p, start, name), form, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...)
				b.Fill(0, 1, "").Turn(1, "7p", "9p").Call(0, event.MeldPon, "99p").Discard(0, "3z")
				b.Exhaust(1, "").End(event.Exhaustive, d, sh)
			})
		}
		forms := []string{fmtT6}
		if r.Name == "tenhou" || r.Name == "wrc" {
			forms = append(forms, fmtMjlog, fmtMjai)
		}
		for _, form := range forms {
			sh := shownYes
			if form == fmtT6 {
				sh = rulegen.Shown{}
			}
			asNoten := open("paid-as-noten", form, zero, rulegen.Shown{Hands: no})
			if pool == 0 {
				f.add(rcase{name: fmt.Sprintf("%s: true: follows (the pool is 0: only the tenpai shows it) (%s)", r.Name, form), log: asNoten, rules: r.Name, native: true,
					hands: []rhand{{index: 0, tenpai: yes}}})
				f.add(rcase{name: fmt.Sprintf("%s: false: follows (the pool is 0: only the tenpai shows it) (%s)", r.Name, form), log: asNoten, rules: r.Name,
					set: []kv{{"draw.keishiki_tenpai", false}}, native: true, hands: []rhand{{index: 0, tenpai: no}}})
				continue
			}
			asTenpai := open("paid-as-tenpai", form, paid, sh)
			f.add(rcase{name: fmt.Sprintf("%s: true: follows: paid as tenpai (%s)", r.Name, form), log: asTenpai, rules: r.Name, native: true,
				hands: []rhand{{index: 0, deltas: seatsOf(paid, p), tenpai: yes}}})
			pay := fw("draw.payment", 0, -1, ints(seatsOf(paid, p)), ints(seatsOf(zero, p)))
			switch {
			case r.Draw.Declaration == adjudicator.DeclarationAuto && form == fmtT6:
				f.add(rcase{name: fmt.Sprintf("%s: true: breaks: paid as noten (%s)", r.Name, form), log: asNoten, rules: r.Name, native: true,
					findings: []findingWant{pay}})
			case r.Draw.Declaration == adjudicator.DeclarationAuto:
				f.add(rcase{name: fmt.Sprintf("%s: true: breaks: hidden and paid as noten (%s)", r.Name, form), log: asNoten, rules: r.Name, native: true,
					findings: []findingWant{fw("draw.tenpai", 0, -1, "tenpai (hand shown)", "hand hidden"), pay}})
			case form == fmtT6:
				// Declared in seat order, a tenpai hand may be declared
				// noten: paid as noten, it follows.
				f.add(rcase{name: fmt.Sprintf("%s: true: follows: declared noten, paid as noten (%s)", r.Name, form), log: asNoten, rules: r.Name, native: true,
					hands: []rhand{{index: 0, deltas: seatsOf(zero, p), tenpai: no}}})
			default:
				f.add(rcase{name: fmt.Sprintf("%s: true: follows: declared noten, hidden and paid as noten (%s)", r.Name, form), log: asNoten, rules: r.Name, native: true,
					hands: []rhand{{index: 0, deltas: seatsOf(zero, p), tenpai: no}}})
				shownNoten := open("shown-paid-as-noten", form, zero, rulegen.Shown{Hands: yes})
				f.add(rcase{name: fmt.Sprintf("%s: true: breaks: declared tenpai (shown) and paid as noten (%s)", r.Name, form), log: shownNoten, rules: r.Name, native: true,
					findings: []findingWant{pay}})
			}
			set := []kv{{"draw.keishiki_tenpai", false}}
			f.add(rcase{name: fmt.Sprintf("%s: false: follows: paid as noten (%s)", r.Name, form), log: asNoten, rules: r.Name, set: set, native: true,
				hands: []rhand{{index: 0, deltas: seatsOf(zero, p), tenpai: no}}})
			var fs []findingWant
			if form != fmtT6 && r.Draw.Declaration == adjudicator.DeclarationAuto {
				fs = append(fs, fw("draw.tenpai", 0, -1, "noten (hand hidden)", "hand shown"))
			}
			fs = append(fs, fw("draw.payment", 0, -1, ints(seatsOf(zero, p)), ints(seatsOf(paid, p))))
			f.add(rcase{name: fmt.Sprintf("%s: false: breaks: paid as tenpai (%s)", r.Name, form), log: asTenpai, rules: r.Name, set: set, native: true, findings: fs})
		}
		if p == 4 && pool > 0 {
			closed := s.log("draw.keishiki_tenpai-4p-"+start+"-closed-no-yaku-paid-as-tenpai", fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", append([]string{"567s789s22p46p123m"}, junks(p)...)...).Exhaust(0, "").End(event.Exhaustive, paid, rulegen.Shown{})
			})
			f.add(rcase{name: r.Name + ": false: follows: a closed hand without a yaku on its wait is tenpai (menzen tsumo)", log: closed, rules: r.Name,
				set: []kv{{"draw.keishiki_tenpai", false}}, native: true, hands: []rhand{{index: 0, deltas: seatsOf(paid, p), tenpai: yes}}})
		}
	}
}

// tripleRon: abortive.triple_ron (item 3 of the verification issue: the
// three hands judged from the replay in every format).
func (s *rsuite) tripleRon() {
	f := s.file("abortive.triple_ron", `
abortive.triple_ron: three players ron the dealer's 5p (East 1): seat 1
with 123456789s 46p 55z (ittsu, 2 han 40 fu, 2600), seat 2 with 234567678m 46p 88p (tanyao, 1 han 40 fu, 1300), seat 3
with 345678s 99s 46p 777z (chun, 1 han 40 fu, 1300). Where the triple-ron
abortive draw exists (三家和), a log that records it follows; one whose
three hands do not all win on the discard (seat 3 noten, or complete
without a yaku) breaks it, in every format: the hands are the replay's, a
log need not show them. Where it does not exist, the rons are paid as
win.multiple_ron says (all three, or the head bump's first), and a log
that aborts is divergent. Four-player rules only.
`)
	a, bh, c := "123456789s46p55z", "234567678m46p88p", "345678s99s46p777z"
	v1 := rulegen.Value{Han: 2, Fu: 40, Points: 2600, Yaku: []event.Yaku{{ID: 24, Han: 2}}, Deltas: [4]int32{-2600, 2600, 0, 0}}
	v2 := rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: []event.Yaku{{ID: 8, Han: 1}}, Deltas: [4]int32{-1300, 0, 1300, 0}, Second: true}
	v3 := rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: []event.Yaku{{ID: 20, Han: 1}}, Deltas: [4]int32{-1300, 0, 0, 1300}, Second: true}
	shown := rulegen.Shown{Hands: []bool{false, true, true, true}}
	for _, r := range s.presetsOf(4, func(*adjudicator.Rules) bool { return true }) {
		o, sc, start := fragment(r)
		play := func(b *rulegen.Builder, third string) {
			// Every seat plays a turn; then the dealer discards 5p.
			b.Hand(0, 1, 0, 0, sc, "1z", "1599m159p119s135z", a, bh, third).Fill(0, 4, "").Turn(0, "3p", "5p")
		}
		name := func(what string) string { return "abortive.triple_ron-" + start + "-" + what }
		if r.Abort.TripleRon {
			for _, form := range []string{fmtT6, fmtMjlog, fmtMjai} {
				draw := func(what, third string) string {
					return s.log(name(what), form, o, func(b *rulegen.Builder) {
						play(b, third)
						b.End(event.TripleRon, [4]int32{}, shown)
					})
				}
				f.add(rcase{name: r.Name + ": true: follows: three hands win (" + form + ")", log: draw("three-winning-hands", c), rules: r.Name, native: true,
					hands: []rhand{{index: 0, outcome: "triple_ron", deltas: []int32{0, 0, 0, 0}}}})
				two := []findingWant{fw("draw.triple_ron", 0, -1, "3 winning hands", "2 winning hands")}
				f.add(rcase{name: r.Name + ": true: breaks: seat 3 is noten (" + form + ")", log: draw("seat-3-noten", "345678s99s36p777z"), rules: r.Name, native: true, findings: two})
				f.add(rcase{name: r.Name + ": true: breaks: seat 3's hand has no yaku (" + form + ")", log: draw("seat-3-no-yaku", "345678s99s46p789m"), rules: r.Name, native: true, findings: two})
			}
			continue
		}
		paid := "three-rons-paid"
		wins := func(b *rulegen.Builder) { b.Ron(1, v1).Ron(2, v2).Ron(3, v3) }
		deltas := []int32{-5200, 2600, 1300, 1300}
		if r.Win.MultipleRon == adjudicator.MultiRonHeadBump {
			paid = "head-bump"
			wins = func(b *rulegen.Builder) { b.Ron(1, v1) }
			deltas = []int32{-2600, 2600, 0, 0}
		}
		for _, form := range []string{fmtT6, fmtMjlog, fmtMjai} {
			ok := s.log(name(paid), form, o, func(b *rulegen.Builder) { play(b, c); wins(b) })
			abort := s.log(name("three-winning-hands"), form, o, func(b *rulegen.Builder) {
				play(b, c)
				b.End(event.TripleRon, [4]int32{}, shown)
			})
			f.add(rcase{name: r.Name + ": false: follows: " + paid + " (" + form + ")", log: ok, rules: r.Name, native: true, divSet: true,
				hands: []rhand{{index: 0, outcome: "win", deltas: deltas}}})
			f.add(rcase{name: r.Name + ": false: breaks: the triple-ron draw (" + form + ")", log: abort, rules: r.Name, native: true, divSet: true, divKind: "triple_ron", divHand: 0})
		}
	}
}

// eras: auto.eras (item 8 of the verification issue).
func (s *rsuite) eras() {
	f := s.file("auto.eras", `
auto.eras: which of Tenhou's rule eras a preset is for, from the log id's
date, or without one from the wall seed's form, narrowed by the final
points (unrounded points are only the modern era's). The logs are judged
as --rules auto judges them (rules = "auto"): the candidates it judges
under, and the findings only some candidates make (undetermined).

South 4, seat 3 dealing and first with 35000, is an exhaustive draw at
which the dealer alone is tenpai, and the log plays South 4-1: tenpai-yame
(the modern era, from a day in June 2010 Tenhou announced only in its
lobby) ends the game there; before it, play goes on. Dated before June
2010 the log is of the 2010 era, after it of the modern one, and dated in
June it may be of either: the game.end finding is undetermined, a
discrepancy under tenhou only.

A tonpuusen played to its end with no date and no seed may be of any era;
its final points decide: unrounded ([-16.3 47.0 -35.7 5.0]) only the
modern era writes them, and it is judged under tenhou alone; rounded
([-16.0 47.0 -36.0 5.0]) they fit the 2010 and modern eras, and the 2009
eras (tonpuusen uma 5-10) would give others: undetermined.
`)
	o := rulegen.Options{Players: 4}
	yame := func(id string) string {
		oo := o
		oo.ID = id
		return s.log("auto.eras-tenpai-yame-played-on-"+id[:8], fmtT6, oo, func(b *rulegen.Builder) {
			b.Hand(1, 4, 0, 0, &[4]int32{20000, 25000, 20000, 35000}, "9m", junkA, junkB, junkA, tenA).Exhaust(3, "")
			b.End(event.Exhaustive, [4]int32{-1000, -1000, -1000, 3000}, rulegen.Shown{})
			b.Hand(1, 4, 1, 0, nil, "9m", junkA, junkB, junkA, junkB).Exhaust(3, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
		})
	}
	end := fw("game.end", 1, -1, "game end", "hand S4-1")
	f.add(rcase{name: "dated 2010-05-15: the 2010 era, no tenpai-yame", log: yame("2010051512gm-00a9-0000-0badcafe"), rules: "auto", native: true,
		judgedUnder: []string{"tenhou-2010"}})
	f.add(rcase{name: "dated 2010-06-15: either era, the day tenpai-yame began is not known", log: yame("2010061512gm-00a9-0000-0badcafe"), rules: "auto", native: true,
		judgedUnder: []string{"tenhou", "tenhou-2010"}, undetermined: []undeterminedWant{{findingWant: end, Under: []string{"tenhou"}, NotUnder: []string{"tenhou-2010"}}}})
	f.add(rcase{name: "dated 2010-07-15: the modern era, tenpai-yame", log: yame("2010071512gm-00a9-0000-0badcafe"), rules: "auto", native: true,
		judgedUnder: []string{"tenhou"}, findings: []findingWant{end}})
	// The undated tonpuusen.
	game := func(name string, points []float64) string {
		oo := o
		oo.EastOnly = true
		return s.log("auto.eras-undated-tonpuusen-"+name, fmtMjlog, oo, func(b *rulegen.Builder) {
			b.Hand(0, 1, 0, 0, &[4]int32{25000, 25000, 25000, 25000}, "9s", junkB, "123456789p777z1z", "1599m159p119s135z", junkB).Fill(0, 2, "").Turn(2, "8s", "1z")
			b.Ron(1, rulegen.Value{Han: 6, Fu: 50, Points: 12000, Limit: event.Haneman, Yaku: []event.Yaku{{ID: 20, Han: 1}, {ID: 24, Han: 2}, {ID: 34, Han: 3}}, Deltas: [4]int32{0, 12000, -12000, 0}})
			b.Hand(0, 2, 0, 0, nil, "1z", "1599m159p119s135z", junkB, "345678s99s46p777z", junkB).Fill(1, 3, "").Turn(0, "3p", "5p")
			b.Ron(2, rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: []event.Yaku{{ID: 20, Han: 1}}, Deltas: [4]int32{-1300, 0, 1300, 0}})
			b.Hand(0, 3, 0, 0, nil, "9m", junkA, junkB, junkA, junkB).Exhaust(2, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, 4)})
			b.Hand(0, 4, 1, 0, nil, "9m", junkA, junkB, junkA, junkB).Exhaust(3, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, 4)})
			b.Finish(b.Scores(), points)
		})
	}
	f.add(rcase{name: "no date, no seed, unrounded final points: the modern era", log: game("unrounded", []float64{-16.3, 47.0, -35.7, 5.0}), rules: "auto", native: true,
		judgedUnder: []string{"tenhou"}})
	f.add(rcase{name: "no date, no seed, rounded final points: any era", log: game("rounded", []float64{-16.0, 47.0, -36.0, 5.0}), rules: "auto", native: true,
		judgedUnder: []string{"tenhou", "tenhou-2009", "tenhou-2009-07", "tenhou-2010"},
		undetermined: []undeterminedWant{{findingWant: fw("game.final_points", -1, -1, "[-11.0 37.0 -26.0 0.0]", "[-16.0 47.0 -36.0 5.0]"),
			Under: []string{"tenhou-2009", "tenhou-2009-07"}, NotUnder: []string{"tenhou", "tenhou-2010"}}}})
}

// tenpaiPolicy: draw.tenpai_policy.
func (s *rsuite) tenpaiPolicy() {
	f := s.file("draw.tenpai_policy", `
draw.tenpai_policy: seat 0 (123456789p999s1z) calls pon of 9s from seat 1
and waits on 9s alone, the fourth 9s in its hand, the other three in its
own pon. "tenhou": only concealed copies make such a wait noten, so it is
tenpai; "melds_count": the copies in the player's own melds count too,
so it is noten. The log that follows pays (or shows) it as the preset
says, the one that breaks it the other way. Where the pool is 0 the
payments show nothing: the case judges the tenpai alone.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{"123456789p999s1z", junkA, junkB, junkB}
		if p == 3 {
			hands = []string{"123456789p999s1z", junk3A, junk3B}
		}
		tenhou := r.Draw.TenpaiPolicy.String() == "tenhou"
		yes := []bool{true, false, false, false}[:p]
		no := make([]bool, p)
		want, other := no, yes
		if tenhou {
			want, other = yes, no
		}
		pay := func(t []bool) [4]int32 { return notenDeltas(p, r.Draw.NotenPool, t) }
		forms := []string{fmtT6}
		if r.Name == "tenhou" || r.Name == "wrc" {
			forms = append(forms, fmtMjlog, fmtMjai)
		}
		for _, form := range forms {
			mk := func(t []bool) string {
				sh := rulegen.Shown{Hands: t}
				if form == fmtT6 {
					sh = rulegen.Shown{}
				}
				name := "tenpai"
				if !t[0] {
					name = "noten"
				}
				return s.log(fmt.Sprintf("draw.tenpai_policy-%dp-%s-karaten-in-own-pon-%s", p, start, name), form, o, func(b *rulegen.Builder) {
					b.Hand(0, 1, 0, 0, sc, fragDora(p), hands...)
					b.Fill(0, 1, "").Turn(1, "5z", "9s").Call(0, event.MeldPon, "99s").Discard(0, "1z")
					b.Exhaust(1, "").End(event.Exhaustive, pay(t), sh)
				})
			}
			if r.Draw.NotenPool == 0 {
				f.add(rcase{name: fmt.Sprintf("%s: %s: follows (the pool is 0: only the tenpai shows it) (%s)", r.Name, r.Draw.TenpaiPolicy, form), log: mk(no), rules: r.Name, native: true,
					hands: []rhand{{index: 0, tenpai: want}}})
				continue
			}
			f.add(rcase{name: fmt.Sprintf("%s: %s: follows (%s)", r.Name, r.Draw.TenpaiPolicy, form), log: mk(want), rules: r.Name, native: true,
				hands: []rhand{{index: 0, tenpai: want, deltas: seatsOf(pay(want), p)}}})
			fs := []findingWant{fw("draw.payment", 0, -1, ints(seatsOf(pay(want), p)), ints(seatsOf(pay(other), p)))}
			if form != fmtT6 && r.Draw.Declaration == adjudicator.DeclarationAuto {
				fs = append([]findingWant{fw("draw.tenpai", 0, -1, tenpaiWord(want[0]), revealWord(other[0]))}, fs...)
			}
			f.add(rcase{name: fmt.Sprintf("%s: %s: breaks (%s)", r.Name, r.Draw.TenpaiPolicy, form), log: mk(other), rules: r.Name, native: true, findings: fs})
		}
	}
}

// tenpaiWord and revealWord are the words of a draw.tenpai finding.
func tenpaiWord(t bool) string {
	if t {
		return "tenpai (hand shown)"
	}
	return "noten (hand hidden)"
}

func revealWord(r bool) string {
	if r {
		return "hand shown"
	}
	return "hand hidden"
}

// nagashi: draw.nagashi and draw.nagashi_own_calls.
func (s *rsuite) nagashi() {
	f := s.file("draw.nagashi", `
draw.nagashi: seat 1 discards only terminals and honours, none called, to
the end of the wall; nobody is tenpai. "replaces_noten": it is paid as a
mangan tsumo instead of noten payments (4000 from the dealer, 2000 from
each other; sanma: the missing share is lost), and it is a draw: the
honba go up and the dealer, noten, passes. "none": a plain exhaustive
draw. "as_win" (set on tenhou): paid the same here (no honba, no sticks),
but a win: the honba go back to 0. Each log goes on with the next hand.
`)
	fo := s.file("draw.nagashi_own_calls", `
draw.nagashi_own_calls: as draw.nagashi, but seat 1 calls pon of the
dealer's 1z on its way. true (every preset with nagashi mangan): its own
call does not void it; false (set): it does. The presets without nagashi
mangan are not concerned.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		pay := tsumoPayments(2000, 1, 0, p, true)
		var nm [4]int32
		for x := range p {
			nm[x] -= pay[x]
			nm[1] += pay[x]
		}
		hands := []string{junkB, "19m11p99p19s12345z", junkD, junkD}
		call := []string{junkB, "11z19m1p99p19s2345z", junkD, junkD}
		if p == 3 {
			hands = []string{junk3A, "19m11p99p19s12345z", junk3B}
			call = []string{junk3A, "11z19m1p99p19s2345z", junk3B}
		}
		second := func(b *rulegen.Builder, honba int) {
			b.Hand(0, 2, honba, 0, nil, fragDora(p), allJunk(p)...).Exhaust(1, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
		}
		mk := func(name string, own bool, kind event.RyuukyokuKind, d [4]int32, honba int) string {
			h := hands
			if own {
				h = call
				name += "-own-call"
			}
			return s.log(fmt.Sprintf("draw.nagashi-%dp-%s-%s-then-honba-%d", p, start, name, honba), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, fragDora(p), h...).Nagashi(1)
				if own {
					b.Turn(0, "2p", "1z").Call(1, event.MeldPon, "11z").Discard(1, "9m").Exhaust(2, "")
				} else {
					b.Exhaust(0, "")
				}
				b.End(kind, d, rulegen.Shown{})
				second(b, honba)
			})
		}
		zero := make([]int32, p)
		for _, own := range []bool{false, true} {
			ff, what := f, "nagashi"
			if own {
				if r.Draw.Nagashi == adjudicator.NagashiNone {
					continue
				}
				ff, what = fo, "nagashi after its own pon"
			}
			switch r.Draw.Nagashi {
			case adjudicator.NagashiReplacesNoten:
				ok := mk("paid", own, event.Nagashi, nm, 1)
				bad := mk("as-a-plain-draw", own, event.Exhaustive, [4]int32{}, 1)
				name := "replaces_noten"
				if own {
					name = "true"
				}
				ff.add(rcase{name: fmt.Sprintf("%s: %s: follows: %s paid as a mangan tsumo, honba +1", r.Name, name, what), log: ok, rules: r.Name, native: true,
					hands: []rhand{{index: 0, outcome: "nagashi", deltas: seatsOf(nm, p)}}})
				ff.add(rcase{name: fmt.Sprintf("%s: %s: breaks: %s recorded as a plain draw", r.Name, name, what), log: bad, rules: r.Name, native: true,
					findings: []findingWant{fw("draw.nagashi", 0, -1, "nagashi", "exhaustive"), fw("draw.nagashi_payment", 0, -1, ints(seatsOf(nm, p)), ints(zero))}})
				if own {
					set := []kv{{"draw.nagashi_own_calls", false}}
					ff.add(rcase{name: r.Name + ": false: follows: its own pon voids it, a plain draw", log: bad, rules: r.Name, set: set, native: true,
						hands: []rhand{{index: 0, outcome: "exhaustive", deltas: zero}}})
					ff.add(rcase{name: r.Name + ": false: breaks: paid as nagashi after its own pon", log: ok, rules: r.Name, set: set, native: true,
						findings: []findingWant{fw("draw.nagashi", 0, -1, "exhaustive", "nagashi"), fw("draw.payment", 0, -1, ints(zero), ints(seatsOf(nm, p)))}})
					continue
				}
				if r.Name == "tenhou" || r.Name == "tenhou-sanma" {
					set := []kv{{"draw.nagashi", "as_win"}}
					win := mk("paid", own, event.Nagashi, nm, 0)
					ff.add(rcase{name: r.Name + ": as_win: follows: paid as a mangan tsumo, a win: honba 0", log: win, rules: r.Name, set: set, native: true,
						hands: []rhand{{index: 0, outcome: "nagashi", deltas: seatsOf(nm, p)}}})
					ff.add(rcase{name: r.Name + ": as_win: breaks: a draw's honba", log: ok, rules: r.Name, set: set, native: true,
						findings: []findingWant{fw("flow.next_round", 1, -1, "honba 0", "honba 1")}})
				}
			case adjudicator.NagashiNone:
				ok := mk("as-a-plain-draw", false, event.Exhaustive, [4]int32{}, 1)
				bad := mk("paid", false, event.Nagashi, nm, 1)
				f.add(rcase{name: r.Name + ": none: follows: a plain draw", log: ok, rules: r.Name, native: true,
					hands: []rhand{{index: 0, outcome: "exhaustive", deltas: zero}}})
				f.add(rcase{name: r.Name + ": none: breaks: paid as nagashi mangan", log: bad, rules: r.Name, native: true,
					findings: []findingWant{fw("draw.payment", 0, -1, ints(zero), ints(seatsOf(nm, p)))}})
			}
		}
	}
}

// junkD is a noten hand without 1z (draw.nagashi).
const junkD = "2468m2468p2468s7z"

// allJunk returns noten hands for every seat.
func allJunk(p int) []string {
	if p == 3 {
		return []string{junk3C, junk3A, junk3B}
	}
	return []string{junkB, junkA, junkB, junkA}
}

// handAt is where a hand is: its round wind and number (the dealer is
// number-1) and honba.
type handAt struct{ wind, number, honba int }

// afterEast1 returns the hand after East 1 (no honba) in which the dealer
// keeps the seat or not, with a honba added or not.
func afterEast1(keep, honba bool) handAt {
	n := handAt{0, 1, 0}
	if !keep {
		n.number = 2
	}
	if honba {
		n.honba = 1
	}
	return n
}

// nextRound returns the expected and recorded values of a flow.next_round
// finding: the parts that differ, "E2 dealer 1" and "honba 1".
func nextRound(want, got handAt) (string, string) {
	var w, g []string
	if want.wind != got.wind || want.number != got.number {
		w = append(w, fmt.Sprintf("%s%d dealer %d", "ESWN"[want.wind:want.wind+1], want.number, want.number-1))
		g = append(g, fmt.Sprintf("%s%d dealer %d", "ESWN"[got.wind:got.wind+1], got.number, got.number-1))
	}
	if want.honba != got.honba {
		w = append(w, fmt.Sprintf("honba %d", want.honba))
		g = append(g, fmt.Sprintf("honba %d", got.honba))
	}
	return strings.Join(w, ", "), strings.Join(g, ", ")
}

// renchan: draw.renchan.
func (s *rsuite) renchan() {
	f := s.file("draw.renchan", `
draw.renchan: who deals after an exhaustive draw at which the dealer alone
is tenpai (East 1; and South 1, a fragment), and after the dealer's win
(East 1: 123456p789s23s55s rons 4s, pinfu, 1500). "tenpai": the dealer
keeps the seat, honba +1. "win": only a win keeps it; after the draw the
seat passes, honba +1. "never": the seat passes even after the dealer's
win (honba back to 0). "tenpai_from_south": a win only in the East round,
a win or tenpai from the South round on. The next hand of the log that
follows is the rules'; the one that breaks them plays another (a
flow.next_round finding).
`)
	// The presets, and "never" (no preset's) set on tenhou.
	type variant struct {
		r   *adjudicator.Rules
		set []kv
	}
	var variants []variant
	for _, r := range s.presets {
		variants = append(variants, variant{r, nil})
	}
	never := *s.preset("tenhou")
	never.Draw.Renchan = adjudicator.RenchanNever
	variants = append(variants, variant{&never, []kv{{"draw.renchan", "never"}}})
	for _, vr := range variants {
		r, set := vr.r, vr.set
		p := r.Players
		o, sc, start := fragment(r)
		tenpai := []bool{true, false, false, false}[:p]
		pay := notenDeltas(p, r.Draw.NotenPool, tenpai)
		keepsDraw := func(wind int) bool {
			switch r.Draw.Renchan {
			case adjudicator.RenchanTenpai:
				return true
			case adjudicator.RenchanSouthTenpai:
				return wind >= 1
			}
			return false
		}
		type situation struct {
			what  string
			wind  int
			win   bool
			keeps bool
		}
		for _, c := range []situation{
			{what: "the dealer tenpai at an East draw", keeps: keepsDraw(0)},
			{what: "the dealer tenpai at a South draw", wind: 1, keeps: keepsDraw(1)},
			{what: "the dealer's win", win: true, keeps: r.Draw.Renchan != adjudicator.RenchanNever},
		} {
			if c.wind == 1 && r.Draw.Renchan != adjudicator.RenchanSouthTenpai && (r.Name != "tenhou" || set != nil) {
				continue
			}
			at := func(keep bool) handAt {
				switch {
				case keep:
					return handAt{c.wind, 1, 1}
				case c.win:
					return handAt{c.wind, 2, 0}
				}
				return handAt{c.wind, 2, 1}
			}
			mk := func(n handAt) string {
				what := fmt.Sprintf("dealer-tenpai-draw-pool-%d", r.Draw.NotenPool)
				if c.win {
					what = "dealer-wins"
				}
				name := fmt.Sprintf("draw.renchan-%dp-%s-%s%d-%s-then-%s%d-%d", p, start, "ES"[c.wind:c.wind+1], 1, what, "ES"[n.wind:n.wind+1], n.number, n.honba)
				return s.log(name, fmtT6, o, func(b *rulegen.Builder) {
					if c.win {
						hands := []string{tenA, junkB, junkA, junkA}
						if p == 3 {
							hands = []string{tenA, junk3B, junk3A}
						}
						b.Hand(0, 1, 0, 0, sc, fragDora(p), hands...).Fill(0, 1, "").Turn(1, "5z", "4s")
						b.Ron(0, rulegen.Value{Han: 1, Fu: 30, Points: 1500, Yaku: yk(yPinfu, 1), Deltas: [4]int32{1500, -1500}})
					} else {
						b.Hand(c.wind, 1, 0, 0, sc, fragDora(p), append([]string{tenA}, junks(p)...)...).Exhaust(0, "").End(event.Exhaustive, pay, rulegen.Shown{})
					}
					b.Hand(n.wind, n.number, n.honba, 0, nil, fragDora(p), allJunk(p)...)
					b.Exhaust(event.Seat(n.number-1), "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
				})
			}
			want, got := at(c.keeps), at(!c.keeps)
			e, rec := nextRound(want, got)
			f.add(rcase{name: fmt.Sprintf("%s: %s: follows: after %s", r.Name, r.Draw.Renchan, c.what), log: mk(want), rules: r.Name, set: set, native: true})
			f.add(rcase{name: fmt.Sprintf("%s: %s: breaks: after %s", r.Name, r.Draw.Renchan, c.what), log: mk(got), rules: r.Name, set: set, native: true,
				findings: []findingWant{fw("flow.next_round", 1, -1, e, rec)}})
		}
	}
}
