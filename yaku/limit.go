package yaku

import (
	"iter"
	"slices"
	"strconv"
)

// Limit is the limit a win's value reached.
type Limit uint8

// The limits, as Tenhou numbers them (mjlog AGARI ten's third field).
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	Yakuman
	numLimits
)

// limits holds each limit's name, basic points and the words sources
// spell it with: the word of tenhou.net/6 score strings, the other words
// of score strings (kiriage mangan and kazoe yakuman, as Tenhou writes
// them, and tensoul's romaji and English words), and the words of Mahjong
// Soul's win titles (simplified Chinese, Japanese, English).
var limits = [numLimits]struct {
	name        string
	base        int
	tenhou6     string   // Tenhou6Name
	tenhou6Also []string // read by CutTenhou6Limit with tenhou6
	majsoul     []string // MajsoulLimitNames
}{
	NoLimit: {"", 0, "", nil, nil},
	Mangan: {"mangan", 2000, "満貫", []string{"切り上げ満貫", "Kiriage Mangan", "Rounded Mangan", "Mangan"},
		[]string{"满贯", "満貫", "Mangan"}},
	Haneman: {"haneman", 3000, "跳満", []string{"Haneman"},
		[]string{"跳满", "跳満", "Haneman"}},
	Baiman: {"baiman", 4000, "倍満", []string{"Baiman"},
		[]string{"倍满", "倍満", "Baiman"}},
	Sanbaiman: {"sanbaiman", 6000, "三倍満", []string{"Sanbaiman"},
		[]string{"三倍满", "三倍満", "Sanbaiman"}},
	Yakuman: {"yakuman", 8000, "役満", []string{"数え役満", "Kazoe Yakuman", "Counted Yakuman", "Yakuman"},
		[]string{"役满", "役満", "Yakuman"}},
}

// majsoulTitles are the limits of Mahjong Soul's title ids
// (HuleInfo.title_id) 0–4; the ids from 5 up are yakuman (5 + k for a
// k-fold yakuman, 11 a counted one).
var majsoulTitles = [...]Limit{NoLimit, Mangan, Haneman, Baiman, Sanbaiman}

// tenhou6LimitWords are the words of tenhou.net/6 score strings, longest
// first, so that of two words one of which begins the other the longer is
// tried first; tenhou6LimitFirst marks the bytes they begin with (built
// once from limits; read-only).
var tenhou6LimitWords, tenhou6LimitFirst = func() (words []limitWord, first [256]bool) {
	for l := range numLimits {
		e := &limits[l]
		if e.tenhou6 != "" {
			words = append(words, limitWord{e.tenhou6, l})
		}
		for _, w := range e.tenhou6Also {
			words = append(words, limitWord{w, l})
		}
	}
	slices.SortStableFunc(words, func(a, b limitWord) int { return len(b.word) - len(a.word) })
	for _, w := range words {
		first[w.word[0]] = true
	}
	return words, first
}()

// limitWord is a word and the limit it names.
type limitWord struct {
	word  string
	limit Limit
}

// String returns the limit's name ("mangan" …), or "" for NoLimit.
func (l Limit) String() string {
	if l >= numLimits {
		return "Limit(" + strconv.Itoa(int(l)) + ")"
	}
	return limits[l].name
}

// Base returns the basic points of the limit (0 for NoLimit and for a
// value that is not a limit); a yakuman's is that of a single one.
func (l Limit) Base() int {
	if l >= numLimits {
		return 0
	}
	return limits[l].base
}

// Tenhou6Name returns the word tenhou.net/6 score strings give the limit,
// as Tenhou writes it ("満貫", "跳満", "倍満", "三倍満", "役満"; a yaku
// string's "(役満)" too), or "" for NoLimit and a value that is not a
// limit.
func (l Limit) Tenhou6Name() string {
	if l >= numLimits {
		return ""
	}
	return limits[l].tenhou6
}

// CutTenhou6Limit cuts the limit word that begins a tenhou.net/6 score
// string ("満貫2000-4000点", "Kazoe Yakuman 48000 Points"): the words
// Tenhou6Name gives, 切り上げ満貫 and 数え役満, and tensoul's romaji and
// English words ("Mangan", "Rounded Mangan", "Counted Yakuman" …). It
// returns the limit and the rest of s, or ok false and s as it is when s
// does not begin with a limit word (fu and han, "30符2飜").
func CutTenhou6Limit(s []byte) (l Limit, rest []byte, ok bool) {
	if len(s) == 0 || !tenhou6LimitFirst[s[0]] {
		return NoLimit, s, false
	}
	for _, w := range tenhou6LimitWords {
		if len(s) >= len(w.word) && string(s[:len(w.word)]) == w.word {
			return w.limit, s[len(w.word):], true
		}
	}
	return NoLimit, s, false
}

// LimitFromMajsoulTitle returns the limit of Mahjong Soul title id n
// (HuleInfo.title_id): 1 mangan … 4 sanbaiman, 5 and up yakuman (5 + k
// for a k-fold yakuman, 11 a counted one), NoLimit for 0 and below.
func LimitFromMajsoulTitle(n int) Limit {
	switch {
	case n <= 0:
		return NoLimit
	case n < len(majsoulTitles):
		return majsoulTitles[n]
	}
	return Yakuman
}

// MajsoulLimitNames yields each limit with each word of Mahjong Soul's win
// titles that names it (simplified Chinese, Japanese, English), which old
// records give instead of a title id, from the highest limit down: the
// words of a higher limit may hold a lower one's (三倍満 holds 倍満), so a
// caller that looks for the words in a title in this order finds the
// title's limit. The words are as the titles write them: the caller folds
// spaces and case as its records need.
func MajsoulLimitNames() iter.Seq2[Limit, string] {
	return func(yield func(Limit, string) bool) {
		for l := numLimits - 1; l > NoLimit; l-- {
			for _, w := range limits[l].majsoul {
				if !yield(l, w) {
					return
				}
			}
		}
	}
}

// LimitOf returns the limit a hand of han han (dora included, no yakuman;
// han ≥ 0) and fu fu reaches: kazoe makes 13 han a yakuman (else
// sanbaiman); below 5 han it is mangan when the basic points, fu × 2^(2 +
// han), reach 2000. Kiriage mangan, which pays 4 han 30 fu and 3 han 60 fu
// as a mangan, does not change the limit (see BasePoints).
func LimitOf(han, fu int, kazoe bool) Limit {
	switch {
	case han >= 13 && kazoe:
		return Yakuman
	case han >= 11:
		return Sanbaiman
	case han >= 8:
		return Baiman
	case han >= 6:
		return Haneman
	case han == 5 || fu<<(han+2) >= 2000:
		return Mangan
	}
	return NoLimit
}

// BasePoints returns the basic points and the limit of a hand of han han
// (dora included, no yakuman) and fu fu: kazoe makes 13 han a yakuman,
// kiriage pays 4 han 30 fu and 3 han 60 fu as mangan (limit NoLimit). A
// hand of no han has no value.
func BasePoints(han, fu int, kazoe, kiriage bool) (int, Limit) {
	if han <= 0 {
		return 0, NoLimit
	}
	if l := LimitOf(han, fu, kazoe); l != NoLimit {
		return l.Base(), l
	}
	if kiriage && (han == 4 && fu == 30 || han == 3 && fu == 60) {
		return 2000, NoLimit
	}
	return fu << (han + 2), NoLimit
}
