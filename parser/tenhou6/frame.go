package tenhou6

import (
	"bytes"

	"github.com/haifu/haifu/parser/internal/frame"
)

// Frame is the framer of tenhou.net/6 streams (see frame.Func). A game is
// one top-level JSON value, or several in a row that are parts of one game:
// JSON lines with one round (or a few) per line, as mjx writes them. A value
// continues the game of the value before it when both are objects with the
// same "ref" (or one of them has none) and its first round comes after the
// other's last round; two whole games one after another, or a second copy
// of a game, start over at East 1. White space between games is Space. A
// value Frame cannot read (a syntax error, a truncated input) ends the game
// it is in at the end of the stream, where the decoder reports it.
func Frame(data []byte, first, atEOF bool) (int, frame.Kind) {
	p := 0
	if first {
		p = len(bom) * boolInt(bytes.HasPrefix(data, bom))
	}
	p = skipSpace(data, p)
	if p == len(data) {
		if !atEOF {
			return 0, frame.More
		}
		if p == 0 {
			return 0, frame.More
		}
		return p, frame.Space
	}
	if p > 0 && !first {
		return p, frame.Space
	}
	prev, ok := skim(data, p)
	if !ok {
		return rest(data, atEOF)
	}
	end := prev.end
	for {
		q := skipSpace(data, end)
		if q == len(data) {
			if atEOF {
				return end, frame.Game
			}
			return 0, frame.More
		}
		next, ok := skim(data, q)
		if !ok {
			if !next.incomplete || atEOF {
				// Unreadable, or cut short at the end: part of
				// this game, where the decoder reports it.
				return rest(data, atEOF)
			}
			return 0, frame.More
		}
		if !continues(&prev, &next) {
			return end, frame.Game
		}
		prev, end = next, next.end
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rest is the whole of the rest of the stream as one game, once it is all
// there.
func rest(data []byte, atEOF bool) (int, frame.Kind) {
	if atEOF {
		return len(data), frame.Game
	}
	return 0, frame.More
}

// skimmed is what Frame reads of one top-level value.
type skimmed struct {
	end int // offset just after the value
	// ref is the object's "ref" string (without quotes), nil when none.
	ref []byte
	// firstKey and lastKey are 1024*round + honba of the first and last
	// rounds of its "log" (-1 when it has none).
	firstKey, lastKey int
	// incomplete: the value is cut short by the end of the window.
	incomplete bool
}

// continues reports whether the value next belongs to the game of prev.
func continues(prev, next *skimmed) bool {
	if prev.ref != nil && next.ref != nil && !bytes.Equal(prev.ref, next.ref) {
		return false
	}
	return next.firstKey >= 0 && prev.lastKey >= 0 && next.firstKey > prev.lastKey
}

// skim reads the JSON value at data[p:] without decoding it: it finds its
// end, and for an object its "ref" string and the round and honba of the
// first and last rounds of its "log". It returns false for a value that is
// not well-formed or not complete (then incomplete says which).
func skim(data []byte, p int) (skimmed, bool) {
	s := skimmed{firstKey: -1, lastKey: -1}
	// The path of containers: per depth, whether it is an array, the
	// index of the current element and whether it is the top object's
	// "log" array (depth 1 only).
	type level struct {
		array bool
		elem  int
	}
	var stack [maxDepth]level
	depth := 0         // number of open containers
	inLog := -1        // depth of the "log" array's contents, or -1
	key := []byte(nil) // the last key read at depth 1
	header := [2]int{}
	headerN := -1 // numbers read of the current round's header, -1 outside one
	expectKey := false
	for i := p; i < len(data); {
		c := data[i]
		switch c {
		case ' ', '\t', '\r', '\n', ',', ':':
			if c == ',' && depth > 0 {
				stack[depth-1].elem++
				expectKey = !stack[depth-1].array
			}
			i++
			continue
		case '{', '[':
			if depth == len(stack) {
				return s, false
			}
			if depth == 1 && inLog < 0 && c == '[' && string(key) == "log" {
				inLog = depth + 1
			}
			// A round's header: the first array of a round of the log.
			if inLog > 0 && depth == inLog+1 && c == '[' && stack[depth-1].elem == 0 {
				headerN = 0
			}
			stack[depth] = level{array: c == '['}
			depth++
			expectKey = c == '{'
			i++
			continue
		case '}', ']':
			if depth == 0 || stack[depth-1].array != (c == ']') {
				return s, false
			}
			depth--
			if headerN >= 0 && depth == inLog+1 {
				if headerN >= 2 {
					k := header[0]*1024 + header[1]
					if s.firstKey < 0 {
						s.firstKey = k
					}
					s.lastKey = k
				}
				headerN = -1
			}
			if depth == inLog-1 {
				inLog = -2 // the log is read; a second "log" is not looked at
			}
			i++
			if depth == 0 {
				s.end = i
				return s, true
			}
			continue
		case '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(data) {
				s.incomplete = true
				return s, false
			}
			str := data[i+1 : j]
			if depth == 1 && expectKey {
				key = str
				expectKey = false
			} else if depth == 1 && string(key) == "ref" {
				s.ref = str
			}
			i = j + 1
			if depth == 0 {
				s.end = i
				return s, true
			}
			continue
		}
		// A number or a literal.
		j := i
		for j < len(data) && !isDelim(data[j]) {
			j++
		}
		if j == len(data) && depth > 0 {
			s.incomplete = true
			return s, false
		}
		if headerN >= 0 && headerN < 2 {
			n, ok := atoi(data[i:j])
			if !ok {
				headerN = -1
			} else {
				header[headerN] = n
				headerN++
			}
		}
		i = j
		if depth == 0 {
			s.end = i
			return s, true
		}
	}
	s.incomplete = true
	return s, false
}

// isDelim reports whether c ends a number or literal.
func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ':', '{', '}', '[', ']', '"':
		return true
	}
	return false
}

// atoi reads a small non-negative decimal integer.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 6 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
