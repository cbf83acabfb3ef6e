// Package batch runs haifu over many inputs: a bounded pool of workers,
// one goroutine per game from bytes to a judged game (decode, replay,
// adjudicate), with each game's output handed to a sink in input order, so
// that what a command writes is the same whatever the number of workers.
// verify, analyze and events all run on it, each with a sink of its own.
// It is the only package of haifu that starts goroutines.
//
// Every input ends up either judged or counted as failed with its error;
// nothing is dropped.
package batch

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// Options configure a run. The zero Options judge every input under its
// own rules with one worker per CPU.
type Options struct {
	// Jobs is the number of workers; 0 means runtime.GOMAXPROCS(0).
	Jobs int
	// Format forces the input format (event.FormatUnknown: detect).
	Format event.Format
	// Rules, when not nil, judges every game under these rules; nil
	// judges each under its own (--rules auto). RuleSets, when not empty,
	// replace it: every game is judged under each of them in one pass
	// (adjudicator.Judger.JudgeSets), and Result.Sets holds the
	// judgements.
	Rules    *adjudicator.Rules
	RuleSets []*adjudicator.RuleSet
	// Passes are the passes a judgement runs (adjudicator.SelectPasses);
	// nil runs every pass.
	Passes []*adjudicator.Pass
	// DecodeOnly: games are decoded, not judged (Result.Report is nil).
	DecodeOnly bool
	// Shard and Shards select a deterministic part of the inputs: the
	// inputs whose 0-based index in the walk is Shard modulo Shards.
	// Shards 0 or 1 means all. Every shard must be given the same paths.
	Shard, Shards int
	// Walk are the options of the input walk (standard input, limits).
	Walk parser.Options
	// Progress, when set, is called after each input with the number of
	// inputs done so far, from the goroutine that calls the sink's Write.
	Progress func(done int)
}

// Result is what the pipeline made of one input: its game as decoded and,
// unless Options.DecodeOnly, its judgement. It is valid only during the
// Sink's Take.
type Result struct {
	Input *parser.Input
	Game  *event.Game
	// Err is why the input or its game could not be read completely: the
	// Input's error, or the decoder's (the game then holds what could be
	// read).
	Err error
	// Report is the judgement of a game that could be read completely, or
	// in part (a truncated log: its events are judged as far as they
	// go); nil for an unreadable input, a game the decoder cannot replay,
	// or when no rule set fits the game (RulesErr).
	Report   *adjudicator.Report
	RulesErr error
	// Sets are the judgements under Options.RuleSets, in their order
	// (nil without them): Report is then the first of their reports
	// (nil when no rule set applies to the game), and RulesErr the error
	// of the first rule set that has one.
	Sets []adjudicator.SetJudgement
}

// Unreadable reports whether the input holds no game at all.
func (r *Result) Unreadable() bool { return r.Input.Err != nil }

// Judged reports whether the game was read completely and judged (under
// Options.RuleSets: under every rule set that applies to it, which may be
// none).
func (r *Result) Judged() bool {
	return r.Err == nil && (r.Report != nil || r.Sets != nil && r.RulesErr == nil)
}

// A Sink receives a run's results. Take turns one result into what Write
// gets; it runs in the worker goroutines, any number at once, and must keep
// nothing of r, which is reused (prev is a value Write had, for Take to
// reuse its memory, or the zero T). Write gets the values in input order,
// from one goroutine.
type Sink[T any] interface {
	Take(r *Result, prev T) T
	Write(T) error
}

// Counts are what a run did.
type Counts struct {
	// Inputs is the number of inputs of this shard: the games found and
	// the inputs that could not be read at all (Unreadable: a missing
	// file, content that is no log, bytes after a file's last game).
	// Inputs == Games + Unreadable. Of the games, Judged were read and
	// judged and NotRead were not: they could not be read completely (or,
	// rarely, no rule set fits them). Failed is NotRead + Unreadable:
	// Inputs == Judged + Failed.
	Inputs, Games, Unreadable, Judged, NotRead, Failed int
	// Rounds is the number of hands judged, Discrepancies the findings,
	// Undetermined the findings that depend on the era of an undated log,
	// DivergentGames the games divergent under the rules: all of games
	// read completely and judged.
	Rounds, Discrepancies, Undetermined, DivergentGames int
}

// count counts one result.
func (c *Counts) count(r *Result) {
	c.Inputs++
	if r.Unreadable() {
		c.Unreadable++
	} else {
		c.Games++
	}
	if !r.Judged() {
		c.Failed++
		if !r.Unreadable() {
			c.NotRead++
		}
		return
	}
	c.Judged++
	if r.Report == nil {
		return
	}
	c.Rounds += len(r.Report.Hands)
	c.Discrepancies += len(r.Report.Findings)
	c.Undetermined += len(r.Report.Undetermined)
	if r.Report.DivergentFrom >= 0 {
		c.DivergentGames++
	}
}

// add adds the counts o to c.
func (c *Counts) add(o Counts) {
	c.Inputs += o.Inputs
	c.Games += o.Games
	c.Unreadable += o.Unreadable
	c.Judged += o.Judged
	c.NotRead += o.NotRead
	c.Failed += o.Failed
	c.Rounds += o.Rounds
	c.Discrepancies += o.Discrepancies
	c.Undetermined += o.Undetermined
	c.DivergentGames += o.DivergentGames
}

// jobSize is the number of inputs handed to a worker at a time: batches
// make the hand-overs between goroutines, each a possible wake-up of
// another thread, rare next to the work.
const jobSize = 16

// job is a batch of consecutive inputs (of the shard), the seq-th batch.
type job struct {
	seq int
	ins []parser.Input
}

// taken is one input's output: the sink's value and the input's counts.
type taken[T any] struct {
	v T
	c Counts
}

// result is the outputs of the seq-th batch, in input order.
type result[T any] struct {
	seq int
	out []taken[T]
}

// Each walks paths (parser.Walk with opt.Walk), takes every input through
// the pipeline and hands the outputs to sink in input order. It returns
// when every input is done, or at the first error of the walk itself, of
// the sink, or of ctx; an input that cannot be read or judged is not an
// error of the run (its Result says why).
func Each[T any](ctx context.Context, paths []string, opt Options, sink Sink[T]) (Counts, error) {
	if opt.Walk.Source.Context == nil {
		opt.Walk.Source.Context = ctx // cancelling ends a walk that waits on a pipe
	}
	walk := func(fn func(parser.Input) error) error { return parser.Walk(paths, opt.Walk, fn) }
	return EachInput(ctx, walk, opt, sink)
}

// EachInput is Each over the inputs walk gives: walk calls fn for each
// input in order and stops at fn's first error, as parser.Walk and
// parser.WalkReader do (bytes in memory are walked with WalkReader).
func EachInput[T any](ctx context.Context, walk func(fn func(parser.Input) error) error, opt Options, sink Sink[T]) (Counts, error) {
	workers := opt.Jobs
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if opt.Shards > 1 && (opt.Shard < 0 || opt.Shard >= opt.Shards) {
		return Counts{}, fmt.Errorf("batch: shard %d of %d out of range", opt.Shard, opt.Shards)
	}
	g, ctx := errgroup.WithContext(ctx)
	// In flight: batches read but not yet given to the sink. Bounding them
	// bounds memory, whatever the order workers finish in.
	window := 4*workers + 4
	tokens := make(chan struct{}, window)
	jobs := make(chan job, workers)
	results := make(chan result[T], window)
	// Values go back here once the sink has written them, for Take to
	// fill again.
	free := make(chan T, (window+workers+1)*jobSize)

	g.Go(func() error {
		defer close(jobs)
		index, seq := 0, 0
		var batch []parser.Input
		send := func() error {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- job{seq, batch}:
			case <-ctx.Done():
				return ctx.Err()
			}
			seq++
			batch = make([]parser.Input, 0, jobSize)
			return nil
		}
		err := walk(func(in parser.Input) error {
			i := index
			index++
			if opt.Shards > 1 && i%opt.Shards != opt.Shard {
				return nil
			}
			batch = append(batch, in)
			if len(batch) == jobSize {
				return send()
			}
			return nil
		})
		if err == nil && len(batch) > 0 {
			err = send()
		}
		return err
	})
	var wg errgroup.Group
	for range workers {
		wg.Go(func() error {
			w := newWorker(opt)
			for j := range jobs {
				out := make([]taken[T], len(j.ins))
				for k := range j.ins {
					// A run interrupted stops at once: between inputs
					// here, within a game in step.
					if err := ctx.Err(); err != nil {
						return err
					}
					var prev T
					select {
					case prev = <-free:
					default:
					}
					r, err := w.step(ctx, &j.ins[k])
					if err != nil {
						return err
					}
					bound(r)
					out[k].v = sink.Take(r, prev)
					out[k].c.count(r)
					j.ins[k] = parser.Input{} // the data is no longer needed
				}
				select {
				case results <- result[T]{j.seq, out}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		err := wg.Wait()
		close(results)
		return err
	})

	// Collect in input order.
	var c Counts
	pending := map[int][]taken[T]{}
	var sinkErr error
	emit := func(t taken[T]) {
		c.add(t.c)
		if sinkErr == nil {
			sinkErr = sink.Write(t.v)
		}
		select {
		case free <- t.v:
		default:
		}
		if opt.Progress != nil {
			opt.Progress(c.Inputs)
		}
	}
	next := 0 // the batch expected next
	for r := range results {
		pending[r.seq] = r.out
		for {
			batch, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for _, t := range batch {
				emit(t)
			}
			<-tokens
			next++
		}
	}
	werr := g.Wait()
	if len(pending) > 0 && werr == nil {
		werr = fmt.Errorf("batch: %d results were not written", len(pending))
	}
	return c, errors.Join(werr, sinkErr)
}

// worker holds one goroutine's decoders and judge, reused from game to
// game.
type worker struct {
	opt Options
	dec parser.Decoder
	g   event.Game
	jr  adjudicator.Judger
	sel adjudicator.Selector
	res Result
}

func newWorker(opt Options) *worker {
	return &worker{opt: opt, dec: parser.Decoder{Format: opt.Format}, jr: adjudicator.Judger{Passes: opt.Passes}}
}

// step decodes and judges one input: the one step from an input to its
// game and report that every command shares. It returns ctx's error when
// ctx is done before the judgement is (the judge looks at it between
// hands and within long ones).
func (w *worker) step(ctx context.Context, in *parser.Input) (*Result, error) {
	r := &w.res
	*r = Result{Input: in, Game: &w.g}
	r.Err = w.dec.Decode(in, &w.g)
	if w.opt.DecodeOnly || in.Err != nil || len(w.g.Events) == 0 || errors.Is(r.Err, event.ErrUnsupported) {
		// Nothing to judge, or a game the decoder cannot replay, which
		// is never judged from what it read.
		return r, nil
	}
	if len(w.opt.RuleSets) > 0 {
		sets, err := w.jr.JudgeSetsContext(ctx, &w.g, w.opt.RuleSets, &w.sel)
		if err != nil {
			return nil, err
		}
		r.Sets = sets
		for i := range r.Sets {
			if r.Report == nil {
				r.Report = r.Sets[i].Report
			}
			if r.RulesErr == nil {
				r.RulesErr = r.Sets[i].Err
			}
		}
		return r, nil
	}
	r.Report, r.RulesErr = w.jr.JudgeGameContext(ctx, &w.g, w.opt.Rules, &w.sel)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r, nil
}

// bound cuts the input text that r quotes to event.MaxQuote bytes a
// piece (event.ClipText): its path (an archive's member names), its
// error, the decoder's warnings and the findings' messages and values.
// Every command writes what the sinks are given, so that this is the one
// place where a result's text is bounded; it allocates only for a piece
// it cuts.
func bound(r *Result) {
	r.Input.Path = event.ClipText(r.Input.Path)
	r.Err = event.ClipError(r.Err)
	r.RulesErr = event.ClipError(r.RulesErr)
	if r.Game != nil {
		for i, w := range r.Game.Meta.Warnings {
			r.Game.Meta.Warnings[i] = event.ClipText(w)
		}
	}
	boundReport(r.Report)
	for i := range r.Sets {
		// (A set's report may be r.Report: cutting twice changes nothing.)
		boundReport(r.Sets[i].Report)
		r.Sets[i].Err = event.ClipError(r.Sets[i].Err)
	}
}

// boundReport cuts the input text rep's findings quote; rep may be nil.
func boundReport(rep *adjudicator.Report) {
	if rep == nil {
		return
	}
	for i := range rep.Findings {
		boundFinding(&rep.Findings[i])
	}
	for i := range rep.Undetermined {
		boundFinding(&rep.Undetermined[i].Finding)
	}
	rep.DivergentReason = event.ClipText(rep.DivergentReason)
}

// boundFinding cuts the input text a finding quotes.
func boundFinding(f *check.Finding) {
	f.Message = event.ClipText(f.Message)
	f.Expected = event.ClipText(f.Expected)
	f.Recorded = event.ClipText(f.Recorded)
}
