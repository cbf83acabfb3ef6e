package tables

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/haifu/haifu/archive"
	"github.com/haifu/haifu/stats"
)

var update = flag.Bool("update", false, "rewrite the column rows of docs/schema.md from the row types")

// schemaDoc is the documentation of the tables' columns, checked against the
// row types here and against what DuckDB reads by scripts/duckdb-check.
const schemaDoc = "../docs/schema.md"

// docColumn is one row of a table of docs/schema.md.
type docColumn struct {
	Name, Type string
	Null       bool
	What       string
}

// schemaColumns returns the columns of each table as its row type gives
// them, with their types as DuckDB names them.
func schemaColumns() map[string][]docColumn {
	rows := map[string]any{
		GamesTable: stats.GameRow{}, RoundsTable: stats.RoundRow{}, SeatsTable: stats.SeatRow{}, WinsTable: stats.WinRow{},
		DiscrepanciesTable: stats.DiscrepancyRow{}, ErrorsTable: stats.ErrorRow{}, ArchiveTable: archive.Row{},
	}
	out := map[string][]docColumn{}
	for name, row := range rows {
		for _, f := range parquet.SchemaOf(row).Fields() {
			out[name] = append(out[name], docColumn{Name: f.Name(), Type: duckType(f), Null: f.Optional()})
		}
	}
	return out
}

// duckType names a column's type as DuckDB's DESCRIBE does.
func duckType(f parquet.Field) string {
	var logical any
	if lt := f.Type().LogicalType(); lt != nil {
		logical = lt.Value
	}
	if !f.Leaf() {
		if _, ok := logical.(*format.ListType); ok {
			return duckType(f.Fields()[0].Fields()[0]) + "[]"
		}
		return "STRUCT"
	}
	switch lt := logical.(type) {
	case *format.StringType:
		return "VARCHAR"
	case *format.TimestampType:
		if lt.IsAdjustedToUTC {
			return "TIMESTAMP WITH TIME ZONE"
		}
		return "TIMESTAMP"
	}
	switch f.Type().Kind() {
	case parquet.Boolean:
		return "BOOLEAN"
	case parquet.Int32:
		return "INTEGER"
	case parquet.Int64:
		return "BIGINT"
	case parquet.Double:
		return "DOUBLE"
	}
	return f.Type().String()
}

// readSchemaDoc returns the file's lines and the columns of each table
// section ("## `name`" followed by a table of | column | type | null | what |).
func readSchemaDoc(t *testing.T) ([]string, map[string][]docColumn) {
	f, err := os.Open(schemaDoc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	docs := map[string][]docColumn{}
	table := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		lines = append(lines, line)
		if name, ok := strings.CutPrefix(line, "## `"); ok {
			table = strings.TrimSuffix(name, "`")
			continue
		}
		if table == "" || !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 4 {
			t.Fatalf("%s: %q: want | column | type | null | what |", schemaDoc, line)
		}
		docs[table] = append(docs[table], docColumn{Name: strings.Trim(strings.TrimSpace(cells[0]), "`"), Type: strings.TrimSpace(cells[1]),
			Null: strings.TrimSpace(cells[2]) == "yes", What: strings.TrimSpace(cells[3])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines, docs
}

// TestDocsSchema holds docs/schema.md to the tables: every column of every
// table, in order, with its type and whether it can be null, and a
// description. With -update, the column rows are rewritten from the row
// types, keeping the descriptions (a new column gets none, and the test
// fails until it has one).
func TestDocsSchema(t *testing.T) {
	lines, docs := readSchemaDoc(t)
	want := schemaColumns()
	if *update {
		var out []string
		table := ""
		for _, line := range lines {
			if name, ok := strings.CutPrefix(line, "## `"); ok {
				table = strings.TrimSuffix(name, "`")
			}
			if table != "" && strings.HasPrefix(line, "| `") {
				continue // the column rows, written again at the table's head
			}
			out = append(out, line)
			if table != "" && line == "|---|---|---|---|" {
				what := map[string]string{}
				for _, c := range docs[table] {
					what[c.Name] = c.What
				}
				for _, c := range want[table] {
					null := "no"
					if c.Null {
						null = "yes"
					}
					out = append(out, fmt.Sprintf("| `%s` | %s | %s | %s |", c.Name, c.Type, null, what[c.Name]))
				}
			}
		}
		if err := os.WriteFile(schemaDoc, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, docs = readSchemaDoc(t)
	}
	for table, cols := range want {
		got := docs[table]
		strip := func(cs []docColumn) []docColumn {
			out := make([]docColumn, len(cs))
			for i, c := range cs {
				out[i] = docColumn{Name: c.Name, Type: c.Type, Null: c.Null}
			}
			return out
		}
		if d := cmp.Diff(cols, strip(got)); d != "" {
			t.Errorf("%s: table %s (-row type +doc); go test ./tables -run DocsSchema -update rewrites it:\n%s", filepath.Base(schemaDoc), table, d)
		}
		for _, c := range got {
			if c.What == "" {
				t.Errorf("%s: %s.%s has no description", filepath.Base(schemaDoc), table, c.Name)
			}
		}
	}
	for table := range docs {
		if want[table] == nil {
			t.Errorf("%s documents a table %s that haifu does not write", filepath.Base(schemaDoc), table)
		}
	}
}
