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
	players := int8(g.Meta.PlayerCount())
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
				add(kGame, 0, -1, i)
				if drop&Meta == 0 {
					add(kID, 0, -1, i)
					for seat := range players {
						add(kName, seat, -1, i)
					}
				}
			case event.RoundStart:
				flushDoras()
				flushConns()
				if !validRef(e.Ref, len(g.Rounds)) {
					return
				}
				hand++
				add(kRound, 0, hand, i)
				if drop&Dice == 0 {
					add(kDice, 0, hand, i)
				}
				for seat := range players {
					add(kHand, seat, hand, i)
				}
			case event.Riichi:
				add(kRiichi, 0, hand, i)
			case event.RiichiAccepted:
				add(kAccepted, 0, hand, i)
			case event.Call:
				add(kCall, 0, hand, i)
			case event.ClosedKan:
				add(kClosedKan, 0, hand, i)
			case event.AddedKan:
				add(kAddedKan, 0, hand, i)
			case event.Kita:
				add(kKita, 0, hand, i)
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
				add(kWin, 0, hand, i)
				if drop&Points == 0 {
					add(kWinPoints, 0, hand, i)
				}
				if drop&Limit == 0 {
					add(kWinLimit, 0, hand, i)
				}
				if drop&Fu == 0 {
					add(kWinFu, 0, hand, i)
				}
				add(kWinHan, 0, hand, i)
				if drop&Yaku == 0 {
					add(kWinYaku, 0, hand, i)
				}
				add(kWinDora, 0, hand, i)
				if drop&Ura == 0 {
					add(kWinUra, 0, hand, i)
				}
				if drop&WinHand == 0 {
					add(kWinHand, 0, hand, i)
					add(kWinMelds, 0, hand, i)
				}
				if drop&Ba == 0 {
					add(kWinBa, 0, hand, i)
				}
				if drop&Before == 0 {
					add(kWinBefore, 0, hand, i)
				}
			case event.Ryuukyoku:
				flushDoras()
				if !validRef(e.Ref, len(g.Ryuukyoku)) {
					return
				}
				add(kRyuukyoku, 0, hand, i)
				if drop&Revealed == 0 {
					for seat := range players {
						add(kShows, seat, hand, i)
					}
				}
				if drop&Ba == 0 {
					add(kDrawBa, 0, hand, i)
				}
				if drop&Before == 0 {
					add(kDrawBefore, 0, hand, i)
				}
			case event.GameEnd:
				flushDoras()
				flushConns()
				ended = true
				if drop&End != 0 || !validRef(e.Ref, len(g.End)) {
					return
				}
				sawEnd = true
				add(kEnd, 0, -1, i)
				if drop&EndPoints == 0 {
					add(kEndPoints, 0, -1, i)
				}
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
		add(kEnd, 0, -1, -1)
		if drop&EndPoints == 0 {
			add(kEndPoints, 0, -1, -1)
		}
	}
	if n := len(s.hands); n > 0 {
		s.hands[n-1].hi = int32(len(s.facts))
	}
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
