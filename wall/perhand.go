package wall

import "github.com/haifu/haifu/event"

// The hands of a per-hand game (era 1) each start a generator of their
// own with init_by_array, a chain of 1,247 dependent multiplications that
// takes longer than the rest of the hand. With AVX-512 (mtFirst16) the
// Checker starts up to sixteen of them at once, one per 32-bit lane: the
// generators of the next hands of the game, which it keeps in a
// perHandBatch until their RoundStart comes.

// perHandLanes is the number of per-hand generators started at once.
const perHandLanes = 16

// perHandBatch holds the rnd words (the first Size+1 outputs) of up to
// perHandLanes hands of a per-hand game.
type perHandBatch struct {
	refs [perHandLanes]int // the Round of each lane, -1 for none
	rnd  [perHandLanes][rndWords]uint32
	// mtFirst16's state, keys and output, interleaved by lane.
	st  [mtN][perHandLanes]uint32
	kj  [hexWords][perHandLanes]uint32
	out [Size4 + 1][perHandLanes]uint32
}

// reset empties b.
func (b *perHandBatch) reset() {
	for i := range b.refs {
		b.refs[i] = -1
	}
}

// lookup returns the rnd words of Round ref, or nil when b does not hold
// them.
func (b *perHandBatch) lookup(ref int) *[rndWords]uint32 {
	for l, r := range b.refs {
		if r == ref {
			return &b.rnd[l]
		}
	}
	return nil
}

// fill makes the rnd words of Round first of g, whose seed key is key (a
// per-hand seed's), and of the next Rounds whose seeds read as per-hand
// seeds with keys of the same length, up to perHandLanes, for players (3
// or 4).
func (b *perHandBatch) fill(g *event.Game, first int, key []uint32, players int) {
	b.reset()
	n := len(key)
	lanes := 0
	add := func(ref int, key []uint32) {
		b.refs[lanes] = ref
		for j, k := range key {
			b.kj[j][lanes] = k + uint32(j)
		}
		lanes++
	}
	add(first, key)
	var s Seed
	for ref := first + 1; ref < len(g.Rounds) && ref < first+2*perHandLanes && lanes < perHandLanes; ref++ {
		if s.Parse(g.Rounds[ref].Shuffle) == nil && s.Form == FormPerHand && len(s.Key()) == n {
			add(ref, s.Key())
		}
	}
	for l := lanes; l < perHandLanes; l++ {
		for j := range n {
			b.kj[j][l] = 0 // an unused lane
		}
	}
	words := Size4 + 1
	if players == 3 {
		words = Size3 + 1
	}
	mtFirst16(&b.out[0][0], &b.st[0][0], &b.kj[0][0], n, words, &genrandInit[0])
	for l := range lanes {
		r := &b.rnd[l]
		for k := range words {
			r[k] = b.out[k][l]
		}
	}
}

// perHandWall sets w to the wall of a per-hand seed's hand from its rnd
// words, as Generator.Next does with im.
func perHandWall(w *Wall, rnd *[rndWords]uint32, players int, im impl) {
	size := Size4
	if players == 3 {
		size = Size3
	}
	makeWall(w, rnd, players, FormPerHand, rnd[size-1], rnd[size], im)
}
