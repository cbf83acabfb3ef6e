package yaku

import "strconv"

// Limit is the limit a win's value reached.
type Limit uint8

// The limits, as Tenhou numbers them (mjlog AGARI ten's third field).
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	Yakuman
	numLimits
)

// limits holds each limit's name and basic points.
var limits = [numLimits]struct {
	name string
	base int
}{
	NoLimit:   {"", 0},
	Mangan:    {"mangan", 2000},
	Haneman:   {"haneman", 3000},
	Baiman:    {"baiman", 4000},
	Sanbaiman: {"sanbaiman", 6000},
	Yakuman:   {"yakuman", 8000},
}

// String returns the limit's name ("mangan" …), or "" for NoLimit.
func (l Limit) String() string {
	if l >= numLimits {
		return "Limit(" + strconv.Itoa(int(l)) + ")"
	}
	return limits[l].name
}

// Base returns the basic points of the limit (0 for NoLimit and for a
// value that is not a limit); a yakuman's is that of a single one.
func (l Limit) Base() int {
	if l >= numLimits {
		return 0
	}
	return limits[l].base
}

// LimitOf returns the limit a hand of han han (dora included, no yakuman;
// han ≥ 0) and fu fu reaches: kazoe makes 13 han a yakuman (else
// sanbaiman); below 5 han it is mangan when the basic points, fu × 2^(2 +
// han), reach 2000. Kiriage mangan, which pays 4 han 30 fu and 3 han 60 fu
// as a mangan, does not change the limit (see BasePoints).
func LimitOf(han, fu int, kazoe bool) Limit {
	switch {
	case han >= 13 && kazoe:
		return Yakuman
	case han >= 11:
		return Sanbaiman
	case han >= 8:
		return Baiman
	case han >= 6:
		return Haneman
	case han == 5 || fu<<(han+2) >= 2000:
		return Mangan
	}
	return NoLimit
}

// BasePoints returns the basic points and the limit of a hand of han han
// (dora included, no yakuman) and fu fu: kazoe makes 13 han a yakuman,
// kiriage pays 4 han 30 fu and 3 han 60 fu as mangan (limit NoLimit). A
// hand of no han has no value.
func BasePoints(han, fu int, kazoe, kiriage bool) (int, Limit) {
	if han <= 0 {
		return 0, NoLimit
	}
	if l := LimitOf(han, fu, kazoe); l != NoLimit {
		return l.Base(), l
	}
	if kiriage && (han == 4 && fu == 30 || han == 3 && fu == 60) {
		return 2000, NoLimit
	}
	return fu << (han + 2), NoLimit
}
