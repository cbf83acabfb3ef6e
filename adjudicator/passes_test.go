package adjudicator_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
)

// TestPassesCoverChecks: every check of package check belongs to exactly
// one pass, and each pass has a name, a doc line and checks.
func TestPassesCoverChecks(t *testing.T) {
	owner := map[check.Check]string{}
	names := map[string]bool{}
	for _, p := range adjudicator.Passes() {
		if p.Name == "" || p.Doc == "" || len(p.Checks) == 0 || names[p.Name] {
			t.Errorf("pass %+v: want a name of its own, a doc line and checks", p)
		}
		names[p.Name] = true
		for _, c := range p.Checks {
			if o, ok := owner[c]; ok {
				t.Errorf("check %s is in the passes %s and %s", c, o, p.Name)
			}
			owner[c] = p.Name
		}
	}
	for _, c := range check.All() {
		if _, ok := owner[c]; !ok {
			t.Errorf("check %s is in no pass", c)
		}
		if p := adjudicator.PassOf(c); p == nil || p.Name != owner[c] {
			t.Errorf("PassOf(%s) = %v, want %s", c, p, owner[c])
		}
	}
	if n := len(owner); n != len(check.All()) {
		t.Errorf("the passes hold %d checks, package check has %d", n, len(check.All()))
	}
}

// TestSelectPasses reads --checks values.
func TestSelectPasses(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want []string // nil: an error
	}{
		{"", []string{"legality", "hand_end", "win", "flow", "wall"}},
		{"all", []string{"legality", "hand_end", "win", "flow", "wall"}},
		{"-wall", []string{"legality", "hand_end", "win", "flow"}},
		{"wall,legality", []string{"legality", "wall"}},
		{"win", []string{"win"}},
		{"-legality,-flow", []string{"hand_end", "win", "wall"}},
		{"win,win", []string{"win"}},
		{"-wall,-wall", []string{"legality", "hand_end", "win", "flow"}},
		{"-legality,-hand_end,-win,-flow,-wall", []string{}},
		{"nope", nil},
		{"win,-wall", nil},
		{"legality,", nil},
		{"-", nil},
	} {
		ps, err := adjudicator.SelectPasses(tc.spec)
		if tc.want == nil {
			if err == nil {
				t.Errorf("SelectPasses(%q) = %v, want an error", tc.spec, ps)
			}
			continue
		}
		got := []string{}
		for _, p := range ps {
			got = append(got, p.Name)
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("SelectPasses(%q) = %v, %v; want %v", tc.spec, got, err, tc.want)
		}
	}
}

// TestJudgerPasses judges corpus games with wall mismatches and other
// findings under each selection of passes: a pass not run reports
// nothing, the others report what they do with every pass, and without
// the wall pass no wall is built.
func TestJudgerPasses(t *testing.T) {
	dir := corpus.Dir(t)
	var games []*event.Game
	for _, f := range []string{"mjlog/pantheon__west.xml", "mjlog/pantheon__hanchan_with_noname.xml", "mjlog/tpb__24.txt", "mjlog/pantheon__chips_tonpusen.xml"} {
		data, err := corpus.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		var d tenhou.Decoder
		g := new(event.Game)
		if err := d.Decode(data, f, g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		games = append(games, g)
	}
	var sel adjudicator.Selector
	var all adjudicator.Judger
	leftOut := 0
	for _, spec := range []string{"-wall", "wall", "legality,flow", "-legality,-flow", "win", "hand_end", "-legality,-hand_end,-win,-flow,-wall"} {
		passes, err := adjudicator.SelectPasses(spec)
		if err != nil {
			t.Fatal(err)
		}
		jr := adjudicator.Judger{Passes: passes}
		for _, g := range games {
			want, err := all.JudgeAuto(g, &sel)
			if err != nil {
				t.Fatal(err)
			}
			var kept []check.Finding
			for _, f := range want.Findings {
				if slices.Contains(passes, adjudicator.PassOf(f.Check)) {
					kept = append(kept, f)
				}
			}
			leftOut += len(want.Findings) - len(kept)
			got, err := jr.JudgeAuto(g, &sel)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(kept, got.Findings, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("%s under --checks=%s: findings (-want +got):\n%s", g.Meta.Path, spec, d)
			}
			if wallRuns := slices.Contains(passes, adjudicator.WallPass); (got.Wall != nil) != wallRuns {
				t.Errorf("%s under --checks=%s: wall result %v, wall pass run %v", g.Meta.Path, spec, got.Wall != nil, wallRuns)
			}
		}
	}
	if leftOut == 0 {
		t.Error("no finding was left out: the games do not test the passes")
	}
}
