package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/haifu/haifu/report"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

func runReport(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "report", "[--by DIMS] [--min-hands N] [--examples N] [--title TEXT] -o FILE DIR...",
		`Writes the report of the Parquet tables in DIR (haifu analyze's output;
several DIRs, the shards of one archive, are read as one data set, as
haifu summary reads them) to FILE: one self-contained HTML page, its
charts inline SVG, no script and nothing fetched, readable offline and
printable. It shows what was read (inputs, games, hands, unreadable
inputs, formats, platforms, the dates covered); the exhaustive-draw rate
with its 95% interval by rule set and players, by lobby, by year and by
the groups of --by; the kinds of draw and abortive draw, tenpai at the
draw and the noten payments; the rule sets side by side (what each does
not apply to, where each diverges, what each changes); the per-seat rates
by standing at the hand's start; yaku and limit frequencies and the han
and fu distributions; the findings by check, a few examples each with its
viewer link (Tenhou's, for a log with a Tenhou id); the errors by kind.

Every figure is the summary's (haifu summary --json --by DIMS, and --by
lobby, --by year), and the page names where in a data-src attribute. The
same outputs give the same bytes. -o - writes the page to standard
output. haifu analyze --report writes it beside the tables.`)
	by := fs.String("by", strings.Join(stats.DefaultBy, ","), "the groups of the draw-rate chart, `DIMS` as haifu summary --by takes them: some of year, lobby, platform, players, length; player adds per-player rates")
	minHands := fs.Int("min-hands", stats.DefaultMinHands, "with --by player, list the players with at least `N` judged hands")
	examples := fs.Int("examples", report.DefaultExamples, "show `N` findings of each check")
	title := fs.String("title", "", "the page's `TEXT` title (default: haifu report)")
	out := addOutputFlag(fs, "", "write the report to `FILE` (- for standard output; required)")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if *out == "" || fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu report: need -o FILE and at least one DIR")
		return exitUsage
	}
	dims := strings.Split(*by, ",")
	if err := stats.CheckBy(dims); err != nil {
		fmt.Fprintf(e.stderr, "haifu report: --by: %v\n", err)
		return exitUsage
	}
	if *examples < 1 {
		fmt.Fprintf(e.stderr, "haifu report: --examples %d: want 1 or more\n", *examples)
		return exitUsage
	}
	dirs := distinctDirs(e, "report", fs.Args())
	opt := report.Options{By: dims, MinHands: *minHands, Examples: *examples, Title: *title}
	var err error
	if *out == "-" {
		err = report.Write(e.stdout, dirs, opt)
	} else {
		err = report.WriteFile(*out, dirs, opt)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu report: %v\n", err)
		return exitFound
	}
	if *out != "-" {
		if fi, err := os.Stat(*out); err == nil {
			fmt.Fprintf(e.stderr, "haifu report: %s (%d KB)\n", *out, (fi.Size()+1023)/1024)
		}
	}
	return exitOK
}

// distinctDirs returns the analyze output directories dirs without a
// directory given again, warning of each on e.stderr (summary and report
// read each once).
func distinctDirs(e *env, cmd string, dirs []string) []string {
	keep, dropped := tables.DistinctDirs(dirs)
	for _, d := range dropped {
		fmt.Fprintf(e.stderr, "haifu %s: warning: %s given again: read once\n", cmd, d)
	}
	return keep
}

// reportPath is where analyze --report writes the report of the output
// directory dir: beside it, dir + ".html".
func reportPath(dir string) string { return filepath.Clean(dir) + ".html" }
