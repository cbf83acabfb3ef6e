package wall

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// dealMatchesVBMI reports whether the 64 bytes at top, the top of a wall,
// hold the 52 bytes at hands permuted by perm where valid has a bit set
// (see deal_amd64.s).
//
//go:noescape
func dealMatchesVBMI(top *tile.ID, hands *[4][13]tile.ID, perm *[64]byte, valid uint64) bool

// dealPerms holds, for 3 and 4 players and each dealer, the index in
// Round.HandIDs (seat×13 + tile) of the tile at each of a wall's top 64
// indexes (Yama[Size−64 …]) that the deal gives, and the mask of those
// indexes.
var dealPerms = func() (t [2][4]struct {
	perm  [64]byte
	valid uint64
}) {
	for p := 3; p <= 4; p++ {
		w := Wall{Size: Size4, Players: p}
		for d := range p {
			e := &t[p-3][d]
			for s := range p {
				for i := range 13 {
					k := w.DealIndex(d, s, i) - (w.Size - 64)
					e.perm[k] = byte(s*13 + i)
					e.valid |= 1 << k
				}
			}
		}
	}
	return t
}()

// dealMatches reports whether the deal of r's dealer gives every seat its
// r.HandIDs (dealMatchesGeneric): with AVX-512 VBMI in one permutation
// and one comparison of the wall's top 64 tiles. The wall must be one
// Generator.Next made and r.Dealer a seat.
func (w *Wall) dealMatches(r *event.Round) bool {
	p, d := w.Players, int(r.Dealer)
	if general || !hasVBMI || (p != 3 && p != 4) || d < 0 || d >= p || w.Size < 64 || w.Size > len(w.Yama) {
		return w.dealMatchesGeneric(r)
	}
	e := &dealPerms[p-3][d]
	return dealMatchesVBMI(&w.Yama[w.Size-64], &r.HandIDs, &e.perm, e.valid)
}
