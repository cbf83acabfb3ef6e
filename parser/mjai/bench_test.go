package mjai

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// BenchmarkDecodeCorpus decodes every mjai file of the corpus from memory
// (the files rejected on purpose included: they stop early) and reports
// games/s and MB/s.
func BenchmarkDecodeCorpus(b *testing.B) {
	inputs, size := corpus.ReadAll(b, "mjai/*")
	var d Decoder
	var g event.Game
	b.SetBytes(int64(size))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, data := range inputs {
			_ = d.Decode(data, "bench", &g)
		}
		n++
	}
	b.ReportMetric(float64(n*len(inputs))/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkDecodeSimulator decodes the JSON-lines simulator logs only
// (Mortal, RiichiEnv, ManueGo, akochan riichi): the common batch case.
func BenchmarkDecodeSimulator(b *testing.B) {
	dir := corpus.Dir(b)
	var inputs [][]byte
	size := 0
	for _, name := range []string{
		"riichienv__126_204_0_mjai.jsonl", "riichienv__example_before_injection.jsonl",
		"mortal__index.example.html.mjson", "akochan__haifu_log_sample.json",
		"msanma__sample-nuki.mjson",
	} {
		data, err := os.ReadFile(filepath.Join(dir, "mjai", name))
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, data)
		size += len(data)
	}
	var d Decoder
	var g event.Game
	b.SetBytes(int64(size))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, data := range inputs {
			if err := d.Decode(data, "bench", &g); err != nil {
				b.Fatal(err)
			}
		}
		n++
	}
	b.ReportMetric(float64(n*len(inputs))/b.Elapsed().Seconds(), "games/s")
}
