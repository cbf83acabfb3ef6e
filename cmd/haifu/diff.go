package main

import (
	"bufio"
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	lib "github.com/haifu/haifu"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
)

func runDiff(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "diff", "[--all] [--json] [--format F] A B",
		`Compares two logs of the same game, A and B, in any formats haifu reads
(an mjlog and its tenhou.net/6 download, a Tenhou log and an mjai
conversion of it, a log and what a converter wrote from it). Each hand is
matched, in order, by its deal (the dora indicator and the starting
hands), else by its round and dealer; for each hand that differs, the first
difference is printed: the index of its event in each log (as haifu events
numbers them, from 0) and what each log says there, then how many of the
hand's later facts have no equal in the other log. A hand only one log has
is a difference; so are the players, the log id, the names and the final
result when both logs record them and they differ. With --all, every run of
differing facts is printed (as a unified diff has hunks), each with the
number of facts of each log it holds.

What either format cannot carry is left out of the comparison and named
(the order of the starting hands in tenhou.net/6, disconnections and the
liable player in mjai, ...); a value one log records and the other does
not (the fu of a limit hand in tenhou.net/6, the dice in mjai) agrees with
anything, and the last lines count them. A and B may each hold several
games: they are compared in order, the first with the first.

With --json, standard output has one JSON object per line: a "difference"
(a, b, game, hand, round, only: "a", "b" or null, event_a, event_b,
a_says, b_says, unmatched_a, unmatched_b) for each hand that differs and a
"summary" (a, b, game, format_a, format_b, hands, hands_differ, agree,
left_out, only_a, only_b) for each pair of games.

Exit status: 0 when the logs agree on everything both can carry, 1 when
they differ (or a log could not be read completely, or one has more games),
2 on a usage error, 130 when interrupted.`)
	asJSON := fs.Bool("json", false, "write the differences and a summary as JSON lines")
	all := fs.Bool("all", false, "print every run of differing facts of a hand, not only the first difference")
	format := formatFlag(e, fs)
	limits := addLimitFlags(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	walk, ok := limits.walkOptions(e, "diff", format)
	if !ok {
		return exitUsage
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(e.stderr, "haifu diff: give two logs, A and B")
		return exitUsage
	}
	pa, pb := fs.Arg(0), fs.Arg(1)
	opt := &lib.Options{Format: walk.Format, Walk: walk}
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	status := exitOK
	report := func(err error) {
		w.Flush()
		fmt.Fprintf(e.stderr, "haifu diff: %v\n", err)
		status = exitFound
	}
	// games yields the games of a log, reporting the inputs that hold none.
	games := func(p string) iter.Seq2[*event.Game, error] {
		return func(yield func(*event.Game, error) bool) {
			for g, err := range lib.Games(ctx, lib.Paths(p), opt) {
				if err != nil && len(g.Events) == 0 {
					report(err)
					continue
				}
				if !yield(g, err) {
					return
				}
			}
		}
	}
	nextB, stopB := iter.Pull2(games(pb))
	defer stopB()
	cmp := logdiff.Comparer{All: *all}
	n := 0
	for ga, erra := range games(pa) {
		gb, errb, ok := nextB()
		if !ok {
			report(fmt.Errorf("%s has more games than %s (%d)", pa, pb, n))
			break
		}
		for _, err := range []error{erra, errb} {
			if err != nil {
				report(fmt.Errorf("%v (compared as far as it was read)", err))
			}
		}
		drop := parser.Lacks(ga) | parser.Lacks(gb) | logdiff.YakuOrder
		r := cmp.Compare(ga, gb, drop)
		if !r.Equal() {
			status = exitFound
		}
		if *asJSON {
			writeDiffJSON(w, pa, pb, n, ga, gb, drop, r)
		} else {
			writeDiffText(w, pa, pb, n, ga, gb, drop, r, *all)
		}
		n++
	}
	if ctx.Err() != nil {
		w.Flush()
		fmt.Fprintln(e.stderr, "haifu diff: interrupted")
		return exitInterrupted
	}
	if _, _, ok := nextB(); ok {
		report(fmt.Errorf("%s has more games than %s (%d)", pb, pa, n))
	}
	if n == 0 && status == exitOK {
		report(fmt.Errorf("no game to compare"))
	}
	return status
}

// writeDiffText writes the comparison of game n of A and B for people.
func writeDiffText(w *bufio.Writer, pa, pb string, n int, ga, gb *event.Game, drop logdiff.Fields, r *logdiff.Result, all bool) {
	name := func(p string, g *event.Game) string {
		s := p
		if g.Meta.Several {
			s += ": game " + strconv.Itoa(g.Meta.GameIndex)
		}
		return s + " (" + g.Meta.Format.String() + ")"
	}
	fmt.Fprintf(w, "A: %s\nB: %s\n", name(pa, ga), name(pb, gb))
	for _, d := range r.Diffs {
		where := "game"
		if d.Round != "" {
			where = "round " + d.Round
		}
		if d.Only != 0 {
			side := "A"
			if d.Only == 2 {
				side = "B"
			}
			fmt.Fprintf(w, "%s: only in %s (event %d: %s; %d facts)\n", where, side, d.Event[d.Only-1], d.Says[d.Only-1], d.Unmatched[d.Only-1])
			continue
		}
		what := "first difference"
		if all {
			what = "difference"
		}
		fmt.Fprintf(w, "%s: %s at event %s of A, event %s of B\n", where, what, eventIndex(d.Event[0]), eventIndex(d.Event[1]))
		fmt.Fprintf(w, "  A: %s\n  B: %s\n", orNothing(d.Says[0]), orNothing(d.Says[1]))
		if all {
			fmt.Fprintf(w, "  facts in this run: %d of A, %d of B\n", d.Unmatched[0], d.Unmatched[1])
		} else {
			fmt.Fprintf(w, "  from here, facts of the hand with no equal in the other log: %d of A, %d of B\n", d.Unmatched[0], d.Unmatched[1])
		}
	}
	differ := differingHands(r)
	verdict := "the logs agree on everything both can carry"
	if !r.Equal() {
		verdict = "the logs differ in " + plural(len(r.Diffs), "place")
	}
	fmt.Fprintf(w, "%s (%d hands compared, %d differ)\n", verdict, r.Hands, differ)
	fmt.Fprintf(w, "left out (what %v or %v cannot carry): %s\n", ga.Meta.Format, gb.Meta.Format, drop.Describe())
	fmt.Fprintf(w, "only A records: %s\nonly B records: %s\n", counted(&r.Lost), counted(&r.Gained))
}

// eventIndex writes an event index, "-" for none.
func eventIndex(i int) string {
	if i < 0 {
		return "-"
	}
	return strconv.Itoa(i)
}

// orNothing writes what a log says, or that it says nothing more there.
func orNothing(s string) string {
	if s == "" {
		return "(nothing: the part ends here)"
	}
	return s
}

// counted describes counts by field ("the dice (9), the fu of a win (3)"),
// or "nothing".
func counted(c *logdiff.Counts) string {
	var parts []string
	c.Each(func(f logdiff.Fields, n int) {
		parts = append(parts, fmt.Sprintf("%s (%d)", f.Describe(), n))
	})
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// writeDiffJSON writes the comparison of game n of A and B as JSON lines.
func writeDiffJSON(w *bufio.Writer, pa, pb string, n int, ga, gb *event.Game, drop logdiff.Fields, r *logdiff.Result) {
	var b []byte
	head := func(typ string) {
		b = append(b[:0], `{"type":"`...)
		b = append(b, typ...)
		b = append(b, `","a":`...)
		b = event.AppendJSONString(b, pa)
		b = append(b, `,"b":`...)
		b = event.AppendJSONString(b, pb)
		b = append(b, `,"game":`...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	key := func(k string) {
		b = append(b, `,"`...)
		b = append(b, k...)
		b = append(b, `":`...)
	}
	num := func(k string, v int) {
		key(k)
		b = appendIntOrNull(b, v, v >= 0)
	}
	str := func(k, v string) {
		key(k)
		b = appendStringOrNull(b, v)
	}
	for _, d := range r.Diffs {
		head("difference")
		num("hand", d.Hand)
		str("round", d.Round)
		str("only", [3]string{"", "a", "b"}[d.Only])
		num("event_a", d.Event[0])
		num("event_b", d.Event[1])
		str("a_says", d.Says[0])
		str("b_says", d.Says[1])
		num("unmatched_a", d.Unmatched[0])
		num("unmatched_b", d.Unmatched[1])
		w.Write(append(b, "}\n"...))
	}
	differ := differingHands(r)
	head("summary")
	str("format_a", ga.Meta.Format.String())
	str("format_b", gb.Meta.Format.String())
	num("hands", r.Hands)
	num("hands_differ", differ)
	key("agree")
	b = strconv.AppendBool(b, r.Equal())
	key("left_out")
	b = append(b, '[')
	if drop != 0 { // drop.String() is "none"
		for i, name := range strings.Split(drop.String(), "|") {
			if i > 0 {
				b = append(b, ',')
			}
			b = event.AppendJSONString(b, name)
		}
	}
	b = append(b, ']')
	for _, side := range []struct {
		key string
		c   *logdiff.Counts
	}{{"only_a", &r.Lost}, {"only_b", &r.Gained}} {
		key(side.key)
		b = append(b, '{')
		first := true
		side.c.Each(func(f logdiff.Fields, k int) {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = event.AppendJSONString(b, f.String())
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(k), 10)
		})
		b = append(b, '}')
	}
	w.Write(append(b, "}\n"...))
}

// plural writes n and a noun, with an s when n is not 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// differingHands counts the hands that differ (with --all a hand may have
// several differences).
func differingHands(r *logdiff.Result) int {
	type hand struct {
		round string
		index int
	}
	n, last := 0, hand{}
	for _, d := range r.Diffs {
		if h := (hand{d.Round, d.Hand}); d.Round != "" && h != last {
			n++
			last = h
		}
	}
	return n
}
