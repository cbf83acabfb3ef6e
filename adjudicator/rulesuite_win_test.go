package adjudicator_test

import (
	"fmt"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rulegen"
)

// up rounds points up to 100.
func up(x int32) int32 { return (x + 99) / 100 * 100 }

// baseOf returns a hand's base points under the rules r and the limit it
// reaches: fu×2^(han+2); mangan from 5 han (or a base above 2000, or, with
// kiriage, 4 han 30 fu and 3 han 60 fu, which keep no limit's name),
// haneman 6, baiman 8, sanbaiman 11, and 13 or more a yakuman with kazoe,
// else sanbaiman.
func baseOf(r *adjudicator.Rules, han, fu int) (int32, event.Limit) {
	b := int32(fu) << (han + 2)
	switch {
	case han >= 13 && r.Win.Kazoe:
		return 8000, event.Yakuman
	case han >= 11:
		return 6000, event.Sanbaiman
	case han >= 8:
		return 4000, event.Baiman
	case han >= 6:
		return 3000, event.Haneman
	case han >= 5 || b > 2000:
		return 2000, event.Mangan
	case r.Win.Kiriage && (han == 4 && fu == 30 || han == 3 && fu == 60):
		return 2000, event.NoLimit
	}
	return b, event.NoLimit
}

// ronValue is what the discarder pays on a ron of base b.
func ronValue(b int32, dealer bool) int32 {
	if dealer {
		return up(6 * b)
	}
	return up(4 * b)
}

// ronDeltas returns a ron's score changes: the value, honba (each
// honba_ron) from the discarder, sticks to the winner.
func ronDeltas(value int32, winner, from event.Seat, honba int, honbaRon int32, sticks int32) [4]int32 {
	var d [4]int32
	pay := value + int32(honba)*honbaRon
	d[from] -= pay
	d[winner] += pay + sticks
	return d
}

// tsumoDeltas returns a tsumo's score changes: each payer's share (pay),
// honba (honba_tsumo from each payer), sticks to the winner.
func tsumoDeltas(pay [4]int32, winner event.Seat, p, honba int, honbaTsumo, sticks int32) [4]int32 {
	var d [4]int32
	for s := range p {
		if event.Seat(s) == winner {
			continue
		}
		x := pay[s] + int32(honba)*honbaTsumo
		d[s] -= x
		d[winner] += x
	}
	d[winner] += sticks
	return d
}

// yk builds a yaku list from id, han pairs.
func yk(pairs ...int) []event.Yaku {
	var out []event.Yaku
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, event.Yaku{ID: event.YakuID(pairs[i]), Han: uint8(pairs[i+1])})
	}
	return out
}

// Yaku ids (Tenhou's numbering).
const (
	yMenzenTsumo = 0
	yRiichi      = 1
	yIppatsu     = 2
	yPinfu       = 7
	yTanyao      = 8
	yIipeikou    = 9
	yChun        = 20
	yIttsu       = 24
	yRyanpeikou  = 32
	yHonitsu     = 34
	yChinitsu    = 35
	yDaisangen   = 39
	ySuuankouT   = 41
	yTsuuiisou   = 42
	yDora        = 52
	yUra         = 53
)

// riichiStick: points.riichi_stick.
func (s *rsuite) riichiStick() {
	f := s.file("points.riichi_stick", `
points.riichi_stick: the riichi deposit. Seat 2 declares riichi (tenpai on
1s-4s); then seat 1 rons the next discard, 8p (234567p345s678s8p: tanyao,
1 han 40 fu, 1300) and takes the stick. The log that breaks the statement
was played with 1500-point sticks: the winner takes 1500.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		from := event.Seat(3 % p)
		hands := []string{junkA, tenB, tenA, junkB}
		if p == 3 {
			hands = []string{junk3B, tenB, tenA}
		}
		mk := func(stick int32) (string, [4]int32) {
			d := ronDeltas(1300, 1, from, 0, r.Points.HonbaRon, stick)
			return s.log(fmt.Sprintf("points.riichi_stick-%dp-%s-stick-%d", p, start, stick), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...).Fill(0, 2, "").Riichi(2, "9p", "9p", stick)
				b.Turn(from, "5z", "8p").Ron(1, rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: yk(yTanyao, 1), Deltas: d})
			}), d
		}
		ok, want := mk(r.Points.RiichiStick)
		bad, got := mk(1500)
		f.add(rcase{name: fmt.Sprintf("%s: follows: a %d-point stick", r.Name, r.Points.RiichiStick), log: ok, rules: r.Name, native: true,
			hands: []rhand{{index: 0, outcome: "win", deltas: seatsOf(want, p)}}})
		f.add(rcase{name: r.Name + ": breaks: a 1500-point stick", log: bad, rules: r.Name, native: true,
			findings: []findingWant{fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
	}
}

// honba: points.honba_ron and points.honba_tsumo.
func (s *rsuite) honba() {
	fr := s.file("points.honba_ron", `
points.honba_ron: what a ron pays per honba. East 1 with 2 honba (a
fragment: tenhou.net/6): seat 1 rons seat 2's 8p (234567p345s678s8p:
tanyao, 1 han 40 fu, 1300) and is paid 2 honba at the preset's price; the
log that breaks it pays another (500 a honba, or 300 where it is 1500).
`)
	ft := s.file("points.honba_tsumo", `
points.honba_tsumo: what each payer of a tsumo pays per honba. East 1 with
2 honba: seat 1 draws 8p (234567p345s678s8p: menzen tsumo, tanyao, 2 han
30 fu: 500 from each non-dealer, 1000 from the dealer; in sanma the
missing player's share is lost) and each payer adds 2 honba at the preset's
price; the log that breaks it takes another (300 a honba, or 100 where it
is 500 or 300).
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkA, tenB, junkB, junkA}
		if p == 3 {
			hands = []string{junk3A, tenB, junk3B}
		}
		hr, ht := r.Points.HonbaRon, r.Points.HonbaTsumo
		otherR, otherT := int32(500), int32(300)
		if hr == 1500 {
			otherR = 300
		}
		if ht == 500 || ht == 300 {
			otherT = 100
		}
		ron := func(price int32) (string, [4]int32) {
			d := ronDeltas(1300, 1, 2, 2, price, 0)
			return s.log(fmt.Sprintf("points.honba_ron-%dp-%s-%d", p, start, price), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 2, 0, sc, "1z", hands...).Fill(0, 2, "").Turn(2, "5z", "8p").Ron(1, rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: yk(yTanyao, 1), Deltas: d})
			}), d
		}
		pay := tsumoPayments(480, 1, 0, p, true)
		pts := int32(0)
		for _, x := range pay {
			pts += x
		}
		tsumo := func(price int32) (string, [4]int32) {
			d := tsumoDeltas(pay, 1, p, 2, price, 0)
			return s.log(fmt.Sprintf("points.honba_tsumo-%dp-%s-%d", p, start, price), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 2, 0, sc, "1z", hands...).Fill(0, p+1, "").Draw(1, "8p").Tsumo(1, rulegen.Value{Han: 2, Fu: 30, Points: pts, Yaku: yk(yMenzenTsumo, 1, yTanyao, 1), Deltas: d})
			}), d
		}
		ok, want := ron(hr)
		bad, got := ron(otherR)
		fr.add(rcase{name: fmt.Sprintf("%s: follows: %d a honba", r.Name, hr), log: ok, rules: r.Name, native: true,
			hands: []rhand{{index: 0, outcome: "win", deltas: seatsOf(want, p)}}})
		fr.add(rcase{name: fmt.Sprintf("%s: breaks: %d a honba", r.Name, otherR), log: bad, rules: r.Name, native: true,
			findings: []findingWant{fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
		ok, want = tsumo(ht)
		bad, got = tsumo(otherT)
		ft.add(rcase{name: fmt.Sprintf("%s: follows: %d a honba from each payer", r.Name, ht), log: ok, rules: r.Name, native: true,
			hands: []rhand{{index: 0, outcome: "win", deltas: seatsOf(want, p)}}})
		ft.add(rcase{name: fmt.Sprintf("%s: breaks: %d a honba from each payer", r.Name, otherT), log: bad, rules: r.Name, native: true,
			findings: []findingWant{fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
	}
}

// junkG and junkI are noten hands without pinzu.
const (
	junkG = "1199m1199s13577z"
	junkI = "24689m68p68s1356z"
)

// winPair adds the follows and breaks cases of a statement about a win's
// value or payments: the log recording the rules' value (want) and the one
// recording another (bad), with the breaking log's findings.
func (f *rfile) winPair(r *adjudicator.Rules, value, ok, bad string, want []int32, findings []findingWant) {
	f.add(rcase{name: fmt.Sprintf("%s: %s: follows", r.Name, value), log: ok, rules: r.Name, native: true,
		hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
	f.add(rcase{name: fmt.Sprintf("%s: %s: breaks", r.Name, value), log: bad, rules: r.Name, native: true, findings: findings})
}

// kiriage: win.kiriage.
func (s *rsuite) kiriage() {
	f := s.file("win.kiriage", `
win.kiriage: seat 1 rons 6s with 234p234p567s66s78s and one dora (pinfu,
tanyao, iipeikou, dora: 4 han 30 fu): 7700, or 8000 where 4 han 30 fu is
paid as mangan. The log that breaks the statement records the other
value.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkA, "234p234p567s66s78s", junkB, junkA}
		if p == 3 {
			hands = []string{junk3C, "234p234p567s66s78s", junk3B}
		}
		mk := func(points int32) (string, [4]int32) {
			d := ronDeltas(points, 1, 2, 0, 0, 0)
			return s.log(fmt.Sprintf("win.kiriage-%dp-%s-4-han-30-fu-recorded-%d", p, start, points), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "4s", hands...).Fill(0, 2, "").Turn(2, "5z", "6s")
				b.Ron(1, rulegen.Value{Han: 4, Fu: 30, Points: points, Yaku: yk(yPinfu, 1, yTanyao, 1, yIipeikou, 1, yDora, 1), Deltas: d})
			}), d
		}
		base, _ := baseOf(r, 4, 30)
		v := ronValue(base, false)
		other := int32(8000 + 7700 - v)
		ok, want := mk(v)
		bad, got := mk(other)
		f.winPair(r, fmt.Sprint(r.Win.Kiriage), ok, bad, seatsOf(want, p), []findingWant{
			fw("win.points", 0, 1, fmt.Sprintf("%d (4 han 30 fu)", v), fmt.Sprint(other)),
			fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))})
	}
}

// kazoe: win.kazoe.
func (s *rsuite) kazoe() {
	f := s.file("win.kazoe", `
win.kazoe: seat 1, in riichi, draws 5p with 234p234p567p67p88p: riichi,
menzen tsumo, pinfu, tanyao, ryanpeikou, chinitsu, 13 han: a yakuman where
13 han or more is one (kazoe), else sanbaiman. It takes the riichi stick.
The log that breaks the statement records the other limit.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkB, "234p234p567p67p88p", junkD, junkG}
		if p == 3 {
			hands = []string{junk3B, "234p234p567p67p88p", junkG}
		}
		mk := func(kazoe bool) (string, [4]int32, int32) {
			base, limit := int32(6000), event.Sanbaiman
			if kazoe {
				base, limit = 8000, event.Yakuman
			}
			pay := tsumoPayments(base, 1, 0, p, true)
			pts := int32(0)
			for _, x := range pay {
				pts += x
			}
			d := tsumoDeltas(pay, 1, p, 0, 0, r.Points.RiichiStick)
			return s.log(fmt.Sprintf("win.kazoe-%dp-%s-13-han-tsumo-recorded-as-%s", p, start, limit), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...).Fill(0, p+1, "").Riichi(1, "4z", "4z", r.Points.RiichiStick)
				b.Fill(2, p-1, "").Fill(1, 1, "").Fill(2, p-1, "").Draw(1, "5p")
				b.Tsumo(1, rulegen.Value{Han: 13, Fu: 20, Points: pts, Limit: limit, Ura: "3z",
					Yaku: yk(yMenzenTsumo, 1, yRiichi, 1, yPinfu, 1, yTanyao, 1, yRyanpeikou, 3, yChinitsu, 6), Deltas: d})
			}), d, pts
		}
		ok, want, _ := mk(r.Win.Kazoe)
		bad, got, _ := mk(!r.Win.Kazoe)
		limits := map[bool]string{true: "yakuman", false: "sanbaiman"}
		f.winPair(r, fmt.Sprint(r.Win.Kazoe), ok, bad, seatsOf(want, p), []findingWant{
			fw("win.limit", 0, 1, limits[r.Win.Kazoe], limits[!r.Win.Kazoe]),
			fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))})
	}
}

// doubleYakumanForms: win.double_yakuman_forms.
func (s *rsuite) doubleYakumanForms() {
	f := s.file("win.double_yakuman_forms", `
win.double_yakuman_forms: seat 1 rons 5z with 111p222p333s444s5z: suuankou
tanki, a double yakuman where the four forms count twice (64000), else a
yakuman (32000). The log that breaks the statement records the other.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkG, "111p222p333s444s5z", junkA, junkI}
		if p == 3 {
			hands = []string{junkG, "111p222p333s444s5z", junk3A}
		}
		mk := func(double bool) (string, [4]int32) {
			n := 1
			if double {
				n = 2
			}
			points := int32(32000 * n)
			d := ronDeltas(points, 1, 2, 0, 0, 0)
			return s.log(fmt.Sprintf("win.double_yakuman_forms-%dp-%s-suuankou-tanki-recorded-%d", p, start, points), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "2z", hands...).Fill(0, 2, "").Turn(2, "6z", "5z")
				b.Ron(1, rulegen.Value{Han: 13 * n, Fu: 60, Points: points, Limit: event.Yakuman, Yaku: yk(ySuuankouT, 13*n), Deltas: d})
			}), d
		}
		ok, want := mk(r.Win.DoubleYakumanForms)
		bad, got := mk(!r.Win.DoubleYakumanForms)
		han := map[bool]int{true: 26, false: 13}
		f.winPair(r, fmt.Sprint(r.Win.DoubleYakumanForms), ok, bad, seatsOf(want, p), []findingWant{
			fw("win.yaku", 0, 1, fmt.Sprintf("suuankou_tanki %d", han[r.Win.DoubleYakumanForms]), fmt.Sprintf("suuankou_tanki %d", han[!r.Win.DoubleYakumanForms])),
			fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))})
	}
}

// yakumanStacking: win.yakuman_stacking.
func (s *rsuite) yakumanStacking() {
	f := s.file("win.yakuman_stacking", `
win.yakuman_stacking: seat 1 rons 1z with 555z666z777z11z22z: daisangen
and tsuuiisou, two yakuman where different yakuman add up (64000), one
yakuman where they do not (32000). The log that breaks the statement
records the other.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkD, "555z666z777z11z22z", junkB, junkB}
		if p == 3 {
			hands = []string{junk3B, "555z666z777z11z22z", junk3A}
		}
		mk := func(stack bool) (string, [4]int32) {
			y := yk(yDaisangen, 13)
			points := int32(32000)
			if stack {
				y, points = yk(yDaisangen, 13, yTsuuiisou, 13), 64000
			}
			d := ronDeltas(points, 1, 2, 0, 0, 0)
			return s.log(fmt.Sprintf("win.yakuman_stacking-%dp-%s-daisangen-tsuuiisou-recorded-%d", p, start, points), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "9s", hands...).Fill(0, 2, "").Turn(2, "3p", "1z")
				b.Ron(1, rulegen.Value{Han: len(y) * 13, Fu: 60, Points: points, Limit: event.Yakuman, Yaku: y, Deltas: d})
			}), d
		}
		ok, want := mk(r.Win.YakumanStacking)
		bad, got := mk(!r.Win.YakumanStacking)
		text := map[bool]string{true: "daisangen 13, tsuuiisou 13", false: "daisangen 13"}
		fs := []findingWant{fw("win.yaku", 0, 1, text[r.Win.YakumanStacking], text[!r.Win.YakumanStacking])}
		if !r.Win.YakumanStacking {
			// The recorded two yakuman are one under these rules: paid 32000.
			// (Where they stack, the log's one recorded yakuman is what its
			// payments follow: the wrong yaku are the finding.)
			fs = append(fs, fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p))))
		}
		f.winPair(r, fmt.Sprint(r.Win.YakumanStacking), ok, bad, seatsOf(want, p), fs)
	}
}

// The hands of the double rons: seat 1's (ittsu, 2 han 40 fu) and seat 2's
// (tanyao, 1 han 40 fu; sanma: chun), both on 5p.
const (
	ronA  = "123456789s46p55z"
	ronB  = "234567678m46p88p"
	ronB3 = "345678s46p88p777z"
)

// doubleRon plays the dealer's 5p, won on by seats 1 and 2 (after every
// seat played a turn); hands are seat 0's, 3's (4p) beside ronA, ronB.
func doubleRon(b *rulegen.Builder, p int, honba, sticks int, sc *[4]int32) {
	hands := []string{"1599m159p119s135z", ronA, ronB, junkD}
	if p == 3 {
		hands = []string{junk3A, ronA, ronB3}
	}
	b.Hand(0, 1, honba, sticks, sc, "1z", hands...).Fill(0, p, "").Turn(0, "9p", "5p")
}

// multipleRon: win.multiple_ron.
func (s *rsuite) multipleRon() {
	f := s.file("win.multiple_ron", `
win.multiple_ron: seats 1 (123456789s46p55z: ittsu, 2600) and 2
(234567678m46p88p: tanyao, 1300; sanma 345678s46p88p777z: chun, 1300)
ron the dealer's 5p. "all_paid" and "double_only": both are paid (a
third ron would be the triple-ron draw under double_only: see
abortive.triple_ron); a log that records the second without its payment
breaks them. "head_bump": only the winner nearest the discarder, seat 1,
is paid; a log that pays both breaks it.
`)
	v1 := rulegen.Value{Han: 2, Fu: 40, Points: 2600, Yaku: yk(yIttsu, 2), Deltas: [4]int32{-2600, 2600}}
	v2 := rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: yk(yTanyao, 1), Deltas: [4]int32{-1300, 0, 1300}, Second: true}
	v2unpaid := v2
	v2unpaid.Deltas = [4]int32{}
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		w2 := v2
		w2u := v2unpaid
		if p == 3 {
			w2.Yaku, w2u.Yaku = yk(yChun, 1), yk(yChun, 1)
		}
		mk := func(name string, wins ...rulegen.Value) string {
			return s.log(fmt.Sprintf("win.multiple_ron-%dp-%s-%s", p, start, name), fmtT6, o, func(b *rulegen.Builder) {
				doubleRon(b, p, 0, 0, sc)
				for k, v := range wins {
					b.Ron(event.Seat(k+1), v)
				}
			})
		}
		both := mk("both-paid", v1, w2)
		one := mk("head-bump", v1)
		unpaid := mk("second-unpaid", v1, w2u)
		bothD := []int32{-3900, 2600, 1300, 0}[:p]
		oneD := []int32{-2600, 2600, 0, 0}[:p]
		if r.Win.MultipleRon == adjudicator.MultiRonHeadBump {
			f.winPair(r, r.Win.MultipleRon.String(), one, both, oneD, []findingWant{fw("win.payment", 0, -1, ints(oneD), ints(bothD))})
			continue
		}
		f.winPair(r, r.Win.MultipleRon.String(), both, unpaid, bothD, []findingWant{fw("win.payment", 0, -1, ints(bothD), ints(oneD))})
	}
}

// bonus: win.bonus.
func (s *rsuite) bonus() {
	f := s.file("win.bonus", `
win.bonus: East 1 with 1 honba and 1 riichi stick (a fragment); seat 2
declares riichi, and seats 1 (ittsu, 2600) and 2 (riichi, tanyao, 2600;
sanma: riichi, chun) ron the dealer's 5p. "first_winner": seat 1, nearest
the discarder, takes the honba and both sticks. "each_winner": each winner
takes the honba, seat 2 its own stick back, seat 1 the one left. Only rules
that pay several rons are concerned (not the head bump's).
`)
	for _, r := range s.presets {
		if r.Win.MultipleRon == adjudicator.MultiRonHeadBump {
			continue
		}
		p := r.Players
		o, sc, start := fragment(r)
		hr, stick := r.Points.HonbaRon, r.Points.RiichiStick
		second := yk(yRiichi, 1, yTanyao, 1)
		if p == 3 {
			second = yk(yRiichi, 1, yChun, 1)
		}
		mk := func(each bool) (string, []int32) {
			var d1, d2 [4]int32
			if each {
				d1 = ronDeltas(2600, 1, 0, 1, hr, stick)
				d2 = ronDeltas(2600, 2, 0, 1, hr, stick)
			} else {
				d1 = ronDeltas(2600, 1, 0, 1, hr, 2*stick)
				d2 = ronDeltas(2600, 2, 0, 0, hr, 0)
			}
			name := map[bool]string{false: "first-winner", true: "each-winner"}[each]
			log := s.log(fmt.Sprintf("win.bonus-%dp-%s-honba-%d-%s", p, start, hr, name), fmtT6, o, func(b *rulegen.Builder) {
				hands := []string{"1599m159p119s135z", ronA, ronB, junkD}
				if p == 3 {
					hands = []string{junk3A, ronA, ronB3}
				}
				b.Hand(0, 1, 1, 1, sc, "1z", hands...).Fill(0, p+2, "").Riichi(2, "4z", "4z", stick)
				b.Fill(event.Seat(3%p), p, "")
				if p == 4 {
					b.Fill(3, 1, "")
				}
				b.Turn(0, "9p", "5p")
				b.Ron(1, rulegen.Value{Han: 2, Fu: 40, Points: 2600, Yaku: yk(yIttsu, 2), Deltas: d1})
				b.Ron(2, rulegen.Value{Han: 2, Fu: 40, Points: 2600, Yaku: second, Deltas: d2, Second: !each, Ura: "3z"})
			})
			var sum [4]int32
			for s := range 4 {
				sum[s] = d1[s] + d2[s]
			}
			return log, seatsOf(sum, p)
		}
		each := r.Win.Bonus == adjudicator.BonusEach
		ok, want := mk(each)
		bad, got := mk(!each)
		fs := []findingWant{fw("win.payment", 0, -1, ints(want), ints(got))}
		f.winPair(r, r.Win.Bonus.String(), ok, bad, want, fs)
	}
}

// dealerKeepsMultiRon: win.dealer_keeps_on_multi_ron.
func (s *rsuite) dealerKeepsMultiRon() {
	f := s.file("win.dealer_keeps_on_multi_ron", `
win.dealer_keeps_on_multi_ron: the dealer (ittsu, 3900) and seat 1
(tanyao, 1300; sanma: chun) ron the last seat's 5p, and the log goes on.
true: the dealer keeps the seat (East 1, 1 honba); false (set): the seat
passes (East 2, no honba). Only rules that pay several rons are concerned.
`)
	for _, r := range s.presets {
		if r.Win.MultipleRon == adjudicator.MultiRonHeadBump {
			continue
		}
		p := r.Players
		o, sc, start := fragment(r)
		last := event.Seat(p - 1)
		y2 := yk(yTanyao, 1)
		hands := []string{ronA, ronB, junkD, "1599m159p119s135z"}
		if p == 3 {
			hands = []string{ronA, ronB3, junk3A}
			y2 = yk(yChun, 1)
		}
		mk := func(n handAt) string {
			return s.log(fmt.Sprintf("win.dealer_keeps_on_multi_ron-%dp-%s-then-E%d-%d", p, start, n.number, n.honba), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...).Fill(0, p-1, "").Turn(last, "9p", "5p")
				var d1, d2 [4]int32
				d1[last], d1[0] = -3900, 3900
				d2[last], d2[1] = -1300, 1300
				b.Ron(0, rulegen.Value{Han: 2, Fu: 40, Points: 3900, Yaku: yk(yIttsu, 2), Deltas: d1})
				b.Ron(1, rulegen.Value{Han: 1, Fu: 40, Points: 1300, Yaku: y2, Deltas: d2, Second: true})
				b.Hand(0, n.number, n.honba, 0, nil, fragDora(p), allJunk(p)...).Exhaust(event.Seat(n.number-1), "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
			})
		}
		keep, pass := handAt{0, 1, 1}, handAt{0, 2, 0}
		e, rec := nextRound(keep, pass)
		f.add(rcase{name: r.Name + ": true: follows: the dealer keeps the seat", log: mk(keep), rules: r.Name, native: true})
		f.add(rcase{name: r.Name + ": true: breaks: the seat passes", log: mk(pass), rules: r.Name, native: true, findings: []findingWant{fw("flow.next_round", 1, -1, e, rec)}})
		set := []kv{{"win.dealer_keeps_on_multi_ron", false}}
		f.add(rcase{name: r.Name + ": false: follows: the seat passes", log: mk(pass), rules: r.Name, set: set, native: true})
		f.add(rcase{name: r.Name + ": false: breaks: the dealer keeps the seat", log: mk(keep), rules: r.Name, set: set, native: true, findings: []findingWant{fw("flow.next_round", 1, -1, rec, e)}})
	}
}

// tsumoLoss: win.tsumo_loss.
func (s *rsuite) tsumoLoss() {
	f := s.file("win.tsumo_loss", `
win.tsumo_loss (three-player rules only): seat 1 draws 1z with
123456789p777z1z (menzen tsumo, chun, ittsu, honitsu: haneman). With tsumo
loss the dealer pays 6000 and the other 3000, 9000 in all; without (set
false), the missing player's 3000 is split between them: 7500 and 4500.
`)
	for _, r := range s.presetsOf(3, func(*adjudicator.Rules) bool { return true }) {
		o, sc, start := fragment(r)
		mk := func(loss bool) (string, []int32, int32) {
			pay := tsumoPayments(3000, 1, 0, 3, loss)
			pts := pay[0] + pay[2]
			d := tsumoDeltas(pay, 1, 3, 0, 0, 0)
			return s.log(fmt.Sprintf("win.tsumo_loss-3p-%s-haneman-tsumo-paid-%d", start, pts), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "9s", junk3B, "123456789p777z1z", junk3C).Fill(0, 4, "").Draw(1, "1z")
				b.Tsumo(1, rulegen.Value{Han: 7, Fu: 40, Points: pts, Limit: event.Haneman, Yaku: yk(yMenzenTsumo, 1, yChun, 1, yIttsu, 2, yHonitsu, 3), Deltas: d})
			}), seatsOf(d, 3), pts
		}
		for _, loss := range []bool{true, false} {
			ok, want, v := mk(loss)
			bad, got, w := mk(!loss)
			var set []kv
			if !loss {
				set = []kv{{"win.tsumo_loss", false}}
			}
			f.add(rcase{name: fmt.Sprintf("%s: %v: follows", r.Name, loss), log: ok, rules: r.Name, set: set, native: true,
				hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
			f.add(rcase{name: fmt.Sprintf("%s: %v: breaks", r.Name, loss), log: bad, rules: r.Name, set: set, native: true, findings: []findingWant{
				fw("win.points", 0, 1, fmt.Sprintf("%d (haneman, 7 han 40 fu)", v), fmt.Sprint(w)),
				fw("win.payment", 0, -1, ints(want), ints(got))}})
		}
	}
}

// paoGame plays seat 1's three dragon pons, the third (7z) from seat 2,
// which is liable for the daisangen; hand is seat 1's (its discards after
// the pons are given). Then seat 1 wins on 9s (tsumo) or the seat before
// it discards 9s (ron) and wins: the win is added by the caller.
func paoGame(b *rulegen.Builder, p, honba int, sc *[4]int32, hand string, after [3]string, tsumo bool, win string) {
	hands := []string{junkB, hand, "2468m2468p246s57z", "2468m2468p2468s6z"}
	six := event.Seat(3)
	if p == 3 {
		hands = []string{"2468p2468s1199m6z", hand, "2468p246s1199m57z"}
		six = 0
	}
	b.Hand(0, 1, honba, 0, sc, "3s", hands...).Fill(0, 2, "")
	b.Turn(2, "1p", "5z").Call(1, event.MeldPon, "55z").Discard(1, after[0])
	b.Fill(2, 1, "")
	b.Turn(six, "9p", "6z").Call(1, event.MeldPon, "66z").Discard(1, after[1])
	b.Turn(2, "9p", "7z").Call(1, event.MeldPon, "77z").Discard(1, after[2])
	if tsumo {
		b.Fill(2, p-1, "").Draw(1, win)
		return
	}
	// The seat before seat 1, the dealer, discards it.
	b.Fill(2, p-2, "").Turn(0, win, win)
}

// pao: win.pao.
func (s *rsuite) pao() {
	f := s.file("win.pao", `
win.pao: seat 1 calls pon of 5z, 6z and 7z, the third from seat 2, and
wins on 9s with 123p 9s: daisangen, liable seat 2 where daisangen carries
liability. By tsumo the liable player pays the whole hand; by ron (on the
dealer's 9s) the liable player and the discarder pay half each.
Without liability the payments are a plain tsumo's or ron's. The log that
breaks the statement records the liable seat and pays the other way.
Four players and three.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		has := false
		for _, y := range r.Win.Pao {
			has = has || y.String() == "daisangen"
		}
		last := event.Seat(0)
		for _, tsumo := range []bool{true, false} {
			var plain, liable [4]int32
			if tsumo {
				pay := tsumoPayments(8000, 1, 0, p, true)
				plain = tsumoDeltas(pay, 1, p, 0, 0, 0)
				tot := int32(0)
				for _, x := range pay {
					tot += x
				}
				liable[2], liable[1] = -tot, tot
			} else {
				plain = ronDeltas(32000, 1, last, 0, 0, 0)
				liable[2], liable[last], liable[1] = -16000, -16000, 32000
			}
			pts := plain[1]
			how := map[bool]string{true: "tsumo", false: "ron"}[tsumo]
			mk := func(payLiable bool) string {
				d := plain
				if payLiable {
					d = liable
				}
				name := fmt.Sprintf("win.pao-%dp-%s-daisangen-%s-liable-seat-2-paid-%s", p, start, how, map[bool]string{true: "by-it", false: "plainly"}[payLiable])
				return s.log(name, fmtT6, o, func(b *rulegen.Builder) {
					paoGame(b, p, 0, sc, "55z66z77z123p456p9s", [3]string{"4p", "5p", "6p"}, tsumo, "9s")
					v := rulegen.Value{Han: 13, Fu: 40, Points: pts, Limit: event.Yakuman, Yaku: yk(yDaisangen, 13), Deltas: d, Pao: true, Liable: 2}
					if tsumo {
						b.Tsumo(1, v)
					} else {
						b.Ron(1, v)
					}
				})
			}
			want, got := plain, liable
			if has {
				want, got = liable, plain
			}
			f.add(rcase{name: fmt.Sprintf("%s: daisangen %v: follows (%s)", r.Name, has, how), log: mk(has), rules: r.Name, native: true,
				hands: []rhand{{index: 0, outcome: "win", deltas: seatsOf(want, p)}}})
			f.add(rcase{name: fmt.Sprintf("%s: daisangen %v: breaks (%s)", r.Name, has, how), log: mk(!has), rules: r.Name, native: true,
				findings: []findingWant{fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
		}
	}
}

// paoScope: win.pao_scope.
func (s *rsuite) paoScope() {
	f := s.file("win.pao_scope", `
win.pao_scope: as win.pao, but seat 1 draws 2z with 111z 2z: daisangen and
tsuuiisou, two yakuman, seat 2 liable for the daisangen. "whole_hand": the
liable player pays the whole hand; "yakuman_share": only the daisangen's
share (half), the other half paid as a plain tsumo. Only rules where
daisangen carries liability and yakuman add up are concerned.
`)
	for _, r := range s.presets {
		has := false
		for _, y := range r.Win.Pao {
			has = has || y.String() == "daisangen"
		}
		if !has || !r.Win.YakumanStacking {
			continue
		}
		p := r.Players
		o, sc, start := fragment(r)
		pay := tsumoPayments(16000, 1, 0, p, true)
		tot := int32(0)
		for _, x := range pay {
			tot += x
		}
		var whole, share [4]int32
		whole[2], whole[1] = -tot, tot
		for x := range p {
			if x != 1 {
				share[x] -= pay[x] / 2
			}
		}
		share[2] -= tot / 2
		share[1] = tot
		mk := func(sh bool) (string, [4]int32) {
			d := whole
			if sh {
				d = share
			}
			name := fmt.Sprintf("win.pao_scope-%dp-%s-daisangen-tsuuiisou-tsumo-%s", p, start, map[bool]string{true: "share", false: "whole"}[sh])
			return s.log(name, fmtT6, o, func(b *rulegen.Builder) {
				paoGame(b, p, 0, sc, "55z66z77z111z2z123p", [3]string{"1p", "2p", "3p"}, true, "2z")
				b.Tsumo(1, rulegen.Value{Han: 26, Fu: 50, Points: tot, Limit: event.Yakuman, Yaku: yk(yDaisangen, 13, yTsuuiisou, 13), Deltas: d, Pao: true, Liable: 2})
			}), d
		}
		sh := r.Win.PaoScope.String() == "yakuman_share"
		ok, want := mk(sh)
		bad, got := mk(!sh)
		f.winPair(r, r.Win.PaoScope.String(), ok, bad, seatsOf(want, p), []findingWant{fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))})
	}
}

// paoHonba: win.pao_honba.
func (s *rsuite) paoHonba() {
	f := s.file("win.pao_honba", `
win.pao_honba: as win.pao's ron, in East 1 with 1 honba (a fragment): the
liable seat 2 and the discarder pay 16000 each, and the honba is paid by
the liable player ("liable") or by the discarder ("discarder"). Only rules
where daisangen carries liability are concerned.
`)
	for _, r := range s.presets {
		has := false
		for _, y := range r.Win.Pao {
			has = has || y.String() == "daisangen"
		}
		if !has {
			continue
		}
		p := r.Players
		o, sc, start := fragment(r)
		last := event.Seat(0)
		hr := r.Points.HonbaRon
		mk := func(byLiable bool) (string, [4]int32) {
			var d [4]int32
			d[2], d[last], d[1] = -16000, -16000, 32000+hr
			if byLiable {
				d[2] -= hr
			} else {
				d[last] -= hr
			}
			name := fmt.Sprintf("win.pao_honba-%dp-%s-honba-%d-paid-by-the-%s", p, start, hr, map[bool]string{true: "liable", false: "discarder"}[byLiable])
			return s.log(name, fmtT6, o, func(b *rulegen.Builder) {
				paoGame(b, p, 1, sc, "55z66z77z123p456p9s", [3]string{"4p", "5p", "6p"}, false, "9s")
				b.Ron(1, rulegen.Value{Han: 13, Fu: 40, Points: 32000, Limit: event.Yakuman, Yaku: yk(yDaisangen, 13), Deltas: d, Pao: true, Liable: 2})
			}), d
		}
		liable := r.Win.PaoHonba.String() == "liable"
		ok, want := mk(liable)
		bad, got := mk(!liable)
		f.winPair(r, r.Win.PaoHonba.String(), ok, bad, seatsOf(want, p), []findingWant{fw("win.payment", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))})
	}
}
