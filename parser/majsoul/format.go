package majsoul

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
)

// Format declares Mahjong Soul game records to the parser: their id, their
// name, how their content is recognised (detect), their framing (a file
// holds one record: format.Rest), their decoder and what they lack:
// disconnections, which the decoder does not read.
func Format() format.Descriptor {
	return format.Descriptor{
		ID:         event.FormatMajsoul,
		Name:       "Mahjong Soul game records",
		Detect:     detect,
		Frame:      format.Rest,
		NewDecoder: func() format.Decoder { return new(Decoder) },
		Lacks:      func(*event.Game) logdiff.Fields { return logdiff.Connection },
	}
}
