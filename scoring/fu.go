package scoring

import "github.com/haifu/haifu/tile"

// fu returns the fu of a regular reading, rounded up to 10: 20, 10 for a
// closed ron, 2 for a tsumo (not for a pinfu under PinfuTsumoFu 20), the
// sets (a triplet 2, doubled for a terminal or honour, doubled again when
// concealed, ×4 for a kan), the pair (pairFu) and 2 for a kanchan, penchan
// or tanki wait; an open hand of no fu won by ron has OpenPinfuFu.
func (a *analysis) fu(sets *[4]set, pair tile.Kind, wait Wait, pinfu bool) int {
	fu := 20
	if a.closed && !a.in.Tsumo {
		fu += 10
	}
	for _, s := range sets {
		if s.run {
			continue
		}
		f := 2
		if s.first.IsTerminalOrHonor() {
			f *= 2
		}
		if !s.open {
			f *= 2
		}
		if s.kan {
			f *= 4
		}
		fu += f
	}
	fu += a.pairFu(pair)
	if wait == Kanchan || wait == Penchan || wait == Tanki {
		fu += 2
	}
	switch {
	case a.in.Tsumo:
		if !pinfu || a.rules.PinfuTsumoFu != 20 {
			fu += 2
		}
	case !a.closed && fu == 20:
		return a.rules.OpenPinfuFu
	}
	return (fu + 9) / 10 * 10
}

// pairFu returns the fu of a pair of kind k: 2 for a dragon, the seat
// wind or the round wind; DoubleWindFu for a wind that is both.
func (a *analysis) pairFu(k tile.Kind) int {
	switch {
	case k.IsDragon():
		return 2
	case k == a.in.SeatWind && k == a.in.RoundWind:
		return a.rules.DoubleWindFu
	case k == a.in.SeatWind || k == a.in.RoundWind:
		return 2
	}
	return 0
}
