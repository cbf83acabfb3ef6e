package batch

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/stats"
)

// FuzzProcess feeds arbitrary bytes through what a batch worker does with
// an input: detect the format, decode, replay and judge under the log's own
// rules and under WRC's, and fill the table rows; then, as haifu verify
// does, judge the events of a game that could be read only in part. None
// of it may panic, and a game read without error must have its rows.
func FuzzProcess(f *testing.F) {
	seeds, _ := filepath.Glob("../fixtures/*/*")
	for _, p := range seeds {
		if data, err := corpus.ReadFile(p); err == nil && len(data) < 256<<10 {
			f.Add(data)
		}
	}
	wrc, err := adjudicator.Load("wrc")
	if err != nil {
		f.Fatal(err)
	}
	own, other := newWorker(Options{}), newWorker(Options{Rules: wrc})
	var rows stats.GameRows
	sum := stats.NewSummary()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, w := range []*worker{own, other} {
			in := parser.Input{Path: "fuzz", Data: data}
			w.process(&in, &rows)
			sum.Add(&rows)
			if rows.Game.Error == nil && rows.Game.Hands != int32(len(rows.Rounds)) {
				t.Fatalf("game read without error has %d hands but %d rounds rows", rows.Game.Hands, len(rows.Rounds))
			}
			if rows.Game.Error != nil && len(w.g.Events) > 0 {
				if rules, err := w.sel.For(&w.g); err == nil {
					w.jr.Judge(&w.g, rules, true)
				}
				w.jr.Judge(&w.g, wrc, false)
			}
		}
	})
}

// process decodes, replays and judges one input and fills rows with it.
func (w *worker) process(in *parser.Input, rows *stats.GameRows) {
	r, _ := w.step(context.Background(), in) // never cancelled
	fillRows(r, rows)
}
