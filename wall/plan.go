package wall

import (
	"math/bits"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// The Checker's fast path (checkPlanned). The general path (checkEvents)
// follows the events of each hand once its wall is made, comparing them
// one by one. The fast path reads the game's events once, before any wall
// is made, and writes down for each hand what its log says the wall holds
// (its plan): the live draws and the replacement draws in order, the dora
// and ura indicators, and whether the hand has something the wall's tiles
// do not decide (a draw past the last live tile, a replacement or kan dora
// the dead wall does not hold, an exhaustive draw that is not right after
// the last live tile, two different tiles at one index, a dealer who is
// not a seat). Once a hand's wall is made, comparing it with the plan
// takes a few word operations (matches, dealMatches). A hand whose plan
// differs from its wall, or that has something odd, is checked again by
// the general path, which reports the mismatches; a hand that matches has
// none to report. TestFastPathsCorpus, the mutation tests (checkGame) and
// FuzzCheck hold it to the general path.

// planHand is what the log of one hand (the events from a RoundStart to
// the next) says its wall holds, apart from the deal, which is compared
// with Round.HandIDs directly (dealMatches).
type planHand struct {
	// draws holds the hand's draws (planDraws writes them); it comes
	// first, at the offsets planDrawsVBMI knows.
	draws planDrawBuf
	// event is the index of the hand's RoundStart in Game.Events, end the
	// index of the next one (or len(Game.Events)).
	event, end int
	// odd: the hand has something its wall's tiles do not decide; it is
	// checked by the general path.
	odd bool
	// live and repl count the live and the replacement draws.
	live, repl int
	// tiles[i] is the tile the log says Yama[i] holds where mask[i] is
	// 0xff (indexes of the dead wall: replacement tiles, dora and ura
	// indicators).
	tiles, mask [deadIndexes]tile.ID
}

// planDrawBuf is what planDraws writes.
type planDrawBuf struct {
	// liveIDs holds the live draws in order (the first live draws, up to
	// 128, at index live mod 128); the k-th is Yama[liveTop − k].
	liveIDs [128]tile.ID
	// replIDs holds the replacement draws in order and liveAt the number
	// of live draws before each (up to 16, at index repl mod 16).
	replIDs [16]tile.ID
	liveAt  [16]uint8
	// recs holds the rare events planDraws met (up to maxRecs; eight
	// more words of room for planDrawsVBMI), each its index in the events
	// and the numbers of live and replacement draws before it (see rec).
	recs [maxRecs + 8]uint64
}

// maxRecs is the number of rare events planDraws records before it
// returns.
const maxRecs = 16

// rec returns the record of a rare event at index i after live live
// draws and repl replacement draws (numbers over 255 are cut to 255,
// which no hand reaches).
func rec(i, live, repl int) uint64 {
	return uint64(uint32(i)) | uint64(min(live, 255))<<32 | uint64(min(repl, 255))<<40
}

// deadIndexes bounds the indexes of the dead wall's replacement tiles and
// indicators in every layout (the highest is 17, sanma's fourth kan dora
// and ura).
const deadIndexes = 32

// planLayout holds the indexes of the game's wall layout (the form and
// player count decide it), as the Wall methods give them.
type planLayout struct {
	size, players int
	// liveTop is the index of the first live draw, live0 the live draws a
	// hand has without replacement draws (LiveCount(0)).
	liveTop, live0 int
	replSlots      int
	repl           [8]uint8              // ReplacementIndex(k), k < replSlots
	dora, ura      [MaxKanDora + 1]uint8 // DoraIndex(k), UraIndex(k)
}

// set sets l to the layout of walls of players (3 or 4) and form.
func (l *planLayout) set(players int, form Form) {
	size := Size4
	if players == 3 {
		size = Size3
	}
	w := Wall{Size: size, Players: players, Form: form}
	l.size, l.players = size, players
	l.liveTop, l.live0 = w.LiveIndex(0), w.LiveCount(0)
	l.replSlots = w.replSlots()
	for k := range l.replSlots {
		l.repl[k] = uint8(w.ReplacementIndex(k))
	}
	for k := range MaxKanDora + 1 {
		l.dora[k], l.ura[k] = uint8(w.DoraIndex(k)), uint8(w.UraIndex(k))
	}
}

// checkPlanned checks the game's hands with the fast path: the plan of
// every hand first, then each hand's wall compared with its plan, the
// general path for the hands that differ.
func (c *Checker) checkPlanned() {
	g := c.g
	form := c.res.Form
	if c.layoutPlayers != c.res.Players || c.layoutForm != form {
		c.layout.set(c.res.Players, form)
		c.layoutPlayers, c.layoutForm = c.res.Players, form
	}
	c.plan = c.planGame(c.plan[:0])
	for ordinal := range c.plan {
		ph := &c.plan[ordinal]
		if !c.startHand(ph.event, ordinal, ReasonNone) {
			c.hs = handState{hand: -1}
			continue
		}
		r := &g.Rounds[c.hs.hand]
		if !ph.odd && (r.Known&event.KnownDice == 0 || r.Dice == c.wall.Dice) && ph.matches(&c.wall.Yama, c.layout.liveTop) && c.wall.dealMatches(r) {
			c.hs = handState{hand: -1}
			continue
		}
		c.checkStart(r)
		for i := ph.event + 1; i < ph.end; i++ {
			c.checkEvent(i)
		}
		c.endHand()
	}
}

// matches reports whether y holds the plan's tiles; top is the layout's
// liveTop. The plan must not be odd (its live draws are then within the
// live wall).
func (ph *planHand) matches(y *[tile.NumIDs]tile.ID, top int) bool {
	var d uint64
	for k := 0; k < deadIndexes; k += 8 {
		d |= (le64(ph.tiles[k:]) ^ le64(y[k:])) & le64(ph.mask[k:])
	}
	// Live draws k … k+7 are Yama[top−k−7 … top−k] backwards.
	for k := 0; k < ph.live; k += 8 {
		m := ^uint64(0) >> (8 * max(k+8-ph.live, 0))
		d |= (le64(ph.draws.liveIDs[k:]) ^ bits.ReverseBytes64(le64(y[top-k-7:]))) & m
	}
	return d == 0
}

// le64 returns the first 8 ids of b as a little-endian word (one load).
func le64(b []tile.ID) uint64 {
	b = b[:8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// planGame appends to plan the plan of each hand of c.g (one per
// RoundStart event, in order) and returns it.
func (c *Checker) planGame(plan []planHand) []planHand {
	events := c.g.Events
	i := 0
	for i < len(events) && events[i].Type != event.RoundStart {
		i++ // events before the first hand are not checked
	}
	for i < len(events) {
		if len(plan) < cap(plan) {
			plan = plan[:len(plan)+1]
		} else {
			plan = append(plan, planHand{})
		}
		i = c.planHand(&plan[len(plan)-1], events, i)
	}
	return plan
}

// planHand writes to ph the plan of the hand whose RoundStart is
// events[start] and returns the index of the next RoundStart, or
// len(events). planDraws takes the draws and the events that do not
// matter, planRare the others.
func (c *Checker) planHand(ph *planHand, events []event.Event, start int) int {
	l := &c.layout
	ph.event, ph.odd = start, false
	ph.mask = [deadIndexes]tile.ID{}
	st := planState{ph: ph}
	c.planStart(&st, &events[start])
	d := &ph.draws
	i, live, repl := start+1, 0, 0
	for {
		var n int
		i, live, repl, n = planDraws(d, events, i, live, repl)
		for _, r := range d.recs[:n] {
			c.planRare(&st, &events[uint32(r)], int(r>>32&0xff), int(r>>40&0xff))
		}
		if i == len(events) || events[i].Type == event.RoundStart {
			break
		}
	}
	ph.end, ph.live, ph.repl = i, live, repl
	// The replacement draws; the live draws before each must be within
	// the live wall of the replacement draws before it.
	for k := range repl {
		if k >= l.replSlots || int(d.liveAt[k]) > max(0, l.live0-k) {
			st.odd = true
			break
		}
		st.put(l.repl[k], d.replIDs[k])
	}
	// The live draws must be within the live wall.
	if live > max(0, l.live0-repl) {
		st.odd = true
	}
	ph.odd = ph.odd || st.odd
	return i
}

// rareTypes has bit t set for the event types planDraws records for
// planRare, and RoundStart, where it stops.
const rareTypes = 1<<event.RoundStart | 1<<event.Dora | 1<<event.Win | 1<<event.Ryuukyoku

// planDraws records in d the draws of events from i on, and the events
// of rare types (Dora, Win, Ryuukyoku) in d.recs, up to the first
// RoundStart (or the end), whose index it returns with the numbers of
// live and replacement draws then and the number of records; it returns
// earlier, at a rare event it did not record, when d.recs is full. live
// and repl are the numbers before. With AVX-512 it takes eight events at
// a time (planDrawsAVX512); planDrawsGeneric is the general path.
func planDraws(d *planDrawBuf, events []event.Event, i, live, repl int) (int, int, int, int) {
	n := 0
	if planFast() {
		i, live, repl, n = planDrawsAVX512(d, events, i, live, repl)
	}
	return planDrawsGeneric(d, events, i, live, repl, n)
}

// planDrawsGeneric is planDraws one event at a time from n records on,
// the general path. It takes each event that is not a replacement draw
// or of a rare type without a branch: the event's tile is written at
// index live of the live draws, which a live draw then counts; what the
// other events write there is overwritten by the next live draw, or left
// past the count.
func planDrawsGeneric(d *planDrawBuf, events []event.Event, i, live, repl, n int) (int, int, int, int) {
	for ; i < len(events); i++ {
		e := &events[i]
		t := e.Type
		draw := 0
		if t == event.Draw {
			draw = 1
		}
		if t < 32 && rareTypes>>t&1 != 0 {
			if t == event.RoundStart || n >= maxRecs {
				break
			}
			d.recs[n] = rec(i, live, repl)
			n++
			continue
		}
		if draw&int(e.Flags>>2) != 0 { // event.Replacement
			d.replIDs[repl&15] = e.ID
			d.liveAt[repl&15] = uint8(min(live, 255))
			repl++
			continue
		}
		d.liveIDs[live&127] = e.ID
		live += draw
	}
	return i, live, repl, n
}

// planState is the state of planHand that planRare keeps.
type planState struct {
	ph *planHand
	// kanDora counts the kan dora indicators.
	kanDora int
	odd     bool
}

// put records that the log says Yama[i] holds id, at an index of the dead
// wall.
func (st *planState) put(i uint8, id tile.ID) {
	ph := st.ph
	i &= deadIndexes - 1
	if ph.mask[i] != 0 && ph.tiles[i] != id {
		st.odd = true
	}
	ph.tiles[i], ph.mask[i] = id, 0xff
}

// planStart starts the plan of the hand whose RoundStart is e: the first
// dora indicator.
func (c *Checker) planStart(st *planState, e *event.Event) {
	l := &c.layout
	ref := int(e.Ref)
	if ref < 0 || ref >= len(c.g.Rounds) {
		st.odd = true // not checked: no wall
		return
	}
	r := &c.g.Rounds[ref]
	if dealer := int(r.Dealer); dealer < 0 || dealer >= l.players {
		st.odd = true
		return
	}
	st.put(l.dora[0], r.DoraID)
}

// planRare takes event e, of a rare type other than RoundStart, after
// live live draws and repl replacement draws.
func (c *Checker) planRare(st *planState, e *event.Event, live, repl int) {
	g := c.g
	l := &c.layout
	switch e.Type {
	case event.Dora:
		st.kanDora++
		if st.kanDora > MaxKanDora {
			st.odd = true
			return
		}
		st.put(l.dora[st.kanDora], e.ID)
	case event.Win:
		ref := int(e.Ref)
		if ref < 0 || ref >= len(g.Wins) {
			return
		}
		wr := &g.Wins[ref]
		if wr.Known&event.KnownDora != 0 {
			for k, id := range wr.DoraIDs[:min(int(wr.NDora), len(wr.DoraIDs))] {
				st.put(l.dora[k], id)
			}
		}
		if wr.Known&event.KnownUra != 0 {
			for k, id := range wr.UraIDs[:min(int(wr.NUra), len(wr.UraIDs))] {
				st.put(l.ura[k], id)
			}
		}
	case event.Ryuukyoku:
		ref := int(e.Ref)
		if ref < 0 || ref >= len(g.Ryuukyoku) {
			return
		}
		if k := g.Ryuukyoku[ref].Kind; (k == event.Exhaustive || k == event.Nagashi) && live != max(0, l.live0-repl) {
			st.odd = true // not right after the last live tile
		}
	}
}
