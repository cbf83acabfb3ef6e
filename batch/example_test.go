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
	// auto: 21 games, not applicable map[]; 142 of 142 hands judged; draw rate 0.155 [0.105, 0.223]
	// wrc: 17 games, not applicable map[3p:4]; 88 of 118 hands judged; draw rate 0.182 [0.115, 0.275]
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
