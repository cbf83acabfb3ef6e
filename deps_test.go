package haifu

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/haifu/haifu"

// allowed lists, for each package of the module, the module packages its
// non-test files may import (the layering of docs/design.md: each may import
// only packages above it). A package missing from the table fails the test
// so that every new package is placed deliberately.
var allowed = map[string][]string{
	"":      {"*"}, // the library in one call: on top of every package
	"tile":  nil,
	"yaku":  nil,
	"event": {"tile", "yaku"},
	// logdiff compares two logs of one game in the event model; the
	// formats declare in its terms what they cannot carry.
	"logdiff": {"event", "tile", "yaku"},
	// source reads inputs (files, directories, standard input, readers;
	// compression, archives) into plain streams; parser and archive read
	// through it.
	"source":                  nil,
	"parser/format":           {"event", "logdiff"},
	"parser/tenhou":           {"event", "tile", "yaku", "logdiff", "parser/format"},
	"parser/tenhou6":          {"event", "tile", "yaku", "logdiff", "parser/format", "parser/internal/jsontok"},
	"parser/majsoul":          {"event", "tile", "yaku", "logdiff", "parser/format", "parser/internal/jsontok"},
	"parser/mjai":             {"event", "tile", "yaku", "logdiff", "parser/format", "parser/internal/jsontok"},
	"parser/internal/jsontok": nil,
	// decodetest holds the JSON decoders' test helpers (imported by
	// their tests only).
	"parser/internal/decodetest": {"event", "internal/corpus", "parser/format"},
	"parser":                     {"event", "tile", "logdiff", "source", "parser/format", "parser/tenhou", "parser/tenhou6", "parser/majsoul", "parser/mjai"},
	"check":                      {"event", "tile"},
	"hand":                       {"tile"},
	"wall":                       {"check", "event", "tile"},
	"scoring":                    {"event", "tile", "yaku", "hand"},
	"replay":                     {"check", "scoring", "event", "tile", "hand"},
	"adjudicator":                {"check", "replay", "scoring", "wall", "event", "tile", "hand", "yaku"},
	"stats":                      {"check", "adjudicator", "replay", "scoring", "wall", "event", "tile", "hand"},
	// archive decodes a downloaded log (parser) before it keeps it.
	"archive": {"event", "source", "parser"},
	// tables writes and reads the archive table, whose row type is
	// archive's (archive sits below stats, which may not import it).
	"tables": {"stats", "archive", "check", "adjudicator", "replay", "scoring", "wall", "event", "tile", "hand"},
	// convert writes games in another format and proves each conversion
	// by reading it back (through the registry) and comparing.
	"convert": {"event", "logdiff", "parser", "parser/format", "adjudicator"},
	// report draws the figures of analyze outputs as one HTML page: it
	// reads the tables (tables) into summaries (stats), names the checks
	// (check) and the kinds of error (event, parser, source).
	"report":             {"stats", "tables", "check", "event", "parser", "source"},
	"batch":              {"check", "logdiff", "source", "parser", "parser/format", "parser/tenhou", "parser/tenhou6", "parser/majsoul", "parser/mjai", "replay", "scoring", "wall", "adjudicator", "stats", "event", "tile", "hand"},
	"cmd/haifu":          {"*"},
	"internal/rowstest":  {"stats", "adjudicator", "logdiff", "source", "parser", "event", "check", "tile", "hand", "replay", "scoring", "wall", "parser/format", "parser/tenhou", "parser/tenhou6", "parser/majsoul", "parser/mjai", "parser/internal/jsontok"},
	"internal/corpus":    nil,
	"internal/gamebuild": {"event", "tile"},
	"internal/rulegen":   {"event", "tile", "hand"},
	"scripts/mkarchive":  nil,
	"scripts/floor":      {"*"},
	"scripts/tabledump":  {"tables", "stats"},
}

// external lists which packages may import a third-party package (by
// prefix); others may use only the standard library.
var external = map[string][]string{
	"github.com/klauspost/compress":    {"source", "tables", "internal/corpus", "scripts/floor"},
	"github.com/parquet-go/parquet-go": {"tables"},
	"golang.org/x/sync":                {"batch"},
	"golang.org/x/sys/cpu":             {"wall"},
	"github.com/schollz/progressbar":   {"cmd/haifu"},
	"golang.org/x/term":                {"cmd/haifu"},
	"github.com/rivo/uniseg":           {"cmd/haifu", "stats"},
	"golang.org/x/text":                {"source"},
	"github.com/pelletier/go-toml/v2":  {"adjudicator"},
	"github.com/valyala/fastjson":      {"parser/tenhou6", "parser/majsoul", "parser/mjai"},
	"google.golang.org/protobuf":       {"parser/majsoul"},
	"github.com/PuerkitoBio/goquery":   {"archive"},
}

// TestDependencies keeps the package dependency direction: it reads the
// imports of every non-test Go file of the module and fails on any import
// the tables above do not allow.
func TestDependencies(t *testing.T) {
	imports := map[string]map[string]bool{} // package → imports
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
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		if pkg == "." {
			pkg = ""
		}
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			imports[pkg][p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range violations(imports) {
		t.Error(v)
	}
}

// violations returns one message per import the tables do not allow.
func violations(imports map[string]map[string]bool) []string {
	var out []string
	for pkg, imps := range imports {
		allow, ok := allowed[pkg]
		if !ok {
			out = append(out, fmt.Sprintf("package %q is not in the dependency table of deps_test.go", pkg))
			continue
		}
		for imp := range imps {
			switch {
			case imp == module || strings.HasPrefix(imp, module+"/"):
				dep := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
				// "*" allows every package of the module but the test
				// helpers under internal/, which only tests may import.
				wild := slices.Contains(allow, "*") && !strings.HasPrefix(dep, "internal/")
				if !wild && !slices.Contains(allow, dep) {
					out = append(out, fmt.Sprintf("%s imports %s: not allowed (may import %v)", orRoot(pkg), dep, allow))
				}
			case strings.Contains(strings.SplitN(imp, "/", 2)[0], "."):
				ok := false
				for prefix, users := range external {
					if imp == prefix || strings.HasPrefix(imp, prefix+"/") {
						ok = slices.Contains(users, pkg) || slices.Contains(allow, "*")
					}
				}
				if !ok {
					out = append(out, fmt.Sprintf("%s imports third-party %s: not allowed", orRoot(pkg), imp))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestViolations checks that the checker itself catches upward imports,
// sideways imports between format packages, unlisted packages and
// third-party imports in the wrong place.
func TestViolations(t *testing.T) {
	imports := map[string]map[string]bool{
		"tile":          {module + "/event": true},
		"parser/tenhou": {module + "/parser/mjai": true, "github.com/klauspost/compress/gzip": true},
		"replay":        {module + "/parser": true, "fmt": true},
		"newpkg":        {"fmt": true},
		"event":         {module + "/tile": true},
	}
	got := violations(imports)
	if len(got) != 5 {
		t.Errorf("got %d violations, want 5:\n%s", len(got), strings.Join(got, "\n"))
	}
}

func orRoot(pkg string) string {
	if pkg == "" {
		return "the root package"
	}
	return pkg
}
