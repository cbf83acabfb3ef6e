// Package tile defines the tiles of riichi mahjong and the notations the
// logs write them in.
//
// Three types cover every use:
//
//   - Kind is one of the 34 tile kinds (1m … 9m, 1p … 9p, 1s … 9s, the four
//     winds and the three dragons). Hand math works on kinds.
//   - Tile is a tile face as a log records it: a kind and whether it is a red
//     five. The zero Tile means "no tile".
//   - ID is a physical tile in Tenhou's numbering, 0–135 (kind×4 + copy).
//     Only mjlog logs identify physical tiles.
//
// A hand is a Counts value: 34 counts, one per kind.
//
// The package reads and writes mpsz notation ("123m0p77z", where 0 is a red
// five and 1z–7z are East, South, West, North, haku, hatsu, chun), tenhou.net/6
// codes (11–47, 51–53) and mjlog ids. It imports only the standard library.
package tile

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Kind is one of the 34 tile kinds: 0–8 are 1m–9m, 9–17 1p–9p, 18–26 1s–9s,
// 27–30 East, South, West, North, and 31–33 haku, hatsu and chun. Kind is a
// plain index (its zero value is 1m); use Tile where "no tile" must be
// representable.
type Kind uint8

// The 34 kinds.
const (
	Man1 Kind = iota
	Man2
	Man3
	Man4
	Man5
	Man6
	Man7
	Man8
	Man9
	Pin1
	Pin2
	Pin3
	Pin4
	Pin5
	Pin6
	Pin7
	Pin8
	Pin9
	Sou1
	Sou2
	Sou3
	Sou4
	Sou5
	Sou6
	Sou7
	Sou8
	Sou9
	East
	South
	West
	North
	Haku
	Hatsu
	Chun
)

// NumKinds is the number of tile kinds.
const NumKinds = 34

// Suit is the suit of a kind.
type Suit uint8

// The four suits; Honor covers winds and dragons.
const (
	Man Suit = iota
	Pin
	Sou
	Honor
)

var suitLetters = [4]byte{'m', 'p', 's', 'z'}

// String returns the suit's mpsz letter: "m", "p", "s" or "z".
func (s Suit) String() string {
	if s > Honor {
		return "Suit(" + strconv.Itoa(int(s)) + ")"
	}
	return string(suitLetters[s])
}

// Valid reports whether k is one of the 34 kinds.
func (k Kind) Valid() bool { return k < NumKinds }

// Suit returns the suit of k.
func (k Kind) Suit() Suit { return Suit(k / 9) }

// Number returns the number of k within its suit: 1–9 for suited kinds,
// 1–7 for honours (East … chun).
func (k Kind) Number() int { return int(k%9) + 1 }

// IsHonor reports whether k is a wind or a dragon.
func (k Kind) IsHonor() bool { return k >= East }

// IsWind reports whether k is one of the four winds.
func (k Kind) IsWind() bool { return k >= East && k <= North }

// IsDragon reports whether k is haku, hatsu or chun.
func (k Kind) IsDragon() bool { return k >= Haku && k < NumKinds }

// IsTerminal reports whether k is a one or a nine of a suit.
func (k Kind) IsTerminal() bool { return k < East && (k%9 == 0 || k%9 == 8) }

// IsTerminalOrHonor reports whether k is a terminal or an honour (yaochuuhai).
func (k Kind) IsTerminalOrHonor() bool { return k.IsHonor() || k.IsTerminal() }

// String returns k in mpsz notation, such as "5m" or "7z".
func (k Kind) String() string {
	if !k.Valid() {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return string([]byte{byte('0' + k.Number()), suitLetters[k.Suit()]})
}

// DoraFor returns the dora that the indicator k points to. In three-player
// games (sanma) 2m–8m do not exist, so a 1m indicator points to 9m.
func DoraFor(k Kind, sanma bool) Kind {
	switch {
	case k < East:
		if sanma && k == Man1 {
			return Man9
		}
		if k%9 == 8 {
			return k - 8
		}
		return k + 1
	case k <= North:
		if k == North {
			return East
		}
		return k + 1
	default:
		if k == Chun {
			return Haku
		}
		return k + 1
	}
}

// Tile is a tile face as a log records it: a kind and whether it is a red
// five. The zero Tile is "no tile". Two Tiles are equal exactly when they have
// the same kind and the same redness.
type Tile uint8

// None is the zero Tile: no tile.
const None Tile = 0

const redBit = 0x40

// Red fives.
var (
	Red5m = New(Man5, true)
	Red5p = New(Pin5, true)
	Red5s = New(Sou5, true)
)

// New returns the tile of kind k; red marks a red five and is ignored for
// any other kind.
func New(k Kind, red bool) Tile {
	t := Tile(k + 1)
	if red && (k == Man5 || k == Pin5 || k == Sou5) {
		t |= redBit
	}
	return t
}

// Of returns the plain (not red) tile of kind k.
func Of(k Kind) Tile { return Tile(k + 1) }

// IsNone reports whether t is the zero Tile.
func (t Tile) IsNone() bool { return t == None }

// Valid reports whether t is a real tile (not None, kind in range, red only
// on a five).
func (t Tile) Valid() bool {
	k := t&^redBit - 1
	if t == None || k >= NumKinds || t&0x80 != 0 {
		return false
	}
	return t&redBit == 0 || Kind(k) == Man5 || Kind(k) == Pin5 || Kind(k) == Sou5
}

// Kind returns the kind of t. The result is meaningless for None.
func (t Tile) Kind() Kind { return Kind(t&^redBit) - 1 }

// Red reports whether t is a red five.
func (t Tile) Red() bool { return t&redBit != 0 }

// Plain returns t without its red mark.
func (t Tile) Plain() Tile { return t &^ redBit }

// String returns t in mpsz notation: "5m", "0m" for a red five, "7z", or
// "-" for None.
func (t Tile) String() string {
	if t == None {
		return "-"
	}
	if !t.Valid() {
		return "Tile(" + strconv.Itoa(int(t)) + ")"
	}
	return string(t.AppendMPSZ(nil))
}

// AppendMPSZ appends t in mpsz notation to dst; None and invalid tiles,
// which have none, as "?".
func (t Tile) AppendMPSZ(dst []byte) []byte {
	if !t.Valid() {
		return append(dst, '?')
	}
	k := t.Kind()
	n := byte('0' + k.Number())
	if t.Red() {
		n = '0'
	}
	return append(dst, n, suitLetters[k.Suit()])
}

// Compare orders tiles by kind, a red five directly after the plain fives of
// its suit (the order of tenhou.net/6 starting hands). It returns -1, 0 or +1.
func Compare(a, b Tile) int {
	ka, kb := a.Kind(), b.Kind()
	switch {
	case a == b:
		return 0
	case ka != kb:
		if ka < kb {
			return -1
		}
		return 1
	case a.Red():
		return 1
	default:
		return -1
	}
}

// ErrSyntax reports a malformed tile or hand string.
var ErrSyntax = errors.New("invalid tile notation")

// Parse reads one tile in mpsz notation ("5m", "0p", "7z").
func Parse(s string) (Tile, error) {
	if len(s) != 2 {
		return None, fmt.Errorf("tile: %q: %w", s, ErrSyntax)
	}
	ts, err := ParseTiles(s)
	if err != nil {
		return None, err
	}
	return ts[0], nil
}

// ParseTiles reads tiles in mpsz notation, digits followed by their suit
// letter: "123m0p77z" is 1m 2m 3m, red 5p, chun, chun. Order is kept.
func ParseTiles(s string) ([]Tile, error) {
	var out []Tile
	start := 0 // index of the first digit waiting for its suit letter
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			continue
		}
		var suit Suit
		switch c {
		case 'm':
			suit = Man
		case 'p':
			suit = Pin
		case 's':
			suit = Sou
		case 'z':
			suit = Honor
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, fmt.Errorf("tile: %q: unexpected %q at offset %d: %w", s, r, i, ErrSyntax)
		}
		if start == i {
			return nil, fmt.Errorf("tile: %q: suit %q at offset %d has no digits: %w", s, c, i, ErrSyntax)
		}
		for j := start; j < i; j++ {
			d := int(s[j] - '0')
			switch {
			case d == 0 && suit != Honor:
				out = append(out, New(Kind(int(suit)*9+4), true))
			case d == 0 || (suit == Honor && d > 7):
				return nil, fmt.Errorf("tile: %q: no tile %c%c: %w", s, s[j], c, ErrSyntax)
			default:
				out = append(out, Of(Kind(int(suit)*9+d-1)))
			}
		}
		start = i + 1
	}
	if start != len(s) {
		return nil, fmt.Errorf("tile: %q: digits without a suit letter at the end: %w", s, ErrSyntax)
	}
	return out, nil
}

// FormatTiles writes tiles in compact mpsz notation, in the given order:
// consecutive tiles of one suit share the suit letter ("123m0p77z").
func FormatTiles(ts []Tile) string { return string(AppendTiles(nil, ts)) }

// AppendTiles appends ts in compact mpsz notation to dst (see FormatTiles).
func AppendTiles(dst []byte, ts []Tile) []byte {
	for i, t := range ts {
		switch {
		case t == None:
			continue
		case !t.Valid():
			dst = append(dst, '?')
			continue
		}
		k := t.Kind()
		n := byte('0' + k.Number())
		if t.Red() {
			n = '0'
		}
		dst = append(dst, n)
		// The suit letter ends a run of one suit.
		if i+1 == len(ts) || !ts[i+1].Valid() || ts[i+1].Kind().Suit() != k.Suit() {
			dst = append(dst, suitLetters[k.Suit()])
		}
	}
	return dst
}

// ID is a physical tile in Tenhou's mjlog numbering, 0–135: kind×4 + copy.
// In games with red fives, copy 0 of each five (ids 16, 52 and 88) is red.
type ID uint8

// NumIDs is the number of physical tiles in a four-player set.
const NumIDs = 136

// Valid reports whether id is in 0–135.
func (id ID) Valid() bool { return id < NumIDs }

// Kind returns the kind of id.
func (id ID) Kind() Kind { return Kind(id / 4) }

// Copy returns which of the four copies id is (0–3).
func (id ID) Copy() int { return int(id % 4) }

// Tile returns the face of id; reds says whether the game has red fives.
func (id ID) Tile(reds bool) Tile {
	return New(id.Kind(), reds && (id == 16 || id == 52 || id == 88))
}

// String returns the id as a decimal number.
func (id ID) String() string { return strconv.Itoa(int(id)) }

// FromTenhou6 converts a tenhou.net/6 tile code (11–19, 21–29, 31–39, 41–47;
// 51, 52, 53 for red fives) to a Tile. It reports false for any other code,
// including the special codes 60 (tsumogiri) and 0.
func FromTenhou6(code int) (Tile, bool) {
	switch {
	case code >= 51 && code <= 53:
		return New(Kind((code-51)*9+4), true), true
	case code >= 11 && code <= 47:
		s, n := code/10-1, code%10
		if n == 0 || (s == 3 && n > 7) {
			return None, false
		}
		return Of(Kind(s*9 + n - 1)), true
	}
	return None, false
}

// Tenhou6 returns t's tenhou.net/6 code (see FromTenhou6), or 0 for None.
func (t Tile) Tenhou6() int {
	if t == None {
		return 0
	}
	k := t.Kind()
	if t.Red() {
		return 51 + int(k.Suit())
	}
	return (int(k.Suit())+1)*10 + k.Number()
}

// Counts is a hand as 34 counts, one per kind. The zero Counts is an empty
// hand.
type Counts [NumKinds]uint8

// Add adds one tile of kind k.
func (c *Counts) Add(k Kind) { c[k]++ }

// Remove removes one tile of kind k and reports whether there was one.
func (c *Counts) Remove(k Kind) bool {
	if c[k] == 0 {
		return false
	}
	c[k]--
	return true
}

// Total returns the number of tiles in c.
func (c *Counts) Total() int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// CountsOf returns the counts of ts (None is skipped).
func CountsOf(ts []Tile) Counts {
	var c Counts
	for _, t := range ts {
		if t != None {
			c[t.Kind()]++
		}
	}
	return c
}

// String returns c in sorted compact mpsz notation, such as "123m55p777z".
// Red fives are not known to Counts and print as plain fives.
func (c Counts) String() string {
	var ts []Tile
	for k := range NumKinds {
		for range c[k] {
			ts = append(ts, Of(Kind(k)))
		}
	}
	return FormatTiles(ts)
}
