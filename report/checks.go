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

// knownChecks names each check haifu knows; the checks' order is that of
// haifu checks.
func knownChecks() map[string]check.Check {
	m := map[string]check.Check{}
	for _, c := range check.All() {
		m[c.String()] = c
	}
	return m
}
