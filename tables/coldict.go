package tables

import "slices"

// The dictionary of an int32 column chunk, built when the chunk is
// encoded.

// dict32 builds the dictionary of an int32 column chunk, vals (at least
// one value), into w.enc.idx and w.enc.words32, reports whether it pays (at
// most one value in two distinct), and returns the least and the greatest
// value. (The loops are kept simple, the rare insertions out of them, so
// that the compiler keeps what they use in registers.)
func (w *colWriter) dict32(vals []int32) (lo, hi int32, ok bool) {
	lo, hi = vals[0], vals[0]
	for _, v := range vals {
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
	}
	e := &w.enc
	d := dict32{limit: len(vals) / 2, words: e.words32[:0]}
	idx := slices.Grow(e.idx[:0], len(vals))[:len(vals)]
	idx = idx[:len(vals)]
	if int64(hi)-int64(lo) < 1<<16 {
		// A table indexed by the value: no hashing.
		if e.table32 == nil {
			e.table32 = new([1 << 16]int32)
		}
		t := e.table32
		for i, v := range vals {
			k := t[uint16(v-lo)]
			if k == 0 {
				if k = d.add(v); k == 0 {
					break
				}
				t[uint16(v-lo)] = k
			}
			idx[i] = k - 1
		}
		for _, v := range d.words {
			t[uint16(v-lo)] = 0
		}
	} else {
		h := &e.hash32
		h.reset()
		for i, v := range vals {
			p := h.find(v)
			k := *p
			if k == 0 {
				if k = d.add(v); k == 0 {
					break
				}
				*p = k
				h.added(d.words)
			}
			idx[i] = k - 1
		}
	}
	e.idx, e.words32 = idx, d.words
	return lo, hi, !d.full
}

// dict32 is an int32 dictionary being built.
type dict32 struct {
	words []int32
	limit int  // words, at most
	full  bool // a word beyond limit was met
}

// add adds the word v and returns its index+1; 0 when the dictionary is
// full.
func (d *dict32) add(v int32) int32 {
	if len(d.words) == d.limit {
		d.full = true
		return 0
	}
	d.words = append(d.words, v)
	return int32(len(d.words))
}

// hash32 is a hash table of int32 dictionary words: open addressing with
// linear probing, at most half full.
type hash32 struct {
	keys  []int32
	vals  []int32 // index+1 of the word keys[i], 0 for an empty slot
	shift uint    // 32 - log2(len(keys))
	n     int     // words
}

func (h *hash32) reset() {
	if len(h.keys) != 1<<10 {
		h.keys, h.vals = make([]int32, 1<<10), make([]int32, 1<<10)
	} else {
		clear(h.vals)
	}
	h.shift, h.n = 32-10, 0
}

// find returns the slot of v: its index+1, or 0 when v is not there (the
// caller then sets it, and calls added).
func (h *hash32) find(v int32) *int32 {
	mask := uint32(len(h.keys) - 1)
	for i := uint32(v) * 0x9e3779b1 >> h.shift; ; i = (i + 1) & mask {
		if h.vals[i] == 0 || h.keys[i] == v {
			h.keys[i] = v
			return &h.vals[i]
		}
	}
}

// added counts the word just set, the last of words, and grows the table
// when it is half full.
func (h *hash32) added(words []int32) {
	h.n++
	if 2*h.n > len(h.keys) {
		h.grow(words)
	}
}

// grow doubles the table and puts words back in.
func (h *hash32) grow(words []int32) {
	n := 2 * len(h.keys)
	h.keys, h.vals = make([]int32, n), make([]int32, n)
	h.shift--
	for i, v := range words {
		*h.find(v) = int32(i + 1)
	}
}
