package yaku

import (
	"encoding/binary"
	"iter"
	"math/bits"
)

// byTenhou6 and byMjai find each source's names (built once from
// entries; read-only).
var byTenhou6, byMjai = func() (t6, mj *nameTable) {
	var n6, nm []nameID
	for id, e := range entries {
		if e.tenhou6 != "" {
			n6 = append(n6, nameID{e.tenhou6, ID(id)})
		}
		for _, n := range e.tenhou6Also {
			n6 = append(n6, nameID{n, ID(id)})
		}
		if e.mjai != "" {
			nm = append(nm, nameID{e.mjai, ID(id)})
		}
	}
	return newNameTable(n6), newNameTable(nm)
}()

// nameID is a name and the id it names.
type nameID struct {
	name string
	id   ID
}

// nameTable finds the id of a name: an open-addressing hash table
// (linear probing, at most half full) keyed by the name's length and
// first and last 8 bytes, which are the whole name up to 16 bytes, so that
// most lookups compare integers, not strings. The decoders look up every
// yaku of every win: a lookup costs about what a compiled switch over the
// names does, half of what a map's does.
type nameTable struct {
	slots []nameSlot // a slot with a zero key is empty
	mask  uint32     // len(slots) - 1, len(slots) a power of two
	n     int        // the number of names
}

// nameSlot is a slot of a nameTable.
type nameSlot struct {
	key  nameKey
	name string // to compare names of more than 16 bytes
	id   ID
}

// nameKey is a name's length and its first and last 8 bytes (a name of
// less than 8 bytes is all in first).
type nameKey struct {
	first, last uint64
	n           int
}

// keyOf returns the key of name.
func keyOf(name []byte) nameKey {
	k := nameKey{n: len(name)}
	if len(name) >= 8 {
		k.first, k.last = binary.LittleEndian.Uint64(name), binary.LittleEndian.Uint64(name[len(name)-8:])
		return k
	}
	for _, c := range name {
		k.first = k.first<<8 | uint64(c)
	}
	return k
}

// hash returns the hash of key k.
func (k nameKey) hash() uint32 {
	h := (k.first ^ bits.RotateLeft64(k.last, 31) ^ uint64(k.n)) * 0x9E3779B97F4A7C15
	return uint32(h >> 32)
}

// newNameTable returns the table of names; of two equal names the first
// is kept.
func newNameTable(names []nameID) *nameTable {
	size := 1
	for size < 2*len(names) {
		size *= 2
	}
	t := &nameTable{slots: make([]nameSlot, size), mask: uint32(size - 1)}
	for _, e := range names {
		k := keyOf([]byte(e.name))
		i := k.hash() & t.mask
		for t.slots[i].key.n != 0 && t.slots[i].name != e.name {
			i = (i + 1) & t.mask
		}
		if t.slots[i].key.n == 0 {
			t.slots[i] = nameSlot{k, e.name, e.id}
			t.n++
		}
	}
	return t
}

// find returns the id of name, false for a name the table does not hold.
func (t *nameTable) find(name []byte) (ID, bool) {
	k := keyOf(name)
	for i := k.hash() & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		switch {
		case s.key.n == 0:
			return 0, false
		case s.key == k && (k.n <= 16 || s.name == string(name)):
			return s.id, true
		}
	}
}

// len returns the number of names in the table.
func (t *nameTable) len() int { return t.n }

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
	return byTenhou6.find(name)
}

// FromMjai returns the yaku of a name of mjai's hora yakus (gimite's mjai,
// lib/mjai/hora.rb, as ManueGo writes them too: "reach", "tanyaochu" …).
// "jikaze", "bakaze" and "sangenpai" are AnySeatWind, AnyRoundWind and
// AnyDragon. It is false for a name it does not know.
func FromMjai(name []byte) (ID, bool) {
	return byMjai.find(name)
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
