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
	"slices"

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
	// Inputs is the number of inputs of this shard: the games found and
	// the inputs that could not be read at all (Unreadable: a missing
	// file, content that is no log, bytes after a file's last game).
	// Inputs == Games + Unreadable. Of the games, Judged were read and
	// judged and NotRead could not be read completely; Failed is NotRead
	// + Unreadable: Inputs == Judged + Failed.
	Inputs, Games, Unreadable, Judged, NotRead, Failed int
	// Rounds is the number of hands judged, Discrepancies the findings,
	// Undetermined the findings that depend on the era of an undated log,
	// DivergentGames the games divergent under the rules.
	Rounds, Discrepancies, Undetermined, DivergentGames int
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

// result is the rows of the seq-th batch, in input order.
type result struct {
	seq  int
	rows []*stats.GameRows
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
	// In flight: batches read but not yet given to the sink. Bounding them
	// bounds memory, whatever the order workers finish in.
	window := 4*workers + 4
	tokens := make(chan struct{}, window)
	jobs := make(chan job, workers)
	results := make(chan result, window)
	// Rows go back here once the sink has them, to be filled again.
	free := make(chan *stats.GameRows, (window+workers+1)*jobSize)

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
		err := parser.Walk(paths, opt.Walk, func(in parser.Input) error {
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
				out := make([]*stats.GameRows, len(j.ins))
				for k := range j.ins {
					select {
					case out[k] = <-free:
					default:
						out[k] = new(stats.GameRows)
					}
					w.process(&j.ins[k], out[k])
					j.ins[k] = parser.Input{} // the data is no longer needed
				}
				select {
				case results <- result{j.seq, out}:
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
	pending := map[int][]*stats.GameRows{}
	var sinkErr error
	emit := func(rows *stats.GameRows) {
		c.Inputs++
		if rows.Game.GameIndex == nil {
			c.Unreadable++
		} else {
			c.Games++
		}
		if rows.Game.Error != nil {
			c.Failed++
			if rows.Game.GameIndex != nil {
				c.NotRead++
			}
		} else {
			c.Judged++
			c.Rounds += len(rows.Rounds)
			c.Discrepancies += int(rows.Game.Discrepancies)
			c.Undetermined += int(rows.Game.Undetermined)
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
	next := 0 // the batch expected next
	for r := range results {
		pending[r.seq] = r.rows
		for {
			batch, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for _, rows := range batch {
				emit(rows)
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
	if w.opt.Rules == nil {
		rep, err := w.jr.JudgeAuto(g, &w.sel)
		if err != nil {
			rows.Fill(in.Path, g, nil, fmt.Errorf("%s: %w", in.Path, err))
			return
		}
		rows.Fill(in.Path, g, rep, nil)
		return
	}
	own, err := w.sel.Candidates(g)
	if err != nil {
		rows.Fill(in.Path, g, nil, fmt.Errorf("%s: %w", in.Path, err))
		return
	}
	native := slices.ContainsFunc(own, func(r *adjudicator.Rules) bool { return r.Name == w.opt.Rules.Name })
	rows.Fill(in.Path, g, w.jr.Judge(g, w.opt.Rules, native), nil)
}
