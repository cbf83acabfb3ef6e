package parser

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/source"
)

// walker cuts the plain streams of a walk into games, and hands each game,
// and each input that could not be read, to fn as an Input.
type walker struct {
	opt Options
	fn  func(Input) error
}

// fail delivers an Input for path with err.
func (w *walker) fail(path string, err error) error {
	return w.fn(Input{Path: path, Game: -1, Err: inputError(path, err)})
}

// inputError makes err an *event.Error for path. The *source.Error that
// names path is dropped, as the event.Error names it.
func inputError(path string, err error) error {
	if se, ok := err.(*source.Error); ok && se.Path == path {
		err = se.Err
	}
	return &event.Error{Path: path, Offset: -1, Index: -1, Hand: -1, Err: err}
}

// splitter cuts the plain content of one file (or archive member) into
// games and hands each to the walk as an Input. It holds back one game, so
// that it knows whether the file holds more (Input.Several) and can attach
// what follows it (console prompts) as a warning.
type splitter struct {
	w       *walker
	frame   format.Framer
	pending Input
	hasPend bool
	// after are the errors of text that is no game after the game held
	// back, delivered after it (so that what the stream says later, such
	// as its own warnings, still reaches that game).
	after []Input
	games int
	// early are warnings about what came before the first game, for it.
	early []string
}

// stream reads the plain stream s, or the error the walk met, and delivers
// its games. Memory stays bounded by the largest game (the stream's window,
// Options.Source.MaxWindowBytes): a game is copied out of the window once
// it is whole, unless it is the last thing in the stream.
func (w *walker) stream(s *source.Stream) error {
	path := s.Path
	if s.Err != nil {
		return w.fail(path, s.Err)
	}
	if err := s.Fill(detectWindow); err != nil {
		return w.fail(path, err)
	}
	f, frame := w.opt.Format, format.Framer(format.Rest)
	detected := f == event.FormatUnknown
	if detected {
		i := detect(s.Window())
		if i < 0 {
			// Not a log: the rest is not read (a compressed bomb of
			// anything else costs nothing).
			return w.fail(path, unknownFormat(s.Window()))
		}
		f, frame = formats[i].ID, formats[i].Frame
	} else if i := lookup(f); i >= 0 {
		frame = formats[i].Frame
	}
	sp := splitter{w: w, frame: frame}
	// The stream's format starts at offset 0; a stream of several formats
	// (an mjai game, then an mjlog document) switches at the first byte
	// of the other's, which its framer called Junk: start is where the
	// current framer started (its first piece), switched the offset of
	// the last switch (-1: none), where Junk is not looked at again.
	start, switched := int64(0), int64(-1)
	limit := s.MaxWindowBytes()
	pieces := 0    // games and errors delivered or held back
	var at textPos // the line and column of the window's first byte
	for {
		win := s.Window()
		if len(win) == 0 && s.EOF() {
			break
		}
		n, k := sp.frame(win, s.Offset() == start, s.EOF())
		if k != format.More && (n <= 0 || n > len(win)) {
			n, k = len(win), format.Game // a framer's mistake: the rest is one game
		}
		if k == format.More {
			if s.EOF() {
				break // nothing left but an empty window
			}
			// Read more: the window grows up to its bound.
			at.settle()
			if err := s.More(); err != nil {
				if ferr := sp.flush(); ferr != nil {
					return ferr
				}
				if se, ok := errors.AsType[*source.SizeError](err); ok {
					err = fmt.Errorf("the game at offset %d is %w; the rest of the input is not read", s.Offset(), se)
				}
				return w.fail(path, err)
			}
			continue
		}
		off := s.Offset()
		if k == format.Junk && detected && off != switched {
			// Text that is no game of this format: the start of a game
			// of another? Detection looks at the piece alone, with as
			// much as it needs to tell (its window).
			if len(win) < detectWindow && !s.EOF() {
				at.settle()
				if err := s.More(); err == nil {
					continue // frame again with more in the window
				}
			}
			if i := detect(win[:n]); i >= 0 && formats[i].ID != f {
				f, sp.frame, start, switched = formats[i].ID, formats[i].Frame, off, off
				continue
			}
		}
		var line, col int
		if k == format.Game {
			line, col = at.line(), at.col()
		}
		piece := s.Take(n)
		at.advance(piece, off == 0)
		if k == format.Game || k == format.Junk {
			pieces++
		}
		switch k {
		case format.Game:
			if int64(n) > limit {
				if err := sp.flush(); err != nil {
					return err
				}
				if err := w.fail(path, fmt.Errorf("the game at offset %d is %w", off, &source.SizeError{Size: int64(n), Limit: limit})); err != nil {
					return err
				}
				continue
			}
			if !s.EOF() {
				// The window is moved and reused as the stream is
				// read on: the game gets a copy of its own.
				piece = append([]byte(nil), piece...)
			}
			if err := sp.add(Input{Path: path, Data: piece, Format: f, Game: sp.games, Offset: off, Line: line, Col: col}); err != nil {
				return err
			}
		case format.Prompts:
			if sp.games == 0 {
				sp.early = append(sp.early, fmt.Sprintf("removed %d bytes of console prompts written before the game, at offset %d", n, off))
				break
			}
			sp.warn(fmt.Sprintf("removed %d bytes of console prompts written after the game, at offset %d", n, off))
		case format.Junk:
			if sp.games == 0 {
				// Text before the first game (as stray console output
				// may be): the game is read, with a warning.
				sp.early = append(sp.early, fmt.Sprintf("ignored %d bytes before the game that are no game (it %s), at offset %d", n, describe(piece), off))
				pieces--
				break
			}
			err := &event.Error{Path: path, Format: f, Offset: off, Index: -1, Hand: -1,
				Err: fmt.Errorf("%d bytes that are no game (it %s) after game %d: %w", n, describe(piece), sp.games-1, event.ErrSyntax)}
			sp.after = append(sp.after, Input{Path: path, Format: f, Game: -1, Offset: off, Several: sp.games > 1, Err: err})
		}
	}
	if pieces == 0 {
		// Nothing but white space: one empty game, which the decoder
		// reports.
		return w.fn(Input{Path: path, Data: s.Window()[:0:0], Format: f, Warnings: append(sp.early, s.Warnings...)})
	}
	// What reading the stream worked around (zero bytes after gzip data)
	// is said with its last game.
	for _, msg := range s.Warnings {
		sp.warn(msg)
	}
	return sp.flush()
}

// add holds back in and delivers the game held before it.
func (sp *splitter) add(in Input) error {
	if sp.early != nil {
		in.Warnings, sp.early = sp.early, nil
	}
	sp.pending.Several = true // another game follows it
	if err := sp.flush(); err != nil {
		return err
	}
	sp.pending, sp.hasPend = in, true
	sp.games++
	return nil
}

// warn attaches a warning to the game held back.
func (sp *splitter) warn(msg string) {
	if sp.hasPend {
		sp.pending.Warnings = append(sp.pending.Warnings, msg)
	}
}

// flush delivers the game held back, if any, and the errors after it.
func (sp *splitter) flush() error {
	if sp.hasPend {
		in := sp.pending
		sp.pending, sp.hasPend = Input{}, false
		in.Several = in.Several || in.Game > 0
		if err := sp.w.fn(in); err != nil {
			return err
		}
	}
	after := sp.after
	sp.after = sp.after[:0]
	for _, in := range after {
		if err := sp.w.fn(in); err != nil {
			return err
		}
	}
	return nil
}

// textPos follows the line and column of a place in a stream, as pieces
// of it are taken (see Input.Line). The characters since the last line
// feed are counted only when a column is asked for, or before the window
// moves (settle): most games start a line, and a game that is all of a
// one-line file is never counted.
type textPos struct {
	lines int // line feeds before the place
	runes int // characters counted since the last line feed (or the start)
	// pending are the bytes since the last line feed not counted yet, in
	// the stream's window (valid until it moves).
	pending []byte
}

func (p *textPos) line() int { return p.lines + 1 }

func (p *textPos) col() int {
	p.settle()
	return p.runes + 1
}

// settle counts the pending bytes; the walk calls it before the window
// moves.
func (p *textPos) settle() {
	p.runes += utf8.RuneCount(p.pending)
	p.pending = nil
}

// advance moves p past b, which starts the stream when first (its byte
// order mark then takes no column).
func (p *textPos) advance(b []byte, first bool) {
	if first {
		b = b[len(b)-len(bytes.TrimPrefix(b, utf8BOM)):]
	}
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		p.lines += bytes.Count(b[:i+1], newline)
		p.runes, p.pending = 0, b[i+1:]
		return
	}
	p.settle()
	p.pending = b
}

var (
	utf8BOM = []byte("\ufeff")
	newline = []byte{'\n'}
)
