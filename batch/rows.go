package batch

import (
	"context"
	"fmt"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/stats"
)

// RowSink receives every input's table rows, in input order, from one
// goroutine. The rows are reused once Write returns: Write must copy what
// it keeps.
type RowSink interface {
	Write(*stats.GameRows) error
}

// Run walks paths, judges every input under opt.Rules (each under its own
// when nil) and writes its table rows to sink in input order: Each with a
// sink that fills the rows. Analyze's pipeline, which judges under
// several rule sets, is RunSets.
func Run(ctx context.Context, paths []string, opt Options, sink RowSink) (Counts, error) {
	return Each[*stats.GameRows](ctx, paths, opt, rowsSink{sink})
}

// rowsSink fills the table rows of each result in a worker and hands them
// to a RowSink.
type rowsSink struct{ s RowSink }

// Take fills the rows of one result, reusing prev's storage.
func (rs rowsSink) Take(r *Result, prev *stats.GameRows) *stats.GameRows {
	if prev == nil {
		prev = new(stats.GameRows)
	}
	fillRows(r, prev)
	return prev
}

func (rs rowsSink) Write(rows *stats.GameRows) error { return rs.s.Write(rows) }

// fillRows makes rows the table rows of r: the judgement of a game read
// completely, or the error of one that was not.
func fillRows(r *Result, rows *stats.GameRows) {
	path := r.Input.Path
	switch {
	case r.Err != nil:
		rows.Fill(path, r.Game, nil, r.Err)
	case r.RulesErr != nil:
		rows.Fill(path, r.Game, nil, fmt.Errorf("%s: %w", path, r.RulesErr))
	default:
		rows.Fill(path, r.Game, r.Report, nil)
	}
}

// InputSink receives every input's table rows under each rule set of a
// run, in input order, from one goroutine. The rows are reused once Write
// returns: Write must copy what it keeps.
type InputSink interface {
	Write(*stats.InputRows) error
}

// RunSets walks paths, judges every input under each of opt.RuleSets in one
// pass (each game decoded and replayed once; without RuleSets, under
// opt.Rules, or auto when that is nil) and writes its rows to sink in input
// order: analyze's pipeline.
func RunSets(ctx context.Context, paths []string, opt Options, sink InputSink) (Counts, error) {
	if len(opt.RuleSets) == 0 {
		if opt.Rules != nil {
			opt.RuleSets = []*adjudicator.RuleSet{adjudicator.FixedRuleSet(opt.Rules)}
		} else {
			opt.RuleSets = []*adjudicator.RuleSet{adjudicator.AutoRuleSet()}
		}
	}
	return Each[*stats.InputRows](ctx, paths, opt, setsSink{sink, opt.RuleSets})
}

// setsSink fills the rows of each result under every rule set in a worker
// and hands them to an InputSink.
type setsSink struct {
	s    InputSink
	sets []*adjudicator.RuleSet
}

// Take fills the rows of one result, reusing prev's storage.
func (ss setsSink) Take(r *Result, prev *stats.InputRows) *stats.InputRows {
	if prev == nil {
		prev = new(stats.InputRows)
	}
	prev.Fill(r.Input.Path, r.Game, ss.sets, r.Sets, r.Err)
	return prev
}

func (ss setsSink) Write(rows *stats.InputRows) error { return ss.s.Write(rows) }
