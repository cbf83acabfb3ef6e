package adjudicator

import (
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/haifu/haifu/yaku"
)

// An enumerated setting of a rule file (draw.renchan, end.tobi, ...) is a
// type over its list of values: the value i of the type is written as the
// i-th of its names, which a table keyed by the type's constants declares
// once. The type's UnmarshalText reads a name and rejects any other
// (go-toml calls it as it decodes a rule file, so the error has the
// value's position: see Parse); MarshalText writes it; Values lists the
// names for the docs and `haifu rules --keys`. scoring.Renhou and
// hand.TenpaiPolicy, the enumerated settings of other packages, follow the
// same pattern; a list of names (abortive.keep_dealer, win.pao,
// auto.eras, end.yame, ...) is a slice of such a type.

// enum is the constraint of the enumerated settings' types: names lists
// the values' names, indexed by value.
type enum interface {
	~uint8
	names() []string
}

// enumString returns v's name, or the type and number of a value out of
// range.
func enumString[T enum](v T) string {
	if n := v.names(); int(v) < len(n) {
		return n[v]
	}
	return fmt.Sprintf("%T(%d)", v, uint8(v))
}

// marshalEnum returns v's name, or an error for a value out of range.
func marshalEnum[T enum](v T) ([]byte, error) {
	if n := v.names(); int(v) < len(n) {
		return []byte(n[v]), nil
	}
	return nil, fmt.Errorf("%T(%d) is not one of %s", v, uint8(v), strings.Join(v.names(), ", "))
}

// unmarshalEnum sets *v to the value named text, or returns an error that
// lists the names.
func unmarshalEnum[T enum](v *T, text []byte) error {
	n := (*v).names()
	if i := slices.Index(n, string(text)); i >= 0 {
		*v = T(i)
		return nil
	}
	return fmt.Errorf("%q is not one of %s", text, strings.Join(n, ", "))
}

// enumNames returns the names of the values of t, an enumerated setting's
// type (a uint8 type whose MarshalText names each value from 0 up and
// fails past the last), or nil for any other type.
func enumNames(t reflect.Type) []string {
	if t.Kind() != reflect.Uint8 || !t.Implements(reflect.TypeFor[encoding.TextMarshaler]()) {
		return nil
	}
	var out []string
	for i := range 256 {
		v := reflect.New(t).Elem()
		v.SetUint(uint64(i))
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			break
		}
		out = append(out, string(b))
	}
	return out
}

// Declaration is how tenpai is told at an exhaustive draw
// (draw.declaration).
type Declaration uint8

// The values of draw.declaration.
const (
	// DeclarationAuto ("auto"): from the hand, all at once.
	DeclarationAuto Declaration = iota
	// DeclarationSeatOrder ("seat_order"): declared in seat order.
	DeclarationSeatOrder
	// DeclarationNone ("none"): nobody shows a hand.
	DeclarationNone
)

var declarationNames = [...]string{DeclarationAuto: "auto", DeclarationSeatOrder: "seat_order", DeclarationNone: "none"}

func (Declaration) names() []string { return declarationNames[:] }

// String returns the value's name in a rule file.
func (v Declaration) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Declaration) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Declaration) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// NotenRiichi is the treatment of a noten riichi at an exhaustive draw
// (draw.noten_riichi).
type NotenRiichi uint8

// The values of draw.noten_riichi.
const (
	// NotenRiichiNone ("impossible"): the client forbids it.
	NotenRiichiNone NotenRiichi = iota
	// NotenRiichiChombo ("chombo"): a chombo, settled by ChomboRules.
	NotenRiichiChombo
	// NotenRiichiNoPenalty ("no_penalty"): nothing.
	NotenRiichiNoPenalty
)

var notenRiichiNames = [...]string{NotenRiichiNone: "impossible", NotenRiichiChombo: "chombo", NotenRiichiNoPenalty: "no_penalty"}

func (NotenRiichi) names() []string { return notenRiichiNames[:] }

// String returns the value's name in a rule file.
func (v NotenRiichi) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v NotenRiichi) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *NotenRiichi) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Nagashi is the nagashi mangan setting (draw.nagashi).
type Nagashi uint8

// The values of draw.nagashi.
const (
	// NagashiNone ("none"): no nagashi mangan.
	NagashiNone Nagashi = iota
	// NagashiReplacesNoten ("replaces_noten"): mangan-tsumo payments
	// instead of noten payments.
	NagashiReplacesNoten
	// NagashiAsWin ("as_win"): a win.
	NagashiAsWin
)

var nagashiNames = [...]string{NagashiNone: "none", NagashiReplacesNoten: "replaces_noten", NagashiAsWin: "as_win"}

func (Nagashi) names() []string { return nagashiNames[:] }

// String returns the value's name in a rule file.
func (v Nagashi) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Nagashi) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Nagashi) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Renchan is when the dealer keeps the seat (draw.renchan).
type Renchan uint8

// The values of draw.renchan.
const (
	// RenchanTenpai ("tenpai"): on a win, or tenpai at an exhaustive draw.
	RenchanTenpai Renchan = iota
	// RenchanWin ("win"): on a win only.
	RenchanWin
	// RenchanNever ("never"): the seat passes after every hand.
	RenchanNever
	// RenchanSouthTenpai ("tenpai_from_south"): on a win in the East
	// round, on a win or tenpai from the South round on.
	RenchanSouthTenpai
)

var renchanNames = [...]string{RenchanTenpai: "tenpai", RenchanWin: "win", RenchanNever: "never", RenchanSouthTenpai: "tenpai_from_south"}

func (Renchan) names() []string { return renchanNames[:] }

// String returns the value's name in a rule file.
func (v Renchan) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Renchan) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Renchan) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// FourKansTiming is when four kans abort a hand
// (abortive.four_kans_timing).
type FourKansTiming uint8

// The values of abortive.four_kans_timing.
const (
	// FourKansAfterDiscard ("after_discard"): after the discard that
	// follows the fourth kan, if nobody wins on it.
	FourKansAfterDiscard FourKansTiming = iota
	// FourKansOnKan ("on_declaration"): at the fourth kan itself.
	FourKansOnKan
)

var fourKansTimingNames = [...]string{FourKansAfterDiscard: "after_discard", FourKansOnKan: "on_declaration"}

func (FourKansTiming) names() []string { return fourKansTimingNames[:] }

// String returns the value's name in a rule file.
func (v FourKansTiming) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v FourKansTiming) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *FourKansTiming) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// FifthKan is what a fifth kan is (abortive.fifth_kan).
type FifthKan uint8

// The values of abortive.fifth_kan.
const (
	// FifthKanForbidden ("forbidden"): no kan after the fourth.
	FifthKanForbidden FifthKan = iota
	// FifthKanAborts ("aborts"): the fifth kan ends the hand.
	FifthKanAborts
)

var fifthKanNames = [...]string{FifthKanForbidden: "forbidden", FifthKanAborts: "aborts"}

func (FifthKan) names() []string { return fifthKanNames[:] }

// String returns the value's name in a rule file.
func (v FifthKan) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v FifthKan) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *FifthKan) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// FourWindsVoid is what voids the four-winds abortive draw
// (abortive.four_winds_voided_by).
type FourWindsVoid uint8

// The values of abortive.four_winds_voided_by.
const (
	// FourWindsCallsKans ("calls_and_closed_kans"): any call, a closed kan
	// included.
	FourWindsCallsKans FourWindsVoid = iota
	// FourWindsCalls ("calls"): chi, pon and open kans only.
	FourWindsCalls
)

var fourWindsVoidNames = [...]string{FourWindsCallsKans: "calls_and_closed_kans", FourWindsCalls: "calls"}

func (FourWindsVoid) names() []string { return fourWindsVoidNames[:] }

// String returns the value's name in a rule file.
func (v FourWindsVoid) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v FourWindsVoid) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *FourWindsVoid) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// MultipleRon is how several rons on one discard are settled
// (win.multiple_ron).
type MultipleRon uint8

// The values of win.multiple_ron.
const (
	// MultiRonAll ("all_paid"): every winner is paid.
	MultiRonAll MultipleRon = iota
	// MultiRonHeadBump ("head_bump"): only the winner nearest the
	// discarder.
	MultiRonHeadBump
	// MultiRonDouble ("double_only"): two are paid; three is the
	// triple-ron abortive draw.
	MultiRonDouble
)

var multipleRonNames = [...]string{MultiRonAll: "all_paid", MultiRonHeadBump: "head_bump", MultiRonDouble: "double_only"}

func (MultipleRon) names() []string { return multipleRonNames[:] }

// String returns the value's name in a rule file.
func (v MultipleRon) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v MultipleRon) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *MultipleRon) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Bonus is who gets honba and sticks when several win (win.bonus).
type Bonus uint8

// The values of win.bonus.
const (
	// BonusFirst ("first_winner"): the winner nearest the discarder.
	BonusFirst Bonus = iota
	// BonusEach ("each_winner"): each winner gets the honba and its own
	// riichi stick back; the rest go to the first winner.
	BonusEach
)

var bonusNames = [...]string{BonusFirst: "first_winner", BonusEach: "each_winner"}

func (Bonus) names() []string { return bonusNames[:] }

// String returns the value's name in a rule file.
func (v Bonus) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Bonus) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Bonus) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// PaoScope is what the liable player covers (win.pao_scope).
type PaoScope uint8

// The values of win.pao_scope.
const (
	// PaoWhole ("whole_hand"): the whole hand.
	PaoWhole PaoScope = iota
	// PaoShare ("yakuman_share"): only the pao yakuman's share.
	PaoShare
)

var paoScopeNames = [...]string{PaoWhole: "whole_hand", PaoShare: "yakuman_share"}

func (PaoScope) names() []string { return paoScopeNames[:] }

// String returns the value's name in a rule file.
func (v PaoScope) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v PaoScope) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *PaoScope) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// PaoHonba is who pays the honba of a pao ron (win.pao_honba).
type PaoHonba uint8

// The values of win.pao_honba.
const (
	// PaoHonbaLiable ("liable"): the liable player.
	PaoHonbaLiable PaoHonba = iota
	// PaoHonbaDiscarder ("discarder"): the discarder.
	PaoHonbaDiscarder
)

var paoHonbaNames = [...]string{PaoHonbaLiable: "liable", PaoHonbaDiscarder: "discarder"}

func (PaoHonba) names() []string { return paoHonbaNames[:] }

// String returns the value's name in a rule file.
func (v PaoHonba) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v PaoHonba) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *PaoHonba) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// ChomboPayment is what a chombo's offender pays at once
// (chombo.payment).
type ChomboPayment uint8

// The values of chombo.payment.
const (
	// ChomboNone ("none"): nothing.
	ChomboNone ChomboPayment = iota
	// ChomboMangan ("mangan"): as the others' mangan tsumo.
	ChomboMangan
	// ChomboPoints ("points"): ChomboRules.Points, split evenly.
	ChomboPoints
)

var chomboPaymentNames = [...]string{ChomboNone: "none", ChomboMangan: "mangan", ChomboPoints: "points"}

func (ChomboPayment) names() []string { return chomboPaymentNames[:] }

// String returns the value's name in a rule file.
func (v ChomboPayment) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v ChomboPayment) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *ChomboPayment) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Extension is what follows when nobody reached the goal (end.extension).
type Extension uint8

// The values of end.extension.
const (
	// ExtensionNone ("none"): the game ends.
	ExtensionNone Extension = iota
	// ExtensionSudden ("sudden_death"): one more wind at most.
	ExtensionSudden
	// ExtensionIndefinite ("indefinite"): wind after wind, to North.
	ExtensionIndefinite
)

var extensionNames = [...]string{ExtensionNone: "none", ExtensionSudden: "sudden_death", ExtensionIndefinite: "indefinite"}

func (Extension) names() []string { return extensionNames[:] }

// String returns the value's name in a rule file.
func (v Extension) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Extension) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Extension) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Tobi is when a low score ends the game (end.tobi).
type Tobi uint8

// The values of end.tobi.
const (
	// TobiNone ("none"): never.
	TobiNone Tobi = iota
	// TobiBelowZero ("below_zero"): a score below zero.
	TobiBelowZero
	// TobiZero ("zero_or_below"): a score of zero or below.
	TobiZero
)

var tobiNames = [...]string{TobiNone: "none", TobiBelowZero: "below_zero", TobiZero: "zero_or_below"}

func (Tobi) names() []string { return tobiNames[:] }

// String returns the value's name in a rule file.
func (v Tobi) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Tobi) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Tobi) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// YameMode is whether agari-yame and tenpai-yame end the game for a
// placement (the items of end.yame).
type YameMode uint8

// The values of end.yame's items.
const (
	// YameMandatory ("mandatory"): the game ends.
	YameMandatory YameMode = iota
	// YameOptional ("optional"): the dealer chooses.
	YameOptional
	// YameNo ("no"): the game goes on.
	YameNo
)

var yameModeNames = [...]string{YameMandatory: "mandatory", YameOptional: "optional", YameNo: "no"}

func (YameMode) names() []string { return yameModeNames[:] }

// String returns the value's name in a rule file.
func (v YameMode) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v YameMode) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *YameMode) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// LeftoverSticks is what happens to riichi sticks at the end
// (end.leftover_sticks).
type LeftoverSticks uint8

// The values of end.leftover_sticks.
const (
	// SticksFirst ("first"): to first place.
	SticksFirst LeftoverSticks = iota
	// SticksLost ("lost"): lost.
	SticksLost
	// SticksFirstSplit ("first_split"): split among tied first places.
	SticksFirstSplit
)

var leftoverSticksNames = [...]string{SticksFirst: "first", SticksLost: "lost", SticksFirstSplit: "first_split"}

func (LeftoverSticks) names() []string { return leftoverSticksNames[:] }

// String returns the value's name in a rule file.
func (v LeftoverSticks) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v LeftoverSticks) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *LeftoverSticks) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Ties is how tied final scores are placed (end.ties).
type Ties uint8

// The values of end.ties.
const (
	// TiesSeatOrder ("seat_order"): the seat nearer the first dealer
	// places higher.
	TiesSeatOrder Ties = iota
	// TiesSplit ("split"): tied places share their uma.
	TiesSplit
)

var tiesNames = [...]string{TiesSeatOrder: "seat_order", TiesSplit: "split"}

func (Ties) names() []string { return tiesNames[:] }

// String returns the value's name in a rule file.
func (v Ties) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Ties) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Ties) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Rounding is how final points are rounded (end.rounding).
type Rounding uint8

// The values of end.rounding.
const (
	// RoundingNone ("none"): not rounded.
	RoundingNone Rounding = iota
	// RoundingThousand ("thousand"): the final scores rounded to 1000.
	RoundingThousand
	// RoundingTenhou ("tenhou"): either.
	RoundingTenhou
)

var roundingNames = [...]string{RoundingNone: "none", RoundingThousand: "thousand", RoundingTenhou: "tenhou"}

func (Rounding) names() []string { return roundingNames[:] }

// String returns the value's name in a rule file.
func (v Rounding) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Rounding) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Rounding) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// AbortKind is an abortive draw, as abortive.keep_dealer and
// abortive.add_honba list them.
type AbortKind uint8

// The values of abortive.keep_dealer's and abortive.add_honba's items.
const (
	// AbortNineTerminals ("nine_terminals"): nine different terminals and
	// honours in a starting hand.
	AbortNineTerminals AbortKind = iota
	// AbortFourWinds ("four_winds"): four identical first discards of a
	// wind.
	AbortFourWinds
	// AbortFourRiichi ("four_riichi"): every player in riichi.
	AbortFourRiichi
	// AbortFourKans ("four_kans"): four kans by two players or more (or a
	// fifth kan where it aborts).
	AbortFourKans
	// AbortTripleRon ("triple_ron"): three rons on one discard.
	AbortTripleRon
)

// abortKindNames are the names of the abortive draws, the same as those of
// their kinds of divergence (see divergence).
var abortKindNames = [...]string{
	AbortNineTerminals: string(DivergeNineTerminals), AbortFourWinds: string(DivergeFourWinds),
	AbortFourRiichi: string(DivergeFourRiichi), AbortFourKans: string(DivergeFourKans), AbortTripleRon: string(DivergeTripleRon),
}

func (AbortKind) names() []string { return abortKindNames[:] }

// divergence returns the kind of divergence of a log that has this
// abortive draw where the rules do not.
func (v AbortKind) divergence() Divergence { return Divergence(abortKindNames[v]) }

// String returns the value's name in a rule file.
func (v AbortKind) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v AbortKind) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *AbortKind) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// PaoYakuman is a yakuman that carries liability (the items of win.pao).
type PaoYakuman uint8

// The values of win.pao's items.
const (
	// PaoDaisangen ("daisangen"): big three dragons.
	PaoDaisangen PaoYakuman = iota
	// PaoDaisuushii ("daisuushii"): big four winds.
	PaoDaisuushii
	// PaoSuukantsu ("suukantsu"): four kans.
	PaoSuukantsu
)

var paoYakumanNames = [...]string{PaoDaisangen: "daisangen", PaoDaisuushii: "daisuushii", PaoSuukantsu: "suukantsu"}

// paoYakumanIDs are the pao yakuman's yaku ids, as a win's yaku list
// (event.Yaku) records them.
var paoYakumanIDs = [...]yaku.ID{PaoDaisangen: yaku.Daisangen, PaoDaisuushii: yaku.Daisuushii, PaoSuukantsu: yaku.Suukantsu}

func (PaoYakuman) names() []string { return paoYakumanNames[:] }

// String returns the value's name in a rule file.
func (v PaoYakuman) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v PaoYakuman) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *PaoYakuman) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Platform is a platform a preset is chosen for (the items of
// auto.platforms).
type Platform uint8

// The values of auto.platforms' items.
const (
	// PlatformTenhou ("tenhou"): Tenhou's logs.
	PlatformTenhou Platform = iota
	// PlatformMajsoul ("majsoul"): Mahjong Soul's logs.
	PlatformMajsoul
	// PlatformOther ("other"): the logs of any other platform, or of none
	// known (a tenhou.net/6 editor's file).
	PlatformOther
)

var platformNames = [...]string{PlatformTenhou: "tenhou", PlatformMajsoul: "majsoul", PlatformOther: "other"}

func (Platform) names() []string { return platformNames[:] }

// String returns the value's name in a rule file.
func (v Platform) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Platform) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Platform) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Lobby is a kind of lobby a preset is chosen for (auto.lobby).
type Lobby uint8

// The values of auto.lobby.
const (
	// LobbyPublic ("public"): Tenhou lobby 0 with standard rules, Mahjong
	// Soul's ranked rooms.
	LobbyPublic Lobby = iota
	// LobbyChips ("chips"): 祝儀 lobbies.
	LobbyChips
	// LobbyChips5 ("chips5"): 祝儀 lobbies with 5 chips per bonus.
	LobbyChips5
	// LobbyPrivate ("private"): numbered or custom lobbies, other special
	// lobbies, friendly and tournament rooms, editors' files.
	LobbyPrivate
	// LobbyAny ("any"): any lobby (a preset's setting only: no log's
	// lobby is of this kind).
	LobbyAny
)

var lobbyNames = [...]string{LobbyPublic: "public", LobbyChips: "chips", LobbyChips5: "chips5", LobbyPrivate: "private", LobbyAny: "any"}

func (Lobby) names() []string { return lobbyNames[:] }

// String returns the value's name in a rule file.
func (v Lobby) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Lobby) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Lobby) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }

// Era is a Tenhou rule era (the items of auto.eras; docs/rules-evidence.md,
// "2009–2010 rule eras"), in order.
type Era uint8

// The values of auto.eras' items.
const (
	// Era2009 ("2009"): to 2009-07-03, no cap on the extension.
	Era2009 Era = iota
	// Era2009July ("2009-07"): 2009-07-04 to 2009-07-31.
	Era2009July
	// Era2010 ("2010"): 2009-08-01 to 2010-05-31, tonpuusen uma 10-20.
	Era2010
	// EraModern ("modern"): from June 2010, tenpai-yame.
	EraModern
)

var eraNames = [...]string{Era2009: "2009", Era2009July: "2009-07", Era2010: "2010", EraModern: "modern"}

func (Era) names() []string { return eraNames[:] }

// String returns the value's name in a rule file.
func (v Era) String() string { return enumString(v) }

// MarshalText returns the value's name in a rule file.
func (v Era) MarshalText() ([]byte, error) { return marshalEnum(v) }

// UnmarshalText sets v to the value named text.
func (v *Era) UnmarshalText(text []byte) error { return unmarshalEnum(v, text) }
