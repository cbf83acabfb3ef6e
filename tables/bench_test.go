package tables_test

import (
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// BenchmarkWrite writes the rows of the corpus's first 500 mjlog games in XML
// through a Writer, as analyze does (one op: every table of those games).
// With -cpu 1 it is analyze -j 1's cost of the Parquet files.
func BenchmarkWrite(b *testing.B) {
	files := corpus.Files(b, "mjlog/*")
	var inputs []*stats.GameRows
	for _, f := range files {
		if len(inputs) == 500 {
			break
		}
		if filepath.Ext(f) == ".xml" {
			inputs = append(inputs, rowstest.JudgeFixture(b, f))
		}
	}
	rows := 0
	for _, r := range inputs {
		rows += 1 + len(r.Rounds) + len(r.Seats) + len(r.Wins) + len(r.Discrepancies)
	}
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		w, err := tables.NewWriter(filepath.Join(dir, "out"), nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range inputs {
			if err := w.Write(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(inputs)*b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rows), "rows/op")
}
