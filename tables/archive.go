package tables

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/haifu/haifu/archive"
)

// ArchiveTable is the table of an index directory (haifu archive index):
// one row per game of Tenhou's archive listings, archive.Row.
const ArchiveTable = "archive"

// archiveRowsPerRowGroup is the number of rows of a row group of the
// archive table (about 13 MB of rows in memory; a day of ranked games is
// about 60,000).
const archiveRowsPerRowGroup = 64 << 10

// ArchiveWriter writes the archive table into an index directory, which it
// replaces as one unit as the Writer of the analysis tables does (see
// output.go), with the same table writer: zstd, part files of 16 row
// groups (rowGroupsPerPart), encoded by a goroutine of its own. An
// ArchiveWriter is not safe for concurrent use.
type ArchiveWriter struct {
	out *output
	t   tableWriter[archive.Row]
	n   int // rows written
	// groupRows is the rows of a row group: archiveRowsPerRowGroup, fewer
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
	if err == nil {
		var t tableWriter[archive.Row]
		if t, err = newTable[archive.Row](out.tmp, ArchiveTable, codec, meta, false); err == nil {
			return &ArchiveWriter{out: out, t: t, groupRows: archiveRowsPerRowGroup}, nil
		}
	}
	out.abort()
	return nil, err
}

// Write appends one row; it keeps a copy of the row (the slices r points
// to are kept as they are: do not change them afterwards). An error of
// writing the table is returned by a later Write, and by Close.
func (w *ArchiveWriter) Write(r archive.Row) error {
	if err := w.t.failed(); err != nil {
		return err
	}
	w.t.add(r)
	w.n++
	if end := w.n%w.groupRows == 0; end || w.n%chunkGames == 0 {
		w.t.send(end)
	}
	return nil
}

// Close writes what is left and puts the index directory in place. On an
// error the directory is left as it was.
func (w *ArchiveWriter) Close() error {
	err := w.t.close()
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
	w.t.abort()
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
	return ReadTable(dir, ArchiveTable, fn)
}
