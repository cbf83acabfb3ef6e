package scoring

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
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
			y.add(yaku.KokushiMusou13)
			w = Thirteen
		} else {
			y.add(yaku.KokushiMusou)
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
	y, pinfu := a.readingYaku(sets, pair, wait)
	a.consider(best, y, a.fu(sets, pair, wait, pinfu), hand.Regular, wait)
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
