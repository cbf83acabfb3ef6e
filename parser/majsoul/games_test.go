package majsoul

import (
	"slices"
	"strconv"
	"strings"
)

// The synthetic games of the tests. Each is a legal game (every tile in
// its place, turn order, riichi, kan dora timing, wall counts), written
// from the field tables of docs/majsoul-formats.md.

func acct(id, seat int, name string, level, level3 int) msg {
	return m("AccountInfo", "account_id", id, "seat", seat, "nickname", name,
		"level", m("AccountLevel", "id", level, "score", 100), "level3", m("AccountLevel", "id", level3, "score", 10))
}

func player(seat, total, part int) msg {
	return m("PlayerItem", "seat", seat, "total_point", total, "part_point_1", part, "part_point_2", 0)
}

func headOf(uuid string, category, mode, modeID int, accounts []msg, result []msg) *msg {
	h := m("RecordGame", "uuid", uuid, "start_time", 1609459200, "end_time", 1609461000,
		"config", m("GameConfig", "category", category, "mode", m("GameMode", "mode", mode, "detail_rule", m("GameDetailRule")),
			"meta", m("GameMetaData", "mode_id", modeID)),
		"accounts", accounts, "result", m("GameEndResult", "players", result))
	return &h
}

// fullSet returns the tiles of a set: 136 with one red five per suit, or
// 108 for three players (no 2m–8m; red 5p and 5s).
func fullSet(players int) []string {
	var out []string
	for _, suit := range "mps" {
		for n := 1; n <= 9; n++ {
			if players == 3 && suit == 'm' && n > 1 && n < 9 {
				continue
			}
			for c := range 4 {
				d := n
				if n == 5 && c == 0 {
					d = 0
				}
				out = append(out, strconv.Itoa(d)+string(suit))
			}
		}
	}
	for n := 1; n <= 7; n++ {
		for range 4 {
			out = append(out, strconv.Itoa(n)+"z")
		}
	}
	return out
}

// without removes one copy of each tile of ts from set (order kept).
func without(set []string, ts ...string) []string {
	set = slices.Clone(set)
	for _, t := range ts {
		i := slices.Index(set, t)
		if i < 0 {
			panic("tile " + t + " not in the set")
		}
		set = slices.Delete(set, i, i+1)
	}
	return set
}

// exhaustiveHand writes a hand that ends in an exhaustive draw: after the
// deal every player discards what it draws until the live wall is empty.
// hands are the starting hands (the dealer's 14 tiles first listed for
// seat dealer); the rest of the set, in a fixed shuffled order, makes the
// wall. It returns the records (with the paishan) and the hand's
// RecordNoTile is added by the caller.
func exhaustiveHand(players, dealer, chang, ben, sticks int, scores []int, hands []string, inputs bool) []msg {
	set := fullSet(players)
	for _, h := range hands {
		set = without(set, tiles(h)...)
	}
	// A fixed shuffle.
	x := uint32(12345)
	for i := len(set) - 1; i > 0; i-- {
		x = x*1664525 + 1013904223
		j := int(x>>8) % (i + 1)
		set[i], set[j] = set[j], set[i]
	}
	dead := 14
	dora := set[len(set)-5]
	if players == 3 {
		dora = set[len(set)-9]
	}
	live := len(set) - dead
	nr := newRound(chang, dealer, ben, sticks, scores, dora, hands...)
	nr.fields = append(nr.fields, kv{"paishan", strings.Join(set, "")}, kv{"left_tile_count", live})
	out := []msg{nr}
	last := tiles(hands[dealer])[13]
	if inputs {
		out = append(out, input(dealer, 1, last, true))
	}
	out = append(out, discard(dealer, last, false))
	seat := dealer
	for i := range live {
		seat = (seat + 1) % players
		out = append(out, deal(seat, set[i], "left_tile_count", live-1-i), discard(seat, set[i], true))
	}
	return out
}

// gameFour is a four-player East-South ranked game of three hands:
//
//	E1-0: the dealer's first discard is the drawn tile; pon, chi, riichi
//	      (stick paid with the next draw), a closed kan (its dora with the
//	      replacement draw), an added kan (its dora with the discard), and a
//	      double ron (the records list the second winner first);
//	E1-1: nine terminals, declared by the dealer;
//	E1-2: an exhaustive draw with one player tenpai, with the wall.
func gameFour(inputs bool) *game {
	g := &game{}
	g.head = headOf("210101-00000000-0000-0000-0000-000000000001", 2, 2, 12,
		[]msg{acct(1001, 0, "東家", 10402, 20101), acct(1002, 1, "南家", 10301, 20101), acct(1003, 2, "西家", 10501, 20101)},
		[]msg{player(0, 32000, 42000), player(1, 12500, 32500), player(2, -6000, 24000), player(3, -38500, 1500)})

	// E1-0
	g.add(newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "9p",
		"1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 5s 5s 1z 7z",
		"5p 6p 2s 3s 4s 6s 7s 8s 9s 9s 5z 5z 5z",
		"4m 4m 7p 7p 8p 8p 1s 1s 3s 4z 4z 6z 6z",
		"3m 3m 5m 4p 9p 9p 2s 4s 7s 7s 1z 1z 6z"))
	if inputs {
		g.add(input(0, 1, "7z", true))
	}
	g.add(discard(0, "7z", false),
		deal(1, "8p"), discard(1, "8p", true),
		call(2, 1, "8p 8p 8p", 2, 2, 1), discard(2, "3s", false),
		call(3, 0, "2s 4s 3s", 3, 3, 2), discard(3, "5m", false),
		deal(0, "9m"), discard(0, "1z", false, "is_liqi", true),
		deal(1, "5z", "liqi", liqi(0, 24000, 1)),
		m("RecordAnGangAddGang", "seat", 1, "type", 3, "tiles", "5z"),
		deal(1, "1s", "doras", tiles("9p 6m")), discard(1, "1s", true),
		deal(2, "8p"),
		m("RecordAnGangAddGang", "seat", 2, "type", 2, "tiles", "8p"),
		deal(2, "2z", "doras", tiles("9p 6m")), discard(2, "2z", true, "doras", tiles("9p 6m 3p")),
		deal(3, "2m"), discard(3, "4p", false),
		m("RecordHule", "hules", []msg{
			m("HuleInfo", "hand", tiles("5p 6p 2s 3s 4s 6s 7s 8s 9s 9s"), "ming", []string{"angang(5z,5z,5z,5z)"},
				"hu_tile", "4p", "seat", 1, "zimo", false, "qinjia", false, "liqi", false, "doras", tiles("9p 6m 3p"),
				"yiman", false, "count", 2, "fans", fans(7, 1, 31, 1), "fu", 70, "point_rong", 4500,
				"point_zimo_qin", 2300, "point_zimo_xian", 1200, "title_id", 0, "point_sum", 4500),
			m("HuleInfo", "hand", tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 5s 5s"), "hu_tile", "4p", "seat", 0,
				"zimo", false, "qinjia", true, "liqi", true, "doras", tiles("9p 6m 3p"), "li_doras", tiles("1s 8s 2z"),
				"yiman", false, "count", 6, "fans", fans(2, 1, 14, 1, 16, 2, 31, 2, 33, 0), "fu", 30,
				"point_rong", 18000, "point_zimo_xian", 6000, "title_id", 2, "point_sum", 18000)},
			"old_scores", []int{24000, 25000, 25000, 25000}, "delta_scores", []int{19000, 4500, 0, -22500},
			"scores", []int{43000, 29500, 25000, 2500}, "gameend", m("GameEnd")))

	// E1-1: nine terminals.
	nine := "1m 2m 3m 4m 5m 9m 1p 9p 1s 9s 1z 2z 3z 4z"
	g.add(newRound(0, 0, 1, 0, []int{43000, 29500, 25000, 2500}, "5p", nine,
		"2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 5s",
		"2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 6s",
		"6m 7m 8m 2p 3p 4p 2s 3s 4s 6s 7s 7s 8s"),
		m("RecordLiuJu", "type", 1, "seat", 0, "tiles", tiles(nine)))

	// E1-2: exhaustive draw, seat 1 tenpai.
	tenpai := "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 9p"
	g.add(exhaustiveHand(4, 0, 0, 2, 0, []int{43000, 29500, 25000, 2500}, []string{
		"2p 8p 1s 3s 5s 7s 9s 1z 2z 3z 4z 5z 6z 7z",
		tenpai,
		"4p 6p 2s 4s 6s 8s 1z 2z 3z 4z 5z 6z 7z",
		"5p 7p 1s 2s 3s 4s 6s 7s 8s 9s 1z 3z 5z"}, inputs)...)
	g.add(m("RecordNoTile", "liujumanguan", false,
		"players", []msg{m("NoTilePlayerInfo", "tingpai", false), m("NoTilePlayerInfo", "tingpai", true, "hand", tiles(tenpai)),
			m("NoTilePlayerInfo", "tingpai", false), m("NoTilePlayerInfo", "tingpai", false)},
		"scores", []msg{m("NoTileScoreInfo", "old_scores", []int{43000, 29500, 25000, 2500}, "delta_scores", []int{-1000, 3000, -1000, -1000})},
		"gameend", true))
	return g
}

// gameSanma is a three-player East game: the dealer sets a North aside,
// wins by tsumo on the replacement draw (rinshan kaihou, kita dora), then a
// hand ends in nagashi mangan.
func gameSanma(inputs bool) *game {
	g := &game{}
	g.head = headOf("210101-00000000-0000-0000-0000-000000000003", 2, 11, 21,
		[]msg{acct(2001, 0, "a", 10101, 20402), acct(2002, 1, "b", 10101, 20301), acct(2003, 2, "c", 10101, 20101)},
		[]msg{player(0, 19000, 39000), player(1, 2000, 37000), player(2, -21000, 29000)})
	g.add(newRound(0, 0, 0, 0, []int{35000, 35000, 35000}, "1m",
		"1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 1s 2s 3s 4z",
		"1m 1m 9m 9m 2p 3p 4p 6s 7s 8s 1z 2z 3z",
		"1m 9m 5p 6p 7p 2s 3s 4s 5z 5z 6z 6z 7z"),
		m("RecordBaBei", "seat", 0, "moqie", true),
		deal(0, "4s"),
		m("RecordHule", "hules", []msg{
			m("HuleInfo", "hand", tiles("1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 1s 2s 3s"), "hu_tile", "4s", "seat", 0, "zimo", true,
				"qinjia", true, "doras", tiles("1m"), "count", 5, "fans", fans(1, 1, 4, 1, 16, 2, 34, 1), "fu", 30,
				"point_rong", 12000, "point_zimo_xian", 4000, "title_id", 1)},
			"old_scores", []int{35000, 35000, 35000}, "delta_scores", []int{8000, -4000, -4000}, "scores", []int{43000, 31000, 31000}))
	// E1-1: nagashi mangan by seat 1 (non-dealer: 4000 from the dealer and
	// 2000 from seat 2; tsumo loss).
	g.add(exhaustiveHand(3, 0, 0, 1, 0, []int{43000, 31000, 31000}, []string{
		"1p 3p 5p 7p 9p 1s 3s 5s 7s 9s 1z 2z 3z 4z",
		"2p 4p 6p 8p 2s 4s 6s 8s 1z 2z 5z 6z 7z",
		"1m 9m 1p 9p 1s 5s 1z 3z 4z 4z 5z 6z 7z"}, inputs)...)
	g.add(m("RecordNoTile", "liujumanguan", true,
		"players", []msg{m("NoTilePlayerInfo", "tingpai", false), m("NoTilePlayerInfo", "tingpai", false), m("NoTilePlayerInfo", "tingpai", false)},
		"scores", []msg{m("NoTileScoreInfo", "seat", 1, "old_scores", []int{43000, 31000, 31000}, "delta_scores", []int{-4000, 6000, -2000}, "score", 6000)}))
	return g
}

// gameFourRiichi is a hand in which all four players declare riichi
// (double riichi) in the first go-round, ending in the four-riichi
// abortive draw, then a hand ending in nine terminals. variant: "liqi" —
// the abortive draw records the fourth stick; "paid" — it does not, and the
// next hand's scores show it paid; "unpaid" — the next hand shows it was
// not.
func gameFourRiichi(variant string, inputs bool) *game {
	g := &game{}
	g.add(newRound(0, 0, 0, 0, []int{25000, 25000, 25000, 25000}, "3z",
		"1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5p 1z",
		"4p 5p 6p 7p 1s 2s 3s 4s 5s 6s 7s 8s 9s",
		"2m 3m 4m 5m 6m 7m 6p 7p 8p 9p 3s 4s 5s",
		"8m 9m 1s 1s 5z 5z 5z 6z 6z 6z 7z 7z 7z"))
	if inputs {
		g.add(input(0, 7, "1z", true))
	}
	g.add(discard(0, "1z", false, "is_liqi", true, "is_wliqi", true),
		deal(1, "2z", "liqi", liqi(0, 24000, 1)), discard(1, "2z", true, "is_liqi", true, "is_wliqi", true),
		deal(2, "3z", "liqi", liqi(1, 24000, 2)), discard(2, "3z", true, "is_liqi", true, "is_wliqi", true),
		deal(3, "4z", "liqi", liqi(2, 24000, 3)), discard(3, "4z", true, "is_liqi", true, "is_wliqi", true))
	lj := m("RecordLiuJu", "type", 4, "seat", 3)
	scores, sticks := []int{24000, 24000, 24000, 24000}, 4
	switch variant {
	case "liqi":
		lj.fields = append(lj.fields, kv{"liqi", liqi(3, 24000, 4)})
	case "unpaid":
		scores, sticks = []int{24000, 24000, 24000, 25000}, 3
	}
	g.add(lj)
	nine := "1m 2m 3m 4m 5m 9m 1p 9p 1s 9s 1z 2z 3z 4z"
	g.add(newRound(0, 0, 1, sticks, scores, "5p", nine,
		"2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 5s",
		"2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 7p 8p 6s",
		"6m 7m 8m 2p 3p 4p 2s 3s 4s 6s 7s 7s 8s"),
		m("RecordLiuJu", "type", 1, "seat", 0, "tiles", tiles(nine)))
	return g
}
