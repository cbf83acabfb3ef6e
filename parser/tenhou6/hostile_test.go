package tenhou6

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
// second time with every metadata object and result pruned to the fields
// the decoder reads (as a long one is): the games and errors must be the
// same, so that metaKeep names every field that is read.
func TestPruneChangesNothing(t *testing.T) {
	var plain, pruned Decoder
	pruned.pruneAll = true
	decodetest.SamePruned(t, decodetest.Files(t, "tenhou6", 6), &plain, &pruned, "the pruned metadata gives another game")
}

// junkArray returns a JSON array of n ones.
func junkArray(n int) string {
	return "[" + strings.Repeat("1,", n-1) + "1]"
}

// TestUnknownFieldBomb: a game with a member of no meaning holding an
// array of two million elements (4 MB) decodes as the game without it,
// allocating a small multiple of its size, not a tree of its elements
// (hundreds of bytes each: a gigabyte). A huge value where a field that
// is read is expected is an error at its offset; a round element or a log
// of millions of items costs no token per item.
func TestUnknownFieldBomb(t *testing.T) {
	data, err := os.ReadFile("../../fixtures/good/tenhou6/jeff__sample_tenhou.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.TrimSpace(data)
	var d Decoder
	var want, g event.Game
	if err := d.Decode(data, "a.json", &want); err != nil {
		t.Fatal(err)
	}
	const n = 2_000_000
	junk := junkArray(n)
	bomb := string(data[:len(data)-1]) + `,"junk":` + junk + `,"deep":{"a":[` + junk + `]}}`
	if a := decodetest.Allocated(func() { err = d.Decode([]byte(bomb), "a.json", &g) }); err != nil || a > 8*uint64(len(bomb)) {
		t.Fatalf("a game with unknown fields: %v, %d bytes allocated for %d of input", err, a, len(bomb))
	}
	if !reflect.DeepEqual(g.Events, want.Events) || !reflect.DeepEqual(g.Meta, want.Meta) {
		t.Error("a game with unknown fields decodes as another game")
	}
	for _, c := range []struct{ name, doc string }{
		{"a known field", `{"name":` + junk + `,` + string(data[1:])},
		{"a result", strings.Replace(string(data), `["和了"`, `["和了",`+junk, 1)},
		{"a round element", strings.Replace(string(data), `"log": [[[`, `"log": [[`+junk+`,[`, 1)},
		{"the log", strings.Replace(string(data), `"log": [`, `"log": [`+strings.Repeat("0,", n), 1)},
	} {
		if !strings.Contains(c.doc, "1,1,1") && !strings.Contains(c.doc, "0,0,0") {
			t.Fatalf("%s: the fixture has no place for the array", c.name)
		}
		a := decodetest.Allocated(func() { err = d.Decode([]byte(c.doc), "a.json", &g) })
		var pe *event.Error
		if !errors.As(err, &pe) || pe.Offset < 0 || !errors.Is(err, event.ErrValue) && !errors.Is(err, event.ErrSyntax) && !errors.Is(err, event.ErrUnsupported) {
			t.Errorf("%s: error %v", c.name, err)
		}
		if a > 8*uint64(len(c.doc)) {
			t.Errorf("%s: %d bytes allocated for %d of input", c.name, a, len(c.doc))
		}
	}
}
