package tenhou6

import (
	"bytes"
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/yaku"
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

// parseScore parses a score string: a rank (fu and han, or a limit word:
// yaku.CutTenhou6Limit) and a payment ("2000点", "2600点∀",
// "1300-2600点"). A string it does not understand entirely gives only
// unrecognised.
func parseScore(s []byte) scoreInfo {
	var si scoreInfo
	s = trimSpace(s)
	if l, rest, ok := yaku.CutTenhou6Limit(s); ok {
		si.limit, si.hasLimit = l, true
		s = bytes.TrimLeft(rest, " ")
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

// errf is fmt.Errorf with the sentinel wrapped at the end.
func errf(sentinel error, format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, sentinel)...)
}
