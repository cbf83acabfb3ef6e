package wall

import "errors"

// Per-hand generator sizes (docs/tenhou-formats.md §3.1).
const (
	srcWords = 288 // MT words drawn per hand ("n288")
	rndWords = 144 // words of the nine SHA-512 digests
	chunk    = 32  // MT words hashed per digest
	// unusedSanmaDigest is the digest (rnd[112..127]) that sanma walls
	// do not use.
	unusedSanmaDigest = 7
)

// ErrNoSeed is returned by Generator.Start for a Seed that holds no key
// (the zero Seed).
var ErrNoSeed = errors.New("wall: no seed")

// ErrPlayers is returned by Generator.Start for a player count that is
// neither 3 nor 4.
var ErrPlayers = errors.New("wall: players must be 3 or 4")

// Generator rebuilds the walls of a seed, hand after hand. The zero
// Generator must be started with Start. A Generator holds about 5 KB and
// allocates nothing; it is not safe for concurrent use.
type Generator struct {
	im      impl // the implementation of its steps
	mt      mt19937
	seed    *Seed
	form    Form
	players int
	hands   int // hands generated since Start
	src     [srcWords]uint32
	rnd     [rndWords]uint32
}

// Start prepares the walls of seed for a game of players (3 or 4): for a
// game seed (base64, hex) the generator of the whole game, whose
// successive Next calls give the hands in play order (every INIT, repeated
// hands included); for a per-hand seed the generator of that hand alone.
// The Generator keeps a pointer to seed, which must not change until the
// next Start.
func (g *Generator) Start(seed *Seed, players int) error {
	if seed == nil || seed.n == 0 || seed.Form == FormNone || seed.Form >= FormOther {
		return ErrNoSeed
	}
	if players != 3 && players != 4 {
		return ErrPlayers
	}
	g.seed, g.form, g.players, g.hands = seed, seed.Form, players, 0
	g.mt.im = g.im
	g.mt.initByArray(seed.Key())
	return nil
}

// Hands returns the number of walls generated since Start.
func (g *Generator) Hands() int { return g.hands }

// Next generates the next hand's wall into w. For a per-hand seed every
// call gives the same wall, the one of its hand. Next panics if the
// Generator was not started.
func (g *Generator) Next(w *Wall) {
	if g.seed == nil {
		panic("wall: Generator.Next before Start")
	}
	size := Size4
	if g.players == 3 {
		size = Size3
	}
	var d1, d2 uint32
	if g.form == FormPerHand {
		// Era 1: a fresh generator per hand, its raw output as rnd; the
		// dice are the two words after the shuffle's.
		if g.hands > 0 {
			g.mt.initByArray(g.seed.Key())
		}
		g.mt.fill(g.rnd[:size+1])
		d1, d2 = g.rnd[size-1], g.rnd[size]
	} else {
		g.mt.fill(g.src[:])
		hashChunks(&g.rnd, &g.src, size, g.im)
		d1, d2 = g.rnd[135], g.rnd[136]
	}
	makeWall(w, &g.rnd, g.players, g.form, d1, d2, g.im)
	g.hands++
}

// makeWall sets w to the wall the rnd words give for players, with the
// dice words d1 and d2, shuffling as im says.
func makeWall(w *Wall, rnd *[rndWords]uint32, players int, form Form, d1, d2 uint32, im impl) {
	size := Size4
	if players == 3 {
		size = Size3
	}
	if im.general {
		shuffleGeneric(&w.Yama, rnd, size)
	} else {
		shuffle(&w.Yama, rnd, size)
	}
	w.Size, w.Players, w.Form = size, players, form
	w.Dice = [2]int8{int8(d1%6) + 1, int8(d2%6) + 1}
}

// Skip advances a game seed's generator by n hands without building their
// walls (a per-hand seed has one hand; Skip only counts).
func (g *Generator) Skip(n int) {
	if g.seed == nil {
		panic("wall: Generator.Skip before Start")
	}
	for range n {
		if g.form != FormPerHand {
			g.mt.fill(g.src[:])
		}
		g.hands++
	}
}
