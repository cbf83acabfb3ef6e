package logdiff_test

import (
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/tile"
)

// read decodes the only game of a fixture.
func read(tb testing.TB, name string) *event.Game {
	tb.Helper()
	g, err := decode(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// decode decodes the only game of a fixture.
func decode(name string) (*event.Game, error) {
	var g event.Game
	var dec parser.Decoder
	n := 0
	err := parser.Walk([]string{filepath.Join("..", "fixtures", "good", name)}, parser.Options{}, func(in parser.Input) error {
		n++
		return dec.Decode(&in, &g)
	})
	if err == nil && n != 1 {
		err = fmt.Errorf("%s: %d games", name, n)
	}
	return &g, err
}

// mustDecode is decode for the Examples.
func mustDecode(name string) *event.Game {
	g, err := decode(name)
	if err != nil {
		log.Fatal(err)
	}
	return g
}

// clone copies a game deeply enough to change its records.
func clone(g *event.Game) *event.Game {
	c := *g
	c.Events = append([]event.Event(nil), g.Events...)
	c.Rounds = append([]event.Round(nil), g.Rounds...)
	c.Wins = append([]event.WinRecord(nil), g.Wins...)
	c.Ryuukyoku = append([]event.RyuukyokuRecord(nil), g.Ryuukyoku...)
	c.Scores = append([][4]int32(nil), g.Scores...)
	c.End = append([]event.EndRecord(nil), g.End...)
	return &c
}

// TestMutations: a game compared with itself agrees; with a copy changed
// in one event (a discard's tile, a payment, a kan dora indicator, a call,
// a hand's dora indicator, a draw), the first difference names that event
// in both games and no other part differs.
func TestMutations(t *testing.T) {
	g := read(t, "mjlog/pantheon__four_kan_draw.xml")
	if r := logdiff.Compare(g, g, 0); !r.Equal() || r.Hands != len(g.Rounds) {
		t.Fatalf("a game and itself: %+v", r)
	}
	find := func(g *event.Game, typ event.Type, k int) int {
		for i := range g.Events {
			if g.Events[i].Type == typ {
				if k == 0 {
					return i
				}
				k--
			}
		}
		t.Fatalf("no %v number %d", typ, k)
		return -1
	}
	tests := []struct {
		name   string
		typ    event.Type
		k      int
		change func(g *event.Game, i int)
		says   string
	}{
		{"a discard", event.Discard, 5, func(g *event.Game, i int) { g.Events[i].Tile = tile.Of(tile.Chun) }, "discard 7z"},
		{"a draw", event.Draw, 9, func(g *event.Game, i int) { g.Events[i].Tile = tile.Of(tile.Man1) }, "draw 1m"},
		{"a payment", event.Ryuukyoku, 0, func(g *event.Game, i int) { g.Ryuukyoku[g.Events[i].Ref].Deltas[1] += 100 }, "ryuukyoku"},
		{"a kan dora indicator", event.Dora, 0, func(g *event.Game, i int) { g.Events[i].Tile = tile.Of(tile.Haku) }, "dora 5z"},
		{"a call", event.Call, 0, func(g *event.Game, i int) { g.Events[i].Meld.From = (g.Events[i].Meld.From + 1) % 4 }, "call"},
		{"a hand's dora indicator", event.RoundStart, 0, func(g *event.Game, i int) { g.Rounds[g.Events[i].Ref].Dora = tile.Of(tile.Haku) }, "dora=5z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := clone(g)
			i := find(m, tt.typ, tt.k)
			tt.change(m, i)
			r := logdiff.Compare(g, m, 0)
			if len(r.Diffs) != 1 {
				t.Fatalf("%d parts differ, want 1: %+v", len(r.Diffs), r.Diffs)
			}
			d := r.Diffs[0]
			if d.Event != [2]int{i, i} || !strings.Contains(d.Says[1], tt.says) || d.Says[0] == d.Says[1] {
				t.Errorf("first difference at events %v (%q / %q), want %d saying %q", d.Event, d.Says[0], d.Says[1], i, tt.says)
			}
			if d.Unmatched != [2]int{1, 1} {
				t.Errorf("unmatched %v, want one fact each", d.Unmatched)
			}
		})
	}
}

// TestUnknownAgrees: a value one log does not record agrees with any and
// is counted; a part only one log has is a difference.
func TestUnknownAgrees(t *testing.T) {
	g := read(t, "mjlog/pantheon__nagashi.xml")
	m := clone(g)
	for i := range m.Wins {
		m.Wins[i].Known &^= event.KnownFu | event.KnownBa
	}
	for i := range m.Rounds {
		m.Rounds[i].Known &^= event.KnownDice
	}
	r := logdiff.Compare(g, m, 0)
	if !r.Equal() {
		t.Fatalf("unknown values differ: %+v", r.Diffs)
	}
	if r.Lost.Of(logdiff.Fu) != len(g.Wins) || r.Lost.Of(logdiff.Dice) != len(g.Rounds) || r.Gained.Fields() != 0 {
		t.Errorf("lost %v (fu %d, dice %d), gained %v", r.Lost.Fields(), r.Lost.Of(logdiff.Fu), r.Lost.Of(logdiff.Dice), r.Gained.Fields())
	}
	if r2 := logdiff.Compare(m, g, 0); r2.Gained.Of(logdiff.Fu) != len(g.Wins) || r2.Lost.Fields() != 0 {
		t.Errorf("the other way: gained %v, lost %v", r2.Gained.Fields(), r2.Lost.Fields())
	}
	// The last hand cut off: only in the first log.
	last := 0
	for i, e := range m.Events {
		if e.Type == event.RoundStart {
			last = i
		}
	}
	m.Events = append(m.Events[:last:last], m.Events[len(m.Events)-1]) // keep the game end
	r = logdiff.Compare(g, m, 0)
	if len(r.Diffs) != 1 || r.Diffs[0].Only != 1 || r.Diffs[0].Event[0] != last || r.Diffs[0].Hand != len(g.Rounds)-1 {
		t.Errorf("a hand only in the first log: %+v", r.Diffs)
	}
}

// TestDrop: what is dropped is not compared: hands sorted, kan dora as a
// list per hand, disconnections left out.
func TestDrop(t *testing.T) {
	g := read(t, "mjlog/pantheon__four_kan_draw.xml")
	m := clone(g)
	r := &m.Rounds[0]
	r.Hands[0][0], r.Hands[0][1] = r.Hands[0][1], r.Hands[0][0]
	if logdiff.Compare(g, m, 0).Equal() {
		t.Error("a starting hand in another order agrees")
	}
	if !logdiff.Compare(g, m, logdiff.HandOrder).Equal() {
		t.Error("a starting hand in another order differs with HandOrder dropped")
	}
	// Move the first kan dora one event later.
	m = clone(g)
	for i, e := range m.Events {
		if e.Type == event.Dora {
			m.Events[i], m.Events[i+1] = m.Events[i+1], m.Events[i]
			break
		}
	}
	if logdiff.Compare(g, m, 0).Equal() {
		t.Error("a kan dora moved agrees")
	}
	if !logdiff.Compare(g, m, logdiff.DoraTiming).Equal() {
		t.Error("a kan dora moved differs with DoraTiming dropped")
	}
}

// TestLinesOfUnknown: Lines writes "?" for a hand's scores the log does
// not record.
func TestLinesOfUnknown(t *testing.T) {
	g := clone(read(t, "mjlog/pantheon__nagashi.xml"))
	g.Rounds[0].Unknown = event.KnownScores | event.KnownBa
	lines := logdiff.Lines(g, 0)
	if want := "round E1-0 sticks=? dealer=0 scores=? dora="; !strings.HasPrefix(lines[1], want) {
		t.Errorf("line 2 is %q, want %q…", lines[1], want)
	}
}

// BenchmarkCompare compares a hanchan with itself (as a conversion's proof
// does, with a game read back).
func BenchmarkCompare(b *testing.B) {
	g := read(b, "mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog")
	m := clone(g)
	var c logdiff.Comparer
	b.ReportAllocs()
	for b.Loop() {
		if !c.Compare(g, m, logdiff.HandOrder).Equal() {
			b.Fatal("differ")
		}
	}
}

// Compare an mjlog with Tenhou's own tenhou.net/6 download of the same
// game, leaving out what each format cannot carry (parser.Lacks): they
// agree; the values only the mjlog records are counted.
func ExampleCompare() {
	a := mustDecode("mjlog/riichirs__2016022509gm-0009-0000-b327da61.xml")
	b := mustDecode("tenhou6/riichirs__2016022509gm-0009-0000-b327da61.json")
	r := logdiff.Compare(a, b, parser.Lacks(a)|parser.Lacks(b))
	fmt.Println("agree:", r.Equal(), "hands compared:", r.Hands)
	fmt.Println("left out:", parser.Lacks(a)|parser.Lacks(b))
	fmt.Println("only the mjlog records:", r.Lost.Fields())
	// Output:
	// agree: true hands compared: 1
	// left out: dora_timing|hand_order|connection_timing
	// only the mjlog records: fu|before|ba|dice
}

// Compare two logs that differ: the first difference of each hand, with
// the index of its event in each log and what each says.
func ExampleComparer_Compare() {
	a := mustDecode("mjlog/pantheon__nagashi.xml")
	b := clone(a)
	for i := range b.Events {
		if b.Events[i].Type == event.Discard {
			b.Events[i].Tile = tile.Of(tile.Haku) // the first discard
			break
		}
	}
	var c logdiff.Comparer
	r := c.Compare(a, b, 0)
	for _, d := range r.Diffs {
		fmt.Printf("%s: event %d / %d: %q / %q\n", d.Round, d.Event[0], d.Event[1], d.Says[0], d.Says[1])
	}
	// Output:
	// E1-0: event 3 / 3: "0 discard 7z" / "0 discard 5z"
}
