package adjudicator_test

import (
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
)

// BenchmarkJudgeAutoUndated judges the corpus mjlogs without their dates
// under --rules auto: most have several candidate rule eras, judged in one
// replay (decoding is done once, before the timer).
func BenchmarkJudgeAutoUndated(b *testing.B) {
	docs, _ := corpus.ReadAll(b, "mjlog/*")
	var games []*event.Game
	var d tenhou.Decoder
	for _, data := range docs {
		g := new(event.Game)
		if d.Decode(data, "", g) != nil && len(g.Rounds) == 0 {
			continue
		}
		g.Meta.ID = ""
		games = append(games, g)
	}
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			jr.JudgeAuto(g, &sel)
		}
	}
	b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
}
