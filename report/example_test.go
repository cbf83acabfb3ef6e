package report_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/report"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// writerSink writes every input's rows to the tables.
type writerSink struct{ w *tables.Writer }

func (k writerSink) Write(r *stats.InputRows) error { return k.w.WriteInput(r) }

// Example judges the bundled good logs under their own rules and WRC's, as
// haifu analyze --rules auto,wrc does, writes their tables, and writes the
// report of the tables: one HTML page, its sections in this order.
func Example() {
	tmp, err := os.MkdirTemp("", "haifu-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "out")
	sets, err := adjudicator.ParseRuleSets("auto,wrc")
	if err != nil {
		fmt.Println(err)
		return
	}
	w, err := tables.NewWriter(out, map[string]string{tables.MetaRules: "auto,wrc"})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := batch.RunSets(context.Background(), []string{"../fixtures/good"}, batch.Options{RuleSets: sets}, writerSink{w}); err != nil {
		w.Abort()
		fmt.Println(err)
		return
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}

	r, err := report.Build([]string{out}, report.Options{By: []string{"year"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		fmt.Println(err)
		return
	}
	for _, rs := range r.By.RuleSets {
		fmt.Printf("%s: %v\n", rs.Name, rs.All.Games > 0)
	}
	for _, s := range report.Sections {
		fmt.Printf("%s: %v\n", s.ID, strings.Contains(page.String(), `<section id="`+s.ID+`">`))
	}
	// Output:
	// auto: true
	// wrc: true
	// read: true
	// draw-rate: true
	// draws: true
	// rule-sets: true
	// seats: true
	// wins: true
	// findings: true
	// errors: true
}
