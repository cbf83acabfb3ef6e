package wall

import (
	"math/bits"

	"github.com/haifu/haifu/tile"
)

// shuffleGeneric sets y to the wall of size tiles that rnd gives
// (docs/tenhou-formats.md §3.1 step 5, §3.3): the tiles in ascending order,
// then a forward Fisher–Yates shuffle, j = i + rnd[i] mod (size − i). It is
// the general path, with the hardware division.
func shuffleGeneric(y *[tile.NumIDs]tile.ID, rnd *[rndWords]uint32, size int) {
	if size == Size4 {
		for i := range y {
			y[i] = tile.ID(i)
		}
	} else {
		// Sanma: 1m (ids 0–3) and 9m up (32–135); 2m–8m are not used.
		for i := range 4 {
			y[i] = tile.ID(i)
		}
		for i := 4; i < size; i++ {
			y[i] = tile.ID(i + 28)
		}
		for i := size; i < len(y); i++ {
			y[i] = 0
		}
	}
	for i := range size - 1 {
		j := i + int(rnd[i]%uint32(size-i))
		y[i], y[j] = y[j], y[i]
	}
}

// shuffle is shuffleGeneric without divisions: the tiles in ascending
// order are copied from unshuffled, and each rnd[i] mod (size − i) is
// computed with that divisor's reciprocal (fastmod).
func shuffle(y *[tile.NumIDs]tile.ID, rnd *[rndWords]uint32, size int) {
	if size == Size4 {
		*y = unshuffled[0]
	} else {
		*y = unshuffled[1]
		size = Size3
	}
	ys := y[:size]
	m := fastmodM[:size+1]
	for i := 0; i < len(ys)-1; i++ {
		d := len(ys) - i
		j := i + int(fastmod(rnd[i], m[d], uint32(d)))
		ys[i], ys[j] = ys[j], ys[i]
	}
}

// unshuffled holds the four-player and the sanma tiles in ascending order,
// as shuffleGeneric starts.
var unshuffled = func() (u [2][tile.NumIDs]tile.ID) {
	var rnd [rndWords]uint32 // all 0: every tile stays
	shuffleGeneric(&u[0], &rnd, Size4)
	shuffleGeneric(&u[1], &rnd, Size3)
	return u
}()

// fastmodM holds, for each divisor d = 1 … 136, the reciprocal
// ⌈2⁶⁴ / d⌉ (wrapped to 0 for d = 1) of Lemire's fastmod.
var fastmodM = func() (m [tile.NumIDs + 1]uint64) {
	for d := 1; d < len(m); d++ {
		m[d] = ^uint64(0)/uint64(d) + 1
	}
	return m
}()

// fastmod returns x mod d for d ≥ 1 whose reciprocal is m (fastmodM[d]):
// the high word of (m·x mod 2⁶⁴)·d, exact for every 32-bit x and d
// (Lemire, Kaser and Kurz, "Faster remainder by direct computation",
// 2019).
func fastmod(x uint32, m uint64, d uint32) uint32 {
	hi, _ := bits.Mul64(m*uint64(x), uint64(d))
	return uint32(hi)
}
