package mjai

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// dragonTriplets appends to dst the yaku ids (yaku.Haku, Hatsu, Chun) of
// the dragons w holds three or four of, in its concealed tiles or its
// melds: what mjai's sangenpai (yaku.AnyDragon) stands for.
func dragonTriplets(dst []event.YakuID, w *event.WinRecord) []event.YakuID {
	var n [3]int
	for _, t := range w.HandTiles() {
		if k := t.Kind(); k.IsDragon() {
			n[k-tile.Haku]++
		}
	}
	for i := range w.NMelds {
		m := &w.Melds[i]
		if m.Kind != event.MeldChi && m.Kind != event.MeldKita {
			if k := m.Tiles[0].Kind(); k.IsDragon() {
				n[k-tile.Haku] += 3
			}
		}
	}
	for i, c := range n {
		if c >= 3 {
			dst = append(dst, yaku.Haku+event.YakuID(i))
		}
	}
	return dst
}
