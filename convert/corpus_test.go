package convert

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// targets are the formats haifu writes.
var targets = []event.Format{event.FormatMjai, event.FormatTenhou6}

// TestCorpus converts every game of the corpus that reads completely to
// each target, reads each back and compares it with the game (Convert
// does), and then compares the game read back with the source as haifu
// diff does (leaving out what either format lacks): both must agree. The
// counts by format and target, the games refused with their reason and
// the warnings by kind are in testdata/corpus.golden (rewrite with
// -update and review the diff); a conversion that fails otherwise than by
// ErrUnrepresentable fails the test.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus conversion takes a while; skipped with -short")
	}
	dir := corpus.Dir(t)
	var roots []string
	for _, f := range parser.Formats() {
		roots = append(roots, filepath.Join(dir, f.String()))
	}
	convs := map[event.Format]*Converter{}
	for _, to := range targets {
		c, err := New(to, nil)
		if err != nil {
			t.Fatal(err)
		}
		convs[to] = c
	}
	counts := map[string]int{}
	var refused []string
	warned := map[string]int{}
	var dec parser.Decoder
	var g, back event.Game
	var cmpr logdiff.Comparer
	err := parser.Walk(roots, parser.Options{}, func(in parser.Input) error {
		rel, _ := filepath.Rel(dir, in.Path)
		if in.Err != nil {
			counts["unreadable inputs"]++
			return nil
		}
		err := dec.Decode(&in, &g)
		f := g.Meta.Format.String()
		counts[f+" games"]++
		if err != nil {
			counts[f+" games not read completely (not converted)"]++
			return nil
		}
		counts[f+" games read"]++
		name := rel
		if in.Several {
			name = fmt.Sprintf("%s game %d", rel, in.Game)
		}
		for _, to := range targets {
			key := fmt.Sprintf("%s to %v: ", f, to)
			out, err := convs[to].Convert(&g)
			switch {
			case err != nil:
				why := "refused (the target cannot carry it)"
				switch {
				case errors.Is(err, ErrReadBack):
					why = "written but not read back"
				case errors.Is(err, ErrMismatch):
					why = "written but read back otherwise"
				case !errors.Is(err, ErrUnrepresentable):
					t.Errorf("%s to %v: %v", name, to, err)
					why = "FAILED"
				}
				counts[key+why]++
				msg := strings.ReplaceAll(err.Error(), in.Path+": ", "")
				refused = append(refused, fmt.Sprintf("%s to %v: %s: %s", name, to, why, msg))
				continue
			}
			counts[key+"converted and read back equal"]++
			for _, l := range out.Losses {
				warned[fmt.Sprintf("%s to %v: %s", f, to, l.What)]++
			}
			if out.Tsumogiri > 0 {
				warned[fmt.Sprintf("%s to %v: tsumogiri written from the tile drawn", f, to)]++
			}
			// As haifu diff compares them: what either lacks left out.
			dec2, _ := parser.NewFormatDecoder(to)
			if err := dec2.Decode(out.Files[0].Data, in.Path, &back); err != nil {
				t.Fatal(err)
			}
			if r := cmpr.Compare(&g, &back, parser.Lacks(&g)|parser.Lacks(&back)|logdiff.YakuOrder); !r.Equal() {
				t.Errorf("%s to %v: diff is not clean: %+v", name, to, r.Diffs[0])
			} else {
				counts[key+"diff with the source clean"]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(`# Every game of the corpus converted to each format haifu writes, read back
# and compared (TestCorpus; rewrite with go test ./convert -run Corpus
# -update and review the diff).
`)
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(&b, "%s: %d\n", k, counts[k])
	}
	b.WriteString("\n# What the targets cannot carry, in how many games:\n")
	for _, k := range slices.Sorted(maps.Keys(warned)) {
		fmt.Fprintf(&b, "%s: %d\n", k, warned[k])
	}
	b.WriteString("\n# Games not converted, and why:\n")
	sort.Strings(refused)
	for _, l := range refused {
		b.WriteString(l + "\n")
	}
	golden(t, "corpus.golden", b.String())
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test ./convert -run %s -update to create it)", err, t.Name())
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", p, d)
	}
}
