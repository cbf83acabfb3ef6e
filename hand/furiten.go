package hand

import "github.com/haifu/haifu/tile"

// Furiten reports permanent (discard) furiten: whether any of the hand's
// waits is among the kinds the player has discarded this hand. waits should
// be Waits of the hand (every wait, whether or not it counts for tenpai or
// has a yaku); discarded holds every kind the player discarded, including
// discards other players called. A furiten player may not win by ron but may
// win by tsumo.
func Furiten(waits, discarded KindSet) bool { return waits&discarded != 0 }

// FuritenState is the part of a player's furiten that depends on the course
// of the hand rather than on the hand and its discards alone. The replay
// engine keeps one per seat, zeroed at the start of each hand, and updates it
// as described in the package documentation. The zero FuritenState is no
// furiten. It is a plain value: not safe for concurrent use.
type FuritenState struct {
	// Temporary (same-turn furiten) is set when the player let a winning
	// tile pass, and cleared by the player's next discard.
	Temporary bool
	// Riichi is set when the player, in riichi, let a winning tile pass; it
	// lasts until the end of the hand.
	Riichi bool
}

// Pass records that another player discarded k (or added k to a kan, which
// can be robbed) and the player did not win on it. waits are the player's
// waits (Waits of the hand) and riichi says whether the player's riichi has
// been declared. If k is one of the waits the player becomes temporarily
// furiten, and in riichi furiten for the rest of the hand.
func (f *FuritenState) Pass(k tile.Kind, waits KindSet, riichi bool) {
	if !waits.Has(k) {
		return
	}
	f.Temporary = true
	if riichi {
		f.Riichi = true
	}
}

// Discarded records the player's own discard, which ends temporary furiten.
// (The discarded kind itself goes into the player's discard set, which
// Furiten checks.)
func (f *FuritenState) Discarded() { f.Temporary = false }

// Furiten reports whether the player may not win by ron: permanent furiten
// (a wait among the player's discards), temporary furiten or riichi furiten.
func (f FuritenState) Furiten(waits, discarded KindSet) bool {
	return f.Temporary || f.Riichi || Furiten(waits, discarded)
}
