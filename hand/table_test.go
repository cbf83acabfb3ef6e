package hand

import "testing"

// TestRanker checks that the rank of every vector is its position in
// lexicographic order (buildTable enumerates them in that order).
func TestRanker(t *testing.T) {
	for _, n := range []int{7, 9} {
		rk := newRanker(n)
		var h [9]uint8
		next := 0
		var walk func(i, left int)
		walk = func(i, left int) {
			if i == n {
				if r := rk.rank(h[:n]); r != next {
					t.Fatalf("rank(%v) = %d, want %d", h[:n], r, next)
				}
				next++
				return
			}
			for v := 0; v <= 4 && v <= left; v++ {
				h[i] = uint8(v)
				walk(i+1, left-v)
			}
			h[i] = 0
		}
		walk(0, maxGroupTiles)
		if next != rk.size {
			t.Errorf("%d kinds: %d vectors, ranker size %d", n, next, rk.size)
		}
	}
}

func BenchmarkBuildTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		buildTable(newRanker(9), true)
		buildTable(newRanker(7), false)
	}
}
