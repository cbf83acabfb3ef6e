package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/report"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata/*.golden) and the README's screenshot (docs/report.png)")

// maxReportBytes bounds the size of a report: a few hundred KB whatever
// the archive.
const maxReportBytes = 300 << 10

// page is a parsed report.
type page struct {
	raw []byte
	doc *html.Node
}

// render writes the report of dirs and parses it.
func render(tb testing.TB, dirs []string, opt report.Options) *page {
	tb.Helper()
	var b bytes.Buffer
	if err := report.Write(&b, dirs, opt); err != nil {
		tb.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(b.Bytes()))
	if err != nil {
		tb.Fatal(err)
	}
	return &page{raw: b.Bytes(), doc: doc}
}

// walk calls fn on n and every node under it, in document order.
func walk(n *html.Node, fn func(*html.Node)) {
	fn(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, fn)
	}
}

// attr is n's attribute key, and whether it has it.
func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// text is the text under n.
func text(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return b.String()
}

// byID is the element of the id, or nil.
func (p *page) byID(id string) *html.Node {
	var found *html.Node
	walk(p.doc, func(n *html.Node) {
		if v, ok := attr(n, "id"); ok && v == id && found == nil {
			found = n
		}
	})
	return found
}

// summaries are the summaries the report's data-src attributes point
// into, read from the tables by tables.ReadSummary (not by the report),
// as JSON values.
type summaries map[string]any

func readSummaries(tb testing.TB, dirs []string, by []string, minHands int) (summaries, map[string]*stats.Summary) {
	tb.Helper()
	out, structs := summaries{}, map[string]*stats.Summary{}
	for name, dims := range map[string][]string{"by": by, "lobby": {"lobby"}, "year": {"year"}} {
		s, err := tables.ReadSummaryMin(dirs, minHands, dims...)
		if err != nil {
			tb.Fatal(err)
		}
		var b bytes.Buffer
		if err := s.WriteJSON(&b); err != nil {
			tb.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b.Bytes(), &v); err != nil {
			tb.Fatal(err)
		}
		out[name], structs[name] = v, s
	}
	return out, structs
}

// resolve finds the value a data-src names ("by#/rule_sets/0/all/games").
func (s summaries) resolve(src string) (any, error) {
	name, pointer, ok := strings.Cut(src, "#")
	v, found := s[name]
	if !ok || !found || !strings.HasPrefix(pointer, "/") {
		return nil, fmt.Errorf("%q names no summary", src)
	}
	for _, part := range strings.Split(pointer[1:], "/") {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			if v, found = x[part]; !found {
				return nil, fmt.Errorf("%s: no %q", src, part)
			}
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(x) {
				return nil, fmt.Errorf("%s: no index %q", src, part)
			}
			v = x[i]
		default:
			return nil, fmt.Errorf("%s: %q under a value", src, part)
		}
	}
	return v, nil
}

var (
	percentRe  = regexp.MustCompile(`(-?[\d,]+(?:\.(\d+))?)%`)
	intervalRe = regexp.MustCompile(`\[(\d+\.\d+)–(\d+\.\d+)\]`)
	ofRe       = regexp.MustCompile(`([\d,]+) of ([\d,]+)`)
	numberRe   = regexp.MustCompile(`-?\d[\d,]*(?:\.(\d+))?`)
)

// parseNumber reads a figure ("1,340", "8.40") and the precision it is
// written to.
func parseNumber(s string) (v, precision float64) {
	m := numberRe.FindStringSubmatch(s)
	if m == nil {
		return math.NaN(), 0
	}
	v, _ = strconv.ParseFloat(strings.ReplaceAll(m[0], ",", ""), 64)
	return v, 0.5*math.Pow(10, -float64(len(m[1]))) + 1e-9
}

// checkFigure reports how the figure text differs from the summary's value
// v: a rate (its percentage, and its interval and counts when written), or
// a number (the first number of the text, to the precision it is written).
func checkFigure(text string, v any) error {
	switch x := v.(type) {
	case map[string]any:
		rate, _ := x["rate"].(float64)
		low, _ := x["low"].(float64)
		high, _ := x["high"].(float64)
		count, _ := x["count"].(float64)
		of, _ := x["of"].(float64)
		m := percentRe.FindStringSubmatch(text)
		if m == nil {
			return fmt.Errorf("no percentage in %q", text)
		}
		p, prec := parseNumber(m[1])
		if math.Abs(p-100*rate) > prec {
			return fmt.Errorf("%q: rate %v, summary %v", text, p, 100*rate)
		}
		if m := intervalRe.FindStringSubmatch(text); m != nil {
			lo, _ := strconv.ParseFloat(m[1], 64)
			hi, _ := strconv.ParseFloat(m[2], 64)
			if math.Abs(lo-100*low) > 0.005+1e-9 || math.Abs(hi-100*high) > 0.005+1e-9 {
				return fmt.Errorf("%q: interval [%v, %v], summary [%v, %v]", text, lo, hi, 100*low, 100*high)
			}
		}
		if m := ofRe.FindStringSubmatch(text); m != nil {
			k, _ := parseNumber(m[1])
			n, _ := parseNumber(m[2])
			if k != count || n != of {
				return fmt.Errorf("%q: %v of %v, summary %v of %v", text, k, n, count, of)
			}
		}
	case float64:
		// A count shown after its share ("12.34% [11.90–12.80] · 1,234")
		// is the number after the dot.
		if _, after, ok := strings.Cut(text, " · "); ok && strings.Contains(text, "%") {
			text = after
		}
		got, prec := parseNumber(text)
		if math.IsNaN(got) || math.Abs(got-x) > prec {
			return fmt.Errorf("%q: %v, summary %v", text, got, x)
		}
	default:
		return fmt.Errorf("%q: the summary's value %v is no figure", text, v)
	}
	return nil
}

// checkFigures holds every figure of p that names its source to the
// summaries, and returns the sources named.
func checkFigures(t *testing.T, p *page, sums summaries) map[string]bool {
	t.Helper()
	named := map[string]bool{}
	walk(p.doc, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		if src, ok := attr(n, "data-src"); ok {
			named[src] = true
			v, err := sums.resolve(src)
			if err == nil {
				err = checkFigure(text(n), v)
			}
			if err != nil {
				t.Errorf("%s: %v", src, err)
			}
		}
		if srcs, ok := attr(n, "data-sum"); ok {
			total := 0.0
			for _, src := range strings.Fields(srcs) {
				named[src] = true
				v, err := sums.resolve(src)
				f, isNum := v.(float64)
				if err != nil || !isNum {
					t.Errorf("data-sum %s: %v (%v)", src, err, v)
				}
				total += f
			}
			if err := checkFigure(text(n), total); err != nil {
				t.Errorf("data-sum %q: %v", srcs, err)
			}
		}
	})
	return named
}

// expectedSources lists the figures of the summaries the report must show.
func expectedSources(sums map[string]*stats.Summary) []string {
	var want []string
	add := func(parts ...any) {
		var b strings.Builder
		b.WriteString(parts[0].(string) + "#")
		for _, p := range parts[1:] {
			s := fmt.Sprint(p)
			s = strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
			b.WriteString("/" + s)
		}
		want = append(want, b.String())
	}
	by := sums["by"]
	for _, k := range []string{"inputs", "games", "judged", "not_read", "unreadable", "duplicates"} {
		add("by", k)
	}
	earlyShown := false
	for _, rs := range by.RuleSets {
		earlyShown = earlyShown || rs.All.EndedEarlyGames > 0
	}
	for i, rs := range by.RuleSets {
		c := rs.All
		for _, k := range []string{"games", "hands", "hands_judged", "games_judged_whole", "divergent_games", "ended_early_games", "payments_differ", "next_dealer_differs",
			"next_honba_differs", "game_end_differs", "dealer_continuation", "hands_per_game", "average_win", "noten_payment_per_game", "exhaustive_draw_rate",
			"noten_payment_total", "noten_payment_draws", "noten_payment_per_draw"} {
			add("by", "rule_sets", i, "all", k)
		}
		for k := range rs.NotApplicable {
			add("by", "rule_sets", i, "not_applicable", k)
		}
		for k := range c.Divergences {
			add("by", "rule_sets", i, "all", "divergences", k, "games")
			add("by", "rule_sets", i, "all", "divergences", k, "hands")
		}
		if _, ok := c.HandsPast[stats.EndedEarly]; ok && earlyShown {
			add("by", "rule_sets", i, "all", "hands_past", stats.EndedEarly)
		}
		for k := range c.Discrepancies {
			add("by", "rule_sets", i, "all", "discrepancies", k)
		}
		for k := range c.Undetermined {
			add("by", "rule_sets", i, "all", "undetermined", k)
		}
		for k := range c.Outcomes {
			add("by", "rule_sets", i, "all", "outcomes", k)
		}
		for k := range c.RecordedOutcomes {
			add("by", "rule_sets", i, "all", "recorded_outcomes", k)
		}
		for k, pc := range rs.Players {
			if pc.Games == 0 {
				continue
			}
			if len(rs.Players) > 1 {
				for _, f := range []string{"noten_payment_total", "noten_payment_draws", "noten_payment_per_draw", "games_judged_whole", "noten_payment_per_game"} {
					add("by", "rule_sets", i, "players", k, f)
				}
			}
			for _, f := range []string{"exhaustive_draw_rate", "nagashi", "chombo", "wins", "wins_scored", "wins_no_yaku"} {
				add("by", "rule_sets", i, "players", k, f)
			}
			for a := range pc.Abortive {
				add("by", "rule_sets", i, "players", k, "abortive", a)
			}
			for t := range pc.TenpaiAtDraw {
				add("by", "rule_sets", i, "players", k, "tenpai_at_draw", t)
			}
			for _, m := range []string{"win", "deal_in", "riichi", "call", "tenpai_at_draw"} {
				for _, who := range []string{"all", "dealer", "non_dealer"} {
					add("by", "rule_sets", i, "players", k, "seats", who, m)
				}
				for s := range pc.Seats.Standing {
					add("by", "rule_sets", i, "players", k, "seats", "by_standing", s, m)
				}
			}
			for l := range pc.Limits {
				add("by", "rule_sets", i, "players", k, "limits", l)
			}
			for h := range pc.Han {
				add("by", "rule_sets", i, "players", k, "han", h)
			}
			for f := range pc.Fu {
				add("by", "rule_sets", i, "players", k, "fu", f)
			}
			first := slices.IndexFunc(by.RuleSets, func(r *stats.RuleSetSummary) bool { return r.Players[k] != nil && r.Players[k].Games > 0 })
			if i == first {
				for y := range pc.Yaku {
					add("by", "rule_sets", i, "players", k, "yaku", y)
				}
			}
		}
	}
	// The groups: the MaxGroups with the most judged hands.
	for _, name := range []string{"by", "lobby", "year"} {
		s := sums[name]
		hands := map[string]int{}
		for _, rs := range s.RuleSets {
			for g, c := range rs.Groups {
				hands[g] = max(hands[g], c.HandsJudged)
			}
		}
		groups := slices.SortedFunc(maps.Keys(hands), func(a, b string) int {
			if hands[a] != hands[b] {
				return hands[b] - hands[a]
			}
			return strings.Compare(a, b)
		})
		groups = groups[:min(len(groups), report.GroupsShown(len(s.RuleSets)))]
		for i, rs := range s.RuleSets {
			for _, g := range groups {
				if c := rs.Groups[g]; c != nil && c.DrawRate.Of > 0 {
					add(name, "rule_sets", i, "groups", g, "exhaustive_draw_rate")
				}
			}
		}
	}
	return want
}

// TestCorpusReport renders the report of the corpus's output (judged under
// its own rules, WRC's and M-League's) and checks its structure: every
// section, every figure equal to the summary's (tables.ReadSummary's, read
// apart from the report), every figure of the summary there, what was read
// and the errors as the tables hold them, the findings' examples and
// their viewer links, no address but viewer links, nothing the page would
// fetch or run, and its size.
func TestCorpusReport(t *testing.T) {
	dir := corpusOutput(t)
	by := stats.DefaultBy
	p := render(t, []string{dir}, report.Options{By: by})
	if len(p.raw) > maxReportBytes {
		t.Errorf("the report is %d KB, more than %d KB", len(p.raw)>>10, maxReportBytes>>10)
	}
	t.Logf("report of the corpus: %d KB", len(p.raw)>>10)
	checkSections(t, p)
	sums, structs := readSummaries(t, []string{dir}, by, 0)
	named := checkFigures(t, p, sums)
	for _, src := range expectedSources(structs) {
		v, err := sums.resolve(src)
		if err != nil {
			t.Errorf("expected %s: %v", src, err)
			continue
		}
		if m, ok := v.(map[string]any); ok && m["of"] == 0.0 {
			continue // a rate of nothing is no figure
		}
		if !named[src] {
			t.Errorf("the report does not show %s", src)
		}
	}
	if len(named) < 500 {
		t.Errorf("only %d figures name their source", len(named))
	}
	checkRead(t, p, dir)
	checkErrors(t, p, dir)
	checkFindings(t, p, structs["by"], true)
	checkSelfContained(t, p)
}

// checkSections: every section, in order, with its heading.
func checkSections(t *testing.T, p *page) {
	t.Helper()
	var ids []string
	walk(p.doc, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "section" {
			id, _ := attr(n, "id")
			ids = append(ids, id)
		}
	})
	var want []string
	for _, s := range report.Sections {
		want = append(want, s.ID)
		sec := p.byID(s.ID)
		if sec == nil {
			continue
		}
		var h2 string
		walk(sec, func(n *html.Node) {
			if n.Type == html.ElementNode && n.Data == "h2" && h2 == "" {
				h2 = text(n)
			}
		})
		if h2 != s.Heading {
			t.Errorf("section %s: heading %q, want %q", s.ID, h2, s.Heading)
		}
	}
	if !slices.Equal(ids, want) {
		t.Errorf("sections %v, want %v", ids, want)
	}
}

// cells are the cells of the rows of the table under n whose first
// header cell is header.
func cells(n *html.Node, header string) [][]string {
	var out [][]string
	walk(n, func(tbl *html.Node) {
		if tbl.Type != html.ElementNode || tbl.Data != "table" {
			return
		}
		var first string
		walk(tbl, func(c *html.Node) {
			if first == "" && c.Type == html.ElementNode && c.Data == "th" {
				first = text(c)
			}
		})
		if first != header {
			return
		}
		walk(tbl, func(tr *html.Node) {
			if tr.Type != html.ElementNode || tr.Data != "tr" || tr.Parent.Data != "tbody" {
				return
			}
			var row []string
			for c := tr.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode {
					row = append(row, text(c))
				}
			}
			out = append(out, row)
		})
	})
	return out
}

// checkRead: the formats, platforms and dates of what was read are those
// of the games table (each game once: the first rule set's rows, not
// duplicates).
func checkRead(t *testing.T, p *page, dir string) {
	t.Helper()
	formats, platforms := map[string]int{}, map[string]int{}
	var first, last int64
	dated := 0
	set := ""
	err := tables.ReadTable(dir, tables.GamesTable, func(g *stats.GameRow) {
		if set == "" {
			set = g.RuleSet
		}
		if g.RuleSet != set || g.Duplicate || g.GameIndex == nil {
			return
		}
		formats[g.Format]++
		platforms[g.Platform]++
		if g.StartTime != nil {
			if dated == 0 || *g.StartTime < first {
				first = *g.StartTime
			}
			if dated == 0 || *g.StartTime > last {
				last = *g.StartTime
			}
			dated++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	sec := p.byID("read")
	for header, want := range map[string]map[string]int{"format": formats, "platform": platforms} {
		got := map[string]int{}
		for _, row := range cells(sec, header) {
			n, _ := parseNumber(row[1])
			got[row[0]] = int(n)
		}
		if !maps.Equal(got, want) {
			t.Errorf("games by %s: %v, the games table %v", header, got, want)
		}
	}
	if dated > 0 {
		want := fmt.Sprintf("Dates covered: %s to %s (UTC)", utcDate(first), utcDate(last))
		if !strings.Contains(text(sec), want) {
			t.Errorf("what was read lacks %q", want)
		}
	}
}

func utcDate(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02")
}

// checkErrors: the errors by kind are the errors table's.
func checkErrors(t *testing.T, p *page, dir string) {
	t.Helper()
	want := map[string]int{}
	if err := tables.ReadTable(dir, tables.ErrorsTable, func(e *stats.ErrorRow) { want[report.ErrorKind(e.Error)]++ }); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, row := range cells(p.byID("errors"), "kind") {
		n, _ := parseNumber(row[1])
		got[row[0]] = int(n)
	}
	if !maps.Equal(got, want) {
		t.Errorf("errors by kind: %v, the errors table %v", got, want)
	}
	if len(want) > 0 && want["other"] == len(want) {
		t.Errorf("no error has a kind: %v", want)
	}
}

// viewerLink is the form of a finding's viewer link.
var viewerLink = regexp.MustCompile(`^https://tenhou\.net/0/\?log=\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}(&ts=\d+)?(&tw=[0-3])?$`)

// checkFindings: each check found has its examples (at most
// DefaultExamples), a link of the viewer's form; the corpus's have links.
func checkFindings(t *testing.T, p *page, s *stats.Summary, wantLinks bool) {
	t.Helper()
	sec := p.byID("findings")
	checks := map[string]bool{}
	for _, rs := range s.RuleSets {
		for c := range rs.All.Discrepancies {
			checks["discrepancies-"+c] = true
		}
		for c := range rs.All.Undetermined {
			checks["undetermined-"+c] = true
		}
	}
	for c := range checks {
		h := p.byID("check-" + c)
		if h == nil {
			t.Errorf("no examples of %s", c)
			continue
		}
		var list *html.Node
		for n := h.NextSibling; n != nil && list == nil; n = n.NextSibling {
			if n.Type == html.ElementNode && n.Data == "ol" {
				list = n
			}
		}
		items := 0
		for li := list.FirstChild; li != nil; li = li.NextSibling {
			if li.Type == html.ElementNode && li.Data == "li" {
				items++
			}
		}
		if items == 0 || items > report.DefaultExamples {
			t.Errorf("%s: %d examples", c, items)
		}
	}
	links := 0
	walk(sec, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			href, _ := attr(n, "href")
			if strings.HasPrefix(href, "#") {
				return
			}
			links++
			if !viewerLink.MatchString(href) {
				t.Errorf("a link that is no viewer link: %q", href)
			}
		}
	})
	if wantLinks && links == 0 {
		t.Error("no finding has a viewer link")
	}
}

// checkSelfContained: nothing the page would fetch or run, no address but
// viewer links (and links within the page).
func checkSelfContained(t *testing.T, p *page) {
	t.Helper()
	walk(p.doc, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		switch n.Data {
		case "script", "link", "img", "iframe", "object", "embed", "audio", "video", "source", "base", "form", "image", "use", "foreignobject":
			t.Errorf("a <%s> element", n.Data)
		}
		for _, a := range n.Attr {
			v := strings.ToLower(a.Val)
			switch {
			case strings.HasPrefix(a.Key, "on"):
				t.Errorf("an event handler %s=%q", a.Key, a.Val)
			case a.Key == "href" && n.Data == "a":
				if !strings.HasPrefix(v, "#") && !viewerLink.MatchString(a.Val) {
					t.Errorf("a link that is no viewer link: %q", a.Val)
				}
			case strings.Contains(v, "://") || strings.HasPrefix(v, "//") || strings.Contains(v, "url(") && !strings.Contains(v, "url(#"):
				t.Errorf("an address in %s=%q", a.Key, a.Val)
			}
		}
	})
	raw := string(p.raw)
	for i := 0; ; {
		j := strings.Index(raw[i:], "://")
		if j < 0 {
			break
		}
		i += j
		if start := max(0, i-len("https")); !strings.HasPrefix(raw[start:], event.TenhouViewer+"?log=") {
			t.Errorf("an address that is no viewer link: %q", raw[start:min(len(raw), i+60)])
		}
		i += 3
	}
	for _, bad := range []string{"@import", "@font-face", "url(http", "url(//", "<script", "javascript:"} {
		if strings.Contains(strings.ToLower(raw), bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	for _, m := range regexp.MustCompile(`url\(([^)]*)\)`).FindAllStringSubmatch(raw, -1) {
		if !strings.HasPrefix(m[1], "#") {
			t.Errorf("url(%s): not within the page", m[1])
		}
	}
}

// TestReportDeterministic: the same outputs give the same bytes.
func TestReportDeterministic(t *testing.T) {
	dir := fixturesOutput(t)
	a := render(t, []string{dir}, report.Options{By: []string{"year", "lobby"}})
	b := render(t, []string{dir}, report.Options{By: []string{"year", "lobby"}})
	if !bytes.Equal(a.raw, b.raw) {
		t.Error("two reports of the same output differ")
	}
	checkSections(t, a)
	checkSelfContained(t, a)
}

// TestReportFixtures: the good fixtures' report holds every figure of
// their summaries, each equal to the summary's, grouped by player too.
func TestReportFixtures(t *testing.T) {
	dir := fixturesOutput(t)
	by := []string{"platform", "players"}
	p := render(t, []string{dir}, report.Options{By: append(by, "player"), MinHands: 1})
	sums, structs := readSummaries(t, []string{dir}, append(by, "player"), 1)
	named := checkFigures(t, p, sums)
	for _, src := range expectedSources(structs) {
		if v, err := sums.resolve(src); err == nil {
			if m, ok := v.(map[string]any); ok && m["of"] == 0.0 {
				continue
			}
		}
		if !named[src] {
			t.Errorf("the report does not show %s", src)
		}
	}
	players := 0
	for src := range named {
		if strings.Contains(src, "/by_player/") {
			players++
		}
	}
	if players == 0 {
		t.Error("--by player: no player's rates")
	}
	checkSections(t, p)
	checkFindings(t, p, structs["by"], false)
}

// TestReportGolden holds the report of a hand-built data set (the rows of
// internal/rowstest, whose summary stats' tests work out by hand) to
// testdata/rows.html.golden; go test -run Golden -update rewrites it.
func TestReportGolden(t *testing.T) {
	dir := rowsOutput(t)
	p := render(t, []string{dir}, report.Options{})
	golden := filepath.Join("testdata", "rows.html.golden")
	// The output directory's path varies: the golden names it DIR.
	got := bytes.ReplaceAll(p.raw, []byte(dir), []byte("DIR"))
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -run Golden -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the report differs from %s (go test -run Golden -update rewrites it; review the diff)", golden)
	}
	checkSections(t, p)
	checkSelfContained(t, p)
}

// TestReportSizeBounded: an archive of many lobbies, years, players and
// checks, with long messages, gives a page of bounded size that says what
// it leaves out.
func TestReportSizeBounded(t *testing.T) {
	dir := manyOutput(t)
	p := render(t, []string{dir}, report.Options{By: []string{"lobby", "year", "player"}, MinHands: 1})
	if len(p.raw) > maxReportBytes {
		t.Errorf("the report of many groups is %d KB, more than %d KB", len(p.raw)>>10, maxReportBytes>>10)
	}
	page := text(p.doc)
	for _, want := range []string{"more (", "are listed (haifu summary --by player lists them all)", "years with the most games; 60 more are left out"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say what it leaves out (%q)", want)
		}
	}
	checkSelfContained(t, p)
}
