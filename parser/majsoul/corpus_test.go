package majsoul

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// checkConsistent checks a decoded game against itself: every hand starts
// with the scores and riichi sticks the previous hand left (its start,
// less the riichi sticks paid, plus the recorded score changes; the sticks
// go to the winner or stay on the table), every recorded riichi payment,
// "before" and score list agrees with that running count, and the game's
// recorded final scores are the last hand's, with the sticks left on the
// table given to the first place.
func checkConsistent(t testing.TB, g *event.Game) {
	t.Helper()
	var cur [4]int32
	sticks := int16(0)
	known := false // cur is known (a hand started)
	won := false   // the current hand was won
	for i, e := range g.Events {
		at := func(format string, args ...any) {
			t.Helper()
			t.Errorf("%s: event %d (%v): %s", g.Meta.Path, i, e.Type, fmt.Sprintf(format, args...))
		}
		switch e.Type {
		case event.RoundStart:
			r := &g.Rounds[e.Ref]
			if won {
				sticks = 0
			}
			if known && (r.Scores != cur || r.Sticks != sticks) {
				at("hand %v starts with %v and %d sticks; the previous hand left %v and %d", r.ID(), r.Scores, r.Sticks, cur, sticks)
			}
			cur, sticks, known, won = r.Scores, r.Sticks, true, false
		case event.RiichiAccepted:
			cur[e.Seat] -= 1000
			sticks++
			if e.Ref >= 0 && g.Scores[e.Ref] != cur {
				at("riichi payment records %v, want %v", g.Scores[e.Ref], cur)
			}
		case event.Win:
			w := &g.Wins[e.Ref]
			if w.Known&event.KnownBefore != 0 && w.Before != cur {
				at("win before %v, want %v", w.Before, cur)
			}
			if w.Known&event.KnownDeltas == 0 {
				known = false
				continue
			}
			var sum int32
			for s := range 4 {
				cur[s] += w.Deltas[s]
				sum += w.Deltas[s]
			}
			if sum != 1000*int32(w.Sticks) {
				at("win deltas %v sum to %d with %d sticks", w.Deltas, sum, w.Sticks)
			}
			won = true
		case event.Ryuukyoku:
			r := &g.Ryuukyoku[e.Ref]
			if r.Known&event.KnownBefore != 0 && r.Before != cur {
				at("draw before %v, want %v", r.Before, cur)
			}
			if r.Known&event.KnownBa != 0 && r.Sticks != sticks {
				at("draw with %d sticks, want %d", r.Sticks, sticks)
			}
			for s := range 4 {
				cur[s] += r.Deltas[s]
			}
		case event.GameEnd:
			end := &g.End[e.Ref]
			if end.Known&event.KnownScores == 0 || !known {
				continue
			}
			if won {
				sticks = 0
			}
			top := 0
			for s := 1; s < int(g.Meta.Players); s++ {
				if cur[s] > cur[top] {
					top = s
				}
			}
			cur[top] += 1000 * int32(sticks)
			if end.Scores != cur {
				at("final scores %v; the last hand left %v (with %d sticks to seat %d)", end.Scores, cur, sticks, top)
			}
		}
	}
}

// TestCorpus decodes every Mahjong Soul record of the corpus: each must
// decode without error, be detected, hold one round per RecordNewRound
// (counted by a plain byte scan, not by the decoder) and be consistent
// (checkConsistent): each hand's starting scores are the previous hand's
// plus its recorded changes and riichi sticks, and the final scores are
// the last hand's.
func TestCorpus(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.Format != "majsoul" {
			continue
		}
		n++
		t.Run(filepath.Base(e.File), func(t *testing.T) {
			data, err := corpus.ReadFile(filepath.Join(dir, e.File))
			if err != nil {
				t.Fatal(err)
			}
			if !detect(data) {
				t.Error("not detected")
			}
			g, err := decodeBytes(t, data, e.File)
			if err != nil {
				t.Fatal(err)
			}
			if want := bytes.Count(data, []byte(".lq.RecordNewRound")); len(g.Rounds) != want {
				t.Errorf("%d rounds, the file has %d RecordNewRound", len(g.Rounds), want)
			}
			if !g.Complete() || len(g.Meta.Warnings) > 0 {
				t.Errorf("complete %v, warnings %q", g.Complete(), g.Meta.Warnings)
			}
			checkConsistent(t, g)
		})
	}
	if n < 3 {
		t.Errorf("the manifest lists %d Mahjong Soul records, want 3", n)
	}
}

// TestFixtures decodes the project's copies of the corpus records (they
// are there when the corpus is not).
func TestFixtures(t *testing.T) {
	files, _ := filepath.Glob("../../fixtures/*/majsoul/*")
	if len(files) == 0 {
		t.Skip("no fixtures/majsoul")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := corpus.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			g, err := decodeBytes(t, data, f)
			if err != nil {
				t.Fatal(err)
			}
			checkConsistent(t, g)
		})
	}
}

// TestCorpusKnownFacts checks facts of the corpus records read by hand
// from the files.
func TestCorpusKnownFacts(t *testing.T) {
	dir := "../../fixtures/good/majsoul"
	read := func(name string) *event.Game {
		data, err := corpus.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Skip(err)
		}
		g, err := decodeBytes(t, data, name)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Run("ranked 210715", func(t *testing.T) {
		g := read("fpc__paipu_record.json")
		if g.Meta.Rules.Name != "玉の間南" || g.Meta.Seats[0].Name != "六文そば新橋店" || g.Meta.Seats[3].Rank != "雀豪1" {
			t.Errorf("meta: %+v", g.Meta)
		}
		if len(g.Wins) != 8 || len(g.Ryuukyoku) != 1 || g.Ryuukyoku[0].Tenpai[1] != event.FlagYes {
			t.Errorf("%d wins, %d draws", len(g.Wins), len(g.Ryuukyoku))
		}
		// The dealer's first discard 3z was the last of the 14 tiles and the
		// player's input says tsumogiri (docs/majsoul-formats.md §2.3).
		if e := g.Events[3]; e.Type != event.Discard || e.Flags != event.Tsumogiri {
			t.Errorf("first discard: %+v", e)
		}
		if end := g.End[0]; end.Scores != [4]int32{-3600, 23600, 39500, 40500} || end.Points != [4]float64{-43.6, -6.4, 19.5, 30.5} {
			t.Errorf("end: %+v", end)
		}
		w := g.Wins[0]
		if w.Winner != 2 || w.From != 0 || w.Limit != event.Haneman || w.Points != 12000 || w.Sticks != 1 || w.Deltas != [4]int32{-12000, 0, 13000, 0} {
			t.Errorf("first win: %+v", w)
		}
	})
	t.Run("raw protobuf version 0", func(t *testing.T) {
		g := read("euophrys__majsoul_replay.txt")
		if len(g.Rounds) != 11 || len(g.Wins) != 11 || g.Meta.ID != "" || g.End[0].Known != 0 {
			t.Errorf("%d rounds %d wins, meta %+v, end %+v", len(g.Rounds), len(g.Wins), g.Meta, g.End[0])
		}
		last := g.Wins[len(g.Wins)-1]
		if last.Limit != event.Yakuman || last.Han != 13 || last.YakuList()[0].ID != 40 {
			t.Errorf("last win (四暗刻 by name): %+v", last)
		}
	})
	t.Run("triple ron", func(t *testing.T) {
		g := read("fpc__paipu_200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3.json")
		if len(g.Wins) != 3 || g.Meta.Length != event.SingleHand || g.Meta.Rules.Name != "友人戦一局" || g.Meta.StartingPoints != 200000 {
			t.Errorf("%d wins, meta %+v", len(g.Wins), g.Meta)
		}
		for i, w := range g.Wins {
			if w.Winner != event.Seat(i+1) || w.Han != 78 || w.Points != 192000 {
				t.Errorf("win %d: %+v", i, w)
			}
		}
	})
}

// TestDetectCorpus checks that detect claims no file of the other formats
// of the corpus (mjlog, tenhou.net/6, mjai, archive listings).
func TestDetectCorpus(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := detect(data), e.Format == "majsoul"; got != want {
			t.Errorf("%s (%s): detect = %v", e.File, e.Format, got)
		}
	}
}
