package hand_test

import (
	"math/rand/v2"
	"testing"

	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// benchHands returns n hands of size tiles dealt from shuffled walls.
func benchHands(n, size int) []tile.Counts {
	rng := rand.New(rand.NewPCG(3, 4))
	wall := make([]tile.Kind, 0, 136)
	for k := range tile.Kind(tile.NumKinds) {
		wall = append(wall, k, k, k, k)
	}
	out := make([]tile.Counts, n)
	for i := range out {
		rng.Shuffle(len(wall), func(a, b int) { wall[a], wall[b] = wall[b], wall[a] })
		for _, k := range wall[:size] {
			out[i][k]++
		}
	}
	return out
}

// tenpaiHands returns n tenpai hands of 13 tiles: random complete hands
// (four sets and a pair) less one tile.
func tenpaiHands(n int) []tile.Counts {
	rng := rand.New(rand.NewPCG(5, 6))
	out := make([]tile.Counts, 0, n)
	for len(out) < n {
		var c tile.Counts
		ok := true
		for range 4 {
			if k := tile.Kind(rng.IntN(34)); rng.IntN(3) == 0 || k >= tile.East {
				c[k] += 3
			} else {
				k = k/9*9 + k%9%7
				c[k]++
				c[k+1]++
				c[k+2]++
			}
		}
		c[rng.IntN(34)] += 2
		for _, v := range c {
			ok = ok && v <= 4
		}
		if !ok {
			continue
		}
		for {
			k := rng.IntN(34)
			if c[k] > 0 {
				c[k]--
				break
			}
		}
		out = append(out, c)
	}
	return out
}

var sink int

func init() {
	// Build the tables outside the timed loops.
	hand.Shanten(&tile.Counts{}, 4)
}

func BenchmarkShanten(b *testing.B) {
	hs := benchHands(1024, 13)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink += hand.Shanten(&hs[i&1023], 0)
		i++
	}
}

func BenchmarkRegularShanten(b *testing.B) {
	hs := benchHands(1024, 14)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink += hand.RegularShanten(&hs[i&1023], 0)
		i++
	}
}

func BenchmarkWaits(b *testing.B) {
	hs := benchHands(1024, 13)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink += int(hand.Waits(&hs[i&1023]))
		i++
	}
}

func BenchmarkWaitsTenpai(b *testing.B) {
	hs := tenpaiHands(1024)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink += int(hand.Waits(&hs[i&1023]))
		i++
	}
}

func BenchmarkTenpaiMeldsCount(b *testing.B) {
	hs := tenpaiHands(1024)
	var melds tile.Counts
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if hand.Tenpai(&hs[i&1023], &melds, hand.MeldsCountPolicy) {
			sink++
		}
		i++
	}
}

func BenchmarkComplete(b *testing.B) {
	hs := benchHands(1024, 14)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if hand.Complete(&hs[i&1023]) {
			sink++
		}
		i++
	}
}

func BenchmarkDecompose(b *testing.B) {
	var hs []tile.Counts
	for _, c := range tenpaiHands(4096) {
		for k := range hand.Waits(&c).All() {
			c[k]++
			hs = append(hs, c)
			break
		}
	}
	hs = hs[:1024]
	b.ReportAllocs()
	var buf []hand.Decomposition
	i := 0
	for b.Loop() {
		buf = hand.AppendDecompositions(buf[:0], &hs[i&1023])
		sink += len(buf)
		i++
	}
}
