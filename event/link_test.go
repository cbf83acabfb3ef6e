package event_test

import (
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
)

// TestTenhouViewerURL: a Tenhou log id gives the viewer's link at a hand
// and a seat, each left out when negative; anything else gives none.
func TestTenhouViewerURL(t *testing.T) {
	const id = "2016022509gm-0009-0000-b327da61"
	tests := []struct {
		id   string
		hand int
		seat event.Seat
		want string
		ok   bool
	}{
		{id, 3, 2, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&ts=3&tw=2", true},
		{id, 0, 0, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&ts=0&tw=0", true},
		{id, -1, 1, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&tw=1", true},
		{id, 7, event.NoSeat, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&ts=7", true},
		{"200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3", 3, 2, "", false}, // a Mahjong Soul uuid
		{"", 0, 0, "", false},
		{id + "&x=1", 0, 0, "", false}, // not a whole id: nothing of it is written into a link
	}
	for _, tt := range tests {
		got, ok := event.TenhouViewerURL(tt.id, tt.hand, tt.seat)
		if got != tt.want || ok != tt.ok {
			t.Errorf("TenhouViewerURL(%q, %d, %d) = %q, %v; want %q, %v", tt.id, tt.hand, tt.seat, got, ok, tt.want, tt.ok)
		}
	}
}

// TestViewerLink: the seat concerned, else the log's own viewpoint (its
// file name's tw, or the one seat a player's view shows), else none.
func TestViewerLink(t *testing.T) {
	const id = "2022060222gm-0001-0000-a87679bc"
	m := event.Meta{ID: id, Players: 4, Path: "logs/" + id + "_tw_3.mjlog"}
	if got, want := m.ViewerLink(5, 1), "https://tenhou.net/0/?log="+id+"&ts=5&tw=1"; got != want {
		t.Errorf("seat 1: %q, want %q", got, want)
	}
	if got, want := m.ViewerLink(5, event.NoSeat), "https://tenhou.net/0/?log="+id+"&ts=5&tw=3"; got != want {
		t.Errorf("the name's viewpoint: %q, want %q", got, want)
	}
	m.Path = "a.zip!x/" + id + ".mjlog"
	if got, want := m.ViewerLink(-1, event.NoSeat), "https://tenhou.net/0/?log="+id; got != want {
		t.Errorf("no viewpoint: %q, want %q", got, want)
	}
	m.HiddenSeats = 0b1011 // seat 2's view
	if got, want := m.ViewerLink(0, event.NoSeat), "https://tenhou.net/0/?log="+id+"&ts=0&tw=2"; got != want {
		t.Errorf("a player's view: %q, want %q", got, want)
	}
	m.ID = "abc"
	if got := m.ViewerLink(0, 0); got != "" {
		t.Errorf("no Tenhou id: %q", got)
	}
	for name, want := range map[string]event.Seat{
		"2016022509gm-0009-0000-b327da61_tw_0.mjlog":                     0,
		"https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&tw=2": 2,
		"2016022509gm-0009-0000-b327da61.mjlog":                          event.NoSeat,
		"2016022509gm-0009-0000-b327da61_tw_4":                           event.NoSeat,
		"2016022509gm-0009-0000-b327da61_tw_12":                          event.NoSeat,
		"stw_1_2016022509gm-0009-0000-b327da61":                          event.NoSeat,
		"game_tw_1.mjlog":                                                event.NoSeat, // no id
	} {
		if got, ok := event.TenhouViewpoint(name); got != want || ok != (want != event.NoSeat) {
			t.Errorf("TenhouViewpoint(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
}

// TestErrorLocate: the line and column of an error's offset, from 1, and
// its detail without the position.
func TestErrorLocate(t *testing.T) {
	data := []byte("{\"a\": 1}\r\n{\"b\":\n  2}\n")
	for _, tt := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {5, 1, 6}, {10, 2, 1}, {18, 3, 3}, {int64(len(data)), 4, 1}, {int64(len(data)) + 1, 0, 0}, {-1, 0, 0}} {
		e := event.Error{Offset: tt.off, Index: -1, Hand: -1, Format: event.FormatMjai, Err: event.ErrSyntax}
		e.Locate(data)
		if e.Line != tt.line || e.Column != tt.col {
			t.Errorf("offset %d: line %d column %d, want %d %d", tt.off, e.Line, e.Column, tt.line, tt.col)
		}
		if e.Detail() != "mjai: syntax error" {
			t.Errorf("Detail() = %q", e.Detail())
		}
	}
	// Columns count characters; a byte order mark takes none.
	text := "\ufeff{\"名前\": x}"
	e := event.Error{Offset: int64(strings.Index(text, "x"))}
	e.Locate([]byte(text))
	if e.Line != 1 || e.Column != 8 {
		t.Errorf("after a byte order mark and two kanji: line %d column %d, want 1 8", e.Line, e.Column)
	}
}
