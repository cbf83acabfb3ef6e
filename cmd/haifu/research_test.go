package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// TestAnalyzeOverlappingInputs: a directory given with a directory inside
// it, and a path given twice, are read once, with a warning; the same game
// in two files is warned of and counted once.
func TestAnalyzeOverlappingInputs(t *testing.T) {
	dir := t.TempDir()
	good, _ := filepath.Abs("../../fixtures/good")
	once, twice := filepath.Join(dir, "once"), filepath.Join(dir, "twice")
	if _, stderr, code := haifu(t, "", "analyze", "-o", once, good); code != exitOK {
		t.Fatalf("analyze: exit %d: %s", code, stderr)
	}
	_, stderr, code := haifu(t, "", "analyze", "-o", twice, good, filepath.Join(good, "mjlog"), good+"/")
	if code != exitOK {
		t.Fatalf("analyze with overlapping inputs: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"mjlog is inside", "given again: read once", "read before: counted once", "1 games had a game_id read before"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	a, _, _ := haifu(t, "", "summary", "--json", once)
	b, _, _ := haifu(t, "", "summary", "--json", twice)
	if a != b {
		t.Errorf("the summary of overlapping inputs differs from the inputs' once")
	}
	var s stats.Summary
	if err := json.Unmarshal([]byte(a), &s); err != nil {
		t.Fatal(err)
	}
	if s.Duplicates != 1 {
		t.Errorf("%d duplicates, want 1 (riichirs' game as mjlog and as tenhou.net/6)", s.Duplicates)
	}
	// summary DIR ./DIR/ counts each game once.
	c, stderr, _ := haifu(t, "", "summary", "--json", once, once+"/./")
	if c != a || !strings.Contains(stderr, "given again") {
		t.Errorf("summary of one output twice differs from once's (stderr %q)", stderr)
	}
}

// TestAnalyzeRuleSets: several rule sets in one run; a game is judged
// under those for its number of players only.
func TestAnalyzeRuleSets(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	text, stderr, code := haifu(t, "", "analyze", "--rules", "auto,wrc,4p=mleague,3p=majsoul-sanma,majsoul-sanma", "-o", out, "../../fixtures/good")
	if code != exitOK {
		t.Fatalf("analyze: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"== rules auto:", "== rules wrc:", "== rules 4p=mleague,3p=majsoul-sanma:", "== rules majsoul-sanma:", "not applicable", "per seat and hand"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary lacks %q", want)
		}
	}
	rows := map[string]int{}
	if err := tables.ReadTable(out, tables.GamesTable, func(g *stats.GameRow) {
		rows[g.RuleSet]++
		if g.Error != nil || g.Duplicate {
			return
		}
		applies := g.RuleSet != "wrc" && g.RuleSet != "majsoul-sanma" || g.RuleSet == "wrc" && g.Players == 4 || g.RuleSet == "majsoul-sanma" && g.Players == 3
		if g.Applicable != applies {
			t.Errorf("%s under %s: applicable %v", g.Path, g.RuleSet, g.Applicable)
		}
		if g.RuleSet == "4p=mleague,3p=majsoul-sanma" && g.Rules != nil && *g.Rules != map[int32]string{3: "majsoul-sanma", 4: "mleague"}[g.Players] {
			t.Errorf("%s (%d players) under the mapping: judged under %s", g.Path, g.Players, *g.Rules)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows["auto"] != rows["wrc"] || rows["auto"] != rows["majsoul-sanma"] {
		t.Errorf("games rows by rule set: %v, want one per game under each", rows)
	}
	// A usage error: an unknown rule set, a player count twice in a
	// mapping's place, a rule set twice.
	for _, bad := range []string{"auto,nosuch", "4p=tenhou-sanma", "wrc,wrc", "auto,"} {
		if _, stderr, code := haifu(t, "", "analyze", "--rules", bad, "-o", filepath.Join(t.TempDir(), "x"), "../../fixtures/good"); code != exitUsage {
			t.Errorf("--rules %s: exit %d, want %d: %s", bad, code, exitUsage, stderr)
		}
	}
	// The mapping's file form.
	mapping := filepath.Join(t.TempDir(), "mixed.toml")
	os.WriteFile(mapping, []byte("name = \"mixed\"\n[players]\n4 = \"wrc\"\n3 = \"tenhou-sanma\"\n"), 0o644)
	text, stderr, code = haifu(t, "", "analyze", "--rules", mapping, "-o", filepath.Join(t.TempDir(), "m"), "../../fixtures/good")
	if code != exitOK || !strings.Contains(text, "== rules mixed:") || strings.Contains(text, "not applicable") {
		t.Errorf("a mapping file: exit %d, %s\n%s", code, stderr, text)
	}
}

// TestYearsInJapanTime: --by year puts every Tenhou game of the corpus in
// the year of its log id (Japan time), although some started on the
// previous day in UTC.
func TestYearsInJapanTime(t *testing.T) {
	dir := corpus.Find()
	if dir == "" {
		t.Skip("no corpus (../shared/corpus)")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, stderr, code := haifu(t, "", "analyze", "-o", out, filepath.Join(dir, "mjlog")); code != exitOK && code != exitFound {
		t.Fatalf("analyze: exit %d: %s", code, stderr)
	}
	id := regexp.MustCompile(`^(\d{4})\d{6}gm-`)
	want, utcOther := map[string]int{}, 0
	if err := tables.ReadTable(out, tables.GamesTable, func(g *stats.GameRow) {
		if g.Error != nil || g.Duplicate || g.Platform != "tenhou" || g.GameID == nil {
			return
		}
		m := id.FindStringSubmatch(*g.GameID)
		if m == nil {
			return
		}
		want[m[1]+" tenhou"]++
		if g.Year == nil || strconv.Itoa(int(*g.Year)) != m[1] {
			t.Errorf("%s: start_year %v, want %s", *g.GameID, g.Year, m[1])
		}
		if g.StartTime != nil && strconv.Itoa(timeUTCYear(*g.StartTime)) != m[1] {
			utcOther++
		}
	}); err != nil {
		t.Fatal(err)
	}
	if utcOther == 0 {
		t.Error("no game of the corpus starts in another year in UTC: the test tests nothing")
	}
	text, _, _ := haifu(t, "", "summary", "--json", "--by", "year,platform", out)
	var s stats.Summary
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		t.Fatal(err)
	}
	for g, n := range want {
		if c := s.RuleSets[0].Groups[g]; c == nil || c.Games != n {
			t.Errorf("summary --by year: group %q has %v games, want %d (their ids' year)", g, c, n)
		}
	}
	t.Logf("%d Tenhou games by their ids' year; %d of them start in another year in UTC", len(want), utcOther)
}

// timeUTCYear is the UTC year of Unix milliseconds.
func timeUTCYear(ms int64) int { return time.UnixMilli(ms).UTC().Year() }
