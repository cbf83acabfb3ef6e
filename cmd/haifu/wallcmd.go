package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/haifu/haifu/event"
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
	return runOneGame(ctx, e, fs, args, func(w *bufio.Writer, g *event.Game, round int) (bool, error) {
		for h := range g.Rounds {
			if round > 0 && h != round-1 {
				continue
			}
			if h > 0 && round == 0 {
				fmt.Fprintln(w)
			}
			err := wall.WriteHand(w, g, h)
			var nw *wall.NoWallError
			switch {
			case errors.As(err, &nw):
				fmt.Fprintf(w, "%v (%v)\n", err, g.Rounds[h].ID())
			case err != nil:
				return false, err
			}
		}
		return false, nil
	})
}
