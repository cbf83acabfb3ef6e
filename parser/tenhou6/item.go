package tenhou6

import (
	"fmt"

	"github.com/haifu/haifu/tile"
)

// itemKind is what one entry of an incoming or outgoing list is.
type itemKind uint8

const (
	_ itemKind = iota
	// Incoming list.
	kDraw    // a tile code: a draw (or a replacement draw)
	kChi     // "c…"
	kPon     // "p…"
	kOpenKan // "m…"
	// Outgoing list.
	kDiscard     // a tile code, or 60 for the drawn tile
	kRiichi      // "r…": riichi declared with this discard
	kPlaceholder // 0 after an open kan
	kAddedKan    // "k…"
	kClosedKan   // "…a…"
	kKita        // "f44"
)

// item is one decoded entry of an incoming or outgoing list.
type item struct {
	kind itemKind
	// tsumogiri: the discard is written 60 (the tile just drawn); tile is
	// then None until the order is rebuilt.
	tsumogiri bool
	// rel is the discarder's seat relative to the caller for chi, pon and
	// open kan (and, for an added kan, for its pon): 1 shimocha, 2 toimen,
	// 3 kamicha.
	rel uint8
	// nown is the number of tiles in own.
	nown uint8
	// tile is the drawn or discarded tile, the tile taken from the
	// discarder (calls), the added tile (added kan) or the North (kita).
	tile tile.Tile
	// own holds the caller's own tiles of a chi, pon or open kan (2, 2 or
	// 3), the pon's three tiles of an added kan, or the four tiles of a
	// closed kan.
	own [4]tile.Tile
	off int32 // byte offset in the input
}

// tileCode converts a tenhou.net/6 code to a tile, refusing 2m-8m and the
// red 5m in three-player games.
func tileCode(code int, sanma bool) (tile.Tile, bool) {
	if uint(code) >= uint(len(codeTiles)) {
		return tile.None, false
	}
	t := codeTiles[code]
	if t == tile.None || sanma && (t.Kind() >= tile.Man2 && t.Kind() <= tile.Man8 || t == tile.Red5m) {
		return tile.None, false
	}
	return t, true
}

// codeTiles maps tenhou.net/6 codes to tiles (None for codes that are not
// tiles).
var codeTiles = func() (a [54]tile.Tile) {
	for c := range a {
		if t, ok := tile.FromTenhou6(c); ok {
			a[c] = t
		}
	}
	return a
}()

// parseString decodes a call or declaration string of an incoming (in) or
// outgoing list: "c232425", "12p1212", "m39393939", "r23", "r60",
// "k37373737", "121212a12", "f44".
func parseString(s []byte, in bool, sanma bool) (item, error) {
	var it item
	var codes [5]int
	n := 0
	letter := byte(0)
	lpos := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			if letter != 0 {
				return it, fmt.Errorf("%q has two letters", s)
			}
			letter, lpos = c, n
			i++
		case c >= '0' && c <= '9':
			if i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9' {
				return it, fmt.Errorf("%q: tile codes have two digits", s)
			}
			if n == len(codes) {
				return it, fmt.Errorf("%q has too many tiles", s)
			}
			codes[n] = int(c-'0')*10 + int(s[i+1]-'0')
			n++
			i += 2
		default:
			return it, fmt.Errorf("%q: unexpected character %q", s, c)
		}
	}
	if letter == 0 {
		return it, fmt.Errorf("%q has no call letter (c, p, m, k, a, r or f)", s)
	}
	var ts [5]tile.Tile
	for k := range n {
		if letter == 'r' && codes[k] == 60 {
			continue
		}
		t, ok := tileCode(codes[k], sanma)
		if !ok {
			return it, fmt.Errorf("%q: %d is not a tile code%s", s, codes[k], sanmaNote(sanma))
		}
		ts[k] = t
	}
	want := func(k itemKind, tiles int, incoming bool) error {
		it.kind = k
		if incoming != in {
			list := "outgoing"
			if in {
				list = "incoming"
			}
			return fmt.Errorf("%q (%s) in the %s list", s, kindName[k], list)
		}
		if n != tiles {
			return fmt.Errorf("%q: a %s has %d tiles, not %d", s, kindName[k], tiles, n)
		}
		return nil
	}
	switch letter {
	case 'c':
		if err := want(kChi, 3, true); err != nil {
			return it, err
		}
		if lpos != 0 {
			return it, fmt.Errorf("%q: the c of a chi comes first", s)
		}
		it.rel = 3
		it.tile, it.own[0], it.own[1], it.nown = ts[0], ts[1], ts[2], 2
		if !isSequence(ts[0], ts[1], ts[2]) {
			return it, fmt.Errorf("%q: a chi must be three consecutive tiles of one suit", s)
		}
	case 'p':
		if err := want(kPon, 3, true); err != nil {
			return it, err
		}
		if lpos > 2 {
			return it, fmt.Errorf("%q: misplaced p", s)
		}
		it.rel = uint8(3 - lpos)
		it.take(ts[:3], lpos)
		if !sameKind(ts[:3]) {
			return it, fmt.Errorf("%q: a pon must be three tiles of one kind", s)
		}
	case 'm':
		if err := want(kOpenKan, 4, true); err != nil {
			return it, err
		}
		switch lpos {
		case 0:
			it.rel = 3
		case 1:
			it.rel = 2
		case 3:
			it.rel = 1
		default:
			return it, fmt.Errorf("%q: misplaced m (it stands before the 1st, 2nd or 4th tile)", s)
		}
		it.take(ts[:4], lpos)
		if !sameKind(ts[:4]) {
			return it, fmt.Errorf("%q: a kan must be four tiles of one kind", s)
		}
	case 'k':
		if err := want(kAddedKan, 4, false); err != nil {
			return it, err
		}
		if lpos > 2 {
			return it, fmt.Errorf("%q: misplaced k", s)
		}
		it.rel = uint8(3 - lpos)
		it.take(ts[:4], lpos)
		if !sameKind(ts[:4]) {
			return it, fmt.Errorf("%q: a kan must be four tiles of one kind", s)
		}
	case 'a':
		if err := want(kClosedKan, 4, false); err != nil {
			return it, err
		}
		if lpos != 3 {
			return it, fmt.Errorf("%q: the a of a closed kan stands before the 4th tile", s)
		}
		copy(it.own[:], ts[:4])
		it.nown = 4
		if !sameKind(ts[:4]) {
			return it, fmt.Errorf("%q: a kan must be four tiles of one kind", s)
		}
	case 'r':
		if err := want(kRiichi, 1, false); err != nil {
			return it, err
		}
		if lpos != 0 {
			return it, fmt.Errorf("%q: the r of a riichi discard comes first", s)
		}
		it.tile = ts[0]
		it.tsumogiri = codes[0] == 60
	case 'f':
		if err := want(kKita, 1, false); err != nil {
			return it, err
		}
		if lpos != 0 || ts[0].Kind() != tile.North {
			return it, fmt.Errorf("%q: kita is written f44", s)
		}
		if !sanma {
			return it, fmt.Errorf("%q: kita in a four-player game", s)
		}
		it.tile = ts[0]
	default:
		return it, fmt.Errorf("%q: unknown letter %q", s, letter)
	}
	return it, nil
}

// take sets the tile taken from the discarder, ts[lpos], and the caller's
// own tiles, the others.
func (it *item) take(ts []tile.Tile, lpos int) {
	it.tile = ts[lpos]
	for k, t := range ts {
		if k != lpos {
			it.own[it.nown] = t
			it.nown++
		}
	}
}

var kindName = [...]string{
	kDraw: "draw", kChi: "chi", kPon: "pon", kOpenKan: "open kan", kDiscard: "discard",
	kRiichi: "riichi discard", kPlaceholder: "placeholder", kAddedKan: "added kan",
	kClosedKan: "closed kan", kKita: "kita",
}

func sanmaNote(sanma bool) string {
	if sanma {
		return " of a three-player game"
	}
	return ""
}

func sameKind(ts []tile.Tile) bool {
	for _, t := range ts[1:] {
		if t.Kind() != ts[0].Kind() {
			return false
		}
	}
	return true
}

// isSequence reports whether the three tiles form a run (in any order).
func isSequence(a, b, c tile.Tile) bool {
	ka, kb, kc := a.Kind(), b.Kind(), c.Kind()
	if ka.IsHonor() || kb.IsHonor() || kc.IsHonor() || ka.Suit() != kb.Suit() || ka.Suit() != kc.Suit() {
		return false
	}
	lo := min(ka, kb, kc)
	return ka+kb+kc == 3*lo+3 && ka != kb && kb != kc && ka != kc
}

// tileIndex maps a tile to a slot of a hand count array: kinds 0-33, red
// fives 34-36.
func tileIndex(t tile.Tile) int {
	if t.Red() {
		return 34 + int(t.Kind().Suit())
	}
	return int(t.Kind())
}

const handSlots = 37
