package mjai

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/tenhou"
)

// What every mjai twin drops: mjai has no dice and no disconnections.
const mjaiDrop = logdiff.Dice | logdiff.Connection

// What Mortal-style logs (mortal-sanma's converter) do not carry: the hora
// has only actor, target and deltas (no fu, han, points, yaku, hand or ura
// indicators); reach_accepted and ryukyoku carry no scores and no hands,
// and a ryukyoku has no ba; starting hands are written sorted.
const mortalDrop = mjaiDrop | logdiff.HandOrder | logdiff.Yaku | logdiff.Ura | logdiff.WinHand |
	logdiff.Revealed | logdiff.RiichiScores | logdiff.EndPoints

// What gimite's old golden log does not carry: no tsumogiri flags, hora
// with actor, target and pai only, no scores anywhere (so no riichi
// scores, no deltas, no final scores), ryukyoku with a reason only.
const gimiteDrop = mjaiDrop | logdiff.Tsumogiri | logdiff.Yaku | logdiff.Ura | logdiff.WinHand |
	logdiff.Revealed | logdiff.RiichiScores | logdiff.End

// What tenhou-paifu-to-json's single-object variant does not carry:
// reach_accepted without scores, agari and ryuukyoku without scores or
// deltas, ryuukyoku without ba or hands, owari with the final scores only.
const rmssDrop = mjaiDrop | logdiff.RiichiScores | logdiff.Revealed | logdiff.EndPoints

var twinPairs = []struct {
	mjai, mjlog string
	drop        logdiff.Fields
	// known lists mjai lines (as substrings) that differ from the mjlog's
	// because of a converter bug; every other line must agree.
	known []string
	// reordered says why the converter wrote the actions of some hands in
	// another order or form; then only the round starts and hand ends must
	// agree.
	reordered string
	// blur lists what to blank on both sides before comparing the round
	// starts and hand ends of a reordered pair, each for a converter bug.
	blur []blur
}{
	// The manifest pairs msanma__sample.mjson with sample.xml, but by its
	// hands sample.xml is the game of sample2.mjson (sample.mjson is a
	// garbled conversion with 2m-8m tiles, see TestCorpus). The converter
	// of sample2 predates nukidora: it writes each kita as a tsumogiri
	// dahai of N and moves the replacement draws to later turns.
	// It also writes no dora events for kans, and numbers the rounds of
	// the south and west winds wrongly (Tenhou's S1, dealer 0, becomes S2
	// with oya 1).
	{mjai: "mjai/msanma__sample2.mjson", mjlog: "mjlog/msanma__sample.xml", drop: mortalDrop,
		reordered: "mortal-sanma's old converter writes kita as a dahai of N", blur: []blur{roundName, winDora}},
	{mjai: "mjai/msanma__sample2.mjson", mjlog: "mjlog/msanma__sample-fixed.xml", drop: mortalDrop,
		reordered: "mortal-sanma's old converter writes kita as a dahai of N", blur: []blur{roundName, winDora}},
	// sample-nuki is the game of Tenhou log 2026011605gm-00b9-0000-8fab616e.
	// Its converter puts some calls after the next seat's turn (seat 2's pon
	// of seat 0's discard after seat 1's draw and discard) and drops the
	// kita and replacement draw before two rinshan wins.
	// Its rounds of the south wind are numbered wrongly too, and its ankan
	// has no dora event.
	{mjai: "mjai/msanma__sample-nuki.mjson", mjlog: "mjlog/msanma__2026011605gm-00b9-0000-8fab616e.xml", drop: mortalDrop,
		reordered: "mortal-sanma's converter moves calls after the next turn", blur: []blur{roundName, winDora}},
	// gimite's old mjai computed the honba itself and reset it when the
	// dealer changed after an exhaustive draw (Tenhou keeps counting): its
	// board dump says S-4 kyoku 0 honba where Tenhou's log has 8.
	{mjai: "mjai/gimite__test.mjlog.golden.log", mjlog: "mjlog/gimite__test.mjlog", drop: gimiteDrop,
		known: []string{"round S4-0 "}},
	{mjai: "mjai/rmss__fukugou.json", mjlog: "mjlog/rmss__fukugou.xml", drop: rmssDrop},
	{mjai: "mjai/rmss__kakan.json", mjlog: "mjlog/rmss__kakan.xml", drop: rmssDrop},
	{mjai: "mjai/rmss__pao.json", mjlog: "mjlog/rmss__pao.json", drop: rmssDrop},
	// tenhou-paifu-to-json marks a discard tsumogiri when it is tile id 0
	// (a 1m) right after a call: it compares the discard with the last
	// draw's id, which it resets to 0 on calls.
	{mjai: "mjai/rmss__test.json", mjlog: "mjlog/rmss__test.xml", drop: rmssDrop,
		known: []string{"1 discard 1m tsumogiri"}},
	{mjai: "mjai/rmss__yakumann.json", mjlog: "mjlog/rmss__yakumann.xml", drop: rmssDrop},
}

// TestTwins compares each mjai log with the mjlog of the same game. The
// canonical lines (internal/twin) must be equal after the pair's drops,
// where a value the mjai log does not record ("?" in its line: deltas,
// before, ba, fu, han, points, limit, the scores and sticks of a hand
// start in old logs) matches any value on the mjlog side. Where a
// converter's bug makes a pair differ, the test checks that they differ
// exactly there.
func TestTwins(t *testing.T) {
	dir := corpus.Dir(t)
	var d Decoder
	var td tenhou.Decoder
	for _, p := range twinPairs {
		t.Run(filepath.Base(p.mjai)+"~"+filepath.Base(p.mjlog), func(t *testing.T) {
			a, err := corpus.ReadFile(filepath.Join(dir, p.mjai))
			if err != nil {
				t.Fatal(err)
			}
			b, err := corpus.ReadFile(filepath.Join(dir, p.mjlog))
			if err != nil {
				t.Fatal(err)
			}
			var ga, gb event.Game
			if err := d.Decode(a, p.mjai, &ga); err != nil {
				t.Fatalf("mjai: %v", err)
			}
			if err := td.Decode(b, p.mjlog, &gb); err != nil {
				t.Fatalf("mjlog: %v", err)
			}
			la := unknownRounds(&ga, logdiff.Lines(&ga, p.drop))
			lb := logdiff.Lines(&gb, p.drop)
			if p.reordered != "" {
				ea, eb := outline(la), outline(lb)
				for _, b := range p.blur {
					for i := range ea {
						ea[i] = b.re.ReplaceAllString(ea[i], b.repl)
					}
					for i := range eb {
						eb[i] = b.re.ReplaceAllString(eb[i], b.repl)
					}
				}
				if j, ok := firstDiff(ea, eb); !ok {
					t.Errorf("round starts and hand ends differ at line %d:\n%s", j+1, context(ea, eb, j))
				}
				if _, ok := firstDiff(la, lb); ok {
					t.Errorf("the actions agree, but %s", p.reordered)
				}
				t.Logf("%d round start and hand end lines agree; the actions differ (%s)", len(ea), p.reordered)
				return
			}
			if len(la) != len(lb) {
				i, _ := firstDiff(la, lb)
				t.Fatalf("%d lines, %d in the mjlog; first difference at line %d:\n%s", len(la), len(lb), i+1, context(la, lb, i))
			}
			found := make([]bool, len(p.known))
			for i := range la {
				if lineMatch(la[i], lb[i]) {
					continue
				}
				k := 0
				for k < len(p.known) && !strings.Contains(la[i], p.known[k]) {
					k++
				}
				if k == len(p.known) {
					t.Errorf("line %d differs:\n%s", i+1, context(la, lb, i))
					continue
				}
				found[k] = true
			}
			for k, f := range found {
				if !f {
					t.Errorf("the known difference %q is gone", p.known[k])
				}
			}
			t.Logf("%d lines agree, %d known differences", len(la), len(p.known))
		})
	}
}

// Blurs of converter bugs: the round name and dealer of a hand start, the
// dora indicators of a win.
type blur struct {
	re   *regexp.Regexp
	repl string
}

var (
	roundName = blur{regexp.MustCompile(`^round \S+( sticks=\S+) dealer=\d`), "round ?$1 dealer=?"}
	winDora   = blur{regexp.MustCompile(`^  dora .*`), "  dora ?"}
)

// unknownRounds writes "?" for what the mjai log does not record and
// logdiff.Lines prints as a value: the scores and sticks of the hand starts
// (Round.Unknown), which it prints as zeros, and the kind of a ryuukyoku
// without a reason (event.Unrecorded).
func unknownRounds(g *event.Game, lines []string) []string {
	scores := regexp.MustCompile(`scores=\[[^\]]*\]`)
	sticks := regexp.MustCompile(`sticks=\d+`)
	r := 0
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, "ryuukyoku unrecorded "); ok {
			lines[i] = "ryuukyoku ? " + rest
		}
		if !strings.HasPrefix(l, "round ") {
			continue
		}
		u := g.Rounds[r].Unknown
		if u&event.KnownScores != 0 {
			l = scores.ReplaceAllString(l, "scores=?")
		}
		if u&event.KnownBa != 0 {
			l = sticks.ReplaceAllString(l, "sticks=?")
		}
		lines[i] = l
		r++
	}
	return lines
}

// firstDiff returns the index of the first line where a (the mjai side)
// and b differ, or ok. A "?" in a's line matches one value in b's: a
// number, a word or a bracketed list.
func firstDiff(a, b []string) (int, bool) {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || !lineMatch(a[i], b[i]) {
			return i, false
		}
	}
	return 0, true
}

func lineMatch(a, b string) bool {
	if a == b {
		return true
	}
	if !strings.Contains(a, "?") {
		return false
	}
	pat := strings.ReplaceAll(regexp.QuoteMeta(a), `\?`, `(?:\[[^\]]*\]|[^ ]*)`)
	ok, _ := regexp.MatchString("^"+pat+"$", b)
	return ok
}

// outline keeps the lines of round starts and hand ends.
func outline(lines []string) []string {
	var out []string
	keep := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "round "), strings.HasPrefix(l, "win "), strings.HasPrefix(l, "ryuukyoku "), strings.HasPrefix(l, "end "):
			keep = true
		case !strings.HasPrefix(l, "  "):
			keep = false
		}
		if keep {
			out = append(out, l)
		}
	}
	return out
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end)"
}

func context(a, b []string, i int) string {
	var s strings.Builder
	for j := max(0, i-3); j <= i+3; j++ {
		s.WriteString("  mjai:  " + at(a, j) + "\n  mjlog: " + at(b, j) + "\n")
	}
	return s.String()
}
