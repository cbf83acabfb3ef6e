package stats

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/parquet-go/parquet-go"
)

// The table files in an output directory.
const (
	GamesFile         = "games.parquet"
	RoundsFile        = "rounds.parquet"
	SeatsFile         = "seats.parquet"
	DiscrepanciesFile = "discrepancies.parquet"
	ErrorsFile        = "errors.parquet"
)

// GamesPerRowGroup is the number of games after which the Writer ends a
// row group in every table: the buffered rows are encoded and written, and
// memory goes back to what one row group of each table needs, whatever the
// length of the archive. (2,048 games make about 2,000 rows of games,
// 18,000 of rounds and 70,000 of seats.)
const GamesPerRowGroup = 2048

// maxRowGroupRows bounds a row group of any table, for inputs with
// unusually many rows (a game with thousands of discrepancies); the
// parquet writer starts the next group by itself when it is reached.
const maxRowGroupRows = 256 << 10

// table is one Parquet file being written.
type table[T any] struct {
	f     *os.File
	final string
	w     *parquet.GenericWriter[T]
	n     int64 // rows in the current row group
}

func newTable[T any](dir, name string, codec *zstdCodec, meta map[string]string) (*table[T], error) {
	final := filepath.Join(dir, name)
	f, err := os.CreateTemp(dir, "."+name+".tmp*")
	if err != nil {
		return nil, err
	}
	opts := []parquet.WriterOption{
		parquet.Compression(codec),
		parquet.PageBufferSize(256 << 10),
		parquet.CreatedBy("haifu", "", ""),
		parquet.MaxRowsPerRowGroup(maxRowGroupRows),
	}
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		opts = append(opts, parquet.KeyValueMetadata(k, meta[k]))
	}
	return &table[T]{f: f, final: final, w: parquet.NewGenericWriter[T](f, opts...)}, nil
}

func (t *table[T]) write(rows []T) error {
	if len(rows) == 0 {
		return nil
	}
	if _, err := t.w.Write(rows); err != nil {
		return err
	}
	t.n += int64(len(rows))
	return nil
}

// flush ends the current row group, if it has rows.
func (t *table[T]) flush() error {
	if t.n == 0 {
		return nil
	}
	t.n = 0
	return t.w.Flush()
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
	pending       int // games written since the last row group ended
	game          [1]GameRow
}

// NewWriter creates the tables in dir (created if needed). meta is written
// as key/value metadata into every file (the rule set, haifu's version).
func NewWriter(dir string, meta map[string]string) (*Writer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	w := &Writer{}
	codec, err := newZstdCodec()
	if err != nil {
		return nil, err
	}
	if w.games, err = newTable[GameRow](dir, GamesFile, codec, meta); err == nil {
		if w.rounds, err = newTable[RoundRow](dir, RoundsFile, codec, meta); err == nil {
			if w.seats, err = newTable[SeatRow](dir, SeatsFile, codec, meta); err == nil {
				if w.discrepancies, err = newTable[DiscrepancyRow](dir, DiscrepanciesFile, codec, meta); err == nil {
					w.errs, err = newTable[ErrorRow](dir, ErrorsFile, codec, meta)
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

// Write appends one input's rows; it keeps nothing of r. Every
// GamesPerRowGroup inputs it ends a row group in every table.
func (w *Writer) Write(r *GameRows) error {
	w.game[0] = r.Game
	err := errors.Join(
		w.games.write(w.game[:]),
		w.rounds.write(r.Rounds),
		w.seats.write(r.Seats),
		w.discrepancies.write(r.Discrepancies),
		w.errs.write(r.Errors),
	)
	if w.pending++; w.pending == GamesPerRowGroup && err == nil {
		w.pending = 0
		err = errors.Join(w.games.flush(), w.rounds.flush(), w.seats.flush(), w.discrepancies.flush(), w.errs.flush())
	}
	return err
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
