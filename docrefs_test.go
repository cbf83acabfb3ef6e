package haifu

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdRef is a Markdown file a Go file or a preset names.
var mdRef = regexp.MustCompile(`[A-Za-z0-9_./-]+[.]md\b`)

// TestDocumentReferences: every Markdown file a Go source, a preset or the
// text a command prints names exists in the repository (relative to the
// module root or to the file), and no file outside tests, scripts and the
// test helper that finds the corpus refers to what lies beside the
// repository (../shared): the documents the code cites are in docs/.
func TestDocumentReferences(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".toml") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, ref := range mdRef.FindAllString(string(data), -1) {
			if _, err := os.Stat(ref); err == nil {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(path), ref)); err == nil {
				continue
			}
			t.Errorf("%s names %s, which is not in the repository", path, ref)
		}
		test := strings.HasSuffix(path, "_test.go") || strings.HasPrefix(path, "scripts/") || strings.HasPrefix(path, "internal/corpus/")
		if !test && strings.Contains(string(data), "../shared") {
			t.Errorf("%s refers to ../shared, outside the repository", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
