package hand

import (
	"encoding/binary"
	"math/bits"

	"github.com/haifu/haifu/tile"
)

// MaxTiles is the most tiles a concealed hand holds.
const MaxTiles = 14

const (
	lsb8 = 0x0101010101010101
	msb8 = 0x8080808080808080
)

// checkCounts returns the number of tiles in c. It panics when c holds more
// than four tiles of a kind or more than MaxTiles tiles: such a value is not
// a hand, and passing one is a bug in the caller.
func checkCounts(c *tile.Counts) int {
	var bad, sum uint64
	for i := 0; i < 32; i += 8 {
		w := binary.LittleEndian.Uint64(c[i:])
		// A byte is bad when its high bit is set or its low seven bits
		// reach 5 (0x7b + 5 = 0x80; no carry leaves the byte).
		bad |= (w | (w&^msb8 + 0x7b*lsb8)) & msb8
		sum += (w & (7 * lsb8)) * lsb8 >> 56
	}
	w := uint64(c[32]) | uint64(c[33])<<8
	bad |= (w | (w&^msb8 + 0x7b7b)) & 0x8080
	sum += uint64(c[32]) + uint64(c[33])
	if bad != 0 || sum > MaxTiles {
		panic("hand: invalid hand " + c.String() + ": more than four of a kind or more than 14 tiles")
	}
	return int(sum)
}

func checkMelds(melds int) {
	if melds < 0 || melds > 4 {
		panic("hand: number of melds out of range 0–4")
	}
}

// Shanten returns the hand's shanten number: the fewest tiles it must draw
// (each replacing one of its tiles) to be tenpai, counting every form: four
// sets and a pair, and when melds is 0 also seven pairs and thirteen orphans.
// It is 0 for a tenpai hand of 3n+1 tiles and −1 for a complete hand of
// 3n+2 tiles.
//
// c is the concealed part of the hand and melds the number of melds the
// player has called or declared (chi, pon and kans; not kita): c should hold
// 13−3×melds or 14−3×melds tiles. With fewer tiles the result counts the
// missing ones as tiles still to draw; with more, the extra tiles are
// discarded.
//
// The count is exact: a target hand never uses a fifth copy of a kind. A
// hand whose only wait is a kind it already holds four of (1111m234p567s789s)
// is therefore 1-shanten, not tenpai, whereas the textbook count of sets and
// partial sets calls it tenpai. Copies in melds or elsewhere on the table are
// not considered (see CountingWaits for that).
//
// Shanten panics if c holds more than four of a kind or more than 14 tiles,
// or if melds is not 0–4. It does not allocate and is safe for concurrent
// use.
func Shanten(c *tile.Counts, melds int) int {
	s := RegularShanten(c, melds)
	if melds == 0 {
		s = min(s, sevenPairsShanten(c), thirteenOrphansShanten(c))
	}
	return s
}

// RegularShanten returns the shanten number of c for the form of four sets
// and a pair, of which melds sets are already called. See Shanten for the
// arguments and the meaning.
func RegularShanten(c *tile.Counts, melds int) int {
	checkCounts(c)
	checkMelds(melds)
	return regularDistance(getTables(), c, 4-melds) - 1
}

// regularDistance returns the fewest tiles that must be added to c (and as
// many discarded) to hold k sets and a pair.
func regularDistance(t *tables, c *tile.Counts, k int) int {
	em := t.suitEntry(c, 0)
	ep := t.suitEntry(c, 9)
	es := t.suitEntry(c, 18)
	ez := t.honorEntry(c)
	// a0[s], a1[s]: the best cost of s sets (and a pair) over the groups
	// merged so far.
	var a0, a1 [5]int
	for s := 0; s <= k; s++ {
		a0[s], a1[s] = dist(ez, s, 0), dist(ez, s, 1)
	}
	for _, e := range [2]uint64{em, ep} {
		var b0, b1 [5]int
		for s := 0; s <= k; s++ {
			x0, x1 := 99, 99
			for i := 0; i <= s; i++ {
				d0, d1 := dist(e, s-i, 0), dist(e, s-i, 1)
				x0 = min(x0, a0[i]+d0)
				x1 = min(x1, a0[i]+d1, a1[i]+d0)
			}
			b0[s], b1[s] = x0, x1
		}
		a0, a1 = b0, b1
	}
	best := 99
	for i := 0; i <= k; i++ {
		best = min(best, a0[i]+dist(es, k-i, 1), a1[i]+dist(es, k-i, 0))
	}
	return best
}

// SevenPairsShanten returns the shanten number of c for seven pairs
// (chiitoitsu): seven different kinds, two of each. Four tiles of a kind are
// one pair and two tiles to discard, not two pairs. c should be a closed hand
// of 13 or 14 tiles. It panics on the hands Shanten panics on.
func SevenPairsShanten(c *tile.Counts) int {
	checkCounts(c)
	return sevenPairsShanten(c)
}

func sevenPairsShanten(c *tile.Counts) int {
	var kinds, pairs int
	for i := 0; i < 32; i += 8 {
		w := binary.LittleEndian.Uint64(c[i:]) // counts 0–4: three bits each
		kinds += bits.OnesCount64((w | w>>1 | w>>2) & lsb8)
		pairs += bits.OnesCount64((w>>1 | w>>2) & lsb8)
	}
	for _, n := range c[32:] {
		if n > 0 {
			kinds++
		}
		if n > 1 {
			pairs++
		}
	}
	// Keep the (up to seven) pairs, complete singles to pairs, add new
	// pairs for what is still missing.
	pairs = min(pairs, 7)
	return 6 - pairs + max(0, 7-kinds)
}

// terminalsAndHonors lists the 13 kinds of thirteen orphans.
var terminalsAndHonors = [13]tile.Kind{
	tile.Man1, tile.Man9, tile.Pin1, tile.Pin9, tile.Sou1, tile.Sou9,
	tile.East, tile.South, tile.West, tile.North, tile.Haku, tile.Hatsu, tile.Chun,
}

// ThirteenOrphansShanten returns the shanten number of c for thirteen
// orphans (kokushi musou): one of each terminal and honour and a second of
// one of them. c should be a closed hand of 13 or 14 tiles. It panics on the
// hands Shanten panics on.
func ThirteenOrphansShanten(c *tile.Counts) int {
	checkCounts(c)
	return thirteenOrphansShanten(c)
}

func thirteenOrphansShanten(c *tile.Counts) int {
	kinds, pair := 0, 0
	for _, k := range terminalsAndHonors {
		if c[k] > 0 {
			kinds++
			if c[k] > 1 {
				pair = 1
			}
		}
	}
	return 13 - kinds - pair
}
