package scoring_test

import (
	"testing"

	"github.com/haifu/haifu/scoring"
)

// BenchmarkCorpus scores every recorded win of the corpus, its inputs
// built beforehand: the scorer alone. It reports wins/s (one core).
func BenchmarkCorpus(b *testing.B) {
	type win struct {
		rules scoring.Rules
		in    scoring.Input
	}
	var wins []win
	forEachWin(b, func(w *corpusWin) { wins = append(wins, win{w.rules, w.in}) })
	var s scoring.Scorer
	b.ReportAllocs()
	for b.Loop() {
		for i := range wins {
			s.Rules = wins[i].rules
			if _, err := s.Score(&wins[i].in); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(wins)*b.N)/b.Elapsed().Seconds(), "wins/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(len(wins)*b.N), "ns/win")
}
