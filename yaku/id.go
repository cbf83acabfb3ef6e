package yaku

import "strconv"

// ID names a yaku. The numbering is Tenhou's (mjlog AGARI yaku ids 0–54);
// yaku of other platforms that Tenhou does not have get ids from 64 up.
type ID uint8

// Tenhou's yaku, by their mjlog ids.
const (
	MenzenTsumo ID = iota
	Riichi
	Ippatsu
	Chankan
	RinshanKaihou
	Haitei
	Houtei
	Pinfu
	Tanyao
	Iipeikou
	SeatWindEast // 10–13: the seat wind, East … North
	SeatWindSouth
	SeatWindWest
	SeatWindNorth
	RoundWindEast // 14–17: the round wind, East … North
	RoundWindSouth
	RoundWindWest
	RoundWindNorth
	Haku // 18–20: the dragons, haku, hatsu, chun
	Hatsu
	Chun
	DoubleRiichi
	Chiitoitsu
	Chanta
	Ittsu
	SanshokuDoujun
	SanshokuDoukou
	Sankantsu
	Toitoi
	Sanankou
	Shousangen
	Honroutou
	Ryanpeikou
	Junchan
	Honitsu
	Chinitsu
	Renhou // not in Tenhou's rules; its value is the rules'
	Tenhou // 37–51: the yakuman
	Chiihou
	Daisangen
	Suuankou
	SuuankouTanki
	Tsuuiisou
	Ryuuiisou
	Chinroutou
	ChuurenPoutou
	JunseiChuurenPoutou
	KokushiMusou
	KokushiMusou13
	Daisuushii
	Shousuushii
	Suukantsu
	Dora // 52–54: the dora entries, 1 han per dora
	UraDora
	AkaDora
)

// Yaku that Tenhou does not have: Mahjong Soul's kita dora, paarenchan
// and the optional ancient yaku (古役). Mahjong Soul's renhou is Renhou.
const (
	// KitaDora counts the Norths set aside in three-player games (Mahjong
	// Soul lists it apart; Tenhou counts it inside Dora).
	KitaDora           ID = 64 + iota
	Paarenchan            // eight consecutive dealer wins (yakuman)
	TsubameGaeshi         // ron on a riichi declaration tile
	Kanburi               // ron on the discard after a kan
	ShiiaruRaotai         // four melds, tanki on a called hand
	Uumensai              // all five tile groups
	Sanrenkou             // three consecutive triplets of a suit
	IsshokuSanjun         // three identical sequences
	IipinMoyue            // haitei tsumo on 1p
	ChuupinRaoyui         // houtei ron on 9p
	Daisharin             // 22334455667788p (yakuman)
	Daichikurin           // 22334455667788s (yakuman)
	Daisuurin             // 22334455667788m (yakuman)
	IshiNoUeNiMoSannen    // double riichi houtei/haitei (yakuman)
	Daichisei             // seven pairs of honours (double yakuman)
)

// Placeholders: names some sources give a yaku whose id depends on the
// table. A decoder resolves them; no record holds one.
const (
	// AnySeatWind is the winner's seat wind: SeatWind(wind).
	AnySeatWind ID = 250 + iota
	// AnyRoundWind is the round's wind: RoundWind(wind).
	AnyRoundWind
	// AnyDragon stands for the dragon triplets of the hand, one entry
	// Haku + dragon (0 haku, 1 hatsu, 2 chun) for each (mjai's
	// sangenpai, whose han is their number).
	AnyDragon
)

// YakumanHan is the han a yakuman counts for where han are added up: Han's
// value for a yakuman, what Tenhou's logs record per yakuman (mjlog's
// yakuman list, tenhou.net/6's "(役満)") and what Mahjong Soul's and
// mjai's multiply their yakuman counts by.
const YakumanHan = 13

// SeatWind returns the yaku of a seat wind (0 East … 3 North).
func SeatWind(wind int) ID { return SeatWindEast + ID(wind) }

// RoundWind returns the yaku of a round wind (0 East … 3 North).
func RoundWind(wind int) ID { return RoundWindEast + ID(wind) }

// String returns the yaku's name, such as "riichi" or "ura_dora", or
// "yaku_<id>" for an id the catalogue does not name.
func (id ID) String() string {
	if n := entries[id].name; n != "" {
		return n
	}
	return "yaku_" + strconv.Itoa(int(id))
}

// Han returns the han of the yaku in a closed hand (closed) or an open one
// under Tenhou's rules: 0 where the yaku needs a closed hand; YakumanHan
// for a yakuman (a double yakuman form included); 1 per dora for the dora
// entries (Dora, UraDora, AkaDora, KitaDora). It is 0 for renhou, whose
// value is the rules', for Mahjong Soul's own yaku (Paarenchan …
// Daichisei), whose value is the log's, and for ids that name no yaku.
func (id ID) Han(closed bool) int {
	if closed {
		return int(values[id].closed)
	}
	return int(values[id].open)
}

// IsYakuman reports whether id is one of the yakuman of Tenhou's table,
// ids 37–51. Renhou (36) is left out: it is a yakuman on some platforms and
// a mangan or nothing on others. So are Mahjong Soul's own ids (64 on).
func (id ID) IsYakuman() bool {
	k := values[id].kind
	return k == yakuman || k == doubleForm
}

// IsDoubleYakumanForm reports whether id is a yakuman that rules with
// double yakuman forms count twice: suuankou tanki (41), junsei chuuren
// (46), kokushi's thirteen-sided wait (48) and daisuushii (49).
func (id ID) IsDoubleYakumanForm() bool { return values[id].kind == doubleForm }

// MayBeYakuman reports whether id is a yakuman under some platform's
// rules: one of Tenhou's yakuman (IsYakuman), renhou (a yakuman on some
// platforms, a mangan or nothing on others), or one of Mahjong Soul's
// yakuman (paarenchan, daisharin, daichikurin, daisuurin, ishi no ue ni
// mo sannen, daichisei), whose value is the log's. A tenhou.net/6 yaku
// string writes such a yaku of YakumanHan han as "(役満)".
func (id ID) MayBeYakuman() bool {
	k := values[id].kind
	return k == yakuman || k == doubleForm || k == unratedYakuman
}

// Tenhou6Name returns the name tenhou.net/6 result strings give the yaku,
// as Tenhou's converter (mjlog2json) writes it: Tenhou's Japanese name
// for ids 0–54 ("立直", "自風 東", "国士無双１３面"), and tensoul's Japanese
// name for Mahjong Soul's own yaku ("抜きドラ", "八連荘"). FromTenhou6
// reads it back. It is "" for a placeholder and for an id that names no
// yaku.
func (id ID) Tenhou6Name() string { return entries[id].tenhou6 }
