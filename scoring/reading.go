package scoring

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// candidate is the value of one reading of the hand.
type candidate struct {
	// yaku are the yaku that score (only the yakuman, if any).
	yaku yakuSet
	// han includes the dora unless the hand is a yakuman; yakuman is the
	// number of yakuman.
	han, fu, yakuman int
	base             int
	limit            event.Limit
	form             hand.Form
	wait             Wait
	// ok: the reading has a yaku; seen: the candidate holds a reading.
	ok, seen bool
}

// better reports whether c is worth more than o: a yaku beats none; then
// more points (base points), more han, more fu.
func (c *candidate) better(o *candidate) bool {
	switch {
	case !o.seen:
		return true
	case c.ok != o.ok:
		return c.ok
	case c.base != o.base:
		return c.base > o.base
	case c.han != o.han:
		return c.han > o.han
	}
	return c.fu > o.fu
}

// readings scores every reading of decomposition d into best: for a
// regular hand, every place of the winning tile (the pair, or each set
// holding it); seven pairs and kokushi musou have one.
func (a *analysis) readings(d *hand.Decomposition, best *candidate) {
	switch d.Form {
	case hand.SevenPairs:
		a.consider(best, a.situ|a.pairs, 25, hand.SevenPairs, Tanki)
	case hand.ThirteenOrphans:
		y, w := a.situ, Tanki
		if d.Pair == a.win {
			y.add(yKokushi13)
			w = Thirteen
		} else {
			y.add(yKokushi)
		}
		a.consider(best, y, 0, hand.ThirteenOrphans, w)
	case hand.Regular:
		var sets [4]set
		n := int(d.NSets)
		for i, s := range d.SetList() {
			sets[i] = set{first: s.First, run: s.Kind == hand.Run}
		}
		copy(sets[n:], a.melds[:a.nmelds])
		if d.Pair == a.win {
			a.regularReading(best, &sets, d.Pair, Tanki)
		}
		for i := range n {
			s := sets[i]
			// Identical sets are next to each other and read the same.
			if !s.has(a.win) || i > 0 && sets[i-1] == s {
				continue
			}
			if !s.run && !a.in.Tsumo {
				sets[i].open = true // a triplet completed by ron
			}
			a.regularReading(best, &sets, d.Pair, waitOf(s, a.win))
			sets[i] = s
		}
	}
}

// waitOf returns the wait that tile k completes in set s.
func waitOf(s set, k tile.Kind) Wait {
	switch {
	case !s.run:
		return Shanpon
	case k == s.first+1:
		return Kanchan
	case k == s.first && s.first.Number() == 7, k == s.first+2 && s.first.Number() == 1:
		return Penchan
	}
	return Ryanmen
}

// regularReading scores a regular reading: four sets (concealed sets,
// then the melds), the pair and the wait.
func (a *analysis) regularReading(best *candidate, sets *[4]set, pair tile.Kind, wait Wait) {
	y := a.situ | a.regular
	var runs [4]tile.Kind
	nr := 0
	var runKinds, tripKinds hand.KindSet
	trips, concealed := 0, 0
	// outside: every set and the pair hold a terminal or an honour.
	outside := pair.IsTerminalOrHonor()
	for _, s := range sets {
		if s.run {
			runs[nr] = s.first
			nr++
			runKinds.Add(s.first)
			if n := s.first.Number(); n != 1 && n != 7 {
				outside = false
			}
			continue
		}
		trips++
		tripKinds.Add(s.first)
		if !s.open {
			concealed++
		}
		if !s.first.IsTerminalOrHonor() {
			outside = false
		}
	}
	pinfu := a.closed && nr == 4 && a.pairFu(pair) == 0 && wait == Ryanmen
	if pinfu {
		y.add(yPinfu)
	}
	if a.closed && nr >= 2 {
		switch identicalRunPairs(runs[:nr]) {
		case 1:
			y.add(yIipeikou)
		case 2:
			y.add(yRyanpeikou)
		}
	}
	if outside && nr > 0 {
		if a.honors {
			y.add(yChanta)
		} else {
			y.add(yJunchan)
		}
	}
	for s := tile.Kind(0); s < tile.East; s += 9 {
		if runKinds.Has(s) && runKinds.Has(s+3) && runKinds.Has(s+6) {
			y.add(yIttsu)
		}
	}
	for n := tile.Kind(0); n < 9; n++ {
		if runKinds.Has(n) && runKinds.Has(n+9) && runKinds.Has(n+18) {
			y.add(ySanshoku)
		}
		if tripKinds.Has(n) && tripKinds.Has(n+9) && tripKinds.Has(n+18) {
			y.add(yDoukou)
		}
	}
	if trips == 4 {
		y.add(yToitoi)
	}
	switch {
	case concealed == 4 && wait == Tanki:
		y.add(ySuuankouTanki)
	case concealed == 4:
		y.add(ySuuankou)
	case concealed == 3:
		y.add(ySanankou)
	}
	a.consider(best, y, a.fu(sets, pair, wait, pinfu), hand.Regular, wait)
}

// identicalRunPairs returns how many disjoint pairs of identical runs
// runs holds (iipeikou 1, ryanpeikou 2).
func identicalRunPairs(runs []tile.Kind) int {
	var r [4]tile.Kind
	n := copy(r[:], runs)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && r[j] < r[j-1]; j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
	pairs := 0
	for i := 0; i+1 < n; i++ {
		if r[i] == r[i+1] {
			pairs++
			i++
		}
	}
	return pairs
}

// consider scores a reading with yaku y and fu fu and keeps it in best if
// it is worth more.
func (a *analysis) consider(best *candidate, y yakuSet, fu int, form hand.Form, wait Wait) {
	r := a.rules
	c := candidate{fu: fu, form: form, wait: wait, seen: true}
	scored, han, yakuman := r.value(y, a.closed)
	if han > 0 {
		c.ok = true
		c.yaku, c.yakuman = scored, yakuman
		if yakuman == 0 {
			han += a.dora + a.red + a.ura + a.kita
		}
		c.han = han
		c.base, c.limit = r.basePoints(han, fu, yakuman)
	}
	if c.better(best) {
		*best = c
	}
}

// result writes the value of the reading c.
func (a *analysis) result(c *candidate) Result {
	in, r := a.in, a.rules
	res := Result{Fu: c.fu, Form: c.form, Wait: c.wait, Dora: a.dora, Ura: a.ura, Red: a.red, Kita: a.kita}
	if !c.ok {
		res.NoYaku = true
		return res
	}
	res.Han, res.Yakuman, res.Base, res.Limit = c.han, c.yakuman, c.base, c.limit
	if c.yakuman == 0 && c.limit == event.Yakuman {
		res.Yakuman = 1 // kazoe
	}
	for _, id := range displayOrder {
		if id == ySeatEast {
			for _, y := range a.yakuhai[:a.nyakuhai] {
				if c.yaku.has(y) {
					res.add(y, r.hanOf(y, a.closed))
				}
			}
			continue
		}
		if c.yaku.has(id) {
			if h := r.hanOf(id, a.closed); h > 0 {
				res.add(id, h)
			}
		}
	}
	if c.yakuman == 0 {
		dora := a.dora
		if r.KitaInDora {
			dora += a.kita
		}
		if dora > 0 {
			res.add(yDora, dora)
		}
		if !r.KitaInDora && a.kita > 0 {
			res.add(event.YakuKitaDora, a.kita)
		}
		if a.red > 0 {
			res.add(yAka, a.red)
		}
		if in.Riichi && r.UraDora {
			res.add(yUra, a.ura)
		}
	}
	r.pay(&res, in.Tsumo, in.Dealer, int(in.Players))
	return res
}
