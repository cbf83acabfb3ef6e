package tenhou6

import (
	"bytes"

	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/parser/internal/jsontok"
)

// frame is the framer of tenhou.net/6 streams (see format.Framer). A game is
// one top-level JSON value, or several in a row that are parts of one game:
// JSON lines with one round (or a few) per line, as mjx writes them. A value
// continues the game of the value before it when both are objects with the
// same "ref" (or one of them has none) and its first round comes after the
// other's last round (or repeats it, the hand after a chombo, when both
// have the same ref); two whole games one after another, or a second copy
// of a game, start over at East 1. White space between games is Space. A
// value frame cannot read (a syntax error, a truncated input) ends the game
// it is in at the end of the stream, where the decoder reports it.
func frame(data []byte, first, atEOF bool) (int, format.Kind) {
	p := 0
	if first {
		p = jsontok.SkipBOM(data)
	}
	p = jsontok.SkipSpace(data, p)
	if p == len(data) {
		if !atEOF {
			return 0, format.More
		}
		if p == 0 {
			return 0, format.More
		}
		return p, format.Space
	}
	if p > 0 && !first {
		return p, format.Space
	}
	prev, ok := skim(data, p)
	if !ok {
		return format.Rest(data, first, atEOF)
	}
	end := prev.end
	for {
		q := jsontok.SkipSpace(data, end)
		if q == len(data) {
			if atEOF {
				return end, format.Game
			}
			return 0, format.More
		}
		next, ok := skim(data, q)
		if !ok {
			if !next.incomplete || atEOF {
				// Unreadable, or cut short at the end: part of
				// this game, where the decoder reports it.
				return format.Rest(data, first, atEOF)
			}
			return 0, format.More
		}
		if !continues(&prev, &next) {
			return end, format.Game
		}
		prev, end = next, next.end
	}
}

// skimmed is what frame reads of one top-level value.
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
// A first round that repeats prev's last (the hand after a chombo: the
// same dealer, no honba added) continues it only when both name the game
// by the same ref: without one, it is taken for a second copy.
func continues(prev, next *skimmed) bool {
	if prev.ref != nil && next.ref != nil && !bytes.Equal(prev.ref, next.ref) {
		return false
	}
	if next.firstKey < 0 || prev.lastKey < 0 {
		return false
	}
	return next.firstKey > prev.lastKey || next.firstKey == prev.lastKey && prev.ref != nil && next.ref != nil
}

// skim reads the JSON value at data[p:] without decoding it: it finds its
// end, and for an object its "ref" string and the round and honba of the
// first and last rounds of its "log". It reads the value token by token,
// checking each token but not their order (the decoder does); it returns
// false for a value that is not well-formed or not complete (then
// incomplete says which).
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
	var t jsontok.Tokenizer
	t.Reset(data, p)
	depth := 0         // number of open containers
	inLog := -1        // depth of the "log" array's contents, or -1
	key := []byte(nil) // the last key read at depth 1
	header := [2]int{}
	headerN := -1 // numbers read of the current round's header, -1 outside one
	expectKey := false
	for {
		tk := t.Next()
		switch tk.Kind() {
		case jsontok.EOF:
			s.incomplete = true
			return s, false
		case jsontok.Invalid:
			s.incomplete = t.Err().Truncated()
			return s, false
		case jsontok.Comma:
			if depth > 0 {
				stack[depth-1].elem++
				expectKey = !stack[depth-1].array
			}
			continue
		case jsontok.Colon:
			continue
		case jsontok.ObjectStart, jsontok.ArrayStart:
			isArray := tk.Kind() == jsontok.ArrayStart
			if depth == len(stack) {
				return s, false
			}
			if depth == 1 && inLog < 0 && isArray && string(key) == "log" {
				inLog = depth + 1
			}
			// A round's header: the first array of a round of the log.
			if inLog > 0 && depth == inLog+1 && isArray && stack[depth-1].elem == 0 {
				headerN = 0
			}
			stack[depth] = level{array: isArray}
			depth++
			expectKey = !isArray
			continue
		case jsontok.ObjectEnd, jsontok.ArrayEnd:
			if depth == 0 || stack[depth-1].array != (tk.Kind() == jsontok.ArrayEnd) {
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
		case jsontok.String:
			str := tk.Content(data)
			if depth == 1 && expectKey {
				key = str
				expectKey = false
			} else if depth == 1 && string(key) == "ref" {
				s.ref = str
			}
		default: // a number or a literal
			if tk.End == len(data) && depth > 0 {
				s.incomplete = true // a number may go on
				return s, false
			}
			if headerN >= 0 && headerN < 2 {
				// A small non-negative integer of at most 6 digits.
				if !tk.Small() || tk.Int < 0 || data[tk.Off] == '-' || tk.End-tk.Off > 6 {
					headerN = -1
				} else {
					header[headerN] = tk.Int
					headerN++
				}
			}
		}
		if depth == 0 {
			s.end = tk.End
			return s, true
		}
	}
}
