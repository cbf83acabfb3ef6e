// Package corpus gives tests access to the shared corpus of real game logs
// (../shared/corpus beside the repository, or $HAIFU_CORPUS) and to its
// manifest. Tests call Dir, which skips the test with a message when the
// corpus is absent (a fresh clone) and returns its path when it is there.
package corpus

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// Find returns the corpus directory: $HAIFU_CORPUS if set, else
// ../shared/corpus next to the module root. It returns "" when absent.
func Find() string {
	if d := os.Getenv("HAIFU_CORPUS"); d != "" {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		return ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			c := filepath.Join(filepath.Dir(d), "shared", "corpus")
			if st, err := os.Stat(c); err == nil && st.IsDir() {
				return c
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Dir returns the corpus directory or skips tb when it is absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	d := Find()
	if d == "" {
		tb.Skip("corpus not found: put it at ../shared/corpus beside the repository or set HAIFU_CORPUS")
	}
	return d
}

// Files returns the corpus files that match pattern, a filepath.Match
// pattern under the corpus directory such as "mjlog/*", in sorted order. It
// skips tb when the corpus is absent and fails it when nothing matches.
func Files(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(tb), pattern))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus files match %s (%v)", pattern, err)
	}
	return files
}

// ReadAll reads the files that match pattern (see Files), gunzipped as
// ReadFile does, and returns their contents and total size in bytes: the
// inputs of a benchmark over the corpus.
func ReadAll(tb testing.TB, pattern string) (docs [][]byte, size int) {
	tb.Helper()
	for _, f := range Files(tb, pattern) {
		data, err := ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		docs = append(docs, data)
		size += len(data)
	}
	return docs, size
}

// Entry is one row of MANIFEST.tsv.
type Entry struct {
	// File is the path relative to the corpus directory ("mjlog/x.xml").
	File string
	// Format is the manifest's format column ("mjlog", "tenhou6", ...).
	Format string
	// Kind is the note's leading tag without brackets: "real",
	// "real-truncated", "real-reformatted", "edited", "simulator",
	// "converted", "converted-excerpt", "nonstandard", "real-record",
	// "index".
	Kind string
	// Note is the whole note.
	Note string
}

// Manifest reads MANIFEST.tsv of the corpus at dir.
func Manifest(dir string) ([]Entry, error) {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 7 {
			return nil, fmt.Errorf("MANIFEST.tsv: short line %q", sc.Text())
		}
		note := strings.Trim(cols[6], `"`)
		kind := ""
		if strings.HasPrefix(note, "[") {
			if i := strings.IndexByte(note, ']'); i > 0 {
				kind = note[1:i]
			}
		}
		out = append(out, Entry{File: cols[0], Format: cols[1], Kind: kind, Note: note})
	}
	return out, sc.Err()
}

// ReadFile reads a corpus file and gunzips it when it is gzip-compressed.
func ReadFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b {
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		b, err = io.ReadAll(r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return b, nil
}

// Features reads features/<name>.tsv: one map per row from column name to
// value.
func Features(dir, name string) ([]map[string]string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "features", name+".tsv"))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	var out []map[string]string
	for _, l := range lines[1:] {
		cols := strings.Split(l, "\t")
		row := make(map[string]string, len(head))
		for i, h := range head {
			if i < len(cols) {
				row[h] = cols[i]
			}
		}
		out = append(out, row)
	}
	return out, nil
}

// Fixture returns the path of the project's fixture name ("mjlog/x.xml"):
// fixtures/good/NAME for a log that is right, or fixtures/bad/NAME for one
// that is wrong on purpose, found from the module root. It fails tb when
// there is neither.
func Fixture(tb testing.TB, name string) string {
	tb.Helper()
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			for _, kind := range []string{"good", "bad"} {
				p := filepath.Join(d, "fixtures", kind, name)
				if _, err := os.Stat(p); err == nil {
					return p
				}
			}
			tb.Fatalf("no fixture %s under fixtures/good or fixtures/bad", name)
		}
		if filepath.Dir(d) == d {
			tb.Fatal("no module root above ", wd)
		}
	}
}

// tenhouID matches a plain Tenhou log id in a file name. It is never
// modified.
var tenhouID = regexp.MustCompile(`\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}`)

// TenhouLog is a real mjlog of the corpus whose file name holds its log id.
type TenhouLog struct {
	// ID is the log id in the file name; Path the file.
	ID, Path string
	// Data is the file as stored (gzip-compressed for a few).
	Data []byte
}

// TenhouLogs returns up to n (all, when n < 0) real mjlogs of the corpus
// (MANIFEST kind "real") whose file names hold a log id, one per id, in the
// manifest's order: the logs a test server can serve as Tenhou would. It
// skips tb when the corpus is absent.
func TenhouLogs(tb testing.TB, n int) []TenhouLog {
	tb.Helper()
	dir := Dir(tb)
	entries, err := Manifest(dir)
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	var out []TenhouLog
	for _, e := range entries {
		if n >= 0 && len(out) == n {
			break
		}
		id := tenhouID.FindString(filepath.Base(e.File))
		if e.Format != "mjlog" || e.Kind != "real" || id == "" || seen[id] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			tb.Fatal(err)
		}
		seen[id] = true
		out = append(out, TenhouLog{ID: id, Path: filepath.Join(dir, e.File), Data: data})
	}
	return out
}
