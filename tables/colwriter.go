package tables

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"unsafe"

	"github.com/parquet-go/parquet-go/encoding/plain"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// colWriter writes a part file of a table column-wise: the caller reads
// each column of the rows into a colSet, a row group's columns, and
// writeGroup encodes them. Files are laid out as parquet-go lays them out
// (data pages v2, zstd, a column index and an offset index per column
// chunk, then the file metadata of the plan), with these encodings:
//
//   - strings: a dictionary (RLE_DICTIONARY) as long as it pays, that is
//     while at most about half the values are distinct and the dictionary
//     stays small; PLAIN otherwise;
//   - 32-bit integers: a dictionary when at most half the values are
//     distinct, PLAIN otherwise;
//   - booleans, 64-bit integers (times) and floats: PLAIN.
//
// Every page's bounds go into the column index and the chunk's into its
// statistics, as with parquet-go; the data page headers carry none (as
// with parquet.DataPageStatistics(false)).
type colWriter struct {
	plan   *colPlan
	out    io.Writer
	codec  *zstdCodec
	offset int64 // bytes written

	groups       []format.RowGroup
	columnIndex  [][]format.ColumnIndex // by row group, by column
	offsetIndex  [][]format.OffsetIndex
	enc          colEncoder
	hdr          bytes.Buffer
	thriftWriter *thrift.Encoder
}

func newColWriter(plan *colPlan, out io.Writer, codec *zstdCodec) *colWriter {
	w := &colWriter{plan: plan, out: out, codec: codec}
	w.thriftWriter = thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&w.hdr))
	return w
}

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

// magic starts and ends a Parquet file.
const magic = "PAR1"

// writeGroup writes the rows of s, at least one, as a row group.
func (w *colWriter) writeGroup(s *colSet) error {
	buf := w.enc.buf[:0]
	if w.offset == 0 {
		buf = append(buf, magic...)
	}
	rg := format.RowGroup{NumRows: int64(s.rows), FileOffset: w.offset + int64(len(buf)), Ordinal: int16(len(w.groups))}
	rg.Columns = make([]format.ColumnChunk, len(s.cols))
	cis := make([]format.ColumnIndex, len(s.cols))
	ois := make([]format.OffsetIndex, len(s.cols))
	for i := range s.cols {
		buf = w.encodeChunk(buf, w.offset, &w.plan.leaves[i], &s.cols[i], s.rows, &rg.Columns[i], &cis[i], &ois[i])
		md := &rg.Columns[i].MetaData
		rg.TotalByteSize += md.TotalUncompressedSize
		rg.TotalCompressedSize += md.TotalCompressedSize
	}
	w.enc.buf = buf
	n, err := w.out.Write(buf)
	w.offset += int64(n)
	if err != nil {
		return err
	}
	w.groups = append(w.groups, rg)
	w.columnIndex = append(w.columnIndex, cis)
	w.offsetIndex = append(w.offsetIndex, ois)
	return nil
}

// close writes the page indexes and the footer.
func (w *colWriter) close() error {
	var buf bytes.Buffer
	if w.offset == 0 {
		buf.WriteString(magic)
	}
	enc := thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&buf))
	at := func() int64 { return w.offset + int64(buf.Len()) }
	for i := range w.groups {
		for j := range w.groups[i].Columns {
			c := &w.groups[i].Columns[j]
			c.ColumnIndexOffset = at()
			if err := enc.Encode(&w.columnIndex[i][j]); err != nil {
				return err
			}
			c.ColumnIndexLength = int32(at() - c.ColumnIndexOffset)
		}
	}
	for i := range w.groups {
		for j := range w.groups[i].Columns {
			c := &w.groups[i].Columns[j]
			c.OffsetIndexOffset = at()
			if err := enc.Encode(&w.offsetIndex[i][j]); err != nil {
				return err
			}
			c.OffsetIndexLength = int32(at() - c.OffsetIndexOffset)
		}
	}
	meta := w.plan.meta
	meta.RowGroups = w.groups
	for i := range w.groups {
		meta.NumRows += w.groups[i].NumRows
	}
	footer := at()
	if err := enc.Encode(&meta); err != nil {
		return err
	}
	buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(at()-footer)))
	buf.WriteString(magic)
	n, err := w.out.Write(buf.Bytes())
	w.offset += int64(n)
	return err
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
			s.addSlow(value(i))
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
					s.addSlow(value(i))
				}
				return
			}
			s.idx = s.idx[:k+n]
		}
		prev, prevIdx = v, out[i]
	}
}

// cached returns the index of v when the cache holds it, -1 otherwise (and
// always in plain mode, where the cache is empty).
func (s *strValues) cached(v string) int32 {
	c := &s.cache[strSlot(v)]
	if len(c.s) == len(v) && unsafe.StringData(c.s) == unsafe.StringData(v) {
		return c.idx
	}
	return -1
}

// addSlow appends v, which is not in the cache, and puts it there.
func (s *strValues) addSlow(v string) {
	c := &s.cache[strSlot(v)]
	if s.plain {
		s.data = append(s.data, v...)
		s.ends = append(s.ends, len(s.data))
		return
	}
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
	s.cache = [strCacheSize]strCached{}
}

// value returns the i-th value of a plain column.
func (s *strValues) value(i int) []byte {
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.data[start:s.ends[i]]
}

// colEncoder holds the buffers of encoding pages.
type colEncoder struct {
	buf      []byte // the row group
	values   []byte // a page's values, encoded
	zvalues  []byte // compressed
	def, rep []byte // a page's levels, encoded
	idx      []int32
	words32  []int32
	table32  *[1 << 16]int32 // value-lo → index+1, for int32 dictionaries of a small range
	hash32   hash32          // the others'
	ranks    []int32
}

// pageTarget is about the largest page, in bytes of encoded values.
const pageTarget = 1 << 20

// page is a run of rows of a column chunk: rows [row, row+rows), levels
// [lv, lv+lvs), values [v, v+vals).
type page struct {
	row, rows, lv, lvs, v, vals int
}

// pages splits the column chunk of c, rows rows and nv values, into pages
// of about pageTarget bytes when its values take est bytes.
func (c *colBuf) pages(l *leafSpec, rows, nv, est int) []page {
	lvs := len(c.def)
	if l.shape == requiredLeaf {
		lvs = 0
	}
	if est <= pageTarget || rows == 1 {
		return []page{{0, rows, 0, lvs, 0, nv}}
	}
	n := (est + pageTarget - 1) / pageTarget
	var ps []page
	if l.shape == requiredLeaf {
		for k := range n {
			r0, r1 := k*rows/n, (k+1)*rows/n
			if r1 > r0 {
				ps = append(ps, page{r0, r1 - r0, 0, 0, r0, r1 - r0})
			}
		}
		return ps
	}
	// Cut at the first row start after every nv/n values.
	cur := page{}
	row, v := 0, 0
	for i := 0; i <= lvs; i++ {
		start := i == lvs || l.shape == optionalLeaf || c.rep[i] == 0
		if start && i > cur.lv && (i == lvs || int64(v-cur.v)*int64(n) >= int64(nv)) {
			cur.rows, cur.lvs, cur.vals = row-cur.row, i-cur.lv, v-cur.v
			ps = append(ps, cur)
			cur = page{row: row, lv: i, v: v}
		}
		if i == lvs {
			break
		}
		if start {
			row++
		}
		if c.def[i] == l.maxDef {
			v++
		}
	}
	return ps
}

// encodeChunk appends column chunk c, of column l, to buf, which goes to
// the file at offset base, and fills in its metadata and indexes.
func (w *colWriter) encodeChunk(buf []byte, base int64, l *leafSpec, c *colBuf, rows int, cc *format.ColumnChunk, ci *format.ColumnIndex, oi *format.OffsetIndex) []byte {
	e := &w.enc
	nv := c.numValues(l.kind)
	md := &cc.MetaData
	md.Type = l.ptype
	md.PathInSchema = l.path
	md.Codec = format.Zstd
	start := len(buf)

	// The values as they are encoded: a dictionary's indexes, or the
	// column's own.
	var idx []int32
	var dictPage []byte
	var nwords int
	var lo32, hi32 int32 // the bounds of an int32 column chunk
	switch {
	case l.kind == int32Leaf && nv > 0:
		var ok bool
		if lo32, hi32, ok = w.dict32(c.i32); ok {
			idx, nwords = e.idx, len(e.words32)
			dictPage, _ = (&plain.Encoding{}).EncodeInt32(e.values[:0], e.words32)
		}
	case l.kind == stringLeaf && !c.strs.plain && nv > 0:
		idx, nwords = c.strs.idx, len(c.strs.words)
		dictPage = e.values[:0]
		for _, s := range c.strs.words {
			dictPage = plain.AppendByteArrayString(dictPage, s)
		}
	}
	dict := idx != nil
	if dict {
		e.values = dictPage
		md.DictionaryPageOffset = base + int64(len(buf))
		buf = w.writePage(buf, md, format.PageHeader{
			Type: format.DictionaryPage,
			DictionaryPageHeader: thrift.New(format.DictionaryPageHeader{
				NumValues: int32(nwords),
				Encoding:  format.Plain,
			}),
		}, nil, nil, dictPage)
		md.EncodingStats = append(md.EncodingStats, format.PageEncodingStats{PageType: format.DictionaryPage, Encoding: format.Plain, Count: 1})
	}

	// Estimated bytes of the values, for the page size.
	est := 0
	switch {
	case dict:
		est = nv * bitWidth(nwords-1) / 8
	case l.kind == boolLeaf:
		est = nv / 8
	case l.kind == int32Leaf:
		est = 4 * nv
	case l.kind == int64Leaf || l.kind == float64Leaf:
		est = 8 * nv
	default:
		est = len(c.strs.data) + 4*nv
	}
	pages := c.pages(l, rows, nv, est)

	// The chunk's bounds, and the ranks of a string dictionary's words
	// when its pages need bounds of their own.
	var ranks []int32
	if dict && l.kind == stringLeaf && len(pages) > 1 {
		ranks = w.wordRanks(c.strs.words)
	}
	pageEnc := format.Plain
	if dict {
		pageEnc = format.RLEDictionary
	}
	md.DataPageOffset = base + int64(len(buf))
	var minAll, maxAll []byte
	var nulls int64
	for _, p := range pages {
		// Values.
		var vals []byte
		switch {
		case dict:
			// The bit width, then the indexes (RLE_DICTIONARY).
			bw := bitWidth(nwords - 1)
			e.zvalues, _ = (&rle.Encoding{BitWidth: bw}).EncodeInt32(e.zvalues[:0], idx[p.v:p.v+p.vals])
			vals = append(append(e.values[:0], byte(bw)), e.zvalues...)
		case l.kind == boolLeaf:
			vals = appendBools(e.values[:0], c.bools[p.v:p.v+p.vals])
		case l.kind == int32Leaf:
			vals, _ = (&plain.Encoding{}).EncodeInt32(e.values[:0], c.i32[p.v:p.v+p.vals])
		case l.kind == int64Leaf:
			vals, _ = (&plain.Encoding{}).EncodeInt64(e.values[:0], c.i64[p.v:p.v+p.vals])
		case l.kind == float64Leaf:
			vals, _ = (&plain.Encoding{}).EncodeDouble(e.values[:0], c.f64[p.v:p.v+p.vals])
		default:
			vals = e.values[:0]
			for i := p.v; i < p.v+p.vals; i++ {
				vals = plain.AppendByteArray(vals, c.strs.value(i))
			}
		}
		e.values = vals
		// Levels.
		var rep, def []byte
		numValues := p.rows
		if l.shape != requiredLeaf {
			numValues = p.lvs
			def, _ = (&rle.Encoding{BitWidth: bitWidth(int(l.maxDef))}).EncodeLevels(e.def[:0], c.def[p.lv:p.lv+p.lvs])
			e.def = def
			if l.shape == listLeaf {
				rep, _ = (&rle.Encoding{BitWidth: 1}).EncodeLevels(e.rep[:0], c.rep[p.lv:p.lv+p.lvs])
				e.rep = rep
			}
		}
		pageNulls := numValues - p.vals
		oi.PageLocations = append(oi.PageLocations, format.PageLocation{
			Offset:        base + int64(len(buf)),
			FirstRowIndex: int64(p.row),
		})
		n := len(buf)
		buf = w.writePage(buf, md, format.PageHeader{
			Type: format.DataPageV2,
			DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{
				NumValues:                  int32(numValues),
				NumNulls:                   int32(pageNulls),
				NumRows:                    int32(p.rows),
				Encoding:                   pageEnc,
				DefinitionLevelsByteLength: int32(len(def)),
				RepetitionLevelsByteLength: int32(len(rep)),
				IsCompressed:               thrift.New(true),
			}),
		}, rep, def, vals)
		oi.PageLocations[len(oi.PageLocations)-1].CompressedPageSize = int32(len(buf) - n)
		md.NumValues += int64(numValues)
		nulls += int64(pageNulls)

		// The page's bounds.
		var lo, hi []byte
		if p.vals > 0 {
			if l.kind == int32Leaf && len(pages) == 1 {
				lo, hi = plain.Int32(lo32), plain.Int32(hi32)
			} else {
				lo, hi = w.bounds(l, c, p, idx, ranks)
			}
			if minAll == nil || beyond(l.kind, lo, minAll, -1) {
				minAll = lo
			}
			if maxAll == nil || beyond(l.kind, hi, maxAll, +1) {
				maxAll = hi
			}
		}
		ci.NullPages = append(ci.NullPages, p.vals == 0)
		ci.NullCounts = append(ci.NullCounts, int64(pageNulls))
		if l.kind == stringLeaf {
			lo, hi = truncateMin(lo), truncateMax(hi)
		}
		ci.MinValues = append(ci.MinValues, nonNil(lo))
		ci.MaxValues = append(ci.MaxValues, nonNil(hi))
	}
	ci.BoundaryOrder = format.Unordered
	md.EncodingStats = append(md.EncodingStats, format.PageEncodingStats{PageType: format.DataPageV2, Encoding: pageEnc, Count: int32(len(pages))})
	md.Statistics = format.Statistics{NullCount: nulls}
	if minAll != nil {
		md.Statistics.MinValue, md.Statistics.MaxValue = minAll, maxAll
	}
	md.Encoding = append(md.Encoding, format.Plain)
	if l.shape != requiredLeaf {
		md.Encoding = append(md.Encoding, format.RLE)
	}
	if dict {
		md.Encoding = append(md.Encoding, format.RLEDictionary)
	}
	md.TotalCompressedSize = int64(len(buf) - start)
	return buf
}

// writePage appends a page with header h (its sizes and checksum filled in
// here) and the levels and values given (values compressed here) to buf,
// and counts it into md's sizes.
func (w *colWriter) writePage(buf []byte, md *format.ColumnMetaData, h format.PageHeader, rep, def, vals []byte) []byte {
	e := &w.enc
	z, _ := w.codec.Encode(e.zvalues[:0], vals)
	e.zvalues = z
	crc := crc32.Update(crc32.Update(crc32.ChecksumIEEE(rep), crc32.IEEETable, def), crc32.IEEETable, z)
	h.UncompressedPageSize = int32(len(rep) + len(def) + len(vals))
	h.CompressedPageSize = int32(len(rep) + len(def) + len(z))
	h.CRC = int32(crc)
	w.hdr.Reset()
	w.thriftWriter.Encode(&h) // writing to a bytes.Buffer does not fail
	buf = append(buf, w.hdr.Bytes()...)
	buf = append(buf, rep...)
	buf = append(buf, def...)
	buf = append(buf, z...)
	md.TotalUncompressedSize += int64(w.hdr.Len()) + int64(h.UncompressedPageSize)
	return buf
}

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
// as parquet-go's (parquet.DefaultColumnIndexSizeLimit).
const columnIndexLimit = 16

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

// nonNil returns b, or an empty slice for nil: the column index holds a
// value, empty for a page of nulls, for every page.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// appendBools appends bools, 0 or 1 each, bit-packed (PLAIN) to dst.
func appendBools(dst []byte, bools []byte) []byte {
	n := len(dst)
	dst = slices.Grow(dst, (len(bools)+7)/8)[:n+(len(bools)+7)/8]
	out := dst[n:]
	full := len(bools) / 8
	for i := range full {
		// Eight bytes of 0 or 1 into a byte, the first the lowest bit.
		out[i] = byte(binary.LittleEndian.Uint64(bools[8*i:]) * 0x0102040810204080 >> 56)
	}
	if full < len(out) {
		out[full] = 0
		for i, b := range bools[8*full:] {
			out[full] |= (b & 1) << i
		}
	}
	return dst
}

// bitWidth is the number of bits of v.
func bitWidth(v int) int {
	n := 0
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}
