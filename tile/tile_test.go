package tile_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/tile"
)

// kindTable is the 34 kinds in index order as docs/design.md and
// docs/tenhou-formats.md §0.2 list them: 1m–9m, 1p–9p, 1s–9s, then East, South,
// West, North, haku, hatsu, chun as 1z–7z.
var kindTable = []struct {
	k      tile.Kind
	name   string
	suit   tile.Suit
	number int
}{
	{tile.Man1, "1m", tile.Man, 1}, {tile.Man2, "2m", tile.Man, 2}, {tile.Man3, "3m", tile.Man, 3},
	{tile.Man4, "4m", tile.Man, 4}, {tile.Man5, "5m", tile.Man, 5}, {tile.Man6, "6m", tile.Man, 6},
	{tile.Man7, "7m", tile.Man, 7}, {tile.Man8, "8m", tile.Man, 8}, {tile.Man9, "9m", tile.Man, 9},
	{tile.Pin1, "1p", tile.Pin, 1}, {tile.Pin2, "2p", tile.Pin, 2}, {tile.Pin3, "3p", tile.Pin, 3},
	{tile.Pin4, "4p", tile.Pin, 4}, {tile.Pin5, "5p", tile.Pin, 5}, {tile.Pin6, "6p", tile.Pin, 6},
	{tile.Pin7, "7p", tile.Pin, 7}, {tile.Pin8, "8p", tile.Pin, 8}, {tile.Pin9, "9p", tile.Pin, 9},
	{tile.Sou1, "1s", tile.Sou, 1}, {tile.Sou2, "2s", tile.Sou, 2}, {tile.Sou3, "3s", tile.Sou, 3},
	{tile.Sou4, "4s", tile.Sou, 4}, {tile.Sou5, "5s", tile.Sou, 5}, {tile.Sou6, "6s", tile.Sou, 6},
	{tile.Sou7, "7s", tile.Sou, 7}, {tile.Sou8, "8s", tile.Sou, 8}, {tile.Sou9, "9s", tile.Sou, 9},
	{tile.East, "1z", tile.Honor, 1}, {tile.South, "2z", tile.Honor, 2},
	{tile.West, "3z", tile.Honor, 3}, {tile.North, "4z", tile.Honor, 4},
	{tile.Haku, "5z", tile.Honor, 5}, {tile.Hatsu, "6z", tile.Honor, 6}, {tile.Chun, "7z", tile.Honor, 7},
}

func TestKinds(t *testing.T) {
	if len(kindTable) != tile.NumKinds || tile.NumKinds != 34 {
		t.Fatalf("kind table has %d rows, NumKinds = %d; want 34", len(kindTable), tile.NumKinds)
	}
	for i, tc := range kindTable {
		t.Run(tc.name, func(t *testing.T) {
			k := tc.k
			if int(k) != i {
				t.Errorf("%s = Kind(%d), want Kind(%d)", tc.name, k, i)
			}
			if !k.Valid() {
				t.Errorf("%v.Valid() = false", k)
			}
			if got := k.String(); got != tc.name {
				t.Errorf("String() = %q, want %q", got, tc.name)
			}
			if got := k.Suit(); got != tc.suit {
				t.Errorf("Suit() = %v, want %v", got, tc.suit)
			}
			if got := k.Number(); got != tc.number {
				t.Errorf("Number() = %d, want %d", got, tc.number)
			}
			honor := tc.suit == tile.Honor
			wind := honor && tc.number <= 4
			dragon := honor && tc.number >= 5
			terminal := !honor && (tc.number == 1 || tc.number == 9)
			if got := k.IsHonor(); got != honor {
				t.Errorf("IsHonor() = %v, want %v", got, honor)
			}
			if got := k.IsWind(); got != wind {
				t.Errorf("IsWind() = %v, want %v", got, wind)
			}
			if got := k.IsDragon(); got != dragon {
				t.Errorf("IsDragon() = %v, want %v", got, dragon)
			}
			if got := k.IsTerminal(); got != terminal {
				t.Errorf("IsTerminal() = %v, want %v", got, terminal)
			}
			if got := k.IsTerminalOrHonor(); got != (terminal || honor) {
				t.Errorf("IsTerminalOrHonor() = %v, want %v", got, terminal || honor)
			}
		})
	}
}

func TestKindPredicateCounts(t *testing.T) {
	// The yaochuuhai are exactly the 13 kinds of kokushi musou.
	var yaochuu, terminals, honors, winds, dragons []string
	for k := range tile.Kind(tile.NumKinds) {
		if k.IsTerminalOrHonor() {
			yaochuu = append(yaochuu, k.String())
		}
		if k.IsTerminal() {
			terminals = append(terminals, k.String())
		}
		if k.IsHonor() {
			honors = append(honors, k.String())
		}
		if k.IsWind() {
			winds = append(winds, k.String())
		}
		if k.IsDragon() {
			dragons = append(dragons, k.String())
		}
	}
	check := func(what string, got []string, want string) {
		t.Helper()
		if s := strings.Join(got, " "); s != want {
			t.Errorf("%s: %s, want %s", what, s, want)
		}
	}
	check("yaochuuhai", yaochuu, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z")
	check("terminals", terminals, "1m 9m 1p 9p 1s 9s")
	check("honours", honors, "1z 2z 3z 4z 5z 6z 7z")
	check("winds", winds, "1z 2z 3z 4z")
	check("dragons", dragons, "5z 6z 7z")
}

func TestKindInvalid(t *testing.T) {
	for _, k := range []tile.Kind{34, 35, 100, 255} {
		if k.Valid() {
			t.Errorf("Kind(%d).Valid() = true", k)
		}
		if k.IsDragon() {
			t.Errorf("Kind(%d).IsDragon() = true", k)
		}
		if k.IsTerminal() {
			t.Errorf("Kind(%d).IsTerminal() = true", k)
		}
	}
	if got, want := tile.Kind(34).String(), "Kind(34)"; got != want {
		t.Errorf("Kind(34).String() = %q, want %q", got, want)
	}
	if got, want := tile.Kind(255).String(), "Kind(255)"; got != want {
		t.Errorf("Kind(255).String() = %q, want %q", got, want)
	}
}

func TestSuitString(t *testing.T) {
	tests := []struct {
		s    tile.Suit
		want string
	}{
		{tile.Man, "m"}, {tile.Pin, "p"}, {tile.Sou, "s"}, {tile.Honor, "z"},
		{4, "Suit(4)"}, {255, "Suit(255)"},
	}
	for _, tc := range tests {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("Suit(%d).String() = %q, want %q", uint8(tc.s), got, tc.want)
		}
	}
}

func TestDoraFor(t *testing.T) {
	tests := []struct {
		indicator, dora string
		sanma           bool
	}{
		// Suits: the next number, 9 wraps to 1.
		{"1m", "2m", false}, {"4m", "5m", false}, {"8m", "9m", false}, {"9m", "1m", false},
		{"1p", "2p", false}, {"5p", "6p", false}, {"9p", "1p", false},
		{"1s", "2s", false}, {"8s", "9s", false}, {"9s", "1s", false},
		// Winds: E→S→W→N→E.
		{"1z", "2z", false}, {"2z", "3z", false}, {"3z", "4z", false}, {"4z", "1z", false},
		// Dragons: haku→hatsu→chun→haku.
		{"5z", "6z", false}, {"6z", "7z", false}, {"7z", "5z", false},
		// Sanma: 2m–8m are not in the set, so 1m points to 9m, and 9m
		// still wraps to 1m; other suits and honours are as in yonma.
		{"1m", "9m", true}, {"9m", "1m", true},
		{"1p", "2p", true}, {"9p", "1p", true}, {"9s", "1s", true},
		{"4z", "1z", true}, {"7z", "5z", true},
	}
	for _, tc := range tests {
		ind, dora := mustTile(t, tc.indicator).Kind(), mustTile(t, tc.dora).Kind()
		if got := tile.DoraFor(ind, tc.sanma); got != dora {
			t.Errorf("DoraFor(%s, sanma=%v) = %v, want %v", tc.indicator, tc.sanma, got, dora)
		}
	}
}

// TestDoraForCycles checks DoraFor on every kind: in each group (a suit, the
// winds, the dragons) following the dora from any indicator visits the whole
// group once and comes back.
func TestDoraForCycles(t *testing.T) {
	for _, sanma := range []bool{false, true} {
		seen := map[tile.Kind]bool{}
		for k := range tile.Kind(tile.NumKinds) {
			d := tile.DoraFor(k, sanma)
			if !d.Valid() {
				t.Fatalf("DoraFor(%v, %v) = %v, not a kind", k, sanma, d)
			}
			if d.Suit() != k.Suit() || d.IsWind() != k.IsWind() {
				t.Errorf("DoraFor(%v, %v) = %v leaves its group", k, sanma, d)
			}
			if sanma && k == tile.Man1 {
				continue // 8m also points to 9m, but 2m–8m are not in a sanma set
			}
			if seen[d] {
				t.Errorf("sanma=%v: %v is the dora of two indicators", sanma, d)
			}
			seen[d] = true
		}
		for k := range tile.Kind(tile.NumKinds) {
			n, x := 0, k
			for {
				x = tile.DoraFor(x, sanma)
				n++
				if x == k || n > 9 {
					break
				}
			}
			want := 9
			switch {
			case k.IsWind():
				want = 4
			case k.IsDragon():
				want = 3
			case sanma && k.Suit() == tile.Man:
				want = 2 // 1m ↔ 9m
				if k != tile.Man1 && k != tile.Man9 {
					continue // not in a sanma set
				}
			}
			if n != want {
				t.Errorf("sanma=%v: the dora cycle from %v has length %d, want %d", sanma, k, n, want)
			}
		}
	}
}

func TestNewAndOf(t *testing.T) {
	for _, tc := range kindTable {
		k := tc.k
		plain := tile.Of(k)
		if plain.IsNone() || !plain.Valid() || plain.Red() {
			t.Errorf("Of(%v) = %v: IsNone %v, Valid %v, Red %v", k, plain, plain.IsNone(), plain.Valid(), plain.Red())
		}
		if plain.Kind() != k {
			t.Errorf("Of(%v).Kind() = %v", k, plain.Kind())
		}
		if got := plain.String(); got != tc.name {
			t.Errorf("Of(%v).String() = %q, want %q", k, got, tc.name)
		}
		if got := tile.New(k, false); got != plain {
			t.Errorf("New(%v, false) = %v, want %v", k, got, plain)
		}
		red := tile.New(k, true)
		isFive := tc.number == 5 && tc.suit != tile.Honor
		if red.Red() != isFive {
			t.Errorf("New(%v, true).Red() = %v, want %v", k, red.Red(), isFive)
		}
		if !isFive && red != plain {
			t.Errorf("New(%v, true) = %v, want the plain tile (red applies to fives only)", k, red)
		}
		if red.Kind() != k || !red.Valid() || red.Plain() != plain {
			t.Errorf("New(%v, true): Kind %v, Valid %v, Plain %v", k, red.Kind(), red.Valid(), red.Plain())
		}
		if isFive && red == plain {
			t.Errorf("New(%v, true) == Of(%v): a red five must differ from the plain five", k, k)
		}
	}
}

func TestRedFives(t *testing.T) {
	tests := []struct {
		t    tile.Tile
		kind tile.Kind
		name string
	}{
		{tile.Red5m, tile.Man5, "0m"},
		{tile.Red5p, tile.Pin5, "0p"},
		{tile.Red5s, tile.Sou5, "0s"},
	}
	for _, tc := range tests {
		if !tc.t.Red() || !tc.t.Valid() || tc.t.IsNone() {
			t.Errorf("%s: Red %v, Valid %v, IsNone %v", tc.name, tc.t.Red(), tc.t.Valid(), tc.t.IsNone())
		}
		if tc.t.Kind() != tc.kind {
			t.Errorf("%s.Kind() = %v, want %v", tc.name, tc.t.Kind(), tc.kind)
		}
		if got := tc.t.String(); got != tc.name {
			t.Errorf("String() = %q, want %q", got, tc.name)
		}
		if got := tc.t.Plain(); got != tile.Of(tc.kind) || got.Red() {
			t.Errorf("%s.Plain() = %v, want %v", tc.name, got, tile.Of(tc.kind))
		}
		if tc.t != tile.New(tc.kind, true) {
			t.Errorf("%s != New(%v, true)", tc.name, tc.kind)
		}
	}
}

func TestNone(t *testing.T) {
	var zero tile.Tile
	if zero != tile.None || !zero.IsNone() || zero.Valid() || zero.Red() {
		t.Errorf("zero Tile: None %v, IsNone %v, Valid %v, Red %v", zero == tile.None, zero.IsNone(), zero.Valid(), zero.Red())
	}
	if got := tile.None.String(); got != "-" {
		t.Errorf("None.String() = %q, want %q", got, "-")
	}
	for k := range tile.Kind(tile.NumKinds) {
		if tile.Of(k).IsNone() {
			t.Errorf("Of(%v).IsNone() = true", k)
		}
	}
}

// TestTileValidRaw checks Valid and String on every byte value: exactly the
// 34 plain kinds and the 3 red fives are valid.
func TestTileValidRaw(t *testing.T) {
	valid := map[tile.Tile]bool{tile.Red5m: true, tile.Red5p: true, tile.Red5s: true}
	for k := range tile.Kind(tile.NumKinds) {
		valid[tile.Of(k)] = true
	}
	if len(valid) != 37 {
		t.Fatalf("%d distinct valid tiles, want 37", len(valid))
	}
	for i := range 256 {
		x := tile.Tile(i)
		if got := x.Valid(); got != valid[x] {
			t.Errorf("Tile(%d).Valid() = %v, want %v", i, got, valid[x])
		}
		s := x.String()
		switch {
		case x == tile.None:
			if s != "-" {
				t.Errorf("None.String() = %q", s)
			}
		case valid[x]:
			back, err := tile.Parse(s)
			if err != nil || back != x {
				t.Errorf("Parse(%q) = %v, %v; want %v", s, back, err, x)
			}
		default:
			if want := "Tile(" + strconv.Itoa(i) + ")"; s != want {
				t.Errorf("Tile(%d).String() = %q, want %q", i, s, want)
			}
		}
	}
}

func TestAppendMPSZ(t *testing.T) {
	got := string(tile.Of(tile.Chun).AppendMPSZ([]byte("x=")))
	if got != "x=7z" {
		t.Errorf("AppendMPSZ = %q, want %q", got, "x=7z")
	}
	got = string(tile.Red5p.AppendMPSZ(nil))
	if got != "0p" {
		t.Errorf("AppendMPSZ = %q, want %q", got, "0p")
	}
}

func TestCompare(t *testing.T) {
	m := func(s string) tile.Tile { return mustTile(t, s) }
	tests := []struct {
		a, b string
		want int
	}{
		{"1m", "1m", 0},
		{"0m", "0m", 0},
		{"1m", "2m", -1},
		{"2m", "1m", 1},
		{"9m", "1p", -1},
		{"9s", "1z", -1},
		{"7z", "1z", 1},
		{"5m", "0m", -1}, // a red five after the plain fives of its suit
		{"0m", "5m", 1},
		{"0m", "6m", -1}, // … and before the sixes
		{"4m", "0m", -1},
		{"0m", "1p", -1},
		{"0p", "5p", 1},
		{"0s", "5s", 1},
		{"0m", "0p", -1},
	}
	for _, tc := range tests {
		if got := tile.Compare(m(tc.a), m(tc.b)); got != tc.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}

	// Sorting a shuffled set gives the tenhou.net/6 starting-hand order
	// (docs/tenhou-formats.md §2.3: "… 15, 15, 51, 16 …").
	ts, err := tile.ParseTiles("1234506789m1234506789p1234506789s1234567z")
	if err != nil {
		t.Fatal(err)
	}
	sorted := slices.Clone(ts)
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(sorted), func(i, j int) { sorted[i], sorted[j] = sorted[j], sorted[i] })
	slices.SortFunc(sorted, tile.Compare)
	if got, want := tile.FormatTiles(sorted), "1234506789m1234506789p1234506789s1234567z"; got != want {
		// ParseTiles keeps the input order; the input above already has
		// each red five right after the plain five.
		t.Errorf("sorted = %s, want %s", got, want)
	}

	// Compare is a total order on the valid tiles: antisymmetric and
	// consistent with equality.
	all := allTiles()
	for _, a := range all {
		for _, b := range all {
			ab, ba := tile.Compare(a, b), tile.Compare(b, a)
			if ab != -ba || (ab == 0) != (a == b) || ab < -1 || ab > 1 {
				t.Errorf("Compare(%v, %v) = %d, Compare(%v, %v) = %d", a, b, ab, b, a, ba)
			}
		}
	}
}

// allTiles returns the 37 valid tiles in Compare order.
func allTiles() []tile.Tile {
	var ts []tile.Tile
	for k := range tile.Kind(tile.NumKinds) {
		ts = append(ts, tile.Of(k))
		if k == tile.Man5 || k == tile.Pin5 || k == tile.Sou5 {
			ts = append(ts, tile.New(k, true))
		}
	}
	return ts
}

func mustTile(t *testing.T, s string) tile.Tile {
	t.Helper()
	x, err := tile.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return x
}

func TestParse(t *testing.T) {
	for _, tc := range kindTable {
		got, err := tile.Parse(tc.name)
		if err != nil || got != tile.Of(tc.k) {
			t.Errorf("Parse(%q) = %v, %v; want %v", tc.name, got, err, tile.Of(tc.k))
		}
	}
	for s, want := range map[string]tile.Tile{"0m": tile.Red5m, "0p": tile.Red5p, "0s": tile.Red5s} {
		got, err := tile.Parse(s)
		if err != nil || got != want || !got.Red() {
			t.Errorf("Parse(%q) = %v, %v; want red %v", s, got, err, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, msg string
	}{
		{"", `tile: "": invalid tile notation`},
		{"5", `tile: "5": invalid tile notation`},
		{"55m", `tile: "55m": invalid tile notation`},
		{"5m ", `tile: "5m ": invalid tile notation`},
		{"0z", `tile: "0z": no tile 0z: invalid tile notation`},
		{"8z", `tile: "8z": no tile 8z: invalid tile notation`},
		{"9z", `tile: "9z": no tile 9z: invalid tile notation`},
		{"m5", `tile: "m5": suit 'm' at offset 0 has no digits: invalid tile notation`},
		{"5x", `tile: "5x": unexpected 'x' at offset 1: invalid tile notation`},
		{"5M", `tile: "5M": unexpected 'M' at offset 1: invalid tile notation`},
		{"55", `tile: "55": digits without a suit letter at the end: invalid tile notation`},
		{"mm", `tile: "mm": suit 'm' at offset 0 has no digits: invalid tile notation`},
	}
	for _, tc := range tests {
		got, err := tile.Parse(tc.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", tc.in, got)
			continue
		}
		if got != tile.None {
			t.Errorf("Parse(%q) returned %v with its error, want None", tc.in, got)
		}
		if !errors.Is(err, tile.ErrSyntax) {
			t.Errorf("Parse(%q): error %v does not wrap ErrSyntax", tc.in, err)
		}
		if err.Error() != tc.msg {
			t.Errorf("Parse(%q): error %q, want %q", tc.in, err, tc.msg)
		}
	}
}

func TestParseTiles(t *testing.T) {
	p := func(ks ...tile.Kind) []tile.Tile {
		var ts []tile.Tile
		for _, k := range ks {
			ts = append(ts, tile.Of(k))
		}
		return ts
	}
	tests := []struct {
		in   string
		want []tile.Tile
	}{
		{"", nil},
		{"1m", p(tile.Man1)},
		{"123m0p77z", []tile.Tile{tile.Of(tile.Man1), tile.Of(tile.Man2), tile.Of(tile.Man3), tile.Red5p, tile.Of(tile.Chun), tile.Of(tile.Chun)}},
		{"321m", p(tile.Man3, tile.Man2, tile.Man1)}, // order is kept
		{"1m1m", p(tile.Man1, tile.Man1)},
		{"1z2z", p(tile.East, tile.South)},
		{"1p1m1p", p(tile.Pin1, tile.Man1, tile.Pin1)},
		{"50m50p50s", []tile.Tile{tile.Of(tile.Man5), tile.Red5m, tile.Of(tile.Pin5), tile.Red5p, tile.Of(tile.Sou5), tile.Red5s}},
		{"19m19p19s1234567z", p(tile.Man1, tile.Man9, tile.Pin1, tile.Pin9, tile.Sou1, tile.Sou9,
			tile.East, tile.South, tile.West, tile.North, tile.Haku, tile.Hatsu, tile.Chun)},
		{"1111222233334444z", p(tile.East, tile.East, tile.East, tile.East, tile.South, tile.South, tile.South, tile.South,
			tile.West, tile.West, tile.West, tile.West, tile.North, tile.North, tile.North, tile.North)},
	}
	for _, tc := range tests {
		got, err := tile.ParseTiles(tc.in)
		if err != nil {
			t.Errorf("ParseTiles(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseTiles(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestParseTilesErrors(t *testing.T) {
	tests := []struct {
		in, msg string
	}{
		{"123", `tile: "123": digits without a suit letter at the end: invalid tile notation`},
		{"123m4", `tile: "123m4": digits without a suit letter at the end: invalid tile notation`},
		{"m", `tile: "m": suit 'm' at offset 0 has no digits: invalid tile notation`},
		{"12mp", `tile: "12mp": suit 'p' at offset 3 has no digits: invalid tile notation`},
		{"12m 3p", `tile: "12m 3p": unexpected ' ' at offset 3: invalid tile notation`},
		{"1-2m", `tile: "1-2m": unexpected '-' at offset 1: invalid tile notation`},
		{"1\xffm", `tile: "1\xffm": unexpected '�' at offset 1: invalid tile notation`},
		{"5м", `tile: "5м": unexpected 'м' at offset 1: invalid tile notation`},
		{"12345678z", `tile: "12345678z": no tile 8z: invalid tile notation`},
		{"1230z", `tile: "1230z": no tile 0z: invalid tile notation`},
		{"123m0z", `tile: "123m0z": no tile 0z: invalid tile notation`},
	}
	for _, tc := range tests {
		got, err := tile.ParseTiles(tc.in)
		if err == nil {
			t.Errorf("ParseTiles(%q) = %v, want an error", tc.in, got)
			continue
		}
		if got != nil {
			t.Errorf("ParseTiles(%q) returned %v with its error, want nil", tc.in, got)
		}
		if !errors.Is(err, tile.ErrSyntax) {
			t.Errorf("ParseTiles(%q): error %v does not wrap ErrSyntax", tc.in, err)
		}
		if err.Error() != tc.msg {
			t.Errorf("ParseTiles(%q): error %q, want %q", tc.in, err, tc.msg)
		}
	}
}

func TestFormatTiles(t *testing.T) {
	m := func(s string) tile.Tile { return mustTile(t, s) }
	tests := []struct {
		in   []tile.Tile
		want string
	}{
		{nil, ""},
		{[]tile.Tile{}, ""},
		{[]tile.Tile{tile.None}, ""},
		{[]tile.Tile{m("1m")}, "1m"},
		{[]tile.Tile{m("1m"), m("2m"), m("3m"), m("0p"), m("7z"), m("7z")}, "123m0p77z"},
		{[]tile.Tile{m("3m"), m("1m")}, "31m"},
		{[]tile.Tile{m("1m"), m("1p"), m("1m")}, "1m1p1m"},
		{[]tile.Tile{m("5s"), m("0s"), m("5s")}, "505s"},
		// None is skipped and ends a run of the suit.
		{[]tile.Tile{m("1m"), tile.None, m("2m")}, "1m2m"},
		{[]tile.Tile{tile.None, m("1z"), m("2z"), tile.None}, "12z"},
		// A value that is not a tile is written ?, and ends a run too.
		{[]tile.Tile{m("1m"), tile.Tile(99), m("2m")}, "1m?2m"},
		{[]tile.Tile{tile.Tile(99)}, "?"},
	}
	for _, tc := range tests {
		if got := tile.FormatTiles(tc.in); got != tc.want {
			t.Errorf("FormatTiles(%v) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(tile.AppendTiles([]byte("hand:"), tc.in)); got != "hand:"+tc.want {
			t.Errorf("AppendTiles(%v) = %q, want %q", tc.in, got, "hand:"+tc.want)
		}
	}
}

func TestParseFormatRoundTrip(t *testing.T) {
	for _, s := range []string{
		"123m0p77z", "1234506789m1234506789p1234506789s1234567z", "91m", "1z1m1z", "0m0p0s", "55550m",
	} {
		ts, err := tile.ParseTiles(s)
		if err != nil {
			t.Fatalf("ParseTiles(%q): %v", s, err)
		}
		if got := tile.FormatTiles(ts); got != s {
			t.Errorf("FormatTiles(ParseTiles(%q)) = %q", s, got)
		}
	}
	// Every valid tile on its own.
	for _, x := range allTiles() {
		s := x.String()
		if got := tile.FormatTiles([]tile.Tile{x}); got != s {
			t.Errorf("FormatTiles([%v]) = %q, want %q", x, got, s)
		}
		back, err := tile.Parse(s)
		if err != nil || back != x {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, back, err, x)
		}
	}
}

func TestID(t *testing.T) {
	tests := []struct {
		id       tile.ID
		kind     tile.Kind
		copy     int
		noReds   string
		withReds string
	}{
		{0, tile.Man1, 0, "1m", "1m"},
		{3, tile.Man1, 3, "1m", "1m"},
		{16, tile.Man5, 0, "5m", "0m"},
		{17, tile.Man5, 1, "5m", "5m"},
		{19, tile.Man5, 3, "5m", "5m"},
		{35, tile.Man9, 3, "9m", "9m"},
		{36, tile.Pin1, 0, "1p", "1p"},
		{52, tile.Pin5, 0, "5p", "0p"},
		{53, tile.Pin5, 1, "5p", "5p"},
		{71, tile.Pin9, 3, "9p", "9p"},
		{72, tile.Sou1, 0, "1s", "1s"},
		{88, tile.Sou5, 0, "5s", "0s"},
		{89, tile.Sou5, 1, "5s", "5s"},
		{107, tile.Sou9, 3, "9s", "9s"},
		{108, tile.East, 0, "1z", "1z"},
		{123, tile.North, 3, "4z", "4z"},
		{124, tile.Haku, 0, "5z", "5z"},
		{128, tile.Hatsu, 0, "6z", "6z"},
		{135, tile.Chun, 3, "7z", "7z"},
	}
	for _, tc := range tests {
		if !tc.id.Valid() {
			t.Errorf("ID(%d).Valid() = false", tc.id)
		}
		if got := tc.id.Kind(); got != tc.kind {
			t.Errorf("ID(%d).Kind() = %v, want %v", tc.id, got, tc.kind)
		}
		if got := tc.id.Copy(); got != tc.copy {
			t.Errorf("ID(%d).Copy() = %d, want %d", tc.id, got, tc.copy)
		}
		if got := tc.id.Tile(false).String(); got != tc.noReds {
			t.Errorf("ID(%d).Tile(false) = %s, want %s", tc.id, got, tc.noReds)
		}
		if got := tc.id.Tile(true).String(); got != tc.withReds {
			t.Errorf("ID(%d).Tile(true) = %s, want %s", tc.id, got, tc.withReds)
		}
		if got, want := tc.id.String(), strconv.Itoa(int(tc.id)); got != want {
			t.Errorf("ID(%d).String() = %q, want %q", tc.id, got, want)
		}
	}
	for _, id := range []tile.ID{136, 200, 255} {
		if id.Valid() {
			t.Errorf("ID(%d).Valid() = true", id)
		}
	}
	if tile.NumIDs != 136 {
		t.Errorf("NumIDs = %d, want 136", tile.NumIDs)
	}
}

// TestAllIDs checks every mjlog id against docs/tenhou-formats.md §0.2: kind =
// id/4, copy = id%4, red only for 16, 52 and 88 and only in a game with red
// fives; four copies of every kind; and the tenhou.net/6 code of §2.4.
func TestAllIDs(t *testing.T) {
	var plain, reds tile.Counts
	nRed := 0
	for i := range tile.NumIDs {
		id := tile.ID(i)
		k := tile.Kind(i / 4)
		if id.Kind() != k || id.Copy() != i%4 || !id.Valid() {
			t.Errorf("ID(%d): Kind %v, Copy %d, Valid %v", i, id.Kind(), id.Copy(), id.Valid())
		}
		t0, t1 := id.Tile(false), id.Tile(true)
		if t0.Red() || t0 != tile.Of(k) {
			t.Errorf("ID(%d).Tile(false) = %v, want %v", i, t0, tile.Of(k))
		}
		wantRed := i == 16 || i == 52 || i == 88
		if t1.Red() != wantRed || t1.Kind() != k || !t1.Valid() {
			t.Errorf("ID(%d).Tile(true) = %v, red want %v", i, t1, wantRed)
		}
		if t1.Red() {
			nRed++
		}
		plain.Add(t0.Kind())
		reds.Add(t1.Kind())

		code := (int(k)/9+1)*10 + int(k)%9 + 1
		if got := t0.Tenhou6(); got != code {
			t.Errorf("ID(%d) no reds: code %d, want %d", i, got, code)
		}
		if wantRed {
			code = 51 + int(k)/9
		}
		if got := t1.Tenhou6(); got != code {
			t.Errorf("ID(%d) with reds: code %d, want %d", i, got, code)
		}
	}
	if nRed != 3 {
		t.Errorf("%d red ids, want 3", nRed)
	}
	for k := range tile.Kind(tile.NumKinds) {
		if plain[k] != 4 || reds[k] != 4 {
			t.Errorf("%v: %d copies without reds, %d with, want 4", k, plain[k], reds[k])
		}
	}
}

func TestFromTenhou6(t *testing.T) {
	valid := map[int]string{
		11: "1m", 15: "5m", 19: "9m",
		21: "1p", 25: "5p", 29: "9p",
		31: "1s", 35: "5s", 39: "9s",
		41: "1z", 42: "2z", 43: "3z", 44: "4z", 45: "5z", 46: "6z", 47: "7z",
		51: "0m", 52: "0p", 53: "0s",
	}
	for code := 10; code <= 19; code++ {
		if code > 10 {
			valid[code] = strconv.Itoa(code-10) + "m"
			valid[code+10] = strconv.Itoa(code-10) + "p"
			valid[code+20] = strconv.Itoa(code-10) + "s"
		}
	}
	if len(valid) != 37 {
		t.Fatalf("%d valid codes, want 37", len(valid))
	}
	for code := -5; code <= 120; code++ {
		got, ok := tile.FromTenhou6(code)
		want, isValid := valid[code]
		if ok != isValid {
			t.Errorf("FromTenhou6(%d) ok = %v, want %v", code, ok, isValid)
			continue
		}
		if !ok {
			if got != tile.None {
				t.Errorf("FromTenhou6(%d) = %v, false; want None", code, got)
			}
			continue
		}
		if got.String() != want {
			t.Errorf("FromTenhou6(%d) = %v, want %s", code, got, want)
		}
		if back := got.Tenhou6(); back != code {
			t.Errorf("FromTenhou6(%d).Tenhou6() = %d", code, back)
		}
	}
	// The special outgoing codes are not tiles.
	for _, code := range []int{0, 60} {
		if got, ok := tile.FromTenhou6(code); ok {
			t.Errorf("FromTenhou6(%d) = %v, true; want false", code, got)
		}
	}
	if got := tile.None.Tenhou6(); got != 0 {
		t.Errorf("None.Tenhou6() = %d, want 0", got)
	}
	for _, x := range allTiles() {
		back, ok := tile.FromTenhou6(x.Tenhou6())
		if !ok || back != x {
			t.Errorf("FromTenhou6(%v.Tenhou6() = %d) = %v, %v", x, x.Tenhou6(), back, ok)
		}
	}
}

func TestCounts(t *testing.T) {
	ts, err := tile.ParseTiles("123m0p77z")
	if err != nil {
		t.Fatal(err)
	}
	c := tile.CountsOf(ts)
	var want tile.Counts
	want[tile.Man1], want[tile.Man2], want[tile.Man3] = 1, 1, 1
	want[tile.Pin5] = 1 // the red five counts as its kind
	want[tile.Chun] = 2
	if c != want {
		t.Errorf("CountsOf(123m0p77z) = %v, want %v", c, want)
	}
	if got := c.Total(); got != 6 {
		t.Errorf("Total() = %d, want 6", got)
	}
	if got := c.String(); got != "123m5p77z" {
		t.Errorf("String() = %q, want %q (red fives print plain)", got, "123m5p77z")
	}

	c.Add(tile.Man1)
	c.Add(tile.East)
	if got := c.String(); got != "1123m5p177z" {
		t.Errorf("after Add: %q, want %q", got, "1123m5p177z")
	}
	if !c.Remove(tile.Chun) || c[tile.Chun] != 1 {
		t.Errorf("Remove(7z): count now %d, want 1", c[tile.Chun])
	}
	if c.Remove(tile.Sou9) {
		t.Errorf("Remove(9s) on a hand without 9s reported true")
	}
	if c[tile.Sou9] != 0 {
		t.Errorf("Remove(9s) on a hand without 9s left count %d", c[tile.Sou9])
	}
	if got := c.Total(); got != 7 {
		t.Errorf("Total() = %d, want 7", got)
	}

	var zero tile.Counts
	if zero.Total() != 0 || zero.String() != "" {
		t.Errorf("zero Counts: Total %d, String %q", zero.Total(), zero.String())
	}
	if got := tile.CountsOf([]tile.Tile{tile.None, tile.Of(tile.Haku), tile.None}); got.Total() != 1 || got[tile.Haku] != 1 {
		t.Errorf("CountsOf skips None: got %v", got)
	}
}

func TestCountsString(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"7z1m", "1m7z"}, // sorted by kind
		{"987654321m", "123456789m"},
		{"0m5m", "55m"},
		{"1z9s1p9m1m", "19m1p9s1z"},
		{"11122233344455m", "11122233344455m"},
		{"1111m2222p3333s4444z", "1111m2222p3333s4444z"},
	}
	for _, tc := range tests {
		ts, err := tile.ParseTiles(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		c := tile.CountsOf(ts)
		if got := c.String(); got != tc.want {
			t.Errorf("CountsOf(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
		// Formatting back and parsing again gives the same counts.
		back, err := tile.ParseTiles(c.String())
		if err != nil || tile.CountsOf(back) != c {
			t.Errorf("ParseTiles(%q) = %v, %v; counts differ", c.String(), back, err)
		}
	}
}

func TestCountsFullSet(t *testing.T) {
	var c tile.Counts
	for i := range tile.NumIDs {
		c.Add(tile.ID(i).Kind())
	}
	if got := c.Total(); got != 136 {
		t.Errorf("Total() of a full set = %d, want 136", got)
	}
	var b strings.Builder
	for _, suit := range "mps" {
		for n := '1'; n <= '9'; n++ {
			b.WriteString(strings.Repeat(string(n), 4))
		}
		b.WriteRune(suit)
	}
	for n := '1'; n <= '7'; n++ {
		b.WriteString(strings.Repeat(string(n), 4))
	}
	b.WriteByte('z')
	if got, want := c.String(), b.String(); got != want {
		t.Errorf("String() of a full set = %q, want %q", got, want)
	}
	for k := range tile.Kind(tile.NumKinds) {
		for range 4 {
			if !c.Remove(k) {
				t.Fatalf("Remove(%v) failed", k)
			}
		}
		if c.Remove(k) {
			t.Errorf("a fifth Remove(%v) succeeded", k)
		}
	}
	if c != (tile.Counts{}) {
		t.Errorf("after removing everything: %v", c)
	}
}

// TestAppendMPSZInvalid: a tile with no mpsz name appends "?", never panics.
func TestAppendMPSZInvalid(t *testing.T) {
	for _, x := range []tile.Tile{tile.None, tile.Tile(0x3f), tile.Tile(0xff)} {
		if got := string(x.AppendMPSZ([]byte("a"))); got != "a?" {
			t.Errorf("Tile(%#x).AppendMPSZ = %q, want \"a?\"", uint8(x), got)
		}
	}
}
