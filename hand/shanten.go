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

// The costs of a group or of merged groups are handled as two words of
// five byte lanes: lane s of the first is the cost of s sets, lane s of the
// second the cost of s sets and a pair. A table entry holds them as
// interleaved nibbles, so entry&lanes5 is the first word and
// entry>>4&lanes5 the second. Every cost of a valid split of s sets and p
// pairs is at most 3s+2p ≤ 14, so lanes never carry into each other.
const (
	lanes5 = 0x0f0f0f0f0f // the low nibble of lanes 0–4
	ones5  = 0x0101010101 // 1 in lanes 0–4
	inf    = 0x3f         // a lane value above every cost
)

// infBelow[i] is inf in lanes 0…i−1; infAbove[k] is inf in lanes k+1…7.
var (
	infBelow = [5]uint64{0, 0x3f, 0x3f3f, 0x3f3f3f, 0x3f3f3f3f}
	infAbove = [5]uint64{
		0x3f3f3f3f3f3f3f00, 0x3f3f3f3f3f3f0000, 0x3f3f3f3f3f000000,
		0x3f3f3f3f00000000, 0x3f3f3f0000000000,
	}
)

// laneMin8 returns the lane-wise minimum of x and y, whose byte lanes are
// below 0x80.
func laneMin8(x, y uint64) uint64 {
	ge := ((x | msb8) - y) & msb8 // lane's bit 7: x ≥ y
	m := (ge >> 7) * 0x7f
	return y&m | x&^m
}

// merge returns the best costs over two groups (see lanes5): lane s of x0
// is the least a0[i]+b0[s−i], and lane s of x1 the least a0[i]+b1[s−i]
// or a1[i]+b0[s−i]. Lanes 5–7 of the results are not meaningful.
func merge(a0, a1, b0, b1 uint64) (x0, x1 uint64) {
	// i = 0: every lane s takes a[0] + b[s].
	x0 = b0 + (a0&15)*ones5
	x1 = laneMin8(b1+(a0&15)*ones5, b0+(a1&15)*ones5)
	for i := 1; i < 5; i++ {
		// b shifted up by i lanes gives b[s−i] in lane s; the lanes below
		// i have no such split. In x0 they may stay at a0[i]: costs grow
		// with the number of sets, so a0[i] ≥ a0[s] ≥ x0's lane s.
		c0, c1 := a0>>(8*i)&15*ones5, a1>>(8*i)&15*ones5
		s0 := b0 << (8 * i)
		s1 := b1<<(8*i) | infBelow[i]
		x0 = laneMin8(x0, s0+c0)
		x1 = laneMin8(x1, laneMin8(s1+c0, (s0|infBelow[i])+c1))
	}
	return x0, x1
}

// regularDistance returns the fewest tiles that must be added to c (and as
// many discarded) to hold k sets and a pair.
func regularDistance(t *tables, c *tile.Counts, k int) int {
	e := groupEntries(t, c)
	// Merge man with pin and sou with the honours, then take the best split
	// of k sets and the pair between the two halves: lane i of the
	// byte-reversed, shifted second half holds its cost of k−i sets.
	m0, m1 := merge(e[0]&lanes5, e[0]>>4&lanes5, e[1]&lanes5, e[1]>>4&lanes5)
	h0, h1 := merge(e[2]&lanes5, e[2]>>4&lanes5, e[3]&lanes5, e[3]>>4&lanes5)
	shift := uint(8 * (7 - k))
	r0 := bits.ReverseBytes64(h0&0xffffffffff) >> shift
	r1 := bits.ReverseBytes64(h1&0xffffffffff) >> shift
	x := laneMin8(m0+r1, m1+r0) | infAbove[k]
	x = laneMin8(x, x>>32)
	x = laneMin8(x, x>>16)
	x = laneMin8(x, x>>8)
	return int(x & 0x7f)
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
	// The terminal and honour bytes of c's four words; c[32] and c[33] are
	// honours too. Counts are 0–4: three bits per byte.
	masks := [4]uint64{0x01, 0x0101, 0x010100, 0x0101010101010000}
	var kinds int
	var pairs uint64
	for i, m := range masks {
		w := binary.LittleEndian.Uint64(c[8*i:])
		kinds += bits.OnesCount64((w | w>>1 | w>>2) & m)
		pairs |= (w>>1 | w>>2) & m
	}
	tail := uint64(c[32]) | uint64(c[33])<<8
	kinds += bits.OnesCount64((tail | tail>>1 | tail>>2) & 0x0101)
	pairs |= (tail>>1 | tail>>2) & 0x0101
	pair := 0
	if pairs != 0 {
		pair = 1
	}
	return 13 - kinds - pair
}
