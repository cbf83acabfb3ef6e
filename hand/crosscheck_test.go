package hand_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// checker compares the fast code with the reference on one hand at a time.
type checker struct {
	ref *refShanten
	// textbook asks for the regular shanten without the four-copy limit
	// too; textbookDiffers counts the hands where it is lower than the
	// exact one.
	textbook        bool
	textbookDiffers int
	textbookExample string
	// checked counts the hands compared: in all, of 3n+1 tiles (shanten
	// and waits), of 3n+2 tiles (shanten and completeness) and complete
	// ones (readings too).
	checked, withWaits, drawn, complete int
}

func newChecker() *checker { return &checker{ref: newRefShanten()} }

// check compares everything the fast code says about c, the concealed part
// of a hand with melds melds, with the reference. It returns a description
// of the first difference, or "".
func (ck *checker) check(c *tile.Counts, melds int) string {
	ck.checked++
	n := c.Total()
	closed := melds == 0
	want := ck.ref.regular(c, melds, false)
	if got := hand.RegularShanten(c, melds); got != want {
		return fmt.Sprintf("RegularShanten(%s, %d) = %d, reference %d", c, melds, got, want)
	}
	if !ck.textbook {
		// skip the comparison
	} else if tb := ck.ref.regular(c, melds, true); tb != want {
		if tb > want {
			return fmt.Sprintf("%s, %d melds: shanten without the four-copy limit %d > exact %d", c, melds, tb, want)
		}
		if ck.textbookDiffers == 0 {
			ck.textbookExample = fmt.Sprintf("%s with %d melds: %d without the limit, %d exact", c, melds, tb, want)
		}
		ck.textbookDiffers++
	}
	minimum := want
	if closed {
		sp, ko := refSevenPairs(c), refThirteenOrphans(c)
		if got := hand.SevenPairsShanten(c); got != sp {
			return fmt.Sprintf("SevenPairsShanten(%s) = %d, reference %d", c, got, sp)
		}
		if got := hand.ThirteenOrphansShanten(c); got != ko {
			return fmt.Sprintf("ThirteenOrphansShanten(%s) = %d, reference %d", c, got, ko)
		}
		minimum = min(minimum, sp, ko)
	}
	got := hand.Shanten(c, melds)
	if got != minimum {
		return fmt.Sprintf("Shanten(%s, %d) = %d, reference %d", c, melds, got, minimum)
	}
	switch n % 3 {
	case 1:
		ck.withWaits++
		w, rw := hand.Waits(c), refWaits(*c)
		if w != rw {
			return fmt.Sprintf("Waits(%s) = %q, reference %q", c, w, rw)
		}
		if (got == 0) != (w != 0) {
			return fmt.Sprintf("%s: shanten %d but waits %q", c, got, w)
		}
	case 2:
		ck.drawn++
		complete := refComplete(*c)
		if complete {
			ck.complete++
		}
		if hand.Complete(c) != complete {
			return fmt.Sprintf("Complete(%s) = %v, reference %v", c, !complete, complete)
		}
		if (got == -1) != complete {
			return fmt.Sprintf("%s: shanten %d but complete %v", c, got, complete)
		}
		if msg := checkDecompose(c, melds); msg != "" {
			return msg
		}
	}
	return ""
}

// checkDecompose compares Decompose with the reference readings and checks
// that every reading adds up to the hand.
func checkDecompose(c *tile.Counts, melds int) string {
	ds := hand.Decompose(c)
	var regular []string
	forms := map[hand.Form]int{}
	for _, d := range ds {
		forms[d.Form]++
		var sum tile.Counts
		switch d.Form {
		case hand.Regular:
			var words []string
			for _, s := range d.SetList() {
				words = append(words, s.String())
				for k := range tile.Kind(tile.NumKinds) {
					if s.Has(k) {
						sum[k] += map[hand.SetKind]uint8{hand.Run: 1, hand.Triplet: 3}[s.Kind]
					}
				}
			}
			slices.Sort(words)
			pair := tile.FormatTiles([]tile.Tile{tile.Of(d.Pair), tile.Of(d.Pair)})
			regular = append(regular, strings.Join(append(words, pair), " "))
			sum[d.Pair] += 2
		case hand.SevenPairs:
			for _, k := range d.Pairs {
				sum[k] += 2
			}
		case hand.ThirteenOrphans:
			for _, k := range yaochu {
				sum[k]++
			}
			sum[d.Pair]++
		}
		if sum != *c {
			return fmt.Sprintf("Decompose(%s): reading %v adds up to %s", c, d, &sum)
		}
	}
	slices.Sort(regular)
	if want := refDecompositions(*c, melds); !slices.Equal(regular, want) {
		return fmt.Sprintf("Decompose(%s): regular readings %q, reference %q", c, regular, want)
	}
	n := c.Total()
	if wantSP := n == 14 && refSevenPairs(c) == -1; (forms[hand.SevenPairs] == 1) != wantSP || forms[hand.SevenPairs] > 1 {
		return fmt.Sprintf("Decompose(%s): %d seven-pairs readings", c, forms[hand.SevenPairs])
	}
	if wantKO := n == 14 && refThirteenOrphans(c) == -1; (forms[hand.ThirteenOrphans] == 1) != wantKO || forms[hand.ThirteenOrphans] > 1 {
		return fmt.Sprintf("Decompose(%s): %d thirteen-orphans readings", c, forms[hand.ThirteenOrphans])
	}
	return ""
}

// TestOneSuitExhaustive checks every hand of one suit (chinitsu shapes,
// where waits are hardest) of 1–14 tiles, and every honour hand.
func TestOneSuitExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive check skipped in -short mode")
	}
	ck := newChecker()
	var h [9]uint8
	var walk func(i, left int, base tile.Kind, n int)
	failures := 0
	walk = func(i, left int, base tile.Kind, n int) {
		if i == n {
			total := 14 - left
			if total == 0 || total%3 == 0 || failures > 10 {
				return
			}
			var c tile.Counts
			for j := range n {
				c[base+tile.Kind(j)] = h[j]
			}
			melds := (14 - total) / 3
			if msg := ck.check(&c, melds); msg != "" {
				t.Error(msg)
				failures++
			}
			return
		}
		for v := 0; v <= 4 && v <= left; v++ {
			h[i] = uint8(v)
			walk(i+1, left-v, base, n)
		}
		h[i] = 0
	}
	walk(0, 14, tile.Sou1, 9)
	walk(0, 14, tile.East, 7)
	t.Logf("%d one-suit and honour hands cross-checked", ck.checked)
}

// TestRandomHands checks random hands of every size, drawn from a few kinds
// so that pairs, triplets and quads are common.
func TestRandomHands(t *testing.T) {
	ck := newChecker()
	ck.textbook = true
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for range n {
		var c tile.Counts
		size := 1 + rng.IntN(14)
		if size%3 == 0 {
			size++
		}
		// A pool of 4 to 34 kinds, each with its four copies.
		pool := rng.Perm(tile.NumKinds)[:4+rng.IntN(31)]
		var wall []tile.Kind
		for _, k := range pool {
			wall = append(wall, tile.Kind(k), tile.Kind(k), tile.Kind(k), tile.Kind(k))
		}
		rng.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
		for _, k := range wall[:min(size, len(wall))] {
			c[k]++
		}
		if msg := ck.check(&c, (14-c.Total())/3); msg != "" {
			t.Fatal(msg)
		}
	}
	t.Logf("%d random hands cross-checked; %d where the count without the four-copy limit is lower (e.g. %s)",
		ck.checked, ck.textbookDiffers, ck.textbookExample)
}
