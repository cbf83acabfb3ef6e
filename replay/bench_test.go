package replay_test

import (
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/replay"
)

func loadMjlogs(b *testing.B) ([][]byte, int) { return corpus.ReadAll(b, "mjlog/*") }

// BenchmarkParseOnly decodes every corpus mjlog from memory.
func BenchmarkParseOnly(b *testing.B) {
	docs, size := loadMjlogs(b)
	var d tenhou.Decoder
	var g event.Game
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range docs {
			_ = d.Decode(data, "", &g)
		}
	}
	b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkParseReplay decodes and replays every corpus mjlog from memory.
func BenchmarkParseReplay(b *testing.B) {
	docs, size := loadMjlogs(b)
	var d tenhou.Decoder
	var g event.Game
	var r replay.Replayer
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range docs {
			_ = d.Decode(data, "", &g)
			r.Options = replay.OptionsFor(&g.Meta)
			r.Run(&g)
		}
	}
	b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkReplayOnly replays every corpus mjlog, decoded beforehand.
func BenchmarkReplayOnly(b *testing.B) {
	docs, _ := loadMjlogs(b)
	var d tenhou.Decoder
	games := make([]*event.Game, 0, len(docs))
	for _, data := range docs {
		g := new(event.Game)
		if d.Decode(data, "", g) == nil {
			games = append(games, g)
		}
	}
	var r replay.Replayer
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			r.Options = replay.OptionsFor(&g.Meta)
			r.Run(g)
		}
	}
	b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
}
