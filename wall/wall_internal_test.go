package wall

import (
	"testing"

	"github.com/haifu/haifu/tile"
)

// TestDealFast holds dealIs (dealPos's table) to Deal (DealIndex tile by
// tile) for every dealer and seat, in range or not, player count and
// size, on Deal's hand and on a hand one tile off.
func TestDealFast(t *testing.T) {
	var w Wall
	for i := range w.Yama {
		w.Yama[i] = tile.ID(i*7%tile.NumIDs) + 1
	}
	for players := 0; players <= 5; players++ {
		for _, size := range []int{0, 1, 38, 39, 51, 52, Size3, Size4} {
			w.Players, w.Size = players, size
			for dealer := -1; dealer <= 5; dealer++ {
				for seat := -1; seat <= 5; seat++ {
					hg, okg := w.Deal(dealer, seat)
					other := hg
					other[dealer&7%13]++
					if !w.dealIs(dealer, seat, &hg) != !okg || w.dealIs(dealer, seat, &other) {
						t.Fatalf("players %d, size %d, dealIs(%d, %d) differs from Deal", players, size, dealer, seat)
					}
				}
			}
		}
	}
}
