// Package adjudicator judges how hands and games end under a rule set, and
// compares the judgement with what the log recorded (DESIGN.md verification
// levels 3 and 4).
//
// A rule set is a Rules value: a plain struct whose every field is one of the
// settings of RULESETS.md §4. Presets (tenhou, tenhou-sanma, majsoul,
// majsoul-sanma, wrc, ema, mleague, jpml, ...) are TOML files embedded in the
// binary; a user's own TOML file is read by Load, which rejects unknown keys
// with their line. Auto picks the preset matching a log.
//
// A Judger replays a game (package replay) and, at every hand end, works out
// what the rules say the result must be: whether the hand could end that
// way, tenpai at an exhaustive draw, noten payments, nagashi mangan, the
// conditions of each abortive draw, and the payments of wins from their
// recorded value; then the next hand's round, dealer, honba, sticks and
// scores, the end of the game and the final points. Every difference is a
// Finding with Expected and Recorded. Under rules that are not the log's
// own, a hand or game the rules would have played differently is marked
// divergent from that point instead of being guessed onward.
package adjudicator

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/scoring"
	"github.com/pelletier/go-toml/v2"
)

// Rules is a rule set. Every field has a TOML key; see the presets for
// documented examples. The zero Rules is not valid; start from a preset.
type Rules struct {
	// Name identifies the rule set (the preset name, or the file's).
	Name string `toml:"name"`
	// Description says where the rules come from.
	Description string `toml:"description"`
	// Players is 4, or 3 for sanma.
	Players int `toml:"players"`

	Points PointRules   `toml:"points"`
	Draw   DrawRules    `toml:"draw"`
	Abort  AbortRules   `toml:"abortive"`
	Win    WinRules     `toml:"win"`
	Yaku   YakuRules    `toml:"yaku"`
	Chombo ChomboRules  `toml:"chombo"`
	End    EndRules     `toml:"end"`
	Riichi RiichiRules  `toml:"riichi"`
	Auto   AutoSelector `toml:"auto"`
}

// PointRules are the point values of the game.
type PointRules struct {
	// Start is every player's starting score (0: whatever the log's first
	// hand says, for lobbies whose owner sets it); Return the score the
	// final points are measured from (the difference, times the number of
	// players, is the oka that goes to first place).
	Start  int32 `toml:"start"`
	Return int32 `toml:"return"`
	// RiichiStick is the riichi deposit.
	RiichiStick int32 `toml:"riichi_stick"`
	// HonbaRon is what a ron pays per honba; HonbaTsumo what each payer of
	// a tsumo pays per honba.
	HonbaRon   int32 `toml:"honba_ron"`
	HonbaTsumo int32 `toml:"honba_tsumo"`
}

// DrawRules settle an exhaustive draw.
type DrawRules struct {
	// NotenPool is the total that moves from noten to tenpai players,
	// split evenly on each side (3000: one tenpai gets 3000 from three
	// noten players paying 1000; 0: no noten payments).
	NotenPool int32 `toml:"noten_pool"`
	// TenpaiPolicy decides whether a hand that waits only on tiles the
	// player holds is tenpai ("tenhou": only concealed copies make it
	// noten; "melds_count": copies in own melds count too).
	TenpaiPolicy hand.TenpaiPolicy `toml:"tenpai_policy"`
	// KeishikiTenpai: a tenpai hand without a yaku counts as tenpai.
	KeishikiTenpai bool `toml:"keishiki_tenpai"`
	// Declaration is how tenpai is told: "auto" (from the hand) or
	// "seat_order" (players declare; a tenpai player may declare noten
	// unless in riichi — haifu assumes every tenpai hand is declared).
	Declaration Declaration `toml:"declaration"`
	// NotenRiichi is what a riichi player who is noten at the draw gets:
	// "impossible" (the client forbids it; a finding if it happens) or
	// "chombo".
	NotenRiichi NotenRiichi `toml:"noten_riichi"`
	// Nagashi is nagashi mangan: "none", "replaces_noten" (mangan-tsumo
	// payments instead of noten payments; not a win: no honba, sticks
	// stay) or "as_win".
	Nagashi Nagashi `toml:"nagashi"`
	// NagashiOwnCalls: the nagashi player's own calls do not void it.
	NagashiOwnCalls bool `toml:"nagashi_own_calls"`
	// Renchan is when the dealer keeps the seat: "tenpai" (a win, or
	// tenpai at an exhaustive draw), "win" (a win only), "never" (the
	// seat passes after every hand, a dealer's win included; abortive
	// draws follow AbortRules.KeepDealer), or "tenpai_from_south" (a win
	// only in the East round, a win or tenpai from the South round on).
	Renchan Renchan `toml:"renchan"`
}

// AbortRules say which abortive draws exist and what follows them; riichi
// sticks stay on the table.
type AbortRules struct {
	NineTerminals bool `toml:"nine_terminals"`
	FourWinds     bool `toml:"four_winds"`
	FourRiichi    bool `toml:"four_riichi"`
	FourKans      bool `toml:"four_kans"`
	TripleRon     bool `toml:"triple_ron"`
	// KeepDealer lists the abortive draws after which the dealer keeps the
	// seat, AddHonba those after which a honba is added ("nine_terminals",
	// "four_winds", "four_riichi", "four_kans", "triple_ron"); after the
	// others the seat passes, and the honba stay as they were.
	KeepDealer []string `toml:"keep_dealer"`
	AddHonba   []string `toml:"add_honba"`
	// FourKansTiming is when four kans by two or more players abort the
	// hand: "after_discard" (the discard after the fourth kan, if nobody
	// wins on it) or "on_declaration" (at the fourth kan itself).
	FourKansTiming FourKansTiming `toml:"four_kans_timing"`
	// FifthKan is what a fifth kan is where four kans do not abort (or
	// one player made them): "forbidden" (no kan after the fourth) or
	// "aborts" (the fifth kan ends the hand, 五開槓).
	FifthKan FifthKan `toml:"fifth_kan"`
	// FourWindsVoidedBy is what keeps four identical first winds from
	// aborting: "calls_and_closed_kans" (any call, a closed kan included)
	// or "calls" (chi, pon and open kans only).
	FourWindsVoidedBy FourWindsVoid `toml:"four_winds_voided_by"`
}

// after reports what follows the abortive draw k: whether the dealer keeps
// the seat (KeepDealer lists it) and whether a honba is added (AddHonba
// does; else the honba stay as they were).
func (a *AbortRules) after(k Divergence) (keep, honba bool) {
	return slices.Contains(a.KeepDealer, string(k)), slices.Contains(a.AddHonba, string(k))
}

// ChomboRules settle a chombo: a riichi player found noten at an exhaustive
// draw under draw.noten_riichi = "chombo". Nothing else of the hand is
// exchanged (no noten payments); riichi sticks stay on the table.
type ChomboRules struct {
	// Payment is what the offender pays the others at once: "none",
	// "mangan" (as the others' mangan tsumo: 4000 to the dealer and 2000 to
	// each other player from a non-dealer, 4000 to each from the dealer)
	// or "points" (Points, split evenly among the others).
	Payment ChomboPayment `toml:"payment"`
	Points  int32         `toml:"points"`
	// FinalPoints is added to the offender's final points (e.g. -20).
	FinalPoints float64 `toml:"final_points"`
	// DealerKeeps: the same dealer deals again (no rotation); AddHonba: a
	// honba is added (else the honba stay as they were).
	DealerKeeps bool `toml:"dealer_keeps"`
	AddHonba    bool `toml:"add_honba"`
}

// WinRules settle wins.
type WinRules struct {
	// MultipleRon: "all_paid", "head_bump" (only the winner nearest the
	// discarder) or "double_only" (two are paid; three is the triple-ron
	// abortive draw, which AbortRules.TripleRon must then allow).
	MultipleRon MultipleRon `toml:"multiple_ron"`
	// Bonus: who gets honba and sticks when several win: "first_winner"
	// (the winner nearest the discarder) or "each_winner" (each winner gets
	// the honba and takes back its own riichi stick; the rest go to the
	// first winner).
	Bonus Bonus `toml:"bonus"`
	// TsumoLoss: in sanma, a tsumo is paid by the two others only, each
	// its four-player share.
	TsumoLoss bool `toml:"tsumo_loss"`
	// Kiriage: 4 han 30 fu and 3 han 60 fu are paid as mangan.
	Kiriage bool `toml:"kiriage"`
	// Kazoe: 13 han or more is a yakuman (else sanbaiman).
	Kazoe bool `toml:"kazoe"`
	// DoubleYakumanForms: kokushi 13-wait, suuankou tanki, junsei
	// chuuren and daisuushii count as double yakuman.
	DoubleYakumanForms bool `toml:"double_yakuman_forms"`
	// YakumanStacking: different yakuman in one hand add up.
	YakumanStacking bool `toml:"yakuman_stacking"`
	// Pao lists the yakuman that carry liability ("daisangen",
	// "daisuushii", "suukantsu").
	Pao []string `toml:"pao"`
	// PaoScope: "whole_hand" (the liable player's share covers the whole
	// hand) or "yakuman_share" (only the pao yakuman's part).
	PaoScope PaoScope `toml:"pao_scope"`
	// PaoHonba: who pays the honba of a pao ron: "liable" or "discarder".
	PaoHonba PaoHonba `toml:"pao_honba"`
	// DealerKeepsOnMultiRon: the dealer keeps the seat when it is one of
	// several ron winners.
	DealerKeepsOnMultiRon bool `toml:"dealer_keeps_on_multi_ron"`
}

// YakuRules are the settings that change what a win is worth: which yaku
// and dora count and a few fu. With the limits of WinRules (kiriage, kazoe,
// double yakuman forms, stacking, tsumo loss) they are the scorer's rules
// (package scoring; Rules.Scoring).
type YakuRules struct {
	// OpenTanyao: tanyao counts in an open hand (kuitan).
	OpenTanyao bool `toml:"open_tanyao"`
	// RedFives is the number of red fives per suit, 0 for none (red tiles
	// then count as plain fives).
	RedFives int `toml:"red_fives"`
	// Ippatsu: ippatsu is a yaku. UraDora: a riichi winner counts the ura
	// dora; KanDora: the indicators revealed after kans count; KanUra: so
	// do the ura under them.
	Ippatsu bool `toml:"ippatsu"`
	UraDora bool `toml:"ura_dora"`
	KanDora bool `toml:"kan_dora"`
	KanUra  bool `toml:"kan_ura"`
	// PinfuTsumoFu is the fu of a pinfu won by tsumo: 20, or 22 (the
	// tsumo's 2 fu count, rounded to 30).
	PinfuTsumoFu int `toml:"pinfu_tsumo_fu"`
	// OpenPinfuFu is the fu of an open hand of pinfu shape won by ron: 30
	// or 20.
	OpenPinfuFu int `toml:"open_pinfu_fu"`
	// DoubleWindFu is the fu of a pair of the wind that is both the seat
	// and the round wind: 4 or 2.
	DoubleWindFu int `toml:"double_wind_fu"`
	// Renhou is what a non-dealer's ron before its first draw is worth:
	// "none"; "mangan", a mangan that the hand's other yaku and dora do
	// not add to (the hand is paid the more of a mangan and its value
	// without renhou); or "yakuman".
	Renhou scoring.Renhou `toml:"renhou"`
}

// Scoring returns the scorer's rules for game m under these rules: the
// [yaku] section and the limits of [win]. Under the log's own rules
// (native) the red fives and open tanyao the log states for itself stand
// over the preset's (a Tenhou lobby without red fives, a Mahjong Soul room
// without open tanyao), and so does a Mahjong Soul room's "ancient yaku"
// mode, where renhou is a yakuman. Where the kita han are listed (inside
// the dora entry, or an entry of their own) follows the log's platform.
func (r *Rules) Scoring(m *event.Meta, native bool) scoring.Rules {
	y := &r.Yaku
	s := scoring.Rules{
		OpenTanyao:         y.OpenTanyao,
		RedFives:           y.RedFives,
		Ippatsu:            y.Ippatsu,
		UraDora:            y.UraDora,
		KanDora:            y.KanDora,
		KanUra:             y.KanUra,
		PinfuTsumoFu:       y.PinfuTsumoFu,
		OpenPinfuFu:        y.OpenPinfuFu,
		DoubleWindFu:       y.DoubleWindFu,
		Renhou:             y.Renhou,
		Kiriage:            r.Win.Kiriage,
		Kazoe:              r.Win.Kazoe,
		DoubleYakumanForms: r.Win.DoubleYakumanForms,
		YakumanStacking:    r.Win.YakumanStacking,
		TsumoLoss:          r.Win.TsumoLoss,
		KitaInDora:         m.Platform != event.Majsoul,
	}
	if !native {
		return s
	}
	if reds := m.Rules.RedFives; reds[0] >= 0 && reds[1] >= 0 && reds[2] >= 0 {
		s.RedFives = int(max(reds[0], reds[1], reds[2]))
	}
	switch m.Rules.OpenTanyao {
	case event.FlagYes:
		s.OpenTanyao = true
	case event.FlagNo:
		s.OpenTanyao = false
	}
	if m.Platform == event.Majsoul {
		for _, kv := range m.Rules.Extra {
			if kv.Key == "guyi_mode" && kv.Value == "1" {
				s.Renhou = scoring.RenhouYakuman
			}
		}
	}
	return s
}

// EndRules decide when the game ends and the final points.
type EndRules struct {
	// Extension is what happens when nobody reached Goal after the last
	// hand: "none"; "sudden_death" (one more wind; the game ends as soon
	// as someone has Goal, a dealer renchan first; it ends after that wind
	// at the latest); or "indefinite" (the same, wind after wind, until
	// someone has Goal: Tenhou before 2009-07-04; up to North at most).
	Extension Extension `toml:"extension"`
	// Goal is the score that ends the extension and that agari-yame and
	// tenpai-yame need (riichi sticks on the table do not count).
	Goal int32 `toml:"goal"`
	// DrawEndsExtension: a hand of the extension that ends in a draw also
	// ends the game when someone has Goal.
	DrawEndsExtension bool `toml:"draw_ends_extension"`
	// Tobi ends the game when a score falls: "none", "below_zero", or
	// "zero_or_below".
	Tobi Tobi `toml:"tobi"`
	// AgariYame and TenpaiYame: the game may end when the dealer of the
	// last hand (or of a hand in the extension) wins, or is tenpai at an
	// exhaustive draw, with at least Goal (when YameNeedsGoal); Yame says,
	// for the dealer's placement then (first to last), whether the game
	// ends: "mandatory", "optional" (the dealer chooses: a log that ends
	// and one that goes on are both right) or "no".
	AgariYame     bool       `toml:"agari_yame"`
	TenpaiYame    bool       `toml:"tenpai_yame"`
	Yame          []YameMode `toml:"yame"`
	YameNeedsGoal bool       `toml:"yame_needs_goal"`
	// LeftoverSticks are the riichi sticks on the table at the end: "first"
	// (to first place), "lost", or "first_split" (split among tied first
	// places).
	LeftoverSticks LeftoverSticks `toml:"leftover_sticks"`
	// Uma is added to the final points by placement, in thousands; empty
	// when the rules do not fix it (private lobbies): the final points are
	// then not judged. UmaEast, when not empty, replaces Uma for East-only
	// games.
	Uma     []float64 `toml:"uma"`
	UmaEast []float64 `toml:"uma_east"`
	// Ties: "seat_order" (the seat nearer the first dealer places higher)
	// or "split" (tied places share their uma).
	Ties Ties `toml:"ties"`
	// Rounding of the final points: "none"; "thousand" (the final score is
	// rounded to 1000, 4 down / 5 up on its magnitude, before the points
	// are taken, for each place but first, which gets minus the sum of the
	// others); or "tenhou", which accepts either: Tenhou rounded until early
	// 2022 and stopped by June 2022, and an mjlog does not carry its date
	// (docs/rules-evidence.md Q12). Computed points use no rounding.
	Rounding Rounding `toml:"rounding"`
}

// ReplayOptions returns the options the replay judges a game's legality
// with under these rules: the platform's facts (when kan dora are revealed,
// whether swap calling is forbidden; replay.OptionsFor) with the rules'
// conditions to declare riichi and, when the rules are the log's own
// (native), the price of a riichi stick: under other rules the replay
// follows the log's own stick (1000), and the rules' price is applied to
// the sticks it counts. It is the one place that derives them. Rules for
// another number of players than the game's say nothing of its play (the
// game is divergent from its first hand): the platform's own conditions
// stand.
func (r *Rules) ReplayOptions(m *event.Meta, native bool) replay.Options {
	o := replay.OptionsFor(m)
	if r.Players == m.PlayerCount() {
		o.RiichiMinScore = r.Riichi.MinScore
		o.RiichiMinWall = r.Riichi.MinWall
		o.FifthKan = r.Abort.FifthKan == FifthKanAborts
		if native {
			o.RiichiStick = r.Points.RiichiStick
		}
	}
	return o
}

// RiichiRules are the conditions to declare riichi, for judging legality
// under these rules.
type RiichiRules struct {
	MinScore int32 `toml:"min_score"`
	// MinWall is the fewest live tiles that must be left (4: one more draw
	// each in four-player).
	MinWall int `toml:"min_wall"`
}

// AutoSelector says which logs `--rules auto` gives this preset. A preset
// is chosen when the log's platform is in Platforms, its player count is
// Players, and its lobby kind and seed era match.
type AutoSelector struct {
	// Platforms lists "tenhou", "majsoul", "other"; empty: none.
	Platforms []string `toml:"platforms"`
	// Lobby is "public" (Tenhou lobby 0 with standard rules), "chips"
	// (祝儀 lobbies), "chips5" (祝儀 lobbies with 5 chips per bonus),
	// "private" (numbered or custom lobbies, and other special lobbies) or
	// "any".
	Lobby string `toml:"lobby"`
	// Eras lists the Tenhou rule eras the preset is for; empty: any. The
	// eras (docs/rules-evidence.md, "2009–2010 rule eras"): "2009" (to
	// 2009-07-03: no cap on the extension), "2009-07" (2009-07-04 to
	// 2009-07-31), "2010" (2009-08-01 to 2010-05-31: tonpuusen uma 10-20),
	// "modern" (tenpai-yame; a log of June 2010 may be of "2010" or
	// "modern"). The era comes from the log id's date, or from the form of
	// the wall seed, which spans two eras.
	Eras []string `toml:"eras"`
	// Titles, when not empty, choose the preset for the logs whose title
	// (a tenhou.net/6 editor file's, a custom lobby's) contains one of
	// them ("日本プロ麻雀連盟" for JPML's official games), before any
	// preset without titles; Lobby and Eras are then not looked at.
	Titles []string `toml:"titles"`
}

// Declaration is how tenpai is told at an exhaustive draw.
type Declaration string

// NotenRiichi is the treatment of a noten riichi at an exhaustive draw.
type NotenRiichi string

// Nagashi is the nagashi mangan setting.
type Nagashi string

// Renchan is when the dealer keeps the seat.
type Renchan string

// MultipleRon is how several rons on one discard are settled.
type MultipleRon string

// Bonus is who gets honba and sticks when several win.
type Bonus string

// PaoScope is what the liable player covers.
type PaoScope string

// PaoHonba is who pays the honba of a pao ron.
type PaoHonba string

// Extension is what follows when nobody reached the goal.
type Extension string

// Tobi is when a low score ends the game.
type Tobi string

// LeftoverSticks is what happens to riichi sticks at the end.
type LeftoverSticks string

// Ties is how tied final scores are placed.
type Ties string

// Rounding is how final points are rounded.
type Rounding string

// FourKansTiming is when four kans abort a hand.
type FourKansTiming string

// FifthKan is what a fifth kan is.
type FifthKan string

// FourWindsVoid is what voids the four-winds abortive draw.
type FourWindsVoid string

// ChomboPayment is what a chombo's offender pays at once.
type ChomboPayment string

// YameMode is whether agari-yame and tenpai-yame end the game for a
// placement.
type YameMode string

// The values of the string-typed settings.
const (
	DeclarationAuto      Declaration    = "auto"
	DeclarationSeatOrder Declaration    = "seat_order"
	NotenRiichiNone      NotenRiichi    = "impossible"
	NotenRiichiChombo    NotenRiichi    = "chombo"
	NagashiNone          Nagashi        = "none"
	NagashiReplacesNoten Nagashi        = "replaces_noten"
	NagashiAsWin         Nagashi        = "as_win"
	RenchanTenpai        Renchan        = "tenpai"
	RenchanWin           Renchan        = "win"
	RenchanNever         Renchan        = "never"
	RenchanSouthTenpai   Renchan        = "tenpai_from_south"
	NotenRiichiNoPenalty NotenRiichi    = "no_penalty"
	DeclarationNone      Declaration    = "none"
	FourKansAfterDiscard FourKansTiming = "after_discard"
	FourKansOnKan        FourKansTiming = "on_declaration"
	FifthKanForbidden    FifthKan       = "forbidden"
	FifthKanAborts       FifthKan       = "aborts"
	FourWindsCallsKans   FourWindsVoid  = "calls_and_closed_kans"
	FourWindsCalls       FourWindsVoid  = "calls"
	ChomboNone           ChomboPayment  = "none"
	ChomboMangan         ChomboPayment  = "mangan"
	ChomboPoints         ChomboPayment  = "points"
	YameMandatory        YameMode       = "mandatory"
	YameOptional         YameMode       = "optional"
	YameNo               YameMode       = "no"
	MultiRonAll          MultipleRon    = "all_paid"
	MultiRonHeadBump     MultipleRon    = "head_bump"
	MultiRonDouble       MultipleRon    = "double_only"
	BonusFirst           Bonus          = "first_winner"
	BonusEach            Bonus          = "each_winner"
	PaoWhole             PaoScope       = "whole_hand"
	PaoShare             PaoScope       = "yakuman_share"
	PaoHonbaLiable       PaoHonba       = "liable"
	PaoHonbaDiscarder    PaoHonba       = "discarder"
	ExtensionNone        Extension      = "none"
	ExtensionSudden      Extension      = "sudden_death"
	ExtensionIndefinite  Extension      = "indefinite"
	TobiNone             Tobi           = "none"
	TobiBelowZero        Tobi           = "below_zero"
	TobiZero             Tobi           = "zero_or_below"
	SticksFirst          LeftoverSticks = "first"
	SticksLost           LeftoverSticks = "lost"
	SticksFirstSplit     LeftoverSticks = "first_split"
	TiesSeatOrder        Ties           = "seat_order"
	TiesSplit            Ties           = "split"
	RoundingNone         Rounding       = "none"
	RoundingThousand     Rounding       = "thousand"
	RoundingTenhou       Rounding       = "tenhou"
)

// abortKinds are the names of the abortive draws in AbortRules' lists.
var abortKinds = []string{"nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"}

// oneOf checks that v is one of the allowed values of the setting key.
func oneOf[T ~string](errs *[]string, key string, v T, allowed ...T) {
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	var names []string
	for _, a := range allowed {
		names = append(names, fmt.Sprintf("%q", string(a)))
	}
	*errs = append(*errs, fmt.Sprintf("%s = %q: want one of %s", key, string(v), strings.Join(names, ", ")))
}

// Validate checks that every setting has a meaningful value and that they
// agree with each other. It returns an error listing every problem.
func (r *Rules) Validate() error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if r.Name == "" {
		bad("name is empty")
	}
	if r.Players != 3 && r.Players != 4 {
		bad("players = %d: want 3 or 4", r.Players)
	}
	p := r.Points
	if p.Start < 0 || p.Return < 0 || p.RiichiStick < 0 || p.HonbaRon < 0 || p.HonbaTsumo < 0 {
		bad("points: the values must not be negative")
	}
	if r.Draw.NotenPool < 0 {
		bad("draw.noten_pool = %d: must not be negative", r.Draw.NotenPool)
	}
	if !r.Draw.KeishikiTenpai {
		bad("draw.keishiki_tenpai = false needs yaku evaluation of noten hands, which haifu does not do yet")
	}
	oneOf(&errs, "draw.declaration", r.Draw.Declaration, DeclarationAuto, DeclarationSeatOrder, DeclarationNone)
	oneOf(&errs, "draw.noten_riichi", r.Draw.NotenRiichi, NotenRiichiNone, NotenRiichiChombo, NotenRiichiNoPenalty)
	oneOf(&errs, "draw.nagashi", r.Draw.Nagashi, NagashiNone, NagashiReplacesNoten, NagashiAsWin)
	oneOf(&errs, "draw.renchan", r.Draw.Renchan, RenchanTenpai, RenchanWin, RenchanNever, RenchanSouthTenpai)
	if r.Draw.Declaration == DeclarationNone && (r.Draw.NotenPool != 0 || r.Draw.Renchan == RenchanTenpai || r.Draw.Renchan == RenchanSouthTenpai) {
		bad(`draw.declaration = "none" (no hand shown at a draw) needs noten_pool = 0 and a renchan that does not depend on tenpai`)
	}
	for _, key := range []string{"abortive.keep_dealer", "abortive.add_honba"} {
		list := r.Abort.KeepDealer
		if key == "abortive.add_honba" {
			list = r.Abort.AddHonba
		}
		for _, k := range list {
			if !slices.Contains(abortKinds, k) {
				bad("%s: %q is not one of %s", key, k, strings.Join(abortKinds, ", "))
			}
		}
	}
	oneOf(&errs, "abortive.four_kans_timing", r.Abort.FourKansTiming, FourKansAfterDiscard, FourKansOnKan)
	oneOf(&errs, "abortive.fifth_kan", r.Abort.FifthKan, FifthKanForbidden, FifthKanAborts)
	oneOf(&errs, "abortive.four_winds_voided_by", r.Abort.FourWindsVoidedBy, FourWindsCallsKans, FourWindsCalls)
	oneOf(&errs, "chombo.payment", r.Chombo.Payment, ChomboNone, ChomboMangan, ChomboPoints)
	if r.Chombo.Points < 0 || r.Chombo.Payment == ChomboPoints && r.Chombo.Points == 0 {
		bad(`chombo.points = %d: want a positive amount with payment = "points" (0 otherwise)`, r.Chombo.Points)
	}
	oneOf(&errs, "win.multiple_ron", r.Win.MultipleRon, MultiRonAll, MultiRonHeadBump, MultiRonDouble)
	oneOf(&errs, "win.bonus", r.Win.Bonus, BonusFirst, BonusEach)
	oneOf(&errs, "win.pao_scope", r.Win.PaoScope, PaoWhole, PaoShare)
	oneOf(&errs, "win.pao_honba", r.Win.PaoHonba, PaoHonbaLiable, PaoHonbaDiscarder)
	for _, y := range r.Win.Pao {
		if y != "daisangen" && y != "daisuushii" && y != "suukantsu" {
			bad("win.pao: %q is not daisangen, daisuushii or suukantsu", y)
		}
	}
	if r.Win.MultipleRon == MultiRonDouble && !r.Abort.TripleRon {
		bad(`win.multiple_ron = "double_only" needs abortive.triple_ron = true`)
	}
	if r.Win.TsumoLoss && r.Players != 3 {
		bad("win.tsumo_loss applies to three-player rules only")
	}
	if y := r.Yaku; y.KanUra && !(y.UraDora && y.KanDora) {
		bad("yaku.kan_ura = true needs ura_dora and kan_dora")
	}
	if sr := r.Scoring(&event.Meta{}, false); sr.Validate() != nil {
		bad("yaku: %v", sr.Validate())
	}
	oneOf(&errs, "end.extension", r.End.Extension, ExtensionNone, ExtensionSudden, ExtensionIndefinite)
	oneOf(&errs, "end.tobi", r.End.Tobi, TobiNone, TobiBelowZero, TobiZero)
	oneOf(&errs, "end.leftover_sticks", r.End.LeftoverSticks, SticksFirst, SticksLost, SticksFirstSplit)
	oneOf(&errs, "end.ties", r.End.Ties, TiesSeatOrder, TiesSplit)
	oneOf(&errs, "end.rounding", r.End.Rounding, RoundingNone, RoundingThousand, RoundingTenhou)
	if (r.End.Extension != ExtensionNone || r.End.YameNeedsGoal) && r.End.Goal <= 0 {
		bad("end.goal must be positive with an extension or yame that needs the goal")
	}
	if len(r.End.Yame) != r.Players {
		bad("end.yame has %d values, want %d (one per placement)", len(r.End.Yame), r.Players)
	}
	for _, m := range r.End.Yame {
		oneOf(&errs, "end.yame", m, YameMandatory, YameOptional, YameNo)
	}
	if len(r.End.Uma) != r.Players && len(r.End.Uma) != 0 {
		bad("end.uma has %d values, want %d (or none)", len(r.End.Uma), r.Players)
	}
	if len(r.End.UmaEast) != r.Players && len(r.End.UmaEast) != 0 {
		bad("end.uma_east has %d values, want %d (or none)", len(r.End.UmaEast), r.Players)
	}
	switch r.Auto.Lobby {
	case "public", "chips", "chips5", "private", "any":
	default:
		bad("auto.lobby = %q: want public, chips, chips5, private or any", r.Auto.Lobby)
	}
	for _, e := range r.Auto.Eras {
		if !slices.Contains(eraNames, e) {
			bad("auto.eras: %q is not one of %s", e, strings.Join(eraNames, ", "))
		}
	}
	for _, pl := range r.Auto.Platforms {
		if pl != "tenhou" && pl != "majsoul" && pl != "other" {
			bad("auto.platforms: %q is not tenhou, majsoul or other", pl)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("rules %q: %s", r.Name, strings.Join(errs, "; "))
	}
	return nil
}

// Parse reads rules from TOML text. name is used in errors (a file name).
// Every key of Rules must be present (a missing key is an error, so a file
// never silently falls back to zero values) and an unknown key is an error
// naming the key and its line.
func Parse(name string, data []byte) (*Rules, error) {
	var r Rules
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		var sm *toml.StrictMissingError
		if errors.As(err, &sm) {
			var msgs []string
			for _, e := range sm.Errors {
				row, col := e.Position()
				msgs = append(msgs, fmt.Sprintf("%s:%d:%d: unknown key %s", name, row, col, strings.Join(e.Key(), ".")))
			}
			return nil, fmt.Errorf("%s", strings.Join(msgs, "\n"))
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s:%d:%d: %v", name, row, col, de)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if missing := missingKeys(data); len(missing) > 0 {
		return nil, fmt.Errorf("%s: missing keys: %s", name, strings.Join(missing, ", "))
	}
	if err := r.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &r, nil
}

// missingKeys returns the keys of Rules that data does not set.
func missingKeys(data []byte) []string {
	var m map[string]any
	if err := toml.Unmarshal(data, &m); err != nil {
		return nil
	}
	var out []string
	for _, k := range Keys() {
		var cur any = m
		for _, part := range strings.Split(k, ".") {
			tbl, ok := cur.(map[string]any)
			if !ok {
				cur = nil
				break
			}
			cur, ok = tbl[part]
			if !ok {
				cur = nil
				break
			}
		}
		if cur == nil {
			out = append(out, k)
		}
	}
	return out
}

// String writes r as TOML.
func (r *Rules) String() string {
	b, err := toml.Marshal(r)
	if err != nil {
		return "# " + err.Error()
	}
	return string(b)
}

// Keys lists the keys of a rule file in the order of Rules' fields
// ("points.start", "draw.noten_pool", ...), from the struct tags: every key
// a file must set.
func Keys() []string {
	var out []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := range t.NumField() {
			f := t.Field(i)
			key := f.Tag.Get("toml")
			if key == "" || key == "-" {
				continue
			}
			if f.Type.Kind() == reflect.Struct {
				walk(f.Type, prefix+key+".")
				continue
			}
			out = append(out, prefix+key)
		}
	}
	walk(reflect.TypeOf(Rules{}), "")
	return out
}

// Value returns the value of key as a rule file writes it (a TOML value:
// 3000, true, "tenpai", ["daisangen", "daisuushii"]), or false when Rules
// has no such key.
func (r *Rules) Value(key string) (string, bool) {
	v := reflect.ValueOf(r).Elem()
	for part := range strings.SplitSeq(key, ".") {
		if v.Kind() != reflect.Struct {
			return "", false
		}
		found := false
		for i := range v.NumField() {
			if v.Type().Field(i).Tag.Get("toml") == part {
				v, found = v.Field(i), true
				break
			}
		}
		if !found {
			return "", false
		}
	}
	if v.Kind() == reflect.Struct {
		return "", false
	}
	b, err := toml.Marshal(map[string]any{"v": v.Interface()})
	if err != nil {
		return "", false
	}
	return strings.TrimSpace(strings.TrimPrefix(string(b), "v = ")), true
}
