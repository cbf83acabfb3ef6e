// Package decodetest holds what the tests of the JSON decoders (parser/
// majsoul, parser/mjai, parser/tenhou6) share: the logs of one format, the
// check that pruning a document changes nothing, and the bytes a call
// allocates. Only tests import it.
package decodetest

import (
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/format"
)

// Files returns the fixtures of the format whose directory is dir
// ("mjai"), read from a format package's directory, and the corpus's
// files of it when the corpus is there. It fails t when there are fewer
// than min.
func Files(t testing.TB, dir string, min int) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("../../fixtures/*", dir, "*"))
	if c := corpus.Find(); c != "" {
		more, _ := filepath.Glob(filepath.Join(c, dir, "*"))
		files = append(files, more...)
	}
	if len(files) < min {
		t.Fatalf("only %d files", len(files))
	}
	return files
}

// SamePruned decodes every one of files twice, with plain and with pruned
// (a decoder that prunes every value to the fields it reads, as it does a
// long one): the errors and the games must be the same, so that the
// decoder's keep function names every field it reads. differs is the
// message of a game that differs ("the pruned metadata gives another
// game").
func SamePruned(t *testing.T, files []string, plain, pruned format.Decoder, differs string) {
	t.Helper()
	var g1, g2 event.Game
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		e1 := plain.Decode(data, f, &g1)
		e2 := pruned.Decode(data, f, &g2)
		if ErrString(e1) != ErrString(e2) {
			t.Errorf("%s: error %v, pruned %v", f, e1, e2)
		}
		if !reflect.DeepEqual(&g1, &g2) {
			t.Errorf("%s: %s", f, differs)
		}
	}
}

// ErrString returns err's message, "" for nil.
func ErrString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Allocated returns the bytes fn allocates.
func Allocated(fn func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	fn()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}
