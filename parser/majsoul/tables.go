package majsoul

import (
	"strconv"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/yaku"
)

// fanByName maps a folded fan name (foldName) to its fan id: old records
// (2019–2020) give a fan by its name only, in any of the four languages of
// the game's fan table (yaku.MajsoulFanNames).
var fanByName = func() map[string]int {
	m := make(map[string]int, 256)
	for fan, name := range yaku.MajsoulFanNames() {
		m[string(foldName(nil, []byte(name)))] = fan
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

// yakuOf returns the yaku of Mahjong Soul fan id fan (yaku.FromMajsoulFan)
// for a winner whose seat wind is seatWind and in a round whose wind is
// roundWind (both 0 East … 3 North).
func yakuOf(fan, seatWind, roundWind int) (event.YakuID, bool) {
	y, ok := yaku.FromMajsoulFan(fan)
	switch y {
	case yaku.AnySeatWind:
		return yaku.SeatWind(seatWind), ok && seatWind >= 0 && seatWind < 4
	case yaku.AnyRoundWind:
		return yaku.RoundWind(roundWind), ok && roundWind >= 0 && roundWind < 4
	}
	return y, ok
}

// limitWords are the folded (foldName) words of Mahjong Soul's win titles
// with the limits they name, from the highest limit down
// (yaku.MajsoulLimitNames): a title is the limit of the first word it
// holds, so 三倍満 is a sanbaiman, not a baiman.
var limitWords = func() (words []limitWord) {
	for l, w := range yaku.MajsoulLimitNames() {
		words = append(words, limitWord{string(foldName(nil, []byte(w))), l})
	}
	return words
}()

// limitWord is a folded title word and the limit it names.
type limitWord struct {
	word  string
	limit event.Limit
}

// limitOfTitle maps the title string of old records (Chinese, Japanese or
// English) to a limit; ok is false for a title it does not know.
func limitOfTitle(t []byte) (event.Limit, bool) {
	s := string(foldName(make([]byte, 0, 32), t))
	if s == "" {
		return event.NoLimit, true
	}
	for _, w := range limitWords {
		if contains(s, w.word) {
			return w.limit, true
		}
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
// of the game, docs/majsoul-formats.md §3.3). Unknown numbers are written as
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
