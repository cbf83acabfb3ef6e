package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/wall"
)

func runWall(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "wall", "[--round N] [--format F] PATH",
		`Rebuilds the walls of one Tenhou game from the seed its log records
(verification level 5) and prints them, to read by eye: for each hand the
seed and the hand's place in its stream, the dice, each seat's starting hand
in deal order, the live wall in draw order beside the log's draws (a tile the
log has otherwise is marked), the last live tile, and the dead wall with the
use of each tile (replacement draws, dora and ura indicators). Tiles are
written as "id (mpsz)".

--round N prints only hand N (counting from 1 in the game's order). A hand
without a wall (a log with no seed, a seed of another generator, a format
without tile ids) is named with the reason.`)
	round := fs.Int("round", 0, "print only this hand (1 = the first hand of the game)")
	format := formatFlag(e, fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	f, ok := format()
	if !ok {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "haifu wall: give exactly one PATH")
		return exitUsage
	}
	if *round < 0 {
		fmt.Fprintf(e.stderr, "haifu wall: --round %d: hands count from 1\n", *round)
		return exitUsage
	}
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	dec := parser.Decoder{Format: f}
	var g event.Game
	n := 0
	status := exitOK
	err := parser.Walk(fs.Args(), parser.Options{Stdin: e.stdin}, func(in parser.Input) error {
		if n++; n > 1 {
			return fmt.Errorf("%s: more than one game; give a single log", in.Path)
		}
		if in.Err != nil {
			return in.Err
		}
		if derr := dec.Decode(&in, &g); derr != nil {
			fmt.Fprintf(e.stderr, "haifu: %v\n", derr)
			status = exitFound
		}
		if *round > len(g.Rounds) {
			status = exitUsage
			return fmt.Errorf("--round %d: %s has %d hands", *round, in.Path, len(g.Rounds))
		}
		for h := range g.Rounds {
			if *round > 0 && h != *round-1 {
				continue
			}
			if h > 0 && *round == 0 {
				fmt.Fprintln(w)
			}
			err := wall.WriteHand(w, &g, h)
			var nw *wall.NoWallError
			switch {
			case errors.As(err, &nw):
				fmt.Fprintf(w, "%v (%v)\n", err, g.Rounds[h].ID())
			case err != nil:
				return err
			}
		}
		return ctx.Err()
	})
	if err != nil {
		w.Flush()
		fmt.Fprintf(e.stderr, "haifu wall: %v\n", err)
		if status == exitUsage {
			return exitUsage
		}
		return exitFound
	}
	return status
}
