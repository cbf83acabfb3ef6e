package parser

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
)

// Decoder decodes Inputs of every registered format into event.Games. It
// keeps each format's decoder, and their buffers, from one Input to the
// next, so use one Decoder per goroutine for many Inputs. The zero Decoder
// is ready for use and detects the format of every Input. A Decoder is not
// safe for concurrent use.
type Decoder struct {
	// Format, when not event.FormatUnknown, is the format every Input is
	// decoded as, instead of the detected one. An Input whose content is
	// not of that format is an error wrapping ErrWrongFormat.
	Format event.Format

	// decoders are the formats' decoders, by index in formats, each made
	// when first needed.
	decoders [len(formats)]format.Decoder
}

// Decode decodes the Input in into g, which it resets first; g.Meta.Path is
// in.Path, g.Meta.GameIndex in.Game. It returns in.Err when that is set.
// Every error it returns is an *event.Error whose message starts with
// in.Path, and names the game when its file holds several and the offset
// in the file: content of no registered format wraps ErrUnknownFormat,
// content not of the forced Format (or a Format that no registered format
// has) wraps ErrWrongFormat, and the format's decoder reports the rest
// (see parser/tenhou). Content that its format's detection took but that
// holds no game (format.ErrNoGame) makes in an input that cannot be read,
// as content of no format is: Decode sets in.Err to the error it returns,
// which wraps ErrUnknownFormat too, and in.Data to nil. The format is
// in.Format when the walk detected it, else detected here. g does not
// refer to in.Data, which the caller may reuse once Decode returns.
func (d *Decoder) Decode(in *Input, g *event.Game) error {
	err := d.decode(in, g)
	if in.Err == nil && errors.Is(err, format.ErrNoGame) {
		// Content its format's Detect took, that holds no game: an input
		// that cannot be read, like content of no format.
		err = d.noGame(in, g, err)
	}
	m := &g.Meta
	if in.Err == nil {
		nameGame(g, in)
	}
	tidyMeta(m)
	m.GameIndex, m.GameOffset, m.Several = in.Game, in.Offset, in.Several
	if len(in.Warnings) > 0 {
		m.Warnings = append(append([]string(nil), in.Warnings...), m.Warnings...)
	}
	if pe, ok := err.(*event.Error); ok && in.Err == nil {
		if in.Several && in.Game >= 0 {
			pe.Game = in.Game + 1
		}
		if pe.Offset >= 0 {
			locate(pe, in)
			pe.Offset += in.Offset
		}
		inFile(pe, in)
	}
	return err
}

// locate sets the line and column of pe, an error of the game of in whose
// offset is still counted in the game's text, in the file of in (in.Line
// and in.Col are where the game starts it; columns count characters).
func locate(pe *event.Error, in *Input) {
	pe.Locate(in.Data)
	line, col := in.Line, in.Col
	if in.Offset == 0 {
		line, col = 1, 1
	}
	if pe.Line == 0 || line == 0 {
		pe.Line, pe.Column = 0, 0 // unknown
		return
	}
	if pe.Line == 1 {
		pe.Column += col - 1
	}
	pe.Line += line - 1
}

// inFile gives the line and column of pe, which its decoder counted in
// the game's own bytes, in the file of in: for a game that does not start
// the file, the line and column of its first byte are added, so that they
// agree with the offset (which Decode makes the file's).
func inFile(pe *event.Error, in *Input) {
	if in.Line <= 1 && in.Col <= 1 {
		return
	}
	if tp, ok := errors.AsType[textPosition](pe.Err); ok {
		tp.Shift(in.Line, in.Col)
	}
	if pe.Format == event.FormatMjai && pe.Index >= 1 {
		pe.Index += in.Line - 1 // mjai counts lines
	}
}

func (d *Decoder) decode(in *Input, g *event.Game) error {
	if in.Err != nil {
		d.reset(g, in, event.FormatUnknown)
		return in.Err
	}
	var i int
	switch {
	case d.Format != event.FormatUnknown:
		if i = lookup(d.Format); i < 0 || !formats[i].Detect(in.Data[:min(len(in.Data), detectWindow)]) {
			return d.wrongFormat(g, in, d.Format)
		}
	case in.Format != event.FormatUnknown:
		if i = lookup(in.Format); i < 0 {
			return d.wrongFormat(g, in, in.Format)
		}
	default:
		if i = detect(in.Data); i < 0 {
			return d.fail(g, in, event.FormatUnknown, unknownFormat(in.Data))
		}
	}
	if d.decoders[i] == nil {
		d.decoders[i] = formats[i].NewDecoder()
	}
	return d.decoders[i].Decode(in.Data, in.Path, g)
}

// textPosition is an error that gives the line and column of its place
// (the JSON decoders' *jsontok.Error): Shift moves it to the text that
// starts at line and col.
type textPosition interface {
	error
	Shift(line, col int)
}

// noGame makes in an input that cannot be read, whose error is the
// decoder's err: content that holds no game log (ErrUnknownFormat).
func (d *Decoder) noGame(in *Input, g *event.Game, err error) error {
	d.reset(g, in, event.FormatUnknown)
	pe, ok := err.(*event.Error)
	if !ok {
		pe = &event.Error{Path: in.Path, Offset: -1, Index: -1, Hand: -1, Err: err}
	}
	pe.Err = noGameError{pe.Err}
	in.Data, in.Err = nil, pe
	return pe
}

// noGameError is the error of content that holds no game: the decoder's,
// which is also ErrUnknownFormat for errors.Is.
type noGameError struct{ err error }

func (e noGameError) Error() string   { return e.err.Error() }
func (e noGameError) Unwrap() []error { return []error{e.err, ErrUnknownFormat} }

func (d *Decoder) reset(g *event.Game, in *Input, f event.Format) {
	g.Reset()
	g.Meta.Path = in.Path
	g.Meta.Format = f
}

func (d *Decoder) fail(g *event.Game, in *Input, f event.Format, err error) error {
	d.reset(g, in, f)
	return &event.Error{Path: in.Path, Offset: -1, Index: -1, Hand: -1, Err: err}
}

// wrongFormat fails the decoding of in as format f: its content is of
// another format, or of none, or f is no format haifu reads.
func (d *Decoder) wrongFormat(g *event.Game, in *Input, f event.Format) error {
	what := describe(in.Data)
	if i := detect(in.Data); i >= 0 {
		what = "looks like " + formats[i].ID.String()
	}
	return d.fail(g, in, event.FormatUnknown, fmt.Errorf("format %v was requested, but the content %s: %w", f, what, ErrWrongFormat))
}

// unknownFormat is the error of content data of no format Detect knows: it
// says what data starts with, and whether it looks like an archive
// listing.
func unknownFormat(data []byte) error {
	return fmt.Errorf("content %s%s: %w", describe(data), listingHint(data), ErrUnknownFormat)
}

// listingHint returns a note for content that is no game log but looks
// like one of Tenhou's archive listings or a list of log ids (a log id in
// its first 4 KiB, with a "|" column, a log= link, or alone on the first
// line; or a list.cgi file index), which haifu archive index reads; "" for
// other content.
func listingHint(data []byte) string {
	head := bytes.TrimLeft(data[:min(len(data), 4096)], " \t\r\n\ufeff")
	first, _, _ := bytes.Cut(head, []byte("\n"))
	_, hasID := event.FindTenhouID(string(head))
	_, idLine := event.ParseTenhouID(string(bytes.TrimSpace(first)))
	if bytes.HasPrefix(head, []byte("list([")) || idLine ||
		hasID && (bytes.Contains(first, []byte(" | ")) || bytes.Contains(head, []byte("log="))) {
		return " (a Tenhou archive listing: haifu archive index reads it)"
	}
	return ""
}

// describe says what data starts with: its first 16 bytes after white
// space, quoted, for error messages.
func describe(data []byte) string {
	if len(data) == 0 {
		return "is empty"
	}
	b := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(b) == 0 {
		return "is only white space"
	}
	const n = 16
	if len(b) <= n {
		return "starts with " + strconv.Quote(string(b))
	}
	cut := n
	for cut > n-utf8.UTFMax && !utf8.RuneStart(b[cut]) {
		cut--
	}
	if !utf8.RuneStart(b[cut]) {
		cut = n
	}
	return "starts with " + strconv.Quote(string(b[:cut])) + "..."
}
