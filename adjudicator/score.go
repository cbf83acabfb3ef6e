package adjudicator

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/yaku"
)

// yakumanCount returns how many yakuman a win counts for under the rules,
// from its recorded yaku (each yakuman entry records yaku.YakumanHan han
// per yakuman).
func (r *Rules) yakumanCount(w *event.WinRecord) int {
	n := 0
	for _, y := range w.YakuList() {
		if y.Han < yaku.YakumanHan {
			continue
		}
		// The log records YakumanHan han per yakuman the entry counts for
		// on its platform; the double forms follow the rules instead.
		k := int(y.Han) / yaku.YakumanHan
		if y.ID.IsDoubleYakumanForm() {
			k = 1
			if r.Win.DoubleYakumanForms {
				k = 2
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
		return value{base: int32(yaku.Yakuman.Base() * y), limit: event.Yakuman, known: true, yakuman: y}
	}
	if w.Known&event.KnownHan == 0 {
		return value{}
	}
	han := int(w.Han)
	if w.Known&event.KnownYaku != 0 {
		han = nonYakumanHan(w)
	}
	if han >= 5 {
		b, l := yaku.BasePoints(han, 0, r.Win.Kazoe, false)
		return value{base: int32(b), limit: l, known: true, yakuman: int(l / event.Yakuman)}
	}
	if w.Known&event.KnownFu == 0 {
		// Below mangan the fu are needed; a record that gives only the
		// limit (mangan and above) is handled above.
		if w.Known&event.KnownPoints != 0 && w.Limit >= event.Mangan {
			return value{base: int32(w.Limit.Base()), limit: w.Limit, known: true}
		}
		return value{}
	}
	b, l := yaku.BasePoints(han, int(w.Fu), r.Win.Kazoe, r.Win.Kiriage)
	return value{base: int32(b), limit: l, known: true}
}

// scoredValue is the value the scorer found for a win.
func scoredValue(res *scoring.Result) value {
	return value{base: int32(res.Base), limit: res.Limit, known: true, yakuman: res.Yakuman, yaku: res.YakuList()}
}

// payments returns what each seat pays (positive) for a win of base b, not
// counting honba and sticks: a ron is paid by the discarder; a tsumo by the
// other players (in sanma with tsumo loss, only the two others).
func (r *Rules) payments(b int32, winner, from, dealer event.Seat, players int) [4]int32 {
	var p [4]int32
	ron, nd, d := scoring.Payments(int(b), winner == from, winner == dealer, players, r.Win.TsumoLoss)
	if winner != from {
		p[from] = int32(ron)
		return p
	}
	for s := range players {
		switch seat := event.Seat(s); {
		case seat == winner:
		case seat == dealer:
			p[s] = int32(d)
		default:
			p[s] = int32(nd)
		}
	}
	return p
}

// total is the sum of payments.
func total(p [4]int32) int32 { return p[0] + p[1] + p[2] + p[3] }
