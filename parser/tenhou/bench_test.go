package tenhou

import (
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// BenchmarkDecodeCorpus decodes every mjlog of the corpus from memory; the
// figures are per pass over the corpus (see games/s and MB/s).
func BenchmarkDecodeCorpus(b *testing.B) {
	dir := corpus.Dir(b)
	files, _ := filepath.Glob(filepath.Join(dir, "mjlog", "*"))
	var docs [][]byte
	size := 0
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
		size += len(data)
	}
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
