package wall_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/wall"
)

// realKinds are the manifest tags of logs written by Tenhou's server as
// they were played: every hand with a seed must match its wall.
var realKinds = map[string]bool{"real": true, "real-reformatted": true, "real-truncated": true}

// corpusGame is one decoded mjlog file of the corpus.
type corpusGame struct {
	file string // relative to the corpus: "mjlog/…"
	kind string // the manifest tag
	g    *event.Game
}

// decoded holds the corpus decoded once for all the tests of the package
// (decoding it takes most of their time).
var decoded struct {
	once   sync.Once
	games  []corpusGame
	errors []string // problems met, reported by every caller
}

// loadCorpus decodes every mjlog file of the corpus (skipping the test when
// the corpus is absent). A truncated log keeps the events read. The games
// are shared: callers must not change them (see clone).
func loadCorpus(tb testing.TB) []corpusGame {
	tb.Helper()
	dir := corpus.Dir(tb)
	files := corpus.Files(tb, "mjlog/*")
	decoded.once.Do(func() {
		entries, err := corpus.Manifest(dir)
		if err != nil {
			decoded.errors = append(decoded.errors, err.Error())
			return
		}
		kinds := map[string]string{}
		for _, e := range entries {
			kinds[e.File] = e.Kind
		}
		var d tenhou.Decoder
		for _, path := range files {
			rel := "mjlog/" + filepath.Base(path)
			kind, ok := kinds[rel]
			if !ok {
				decoded.errors = append(decoded.errors, rel+" is not in MANIFEST.tsv")
				continue
			}
			data, err := corpus.ReadFile(path)
			if err != nil {
				decoded.errors = append(decoded.errors, err.Error())
				continue
			}
			g := new(event.Game)
			if err := d.Decode(data, rel, g); err != nil && !errors.Is(err, event.ErrTruncated) {
				if realKinds[kind] {
					decoded.errors = append(decoded.errors, fmt.Sprintf("%s [%s]: %v", rel, kind, err))
				}
				continue
			}
			decoded.games = append(decoded.games, corpusGame{rel, kind, g})
		}
	})
	for _, e := range decoded.errors {
		tb.Error(e)
	}
	return decoded.games
}

// TestCorpusWalls checks every mjlog of the corpus against its walls: no
// real log may have a wall mismatch, and every seed form the corpus has
// must have been checked.
func TestCorpusWalls(t *testing.T) {
	games := loadCorpus(t)
	type key struct {
		form    wall.Form
		players int
	}
	checked := map[key]int{}
	notChecked := map[string]int{}
	var synced, skippedHands, mismatchedOther int
	byKind := map[string]int{}
	var c wall.Checker
	for _, cg := range games {
		var ms []wall.Mismatch
		res := c.Check(cg.g, func(m wall.Mismatch) { ms = append(ms, m) })
		if len(ms) != res.Mismatches {
			t.Errorf("%s: %d mismatches reported, Result says %d", cg.file, len(ms), res.Mismatches)
		}
		if !realKinds[cg.kind] {
			if len(ms) > 0 {
				mismatchedOther++
				t.Logf("%s [%s]: %d mismatches (first: %s hand %d: %s)", cg.file, cg.kind, len(ms), ms[0].Check, ms[0].Hand, ms[0].Message)
			}
			continue
		}
		byKind[cg.kind]++
		for i, m := range ms {
			if i == 5 {
				t.Errorf("%s: … %d mismatches in all", cg.file, len(ms))
				break
			}
			t.Errorf("%s: %s hand %d (%v) event %d seat %d: %s: expected %q, recorded %q", cg.file, m.Check, m.Hand, m.Round, m.Event, m.Seat, m.Message, m.Expected, m.Recorded)
		}
		checked[key{res.Form, res.Players}] += res.Checked
		for _, h := range res.Hands {
			if h.Status == wall.NotChecked {
				notChecked[fmt.Sprintf("%v/%v", res.Form, h.Reason)]++
			}
		}
		if res.Synchronised {
			synced++
			skippedHands += res.Skipped
		}
	}
	var lines []string
	for k, n := range checked {
		lines = append(lines, fmt.Sprintf("%v %dp: %d hands checked", k.form, k.players, n))
	}
	for k, n := range notChecked {
		lines = append(lines, fmt.Sprintf("%s: %d hands not checked", k, n))
	}
	slices.Sort(lines)
	t.Logf("real logs by tag: %v", byKind)
	t.Logf("hands by seed form and players:\n\t%s", strings.Join(lines, "\n\t"))
	t.Logf("%d excerpts synchronised (%d hands skipped in all); %d edited/simulator logs with mismatches", synced, skippedHands, mismatchedOther)
	for _, k := range []key{{wall.FormBase64, 4}, {wall.FormBase64, 3}, {wall.FormHex, 4}, {wall.FormPerHand, 4}, {wall.FormPerHand, 3}} {
		if checked[k] == 0 {
			t.Errorf("no %v %dp hand checked", k.form, k.players)
		}
	}
}

// decode decodes an mjlog file (a fixture path or a corpus file).
func decode(tb testing.TB, path string) *event.Game {
	tb.Helper()
	data, err := corpus.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var d tenhou.Decoder
	g := new(event.Game)
	if err := d.Decode(data, path, g); err != nil && !errors.Is(err, event.ErrTruncated) {
		tb.Fatal(err)
	}
	return g
}
