package batch_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
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

// countSink counts the results it is given.
type countSink struct{ n int }

func (s *countSink) Take(r *batch.Result, prev int) int { return 1 }
func (s *countSink) Write(n int) error                  { s.n += n; return nil }

// TestStopsInsideAGame: a run whose context is done stops inside the
// game being judged (one long game: 30,000 hands), with the context's
// error, long before the game would have been judged: a worker is not
// deaf to an interruption until its game ends.
func TestStopsInsideAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("judges a game of 30,000 hands")
	}
	data, err := os.ReadFile("../fixtures/good/mjlog/riichirs__2016022509gm-0009-0000-b327da61.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := bytes.Index(data, []byte("<INIT")), bytes.Index(data, []byte("</mjloggm>"))
	init := regexp.MustCompile(`(?s)<INIT.*?/>`).FindString(s)
	game := []byte(s[:i] + strings.Repeat(init+`<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>`, 30000) + s[j:])
	walk := func(fn func(parser.Input) error) error {
		return parser.WalkReader("long.mjlog", bytes.NewReader(game), parser.Options{}, fn)
	}
	run := func(ctx context.Context) (time.Duration, error) {
		start := time.Now()
		_, err := batch.EachInput[int](ctx, walk, batch.Options{Jobs: 1}, &countSink{})
		return time.Since(start), err
	}
	whole, err := run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// The decoding is not stopped: cancel once it is done (a tenth of the
	// whole, measured), in the judgement.
	d0 := time.Now()
	var g event.Game
	var dec parser.Decoder
	walk(func(in parser.Input) error { dec.Decode(&in, &g); return nil })
	decode := time.Since(d0)
	ctx, cancel := context.WithCancel(context.Background())
	after := decode + (whole-decode)/10
	time.AfterFunc(after, cancel)
	took, err := run(ctx)
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled after %v: error %v, want context.Canceled", after, err)
	}
	if took > after+(whole-after)/2 {
		t.Errorf("cancelled after %v, the run took %v of the %v of the whole", after, took, whole)
	}
	t.Logf("whole run %v (decoding %v), cancelled after %v, stopped after %v", whole, decode, after, took)
}
