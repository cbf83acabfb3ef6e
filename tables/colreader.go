package tables

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
)

// The column-wise reader reads a part file of a row type the column-wise
// writer has a plan for (colplan.go) without parquet-go's row reader: it
// takes each column chunk's pages from parquet-go decoded (decompressed,
// levels and values unpacked, whatever their encoding), and writes their
// values straight into the fields of a batch of rows, by the offsets of
// the plan, one column after another; then it hands the rows over one by
// one. parquet-go's GenericReader, the general path, reads what the plan
// does not fit: a file whose schema is not exactly the plan's (a file of
// an older haifu, say), a row type without a plan. Files of the plan's
// schema that parquet-go's writer wrote (with other encodings, data pages
// of version 1) are read column-wise too: the page values come decoded.
//
// The rows are as the general path makes them (colreader_test.go holds the
// two to the same rows): a null pointer field is nil, a present one points
// to a value of the row's own; a null list is nil and an empty one a
// non-nil empty slice, a list's capacity its length. As ReadTable says,
// the rows and what they point to are reused once handed over: the values
// of a column's pointers and lists are in storage of the column's, which
// the next batch overwrites. Strings are not: they are copies, never views
// of parquet-go's page buffers (a dictionary's words are copied once per
// column chunk, a page of PLAIN strings into one string per page, which
// its values are parts of), and stay valid when kept, as the general
// path's do (the summary keeps names and paths as map keys).

// readBatch is the number of rows read into the batch at a time.
const readBatch = 1024

// errPlanMismatch: the file's schema is not the plan's; the general path
// reads it.
var errPlanMismatch = errors.New("schema is not the column-wise plan's")

// colReader reads the part files of a table of row type T column-wise.
// It holds the batch of rows and the columns' buffers from one file to
// the next.
type colReader[T any] struct {
	plan  *colPlan
	batch []T
	cols  []colCursor
}

// newColReader returns the column-wise reader of row type T, or an error
// wrapping errNoPlan when the column-wise writer has no plan for T.
func newColReader[T any]() (*colReader[T], error) {
	plan, err := newColPlan[T](nil)
	if err != nil {
		return nil, err
	}
	r := &colReader[T]{plan: plan, cols: make([]colCursor, len(plan.leaves))}
	for i := range plan.leaves {
		l := &plan.leaves[i]
		switch l.kind {
		case boolLeaf:
			r.cols[i] = &column[bool]{leaf: l}
		case int32Leaf:
			r.cols[i] = &column[int32]{leaf: l}
		case int64Leaf:
			r.cols[i] = &column[int64]{leaf: l}
		case float64Leaf:
			r.cols[i] = &column[float64]{leaf: l}
		case stringLeaf:
			r.cols[i] = &column[string]{leaf: l}
		}
	}
	return r, nil
}

// matches reports whether pf's schema is exactly the plan's.
func (r *colReader[T]) matches(pf *parquet.File) bool {
	return reflect.DeepEqual(pf.Metadata().Schema, r.plan.meta.Schema)
}

// read streams the rows of pf, whose schema the plan matches, into fn.
func (r *colReader[T]) read(pf *parquet.File, fn func(*T)) error {
	if r.batch == nil {
		r.batch = make([]T, readBatch)
	}
	base := unsafe.Pointer(unsafe.SliceData(r.batch))
	defer func() {
		for _, c := range r.cols {
			c.stop()
		}
	}()
	for _, rg := range pf.RowGroups() {
		chunks := rg.ColumnChunks()
		if len(chunks) != len(r.cols) {
			return fmt.Errorf("%w: %d column chunks for %d columns", errPlanMismatch, len(chunks), len(r.cols))
		}
		for i, c := range r.cols {
			c.start(chunks[i].Pages())
		}
		for rows := rg.NumRows(); rows > 0; {
			n := int(min(rows, readBatch))
			for _, c := range r.cols {
				if err := c.fill(base, n, r.plan.size); err != nil {
					return err
				}
			}
			for i := range n {
				fn(&r.batch[i])
			}
			rows -= int64(n)
		}
		for _, c := range r.cols {
			if err := c.finish(); err != nil {
				return err
			}
		}
	}
	return nil
}

// colCursor reads one column of a file into the rows of a batch.
type colCursor interface {
	// start starts reading a column chunk, of pages pages.
	start(pages parquet.Pages)
	// fill writes the column of the next n rows of the column chunk into
	// the rows of size size at base.
	fill(base unsafe.Pointer, n int, size uintptr) error
	// finish ends the column chunk, which must have no more rows.
	finish() error
	// stop releases the page being read and closes the column chunk's
	// pages, if any.
	stop()
}

// column is the colCursor of a column of Go type V: the page being read,
// its levels and values, and the position in them.
type column[V any] struct {
	leaf  *leafSpec
	pages parquet.Pages // the column chunk's pages; nil when none is read
	page  parquet.Page  // the page being read; nil before the first
	eof   bool          // the column chunk has no more pages

	def, rep []byte  // the page's levels: nil for a required column; rep nil but for a list
	lv       int     // the next level
	vals     []V     // the page's values: its own, or the dictionary's words
	idx      []int32 // the page's dictionary indexes, nil for a page of its own values
	nv       int     // the page's values
	v        int     // the next value

	dict  parquet.Dictionary // the dictionary words are of
	words []V                // its values, copied
	buf   []V                // the page's values, when they are not parquet-go's own
	slab  []V                // the values pointers and lists of the batch point to
}

// start starts reading a column chunk, of pages pages.
func (c *column[V]) start(pages parquet.Pages) {
	c.stop()
	c.pages, c.eof = pages, false
	c.dict, c.words = nil, nil
	c.def, c.rep, c.vals, c.idx, c.nv, c.lv, c.v = nil, nil, nil, nil, 0, 0, 0
}

// stop releases the page being read and closes the column chunk's pages.
func (c *column[V]) stop() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page = nil
	}
	if c.pages != nil {
		c.pages.Close()
		c.pages = nil
	}
}

// next reads the next page, its levels and values; at the end of the
// column chunk it sets eof.
func (c *column[V]) next() error {
	if c.page != nil {
		parquet.Release(c.page)
		c.page = nil
	}
	c.def, c.rep, c.vals, c.idx, c.nv, c.lv, c.v = nil, nil, nil, nil, 0, 0, 0
	if c.eof || c.pages == nil {
		c.eof = true
		return nil
	}
	p, err := c.pages.ReadPage()
	if err == io.EOF {
		c.eof = true
		return nil
	}
	if err != nil {
		return err
	}
	c.page = p
	l := c.leaf
	nv := int(p.NumValues())
	if l.shape != requiredLeaf {
		c.def = p.DefinitionLevels()
		if len(c.def) != nv {
			return fmt.Errorf("page of %d values with %d definition levels", nv, len(c.def))
		}
		if l.shape == listLeaf {
			c.rep = p.RepetitionLevels()
			if len(c.rep) != nv {
				return fmt.Errorf("page of %d values with %d repetition levels", nv, len(c.rep))
			}
		}
		nv = 0
		for _, d := range c.def {
			if d == l.maxDef {
				nv++
			}
		}
	}
	return c.values(p, nv)
}

// at returns value k of the page; false for an index beyond the
// dictionary.
func (c *column[V]) at(k int) (V, bool) {
	if c.idx != nil {
		j := c.idx[k]
		if uint(j) >= uint(len(c.vals)) {
			var zero V
			return zero, false
		}
		return c.vals[j], true
	}
	return c.vals[k], true
}

// errIndex: a dictionary index beyond the dictionary.
var errIndex = errors.New("dictionary index beyond the dictionary")

// values sets the page's values to the nv values of page p: its own, or
// indexes into its dictionary.
func (c *column[V]) values(p parquet.Page, nv int) error {
	d := p.Data()
	dict := p.Dictionary()
	if dict == nil {
		vals, err := c.plain(d, nv, false)
		if err != nil {
			return err
		}
		if len(vals) != nv {
			return fmt.Errorf("page of %d values holds %d", nv, len(vals))
		}
		c.vals, c.nv = vals, nv
		return nil
	}
	if dict != c.dict {
		words, err := c.plain(dict.Page().Data(), dict.Len(), true)
		if err != nil {
			return err
		}
		c.dict, c.words = dict, words
	}
	if d.Kind() != encoding.Int32 {
		return fmt.Errorf("dictionary indexes of kind %v", d.Kind())
	}
	idx := d.Int32()
	if len(idx) != nv {
		return fmt.Errorf("page of %d values holds %d", nv, len(idx))
	}
	// The indexes are checked as they are read.
	c.vals, c.idx, c.nv = c.words, idx, nv
	return nil
}

// plain returns the nv values of d, of the column's kind, copied when own
// (for a dictionary: its words outlive the page), else parquet-go's own
// where they need no conversion. Strings are always copies.
func (c *column[V]) plain(d encoding.Values, nv int, own bool) ([]V, error) {
	want := [...]encoding.Kind{
		boolLeaf:    encoding.Boolean,
		int32Leaf:   encoding.Int32,
		int64Leaf:   encoding.Int64,
		float64Leaf: encoding.Double,
		stringLeaf:  encoding.ByteArray,
	}[c.leaf.kind]
	if d.Kind() != want {
		return nil, fmt.Errorf("values of kind %v, not %v", d.Kind(), want)
	}
	var out any
	switch c.leaf.kind {
	case boolLeaf:
		bits := d.Boolean()
		if len(bits)*8 < nv {
			return nil, fmt.Errorf("%d bits for %d booleans", len(bits)*8, nv)
		}
		var bools []bool
		if !own {
			bools = any(c.buf[:0]).([]bool)
		}
		bools = unpackBools(bools, bits, nv)
		if !own {
			c.buf = any(bools).([]V)
		}
		out = bools
	case int32Leaf:
		out = d.Int32()
	case int64Leaf:
		out = d.Int64()
	case float64Leaf:
		out = d.Double()
	case stringLeaf:
		strs, err := stringsOf(d)
		if err != nil {
			return nil, err
		}
		out = strs
		own = false // a copy already
	}
	vals := out.([]V)
	if own {
		vals = append([]V(nil), vals...)
	}
	return vals, nil
}

// unpackBools sets bools to the first n of the bit-packed booleans bits
// (PLAIN: the first the lowest bit), of at least n bits.
func unpackBools(bools []bool, bits []byte, n int) []bool {
	bools = slices.Grow(bools[:0], n)[:n]
	full := n / 8
	for i, b := range bits[:full] {
		out := bools[8*i : 8*i+8 : 8*i+8]
		out[0], out[1], out[2], out[3] = b&1 != 0, b&2 != 0, b&4 != 0, b&8 != 0
		out[4], out[5], out[6], out[7] = b&16 != 0, b&32 != 0, b&64 != 0, b&128 != 0
	}
	for i := 8 * full; i < n; i++ {
		bools[i] = bits[i>>3]>>(i&7)&1 != 0
	}
	return bools
}

// stringsOf returns the values of d, of kind ByteArray, as strings: parts
// of one string, a copy of their bytes.
func stringsOf(d encoding.Values) ([]string, error) {
	data, offsets := d.ByteArray()
	if len(offsets) == 0 {
		return nil, nil
	}
	lo, hi := offsets[0], offsets[len(offsets)-1]
	if lo > hi || int(hi) > len(data) {
		return nil, fmt.Errorf("byte array offsets %d to %d of %d bytes", lo, hi, len(data))
	}
	all := string(data[lo:hi])
	strs := make([]string, len(offsets)-1)
	for i := range strs {
		a, b := offsets[i], offsets[i+1]
		if a < lo || b < a || b > hi {
			return nil, fmt.Errorf("byte array offsets %d to %d of %d to %d", a, b, lo, hi)
		}
		strs[i] = all[a-lo : b-lo]
	}
	return strs, nil
}

// errShort: a column chunk holds fewer rows than its row group.
var errShort = errors.New("fewer rows than the row group")

// fill writes the column of the next n rows of the column chunk into the
// rows of size size at base.
func (c *column[V]) fill(base unsafe.Pointer, n int, size uintptr) error {
	p := unsafe.Add(base, c.leaf.off)
	var err error
	switch c.leaf.shape {
	case requiredLeaf:
		err = c.fillRequired(p, n, size)
	case optionalLeaf:
		err = c.fillOptional(p, n, size)
	default:
		err = c.fillList(p, n, size)
	}
	if err != nil {
		return fmt.Errorf("column %s: %w", c.leaf.path[0], err)
	}
	return nil
}

// fillRequired writes the values of the next n rows into the fields at p,
// of rows of size size.
func (c *column[V]) fillRequired(p unsafe.Pointer, n int, size uintptr) error {
	for i := 0; i < n; {
		if c.v == c.nv {
			if c.eof {
				return errShort
			}
			if err := c.next(); err != nil {
				return err
			}
			continue
		}
		k := min(n-i, c.nv-c.v)
		q := unsafe.Add(p, uintptr(i)*size)
		if c.idx != nil {
			words := c.vals
			for _, j := range c.idx[c.v : c.v+k] {
				if uint(j) >= uint(len(words)) {
					return errIndex
				}
				*(*V)(q) = words[j]
				q = unsafe.Add(q, size)
			}
		} else {
			for _, x := range c.vals[c.v : c.v+k] {
				*(*V)(q) = x
				q = unsafe.Add(q, size)
			}
		}
		i += k
		c.v += k
	}
	return nil
}

// more reports whether the column chunk has another level, reading pages
// as needed.
func (c *column[V]) more() (bool, error) {
	for c.lv == len(c.def) {
		if c.eof {
			return false, nil
		}
		if err := c.next(); err != nil {
			return false, err
		}
	}
	return true, nil
}

// fillOptional writes the next n rows' pointers into the fields at p: nil
// for a null, else a pointer into the column's storage.
func (c *column[V]) fillOptional(p unsafe.Pointer, n int, size uintptr) error {
	if cap(c.slab) < n {
		c.slab = make([]V, n)
	}
	slab := c.slab[:n]
	m := 0 // values in slab
	for i := 0; i < n; {
		if c.lv == len(c.def) {
			if c.eof {
				return errShort
			}
			if err := c.next(); err != nil {
				return err
			}
			continue
		}
		// The rows of the page.
		k := min(n-i, len(c.def)-c.lv)
		q := unsafe.Add(p, uintptr(i)*size)
		v := c.v
		if c.idx != nil {
			words, idx := c.vals, c.idx
			for _, d := range c.def[c.lv : c.lv+k] {
				f := (**V)(q)
				q = unsafe.Add(q, size)
				if d != 1 {
					*f = nil
					continue
				}
				j := idx[v]
				if uint(j) >= uint(len(words)) {
					return errIndex
				}
				slab[m] = words[j]
				*f = &slab[m]
				m++
				v++
			}
		} else {
			vals := c.vals
			for _, d := range c.def[c.lv : c.lv+k] {
				f := (**V)(q)
				q = unsafe.Add(q, size)
				if d != 1 {
					*f = nil
					continue
				}
				slab[m] = vals[v]
				*f = &slab[m]
				m++
				v++
			}
		}
		c.v = v
		c.lv += k
		i += k
	}
	return nil
}

// fillList writes the next n rows' lists into the fields at p: nil for a
// null list (definition level 0 of an optional list), else a slice of
// storage of this batch's own, its capacity its length.
func (c *column[V]) fillList(p unsafe.Pointer, n int, size uintptr) error {
	maxDef := c.leaf.maxDef
	slab := c.slab[:0]
	for i := range n {
		if ok, err := c.more(); err != nil {
			return err
		} else if !ok {
			return errShort
		}
		if c.rep[c.lv] != 0 {
			return fmt.Errorf("a row starts at repetition level %d", c.rep[c.lv])
		}
		f := (*[]V)(unsafe.Add(p, uintptr(i)*size))
		if d := c.def[c.lv]; d != maxDef {
			if d == 0 && maxDef == 2 {
				*f = nil
			} else {
				*f = []V{}
			}
			c.lv++
			continue
		}
		a := len(slab)
		for {
			x, ok := c.at(c.v)
			if !ok {
				return errIndex
			}
			slab = append(slab, x)
			c.v++
			c.lv++
			ok, err := c.more()
			if err != nil {
				return err
			}
			if !ok || c.rep[c.lv] == 0 {
				break
			}
			if c.def[c.lv] != maxDef {
				return fmt.Errorf("a list's value at definition level %d", c.def[c.lv])
			}
		}
		*f = slab[a:len(slab):len(slab)]
	}
	c.slab = slab
	return nil
}

// finish ends the column chunk, which must have no more rows, and closes
// its pages.
func (c *column[V]) finish() error {
	for {
		switch {
		case c.leaf.shape == requiredLeaf && c.v < c.nv,
			c.leaf.shape != requiredLeaf && c.lv < len(c.def):
			return fmt.Errorf("column %s: more rows than the row group", c.leaf.path[0])
		case c.eof:
			c.stop()
			return nil
		}
		if err := c.next(); err != nil {
			return fmt.Errorf("column %s: %w", c.leaf.path[0], err)
		}
	}
}
