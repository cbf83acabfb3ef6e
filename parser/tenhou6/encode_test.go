package tenhou6

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/internal/gamebuild"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/tile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// encodeDrop lists what a game loses on its way through tenhou.net/6 JSON
// (see twinDrop), so that the round trip leaves it out.
const encodeDrop = twinDrop

// metaLines are the metadata tenhou.net/6 carries, as lines to compare.
func metaLines(g *event.Game) []string {
	m := &g.Meta
	out := []string{
		fmt.Sprintf("players %d id %q length %v", m.Players, m.ID, m.Length),
		fmt.Sprintf("rule %q lobby %d", ruleDisp(m.Rules.Name), m.Rules.TenhouLobby),
	}
	red := m.Rules.RedFives
	if red[0] >= 0 || red[1] >= 0 || red[2] >= 0 {
		out = append(out, fmt.Sprintf("red fives %v", red))
	}
	for s := range int(m.Players) {
		p := &m.Seats[s]
		out = append(out, fmt.Sprintf("seat %d %q rank %q rate %g sex %q", s, p.Name, p.Rank, p.Rate, p.Sex))
	}
	return out
}

// roundTrip encodes g and decodes the result. It returns the JSON and
// the game decoded from it, or the encoder's error, or the JSON and the
// decoder's error.
func roundTrip(g *event.Game) ([]byte, *event.Game, error) {
	var e Encoder
	var buf bytes.Buffer
	if err := e.Encode(&buf, g); err != nil {
		return nil, nil, err
	}
	var d Decoder
	var g2 event.Game
	if err := d.Decode(buf.Bytes(), g.Meta.Path, &g2); err != nil {
		return buf.Bytes(), nil, err
	}
	if err := brokenRound(&g2); err != nil {
		return buf.Bytes(), nil, err
	}
	return buf.Bytes(), &g2, nil
}

// brokenRound returns, as an error, the first round of g the decoder
// could not rebuild (a Broken event), or nil.
func brokenRound(g *event.Game) error {
	round := event.RoundID{}
	for i := range g.Events {
		switch e := &g.Events[i]; e.Type {
		case event.RoundStart:
			round = g.Rounds[e.Ref].ID()
		case event.Broken:
			return fmt.Errorf("offset %d, round %v: %s", e.Pos.Offset, round, g.BreakOf(e).Message)
		}
	}
	return nil
}

// roundTripDiff compares a game with its round trip: the canonical lines
// without what tenhou.net/6 cannot carry, and the metadata it carries.
// It returns "" when they agree; else why they do not, when it is one of
// the format's known limits (loss), or the difference.
func roundTripDiff(g, g2 *event.Game) (loss, diff string) {
	drop := encodeDrop
	if !g.Complete() {
		drop |= logdiff.End
	}
	if d := cmp.Diff(metaLines(g), metaLines(g2)); d != "" {
		return "", "metadata (-original +round trip):\n" + d
	}
	d := cmp.Diff(logdiff.Lines(g, drop), logdiff.Lines(g2, drop))
	if d == "" {
		return "", ""
	}
	// The format's limits: it writes no time for a kan dora (its reader
	// reveals one where Tenhou's public lobbies do), and it places a
	// disconnection by the number of actions before it (the decoder puts
	// two at the same step in the other order, and one between a hand's
	// last action and its result before the result).
	for _, l := range []struct {
		drop logdiff.Fields
		why  string
	}{
		{logdiff.DoraTiming, "a kan dora revealed elsewhere than where tenhou.net/6's reader puts it (the format has no place for the time)"},
		{logdiff.Connection, "disconnections at the same step, or between the last action and the result, come back in another order"},
		{logdiff.DoraTiming | logdiff.Connection, "a kan dora's time and disconnections' order"},
	} {
		if slices.Equal(logdiff.Lines(g, drop|l.drop), logdiff.Lines(g2, drop|l.drop)) {
			return l.why, ""
		}
	}
	return "", "events (-original +round trip):\n" + d
}

// TestEncodeCorpus decodes every tenhou.net/6 and mjlog game of the
// corpus, encodes it, decodes the output again and compares the two games
// (roundTripDiff: their events and records but what tenhou.net/6 cannot carry,
// and its metadata). A game the decoder reads with an error is left out
// (its log is cut or broken); a game the encoder refuses must be refused
// with ErrUnrepresentable. The games that do not come back, and why, are
// in testdata/encode-corpus.golden with the counts (rewritten with -update);
// any other game that does not come back fails the test.
//
// It also compares the bytes: an official tenhou.net/6 file (ver and ref,
// as Tenhou's mjlog2json.cgi writes them) encoded again, and an mjlog
// encoded, with the official JSON file of the same game where the corpus
// has one, after both are compacted; the counts of identical files, of
// files equal as JSON values (they differ in key order or number
// formatting only) and of others are in the golden.
func TestEncodeCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus round trip takes a while; skipped with -short")
	}
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	official := map[string][]byte{} // log id → compacted official JSON
	var md tenhou.Decoder
	var jd Decoder
	var g event.Game
	counts := map[string]int{}
	var notBack []string
	var bytesReport []string
	for _, e := range entries {
		if e.Format != "tenhou6" && e.Format != "mjlog" {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if e.Format == "mjlog" {
			err = md.Decode(data, e.File, &g)
		} else {
			err = jd.Decode(data, e.File, &g)
		}
		counts[e.Format+" files"]++
		if err != nil {
			counts[e.Format+" not decoded"]++
			continue
		}
		out, g2, err := roundTrip(&g)
		msg := func() string { return strings.TrimPrefix(err.Error(), e.File+": ") }
		switch {
		case err != nil && out == nil && errors.Is(err, ErrUnrepresentable):
			counts[e.Format+" refused (unrepresentable)"]++
			notBack = append(notBack, fmt.Sprintf("%s: refused: %s", e.File, msg()))
			continue
		case err != nil && out == nil:
			t.Errorf("%s: %v", e.File, err)
			continue
		case err != nil:
			// The decoder cannot read what the game became (an edited
			// log without play, a kan dora where its reader does not
			// reveal one).
			counts[e.Format+" encoded but not decoded again"]++
			notBack = append(notBack, fmt.Sprintf("%s: not decoded again: %s", e.File, msg()))
			continue
		}
		loss, d := roundTripDiff(&g, g2)
		switch {
		case d != "":
			t.Errorf("%s does not come back from tenhou.net/6: %s", e.File, d)
			continue
		case loss != "":
			counts[e.Format+" back but for the format's limits"]++
			notBack = append(notBack, fmt.Sprintf("%s: back but for %s", e.File, loss))
			continue
		}
		counts[e.Format+" round-tripped"]++
		// Bytes: a file in the official form (ver, ref) that Tenhou
		// wrote; the official form of Mahjong Soul games (tensoul's) is
		// another program's.
		if e.Format == "tenhou6" && g.Meta.ID != "" && bytes.Contains(data, []byte(`"ver"`)) {
			var c bytes.Buffer
			if err := json.Compact(&c, data); err != nil {
				t.Fatal(err)
			}
			what := "official tenhou6 files"
			if g.Meta.Platform == event.Majsoul {
				what = "tensoul files in the official form"
			} else {
				official[g.Meta.ID] = bytes.TrimSpace(c.Bytes())
			}
			verdict := compareJSON(c.Bytes(), out)
			counts[what+", encoded again: "+verdict.kind]++
			if verdict.kind != "identical" {
				bytesReport = append(bytesReport, fmt.Sprintf("%s: %s", e.File, verdict.detail))
			}
		}
	}
	// mjlogs whose official JSON the corpus has.
	for _, e := range entries {
		if e.Format != "mjlog" || (e.Kind != "real" && e.Kind != "real-reformatted") {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		id := logID.FindString(filepath.Base(e.File))
		if id == "" || official[id] == nil || md.Decode(data, e.File, &g) != nil {
			continue
		}
		g.Meta.ID = id // as haifu names a game from its file name
		var e2 Encoder
		var buf bytes.Buffer
		if err := e2.Encode(&buf, &g); err != nil {
			continue
		}
		verdict := compareJSON(official[g.Meta.ID], buf.Bytes())
		counts["mjlog files with an official tenhou6 twin, encoded: "+verdict.kind]++
		if verdict.kind != "identical" {
			bytesReport = append(bytesReport, fmt.Sprintf("%s (vs the official JSON): %s", e.File, verdict.detail))
		}
	}
	var b strings.Builder
	b.WriteString(`# The corpus's tenhou.net/6 and mjlog games encoded as tenhou.net/6 and
# decoded again (TestEncodeCorpus; rewrite with go test ./parser/tenhou6
# -run EncodeCorpus -update and review the diff).
`)
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %d\n", k, counts[k])
	}
	b.WriteString("\n# Games tenhou.net/6 cannot carry, and why:\n")
	slices.Sort(notBack)
	for _, l := range notBack {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n# Files whose bytes differ from the official tenhou.net/6 JSON (compacted):\n")
	slices.Sort(bytesReport)
	for _, l := range bytesReport {
		b.WriteString(l + "\n")
	}
	got := b.String()
	golden := filepath.Join("testdata", "encode-corpus.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./parser/tenhou6 -run EncodeCorpus -update to create it)", err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("the round trip differs from %s (-want +got):\n%s", golden, d)
	}
}

// jsonVerdict is how encoded JSON compares with an official file.
type jsonVerdict struct {
	kind   string // "identical", "same value" or "different"
	detail string
}

// compareJSON compares official JSON (compacted) with the encoder's.
func compareJSON(official, ours []byte) jsonVerdict {
	official, ours = bytes.TrimSpace(official), bytes.TrimSpace(ours)
	if bytes.Equal(official, ours) {
		return jsonVerdict{kind: "identical"}
	}
	var a, b any
	if json.Unmarshal(official, &a) != nil || json.Unmarshal(ours, &b) != nil {
		return jsonVerdict{"different", "not JSON"}
	}
	if reflect.DeepEqual(a, b) {
		return jsonVerdict{"same value", "the same JSON value: " + firstDiff(official, ours)}
	}
	var paths []string
	jsonPaths(&paths, "", a, b)
	if len(paths) > 6 {
		paths = append(paths[:6], fmt.Sprintf("and %d more", len(paths)-6))
	}
	return jsonVerdict{"different", "values differ at " + strings.Join(paths, ", ")}
}

// jsonPaths lists the paths at which two JSON values differ.
func jsonPaths(out *[]string, path string, a, b any) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := map[string]bool{}
		for k := range x {
			keys[k] = true
		}
		for k := range y {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		slices.Sort(sorted)
		for _, k := range sorted {
			jsonPaths(out, path+"."+k, x[k], y[k])
		}
		return
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			break
		}
		for i := range x {
			jsonPaths(out, fmt.Sprintf("%s[%d]", path, i), x[i], y[i])
		}
		return
	}
	if !reflect.DeepEqual(a, b) {
		switch {
		case a == nil:
			*out = append(*out, path+" (only ours)")
		case b == nil:
			*out = append(*out, path+" (only official)")
		default:
			*out = append(*out, fmt.Sprintf("%s (official %v, ours %v)", path, short(a), short(b)))
		}
	}
}

// short renders a JSON value for a message.
func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// logID matches a Tenhou log id in a file name.
var logID = regexp.MustCompile(`\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}`)

// firstDiff shows where two byte strings first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-30)
	return fmt.Sprintf("at byte %d: official …%s… ours …%s…", i, a[from:min(len(a), i+30)], b[from:min(len(b), i+30)])
}

// TestEncodeNotation decodes tenhou.net/6 documents written as Tenhou
// writes them (sorted hands, every item in its canonical form), encodes
// the games and expects the same JSON values back: every kind of item and
// result in Tenhou's notation.
func TestEncodeNotation(t *testing.T) {
	const sanmaHead = `{"title":["",""],"name":["A","B","C",""],"rule":{"disp":"三般南喰赤","aka":1},"log":[`
	tests := []struct {
		name string
		head string
		r    rnd
	}{
		{"draws, 60 and 流局", editorHead, rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "25", "42", "43"}, out: [4]string{"60", "41", "60", "11"},
			res: `["流局",[1500,-500,-500,-500]]`}},
		{"riichi r60 accepted, riichi ronned", editorHead, rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "42", "", ""}, out: [4]string{`"r60"`, `"r41"`, "", ""},
			res: `["和了",[0,-1000,1000,0],[2,1,2,"30符1飜1000点","役牌 白(1飜)"]]`}},
		{"pon from the seat across, chi from the left, 全員不聴", editorHead, rnd{
			hands: [4]string{"123456789m55p33z", "123456789m46p19s", "55p1239s1234567z", handD},
			in:    [4]string{"41,44", `"c252426"`, `"25p2525"`, "43"}, out: [4]string{"25,25", "31", "39", "60"},
			res: `["全員不聴"]`}},
		{"open kan from the right: placeholder, replacement, kan dora", editorHead, rnd{
			dora:  "1m2m",
			hands: [4]string{"123456789m1p222z", "123p123456789s2z", handC, handD},
			in:    [4]string{`41,"424242m42",31`, "29", "", ""}, out: [4]string{"21,0,60", "42", "", ""},
			res: `["和了",[-2000,2000,0,0],[1,0,1,"40符1飜2000点","役牌 中(1飜)"]]`}},
		{"closed kan, rinshan tsumo by the dealer", editorHead, rnd{
			dora:  "1m2m",
			hands: [4]string{"1234567899m777z", handB, handC, handD},
			in:    [4]string{"47,11", "", "", ""}, out: [4]string{`"474747a47"`, "", "", ""},
			res: `["和了",[6000,-2000,-2000,-2000],[0,0,0,"満貫2000点∀","嶺上開花(1飜)","役牌 中(1飜)"]]`}},
		{"pon from the left, added kan, chankan", editorHead, rnd{
			hands: [4]string{"1123456789m123p", handB, handC, handD},
			in:    [4]string{`45,"p111111",11`, "46,41", "47,42", "44,43"},
			out:   [4]string{`60,19,"k11111111"`, "60,60", "60,60", "11,60"},
			res:   `["和了",[-2600,0,2600,0],[2,0,2,"40符2飜2600点","槍槓(1飜)","ドラ(1飜)"]]`}},
		{"two winners, one with a liable seat, ura", editorHead, rnd{
			hdr: "1,2,1", ura: "9s",
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"44", "41,45", "42", "43"}, out: [4]string{"60", "60,60", `"r60"`, "60"},
			res: `["和了",[0,-8600,10600,0],[2,1,2,"満貫8000点","立直(1飜)","ドラ(3飜)","赤ドラ(1飜)"],[0,-32000,0,32000],[3,1,0,"役満32000点","大三元(役満)"]]`}},
		{"a non-dealer's tsumo", editorHead, rnd{
			hdr:   "0,1,0",
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "42", "", ""}, out: [4]string{"60", "", "", ""},
			res: `["和了",[-1400,2400,-500,-500],[1,1,1,"30符2飜400-700点","門前清自摸和(1飜)","ドラ(1飜)"]]`}},
		{"九種九牌", editorHead, rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "", "", ""}, res: `["九種九牌"]`}},
		{"全員聴牌", editorHead, rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "", "", ""}, out: [4]string{"60", "", "", ""}, res: `["全員聴牌"]`}},
		{"流し満貫", editorHead, rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "", "", ""}, out: [4]string{"60", "", "", ""}, res: `["流し満貫",[-4000,8000,-2000,-2000]]`}},
		{"sanma: kita and its replacement, a tsumo", sanmaHead, rnd{
			hands: [4]string{"19m19p19s1234567z", "1199m1199p1199s5z", "1199m1199p1199s6z", ""},
			in:    [4]string{"44,21", "39", "29", ""}, out: [4]string{`"f44",60`, "60", "", ""},
			res: `["和了",[-1000,-500,1500,0],[2,2,2,"30符1飜500-1000点","門前清自摸和(1飜)"]]`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := doc(t, tc.head, tc.r)
			g, err := decodeString(t, in)
			if err != nil {
				t.Fatal(err)
			}
			var e Encoder
			var buf bytes.Buffer
			if err := e.Encode(&buf, g); err != nil {
				t.Fatal(err)
			}
			var want, got any
			if err := json.Unmarshal([]byte(in), &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
				t.Fatalf("%v:\n%s", err, buf.Bytes())
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("(-decoded +encoded):\n%s", d)
			}
		})
	}
}

// TestEncodeYakuNames writes a win with every yaku the encoder names and
// expects the decoder to read each back as the same yaku.
func TestEncodeYakuNames(t *testing.T) {
	g, err := decodeString(t, doc(t, editorHead, rnd{
		hands: [4]string{handA, handB, handC, handD},
		in:    [4]string{"41", "", "", ""}, out: [4]string{"60", "", "", ""},
		res: `["和了",[-1000,1000,0,0],[1,0,1,"30符1飜1000点","役牌 白(1飜)"]]`,
	}))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 256 {
		id := event.YakuID(i)
		if id.Tenhou6Name() == "" {
			continue
		}
		for _, han := range []uint8{1, 13} {
			w := &g.Wins[0]
			w.NYaku = 0
			if err := w.AddYaku(id, int(han)); err != nil {
				t.Fatal(err)
			}
			var e Encoder
			var buf bytes.Buffer
			if err := e.Encode(&buf, g); err != nil {
				t.Fatal(err)
			}
			g2, err := decodeString(t, buf.String())
			if err != nil {
				t.Fatalf("%v: %v", id, err)
			}
			w2 := &g2.Wins[0]
			if w2.Known&event.KnownYaku == 0 || !slices.Equal(w2.YakuList(), w.YakuList()) {
				t.Errorf("%v (%d han) written %q comes back as %v (known %v)", id, han, id.Tenhou6Name(), w2.YakuList(), w2.Known&event.KnownYaku != 0)
			}
		}
	}
}

// TestEncodeRefuses: what tenhou.net/6 cannot carry is an *event.Error
// naming the hand and wrapping ErrUnrepresentable, and nothing is written.
func TestEncodeRefuses(t *testing.T) {
	even := [4]int32{25000, 25000, 25000, 25000}
	game := func() *gamebuild.Builder {
		b := gamebuild.New(t, 4)
		return b.Round(0, 1, 0, 0, 0, even, handA, handB, handC, handD)
	}
	withPoints := func(b *gamebuild.Builder) *gamebuild.Builder {
		w := &b.G.Wins[len(b.G.Wins)-1]
		w.Points, w.Known = 1000, w.Known|event.KnownPoints
		return b
	}
	tests := []struct {
		name string
		g    func() *gamebuild.Builder
		want string
	}{
		{"a hand without its result", func() *gamebuild.Builder { return game().Draw(0, "1z") }, "round E1-0: tenhou6: the hand has no result"},
		{"a win without its value", func() *gamebuild.Builder {
			return game().Draw(0, "1z").Discard(0, "1z").Win(1, 0, "1z", 1, 30, [4]int32{-1000, 1000, 0, 0})
		}, "seat 1's win has no recorded value"},
		{"another dealer than the hand number's seat", func() *gamebuild.Builder {
			b := gamebuild.New(t, 4)
			return b.Round(0, 1, 0, 0, 2, even, handA, handB, handC, handD).Draw(2, "1z").Ryuukyoku(event.NineTerminals, [4]int32{})
		}, "seat 2 deals hand 1"},
		{"a hand the server stopped", func() *gamebuild.Builder {
			return game().Draw(0, "1z").Discard(0, "1z").Ryuukyoku(event.Interrupted, [4]int32{})
		}, "a hand that ended as interrupted"},
		{"an abortive draw with payments", func() *gamebuild.Builder {
			return game().Draw(0, "1z").Ryuukyoku(event.NineTerminals, [4]int32{1000, -1000, 0, 0})
		}, "an abortive draw with score changes"},
		{"hidden tiles", func() *gamebuild.Builder {
			b := game().Draw(0, "1z").Ryuukyoku(event.NineTerminals, [4]int32{})
			b.G.Meta.HiddenSeats = 2
			return b
		}, "hides seats' tiles"},
		{"hands out of order", func() *gamebuild.Builder {
			// E1-1 then E1-0 (E1-0 twice is the hand after a chombo).
			b := gamebuild.New(t, 4).Round(0, 1, 1, 0, 0, even, handA, handB, handC, handD).Draw(0, "1z").Ryuukyoku(event.NineTerminals, [4]int32{})
			return b.Round(0, 1, 0, 0, 0, even, handA, handB, handC, handD).Draw(0, "1z").Ryuukyoku(event.NineTerminals, [4]int32{})
		}, "the hand comes after a later one"},
		{"a tsumogiri of another tile than the drawn one", func() *gamebuild.Builder {
			b := game().Draw(0, "1z").Add(event.Event{Type: event.Discard, Seat: 0, Tile: b0(t, "1m"), Flags: event.Tsumogiri})
			return withPoints(b.Win(1, 0, "1m", 1, 30, [4]int32{-1000, 1000, 0, 0}))
		}, "marked as the drawn tile"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e Encoder
			var buf bytes.Buffer
			err := e.Encode(&buf, tc.g().G)
			var pe *event.Error
			if !errors.Is(err, ErrUnrepresentable) || !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want an *event.Error wrapping ErrUnrepresentable with %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %q", buf.String())
			}
		})
	}
}

// b0 parses one tile.
func b0(t *testing.T, s string) tile.Tile {
	t.Helper()
	x, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// FuzzEncode decodes arbitrary bytes as tenhou.net/6; a game that decodes
// without error is encoded, and the encoding must decode without error
// into the same game (roundTripDiff; the order of two disconnections at
// one step, which the decoder reverses, aside), and encode again into the
// same bytes but for that order. The encoder may refuse a game only with
// ErrUnrepresentable.
func FuzzEncode(f *testing.F) {
	for _, r := range []rnd{
		{hands: [4]string{handA, handB, handC, handD}, in: [4]string{"41", "25", "42", "43"}, out: [4]string{"60", "41", "60", "11"}, res: `["流局",[1500,-500,-500,-500]]`},
		{dora: "1m2m", hands: [4]string{"1234567899m777z", handB, handC, handD}, in: [4]string{"47,11", "", "", ""}, out: [4]string{`"474747a47"`, "", "", ""},
			res: `["和了",[6000,-2000,-2000,-2000],[0,0,0,"満貫2000点∀","嶺上開花(1飜)","役牌 中(1飜)"]]`},
		{hands: [4]string{"1123456789m123p", handB, handC, handD}, in: [4]string{`45,"p111111",11`, "46,41", "47,42", "44,43"}, out: [4]string{`60,19,"k11111111"`, "60,60", "60,60", "11,60"},
			res: `["和了",[-2600,0,2600,0],[2,0,2,"40符2飜2600点","槍槓(1飜)","ドラ(1飜)"]]`},
		{hands: [4]string{"19m19p19s1234567z", "1199m1199p1199s5z", "1199m1199p1199s6z", ""}, in: [4]string{"44,21", "39", "29", ""}, out: [4]string{`"f44",60`, "60", "", ""},
			res: `["和了",[-1000,-500,1500,0],[2,2,2,"30符1飜500-1000点","門前清自摸和(1飜)"]]`},
	} {
		f.Add([]byte(doc(f, editorHead, r)))
	}
	seeds, _ := filepath.Glob("../../fixtures/*/tenhou6/*")
	if dir := corpus.Find(); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "tenhou6", "*"))
		for _, m := range more {
			if st, err := os.Stat(m); err == nil && st.Size() < 6000 {
				seeds = append(seeds, m)
			}
		}
	}
	for _, p := range seeds {
		if data, err := corpus.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		var g event.Game
		if d.Decode(data, "fuzz", &g) != nil {
			return
		}
		out, g2, err := roundTrip(&g)
		switch {
		case err != nil && out == nil:
			if !errors.Is(err, ErrUnrepresentable) {
				t.Fatalf("the encoder fails with %v", err)
			}
			return
		case err != nil:
			t.Fatalf("the encoded game does not decode: %v\n%s", err, out)
		}
		loss, diff := roundTripDiff(&g, g2)
		if diff != "" || loss != "" && !strings.HasPrefix(loss, "disconnections") {
			t.Fatalf("the game does not come back: %s%s\n%s", loss, diff, out)
		}
		out2, _, err := roundTrip(g2)
		if err != nil {
			t.Fatalf("encoding the decoded encoding: %v", err)
		}
		if loss == "" && !bytes.Equal(out, out2) {
			t.Fatalf("encoding is not stable:\n%s\n%s", out, out2)
		}
	})
}
