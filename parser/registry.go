package parser

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/parser/majsoul"
	"github.com/haifu/haifu/parser/mjai"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/parser/tenhou6"
)

// formats are the formats haifu reads, one line each, in the order Detect
// tries them: the most specific first (an mjlog document is told by its
// root element; tenhou.net/6 JSON, a Mahjong Soul record and mjai JSON lines
// are all JSON, the last the least specific). This is the only list of the
// formats: detection, framing and decoding all go through it. It is never
// modified.
var formats = [...]format.Descriptor{
	tenhou.Format(),
	tenhou6.Format(),
	majsoul.Format(),
	mjai.Format(),
}

// detectWindow is how much of a stream is read before its format is
// detected.
const detectWindow = 64 << 10

// Detect returns the format of the decompressed log data, judged by its
// content alone, or event.FormatUnknown. It looks at the first 64 KiB of
// data only, as the walk does, so that a log is detected as the same format
// however its bytes arrive (a file read whole, a pipe read a little at a
// time).
func Detect(data []byte) event.Format {
	if i := detect(data); i >= 0 {
		return formats[i].ID
	}
	return event.FormatUnknown
}

// detect returns the index in formats of the first format whose Detect
// accepts the first detectWindow bytes of data, or -1.
func detect(data []byte) int {
	data = data[:min(len(data), detectWindow)]
	for i := range formats {
		if formats[i].Detect(data) {
			return i
		}
	}
	return -1
}

// lookup returns the index in formats of the format id, or -1 when no
// registered format has it.
func lookup(id event.Format) int {
	for i := range formats {
		if formats[i].ID == id {
			return i
		}
	}
	return -1
}

// Formats returns the ids of the registered formats, in detection order.
func Formats() []event.Format {
	ids := make([]event.Format, len(formats))
	for i := range formats {
		ids[i] = formats[i].ID
	}
	return ids
}

// Name returns the name of format f for people ("tenhou.net/6 JSON"), or
// f's short name when no registered format has that id.
func Name(f event.Format) string {
	if i := lookup(f); i >= 0 {
		return formats[i].Name
	}
	return f.String()
}

// NewEncoder returns an encoder of format f, or false when no registered
// format f is written by haifu (see format.Descriptor.NewEncoder).
func NewEncoder(f event.Format) (format.Encoder, bool) {
	i := lookup(f)
	if i < 0 || formats[i].NewEncoder == nil {
		return nil, false
	}
	return formats[i].NewEncoder(), true
}

// Ext returns the extension of the files haifu writes in format f
// (".json"), or "" when it does not write f.
func Ext(f event.Format) string {
	if i := lookup(f); i >= 0 {
		return formats[i].Ext
	}
	return ""
}

// NewFormatDecoder returns a decoder of format f alone, or false when no
// registered format has that id. It decodes bytes known to be of f, as a
// Decoder forced to f does an Input, without the walk's naming of the game
// by its file.
func NewFormatDecoder(f event.Format) (format.Decoder, bool) {
	i := lookup(f)
	if i < 0 {
		return nil, false
	}
	return formats[i].NewDecoder(), true
}

// Lacks returns what g's format cannot carry beyond the values its decoder
// leaves unknown (format.Descriptor.Lacks): the fields a comparison of g
// with another log of the same game leaves out. It is 0 for a game of no
// registered format.
func Lacks(g *event.Game) logdiff.Fields {
	if i := lookup(g.Meta.Format); i >= 0 {
		return formats[i].Lacks(g)
	}
	return 0
}
