package majsoul

import (
	"strconv"

	"github.com/haifu/haifu/event"
)

// fanNames are Mahjong Soul's names of its riichi fan (yaku) ids 1–64, as
// the game's fan table writes them in simplified Chinese, traditional
// Chinese, Japanese and English. Old records (2019–2020) give a fan by name
// only, so the decoder looks names up here (after normKey-like folding, see
// foldName).
var fanNames = [...][4]string{
	1:  {"门前清自摸和", "門前清自摸和", "門前清自摸和", "Fully Concealed Hand"},
	2:  {"立直", "立直", "立直", "Riichi"},
	3:  {"枪杠", "槍槓", "槍槓", "Robbing a Kan"},
	4:  {"岭上开花", "嶺上開花", "嶺上開花", "After a Kan"},
	5:  {"海底摸月", "海底摸月", "海底摸月", "Under the Sea"},
	6:  {"河底捞鱼", "河底撈魚", "河底撈魚", "Under the River"},
	7:  {"役牌 白", "役牌 白", "役牌 白", "White Dragon"},
	8:  {"役牌 发", "役牌 發", "役牌 發", "Green Dragon"},
	9:  {"役牌 中", "役牌 中", "役牌 中", "Red Dragon"},
	10: {"役牌:门风牌", "役牌：門風牌", "役牌:自風牌", "Seat Wind"},
	11: {"役牌:场风牌", "役牌：場風牌", "役牌:場風牌", "Prevalent Wind"},
	12: {"断幺九", "斷么九", "断幺九", "All Simples"},
	13: {"一杯口", "一盃口", "一盃口", "Pure Double Sequence"},
	14: {"平和", "平和", "平和", "Pinfu"},
	15: {"混全带幺九", "混全帶么九", "混全帯幺九", "Half Outside Hand"},
	16: {"一气通贯", "一氣通貫", "一気通貫", "Pure Straight"},
	17: {"三色同顺", "三色同順", "三色同順", "Mixed Triple Sequence"},
	18: {"两立直", "兩立直", "ダブル立直", "Double Riichi"},
	19: {"三色同刻", "三色同刻", "三色同刻", "Triple Triplets"},
	20: {"三杠子", "三槓子", "三槓子", "Three Quads"},
	21: {"对对和", "對對和", "対々和", "All Triplets"},
	22: {"三暗刻", "三暗刻", "三暗刻", "Three Concealed Triplets"},
	23: {"小三元", "小三元", "小三元", "Little Three Dragons"},
	24: {"混老头", "混老頭", "混老頭", "All Terminals and Honors"},
	25: {"七对子", "七對子", "七対子", "Seven Pairs"},
	26: {"纯全带幺九", "純全帶么九", "純全帯幺九", "Fully Outside Hand"},
	27: {"混一色", "混一色", "混一色", "Half Flush"},
	28: {"二杯口", "二盃口", "二盃口", "Twice Pure Double Sequence"},
	29: {"清一色", "清一色", "清一色", "Full Flush"},
	30: {"一发", "一發", "一発", "Ippatsu"},
	31: {"宝牌", "寶牌", "ドラ", "Dora"},
	32: {"红宝牌", "紅寶牌", "赤ドラ", "Red Five"},
	33: {"里宝牌", "裡寶牌", "裏ドラ", "Ura Dora"},
	34: {"拔北宝牌", "拔北寶牌", "抜きドラ", "Kita"},
	35: {"天和", "天和", "天和", "Blessing of Heaven"},
	36: {"地和", "地和", "地和", "Blessing of Earth"},
	37: {"大三元", "大三元", "大三元", "Big Three Dragons"},
	38: {"四暗刻", "四暗刻", "四暗刻", "Four Concealed Triplets"},
	39: {"字一色", "字一色", "字一色", "All Honors"},
	40: {"绿一色", "綠一色", "緑一色", "All Green"},
	41: {"清老头", "清老頭", "清老頭", "All Terminals"},
	42: {"国士无双", "國士無雙", "国士無双", "Thirteen Orphans"},
	43: {"小四喜", "小四喜", "小四喜", "Four Little Winds"},
	44: {"四杠子", "四槓子", "四槓子", "Four Quads"},
	45: {"九莲宝灯", "九蓮寶燈", "九蓮宝燈", "Nine Gates"},
	46: {"八连庄", "八連莊", "八連荘", "Eight-time East Staying"},
	47: {"纯正九莲宝灯", "純正九蓮寶燈", "純正九蓮宝燈", "True Nine Gates"},
	48: {"四暗刻单骑", "四暗刻單騎", "四暗刻単騎", "Single-wait Four Concealed Triplets"},
	49: {"国士无双十三面", "國士無雙十三面", "国士無双十三面待ち", "Thirteen-wait Thirteen Orphans"},
	50: {"大四喜", "大四喜", "大四喜", "Four Big Winds"},
	51: {"燕返", "燕返", "燕返し", "Tsubame-gaeshi"},
	52: {"杠振", "槓振", "槓振り", "Kanburi"},
	53: {"十二落抬", "十二落抬", "十二落抬", "Shiiaruraotai"},
	54: {"五门齐", "五門齊", "五門斉", "Uumensai"},
	55: {"三连刻", "三連刻", "三連刻", "Three Chained Triplets"},
	56: {"一色三同顺", "一色三同順", "一色三順", "Pure Triple Chow"},
	57: {"一筒摸月", "一筒摸月", "一筒摸月", "Iipinmoyue"},
	58: {"九筒捞鱼", "九筒撈魚", "九筒撈魚", "Chuupinraoyui"},
	59: {"人和", "人和", "人和", "Hand of Man"},
	60: {"大车轮", "大車輪", "大車輪", "Big Wheels"},
	61: {"大竹林", "大竹林", "大竹林", "Bamboo Forest"},
	62: {"大数邻", "大數鄰", "大数隣", "Numerous Neighbours"},
	63: {"石上三年", "石上三年", "石の上にも三年", "Ishinouenimosannen"},
	64: {"大七星", "大七星", "大七星", "Big Seven Stars"},
}

// fanByName maps a folded fan name (foldName) to its fan id.
var fanByName = func() map[string]int {
	m := make(map[string]int, 4*len(fanNames))
	for id, names := range fanNames {
		for _, n := range names {
			if n != "" {
				m[string(foldName(nil, []byte(n)))] = id
			}
		}
	}
	return m
}()

// foldName appends name to dst without spaces, colons (ASCII and
// full-width) and with ASCII letters in lower case, so that "役牌 白",
// "役牌白" and "役牌：門風牌" / "役牌:門風牌" match.
func foldName(dst, name []byte) []byte {
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == ' ' || c == ':' || c == '-' || c == '_':
			continue
		case c == 0xEF && i+2 < len(name) && name[i+1] == 0xBC && name[i+2] == 0x9A: // U+FF1A '：'
			i += 2
			continue
		case c == 0xE3 && i+2 < len(name) && name[i+1] == 0x80 && name[i+2] == 0x80: // U+3000 ideographic space
			i += 2
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// Fan ids with a special mapping.
const (
	fanSeatWind  = 10
	fanRoundWind = 11
)

// fanYaku maps Mahjong Soul fan ids to haifu's (Tenhou's) yaku ids. Zero
// entries are not riichi fan; fanSeatWind and fanRoundWind are resolved
// from the winner's seat and the round.
var fanYaku = [...]event.YakuID{
	1: 0, // menzen tsumo is Tenhou's 0; see fanKnown
	2: event.YakuRiichi, 3: 3, 4: 4, 5: 5, 6: 6,
	7: 18, 8: 19, 9: 20,
	12: 8, 13: 9, 14: 7, 15: 23, 16: 24, 17: 25, 18: event.YakuDoubleRiichi,
	19: 26, 20: 27, 21: 28, 22: 29, 23: 30, 24: 31, 25: 22, 26: 33,
	27: 34, 28: 32, 29: 35, 30: 2, 31: event.YakuDora, 32: event.YakuAkaDora,
	33: event.YakuUraDora, 34: event.YakuKitaDora,
	35: 37, 36: 38, 37: 39, 38: 40, 39: 42, 40: 43, 41: 44, 42: 47, 43: 50,
	44: 51, 45: 45, 46: event.YakuPaarenchan, 47: 46, 48: 41, 49: 48, 50: 49,
	51: event.YakuTsubameGaeshi, 52: event.YakuKanburi, 53: event.YakuShiiaruRaotai,
	54: event.YakuUumensai, 55: event.YakuSanrenkou, 56: event.YakuIsshokuSanjun,
	57: event.YakuIipinMoyue, 58: event.YakuChuupinRaoyui, 59: 36,
	60: event.YakuDaisharin, 61: event.YakuDaichikurin, 62: event.YakuDaisuurin,
	63: event.YakuIshiNoUeSannen, 64: event.YakuDaichisei, 65: 36,
}

// yakuOf returns the yaku id of Mahjong Soul fan id fan for a winner whose
// seat wind is seatWind and in a round whose wind is roundWind (both 0 East
// … 3 North).
func yakuOf(fan, seatWind, roundWind int) (event.YakuID, bool) {
	switch {
	case fan == fanSeatWind:
		return event.YakuID(10 + seatWind), seatWind >= 0 && seatWind < 4
	case fan == fanRoundWind:
		return event.YakuID(14 + roundWind), roundWind >= 0 && roundWind < 4
	case fan == 1:
		return 0, true
	case fan > 0 && fan < len(fanYaku) && fanYaku[fan] != 0:
		return fanYaku[fan], true
	}
	return 0, false
}

// limitOfTitleID maps HuleInfo.title_id to a limit: 1 mangan … 4
// sanbaiman, 5 and up yakuman (5 + k for k-fold yakuman, 11 counted
// yakuman).
func limitOfTitleID(id int) event.Limit {
	switch {
	case id <= 0:
		return event.NoLimit
	case id <= 4:
		return event.Limit(id)
	default:
		return event.Yakuman
	}
}

// limitOfTitle maps the title string of old records (Chinese, Japanese or
// English) to a limit; ok is false for a title it does not know.
func limitOfTitle(t []byte) (event.Limit, bool) {
	s := string(foldName(make([]byte, 0, 32), t))
	switch {
	case s == "":
		return event.NoLimit, true
	case contains(s, "役满") || contains(s, "役満") || contains(s, "yakuman"):
		return event.Yakuman, true
	case contains(s, "三倍满") || contains(s, "三倍満") || contains(s, "sanbaiman"):
		return event.Sanbaiman, true
	case contains(s, "倍满") || contains(s, "倍満") || contains(s, "baiman"):
		return event.Baiman, true
	case contains(s, "跳满") || contains(s, "跳満") || contains(s, "haneman"):
		return event.Haneman, true
	case contains(s, "满贯") || contains(s, "満貫") || contains(s, "mangan"):
		return event.Mangan, true
	}
	return event.NoLimit, false
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// roomNames are the Japanese names of the matchmaking rooms by mode_id
// (the game's desktop.matchmode table); standard marks the rooms with the
// standard ranked or casual rules.
var roomNames = [...]struct {
	name     string
	standard bool
}{
	1: {"銅の間", true}, 2: {"銅の間", true}, 3: {"銅の間", true},
	4: {"銀の間", true}, 5: {"銀の間", true}, 6: {"銀の間", true},
	7: {"金の間", true}, 8: {"金の間", true}, 9: {"金の間", true},
	10: {"玉の間", true}, 11: {"玉の間", true}, 12: {"玉の間", true},
	13: {"乱闘の間", false}, 14: {"乱闘の間", false},
	15: {"王座の間", true}, 16: {"王座の間", true},
	17: {"銅の間", true}, 18: {"銅の間", true}, 19: {"銀の間", true}, 20: {"銀の間", true},
	21: {"金の間", true}, 22: {"金の間", true}, 23: {"玉の間", true}, 24: {"玉の間", true},
	25: {"王座の間", true}, 26: {"王座の間", true},
	29: {"交流の間", true}, 30: {"交流の間", true}, 31: {"交流の間", true}, 32: {"交流の間", true},
	33: {"ドラさんモード", false}, 34: {"配牌公開", false}, 35: {"龍の割目", false},
	36: {"試練の道", false}, 37: {"龍争虎闘", false}, 38: {"龍争虎闘", false}, 39: {"龍争虎闘", false},
	40: {"修羅の戦", false}, 41: {"赤血の戦", false}, 42: {"特別対局", false}, 43: {"特別対局", false},
	44: {"明鏡の戦", false}, 45: {"闇夜の戦", false}, 46: {"幻界の戦", false},
}

// rankNames are the level names by the level id's middle digits
// (1xxyy / 2xxyy: xx the level, yy the star or Celestial level).
var rankNames = [...]string{1: "初心", 2: "雀士", 3: "雀傑", 4: "雀豪", 5: "雀聖", 6: "魂天", 7: "魂天"}

// rankName returns the display name of a level id such as 10402 ("雀豪2")
// or 10703 ("魂天Lv3"), or "" for an id it does not know.
func rankName(id int) string {
	if id < 10000 || id >= 30000 {
		return ""
	}
	major, minor := id/100%100, id%100
	switch {
	case major >= 1 && major <= 5 && minor >= 1 && minor <= 3:
		return rankNames[major] + strconv.Itoa(minor)
	case major == 6:
		return rankNames[6]
	case major == 7 && minor >= 1:
		return rankNames[7] + "Lv" + strconv.Itoa(minor)
	}
	return ""
}

// detailRule describes one field of GameDetailRule: its proto name and
// whether it is a bool.
type detailRule struct {
	name   string
	isBool bool
}

// detailRules are GameDetailRule's fields by field number (protocol.proto
// of the game, MAJSOUL-FORMATS.md §3.3). Unknown numbers are written as
// detail_rule_<n>.
var detailRules = [...]detailRule{
	1: {"time_fixed", false}, 2: {"time_add", false}, 3: {"dora_count", false}, 4: {"shiduan", false},
	5: {"init_point", false}, 6: {"fandian", false}, 7: {"can_jifei", true}, 8: {"tianbian_value", false},
	9: {"liqibang_value", false}, 10: {"changbang_value", false}, 11: {"noting_fafu_1", false},
	12: {"noting_fafu_2", false}, 13: {"noting_fafu_3", false}, 14: {"have_liujumanguan", true},
	15: {"have_qieshangmanguan", true}, 16: {"have_biao_dora", true}, 17: {"have_gang_biao_dora", true},
	18: {"ming_dora_immediately_open", true}, 19: {"have_li_dora", true}, 20: {"have_gang_li_dora", true},
	21: {"have_sifenglianda", true}, 22: {"have_sigangsanle", true}, 23: {"have_sijializhi", true},
	24: {"have_jiuzhongjiupai", true}, 25: {"have_sanjiahele", true}, 26: {"have_toutiao", true},
	27: {"have_helelianzhuang", true}, 28: {"have_helezhongju", true}, 29: {"have_tingpailianzhuang", true},
	30: {"have_tingpaizhongju", true}, 31: {"have_yifa", true}, 32: {"have_nanruxiru", true},
	33: {"jingsuanyuandian", false}, 34: {"shunweima_2", false}, 35: {"shunweima_3", false},
	36: {"shunweima_4", false}, 37: {"bianjietishi", true}, 38: {"ai_level", false},
	39: {"have_zimosun", true}, 40: {"disable_multi_yukaman", true}, 41: {"fanfu", false},
	42: {"guyi_mode", false}, 43: {"dora3_mode", false}, 44: {"begin_open_mode", false},
	45: {"jiuchao_mode", false}, 46: {"muyu_mode", false}, 47: {"open_hand", false},
	48: {"xuezhandaodi", false}, 49: {"huansanzhang", false}, 50: {"chuanma", false},
	51: {"reveal_discard", false}, 52: {"field_spell_mode", false}, 53: {"zhanxing", false},
	54: {"tianming_mode", false}, 60: {"disable_leijiyiman", true}, 62: {"disable_double_yakuman", true},
	63: {"disable_composite_yakuman", true}, 64: {"enable_shiti", true}, 65: {"enable_nontsumo_liqi", true},
	66: {"disable_double_wind_four_fu", true}, 67: {"disable_angang_guoshi", true}, 68: {"enable_renhe", true},
	69: {"enable_baopai_extend_settings", true}, 70: {"yongchang_mode", false}, 71: {"hunzhiyiji_mode", false},
	72: {"wanxiangxiuluo_mode", false}, 73: {"beishuizhizhan_mode", false},
}

// detailRuleByKey maps a normalized JSON key (normKey) to the field's
// number in detailRules.
var detailRuleByKey = func() map[string]int {
	m := make(map[string]int, len(detailRules))
	var buf [64]byte
	for n, r := range detailRules {
		if r.name != "" {
			m[string(normKey(&buf, []byte(r.name)))] = n
		}
	}
	return m
}()
