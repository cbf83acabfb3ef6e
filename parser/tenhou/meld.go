package tenhou

import (
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// decodedMeld is an N element's meld code decoded (docs/tenhou-formats.md §1.3).
type decodedMeld struct {
	typ    event.Type // Call, ClosedKan, AddedKan or Kita
	meld   event.Meld
	tileID tile.ID // the called tile (Call), the added tile (AddedKan), the North (Kita)
}

// decodeMeld decodes meld code m of seat who. The discarder of a call is
// (who + from) mod 4 in both four- and three-player games.
func decodeMeld(m int, who event.Seat, players int, reds bool) (decodedMeld, error) {
	var d decodedMeld
	if m < 0 || m > 0xFFFF {
		return d, fmt.Errorf("meld code %d out of range", m)
	}
	rel := m & 3
	from := event.NoSeat
	if rel != 0 {
		from = event.Seat((int(who) + rel) % 4)
		if int(from) >= players {
			return d, fmt.Errorf("meld code %d: called from seat %d, which is not playing", m, from)
		}
	}
	var ids [4]tile.ID
	n := 0
	called := -1
	switch {
	case m&0x4 != 0: // chi
		if players == 3 {
			return d, fmt.Errorf("meld code %d: chi in a three-player game", m)
		}
		if rel != 3 {
			return d, fmt.Errorf("meld code %d: chi from relative seat %d, not the left", m, rel)
		}
		if m&0x200 != 0 {
			return d, fmt.Errorf("meld code %d: chi with bit 9 set", m)
		}
		v := m >> 10
		c := v % 3
		t := v / 3
		if t >= 21 {
			return d, fmt.Errorf("meld code %d: chi base %d out of range", m, t)
		}
		low := (t/7)*9 + t%7
		copies := [3]int{(m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3}
		for i := range 3 {
			ids[i] = tile.ID(4*(low+i) + copies[i])
		}
		n, called = 3, c
		d.typ = event.Call
		d.meld.Kind = event.MeldChi
	case m&0x18 != 0: // pon or added kan
		if m&0x180 != 0 {
			return d, fmt.Errorf("meld code %d: pon with bits 7-8 set", m)
		}
		v := m >> 9
		c := v % 3
		k := v / 3
		if k >= tile.NumKinds {
			return d, fmt.Errorf("meld code %d: kind %d out of range", m, k)
		}
		unused := (m >> 5) & 3
		for cp := range 4 {
			if cp != unused {
				ids[n] = tile.ID(4*k + cp)
				n++
			}
		}
		called = c
		if rel == 0 {
			return d, fmt.Errorf("meld code %d: pon without a discarder", m)
		}
		if m&0x8 != 0 {
			d.typ = event.Call
			d.meld.Kind = event.MeldPon
		} else {
			d.typ = event.AddedKan
			d.meld.Kind = event.MeldAddedKan
			ids[3] = tile.ID(4*k + unused)
			n = 4
			d.tileID = ids[3]
		}
	case m&0x20 != 0: // kita
		id := m >> 8
		if m&0xFF != 0x20 || id/4 != int(tile.North) {
			return d, fmt.Errorf("meld code %d: kita of tile id %d", m, id)
		}
		if players != 3 {
			return d, fmt.Errorf("meld code %d: kita in a four-player game", m)
		}
		ids[0] = tile.ID(id)
		n = 1
		d.typ = event.Kita
		d.meld.Kind = event.MeldKita
		d.tileID = ids[0]
	default: // open or closed kan
		if m&0xFC != 0 {
			return d, fmt.Errorf("meld code %d: kan with bits 2-7 set", m)
		}
		id := m >> 8
		if id >= tile.NumIDs {
			return d, fmt.Errorf("meld code %d: tile id %d out of range", m, id)
		}
		k := id / 4
		for cp := range 4 {
			ids[cp] = tile.ID(4*k + cp)
		}
		n = 4
		if rel == 0 {
			d.typ = event.ClosedKan
			d.meld.Kind = event.MeldClosedKan
		} else {
			d.typ = event.Call
			d.meld.Kind = event.MeldOpenKan
			called = id % 4
		}
	}
	if players == 3 {
		for _, id := range ids[:n] {
			if id >= 4 && id < 32 {
				return d, fmt.Errorf("meld code %d: tile id %d (2m-8m) in a three-player game", m, id)
			}
		}
	}
	calledID := tile.ID(0)
	if called >= 0 {
		calledID = ids[called]
		if d.typ == event.Call {
			d.tileID = calledID
		}
	}
	// The ids are in order as built but for an added kan's added tile,
	// which comes last, and a red five, copy 0 of its kind, which goes
	// after the plain fives of a pon or kan (a chi's tiles are of three
	// kinds in order anyway): only these need sorting.
	if d.typ == event.AddedKan || ids[0].Tile(reds).Red() {
		sortIDs(ids[:n], reds)
	}
	d.meld.From = from
	d.meld.N = uint8(n)
	d.meld.Called = -1
	for i, id := range ids[:n] {
		d.meld.IDs[i] = id
		d.meld.Tiles[i] = id.Tile(reds)
		if called >= 0 && id == calledID {
			d.meld.Called = int8(i)
		}
	}
	return d, nil
}

// sortIDs sorts a meld's ids by tile face (a red five after the plain fives,
// as event.Meld documents), then by id.
func sortIDs(ids []tile.ID, reds bool) {
	// The order as one number: kind, then red, then id.
	key := func(id tile.ID) int {
		k := int(id>>2)<<3 | int(id&3)
		if id.Tile(reds).Red() {
			k |= 4
		}
		return k
	}
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && key(ids[j]) < key(ids[j-1]); j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}
