package logdiff

import (
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// kind is what a fact says: one line of Lines.
type kind uint8

const (
	kGame        kind = iota + 1 // game players=N
	kID                          // the log id (Meta)
	kName                        // a seat's name (Meta); sub is the seat
	kRound                       // a hand starts: round, sticks, dealer, scores, dora
	kDice                        // the hand's dice
	kHand                        // a starting hand; sub is the seat
	kDraw                        // a draw
	kDiscard                     // a discard
	kRiichi                      // a riichi declaration
	kAccepted                    // a riichi stick paid
	kCall                        // chi, pon, open kan
	kClosedKan                   // closed kan
	kAddedKan                    // added kan
	kKita                        // kita
	kDora                        // a dora indicator revealed
	kKanDoras                    // the hand's kan dora indicators, when their timing is dropped
	kWin                         // winner, discarder, liable seat, deltas
	kWinPoints                   // the win's value
	kWinLimit                    // its limit
	kWinFu                       // its fu
	kWinHan                      // its han
	kWinYaku                     // its yaku
	kWinDora                     // its dora indicators
	kWinUra                      // its ura indicators
	kWinHand                     // the winning hand and tile
	kWinMelds                    // the winner's melds
	kWinBa                       // the honba and sticks with the win
	kWinBefore                   // the scores before the win
	kRyuukyoku                   // a hand ends without a winner: kind, deltas
	kShows                       // a hand shown at the draw; sub is the seat
	kDrawBa                      // the honba and sticks with the draw
	kDrawBefore                  // the scores before the draw
	kEnd                         // the game's final scores
	kEndPoints                   // the final points
	kConnection                  // a disconnection or reconnection
	kConnections                 // the hand's disconnections, when their timing is dropped
)

// fact is one thing a log says about its game, one line of Lines. Its
// values are read from the game when it is compared or written.
type fact struct {
	kind kind
	sub  int8
	hand int32 // index of the hand, -1 for the game's own facts
	ev   int32 // index of the event in Game.Events (the first of a list); -1 for none
	// lo and hi delimit a list fact's items in side.items.
	lo, hi int32
}

// side is one game prepared for a comparison: its facts and the lists
// they refer to. It keeps its memory from one game to the next.
type side struct {
	g     *event.Game
	drop  Fields
	facts []fact  // the hands' facts, in order
	game  []fact  // the game's own facts (hand -1), in order
	items []int32 // events of the list facts
	hands []handSpan
	// lines: keep every fact in all too, in the order of the log (Lines).
	lines bool
	all   []fact
	kinds kinds
}

// handSpan is where a hand's facts are in side.facts.
type handSpan struct {
	lo, hi int32
	id     event.RoundID
	dealer event.Seat
	// round indexes the hand's record in Game.Rounds, whose deal
	// sameDeal compares.
	round int32
}

// sameDeal reports whether two hands of games of pa and pb players have
// the same deal: the same dora indicator and the same starting hands,
// each as a multiset of tiles.
func sameDeal(a, b *event.Round, pa, pb int) bool {
	if pa != pb || a.Dora != b.Dora {
		return false
	}
	for s := range pa {
		ha, hb := &a.Hands[s], &b.Hands[s]
		if *ha == *hb {
			continue
		}
		var n [256]int8
		for i := range ha {
			n[ha[i]]++
			n[hb[i]]--
		}
		for _, t := range ha {
			if n[t] != 0 {
				return false
			}
		}
	}
	return true
}

// build makes s the facts of g without the fields of drop.
func (s *side) build(g *event.Game, drop Fields) {
	s.g, s.drop = g, drop
	s.facts, s.items, s.hands, s.game = s.facts[:0], s.items[:0], s.hands[:0], s.game[:0]
	s.all = s.all[:0]
	s.kinds.set(int8(g.Meta.PlayerCount()), drop)
	hand := int32(-1)
	doras := int32(-1) // start in items of the pending kan dora indicators, or -1
	conns := int32(-1) // start in items of the pending disconnections, or -1
	doraHand, connHand := int32(-1), int32(-1)
	ended := false  // the game end was seen: later facts are the game's
	sawEnd := false // an end was added
	add := func(k kind, sub int8, h int32, ev int) {
		if h >= 0 && k != kRound && !s.lines {
			s.facts = append(s.facts, fact{kind: k, sub: sub, hand: h, ev: int32(ev)}) // most facts
			return
		}
		s.put(fact{kind: k, sub: sub, hand: h, ev: int32(ev)})
	}
	flushDoras := func() {
		if doras >= 0 {
			s.put(fact{kind: kKanDoras, hand: doraHand, ev: s.items[doras], lo: doras, hi: int32(len(s.items))})
			doras = -1
		}
	}
	flushConns := func() {
		if conns >= 0 {
			s.put(fact{kind: kConnections, hand: connHand, ev: s.items[conns], lo: conns, hi: int32(len(s.items))})
			conns = -1
		}
	}
	// Draws and discards, most events, are appended apart, to a local
	// slice (the closures append to s.facts through memory), and tested
	// apart: a switch of two cases compiles to compares, which the
	// processor predicts better than the jump table of the switch of all.
	facts, lines := s.facts, s.lines
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.Draw:
			if hand >= 0 && !lines {
				facts = append(facts, fact{kind: kDraw, hand: hand, ev: int32(i)})
				continue
			}
		case event.Discard:
			if hand >= 0 && !lines {
				facts = append(facts, fact{kind: kDiscard, hand: hand, ev: int32(i)})
				continue
			}
		}
		s.facts = facts
		func() {
			switch e.Type {
			case event.Draw:
				add(kDraw, 0, hand, i)
			case event.Discard:
				add(kDiscard, 0, hand, i)
			case event.GameStart:
				s.addAll(event.GameStart, -1, i, add)
			case event.RoundStart:
				flushDoras()
				flushConns()
				if !validRef(e.Ref, len(g.Rounds)) {
					return
				}
				hand++
				s.addAll(event.RoundStart, hand, i, add)
			case event.Riichi, event.RiichiAccepted, event.Call, event.ClosedKan, event.AddedKan, event.Kita:
				add(oneFact[e.Type], 0, hand, i)
			case event.Dora:
				if drop&DoraTiming == 0 {
					add(kDora, 0, hand, i)
					return
				}
				if doras < 0 {
					doras, doraHand = int32(len(s.items)), hand
				}
				s.items = append(s.items, int32(i))
			case event.Win:
				flushDoras()
				if !validRef(e.Ref, len(g.Wins)) {
					return
				}
				s.addAll(event.Win, hand, i, add)
			case event.Ryuukyoku:
				flushDoras()
				if !validRef(e.Ref, len(g.Ryuukyoku)) {
					return
				}
				s.addAll(event.Ryuukyoku, hand, i, add)
			case event.GameEnd:
				flushDoras()
				flushConns()
				ended = true
				if drop&End != 0 || !validRef(e.Ref, len(g.End)) {
					return
				}
				sawEnd = true
				s.addAll(event.GameEnd, -1, i, add)
			case event.Disconnect, event.Reconnect:
				switch {
				case drop&Connection != 0:
				case drop&ConnectionTiming != 0 && hand >= 0 && !ended:
					if conns < 0 {
						conns, connHand = int32(len(s.items)), hand
					}
					s.items = append(s.items, int32(i))
				default:
					h := hand
					if ended {
						h = -1 // after the game end: a fact of the game
					}
					add(kConnection, 0, h, i)
				}
			}
		}()
		facts = s.facts
	}
	s.facts = facts
	flushDoras()
	flushConns()
	if !sawEnd && drop&End == 0 && !s.lines {
		// No recorded end: an end whose values are unknown (a log that
		// stops, or a format without one, agrees with any end).
		s.addAll(event.GameEnd, -1, -1, add)
	}
	if n := len(s.hands); n > 0 {
		s.hands[n-1].hi = int32(len(s.facts))
	}
}

// oneFact is the kind of the fact of each type of event that makes one
// fact (build and quick), 0 for the others.
var oneFact = [event.Broken + 1]kind{
	event.Riichi: kRiichi, event.RiichiAccepted: kAccepted, event.Call: kCall, event.ClosedKan: kClosedKan,
	event.AddedKan: kAddedKan, event.Kita: kKita, event.Dora: kDora, event.Disconnect: kConnection, event.Reconnect: kConnection,
}

// addAll adds the facts of the event i of type t (see kinds) to hand h.
func (s *side) addAll(t event.Type, h int32, i int, add func(k kind, sub int8, h int32, ev int)) {
	for _, k := range s.kinds.of(t) {
		add(k.kind, k.sub, h, i)
	}
}

// kinds are the kinds of the facts an event makes, by its type, for the
// events that make several (a game start, a hand start, a win, a hand
// without a winner, a game end), for games of one number of players
// without the fields of one set: build makes the facts, quick compares
// them.
type kinds struct {
	players int8
	drop    Fields
	ready   bool
	n       [event.Broken]uint8
	k       [event.Broken][16]factKind
}

// factKind is one fact an event makes: its kind and sub (a seat).
type factKind struct {
	kind kind
	sub  int8
}

// of returns the facts an event of type t makes.
func (ks *kinds) of(t event.Type) []factKind { return ks.k[t][:ks.n[t]] }

// set makes ks the kinds for games of players players without drop.
func (ks *kinds) set(players int8, drop Fields) {
	if ks.ready && ks.players == players && ks.drop == drop {
		return
	}
	*ks = kinds{players: players, drop: drop, ready: true}
	put := func(t event.Type, k kind, sub int8, when bool) {
		if when {
			ks.k[t][ks.n[t]] = factKind{k, sub}
			ks.n[t]++
		}
	}
	put(event.GameStart, kGame, 0, true)
	put(event.GameStart, kID, 0, drop&Meta == 0)
	for seat := range players {
		put(event.GameStart, kName, seat, drop&Meta == 0)
	}
	put(event.RoundStart, kRound, 0, true)
	put(event.RoundStart, kDice, 0, drop&Dice == 0)
	for seat := range players {
		put(event.RoundStart, kHand, seat, true)
	}
	put(event.Win, kWin, 0, true)
	put(event.Win, kWinPoints, 0, drop&Points == 0)
	put(event.Win, kWinLimit, 0, drop&Limit == 0)
	put(event.Win, kWinFu, 0, drop&Fu == 0)
	put(event.Win, kWinHan, 0, true)
	put(event.Win, kWinYaku, 0, drop&Yaku == 0)
	put(event.Win, kWinDora, 0, true)
	put(event.Win, kWinUra, 0, drop&Ura == 0)
	put(event.Win, kWinHand, 0, drop&WinHand == 0)
	put(event.Win, kWinMelds, 0, drop&WinHand == 0)
	put(event.Win, kWinBa, 0, drop&Ba == 0)
	put(event.Win, kWinBefore, 0, drop&Before == 0)
	put(event.Ryuukyoku, kRyuukyoku, 0, true)
	for seat := range players {
		put(event.Ryuukyoku, kShows, seat, drop&Revealed == 0)
	}
	put(event.Ryuukyoku, kDrawBa, 0, drop&Ba == 0)
	put(event.Ryuukyoku, kDrawBefore, 0, drop&Before == 0)
	put(event.GameEnd, kEnd, 0, true)
	put(event.GameEnd, kEndPoints, 0, drop&EndPoints == 0)
}

// put adds a fact: to the game's own facts, or to the hands' (starting a
// hand's span at its first fact).
func (s *side) put(f fact) {
	if s.lines {
		s.all = append(s.all, f)
	}
	if f.hand < 0 {
		s.game = append(s.game, f)
		return
	}
	if f.kind == kRound {
		r := &s.g.Rounds[s.g.Events[f.ev].Ref]
		if n := len(s.hands); n > 0 {
			s.hands[n-1].hi = int32(len(s.facts))
		}
		s.hands = append(s.hands, handSpan{lo: int32(len(s.facts)), id: r.ID(), dealer: r.Dealer, round: s.g.Events[f.ev].Ref})
	}
	s.facts = append(s.facts, f)
}

// validRef reports whether ref indexes a side table of n records.
func validRef(ref int32, n int) bool { return ref >= 0 && int(ref) < n }

// sortedHand returns seat's starting hand of round r, sorted when the
// order is dropped.
func sortedHand(r *event.Round, seat int8, drop Fields) [13]tile.Tile {
	h := r.Hands[seat]
	if drop&HandOrder != 0 {
		sortTiles(h[:])
	}
	return h
}

// sortTiles sorts a few tiles by tile.Compare.
func sortTiles(ts []tile.Tile) {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && tile.Compare(ts[j], ts[j-1]) < 0; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

// meldTiles returns a meld's tiles sorted.
func meldTiles(m *event.Meld) ([4]tile.Tile, int) {
	var ts [4]tile.Tile
	n := copy(ts[:], m.Slice())
	sortTiles(ts[:n])
	return ts, n
}

// yakuOf returns a win's yaku without the 0-han ura dora entry (Tenhou
// lists it in mjlog only), sorted when the order is dropped.
func yakuOf(w *event.WinRecord, drop Fields, buf []event.Yaku) []event.Yaku {
	buf = buf[:0]
	for _, y := range w.YakuList() {
		if y.ID == event.YakuUraDora && y.Han == 0 {
			continue
		}
		buf = append(buf, y)
	}
	if drop&YakuOrder != 0 {
		slices.SortFunc(buf, func(a, b event.Yaku) int {
			if a.ID != b.ID {
				return int(a.ID) - int(b.ID)
			}
			return int(a.Han) - int(b.Han)
		})
	}
	return buf
}

// span returns hand h's facts.
func (s *side) span(h int) []fact {
	sp := s.hands[h]
	return s.facts[sp.lo:sp.hi]
}
