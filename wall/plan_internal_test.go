package wall

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// TestEventLayout holds planDrawsVBMI's reading of events to event.Event
// (32 bytes, the type at byte 0, the flags at 3, the tile id at 5, and the
// type and flag values it knows) and its writing to planDrawBuf.
func TestEventLayout(t *testing.T) {
	var e event.Event
	if unsafe.Sizeof(e) != 32 || unsafe.Offsetof(e.Type) != 0 || unsafe.Offsetof(e.Flags) != 3 || unsafe.Offsetof(e.ID) != 5 {
		t.Errorf("event.Event: size %d, Type at %d, Flags at %d, ID at %d", unsafe.Sizeof(e), unsafe.Offsetof(e.Type), unsafe.Offsetof(e.Flags), unsafe.Offsetof(e.ID))
	}
	if event.RoundStart != 2 || event.Draw != 3 || event.Dora != 11 || event.Win != 12 || event.Ryuukyoku != 13 || event.Replacement != 4 {
		t.Errorf("event types or flags renumbered")
	}
	var d planDrawBuf
	if unsafe.Offsetof(d.liveIDs) != 0 || unsafe.Offsetof(d.replIDs) != 128 || unsafe.Offsetof(d.liveAt) != 144 || unsafe.Offsetof(d.recs) != 160 {
		t.Errorf("planDrawBuf: liveIDs at %d, replIDs at %d, liveAt at %d, recs at %d", unsafe.Offsetof(d.liveIDs), unsafe.Offsetof(d.replIDs), unsafe.Offsetof(d.liveAt), unsafe.Offsetof(d.recs))
	}
}

// randomEvents returns n events of random types (mostly draws and
// discards, some replacement draws, rare types, unknown types), tile ids
// and flags.
func randomEvents(r *rand.Rand, n int) []event.Event {
	events := make([]event.Event, n)
	for i := range events {
		e := &events[i]
		switch x := r.IntN(100); {
		case x < 40:
			e.Type = event.Draw
		case x < 80:
			e.Type = event.Discard
		case x < 85:
			e.Type = event.Draw
			e.Flags = event.Replacement
		case x < 97:
			e.Type = event.Type(r.IntN(int(event.Reconnect) + 1))
		default:
			e.Type = event.Type(r.IntN(256))
		}
		if r.IntN(10) == 0 {
			e.Flags ^= event.Flags(r.IntN(256))
		}
		e.ID = tile.ID(r.IntN(256))
		e.Ref = -1
	}
	return events
}

// TestPlanDraws holds planDraws (eight events at a time with AVX-512) to
// planDrawsGeneric on random events, from every start, with counts of
// draws near the limits of both.
func TestPlanDraws(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 400 {
		n := r.IntN(400)
		events := randomEvents(r, n)
		for i := range events {
			switch e := &events[i]; {
			case round%3 == 0 && e.Type == event.RoundStart:
				e.Type = event.Discard // long runs without RoundStart
			case round%3 == 1 && r.IntN(4) == 0:
				e.Type = []event.Type{event.Dora, event.Win, event.Ryuukyoku}[r.IntN(3)] // many records
			}
		}
		for i := 0; i <= n; i += 1 + r.IntN(5) {
			live, repl := r.IntN(140), r.IntN(20)
			var fast, gen planDrawBuf
			restore := UseGeneral(true)
			gi, gl, gr, gn := planDraws(&gen, events, i, live, repl)
			UseGeneral(false)
			fi, fl, fr, fn := planDraws(&fast, events, i, live, repl)
			restore()
			if fi != gi || fl != gl || fr != gr || fn != gn {
				t.Fatalf("round %d from %d (live %d, repl %d): fast (%d, %d, %d, %d), general (%d, %d, %d, %d)", round, i, live, repl, fi, fl, fr, fn, gi, gl, gr, gn)
			}
			// The draws of this call (the last 128 and 16 when more).
			for k := max(live, gl-128); k < gl; k++ {
				if fast.liveIDs[k&127] != gen.liveIDs[k&127] {
					t.Fatalf("round %d from %d: live draw %d: fast %d, general %d", round, i, k, fast.liveIDs[k&127], gen.liveIDs[k&127])
				}
			}
			for k := max(repl, gr-16); k < gr; k++ {
				if fast.replIDs[k&15] != gen.replIDs[k&15] || fast.liveAt[k&15] != gen.liveAt[k&15] {
					t.Fatalf("round %d from %d: replacement draw %d: fast %d after %d, general %d after %d", round, i, k,
						fast.replIDs[k&15], fast.liveAt[k&15], gen.replIDs[k&15], gen.liveAt[k&15])
				}
			}
			if !slices.Equal(fast.recs[:fn], gen.recs[:gn]) {
				t.Fatalf("round %d from %d: records: fast %x, general %x", round, i, fast.recs[:fn], gen.recs[:gn])
			}
		}
	}
}

// TestDealMatches holds dealMatches (one permutation with AVX-512 VBMI)
// to dealMatchesGeneric for every player count and dealer, on the deal of
// a wall and on deals with one tile changed.
func TestDealMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, players := range []int{3, 4} {
		var gen Generator
		var seed Seed
		if err := seed.Parse("mt19937ar,1,2,3,4,5,6,7,8"); err != nil {
			t.Fatal(err)
		}
		gen.Start(&seed, players)
		var w Wall
		gen.Next(&w)
		for dealer := range players {
			var rd event.Round
			rd.Dealer = event.Seat(dealer)
			for s := range players {
				rd.HandIDs[s], _ = w.Deal(dealer, s)
			}
			variants := []event.Round{rd}
			for range 60 {
				v := rd
				v.HandIDs[r.IntN(4)][r.IntN(13)] = tile.ID(r.IntN(256))
				variants = append(variants, v)
			}
			for k, v := range variants {
				want := w.dealMatchesGeneric(&v)
				if got := w.dealMatches(&v); got != want || k == 0 && !got {
					t.Fatalf("%d players, dealer %d, variant %d: dealMatches %v, general %v", players, dealer, k, got, want)
				}
			}
		}
	}
}

// TestPlanMatches holds planHand.matches to a comparison tile by tile on
// hands of every length.
func TestPlanMatches(t *testing.T) {
	var w Wall
	for i := range w.Yama {
		w.Yama[i] = tile.ID(i*5%tile.NumIDs) + 1
	}
	for _, top := range []int{68, 83} {
		for live := 0; live <= top-13; live++ {
			var ph planHand
			ph.live = live
			for k := range live {
				ph.draws.liveIDs[k] = w.Yama[top-k]
			}
			for k := range ph.draws.liveIDs[live:] {
				ph.draws.liveIDs[live+k] = 0xee // past the count: not compared
			}
			ph.tiles[5], ph.mask[5] = w.Yama[5], 0xff
			if !ph.matches(&w.Yama, top) {
				t.Fatalf("top %d, %d live draws: no match", top, live)
			}
			for k := range live {
				bad := ph
				bad.draws.liveIDs[k]++
				if bad.matches(&w.Yama, top) {
					t.Fatalf("top %d, %d live draws: draw %d changed, still a match", top, live, k)
				}
			}
			bad := ph
			bad.tiles[5]++
			if bad.matches(&w.Yama, top) {
				t.Fatalf("top %d: dead wall tile changed, still a match", top)
			}
		}
	}
}
