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
// real log may have a wall mismatch or a hand left unchecked for any
// reason but the lack of a Tenhou seed, and every seed form and player
// count the corpus has must have been checked. It logs the hands checked
// per form and player count, the excerpts synchronised, and how many
// replacement draws, kan dora, ura lists and exhaustive draws were
// compared.
func TestCorpusWalls(t *testing.T) {
	games := loadCorpus(t)
	checked := map[formKey]int{}
	present := map[formKey]bool{}
	notChecked := map[string]int{}
	exercised := map[string]int{}
	var synced, skippedHands, laterStart, mismatchedOther int
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
		present[formKey{seedForm(cg.g), cg.g.Meta.PlayerCount()}] = true
		checked[formKey{res.Form, res.Players}] += res.Checked
		for h, hr := range res.Hands {
			if hr.Status == wall.NotChecked {
				notChecked[fmt.Sprintf("%v/%v", res.Form, hr.Reason)]++
				if hr.Reason != wall.ReasonNoSeed && hr.Reason != wall.ReasonOtherGenerator {
					t.Errorf("%s: hand %d not checked: %v", cg.file, h, hr.Reason)
				}
			}
		}
		if len(cg.g.Rounds) > 0 && cg.g.Rounds[0].ID() != (event.RoundID{Wind: 0, Number: 1}) {
			laterStart++
		}
		if res.Synchronised {
			synced++
			skippedHands += res.Skipped
		}
		countExercised(cg.g, res, exercised)
	}
	var lines []string
	for k, n := range checked {
		lines = append(lines, fmt.Sprintf("%v: %d hands checked", k, n))
	}
	for k, n := range notChecked {
		lines = append(lines, fmt.Sprintf("%s: %d hands not checked", k, n))
	}
	slices.Sort(lines)
	t.Logf("real logs by tag: %v", byKind)
	t.Logf("hands of real logs by seed form and players:\n\t%s", strings.Join(lines, "\n\t"))
	t.Logf("compared in checked hands: %v", exercised)
	t.Logf("%d excerpts synchronised (%d hands skipped in all; %d real logs start after E1-0); %d edited/simulator logs with mismatches",
		synced, skippedHands, laterStart, mismatchedOther)
	for _, k := range []formKey{{wall.FormBase64, 4}, {wall.FormBase64, 3}, {wall.FormHex, 4}, {wall.FormPerHand, 4}, {wall.FormPerHand, 3}} {
		if !present[k] {
			t.Errorf("the corpus has no real log of form %v any more", k)
		}
	}
	for k := range present {
		if k.form != wall.FormNone && k.form != wall.FormOther && checked[k] == 0 {
			t.Errorf("the corpus has %v logs, but no hand of them was checked", k)
		}
	}
	for _, what := range []string{"replacement draws", "kan dora", "ura lists", "exhaustive draws"} {
		if exercised[what] == 0 {
			t.Errorf("no %s compared", what)
		}
	}
}

// seedForm returns the form of g's seed as its text says, without the
// checker: the SHUFFLE seed's, or per_hand when a hand has an INIT
// shuffle.
func seedForm(g *event.Game) wall.Form {
	switch {
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288-base64,"):
		return wall.FormBase64
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288,"):
		return wall.FormHex
	case g.Meta.Seed != "":
		return wall.FormOther
	}
	for _, r := range g.Rounds {
		if r.Shuffle != "" {
			return wall.FormPerHand
		}
	}
	return wall.FormNone
}

// countExercised counts, in the hands res checked, the events whose tiles
// the checks beyond the deal compare.
func countExercised(g *event.Game, res *wall.Result, n map[string]int) {
	checked := false
	for _, e := range g.Events {
		switch {
		case e.Type == event.RoundStart:
			checked = int(e.Ref) < len(res.Hands) && res.Hands[e.Ref].Status != wall.NotChecked
		case !checked:
		case e.Type == event.Draw && e.Flags&event.Replacement != 0:
			n["replacement draws"]++
		case e.Type == event.Draw:
			n["live draws"]++
		case e.Type == event.Dora:
			n["kan dora"]++
		case e.Type == event.Win && g.Wins[e.Ref].NUra > 0:
			n["ura lists"]++
		case e.Type == event.Ryuukyoku && g.Ryuukyoku[e.Ref].Kind == event.Exhaustive:
			n["exhaustive draws"]++
		case e.Type == event.Ryuukyoku && g.Ryuukyoku[e.Ref].Kind == event.Nagashi:
			n["nagashi"]++
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
