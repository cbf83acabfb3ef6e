package tenhou6

import (
	"fmt"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Rebuilding the event order (docs/tenhou-formats.md §2.8). The format lists
// each seat's incoming items (draws, chi, pon, open kans) and outgoing
// items (discards, riichi discards, kans, kita) separately; the builder
// replays the hand: the dealer draws, a seat that took an item plays its
// outgoing items up to a discard, and after a discard either another seat
// calls it (its next incoming item is a call of that tile from that seat;
// pon and kan before chi) or the next seat draws. When a call could belong
// to this discard or to a later identical one, both are tried: the builder
// keeps a stack of such choices and backtracks when the replay becomes
// impossible (a tile that is not in the hand, a list that runs out, items
// left over, a result that does not fit the last action).

// mode is what the builder does next.
type mode uint8

const (
	mDraw   mode = iota // st.seat takes its next incoming item as a draw
	mOut                // st.seat plays its outgoing items
	mDecide             // st.seat has discarded: who moves next
)

// status is how a step of the builder ended.
type status uint8

const (
	sContinue status = iota
	sDone
	sFail
	sChoice
)

// state is everything the replay changes; a choice point copies it.
type state struct {
	ip, op   [4]uint16
	hand     [4][handSlots]uint8
	last     [4]tile.Tile // the tile the seat drew this turn (what 60 means)
	riichi   [4]bool
	firstOut [4]bool // the seat has discarded in this hand
	nmeld    [4]uint8
	melds    [4][8]event.Meld
	doraNext uint8      // index of the next kan dora indicator
	pending  uint8      // open and added kan indicators not yet revealed
	accept   event.Seat // seat whose riichi discard waits to be accepted, or NoSeat
	discard  tile.Tile  // the last discard
	seat     event.Seat
	mode     mode
	kakanPos bool // an added kan's letter position disagrees with its pon
}

// choice is a choice point: the state after a discard and the seats that
// may call it (-1: nobody calls).
type choice struct {
	st   state
	nev  int
	alts [4]int8
	nalt uint8
	next uint8
}

// builder rebuilds one round's events. It is part of the Decoder so that
// its stack is reused.
type builder struct {
	d     *Decoder
	rd    *roundData
	st    state
	stack []choice
	steps int
	start int // len(g.Events) when the round's play starts

	// The failure that got furthest, reported when every order fails: its
	// position and message, and the act found impossible (its type, seat
	// and tile; 0, NoSeat and tile.None when no act is to blame).
	failN    int
	failOff  int
	failMsg  string
	failAct  event.Type
	failSeat event.Seat
	failTile tile.Tile
}

// maxSteps bounds the work spent on one round's search: a real round takes
// a few hundred steps, a few more when it backtracks.
const maxSteps = 50000

func (b *builder) build(d *Decoder) error {
	b.d, b.rd = d, &d.rd
	b.start = len(d.g.Events)
	b.stack = b.stack[:0]
	b.steps = 0
	b.failN, b.failOff, b.failMsg = -1, -1, ""
	b.failAct, b.failSeat, b.failTile = 0, event.NoSeat, tile.None
	rd := b.rd
	st := &b.st
	*st = state{accept: event.NoSeat, seat: rd.dealer, mode: mDraw, doraNext: 1}
	for s := range d.players {
		for _, t := range rd.hands[s] {
			st.hand[s][tileIndex(t)]++
		}
	}
	if n := len(d.g.Events) + countItems(rd) + 16; cap(d.g.Events) < n {
		d.g.Events = slices.Grow(d.g.Events, n-len(d.g.Events))
	}
	r := b.advance()
	for {
		switch r {
		case sDone:
			if b.st.kakanPos {
				d.warn("round %v: an added kan string's letter position does not give the seat its pon was called from; the pon's seat is used", d.round)
			}
			return nil
		case sChoice:
			c := &b.stack[len(b.stack)-1]
			c.next = 1
			r = b.apply(c, 0)
		case sFail:
			if b.steps > maxSteps {
				b.failMsg = "the search for an event order took too long; last problem: " + b.failMsg
				return b.failure()
			}
			var ok bool
			if r, ok = b.backtrack(); !ok {
				return b.failure()
			}
		case sContinue:
			r = b.advance()
		}
	}
}

func countItems(rd *roundData) int {
	n := 0
	for s := range 4 {
		n += len(rd.inc[s]) + len(rd.out[s])
	}
	return n * 2
}

// failure ends a round whose order of play could not be rebuilt: its
// events give way to a Broken event at the item that got furthest, which
// names the act found impossible (its seat and tile) and says what of the
// round is left out; the round's start stays, and the next round is read
// as recorded.
func (b *builder) failure() error {
	d := b.d
	g := d.g
	g.Events = g.Events[:b.start]
	off := b.failOff
	if off < 0 {
		off = d.offset(-1, -1) // the round
	}
	msg := fmt.Sprintf("cannot rebuild the order of play: %s; the round's %d items and its result (%s) are left out", b.failMsg, countItems(b.rd)/2, b.rd.res.name)
	g.Breaks = append(g.Breaks, event.BreakRecord{Act: b.failAct, Message: msg})
	e := b.add(event.Broken, b.failSeat, event.NoSeat, b.failTile, int32(off))
	e.Ref = int32(len(g.Breaks) - 1)
	return nil
}

// backtrack restores the latest choice point that has an untried
// alternative and applies it; it reports false when there is none.
func (b *builder) backtrack() (status, bool) {
	for len(b.stack) > 0 {
		c := &b.stack[len(b.stack)-1]
		if int(c.next) < int(c.nalt) {
			i := c.next
			c.next++
			return b.apply(c, i), true
		}
		b.stack = b.stack[:len(b.stack)-1]
	}
	return sFail, false
}

// apply restores choice c and takes its alternative i.
func (b *builder) apply(c *choice, i uint8) status {
	b.st = c.st
	b.d.g.Events = b.d.g.Events[:c.nev]
	return b.call(c.alts[i])
}

// fail records why this order does not work and returns sFail.
func (b *builder) fail(off int32, format string, args ...any) status {
	return b.failOf(off, 0, event.NoSeat, tile.None, format, args...)
}

// failOf records why this order does not work, an act of type act by seat
// s with tile t that cannot be, and returns sFail.
func (b *builder) failOf(off int32, act event.Type, s event.Seat, t tile.Tile, format string, args ...any) status {
	if n := len(b.d.g.Events); n > b.failN {
		b.failN = n
		b.failOff = int(off)
		b.failMsg = fmt.Sprintf(format, args...)
		b.failAct, b.failSeat, b.failTile = act, s, t
	}
	return sFail
}

func (b *builder) next(s event.Seat) event.Seat {
	if int(s)+1 >= b.d.players {
		return 0
	}
	return s + 1
}

func (b *builder) peekIn(s event.Seat) *item {
	if int(b.st.ip[s]) < len(b.rd.inc[s]) {
		return &b.rd.inc[s][b.st.ip[s]]
	}
	return nil
}

func (b *builder) allDone() bool {
	for s := range b.d.players {
		if int(b.st.ip[s]) < len(b.rd.inc[s]) || int(b.st.op[s]) < len(b.rd.out[s]) {
			return false
		}
	}
	return true
}

// add appends an event and returns it for the caller to complete. It
// fills the new slot in place: building an Event on the stack and copying
// it costs a store-forwarding stall per event.
func (b *builder) add(typ event.Type, s, from event.Seat, t tile.Tile, off int32) *event.Event {
	g := b.d.g
	if len(g.Events) == cap(g.Events) {
		g.Events = slices.Grow(g.Events, 256)
	}
	g.Events = g.Events[:len(g.Events)+1]
	e := &g.Events[len(g.Events)-1]
	*e = event.Event{}
	e.Type, e.Seat, e.From, e.Tile = typ, s, from, t
	e.Pos.Offset, e.Pos.Index = off, int32(b.d.hand)
	return e
}

func (b *builder) acceptRiichi() {
	if s := b.st.accept; s != event.NoSeat {
		b.add(event.RiichiAccepted, s, event.NoSeat, tile.None, -1).Ref = -1
		b.st.accept = event.NoSeat
	}
}

// reveal reveals the next kan dora indicator, if the list has one.
func (b *builder) reveal() {
	st := &b.st
	if int(st.doraNext) < len(b.rd.dora) {
		b.add(event.Dora, event.NoSeat, event.NoSeat, b.rd.dora[st.doraNext], int32(b.d.offset(2, int(st.doraNext)))).Flags = event.TimingUnknown
		st.doraNext++
	}
}

// revealPending reveals the indicators of earlier open and added kans.
func (b *builder) revealPending() {
	for ; b.st.pending > 0; b.st.pending-- {
		b.reveal()
	}
}

// advance runs the replay until the hand ends, fails or reaches a choice.
func (b *builder) advance() status {
	for {
		b.steps++
		if b.steps > maxSteps {
			return sFail
		}
		st := &b.st
		s := st.seat
		switch st.mode {
		case mDraw:
			it := b.peekIn(s)
			if it == nil {
				return b.fail(-1, "seat %d should draw but its incoming list has no item left", s)
			}
			if it.kind != kDraw {
				return b.fail(it.off, "seat %d should draw but its next incoming item is a %s of %v", s, kindName[it.kind], it.tile)
			}
			st.ip[s]++
			if r := b.draw(s, it, false); r != sContinue {
				return r
			}
			st.mode = mOut
		case mOut:
			if r := b.out(s); r != sContinue {
				return r
			}
		case mDecide:
			if r := b.decide(s); r != sContinue {
				return r
			}
		}
	}
}

// draw applies seat s's draw it.
func (b *builder) draw(s event.Seat, it *item, repl bool) status {
	st := &b.st
	i := tileIndex(it.tile)
	if st.hand[s][i] >= 4 {
		return b.failOf(it.off, event.Draw, s, it.tile, "seat %d draws a fifth %v", s, it.tile)
	}
	st.hand[s][i]++
	st.last[s] = it.tile
	var f event.Flags
	if repl {
		f = event.Replacement
	}
	b.add(event.Draw, s, event.NoSeat, it.tile, it.off).Flags = f
	return sContinue
}

// replacement takes seat s's replacement draw after a kan or a kita. When
// s has nothing left, the hand ended on the declaration (chankan).
func (b *builder) replacement(s event.Seat) status {
	it := b.peekIn(s)
	if it == nil {
		return b.finish(endDeclare)
	}
	if it.kind != kDraw {
		return b.fail(it.off, "seat %d should take a replacement draw but its next incoming item is a %s", s, kindName[it.kind])
	}
	b.st.ip[s]++
	return b.draw(s, it, true)
}

// remove removes a t from seat s's hand; it reports false when s holds none.
func (b *builder) remove(s event.Seat, t tile.Tile) bool {
	i := tileIndex(t)
	if b.st.hand[s][i] == 0 {
		return false
	}
	b.st.hand[s][i]--
	return true
}

// addMeld records a meld of seat s.
func (b *builder) addMeld(s event.Seat, m event.Meld) {
	st := &b.st
	if st.nmeld[s] < uint8(len(st.melds[s])) {
		st.melds[s][st.nmeld[s]] = m
		st.nmeld[s]++
	}
}

// makeMeld builds a meld from its tiles; the called tile, if any, is the
// first tile equal to called.
func makeMeld(kind event.MeldKind, from event.Seat, called tile.Tile, ts ...tile.Tile) event.Meld {
	m := event.Meld{Kind: kind, From: from, N: uint8(len(ts)), Called: -1}
	copy(m.Tiles[:], ts)
	slices.SortFunc(m.Tiles[:m.N], tile.Compare)
	if called != tile.None {
		for i := range int(m.N) {
			if m.Tiles[i] == called {
				m.Called = int8(i)
				break
			}
		}
	}
	return m
}

// out plays seat s's outgoing items until a discard, the end of the hand
// or a failure.
func (b *builder) out(s event.Seat) status {
	st := &b.st
	rd := b.rd
	if int(st.op[s]) >= len(rd.out[s]) {
		return b.finish(endTurn)
	}
	it := &rd.out[s][st.op[s]]
	st.op[s]++
	switch it.kind {
	case kDiscard, kRiichi:
		t := it.tile
		if it.tsumogiri {
			t = st.last[s]
			if t == tile.None {
				return b.failOf(it.off, event.Discard, s, tile.None, "seat %d discards the drawn tile (60) but drew nothing this turn", s)
			}
		}
		if !b.remove(s, t) {
			return b.failOf(it.off, event.Discard, s, t, "seat %d discards %v, which it does not hold", s, t)
		}
		if it.kind == kRiichi {
			if st.riichi[s] {
				return b.failOf(it.off, event.Riichi, s, t, "seat %d declares riichi twice", s)
			}
			st.riichi[s] = true
			b.add(event.Riichi, s, event.NoSeat, tile.None, it.off)
		}
		b.revealPending()
		var f event.Flags
		switch {
		case b.d.majsoul && s == b.rd.dealer && !st.firstOut[s]:
			// tensoul makes the dealer's 14th tile a draw (the last tile
			// of the sorted hand): whether the first discard was that
			// tile is a guess.
			f = event.TsumogiriUnknown
		case it.tsumogiri:
			f = event.Tsumogiri
		}
		st.firstOut[s] = true
		b.add(event.Discard, s, event.NoSeat, t, it.off).Flags = f
		st.last[s] = tile.None
		st.discard = t
		if it.kind == kRiichi {
			st.accept = s
		}
		st.mode = mDecide
		return sContinue
	case kClosedKan:
		for _, t := range it.own[:4] {
			if !b.remove(s, t) {
				return b.failOf(it.off, event.ClosedKan, s, t, "seat %d declares a closed kan of %v without four in hand", s, t)
			}
		}
		m := makeMeld(event.MeldClosedKan, event.NoSeat, tile.None, it.own[:4]...)
		b.addMeld(s, m)
		b.add(event.ClosedKan, s, event.NoSeat, tile.None, it.off).Meld = m
		b.revealPending()
		b.reveal()
		st.last[s] = tile.None
		return b.replacement(s)
	case kAddedKan:
		k := it.tile.Kind()
		p := -1
		for i := range int(st.nmeld[s]) {
			if m := &st.melds[s][i]; m.Kind == event.MeldPon && m.Tiles[0].Kind() == k {
				p = i
			}
		}
		if p < 0 {
			return b.failOf(it.off, event.AddedKan, s, it.tile, "seat %d adds %v to a pon it does not have", s, it.tile)
		}
		pon := &st.melds[s][p]
		if want := event.Seat((int(s) + int(it.rel)) % 4); pon.From != want {
			// Some converters always write the k first; the pon says
			// where the tile came from.
			st.kakanPos = true
		}
		if !b.remove(s, it.tile) {
			return b.failOf(it.off, event.AddedKan, s, it.tile, "seat %d adds %v, which it does not hold", s, it.tile)
		}
		// The four tiles, the taken one marked as in the pon.
		m := makeMeld(event.MeldAddedKan, pon.From, pon.CalledTile(), pon.Tiles[0], pon.Tiles[1], pon.Tiles[2], it.tile)
		*pon = m
		b.add(event.AddedKan, s, m.From, it.tile, it.off).Meld = m
		b.revealPending()
		st.pending++
		st.last[s] = tile.None
		return b.replacement(s)
	case kKita:
		if !b.remove(s, it.tile) {
			return b.failOf(it.off, event.Kita, s, it.tile, "seat %d sets aside a North it does not hold", s)
		}
		m := event.Meld{Kind: event.MeldKita, From: event.NoSeat, N: 1, Called: -1, Tiles: [4]tile.Tile{it.tile}}
		b.addMeld(s, m)
		b.add(event.Kita, s, event.NoSeat, it.tile, it.off).Meld = m
		st.last[s] = tile.None
		return b.replacement(s)
	case kPlaceholder:
		return b.fail(it.off, "seat %d's outgoing list has a 0 that does not follow an open kan", s)
	}
	return b.fail(it.off, "seat %d: unexpected %s in the outgoing list", s, kindName[it.kind])
}

// decide chooses who moves after seat s's discard.
func (b *builder) decide(s event.Seat) status {
	st := &b.st
	t := st.discard
	var alts [4]int8
	nalt := 0
	// Pon and open kan first, in turn order from the discarder.
	players := b.d.players
	for o := b.next(s); o != s; o = b.next(o) {
		it := b.peekIn(o)
		if it != nil && (it.kind == kPon || it.kind == kOpenKan) && it.tile == t && event.Seat((int(o)+int(it.rel))&3) == s {
			alts[nalt] = int8(o)
			nalt++
		}
	}
	next := b.next(s)
	nextIn := b.peekIn(next)
	if players == 4 && nextIn != nil && nextIn.kind == kChi && nextIn.tile == t {
		alts[nalt] = int8(next)
		nalt++
	}
	if nextIn != nil && nextIn.kind == kDraw {
		alts[nalt] = -1
		nalt++
	}
	switch nalt {
	case 0:
		if b.allDone() {
			return b.finish(endDiscard)
		}
		if nextIn != nil {
			return b.fail(nextIn.off, "after seat %d's discard of %v, nobody can call it and seat %d's next incoming item is a %s, not a draw", s, t, next, kindName[nextIn.kind])
		}
		return b.fail(-1, "after seat %d's discard of %v, seat %d has no draw left but other items remain", s, t, next)
	case 1:
		return b.call(alts[0])
	}
	b.stack = append(b.stack, choice{st: *st, nev: len(b.d.g.Events), alts: alts, nalt: uint8(nalt)})
	return sChoice
}

// call makes seat alt call the last discard (alt -1: the next seat draws).
func (b *builder) call(alt int8) status {
	st := &b.st
	s := st.seat
	b.acceptRiichi()
	if alt < 0 {
		st.seat = b.next(s)
		st.mode = mDraw
		return sContinue
	}
	o := event.Seat(alt)
	it := b.peekIn(o)
	st.ip[o]++
	for _, t := range it.own[:it.nown] {
		if !b.remove(o, t) {
			return b.failOf(it.off, event.Call, o, it.tile, "seat %d calls %v from seat %d with %v, which it does not hold", o, it.tile, s, t)
		}
	}
	var kind event.MeldKind
	switch it.kind {
	case kChi:
		kind = event.MeldChi
	case kPon:
		kind = event.MeldPon
	default:
		kind = event.MeldOpenKan
	}
	ts := [4]tile.Tile{it.tile, it.own[0], it.own[1], it.own[2]}
	m := makeMeld(kind, s, it.tile, ts[:1+it.nown]...)
	b.addMeld(o, m)
	b.add(event.Call, o, s, it.tile, it.off).Meld = m
	st.last[o] = tile.None
	st.seat = o
	st.mode = mOut
	if kind == event.MeldOpenKan {
		if int(st.op[o]) < len(b.rd.out[o]) && b.rd.out[o][st.op[o]].kind == kPlaceholder {
			st.op[o]++
		}
		st.pending++
		it := b.peekIn(o)
		if it == nil {
			// The hand ends at the open kan (four kans that abort at
			// the fourth, a fifth kan that aborts): no draw follows.
			return b.finish(endOpenKan)
		}
		if it.kind != kDraw {
			return b.fail(it.off, "seat %d's open kan is not followed by a replacement draw", o)
		}
		st.ip[o]++
		return b.draw(o, it, true)
	}
	return sContinue
}

// How a hand ended.
const (
	endTurn    = iota // the seat to play has no outgoing item left (tsumo, nine terminals)
	endDiscard        // every list is used up after a discard (ron, draws)
	endDeclare        // the seat declared a closed or added kan or a kita and drew nothing (chankan, an abort at the kan)
	endOpenKan        // the seat made an open kan and drew nothing (an abort at the kan)
)

// finish checks that the result fits the end of play and emits it.
func (b *builder) finish(how int) status {
	st := &b.st
	rd := b.rd
	rs := &rd.res
	s := st.seat
	if !b.allDone() {
		for o := range b.d.players {
			if int(st.ip[o]) < len(rd.inc[o]) {
				it := &rd.inc[o][st.ip[o]]
				return b.fail(it.off, "play stops with seat %d to move, but seat %d still has a %s of %v", s, o, kindName[it.kind], it.tile)
			}
			if int(st.op[o]) < len(rd.out[o]) {
				it := &rd.out[o][st.op[o]]
				return b.fail(it.off, "play stops with seat %d to move, but seat %d still has a %s", s, o, kindName[it.kind])
			}
		}
	}
	atKan := how == endDeclare || how == endOpenKan
	if atKan && !rs.win && rs.kind == event.FourKans {
		// An abort at the kan itself: the indicators of the open and
		// added kans before it are revealed with it, as far as the list
		// has them (the format does not say when).
		b.revealPending()
	}
	if int(st.doraNext) < len(rd.dora) {
		return b.fail(int32(b.d.offset(2, int(st.doraNext))), "the dora list has %d kan indicators but only %d kans revealed one", len(rd.dora)-1, st.doraNext-1)
	}
	if rs.win && int(st.doraNext) > len(rs.wins[0].Dora) {
		return b.fail(int32(rs.off), "a win with %d dora indicators revealed (five kans: the fifth ends the hand or is not allowed)", st.doraNext)
	}
	if rs.win && how == endOpenKan {
		return b.fail(int32(rs.off), "the hand ends on seat %d's open kan, which cannot be won on, but the result is a win", s)
	}
	if rs.win {
		var winTile tile.Tile
		switch how {
		case endTurn:
			if rs.nwin != 1 || rs.wins[0].Winner != s || rs.wins[0].From != s {
				return b.fail(int32(rs.off), "the hand ends on seat %d's turn, but the result is not a tsumo by seat %d", s, s)
			}
			winTile = st.last[s]
			if winTile == tile.None {
				return b.fail(int32(rs.off), "seat %d wins by tsumo without a draw", s)
			}
		case endDiscard, endDeclare:
			for k := range rs.nwin {
				if w := &rs.wins[k]; w.From != s || w.Winner == s {
					return b.fail(int32(rs.off), "the hand ends on seat %d's discard or kan, but the result has seat %d winning from seat %d", s, w.Winner, w.From)
				}
			}
			if how == endDiscard {
				winTile = st.discard
			} else {
				winTile = b.declared(s)
			}
			st.accept = event.NoSeat // a ronned riichi discard is not accepted
		}
		for k := range rs.nwin {
			b.win(&rs.wins[k], winTile, how == endTurn)
		}
		return sDone
	}
	switch {
	case how == endTurn && rs.kind != event.NineTerminals:
		return b.fail(int32(rs.off), "the hand ends on seat %d's turn without a discard, but the result is %s", s, rs.name)
	case how != endTurn && rs.kind == event.NineTerminals:
		return b.fail(int32(rs.off), "nine terminals declared after a discard or a kan")
	case atKan && rs.kind != event.FourKans:
		return b.fail(int32(rs.off), "the hand ends on seat %d's kan, but the result is %s", s, rs.name)
	}
	if rs.kind == event.TripleRon {
		st.accept = event.NoSeat
	}
	b.acceptRiichi()
	r := event.RyuukyokuRecord{Kind: rs.kind, Deltas: rs.deltas, Known: event.KnownDeltas, Tenpai: rs.tenpai}
	g := b.d.g
	g.Ryuukyoku = append(g.Ryuukyoku, r)
	b.add(event.Ryuukyoku, event.NoSeat, event.NoSeat, tile.None, int32(rs.off)).Ref = int32(len(g.Ryuukyoku) - 1)
	return sDone
}

// declared returns the tile of seat s's last kan or kita (the tile a
// chankan wins on).
func (b *builder) declared(s event.Seat) tile.Tile {
	evs := b.d.g.Events
	for i := len(evs) - 1; i >= 0; i-- {
		e := &evs[i]
		if e.Seat != s {
			continue
		}
		switch e.Type {
		case event.AddedKan, event.Kita:
			return e.Tile
		case event.ClosedKan:
			return e.Meld.Tiles[3]
		}
	}
	return tile.None
}

// win completes a win record with what the replay knows and emits it.
func (b *builder) win(w *event.WinRecord, winTile tile.Tile, tsumo bool) {
	st := &b.st
	rd := b.rd
	s := w.Winner
	n := 0
	for i := range handSlots {
		for range st.hand[s][i] {
			if n < len(w.Hand) {
				w.Hand[n] = slotTile(i)
				n++
			}
		}
	}
	if !tsumo && n < len(w.Hand) {
		w.Hand[n] = winTile
		n++
	}
	w.HandLen = uint8(n)
	slices.SortFunc(w.Hand[:n], tile.Compare)
	w.WinTile = winTile
	// Melds, most recent first as in mjlog.
	w.NMelds = st.nmeld[s]
	for i := range int(w.NMelds) {
		w.Melds[i] = st.melds[s][int(w.NMelds)-1-i]
	}
	w.Known |= event.KnownHand | event.KnownMelds
	w.NDora = uint8(copy(w.Dora[:], rd.dora[:st.doraNext]))
	w.Known |= event.KnownDora
	switch {
	case !st.riichi[s]:
		w.Known |= event.KnownUra // none: only riichi winners see ura
	case len(rd.ura) > 0:
		w.NUra = uint8(copy(w.Ura[:], rd.ura))
		w.Known |= event.KnownUra
	}
	// A riichi winner without ura indicators: the converter did not
	// write them, so they stay unknown.
	g := b.d.g
	g.Wins = append(g.Wins, *w)
	b.add(event.Win, s, w.From, winTile, int32(rd.res.off)).Ref = int32(len(g.Wins) - 1)
}

// slotTile is the inverse of tileIndex.
func slotTile(i int) tile.Tile {
	if i >= 34 {
		return tile.New(tile.Kind((i-34)*9+4), true)
	}
	return tile.Of(tile.Kind(i))
}
