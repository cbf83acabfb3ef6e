package report

import (
	"net/url"
	"strconv"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
)

// TenhouViewer is the address of Tenhou's log viewer.
const TenhouViewer = "https://tenhou.net/0/"

// TenhouLink is the link of a finding to Tenhou's viewer, at its hand and
// from its seat's side: https://tenhou.net/0/?log=ID&ts=HAND&tw=SEAT, where
// ID is the game's Tenhou log id (games.game_id), HAND the hand's index in
// the game and SEAT the seat (each left out when the finding has none). It
// is "" for a game without a Tenhou log id. It is the default of
// Options.Link, the one place a report's links come from: when the
// discrepancies table carries a link of its own, a function that returns
// it takes its place.
func TenhouLink(d *stats.DiscrepancyRow) string {
	if d.GameID == nil {
		return ""
	}
	return tenhouLink(*d.GameID, d.Hand, d.Seat)
}

// tenhouLink is the viewer link of the game id at hand and seat (either
// may be nil), "" when id is not a Tenhou log id.
func tenhouLink(id string, hand, seat *int32) string {
	tid, ok := event.ParseTenhouID(id)
	if !ok {
		return ""
	}
	q := "log=" + url.QueryEscape(tid.ID)
	if hand != nil && *hand >= 0 {
		q += "&ts=" + strconv.Itoa(int(*hand))
	}
	if seat != nil && *seat >= 0 && *seat < 4 {
		q += "&tw=" + strconv.Itoa(int(*seat))
	}
	return TenhouViewer + "?" + q
}

// checkOrder gives each check haifu knows its place in haifu checks.
func checkOrder() map[string]int {
	m := map[string]int{}
	for i, c := range check.All() {
		m[c.String()] = i
	}
	return m
}

// checkDoc is what the check named so finds, "" for one haifu does not
// know.
func checkDoc(name string) string {
	for _, c := range check.All() {
		if c.String() == name {
			return c.Doc()
		}
	}
	return ""
}
