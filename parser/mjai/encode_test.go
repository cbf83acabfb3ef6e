package mjai

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/parser/internal/decodetest"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/parser/tenhou6"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// encodeGolden are fixtures whose mjai encoding is held byte for byte in
// testdata/encode: a four-player hanchan with kans, pao by ron and tsumo,
// a four-kan draw, nagashi, sanma with kita, a chankan and a double ron
// read from tenhou.net/6, and Mortal's own log written again.
var encodeGolden = []string{
	"mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog",
	"mjlog/pantheon__pao_ron.xml",
	"mjlog/pantheon__four_kan_draw.xml",
	"mjlog/pantheon__nagashi.xml",
	"mjlog/msanma__2026011605gm-00b9-0000-ba5e37ba.xml",
	"tenhou6/mjair__chankan.json",
	"tenhou6/mjair__double_ron.json",
	"mjai/mortal__index.example.html.mjson",
}

// decodeFixture decodes a fixture of fixtures/good by its format's
// decoder.
func decodeFixture(t *testing.T, name string) *event.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "good", name))
	if err != nil {
		t.Fatal(err)
	}
	var g event.Game
	switch {
	case strings.HasPrefix(name, "mjlog/"):
		err = new(tenhou.Decoder).Decode(data, name, &g)
	case strings.HasPrefix(name, "tenhou6/"):
		err = new(tenhou6.Decoder).Decode(data, name, &g)
	default:
		err = new(Decoder).Decode(data, name, &g)
	}
	if err != nil {
		t.Fatal(err)
	}
	return &g
}

// TestEncodeGolden writes the encodeGolden fixtures as mjai and compares
// the bytes with testdata/encode (rewritten with -update), reads each back
// and compares the game with the fixture's (logdiff, leaving out what mjai
// lacks).
func TestEncodeGolden(t *testing.T) {
	var e Encoder
	var d Decoder
	var back event.Game
	var c logdiff.Comparer
	for _, name := range encodeGolden {
		t.Run(filepath.Base(name), func(t *testing.T) {
			g := decodeFixture(t, name)
			var out bytes.Buffer
			if err := e.Encode(&out, g); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "encode", strings.ReplaceAll(name, "/", "__")+".mjson")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want, err := os.ReadFile(golden); err != nil {
				t.Fatalf("%v (go test ./parser/mjai -run EncodeGolden -update writes it)", err)
			} else if d := cmp.Diff(string(want), out.String()); d != "" {
				t.Errorf("%s differs (-want +got):\n%s", golden, d)
			}
			if err := d.Decode(out.Bytes(), name, &back); err != nil {
				t.Fatalf("does not read back: %v", err)
			}
			if r := c.Compare(g, &back, lacks(&back)); !r.Equal() {
				t.Errorf("reads back otherwise: %+v", r.Diffs[0])
			}
		})
	}
}

// TestEncodeForms checks the forms Mortal and mortal-sanma need: scores in
// absolute seat order, three entries per list in sanma, a dora event after
// each kan where the game reveals it, reach_accepted, hora with actor,
// target, deltas and ura_markers, and the dragons as one sangenpai.
func TestEncodeForms(t *testing.T) {
	var e Encoder
	var out bytes.Buffer
	if err := e.Encode(&out, decodeFixture(t, "mjlog/pantheon__four_kan_draw.xml")); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"type":"ankan"`) && !strings.HasPrefix(lines[i+1], `{"type":"dora"`) {
			t.Errorf("line %d: an ankan not followed by its dora: %s / %s", i+1, l, lines[i+1])
		}
		if strings.Contains(l, `"type":"daiminkan"`) || strings.Contains(l, `"type":"kakan"`) {
			// The replacement draw, then the dora, then the discard.
			if !strings.HasPrefix(lines[i+1], `{"type":"tsumo"`) || !strings.HasPrefix(lines[i+2], `{"type":"dora"`) {
				t.Errorf("line %d: an open kan's dora is not after its replacement draw: %s / %s / %s", i+1, l, lines[i+1], lines[i+2])
			}
		}
	}
	out.Reset()
	if err := e.Encode(&out, decodeFixture(t, "mjlog/msanma__2026011605gm-00b9-0000-ba5e37ba.xml")); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{`{"type":"start_game","names":["`, `"type":"nukidora"`, `,"scores":[35000,35000,35000],"tehais":[[`} {
		if !strings.Contains(s, want) {
			t.Errorf("sanma: no %s", want)
		}
	}
	var start struct{ Names []string }
	if err := json.Unmarshal([]byte(strings.SplitN(s, "\n", 2)[0]), &start); err != nil || len(start.Names) != 3 {
		t.Errorf("sanma: not three names (%v): %s", err, strings.SplitN(s, "\n", 2)[0])
	}
	out.Reset()
	if err := e.Encode(&out, decodeFixture(t, "mjlog/pantheon__pao_ron.xml")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `{"type":"hora","actor":`) || !strings.Contains(out.String(), `"deltas":[`) {
		t.Errorf("no hora with deltas:\n%s", out.String())
	}
}

// TestEncodeRefused: what mjai cannot carry is refused with
// ErrUnrepresentable (and format.ErrUnrepresentable), naming the hand.
func TestEncodeRefused(t *testing.T) {
	base := func() *event.Game { return decodeFixture(t, "mjlog/pantheon__nagashi.xml") }
	tests := []struct {
		name   string
		change func(g *event.Game)
		want   string
	}{
		{"interrupted", func(g *event.Game) { g.Ryuukyoku[0].Kind = event.Interrupted }, "a hand that ended as interrupted"},
		{"dealer", func(g *event.Game) { g.Rounds[0].Dealer = 2 }, "seat 2 deals hand 1"},
		{"no result", func(g *event.Game) {
			for i, ev := range g.Events {
				if ev.Type == event.Ryuukyoku || ev.Type == event.Win {
					g.Events = g.Events[:i]
					break
				}
			}
		}, "the hand has no result"},
		{"a 5m in sanma", func(g *event.Game) { g.Meta.Players = 3; g.Rounds[0].Dora = 5 }, "three-player"},
	}
	var e Encoder
	for _, tt := range tests {
		g := base()
		tt.change(g)
		var out bytes.Buffer
		err := e.Encode(&out, g)
		var pe *event.Error
		switch {
		case err == nil:
			t.Errorf("%s: encoded", tt.name)
		case !errors.Is(err, ErrUnrepresentable) || !errors.Is(err, format.ErrUnrepresentable) || !errors.As(err, &pe):
			t.Errorf("%s: %v is not an *event.Error wrapping ErrUnrepresentable", tt.name, err)
		case !strings.Contains(err.Error(), tt.want):
			t.Errorf("%s: %v does not say %q", tt.name, err, tt.want)
		case out.Len() != 0:
			t.Errorf("%s: wrote %d bytes", tt.name, out.Len())
		}
	}
}

// TestEncodeTsumogiriUnknown: a discard whose tsumogiri the log does not
// record is written as tsumogiri when it is the tile drawn (Mortal requires
// the flag), and a hidden hand's tiles stay "?".
func TestEncodeTsumogiriUnknown(t *testing.T) {
	var d Decoder
	var g event.Game
	data := log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'5p'}`, `{'type':'dahai','actor':0,'pai':'5p'}`,
		`{'type':'tsumo','actor':1,'pai':'6p'}`, `{'type':'dahai','actor':1,'pai':'1m'}`, `{'type':'ryukyoku','deltas':[0,0,0,0]}`, endGame)
	if err := d.Decode(data, "t", &g); err != nil {
		t.Fatal(err)
	}
	var e Encoder
	var out bytes.Buffer
	if err := e.Encode(&out, &g); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"type":"dahai","actor":0,"pai":"5p","tsumogiri":true}`, `{"type":"dahai","actor":1,"pai":"1m","tsumogiri":false}`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %s in\n%s", want, out.String())
		}
	}
}

// FuzzEncode decodes arbitrary mjai, writes what decodes and reads it back:
// a game mjai cannot carry must be refused with ErrUnrepresentable, any
// other must read back as the same game (logdiff), and writing the game
// read back must give the same bytes as writing it once more (the encoding
// reaches a fixed point after one round trip: only values the first
// decoding left unknown and the encoder writes, such as tsumogiri, change).
func FuzzEncode(f *testing.F) {
	f.Add(log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'5p'}`, `{'type':'dahai','actor':0,'pai':'5p'}`,
		`{'type':'pon','actor':1,'target':0,'pai':'5p','consumed':['5p','5pr']}`, `{'type':'dahai','actor':1,'pai':'1m','tsumogiri':false}`,
		`{'type':'hora','actor':2,'target':1,'pai':'1m','hora_tehais':['2m'],'yakus':[['sangenpai',1]],'fan':1,'fu':30,'hora_points':1000,'deltas':[0,-1000,1000,0],'scores':[25000,24000,26000,25000]}`,
		endGame))
	seeds, _ := filepath.Glob("../../fixtures/*/mjai/*")
	if dir := corpus.Find(); dir != "" {
		for _, name := range []string{"manuego__2026-06-19-030401.mjson", "rmss__kakan.json", "msanma__sample-nuki.mjson"} {
			seeds = append(seeds, filepath.Join(dir, "mjai", name))
		}
	}
	for _, p := range seeds {
		if data, err := corpus.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		var g, back event.Game
		if d.Decode(data, "fuzz", &g) != nil {
			return
		}
		var e Encoder
		var out bytes.Buffer
		if err := e.Encode(&out, &g); err != nil {
			if !errors.Is(err, ErrUnrepresentable) {
				t.Fatalf("the encoder fails with %v", err)
			}
			return
		}
		if err := d.Decode(out.Bytes(), "fuzz", &back); err != nil {
			t.Fatalf("what was written does not read back: %v\n%s", err, out.Bytes())
		}
		if r := logdiff.Compare(&g, &back, lacks(&back)); !r.Equal() {
			t.Fatalf("reads back otherwise: %+v\n%s", r.Diffs[0], out.Bytes())
		}
		var again, third bytes.Buffer
		if err := e.Encode(&again, &back); err != nil {
			t.Fatalf("writing the game read back: %v", err)
		}
		var back2 event.Game
		if err := d.Decode(again.Bytes(), "fuzz", &back2); err != nil {
			t.Fatalf("the second writing does not read back: %v", err)
		}
		if err := e.Encode(&third, &back2); err != nil || !bytes.Equal(again.Bytes(), third.Bytes()) {
			t.Fatalf("the encoding is not stable (%v):\n%s\n%s", err, again.Bytes(), third.Bytes())
		}
	})
}

// TestAppend appends each fixture's game after other bytes: the bytes
// Encode writes must follow them, and a game mjai cannot carry must leave
// them as they were with Encode's error.
func TestAppend(t *testing.T) {
	files, _ := filepath.Glob("../../fixtures/*/mjlog/*")
	var td tenhou.Decoder
	var e1, e2 Encoder
	var g event.Game
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || td.Decode(data, f, &g) != nil && len(g.Events) == 0 {
			continue
		}
		var buf bytes.Buffer
		err1 := e1.Encode(&buf, &g)
		b, err2 := e2.Append([]byte("before\n"), &g)
		if decodetest.ErrString(err1) != decodetest.ErrString(err2) {
			t.Errorf("%s: Encode: %v, Append: %v", f, err1, err2)
		}
		if string(b) != "before\n"+buf.String() {
			t.Errorf("%s: Append gives other bytes", f)
		}
		n++
	}
	if n < 10 {
		t.Fatalf("only %d fixtures", n)
	}
}
