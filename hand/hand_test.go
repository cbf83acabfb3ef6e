package hand_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// counts parses a hand in mpsz notation.
func counts(t testing.TB, s string) *tile.Counts {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	c := tile.CountsOf(ts)
	return &c
}

// kinds parses a set of kinds in mpsz notation.
func kinds(t testing.TB, s string) hand.KindSet {
	t.Helper()
	var set hand.KindSet
	for k, n := range counts(t, s) {
		if n > 0 {
			set.Add(tile.Kind(k))
		}
	}
	return set
}

// TestShanten checks the three forms and their minimum on known hands,
// including the ones where holding four of a kind matters.
func TestShanten(t *testing.T) {
	tests := []struct {
		name                         string
		hand                         string
		melds                        int
		regular, pairs, kokushi, min int // pairs and kokushi unused when melds > 0
	}{
		{"complete", "123m456p789s11122z", 0, -1, 4, 8, -1},
		{"nine gates tenpai", "1112345678999m", 0, 0, 4, 10, 0},
		{"nine gates complete", "11123455678999m", 0, -1, 3, 10, -1},
		{"tanki on a fifth copy", "1111m234p567s789s", 0, 1, 4, 10, 1},
		{"kokushi 13-sided", "19m19p19s1234567z", 0, 8, 6, 0, 0},
		{"kokushi complete", "119m19p19s1234567z", 0, 7, 5, -1, -1},
		{"kokushi with a triplet", "1119m19p19s12345z", 0, 6, 5, 1, 1},
		{"tenpai only as seven pairs", "1122m3344p5566s7z", 0, 3, 0, 10, 0},
		{"seven pairs with a quad", "1111m22p33p44s55s6z", 0, 2, 2, 10, 2},
		{"seven pairs complete", "1122m3344p5566s77z", 0, 3, -1, 10, -1},
		{"ryanpeikou", "112233m445566p77s", 0, -1, -1, 11, -1},
		{"starting hand", "159m2468p3s12367z", 0, 6, 6, 6, 6},
		{"worst regular", "147m258p369s1234z", 0, 8, 6, 7, 6},
		{"one meld tenpai", "2344m567p111z", 1, 0, 0, 0, 0},
		{"three melds, four of a kind", "1111m", 3, 1, 0, 0, 1},
		{"three melds, tenpai", "2223m", 3, 0, 0, 0, 0},
		{"four melds, tanki", "5z", 4, 0, 0, 0, 0},
		{"four melds, complete", "55z", 4, -1, 0, 0, -1},
		{"four melds, not a pair", "56z", 4, 0, 0, 0, 0},
		{"empty concealed part of 4 melds", "", 4, 1, 0, 0, 1},
		{"four and three of a kind", "2222333m", 2, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			if got := hand.RegularShanten(c, tt.melds); got != tt.regular {
				t.Errorf("RegularShanten(%s, %d) = %d, want %d", tt.hand, tt.melds, got, tt.regular)
			}
			if tt.melds == 0 {
				if got := hand.SevenPairsShanten(c); got != tt.pairs {
					t.Errorf("SevenPairsShanten(%s) = %d, want %d", tt.hand, got, tt.pairs)
				}
				if got := hand.ThirteenOrphansShanten(c); got != tt.kokushi {
					t.Errorf("ThirteenOrphansShanten(%s) = %d, want %d", tt.hand, got, tt.kokushi)
				}
			}
			if got := hand.Shanten(c, tt.melds); got != tt.min {
				t.Errorf("Shanten(%s, %d) = %d, want %d", tt.hand, tt.melds, got, tt.min)
			}
		})
	}
}

// TestWaits checks the waits of known hands: multi-sided waits, waits on a
// kind held four times (never a wait), seven pairs and thirteen orphans.
func TestWaits(t *testing.T) {
	tests := []struct {
		name, hand, want string
	}{
		{"nine gates", "1112345678999m", "123456789m"},
		{"tanki on a fifth copy", "1111m234p567s789s", ""},
		{"fifth copy and a real wait", "1111234m567p789s", "4m"},
		{"four and three of a kind", "2222333m", "14m"},
		{"kokushi 13-sided", "19m19p19s1234567z", "19m19p19s1234567z"},
		{"kokushi single", "119m19p19s123456z", "7z"},
		{"kokushi with a triplet", "1119m19p19s12345z", ""},
		{"seven pairs only", "1122m3344p5566s7z", "7z"},
		{"seven pairs with a quad", "1111m22p33p44s55s6z", ""},
		{"seven pairs with honours", "1122m3344p5s6677z", "5s"},
		{"ryanmen", "23m456789p11z555s", "14m"},
		{"shanpon", "11m99p123456789s", "1m9p"},
		{"pure chinitsu", "2223456777888s", "12345678s"},
		{"4444 and a run", "3444456m789p111z", "2356m"},
		{"three melds", "2223m", "134m"},
		{"three melds, quad", "1111m", ""},
		{"three melds, kanchan/tanki", "1113m", "23m"},
		{"four melds", "5z", "5z"},
		{"not 3n+1", "11m", ""},
		{"noten", "147m258p369s1234z", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			got := hand.Waits(c)
			if got != kinds(t, tt.want) {
				t.Errorf("Waits(%s) = %q, want %q", tt.hand, got, tt.want)
			}
			n := c.Total()
			if n%3 == 1 {
				tenpai := hand.Shanten(c, (13-n)/3) == 0
				if tenpai != (got != 0) {
					t.Errorf("Shanten(%s) == 0 is %v, Waits = %q", tt.hand, tenpai, got)
				}
			}
			for k := range got.All() {
				d := *c
				d[k]++
				if !hand.Complete(&d) {
					t.Errorf("%s + %v is not Complete", tt.hand, k)
				}
			}
		})
	}
}

// TestTenpaiPolicy checks karaten under each policy: a hand waiting on kinds
// whose copies are all in the hand or in the player's melds.
func TestTenpaiPolicy(t *testing.T) {
	tests := []struct {
		name, hand, melds  string
		tenhou, meldsCount string // counting waits
	}{
		{"all four concealed", "1111m234p567s789s", "", "", ""},
		{"three in a pon, tanki", "1m", "111m234p567p789s", "1m", ""},
		{"closed kan and pon", "1113m", "2222m333m", "23m", ""},
		{"closed kan kills one of two", "3335m", "4444m", "45m", "5m"},
		{"no melds involved", "23m456789p11z555s", "", "14m", "14m"},
		{"copies elsewhere in melds", "23m456p55s", "111m444m", "14m", "14m"},
		{"noten", "147m258p369s1234z", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, m := counts(t, tt.hand), counts(t, tt.melds)
			for _, p := range []struct {
				policy hand.TenpaiPolicy
				want   string
			}{{hand.TenhouPolicy, tt.tenhou}, {hand.MeldsCountPolicy, tt.meldsCount}} {
				want := kinds(t, p.want)
				if got := hand.CountingWaits(c, m, p.policy); got != want {
					t.Errorf("CountingWaits(%s, %s, %v) = %q, want %q", tt.hand, tt.melds, p.policy, got, want)
				}
				if got := hand.Tenpai(c, m, p.policy); got != (want != 0) {
					t.Errorf("Tenpai(%s, %s, %v) = %v", tt.hand, tt.melds, p.policy, got)
				}
			}
		})
	}
}

func TestTenpaiPolicyText(t *testing.T) {
	for _, p := range []hand.TenpaiPolicy{hand.TenhouPolicy, hand.MeldsCountPolicy} {
		text, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var q hand.TenpaiPolicy
		if err := q.UnmarshalText(text); err != nil || q != p {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, q, err, p)
		}
	}
	var q hand.TenpaiPolicy
	if err := q.UnmarshalText([]byte("wrc")); err == nil {
		t.Error("UnmarshalText(wrc) succeeded")
	}
}

// TestDecompose checks every reading of known complete hands.
func TestDecompose(t *testing.T) {
	tests := []struct {
		name, hand string
		want       []string
	}{
		{"triplets or runs", "111222333m456p55s", []string{
			"123m 123m 123m 456p 55s",
			"111m 222m 333m 456p 55s",
		}},
		{"ryanpeikou or seven pairs", "112233m445566p77s", []string{
			"123m 123m 456p 456p 77s",
			"11m 22m 33m 44p 55p 66p 77s",
		}},
		{"nine gates", "11123455678999m", []string{"111m 234m 678m 999m 55m"}},
		{"kokushi", "19m19p19s12345677z", []string{"19m19p19s12345677z"}},
		{"one set, three melds", "11123m", []string{"123m 11m"}},
		{"pair only", "77z", []string{"77z"}},
		{"not complete", "1112345678999m", nil},
		{"3n+1", "1234m", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range hand.Decompose(counts(t, tt.hand)) {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Decompose(%s):\n got %s\nwant %s", tt.hand, strings.Join(got, " | "), strings.Join(tt.want, " | "))
			}
		})
	}
}

func TestNineTerminals(t *testing.T) {
	tests := []struct {
		hand string
		want bool
	}{
		{"19m19p1s1234z2345m", true},  // nine kinds
		{"19m19p1s123z23456m", false}, // eight kinds
		{"1199m1p12345z2345m", false}, // duplicates do not count
		{"19m19p19s1234567z5m", true}, // thirteen
	}
	for _, tt := range tests {
		t.Run(tt.hand, func(t *testing.T) {
			if got := hand.NineTerminals(counts(t, tt.hand)); got != tt.want {
				t.Errorf("NineTerminals(%s) = %v, want %v", tt.hand, got, tt.want)
			}
		})
	}
}

func TestKindSet(t *testing.T) {
	s := hand.KindSetOf(tile.Man1, tile.Pin5, tile.Chun, tile.Man1)
	if s.Len() != 3 || !s.Has(tile.Pin5) || s.Has(tile.Pin4) || s.Has(tile.Kind(40)) {
		t.Errorf("KindSetOf: %q, Len %d", s, s.Len())
	}
	if got := s.String(); got != "1m5p7z" {
		t.Errorf("String = %q, want 1m5p7z", got)
	}
	s.Remove(tile.Pin5)
	s.Add(tile.Kind(34)) // ignored
	if got := slices.Collect(s.All()); !slices.Equal(got, []tile.Kind{tile.Man1, tile.Chun}) {
		t.Errorf("All = %v", got)
	}
	if got := hand.KindsOf(counts(t, "1123m77z")).String(); got != "123m7z" {
		t.Errorf("KindsOf = %q", got)
	}
}

// TestInvalidPanics checks that hands that cannot exist are refused.
func TestInvalidPanics(t *testing.T) {
	for _, s := range []string{"11111m", "123456789m123456p"} {
		t.Run(s, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Shanten(%s) did not panic", s)
				}
			}()
			hand.Shanten(counts(t, s), 0)
		})
	}
}
