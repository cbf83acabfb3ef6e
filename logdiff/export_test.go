package logdiff

import (
	"slices"

	"github.com/haifu/haifu/event"
)

// CompareBoth compares a and b as Compare does (by quick first), reports
// whether quick settled them, and compares them again by the general path
// alone, for TestQuickIsGeneral. The Results are copies.
func CompareBoth(a, b *event.Game, drop Fields) (settled bool, viaQuick, general Result) {
	var q, g Comparer
	settled = q.quick(a, b, drop)
	viaQuick = *new(Comparer).Compare(a, b, drop)
	g.general = true
	general = *g.Compare(a, b, drop)
	viaQuick.Diffs = slices.Clone(viaQuick.Diffs)
	general.Diffs = slices.Clone(general.Diffs)
	return settled, viaQuick, general
}
