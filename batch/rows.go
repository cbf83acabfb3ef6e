package batch

import (
	"context"
	"fmt"

	"github.com/haifu/haifu/stats"
)

// RowSink receives every input's table rows, in input order, from one
// goroutine. The rows are reused once Write returns: Write must copy what
// it keeps.
type RowSink interface {
	Write(*stats.GameRows) error
}

// Run walks paths, judges every input and writes its table rows to sink in
// input order (analyze's pipeline: Each with a sink that fills the rows).
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
