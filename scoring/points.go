package scoring

import "github.com/haifu/haifu/event"

// limitBase is the basic points of each limit.
var limitBase = [...]int{
	event.Mangan:    2000,
	event.Haneman:   3000,
	event.Baiman:    4000,
	event.Sanbaiman: 6000,
	event.Yakuman:   8000,
}

// basePoints returns the basic points and the limit of a hand of han han
// and fu fu (yakuman: the number of yakuman it counts for, 0 if none).
func (r *Rules) basePoints(han, fu, yakuman int) (int, event.Limit) {
	switch {
	case yakuman > 0:
		return 8000 * yakuman, event.Yakuman
	case han >= 13 && r.Kazoe:
		return 8000, event.Yakuman
	case han >= 11:
		return 6000, event.Sanbaiman
	case han >= 8:
		return 4000, event.Baiman
	case han >= 6:
		return 3000, event.Haneman
	case han == 5:
		return 2000, event.Mangan
	case han <= 0:
		return 0, event.NoLimit
	}
	b := fu << (han + 2)
	if b >= 2000 {
		return 2000, event.Mangan
	}
	if r.Kiriage && (han == 4 && fu == 30 || han == 3 && fu == 60) {
		// Paid as mangan; Tenhou's chip lobbies record no limit.
		return 2000, event.NoLimit
	}
	return b, event.NoLimit
}

// ceil100 rounds x up to a multiple of 100.
func ceil100(x int) int { return (x + 99) / 100 * 100 }

// pay fills the payments and the total of res from res.Base.
func (r *Rules) pay(res *Result, tsumo, dealer bool, players int) {
	b := res.Base
	if !tsumo {
		if dealer {
			res.Ron = ceil100(6 * b)
		} else {
			res.Ron = ceil100(4 * b)
		}
		res.Total = res.Ron
		return
	}
	if dealer {
		each := ceil100(2 * b)
		if players == 3 && !r.TsumoLoss {
			each += ceil100(each / 2)
		}
		res.TsumoNonDealer = each
		res.Total = (players - 1) * each
		return
	}
	nd, d := ceil100(b), ceil100(2*b)
	if players == 3 && !r.TsumoLoss {
		// The missing player's share (a non-dealer's), half to each payer.
		half := ceil100(nd / 2)
		nd += half
		d += half
	}
	res.TsumoNonDealer, res.TsumoDealer = nd, d
	res.Total = d + (players-2)*nd
}
