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

// reservedWords are the words a column must not be named, so that every
// query can name it bare: DuckDB's reserved keywords and those it reserves
// from column names (duckdb_keywords(), categories reserved and
// type_function), and SQL:2016's reserved words, which other engines
// (Spark, Trino, BigQuery) refuse as bare names.
var reservedWords = strings.Fields(`
all analyse analyze and any array as asc asymmetric both case cast check collate column
constraint create default deferrable desc describe distinct do else end except false fetch
for foreign from group having in initially intersect into lambda lateral leading limit not
null offset on only or order pivot pivot_longer pivot_wider placing primary qualify
references returning select show some summarize symmetric table then to trailing true union
unique unpivot using variadic when where window with
anti asof at authorization binary by collation columns concurrently cross freeze full
generated glob ilike inner is isnull join left like map natural notnull outer overlaps
positional right semi similar struct tablesample try_cast unpack verbose
abs acos allocate alter are asensitive asin atan atomic avg begin begin_frame
begin_partition between bigint blob boolean call called cardinality cascaded ceil ceiling
char char_length character character_length classifier clob close coalesce commit condition
connect convert copy corr corresponding cos cosh count covar_pop covar_samp cube cume_dist
current current_catalog current_date current_path current_role current_row current_schema
current_time current_timestamp current_user cursor cycle date day deallocate dec decfloat
decimal declare define delete dense_rank deref deterministic disconnect double drop dynamic
each element empty end_frame end_partition equals escape every exec execute exists exp
external extract filter first_value float floor frame_row free function fusion get global
grant groups hold hour identity import indicator initial inout insensitive insert int
integer interval json_array json_arrayagg json_exists json_object json_objectagg
json_query json_table json_value lag language large last_value lead like_regex listagg ln
local localtime localtimestamp log log10 lower match match_number match_recognize matches
max member merge method min minute mod modifies module month multiset national nchar nclob
new no none normalize nth_value ntile nullif numeric occurrences_regex octet_length of old
omit one open out over overlay parameter partition pattern per percent percent_rank
percentile_cont percentile_disc period portion position position_regex power precedes
precision prepare procedure ptf range rank reads real recursive ref referencing regr_avgx
regr_avgy regr_count regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy release
result return revoke rollback rollup row row_number rows running savepoint scope scroll
search second seek sensitive session_user set sin sinh skip smallint specific
specifictype sql sqlexception sqlstate sqlwarning sqrt start static stddev_pop stddev_samp
submultiset subset substring substring_regex succeeds sum system system_time system_user
tan tanh time timestamp timezone_hour timezone_minute translate translate_regex
translation treat trigger trim trim_array truncate uescape unknown unnest update upper
user value values value_of var_pop var_samp varbinary varchar varying versioning whenever
width_bucket within without year
index key`)

// TestColumnNamesNotReserved: no column is named by a reserved word, so no
// query needs to quote one (a user writing w.from or archive.member would
// get a syntax error).
func TestColumnNamesNotReserved(t *testing.T) {
	reserved := map[string]bool{}
	for _, w := range reservedWords {
		reserved[w] = true
	}
	for table, cols := range schemaColumns() {
		if reserved[table] {
			t.Errorf("table %s is named by a reserved word", table)
		}
		for _, c := range cols {
			if reserved[c.Name] {
				t.Errorf("%s.%s is named by a reserved word", table, c.Name)
			}
		}
	}
}
