package tenhou6

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/tenhou"
)

// twinDrop lists what tenhou.net/6 JSON cannot carry, so the twin test
// leaves it out of the comparison:
//
//   - HandOrder: tenhou.net/6 sorts the starting hands; mjlog keeps the deal
//     order (the hands are still compared, sorted).
//   - Fu: tenhou.net/6 writes fu only below mangan ("満貫8000点").
//   - Before, Ba: the scores before a win or draw and its honba and sticks
//     are not written (they could be derived, but the format does not
//     record them, so they stay unknown).
//   - Revealed: which hands were shown at a draw is not written.
//   - RiichiScores: the scores after a riichi stick are not written.
//   - Dice: not written.
//
// Everything else is compared: every draw (with its replacement flag),
// discard (with tsumogiri), call, kan, kita, riichi and acceptance, each kan
// dora at the place Tenhou reveals it, disconnections, and every win (hand,
// melds, winning tile, points, limit, han, yaku in order, dora, ura, liable
// seat, deltas) and draw (kind, deltas), and the final scores and points
// when the JSON has them.
const twinDrop = logdiff.HandOrder | logdiff.Fu | logdiff.Before | logdiff.Ba | logdiff.Revealed | logdiff.RiichiScores | logdiff.Dice

// twinPair is an mjlog and a tenhou.net/6 file of the same game.
type twinPair struct {
	mjlog, json string
	excerpt     bool // the mjlog is an excerpt of the game (same_game_as)
}

// twinPairs finds the pairs: same base name (mjx__, msanma__, pantheon__,
// riichirs__), the JSON's ref naming an mjlog file, and mjlog files whose
// same_game_as is such a logdiff.
func twinPairs(t *testing.T, dir string) []twinPair {
	t.Helper()
	mjlogs, _ := filepath.Glob(filepath.Join(dir, "mjlog", "*"))
	byBase := map[string]string{}
	var names []string
	for _, m := range mjlogs {
		b := filepath.Base(m)
		names = append(names, b)
		byBase[strings.TrimSuffix(b, filepath.Ext(b))] = "mjlog/" + b
	}
	jsons, _ := filepath.Glob(filepath.Join(dir, "tenhou6", "*.json"))
	refRE := regexp.MustCompile(`"ref"\s*:\s*"(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})"`)
	seen := map[[2]string]bool{}
	var pairs []twinPair
	add := func(p twinPair) {
		k := [2]string{p.mjlog, p.json}
		if !seen[k] {
			seen[k] = true
			pairs = append(pairs, p)
		}
	}
	for _, j := range jsons {
		b := strings.TrimSuffix(filepath.Base(j), ".json")
		jf := "tenhou6/" + filepath.Base(j)
		if m, ok := byBase[b]; ok {
			add(twinPair{mjlog: m, json: jf})
		}
		data, err := os.ReadFile(j)
		if err != nil {
			t.Fatal(err)
		}
		if mm := refRE.FindSubmatch(data); mm != nil {
			for _, n := range names {
				if strings.Contains(n, string(mm[1])) {
					add(twinPair{mjlog: "mjlog/" + n, json: jf})
				}
			}
		}
	}
	// Excerpts and copies of a twin's mjlog.
	rows, err := corpus.Features(dir, "mjlog")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		same := r["same_game_as"]
		if same == "" {
			continue
		}
		for _, p := range slices.Clone(pairs) {
			if p.mjlog == same {
				add(twinPair{mjlog: r["file"], json: p.json, excerpt: true})
			}
		}
	}
	sort.Slice(pairs, func(i, k int) bool { return pairs[i].mjlog < pairs[k].mjlog })
	return pairs
}

// TestTwins decodes each mjlog/tenhou.net/6 pair of the corpus and compares
// their canonical lines (see twinDrop). A pair whose mjlog is truncated or
// an excerpt compares the rounds both have complete.
func TestTwins(t *testing.T) {
	dir := corpus.Dir(t)
	pairs := twinPairs(t, dir)
	if len(pairs) < 100 {
		t.Fatalf("found only %d twin pairs", len(pairs))
	}
	var md tenhou.Decoder
	var jd Decoder
	agree, notTwins, rounds := 0, 0, 0
	for _, p := range pairs {
		t.Run(strings.TrimSuffix(filepath.Base(p.mjlog), filepath.Ext(p.mjlog)), func(t *testing.T) {
			var mg, jg event.Game
			mdata, err := corpus.ReadFile(filepath.Join(dir, p.mjlog))
			if err != nil {
				t.Fatal(err)
			}
			merr := md.Decode(mdata, p.mjlog, &mg)
			jdata, err := corpus.ReadFile(filepath.Join(dir, p.json))
			if err != nil {
				t.Fatal(err)
			}
			if err := jd.Decode(jdata, p.json, &jg); err != nil {
				t.Fatalf("%s: %v", p.json, err)
			}
			drop := twinDrop
			if !jg.Complete() {
				drop |= logdiff.End // editor files carry no final result
			}
			if jg.Meta.ID == "" {
				drop |= logdiff.Connection // nor disconnections
			}
			if jg.Meta.Players != mg.Meta.Players {
				t.Fatalf("players: mjlog %d, json %d", mg.Meta.Players, jg.Meta.Players)
			}
			ml, jl := roundsOf(logdiff.Lines(&mg, drop)), roundsOf(logdiff.Lines(&jg, drop))
			if !sameGame(ml, jl) {
				t.Logf("%s and %s share a name but not a game: skipped", p.mjlog, p.json)
				notTwins++
				return
			}
			partial := merr != nil || p.excerpt || len(mg.Rounds) != len(jg.Rounds)
			compared := 0
			for id, m := range ml {
				if id == "" {
					continue
				}
				j, ok := jl[id]
				if !ok || (partial && !m.complete) {
					continue
				}
				if !partial && !ok {
					t.Errorf("round %s only in the mjlog", id)
					continue
				}
				compared++
				if diff := cmp.Diff(m.lines, j.lines); diff != "" {
					t.Errorf("%s vs %s, round %s (-mjlog +json):\n%s", p.mjlog, p.json, id, diff)
				}
			}
			if !partial {
				for id := range jl {
					if _, ok := ml[id]; !ok {
						t.Errorf("round %s only in the json", id)
					}
				}
				if diff := cmp.Diff(ml[""].lines, jl[""].lines); diff != "" {
					t.Errorf("game lines (-mjlog +json):\n%s", diff)
				}
			}
			rounds += compared
			if testing.Verbose() {
				t.Logf("%s vs %s: %d rounds compared (partial %v)", p.mjlog, p.json, compared, partial)
			}
			if compared == 0 && !partial {
				t.Errorf("no round compared")
			}
			if !t.Failed() {
				agree++
			}
		})
	}
	t.Logf("%d pairs by name, ref or same_game_as; %d are not the same game; %d agree; %d rounds compared", len(pairs), notTwins, agree, rounds)
	if agree < 150 {
		t.Errorf("only %d twin pairs agree", agree)
	}
}

// sameGame reports whether the first round of the JSON has the same deal
// as the mjlog's round of the same name.
func sameGame(ml, jl map[string]*roundLines) bool {
	for id, j := range jl {
		if id == "" {
			continue
		}
		m, ok := ml[id]
		if !ok {
			continue
		}
		hands := func(ls []string) []string {
			var out []string
			for _, l := range ls {
				if strings.HasPrefix(l, "hand ") || strings.HasPrefix(l, "round ") {
					out = append(out, l)
				}
			}
			return out
		}
		return slices.Equal(hands(m.lines), hands(j.lines))
	}
	return false
}

// roundLines are the canonical lines of one round.
type roundLines struct {
	lines    []string
	played   bool // it has a draw (edited stubs jump from the deal to the result)
	complete bool // it has its result after play
}

// roundsOf splits canonical lines by round ("round E1-0 …" starts one);
// the lines before the first round and after the last round's end (the game
// end) go under "".
func roundsOf(lines []string) map[string]*roundLines {
	out := map[string]*roundLines{"": {}}
	cur := out[""]
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "round "):
			id := strings.Fields(l)[1]
			cur = &roundLines{}
			out[id] = cur
		case strings.HasPrefix(l, "end "):
			cur = out[""]
		}
		if (strings.HasPrefix(l, "win ") || strings.HasPrefix(l, "ryuukyoku ")) && cur.played {
			cur.complete = true
		}
		if strings.Contains(l, " draw ") {
			cur.played = true
		}
		cur.lines = append(cur.lines, l)
	}
	return out
}
