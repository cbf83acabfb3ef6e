package report

import (
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
)

// viewerLink is a finding's link to Tenhou's viewer, as the
// discrepancies table holds it (link, made by event.Meta.ViewerLink), or ""
// when it has none or holds anything but a link to the viewer.
func viewerLink(d *stats.DiscrepancyRow) string {
	if d.Link == nil || !strings.HasPrefix(*d.Link, event.TenhouViewer+"?") {
		return ""
	}
	return *d.Link
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
