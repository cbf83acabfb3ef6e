package replay

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
)

// TestVariants replays the conformance suite's mjlog scenarios (noten
// riichi, fifth kans, riichi without the points or the wall) and the
// corpus's mjlogs once under options and three variants of them that
// differ in the checks alone, and requires each variant's findings to be
// those of a replay under that variant alone.
func TestVariants(t *testing.T) {
	files, err := filepath.Glob("../conformance/rules/logs/*.mjlog.xml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance logs: %v", err)
	}
	if corpus.Find() != "" {
		files = append(files, corpus.Files(t, "mjlog/*")...)
	} else {
		t.Log("corpus not found: the conformance logs alone")
	}
	var d tenhou.Decoder
	var g event.Game
	var one, each Replayer
	games, differing := 0, 0
	for _, f := range files {
		data, err := corpus.ReadFile(f) // gunzipped where gzipped

		if err != nil {
			t.Fatal(err)
		}
		if d.Decode(data, f, &g) != nil && len(g.Events) == 0 {
			continue
		}
		base := OptionsFor(&g.Meta)
		lenient, strict, none := base, base, base
		lenient.NotenRiichiAllowed, lenient.FifthKan = true, true
		strict.RiichiMinScore, strict.RiichiMinWall = 30000, 40
		none.RiichiMinScore, none.RiichiMinWall, none.NotenRiichiAllowed = 0, 0, true
		variants := []Options{lenient, strict, none}
		for _, v := range variants {
			if !SameStates(base, v) {
				t.Fatal("a variant that changes states")
			}
		}
		one.Options, one.Variants = base, variants
		one.Run(&g)
		each.Options, each.Variants = base, nil
		if got, want := one.Findings(), each.Run(&g); !sameFindings(got, want) {
			t.Fatalf("%s: findings under the options:\n%v\nalone:\n%v", f, got, want)
		}
		for k, v := range variants {
			each.Options = v
			want := each.Run(&g)
			if got := one.VariantFindings(k); !sameFindings(got, want) {
				t.Fatalf("%s: findings under variant %d:\n%v\nalone:\n%v", f, k, got, want)
			}
			if !sameFindings(want, one.Findings()) {
				differing++
			}
		}
		games++
	}
	if differing == 0 {
		t.Error("no variant found anything the options did not: the test shows nothing")
	}
	t.Logf("%d games, %d variants whose findings differ from the options'", games, differing)
}

// sameFindings reports whether a and b hold the same findings (nil and
// empty alike).
func sameFindings(a, b []check.Finding) bool {
	return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
}
