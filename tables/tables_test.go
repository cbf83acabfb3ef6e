package tables

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/internal/corpus"

	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// writerInputs are rows with every kind of column filled: the hand-built
// summary set, real judged games (lists, floats, non-ASCII names), and an
// input with the remaining optional values set.
func writerInputs(t *testing.T) []*stats.GameRows {
	inputs := rowstest.SummaryInputs()
	for _, f := range []string{"dnov__chip.xml_.xml", "msanma__2026011814gm-00b9-0000-df81cf4e.xml", "waxmango__2022010920gm-00e1-0000-4304f18f.txt"} {
		inputs = append(inputs, rowstest.JudgeFixture(t, corpus.Fixture(t, "mjlog/"+f)))
	}
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	msg := "x.json: item 3, round S2-1: tenhou6: bad"
	extra := rowstest.Game("x.json", "other", 4, "one", 0, []rowstest.Hand{rowstest.H("exhaustive", 1, 3000, true)}, "game.end")
	extra.Game.StartTime = i64(1700000000)
	extra.Game.EndedEarlyAfter = i32(0)
	extra.Game.Warnings = []string{"w1", ""}
	extra.Game.FinalPoints = []float64{-12.5, 0, 1e-3, 11.5}
	extra.Game.TenhouType = i32(-7)
	extra.Seats[0].ComputedDelta = i32(-1000)
	extra.Seats[1].Tenpai = new(bool)
	extra.Discrepancies[0].Hand, extra.Discrepancies[0].Event, extra.Discrepancies[0].Seat = nil, i32(40), i32(3)
	inputs = append(inputs, extra, &stats.GameRows{
		Game:   stats.GameRow{Path: "y.json", Format: "tenhou6", Platform: "tenhou", Players: 4, Length: "south", Error: &msg},
		Errors: []stats.ErrorRow{{Path: "y.json", GameID: str("g-y"), Format: "tenhou6", ByteOffset: i64(1 << 40), Index: i32(3), Round: str("S2-1"), Error: msg}},
	})
	return inputs
}

// concat gathers one table's rows from every input.
func concat[T any](inputs []*stats.GameRows, rows func(*stats.GameRows) []T) []T {
	var all []T
	for _, r := range inputs {
		all = append(all, rows(r)...)
	}
	return all
}

func writeTables(t *testing.T, dir string, meta map[string]string, inputs []*stats.GameRows) {
	t.Helper()
	w, err := NewWriter(dir, meta)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range inputs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func openParquet(t *testing.T, path string) *parquet.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return pf
}

// readAll reads every part of the table name in dir.
func readAll[T any](t *testing.T, dir, name string) []T {
	t.Helper()
	var all []T
	for _, p := range partFiles(t, dir, name) {
		rows, err := parquet.ReadFile[T](p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		all = append(all, rows...)
	}
	return all
}

// partFiles lists the parts of a table.
func partFiles(t *testing.T, dir, name string) []string {
	t.Helper()
	parts, err := tableParts(dir, name)
	if err != nil {
		t.Fatal(err)
	}
	return parts
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriterRoundTrip(t *testing.T) {
	inputs := writerInputs(t)
	dir := filepath.Join(t.TempDir(), "out", "sub") // created by NewWriter
	meta := map[string]string{"haifu.rules": "auto", "haifu.version": "test-1"}

	w, err := NewWriter(dir, meta)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range inputs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	// Before Close, the tables are in a hidden temporary directory beside
	// the output directory, which does not exist yet.
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("while writing, %s exists (%v)", dir, err)
	}
	names := dirNames(t, filepath.Dir(dir))
	if len(names) != 1 || !strings.HasPrefix(names[0], ".sub"+tmpMarker) {
		t.Errorf("while writing, the parent holds %v, want one hidden temporary directory", names)
	} else if d := cmp.Diff(slices.Sorted(slices.Values(tableNames)), dirNames(t, filepath.Join(filepath.Dir(dir), names[0]))); d != "" {
		t.Errorf("the temporary directory (-want +got):\n%s", d)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	// After Close: the five tables under their final names, nothing else,
	// each a directory with one part.
	if d := cmp.Diff(slices.Sorted(slices.Values(tableNames)), dirNames(t, dir)); d != "" {
		t.Errorf("tables after Close (-want +got):\n%s", d)
	}
	for _, n := range tableNames {
		st, err := os.Stat(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if !st.IsDir() || st.Mode().Perm() != 0o755 {
			t.Errorf("%s: mode %v, want a directory with mode 0755", n, st.Mode())
		}
		if d := cmp.Diff([]string{partName(0)}, dirNames(t, filepath.Join(dir, n))); d != "" {
			t.Errorf("%s holds (-want +got):\n%s", n, d)
		}
		st, err = os.Stat(filepath.Join(dir, n, partName(0)))
		if err != nil {
			t.Fatal(err)
		}
		if !st.Mode().IsRegular() || st.Mode().Perm() != 0o644 {
			t.Errorf("%s/%s: mode %v, want a regular file with mode 0644", n, partName(0), st.Mode())
		}
	}

	// Every row reads back as written.
	eq := cmpopts.EquateEmpty()
	if d := cmp.Diff(concat(inputs, func(r *stats.GameRows) []stats.GameRow { return []stats.GameRow{r.Game} }), readAll[stats.GameRow](t, dir, GamesTable), eq); d != "" {
		t.Errorf("games (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *stats.GameRows) []stats.RoundRow { return r.Rounds }), readAll[stats.RoundRow](t, dir, RoundsTable), eq); d != "" {
		t.Errorf("rounds (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *stats.GameRows) []stats.SeatRow { return r.Seats }), readAll[stats.SeatRow](t, dir, SeatsTable), eq); d != "" {
		t.Errorf("seats (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *stats.GameRows) []stats.DiscrepancyRow { return r.Discrepancies }), readAll[stats.DiscrepancyRow](t, dir, DiscrepanciesTable), eq); d != "" {
		t.Errorf("discrepancies (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *stats.GameRows) []stats.ErrorRow { return r.Errors }), readAll[stats.ErrorRow](t, dir, ErrorsTable), eq); d != "" {
		t.Errorf("errors (-written +read):\n%s", d)
	}

	// The files themselves: key/value metadata, creator, zstd, and the
	// columns docs/design.md says scripts rely on (nullable where it says so).
	columns := map[string][]string{
		GamesTable:         {"?game_id", "path", "players", "?error", "?lobby", "?lobby_level", "?red_fives", "?tenhou_type", "?final_scores", "?names"},
		RoundsTable:        {"?game_id", "path", "outcome", "?tenpai_count", "?noten_payment_total", "judged", "recorded_outcome", "rule_set", "round", "honba", "sticks", "dealer"},
		SeatsTable:         {"?game_id", "path", "is_dealer", "?name", "?tenpai", "?noten_payment", "standing", "judged", "rule_set", "riichi", "calls", "turns", "recorded_delta", "?computed_delta"},
		DiscrepanciesTable: {"?game_id", "path", "?hand", "?round", "?event", "check_name", "severity", "message", "?expected", "?recorded"},
		ErrorsTable:        {"?game_id", "path", "format", "?byte_offset", "?item", "?round", "error"},
	}
	for _, n := range tableNames {
		pf := openParquet(t, filepath.Join(dir, n, partName(0)))
		for k, v := range meta {
			if got, ok := pf.Lookup(k); !ok || got != v {
				t.Errorf("%s: metadata %s = %q (present %v), want %q", n, k, got, ok, v)
			}
		}
		if cb := pf.Metadata().CreatedBy; cb != "haifu version test-1" {
			t.Errorf("%s: created_by %q, want haifu version test-1", n, cb)
		}
		for _, rg := range pf.Metadata().RowGroups {
			for _, c := range rg.Columns {
				if c.MetaData.Codec != format.Zstd {
					t.Errorf("%s: column %v compressed with %v, want zstd", n, c.MetaData.PathInSchema, c.MetaData.Codec)
				}
			}
		}
		if pf.NumRows() > 0 && len(pf.Metadata().RowGroups) == 0 {
			t.Errorf("%s: rows but no row groups", n)
		}
		fields := map[string]parquet.Field{}
		for _, f := range pf.Schema().Fields() {
			fields[f.Name()] = f
		}
		for _, c := range columns[n] {
			name, optional := strings.CutPrefix(c, "?")
			field, ok := fields[name]
			if !ok {
				t.Errorf("%s: no column %q", n, name)
				continue
			}
			if field.Optional() != optional {
				t.Errorf("%s: column %q optional = %v, want %v", n, name, field.Optional(), optional)
			}
		}
	}

	// ReadSummary sees what the writer's caller counted.
	got, err := ReadSummary([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rowstest.Summarize(inputs), got, approx); d != "" {
		t.Errorf("ReadSummary (-in memory +read):\n%s", d)
	}
	// The hand-built part alone: the figures of wantSummary.
	sub := t.TempDir()
	writeTables(t, sub, nil, rowstest.SummaryInputs())
	got, err = ReadSummary([]string{sub})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rowstest.Summarize(rowstest.SummaryInputs()), got, approx); d != "" {
		t.Errorf("ReadSummary of the hand-built set (-want +got):\n%s", d)
	}
	// Two outputs (the shards of one data set) read together give what one
	// output of every input gives, whatever the groups asked for.
	inputsAll := rowstest.SummaryInputs()
	a, b := t.TempDir(), t.TempDir()
	writeTables(t, a, nil, inputsAll[:2])
	writeTables(t, b, nil, inputsAll[2:])
	for _, by := range [][]string{nil, {"year", "lobby"}, {"players", "platform"}} {
		got, err := ReadSummary([]string{a, b}, by...)
		if err != nil {
			t.Fatal(err)
		}
		want := stats.NewSummary(by...)
		for _, r := range inputsAll {
			want.Add(r)
		}
		want.Finish()
		if d := cmp.Diff(want, got, approx); d != "" {
			t.Errorf("by %v: two outputs read together (-one data set +two):\n%s", by, d)
		}
	}
	if _, err := ReadSummary([]string{a}, "colour"); err == nil {
		t.Error("--by colour: no error")
	}
}

// TestWriterRowGroups: every gamesPerRowGroup inputs the writer ends a row
// group in every table, whatever number of rows each input has; an input
// with more rows than maxRowGroupRows spans several groups; after
// rowGroupsPerPart groups a table goes on in a new part; no group or part
// is empty, and the rows keep their order.
func TestWriterRowGroups(t *testing.T) {
	const n = gamesPerRowGroup
	full := make([]int64, rowGroupsPerPart) // a full part of one-row-per-game groups
	for i := range full {
		full[i] = n
	}
	tests := []struct {
		name                 string
		inputs, seats, hands int       // inputs; seats and rounds rows per input
		games, narrow        [][]int64 // row group sizes, by part
	}{
		{"straddle", 2*n + 5, 3, 3, [][]int64{{n, n, 5}}, [][]int64{{3 * n, 3 * n, 15}}},
		{"exact", 2 * n, 4, 0, [][]int64{{n, n}}, [][]int64{{4 * n, 4 * n}}},
		{"fewer than a group", 7, 2, 2, [][]int64{{7}}, [][]int64{{14}}},
		{"one large input", 1, maxRowGroupRows + 100, 0, [][]int64{{1}}, [][]int64{{maxRowGroupRows, 100}}},
		{"a second part", rowGroupsPerPart*n + 3, 1, 0, [][]int64{full, {3}}, [][]int64{full, {3}}},
		{"parts exactly full", rowGroupsPerPart * n, 1, 0, [][]int64{full}, [][]int64{full}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			w, err := NewWriter(dir, map[string]string{"haifu.rules": "tenhou"})
			if err != nil {
				t.Fatal(err)
			}
			r := &stats.GameRows{Seats: make([]stats.SeatRow, tt.seats), Rounds: make([]stats.RoundRow, tt.hands)}
			for i := range tt.inputs {
				r.Game = stats.GameRow{GameID: str("g"), Path: "p", Hands: int32(i), Names: []string{"a", "b", "c"}}
				for k := range tt.seats {
					r.Seats[k] = stats.SeatRow{GameID: str("g"), Hand: int32(i), Seat: int32(k)}
				}
				for k := range tt.hands {
					r.Rounds[k] = stats.RoundRow{GameID: str("g"), Hand: int32(i), Number: int32(k)}
				}
				if err := w.Write(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			rounds := tt.narrow
			if tt.hands == 0 {
				rounds = [][]int64{nil}
			}
			for _, f := range []struct {
				table string
				sizes [][]int64
			}{
				{GamesTable, tt.games},
				{RoundsTable, rounds},
				{SeatsTable, tt.narrow},
				{DiscrepanciesTable, [][]int64{nil}},
				{ErrorsTable, [][]int64{nil}},
			} {
				parts := partFiles(t, dir, f.table)
				if len(parts) != len(f.sizes) {
					t.Errorf("%s: %d parts, want %d", f.table, len(parts), len(f.sizes))
					continue
				}
				for i, p := range parts {
					if filepath.Base(p) != partName(i) {
						t.Errorf("%s: part %d is %s", f.table, i, filepath.Base(p))
					}
					pf := openParquet(t, p)
					var sizes []int64
					for _, rg := range pf.RowGroups() {
						sizes = append(sizes, rg.NumRows())
					}
					if !slices.Equal(sizes, f.sizes[i]) || len(pf.Metadata().RowGroups) != len(f.sizes[i]) {
						t.Errorf("%s part %d: %d row groups of %v rows, want %v", f.table, i, len(pf.Metadata().RowGroups), sizes, f.sizes[i])
					}
					if v, ok := pf.Lookup("haifu.rules"); !ok || v != "tenhou" {
						t.Errorf("%s part %d: haifu.rules = %q %v", f.table, i, v, ok)
					}
				}
			}
			// The rows keep their order across row groups and parts.
			seats := readAll[stats.SeatRow](t, dir, SeatsTable)
			if len(seats) != tt.inputs*tt.seats {
				t.Fatalf("%d seats rows, want %d", len(seats), tt.inputs*tt.seats)
			}
			for i, s := range seats {
				if s.Hand != int32(i/tt.seats) || s.Seat != int32(i%tt.seats) {
					t.Fatalf("seats row %d is hand %d seat %d, want %d %d", i, s.Hand, s.Seat, i/tt.seats, i%tt.seats)
				}
			}
			s, err := ReadSummary([]string{dir})
			if err != nil {
				t.Fatal(err)
			}
			if s.Inputs != tt.inputs || s.RuleSets[0].All.Hands != tt.inputs*tt.hands {
				t.Errorf("ReadSummary: %d inputs, %d hands; want %d, %d", s.Inputs, s.RuleSets[0].All.Hands, tt.inputs, tt.inputs*tt.hands)
			}
		})
	}
}

// earlierTables makes dir hold tables of an earlier run, and returns a
// check that they are still there, untouched.
func earlierTables(t *testing.T, dir string) func() {
	for _, n := range tableNames {
		if err := os.MkdirAll(filepath.Join(dir, n), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n, partName(0)), []byte("earlier "+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		t.Helper()
		for _, n := range tableNames {
			b, err := os.ReadFile(filepath.Join(dir, n, partName(0)))
			if err != nil || string(b) != "earlier "+n {
				t.Errorf("%s: %q, %v; want the earlier table", n, b, err)
			}
		}
	}
}

// TestWriterAbort: an aborted writer leaves nothing behind, and does not
// touch tables of an earlier run under the final names.
func TestWriterAbort(t *testing.T) {
	for _, earlier := range []bool{false, true} {
		dir := t.TempDir()
		check := func() {}
		if earlier {
			check = earlierTables(t, dir)
		}
		w, err := NewWriter(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rowstest.SummaryInputs() {
			if err := w.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		w.Abort()
		names := dirNames(t, dir)
		if !earlier {
			if len(names) != 0 {
				t.Errorf("after Abort, dir holds %v, want nothing", names)
			}
			continue
		}
		if d := cmp.Diff(slices.Sorted(slices.Values(tableNames)), names); d != "" {
			t.Errorf("after Abort (-want +got):\n%s", d)
		}
		check()
	}
}

// TestWriterReplaces: a run replaces the tables of an earlier run in the
// same directory, and leaves nothing else behind.
func TestWriterReplaces(t *testing.T) {
	dir := t.TempDir()
	earlierTables(t, dir)
	inputs := rowstest.SummaryInputs()
	writeTables(t, dir, nil, inputs)
	if d := cmp.Diff(slices.Sorted(slices.Values(tableNames)), dirNames(t, dir)); d != "" {
		t.Errorf("tables (-want +got):\n%s", d)
	}
	if got := readAll[stats.GameRow](t, dir, GamesTable); len(got) != len(inputs) {
		t.Errorf("games: %d rows, want %d", len(got), len(inputs))
	}
}

// TestWriterCloseFails: when Close fails (the temporary directory is gone),
// the output directory keeps the earlier run whole and nothing temporary is
// left.
func TestWriterCloseFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	inputs := rowstest.SummaryInputs()
	run := func(sabotage bool) error {
		w, err := NewWriter(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range inputs {
			if sabotage && i == 1 {
				continue // the second run differs from the first
			}
			if err := w.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if sabotage {
			if err := os.RemoveAll(w.out.tmp); err != nil {
				t.Fatal(err)
			}
		}
		err = w.Close()
		w.Abort() // harmless after Close
		return err
	}
	if err := run(false); err != nil {
		t.Fatal(err)
	}
	if err := run(true); err == nil {
		t.Fatal("Close succeeded, want an error")
	}
	if d := cmp.Diff(slices.Sorted(slices.Values(tableNames)), dirNames(t, dir)); d != "" {
		t.Errorf("tables after a failed Close (-want +got):\n%s", d)
	}
	if names := dirNames(t, filepath.Dir(dir)); len(names) != 1 {
		t.Errorf("beside the output: %v, want only it", names)
	}
	if got := readAll[stats.GameRow](t, dir, GamesTable); len(got) != len(inputs) {
		t.Errorf("games: %d rows, want %d", len(got), len(inputs))
	}
}

func TestNewWriterError(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if w, err := NewWriter(filepath.Join(file, "out"), nil); err == nil {
		w.Abort()
		t.Fatal("NewWriter under a regular file succeeded")
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"file"}) {
		t.Errorf("dir holds %v, want only the file", names)
	}
}

func TestReadSummaryErrors(t *testing.T) {
	if _, err := ReadSummary([]string{filepath.Join(t.TempDir(), "missing")}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSummary of a missing dir: %v, want not exist", err)
	}
	dir := t.TempDir()
	writeTables(t, dir, nil, rowstest.SummaryInputs())
	bad := filepath.Join(dir, RoundsTable, partName(0))
	if err := os.WriteFile(bad, []byte("not parquet at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSummary([]string{dir}); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("ReadSummary with a corrupt %s: %v, want an error naming it", bad, err)
	}
	writeTables(t, dir, nil, rowstest.SummaryInputs())
	if err := os.RemoveAll(filepath.Join(dir, DiscrepanciesTable)); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSummary([]string{dir}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSummary without %s: %v, want not exist", DiscrepanciesTable, err)
	}
	if err := os.Mkdir(filepath.Join(dir, DiscrepanciesTable), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSummary([]string{dir}); err == nil || !strings.Contains(err.Error(), "no part files") {
		t.Errorf("ReadSummary with an empty %s: %v, want no part files", DiscrepanciesTable, err)
	}
}

// TestOutputStale: a new run clears what crashed runs left beside the
// output directory (temporary directories of processes no longer running,
// old-style temporary tables inside it), puts an output that was set aside
// back when the output directory is missing, and leaves a running
// process's temporary directory alone. It refuses a directory that holds
// other files.
func TestOutputStale(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	dead := 1 << 30 // no such process
	mk := func(p string) {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A crash between the two renames: the old output aside, the new one
	// not in place.
	mk(filepath.Join(parent, fmt.Sprintf(".out%s%d-1", oldMarker, dead), GamesTable))
	mk(filepath.Join(parent, fmt.Sprintf(".out%s%d-2", tmpMarker, dead), RoundsTable))
	live := filepath.Join(parent, fmt.Sprintf(".out%s%d-3", tmpMarker, os.Getpid()))
	mk(live)
	o, err := newOutput(dir)
	if err != nil {
		t.Fatal(err)
	}
	o.abort()
	if d := cmp.Diff([]string{GamesTable}, dirNames(t, dir)); d != "" {
		t.Errorf("the output set aside was not put back (-want +got):\n%s", d)
	}
	want := []string{filepath.Base(live), "out"}
	if d := cmp.Diff(want, dirNames(t, parent)); d != "" {
		t.Errorf("beside the output (-want +got):\n%s", d)
	}
	// Old-style temporary tables inside the output are removed.
	mk(filepath.Join(dir, ".rounds.tmp123"))
	if o, err = newOutput(dir); err != nil {
		t.Fatal(err)
	}
	o.abort()
	if d := cmp.Diff([]string{GamesTable}, dirNames(t, dir)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// A directory with files of its own is not replaced.
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewWriter(dir, nil); !errors.Is(err, ErrNotOutput) {
		t.Errorf("NewWriter on a directory with other files: %v, want ErrNotOutput", err)
	}
	if _, err := NewWriter(parent+"/.", nil); err == nil {
		t.Error("NewWriter on a path without a name of its own succeeded")
	}
}

var approx = cmp.Options{cmpopts.EquateApprox(0, 1e-12), cmpopts.EquateEmpty(), cmpopts.IgnoreUnexported(stats.Summary{}, stats.Counts{})}

// str returns a pointer to s.
func str(s string) *string { return &s }
