package tables_test

import (
	"os"
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

// BenchmarkReadOutputs reads an output of the corpus's first 500 mjlog
// games in XML back with ReadOutputs, as summary and report do, into a
// Sink that only counts the rows (one op: every table of the output, the
// errors too). HAIFU_BENCH_OUTPUT names another output to read instead
// (one of 50,000 games, say).
func BenchmarkReadOutputs(b *testing.B) {
	dir := os.Getenv("HAIFU_BENCH_OUTPUT")
	if dir == "" {
		dir = filepath.Join(b.TempDir(), "out")
		w, err := tables.NewWriter(dir, nil)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, f := range corpus.Files(b, "mjlog/*") {
			if n == 500 {
				break
			}
			if filepath.Ext(f) == ".xml" {
				if err := w.Write(rowstest.JudgeFixture(b, f)); err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	var s countSink
	b.ReportAllocs()
	for b.Loop() {
		s = countSink{}
		if err := tables.ReadOutputs([]string{dir}, &s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.rows), "rows/op")
	b.ReportMetric(float64(s.rows*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// countSink is a tables.Sink that counts the rows it is given.
type countSink struct{ rows int }

func (s *countSink) NextOutput()                          {}
func (s *countSink) AddGame(*stats.GameRow)               { s.rows++ }
func (s *countSink) AddRound(*stats.RoundRow)             { s.rows++ }
func (s *countSink) AddSeat(*stats.SeatRow)               { s.rows++ }
func (s *countSink) AddDiscrepancy(*stats.DiscrepancyRow) { s.rows++ }
func (s *countSink) AddWin(*stats.WinRow)                 { s.rows++ }
func (s *countSink) AddError(*stats.ErrorRow)             { s.rows++ }
