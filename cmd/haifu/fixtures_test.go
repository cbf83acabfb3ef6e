package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFixturesExplained: the quick start's fixtures are calm and the bad
// ones are not. Every log under fixtures/good verifies with exit 0 and
// prints no finding, warning, error or undetermined finding; every log
// under fixtures/bad is named in fixtures/README.md with what it shows, and
// verify shows something in it (exit 1, or a warning or an undetermined
// finding, which leave the exit status 0).
func TestFixturesExplained(t *testing.T) {
	readme, err := os.ReadFile("../../fixtures/README.md")
	if err != nil {
		t.Fatal(err)
	}
	alarming := regexp.MustCompile(`(?i)warning|error: |undetermined|discrepanc(y|ies) [^0]|[1-9]\d* discrepancies|[1-9]\d* errors`)
	for _, kind := range []string{"good", "bad"} {
		root := filepath.Join("..", "..", "fixtures", kind)
		n := 0
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			n++
			rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
			out, stderr, code := haifu(t, "", "verify", path)
			all := out + stderr
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
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Errorf("no fixture under %s", root)
		}
	}
}
