// Package frame holds what the format decoders and the parser share to cut
// a stream into games: the kinds of the pieces a stream is made of, and the
// signature of a format's framer.
//
// A file may hold several games one after another (mjlog documents back to
// back, JSON lines of whole tenhou.net/6 games, mjai games one after
// another). The parser reads such a stream a window at a time and asks the
// format's framer where the first piece of the window ends; each game
// becomes an input of its own, and what is no game is reported.
package frame

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

var kindNames = [...]string{"more", "game", "space", "prompts", "junk"}

// String names the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Func is a format's framer. Given a window of the stream that starts at a
// piece's first byte, it returns the length of that piece and its kind.
// first is true for the first piece of the stream. atEOF says that the
// window ends the stream: then the framer never returns More, and a window
// that holds no piece boundary is one piece. The length is more than zero
// unless the kind is More.
type Func func(data []byte, first, atEOF bool) (n int, k Kind)

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
