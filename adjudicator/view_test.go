package adjudicator_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
)

// playerView rewrites an mjai log (JSON lines) as seat v sees the game, as
// mjai clients and bots keep it: the other seats' starting hands and draws
// are "?". It returns false when the log is not JSON lines of objects.
func playerView(data []byte, v int) ([]byte, bool) {
	var out bytes.Buffer
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal(line, &ev); err != nil {
			return nil, false
		}
		switch ev["type"] {
		case "start_kyoku":
			hands, _ := ev["tehais"].([]any)
			for s, h := range hands {
				tiles, _ := h.([]any)
				if s == v || len(tiles) == 0 {
					continue
				}
				for i := range tiles {
					tiles[i] = "?"
				}
			}
		case "tsumo":
			if a, _ := ev["actor"].(float64); int(a) != v {
				ev["pai"] = "?"
			}
		}
		b, _ := json.Marshal(ev)
		out.Write(b)
		out.WriteByte('\n')
	}
	return out.Bytes(), true
}

// TestCorpusPlayerView judges every mjai log of the corpus that reads
// without error and without a finding as each of its players saw it (the
// others' hands and draws hidden): the game decodes without error and
// still has no finding: what the hidden tiles decide is not checked, and
// what the log still shows (discards, calls, wins, payments, flow, the
// end) agrees.
func TestCorpusPlayerView(t *testing.T) {
	files := corpus.Files(t, "mjai/*")
	var d parser.Decoder
	var g event.Game
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	views, hidden := 0, 0
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		if err := d.Decode(&parser.Input{Path: name, Data: data}, &g); err != nil || g.Meta.HiddenSeats != 0 {
			continue
		}
		players := g.Meta.PlayerCount()
		rep, err := jr.JudgeAuto(&g, &sel)
		if err != nil {
			t.Fatal(err)
		}
		whole := slices.Clone(rep.Findings)
		if len(whole) > 0 {
			// A log that is wrong already: with hands hidden, the
			// payments it records stand in for the tenpai that the
			// hands would show, so its findings may differ.
			continue
		}
		for v := range players {
			view, ok := playerView(data, v)
			if !ok {
				break
			}
			if err := d.Decode(&parser.Input{Path: name, Data: view}, &g); err != nil {
				t.Errorf("%s as seat %d sees it: %v", name, v, err)
				continue
			}
			if want := uint8(1<<players-1) &^ (1 << v); g.Meta.HiddenSeats != want {
				t.Errorf("%s as seat %d sees it: hidden seats %04b, want %04b", name, v, g.Meta.HiddenSeats, want)
			}
			rep, err := jr.JudgeAuto(&g, &sel)
			if err != nil {
				t.Fatal(err)
			}
			views++
			for _, fd := range rep.Findings {
				if !slices.ContainsFunc(whole, func(w check.Finding) bool { return same(w, fd) }) {
					t.Errorf("%s as seat %d sees it: %s: %s (not a finding of the whole log)", name, v, fd.Check, fd.Message)
				}
			}
			for _, h := range rep.Hands {
				for s := range players {
					if h.Seats[s].TenpaiUnknown {
						hidden++
					}
				}
			}
		}
	}
	if views == 0 {
		t.Fatal("no mjai log viewed")
	}
	t.Logf("%d player views judged; %d hidden hands' tenpai left unknown", views, hidden)
}

// TestPlayerViewPayments: a player's view still judges the payments: a
// noten payment changed in the log is a discrepancy.
func TestPlayerViewPayments(t *testing.T) {
	data, err := corpus.ReadFile(filepath.Join(corpus.Dir(t), "mjai", "manuego__2026-07-01-130909.mjson"))
	if err != nil {
		t.Fatal(err)
	}
	view, ok := playerView(data, 0)
	if !ok {
		t.Fatal("not JSON lines")
	}
	// Change the first exhaustive draw's payments: a tenpai seat gets 1000
	// more from a noten one.
	var out bytes.Buffer
	done := false
	for _, line := range bytes.Split(view, []byte("\n")) {
		var ev map[string]any
		if json.Unmarshal(line, &ev) == nil && ev["type"] == "ryukyoku" && !done {
			d, _ := ev["deltas"].([]any)
			tp, _ := ev["tenpais"].([]any)
			up, down := -1, -1
			for s := range d {
				if s < len(tp) && tp[s] == true && up < 0 {
					up = s
				}
				if s < len(tp) && tp[s] == false && down < 0 {
					down = s
				}
			}
			if up >= 0 && down >= 0 {
				d[up] = d[up].(float64) + 1000
				d[down] = d[down].(float64) - 1000
				if sc, _ := ev["scores"].([]any); len(sc) > 0 {
					sc[up] = sc[up].(float64) + 1000
					sc[down] = sc[down].(float64) - 1000
				}
				done = true
			}
			line, _ = json.Marshal(ev)
		}
		out.Write(line)
		out.WriteByte('\n')
	}
	if !done {
		t.Fatal("no exhaustive draw with tenpai and noten seats in the log")
	}
	var d parser.Decoder
	var g event.Game
	if err := d.Decode(&parser.Input{Path: "view.mjson", Data: out.Bytes()}, &g); err != nil && g.Meta.HiddenSeats == 0 {
		t.Fatal(err)
	}
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	rep, err := jr.JudgeAuto(&g, &sel)
	if err != nil {
		t.Fatal(err)
	}
	var checks []string
	for _, f := range rep.Findings {
		checks = append(checks, f.Check.String())
	}
	if !slices.Contains(checks, "draw.payment") {
		t.Errorf("a changed noten payment in a player's view: findings %v, want draw.payment", checks)
	}
}
