package adjudicator_test

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/tenhou"
)

// hostileGame generates an undated Tenhou game (its wall seed of the form
// two rule eras used, so that --rules auto judges it under both) from a
// fixture: kind "dora" puts n dora indicators into its one hand, "hands"
// makes it n hands of a deal and an exhaustive draw each.
func hostileGame(t testing.TB, kind string, n int) *event.Game {
	t.Helper()
	data, err := os.ReadFile("../fixtures/good/mjlog/riichirs__2016022509gm-0009-0000-b327da61.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	var b strings.Builder
	switch kind {
	case "dora":
		i := strings.Index(s, "<T70/>")
		b.WriteString(s[:i])
		b.WriteString(strings.Repeat(`<DORA hai="5"/>`, n))
		b.WriteString(s[i:])
	case "hands":
		i, j := strings.Index(s, "<INIT"), strings.Index(s, "</mjloggm>")
		init := regexp.MustCompile(`(?s)<INIT.*?/>`).FindString(s)
		b.WriteString(s[:i])
		b.WriteString(strings.Repeat(init+`<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>`, n))
		b.WriteString(s[j:])
	default:
		t.Fatalf("no kind %q", kind)
	}
	g := new(event.Game)
	var d tenhou.Decoder
	if err := d.Decode([]byte(b.String()), "", g); err != nil && len(g.Events) == 0 {
		t.Fatal(err)
	}
	g.Meta.ID = "" // undated: several rule eras are candidates
	return g
}

// TestHostileFindingsBounded: a game that makes a finding of every one of
// its events reports at most check.MaxPerGame findings of a check one by
// one and one that counts the rest, under --rules auto (two candidate
// eras), under a preset that is the log's own and under one that is not:
// what a game holds until it is written does not grow with its findings.
func TestHostileFindingsBounded(t *testing.T) {
	var sel adjudicator.Selector
	wrc, err := adjudicator.Load("wrc")
	if err != nil {
		t.Fatal(err)
	}
	tenhou, err := adjudicator.Load("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	more := regexp.MustCompile(`^(\d+) more (\S+) findings in this game, from this event on`)
	for _, kind := range []string{"dora", "hands"} {
		g := hostileGame(t, kind, 3*check.MaxPerGame)
		if cands, _ := sel.Candidates(g); len(cands) < 2 {
			t.Fatalf("%s: %d candidates, want several", kind, len(cands))
		}
		for _, fixed := range []*adjudicator.Rules{nil, tenhou, wrc} {
			var jr adjudicator.Judger
			rep, err := jr.JudgeGame(g, fixed, &sel)
			if err != nil {
				t.Fatal(err)
			}
			perCheck, counted := map[check.Check]int{}, map[check.Check]int{}
			for _, fs := range [][]check.Finding{rep.Findings, undeterminedFindings(rep)} {
				for _, f := range fs {
					perCheck[f.Check]++
					if m := more.FindStringSubmatch(f.Message); m != nil {
						if m[2] != f.Check.String() {
							t.Errorf("%s: %q counts another check", kind, f.Message)
						}
						counted[f.Check]++
					}
				}
			}
			if len(counted) == 0 {
				t.Errorf("%s under %s: no finding counts the ones left out", kind, rulesName(fixed))
			}
			for c, n := range perCheck {
				if n > check.MaxPerGame+1 || n == check.MaxPerGame+1 && counted[c] != 1 {
					t.Errorf("%s under %s: %d findings of %s (%d counting the rest), want at most %d and one that counts the rest",
						kind, rulesName(fixed), n, c, counted[c], check.MaxPerGame)
				}
			}
		}
	}
}

// undeterminedFindings returns the findings of rep's undetermined ones.
func undeterminedFindings(rep *adjudicator.Report) []check.Finding {
	var out []check.Finding
	for _, u := range rep.Undetermined {
		out = append(out, u.Finding)
	}
	return out
}

// TestJudgeStops: a judgement whose context is done stops, with the
// context's error and no report, between hands and inside one long hand,
// under --rules auto and a preset: long before the whole game would have
// been judged. The measure is the game's own time, so that a loaded
// machine moves both alike.
func TestJudgeStops(t *testing.T) {
	if testing.Short() {
		t.Skip("judges games of a million events")
	}
	var sel adjudicator.Selector
	wrc, err := adjudicator.Load("wrc")
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, kind := range []string{"dora", "hands"} {
		n := 1 << 20 // one hand of a million events
		if kind == "hands" {
			n = 1 << 16 // as many hands, each a deal and a draw
		}
		g := hostileGame(t, kind, n)
		for _, fixed := range []*adjudicator.Rules{nil, wrc} {
			var jr adjudicator.Judger
			if rep, err := jr.JudgeGameContext(done, g, fixed, &sel); !errors.Is(err, context.Canceled) || rep != nil {
				t.Errorf("%s: a context done before: report %v, error %v; want none and context.Canceled", kind, rep != nil, err)
			}
			start := time.Now()
			if _, err := jr.JudgeGameContext(context.Background(), g, fixed, &sel); err != nil {
				t.Fatal(err)
			}
			whole := time.Since(start)
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(whole/10, cancel)
			start = time.Now()
			rep, err := jr.JudgeGameContext(ctx, g, fixed, &sel)
			took := time.Since(start)
			cancel()
			if !errors.Is(err, context.Canceled) || rep != nil {
				t.Errorf("%s: cancelled after %v of %v: report %v, error %v; want none and context.Canceled", kind, whole/10, whole, rep != nil, err)
			}
			if took > whole/2 {
				t.Errorf("%s: cancelled after %v, the judgement took %v of the %v of the whole game", kind, whole/10, took, whole)
			}
			t.Logf("%s under %s: whole game %v, cancelled after %v, stopped after %v", kind, rulesName(fixed), whole, whole/10, took)
		}
	}
}

// rulesName names fixed rules, or auto.
func rulesName(r *adjudicator.Rules) string {
	if r == nil {
		return "auto"
	}
	return r.Name
}
