package event

import (
	"path"
	"strconv"
	"strings"
)

// TenhouViewer is the address of Tenhou's log viewer.
const TenhouViewer = "https://tenhou.net/0/"

// TenhouViewerURL returns the address that opens the Tenhou log id in
// Tenhou's viewer at a hand, seen from a seat:
// https://tenhou.net/0/?log=ID&ts=HAND&tw=SEAT. hand is the hand's index
// in the log from 0, as Tenhou numbers the hands of a log (each hand,
// renchan and draws included: event.Game.Rounds' index); a negative hand
// leaves ts out (the viewer opens at the first hand). seat is the seat at
// the bottom of the table (0 the first dealer); NoSeat (or a seat that is
// none) leaves tw out (the viewer's default, seat 0). It reports false when
// id is not a Tenhou log id (ParseTenhouID), such as a Mahjong Soul uuid.
//
// Every link haifu writes (verify --json, the discrepancies table, replay)
// is made here, from a game's id, a hand and a seat that the tables keep
// (game_id, hand, seat), so that a reader of the tables can make it again.
func TenhouViewerURL(id string, hand int, seat Seat) (string, bool) {
	if _, ok := ParseTenhouID(id); !ok {
		return "", false
	}
	b := make([]byte, 0, len(TenhouViewer)+len(id)+24)
	b = append(b, TenhouViewer...)
	b = append(b, "?log="...)
	b = append(b, id...)
	if hand >= 0 {
		b = append(b, "&ts="...)
		b = strconv.AppendInt(b, int64(hand), 10)
	}
	if seat.Valid() {
		b = append(b, "&tw="...)
		b = strconv.AppendInt(b, int64(seat), 10)
	}
	return string(b), true
}

// ViewerLink returns the Tenhou viewer link (TenhouViewerURL) of a hand of
// the game m, seen from seat, or when seat is NoSeat from the log's own
// viewpoint (Viewpoint); "" when the game has no Tenhou log id.
func (m *Meta) ViewerLink(hand int, seat Seat) string {
	if !seat.Valid() {
		seat = m.Viewpoint()
	}
	s, _ := TenhouViewerURL(m.ID, hand, seat)
	return s
}

// Viewpoint returns the seat from which the log sees its game, or NoSeat
// when it sees them all alike: the one seat whose tiles a player's view
// shows (HiddenSeats), else the seat a Tenhou log's file name gives after
// its id, as Tenhou's viewer names it ("…_tw_3.mjlog", "…&tw=3";
// TenhouViewpoint).
func (m *Meta) Viewpoint() Seat {
	if m.HiddenSeats != 0 {
		shown, n := NoSeat, 0
		for s := range m.PlayerCount() {
			if m.HiddenSeats&(1<<s) == 0 {
				shown, n = Seat(s), n+1
			}
		}
		if n == 1 {
			return shown
		}
	}
	if s, ok := TenhouViewpoint(m.Path); ok && int(s) < m.PlayerCount() {
		return s
	}
	return NoSeat
}

// TenhouViewpoint returns the seat that the base name of a log's path (or
// a URL) gives as Tenhou's viewer does: "tw" and a digit from 0 to 3 after
// a Tenhou log id, joined to it by "_" or "=" ("…-b327da61_tw_3.mjlog",
// "?log=…&tw=3").
func TenhouViewpoint(name string) (Seat, bool) {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	if _, ok := FindTenhouID(base); !ok {
		return NoSeat, false
	}
	for i := 0; i+4 <= len(base); i++ {
		if base[i:i+2] != "tw" || (i > 0 && isAlnum(base[i-1]) && base[i-1] != '_') {
			continue
		}
		if sep := base[i+2]; sep != '_' && sep != '=' {
			continue
		}
		if d := base[i+3]; d >= '0' && d <= '3' && (i+4 == len(base) || !isAlnum(base[i+4])) {
			return Seat(d - '0'), true
		}
	}
	return NoSeat, false
}
