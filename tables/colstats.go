package tables

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/plain"
)

// The bounds of pages and column chunks: the column index and the
// statistics.

// wordRanks returns the rank of each word in byte order.
func (w *colWriter) wordRanks(words []string) []int32 {
	e := &w.enc
	order := make([]int32, len(words))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(words[a], words[b]) })
	ranks := slices.Grow(e.ranks[:0], len(words))[:len(words)]
	for r, i := range order {
		ranks[i] = int32(r)
	}
	e.ranks = ranks
	return ranks
}

// bounds returns the least and the greatest value of page p, PLAIN-encoded
// (for strings, the bytes).
func (w *colWriter) bounds(l *leafSpec, c *colBuf, p page, idx []int32, ranks []int32) (lo, hi []byte) {
	v0, v1 := p.v, p.v+p.vals
	switch l.kind {
	case boolLeaf:
		var seen [2]bool
		for _, b := range c.bools[v0:v1] {
			seen[b&1] = true
		}
		return plain.Boolean(!seen[0]), plain.Boolean(seen[1])
	case int32Leaf:
		a, b := minMax(c.i32[v0:v1])
		return plain.Int32(a), plain.Int32(b)
	case int64Leaf:
		a, b := minMax(c.i64[v0:v1])
		return plain.Int64(a), plain.Int64(b)
	case float64Leaf:
		// NaN is no bound; a page of NaN only is bounded by NaN.
		vals := c.f64[v0:v1]
		a, b := math.NaN(), math.NaN()
		for _, v := range vals {
			if !math.IsNaN(v) {
				if math.IsNaN(a) || v < a || v == 0 && a == 0 && math.Signbit(v) {
					a = v
				}
				if math.IsNaN(b) || v > b || v == 0 && b == 0 && !math.Signbit(v) {
					b = v
				}
			}
		}
		return plain.Double(a), plain.Double(b)
	}
	if c.strs.plain {
		a, b := c.strs.value(v0), c.strs.value(v0)
		for i := v0 + 1; i < v1; i++ {
			v := c.strs.value(i)
			if bytes.Compare(v, a) < 0 {
				a = v
			} else if bytes.Compare(v, b) > 0 {
				b = v
			}
		}
		return append([]byte{}, a...), append([]byte{}, b...)
	}
	words := c.strs.words
	if ranks == nil {
		// One page: it holds every word.
		a, b := words[0], words[0]
		for _, s := range words[1:] {
			a, b = min(a, s), max(b, s)
		}
		return []byte(a), []byte(b)
	}
	a, b := idx[v0], idx[v0]
	for _, i := range idx[v0:v1] {
		if ranks[i] < ranks[a] {
			a = i
		}
		if ranks[i] > ranks[b] {
			b = i
		}
	}
	return []byte(words[a]), []byte(words[b])
}

// minMax returns the least and the greatest of vals, which must not be
// empty.
func minMax[V int32 | int64](vals []V) (lo, hi V) {
	lo, hi = vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// beyond reports whether the PLAIN-encoded bound a of kind k lies beyond
// the bound b in direction dir: below it for -1, above for +1. A float
// bound other than NaN lies beyond NaN, and NaN beyond nothing.
func beyond(k leafKind, a, b []byte, dir int) bool {
	c := 0
	switch k {
	case boolLeaf:
		c = cmp.Compare(a[0], b[0])
	case int32Leaf:
		c = cmp.Compare(int32(binary.LittleEndian.Uint32(a)), int32(binary.LittleEndian.Uint32(b)))
	case int64Leaf:
		c = cmp.Compare(int64(binary.LittleEndian.Uint64(a)), int64(binary.LittleEndian.Uint64(b)))
	case float64Leaf:
		x, y := math.Float64frombits(binary.LittleEndian.Uint64(a)), math.Float64frombits(binary.LittleEndian.Uint64(b))
		switch {
		case math.IsNaN(x):
			return false
		case math.IsNaN(y):
			return true
		case x == 0 && y == 0:
			// -0 is the lower bound of zeros, +0 the upper.
			return math.Signbit(x) != math.Signbit(y) && math.Signbit(x) == (dir < 0)
		}
		c = cmp.Compare(x, y)
	default:
		c = bytes.Compare(a, b)
	}
	return c == dir
}

// columnIndexLimit is the length of the string bounds in the column index,
// as parquet-go's.
const columnIndexLimit = parquet.DefaultColumnIndexSizeLimit

// truncateMin returns a lower bound of v of at most columnIndexLimit bytes.
func truncateMin(v []byte) []byte {
	if len(v) > columnIndexLimit {
		v = v[:columnIndexLimit]
	}
	return v
}

// truncateMax returns an upper bound of v of at most columnIndexLimit
// bytes, if there is one (v as it is otherwise).
func truncateMax(v []byte) []byte {
	if len(v) <= columnIndexLimit {
		return v
	}
	t := bytes.Clone(v[:columnIndexLimit])
	for i := len(t) - 1; i >= 0; i-- {
		t[i]++
		if t[i] != 0 {
			return t[:i+1]
		}
	}
	return v // all 0xff: no shorter upper bound
}

// statsLimit is the length of the string bounds in a column chunk's
// statistics. A value of any length may be written (a message quoting
// input text, a title): its bounds are cut, as the Parquet format allows
// (a bound need not be a value of the column, only a valid one of its
// type), so that a chunk's metadata stays small whatever the values. It is
// above every value a well-formed log gives (a message is some hundreds of
// bytes), whose bounds are exact.
const statsLimit = 1024

// boundMin returns a lower bound of the UTF-8 string v of at most
// statsLimit bytes: v, or its first whole characters.
func boundMin(v []byte) []byte {
	if len(v) <= statsLimit {
		return v
	}
	cut := statsLimit
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return v[:cut]
}

// boundMax returns an upper bound of the UTF-8 string v of at most
// statsLimit bytes: v, or its first whole characters with the last one
// made the next character (a shorter string that sorts after v); v as it
// is when no such bound exists (every character the greatest).
func boundMax(v []byte) []byte {
	if len(v) <= statsLimit {
		return v
	}
	cut := statsLimit
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	t := v[:cut]
	for len(t) > 0 {
		r, size := utf8.DecodeLastRune(t)
		t = t[:len(t)-size]
		next := r + 1
		if next == 0xD800 {
			next = 0xE000 // past the surrogates, which UTF-8 does not hold
		}
		if r != utf8.RuneError && next <= utf8.MaxRune {
			return utf8.AppendRune(bytes.Clone(t), next)
		}
	}
	return v
}

// nonNil returns b, or an empty slice for nil: the column index holds a
// value, empty for a page of nulls, for every page.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
