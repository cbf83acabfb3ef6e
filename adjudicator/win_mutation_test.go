package adjudicator_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
)

// winMutation changes what a log records of one win so that every payment
// stays as it was (the recorded points follow from the recorded han and
// fu): only the scorer can tell. ok says whether the win lends itself to
// the change.
type winMutation struct {
	name   string
	want   string
	ok     func(w *event.WinRecord) bool
	mutate func(w *event.WinRecord)
}

// oneHanSituational are 1-han yaku that depend on the play, not on the
// tiles, in Tenhou's numbering: menzen tsumo, ippatsu, chankan, rinshan,
// haitei, houtei.
var oneHanSituational = []event.YakuID{0, 2, 3, 4, 5, 6}

func yakuIndex(w *event.WinRecord, id event.YakuID) int {
	return slices.IndexFunc(w.YakuList(), func(y event.Yaku) bool { return y.ID == id })
}

// oneHanReplacement returns a 1-han yaku of w (dora aside) and a 1-han yaku
// the hand does not have that can stand in its place.
func oneHanReplacement(w *event.WinRecord) (at int, by event.YakuID, ok bool) {
	at = slices.IndexFunc(w.YakuList(), func(y event.Yaku) bool { return y.Han == 1 && !y.ID.IsYakuman() && y.ID < event.YakuDora })
	if at < 0 {
		return 0, 0, false
	}
	for _, id := range oneHanSituational {
		if yakuIndex(w, id) < 0 && (id != 0 || !w.Tsumo()) {
			return at, id, true
		}
	}
	return 0, 0, false
}

var winMutations = []winMutation{
	{
		name: "a 1-han yaku replaced by one the hand does not have", want: "win.yaku",
		ok: func(w *event.WinRecord) bool { _, _, ok := oneHanReplacement(w); return ok },
		mutate: func(w *event.WinRecord) {
			at, by, _ := oneHanReplacement(w)
			w.Yaku[at].ID = by
		},
	},
	{
		name: "the fu of a limit hand changed", want: "win.fu",
		ok: func(w *event.WinRecord) bool {
			// Five han or more: the fu change nothing of the points.
			return w.Known&event.KnownFu != 0 && w.Limit >= event.Mangan && w.Limit < event.Yakuman && w.Han >= 5 && w.Fu >= 30
		},
		mutate: func(w *event.WinRecord) { w.Fu += 10 },
	},
	{
		name: "a han moved from dora to ura dora", want: "win.dora",
		ok: func(w *event.WinRecord) bool {
			d := yakuIndex(w, event.YakuDora)
			return d >= 0 && w.Yaku[d].Han > 0 && yakuIndex(w, event.YakuUraDora) >= 0
		},
		mutate: func(w *event.WinRecord) {
			w.Yaku[yakuIndex(w, event.YakuDora)].Han--
			w.Yaku[yakuIndex(w, event.YakuUraDora)].Han++
		},
	},
	{
		name: "a han moved from red fives to dora", want: "win.dora",
		ok: func(w *event.WinRecord) bool {
			a := yakuIndex(w, event.YakuAkaDora)
			return a >= 0 && w.Yaku[a].Han > 0 && yakuIndex(w, event.YakuDora) >= 0
		},
		mutate: func(w *event.WinRecord) {
			w.Yaku[yakuIndex(w, event.YakuAkaDora)].Han--
			w.Yaku[yakuIndex(w, event.YakuDora)].Han++
		},
	},
	{
		name: "the han total changed", want: "win.han",
		ok: func(w *event.WinRecord) bool {
			return w.Known&event.KnownHan != 0 && w.Known&event.KnownYaku != 0 && w.Limit < event.Yakuman
		},
		mutate: func(w *event.WinRecord) { w.Han++ },
	},
	{
		name: "the limit changed", want: "win.limit",
		ok: func(w *event.WinRecord) bool {
			return w.Known&event.KnownPoints != 0 && w.Limit >= event.Mangan && w.Limit < event.Yakuman
		},
		mutate: func(w *event.WinRecord) { w.Limit++ },
	},
	{
		name: "the hand's value changed", want: "win.points",
		ok:     func(w *event.WinRecord) bool { return w.Known&event.KnownPoints != 0 },
		mutate: func(w *event.WinRecord) { w.Points += 100 },
	},
}

// TestWinMutations changes one win of real Tenhou logs at a time, as the
// mutations above do, and checks that the judgement reports it under its
// check and nothing else: every payment still follows from the record, so
// only scoring the hand finds the change.
func TestWinMutations(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var d tenhou.Decoder
	var sel adjudicator.Selector
	var jr adjudicator.Judger
	tried := make([]int, len(winMutations))
	files := 0
	for _, e := range entries {
		if e.Format != "mjlog" || e.Kind != "real" {
			continue
		}
		if files++; files%8 != 0 {
			continue // every eighth real log is enough
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		var g event.Game
		if d.Decode(data, e.File, &g) != nil || g.Meta.Platform != event.Tenhou {
			continue
		}
		rules, err := sel.For(&g)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(jr.Judge(&g, rules, true).Findings); n != 0 {
			continue // TestCorpusMjlogAuto reports it
		}
		for k, m := range winMutations {
			for i := range g.Wins {
				w := &g.Wins[i]
				if !m.ok(w) {
					continue
				}
				saved := *w
				m.mutate(w)
				got := checkNames(jr.Judge(&g, rules, true).Findings)
				*w = saved
				tried[k]++
				if !slices.Equal(got, []string{m.want}) {
					t.Errorf("%s, win %d: %s: findings %v, want [%s]", e.File, i, m.name, got, m.want)
				}
				break // one win per game and mutation
			}
		}
	}
	for k, m := range winMutations {
		t.Logf("%s: %d games", m.name, tried[k])
		if tried[k] < 20 {
			t.Errorf("%s: tried on %d games only", m.name, tried[k])
		}
	}
}
