package scoring

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/yaku"
)

// basePoints returns the basic points and the limit of a hand of han han
// and fu fu (yakuman: the number of yakuman it counts for, 0 if none).
func (r *Rules) basePoints(han, fu, yakuman int) (int, event.Limit) {
	if yakuman > 0 {
		return yaku.Yakuman.Base() * yakuman, event.Yakuman
	}
	return yaku.BasePoints(han, fu, r.Kazoe, r.Kiriage)
}

// ceil100 rounds x up to a multiple of 100.
func ceil100(x int) int { return (x + 99) / 100 * 100 }

// pay fills the payments and the total of res from res.Base.
func (r *Rules) pay(res *Result, tsumo, dealer bool, players int) {
	res.Ron, res.TsumoNonDealer, res.TsumoDealer = Payments(res.Base, tsumo, dealer, players, r.TsumoLoss)
	switch {
	case !tsumo:
		res.Total = res.Ron
	case dealer:
		res.Total = (players - 1) * res.TsumoNonDealer
	default:
		res.Total = res.TsumoDealer + (players-2)*res.TsumoNonDealer
	}
}

// Payments returns what a win of base points b is paid: on a ron what the
// discarder pays; on a tsumo what each non-dealer pays and what the dealer
// pays (0 on the dealer's own tsumo). In sanma without tsumoLoss the
// missing player's share is split between the two payers.
func Payments(b int, tsumo, dealer bool, players int, tsumoLoss bool) (ron, nonDealer, dealerPays int) {
	if !tsumo {
		if dealer {
			return ceil100(6 * b), 0, 0
		}
		return ceil100(4 * b), 0, 0
	}
	if dealer {
		each := ceil100(2 * b)
		if players == 3 && !tsumoLoss {
			each += ceil100(each / 2)
		}
		return 0, each, 0
	}
	nd, d := ceil100(b), ceil100(2*b)
	if players == 3 && !tsumoLoss {
		half := ceil100(nd / 2)
		nd += half
		d += half
	}
	return 0, nd, d
}
