package tables

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/parquet-go/parquet-go"

	"github.com/haifu/haifu/stats"
)

// The tables in an output directory. Each is a directory of its own, named
// so, that holds the table's rows in part files (part-00000.parquet,
// part-00001.parquet, …; see partName) read in name order: Parquet readers read such a directory as one table (DuckDB
// 'DIR/games/*.parquet', pandas read_parquet("DIR/games")).
const (
	GamesTable         = "games"
	RoundsTable        = "rounds"
	SeatsTable         = "seats"
	WinsTable          = "wins"
	DiscrepanciesTable = "discrepancies"
	ErrorsTable        = "errors"
)

// tableNames are the table names in the order the Writer writes them.
var tableNames = []string{GamesTable, RoundsTable, SeatsTable, WinsTable, DiscrepanciesTable, ErrorsTable}

// rowGroupsPerPart is the number of row groups after which a table goes on
// in a new part file. A Parquet writer keeps the metadata of every row
// group of a file until the file is closed; new parts keep that metadata,
// and so the memory of a run, bounded however long the archive.
const rowGroupsPerPart = 16

// partName is the name of the i-th part file (from 0) of a table.
func partName(i int) string { return fmt.Sprintf("part-%05d.parquet", i) }

// tableParts returns the part files of the table name in dir, in order.
func tableParts(dir, name string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		if _, derr := os.Stat(dir); derr == nil {
			return nil, fmt.Errorf("%s: not an output of haifu analyze (it has no %s table): %w", dir, name, fs.ErrNotExist)
		}
	}
	if err != nil {
		return nil, err
	}
	var parts []string
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, "part-") && strings.HasSuffix(n, ".parquet") {
			parts = append(parts, filepath.Join(dir, name, n))
		}
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("%s: no part files", filepath.Join(dir, name))
	}
	return parts, nil // ReadDir sorts by name
}

// gamesPerRowGroup is the number of games after which the Writer ends a
// row group in every table: the buffered rows are encoded and written, and
// memory goes back to what one row group of each table needs, whatever the
// length of the archive. (2,048 games make about 2,000 rows of games,
// 18,000 of rounds and 70,000 of seats.)
const gamesPerRowGroup = 2048

// maxRowGroupRows bounds a row group of any table, for inputs with
// unusually many rows (a game with thousands of discrepancies); the
// parquet writer starts the next group by itself when it is reached.
const maxRowGroupRows = 256 << 10

// tableWriter is one table being written: part files in its directory
// inside the output's temporary directory, written by a goroutine of its
// own from what the Writer hands it, in order. colTable (coltable.go), the
// column-wise writer, writes the tables; rowTable, parquet-go's row writer,
// writes the row types colTable has no plan for, and is what colTable's
// tests hold it to.
type tableWriter[T any] interface {
	// add appends one game's rows.
	add(rows ...T)
	// send ends a chunk of chunkGames games; end says a row group ends.
	send(end bool)
	// failed returns the goroutine's error so far, if any.
	failed() error
	// stop hands over what is left and waits for the goroutine.
	stop() error
	// close finishes the last part.
	close() error
	// abort stops writing.
	abort()
}

// newTable creates the table name in dir, written by the column-wise
// writer unless general says to use parquet-go's row writer or the
// column-wise writer has no plan for T.
func newTable[T any](dir, name string, codec *zstdCodec, meta map[string]string, general bool) (tableWriter[T], error) {
	tdir := filepath.Join(dir, name)
	if err := os.Mkdir(tdir, 0o755); err != nil {
		return nil, err
	}
	opts := []parquet.WriterOption{
		parquet.Compression(codec),
		parquet.PageBufferSize(256 << 10),
		createdBy("haifu version " + cmp.Or(meta[MetaVersion], "unknown")),
		parquet.MaxRowsPerRowGroup(maxRowGroupRows),
		// No min/max in every data page's header: readers take a page's
		// bounds from the column index, which stays, as do the column
		// chunks' statistics. Working them out a second time for the
		// headers was a quarter of the time spent writing the tables.
		parquet.DataPageStatistics(false),
	}
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		opts = append(opts, parquet.KeyValueMetadata(k, meta[k]))
	}
	if !general {
		plan, err := newColPlan[T](opts)
		switch {
		case err == nil:
			return asTable[T](newColTable[T](tdir, plan, codec))
		case !errors.Is(err, errNoPlan):
			return nil, err
		}
	}
	return asTable[T](newRowTable[T](tdir, opts))
}

// asTable returns t as a tableWriter, nil when err is not.
func asTable[T any, W tableWriter[T]](t W, err error) (tableWriter[T], error) {
	if err != nil {
		return nil, err
	}
	return t, nil
}

// abortTable aborts t, a table that may not have been created.
func abortTable[T any](t tableWriter[T]) {
	if t != nil {
		t.abort()
	}
}

// Rows reach a rowTable's goroutine in chunks of chunkGames games, and up
// to queuedChunks chunks wait for it: enough for the writer of each table
// to encode and compress a row group while the others, and the caller, go
// on.
const (
	chunkGames   = 64
	queuedChunks = 8
)

// chunk is the rows of chunkGames consecutive games (fewer for the last)
// for one table; end says a row group ends after them.
type chunk[T any] struct {
	rows []T
	end  bool
}

// rowTable is a table written by parquet-go's row writer, from chunks of
// rows.
type rowTable[T any] struct {
	dir    string // the table's directory
	opts   []parquet.WriterOption
	f      *os.File // the part being written
	w      *parquet.GenericWriter[T]
	part   int                   // index of the part being written
	groups int                   // row groups in it
	cur    []T                   // the chunk being filled
	queue  chan chunk[T]         // chunks for the goroutine
	free   chan []T              // written chunks, to be filled again
	done   chan error            // the goroutine's result, once queue is closed
	err    atomic.Pointer[error] // the goroutine's first error, as it happens
}

func newRowTable[T any](tdir string, opts []parquet.WriterOption) (*rowTable[T], error) {
	t := &rowTable[T]{dir: tdir, opts: opts,
		queue: make(chan chunk[T], queuedChunks), free: make(chan []T, queuedChunks+1), done: make(chan error, 1)}
	if err := t.openPart(); err != nil {
		return nil, err
	}
	go t.run(t.queue)
	return t, nil
}

// openPart creates the part file t.part.
func (t *rowTable[T]) openPart() error {
	f, err := os.OpenFile(filepath.Join(t.dir, partName(t.part)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	t.f, t.w, t.groups = f, parquet.NewGenericWriter[T](f, t.opts...), 0
	return nil
}

// closePart finishes the part being written.
func (t *rowTable[T]) closePart() error {
	err := t.w.Close()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// run writes the queued chunks. After an error it drains the queue, so
// that the Writer never blocks, and reports the first error.
func (t *rowTable[T]) run(queue <-chan chunk[T]) {
	var err error
	n := 0 // rows in the current row group
	for c := range queue {
		if err == nil && len(c.rows) > 0 && t.groups == rowGroupsPerPart {
			// The part is full: go on in the next one.
			if err = t.closePart(); err == nil {
				t.part++
				err = t.openPart()
			}
		}
		if err == nil && len(c.rows) > 0 {
			_, err = t.w.Write(c.rows)
			n += len(c.rows)
		}
		if err == nil && c.end && n > 0 {
			err = t.w.Flush()
			n = 0
			t.groups++
		}
		if err != nil && t.err.Load() == nil {
			t.err.Store(&err)
		}
		select {
		case t.free <- c.rows[:0]:
		default:
		}
	}
	t.done <- err
}

// failed returns the goroutine's error so far, if any.
func (t *rowTable[T]) failed() error {
	if p := t.err.Load(); p != nil {
		return *p
	}
	return nil
}

// add appends one game's rows to the current chunk.
func (t *rowTable[T]) add(rows ...T) { t.cur = append(t.cur, rows...) }

// send hands the current chunk to the goroutine.
func (t *rowTable[T]) send(end bool) {
	t.queue <- chunk[T]{t.cur, end}
	select {
	case t.cur = <-t.free:
	default:
		t.cur = nil
	}
}

// stop sends what is left and waits for the goroutine.
func (t *rowTable[T]) stop() error {
	if t.queue == nil {
		return nil
	}
	if len(t.cur) > 0 {
		t.send(false)
	}
	close(t.queue)
	t.queue = nil
	return <-t.done
}

// close finishes the last part.
func (t *rowTable[T]) close() error {
	err := t.stop()
	if cerr := t.closePart(); err == nil {
		err = cerr
	}
	return err
}

// abort stops writing.
func (t *rowTable[T]) abort() {
	t.stop()
	t.closePart()
}

// Writer writes the six tables into an output directory, which it
// replaces as one unit (see output.go): the tables are written into a
// temporary directory beside it and put in place by Close, so that the
// directory never holds a half-written table or the tables of two runs.
// Each table is encoded and compressed by a goroutine of its own. A Writer
// is not safe for concurrent use: one goroutine feeds it, in input order,
// and calls Close or Abort at the end.
type Writer struct {
	out           *output
	games         tableWriter[stats.GameRow]
	rounds        tableWriter[stats.RoundRow]
	seats         tableWriter[stats.SeatRow]
	wins          tableWriter[stats.WinRow]
	discrepancies tableWriter[stats.DiscrepancyRow]
	errs          tableWriter[stats.ErrorRow]
	n             int // games written
}

// The keys of the key/value metadata haifu analyze writes into every file.
const (
	// MetaVersion is haifu's version (also in the files' created_by).
	MetaVersion = "haifu.version"
	// MetaInputs is the inputs as given, a JSON list of strings.
	MetaInputs = "haifu.inputs"
	// MetaRules is the --rules given ("auto", a preset, a file), and
	// MetaRulesTOML the rule set in full when it is one for every game.
	MetaRules     = "haifu.rules"
	MetaRulesTOML = "haifu.rules_toml"
	// MetaShard is the shard, "K/N", when the inputs were split.
	MetaShard = "haifu.shard"
	// MetaIndex is the archive index joined to the games (--index).
	MetaIndex = "haifu.index"
)

// NewWriter prepares the output directory dir (created with its parents if
// needed; when it exists it must hold nothing but haifu's tables, or the
// error wraps ErrNotOutput) and creates the tables. meta is written as
// key/value metadata into every file (the Meta keys), and its MetaVersion
// into their created_by.
func NewWriter(dir string, meta map[string]string) (*Writer, error) {
	return newWriter(dir, meta, false)
}

// newWriter is NewWriter; general says to write every table with
// parquet-go's row writer.
func newWriter(dir string, meta map[string]string, general bool) (*Writer, error) {
	out, err := newOutput(dir)
	if err != nil {
		return nil, err
	}
	w := &Writer{out: out}
	codec, err := newZstdCodec()
	if err != nil {
		out.abort()
		return nil, err
	}
	if w.games, err = newTable[stats.GameRow](out.tmp, GamesTable, codec, meta, general); err == nil {
		if w.rounds, err = newTable[stats.RoundRow](out.tmp, RoundsTable, codec, meta, general); err == nil {
			if w.seats, err = newTable[stats.SeatRow](out.tmp, SeatsTable, codec, meta, general); err == nil {
				if w.wins, err = newTable[stats.WinRow](out.tmp, WinsTable, codec, meta, general); err == nil {
					if w.discrepancies, err = newTable[stats.DiscrepancyRow](out.tmp, DiscrepanciesTable, codec, meta, general); err == nil {
						w.errs, err = newTable[stats.ErrorRow](out.tmp, ErrorsTable, codec, meta, general)
					}
				}
			}
		}
	}
	if err != nil {
		w.Abort()
		return nil, err
	}
	return w, nil
}

// Write appends one input's rows; it copies them and keeps nothing of r.
// Every 2,048 inputs (gamesPerRowGroup) a row group ends in every table.
// Tables are written behind the calls: an error of writing them is returned by a later
// Write, and by Close.
func (w *Writer) Write(r *stats.GameRows) error {
	if err := w.failed(); err != nil {
		return err
	}
	w.add(r)
	w.advance(1)
	return nil
}

// WriteInput appends one input's rows under each rule set of a run (its
// games rows, one per rule set, and the rows of the other tables, in the
// order of the rule sets); it copies them and keeps nothing of r. The
// input counts as one game per rule set for the row groups.
func (w *Writer) WriteInput(r *stats.InputRows) error {
	if err := w.failed(); err != nil {
		return err
	}
	for i := range r.Sets {
		w.add(&r.Sets[i])
	}
	// Each rule set's rows count as a game's: a row group holds the rows
	// of 2,048 games under one rule set, or of fewer under several, and
	// the memory of a run does not grow with the number of rule sets.
	w.advance(max(len(r.Sets), 1))
	return nil
}

// failed returns the errors of the tables written so far.
func (w *Writer) failed() error {
	return errors.Join(w.games.failed(), w.rounds.failed(), w.seats.failed(), w.wins.failed(), w.discrepancies.failed(), w.errs.failed())
}

// add appends the rows of one game under one rule set to the tables.
func (w *Writer) add(g *stats.GameRows) {
	w.games.add(g.Game)
	w.rounds.add(g.Rounds...)
	w.seats.add(g.Seats...)
	w.wins.add(g.Wins...)
	w.discrepancies.add(g.Discrepancies...)
	w.errs.add(g.Errors...)
}

// advance counts games more written: every chunkGames the tables take
// what they hold, and every gamesPerRowGroup they end a row group.
func (w *Writer) advance(games int) {
	before := w.n
	w.n += games
	if before/chunkGames != w.n/chunkGames {
		end := before/gamesPerRowGroup != w.n/gamesPerRowGroup
		w.games.send(end)
		w.rounds.send(end)
		w.seats.send(end)
		w.wins.send(end)
		w.discrepancies.send(end)
		w.errs.send(end)
	}
}

// Close finishes every table and puts the output in place. On an error
// the output directory is left as it was.
func (w *Writer) Close() error {
	err := errors.Join(w.games.stop(), w.rounds.stop(), w.seats.stop(), w.wins.stop(), w.discrepancies.stop(), w.errs.stop())
	if err == nil {
		err = errors.Join(w.games.close(), w.rounds.close(), w.seats.close(), w.wins.close(), w.discrepancies.close(), w.errs.close())
	}
	if err == nil {
		err = w.out.commit()
	}
	if err != nil {
		w.Abort()
	}
	return err
}

// Abort stops writing and removes the temporary files; the output
// directory is left as it was.
func (w *Writer) Abort() {
	abortTable(w.games)
	abortTable(w.rounds)
	abortTable(w.seats)
	abortTable(w.wins)
	abortTable(w.discrepancies)
	abortTable(w.errs)
	w.out.abort()
}

// createdBy sets a file's created_by as the Parquet format has it
// ("application version X"; parquet.CreatedBy always adds a build).
type createdBy string

// ConfigureWriter implements parquet.WriterOption.
func (c createdBy) ConfigureWriter(config *parquet.WriterConfig) { config.CreatedBy = string(c) }
