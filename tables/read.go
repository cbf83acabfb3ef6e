package tables

import (
	"fmt"
	"io"
	"os"

	"github.com/parquet-go/parquet-go"

	"github.com/haifu/haifu/stats"
)

// ReadSummary reads the tables of one or more output directories back (the
// shards of one archive, say) and aggregates them as one data set, grouped
// by the dimensions by (stats.DefaultBy when none), as analyze did.
func ReadSummary(dirs []string, by ...string) (*stats.Summary, error) {
	if err := stats.CheckBy(by); err != nil {
		return nil, err
	}
	s := stats.NewSummary(by...)
	// Games first: the other tables' rows are grouped by their game.
	for _, dir := range dirs {
		if err := readTable(dir, GamesTable, func(r *stats.GameRow) { s.AddGame(r) }); err != nil {
			return nil, err
		}
	}
	for _, dir := range dirs {
		if err := readTable(dir, RoundsTable, func(r *stats.RoundRow) { s.AddRound(r) }); err != nil {
			return nil, err
		}
		if err := readTable(dir, DiscrepanciesTable, func(r *stats.DiscrepancyRow) { s.AddDiscrepancy(r) }); err != nil {
			return nil, err
		}
		if err := readTable(dir, WinsTable, func(r *stats.WinRow) { s.AddWin(r) }); err != nil {
			return nil, err
		}
	}
	s.Finish()
	return s, nil
}

// readTable streams the rows of every part of the table name into fn.
func readTable[T any](dir, name string, fn func(*T)) error {
	parts, err := Parts(dir, name)
	if err != nil {
		return err
	}
	for _, p := range parts {
		if err := readRows(p, fn); err != nil {
			return err
		}
	}
	return nil
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
