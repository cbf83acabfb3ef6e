package wall_test

import (
	"testing"

	"github.com/haifu/haifu/wall"
)

// TestFastPathsCorpus holds the fast paths to the general ones on the
// corpus: every hand of every game with a Tenhou seed (and two hands past
// its end) gets the same rnd words and the same wall both ways, and every
// game the same Result.
func TestFastPathsCorpus(t *testing.T) {
	games := loadCorpus(t)
	hands := 0
	for _, cg := range games {
		g := cg.g
		seeds := []string{g.Meta.Seed}
		if g.Meta.Seed == "" {
			seeds = seeds[:0]
			for _, r := range g.Rounds {
				seeds = append(seeds, r.Shuffle)
			}
		}
		for _, text := range seeds {
			seed, err := wall.ParseSeed(text)
			if err != nil {
				continue
			}
			n := len(g.Rounds) + 2
			if seed.Form == wall.FormPerHand {
				n = 2
			}
			var fast, general wall.Generator
			if fast.Start(&seed, g.Meta.PlayerCount()) != nil || general.Start(&seed, g.Meta.PlayerCount()) != nil {
				continue
			}
			for h := range n {
				var wf, wg wall.Wall
				restore := wall.UseGeneral(false)
				fast.Next(&wf)
				wall.UseGeneral(true)
				general.Next(&wg)
				restore()
				if fast.Rnd() != general.Rnd() || wf != wg {
					t.Fatalf("%s: hand %d of seed %.40q: the fast paths give another wall", cg.file, h, text)
				}
				hands++
			}
		}
		var c wall.Checker
		restore := wall.UseGeneral(true)
		want := *c.Check(g, nil)
		want.Hands = append([]wall.HandResult(nil), want.Hands...)
		wall.UseGeneral(false)
		got := c.Check(g, nil)
		restore()
		if got.Checked != want.Checked || got.Mismatches != want.Mismatches || got.Skipped != want.Skipped || len(got.Hands) != len(want.Hands) {
			t.Fatalf("%s: the fast paths give %+v, the general ones %+v", cg.file, *got, want)
		}
		for i := range got.Hands {
			if got.Hands[i] != want.Hands[i] {
				t.Fatalf("%s: hand %d: the fast paths give %+v, the general ones %+v", cg.file, i, got.Hands[i], want.Hands[i])
			}
		}
	}
	t.Logf("%d hands generated both ways", hands)
}
