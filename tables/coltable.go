package tables

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
)

// colTable is a table written column-wise (colwriter.go). The caller reads
// each game's rows into the columns of the row group being filled, as they
// come, so that rows are neither copied nor kept; at the end of the group
// it hands the columns to the table's goroutine, which encodes them while
// the caller fills a second set. The two sets are all the memory a table
// holds besides its part's metadata.
type colTable[T any] struct {
	dir    string // the table's directory
	plan   *colPlan
	codec  *zstdCodec
	f      *os.File   // the part being written
	w      *colWriter // its writer
	part   int        // index of the part being written
	groups int        // row groups in it
	cur    *colSet    // the row group being filled
	queue  chan *colSet
	free   chan *colSet
	done   chan error            // the goroutine's result, once queue is closed
	err    atomic.Pointer[error] // the goroutine's first error, as it happens
}

func newColTable[T any](dir string, plan *colPlan, codec *zstdCodec) (*colTable[T], error) {
	t := &colTable[T]{dir: dir, plan: plan, codec: codec, cur: newColSet(plan),
		queue: make(chan *colSet, 1), free: make(chan *colSet, 2), done: make(chan error, 1)}
	if runtime.GOMAXPROCS(0) > 1 {
		t.free <- newColSet(plan)
	}
	if err := t.openPart(); err != nil {
		return nil, err
	}
	go t.run(t.queue)
	return t, nil
}

// openPart creates the part file t.part.
func (t *colTable[T]) openPart() error {
	f, err := os.OpenFile(filepath.Join(t.dir, partName(t.part)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	t.f, t.w, t.groups = f, newColWriter(t.plan, f, t.codec), 0
	return nil
}

// closePart finishes the part being written.
func (t *colTable[T]) closePart() error {
	err := t.w.close()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// run writes the row groups queued. After an error it goes on taking them,
// so that the caller never blocks, and reports the first error.
func (t *colTable[T]) run(queue <-chan *colSet) {
	var err error
	for s := range queue {
		if err == nil && t.groups == rowGroupsPerPart {
			// The part is full: go on in the next one.
			if err = t.closePart(); err == nil {
				t.part++
				err = t.openPart()
			}
		}
		if err == nil {
			err = t.w.writeGroup(s)
			t.groups++
		}
		if err != nil && t.err.Load() == nil {
			t.err.Store(&err)
		}
		s.reset()
		t.free <- s
	}
	t.done <- err
}

// add reads one game's rows into the row group being filled; a group that
// reaches maxRowGroupRows rows goes to the goroutine.
func (t *colTable[T]) add(rows ...T) {
	for len(rows) > 0 {
		n := min(len(rows), maxRowGroupRows-t.cur.rows)
		appendRows(t.cur, t.plan, rows[:n])
		rows = rows[n:]
		if t.cur.rows == maxRowGroupRows {
			t.handOver()
		}
	}
}

// handOver queues the row group being filled and takes a free set.
func (t *colTable[T]) handOver() {
	t.queue <- t.cur
	t.cur = <-t.free
}

// send ends a row group when end says so: the chunks of the Writer are of
// no concern to a colTable.
func (t *colTable[T]) send(end bool) {
	if end && t.cur.rows > 0 {
		t.handOver()
	}
}

// failed returns the goroutine's error so far, if any.
func (t *colTable[T]) failed() error {
	if p := t.err.Load(); p != nil {
		return *p
	}
	return nil
}

// stop queues what is left and waits for the goroutine.
func (t *colTable[T]) stop() error {
	if t.queue == nil {
		return nil
	}
	if t.cur.rows > 0 {
		t.queue <- t.cur
		t.cur = nil
	}
	close(t.queue)
	t.queue = nil
	return <-t.done
}

// close finishes the last part.
func (t *colTable[T]) close() error {
	err := t.stop()
	if cerr := t.closePart(); err == nil {
		err = cerr
	}
	return err
}

// abort stops writing.
func (t *colTable[T]) abort() {
	t.stop()
	t.f.Close()
}
