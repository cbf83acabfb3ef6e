package scoring_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
)

// palettes are the sets of kinds a random hand draws its tiles from, so
// that one-suit, honour, terminal and green hands come often enough.
var palettes = []func(k int) bool{
	func(k int) bool { return true },
	func(k int) bool { return k < 9 },                       // one suit
	func(k int) bool { return k >= 9 && k < 18 || k >= 27 }, // one suit and honours
	func(k int) bool { return isTermOrHonor(k) },
	func(k int) bool { return k >= 27 },
	func(k int) bool { return k == 19 || k == 20 || k == 21 || k == 23 || k == 25 || k == 32 },
	func(k int) bool { return k < 27 && k%9 != 0 && k%9 != 8 },
	func(k int) bool { return k >= 18 },
}

// randomWin builds a random complete winning hand with random melds and
// random facts of the play that agree with each other, and random rules.
// It reports false when its draws did not fit (a fifth tile) and the
// caller should draw again.
func randomWin(r *rand.Rand) (scoring.Input, scoring.Rules, bool) {
	var in scoring.Input
	in.Players = 4
	if r.IntN(4) == 0 {
		in.Players = 3
	}
	sanma := in.Players == 3
	palette := palettes[r.IntN(len(palettes))]
	ok := func(k int) bool { return palette(k) && !(sanma && k >= 1 && k <= 7) }
	var kinds []int
	for k := range 34 {
		if ok(k) {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return in, scoring.Rules{}, false
	}
	pick := func() int { return kinds[r.IntN(len(kinds))] }
	var used [34]int
	var hand []tile.Tile
	take := func(k, n int) bool {
		if used[k]+n > 4 {
			return false
		}
		used[k] += n
		for range n {
			hand = append(hand, tile.Of(tile.Kind(k)))
		}
		return true
	}
	switch form := r.IntN(40); {
	case form < 3: // seven pairs
		if len(kinds) < 7 {
			return in, scoring.Rules{}, false
		}
		for _, i := range r.Perm(len(kinds))[:7] {
			take(kinds[i], 2)
		}
	case form == 3: // chuuren poutou shapes
		suit := 9 * (1 + r.IntN(2))
		if !sanma && r.IntN(3) == 0 {
			suit = 0
		}
		for i, n := range []int{3, 1, 1, 1, 1, 1, 1, 1, 3} {
			take(suit+i, n)
		}
		take(suit+r.IntN(9), 1)
	case form == 4: // kokushi
		for k := range 34 {
			if isTermOrHonor(k) {
				take(k, 1)
			}
		}
		take([]int{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}[r.IntN(13)], 1)
	default:
		nmelds := []int{0, 0, 0, 1, 1, 2, 2, 3, 4}[r.IntN(9)]
		// Sometimes runs wherever they fit, and sometimes three sets
		// laid out for sanshoku, ittsu or sanshoku doukou.
		runs := r.IntN(3) == 0
		var plan [3]int
		planned := r.IntN(5) == 0
		switch n, s := r.IntN(7), 9*r.IntN(3); r.IntN(3) {
		case 0:
			plan = [3]int{n, n + 9, n + 18}
		case 1:
			plan = [3]int{s, s + 3, s + 6}
			runs = true
		default:
			plan = [3]int{n + r.IntN(3), n + 9 + r.IntN(3), n + 18 + r.IntN(3)}
			plan[1], plan[2] = plan[0]+9, plan[0]+18
		}
		for i := range 4 {
			k := pick()
			if planned && i < 3 {
				k = plan[i]
				if !ok(k) {
					return in, scoring.Rules{}, false
				}
			}
			run := k < 27 && k%9 <= 6 && ok(k+1) && ok(k+2) && (runs || r.IntN(2) == 0)
			if sanma && run && k < 9 {
				run = false
			}
			if i >= 4-nmelds {
				m, fits := randomMeld(r, k, run, sanma, &used)
				if !fits {
					return in, scoring.Rules{}, false
				}
				in.AddMeld(m)
				continue
			}
			if run {
				if !take(k, 1) || !take(k+1, 1) || !take(k+2, 1) {
					return in, scoring.Rules{}, false
				}
			} else if !take(k, 3) {
				return in, scoring.Rules{}, false
			}
		}
		if !take(pick(), 2) {
			return in, scoring.Rules{}, false
		}
	}
	// Red fives: at most one per suit.
	for s := range 3 {
		for i, t := range hand {
			if t.Kind() == tile.Kind(9*s+4) && r.IntN(2) == 0 {
				hand[i] = tile.New(t.Kind(), true)
				break
			}
		}
	}
	r.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
	in.SetHand(hand)
	in.WinTile = hand[r.IntN(len(hand))]
	in.Kita = 0
	if sanma && r.IntN(3) == 0 {
		in.Kita = uint8(r.IntN(5 - used[tile.North]))
	}
	situation(r, &in, &used)
	return in, randomRules(r), true
}

// randomMeld makes a meld of kind k, a chi when run.
func randomMeld(r *rand.Rand, k int, run, sanma bool, used *[34]int) (event.Meld, bool) {
	m := event.Meld{From: 1, Called: 0}
	n := 3
	switch {
	case run && !sanma:
		m.Kind = event.MeldChi
	case r.IntN(3) == 0:
		m.Kind = []event.MeldKind{event.MeldOpenKan, event.MeldClosedKan, event.MeldAddedKan}[r.IntN(3)]
		n = 4
	default:
		m.Kind = event.MeldPon
	}
	if m.Kind == event.MeldClosedKan {
		m.From, m.Called = event.NoSeat, -1
	}
	for i := range n {
		kk := k
		if m.Kind == event.MeldChi {
			kk = k + i
		}
		if used[kk]+1 > 4 {
			return m, false
		}
		used[kk]++
		m.Tiles[i] = tile.Of(tile.Kind(kk))
	}
	m.N = uint8(n)
	return m, true
}

// situation draws facts of the play that agree with the hand.
func situation(r *rand.Rand, in *scoring.Input, used *[34]int) {
	p := func(n int) bool { return r.IntN(n) == 0 }
	closed, kan := true, in.Kita > 0
	for _, m := range in.MeldList() {
		closed = closed && m.Kind == event.MeldClosedKan
		kan = kan || m.Kind.IsKan()
	}
	winds := int(in.Players)
	in.SeatWind = tile.East + tile.Kind(r.IntN(winds))
	in.RoundWind = tile.East + tile.Kind(r.IntN(3))
	in.Tsumo = p(2)
	if closed && p(2) {
		in.Riichi = true
		in.DoubleRiichi = p(8)
		in.Ippatsu = p(4)
	}
	if in.Tsumo {
		in.Rinshan = kan && p(3)
		in.Haitei = !in.Rinshan && p(10)
		if in.NMelds == 0 && in.Kita == 0 && !in.Riichi && p(10) {
			in.Tenhou, in.Chiihou = in.Dealer(), !in.Dealer()
		}
	} else {
		in.Chankan = used[in.WinTile.Kind()] == 1 && p(8)
		in.Houtei = !in.Chankan && p(10)
		in.Renhou = in.NMelds == 0 && in.Kita == 0 && !in.Riichi && !in.Dealer() && p(10)
	}
	anyKind := func() tile.Tile {
		for {
			k := r.IntN(34)
			if in.Players == 4 || k < 1 || k > 7 {
				return tile.Of(tile.Kind(k))
			}
		}
	}
	n := 1 + r.IntN(3)
	for range n {
		in.Dora[in.NDora] = anyKind()
		in.NDora++
		if p(2) || in.Riichi {
			in.Ura[in.NUra] = anyKind()
			in.NUra++
		}
	}
}

// randomRules draws every rule setting.
func randomRules(r *rand.Rand) scoring.Rules {
	b := func() bool { return r.IntN(2) == 0 }
	var rules scoring.Rules
	if b() {
		rules.RedFives = 1
	}
	rules.OpenTanyao = b()
	rules.Ippatsu, rules.UraDora, rules.KanDora, rules.KanUra = b(), b(), b(), b()
	rules.PinfuTsumoFu = []int{20, 22}[r.IntN(2)]
	rules.OpenPinfuFu = []int{20, 30}[r.IntN(2)]
	rules.DoubleWindFu = []int{2, 4}[r.IntN(2)]
	rules.Renhou = scoring.Renhou(r.IntN(3))
	rules.Kiriage, rules.Kazoe, rules.DoubleYakumanForms, rules.YakumanStacking = b(), b(), b(), b()
	rules.TsumoLoss, rules.KitaInDora = b(), b()
	return rules
}

// checkAgainstReference scores in with the package and the reference and
// reports any difference.
func checkAgainstReference(t *testing.T, s *scoring.Scorer, in *scoring.Input) {
	t.Helper()
	res, err := s.Score(in)
	want, complete := refScore(in, &s.Rules)
	switch {
	case errors.Is(err, scoring.ErrNotComplete) && !complete:
		return
	case err != nil:
		t.Fatalf("%s: %v", describe(in), err)
	case !complete:
		t.Fatalf("%s: scored, but the reference finds no reading", describe(in))
	}
	got := refOutcome{
		Han: res.Han, Fu: res.Fu, Limit: res.Limit, Base: res.Base, Total: res.Total,
		Ron: res.Ron, NonDealer: res.TsumoNonDealer, Dlr: res.TsumoDealer, NoYaku: res.NoYaku,
		Dora: res.Dora, Ura: res.Ura, Red: res.Red, Kita: res.Kita,
	}
	if res.NYaku > 0 {
		got.Yaku = slices.Clone(res.YakuList())
	}
	slices.SortFunc(got.Yaku, func(a, b event.Yaku) int { return int(a.ID) - int(b.ID) })
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s rules %+v (-reference +package):\n%s", describe(in), s.Rules, d)
	}
}

func describe(in *scoring.Input) string {
	return fmt.Sprintf("%s %s win %v%s", winKind(in), tile.FormatTiles(in.HandTiles()), in.WinTile, meldString(in))
}

// TestRandomWins holds the package to the reference on random wins.
func TestRandomWins(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewPCG(1, 2))
	var s scoring.Scorer
	seen := map[event.YakuID]int{}
	noYaku := 0
	for done := 0; done < n; {
		in, rules, ok := randomWin(r)
		if !ok {
			continue
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("the generator made an invalid win: %v", err)
		}
		s.Rules = rules
		checkAgainstReference(t, &s, &in)
		done++
		if t.Failed() {
			return
		}
		if res, err := s.Score(&in); err == nil {
			noYaku += btoi(res.NoYaku)
			for _, y := range res.YakuList() {
				seen[y.ID]++
			}
		}
	}
	var ids []event.YakuID
	for id := range seen {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, " %v=%d", id, seen[id])
	}
	t.Logf("%d random wins, %d without yaku; yaku seen:%s", n, noYaku, b.String())
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FuzzScore scores wins and holds the package to the reference. A call
// with an empty hand builds a random win from seed; otherwise the win is
// the one the strings describe (mutated by the fuzzer from the table
// tests' cases) under rules drawn from seed.
func FuzzScore(f *testing.F) {
	for _, cs := range [][]scoreCase{yakuCases(), yakumanCases(), ruleCases(), fuCases()} {
		for _, c := range cs {
			w := c.win
			f.Add(uint64(0), w.hand, w.melds, w.win, w.flags, w.dora, w.ura, uint8(w.kita))
		}
	}
	for seed := range uint64(20) {
		f.Add(seed, "", "", "", "", "", "", uint8(0))
	}
	sanma, fourPlayer := tenhouRules(f, 3), tenhouRules(f, 4)
	f.Fuzz(func(t *testing.T, seed uint64, hand, melds, win, flags, dora, ura string, kita uint8) {
		r := rand.New(rand.NewPCG(seed, 7))
		var in scoring.Input
		var rules scoring.Rules
		if hand == "" {
			var ok bool
			for !ok {
				in, rules, ok = randomWin(r)
			}
		} else {
			var ok bool
			if in, ok = parseSpec(spec{hand: hand, melds: melds, win: win, flags: flags, dora: dora, ura: ura, kita: int(kita)}); !ok {
				t.Skip()
			}
			rules = fourPlayer
			if in.Players == 3 {
				rules = sanma
			}
			if seed != 0 {
				rules = randomRules(r)
			}
		}
		if in.Validate() != nil {
			t.Skip()
		}
		s := scoring.Scorer{Rules: rules}
		checkAgainstReference(t, &s, &in)
	})
}

// parseSpec is spec.input for fuzzed strings: false for any string that is
// not a hand.
func parseSpec(s spec) (in scoring.Input, ok bool) {
	ft := &fakeTB{}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	in = s.input(ft)
	return in, !ft.failed && in.WinTile != tile.None
}

// fakeTB turns spec.input's failures into a panic parseSpec recovers.
type fakeTB struct {
	testing.TB
	failed bool
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Fatal(args ...any) {
	f.failed = true
	panic("bad spec")
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.failed = true
	panic("bad spec")
}
