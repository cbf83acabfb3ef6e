package hand

import (
	"iter"
	"math/bits"

	"github.com/haifu/haifu/tile"
)

// KindSet is a set of tile kinds: bit k is kind k. The zero KindSet is
// empty. Sets combine with the bit operators: s|t is the union, s&t the
// intersection, s&^t the difference.
type KindSet uint64

// allKinds has the bits of the 34 kinds.
const allKinds KindSet = 1<<tile.NumKinds - 1

// KindSetOf returns the set of the given kinds; invalid kinds are ignored.
func KindSetOf(ks ...tile.Kind) KindSet {
	var s KindSet
	for _, k := range ks {
		s.Add(k)
	}
	return s
}

// KindsOf returns the set of kinds of which c holds at least one tile.
func KindsOf(c *tile.Counts) KindSet {
	var s KindSet
	for k, n := range c {
		if n > 0 {
			s |= 1 << k
		}
	}
	return s
}

// Has reports whether k is in s.
func (s KindSet) Has(k tile.Kind) bool { return k < tile.NumKinds && s&(1<<k) != 0 }

// Add adds k to s; an invalid kind is ignored.
func (s *KindSet) Add(k tile.Kind) {
	if k < tile.NumKinds {
		*s |= 1 << k
	}
}

// Remove removes k from s.
func (s *KindSet) Remove(k tile.Kind) {
	if k < tile.NumKinds {
		*s &^= 1 << k
	}
}

// Len returns the number of kinds in s.
func (s KindSet) Len() int { return bits.OnesCount64(uint64(s & allKinds)) }

// All returns the kinds in s in ascending order.
func (s KindSet) All() iter.Seq[tile.Kind] {
	return func(yield func(tile.Kind) bool) {
		for v := uint64(s & allKinds); v != 0; v &= v - 1 {
			if !yield(tile.Kind(bits.TrailingZeros64(v))) {
				return
			}
		}
	}
}

// String returns s in compact mpsz notation in ascending order, such as
// "147m25p"; the empty set is "".
func (s KindSet) String() string {
	var ts []tile.Tile
	for k := range s.All() {
		ts = append(ts, tile.Of(k))
	}
	return tile.FormatTiles(ts)
}
