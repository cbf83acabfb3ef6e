package adjudicator

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
)

// Yakuman ids that some rules count as double yakuman.
var doubleYakumanForms = [...]event.YakuID{41, 46, 48, 49} // suuankou tanki, junsei chuuren, kokushi 13-wait, daisuushii

// yakumanCount returns how many yakuman a win counts for under the rules,
// from its recorded yaku (each yakuman entry records 13 han per yakuman).
func (r *Rules) yakumanCount(w *event.WinRecord) int {
	n := 0
	for _, y := range w.YakuList() {
		if y.Han < 13 {
			continue
		}
		// The log records 13 han per yakuman the entry counts for on its
		// platform; the double forms follow the rules instead.
		k := int(y.Han) / 13
		for _, d := range doubleYakumanForms {
			if y.ID == d {
				k = 1
				if r.Win.DoubleYakumanForms {
					k = 2
				}
			}
		}
		n += k
	}
	if n > 1 && !r.Win.YakumanStacking {
		n = 1
	}
	return n
}

// nonYakumanHan returns the han of the win's ordinary yaku and dora.
func nonYakumanHan(w *event.WinRecord) int {
	h := 0
	for _, y := range w.YakuList() {
		if y.ID.IsYakuman() {
			continue
		}
		h += int(y.Han)
	}
	return h
}

// value is a hand's value under a rule set: its base points (the amount a
// non-dealer receives divided by 4), the limit reached, the number of
// yakuman and the yaku it was found from (for pao), and whether it could
// be found.
type value struct {
	base  int32
	limit event.Limit
	// known is false when neither the record nor the scorer gives the
	// value.
	known   bool
	yakuman int
	yaku    []event.Yaku
}

// handValue computes the base points of a win from its recorded han, fu
// and yaku under the rules.
func (r *Rules) handValue(w *event.WinRecord) value {
	v := r.recordedValue(w)
	v.yaku = w.YakuList()
	return v
}

func (r *Rules) recordedValue(w *event.WinRecord) value {
	if y := r.yakumanCount(w); y > 0 {
		return value{base: 8000 * int32(y), limit: event.Yakuman, known: true, yakuman: y}
	}
	if w.Known&event.KnownHan == 0 {
		return value{}
	}
	han := int(w.Han)
	if w.Known&event.KnownYaku != 0 {
		han = nonYakumanHan(w)
	}
	switch {
	case han >= 13 && r.Win.Kazoe:
		return value{base: 8000, limit: event.Yakuman, known: true, yakuman: 1}
	case han >= 11:
		return value{base: 6000, limit: event.Sanbaiman, known: true}
	case han >= 8:
		return value{base: 4000, limit: event.Baiman, known: true}
	case han >= 6:
		return value{base: 3000, limit: event.Haneman, known: true}
	case han == 5:
		return value{base: 2000, limit: event.Mangan, known: true}
	}
	if w.Known&event.KnownFu == 0 {
		// Below mangan the fu are needed; a record that gives only the
		// limit (mangan and above) is handled above.
		if w.Known&event.KnownPoints != 0 && w.Limit >= event.Mangan {
			return value{base: limitBase(w.Limit), limit: w.Limit, known: true}
		}
		return value{}
	}
	fu := int32(w.Fu)
	b := fu << (2 + han)
	if b >= 2000 || (r.Win.Kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) {
		return value{base: 2000, limit: event.Mangan, known: true}
	}
	return value{base: b, limit: event.NoLimit, known: true}
}

// scoredValue is the value the scorer found for a win.
func scoredValue(res *scoring.Result) value {
	return value{base: int32(res.Base), limit: res.Limit, known: true, yakuman: res.Yakuman, yaku: res.YakuList()}
}

func limitBase(l event.Limit) int32 {
	switch l {
	case event.Mangan:
		return 2000
	case event.Haneman:
		return 3000
	case event.Baiman:
		return 4000
	case event.Sanbaiman:
		return 6000
	case event.Yakuman:
		return 8000
	}
	return 0
}

// ceil100 rounds up to a multiple of 100.
func ceil100(x int32) int32 { return (x + 99) / 100 * 100 }

// payments returns what each seat pays (positive) for a win of base b, not
// counting honba and sticks: a ron is paid by the discarder; a tsumo by the
// other players (in sanma with tsumo loss, only the two others).
func (r *Rules) payments(b int32, winner, from, dealer event.Seat, players int) [4]int32 {
	var p [4]int32
	if winner != from {
		if winner == dealer {
			p[from] = ceil100(6 * b)
		} else {
			p[from] = ceil100(4 * b)
		}
		return p
	}
	for s := range players {
		seat := event.Seat(s)
		switch {
		case seat == winner:
		case winner == dealer || seat == dealer:
			p[s] = ceil100(2 * b)
		default:
			p[s] = ceil100(b)
		}
	}
	if players == 3 && !r.Win.TsumoLoss {
		// Without tsumo loss the missing seat's share is split between the
		// two payers (North-bisection). Rare; kept simple: the share of a
		// non-dealer seat goes half to each.
		missing := ceil100(b)
		if winner == dealer {
			missing = ceil100(2 * b)
		}
		for s := range players {
			if event.Seat(s) != winner {
				p[s] += ceil100(missing / 2)
			}
		}
	}
	return p
}

// total is the sum of payments.
func total(p [4]int32) int32 { return p[0] + p[1] + p[2] + p[3] }
