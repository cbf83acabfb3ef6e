package wall

import (
	"testing"

	"github.com/haifu/haifu/tile"
)

// TestDealFast holds Deal's table to dealGeneric (DealIndex tile by tile)
// for every dealer and seat, in range or not, player count and size, and
// dealIs to Deal on its hand and on a hand one tile off.
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
					h, ok := w.Deal(dealer, seat)
					hg, okg := w.dealGeneric(dealer, seat)
					if h != hg || ok != okg {
						t.Fatalf("players %d, size %d, Deal(%d, %d) = %v %v, want %v %v", players, size, dealer, seat, h, ok, hg, okg)
					}
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
