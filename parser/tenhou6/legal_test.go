package tenhou6

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// checkPlay replays a decoded game with a small, independent state machine
// and reports the first event that breaks the rules of play the replay
// engine will check: turn order, tiles in hand, hand sizes, replacement
// draws after kans and kita, riichi acceptance right after the declaring
// discard, kan dora after kans, the wall count (an exhaustive draw comes
// exactly when the live wall is empty; fullWall false skips that for
// synthetic rounds), and win records whose hand and melds match the table.
func checkPlay(g *event.Game, fullWall bool) error {
	players := int(g.Meta.Players)
	wall := 70
	if players == 3 {
		wall = 55
	}
	type seatState struct {
		hand   [handSlots]int
		melds  int // chi, pon and kans
		melded []event.Meld
		last   tile.Tile
	}
	const (
		none = iota
		mustAct
		afterDiscard
		afterDeclare // after a kan or kita, before its replacement draw
		ended
	)
	var (
		seats     [4]seatState
		actor     event.Seat
		phase     int
		discarder event.Seat
		discard   tile.Tile
		draws     int
		kans      int
		doras     int
		riichiBy  = event.NoSeat
		round     = -1
	)
	next := func(s event.Seat) event.Seat { return event.Seat((int(s) + 1) % players) }
	for i := range g.Events {
		e := &g.Events[i]
		fail := func(format string, args ...any) error {
			return fmt.Errorf("round %d, event %d (%v seat %d %v): %s", round, i, e.Type, e.Seat, e.Tile, fmt.Sprintf(format, args...))
		}
		if riichiBy != event.NoSeat && e.Type != event.Discard && e.Type != event.Dora {
			return fail("riichi is not followed by its discard")
		}
		switch e.Type {
		case event.RoundStart:
			if round >= 0 && phase != ended {
				return fail("previous round has no end")
			}
			round++
			r := &g.Rounds[e.Ref]
			seats = [4]seatState{}
			for s := range players {
				for _, t := range r.Hands[s] {
					seats[s].hand[tileIndex(t)]++
				}
			}
			actor, phase, draws, kans, doras = r.Dealer, none, 0, 0, 0
			discarder = event.NoSeat
		case event.Draw:
			repl := e.Flags&event.Replacement != 0
			switch {
			case repl && (phase != afterDeclare || e.Seat != actor):
				return fail("replacement draw without a kan or kita")
			case !repl && phase == afterDeclare:
				return fail("normal draw after a kan or kita")
			case !repl && phase == none && e.Seat != actor:
				return fail("first draw is not the dealer's")
			case !repl && phase == afterDiscard && e.Seat != next(discarder):
				return fail("draw out of turn after seat %d's discard", discarder)
			case !repl && phase != none && phase != afterDiscard:
				return fail("draw in phase %d", phase)
			}
			draws++
			if draws > wall {
				return fail("draw %d from a wall of %d", draws, wall)
			}
			seats[e.Seat].hand[tileIndex(e.Tile)]++
			seats[e.Seat].last = e.Tile
			actor, phase = e.Seat, mustAct
		case event.Riichi:
			if phase != mustAct || e.Seat != actor {
				return fail("riichi out of turn")
			}
			riichiBy = e.Seat
			continue
		case event.Discard:
			st := &seats[e.Seat]
			if phase != mustAct || e.Seat != actor {
				return fail("discard out of turn")
			}
			if riichiBy != event.NoSeat && riichiBy != e.Seat {
				return fail("riichi by another seat")
			}
			if st.hand[tileIndex(e.Tile)] == 0 {
				return fail("discard of a tile not in hand")
			}
			if e.Flags&event.Tsumogiri != 0 && e.Tile != st.last {
				return fail("tsumogiri of %v but the drawn tile is %v", e.Tile, st.last)
			}
			st.hand[tileIndex(e.Tile)]--
			st.last = tile.None
			if n := sum(st.hand[:]); n != 13-3*st.melds {
				return fail("%d tiles in hand after the discard with %d melds", n, st.melds)
			}
			if riichiBy != event.NoSeat {
				riichiBy = event.NoSeat
				phase = afterDiscard
				discarder, discard = e.Seat, e.Tile
				// The acceptance, if any, must come next.
				if i+1 < len(g.Events) && g.Events[i+1].Type == event.RiichiAccepted && g.Events[i+1].Seat != e.Seat {
					return fail("riichi accepted for another seat")
				}
				continue
			}
			phase = afterDiscard
			discarder, discard = e.Seat, e.Tile
		case event.RiichiAccepted:
			if phase != afterDiscard || e.Seat != discarder || g.Events[i-1].Type != event.Discard {
				return fail("riichi accepted away from its discard")
			}
		case event.Call:
			st := &seats[e.Seat]
			if phase != afterDiscard || e.From != discarder || e.Tile != discard || e.Seat == discarder {
				return fail("call of seat %d's %v, but the last discard is seat %d's %v", e.From, e.Tile, discarder, discard)
			}
			if e.Meld.Kind == event.MeldChi && e.Seat != next(discarder) {
				return fail("chi not from the left")
			}
			if e.Meld.CalledTile() != e.Tile {
				return fail("meld's called tile %v", e.Meld.CalledTile())
			}
			for k, t := range e.Meld.Slice() {
				if k == int(e.Meld.Called) {
					continue
				}
				if st.hand[tileIndex(t)] == 0 {
					return fail("own tile %v not in hand", t)
				}
				st.hand[tileIndex(t)]--
			}
			st.melds++
			st.melded = append(st.melded, e.Meld)
			st.last = tile.None
			actor, phase = e.Seat, mustAct
			if e.Meld.Kind == event.MeldOpenKan {
				kans++
				phase = afterDeclare
			}
		case event.ClosedKan, event.AddedKan, event.Kita:
			st := &seats[e.Seat]
			if phase != mustAct || e.Seat != actor {
				return fail("declaration out of turn")
			}
			switch e.Type {
			case event.ClosedKan:
				for _, t := range e.Meld.Slice() {
					if st.hand[tileIndex(t)] == 0 {
						return fail("closed kan tile %v not in hand", t)
					}
					st.hand[tileIndex(t)]--
				}
				st.melds++
				st.melded = append(st.melded, e.Meld)
				kans++
			case event.AddedKan:
				p := slices.IndexFunc(st.melded, func(m event.Meld) bool {
					return m.Kind == event.MeldPon && m.Tiles[0].Kind() == e.Tile.Kind()
				})
				if p < 0 || st.hand[tileIndex(e.Tile)] == 0 {
					return fail("added kan without its pon or tile")
				}
				st.hand[tileIndex(e.Tile)]--
				st.melded[p] = e.Meld
				kans++
			case event.Kita:
				if players != 3 || e.Tile.Kind() != tile.North || st.hand[tileIndex(e.Tile)] == 0 {
					return fail("bad kita")
				}
				st.hand[tileIndex(e.Tile)]--
				st.melded = append(st.melded, e.Meld)
			}
			st.last = tile.None
			phase = afterDeclare
			discarder = e.Seat
		case event.Dora:
			doras++
			if doras > kans {
				return fail("%d kan dora after %d kans", doras, kans)
			}
			if e.Flags&event.TimingUnknown == 0 {
				return fail("kan dora without TimingUnknown")
			}
		case event.Win:
			w := &g.Wins[e.Ref]
			st := &seats[w.Winner]
			switch {
			case w.Tsumo():
				if phase != mustAct || w.Winner != actor {
					return fail("tsumo out of turn")
				}
			case phase == afterDiscard || phase == afterDeclare || phase == ended:
				if w.From != discarder {
					return fail("ron from seat %d, last discard or kan by seat %d", w.From, discarder)
				}
			default:
				return fail("ron in phase %d", phase)
			}
			var h [handSlots]int
			for _, t := range w.HandTiles() {
				h[tileIndex(t)]++
			}
			want := st.hand
			if !w.Tsumo() {
				want[tileIndex(w.WinTile)]++
			}
			if h != want {
				return fail("win hand %v does not match the table", tile.FormatTiles(w.HandTiles()))
			}
			n := 0
			for _, m := range w.MeldList() {
				if m.Kind != event.MeldKita {
					n++
				}
			}
			if int(w.HandLen)+3*n != 14 {
				return fail("win hand of %d tiles with %d melds", w.HandLen, n)
			}
			phase = ended
		case event.Broken:
			// A round whose order of play cannot be found: it ends
			// there, with what the decoder found.
			if br := g.BreakOf(e); br == nil || br.Message == "" {
				return fail("a broken round without its record")
			}
			phase = ended
			continue
		case event.Ryuukyoku:
			r := &g.Ryuukyoku[e.Ref]
			switch r.Kind {
			case event.Exhaustive, event.Nagashi:
				if fullWall && draws != wall {
					return fail("exhaustive draw after %d of %d draws", draws, wall)
				}
			case event.NineTerminals:
				if phase != mustAct {
					return fail("nine terminals out of turn")
				}
			}
			phase = ended
		}
	}
	if round >= 0 && phase != ended {
		return fmt.Errorf("round %d has no end", round)
	}
	return nil
}

func sum(a []int) int {
	n := 0
	for _, x := range a {
		n += x
	}
	return n
}

// checkOffsets checks that each event's Pos.Offset points at the item it
// was decoded from: a draw or a dora at its tile code, a discard at its code,
// 60 or its "r" string, a call, kan or kita at its string, a round start at
// its round's '['.
func checkOffsets(data []byte, g *event.Game) error {
	at := func(off int32) string {
		if off < 0 || int(off) >= len(data) {
			return ""
		}
		end := min(int(off)+12, len(data))
		return string(data[off:end])
	}
	code := func(t tile.Tile) string { return strconv.Itoa(t.Tenhou6()) }
	for i, e := range g.Events {
		s := at(e.Pos.Offset)
		ok := true
		switch e.Type {
		case event.RoundStart:
			ok = strings.HasPrefix(s, "[")
		case event.Draw:
			ok = strings.HasPrefix(s, code(e.Tile)) || strings.HasPrefix(s, `"`)
		case event.Dora:
			ok = strings.HasPrefix(s, code(e.Tile))
		case event.Discard:
			ok = strings.HasPrefix(s, code(e.Tile)) || strings.HasPrefix(s, "60") || strings.HasPrefix(s, `"r`)
		case event.Call, event.ClosedKan, event.AddedKan, event.Kita, event.Riichi:
			ok = strings.HasPrefix(s, `"`)
		case event.Win, event.Ryuukyoku:
			ok = strings.HasPrefix(s, "[")
		default:
			continue
		}
		if !ok {
			return fmt.Errorf("event %d (%v %v) has offset %d at %q", i, e.Type, e.Tile, e.Pos.Offset, s)
		}
	}
	return nil
}
