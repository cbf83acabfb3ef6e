package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/event"
)

func runEvents(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "events", "[--format auto|mjlog|tenhou6|majsoul|mjai] [-j N] PATH...",
		`Writes the canonical events of every game as JSON lines on standard output:
one object per event with a "type" (game_start, round_start, draw, discard,
riichi, riichi_accepted, call, closed_kan, added_kan, kita, dora, win,
ryuukyoku, game_end, disconnect, reconnect, broken), tiles in mpsz notation (5m, 0p
for a red five, 7z) and seats 0-3. A game that cannot be read completely is
reported on standard error after the events that could be read.

Exit status: 0 when every input was read completely, 1 when one could not
be, 2 on a usage error, 130 when interrupted (SIGINT; 143 on SIGTERM).`)
	format := formatFlag(e, fs)
	jobs := addJobsFlag(fs, "use `N` CPUs, 1 to 256 (or the number of CPUs, if more): parallel workers (default: all); the output is the same whatever it is")
	limits := addLimitFlags(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	walk, ok := limits.walkOptions(e, "events", format)
	if !ok {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu events: no PATH given (use - for standard input)")
		return exitUsage
	}
	setDecodeOnlyRuntime(jobs.n)
	w := bufio.NewWriterSize(e.stdout, 1<<16)
	sink := &eventsSink{w: w, stderr: e.stderr}
	_, err := batch.Each[eventsOut](ctx, fs.Args(), batch.Options{Jobs: jobs.n, Format: walk.Format, DecodeOnly: true, Walk: walk}, sink)
	failed := sink.failed
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if ctx.Err() != nil {
		fmt.Fprintln(e.stderr, "haifu events: interrupted")
		return exitInterrupted
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "haifu events: %v\n", err)
		return exitFound
	}
	if failed > 0 {
		return exitFound
	}
	return exitOK
}

// setDecodeOnlyRuntime sets the garbage collector and the CPUs of a
// command that decodes games and writes them out (events, convert),
// with -j jobs (0: all CPUs). GOGC and GOMEMLIMIT in the environment
// override it.
func setDecodeOnlyRuntime(jobs int) {
	if os.Getenv("GOGC") == "" {
		// Every input is a new buffer (and every game's output) while
		// what stays live is a game per worker: collecting at five times
		// the live heap instead of twice does a quarter of the
		// collections (12 % less time on the corpus) for about 12 MB
		// more memory.
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit keeps a hostile input (a game near the size
		// limit) from taking five times its size.
		debug.SetMemoryLimit(memoryLimit(max(jobs, runtime.GOMAXPROCS(0))))
	}
	if jobs > 0 {
		runtime.GOMAXPROCS(jobs)
	}
}

// eventsSink writes the events of each game, in input order, and the error
// of a game that could not be read completely after them.
type eventsSink struct {
	w      *bufio.Writer
	stderr io.Writer
	failed int
}

// eventsOut is one input's events as JSON lines, and its error.
type eventsOut struct {
	b   []byte
	err error
}

// Take writes the events of one game as JSON lines.
func (s *eventsSink) Take(r *batch.Result, prev eventsOut) eventsOut {
	o := eventsOut{b: prev.b[:0], err: r.Err}
	g := r.Game
	for i := range g.Events {
		o.b = event.AppendJSON(o.b, g, i)
		o.b = append(o.b, '\n')
	}
	return o
}

// Write writes one game's events, then its error on standard error.
func (s *eventsSink) Write(o eventsOut) error {
	if _, err := s.w.Write(o.b); err != nil {
		return err
	}
	if o.err != nil {
		s.failed++
		// Keep the order of output and messages when both go to a
		// terminal.
		if err := s.w.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(s.stderr, "haifu: %v\n", o.err)
	}
	return nil
}

// formatFlag defines --format on fs and returns the function that reads it
// once fs is parsed: the format ("auto" is event.FormatUnknown), or false
// after an unknown one is reported on e.stderr.
func formatFlag(e *env, fs *flag.FlagSet) func() (event.Format, bool) {
	s := fs.String("format", "auto", "the input `FORMAT`: auto, mjlog, tenhou6, majsoul or mjai")
	return func() (event.Format, bool) {
		if *s == "auto" || *s == "" {
			return event.FormatUnknown, true
		}
		f, ok := event.ParseFormat(*s)
		if !ok || f == event.FormatUnknown {
			fmt.Fprintf(e.stderr, "haifu %s: unknown --format %q (want auto, mjlog, tenhou6, majsoul, mjai)\n", fs.Name(), *s)
			return 0, false
		}
		return f, true
	}
}
