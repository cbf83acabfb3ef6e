package hand

import (
	"strconv"

	"github.com/haifu/haifu/tile"
)

// groupEntries returns the table entries of the four groups of c: man, pin,
// sou, honours.
func groupEntries(t *tables, c *tile.Counts) [4]uint64 {
	return [4]uint64{t.suitEntry(c, 0), t.suitEntry(c, 9), t.suitEntry(c, 18), t.honorEntry(c)}
}

// Complete reports whether c is a complete hand: 14−3m tiles (m melds)
// that form 4−m sets and a pair, or, with 14 tiles, seven pairs or thirteen
// orphans. It panics on the hands Shanten panics on, does not allocate and
// is safe for concurrent use.
func Complete(c *tile.Counts) bool {
	n := checkCounts(c)
	if n%3 != 2 {
		return false
	}
	if regularComplete(groupEntries(getTables(), c)) {
		return true
	}
	return n == 14 && (sevenPairsShanten(c) < 0 || thirteenOrphansShanten(c) < 0)
}

// regularComplete reports whether the groups form sets and one pair.
func regularComplete(e [4]uint64) bool {
	pairs := 0
	for _, x := range e {
		if x&(1<<decBit) == 0 {
			return false
		}
		if (x>>countShift)%3 == 2 {
			pairs++
		}
	}
	return pairs == 1
}

// Waits returns the kinds that complete c, a hand of 13−3m tiles (m melds),
// in any form: sets and a pair, and with 13 tiles also seven pairs and
// thirteen orphans. A kind of which c holds all four copies is never a wait
// (it cannot be drawn): a hand whose only completion is such a kind has no
// waits and is not tenpai, as under every rule set. Copies visible elsewhere
// (melds, discards, dora indicators) do not matter here; see CountingWaits.
//
// Waits returns the empty set for a hand whose size is not 3n+1. It panics
// on the hands Shanten panics on, does not allocate and is safe for
// concurrent use. The hand is tenpai (shanten 0) exactly when Waits is not
// empty.
func Waits(c *tile.Counts) KindSet {
	n := checkCounts(c)
	if n%3 != 1 {
		return 0
	}
	e := groupEntries(getTables(), c)
	var w KindSet
	// Exactly one group takes the tile: the only group of 3n+1 tiles (it
	// becomes the pair's group), or a group of 3n+2 tiles (it loses its
	// pair) when another group has the pair.
	var bad, pairs int // groups of 3n+1 tiles; complete groups of 3n+2 tiles
	for _, x := range e {
		switch {
		case (x>>countShift)%3 == 1:
			bad++
		case x&(1<<decBit) == 0:
			bad += 2 // a 3n or 3n+2 group that is not sets (and a pair)
		case (x>>countShift)%3 == 2:
			pairs++
		}
	}
	for g, x := range e {
		m := x >> countShift % 3
		ok := false
		switch {
		case m == 1: // this is the only bad group, the others are complete with no pair
			ok = bad == 1 && pairs == 0
		case m == 2: // the others are complete and have the one pair
			if x&(1<<decBit) != 0 {
				ok = bad == 0 && pairs == 2 // this group is one of the two
			} else {
				ok = bad == 2 && pairs == 1 // this group is the only bad one
			}
		}
		if ok {
			w |= KindSet(x>>waitShift&0x1ff) << (9 * g)
		}
	}
	if n == 13 {
		w |= sevenPairsWait(c) | thirteenOrphansWaits(c)
	}
	return w
}

// sevenPairsWait returns the wait of a 13-tile hand for seven pairs, or
// the empty set. The hand is tenpai for seven pairs when it holds six pairs
// and seven kinds, which in 13 tiles means six kinds of two and a single,
// its wait.
func sevenPairsWait(c *tile.Counts) KindSet {
	if sevenPairsShanten(c) != 0 {
		return 0
	}
	for k, n := range c {
		if n == 1 {
			return 1 << k
		}
	}
	return 0
}

// yaochuSet holds the thirteen terminal and honour kinds.
const yaochuSet KindSet = 1<<tile.Man1 | 1<<tile.Man9 | 1<<tile.Pin1 | 1<<tile.Pin9 |
	1<<tile.Sou1 | 1<<tile.Sou9 | 0x7f<<tile.East

// thirteenOrphansWaits returns the waits of a 13-tile hand for thirteen
// orphans: the thirteen kinds when it holds one of each, the missing kind
// when it holds twelve and a pair.
func thirteenOrphansWaits(c *tile.Counts) KindSet {
	if thirteenOrphansShanten(c) != 0 {
		return 0
	}
	if missing := yaochuSet &^ KindsOf(c); missing != 0 {
		return missing
	}
	return yaochuSet
}

// TenpaiPolicy says which waits count when a hand's tenpai is judged at an
// exhaustive draw (and wherever else a rule set asks whether a hand is
// tenpai). The zero TenpaiPolicy is TenhouPolicy.
type TenpaiPolicy uint8

// The tenpai policies.
const (
	// TenhouPolicy (Tenhou, Mahjong Soul): a wait counts unless all four
	// of its copies are in the concealed hand. Copies in the player's own
	// melds, including closed kans, do not make it dead: 1111m in a pon
	// and a tanki wait on 1m is tenpai.
	TenhouPolicy TenpaiPolicy = iota
	// MeldsCountPolicy (WRC, EMA, M-League, JPML, RMU): a wait counts
	// unless all four of its copies are in the player's own concealed hand
	// and melds together.
	MeldsCountPolicy
	numPolicies
)

var policyNames = [numPolicies]string{"tenhou", "melds_count"}

// String returns the policy's name: "tenhou" or "melds_count".
func (p TenpaiPolicy) String() string {
	if p >= numPolicies {
		return "TenpaiPolicy(" + strconv.Itoa(int(p)) + ")"
	}
	return policyNames[p]
}

// MarshalText returns the policy's name.
func (p TenpaiPolicy) MarshalText() ([]byte, error) {
	if p >= numPolicies {
		return nil, &PolicyError{Name: p.String()}
	}
	return []byte(policyNames[p]), nil
}

// UnmarshalText sets p to the policy named text ("tenhou", "melds_count").
func (p *TenpaiPolicy) UnmarshalText(text []byte) error {
	for i, name := range policyNames {
		if string(text) == name {
			*p = TenpaiPolicy(i)
			return nil
		}
	}
	return &PolicyError{Name: string(text)}
}

// PolicyError reports an unknown tenpai policy name.
type PolicyError struct {
	Name string
}

// Error returns the message, which names the valid policies.
func (e *PolicyError) Error() string {
	return "hand: unknown tenpai policy " + strconv.Quote(e.Name) + " (want tenhou or melds_count)"
}

// CountingWaits returns the waits of concealed (see Waits) that count under
// policy p. melds holds the tiles of the player's own melds (chi, pon and
// kans, open and closed; whether kita Norths belong there is the caller's
// rule); nil means none. It panics on the hands Shanten panics on and on an
// unknown policy.
func CountingWaits(concealed, melds *tile.Counts, p TenpaiPolicy) KindSet {
	w := Waits(concealed)
	switch p {
	case TenhouPolicy:
		// Waits already leaves out the kinds held four times.
	case MeldsCountPolicy:
		if melds != nil {
			for k := range w.All() {
				if int(concealed[k])+int(melds[k]) >= 4 {
					w.Remove(k)
				}
			}
		}
	default:
		panic("hand: unknown tenpai policy " + p.String())
	}
	return w
}

// Tenpai reports whether concealed (13−3m tiles) is tenpai under policy p:
// whether CountingWaits is not empty. See CountingWaits for the arguments.
func Tenpai(concealed, melds *tile.Counts, p TenpaiPolicy) bool {
	return CountingWaits(concealed, melds, p) != 0
}

// NineTerminals reports whether c holds at least nine different terminal and
// honour kinds, the condition of the nine-terminals abortive draw (kyuushu
// kyuuhai). c is meant to be the 14-tile hand at the player's first draw;
// whether the draw is still uninterrupted is the caller's concern.
func NineTerminals(c *tile.Counts) bool {
	kinds := 0
	for _, k := range terminalsAndHonors {
		if c[k] > 0 {
			kinds++
		}
	}
	return kinds >= 9
}
