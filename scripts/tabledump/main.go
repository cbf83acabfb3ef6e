// Command tabledump writes every row of the tables of haifu's output
// directories as JSON lines, one file per table, so that two versions of
// haifu can be compared by what their tables hold rather than by the bytes
// of their Parquet files (which another encoding changes): a null is null,
// an empty list [].
//
//	go run ./scripts/tabledump OUT DIR      (OUT/games.jsonl, OUT/rounds.jsonl, …)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: tabledump OUT DIR")
		os.Exit(2)
	}
	out, dir := os.Args[1], os.Args[2]
	if err := os.MkdirAll(out, 0o755); err != nil {
		fail(err)
	}
	for _, err := range []error{
		dump[stats.GameRow](out, dir, tables.GamesTable),
		dump[stats.RoundRow](out, dir, tables.RoundsTable),
		dump[stats.SeatRow](out, dir, tables.SeatsTable),
		dump[stats.WinRow](out, dir, tables.WinsTable),
		dump[stats.DiscrepancyRow](out, dir, tables.DiscrepanciesTable),
		dump[stats.ErrorRow](out, dir, tables.ErrorsTable),
	} {
		if err != nil {
			fail(err)
		}
	}
}

// dump writes the rows of table name of dir to OUT/name.jsonl.
func dump[T any](out, dir, name string) error {
	f, err := os.Create(filepath.Join(out, name+".jsonl"))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	var encErr error
	err = tables.ReadTable(dir, name, func(r *T) {
		if encErr == nil {
			encErr = enc.Encode(r)
		}
	})
	if err == nil {
		err = encErr
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "tabledump:", err)
	os.Exit(1)
}
