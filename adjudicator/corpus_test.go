package adjudicator_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/parser/tenhou"
)

// TestCorpusMjlogAuto judges every complete real mjlog written by Tenhou's
// server under the preset --rules auto picks, and expects no finding.
func TestCorpusMjlogAuto(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var d tenhou.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	byCheck := map[string]int{}
	games, hands, shown := 0, 0, 0
	for _, e := range entries {
		if e.Format != "mjlog" || (e.Kind != "real" && e.Kind != "real-reformatted") {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Decode(data, e.File, &g); err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		if g.Meta.Platform != event.Tenhou {
			continue
		}
		rules, err := sel.For(&g)
		if err != nil {
			t.Fatal(err)
		}
		rep := jr.Judge(&g, rules, true)
		if os.Getenv("SHOW") != "" {
			for _, f := range rep.Findings {
				if f.Check.String() == os.Getenv("SHOW") {
					t.Logf("type %d lobby %d", g.Meta.Rules.TenhouType, g.Meta.Rules.TenhouLobby)
					break
				}
			}
		}
		games++
		hands += len(rep.Hands)
		for _, f := range rep.Findings {
			byCheck[f.Check.String()]++
			if f.Check.String() == os.Getenv("SHOW") && shown < 40 {
				shown++
				t.Errorf("%s [%s]: hand %d (%v), event %d: %s: %s (expected %s, recorded %s)", e.File, rules.Name, f.Hand, f.Round, f.Event, f.Check, f.Message, f.Expected, f.Recorded)
			}
		}
	}
	var keys []string
	for k, v := range byCheck {
		keys = append(keys, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(keys)
	t.Logf("%d games, %d hands judged; findings: %s", games, hands, strings.Join(keys, " "))
}

// BenchmarkJudgeCorpus decodes, replays and judges every corpus mjlog from
// memory (the work of `haifu verify` per game, without reading files).
func BenchmarkJudgeCorpus(b *testing.B) {
	docs, size := corpus.ReadAll(b, "mjlog/*")
	var d tenhou.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range docs {
			if d.Decode(data, "", &g) != nil && len(g.Rounds) == 0 {
				continue
			}
			r, _ := sel.For(&g)
			jr.Judge(&g, r, true)
		}
	}
	b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "games/s")
}

// TestCorpusJSONAuto judges the JSON conversions of real games and the
// Mahjong Soul records under their own presets. Whole tenhou.net/6
// conversions and Mahjong Soul records must have no finding. The mjai
// conversions are logged, not asserted: the mortal-sanma and
// tenhou-paifu-to-json converters that wrote them make mistakes that haifu
// reports (see the mjai package's twin test).
func TestCorpusJSONAuto(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var d parser.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	games := map[string]int{}
	for _, e := range entries {
		strict := (e.Format == "tenhou6" && e.Kind == "converted") || (e.Format == "majsoul" && e.Kind == "real-record")
		logged := e.Format == "mjai" && e.Kind == "converted"
		if !strict && !logged {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		in := parser.Input{Path: e.File, Data: data}
		if err := d.Decode(&in, &g); err != nil {
			if strict {
				t.Errorf("%s: %v", e.File, err)
			} else {
				t.Logf("%s: %v", e.File, err)
			}
			continue
		}
		rules, err := sel.For(&g)
		if err != nil {
			t.Fatal(err)
		}
		rep := jr.Judge(&g, rules, true)
		games[e.Format]++
		for _, f := range rep.Findings {
			msg := fmt.Sprintf("%s [%s]: hand %d (%v), event %d: %s: %s (expected %s, recorded %s)", e.File, rules.Name, f.Hand, f.Round, f.Event, f.Check, f.Message, f.Expected, f.Recorded)
			if strict {
				t.Error(msg)
			} else {
				t.Log(msg)
			}
		}
	}
	t.Logf("games judged: %v", games)
	if games["tenhou6"] < 150 || games["majsoul"] != 3 {
		t.Errorf("too few games: %v", games)
	}
}
