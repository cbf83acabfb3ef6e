package mjai

import (
	"github.com/haifu/haifu/tile"
)

// parseTile reads one tile in mjai notation ("5m", "5mr" for a red five,
// "E" "S" "W" "N" "P" "F" "C") or in mpsz notation ("0m" for a red five,
// "1z"–"7z"). hidden reports mjai's "?" (a tile the log does not show),
// with t == tile.None. ok is false for anything else.
func parseTile(b []byte) (t tile.Tile, hidden, ok bool) {
	switch len(b) {
	case 1:
		// The honours: East South West North, haku hatsu chun.
		switch b[0] {
		case 'E':
			return tile.Of(tile.East), false, true
		case 'S':
			return tile.Of(tile.South), false, true
		case 'W':
			return tile.Of(tile.West), false, true
		case 'N':
			return tile.Of(tile.North), false, true
		case 'P':
			return tile.Of(tile.Haku), false, true
		case 'F':
			return tile.Of(tile.Hatsu), false, true
		case 'C':
			return tile.Of(tile.Chun), false, true
		case '?':
			return tile.None, true, true
		}
	case 2:
		n := int(b[0]) - '0'
		if n < 0 || n > 9 {
			return tile.None, false, false
		}
		var base tile.Kind
		switch b[1] {
		case 'm':
			base = tile.Man1
		case 'p':
			base = tile.Pin1
		case 's':
			base = tile.Sou1
		case 'z':
			if n < 1 || n > 7 {
				return tile.None, false, false
			}
			return tile.Of(tile.East + tile.Kind(n-1)), false, true
		default:
			return tile.None, false, false
		}
		if n == 0 {
			return tile.New(base+4, true), false, true
		}
		return tile.Of(base + tile.Kind(n-1)), false, true
	case 3:
		if b[0] != '5' || b[2] != 'r' {
			return tile.None, false, false
		}
		switch b[1] {
		case 'm':
			return tile.Red5m, false, true
		case 'p':
			return tile.Red5p, false, true
		case 's':
			return tile.Red5s, false, true
		}
	}
	return tile.None, false, false
}

// sortTiles sorts ts by tile.Compare (insertion sort: at most 14 tiles).
func sortTiles(ts []tile.Tile) {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && tile.Compare(ts[j], ts[j-1]) < 0; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

// inSanma reports whether t exists in a three-player set (no 2m–8m).
func inSanma(t tile.Tile) bool {
	k := t.Kind()
	return k < tile.Man2 || k > tile.Man8
}
