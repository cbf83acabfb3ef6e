package haifu

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goAllowed lists the packages whose non-test files may start goroutines:
// batch, the one bounded pool of workers, and tables, whose Parquet writer
// encodes each table in a goroutine of its own beside the pool.
var goAllowed = []string{"batch", "tables"}

// TestGoStatements keeps the concurrency of haifu in the packages made for
// it: it rejects a go statement in any other package's non-test files.
func TestGoStatements(t *testing.T) {
	found := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "fixtures") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				found++
				if !slices.Contains(goAllowed, pkg) {
					t.Errorf("%s: a go statement in package %s (only %v may start goroutines)", fset.Position(g.Pos()), pkg, goAllowed)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("no go statement found at all: the test reads nothing")
	}
}
