package logdiff_test

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/tile"
)

// TestQuickIsGeneral holds Compare's fast path (walking two games' events
// in step) to the general path (building both games' facts): over every
// game of the corpus that reads completely, compared with itself, with its
// conversions to each format haifu writes read back (what convert's proof
// compares), and with copies changed at random (a tile, a flag, a seat, a
// payment, a value made unknown, an event dropped, added or moved, a
// disconnection added), each
// way round and under several sets of fields dropped, the two paths give
// the same Result. It fails when the fast path settles no comparison, or
// settles one whose logs differ.
func TestQuickIsGeneral(t *testing.T) {
	dir := corpus.Dir(t)
	var roots []string
	for _, f := range parser.Formats() {
		roots = append(roots, filepath.Join(dir, f.String()))
	}
	var dec parser.Decoder
	rng := rand.New(rand.NewPCG(1, 2))
	var games, settled, differ int
	check := func(name string, a, b *event.Game, drop logdiff.Fields) {
		t.Helper()
		ok, q, g := logdiff.CompareBoth(a, b, drop)
		if !reflect.DeepEqual(q, g) {
			t.Fatalf("%s (drop %v): by the fast path %+v, by the general path %+v", name, drop, q, g)
		}
		if ok {
			settled++
			if !g.Equal() {
				t.Fatalf("%s (drop %v): the fast path settled logs that differ: %+v", name, drop, g.Diffs)
			}
		} else if !g.Equal() {
			differ++
		}
	}
	err := parser.Walk(roots, parser.Options{}, func(in parser.Input) error {
		if in.Err != nil {
			return nil
		}
		g := new(event.Game)
		if dec.Decode(&in, g) != nil {
			return nil
		}
		games++
		name := in.Path
		drops := []logdiff.Fields{0, parser.Lacks(g), logdiff.Connection | logdiff.HandOrder | logdiff.Meta, logdiff.End | logdiff.Tsumogiri}
		for _, drop := range drops {
			check(name+" itself", g, g, drop)
		}
		for _, to := range []event.Format{event.FormatMjai, event.FormatTenhou6} {
			if back := convert(g, to); back != nil {
				check(name+" as "+to.String(), g, back, parser.Lacks(back))
				check(name+" as "+to.String()+", the other way", back, g, parser.Lacks(back))
			}
		}
		for range 3 {
			m := mutate(rng, g)
			drop := drops[rng.IntN(len(drops))]
			check(name+" changed", g, m, drop)
			check(name+" changed, the other way", m, g, drop)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games: %d comparisons settled by the fast path, %d that differ", games, settled, differ)
	if settled == 0 || differ == 0 {
		t.Errorf("%d comparisons settled by the fast path, %d differ: the test does not exercise both", settled, differ)
	}
}

// convert writes g in format to and reads it back, or returns nil when
// the format cannot carry it.
func convert(g *event.Game, to event.Format) *event.Game {
	enc, _ := parser.NewEncoder(to)
	dec, _ := parser.NewFormatDecoder(to)
	var b writer
	if enc.Encode(&b, g) != nil {
		return nil
	}
	back := new(event.Game)
	if dec.Decode(b, g.Meta.Path, back) != nil {
		return nil
	}
	return back
}

// writer collects bytes.
type writer []byte

func (w *writer) Write(p []byte) (int, error) {
	*w = append(*w, p...)
	return len(p), nil
}

// mutate returns a copy of g with one change chosen by rng.
func mutate(rng *rand.Rand, g *event.Game) *event.Game {
	m := clone(g)
	if len(m.Events) == 0 {
		return m
	}
	i := rng.IntN(len(m.Events))
	e := &m.Events[i]
	switch rng.IntN(13) {
	case 0:
		e.Tile = tile.Tile(rng.IntN(34 * 4))
	case 1:
		e.Flags ^= event.Flags(1) << rng.IntN(3)
	case 2:
		e.Seat = event.Seat(rng.IntN(4))
	case 3:
		e.Meld.From = event.Seat(rng.IntN(4))
	case 4:
		m.Events = append(m.Events[:i:i], m.Events[i+1:]...)
	case 5:
		m.Events = append(m.Events[:i+1:i+1], m.Events[i:]...)
	case 6:
		if j := rng.IntN(len(m.Events)); j != i {
			m.Events[i], m.Events[j] = m.Events[j], m.Events[i]
		}
	case 7:
		if len(m.Wins) > 0 {
			w := &m.Wins[rng.IntN(len(m.Wins))]
			w.Deltas[rng.IntN(4)] += 100
		}
	case 8:
		if len(m.Wins) > 0 {
			m.Wins[rng.IntN(len(m.Wins))].Known &^= event.Known(1) << rng.IntN(12)
		}
	case 9:
		if len(m.Rounds) > 0 {
			r := &m.Rounds[rng.IntN(len(m.Rounds))]
			if rng.IntN(2) == 0 {
				r.Scores[rng.IntN(4)] += 1000
			} else {
				r.Unknown |= event.KnownScores
			}
		}
	case 10:
		if len(m.Ryuukyoku) > 0 {
			r := &m.Ryuukyoku[rng.IntN(len(m.Ryuukyoku))]
			r.Known &^= event.Known(1) << rng.IntN(8)
		}
	case 11:
		e.Type = event.Type(1 + rng.IntN(int(event.Broken)))
	case 12:
		x := event.Event{Type: event.Disconnect + event.Type(rng.IntN(2)), Seat: event.Seat(rng.IntN(4)), From: event.NoSeat}
		m.Events = append(m.Events[:i:i], append([]event.Event{x}, m.Events[i:]...)...)
	}
	return m
}
