package adjudicator

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
)

// TestLockstep judges the corpus's Tenhou logs, without their dates,
// under all their candidate rule sets (JudgeAuto's) in one replay, and
// under each one alone: the reports must be the same. Rule sets whose
// replay options differ are judged beside them, on replays of their own.
// (One game in eight, to keep it short.)
func TestLockstep(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	wrc := rulesVariant(t, "wrc", nil)
	// A rule set whose replay options are not the candidates': riichi
	// needs 2000 points.
	rich := rulesVariant(t, "tenhou", func(r *Rules) { r.Riichi.MinScore = 2000 })
	var d parser.Decoder
	var g event.Game
	var sel Selector
	var together, alone Judger
	games, several, fellBack := 0, 0, 0
	for k, e := range entries {
		if e.Format != "mjlog" || (e.Kind != "real" && e.Kind != "real-reformatted") || k%8 != 0 {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Decode(&parser.Input{Path: e.File, Data: data}, &g); err != nil || g.Meta.Platform != event.Tenhou {
			continue
		}
		g.Meta.ID = ""
		cands, err := sel.Candidates(&g)
		if err != nil {
			continue
		}
		games++
		if len(cands) > 1 {
			several++
		}
		rules := append(slices.Clone(cands), wrc, rich)
		if rules[0].ReplayOptions(&g.Meta, true) != rich.ReplayOptions(&g.Meta, true) {
			fellBack++
		}
		natives := make([]bool, len(rules))
		for i := range natives {
			natives[i] = true
		}
		reps, _ := together.judgeAll(context.Background(), &g, rules, natives)
		for i, r := range rules {
			want := alone.Judge(&g, r, true)
			if !reflect.DeepEqual(normal(want), normal(reps[i])) {
				t.Fatalf("%s under %s: the report in lockstep differs from the one alone (-alone +lockstep):\n%s", e.File, r.Name,
					cmp.Diff(want, reps[i], cmpopts.EquateEmpty()))
			}
		}
	}
	if several == 0 || fellBack == 0 {
		t.Errorf("%d games, %d with several candidates, %d with a rule set on a replay of its own: the corpus does not test the lockstep", games, several, fellBack)
	}
	t.Logf("%d games, %d with several candidates, %d with a rule set on a replay of its own", games, several, fellBack)
}

// TestMergeFindings merges random findings of several candidates and
// compares the result with the definition: each finding of a candidate is
// matched with the first finding made before that no finding of the same
// candidate matched; those every candidate makes are findings, the others
// undetermined.
func TestMergeFindings(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		n := 1 + rng.IntN(4)
		reps := make([]*Report, n)
		cands := make([]*Rules, n)
		for ci := range n {
			cands[ci] = &Rules{Name: fmt.Sprint("r", ci)}
			rep := &Report{}
			// Some rounds hold more findings at one event than merge
			// compares one by one (smallGroup), to take its map.
			most := 12
			if round%2 == 1 {
				most = 60
			}
			for range rng.IntN(most) {
				// Few distinct values, so that findings repeat within and
				// across candidates.
				ev := rng.IntN(4) - 1
				rep.Findings = append(rep.Findings, check.Finding{Check: check.Check(1 + rng.IntN(2)), Hand: rng.IntN(2), Event: ev,
					Seat: event.NoSeat, Expected: fmt.Sprint(rng.IntN(2)), Message: fmt.Sprint("under ", ci)})
			}
			sortFindings(rep.Findings)
			reps[ci] = rep
		}
		gotF, gotU := mergeFindings(reps, cands)
		wantF, wantU := mergeQuadratic(reps, cands)
		if d := cmp.Diff(wantF, gotF, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("round %d: findings (-want +got):\n%s", round, d)
		}
		if d := cmp.Diff(wantU, gotU, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("round %d: undetermined (-want +got):\n%s", round, d)
		}
	}
}

// mergeFindings merges the findings of reps with a merger of its own
// (merger.merge) and returns its result.
func mergeFindings(reps []*Report, cands []*Rules) ([]check.Finding, []Undetermined) {
	var m merger
	m.merge(reps, cands)
	return m.findings, m.und
}

// mergeQuadratic is merger.merge as its definition reads, searching the
// findings so far for each.
func mergeQuadratic(reps []*Report, cands []*Rules) ([]check.Finding, []Undetermined) {
	type entry struct {
		f     check.Finding
		under []bool
	}
	same := func(a, b *check.Finding) bool {
		return a.Check == b.Check && a.Hand == b.Hand && a.Event == b.Event && a.Seat == b.Seat && a.Expected == b.Expected && a.Recorded == b.Recorded
	}
	var entries []entry
	for ci, rep := range reps {
		for _, f := range rep.Findings {
			k := slices.IndexFunc(entries, func(e entry) bool { return same(&e.f, &f) && !e.under[ci] })
			if k < 0 {
				entries = append(entries, entry{f: f, under: make([]bool, len(reps))})
				k = len(entries) - 1
			}
			entries[k].under[ci] = true
		}
	}
	var findings []check.Finding
	var und []Undetermined
	for _, e := range entries {
		if !slices.Contains(e.under, false) {
			findings = append(findings, e.f)
			continue
		}
		u := Undetermined{Finding: e.f}
		for ci, in := range e.under {
			if in {
				u.Under = append(u.Under, cands[ci].Name)
			} else {
				u.NotUnder = append(u.NotUnder, cands[ci].Name)
			}
		}
		und = append(und, u)
	}
	sortFindings(findings)
	slices.SortStableFunc(und, func(a, b Undetermined) int { return eventOrder(a.Event) - eventOrder(b.Event) })
	return findings, und
}

// normal returns a copy of rep whose empty slices are nil (a judge's
// memory from an earlier game leaves them empty rather than nil).
func normal(rep *Report) Report {
	r := *rep
	if len(r.Findings) == 0 {
		r.Findings = nil
	}
	if len(r.Hands) == 0 {
		r.Hands = nil
	}
	if len(r.Wins) == 0 {
		r.Wins = nil
	}
	if len(r.Candidates) == 0 {
		r.Candidates = nil
	}
	if len(r.Undetermined) == 0 {
		r.Undetermined = nil
	}
	return r
}
