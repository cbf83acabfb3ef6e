package tables

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/stats"
)

// The column-wise writer (colwriter.go) is held to the general path,
// parquet-go's row writer: the same rows written both ways read back
// (with parquet-go's reader) as the same rows, in files of the same schema,
// row groups and column chunk statistics; and every page of its files
// lies within the bounds its column index gives.

// TestColumnWisePlans: every table's row type has a column-wise plan (a
// type without one would be written by the general path, slowly), and a
// type with a field the column-wise writer does not handle has none.
func TestColumnWisePlans(t *testing.T) {
	for _, err := range []error{
		planErr[stats.GameRow](), planErr[stats.RoundRow](), planErr[stats.SeatRow](),
		planErr[stats.WinRow](), planErr[stats.DiscrepancyRow](), planErr[stats.ErrorRow](),
		planErr[allKinds](),
	} {
		if err != nil {
			t.Error(err)
		}
	}
	type unsigned struct {
		A string `parquet:"a"`
		B uint16 `parquet:"b"`
	}
	type nested struct {
		A string     `parquet:"a"`
		B [][]string `parquet:"b,list"` // a list of lists: other levels
	}
	type mapped struct {
		A map[string]int32 `parquet:"a"`
	}
	type uuid struct {
		A string `parquet:"a,uuid"` // converted to 16 bytes
	}
	for _, err := range []error{planErr[unsigned](), planErr[nested](), planErr[mapped](), planErr[uuid]()} {
		if !errors.Is(err, errNoPlan) {
			t.Errorf("got %v, want errNoPlan", err)
		}
	}
}

func planErr[T any]() error {
	_, err := newColPlan[T](nil)
	return err
}

// allKinds has a column of every kind and shape the column-wise writer
// handles.
type allKinds struct {
	S  string    `parquet:"s,dict"`
	SP *string   `parquet:"sp,optional"`
	SL []string  `parquet:"sl,list"`
	I  int32     `parquet:"i"`
	IP *int32    `parquet:"ip,optional"`
	IL []int32   `parquet:"il,list"`
	L  int64     `parquet:"l"`
	LP *int64    `parquet:"lp,optional,timestamp(millisecond)"`
	LL []int64   `parquet:"ll,list"`
	F  float64   `parquet:"f"`
	FP *float64  `parquet:"fp,optional"`
	FL []float64 `parquet:"fl,list"`
	B  bool      `parquet:"b"`
	BP *bool     `parquet:"bp,optional"`
	BL []bool    `parquet:"bl,list"`
	// Optional lists: nil is null, an empty list is not.
	SOL     []string  `parquet:"sol,optional,list"`
	IOL     []int32   `parquet:"iol,optional,list"`
	FOL     []float64 `parquet:"fol,optional,list"`
	hidden  int32
	Ignored string `parquet:"-"`
	Last    string // no tag: the field's name
}

// edgeGroups are row groups of allKinds that take the column-wise writer
// down each of its paths: nulls, empty and large lists, empty, long and
// 0xff strings, extreme and NaN numbers, dictionaries that pay and that do
// not (from the start, or from some row on), int32 ranges looked up in a
// table and in a hash table, pages split, a column of nulls only.
func edgeGroups() [][]allKinds {
	r := rand.New(rand.NewPCG(1, 2))
	str := func(v string) *string { return &v }
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	f64 := func(v float64) *float64 { return &v }
	bl := func(v bool) *bool { return &v }
	long := strings.Repeat("long string ", 4)
	ff := string([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	strs := []string{"", "a", "b", long, long + "x", ff, ff + "a", "日本語", "\x00"}
	ints := []int32{0, -1, 1, math.MinInt32, math.MaxInt32, 1 << 20, -(1 << 20)}
	floats := []float64{0, math.Copysign(0, -1), 1.5, -2.25, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64}
	var groups [][]allKinds

	// Every value of every kind, nulls and lists of every length up to a
	// large one, in random combinations.
	var g []allKinds
	for i := range 3000 {
		row := allKinds{
			S:    strs[r.IntN(len(strs))],
			I:    ints[r.IntN(len(ints))],
			L:    int64(r.Uint64()),
			F:    floats[r.IntN(len(floats))],
			B:    r.IntN(2) == 0,
			Last: fmt.Sprint(i % 7),
		}
		if r.IntN(3) > 0 {
			row.SP, row.IP, row.LP = str(strs[r.IntN(len(strs))]), i32(ints[r.IntN(len(ints))]), i64(math.MinInt64+int64(i))
			row.FP, row.BP = f64(floats[r.IntN(len(floats))]), bl(r.IntN(2) == 0)
		}
		n := r.IntN(5)
		if i == 1000 {
			n = 20000
		}
		for k := range n {
			row.SL = append(row.SL, strs[(i+k)%len(strs)])
			row.IL = append(row.IL, ints[(i+k)%len(ints)])
			row.LL = append(row.LL, int64(k))
			row.FL = append(row.FL, floats[(i+k)%len(floats)])
			row.BL = append(row.BL, k%3 == 0)
		}
		if n == 1 && i%2 == 0 {
			row.SL, row.IL, row.LL, row.FL, row.BL = []string{}, []int32{}, []int64{}, []float64{}, []bool{}
		}
		switch i % 3 { // null, empty, or values
		case 1:
			row.SOL, row.IOL, row.FOL = []string{}, []int32{}, []float64{}
		case 2:
			row.SOL, row.IOL, row.FOL = row.SL, row.IL, row.FL
		}
		g = append(g, row)
	}
	groups = append(groups, g)

	// Nulls and empty lists only, and zero values.
	groups = append(groups, make([]allKinds, 5))

	// One row.
	groups = append(groups, []allKinds{{S: "one", SP: str(""), SL: []string{""}, IP: i32(7), FP: f64(math.NaN()), BP: bl(false), SOL: []string{}}})

	// Dictionaries that pay, then do not from some row on; int32 within
	// 2^15 of the first, then not (the hash table); NaN only in a column.
	g = nil
	for i := range 5000 {
		row := allKinds{S: fmt.Sprint(i % 3), I: int32(i % 5), F: math.NaN(), Last: long}
		if i >= 2500 {
			row.S = fmt.Sprint("distinct ", i)
			row.I = int32(i%40) * 100000
		}
		row.SP = str(row.S)
		row.IP = i32(int32(i))
		g = append(g, row)
	}
	groups = append(groups, g)

	// More values than a page holds, in every column.
	g = nil
	for i := range 150000 {
		g = append(g, allKinds{
			S: fmt.Sprint("value ", i*7919%150000), SP: str(fmt.Sprint(i)), I: int32(i), IP: i32(int32(i % 1000)),
			L: int64(i) << 33, F: float64(i) / 3, B: i%5 == 0, Last: fmt.Sprint(i % 100),
			SL: []string{"x", fmt.Sprint(i)}, IL: []int32{int32(i)},
		})
	}
	groups = append(groups, g)
	return groups
}

// TestColumnWisePlainEmpty: once a string column has turned from a
// dictionary to plain values, an empty string (a literal, whose data
// pointer is nil) is a value like another (the cache of the dictionary,
// emptied, once took it for its first word and dropped it).
func TestColumnWisePlainEmpty(t *testing.T) {
	var g []allKinds
	empty := ""
	for i := range 3000 {
		row := allKinds{S: fmt.Sprint("s", i), SL: []string{fmt.Sprint("l", i), ""}, SOL: []string{"", fmt.Sprint("o", i)}}
		if i%2 == 0 {
			row.SP = &empty
		} else {
			v := fmt.Sprint("p", i)
			row.SP = &v
		}
		g = append(g, row)
	}
	fast, general := writeBoth(t, [][]allKinds{g})
	got := readBytes[allKinds](t, fast)
	sameRows(t, "written", g, got)
	sameRows(t, "general path", readBytes[allKinds](t, general), got)
}

// writeBoth writes groups, a row group each, as a Parquet file with the
// column-wise writer and with the general path.
func writeBoth[T any](t testing.TB, groups [][]T) (fast, general []byte) {
	t.Helper()
	codec, err := newZstdCodec()
	if err != nil {
		t.Fatal(err)
	}
	opts := []parquet.WriterOption{
		parquet.Compression(codec), parquet.CreatedBy("haifu", "", ""), parquet.DataPageStatistics(false),
		parquet.KeyValueMetadata("k", "v"),
	}
	plan, err := newColPlan[T](opts)
	if err != nil {
		t.Fatal(err)
	}
	var fb, gb bytes.Buffer
	cw := newColWriter(plan, &fb, codec)
	gw := parquet.NewGenericWriter[T](&gb, opts...)
	for _, g := range groups {
		s := newColSet(plan)
		appendRows(s, plan, g)
		if err := cw.writeGroup(s); err != nil {
			t.Fatal(err)
		}
		if _, err := gw.Write(g); err != nil {
			t.Fatal(err)
		}
		if err := gw.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := cw.close(); err != nil {
		t.Fatal(err)
	}
	if err := gw.Close(); err != nil {
		t.Fatal(err)
	}
	return fb.Bytes(), gb.Bytes()
}

func openBytes(t *testing.T, b []byte) *parquet.File {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func readBytes[T any](t *testing.T, b []byte) []T {
	t.Helper()
	rows, err := parquet.Read[T](bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestColumnWiseEdgeCases: the edge cases read back as written, and as
// the general path's file of them reads.
func TestColumnWiseEdgeCases(t *testing.T) {
	groups := edgeGroups()
	fast, general := writeBoth(t, groups)
	want := slices.Concat(groups...)
	for i := range want {
		want[i].hidden, want[i].Ignored = 0, ""
	}
	got := readBytes[allKinds](t, fast)
	sameRows(t, "written", want, got)
	sameRows(t, "general path", readBytes[allKinds](t, general), got)
	sameFiles(t, "allKinds", openBytes(t, general), openBytes(t, fast))
	split := checkPageIndex(t, "allKinds", openBytes(t, fast))
	for _, c := range []string{"s", "l", "sl"} {
		if !split[c] {
			t.Errorf("column %s: no chunk of several pages", c)
		}
	}
}

// sameRows compares rows read from a column-wise file with want: as they
// were written, or as read from the general path's file.
func sameRows(t *testing.T, what string, want, got []allKinds) {
	t.Helper()
	if len(want) != len(got) {
		t.Fatalf("%d rows read, %d %s", len(got), len(want), what)
	}
	opts := []cmp.Option{cmpopts.EquateEmpty(), cmpopts.EquateNaNs(), cmp.AllowUnexported(allKinds{})}
	for i := range want {
		// reflect.DeepEqual first, on lists nil when empty: cmp.Diff
		// takes long over many rows.
		if !reflect.DeepEqual(nilEmpty(want[i]), nilEmpty(got[i])) {
			if d := cmp.Diff(want[i], got[i], opts...); d != "" {
				t.Fatalf("row %d (-%s +read):\n%s", i, what, d)
			}
		}
		// An optional list is null (nil) or not, empty or not.
		w, g := want[i], got[i]
		if (w.SOL == nil) != (g.SOL == nil) || (w.IOL == nil) != (g.IOL == nil) || (w.FOL == nil) != (g.FOL == nil) {
			t.Fatalf("row %d: optional lists null %v %v %v, %s %v %v %v", i, g.SOL == nil, g.IOL == nil, g.FOL == nil,
				what, w.SOL == nil, w.IOL == nil, w.FOL == nil)
		}
	}
}

// nilEmpty returns r with its empty lists nil.
func nilEmpty(r allKinds) allKinds {
	if len(r.SL) == 0 {
		r.SL = nil
	}
	if len(r.IL) == 0 {
		r.IL = nil
	}
	if len(r.LL) == 0 {
		r.LL = nil
	}
	if len(r.FL) == 0 {
		r.FL = nil
	}
	if len(r.BL) == 0 {
		r.BL = nil
	}
	return r
}

// TestColumnWiseCorpus: analyze's rows of the corpus (every format, games
// that could not be read, discrepancies), and the hand-built ones, written
// through a Writer both ways, read back as the same rows.
func TestColumnWiseCorpus(t *testing.T) {
	dir := corpus.Dir(t)
	fastDir, generalDir := filepath.Join(t.TempDir(), "fast"), filepath.Join(t.TempDir(), "general")
	meta := map[string]string{"haifu.rules": "auto"}
	fw, err := newWriter(fastDir, meta, false)
	if err != nil {
		t.Fatal(err)
	}
	gw, err := newWriter(generalDir, meta, true)
	if err != nil {
		t.Fatal(err)
	}
	both := bothSink{fw, gw}
	for _, r := range writerInputs(t) {
		if err := both.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	counts, err := batch.Run(context.Background(), []string{dir}, batch.Options{Jobs: 2}, both)
	if err != nil {
		t.Fatal(err)
	}
	if counts.Games < gamesPerRowGroup || counts.Failed == 0 || counts.Discrepancies == 0 {
		t.Fatalf("the corpus gave %+v: want more than a row group of games, some failed, some discrepancies", counts)
	}
	if err := errors.Join(fw.Close(), gw.Close()); err != nil {
		t.Fatal(err)
	}
	sameTable[stats.GameRow](t, fastDir, generalDir, GamesTable)
	sameTable[stats.RoundRow](t, fastDir, generalDir, RoundsTable)
	sameTable[stats.SeatRow](t, fastDir, generalDir, SeatsTable)
	sameTable[stats.WinRow](t, fastDir, generalDir, WinsTable)
	sameTable[stats.DiscrepancyRow](t, fastDir, generalDir, DiscrepanciesTable)
	sameTable[stats.ErrorRow](t, fastDir, generalDir, ErrorsTable)
}

// bothSink writes every input to two Writers.
type bothSink [2]*Writer

func (b bothSink) Write(r *stats.GameRows) error {
	return errors.Join(b[0].Write(r), b[1].Write(r))
}

// sameTable compares the table name of the column-wise writer's output
// fastDir with the general path's generalDir.
func sameTable[T any](t *testing.T, fastDir, generalDir, name string) {
	t.Helper()
	fp, gp := partFiles(t, fastDir, name), partFiles(t, generalDir, name)
	if len(fp) != len(gp) {
		t.Fatalf("%s: %d parts, the general path %d", name, len(fp), len(gp))
	}
	for i := range fp {
		sameFiles(t, name, openParquet(t, gp[i]), openParquet(t, fp[i]))
		checkPageIndex(t, name, openParquet(t, fp[i]))
	}
	want, got := readAll[T](t, generalDir, name), readAll[T](t, fastDir, name)
	if len(want) != len(got) {
		t.Fatalf("%s: %d rows, the general path %d", name, len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(want[i], got[i]) {
			t.Fatalf("%s row %d (-general path +column-wise):\n%s", name, i, cmp.Diff(want[i], got[i]))
		}
	}
}

// sameFiles compares the metadata of the column-wise writer's file with
// the general path's: schema, key/value metadata, creator, row groups, and
// the statistics of every column chunk.
func sameFiles(t *testing.T, name string, general, fast *parquet.File) {
	t.Helper()
	gm, fm := general.Metadata(), fast.Metadata()
	if d := cmp.Diff(gm.Schema, fm.Schema); d != "" {
		t.Errorf("%s: schema (-general path +column-wise):\n%s", name, d)
	}
	if d := cmp.Diff(gm.KeyValueMetadata, fm.KeyValueMetadata, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("%s: key/value metadata (-general path +column-wise):\n%s", name, d)
	}
	if gm.CreatedBy != fm.CreatedBy || gm.Version != fm.Version || gm.NumRows != fm.NumRows || !reflect.DeepEqual(gm.ColumnOrders, fm.ColumnOrders) {
		t.Errorf("%s: created by %q, version %d, %d rows, column orders %v; the general path %q, %d, %d, %v", name,
			fm.CreatedBy, fm.Version, fm.NumRows, fm.ColumnOrders, gm.CreatedBy, gm.Version, gm.NumRows, gm.ColumnOrders)
	}
	if len(gm.RowGroups) != len(fm.RowGroups) {
		t.Fatalf("%s: %d row groups, the general path %d", name, len(fm.RowGroups), len(gm.RowGroups))
	}
	for i := range gm.RowGroups {
		g, f := &gm.RowGroups[i], &fm.RowGroups[i]
		if g.NumRows != f.NumRows || len(g.Columns) != len(f.Columns) {
			t.Fatalf("%s: row group %d: %d rows, %d columns; the general path %d, %d", name, i, f.NumRows, len(f.Columns), g.NumRows, len(g.Columns))
		}
		for j := range g.Columns {
			gc, fc := &g.Columns[j].MetaData, &f.Columns[j].MetaData
			if !slices.Equal(gc.PathInSchema, fc.PathInSchema) || gc.Type != fc.Type || gc.Codec != fc.Codec || gc.NumValues != fc.NumValues {
				t.Errorf("%s: row group %d column %d: %v %v %v %d values; the general path %v %v %v %d", name, i, j,
					fc.PathInSchema, fc.Type, fc.Codec, fc.NumValues, gc.PathInSchema, gc.Type, gc.Codec, gc.NumValues)
			}
			gs, fs := gc.Statistics, fc.Statistics
			if gs.NullCount != fs.NullCount || !bytes.Equal(gs.MinValue, fs.MinValue) || !bytes.Equal(gs.MaxValue, fs.MaxValue) {
				if gc.Type == format.Double && (isNaN(gs.MinValue) || isNaN(gs.MaxValue)) {
					continue // parquet-go takes NaN for a bound, the column-wise writer not
				}
				if gc.Type == format.Double && gs.NullCount == fs.NullCount && zeros(gs.MinValue, fs.MinValue) && zeros(gs.MaxValue, fs.MaxValue) {
					// Only the sign of a zero bound differs: the
					// column-wise writer bounds a chunk of -0 and +0 by
					// -0 and +0 as the format asks, parquet-go by the
					// first zero it meets.
					continue
				}
				t.Errorf("%s: row group %d column %v: statistics %d nulls, %q to %q; the general path %d, %q to %q", name, i,
					fc.PathInSchema, fs.NullCount, fs.MinValue, fs.MaxValue, gs.NullCount, gs.MinValue, gs.MaxValue)
			}
		}
	}
}

// zeros reports whether the PLAIN doubles a and b are equal or both zero
// (of either sign).
func zeros(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	return len(a) == 8 && len(b) == 8 && math.Float64frombits(binary.LittleEndian.Uint64(a)) == 0 && math.Float64frombits(binary.LittleEndian.Uint64(b)) == 0
}

func isNaN(b []byte) bool {
	return len(b) == 8 && math.IsNaN(math.Float64frombits(uint64(b[0])|uint64(b[1])<<8|uint64(b[2])<<16|uint64(b[3])<<24|
		uint64(b[4])<<32|uint64(b[5])<<40|uint64(b[6])<<48|uint64(b[7])<<56))
}

// checkPageIndex checks the column and offset indexes of every column chunk
// of f against its pages: as many, each page's nulls counted, its values
// within its bounds, its first row where the offset index says. It returns
// the (top-level) columns with a chunk of several pages.
func checkPageIndex(t *testing.T, name string, f *parquet.File) (split map[string]bool) {
	t.Helper()
	split = map[string]bool{}
	for i, rg := range f.RowGroups() {
		for j, cc := range rg.ColumnChunks() {
			ci, err := cc.ColumnIndex()
			if err != nil {
				t.Fatalf("%s: row group %d column %d: %v", name, i, j, err)
			}
			oi, err := cc.OffsetIndex()
			if err != nil {
				t.Fatalf("%s: row group %d column %d: %v", name, i, j, err)
			}
			typ := cc.Type()
			pages := cc.Pages()
			row := int64(0)
			k := 0
			for ; ; k++ {
				p, err := pages.ReadPage()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s: row group %d column %d page %d: %v", name, i, j, k, err)
				}
				where := fmt.Sprintf("%s: row group %d column %d page %d", name, i, j, k)
				if k >= ci.NumPages() || k >= oi.NumPages() {
					t.Fatalf("%s: beyond the %d pages of the column index, %d of the offset index", where, ci.NumPages(), oi.NumPages())
				}
				if oi.FirstRowIndex(k) != row {
					t.Errorf("%s: first row %d, the offset index says %d", where, row, oi.FirstRowIndex(k))
				}
				if ci.NullCount(k) != p.NumNulls() || ci.NullPage(k) != (p.NumNulls() == p.NumValues()) {
					t.Errorf("%s: %d nulls of %d values; the column index says %d nulls, null page %v", where, p.NumNulls(), p.NumValues(), ci.NullCount(k), ci.NullPage(k))
				}
				if lo, hi, ok := p.Bounds(); ok && !ci.NullPage(k) {
					nan := typ.Kind() == parquet.Double && (math.IsNaN(lo.Double()) || math.IsNaN(hi.Double()))
					if !nan && (typ.Compare(ci.MinValue(k), lo) > 0 || typ.Compare(ci.MaxValue(k), hi) < 0) {
						t.Errorf("%s: values from %v to %v, out of the column index's bounds %v to %v", where, lo, hi, ci.MinValue(k), ci.MaxValue(k))
					}
				}
				row += p.NumRows()
				parquet.Release(p)
			}
			pages.Close()
			if k > 1 {
				split[f.Schema().Columns()[j][0]] = true
			}
			if k != ci.NumPages() || k != oi.NumPages() || row != rg.NumRows() {
				t.Errorf("%s: row group %d column %d: %d pages of %d rows; the indexes say %d, %d pages of %d rows", name, i, j, k, row, ci.NumPages(), oi.NumPages(), rg.NumRows())
			}
		}
	}
	return split
}

// TestColumnWiseDeterministic: the same rows make the same bytes.
func TestColumnWiseDeterministic(t *testing.T) {
	groups := edgeGroups()[:3]
	a, _ := writeBoth(t, groups)
	b, _ := writeBoth(t, groups)
	if !bytes.Equal(a, b) {
		t.Error("two files of the same rows differ")
	}
}

// FuzzColumnWise writes rows made from the fuzzer's bytes both ways, in
// row groups of the lengths it chooses, and requires the column-wise file
// to read back as the general path's does, with the same metadata and a
// column index that bounds every page.
func FuzzColumnWise(f *testing.F) {
	f.Add([]byte("\x00"))
	f.Add([]byte("rows of every kind \x01\x02\x03\xff\xfe\x80"))
	f.Add(bytes.Repeat([]byte{7, 0, 255, 3, 128, 64, 9}, 60))
	f.Fuzz(func(t *testing.T, data []byte) {
		groups := fuzzGroups(data)
		fast, general := writeBoth(t, groups)
		want := slices.Concat(groups...)
		got := readBytes[allKinds](t, fast)
		sameRows(t, "written", want, got)
		sameRows(t, "general path", readBytes[allKinds](t, general), got)
		sameFiles(t, "fuzz", openBytes(t, general), openBytes(t, fast))
		checkPageIndex(t, "fuzz", openBytes(t, fast))
	})
}

// fuzzGroups reads row groups of allKinds from data: each byte chooses a
// little of a row (a value from a small set, a null, a list's length), so
// that values repeat, as dictionaries need, and nulls, empty lists and
// edge values come often. A byte 0xff after a row ends the row group.
func fuzzGroups(data []byte) [][]allKinds {
	strs := []string{"", "a", "b", "日本語", "\x00", strings.Repeat("x", 40), string([]byte{0xff, 0xfe})}
	ints := []int32{0, 1, -1, math.MaxInt32, math.MinInt32, 1 << 20, 7}
	floats := []float64{0, math.Copysign(0, -1), 1.5, math.Inf(1), math.Inf(-1), math.NaN(), -2}
	k := 0
	next := func() int {
		if k >= len(data) {
			return 0
		}
		k++
		return int(data[k-1])
	}
	var groups [][]allKinds
	var g []allKinds
	for k < len(data) && len(groups)+len(g) < 2000 {
		b, c := next(), next()
		row := allKinds{S: strs[b%len(strs)], I: ints[c%len(ints)], L: int64(b) << (c % 60), F: floats[(b+c)%len(floats)], B: b&1 == 1,
			Last: strs[c%len(strs)]}
		if b&2 != 0 {
			s, i, l, fl, bl := strs[c%len(strs)], ints[b%len(ints)], int64(c), floats[b%len(floats)], c&1 == 0
			row.SP, row.IP, row.LP, row.FP, row.BP = &s, &i, &l, &fl, &bl
		}
		switch n := next(); {
		case n%4 == 1:
			row.SL, row.IL, row.LL, row.FL, row.BL = []string{}, []int32{}, []int64{}, []float64{}, []bool{}
			row.SOL, row.IOL, row.FOL = []string{}, []int32{}, []float64{}
		case n%4 >= 2:
			for j := range n % 9 {
				v := next()
				row.SL = append(row.SL, strs[(v+j)%len(strs)])
				row.IL = append(row.IL, ints[v%len(ints)])
				row.LL = append(row.LL, int64(v))
				row.FL = append(row.FL, floats[v%len(floats)])
				row.BL = append(row.BL, v&1 == 0)
			}
			if n%4 == 3 {
				row.SOL, row.IOL, row.FOL = row.SL, row.IL, row.FL
			}
		}
		g = append(g, row)
		if next() == 0xff {
			groups, g = append(groups, g), nil
		}
	}
	if len(g) > 0 || len(groups) == 0 {
		groups = append(groups, append(g, allKinds{}))
	}
	return groups
}

// TestColumnWiseLongStrings: strings of a megabyte (in one byte and in
// three byte characters, and of the greatest character) are written
// whole, while a chunk's statistics bound them in at most statsLimit
// bytes of UTF-8 (lower bounds not above, upper bounds not below any
// value), as the column index does in columnIndexLimit.
func TestColumnWiseLongStrings(t *testing.T) {
	long := strings.Repeat("A", 1<<20)
	kanji := strings.Repeat("鳳", 1<<18)
	top := strings.Repeat(string(rune(utf8.MaxRune)), 1<<10)
	rows := []allKinds{{S: long}, {S: long + "B"}, {S: kanji}, {S: "short"}}
	rows2 := []allKinds{{S: top}, {S: kanji + "x"}}
	fast, _ := writeBoth(t, [][]allKinds{rows, rows2})
	got := readBytes[allKinds](t, fast)
	if len(got) != 6 || got[1].S != long+"B" || got[4].S != top {
		t.Fatalf("the long strings were not written whole")
	}
	f := openBytes(t, fast)
	for i, rg := range f.Metadata().RowGroups {
		var values []string
		for _, r := range [][]allKinds{rows, rows2}[i] {
			values = append(values, r.S)
		}
		st := rg.Columns[0].MetaData.Statistics
		lo, hi := string(st.MinValue), string(st.MaxValue)
		if len(lo) > statsLimit || !utf8.ValidString(lo) || !utf8.ValidString(hi) {
			t.Errorf("row group %d: statistics %d and %d bytes, UTF-8 %v %v", i, len(lo), len(hi), utf8.ValidString(lo), utf8.ValidString(hi))
		}
		if len(hi) > statsLimit && hi != top {
			t.Errorf("row group %d: upper bound of %d bytes", i, len(hi))
		}
		for _, v := range values {
			if v < lo || v > hi {
				t.Errorf("row group %d: a value of %d bytes outside the bounds %.20q, %.20q", i, len(v), lo, hi)
			}
		}
	}
	checkPageIndex(t, "long strings", f)
}
