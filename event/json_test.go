package event_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

var update = flag.Bool("update", false, "rewrite golden files")

func hand13(t *testing.T, s string) [13]tile.Tile {
	t.Helper()
	var h [13]tile.Tile
	if n := copy(h[:], tiles(t, s)); n != 13 && s != "" {
		t.Fatalf("hand %q has %d tiles", s, n)
	}
	return h
}

func hand14(t *testing.T, s string) ([14]tile.Tile, uint8) {
	t.Helper()
	var h [14]tile.Tile
	return h, uint8(copy(h[:], tiles(t, s)))
}

func tileOf(t *testing.T, s string) tile.Tile {
	t.Helper()
	x, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// fourPlayerGame builds a four-player game with one event of every type and
// the variants of each that the writer treats differently. Its strings hold
// quotes, backslashes, control characters, non-ASCII text, U+2028 and
// invalid UTF-8.
func fourPlayerGame(t *testing.T) *event.Game {
	t.Helper()
	g := &event.Game{
		Meta: event.Meta{
			Format:   event.FormatMjlog,
			Path:     `logs\"odd" name.xml`,
			ID:       "2016022509gm-0009-0000-b327da61",
			Platform: event.Tenhou,
			Players:  4,
			Length:   event.EastSouth,
			Rules: event.Rules{
				RedFives:    [3]int8{1, 1, 1},
				OpenTanyao:  event.FlagYes,
				Fast:        event.FlagNo,
				Chips:       event.FlagUnknown,
				TenhouType:  169,
				TenhouLobby: 0,
				Name:        "四鳳南喰赤",
				Extra:       []event.KeyValue{{"csrule", `a"b\c`}, {"title", "line1\nline2\ttab"}},
			},
			Seats: [4]event.Player{
				{Name: "NoName", Rank: "新人", RankIndex: 0, Rate: 1500, Sex: 'M'},
				{Name: "ツバメ\u2028返し", Rank: "七段", RankIndex: 16, Rate: 2034.56, Sex: 'F', Account: 123456789},
				{Name: "bad\xffutf8\x01", RankIndex: -1},
				{Name: "", RankIndex: -1, Sex: 'C'},
			},
			StartingPoints: 25000,
			Seed:           "mt19937ar-sha512-n288-base64,lFMmGcbJu",
			TileIDs:        true,
			StartTime:      1456000000,
			EndTime:        1456003600,
			Warnings:       []string{`removed "junk" before <mjloggm>`, "control \x1f char"},
		},
	}
	g.Rounds = append(g.Rounds, event.Round{
		Wind: 0, Number: 1, Honba: 0, Sticks: 0, Dealer: 0,
		Scores: [4]int32{25000, 25000, 25000, 25000},
		Dora:   tileOf(t, "0s"),
		Hands: [4][13]tile.Tile{
			hand13(t, "1239m05p456s1234z"),
			hand13(t, "19m19p19s1234567z"),
			hand13(t, "1112345678999p"),
			hand13(t, "55m55p55s1122334z"),
		},
		Dice:  [2]int8{3, 6},
		Known: event.KnownDice,
	})
	g.Rounds = append(g.Rounds, event.Round{
		Wind: 1, Number: 4, Honba: 2, Sticks: 3, Dealer: 3,
		Scores:  [4]int32{31000, 18000, 26000, 22000},
		Dora:    tileOf(t, "7z"),
		Hands:   [4][13]tile.Tile{hand13(t, "1112345678999m"), {}, hand13(t, "1234567z123456s"), {}},
		Chips:   [4]int32{0, -3, 5, -2},
		Shuffle: "mt19937ar-sha512-n288-base64,abc",
		Wall:    tiles(t, "123m0p7z"),
		Known:   event.KnownChips,
	})
	g.Scores = append(g.Scores, [4]int32{25000, 25000, 24000, 25000})

	chi := meld(t, event.MeldChi, 2, 2, "340s")
	pon := meld(t, event.MeldPon, 2, 1, "777z")
	openKan := meld(t, event.MeldOpenKan, 3, 0, "1111p")
	closedKan := meld(t, event.MeldClosedKan, event.NoSeat, -1, "5550p")
	addedKan := meld(t, event.MeldAddedKan, 2, 1, "7777z")
	kita := meld(t, event.MeldKita, event.NoSeat, -1, "4z")

	ron := event.WinRecord{
		Winner: 1, From: 3, Liable: event.NoSeat,
		WinTile: tileOf(t, "0m"),
		Fu:      40, Han: 3, Points: 5200, Limit: event.NoLimit,
		NDora: 2, NUra: 0,
		Honba: 0, Sticks: 1,
		Deltas:     [4]int32{0, 6200, 0, -5200},
		Before:     [4]int32{25000, 25000, 24000, 25000},
		ChipDeltas: [4]int32{0, 2, 0, -2},
		Known: event.KnownHand | event.KnownMelds | event.KnownFu | event.KnownHan | event.KnownPoints |
			event.KnownYaku | event.KnownDora | event.KnownUra | event.KnownBa | event.KnownDeltas |
			event.KnownBefore | event.KnownChips,
	}
	ron.Hand, ron.HandLen = hand14(t, "0m67m234p11z")
	ron.Melds[0], ron.Melds[1] = pon, meld(t, event.MeldChi, 0, 2, "340s")
	ron.NMelds = 2
	ron.Dora[0], ron.Dora[1] = tileOf(t, "4m"), tileOf(t, "9s")
	for _, y := range []event.Yaku{{20, 1}, {event.YakuDora, 1}, {event.YakuAkaDora, 1}} {
		if err := ron.AddYaku(y.ID, int(y.Han)); err != nil {
			t.Fatal(err)
		}
	}
	yakuman := event.WinRecord{
		Winner: 0, From: 0, Liable: 2,
		WinTile: tileOf(t, "7z"),
		Points:  48000, Limit: event.Yakuman,
		Known: event.KnownPoints | event.KnownYaku | event.KnownDeltas,
	}
	if err := yakuman.AddYaku(39, 13); err != nil {
		t.Fatal(err)
	}
	yakuman.Deltas = [4]int32{48000, 0, -48000, 0}
	bare := event.WinRecord{Winner: 2, From: 1, Liable: event.NoSeat}
	g.Wins = append(g.Wins, ron, yakuman, bare)

	exhaustive := event.RyuukyokuRecord{
		Kind:     event.Exhaustive,
		Revealed: [4]bool{true, false, true, false},
		Honba:    2, Sticks: 3,
		Deltas: [4]int32{1500, -1500, 1500, -1500},
		Before: [4]int32{31000, 18000, 26000, 22000},
		Known:  event.KnownHand | event.KnownBa | event.KnownDeltas | event.KnownBefore,
		Tenpai: [4]event.Flag{event.FlagYes, event.FlagNo, event.FlagYes, event.FlagNo},
	}
	exhaustive.Hands[0], exhaustive.HandLen[0] = hand14(t, "123m456p789s1122z")
	exhaustive.Hands[2], exhaustive.HandLen[2] = hand14(t, "0555m")
	g.Ryuukyoku = append(g.Ryuukyoku, exhaustive,
		event.RyuukyokuRecord{Kind: event.FourRiichi, Known: event.KnownBa | event.KnownChips, Honba: 1, Sticks: 4, ChipDeltas: [4]int32{1, -1, 0, 0}},
		event.RyuukyokuRecord{Kind: event.Interrupted})
	g.End = append(g.End, event.EndRecord{
		Scores: [4]int32{48000, 18000, -2000, 36000},
		Points: [4]float64{68, -22, -52.5, 6.5},
		Chips:  [4]int32{3, -1, -4, 2},
		Known:  event.KnownScores | event.KnownPoints2 | event.KnownChips,
	})

	ev := func(e event.Event) {
		if e.From == 0 && e.Type != event.Call {
			e.From = event.NoSeat
		}
		e.Pos = event.Pos{Offset: -1, Index: -1}
		g.Events = append(g.Events, e)
	}
	ev(event.Event{Type: event.GameStart})
	ev(event.Event{Type: event.RoundStart, Ref: 0})
	ev(event.Event{Type: event.Draw, Seat: 0, Tile: tileOf(t, "0m"), ID: 16})
	ev(event.Event{Type: event.Discard, Seat: 0, Tile: tileOf(t, "0m"), Flags: event.Tsumogiri})
	ev(event.Event{Type: event.Draw, Seat: 1, Tile: tileOf(t, "9p")})
	ev(event.Event{Type: event.Discard, Seat: 1, Tile: tileOf(t, "1z")})
	ev(event.Event{Type: event.Draw, Seat: 2, Tile: tileOf(t, "3s")})
	ev(event.Event{Type: event.Riichi, Seat: 2})
	ev(event.Event{Type: event.Discard, Seat: 2, Tile: tileOf(t, "7z"), Flags: event.TsumogiriUnknown})
	ev(event.Event{Type: event.RiichiAccepted, Seat: 2, Ref: 0})
	ev(event.Event{Type: event.Call, Seat: 3, From: 2, Tile: tileOf(t, "0s"), Meld: chi})
	ev(event.Event{Type: event.Discard, Seat: 3, Tile: tileOf(t, "9m")})
	ev(event.Event{Type: event.Call, Seat: 0, From: 2, Tile: tileOf(t, "7z"), Meld: pon})
	ev(event.Event{Type: event.Call, Seat: 1, From: 3, Tile: tileOf(t, "1p"), Meld: openKan})
	ev(event.Event{Type: event.Draw, Seat: 1, Tile: tileOf(t, "2s"), Flags: event.Replacement})
	ev(event.Event{Type: event.Dora, Tile: tileOf(t, "4m")})
	ev(event.Event{Type: event.ClosedKan, Seat: 1, Meld: closedKan})
	ev(event.Event{Type: event.AddedKan, Seat: 0, Tile: tileOf(t, "7z"), Meld: addedKan})
	ev(event.Event{Type: event.Dora, Tile: tileOf(t, "9s"), Flags: event.TimingUnknown})
	ev(event.Event{Type: event.Kita, Seat: 2, Tile: tileOf(t, "4z"), Meld: kita})
	ev(event.Event{Type: event.RiichiAccepted, Seat: 3, Ref: -1})
	ev(event.Event{Type: event.Disconnect, Seat: 3})
	ev(event.Event{Type: event.Reconnect, Seat: 3})
	ev(event.Event{Type: event.Win, Seat: 1, Ref: 0})
	ev(event.Event{Type: event.RoundStart, Ref: 1})
	ev(event.Event{Type: event.Win, Seat: 0, Ref: 1})
	ev(event.Event{Type: event.Win, Seat: 2, Ref: 2})
	ev(event.Event{Type: event.Ryuukyoku, Ref: 0})
	ev(event.Event{Type: event.Ryuukyoku, Ref: 1})
	ev(event.Event{Type: event.Ryuukyoku, Ref: 2})
	// A hand the log cannot rebuild: seat 2 discards a tile it does not hold.
	g.Rounds = append(g.Rounds, event.Round{
		Wind: 1, Number: 4, Honba: 3, Sticks: 0, Dealer: 3,
		Scores: [4]int32{48000, 18000, -2000, 36000},
		Dora:   tileOf(t, "1m"),
		Hands:  [4][13]tile.Tile{hand13(t, "1112345678999m"), hand13(t, "1112345678999p"), hand13(t, "1112345678999s"), hand13(t, "1122334455667z")},
	})
	g.Breaks = append(g.Breaks, event.BreakRecord{Act: event.Discard, Message: "seat 2 discards 7z, which it does not hold"})
	ev(event.Event{Type: event.RoundStart, Ref: 2})
	ev(event.Event{Type: event.Draw, Seat: 3, Tile: tileOf(t, "7z")})
	ev(event.Event{Type: event.Discard, Seat: 3, Tile: tileOf(t, "7z"), Flags: event.Tsumogiri})
	ev(event.Event{Type: event.Broken, Seat: 2, Tile: tileOf(t, "7z"), Ref: 0})
	ev(event.Event{Type: event.GameEnd, Ref: 0})
	return g
}

// sanmaGame is a three-player game whose log states little: unknown rule
// facts, no ranks, a game end with only points (one of them not a number).
func sanmaGame(t *testing.T) *event.Game {
	t.Helper()
	g := &event.Game{
		Meta: event.Meta{
			Format:   event.FormatMajsoul,
			Platform: event.Majsoul,
			Players:  3,
			Length:   event.EastOnly,
			Rules:    event.Rules{RedFives: [3]int8{-1, -1, -1}, TenhouType: -1, TenhouLobby: -1},
			Seats:    [4]event.Player{{RankIndex: -1}, {RankIndex: -1}, {RankIndex: -1}, {RankIndex: -1}},
		},
	}
	g.Rounds = append(g.Rounds, event.Round{
		Wind: 0, Number: 1, Dealer: 0,
		Scores: [4]int32{35000, 35000, 35000, 0},
		Dora:   tileOf(t, "1m"),
		Hands: [4][13]tile.Tile{
			hand13(t, "19m19p19s1234567z"), hand13(t, "1112345678999s"),
			hand13(t, "555p55s11223344z"), hand13(t, "1112345678999p"),
		},
	})
	g.End = append(g.End, event.EndRecord{
		Points: [4]float64{math.NaN(), 0, -0.5, math.Inf(1)},
		Known:  event.KnownPoints2,
	})
	g.Events = []event.Event{
		{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat},
		{Type: event.RoundStart, Seat: event.NoSeat, From: event.NoSeat, Ref: 0},
		{Type: event.Draw, Seat: 0, From: event.NoSeat, Tile: tileOf(t, "4z")},
		{Type: event.Kita, Seat: 0, From: event.NoSeat, Tile: tileOf(t, "4z")},
		{Type: event.Draw, Seat: 0, From: event.NoSeat, Tile: tileOf(t, "0p"), Flags: event.Replacement},
		{Type: event.Discard, Seat: 0, From: event.NoSeat, Tile: tileOf(t, "0p")},
		{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: 0},
		{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: 1},
	}
	g.End = append(g.End, event.EndRecord{}) // nothing known
	return g
}

func writeGame(g *event.Game) []byte {
	var out []byte
	for i := range g.Events {
		out = event.AppendJSON(out, g, i)
		out = append(out, '\n')
	}
	return out
}

// TestAppendJSONGolden writes every event of the test games and compares
// the JSON lines with testdata/*.golden (rewrite with -update and review
// the diff). Every line must be valid JSON with the event's type.
func TestAppendJSONGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *event.Game
	}{
		{"four_player", fourPlayerGame(t)},
		{"sanma", sanmaGame(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := writeGame(tc.g)
			lines := bytes.Split(bytes.TrimSuffix(got, []byte("\n")), []byte("\n"))
			if len(lines) != len(tc.g.Events) {
				t.Fatalf("%d lines for %d events", len(lines), len(tc.g.Events))
			}
			for i, line := range lines {
				var obj map[string]any
				if err := json.Unmarshal(line, &obj); err != nil {
					t.Errorf("event %d: invalid JSON %s: %v", i, line, err)
					continue
				}
				if obj["type"] != tc.g.Events[i].Type.String() {
					t.Errorf("event %d: type %v, want %v", i, obj["type"], tc.g.Events[i].Type)
				}
				if !json.Valid(line) || bytes.ContainsAny(line, "\n\r") {
					t.Errorf("event %d: not one valid JSON line: %q", i, line)
				}
			}
			// The output depends only on the game.
			if again := writeGame(tc.g); !bytes.Equal(again, got) {
				t.Error("second write differs from the first")
			}

			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", golden, diff)
			}
		})
	}
	if !typesCovered(t, fourPlayerGame(t)) {
		t.Error("the four-player game does not have every event type")
	}
}

func typesCovered(t *testing.T, g *event.Game) bool {
	seen := map[event.Type]bool{}
	for _, e := range g.Events {
		seen[e.Type] = true
	}
	ok := true
	for _, tc := range typeNames {
		if !seen[tc.t] {
			t.Errorf("no %s event", tc.name)
			ok = false
		}
	}
	return ok
}

// TestAppendJSONFields decodes single events and checks their fields against
// what docs/design.md and the README say about `haifu events`: tiles in mpsz (0
// for a red five), seats 0–3, points as points, null for what the log does
// not record. It does not depend on the golden file.
func TestAppendJSONFields(t *testing.T) {
	g := fourPlayerGame(t)
	find := func(typ event.Type, n int) int {
		for i, e := range g.Events {
			if e.Type == typ {
				if n == 0 {
					return i
				}
				n--
			}
		}
		t.Fatalf("no %v #%d", typ, n)
		return -1
	}
	tests := []struct {
		name string
		i    int
		want string // the whole line, as JSON
	}{
		{"draw red five", find(event.Draw, 0), `{"type":"draw","seat":0,"tile":"0m"}`},
		{"replacement draw", find(event.Draw, 3), `{"type":"draw","seat":1,"tile":"2s","replacement":true}`},
		{"tsumogiri", find(event.Discard, 0), `{"type":"discard","seat":0,"tile":"0m","tsumogiri":true}`},
		{"tedashi", find(event.Discard, 1), `{"type":"discard","seat":1,"tile":"1z","tsumogiri":false}`},
		{"tsumogiri unknown", find(event.Discard, 2), `{"type":"discard","seat":2,"tile":"7z","tsumogiri":null}`},
		{"riichi", find(event.Riichi, 0), `{"type":"riichi","seat":2}`},
		{"riichi accepted", find(event.RiichiAccepted, 0), `{"type":"riichi_accepted","seat":2,"scores":[25000,25000,24000,25000]}`},
		{"riichi accepted without scores", find(event.RiichiAccepted, 1), `{"type":"riichi_accepted","seat":3}`},
		{"chi", find(event.Call, 0), `{"type":"call","seat":3,"kind":"chi","tile":"0s","from":2,"tiles":["3s","4s","0s"]}`},
		{"pon", find(event.Call, 1), `{"type":"call","seat":0,"kind":"pon","tile":"7z","from":2,"tiles":["7z","7z","7z"]}`},
		{"open kan", find(event.Call, 2), `{"type":"call","seat":1,"kind":"open_kan","tile":"1p","from":3,"tiles":["1p","1p","1p","1p"]}`},
		{"closed kan", find(event.ClosedKan, 0), `{"type":"closed_kan","seat":1,"tiles":["5p","5p","5p","0p"]}`},
		{"added kan", find(event.AddedKan, 0), `{"type":"added_kan","seat":0,"tile":"7z","from":2,"tiles":["7z","7z","7z","7z"]}`},
		{"kita", find(event.Kita, 0), `{"type":"kita","seat":2,"tile":"4z"}`},
		{"dora", find(event.Dora, 0), `{"type":"dora","tile":"4m"}`},
		{"dora timing unknown", find(event.Dora, 1), `{"type":"dora","tile":"9s","timing_known":false}`},
		{"disconnect", find(event.Disconnect, 0), `{"type":"disconnect","seat":3}`},
		{"reconnect", find(event.Reconnect, 0), `{"type":"reconnect","seat":3}`},
		{"round start", find(event.RoundStart, 0), `{"type":"round_start","round":"E1","honba":0,"sticks":0,"dealer":0,
			"scores":[25000,25000,25000,25000],"dora":"0s",
			"hands":["1239m05p456s1234z","19m19p19s1234567z","1112345678999p","55m55p55s1122334z"],"dice":[3,6]}`},
		{"round start, two hands", find(event.RoundStart, 1), `{"type":"round_start","round":"S4","honba":2,"sticks":3,"dealer":3,
			"scores":[31000,18000,26000,22000],"dora":"7z",
			"hands":["1112345678999m",null,"1234567z123456s",null],"chips":[0,-3,5,-2],
			"shuffle":"mt19937ar-sha512-n288-base64,abc","wall":"123m0p7z"}`},
		{"ron", find(event.Win, 0), `{"type":"win","seat":1,"from":3,"liable":null,
			"hand":"067m234p11z","tile":"0m",
			"melds":[{"kind":"pon","tiles":["7z","7z","7z"],"from":2},{"kind":"chi","tiles":["3s","4s","0s"],"from":0}],
			"fu":40,"han":3,"points":5200,"limit":"",
			"yaku":[{"id":20,"name":"chun","han":1},{"id":52,"name":"dora","han":1},{"id":54,"name":"aka_dora","han":1}],
			"dora":["4m","9s"],"ura":[],"honba":0,"sticks":1,
			"deltas":[0,6200,0,-5200],"before":[25000,25000,24000,25000],"chip_deltas":[0,2,0,-2]}`},
		{"pao tsumo", find(event.Win, 1), `{"type":"win","seat":0,"from":0,"liable":2,"tile":"7z",
			"fu":null,"han":null,"points":48000,"limit":"yakuman",
			"yaku":[{"id":39,"name":"daisangen","han":13}],"deltas":[48000,0,-48000,0]}`},
		{"win nothing known", find(event.Win, 2), `{"type":"win","seat":2,"from":1,"liable":null,"fu":null,"han":null,"points":null}`},
		{"exhaustive", find(event.Ryuukyoku, 0), `{"type":"ryuukyoku","kind":"exhaustive",
			"hands":["123m456p789s1122z",null,"0555m",null],"honba":2,"sticks":3,
			"deltas":[1500,-1500,1500,-1500],"before":[31000,18000,26000,22000]}`},
		{"four riichi", find(event.Ryuukyoku, 1), `{"type":"ryuukyoku","kind":"four_riichi","honba":1,"sticks":4,"chip_deltas":[1,-1,0,0]}`},
		{"interrupted", find(event.Ryuukyoku, 2), `{"type":"ryuukyoku","kind":"interrupted"}`},
		{"game end", find(event.GameEnd, 0), `{"type":"game_end","scores":[48000,18000,-2000,36000],"points":[68,-22,-52.5,6.5],"chips":[3,-1,-4,2]}`},
		{"game start", find(event.GameStart, 0), `{"type":"game_start","format":"mjlog","path":"logs\\\"odd\" name.xml",
			"id":"2016022509gm-0009-0000-b327da61","platform":"tenhou","players":4,"length":"south",
			"rules":{"red_fives":[1,1,1],"open_tanyao":true,"fast":false,"chips":null,"tenhou_type":169,"tenhou_lobby":0,
				"name":"四鳳南喰赤","extra":{"csrule":"a\"b\\c","title":"line1\nline2\ttab"}},
			"seats":[{"name":"NoName","rank":"新人","rank_index":0,"rate":1500,"sex":"M"},
				{"name":"ツバメ\u2028返し","rank":"七段","rank_index":16,"rate":2034.56,"sex":"F","account":123456789},
				{"name":"bad\ufffdutf8\u0001"},{"name":"","sex":"C"}],
			"starting_points":25000,"start_time":1456000000,"end_time":1456003600,"seed":"mt19937ar-sha512-n288-base64,lFMmGcbJu",
			"warnings":["removed \"junk\" before <mjloggm>","control \u001f char"]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			line := event.AppendJSON(nil, g, tc.i)
			var got, want any
			if err := json.Unmarshal(line, &got); err != nil {
				t.Fatalf("invalid JSON %s: %v", line, err)
			}
			if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
				t.Fatalf("bad test: %v", err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("event %d %s\nmismatch (-want +got):\n%s", tc.i, line, diff)
			}
			// Byte for byte: keys in a fixed order, type first, no
			// whitespace, the escapes of AppendJSONString.
			compact := new(bytes.Buffer)
			if err := json.Compact(compact, []byte(tc.want)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(line, compact.Bytes()) {
				t.Errorf("event %d:\n got %s\nwant %s", tc.i, line, compact)
			}
		})
	}
}

func TestAppendJSONSanma(t *testing.T) {
	g := sanmaGame(t)
	tests := []struct {
		i    int
		want string
	}{
		{0, `{"type":"game_start","format":"majsoul","path":"","id":"","platform":"majsoul","players":3,"length":"east",
			"rules":{"red_fives":null,"open_tanyao":null,"fast":null,"chips":null},
			"seats":[{"name":""},{"name":""},{"name":""},{"name":""}]}`},
		// Seat 3 of a three-player game has no hand, whatever the array holds.
		{1, `{"type":"round_start","round":"E1","honba":0,"sticks":0,"dealer":0,"scores":[35000,35000,35000,0],"dora":"1m",
			"hands":["19m19p19s1234567z","1112345678999s","555p55s11223344z",null]}`},
		{3, `{"type":"kita","seat":0,"tile":"4z"}`},
		{4, `{"type":"draw","seat":0,"tile":"0p","replacement":true}`},
		// Points that are not numbers are null.
		{6, `{"type":"game_end","points":[null,0,-0.5,null]}`},
		{7, `{"type":"game_end"}`},
	}
	for _, tc := range tests {
		line := event.AppendJSON(nil, g, tc.i)
		var got, want any
		if err := json.Unmarshal(line, &got); err != nil {
			t.Fatalf("event %d: invalid JSON %s: %v", tc.i, line, err)
		}
		if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
			t.Fatalf("bad test: %v", err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("event %d %s\nmismatch (-want +got):\n%s", tc.i, line, diff)
		}
		compact := new(bytes.Buffer)
		if err := json.Compact(compact, []byte(tc.want)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(line, compact.Bytes()) {
			t.Errorf("event %d:\n got %s\nwant %s", tc.i, line, compact)
		}
	}
}

func TestAppendJSONAppends(t *testing.T) {
	g := sanmaGame(t)
	prefix := []byte("prefix ")
	got := event.AppendJSON(prefix, g, 3)
	if want := `prefix {"type":"kita","seat":0,"tile":"4z"}`; string(got) != want {
		t.Errorf("AppendJSON = %q, want %q", got, want)
	}
	// An event of no known type writes its type name only.
	g.Events = append(g.Events, event.Event{})
	if got, want := string(event.AppendJSON(nil, g, len(g.Events)-1)), `{"type":"Type(0)"}`; got != want {
		t.Errorf("AppendJSON(zero Event) = %q, want %q", got, want)
	}
}

func TestAppendJSONString(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", `""`},
		{"abc", `"abc"`},
		{`a"b`, `"a\"b"`},
		{`a\b`, `"a\\b"`},
		{`\"`, `"\\\""`},
		{"\n\r\t", `"\n\r\t"`},
		{"\x00\x01\x08\x0b\x0c\x1f", `"\u0000\u0001\u0008\u000b\u000c\u001f"`},
		{" ~\x7f", "\" ~\x7f\""}, // DEL needs no escape
		{"<a&b>", `"<a&b>"`},     // no HTML escaping
		{"/", `"/"`},
		{"鳳南喰赤", `"鳳南喰赤"`},
		{"é🀄", `"é🀄"`},
		{"a\u2028b\u2029c", `"a\u2028b\u2029c"`},
		{"\ufffd", "\"\ufffd\""},
		{"a\xffb", `"a\ufffdb"`},
		{"\xe3\x81", `"\ufffd\ufffd"`},           // a truncated sequence: one U+FFFD per byte
		{"\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`}, // a UTF-16 surrogate is not UTF-8
		{"x\xc0\xafy", `"x\ufffd\ufffdy"`},       // overlong encoding
		{"\xe3\x81\x82\n", `"あ\n"`},
	}
	for _, tc := range tests {
		got := string(event.AppendJSONString(nil, tc.in))
		if got != tc.want {
			t.Errorf("AppendJSONString(%q) = %s, want %s", tc.in, got, tc.want)
		}
		checkJSONString(t, tc.in, []byte(got))
	}
	if got := string(event.AppendJSONString([]byte(`{"k":`), "v")); got != `{"k":"v"` {
		t.Errorf("AppendJSONString with prefix = %q", got)
	}
}

// checkJSONString decodes enc and compares it with s, where each byte of s
// that is not valid UTF-8 must have become U+FFFD.
func checkJSONString(t *testing.T, s string, enc []byte) {
	t.Helper()
	var want strings.Builder
	for _, r := range s { // ranging yields U+FFFD once per invalid byte
		want.WriteRune(r)
	}
	var got string
	if err := json.Unmarshal(enc, &got); err != nil {
		t.Errorf("AppendJSONString(%q) = %s: invalid JSON: %v", s, enc, err)
		return
	}
	if got != want.String() {
		t.Errorf("AppendJSONString(%q) decodes to %q, want %q", s, got, want.String())
	}
	if bytes.ContainsAny(enc, "\n\r\u2028\u2029") {
		t.Errorf("AppendJSONString(%q) = %q holds a raw line break", s, enc)
	}
}

// TestAppendJSONStringRandom checks random byte strings, biased towards
// the characters that need care.
func TestAppendJSONStringRandom(t *testing.T) {
	pieces := []string{"a", "\"", "\\", "\n", "\x00", "\x1f", "\x7f", "\x80", "\xff", "\xe3\x81", "あ", "\u2028", "\u2029", "🀄", "\ufffd", "/", "<"}
	r := rand.New(rand.NewPCG(7, 11))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		checkJSONString(t, s, event.AppendJSONString(nil, s))
	}
}
