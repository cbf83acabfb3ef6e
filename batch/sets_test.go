package batch_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// setsSink keeps the summary, the rows of every input and the games rows.
type setsSink struct {
	sum   *stats.Summary
	games []stats.GameRow
	// judged[set] counts, from the rows, what the rules judged.
	rounds map[string][]stats.RoundRow
}

func (s *setsSink) Write(r *stats.InputRows) error {
	s.sum.AddInput(r)
	for i := range r.Sets {
		g := r.Sets[i]
		s.games = append(s.games, g.Game)
		s.rounds[g.Game.RuleSet] = append(s.rounds[g.Game.RuleSet], g.Rounds...)
	}
	return nil
}

// TestRuleSetsOnePass: several rule sets in one run give, rule set by rule
// set, the rows of a run under each alone; a rule set for another number
// of players does not apply (not judged, no rows, in none of its figures).
func TestRuleSetsOnePass(t *testing.T) {
	sets, err := adjudicator.ParseRuleSets("auto,wrc,majsoul-sanma")
	if err != nil {
		t.Fatal(err)
	}
	all := &setsSink{sum: stats.NewSummary(), rounds: map[string][]stats.RoundRow{}}
	if _, err := batch.RunSets(context.Background(), []string{"../fixtures/good"}, batch.Options{Jobs: 2, RuleSets: sets}, all); err != nil {
		t.Fatal(err)
	}
	all.sum.Finish()
	for i, rs := range sets {
		alone := &setsSink{sum: stats.NewSummary(), rounds: map[string][]stats.RoundRow{}}
		if _, err := batch.RunSets(context.Background(), []string{"../fixtures/good"}, batch.Options{Jobs: 1, RuleSets: sets[i : i+1]}, alone); err != nil {
			t.Fatal(err)
		}
		if len(alone.rounds[rs.Name]) != len(all.rounds[rs.Name]) {
			t.Errorf("%s: %d rounds rows alone, %d in one pass with others", rs.Name, len(alone.rounds[rs.Name]), len(all.rounds[rs.Name]))
		}
		for k := range alone.rounds[rs.Name] {
			if !reflect.DeepEqual(alone.rounds[rs.Name][k], all.rounds[rs.Name][k]) {
				t.Errorf("%s: rounds row %d differs alone and in one pass:\n%+v\n%+v", rs.Name, k, alone.rounds[rs.Name][k], all.rounds[rs.Name][k])
				break
			}
		}
	}
	na := map[string]int{}
	for _, g := range all.games {
		if g.Error != nil || g.Duplicate {
			continue
		}
		want := g.RuleSet == "auto" || g.RuleSet == "wrc" && g.Players == 4 || g.RuleSet == "majsoul-sanma" && g.Players == 3
		if g.Applicable != want {
			t.Errorf("%s under %s (%d players): applicable %v, want %v", g.Path, g.RuleSet, g.Players, g.Applicable, want)
		}
		if !g.Applicable {
			na[g.RuleSet]++
			if g.Rules != nil || g.DivergentFrom != nil {
				t.Errorf("%s under %s, not applicable: rules %v, divergent from %v", g.Path, g.RuleSet, *g.Rules, g.DivergentFrom)
			}
		}
	}
	for _, rs := range all.sum.RuleSets {
		n := 0
		for _, c := range rs.NotApplicable {
			n += c
		}
		if n != na[rs.Name] || rs.Name != "auto" && n == 0 {
			t.Errorf("%s: %d not applicable in the summary, %d in the rows", rs.Name, n, na[rs.Name])
		}
	}
	if all.sum.RuleSets[1].Players["3p"] != nil || all.sum.RuleSets[2].Players["4p"] != nil {
		t.Error("a rule set's figures count games of another number of players")
	}
}

// TestForeignFiguresJudgedOnly: under rules that are not the log's own, a
// game that diverges mid-way (an abortive draw WRC does not have) counts
// in the figures with its hands before the divergence only: the draws,
// the noten payments, the tenpai distribution and the hands are those of
// the judged hands, never the recorded values of hands past it.
func TestForeignFiguresJudgedOnly(t *testing.T) {
	sets, err := adjudicator.ParseRuleSets("wrc")
	if err != nil {
		t.Fatal(err)
	}
	sink := &setsSink{sum: stats.NewSummary(), rounds: map[string][]stats.RoundRow{}}
	if _, err := batch.RunSets(context.Background(), []string{"../fixtures/good"}, batch.Options{Jobs: 1, RuleSets: sets}, sink); err != nil {
		t.Fatal(err)
	}
	sink.sum.Finish()
	midway := 0
	for _, g := range sink.games {
		if g.DivergentFrom != nil && *g.DivergentFrom > 0 && *g.DivergentFrom < g.Hands {
			midway++
		}
	}
	if midway == 0 {
		t.Fatal("no game of the fixtures diverges mid-way under wrc: the test tests nothing")
	}
	// What the rows say of the judged hands, and of all hands.
	var judged, hands, draws, allDraws, noten int
	for _, r := range sink.rounds["wrc"] {
		hands++
		isDraw := r.Outcome == "exhaustive" || r.Outcome == "nagashi"
		if isDraw {
			allDraws++
		}
		if r.Judged != !r.Divergent {
			t.Errorf("%s hand %d: judged %v, divergent %v", r.Path, r.Hand, r.Judged, r.Divergent)
		}
		if !r.Judged {
			if r.NotenPaymentTotal != nil || r.Renchan != nil || r.PaymentsDiffer != nil {
				t.Errorf("%s hand %d past the divergence: judged-only columns are not null", r.Path, r.Hand)
			}
			continue
		}
		judged++
		if isDraw {
			draws++
		}
		if r.NotenPaymentTotal != nil {
			noten += int(*r.NotenPaymentTotal)
		}
	}
	c := sink.sum.RuleSets[0].All
	if c.Hands != hands || c.HandsJudged != judged || judged == hands {
		t.Errorf("hands %d judged %d; rows %d judged %d (some past a divergence)", c.Hands, c.HandsJudged, hands, judged)
	}
	if c.DrawRate.Count != draws || c.DrawRate.Of != judged {
		t.Errorf("draw rate %d of %d, want %d of %d (all hands would give %d of %d)", c.DrawRate.Count, c.DrawRate.Of, draws, judged, allDraws, hands)
	}
	if c.NotenTotal != int64(noten) {
		t.Errorf("noten payments %d, want %d (the judged hands')", c.NotenTotal, noten)
	}
	if c.Abortive["nine_terminals"].Count != 0 || c.Abortive["four_riichi"].Count != 0 || c.Nagashi.Count != 0 {
		t.Errorf("WRC takes no abortive draw and has no nagashi: %+v, nagashi %d", c.Abortive, c.Nagashi.Count)
	}
}

// TestRuleSetsDeterministic: -j 1 and -j 2 write byte-identical tables
// under several rule sets.
func TestRuleSetsDeterministic(t *testing.T) {
	sets, err := adjudicator.ParseRuleSets("auto,wrc,4p=mleague,3p=majsoul-sanma")
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"../fixtures"}
	if dir := corpus.Find(); dir != "" && !testing.Short() {
		paths = append(paths, filepath.Join(dir, "tenhou6"))
	}
	var dirs [2]string
	for k, jobs := range []int{1, 2} {
		dirs[k] = t.TempDir()
		w, err := tables.NewWriter(dirs[k], map[string]string{"haifu.rules": "auto,wrc"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := batch.RunSets(context.Background(), paths, batch.Options{Jobs: jobs, RuleSets: sets}, writerSink{w}); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for _, table := range []string{"games", "rounds", "seats", "wins", "discrepancies", "errors"} {
		a, _ := os.ReadFile(filepath.Join(dirs[0], table, "part-00000.parquet"))
		b, _ := os.ReadFile(filepath.Join(dirs[1], table, "part-00000.parquet"))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: -j 1 and -j 2 differ (%d and %d bytes)", table, len(a), len(b))
		}
	}
}

// writerSink writes the rows to the tables.
type writerSink struct{ w *tables.Writer }

func (s writerSink) Write(r *stats.InputRows) error { return s.w.WriteInput(r) }

// TestDistinctInputs: a path given twice or inside another is read once.
func TestDistinctInputs(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(sub, "a.xml")
	os.WriteFile(file, []byte("x"), 0o644)
	keep, overlaps := batch.DistinctInputs([]string{sub, dir, dir + "/", "-", file, "-"})
	if len(keep) != 3 || keep[0] != dir || keep[1] != "-" || keep[2] != "-" || len(overlaps) != 3 {
		t.Errorf("kept %q, overlaps %v; want the directory and standard input", keep, overlaps)
	}
	for _, o := range overlaps {
		if o.String() == "" {
			t.Error("an overlap says nothing")
		}
	}
}
