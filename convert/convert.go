// Package convert writes games in another format and proves each
// conversion: the bytes written are read again by haifu's decoder of the
// target format, and the game they give is compared with the game they
// were written from (package logdiff), leaving out only what the target
// format cannot carry. Any difference makes the conversion fail: a file
// that would read back as another game is never returned. What the target
// cannot carry and the game has (the dice, the wall seed, disconnections,
// the fu of a limit hand, …) is listed in a warning.
//
// A Converter converts one game at a time, keeping its buffers; use one per
// goroutine. Every format with an encoder in the registry (parser.NewEncoder:
// tenhou.net/6 and mjai) is a target. OutputName names the file of a
// converted game after its input.
package convert

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/parser/format"
)

// Errors a conversion wraps.
var (
	// ErrUnrepresentable: the target format cannot carry the game (it is
	// format.ErrUnrepresentable; the encoder's error names the hand).
	ErrUnrepresentable = format.ErrUnrepresentable
	// ErrReadBack: what was written does not read back with the target's
	// decoder.
	ErrReadBack = errors.New("what was written does not read back")
	// ErrMismatch: what was written reads back as another game.
	ErrMismatch = errors.New("what was written reads back as another game")
	// ErrNoEncoder: haifu does not write the format asked for.
	ErrNoEncoder = errors.New("haifu does not write this format")
)

// MismatchError is the error of a conversion whose output reads back
// otherwise than the game: the first difference (in the game and in the
// output read back, Diff.Event[0] and [1]) and how many parts differ. It
// wraps ErrMismatch.
type MismatchError struct {
	Path string
	To   event.Format
	// Diff is the first part that differs; Parts the number of parts (the
	// game's own facts, hands) that differ.
	Diff  logdiff.Diff
	Parts int
}

// Error says where the output read back differs from the game.
func (e *MismatchError) Error() string {
	where := "the game's own facts"
	if e.Diff.Round != "" {
		where = "round " + e.Diff.Round
	}
	return fmt.Sprintf("%s: %s: written as %v and read back, event %d %s where the game's event %d %s (%d parts differ): %v",
		e.Path, where, e.To, e.Diff.Event[1], says(e.Diff.Says[1]), e.Diff.Event[0], says(e.Diff.Says[0]), e.Parts, ErrMismatch)
}

// says quotes what a log says at a difference.
func says(s string) string {
	if s == "" {
		return "is missing"
	}
	return "says " + fmt.Sprintf("%q", strings.TrimSpace(s))
}

// Unwrap returns ErrMismatch.
func (e *MismatchError) Unwrap() error { return ErrMismatch }

// Converter converts games to one format. Create it with New; it keeps its
// encoder, decoder and buffers from one game to the next and is not safe
// for concurrent use.
type Converter struct {
	to     event.Format
	hands  bool
	enc    format.Encoder
	dec    format.Decoder
	cmp    logdiff.Comparer
	buf    []byte // the files' bytes
	back   event.Game
	sub    [2]event.Game // a hand as a game: what is written, and of the source
	out    Output
	ends   []int // the end of each file's bytes in buf
	judger adjudicator.Judger
	sel    adjudicator.Selector
	full   event.Game    // a game completed by its judgement
	events []event.Event // its events
}

// Options configure a Converter.
type Options struct {
	// Hands writes each hand as a game of its own, one file each (for the
	// tools that take a single hand); otherwise a game is one file.
	Hands bool
}

// New returns a Converter to format to, or an error wrapping ErrNoEncoder
// when haifu does not write it. opt may be nil.
func New(to event.Format, opt *Options) (*Converter, error) {
	enc, ok := parser.NewEncoder(to)
	if !ok {
		return nil, fmt.Errorf("%v: %w", to, ErrNoEncoder)
	}
	dec, _ := parser.NewFormatDecoder(to)
	c := &Converter{to: to, enc: enc, dec: dec}
	if opt != nil {
		c.hands = opt.Hands
	}
	return c, nil
}

// Output is a converted game: its files and the warnings. It is valid
// until the next Convert.
type Output struct {
	// Files are the game's bytes in the target format: one file, or one
	// per hand with Options.Hands.
	Files []File
	// Losses are what the target cannot carry of this game and the game
	// has, each with how many of it (hands, wins, events ...).
	Losses []Loss
	// Tsumogiri is the number of discards whose tsumogiri the game does
	// not record and the target has a flag for: written as tsumogiri when
	// the tile is the one drawn, as Tenhou's own converter does.
	Tsumogiri int
	// Warnings word the losses and Tsumogiri, one line each, without the
	// path.
	Warnings []string
}

// Loss is one kind of thing a conversion could not carry.
type Loss struct {
	What string // "the dice", "disconnections", ...
	N    int
}

// File is one file of a conversion.
type File struct {
	// Hand is the index of the hand the file holds (from 0), -1 for a
	// whole game; Round names it.
	Hand  int
	Round event.RoundID
	// Data are the bytes, valid until the next Convert.
	Data []byte
}

// Convert writes g in the Converter's format, reads what it wrote again
// and compares it with g. It returns the files and the warnings, or why g
// could not be converted: an error wrapping ErrUnrepresentable (the
// target cannot carry g; the encoder's *event.Error names the hand),
// ErrReadBack or a *MismatchError (a bug of haifu's encoder or decoder,
// reported as such, never a wrong file). Nothing is returned but the
// error then.
func (c *Converter) Convert(g *event.Game) (*Output, error) {
	out, err := c.convert(g, g)
	if err == nil || !errors.Is(err, ErrUnrepresentable) || !needs(g) {
		return out, err
	}
	// What the target must write and the game does not record, from
	// haifu's judgement of the game; compared with the game as it is.
	full, done := c.complete(g)
	out, err = c.convert(full, g)
	if err != nil {
		if done.why != "" {
			err = &completionError{err, done.why}
		}
		return nil, err // what the judgement could not give
	}
	if done.endDropped {
		out.Losses = append(out.Losses, Loss{What: "the final scores (written with the final points, which the log does not record)", N: 1})
		out.Warnings = c.warnings(out.Losses, out.Tsumogiri)
	}
	out.Warnings = append(out.Warnings, done.notes()...)
	return out, nil
}

// Detach returns the buffer that holds the files of the last Convert,
// which the Converter no longer uses (they stay valid from then on), and
// gives it spare (whose bytes it overwrites) to write the next ones in: a
// caller that keeps a game's files past the next Convert takes them so,
// without copying.
func (c *Converter) Detach(spare []byte) []byte {
	b := c.buf
	c.buf = spare[:0]
	return b
}

// convert writes enc, reads it back and compares it with src: enc is src,
// or src completed by its judgement.
func (c *Converter) convert(enc, src *event.Game) (*Output, error) {
	c.buf = c.buf[:0]
	c.out = Output{Files: c.out.Files[:0]}
	c.ends = c.ends[:0]
	var sum proof
	if !c.hands {
		if err := c.one(enc, src, &sum); err != nil {
			return nil, err
		}
		c.out.Files = append(c.out.Files, File{Hand: -1})
	} else {
		hand := -1
		for i := range enc.Events {
			if enc.Events[i].Type != event.RoundStart {
				continue
			}
			hand++
			handGame(&c.sub[0], enc, i, hand == 0)
			handGame(&c.sub[1], src, i, hand == 0)
			if err := c.one(&c.sub[0], &c.sub[1], &sum); err != nil {
				return nil, err
			}
			c.out.Files = append(c.out.Files, File{Hand: hand, Round: enc.Rounds[enc.Events[i].Ref].ID()})
		}
		if hand < 0 {
			return nil, &event.Error{Path: src.Meta.Path, Format: c.to, Offset: -1, Index: -1, Hand: -1,
				Err: fmt.Errorf("the game has no hand to write: %w", ErrUnrepresentable)}
		}
	}
	data := c.buf
	start := 0
	for i, end := range c.ends {
		c.out.Files[i].Data = data[start:end:end]
		start = end
	}
	c.out.Losses = c.losses(src, &sum)
	c.out.Tsumogiri = sum.tsumogiri
	c.out.Warnings = c.warnings(c.out.Losses, sum.tsumogiri)
	return &c.out, nil
}

// proof sums what the comparisons of a conversion found: the values the
// game records that the output does not, what the target lacks, whether a
// kan dora's moment was lost, and the discards whose tsumogiri the output
// records without the game recording it.
type proof struct {
	lost      logdiff.Counts
	lacks     logdiff.Fields
	doraTime  bool
	tsumogiri int
}

// one writes enc, reads it back, compares it with g (enc, or g completed
// by its judgement) and adds what it found to sum.
func (c *Converter) one(enc, g *event.Game, sum *proof) error {
	start := len(c.buf)
	if err := c.write(enc); err != nil {
		return err
	}
	data := c.buf[start:]
	if err := c.dec.Decode(data, g.Meta.Path, &c.back); err != nil {
		return fmt.Errorf("%s: written as %v: %w: %v", g.Meta.Path, c.to, ErrReadBack, err)
	}
	if err := brokenHand(&c.back); err != nil {
		// A hand the target's decoder cannot rebuild reads back as a
		// Broken event: what was written does not read back.
		return fmt.Errorf("%s: written as %v: %w: %v", g.Meta.Path, c.to, ErrReadBack, err)
	}
	lacks := parser.Lacks(&c.back)
	r := c.cmp.Compare(g, &c.back, lacks)
	if !r.Equal() {
		return &MismatchError{Path: g.Meta.Path, To: c.to, Diff: r.Diffs[0], Parts: len(r.Diffs)}
	}
	for f := range sum.lost {
		sum.lost[f] += r.Lost[f]
	}
	sum.tsumogiri += r.Gained.Of(logdiff.Tsumogiri)
	sum.lacks |= lacks
	if lacks&logdiff.DoraTiming != 0 && hasKanDora(g) && !c.cmp.Compare(g, &c.back, lacks&^logdiff.DoraTiming).Equal() {
		sum.doraTime = true
	}
	c.ends = append(c.ends, len(c.buf))
	return nil
}

// appender is an encoder that appends a game's bytes to a slice (mjai's),
// which saves copying them from a buffer of its own.
type appender interface {
	Append(b []byte, g *event.Game) ([]byte, error)
}

// write appends g's bytes in the target format to c.buf; on an error
// nothing.
func (c *Converter) write(g *event.Game) error {
	// Room for the bytes at once (mjai writes 40-50 bytes an event), not
	// by doubling as they come.
	c.buf = slices.Grow(c.buf, 64*len(g.Events))
	if a, ok := c.enc.(appender); ok {
		b, err := a.Append(c.buf, g)
		if err == nil {
			c.buf = b
		}
		return err
	}
	w := bytes.NewBuffer(c.buf)
	err := c.enc.Encode(w, g)
	c.buf = w.Bytes()
	return err
}

// hasKanDora reports whether g reveals a kan dora at a moment it records.
func hasKanDora(g *event.Game) bool {
	for i := range g.Events {
		if e := &g.Events[i]; e.Type == event.Dora && e.Flags&event.TimingUnknown == 0 {
			return true
		}
	}
	return false
}

// losses lists what the target cannot carry of g: the wall seed, the
// values g records that the output does not, and the parts the target
// lacks that g has.
func (c *Converter) losses(g *event.Game, sum *proof) []Loss {
	var ls []Loss
	if g.Meta.Seed != "" {
		ls = append(ls, Loss{What: "the wall seed", N: 1})
	}
	sum.lost.Each(func(f logdiff.Fields, n int) {
		ls = append(ls, Loss{What: f.Describe(), N: n})
	})
	var conns, pao, doras int
	for i := range g.Events {
		switch e := &g.Events[i]; e.Type {
		case event.Disconnect, event.Reconnect:
			conns++
		case event.Dora:
			if e.Flags&event.TimingUnknown == 0 {
				doras++
			}
		}
	}
	for i := range g.Wins {
		if g.Wins[i].Liable != event.NoSeat {
			pao++
		}
	}
	if sum.lacks&logdiff.Connection != 0 && conns > 0 {
		ls = append(ls, Loss{What: logdiff.Connection.Describe(), N: conns})
	}
	if sum.lacks&logdiff.Liable != 0 && pao > 0 {
		ls = append(ls, Loss{What: logdiff.Liable.Describe() + " (the payments are kept)", N: pao})
	}
	if sum.doraTime {
		ls = append(ls, Loss{What: logdiff.DoraTiming.Describe() + " (read back where Tenhou reveals it)", N: doras})
	}
	return ls
}

// warnings words the losses and the discards whose tsumogiri the target
// had to write without g recording it.
func (c *Converter) warnings(ls []Loss, tsumogiri int) []string {
	var out []string
	if len(ls) > 0 {
		b := make([]byte, 0, 128)
		b = append(b, c.to.String()...)
		b = append(b, " does not carry "...)
		for i, l := range ls {
			if i > 0 {
				b = append(b, "; "...)
			}
			b = append(b, l.What...)
			if l.N > 1 {
				b = append(b, " ("...)
				b = strconv.AppendInt(b, int64(l.N), 10)
				b = append(b, ')')
			}
		}
		out = append(out, string(b))
	}
	if tsumogiri > 0 {
		out = append(out, fmt.Sprintf("%d discards whose tsumogiri the log does not record are written as tsumogiri when the tile is the one drawn (%v has the flag on every discard)", tsumogiri, c.to))
	}
	return out
}

// handGame makes sub a game of g's hand that starts at event i: the
// game's metadata, a game start, the hand's events (with the
// disconnections among them, and those before the first hand when first)
// and the records they refer to.
func handGame(sub, g *event.Game, i int, first bool) {
	sub.Reset()
	sub.Meta = g.Meta
	sub.Meta.Warnings = nil
	sub.Events = append(sub.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat, Pos: g.Events[0].Pos})
	if first {
		for k := range i {
			if t := g.Events[k].Type; t == event.Disconnect || t == event.Reconnect {
				sub.Events = append(sub.Events, g.Events[k])
			}
		}
	}
	for k := i; k < len(g.Events); k++ {
		e := g.Events[k]
		if k > i && e.Type == event.RoundStart || e.Type == event.GameEnd {
			break
		}
		switch e.Type {
		case event.RoundStart:
			sub.Rounds = append(sub.Rounds, g.Rounds[e.Ref])
			e.Ref = int32(len(sub.Rounds) - 1)
		case event.Win:
			sub.Wins = append(sub.Wins, g.Wins[e.Ref])
			e.Ref = int32(len(sub.Wins) - 1)
		case event.Ryuukyoku:
			sub.Ryuukyoku = append(sub.Ryuukyoku, g.Ryuukyoku[e.Ref])
			e.Ref = int32(len(sub.Ryuukyoku) - 1)
		case event.RiichiAccepted:
			if e.Ref >= 0 && int(e.Ref) < len(g.Scores) {
				sub.Scores = append(sub.Scores, g.Scores[e.Ref])
				e.Ref = int32(len(sub.Scores) - 1)
			}
		}
		sub.Events = append(sub.Events, e)
	}
}

// completionError is the error of a game the target could not carry even
// with what haifu's judgement gave, and why the judgement could not give
// the rest.
type completionError struct {
	err error
	why string
}

func (e *completionError) Error() string { return e.err.Error() + "; " + e.why }

// Unwrap returns the encoder's error.
func (e *completionError) Unwrap() error { return e.err }

// brokenHand returns the first hand of g that its decoder could not
// rebuild (a Broken event) as an *event.Error at the event's position, or
// nil.
func brokenHand(g *event.Game) error {
	if len(g.Breaks) == 0 {
		return nil // a Broken event's Ref indexes Game.Breaks
	}
	hand, round := -1, event.RoundID{}
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.RoundStart:
			hand++
			if e.Ref >= 0 && int(e.Ref) < len(g.Rounds) {
				round = g.Rounds[e.Ref].ID()
			}
		case event.Broken:
			msg := "the hand cannot be rebuilt"
			if br := g.BreakOf(e); br != nil {
				msg = br.Message
			}
			return &event.Error{Format: g.Meta.Format, Offset: int64(e.Pos.Offset), Index: int(e.Pos.Index), Hand: hand, Round: round, Err: errors.New(msg)}
		}
	}
	return nil
}
