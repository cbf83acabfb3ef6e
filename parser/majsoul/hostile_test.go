package majsoul

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/decodetest"
	"github.com/haifu/haifu/parser/internal/jsontok"
)

// TestPruneChangesNothing decodes every fixture and corpus file twice, the
// second time with the JSON pruned to the fields the decoder reads (as a
// long document is): the games and errors must be the same, so that keep
// names every field that is read.
func TestPruneChangesNothing(t *testing.T) {
	var plain, pruned Decoder
	pruned.pruneAll = true
	decodetest.SamePruned(t, decodetest.Files(t, "majsoul", 3), &plain, &pruned, "the pruned document gives another game")
}

// TestUnknownFieldBomb: a record with members of no meaning holding an
// array of two million elements (4 MB), at the top and inside a record,
// decodes as the record without them, allocating a small multiple of its
// size, not a tree of its elements (hundreds of bytes each: a gigabyte).
// A huge value where a field that is read is expected is an error at its
// offset.
func TestUnknownFieldBomb(t *testing.T) {
	const n = 2_000_000
	junk := "[" + strings.Repeat("1,", n-1) + "1]"
	data, err := os.ReadFile("../../fixtures/good/majsoul/fpc__paipu_record.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.TrimSpace(data)
	const at = `"data": {`
	if !bytes.Contains(data, []byte(at)) {
		t.Fatalf("no %s", at)
	}
	var d Decoder
	var want, g event.Game
	if err := d.Decode(data, "a.json", &want); err != nil {
		t.Fatal(err)
	}
	bomb := []byte(`{"junk":` + junk + "," + strings.Replace(string(data[1:]), at, at+`"junk":{"a":`+junk+`},`, 1))
	if a := decodetest.Allocated(func() { err = d.Decode(bomb, "a.json", &g) }); err != nil || a > 8*uint64(len(bomb)) {
		t.Fatalf("a record with unknown fields: %v, %d bytes allocated for %d of input", err, a, len(bomb))
	}
	if !reflect.DeepEqual(g.Events, want.Events) || !reflect.DeepEqual(g.Meta, want.Meta) {
		t.Error("a record with unknown fields decodes as another game")
	}
	bomb = []byte(strings.Replace(string(data), at, at+`"tiles":`+junk+`,`, 1))
	a := decodetest.Allocated(func() { err = d.Decode(bomb, "a.json", &g) })
	var pe *event.Error
	if !errors.As(err, &pe) || pe.Offset <= 0 || !errors.Is(err, event.ErrValue) || a > 8*uint64(len(bomb)) {
		t.Errorf("a known field of 2,000,000 values: %v, %d bytes allocated", err, a)
	}
}

// TestKeepNamesEveryKey: every key that json.go looks for (the string
// cases of its switches on folded keys) is kept by keep.
func TestKeepNamesEveryKey(t *testing.T) {
	src, err := os.ReadFile("json.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile(`(?m)^\s*case ("[^\n]*"):$`).FindAllStringSubmatch(string(src), -1) {
		for _, k := range regexp.MustCompile(`"([^"]+)"`).FindAllStringSubmatch(m[1], -1) {
			n++
			if keep([]byte(k[1])) == jsontok.Drop {
				t.Errorf("keep drops %q, which json.go reads", k[1])
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d keys found in json.go", n)
	}
}
