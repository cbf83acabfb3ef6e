// Package rulegen builds the games of haifu's rule conformance scenarios
// (conformance/rules, conformance/README.md) and writes them as mjlog XML
// and mjai JSON lines; tenhou.net/6 is parser/tenhou6's Encoder. A game it
// builds is physically whole: every tile is a distinct one of the 136 (108
// in sanma, without 2m–8m), with its id, so that a judge that counts the
// tiles finds nothing wrong but the rule a scenario is about.
//
// It is a test helper: the generator of the scenarios (adjudicator's
// rule-suite test) imports it.
package rulegen

import (
	"errors"
	"fmt"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// ErrBuild is wrapped by the errors a Builder reports: a game that cannot
// be built as asked (a tile that is not free, a discard of a tile not in
// the hand, a wall that runs out).
var ErrBuild = errors.New("rulegen: cannot build the game")

// Options are what a built game says of itself.
type Options struct {
	// Players is 4 or 3.
	Players int
	// EastOnly: a tonpuusen (else hanchan).
	EastOnly bool
	// NoRed: no red fives (else one red five per suit; sanma: in p and s).
	NoRed bool
	// ID is a Tenhou log id (its date dates the game), or "".
	ID string
	// Title is the game's title (tenhou.net/6's), or "".
	Title string
	// NoRuleName: the game carries no rule name (tenhou.net/6's "disp":
	// an editor's file), so that it names no platform.
	NoRuleName bool
	// Lobby is a Tenhou lobby number (0: none recorded).
	Lobby int
	// RuleName, when set, is the rule name written (tenhou.net/6's
	// "disp", such as 琥南喰赤祝): it says the lobby's kind.
	RuleName string
}

// Builder builds one game hand after hand. Its methods chain; the first
// error stops the building and is what Game returns.
type Builder struct {
	g       event.Game
	players int
	red     bool
	err     error
	// The hand being built: the tiles used, each seat's concealed tiles
	// (ids), its melds, the tile it just drew, the live tiles left, the
	// scores after riichi sticks and the hand's honba and sticks.
	used   [tile.NumIDs]bool
	conc   [4][]tile.ID
	melds  [4][]event.Meld
	drawn  [4]tile.ID
	riichi [4]bool
	dora   []tile.ID
	live   int
	scores [4]int32
	honba  int
	sticks int
	dealer event.Seat
	turn   event.Seat
	last   tile.ID // the last discard, or noID
	lastBy event.Seat
	// yaochuu: the seats (bits) whose filler tiles are terminals and
	// honours (a nagashi mangan).
	yaochuu uint8
}

const noID = tile.ID(255)

// New starts a game.
func New(o Options) *Builder {
	b := &Builder{players: o.Players, red: !o.NoRed}
	m := &b.g.Meta
	m.Format, m.Platform, m.Players, m.TileIDs, m.ID, m.Title = event.FormatTenhou6, event.Tenhou, int8(o.Players), true, o.ID, o.Title
	m.Length = event.EastSouth
	name := "般南喰"
	if o.EastOnly {
		m.Length, name = event.EastOnly, "般東喰"
	}
	if b.red {
		name += "赤"
		m.Rules.RedFives = [3]int8{1, 1, 1}
		if o.Players == 3 {
			m.Rules.RedFives = [3]int8{0, 1, 1}
		}
	}
	if o.Players == 3 {
		name = "三" + name
	}
	m.Rules.Name = name
	if o.RuleName != "" {
		m.Rules.Name = o.RuleName
	}
	if o.NoRuleName {
		m.Rules.Name = ""
	}
	m.Rules.TenhouType, m.Rules.TenhouLobby = -1, -1
	if o.Lobby > 0 {
		m.Rules.TenhouLobby = int32(o.Lobby)
	}
	for s, n := range []string{"A", "B", "C", "D"}[:o.Players] {
		m.Seats[s].Name = n
	}
	b.g.Events = append(b.g.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat})
	return b
}

// Game returns the game built, or the first error.
func (b *Builder) Game() (*event.Game, error) {
	if b.err != nil {
		return nil, b.err
	}
	return &b.g, nil
}

// Err returns the first error, or nil.
func (b *Builder) Err() error { return b.err }

func (b *Builder) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("%w: hand %d: %s", ErrBuild, len(b.g.Rounds)-1, fmt.Sprintf(format, args...))
	}
}

// Scores returns the scores now (riichi sticks paid, results recorded).
func (b *Builder) Scores() [4]int32 { return b.scores }

// Live returns the number of live tiles left.
func (b *Builder) Live() int { return b.live }

// Concealed returns seat s's concealed tiles.
func (b *Builder) Concealed(s event.Seat) []tile.Tile {
	out := make([]tile.Tile, len(b.conc[s]))
	for i, id := range b.conc[s] {
		out[i] = b.tileOf(id)
	}
	return out
}

// parse reads mpsz tiles.
func (b *Builder) parse(s string) []tile.Tile {
	ts, err := tile.ParseTiles(s)
	if err != nil {
		b.fail("%v", err)
	}
	return ts
}

// tileOf returns the tile of an id, red when it is copy 0 of a five and
// the game has red fives.
func (b *Builder) tileOf(id tile.ID) tile.Tile { return id.Tile(b.red) }

// alloc takes a free tile t from the set and returns its id.
func (b *Builder) alloc(t tile.Tile) tile.ID {
	k := t.Kind()
	if b.players == 3 && k > 0 && k < 8 {
		b.fail("%v is not a tile of sanma", t)
		return noID
	}
	for c := range 4 {
		id := tile.ID(int(k)*4 + c)
		if !b.used[id] && b.tileOf(id) == t {
			b.used[id] = true
			return id
		}
	}
	b.fail("no free copy of %v", t)
	return noID
}

// Hand starts a hand: its round wind (0 East), number (1-4), honba and
// riichi sticks, the scores (nil: the scores the last hand left), the
// first dora indicator and each seat's 13 tiles (mpsz; "": a noten hand
// of free tiles that no other hand waits on, see junk). The dealer is
// seat number-1.
func (b *Builder) Hand(wind, number, honba, sticks int, scores *[4]int32, dora string, hands ...string) *Builder {
	if b.err != nil {
		return b
	}
	if len(hands) != b.players {
		b.fail("%d hands for %d players", len(hands), b.players)
		return b
	}
	b.used = [tile.NumIDs]bool{}
	b.conc, b.melds, b.riichi, b.dora = [4][]tile.ID{}, [4][]event.Meld{}, [4]bool{}, nil
	b.drawn = [4]tile.ID{noID, noID, noID, noID}
	b.last, b.lastBy = noID, event.NoSeat
	b.yaochuu = 0
	if scores != nil {
		b.scores = *scores
	}
	b.honba, b.sticks = honba, sticks
	b.dealer = event.Seat(number - 1)
	b.turn = b.dealer
	b.live = 70
	if b.players == 3 {
		b.live = 55
	}
	r := event.Round{Wind: int8(wind), Number: int8(number), Honba: int16(honba), Sticks: int16(sticks), Dealer: b.dealer, Scores: b.scores}
	d := b.parse(dora)
	if len(d) != 1 {
		b.fail("dora indicator %q", dora)
		return b
	}
	r.Dora, r.DoraID = d[0], b.alloc(d[0])
	b.dora = append(b.dora, r.DoraID)
	for s, h := range hands {
		if h == "" {
			continue // dealt below
		}
		ts := b.parse(h)
		if len(ts) != 13 {
			b.fail("seat %d's hand %q has %d tiles", s, h, len(ts))
			return b
		}
		for i, t := range ts {
			id := b.alloc(t)
			r.Hands[s][i], r.HandIDs[s][i] = t, id
			b.conc[s] = append(b.conc[s], id)
		}
	}
	if b.err != nil {
		return b
	}
	for s, h := range hands {
		if h != "" {
			continue
		}
		for i, t := range b.junk() {
			id := b.alloc(t)
			r.Hands[s][i], r.HandIDs[s][i] = t, id
			b.conc[s] = append(b.conc[s], id)
		}
	}
	b.g.Events = append(b.g.Events, event.Event{Type: event.RoundStart, Seat: b.dealer, From: event.NoSeat, Ref: int32(len(b.g.Rounds))})
	b.g.Rounds = append(b.g.Rounds, r)
	return b
}

// junk returns 13 free tiles that make a hand far from tenpai: kinds
// spread three apart in each suit and single honours, none that a hand
// dealt waits on, no red five.
func (b *Builder) junk() []tile.Tile {
	var waits hand.KindSet
	for s := range b.players {
		if len(b.conc[s]) == 13 {
			var c tile.Counts
			for _, id := range b.conc[s] {
				c[id.Kind()]++
			}
			waits |= hand.Waits(&c)
		}
	}
	var order []tile.Kind
	for _, n := range []int{1, 4, 7, 2, 5, 8, 3, 6, 9} {
		for _, suit := range []int{1, 2, 0} {
			if b.players == 3 && suit == 0 && n > 1 && n < 9 {
				continue
			}
			order = append(order, tile.Kind(suit*9+n-1))
		}
	}
	for k := tile.East; k < tile.NumKinds; k++ {
		order = append(order, k)
	}
	var out []tile.Tile
	var c tile.Counts
	for len(out) < 13 {
		found := false
		for _, k := range order {
			if len(out) == 13 {
				break
			}
			if waits.Has(k) || c[k] > 0 {
				continue
			}
			for cp := range 4 {
				id := tile.ID(int(k)*4 + cp)
				if !b.used[id] && !b.tileOf(id).Red() {
					out = append(out, b.tileOf(id))
					c[k]++
					found = true
					break
				}
			}
		}
		if !found {
			b.fail("no free tiles for a noten hand")
			return nil
		}
		for k := range c {
			c[k] = 0 // a second round may take a second copy of a kind
		}
		for _, t := range out {
			c[t.Kind()] = 4
		}
	}
	return out
}

// Draw: seat s draws t from the live wall.
func (b *Builder) Draw(s event.Seat, t string) *Builder {
	return b.draw(s, t, false)
}

func (b *Builder) draw(s event.Seat, t string, replacement bool) *Builder {
	if b.err != nil {
		return b
	}
	ts := b.parse(t)
	if len(ts) != 1 {
		b.fail("draw %q", t)
		return b
	}
	// A replacement draw comes from the dead wall, which takes the last
	// live tile in its place: either way the live wall has one tile less.
	if b.live == 0 {
		b.fail("seat %d draws %v from an empty wall", s, ts[0])
		return b
	}
	b.live--
	id := b.alloc(ts[0])
	e := event.Event{Type: event.Draw, Seat: s, From: event.NoSeat, Tile: ts[0], ID: id}
	if replacement {
		e.Flags = event.Replacement
	}
	b.g.Events = append(b.g.Events, e)
	b.conc[s] = append(b.conc[s], id)
	b.drawn[s], b.turn = id, s
	return b
}

// take removes tile t from seat s's concealed tiles and returns its id.
func (b *Builder) take(s event.Seat, t tile.Tile) tile.ID {
	// The drawn tile first, so that a discard of it is tsumogiri.
	if id := b.drawn[s]; id != noID && b.tileOf(id) == t {
		if i := slices.Index(b.conc[s], id); i >= 0 {
			b.conc[s] = slices.Delete(b.conc[s], i, i+1)
			return id
		}
	}
	for i, id := range b.conc[s] {
		if b.tileOf(id) == t {
			b.conc[s] = slices.Delete(b.conc[s], i, i+1)
			return id
		}
	}
	b.fail("seat %d holds no %v (%s)", s, t, tile.FormatTiles(b.Concealed(s)))
	return noID
}

// Discard: seat s discards t.
func (b *Builder) Discard(s event.Seat, t string) *Builder {
	if b.err != nil {
		return b
	}
	ts := b.parse(t)
	if len(ts) != 1 {
		b.fail("discard %q", t)
		return b
	}
	id := b.take(s, ts[0])
	e := event.Event{Type: event.Discard, Seat: s, From: event.NoSeat, Tile: ts[0], ID: id}
	if id == b.drawn[s] {
		e.Flags = event.Tsumogiri
	}
	b.g.Events = append(b.g.Events, e)
	b.drawn[s] = noID
	b.last, b.lastBy, b.turn = id, s, s
	return b
}

// Turn: seat s draws d and discards x.
func (b *Builder) Turn(s event.Seat, d, x string) *Builder { return b.Draw(s, d).Discard(s, x) }

// Riichi: seat s draws d, declares riichi, discards x and pays its stick
// (stick points).
func (b *Builder) Riichi(s event.Seat, d, x string, stick int32) *Builder {
	b.Draw(s, d)
	b.g.Events = append(b.g.Events, event.Event{Type: event.Riichi, Seat: s, From: event.NoSeat})
	b.Discard(s, x)
	return b.Accept(s, stick)
}

// Declare: seat s draws d, declares riichi and discards x; the stick is
// paid by Accept, unless the discard is won on.
func (b *Builder) Declare(s event.Seat, d, x string) *Builder {
	b.Draw(s, d)
	b.g.Events = append(b.g.Events, event.Event{Type: event.Riichi, Seat: s, From: event.NoSeat})
	return b.Discard(s, x)
}

// Accept: seat s's riichi stands; it pays stick points.
func (b *Builder) Accept(s event.Seat, stick int32) *Builder {
	if b.err != nil {
		return b
	}
	b.scores[s] -= stick
	b.sticks++
	b.riichi[s] = true
	b.g.Scores = append(b.g.Scores, b.scores)
	b.g.Events = append(b.g.Events, event.Event{Type: event.RiichiAccepted, Seat: s, From: event.NoSeat, Ref: int32(len(b.g.Scores) - 1)})
	return b
}

// Call: seat s calls the last discard with own (mpsz) as a chi, pon or
// open kan (kind).
func (b *Builder) Call(s event.Seat, kind event.MeldKind, own string) *Builder {
	if b.err != nil {
		return b
	}
	if b.last == noID {
		b.fail("seat %d calls with no discard", s)
		return b
	}
	m := event.Meld{Kind: kind, From: b.lastBy}
	ids := []tile.ID{b.last}
	for _, t := range b.parse(own) {
		ids = append(ids, b.take(s, t))
	}
	b.setMeld(&m, ids, b.last)
	b.g.Events = append(b.g.Events, event.Event{Type: event.Call, Seat: s, From: b.lastBy, Tile: b.tileOf(b.last), ID: b.last, Meld: m})
	b.melds[s] = append(b.melds[s], m)
	b.last, b.turn = noID, s
	return b
}

// setMeld sets m's tiles from ids, in ascending order (red fives after the
// plain fives), and the index of called (noID: none).
func (b *Builder) setMeld(m *event.Meld, ids []tile.ID, called tile.ID) {
	slices.SortFunc(ids, func(x, y tile.ID) int {
		if c := tile.Compare(b.tileOf(x), b.tileOf(y)); c != 0 {
			return c
		}
		return int(x) - int(y)
	})
	m.N, m.Called = uint8(len(ids)), -1
	for i, id := range ids {
		m.Tiles[i], m.IDs[i] = b.tileOf(id), id
		if id == called {
			m.Called = int8(i)
		}
	}
}

// ClosedKan: seat s declares a closed kan of the four tiles (mpsz), a kan
// dora indicator dora is revealed and it draws the replacement tile r
// (dora and r "": neither, for a kan that ends the hand).
func (b *Builder) ClosedKan(s event.Seat, tiles, dora, r string) *Builder {
	if b.err != nil {
		return b
	}
	m := event.Meld{Kind: event.MeldClosedKan, From: event.NoSeat}
	var ids []tile.ID
	for _, t := range b.parse(tiles) {
		ids = append(ids, b.take(s, t))
	}
	b.setMeld(&m, ids, noID)
	b.g.Events = append(b.g.Events, event.Event{Type: event.ClosedKan, Seat: s, From: event.NoSeat, Meld: m})
	b.melds[s] = append(b.melds[s], m)
	b.drawn[s] = noID
	if dora == "" && r == "" {
		return b
	}
	b.Dora(dora)
	return b.draw(s, r, true)
}

// AddedKan: seat s adds t (mpsz) to its pon, draws the replacement tile r,
// and the kan dora indicator dora is revealed (before its discard).
func (b *Builder) AddedKan(s event.Seat, t, r, dora string) *Builder {
	if b.err != nil {
		return b
	}
	x := b.parse(t)[0]
	i := slices.IndexFunc(b.melds[s], func(m event.Meld) bool { return m.Kind == event.MeldPon && m.Tiles[0].Kind() == x.Kind() })
	if i < 0 {
		b.fail("seat %d has no pon of %v", s, x)
		return b
	}
	p := b.melds[s][i]
	id := b.take(s, x)
	m := event.Meld{Kind: event.MeldAddedKan, From: p.From}
	ids := append(slices.Clone(p.IDs[:3]), id)
	calledID := p.IDs[p.Called]
	b.setMeld(&m, ids, calledID)
	b.g.Events = append(b.g.Events, event.Event{Type: event.AddedKan, Seat: s, From: p.From, Tile: x, ID: id, Meld: m})
	b.melds[s][i] = m
	b.last, b.lastBy = id, s
	b.drawn[s] = noID
	b.draw(s, r, true)
	return b.Dora(dora)
}

// OpenKan: seat s calls the last discard with three tiles of its own
// (own, mpsz), draws the replacement tile r, and the kan dora indicator
// dora is revealed (before its discard).
func (b *Builder) OpenKan(s event.Seat, own, r, dora string) *Builder {
	b.Call(s, event.MeldOpenKan, own)
	b.draw(s, r, true)
	return b.Dora(dora)
}

// Dora: a new dora indicator t is revealed.
func (b *Builder) Dora(t string) *Builder {
	if b.err != nil {
		return b
	}
	x := b.parse(t)[0]
	id := b.alloc(x)
	b.dora = append(b.dora, id)
	b.g.Events = append(b.g.Events, event.Event{Type: event.Dora, Seat: event.NoSeat, From: event.NoSeat, Tile: x, ID: id})
	return b
}

// Nagashi makes seat s's filler tiles terminals and honours for the rest
// of the hand, so that its discards qualify for nagashi mangan.
func (b *Builder) Nagashi(s event.Seat) *Builder {
	b.yaochuu |= 1 << s
	return b
}

// filler returns a free tile for seat s's turn that draws and discards it:
// a simple (2-8 of p, s, then m; once they run out, terminals and honours),
// no red five, that no seat waits on and that is no kind of avoid, so that
// the turn changes nothing of the table (no win missed, no furiten, no
// nagashi, no four winds); for a seat of Nagashi, a terminal or honour.
func (b *Builder) filler(s event.Seat, avoid hand.KindSet) (tile.Tile, bool) {
	var waits hand.KindSet
	for s := range b.players {
		if len(b.conc[s])%3 == 1 {
			var c tile.Counts
			for _, id := range b.conc[s] {
				c[id.Kind()]++
			}
			waits |= hand.Waits(&c)
		}
	}
	var kinds []tile.Kind
	suits := []int{1, 2, 0}
	if b.players == 3 {
		suits = suits[:2]
	}
	var yao []tile.Kind
	for _, suit := range []int{1, 2, 0} {
		yao = append(yao, tile.Kind(suit*9), tile.Kind(suit*9+8))
	}
	for k := tile.East; k < tile.NumKinds; k++ {
		yao = append(yao, k)
	}
	if b.yaochuu&(1<<s) == 0 {
		for _, suit := range suits {
			for n := 2; n <= 8; n++ {
				kinds = append(kinds, tile.Kind(suit*9+n-1))
			}
		}
	}
	kinds = append(kinds, yao...)
	// Waits are avoided while other tiles are left; when they run out (four
	// tenpai hands at the end of a wall), a wait drawn and discarded is a
	// win declined, which the rules allow.
	for _, skipWaits := range []bool{true, false} {
		for _, k := range kinds {
			if skipWaits && waits.Has(k) || avoid.Has(k) {
				continue
			}
			for c := range 4 {
				id := tile.ID(int(k)*4 + c)
				if !b.used[id] && !b.tileOf(id).Red() {
					return b.tileOf(id), true
				}
			}
		}
	}
	return tile.None, false
}

// FreeTile returns a tile seat s can draw and discard without changing
// the table (see filler), or "" when none is left.
func (b *Builder) FreeTile(s event.Seat) string {
	t, ok := b.filler(s, 0)
	if !ok {
		return ""
	}
	return t.String()
}

// Fill plays n turns, from seat from on in turn order, in which each seat
// draws a filler tile and discards it (tsumogiri). avoid names kinds the
// fillers must not be (mpsz, "" for none).
func (b *Builder) Fill(from event.Seat, n int, avoid string) *Builder {
	var av hand.KindSet
	for _, t := range b.parse(avoid) {
		av.Add(t.Kind())
	}
	s := from
	for range n {
		if b.err != nil {
			return b
		}
		t, ok := b.filler(s, av)
		if !ok {
			b.fail("no filler tile left")
			return b
		}
		b.Draw(s, t.String()).Discard(s, t.String())
		s = event.Seat((int(s) + 1) % b.players)
	}
	return b
}

// Exhaust plays filler turns from seat from on until the live wall is
// empty.
func (b *Builder) Exhaust(from event.Seat, avoid string) *Builder {
	return b.Fill(from, b.live, avoid)
}

// Value is a win's value as the log records it.
type Value struct {
	Han, Fu int
	Points  int32
	Limit   event.Limit
	Yaku    []event.Yaku
	// Deltas are the score changes of the win (honba and sticks
	// included).
	Deltas [4]int32
	// Pao: Liable is the seat liable for the yakuman (else there is
	// none).
	Pao    bool
	Liable event.Seat
	// Ura are the ura dora indicators, for a riichi win (mpsz).
	Ura string
	// Second: the win is not the first on its discard; Tenhou records no
	// riichi sticks with it.
	Second bool
}

// Ron: seat w wins on the last discard (or added-kan tile).
func (b *Builder) Ron(w event.Seat, v Value) *Builder {
	if b.last == noID {
		b.fail("seat %d rons with no discard", w)
		return b
	}
	return b.win(w, b.lastBy, b.last, v)
}

// Tsumo: seat w wins on the tile it drew.
func (b *Builder) Tsumo(w event.Seat, v Value) *Builder {
	if b.drawn[w] == noID {
		b.fail("seat %d tsumo with no tile drawn", w)
		return b
	}
	return b.win(w, w, b.drawn[w], v)
}

func (b *Builder) win(w, from event.Seat, win tile.ID, v Value) *Builder {
	if b.err != nil {
		return b
	}
	liable := event.NoSeat
	if v.Pao {
		liable = v.Liable
	}
	r := event.WinRecord{Winner: w, From: from, Liable: liable, WinTile: b.tileOf(win), WinID: win,
		Fu: int16(v.Fu), Han: int16(v.Han), Points: v.Points, Limit: v.Limit, Honba: int16(b.honba), Sticks: int16(b.sticks),
		Deltas: v.Deltas, Before: b.scores,
		Known: event.KnownHand | event.KnownMelds | event.KnownFu | event.KnownHan | event.KnownPoints | event.KnownYaku |
			event.KnownDora | event.KnownBa | event.KnownDeltas | event.KnownBefore}
	if v.Second {
		r.Sticks = 0
	}
	ids := slices.Clone(b.conc[w])
	if from != w {
		ids = append(ids, win)
	}
	for i, id := range ids {
		r.Hand[i], r.HandIDs[i] = b.tileOf(id), id
	}
	r.HandLen = uint8(len(ids))
	for i, m := range b.melds[w] {
		r.Melds[i] = m
	}
	r.NMelds = uint8(len(b.melds[w]))
	for i, id := range b.dora {
		r.Dora[i], r.DoraIDs[i] = b.tileOf(id), id
	}
	r.NDora = uint8(len(b.dora))
	if v.Ura != "" {
		for i, t := range b.parse(v.Ura) {
			id := b.alloc(t)
			r.Ura[i], r.UraIDs[i] = t, id
		}
		r.NUra = uint8(len(b.parse(v.Ura)))
		r.Known |= event.KnownUra
	}
	for _, y := range v.Yaku {
		if err := r.AddYaku(y.ID, int(y.Han)); err != nil {
			b.fail("%v", err)
		}
	}
	b.g.Wins = append(b.g.Wins, r)
	b.g.Events = append(b.g.Events, event.Event{Type: event.Win, Seat: w, From: from, Tile: r.WinTile, ID: win, Ref: int32(len(b.g.Wins) - 1)})
	for s := range b.players {
		b.scores[s] += v.Deltas[s]
	}
	return b
}

// Shown says, for a hand end without a winner, which seats show their
// hands (nil: the log records none) and the tenpai each declares (nil:
// the log records none).
type Shown struct {
	Hands  []bool
	Tenpai []bool
}

// End ends the hand without a winner: an exhaustive draw, nagashi mangan
// or an abortive draw (kind), with the score changes deltas.
func (b *Builder) End(kind event.RyuukyokuKind, deltas [4]int32, shown Shown) *Builder {
	if b.err != nil {
		return b
	}
	r := event.RyuukyokuRecord{Kind: kind, Honba: int16(b.honba), Sticks: int16(b.sticks), Deltas: deltas, Before: b.scores,
		Known: event.KnownBa | event.KnownDeltas | event.KnownBefore}
	if shown.Hands != nil {
		r.Known |= event.KnownHand
		for s, show := range shown.Hands {
			if !show {
				continue
			}
			r.Revealed[s] = true
			r.HandLen[s] = uint8(len(b.conc[s]))
			for i, id := range b.conc[s] {
				r.Hands[s][i], r.HandIDs[s][i] = b.tileOf(id), id
			}
		}
	}
	for s, t := range shown.Tenpai {
		r.Tenpai[s] = event.FlagOf(t)
	}
	b.g.Ryuukyoku = append(b.g.Ryuukyoku, r)
	b.g.Events = append(b.g.Events, event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(b.g.Ryuukyoku) - 1)})
	for s := range b.players {
		b.scores[s] += deltas[s]
	}
	return b
}

// Finish ends the game with its recorded final scores and points (the
// points nil: none recorded).
func (b *Builder) Finish(scores [4]int32, points []float64) *Builder {
	if b.err != nil {
		return b
	}
	e := event.EndRecord{Scores: scores, Known: event.KnownScores}
	if points != nil {
		copy(e.Points[:], points)
		e.Known |= event.KnownPoints2
	}
	b.g.End = append(b.g.End, e)
	b.g.Events = append(b.g.Events, event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(b.g.End) - 1)})
	return b
}
