package mjai

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/internal/decodetest"
	"github.com/haifu/haifu/parser/majsoul"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/parser/tenhou6"
)

// fastPathInputs returns the mjai inputs the fast paths are held to the
// general path on: the fixtures and corpus files in mjai, and the mjai
// encoding (as haifu convert writes it) of every fixture and corpus game
// of every format that decodes and encodes.
func fastPathInputs(tb testing.TB) (names []string, inputs [][]byte) {
	tb.Helper()
	decoders := map[string]interface {
		Decode([]byte, string, *event.Game) error
	}{
		"mjlog": new(tenhou.Decoder), "tenhou6": new(tenhou6.Decoder), "majsoul": new(majsoul.Decoder), "mjai": new(Decoder),
	}
	var files []string
	for name := range decoders {
		more, _ := filepath.Glob("../../fixtures/*/" + name + "/*")
		files = append(files, more...)
		if dir := corpus.Find(); dir != "" {
			more, _ := filepath.Glob(filepath.Join(dir, name, "*"))
			files = append(files, more...)
		}
	}
	var enc Encoder
	var g event.Game
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		format := filepath.Base(filepath.Dir(f))
		if format == "mjai" {
			names, inputs = append(names, f), append(inputs, data)
		}
		if decoders[format].Decode(data, f, &g) != nil {
			continue
		}
		var buf bytes.Buffer
		if enc.Encode(&buf, &g) == nil {
			names, inputs = append(names, f+" as mjai"), append(inputs, buf.Bytes())
		}
	}
	if len(inputs) < 20 {
		tb.Fatalf("only %d inputs", len(inputs))
	}
	return names, inputs
}

// TestFastPath decodes every input of fastPathInputs with the fast paths
// and with the general path alone: the games and the errors must be the
// same. It also checks that the line fast path reads the Encoder's lines
// of a hand.
func TestFastPath(t *testing.T) {
	names, inputs := fastPathInputs(t)
	var fast, general Decoder
	general.general = true
	var g1, g2 event.Game
	for i, data := range inputs {
		e1 := fast.Decode(data, names[i], &g1)
		e2 := general.Decode(data, names[i], &g2)
		if decodetest.ErrString(e1) != decodetest.ErrString(e2) {
			t.Errorf("%s: error %v, general path %v", names[i], e1, e2)
		}
		if !reflect.DeepEqual(&g1, &g2) {
			t.Errorf("%s: the fast paths give another game", names[i])
		}
	}
	// Coverage: the encoded lines the line fast path leaves to the others.
	var d Decoder
	kinds := map[string]int{}
	for i, data := range inputs {
		if !strings.HasSuffix(names[i], " as mjai") || d.Decode(data, "", &g1) != nil {
			continue
		}
		kinds = fastLeft(t, data, kinds)
	}
	t.Logf("encoded lines left to the other paths, by type: %v", kinds)
	for _, k := range []string{"start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "pon", "chi", "end_kyoku", "nukidora", "dora", "ankan", "kakan", "daiminkan"} {
		if n := kinds[k]; n > 0 {
			t.Errorf("%d encoded %s lines not read by the line fast path", n, k)
		}
	}
}

// fastLeft replays the JSON lines of data through a Decoder and counts,
// by type, the lines fastLine does not read.
func fastLeft(t *testing.T, data []byte, kinds map[string]int) map[string]int {
	t.Helper()
	// A Decoder as Decode starts one (decoding nothing sets it up).
	var d Decoder
	var g event.Game
	d.Decode(nil, "", &g)
	d.hand, d.players, d.prevDealer = -1, 4, event.NoSeat
	for n, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		d.pos = event.Pos{Index: int32(n + 1)}
		ok, err := d.fastLine(line)
		if err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		if ok {
			continue
		}
		typ := string(line[len(`{"type":"`):])
		typ = typ[:strings.IndexByte(typ, '"')]
		kinds[typ]++
		v, err := d.parse(line, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.event(v); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
	}
	return kinds
}

// FuzzFastPath decodes arbitrary logs with the fast paths and with the
// general path alone: the games and the errors must be the same. The
// seeds are the Encoder's output of the first hand of the fixtures.
func FuzzFastPath(f *testing.F) {
	files, _ := filepath.Glob("../../fixtures/good/mjlog/*")
	var td tenhou.Decoder
	var enc Encoder
	var g event.Game
	for _, p := range files {
		data, err := corpus.ReadFile(p)
		if err != nil || td.Decode(data, p, &g) != nil {
			continue
		}
		var buf bytes.Buffer
		if enc.Encode(&buf, &g) == nil {
			// The first hand only: small inputs fuzz faster.
			b := buf.Bytes()
			if i := bytes.Index(b, []byte(`{"type":"end_kyoku"}`)); i >= 0 {
				b = append(b[:i:i], `{"type":"end_kyoku"}`+"\n"+`{"type":"end_game"}`+"\n"...)
			}
			f.Add(b)
		}
	}
	f.Add([]byte(strings.Join([]string{
		`{"type":"start_game","names":["a","b","c"]}`,
		`{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[35000,35000,35000],"tehais":[["1m","9m","1p","2p","3p","4p","5p","6p","7p","8p","9p","N","N"],["1m","9m","1p","2p","3p","4p","5p","6p","7p","8p","9p","E","E"],["1m","9m","1p","2p","3p","4p","5p","6p","7p","8p","9p","S","S"]]}`,
		`{"type":"tsumo","actor":0,"pai":"N"}`,
		`{"type":"nukidora","actor":0,"pai":"N"}`,
		`{"type":"tsumo","actor":0,"pai":"5pr"}`,
		`{"type":"reach","actor":0}`,
		`{"type":"dahai","actor":0,"pai":"9m","tsumogiri":false}`,
		`{"type":"reach_accepted","actor":0,"scores":[34000,35000,35000]}`,
		`{"type":"pon","actor":2,"target":0,"pai":"9m","consumed":["9m","9m"]}`,
		`{"type":"kakan","actor":2,"pai":"9m","consumed":["9m","9m","9m"]}`,
		`{"type":"dora","dora_marker":"-1"}`,
		`{"type":"ankan","actor":1,"consumed":["E","E","E","E"]}`,
		`{"type":"end_kyoku"}`,
	}, "\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast, general Decoder
		general.general = true
		var g1, g2 event.Game
		e1 := fast.Decode(data, "fuzz", &g1)
		e2 := general.Decode(data, "fuzz", &g2)
		if decodetest.ErrString(e1) != decodetest.ErrString(e2) {
			t.Fatalf("error %v, general path %v", e1, e2)
		}
		if !reflect.DeepEqual(&g1, &g2) {
			t.Fatalf("the fast paths give another game")
		}
	})
}

// TestCursorTile reads every string of up to three bytes of the tile
// notations as a tile with cursor.tile: what it reads, parseTile must
// read alike (not hidden), and in a three-player game only the tiles of
// the three-player set.
func TestCursorTile(t *testing.T) {
	const alphabet = `0123456789mpszrESWNPFC?"\ x`
	var strs []string
	for _, a := range alphabet {
		strs = append(strs, string(a))
		for _, b := range alphabet {
			strs = append(strs, string(a)+string(b))
			for _, c := range alphabet {
				strs = append(strs, string(a)+string(b)+string(c))
			}
		}
	}
	read := 0
	for _, s := range strs {
		if strings.Contains(s, `"`) {
			continue // the string ends before
		}
		for _, sanma := range []bool{false, true} {
			c := cursor{b: []byte(`"` + s + `",`)}
			got := c.tile(sanma)
			want, hidden, ok := parseTile([]byte(s))
			if c.bad {
				if ok && !hidden && (!sanma || inSanma(want)) && !strings.ContainsAny(s, "0z") {
					t.Errorf("%q (sanma %v): not read, parseTile reads %v", s, sanma, want)
				}
				continue
			}
			read++
			if !ok || hidden || got != want || sanma && !inSanma(got) || c.i != len(s)+2 {
				t.Errorf("%q (sanma %v): %v to %d, parseTile %v %v %v", s, sanma, got, c.i, want, hidden, ok)
			}
		}
	}
	if read != 37+29 { // the 37 tiles, and the 29 of a three-player set
		t.Errorf("%d strings read", read)
	}
}
