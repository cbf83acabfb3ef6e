package tables

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"
)

// TestOutputForeignFiles: an output directory whose table directories
// hold something haifu did not write (a user's file in DIR/games/, a
// directory in DIR/rounds/) is refused, the entry named, and nothing of it
// removed; the analysis tables and the archive index alike.
func TestOutputForeignFiles(t *testing.T) {
	for _, c := range []struct{ foreign, named string }{
		{"games/notes.txt", "games/notes.txt"},
		{"rounds/mine/x", "rounds/mine"},
		{"games/part-00001.parquet.bak", "games/part-00001.parquet.bak"},
	} {
		foreign := c.foreign
		dir := t.TempDir()
		check := earlierTables(t, dir)
		p := filepath.Join(dir, foreign)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := NewWriter(dir, nil)
		if !errors.Is(err, ErrNotOutput) || !strings.Contains(err.Error(), `"`+c.named+`"`) {
			t.Errorf("%s: NewWriter: %v, want ErrNotOutput naming %s", foreign, err, c.named)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != "mine" {
			t.Errorf("%s: the user's file is gone (%v)", foreign, err)
		}
		check()
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ArchiveTable), 0o755)
	os.WriteFile(filepath.Join(dir, ArchiveTable, "README"), nil, 0o644)
	if _, err := NewArchiveWriter(dir, nil); !errors.Is(err, ErrNotOutput) || !strings.Contains(err.Error(), "README") {
		t.Errorf("NewArchiveWriter: %v, want ErrNotOutput naming README", err)
	}
}

// TestOutputSymlink: an output directory given as a symbolic link is
// written through, run after run: the link stays a link, the directory it
// names holds the tables, and nothing is left beside either.
func TestOutputSymlink(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "data", "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "links", "out")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	inputs := rowstest.SummaryInputs()
	for run := range 2 {
		writeTables(t, link, nil, inputs)
		fi, err := os.Lstat(link)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("run %d: %s is no longer a link (%v)", run, link, err)
		}
		if d := cmp.Diff(slices.Sorted(slices.Values(tableNames)), dirNames(t, real)); d != "" {
			t.Errorf("run %d: the linked directory (-want +got):\n%s", run, d)
		}
		if d := cmp.Diff([]string{"out"}, dirNames(t, filepath.Dir(link))); d != "" {
			t.Errorf("run %d: beside the link (-want +got):\n%s", run, d)
		}
		if d := cmp.Diff([]string{"real"}, dirNames(t, filepath.Dir(real))); d != "" {
			t.Errorf("run %d: beside the linked directory (-want +got):\n%s", run, d)
		}
	}
	if got := readAll[stats.GameRow](t, link, GamesTable); len(got) != len(inputs) {
		t.Errorf("%d games rows through the link, want %d", len(got), len(inputs))
	}
}

// TestOutputSynced: every part file, every table directory and the
// temporary directory are synced before the output is put in place (they
// are synced under the temporary directory's name, which the rename
// ends), and the parent directory after.
func TestOutputSynced(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	w, err := NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var synced []string
	w.out.sync = func(p string) error {
		if err := syncPath(p); err != nil {
			return err
		}
		synced = append(synced, p)
		return nil
	}
	tmp := w.out.tmp
	for _, r := range rowstest.SummaryInputs() {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var want []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		want = append(want, filepath.Join(tmp, strings.TrimPrefix(p, dir)))
		return nil
	})
	want = append(want, parent)
	if len(synced) == 0 || synced[len(synced)-1] != parent {
		t.Errorf("the parent is not synced last: %v", synced)
	}
	slices.Sort(want)
	got := slices.Sorted(slices.Values(synced))
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("synced (-want +got):\n%s", d)
	}
}
