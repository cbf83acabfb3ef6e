package scoring_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
)

// corpusWin is one recorded win of the corpus with the scorer's input
// built from the replay.
type corpusWin struct {
	file   string
	round  event.RoundID
	format event.Format
	// majsoul: the game was played on Mahjong Soul, which lists the yaku
	// in its own order (compared as sets).
	majsoul bool
	// unordered: the log was not written by Tenhou (or from Tenhou's
	// log), so its yaku are in another order: compare them as sets.
	unordered bool
	platform  string
	rules     scoring.Rules
	// dealer and players of the hand; tensoulSeatWind counts the seat
	// winds put right (see recorded).
	dealer          event.Seat
	players         int
	tensoulSeatWind int
	in              scoring.Input
	rec             event.WinRecord
}

// wanted reports whether a manifest entry is a complete real log whose
// wins the corpus test compares, by its tag.
func wanted(e corpus.Entry) bool {
	switch e.Format {
	case "mjlog":
		return e.Kind == "real" || e.Kind == "real-reformatted"
	case "tenhou6", "mjai":
		// Machine conversions of real games (Tenhou's own JSON, tensoul,
		// mjai converters); their wins are compared where they record
		// yaku.
		return e.Kind == "converted" || e.Kind == "converted-excerpt"
	case "majsoul":
		return e.Kind == "real-record"
	}
	return false
}

// corpusStats counts what forEachWin saw.
type corpusStats struct {
	files, games    map[string]int
	skippedPlatform []string // mjlogs the decoder finds not written by Tenhou
	skippedNoYaku   map[string]int
	replayProblems  []string
}

// forEachWin decodes every wanted corpus log, replays it and calls fn for
// each win that records its yaku, with the scorer's input built from the
// replay state just before the win (State.WinInput).
func forEachWin(tb testing.TB, fn func(w *corpusWin)) *corpusStats {
	dir := corpus.Dir(tb)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		tb.Fatal(err)
	}
	cs := &corpusStats{files: map[string]int{}, games: map[string]int{}, skippedNoYaku: map[string]int{}}
	var d parser.Decoder
	var g event.Game
	var r replay.Replayer
	var w corpusWin
	presets := platformRules(tb)
	for _, e := range entries {
		if !wanted(e) {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			tb.Fatal(err)
		}
		if err := d.Decode(&parser.Input{Path: e.File, Data: data}, &g); err != nil {
			// Files the decoders reject are other tests' business
			// (parser tests); they have no wins to compare.
			continue
		}
		if g.Meta.Format == event.FormatMjlog && g.Meta.Platform != event.Tenhou {
			cs.skippedPlatform = append(cs.skippedPlatform, e.File)
			continue
		}
		rules, ok := rulesFor(presets, &g.Meta)
		if !ok {
			cs.skippedNoYaku[e.Format+" (no rules: "+g.Meta.Rules.Name+")"] += len(g.Wins)
			continue
		}
		cs.files[e.Format]++
		w.file, w.format, w.rules = e.File, g.Meta.Format, rules
		w.majsoul = g.Meta.Platform == event.Majsoul
		w.unordered = g.Meta.Platform != event.Tenhou
		w.platform = g.Meta.Platform.String()
		r.Options = replay.OptionsFor(&g.Meta)
		r.Start(&g)
		for i := range g.Events {
			ev := &g.Events[i]
			st := r.State()
			if ev.Type == event.Win {
				rec := g.Win(ev)
				if rec.Known&event.KnownYaku == 0 {
					cs.skippedNoYaku[e.Format]++
				} else {
					w.rec = *rec
					w.round = st.Round.ID()
					w.dealer, w.players = st.Round.Dealer, st.Players
					if err := st.WinInput(rec, &w.in); err != nil {
						cs.replayProblems = append(cs.replayProblems, fmt.Sprintf("%s %v: %v", e.File, w.round, err))
					} else {
						fn(&w)
					}
				}
			}
			r.Apply(i)
		}
	}
	return cs
}

// platformRules are the scoring rules of package adjudicator's tenhou and
// majsoul presets and their sanma presets, by preset name: the rules
// rulesFor starts from.
func platformRules(tb testing.TB) map[string]scoring.Rules {
	return map[string]scoring.Rules{
		"tenhou":        presetRules(tb, "tenhou", event.Tenhou),
		"tenhou-sanma":  presetRules(tb, "tenhou-sanma", event.Tenhou),
		"majsoul":       presetRules(tb, "majsoul", event.Majsoul),
		"majsoul-sanma": presetRules(tb, "majsoul-sanma", event.Majsoul),
	}
}

// rulesFor returns the rules a game was played under, from its metadata:
// its platform's (presets holds them, see platformRules) with the red
// fives, open tanyao, chip lobby and ancient yaku the log states.
func rulesFor(presets map[string]scoring.Rules, m *event.Meta) (scoring.Rules, bool) {
	sanma := ""
	if m.PlayerCount() == 3 {
		sanma = "-sanma"
	}
	reds := m.Rules.RedFives != [3]int8{} && m.Rules.RedFives[1] != 0
	switch m.Platform {
	case event.Tenhou:
		r := presets["tenhou"+sanma]
		if !reds {
			r.RedFives = 0
		}
		r.OpenTanyao = m.Rules.OpenTanyao != event.FlagNo
		if m.Rules.Chips == event.FlagYes {
			r.Kiriage = true // chip lobbies (docs/tenhou-formats.md §2.6)
		}
		return r, true
	case event.Majsoul:
		r := presets["majsoul"+sanma]
		if m.Rules.RedFives == [3]int8{} {
			r.RedFives = 0
		}
		if m.Rules.OpenTanyao == event.FlagNo {
			r.OpenTanyao = false
		}
		for _, kv := range m.Rules.Extra {
			if kv.Key == "guyi_mode" && kv.Value == "1" {
				r.Renhou = scoring.RenhouYakuman // ancient yaku: renhou is a yakuman
			}
		}
		return r, true
	}
	// Other platforms (M-League and 電脳麻将 games converted to
	// tenhou.net/6): Tenhou's rules as far as the log gives them.
	r := presets["tenhou"+sanma]
	if !reds {
		r.RedFives = 0
	}
	r.OpenTanyao = m.Rules.OpenTanyao != event.FlagNo
	return r, true
}

// TestCorpus scores every win of the complete real logs of the corpus that
// records its yaku and compares every recorded field: the yaku (names and
// han), han, fu (where the format records the real fu), the dora, aka,
// ura and kita counts (inside the yaku), the limit and the points.
func TestCorpus(t *testing.T) {
	var s scoring.Scorer
	perFormat := map[event.Format]int{}
	// perYaku counts the wins per yaku and format (mjlog, tenhou6,
	// majsoul, mjai).
	perYaku := map[event.YakuID]*[4]int{}
	diffs, tensoul := 0, 0
	var limits [event.Yakuman + 1]int
	kazoe, pinfuTsumoRinshan, kitaWins := 0, 0, 0
	noKiriage, kiriage := map[string]int{}, map[string]int{}
	cs := forEachWin(t, func(w *corpusWin) {
		s.Rules = w.rules
		res, err := s.Score(&w.in)
		perFormat[w.format]++
		if err != nil {
			diffs++
			if diffs <= 40 {
				t.Errorf("%s %v: %v", w.file, w.round, err)
			}
			return
		}
		limits[res.Limit]++
		if w.in.Kita > 0 {
			kitaWins++
		}
		if res.Han == 4 && res.Fu == 30 || res.Han == 3 && res.Fu == 60 {
			if res.Base == 2000 {
				kiriage[w.platform]++
			} else {
				noKiriage[w.platform]++
			}
		}
		if res.Limit == event.Yakuman && res.YakuList()[0].Han < 13 {
			kazoe++ // a yakuman hand lists only yakuman, 13 han each
		}
		if w.in.Rinshan && res.Fu == 20 {
			pinfuTsumoRinshan++
		}
		for _, y := range res.YakuList() {
			if perYaku[y.ID] == nil {
				perYaku[y.ID] = new([4]int)
			}
			perYaku[y.ID][w.format-event.FormatMjlog]++
		}
		before := w.tensoulSeatWind
		want, got := recorded(w), scored(&res, w)
		tensoul += w.tensoulSeatWind - before
		if d := cmp.Diff(want, got); d != "" {
			diffs++
			if diffs <= 40 {
				t.Errorf("%s %v: %s win %s%s (-want +got):\n%s", w.file, w.round, winKind(&w.in), tile.FormatTiles(w.in.HandTiles()), meldString(&w.in), d)
			}
		}
	})
	var formats []string
	for f, n := range perFormat {
		formats = append(formats, fmt.Sprintf("%v %d wins", f, n))
	}
	sort.Strings(formats)
	t.Logf("compared: %s; %d differences", strings.Join(formats, ", "), diffs)
	t.Logf("files: %v; wins not recording yaku: %v", cs.files, cs.skippedNoYaku)
	t.Logf("mjlogs not written by Tenhou's server (left out): %d %v", len(cs.skippedPlatform), cs.skippedPlatform)
	t.Logf("%d wins with kita compared", kitaWins)
	t.Logf("4 han 30 fu and 3 han 60 fu wins paid below mangan, by platform: %v; as kiriage mangan: %v", noKiriage, kiriage)
	t.Logf("tensoul conversions' seat winds put right: %d", tensoul)
	t.Logf("limits: none %d, mangan %d, haneman %d, baiman %d, sanbaiman %d, yakuman %d (%d of them kazoe); rinshan wins of 20 fu: %d",
		limits[0], limits[1], limits[2], limits[3], limits[4], limits[5], kazoe, pinfuTsumoRinshan)
	for _, p := range cs.replayProblems {
		t.Errorf("replay: %s", p)
	}
	ids := make([]event.YakuID, 0, len(perYaku))
	for id := range perYaku {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	fmt.Fprintf(&b, "\n%3s %-24s %6s %7s %7s %4s", "id", "yaku", "mjlog", "tenhou6", "majsoul", "mjai")
	for _, id := range ids {
		n := perYaku[id]
		fmt.Fprintf(&b, "\n%3d %-24v %6d %7d %7d %4d", id, id, n[0], n[1], n[2], n[3])
	}
	t.Logf("wins per yaku (a yaku with 0 han, ura dora, counts too):%s", b.String())
}

// comparable is the part of a win the corpus test compares.
type comparable struct {
	Yaku  []event.Yaku
	Han   int
	Fu    int
	Limit event.Limit
	Total int
}

// recorded returns what rec records, in the form scored gives.
func recorded(w *corpusWin) comparable {
	rec := &w.rec
	c := comparable{Han: -1, Fu: -1, Limit: 255, Total: -1}
	for _, y := range rec.YakuList() {
		if w.majsoul && w.format == event.FormatTenhou6 && y.ID >= 10 && y.ID <= 13 && y.ID == 10+event.YakuID(rec.Winner) {
			// tensoul writes the seat wind of the seat's index (seat 0
			// East …), not the wind relative to the dealer: a defect of
			// the conversion, put right here and counted.
			seat := event.YakuID((int(rec.Winner) - int(w.dealer) + w.players) % w.players)
			if 10+seat != y.ID {
				y.ID = 10 + seat
				w.tensoulSeatWind++
			}
		}
		c.Yaku = append(c.Yaku, y)
	}
	if w.unordered {
		slices.SortFunc(c.Yaku, func(a, b event.Yaku) int { return int(a.ID) - int(b.ID) })
	}
	if rec.Known&event.KnownHan != 0 {
		c.Han = int(rec.Han)
	}
	if rec.Known&event.KnownFu != 0 {
		c.Fu = int(rec.Fu)
	}
	if rec.Known&event.KnownPoints != 0 {
		c.Limit, c.Total = rec.Limit, int(rec.Points)
	}
	return c
}

// scored returns what res says of the fields rec records.
func scored(res *scoring.Result, w *corpusWin) comparable {
	rec := &w.rec
	c := comparable{Han: -1, Fu: -1, Limit: 255, Total: -1}
	for _, y := range res.YakuList() {
		if w.format != event.FormatMjlog && !w.majsoul && y.ID == event.YakuUraDora && y.Han == 0 {
			continue // Tenhou's JSON and mjai conversions leave out a 0-han ura dora
		}
		c.Yaku = append(c.Yaku, y)
	}
	if w.unordered {
		slices.SortFunc(c.Yaku, func(a, b event.Yaku) int { return int(a.ID) - int(b.ID) })
	}
	if rec.Known&event.KnownHan != 0 {
		c.Han = res.Han
	}
	if rec.Known&event.KnownFu != 0 {
		c.Fu = res.Fu
	}
	if rec.Known&event.KnownPoints != 0 {
		c.Limit, c.Total = res.Limit, res.Total
	}
	return c
}

func winKind(in *scoring.Input) string {
	var b strings.Builder
	if in.Tsumo {
		b.WriteString("tsumo")
	} else {
		b.WriteString("ron")
	}
	for _, f := range []struct {
		on   bool
		name string
	}{
		{in.Dealer(), "dealer"}, {in.Riichi, "riichi"}, {in.DoubleRiichi, "double"}, {in.Ippatsu, "ippatsu"},
		{in.Rinshan, "rinshan"}, {in.Chankan, "chankan"}, {in.Haitei, "haitei"}, {in.Houtei, "houtei"},
		{in.Tenhou, "tenhou"}, {in.Chiihou, "chiihou"}, {in.Renhou, "renhou"}, {in.Kita > 0, fmt.Sprintf("kita%d", in.Kita)},
	} {
		if f.on {
			b.WriteString(" " + f.name)
		}
	}
	fmt.Fprintf(&b, " seat %v round %v dora %s ura %s on %v:", in.SeatWind, in.RoundWind, tile.FormatTiles(in.DoraList()), tile.FormatTiles(in.UraList()), in.WinTile)
	return b.String()
}

func meldString(in *scoring.Input) string {
	var b strings.Builder
	for _, m := range in.MeldList() {
		fmt.Fprintf(&b, " %v:%s", m.Kind, tile.FormatTiles(m.Slice()))
	}
	return b.String()
}
