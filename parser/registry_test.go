package parser

import (
	"bytes"
	"errors"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/format"
)

// TestRegistry: every format of the event model but FormatUnknown is
// registered exactly once, with every field of its descriptor set.
func TestRegistry(t *testing.T) {
	count := map[event.Format]int{}
	for _, f := range formats {
		count[f.ID]++
		if f.Name == "" || f.Detect == nil || f.Frame == nil || f.NewDecoder == nil || f.Lacks == nil {
			t.Errorf("%v: descriptor %+v has an empty field", f.ID, f)
		}
		if f.NewDecoder != nil && f.NewDecoder() == nil {
			t.Errorf("%v: NewDecoder returns nil", f.ID)
		}
		if f.NewEncoder != nil && f.NewEncoder() == nil {
			t.Errorf("%v: NewEncoder returns nil", f.ID)
		}
		if (f.NewEncoder != nil) != (f.Ext != "") {
			t.Errorf("%v: an encoder without an extension, or an extension without an encoder", f.ID)
		}
	}
	for id := event.Format(0); !strings.HasPrefix(id.String(), "Format("); id++ {
		want := 1
		if id == event.FormatUnknown {
			want = 0
		}
		if count[id] != want {
			t.Errorf("format %v is registered %d times, want %d", id, count[id], want)
		}
		delete(count, id)
	}
	for id := range count {
		t.Errorf("registered id %v is no format of the event model", id)
	}
}

// TestRegistryFixtures: every registered format detects, frames and
// decodes its own fixtures (fixtures/good/NAME, NAME its id's name): the
// walk detects each file as the format and cuts it into the games the
// format's framer finds, each game is detected as the format by Detect and
// by the format's own test, and decodes without error through the
// registry (detected, and forced) and through the format's own decoder.
// Every fixture directory is a registered format's.
func TestRegistryFixtures(t *testing.T) {
	good := filepath.Join("..", "fixtures", "good")
	dirs, err := os.ReadDir(good)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if id, ok := event.ParseFormat(d.Name()); !ok || lookup(id) < 0 {
			t.Errorf("fixtures/good/%s: no registered format has that name", d.Name())
		}
	}
	for _, f := range formats {
		t.Run(f.ID.String(), func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(good, f.ID.String(), "*"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no fixtures of %v in %s (%v)", f.ID, good, err)
			}
			own := f.NewDecoder()
			detected, forced := Decoder{}, Decoder{Format: f.ID}
			var g event.Game
			total := 0
			for _, file := range files {
				var plain []byte
				games := 0
				err := Walk([]string{file}, Options{}, func(in Input) error {
					if in.Err != nil {
						t.Errorf("%v", in.Err)
						return nil
					}
					if in.Game == 0 {
						plain = nil
					}
					plain = append(plain, in.Data...)
					games++
					if in.Format != f.ID || Detect(in.Data) != f.ID || !f.Detect(in.Data) {
						t.Errorf("%s: walked as %v, detected as %v, own test %v", in.Path, in.Format, Detect(in.Data), f.Detect(in.Data))
					}
					for _, d := range []*Decoder{&detected, &forced} {
						if err := d.Decode(&in, &g); err != nil || g.Meta.Format != f.ID {
							t.Errorf("%s: Decoder{Format: %v}: %v, game of format %v", in.Path, d.Format, err, g.Meta.Format)
						}
					}
					if err := own.Decode(in.Data, in.Path, &g); err != nil {
						t.Errorf("%s: the format's decoder: %v", in.Path, err)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				total += games
				if n := countGames(f.Frame, plain); games == 0 || n != games {
					t.Errorf("%s: %d games walked, the framer finds %d in their bytes", file, games, n)
				}
			}
			t.Logf("%d games in %d files", total, len(files))
		})
	}
}

// TestRegistryEncoders: every format that has an encoder round-trips the
// fixtures of every format (fixtures/good): each game decoded, written in
// the format, read again with the format's decoder, agrees with the game
// it was written from (logdiff, leaving out what the format lacks), and
// writing it twice gives the same bytes. A game the format cannot carry
// must be refused with format.ErrUnrepresentable; the others must be
// written.
func TestRegistryEncoders(t *testing.T) {
	good := filepath.Join("..", "fixtures", "good")
	var files []string
	for _, f := range formats {
		fs, _ := filepath.Glob(filepath.Join(good, f.ID.String(), "*"))
		files = append(files, fs...)
	}
	encoders := 0
	for _, f := range formats {
		if f.NewEncoder == nil {
			continue
		}
		encoders++
		t.Run(f.ID.String(), func(t *testing.T) {
			enc, dec := f.NewEncoder(), f.NewDecoder()
			var d Decoder
			var g, back event.Game
			var cmp logdiff.Comparer
			written, refused := 0, 0
			for _, file := range files {
				err := Walk([]string{file}, Options{}, func(in Input) error {
					if err := d.Decode(&in, &g); err != nil {
						t.Errorf("%v", err)
						return nil
					}
					var out, again bytes.Buffer
					if err := enc.Encode(&out, &g); err != nil {
						if !errors.Is(err, format.ErrUnrepresentable) {
							t.Errorf("%s: %v, not ErrUnrepresentable", in.Path, err)
						}
						t.Logf("%s: refused: %v", in.Path, err)
						refused++
						return nil
					}
					written++
					if err := enc.Encode(&again, &g); err != nil || !bytes.Equal(out.Bytes(), again.Bytes()) {
						t.Errorf("%s: written twice, the bytes differ (%v)", in.Path, err)
					}
					if err := dec.Decode(out.Bytes(), in.Path, &back); err != nil {
						t.Errorf("%s written as %v does not read back: %v", in.Path, f.ID, err)
						return nil
					}
					if r := cmp.Compare(&g, &back, f.Lacks(&back)|logdiff.YakuOrder); !r.Equal() {
						d := r.Diffs[0]
						t.Errorf("%s written as %v reads back otherwise: hand %s, event %d/%d: %q, read back %q", in.Path, f.ID, d.Round, d.Event[0], d.Event[1], d.Says[0], d.Says[1])
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%d games written and read back, %d refused", written, refused)
			if written == 0 {
				t.Errorf("no fixture could be written as %v", f.ID)
			}
		})
	}
	if encoders == 0 {
		t.Error("no format has an encoder")
	}
}

// countGames cuts data, whole, with frame and counts the games.
func countGames(frame format.Framer, data []byte) int {
	games := 0
	for p := 0; p < len(data); {
		n, k := frame(data[p:], p == 0, true)
		if n <= 0 {
			break
		}
		if k == format.Game {
			games++
		}
		p += n
	}
	return games
}

// TestRegistryIsTheOnlyList: the registry is the only list of the formats.
// No file of the module but registry.go imports a format package (found
// from the registry's own descriptors), and no file of package parser
// holds a table or a switch over event.Format values.
func TestRegistryIsTheOnlyList(t *testing.T) {
	const module = "github.com/haifu/haifu"
	pkgs := map[string]bool{} // import paths of the format packages
	for _, f := range formats {
		typ := reflect.TypeOf(f.NewDecoder())
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		pkgs[typ.PkgPath()] = true
	}
	if len(pkgs) != len(formats) {
		t.Fatalf("format packages %v: want one per registered format", slices.Sorted(maps.Keys(pkgs)))
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "fixtures" || strings.HasPrefix(d.Name(), ".") && d.Name() != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := goparser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		rel = filepath.ToSlash(rel)
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if pkgs[p] && rel != "parser/registry.go" {
				t.Errorf("%s imports the format package %s: only the registry (parser/registry.go) may", rel, strings.TrimPrefix(p, module+"/"))
			}
		}
		if filepath.Dir(rel) == "parser" {
			for _, what := range formatTables(f) {
				t.Errorf("%s: %s", fset.Position(what.Pos()), describeNode(what))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// formatTables returns the nodes of f that list event.Format values: a
// composite literal keyed by them (a table by format) and a switch case
// naming them.
func formatTables(f *ast.File) []ast.Node {
	isFormat := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		x, ok := sel.X.(*ast.Ident)
		return ok && x.Name == "event" && strings.HasPrefix(sel.Sel.Name, "Format") && sel.Sel.Name != "FormatUnknown"
	}
	var found []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if isFormat(n.Key) {
				found = append(found, n)
			}
		case *ast.CaseClause:
			if slices.ContainsFunc(n.List, isFormat) {
				found = append(found, n)
			}
		}
		return true
	})
	return found
}

func describeNode(n ast.Node) string {
	if _, ok := n.(*ast.CaseClause); ok {
		return "a switch case over event.Format values: go through the registry"
	}
	return "a table keyed by event.Format values: go through the registry"
}

// TestRegistryUnregisteredFormat: a forced format id that no registered
// format has is ErrWrongFormat; a walk forced to it reads each file as one
// game.
func TestRegistryUnregisteredFormat(t *testing.T) {
	const id = event.Format(200)
	d := Decoder{Format: id}
	var g event.Game
	err := d.Decode(&Input{Path: "a.xml", Data: []byte(exampleLog)}, &g)
	const want = "a.xml: format Format(200) was requested, but the content looks like mjlog: not the requested format"
	if err == nil || err.Error() != want || !errors.Is(err, ErrWrongFormat) {
		t.Errorf("Decode = %v, want %s", err, want)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.xml": exampleLog + exampleLog})
	n := 0
	Walk([]string{filepath.Join(dir, "a.xml")}, Options{Format: id}, func(in Input) error {
		n++
		if in.Err != nil || in.Format != id || len(in.Data) != 2*len(exampleLog) {
			t.Errorf("input %s: format %v, %d bytes, %v", in.Path, in.Format, len(in.Data), in.Err)
		}
		var g event.Game
		if err := new(Decoder).Decode(&in, &g); !errors.Is(err, ErrWrongFormat) {
			t.Errorf("Decode of an input walked as %v: %v, want ErrWrongFormat", id, err)
		}
		return nil
	})
	if n != 1 {
		t.Errorf("%d inputs, want 1", n)
	}
}
