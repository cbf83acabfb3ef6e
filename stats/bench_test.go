package stats_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/stats"
)

// BenchmarkBuild builds the rows of every good fixture, decoded and
// judged beforehand: what a worker of analyze does after judging a game.
func BenchmarkBuild(b *testing.B) {
	files, _ := filepath.Glob("../fixtures/good/*/*")
	type in struct {
		path string
		g    *event.Game
		rep  *adjudicator.Report
	}
	var ins []in
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var dec parser.Decoder
		g := new(event.Game)
		if dec.Decode(&parser.Input{Path: f, Data: data}, g) != nil {
			continue
		}
		var sel adjudicator.Selector
		rules, err := sel.For(g)
		if err != nil {
			continue
		}
		var jr adjudicator.Judger
		ins = append(ins, in{f, g, jr.Judge(g, rules, true)})
	}
	if len(ins) < 10 {
		b.Fatalf("only %d fixtures judged", len(ins))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, x := range ins {
			stats.Build(x.path, x.g, x.rep, nil)
		}
	}
}
