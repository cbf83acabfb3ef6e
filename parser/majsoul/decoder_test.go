package majsoul

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/tile"
)

func decodeBytes(t testing.TB, data []byte, path string) (*event.Game, error) {
	t.Helper()
	var d Decoder
	var g event.Game
	err := d.Decode(data, path, &g)
	if err != nil {
		var pe *event.Error
		if !errors.As(err, &pe) {
			t.Fatalf("%s: error %v is not an *event.Error", path, err)
		}
		if pe.Path != path || pe.Format != event.FormatMajsoul {
			t.Errorf("%s: error %v has path %q format %v", path, err, pe.Path, pe.Format)
		}
	}
	return &g, err
}

// mustDecode decodes the game g written in form f.
func mustDecode(t testing.TB, gm *game, f form) *event.Game {
	t.Helper()
	g, err := decodeBytes(t, f.write(t, gm), f.name)
	if err != nil {
		t.Fatalf("%s: %v", f.name, err)
	}
	return g
}

func types(g *event.Game) []string {
	var out []string
	for _, e := range g.Events {
		out = append(out, e.Type.String())
	}
	return out
}

// withoutPositions returns a copy of g's events with positions cleared.
func withoutPositions(g *event.Game) []event.Event {
	out := make([]event.Event, len(g.Events))
	for i, e := range g.Events {
		e.Pos = event.Pos{}
		out[i] = e
	}
	return out
}

// TestForms decodes each synthetic game written in every form (snake_case
// and lowerCamelCase JSON, version 0 records and version 210715 actions,
// mahjong-helper details, base64 protobuf inside JSON, protobuf wrapper and
// WebSocket response) and checks that all give the same game: the same
// events, rounds, wins, draws and metadata; the headless protobuf form
// differs only in what the head carries.
func TestForms(t *testing.T) {
	games := []struct {
		name string
		g    *game
	}{
		{"four", gameFour(true)},
		{"sanma", gameSanma(true)},
		{"four-riichi-liqi", gameFourRiichi("liqi", true)},
		{"four-riichi-paid", gameFourRiichi("paid", true)},
		{"four-riichi-unpaid", gameFourRiichi("unpaid", true)},
	}
	for _, gm := range games {
		t.Run(gm.name, func(t *testing.T) {
			ref := mustDecode(t, gm.g, forms[0])
			for _, f := range forms[1:] {
				t.Run(f.name, func(t *testing.T) {
					g := mustDecode(t, gm.g, f)
					drop := logdiff.Fields(0)
					if headless(f) || gm.g.head == nil {
						drop |= logdiff.End
					}
					if d := cmp.Diff(logdiff.Lines(ref, drop), logdiff.Lines(g, drop)); d != "" {
						t.Errorf("lines (-%s +%s):\n%s", forms[0].name, f.name, d)
					}
					if d := cmp.Diff(withoutPositions(ref)[1:len(ref.Events)-1], withoutPositions(g)[1:len(g.Events)-1]); d != "" {
						t.Errorf("events (-%s +%s):\n%s", forms[0].name, f.name, d)
					}
					if d := cmp.Diff(ref.Rounds, g.Rounds); d != "" {
						t.Errorf("rounds (-%s +%s):\n%s", forms[0].name, f.name, d)
					}
					if d := cmp.Diff(ref.Wins, g.Wins); d != "" {
						t.Errorf("wins (-%s +%s):\n%s", forms[0].name, f.name, d)
					}
					if d := cmp.Diff(ref.Ryuukyoku, g.Ryuukyoku); d != "" {
						t.Errorf("draws (-%s +%s):\n%s", forms[0].name, f.name, d)
					}
					if !headless(f) {
						if d := cmp.Diff(ref.Meta, g.Meta, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Path" }, cmp.Ignore())); d != "" {
							t.Errorf("meta (-%s +%s):\n%s", forms[0].name, f.name, d)
						}
						if d := cmp.Diff(ref.End, g.End); d != "" {
							t.Errorf("end (-%s +%s):\n%s", forms[0].name, f.name, d)
						}
					}
				})
			}
		})
	}
}

// TestGameFour checks the decoded four-player game field by field.
func TestGameFour(t *testing.T) {
	g := mustDecode(t, gameFour(true), forms[1])
	m := &g.Meta
	if m.Format != event.FormatMajsoul || m.Platform != event.Majsoul || m.Players != 4 || m.Length != event.EastSouth || m.TileIDs {
		t.Errorf("meta: %+v", m)
	}
	if m.ID != "210101-00000000-0000-0000-0000-000000000001" || m.StartTime != 1609459200 || m.EndTime != 1609461000 || m.StartingPoints != 25000 {
		t.Errorf("meta id/time/points: %q %d %d", m.ID, m.StartTime, m.StartingPoints)
	}
	if m.Rules.Name != "玉の間南" || m.Rules.RedFives != [3]int8{1, 1, 1} || m.Rules.OpenTanyao != event.FlagYes {
		t.Errorf("rules: %+v", m.Rules)
	}
	wantExtra := []event.KeyValue{{Key: "category", Value: "2"}, {Key: "mode", Value: "2"}, {Key: "mode_id", Value: "12"}}
	if d := cmp.Diff(wantExtra, m.Rules.Extra); d != "" {
		t.Errorf("extra (-want +got):\n%s", d)
	}
	wantSeats := [4]event.Player{
		{Name: "東家", Rank: "雀豪2", RankIndex: 10402, Account: 1001},
		{Name: "南家", Rank: "雀傑1", RankIndex: 10301, Account: 1002},
		{Name: "西家", Rank: "雀聖1", RankIndex: 10501, Account: 1003},
		{RankIndex: -1}, // an AI: no account in the head
	}
	if d := cmp.Diff(wantSeats, m.Seats); d != "" {
		t.Errorf("seats (-want +got):\n%s", d)
	}
	want := []string{"game_start", "round_start", "draw", "discard", "draw", "discard", "call", "discard", "call", "discard",
		"draw", "riichi", "discard", "riichi_accepted", "draw", "closed_kan", "dora", "draw", "discard",
		"draw", "added_kan", "draw", "discard", "dora", "draw", "discard", "win", "win", "round_start", "draw", "ryuukyoku"}
	if d := cmp.Diff(want, types(g)[:len(want)]); d != "" {
		t.Errorf("event types (-want +got):\n%s", d)
	}
	ev := g.Events
	if ev[2].Tile != tile.Of(tile.Chun) || ev[3].Flags != event.Tsumogiri {
		t.Errorf("dealer's first draw %v and discard flags %v, want 7z and tsumogiri", ev[2].Tile, ev[3].Flags)
	}
	if ev[5].Flags != event.Tsumogiri || ev[7].Flags != 0 {
		t.Errorf("tsumogiri flags %v %v", ev[5].Flags, ev[7].Flags)
	}
	pon := ev[6]
	if pon.Seat != 2 || pon.From != 1 || pon.Meld.Kind != event.MeldPon || pon.Meld.From != 1 || pon.Meld.Called != 0 || pon.Tile != tile.Of(tile.Pin8) {
		t.Errorf("pon: %+v", pon)
	}
	chi := ev[8]
	if chi.Seat != 3 || chi.From != 2 || chi.Meld.Kind != event.MeldChi || chi.Meld.Called != 1 || tile.FormatTiles(chi.Meld.Slice()) != "234s" {
		t.Errorf("chi: %+v", chi)
	}
	if acc := ev[13]; acc.Seat != 0 || g.Scores[acc.Ref] != [4]int32{24000, 25000, 25000, 25000} {
		t.Errorf("riichi accepted: %+v", acc)
	}
	if kan := ev[15]; kan.Seat != 1 || kan.Meld.Kind != event.MeldClosedKan || kan.Meld.From != event.NoSeat || kan.Meld.Called != -1 || tile.FormatTiles(kan.Meld.Slice()) != "5555z" {
		t.Errorf("closed kan: %+v", kan)
	}
	if ev[16].Tile != tile.Of(tile.Man6) || ev[17].Flags != event.Replacement {
		t.Errorf("closed kan dora %v / replacement draw flags %v", ev[16].Tile, ev[17].Flags)
	}
	if add := ev[20]; add.Meld.Kind != event.MeldAddedKan || add.From != 1 || add.Meld.From != 1 || add.Meld.N != 4 || add.Tile != tile.Of(tile.Pin8) {
		t.Errorf("added kan: %+v", add)
	}
	if ev[23].Tile != tile.Of(tile.Pin3) {
		t.Errorf("added kan dora %v, want 3p after the discard", ev[23].Tile)
	}
	// The double ron: the first winner in turn order after the discarder
	// (seat 0) takes the riichi stick; the records listed it second.
	w0, w1 := g.Wins[0], g.Wins[1]
	if w0.Winner != 0 || w0.From != 3 || w0.Sticks != 1 || w0.Honba != 0 || w0.Deltas != [4]int32{19000, 0, 0, -18000} || w0.Before != [4]int32{24000, 25000, 25000, 25000} {
		t.Errorf("first win: %+v", w0)
	}
	if w1.Winner != 1 || w1.Sticks != 0 || w1.Deltas != [4]int32{0, 4500, 0, -4500} || w1.Before != [4]int32{43000, 25000, 25000, 7000} {
		t.Errorf("second win: %+v", w1)
	}
	if w0.Points != 18000 || w0.Fu != 30 || w0.Han != 6 || w0.Limit != event.Haneman || w0.Liable != event.NoSeat {
		t.Errorf("first win value: %+v", w0)
	}
	wantYaku := []event.Yaku{yk(event.YakuRiichi, 1), yk(7, 1), yk(24, 2), yk(event.YakuDora, 2), yk(event.YakuUraDora, 0)}
	if d := cmp.Diff(wantYaku, w0.YakuList()); d != "" {
		t.Errorf("yaku (-want +got):\n%s", d)
	}
	if tile.FormatTiles(w0.HandTiles()) != "123456789m23p55s4p" || w0.WinTile != tile.Of(tile.Pin4) || w0.NDora != 3 || w0.NUra != 3 {
		t.Errorf("first win hand: %+v", w0)
	}
	if w1.NMelds != 1 || w1.Melds[0].Kind != event.MeldClosedKan || w1.Limit != event.NoLimit || w1.Points != 4500 {
		t.Errorf("second win melds/value: %+v", w1)
	}
	want0 := event.KnownHand | event.KnownMelds | event.KnownFu | event.KnownHan | event.KnownPoints | event.KnownYaku |
		event.KnownDora | event.KnownUra | event.KnownBa | event.KnownDeltas | event.KnownBefore
	if w0.Known != want0 || w1.Known != want0 {
		t.Errorf("known bits %b %b, want %b", w0.Known, w1.Known, want0)
	}
	nine := g.Ryuukyoku[0]
	if nine.Kind != event.NineTerminals || !nine.Revealed[0] || nine.HandLen[0] != 14 || nine.Honba != 1 || nine.Known&event.KnownDeltas != 0 {
		t.Errorf("nine terminals: %+v", nine)
	}
	ex := g.Ryuukyoku[1]
	if ex.Kind != event.Exhaustive || ex.Deltas != [4]int32{-1000, 3000, -1000, -1000} || ex.Tenpai != [4]event.Flag{event.FlagNo, event.FlagYes, event.FlagNo, event.FlagNo} ||
		ex.Revealed != [4]bool{false, true, false, false} || ex.Honba != 2 {
		t.Errorf("exhaustive draw: %+v", ex)
	}
	r := g.Rounds[2]
	if len(r.Wall) != 83 || r.Wall[78] != r.Dora {
		t.Errorf("wall of %d tiles, indicator %v (wall[-5] %v)", len(r.Wall), r.Dora, r.Wall[len(r.Wall)-5])
	}
	if r.Hands[0][12] != tile.Of(tile.Hatsu) {
		t.Errorf("dealer's starting hand %v: the 14th listed tile is the first draw", r.Hands[0])
	}
	end := g.End[0]
	if end.Scores != [4]int32{42000, 32500, 24000, 1500} || end.Points != [4]float64{32, 12.5, -6, -38.5} || end.Known != event.KnownScores|event.KnownPoints2 {
		t.Errorf("end: %+v", end)
	}
	checkConsistent(t, g)
}

// TestSanma checks the three-player game: kita, its replacement draw, kita
// dora, the tsumo loss in the win's value, and nagashi mangan.
func TestSanma(t *testing.T) {
	g := mustDecode(t, gameSanma(true), forms[0])
	m := &g.Meta
	if m.Players != 3 || m.Length != event.EastOnly || m.Rules.Name != "三金の間東" || m.Rules.RedFives != [3]int8{0, 1, 1} || m.StartingPoints != 35000 {
		t.Errorf("meta: %+v", m)
	}
	if m.Seats[0].Rank != "雀豪2" || m.Seats[0].RankIndex != 20402 || m.Seats[3] != (event.Player{RankIndex: -1}) {
		t.Errorf("seats (three-player levels): %+v", m.Seats)
	}
	want := []string{"game_start", "round_start", "draw", "kita", "draw", "win", "round_start"}
	if d := cmp.Diff(want, types(g)[:len(want)]); d != "" {
		t.Errorf("event types (-want +got):\n%s", d)
	}
	kita := g.Events[3]
	if kita.Seat != 0 || kita.Tile != tile.Of(tile.North) || kita.Meld.Kind != event.MeldKita || kita.Meld.N != 1 {
		t.Errorf("kita: %+v", kita)
	}
	if g.Events[4].Flags != event.Replacement {
		t.Errorf("draw after kita: flags %v", g.Events[4].Flags)
	}
	w := g.Wins[0]
	if !w.Tsumo() || w.Points != 8000 || w.Deltas != [4]int32{8000, -4000, -4000, 0} || w.Han != 5 || w.NMelds != 1 || w.Melds[0].Kind != event.MeldKita {
		t.Errorf("win: %+v", w)
	}
	if d := cmp.Diff([]event.Yaku{yk(0, 1), yk(4, 1), yk(24, 2), yk(event.YakuKitaDora, 1)}, w.YakuList()); d != "" {
		t.Errorf("yaku (-want +got):\n%s", d)
	}
	r := g.Rounds[1]
	if len(r.Wall) != 68 || r.Wall[len(r.Wall)-9] != r.Dora || r.Scores[3] != 0 || r.Hands[3] != [13]tile.Tile{} {
		t.Errorf("second round: wall %d tiles, %+v", len(r.Wall), r)
	}
	n := g.Ryuukyoku[0]
	if n.Kind != event.Nagashi || n.Deltas != [4]int32{-4000, 6000, -2000, 0} {
		t.Errorf("nagashi: %+v", n)
	}
	checkConsistent(t, g)
}

// TestFourRiichi checks the four-riichi abortive draw: the fourth stick is
// paid when the record says so, or when the next hand's scores show it.
func TestFourRiichi(t *testing.T) {
	liqiG := mustDecode(t, gameFourRiichi("liqi", false), forms[0])
	paidG := mustDecode(t, gameFourRiichi("paid", false), forms[0])
	unpaidG := mustDecode(t, gameFourRiichi("unpaid", false), forms[0])
	want := []string{"game_start", "round_start", "draw", "riichi", "discard",
		"riichi_accepted", "draw", "riichi", "discard", "riichi_accepted", "draw", "riichi", "discard",
		"riichi_accepted", "draw", "riichi", "discard", "riichi_accepted", "ryuukyoku", "round_start", "draw", "ryuukyoku", "game_end"}
	for _, c := range []struct {
		name   string
		g      *event.Game
		want   []string
		sticks int16
	}{
		{"liqi", liqiG, want, 4},
		{"paid", paidG, want, 4},
		{"unpaid", unpaidG, append(append([]string(nil), want[:17]...), want[18:]...), 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			if d := cmp.Diff(c.want, types(c.g)); d != "" {
				t.Errorf("event types (-want +got):\n%s", d)
			}
			r := c.g.Ryuukyoku[0]
			if r.Kind != event.FourRiichi || r.Sticks != c.sticks {
				t.Errorf("abortive draw: %+v", r)
			}
			if c.g.Events[4].Flags != event.Tsumogiri {
				t.Errorf("double riichi tsumogiri of the dealer's 14th tile: flags %v", c.g.Events[4].Flags)
			}
			checkConsistent(t, c.g)
		})
	}
	if d := cmp.Diff(logdiff.Lines(liqiG, 0), logdiff.Lines(paidG, 0)); d != "" {
		t.Errorf("liqi and paid variants differ (-liqi +paid):\n%s", d)
	}
}

// TestDealerFirstDiscard checks the tsumogiri of the dealer's first
// discard: the record's moqie is meaningless there; the player's input or
// the tiles decide, else it is unknown.
func TestDealerFirstDiscard(t *testing.T) {
	hands := []string{"", "2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 5s", "2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 6s", "6m 7m 8m 2p 3p 4p 2s 3s 4s 6s 7s 7s 8s"}
	tests := []struct {
		name    string
		dealer  string // 14 tiles
		discard string
		input   int // -1 none, else moqie 0/1
		want    event.Flags
	}{
		{"last tile, one copy", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z", "6z", -1, event.Tsumogiri},
		{"last tile, two copies", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 6z 6z", "6z", -1, event.TsumogiriUnknown},
		{"another tile", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z", "1z", -1, 0},
		{"input moqie", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 6z 6z", "6z", 1, event.Tsumogiri},
		{"input not moqie, two copies", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 6z 6z", "6z", 0, 0},
		{"input not moqie, contradicted", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z", "6z", 0, event.TsumogiriUnknown},
		{"input moqie, another tile", "1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z", "1z", 1, event.TsumogiriUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := &game{}
			hs := append([]string{tc.dealer}, hands[1:]...)
			g.add(newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "5p", hs...))
			if tc.input >= 0 {
				g.add(input(0, 1, tc.discard, tc.input == 1))
			}
			g.add(discard(0, tc.discard, true), m("RecordLiuJu", "type", 2, "seat", 0))
			f := forms[0]
			if tc.input >= 0 {
				f = forms[1]
			}
			gd := mustDecode(t, g, f)
			if got := gd.Events[3].Flags; gd.Events[3].Type != event.Discard || got != tc.want {
				t.Errorf("event %v flags %v, want %v", gd.Events[3].Type, got, tc.want)
			}
		})
	}
}

// TestOldRecords reads records of the 2019–2020 kind: yaku by name only
// (Chinese or Japanese), the limit as a title string, the single dora
// field.
func TestOldRecords(t *testing.T) {
	g := &game{}
	g.add(m("RecordNewRound", "chang", 0, "ju", 0, "ben", 0, "scores", []int{25000, 25000, 25000, 25000}, "dora", "9p",
		"tiles0", tiles("1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 5s 5s 1z 7z"),
		"tiles1", tiles("5p 6p 2s 3s 4s 6s 7s 8s 9s 9s 5z 5z 5z"),
		"tiles2", tiles("4m 4m 7p 7p 8p 8p 1s 1s 3s 4z 4z 6z 6z"),
		"tiles3", tiles("3m 3m 5m 4p 9p 9p 2s 4s 7s 7s 1z 1z 6z")),
		discard(0, "7z", false), deal(1, "4p"),
		m("RecordHule", "hules", []msg{m("HuleInfo", "hand", tiles("5p 6p 2s 3s 4s 6s 7s 8s 9s 9s 5z 5z 5z"), "hu_tile", "4p",
			"seat", 1, "zimo", true, "doras", tiles("9p"), "count", 3,
			"fans", []msg{m("FanInfo", "name", "门前清自摸和", "val", 1), m("FanInfo", "name", "役牌 白", "val", 1), m("FanInfo", "name", "ドラ", "val", 0),
				m("FanInfo", "name", "役牌：門風牌", "val", 1)},
			"fu", 40, "title", "満貫", "point_rong", 7700, "point_zimo_qin", 4000, "point_zimo_xian", 2000)},
			"old_scores", []int{25000, 25000, 25000, 25000}, "delta_scores", []int{-4000, 8000, -2000, -2000}, "scores", []int{21000, 33000, 23000, 23000}))
	for _, f := range []form{forms[0], formNamed("pb-wrapper-v0")} {
		t.Run(f.name, func(t *testing.T) {
			gd := mustDecode(t, g, f)
			w := gd.Wins[0]
			want := []event.Yaku{yk(0, 1), yk(18, 1), yk(event.YakuDora, 0), yk(11, 1)} // seat 1 is South
			if d := cmp.Diff(want, w.YakuList()); d != "" {
				t.Errorf("yaku (-want +got):\n%s", d)
			}
			if w.Limit != event.Mangan || w.Points != 8000 || gd.Rounds[0].Dora != tile.Of(tile.Pin9) {
				t.Errorf("win %+v, dora %v", w, gd.Rounds[0].Dora)
			}
			if gd.End[0].Known != 0 {
				t.Errorf("a game without a head has no recorded result: %+v", gd.End[0])
			}
		})
	}
}

// TestPao checks the liable seat (baopai, seat + 1) of a win.
func TestPao(t *testing.T) {
	for _, tc := range []struct {
		name              string
		recordBao, hulBao int
		want              event.Seat
	}{
		{"none", 0, 0, event.NoSeat},
		{"record", 4, 0, 3},
		{"winner", 0, 2, 1},
		{"the winner itself", 3, 0, event.NoSeat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &game{}
			g.add(newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "9p",
				"1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 5s 5s 1z 7z",
				"5p 6p 2s 3s 4s 6s 7s 8s 9s 9s 5z 5z 5z",
				"4m 4m 7p 7p 8p 8p 1s 1s 3s 4z 4z 6z 6z",
				"3m 3m 5m 4p 9p 9p 2s 4s 7s 7s 1z 1z 6z"),
				discard(0, "7z", false), deal(1, "4p"), discard(1, "5p", false),
				m("RecordHule", "hules", []msg{m("HuleInfo", "hand", tiles("4m 4m 7p 7p 8p 8p 1s 1s 3s 4z 4z 6z 6z"), "hu_tile", "5p",
					"seat", 2, "yiman", true, "count", 1, "fans", fans(37, 1), "point_rong", 32000, "baopai", tc.hulBao, "title_id", 5)},
					"delta_scores", []int{0, -32000, 32000, 0}, "baopai", tc.recordBao))
			gd := mustDecode(t, g, forms[0])
			w := gd.Wins[0]
			if w.Liable != tc.want || w.Han != 13 || w.Limit != event.Yakuman {
				t.Errorf("liable %v han %d limit %v, want liable %v", w.Liable, w.Han, w.Limit, tc.want)
			}
		})
	}
}

// TestBrokenHands: a record that contradicts the hand as played (a call
// of a tile nobody just discarded, an added kan without its pon, a ron with
// no tile to win on) ends its hand with a Broken event that names the act,
// its seat and its tile; the game decodes without an error, and the next
// hand is read from its RecordNewRound on, in every form of record.
func TestBrokenHands(t *testing.T) {
	cases := []struct {
		name string
		edit func(rs []msg) []msg
		msg  string
		act  event.Type
		seat event.Seat
		tile string
	}{
		{"call without discard", func(rs []msg) []msg {
			for i, r := range rs {
				if r.typ == "RecordChiPengGang" {
					rs[i] = call(2, 1, "8p 8p 8p", 2, 2, 0) // seat 0 discarded 7z
					break
				}
			}
			return rs
		}, "seat 2 calls 8p from seat 0, which did not just discard it", event.Call, 2, "8p"},
		{"added kan without pon", func(rs []msg) []msg {
			for i, r := range rs {
				if r.typ == "RecordAnGangAddGang" && i > 0 && rs[i-1].typ == "RecordDealTile" {
					if f := r.fields; len(f) > 0 && f[0].val == 2 {
						rs[i] = m("RecordAnGangAddGang", "seat", 2, "type", 2, "tiles", "9p")
						break
					}
				}
			}
			return rs
		}, "seat 2 adds 9p to a pon it does not have", event.AddedKan, 2, "9p"},
		{"ron without discard", func(rs []msg) []msg {
			for i, r := range rs {
				if r.typ == "RecordDiscardTile" && i > 0 && rs[i-1].typ == "RecordDealTile" {
					if f := r.fields; f[0].val == 3 {
						// seat 3's last discard goes: the ron has no tile.
						return append(rs[:i:i], rs[i+1:]...)
					}
				}
			}
			return rs
		}, "wins by ron with no tile to win on", event.Win, 1, ""},
	}
	for _, tc := range cases {
		for _, f := range forms {
			t.Run(tc.name+"/"+f.name, func(t *testing.T) {
				gm := gameFour(false)
				gm.records = tc.edit(gm.records)
				g, err := decodeBytes(t, f.write(t, gm), f.name)
				if err != nil {
					t.Fatal(err)
				}
				var broken []*event.Event
				rounds, ends := 0, 0
				for i := range g.Events {
					switch e := &g.Events[i]; e.Type {
					case event.Broken:
						broken = append(broken, e)
					case event.RoundStart:
						rounds++
					case event.Win, event.Ryuukyoku:
						ends++
					}
				}
				if len(broken) != 1 || rounds < 3 || ends < rounds-1 || !g.Complete() {
					t.Fatalf("%d broken hands, %d hands, %d ends, complete %v: want the first hand broken and the rest read", len(broken), rounds, ends, g.Complete())
				}
				e := broken[0]
				br := g.BreakOf(e)
				if br == nil || !strings.Contains(br.Message, tc.msg) || !strings.Contains(br.Message, "left out") {
					t.Errorf("record %+v does not say %q and what is left out", br, tc.msg)
				}
				if br.Act != tc.act || e.Seat != tc.seat || (tc.tile != "" && e.Tile.String() != tc.tile) {
					t.Errorf("act %v by seat %d with %v, want %v by %d with %s", br.Act, e.Seat, e.Tile, tc.act, tc.seat, tc.tile)
				}
			})
		}
	}
}

// TestErrors checks that bad input gives a positioned *event.Error
// wrapping the right sentinel, after the events that could be read.
func TestErrors(t *testing.T) {
	ok := gameFour(true)
	okJSON := forms[0].write(t, ok)
	okPB := formNamed("pb-wrapper-v0").write(t, ok)
	head := []msg{newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "9p",
		"1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 5s 5s 1z 7z",
		"5p 6p 2s 3s 4s 6s 7s 8s 9s 9s 5z 5z 5z",
		"4m 4m 7p 7p 8p 8p 1s 1s 3s 4z 4z 6z 6z",
		"3m 3m 5m 4p 9p 9p 2s 4s 7s 7s 1z 1z 6z")}
	records := func(rs ...msg) []byte {
		g := &game{records: append(append([]msg(nil), head...), rs...)}
		return forms[0].write(t, g)
	}
	pbRecords := func(rs ...msg) []byte {
		g := &game{records: append(append([]msg(nil), head...), rs...)}
		return formNamed("pb-wrapper-v0").write(t, g)
	}
	tests := []struct {
		name      string
		data      []byte
		want      error
		msg       string // in the error text
		minEvents int    // events kept
		index     int    // the record index, or -1 to skip the check
	}{
		{"empty", nil, event.ErrSyntax, "not a Mahjong Soul record", 1, -1},
		{"not JSON", []byte(`{"head": {"uuid": x}}`), event.ErrSyntax, "offset 18", 1, -1},
		{"no records", []byte(`{"head": {}}`), event.ErrSyntax, "no Mahjong Soul records", 1, -1},
		{"data_url only", []byte(`{"head": {"uuid": "a"}, "data_url": "https://example.com/x"}`), event.ErrUnsupported, "data_url", 1, -1},
		{"garbage binary", []byte("\x0a\x15.lq.GameDetailRecords\x12\xff"), event.ErrSyntax, "", 1, -1},
		{"unknown record", records(m("RecordFoo")), event.ErrUnsupported, `unknown record type ".lq.RecordFoo"`, 3, 1},
		{"event mode", records(m("RecordNewCard", "field_spell", 3)), event.ErrUnsupported, "event mode", 3, 1},
		{"bad tile", records(discard(0, "8z", false)), event.ErrValue, "8z", 3, 1},
		{"bad tile in protobuf", pbRecords(discard(0, "8z", false)), event.ErrValue, "8z", 3, 1},
		{"seat out of range", records(deal(4, "1m")), event.ErrValue, "seat 4", 3, 1},
		{"hand of 12", func() []byte {
			g := &game{records: []msg{newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "9p", "1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 5s 5s 1z 7z", "5p")}}
			return forms[0].write(t, g)
		}(), event.ErrValue, "seat 1's starting hand has 1 tiles", 1, 0},
		{"sanma 5m", func() []byte {
			g := &game{records: []msg{newRound(0, 0, 0, 0, []int{35000, 35000, 35000}, "5m", "1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 5s 5s 1z 7z", "5p", "5p")}}
			return forms[0].write(t, g)
		}(), event.ErrValue, "three-player game", 1, 0},
		{"ends mid-hand", records(discard(0, "7z", false), deal(1, "8p")), event.ErrTruncated, "middle of hand 1", 5, -1},
		{"JSON cut", okJSON[:len(okJSON)*2/3], event.ErrTruncated, "", 50, -1},
		{"protobuf cut", okPB[:len(okPB)/2], event.ErrTruncated, "", 50, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := decodeBytes(t, tc.data, "bad.json")
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "bad.json: ") {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
			var pe *event.Error
			errors.As(err, &pe)
			if tc.index >= 0 && pe.Index != tc.index {
				t.Errorf("error at index %d, want %d: %v", pe.Index, tc.index, err)
			}
			if binary := len(tc.data) > 0 && tc.data[0] != '{'; binary && tc.index >= 0 {
				// The offset of the record: its Wrapper's name follows.
				if pe.Offset <= 0 || !bytes.HasPrefix(tc.data[pe.Offset:], []byte("\x0a")) || !bytes.Contains(tc.data[pe.Offset:pe.Offset+40], []byte(".lq.Record")) {
					t.Errorf("error offset %d does not point at a record", pe.Offset)
				}
			}
			if pe.Hand != 0 && tc.index >= 1 {
				t.Errorf("error in hand %d, want 0", pe.Hand)
			}
			if len(g.Events) < tc.minEvents || g.Events[0].Type != event.GameStart {
				t.Errorf("%d events kept, want at least %d", len(g.Events), tc.minEvents)
			}
			if g.Complete() {
				t.Errorf("a game end after an error")
			}
		})
	}
}

// TestTruncated cuts the records of every form at many points: the result
// is always a positioned error or a complete game, never a panic, and the
// events kept are those of the whole game up to the cut.
func TestTruncated(t *testing.T) {
	gm := gameFour(true)
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			data := f.write(t, gm)
			full := mustDecode(t, gm, f)
			fullEv := withoutPositions(full)
			for cut := 0; cut < len(data); cut += 1 + len(data)/200 {
				g, err := decodeBytes(t, data[:cut], "cut")
				if err == nil {
					t.Fatalf("cut at %d of %d: no error", cut, len(data))
				}
				ev := withoutPositions(g)
				if len(ev) > len(fullEv) {
					t.Fatalf("cut at %d: %d events, more than the whole game's %d", cut, len(ev), len(fullEv))
				}
				for i := 1; i < len(ev); i++ {
					if ev[i] != fullEv[i] {
						t.Fatalf("cut at %d: event %d is %+v, the whole game's is %+v", cut, i, ev[i], fullEv[i])
					}
				}
			}
		})
	}
}

// TestDetect checks the sniffing on each form and on the other formats.
func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want bool
	}{
		{"mjlog", []byte(`<mjloggm ver="2.3"><SHUFFLE seed="x"/><GO type="169"/></mjloggm>`), false},
		{"tenhou6", []byte(`{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"玉の間南喰","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[26],[],[11],[12],[13]]]}`), false},
		{"tenhou6 from Mahjong Soul", []byte(`{"ver":"2.3","ref":"210815-6da08e40-2605-42fb-a5e3-f8aa5940362a","log":[],"rule":{"disp":"Gold Room South"}}`), false},
		{"mjai", []byte(`{"type":"start_game","names":["a","b","c","d"]}` + "\n" + `{"type":"start_kyoku","bakaze":"E"}`), false},
		{"empty", nil, false},
		{"JSON without records", []byte(`{"head":{"uuid":"x"}}`), false},
		{"helper details", []byte(`{"details":[{"name":"RecordNewRound","data":{}}]}`), true},
		{"RiichiEnv rounds", []byte(`{"rounds":[[{"name":"NewRound","data":{}}]]}`), true},
		{"BOM and space", append([]byte("\xef\xbb\xbf \n"), forms[0].write(t, gameSanma(false))...), true},
	}
	for _, f := range forms {
		tests = append(tests, struct {
			name string
			data []byte
			want bool
		}{f.name, f.write(t, gameSanma(true)), true})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := detect(tc.data); got != tc.want {
				t.Errorf("detect = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestKeyStyles checks the lowerCamelCase spellings of protobufjs
// ("partPoint_1") and of json_format ("partPoint1") and that JSON key
// matching ignores case and underscores.
func TestKeyStyles(t *testing.T) {
	var buf [64]byte
	for _, k := range []string{"part_point_1", "partPoint_1", "partPoint1", "PART_POINT_1"} {
		if got := string(normKey(&buf, []byte(k))); got != "partpoint1" {
			t.Errorf("normKey(%q) = %q", k, got)
		}
	}
	data := forms[1].write(t, gameSanma(true))
	data = bytes.ReplaceAll(data, []byte(`"partPoint1"`), []byte(`"partPoint_1"`))
	g, err := decodeBytes(t, data, "protobufjs")
	if err != nil {
		t.Fatal(err)
	}
	if g.End[0].Scores != [4]int32{39000, 37000, 29000, 0} {
		t.Errorf("end scores %v", g.End[0].Scores)
	}
}

func yk(id event.YakuID, han uint8) event.Yaku { return event.Yaku{ID: id, Han: han} }

// pad4 returns a copy of x with every score list of three extended to
// four (a zero for the empty seat) and NoTile's players padded, as some
// exporters write three-player games.
func pad4(x msg) msg {
	out := msg{typ: x.typ}
	for _, f := range x.fields {
		v := f.val
		switch fv := v.(type) {
		case []int:
			if len(fv) == 3 && strings.Contains(f.key, "scores") {
				v = append(append([]int(nil), fv...), 0)
			}
		case msg:
			v = pad4(fv)
		case []msg:
			l := make([]msg, len(fv))
			for i, s := range fv {
				l[i] = pad4(s)
			}
			if f.key == "players" && x.typ == "RecordNoTile" && len(l) == 3 {
				l = append(l, m("NoTilePlayerInfo", "tingpai", false))
			}
			v = l
		}
		out.fields = append(out.fields, kv{f.key, v})
	}
	return out
}

// TestPaddedSanma reads a three-player game whose score lists have a
// fourth, empty seat.
func TestPaddedSanma(t *testing.T) {
	gm := gameSanma(true)
	padded := &game{head: gm.head}
	for _, r := range gm.records {
		padded.add(pad4(r))
	}
	want := mustDecode(t, gm, forms[0])
	got := mustDecode(t, padded, forms[0])
	if d := cmp.Diff(logdiff.Lines(want, 0), logdiff.Lines(got, 0)); d != "" {
		t.Errorf("padded game differs (-want +got):\n%s", d)
	}
	if got.Meta.Players != 3 {
		t.Errorf("%d players", got.Meta.Players)
	}
}

// TestDealerDrawRecorded reads a hand whose dealer is dealt 13 tiles and
// draws the 14th in a record of its own: the same game as the usual
// 14-tile deal.
func TestDealerDrawRecorded(t *testing.T) {
	others := []string{"2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 5s", "2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 6s", "6m 7m 8m 2p 3p 4p 2s 3s 4s 6s 7s 7s 8s"}
	dealt := &game{}
	dealt.add(newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "5p", append([]string{"1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z"}, others...)...),
		discard(0, "6z", false), m("RecordLiuJu", "type", 2, "seat", 0))
	drawn := &game{}
	drawn.add(newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "5p", append([]string{"1m 1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z"}, others...)...),
		deal(0, "6z"), discard(0, "6z", true), m("RecordLiuJu", "type", 2, "seat", 0))
	want := mustDecode(t, dealt, forms[0])
	got := mustDecode(t, drawn, forms[0])
	if d := cmp.Diff(logdiff.Lines(want, 0), logdiff.Lines(got, 0)); d != "" {
		t.Errorf("(-14 tiles dealt +13 dealt and a draw):\n%s", d)
	}
}
