package yaku

// kind is how the catalogue values a yaku.
type kind uint8

const (
	none           kind = iota // no yaku has the id
	ordinary                   // han by the hand: closed and open
	dora                       // 1 han per dora
	unrated                    // the value is the rules' or the log's (Han 0)
	unratedYakuman             // unrated, and a yakuman under some rules
	placeholder                // a name whose yaku depends on the table
	yakuman                    // a yakuman: YakumanHan
	doubleForm                 // a yakuman that rules with double forms count twice
)

// entry is what the catalogue knows of one id.
type entry struct {
	name         string // haifu's name (String)
	kind         kind
	closed, open uint8  // han (Han)
	mjai         string // the name of mjai logs (FromMjai)
	// tenhou6 is the name tenhou.net/6 result strings write
	// (Tenhou6Name), tenhou6Also the other names they are read with
	// (FromTenhou6 reads both).
	tenhou6     string
	tenhou6Also []string
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
// the han closed and open, the mjai name, the tenhou.net/6 name written
// and the other tenhou.net/6 names read. The name written is Tenhou's
// (docs/tenhou-formats.md §1.4, as Tenhou's converter mjlog2json writes it)
// and, for Mahjong Soul's own yaku, tensoul's Japanese one; the names
// read besides are the variant characters seen in logs and converters
// (traditional forms, 么 for 幺) and tensoul's romaji and English names.
// The placeholders are read, never written. The array covers every ID, so
// that indexing it needs no bounds check.
var entries = [256]entry{
	MenzenTsumo:    {"menzen_tsumo", ordinary, 1, 0, "menzenchin_tsumoho", "門前清自摸和", []string{"門前清模和", "Menzen Tsumo", "Fully Concealed Hand", "Tsumo"}},
	Riichi:         {"riichi", ordinary, 1, 0, "reach", "立直", []string{"Riichi", "Reach"}},
	Ippatsu:        {"ippatsu", ordinary, 1, 0, "ippatsu", "一発", []string{"一發", "Ippatsu"}},
	Chankan:        {"chankan", ordinary, 1, 1, "chankan", "槍槓", []string{"搶槓", "Chankan", "Robbing a Kan", "Robbing A Kan"}},
	RinshanKaihou:  {"rinshan_kaihou", ordinary, 1, 1, "rinshankaiho", "嶺上開花", []string{"Rinshan Kaihou", "After a Kan", "Dead Wall Draw"}},
	Haitei:         {"haitei", ordinary, 1, 1, "haiteiraoyue", "海底摸月", []string{"海底撈月", "Haitei Raoyue", "Haitei", "Under the Sea"}},
	Houtei:         {"houtei", ordinary, 1, 1, "hoteiraoyui", "河底撈魚", []string{"Houtei Raoyui", "Houtei", "Under the River"}},
	Pinfu:          {"pinfu", ordinary, 1, 0, "pinfu", "平和", []string{"Pinfu"}},
	Tanyao:         {"tanyao", ordinary, 1, 1, "tanyaochu", "断幺九", []string{"断么九", "斷么九", "断ヤオ九", "Tanyao", "All Simples"}},
	Iipeikou:       {"iipeikou", ordinary, 1, 0, "ipeko", "一盃口", []string{"Iipeikou", "Iipeiko", "Pure Double Sequence"}},
	SeatWindEast:   {"seat_wind_east", ordinary, 1, 1, "", "自風 東", []string{"自風東", "自風 東風"}},
	SeatWindSouth:  {"seat_wind_south", ordinary, 1, 1, "", "自風 南", []string{"自風南"}},
	SeatWindWest:   {"seat_wind_west", ordinary, 1, 1, "", "自風 西", []string{"自風西"}},
	SeatWindNorth:  {"seat_wind_north", ordinary, 1, 1, "", "自風 北", []string{"自風北"}},
	RoundWindEast:  {"round_wind_east", ordinary, 1, 1, "", "場風 東", []string{"場風東"}},
	RoundWindSouth: {"round_wind_south", ordinary, 1, 1, "", "場風 南", []string{"場風南"}},
	RoundWindWest:  {"round_wind_west", ordinary, 1, 1, "", "場風 西", []string{"場風西"}},
	RoundWindNorth: {"round_wind_north", ordinary, 1, 1, "", "場風 北", []string{"場風北"}},
	Haku:           {"haku", ordinary, 1, 1, "", "役牌 白", []string{"役牌白", "役牌:白", "白", "Haku", "White Dragon", "Yakuhai (haku)"}},
	Hatsu:          {"hatsu", ordinary, 1, 1, "", "役牌 發", []string{"役牌發", "役牌:發", "役牌 発", "發", "Hatsu", "Green Dragon", "Yakuhai (hatsu)"}},
	Chun:           {"chun", ordinary, 1, 1, "", "役牌 中", []string{"役牌中", "役牌:中", "中", "Chun", "Red Dragon", "Yakuhai (chun)"}},
	DoubleRiichi:   {"double_riichi", ordinary, 2, 0, "double_reach", "両立直", []string{"ダブル立直", "ダブルリーチ", "W立直", "Double Riichi", "Daburu Riichi"}},
	Chiitoitsu:     {"chiitoitsu", ordinary, 2, 0, "chitoitsu", "七対子", []string{"七對子", "Chiitoitsu", "Seven Pairs"}},
	Chanta:         {"chanta", ordinary, 2, 1, "honchantaiyao", "混全帯幺九", []string{"混全帯么九", "混全帶么九", "Chanta", "Half Outside Hand"}},
	Ittsu:          {"ittsu", ordinary, 2, 1, "ikkitsukan", "一気通貫", []string{"一氣通貫", "Ittsu", "Ikkitsuukan", "Pure Straight"}},
	SanshokuDoujun: {"sanshoku_doujun", ordinary, 2, 1, "sanshokudojun", "三色同順", []string{"Sanshoku Doujun", "Sanshoku", "Mixed Triple Sequence"}},
	SanshokuDoukou: {"sanshoku_doukou", ordinary, 2, 2, "sanshokudoko", "三色同刻", []string{"Sanshoku Doukou", "Triple Triplets"}},
	Sankantsu:      {"sankantsu", ordinary, 2, 2, "sankantsu", "三槓子", []string{"Sankantsu", "Three Quads"}},
	Toitoi:         {"toitoi", ordinary, 2, 2, "toitoiho", "対々和", []string{"対対和", "對々和", "Toitoi", "Toitoihou", "All Triplets"}},
	Sanankou:       {"sanankou", ordinary, 2, 2, "sananko", "三暗刻", []string{"Sanankou", "Three Concealed Triplets"}},
	Shousangen:     {"shousangen", ordinary, 2, 2, "shosangen", "小三元", []string{"Shousangen", "Little Three Dragons"}},
	Honroutou:      {"honroutou", ordinary, 2, 2, "honroto", "混老頭", []string{"Honroutou", "All Terminals and Honors", "All Terminals and Honours"}},
	Ryanpeikou:     {"ryanpeikou", ordinary, 3, 0, "ryanpeko", "二盃口", []string{"Ryanpeikou", "Twice Pure Double Sequence"}},
	Junchan:        {"junchan", ordinary, 3, 2, "junchantaiyao", "純全帯幺九", []string{"純全帯么九", "純全帶么九", "Junchan", "Fully Outside Hand"}},
	Honitsu:        {"honitsu", ordinary, 3, 2, "honiso", "混一色", []string{"Honitsu", "Half Flush"}},
	Chinitsu:       {"chinitsu", ordinary, 6, 5, "chiniso", "清一色", []string{"Chinitsu", "Full Flush"}},
	Renhou:         {"renhou", unratedYakuman, 0, 0, "renho", "人和", []string{"Renhou", "Blessing of Man"}},

	Tenhou:        {"tenhou", yakuman, YakumanHan, YakumanHan, "tenho", "天和", []string{"Tenhou", "Blessing of Heaven"}},
	Chiihou:       {"chiihou", yakuman, YakumanHan, YakumanHan, "chiho", "地和", []string{"Chiihou", "Blessing of Earth"}},
	Daisangen:     {"daisangen", yakuman, YakumanHan, YakumanHan, "daisangen", "大三元", []string{"Daisangen", "Big Three Dragons"}},
	Suuankou:      {"suuankou", yakuman, YakumanHan, YakumanHan, "suanko", "四暗刻", []string{"Suuankou", "Four Concealed Triplets"}},
	SuuankouTanki: {"suuankou_tanki", doubleForm, YakumanHan, YakumanHan, "suanko_tanki", "四暗刻単騎", []string{"四暗刻單騎", "Suuankou Tanki", "Single-wait Four Concealed Triplets"}},
	Tsuuiisou:     {"tsuuiisou", yakuman, YakumanHan, YakumanHan, "tsuiso", "字一色", []string{"Tsuuiisou", "All Honors", "All Honours"}},
	Ryuuiisou:     {"ryuuiisou", yakuman, YakumanHan, YakumanHan, "ryuiso", "緑一色", []string{"Ryuuiisou", "All Green"}},
	Chinroutou:    {"chinroutou", yakuman, YakumanHan, YakumanHan, "chinroto", "清老頭", []string{"Chinroutou", "All Terminals"}},
	ChuurenPoutou: {"chuuren_poutou", yakuman, YakumanHan, YakumanHan, "churenpoton", "九蓮宝燈", []string{"九蓮寶燈", "Chuuren Poutou", "Nine Gates"}},
	JunseiChuurenPoutou: {"junsei_chuuren_poutou", doubleForm, YakumanHan, YakumanHan, "junsei_churenpoton", "純正九蓮宝燈",
		[]string{"純正九蓮寶燈", "Junsei Chuuren Poutou", "True Nine Gates"}},
	KokushiMusou: {"kokushi_musou", yakuman, YakumanHan, YakumanHan, "kokushimuso", "国士無双", []string{"國士無雙", "Kokushi Musou", "Thirteen Orphans"}},
	KokushiMusou13: {"kokushi_musou_13", doubleForm, YakumanHan, YakumanHan, "kokushimuso_13", "国士無双１３面",
		[]string{"国士無双13面", "国士無双十三面", "国士無双十三面待ち", "國士無雙十三面",
			"Kokushi Musou Juusanmen Machi", "Thirteen-wait Thirteen Orphans", "Thirteen Orphans 13-wait"}},
	Daisuushii:  {"daisuushii", doubleForm, YakumanHan, YakumanHan, "daisushi", "大四喜", []string{"Daisuushii", "Big Four Winds"}},
	Shousuushii: {"shousuushii", yakuman, YakumanHan, YakumanHan, "shosushi", "小四喜", []string{"Shousuushii", "Little Four Winds"}},
	Suukantsu:   {"suukantsu", yakuman, YakumanHan, YakumanHan, "sukantsu", "四槓子", []string{"Suukantsu", "Four Quads"}},

	Dora:    {"dora", dora, 1, 1, "dora", "ドラ", []string{"Dora"}},
	UraDora: {"ura_dora", dora, 1, 1, "uradora", "裏ドラ", []string{"Ura Dora", "Uradora"}},
	AkaDora: {"aka_dora", dora, 1, 1, "akadora", "赤ドラ", []string{"Aka Dora", "Red Five", "Red Dora", "Akadora"}},

	KitaDora:           {"kita_dora", dora, 1, 1, "", "抜きドラ", []string{"北ドラ", "Kita", "Kita Dora", "Nukidora", "North Dora"}},
	Paarenchan:         {"paarenchan", unratedYakuman, 0, 0, "", "八連荘", []string{"Paarenchan"}},
	TsubameGaeshi:      {"tsubame_gaeshi", unrated, 0, 0, "", "燕返し", []string{"Tsubame-gaeshi", "Tsubame Gaeshi"}},
	Kanburi:            {"kanburi", unrated, 0, 0, "", "槓振り", []string{"Kanburi"}},
	ShiiaruRaotai:      {"shiiaru_raotai", unrated, 0, 0, "", "十二落抬", []string{"Shiiaruraotai"}},
	Uumensai:           {"uumensai", unrated, 0, 0, "", "五門斉", []string{"Uumensai"}},
	Sanrenkou:          {"sanrenkou", unrated, 0, 0, "", "三連刻", []string{"Sanrenkou"}},
	IsshokuSanjun:      {"isshoku_sanjun", unrated, 0, 0, "", "一色三順", []string{"Isshoku Sanjun"}},
	IipinMoyue:         {"iipin_moyue", unrated, 0, 0, "", "一筒摸月", []string{"Iipin Moyue"}},
	ChuupinRaoyui:      {"chuupin_raoyui", unrated, 0, 0, "", "九筒撈魚", []string{"Chuupin Raoyui"}},
	Daisharin:          {"daisharin", unratedYakuman, 0, 0, "", "大車輪", []string{"Daisharin"}},
	Daichikurin:        {"daichikurin", unratedYakuman, 0, 0, "", "大竹林", []string{"Daichikurin"}},
	Daisuurin:          {"daisuurin", unratedYakuman, 0, 0, "", "大数隣", []string{"Daisuurin"}},
	IshiNoUeNiMoSannen: {"ishi_no_ue_ni_mo_sannen", unratedYakuman, 0, 0, "", "石の上にも三年", []string{"Ishi no Ue ni mo Sannen"}},
	Daichisei:          {"daichisei", unratedYakuman, 0, 0, "", "大七星", []string{"Daichisei"}},

	// The placeholders have no name of their own: they are never printed.
	AnySeatWind:  {"", placeholder, 0, 0, "jikaze", "", []string{"役牌:自風牌", "役牌:門風牌", "自風牌", "Seat Wind", "Yakuhai (wind of seat)"}},
	AnyRoundWind: {"", placeholder, 0, 0, "bakaze", "", []string{"役牌:場風牌", "場風牌", "Prevalent Wind", "Round Wind", "Yakuhai (wind of round)"}},
	AnyDragon:    {"", placeholder, 0, 0, "sangenpai", "", nil},
}
