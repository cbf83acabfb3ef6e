// Package report writes haifu's report of analyze outputs: one
// self-contained HTML page, the figures a researcher would draw drawn as
// charts (inline SVG and CSS, no script, nothing fetched: it reads offline
// and prints), with the numbers beside them. Build reads the tables of one
// or more output directories (the shards of one archive) once and gathers
// what the page shows; WriteHTML writes it. haifu report and analyze
// --report are this package.
//
// The page's sections, each an element of its own id: read (what was
// read: the inputs, games, hands, unreadable inputs, formats, platforms,
// the dates covered, the rule sets and the haifu that wrote the tables),
// draw-rate (the exhaustive-draw rate with its 95% interval by rule set and
// players, by lobby, by year and by the groups of Options.By), draws (the
// kinds of draw and abortive draw, tenpai at the draw, noten payments),
// rule-sets (the rule sets side by side: what each does not apply to,
// where each diverges, what each changes of the recorded play), seats (the
// per-seat rates by standing at the hand's start), wins (yaku and limit
// frequencies, the han and fu distributions), findings (the findings by
// check with a few examples each and their viewer links) and errors (the
// inputs that could not be read, by kind).
//
// Every figure of the page that the summary has (haifu summary --json)
// names where: the element that shows it has a data-src attribute,
// "SUMMARY#POINTER", where SUMMARY is "by" (the summary grouped by
// Options.By), "lobby" or "year" (the summary grouped by that dimension
// alone) and POINTER a JSON pointer (RFC 6901) into that summary's JSON
// ("by#/rule_sets/0/all/exhaustive_draw_rate"). A test holds every such
// figure to the summary.
//
// A figure that adds several of the summary's up (the wins of 13 han and
// more) names them all in a data-sum attribute, space-separated; a count
// written after its share ("12.34% [11.90–12.80] · 1,234") is the figure
// its source names.
//
// The page is the same bytes for the same outputs and options, and its size
// is bounded whatever the archive's: the groups of a chart, the players,
// the years, the outputs listed and the examples are capped, and the page
// says what it leaves out.
package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/source"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// Options configure a report. The zero Options are the defaults.
type Options struct {
	// By are the dimensions of the groups of the draw-rate chart as haifu
	// summary --by takes them (stats.DefaultBy when none); "player" among
	// them adds each player's per-seat rates, of the players with at least
	// MinHands judged hands (stats.DefaultMinHands when 0). The rate by
	// lobby, by year and by number of players is drawn whatever By is.
	By       []string
	MinHands int
	// Examples is the number of findings shown for each check
	// (DefaultExamples when 0).
	Examples int
	// Title heads the page ("haifu report" when empty).
	Title string
}

// GroupsShown is the number of groups a chart of groups shows with the
// given number of rule sets (its series).
func GroupsShown(ruleSets int) int {
	return min(MaxGroups, max(MinGroups, MaxBars/max(ruleSets, 1)))
}

// DefaultExamples is the number of findings shown for each check.
const DefaultExamples = 3

// Caps on what the page lists, so that its size does not grow with the
// archive: the groups of a chart of groups (those with the most judged
// hands: MaxGroups, fewer when there are many rule sets, so that a chart
// has at most MaxBars bars, but never fewer than MinGroups), the players
// of the per-player rates (by hands), the length of a finding's message.
const (
	MaxGroups     = 20
	MaxBars       = 60
	MinGroups     = 5
	MaxPlayers    = 40
	MaxMessage    = 300
	maxErrorKinds = 20
	maxYears      = 40
	maxOutputs    = 20
)

// Report is what the page shows, gathered from analyze outputs by Build.
type Report struct {
	// Dirs are the output directories read, in order; Meta their
	// key/value metadata (tables.ReadMetadata: the haifu version that
	// wrote them, the inputs, the rules, the shard).
	Dirs []string
	Meta []map[string]string
	// By is the summary grouped by Options.By; ByLobby and ByYear the
	// figures of games and hands grouped by lobby and by year, what the
	// charts by lobby and by year draw (each may be By itself, whole): they
	// are given the games and rounds tables only, so their per-seat, win
	// and finding figures are empty.
	By, ByLobby, ByYear *stats.Summary
	// Read is what was read, beyond the summary's counts.
	Read Read
	// Findings are the checks that found something under some rule set,
	// in the order of haifu checks, with their first findings.
	Findings []CheckFindings
	// Errors are the inputs and games that could not be read (the errors
	// table), by kind.
	Errors []ErrorKindCount

	opt Options
}

// Read counts the games read (each game once, as the summary counts them:
// not read completely included, duplicates not) by format, platform and
// year, and gives the dates they cover.
type Read struct {
	Formats   map[string]int
	Platforms map[string]int
	// Years counts the games by games.start_year ("unknown" when none).
	Years map[string]int
	// First and Last are the start times of the earliest and the latest
	// game (Unix milliseconds, UTC), Dated the games with one.
	First, Last int64
	Dated       int
}

// CheckFindings are the findings of one check (of one severity): their
// number under each rule set (the summary's) and the first of them.
type CheckFindings struct {
	Check    string
	Severity string
	// Doc is what the check finds (haifu checks), "" for a check haifu
	// does not know.
	Doc      string
	Examples []Example
}

// Example is one finding shown on the page.
type Example struct {
	RuleSet  string
	Path     string
	GameID   string
	Round    string
	Seat     *int32
	Message  string
	Expected string
	Recorded string
	// Link is the finding's link to Tenhou's viewer (the discrepancies
	// table's link), "" when none.
	Link string
}

// ErrorKindCount counts the errors of one kind (ErrorKind) by the format
// detected, with the first of them.
type ErrorKindCount struct {
	Kind     string
	Count    int
	ByFormat map[string]int
	Example  string
}

// Build reads the analyze outputs dirs (the shards of one archive, say)
// once and gathers what the report shows, as haifu summary reads them: a
// directory given twice is an error (use tables.DistinctDirs first), and a
// game two outputs both hold is counted once.
func Build(dirs []string, opt Options) (*Report, error) {
	if len(dirs) == 0 {
		return nil, ErrNoOutputs
	}
	if err := stats.CheckBy(opt.By); err != nil {
		return nil, err
	}
	if opt.Examples <= 0 {
		opt.Examples = DefaultExamples
	}
	r := &Report{Dirs: slices.Clone(dirs), opt: opt}
	for _, d := range dirs {
		meta, err := tables.ReadMetadata(d)
		if err != nil {
			return nil, err
		}
		r.Meta = append(r.Meta, meta)
	}
	c := newCollector(r, opt)
	if err := tables.ReadOutputs(dirs, c); err != nil {
		return nil, err
	}
	for _, s := range c.sums {
		s.Finish()
	}
	for _, s := range c.hands {
		s.Finish()
	}
	c.finish()
	return r, nil
}

// Write reads the outputs dirs (Build) and writes their report to w.
func Write(w io.Writer, dirs []string, opt Options) error {
	r, err := Build(dirs, opt)
	if err != nil {
		return err
	}
	return r.WriteHTML(w)
}

// WriteFile writes the report of the outputs dirs to the file path, whole
// or not at all: into a temporary file beside it, renamed into place.
func WriteFile(path string, dirs []string, opt Options) error {
	r, err := Build(dirs, opt)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := r.WriteHTML(&b); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// errorKinds are the errors a message of the errors table may end with,
// each a kind of error.
var errorKinds = []error{
	parser.ErrUnknownFormat, parser.ErrWrongFormat,
	event.ErrTruncated, event.ErrSyntax, event.ErrValue, event.ErrUnsupported,
	source.ErrTooLarge, source.ErrTooManyEntries, source.ErrTooDeep, source.ErrNotRegular, source.ErrCorrupt,
}

// ErrorKind names the kind of an error of the errors table (or of
// games.error) by the error its message ends with, the one the decoder or
// the reading wrapped: "not a game log", "log ends before the game does",
// "syntax error", "invalid value", "unsupported", the limits' ("size limit
// exceeded", …) or "corrupt compressed data or archive"; "other" for
// another (a file that cannot be opened, say).
func ErrorKind(msg string) string {
	for _, e := range errorKinds {
		if strings.HasSuffix(msg, e.Error()) {
			return e.Error()
		}
	}
	return "other"
}

// collector takes the rows of the outputs (a tables.Sink) into the
// summaries and what the report counts beside them.
type collector struct {
	r   *Report
	opt Options
	// sums are the summaries given every table; hands those given the
	// games and rounds tables only (ByLobby and ByYear when not By).
	sums, hands []*stats.Summary
	// firstSet is the rule set whose games rows count the games (the
	// summary's first).
	firstSet string
	// findings holds each check's findings, by severity and check.
	findings map[[2]string]*CheckFindings
	errs     map[string]*ErrorKindCount
}

func newCollector(r *Report, opt Options) *collector {
	c := &collector{r: r, opt: opt,
		findings: map[[2]string]*CheckFindings{}, errs: map[string]*ErrorKindCount{}}
	r.By = stats.NewSummary(opt.By...)
	if opt.MinHands > 0 {
		r.By.SetMinHands(opt.MinHands)
	}
	c.sums = []*stats.Summary{r.By}
	pick := func(dim string) *stats.Summary {
		if slices.Equal(r.By.By, []string{dim}) {
			return r.By
		}
		s := stats.NewSummary(dim)
		c.hands = append(c.hands, s)
		return s
	}
	r.ByLobby, r.ByYear = pick("lobby"), pick("year")
	r.Read = Read{Formats: map[string]int{}, Platforms: map[string]int{}, Years: map[string]int{}}
	return c
}

// NextOutput: the rows that follow are of the next output.
func (c *collector) NextOutput() {
	for _, s := range c.sums {
		s.NextOutput()
	}
	for _, s := range c.hands {
		s.NextOutput()
	}
}

// AddGame counts a games row: into the summaries, and (a game of the first
// rule set, not a duplicate) into what was read.
func (c *collector) AddGame(g *stats.GameRow) {
	for _, s := range c.sums {
		s.AddGame(g)
	}
	for _, s := range c.hands {
		s.AddGame(g)
	}
	if c.firstSet == "" {
		c.firstSet = g.RuleSet
	}
	// A game of an earlier output is counted there (By found it a
	// duplicate, as the other summaries did).
	if g.RuleSet != c.firstSet || g.Duplicate || g.GameIndex == nil || c.r.By.Duplicate(g.Path, *g.GameIndex) {
		return
	}
	rd := &c.r.Read
	rd.Formats[g.Format]++
	rd.Platforms[g.Platform]++
	year := "unknown"
	if g.Year != nil {
		year = fmt.Sprint(*g.Year)
	}
	rd.Years[year]++
	if g.StartTime != nil {
		t := *g.StartTime
		if rd.Dated == 0 || t < rd.First {
			rd.First = t
		}
		if rd.Dated == 0 || t > rd.Last {
			rd.Last = t
		}
		rd.Dated++
	}
}

// AddRound counts a rounds row into the summaries.
func (c *collector) AddRound(r *stats.RoundRow) {
	for _, s := range c.sums {
		s.AddRound(r)
	}
	for _, s := range c.hands {
		s.AddRound(r)
	}
}

// AddSeat counts a seats row into the summaries.
func (c *collector) AddSeat(r *stats.SeatRow) {
	for _, s := range c.sums {
		s.AddSeat(r)
	}
}

// AddWin counts a wins row into the summaries.
func (c *collector) AddWin(r *stats.WinRow) {
	for _, s := range c.sums {
		s.AddWin(r)
	}
}

// AddDiscrepancy counts a finding into the summaries, and keeps it when
// its check has fewer examples than asked for.
func (c *collector) AddDiscrepancy(d *stats.DiscrepancyRow) {
	for _, s := range c.sums {
		s.AddDiscrepancy(d)
	}
	if c.r.By.Duplicate(d.Path, d.GameIndex) {
		return
	}
	k := [2]string{d.Severity, d.CheckName}
	f := c.findings[k]
	if f == nil {
		f = &CheckFindings{Check: strings.Clone(d.CheckName), Severity: strings.Clone(d.Severity)}
		c.findings[k] = f
	}
	if len(f.Examples) >= c.opt.Examples {
		return
	}
	ex := Example{RuleSet: strings.Clone(d.RuleSet), Path: strings.Clone(d.Path), Message: clip(d.Message, MaxMessage),
		Expected: clip(deref(d.Expected), MaxMessage/2), Recorded: clip(deref(d.Recorded), MaxMessage/2), Link: viewerLink(d)}
	ex.GameID, ex.Round = strings.Clone(deref(d.GameID)), strings.Clone(deref(d.Round))
	if d.Seat != nil {
		seat := *d.Seat
		ex.Seat = &seat
	}
	f.Examples = append(f.Examples, ex)
}

// AddError counts an errors row by its kind.
func (c *collector) AddError(e *stats.ErrorRow) {
	kind := ErrorKind(e.Error)
	k := c.errs[kind]
	if k == nil {
		k = &ErrorKindCount{Kind: kind, ByFormat: map[string]int{}, Example: clip(e.Error, MaxMessage)}
		c.errs[kind] = k
	}
	k.Count++
	k.ByFormat[strings.Clone(e.Format)]++
}

// finish puts the findings in the order of haifu checks and the errors
// by number.
func (c *collector) finish() {
	order := knownChecks()
	for _, f := range c.findings {
		if ck, ok := order[f.Check]; ok {
			f.Doc = ck.Doc()
		}
		c.r.Findings = append(c.r.Findings, *f)
	}
	slices.SortFunc(c.r.Findings, func(a, b CheckFindings) int {
		if a.Severity != b.Severity {
			return strings.Compare(severityRank(a.Severity), severityRank(b.Severity))
		}
		oa, aok := order[a.Check]
		ob, bok := order[b.Check]
		switch {
		case aok && bok && oa != ob:
			return int(oa) - int(ob)
		case aok != bok:
			if aok {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Check, b.Check)
	})
	for _, k := range c.errs {
		c.r.Errors = append(c.r.Errors, *k)
	}
	slices.SortFunc(c.r.Errors, func(a, b ErrorKindCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Kind, b.Kind)
	})
}

// severityRank orders discrepancies before undetermined findings.
func severityRank(s string) string {
	if s == stats.SeverityUndetermined {
		return "1" + s
	}
	return "0" + s
}

// clip cuts s to at most n bytes (on a character boundary), with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return strings.Clone(s)
	}
	i := n
	for i > 0 && !utf8Start(s[i]) {
		i--
	}
	return s[:i] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ErrNoOutputs: Build was given no output directory.
var ErrNoOutputs = errors.New("no output directory")
