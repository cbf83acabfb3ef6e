package yaku

// kind is how the catalogue values a yaku.
type kind uint8

const (
	none        kind = iota // no yaku has the id
	ordinary                // han by the hand: closed and open
	dora                    // 1 han per dora
	unrated                 // the value is the rules' or the log's (Han 0)
	placeholder             // a name whose yaku depends on the table
	yakuman                 // a yakuman: 13 han
	doubleForm              // a yakuman that rules with double forms count twice
)

// entry is what the catalogue knows of one id.
type entry struct {
	name         string // haifu's name (String)
	kind         kind
	closed, open uint8    // han (Han)
	mjai         string   // the name of mjai logs (FromMjai)
	tenhou6      []string // the names of tenhou.net/6 result strings (FromTenhou6)
}

// value is an entry's kind and han.
type value struct {
	kind         kind
	closed, open uint8
}

// values are the entries' kinds and han, packed in 768 bytes: Han,
// IsYakuman and IsDoubleYakumanForm are on the scorer's path.
var values = func() (v [256]value) {
	for i, e := range entries {
		v[i] = value{e.kind, e.closed, e.open}
	}
	return v
}()

// entries is the catalogue, by id. Its columns: haifu's name, the kind,
// the han closed and open, the mjai name and the tenhou.net/6 names:
// Tenhou's (docs/tenhou-formats.md §1.4) with the variant characters seen in
// logs and converters (traditional forms, 么 for 幺), then tensoul's
// Japanese names of Mahjong Soul's yaku, its romaji and its English ones.
// The array covers every ID, so that indexing it needs no bounds check.
var entries = [256]entry{
	MenzenTsumo:    {"menzen_tsumo", ordinary, 1, 0, "menzenchin_tsumoho", []string{"門前清自摸和", "門前清模和", "Menzen Tsumo", "Fully Concealed Hand", "Tsumo"}},
	Riichi:         {"riichi", ordinary, 1, 0, "reach", []string{"立直", "Riichi", "Reach"}},
	Ippatsu:        {"ippatsu", ordinary, 1, 0, "ippatsu", []string{"一発", "一發", "Ippatsu"}},
	Chankan:        {"chankan", ordinary, 1, 1, "chankan", []string{"槍槓", "搶槓", "Chankan", "Robbing a Kan", "Robbing A Kan"}},
	RinshanKaihou:  {"rinshan_kaihou", ordinary, 1, 1, "rinshankaiho", []string{"嶺上開花", "Rinshan Kaihou", "After a Kan", "Dead Wall Draw"}},
	Haitei:         {"haitei", ordinary, 1, 1, "haiteiraoyue", []string{"海底摸月", "海底撈月", "Haitei Raoyue", "Haitei", "Under the Sea"}},
	Houtei:         {"houtei", ordinary, 1, 1, "hoteiraoyui", []string{"河底撈魚", "Houtei Raoyui", "Houtei", "Under the River"}},
	Pinfu:          {"pinfu", ordinary, 1, 0, "pinfu", []string{"平和", "Pinfu"}},
	Tanyao:         {"tanyao", ordinary, 1, 1, "tanyaochu", []string{"断幺九", "断么九", "斷么九", "断ヤオ九", "Tanyao", "All Simples"}},
	Iipeikou:       {"iipeikou", ordinary, 1, 0, "ipeko", []string{"一盃口", "Iipeikou", "Iipeiko", "Pure Double Sequence"}},
	SeatWindEast:   {"seat_wind_east", ordinary, 1, 1, "", []string{"自風 東", "自風東", "自風 東風"}},
	SeatWindSouth:  {"seat_wind_south", ordinary, 1, 1, "", []string{"自風 南", "自風南"}},
	SeatWindWest:   {"seat_wind_west", ordinary, 1, 1, "", []string{"自風 西", "自風西"}},
	SeatWindNorth:  {"seat_wind_north", ordinary, 1, 1, "", []string{"自風 北", "自風北"}},
	RoundWindEast:  {"round_wind_east", ordinary, 1, 1, "", []string{"場風 東", "場風東"}},
	RoundWindSouth: {"round_wind_south", ordinary, 1, 1, "", []string{"場風 南", "場風南"}},
	RoundWindWest:  {"round_wind_west", ordinary, 1, 1, "", []string{"場風 西", "場風西"}},
	RoundWindNorth: {"round_wind_north", ordinary, 1, 1, "", []string{"場風 北", "場風北"}},
	Haku:           {"haku", ordinary, 1, 1, "", []string{"役牌 白", "役牌白", "役牌:白", "白", "Haku", "White Dragon", "Yakuhai (haku)"}},
	Hatsu:          {"hatsu", ordinary, 1, 1, "", []string{"役牌 發", "役牌發", "役牌:發", "役牌 発", "發", "Hatsu", "Green Dragon", "Yakuhai (hatsu)"}},
	Chun:           {"chun", ordinary, 1, 1, "", []string{"役牌 中", "役牌中", "役牌:中", "中", "Chun", "Red Dragon", "Yakuhai (chun)"}},
	DoubleRiichi:   {"double_riichi", ordinary, 2, 0, "double_reach", []string{"両立直", "ダブル立直", "ダブルリーチ", "W立直", "Double Riichi", "Daburu Riichi"}},
	Chiitoitsu:     {"chiitoitsu", ordinary, 2, 0, "chitoitsu", []string{"七対子", "七對子", "Chiitoitsu", "Seven Pairs"}},
	Chanta:         {"chanta", ordinary, 2, 1, "honchantaiyao", []string{"混全帯幺九", "混全帯么九", "混全帶么九", "Chanta", "Half Outside Hand"}},
	Ittsu:          {"ittsu", ordinary, 2, 1, "ikkitsukan", []string{"一気通貫", "一氣通貫", "Ittsu", "Ikkitsuukan", "Pure Straight"}},
	SanshokuDoujun: {"sanshoku_doujun", ordinary, 2, 1, "sanshokudojun", []string{"三色同順", "Sanshoku Doujun", "Sanshoku", "Mixed Triple Sequence"}},
	SanshokuDoukou: {"sanshoku_doukou", ordinary, 2, 2, "sanshokudoko", []string{"三色同刻", "Sanshoku Doukou", "Triple Triplets"}},
	Sankantsu:      {"sankantsu", ordinary, 2, 2, "sankantsu", []string{"三槓子", "Sankantsu", "Three Quads"}},
	Toitoi:         {"toitoi", ordinary, 2, 2, "toitoiho", []string{"対々和", "対対和", "對々和", "Toitoi", "Toitoihou", "All Triplets"}},
	Sanankou:       {"sanankou", ordinary, 2, 2, "sananko", []string{"三暗刻", "Sanankou", "Three Concealed Triplets"}},
	Shousangen:     {"shousangen", ordinary, 2, 2, "shosangen", []string{"小三元", "Shousangen", "Little Three Dragons"}},
	Honroutou:      {"honroutou", ordinary, 2, 2, "honroto", []string{"混老頭", "Honroutou", "All Terminals and Honors", "All Terminals and Honours"}},
	Ryanpeikou:     {"ryanpeikou", ordinary, 3, 0, "ryanpeko", []string{"二盃口", "Ryanpeikou", "Twice Pure Double Sequence"}},
	Junchan:        {"junchan", ordinary, 3, 2, "junchantaiyao", []string{"純全帯幺九", "純全帯么九", "純全帶么九", "Junchan", "Fully Outside Hand"}},
	Honitsu:        {"honitsu", ordinary, 3, 2, "honiso", []string{"混一色", "Honitsu", "Half Flush"}},
	Chinitsu:       {"chinitsu", ordinary, 6, 5, "chiniso", []string{"清一色", "Chinitsu", "Full Flush"}},
	Renhou:         {"renhou", unrated, 0, 0, "renho", []string{"人和", "Renhou", "Blessing of Man"}},

	Tenhou:        {"tenhou", yakuman, 13, 13, "tenho", []string{"天和", "Tenhou", "Blessing of Heaven"}},
	Chiihou:       {"chiihou", yakuman, 13, 13, "chiho", []string{"地和", "Chiihou", "Blessing of Earth"}},
	Daisangen:     {"daisangen", yakuman, 13, 13, "daisangen", []string{"大三元", "Daisangen", "Big Three Dragons"}},
	Suuankou:      {"suuankou", yakuman, 13, 13, "suanko", []string{"四暗刻", "Suuankou", "Four Concealed Triplets"}},
	SuuankouTanki: {"suuankou_tanki", doubleForm, 13, 13, "suanko_tanki", []string{"四暗刻単騎", "四暗刻單騎", "Suuankou Tanki", "Single-wait Four Concealed Triplets"}},
	Tsuuiisou:     {"tsuuiisou", yakuman, 13, 13, "tsuiso", []string{"字一色", "Tsuuiisou", "All Honors", "All Honours"}},
	Ryuuiisou:     {"ryuuiisou", yakuman, 13, 13, "ryuiso", []string{"緑一色", "Ryuuiisou", "All Green"}},
	Chinroutou:    {"chinroutou", yakuman, 13, 13, "chinroto", []string{"清老頭", "Chinroutou", "All Terminals"}},
	ChuurenPoutou: {"chuuren_poutou", yakuman, 13, 13, "churenpoton", []string{"九蓮宝燈", "九蓮寶燈", "Chuuren Poutou", "Nine Gates"}},
	JunseiChuurenPoutou: {"junsei_chuuren_poutou", doubleForm, 13, 13, "junsei_churenpoton",
		[]string{"純正九蓮宝燈", "純正九蓮寶燈", "Junsei Chuuren Poutou", "True Nine Gates"}},
	KokushiMusou: {"kokushi_musou", yakuman, 13, 13, "kokushimuso", []string{"国士無双", "國士無雙", "Kokushi Musou", "Thirteen Orphans"}},
	KokushiMusou13: {"kokushi_musou_13", doubleForm, 13, 13, "kokushimuso_13",
		[]string{"国士無双１３面", "国士無双13面", "国士無双十三面", "国士無双十三面待ち", "國士無雙十三面",
			"Kokushi Musou Juusanmen Machi", "Thirteen-wait Thirteen Orphans", "Thirteen Orphans 13-wait"}},
	Daisuushii:  {"daisuushii", doubleForm, 13, 13, "daisushi", []string{"大四喜", "Daisuushii", "Big Four Winds"}},
	Shousuushii: {"shousuushii", yakuman, 13, 13, "shosushi", []string{"小四喜", "Shousuushii", "Little Four Winds"}},
	Suukantsu:   {"suukantsu", yakuman, 13, 13, "sukantsu", []string{"四槓子", "Suukantsu", "Four Quads"}},

	Dora:    {"dora", dora, 1, 1, "dora", []string{"ドラ", "Dora"}},
	UraDora: {"ura_dora", dora, 1, 1, "uradora", []string{"裏ドラ", "Ura Dora", "Uradora"}},
	AkaDora: {"aka_dora", dora, 1, 1, "akadora", []string{"赤ドラ", "Aka Dora", "Red Five", "Red Dora", "Akadora"}},

	KitaDora:           {"kita_dora", dora, 1, 1, "", []string{"抜きドラ", "北ドラ", "Kita", "Kita Dora", "Nukidora", "North Dora"}},
	Paarenchan:         {"paarenchan", unrated, 0, 0, "", []string{"八連荘", "Paarenchan"}},
	TsubameGaeshi:      {"tsubame_gaeshi", unrated, 0, 0, "", []string{"燕返し", "Tsubame-gaeshi", "Tsubame Gaeshi"}},
	Kanburi:            {"kanburi", unrated, 0, 0, "", []string{"槓振り", "Kanburi"}},
	ShiiaruRaotai:      {"shiiaru_raotai", unrated, 0, 0, "", []string{"十二落抬", "Shiiaruraotai"}},
	Uumensai:           {"uumensai", unrated, 0, 0, "", []string{"五門斉", "Uumensai"}},
	Sanrenkou:          {"sanrenkou", unrated, 0, 0, "", []string{"三連刻", "Sanrenkou"}},
	IsshokuSanjun:      {"isshoku_sanjun", unrated, 0, 0, "", []string{"一色三順", "Isshoku Sanjun"}},
	IipinMoyue:         {"iipin_moyue", unrated, 0, 0, "", []string{"一筒摸月", "Iipin Moyue"}},
	ChuupinRaoyui:      {"chuupin_raoyui", unrated, 0, 0, "", []string{"九筒撈魚", "Chuupin Raoyui"}},
	Daisharin:          {"daisharin", unrated, 0, 0, "", []string{"大車輪", "Daisharin"}},
	Daichikurin:        {"daichikurin", unrated, 0, 0, "", []string{"大竹林", "Daichikurin"}},
	Daisuurin:          {"daisuurin", unrated, 0, 0, "", []string{"大数隣", "Daisuurin"}},
	IshiNoUeNiMoSannen: {"ishi_no_ue_ni_mo_sannen", unrated, 0, 0, "", []string{"石の上にも三年", "Ishi no Ue ni mo Sannen"}},
	Daichisei:          {"daichisei", unrated, 0, 0, "", []string{"大七星", "Daichisei"}},

	// The placeholders have no name of their own: they are never printed.
	AnySeatWind:  {"", placeholder, 0, 0, "jikaze", []string{"役牌:自風牌", "役牌:門風牌", "自風牌", "Seat Wind", "Yakuhai (wind of seat)"}},
	AnyRoundWind: {"", placeholder, 0, 0, "bakaze", []string{"役牌:場風牌", "場風牌", "Prevalent Wind", "Round Wind", "Yakuhai (wind of round)"}},
	AnyDragon:    {"", placeholder, 0, 0, "sangenpai", nil},
}
