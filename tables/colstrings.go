package tables

import (
	"slices"
	"unsafe"
)

// The values of a string column: a dictionary while it pays, found
// mostly by the address of the strings, PLAIN values otherwise.

// A string column's dictionary holds at most maxDictWords values and
// maxDictBytes bytes; once it holds minDictWords values, it must also hold
// at most one value in two. Beyond, the column chunk falls back to PLAIN.
const (
	maxDictWords = 1 << 16
	maxDictBytes = 1 << 20
	minDictWords = 1 << 10
)

// strValues are the values of a string column: indexes into a dictionary
// of the distinct values, or, once the dictionary no longer pays, the
// values one after another.
//
// Looking a value up in the dictionary's map is most of the cost of a
// string column; but the rows of a game share their strings (game_id, path
// and rules the game's, round a hand's, name a seat's, yaku and outcomes
// constants), so that most values are strings seen before, not only equal
// but the same memory. The cache finds those by their address: a value at
// the address and of the length of a string the cache holds (and so keeps
// from being freed and reused) is that string, as Go strings do not change.
type strValues struct {
	plain bool
	idx   []int32          // dictionary: each value's index in words
	words []string         // dictionary: the distinct values, in order of appearance (copies)
	index map[string]int32 // dictionary: the indexes of words
	size  int              // dictionary: the bytes of words
	cache [strCacheSize]strCached
	data  []byte // plain: the bytes of the values
	ends  []int  // plain: the end of each value in data
}

// strCacheSize is the number of strings a column's cache holds.
const (
	strCacheBits = 8
	strCacheSize = 1 << strCacheBits
)

// strCached is a string value met and its index in the dictionary, -1 for
// none.
type strCached struct {
	s   string
	idx int32
}

// strSlot is the place of v in the cache, by its address.
func strSlot(v string) int {
	return int(uint64(uintptr(unsafe.Pointer(unsafe.StringData(v)))) * 0x9e3779b97f4a7c15 >> (64 - strCacheBits))
}

func (s *strValues) reset() {
	s.plain = false
	s.idx = s.idx[:0]
	clear(s.words)
	s.words = s.words[:0]
	if s.index == nil {
		s.index = make(map[string]int32)
	}
	clear(s.index)
	s.size = 0
	s.cache = [strCacheSize]strCached{}
	for i := range s.cache {
		s.cache[i].idx = -1
	}
	s.data, s.ends = s.data[:0], s.ends[:0]
}

func (s *strValues) len() int {
	if s.plain {
		return len(s.ends)
	}
	return len(s.idx)
}

// add appends v.
func (s *strValues) add(v string) {
	if s.plain {
		s.addPlain(v)
		return
	}
	if i := s.cached(v); i >= 0 {
		s.idx = append(s.idx, i)
	} else {
		s.addSlow(v)
	}
}

// addRows appends n values, size bytes apart from p on. The rows of a game
// mostly repeat a value (game_id, path, rules, a hand's round): a value
// that is the string of the row before costs no more than a comparison.
func (s *strValues) addRows(p unsafe.Pointer, n int, size uintptr) {
	value := func(i int) string { return *(*string)(unsafe.Add(p, uintptr(i)*size)) }
	if s.plain {
		for i := range n {
			s.addPlain(value(i))
		}
		return
	}
	k := len(s.idx)
	s.idx = slices.Grow(s.idx, n)[:k+n]
	out := s.idx[k:]
	var prev string
	prevIdx := int32(-1)
	for i := range out {
		v := value(i)
		if len(v) == len(prev) && unsafe.StringData(v) == unsafe.StringData(prev) && prevIdx >= 0 {
			out[i] = prevIdx
			continue
		}
		if j := s.cached(v); j >= 0 {
			out[i] = j
		} else {
			// addSlow appends v's index, in the room made above, or
			// turns the column to plain values.
			s.idx = s.idx[:k+i]
			s.addSlow(v)
			if s.plain {
				for i++; i < n; i++ {
					s.addPlain(value(i))
				}
				return
			}
			s.idx = s.idx[:k+n]
		}
		prev, prevIdx = v, out[i]
	}
}

// cached returns the index of v when the cache holds it, -1 otherwise. It
// is not asked in plain mode.
func (s *strValues) cached(v string) int32 {
	c := &s.cache[strSlot(v)]
	if len(c.s) == len(v) && unsafe.StringData(c.s) == unsafe.StringData(v) {
		return c.idx
	}
	return -1
}

// addPlain appends v to the values of a plain column.
func (s *strValues) addPlain(v string) {
	s.data = append(s.data, v...)
	s.ends = append(s.ends, len(s.data))
}

// addSlow appends v, which is not in the cache, to a dictionary column
// (which may turn plain on the way), and puts it in the cache.
func (s *strValues) addSlow(v string) {
	i, ok := s.index[v]
	if !ok {
		n := len(s.words)
		if n == maxDictWords || s.size+len(v) > maxDictBytes || n >= minDictWords && 2*n >= len(s.idx) {
			s.toPlain()
			s.add(v)
			return
		}
		w := string([]byte(v)) // a copy: v may be part of a larger string
		i = int32(n)
		s.words = append(s.words, w)
		s.index[w] = i
		s.size += len(w)
	}
	c := &s.cache[strSlot(v)]
	c.s, c.idx = v, i
	s.idx = append(s.idx, i)
}

// toPlain turns the dictionary's values into plain ones.
func (s *strValues) toPlain() {
	for _, i := range s.idx {
		s.data = append(s.data, s.words[i]...)
		s.ends = append(s.ends, len(s.data))
	}
	s.plain = true
	s.idx = s.idx[:0]
	clear(s.words)
	s.words = s.words[:0]
	clear(s.index)
}

// value returns the i-th value of a plain column.
func (s *strValues) value(i int) []byte {
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.data[start:s.ends[i]]
}
