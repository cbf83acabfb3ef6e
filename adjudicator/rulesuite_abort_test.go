package adjudicator_test

import (
	"fmt"
	"slices"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rulegen"
)

// abortOn reports whether the rules have the abortive draw of kind k.
func abortOn(r *adjudicator.Rules, k string) bool {
	switch k {
	case "nine_terminals":
		return r.Abort.NineTerminals
	case "four_winds":
		return r.Abort.FourWinds
	case "four_riichi":
		return r.Abort.FourRiichi
	case "four_kans":
		return r.Abort.FourKans
	case "triple_ron":
		return r.Abort.TripleRon
	}
	return false
}

// abortKinds are the abortive draws, as the rule files name them.
var abortKinds = []string{"nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"}

// abortPlay builds the first hand of an abortive-draw scenario of kind k
// up to the moment the rules abort it (the caller ends it, or plays on):
// it returns the hand's riichi sticks and a function that plays the hand
// on to an exhaustive draw instead. variant selects a hand that breaks the
// draw's conditions ("eight kinds" for nine terminals; "closed kan" for
// four winds after a closed kan; "at the fourth kan" for four kans
// aborted on the kan itself).
func abortPlay(b *rulegen.Builder, p int, sc *[4]int32, k, variant string, stick int32) (sticks int, shown []bool) {
	switch k {
	case "nine_terminals":
		hand := junkA
		others := []string{junkB, junkD, junkB}
		if p == 3 {
			hand, others = junk3A, []string{junk3B, junk3C}
		}
		if variant == "eight kinds" {
			hand = "23456m19p19s1357z"
			if p == 3 {
				hand = "19m23456p19s1357z"
			}
		}
		b.Hand(0, 1, 0, 0, sc, fragDora(p), append([]string{hand}, others...)...).Draw(0, "8s")
		return 0, []bool{true, false, false, false}[:p]
	case "four_winds":
		if variant == "closed kan" {
			b.Hand(0, 1, 0, 0, sc, "9m", "2222p2468m468s13z", junkA, "159m19p159s12345z", junkA)
			b.Draw(0, "3p").ClosedKan(0, "2222p", "3s", "7p").Discard(0, "1z")
		} else {
			b.Hand(0, 1, 0, 0, sc, "9m", junkB, junkA, junkB, junkA).Turn(0, "3p", "1z")
		}
		b.Turn(1, "3m", "1z").Turn(2, "3s", "1z").Turn(3, "7p", "1z")
		return 0, nil
	case "four_riichi":
		b.Hand(0, 1, 0, 0, sc, "1z", tenA, tenB, "111m234m567m789m9p", "22m345m678m678s99s")
		for s, t := range []string{"4z", "5z", "6z", "7z"} {
			b.Riichi(event.Seat(s), t, t, stick)
		}
		return 4, []bool{true, true, true, true}
	case "four_kans":
		hands := []string{"1111p2222p19m12z3z", "3333s4444s19m45z6z", "19m5789p6789s567z", "79m5789p6789s567z"}
		if p == 3 {
			hands = hands[:3]
		}
		b.Hand(0, 1, 0, 0, sc, "7s", hands...)
		b.Draw(0, "1s").ClosedKan(0, "1111p", "2s", "3p").ClosedKan(0, "2222p", "4p", "5s").Discard(0, "1z")
		b.Draw(1, "6p").ClosedKan(1, "3333s", "7p", "8p")
		if variant == "at the fourth kan" {
			b.ClosedKan(1, "4444s", "", "")
			return 0, nil
		}
		b.ClosedKan(1, "4444s", "9p", "6p").Discard(1, "4z")
		return 0, nil
	case "triple_ron":
		b.Hand(0, 1, 0, 0, sc, "1z", "1599m159p119s135z", ronA, ronB, "345678s99s46p777z").Fill(0, 4, "").Turn(0, "9p", "5p")
		return 0, []bool{false, true, true, true}
	}
	panic(k)
}

// abortWords are the findings' words of a kind.
var abortCheck = map[string]string{"nine_terminals": "draw.nine_terminals", "four_winds": "draw.four_winds", "four_riichi": "draw.four_riichi", "four_kans": "draw.four_kans", "triple_ron": "draw.triple_ron"}

// abortKind is the event kind of an abortive draw.
func abortKind(k string) event.RyuukyokuKind {
	return map[string]event.RyuukyokuKind{"nine_terminals": event.NineTerminals, "four_winds": event.FourWinds, "four_riichi": event.FourRiichi,
		"four_kans": event.FourKans, "triple_ron": event.TripleRon}[k]
}

// abortives: abortive.nine_terminals, four_winds, four_riichi and
// four_kans (abortive.triple_ron has its own scenarios).
func (s *rsuite) abortives() {
	descs := map[string]string{
		"nine_terminals": `
abortive.nine_terminals: the dealer's first draw leaves it nine kinds of
terminals and honours or more (159m159p19s13577z and 8s: ten). Where the
abortive draw exists the dealer may declare it: a log that does follows;
one that declares it with eight kinds (23456m19p19s1357z) breaks it. Where
it does not exist, play goes on (a log that plays the hand to its end
follows), and a log that aborts is divergent.
`,
		"four_winds": `
abortive.four_winds (four-player rules): the four first discards are 1z,
nobody having called. Where the abortive draw exists the hand ends there:
a log that ends it follows; one that plays on breaks it. Where it does not
exist, play goes on, and a log that aborts is divergent.
`,
		"four_riichi": `
abortive.four_riichi (four-player rules): all four players declare riichi
(tenpai: 123456p789s23s55s, 234567p345s678s8p, 111m234m567m789m9p,
22m345m678m678s99s) and the fourth riichi discard passes. Where the
abortive draw exists the hand ends there, every hand shown; a log that
plays on breaks it. Where it does not exist, play goes on (to a draw at
which all four are tenpai), and a log that aborts is divergent.
`,
		"four_kans": `
abortive.four_kans: the dealer makes two closed kans (1111p, 2222p), seat
1 two more (3333s, 4444s): four kans by two players. Where the abortive
draw exists the hand ends after the discard that follows the fourth kan,
if nobody wins on it (or at the fourth kan itself: see
abortive.four_kans_timing); a log that plays on breaks it. Where it does
not exist, play goes on, and a log that aborts is divergent.
`,
	}
	timing := s.file("abortive.four_kans_timing", `
abortive.four_kans_timing: as abortive.four_kans, the log ends the hand
after the discard that follows the fourth kan, or at the fourth kan
itself. "after_discard": the first follows, the second breaks it (a draw
without its conditions at that moment); "on_declaration" the reverse. Only
rules with the four-kans abortive draw are concerned.
`)
	for _, k := range abortKinds[:4] {
		f := s.file("abortive."+k, descs[k])
		for _, r := range s.presets {
			p := r.Players
			if p == 3 && (k == "four_winds" || k == "four_riichi") {
				continue
			}
			o, sc, start := fragment(r)
			stick := r.Points.RiichiStick
			name := func(what string) string { return fmt.Sprintf("abortive.%s-%dp-%s-%s", k, p, start, what) }
			aborted := func(variant string) string {
				form := fmtT6
				if variant == "at the fourth kan" {
					// The tenhou.net/6 decoder does not take a hand that
					// ends on a kan (parser work of another branch).
					form = fmtMjlog
				}
				return s.log(name("aborted"+map[string]string{"": "", "eight kinds": "-with-eight-kinds", "at the fourth kan": "-at-the-fourth-kan"}[variant]), form, o, func(b *rulegen.Builder) {
					_, shown := abortPlay(b, p, sc, k, variant, stick)
					b.End(abortKind(k), [4]int32{}, rulegen.Shown{Hands: shown})
				})
			}
			// Play goes on: to an exhaustive draw. In the four-riichi hand
			// everyone is tenpai (no payments).
			playedOn := s.log(name("played-on"), fmtT6, o, func(b *rulegen.Builder) {
				abortPlay(b, p, sc, k, "", stick)
				var next event.Seat
				switch k {
				case "nine_terminals":
					b.Discard(0, "8s")
					next = 1
				case "four_kans":
					next = 2
				}
				b.Exhaust(next, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
			})
			ownAt := r.Abort.FourKansTiming.String() == "on_declaration"
			variant := ""
			if k == "four_kans" && ownAt {
				variant = "at the fourth kan"
			}
			if abortOn(r, k) {
				f.add(rcase{name: r.Name + ": true: follows: the hand aborted", log: aborted(variant), rules: r.Name, native: true, divSet: true,
					hands: []rhand{{index: 0, outcome: k, deltas: make([]int32, p)}}})
				if k == "nine_terminals" {
					f.add(rcase{name: r.Name + ": true: breaks: declared with eight kinds", log: aborted("eight kinds"), rules: r.Name, native: true,
						findings: []findingWant{fw("draw.nine_terminals", 0, -1, "9 or more kinds", "fewer")}})
					f.add(rcase{name: r.Name + ": true: follows: play goes on (the declaration is optional)", log: playedOn, rules: r.Name, native: true, divSet: true})
				} else {
					f.add(rcase{name: r.Name + ": true: breaks: play goes on", log: playedOn, rules: r.Name, native: true,
						findings: []findingWant{fw(abortCheck[k], 0, -1, k+" abortive draw", "play goes on")}})
				}
				if k == "four_kans" {
					after, at := aborted(""), aborted("at the fourth kan")
					afterWant := fw("draw.four_kans", 0, -1, "4 kans by 2+ players, then a discard", "4 kans by 2 players (after kan)")
					atWant := fw("draw.four_kans", 0, -1, "4 kans by 2+ players, at the fourth", "4 kans by 2 players (after discard)")
					if ownAt {
						timing.add(rcase{name: r.Name + ": on_declaration: follows", log: at, rules: r.Name, native: true})
						timing.add(rcase{name: r.Name + ": on_declaration: breaks", log: after, rules: r.Name, native: true, findings: []findingWant{atWant}})
					} else {
						timing.add(rcase{name: r.Name + ": after_discard: follows", log: after, rules: r.Name, native: true})
						timing.add(rcase{name: r.Name + ": after_discard: breaks", log: at, rules: r.Name, native: true, findings: []findingWant{afterWant}})
					}
				}
				continue
			}
			f.add(rcase{name: r.Name + ": false: follows: play goes on", log: playedOn, rules: r.Name, native: true, divSet: true})
			f.add(rcase{name: r.Name + ": false: breaks: the hand aborted", log: aborted(variant), rules: r.Name, native: true, divSet: true, divKind: k, divHand: 0})
		}
	}
	// The closed kan before four winds.
	f := s.file("abortive.four_winds_voided_by", `
abortive.four_winds_voided_by (four-player rules with the four-winds
abortive draw): the dealer makes a closed kan (2222p) on its first turn,
then the four first discards are 1z. "calls_and_closed_kans": the closed
kan voids the abortive draw, and play goes on; a log that aborts breaks
it. "calls": only chi, pon and open kans void it: the hand aborts, and a
log that plays on breaks it.
`)
	for _, r := range s.presetsOf(4, func(r *adjudicator.Rules) bool { return r.Abort.FourWinds }) {
		o, sc, start := fragment(r)
		aborted := s.log("abortive.four_winds_voided_by-4p-"+start+"-closed-kan-then-four-winds-aborted", fmtT6, o, func(b *rulegen.Builder) {
			abortPlay(b, 4, sc, "four_winds", "closed kan", 0)
			b.End(event.FourWinds, [4]int32{}, rulegen.Shown{})
		})
		playedOn := s.log("abortive.four_winds_voided_by-4p-"+start+"-closed-kan-then-four-winds-played-on", fmtT6, o, func(b *rulegen.Builder) {
			abortPlay(b, 4, sc, "four_winds", "closed kan", 0)
			b.Exhaust(0, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
		})
		v := r.Abort.FourWindsVoidedBy.String()
		if v == "calls" {
			f.add(rcase{name: r.Name + ": calls: follows: the hand aborted", log: aborted, rules: r.Name, native: true})
			f.add(rcase{name: r.Name + ": calls: breaks: play goes on", log: playedOn, rules: r.Name, native: true,
				findings: []findingWant{fw("draw.four_winds", 0, -1, "four_winds abortive draw", "play goes on")}})
			continue
		}
		f.add(rcase{name: r.Name + ": calls_and_closed_kans: follows: play goes on", log: playedOn, rules: r.Name, native: true})
		f.add(rcase{name: r.Name + ": calls_and_closed_kans: breaks: the hand aborted", log: aborted, rules: r.Name, native: true,
			findings: []findingWant{fw("draw.four_winds", 0, -1, "4 identical winds in the first go-round", "4 discards")}})
	}
	s.abortiveNext()
	s.fifthKan()
}

// abortiveNext: abortive.keep_dealer and abortive.add_honba.
func (s *rsuite) abortiveNext() {
	fk := s.file("abortive.keep_dealer", `
abortive.keep_dealer: after each abortive draw the rules have, the dealer
keeps the seat (the kinds listed) or the seat passes (the others). The
logs are the aborted hands of the abortive.* scenarios, then the next hand
(played to a draw): with the dealer the rules give it follows, with the
other breaks it (flow.next_round). They are mjlog: tenhou.net/6 cannot
list East 1 twice.
`)
	fh := s.file("abortive.add_honba", `
abortive.add_honba: after each abortive draw the rules have, a honba is
added (the kinds listed) or the honba stay as they were (the others). The
logs are the aborted hands of the abortive.* scenarios, then the next
hand: with the honba the rules give it follows, with the other breaks it
(flow.next_round).
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		for _, k := range abortKinds {
			if !abortOn(r, k) || p == 3 && (k == "four_winds" || k == "four_riichi") {
				continue
			}
			kind := adjudicator.AbortKind(0)
			if err := kind.UnmarshalText([]byte(k)); err != nil {
				s.t.Fatal(err)
			}
			keep, honba := slices.Contains(r.Abort.KeepDealer, kind), slices.Contains(r.Abort.AddHonba, kind)
			variant := ""
			if k == "four_kans" && r.Abort.FourKansTiming.String() == "on_declaration" {
				variant = "at the fourth kan"
			}
			mk := func(n handAt) string {
				name := fmt.Sprintf("abortive.next-%dp-%s-%s%s-then-E%d-%d", p, start, k, map[string]string{"": "", "at the fourth kan": "-at-the-fourth-kan"}[variant], n.number, n.honba)
				// mjlog: tenhou.net/6 cannot list East 1 twice.
				return s.log(name, fmtMjlog, o, func(b *rulegen.Builder) {
					sticks, shown := abortPlay(b, p, sc, k, variant, r.Points.RiichiStick)
					b.End(abortKind(k), [4]int32{}, rulegen.Shown{Hands: shown})
					b.Hand(0, n.number, n.honba, sticks, nil, fragDora(p), allJunk(p)...).Exhaust(event.Seat(n.number-1), "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
				})
			}
			want := afterEast1(keep, honba)
			for _, c := range []struct {
				f      *rfile
				what   string
				v      bool
				breaks handAt
			}{
				{fk, "keeps the seat", keep, afterEast1(!keep, honba)},
				{fh, "adds a honba", honba, afterEast1(keep, !honba)},
			} {
				e, rec := nextRound(want, c.breaks)
				c.f.add(rcase{name: fmt.Sprintf("%s: %s %v: follows", r.Name, k, c.v), log: mk(want), rules: r.Name, native: true})
				c.f.add(rcase{name: fmt.Sprintf("%s: %s %v: breaks", r.Name, k, c.v), log: mk(c.breaks), rules: r.Name, native: true,
					findings: []findingWant{fw("flow.next_round", 1, -1, e, rec)}})
			}
		}
	}
}

// fifthKan: abortive.fifth_kan.
func (s *rsuite) fifthKan() {
	f := s.file("abortive.fifth_kan", `
abortive.fifth_kan: the dealer makes four closed kans in its first turn
(1111p, 2222p, 3333s, and 4444z of the tiles it draws), which abort
nothing (one player), and waits on 7z; then seat 1 declares a closed kan
of 9999m, the fifth. "forbidden": a fifth kan is illegal: a log without
it follows (the hand goes on to a draw at which the dealer alone is
tenpai), one with it breaks it (legality.kan). "aborts" (set on tenhou
and wrc): the fifth kan ends the hand (五開槓): a log that ends it there
follows, one that plays on breaks it. mjlog: the tenhou.net/6 decoder does
not take a hand that ends on a kan.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		fourKans := func(b *rulegen.Builder) {
			hands := make([]string, p)
			hands[0] = "1111p2222p3333s4z"
			hands[1] = "9999m5678p5678s2z"
			b.Hand(0, 1, 0, 0, sc, "9s", hands...)
			b.Draw(0, "4z").ClosedKan(0, "1111p", "7p", "4z").ClosedKan(0, "2222p", "7s", "4z").ClosedKan(0, "3333s", "8p", "6z")
			b.ClosedKan(0, "4444z", "8s", "7z").Discard(0, "6z")
		}
		pay := notenDeltas(p, r.Draw.NotenPool, []bool{true, false, false, false}[:p])
		name := func(what string) string {
			return fmt.Sprintf("abortive.fifth_kan-%dp-%s-pool-%d-%s", p, start, r.Draw.NotenPool, what)
		}
		four := s.log(name("four-kans-by-one-player-then-a-draw"), fmtMjlog, o, func(b *rulegen.Builder) {
			fourKans(b)
			b.Exhaust(1, "").End(event.Exhaustive, pay, rulegen.Shown{Hands: []bool{true, false, false, false}[:p]})
		})
		fifthOn := s.log(name("a-fifth-kan-then-a-draw"), fmtMjlog, o, func(b *rulegen.Builder) {
			fourKans(b)
			b.Draw(1, "1z").ClosedKan(1, "9999m", "", "")
			b.Draw(1, "3z")
			b.Discard(1, "3z").Exhaust(2, "").End(event.Exhaustive, pay, rulegen.Shown{Hands: []bool{true, false, false, false}[:p]})
		})
		fifthEnds := s.log(name("a-fifth-kan-ends-the-hand"), fmtMjlog, o, func(b *rulegen.Builder) {
			fourKans(b)
			b.Draw(1, "1z").ClosedKan(1, "9999m", "", "").End(event.FourKans, [4]int32{}, rulegen.Shown{})
		})
		f.add(rcase{name: r.Name + ": forbidden: follows: no fifth kan", log: four, rules: r.Name, native: true,
			hands: []rhand{{index: 0, outcome: "exhaustive", deltas: seatsOf(pay, p)}}})
		f.add(rcase{name: r.Name + ": forbidden: breaks: a fifth kan", log: fifthOn, rules: r.Name, native: true,
			findings: []findingWant{fw("legality.kan", 0, 1, "", "")}})
		if r.Name == "tenhou" || r.Name == "wrc" {
			set := []kv{{"abortive.fifth_kan", "aborts"}}
			f.add(rcase{name: r.Name + ": aborts: follows: the fifth kan ends the hand", log: fifthEnds, rules: r.Name, set: set, native: true})
			f.add(rcase{name: r.Name + ": aborts: breaks: play goes on", log: fifthOn, rules: r.Name, set: set, native: true,
				findings: []findingWant{fw("draw.four_kans", 0, -1, "four_kans abortive draw", "play goes on")}})
		}
	}
}
