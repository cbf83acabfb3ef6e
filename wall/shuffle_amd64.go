package wall

import "github.com/haifu/haifu/tile"

// modTable holds, for a wall of size tiles, the divisors of the shuffle
// (d[i] = size − i, 1 past i = size − 2), their inverses in double
// precision and the indexes i, as shuffleJ reads them.
type modTable struct {
	inv [rndWords]float64
	d   [rndWords]uint32
	i   [rndWords]uint32
}

// modTables are the tables of the four-player and the sanma walls.
var modTables = [2]*modTable{newModTable(Size4), newModTable(Size3)}

func newModTable(size int) *modTable {
	t := new(modTable)
	for i := range t.d {
		t.d[i] = uint32(max(size-i, 1))
		t.inv[i] = 1 / float64(t.d[i])
		t.i[i] = uint32(i)
	}
	return t
}

// shuffleJ computes groups×8 swap indexes js[i] = i + rnd[i] mod d[i]
// (see shuffle_amd64.s).
//
//go:noescape
func shuffleJ(js *uint8, rnd *uint32, t *modTable, groups int)

// shuffleAVX512 is shuffleGeneric with the swap indexes computed eight at
// a time with AVX-512.
func shuffleAVX512(y *[tile.NumIDs]tile.ID, rnd *[rndWords]uint32, size int) {
	t := modTables[0]
	if size == Size4 {
		*y = unshuffled[0]
	} else {
		*y = unshuffled[1]
		size, t = Size3, modTables[1]
	}
	var js [rndWords]uint8
	shuffleJ(&js[0], &rnd[0], t, (size-1+7)/8)
	ys := y[:size]
	for i := 0; i < len(ys)-1; i++ {
		j := js[i]
		ys[i], ys[j] = ys[j], ys[i]
	}
}
