package stats

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// The table files in an output directory.
const (
	GamesFile         = "games.parquet"
	RoundsFile        = "rounds.parquet"
	SeatsFile         = "seats.parquet"
	DiscrepanciesFile = "discrepancies.parquet"
	ErrorsFile        = "errors.parquet"
)

// Row groups are flushed after these many rows, so that memory does not
// grow with the archive: a games row is large (names, scores, warnings),
// a seats row small.
const (
	wideRowGroupRows   = 8 << 10
	narrowRowGroupRows = 64 << 10
)

// table is one Parquet file being written.
type table[T any] struct {
	f     *os.File
	final string
	w     *parquet.GenericWriter[T]
	n     int64 // rows in the current row group
	max   int64 // rows per row group
}

func newTable[T any](dir, name string, maxRows int64, meta map[string]string) (*table[T], error) {
	final := filepath.Join(dir, name)
	f, err := os.CreateTemp(dir, "."+name+".tmp*")
	if err != nil {
		return nil, err
	}
	opts := []parquet.WriterOption{
		parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}),
		parquet.PageBufferSize(256 << 10),
		parquet.CreatedBy("haifu", "", ""),
		parquet.MaxRowsPerRowGroup(maxRows),
	}
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		opts = append(opts, parquet.KeyValueMetadata(k, meta[k]))
	}
	return &table[T]{f: f, final: final, w: parquet.NewGenericWriter[T](f, opts...), max: maxRows}, nil
}

func (t *table[T]) write(rows []T) error {
	if len(rows) == 0 {
		return nil
	}
	if _, err := t.w.Write(rows); err != nil {
		return err
	}
	t.n += int64(len(rows))
	if t.n >= t.max {
		t.n = 0
		return t.w.Flush()
	}
	return nil
}

// close finishes the file and renames it into place.
func (t *table[T]) close() error {
	err := t.w.Close()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(t.f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(t.f.Name(), t.final)
	}
	if err != nil {
		os.Remove(t.f.Name())
	}
	return err
}

func (t *table[T]) abort() {
	t.f.Close()
	os.Remove(t.f.Name())
}

// Writer writes the five tables into a directory. Files are written under
// temporary names and renamed when Close succeeds, so a directory never
// holds a half-written table under its final name. A Writer is not safe
// for concurrent use: one goroutine feeds it, in input order.
type Writer struct {
	games         *table[GameRow]
	rounds        *table[RoundRow]
	seats         *table[SeatRow]
	discrepancies *table[DiscrepancyRow]
	errs          *table[ErrorRow]
}

// NewWriter creates the tables in dir (created if needed). meta is written
// as key/value metadata into every file (the rule set, haifu's version).
func NewWriter(dir string, meta map[string]string) (*Writer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	w := &Writer{}
	var err error
	if w.games, err = newTable[GameRow](dir, GamesFile, wideRowGroupRows, meta); err == nil {
		if w.rounds, err = newTable[RoundRow](dir, RoundsFile, narrowRowGroupRows, meta); err == nil {
			if w.seats, err = newTable[SeatRow](dir, SeatsFile, narrowRowGroupRows, meta); err == nil {
				if w.discrepancies, err = newTable[DiscrepancyRow](dir, DiscrepanciesFile, wideRowGroupRows, meta); err == nil {
					w.errs, err = newTable[ErrorRow](dir, ErrorsFile, wideRowGroupRows, meta)
				}
			}
		}
	}
	if err != nil {
		w.Abort()
		return nil, err
	}
	return w, nil
}

// Write appends one input's rows.
func (w *Writer) Write(r *GameRows) error {
	return errors.Join(
		w.games.write([]GameRow{r.Game}),
		w.rounds.write(r.Rounds),
		w.seats.write(r.Seats),
		w.discrepancies.write(r.Discrepancies),
		w.errs.write(r.Errors),
	)
}

// Close finishes every table and moves it into place.
func (w *Writer) Close() error {
	return errors.Join(w.games.close(), w.rounds.close(), w.seats.close(), w.discrepancies.close(), w.errs.close())
}

// Abort removes the temporary files.
func (w *Writer) Abort() {
	if w.games != nil {
		w.games.abort()
	}
	if w.rounds != nil {
		w.rounds.abort()
	}
	if w.seats != nil {
		w.seats.abort()
	}
	if w.discrepancies != nil {
		w.discrepancies.abort()
	}
	if w.errs != nil {
		w.errs.abort()
	}
}

// ReadSummary reads the tables of an output directory back and aggregates
// them as analyze did.
func ReadSummary(dir string) (*Summary, error) {
	s := NewSummary()
	if err := readRows(filepath.Join(dir, GamesFile), func(r *GameRow) { s.AddGame(r) }); err != nil {
		return nil, err
	}
	if err := readRows(filepath.Join(dir, RoundsFile), func(r *RoundRow) { s.AddRound(r) }); err != nil {
		return nil, err
	}
	if err := readRows(filepath.Join(dir, DiscrepanciesFile), func(r *DiscrepancyRow) { s.AddDiscrepancy(r) }); err != nil {
		return nil, err
	}
	s.Finish()
	return s, nil
}

// readRows streams the rows of one Parquet file into fn.
func readRows[T any](path string, fn func(*T)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	r := parquet.NewGenericReader[T](pf)
	defer r.Close()
	buf := make([]T, 1024)
	for {
		n, err := r.Read(buf)
		for i := range n {
			fn(&buf[i])
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
}
