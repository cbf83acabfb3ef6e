package tables

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/bits"
	"slices"

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
		est = nv * bits.Len(uint(nwords-1)) / 8
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
			// The bit width, then the indexes (RLE_DICTIONARY). The
			// width is the dictionary's: rle.DictionaryEncoding would
			// find it again from the indexes, a pass over them that
			// costs more than copying their encoding.
			bw := bits.Len(uint(nwords - 1))
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
			def, _ = (&rle.Encoding{BitWidth: bits.Len8(l.maxDef)}).EncodeLevels(e.def[:0], c.def[p.lv:p.lv+p.lvs])
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
		if l.kind == stringLeaf {
			minAll, maxAll = boundMin(minAll), boundMax(maxAll)
		}
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
