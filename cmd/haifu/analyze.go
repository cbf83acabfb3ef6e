package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/report"
	"github.com/haifu/haifu/source"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
	"golang.org/x/term"
)

func runAnalyze(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "analyze", "[--rules RULES[,RULES...]] [--checks PASSES] [-j N] [--shard K/N] [--index INDEX_DIR] [--by DIMS] [--report] -o DIR PATH...",
		`Reads every game under PATH, replays and judges it, writes the tables
games, rounds, seats, wins, discrepancies and errors to DIR, each a directory of
Parquet part files (DIR/games/part-00000.parquet, ...), and prints the
summary (exhaustive-draw rate, abortive draws, tenpai at draws, noten
payments, dealer continuation, what the rules change, per-seat win,
deal-in, riichi, call and tenpai rates, each rate with its 95% Wilson
interval; discrepancies by check; split by platform, players and length).

--rules takes several rule sets, comma-separated: --rules auto,wrc,mleague
judges every game under its own rules, WRC's and M-League's in one pass
(each game is decoded and replayed once). Every table has a rule_set
column; a comparison is one GROUP BY rule_set. 4p=NAME and 3p=NAME make
one rule set by number of players (--rules 4p=wrc,3p=tenhou-sanma), and
so does a mapping file: a TOML file with a [players] table, 4 = "wrc" and
3 = "tenhou-sanma" (and name = "..." to name it). A rule set for another
number of players does not apply to a game: the game is counted as not
applicable under it and is in none of its figures. Under rules that are
not the log's own, every figure counts the hands the rules judged (before
the game's first divergence and up to the rules' end of the game): the
summary gives the hands judged and those past a divergence by reason.

Each game is counted once: a PATH given twice or inside another PATH is
read once, and a game whose game_id was read before in the run (the same
log in two files) is warned of and counted once (games.duplicate).

Years (--by year, games.start_year) are on the platform's clock: Japan time for
Tenhou (the clock of its log ids: a game of New Year's morning in Japan
is of the new year), UTC for the others. --by player adds each player's
per-seat rates (by name; players with at least --min-hands judged hands).

-j N uses N CPUs: N workers judge games while one goroutine walks the
inputs and one per table encodes it, all on at most N cores. The output is the
same whatever -j is. --shard K/N (K from 0 to N-1) keeps
the inputs whose index in the walk is K modulo N, so that N machines given
the same PATHs split an archive; their DIRs are read together as one data
set. When standard error is a terminal, a progress bar shows the games
done, games/s, the share of the input bytes read and the time left.

--checks runs some of the passes of checks only (see haifu verify): the
discrepancies table then holds the findings of those passes, and without
the wall pass no wall is built (the wall columns of games and rounds say
nothing was checked).

--index INDEX_DIR joins an archive index (haifu archive index) to the games
by log id: games gets index_lobby, index_start_time (to the minute) and
index_placements (each seat's final place in the listing).

--report writes the report of the tables beside them, DIR.html (haifu
report: one HTML page of charts, grouped by --by), once the tables are in
place. DIR.html is never read as input.

The output directory is replaced as a whole when the run completes: the
tables are written into a hidden directory beside it, synced to the disk,
and put in place, so an interrupted or crashed run (or a power cut) leaves
the earlier output as it was. DIR must be new, empty or an earlier output:
one that holds anything haifu did not write (a file of yours in
DIR/games/) is refused, naming it, and nothing of it is removed. A DIR
that is a symbolic link is written through: the directory it names is
replaced, the link stays. A DIR under a PATH is not read as input.

Exit status: 0 when every input was read and judged, 1 when an input could
not be read (its errors row says why; the tables are written all the
same), 2 on a usage error, 130 when interrupted (SIGINT; 143 on SIGTERM),
with the output directory left as it was.

Memory does not grow with the number of games (about 120 MB with one
worker, 130 MB with two): each table is a directory of part files, written
a row group at a time, and the garbage collector gets a soft limit of 96
MiB plus 16 MiB per worker and 32 MiB per rule set beyond the first (the
environment variable GOMEMLIMIT overrides it).`)
	rulesFlag := fs.String("rules", "auto", "the `RULES`, comma-separated: auto (each log's own), a preset name (see haifu rules), a TOML file, or 4p=NAME,3p=NAME")
	minHands := fs.Int("min-hands", stats.DefaultMinHands, "with --by player, list the players with at least `N` judged hands")
	checks := addChecksFlag(fs)
	jobs := addJobsFlag(fs, "use `N` CPUs, 1 to 256 (or the number of CPUs, if more): parallel workers, and the cap on cores (default: all)")
	out := addOutputFlag(fs, "", "write the Parquet tables to `DIR` (required)")
	shard := fs.String("shard", "", "`K/N`: process only the K-th of N parts of the inputs (0 <= K < N)")
	format := formatFlag(e, fs)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	by := fs.String("by", strings.Join(stats.DefaultBy, ","), "group the summary's games by `DIMS`: some of year (Japan time for Tenhou), lobby, platform, players, length; player adds per-player rates")
	indexDir := fs.String("index", "", "an `INDEX_DIR` (haifu archive index) to join to the games by log id")
	withReport := fs.Bool("report", false, "write the report (haifu report) beside the tables, to DIR.html")
	limits := addLimitFlags(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	f, ok := format()
	if !ok {
		return exitUsage
	}
	if *out == "" || fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu analyze: need -o DIR and at least one PATH")
		return exitUsage
	}
	if jobs.n > 0 {
		// -j N uses N cores in all: the input walk and the table writer
		// share them with the N workers.
		runtime.GOMAXPROCS(jobs.n)
	}
	// The output is never read back as input, when it lies under a
	// directory to analyze.
	opt := batch.Options{Jobs: jobs.n, Format: f, Passes: checks.passes, Walk: parser.Options{Source: source.Options{Stdin: e.stdin, Skip: []string{*out, reportPath(*out)}}, Format: f}}
	if err := limits.apply(&opt.Walk); err != nil {
		fmt.Fprintf(e.stderr, "haifu analyze: %v\n", err)
		return exitUsage
	}
	if *shard != "" {
		k, n, ok := strings.Cut(*shard, "/")
		ki, err1 := strconv.Atoi(k)
		ni, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
			fmt.Fprintf(e.stderr, "haifu analyze: --shard %q: want K/N with 0 <= K < N\n", *shard)
			return exitUsage
		}
		opt.Shard, opt.Shards = ki, ni
	}
	dims := strings.Split(*by, ",")
	if err := stats.CheckBy(dims); err != nil {
		fmt.Fprintf(e.stderr, "haifu analyze: --by: %v\n", err)
		return exitUsage
	}
	// A PATH given twice, or inside another, is read once.
	paths, overlaps := batch.DistinctInputs(fs.Args())
	for _, o := range overlaps {
		fmt.Fprintf(e.stderr, "haifu analyze: warning: %v\n", o)
	}
	inputs, _ := json.Marshal(fs.Args()) // a list of strings always encodes
	meta := map[string]string{tables.MetaRules: *rulesFlag, tables.MetaVersion: version(), tables.MetaInputs: string(inputs)}
	sets, err := adjudicator.ParseRuleSets(*rulesFlag)
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu analyze: --rules: %v\n", err)
		return exitUsage
	}
	opt.RuleSets = sets
	if os.Getenv("GOMEMLIMIT") == "" {
		// What a run holds is bounded (a row group per table, a part file's
		// metadata, the games in flight), but a garbage collector that lets
		// the heap grow to twice what it found live reaches higher peaks
		// the longer it runs. A soft limit a little above the bound keeps
		// the peak where it is; a game that needs more still gets it. The
		// games in flight hold rows of every rule set: 32 MiB more for
		// each beyond the first (at the limit of one, three rule sets
		// spent a tenth of their time collecting).
		debug.SetMemoryLimit(memoryLimit(runtime.GOMAXPROCS(0)) + int64(32*(len(sets)-1))<<20)
	}
	if len(sets) == 1 {
		if r := sets[0].Fixed(); r != nil {
			meta[tables.MetaRulesTOML] = r.String()
		}
	}
	if opt.Shards > 1 {
		meta[tables.MetaShard] = *shard
	}
	var index archiveIndex
	if *indexDir != "" {
		var err error
		if index, err = loadIndex(*indexDir); err != nil {
			fmt.Fprintf(e.stderr, "haifu analyze: --index: %v\n", err)
			return exitFound
		}
		meta[tables.MetaIndex] = *indexDir
	}
	w, err := tables.NewWriter(*out, meta)
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu analyze: %v\n", err)
		return exitFound
	}
	sum := stats.NewSummary(dims...)
	sum.SetMinHands(*minHands)
	sink := &analyzeSink{w: w, sum: sum, index: index, stderr: e.stderr}
	if isTerminal(e.stderr) {
		p := newProgress(e.stderr, 0, fs.Args(), opt.Walk.Source.Skip, e.stdin, time.Now())
		opt.Walk.Source.BytesRead = &p.read
		opt.Progress = p.update
		defer p.done()
	}
	counts, err := batch.RunSets(ctx, paths, opt, sink)
	if ctx.Err() != nil {
		w.Abort()
		fmt.Fprintf(e.stderr, "haifu analyze: interrupted after %d inputs; %s left as it was\n", counts.Inputs, *out)
		return exitInterrupted
	}
	if err != nil {
		w.Abort()
		fmt.Fprintf(e.stderr, "haifu analyze: %v\n", err)
		return exitFound
	}
	if err := w.Close(); err != nil {
		fmt.Fprintf(e.stderr, "haifu analyze: %v\n", err)
		return exitFound
	}
	sum.Finish()
	if err := writeSummary(e.stdout, sum, *asJSON); err != nil {
		fmt.Fprintf(e.stderr, "haifu analyze: %v\n", err)
		return exitFound
	}
	if *withReport {
		if err := report.WriteFile(reportPath(*out), []string{*out}, report.Options{By: dims, MinHands: *minHands}); err != nil {
			fmt.Fprintf(e.stderr, "haifu analyze: --report: %v\n", err)
			return exitFound
		}
	}
	undetermined := ""
	if counts.Undetermined > 0 {
		undetermined = fmt.Sprintf(" (and %d undetermined)", counts.Undetermined)
	}
	joined := ""
	if index != nil {
		joined = fmt.Sprintf("; %d games found in the index (%d with placements)", sink.indexed, sink.placed)
	}
	if sink.dups.N > 0 {
		fmt.Fprintf(e.stderr, "haifu analyze: warning: %d games had a game_id read before (the same log in two files): each counted once (games.duplicate)\n", sink.dups.N)
	}
	fmt.Fprintf(e.stderr, "analyzed %s; %d rounds, %d discrepancies%s%s; tables in %s\n",
		inputsRead(counts.Inputs, counts.Games, counts.Judged, counts.NotRead, counts.Unreadable),
		counts.Rounds, counts.Discrepancies, undetermined, joined, *out)
	if counts.Failed > 0 {
		return exitFound
	}
	return exitOK
}

// inputsRead says what became of the inputs: "35 inputs: 35 games judged"
// when every game was read whole, and the games not read completely and the
// unreadable inputs only when there are any, so that a clean run's last line
// names no failure.
func inputsRead(inputs, games, judged, notRead, unreadable int) string {
	s := fmt.Sprintf("%d inputs: %d games judged", inputs, games)
	if notRead > 0 || judged != games {
		s = fmt.Sprintf("%d inputs: %d games (%d judged, %d not read completely)", inputs, games, judged, notRead)
	}
	switch {
	case unreadable == 1:
		s += " and 1 unreadable input"
	case unreadable > 1:
		s += fmt.Sprintf(" and %d unreadable inputs", unreadable)
	}
	return s
}

// analyzeSink writes rows to the Parquet tables and the summary.
type analyzeSink struct {
	w   *tables.Writer
	sum *stats.Summary
	// index, when not nil, is joined to the games; indexed and placed
	// count the games found in it and those given placements.
	index           archiveIndex
	indexed, placed int
	// dups finds the games whose game_id was read before; the first
	// warnings go to stderr.
	dups   stats.GameIDs
	stderr io.Writer
}

// maxDuplicateWarnings is the number of duplicate games named one by one.
const maxDuplicateWarnings = 20

// Write joins the index to one input's games rows, marks a game read
// before, writes the rows to the tables and counts them into the summary.
func (s *analyzeSink) Write(r *stats.InputRows) error {
	if len(r.Sets) > 0 {
		if g := &r.Sets[0].Game; g.GameID != nil && g.GameIndex != nil && s.dups.Seen(*g.GameID) {
			if s.dups.N <= maxDuplicateWarnings {
				fmt.Fprintf(s.stderr, "haifu analyze: warning: %s: game %d is %s, read before: counted once\n", g.Path, *g.GameIndex, *g.GameID)
			}
			r.MarkDuplicate()
		}
	}
	for i := range r.Sets {
		if s.index != nil && s.index.join(&r.Sets[i].Game) && i == 0 {
			s.indexed++
			if r.Sets[i].Game.IndexPlacements != nil {
				s.placed++
			}
		}
	}
	s.sum.AddInput(r)
	return s.w.WriteInput(r)
}

func runSummary(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "summary", "[--json] [--by DIMS] [--min-hands N] DIR...",
		`Prints the summary of the Parquet tables in DIR again, as haifu analyze
printed it: for each rule set of the run, its figures, every rate with its
95% Wilson interval and its denominator named. Several DIRs (the shards of
one archive, analyzed with --shard) are read as one data set; a DIR given
twice is read once, and a game whose game_id an earlier DIR has is counted
once. --by chooses the groups of the table: any of year (the year on the
platform's clock: Japan time for Tenhou, UTC for others), lobby, platform,
players and length, comma-separated (default platform,players,length);
sanma and four-player games always have rows of their own ("all 3p", "all
4p"), and the "all" row does not mix their tenpai counts. player among
them adds each player's per-seat rates (by name, for players with at
least --min-hands judged hands).`)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	by := fs.String("by", strings.Join(stats.DefaultBy, ","), "group the games by `DIMS`: some of year (Japan time for Tenhou), lobby, platform, players, length; player adds per-player rates")
	minHands := fs.Int("min-hands", stats.DefaultMinHands, "with --by player, list the players with at least `N` judged hands")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu summary: give at least one DIR")
		return exitUsage
	}
	dims := strings.Split(*by, ",")
	if err := stats.CheckBy(dims); err != nil {
		fmt.Fprintf(e.stderr, "haifu summary: --by: %v\n", err)
		return exitUsage
	}
	dirs := distinctDirs(e, "summary", fs.Args())
	sum, err := tables.ReadSummaryMin(dirs, *minHands, dims...)
	if err == nil {
		err = writeSummary(e.stdout, sum, *asJSON)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu summary: %v\n", err)
		return exitFound
	}
	return exitOK
}

// writeSummary writes sum as a table, or as JSON.
func writeSummary(w io.Writer, sum *stats.Summary, asJSON bool) error {
	if asJSON {
		return sum.WriteJSON(w)
	}
	return sum.WriteText(w)
}

// isTerminal reports whether w is a terminal (golang.org/x/term).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// memoryLimit is the soft memory limit of an analysis with the given
// number of workers: 96 MiB, and 16 MiB for each worker's games in flight.
// It is about twice what a run holds live (the row groups being filled, a
// part file's metadata, the games in flight: 60 MB at -j 1), so that the
// collector runs as often as GOGC=100 would have it run and no more: at 64
// MiB it ran all the time, and analyze -j 1 took a third longer.
func memoryLimit(workers int) int64 { return int64(96+16*workers) << 20 }
