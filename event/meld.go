package event

import (
	"fmt"
	"strconv"

	"github.com/haifu/haifu/tile"
)

// MeldKind is the kind of a meld.
type MeldKind uint8

// The meld kinds. Kita is the North set aside in three-player games; Tenhou
// records it with the meld codes, so it is a meld here too.
const (
	_ MeldKind = iota
	MeldChi
	MeldPon
	MeldOpenKan
	MeldClosedKan
	MeldAddedKan
	MeldKita
	numMeldKinds
)

var meldKindNames = [numMeldKinds]string{
	MeldChi:       "chi",
	MeldPon:       "pon",
	MeldOpenKan:   "open_kan",
	MeldClosedKan: "closed_kan",
	MeldAddedKan:  "added_kan",
	MeldKita:      "kita",
}

// String returns the meld kind's name: "chi", "pon", "open_kan",
// "closed_kan", "added_kan" or "kita".
func (k MeldKind) String() string {
	if k == 0 || k >= numMeldKinds {
		return "MeldKind(" + strconv.Itoa(int(k)) + ")"
	}
	return meldKindNames[k]
}

// IsKan reports whether k is one of the three kans.
func (k MeldKind) IsKan() bool { return k == MeldOpenKan || k == MeldClosedKan || k == MeldAddedKan }

// Meld is a chi, pon, kan or kita as it stands on the table. The zero Meld is
// "no meld".
type Meld struct {
	Kind MeldKind
	// From is the seat whose discard was called; for a closed kan or a kita
	// it is NoSeat. For an added kan it is the seat the pon was called from.
	From Seat
	// N is the number of tiles used in Tiles: 3 for chi and pon, 4 for kans,
	// 1 for kita.
	N uint8
	// Called is the index in Tiles of the tile taken from another player, or
	// -1 (closed kan, kita).
	Called int8
	// Tiles are the meld's tiles in ascending order, red fives after the
	// plain fives of their suit.
	Tiles [4]tile.Tile
	// IDs are the physical ids of Tiles, valid only when Game.Meta.TileIDs.
	IDs [4]tile.ID
}

// Slice returns the meld's tiles. The slice aliases m. It stops at the
// array's end whatever N says.
func (m *Meld) Slice() []tile.Tile { return m.Tiles[:min(int(m.N), len(m.Tiles))] }

// CalledTile returns the tile taken from another player, or tile.None.
func (m *Meld) CalledTile() tile.Tile {
	if m.Called < 0 || int(m.Called) >= int(m.N) {
		return tile.None
	}
	return m.Tiles[m.Called]
}

// FirstKind returns the kind of the meld's first tile; for a chi the lowest.
func (m *Meld) FirstKind() tile.Kind { return m.Tiles[0].Kind() }

// Check reports the first value of m that no log can give (see
// WinRecord.Check), or nil.
func (m *Meld) Check(players int) error {
	switch {
	case int(m.N) > len(m.Tiles):
		return fmt.Errorf("%d tiles", m.N)
	case m.Called >= int8(m.N) || m.Called < -1:
		return fmt.Errorf("called tile %d of %d", m.Called, m.N)
	case m.From != NoSeat && !seatOf(m.From, players):
		return fmt.Errorf("called from %d, not a seat of a %d-player game", m.From, players)
	}
	return checkTiles(m.Slice())
}

// ShapeError returns "" when m's tiles have the shape its kind needs, else a
// description of the problem.
func (m *Meld) ShapeError() string {
	ts := m.Slice()
	want := 0
	switch m.Kind {
	case MeldChi, MeldPon:
		want = 3
	case MeldOpenKan, MeldClosedKan, MeldAddedKan:
		want = 4
	case MeldKita:
		want = 1
	default:
		return fmt.Sprintf("no meld kind %d", m.Kind)
	}
	if len(ts) != want {
		return fmt.Sprintf("%d tiles, want %d", len(ts), want)
	}
	for _, t := range ts {
		if !t.Valid() {
			return "invalid tile"
		}
	}
	k0 := ts[0].Kind()
	if m.Kind == MeldChi {
		if k0.IsHonor() || ts[1].Kind() != k0+1 || ts[2].Kind() != k0+2 || (k0+2).Suit() != k0.Suit() {
			return "not a run"
		}
		return ""
	}
	for _, t := range ts {
		if t.Kind() != k0 {
			return "tiles of different kinds"
		}
	}
	if m.Called >= 0 && int(m.Called) >= len(ts) {
		return "called tile out of range"
	}
	return ""
}
