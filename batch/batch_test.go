package batch_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// memSink keeps the summary and the paths in the order received.
type memSink struct {
	sum   *stats.Summary
	paths []string
}

func (s *memSink) Write(r *stats.GameRows) error {
	s.sum.Add(r)
	s.paths = append(s.paths, r.Game.Path)
	return nil
}

// writeTables runs a batch over paths with jobs workers into dir.
func writeTables(t *testing.T, dir string, jobs int, paths ...string) batch.Counts {
	t.Helper()
	w, err := tables.NewWriter(dir, map[string]string{"haifu.rules": "auto"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := batch.Run(context.Background(), paths, batch.Options{Jobs: jobs}, w)
	if err != nil {
		w.Abort()
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestDeterministic: -j 1 and -j 2 give byte-identical Parquet files.
func TestDeterministic(t *testing.T) {
	paths := []string{"../fixtures"}
	if dir := corpus.Find(); dir != "" {
		paths = append(paths, filepath.Join(dir, "mjlog"))
	}
	a, b := t.TempDir(), t.TempDir()
	ca := writeTables(t, a, 1, paths...)
	cb := writeTables(t, b, 2, paths...)
	if ca != cb {
		t.Errorf("counts differ: -j 1 %+v, -j 2 %+v", ca, cb)
	}
	if ca.Inputs != ca.Judged+ca.Failed || ca.Inputs < 40 {
		t.Errorf("counts %+v do not add up", ca)
	}
	// The two output directories hold the same files, byte for byte (every
	// part of every table), and nothing else.
	fa, fb := outputFiles(t, a), outputFiles(t, b)
	if len(fa) < len(outputTables) {
		t.Errorf("%d files with -j 1, want a part of each of the %d tables at least", len(fa), len(outputTables))
	}
	for name, x := range fa {
		y, ok := fb[name]
		switch {
		case !ok:
			t.Errorf("%s: written with -j 1, not with -j 2", name)
		case !bytes.Equal(x, y):
			t.Errorf("%s differs between -j 1 and -j 2 (%d and %d bytes)", name, len(x), len(y))
		}
	}
	for name := range fb {
		if _, ok := fa[name]; !ok {
			t.Errorf("%s: written with -j 2, not with -j 1", name)
		}
	}
	// No temporary file is left: the output directory holds the tables.
	ents, _ := os.ReadDir(a)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if d := cmp.Diff(slices.Sorted(slices.Values(outputTables)), names); d != "" {
		t.Errorf("the output directory holds (-want +got):\n%s", d)
	}
}

// outputTables are the tables of an output directory.
var outputTables = []string{tables.GamesTable, tables.RoundsTable, tables.SeatsTable, tables.WinsTable, tables.DiscrepanciesTable, tables.ErrorsTable}

// outputFiles returns the contents of the files under dir, by path
// relative to dir.
func outputFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShards: the shards of a run together hold every input once, and in
// the same order as the whole run.
func TestShards(t *testing.T) {
	var whole memSink
	whole.sum = stats.NewSummary()
	if _, err := batch.Run(context.Background(), []string{"../fixtures"}, batch.Options{Jobs: 2}, &whole); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	total := 0
	for k := range 3 {
		var part memSink
		part.sum = stats.NewSummary()
		c, err := batch.Run(context.Background(), []string{"../fixtures"}, batch.Options{Jobs: 2, Shard: k, Shards: 3}, &part)
		if err != nil {
			t.Fatal(err)
		}
		total += c.Inputs
		for i, p := range part.paths {
			seen[p]++
			if want := whole.paths[k+3*i]; p != want {
				t.Errorf("shard %d input %d is %s, want %s", k, i, p, want)
			}
		}
	}
	if total != len(whole.paths) || len(seen) != len(whole.paths) {
		t.Errorf("shards hold %d inputs (%d distinct), the whole run %d", total, len(seen), len(whole.paths))
	}
}

// TestCorpusOutcomes checks the outcome counts of a whole-corpus run
// against a count made without haifu's parser: a plain scan of each mjlog's
// INIT, AGARI and RYUUKYOKU tags.
func TestCorpusOutcomes(t *testing.T) {
	dir := corpus.Dir(t)
	mjlogDir := filepath.Join(dir, "mjlog")
	var sink memSink
	sink.sum = stats.NewSummary()
	c, err := batch.Run(context.Background(), []string{mjlogDir}, batch.Options{}, &sink)
	if err != nil {
		t.Fatal(err)
	}
	sink.sum.Finish()
	judged := map[string]bool{}
	for _, p := range sink.paths {
		judged[p] = true
	}
	// The independent count, over the inputs haifu judged (it fails only
	// the truncated logs, which are counted apart).
	want := map[string]int{}
	hands := 0
	failed := map[string]bool{}
	elem := regexp.MustCompile(`<(INIT|AGARI|RYUUKYOKU)\b[^>]*>`)
	typ := regexp.MustCompile(`\btype="([a-z0-9]+)"`)
	prompt := regexp.MustCompile(`\n[^\x00-\x7F][^:]*: `)
	files, _ := filepath.Glob(filepath.Join(mjlogDir, "*"))
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("owari=")) {
			failed[f] = true // no game end: haifu reports it as truncated
			continue
		}
		// Console prompts written into two files split tags; remove them
		// the simple way (they are the only non-ASCII bytes there).
		data = prompt.ReplaceAll(data, nil)
		var outcome string
		flush := func() {
			if outcome != "" {
				want[outcome]++
			}
		}
		for _, m := range elem.FindAll(data, -1) {
			switch {
			case bytes.HasPrefix(m, []byte("<INIT")):
				flush()
				hands++
				outcome = "incomplete"
			case bytes.HasPrefix(m, []byte("<AGARI")):
				outcome = "win"
			default:
				t := typ.FindSubmatch(m)
				switch {
				case t == nil && !bytes.Contains(m, []byte(" sc=")):
					outcome = "incomplete" // the server stopped the game
				case t == nil:
					outcome = "exhaustive"
				default:
					outcome = map[string]string{"yao9": "nine_terminals", "kaze4": "four_winds", "reach4": "four_riichi",
						"kan4": "four_kans", "ron3": "triple_ron", "nm": "nagashi"}[string(t[1])]
				}
			}
		}
		flush()
	}
	all := sink.sum.RuleSets[0].All
	got := all.Outcomes
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("outcomes (-scan +haifu):\n%s", d)
	}
	if all.Hands != hands || all.HandsJudged != hands {
		t.Errorf("hands: scan %d, haifu %d (%d judged)", hands, all.Hands, all.HandsJudged)
	}
	rate := float64(want["exhaustive"]+want["nagashi"]) / float64(hands)
	if d := rate - all.DrawRate.Rate; d > 1e-12 || d < -1e-12 {
		t.Errorf("exhaustive-draw rate: scan %.6f, haifu %.6f", rate, all.DrawRate.Rate)
	}
	if c.Failed != len(failed) {
		t.Errorf("failed inputs: haifu %d, scan finds %d logs without owari", c.Failed, len(failed))
	}
	t.Logf("%d games, %d hands: %v, exhaustive-draw rate %.4f", c.Judged, hands, want, rate)
}
