package archive

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestListingsGolden reads every sample listing of testdata/listings and
// compares what it gives, the archive table's row of each game, the File
// of each file named and each error, with testdata/listings.golden
// (rewritten with -update; review the diff).
func TestListingsGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "listings", "*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no sample listings (%v)", err)
	}
	var b strings.Builder
	for _, p := range paths {
		b.WriteString("# " + filepath.Base(p) + "\n")
		for r, err := range ReadFile(p) {
			var v any
			switch r := r.(type) {
			case *Game:
				row := RowOf(r)
				row.Source = filepath.Base(row.Source)
				v = columns(row)
			case *File:
				v = map[string]any{"file": r.Name, "kind": r.Kind.String(), "url": r.URL, "listing": r.Listing,
					"date": r.Date, "size": r.Size, "line": r.Line}
			}
			if err != nil {
				b.WriteString("error: " + strings.ReplaceAll(err.Error(), filepath.Join("testdata", "listings")+string(filepath.Separator), "") + "\n")
				continue
			}
			line, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	golden := filepath.Join("testdata", "listings.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("records differ from %s (-want +got):\n%s", golden, diff)
	}
}

// columns returns a row's values by their Parquet column names, in the
// columns' order (a slice of name and value pairs marshals in order).
func columns(r Row) json.RawMessage {
	v := reflect.ValueOf(r)
	var b strings.Builder
	b.WriteByte('{')
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("parquet"), ",")
		val, _ := json.Marshal(v.Field(i).Interface())
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + name + `":`)
		b.Write(val)
	}
	b.WriteByte('}')
	return json.RawMessage(b.String())
}
