//go:build scenariogen

package adjudicator_test

// The generator of conformance/settings: the rule-setting scenarios that
// settings_test.go and settings_older_test.go held as Go. It builds each
// game as those tests did (internal/gamebuild), made self-consistent
// (every score adds up, every win records its value), writes it as
// tenhou.net/6 with tenhou6.Encoder, decodes the file, judges it under
// each case's rules and checks the old test's assertion on that
// judgement; then it writes the scenario files with the exact findings and
// the judged values the old tests asserted. Run it once with
//
//	go test -tags scenariogen -run TestGenerateScenarios ./adjudicator
//
// It is kept in the history of the branch that wrote the suite; the
// suite's files are the source of truth since.

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
	"github.com/haifu/haifu/internal/gamebuild"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/parser/tenhou6"
	"github.com/haifu/haifu/tile"
)

// Judged values a case records, as a bit set.
const (
	fOutcome = 1 << iota
	fDeltas
	fTenpai
	fTenpaiCount
	fNotenTotal
	fChombo
	fComputed
)

type kv struct {
	k string
	v any
}

// genCase is a case and the assertion of the old test it carries.
type genCase struct {
	name   string
	log    string
	preset string
	set    []kv
	native bool
	check  func(rep *adjudicator.Report) error
	hands  [][2]int // hand index, fields
	div    bool
	final  bool
}

type genFile struct {
	name, desc string
	cases      []*genCase
}

type gen struct {
	t      *testing.T
	dir    string
	order  []string
	titles map[string]string
	mjai   map[string]bool // logs written as mjai (tenhou.net/6 cannot carry them)
	build  map[string]func() *gamebuild.Builder
	games  map[string]*event.Game
	files  []*genFile
}

func (gn *gen) file(name, desc string) *genFile {
	f := &genFile{name: name, desc: desc}
	gn.files = append(gn.files, f)
	return f
}

func (f *genFile) add(c *genCase) {
	if c.preset == "" {
		c.preset = "tenhou"
	}
	f.cases = append(f.cases, c)
}

// log registers a log; its name is its file's.
func (gn *gen) log(name, title string, build func() *gamebuild.Builder) string {
	if _, ok := gn.build[name]; !ok {
		gn.order = append(gn.order, name)
		gn.build[name] = build
		gn.titles[name] = title
	}
	return name
}

func ok(cond bool, format string, args ...any) error {
	if cond {
		return nil
	}
	return fmt.Errorf(format, args...)
}

func hasCheck(rep *adjudicator.Report, c string) bool {
	return slices.Contains(checkNames(rep.Findings), c)
}

func expectedOf(rep *adjudicator.Report, c string) (string, bool) {
	for _, f := range rep.Findings {
		if f.Check.String() == c {
			return f.Expected, true
		}
	}
	return "", false
}

func pointsOf(rep *adjudicator.Report) ([4]float64, bool) {
	exp, found := expectedOf(rep, "game.final_points")
	var p [4]float64
	if !found {
		return p, false
	}
	if _, err := fmt.Sscanf(exp, "[%g %g %g %g]", &p[0], &p[1], &p[2], &p[3]); err != nil {
		return p, false
	}
	return p, true
}

// nextIs is the assertion of nextRound: the flow.next_round finding
// expects want.
func nextIs(want string) func(rep *adjudicator.Report) error {
	return func(rep *adjudicator.Report) error {
		got, found := expectedOf(rep, "flow.next_round")
		return ok(found && got == want, "next %q (found %v), want %q", got, found, want)
	}
}

func deltasAre(i int, want [4]int32) func(rep *adjudicator.Report) error {
	return func(rep *adjudicator.Report) error {
		got := deltasOf(rep.Hands[i])
		return ok(got == want, "hand %d: deltas %v, want %v", i, got, want)
	}
}

func noFindings(rep *adjudicator.Report) error {
	return ok(len(rep.Findings) == 0, "findings %v, want none", checkNames(rep.Findings))
}

func contains(c string) func(rep *adjudicator.Report) error {
	return func(rep *adjudicator.Report) error {
		return ok(hasCheck(rep, c), "findings %v, want %s", checkNames(rep.Findings), c)
	}
}

func lacks(c string) func(rep *adjudicator.Report) error {
	return func(rep *adjudicator.Report) error {
		return ok(!hasCheck(rep, c), "findings %v, want no %s", checkNames(rep.Findings), c)
	}
}

func all(checks ...func(rep *adjudicator.Report) error) func(rep *adjudicator.Report) error {
	return func(rep *adjudicator.Report) error {
		for _, c := range checks {
			if err := c(rep); err != nil {
				return err
			}
		}
		return nil
	}
}

// endIs is checkEnd's assertion for one of its games: the findings but a
// fragment's are [game.end] when the log's end is not the rules', else
// none.
func endIs(logEnds, rulesEnd bool) func(rep *adjudicator.Report) error {
	return func(rep *adjudicator.Report) error {
		got := flowChecks(rep)
		var want []string
		if logEnds != rulesEnd {
			want = []string{"game.end"}
		}
		return ok(slices.Equal(got, want), "findings %v, want %v", got, want)
	}
}

// odd appends the deliberately odd hand nextRound appended (hand 3 of the
// last hand's wind, dealer 2, honba 7, no sticks), played to an exhaustive
// draw in which nobody is tenpai, so that the rules' next hand is read off
// the flow.next_round finding.
func odd(b *gamebuild.Builder) *gamebuild.Builder {
	r := b.G.Rounds[len(b.G.Rounds)-1]
	b.Round(int(r.Wind), 3, 7, 0, 2, scoresAfter(b), junk, junk2, junk2, junk)
	return b.Exhaust(2, 0, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
}

// thenDraw appends a hand of the given round in which nobody is tenpai at
// the exhaustive draw, with the scores the last hand left.
func thenDraw(b *gamebuild.Builder, wind, number, honba, sticks int) *gamebuild.Builder {
	dealer := event.Seat(number - 1)
	b.Round(wind, number, honba, sticks, dealer, scoresAfter(b), junk, junk2, junk2, junk)
	return b.Exhaust(dealer, 0, 4).Ryuukyoku(event.Exhaustive, [4]int32{})
}

// scoresAfter returns the scores the last hand of b leaves: its start, its
// recorded changes, less the riichi sticks paid (1000 each).
func scoresAfter(b *gamebuild.Builder) [4]int32 {
	g := b.G
	var sc [4]int32
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.RoundStart:
			sc = g.Rounds[e.Ref].Scores
		case event.RiichiAccepted:
			sc[e.Seat] -= 1000
		case event.Win:
			for s := range 4 {
				sc[s] += g.Wins[e.Ref].Deltas[s]
			}
		case event.Ryuukyoku:
			for s := range 4 {
				sc[s] += g.Ryuukyoku[e.Ref].Deltas[s]
			}
		}
	}
	return sc
}

// fillValue records, for each win whose value the test left out, the
// value a Tenhou score string gives its fu and han (no kiriage; tsumo
// loss in sanma).
func fillValue(g *event.Game) {
	dealer := event.NoSeat
	players := int32(g.Meta.PlayerCount())
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.RoundStart:
			dealer = g.Rounds[e.Ref].Dealer
		case event.Win:
			w := &g.Wins[e.Ref]
			if w.Known&event.KnownPoints != 0 {
				continue
			}
			base := int32(w.Fu) << (w.Han + 2)
			w.Limit = event.NoLimit
			switch {
			case w.Han >= 13:
				base, w.Limit = 8000, event.Yakuman
			case w.Han >= 11:
				base, w.Limit = 6000, event.Sanbaiman
			case w.Han >= 8:
				base, w.Limit = 4000, event.Baiman
			case w.Han >= 6:
				base, w.Limit = 3000, event.Haneman
			case w.Han >= 5 || base > 2000:
				base, w.Limit = 2000, event.Mangan
			}
			up := func(x int32) int32 { return (x + 99) / 100 * 100 }
			switch {
			case !w.Tsumo() && w.Winner == dealer:
				w.Points = up(6 * base)
			case !w.Tsumo():
				w.Points = up(4 * base)
			case w.Winner == dealer:
				w.Points = (players - 1) * up(2*base)
			default:
				w.Points = (players-2)*up(base) + up(2*base)
			}
			w.Known |= event.KnownPoints
		}
	}
}

// logMjai registers a log written as mjai.
func (gn *gen) logMjai(name, title string, build func() *gamebuild.Builder) string {
	gn.mjai[name] = true
	return gn.log(name, title, build)
}

// file returns a log's file name under logs/.
func (gn *gen) logFile(name string) string {
	if gn.mjai[name] {
		return name + ".mjai.jsonl"
	}
	return name + ".json"
}

// encode writes a built game as tenhou.net/6, or as mjai.
func (gn *gen) encode(name string) []byte {
	b := gn.build[name]()
	g := b.G
	if gn.mjai[name] {
		return mjaiLog(gn.t, g)
	}
	fillValue(g)
	m := &g.Meta
	length := "南"
	switch m.Length {
	case event.EastOnly:
		length = "東"
	case event.SingleHand:
		length = "一局"
	}
	m.Rules.Name = "般" + length + "喰赤"
	m.Seats[0].Name, m.Seats[1].Name, m.Seats[2].Name, m.Seats[3].Name = "A", "B", "C", "D"
	if m.Players == 3 {
		m.Rules.Name = "三" + m.Rules.Name
		m.Seats[3].Name = ""
	}
	m.Title = "haifu conformance: rule settings / " + gn.titles[name]
	var e tenhou6.Encoder
	var buf bytes.Buffer
	if err := e.Encode(&buf, g); err != nil {
		gn.t.Fatalf("%s: %v", name, err)
	}
	return buf.Bytes()
}

func TestGenerateScenarios(t *testing.T) {
	gn := &gen{t: t, dir: filepath.Join(conformanceDir, "settings"), titles: map[string]string{},
		build: map[string]func() *gamebuild.Builder{}, games: map[string]*event.Game{}, mjai: map[string]bool{}}
	gn.settings(t)
	gn.older(t)
	if err := os.RemoveAll(gn.dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(gn.dir, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, f := range gn.files {
		for _, c := range f.cases {
			used[c.log] = true
		}
	}
	var dec parser.Decoder
	for _, name := range gn.order {
		if !used[name] {
			t.Errorf("log %s is not used", name)
			continue
		}
		data := gn.encode(name)
		path := filepath.Join(gn.dir, "logs", gn.logFile(name))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		g := new(event.Game)
		if err := dec.Decode(&parser.Input{Path: "logs/" + gn.logFile(name), Data: data}, g); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(g.Meta.Warnings) > 0 {
			t.Errorf("%s: warnings %v", name, g.Meta.Warnings)
		}
		if err := scoresConsistent(g); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		gn.games[name] = g
	}
	total := 0
	for _, f := range gn.files {
		var b strings.Builder
		b.WriteString("description = \"\"\"\n")
		for _, l := range strings.Split(strings.TrimSpace(f.desc), "\n") {
			b.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "#"), " ") + "\n")
		}
		b.WriteString("\"\"\"\n")
		for _, c := range f.cases {
			total++
			g := gn.games[c.log]
			set := map[string]any{}
			for _, x := range c.set {
				set[x.k] = x.v
			}
			rules, err := scenarioRules(c.preset, set)
			if err != nil {
				t.Fatalf("%s/%s: %v", f.name, c.name, err)
			}
			rep := adjudicator.Judge(g, rules, c.native)
			if err := c.check(rep); err != nil {
				t.Errorf("%s / %s: %v", f.name, c.name, err)
			}
			writeCase(&b, c, gn.logFile(c.log), rep)
		}
		if err := os.WriteFile(filepath.Join(gn.dir, f.name+".toml"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d files, %d cases, %d logs", len(gn.files), total, len(gn.order))
}

// writeCase writes a case with the judgement's findings and the values
// the case records.
func writeCase(b *strings.Builder, c *genCase, file string, rep *adjudicator.Report) {
	fmt.Fprintf(b, "\n[[case]]\nname = %s\nlog = %s\nrules = %s\n", tomlValue(c.name), tomlValue("logs/"+file), tomlValue(c.preset))
	if len(c.set) > 0 {
		b.WriteString("set = { ")
		for i, x := range c.set {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%s = %s", tomlValue(x.k), tomlValue(x.v))
		}
		b.WriteString(" }\n")
	}
	fmt.Fprintf(b, "native = %v\n", c.native)
	if len(rep.Findings) == 0 {
		b.WriteString("findings = []\n")
	} else {
		b.WriteString("findings = [\n")
		for _, f := range rep.Findings {
			fmt.Fprintf(b, "  { check = %s, hand = %d", tomlValue(f.Check.String()), f.Hand)
			if f.Seat != event.NoSeat {
				fmt.Fprintf(b, ", seat = %d", f.Seat)
			}
			if f.Expected != "" {
				fmt.Fprintf(b, ", expected = %s", tomlValue(f.Expected))
			}
			if f.Recorded != "" {
				fmt.Fprintf(b, ", recorded = %s", tomlValue(f.Recorded))
			}
			b.WriteString(" },\n")
		}
		b.WriteString("]\n")
	}
	if c.div {
		if rep.DivergentFrom < 0 {
			b.WriteString("divergent = { kind = \"\" }\n")
		} else {
			fmt.Fprintf(b, "divergent = { kind = %s, hand = %d }\n", tomlValue(string(rep.DivergentKind)), rep.DivergentFrom)
		}
	}
	players := 4
	if rep.Rules != nil && rep.Rules.Players == 3 {
		players = 3
	}
	if c.final {
		fmt.Fprintf(b, "final_scores = %s\n", tomlValue(rep.Final[:players]))
	}
	for _, hf := range c.hands {
		h := rep.Hands[hf[0]]
		fields := hf[1]
		fmt.Fprintf(b, "[[case.hand]]\nindex = %d\n", hf[0])
		seats := func(f func(s int) any) []any {
			out := make([]any, players)
			for s := range players {
				out[s] = f(s)
			}
			return out
		}
		if fields&fOutcome != 0 {
			fmt.Fprintf(b, "outcome = %s\n", tomlValue(h.Outcome.String()))
		}
		if fields&fDeltas != 0 {
			fmt.Fprintf(b, "deltas = %s\n", tomlValue(seats(func(s int) any { return h.Seats[s].Expected })))
		}
		if fields&fTenpai != 0 {
			fmt.Fprintf(b, "tenpai = %s\n", tomlValue(seats(func(s int) any { return h.Seats[s].Tenpai })))
		}
		if fields&fTenpaiCount != 0 {
			fmt.Fprintf(b, "tenpai_count = %d\n", h.TenpaiCount)
		}
		if fields&fNotenTotal != 0 {
			fmt.Fprintf(b, "noten_payment_total = %d\n", h.NotenPaymentTotal)
		}
		if fields&fChombo != 0 {
			fmt.Fprintf(b, "chombo = %s\n", tomlValue(seats(func(s int) any { return h.Seats[s].Chombo })))
		}
		if fields&fComputed != 0 {
			fmt.Fprintf(b, "computed = %s\n", tomlValue(seats(func(s int) any { return h.Seats[s].Computed })))
		}
	}
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
	case int64:
		return strconv.FormatInt(x, 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case float64:
		if x == math.Trunc(x) {
			return strconv.FormatFloat(x, 'f', 1, 64)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = tomlValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		return tomlValue(toAny(x))
	case []int32:
		return tomlValue(toAny(x))
	case []int64:
		return tomlValue(toAny(x))
	case []float64:
		return tomlValue(toAny(x))
	}
	panic(fmt.Sprintf("tomlValue: %T", v))
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// strs, ints and floats build set values.
func strs(xs ...string) []any { return toAny(xs) }
func floats(xs ...float64) []any {
	return toAny(xs)
}

// mjaiLog writes the game as mjai JSON lines: what the few scenarios that
// tenhou.net/6 cannot carry need (draws, discards, riichi, closed kans,
// dora, wins with their score changes, draws ending a hand with the hands
// shown).
func mjaiLog(t *testing.T, g *event.Game) []byte {
	var b bytes.Buffer
	pai := func(x tile.Tile) string {
		if !x.Valid() {
			return `"?"`
		}
		k := x.Kind()
		if k.IsHonor() {
			return `"` + string("ESWNPFC"[k-tile.East]) + `"`
		}
		s := fmt.Sprintf("%d%c", k.Number(), "mps"[k.Suit()])
		if x.Red() {
			s += "r"
		}
		return `"` + s + `"`
	}
	list := func(ts []tile.Tile) string {
		parts := make([]string, len(ts))
		for i, x := range ts {
			parts[i] = pai(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	ints := func(xs []int32) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(int(x))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	players := g.Meta.PlayerCount()
	b.WriteString(`{"type":"start_game","names":["A","B","C","D"]}` + "\n")
	var last [4]tile.Tile
	open := false
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.GameStart:
		case event.RoundStart:
			r := &g.Rounds[e.Ref]
			hands := make([]string, 4)
			for s := range 4 {
				hands[s] = list(r.Hands[s][:])
			}
			fmt.Fprintf(&b, `{"type":"start_kyoku","bakaze":"%c","dora_marker":%s,"kyoku":%d,"honba":%d,"kyotaku":%d,"oya":%d,"scores":%s,"tehais":[%s]}`+"\n",
				"ESWN"[r.Wind], pai(r.Dora), r.Number, r.Honba, r.Sticks, r.Dealer, ints(r.Scores[:players]), strings.Join(hands[:players], ","))
			open = true
		case event.Draw:
			fmt.Fprintf(&b, `{"type":"tsumo","actor":%d,"pai":%s}`+"\n", e.Seat, pai(e.Tile))
			last[e.Seat] = e.Tile
		case event.Discard:
			fmt.Fprintf(&b, `{"type":"dahai","actor":%d,"pai":%s,"tsumogiri":%v}`+"\n", e.Seat, pai(e.Tile), e.Tile == last[e.Seat])
			last[e.Seat] = tile.None
		case event.Riichi:
			fmt.Fprintf(&b, `{"type":"reach","actor":%d}`+"\n", e.Seat)
		case event.RiichiAccepted:
			fmt.Fprintf(&b, `{"type":"reach_accepted","actor":%d}`+"\n", e.Seat)
		case event.ClosedKan:
			fmt.Fprintf(&b, `{"type":"ankan","actor":%d,"consumed":%s}`+"\n", e.Seat, list(e.Meld.Slice()))
			last[e.Seat] = tile.None
		case event.Dora:
			fmt.Fprintf(&b, `{"type":"dora","dora_marker":%s}`+"\n", pai(e.Tile))
		case event.Ryuukyoku:
			r := &g.Ryuukyoku[e.Ref]
			reason := map[event.RyuukyokuKind]string{event.Exhaustive: "fanpai", event.FourKans: "suukaikan"}[r.Kind]
			fmt.Fprintf(&b, `{"type":"ryukyoku","reason":"%s","deltas":%s`, reason, ints(r.Deltas[:players]))
			if r.Known&event.KnownHand != 0 {
				hands := make([]string, players)
				for s := range players {
					h := r.HandTiles(event.Seat(s))
					if !r.Revealed[s] {
						h = make([]tile.Tile, 13) // shown as "?"
					}
					hands[s] = list(h)
				}
				fmt.Fprintf(&b, `,"tehais":[%s]`, strings.Join(hands, ","))
			}
			b.WriteString("}\n")
		case event.Win:
			w := &g.Wins[e.Ref]
			fmt.Fprintf(&b, `{"type":"hora","actor":%d,"target":%d,"pai":%s,"deltas":%s}`+"\n", w.Winner, w.From, pai(w.WinTile), ints(w.Deltas[:players]))
		default:
			t.Fatalf("mjaiLog: no %v", e.Type)
		}
		if e.Type == event.Win || e.Type == event.Ryuukyoku {
			if i+1 == len(g.Events) || g.Events[i+1].Type != event.Win {
				b.WriteString(`{"type":"end_kyoku"}` + "\n")
				open = false
			}
		}
	}
	if open {
		t.Fatal("mjaiLog: a hand without its end")
	}
	b.WriteString(`{"type":"end_game"}` + "\n")
	return b.Bytes()
}
