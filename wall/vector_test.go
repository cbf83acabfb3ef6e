package wall

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/tile"
)

// vectorFixture is the game of docs/tenhou-formats.md §3.8, whose wall Tenhou
// published with the intermediate values.
const vectorFixture = "../fixtures/good/mjlog/riichirs__2016022509gm-0009-0000-b327da61.xml"

// decodeFixture decodes an mjlog file of the repository's fixtures.
func decodeFixture(t testing.TB, path string) *event.Game {
	t.Helper()
	data, err := corpus.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d tenhou.Decoder
	g := new(event.Game)
	if err := d.Decode(data, path, g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestVector checks the published intermediate values of §3.8: key words,
// the first MT output, SHA-512 words, the shuffled wall and the dice.
func TestVector(t *testing.T) {
	g := decodeFixture(t, vectorFixture)
	if !strings.HasPrefix(g.Meta.Seed, prefixBase64+"lFMmGcbVp9UtkFOWd6eD") || len(g.Meta.Seed) != len(prefixBase64)+3328 {
		t.Fatalf("seed %.60q… (%d bytes) is not the test vector's", g.Meta.Seed, len(g.Meta.Seed))
	}
	seed, err := ParseSeed(g.Meta.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if seed.Form != FormBase64 || len(seed.Key()) != 624 {
		t.Fatalf("form %v, %d key words", seed.Form, len(seed.Key()))
	}
	if k := seed.Key(); k[0] != 0x19265394 || k[1] != 0xD5A7D5C6 {
		t.Errorf("key[0], key[1] = %#08x, %#08x, want 0x19265394, 0xd5a7d5c6", k[0], k[1])
	}
	var gen Generator
	if err := gen.Start(&seed, 4); err != nil {
		t.Fatal(err)
	}
	var w Wall
	gen.Next(&w)
	if gen.src[0] != 0xB96FC1AE {
		t.Errorf("src[0] = %#08x, want 0xb96fc1ae", gen.src[0])
	}
	got := [3]uint32{gen.rnd[0], gen.rnd[135], gen.rnd[136]}
	if want := [3]uint32{0x85B04666, 4228984343, 1582398151}; got != want {
		t.Errorf("rnd[0], rnd[135], rnd[136] = %v, want %v", got, want)
	}
	wantLow := []tile.ID{22, 91, 36, 115, 56, 19, 60, 16, 124, 35, 59, 43, 107, 9}
	wantHigh := []tile.ID{52, 80, 120, 104, 119, 127}
	if d := cmp.Diff(wantLow, w.Yama[:14]); d != "" {
		t.Errorf("yama[0..13] (-want +got):\n%s", d)
	}
	if d := cmp.Diff(wantHigh, w.Yama[130:136]); d != "" {
		t.Errorf("yama[130..135] (-want +got):\n%s", d)
	}
	// INIT seed="0,0,0,5,1,19": dice 6 and 2, dora indicator 19 = yama[5].
	if w.Dice != [2]int8{6, 2} {
		t.Errorf("dice %v, want [6 2]", w.Dice)
	}
	if d, _ := w.Dora(0); d != 19 {
		t.Errorf("dora indicator %d, want 19", d)
	}
	hand, _ := w.Deal(0, 0)
	if d := cmp.Diff([]tile.ID{127, 119, 104, 120}, hand[:4]); d != "" {
		t.Errorf("hai0[:4] (-want +got):\n%s", d)
	}
	r := &g.Rounds[0]
	if w.Dice != r.Dice || hand != r.HandIDs[0] || r.DoraID != 19 {
		t.Errorf("the log's first hand (dice %v, hai0 %v, dora %d) differs from the wall", r.Dice, r.HandIDs[0], r.DoraID)
	}
}
