package adjudicator_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/gamebuild"
	"github.com/haifu/haifu/parser"
)

func preset(t *testing.T, name string) *adjudicator.Rules {
	t.Helper()
	r, err := adjudicator.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var even = [4]int32{25000, 25000, 25000, 25000}

// Hands: waitsOn4p waits on 1p and 4p; junk is far from tenpai.
const (
	waitsOn4p = "123456m789s23p55s"
	junk      = "159m159p159s1357z"
	junk2     = "2468m2468p2468s1z"
)

// tripleRon: seat 0 deals 4p into three hands that win on it.
func tripleRon(t *testing.T) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, waitsOn4p).
		Draw(0, "4p").Discard(0, "4p").
		Win(1, 0, "4p", 1, 30, [4]int32{-1000, 1000, 0, 0}).
		Win(2, 0, "4p", 1, 30, [4]int32{-1000, 0, 1000, 0}).
		Win(3, 0, "4p", 1, 30, [4]int32{-1000, 0, 0, 1000})
	return b
}

// TestRuleSettings judges synthetic games under rules whose settings the
// corpus cannot show.
func TestRuleSettings(t *testing.T) {
	t.Run("triple ron all paid under majsoul", func(t *testing.T) {
		b := tripleRon(t)
		b.G.Meta.Platform = event.Majsoul
		rep := adjudicator.Judge(b.G, preset(t, "majsoul"), true)
		if len(rep.Findings) != 0 {
			t.Errorf("findings: %+v", rep.Findings)
		}
		h := rep.Hands[0]
		want := []int32{-3000, 1000, 1000, 1000}
		var got []int32
		for s := range 4 {
			got = append(got, h.Seats[s].Expected)
		}
		if d := cmp.Diff(want, got); d != "" || h.Outcome != adjudicator.WinOutcome {
			t.Errorf("outcome %v, expected deltas (-want +got):\n%s", h.Outcome, d)
		}
	})
	t.Run("a Mahjong Soul triple ron judged under tenhou aborts", func(t *testing.T) {
		b := tripleRon(t)
		rep := adjudicator.Judge(b.G, preset(t, "tenhou"), false)
		h := rep.Hands[0]
		if h.Outcome != adjudicator.TripleRonOutcome || h.Seats[1].Expected != 0 {
			t.Errorf("outcome %v, seat 1 expected %d; want triple_ron, 0", h.Outcome, h.Seats[1].Expected)
		}
		if !slices.Contains(checkNames(rep.Findings), "win.payment") {
			t.Errorf("findings %v: the recorded payments should differ", checkNames(rep.Findings))
		}
	})
	t.Run("a Tenhou triple-ron draw under majsoul is divergent", func(t *testing.T) {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, waitsOn4p, waitsOn4p).
			Draw(0, "4p").Discard(0, "4p").Ryuukyoku(event.TripleRon, [4]int32{})
		rep := adjudicator.Judge(b.G, preset(t, "majsoul"), false)
		if rep.DivergentFrom != 0 || !strings.Contains(rep.DivergentReason, "triple ron") {
			t.Errorf("divergent from %d (%q), want 0", rep.DivergentFrom, rep.DivergentReason)
		}
	})
	t.Run("head bump under wrc", func(t *testing.T) {
		b := gamebuild.New(t, 4)
		// After a go-around, so that it is no renhou (a mangan under wrc).
		b.Round(0, 1, 0, 0, 0, [4]int32{30000, 30000, 30000, 30000}, junk, waitsOn4p, waitsOn4p, junk2).
			Turns("0:7z:7z 1:7z:7z 2:7z:7z 3:7z:7z").Draw(0, "4p").Discard(0, "4p").
			Win(1, 0, "4p", 1, 30, [4]int32{-1000, 1000, 0, 0}).
			Win(2, 0, "4p", 1, 30, [4]int32{-1000, 0, 1000, 0})
		rep := adjudicator.Judge(b.G, preset(t, "wrc"), false)
		h := rep.Hands[0]
		got := []int32{h.Seats[0].Expected, h.Seats[1].Expected, h.Seats[2].Expected, h.Seats[3].Expected}
		if d := cmp.Diff([]int32{-1000, 1000, 0, 0}, got); d != "" {
			t.Errorf("head bump: expected deltas (-want +got):\n%s", d)
		}
	})
	t.Run("an open tanyao without open tanyao diverges", func(t *testing.T) {
		// Seat 1 pons 8s and wins with tanyao alone on 6s.
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, "234m5679p345688s", junk, junk2).
			Draw(0, "8s").Discard(0, "8s").
			Meld(1, event.Call, event.MeldPon, 0, "888s", 0).Discard(1, "9p").
			Draw(2, "6s").Discard(2, "6s").
			Win(1, 2, "6s", 1, 30, [4]int32{0, 1000, -1000, 0}, event.Yaku{ID: 8, Han: 1})
		if rep := adjudicator.Judge(b.G, preset(t, "tenhou"), true); len(rep.Findings) != 0 || rep.DivergentFrom >= 0 || len(rep.Wins) != 1 || rep.Wins[0].Value.Total != 1000 {
			t.Fatalf("under tenhou: findings %+v, divergent from %d, wins %+v", rep.Findings, rep.DivergentFrom, rep.Wins)
		}
		r := preset(t, "tenhou")
		r.Name, r.Yaku.OpenTanyao = "no-kuitan", false
		rep := adjudicator.Judge(b.G, r, false)
		if rep.DivergentKind != adjudicator.DivergeNoYaku || rep.DivergentFrom != 0 || !rep.Wins[0].Value.NoYaku || len(rep.Findings) != 0 {
			t.Errorf("divergent %q from %d (%s), findings %+v; want no_yaku from hand 0", rep.DivergentKind, rep.DivergentFrom, rep.DivergentReason, rep.Findings)
		}
	})
	t.Run("noten payments: one of four tenpai", func(t *testing.T) {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, waitsOn4p, junk2, junk).Exhaust(0, 0, 4).
			Ryuukyoku(event.Exhaustive, [4]int32{-1000, 3000, -1000, -1000})
		rep := adjudicator.Judge(b.G, preset(t, "tenhou"), true)
		h := rep.Hands[0]
		if len(rep.Findings) != 0 || h.TenpaiCount != 1 || h.NotenPaymentTotal != 3000 || !h.Seats[1].Tenpai {
			t.Errorf("tenpai %d, noten total %d, findings %+v", h.TenpaiCount, h.NotenPaymentTotal, rep.Findings)
		}
	})
	t.Run("noten payments: sanma pool 2000 with two tenpai", func(t *testing.T) {
		b := gamebuild.New(t, 3)
		b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, "123789p23s55s111z", "111999p23s55s222z", "199m159p159s1357z").Exhaust(0, 0, 3).
			Ryuukyoku(event.Exhaustive, [4]int32{1000, 1000, -2000})
		rep := adjudicator.Judge(b.G, preset(t, "tenhou-sanma"), true)
		h := rep.Hands[0]
		if h.TenpaiCount != 2 || h.Seats[2].Expected != -2000 || slices.Contains(checkNames(rep.Findings), "draw.payment") {
			t.Errorf("tenpai %d, seat 2 expected %d, findings %+v", h.TenpaiCount, h.Seats[2].Expected, rep.Findings)
		}
	})
	t.Run("nagashi mangan replaces noten payments", func(t *testing.T) {
		// Seat 1 (not dealer) discards only terminals and honours.
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk2, junk, junk2, waitsOn4p).Exhaust(0, 0, 4, "", "9s").
			Ryuukyoku(event.Nagashi, [4]int32{-4000, 8000, -2000, -2000})
		rep := adjudicator.Judge(b.G, preset(t, "tenhou"), true)
		if h := rep.Hands[0]; h.Outcome != adjudicator.NagashiOutcome || len(rep.Findings) != 0 {
			t.Errorf("outcome %v, findings %+v", h.Outcome, rep.Findings)
		}
		// Under WRC there is no nagashi: noten payments instead.
		rep = adjudicator.Judge(b.G, preset(t, "wrc"), false)
		if h := rep.Hands[0]; h.Outcome != adjudicator.ExhaustiveOutcome || h.Seats[3].Expected != 3000 {
			t.Errorf("under wrc: outcome %v, seat 3 expected %d", h.Outcome, h.Seats[3].Expected)
		}
	})
	t.Run("an abortive draw the rules lack is divergent", func(t *testing.T) {
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk2).Draw(0, "9s").Ryuukyoku(event.NineTerminals, [4]int32{})
		if rep := adjudicator.Judge(b.G, preset(t, "tenhou"), true); len(rep.Findings) != 0 {
			t.Errorf("nine terminals under tenhou: %+v", rep.Findings)
		}
		rep := adjudicator.Judge(b.G, preset(t, "wrc"), false)
		if rep.DivergentFrom != 0 || !rep.Hands[0].Divergent || rep.DivergentKind != adjudicator.DivergeNineTerminals {
			t.Errorf("nine terminals under wrc: divergent from %d (%s)", rep.DivergentFrom, rep.DivergentKind)
		}
	})
	t.Run("hands after a divergence are not judged", func(t *testing.T) {
		// Hand 0 aborts on nine terminals; hand 1 is a win whose recorded
		// payment no rules give. Under tenhou the payment is a finding;
		// under wrc hand 1 is one WRC would not have dealt.
		b := gamebuild.New(t, 4)
		b.Round(0, 1, 0, 0, 0, even, junk, junk2, junk2, junk2).Draw(0, "9s").Ryuukyoku(event.NineTerminals, [4]int32{}).
			Round(0, 1, 1, 0, 0, even, junk2, waitsOn4p, junk2, junk).
			Draw(0, "4p").Discard(0, "4p").
			Win(1, 0, "4p", 1, 30, [4]int32{-5000, 5000, 0, 0})
		if rep := adjudicator.Judge(b.G, preset(t, "tenhou"), true); !slices.Contains(checkNames(rep.Findings), "win.payment") {
			t.Errorf("under tenhou: findings %v, want win.payment", checkNames(rep.Findings))
		}
		rep := adjudicator.Judge(b.G, preset(t, "wrc"), false)
		if len(rep.Findings) != 0 || rep.DivergentFrom != 0 || rep.DivergentKind != adjudicator.DivergeNineTerminals {
			t.Errorf("under wrc: divergent from %d (%s), findings %+v", rep.DivergentFrom, rep.DivergentKind, rep.Findings)
		}
		if h := rep.Hands[1]; !h.Divergent || h.ExpectedKnown || h.Outcome != adjudicator.WinOutcome {
			t.Errorf("under wrc, hand 1: divergent %v, expected known %v, outcome %v; want true, false, win", h.Divergent, h.ExpectedKnown, h.Outcome)
		}
	})
	t.Run("a sanma game under 4-player rules is divergent from the start", func(t *testing.T) {
		b := gamebuild.New(t, 3)
		b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, "123789p23s55s111z", "111999p23s55s222z", "199m159p159s1357z").Exhaust(0, 0, 3).
			Ryuukyoku(event.Exhaustive, [4]int32{1000, 1000, -2000})
		rep := adjudicator.Judge(b.G, preset(t, "wrc"), false)
		if len(rep.Findings) != 0 || rep.DivergentFrom != 0 || rep.DivergentKind != adjudicator.DivergePlayers || !rep.Hands[0].Divergent {
			t.Errorf("divergent from %d (%s: %s), findings %+v", rep.DivergentFrom, rep.DivergentKind, rep.DivergentReason, rep.Findings)
		}
	})
}

// allLast builds a two-hand fragment: South 4 with seat 3 dealing and the
// given scores, seat 3 wins by ron for 1000 from seat 0, then either the
// game end (end true) or South 4-1.
func allLast(t *testing.T, scores [4]int32, end bool) *gamebuild.Builder {
	b := gamebuild.New(t, 4)
	b.Round(1, 4, 0, 0, 3, scores, junk2, junk, junk2, waitsOn4p).
		Draw(3, "9s").Discard(3, "9s").Draw(0, "4p").Discard(0, "4p").
		Win(3, 0, "4p", 1, 30, [4]int32{-1500, 0, 0, 1500})
	after := scores
	after[0] -= 1500
	after[3] += 1500
	if end {
		return b.End(after, [4]float64{})
	}
	return b.Round(1, 4, 1, 0, 3, after, junk2, junk, junk2, waitsOn4p)
}

func TestGameEnd(t *testing.T) {
	tests := []struct {
		name   string
		scores [4]int32
		end    bool   // the log ends after South 4
		want   string // a check name, "" for none
	}{
		{"agari-yame: dealer first with 30000 must stop", [4]int32{20000, 20000, 30000, 30000}, false, "game.end"},
		{"agari-yame: dealer first stops", [4]int32{20000, 20000, 30000, 30000}, true, ""},
		{"agari-yame: dealer second goes on", [4]int32{15000, 20000, 35000, 30000}, false, ""},
		{"agari-yame: dealer second may not stop", [4]int32{15000, 20000, 35000, 30000}, true, "game.end"},
		{"tobi at exactly zero plays on", [4]int32{1500, 40000, 40000, 18500}, false, ""},
		{"tobi below zero ends", [4]int32{1000, 40000, 40000, 19000}, false, "game.end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := allLast(t, tc.scores, tc.end)
			rep := adjudicator.Judge(b.G, preset(t, "tenhou"), true)
			got := checkNames(rep.Findings)
			// The fragment starts at South 4 and has no final points: only
			// the flow checks matter here.
			got = slices.DeleteFunc(got, func(c string) bool {
				return strings.HasPrefix(c, "flow.first") || c == "flow.start_scores" || c == "game.final_points" || c == "game.final_scores"
			})
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("unexpected findings %v", got)
			case tc.want != "" && !slices.Contains(got, tc.want):
				t.Errorf("findings %v do not include %s", got, tc.want)
			}
		})
	}
	t.Run("tobi at zero under zero_or_below rules ends the game early", func(t *testing.T) {
		b := allLast(t, [4]int32{1500, 40000, 40000, 18500}, false)
		r := preset(t, "tenhou")
		r.Name = "tenhou-zero"
		r.End.Tobi = adjudicator.TobiZero
		rep := adjudicator.Judge(b.G, r, false)
		if !rep.EndedEarly || rep.EndedAfter != 0 {
			t.Errorf("ended early %v after %d, want after hand 0", rep.EndedEarly, rep.EndedAfter)
		}
	})
	t.Run("agari-yame for a dealer in second place when the rules allow it", func(t *testing.T) {
		b := allLast(t, [4]int32{15000, 20000, 35000, 30000}, true)
		r := preset(t, "tenhou")
		r.End.Yame = []adjudicator.YameMode{adjudicator.YameMandatory, adjudicator.YameMandatory, adjudicator.YameNo, adjudicator.YameNo}
		rep := adjudicator.Judge(b.G, r, true)
		if slices.Contains(checkNames(rep.Findings), "game.end") {
			t.Errorf("findings %v: a second-placed dealer may stop under these rules", checkNames(rep.Findings))
		}
	})
}

func TestParseRules(t *testing.T) {
	text, err := adjudicator.PresetText("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("unknown key names the key and its line", func(t *testing.T) {
		bad := strings.Replace(string(text), "[draw]\n", "[draw]\nnoten_pol = 3000\n", 1)
		_, err := adjudicator.Parse("mine.toml", []byte(bad))
		if err == nil || !strings.Contains(err.Error(), "mine.toml:") || !strings.Contains(err.Error(), "draw.noten_pol") {
			t.Errorf("error %v does not name the file, line and key", err)
		}
	})
	t.Run("missing key", func(t *testing.T) {
		bad := strings.Replace(string(text), "noten_pool = 3000\n", "", 1)
		_, err := adjudicator.Parse("mine.toml", []byte(bad))
		if err == nil || !strings.Contains(err.Error(), "draw.noten_pool") {
			t.Errorf("error %v does not name the missing key", err)
		}
	})
	t.Run("bad value", func(t *testing.T) {
		bad := strings.Replace(string(text), `tobi = "below_zero"`, `tobi = "sometimes"`, 1)
		_, err := adjudicator.Parse("mine.toml", []byte(bad))
		if err == nil || !strings.Contains(err.Error(), "end.tobi") {
			t.Errorf("error %v does not name the setting", err)
		}
	})
	t.Run("every preset round-trips", func(t *testing.T) {
		for _, n := range adjudicator.PresetNames() {
			r := preset(t, n)
			back, err := adjudicator.Parse(n, []byte(r.String()))
			if err != nil {
				t.Errorf("%s: %v", n, err)
				continue
			}
			if d := cmp.Diff(r, back); d != "" {
				t.Errorf("%s does not round-trip (-want +got):\n%s", n, d)
			}
		}
	})
}

// TestRiichiKeys: riichi.min_score and riichi.min_wall decide what a legal
// riichi is.
func TestRiichiKeys(t *testing.T) {
	data, err := os.ReadFile("../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")
	if err != nil {
		t.Fatal(err)
	}
	var d parser.Decoder
	var g event.Game
	if err := d.Decode(&parser.Input{Path: "a.xml", Data: data}, &g); err != nil {
		t.Fatal(err)
	}
	riichi := func(r *adjudicator.Rules) int {
		n := 0
		for _, f := range adjudicator.Judge(&g, r, true).Findings {
			if f.Check == check.LegalityRiichi {
				n++
			}
		}
		return n
	}
	r := preset(t, "tenhou")
	if n := riichi(r); n != 0 {
		t.Fatalf("%d riichi findings under tenhou", n)
	}
	r.Riichi.MinScore = 100000
	if n := riichi(r); n == 0 {
		t.Error("riichi.min_score = 100000: no riichi is found illegal")
	}
	r = preset(t, "tenhou")
	r.Riichi.MinWall = 69
	if n := riichi(r); n == 0 {
		t.Error("riichi.min_wall = 69: no riichi is found illegal")
	}
}
