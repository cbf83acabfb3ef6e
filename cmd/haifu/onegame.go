package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/source"
)

// runOneGame is the part replay and wall share: it takes the command's
// --round and --format flags and its one PATH, reads the single game at
// PATH and calls print with it and the hand asked for (0: every hand).
// print reports whether it found anything (exit 1). A game that can be read
// only in part is printed as far as it goes, with the error.
func runOneGame(ctx context.Context, e *env, fs *flag.FlagSet, args []string, print func(w *bufio.Writer, g *event.Game, round int) (bool, error)) int {
	name := fs.Name()
	round := fs.Int("round", 0, "print only hand `N` (1 = the first hand of the game)")
	format := formatFlag(e, fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	f, ok := format()
	if !ok {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(e.stderr, "haifu %s: give exactly one PATH\n", name)
		return exitUsage
	}
	if *round < 0 {
		fmt.Fprintf(e.stderr, "haifu %s: --round %d: hands count from 1\n", name, *round)
		return exitUsage
	}
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	dec := parser.Decoder{Format: f}
	var g event.Game
	n := 0
	status := exitOK
	err := parser.Walk(fs.Args(), parser.Options{Source: source.Options{Stdin: e.stdin, Context: ctx}}, func(in parser.Input) error {
		if n++; n > 1 {
			return fmt.Errorf("%s: more than one game; give a single log", in.Path)
		}
		if in.Err != nil {
			return in.Err
		}
		if derr := dec.Decode(&in, &g); derr != nil {
			fmt.Fprintf(e.stderr, "haifu: %v\n", event.ClipError(derr))
			status = exitFound
		}
		if *round > len(g.Rounds) {
			status = exitUsage
			return fmt.Errorf("--round %d: %s has %d hands", *round, in.Path, len(g.Rounds))
		}
		found, err := print(w, &g, *round)
		if found {
			status = exitFound
		}
		if err != nil {
			return err
		}
		return ctx.Err()
	})
	if err != nil {
		w.Flush()
		fmt.Fprintf(e.stderr, "haifu %s: %v\n", name, event.ClipError(err))
		if status == exitUsage {
			return exitUsage
		}
		return exitFound
	}
	return status
}
