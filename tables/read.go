package tables

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/haifu/haifu/stats"
)

// ReadSummary reads the tables of one or more output directories back (the
// shards of one archive, say) and aggregates them as one data set, grouped
// by the dimensions by (stats.DefaultBy when none), as analyze did. A game
// whose game_id an earlier directory has is counted once (Summary.Duplicates).
// A directory given twice is an error wrapping ErrSameOutput: use
// DistinctDirs first to drop repeats.
func ReadSummary(dirs []string, by ...string) (*stats.Summary, error) {
	return ReadSummaryMin(dirs, 0, by...)
}

// ReadSummaryMin is ReadSummary with the fewest judged hands of a player
// of the per-player rates (by holding "player"; 0: stats.DefaultMinHands).
func ReadSummaryMin(dirs []string, minHands int, by ...string) (*stats.Summary, error) {
	if err := stats.CheckBy(by); err != nil {
		return nil, err
	}
	s := stats.NewSummary(by...)
	if minHands > 0 {
		s.SetMinHands(minHands)
	}
	if err := ReadOutputs(dirs, s); err != nil {
		return nil, err
	}
	s.Finish()
	return s, nil
}

// A Sink takes the rows of analyze outputs as ReadOutputs reads them. A
// *stats.Summary is one; a Sink that also has a method AddError(*stats.ErrorRow)
// is given the errors rows too. The rows, and what they point to, may be
// reused after a method returns: copy what is kept.
type Sink interface {
	// NextOutput says that the rows that follow are of the next output
	// directory.
	NextOutput()
	AddGame(*stats.GameRow)
	AddRound(*stats.RoundRow)
	AddSeat(*stats.SeatRow)
	AddDiscrepancy(*stats.DiscrepancyRow)
	AddWin(*stats.WinRow)
}

// errorSink is a Sink that takes the errors rows too.
type errorSink interface {
	AddError(*stats.ErrorRow)
}

// ReadOutputs reads the tables of one or more output directories once,
// each row into s, as ReadSummary reads them (it is what ReadSummary reads
// with): output by output, each output's games first (the other tables'
// rows are grouped by their game), then its rounds, seats, discrepancies,
// wins and, when s takes them, errors, every table's parts in order. Its
// checks are ReadSummary's: a directory given twice (ErrSameOutput), an
// output of an older haifu (ErrOldOutput), outputs judged under different
// rules, one shard twice.
func ReadOutputs(dirs []string, s Sink) error {
	if _, dropped := DistinctDirs(dirs); len(dropped) > 0 {
		return fmt.Errorf("%s: %w", dropped[0], ErrSameOutput)
	}
	if err := checkShards(dirs); err != nil {
		return err
	}
	es, withErrors := s.(errorSink)
	for _, dir := range dirs {
		s.NextOutput()
		if err := ReadTable(dir, GamesTable, s.AddGame); err != nil {
			return err
		}
		if err := ReadTable(dir, RoundsTable, s.AddRound); err != nil {
			return err
		}
		if err := ReadTable(dir, SeatsTable, s.AddSeat); err != nil {
			return err
		}
		if err := ReadTable(dir, DiscrepanciesTable, s.AddDiscrepancy); err != nil {
			return err
		}
		if err := ReadTable(dir, WinsTable, s.AddWin); err != nil {
			return err
		}
		if withErrors {
			if err := ReadTable(dir, ErrorsTable, es.AddError); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReadMetadata returns the key/value metadata of the output directory dir
// (that of its games table's first part: MetaVersion, MetaInputs,
// MetaRules, …; every part of every table carries the same).
func ReadMetadata(dir string) (map[string]string, error) {
	parts, err := tableParts(dir, GamesTable)
	if err != nil {
		return nil, err
	}
	meta, err := fileMetadata(parts[0])
	if err != nil {
		return nil, err
	}
	delete(meta, metaRuleSetColumn)
	return meta, nil
}

// ErrOldOutput: the output was written by a haifu without rule sets (its
// tables have no rule_set column); analyze it again.
var ErrOldOutput = errors.New("written by an older haifu (no rule_set column): analyze the inputs again")

// metaRuleSetColumn marks, in what fileMetadata returns, a file whose
// schema has the rule_set column.
const metaRuleSetColumn = "\x00rule_set"

// ErrSameOutput: an output directory was given twice (its games would be
// counted twice).
var ErrSameOutput = errors.New("the same output directory given twice")

// ErrDamaged is the error of a Parquet file that cannot be read: its bytes
// are not what its metadata says (parquet-go stops with a panic on some
// such files; reading a table turns it into this error).
var ErrDamaged = errors.New("damaged Parquet file")

// openTable opens the Parquet file of r, size bytes long, read from
// path, as haifu reads its tables (no page index, no bloom filters). A
// file that parquet-go cannot open is an error naming path; one it stops
// at with a panic wraps ErrDamaged.
func openTable(path string, r io.ReaderAt, size int64) (pf *parquet.File, err error) {
	defer recoverDamaged(path, &err)
	pf, err = parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pf, nil
}

// recoverDamaged, deferred, turns a panic of parquet-go reading the file
// path into an error wrapping ErrDamaged, in *err.
func recoverDamaged(path string, err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%s: %w: %v", path, ErrDamaged, p)
	}
}

// DistinctDirs returns dirs without the repeats of a directory (the same
// directory however written: "out", "./out/", a symbolic link to it), and
// the repeats it dropped.
func DistinctDirs(dirs []string) (keep, dropped []string) {
	seen := map[string]bool{}
	for _, d := range dirs {
		k := filepath.Clean(d)
		if abs, err := filepath.Abs(k); err == nil {
			k = abs
		}
		if real, err := filepath.EvalSymlinks(k); err == nil {
			k = real
		}
		if seen[k] {
			dropped = append(dropped, d)
			continue
		}
		seen[k] = true
		keep = append(keep, d)
	}
	return keep, dropped
}

// checkShards returns an error when the outputs dirs cannot be summed: they
// were judged under different rules, or they are one shard twice, or
// shards of different splits.
func checkShards(dirs []string) error {
	// The rules (and the rule set) of the first output with games, and
	// that output; every other must have the same.
	var rules, rulesDir string
	var haveRules bool
	// N of the first shard's K/N, and its output; every other shard must
	// be of the same split.
	var split, splitDir string
	var haveSplit bool
	shards := map[string]string{} // shard → its dir
	for _, dir := range dirs {
		parts, err := tableParts(dir, GamesTable)
		if err != nil {
			return err
		}
		if len(parts) == 0 {
			continue
		}
		meta, err := fileMetadata(parts[0])
		if err != nil {
			return err
		}
		if meta[metaRuleSetColumn] == "" {
			return fmt.Errorf("%s: %w", dir, ErrOldOutput)
		}
		r := meta[MetaRules] + "\x00" + meta[MetaRulesTOML]
		switch {
		case !haveRules:
			rules, rulesDir, haveRules = r, dir, true
		case r != rules:
			return fmt.Errorf("%s was judged under --rules %q and %s under other rules: their figures do not add up", dir, meta[MetaRules], rulesDir)
		}
		shard := meta[MetaShard]
		if shard == "" {
			continue
		}
		if other, ok := shards[shard]; ok {
			return fmt.Errorf("%s and %s are both shard %s: its games would be counted twice", other, dir, shard)
		}
		shards[shard] = dir
		_, n, _ := strings.Cut(shard, "/")
		switch {
		case !haveSplit:
			split, splitDir, haveSplit = n, dir, true
		case n != split:
			return fmt.Errorf("%s is shard %s and %s a shard of another split: they may hold the same games", dir, shard, splitDir)
		}
	}
	return nil
}

// fileMetadata returns the key/value metadata of a Parquet file.
func fileMetadata(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	pf, err := openTable(path, f, st.Size())
	if err != nil {
		return nil, err
	}
	meta := map[string]string{}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		meta[kv.Key] = kv.Value
	}
	if _, ok := pf.Schema().Lookup("rule_set"); ok {
		meta[metaRuleSetColumn] = "yes"
	}
	return meta, nil
}

// ReadTable streams the rows of the table name of the output directory
// dir, every part in order, into fn, as rows of type T (the table's row
// type: stats.GameRow for GamesTable, …, archive.Row for ArchiveTable).
// The row fn is given, and what it points to (the values of its pointers,
// its slices), may be reused after fn returns: copy what is kept. Its
// strings are not reused: a string kept stays valid.
func ReadTable[T any](dir, name string, fn func(*T)) error {
	parts, err := tableParts(dir, name)
	if err != nil {
		return err
	}
	r, err := newColReader[T]()
	if err != nil && !errors.Is(err, errNoPlan) {
		return err
	}
	for _, p := range parts {
		if err := readRows(p, r, fn); err != nil {
			return err
		}
	}
	return nil
}

// readRows streams the rows of one Parquet file into fn: column-wise, with
// r, when r is not nil and the file's schema is r's plan's; else with
// parquet-go's row reader.
func readRows[T any](path string, r *colReader[T], fn func(*T)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	return readFile(path, f, st.Size(), r, fn)
}

// readFile streams the rows of the Parquet file of f, size bytes long,
// read from path, into fn, as readRows does. A file parquet-go stops at
// with a panic is an error wrapping ErrDamaged.
func readFile[T any](path string, f io.ReaderAt, size int64, r *colReader[T], fn func(*T)) (err error) {
	pf, err := openTable(path, f, size)
	if err != nil {
		return err
	}
	defer recoverDamaged(path, &err)
	if r != nil && r.matches(pf) {
		if err := r.read(pf, fn); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return nil
	}
	return readRowsGeneral(path, pf, fn)
}

// readRowsGeneral streams the rows of the Parquet file pf (read from
// path) into fn with parquet-go's row reader, the general path.
func readRowsGeneral[T any](path string, pf *parquet.File, fn func(*T)) error {
	r := parquet.NewGenericReader[T](pf)
	defer r.Close()
	buf := make([]T, 1024)
	for {
		n, err := r.Read(buf)
		for i := range n {
			fn(&buf[i])
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
}
