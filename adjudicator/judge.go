package adjudicator

import (
	"fmt"
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
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

// Judge replays g, judges every hand end and the game end under rules, and
// returns the report. native says whether rules are the log's own (then
// every difference is a discrepancy; otherwise plays the log cannot show
// are marked divergent).
func Judge(g *event.Game, rules *Rules, native bool) *Report {
	var w wallCheck
	w.check(g)
	var j judge
	return j.run(g, rules, native, &w)
}

// Judger judges games, reusing its memory. The zero Judger is ready; it is
// not safe for concurrent use.
type Judger struct {
	j    judge
	alt  []judge // for the other candidates of JudgeAuto
	wall wallCheck
}

// wallCheck is a game's hands checked against the walls of their seed,
// once for every rule set the game is judged under (the walls do not
// depend on the rules).
type wallCheck struct {
	c        wall.Checker // kept for its memory
	res      *wall.Result
	findings []check.Finding
}

// check checks g's hands against their walls.
func (w *wallCheck) check(g *event.Game) {
	w.findings = w.findings[:0]
	w.res = w.c.Check(g, w.add)
}

func (w *wallCheck) add(m wall.Mismatch) { w.findings = append(w.findings, m) }

// Judge is like the package's Judge; the report is valid until the next
// call.
func (jr *Judger) Judge(g *event.Game, rules *Rules, native bool) *Report {
	jr.wall.check(g)
	return jr.j.run(g, rules, native, &jr.wall)
}

type judge struct {
	g      *event.Game
	r      *Rules
	native bool
	rep    Report
	rp     replay.Replayer
	// scorer values the wins under the rules; winInput is its input,
	// kept here so that scoring a win allocates nothing.
	scorer   scoring.Scorer
	winInput scoring.Input

	players int
	// The expected course of the game under the rules, after the last
	// judged hand.
	next     expectation
	haveNext bool
	computed [4]int32 // counterfactual scores
	stopped  bool     // divergent or ended early: later hands are not judged
	// scoresUnknown: some hand's score changes or scores are not recorded,
	// so the log's own score track is unknown from there on.
	scoresUnknown bool
	lastRound     event.RoundID
	// penalty is each seat's chombo penalty in final points.
	penalty [4]float64
	// start is every player's starting score, which the oka is measured
	// from: the rules' start points, or (points.start = 0) the first
	// hand's scores and riichi sticks shared evenly.
	start int32
	// watch follows the hand for abortive draws the log must take.
	watch abortWatch
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

// run judges g under rules; w is g's walls, already checked.
func (j *judge) run(g *event.Game, rules *Rules, native bool, w *wallCheck) *Report {
	*j = judge{g: g, r: rules, native: native, rp: j.rp, scorer: j.scorer,
		rep: Report{Rules: rules, Native: native, Findings: j.rep.Findings[:0], Hands: j.rep.Hands[:0], Wins: j.rep.Wins[:0], DivergentFrom: -1, EndedAfter: -1,
			Candidates: j.rep.Candidates[:0]}}
	j.scorer.Rules = rules.Scoring(&g.Meta, native)
	j.players = g.Meta.PlayerCount()
	j.rp.Options = rules.ReplayOptions(&g.Meta, native)
	j.rp.Start(g)
	if rules.Players != j.players {
		j.diverge(0, DivergePlayers, fmt.Sprintf("%d-player rules for a %d-player game", rules.Players, j.players))
	}
	for i := range g.Events {
		e := &g.Events[i]
		// Applying a RoundStart or GameEnd hands the previous hand over;
		// its judgement (handEnd) sets the expectation they are checked
		// against.
		if ended := j.rp.Apply(i); ended != nil {
			j.handEnd(ended)
		}
		switch e.Type {
		case event.RoundStart:
			j.roundStart(i)
			j.watchStart()
		case event.GameEnd:
			j.gameEnd(i)
		case event.Discard, event.RiichiAccepted, event.ClosedKan, event.AddedKan, event.Call:
			j.watchEvent(i, e, j.rp.State())
		}
	}
	if ended := j.rp.Finish(); ended != nil {
		j.handEnd(ended)
	}
	j.rep.Findings = append(j.rep.Findings, j.rp.Findings()...)
	j.rep.Findings = append(j.rep.Findings, w.findings...)
	j.rep.Wall = w.res
	sortFindings(j.rep.Findings)
	return &j.rep
}

func (j *judge) report(hand, ev int, round event.RoundID, c check.Check, msg, expected, recorded string) {
	j.rep.Findings = append(j.rep.Findings, check.Finding{Check: c, Hand: hand, Round: round, Event: ev, Seat: event.NoSeat, Message: msg, Expected: expected, Recorded: recorded})
}

func (j *judge) diverge(hand int, kind Divergence, reason string) {
	if j.stopped {
		return
	}
	j.stopped = true
	j.rep.DivergentFrom = hand
	j.rep.DivergentKind = kind
	j.rep.DivergentReason = reason
}

// roundStart compares a new hand's start with what the rules expected.
func (j *judge) roundStart(i int) {
	e := &j.g.Events[i]
	if e.Ref < 0 || int(e.Ref) >= len(j.g.Rounds) {
		return
	}
	rd := &j.g.Rounds[e.Ref]
	hand := int(e.Ref)
	id := rd.ID()
	if !j.haveNext {
		// The first hand: East 1, dealer seat 0, no honba or sticks, the
		// starting points.
		if hand == 0 {
			first := rd.Wind == 0 && rd.Number == 1 && rd.Dealer == 0 && rd.Honba == 0 && rd.Sticks == 0
			if !first && j.g.Complete() {
				// An excerpt (a log without its end that starts later) is
				// fine; a whole game must start at East 1.
				j.report(hand, i, id, check.FlowFirstRound, "the game does not start at East 1 with seat 0 dealing, no honba and no sticks",
					"E1-0 dealer 0 sticks 0", fmt.Sprintf("%v dealer %d sticks %d", id, rd.Dealer, rd.Sticks))
			}
			if first && j.native && j.r.Points.Start > 0 && rd.Unknown&event.KnownScores == 0 {
				j.checkStartScores(hand, i, rd)
			}
			j.computed = rd.Scores
			j.start = j.r.Points.Start
			if j.start == 0 {
				total := int32(rd.Sticks) * j.r.Points.RiichiStick
				for s := range j.players {
					total += rd.Scores[s]
				}
				j.start = total / int32(j.players)
			}
		}
		return
	}
	x := j.next
	j.haveNext = false
	if j.stopped {
		return
	}
	if x.end && !x.endUnknown {
		if j.native && !x.optionalEnd {
			j.report(hand, i, id, check.GameEnd, "the game goes on although the rules end it "+x.endReason, "game end", "hand "+id.String())
		}
		if !j.native {
			// The game ends earlier under these rules: cut it there.
			j.rep.EndedEarly = true
			j.rep.EndedAfter = x.afterHand
			j.stopped = true
		}
		return
	}
	var diffs, want, got []string
	if int(rd.Wind) != x.wind || int(rd.Number) != x.number || rd.Dealer != x.dealer {
		diffs = append(diffs, "round and dealer")
		want = append(want, fmt.Sprintf("%s dealer %d", roundName(x.wind, x.number), x.dealer))
		got = append(got, fmt.Sprintf("%s dealer %d", roundName(int(rd.Wind), int(rd.Number)), rd.Dealer))
	}
	if int(rd.Honba) != x.honba {
		diffs = append(diffs, "honba")
		want = append(want, fmt.Sprintf("honba %d", x.honba))
		got = append(got, fmt.Sprintf("honba %d", rd.Honba))
	}
	if int(rd.Sticks) != x.sticks && rd.Unknown&event.KnownBa == 0 {
		diffs = append(diffs, "riichi sticks")
		want = append(want, fmt.Sprintf("sticks %d", x.sticks))
		got = append(got, fmt.Sprintf("sticks %d", rd.Sticks))
	}
	if j.native {
		if len(diffs) > 0 {
			j.report(hand, i, id, check.FlowNextRound, "the next hand's "+strings.Join(diffs, ", ")+" differ from the rules", strings.Join(want, ", "), strings.Join(got, ", "))
		}
		if x.recordedScoresKnown && rd.Unknown&event.KnownScores == 0 && rd.Scores != x.recordedScores {
			j.report(hand, i, id, check.FlowScores, "the hand's starting scores are not the previous hand's scores plus its recorded score changes (the log contradicts itself)",
				fmt.Sprint(x.recordedScores[:j.players]), fmt.Sprint(rd.Scores[:j.players]))
		}
		j.computed = rd.Scores
		return
	}
	if len(diffs) > 0 && (strings.Contains(diffs[0], "round") || rd.Dealer != x.dealer) {
		j.diverge(hand, DivergeNextRound, fmt.Sprintf("under %s the next hand would be %s, the log plays %s", j.r.Name, want[0], got[0]))
	}
}

// checkStartScores reports starting scores that are not the rules' start
// points.
func (j *judge) checkStartScores(hand, i int, rd *event.Round) {
	want := make([]int32, j.players)
	for s := range want {
		want[s] = j.r.Points.Start
	}
	for s := range want {
		if rd.Scores[s] != want[s] {
			j.report(hand, i, rd.ID(), check.FlowStartScores, "starting scores differ from the rules' start points", fmt.Sprint(want), fmt.Sprint(rd.Scores[:j.players]))
			return
		}
	}
}

func roundName(wind, number int) string {
	return event.RoundID{Wind: int8(wind), Number: int8(number)}.String()[:2]
}

// handEnd judges the hand whose final state st is.
func (j *judge) handEnd(st *replay.State) {
	g := j.g
	hr := HandResult{Index: st.HandIndex, Event: st.RoundEvent, Round: st.Round.ID(), Dealer: st.Round.Dealer,
		Sticks: int(st.Round.Sticks), TenpaiCount: -1, LiveLeft: st.LiveLeft}
	// Tenpai matters only when the hand ended without a winner at the end
	// of the wall; working it out for every hand would cost a tenth of the
	// judgement.
	// ry is the hand's (last) draw record.
	var ry *event.RyuukyokuRecord
	ryEvent := -1
	drawEnd := false
	for _, ei := range st.Ends {
		if e := &g.Events[ei]; e.Type == event.Ryuukyoku {
			ry, ryEvent = &g.Ryuukyoku[e.Ref], ei
			switch ry.Kind {
			case event.Exhaustive, event.Nagashi, event.Unrecorded:
				drawEnd = true
			}
		}
	}
	for s := range j.players {
		ss := &st.Seats[s]
		sr := &hr.Seats[s]
		sr.Start = st.Round.Scores[s]
		sr.Computed = j.computed[s]
		sr.Riichi = ss.Riichi == replay.RiichiAccepted
		sr.Turns = ss.NRiver
		for _, m := range ss.MeldList() {
			if m.Kind != event.MeldClosedKan {
				sr.Calls++
			}
		}
		if drawEnd && ss.Hidden {
			j.hiddenTenpai(st, ry, event.Seat(s), sr)
			continue
		}
		if drawEnd && ss.N%3 == 1 && validCounts(&ss.Hand) {
			meld := ss.MeldTiles()
			w := hand.CountingWaits(&ss.Hand, &meld, j.r.Draw.TenpaiPolicy)
			sr.Tenpai = w != 0
			sr.Waits = w.Len()
			all := hand.Waits(&ss.Hand)
			passed, passedRiichi := st.Passed(event.Seat(s))
			sr.Furiten = all&(ss.Discarded|passed|passedRiichi) != 0
		}
	}
	if drawEnd {
		j.settleHiddenTenpai(ry, &hr)
	}
	// After a divergence the log no longer shows the rules' game: the hand
	// is described, not judged.
	before := j.stopped
	if before {
		hr.Divergent = true
		hr.DivergentReason = j.rep.DivergentReason
	}
	// Recorded score changes of the hand.
	var wins []*event.WinRecord
	var winEvents []int
	recordedKnown := len(st.Ends) > 0
	for _, ei := range st.Ends {
		e := &g.Events[ei]
		switch e.Type {
		case event.Win:
			w := &g.Wins[e.Ref]
			wins = append(wins, w)
			winEvents = append(winEvents, ei)
			if w.Known&event.KnownDeltas == 0 {
				recordedKnown = false
			}
			for s := range j.players {
				hr.Seats[s].Recorded += w.Deltas[s]
			}
		case event.Ryuukyoku:
			d := &g.Ryuukyoku[e.Ref]
			if d.Known&event.KnownDeltas == 0 {
				recordedKnown = false
			}
			for s := range j.players {
				hr.Seats[s].Recorded += d.Deltas[s]
			}
		}
	}
	var out judged
	nFindings := len(j.rep.Findings)
	switch {
	case len(wins) > 0:
		hr.Outcome = WinOutcome
		out = j.judgeWins(st, &hr, wins, winEvents)
	case ry != nil:
		out = j.judgeRyuukyoku(st, &hr, ry, ryEvent)
	default:
		hr.Outcome = Incomplete
		out.incomplete = true
	}
	if !out.incomplete {
		j.checkAbortTaken(st, &hr, &out)
	}
	if out.divergent != "" && !j.stopped {
		j.diverge(hr.Index, out.divergentKind, out.divergent)
		hr.Divergent, hr.DivergentReason = true, out.divergent
	}
	if before {
		// What the rules say of a hand they would not have dealt is no
		// finding.
		j.rep.Findings = j.rep.Findings[:nFindings]
		j.rep.Hands = append(j.rep.Hands, hr)
		return
	}
	if out.expectedKnown {
		hr.ExpectedKnown = true
		for s := range j.players {
			hr.Seats[s].Expected = out.deltas[s]
		}
		if recordedKnown && !out.valueDiffers {
			j.comparePayments(st, &hr, out)
		}
	}
	j.rep.Hands = append(j.rep.Hands, hr)
	if out.incomplete {
		return
	}
	j.expectNext(st, &hr, out, recordedKnown)
}

// judged is the rules' verdict on a hand.
type judged struct {
	deltas        [4]int32 // expected score changes, sticks and honba included
	expectedKnown bool
	check         check.Check // the check of payment differences
	dealerKeeps   bool
	honbaUp       bool // honba +1 (draws, dealer wins) or reset (false)
	honbaKeep     bool // the honba stay as they were (overrides a reset)
	sticksTaken   bool // the riichi sticks on the table were taken by a winner
	divergent     string
	divergentKind Divergence
	incomplete    bool
	// valueDiffers: a win is worth another amount under the rules (a
	// win.points finding); the payments that follow are not reported.
	valueDiffers bool
}

// afterAbort sets what follows an abortive draw of kind k under a: the
// dealer keeps the seat or not, the honba go up by one or stay.
func (out *judged) afterAbort(a *AbortRules, k Divergence) {
	out.dealerKeeps, out.honbaUp = a.after(k)
	out.honbaKeep = !out.honbaUp
}

func validCounts(c *tile.Counts) bool {
	n := 0
	for _, v := range c {
		if v > 4 {
			return false
		}
		n += int(v)
	}
	return n <= hand.MaxTiles
}

// comparePayments reports each seat whose recorded score change differs
// from the rules'.
func (j *judge) comparePayments(st *replay.State, hr *HandResult, out judged) {
	diff := false
	for s := range j.players {
		if hr.Seats[s].Expected != hr.Seats[s].Recorded {
			diff = true
		}
	}
	if !diff {
		return
	}
	ev := -1
	if len(st.Ends) > 0 {
		ev = st.Ends[len(st.Ends)-1]
	}
	j.reportPayments(hr, ev, out.check)
}

// reportPayments reports a hand's score changes that differ from the
// rules'. It is apart from comparePayments so that the slices it formats do
// not escape on the hot path.
func (j *judge) reportPayments(hr *HandResult, ev int, c check.Check) {
	want := make([]int32, j.players)
	got := make([]int32, j.players)
	for s := range j.players {
		want[s], got[s] = hr.Seats[s].Expected, hr.Seats[s].Recorded
	}
	j.report(hr.Index, ev, hr.Round, c, fmt.Sprintf("the %s's score changes differ from the rules'", hr.Outcome), fmt.Sprint(want), fmt.Sprint(got))
}
