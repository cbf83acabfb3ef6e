package scoring

import (
	"errors"
	"fmt"
)

// Renhou says what a non-dealer's ron before its first draw, with no call
// made yet, is worth.
type Renhou uint8

// The renhou settings. The zero Renhou is RenhouNone.
const (
	// RenhouNone: renhou is not a yaku (Tenhou).
	RenhouNone Renhou = iota
	// RenhouMangan: renhou is worth a mangan (yaku id 36, listed with 5
	// han) that does not add to the hand's other yaku and dora: the hand
	// is paid the more of a mangan and its value without renhou, which is
	// then what the Result lists (EMA, WRC, JPML).
	RenhouMangan
	// RenhouYakuman: renhou is a yakuman (id 36, 13 han).
	RenhouYakuman
	numRenhou
)

var renhouNames = [numRenhou]string{"none", "mangan", "yakuman"}

// String returns "none", "mangan" or "yakuman".
func (r Renhou) String() string {
	if r >= numRenhou {
		return fmt.Sprintf("Renhou(%d)", uint8(r))
	}
	return renhouNames[r]
}

// MarshalText returns the setting's name.
func (r Renhou) MarshalText() ([]byte, error) {
	if r >= numRenhou {
		return nil, fmt.Errorf("scoring: invalid Renhou %d", uint8(r))
	}
	return []byte(renhouNames[r]), nil
}

// UnmarshalText reads "none", "mangan" or "yakuman".
func (r *Renhou) UnmarshalText(b []byte) error {
	for i, n := range renhouNames {
		if string(b) == n {
			*r = Renhou(i)
			return nil
		}
	}
	return fmt.Errorf("scoring: renhou %q: want none, mangan or yakuman", b)
}

// Rules are the rule settings that change the value of a win. Use
// TenhouRules or MajsoulRules for a platform's settings; the zero Rules is
// not valid (see Validate).
type Rules struct {
	// OpenTanyao: tanyao counts in an open hand (kuitan).
	OpenTanyao bool
	// RedFives is the number of red fives per suit in the game (0: none;
	// red tiles in a hand then count for nothing). Each red five in the
	// hand is one han of aka dora.
	RedFives int
	// Ippatsu: ippatsu is a yaku.
	Ippatsu bool
	// UraDora: a riichi winner counts the ura dora under the first
	// indicator. KanDora: the indicators revealed after kans count.
	// KanUra: the ura indicators under the kan dora count too (only with
	// UraDora and KanDora).
	UraDora, KanDora, KanUra bool
	// PinfuTsumoFu is what a pinfu won by tsumo is worth before rounding:
	// 20 (no tsumo fu, Tenhou) or 22 (the tsumo's 2 fu count: 30 fu). It
	// holds for every tsumo of pinfu shape: a rinshan tsumo after a kita,
	// and a yakuman hand of pinfu shape (Tenhou records 20 fu for such a
	// tenhou). Any other tsumo, rinshan included, has its 2 fu.
	PinfuTsumoFu int
	// OpenPinfuFu is the fu of an open hand of pinfu shape (no fu at all)
	// won by ron: 30 (Tenhou and most rules) or 20.
	OpenPinfuFu int
	// DoubleWindFu is the fu of a pair of the wind that is both the seat
	// and the round wind: 4 (Tenhou, Mahjong Soul) or 2 (WRC, JPML).
	DoubleWindFu int
	// Renhou is what renhou is worth.
	Renhou Renhou
	// Kiriage: 4 han 30 fu and 3 han 60 fu are paid as mangan (Result.Limit
	// stays NoLimit, as Tenhou's chip lobbies record it).
	Kiriage bool
	// Kazoe: 13 han or more without a yakuman is a yakuman; otherwise it is
	// a sanbaiman.
	Kazoe bool
	// DoubleYakumanForms: kokushi musou's 13-sided wait, suuankou tanki,
	// junsei chuuren poutou and daisuushii count as two yakuman each.
	DoubleYakumanForms bool
	// YakumanStacking: different yakuman in one hand add up. Without it the
	// hand counts its single biggest yakuman.
	YakumanStacking bool
	// TsumoLoss: in three-player games the two others pay a tsumo their
	// four-player shares only. Without it the share of the missing player
	// is split between them (half each, rounded up to 100).
	TsumoLoss bool
	// KitaInDora: the kita (nukidora) han are listed inside the dora entry
	// (yaku 52, Tenhou); otherwise in their own entry (yaku 64, Mahjong
	// Soul).
	KitaInDora bool
}

// ErrRules reports rules that Validate rejects.
var ErrRules = errors.New("scoring: invalid rules")

// Validate reports the first setting out of range, or nil.
func (r *Rules) Validate() error {
	switch {
	case r.RedFives < 0 || r.RedFives > 4:
		return fmt.Errorf("%w: RedFives %d, want 0 to 4", ErrRules, r.RedFives)
	case r.PinfuTsumoFu != 20 && r.PinfuTsumoFu != 22:
		return fmt.Errorf("%w: PinfuTsumoFu %d, want 20 or 22", ErrRules, r.PinfuTsumoFu)
	case r.OpenPinfuFu != 20 && r.OpenPinfuFu != 30:
		return fmt.Errorf("%w: OpenPinfuFu %d, want 20 or 30", ErrRules, r.OpenPinfuFu)
	case r.DoubleWindFu != 2 && r.DoubleWindFu != 4:
		return fmt.Errorf("%w: DoubleWindFu %d, want 2 or 4", ErrRules, r.DoubleWindFu)
	case r.Renhou >= numRenhou:
		return fmt.Errorf("%w: Renhou %d", ErrRules, uint8(r.Renhou))
	}
	return nil
}

// TenhouRules returns Tenhou's rules (TENHOU-FORMATS.md §1.8a) for a game
// of 3 or 4 players, with or without red fives (one per suit) and open
// tanyao (GO type bits 0x02 and 0x04): ippatsu, ura, kan dora and kan ura;
// 20 fu for a pinfu tsumo; 30 fu for an open pinfu shape won by ron; 4 fu
// for a double-wind pair; no renhou; no kiriage; kazoe yakuman at 13 han; a
// yakuman form is never double, but different yakuman add up; tsumo loss
// in sanma, where the kita han count inside the dora entry. Tenhou's chip
// (祝儀) lobbies also pay kiriage mangan: set Kiriage for them.
func TenhouRules(players int, redFives, openTanyao bool) Rules {
	r := Rules{
		OpenTanyao:      openTanyao,
		Ippatsu:         true,
		UraDora:         true,
		KanDora:         true,
		KanUra:          true,
		PinfuTsumoFu:    20,
		OpenPinfuFu:     30,
		DoubleWindFu:    4,
		Renhou:          RenhouNone,
		Kazoe:           true,
		YakumanStacking: true,
		TsumoLoss:       players == 3,
		KitaInDora:      true,
	}
	if redFives {
		r.RedFives = 1
	}
	return r
}

// MajsoulRules returns Mahjong Soul's ranked rules (MAJSOUL-FORMATS.md §7,
// RULESETS.md §2.3–2.4) for 3 or 4 players: as Tenhou's (open tanyao, red
// fives, no kiriage, kazoe at 13 han, stacking) except that the four
// double yakuman forms count double and the kita han have their own entry
// (yaku 64). Friendly rooms may change any of this (detail_rule).
func MajsoulRules(players int) Rules {
	r := TenhouRules(players, true, true)
	r.DoubleYakumanForms = true
	r.KitaInDora = false
	return r
}
