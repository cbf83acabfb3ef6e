package scoring

import (
	"math/bits"

	"github.com/haifu/haifu/event"
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
	yDora
	yUra
	yAka
)

// yakuSet is a set of yaku ids 0–63: bit id is yaku id.
type yakuSet uint64

func (s yakuSet) has(id event.YakuID) bool { return s&(1<<id) != 0 }
func (s *yakuSet) add(id event.YakuID)     { *s |= 1 << id }

// yakumanSet holds the ids of the yakuman (renhou is one only under
// RenhouYakuman; see hanOf).
const yakumanSet yakuSet = (1<<(ySuukantsu+1) - 1) &^ (1<<yTenhou - 1)

// yakuhaiSet holds the ids of the seat winds, round winds and dragons.
const yakuhaiSet yakuSet = (1<<(yHaku+3) - 1) &^ (1<<ySeatEast - 1)

// doubleForms holds the yakuman that DoubleYakumanForms counts twice.
const doubleForms yakuSet = 1<<ySuuankouTanki | 1<<yJunseiChuuren | 1<<yKokushi13 | 1<<yDaisuushii

// hanClosed and hanOpen are the han of the ordinary yaku in a closed and
// an open hand (0: not a yaku of such a hand). Renhou and the yakuman are
// in hanOf.
var hanClosed, hanOpen [64]uint8

func init() {
	for id, h := range map[event.YakuID][2]uint8{
		yMenzenTsumo: {1, 0}, yRiichi: {1, 0}, yIppatsu: {1, 0}, yChankan: {1, 1},
		yRinshan: {1, 1}, yHaitei: {1, 1}, yHoutei: {1, 1}, yPinfu: {1, 0},
		yTanyao: {1, 1}, yIipeikou: {1, 0}, yDoubleRiichi: {2, 0}, yChiitoitsu: {2, 0},
		yChanta: {2, 1}, yIttsu: {2, 1}, ySanshoku: {2, 1}, yDoukou: {2, 2},
		ySankantsu: {2, 2}, yToitoi: {2, 2}, ySanankou: {2, 2}, yShousangen: {2, 2},
		yHonroutou: {2, 2}, yRyanpeikou: {3, 0}, yJunchan: {3, 2}, yHonitsu: {3, 2},
		yChinitsu: {6, 5},
	} {
		hanClosed[id], hanOpen[id] = h[0], h[1]
	}
	for id := ySeatEast; id < yHaku+3; id++ {
		hanClosed[id], hanOpen[id] = 1, 1
	}
}

// hanOf returns the han of yaku id: the ordinary yaku's from the tables,
// 13 per yakuman (26 for a double form under DoubleYakumanForms), and
// renhou's by the rules.
func (r *Rules) hanOf(id event.YakuID, closed bool) int {
	switch {
	case id == yRenhou:
		switch r.Renhou {
		case RenhouMangan:
			return 5
		case RenhouYakuman:
			return 13
		}
		return 0
	case yakumanSet.has(id):
		if r.DoubleYakumanForms && doubleForms.has(id) {
			return 26
		}
		return 13
	case closed:
		return int(hanClosed[id])
	}
	return int(hanOpen[id])
}

// isYakuman reports whether id is a yakuman under the rules.
func (r *Rules) isYakuman(id event.YakuID) bool {
	return yakumanSet.has(id) || id == yRenhou && r.Renhou == RenhouYakuman
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
