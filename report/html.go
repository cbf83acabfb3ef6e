package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// Sections are the ids of the page's sections, in order, and their
// headings.
var Sections = []struct{ ID, Heading string }{
	{"read", "What was read"},
	{"draw-rate", "Exhaustive-draw rate"},
	{"draws", "Draws, tenpai and noten payments"},
	{"rule-sets", "Rule sets side by side"},
	{"seats", "Per-seat rates by standing"},
	{"wins", "Yaku, limits, han and fu"},
	{"findings", "Findings by check"},
	{"errors", "Inputs not read"},
}

// page writes the report's HTML.
type page struct {
	r *Report
	b strings.Builder
	// charts counts the charts written, for their ids.
	charts int
}

// WriteHTML writes the report as one self-contained HTML page: inline CSS
// and SVG, no script, nothing fetched (a Content-Security-Policy says so
// to the browser); the only addresses in it are viewer links.
func (r *Report) WriteHTML(w io.Writer) error {
	p := &page{r: r}
	p.head()
	p.read()
	p.drawRate()
	p.draws()
	p.ruleSets()
	p.seats()
	p.wins()
	p.findings()
	p.errors()
	p.foot()
	_, err := io.WriteString(w, p.b.String())
	return err
}

// css is the page's style: a readable column, charts that scale down,
// tables of figures, and print rules (no break inside a figure).
const css = `
:root { color: #1a1a1a; background: #fff; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", "IPAPGothic", "IPAGothic", sans-serif; margin: 0 auto; padding: 0 20px 40px; max-width: 1120px; }
h1 { font-size: 1.7em; margin: 0.8em 0 0.2em; }
h2 { font-size: 1.3em; margin: 1.8em 0 0.5em; border-bottom: 2px solid #24476b; padding-bottom: 0.15em; }
h3 { font-size: 1.05em; margin: 1.3em 0 0.4em; }
p, li { max-width: 60em; }
.lead { color: #444; margin-top: 0; }
nav ol { display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; padding: 0; list-style: none; margin: 0.6em 0 0; }
nav a, a { color: #1d4f91; }
figure { margin: 1em 0 1.4em; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-size: 0.9em; color: #333; margin: 0 0 0.3em; max-width: 60em; }
figcaption b { color: #1a1a1a; }
svg.chart { display: block; max-width: 100%; height: auto; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", "IPAPGothic", "IPAGothic", sans-serif; }
svg text { font-size: 12px; fill: #1a1a1a; }
svg .fig, svg .tick { font-size: 10.5px; }
svg .fig { fill: #111; font-variant-numeric: tabular-nums; }
svg .none { fill: #666; font-style: italic; }
svg .tick { fill: #444; }
svg .axislabel { font-size: 11.5px; fill: #333; }
svg .grid { stroke: #d4d4d4; stroke-width: 1; stroke-dasharray: 2 3; }
svg .axis { stroke: #444; stroke-width: 1; }
svg .halo { fill: none; stroke: #fff; stroke-width: 3.6; }
svg .ci { fill: none; stroke: #000; stroke-width: 1.3; }
svg.defs { position: absolute; }
.s0 { fill: #24476b; stroke: #24476b; }
.s1 { fill: #a9c4e0; stroke: #24476b; }
.s2 { fill: url(#hatch); stroke: #24476b; }
.s3 { fill: #fff; stroke: #24476b; }
.s4 { fill: url(#cross); stroke: #24476b; }
.s5 { fill: #6f8fb0; stroke: #24476b; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.92em; break-inside: avoid; }
th, td { border-bottom: 1px solid #ddd; padding: 0.22em 0.7em; text-align: left; vertical-align: top; }
thead th { border-bottom: 2px solid #888; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.facts td.n { font-weight: 600; }
.muted, .note { color: #555; font-size: 0.9em; }
.examples { margin: 0.3em 0 1em; padding-left: 1.2em; }
.examples li { margin: 0.35em 0; }
code, .path { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono", monospace; font-size: 0.88em; word-break: break-all; }
.cols { display: flex; flex-wrap: wrap; gap: 0 2.5em; align-items: flex-start; }
footer { margin-top: 3em; color: #555; font-size: 0.85em; border-top: 1px solid #ccc; padding-top: 0.6em; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  nav { display: none; }
  h2 { break-after: avoid; page-break-after: avoid; }
  a { color: #000; }
}
@page { margin: 14mm; }
`

// head writes the document's head, the title and the table of contents.
func (p *page) head() {
	title := p.r.opt.Title
	if title == "" {
		title = "haifu report"
	}
	b := &p.b
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
	b.WriteString(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"/>` + "\n")
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1"/>` + "\n")
	b.WriteString(`<meta name="generator" content="haifu report"/>` + "\n")
	fmt.Fprintf(b, "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n%s\n", esc(title), css, patterns)
	fmt.Fprintf(b, "<header>\n<h1>%s</h1>\n", esc(title))
	s := p.r.By
	fmt.Fprintf(b, `<p class="lead">The figures of %s, read from %s. Every rate comes with its 95%% Wilson score interval, drawn as a whisker and written in brackets, and names what it counts.</p>`+"\n",
		plural(s.Games, "game", "games"), p.outputsPhrase())
	b.WriteString("<nav><ol>")
	for _, sec := range Sections {
		fmt.Fprintf(b, `<li><a href="#%s">%s</a></li>`, sec.ID, esc(sec.Heading))
	}
	b.WriteString("</ol></nav>\n</header>\n")
}

// outputsPhrase names the output directories read.
func (p *page) outputsPhrase() string {
	if len(p.r.Dirs) == 1 {
		return "the output directory <span class=\"path\">" + esc(p.r.Dirs[0]) + "</span>"
	}
	return fmt.Sprintf("%d output directories", len(p.r.Dirs))
}

// plural writes n and the noun for it.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return count(n) + " " + many
}

// section opens a section.
func (p *page) section(id string) {
	for _, s := range Sections {
		if s.ID == id {
			fmt.Fprintf(&p.b, "<section id=\"%s\">\n<h2>%s</h2>\n", id, esc(s.Heading))
			return
		}
	}
	panic("report: no section " + id)
}

func (p *page) endSection() { p.b.WriteString("</section>\n") }

// figure writes a chart with its caption, as bars or as columns.
func (p *page) figure(c *chart, columns bool, caption string) {
	p.charts++
	c.ID = fmt.Sprintf("c%d", p.charts)
	fmt.Fprintf(&p.b, "<figure>\n<figcaption>%s</figcaption>\n", caption)
	if columns {
		c.columns(&p.b)
	} else {
		c.hbars(&p.b)
	}
	p.b.WriteString("\n</figure>\n")
}

// srcIf is src when m has the key k, else "": a count the summary does
// not list (its JSON has no 0 for it) is shown without a source.
func srcIf[K comparable](m map[K]int, k K, src string) string {
	if _, ok := m[k]; ok {
		return src
	}
	return ""
}

// sets are the rule sets of the run, in its order.
func (p *page) sets() []*stats.RuleSetSummary { return p.r.By.RuleSets }

// judgedSets are the rule sets of the run; when there are none, it writes
// that no game was judged and ends the section, which the caller then
// leaves.
func (p *page) judgedSets() []*stats.RuleSetSummary {
	sets := p.sets()
	if len(sets) == 0 {
		p.b.WriteString("<p>No game was judged.</p>\n")
		p.endSection()
	}
	return sets
}

// setNames are the rule sets' names.
func (p *page) setNames() []string {
	var out []string
	for _, rs := range p.sets() {
		out = append(out, rs.Name)
	}
	return out
}

// playerCounts are the player counts some rule set judged games of
// ("3p", "4p"), in order.
func (p *page) playerCounts() []string {
	seen := map[string]bool{}
	for _, rs := range p.sets() {
		for k, c := range rs.Players {
			if c.Games > 0 {
				seen[k] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// players names a player count for a caption: "four-player games".
func players(k string) string {
	switch k {
	case "4p":
		return "four-player games"
	case "3p":
		return "three-player games (sanma)"
	}
	return k + " games"
}

// read writes what was read.
func (p *page) read() {
	p.section("read")
	s, b, rd := p.r.By, &p.b, &p.r.Read
	first := p.firstSet()
	b.WriteString(`<div class="cols"><table class="facts"><tbody>`)
	row := func(what string, n int, src string) {
		fmt.Fprintf(b, `<tr><th>%s</th><td class="n"%s>%s</td></tr>`, what, dataSrc(src), count(n))
	}
	row("inputs", s.Inputs, ptr("by", "inputs"))
	row("games", s.Games, ptr("by", "games"))
	row("games read and judged", s.Judged, ptr("by", "judged"))
	row("games not read completely", s.NotRead, ptr("by", "not_read"))
	row("unreadable inputs (no game)", s.Unreadable, ptr("by", "unreadable"))
	row("duplicate games (a game_id read before), counted once", s.Duplicates, ptr("by", "duplicates"))
	if first != nil {
		row("hands of the judged games", first.All.Hands, ptr("by", "rule_sets", 0, "all", "hands"))
	}
	b.WriteString(`</tbody></table>`)
	countTable(b, "format", "games", rd.Formats)
	countTable(b, "platform", "games", rd.Platforms)
	b.WriteString("</div>\n")
	if rd.Dated > 0 {
		fmt.Fprintf(b, "<p>Dates covered: <b>%s</b> to <b>%s</b> (UTC), %s of the %s with a start time.</p>\n",
			date(rd.First), date(rd.Last), plural(rd.Dated, "game", "games"), plural(s.Games, "game", "games"))
	} else {
		b.WriteString("<p>Dates covered: none of the games records when it was played.</p>\n")
	}
	if len(rd.Years) > 0 {
		c := &chart{Title: "games by year", Axis: "games"}
		years := byCount(rd.Years)
		caption := "<b>Games by year</b> the game started (Japan time for Tenhou, UTC for the others), each game once."
		if len(years) > maxYears {
			caption += fmt.Sprintf(" The %d years with the most games; %d more are left out.", maxYears, len(years)-maxYears)
			years = years[:maxYears]
		}
		for _, y := range slices.SortedFunc(slices.Values(years), compareYears) {
			label := y
			if y == "unknown" {
				label = "no date"
			}
			c.Groups = append(c.Groups, group{Label: label, Bars: []bar{countBar(rd.Years[y], "")}})
		}
		p.figure(c, true, caption)
	}
	// The rule sets and the runs that wrote the tables.
	b.WriteString("<h3>Rule sets and outputs</h3>\n<table><thead><tr><th>rule set</th><th class=\"n\">games judged</th><th>not applicable (no rules for their number of players)</th></tr></thead><tbody>")
	for i, rs := range p.sets() {
		fmt.Fprintf(b, `<tr><td>%s</td><td class="n"%s>%s</td><td>%s</td></tr>`, esc(rs.Name), dataSrc(ptr("by", "rule_sets", i, "all", "games")), count(rs.All.Games), p.notApplicable(i, rs))
	}
	b.WriteString("</tbody></table>\n")
	b.WriteString("<table><thead><tr><th>output</th><th>written by</th><th>--rules</th><th>shard</th><th>inputs</th></tr></thead><tbody>")
	for i, d := range p.r.Dirs {
		if i == maxOutputs {
			fmt.Fprintf(b, `<tr><td colspan="5">and %d more output directories</td></tr>`, len(p.r.Dirs)-maxOutputs)
			break
		}
		m := p.r.Meta[i]
		var inputs []string
		json.Unmarshal([]byte(m[tables.MetaInputs]), &inputs) // a bad list shows as none
		shard := m[tables.MetaShard]
		if shard == "" {
			shard = "–"
		}
		fmt.Fprintf(b, `<tr><td class="path">%s</td><td>haifu %s</td><td><code>%s</code></td><td>%s</td><td class="path">%s</td></tr>`,
			esc(d), esc(m[tables.MetaVersion]), esc(m[tables.MetaRules]), esc(shard), esc(clip(strings.Join(inputs, " "), MaxMessage)))
	}
	b.WriteString("</tbody></table>\n")
	p.endSection()
}

// firstSet is the first rule set, nil when no game was judged.
func (p *page) firstSet() *stats.RuleSetSummary {
	if len(p.sets()) == 0 {
		return nil
	}
	return p.sets()[0]
}

// notApplicable writes the games rule set i does not apply to.
func (p *page) notApplicable(i int, rs *stats.RuleSetSummary) string {
	if len(rs.NotApplicable) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(rs.NotApplicable)) {
		parts = append(parts, fmt.Sprintf(`<span%s>%s</span> %s`, dataSrc(ptr("by", "rule_sets", i, "not_applicable", k)), count(rs.NotApplicable[k]), esc(strings.TrimSuffix(players(k), " (sanma)"))))
	}
	return strings.Join(parts, ", ")
}

// countTable writes a table of counts by key, most first.
func countTable(b *strings.Builder, what, of string, m map[string]int) {
	fmt.Fprintf(b, `<table><thead><tr><th>%s</th><th class="n">%s</th></tr></thead><tbody>`, esc(what), esc(of))
	for _, k := range byCount(m) {
		fmt.Fprintf(b, `<tr><td>%s</td><td class="n">%s</td></tr>`, esc(k), count(m[k]))
	}
	b.WriteString("</tbody></table>")
}

// byCount orders the keys of m by their counts, most first, then by name.
func byCount(m map[string]int) []string {
	return slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
}

// compareYears orders years (and "unknown", or stats' "unknown-year") in
// time, the unknown last.
func compareYears(a, b string) int {
	ua, ub := strings.HasPrefix(a, "unknown"), strings.HasPrefix(b, "unknown")
	if ua != ub {
		if ua {
			return 1
		}
		return -1
	}
	return strings.Compare(a, b)
}

// drawRate writes the exhaustive-draw rate by rule set and players, by
// lobby, by year and by the groups of Options.By.
func (p *page) drawRate() {
	p.section("draw-rate")
	b := &p.b
	b.WriteString("<p>The share of the judged hands that ended in an exhaustive draw (the live wall exhausted, nagashi mangan included), as <code>haifu summary</code> gives it: under rules that are not the log's own, the hands past a game's divergence are not judged and not counted.</p>\n")
	sets := p.judgedSets()
	if len(sets) == 0 {
		return
	}
	names := p.setNames()
	c := &chart{Title: "exhaustive-draw rate by rule set and number of players", Axis: "exhaustive-draw rate, % of judged hands", Unit: "%", Series: names}
	g := group{Label: "all games"}
	for i, rs := range sets {
		g.Bars = append(g.Bars, rateBar(rs.All.DrawRate, ptr("by", "rule_sets", i, "all", "exhaustive_draw_rate")))
	}
	c.Groups = append(c.Groups, g)
	for _, k := range p.playerCounts() {
		g := group{Label: players(k)}
		for i, rs := range sets {
			g.Bars = append(g.Bars, p.rate(rs.Players[k], func(c *stats.Counts) stats.Rate { return c.DrawRate }, ptr("by", "rule_sets", i, "players", k, "exhaustive_draw_rate")))
		}
		c.Groups = append(c.Groups, g)
	}
	p.figure(c, false, "<b>By rule set and number of players.</b> "+p.seriesNote())
	p.groupChart(p.r.ByLobby, "lobby", "By lobby (Tenhou's table name, a Mahjong Soul room)", func(a, b string) int { return 0 })
	p.groupChart(p.r.ByYear, "year", "By year the game started (Japan time for Tenhou, UTC for the others)", compareYears)
	by := p.r.By.By
	if !slices.Equal(by, []string{"lobby"}) && !slices.Equal(by, []string{"year"}) && !slices.Equal(by, []string{"players"}) {
		p.groupChart(p.r.By, "by", "By "+strings.Join(by, ", ")+" (the groups of haifu summary --by "+strings.Join(by, ",")+")", strings.Compare)
	}
	p.endSection()
}

// seriesNote says what the series of a chart are, when several.
func (p *page) seriesNote() string { return seriesNote(p.setNames()) }

// seriesNote says what the series of a chart are: the rule sets names.
func seriesNote(names []string) string {
	if len(names) == 1 {
		return "Under the rule set " + esc(names[0]) + "."
	}
	return "One bar per rule set (the legend), side by side."
}

// applied is a rule set's figures of one player count.
type applied struct {
	i  int // the rule set's index in the summary
	rs *stats.RuleSetSummary
	c  *stats.Counts
}

// setsFor are the rule sets that judged games of player count k, with
// their figures of those games.
func (p *page) setsFor(k string) (out []applied, names []string) {
	for i, rs := range p.sets() {
		if c := rs.Players[k]; c != nil && c.Games > 0 {
			out = append(out, applied{i, rs, c})
			names = append(names, rs.Name)
		}
	}
	return out, names
}

// rate is the bar of a rate of c, "no games" when c is nil.
func (p *page) rate(c *stats.Counts, f func(*stats.Counts) stats.Rate, src string) bar {
	if c == nil {
		return bar{None: true, Text: "not applicable"}
	}
	return rateBar(f(c), src)
}

// groupChart writes the draw rate of the groups of s (summary sum), the
// MaxGroups with the most judged hands, in the order ord gives (by judged
// hands when it says equal).
func (p *page) groupChart(s *stats.Summary, sum, title string, ord func(a, b string) int) {
	hands := map[string]int{}
	for _, rs := range s.RuleSets {
		for name, c := range rs.Groups {
			hands[name] = max(hands[name], c.HandsJudged)
		}
	}
	names := byCount(hands)
	left, leftHands := 0, 0
	shown := GroupsShown(len(s.RuleSets))
	if len(names) > shown {
		for _, n := range names[shown:] {
			left++
			leftHands += hands[n]
		}
		names = names[:shown]
	}
	slices.SortStableFunc(names, ord)
	c := &chart{Title: "exhaustive-draw rate " + strings.ToLower(title), Axis: "exhaustive-draw rate, % of judged hands", Unit: "%", Series: p.setNames()}
	for _, n := range names {
		g := group{Label: n}
		if sum == "lobby" {
			g.Label = lobbyLabel(n)
		}
		for i, rs := range s.RuleSets {
			g.Bars = append(g.Bars, p.rate(rs.Groups[n], func(c *stats.Counts) stats.Rate { return c.DrawRate }, ptr(sum, "rule_sets", i, "groups", n, "exhaustive_draw_rate")))
		}
		c.Groups = append(c.Groups, g)
	}
	caption := "<b>" + esc(title) + ".</b> " + p.seriesNote()
	if left > 0 {
		caption += fmt.Sprintf(" The %d groups with the most judged hands; %d more (%s hands) are left out: <code>haifu summary --by %s</code> lists them.", shown, left, count(leftHands), strings.Join(s.By, ","))
	}
	if len(names) == 0 {
		fmt.Fprintf(&p.b, "<p>%s: no group.</p>\n", esc(title))
		return
	}
	p.figure(c, false, caption)
}

// lobbyLabel writes a Tenhou lobby's name with what it says in English
// ("四鳳南喰赤 (4p houou south)"); another name as it is.
func lobbyLabel(name string) string {
	rs := []rune(name)
	if len(rs) < 3 || (rs[0] != '四' && rs[0] != '三') {
		return name
	}
	level, ok := event.TenhouTableLevel(rs[1])
	if !ok {
		return name
	}
	n := "4p"
	if rs[0] == '三' {
		n = "3p"
	}
	length := ""
	switch rs[2] {
	case '南':
		length = " south"
	case '東':
		length = " east"
	}
	return fmt.Sprintf("%s (%s %s%s)", name, n, level, length)
}

// abortive are the abortive draws, and how the page names them.
var abortive = []struct{ key, name string }{
	{"nine_terminals", "nine terminals"}, {"four_winds", "four winds"}, {"four_riichi", "four riichi"}, {"four_kans", "four kans"}, {"triple_ron", "triple ron"},
}

// draws writes the kinds of draw, tenpai at the draw and the noten
// payments.
func (p *page) draws() {
	p.section("draws")
	b := &p.b
	sets := p.judgedSets()
	if len(sets) == 0 {
		return
	}
	for _, k := range p.playerCounts() {
		as, names := p.setsFor(k)
		c := &chart{Title: "hand ends without a winner, " + players(k), Axis: "% of judged hands", Unit: "%", Series: names}
		add := func(label string, f func(*stats.Counts) stats.Rate, path ...any) {
			g := group{Label: label}
			for _, a := range as {
				g.Bars = append(g.Bars, rateBar(f(a.c), ptr("by", append([]any{"rule_sets", a.i, "players", k}, path...)...)))
			}
			c.Groups = append(c.Groups, g)
		}
		add("exhaustive draw", func(c *stats.Counts) stats.Rate { return c.DrawRate }, "exhaustive_draw_rate")
		add("nagashi mangan", func(c *stats.Counts) stats.Rate { return c.Nagashi }, "nagashi")
		for _, a := range abortive {
			add(a.name+" (abortive)", func(c *stats.Counts) stats.Rate { return c.Abortive[a.key] }, "abortive", a.key)
		}
		add("chombo", func(c *stats.Counts) stats.Rate { return c.Chombo }, "chombo")
		p.figure(c, false, fmt.Sprintf("<b>The kinds of draw and abortive draw, %s</b>, as the rules judge them (an abortive draw a rule set does not have is a divergence, not a draw: see <a href=\"#rule-sets\">rule sets</a>). The exhaustive draws include nagashi mangan. %s", esc(players(k)), seriesNote(names)))
	}
	for _, k := range p.playerCounts() {
		as, names := p.setsFor(k)
		c := &chart{Title: "tenpai at the exhaustive draw, " + players(k), Axis: "% of exhaustive draws", Unit: "%", Series: names}
		n := 0
		for _, a := range as {
			n = max(n, len(a.c.TenpaiAtDraw))
		}
		for t := range n {
			g := group{Label: fmt.Sprintf("%d tenpai", t)}
			for _, a := range as {
				if t >= len(a.c.TenpaiAtDraw) {
					g.Bars = append(g.Bars, bar{None: true, Text: "–"})
					continue
				}
				g.Bars = append(g.Bars, shortRateBar(a.c.TenpaiAtDraw[t], ptr("by", "rule_sets", a.i, "players", k, "tenpai_at_draw", t)))
			}
			c.Groups = append(c.Groups, g)
		}
		if n > 0 {
			p.figure(c, true, fmt.Sprintf("<b>Tenpai at the exhaustive draw, %s</b>: the players tenpai when the wall ran out, of the judged exhaustive draws whose every hand's tenpai is known (the interval and the counts of a column in its tooltip). %s", esc(players(k)), seriesNote(names)))
		}
	}
	// Noten payments.
	b.WriteString("<h3>Noten payments</h3>\n<p class=\"note\">The points tenpai players received through noten payments under the rules: in all, per judged exhaustive draw, and per game judged to its end (no divergence).</p>\n")
	b.WriteString(`<table><thead><tr><th>rule set</th><th>games</th><th class="n">points in all</th><th class="n">exhaustive draws</th><th class="n">per draw</th><th class="n">games judged whole</th><th class="n">per game</th></tr></thead><tbody>`)
	type row struct {
		label string
		c     *stats.Counts
		path  []any
	}
	for i, rs := range sets {
		rows := []row{{"all", rs.All, []any{"all"}}}
		if len(rs.Players) > 1 {
			for _, k := range slices.Sorted(maps.Keys(rs.Players)) {
				rows = append(rows, row{players(k), rs.Players[k], []any{"players", k}})
			}
		}
		for _, r := range rows {
			src := func(f string) string { return ptr("by", append(append([]any{"rule_sets", i}, r.path...), f)...) }
			fmt.Fprintf(b, `<tr><td>%s</td><td>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td></tr>`,
				esc(rs.Name), esc(r.label), dataSrc(src("noten_payment_total")), groupDigits(r.c.NotenTotal), dataSrc(src("noten_payment_draws")), count(r.c.NotenDraws),
				dataSrc(src("noten_payment_per_draw")), whole(r.c.NotenPerDraw), dataSrc(src("games_judged_whole")), count(r.c.GamesWhole), dataSrc(src("noten_payment_per_game")), whole(r.c.NotenPerGame))
		}
	}
	b.WriteString("</tbody></table>\n")
	// The hand ends as judged and as recorded.
	b.WriteString("<h3>How the hands ended</h3>\n<p class=\"note\">The judged hands by the rules' outcome, and every hand of the judged games by the outcome the log records (as played).</p>\n")
	outcomes := map[string]bool{}
	for _, rs := range sets {
		for k := range rs.All.Outcomes {
			outcomes[k] = true
		}
		for k := range rs.All.RecordedOutcomes {
			outcomes[k] = true
		}
	}
	b.WriteString("<table><thead><tr><th>outcome</th>")
	for _, rs := range sets {
		fmt.Fprintf(b, `<th class="n">%s: judged</th><th class="n">as recorded</th>`, esc(rs.Name))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, o := range orderBy(slices.Collect(maps.Keys(outcomes)), outcomeOrder) {
		fmt.Fprintf(b, "<tr><td>%s</td>", esc(strings.ReplaceAll(o, "_", " ")))
		for i, rs := range sets {
			fmt.Fprintf(b, `<td class="n"%s>%s</td><td class="n"%s>%s</td>`, dataSrc(srcIf(rs.All.Outcomes, o, ptr("by", "rule_sets", i, "all", "outcomes", o))), count(rs.All.Outcomes[o]),
				dataSrc(srcIf(rs.All.RecordedOutcomes, o, ptr("by", "rule_sets", i, "all", "recorded_outcomes", o))), count(rs.All.RecordedOutcomes[o]))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>\n")
	p.endSection()
}

// outcomeOrder lists the outcomes as the schema does.
var outcomeOrder = []string{"win", "exhaustive", "nagashi", "nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron", "chombo", "incomplete"}

// ruleSets writes the rule sets side by side: what each does not apply
// to, where each diverges, what each changes of the recorded play.
func (p *page) ruleSets() {
	p.section("rule-sets")
	b := &p.b
	sets := p.judgedSets()
	if len(sets) == 0 {
		return
	}
	if len(sets) == 1 {
		fmt.Fprintf(b, "<p>One rule set was judged, <b>%s</b>. <code>haifu analyze --rules auto,wrc,mleague</code> judges every game under several in one pass; this section then sets them side by side.</p>\n", esc(sets[0].Name))
	} else {
		fmt.Fprintf(b, "<p>%d rule sets were judged in one pass: every game under each that has rules for its number of players. Under rules that are not the log's own, a hand the rules would have played differently (an abortive draw they do not have, a game that would not have ended) is a <b>divergence</b>: the game is judged up to it, and its later hands are in none of the rule set's figures.</p>\n", len(sets))
	}
	b.WriteString(`<table><thead><tr><th>rule set</th><th class="n">games judged</th><th class="n">judged to their end</th><th>not applicable</th><th class="n">hands</th><th class="n">hands judged</th><th class="n">divergent games</th><th class="n">games the rules end earlier</th></tr></thead><tbody>`)
	for i, rs := range sets {
		c := rs.All
		src := func(f ...any) string { return ptr("by", append([]any{"rule_sets", i, "all"}, f...)...) }
		fmt.Fprintf(b, `<tr><td>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td></tr>`,
			esc(rs.Name), dataSrc(src("games")), count(c.Games), dataSrc(src("games_judged_whole")), count(c.GamesWhole), p.notApplicable(i, rs),
			dataSrc(src("hands")), count(c.Hands), dataSrc(src("hands_judged")), count(c.HandsJudged), dataSrc(src("divergent_games")), count(c.DivergentGames),
			dataSrc(src("ended_early_games")), count(c.EndedEarlyGames))
	}
	b.WriteString("</tbody></table>\n")
	// Where each diverges, and the games the rules end earlier.
	kinds := map[string]bool{}
	early := false
	for _, rs := range sets {
		for k := range rs.All.Divergences {
			kinds[k] = true
		}
		early = early || rs.All.EndedEarlyGames > 0
	}
	if len(kinds) > 0 || early {
		b.WriteString("<h3>Where each diverges</h3>\n<p class=\"note\">The divergent games by the kind of their first divergence and their hands from it on, and the games the rules end before the log does and their hands after that end: the hands no figure of the rule set counts.</p>\n<table><thead><tr><th>why</th>")
		for _, rs := range sets {
			fmt.Fprintf(b, `<th class="n">%s: games</th><th class="n">hands</th>`, esc(rs.Name))
		}
		b.WriteString("</tr></thead><tbody>")
		for _, k := range slices.Sorted(maps.Keys(kinds)) {
			fmt.Fprintf(b, "<tr><td>%s</td>", esc(strings.ReplaceAll(k, "_", " ")))
			for i, rs := range sets {
				d, ok := rs.All.Divergences[k]
				if !ok {
					b.WriteString(`<td class="n">0</td><td class="n">0</td>`)
					continue
				}
				fmt.Fprintf(b, `<td class="n"%s>%s</td><td class="n"%s>%s</td>`, dataSrc(ptr("by", "rule_sets", i, "all", "divergences", k, "games")), count(d.Games),
					dataSrc(ptr("by", "rule_sets", i, "all", "divergences", k, "hands")), count(d.Hands))
			}
			b.WriteString("</tr>")
		}
		if early {
			b.WriteString("<tr><td>the rules end the game earlier</td>")
			for i, rs := range sets {
				fmt.Fprintf(b, `<td class="n"%s>%s</td><td class="n"%s>%s</td>`, dataSrc(ptr("by", "rule_sets", i, "all", "ended_early_games")), count(rs.All.EndedEarlyGames),
					dataSrc(srcIf(rs.All.HandsPast, stats.EndedEarly, ptr("by", "rule_sets", i, "all", "hands_past", stats.EndedEarly))), count(rs.All.HandsPast[stats.EndedEarly]))
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody></table>\n")
	} else {
		b.WriteString("<p>No game diverges under any rule set judged, and none ends earlier.</p>\n")
	}
	// What each changes of the recorded play.
	c := &chart{Title: "what the rules change of the recorded play", Axis: "% of the hands (games) compared", Unit: "%", Series: p.setNames()}
	add := func(label string, f func(*stats.Counts) stats.Rate, key string) {
		g := group{Label: label}
		for i, rs := range sets {
			g.Bars = append(g.Bars, rateBar(f(rs.All), ptr("by", "rule_sets", i, "all", key)))
		}
		c.Groups = append(c.Groups, g)
	}
	add("payments differ", func(c *stats.Counts) stats.Rate { return c.PaymentsDiffer }, "payments_differ")
	add("next dealer differs", func(c *stats.Counts) stats.Rate { return c.DealerDiffers }, "next_dealer_differs")
	add("next honba differs", func(c *stats.Counts) stats.Rate { return c.HonbaDiffers }, "next_honba_differs")
	add("game end differs", func(c *stats.Counts) stats.Rate { return c.GameEndDiffers }, "game_end_differs")
	p.figure(c, false, "<b>What the rules change of the recorded play</b>: the judged hands whose score changes differ from the log's, whose next dealer or honba differs, and the judged games whose end differs. "+p.seriesNote())
	// The headline figures side by side.
	b.WriteString("<h3>The headline figures</h3>\n<table><thead><tr><th>figure</th>")
	for _, rs := range sets {
		fmt.Fprintf(b, `<th class="n">%s</th>`, esc(rs.Name))
	}
	b.WriteString("</tr></thead><tbody>")
	numRow := func(label, key string, f func(*stats.Counts) string) {
		fmt.Fprintf(b, "<tr><td>%s</td>", esc(label))
		for i, rs := range sets {
			fmt.Fprintf(b, `<td class="n"%s>%s</td>`, dataSrc(ptr("by", "rule_sets", i, "all", key)), f(rs.All))
		}
		b.WriteString("</tr>")
	}
	rateRow := func(label, key string, f func(*stats.Counts) stats.Rate) {
		numRow(label, key, func(c *stats.Counts) string { return rateCell(f(c)) })
	}
	rateRow("exhaustive-draw rate", "exhaustive_draw_rate", func(c *stats.Counts) stats.Rate { return c.DrawRate })
	rateRow("dealer continuation", "dealer_continuation", func(c *stats.Counts) stats.Rate { return c.DealerContinues })
	numRow("hands per game judged whole", "hands_per_game", func(c *stats.Counts) string { return strconv.FormatFloat(c.HandsPerGame, 'f', 2, 64) })
	numRow("average win (points, without honba and sticks)", "average_win", func(c *stats.Counts) string { return whole(c.AverageWin) })
	numRow("noten payments per game judged whole", "noten_payment_per_game", func(c *stats.Counts) string { return whole(c.NotenPerGame) })
	b.WriteString("</tbody></table>\n")
	p.endSection()
}

// seatMetrics are the per-seat rates, and how the page names them.
var seatMetrics = []struct {
	key, name string
	f         func(*stats.SeatRates) stats.Rate
}{
	{"win", "win", func(r *stats.SeatRates) stats.Rate { return r.Win }},
	{"deal_in", "deal-in", func(r *stats.SeatRates) stats.Rate { return r.DealIn }},
	{"riichi", "riichi", func(r *stats.SeatRates) stats.Rate { return r.Riichi }},
	{"call", "call", func(r *stats.SeatRates) stats.Rate { return r.Call }},
	{"tenpai_at_draw", "tenpai at draw", func(r *stats.SeatRates) stats.Rate { return r.TenpaiAtDraw }},
}

// seats writes the per-seat rates by standing at the hand's start.
func (p *page) seats() {
	p.section("seats")
	b := &p.b
	sets := p.judgedSets()
	if len(sets) == 0 {
		return
	}
	b.WriteString("<p>Per seat and hand: the seat won, dealt in (discarded the winning tile of a ron), declared riichi, called (opened its hand), of its judged hands; tenpai at the draw of its hands that ended in an exhaustive draw. By the seat's standing at the hand's start (1st: the leader by score; a tie goes to the seat nearer the first dealer).</p>\n")
	for i, rs := range sets {
		for _, k := range slices.Sorted(maps.Keys(rs.Players)) {
			pc := rs.Players[k]
			if pc.Games == 0 {
				continue
			}
			st := &pc.Seats
			var series []string
			for s := range st.Standing {
				series = append(series, ordinal(s+1)+" at start")
			}
			c := &chart{Title: fmt.Sprintf("per-seat rates by standing, %s, %s", rs.Name, players(k)), Axis: "% of seat-hands", Unit: "%", Series: series}
			for _, m := range seatMetrics {
				g := group{Label: m.name}
				for s := range st.Standing {
					g.Bars = append(g.Bars, shortRateBar(m.f(&st.Standing[s]), ptr("by", "rule_sets", i, "players", k, "seats", "by_standing", s, m.key)))
				}
				c.Groups = append(c.Groups, g)
			}
			if i == 0 {
				p.figure(c, true, fmt.Sprintf("<b>%s, %s</b>: the rates of each standing at the hand's start, with their 95%% intervals (the interval and the counts of a column in its tooltip; every rate with its interval in the table below).", esc(rs.Name), esc(players(k))))
			} else {
				fmt.Fprintf(b, "<h3>%s, %s</h3>\n", esc(rs.Name), esc(players(k)))
			}
			// Every seat, the dealer and the others, in a table.
			b.WriteString(`<table><thead><tr><th>seats</th><th class="n">seat-hands</th>`)
			for _, m := range seatMetrics {
				fmt.Fprintf(b, `<th class="n">%s</th>`, esc(m.name))
			}
			b.WriteString("</tr></thead><tbody>")
			row := func(label string, r *stats.SeatRates, path ...any) {
				fmt.Fprintf(b, `<tr><td>%s</td><td class="n">%s</td>`, esc(label), count(r.Win.Of))
				for _, m := range seatMetrics {
					fmt.Fprintf(b, `<td class="n"%s>%s</td>`, dataSrc(ptr("by", append(append([]any{"rule_sets", i, "players", k, "seats"}, path...), m.key)...)), rateCell(m.f(r)))
				}
				b.WriteString("</tr>")
			}
			row("every seat", &st.All, "all")
			row("dealer", &st.Dealer, "dealer")
			row("non-dealer", &st.NonDealer, "non_dealer")
			for s := range st.Standing {
				row(ordinal(s+1)+" at start", &st.Standing[s], "by_standing", s)
			}
			b.WriteString("</tbody></table>\n")
		}
	}
	if first := p.firstSet(); first != nil && first.ByPlayer != nil {
		names := slices.SortedFunc(maps.Keys(first.ByPlayer), func(a, b string) int {
			if d := first.ByPlayer[b].Win.Of - first.ByPlayer[a].Win.Of; d != 0 {
				return d
			}
			return strings.Compare(a, b)
		})
		fmt.Fprintf(b, "<h3>Players</h3>\n<p class=\"note\">Under %s, the players with %s judged hands or more (%d, %d with fewer left out)", esc(first.Name), count(p.r.By.MinHands), len(names), first.PlayersBelowMin)
		if len(names) > MaxPlayers {
			fmt.Fprintf(b, "; the %d with the most hands are listed (<code>haifu summary --by player</code> lists them all)", MaxPlayers)
			names = names[:MaxPlayers]
		}
		b.WriteString(".</p>\n<table><thead><tr><th>player</th><th class=\"n\">seat-hands</th>")
		for _, m := range seatMetrics {
			fmt.Fprintf(b, `<th class="n">%s</th>`, esc(m.name))
		}
		b.WriteString("</tr></thead><tbody>")
		for _, n := range names {
			r := first.ByPlayer[n]
			fmt.Fprintf(b, `<tr><td>%s</td><td class="n">%s</td>`, esc(n), count(r.Win.Of))
			for _, m := range seatMetrics {
				fmt.Fprintf(b, `<td class="n"%s>%s</td>`, dataSrc(ptr("by", "rule_sets", 0, "by_player", n, m.key)), rateCell(m.f(r)))
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody></table>\n")
	}
	p.endSection()
}

// ordinal is "1st", "2nd", "3rd", "4th".
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

// limitOrder orders the limits from none to yakuman.
var limitOrder = []string{"none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}

// wins writes the yaku and limit frequencies and the han and fu
// distributions.
func (p *page) wins() {
	p.section("wins")
	b := &p.b
	sets := p.judgedSets()
	if len(sets) == 0 {
		return
	}
	b.WriteString("<p>The recorded wins as the rules score them (haifu's scorer, from the tiles and the play), of the wins it could score with a yaku; the share of each limit and yaku is of those wins, with its 95% interval.</p>\n")
	for _, k := range p.playerCounts() {
		as, names := p.setsFor(k)
		fmt.Fprintf(b, "<h3>%s</h3>\n", esc(strings.ToUpper(players(k)[:1])+players(k)[1:]))
		// Scored wins per rule set.
		b.WriteString(`<table><thead><tr><th>rule set</th><th class="n">wins</th><th class="n">scored</th><th class="n">no yaku under the rules</th></tr></thead><tbody>`)
		for _, a := range as {
			src := func(f string) string { return ptr("by", "rule_sets", a.i, "players", k, f) }
			fmt.Fprintf(b, `<tr><td>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td><td class="n"%s>%s</td></tr>`, esc(a.rs.Name),
				dataSrc(src("wins")), count(a.c.Wins), dataSrc(src("wins_scored")), count(a.c.Scored), dataSrc(src("wins_no_yaku")), count(a.c.NoYaku))
		}
		b.WriteString("</tbody></table>\n")
		// Limits.
		c := &chart{Title: "wins by limit, " + players(k), Axis: "% of the scored wins with yaku", Unit: "%", Series: names}
		limits := map[string]bool{}
		for _, a := range as {
			for l := range a.c.Limits {
				limits[l] = true
			}
		}
		for _, l := range orderBy(slices.Collect(maps.Keys(limits)), limitOrder) {
			g := group{Label: l}
			for _, a := range as {
				g.Bars = append(g.Bars, shareBar(a.c.Limits[l], withYaku(a.c), srcIf(a.c.Limits, l, ptr("by", "rule_sets", a.i, "players", k, "limits", l))))
			}
			c.Groups = append(c.Groups, g)
		}
		if len(c.Groups) > 0 {
			p.figure(c, false, fmt.Sprintf("<b>Limits, %s</b>: the scored wins by limit (none: below mangan), the count after the share. %s", esc(players(k)), seriesNote(names)))
		}
		// Yaku, most frequent first, under the first rule set that judged
		// these games; what the others count otherwise in a table.
		if first := as[0]; len(first.c.Yaku) > 0 {
			c = &chart{Title: "wins by yaku, " + players(k) + ", " + first.rs.Name, Axis: "% of the scored wins with yaku", Unit: "%"}
			for _, y := range byCount(first.c.Yaku) {
				c.Groups = append(c.Groups, group{Label: y, Bars: []bar{shareBar(first.c.Yaku[y], withYaku(first.c), ptr("by", "rule_sets", first.i, "players", k, "yaku", y))}})
			}
			p.figure(c, false, fmt.Sprintf("<b>Yaku, %s, under %s</b>: the share of the scored wins with yaku that have each yaku (dora aside; a win has several), the count after the share.", esc(players(k)), esc(first.rs.Name)))
		}
		p.yakuDiffers(k, as)
		p.distribution(k, as, names, "han", "Han", "the han of the scored wins with yaku, dora included (of those whose ura indicators are known); 13 and more (kazoe yakuman, yakuman, and sanma's many dora) together", func(c *stats.Counts) map[int]int { return c.Han }, 13)
		p.distribution(k, as, names, "fu", "Fu", "the fu of the scored wins with yaku (the hand's own fu, also at a limit; seven pairs 25)", func(c *stats.Counts) map[int]int { return c.Fu }, 0)
	}
	p.endSection()
}

// withYaku is the number of the scored wins with yaku of c.
func withYaku(c *stats.Counts) int { return c.Scored - c.NoYaku }

// yakuDiffers writes the yaku of player count k whose count differs
// between the rule sets as that judged such games: what the other rule
// sets score otherwise.
func (p *page) yakuDiffers(k string, as []applied) {
	if len(as) < 2 {
		return
	}
	yaku := map[string]bool{}
	for _, a := range as {
		for y := range a.c.Yaku {
			yaku[y] = true
		}
	}
	var differ []string
	for _, y := range slices.Sorted(maps.Keys(yaku)) {
		for _, a := range as[1:] {
			if a.c.Yaku[y] != as[0].c.Yaku[y] {
				differ = append(differ, y)
				break
			}
		}
	}
	b := &p.b
	if len(differ) == 0 {
		fmt.Fprintf(b, "<p class=\"note\">Every yaku of the %s has the same count under every rule set that judged them.</p>\n", esc(players(k)))
		return
	}
	fmt.Fprintf(b, "<p class=\"note\">The yaku whose count differs between the rule sets (%s): the wins with the yaku, and their share of the scored wins with yaku.</p>\n<table><thead><tr><th>yaku</th>", esc(players(k)))
	for _, a := range as {
		fmt.Fprintf(b, `<th class="n">%s</th>`, esc(a.rs.Name))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, y := range differ {
		fmt.Fprintf(b, "<tr><td>%s</td>", esc(y))
		for _, a := range as {
			share := 0.0
			if n := withYaku(a.c); n > 0 {
				share = 100 * float64(a.c.Yaku[y]) / float64(n)
			}
			fmt.Fprintf(b, `<td class="n"%s>%s (%.2f%%)</td>`, dataSrc(srcIf(a.c.Yaku, y, ptr("by", "rule_sets", a.i, "players", k, "yaku", y))), count(a.c.Yaku[y]), share)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>\n")
}

// distribution writes a distribution of the wins of player count k under
// the rule sets as (named names): the summary's key, its name, what it is,
// the counts f gives and, when not 0, the value from which on the counts
// are one ("13+"). The first rule set's is drawn as columns; with several,
// a table sets every rule set's counts side by side.
func (p *page) distribution(k string, as []applied, names []string, key, name, what string, f func(*stats.Counts) map[int]int, from int) {
	values := map[int]bool{}
	for _, a := range as {
		for v := range f(a.c) {
			if from > 0 && v >= from {
				v = from
			}
			values[v] = true
		}
	}
	if len(values) == 0 {
		return
	}
	label := func(v int) string {
		if from > 0 && v == from {
			return strconv.Itoa(v) + "+"
		}
		return strconv.Itoa(v)
	}
	// cell is the count of value v under a, and where it comes from.
	cell := func(a applied, v int) (n int, src, sum string) {
		m := f(a.c)
		if from == 0 || v < from {
			return m[v], srcIf(m, v, ptr("by", "rule_sets", a.i, "players", k, key, v)), ""
		}
		// The values from on: several of the summary's, added up.
		var srcs []string
		for _, w := range slices.Sorted(maps.Keys(m)) {
			if w >= from {
				n += m[w]
				srcs = append(srcs, ptr("by", "rule_sets", a.i, "players", k, key, w))
			}
		}
		return n, "", strings.Join(srcs, " ")
	}
	first := as[0]
	c := &chart{Title: strings.ToLower(name) + " of the wins, " + players(k) + ", " + first.rs.Name, Axis: "wins"}
	total := sum(f(first.c))
	for _, v := range slices.Sorted(maps.Keys(values)) {
		n, src, srcs := cell(first, v)
		br := countBar(n, src)
		br.Sum = srcs
		if total > 0 {
			br.Tip = fmt.Sprintf("%s of %s wins (%.2f%%)", count(n), count(total), 100*float64(n)/float64(total))
		}
		c.Groups = append(c.Groups, group{Label: label(v), Bars: []bar{br}})
	}
	p.figure(c, true, fmt.Sprintf("<b>%s, %s, under %s</b>: %s; the number of wins above each column (its share in its tooltip).", esc(name), esc(players(k)), esc(first.rs.Name), esc(what)))
	if len(as) < 2 {
		return
	}
	b := &p.b
	fmt.Fprintf(b, "<p class=\"note\">%s under each rule set: the wins, and their share of the rule set's.</p>\n<table><thead><tr><th>%s</th>", esc(name), esc(strings.ToLower(name)))
	for _, n := range names {
		fmt.Fprintf(b, `<th class="n">%s</th>`, esc(n))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, v := range slices.Sorted(maps.Keys(values)) {
		fmt.Fprintf(b, "<tr><td>%s</td>", label(v))
		for _, a := range as {
			n, src, srcs := cell(a, v)
			attrs := dataSrc(src)
			if srcs != "" {
				attrs += ` data-sum="` + esc(srcs) + `"`
			}
			share := 0.0
			if t := sum(f(a.c)); t > 0 {
				share = 100 * float64(n) / float64(t)
			}
			fmt.Fprintf(b, `<td class="n"%s>%s (%.2f%%)</td>`, attrs, count(n), share)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>\n")
}

// sum adds up the counts of m.
func sum(m map[int]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// orderBy orders names as order lists them, the others after by name.
func orderBy(names, order []string) []string {
	return slices.SortedFunc(slices.Values(names), func(a, b string) int {
		ia, ib := slices.Index(order, a), slices.Index(order, b)
		if ia < 0 {
			ia = len(order)
		}
		if ib < 0 {
			ib = len(order)
		}
		if ia != ib {
			return ia - ib
		}
		return strings.Compare(a, b)
	})
}

// findings writes the findings by check, with examples and their viewer
// links.
func (p *page) findings() {
	p.section("findings")
	b := &p.b
	sets := p.sets()
	b.WriteString("<p>What the judgement found wrong in the logs: a play that is not legal, or a recorded result the rules do not give (under rules that are not the log's own, what those rules would have decided otherwise). <code>haifu checks</code> lists every check.</p>\n")
	var disc []CheckFindings
	var undet []CheckFindings
	for _, f := range p.r.Findings {
		if f.Severity == stats.SeverityUndetermined {
			undet = append(undet, f)
		} else {
			disc = append(disc, f)
		}
	}
	if len(disc) == 0 {
		b.WriteString("<p><b>No discrepancy</b> under any rule set judged.</p>\n")
	} else {
		first := sets[0]
		c := &chart{Title: "findings by check under " + first.Name, Axis: "findings"}
		for _, f := range disc {
			if n := first.All.Discrepancies[f.Check]; n > 0 {
				c.Groups = append(c.Groups, group{Label: f.Check, Bars: []bar{countBar(n, ptr("by", "rule_sets", 0, "all", "discrepancies", f.Check))}})
			}
		}
		if len(c.Groups) > 0 {
			p.figure(c, false, fmt.Sprintf("<b>Findings by check under %s</b>, in the order of <code>haifu checks</code>.", esc(first.Name)))
		}
		p.checkTable(disc, "discrepancies")
	}
	for _, f := range disc {
		p.check(f, "discrepancies")
	}
	if len(undet) > 0 {
		b.WriteString("<h3>Undetermined findings</h3>\n<p class=\"note\">Findings that only some of the rule eras a log without a date may be of make: counted apart, never a discrepancy.</p>\n")
		p.checkTable(undet, "undetermined")
		for _, f := range undet {
			p.check(f, "undetermined")
		}
	}
	p.endSection()
}

// check writes one check's findings: what it finds, the count under each
// rule set, and the examples.
func (p *page) check(f CheckFindings, key string) {
	b := &p.b
	fmt.Fprintf(b, "<h3 id=\"check-%s-%s\"><code>%s</code></h3>\n", esc(key), esc(f.Check), esc(f.Check))
	fmt.Fprintf(b, "<p>The first %s:</p>\n<ol class=\"examples\">", plural(len(f.Examples), "finding", "findings"))
	for _, e := range f.Examples {
		b.WriteString("<li>")
		where := []string{`<span class="path">` + esc(e.Path) + `</span>`}
		if e.Round != "" {
			where = append(where, "round "+esc(e.Round))
		}
		if e.Seat != nil {
			where = append(where, fmt.Sprintf("seat %d", *e.Seat))
		}
		fmt.Fprintf(b, "%s <span class=\"muted\">(%s)</span><br/>%s", strings.Join(where, ", "), esc(e.RuleSet), esc(e.Message))
		if e.Expected != "" || e.Recorded != "" {
			fmt.Fprintf(b, "<br/><span class=\"muted\">expected</span> %s; <span class=\"muted\">recorded</span> %s", esc(e.Expected), esc(e.Recorded))
		}
		if e.Link != "" {
			fmt.Fprintf(b, ` <a href="%s">view the hand in the log's viewer</a>`, esc(e.Link))
		}
		b.WriteString("</li>")
	}
	b.WriteString("</ol>\n")
}

// checkTable writes the findings of the checks fs (the summary's key) under
// each rule set, each check's name a link to its examples.
func (p *page) checkTable(fs []CheckFindings, key string) {
	b := &p.b
	b.WriteString(`<table><thead><tr><th>check</th><th>what it finds</th>`)
	for _, rs := range p.sets() {
		fmt.Fprintf(b, `<th class="n">%s</th>`, esc(rs.Name))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, f := range fs {
		fmt.Fprintf(b, `<tr><td><a href="#check-%s-%s"><code>%s</code></a></td><td>%s</td>`, esc(key), esc(f.Check), esc(f.Check), esc(f.Doc))
		for i, rs := range p.sets() {
			m := rs.All.Discrepancies
			if key == "undetermined" {
				m = rs.All.Undetermined
			}
			fmt.Fprintf(b, `<td class="n"%s>%s</td>`, dataSrc(srcIf(m, f.Check, ptr("by", "rule_sets", i, "all", key, f.Check))), count(m[f.Check]))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>\n")
}

// errors writes the inputs that could not be read, by kind.
func (p *page) errors() {
	p.section("errors")
	b, s := &p.b, p.r.By
	fmt.Fprintf(b, "<p><b%s>%s</b> not read completely (a log cut short, a play no decoder can read: the game is in none of the figures) and <b%s>%s</b> (content that is no log, a file that cannot be read).</p>\n",
		dataSrc(ptr("by", "not_read")), plural(s.NotRead, "game was", "games were"), dataSrc(ptr("by", "unreadable")), plural(s.Unreadable, "unreadable input", "unreadable inputs"))
	if len(p.r.Errors) == 0 {
		b.WriteString("<p>Every input was read.</p>\n")
		p.endSection()
		return
	}
	errs := p.r.Errors
	if len(errs) > maxErrorKinds {
		errs = errs[:maxErrorKinds]
	}
	c := &chart{Title: "errors by kind", Axis: "errors (rows of the errors table)"}
	for _, e := range errs {
		c.Groups = append(c.Groups, group{Label: e.Kind, Bars: []bar{countBar(e.Count, "")}})
	}
	p.figure(c, false, "<b>The errors by kind</b>: the error each message ends with, the one the decoder or the reading met.")
	b.WriteString(`<table><thead><tr><th>kind</th><th class="n">errors</th><th>by format detected</th><th>the first</th></tr></thead><tbody>`)
	for _, e := range errs {
		var parts []string
		for _, f := range byCount(e.ByFormat) {
			parts = append(parts, fmt.Sprintf("%s %s", esc(f), count(e.ByFormat[f])))
		}
		fmt.Fprintf(b, `<tr><td>%s</td><td class="n">%s</td><td>%s</td><td class="path">%s</td></tr>`, esc(e.Kind), count(e.Count), strings.Join(parts, ", "), esc(e.Example))
	}
	b.WriteString("</tbody></table>\n")
	p.endSection()
}

// foot writes how the page was made.
func (p *page) foot() {
	by := strings.Join(p.r.By.By, ",")
	if p.r.By.MinHands > 0 {
		by += ",player"
	}
	fmt.Fprintf(&p.b, "<footer>Written by <code>haifu report --by %s</code> from the Parquet tables; the same outputs give the same page. Every figure here that <code>haifu summary --json --by %s</code> (and <code>--by lobby</code>, <code>--by year</code>) gives names its place there in a <code>data-src</code> attribute.</footer>\n</body>\n</html>\n", esc(by), esc(by))
}
