package adjudicator

import (
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/wall"
)

// Outcome is how a hand ended. Its String values are the `rounds.outcome`
// names of the Parquet tables.
type Outcome uint8

// The outcomes.
const (
	Incomplete Outcome = iota // the log stops before the hand's end, or the server stopped it
	WinOutcome
	ExhaustiveOutcome
	NagashiOutcome
	NineTerminalsOutcome
	FourWindsOutcome
	FourRiichiOutcome
	FourKansOutcome
	TripleRonOutcome
	// ChomboOutcome: an exhaustive draw at which a riichi player was
	// noten, a chombo under the rules (draw.noten_riichi = "chombo").
	ChomboOutcome
)

var outcomeNames = [...]string{"incomplete", "win", "exhaustive", "nagashi", "nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron", "chombo"}

// String returns the outcome's name.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "outcome?"
}

// recordedOutcomes are the outcomes of the kinds of draw a log records.
var recordedOutcomes = [...]Outcome{event.Exhaustive: ExhaustiveOutcome, event.Nagashi: NagashiOutcome,
	event.NineTerminals: NineTerminalsOutcome, event.FourWinds: FourWindsOutcome, event.FourRiichi: FourRiichiOutcome,
	event.FourKans: FourKansOutcome, event.TripleRon: TripleRonOutcome, event.Interrupted: Incomplete}

// IsAbortive reports whether o is one of the five abortive draws.
func (o Outcome) IsAbortive() bool { return o >= NineTerminalsOutcome && o <= TripleRonOutcome }

// SeatResult is one player's part of a hand's judgement.
type SeatResult struct {
	// Tenpai is the player's tenpai at the hand end under the rules
	// (computed from the hand; meaningful for exhaustive draws), Waits the
	// number of kinds that count as waits, Furiten whether a ron would be
	// furiten.
	Tenpai  bool
	Waits   int
	Furiten bool
	// TenpaiUnknown: the log hides the player's tiles (a player's view)
	// and does not show them at the draw, so tenpai, waits and furiten are
	// not computed; Tenpai is then what the log's payments or its tenpai
	// flags say, used to judge the payments only.
	TenpaiUnknown bool
	// DeclaredNoten: the hand is tenpai, but the player declared noten at
	// the draw, as rules that have tenpai declared in seat order allow
	// (draw.declaration = "seat_order"); Tenpai is then false, as the
	// payments and the renchan count it.
	DeclaredNoten bool
	// Keishiki: the hand is tenpai in form only, with no yaku on any of its
	// waits (形式聴牌), and the rules do not count it
	// (draw.keishiki_tenpai = false); Tenpai is then false.
	Keishiki bool
	// Revealed says whether the log showed the hand at a draw.
	Revealed bool
	// Riichi: the player's riichi stick was paid this hand; Calls is the
	// number of chi, pon and open kans; Turns the number of discards.
	Riichi bool
	Calls  int
	Turns  int
	// Recorded and Expected are the score changes of the hand as recorded
	// and as the rules compute them (riichi sticks paid during the hand
	// not included); NotenPayment is the part of Expected that is noten
	// payment.
	Recorded, Expected int32
	NotenPayment       int32
	// Start is the player's score at the hand start as recorded; Computed
	// the counterfactual score track under the rules (equal to Start for
	// the log's own rules).
	Start, Computed int32
	// Won and DealtIn: the player won, or paid a ron.
	Won, DealtIn bool
	// Chombo: the player committed a chombo (noten in riichi at an
	// exhaustive draw, under rules that make it one).
	Chombo bool
}

// HandResult is the judgement of one hand.
type HandResult struct {
	// Index is the hand's index in the game, Event its RoundStart event.
	Index   int
	Event   int
	Round   event.RoundID
	Dealer  event.Seat
	Sticks  int // riichi sticks on the table at the start
	Outcome Outcome
	// Seats holds each player's result (seat 3 unused in sanma).
	Seats [4]SeatResult
	// TenpaiCount is the number of tenpai players at an exhaustive draw
	// (-1 for other outcomes); NotenPaymentTotal the points received by
	// tenpai players through noten payments.
	TenpaiCount       int
	NotenPaymentTotal int32
	// LiveLeft is the number of tiles left in the live wall at the end.
	LiveLeft int
	// ExpectedKnown: the rules' payments could be computed.
	ExpectedKnown bool
	// Divergent: under these rules the hand (or the game before it) would
	// have gone differently from the log; DivergentReason says why. The
	// payments of a hand after the one that diverged are not judged.
	Divergent       bool
	DivergentReason string
	// NextKnown: the rules' course of the game after the hand was worked
	// out (the hand was judged and complete). Then GameEnds says that the
	// rules end the game after it (EndUnknown: the log does not say enough
	// to tell, its length or scores unknown), and DealerKeeps and
	// NextHonba give the next hand under the rules: the dealer deals again
	// (renchan), and its honba.
	NextKnown   bool
	GameEnds    bool
	EndUnknown  bool
	DealerKeeps bool
	NextHonba   int
	// RecordedOutcome is how the log says the hand ended (as played): a
	// win, the kind of draw it records (an unrecorded kind as the table
	// tells it: Outcome), Incomplete for none. RecordedKnown: the log
	// records every seat's score change (SeatResult.Recorded).
	RecordedOutcome Outcome
	RecordedKnown   bool
}

// Divergence is why a game judged under rules that are not its own would
// have been played differently from its log: a stable name for grouping.
type Divergence string

// The kinds of divergence.
const (
	// DivergePlayers: the rules are for another number of players.
	DivergePlayers Divergence = "players"
	// DivergeNineTerminals, DivergeFourWinds, DivergeFourRiichi and
	// DivergeFourKans: the log has an abortive draw the rules do not, so
	// play would have gone on.
	DivergeNineTerminals Divergence = "nine_terminals"
	DivergeFourWinds     Divergence = "four_winds"
	DivergeFourRiichi    Divergence = "four_riichi"
	DivergeFourKans      Divergence = "four_kans"
	// DivergeTripleRon: the log aborts a triple ron that the rules pay;
	// the hand values are not in the log.
	DivergeTripleRon Divergence = "triple_ron"
	// DivergeNextRound: the rules give the next hand another round or
	// dealer (renchan differs).
	DivergeNextRound Divergence = "next_round"
	// DivergeGameGoesOn: the log's game ends where the rules play on (no
	// tobi, no agari-yame, an extension round).
	DivergeGameGoesOn Divergence = "game_goes_on"
	// DivergeNoYaku: a winning hand has no yaku under the rules (open
	// tanyao where it does not count, say): the hand would not have ended
	// there.
	DivergeNoYaku Divergence = "no_yaku"
)

// Report is the judgement of one game.
type Report struct {
	Rules *Rules
	// Native: the rules are the log's own (as --rules auto picks them).
	Native bool
	// Findings are the legality findings of the replay and the
	// adjudicator's discrepancies, in event order.
	Findings []check.Finding
	Hands    []HandResult
	// Wins holds every recorded win in event order, scored under the rules.
	Wins []WinResult
	// Wall is what the check of every hand against the wall its seed
	// gives found (verification level 5; its mismatches are Findings under
	// the wall.* checks): the seed form, and each hand checked or not and
	// why. It does not depend on the rules.
	Wall *wall.Result
	// DivergentFrom is the index of the first divergent hand (the number
	// of hands when only the game's end diverges), or -1; DivergentKind
	// and DivergentReason say why.
	DivergentFrom   int
	DivergentKind   Divergence
	DivergentReason string
	// EndedEarly: under these rules the game ends before the log does,
	// after hand EndedAfter.
	EndedEarly bool
	EndedAfter int
	// Final are the final scores under the rules when the game could be
	// judged to its end.
	Final      [4]int32
	FinalKnown bool
	// Candidates name the rule sets the log may have been played under,
	// when --rules auto could not tell them apart (JudgeAuto), else nil;
	// Undetermined are the findings some of them make and others do not.
	Candidates   []string
	Undetermined []Undetermined
}

// WinResult is the judgement of one win: what the hand is worth under the
// rules, computed from the tiles and the play (package scoring), beside the
// log's record of it.
type WinResult struct {
	// Hand is the index of the hand (HandResult.Index), Event the win's
	// event and Record the log's record of it.
	Hand   int
	Event  int
	Round  event.RoundID
	Record *event.WinRecord
	// Scored: the hand could be scored; Value is then its value under the
	// rules (Value.NoYaku: the hand has no yaku, it could not have won).
	// NotScored says why a win was not scored: the winner's tiles are
	// hidden, or the replay found the hand not to be a winning one (a
	// legality finding says so).
	Scored    bool
	Value     scoring.Result
	NotScored string
	// UraUnknown: the winner is in riichi under rules with ura dora and
	// the log does not give the ura indicators. Value counts no ura, and
	// its dora, han, limit and points are not judged or used.
	UraUnknown bool
	// Divergent: the hand is after (or is) the first one the rules would
	// have played differently from the log; the win is described, not
	// judged.
	Divergent bool
}

// valueUsable reports whether the computed value is the hand's whole value
// under the rules.
func (wr *WinResult) valueUsable() bool {
	return wr.Scored && !wr.UraUnknown && !wr.Value.NoYaku
}
