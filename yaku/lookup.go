package yaku

import "iter"

// byTenhou6 and byMjai find each source's names (built once from
// entries; read-only); of two equal names the first is kept.
var byTenhou6, byMjai = func() (t6, mj map[string]ID) {
	t6, mj = map[string]ID{}, map[string]ID{}
	add := func(m map[string]ID, name string, id int) {
		if _, ok := m[name]; !ok && name != "" {
			m[name] = ID(id)
		}
	}
	for id, e := range entries {
		add(t6, e.tenhou6, id)
		for _, n := range e.tenhou6Also {
			add(t6, n, id)
		}
		add(mj, e.mjai, id)
	}
	return t6, mj
}()

// FromMjlog returns the yaku of Tenhou mjlog id n (AGARI's yaku and
// yakuman ids, 0–54), false for a number that is not one.
func FromMjlog(n int) (ID, bool) {
	if n < 0 || n > int(AkaDora) {
		return 0, false
	}
	return ID(n), true
}

// FromTenhou6 returns the yaku a tenhou.net/6 result string names (the
// name before "(n飜)" or "(役満)", as written): the names Tenhou6Name
// gives, Tenhou's Japanese names with their variant characters, tensoul's Japanese names of Mahjong
// Soul's yaku, its romaji and its English names. The seat and round wind
// of Mahjong Soul's records are AnySeatWind and AnyRoundWind. It is false
// for a name it does not know, such as the "? East" names tensoul's
// romaji and English modes give Tenhou's wind yaku.
func FromTenhou6(name []byte) (ID, bool) {
	id, ok := byTenhou6[string(name)]
	return id, ok
}

// FromMjai returns the yaku of a name of mjai's hora yakus (gimite's mjai,
// lib/mjai/hora.rb, as ManueGo writes them too: "reach", "tanyaochu" …).
// "jikaze", "bakaze" and "sangenpai" are AnySeatWind, AnyRoundWind and
// AnyDragon. It is false for a name it does not know.
func FromMjai(name []byte) (ID, bool) {
	id, ok := byMjai[string(name)]
	return id, ok
}

// FromMajsoulFan returns the yaku of Mahjong Soul fan id n: its seat wind
// and round wind fans (10 and 11) are AnySeatWind and AnyRoundWind; renhou
// as a yakuman (59) and as a mangan (65) are both Renhou. It is false for
// an id that is not a riichi fan (Sichuan and event modes).
func FromMajsoulFan(n int) (ID, bool) {
	if n <= 0 || n >= len(fans) || !fans[n].known() {
		return 0, false
	}
	return fans[n].yaku, true
}

// MajsoulFanNames yields each Mahjong Soul fan id with each of its names
// in the game's fan table (simplified Chinese, traditional Chinese,
// Japanese, English), which old records give instead of the id. The names
// are as the table writes them: the caller folds spaces, colons and case
// as its records need.
func MajsoulFanNames() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for n, f := range fans {
			for _, name := range f.names {
				if name != "" && !yield(n, name) {
					return
				}
			}
		}
	}
}

// known reports whether f is a fan (not a gap of the table).
func (f *fan) known() bool { return f.yaku != 0 || f.names[0] != "" }
