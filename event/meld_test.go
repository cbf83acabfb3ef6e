package event_test

import (
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

func TestMeldKind(t *testing.T) {
	tests := []struct {
		k     event.MeldKind
		name  string
		isKan bool
	}{
		{0, "MeldKind(0)", false},
		{event.MeldChi, "chi", false},
		{event.MeldPon, "pon", false},
		{event.MeldOpenKan, "open_kan", true},
		{event.MeldClosedKan, "closed_kan", true},
		{event.MeldAddedKan, "added_kan", true},
		{event.MeldKita, "kita", false},
		{7, "MeldKind(7)", false},
		{255, "MeldKind(255)", false},
	}
	for _, tc := range tests {
		if got := tc.k.String(); got != tc.name {
			t.Errorf("MeldKind(%d).String() = %q, want %q", uint8(tc.k), got, tc.name)
		}
		if got := tc.k.IsKan(); got != tc.isKan {
			t.Errorf("MeldKind(%d).IsKan() = %v, want %v", uint8(tc.k), got, tc.isKan)
		}
	}
	// The event type names and the meld kind names agree where they overlap.
	if event.MeldClosedKan.String() != event.ClosedKan.String() || event.MeldAddedKan.String() != event.AddedKan.String() ||
		event.MeldKita.String() != event.Kita.String() {
		t.Error("meld kind names differ from the event type names")
	}
}

func tiles(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// meld builds a meld from mpsz tiles.
func meld(t *testing.T, k event.MeldKind, from event.Seat, called int8, s string) event.Meld {
	t.Helper()
	m := event.Meld{Kind: k, From: from, Called: called}
	ts := tiles(t, s)
	m.N = uint8(copy(m.Tiles[:], ts))
	if int(m.N) != len(ts) {
		t.Fatalf("meld %q has %d tiles", s, len(ts))
	}
	return m
}

func TestMeld(t *testing.T) {
	tests := []struct {
		name   string
		m      event.Meld
		slice  string
		called tile.Tile
		first  tile.Kind
	}{
		{"chi", meld(t, event.MeldChi, 3, 0, "34s0s"), "340s", tile.Of(tile.Sou3), tile.Sou3},
		{"chi red called", meld(t, event.MeldChi, 3, 2, "340s"), "340s", tile.Red5s, tile.Sou3},
		{"pon", meld(t, event.MeldPon, 2, 1, "777z"), "777z", tile.Of(tile.Chun), tile.Chun},
		{"open kan", meld(t, event.MeldOpenKan, 1, 3, "1111p"), "1111p", tile.Of(tile.Pin1), tile.Pin1},
		{"closed kan", meld(t, event.MeldClosedKan, event.NoSeat, -1, "5550p"), "5550p", tile.None, tile.Pin5},
		{"added kan", meld(t, event.MeldAddedKan, 0, 0, "0555m"), "0555m", tile.Red5m, tile.Man5},
		{"kita", meld(t, event.MeldKita, event.NoSeat, -1, "4z"), "4z", tile.None, tile.North},
		{"called past N", event.Meld{Kind: event.MeldPon, N: 3, Called: 3, Tiles: [4]tile.Tile{1, 1, 1, 1}}, "111m", tile.None, tile.Man1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if got := tile.FormatTiles(m.Slice()); got != tc.slice {
				t.Errorf("Slice() = %s, want %s", got, tc.slice)
			}
			if got := m.CalledTile(); got != tc.called {
				t.Errorf("CalledTile() = %v, want %v", got, tc.called)
			}
			if got := m.FirstKind(); got != tc.first {
				t.Errorf("FirstKind() = %v, want %v", got, tc.first)
			}
		})
	}

	var zero event.Meld
	if len(zero.Slice()) != 0 || zero.CalledTile() != tile.None {
		t.Errorf("zero Meld: Slice %v, CalledTile %v", zero.Slice(), zero.CalledTile())
	}

	// Slice aliases the meld.
	m := meld(t, event.MeldPon, 1, 0, "222p")
	m.Slice()[2] = tile.Of(tile.Pin3)
	if m.Tiles[2] != tile.Of(tile.Pin3) {
		t.Error("Slice does not alias the meld's tiles")
	}
}

// TestShapeErrorNoKind: a meld of no kind is a shape error, not a panic.
func TestShapeErrorNoKind(t *testing.T) {
	var m event.Meld
	if msg := m.ShapeError(); msg == "" {
		t.Error("a meld of no kind has the right shape")
	}
}
