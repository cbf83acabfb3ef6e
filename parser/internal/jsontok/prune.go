package jsontok

import (
	"errors"
	"strconv"
)

// ErrTooLarge: what Prune keeps of a value holds more values than its
// limit.
var ErrTooLarge = errors.New("too many JSON values")

// Keep says what Prune does with a member of an object, given its key.
type Keep uint8

const (
	// Drop leaves the member out: its value is checked and skipped, and
	// counts nothing.
	Drop Keep = iota
	// Member keeps the member; the objects inside its value are pruned
	// in turn.
	Member
	// Whole keeps the member and everything inside its value.
	Whole
)

// Prune reads the next value (as Value does) and appends a copy of it to
// dst, without white space and without the members of objects, at any
// depth, for which keep returns Drop (keep gets the key unescaped, in a
// buffer valid only during the call). It is how a decoder hands a tree
// parser (fastjson) only what it reads: a value that a log holds under a
// key no decoder knows costs a scan, not a tree, however many elements it
// has.
//
// What Prune keeps may hold at most maxValues values (every string,
// number, literal, array and object counts one, the value itself
// included): the value that passes the limit is an error at its offset
// wrapping ErrTooLarge. On that and on a syntax error Prune stops as Value
// does (see Err) and returns dst with what it had appended.
func (t *Tokenizer) Prune(dst []byte, keep func(key []byte) Keep, maxValues int) []byte {
	p := pruner{t: t, dst: dst, keep: keep, max: maxValues}
	p.value(false)
	return p.dst
}

// pruner is the state of one Prune.
type pruner struct {
	t    *Tokenizer
	dst  []byte
	keep func([]byte) Keep
	max  int
	n    int    // values kept
	kbuf []byte // an escaped key, unescaped
}

// count counts one value kept, at offset off; false when that passes the
// limit (the error is recorded).
func (p *pruner) count(off int) bool {
	p.n++
	if p.n > p.max {
		p.t.fail(off, ErrTooLarge, "more than "+strconv.Itoa(p.max)+" JSON values in fields that are read")
		return false
	}
	return true
}

// value copies the next value; whole keeps every member of the objects in
// it. It reports false on an error.
func (p *pruner) value(whole bool) bool {
	t := p.t
	c := t.Peek()
	off := t.Pos()
	if c != '[' && c != '{' {
		tk := t.Value()
		if tk.Kind() == Invalid || !p.count(off) {
			return false
		}
		p.dst = append(p.dst, t.b[tk.Off:tk.End]...)
		return true
	}
	if !p.count(off) {
		return false
	}
	if !t.Enter() {
		if t.err != nil {
			return false
		}
		p.dst = append(p.dst, c, c+2) // "[]" or "{}"
		return true
	}
	p.dst = append(p.dst, c)
	if c == '[' {
		for first := true; ; first = false {
			if !first {
				p.dst = append(p.dst, ',')
			}
			if !p.value(whole) {
				return false
			}
			if !t.More(']', "an array") {
				break
			}
		}
	} else {
		kept := 0
		for {
			k := t.Key()
			if k.Kind() == Invalid {
				return false
			}
			key := k.Content(t.b)
			if k.Esc() {
				p.kbuf, _ = Unquote(p.kbuf[:0], key)
				key = p.kbuf
			}
			what := Whole
			if !whole {
				what = p.keep(key)
			}
			if what == Drop {
				if t.Value().Kind() == Invalid {
					return false
				}
			} else {
				if kept > 0 {
					p.dst = append(p.dst, ',')
				}
				kept++
				p.dst = append(p.dst, t.b[k.Off:k.End]...)
				p.dst = append(p.dst, ':')
				if !p.value(what == Whole) {
					return false
				}
			}
			if !t.More('}', "an object") {
				break
			}
		}
	}
	if t.err != nil {
		return false
	}
	p.dst = append(p.dst, c+2)
	return true
}

// Limits of the tree a decoder builds of one value: a value longer than
// PruneAbove bytes is pruned (Prune) before a tree parser reads it, and
// what is kept of it may hold at most MaxValues values. A value up to
// PruneAbove bytes makes a small tree whatever it holds (at most one value
// per byte), so the common case costs nothing more; a longer one costs a
// tree of the fields a decoder reads, whatever else it holds. The largest
// real logs hold some 25,000 values (a Mahjong Soul record of 750 KB).
const (
	PruneAbove = 64 << 10
	MaxValues  = 1 << 17
)

// KeepUpTo is the size of a decoder's buffer (its tree parser's copy of
// what it parsed, a pruned value) past which the decoder does not keep it
// from one input to the next: a huge input's memory is not held for the
// inputs after it.
const KeepUpTo = 4 << 20

// Pruned returns what a decoder hands a tree parser of the JSON text b
// (one value, white space around it): b itself when it is at most
// PruneAbove bytes long and force is false, else the value pruned with
// keep and MaxValues (see Prune), in *buf, which it reuses. The error is a
// syntax error (b is not one JSON value) or ErrTooLarge, at an offset of
// b. t is left reading nothing.
func (t *Tokenizer) Pruned(buf *[]byte, b []byte, keep func(key []byte) Keep, force bool) ([]byte, *Error) {
	if len(b) <= PruneAbove && !force {
		return b, nil
	}
	defer t.Reset(nil, 0) // keep no reference to b
	t.Reset(b, 0)
	*buf = t.Prune((*buf)[:0], keep, MaxValues)
	if t.err == nil {
		t.End()
	}
	if t.err != nil {
		return nil, t.err
	}
	return *buf, nil
}
