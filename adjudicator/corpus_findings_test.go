package adjudicator_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// corpusFormats are the log formats of the corpus, the columns of the
// golden count.
var corpusFormats = []string{"mjlog", "tenhou6", "majsoul", "mjai"}

// TestCorpusFindings counts what haifu finds in every log of the shared
// corpus, by check and by format, and compares the counts with
// testdata/corpus-findings.golden (rewritten with go test ./adjudicator
// -run CorpusFindings -update; review the diff). Each log of the manifest,
// whatever its kind (real, truncated, edited, converted, simulator ...),
// is decoded with package parser and judged under the preset --rules auto
// picks for it, as haifu verify does: a decoding error counts under
// "parse" and a game it leaves without events, or unsupported, is not
// judged; the decoder's warnings count under "parse.warning". So a new
// finding, or one gone, in any format (the mjai conversions included)
// fails the test.
func TestCorpusFindings(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]map[string]int{} // row → format → count
	add := func(row, format string, n int) {
		if counts[row] == nil {
			counts[row] = map[string]int{}
		}
		counts[row][format] += n
	}
	var d parser.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	for _, e := range entries {
		if !slices.Contains(corpusFormats, e.Format) {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		add("files", e.Format, 1)
		err = d.Decode(&parser.Input{Path: e.File, Data: data}, &g)
		if err != nil {
			add("parse", e.Format, 1)
			if len(g.Events) == 0 || errors.Is(err, event.ErrUnsupported) {
				continue
			}
		}
		add("parse.warning", e.Format, len(g.Meta.Warnings))
		rules, err := sel.For(&g)
		if err != nil {
			add("rules", e.Format, 1)
			continue
		}
		rep := jr.Judge(&g, rules, true)
		add("games", e.Format, 1)
		add("hands", e.Format, len(rep.Hands))
		for _, f := range rep.Findings {
			add(f.Check.String(), e.Format, 1)
		}
	}
	var rows []string
	for r := range counts {
		switch r {
		case "files", "games", "hands", "parse", "parse.warning":
		default:
			rows = append(rows, r)
		}
	}
	slices.Sort(rows)
	rows = append([]string{"files", "games", "hands", "parse", "parse.warning"}, rows...)
	var b bytes.Buffer
	b.WriteString(`# What haifu finds in the shared corpus, by check and by format: every
# log of MANIFEST.tsv decoded with package parser and judged under the preset
# --rules auto picks for it (TestCorpusFindings; rewrite with
# go test ./adjudicator -run CorpusFindings -update and review the diff).
# files: the manifest's logs; games: those judged; hands: their hands;
# parse: decoding errors; parse.warning: the decoders' warnings; then the
# findings of each check.
`)
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	fmt.Fprintf(&b, "%-*s", width, "check")
	for _, f := range corpusFormats {
		fmt.Fprintf(&b, " %8s", f)
	}
	b.WriteByte('\n')
	for _, r := range rows {
		fmt.Fprintf(&b, "%-*s", width, r)
		for _, f := range corpusFormats {
			fmt.Fprintf(&b, " %8d", counts[r][f])
		}
		b.WriteByte('\n')
	}
	got := b.String()
	golden := filepath.Join("testdata", "corpus-findings.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./adjudicator -run CorpusFindings -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("the corpus's findings differ from %s (-want +got):\n%s", golden, diff)
	}
}
