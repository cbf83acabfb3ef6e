package scoring

import (
	"errors"
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Input is a win to score: the hand as it stands when it wins and the facts
// of the play that the hand cannot show. The scorer trusts the facts (it
// does not check, say, that a haitei win was on the last tile), but
// rejects combinations no play can give (see Validate).
type Input struct {
	// Hand is the winner's concealed tiles, the winning tile included
	// (HandLen of them, 14 minus 3 per meld), in any order, red fives
	// marked red.
	Hand    [14]tile.Tile
	HandLen uint8
	// Melds are the winner's chi, pon and kans (open, closed and added) in
	// the order they were made, each with its tiles, its called tile and
	// whom it was called from (event.Meld). Kita are not melds: see Kita.
	// The order is the order Tenhou lists the yakuhai of melds in.
	Melds  [4]event.Meld
	NMelds uint8
	// WinTile is the winning tile (one of Hand); Tsumo says whether it was
	// drawn (else it was another player's discard, added-kan tile or
	// kita).
	WinTile tile.Tile
	Tsumo   bool
	// Riichi: the winner declared riichi; DoubleRiichi: on its first turn
	// with no call before it (Riichi is then set too); Ippatsu: it wins
	// within its first go-around after the riichi, with no call in
	// between. A kan robbed by chankan is no call (the winner keeps its
	// ippatsu); in sanma a kita by any player ends every player's ippatsu
	// and first go-around, except that a ron on the kita tile itself keeps
	// the winner's ippatsu (docs/tenhou-formats.md §1.8a).
	Riichi, DoubleRiichi, Ippatsu bool
	// Rinshan: a tsumo on the replacement tile of a kan or a kita. Chankan:
	// a ron on the tile another player added to a pon (or, for kokushi
	// where the rules allow it, on a closed kan); a ron on a kita tile is
	// not chankan. Haitei: a tsumo on the last tile of the live wall (not
	// a replacement tile). Houtei: a ron on the last discard.
	Rinshan, Chankan, Haitei, Houtei bool
	// Tenhou: the dealer's tsumo on its first draw; Chiihou: a
	// non-dealer's tsumo on its first draw; Renhou: a non-dealer's ron
	// before its first draw. All three need that no call (and in sanma
	// no kita) was made before.
	Tenhou, Chiihou, Renhou bool
	// SeatWind and RoundWind are tile.East … tile.North; the winner is
	// the dealer exactly when SeatWind is East.
	SeatWind, RoundWind tile.Kind
	// Dora are the revealed dora indicators: Dora[0] the initial one, the
	// others kan dora, in the order revealed. Ura are the ura indicators
	// under them, as far as revealed (the caller passes what the log
	// shows; which ones count is the rules' business).
	Dora, Ura   [5]tile.Tile
	NDora, NUra uint8
	// Kita is the number of Norths the winner set aside (sanma nukidora).
	Kita uint8
	// Players is 4, or 3 in sanma (no 2m–8m; a 1m indicator makes 9m the
	// dora).
	Players uint8
}

// Dealer reports whether the winner is the dealer (its seat wind is East).
func (in *Input) Dealer() bool { return in.SeatWind == tile.East }

// HandTiles returns the concealed tiles. The slice aliases in.
func (in *Input) HandTiles() []tile.Tile { return in.Hand[:min(int(in.HandLen), len(in.Hand))] }

// MeldList returns the melds. The slice aliases in.
func (in *Input) MeldList() []event.Meld { return in.Melds[:min(int(in.NMelds), len(in.Melds))] }

// DoraList returns the dora indicators. The slice aliases in.
func (in *Input) DoraList() []tile.Tile { return in.Dora[:min(int(in.NDora), len(in.Dora))] }

// UraList returns the ura indicators. The slice aliases in.
func (in *Input) UraList() []tile.Tile { return in.Ura[:min(int(in.NUra), len(in.Ura))] }

// SetHand sets the concealed tiles (at most 14; the rest are dropped).
func (in *Input) SetHand(ts []tile.Tile) {
	in.HandLen = uint8(copy(in.Hand[:], ts))
}

// AddMeld appends a meld; it reports false when there are four already.
func (in *Input) AddMeld(m event.Meld) bool {
	if int(in.NMelds) >= len(in.Melds) {
		return false
	}
	in.Melds[in.NMelds] = m
	in.NMelds++
	return true
}

// SetDora sets the dora indicators (at most 5).
func (in *Input) SetDora(ts []tile.Tile) { in.NDora = uint8(copy(in.Dora[:], ts)) }

// SetUra sets the ura indicators (at most 5).
func (in *Input) SetUra(ts []tile.Tile) { in.NUra = uint8(copy(in.Ura[:], ts)) }

// Errors that Score returns, wrapped with the detail.
var (
	// ErrInput: the input is not a hand or a situation any play can give.
	ErrInput = errors.New("scoring: invalid input")
	// ErrNotComplete: the hand with its melds is not a complete hand.
	ErrNotComplete = errors.New("scoring: hand is not complete")
)

// Validate reports the first thing wrong with in, wrapping ErrInput, or
// nil: a tile that is not a tile, a hand of the wrong size, a winning tile
// not in it, a fifth copy of a kind, 2m–8m in sanma, a meld of the wrong
// shape, or facts that contradict each other (ippatsu without riichi, a
// haitei ron, riichi with an open hand, tenhou for a non-dealer, ...).
func (in *Input) Validate() error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInput}, args...)...)
	}
	if in.Players != 3 && in.Players != 4 {
		return fail("%d players, want 3 or 4", in.Players)
	}
	if in.NMelds > 4 || in.HandLen > 14 || in.NDora > 5 || in.NUra > 5 {
		return fail("counts beyond the arrays")
	}
	if int(in.HandLen) != 14-3*int(in.NMelds) {
		return fail("%d concealed tiles with %d melds, want %d", in.HandLen, in.NMelds, 14-3*int(in.NMelds))
	}
	var all tile.Counts
	winInHand := false
	for _, t := range in.HandTiles() {
		if !t.Valid() {
			return fail("hand tile %v", t)
		}
		all[t.Kind()]++
		if t == in.WinTile {
			winInHand = true
		}
	}
	if !in.WinTile.Valid() || !winInHand {
		return fail("winning tile %v is not in the hand %s", in.WinTile, tile.FormatTiles(in.HandTiles()))
	}
	open := false
	for i := range in.MeldList() {
		m := &in.Melds[i]
		if err := checkMeld(m); err != "" {
			return fail("meld %d (%v %s): %s", i+1, m.Kind, tile.FormatTiles(m.Slice()), err)
		}
		for _, t := range m.Slice() {
			all[t.Kind()]++
		}
		if m.Kind != event.MeldClosedKan {
			open = true
		}
	}
	all[tile.North] += in.Kita
	for k, n := range all {
		if n > 4 {
			return fail("%d tiles of %v", n, tile.Kind(k))
		}
		if in.Players == 3 && n > 0 && tile.Kind(k) > tile.Man1 && tile.Kind(k) < tile.Man9 {
			return fail("%v in a three-player game", tile.Kind(k))
		}
	}
	for _, t := range in.DoraList() {
		if !t.Valid() {
			return fail("dora indicator %v", t)
		}
	}
	for _, t := range in.UraList() {
		if !t.Valid() {
			return fail("ura indicator %v", t)
		}
	}
	kan := in.Kita > 0
	for i := range in.MeldList() {
		kan = kan || in.Melds[i].Kind.IsKan()
	}
	first := in.Tenhou || in.Chiihou || in.Renhou
	switch {
	case !in.SeatWind.IsWind() || !in.RoundWind.IsWind():
		return fail("seat wind %v, round wind %v", in.SeatWind, in.RoundWind)
	case in.Kita > 0 && in.Players != 3:
		return fail("kita in a four-player game")
	case in.DoubleRiichi && !in.Riichi:
		return fail("double riichi without riichi")
	case in.Ippatsu && !in.Riichi:
		return fail("ippatsu without riichi")
	case in.Riichi && open:
		return fail("riichi with an open hand")
	case in.Tsumo && (in.Chankan || in.Houtei || in.Renhou):
		return fail("chankan, houtei or renhou on a tsumo")
	case !in.Tsumo && (in.Rinshan || in.Haitei || in.Tenhou || in.Chiihou):
		return fail("rinshan, haitei, tenhou or chiihou on a ron")
	case in.Rinshan && (!kan || in.Haitei):
		return fail("rinshan without a kan or kita, or with haitei")
	case in.Chankan && in.Houtei:
		return fail("chankan and houtei")
	case first && (in.NMelds > 0 || in.Riichi || in.Rinshan || in.Kita > 0):
		return fail("tenhou, chiihou or renhou with melds, kita or riichi")
	case in.Tenhou && !in.Dealer(), (in.Chiihou || in.Renhou) && in.Dealer():
		return fail("tenhou for a non-dealer, or chiihou or renhou for the dealer")
	}
	return nil
}

// checkMeld returns what is wrong with a meld's shape, or "".
func checkMeld(m *event.Meld) string {
	if m.Kind != event.MeldChi && m.Kind != event.MeldPon && !m.Kind.IsKan() {
		return "not a chi, pon or kan"
	}
	return m.ShapeError()
}
