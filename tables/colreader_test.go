package tables

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/stats"
)

// The column-wise reader (colreader.go) is held to the general path,
// parquet-go's GenericReader: every file read both ways gives the same
// rows, nil and empty lists told apart, and strings unchanged by the rows
// read after them.

// readGeneral reads the rows of pf with the general path.
func readGeneral[T any](t *testing.T, pf *parquet.File) []T {
	t.Helper()
	r := parquet.NewGenericReader[T](pf)
	defer r.Close()
	var rows []T
	buf := make([]T, 100)
	for {
		n, err := r.Read(buf)
		rows = append(rows, buf[:n]...)
		if err == io.EOF {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// cloneRow returns a copy of r that shares no pointer or list with it
// (the readers reuse what rows point to; strings are kept as they are,
// and must not change).
func cloneRow[T any](r *T) T {
	c := *r
	v := reflect.ValueOf(&c).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		switch {
		case f.Kind() == reflect.Pointer && !f.IsNil():
			p := reflect.New(f.Type().Elem())
			p.Elem().Set(f.Elem())
			f.Set(p)
		case f.Kind() == reflect.Slice && !f.IsNil():
			s := reflect.MakeSlice(f.Type(), f.Len(), f.Len())
			reflect.Copy(s, f)
			f.Set(s)
		}
	}
	return c
}

// readColumnWise reads the rows of pf with the column-wise reader, which
// must have a plan for T that pf's schema matches. It keeps a copy of
// every row as it was handed over.
func readColumnWise[T any](t *testing.T, pf *parquet.File) []T {
	t.Helper()
	r, err := newColReader[T]()
	if err != nil {
		t.Fatal(err)
	}
	if !r.matches(pf) {
		t.Fatal("the file's schema is not the plan's")
	}
	var rows []T
	if err := r.read(pf, func(row *T) { rows = append(rows, cloneRow(row)) }); err != nil {
		t.Fatal(err)
	}
	return rows
}

// sameReads requires the rows got of the column-wise reader to be the
// general path's, want: equal, NaNs aside, with nil and empty lists told
// apart; and every list's capacity to be its length, so that appending to
// a row's list does not write into another's.
func sameReads[T any](t *testing.T, what string, want, got []T) {
	t.Helper()
	if len(want) != len(got) {
		t.Fatalf("%s: %d rows read column-wise, %d by the general path", what, len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(want[i], got[i]) {
			if d := cmp.Diff(want[i], got[i], cmpopts.EquateNaNs(), cmp.AllowUnexported(allKinds{})); d != "" {
				t.Fatalf("%s: row %d (-general path +column-wise):\n%s", what, i, d)
			}
		}
		v := reflect.ValueOf(got[i])
		for k := range v.NumField() {
			if f := v.Field(k); f.Kind() == reflect.Slice && f.Cap() != f.Len() {
				t.Fatalf("%s: row %d: list %s of length %d, capacity %d", what, i, v.Type().Field(k).Name, f.Len(), f.Cap())
			}
		}
	}
}

// sameBothWays reads the file b both ways and requires the same rows.
func sameBothWays[T any](t *testing.T, what string, b []byte) []T {
	t.Helper()
	want := readGeneral[T](t, openBytes(t, b))
	got := readColumnWise[T](t, openBytes(t, b))
	sameReads(t, what, want, got)
	return got
}

// writeGeneral writes groups, a row group each, with parquet-go's writer
// and options opts.
func writeGeneral[T any](t *testing.T, groups [][]T, opts ...parquet.WriterOption) []byte {
	t.Helper()
	var b bytes.Buffer
	w := parquet.NewGenericWriter[T](&b, opts...)
	for _, g := range groups {
		if _, err := w.Write(g); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestColumnReaderEdgeCases: the edge cases of the column-wise writer
// (nulls, empty and long lists, several row groups, chunks of several
// pages, dictionaries and PLAIN values, a dictionary that stops paying),
// written by it and by parquet-go's writer (with its encodings, in small
// pages, in data pages of version 1 and 2, uncompressed), read the same
// both ways.
func TestColumnReaderEdgeCases(t *testing.T) {
	groups := edgeGroups()
	fast, general := writeBoth(t, groups)
	got := sameBothWays[allKinds](t, "column-wise writer", fast)
	want := slices.Concat(groups...)
	for i := range want {
		want[i].hidden, want[i].Ignored = 0, ""
	}
	sameRows(t, "written", want, got)
	// What the column-wise writer's file holds: several row groups, chunks
	// of several pages, pages of dictionary indexes and of PLAIN values.
	meta := openBytes(t, fast).Metadata()
	split, encodings := false, map[format.Encoding]bool{}
	for _, rg := range meta.RowGroups {
		for _, c := range rg.Columns {
			for _, s := range c.MetaData.EncodingStats {
				if s.PageType == format.DataPageV2 {
					split = split || s.Count > 1
					encodings[s.Encoding] = true
				}
			}
		}
	}
	if len(meta.RowGroups) < 2 || !split || !encodings[format.Plain] || !encodings[format.RLEDictionary] {
		t.Errorf("%d row groups, chunks of several pages %v, data page encodings %v", len(meta.RowGroups), split, encodings)
	}
	sameBothWays[allKinds](t, "general writer", general)
	small := groups[:4] // not the largest group: the small pages take long
	for _, v := range []int{1, 2} {
		b := writeGeneral(t, small, parquet.DataPageVersion(v), parquet.PageBufferSize(512), parquet.Compression(&parquet.Uncompressed))
		pages := 0
		for _, rg := range openBytes(t, b).Metadata().RowGroups {
			for _, c := range rg.Columns {
				for _, s := range c.MetaData.EncodingStats {
					pages += int(s.Count)
				}
			}
		}
		if pages < 1000 {
			t.Errorf("data pages v%d: %d pages in all, want small pages", v, pages)
		}
		sameBothWays[allKinds](t, "small pages", b)
	}
}

// FuzzColumnReader writes rows made from the fuzzer's bytes (fuzzGroups)
// with the column-wise writer and with parquet-go's, and requires each
// file to read the same both ways.
func FuzzColumnReader(f *testing.F) {
	f.Add([]byte("\x00"))
	f.Add([]byte("rows of every kind \x01\x02\x03\xff\xfe\x80"))
	f.Add(bytes.Repeat([]byte{7, 0, 255, 3, 128, 64, 9}, 60))
	f.Add(bytes.Repeat([]byte{2, 1, 3, 250, 6, 1, 0}, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		groups := fuzzGroups(data)
		fast, general := writeBoth(t, groups)
		sameBothWays[allKinds](t, "column-wise writer", fast)
		sameBothWays[allKinds](t, "general writer", general)
		sameBothWays[allKinds](t, "small pages", writeGeneral(t, groups, parquet.PageBufferSize(64)))
	})
}

// TestColumnReaderCorpus: analyze's rows of the corpus (every format,
// games that could not be read, discrepancies) and the hand-built ones,
// in an output a Writer wrote, read the same both ways, every part of
// every table; and ReadTable reads them so.
func TestColumnReaderCorpus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	w, err := NewWriter(dir, map[string]string{"haifu.rules": "auto"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range writerInputs(t) {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	counts, err := batch.Run(context.Background(), []string{corpus.Dir(t)}, batch.Options{Jobs: 2}, w)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if counts.Games < gamesPerRowGroup || counts.Failed == 0 || counts.Discrepancies == 0 {
		t.Fatalf("the corpus gave %+v: want more than a row group of games, some failed, some discrepancies", counts)
	}
	sameTableBothWays[stats.GameRow](t, dir, GamesTable)
	sameTableBothWays[stats.RoundRow](t, dir, RoundsTable)
	sameTableBothWays[stats.SeatRow](t, dir, SeatsTable)
	sameTableBothWays[stats.WinRow](t, dir, WinsTable)
	sameTableBothWays[stats.DiscrepancyRow](t, dir, DiscrepanciesTable)
	sameTableBothWays[stats.ErrorRow](t, dir, ErrorsTable)
}

// sameTableBothWays reads every part of the table name of the output dir
// both ways, and with ReadTable, and requires the same rows.
func sameTableBothWays[T any](t *testing.T, dir, name string) {
	t.Helper()
	var want, got []T
	for _, p := range partFiles(t, dir, name) {
		want = append(want, readGeneral[T](t, openParquet(t, p))...)
		got = append(got, readColumnWise[T](t, openParquet(t, p))...)
	}
	if len(want) == 0 {
		t.Errorf("%s: no rows", name)
	}
	sameReads(t, name, want, got)
	var read []T
	if err := ReadTable(dir, name, func(r *T) { read = append(read, cloneRow(r)) }); err != nil {
		t.Fatal(err)
	}
	sameReads(t, name+" (ReadTable)", want, read)
}

// TestColumnReaderFallback: a file whose schema is not the plan's (a
// column fewer, as in the files of an older haifu; a column of another
// type; another order) is read by the general path, as before.
func TestColumnReaderFallback(t *testing.T) {
	type older struct {
		S  string   `parquet:"s,dict"`
		SP *string  `parquet:"sp,optional"`
		I  int32    `parquet:"i"`
		IL []int32  `parquet:"il,list"`
		SL []string `parquet:"sl,list"`
	}
	type other struct {
		S int64 `parquet:"s"`
		I int32 `parquet:"i"`
	}
	type reordered struct {
		I int32  `parquet:"i"`
		S string `parquet:"s"`
	}
	type target struct {
		S  string   `parquet:"s,dict"`
		SP *string  `parquet:"sp,optional"`
		I  int32    `parquet:"i"`
		IL []int32  `parquet:"il,list"`
		SL []string `parquet:"sl,list"`
		B  *bool    `parquet:"b,optional"`
	}
	x := "x"
	files := map[string][]byte{
		"older":     writeGeneral(t, [][]older{{{S: "a", SP: &x, I: 1, IL: []int32{1, 2}}, {S: "b", SL: []string{"c"}}}}),
		"reordered": writeGeneral(t, [][]reordered{{{I: 3, S: "s"}}}),
	}
	dir := t.TempDir()
	for name, b := range files {
		path := filepath.Join(dir, name+".parquet")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := newColReader[target]()
		if err != nil {
			t.Fatal(err)
		}
		if r.matches(openBytes(t, b)) {
			t.Fatalf("%s: the plan matches", name)
		}
		var got []target
		if err := readRows(path, r, func(row *target) { got = append(got, cloneRow(row)) }); err != nil {
			t.Fatal(err)
		}
		sameReads(t, name, readGeneral[target](t, openBytes(t, b)), got)
	}
	// A column of another type: the general path's error, not rows.
	path := filepath.Join(dir, "other.parquet")
	if err := os.WriteFile(path, writeGeneral(t, [][]other{{{S: 1, I: 2}}}), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := newColReader[target]()
	if err != nil {
		t.Fatal(err)
	}
	errFast := readRows(path, r, func(*target) {})
	errGeneral := readRows(path, nil, func(*target) {}) // no plan: the general path
	if (errFast == nil) != (errGeneral == nil) || errFast != nil && errFast.Error() != errGeneral.Error() {
		t.Errorf("column of another type: %v, the general path %v", errFast, errGeneral)
	}
	// A type without a plan has no column-wise reader.
	type mapped struct {
		A map[string]int32 `parquet:"a"`
	}
	if _, err := newColReader[mapped](); !errors.Is(err, errNoPlan) {
		t.Errorf("a type without a plan: %v, want errNoPlan", err)
	}
}

// FuzzColumnReaderDamaged reads files the column-wise writer wrote and the
// fuzzer damaged, column-wise where the damaged file's schema still
// matches the plan, else with the general path: rows or an error, never
// a panic (parquet-go's panics on such files are ErrDamaged).
func FuzzColumnReaderDamaged(f *testing.F) {
	good, _ := writeBoth(f, edgeGroups()[:2])
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := newColReader[allKinds]()
		if err != nil {
			t.Fatal(err)
		}
		_ = readFile("damaged.parquet", bytes.NewReader(data), int64(len(data)), r, func(*allKinds) {}) // an error is an answer
	})
}

// TestDamagedFiles: files with bytes of their metadata or pages changed
// read as rows or as an error, never a panic; some of them make parquet-go
// panic, which reading turns into ErrDamaged.
func TestDamagedFiles(t *testing.T) {
	good, _ := writeBoth(t, edgeGroups()[:2])
	rng := rand.New(rand.NewPCG(1, 2))
	damaged := 0
	for range 1000 {
		data := bytes.Clone(good)
		for range 1 + rng.IntN(3) {
			i := len(data) - 8 - rng.IntN(min(4000, len(data)-8))
			data[i] ^= 1 << rng.IntN(8)
		}
		r, err := newColReader[allKinds]()
		if err != nil {
			t.Fatal(err)
		}
		if err := readFile("damaged.parquet", bytes.NewReader(data), int64(len(data)), r, func(*allKinds) {}); errors.Is(err, ErrDamaged) {
			damaged++
		}
	}
	t.Logf("1,000 damaged files, %d of them ErrDamaged", damaged)
}
