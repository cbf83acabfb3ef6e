package adjudicator_test

// The generator of conformance/rules, the rule suite: one scenario file per
// key of docs/rules.md, each statement of it (each value the key takes)
// with a log that follows it and one that breaks it, judged under every
// preset the statement concerns, and the findings expected of each. The
// games are built with internal/rulegen (every tile a distinct one, every
// score adding up) and written as tenhou.net/6 (parser/tenhou6's
// Encoder), mjlog and mjai (rulegen's writers) where the statement can be
// stated in each. The expectations are computed here from the rule
// statements themselves (the noten payments of the pool, the next dealer
// of the renchan rule, ...), never read off haifu's judgement:
// TestConformance then holds haifu to them.
//
// TestRulesSuite builds the whole suite in memory and compares it with
// conformance/rules; go test ./adjudicator -run RulesSuite -update
// rewrites it (review the diff).

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rulegen"
	"github.com/haifu/haifu/parser/tenhou6"
)

// rulesDir is the rule suite's directory.
var rulesDir = filepath.Join(conformanceDir, "rules")

// kv is one key of a preset a case changes, and its value.
type kv struct {
	k string
	v any
}

// rcase is one case of the rule suite.
type rcase struct {
	name, log, rules string
	set              []kv
	native           bool
	findings         []findingWant
	// divKind and divHand: the divergence expected ("" none), written when
	// divSet.
	divSet  bool
	divKind string
	divHand int
	hands   []rhand
	final   []int32
	// auto: the candidates --rules auto judges under, and the
	// undetermined findings.
	judgedUnder  []string
	undetermined []undeterminedWant
}

// rhand is what a case expects of one hand.
type rhand struct {
	index       int
	outcome     string
	deltas      []int32
	tenpai      []bool
	chombo      []bool
	tenpaiCount *int
}

// rfile is the scenario file of one key.
type rfile struct {
	key, desc string
	cases     []rcase
}

// rsuite is the suite being generated.
type rsuite struct {
	t       *testing.T
	files   []*rfile
	logs    map[string][]byte // path under rulesDir → contents
	presets []*adjudicator.Rules
	enc     tenhou6.Encoder
}

// preset returns the preset named n.
func (s *rsuite) preset(n string) *adjudicator.Rules {
	for _, r := range s.presets {
		if r.Name == n {
			return r
		}
	}
	s.t.Fatalf("no preset %s", n)
	return nil
}

// file starts the scenario file of key.
func (s *rsuite) file(key, desc string) *rfile {
	f := &rfile{key: key, desc: desc}
	s.files = append(s.files, f)
	return f
}

func (f *rfile) add(c rcase) {
	for _, o := range f.cases {
		if o.name == c.name {
			panic(fmt.Sprintf("%s: two cases named %q", f.key, c.name))
		}
	}
	f.cases = append(f.cases, c)
}

// The formats a log is written in.
const (
	fmtT6    = "tenhou6"
	fmtMjlog = "mjlog"
	fmtMjai  = "mjai"
)

// ext is the file name ending of a format.
func ext(format string) string {
	switch format {
	case fmtMjlog:
		return ".mjlog.xml"
	case fmtMjai:
		return ".mjai.jsonl"
	}
	return ".json"
}

// log builds a game and writes it in a format; it returns the log's path
// relative to the scenario files. A name is written once: registering it
// again with other contents fails.
func (s *rsuite) log(name, format string, o rulegen.Options, build func(b *rulegen.Builder)) string {
	s.t.Helper()
	data := s.encode(name, format, s.game(name, o, build))
	rel := "logs/" + name + ext(format)
	if old, ok := s.logs[rel]; ok && !bytes.Equal(old, data) {
		s.t.Fatalf("%s: written twice with different contents:\n%s\n%s", rel, old, data)
	}
	s.logs[rel] = data
	return rel
}

// game builds the game of the log name.
func (s *rsuite) game(name string, o rulegen.Options, build func(b *rulegen.Builder)) *event.Game {
	s.t.Helper()
	b := rulegen.New(o)
	build(b)
	g, err := b.Game()
	if err != nil {
		s.t.Fatalf("%s: %v", name, err)
	}
	return g
}

// encode writes g, the game of the log name, in a format (a tenhou.net/6
// game without a title gets one that names it).
func (s *rsuite) encode(name, format string, g *event.Game) []byte {
	s.t.Helper()
	var data []byte
	var err error
	switch format {
	case fmtT6:
		if g.Meta.Title == "" {
			g.Meta.Title = "haifu conformance: rules / " + name
		}
		var buf bytes.Buffer
		err = s.enc.Encode(&buf, g)
		data = buf.Bytes()
	case fmtMjlog:
		data, err = rulegen.Mjlog(g)
	case fmtMjai:
		data, err = rulegen.Mjai(g)
	}
	if err != nil {
		s.t.Fatalf("%s: %v", name, err)
	}
	return data
}

// logVariant is log for games whose contents depend on more of the rules
// than the name says (the payments of every hand of a whole game): the
// same name with another game gets a number ("-2", "-3", ...), the same
// game the same file.
func (s *rsuite) logVariant(name, format string, o rulegen.Options, build func(b *rulegen.Builder)) string {
	s.t.Helper()
	var data []byte // the game, written once a name is found taken
	for n := 1; ; n++ {
		try := name
		if n > 1 {
			try = fmt.Sprintf("%s-%d", name, n)
		}
		rel := "logs/" + try + ext(format)
		old, ok := s.logs[rel]
		if !ok {
			return s.log(try, format, o, build)
		}
		if data == nil {
			if format != fmtMjlog && format != fmtMjai {
				s.t.Fatalf("%s: logVariant writes mjlog or mjai", name)
			}
			data = s.encode(name, format, s.game(name, o, build))
		}
		if bytes.Equal(old, data) {
			return rel
		}
	}
}

// TestRulesSuite generates the rule suite and compares it with
// conformance/rules (or, with -update, rewrites it).
func TestRulesSuite(t *testing.T) {
	s := &rsuite{t: t, logs: map[string][]byte{}}
	for _, n := range adjudicator.PresetNames() {
		r, err := adjudicator.Preset(n)
		if err != nil {
			t.Fatal(err)
		}
		s.presets = append(s.presets, r)
	}
	s.generate()
	// Every key of a rule file is a statement with a log that follows it
	// and one that breaks it, but the two that name and describe the rule
	// set (no log can follow or break them).
	for _, key := range adjudicator.Keys() {
		if key == "name" || key == "description" {
			continue
		}
		var f *rfile
		for _, x := range s.files {
			if x.key == key {
				f = x
			}
		}
		if f == nil {
			t.Errorf("%s: no scenario file", key)
			continue
		}
		follows, breaks := 0, 0
		for _, c := range f.cases {
			if strings.Contains(c.name, ": follows") {
				follows++
			}
			if strings.Contains(c.name, ": breaks") {
				breaks++
			}
		}
		if follows == 0 || breaks == 0 {
			t.Errorf("%s: %d cases that follow it, %d that break it", key, follows, breaks)
		}
	}
	want := map[string][]byte{}
	for rel, data := range s.logs {
		want[rel] = data
	}
	cases := 0
	for _, f := range s.files {
		want[f.key+".toml"] = f.toml()
		cases += len(f.cases)
	}
	if *update {
		if err := os.RemoveAll(rulesDir); err != nil {
			t.Fatal(err)
		}
		for rel, data := range want {
			path := filepath.Join(rulesDir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	have := map[string]bool{}
	err := filepath.WalkDir(rulesDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(rulesDir, path)
		rel = filepath.ToSlash(rel)
		have[rel] = true
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if w, ok := want[rel]; !ok {
			t.Errorf("conformance/rules/%s: not generated (go test ./adjudicator -run RulesSuite -update)", rel)
		} else if !bytes.Equal(w, data) {
			t.Errorf("conformance/rules/%s: differs from what the generator writes (go test ./adjudicator -run RulesSuite -update)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range want {
		if !have[rel] {
			t.Errorf("conformance/rules/%s: missing (go test ./adjudicator -run RulesSuite -update)", rel)
		}
	}
	t.Logf("%d scenario files, %d cases, %d logs", len(s.files), cases, len(s.logs))
}

// toml writes the scenario file.
func (f *rfile) toml() []byte {
	var b strings.Builder
	b.WriteString("description = \"\"\"\n")
	b.WriteString(strings.TrimSpace(f.desc) + "\n")
	b.WriteString("\"\"\"\n")
	for _, c := range f.cases {
		fmt.Fprintf(&b, "\n[[case]]\nname = %s\nlog = %s\nrules = %s\n", tomlValue(c.name), tomlValue(c.log), tomlValue(c.rules))
		if len(c.set) > 0 {
			b.WriteString("set = { ")
			for i, x := range c.set {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s = %s", tomlValue(x.k), tomlValue(x.v))
			}
			b.WriteString(" }\n")
		}
		fmt.Fprintf(&b, "native = %v\n", c.native)
		writeFindings(&b, "findings", c.findings)
		if c.judgedUnder != nil {
			fmt.Fprintf(&b, "judged_under = %s\n", tomlValue(c.judgedUnder))
		}
		if c.rules == "auto" {
			if len(c.undetermined) == 0 {
				b.WriteString("undetermined = []\n")
			} else {
				b.WriteString("undetermined = [\n")
				for _, u := range c.undetermined {
					fmt.Fprintf(&b, "  { %s, under = %s, not_under = %s },\n", findingFields(u.findingWant), tomlValue(u.Under), tomlValue(u.NotUnder))
				}
				b.WriteString("]\n")
			}
		}
		if c.divSet {
			if c.divKind == "" {
				b.WriteString("divergent = { kind = \"\" }\n")
			} else {
				fmt.Fprintf(&b, "divergent = { kind = %s, hand = %d }\n", tomlValue(c.divKind), c.divHand)
			}
		}
		if c.final != nil {
			fmt.Fprintf(&b, "final_scores = %s\n", tomlValue(c.final))
		}
		for _, h := range c.hands {
			fmt.Fprintf(&b, "[[case.hand]]\nindex = %d\n", h.index)
			if h.outcome != "" {
				fmt.Fprintf(&b, "outcome = %s\n", tomlValue(h.outcome))
			}
			if h.deltas != nil {
				fmt.Fprintf(&b, "deltas = %s\n", tomlValue(h.deltas))
			}
			if h.tenpai != nil {
				fmt.Fprintf(&b, "tenpai = %s\n", tomlValue(h.tenpai))
			}
			if h.tenpaiCount != nil {
				fmt.Fprintf(&b, "tenpai_count = %d\n", *h.tenpaiCount)
			}
			if h.chombo != nil {
				fmt.Fprintf(&b, "chombo = %s\n", tomlValue(h.chombo))
			}
		}
	}
	return []byte(b.String())
}

// writeFindings writes a list of findings as the TOML key name.
func writeFindings(b *strings.Builder, name string, fs []findingWant) {
	if len(fs) == 0 {
		fmt.Fprintf(b, "%s = []\n", name)
		return
	}
	fmt.Fprintf(b, "%s = [\n", name)
	for _, f := range fs {
		fmt.Fprintf(b, "  { %s },\n", findingFields(f))
	}
	b.WriteString("]\n")
}

// findingFields writes a finding's fields as TOML inline-table entries.
func findingFields(f findingWant) string {
	s := fmt.Sprintf("check = %s, hand = %d", tomlValue(f.Check), *f.Hand)
	if f.Seat != nil {
		s += fmt.Sprintf(", seat = %d", *f.Seat)
	}
	if f.Expected != "" {
		s += ", expected = " + tomlValue(f.Expected)
	}
	if f.Recorded != "" {
		s += ", recorded = " + tomlValue(f.Recorded)
	}
	return s
}

// tomlValue writes a value as TOML.
func tomlValue(v any) string {
	switch x := v.(type) {
	case string:
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range x {
			switch {
			case r == '"' || r == '\\':
				b.WriteByte('\\')
				b.WriteRune(r)
			case r < 0x20:
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				b.WriteRune(r)
			}
		}
		b.WriteByte('"')
		return b.String()
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case float64:
		if x == math.Trunc(x) {
			return strconv.FormatFloat(x, 'f', 1, 64)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []string:
		return tomlList(x)
	case []int32:
		return tomlList(x)
	case []bool:
		return tomlList(x)
	case []float64:
		return tomlList(x)
	case []any:
		return tomlList(x)
	}
	panic(fmt.Sprintf("tomlValue: %T", v))
}

func tomlList[T any](xs []T) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = tomlValue(any(x))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// fw makes an expected finding: check, hand, seat (-1: none), expected
// and recorded.
func fw(check string, hand, seat int, expected, recorded string) findingWant {
	f := findingWant{Check: check, Hand: &hand, Expected: expected, Recorded: recorded}
	if seat >= 0 {
		f.Seat = &seat
	}
	return f
}

// ints renders seat values as haifu's findings write them ("[3000 -1000
// -1000 -1000]").
func ints(xs []int32) string { return fmt.Sprint(xs) }

// seatsOf cuts a four-seat array to the players.
func seatsOf[T any](xs [4]T, players int) []T { return slices.Clone(xs[:players]) }

// presetsOf returns the presets of the given number of players (0: all)
// for which keep says yes.
func (s *rsuite) presetsOf(players int, keep func(r *adjudicator.Rules) bool) []*adjudicator.Rules {
	var out []*adjudicator.Rules
	for _, r := range s.presets {
		if (players == 0 || r.Players == players) && keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// generate writes every scenario file.
func (s *rsuite) generate() {
	s.players()
	s.notenPool()
	s.declaration()
	s.notenRiichi()
	s.keishikiTenpai()
	s.tripleRon()
	s.eras()
	s.riichiStick()
	s.honba()
	s.tenpaiPolicy()
	s.nagashi()
	s.renchan()
	s.kiriage()
	s.kazoe()
	s.doubleYakumanForms()
	s.yakumanStacking()
	s.multipleRon()
	s.bonus()
	s.dealerKeepsMultiRon()
	s.tsumoLoss()
	s.pao()
	s.paoScope()
	s.paoHonba()
	s.openTanyao()
	s.redFives()
	s.yakuSwitches()
	s.fuSettings()
	s.renhou()
	s.abortives()
	s.settlement()
	s.gameFlow()
	s.chomboRules()
	s.riichiLimits()
	s.start()
	s.autoKeys()
}
