package convert_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu"
	"github.com/haifu/haifu/convert"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
)

// logID matches a Tenhou log id in a file name.
var logID = regexp.MustCompile(`\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}`)

// readGame decodes the only (or first) game of a corpus file.
func readGame(t *testing.T, path string) *event.Game {
	t.Helper()
	for g, err := range haifu.Games(context.Background(), haifu.Paths(path), nil) {
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		c := *g
		c.Events = slices.Clone(g.Events)
		c.Rounds = slices.Clone(g.Rounds)
		c.Wins = slices.Clone(g.Wins)
		c.Ryuukyoku = slices.Clone(g.Ryuukyoku)
		c.Scores = slices.Clone(g.Scores)
		c.End = slices.Clone(g.End)
		return &c
	}
	t.Fatalf("%s: no game", path)
	return nil
}

// diffLacks is what haifu diff leaves out of a comparison of a and b.
func diffLacks(a, b *event.Game) logdiff.Fields {
	return parser.Lacks(a) | parser.Lacks(b) | logdiff.YakuOrder
}

// converted converts g and decodes the result again.
func converted(t *testing.T, c *convert.Converter, g *event.Game, to event.Format) ([]byte, *event.Game) {
	t.Helper()
	out, err := c.Convert(g)
	if err != nil {
		t.Fatalf("%s: %v", g.Meta.Path, err)
	}
	data := slices.Clone(out.Files[0].Data)
	dec, _ := parser.NewFormatDecoder(to)
	var back event.Game
	if err := dec.Decode(data, g.Meta.Path, &back); err != nil {
		t.Fatal(err)
	}
	return data, &back
}

// TestAgreement holds haifu's conversions to the real thing, as
// testdata/agreement.golden says it (rewrite with -update and review):
//
//   - every mjlog of the corpus that has Tenhou's own tenhou.net/6
//     download beside it (the log id in the file name, the download in
//     the official form: ver, ref) is converted to tenhou.net/6; the
//     conversion and the download must agree under diff, and their bytes
//     are compared (compacted JSON): identical, the same JSON value, or
//     different, with where;
//   - every mjai file of the corpus that another converter wrote from a
//     Tenhou log of the corpus is diffed with haifu's conversion of that
//     log to mjai; each difference (the first of each hand) must be one
//     the pair's explanations account for, and is shown with what haifu
//     verify finds in the third-party file at that hand (the rules) and
//     that the source log agrees with haifu's conversion.
func TestAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus; skipped with -short")
	}
	dir := corpus.Dir(t)
	var b strings.Builder
	b.WriteString(`# haifu's conversions against the real thing (TestAgreement; rewrite with
# go test ./convert -run Agreement -update and review the diff).

# 1. Tenhou's own tenhou.net/6 downloads and convert --to tenhou6 of their mjlog.
`)
	officialAgreement(t, dir, &b)
	b.WriteString("\n# 2. mjai written by other converters from Tenhou logs, diffed with convert --to mjai of the same log.\n")
	thirdParty(t, dir, &b)
	p := filepath.Join("testdata", "agreement.golden")
	got := b.String()
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (go test ./convert -run Agreement -update writes it)", err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", p, d)
	}
}

func officialAgreement(t *testing.T, dir string, b *strings.Builder) {
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	official := map[string]string{} // log id → the official file
	for _, e := range entries {
		if e.Format != "tenhou6" {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil || !bytes.Contains(data, []byte(`"ver"`)) || e.Kind == "nonstandard" {
			continue
		}
		g := readGame(t, filepath.Join(dir, e.File))
		if g.Meta.ID != "" && g.Meta.Platform == event.Tenhou {
			official[g.Meta.ID] = e.File
		}
	}
	c, err := convert.New(event.FormatTenhou6, nil)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	var notes []string
	for _, e := range entries {
		if e.Format != "mjlog" || (e.Kind != "real" && e.Kind != "real-reformatted") {
			continue
		}
		id := logID.FindString(filepath.Base(e.File))
		off, ok := official[id]
		if id == "" || !ok {
			continue
		}
		src := readGame(t, filepath.Join(dir, e.File))
		if src.Meta.ID != id {
			continue // the file's name is not its game's id
		}
		counts["mjlog files with an official download"]++
		ours, back := converted(t, c, src, event.FormatTenhou6)
		offGame := readGame(t, filepath.Join(dir, off))
		if r := logdiff.Compare(back, offGame, diffLacks(back, offGame)); r.Equal() {
			counts["agree under diff"]++
		} else {
			d := r.Diffs[0]
			notes = append(notes, fmt.Sprintf("%s vs %s: DIFFER at %s: %q / %q", e.File, off, d.Round, d.Says[0], d.Says[1]))
			t.Errorf("%s: its conversion and %s differ: %+v", e.File, off, d)
		}
		offData, _ := corpus.ReadFile(filepath.Join(dir, off))
		kind, detail := compareJSON(offData, ours)
		counts["bytes (compacted JSON): "+kind]++
		if kind != "identical" {
			notes = append(notes, fmt.Sprintf("%s vs %s: %s", e.File, off, detail))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(b, "%s: %d\n", k, counts[k])
	}
	slices.Sort(notes)
	for _, n := range notes {
		b.WriteString(n + "\n")
	}
}

// compareJSON compares an official file (compacted) with ours.
func compareJSON(official, ours []byte) (kind, detail string) {
	var c bytes.Buffer
	if err := json.Compact(&c, official); err != nil {
		return "different", "the official file is not JSON"
	}
	a, o := bytes.TrimSpace(c.Bytes()), bytes.TrimSpace(ours)
	if bytes.Equal(a, o) {
		return "identical", ""
	}
	var va, vo any
	json.Unmarshal(a, &va)
	json.Unmarshal(o, &vo)
	if reflect.DeepEqual(va, vo) {
		return "same JSON value", "the same JSON value in other bytes"
	}
	return "different", "JSON values differ"
}

// explanation accounts for one kind of difference between a third-party
// conversion (A) and haifu's (B).
type explanation struct {
	why   string
	match func(d *logdiff.Diff) bool
}

// says reports whether the two sides of d hold a and b.
func says(a, b string) func(d *logdiff.Diff) bool {
	return func(d *logdiff.Diff) bool { return strings.Contains(d.Says[0], a) && strings.Contains(d.Says[1], b) }
}

// renamedRound: the two logs name the same hand (the same deal)
// differently.
func renamedRound(d *logdiff.Diff) bool {
	return strings.HasPrefix(d.Says[0], "round ") && strings.HasPrefix(d.Says[1], "round ") && d.Event[0] >= 0
}

var (
	sanmaRounds = explanation{
		"mortal-sanma's converter numbers a sanma game's South and West hands one hand on: Tenhou's S1 (seat 0 deals) becomes S2 with oya 1, S3 becomes W1 (the source's INIT names the hand as B does; the rules give S1 after E3 in sanma)",
		renamedRound,
	}
	pairs = []struct {
		third, source, writer string
		explain               []explanation
	}{
		{"mjai/gimite__test.mjlog.golden.log", "mjlog/gimite__test.mjlog", "gimite/mjai's converter", []explanation{{
			"gimite's converter resets the honba when the dealer changes after an exhaustive draw, where Tenhou keeps counting: its S4-0 is the source's S4-8 (the source's INIT says honba 8)",
			func(d *logdiff.Diff) bool {
				return renamedRound(d) && strings.HasPrefix(d.Says[0], "round S4-0 ") && strings.HasPrefix(d.Says[1], "round S4-8 ")
			},
		}}},
		{"mjai/msanma__sample2.mjson", "mjlog/msanma__sample.xml", "mortal-sanma's old converter", []explanation{{
			"mortal-sanma's old converter (before nukidora) writes a kita as a tsumogiri dahai of N, the source has a kita (and its replacement draw)",
			says("discard 4z tsumogiri", "kita 4z"),
		}, sanmaRounds}},
		{"mjai/msanma__sample-nuki.mjson", "mjlog/msanma__2026011605gm-00b9-0000-8fab616e.xml", "mortal-sanma's converter", []explanation{{
			"mortal-sanma's converter writes a pon after the next seat's draw and discard: the source has the pon right after the discard it calls",
			func(d *logdiff.Diff) bool {
				return strings.Contains(d.Says[0], " draw ") && strings.Contains(d.Says[1], " call pon ")
			},
		}, sanmaRounds}},
		{"mjai/rmss__fukugou.json", "mjlog/rmss__fukugou.xml", "tenhou-paifu-to-json", nil},
		{"mjai/rmss__kakan.json", "mjlog/rmss__kakan.xml", "tenhou-paifu-to-json", nil},
		{"mjai/rmss__pao.json", "mjlog/rmss__pao.json", "tenhou-paifu-to-json", nil},
		{"mjai/rmss__test.json", "mjlog/rmss__test.xml", "tenhou-paifu-to-json", []explanation{{
			"tenhou-paifu-to-json marks a discard tsumogiri when it is tile id 0 (a 1m) right after a call: it compares the discard with the last draw's id, which it resets to 0 at a call",
			says("discard 1m tsumogiri", "discard 1m"),
		}}},
		{"mjai/rmss__yakumann.json", "mjlog/rmss__yakumann.xml", "tenhou-paifu-to-json", nil},
	}
)

func thirdParty(t *testing.T, dir string, b *strings.Builder) {
	c, err := convert.New(event.FormatMjai, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		third := readGame(t, filepath.Join(dir, p.third))
		src := readGame(t, filepath.Join(dir, p.source))
		_, ours := converted(t, c, src, event.FormatMjai)
		var cmpr logdiff.Comparer
		r := cmpr.Compare(third, ours, diffLacks(third, ours))
		fmt.Fprintf(b, "\n%s (%s) vs convert --to mjai of %s: %d hands compared, %d places differ\n", p.third, p.writer, p.source, r.Hands, len(r.Diffs))
		fmt.Fprintf(b, "  only %s records: %s\n", p.third, counted(&r.Lost))
		fmt.Fprintf(b, "  only haifu's conversion records: %s\n", counted(&r.Gained))
		if r.Equal() {
			continue
		}
		findings := verifyFindings(t, filepath.Join(dir, p.third))
		srcFindings := verifyFindings(t, filepath.Join(dir, p.source))
		used := map[int]bool{}
		for _, d := range r.Diffs {
			k := slices.IndexFunc(p.explain, func(e explanation) bool { return e.match(&d) })
			where := d.Round
			if where == "" {
				where = "game"
			}
			fmt.Fprintf(b, "  %s: event %d / %d: %q / %q (then %d / %d facts of the hand unmatched)\n", where, d.Event[0], d.Event[1], d.Says[0], d.Says[1], d.Unmatched[0], d.Unmatched[1])
			if k < 0 {
				t.Errorf("%s: a difference no explanation accounts for: %+v", p.third, d)
				b.WriteString("    UNEXPLAINED\n")
				continue
			}
			used[k] = true
			fmt.Fprintf(b, "    explained: %s\n", p.explain[k].why)
			round := d.Round
			if d.Only == 2 {
				round = "" // a hand only haifu's has: its twin in A is named otherwise
			}
			fmt.Fprintf(b, "    haifu verify of %s in this hand: %s\n", filepath.Base(p.third), findings.in(round))
			if round != "" && srcFindings.in(round) != "nothing" {
				fmt.Fprintf(b, "    (the source log: %s)\n", srcFindings.in(round))
			}
		}
		for k, e := range p.explain {
			if !used[k] {
				t.Errorf("%s: the explanation %q accounts for nothing any more", p.third, e.why)
			}
		}
	}
	// The source logs agree with haifu's conversions (Convert proves it);
	// the third-party files that cannot be compared are named.
	fmt.Fprintf(b, "\nmjai/msanma__sample.mjson: not comparable: %s\n", readError(t, filepath.Join(dir, "mjai/msanma__sample.mjson")))
	fmt.Fprintf(b, "mjai/msanma__sample3.mjson: not comparable: the corpus has no source log of its game\n")
}

// counted describes counts by field, or "nothing".
func counted(c *logdiff.Counts) string {
	var parts []string
	c.Each(func(f logdiff.Fields, n int) { parts = append(parts, fmt.Sprintf("%s (%d)", f.Describe(), n)) })
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// found are the findings of haifu verify on one file.
type found []string

// in lists the checks found in a round, or "nothing".
func (f found) in(round string) string {
	var out []string
	for _, l := range f {
		if r, rest, ok := strings.Cut(l, " "); ok && (round == "" || r == round) {
			if !slices.Contains(out, rest) {
				out = append(out, rest)
			}
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	if len(out) > 3 {
		out = append(out[:3], fmt.Sprintf("and %d more", len(out)-3))
	}
	return strings.Join(out, "; ")
}

// verifyFindings returns "ROUND CHECK: MESSAGE" for every finding of haifu
// verify on a file.
func verifyFindings(t *testing.T, path string) found {
	rep, err := haifu.Verify(context.Background(), haifu.Paths(path), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out found
	for _, g := range rep.Games {
		for _, f := range g.Findings {
			out = append(out, fmt.Sprintf("%v %s: %s", f.Round, f.Check, f.Message))
		}
	}
	return out
}

// readError returns why a file does not read, without its path.
func readError(t *testing.T, path string) string {
	for _, err := range haifu.Games(context.Background(), haifu.Paths(path), nil) {
		if err != nil {
			return strings.ReplaceAll(err.Error(), path+": ", "")
		}
	}
	return "it reads"
}
