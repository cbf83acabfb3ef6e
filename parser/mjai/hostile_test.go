package mjai

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/decodetest"
)

// TestPruneChangesNothing decodes every fixture and corpus file twice, the
// second time with every event pruned to the fields the decoder reads (as
// a long one is): the games and errors must be the same, so that keep
// names every field that is read.
func TestPruneChangesNothing(t *testing.T) {
	var plain, pruned Decoder
	pruned.pruneAll = true
	decodetest.SamePruned(t, decodetest.Files(t, "mjai", 4), &plain, &pruned, "the pruned events give another game")
}

// TestPruneArenaRecord: an arena record (no fixture has one) decodes the
// same pruned as not, its players' names included (which keep must name).
func TestPruneArenaRecord(t *testing.T) {
	data, err := os.ReadFile("../../fixtures/good/mjai/riichienv__126_204_0_mjai.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const names = `"names":["0","1","2","3"],`
	if !bytes.Contains(data, []byte(names)) {
		t.Fatalf("no %s", names)
	}
	data = bytes.Replace(data, []byte(names), nil, 1) // the players name the seats
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	doc := []byte(`{"players":[{"name":"Alice"},{"nickname":"Bob"},"Carol",{"name":"Dave"}],"events":[` + string(bytes.Join(lines, []byte(","))) + `]}`)
	var plain, pruned Decoder
	pruned.pruneAll = true
	var g1, g2 event.Game
	e1 := plain.Decode(doc, "a.json", &g1)
	e2 := pruned.Decode(doc, "a.json", &g2)
	if e1 != nil || e2 != nil {
		t.Fatalf("error %v, pruned %v", e1, e2)
	}
	if got := g1.Meta.Seats[1].Name; got != "Bob" {
		t.Errorf("seat 1 is %q, want Bob", got)
	}
	if !reflect.DeepEqual(&g1, &g2) {
		t.Errorf("the pruned record gives another game: seats %+v, pruned %+v", g1.Meta.Seats, g2.Meta.Seats)
	}
}

// play returns the events of g without their positions, which text
// inserted before them moves.
func play(g *event.Game) []event.Event {
	evs := append([]event.Event(nil), g.Events...)
	for i := range evs {
		evs[i].Pos = event.Pos{}
	}
	return evs
}

// TestUnknownFieldBomb: an event with a member of no meaning holding an
// array of two million elements (4 MB) decodes as the event without it,
// allocating a small multiple of its size, not a tree of its elements
// (hundreds of bytes each: a gigabyte), in JSON lines and in the
// single-object variant. A huge value where a field that is read is
// expected is an error at its line.
func TestUnknownFieldBomb(t *testing.T) {
	const n = 2_000_000
	junk := "[" + strings.Repeat("1,", n-1) + "1]"
	for _, c := range []struct{ file, at, with string }{
		{"riichienv__126_204_0_mjai.jsonl", `{"type":"start_kyoku",`, `{"type":"start_kyoku","junk":` + junk + `,`},
		{"rmss__pao.json", `"game": [`, `"junk": {"a":` + junk + `}, "game": [{"junk":` + junk + `,"type":"hello"},`},
	} {
		data, err := os.ReadFile("../../fixtures/good/mjai/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(c.at)) {
			t.Fatalf("%s has no %s", c.file, c.at)
		}
		var d Decoder
		var want, g event.Game
		werr := d.Decode(data, c.file, &want)
		bomb := []byte(strings.Replace(string(data), c.at, c.with, 1))
		if a := decodetest.Allocated(func() { err = d.Decode(bomb, c.file, &g) }); decodetest.ErrString(err) != decodetest.ErrString(werr) || a > 8*uint64(len(bomb)) {
			t.Fatalf("%s with unknown fields: %v (want %v), %d bytes allocated for %d of input", c.file, err, werr, a, len(bomb))
		}
		if !reflect.DeepEqual(play(&g), play(&want)) || !reflect.DeepEqual(g.Meta, want.Meta) {
			t.Errorf("%s with unknown fields decodes as another game", c.file)
		}
	}
	data, err := os.ReadFile("../../fixtures/good/mjai/riichienv__126_204_0_mjai.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	bomb := []byte(strings.Replace(string(data), `{"type":"start_kyoku",`, `{"type":"start_kyoku","tehais":`+junk+`,`, 1))
	var d Decoder
	var g event.Game
	a := decodetest.Allocated(func() { err = d.Decode(bomb, "a.jsonl", &g) })
	var pe *event.Error
	if !errors.As(err, &pe) || pe.Index != 2 || !errors.Is(err, event.ErrValue) || a > 8*uint64(len(bomb)) {
		t.Errorf("a known field of 2,000,000 values: %v, %d bytes allocated", err, a)
	}
}

// TestHiddenTileRound: tiles hidden outside a hidden hand are reported at
// the first of them, with its line, hand and round (not those of the line
// the log ends on).
func TestHiddenTileRound(t *testing.T) {
	data, err := os.ReadFile("../../fixtures/good/mjai/riichienv__126_204_0_mjai.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const draw = `{"type":"tsumo","actor":0,"pai":"`
	i := bytes.Index(data, []byte(draw))
	j := i + len(draw) + bytes.IndexByte(data[i+len(draw):], '"')
	bad := append(append(append([]byte(nil), data[:i+len(draw)]...), '?'), data[j:]...)
	var d Decoder
	var g event.Game
	err = d.Decode(bad, "a.jsonl", &g)
	var pe *event.Error
	if !errors.As(err, &pe) || !errors.Is(err, event.ErrUnsupported) {
		t.Fatalf("error %v", err)
	}
	if pe.Index != 3 || pe.Round.String() != "E1-0" || pe.Hand != 0 {
		t.Errorf("error %v (line %d, hand %d, round %v), want at line 3, hand 0, round E1-0", err, pe.Index, pe.Hand, pe.Round)
	}
}
