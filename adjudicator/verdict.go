package adjudicator

import (
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/scoring"
)

// This file holds what the rules decide, apart from what the log says:
// the verdict on a hand end and the decider that works it out from the
// replayed state. Comparing a verdict with the log's record, and reporting
// the differences, is compare.go's; running the two for every hand end of
// a game is judge.go's.

// follow says what the rules' decisions build on where the log's record
// and the rules' own computation could part: the value of a win the
// payments follow, and the score track the game's end is decided on.
type follow uint8

const (
	// followRules: the rules' own computation (the hand as scored, the
	// counterfactual score track), for rules that are not the log's own.
	followRules follow = iota
	// followRecord: the log's recorded hand values and scores where it
	// has them, for the log's own rules, under which a wrong value is a
	// finding of its own and not again one of every payment after it.
	followRecord
)

// handVerdict is the rules' verdict on one hand end, worked out from the
// replayed state at the end (and, where the state cannot tell, the values
// the log records: a hidden hand's tenpai, a win that cannot be scored).
type handVerdict struct {
	outcome Outcome
	// incomplete: the hand did not end (the log stops, the server
	// stopped it); nothing follows from it.
	incomplete bool
	seats      [4]seatVerdict
	// tenpaiCount is the number of tenpai players at an exhaustive draw
	// (-1 for other outcomes); notenTotal the points the tenpai players
	// receive through noten payments.
	tenpaiCount int
	notenTotal  int32
	// deltas are the score changes under the rules (honba and sticks
	// included), when deltasKnown; payCheck is the check their
	// difference from the record is reported under.
	deltas      [4]int32
	deltasKnown bool
	payCheck    check.Check
	// What follows the hand: the dealer keeps the seat, the honba go up
	// by one (else back to 0) or stay as they were, the riichi sticks on
	// the table were taken.
	dealerKeeps, honbaUp, honbaKeep, sticksTaken bool
	// divergence and reason: the rules would not have ended the hand as
	// the log does (an abortive draw they do not have, a win without a
	// yaku); its payments are then unknown.
	divergence Divergence
	reason     string
	// faults are the conditions of the recorded hand end that are not met
	// (an exhaustive draw with tiles left, an abortive draw without its
	// conditions).
	faults  [2]fault
	nFaults int
	// abortMissed is the abortive draw the rules call for during the hand
	// that the log did not take (at -1: none).
	abortMissed abortWatch
	// notenRiichi are the seats (bits) in riichi but noten at an
	// exhaustive draw under rules whose client forbids a noten riichi;
	// nagashi the seats that meet the nagashi mangan conditions.
	notenRiichi, nagashi uint8
	// draw is the record of a hand that ended without a winner, and
	// drawEvent its event; nil for a hand with a win or without an end.
	draw      *event.RyuukyokuRecord
	drawEvent int
	// wins are the wins the rules settle, in the log's order (a head bump
	// settles the first only, a triple ron the rules abort none).
	wins []winVerdict
}

// seatVerdict is one player's part of a hand verdict.
type seatVerdict struct {
	// tenpai, waits and furiten at an exhaustive draw, under the rules'
	// tenpai policy; tenpaiUnknown: the log hides the hand, and tenpai is
	// what its payments or flags say.
	tenpai        bool
	waits         int
	furiten       bool
	tenpaiUnknown bool
	// declaredNoten: the hand is tenpai but the player declared noten
	// (draw.declaration = "seat_order"); tenpai is then false.
	declaredNoten bool
	// keishiki: the hand is tenpai in form but has no yaku on any wait,
	// and the rules do not count it (draw.keishiki_tenpai = false); tenpai
	// is then false.
	keishiki bool
	// notenPayment is the part of the player's score change that is noten
	// payment; chombo: the player is in riichi but noten where that is a
	// chombo.
	notenPayment int32
	chombo       bool
	won, dealtIn bool
}

// winVerdict is the rules' verdict on one win a hand verdict settles.
type winVerdict struct {
	// result is the win's index in the report's Wins, event its event.
	result int
	event  int
	record *event.WinRecord
	// value is the value the payments follow (see follow).
	value value
}

// fault is a condition of a recorded hand end that is not met: the
// finding it gives.
type fault struct {
	check                       check.Check
	message, expected, recorded string
	// counted: expected and recorded are the counts want and got (tiles
	// left, players in riichi, winning hands); else they are words.
	counted   bool
	want, got int
	// ownRulesOnly: the fault is one of the rules' timing, which only the
	// log's own rules hold it to (four kans at the wrong moment).
	ownRulesOnly bool
}

// addFault adds a fault to the verdict.
func (v *handVerdict) addFault(f fault) {
	if v.nFaults < len(v.faults) {
		v.faults[v.nFaults] = f
		v.nFaults++
	}
}

// diverge records that the rules would not have ended the hand as the log
// does (the first reason found stands).
func (v *handVerdict) diverge(kind Divergence, reason string) {
	if v.divergence == "" {
		v.divergence, v.reason = kind, reason
	}
}

// afterAbort sets what follows an abortive draw of kind k under a: the
// dealer keeps the seat or not, the honba go up by one or stay.
func (v *handVerdict) afterAbort(a *AbortRules, k AbortKind) {
	v.dealerKeeps, v.honbaUp = a.after(k)
	v.honbaKeep = !v.honbaUp
}

// reset empties v for the next hand, keeping its memory.
func (v *handVerdict) reset() {
	wins := v.wins[:0]
	*v = handVerdict{tenpaiCount: -1, abortMissed: abortWatch{at: -1}, wins: wins}
}

// decider works out the rules' verdicts on one game's hand ends and its
// course, hand after hand.
type decider struct {
	g       *event.Game
	r       *Rules
	players int
	follow  follow
	// stick is the price of a riichi stick the replay counts (its
	// options'), which the rules' price replaces in the score track.
	stick int32
	// scorer values the wins under the rules; winInput is its input,
	// kept here so that scoring a win allocates nothing.
	scorer   scoring.Scorer
	winInput scoring.Input
	// winRecords and winEvents are a hand's wins and their events (memory
	// kept from hand to hand).
	winRecords []*event.WinRecord
	winEvents  []int
	// watch follows the hand for abortive draws the rules call for.
	watch abortWatch

	// The course of the game under the rules, after the last hand
	// decided: the next hand or the end (next, when haveNext), the
	// score track (computed), the hand the expectation follows.
	next      expectation
	haveNext  bool
	computed  [4]int32
	lastRound event.RoundID
	// scoresUnknown: some hand's score changes or scores are not
	// recorded, so the log's own score track is unknown from there on.
	scoresUnknown bool
	// penalty is each seat's chombo penalty in final points.
	penalty [4]float64
	// start is every player's starting score, which the oka is measured
	// from: the rules' start points, or (points.start = 0) the first
	// hand's scores and riichi sticks shared evenly.
	start int32
}

// expectation is what the rules say the next hand (or the end) must be.
type expectation struct {
	end                 bool
	endUnknown          bool // the log does not say enough to judge the end
	endReason           string
	wind, number        int
	dealer              event.Seat
	honba, sticks       int
	scores              [4]int32 // from the recorded scores and the expected payments
	recordedScores      [4]int32 // the log's own scores after the hand (before + recorded deltas)
	recordedScoresKnown bool
	afterHand           int
	optionalEnd         bool // the rules let the dealer choose to end
}

// startGame prepares d for game g under rules r, following f, with the
// replay's options opt.
func (d *decider) startGame(g *event.Game, r *Rules, f follow, opt replay.Options) {
	*d = decider{g: g, r: r, players: g.Meta.PlayerCount(), follow: f, stick: opt.RiichiStick, scorer: d.scorer,
		winRecords: d.winRecords[:0], winEvents: d.winEvents[:0]}
	d.scorer.Rules = r.Scoring(&g.Meta, f == followRecord)
}

// decideHand works out the verdict v on the hand whose final state st is.
// The wins it scores are appended to wins.
func (d *decider) decideHand(st *replay.State, v *handVerdict, wins *[]WinResult) {
	g := d.g
	v.reset()
	// The hand's (last) draw record, and its wins.
	var ry *event.RyuukyokuRecord
	ryEvent := -1
	drawEnd, hasWin := false, false
	for _, ei := range st.Ends {
		switch e := &g.Events[ei]; e.Type {
		case event.Ryuukyoku:
			ry, ryEvent = &g.Ryuukyoku[e.Ref], ei
			switch ry.Kind {
			case event.Exhaustive, event.Nagashi, event.Unrecorded:
				drawEnd = true
			case event.FourRiichi:
				// The hands are shown: a noten riichi is a chombo
				// where the rules abort the hand and make it one.
				drawEnd = d.r.Abort.FourRiichi && d.r.Draw.NotenRiichi == NotenRiichiChombo
			}
		case event.Win:
			hasWin = true
		}
	}
	// Tenpai matters only when the hand ended without a winner at the
	// end of the wall; working it out for every hand would cost a tenth
	// of the judgement.
	if drawEnd {
		d.decideTenpai(st, ry, v)
	}
	switch {
	case hasWin:
		d.decideWins(st, v, wins)
	case ry != nil:
		d.decideRyuukyoku(st, ry, ryEvent, v)
	default:
		v.outcome = Incomplete
		v.incomplete = true
	}
	if !v.incomplete {
		d.checkAbortTaken(st, v)
	}
}
