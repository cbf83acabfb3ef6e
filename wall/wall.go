package wall

import (
	"github.com/haifu/haifu/tile"
)

// Wall is the wall of one hand: the shuffled tiles (yama, in Tenhou's
// numbering: tiles are taken from the high end, the dead wall is at the low
// end), the dice and what the layout needs to know (players, seed form).
// The zero Wall is empty (Size 0): every accessor reports false.
type Wall struct {
	// Yama holds the shuffled tile ids in Yama[:Size].
	Yama [tile.NumIDs]tile.ID
	// Size is the number of tiles: 136 (four players) or 108 (sanma).
	Size int
	// Players is 4 or 3.
	Players int
	// Form is the seed form that made the wall; the hex and per-hand forms
	// swap the dead wall's pairs.
	Form Form
	// Dice are the two dice, 1–6.
	Dice [2]int8
}

// Sizes of the two tile sets.
const (
	Size4 = tile.NumIDs // four-player: 136 tiles
	Size3 = 108         // sanma: ids 0–3 and 32–135
)

// DeadWallSize is the number of tiles kept out of the live wall at the
// start of a hand.
const DeadWallSize = 14

// MaxKanDora is the number of kan dora indicators the dead wall holds.
const MaxKanDora = 4

// Dealt returns the number of tiles dealt at the start: 13 per player.
func (w *Wall) Dealt() int { return 13 * w.Players }

// replSlots is the number of replacement tiles of the dead wall: 4 in
// four-player, 8 in sanma (where kita and kans share them).
func (w *Wall) replSlots() int {
	if w.Players == 3 {
		return 8
	}
	return 4
}

// swap is 1 when the dead wall's pairs are swapped (eras 1 and 2), else 0.
func (w *Wall) swap() int {
	if w.Form.Swapped() {
		return 1
	}
	return 0
}

// at returns Yama[i], or false when i is outside the wall.
func (w *Wall) at(i int) (tile.ID, bool) {
	if i < 0 || i >= w.Size {
		return 0, false
	}
	return w.Yama[i], true
}

// DealIndex returns the index in Yama of the i-th tile (0–12, in deal
// order) of seat's starting hand when dealer deals, or -1 when seat,
// dealer or i is out of range. The dealer takes 4 tiles, then each next
// seat 4, three times round, then one tile each from the dealer on.
func (w *Wall) DealIndex(dealer, seat, i int) int {
	p := w.Players
	if w.Size == 0 || dealer < 0 || dealer >= p || seat < 0 || seat >= p || i < 0 || i >= 13 {
		return -1
	}
	s := (seat - dealer + p) % p // turn order from the dealer
	var k int                    // position in the deal
	if i < 12 {
		k = (i/4*p+s)*4 + i%4
	} else {
		k = 12*p + s
	}
	return w.Size - 1 - k
}

// Deal returns seat's 13 starting tiles in deal order when dealer deals,
// or false when seat or dealer is not a seat of the wall's game.
func (w *Wall) Deal(dealer, seat int) (hand [13]tile.ID, ok bool) {
	for i := range hand {
		j := w.DealIndex(dealer, seat, i)
		if j < 0 {
			return hand, false
		}
		hand[i] = w.Yama[j]
	}
	return hand, true
}

// dealIs reports whether Deal(dealer, seat) gives hand, comparing tile by
// tile up to the first difference, the positions from the table dealPos.
func (w *Wall) dealIs(dealer, seat int, hand *[13]tile.ID) bool {
	p := w.Players
	if (p != 3 && p != 4) || w.Size < 13*p || w.Size > len(w.Yama) {
		h, ok := w.Deal(dealer, seat) // a wall Next did not make
		return ok && h == *hand
	}
	if dealer < 0 || dealer >= p || seat < 0 || seat >= p {
		return false
	}
	pos := &dealPos[p-3][(seat-dealer+p)%p]
	top := w.Yama[:w.Size]
	for i, k := range pos {
		if top[len(top)-1-int(k)] != hand[i] {
			return false
		}
	}
	return true
}

// dealPos holds, for 3 and 4 players and each seat in turn order from the
// dealer, the positions in the deal (0 the first tile dealt, Yama[Size−1])
// of the seat's 13 tiles, as DealIndex computes them.
var dealPos = func() (t [2][4][13]uint8) {
	for p := 3; p <= 4; p++ {
		w := Wall{Size: Size4, Players: p}
		for s := range p {
			for i := range 13 {
				t[p-3][s][i] = uint8(w.Size - 1 - w.DealIndex(0, s, i))
			}
		}
	}
	return t
}()

// LiveIndex returns the index in Yama of the k-th live draw (0-based), or
// -1 past the wall's end. Whether the tile is still live depends on the
// replacement draws; see LiveCount.
func (w *Wall) LiveIndex(k int) int {
	i := w.Size - 1 - w.Dealt() - k
	if k < 0 || i < 0 {
		return -1
	}
	return i
}

// Live returns the tile of the k-th live draw (0-based), or false past the
// wall's end.
func (w *Wall) Live(k int) (tile.ID, bool) {
	if i := w.LiveIndex(k); i >= 0 {
		return w.Yama[i], true
	}
	return 0, false
}

// LiveCount returns the number of live draws a hand has when repl
// replacement draws were made: 70 − repl in four-player, 55 − repl in
// sanma. The last of them (haitei) is Yama[HaiteiIndex(repl)].
func (w *Wall) LiveCount(repl int) int {
	return max(0, w.Size-w.Dealt()-DeadWallSize-max(repl, 0))
}

// HaiteiIndex returns the index in Yama of the last live tile when repl
// replacement draws were made: 14 + repl (the dead wall moves up by one
// tile for each).
func (w *Wall) HaiteiIndex(repl int) int { return DeadWallSize + max(repl, 0) }

// ReplacementIndex returns the index in Yama of the k-th replacement draw
// (0-based; kans, and kita in sanma, share one counter), or -1 when the
// dead wall has no k-th replacement tile (4 in four-player, 8 in sanma).
// Era 3 takes Yama[1], [0], [3], [2], …; the swapped eras Yama[0], [1], ….
func (w *Wall) ReplacementIndex(k int) int {
	if w.Size == 0 || k < 0 || k >= w.replSlots() {
		return -1
	}
	return k ^ (1 - w.swap())
}

// Replacement returns the tile of the k-th replacement draw, or false.
func (w *Wall) Replacement(k int) (tile.ID, bool) { return w.at(w.ReplacementIndex(k)) }

// DoraIndex returns the index in Yama of dora indicator k (0 the initial
// one, 1–4 the kan dora), or -1. Era 3: Yama[5], [7], … in four-player,
// Yama[9], [11], … in sanma; the swapped eras one lower.
func (w *Wall) DoraIndex(k int) int {
	if w.Size == 0 || k < 0 || k > MaxKanDora {
		return -1
	}
	return (w.replSlots() + 1 + 2*k) ^ w.swap()
}

// Dora returns dora indicator k (0 the initial one, 1–4 the kan dora), or
// false.
func (w *Wall) Dora(k int) (tile.ID, bool) { return w.at(w.DoraIndex(k)) }

// UraIndex returns the index in Yama of ura indicator k (under dora
// indicator k), or -1.
func (w *Wall) UraIndex(k int) int {
	if w.Size == 0 || k < 0 || k > MaxKanDora {
		return -1
	}
	return (w.replSlots() + 2*k) ^ w.swap()
}

// Ura returns ura indicator k, or false.
func (w *Wall) Ura(k int) (tile.ID, bool) { return w.at(w.UraIndex(k)) }

// Role is what a tile of the wall is used for.
type Role uint8

// The roles of the wall's tiles.
const (
	// RoleNone: a tile with no fixed use (dead wall tiles that are never
	// drawn nor revealed).
	RoleNone Role = iota
	// RoleDeal: dealt at the start.
	RoleDeal
	// RoleLive: a live draw.
	RoleLive
	// RoleReplacement: a replacement draw after a kan or a kita.
	RoleReplacement
	// RoleDora: a dora indicator (K 0) or kan dora indicator (K 1–4).
	RoleDora
	// RoleUra: an ura indicator.
	RoleUra
)

var roleNames = [...]string{"", "deal", "live", "replacement", "dora", "ura"}

// String returns "deal", "live", "replacement", "dora", "ura" or "".
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "?"
}

// Slot is one tile of the wall and its use.
type Slot struct {
	// Index is the tile's index in Yama.
	Index int
	ID    tile.ID
	Role  Role
	// K is the draw's number (0-based) for RoleLive and RoleReplacement,
	// the indicator's number (0 initial, 1–4 kan) for RoleDora and RoleUra.
	K int
}

// Slot returns the use of Yama[i] when repl replacement draws were made
// (which moves the boundary between live and dead wall), or false when i
// is outside the wall. A dead-wall index that is both a kan dora
// indicator and, later, a replacement tile cannot occur: the layouts keep
// them apart.
func (w *Wall) Slot(i, repl int) (Slot, bool) {
	id, ok := w.at(i)
	if !ok {
		return Slot{}, false
	}
	s := Slot{Index: i, ID: id}
	switch {
	case i >= w.Size-w.Dealt():
		s.Role, s.K = RoleDeal, w.Size-1-i
	case i >= w.HaiteiIndex(repl):
		s.Role, s.K = RoleLive, w.Size-1-w.Dealt()-i
	default:
		for k := range MaxKanDora + 1 {
			if w.DoraIndex(k) == i {
				return Slot{i, id, RoleDora, k}, true
			}
			if w.UraIndex(k) == i {
				return Slot{i, id, RoleUra, k}, true
			}
		}
		if i < w.replSlots() {
			s.Role, s.K = RoleReplacement, i^(1-w.swap())
		}
	}
	return s, true
}

// LiveWall appends to dst the live wall in draw order when repl
// replacement draws were made, and returns it.
func (w *Wall) LiveWall(repl int, dst []tile.ID) []tile.ID {
	for k := range w.LiveCount(repl) {
		dst = append(dst, w.Yama[w.LiveIndex(k)])
	}
	return dst
}

// DeadWall appends to dst the dead wall, Yama[0] up, when repl
// replacement draws were made, each tile with its use, and returns it.
func (w *Wall) DeadWall(repl int, dst []Slot) []Slot {
	for i := range min(w.HaiteiIndex(repl), w.Size) {
		s, _ := w.Slot(i, repl)
		dst = append(dst, s)
	}
	return dst
}
