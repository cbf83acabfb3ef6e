package yaku

import (
	"strconv"
	"strings"
	"testing"
)

// TestIDs checks that the named ids are Tenhou's (docs/tenhou-formats.md §1.4)
// and that the blocks are in place.
func TestIDs(t *testing.T) {
	for _, tc := range []struct {
		id   ID
		want int
	}{
		{MenzenTsumo, 0}, {Riichi, 1}, {Iipeikou, 9}, {SeatWindEast, 10}, {SeatWindNorth, 13},
		{RoundWindEast, 14}, {RoundWindNorth, 17}, {Haku, 18}, {Chun, 20}, {DoubleRiichi, 21},
		{SanshokuDoujun, 25}, {Chinitsu, 35}, {Renhou, 36}, {Tenhou, 37}, {KokushiMusou13, 48},
		{Suukantsu, 51}, {Dora, 52}, {UraDora, 53}, {AkaDora, 54},
		{KitaDora, 64}, {Paarenchan, 65}, {IshiNoUeNiMoSannen, 77}, {Daichisei, 78},
		{AnySeatWind, 250}, {AnyRoundWind, 251}, {AnyDragon, 252},
	} {
		if int(tc.id) != tc.want {
			t.Errorf("%v = %d, want %d", tc.id, tc.id, tc.want)
		}
	}
	for w := range 4 {
		if got, want := SeatWind(w), ID(10+w); got != want {
			t.Errorf("SeatWind(%d) = %d, want %d", w, got, want)
		}
		if got, want := RoundWind(w), ID(14+w); got != want {
			t.Errorf("RoundWind(%d) = %d, want %d", w, got, want)
		}
	}
}

// TestEntries checks every entry of the catalogue against the others and
// against its kind: names unique and snake_case, han fitting the kind.
func TestEntries(t *testing.T) {
	names := map[string]ID{}
	for i, e := range entries {
		id := ID(i)
		got := id.String()
		switch {
		case e.kind == none || e.kind == placeholder:
			if e.name != "" || got != "yaku_"+strconv.Itoa(i) {
				t.Errorf("%d (no yaku or a placeholder) is named %q", i, got)
			}
		case e.name == "" || strings.ContainsAny(got, " -ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
			t.Errorf("%d: name %q is not snake_case", i, got)
		}
		if prev, dup := names[got]; dup {
			t.Errorf("%d and %d are both %q", prev, i, got)
		}
		names[got] = id
		closed, open := id.Han(true), id.Han(false)
		switch e.kind {
		case none:
			if e.mjai != "" || tenhou6Names(&e) != nil || closed+open != 0 {
				t.Errorf("%d names no yaku but has names or han", i)
			}
		case ordinary:
			if closed < 1 || open > closed || closed > 6 {
				t.Errorf("%v: han %d closed, %d open", id, closed, open)
			}
		case dora:
			if closed != 1 || open != 1 {
				t.Errorf("%v: dora of %d/%d han", id, closed, open)
			}
		case yakuman, doubleForm:
			if closed != 13 || open != 13 {
				t.Errorf("%v: yakuman of %d/%d han", id, closed, open)
			}
		case unrated, unratedYakuman, placeholder:
			if closed+open != 0 {
				t.Errorf("%v: han %d/%d for a yaku the catalogue does not value", id, closed, open)
			}
		}
		if (e.kind != none && e.kind != placeholder) != (i <= int(AkaDora) || i >= int(KitaDora) && i <= int(Daichisei)) {
			t.Errorf("%d: kind %d out of Tenhou's 0–54 and Mahjong Soul's 64–78", i, e.kind)
		}
		if (e.kind != none && e.kind != placeholder) != (e.tenhou6 != "") {
			t.Errorf("%v: tenhou.net/6 name %q for kind %d", id, e.tenhou6, e.kind)
		}
	}
}

// TestYakuman checks the yakuman and their double forms: Tenhou's ids
// 37–51, of which suuankou tanki, junsei chuuren, kokushi's thirteen-sided
// wait and daisuushii are double forms; with renhou and Mahjong Soul's
// yakuman, the yaku that may be yakuman.
func TestYakuman(t *testing.T) {
	double := map[ID]bool{SuuankouTanki: true, JunseiChuurenPoutou: true, KokushiMusou13: true, Daisuushii: true}
	elsewhere := map[ID]bool{Renhou: true, Paarenchan: true, Daisharin: true, Daichikurin: true, Daisuurin: true,
		IshiNoUeNiMoSannen: true, Daichisei: true}
	for i := range 256 {
		id := ID(i)
		if got, want := id.IsYakuman(), i >= 37 && i <= 51; got != want {
			t.Errorf("%v.IsYakuman() = %v, want %v", id, got, want)
		}
		if got, want := id.MayBeYakuman(), id.IsYakuman() || elsewhere[id]; got != want {
			t.Errorf("%v.MayBeYakuman() = %v, want %v", id, got, want)
		}
		if id.IsYakuman() && (id.Han(true) != YakumanHan || id.Han(false) != YakumanHan) {
			t.Errorf("%v: a yakuman of %d/%d han, not YakumanHan", id, id.Han(true), id.Han(false))
		}
		if got := id.IsDoubleYakumanForm(); got != double[id] {
			t.Errorf("%v.IsDoubleYakumanForm() = %v", id, got)
		}
	}
}

// tenhouNames are the tenhou.net/6 names of Tenhou's table
// (docs/tenhou-formats.md §1.4).
var tenhouNames = [...]string{
	"門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
	"自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
	"役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
	"三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色",
	"人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈",
	"純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
}

// TestSpellings checks that every spelling of every source maps back to
// its id, that no spelling of a source names two ids, and the spellings
// each source is known to write.
func TestSpellings(t *testing.T) {
	n6, nm := 0, 0
	for i, e := range entries {
		for _, s := range tenhou6Names(&e) {
			n6++
			if got, ok := FromTenhou6([]byte(s)); !ok || got != ID(i) {
				t.Errorf("FromTenhou6(%q) = %v, %v, want %v", s, got, ok, ID(i))
			}
		}
		if e.mjai != "" {
			nm++
			if got, ok := FromMjai([]byte(e.mjai)); !ok || got != ID(i) {
				t.Errorf("FromMjai(%q) = %v, %v, want %v", e.mjai, got, ok, ID(i))
			}
		}
	}
	if n6 != len(byTenhou6) || nm != len(byMjai) {
		t.Errorf("%d tenhou.net/6 and %d mjai spellings for %d and %d names: a spelling names two yaku", n6, nm, len(byTenhou6), len(byMjai))
	}
	for i, s := range tenhouNames {
		if got, ok := FromTenhou6([]byte(s)); !ok || got != ID(i) {
			t.Errorf("FromTenhou6(%q) = %v, %v, want %d", s, got, ok, i)
		}
		if got := ID(i).Tenhou6Name(); got != s {
			t.Errorf("%v.Tenhou6Name() = %q, want Tenhou's %q", ID(i), got, s)
		}
	}
	for i := range 256 {
		id := ID(i)
		n := id.Tenhou6Name()
		if got, ok := FromTenhou6([]byte(n)); n != "" && (!ok || got != id) {
			t.Errorf("%v.Tenhou6Name() = %q, read back as %v, %v", id, n, got, ok)
		}
		if i >= int(KitaDora) && i <= int(Daichisei) && n != majsoulJapanese(id) {
			t.Errorf("%v.Tenhou6Name() = %q, want Mahjong Soul's Japanese name %q", id, n, majsoulJapanese(id))
		}
	}
	for _, tc := range []struct {
		src, name string
		want      ID
		ok        bool
	}{
		{"tenhou6", "役牌:自風牌", AnySeatWind, true},
		{"tenhou6", "Prevalent Wind", AnyRoundWind, true},
		{"tenhou6", "國士無雙十三面", KokushiMusou13, true},
		{"tenhou6", "抜きドラ", KitaDora, true},
		{"tenhou6", "謎の役", 0, false},
		{"tenhou6", "riichi", 0, false},
		{"tenhou6", "立直 ", 0, false},
		{"tenhou6", "", 0, false},
		{"tenhou6", "白", Haku, true},
		{"tenhou6", "Thirteen-wait Thirteen Orphans", KokushiMusou13, true},
		{"tenhou6", "Thirteen-XXXX Thirteen Orphans", 0, false}, // first and last 8 bytes as a name's
		{"tenhou6", "Yakuhai (wind of seat)", AnySeatWind, true},
		{"mjai", "reach", Riichi, true},
		{"mjai", "menzenchin_tsumoho", MenzenTsumo, true},
		{"mjai", "jikaze", AnySeatWind, true},
		{"mjai", "bakaze", AnyRoundWind, true},
		{"mjai", "sangenpai", AnyDragon, true},
		{"mjai", "kokushimuso_13", KokushiMusou13, true},
		{"mjai", "riichi", 0, false},
		{"mjai", "", 0, false},
	} {
		from := FromTenhou6
		if tc.src == "mjai" {
			from = FromMjai
		}
		if got, ok := from([]byte(tc.name)); got != tc.want || ok != tc.ok {
			t.Errorf("%s %q = %v, %v, want %v, %v", tc.src, tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// tenhou6Names returns the tenhou.net/6 names of e, the one written first.
func tenhou6Names(e *entry) []string {
	if e.tenhou6 == "" {
		return e.tenhou6Also
	}
	return append([]string{e.tenhou6}, e.tenhou6Also...)
}

// majsoulJapanese returns the Japanese name of the Mahjong Soul fan of id,
// the name tensoul writes in tenhou.net/6 files.
func majsoulJapanese(id ID) string {
	for _, f := range fans {
		if f.yaku == id && f.names[2] != "" {
			return f.names[2]
		}
	}
	return ""
}

// TestMjlog checks that Tenhou's mjlog ids are the ids 0–54.
func TestMjlog(t *testing.T) {
	for n := -2; n < 300; n++ {
		got, ok := FromMjlog(n)
		if want := n >= 0 && n <= 54; ok != want || ok && got != ID(n) {
			t.Errorf("FromMjlog(%d) = %v, %v", n, got, ok)
		}
	}
}

// TestMajsoulFans checks Mahjong Soul's fan ids (docs/majsoul-formats.md §2.7)
// and their names.
func TestMajsoulFans(t *testing.T) {
	for _, tc := range []struct {
		fan  int
		want ID
	}{
		{1, MenzenTsumo}, {2, Riichi}, {7, Haku}, {10, AnySeatWind}, {11, AnyRoundWind},
		{12, Tanyao}, {14, Pinfu}, {18, DoubleRiichi}, {25, Chiitoitsu}, {30, Ippatsu},
		{31, Dora}, {32, AkaDora}, {33, UraDora}, {34, KitaDora}, {42, KokushiMusou},
		{46, Paarenchan}, {47, JunseiChuurenPoutou}, {48, SuuankouTanki}, {49, KokushiMusou13},
		{50, Daisuushii}, {59, Renhou}, {64, Daichisei}, {65, Renhou},
	} {
		if got, ok := FromMajsoulFan(tc.fan); !ok || got != tc.want {
			t.Errorf("FromMajsoulFan(%d) = %v, %v, want %v", tc.fan, got, ok, tc.want)
		}
	}
	for _, n := range []int{-1, 0, 66, 801, 1000} {
		if got, ok := FromMajsoulFan(n); ok {
			t.Errorf("FromMajsoulFan(%d) = %v, true", n, got)
		}
	}
	seen := map[ID]bool{}
	names := map[int]int{}
	for n := range 66 {
		id, ok := FromMajsoulFan(n)
		if ok != (n >= 1 && n <= 65) {
			t.Errorf("FromMajsoulFan(%d): ok %v", n, ok)
		}
		if ok && entries[id].kind == none {
			t.Errorf("fan %d is %d, which names no yaku", n, id)
		}
		if ok && n != 65 && seen[id] {
			t.Errorf("fan %d: %v is another fan's", n, id)
		}
		if ok {
			seen[id] = true
		}
	}
	for n, name := range MajsoulFanNames() {
		if _, ok := FromMajsoulFan(n); !ok || name == "" {
			t.Errorf("fan %d named %q", n, name)
		}
		names[n]++
	}
	for n := 1; n <= 64; n++ {
		if names[n] != 4 {
			t.Errorf("fan %d has %d names, want one in each of 4 languages", n, names[n])
		}
	}
	if names[65] != 0 {
		t.Errorf("fan 65 (renhou as a mangan) is named")
	}
	// Each Japanese name of the fan table is a tenhou.net/6 name of its
	// yaku (tensoul writes them), but for the fans Tenhou's names cover.
	for n, f := range fans {
		if !f.known() || f.names[2] == "" {
			continue
		}
		got, ok := FromTenhou6([]byte(f.names[2]))
		if ok && got != f.yaku {
			t.Errorf("fan %d's Japanese name %q is %v in tenhou.net/6 names, not %v", n, f.names[2], got, f.yaku)
		}
	}
}

// TestLimits checks the limits' names and basic points and the ladder of
// han and fu.
func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		l    Limit
		name string
		base int
	}{
		{NoLimit, "", 0}, {Mangan, "mangan", 2000}, {Haneman, "haneman", 3000}, {Baiman, "baiman", 4000},
		{Sanbaiman, "sanbaiman", 6000}, {Yakuman, "yakuman", 8000}, {6, "Limit(6)", 0},
	} {
		if got := tc.l.String(); got != tc.name {
			t.Errorf("Limit(%d).String() = %q, want %q", tc.l, got, tc.name)
		}
		if got := tc.l.Base(); got != tc.base {
			t.Errorf("%q.Base() = %d, want %d", tc.name, got, tc.base)
		}
	}
	for _, tc := range []struct {
		han, fu        int
		kazoe, kiriage bool
		base           int
		limit          Limit
	}{
		{0, 30, false, false, 0, NoLimit},
		{-1, 30, true, true, 0, NoLimit},
		{1, 30, false, false, 240, NoLimit},
		{2, 25, false, false, 400, NoLimit},
		{3, 60, false, false, 1920, NoLimit},
		{3, 60, false, true, 2000, NoLimit},
		{3, 70, false, false, 2000, Mangan},
		{4, 30, false, false, 1920, NoLimit},
		{4, 30, false, true, 2000, NoLimit},
		{4, 40, false, false, 2000, Mangan},
		{5, 20, false, false, 2000, Mangan},
		{6, 20, false, false, 3000, Haneman},
		{7, 20, false, false, 3000, Haneman},
		{8, 20, false, false, 4000, Baiman},
		{10, 20, false, false, 4000, Baiman},
		{11, 20, false, false, 6000, Sanbaiman},
		{13, 20, false, false, 6000, Sanbaiman},
		{13, 20, true, false, 8000, Yakuman},
		{26, 20, true, false, 8000, Yakuman},
	} {
		base, limit := BasePoints(tc.han, tc.fu, tc.kazoe, tc.kiriage)
		if base != tc.base || limit != tc.limit {
			t.Errorf("BasePoints(%d, %d, %v, %v) = %d, %q, want %d, %q", tc.han, tc.fu, tc.kazoe, tc.kiriage, base, limit, tc.base, tc.limit)
		}
		if tc.han > 0 {
			if got := LimitOf(tc.han, tc.fu, tc.kazoe); got != tc.limit {
				t.Errorf("LimitOf(%d, %d, %v) = %q, want %q", tc.han, tc.fu, tc.kazoe, got, tc.limit)
			}
		}
	}
	// LimitOf has no floor of han: 0 han of 500 fu reaches 2000 points.
	if got := LimitOf(0, 500, false); got != Mangan {
		t.Errorf("LimitOf(0, 500) = %q, want mangan", got)
	}
}

// TestLimitNames checks the words of the limits: those of tenhou.net/6
// score strings, written and read, and those of Mahjong Soul's titles and
// title ids.
func TestLimitNames(t *testing.T) {
	for l, want := range map[Limit]string{NoLimit: "", Mangan: "満貫", Haneman: "跳満", Baiman: "倍満",
		Sanbaiman: "三倍満", Yakuman: "役満", 6: "", 255: ""} {
		if got := l.Tenhou6Name(); got != want {
			t.Errorf("%q.Tenhou6Name() = %q, want %q", l, got, want)
		}
	}
	for _, tc := range []struct {
		s    string
		want Limit
		rest string
		ok   bool
	}{
		{"満貫2000-4000点", Mangan, "2000-4000点", true},
		{"跳満6000点∀", Haneman, "6000点∀", true},
		{"倍満16000点", Baiman, "16000点", true},
		{"三倍満24000点", Sanbaiman, "24000点", true},
		{"役満32000点", Yakuman, "32000点", true},
		{"数え役満32000点", Yakuman, "32000点", true},
		{"切り上げ満貫7700点", Mangan, "7700点", true},
		{"Kiriage Mangan 8000 Points", Mangan, " 8000 Points", true},
		{"Rounded Mangan", Mangan, "", true},
		{"Kazoe Yakuman 32000 Points", Yakuman, " 32000 Points", true},
		{"Counted Yakuman", Yakuman, "", true},
		{"Mangan 8000 Points", Mangan, " 8000 Points", true},
		{"Haneman", Haneman, "", true},
		{"Baiman", Baiman, "", true},
		{"Sanbaiman", Sanbaiman, "", true},
		{"Yakuman", Yakuman, "", true},
		{"30符2飜2000点", NoLimit, "30符2飜2000点", false},
		{"満", NoLimit, "満", false},
		{"mangan", NoLimit, "mangan", false},
		{"yakuman", NoLimit, "yakuman", false},
		{"", NoLimit, "", false},
	} {
		l, rest, ok := CutTenhou6Limit([]byte(tc.s))
		if l != tc.want || string(rest) != tc.rest || ok != tc.ok {
			t.Errorf("CutTenhou6Limit(%q) = %q, %q, %v, want %q, %q, %v", tc.s, l, rest, ok, tc.want, tc.rest, tc.ok)
		}
	}
	// Every word reads back, as the longest word it begins with.
	for _, w := range tenhou6LimitWords {
		if l, rest, ok := CutTenhou6Limit([]byte(w.word + "1000点")); !ok || l != w.limit || string(rest) != "1000点" {
			t.Errorf("CutTenhou6Limit(%q) = %q, %q, %v, want %q", w.word+"1000点", l, rest, ok, w.limit)
		}
	}
	for n, want := range map[int]Limit{-1: NoLimit, 0: NoLimit, 1: Mangan, 2: Haneman, 3: Baiman, 4: Sanbaiman,
		5: Yakuman, 6: Yakuman, 10: Yakuman, 11: Yakuman, 1000: Yakuman} {
		if got := LimitFromMajsoulTitle(n); got != want {
			t.Errorf("LimitFromMajsoulTitle(%d) = %q, want %q", n, got, want)
		}
	}
	var names []string
	prev := Yakuman
	for l, name := range MajsoulLimitNames() {
		if l > prev || l == NoLimit {
			t.Errorf("MajsoulLimitNames: %q after %q", l, prev)
		}
		prev = l
		names = append(names, l.String()+":"+name)
	}
	want := "yakuman:役满 yakuman:役満 yakuman:Yakuman sanbaiman:三倍满 sanbaiman:三倍満 sanbaiman:Sanbaiman " +
		"baiman:倍满 baiman:倍満 baiman:Baiman haneman:跳满 haneman:跳満 haneman:Haneman mangan:满贯 mangan:満貫 mangan:Mangan"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("MajsoulLimitNames:\n got %s\nwant %s", got, want)
	}
}
