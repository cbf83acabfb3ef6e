package event_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

func TestRoundID(t *testing.T) {
	tests := []struct {
		id   event.RoundID
		want string
	}{
		{event.RoundID{Wind: 0, Number: 1, Honba: 0}, "E1-0"},
		{event.RoundID{Wind: 0, Number: 4, Honba: 3}, "E4-3"},
		{event.RoundID{Wind: 1, Number: 4, Honba: 2}, "S4-2"},
		{event.RoundID{Wind: 2, Number: 1, Honba: 0}, "W1-0"},
		{event.RoundID{Wind: 3, Number: 2, Honba: 12}, "N2-12"},
		{event.RoundID{Wind: 4, Number: 1, Honba: 0}, "?1-0"},
		{event.RoundID{Wind: -1, Number: 3, Honba: 1}, "?3-1"},
	}
	for _, tc := range tests {
		if got := tc.id.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.id, got, tc.want)
		}
	}
	r := event.Round{Wind: 1, Number: 3, Honba: 2, Sticks: 1, Dealer: 2}
	if got := r.ID(); got != (event.RoundID{Wind: 1, Number: 3, Honba: 2}) {
		t.Errorf("Round.ID() = %+v", got)
	}
}

func TestLimit(t *testing.T) {
	// docs/tenhou-formats.md §1.2 AGARI ten: 0 none, 1 mangan, 2 haneman, 3
	// baiman, 4 sanbaiman, 5 yakuman.
	tests := []struct {
		l    event.Limit
		n    int
		want string
	}{
		{event.NoLimit, 0, ""},
		{event.Mangan, 1, "mangan"},
		{event.Haneman, 2, "haneman"},
		{event.Baiman, 3, "baiman"},
		{event.Sanbaiman, 4, "sanbaiman"},
		{event.Yakuman, 5, "yakuman"},
		{6, 6, "Limit(6)"},
	}
	for _, tc := range tests {
		if int(tc.l) != tc.n {
			t.Errorf("%q = Limit(%d), want Limit(%d)", tc.want, tc.l, tc.n)
		}
		if got := tc.l.String(); got != tc.want {
			t.Errorf("Limit(%d).String() = %q, want %q", tc.l, got, tc.want)
		}
	}
}

// yakuTable is docs/tenhou-formats.md §1.4 (ids 0–54) and the Mahjong Soul
// additions of records.go (64–78).
var yakuTable = map[event.YakuID]string{
	0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan_kaihou",
	5: "haitei", 6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou",
	10: "seat_wind_east", 11: "seat_wind_south", 12: "seat_wind_west", 13: "seat_wind_north",
	14: "round_wind_east", 15: "round_wind_south", 16: "round_wind_west", 17: "round_wind_north",
	18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi", 22: "chiitoitsu",
	23: "chanta", 24: "ittsu", 25: "sanshoku_doujun", 26: "sanshoku_doukou", 27: "sankantsu",
	28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou",
	33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou",
	39: "daisangen", 40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou",
	44: "chinroutou", 45: "chuuren_poutou", 46: "junsei_chuuren_poutou", 47: "kokushi_musou",
	48: "kokushi_musou_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
	52: "dora", 53: "ura_dora", 54: "aka_dora",
	event.YakuKitaDora:       "kita_dora",
	event.YakuPaarenchan:     "paarenchan",
	event.YakuTsubameGaeshi:  "tsubame_gaeshi",
	event.YakuKanburi:        "kanburi",
	event.YakuShiiaruRaotai:  "shiiaru_raotai",
	event.YakuUumensai:       "uumensai",
	event.YakuSanrenkou:      "sanrenkou",
	event.YakuIsshokuSanjun:  "isshoku_sanjun",
	event.YakuIipinMoyue:     "iipin_moyue",
	event.YakuChuupinRaoyui:  "chuupin_raoyui",
	event.YakuDaisharin:      "daisharin",
	event.YakuDaichikurin:    "daichikurin",
	event.YakuDaisuurin:      "daisuurin",
	event.YakuIshiNoUeSannen: "ishi_no_ue_ni_mo_sannen",
	event.YakuDaichisei:      "daichisei",
}

func TestYakuNames(t *testing.T) {
	// The named constants have Tenhou's ids.
	for _, tc := range []struct {
		id   event.YakuID
		want int
	}{
		{event.YakuRiichi, 1}, {event.YakuDoubleRiichi, 21}, {event.YakuDora, 52},
		{event.YakuUraDora, 53}, {event.YakuAkaDora, 54}, {event.YakuKitaDora, 64},
		{event.YakuPaarenchan, 65}, {event.YakuDaichisei, 78},
	} {
		if int(tc.id) != tc.want {
			t.Errorf("%v = %d, want %d", tc.id, tc.id, tc.want)
		}
	}
	if len(yakuTable) != 55+15 {
		t.Fatalf("yaku table has %d entries", len(yakuTable))
	}
	names := map[string]event.YakuID{}
	for i := range 256 {
		id := event.YakuID(i)
		want, ok := yakuTable[id]
		if !ok {
			want = "yaku_" + strconv.Itoa(i)
		}
		got := id.String()
		if got != want {
			t.Errorf("YakuID(%d).String() = %q, want %q", i, got, want)
		}
		if prev, dup := names[got]; dup {
			t.Errorf("YakuID(%d) and YakuID(%d) are both %q", prev, i, got)
		}
		names[got] = id
		if strings.ContainsAny(got, " -ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			t.Errorf("YakuID(%d) = %q is not snake_case", i, got)
		}
	}
}

func TestIsYakuman(t *testing.T) {
	// Tenhou's yakuman ids are 37 (tenhou) to 51 (suukantsu). Renhou (36)
	// is not: its value depends on the platform, and Tenhou never uses it.
	// Ids from 52 are dora and Mahjong Soul additions, outside Tenhou's
	// table.
	for i := range 256 {
		id := event.YakuID(i)
		if got, want := id.IsYakuman(), i >= 37 && i <= 51; got != want {
			t.Errorf("YakuID(%d) %s: IsYakuman() = %v, want %v", i, id, got, want)
		}
	}
	for _, id := range []event.YakuID{36, 52, 53, 54} {
		if id.IsYakuman() {
			t.Errorf("%v.IsYakuman() = true", id)
		}
	}
}

func TestWinRecordYaku(t *testing.T) {
	var w event.WinRecord
	if got := w.YakuList(); len(got) != 0 {
		t.Errorf("zero WinRecord has yaku %v", got)
	}
	if err := w.AddYaku(event.YakuRiichi, 1); err != nil {
		t.Fatal(err)
	}
	if err := w.AddYaku(event.YakuUraDora, 0); err != nil { // Tenhou lists ura with 0 han
		t.Fatal(err)
	}
	if err := w.AddYaku(39, 13); err != nil {
		t.Fatal(err)
	}
	if err := w.AddYaku(event.YakuDora, 255); err != nil {
		t.Fatal(err)
	}
	want := []event.Yaku{{event.YakuRiichi, 1}, {event.YakuUraDora, 0}, {39, 13}, {event.YakuDora, 255}}
	got := w.YakuList()
	if len(got) != len(want) {
		t.Fatalf("YakuList() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("YakuList()[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	for _, tc := range []struct {
		han  int
		want string
	}{{-1, "yaku riichi: han -1 out of range"}, {256, "yaku riichi: han 256 out of range"}} {
		err := w.AddYaku(event.YakuRiichi, tc.han)
		if err == nil || err.Error() != tc.want {
			t.Errorf("AddYaku(riichi, %d) = %v, want %q", tc.han, err, tc.want)
		}
	}
	if w.NYaku != 4 {
		t.Fatalf("failed AddYaku changed NYaku to %d", w.NYaku)
	}
	for i := 4; i < event.MaxYaku; i++ {
		if err := w.AddYaku(event.YakuID(i), 1); err != nil {
			t.Fatalf("AddYaku #%d: %v", i+1, err)
		}
	}
	err := w.AddYaku(event.YakuRiichi, 1)
	if err == nil || err.Error() != "more than 24 yaku" {
		t.Errorf("AddYaku #25 = %v, want %q", err, "more than 24 yaku")
	}
	if len(w.YakuList()) != event.MaxYaku || event.MaxYaku != 24 {
		t.Errorf("after overflow %d yaku, MaxYaku %d", len(w.YakuList()), event.MaxYaku)
	}
}

func TestWinRecordLists(t *testing.T) {
	w := event.WinRecord{Winner: 2, From: 0, Liable: event.NoSeat}
	hand := tiles(t, "123m055p789s11z")
	w.HandLen = uint8(copy(w.Hand[:], hand))
	w.Melds[0] = meld(t, event.MeldPon, 1, 0, "777z")
	w.NMelds = 1
	if got := tile.FormatTiles(w.HandTiles()); got != "123m055p789s11z" {
		t.Errorf("HandTiles() = %s", got)
	}
	if got := w.MeldList(); len(got) != 1 || got[0].Kind != event.MeldPon {
		t.Errorf("MeldList() = %v", got)
	}
	w.HandTiles()[0] = tile.Of(tile.Man9)
	w.MeldList()[0].From = 3
	if w.Hand[0] != tile.Of(tile.Man9) || w.Melds[0].From != 3 {
		t.Error("HandTiles or MeldList does not alias the record")
	}
	if w.Tsumo() {
		t.Error("ron from seat 0 is Tsumo")
	}
	w.From = 2
	if !w.Tsumo() {
		t.Error("win with From == Winner is not Tsumo")
	}
}

func TestRyuukyokuKind(t *testing.T) {
	// docs/design.md: a ryuukyoku's kind is one of the rounds.outcome names;
	// interrupted and unrecorded are the two cases without a kind in the
	// log.
	tests := []struct {
		k        event.RyuukyokuKind
		name     string
		abortive bool
	}{
		{0, "RyuukyokuKind(0)", false},
		{event.Exhaustive, "exhaustive", false},
		{event.Nagashi, "nagashi", false},
		{event.NineTerminals, "nine_terminals", true},
		{event.FourWinds, "four_winds", true},
		{event.FourRiichi, "four_riichi", true},
		{event.FourKans, "four_kans", true},
		{event.TripleRon, "triple_ron", true},
		{event.Interrupted, "interrupted", false},
		{event.Unrecorded, "unrecorded", false},
		{10, "RyuukyokuKind(10)", false},
		{255, "RyuukyokuKind(255)", false},
	}
	for _, tc := range tests {
		if got := tc.k.String(); got != tc.name {
			t.Errorf("RyuukyokuKind(%d).String() = %q, want %q", uint8(tc.k), got, tc.name)
		}
		if got := tc.k.IsAbortive(); got != tc.abortive {
			t.Errorf("%s.IsAbortive() = %v, want %v", tc.name, got, tc.abortive)
		}
	}
}

func TestRyuukyokuHandTiles(t *testing.T) {
	var r event.RyuukyokuRecord
	for s, h := range []string{"123456789m1122z", "", "11p", "0555s"} {
		ts := tiles(t, h)
		r.HandLen[s] = uint8(copy(r.Hands[s][:], ts))
		r.Revealed[s] = h != ""
	}
	for s, want := range []string{"123456789m1122z", "", "11p", "0555s"} {
		if got := tile.FormatTiles(r.HandTiles(event.Seat(s))); got != want {
			t.Errorf("HandTiles(%d) = %q, want %q", s, got, want)
		}
	}
}

// TestRecordChecks changes one value of a valid win record, draw record or
// meld at a time to one no log can give: Check must name it, and the lists
// must stop at their arrays' ends instead of panicking.
func TestRecordChecks(t *testing.T) {
	m1, p5r := tile.New(tile.Man1, false), tile.New(tile.Pin5, true)
	valid := func() *event.WinRecord {
		w := &event.WinRecord{Winner: 1, From: 2, Liable: event.NoSeat, WinTile: m1, HandLen: 2, NMelds: 1, NDora: 1}
		w.Hand[0], w.Hand[1], w.Dora[0] = m1, m1, p5r
		w.Melds[0] = event.Meld{Kind: event.MeldPon, From: 0, N: 3, Called: 0, Tiles: [4]tile.Tile{p5r, p5r, p5r}}
		return w
	}
	if err := valid().Check(4); err != nil {
		t.Fatalf("valid record: %v", err)
	}
	wins := []struct {
		name string
		set  func(w *event.WinRecord)
		want string
	}{
		{"winner", func(w *event.WinRecord) { w.Winner = event.NoSeat }, "winner -1"},
		{"winner beyond the players", func(w *event.WinRecord) { w.Winner = 3 }, "winner 3 is not a seat of a 3-player game"},
		{"discarder", func(w *event.WinRecord) { w.From = 9 }, "discarder 9"},
		{"liable", func(w *event.WinRecord) { w.Liable = -3 }, "liable player -3"},
		{"hand count", func(w *event.WinRecord) { w.HandLen = 15 }, "hand 15"},
		{"yaku count", func(w *event.WinRecord) { w.NYaku = event.MaxYaku + 1 }, "yaku 25"},
		{"winning tile", func(w *event.WinRecord) { w.WinTile = 0xff }, "winning tile 255"},
		{"limit", func(w *event.WinRecord) { w.Limit = event.Yakuman + 1 }, "limit"},
		{"hand tile", func(w *event.WinRecord) { w.Hand[1] = tile.None }, "0 is not a tile"},
		{"dora tile", func(w *event.WinRecord) { w.Dora[0] = 0x41 }, "65 is not a tile"}, // a red 1m
		{"meld size", func(w *event.WinRecord) { w.Melds[0].N = 5 }, "meld 1: 5 tiles"},
		{"meld called tile", func(w *event.WinRecord) { w.Melds[0].Called = 3 }, "meld 1: called tile 3 of 3"},
		{"meld seat", func(w *event.WinRecord) { w.Melds[0].From = 4 }, "meld 1: called from 4"},
	}
	for _, tc := range wins {
		w := valid()
		tc.set(w)
		players := 4
		if tc.name == "winner beyond the players" {
			players = 3
		}
		err := w.Check(players)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check = %v, want an error saying %q", tc.name, err, tc.want)
		}
		// The lists stop at the arrays' ends.
		_, _, _, _, _ = w.HandTiles(), w.MeldList(), w.YakuList(), w.DoraList(), w.UraList()
	}
	var r event.RyuukyokuRecord
	r.Revealed[2], r.HandLen[2], r.Hands[2][0] = true, 1, m1
	if err := r.Check(); err != nil {
		t.Fatalf("valid draw record: %v", err)
	}
	r.HandLen[2] = 20
	if err := r.Check(); err == nil || !strings.Contains(err.Error(), "seat 2's hand of 20 tiles") {
		t.Errorf("draw record with 20 tiles: Check = %v", err)
	}
	if got := len(r.HandTiles(2)); got != 14 {
		t.Errorf("HandTiles of a 20-tile count has %d tiles, want the array's 14", got)
	}
	if r.HandTiles(event.NoSeat) != nil || r.HandTiles(7) != nil {
		t.Error("HandTiles of a seat that is not 0-3 is not empty")
	}
	r.HandLen[2], r.Hands[2][0] = 1, 0x7f
	if err := r.Check(); err == nil || !strings.Contains(err.Error(), "is not a tile") {
		t.Errorf("draw record with a bad tile: Check = %v", err)
	}
}
