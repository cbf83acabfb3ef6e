package mjai

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Yaku names whose Tenhou id depends on the hand or the table.
const (
	yakuBakaze    = 200 // the round wind: Tenhou 14–17
	yakuJikaze    = 201 // the seat wind: Tenhou 10–13
	yakuSangenpai = 202 // dragon triplets: Tenhou 18–20, one per dragon
)

// yakuByName returns the Tenhou id of a yaku named as gimite's mjai names
// them (lib/mjai/hora.rb), or one of the yaku* codes above, or false.
func yakuByName(name []byte) (int, bool) {
	switch string(name) {
	case "menzenchin_tsumoho":
		return 0, true
	case "reach":
		return 1, true
	case "ippatsu":
		return 2, true
	case "chankan":
		return 3, true
	case "rinshankaiho":
		return 4, true
	case "haiteiraoyue":
		return 5, true
	case "hoteiraoyui":
		return 6, true
	case "pinfu":
		return 7, true
	case "tanyaochu":
		return 8, true
	case "ipeko":
		return 9, true
	case "jikaze":
		return yakuJikaze, true
	case "bakaze":
		return yakuBakaze, true
	case "sangenpai":
		return yakuSangenpai, true
	case "double_reach":
		return 21, true
	case "chitoitsu":
		return 22, true
	case "honchantaiyao":
		return 23, true
	case "ikkitsukan":
		return 24, true
	case "sanshokudojun":
		return 25, true
	case "sanshokudoko":
		return 26, true
	case "sankantsu":
		return 27, true
	case "toitoiho":
		return 28, true
	case "sananko":
		return 29, true
	case "shosangen":
		return 30, true
	case "honroto":
		return 31, true
	case "ryanpeko":
		return 32, true
	case "junchantaiyao":
		return 33, true
	case "honiso":
		return 34, true
	case "chiniso":
		return 35, true
	case "renho":
		return 36, true
	case "tenho":
		return 37, true
	case "chiho":
		return 38, true
	case "daisangen":
		return 39, true
	case "suanko":
		return 40, true
	case "suanko_tanki":
		return 41, true
	case "tsuiso":
		return 42, true
	case "ryuiso":
		return 43, true
	case "chinroto":
		return 44, true
	case "churenpoton":
		return 45, true
	case "junsei_churenpoton":
		return 46, true
	case "kokushimuso":
		return 47, true
	case "kokushimuso_13":
		return 48, true
	case "daisushi":
		return 49, true
	case "shosushi":
		return 50, true
	case "sukantsu":
		return 51, true
	case "dora":
		return int(event.YakuDora), true
	case "uradora":
		return int(event.YakuUraDora), true
	case "akadora":
		return int(event.YakuAkaDora), true
	}
	return 0, false
}

// tenhouHan is the han of Tenhou yaku id i with a closed hand and with an
// open one (0: not allowed open); 0, 0 where the han depends on the rules
// (renhou). Dora ids count 1 per occurrence.
var tenhouHan = [55][2]uint8{
	0: {1, 0}, 1: {1, 0}, 2: {1, 0}, 3: {1, 1}, 4: {1, 1}, 5: {1, 1}, 6: {1, 1},
	7: {1, 0}, 8: {1, 1}, 9: {1, 0},
	10: {1, 1}, 11: {1, 1}, 12: {1, 1}, 13: {1, 1}, 14: {1, 1}, 15: {1, 1}, 16: {1, 1}, 17: {1, 1},
	18: {1, 1}, 19: {1, 1}, 20: {1, 1},
	21: {2, 0}, 22: {2, 0}, 23: {2, 1}, 24: {2, 1}, 25: {2, 1}, 26: {2, 2}, 27: {2, 2},
	28: {2, 2}, 29: {2, 2}, 30: {2, 2}, 31: {2, 2}, 32: {3, 0}, 33: {3, 2}, 34: {3, 2}, 35: {6, 5},
	37: {13, 13}, 38: {13, 13}, 39: {13, 13}, 40: {13, 13}, 41: {13, 13}, 42: {13, 13},
	43: {13, 13}, 44: {13, 13}, 45: {13, 13}, 46: {13, 13}, 47: {13, 13}, 48: {13, 13},
	49: {13, 13}, 50: {13, 13}, 51: {13, 13},
	52: {1, 1}, 53: {1, 1}, 54: {1, 1},
}

// dragonTriplets appends to dst the yaku ids (18 haku, 19 hatsu, 20 chun)
// of the dragons w holds three or four of, in its concealed tiles or its
// melds.
func dragonTriplets(dst []event.YakuID, w *event.WinRecord) []event.YakuID {
	var n [3]int
	for _, t := range w.HandTiles() {
		if k := t.Kind(); k.IsDragon() {
			n[k-tile.Haku]++
		}
	}
	for i := range w.NMelds {
		m := &w.Melds[i]
		if m.Kind != event.MeldChi && m.Kind != event.MeldKita {
			if k := m.Tiles[0].Kind(); k.IsDragon() {
				n[k-tile.Haku] += 3
			}
		}
	}
	for i, c := range n {
		if c >= 3 {
			dst = append(dst, event.YakuID(18+i))
		}
	}
	return dst
}

// limitOf returns the limit a win of han han and fu fu reached, the way
// Tenhou counts it (no rounding up to mangan): ok is false when the fu
// would matter but are not known.
func limitOf(han, fu int, fuKnown bool) (event.Limit, bool) {
	switch {
	case han >= 13:
		return event.Yakuman, true
	case han >= 11:
		return event.Sanbaiman, true
	case han >= 8:
		return event.Baiman, true
	case han >= 6:
		return event.Haneman, true
	case han == 5:
		return event.Mangan, true
	case han < 0:
		return event.NoLimit, false
	case !fuKnown:
		return event.NoLimit, false
	case fu<<(han+2) >= 2000:
		return event.Mangan, true
	}
	return event.NoLimit, true
}
