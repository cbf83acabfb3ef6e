package adjudicator_test

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/pelletier/go-toml/v2"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// conformanceDir is the suite of scenario files (conformance/README.md
// describes their format).
const conformanceDir = "../conformance"

// scenarioFile is one file of the suite: what it shows and its cases.
type scenarioFile struct {
	Description string         `toml:"description"`
	Cases       []scenarioCase `toml:"case"`
}

// scenarioCase is a log judged under a rule set, and what the judgement
// must be.
type scenarioCase struct {
	Name      string          `toml:"name"`
	Log       string          `toml:"log"`
	Rules     string          `toml:"rules"`
	Set       map[string]any  `toml:"set"`
	Native    *bool           `toml:"native"`
	Findings  *[]findingWant  `toml:"findings"`
	Hands     []handWant      `toml:"hand"`
	Divergent *divergenceWant `toml:"divergent"`
	Final     []int32         `toml:"final_scores"`
	// Under rules = "auto": the candidates the log is judged under, and
	// the findings only some of them make.
	JudgedUnder  []string            `toml:"judged_under"`
	Undetermined *[]undeterminedWant `toml:"undetermined"`
}

// undeterminedWant is a finding that only some of the candidate rule sets
// make (rules = "auto"): the finding, and the candidates under which it is
// made and not made.
type undeterminedWant struct {
	findingWant
	Under    []string `toml:"under"`
	NotUnder []string `toml:"not_under"`
}

func (u undeterminedWant) String() string {
	return fmt.Sprintf("%s under %v not under %v", u.findingWant, u.Under, u.NotUnder)
}

// findingWant is one finding: its check, hand (-1 for the game), seat
// (absent: none) and the expected and recorded values ("" when absent).
type findingWant struct {
	Check    string `toml:"check"`
	Hand     *int   `toml:"hand"`
	Seat     *int   `toml:"seat"`
	Expected string `toml:"expected"`
	Recorded string `toml:"recorded"`
}

func (f findingWant) String() string {
	s := fmt.Sprintf("%s hand %d", f.Check, *f.Hand)
	if f.Seat != nil {
		s += fmt.Sprintf(" seat %d", *f.Seat)
	}
	if f.Expected != "" || f.Recorded != "" {
		s += fmt.Sprintf(" expected %q recorded %q", f.Expected, f.Recorded)
	}
	return s
}

// handWant is what the judgement of one hand must be; an absent field is
// not compared.
type handWant struct {
	Index             *int    `toml:"index"`
	Outcome           *string `toml:"outcome"`
	Deltas            []int32 `toml:"deltas"`
	Tenpai            []bool  `toml:"tenpai"`
	TenpaiCount       *int    `toml:"tenpai_count"`
	NotenPaymentTotal *int32  `toml:"noten_payment_total"`
	Chombo            []bool  `toml:"chombo"`
	Computed          []int32 `toml:"computed"`
}

// divergenceWant is where and why the game diverges under the rules, or
// kind "" for nowhere.
type divergenceWant struct {
	Kind *string `toml:"kind"`
	Hand *int    `toml:"hand"`
}

// TestConformance runs every case of every scenario file of the suite:
// it decodes the case's log, builds its rules (a preset, with the
// overrides applied to the preset's TOML text and read with
// adjudicator.Parse), judges the log and compares the findings (all of
// them, in any order: check, hand, seat, expected and recorded) and the
// judged values the case lists. Every log of the suite must be used by a
// case and be self-consistent (scoresConsistent).
func TestConformance(t *testing.T) {
	var files []string
	err := filepath.WalkDir(conformanceDir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".toml") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no scenario file under %s", conformanceDir)
	}
	logs := map[string]*event.Game{}
	var dec parser.Decoder
	var jr adjudicator.Judger
	var sel adjudicator.Selector
	cases := 0
	for _, file := range files {
		rel, _ := filepath.Rel(conformanceDir, file)
		sf, err := readScenarioFile(file)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for k := range sf.Cases {
			c := &sf.Cases[k]
			cases++
			t.Run(filepath.ToSlash(strings.TrimSuffix(rel, ".toml"))+"/"+c.Name, func(t *testing.T) {
				logPath := filepath.Join(filepath.Dir(file), filepath.FromSlash(c.Log))
				g, ok := logs[logPath]
				if !ok {
					data, err := os.ReadFile(logPath)
					if err != nil {
						t.Fatal(err)
					}
					g = new(event.Game)
					if err := dec.Decode(&parser.Input{Path: filepath.ToSlash(c.Log), Data: data}, g); err != nil {
						t.Fatal(err)
					}
					logs[logPath] = g
				}
				if c.Rules == "auto" {
					rep, err := jr.JudgeAuto(g, &sel)
					if err != nil {
						t.Fatal(err)
					}
					checkCase(t, c, rep)
					checkAuto(t, c, rep)
					return
				}
				rules, err := scenarioRules(c.Rules, c.Set)
				if err != nil {
					t.Fatal(err)
				}
				checkCase(t, c, jr.Judge(g, rules, *c.Native))
			})
		}
	}
	// Every log is used and self-consistent.
	err = filepath.WalkDir(conformanceDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") && !strings.HasSuffix(path, ".jsonl") {
			return err
		}
		g, ok := logs[path]
		if !ok {
			t.Errorf("%s: no case judges it", path)
			return nil
		}
		if err := scoresConsistent(g); err != nil {
			t.Errorf("%s: the scores do not add up: %v", path, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d scenario files, %d cases, %d logs", len(files), cases, len(logs))
}

// readScenarioFile reads a scenario file; an unknown key or a case without
// its required keys is an error.
func readScenarioFile(path string) (*scenarioFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var sf scenarioFile
	d := toml.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&sf); err != nil {
		return nil, err
	}
	if sf.Description == "" || len(sf.Cases) == 0 {
		return nil, fmt.Errorf("no description or no case")
	}
	names := map[string]bool{}
	for i, c := range sf.Cases {
		switch {
		case c.Name == "" || c.Log == "" || c.Rules == "" || c.Native == nil || c.Findings == nil:
			return nil, fmt.Errorf("case %d (%q): name, log, rules, native and findings are required", i+1, c.Name)
		case names[c.Name]:
			return nil, fmt.Errorf("two cases named %q", c.Name)
		}
		names[c.Name] = true
		for _, f := range *c.Findings {
			if f.Check == "" || f.Hand == nil {
				return nil, fmt.Errorf("case %q: a finding without its check or hand", c.Name)
			}
		}
		for _, h := range c.Hands {
			if h.Index == nil {
				return nil, fmt.Errorf("case %q: a hand without its index", c.Name)
			}
		}
		if d := c.Divergent; d != nil && (d.Kind == nil || *d.Kind != "" && d.Hand == nil) {
			return nil, fmt.Errorf("case %q: divergent needs its kind (\"\" for none) and hand", c.Name)
		}
		switch auto := c.Rules == "auto"; {
		case auto && (len(c.Set) > 0 || !*c.Native || c.Undetermined == nil || c.JudgedUnder == nil):
			return nil, fmt.Errorf("case %q: rules = \"auto\" needs native = true, judged_under and undetermined, and no set", c.Name)
		case !auto && (c.Undetermined != nil || c.JudgedUnder != nil):
			return nil, fmt.Errorf("case %q: judged_under and undetermined go with rules = \"auto\"", c.Name)
		}
		if c.Undetermined != nil {
			for _, u := range *c.Undetermined {
				if u.Check == "" || u.Hand == nil || len(u.Under) == 0 || len(u.NotUnder) == 0 {
					return nil, fmt.Errorf("case %q: an undetermined finding without its check, hand, under or not_under", c.Name)
				}
			}
		}
	}
	return &sf, nil
}

// scenarioRules returns the preset's rules with the overrides set, each a
// dotted key of the rules' TOML ("draw.renchan") and its value, applied to
// the preset's TOML text.
func scenarioRules(preset string, set map[string]any) (*adjudicator.Rules, error) {
	text, err := adjudicator.PresetText(preset)
	if err != nil {
		return nil, err
	}
	if len(set) == 0 {
		return adjudicator.Parse(preset+".toml", text)
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
		last := parts[len(parts)-1]
		if _, ok := tbl[last]; !ok {
			return nil, fmt.Errorf("set: preset %s has no key %q", preset, key)
		}
		tbl[last] = v
	}
	out, err := toml.Marshal(m)
	if err != nil {
		return nil, err
	}
	return adjudicator.Parse(preset+"+set.toml", out)
}

// checkCase compares a judgement with the case.
func checkCase(t *testing.T, c *scenarioCase, rep *adjudicator.Report) {
	t.Helper()
	var got []findingWant
	for _, f := range rep.Findings {
		fw := findingWant{Check: f.Check.String(), Hand: &f.Hand, Expected: f.Expected, Recorded: f.Recorded}
		if f.Seat != event.NoSeat {
			s := int(f.Seat)
			fw.Seat = &s
		}
		got = append(got, fw)
	}
	want := slices.Clone(*c.Findings)
	if d := gocmp.Diff(findingStrings(want), findingStrings(got)); d != "" {
		t.Errorf("findings (-want +got):\n%s", d)
	}
	for _, hw := range c.Hands {
		i := *hw.Index
		if i < 0 || i >= len(rep.Hands) {
			t.Errorf("hand %d: the judgement has %d hands", i, len(rep.Hands))
			continue
		}
		h := &rep.Hands[i]
		players := len(hw.Deltas)
		seats := func(f func(s int) any) []any {
			n := max(players, len(hw.Tenpai), len(hw.Chombo), len(hw.Computed))
			out := make([]any, n)
			for s := range n {
				out[s] = f(s)
			}
			return out
		}
		if hw.Outcome != nil && h.Outcome.String() != *hw.Outcome {
			t.Errorf("hand %d: outcome %v, want %s", i, h.Outcome, *hw.Outcome)
		}
		if hw.Deltas != nil {
			if got := seats(func(s int) any { return h.Seats[s].Expected }); !sameValues(got, hw.Deltas) {
				t.Errorf("hand %d: score changes %v, want %v", i, got, hw.Deltas)
			}
		}
		if hw.Tenpai != nil {
			if got := seats(func(s int) any { return h.Seats[s].Tenpai }); !sameValues(got, hw.Tenpai) {
				t.Errorf("hand %d: tenpai %v, want %v", i, got, hw.Tenpai)
			}
		}
		if hw.Chombo != nil {
			if got := seats(func(s int) any { return h.Seats[s].Chombo }); !sameValues(got, hw.Chombo) {
				t.Errorf("hand %d: chombo %v, want %v", i, got, hw.Chombo)
			}
		}
		if hw.Computed != nil {
			if got := seats(func(s int) any { return h.Seats[s].Computed }); !sameValues(got, hw.Computed) {
				t.Errorf("hand %d: computed scores %v, want %v", i, got, hw.Computed)
			}
		}
		if hw.TenpaiCount != nil && h.TenpaiCount != *hw.TenpaiCount {
			t.Errorf("hand %d: %d tenpai, want %d", i, h.TenpaiCount, *hw.TenpaiCount)
		}
		if hw.NotenPaymentTotal != nil && h.NotenPaymentTotal != *hw.NotenPaymentTotal {
			t.Errorf("hand %d: noten payments %d, want %d", i, h.NotenPaymentTotal, *hw.NotenPaymentTotal)
		}
	}
	if d := c.Divergent; d != nil {
		switch {
		case *d.Kind == "" && rep.DivergentFrom >= 0:
			t.Errorf("divergent %q from hand %d (%s), want not divergent", rep.DivergentKind, rep.DivergentFrom, rep.DivergentReason)
		case *d.Kind != "" && (string(rep.DivergentKind) != *d.Kind || rep.DivergentFrom != *d.Hand):
			t.Errorf("divergent %q from hand %d (%s), want %q from hand %d", rep.DivergentKind, rep.DivergentFrom, rep.DivergentReason, *d.Kind, *d.Hand)
		}
	}
	if c.Final != nil {
		got := rep.Final[:len(c.Final)]
		if !rep.FinalKnown || !slices.Equal(got, c.Final) {
			t.Errorf("final scores %v (known %v), want %v", got, rep.FinalKnown, c.Final)
		}
	}
}

// checkAuto compares a judgement under --rules auto with the case: the
// candidates judged under, and the undetermined findings.
func checkAuto(t *testing.T, c *scenarioCase, rep *adjudicator.Report) {
	t.Helper()
	got := slices.Clone(rep.Candidates)
	if len(got) == 0 {
		got = []string{rep.Rules.Name}
	}
	if d := gocmp.Diff(c.JudgedUnder, got); d != "" {
		t.Errorf("judged under (-want +got):\n%s", d)
	}
	var want, have []string
	for _, u := range *c.Undetermined {
		want = append(want, u.String())
	}
	for _, u := range rep.Undetermined {
		fw := findingWant{Check: u.Check.String(), Hand: &u.Hand, Expected: u.Expected, Recorded: u.Recorded}
		if u.Seat != event.NoSeat {
			s := int(u.Seat)
			fw.Seat = &s
		}
		have = append(have, undeterminedWant{findingWant: fw, Under: u.Under, NotUnder: u.NotUnder}.String())
	}
	slices.Sort(want)
	slices.Sort(have)
	if d := gocmp.Diff(want, have); d != "" {
		t.Errorf("undetermined findings (-want +got):\n%s", d)
	}
}

// findingStrings renders findings, sorted, for a comparison that ignores
// their order.
func findingStrings(fs []findingWant) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.String()
	}
	slices.SortFunc(out, cmp.Compare)
	return out
}

// sameValues compares seat values with the wanted ones.
func sameValues[T comparable](got []any, want []T) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range want {
		if got[i] != any(want[i]) {
			return false
		}
	}
	return true
}

// scoresConsistent reports whether a log's scores add up, whatever the
// rules: each hand's recorded score changes, less the riichi sticks paid
// in it, give the next hand's scores (and the final scores, but for
// leftover sticks that go to some players); sticks paid are 1000 points, or
// 1500 for every stick of a log played so; a draw's changes add up to 0, or
// (nagashi mangan paid as a win) to the sticks on the table; the first
// hand's scores and sticks add up to the players' equal start.
func scoresConsistent(g *event.Game) error {
	var errs []string
	for _, stick := range []int32{1000, 1500} {
		err := scoresAddUp(g, stick)
		if err == nil {
			return nil
		}
		errs = append(errs, fmt.Sprintf("with %d-point sticks: %v", stick, err))
	}
	return fmt.Errorf("%s", strings.Join(errs, "; "))
}

func scoresAddUp(g *event.Game, stick int32) error {
	players := g.Meta.PlayerCount()
	var start, deltas [4]int32
	var riichi [4]int32
	sticks, hand := int32(0), -1
	won := false
	total := func(sc [4]int32) int32 {
		var t int32
		for s := range players {
			t += sc[s]
		}
		return t
	}
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.RoundStart:
			r := &g.Rounds[e.Ref]
			if hand >= 0 {
				for s := range players {
					if want := start[s] + deltas[s] - riichi[s]; r.Scores[s] != want {
						return fmt.Errorf("%v: seat %d starts with %d, the hand before leaves it %d", r.ID(), s, r.Scores[s], want)
					}
				}
			} else if t := total(r.Scores) + stick*int32(r.Sticks); t%int32(players) != 0 || t/int32(players)%100 != 0 {
				return fmt.Errorf("%v: the scores and sticks add up to %d, not an equal start for %d players", r.ID(), t, players)
			}
			hand++
			start, deltas, riichi, sticks, won = r.Scores, [4]int32{}, [4]int32{}, int32(r.Sticks), false
		case event.RiichiAccepted:
			riichi[e.Seat] += stick
			sticks++
		case event.Win:
			w := &g.Wins[e.Ref]
			for s := range players {
				deltas[s] += w.Deltas[s]
			}
			won = true
		case event.Ryuukyoku:
			r := &g.Ryuukyoku[e.Ref]
			deltas = r.Deltas
			if t := total(deltas); t != 0 && t != stick*sticks {
				return fmt.Errorf("hand %d: the draw's score changes add up to %d", hand, t)
			}
		case event.GameEnd:
			end := &g.End[e.Ref]
			if end.Known&event.KnownScores == 0 {
				continue
			}
			var extra int32
			for s := range players {
				left := start[s] + deltas[s] - riichi[s]
				if end.Scores[s] < left {
					return fmt.Errorf("seat %d ends with %d, the last hand leaves it %d", s, end.Scores[s], left)
				}
				extra += end.Scores[s] - left
			}
			if left := sticks * stick; won && extra != 0 || !won && extra != 0 && extra != left {
				return fmt.Errorf("the final scores have %d points more than the last hand leaves", extra)
			}
		}
		if e.Type == event.Win || e.Type == event.Ryuukyoku {
			if won {
				if t := total(deltas); t != stick*sticks && e.Type == event.Win && isLastResult(g, i) {
					return fmt.Errorf("hand %d: the wins' score changes add up to %d, the sticks on the table are %d", hand, t, stick*sticks)
				}
			}
		}
	}
	return nil
}

// isLastResult reports whether event i is the last result of its hand.
func isLastResult(g *event.Game, i int) bool {
	for k := i + 1; k < len(g.Events); k++ {
		switch g.Events[k].Type {
		case event.Win:
			return false
		case event.RoundStart, event.GameEnd:
			return true
		}
	}
	return true
}
