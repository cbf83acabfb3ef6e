package scoring

import (
	"math/bits"

	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// yakuSet is a set of yaku ids 0–63: bit id is yaku id.
type yakuSet uint64

func (s yakuSet) has(id yaku.ID) bool { return s&(1<<id) != 0 }
func (s *yakuSet) add(id yaku.ID)     { *s |= 1 << id }

// yakumanSet holds the ids of the yakuman (renhou is one only under
// RenhouYakuman; see hanOf).
var yakumanSet = func() (s yakuSet) {
	for id := range yaku.ID(64) {
		if id.IsYakuman() {
			s.add(id)
		}
	}
	return s
}()

// hanOf returns the han of yaku id: the catalogue's (yaku.YakumanHan per
// yakuman), twice that for a double yakuman form under
// DoubleYakumanForms, and renhou's by the rules.
func (r *Rules) hanOf(id yaku.ID, closed bool) int {
	switch {
	case id == yaku.Renhou:
		// A renhou worth a mangan is scored apart (Scorer.renhouMangan).
		if r.Renhou == RenhouYakuman {
			return yaku.YakumanHan
		}
		return 0
	case r.DoubleYakumanForms && id.IsDoubleYakumanForm():
		return 2 * yaku.YakumanHan
	}
	return id.Han(closed)
}

// value sums the han of the yaku in s and counts the yakuman: when s
// holds a yakuman, only the yakuman count (han is then yaku.YakumanHan per
// yakuman) and, without YakumanStacking, only the biggest one. It returns
// the set that scores.
func (r *Rules) value(s yakuSet, closed bool) (scored yakuSet, han, yakuman int) {
	ym := s & yakumanSet
	if r.Renhou == RenhouYakuman {
		ym |= s & (1 << yaku.Renhou)
	}
	if ym != 0 {
		if !r.YakumanStacking {
			best, bestHan := yaku.ID(0), 0
			for _, id := range displayOrder {
				if ym.has(id) && r.hanOf(id, closed) > bestHan {
					best, bestHan = id, r.hanOf(id, closed)
				}
			}
			ym = 1 << best
		}
		for b := uint64(ym); b != 0; b &= b - 1 {
			han += r.hanOf(yaku.ID(bits.TrailingZeros64(b)), closed)
		}
		return ym, han, han / yaku.YakumanHan
	}
	for b := uint64(s); b != 0; b &= b - 1 {
		han += r.hanOf(yaku.ID(bits.TrailingZeros64(b)), closed)
	}
	return s, han, 0
}

// displayOrder is Tenhou's order of the yaku in mjlog AGARI (yaku and
// yakuman), found from the corpus: every pair of yaku seen together in
// the 25,000 wins of real mjlogs is in this order. Pairs never seen
// together (sankantsu with most yaku; most yakuman pairs) are placed by
// analogy. yaku.SeatWindEast stands for the whole block of yakuhai, which
// Tenhou lists by the hand's sets: the concealed triplets by kind, then
// the melds in the order they were made, a double wind as round wind then
// seat wind. The dora entries come last: dora, aka dora, ura dora.
var displayOrder = [...]yaku.ID{
	yaku.Riichi, yaku.DoubleRiichi, yaku.Ippatsu, yaku.Chankan, yaku.RinshanKaihou, yaku.Haitei,
	yaku.Houtei, yaku.MenzenTsumo,
	yaku.Renhou,
	yaku.Pinfu, yaku.Chiitoitsu, yaku.Iipeikou, yaku.Ryanpeikou, yaku.Ittsu, yaku.SanshokuDoujun,
	yaku.Shousangen, yaku.Sanankou, yaku.Sankantsu, yaku.Toitoi, yaku.SanshokuDoukou,
	yaku.SeatWindEast,
	yaku.Chanta, yaku.Junchan, yaku.Honroutou, yaku.Honitsu, yaku.Tanyao, yaku.Chinitsu,
	yaku.Tenhou, yaku.Chiihou, yaku.Daisuushii, yaku.Shousuushii, yaku.Daisangen, yaku.Suuankou,
	yaku.SuuankouTanki, yaku.Suukantsu, yaku.Tsuuiisou, yaku.Ryuuiisou, yaku.Chinroutou,
	yaku.ChuurenPoutou, yaku.JunseiChuurenPoutou, yaku.KokushiMusou, yaku.KokushiMusou13,
}

// situation sets the yaku of the facts of the play.
func (a *analysis) situation() {
	in, r := a.in, a.rules
	s := &a.situ
	switch {
	case in.DoubleRiichi:
		s.add(yaku.DoubleRiichi)
	case in.Riichi:
		s.add(yaku.Riichi)
	}
	if in.Ippatsu && r.Ippatsu {
		s.add(yaku.Ippatsu)
	}
	if in.Tsumo && a.closed {
		s.add(yaku.MenzenTsumo)
	}
	for _, f := range [...]struct {
		on bool
		id yaku.ID
	}{
		{in.Chankan, yaku.Chankan}, {in.Rinshan, yaku.RinshanKaihou}, {in.Haitei, yaku.Haitei}, {in.Houtei, yaku.Houtei},
		{in.Tenhou, yaku.Tenhou}, {in.Chiihou, yaku.Chiihou}, {in.Renhou && r.Renhou == RenhouYakuman, yaku.Renhou},
	} {
		if f.on {
			s.add(f.id)
		}
	}
}

// Tile kinds by group.
const (
	greenKinds = hand.KindSet(1<<tile.Sou2 | 1<<tile.Sou3 | 1<<tile.Sou4 | 1<<tile.Sou6 | 1<<tile.Sou8 | 1<<tile.Hatsu)
	honorKinds = hand.KindSet((1<<tile.NumKinds - 1) &^ (1<<tile.East - 1))
	termKinds  = hand.KindSet(1<<tile.Man1 | 1<<tile.Man9 | 1<<tile.Pin1 | 1<<tile.Pin9 | 1<<tile.Sou1 | 1<<tile.Sou9)
	suitKinds  = hand.KindSet(1<<9 - 1)
)

// tiles sets the yaku that depend on the tiles alone.
func (a *analysis) tiles() {
	kinds := hand.KindsOf(&a.all) // kita are not part of the hand
	a.honors = kinds&honorKinds != 0
	a.terminals = kinds&termKinds != 0
	var both yakuSet // yaku of the tiles for both forms
	suits := 0
	for s := range 3 {
		if kinds&(suitKinds<<(9*s)) != 0 {
			suits++
		}
	}
	switch {
	case kinds&^(honorKinds|termKinds) == 0 && a.honors && a.terminals:
		both.add(yaku.Honroutou)
	case kinds&^honorKinds == 0:
		both.add(yaku.Tsuuiisou)
	case kinds&^termKinds == 0:
		both.add(yaku.Chinroutou)
	}
	if kinds&(honorKinds|termKinds) == 0 && (a.closed || a.rules.OpenTanyao) {
		both.add(yaku.Tanyao)
	}
	if suits == 1 {
		if a.honors {
			both.add(yaku.Honitsu)
		} else {
			both.add(yaku.Chinitsu)
		}
	}
	a.pairs = both
	a.pairs.add(yaku.Chiitoitsu)
	a.regular = both
	if kinds&^greenKinds == 0 {
		a.regular.add(yaku.Ryuuiisou)
	}
	if a.nmelds == 0 && suits == 1 && !a.honors {
		a.chuuren()
	}
	switch a.kans {
	case 3:
		a.regular.add(yaku.Sankantsu)
	case 4:
		a.regular.add(yaku.Suukantsu)
	}
	// Dragons and winds: in a regular hand an honour is a set (3 or 4
	// tiles), the pair (2) or absent.
	dragons, dragonPair, winds, windPair := 0, false, 0, false
	for k := tile.East; k <= tile.Chun; k++ {
		switch n := a.all[k]; {
		case n >= 3 && k.IsDragon():
			dragons++
		case n >= 3:
			winds++
		case n == 2 && k.IsDragon():
			dragonPair = true
		case n == 2:
			windPair = true
		}
	}
	switch {
	case dragons == 3:
		a.regular.add(yaku.Daisangen)
	case dragons == 2 && dragonPair:
		a.regular.add(yaku.Shousangen)
	}
	switch {
	case winds == 4:
		a.regular.add(yaku.Daisuushii)
	case winds == 3 && windPair:
		a.regular.add(yaku.Shousuushii)
	}
	a.listYakuhai()
}

// chuuren adds chuuren poutou for a closed one-suit hand of 1112345678999
// and one more tile of the suit, junsei when the tile before the winning
// one was exactly that.
func (a *analysis) chuuren() {
	base := 0
	for a.conc[base] == 0 {
		base++
	}
	base -= base % 9
	need := [9]uint8{3, 1, 1, 1, 1, 1, 1, 1, 3}
	for i, n := range need {
		if a.conc[base+i] < n {
			return
		}
	}
	if a.conc[a.win] == need[int(a.win)-base]+1 {
		a.regular.add(yaku.JunseiChuurenPoutou)
	} else {
		a.regular.add(yaku.ChuurenPoutou)
	}
}

// listYakuhai lists the yakuhai of the regular form in Tenhou's order:
// the concealed honour triplets by kind, then the melds in the order they
// were made; a double wind as round wind, then seat wind.
func (a *analysis) listYakuhai() {
	add := func(k tile.Kind) {
		switch {
		case k.IsDragon():
			a.yakuhai[a.nyakuhai] = yaku.Haku + yaku.ID(k-tile.Haku)
			a.nyakuhai++
		case k.IsWind():
			if k == a.in.RoundWind {
				a.yakuhai[a.nyakuhai] = yaku.RoundWind(int(k - tile.East))
				a.nyakuhai++
			}
			if k == a.in.SeatWind {
				a.yakuhai[a.nyakuhai] = yaku.SeatWind(int(k - tile.East))
				a.nyakuhai++
			}
		}
	}
	for k := tile.East; k <= tile.Chun; k++ {
		if a.conc[k] >= 3 {
			add(k)
		}
	}
	for _, m := range a.melds[:a.nmelds] {
		if !m.run && m.first.IsHonor() {
			add(m.first)
		}
	}
	for _, id := range a.yakuhai[:a.nyakuhai] {
		a.regular.add(id)
	}
}

// readingYaku returns the yaku of a regular reading (four sets, the pair
// and the wait) and whether it has the shape of pinfu (for its fu, even
// when a yakuman keeps pinfu from scoring).
func (a *analysis) readingYaku(sets *[4]set, pair tile.Kind, wait Wait) (yakuSet, bool) {
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
		y.add(yaku.Pinfu)
	}
	if a.closed && nr >= 2 {
		switch identicalRunPairs(runs[:nr]) {
		case 1:
			y.add(yaku.Iipeikou)
		case 2:
			y.add(yaku.Ryanpeikou)
		}
	}
	if outside && nr > 0 {
		if a.honors {
			y.add(yaku.Chanta)
		} else {
			y.add(yaku.Junchan)
		}
	}
	for s := tile.Kind(0); s < tile.East; s += 9 {
		if runKinds.Has(s) && runKinds.Has(s+3) && runKinds.Has(s+6) {
			y.add(yaku.Ittsu)
		}
	}
	for n := tile.Kind(0); n < 9; n++ {
		if runKinds.Has(n) && runKinds.Has(n+9) && runKinds.Has(n+18) {
			y.add(yaku.SanshokuDoujun)
		}
		if tripKinds.Has(n) && tripKinds.Has(n+9) && tripKinds.Has(n+18) {
			y.add(yaku.SanshokuDoukou)
		}
	}
	if trips == 4 {
		y.add(yaku.Toitoi)
	}
	switch {
	case concealed == 4 && wait == Tanki:
		y.add(yaku.SuuankouTanki)
	case concealed == 4:
		y.add(yaku.Suuankou)
	case concealed == 3:
		y.add(yaku.Sanankou)
	}
	return y, pinfu
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
