package tenhou6

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
)

// Format declares tenhou.net/6 JSON to the parser: its id, its name, how its
// content is recognised (detect), how a stream of it is cut into games
// (frame) and its decoder.
func Format() format.Descriptor {
	return format.Descriptor{
		ID:         event.FormatTenhou6,
		Name:       "tenhou.net/6 JSON",
		Detect:     detect,
		Frame:      frame,
		NewDecoder: func() format.Decoder { return new(Decoder) },
	}
}
