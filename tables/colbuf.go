package tables

import (
	"slices"
	"unsafe"
)

// The buffered columns of a row group: each column of a game's rows read
// straight out of the rows (by the field offsets of the plan) into the
// row group being filled, with its definition and repetition levels.

// colSet is the columns of a row group being buffered.
type colSet struct {
	cols    []colBuf
	rows    int
	touched byte // what appendRows read to bring rows into the cache
}

func newColSet(plan *colPlan) *colSet {
	s := &colSet{cols: make([]colBuf, len(plan.leaves))}
	for i, l := range plan.leaves {
		if l.kind == stringLeaf {
			s.cols[i].strs = new(strValues)
		}
	}
	s.reset()
	return s
}

func (s *colSet) reset() {
	for i := range s.cols {
		s.cols[i].reset()
	}
	s.rows = 0
}

// appendRows reads the columns of rows, of the type of plan p, into s.
func appendRows[T any](s *colSet, p *colPlan, rows []T) {
	if len(rows) == 0 {
		return
	}
	base := unsafe.Pointer(unsafe.SliceData(rows))
	// The rows are read column by column, each pass touching a few bytes
	// of every row: a first pass over their memory in order brings them
	// into the cache at the speed of a copy.
	var x byte
	for off, end := uintptr(0), uintptr(len(rows))*p.size; off < end; off += 64 {
		x += *(*byte)(unsafe.Add(base, off))
	}
	s.touched += x
	for i := range p.leaves {
		s.cols[i].appendRows(&p.leaves[i], base, len(rows), p.size)
	}
	s.rows += len(rows)
}

// colBuf is one column's values in the row group being buffered. (It is
// small, and the columns of a colSet next to each other: a game's rows go
// through all of them.)
type colBuf struct {
	def, rep []byte // definition and repetition levels, for optional and list columns
	bools    []byte // bool values, 0 or 1
	i32      []int32
	i64      []int64
	f64      []float64
	strs     *strValues // string values, for a string column
}

func (c *colBuf) reset() {
	c.def, c.rep = c.def[:0], c.rep[:0]
	c.bools, c.i32, c.i64, c.f64 = c.bools[:0], c.i32[:0], c.i64[:0], c.f64[:0]
	if c.strs != nil {
		c.strs.reset()
	}
}

// numValues is the number of non-null values.
func (c *colBuf) numValues(kind leafKind) int {
	switch kind {
	case boolLeaf:
		return len(c.bools)
	case int32Leaf:
		return len(c.i32)
	case int64Leaf:
		return len(c.i64)
	case float64Leaf:
		return len(c.f64)
	}
	return c.strs.len()
}

// appendRows appends the column l of the n rows of size size at base.
func (c *colBuf) appendRows(l *leafSpec, base unsafe.Pointer, n int, size uintptr) {
	switch l.kind {
	case boolLeaf:
		c.bools = appendColumn(c, l, c.bools, base, n, size) // a bool is a byte, 0 or 1
	case int32Leaf:
		c.i32 = appendColumn(c, l, c.i32, base, n, size)
	case int64Leaf:
		c.i64 = appendColumn(c, l, c.i64, base, n, size)
	case float64Leaf:
		c.f64 = appendColumn(c, l, c.f64, base, n, size)
	case stringLeaf:
		c.appendStrings(l, base, n, size)
	}
}

// field returns the address of the field at offset off of row i.
func field(base unsafe.Pointer, i int, size, off uintptr) unsafe.Pointer {
	return unsafe.Add(base, uintptr(i)*size+off)
}

// appendColumn appends the values of column l, of Go type V, to dst and
// its levels to c.
func appendColumn[V any](c *colBuf, l *leafSpec, dst []V, base unsafe.Pointer, n int, size uintptr) []V {
	switch l.shape {
	case requiredLeaf:
		k := len(dst)
		dst = slices.Grow(dst, n)[:k+n]
		out := dst[k:]
		p := unsafe.Add(base, l.off)
		for i := range out {
			out[i] = *(*V)(unsafe.Add(p, uintptr(i)*size))
		}
	case optionalLeaf:
		k := len(c.def)
		c.def = slices.Grow(c.def, n)[:k+n]
		def := c.def[k:]
		dst = slices.Grow(dst, n)
		p := unsafe.Add(base, l.off)
		for i := range def {
			if v := *(**V)(unsafe.Add(p, uintptr(i)*size)); v != nil {
				dst = append(dst, *v)
				def[i] = 1
			} else {
				def[i] = 0
			}
		}
	case listLeaf:
		for i := range n {
			s := *(*[]V)(field(base, i, size, l.off))
			c.appendListLevels(len(s), s == nil, l.maxDef)
			dst = append(dst, s...)
		}
	}
	return dst
}

func (c *colBuf) appendStrings(l *leafSpec, base unsafe.Pointer, n int, size uintptr) {
	switch l.shape {
	case requiredLeaf:
		c.strs.addRows(unsafe.Add(base, l.off), n, size)
	case optionalLeaf:
		for i := range n {
			if p := *(**string)(field(base, i, size, l.off)); p != nil {
				c.strs.add(*p)
				c.def = append(c.def, 1)
			} else {
				c.def = append(c.def, 0)
			}
		}
	case listLeaf:
		for i := range n {
			s := *(*[]string)(field(base, i, size, l.off))
			c.appendListLevels(len(s), s == nil, l.maxDef)
			for _, v := range s {
				c.strs.add(v)
			}
		}
	}
}

// appendListLevels appends the levels of a list of n values in a column
// of maximum definition level maxDef: a row (repetition level 0) with n
// values (definition level maxDef), or with none, one entry: at definition
// level 0 for a null list (nil, in an optional list: maxDef 2) or for an
// empty one in a list that is not optional (maxDef 1), at definition level
// 1 for an empty list in an optional one.
func (c *colBuf) appendListLevels(n int, null bool, maxDef byte) {
	if n == 0 {
		c.rep = append(c.rep, 0)
		if null || maxDef == 1 {
			c.def = append(c.def, 0)
		} else {
			c.def = append(c.def, 1)
		}
		return
	}
	c.rep = append(c.rep, 0)
	for range n - 1 {
		c.rep = append(c.rep, 1)
	}
	for range n {
		c.def = append(c.def, maxDef)
	}
}
