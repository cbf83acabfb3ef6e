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
// An index directory (haifu archive index) holds one table, archive, of
// archive.Row: ArchiveWriter writes it with the same codec and the same
// replacement of the directory as one unit, in its caller's goroutine;
// ReadArchive reads it back.
package tables
