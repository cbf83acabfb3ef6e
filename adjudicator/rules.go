// Package adjudicator judges how hands and games end under a rule set, and
// compares the judgement with what the log recorded (docs/design.md verification
// levels 3 and 4).
//
// A rule set is a Rules value: a plain struct whose every field is one of the
// settings of docs/rulesets.md §4. Presets (tenhou, tenhou-sanma, majsoul,
// majsoul-sanma, wrc, ema, mleague, jpml, ...) are TOML files embedded in the
// binary; a user's own TOML file is read by Load (Parse), which rejects a
// missing key, an unknown key and a bad value with an error (a *RuleError)
// naming the file, line and column. Auto picks the preset matching a log.
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
	"encoding"
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
// documented examples, and docs/rules.md. The zero Rules is not valid;
// start from a preset.
type Rules struct {
	// Name identifies the rule set (the preset name, or the file's).
	Name string `toml:"name"`
	// Description says where the rules come from.
	Description string `toml:"description"`
	// Players is 4, or 3 for sanma.
	Players int `toml:"players"`

	Points PointRules        `toml:"points"`
	Draw   DrawRules         `toml:"draw"`
	Abort  AbortRules        `toml:"abortive"`
	Win    WinRules          `toml:"win"`
	Yaku   scoring.YakuRules `toml:"yaku"`
	Chombo ChomboRules       `toml:"chombo"`
	End    EndRules          `toml:"end"`
	Riichi RiichiRules       `toml:"riichi"`
	Auto   AutoSelector      `toml:"auto"`
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
	// KeishikiTenpai: a tenpai hand without a yaku counts as tenpai at an
	// exhaustive draw (形式聴牌). false: a hand with no yaku on any of its
	// waits, by tsumo or by ron (situational yaku such as haitei and
	// houtei aside; dora are no yaku), is noten. A closed hand always has
	// one (menzen tsumo), so false concerns open hands. Every rule set of
	// docs/rulesets.md counts keishiki tenpai (table 1a, §4): false is for
	// house rules.
	KeishikiTenpai bool `toml:"keishiki_tenpai"`
	// Declaration is how tenpai is told: "auto" (from the hand),
	// "seat_order" (players declare; a tenpai player may declare noten
	// unless in riichi: what each declared is what the log shows, its
	// tenpai flags, the hands it shows or, under its own rules, its
	// payments; where it shows nothing, every tenpai hand is declared) or
	// "none" (nobody shows a hand).
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
	KeepDealer []AbortKind `toml:"keep_dealer"`
	AddHonba   []AbortKind `toml:"add_honba"`
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
func (a *AbortRules) after(k AbortKind) (keep, honba bool) {
	return slices.Contains(a.KeepDealer, k), slices.Contains(a.AddHonba, k)
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
	// LimitRules are the settings that turn han and fu into points, the
	// scorer's own (package scoring), with their keys in [win]:
	// tsumo_loss (in sanma, a tsumo is paid by the two others only, each
	// its four-player share; three-player rules only), kiriage, kazoe,
	// double_yakuman_forms, yakuman_stacking.
	scoring.LimitRules
	// Pao lists the yakuman that carry liability ("daisangen",
	// "daisuushii", "suukantsu").
	Pao []PaoYakuman `toml:"pao"`
	// PaoScope: "whole_hand" (the liable player's share covers the whole
	// hand) or "yakuman_share" (only the pao yakuman's part).
	PaoScope PaoScope `toml:"pao_scope"`
	// PaoHonba: who pays the honba of a pao ron: "liable" or "discarder".
	PaoHonba PaoHonba `toml:"pao_honba"`
	// DealerKeepsOnMultiRon: the dealer keeps the seat when it is one of
	// several ron winners.
	DealerKeepsOnMultiRon bool `toml:"dealer_keeps_on_multi_ron"`
}

// Scoring returns the scorer's rules for game m under these rules: the
// [yaku] section and the limits of [win], which are package scoring's own
// settings. Under the log's own rules (native) the red fives and open
// tanyao the log states for itself stand over the preset's (a Tenhou lobby
// without red fives, a Mahjong Soul room without open tanyao), and so does
// a Mahjong Soul room's "ancient yaku" mode, where renhou is a yakuman.
// Where the kita han are listed (inside the dora entry, or an entry of
// their own) follows the log's platform.
func (r *Rules) Scoring(m *event.Meta, native bool) scoring.Rules {
	s := scoring.Rules{YakuRules: r.Yaku, LimitRules: r.Win.LimitRules, KitaInDora: m.Platform != event.Majsoul}
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
		// A noten riichi is illegal only where the client forbids it;
		// chombo rules settle it at the draw, others not at all.
		o.NotenRiichiAllowed = r.Draw.NotenRiichi != NotenRiichiNone
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
	Platforms []Platform `toml:"platforms"`
	// Lobby is "public" (Tenhou lobby 0 with standard rules), "chips"
	// (祝儀 lobbies), "chips5" (祝儀 lobbies with 5 chips per bonus),
	// "private" (numbered or custom lobbies, and other special lobbies) or
	// "any".
	Lobby Lobby `toml:"lobby"`
	// Eras lists the Tenhou rule eras the preset is for; empty: any. The
	// eras (docs/rules-evidence.md, "2009–2010 rule eras"): "2009" (to
	// 2009-07-03: no cap on the extension), "2009-07" (2009-07-04 to
	// 2009-07-31), "2010" (2009-08-01 to 2010-05-31: tonpuusen uma 10-20),
	// "modern" (tenpai-yame; a log of June 2010 may be of "2010" or
	// "modern"). The era comes from the log id's date, or from the form of
	// the wall seed, which spans two eras.
	Eras []Era `toml:"eras"`
	// Titles, when not empty, choose the preset for the logs whose title
	// (a tenhou.net/6 editor file's, a custom lobby's) contains one of
	// them ("日本プロ麻雀連盟" for JPML's official games), before any
	// preset without titles; Lobby and Eras are then not looked at.
	Titles []string `toml:"titles"`
}

// Values returns the values a rule file may give key, as it writes them:
// the names of an enumerated setting ("draw.renchan": tenpai, win, never,
// tenpai_from_south), or of the items of a list of them
// ("abortive.keep_dealer"), from the declaration of its type (its
// MarshalText). It returns nil for the keys whose values are numbers,
// booleans or free text, and for an unknown key.
func Values(key string) []string {
	for _, s := range settingsOf(reflect.ValueOf(&Rules{}).Elem()) {
		if s.key == key {
			t := s.v.Type()
			if t.Kind() == reflect.Slice {
				t = t.Elem()
			}
			return enumNames(t)
		}
	}
	return nil
}

// Validate checks what the types of the settings do not: a value each
// enumerated setting's type does not name (set from Go: a rule file's is
// rejected as it is read), the numbers out of range (players 3 or 4, no
// negative amounts, the fu and red fives of [yaku]: scoring's
// YakuRules.Validate), and the settings that must agree with each other. It returns every problem, each a *RuleError
// naming its key (errors.Join when there are several), or nil.
func (r *Rules) Validate() error {
	return joinRuleErrors(r.problems())
}

// joinRuleErrors returns nil, the one error or errors.Join of them.
func joinRuleErrors(errs []*RuleError) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	all := make([]error, len(errs))
	for i, e := range errs {
		all[i] = e
	}
	return errors.Join(all...)
}

// problems returns what Validate reports, without positions.
func (r *Rules) problems() []*RuleError {
	var errs []*RuleError
	bad := func(key, format string, args ...any) {
		errs = append(errs, &RuleError{Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	badItem := func(key string, item int, format string, args ...any) {
		errs = append(errs, &RuleError{Key: key, Msg: fmt.Sprintf(format, args...), item: item + 1})
	}

	// Values no type holds in range.
	for _, s := range settingsOf(reflect.ValueOf(r).Elem()) {
		check := func(v reflect.Value, item int) {
			if m, ok := v.Interface().(encoding.TextMarshaler); ok && v.Kind() == reflect.Uint8 {
				if _, err := m.MarshalText(); err != nil {
					badItem(s.key, item, "%T(%d) is not one of %s", m, v.Uint(), strings.Join(enumNames(v.Type()), ", "))
				}
			}
		}
		if s.v.Kind() == reflect.Slice {
			for i := range s.v.Len() {
				check(s.v.Index(i), i)
			}
		} else {
			check(s.v, -1)
		}
	}
	if r.Name == "" {
		bad("name", "is empty")
	}
	if r.Players != 3 && r.Players != 4 {
		bad("players", "%d: want 3 or 4", r.Players)
	}
	for _, s := range settingsOf(reflect.ValueOf(&r.Points).Elem()) {
		if s.v.Int() < 0 {
			bad("points."+s.key, "%d: must not be negative", s.v.Int())
		}
	}
	if r.Draw.NotenPool < 0 {
		bad("draw.noten_pool", "%d: must not be negative", r.Draw.NotenPool)
	}
	if r.Chombo.Points < 0 {
		bad("chombo.points", "%d: must not be negative", r.Chombo.Points)
	}
	var se *scoring.SettingError
	if err := r.Yaku.Validate(); errors.As(err, &se) && !slices.ContainsFunc(errs, func(e *RuleError) bool { return e.Key == "yaku."+se.Key }) {
		bad("yaku."+se.Key, "%d: want %s", se.Value, se.Want)
	}

	// Settings that must agree with each other.
	if r.Draw.Declaration == DeclarationNone && (r.Draw.NotenPool != 0 || r.Draw.Renchan == RenchanTenpai || r.Draw.Renchan == RenchanSouthTenpai) {
		bad("draw.declaration", `"none" (no hand shown at a draw) needs noten_pool = 0 and a renchan that does not depend on tenpai`)
	}
	if r.Chombo.Payment == ChomboPoints && r.Chombo.Points == 0 {
		bad("chombo.points", `0: want a positive amount with payment = "points"`)
	}
	if r.Win.MultipleRon == MultiRonDouble && !r.Abort.TripleRon {
		bad("win.multiple_ron", `"double_only" needs abortive.triple_ron = true`)
	}
	if r.Win.TsumoLoss && r.Players != 3 {
		bad("win.tsumo_loss", "true applies to three-player rules only")
	}
	if y := r.Yaku; y.KanUra && !(y.UraDora && y.KanDora) {
		bad("yaku.kan_ura", "true needs ura_dora and kan_dora")
	}
	if (r.End.Extension != ExtensionNone || r.End.YameNeedsGoal) && r.End.Goal <= 0 {
		bad("end.goal", "%d: must be positive with an extension or yame that needs the goal", r.End.Goal)
	}
	if len(r.End.Yame) != r.Players {
		bad("end.yame", "has %d values, want %d (one per placement)", len(r.End.Yame), r.Players)
	}
	if len(r.End.Uma) != r.Players && len(r.End.Uma) != 0 {
		bad("end.uma", "has %d values, want %d (or none)", len(r.End.Uma), r.Players)
	}
	if len(r.End.UmaEast) != r.Players && len(r.End.UmaEast) != 0 {
		bad("end.uma_east", "has %d values, want %d (or none)", len(r.End.UmaEast), r.Players)
	}
	return errs
}

// setting is one key of a rule file and the field that holds its value.
type setting struct {
	key string
	v   reflect.Value
}

// settingsOf returns the settings of v, a Rules or one of its sections, in
// the order of the fields: every field with a TOML key, the fields of a
// section under "section." and the fields of an embedded struct
// (scoring.LimitRules in WinRules) as the section's own.
func settingsOf(v reflect.Value) []setting {
	var out []setting
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(v.Field(i), prefix)
				continue
			}
			key := f.Tag.Get("toml")
			if key == "" || key == "-" {
				continue
			}
			if f.Type.Kind() == reflect.Struct {
				walk(v.Field(i), prefix+key+".")
				continue
			}
			out = append(out, setting{prefix + key, v.Field(i)})
		}
	}
	walk(v, "")
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
	for _, s := range settingsOf(reflect.ValueOf(&Rules{}).Elem()) {
		out = append(out, s.key)
	}
	return out
}

// Value returns the value of key as a rule file writes it (a TOML value:
// 3000, true, "tenpai", ["daisangen", "daisuushii"]), or false when Rules
// has no such key.
func (r *Rules) Value(key string) (string, bool) {
	for _, s := range settingsOf(reflect.ValueOf(r).Elem()) {
		if s.key != key {
			continue
		}
		b, err := toml.Marshal(map[string]any{"v": s.v.Interface()})
		if err != nil {
			return "", false
		}
		return strings.TrimSpace(strings.TrimPrefix(string(b), "v = ")), true
	}
	return "", false
}
