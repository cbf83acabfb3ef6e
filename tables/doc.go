// Package tables writes haifu's tables as Parquet files and reads them
// back: the rows of package stats, in an output directory that holds one
// directory of part files per table (games, rounds, seats, wins,
// discrepancies, errors), zstd-compressed, with key/value metadata. It is
// the only package that imports parquet-go.
//
// A Writer replaces its output directory as one unit (see output.go), and
// encodes each table in a goroutine of its own while its caller feeds it;
// besides batch's pool, these are the only goroutines haifu starts.
// ReadSummary reads an output directory back into a stats.Summary.
//
// The tables are written column-wise: each column of a game's rows is
// read straight into the row group being filled, and a whole row group is
// encoded at once, with parquet-go's encodings, Thrift encoder and the
// schema parquet-go derives from the row type (coltable.go; the plan of a
// row type in colplan.go, the buffered columns in colbuf.go, colstrings.go
// and coldict.go, the pages in colwriter.go, their bounds in colstats.go).
// That is the fast path: parquet-go's row writer, the general path
// (rowTable), writes a row type the column-wise writer has no plan for,
// and colwriter_test.go holds the two to the same rows, schema, row groups
// and statistics.
//
// They are read back column-wise too (colreader.go, on the same plan):
// ReadTable takes each column chunk's pages from parquet-go decoded and
// writes their values straight into the fields of a batch of rows, then
// hands the rows over. That is the second fast path: parquet-go's
// GenericReader, the general path, reads a file whose schema is not
// exactly the plan's (an older haifu's, say) and a row type without a
// plan, and colreader_test.go holds the two to the same rows (the corpus's
// tables, edge cases, fuzzed rows, files of parquet-go's writer). Measured
// end to end on the output of 50,000 games (CPU time, user, medians of 9
// runs each, old and new binaries alternating on a shared 2-core machine):
// haifu summary 8.0 s before, 1.1 s after; haifu report 9.9 s before,
// 2.05 s after, of which about 1.3 s is the summary and report's own work
// on the rows and 0.45 s reading them. The general path spent 61% of its
// time reconstructing rows by reflection.
//
// An index directory (haifu archive index) holds one table, archive, of
// archive.Row: ArchiveWriter writes it with the same table writer and the
// same replacement of the directory as one unit; ReadArchive reads it
// back.
package tables
