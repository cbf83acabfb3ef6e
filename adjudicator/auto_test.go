package adjudicator_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
)

// candidateNames returns the names of the presets --rules auto may judge g
// under.
func candidateNames(t *testing.T, sel *adjudicator.Selector, g *event.Game) []string {
	t.Helper()
	cs, err := sel.Candidates(g)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	return names
}

func TestCandidates(t *testing.T) {
	tenhou4 := func(id, seed, shuffle string) *event.Game {
		g := &event.Game{Meta: event.Meta{Format: event.FormatMjlog, Platform: event.Tenhou, ID: id, Seed: seed}}
		g.Meta.SetTenhouType(0xa9)
		g.Meta.Rules.TenhouLobby = 0
		g.Rounds = []event.Round{{Shuffle: shuffle}}
		return g
	}
	ended := func(g *event.Game, p float64) *event.Game {
		// Rounded points are whole numbers; unrounded ones need not be.
		pts := [4]float64{-16, 47, -36, 5}
		if p != math.Trunc(p) {
			pts = [4]float64{-16.3, 47, -35.7, 5}
		}
		g.End = []event.EndRecord{{Scores: [4]int32{23700, 37000, 14300, 25000}, Points: pts, Known: event.KnownScores | event.KnownPoints2}}
		return g
	}
	sanma := tenhou4("", "mt19937ar-sha512-n288-base64,AAAA", "")
	sanma.Meta.SetTenhouType(0xb9)
	editor := &event.Game{Meta: event.Meta{Format: event.FormatTenhou6, Platform: event.PlatformUnknown, Players: 4,
		Rules: event.Rules{TenhouType: -1, TenhouLobby: -1}}}
	editor3 := &event.Game{Meta: event.Meta{Format: event.FormatTenhou6, Platform: event.PlatformUnknown, Players: 3,
		Rules: event.Rules{TenhouType: -1, TenhouLobby: -1}}}
	jpml := &event.Game{Meta: event.Meta{Format: event.FormatTenhou6, Platform: event.PlatformUnknown, Players: 4,
		Title: "日本プロ麻雀連盟公式ルール / 第1節", Rules: event.Rules{TenhouType: -1, TenhouLobby: -1}}}
	tests := []struct {
		name string
		g    *event.Game
		want []string
	}{
		{"dated 2009-03", tenhou4("2009031012gm-00a9-0000-11111111", "", ""), []string{"tenhou-2009"}},
		{"dated 2009-07-04", tenhou4("2009070400gm-00a9-0000-11111111", "", ""), []string{"tenhou-2009-07"}},
		{"dated 2009-07-29", tenhou4("2009072912gm-00a9-0000-11111111", "", ""), []string{"tenhou-2009-07"}},
		{"dated 2009-08-01", tenhou4("2009080100gm-00a9-0000-11111111", "", ""), []string{"tenhou-2010"}},
		{"dated 2010-03", tenhou4("2010030412gm-00a9-0000-11111111", "", ""), []string{"tenhou-2010"}},
		{"dated June 2010: either era", tenhou4("2010061512gm-00a9-0000-11111111", "", ""), []string{"tenhou", "tenhou-2010"}},
		{"dated 2010-07", tenhou4("2010070100gm-00a9-0000-11111111", "", ""), []string{"tenhou"}},
		{"dated 2016", tenhou4("2016022509gm-00a9-0000-b327da61", "", ""), []string{"tenhou"}},
		{"no date, a seed per hand", tenhou4("", "", "mt19937ar,1,2,3,4,5,6,7,8"), []string{"tenhou-2009", "tenhou-2009-07"}},
		{"no date, hex seed", tenhou4("", "mt19937ar-sha512-n288,00", ""), []string{"tenhou-2009-07", "tenhou-2010"}},
		{"no date, base64 seed", tenhou4("", "mt19937ar-sha512-n288-base64,AAAA", ""), []string{"tenhou", "tenhou-2010"}},
		{"no date, no seed", tenhou4("", "", ""), []string{"tenhou", "tenhou-2009", "tenhou-2009-07", "tenhou-2010"}},
		{"no date, no seed, unrounded final points", ended(tenhou4("", "", ""), -16.3), []string{"tenhou"}},
		{"no date, no seed, whole final points", ended(tenhou4("", "", ""), -16), []string{"tenhou", "tenhou-2009", "tenhou-2009-07", "tenhou-2010"}},
		{"no date, base64 seed, unrounded final points", ended(tenhou4("", "mt19937ar-sha512-n288-base64,AAAA", ""), -16.3), []string{"tenhou"}},
		{"no date, hex seed, unrounded final points: the seed rules the modern era out", ended(tenhou4("", "mt19937ar-sha512-n288,00", ""), -16.3), []string{"tenhou-2009-07", "tenhou-2010"}},
		{"dated 2010-06-01: either era", tenhou4("2010060100gm-00a9-0000-11111111", "", ""), []string{"tenhou", "tenhou-2010"}},
		{"dated 2010-06-30: either era", tenhou4("2010063023gm-00a9-0000-11111111", "", ""), []string{"tenhou", "tenhou-2010"}},
		{"dated 2010-05-31", tenhou4("2010053123gm-00a9-0000-11111111", "", ""), []string{"tenhou-2010"}},
		{"sanma, no date, base64 seed", sanma, []string{"tenhou-sanma", "tenhou-sanma-2010"}},
		{"editor file, four players", editor, []string{"tenhou-private"}},
		{"editor file, three players", editor3, []string{"tenhou-sanma-private"}},
		{"editor file titled for the JPML", jpml, []string{"jpml"}},
	}
	var sel adjudicator.Selector
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, candidateNames(t, &sel, tt.g)); d != "" {
				t.Errorf("candidates (-want +got):\n%s", d)
			}
		})
	}
}

// TestCorpusEraUndetermined judges every real Tenhou mjlog of the corpus
// whose file name dates it twice: with its date, and without (its era then
// known only from its seed's form). Without the date, every finding made
// under the dated era's rules is still made, or undetermined; a finding the
// dated judgement does not make is never a plain finding, only an
// undetermined one naming the dated era among the rules it is not made
// under. Some logs must have such findings (a dealer's tenpai-yame, the
// 2009 tonpuusen uma).
func TestCorpusEraUndetermined(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var d parser.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr, jr2 adjudicator.Judger
	games, undetermined := 0, map[string]int{}
	for _, e := range entries {
		if e.Format != "mjlog" || (e.Kind != "real" && e.Kind != "real-reformatted") {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Decode(&parser.Input{Path: e.File, Data: data}, &g); err != nil || g.Meta.Platform != event.Tenhou || g.Meta.ID == "" {
			continue
		}
		dated, err := jr.JudgeAuto(&g, &sel)
		if err != nil {
			t.Fatal(err)
		}
		if len(dated.Candidates) > 0 {
			t.Errorf("%s: a dated log has %d candidate rule sets", e.File, len(dated.Candidates))
		}
		era := dated.Rules.Name
		want := slices.Clone(dated.Findings)
		g.Meta.ID = ""
		undated, err := jr2.JudgeAuto(&g, &sel)
		if err != nil {
			t.Fatal(err)
		}
		games++
		for _, f := range want {
			if !slices.ContainsFunc(undated.Findings, func(h check.Finding) bool { return same(f, h) }) &&
				!slices.ContainsFunc(undated.Undetermined, func(u adjudicator.Undetermined) bool { return same(f, u.Finding) }) {
				t.Errorf("%s: the dated finding %s %q is lost without the date", e.File, f.Check, f.Message)
			}
		}
		for _, f := range undated.Findings {
			if !slices.ContainsFunc(want, func(h check.Finding) bool { return same(f, h) }) {
				t.Errorf("%s: without the date, a finding the dated judgement does not make: %s %q", e.File, f.Check, f.Message)
			}
		}
		for _, u := range undated.Undetermined {
			if slices.Contains(u.Under, era) && !slices.ContainsFunc(want, func(h check.Finding) bool { return same(u.Finding, h) }) {
				t.Errorf("%s: undetermined under %v, but the dated era %s does not make it", e.File, u.Under, era)
			}
			undetermined[u.Check.String()+" under "+strings.Join(u.Under, ",")]++
		}
	}
	if games == 0 {
		t.Fatal("no dated Tenhou log in the corpus")
	}
	t.Logf("%d dated logs judged without their date; undetermined findings: %v", games, undetermined)
	if len(undetermined) == 0 {
		t.Error("no log of the corpus has a finding that depends on its era: the test shows nothing")
	}
}

// same reports whether two findings are the same finding.
func same(a, b check.Finding) bool {
	return a.Check == b.Check && a.Hand == b.Hand && a.Event == b.Event && a.Seat == b.Seat && a.Expected == b.Expected && a.Recorded == b.Recorded
}

// editorFile turns an official tenhou.net/6 download into what the editor
// writes for a hand-typed game: no ref, lobby, ratings or final result, a
// title, and start points of its own (every score shifted by shift).
func editorFile(t *testing.T, path, title string, shift int) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ref", "lobby", "ratingc", "dan", "rate", "sx", "sc", "connection", "ver"} {
		delete(v, k)
	}
	v["title"] = []any{title, ""}
	v["rule"] = map[string]any{"disp": "", "aka": 1}
	for _, h := range v["log"].([]any) {
		scores := h.([]any)[1].([]any)
		for i := range scores {
			scores[i] = scores[i].(float64) + float64(shift)
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEditorFiles: a tenhou.net/6 file that names no game server is judged
// under rules whose start points and uma are its own (no false
// flow.start_scores), or under the preset its title names.
func TestEditorFiles(t *testing.T) {
	src := "../fixtures/good/tenhou6/riichirs__2016022509gm-0009-0000-b327da61.json"
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	var d parser.Decoder
	var g event.Game
	for _, tt := range []struct {
		title string
		shift int
		rules string
	}{
		{"PAIFUN import", 0, "tenhou-private"},
		{"", 5000, "tenhou-private"},
		{"日本プロ麻雀連盟公式ルール", 5000, "jpml"},
	} {
		data := editorFile(t, src, tt.title, tt.shift)
		if err := d.Decode(&parser.Input{Path: "editor.json", Data: data}, &g); err != nil {
			t.Fatalf("%q: %v", tt.title, err)
		}
		rep, err := jr.JudgeAuto(&g, &sel)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Rules.Name != tt.rules {
			t.Errorf("%q, start %d: judged under %s, want %s", tt.title, 25000+tt.shift, rep.Rules.Name, tt.rules)
		}
		for _, f := range rep.Findings {
			if f.Check.String() == "flow.start_scores" || strings.HasPrefix(f.Check.String(), "game.final") {
				t.Errorf("%q, start %d: %s: %s", tt.title, 25000+tt.shift, f.Check, f.Message)
			}
		}
	}
}

// TestTenpaiYameWindow: the window in which tenpai-yame began is the
// announced one (June 2010) narrowed by the dated logs that show the rule
// taken or not; none of the corpus's is dated in June 2010.
func TestTenpaiYameWindow(t *testing.T) {
	if first, last := adjudicator.TenpaiYameWindow(); first != 20100601 || last != 20100630 {
		t.Errorf("window %d-%d, want 20100601-20100630", first, last)
	}
	june := [2]int{20100601, 20100630}
	for _, tt := range []struct {
		name        string
		evidence    []adjudicator.YameEvidence
		first, last int
	}{
		{"none", nil, 20100601, 20100630},
		{"taken on the 20th", []adjudicator.YameEvidence{{Day: 20100620, Took: true}}, 20100601, 20100620},
		{"not yet on the 10th", []adjudicator.YameEvidence{{Day: 20100610}}, 20100611, 20100630},
		{"not yet on the 30th", []adjudicator.YameEvidence{{Day: 20100630}}, 20100701, 20100630},
		{"both, and evidence outside June", []adjudicator.YameEvidence{{Day: 20100610}, {Day: 20100620, Took: true}, {Day: 20090310}, {Day: 20220102, Took: true}}, 20100611, 20100620},
	} {
		if first, last := adjudicator.YameWindow(june, tt.evidence); first != tt.first || last != tt.last {
			t.Errorf("%s: window %d-%d, want %d-%d", tt.name, first, last, tt.first, tt.last)
		}
	}
}

// TestUndeterminedSaysWhy: an undetermined finding says what is
// uncertain: of a log dated in June 2010, the day tenpai-yame began (not
// that the log does not say its rules); of a log without a date, that it
// has none.
func TestUndeterminedSaysWhy(t *testing.T) {
	var d parser.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	for _, tt := range []struct{ log, want string }{
		{"../conformance/rules/logs/auto.eras-tenpai-yame-played-on-20100615.json",
			"a discrepancy under tenhou, not under tenhou-2010: the log is dated 2010-06-15, and the day Tenhou began tenpai-yame is not known: a day from 2010-06-01 to 2010-06-30"},
		{"../conformance/rules/logs/auto.eras-undated-tonpuusen-rounded.mjlog.xml",
			"a discrepancy under tenhou-2009, tenhou-2009-07, not under tenhou, tenhou-2010: the log has no date and no wall seed"},
	} {
		data, err := os.ReadFile(tt.log)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Decode(&parser.Input{Path: filepath.Base(tt.log), Data: data}, &g); err != nil {
			t.Fatal(err)
		}
		rep, err := jr.JudgeAuto(&g, &sel)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Undetermined) != 1 {
			t.Fatalf("%s: %d undetermined findings, want 1", tt.log, len(rep.Undetermined))
		}
		if got := rep.Undetermined[0].Explain(); !strings.HasPrefix(got, tt.want) || strings.Contains(got, "does not say which rules") {
			t.Errorf("%s: %q, want it to start %q", tt.log, got, tt.want)
		}
	}
}
