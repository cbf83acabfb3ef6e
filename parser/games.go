package parser

import (
	"fmt"
	"io"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
)

// splitter cuts the plain content of one file (or archive member) into
// games and hands each to the walk as an Input. It holds back one game, so
// that it knows whether the file holds more (Input.Several) and can attach
// what follows it (console prompts) as a warning.
type splitter struct {
	w       *walker
	path    string
	format  event.Format
	frame   format.Framer
	pending Input
	hasPend bool
	games   int
}

// plain reads the rest of a plain (decompressed) stream r, of which buf
// holds the first bytes (all of them when eof), and delivers its games.
// ext sizes the first allocation. Memory stays bounded by the largest game
// (Options.MaxGameBytes): a game is copied out of the read buffer once it
// is whole, unless it is the last thing in the stream.
func (w *walker) plain(path string, buf []byte, eof bool, r io.Reader, ext extent) error {
	limit := w.opt.MaxGameBytes
	if !eof {
		c := int64(detectWindow)
		if ext.hint >= 0 {
			c = max(min(ext.hint+1, limit+1), int64(len(buf)))
		}
		buf = growTo(buf, int(max(c, int64(len(buf)))))
		var err error
		if buf, eof, err = fill(buf, r, detectWindow); err != nil {
			return w.fail(path, err)
		}
	}
	f, frame := w.opt.Format, format.Framer(format.Rest)
	if f == event.FormatUnknown {
		i := detect(buf)
		if i < 0 {
			// Not a log: the rest is not read (a compressed bomb of
			// anything else costs nothing).
			return w.fail(path, unknownFormat(buf))
		}
		f, frame = formats[i].ID, formats[i].Frame
	} else if i := lookup(f); i >= 0 {
		frame = formats[i].Frame
	}
	sp := splitter{w: w, path: path, format: f, frame: frame}
	pieces := 0    // games and errors delivered or held back
	var base int64 // offset in the stream of buf[0]
	start := 0     // offset in buf of the next piece
	for {
		if start == len(buf) && eof {
			break
		}
		n, k := sp.frame(buf[start:], sp.games == 0 && start == 0 && base == 0, eof)
		if k != format.More && (n <= 0 || n > len(buf)-start) {
			n, k = len(buf)-start, format.Game // a framer's mistake: the rest is one game
		}
		if k == format.More {
			if eof {
				break // nothing left but an empty window
			}
			// Move the unread bytes to the front, grow the buffer if
			// they fill it, and read more.
			if start > 0 {
				m := copy(buf, buf[start:])
				buf = buf[:m]
				base += int64(start)
				start = 0
			}
			if int64(len(buf)) > limit {
				if err := sp.flush(); err != nil {
					return err
				}
				return w.fail(path, fmt.Errorf("the game at offset %d is %w; the rest of the input is not read", base, w.tooLarge(-1)))
			}
			if len(buf) == cap(buf) {
				buf = growTo(buf, int(min(max(2*int64(cap(buf)), 64<<10), limit+1)))
			}
			var err error
			if buf, eof, err = fill(buf, r, cap(buf)); err != nil {
				if ferr := sp.flush(); ferr != nil {
					return ferr
				}
				return w.fail(path, err)
			}
			continue
		}
		piece := buf[start : start+n]
		off := base + int64(start)
		start += n
		if k == format.Game || k == format.Junk {
			pieces++
		}
		switch k {
		case format.Game:
			if int64(n) > limit {
				if err := sp.flush(); err != nil {
					return err
				}
				if err := w.fail(path, fmt.Errorf("the game at offset %d is %w", off, w.tooLarge(int64(n)))); err != nil {
					return err
				}
				continue
			}
			if !eof {
				// The buffer is moved and reused as the stream is
				// read on: the game gets a copy of its own.
				piece = append([]byte(nil), piece...)
			}
			if err := sp.add(Input{Path: path, Data: piece, Format: f, Game: sp.games, Offset: off}); err != nil {
				return err
			}
		case format.Prompts:
			sp.warn(fmt.Sprintf("removed %d bytes of console prompts written after the game, at offset %d", n, off))
		case format.Junk:
			if err := sp.flush(); err != nil {
				return err
			}
			err := &event.Error{Path: path, Format: f, Offset: off, Index: -1, Hand: -1,
				Err: fmt.Errorf("%d bytes that are no game (it %s) after game %d: %w", n, describe(piece), sp.games-1, event.ErrSyntax)}
			if err := w.emit(Input{Path: path, Format: f, Game: -1, Offset: off, Several: sp.games > 1, Err: err}); err != nil {
				return err
			}
		}
	}
	if pieces == 0 {
		// Nothing but white space: one empty game, which the decoder
		// reports.
		return w.emit(Input{Path: path, Data: buf[:0:0], Format: f})
	}
	return sp.flush()
}

// add holds back in and delivers the game held before it.
func (sp *splitter) add(in Input) error {
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

// flush delivers the game held back, if any.
func (sp *splitter) flush() error {
	if !sp.hasPend {
		return nil
	}
	in := sp.pending
	sp.pending, sp.hasPend = Input{}, false
	in.Several = in.Several || in.Game > 0
	return sp.w.emit(in)
}

// growTo returns b with a capacity of at least c.
func growTo(b []byte, c int) []byte {
	if cap(b) >= c {
		return b
	}
	nb := make([]byte, len(b), c)
	copy(nb, b)
	return nb
}

// fill reads from r into b until b holds at least want bytes, b is full or
// r ends.
func fill(b []byte, r io.Reader, want int) ([]byte, bool, error) {
	want = min(want, cap(b))
	for len(b) < want {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, true, nil
		}
		if err != nil {
			return b, false, err
		}
	}
	return b, false, nil
}
