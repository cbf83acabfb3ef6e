package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// diffLine is one line of haifu diff --json.
type diffLine struct {
	Type        string
	Round       *string
	Only        *string
	EventA      *int   `json:"event_a"`
	EventB      *int   `json:"event_b"`
	ASays       string `json:"a_says"`
	BSays       string `json:"b_says"`
	Agree       bool
	HandsDiffer int `json:"hands_differ"`
}

// runDiffJSON runs haifu diff --json a b and returns its lines and exit
// code.
func runDiffJSON(t *testing.T, a, b string) ([]diffLine, int) {
	t.Helper()
	out, stderr, code := haifu(t, "", "diff", "--json", a, b)
	var lines []diffLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var d diffLine
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("%v: %s (stderr %s)", err, l, stderr)
		}
		lines = append(lines, d)
	}
	return lines, code
}

// decodeFile decodes the only game of a file.
func decodeFile(t *testing.T, p string) *event.Game {
	t.Helper()
	var g event.Game
	var dec parser.Decoder
	err := parser.Walk([]string{p}, parser.Options{}, func(in parser.Input) error { return dec.Decode(&in, &g) })
	if err != nil {
		t.Fatal(err)
	}
	return &g
}

// TestDiffAgrees: a log and its conversions agree with it (exit 0), an
// mjlog and Tenhou's own tenhou.net/6 download of the game too.
func TestDiffAgrees(t *testing.T) {
	src := "../../fixtures/good/mjlog/pantheon__four_kan_draw.xml"
	dir := t.TempDir()
	for _, to := range []string{"mjai", "tenhou6"} {
		out, stderr, code := haifu(t, "", "convert", "--to", to, src)
		if code != 0 {
			t.Fatalf("convert --to %s: exit %d: %s", to, code, stderr)
		}
		p := filepath.Join(dir, "out."+to)
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		text, _, code := haifu(t, "", "diff", src, p)
		if code != 0 || !strings.Contains(text, "the logs agree on everything both can carry") {
			t.Errorf("diff with its %s conversion: exit %d:\n%s", to, code, text)
		}
	}
	lines, code := runDiffJSON(t, "../../fixtures/good/mjlog/riichirs__2016022509gm-0009-0000-b327da61.xml", "../../fixtures/good/tenhou6/riichirs__2016022509gm-0009-0000-b327da61.json")
	if code != 0 || len(lines) != 1 || lines[0].Type != "summary" || !lines[0].Agree {
		t.Errorf("mjlog and its official tenhou.net/6: exit %d, %+v", code, lines)
	}
}

// mutation changes one event of a log's text.
type mutation struct {
	name string
	// re finds the text to change (its occurrence number k); repl is what
	// the last group becomes, given the groups of the match.
	re   *regexp.Regexp
	k    int
	repl func(groups []string) string
	// says is a word the mutated log's line must hold.
	says string
}

// TestDiffMutations changes one event of a log (a payment, a discard, a
// dora indicator, a call) and diffs the log with the original: exit 1, and
// the first difference names the mutated event in both, the rest of the
// game agreeing. It does it to an mjlog against itself, and to the mjai
// conversion of the mjlog against the mjlog (a converter's bug).
func TestDiffMutations(t *testing.T) {
	src := "../../fixtures/good/mjlog/pantheon__four_kan_draw.xml"
	orig, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	mjai, _, code := haifu(t, "", "convert", "--to", "mjai", src)
	if code != 0 {
		t.Fatal("convert failed")
	}
	tileID := func(g []string) string {
		n, _ := strconv.Atoi(g[1])
		return strconv.Itoa((n + 36) % 136) // another kind
	}
	plus := func(d int) func(g []string) string {
		return func(g []string) string { n, _ := strconv.Atoi(g[1]); return strconv.Itoa(n + d) }
	}
	mjlogMutations := []mutation{
		{"a payment", regexp.MustCompile(`<AGARI [^>]*sc="[0-9-]+,(-?[0-9]+),`), 0, plus(10), "deltas"},
		{"a discard", regexp.MustCompile(`<D([0-9]+)/>`), 7, tileID, "discard"},
		{"a dora indicator", regexp.MustCompile(`<DORA hai="([0-9]+)"`), 0, tileID, "dora"},
		{"a call", regexp.MustCompile(`<N who="([0-9])" m="[0-9]+" />`), 0, func(g []string) string { n, _ := strconv.Atoi(g[1]); return strconv.Itoa((n + 1) % 4) }, "call"},
	}
	mjaiMutations := []mutation{
		{"a payment", regexp.MustCompile(`"type":"ryukyoku"[^\n]*"deltas":\[(-?[0-9]+),`), 0, plus(1000), "deltas"},
		{"a discard", regexp.MustCompile(`"type":"dahai","actor":[0-9],"pai":"([^"]+)"`), 7, func(g []string) string {
			if g[1] == "C" {
				return "P"
			}
			return "C"
		}, "discard"},
		{"a dora indicator", regexp.MustCompile(`"type":"dora","dora_marker":"([^"]+)"`), 1, func(g []string) string {
			if g[1] == "9s" {
				return "1s"
			}
			return "9s"
		}, "dora"},
		// The pon called from another seat than the discarder's.
		{"a call", regexp.MustCompile(`"type":"pon","actor":([0-9]),"target":([0-9])`), 0, func(g []string) string {
			a, _ := strconv.Atoi(g[1])
			tg, _ := strconv.Atoi(g[2])
			for s := range 4 {
				if s != a && s != tg {
					return strconv.Itoa(s)
				}
			}
			return g[1]
		}, "call"},
	}
	dir := t.TempDir()
	for _, set := range []struct {
		name string
		text string
		ext  string
		muts []mutation
	}{{"mjlog", string(orig), ".xml", mjlogMutations}, {"mjai", mjai, ".mjson", mjaiMutations}} {
		for _, m := range set.muts {
			t.Run(set.name+" "+m.name, func(t *testing.T) {
				locs := m.re.FindAllStringSubmatchIndex(set.text, -1)
				if len(locs) <= m.k {
					t.Fatalf("only %d matches of %v", len(locs), m.re)
				}
				loc := locs[m.k]
				var groups []string
				for i := 0; i < len(loc); i += 2 {
					groups = append(groups, set.text[loc[i]:loc[i+1]])
				}
				lo, hi := loc[len(loc)-2], loc[len(loc)-1]
				mutated := set.text[:lo] + m.repl(groups) + set.text[hi:]
				p := filepath.Join(dir, strings.ReplaceAll(m.name, " ", "_")+set.ext)
				if err := os.WriteFile(p, []byte(mutated), 0o644); err != nil {
					t.Fatal(err)
				}
				// The event the mutated text belongs to.
				g := decodeFile(t, p)
				want := -1
				for i, e := range g.Events {
					if set.name == "mjlog" && e.Pos.Offset >= 0 && int(e.Pos.Offset) <= loc[0] {
						want = i
					}
					if set.name == "mjai" && int(e.Pos.Index) == strings.Count(mutated[:loc[0]], "\n")+1 {
						want = i
					}
				}
				lines, code := runDiffJSON(t, src, p)
				if code != 1 {
					t.Fatalf("exit %d, want 1: %+v", code, lines)
				}
				var diffs []diffLine
				for _, l := range lines {
					if l.Type == "difference" {
						diffs = append(diffs, l)
					}
				}
				if len(diffs) != 1 {
					t.Fatalf("%d differences, want 1: %+v", len(diffs), diffs)
				}
				d := diffs[0]
				if d.EventB == nil || *d.EventB != want || d.ASays == d.BSays || !strings.Contains(d.BSays, m.says) {
					t.Errorf("difference at event %v of B (%q, A %q), want event %d saying %q", d.EventB, d.BSays, d.ASays, want, m.says)
				}
				if set.name == "mjlog" && (d.EventA == nil || *d.EventA != want) {
					t.Errorf("event %v of A, want %d (the same log but for the change)", d.EventA, want)
				}
				if d.EventA != nil && d.EventB != nil {
					a := decodeFile(t, src)
					if ta, tb := a.Events[*d.EventA].Type, g.Events[*d.EventB].Type; ta != tb {
						t.Errorf("the difference is between a %v and a %v", ta, tb)
					}
				}
			})
		}
	}
}

// TestDiffUsage: the exit codes of a bad command line and of logs that
// hold different numbers of games.
func TestDiffUsage(t *testing.T) {
	if _, _, code := haifu(t, "", "diff", "../../fixtures/good/mjlog/pantheon__nagashi.xml"); code != exitUsage {
		t.Errorf("one log: exit %d", code)
	}
	dir := t.TempDir()
	two := filepath.Join(dir, "two.xml")
	one, _ := os.ReadFile("../../fixtures/good/mjlog/pantheon__nagashi.xml")
	os.WriteFile(two, append(append([]byte(nil), one...), one...), 0o644)
	_, stderr, code := haifu(t, "", "diff", two, "../../fixtures/good/mjlog/pantheon__nagashi.xml")
	if code != 1 || !strings.Contains(stderr, "more games") {
		t.Errorf("two games against one: exit %d: %s", code, stderr)
	}
}
