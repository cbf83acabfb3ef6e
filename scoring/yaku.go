package scoring

import (
	"math/bits"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// The yaku ids (Tenhou's numbering, event.YakuID).
const (
	yMenzenTsumo event.YakuID = iota
	yRiichi
	yIppatsu
	yChankan
	yRinshan
	yHaitei
	yHoutei
	yPinfu
	yTanyao
	yIipeikou
	ySeatEast // 10–13: seat wind East … North
	_
	_
	_
	yRoundEast // 14–17: round wind East … North
	_
	_
	_
	yHaku // 18–20: haku, hatsu, chun
	_
	_
	yDoubleRiichi
	yChiitoitsu
	yChanta
	yIttsu
	ySanshoku
	yDoukou
	ySankantsu
	yToitoi
	ySanankou
	yShousangen
	yHonroutou
	yRyanpeikou
	yJunchan
	yHonitsu
	yChinitsu
	yRenhou
	yTenhou
	yChiihou
	yDaisangen
	ySuuankou
	ySuuankouTanki
	yTsuuiisou
	yRyuuiisou
	yChinroutou
	yChuuren
	yJunseiChuuren
	yKokushi
	yKokushi13
	yDaisuushii
	yShousuushii
	ySuukantsu
)

// yakuSet is a set of yaku ids 0–63: bit id is yaku id.
type yakuSet uint64

func (s yakuSet) has(id event.YakuID) bool { return s&(1<<id) != 0 }
func (s *yakuSet) add(id event.YakuID)     { *s |= 1 << id }

// yakumanSet holds the ids of the yakuman (renhou is one only under
// RenhouYakuman; see hanOf).
const yakumanSet yakuSet = (1<<(ySuukantsu+1) - 1) &^ (1<<yTenhou - 1)

// hanTable holds the han of the ordinary yaku in a closed and an open
// hand (0: not a yaku of such a hand). Renhou and the yakuman are in
// hanOf.
var hanTable = [yChinitsu + 1][2]uint8{
	yMenzenTsumo: {1, 0}, yRiichi: {1, 0}, yIppatsu: {1, 0}, yChankan: {1, 1},
	yRinshan: {1, 1}, yHaitei: {1, 1}, yHoutei: {1, 1}, yPinfu: {1, 0},
	yTanyao: {1, 1}, yIipeikou: {1, 0},
	ySeatEast: {1, 1}, ySeatEast + 1: {1, 1}, ySeatEast + 2: {1, 1}, ySeatEast + 3: {1, 1},
	yRoundEast: {1, 1}, yRoundEast + 1: {1, 1}, yRoundEast + 2: {1, 1}, yRoundEast + 3: {1, 1},
	yHaku: {1, 1}, yHaku + 1: {1, 1}, yHaku + 2: {1, 1},
	yDoubleRiichi: {2, 0}, yChiitoitsu: {2, 0}, yChanta: {2, 1}, yIttsu: {2, 1},
	ySanshoku: {2, 1}, yDoukou: {2, 2}, ySankantsu: {2, 2}, yToitoi: {2, 2},
	ySanankou: {2, 2}, yShousangen: {2, 2}, yHonroutou: {2, 2}, yRyanpeikou: {3, 0},
	yJunchan: {3, 2}, yHonitsu: {3, 2}, yChinitsu: {6, 5},
}

// hanOf returns the han of yaku id: the ordinary yaku's from the tables,
// 13 per yakuman (26 for a double form under DoubleYakumanForms), and
// renhou's by the rules.
func (r *Rules) hanOf(id event.YakuID, closed bool) int {
	switch {
	case id == yRenhou:
		// A renhou worth a mangan is scored apart (Scorer.renhouMangan).
		if r.Renhou == RenhouYakuman {
			return 13
		}
		return 0
	case yakumanSet.has(id):
		if r.DoubleYakumanForms && id.IsDoubleYakumanForm() {
			return 26
		}
		return 13
	case int(id) >= len(hanTable):
		return 0
	case closed:
		return int(hanTable[id][0])
	}
	return int(hanTable[id][1])
}

// value sums the han of the yaku in s and counts the yakuman: when s
// holds a yakuman, only the yakuman count (han is then 13 per yakuman)
// and, without YakumanStacking, only the biggest one. It returns the set
// that scores.
func (r *Rules) value(s yakuSet, closed bool) (scored yakuSet, han, yakuman int) {
	ym := s & yakumanSet
	if r.Renhou == RenhouYakuman {
		ym |= s & (1 << yRenhou)
	}
	if ym != 0 {
		if !r.YakumanStacking {
			best, bestHan := event.YakuID(0), 0
			for _, id := range displayOrder {
				if ym.has(id) && r.hanOf(id, closed) > bestHan {
					best, bestHan = id, r.hanOf(id, closed)
				}
			}
			ym = 1 << best
		}
		for b := uint64(ym); b != 0; b &= b - 1 {
			han += r.hanOf(event.YakuID(bits.TrailingZeros64(b)), closed)
		}
		return ym, han, han / 13
	}
	for b := uint64(s); b != 0; b &= b - 1 {
		han += r.hanOf(event.YakuID(bits.TrailingZeros64(b)), closed)
	}
	return s, han, 0
}

// displayOrder is Tenhou's order of the yaku in mjlog AGARI (yaku and
// yakuman), found from the corpus: every pair of yaku seen together in
// the 25,000 wins of real mjlogs is in this order. Pairs never seen
// together (sankantsu with most yaku; most yakuman pairs) are placed by
// analogy. ySeatEast stands for the whole block of yakuhai, which Tenhou
// lists by the hand's sets: the concealed triplets by kind, then the melds
// in the order they were made, a double wind as round wind then seat wind.
// The dora entries come last: dora, aka dora, ura dora.
var displayOrder = [...]event.YakuID{
	yRiichi, yDoubleRiichi, yIppatsu, yChankan, yRinshan, yHaitei, yHoutei, yMenzenTsumo,
	yRenhou,
	yPinfu, yChiitoitsu, yIipeikou, yRyanpeikou, yIttsu, ySanshoku,
	yShousangen, ySanankou, ySankantsu, yToitoi, yDoukou,
	ySeatEast,
	yChanta, yJunchan, yHonroutou, yHonitsu, yTanyao, yChinitsu,
	yTenhou, yChiihou, yDaisuushii, yShousuushii, yDaisangen, ySuuankou, ySuuankouTanki,
	ySuukantsu, yTsuuiisou, yRyuuiisou, yChinroutou, yChuuren, yJunseiChuuren, yKokushi, yKokushi13,
}

// situation sets the yaku of the facts of the play.
func (a *analysis) situation() {
	in, r := a.in, a.rules
	s := &a.situ
	switch {
	case in.DoubleRiichi:
		s.add(yDoubleRiichi)
	case in.Riichi:
		s.add(yRiichi)
	}
	if in.Ippatsu && r.Ippatsu {
		s.add(yIppatsu)
	}
	if in.Tsumo && a.closed {
		s.add(yMenzenTsumo)
	}
	for _, f := range [...]struct {
		on bool
		id event.YakuID
	}{
		{in.Chankan, yChankan}, {in.Rinshan, yRinshan}, {in.Haitei, yHaitei}, {in.Houtei, yHoutei},
		{in.Tenhou, yTenhou}, {in.Chiihou, yChiihou}, {in.Renhou && r.Renhou == RenhouYakuman, yRenhou},
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
		both.add(yHonroutou)
	case kinds&^honorKinds == 0:
		both.add(yTsuuiisou)
	case kinds&^termKinds == 0:
		both.add(yChinroutou)
	}
	if kinds&(honorKinds|termKinds) == 0 && (a.closed || a.rules.OpenTanyao) {
		both.add(yTanyao)
	}
	if suits == 1 {
		if a.honors {
			both.add(yHonitsu)
		} else {
			both.add(yChinitsu)
		}
	}
	a.pairs = both
	a.pairs.add(yChiitoitsu)
	a.regular = both
	if kinds&^greenKinds == 0 {
		a.regular.add(yRyuuiisou)
	}
	if a.nmelds == 0 && suits == 1 && !a.honors {
		a.chuuren()
	}
	switch a.kans {
	case 3:
		a.regular.add(ySankantsu)
	case 4:
		a.regular.add(ySuukantsu)
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
		a.regular.add(yDaisangen)
	case dragons == 2 && dragonPair:
		a.regular.add(yShousangen)
	}
	switch {
	case winds == 4:
		a.regular.add(yDaisuushii)
	case winds == 3 && windPair:
		a.regular.add(yShousuushii)
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
		a.regular.add(yJunseiChuuren)
	} else {
		a.regular.add(yChuuren)
	}
}

// listYakuhai lists the yakuhai of the regular form in Tenhou's order:
// the concealed honour triplets by kind, then the melds in the order they
// were made; a double wind as round wind, then seat wind.
func (a *analysis) listYakuhai() {
	add := func(k tile.Kind) {
		switch {
		case k.IsDragon():
			a.yakuhai[a.nyakuhai] = yHaku + event.YakuID(k-tile.Haku)
			a.nyakuhai++
		case k.IsWind():
			if k == a.in.RoundWind {
				a.yakuhai[a.nyakuhai] = yRoundEast + event.YakuID(k-tile.East)
				a.nyakuhai++
			}
			if k == a.in.SeatWind {
				a.yakuhai[a.nyakuhai] = ySeatEast + event.YakuID(k-tile.East)
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
