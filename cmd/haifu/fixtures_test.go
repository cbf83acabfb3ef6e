package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFixtures verifies every fixture with `haifu verify --json` and
// compares what it prints with testdata/verify/KIND__FORMAT__NAME.golden:
// every line of standard output (one JSON object per finding and error),
// then the last line of standard error and the exit status, each on a line
// of its own starting with "# ". The fixture's path, which verify writes
// into every line, is written fixtures/KIND/FORMAT/NAME whatever the
// directory the test runs in. Any change of a finding (a new one, one
// gone, another message, expected or recorded value) fails the test; after
// a deliberate change run `go test ./cmd/haifu -run Fixtures -update` and
// review the diff.
//
// Beyond the goldens, the quick start's fixtures must be calm and the bad
// ones not: every log under fixtures/good verifies with exit 0 and prints
// no finding, warning, error or undetermined finding; every log under
// fixtures/bad is named in fixtures/README.md with what it shows, and
// verify shows something in it (exit 1, or a warning or an undetermined
// finding, which leave the exit status 0).
func TestFixtures(t *testing.T) {
	readme, err := os.ReadFile("../../fixtures/README.md")
	if err != nil {
		t.Fatal(err)
	}
	alarming := regexp.MustCompile(`(?i)warning|error: |undetermined|discrepanc(y|ies) [^0]|[1-9]\d* discrepancies|[1-9]\d* errors`)
	goldens := map[string]bool{}
	for _, kind := range []string{"good", "bad"} {
		root := filepath.Join("..", "..", "fixtures", kind)
		n := 0
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			n++
			rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
			name := kind + "__" + strings.ReplaceAll(rel, "/", "__")
			golden := filepath.Join("testdata", "verify", name+".golden")
			goldens[filepath.Base(golden)] = true
			t.Run(name, func(t *testing.T) {
				out, stderr, code := haifu(t, "", "verify", "--json", path)
				all := out + stderr
				got := verifyGolden(out, stderr, code, path, "fixtures/"+kind+"/"+rel)
				checkGolden(t, golden, got)
				switch kind {
				case "good":
					if code != exitOK || alarming.MatchString(all) {
						t.Errorf("good/%s: exit %d, and it prints something alarming:\n%s", rel, code, all)
					}
				case "bad":
					if !strings.Contains(string(readme), "`"+rel+"` | ") {
						t.Errorf("bad/%s is not explained in fixtures/README.md", rel)
					}
					if code != exitFound && !alarming.MatchString(all) {
						t.Errorf("bad/%s: exit %d and nothing found in it:\n%s", rel, code, all)
					}
				}
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Errorf("no fixture under %s", root)
		}
	}
	// A golden whose fixture is gone is stale.
	stale, err := filepath.Glob(filepath.Join("testdata", "verify", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range stale {
		if goldens[filepath.Base(g)] {
			continue
		}
		if *update {
			if err := os.Remove(g); err != nil {
				t.Error(err)
			}
			continue
		}
		t.Errorf("%s has no fixture (run go test -run Fixtures -update to remove it)", g)
	}
}

// verifyGolden is the golden text of one verify run: standard output with
// the path the fixture was given as (path) written as name, then "# " and
// the last line of standard error, then "# exit N".
func verifyGolden(stdout, stderr string, code int, path, name string) string {
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(stdout, path, name))
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	b.WriteString("# " + strings.ReplaceAll(lines[len(lines)-1], path, name) + "\n")
	b.WriteString("# exit " + strconv.Itoa(code) + "\n")
	return b.String()
}

// checkGolden compares got with the golden file, or writes it with
// -update.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/haifu -run Fixtures -update to create it)", err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("verify output differs from %s (-want +got):\n%s", golden, d)
	}
}
