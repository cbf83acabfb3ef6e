package tenhou

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
)

// Format declares Tenhou mjlog XML to the parser: its id, its name, how its
// content is recognised (detect), how a stream of it is cut into games
// (frame), its decoder, and what it lacks: nothing a comparison leaves
// out (mjlog carries every part of a game haifu compares).
func Format() format.Descriptor {
	return format.Descriptor{
		ID:         event.FormatMjlog,
		Name:       "Tenhou mjlog XML",
		Detect:     detect,
		Frame:      frame,
		NewDecoder: func() format.Decoder { return new(Decoder) },
		Lacks:      func(*event.Game) logdiff.Fields { return 0 },
	}
}
