package hand

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"io"
	"sync"

	"github.com/haifu/haifu/tile"
)

// The hand math runs on two lookup tables built once, on first use: one for
// a suit (nine kinds, runs allowed) and one for the honours (seven kinds,
// triplets and pairs only). Both are indexed by the group's counts; only
// count vectors with each count at most 4 and at most maxGroupTiles tiles in
// all occur in a hand, and the index is the rank of the vector among those
// in lexicographic order (see ranker), which keeps the suit table at 405,350
// entries (3.2 MB) instead of the 5^9 of a plain base-5 index.
//
// Each entry is a uint64:
//
//	bits  0–39  dist(s, p) for s = 0…4 sets and p = 0, 1 pairs, 4 bits each at
//	            nibble 2s+p: the fewest tiles that must be added to the group
//	            so that it contains s sets and p pairs, each kind used at most
//	            four times in all (tiles left over are discarded)
//	bit   40    the group is exactly some sets, or some sets and one pair
//	bits 41–49  the kinds of the group whose addition makes it so (bit i is
//	            the group's i-th kind; a kind held four times never is)
//	bits 52–55  the number of tiles in the group
//
// Because a complete hand's sets and pair split by group, and the cost of a
// hand's target is the sum of its groups' costs, the distance of a whole hand
// from a complete hand is the minimum over splits of the sets and the pair
// among the four groups of the sum of the groups' dist values (see
// regularDistance). This is exact: it respects the four-copy limit, so a hand
// that only waits on a fifth copy is not tenpai.
const (
	maxGroupTiles = 14
	decBit        = 40
	waitShift     = 41
	countShift    = 52
)

// ranker maps count vectors of n kinds (each count 0–4, at most
// maxGroupTiles tiles) to their rank in lexicographic order.
type ranker struct {
	n int
	// off[j][r][c] is the number of vectors that agree with the one being
	// ranked before position j and hold fewer than c at position j, given
	// that r tiles are left for positions j…. It is sized so that masked
	// indexes (r&15, c&7) need no bounds checks; the extra entries are 0.
	off  [9][16][8]uint32
	size int
}

func newRanker(n int) *ranker {
	rk := &ranker{n: n}
	// cnt[k][r] is the number of vectors of k kinds with at most r tiles.
	var cnt [10][maxGroupTiles + 1]uint32
	for r := range cnt[0] {
		cnt[0][r] = 1
	}
	for k := 1; k <= n; k++ {
		for r := 0; r <= maxGroupTiles; r++ {
			for v := 0; v <= 4 && v <= r; v++ {
				cnt[k][r] += cnt[k-1][r-v]
			}
		}
	}
	for j := range n {
		rem := n - 1 - j
		for r := 0; r <= maxGroupTiles; r++ {
			var acc uint32
			for c := range 5 {
				rk.off[j][r][c] = acc
				if c <= r {
					acc += cnt[rem][r-c]
				}
			}
		}
	}
	rk.size = int(cnt[n][maxGroupTiles])
	return rk
}

// up sets out[i] to the rank of h with one more tile of its i-th kind, or to
// −1 when that is not a vector (the kind has four tiles or h has
// maxGroupTiles). sum is the size of h.
//
// The rank of h+e_i shares the terms of h's rank before position i; after
// it, every position sees one tile less left, so a suffix sum of the
// terms with one tile less left serves all i.
func (rk *ranker) up(h []uint8, sum int, out *[9]int32) {
	n := rk.n
	var left [10]int   // tiles left for positions j… of h
	var pre [10]uint32 // the terms of h's rank before position j
	left[0] = maxGroupTiles
	for j := range n {
		pre[j+1] = pre[j] + rk.off[j][left[j]][h[j]]
		left[j+1] = left[j] - int(h[j])
	}
	var suf uint32 // the terms after position i with one tile less left
	for i := n - 1; i >= 0; i-- {
		if h[i] == 4 || sum == maxGroupTiles {
			out[i] = -1
		} else {
			out[i] = int32(pre[i] + rk.off[i][left[i]][h[i]+1] + suf)
		}
		if left[i]-1 >= int(h[i]) {
			suf += rk.off[i][left[i]-1][h[i]]
		}
	}
}

// rank returns the rank of h (len(h) == rk.n).
func (rk *ranker) rank(h []uint8) int {
	r, left := uint32(0), maxGroupTiles
	for j, v := range h {
		r += rk.off[j][left][v]
		left -= int(v)
	}
	return int(r)
}

// tables holds the two lookup tables and their rankers. It is built once
// and never changed, so it is safe for concurrent use.
type tables struct {
	suitRank, honorRank *ranker
	suit, honor         []uint64
}

// getTables returns the tables, read from their embedded copy on the
// first call (a few milliseconds, where building them takes a tenth of a
// second), or built when the copy does not fit this code.
var getTables = sync.OnceValue(func() *tables {
	t := &tables{suitRank: newRanker(9), honorRank: newRanker(7)}
	if t.suit, t.honor = decodeTables(embeddedTables, t.suitRank.size, t.honorRank.size); t.suit != nil {
		return t
	}
	t.suit = buildTable(t.suitRank, true)
	t.honor = buildTable(t.honorRank, false)
	return t
})

// embeddedTables is the suit table then the honour table as little-endian
// uint64s, gzipped; TestEmbeddedTables checks it against buildTable and
// rewrites it with -update.
//
//go:embed tables.bin.gz
var embeddedTables []byte

// decodeTables unpacks embedded tables of the given sizes, or returns nils
// when they do not unpack to exactly that.
func decodeTables(gz []byte, suitSize, honorSize int) (suit, honor []uint64) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, nil
	}
	raw := make([]byte, 8*(suitSize+honorSize)+1)
	n, err := io.ReadFull(zr, raw)
	if err != io.ErrUnexpectedEOF || n != len(raw)-1 {
		return nil, nil // shorter or longer than the tables
	}
	all := make([]uint64, suitSize+honorSize)
	for i := range all {
		all[i] = binary.LittleEndian.Uint64(raw[8*i:])
	}
	return all[:suitSize:suitSize], all[suitSize:]
}

// encodeTables packs the tables as embeddedTables holds them.
func encodeTables(suit, honor []uint64) []byte {
	raw := make([]byte, 0, 8*(len(suit)+len(honor)))
	for _, v := range suit {
		raw = binary.LittleEndian.AppendUint64(raw, v)
	}
	for _, v := range honor {
		raw = binary.LittleEndian.AppendUint64(raw, v)
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

// suitEntry returns the table entry of the suit that starts at kind base
// (0, 9 or 18). c must be valid (see checkCounts).
func (t *tables) suitEntry(c *tile.Counts, base int) uint64 {
	h := (*[9]uint8)(c[base : base+9])
	off := &t.suitRank.off
	r, left := uint32(0), maxGroupTiles
	for j, v := range h {
		r += off[j][left&15][v&7]
		left -= int(v)
	}
	return t.suit[r]
}

// honorEntry returns the table entry of the honours of c.
func (t *tables) honorEntry(c *tile.Counts) uint64 {
	h := (*[7]uint8)(c[tile.East:])
	off := &t.honorRank.off
	r, left := uint32(0), maxGroupTiles
	for j, v := range h {
		r += off[j][left&15][v&7]
		left -= int(v)
	}
	return t.honor[r]
}

// buildTable builds the table of a group of rk.n kinds; runs says whether
// three consecutive kinds form a set.
func buildTable(rk *ranker, runs bool) []uint64 {
	n, size := rk.n, rk.size
	// All vectors in rank order, n bytes each, and their sizes.
	vecs := make([]uint8, 0, size*n)
	sums := make([]uint8, 0, size)
	var h [9]uint8
	for {
		vecs = append(vecs, h[:n]...)
		sum := 0
		for _, v := range h[:n] {
			sum += int(v)
		}
		sums = append(sums, uint8(sum))
		// Next vector in lexicographic order: increment the last position
		// that can take one more tile, clear the positions after it.
		j := n - 1
		for ; j >= 0; j-- {
			sum -= int(h[j])
			if h[j] < 4 && sum+int(h[j])+1 <= maxGroupTiles {
				h[j]++
				break
			}
			h[j] = 0
		}
		if j < 0 {
			break
		}
	}
	if len(sums) != size {
		panic("hand: table enumeration disagrees with the ranker")
	}
	vec := func(r int) []uint8 { return vecs[r*n : r*n+n] }

	// sub[r] bit 2s+p: the vector is contained in some target of s sets
	// and p pairs (each count at most 4). Mark the targets, then pass the
	// bits down to every vector with one tile fewer.
	sub := make([]uint16, size)
	markTargets(rk, runs, sub)
	var up [9]int32
	for r := size - 1; r >= 0; r-- {
		rk.up(vec(r), int(sums[r]), &up)
		for _, u := range up[:n] {
			if u >= 0 {
				sub[r] |= sub[u]
			}
		}
	}
	// A vector of 3s+2p tiles contained in a target of that size is one.
	dec := func(r int) bool {
		sum := int(sums[r])
		return sum%3 != 1 && sub[r]&(1<<(sum/3*2+sum%3/2)) != 0
	}

	// most[r], lane 2s+p (six bits a lane): the most tiles of the vector
	// that some target of s sets and p pairs contains. It is the vector's
	// size when the vector is contained in one; otherwise one of its tiles
	// is not used, so it is the best over the vectors with one tile fewer,
	// which push their values up before the vector is reached.
	const guards = 0x820820820820820 // bit 5 of each of the 10 lanes
	most := make([]uint64, size)
	table := make([]uint64, size)
	for r := range size {
		var own uint64
		for sp := range 10 {
			if sub[r]&(1<<sp) != 0 {
				own |= uint64(sums[r]) << (6 * sp)
			}
		}
		m := laneMax(most[r], own, guards)
		e := uint64(sums[r]) << countShift
		if dec(r) {
			e |= 1 << decBit
		}
		rk.up(vec(r), int(sums[r]), &up)
		for i, u := range up[:n] {
			if u < 0 {
				continue
			}
			most[u] = laneMax(most[u], m, guards)
			if dec(int(u)) {
				e |= 1 << (waitShift + i)
			}
		}
		for s := range 5 {
			for p := range 2 {
				sp := 2*s + p
				d := 3*s + 2*p - int(m>>(6*sp)&63)
				e |= uint64(d) << (4 * sp)
			}
		}
		table[r] = e
	}
	return table
}

// laneMax returns the lane-wise maximum of a and b, whose lanes are six bits
// wide with values below 32 (guards has bit 5 of each lane set).
func laneMax(a, b, guards uint64) uint64 {
	ge := ((a | guards) - b) & guards // lane's guard bit: a ≥ b
	mask := (ge >> 5) * 31
	return a&mask | b&^mask
}

// markTargets sets bit 2s+p of sub[rank] for every target of s sets and p
// pairs (s ≤ 4, p ≤ 1) in a group of rk.n kinds, each kind used at most
// four times.
func markTargets(rk *ranker, runs bool, sub []uint16) {
	n := rk.n
	type set struct {
		first int
		run   bool
	}
	var sets []set
	for i := range n {
		sets = append(sets, set{i, false})
	}
	if runs {
		for i := 0; i+2 < n; i++ {
			sets = append(sets, set{i, true})
		}
	}
	var mark func(h []uint8, next, s, p int)
	mark = func(h []uint8, next, s, p int) {
		sub[rk.rank(h)] |= 1 << (2*s + p)
		if s == 4 {
			return
		}
		for i := next; i < len(sets); i++ {
			st := sets[i]
			if st.run {
				if h[st.first] == 4 || h[st.first+1] == 4 || h[st.first+2] == 4 {
					continue
				}
				h[st.first]++
				h[st.first+1]++
				h[st.first+2]++
				mark(h, i, s+1, p)
				h[st.first]--
				h[st.first+1]--
				h[st.first+2]--
			} else if h[st.first] <= 1 {
				h[st.first] += 3
				mark(h, i, s+1, p)
				h[st.first] -= 3
			}
		}
	}
	var t [9]uint8
	mark(t[:n], 0, 0, 0)
	for i := range n {
		t[i] = 2
		mark(t[:n], 0, 0, 1)
		t[i] = 0
	}
}
