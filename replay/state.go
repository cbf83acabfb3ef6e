// Package replay is haifu's table state machine. It applies a game's events
// one by one, checks that each is legal (docs/design.md verification levels 1–2)
// and keeps the state of the table: hands, melds, rivers, riichi, the wall,
// dora, furiten and scores. At the end of every hand it hands the state to
// its caller (the adjudicator), which judges the outcome.
//
// The replay never stops at an illegal event: it records a Finding with a
// stable check (such as check.LegalityDiscard), applies the event as well
// as it can, and goes on, so that one bad event does not hide the rest. It
// uses no goroutines; a Replayer is a plain value reused from game to game.
package replay

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// Phase says what the table waits for.
type Phase uint8

// The phases of a hand.
const (
	// BetweenHands: before the first hand, or after a hand ended.
	BetweenHands Phase = iota
	// WaitDraw: Turn is to draw from the live wall.
	WaitDraw
	// WaitReplacement: Turn is to draw a replacement tile (after a kan or a
	// kita), possibly after the kan dora is revealed.
	WaitReplacement
	// WaitDiscard: Turn holds 14−3m tiles (after a draw, or after a chi or
	// pon) and is to discard, declare a kan, a kita or riichi, or win.
	WaitDiscard
	// AfterDiscard: Turn has discarded; others may ron or call, or the
	// next player draws.
	AfterDiscard
	// AfterKan: Turn has declared an added kan (or a closed kan or kita);
	// others may rob it before the replacement draw.
	AfterKan
	// HandOver: the hand ended with a win or a draw; only further wins on
	// the same tile, the game end or a new hand may follow.
	HandOver
)

var phaseNames = [...]string{"between hands", "draw", "replacement draw", "discard", "after discard", "after kan", "hand over"}

// String names the phase.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase?"
}

// RiichiState is how far a player's riichi has gone.
type RiichiState uint8

// The riichi states.
const (
	NoRiichi RiichiState = iota
	// RiichiDeclared: declared; the declaring discard comes next.
	RiichiDeclared
	// RiichiDiscarded: the declaring discard was made; the stick is paid
	// when it passes (RiichiAccepted).
	RiichiDiscarded
	// RiichiAccepted: the stick is paid; the player is in riichi.
	RiichiAccepted
)

// RiverTile is one discard in a player's river.
type RiverTile struct {
	Tile tile.Tile
	// Tsumogiri: the discard was the tile just drawn (as far as known).
	Tsumogiri bool
	// Riichi: the discard declared riichi.
	Riichi bool
	// Called: another player called it (it left the river).
	Called bool
}

// maxRiver bounds a river: 70 live draws shared by at least three players
// plus calls cannot give one player more discards than this.
const maxRiver = 40

// SeatState is one player's part of the table.
type SeatState struct {
	// Hand holds the concealed tiles by kind; N is their number. When
	// Hidden, the log hides the player's concealed tiles (a player's view
	// of the game; event.Meta.HiddenSeats): Hand stays empty and only N is
	// kept, and nothing that depends on the tiles is checked.
	Hand   tile.Counts
	N      int
	Hidden bool
	// Reds is the number of red fives in Hand, per suit (m, p, s).
	Reds [3]uint8
	// IDs are the physical tiles in Hand when the log identifies them.
	IDs idSet
	// Melds are the chi, pon and kans in the order they were made; Kita
	// is the number of Norths set aside (three-player games).
	Melds  [4]event.Meld
	NMelds int
	Kita   int
	// River is the player's discards in order.
	River  [maxRiver]RiverTile
	NRiver int
	// Discarded is the set of kinds the player discarded (furiten).
	Discarded hand.KindSet
	Riichi    RiichiState
	// RiichiDouble: the riichi was declared on the first uninterrupted
	// turn (double riichi); Ippatsu: no call and no own discard since the
	// riichi stick was paid (ippatsu still possible).
	RiichiDouble bool
	Ippatsu      bool
	// NotenRiichi: the riichi discard left the hand noten (seen when the
	// hand is not Hidden); the replay reported it unless its options allow
	// a noten riichi.
	NotenRiichi bool
	// LastDiscardPass and RiichiPass are positions in State.Passes: where
	// the passes after the player's own last discard, and after its riichi
	// discard, begin (-1: none). See State.Passed.
	LastDiscardPass int
	RiichiPass      int
	// Drawn is the tile drawn this turn (tile.None after a call or a
	// discard), DrawnID its id; Rinshan marks a replacement draw.
	Drawn   tile.Tile
	DrawnID tile.ID
	Rinshan bool
	// Score is the player's score, in points, with riichi sticks paid.
	Score int32
	// Present is false while the player is disconnected.
	Present bool
	// CalledThisTurn: the turn started with a chi or pon (no kan, tsumo or
	// riichi before the discard), CalledKind the kind taken and ChiSuji the
	// kind at the other end of a chi's run (swap-calling restriction), or
	// 255.
	CalledThisTurn bool
	CalledKind     tile.Kind
	ChiSuji        tile.Kind
}

// put adds a tile of kind k (a red five when red) to the concealed hand,
// and its id when ids: the counts, the red fives and the ids, with no check
// (the callers check what their case needs, and have the kind at hand).
func (s *SeatState) put(k tile.Kind, red bool, id tile.ID, ids bool) {
	s.Hand[k]++
	s.N++
	if red {
		s.Reds[k.Suit()]++
	}
	if ids {
		s.IDs.add(id)
	}
}

// take removes a tile of kind k (a red five when red) from the concealed
// hand, and its id when ids, with no check: the opposite of put.
func (s *SeatState) take(k tile.Kind, red bool, id tile.ID, ids bool) {
	s.Hand[k]--
	s.N--
	if red {
		s.Reds[k.Suit()]--
	}
	if ids {
		s.IDs.remove(id)
	}
}

// MeldList returns the player's melds. The slice aliases s.
func (s *SeatState) MeldList() []event.Meld { return s.Melds[:s.NMelds] }

// RiverList returns the player's discards. The slice aliases s.
func (s *SeatState) RiverList() []RiverTile { return s.River[:s.NRiver] }

// Closed reports whether the player has no open meld (closed kans keep a
// hand closed).
func (s *SeatState) Closed() bool {
	for i := range s.NMelds {
		if s.Melds[i].Kind != event.MeldClosedKan {
			return false
		}
	}
	return true
}

// MeldTiles returns the counts of the tiles in the player's melds (kita
// not included).
func (s *SeatState) MeldTiles() tile.Counts {
	var c tile.Counts
	for i := range s.NMelds {
		for _, t := range s.Melds[i].Slice() {
			c[t.Kind()]++
		}
	}
	return c
}

// Tiles returns the concealed hand as tiles in kind order, red fives as
// red. The slice is newly allocated.
func (s *SeatState) Tiles() []tile.Tile {
	return s.AppendTiles(make([]tile.Tile, 0, s.N))
}

// AppendTiles appends the concealed hand to out as tiles in kind order, red
// fives as red, and returns the extended slice.
func (s *SeatState) AppendTiles(out []tile.Tile) []tile.Tile {
	for k := range tile.NumKinds {
		n := int(s.Hand[k])
		reds := 0
		if suit := tile.Kind(k).Suit(); suit < tile.Honor && tile.Kind(k).Number() == 5 {
			reds = int(s.Reds[suit])
		}
		for i := range n {
			out = append(out, tile.New(tile.Kind(k), i >= n-reds))
		}
	}
	return out
}

// idSet is a set of physical tile ids 0–135. It has room for every id a
// byte holds, so that indexing it needs no bounds check.
type idSet [4]uint64

func (s *idSet) add(id tile.ID)      { s[id>>6] |= 1 << (id & 63) }
func (s *idSet) remove(id tile.ID)   { s[id>>6] &^= 1 << (id & 63) }
func (s *idSet) has(id tile.ID) bool { return s[id>>6]&(1<<(id&63)) != 0 }

// State is the table during a hand. The zero State is between games.
type State struct {
	// Players is 4, or 3 in sanma.
	Players int
	// HandIndex is the 0-based index of the hand in the game (-1 before
	// the first), Round the hand's start as recorded, RoundEvent the index
	// of its RoundStart event.
	HandIndex  int
	Round      event.Round
	RoundEvent int
	Seats      [4]SeatState
	Phase      Phase
	// Turn is the seat to act (see Phase).
	Turn event.Seat
	// LiveLeft is the number of tiles left to draw from the live wall;
	// every replacement draw also takes one (the dead wall is replenished
	// from the live wall).
	LiveLeft int
	// Replacements is the number of replacement draws so far (kans and
	// kita).
	Replacements int
	// Kans is the number of kans declared, KanSeats the seats that made
	// them (bit per seat).
	Kans     int
	KanSeats uint8
	// Dora are the revealed dora indicators. Kan dora not yet revealed are
	// counted by when they may come: DoraDue must come before the next draw
	// (a closed kan's, or any owed one once another kan is declared),
	// DoraOwed after the replacement draw and before the kan player's
	// discard (or with it, on platforms that reveal at the discard), and
	// DoraWaitDraw only after the replacement draw. There is room for six:
	// the first and five kans' (a fifth kan, where it aborts the hand, may
	// reveal its indicator first).
	Dora         [6]tile.Tile
	NDora        int
	DoraDue      int
	DoraOwed     int
	DoraWaitDraw int
	// Last discard (or added-kan tile, for chankan): seat, tile, id and the
	// event index; LastValid is false when there is none to call or ron.
	LastSeat  event.Seat
	LastTile  tile.Tile
	LastID    tile.ID
	LastEvent int
	LastValid bool
	// LastIsKan marks a kan or kita tile rather than a discard; LastType
	// is the event that put it there (Discard, AddedKan, ClosedKan, Kita).
	LastIsKan bool
	LastType  event.Type
	// lastRiichi: the last discard was a riichi discard (whose stick
	// may still be unpaid; see Replayer.checkRiichiPaid).
	lastRiichi bool
	// Sticks is the number of riichi sticks on the table, deposits of this
	// hand included; Honba the hand's honba.
	Sticks int
	Honba  int
	// FirstGoRound is true until the first call or until every player has
	// discarded once; Discards counts the hand's discards.
	FirstGoRound bool
	Discards     int
	// InterruptPending: a closed kan, an added kan or a kita was just
	// declared. It ends every player's ippatsu and the first go-around
	// (FirstGoRound) once play goes on past it, with the next event that
	// is not a win: a kan robbed by chankan did not happen, so the robber
	// keeps its ippatsu, and a ron on a kita tile keeps the winner's.
	InterruptPending bool
	// Calls counts the hand's chi, pon and kans.
	Calls int
	// Passes lists, in order, the tiles that could have been won on and
	// passed (discards, added-kan tiles): who let go of which kind.
	Passes []Pass
	// Ends are the indices of the hand's Win and Ryuukyoku events;
	// EndPhase is the phase the table was in when the first of them came.
	Ends     []int
	EndPhase Phase
	// Broken: the log cannot be rebuilt beyond a point of the hand (an
	// event.Broken, reported): the hand has no result and is over there.
	Broken bool
}

// Pass is a tile other players could have won on and let go.
type Pass struct {
	Seat event.Seat // the player whose tile it was
	Kind tile.Kind
}

// Passed returns the kinds other players let go of since seat s's own last
// discard, and since its riichi discard: a ron on a hand whose waits meet
// them is temporary or riichi furiten. The hand does not change in between,
// so its waits at the ron are its waits then.
func (st *State) Passed(s event.Seat) (sinceDiscard, sinceRiichi hand.KindSet) {
	ss := &st.Seats[s]
	from := ss.LastDiscardPass
	if ss.RiichiPass >= 0 && (from < 0 || ss.RiichiPass < from) {
		from = ss.RiichiPass
	}
	if from < 0 {
		from = 0
	}
	for i := from; i < len(st.Passes); i++ {
		p := st.Passes[i]
		if p.Seat == s {
			continue
		}
		if i >= ss.LastDiscardPass {
			sinceDiscard.Add(p.Kind)
		}
		if ss.RiichiPass >= 0 && i >= ss.RiichiPass {
			sinceRiichi.Add(p.Kind)
		}
	}
	return sinceDiscard, sinceRiichi
}

// LiveWall returns the number of live tiles of a fresh wall: 136 − 14 dead
// − 13 per player.
func liveWall(players int) int {
	if players == 3 {
		return 108 - 14 - 39
	}
	return 136 - 14 - 52
}
