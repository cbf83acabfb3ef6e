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
		bothD := []int32{-3900, 2600, 1300, 0}[:p]
		oneD := []int32{-2600, 2600, 0, 0}[:p]
		if r.Win.MultipleRon == adjudicator.MultiRonHeadBump {
			f.winPair(r, r.Win.MultipleRon.String(), mk("head-bump", v1), both, oneD, []findingWant{fw("win.payment", 0, -1, ints(oneD), ints(bothD))})
			continue
		}
		f.winPair(r, r.Win.MultipleRon.String(), both, mk("second-unpaid", v1, w2u), bothD, []findingWant{fw("win.payment", 0, -1, ints(bothD), ints(oneD))})
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
				// The stick on the table is the last seat's, paid in a hand
				// before.
				start := *sc
				start[p-1] -= stick
				b.Hand(0, 1, 1, 1, &start, "1z", hands...).Fill(0, p+2, "").Riichi(2, "4z", "4z", stick)
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

// yakuOnMjai writes the scenarios of a yaku setting that a tenhou.net/6 or
// mjlog log's own rule flags would override (open tanyao, red fives): the
// logs are mjai, which has no such flag, so that the preset's value rules.

// openTanyao: yaku.open_tanyao.
func (s *rsuite) openTanyao() {
	f := s.file("yaku.open_tanyao", `
yaku.open_tanyao: seat 1 calls pon of 2p and of 4s and rons 3s with
666s 888p 3s: toitoi and, where tanyao counts in an open hand, tanyao: 3
han 40 fu (5200), else 2 han 40 fu (2600). The logs are mjai, which has no
rule flags: a tenhou.net/6 or mjlog log's own flag (喰, GO type) would rule
instead of the preset (docs/rules.md). The value false is set on each
preset.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkB, "22p44s666s888p3s5s7s", "13579m1379p34s57z", junkA}
		if p == 3 {
			hands = []string{junk3B, "22p44s666s888p3s5s7s", "19m1379p34s9s1257z"}
		}
		mk := func(points int32) (string, []int32) {
			d := ronDeltas(points, 1, 2, 0, 0, 0)
			return s.log(fmt.Sprintf("yaku.open_tanyao-%dp-%s-toitoi-tanyao-open-paid-%d", p, start, points), fmtMjai, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...).Turn(0, "5z", "2p").Call(1, event.MeldPon, "22p").Discard(1, "5s")
				b.Turn(2, "6z", "4s").Call(1, event.MeldPon, "44s").Discard(1, "7s").Turn(2, "9p", "3s")
				b.Ron(1, rulegen.Value{Han: 3, Fu: 40, Points: points, Yaku: yk(8, 1, 28, 2), Deltas: d})
			}), seatsOf(d, p)
		}
		with, w := mk(5200)
		without, wo := mk(2600)
		for _, v := range []bool{r.Yaku.OpenTanyao, !r.Yaku.OpenTanyao} {
			var set []kv
			if v != r.Yaku.OpenTanyao {
				set = []kv{{"yaku.open_tanyao", v}}
			}
			ok, bad, want, got := with, without, w, wo
			if !v {
				ok, bad, want, got = without, with, wo, w
			}
			f.add(rcase{name: fmt.Sprintf("%s: %v: follows", r.Name, v), log: ok, rules: r.Name, set: set, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
			f.add(rcase{name: fmt.Sprintf("%s: %v: breaks", r.Name, v), log: bad, rules: r.Name, set: set, native: true,
				findings: []findingWant{fw("win.payment", 0, -1, ints(want), ints(got))}})
		}
	}
}

// redFives: yaku.red_fives.
func (s *rsuite) redFives() {
	f := s.file("yaku.red_fives", `
yaku.red_fives: seat 1 rons 8p with 234067p345s678s8p, a red 5p among
them: tanyao, and one aka dora where red fives count (2 han 40 fu, 2600),
none where they are plain fives (0: 1 han 40 fu, 1300). The logs are
mjai, which has no rule flags (a tenhou.net/6 or mjlog log's own count
would rule instead of the preset).
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkA, "234067p345s678s8p", junkB, junkA}
		if p == 3 {
			hands = []string{junk3C, "234067p345s678s8p", junk3B}
		}
		mk := func(points int32) (string, []int32) {
			d := ronDeltas(points, 1, 2, 0, 0, 0)
			return s.log(fmt.Sprintf("yaku.red_fives-%dp-%s-a-red-five-paid-%d", p, start, points), fmtMjai, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...).Fill(0, 2, "").Turn(2, "5z", "8p")
				b.Ron(1, rulegen.Value{Han: 1, Fu: 40, Points: points, Yaku: yk(8, 1), Deltas: d})
			}), seatsOf(d, p)
		}
		red, rd := mk(2600)
		plain, pd := mk(1300)
		ok, bad, want, got := red, plain, rd, pd
		if r.Yaku.RedFives == 0 {
			ok, bad, want, got = plain, red, pd, rd
		}
		f.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, r.Yaku.RedFives), log: ok, rules: r.Name, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
		f.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, r.Yaku.RedFives), log: bad, rules: r.Name, native: true,
			findings: []findingWant{fw("win.payment", 0, -1, ints(want), ints(got))}})
	}
}

// boolYaku writes a scenario file for a boolean yaku setting: for each
// preset concerned (and the other value, set on it), the log of the win as
// the setting values it and the log of the win as the other value would.
// logs returns, for a preset and a value, the log and the win's score
// changes; breaks the findings of the breaking log under value v. A
// breaking log records the whole win as the other value gives it (yaku,
// han, fu, points, payments): under the log's own rules its payments
// follow the recorded value, and what is reported is the yaku, dora or fu
// that differ from the hand's.
func (s *rsuite) boolYaku(key, desc string, value func(r *adjudicator.Rules) bool,
	logs func(r *adjudicator.Rules, v bool) (string, []int32), breaks func(r *adjudicator.Rules, v bool) []findingWant) {
	f := s.file(key, desc)
	for _, r := range s.presets {
		for _, v := range []bool{value(r), !value(r)} {
			var set []kv
			if v != value(r) {
				set = []kv{{key, v}}
				// Keep the rule set consistent: kan_ura needs ura_dora and
				// kan_dora.
				switch {
				case (key == "yaku.ura_dora" || key == "yaku.kan_dora") && !v && r.Yaku.KanUra:
					set = append(set, kv{"yaku.kan_ura", false})
				case key == "yaku.kan_ura" && v:
					set = append(set, kv{"yaku.ura_dora", true}, kv{"yaku.kan_dora", true})
				}
			}
			ok, want := logs(r, v)
			bad, _ := logs(r, !v)
			f.add(rcase{name: fmt.Sprintf("%s: %v: follows", r.Name, v), log: ok, rules: r.Name, set: set, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
			f.add(rcase{name: fmt.Sprintf("%s: %v: breaks", r.Name, v), log: bad, rules: r.Name, set: set, native: true, findings: breaks(r, v)})
		}
	}
}

// riichiWin plays seat 1's riichi (123456p789s23s55s, on 1s-4s, after a
// first discard) and its win on 4s: by ron on seat 2's discard, at once
// (ippatsu) or after a go-around, or by tsumo after a go-around. Seat 2
// may make a closed kan of 7z first (kan: the kan dora indicator, and the
// replacement tile).
func riichiWin(b *rulegen.Builder, p int, sc *[4]int32, ippatsu, tsumo bool, kan [2]string) {
	hands := []string{junkB, tenA, "7777z2468p2468s1z", junkB}
	if p == 3 {
		hands = []string{junk3C, tenA, "7777z2468p2468s1z"}
	}
	b.Hand(0, 1, 0, 0, sc, "1z", hands...).Fill(0, p+1, "").Riichi(1, "4z", "4z", 1000)
	if kan[0] != "" {
		b.Draw(2, "9p").ClosedKan(2, "7777z", kan[0], kan[1]).Discard(2, kan[1])
		b.Fill(event.Seat(3%p), p-2, "")
		b.Fill(1, 1, "")
	} else if !ippatsu {
		b.Fill(2, p, "")
	}
	if tsumo {
		b.Fill(2, p-1, "").Draw(1, "4s")
		return
	}
	b.Turn(2, "9p", "4s")
}

// riichiValue is the win of riichiWin: its yaku and han on top of riichi
// and pinfu (ippatsu, ura, kan dora), its score changes and the log.
func (s *rsuite) riichiLog(key string, r *adjudicator.Rules, name string, ippatsu, tsumo bool, kan [2]string, ura string, extra []event.Yaku, han int) (string, []int32) {
	p := r.Players
	o, sc, start := fragment(r)
	fu := 30
	yaku := yk(yRiichi, 1)
	if ippatsu && han == 3 {
		// The win is within the go-around: ippatsu, when the log counts
		// it (3 han).
		yaku = append(yaku, yk(yIppatsu, 1)...)
	}
	if tsumo {
		fu = 20
		yaku = append(yk(yMenzenTsumo, 1), yaku...)
	}
	yaku = append(yaku, yk(yPinfu, 1)...)
	yaku = append(yaku, extra...)
	base, _ := baseOf(r, han, fu)
	var d [4]int32
	var pts int32
	if tsumo {
		pay := tsumoPayments(base, 1, 0, p, true)
		for _, x := range pay {
			pts += x
		}
		d = tsumoDeltas(pay, 1, p, 0, 0, 1000)
	} else {
		pts = ronValue(base, false)
		d = ronDeltas(pts, 1, 2, 0, 0, 1000)
	}
	log := s.log(fmt.Sprintf("%s-%dp-%s-%s", key, p, start, name), fmtT6, o, func(b *rulegen.Builder) {
		riichiWin(b, p, sc, ippatsu, tsumo, kan)
		v := rulegen.Value{Han: han, Fu: fu, Points: pts, Yaku: yaku, Deltas: d, Ura: ura}
		if tsumo {
			b.Tsumo(1, v)
		} else {
			b.Ron(1, v)
		}
	})
	return log, seatsOf(d, p)
}

// yakuSwitches: yaku.ippatsu, yaku.ura_dora, yaku.kan_dora, yaku.kan_ura.
func (s *rsuite) yakuSwitches() {
	s.boolYaku("yaku.ippatsu", `
yaku.ippatsu: seat 1 declares riichi (123456p789s23s55s) and rons 4s
within the go-around: riichi, ippatsu, pinfu (3 han 30 fu, 3900) where
ippatsu counts, riichi and pinfu (2000) where it does not. Each log records
the win as one of the two values says, whole (yaku, han, points, payments):
under the log's own rules the payments follow the recorded value, and the
yaku that differ from the hand's are the finding.
`, func(r *adjudicator.Rules) bool { return r.Yaku.Ippatsu },
		func(r *adjudicator.Rules, v bool) (string, []int32) {
			if v {
				return s.riichiLog("yaku.ippatsu", r, "ippatsu-counted", true, false, [2]string{}, "3z", nil, 3)
			}
			return s.riichiLog("yaku.ippatsu", r, "ippatsu-not-counted", true, false, [2]string{}, "3z", nil, 2)
		},
		func(r *adjudicator.Rules, v bool) []findingWant {
			with, without := "riichi 1, ippatsu 1, pinfu 1", "riichi 1, pinfu 1"
			if v {
				return []findingWant{fw("win.yaku", 0, 1, with, without)}
			}
			return []findingWant{fw("win.yaku", 0, 1, without, with)}
		})
	s.boolYaku("yaku.ura_dora", `
yaku.ura_dora: seat 1 declares riichi (123456p789s23s55s) and, after a
go-around, rons 4s; the ura indicator 1s makes 2s an ura dora, one in the
hand: riichi, pinfu, ura 1 (3900) where ura dora count, riichi and pinfu
(2000) where they do not. Each log records the win whole as one value
says; the dora counts that differ from the hand's are the finding.
`, func(r *adjudicator.Rules) bool { return r.Yaku.UraDora },
		func(r *adjudicator.Rules, v bool) (string, []int32) {
			if v {
				return s.riichiLog("yaku.ura_dora", r, "ura-counted", false, false, [2]string{}, "1s", yk(yUra, 1), 3)
			}
			return s.riichiLog("yaku.ura_dora", r, "ura-not-counted", false, false, [2]string{}, "1s", nil, 2)
		},
		doraFindings("dora 0, ura 1, aka 0"))
	s.boolYaku("yaku.kan_dora", `
yaku.kan_dora: seat 2 makes a closed kan of 7z and the kan dora indicator
1p makes 2p a dora; then seat 1, in riichi (123456p789s23s55s), rons 4s
after a go-around: riichi, pinfu and one kan dora (3900) where kan dora
count, riichi and pinfu (2000) where they do not. Each log records the
win whole as one value says; the dora counts are the finding.
`, func(r *adjudicator.Rules) bool { return r.Yaku.KanDora },
		func(r *adjudicator.Rules, v bool) (string, []int32) {
			if v {
				return s.riichiLog("yaku.kan_dora", r, "kan-dora-counted", false, false, [2]string{"1p", "6z"}, "3z4z", yk(yDora, 1), 3)
			}
			return s.riichiLog("yaku.kan_dora", r, "kan-dora-not-counted", false, false, [2]string{"1p", "6z"}, "3z4z", nil, 2)
		},
		doraFindings("dora 1, ura 0, aka 0"))
	s.boolYaku("yaku.kan_ura", `
yaku.kan_ura: seat 2 makes a closed kan of 7z (kan dora indicator 3z);
seat 1, in riichi (123456p789s23s55s), rons 4s after a go-around, and the
kan's ura indicator 1s makes 2s an ura dora, one in the hand: riichi,
pinfu, ura 1 (3900) where the kan's ura indicators count, 2000 where they
do not (the first ura indicator, 4z, hits nothing). Each log records the
win whole as one value says; the dora counts are the finding. kan_ura
needs ura_dora and kan_dora: where those are off (jpml, saikouisen) the
value true is not set.
`, func(r *adjudicator.Rules) bool { return r.Yaku.KanUra },
		func(r *adjudicator.Rules, v bool) (string, []int32) {
			if v {
				return s.riichiLog("yaku.kan_ura", r, "kan-ura-counted", false, false, [2]string{"3z", "6z"}, "4z1s", yk(yUra, 1), 3)
			}
			return s.riichiLog("yaku.kan_ura", r, "kan-ura-not-counted", false, false, [2]string{"3z", "6z"}, "4z1s", nil, 2)
		},
		doraFindings("dora 0, ura 1, aka 0"))
}

// doraFindings returns the findings of a dora setting's case: the
// win.dora finding of a win whose dora counts are with (the indicators
// counted) or none (not counted), the record holding the other.
func doraFindings(with string) func(r *adjudicator.Rules, v bool) []findingWant {
	const without = "dora 0, ura 0, aka 0"
	return func(r *adjudicator.Rules, v bool) []findingWant {
		if v {
			return []findingWant{fw("win.dora", 0, 1, with, without)}
		}
		return []findingWant{fw("win.dora", 0, 1, without, with)}
	}
}

// fuSettings: yaku.pinfu_tsumo_fu, yaku.open_pinfu_fu, yaku.double_wind_fu.
func (s *rsuite) fuSettings() {
	f := s.file("yaku.pinfu_tsumo_fu", `
yaku.pinfu_tsumo_fu: seat 1 draws 4s with 123456p789s23s55s: menzen tsumo
and pinfu, 2 han. 20: 20 fu (400 and 700); 22: its tsumo's 2 fu count, 30
fu (500 and 1000). Every preset has 20; 22 is set on each. Each log
records the win whole as one value says; the fu are the finding.
`)
	fo := s.file("yaku.open_pinfu_fu", `
yaku.open_pinfu_fu: seat 1 calls chi of the dealer's 4m (23m) and rons 8s
with 567p 345s 55s 67s: tanyao in an open hand of pinfu shape, 20 fu by
its parts: 30 (1000) where such a hand is raised to 30 fu, 20 (700) where it
is not. Every preset has 30; 20 is set on each. Four-player rules (no chi
in sanma).
`)
	fd := s.file("yaku.double_wind_fu", `
yaku.double_wind_fu: the dealer, in riichi with 999p 234s 567s 78s 11z (a
pair of East, its seat and the round's wind), rons 9s after a go-around:
riichi, 1 han; 30 fu, 8 for the concealed 999p and the pair's: 4 (50 fu,
2400) or 2 (40 fu, 2000). Each log records the win whole as one value
says; the fu are the finding.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		// pinfu tsumo
		for _, v := range []int{20, 22} {
			mk := func(w int) (string, []int32) {
				fu := 20
				if w == 22 {
					fu = 30
				}
				base, _ := baseOf(r, 2, fu)
				pay := tsumoPayments(base, 1, 0, p, true)
				pts := int32(0)
				for _, x := range pay {
					pts += x
				}
				d := tsumoDeltas(pay, 1, p, 0, 0, 0)
				hands := []string{junkB, tenA, junkD, junkA}
				if p == 3 {
					hands = []string{junk3C, tenA, junk3B}
				}
				return s.log(fmt.Sprintf("yaku.pinfu_tsumo_fu-%dp-%s-pinfu-tsumo-%d-fu", p, start, fu), fmtT6, o, func(b *rulegen.Builder) {
					b.Hand(0, 1, 0, 0, sc, "1z", hands...).Fill(0, p+1, "").Draw(1, "4s")
					b.Tsumo(1, rulegen.Value{Han: 2, Fu: fu, Points: pts, Yaku: yk(yMenzenTsumo, 1, yPinfu, 1), Deltas: d})
				}), seatsOf(d, p)
			}
			var set []kv
			if v != r.Yaku.PinfuTsumoFu {
				set = []kv{{"yaku.pinfu_tsumo_fu", v}}
			}
			ok, want := mk(v)
			bad, _ := mk(42 - v)
			fu := map[int]string{20: "20 fu", 22: "30 fu"}
			f.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, v), log: ok, rules: r.Name, set: set, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
			f.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, v), log: bad, rules: r.Name, set: set, native: true,
				findings: []findingWant{fw("win.fu", 0, 1, fu[v]+" (ryanmen wait)", fu[42-v])}})
		}
		// open pinfu
		if p == 4 {
			for _, v := range []int{30, 20} {
				mk := func(fu int) (string, []int32) {
					base, _ := baseOf(r, 1, fu)
					pts := ronValue(base, false)
					d := ronDeltas(pts, 1, 2, 0, 0, 0)
					return s.log(fmt.Sprintf("yaku.open_pinfu_fu-4p-%s-open-pinfu-shape-%d-fu", start, fu), fmtT6, o, func(b *rulegen.Builder) {
						b.Hand(0, 1, 0, 0, sc, "1z", junkB, "23m567p345s55s67s9p", junkD, junkA)
						b.Turn(0, "5z", "4m").Call(1, event.MeldChi, "23m").Discard(1, "9p").Turn(2, "9p", "8s")
						b.Ron(1, rulegen.Value{Han: 1, Fu: fu, Points: pts, Yaku: yk(yTanyao, 1), Deltas: d})
					}), seatsOf(d, p)
				}
				var set []kv
				if v != r.Yaku.OpenPinfuFu {
					set = []kv{{"yaku.open_pinfu_fu", v}}
				}
				ok, want := mk(v)
				bad, _ := mk(50 - v)
				fo.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, v), log: ok, rules: r.Name, set: set, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
				fo.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, v), log: bad, rules: r.Name, set: set, native: true,
					findings: []findingWant{fw("win.fu", 0, 1, fmt.Sprintf("%d fu (ryanmen wait)", v), fmt.Sprintf("%d fu", 50-v))}})
			}
		}
		// double wind
		mk := func(pair int) (string, []int32) {
			fu := 40
			if pair == 4 {
				fu = 50
			}
			base, _ := baseOf(r, 1, fu)
			pts := ronValue(base, true)
			d := ronDeltas(pts, 0, 1, 0, 0, 1000)
			hands := []string{"999p234s567s78s11z", junkB, junkD, junkA}
			if p == 3 {
				hands = []string{"999p234s567s78s11z", junk3B, junk3C}
			}
			return s.log(fmt.Sprintf("yaku.double_wind_fu-%dp-%s-east-pair-%d-fu", p, start, fu), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "3z", hands...).Fill(0, p, "").Riichi(0, "4z", "4z", 1000).Fill(1, p, "").Turn(1, "9s", "9s")
				b.Ron(0, rulegen.Value{Han: 1, Fu: fu, Points: pts, Yaku: yk(yRiichi, 1), Deltas: d, Ura: "3z"})
			}), seatsOf(d, p)
		}
		v := r.Yaku.DoubleWindFu
		ok, want := mk(v)
		bad, _ := mk(6 - v)
		fus := map[int]int{4: 50, 2: 40}
		fd.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, v), log: ok, rules: r.Name, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
		fd.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, v), log: bad, rules: r.Name, native: true,
			findings: []findingWant{fw("win.fu", 0, 0, fmt.Sprintf("%d fu (ryanmen wait)", fus[v]), fmt.Sprintf("%d fu", fus[6-v]))}})
	}
}

// renhou: yaku.renhou.
func (s *rsuite) renhou() {
	f := s.file("yaku.renhou", `
yaku.renhou: seat 1 rons the dealer's first discard, 4s, with
123456p789s23s55s before its own first draw, nobody having called: renhou.
"none": no yaku of its own (pinfu, 1000). "mangan": a mangan that the
hand's other yaku and dora do not add to (8000). "yakuman": a yakuman
(32000). The value yakuman, which no preset has, is set on each; each log
records the win whole as one value says.
`)
	type val struct {
		name   string
		han    int
		points int32
		limit  event.Limit
		yaku   []event.Yaku
	}
	vals := map[string]val{
		"none":    {"none", 1, 1000, event.NoLimit, yk(yPinfu, 1)},
		"mangan":  {"mangan", 5, 8000, event.Mangan, yk(36, 5)},
		"yakuman": {"yakuman", 13, 32000, event.Yakuman, yk(36, 13)},
	}
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := []string{junkB, tenA, junkD, junkA}
		if p == 3 {
			hands = []string{junk3B, tenA, junk3C}
		}
		mk := func(v val) (string, []int32) {
			d := ronDeltas(v.points, 1, 0, 0, 0, 0)
			return s.log(fmt.Sprintf("yaku.renhou-%dp-%s-recorded-%s", p, start, v.name), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, "1z", hands...).Turn(0, "5z", "4s")
				b.Ron(1, rulegen.Value{Han: v.han, Fu: 30, Points: v.points, Limit: v.limit, Yaku: v.yaku, Deltas: d})
			}), seatsOf(d, p)
		}
		own := r.Yaku.Renhou.String()
		for _, name := range []string{own, "yakuman"} {
			if name == own && own == "yakuman" {
				continue
			}
			var set []kv
			if name != own {
				set = []kv{{"yaku.renhou", name}}
			}
			other := "none"
			if name == "none" {
				other = "mangan"
			}
			ok, want := mk(vals[name])
			bad, _ := mk(vals[other])
			f.add(rcase{name: fmt.Sprintf("%s: %s: follows", r.Name, name), log: ok, rules: r.Name, set: set, native: true, hands: []rhand{{index: 0, outcome: "win", deltas: want}}})
			f.add(rcase{name: fmt.Sprintf("%s: %s: breaks (recorded as %s)", r.Name, name, other), log: bad, rules: r.Name, set: set, native: true,
				findings: []findingWant{fw("win.yaku", 0, 1, renhouYakuText(name), renhouYakuText(other))}})
		}
	}
}

// renhouYakuText is the yaku of the renhou hand as a finding writes them.
func renhouYakuText(v string) string {
	switch v {
	case "mangan":
		return "renhou 5"
	case "yakuman":
		return "renhou 13"
	}
	return "pinfu 1"
}
