package haifu

import (
	"bytes"
	"context"
	"errors"
	"io"
	"iter"
	"slices"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// Source is what Verify and Games read: files, directories and archives
// by their paths (Paths), or one input in memory or from a reader
// (Reader, Bytes). A source may hold any number of games, of any format,
// compressed or in archives; everything is recognised by its content.
type Source struct {
	paths []string
	name  string
	r     io.Reader
}

// Paths is the source of the files, directories (walked recursively, in
// lexical order) and archives at paths; "-" is standard input.
func Paths(paths ...string) Source { return Source{paths: paths} }

// Reader is the source of what r holds: a log, several, compressed data or
// an archive of them, as a file may. name names it in findings and errors
// (a file name, a URL).
func Reader(name string, r io.Reader) Source { return Source{name: name, r: r} }

// Bytes is the source of data, named name: Reader(name,
// bytes.NewReader(data)).
func Bytes(name string, data []byte) Source { return Reader(name, bytes.NewReader(data)) }

// walk walks the source's inputs with opt, as parser.Walk does.
func (s Source) walk(opt parser.Options, fn func(parser.Input) error) error {
	if s.r != nil {
		return parser.WalkReader(s.name, s.r, opt, fn)
	}
	return parser.Walk(s.paths, opt, fn)
}

// Options configure Verify and Games. The zero Options (or nil) verify
// every game under its own rules, every check, detecting each format, on
// one goroutine, with the default limits.
type Options struct {
	// Rules is the rule set games are judged under: "" or "auto" for each
	// log's own (its platform, lobby and date say which), a preset name
	// (adjudicator.PresetNames) or the path of a rule file (TOML). Under
	// rules that are not a log's own, the differences are what those rules
	// would have decided, and play they would have changed is divergent
	// (GameReport.DivergentFrom), not a finding.
	Rules string
	// Checks selects the passes, as `haifu verify --checks` does: "" for
	// every pass, names to run ("legality,wall") or names to skip
	// ("-wall"); see adjudicator.SelectPasses.
	Checks string
	// Format, when not event.FormatUnknown, is the format of every input
	// instead of the detected one.
	Format event.Format
	// Jobs is the number of goroutines that decode and judge games at
	// once; 0 means 1. The report is the same whatever it is.
	Jobs int
	// Walk configures the reading of inputs: the limits on game sizes,
	// archives and nesting, standard input, temporary files (see package
	// parser and package source). Its Format is set from Format.
	Walk parser.Options
}

// Report is what Verify found: one GameReport per game and per input that
// holds no readable game, in input order.
type Report struct {
	Games []GameReport
}

// GameReport is the verification of one game, or an input that could not
// be read.
type GameReport struct {
	// Path names the file the game is in (an archive member as
	// "archive!member"); Index is the game's index in its file, from 0.
	Path  string
	Index int
	// ID is the game's log id when the log has one; Format its format.
	ID     string
	Format event.Format
	// Viewpoint is the seat the log sees its game from (event.Meta's
	// Viewpoint: a Tenhou file name's tw, a player's view), or
	// event.NoSeat; Link shows a finding without a seat from it.
	Viewpoint event.Seat
	// Err is why the input, or the game, could not be read completely (an
	// *event.Error with the file, game, hand and round, byte offset,
	// element or line, and the line and column of the offset where the
	// game starts its file), or why no rule set fits the game. A game read
	// in part is judged as far as it goes.
	Err error
	// Judged: the game was judged (Rules names the rule set), in full or
	// as far as it could be read.
	Judged bool
	Rules  string
	// Hands is the number of hands judged.
	Hands int
	// Findings are the discrepancies found, in event order: each names
	// its check, hand, round, event and seat, and what the rules expected
	// and the log recorded, as text and typed (check.Finding's
	// TypedExpected and TypedRecorded: numbers, one per seat for scores);
	// Link gives each one's viewer link.
	Findings []check.Finding
	// Undetermined are the findings of a log that does not say which of
	// several rule sets it was played under (an undated log) that some of
	// them make and others do not: not discrepancies.
	Undetermined []adjudicator.Undetermined
	// DivergentFrom is the first hand the rules would have played
	// differently from the log (under rules not the log's own), or -1.
	DivergentFrom int
}

// Link returns the Tenhou viewer link to the hand of a finding of g
// (event.TenhouViewerURL), seen from its seat or else from g's
// Viewpoint; "" when the game has no Tenhou log id.
func (g *GameReport) Link(f *check.Finding) string {
	seat := f.Seat
	if !seat.Valid() {
		seat = g.Viewpoint
	}
	s, _ := event.TenhouViewerURL(g.ID, f.Hand, seat)
	return s
}

// OK reports whether every input was read and judged, and nothing was
// found.
func (r *Report) OK() bool {
	for i := range r.Games {
		if g := &r.Games[i]; g.Err != nil || !g.Judged || len(g.Findings) > 0 {
			return false
		}
	}
	return true
}

// Findings returns the number of findings of every game.
func (r *Report) Findings() int {
	n := 0
	for i := range r.Games {
		n += len(r.Games[i].Findings)
	}
	return n
}

// Verify reads every game of src, replays it and judges every hand end and
// the game end under the rules opt names, and returns what it found. A
// game or input that cannot be read is in the report with its error; the
// error Verify returns is a bad option (an unknown preset, a rule file
// that cannot be read, a bad Checks), a walk that cannot go on, or ctx's.
func Verify(ctx context.Context, src Source, opt *Options) (*Report, error) {
	var o Options
	if opt != nil {
		o = *opt
	}
	bopt, err := o.batch()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sink := &reportSink{}
	if bopt.Walk.Source.Context == nil {
		bopt.Walk.Source.Context = ctx // cancelling ends a walk that waits on a pipe
	}
	walk := func(fn func(parser.Input) error) error { return src.walk(bopt.Walk, fn) }
	_, err = batch.EachInput(ctx, walk, bopt, sink)
	if err == nil {
		err = ctx.Err() // cancelled as the last inputs were done: interrupted all the same
	}
	return &sink.rep, err
}

// batch returns the batch options of o.
func (o *Options) batch() (batch.Options, error) {
	b := batch.Options{Jobs: max(o.Jobs, 1), Format: o.Format, Walk: o.Walk}
	b.Walk.Format = o.Format
	if o.Rules != "" && o.Rules != "auto" {
		r, err := adjudicator.Load(o.Rules)
		if err != nil {
			return b, err
		}
		b.Rules = r
	}
	passes, err := adjudicator.SelectPasses(o.Checks)
	if err != nil {
		return b, err
	}
	b.Passes = passes
	return b, nil
}

// reportSink collects the games' reports in input order.
type reportSink struct{ rep Report }

// Take copies what the report keeps of r, which the pipeline reuses.
func (*reportSink) Take(r *batch.Result, _ GameReport) GameReport {
	m := &r.Game.Meta
	gr := GameReport{Path: r.Input.Path, Index: max(r.Input.Game, 0), ID: m.ID, Format: m.Format, Viewpoint: m.Viewpoint(), Err: r.Err, DivergentFrom: -1}
	if r.Err == nil {
		gr.Err = r.RulesErr
	}
	if rep := r.Report; rep != nil {
		gr.Judged = true
		gr.Rules = rep.Rules.Name
		gr.Hands = len(rep.Hands)
		gr.Findings = slices.Clone(rep.Findings)
		gr.Undetermined = slices.Clone(rep.Undetermined)
		gr.DivergentFrom = rep.DivergentFrom
	}
	return gr
}

// Write appends g to the report.
func (s *reportSink) Write(g GameReport) error {
	s.rep.Games = append(s.rep.Games, g)
	return nil
}

// Games reads the games of src one after another and yields each as
// decoded into haifu's event model, with the error that kept it from being
// read completely (the game then holds what could be read), or with the
// error of an input that holds no game (the game is then empty but for its
// Meta.Path). The game is valid until the next iteration: clone what you
// keep. opt's Format and Walk apply; Rules, Checks and Jobs do not. Stop
// early by breaking out of the loop; ctx is checked before each game.
func Games(ctx context.Context, src Source, opt *Options) iter.Seq2[*event.Game, error] {
	var o Options
	if opt != nil {
		o = *opt
	}
	return func(yield func(*event.Game, error) bool) {
		walk := o.Walk
		walk.Format = o.Format
		if walk.Source.Context == nil {
			walk.Source.Context = ctx
		}
		dec := parser.Decoder{Format: o.Format}
		var g event.Game
		stop := errors.New("stop")
		err := src.walk(walk, func(in parser.Input) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			derr := dec.Decode(&in, &g)
			if !yield(&g, derr) {
				return stop
			}
			return nil
		})
		if err != nil && err != stop {
			g.Reset()
			yield(&g, err)
		}
	}
}
