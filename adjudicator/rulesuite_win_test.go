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
