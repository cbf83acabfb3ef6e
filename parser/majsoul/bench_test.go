package majsoul

import (
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// BenchmarkDecodeCorpus decodes every Mahjong Soul record of the corpus
// from memory; the figures are per pass over the corpus folder (see
// games/s and MB/s).
func BenchmarkDecodeCorpus(b *testing.B) {
	benchmarkDecode(b, corpus.Files(b, "majsoul/*"))
}

// BenchmarkDecodeFile decodes each corpus file on its own.
func BenchmarkDecodeFile(b *testing.B) {
	for _, f := range corpus.Files(b, "majsoul/*") {
		b.Run(filepath.Base(f), func(b *testing.B) { benchmarkDecode(b, []string{f}) })
	}
}

func benchmarkDecode(b *testing.B, files []string) {
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
	if len(docs) == 0 {
		b.Skip("no Mahjong Soul records in the corpus")
	}
	var d Decoder
	var g event.Game
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range docs {
			if err := d.Decode(data, "", &g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "games/s")
}
