package wall

import (
	"math/rand/v2"
	"testing"

	"github.com/haifu/haifu/tile"
)

// TestFastmod holds fastmod to % for every divisor 1–136 on the edge
// numerators (0, 1, d−1, d, d+1, multiples of d and their neighbours, 2³¹,
// 2³²−1) and on random ones.
func TestFastmod(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for d := uint32(1); d <= tile.NumIDs; d++ {
		xs := []uint32{0, 1, d - 1, d, d + 1, 1 << 31, 1<<31 - 1, 1<<31 + 1, ^uint32(0), ^uint32(0) - 1}
		q := ^uint32(0) / d
		xs = append(xs, q*d, q*d-1, (q-1)*d, (q-1)*d+d-1)
		for range 100000 {
			xs = append(xs, r.Uint32())
		}
		for _, x := range xs {
			if got, want := fastmod(x, fastmodM[d], d), x%d; got != want {
				t.Fatalf("fastmod(%d, %d) = %d, want %d", x, d, got, want)
			}
		}
	}
}

// TestShuffle holds shuffle to shuffleGeneric on random rnd words, on rnd
// words of all zero and all one bits, and on rnd words just below, at and
// above multiples of each divisor, in both player counts.
func TestShuffle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for round := range 5000 {
		var rnd [rndWords]uint32
		for i := range rnd {
			switch {
			case round == 0:
			case round == 1:
				rnd[i] = ^uint32(0)
			case round < 100:
				// A multiple of the divisor of i in either wall,
				// and its neighbours.
				d := uint32(max(Size4-i, 1))
				if round%2 == 0 {
					d = uint32(max(Size3-i, 1))
				}
				rnd[i] = (r.Uint32()/d)*d + uint32(round%3) - 1
			default:
				rnd[i] = r.Uint32()
			}
		}
		for _, size := range []int{Size4, Size3} {
			var got, want [tile.NumIDs]tile.ID
			for i := range got {
				got[i], want[i] = 200, 201 // overwritten
			}
			shuffleGeneric(&want, &rnd, size)
			shuffle(&got, &rnd, size)
			if got != want {
				t.Fatalf("round %d, size %d: shuffle differs from shuffleGeneric", round, size)
			}
		}
	}
}

// BenchmarkShuffle measures the shuffle of a four-player wall, fast and
// general.
func BenchmarkShuffle(b *testing.B) {
	var rnd [rndWords]uint32
	for i := range rnd {
		rnd[i] = uint32(i) * 2654435761
	}
	var y [tile.NumIDs]tile.ID
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			shuffle(&y, &rnd, Size4)
		}
	})
	b.Run("general", func(b *testing.B) {
		for b.Loop() {
			shuffleGeneric(&y, &rnd, Size4)
		}
	})
}
