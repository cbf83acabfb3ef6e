package tenhou6

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// BenchmarkDecodeCorpus decodes every tenhou.net/6 file of the corpus from
// memory (the nonstandard ones fail fast); the figures are per pass over
// the corpus, with games/s and allocations.
func BenchmarkDecodeCorpus(b *testing.B) {
	docs, size := corpus.ReadAll(b, "tenhou6/*")
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

// BenchmarkScan measures the structure scan alone (document split, item
// offsets), which runs before fastjson parses each document.
func BenchmarkScan(b *testing.B) {
	docs, size := corpus.ReadAll(b, "tenhou6/*")
	var s scanner
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, data := range docs {
			s.reset(data)
			s.scanAll()
		}
	}
}

// BenchmarkDecodeGame decodes full games of each style: an official
// download (a 12-round hanchan), JSON lines (mjx, 15 rounds), a sanma game
// and a Mahjong Soul conversion.
func BenchmarkDecodeGame(b *testing.B) {
	dir := corpus.Dir(b)
	for _, name := range []string{
		"riichirs__2022013100gm-00a9-0000-af91b2de.json",
		"mjx__2010081709gm-00a9-0000-fe3371ad.json",
		"msanma__2026011616gm-00b9-0000-22f1857e.json",
		"pantheon__tensoul_hanchan_with_noname.json",
	} {
		data, err := corpus.ReadFile(filepath.Join(dir, "tenhou6", name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name[:strings.Index(name, "__")], func(b *testing.B) {
			var d Decoder
			var g event.Game
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := d.Decode(data, "", &g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkEncodeCorpus encodes every tenhou.net/6 game of the corpus the
// decoder reads (decoded beforehand): the encoder alone, per pass over the
// corpus, with games/s.
func BenchmarkEncodeCorpus(b *testing.B) {
	docs, _ := corpus.ReadAll(b, "tenhou6/*")
	var d Decoder
	var games []*event.Game
	for _, data := range docs {
		g := new(event.Game)
		if d.Decode(data, "", g) == nil {
			games = append(games, g)
		}
	}
	var e Encoder
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			_ = e.Encode(io.Discard, g)
		}
	}
	b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
}
