package mjai

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/tile"
)

// Format declares mjai JSON lines to the parser: its id, its name, how its
// content is recognised (detect), how a stream of it is cut into games
// (frame), its decoder and encoder, and what it lacks (lacks).
func Format() format.Descriptor {
	return format.Descriptor{
		ID:         event.FormatMjai,
		Name:       "mjai JSON lines",
		Detect:     detect,
		Frame:      frame,
		NewDecoder: func() format.Decoder { return new(Decoder) },
		NewEncoder: func() format.Encoder { return new(Encoder) },
		Ext:        ".mjson",
		Lacks:      lacks,
	}
}

// lacks returns what an mjai game cannot carry beyond the values the
// decoder leaves unknown: disconnections; the liable player of a pao
// (JSON lines have no field for it: the decoder gives none, so a log that
// names none lacks it); the order of the yaku (writers list them in orders
// of their own, and sangenpai stands for the dragons); and the order of
// the starting hands when every one is sorted by kind, wherever the red
// fives are (Mortal's converters sort them: such a log cannot tell the
// deal order).
func lacks(g *event.Game) logdiff.Fields {
	f := logdiff.Connection | logdiff.YakuOrder
	liable := false
	for i := range g.Wins {
		liable = liable || g.Wins[i].Liable != event.NoSeat
	}
	if !liable {
		f |= logdiff.Liable
	}
	if handsSorted(g) {
		f |= logdiff.HandOrder
	}
	return f
}

// handsSorted reports whether every starting hand of g is sorted by kind,
// wherever its red fives are.
func handsSorted(g *event.Game) bool {
	for i := range g.Rounds {
		for s := range g.Meta.PlayerCount() {
			last := tile.Kind(0)
			for _, t := range g.Rounds[i].Hands[s] {
				if t.Red() {
					continue // writers put red fives first, last or among the fives
				}
				if t.Kind() < last {
					return false
				}
				last = t.Kind()
			}
		}
	}
	return true
}
