package adjudicator_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
)

// ruleFileErrors are edits of testdata/rules/mine.toml (the tenhou preset
// as `haifu rules FILE` writes it) and the error each makes Parse return:
// every missing or unknown key, value of a wrong type, name an enumerated
// setting does not have, number out of range and contradiction.
var ruleFileErrors = []struct {
	name  string
	edits [][2]string // each edit: the first [0] in the file becomes [1]
	want  string      // the error's text
}{
	// Keys missing and unknown.
	{"missing key of a table", [][2]string{{"noten_pool = 3000\n", ""}},
		`mine.toml:12:1: draw.noten_pool: missing from [draw]: a rule file sets every key`},
	{"missing keys of two tables", [][2]string{{"noten_pool = 3000\n", ""}, {"renhou = \"none\"\n", ""}},
		"mine.toml:12:1: draw.noten_pool: missing from [draw]: a rule file sets every key\nmine.toml:46:1: yaku.renhou: missing from [yaku]: a rule file sets every key"},
	{"missing top-level key", [][2]string{{"players = 4\n", ""}},
		`mine.toml:1:1: players: missing: a rule file sets every key`},
	{"missing table", [][2]string{{"[riichi]\nmin_score = 1000\nmin_wall = 4\n", ""}},
		`mine.toml:1:1: riichi: missing table [riichi]: a rule file sets every key`},
	{"missing key of a table of dotted keys", [][2]string{{"[riichi]\nmin_score = 1000\nmin_wall = 4\n", ""}, {"players = 4\n", "players = 4\nriichi.min_wall = 4\n"}},
		`mine.toml:4:1: riichi.min_score: missing from [riichi]: a rule file sets every key`},
	{"unknown key of a table", [][2]string{{"noten_pool = 3000", "noten_pol = 3000"}},
		`mine.toml:13:1: draw.noten_pol: unknown key`},
	{"unknown top-level key", [][2]string{{"players = 4\n", "players = 4\ncolour = \"red\"\n"}},
		`mine.toml:4:1: colour: unknown key`},
	{"unknown keys", [][2]string{{"kazoe = true", "kazoe = true\nkazoe_at = 13\nkazoe_cap = true"}},
		"mine.toml:40:1: win.kazoe_at: unknown key\nmine.toml:41:1: win.kazoe_cap: unknown key"},
	{"unknown key of an inline table", [][2]string{{"[riichi]\nmin_score = 1000\nmin_wall = 4\n", ""}, {"players = 4\n", "players = 4\nriichi = { min_score = 1000, min_wall = 4, max_wall = 70 }\n"}},
		`mine.toml:4:44: riichi.max_wall: unknown key`},
	{"unknown table", [][2]string{{"[riichi]", "[riichii]"}},
		`mine.toml:81:1: riichii: unknown table`},

	// Names an enumerated setting does not have.
	{"draw.tenpai_policy", [][2]string{{`tenpai_policy = "tenhou"`, `tenpai_policy = "concealed"`}},
		`mine.toml:14:17: draw.tenpai_policy: "concealed" is not one of tenhou, melds_count`},
	{"draw.declaration", [][2]string{{`declaration = "auto"`, `declaration = "shown"`}},
		`mine.toml:16:15: draw.declaration: "shown" is not one of auto, seat_order, none`},
	{"draw.noten_riichi", [][2]string{{`noten_riichi = "impossible"`, `noten_riichi = "allowed"`}},
		`mine.toml:17:16: draw.noten_riichi: "allowed" is not one of impossible, chombo, no_penalty`},
	{"draw.nagashi", [][2]string{{`nagashi = "replaces_noten"`, `nagashi = "mangan"`}},
		`mine.toml:18:11: draw.nagashi: "mangan" is not one of none, replaces_noten, as_win`},
	{"draw.renchan", [][2]string{{`renchan = "tenpai"`, `renchan = "sometimes"`}},
		`mine.toml:20:11: draw.renchan: "sometimes" is not one of tenpai, win, never, tenpai_from_south`},
	{"abortive.keep_dealer", [][2]string{{`keep_dealer = ["nine_terminals", "four_winds"`, `keep_dealer = ["nine_terminals", "four_wind"`}},
		`mine.toml:28:34: abortive.keep_dealer: "four_wind" is not one of nine_terminals, four_winds, four_riichi, four_kans, triple_ron`},
	{"abortive.add_honba", [][2]string{{`add_honba = ["nine_terminals"`, `add_honba = ["kyuushu"`}},
		`mine.toml:29:14: abortive.add_honba: "kyuushu" is not one of nine_terminals, four_winds, four_riichi, four_kans, triple_ron`},
	{"abortive.four_kans_timing", [][2]string{{`four_kans_timing = "after_discard"`, `four_kans_timing = "later"`}},
		`mine.toml:30:20: abortive.four_kans_timing: "later" is not one of after_discard, on_declaration`},
	{"abortive.fifth_kan", [][2]string{{`fifth_kan = "forbidden"`, `fifth_kan = "allowed"`}},
		`mine.toml:31:13: abortive.fifth_kan: "allowed" is not one of forbidden, aborts`},
	{"abortive.four_winds_voided_by", [][2]string{{`four_winds_voided_by = "calls_and_closed_kans"`, `four_winds_voided_by = "kans"`}},
		`mine.toml:32:24: abortive.four_winds_voided_by: "kans" is not one of calls_and_closed_kans, calls`},
	{"win.multiple_ron", [][2]string{{`multiple_ron = "double_only"`, `multiple_ron = "triple"`}},
		`mine.toml:35:16: win.multiple_ron: "triple" is not one of all_paid, head_bump, double_only`},
	{"win.bonus", [][2]string{{`bonus = "first_winner"`, `bonus = "split"`}},
		`mine.toml:36:9: win.bonus: "split" is not one of first_winner, each_winner`},
	{"win.pao", [][2]string{{`pao = ["daisangen", "daisuushii"]`, `pao = ["daisangen", "suuankou"]`}},
		`mine.toml:42:21: win.pao: "suuankou" is not one of daisangen, daisuushii, suukantsu`},
	{"win.pao_scope", [][2]string{{`pao_scope = "whole_hand"`, `pao_scope = "half"`}},
		`mine.toml:43:13: win.pao_scope: "half" is not one of whole_hand, yakuman_share`},
	{"win.pao_honba", [][2]string{{`pao_honba = "liable"`, `pao_honba = "winner"`}},
		`mine.toml:44:13: win.pao_honba: "winner" is not one of liable, discarder`},
	{"yaku.renhou", [][2]string{{`renhou = "none"`, `renhou = "baiman"`}},
		`mine.toml:57:10: yaku.renhou: "baiman" is not one of none, mangan, yakuman`},
	{"chombo.payment", [][2]string{{`payment = "none"`, `payment = "haneman"`}},
		`mine.toml:60:11: chombo.payment: "haneman" is not one of none, mangan, points`},
	{"end.extension", [][2]string{{`extension = "sudden_death"`, `extension = "west"`}},
		`mine.toml:67:13: end.extension: "west" is not one of none, sudden_death, indefinite`},
	{"end.tobi", [][2]string{{`tobi = "below_zero"`, `tobi = "zero"`}},
		`mine.toml:70:8: end.tobi: "zero" is not one of none, below_zero, zero_or_below`},
	{"end.yame", [][2]string{{`yame = ["mandatory", "no", "no", "no"]`, `yame = ["mandatory", "never", "no", "no"]`}},
		`mine.toml:73:22: end.yame: "never" is not one of mandatory, optional, no`},
	{"end.leftover_sticks", [][2]string{{`leftover_sticks = "first"`, `leftover_sticks = "kept"`}},
		`mine.toml:75:19: end.leftover_sticks: "kept" is not one of first, lost, first_split`},
	{"end.ties", [][2]string{{`ties = "seat_order"`, `ties = "shared"`}},
		`mine.toml:78:8: end.ties: "shared" is not one of seat_order, split`},
	{"end.rounding", [][2]string{{`rounding = "tenhou"`, `rounding = "hundred"`}},
		`mine.toml:79:12: end.rounding: "hundred" is not one of none, thousand, tenhou`},
	{"auto.platforms", [][2]string{{`platforms = ["tenhou", "other"]`, `platforms = ["tenhou", "riichi city"]`}},
		`mine.toml:86:24: auto.platforms: "riichi city" is not one of tenhou, majsoul, other`},
	{"auto.lobby", [][2]string{{`lobby = "public"`, `lobby = "ranked"`}},
		`mine.toml:87:9: auto.lobby: "ranked" is not one of public, chips, chips5, private, any`},
	{"auto.eras", [][2]string{{`eras = ["modern"]`, `eras = ["2011"]`}},
		`mine.toml:88:9: auto.eras: "2011" is not one of 2009, 2009-07, 2010, modern`},
	{"a number for a name", [][2]string{{`renchan = "tenpai"`, `renchan = 3`}},
		`mine.toml:20:11: draw.renchan: 3 is not one of tenpai, win, never, tenpai_from_south`},
	{"a boolean for a name", [][2]string{{`renchan = "tenpai"`, `renchan = true`}},
		`mine.toml:20:11: draw.renchan: true is not one of tenpai, win, never, tenpai_from_south`},
	{"a list for a name", [][2]string{{`renchan = "tenpai"`, `renchan = ["tenpai"]`}},
		`mine.toml:20:11: draw.renchan: ["tenpai"] is not one of tenpai, win, never, tenpai_from_south`},
	{"a number in a list of names", [][2]string{{`yame = ["mandatory", "no", "no", "no"]`, `yame = ["mandatory", 0, "no", "no"]`}},
		`mine.toml:73:22: end.yame: 0 is not one of mandatory, optional, no`},

	// Values of another type.
	{"a string for a number", [][2]string{{"noten_pool = 3000", `noten_pool = "3000"`}},
		`mine.toml:13:14: draw.noten_pool: "3000" is not an integer`},
	{"a string for a number in an inline table", [][2]string{{"[riichi]\nmin_score = 1000\nmin_wall = 4\n", ""}, {"players = 4\n", "players = 4\nriichi = { min_score = 1000, min_wall = \"4\" }\n"}},
		`mine.toml:4:41: riichi.min_wall: "4" is not an integer`},
	{"a string for a boolean", [][2]string{{"ippatsu = true", `ippatsu = "yes"`}},
		`mine.toml:50:11: yaku.ippatsu: "yes" is not true or false`},
	{"a string for a float", [][2]string{{"final_points = 0.0", `final_points = "-20"`}},
		`mine.toml:62:16: chombo.final_points: "-20" is not a number`},
	{"a number for a string", [][2]string{{`description = "the tenhou preset, for the tests of rule file errors"`, `description = 3`}},
		`mine.toml:2:15: description: 3 is not a string`},
	{"a string in a list of numbers", [][2]string{{"uma = [20.0, 10.0, -10.0, -20.0]", `uma = [20.0, "10", -10.0, -20.0]`}},
		`mine.toml:76:14: end.uma: "10" is not a number`},
	{"a name for a list", [][2]string{{`pao = ["daisangen", "daisuushii"]`, `pao = "daisangen"`}},
		`mine.toml:42:7: win.pao: "daisangen" is not a list`},
	{"a number too big", [][2]string{{"start = 25000", "start = 99999999999"}},
		`mine.toml:6:9: points.start: integer value 99999999999 cannot be stored in int32`},
	{"TOML that does not parse", [][2]string{{`renchan = "tenpai"`, `renchan = tenpai`}},
		`mine.toml:20:11: expected keyword "true"`},
	{"a key set twice", [][2]string{{"kazoe = true", "kazoe = true\nkazoe = false"}},
		`mine.toml:40:1: win.kazoe: key kazoe is already defined`},

	// Numbers out of range, and values haifu does not support.
	{"name", [][2]string{{`name = "mine"`, `name = ""`}},
		`mine.toml:1:8: name: is empty`},
	{"players", [][2]string{{"players = 4", "players = 5"}},
		"mine.toml:3:11: players: 5: want 3 or 4\nmine.toml:73:8: end.yame: has 4 values, want 5 (one per placement)\nmine.toml:76:7: end.uma: has 4 values, want 5 (or none)"},
	{"points.start", [][2]string{{"start = 25000", "start = -25000"}},
		`mine.toml:6:9: points.start: -25000: must not be negative`},
	{"points.return", [][2]string{{"return = 30000", "return = -1"}},
		`mine.toml:7:10: points.return: -1: must not be negative`},
	{"points.riichi_stick", [][2]string{{"riichi_stick = 1000", "riichi_stick = -1000"}},
		`mine.toml:8:16: points.riichi_stick: -1000: must not be negative`},
	{"points.honba_ron", [][2]string{{"honba_ron = 300", "honba_ron = -300"}},
		`mine.toml:9:13: points.honba_ron: -300: must not be negative`},
	{"points.honba_tsumo", [][2]string{{"honba_tsumo = 100", "honba_tsumo = -100"}},
		`mine.toml:10:15: points.honba_tsumo: -100: must not be negative`},
	{"draw.noten_pool", [][2]string{{"noten_pool = 3000", "noten_pool = -3000"}},
		`mine.toml:13:14: draw.noten_pool: -3000: must not be negative`},
	{"chombo.points", [][2]string{{"points = 0", "points = -8000"}},
		`mine.toml:61:10: chombo.points: -8000: must not be negative`},
	{"yaku.red_fives", [][2]string{{"red_fives = 1", "red_fives = 5"}},
		`mine.toml:49:13: yaku.red_fives: 5: want 0 to 4`},
	{"yaku.pinfu_tsumo_fu", [][2]string{{"pinfu_tsumo_fu = 20", "pinfu_tsumo_fu = 30"}},
		`mine.toml:54:18: yaku.pinfu_tsumo_fu: 30: want 20 or 22`},
	{"yaku.open_pinfu_fu", [][2]string{{"open_pinfu_fu = 30", "open_pinfu_fu = 22"}},
		`mine.toml:55:17: yaku.open_pinfu_fu: 22: want 20 or 30`},
	{"yaku.double_wind_fu", [][2]string{{"double_wind_fu = 4", "double_wind_fu = 8"}},
		`mine.toml:56:18: yaku.double_wind_fu: 8: want 2 or 4`},

	// Settings that contradict each other.
	{"declaration none with noten payments", [][2]string{{`declaration = "auto"`, `declaration = "none"`}},
		`mine.toml:16:15: draw.declaration: "none" (no hand shown at a draw) needs noten_pool = 0 and a renchan that does not depend on tenpai`},
	{"double_only without the triple-ron draw", [][2]string{{"triple_ron = true", "triple_ron = false"}},
		`mine.toml:35:16: win.multiple_ron: "double_only" needs abortive.triple_ron = true`},
	{"tsumo loss in four-player rules", [][2]string{{"tsumo_loss = false", "tsumo_loss = true"}},
		`mine.toml:37:14: win.tsumo_loss: true applies to three-player rules only`},
	{"kan ura without ura", [][2]string{{"ura_dora = true", "ura_dora = false"}},
		`mine.toml:53:11: yaku.kan_ura: true needs ura_dora and kan_dora`},
	{"points payment of no points", [][2]string{{`payment = "none"`, `payment = "points"`}},
		`mine.toml:61:10: chombo.points: 0: want a positive amount with payment = "points"`},
	{"no goal with an extension", [][2]string{{"goal = 30000", "goal = 0"}},
		`mine.toml:68:8: end.goal: 0: must be positive with an extension or yame that needs the goal`},
	{"yame of three placements", [][2]string{{`yame = ["mandatory", "no", "no", "no"]`, `yame = ["mandatory", "no", "no"]`}},
		`mine.toml:73:8: end.yame: has 3 values, want 4 (one per placement)`},
	{"uma of three placements", [][2]string{{"uma = [20.0, 10.0, -10.0, -20.0]", "uma = [20.0, 0.0, -20.0]"}},
		`mine.toml:76:7: end.uma: has 3 values, want 4 (or none)`},
	{"uma_east of two placements", [][2]string{{"uma_east = []", "uma_east = [10, -10]"}},
		`mine.toml:77:12: end.uma_east: has 2 values, want 4 (or none)`},
}

// TestParseErrors: each edit of ruleFileErrors makes Parse fail with its
// error, a *RuleError (or several) with the file, line and column.
func TestParseErrors(t *testing.T) {
	base, err := os.ReadFile("testdata/rules/mine.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := adjudicator.Parse("mine.toml", base); err != nil {
		t.Fatalf("testdata/rules/mine.toml: %v", err)
	}
	for _, tc := range ruleFileErrors {
		t.Run(tc.name, func(t *testing.T) {
			text := string(base)
			for _, e := range tc.edits {
				if !strings.Contains(text, e[0]) {
					t.Fatalf("mine.toml has no %q", e[0])
				}
				text = strings.Replace(text, e[0], e[1], 1)
			}
			r, err := adjudicator.Parse("mine.toml", []byte(text))
			if err == nil {
				t.Fatalf("no error; rules %s", r.Name)
			}
			if err.Error() != tc.want {
				t.Errorf("error:\n%s\nwant:\n%s", err, tc.want)
			}
			var re *adjudicator.RuleError
			if !errors.As(err, &re) || re.File != "mine.toml" || re.Line == 0 || re.Column == 0 {
				t.Errorf("error %#v is not a *RuleError with a file, line and column", re)
			}
		})
	}
}

// TestValidateErrors: Validate reports rules built in Go that no rule file
// could give, without a position.
func TestValidateErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(r *adjudicator.Rules)
		want string
	}{
		{"a value out of its type's", func(r *adjudicator.Rules) { r.Draw.Renchan = 9 },
			"draw.renchan: adjudicator.Renchan(9) is not one of tenpai, win, never, tenpai_from_south"},
		{"an item out of its type's", func(r *adjudicator.Rules) { r.End.Yame[1] = 7 },
			"end.yame: adjudicator.YameMode(7) is not one of mandatory, optional, no"},
		{"an item of a list out of its type's", func(r *adjudicator.Rules) { r.Win.Pao = append(r.Win.Pao, 3) },
			"win.pao: adjudicator.PaoYakuman(3) is not one of daisangen, daisuushii, suukantsu"},
		{"a lobby out of its type's", func(r *adjudicator.Rules) { r.Auto.Lobby = 5 },
			"auto.lobby: adjudicator.Lobby(5) is not one of public, chips, chips5, private, any"},
		{"several", func(r *adjudicator.Rules) { r.Name, r.Yaku.Renhou = "", 3 },
			"yaku.renhou: scoring.Renhou(3) is not one of none, mangan, yakuman\nname: is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := preset(t, "tenhou")
			tc.set(r)
			err := r.Validate()
			if err == nil || err.Error() != tc.want {
				t.Errorf("error:\n%v\nwant:\n%s", err, tc.want)
			}
		})
	}
}
