package mjai

import (
	"bytes"

	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/parser/internal/jsontok"
)

// frame is the framer of mjai streams (see format.Framer). In JSON lines a
// game starts at a start_game event: a second start_game line begins the
// next game, and a game runs from its start_game line (for the first game,
// the start of the stream, with any text before it) to the next one or the
// end of the stream, or to a line that starts with '<' (markup, such as an
// mjlog document after the game): such lines, up to the next start_game
// line, are Junk, which the parser reads as another format when they are.
// A stream that is one JSON document (the single-object variant, or a
// top-level array) is one game.
func frame(data []byte, first, atEOF bool) (int, format.Kind) {
	p := jsontok.SkipSpace(data, 0)
	if p == len(data) {
		if !atEOF || p == 0 {
			return 0, format.More
		}
		return p, format.Space
	}
	if p > 0 && !first {
		return p, format.Space
	}
	if first {
		i := jsontok.SkipSpace(data, jsontok.SkipBOM(data))
		if i < len(data) && data[i] != '{' {
			return format.Rest(data, first, atEOF) // not JSON lines
		}
		// An object that does not open on its line ("{" alone, then its
		// members) is one document spread over lines, as the decoder
		// reads it (isDocument): an indented single-object variant or
		// arena record, whose events may sit one to a line.
		if i < len(data) && !isObjectLine(data[i:lineEnd(data, i)]) {
			if lineEnd(data, i) == len(data) && !atEOF {
				return 0, format.More
			}
			return format.Rest(data, first, atEOF)
		}
	}
	// A line that starts with '<' is markup, which no mjai log holds (an
	// mjlog document after the game): it ends the game, and is Junk up to
	// the next game, for the parser to look at: with as much of it as
	// detection needs (detectWindow), when no game follows in the window.
	if markupLine(data[:lineEnd(data, p)], p) == p && !first {
		end := len(data)
		if i := nextStartGame(data, p); i >= 0 {
			end = i
		} else if !atEOF && len(data) < detectWindow {
			return 0, format.More
		}
		return end - p, format.Junk
	}
	n, k := gameEnd(data, p, first, atEOF)
	limit := n
	if k == format.More {
		limit = len(data)
	}
	// The game's lines, up to its end, looked at once for markup.
	if m := markupLine(data[:limit], p); m < limit {
		return m, format.Game
	}
	return n, k
}

// gameEnd finds the end of the game that starts at data[p]: the start of
// the next game's start_game line, or the end of the stream.
func gameEnd(data []byte, p int, first, atEOF bool) (int, format.Kind) {
	// The game's own start_game line (the first one, unless an event line
	// comes before it) is not the start of the next game.
	own := false
	for from := p; from < len(data); {
		i := bytes.Index(data[from:], startGameValue)
		if i < 0 {
			break
		}
		i += from
		from = i + len(startGameValue)
		ls := lineStart(data, i)
		if ls < p || !isStartGame(lineFrom(data, ls)) {
			continue
		}
		le := lineEnd(data, ls)
		if le == len(data) && !atEOF {
			return 0, format.More // see the whole line first
		}
		if !own && !hasEventLine(data[p:ls]) {
			own = true
			from = le
			continue
		}
		return ls, format.Game
	}
	return format.Rest(data, first, atEOF)
}

// markupLine returns the offset of the first line, from data[p] on (p
// starts a line), whose first byte that is not a space or a tab is '<', or
// len(data).
func markupLine(data []byte, p int) int {
	for ls := p; ls < len(data); {
		i := ls
		for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
			i++
		}
		if i < len(data) && data[i] == '<' {
			return ls
		}
		nl := bytes.IndexByte(data[i:], '\n')
		if nl < 0 {
			break
		}
		ls = i + nl + 1
	}
	return len(data)
}

// nextStartGame returns the offset of the first start_game line that
// starts after data[p], or -1.
func nextStartGame(data []byte, p int) int {
	for from := p; from < len(data); {
		i := bytes.Index(data[from:], startGameValue)
		if i < 0 {
			return -1
		}
		i += from
		from = i + len(startGameValue)
		if ls := lineStart(data, i); ls > p && isStartGame(lineFrom(data, ls)) {
			return ls
		}
	}
	return -1
}

// hasEventLine reports whether b holds a line that starts with '{'.
func hasEventLine(b []byte) bool {
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		if i := jsontok.SkipSpace(line, 0); i < len(line) && line[i] == '{' {
			return true
		}
	}
	return false
}

var startGameValue = []byte(`"start_game"`)

// lineStart returns the offset of the start of the line holding data[i].
func lineStart(data []byte, i int) int {
	return bytes.LastIndexByte(data[:i], '\n') + 1
}

// lineEnd returns the offset just after the line starting at data[i] (its
// line break included), or len(data).
func lineEnd(data []byte, i int) int {
	if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(data)
}

// lineFrom returns the line that starts at data[i], without its line break.
func lineFrom(data []byte, i int) []byte {
	line := data[i:lineEnd(data, i)]
	return bytes.TrimRight(line, "\r\n")
}

// isStartGame reports whether line is a JSON object whose "type" is
// "start_game".
func isStartGame(line []byte) bool {
	i := jsontok.SkipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return false
	}
	j := bytes.Index(line, startGameValue)
	return j > i && typeKeyBefore(line[:j])
}
