// Package batch runs haifu over many inputs: a bounded pool of workers,
// one goroutine per game from bytes to rows (parse, replay, adjudicate),
// with the results handed to a sink in input order, so that the output is
// the same whatever the number of workers. It is the only package of haifu
// that starts goroutines.
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
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/stats"
)

// Options configure a run. The zero Options judge every input under its
// own rules with one worker per CPU.
type Options struct {
	// Jobs is the number of workers; 0 means runtime.GOMAXPROCS(0).
	Jobs int
	// Format forces the input format (event.FormatUnknown: detect).
	Format event.Format
	// Rules, when not nil, judges every game under these rules; nil
	// judges each under its own platform's preset (--rules auto).
	Rules *adjudicator.Rules
	// Shard and Shards select a deterministic part of the inputs: the
	// inputs whose 0-based index in the walk is Shard modulo Shards.
	// Shards 0 or 1 means all. Every shard must be given the same paths.
	Shard, Shards int
	// Walk are the options of the input walk (standard input, limits).
	Walk parser.Options
	// Progress, when set, is called after each input with the number of
	// inputs done so far, from the goroutine that calls the sink.
	Progress func(done int)
}

// Sink receives every input's rows, in input order, from one goroutine.
// The rows are reused once Write returns: Write must copy what it keeps.
type Sink interface {
	Write(*stats.GameRows) error
}

// Counts are what a run did.
type Counts struct {
	// Inputs is the number of inputs of this shard; Judged those read and
	// judged, Failed those that could not be read or judged. Inputs ==
	// Judged + Failed.
	Inputs, Judged, Failed int
	// Rounds is the number of hands judged, Discrepancies the findings,
	// DivergentGames the games divergent under the rules.
	Rounds, Discrepancies, DivergentGames int
}

type job struct {
	index int
	in    parser.Input
}

type result struct {
	index int
	rows  *stats.GameRows
}

// Run walks paths, judges every input and writes the rows to sink in input
// order. It returns when every input is done, or at the first error of the
// walk itself, of the sink, or of ctx; an input that cannot be read or
// judged is not an error of the run (it becomes an errors row).
func Run(ctx context.Context, paths []string, opt Options, sink Sink) (Counts, error) {
	workers := opt.Jobs
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if opt.Shards > 1 && (opt.Shard < 0 || opt.Shard >= opt.Shards) {
		return Counts{}, fmt.Errorf("batch: shard %d of %d out of range", opt.Shard, opt.Shards)
	}
	g, ctx := errgroup.WithContext(ctx)
	// In flight: read but not yet given to the sink. Bounding it bounds
	// memory, whatever the order workers finish in.
	window := 8*workers + 16
	tokens := make(chan struct{}, window)
	jobs := make(chan job, workers)
	results := make(chan result, window)
	// Rows go back here once the sink has them, to be filled again: at
	// most window are in use at a time.
	free := make(chan *stats.GameRows, window+workers)

	g.Go(func() error {
		defer close(jobs)
		index := 0
		return parser.Walk(paths, opt.Walk, func(in parser.Input) error {
			i := index
			index++
			if opt.Shards > 1 && i%opt.Shards != opt.Shard {
				return nil
			}
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- job{i, in}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	})
	var wg errgroup.Group
	for range workers {
		wg.Go(func() error {
			w := newWorker(opt)
			for j := range jobs {
				var rows *stats.GameRows
				select {
				case rows = <-free:
				default:
					rows = new(stats.GameRows)
				}
				w.process(&j.in, rows)
				select {
				case results <- result{j.index, rows}:
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
	pending := map[int]*stats.GameRows{}
	var sinkErr error
	emit := func(rows *stats.GameRows) {
		<-tokens
		c.Inputs++
		if rows.Game.Error != nil {
			c.Failed++
		} else {
			c.Judged++
			c.Rounds += len(rows.Rounds)
			c.Discrepancies += len(rows.Discrepancies)
			if rows.Game.DivergentFrom != nil {
				c.DivergentGames++
			}
		}
		if sinkErr == nil {
			sinkErr = sink.Write(rows)
		}
		select {
		case free <- rows:
		default:
		}
		if opt.Progress != nil {
			opt.Progress(c.Inputs)
		}
	}
	// Inputs of a shard have indices i ≡ Shard (mod Shards); the walk
	// hands them out in increasing order.
	next, step := 0, 1 // the index expected next
	if opt.Shards > 1 {
		next, step = opt.Shard, opt.Shards
	}
	for r := range results {
		pending[r.index] = r.rows
		for {
			rows, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(rows)
			next += step
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
}

func newWorker(opt Options) *worker {
	return &worker{opt: opt, dec: parser.Decoder{Format: opt.Format}}
}

// process decodes, replays and judges one input and fills rows with it.
func (w *worker) process(in *parser.Input, rows *stats.GameRows) {
	g := &w.g
	if err := w.dec.Decode(in, g); err != nil {
		rows.Fill(in.Path, g, nil, err)
		return
	}
	own, err := w.sel.For(g)
	if err != nil {
		rows.Fill(in.Path, g, nil, fmt.Errorf("%s: %w", in.Path, err))
		return
	}
	rules, native := own, true
	if w.opt.Rules != nil {
		rules, native = w.opt.Rules, w.opt.Rules.Name == own.Name
	}
	rows.Fill(in.Path, g, w.jr.Judge(g, rules, native), nil)
}
