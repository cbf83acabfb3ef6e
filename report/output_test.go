package report_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// The outputs the tests read are written once per run of the tests, into
// a folder TestMain removes.
var (
	tmpRoot string
	outputs sync.Map // key → *output
)

// output is an analyze output made once: its directory, or why not.
type output struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	var err error
	if tmpRoot, err = os.MkdirTemp("", "haifu-report-test-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(tmpRoot)
	os.Exit(code)
}

// tablesSink writes every input's rows to the tables, a game whose game_id
// was read before marked as a duplicate, as haifu analyze does.
type tablesSink struct {
	w    *tables.Writer
	dups stats.GameIDs
}

func (s *tablesSink) Write(r *stats.InputRows) error {
	if len(r.Sets) > 0 {
		if g := &r.Sets[0].Game; g.GameID != nil && g.GameIndex != nil && s.dups.Seen(*g.GameID) {
			r.MarkDuplicate()
		}
	}
	return s.w.WriteInput(r)
}

// analyze judges the games under paths under the rule sets rules, as
// haifu analyze --rules RULES -o DIR PATH... does, and returns DIR (made
// once per test run for the same name).
func analyze(tb testing.TB, name, rules string, paths ...string) string {
	tb.Helper()
	v, _ := outputs.LoadOrStore(name, &output{})
	o := v.(*output)
	o.once.Do(func() {
		o.dir = filepath.Join(tmpRoot, name)
		sets, err := adjudicator.ParseRuleSets(rules)
		if err != nil {
			o.err = err
			return
		}
		inputs, _ := json.Marshal(paths)
		w, err := tables.NewWriter(o.dir, map[string]string{tables.MetaRules: rules, tables.MetaVersion: "test", tables.MetaInputs: string(inputs)})
		if err != nil {
			o.err = err
			return
		}
		if _, err := batch.RunSets(context.Background(), paths, batch.Options{RuleSets: sets}, &tablesSink{w: w}); err != nil {
			w.Abort()
			o.err = err
			return
		}
		o.err = w.Close()
	})
	if o.err != nil {
		tb.Fatalf("analyze %v: %v", paths, o.err)
	}
	return o.dir
}

// corpusOutput is the output of the corpus under its own rules, WRC's and
// M-League's (skips the test when the corpus is absent).
func corpusOutput(tb testing.TB) string {
	tb.Helper()
	return analyze(tb, "corpus", "auto,wrc,mleague", corpus.Dir(tb))
}

// fixturesOutput is the output of the good fixtures under their own rules.
func fixturesOutput(tb testing.TB) string {
	tb.Helper()
	return analyze(tb, "fixtures", "auto", "../fixtures/good")
}

// write writes the hand-built rows to an output directory made once per
// test run for the name.
func write(tb testing.TB, name string, inputs func() []*stats.GameRows) string {
	tb.Helper()
	v, _ := outputs.LoadOrStore(name, &output{})
	o := v.(*output)
	o.once.Do(func() {
		o.dir = filepath.Join(tmpRoot, name)
		w, err := tables.NewWriter(o.dir, map[string]string{tables.MetaRules: "auto", tables.MetaVersion: "test", tables.MetaInputs: `["rows"]`})
		if err != nil {
			o.err = err
			return
		}
		for _, r := range inputs() {
			if err := w.Write(r); err != nil {
				w.Abort()
				o.err = err
				return
			}
		}
		o.err = w.Close()
	})
	if o.err != nil {
		tb.Fatalf("write %s: %v", name, o.err)
	}
	return o.dir
}

// rowsOutput is the output of internal/rowstest's hand-built data set.
func rowsOutput(tb testing.TB) string {
	return write(tb, "rows", rowstest.SummaryInputs)
}

// manyOutput is an output of 400 games of 400 lobbies, 100 years and 1,600
// players, with findings of 60 checks whose messages are long.
func manyOutput(tb testing.TB) string {
	return write(tb, "many", func() []*stats.GameRows {
		var checks []string
		for c := range 60 {
			checks = append(checks, fmt.Sprintf("check.number_%02d", c))
		}
		long := strings.Repeat("a long message, ", 200)
		var out []*stats.GameRows
		for i := range 400 {
			r := rowstest.Game(fmt.Sprintf("g%03d.xml", i), "tenhou", 4, "south", -1, []rowstest.Hand{
				rowstest.H("win", -1, 0, false), rowstest.H("exhaustive", 2, 3000, false), rowstest.H("win", -1, 0, false),
			}, checks[i%60], checks[(i+1)%60])
			lobby, year := fmt.Sprintf("lobby %03d", i), int32(1900+i%100)
			start := int64(year-1970) * 365 * 24 * 3600 * 1000
			r.Game.Lobby, r.Game.Year, r.Game.StartTime = &lobby, &year, &start
			for s := range r.Seats {
				name := fmt.Sprintf("player %d-%d", i, r.Seats[s].Seat)
				r.Seats[s].Name = &name
			}
			for d := range r.Discrepancies {
				r.Discrepancies[d].Message = long
				e, rec := long, long
				r.Discrepancies[d].Expected, r.Discrepancies[d].Recorded = &e, &rec
			}
			out = append(out, rowstest.Win(r, 0, "mangan", "riichi", "tanyao"))
		}
		return out
	})
}
