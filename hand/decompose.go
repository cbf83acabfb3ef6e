package hand

import (
	"strconv"
	"strings"

	"github.com/haifu/haifu/tile"
)

// Form is the shape of a complete hand.
type Form uint8

// The forms. The zero Form is no form.
const (
	// Regular is sets and a pair: four sets in all, some of them melds.
	Regular Form = iota + 1
	// SevenPairs is chiitoitsu: seven different pairs.
	SevenPairs
	// ThirteenOrphans is kokushi musou: the thirteen terminal and honour
	// kinds and a second tile of one of them.
	ThirteenOrphans
)

var formNames = [...]string{"", "regular", "seven_pairs", "thirteen_orphans"}

// String returns "regular", "seven_pairs" or "thirteen_orphans".
func (f Form) String() string {
	if int(f) >= len(formNames) || f == 0 {
		return "Form(" + strconv.Itoa(int(f)) + ")"
	}
	return formNames[f]
}

// SetKind says whether a set is a run or a triplet.
type SetKind uint8

// The set kinds. The zero SetKind is no set.
const (
	Run     SetKind = iota + 1 // three consecutive kinds of one suit (shuntsu)
	Triplet                    // three of one kind (koutsu)
)

// Set is a run or a triplet of the concealed hand.
type Set struct {
	Kind SetKind
	// First is the kind of a triplet, or the lowest kind of a run.
	First tile.Kind
}

// Has reports whether the set contains a tile of kind k.
func (s Set) Has(k tile.Kind) bool {
	if s.Kind == Run {
		return k >= s.First && k <= s.First+2
	}
	return k == s.First
}

// String returns the set in mpsz notation: "123m", "777z".
func (s Set) String() string {
	k := s.First
	if s.Kind == Run {
		return tile.FormatTiles([]tile.Tile{tile.Of(k), tile.Of(k + 1), tile.Of(k + 2)})
	}
	return tile.FormatTiles([]tile.Tile{tile.Of(k), tile.Of(k), tile.Of(k)})
}

// Decomposition is one reading of a complete concealed hand. Only the
// concealed tiles are read: the melds are the caller's, and a triplet
// completed by a discard (an open set for fu and sanankou) or the wait's
// shape is for the scoring code to work out from the winning tile, which
// Set.Has helps with. The zero Decomposition has no form.
type Decomposition struct {
	Form Form
	// Pair is the pair of a Regular hand and the doubled kind of
	// ThirteenOrphans; unused for SevenPairs.
	Pair tile.Kind
	// Sets are the NSets concealed sets of a Regular hand (4 minus the
	// number of melds), triplets before runs of the same first kind,
	// otherwise in ascending order.
	Sets  [4]Set
	NSets uint8
	// Pairs are the seven pairs of SevenPairs in ascending order.
	Pairs [7]tile.Kind
}

// SetList returns the concealed sets. The slice aliases d.
func (d *Decomposition) SetList() []Set { return d.Sets[:d.NSets] }

// String writes the decomposition in mpsz, one group per word: sets and
// then the pair ("123m 456m 777z 55p"), seven pairs ("11m 22m … 77z"), or
// the thirteen orphans hand sorted ("119m19p19s1234567z").
func (d Decomposition) String() string {
	var b strings.Builder
	switch d.Form {
	case Regular:
		for _, s := range d.SetList() {
			b.WriteString(s.String())
			b.WriteByte(' ')
		}
		b.WriteString(tile.FormatTiles([]tile.Tile{tile.Of(d.Pair), tile.Of(d.Pair)}))
	case SevenPairs:
		for i, k := range d.Pairs {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(tile.FormatTiles([]tile.Tile{tile.Of(k), tile.Of(k)}))
		}
	case ThirteenOrphans:
		var ts []tile.Tile
		for _, k := range terminalsAndHonors {
			ts = append(ts, tile.Of(k))
			if k == d.Pair {
				ts = append(ts, tile.Of(k))
			}
		}
		b.WriteString(tile.FormatTiles(ts))
	default:
		b.WriteString("-")
	}
	return b.String()
}

// Decompose returns every reading of c as a complete hand (see Complete),
// or nil when c is not complete. Regular readings come first, by pair kind,
// and for one pair those with runs from the lowest kind before those with a
// triplet there; then seven pairs, then thirteen orphans. A hand that is
// both seven pairs and sets and a pair (ryanpeikou shapes) gives both;
// 111222333m456p55s gives two regular readings: three identical runs, or
// three triplets.
//
// It allocates the returned slice only; see AppendDecompositions to reuse
// one. It panics on the hands Shanten panics on and is safe for concurrent
// use.
func Decompose(c *tile.Counts) []Decomposition { return AppendDecompositions(nil, c) }

// AppendDecompositions appends every reading of c as a complete hand to dst
// and returns the extended slice (see Decompose).
func AppendDecompositions(dst []Decomposition, c *tile.Counts) []Decomposition {
	n := checkCounts(c)
	if n%3 != 2 {
		return dst
	}
	if regularComplete(groupEntries(getTables(), c)) {
		h := *c
		for p := range tile.Kind(tile.NumKinds) {
			if h[p] < 2 {
				continue
			}
			h[p] -= 2
			d := Decomposition{Form: Regular, Pair: p}
			dst = appendSets(dst, &h, 0, &d)
			h[p] += 2
		}
	}
	if n != 14 {
		return dst
	}
	if sevenPairsShanten(c) < 0 {
		d := Decomposition{Form: SevenPairs}
		i := 0
		for k, v := range c {
			if v == 2 {
				d.Pairs[i] = tile.Kind(k)
				i++
			}
		}
		dst = append(dst, d)
	}
	if thirteenOrphansShanten(c) < 0 {
		d := Decomposition{Form: ThirteenOrphans}
		for _, k := range terminalsAndHonors {
			if c[k] == 2 {
				d.Pair = k
			}
		}
		dst = append(dst, d)
	}
	return dst
}

// appendSets appends every way to read h (from kind k on) as sets, each
// added to d's sets. h is restored before it returns.
func appendSets(dst []Decomposition, h *tile.Counts, k tile.Kind, d *Decomposition) []Decomposition {
	for k < tile.NumKinds && h[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		return append(dst, *d)
	}
	if d.NSets == 4 {
		return dst
	}
	// Every tile of k, the lowest kind left, is in a triplet of k or a run
	// starting at k; at most one triplet fits in four tiles.
	canRun := k < tile.East && k%9 <= 6
	for trip := uint8(0); trip <= 1; trip++ {
		if 3*trip > h[k] {
			break
		}
		runs := h[k] - 3*trip
		if int(d.NSets)+int(trip+runs) > 4 || runs > 0 && (!canRun || h[k+1] < runs || h[k+2] < runs) {
			continue
		}
		saved := *d
		if trip == 1 {
			d.Sets[d.NSets] = Set{Triplet, k}
			d.NSets++
		}
		for range runs {
			d.Sets[d.NSets] = Set{Run, k}
			d.NSets++
		}
		h[k] -= 3 * trip
		if runs > 0 {
			h[k] -= runs
			h[k+1] -= runs
			h[k+2] -= runs
		}
		dst = appendSets(dst, h, k+1, d)
		h[k] += 3*trip + runs
		if runs > 0 {
			h[k+1] += runs
			h[k+2] += runs
		}
		*d = saved
	}
	return dst
}
