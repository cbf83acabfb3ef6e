package haifu_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/haifu/haifu"
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
)

// legalDir holds legal tenhou.net/6 logs haifu used to refuse, and the
// cases that judge them (cases.toml says what each is).
const legalDir = "parser/tenhou6/testdata/legal"

type legalCase struct {
	Name     string
	Log      string
	Twin     string
	Rules    string
	Set      map[string]any
	Findings []struct {
		Check string
		Hand  int
		Seat  *int
	}
	Outcomes []string
}

// TestLegalTenhou6Logs decodes each legal log of legalDir (and its mjai
// twin, when it has one), judges it under the rules of its case as the
// log's own, and expects the case's findings and outcomes: a hand after a
// chombo that repeats its round key, hands that end at a kan (four kans at
// the fourth, a fifth kan), a sixth dora indicator, a chombo at a
// four-riichi abort.
func TestLegalTenhou6Logs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(legalDir, "cases.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Case []legalCase }
	if err := toml.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Case) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range file.Case {
		t.Run(c.Name, func(t *testing.T) {
			rules, err := presetWith(c.Rules, c.Set)
			if err != nil {
				t.Fatal(err)
			}
			logs := []string{c.Log}
			if c.Twin != "" {
				logs = append(logs, c.Twin)
			}
			for _, name := range logs {
				g := decodeOnly(t, filepath.Join(legalDir, name))
				var jr adjudicator.Judger
				rep := jr.Judge(g, rules, true)
				var got, want []string
				for _, f := range rep.Findings {
					got = append(got, fmt.Sprintf("%s hand %d seat %d", f.Check, f.Hand, f.Seat))
				}
				for i, f := range c.Findings {
					seat := "seat " + fmt.Sprint(event.NoSeat)
					if f.Seat != nil {
						seat = fmt.Sprintf("seat %d", *f.Seat)
					} else if i < len(rep.Findings) {
						seat = fmt.Sprintf("seat %d", rep.Findings[i].Seat) // not given: any
					}
					want = append(want, fmt.Sprintf("%s hand %d %s", f.Check, f.Hand, seat))
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: findings\n%s\nwant\n%s\n(all: %v)", name, strings.Join(got, "\n"), strings.Join(want, "\n"), rep.Findings)
				}
				if c.Outcomes != nil {
					var outs []string
					for _, h := range rep.Hands {
						outs = append(outs, h.Outcome.String())
					}
					if !slices.Equal(outs, c.Outcomes) {
						t.Errorf("%s: outcomes %v, want %v", name, outs, c.Outcomes)
					}
				}
			}
		})
	}
}

// decodeOnly decodes the one game of the file at path, which must read
// without an error.
func decodeOnly(t *testing.T, path string) *event.Game {
	t.Helper()
	var games []*event.Game
	for g, err := range haifu.Games(context.Background(), haifu.Paths(path), nil) {
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		c := *g
		c.Events = slices.Clone(g.Events)
		games = append(games, &c)
	}
	if len(games) != 1 {
		t.Fatalf("%s: %d games", path, len(games))
	}
	return games[0]
}

// presetWith returns the preset's rules with the keys of set (dotted
// names of the rule file, "draw.renchan") given other values.
func presetWith(preset string, set map[string]any) (*adjudicator.Rules, error) {
	text, err := adjudicator.PresetText(preset)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := toml.Unmarshal(text, &m); err != nil {
		return nil, err
	}
	for key, v := range set {
		parts := strings.Split(key, ".")
		tbl := m
		for _, p := range parts[:len(parts)-1] {
			sub, ok := tbl[p].(map[string]any)
			if !ok {
				return nil, fmt.Errorf("set: %q: no table %q in preset %s", key, p, preset)
			}
			tbl = sub
		}
		if _, ok := tbl[parts[len(parts)-1]]; !ok {
			return nil, fmt.Errorf("set: preset %s has no key %q", preset, key)
		}
		tbl[parts[len(parts)-1]] = v
	}
	out, err := toml.Marshal(m)
	if err != nil {
		return nil, err
	}
	return adjudicator.Parse(preset+"+set.toml", out)
}

// TestBrokenRoundJudgedOn: a tenhou.net/6 round that cannot be rebuilt (a
// seat discards a tile it does not hold) is a legality.discard finding of
// that round, with the seat and the tile; the game is read without an
// error, and every later round is judged from its recorded start.
func TestBrokenRoundJudgedOn(t *testing.T) {
	data, err := os.ReadFile("fixtures/good/tenhou6/jeff__sample_tenhou.json")
	if err != nil {
		t.Fatal(err)
	}
	// E2-0: seat 0's first discard, 31 (1p), becomes 19 (9m), which it
	// does not hold.
	const from = `[31, 44, 33, 60, 60, 60, 34, 60, 27, 29, 60, 60, 46, 46]`
	if strings.Count(string(data), from) != 1 {
		t.Fatal("the fixture is not as the test expects")
	}
	bad := strings.Replace(string(data), from, `[19, 44, 33, 60, 60, 60, 34, 60, 27, 29, 60, 60, 46, 46]`, 1)
	good, err := haifu.Verify(context.Background(), haifu.Bytes("good.json", data), nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := haifu.Verify(context.Background(), haifu.Bytes("bad.json", []byte(bad)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 1 || len(good.Games) != 1 {
		t.Fatalf("%d and %d games", len(rep.Games), len(good.Games))
	}
	g, want := &rep.Games[0], &good.Games[0]
	if g.Err != nil || !g.Judged {
		t.Fatalf("error %v, judged %v: want the game read and judged", g.Err, g.Judged)
	}
	if g.Hands != want.Hands || g.Hands != 9 {
		t.Errorf("%d hands judged, want %d, as in the log without the bad discard", g.Hands, want.Hands)
	}
	if len(g.Findings) != 1 {
		t.Fatalf("findings %v: want one", g.Findings)
	}
	f := g.Findings[0]
	if f.Check.String() != "legality.discard" || f.Seat != 0 || f.Round.String() != "E2-0" || f.Hand != 1 ||
		!strings.Contains(f.Message, "seat 0 discards 9m, which it does not hold") {
		t.Errorf("finding %+v: want legality.discard by seat 0 of 9m in E2-0 (hand 1)", f)
	}
}
