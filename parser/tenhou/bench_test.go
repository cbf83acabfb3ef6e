package tenhou

import (
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// BenchmarkDecodeCorpus decodes every mjlog of the corpus from memory; the
// figures are per pass over the corpus (see games/s and MB/s).
func BenchmarkDecodeCorpus(b *testing.B) {
	docs, size := corpus.ReadAll(b, "mjlog/*")
	var d Decoder
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
