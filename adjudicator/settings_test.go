package adjudicator_test

import (
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/internal/gamebuild"
)

// The rule-setting scenarios are data: the logs and expectations under
// ../conformance/settings, which TestConformance runs. What stays here
// cannot be a log: rule sets that contradict themselves, and a game that
// goes on past North 4, a hand no log notation can name.

// TestSettingValidation: rule sets whose settings contradict each other
// are refused. Where nobody shows a hand at a draw (saikouisen's
// draw.declaration = "none") there can be no noten payments and no renchan
// that depends on tenpai; a goal of 0 is no goal, so the game can then
// neither be extended nor make yame depend on a goal.
func TestSettingValidation(t *testing.T) {
	noGoal := map[string]any{"end.goal": int64(0), "end.extension": "none", "end.yame_needs_goal": false}
	with := func(m map[string]any, k string, v any) map[string]any {
		out := map[string]any{k: v}
		for k, v := range m {
			if _, ok := out[k]; !ok {
				out[k] = v
			}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		preset string
		set    map[string]any
		valid  bool
	}{
		{"declaration none with noten payments", "saikouisen", map[string]any{"draw.noten_pool": int64(3000)}, false},
		{"declaration none with tenpai renchan", "saikouisen", map[string]any{"draw.renchan": "tenpai"}, false},
		{"goal 0 without an extension or yame needing it", "tenhou", noGoal, true},
		{"goal 0 with sudden_death", "tenhou", with(noGoal, "end.extension", "sudden_death"), false},
		{"goal 0 with indefinite", "tenhou", with(noGoal, "end.extension", "indefinite"), false},
		{"goal 0 with yame_needs_goal", "tenhou", with(noGoal, "end.yame_needs_goal", true), false},
	} {
		if _, err := scenarioRules(tc.preset, tc.set); (err == nil) != tc.valid {
			t.Errorf("%s: error %v, want valid %v", tc.name, err, tc.valid)
		}
	}
}

// TestSettingExtensionPastNorth: seat 1 wins 1000 from seat 0 in North 4
// and nobody has the goal; an extension, sudden or indefinite, does not
// pass North 4, so a log that goes on to another hand is a game.end
// finding (conformance/settings/extension.toml has the log that ends
// there; no notation has a hand after North 4, so this one is built here,
// its next hand in a fifth wind).
func TestSettingExtensionPastNorth(t *testing.T) {
	b := gamebuild.New(t, 4)
	b.Round(3, 4, 0, 0, 3, [4]int32{24000, 24000, 26000, 26000}, junk, waitsOn4p, junk2, junk).
		Draw(3, "9m").Discard(3, "9m").Draw(0, "4p").Discard(0, "4p").
		Win(1, 0, "4p", 1, 30, [4]int32{-1000, 1000, 0, 0}).
		Round(4, 1, 0, 0, 0, [4]int32{23000, 25000, 26000, 26000}, junk, junk2, junk2, junk)
	var jr adjudicator.Judger
	for _, ext := range []string{"sudden_death", "indefinite"} {
		r, err := scenarioRules("tenhou", map[string]any{"end.extension": ext})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range jr.Judge(b.G, r, true).Findings {
			switch c := f.Check.String(); c {
			case "flow.first_round", "flow.start_scores", "game.final_points", "game.final_scores":
			default:
				got = append(got, c)
			}
		}
		if !slices.Equal(got, []string{"game.end"}) {
			t.Errorf("%s, the log goes on after North 4: findings %v, want [game.end]", ext, got)
		}
	}
}
