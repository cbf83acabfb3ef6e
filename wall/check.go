package wall

import (
	"context"
	"errors"
	"strconv"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// MaxSync is the number of hands of a game seed's stream that Check tries
// when it looks for the first recorded hand of an excerpt.
const MaxSync = 128

// maxPerCheck is the number of mismatches of one check reported in one
// hand; the rest are summed up in one more mismatch (a wrong wall would
// otherwise give one per draw).
const maxPerCheck = 8

// Mismatch is a difference between a log and the wall its seed gives, a
// finding of package check: Check is one of the wall checks (check.WallDraw
// …), Hand -1 for the game's seed, Expected what the wall gives and
// Recorded what the log has: tile ids with their mpsz ("52 (0p)"), dice
// ("6,2").
type Mismatch = check.Finding

// Status says whether a hand was checked.
type Status uint8

// The statuses of a hand.
const (
	// NotChecked: there is no wall to check the hand against (see Reason).
	NotChecked Status = iota
	// Checked: every tile of the hand was compared with the wall.
	Checked
	// Synchronised: checked, in an excerpt: a log that starts at a later
	// hand of its game, whose seed's stream was advanced to the first
	// recorded hand (Result.Skipped hands).
	Synchronised
)

var statusNames = [...]string{"not_checked", "checked", "synchronised"}

// String returns "not_checked", "checked" or "synchronised".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Reason says why a hand was not checked.
type Reason uint8

// The reasons.
const (
	// ReasonNone: the hand was checked.
	ReasonNone Reason = iota
	// ReasonNoSeed: the log records no seed for the hand (no SHUFFLE or an
	// empty one, and no INIT shuffle) and, in a game whose hands record
	// their walls (FormPaishan), no wall in a layout Check reads.
	ReasonNoSeed
	// ReasonOtherGenerator: the seed is not one of Tenhou's generator (the
	// log was written by another server).
	ReasonOtherGenerator
	// ReasonBadSeed: the seed cannot be read (reported as wall.seed).
	ReasonBadSeed
	// ReasonNoTileIDs: the format does not identify physical tiles.
	ReasonNoTileIDs
	// ReasonBadHand: no RoundStart event points to the hand's Round.
	ReasonBadHand
)

var reasonNames = [...]string{"", "no_seed", "other_generator", "bad_seed", "no_tile_ids", "bad_hand"}

// String returns the reason's name ("no_seed", ...), "" for ReasonNone.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// HandResult is what Check did with one hand.
type HandResult struct {
	Status Status
	Reason Reason
	// Stream is the hand's place in its seed's stream: the number of hands
	// generated before it (always 0 for per-hand seeds and for walls the
	// log records); -1 when not checked.
	Stream int
	// Mismatches is the number of mismatches reported for the hand.
	Mismatches int
}

// Result is what Check did with one game.
type Result struct {
	// Form is the game's seed form.
	Form    Form
	Players int
	// Hands has one entry per Game.Rounds.
	Hands []HandResult
	// Checked counts the hands checked (synchronised ones included),
	// NotChecked the others.
	Checked, NotChecked int
	// Synchronised: the log is an excerpt whose first hand is hand
	// Skipped (0-based) of its seed's stream.
	Synchronised bool
	Skipped      int
	// Mismatches is the number of mismatches reported.
	Mismatches int
}

// Checker checks games against their walls. The zero Checker is ready; it
// keeps its memory from game to game, so reuse one per goroutine. It is
// not safe for concurrent use.
type Checker struct {
	im       impl // the implementation of the wall's steps
	seed     Seed // the game's seed, or the current hand's
	gen      Generator
	wall     Wall
	res      Result
	report   func(Mismatch)
	g        *event.Game
	reds     [3]bool
	gameSeed bool // the game has a readable game seed (base64, hex)
	synced   bool // the stream was matched to the first recorded hand
	// hs is the state of the hand being checked; rec, of a hand checked
	// against the wall its log records.
	hs  handState
	rec recordedHand
	// batch holds the next walls of a per-hand game (perhand.go), made
	// on the first such game.
	batch *perHandBatch
}

// handState is the state of the hand being checked.
type handState struct {
	hand    int  // index in Game.Rounds, -1 when no hand is checked
	event   int  // index of its RoundStart
	live    int  // live draws so far
	repl    int  // replacement draws so far
	kanDora int  // DORA events so far
	past    bool // a live draw went past the last live tile
	// liveTop is the index in Yama of the first live draw, liveCount the
	// wall's LiveCount(repl) (both set by checkStart).
	liveTop, liveCount int
	// count and first hold the mismatches of each check in this hand.
	count [numChecks]int
	first [numChecks]int // event of the first suppressed mismatch
}

// The checks, as indexes of handState.count.
const (
	iDice = iota
	iDeal
	iDraw
	iReplacement
	iDora
	iUra
	iHaitei
	numChecks
)

var checkNames = [numChecks]check.Check{check.WallDice, check.WallDeal, check.WallDraw, check.WallReplacement, check.WallDora, check.WallUra, check.WallHaitei}

// Check compares every hand of g with the wall its seed gives and calls
// report (which may be nil) for each mismatch. The Result is valid until
// the next call. Check never panics on a malformed game: what cannot be
// read is reported or counted as not checked. Apart from report's
// arguments it does not allocate once its Hands slice has grown to the
// game's size.
//
// A game seed (base64, hex) is followed through the game's hands in order;
// when the first recorded hand is not the stream's first (an excerpt), the
// stream is searched, up to MaxSync hands, for a hand with the same dice,
// deal and dora indicator, and checking starts there (Result.Synchronised).
// When none matches, the log is checked from the stream's first hand, so
// that a damaged first hand is reported, not skipped.
func (c *Checker) Check(g *event.Game, report func(Mismatch)) *Result {
	res, _ := c.CheckContext(context.Background(), g, report) // never cancelled
	return res
}

// stopEvery is how often, in events, CheckContext looks at its context
// within a hand (it looks at every hand start too).
const stopEvery = 1024

// CheckContext is Check, stopped when ctx is done: it looks at ctx at every
// hand and every stopEvery events, and when ctx is done returns a nil
// Result and ctx's error, having reported the mismatches of the hands
// before.
func (c *Checker) CheckContext(ctx context.Context, g *event.Game, report func(Mismatch)) (*Result, error) {
	done := ctx.Done()
	c.g, c.report = g, report
	defer func() { c.g, c.report, c.rec = nil, nil, recordedHand{} }() // the game is not kept
	c.gen.im = c.im
	hands := c.res.Hands[:0]
	c.res = Result{Players: g.Meta.PlayerCount()}
	for range g.Rounds {
		hands = append(hands, HandResult{Stream: -1})
	}
	c.res.Hands = hands
	c.hs = handState{hand: -1}
	c.reds = gameReds(g)
	reason := c.prepare()
	if c.batch != nil {
		c.batch.reset()
	}
	var stop bool
	if reason == ReasonNoSeed && recordedWalls(g) {
		c.res.Form = FormPaishan
		stop = c.checkRecorded(done)
	} else {
		stop = c.checkSeeded(done, reason)
	}
	if stop {
		return nil, ctx.Err()
	}
	c.endHand()
	for i := range c.res.Hands {
		h := &c.res.Hands[i]
		if h.Status == NotChecked {
			if h.Reason == ReasonNone {
				h.Reason = ReasonBadHand // no RoundStart points to it
			}
			c.res.NotChecked++
		} else {
			c.res.Checked++
		}
	}
	return &c.res, nil
}

// checkSeeded checks every hand of the game against the wall of its seed
// (reason, when not ReasonNone, says why there is none). It reports true
// when it stopped because done was closed.
func (c *Checker) checkSeeded(done <-chan struct{}, reason Reason) bool {
	g := c.g
	ordinal := -1 // RoundStart events so far
	for i := range g.Events {
		e := &g.Events[i]
		if done != nil && (e.Type == event.RoundStart || i%stopEvery == 0) && stopped(done) {
			return true
		}
		if e.Type == event.RoundStart {
			c.endHand()
			ordinal++
			c.startHand(i, ordinal, reason)
			continue
		}
		if c.hs.hand < 0 {
			continue
		}
		switch e.Type {
		case event.Draw:
			c.draw(i, e)
		case event.Dora:
			c.dora(i, e)
		case event.Win:
			c.win(i, e)
		case event.Ryuukyoku:
			c.ryuukyoku(i, e)
		}
	}
	return false
}

// checkRecorded checks every hand of the game against the wall its log
// records (recorded.go). It reports true when it stopped because done was
// closed.
func (c *Checker) checkRecorded(done <-chan struct{}) bool {
	g := c.g
	for i := range g.Events {
		e := &g.Events[i]
		if done != nil && (e.Type == event.RoundStart || i%stopEvery == 0) && stopped(done) {
			return true
		}
		if e.Type == event.RoundStart {
			c.endHand()
			c.recordedStart(i)
			continue
		}
		if c.hs.hand < 0 {
			continue
		}
		switch e.Type {
		case event.Draw:
			c.recordedDraw(i, e)
		case event.Discard:
			c.rec.discarded = true
		case event.Dora:
			c.recordedDora(i, e)
		case event.Win:
			c.recordedWin(i, e)
		case event.Ryuukyoku:
			c.recordedEnd(i, e)
		}
	}
	return false
}

// stopped reports whether done is closed.
func stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// prepare reads the game's seed, sets the Result's form and starts the
// generator of a game seed. It returns the reason hands are not checked,
// or ReasonNone.
func (c *Checker) prepare() Reason {
	g := c.g
	c.gameSeed, c.synced = false, false
	switch {
	case g.Meta.Seed != "":
		err := c.seed.parse(g.Meta.Seed, c.im)
		se, _ := err.(*SeedError) // Parse's errors are *SeedError
		switch {
		case se != nil && se.Foreign:
			c.res.Form = FormOther
			return ReasonOtherGenerator
		case err != nil:
			c.res.Form = FormNone
			if se != nil {
				c.res.Form = se.Form
			}
			c.emit(Mismatch{Check: check.WallSeed, Hand: -1, Event: -1, Seat: event.NoSeat,
				Message: "the SHUFFLE seed cannot be read: " + err.Error()})
			return ReasonBadSeed
		case c.seed.Form == FormPerHand:
			c.res.Form = FormPerHand
			c.emit(Mismatch{Check: check.WallSeed, Hand: -1, Event: -1, Seat: event.NoSeat,
				Message: "the SHUFFLE seed is a per-hand seed (mt19937ar,…), which names one hand, not a game"})
			return ReasonBadSeed
		}
		c.res.Form = c.seed.Form
		if !g.Meta.TileIDs {
			return ReasonNoTileIDs
		}
		if c.gen.Start(&c.seed, c.res.Players) != nil {
			return ReasonBadSeed // not reached: the seed was read
		}
		c.gameSeed = true
		return ReasonNone
	default:
		for i := range g.Rounds {
			if g.Rounds[i].Shuffle != "" {
				c.res.Form = FormPerHand
				break
			}
		}
		if c.res.Form == FormNone {
			return ReasonNoSeed
		}
		if !g.Meta.TileIDs {
			return ReasonNoTileIDs
		}
		return ReasonNone
	}
}

// startHand prepares the wall of the hand whose RoundStart is event i, the
// ordinal-th hand of the log, and checks its start.
func (c *Checker) startHand(i, ordinal int, reason Reason) {
	ref := int(c.g.Events[i].Ref)
	if ref < 0 || ref >= len(c.g.Rounds) {
		return // no Round to record a result in
	}
	hr := &c.res.Hands[ref]
	if reason != ReasonNone {
		hr.Reason = reason
		return
	}
	r := &c.g.Rounds[ref]
	c.hs = handState{hand: ref, event: i}
	if c.gameSeed {
		// The first hand is found by synchronise, which leaves its wall
		// in c.wall; the others come next in the stream.
		found := !c.synced && c.synchronise(r, ordinal)
		pos := c.res.Skipped + ordinal
		if !found {
			if c.gen.Hands() > pos {
				// Not reached: ordinals only grow.
				c.gen.Start(&c.seed, c.res.Players)
			}
			c.gen.Skip(pos - c.gen.Hands())
			c.gen.Next(&c.wall)
		}
		hr.Stream = pos
		hr.Status = Checked
		if c.res.Synchronised {
			hr.Status = Synchronised
		}
	} else {
		if r.Shuffle == "" {
			hr.Reason, c.hs.hand = ReasonNoSeed, -1
			return
		}
		// The wall from a batch of the game's per-hand generators, as
		// Start and Next would make it: the batch holds the hands whose
		// seeds it read, or is made from this one's.
		p := c.res.Players
		batched := (p == 3 || p == 4) && c.im.avx512() // per-hand walls made in batches
		if batched {
			if c.batch == nil {
				c.batch = new(perHandBatch)
				c.batch.reset()
			}
			if rnd := c.batch.lookup(ref); rnd != nil {
				c.perHandStart(r, hr, rnd)
				return
			}
		}
		err := c.seed.parse(r.Shuffle, c.im)
		if err == nil && c.seed.Form != FormPerHand {
			err = errors.New("INIT shuffle " + strconv.Quote(r.Shuffle[:min(len(r.Shuffle), 48)]) + " is not a per-hand seed (mt19937ar,…)")
		}
		if err == nil && batched {
			c.batch.fill(c.g, ref, c.seed.Key(), p)
			c.perHandStart(r, hr, c.batch.lookup(ref))
			return
		}
		if err == nil {
			err = c.gen.Start(&c.seed, c.res.Players)
		}
		if err != nil {
			c.emit(Mismatch{Check: check.WallSeed, Hand: ref, Round: r.ID(), Event: i, Seat: event.NoSeat,
				Message: "the hand's seed cannot be read: " + err.Error()})
			hr.Reason, c.hs.hand = ReasonBadSeed, -1
			return
		}
		c.gen.Next(&c.wall)
		hr.Stream, hr.Status = 0, Checked
	}
	c.checkStart(r)
}

// perHandStart makes the wall of a per-hand seed's hand r from its rnd
// words and checks its start.
func (c *Checker) perHandStart(r *event.Round, hr *HandResult, rnd *[rndWords]uint32) {
	perHandWall(&c.wall, rnd, c.res.Players, c.im)
	hr.Stream, hr.Status = 0, Checked
	c.checkStart(r)
}

// synchronise finds the first recorded hand r, the ordinal-th of the log,
// in the game seed's stream. When it is found, it reports true and leaves
// its wall in c.wall and the generator after it; otherwise it restarts the
// generator.
func (c *Checker) synchronise(r *event.Round, ordinal int) bool {
	c.synced = true
	c.gen.Skip(ordinal)
	for n := range MaxSync {
		c.gen.Next(&c.wall)
		if c.startMatches(r) {
			c.res.Skipped, c.res.Synchronised = n, n > 0
			return true
		}
	}
	c.gen.Start(&c.seed, c.res.Players)
	return false
}

// startMatches reports whether the current wall gives r's dice, deal and
// dora indicator.
func (c *Checker) startMatches(r *event.Round) bool {
	w := &c.wall
	if r.Known&event.KnownDice != 0 && r.Dice != w.Dice {
		return false
	}
	if d, _ := w.Dora(0); d != r.DoraID {
		return false
	}
	for s := range w.Players {
		if !w.dealIs(int(r.Dealer), s, &r.HandIDs[s]) {
			return false
		}
	}
	return true
}

// checkStart checks the dice, the deal and the first dora indicator.
func (c *Checker) checkStart(r *event.Round) {
	w := &c.wall
	ev := c.hs.event
	c.hs.liveTop, c.hs.liveCount = w.LiveIndex(0), w.LiveCount(0)
	if r.Known&event.KnownDice != 0 && r.Dice != w.Dice {
		c.mismatch(iDice, ev, event.NoSeat, "the dice differ from the wall's", dice(w.Dice), dice(r.Dice))
	}
	dealer := int(r.Dealer)
	if dealer < 0 || dealer >= w.Players {
		c.mismatch(iDeal, ev, event.NoSeat, "dealer seat "+strconv.Itoa(dealer)+" is not a seat of the game: the deal cannot be checked", "", "")
	} else {
		for s := range w.Players {
			if w.dealIs(dealer, s, &r.HandIDs[s]) {
				continue
			}
			h, _ := w.Deal(dealer, s)
			k := 0
			for h[k] == r.HandIDs[s][k] {
				k++
			}
			c.mismatch(iDeal, ev, event.Seat(s), "seat "+strconv.Itoa(s)+"'s starting hand differs from the deal at tile "+strconv.Itoa(k+1)+" of 13",
				c.ids(h[:]), c.ids(r.HandIDs[s][:]))
		}
	}
	if d, _ := w.Dora(0); d != r.DoraID {
		c.mismatch(iDora, ev, event.NoSeat, "the first dora indicator differs from the wall's", c.id(d), c.id(r.DoraID))
	}
}

// draw checks a live or replacement draw.
func (c *Checker) draw(i int, e *event.Event) {
	w := &c.wall
	hs := &c.hs
	if e.Flags&event.Replacement != 0 {
		k := hs.repl
		hs.repl++
		hs.liveCount = w.LiveCount(hs.repl)
		want, ok := w.Replacement(k)
		switch {
		case !ok:
			c.mismatch(iReplacement, i, e.Seat, "replacement draw "+strconv.Itoa(k+1)+", but the dead wall holds "+strconv.Itoa(w.replSlots()), "", c.id(e.ID))
		case want != e.ID:
			c.mismatch(iReplacement, i, e.Seat, "replacement draw "+strconv.Itoa(k+1)+" differs from the wall's", c.id(want), c.id(e.ID))
		}
		return
	}
	k := hs.live
	hs.live++
	if k >= hs.liveCount {
		if !hs.past {
			hs.past = true
			c.mismatch(iHaitei, i, e.Seat, "live draw "+strconv.Itoa(k+1)+" after the last live tile (the wall has "+
				strconv.Itoa(w.LiveCount(hs.repl))+" live draws with "+strconv.Itoa(hs.repl)+" replacement draws)", "", c.id(e.ID))
		}
		return
	}
	if want := w.Yama[hs.liveTop-k]; want != e.ID { // w.Live(k)
		c.mismatch(iDraw, i, e.Seat, "live draw "+strconv.Itoa(k+1)+" differs from the wall's", c.id(want), c.id(e.ID))
	}
}

// dora checks a revealed kan dora indicator.
func (c *Checker) dora(i int, e *event.Event) {
	c.hs.kanDora++
	k := c.hs.kanDora
	want, ok := c.wall.Dora(k)
	switch {
	case !ok:
		c.mismatch(iDora, i, event.NoSeat, "kan dora indicator "+strconv.Itoa(k)+", but the dead wall holds "+strconv.Itoa(MaxKanDora), "", c.id(e.ID))
	case want != e.ID:
		c.mismatch(iDora, i, event.NoSeat, "kan dora indicator "+strconv.Itoa(k)+" differs from the wall's", c.id(want), c.id(e.ID))
	}
}

// win checks the dora and ura indicators a win lists.
func (c *Checker) win(i int, e *event.Event) {
	ref := int(e.Ref)
	if ref < 0 || ref >= len(c.g.Wins) {
		return
	}
	wr := &c.g.Wins[ref]
	if wr.Known&event.KnownDora != 0 {
		for k, id := range wr.DoraIDs[:min(int(wr.NDora), len(wr.DoraIDs))] {
			if want, _ := c.wall.Dora(k); want != id {
				c.mismatch(iDora, i, wr.Winner, "the win's dora indicator "+strconv.Itoa(k+1)+" differs from the wall's", c.id(want), c.id(id))
			}
		}
	}
	if wr.Known&event.KnownUra != 0 {
		for k, id := range wr.UraIDs[:min(int(wr.NUra), len(wr.UraIDs))] {
			if want, _ := c.wall.Ura(k); want != id {
				c.mismatch(iUra, i, wr.Winner, "the win's ura indicator "+strconv.Itoa(k+1)+" differs from the wall's", c.id(want), c.id(id))
			}
		}
	}
}

// ryuukyoku checks that an exhaustive draw (or nagashi mangan, which ends
// one) comes right after the last live tile was drawn.
func (c *Checker) ryuukyoku(i int, e *event.Event) {
	if !c.exhaustive(e) {
		return
	}
	hs := &c.hs
	if n := c.wall.LiveCount(hs.repl); hs.live != n && !hs.past {
		c.mismatch(iHaitei, i, event.NoSeat, "exhaustive draw after "+strconv.Itoa(hs.live)+" live draws, but the wall has "+
			strconv.Itoa(n)+" with "+strconv.Itoa(hs.repl)+" replacement draws", strconv.Itoa(n), strconv.Itoa(hs.live))
	}
}

// exhaustive reports whether the Ryuukyoku event e records an exhaustive
// draw (or nagashi mangan, which ends one).
func (c *Checker) exhaustive(e *event.Event) bool {
	ref := int(e.Ref)
	if ref < 0 || ref >= len(c.g.Ryuukyoku) {
		return false
	}
	k := c.g.Ryuukyoku[ref].Kind
	return k == event.Exhaustive || k == event.Nagashi
}

// endHand reports the mismatches left out of the hand being checked.
func (c *Checker) endHand() {
	hs := &c.hs
	if hs.hand < 0 {
		return
	}
	for k, n := range hs.count {
		if n > maxPerCheck {
			c.emit(Mismatch{Check: checkNames[k], Hand: hs.hand, Round: c.g.Rounds[hs.hand].ID(), Event: hs.first[k], Seat: event.NoSeat,
				Message: strconv.Itoa(n-maxPerCheck) + " more " + checkNames[k].String() + " mismatches in this hand, from this event on"})
		}
	}
	*hs = handState{hand: -1}
}

// mismatch reports a mismatch of check k in the hand being checked, or
// counts it when maxPerCheck are already reported.
func (c *Checker) mismatch(k, ev int, seat event.Seat, msg, expected, recorded string) {
	hs := &c.hs
	hs.count[k]++
	if hs.count[k] > maxPerCheck {
		if hs.count[k] == maxPerCheck+1 {
			hs.first[k] = ev
		}
		return
	}
	c.emit(Mismatch{Check: checkNames[k], Hand: hs.hand, Round: c.g.Rounds[hs.hand].ID(), Event: ev, Seat: seat,
		Message: msg, Expected: expected, Recorded: recorded})
}

// emit counts and reports m.
func (c *Checker) emit(m Mismatch) {
	c.res.Mismatches++
	if m.Hand >= 0 {
		c.res.Hands[m.Hand].Mismatches++
	}
	if c.report != nil {
		c.report(m)
	}
}

// gameReds reports, per suit (m, p, s), whether g's rules have red fives.
func gameReds(g *event.Game) [3]bool {
	rf := g.Meta.Rules.RedFives
	return [3]bool{rf[0] > 0, rf[1] > 0, rf[2] > 0}
}

// faceOf returns the tile of id, red when it is the suit's red five (ids
// 16, 52 and 88) and reds has red fives in its suit.
func faceOf(id tile.ID, reds [3]bool) tile.Tile {
	red := false
	switch id {
	case 16:
		red = reds[0]
	case 52:
		red = reds[1]
	case 88:
		red = reds[2]
	}
	return tile.New(id.Kind(), red)
}

// id formats id as "52 (0p)".
func (c *Checker) id(id tile.ID) string { return string(appendID(nil, id, c.reds)) }

// ids formats a list of ids as "127 (7z), 119 (3z), …".
func (c *Checker) ids(list []tile.ID) string {
	var b []byte
	for k, id := range list {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = appendID(b, id, c.reds)
	}
	return string(b)
}

func appendID(b []byte, id tile.ID, reds [3]bool) []byte {
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, " ("...)
	if id.Valid() {
		b = faceOf(id, reds).AppendMPSZ(b)
	} else {
		b = append(b, '?')
	}
	return append(b, ')')
}

// dice formats dice as "6,2".
func dice(d [2]int8) string { return strconv.Itoa(int(d[0])) + "," + strconv.Itoa(int(d[1])) }
