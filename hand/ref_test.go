package hand_test

// A second, plain implementation of the hand math, to check the table-driven
// one against. Nothing here is clever: complete hands are found by splitting
// tiles recursively, waits by trying every kind, and the shanten number by
// its definition, the fewest tiles to add to the hand to contain a complete
// hand (each kind used at most four times), minus one.

import (
	"slices"

	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// refSets reports whether c splits into sets only (it is restored).
func refSets(c *tile.Counts) bool {
	k := 0
	for k < tile.NumKinds && c[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		return true
	}
	if c[k] >= 3 {
		c[k] -= 3
		ok := refSets(c)
		c[k] += 3
		if ok {
			return true
		}
	}
	if k < 27 && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
		c[k]--
		c[k+1]--
		c[k+2]--
		ok := refSets(c)
		c[k]++
		c[k+1]++
		c[k+2]++
		if ok {
			return true
		}
	}
	return false
}

// refRegularComplete reports whether c is sets and one pair.
func refRegularComplete(c tile.Counts) bool {
	if c.Total()%3 != 2 {
		return false
	}
	for k := range c {
		if c[k] >= 2 {
			c[k] -= 2
			ok := refSets(&c)
			c[k] += 2
			if ok {
				return true
			}
		}
	}
	return false
}

var yaochu = []tile.Kind{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

// refComplete reports whether c is complete in any form.
func refComplete(c tile.Counts) bool {
	if refRegularComplete(c) {
		return true
	}
	if c.Total() != 14 {
		return false
	}
	pairs := 0
	for _, n := range c {
		if n == 2 {
			pairs++
		}
	}
	if pairs == 7 {
		return true
	}
	d := c
	for _, k := range yaochu {
		if d[k] == 0 {
			return false
		}
		d[k]--
	}
	for _, k := range yaochu {
		if d[k] == 1 && d.Total() == 1 {
			return true
		}
	}
	return false
}

// refWaits tries every kind of which c holds fewer than four.
func refWaits(c tile.Counts) hand.KindSet {
	var w hand.KindSet
	if c.Total()%3 != 1 {
		return 0
	}
	for k := range tile.Kind(tile.NumKinds) {
		if c[k] < 4 {
			c[k]++
			if refComplete(c) {
				w.Add(k)
			}
			c[k]--
		}
	}
	return w
}

// refGroupCost returns, for the group of kinds h, the fewest tiles to add
// to it so that it contains s sets and p pairs (index 2s+p), each kind used
// at most limit times. It tries every target: for each kind in turn, how
// many triplets, runs starting there (if runs) and pairs (0 or 1) it holds;
// a kind's target count is those plus the runs started on the two kinds
// before it, and the cost of a kind is what its target count exceeds the
// hand's. Searches from the same kind, pending runs and sets and pair still
// to place give the same answer, so they are remembered.
func refGroupCost(h []uint8, runs bool, limit int) [10]int {
	const inf = 99
	// memo[i][run1][run2][s][p]: the cost of kinds i… when run1 runs were
	// started at i−1, run2 at i−2, and s sets and p pairs are still to be
	// placed; 0 means not computed yet, else cost+1.
	var memo [10][5][5][5][2]uint8
	var cost func(i, run1, run2, s, p int) int
	cost = func(i, run1, run2, s, p int) int {
		if i == len(h) {
			if run1 == 0 && run2 == 0 && s == 0 && p == 0 {
				return 0
			}
			return inf
		}
		if m := int(memo[i][run1][run2][s][p]); m != 0 {
			return m - 1
		}
		best := inf
		for trip := 0; trip <= s; trip++ {
			for r := 0; trip+r <= s; r++ {
				if r > 0 && (!runs || i+2 >= len(h)) {
					break
				}
				for q := 0; q <= p; q++ {
					want := run1 + run2 + 3*trip + r + 2*q
					if want > limit {
						continue
					}
					c := max(0, want-int(h[i])) + cost(i+1, r, run1, s-trip-r, p-q)
					best = min(best, c)
				}
			}
		}
		memo[i][run1][run2][s][p] = uint8(best + 1)
		return best
	}
	var out [10]int
	for s := range 5 {
		for p := range 2 {
			out[2*s+p] = cost(0, 0, 0, s, p)
		}
	}
	return out
}

// refShanten computes shanten numbers by the definition, remembering each
// group's costs.
type refShanten struct {
	memo [2]map[[10]uint8][10]int // by limit 4 (exact) and 14 (no limit)
}

func newRefShanten() *refShanten {
	return &refShanten{memo: [2]map[[10]uint8][10]int{{}, {}}}
}

func (r *refShanten) group(c *tile.Counts, g int, textbook bool) [10]int {
	var key [10]uint8
	n, base := 9, 9*g
	if g == 3 {
		n = 7
	}
	copy(key[:], c[base:base+n])
	key[9] = uint8(g / 3) // honours have no runs
	limit, m := 4, r.memo[0]
	if textbook {
		limit, m = 14, r.memo[1]
	}
	if v, ok := m[key]; ok {
		return v
	}
	v := refGroupCost(key[:n], g < 3, limit)
	m[key] = v
	return v
}

// regular returns the regular shanten number of c with melds melds; with
// textbook set, a kind may be used more than four times (the usual count of
// sets and partial sets, which waits on fifth tiles).
func (r *refShanten) regular(c *tile.Counts, melds int, textbook bool) int {
	k := 4 - melds
	var g [4][10]int
	for i := range g {
		g[i] = r.group(c, i, textbook)
	}
	best := 99
	for s0 := 0; s0 <= k; s0++ {
		for s1 := 0; s0+s1 <= k; s1++ {
			for s2 := 0; s0+s1+s2 <= k; s2++ {
				s3 := k - s0 - s1 - s2
				for pg := range 4 {
					ss := [4]int{s0, s1, s2, s3}
					cost := 0
					for i := range 4 {
						p := 0
						if i == pg {
							p = 1
						}
						cost += g[i][2*ss[i]+p]
					}
					best = min(best, cost)
				}
			}
		}
	}
	return best - 1
}

// refSevenPairs keeps the seven kinds with the most tiles (at most two
// each count) and adds what is missing.
func refSevenPairs(c *tile.Counts) int {
	have := make([]int, 0, tile.NumKinds)
	for _, n := range c {
		have = append(have, min(int(n), 2))
	}
	slices.Sort(have)
	slices.Reverse(have)
	cost := 0
	for _, n := range have[:7] {
		cost += 2 - n
	}
	return cost - 1
}

// refThirteenOrphans tries each kind as the doubled one.
func refThirteenOrphans(c *tile.Counts) int {
	best := 99
	for _, d := range yaochu {
		cost := 0
		for _, k := range yaochu {
			want := 1
			if k == d {
				want = 2
			}
			cost += max(0, want-int(c[k]))
		}
		best = min(best, cost)
	}
	return best - 1
}

// refDecompositions lists every reading of c as sets and a pair, in
// canonical text (sets sorted), by trying sets in any order and removing
// duplicates.
func refDecompositions(c tile.Counts, melds int) []string {
	seen := map[string]bool{}
	var out []string
	var sets []string
	var rec func(pair tile.Kind)
	rec = func(pair tile.Kind) {
		if c.Total() == 0 {
			if len(sets) != 4-melds {
				return
			}
			ss := slices.Clone(sets)
			slices.Sort(ss)
			key := ""
			for _, s := range ss {
				key += s + " "
			}
			key += tile.FormatTiles([]tile.Tile{tile.Of(pair), tile.Of(pair)})
			if !seen[key] {
				seen[key] = true
				out = append(out, key)
			}
			return
		}
		for k := range tile.Kind(tile.NumKinds) {
			if c[k] >= 3 {
				c[k] -= 3
				sets = append(sets, hand.Set{Kind: hand.Triplet, First: k}.String())
				rec(pair)
				sets = sets[:len(sets)-1]
				c[k] += 3
			}
			if k < 27 && k%9 <= 6 && c[k] > 0 && c[k+1] > 0 && c[k+2] > 0 {
				c[k]--
				c[k+1]--
				c[k+2]--
				sets = append(sets, hand.Set{Kind: hand.Run, First: k}.String())
				rec(pair)
				sets = sets[:len(sets)-1]
				c[k]++
				c[k+1]++
				c[k+2]++
			}
		}
	}
	for p := range tile.Kind(tile.NumKinds) {
		if c[p] >= 2 {
			c[p] -= 2
			rec(p)
			c[p] += 2
		}
	}
	slices.Sort(out)
	return out
}
