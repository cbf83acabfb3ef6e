package convert

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
)

// corpusGames decodes every game of the corpus that reads completely.
func corpusGames(tb testing.TB) []*event.Game {
	tb.Helper()
	dir := corpus.Dir(tb)
	var roots []string
	for _, f := range parser.Formats() {
		roots = append(roots, filepath.Join(dir, f.String()))
	}
	var games []*event.Game
	var dec parser.Decoder
	err := parser.Walk(roots, parser.Options{}, func(in parser.Input) error {
		if in.Err != nil {
			return nil
		}
		g := new(event.Game)
		if dec.Decode(&in, g) == nil {
			games = append(games, g)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return games
}

// BenchmarkConvertCorpus converts every game of the corpus that reads
// completely to each target, from memory: the encoder, the decoder reading
// the output back and the comparison, as haifu convert runs them.
func BenchmarkConvertCorpus(b *testing.B) {
	games := corpusGames(b)
	for _, to := range targets {
		b.Run(to.String(), func(b *testing.B) {
			c, err := New(to, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range games {
					_, _ = c.Convert(g)
				}
			}
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkConvertStages times each stage of a conversion to mjai and to
// tenhou.net/6 over the corpus apart: encode, decode the output, compare.
func BenchmarkConvertStages(b *testing.B) {
	games := corpusGames(b)
	for _, to := range targets {
		enc, _ := parser.NewEncoder(to)
		dec, _ := parser.NewFormatDecoder(to)
		var outs [][]byte
		var ok []*event.Game
		for _, g := range games {
			var buf bytes.Buffer
			if enc.Encode(&buf, g) == nil {
				outs = append(outs, buf.Bytes())
				ok = append(ok, g)
			}
		}
		b.Run(to.String()+"/encode", func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range ok {
					buf.Reset()
					_ = enc.Encode(&buf, g)
				}
			}
		})
		b.Run(to.String()+"/decode", func(b *testing.B) {
			var g event.Game
			b.ReportAllocs()
			for b.Loop() {
				for i, data := range outs {
					_ = dec.Decode(data, ok[i].Meta.Path, &g)
				}
			}
		})
		backs := make([]event.Game, len(outs))
		for i, data := range outs {
			_ = dec.Decode(data, ok[i].Meta.Path, &backs[i])
		}
		b.Run(to.String()+"/compare", func(b *testing.B) {
			var c logdiff.Comparer
			b.ReportAllocs()
			for b.Loop() {
				for i, g := range ok {
					c.Compare(g, &backs[i], parser.Lacks(&backs[i]))
				}
			}
		})
	}
}
