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
// An index directory (haifu archive index) holds one table, archive, of
// archive.Row: ArchiveWriter writes it with the same table writer and the
// same replacement of the directory as one unit; ReadArchive reads it
// back.
package tables
