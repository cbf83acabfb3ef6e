package tables

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parquet-go/parquet-go/format"

	"github.com/haifu/haifu/archive"
)

// archiveRows returns n rows with every kind of column filled, and nulls.
func archiveRows(n int) []archive.Row {
	str := func(s string) *string { return &s }
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	b := func(v bool) *bool { return &v }
	var rows []archive.Row
	for i := range n {
		r := archive.Row{Listing: str("scc"), Lobby: "public", Rule: str("四鳳南喰赤－"), Players: 4, Length: "south", Table: str("houou"),
			Source: fmt.Sprintf("scc%08d.html.gz", 20240101+i%3), Line: int32(i + 1),
			Names:  []string{"A&B", "名前(本人)", "<x>", fmt.Sprint("p", i)},
			Points: []float64{42, 5.5, -17, -30.5}}
		switch i % 3 {
		case 0:
			r.LogID, r.TenhouType = str(fmt.Sprintf("2024010100gm-00a9-0000-%08x", i)), i32(0xa9)
			r.StartTime, r.Minutes = i64(1704067200000+int64(i)*60000), i32(int32(i%60))
			r.RedFives, r.OpenTanyao, r.Fast, r.ChipGame = i32(3), b(true), b(false), b(false)
		case 1:
			r.Member, r.Listing, r.Lobby, r.Rule, r.Table = str("2012/scd20120404.log"), str("scd"), "public", str("三若東喰赤祝５"), str("wakaba")
			r.ChipGame, r.ChipRate, r.Chips = b(true), i32(5), []int32{5, -3, -2, 0}
		}
		rows = append(rows, r)
	}
	return rows
}

// TestArchiveRoundTrip writes rows over several row groups and parts and
// reads them back; the schema has the types the README promises.
func TestArchiveRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "index")
	rows := archiveRows(3*rowGroupsPerPart*7 + 5)
	w, err := NewArchiveWriter(dir, map[string]string{"haifu.version": "test"})
	if err != nil {
		t.Fatal(err)
	}
	w.groupRows = 3 // 7 parts and a little
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if w.n != len(rows) {
		t.Errorf("%d rows written, want %d", w.n, len(rows))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var got []archive.Row
	if err := ReadArchive(dir, func(r *archive.Row) { got = append(got, cloneRow(r)) }); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rows, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("rows read back (-written +read):\n%s", diff)
	}
	parts := partFiles(t, dir, ArchiveTable)
	if len(parts) != 8 {
		t.Errorf("%d parts, want 8", len(parts))
	}
	if names := dirNames(t, dir); !cmp.Equal(names, []string{ArchiveTable}) {
		t.Errorf("index directory holds %v", names)
	}
	pf := openParquet(t, parts[0])
	if v, _ := pf.Lookup("haifu.version"); v != "test" {
		t.Errorf("metadata haifu.version = %q", v)
	}
	want := map[string]string{
		"log_id":      "optional binary (STRING)",
		"start_time":  "optional int64 (TIMESTAMP(isAdjustedToUTC=true,unit=MILLIS))",
		"players":     "required int32 (INT(32,true))",
		"red_fives":   "optional int32 (INT(32,true))",
		"lobby_level": "optional binary (STRING)",
		"zip_member":  "optional binary (STRING)",
	}
	for _, f := range pf.Schema().Fields() {
		s := strings.TrimSpace(fmt.Sprint(f))
		if w, ok := want[f.Name()]; ok && !strings.Contains(s, w) {
			t.Errorf("column %s: %s, want %s", f.Name(), s, w)
		}
		delete(want, f.Name())
	}
	if len(want) > 0 {
		t.Errorf("columns missing: %v", want)
	}
	for _, rg := range pf.Metadata().RowGroups {
		for _, c := range rg.Columns {
			if c.MetaData.Codec != format.Zstd {
				t.Fatalf("column %v: codec %v, want zstd", c.MetaData.PathInSchema, c.MetaData.Codec)
			}
		}
	}
}

// TestArchiveOutput: an index directory is replaced as one unit, an
// aborted write leaves it as it was, and an index directory and an
// analysis output are never taken for each other.
func TestArchiveOutput(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "index")
	write := func(n int, abort bool) {
		w, err := NewArchiveWriter(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range archiveRows(n) {
			w.Write(r)
		}
		if abort {
			w.Abort()
			return
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	count := func() int {
		n := 0
		if err := ReadArchive(dir, func(*archive.Row) { n++ }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	write(5, false)
	write(7, true)
	if n := count(); n != 5 {
		t.Errorf("after an aborted write: %d rows, want the 5 of the run before", n)
	}
	write(9, false)
	if n := count(); n != 9 {
		t.Errorf("after a second run: %d rows, want 9", n)
	}
	if names := dirNames(t, parent); !cmp.Equal(names, []string{"index"}) {
		t.Errorf("beside the index: %v", names)
	}
	if _, err := NewWriter(dir, nil); !errors.Is(err, ErrNotOutput) {
		t.Errorf("NewWriter over an index directory: %v, want ErrNotOutput", err)
	}
	out := filepath.Join(parent, "out")
	writeTables(t, out, nil, writerInputs(t)[:1])
	if _, err := NewArchiveWriter(out, nil); !errors.Is(err, ErrNotOutput) {
		t.Errorf("NewArchiveWriter over an analysis output: %v, want ErrNotOutput", err)
	}
	if err := ReadArchive(out, func(*archive.Row) {}); !errors.Is(err, ErrNoArchive) {
		t.Errorf("ReadArchive of an analysis output: %v, want ErrNoArchive", err)
	}
	if err := os.WriteFile(filepath.Join(parent, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewArchiveWriter(filepath.Join(parent, "file"), nil); err == nil {
		t.Error("NewArchiveWriter over a file: no error")
	}
}
