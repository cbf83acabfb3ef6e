package batch_test

import (
	"context"
	"fmt"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/stats"
)

// summarySink counts every input's rows into a summary.
type summarySink struct{ s *stats.Summary }

func (k summarySink) Write(r *stats.InputRows) error {
	k.s.AddInput(r)
	return nil
}

// ExampleRunSets judges the bundled Tenhou logs under their own rules and
// WRC's in one pass, and prints each rule set's exhaustive-draw rate over
// the hands it judged, with its 95% interval. WRC does not apply to the
// sanma games.
func ExampleRunSets() {
	sets, err := adjudicator.ParseRuleSets("auto,wrc")
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := stats.NewSummary()
	if _, err := batch.RunSets(context.Background(), []string{"../fixtures/good/mjlog"}, batch.Options{RuleSets: sets}, summarySink{sum}); err != nil {
		fmt.Println(err)
		return
	}
	sum.Finish()
	for _, rs := range sum.RuleSets {
		c := rs.All
		fmt.Printf("%s: %d games, not applicable %v; %d of %d hands judged; draw rate %.3f [%.3f, %.3f]\n",
			rs.Name, c.Games, rs.NotApplicable, c.HandsJudged, c.Hands, c.DrawRate.Rate, c.DrawRate.Low, c.DrawRate.High)
	}
	// Output:
	// auto: 20 games, not applicable map[]; 131 of 131 hands judged; draw rate 0.160 [0.107, 0.233]
	// wrc: 16 games, not applicable map[3p:4]; 82 of 107 hands judged; draw rate 0.183 [0.114, 0.280]
}

// ExampleDistinctInputs drops the paths another path of a run covers.
func ExampleDistinctInputs() {
	keep, overlaps := batch.DistinctInputs([]string{"../fixtures/good", "../fixtures/good/mjlog", "../fixtures/good/"})
	fmt.Println(keep)
	for _, o := range overlaps {
		fmt.Println(o)
	}
	// Output:
	// [../fixtures/good]
	// ../fixtures/good/mjlog is inside ../fixtures/good: read once, as part of it
	// ../fixtures/good/ is ../fixtures/good given again: read once
}
