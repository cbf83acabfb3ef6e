package tenhou6

import (
	"slices"

	"github.com/haifu/haifu/parser/internal/jsontok"
)

// The scanner splits JSON lines (several top-level values) into documents,
// and it decodes each document's "log" array itself: every number and
// string of elements 0-15 of every round becomes a token with its byte
// offset, so that events and errors carry exact positions and the hot part
// of the input is read once. The rest of a document (the metadata) and
// each round's result array (element 16) are checked by the tokenizer and
// left to fastjson, by byte range. A syntax error (comments, a truncated
// input, a stray character) is the tokenizer's *jsontok.Error.

// maxDepth bounds nesting; tenhou.net/6 needs five levels.
const maxDepth = 64

// Token kinds.
const (
	tNum   uint8 = iota + 1 // an integer that fits in val
	tStr                    // a string: the text between off+1 and end
	tOther                  // anything else (a float, an array, an object, a literal)
)

// token is one value inside an element of a round.
type token struct {
	off  int32
	end  int32 // strings: offset of the closing quote
	val  int32 // tNum: the value
	kind uint8
	esc  bool // tStr: the string has escapes
}

// elemPos locates one element of a round: its byte range and, when it is
// an array, its tokens (first index in scanner.toks and count).
type elemPos struct {
	off, end int32
	first, n int32
	// total is the number of items of an array, of which the first n
	// (at most maxItems+1) have tokens: a list longer than maxItems is an
	// error, whose tokens need no memory.
	total int32
	arr   bool
}

// roundPos locates one round (one element of "log").
type roundPos struct {
	off   int32
	end   int32 // offset just after the closing bracket, 0 while open
	n     int32 // number of elements
	arr   bool  // the round is an array
	elems [17]elemPos
}

// docPos is one top-level JSON value.
type docPos struct {
	start, end     int
	logOff, logEnd int32 // the "log" array's byte range; logOff -1 when none
	first, n       int   // rounds[first:first+n] are its rounds
}

type scanner struct {
	t      jsontok.Tokenizer
	b      []byte
	docs   []docPos
	rounds []roundPos
	toks   []token
}

func (s *scanner) reset(b []byte) {
	s.b = b
	s.t.MaxDepth = maxDepth
	s.t.Reset(b, 0)
	s.docs = s.docs[:0]
	s.rounds = s.rounds[:0]
	s.toks = s.toks[:0]
}

// err returns the syntax error the scan stopped at, or nil.
func (s *scanner) err() *jsontok.Error { return s.t.Err() }

// scanAll splits s.b into top-level values. It stops at the first syntax
// error (s.err); the documents before it are kept, and the broken one is
// kept too, with end -1, so that its complete rounds can be salvaged.
func (s *scanner) scanAll() {
	t := &s.t
	for {
		c := t.Peek()
		if t.Pos() >= len(s.b) {
			return
		}
		s.docs = append(s.docs, docPos{start: t.Pos(), logOff: -1, first: len(s.rounds)})
		dp := &s.docs[len(s.docs)-1]
		if c == '{' {
			s.object(dp)
		} else {
			t.Value()
		}
		dp.n = len(s.rounds) - dp.first
		if t.Err() != nil {
			dp.end = -1
			return
		}
		dp.end = t.Pos()
	}
}

// object scans a top-level object, decoding its "log" array and recording
// it in dp.
func (s *scanner) object(dp *docPos) {
	t := &s.t
	if !t.Enter() {
		return
	}
	for {
		k := t.Key()
		if t.Err() != nil {
			return
		}
		if dp.logOff < 0 && string(k.Content(s.b)) == "log" && t.Peek() == '[' {
			dp.logOff = int32(t.Pos())
			s.logArray()
			dp.logEnd = int32(t.Pos())
		} else {
			t.Value()
		}
		if !t.More('}', "an object") {
			return
		}
	}
}

// logArray scans the "log" array, recording every round.
func (s *scanner) logArray() {
	t := &s.t
	if !t.Enter() {
		return
	}
	for {
		if len(s.rounds) > maxRounds {
			// More rounds than a game may have: the decoder stops at
			// the first of them, and the rest need no memory.
			t.Value()
		} else if t.Peek() == '[' {
			s.round()
		} else {
			s.rounds = append(s.rounds, roundPos{off: int32(t.Pos())})
			t.Value()
			if t.Err() == nil {
				s.rounds[len(s.rounds)-1].end = int32(t.Pos())
			}
		}
		if !t.More(']', "the log array") {
			return
		}
	}
}

// round scans one round array, recording its elements and their tokens.
func (s *scanner) round() {
	t := &s.t
	s.rounds = append(s.rounds, roundPos{off: int32(t.Pos()), arr: true})
	r := &s.rounds[len(s.rounds)-1] // s.rounds does not grow until the next round
	if !t.Enter() {
		if t.Err() == nil {
			r.end = int32(t.Pos())
		}
		return
	}
	for n := 0; ; n++ {
		c := t.Peek()
		if n < 16 {
			e := &r.elems[n]
			e.off = int32(t.Pos())
			e.first = int32(len(s.toks))
			if c == '[' {
				e.arr = true
				e.total = int32(s.list())
			} else {
				t.Value()
			}
			e.n = int32(len(s.toks)) - e.first
			e.end = int32(t.Pos())
		} else {
			// The result, and anything after it, is left to fastjson.
			start := t.Pos()
			t.Value()
			if n == 16 {
				r.elems[16] = elemPos{off: int32(start), end: int32(t.Pos()), arr: c == '['}
			}
		}
		r.n = int32(n + 1)
		if !t.More(']', "a round") {
			if t.Err() == nil {
				r.end = int32(t.Pos())
			}
			return
		}
	}
}

// list scans an element's array into tokens, the first maxItems+1 of
// them, and returns the number of its items.
func (s *scanner) list() int {
	t := &s.t
	if !t.Enter() {
		return 0
	}
	for n := 1; ; n++ {
		v := t.Value()
		if v.Kind() == jsontok.Invalid {
			return n - 1
		}
		if n > maxItems+1 {
			if !t.More(']', "an array") {
				return n
			}
			continue
		}
		// Fill the new slot in place (copying a token built on the stack
		// costs a store-forwarding stall per item).
		if len(s.toks) == cap(s.toks) {
			s.toks = slices.Grow(s.toks, 512)
		}
		s.toks = s.toks[:len(s.toks)+1]
		tk := &s.toks[len(s.toks)-1]
		switch {
		case v.Small():
			*tk = token{off: int32(v.Off), val: int32(v.Int), kind: tNum}
		case v.Kind() == jsontok.String:
			*tk = token{off: int32(v.Off), end: int32(v.End - 1), kind: tStr, esc: v.Esc()}
		default:
			*tk = token{off: int32(v.Off), kind: tOther}
		}
		if !t.More(']', "an array") {
			return n
		}
	}
}
