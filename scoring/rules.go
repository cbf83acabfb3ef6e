package scoring

import (
	"errors"
	"fmt"
	"strings"
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
	return fmt.Errorf("%q is not one of %s", b, strings.Join(renhouNames[:], ", "))
}

// YakuRules are the settings that decide which yaku and dora a win counts
// and a few of its fu: the [yaku] section of a rule file (package
// adjudicator reads it into its Rules.Yaku with these keys).
type YakuRules struct {
	// OpenTanyao: tanyao counts in an open hand (kuitan).
	OpenTanyao bool `toml:"open_tanyao"`
	// RedFives is the number of red fives per suit in the game (0: none;
	// red tiles in a hand then count for nothing). Each red five in the
	// hand is one han of aka dora.
	RedFives int `toml:"red_fives"`
	// Ippatsu: ippatsu is a yaku.
	Ippatsu bool `toml:"ippatsu"`
	// UraDora: a riichi winner counts the ura dora under the first
	// indicator. KanDora: the indicators revealed after kans count.
	// KanUra: the ura indicators under the kan dora count too (only with
	// UraDora and KanDora).
	UraDora bool `toml:"ura_dora"`
	KanDora bool `toml:"kan_dora"`
	KanUra  bool `toml:"kan_ura"`
	// PinfuTsumoFu is what a pinfu won by tsumo is worth before rounding:
	// 20 (no tsumo fu, Tenhou) or 22 (the tsumo's 2 fu count: 30 fu). It
	// holds for every tsumo of pinfu shape: a rinshan tsumo after a kita,
	// and a yakuman hand of pinfu shape (Tenhou records 20 fu for such a
	// tenhou). Any other tsumo, rinshan included, has its 2 fu.
	PinfuTsumoFu int `toml:"pinfu_tsumo_fu"`
	// OpenPinfuFu is the fu of an open hand of pinfu shape (no fu at all)
	// won by ron: 30 (Tenhou and most rules) or 20.
	OpenPinfuFu int `toml:"open_pinfu_fu"`
	// DoubleWindFu is the fu of a pair of the wind that is both the seat
	// and the round wind: 4 (Tenhou, Mahjong Soul) or 2 (WRC, JPML).
	DoubleWindFu int `toml:"double_wind_fu"`
	// Renhou is what renhou is worth.
	Renhou Renhou `toml:"renhou"`
}

// LimitRules are the settings that turn han and fu into points and
// payments. A rule file sets them in its [win] section, with these keys
// (package adjudicator embeds LimitRules in its WinRules).
type LimitRules struct {
	// TsumoLoss: in three-player games the two others pay a tsumo their
	// four-player shares only. Without it the share of the missing player
	// is split between them (half each, rounded up to 100).
	TsumoLoss bool `toml:"tsumo_loss"`
	// Kiriage: 4 han 30 fu and 3 han 60 fu are paid as mangan (Result.Limit
	// stays NoLimit, as Tenhou's chip lobbies record it).
	Kiriage bool `toml:"kiriage"`
	// Kazoe: 13 han or more without a yakuman is a yakuman; otherwise it is
	// a sanbaiman.
	Kazoe bool `toml:"kazoe"`
	// DoubleYakumanForms: kokushi musou's 13-sided wait, suuankou tanki,
	// junsei chuuren poutou and daisuushii count as two yakuman each.
	DoubleYakumanForms bool `toml:"double_yakuman_forms"`
	// YakumanStacking: different yakuman in one hand add up. Without it the
	// hand counts its single biggest yakuman.
	YakumanStacking bool `toml:"yakuman_stacking"`
}

// Rules are the rule settings that change the value of a win: the yaku
// settings and the limits, which a rule set states (package adjudicator's
// presets and rule files; adjudicator.Rules.Scoring), and where the kita
// han are listed, which follows the log's platform. The zero Rules is not
// valid (see Validate).
type Rules struct {
	YakuRules
	LimitRules
	// KitaInDora: the kita (nukidora) han are listed inside the dora entry
	// (yaku 52, Tenhou); otherwise in their own entry (yaku 64, Mahjong
	// Soul).
	KitaInDora bool
}

// ErrRules reports rules that Validate rejects.
var ErrRules = errors.New("scoring: invalid rules")

// A SettingError is a setting of YakuRules out of range. It matches
// ErrRules (errors.Is).
type SettingError struct {
	// Key is the setting's key in a rule file's [yaku] section
	// ("pinfu_tsumo_fu").
	Key string
	// Value is the value rejected; Want says what the setting takes ("20
	// or 22").
	Value int
	Want  string
}

// Error names the setting, its value and what it takes.
func (e *SettingError) Error() string {
	return fmt.Sprintf("%v: %s = %d: want %s", ErrRules, e.Key, e.Value, e.Want)
}

// Is reports whether target is ErrRules.
func (e *SettingError) Is(target error) bool { return target == ErrRules }

// Validate reports the first setting out of range as a *SettingError, or
// nil.
func (r *YakuRules) Validate() error {
	bad := func(key string, v int, want string) error { return &SettingError{Key: key, Value: v, Want: want} }
	switch {
	case r.RedFives < 0 || r.RedFives > 4:
		return bad("red_fives", r.RedFives, "0 to 4")
	case r.PinfuTsumoFu != 20 && r.PinfuTsumoFu != 22:
		return bad("pinfu_tsumo_fu", r.PinfuTsumoFu, "20 or 22")
	case r.OpenPinfuFu != 20 && r.OpenPinfuFu != 30:
		return bad("open_pinfu_fu", r.OpenPinfuFu, "20 or 30")
	case r.DoubleWindFu != 2 && r.DoubleWindFu != 4:
		return bad("double_wind_fu", r.DoubleWindFu, "2 or 4")
	case r.Renhou >= numRenhou:
		return bad("renhou", int(r.Renhou), "none, mangan or yakuman")
	}
	return nil
}

// Validate reports the first setting out of range (YakuRules.Validate), or
// nil.
func (r *Rules) Validate() error {
	return r.YakuRules.Validate()
}
