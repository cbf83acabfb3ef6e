package wall_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/wall"
)

// TestFastPathsCorpus holds the fast paths to the general ones on the
// corpus: every hand of every game with a Tenhou seed (and two hands past
// its end) gets the same rnd words and the same wall both ways, and every
// game the same Result; with the AVX-512 paths and with the pure-Go ones.
func TestFastPathsCorpus(t *testing.T) {
	for _, im := range []wall.Impl{wall.ImplFast(), wall.ImplPureGo()} {
		testFastPathsCorpus(t, im)
	}
}

func testFastPathsCorpus(t *testing.T, im wall.Impl) {
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
			fast.SetImpl(im)
			general.SetImpl(wall.ImplGeneral())
			if fast.Start(&seed, g.Meta.PlayerCount()) != nil || general.Start(&seed, g.Meta.PlayerCount()) != nil {
				continue
			}
			for h := range n {
				var wf, wg wall.Wall
				fast.Next(&wf)
				general.Next(&wg)
				if fast.Rnd() != general.Rnd() || wf != wg {
					t.Fatalf("%s: hand %d of seed %.40q: the fast paths give another wall", cg.file, h, text)
				}
				hands++
			}
		}
		var c wall.Checker
		c.SetImpl(wall.ImplGeneral())
		want := *c.Check(g, nil)
		want.Hands = append([]wall.HandResult(nil), want.Hands...)
		c.SetImpl(im)
		got := c.Check(g, nil)
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

// TestFastPathsPerHand holds the batched per-hand generators to the
// general path on a per-hand game whose seeds are changed: keys of 32
// words among keys of 8, seeds that cannot be read, an empty one, a game
// seed's form, more hands than a batch, hands in another order, and both
// player counts. Results and mismatches must be the same both ways.
func TestFastPathsPerHand(t *testing.T) {
	base := decode(t, fixtureHand)
	long := "mt19937ar," + hexWords(32)
	// extend repeats the hands up to 40: more than two batches.
	extend := func(g *event.Game) {
		rs, es := g.Rounds, g.Events
		for len(g.Rounds) < 40 {
			off := int32(len(g.Rounds))
			g.Rounds = append(g.Rounds, rs...)
			for _, e := range es {
				if e.Type == event.RoundStart {
					e.Ref += off
				}
				g.Events = append(g.Events, e)
			}
		}
	}
	variants := []func(g *event.Game){
		func(g *event.Game) {},
		extend,
		func(g *event.Game) {
			extend(g)
			for i := range g.Rounds {
				if i%3 == 1 {
					g.Rounds[i].Shuffle = long
				}
			}
		},
		func(g *event.Game) {
			extend(g)
			g.Rounds[0].Shuffle = "mt19937ar,1,2"
			g.Rounds[2].Shuffle = ""
			g.Rounds[3].Shuffle = "mt19937ar-sha512-n288," + hexWords(32)
			g.Rounds[4].Shuffle = g.Rounds[5].Shuffle
			g.Rounds[20].Shuffle = "x"
		},
		func(g *event.Game) {
			// The RoundStart events point to the hands backwards.
			extend(g)
			n := int32(len(g.Rounds))
			for i := range g.Events {
				if e := &g.Events[i]; e.Type == event.RoundStart {
					e.Ref = n - 1 - e.Ref
				}
			}
		},
		func(g *event.Game) { extend(g); g.Meta.Players = 3 },
		func(g *event.Game) { g.Meta.Players = 5 },
	}
	for v, change := range append(variants, variants...) {
		g := clone(base)
		change(g)
		want, wantMs := checkGameWith(g, wall.ImplGeneral())
		// The second time with the pure-Go fast paths.
		im := wall.ImplFast()
		if v >= len(variants) {
			im = wall.ImplPureGo()
		}
		got, gotMs := checkGameWith(g, im)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("variant %d: Result (-general +fast):\n%s", v, d)
		}
		if d := cmp.Diff(wantMs, gotMs); d != "" {
			t.Errorf("variant %d: mismatches (-general +fast):\n%s", v, d)
		}
		if v == 0 && (want.Checked == 0 || want.Mismatches != 0) {
			t.Errorf("the fixture: %d hands checked, %d mismatches", want.Checked, want.Mismatches)
		}
	}
}
