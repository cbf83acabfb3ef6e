package stats

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

var tableFiles = []string{GamesFile, RoundsFile, SeatsFile, DiscrepanciesFile, ErrorsFile}

// writerInputs are rows with every kind of column filled: the hand-built
// summary set, real judged games (lists, floats, non-ASCII names), and an
// input with the remaining optional values set.
func writerInputs(t *testing.T) []*GameRows {
	inputs := summaryInputs()
	for _, f := range []string{"dnov__chip.xml_.xml", "msanma__2026011814gm-00b9-0000-df81cf4e.xml", "waxmango__2022010920gm-00e1-0000-4304f18f.txt"} {
		inputs = append(inputs, judgeFixture(t, "../fixtures/mjlog/"+f))
	}
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	msg := "x.json: item 3, round S2-1: tenhou6: bad"
	extra := game("x.json", "other", 4, "one", 0, []hand{{"exhaustive", 1, 3000, true}}, "game.end")
	extra.Game.StartTime = i64(1700000000)
	extra.Game.EndedEarlyAfter = i32(0)
	extra.Game.Warnings = []string{"w1", ""}
	extra.Game.FinalPoints = []float64{-12.5, 0, 1e-3, 11.5}
	extra.Game.TenhouType = i32(-7)
	extra.Seats[0].ComputedDelta = i32(-1000)
	extra.Seats[1].Tenpai = new(bool)
	extra.Discrepancies[0].Hand, extra.Discrepancies[0].Event, extra.Discrepancies[0].Seat = nil, i32(40), i32(3)
	inputs = append(inputs, extra, &GameRows{
		Game:   GameRow{Path: "y.json", Format: "tenhou6", Platform: "tenhou", Players: 4, Length: "south", Error: &msg},
		Errors: []ErrorRow{{Path: "y.json", GameID: "g-y", Format: "tenhou6", Offset: i64(1 << 40), Index: i32(3), Round: "S2-1", Error: msg}},
	})
	return inputs
}

// concat gathers one table's rows from every input.
func concat[T any](inputs []*GameRows, rows func(*GameRows) []T) []T {
	var all []T
	for _, r := range inputs {
		all = append(all, rows(r)...)
	}
	return all
}

func writeTables(t *testing.T, dir string, meta map[string]string, inputs []*GameRows) {
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

func readTable[T any](t *testing.T, path string) []T {
	t.Helper()
	rows, err := parquet.ReadFile[T](path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
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
	// Before Close, the tables are under temporary names only.
	names := dirNames(t, dir)
	if len(names) != len(tableFiles) {
		t.Errorf("while writing, dir holds %v, want %d temporary files", names, len(tableFiles))
	}
	for _, n := range names {
		if slices.Contains(tableFiles, n) || !strings.HasPrefix(n, ".") || !strings.Contains(n, ".tmp") {
			t.Errorf("while writing, dir holds %q: want only hidden temporary files", n)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	// After Close: the five files under their final names, nothing else.
	if d := cmp.Diff(slices.Sorted(slices.Values(tableFiles)), dirNames(t, dir)); d != "" {
		t.Errorf("files after Close (-want +got):\n%s", d)
	}
	for _, n := range tableFiles {
		st, err := os.Stat(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if !st.Mode().IsRegular() || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want a regular file with mode 0644", n, st.Mode())
		}
	}

	// Every row reads back as written.
	eq := cmpopts.EquateEmpty()
	if d := cmp.Diff(concat(inputs, func(r *GameRows) []GameRow { return []GameRow{r.Game} }), readTable[GameRow](t, filepath.Join(dir, GamesFile)), eq); d != "" {
		t.Errorf("games (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *GameRows) []RoundRow { return r.Rounds }), readTable[RoundRow](t, filepath.Join(dir, RoundsFile)), eq); d != "" {
		t.Errorf("rounds (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *GameRows) []SeatRow { return r.Seats }), readTable[SeatRow](t, filepath.Join(dir, SeatsFile)), eq); d != "" {
		t.Errorf("seats (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *GameRows) []DiscrepancyRow { return r.Discrepancies }), readTable[DiscrepancyRow](t, filepath.Join(dir, DiscrepanciesFile)), eq); d != "" {
		t.Errorf("discrepancies (-written +read):\n%s", d)
	}
	if d := cmp.Diff(concat(inputs, func(r *GameRows) []ErrorRow { return r.Errors }), readTable[ErrorRow](t, filepath.Join(dir, ErrorsFile)), eq); d != "" {
		t.Errorf("errors (-written +read):\n%s", d)
	}

	// The files themselves: key/value metadata, creator, zstd, and the
	// columns DESIGN.md says scripts rely on (nullable where it says so).
	columns := map[string][]string{
		GamesFile:         {"game_id", "path", "players", "?error", "?tenhou_type", "final_scores", "names"},
		RoundsFile:        {"game_id", "path", "outcome", "?tenpai_count", "noten_payment_total", "round", "honba", "sticks", "dealer"},
		SeatsFile:         {"game_id", "path", "?tenpai", "noten_payment", "riichi", "calls", "turns", "recorded_delta", "?computed_delta"},
		DiscrepanciesFile: {"game_id", "path", "?hand", "round", "?event", "check", "message", "expected", "recorded"},
		ErrorsFile:        {"game_id", "path", "format", "?offset", "?index", "round", "error"},
	}
	for _, n := range tableFiles {
		pf := openParquet(t, filepath.Join(dir, n))
		for k, v := range meta {
			if got, ok := pf.Lookup(k); !ok || got != v {
				t.Errorf("%s: metadata %s = %q (present %v), want %q", n, k, got, ok, v)
			}
		}
		if cb := pf.Metadata().CreatedBy; !strings.HasPrefix(cb, "haifu") {
			t.Errorf("%s: created_by %q, want haifu", n, cb)
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
	got, err := ReadSummary(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(summarize(inputs), got, approx); d != "" {
		t.Errorf("ReadSummary (-in memory +read):\n%s", d)
	}
	// The hand-built part alone: the figures of wantSummary.
	sub := t.TempDir()
	writeTables(t, sub, nil, summaryInputs())
	got, err = ReadSummary(sub)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(wantSummary(), got, approx); d != "" {
		t.Errorf("ReadSummary of the hand-built set (-want +got):\n%s", d)
	}
}

// TestWriterRowGroups: every GamesPerRowGroup inputs the writer ends a row
// group in every table, whatever number of rows each input has; an input
// with more rows than maxRowGroupRows spans several groups; no group is
// empty, and the rows keep their order.
func TestWriterRowGroups(t *testing.T) {
	const n = GamesPerRowGroup
	tests := []struct {
		name                 string
		inputs, seats, hands int // inputs; seats and rounds rows per input
		games, narrow        []int64
	}{
		{"straddle", 2*n + 5, 3, 3, []int64{n, n, 5}, []int64{3 * n, 3 * n, 15}},
		{"exact", 2 * n, 4, 0, []int64{n, n}, []int64{4 * n, 4 * n}},
		{"fewer than a group", 7, 2, 2, []int64{7}, []int64{14}},
		{"one large input", 1, maxRowGroupRows + 100, 0, []int64{1}, []int64{maxRowGroupRows, 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			w, err := NewWriter(dir, map[string]string{"haifu.rules": "tenhou"})
			if err != nil {
				t.Fatal(err)
			}
			r := &GameRows{Seats: make([]SeatRow, tt.seats), Rounds: make([]RoundRow, tt.hands)}
			for i := range tt.inputs {
				r.Game = GameRow{GameID: "g", Path: "p", Hands: int32(i), Names: []string{"a", "b", "c"}}
				for k := range tt.seats {
					r.Seats[k] = SeatRow{GameID: "g", Hand: int32(i), Seat: int32(k)}
				}
				for k := range tt.hands {
					r.Rounds[k] = RoundRow{GameID: "g", Hand: int32(i), Number: int32(k)}
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
				rounds = nil
			}
			for _, f := range []struct {
				file  string
				sizes []int64
			}{
				{GamesFile, tt.games},
				{RoundsFile, rounds},
				{SeatsFile, tt.narrow},
				{DiscrepanciesFile, nil},
				{ErrorsFile, nil},
			} {
				pf := openParquet(t, filepath.Join(dir, f.file))
				var sizes []int64
				for _, rg := range pf.RowGroups() {
					sizes = append(sizes, rg.NumRows())
				}
				if !slices.Equal(sizes, f.sizes) || len(pf.Metadata().RowGroups) != len(f.sizes) {
					t.Errorf("%s: %d row groups of %v rows, want %v", f.file, len(pf.Metadata().RowGroups), sizes, f.sizes)
				}
				if v, ok := pf.Lookup("haifu.rules"); !ok || v != "tenhou" {
					t.Errorf("%s: haifu.rules = %q %v", f.file, v, ok)
				}
			}
			// The rows keep their order across row groups.
			seats := readTable[SeatRow](t, filepath.Join(dir, SeatsFile))
			if len(seats) != tt.inputs*tt.seats {
				t.Fatalf("%d seats rows, want %d", len(seats), tt.inputs*tt.seats)
			}
			for i, s := range seats {
				if s.Hand != int32(i/tt.seats) || s.Seat != int32(i%tt.seats) {
					t.Fatalf("seats row %d is hand %d seat %d, want %d %d", i, s.Hand, s.Seat, i/tt.seats, i%tt.seats)
				}
			}
			s, err := ReadSummary(dir)
			if err != nil {
				t.Fatal(err)
			}
			if s.Inputs != tt.inputs || s.All.Hands != tt.inputs*tt.hands {
				t.Errorf("ReadSummary: %d inputs, %d hands; want %d, %d", s.Inputs, s.All.Hands, tt.inputs, tt.inputs*tt.hands)
			}
		})
	}
}

// TestWriterAbort: an aborted writer leaves nothing behind, and does not
// touch tables of an earlier run under the final names.
func TestWriterAbort(t *testing.T) {
	for _, earlier := range []bool{false, true} {
		dir := t.TempDir()
		if earlier {
			for _, n := range tableFiles {
				if err := os.WriteFile(filepath.Join(dir, n), []byte("earlier "+n), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		w, err := NewWriter(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range summaryInputs() {
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
		if d := cmp.Diff(slices.Sorted(slices.Values(tableFiles)), names); d != "" {
			t.Errorf("after Abort (-want +got):\n%s", d)
		}
		for _, n := range tableFiles {
			b, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil || string(b) != "earlier "+n {
				t.Errorf("%s after Abort: %q, %v; want the earlier content", n, b, err)
			}
		}
	}
}

// TestWriterCloseFails: a table that cannot be moved into place (its final
// name is a directory) makes Close fail; its temporary file is removed,
// the other tables are complete.
func TestWriterCloseFails(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, RoundsFile)
	if err := os.MkdirAll(filepath.Join(blocker, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	inputs := summaryInputs()
	for _, r := range inputs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err == nil {
		t.Fatal("Close succeeded, want an error")
	}
	w.Abort() // harmless after Close
	if d := cmp.Diff(slices.Sorted(slices.Values(tableFiles)), dirNames(t, dir)); d != "" {
		t.Errorf("files after a failed Close (-want +got):\n%s", d)
	}
	if st, err := os.Stat(blocker); err != nil || !st.IsDir() {
		t.Errorf("%s: %v, %v; want the directory left alone", RoundsFile, st, err)
	}
	if got := readTable[GameRow](t, filepath.Join(dir, GamesFile)); len(got) != len(inputs) {
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
	if _, err := ReadSummary(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSummary of a missing dir: %v, want not exist", err)
	}
	dir := t.TempDir()
	writeTables(t, dir, nil, summaryInputs())
	bad := filepath.Join(dir, RoundsFile)
	if err := os.WriteFile(bad, []byte("not parquet at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSummary(dir); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("ReadSummary with a corrupt %s: %v, want an error naming it", RoundsFile, err)
	}
	if err := os.Remove(filepath.Join(dir, DiscrepanciesFile)); err != nil {
		t.Fatal(err)
	}
	writeTables(t, dir, nil, summaryInputs())
	if err := os.Remove(filepath.Join(dir, DiscrepanciesFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSummary(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSummary without %s: %v, want not exist", DiscrepanciesFile, err)
	}
}
