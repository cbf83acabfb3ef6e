package tenhou6

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
)

// Format declares tenhou.net/6 JSON to the parser: its id, its name, how its
// content is recognised (detect), how a stream of it is cut into games
// (frame), its decoder and encoder, and what it lacks (lacks).
func Format() format.Descriptor {
	return format.Descriptor{
		ID:         event.FormatTenhou6,
		Name:       "tenhou.net/6 JSON",
		Detect:     detect,
		Frame:      frame,
		NewDecoder: func() format.Decoder { return new(Decoder) },
		NewEncoder: func() format.Encoder { return new(Encoder) },
		Ext:        ".json",
		Lacks:      lacks,
	}
}

// lacks returns what a tenhou.net/6 game cannot carry beyond the values
// the decoder leaves unknown: the order of the starting hands (written
// sorted), the moment of a kan dora (the decoder reveals it where Tenhou
// does) and of a disconnection (the file counts the actions before it);
// an editor file (no ref) has no disconnections, and a file without sc no
// game end.
func lacks(g *event.Game) logdiff.Fields {
	f := logdiff.HandOrder | logdiff.DoraTiming | logdiff.ConnectionTiming
	if g.Meta.ID == "" {
		f |= logdiff.Connection
	}
	if !g.Complete() {
		f |= logdiff.End
	}
	return f
}
