package scoring

import (
	"strconv"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/yaku"
)

// Wait is the shape of the wait a reading of the hand completes.
type Wait uint8

// The waits. The zero Wait is no wait.
const (
	// Ryanmen: an open wait on either end of two consecutive tiles (no fu).
	Ryanmen Wait = iota + 1
	// Kanchan: the middle of a run (2 fu).
	Kanchan
	// Penchan: the 3 of 12 or the 7 of 89 (2 fu).
	Penchan
	// Shanpon: one of two pairs, completing a triplet (no wait fu; a
	// triplet completed by ron counts as open).
	Shanpon
	// Tanki: the pair (2 fu); also seven pairs and a one-sided kokushi.
	Tanki
	// Thirteen: kokushi musou's thirteen-sided wait.
	Thirteen
	numWaits
)

var waitNames = [numWaits]string{"", "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen"}

// String returns the wait's name ("ryanmen" …), or "" for no wait.
func (w Wait) String() string {
	if w >= numWaits {
		return "Wait(" + strconv.Itoa(int(w)) + ")"
	}
	return waitNames[w]
}

// Result is the value of a win. It holds no pointers: copy it freely.
type Result struct {
	// Yaku are the yaku with their han in Tenhou's display order (the
	// order of mjlog AGARI's yaku): the yaku, then dora (52), aka dora (54)
	// and ura dora (53). Dora entries appear when they count for at least
	// one han, except that a riichi win under rules with ura dora lists
	// ura dora even with 0 han, as the mjlog does. A yakuman hand lists its
	// yakuman only, with 13 han per yakuman each counts for.
	Yaku  [event.MaxYaku]event.Yaku
	NYaku uint8
	// NoYaku: the hand is complete but has no yaku (dora are not yaku);
	// it cannot win. Yaku, Han, Limit and the points are then zero; Fu is
	// that of the reading with the most fu.
	NoYaku bool
	// Han is the sum of the entries' han (13 per yakuman).
	Han int
	// Fu is the hand's fu, rounded up to 10 (25 for seven pairs, 0 for
	// kokushi musou), also when the hand is worth a limit or a yakuman:
	// the real fu of the reading scored, as Tenhou's mjlog records it.
	Fu int
	// Yakuman is the number of yakuman the hand is paid for (a kazoe
	// yakuman counts 1), or 0.
	Yakuman int
	// Dora counts the dora tiles the hand holds (melds and kita included),
	// Ura the ura dora (counted only for riichi), Red the red fives
	// (counted only when the rules have them), Kita the kita set aside (one
	// han each). They are counted even when they do not score (yakuman,
	// no yaku).
	Dora, Ura, Red, Kita int
	// Limit is the limit the han and fu reach (event.NoLimit below mangan;
	// a kiriage mangan keeps NoLimit, as Tenhou records it).
	Limit event.Limit
	// Base is the basic points: fu×2^(han+2) below the limits, 2000 for
	// mangan (and kiriage), 3000, 4000, 6000, and 8000 per yakuman.
	Base int
	// Ron is what the discarder pays on a ron (0 for a tsumo). On a tsumo
	// TsumoNonDealer is what each non-dealer pays and TsumoDealer what the
	// dealer pays; on a dealer's tsumo every payer pays TsumoNonDealer and
	// TsumoDealer is 0. In sanma without tsumo loss they include the half
	// of the missing player's share.
	Ron, TsumoNonDealer, TsumoDealer int
	// Total is the hand's value as Tenhou's AGARI ten writes it: what the
	// discarder pays on a ron, the total collected on a tsumo. Honba and
	// riichi sticks are not included: the caller adds them.
	Total int
	// Form and Wait describe the reading scored.
	Form hand.Form
	Wait Wait
}

// YakuList returns the yaku entries. The slice aliases r.
func (r *Result) YakuList() []event.Yaku { return r.Yaku[:min(int(r.NYaku), len(r.Yaku))] }

// add appends an entry (the list has room for every yaku that can combine).
func (r *Result) add(id yaku.ID, han int) {
	if int(r.NYaku) < len(r.Yaku) {
		r.Yaku[r.NYaku] = event.Yaku{ID: id, Han: uint8(han)}
		r.NYaku++
	}
}

// result writes the value of the reading c.
func (a *analysis) result(c *candidate) Result {
	in, r := a.in, a.rules
	res := Result{Fu: c.fu, Form: c.form, Wait: c.wait, Dora: a.dora, Ura: a.ura, Red: a.red, Kita: a.kita}
	if !c.ok {
		res.NoYaku = true
		return res
	}
	res.Han, res.Yakuman, res.Base, res.Limit = c.han, c.yakuman, c.base, c.limit
	if c.yakuman == 0 && c.limit == event.Yakuman {
		res.Yakuman = 1 // kazoe
	}
	for _, id := range displayOrder {
		if id == yaku.SeatWindEast {
			for _, y := range a.yakuhai[:a.nyakuhai] {
				if c.yaku.has(y) {
					res.add(y, r.hanOf(y, a.closed))
				}
			}
			continue
		}
		if c.yaku.has(id) {
			if h := r.hanOf(id, a.closed); h > 0 {
				res.add(id, h)
			}
		}
	}
	if c.yakuman == 0 {
		dora := a.dora
		if r.KitaInDora {
			dora += a.kita
		}
		if dora > 0 {
			res.add(event.YakuDora, dora)
		}
		if !r.KitaInDora && a.kita > 0 {
			res.add(event.YakuKitaDora, a.kita)
		}
		if a.red > 0 {
			res.add(event.YakuAkaDora, a.red)
		}
		if in.Riichi && r.UraDora {
			res.add(event.YakuUraDora, a.ura)
		}
	}
	r.pay(&res, in.Tsumo, in.Dealer(), int(in.Players))
	return res
}
