package wall_test

import (
	"testing"

	"github.com/haifu/haifu/wall"
)

// Fixtures of the repository, one per seed form.
const (
	fixtureBase64 = "../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"
	fixtureSanma  = "../fixtures/good/mjlog/msanma__2026011617gm-00b9-0000-4033cf97.xml"
	fixtureKan    = "../fixtures/good/mjlog/dnov__chip.xml_.xml" // a kan dora
	fixtureHex    = "../fixtures/bad/mjlog/rmss__pao.json"
	fixtureHand   = "../fixtures/good/mjlog/waxmango__2009030817gm-00e1-0000-890a2fc2.txt"
)

// TestAllocs holds the generator and the checker to no allocation per hand:
// none at all once the Checker's memory has grown.
func TestAllocs(t *testing.T) {
	for _, f := range []string{fixtureBase64, fixtureSanma, fixtureHex, fixtureHand} {
		g := decode(t, f)
		var c wall.Checker
		c.Check(g, nil)
		if n := testing.AllocsPerRun(20, func() { c.Check(g, nil) }); n != 0 {
			t.Errorf("%s: Check allocates %v times per game", f, n)
		}
		if g.Meta.Seed == "" {
			continue
		}
		seed, err := wall.ParseSeed(g.Meta.Seed)
		if err != nil {
			t.Fatal(err)
		}
		var gen wall.Generator
		var w wall.Wall
		if err := gen.Start(&seed, g.Meta.PlayerCount()); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { gen.Next(&w) }); n != 0 {
			t.Errorf("%s: Next allocates %v times per hand", f, n)
		}
	}
}

// BenchmarkGenerate measures the generation of one hand's wall for each
// seed form.
func BenchmarkGenerate(b *testing.B) {
	for _, bc := range []struct {
		name, file string
	}{{"base64-4p", fixtureBase64}, {"base64-3p", fixtureSanma}, {"hex-4p", fixtureHex}, {"per-hand-4p", fixtureHand}} {
		b.Run(bc.name, func(b *testing.B) {
			g := decode(b, bc.file)
			text := g.Meta.Seed
			if text == "" {
				text = g.Rounds[0].Shuffle
			}
			seed, err := wall.ParseSeed(text)
			if err != nil {
				b.Fatal(err)
			}
			var gen wall.Generator
			var w wall.Wall
			if err := gen.Start(&seed, g.Meta.PlayerCount()); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				gen.Next(&w)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// BenchmarkCheckCorpus checks every decoded mjlog game of the corpus (the
// decoding is not timed) and reports games/s and ns per hand.
func BenchmarkCheckCorpus(b *testing.B) {
	games := loadCorpus(b)
	hands := 0
	for _, cg := range games {
		hands += len(cg.g.Rounds)
	}
	var c wall.Checker
	b.ReportAllocs()
	for b.Loop() {
		for _, cg := range games {
			c.Check(cg.g, nil)
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*len(games))/s, "games/s")
	b.ReportMetric(s*1e9/float64(b.N*hands), "ns/hand")
	b.ReportMetric(float64(hands), "hands")
}

// BenchmarkGenerateCorpus generates the wall of every hand of the decoded
// corpus mjlogs that has a seed, and compares nothing: the floor under
// BenchmarkCheckCorpus. game-seeds reads each game's seed, starts its
// generator and builds the wall of every hand; per-hand-seeds reads each
// hand's seed and starts a generator for it (one at a time: the Checker
// starts sixteen at once with AVX-512). It reports ns per wall built.
func BenchmarkGenerateCorpus(b *testing.B) {
	games := loadCorpus(b)
	for _, perHand := range []bool{false, true} {
		name := "game-seeds"
		if perHand {
			name = "per-hand-seeds"
		}
		b.Run(name, func(b *testing.B) {
			var gen wall.Generator
			var w wall.Wall
			var seed wall.Seed
			walls := 0
			b.ReportAllocs()
			for b.Loop() {
				walls = 0
				for _, cg := range games {
					g := cg.g
					players := g.Meta.PlayerCount()
					switch {
					case g.Meta.Seed != "" && !perHand:
						if seed.Parse(g.Meta.Seed) != nil || gen.Start(&seed, players) != nil {
							continue
						}
						for range g.Rounds {
							gen.Next(&w)
							walls++
						}
					case g.Meta.Seed == "" && perHand:
						for i := range g.Rounds {
							if seed.Parse(g.Rounds[i].Shuffle) != nil || gen.Start(&seed, players) != nil {
								continue
							}
							gen.Next(&w)
							walls++
						}
					}
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*walls), "ns/wall")
			b.ReportMetric(float64(walls), "walls")
			b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/corpus")
		})
	}
}
