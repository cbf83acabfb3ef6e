// Package event is haifu's canonical model of a game log. Every parser turns
// its format into a Game; the replay engine and everything after it read only
// this model.
//
// A Game holds the metadata (Meta) and the ordered list of Events. An Event
// is a small value (about 32 bytes) so that a game of a few hundred events
// decodes into one reused slice without an allocation per event. The few
// events that carry a lot of data point with Ref into a side table of the
// Game: a RoundStart into Rounds, a Win into Wins, a Ryuukyoku into
// Ryuukyoku, a RiichiAccepted into Scores, a GameEnd into End.
//
// Recorded outcomes stay as the log recorded them. Fields a format cannot
// carry are marked unknown (see Known), never invented.
package event

import (
	"strconv"

	"github.com/haifu/haifu/tile"
)

// Seat is an absolute seat, 0–3; seat 0 is the first dealer.
type Seat int8

// NoSeat means "no seat" (for instance no liable player).
const NoSeat Seat = -1

// Valid reports whether s is 0–3.
func (s Seat) Valid() bool { return s >= 0 && s < 4 }

// Type says what an event is.
type Type uint8

// The event types. Their String values are the `type` names of `haifu
// events` output.
const (
	_              Type = iota
	GameStart           // the game's metadata is Game.Meta
	RoundStart          // a hand starts; Ref indexes Game.Rounds
	Draw                // Seat draws Tile (Flags&Replacement for a draw from the dead wall)
	Discard             // Seat discards Tile (Flags say whether it was the drawn tile)
	Riichi              // Seat declares riichi; the declaring discard follows
	RiichiAccepted      // Seat's riichi stands and its 1000-point stick is paid; Ref indexes Game.Scores or is -1
	Call                // Seat calls From's discard Tile: Meld is the chi, pon or open kan
	ClosedKan           // Seat declares a closed kan: Meld holds the four tiles
	AddedKan            // Seat adds Tile to its pon: Meld holds the four tiles
	Kita                // Seat sets aside a North (three-player nukidora); Tile is the North
	Dora                // a new dora indicator Tile is revealed
	Win                 // Seat wins; Ref indexes Game.Wins
	Ryuukyoku           // the hand ends without a winner; Ref indexes Game.Ryuukyoku
	GameEnd             // the recorded final result; Ref indexes Game.End
	Disconnect          // Seat left the game
	Reconnect           // Seat came back
	// Broken: the rest of the hand cannot be rebuilt from the log (a
	// tenhou.net/6 round whose order of play cannot be found, a Mahjong
	// Soul record that contradicts the hand). Seat and Tile name the act
	// found impossible (NoSeat and tile.None when no act is to blame), Ref
	// indexes Game.Breaks, which says what. The hand's later play and its
	// result are not in the stream: the next RoundStart starts the next
	// hand as the log records it.
	Broken
	numTypes
)

var typeNames = [numTypes]string{
	GameStart:      "game_start",
	RoundStart:     "round_start",
	Draw:           "draw",
	Discard:        "discard",
	Riichi:         "riichi",
	RiichiAccepted: "riichi_accepted",
	Call:           "call",
	ClosedKan:      "closed_kan",
	AddedKan:       "added_kan",
	Kita:           "kita",
	Dora:           "dora",
	Win:            "win",
	Ryuukyoku:      "ryuukyoku",
	GameEnd:        "game_end",
	Disconnect:     "disconnect",
	Reconnect:      "reconnect",
	Broken:         "broken",
}

// String returns the event type's name as written by `haifu events`, such as
// "round_start".
func (t Type) String() string {
	if t == 0 || t >= numTypes {
		return "Type(" + strconv.Itoa(int(t)) + ")"
	}
	return typeNames[t]
}

// Flags are boolean details of an event.
type Flags uint8

// Flag bits.
const (
	// Tsumogiri marks a discard of the tile just drawn.
	Tsumogiri Flags = 1 << iota
	// TsumogiriUnknown marks a discard for which the format cannot tell
	// whether it was the drawn tile. Tsumogiri is then clear.
	TsumogiriUnknown
	// Replacement marks a draw from the dead wall after a kan or a kita.
	Replacement
	// TimingUnknown marks a Dora event whose exact place in the stream the
	// format does not record; the parser put it at the earliest legal point.
	TimingUnknown
	// CopyUnknown marks a tile whose red-five status the format could not
	// give (rare; see the parser's documentation).
	CopyUnknown
)

// Pos is where an event came from in its source: the byte offset (in the
// decompressed input) and the element, line or record index. Either is -1
// when unknown.
type Pos struct {
	Offset int32
	Index  int32
}

// Event is one step of a game. Which fields are used depends on Type; see the
// Type constants. Unused fields are zero (Seat and From are NoSeat).
type Event struct {
	Type  Type
	Seat  Seat
	From  Seat
	Flags Flags
	Tile  tile.Tile
	ID    tile.ID // the physical id of Tile, valid only when Game.Meta.TileIDs
	Meld  Meld
	Ref   int32
	Pos   Pos
}
