// Package format holds what a log format declares about itself, so that
// the parser can read it without knowing it: the Descriptor (its id, its
// name, how its content is recognised, how a stream of it is cut into
// games, and its decoder), and the framing vocabulary that a format's
// framer speaks (Framer, Kind, Rest).
//
// Each format package (parser/tenhou for mjlog XML, parser/tenhou6,
// parser/majsoul, parser/mjai) returns its Descriptor from a function
// named Format; package parser lists them once, in its registry, and
// detects, frames, decodes and encodes through it. Adding a format is one
// package and one line of that registry.
//
// A format that haifu also writes (tenhou.net/6, mjai) has an Encoder; a
// game it cannot carry is an error wrapping ErrUnrepresentable. Every
// format declares what its logs cannot carry (Lacks), in the terms of the
// comparison of two logs of one game (package logdiff).
//
// A file may hold several games one after another (mjlog documents back to
// back, JSON lines of whole tenhou.net/6 games, mjai games one after
// another). The parser reads such a stream a window at a time and asks the
// format's Framer where the first piece of the window ends; each game
// becomes an input of its own, and what is no game is reported.
package format

import (
	"errors"
	"io"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
)

// Descriptor is one log format, declared by its package. Every field is
// set but NewEncoder, which is nil for a format haifu does not write: a
// Descriptor with another nil function is a programming error, which the
// parser's tests catch.
type Descriptor struct {
	// ID is the format's id in the event model: what event.Meta.Format of
	// its games says. Its String is the format's short name ("mjlog"), the
	// one haifu's --format flag takes.
	ID event.Format
	// Name names the format for people ("Tenhou mjlog XML").
	Name string
	// Detect reports whether data, the start of a decompressed stream
	// (the walk gives its first 64 KiB at least, or all of it when
	// shorter) or one whole game, is a log of this format, by its content
	// alone. It looks at the start of data only, must be cheap, and must
	// reject the other formats' logs: the parser tries the formats in the
	// order of its registry, the most specific first.
	Detect func(data []byte) bool
	// Frame cuts a stream of this format into games (see Framer); Rest
	// for a format whose streams hold one game each.
	Frame Framer
	// NewDecoder returns a decoder of this format, ready for use. The
	// parser makes one per goroutine that decodes, on first use, and
	// reuses it for every game of the format that goroutine decodes.
	NewDecoder func() Decoder
	// NewEncoder returns an encoder of this format, ready for use; nil
	// when haifu does not write the format.
	NewEncoder func() Encoder
	// Ext is the extension of the files haifu writes in this format
	// (".json"); "" when it does not write the format.
	Ext string
	// Lacks returns what a game decoded from this format, g, cannot carry
	// beyond the values its decoder marks unknown (event.Known and the
	// like, which a comparison matches with anything): the parts a
	// comparison of g with another log of the same game leaves out, such
	// as the order of the starting hands of a format that writes them
	// sorted, or disconnections of a format that has no place for them.
	Lacks func(g *event.Game) logdiff.Fields
}

// Encoder writes games of one format. An Encoder keeps its buffers from one
// game to the next and is not safe for concurrent use.
type Encoder interface {
	// Encode writes g to w as one game of the format. The bytes depend on
	// g alone. A game the format cannot carry (a hand without a result,
	// hidden tiles where the format has none, ...) is an *event.Error
	// wrapping ErrUnrepresentable that names the hand; nothing is written
	// then.
	Encode(w io.Writer, g *event.Game) error
}

// ErrUnrepresentable is wrapped by the errors of an Encoder for a game
// that its format cannot carry.
var ErrUnrepresentable = errors.New("the format cannot carry it")

// ErrNoGame is wrapped by the error of a Decoder for content that its
// format's Detect accepted but that holds no game at all (a JSON object
// with none of the format's game keys): the parser reports such an input
// as unreadable, not as a game.
var ErrNoGame = errors.New("no game log in it")

// Decoder decodes games of one format. A Decoder keeps its buffers from one
// game to the next and is not safe for concurrent use.
type Decoder interface {
	// Decode decodes one game, data, into g, which it resets first. path
	// names the input in errors and in g.Meta.Path. Every error is an
	// *event.Error with what the format knows of the position (byte
	// offset, element, line or item index, round). g does not refer to
	// data once Decode returns.
	Decode(data []byte, path string, g *event.Game) error
}

// Kind says what a piece of a stream is.
type Kind uint8

// The kinds of pieces.
const (
	// More: the window does not hold a whole piece yet; call again with
	// more data (never returned when the window ends the stream).
	More Kind = iota
	// Game: the piece is one game, with the white space around it.
	Game
	// Space: white space, comments or markup that carries nothing.
	Space
	// Prompts: console prompts that a shell wrote into a saved log (text
	// no log writer produces, removed with a warning).
	Prompts
	// Junk: bytes that are no game and cannot be ignored: an error.
	Junk
)

// Framer is a format's framer. Given a window of the stream that starts at
// a piece's first byte, it returns the length of that piece and its kind.
// first is true for the first piece of the stream. atEOF says that the
// window ends the stream: then the framer never returns More, and a window
// that holds no piece boundary is one piece. The length is more than zero
// unless the kind is More.
type Framer func(data []byte, first, atEOF bool) (n int, k Kind)

// Rest is the framer of a stream that is one game (a format with one game
// per stream), and what a format's framer returns when the rest of its
// window is one game: the whole window, once it ends the stream. An empty
// window is no game: More.
func Rest(data []byte, first, atEOF bool) (int, Kind) {
	if !atEOF || len(data) == 0 {
		return 0, More
	}
	return len(data), Game
}

// Unrepresentable returns an error whose message is msg and which is
// ErrUnrepresentable for errors.Is: the sentinel of one format's encoder,
// whose message names the format ("tenhou.net/6 cannot carry it").
func Unrepresentable(msg string) error { return unrepresentable(msg) }

// unrepresentable is an error that is ErrUnrepresentable.
type unrepresentable string

func (e unrepresentable) Error() string { return string(e) }

// Is reports whether target is ErrUnrepresentable.
func (e unrepresentable) Is(target error) bool { return target == ErrUnrepresentable }
