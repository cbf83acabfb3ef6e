package tables

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/parquet-go/parquet-go"

	"github.com/haifu/haifu/archive"
)

// ArchiveTable is the table of an index directory (haifu archive index):
// one row per game of Tenhou's archive listings, archive.Row.
const ArchiveTable = "archive"

// ArchiveRowsPerRowGroup is the number of rows of a row group of the
// archive table (about 13 MB of rows in memory; a day of ranked games is
// about 60,000).
const ArchiveRowsPerRowGroup = 64 << 10

// ArchiveWriter writes the archive table into an index directory, which it
// replaces as one unit as the Writer of the analysis tables does (see
// output.go), with the same zstd codec, in part files of RowGroupsPerPart
// row groups. It encodes in its caller's goroutine: an index is written
// once, far faster than its listings are read or downloaded. An
// ArchiveWriter is not safe for concurrent use.
type ArchiveWriter struct {
	out    *output
	opts   []parquet.WriterOption
	f      *os.File
	w      *parquet.GenericWriter[archive.Row]
	part   int // the part being written
	groups int // row groups in it
	buf    []archive.Row
	n      int64 // rows written
	// groupRows is the rows of a row group: ArchiveRowsPerRowGroup, fewer
	// in tests.
	groupRows int
}

// NewArchiveWriter prepares the index directory dir (created with its
// parents if needed; when it exists it must hold nothing but an archive
// table, or the error wraps ErrNotOutput) and creates the table. meta is
// written as key/value metadata into every part (haifu's version).
func NewArchiveWriter(dir string, meta map[string]string) (*ArchiveWriter, error) {
	out, err := newOutputOf(dir, []string{ArchiveTable})
	if err != nil {
		return nil, err
	}
	codec, err := newZstdCodec()
	if err != nil {
		out.abort()
		return nil, err
	}
	w := &ArchiveWriter{out: out, groupRows: ArchiveRowsPerRowGroup, opts: []parquet.WriterOption{
		parquet.Compression(codec),
		parquet.PageBufferSize(256 << 10),
		parquet.CreatedBy("haifu", "", ""),
		parquet.DataPageStatistics(false),
	}}
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		w.opts = append(w.opts, parquet.KeyValueMetadata(k, meta[k]))
	}
	if err := os.Mkdir(filepath.Join(out.tmp, ArchiveTable), 0o755); err != nil {
		out.abort()
		return nil, err
	}
	if err := w.openPart(); err != nil {
		out.abort()
		return nil, err
	}
	return w, nil
}

// openPart creates the part file w.part.
func (w *ArchiveWriter) openPart() error {
	f, err := os.OpenFile(filepath.Join(w.out.tmp, ArchiveTable, PartName(w.part)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	w.f, w.w, w.groups = f, parquet.NewGenericWriter[archive.Row](f, w.opts...), 0
	return nil
}

// closePart finishes the part being written.
func (w *ArchiveWriter) closePart() error {
	err := w.w.Close()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.f = nil
	return err
}

// Write appends one row; it keeps a copy of the row (the slices r points
// to are kept as they are: do not change them afterwards).
func (w *ArchiveWriter) Write(r archive.Row) error {
	w.buf = append(w.buf, r)
	if len(w.buf) >= w.groupRows {
		return w.flush()
	}
	return nil
}

// Rows returns the number of rows written so far.
func (w *ArchiveWriter) Rows() int64 { return w.n + int64(len(w.buf)) }

// flush writes the buffered rows as a row group.
func (w *ArchiveWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	if w.groups == RowGroupsPerPart {
		if err := w.closePart(); err != nil {
			return err
		}
		w.part++
		if err := w.openPart(); err != nil {
			return err
		}
	}
	if _, err := w.w.Write(w.buf); err != nil {
		return err
	}
	if err := w.w.Flush(); err != nil {
		return err
	}
	w.n += int64(len(w.buf))
	w.groups++
	clear(w.buf)
	w.buf = w.buf[:0]
	return nil
}

// Close writes what is left and puts the index directory in place. On an
// error the directory is left as it was.
func (w *ArchiveWriter) Close() error {
	err := w.flush()
	if cerr := w.closePart(); err == nil {
		err = cerr
	}
	if err == nil {
		err = w.out.commit()
	}
	if err != nil {
		w.out.abort()
	}
	return err
}

// Abort stops writing and removes the temporary files; the index
// directory is left as it was.
func (w *ArchiveWriter) Abort() {
	if w.f != nil {
		w.closePart()
	}
	w.out.abort()
}

// ErrNoArchive: a directory given as an index holds no archive table.
var ErrNoArchive = errors.New("no archive table (write one with haifu archive index)")

// ReadArchive streams the rows of the archive table of the index
// directory dir, in the order they were written, into fn. The row fn is
// given, and the slices it points to, may be reused after fn returns: copy
// what is kept.
func ReadArchive(dir string, fn func(*archive.Row)) error {
	if _, err := os.Stat(filepath.Join(dir, ArchiveTable)); errors.Is(err, os.ErrNotExist) {
		return &os.PathError{Op: "read index", Path: dir, Err: ErrNoArchive}
	}
	return readTable(dir, ArchiveTable, fn)
}
