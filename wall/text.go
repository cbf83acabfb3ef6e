package wall

import (
	"bufio"
	"io"
	"strconv"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// NoWallError says why a hand has no wall to show.
type NoWallError struct {
	// Hand is the hand asked for (an index into Game.Rounds).
	Hand int
	// Reason is why there is no wall (ReasonBadHand for a hand out of
	// range).
	Reason Reason
}

// Error returns "hand N has no wall: reason", N counting the game's hands
// from 1.
func (e *NoWallError) Error() string {
	why := e.Reason.String()
	switch e.Reason {
	case ReasonNoSeed:
		why = "the log records no seed"
	case ReasonOtherGenerator:
		why = "the seed is not one of Tenhou's generator"
	case ReasonBadSeed:
		why = "the seed cannot be read"
	case ReasonNoTileIDs:
		why = "the log's format does not identify physical tiles"
	case ReasonBadHand:
		why = "there is no such hand"
	}
	return "wall: hand " + strconv.Itoa(e.Hand+1) + " has no wall: " + why
}

// Wall rebuilds into w the wall that Check compares hand (an index into
// g.Rounds) with, synchronising an excerpt as Check does, and returns the
// hand's result. The error is a *NoWallError when the hand has none.
func (c *Checker) Wall(g *event.Game, hand int, w *Wall) (HandResult, error) {
	if hand < 0 || hand >= len(g.Rounds) {
		return HandResult{Stream: -1}, &NoWallError{Hand: hand, Reason: ReasonBadHand}
	}
	res := c.Check(g, nil)
	hr := res.Hands[hand]
	if hr.Status == NotChecked {
		return hr, &NoWallError{Hand: hand, Reason: hr.Reason}
	}
	text := g.Meta.Seed
	if res.Form == FormPerHand {
		text = g.Rounds[hand].Shuffle
	}
	if err := c.seed.Parse(text); err != nil {
		return hr, &NoWallError{Hand: hand, Reason: ReasonBadSeed} // not reached: Check read it
	}
	if err := c.gen.Start(&c.seed, res.Players); err != nil {
		return hr, &NoWallError{Hand: hand, Reason: ReasonBadSeed}
	}
	c.gen.Skip(hr.Stream)
	c.gen.Next(w)
	return hr, nil
}

// logDraw is a draw the log records: the seat and the tile.
type logDraw struct {
	seat event.Seat
	id   tile.ID
}

// WriteHand writes the wall of hand (an index into g.Rounds) as text, for
// `haifu wall FILE --round N`: the seed and the hand's place in its
// stream, the dice, each seat's starting hand in deal order, the live wall
// in draw order (with the seat that drew each tile in the log, and the
// log's tile where it differs), the haitei, and the dead wall with the use
// of each tile (replacement draws, dora, kan dora and ura indicators).
// Tiles are written as "id (mpsz)", red fives as 0m/0p/0s when the game
// has them. The error is a *NoWallError when the hand has no wall, or the
// writer's error.
func WriteHand(out io.Writer, g *event.Game, hand int) error {
	var c Checker
	var w Wall
	hr, err := c.Wall(g, hand, &w)
	if err != nil {
		return err
	}
	reds := gameReds(g)
	r := &g.Rounds[hand]

	// The hand's draws and revealed indicators as the log records them.
	var live, repl []logDraw
	kanDora := 0
	for i := range g.Events {
		e := &g.Events[i]
		if e.Type != event.RoundStart || int(e.Ref) != hand {
			continue
		}
		for _, e := range g.Events[i+1:] {
			if e.Type == event.RoundStart {
				break
			}
			switch {
			case e.Type == event.Draw && e.Flags&event.Replacement != 0:
				repl = append(repl, logDraw{e.Seat, e.ID})
			case e.Type == event.Draw:
				live = append(live, logDraw{e.Seat, e.ID})
			case e.Type == event.Dora:
				kanDora++
			}
		}
		break
	}

	b := bufio.NewWriter(out)
	var line []byte
	put := func() {
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		line = append(line, '\n')
		b.Write(line)
		line = line[:0]
	}
	tileAt := func(id tile.ID) { line = appendID(line, id, reds) }
	// column writes id padded to the width of "135 (7z)".
	column := func(id tile.ID) {
		n := len(line)
		line = appendID(line, id, reds)
		for range 8 - (len(line) - n) {
			line = append(line, ' ')
		}
	}

	line = append(line, "hand "...)
	line = strconv.AppendInt(line, int64(hand)+1, 10) // from 1, as --round counts
	line = append(line, " ("...)
	line = append(line, r.ID().String()...)
	line = append(line, "), dealer seat "...)
	line = strconv.AppendInt(line, int64(r.Dealer), 10)
	line = append(line, ", "...)
	line = strconv.AppendInt(line, int64(w.Players), 10)
	line = append(line, " players, "...)
	line = strconv.AppendInt(line, int64(w.Size), 10)
	line = append(line, " tiles"...)
	put()
	line = append(line, "seed "...)
	line = append(line, w.Form.String()...)
	if w.Form == FormPerHand {
		line = append(line, " (this hand's own)"...)
	} else {
		line = append(line, ", hand "...)
		line = strconv.AppendInt(line, int64(hr.Stream), 10)
		line = append(line, " of its stream"...)
		if hr.Status == Synchronised {
			line = append(line, " (excerpt synchronised)"...)
		}
	}
	if w.Form.Swapped() {
		line = append(line, "; dead-wall pairs swapped"...)
	}
	put()
	line = append(line, "dice "...)
	line = append(line, dice(w.Dice)...)
	if r.Known&event.KnownDice != 0 && r.Dice != w.Dice {
		line = append(line, "  log: "...)
		line = append(line, dice(r.Dice)...)
	}
	put()

	line = append(line, "deal, in deal order:"...)
	put()
	for s := range w.Players {
		h, _ := w.Deal(int(r.Dealer), s)
		line = append(line, "  seat "...)
		line = strconv.AppendInt(line, int64(s), 10)
		line = append(line, ": "...)
		for k, id := range h {
			if k > 0 {
				line = append(line, ' ')
			}
			line = faceOf(id, reds).AppendMPSZ(line)
		}
		line = append(line, "  ids"...)
		for _, id := range h {
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(id), 10)
		}
		if h != r.HandIDs[s] {
			line = append(line, "  (log differs)"...)
		}
		put()
	}

	nRepl := len(repl)
	n := w.LiveCount(nRepl)
	line = append(line, "live wall, in draw order: "...)
	line = strconv.AppendInt(line, int64(n), 10)
	line = append(line, " draws with "...)
	line = strconv.AppendInt(line, int64(nRepl), 10)
	line = append(line, " replacement draws; the log has "...)
	line = strconv.AppendInt(line, int64(len(live)), 10)
	put()
	for k := range n {
		line = append(line, "  "...)
		line = appendPadded(line, k+1, 3)
		line = append(line, "  yama["...)
		line = strconv.AppendInt(line, int64(w.LiveIndex(k)), 10)
		line = append(line, "]"...)
		if w.LiveIndex(k) < 10 {
			line = append(line, ' ')
		}
		line = append(line, "  "...)
		id, _ := w.Live(k)
		column(id)
		if k < len(live) {
			line = append(line, "  seat "...)
			line = strconv.AppendInt(line, int64(live[k].seat), 10)
			if live[k].id != id {
				line = append(line, " drew "...)
				tileAt(live[k].id)
			}
		}
		if k == n-1 {
			line = append(line, "  haitei"...)
		}
		put()
	}
	for k := n; k < len(live); k++ {
		line = append(line, "  "...)
		line = appendPadded(line, k+1, 3)
		line = append(line, "  past the last live tile: seat "...)
		line = strconv.AppendInt(line, int64(live[k].seat), 10)
		line = append(line, " drew "...)
		tileAt(live[k].id)
		put()
	}

	line = append(line, "dead wall, yama[0] up:"...)
	put()
	for _, s := range w.DeadWall(nRepl, nil) {
		line = append(line, "  yama["...)
		line = strconv.AppendInt(line, int64(s.Index), 10)
		line = append(line, "]  "...)
		if s.Index < 10 {
			line = append(line, ' ')
		}
		column(s.ID)
		switch s.Role {
		case RoleReplacement:
			line = append(line, "  replacement draw "...)
			line = strconv.AppendInt(line, int64(s.K+1), 10)
			if s.K < len(repl) {
				line = append(line, ", seat "...)
				line = strconv.AppendInt(line, int64(repl[s.K].seat), 10)
				if repl[s.K].id != s.ID {
					line = append(line, " drew "...)
					tileAt(repl[s.K].id)
				}
			}
		case RoleDora:
			if s.K == 0 {
				line = append(line, "  dora indicator"...)
			} else {
				line = append(line, "  kan dora indicator "...)
				line = strconv.AppendInt(line, int64(s.K), 10)
				if s.K <= kanDora {
					line = append(line, " (revealed)"...)
				}
			}
		case RoleUra:
			if s.K == 0 {
				line = append(line, "  ura indicator"...)
			} else {
				line = append(line, "  kan ura indicator "...)
				line = strconv.AppendInt(line, int64(s.K), 10)
			}
		}
		put()
	}
	return b.Flush()
}

// appendPadded appends n right-aligned in width characters.
func appendPadded(b []byte, n, width int) []byte {
	s := strconv.Itoa(n)
	for range width - len(s) {
		b = append(b, ' ')
	}
	return append(b, s...)
}
