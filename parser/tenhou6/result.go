package tenhou6

import (
	"bytes"
	"fmt"

	"github.com/haifu/haifu/event"
)

// resultName maps the first element of a result array (element 16 of a
// round) to its meaning: win reports a win, otherwise kind is the way the
// hand ended without a winner. Japanese names are Tenhou's and tensoul's;
// the romaji and English ones are tensoul's other output languages.
func resultName(s string) (kind event.RyuukyokuKind, win, ok bool) {
	switch s {
	case "和了", "Agari", "agari":
		return 0, true, true
	case "流局", "全員聴牌", "全員不聴", "Ryuukyoku", "Exhaustive Draw":
		return event.Exhaustive, false, true
	case "流し満貫", "流局滿貫", "流局満貫", "Nagashi Mangan", "Mangan at Draw":
		return event.Nagashi, false, true
	case "九種九牌", "Kyuushu Kyuuhai", "Nine Terminal Abortion":
		return event.NineTerminals, false, true
	case "四家立直", "Suucha Riichi", "Four Riichi Abortion":
		return event.FourRiichi, false, true
	case "三家和了", "三家和", "Sanchahou", "Three Ron Abortion":
		return event.TripleRon, false, true
	case "四槓散了", "四開槓", "Suukaikan", "Four Kan Abortion":
		return event.FourKans, false, true
	case "四風連打", "Suufon Renda", "Four Wind Abortion":
		return event.FourWinds, false, true
	}
	return 0, false, false
}

// scoreInfo is a parsed score string such as "30符2飜2000点" or
// "満貫2000-4000点".
type scoreInfo struct {
	fu, han      int
	hasFu        bool
	limit        event.Limit
	hasLimit     bool
	a, b         int // payment: a for a ron or each payer, a-b for a non-dealer tsumo
	hasB, all    bool
	hasPayment   bool
	unrecognised bool
}

// limitNames are the limit words of score strings, longest first where
// one is a prefix of another.
var limitNames = [...]struct {
	s     string
	limit event.Limit
}{
	{"切り上げ満貫", event.Mangan}, {"三倍満", event.Sanbaiman}, {"数え役満", event.Yakuman},
	{"満貫", event.Mangan}, {"跳満", event.Haneman}, {"倍満", event.Baiman}, {"役満", event.Yakuman},
	{"Kiriage Mangan", event.Mangan}, {"Rounded Mangan", event.Mangan}, {"Sanbaiman", event.Sanbaiman},
	{"Kazoe Yakuman", event.Yakuman}, {"Counted Yakuman", event.Yakuman},
	{"Mangan", event.Mangan}, {"Haneman", event.Haneman}, {"Baiman", event.Baiman}, {"Yakuman", event.Yakuman},
}

// parseScore parses a score string: a rank (fu and han, or a limit name)
// and a payment ("2000点", "2600点∀", "1300-2600点"). A string it does not
// understand entirely gives only unrecognised.
func parseScore(s []byte) scoreInfo {
	var si scoreInfo
	s = trimSpace(s)
	for _, l := range limitNames {
		if bytes.HasPrefix(s, []byte(l.s)) {
			si.limit, si.hasLimit = l.limit, true
			s = bytes.TrimLeft(s[len(l.s):], " ")
			break
		}
	}
	if !si.hasLimit {
		// <fu>符<han>飜
		if n, rest, ok := digits(s); ok {
			if r, ok := cut(rest, "符", "Fu", "fu"); ok {
				if h, rest2, ok := digits(bytes.TrimLeft(r, " ")); ok {
					if r2, ok := cut(rest2, "飜", "Han", "han", "翻"); ok {
						si.fu, si.han, si.hasFu = n, h, true
						si.limit, si.hasLimit = event.NoLimit, true
						s = bytes.TrimLeft(r2, " ")
					}
				}
			}
		}
	}
	// The payment.
	bad := scoreInfo{unrecognised: true}
	a, rest, ok := digits(s)
	if !ok {
		return bad
	}
	si.a = a
	if len(rest) > 0 && rest[0] == '-' {
		b, r, ok := digits(rest[1:])
		if !ok {
			return bad
		}
		si.b, si.hasB, rest = b, true, r
	}
	r, ok := cut(bytes.TrimLeft(rest, " "), "点", "Points", "points", "pts")
	if !ok {
		return bad
	}
	si.hasPayment = true
	r = bytes.TrimLeft(r, " ")
	if r2, ok := cut(r, "∀"); ok {
		si.all = true
		r = r2
	}
	// A chip-lobby suffix "<n>枚" (with its own ∀) is ignored.
	if _, r2, ok := digits(r); ok {
		if r3, ok := cut(r2, "枚"); ok {
			r, _ = cut(r3, "∀")
		}
	}
	if len(trimSpace(r)) > 0 {
		return bad
	}
	return si
}

// trimSpace removes ASCII white space around s (bytes.TrimSpace takes a
// slow path on the Japanese text of yaku and score strings).
func trimSpace(s []byte) []byte {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// digits reads a decimal number of at most 9 digits at the start of s.
func digits(s []byte) (int, []byte, bool) {
	n, i := 0, 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || (i < len(s) && s[i] >= '0' && s[i] <= '9') {
		return 0, s, false
	}
	return n, s[i:], true
}

// cut removes one of the prefixes from s.
func cut(s []byte, prefixes ...string) ([]byte, bool) {
	for _, p := range prefixes {
		if bytes.HasPrefix(s, []byte(p)) {
			return s[len(p):], true
		}
	}
	return s, false
}

// parseYaku splits a yaku string "立直(1飜)" or "大三元(役満)" into its
// name and han (13 for a yakuman).
func parseYaku(s []byte) (name []byte, han int, ok bool) {
	s = trimSpace(s)
	i := bytes.LastIndexByte(s, '(')
	if i <= 0 || s[len(s)-1] != ')' {
		return nil, 0, false
	}
	name, v := trimSpace(s[:i]), trimSpace(s[i+1:len(s)-1])
	if r, ok := cut(v, "役満", "Yakuman", "yakuman"); ok && len(trimSpace(r)) == 0 {
		return name, 13, true
	}
	n, rest, ok := digits(v)
	if !ok {
		return nil, 0, false
	}
	rest, ok = cut(bytes.TrimLeft(rest, " "), "飜", "翻", "Han", "han")
	if !ok || len(trimSpace(rest)) != 0 {
		return nil, 0, false
	}
	return name, n, true
}

// Wind-dependent yaku: the seat and round winds are resolved by the caller.
const (
	yakuSeatWind  event.YakuID = 250 // Mahjong Soul's 役牌:自風牌
	yakuRoundWind event.YakuID = 251 // Mahjong Soul's 役牌:場風牌
	yakuUnknown   event.YakuID = 255
)

// yakuID maps a yaku name to its id: Tenhou's names (§1.4 of
// TENHOU-FORMATS.md, with the usual variant spellings), Mahjong Soul's
// Japanese names as tensoul writes them, and the English and romaji names
// of tensoul's other languages.
func yakuID(name []byte) event.YakuID {
	switch string(name) {
	case "門前清自摸和", "門前清模和", "Menzen Tsumo", "Fully Concealed Hand", "Tsumo":
		return 0
	case "立直", "Riichi", "Reach":
		return event.YakuRiichi
	case "一発", "一發", "Ippatsu":
		return 2
	case "槍槓", "搶槓", "Chankan", "Robbing a Kan", "Robbing A Kan":
		return 3
	case "嶺上開花", "Rinshan Kaihou", "After a Kan", "Dead Wall Draw":
		return 4
	case "海底摸月", "海底撈月", "Haitei Raoyue", "Haitei", "Under the Sea":
		return 5
	case "河底撈魚", "Houtei Raoyui", "Houtei", "Under the River":
		return 6
	case "平和", "Pinfu":
		return 7
	case "断幺九", "断么九", "斷么九", "断ヤオ九", "Tanyao", "All Simples":
		return 8
	case "一盃口", "Iipeikou", "Iipeiko", "Pure Double Sequence":
		return 9
	case "自風 東", "自風東", "自風 東風":
		return 10
	case "自風 南", "自風南":
		return 11
	case "自風 西", "自風西":
		return 12
	case "自風 北", "自風北":
		return 13
	case "場風 東", "場風東":
		return 14
	case "場風 南", "場風南":
		return 15
	case "場風 西", "場風西":
		return 16
	case "場風 北", "場風北":
		return 17
	case "役牌 白", "役牌白", "役牌:白", "白", "Haku", "White Dragon", "Yakuhai (haku)":
		return 18
	case "役牌 發", "役牌發", "役牌:發", "役牌 発", "發", "Hatsu", "Green Dragon", "Yakuhai (hatsu)":
		return 19
	case "役牌 中", "役牌中", "役牌:中", "中", "Chun", "Red Dragon", "Yakuhai (chun)":
		return 20
	case "両立直", "ダブル立直", "ダブルリーチ", "W立直", "Double Riichi", "Daburu Riichi":
		return event.YakuDoubleRiichi
	case "七対子", "七對子", "Chiitoitsu", "Seven Pairs":
		return 22
	case "混全帯幺九", "混全帯么九", "混全帶么九", "Chanta", "Half Outside Hand":
		return 23
	case "一気通貫", "一氣通貫", "Ittsu", "Ikkitsuukan", "Pure Straight":
		return 24
	case "三色同順", "Sanshoku Doujun", "Sanshoku", "Mixed Triple Sequence":
		return 25
	case "三色同刻", "Sanshoku Doukou", "Triple Triplets":
		return 26
	case "三槓子", "Sankantsu", "Three Quads":
		return 27
	case "対々和", "対対和", "對々和", "Toitoi", "Toitoihou", "All Triplets":
		return 28
	case "三暗刻", "Sanankou", "Three Concealed Triplets":
		return 29
	case "小三元", "Shousangen", "Little Three Dragons":
		return 30
	case "混老頭", "Honroutou", "All Terminals and Honors", "All Terminals and Honours":
		return 31
	case "二盃口", "Ryanpeikou", "Twice Pure Double Sequence":
		return 32
	case "純全帯幺九", "純全帯么九", "純全帶么九", "Junchan", "Fully Outside Hand":
		return 33
	case "混一色", "Honitsu", "Half Flush":
		return 34
	case "清一色", "Chinitsu", "Full Flush":
		return 35
	case "人和", "Renhou", "Blessing of Man":
		return 36
	case "天和", "Tenhou", "Blessing of Heaven":
		return 37
	case "地和", "Chiihou", "Blessing of Earth":
		return 38
	case "大三元", "Daisangen", "Big Three Dragons":
		return 39
	case "四暗刻", "Suuankou", "Four Concealed Triplets":
		return 40
	case "四暗刻単騎", "四暗刻單騎", "Suuankou Tanki", "Single-wait Four Concealed Triplets":
		return 41
	case "字一色", "Tsuuiisou", "All Honors", "All Honours":
		return 42
	case "緑一色", "Ryuuiisou", "All Green":
		return 43
	case "清老頭", "Chinroutou", "All Terminals":
		return 44
	case "九蓮宝燈", "九蓮寶燈", "Chuuren Poutou", "Nine Gates":
		return 45
	case "純正九蓮宝燈", "純正九蓮寶燈", "Junsei Chuuren Poutou", "True Nine Gates":
		return 46
	case "国士無双", "國士無雙", "Kokushi Musou", "Thirteen Orphans":
		return 47
	case "国士無双１３面", "国士無双13面", "国士無双十三面", "国士無双十三面待ち", "國士無雙十三面",
		"Kokushi Musou Juusanmen Machi", "Thirteen-wait Thirteen Orphans", "Thirteen Orphans 13-wait":
		return 48
	case "大四喜", "Daisuushii", "Big Four Winds":
		return 49
	case "小四喜", "Shousuushii", "Little Four Winds":
		return 50
	case "四槓子", "Suukantsu", "Four Quads":
		return 51
	case "ドラ", "Dora":
		return event.YakuDora
	case "裏ドラ", "Ura Dora", "Uradora":
		return event.YakuUraDora
	case "赤ドラ", "Aka Dora", "Red Five", "Red Dora", "Akadora":
		return event.YakuAkaDora
	case "抜きドラ", "北ドラ", "Kita", "Kita Dora", "Nukidora", "North Dora":
		return event.YakuKitaDora
	case "役牌:自風牌", "役牌:門風牌", "自風牌", "Seat Wind", "Yakuhai (wind of seat)":
		return yakuSeatWind
	case "役牌:場風牌", "場風牌", "Prevalent Wind", "Round Wind", "Yakuhai (wind of round)":
		return yakuRoundWind
	case "八連荘", "Paarenchan":
		return event.YakuPaarenchan
	case "燕返し", "Tsubame-gaeshi", "Tsubame Gaeshi":
		return event.YakuTsubameGaeshi
	case "槓振り", "Kanburi":
		return event.YakuKanburi
	case "十二落抬", "Shiiaruraotai":
		return event.YakuShiiaruRaotai
	case "五門斉", "Uumensai":
		return event.YakuUumensai
	case "三連刻", "Sanrenkou":
		return event.YakuSanrenkou
	case "一色三順", "Isshoku Sanjun":
		return event.YakuIsshokuSanjun
	case "一筒摸月", "Iipin Moyue":
		return event.YakuIipinMoyue
	case "九筒撈魚", "Chuupin Raoyui":
		return event.YakuChuupinRaoyui
	case "大車輪", "Daisharin":
		return event.YakuDaisharin
	case "大竹林", "Daichikurin":
		return event.YakuDaichikurin
	case "大数隣", "Daisuurin":
		return event.YakuDaisuurin
	case "石の上にも三年", "Ishi no Ue ni mo Sannen":
		return event.YakuIshiNoUeSannen
	case "大七星", "Daichisei":
		return event.YakuDaichisei
	}
	// Tensoul's own wind names: "自風 東" is handled above; its romaji and
	// English modes write "? East" style names that carry no yaku name.
	return yakuUnknown
}

// errf is fmt.Errorf with the sentinel wrapped at the end.
func errf(sentinel error, format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, sentinel)...)
}
