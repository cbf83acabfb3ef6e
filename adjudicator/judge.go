package adjudicator

import (
	"fmt"
	"slices"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
)

// judge judges one game under one rule set: at every hand end the rules'
// verdict (its decider's) and the comparison of the verdict with the
// log's record, and likewise the course of the game. It reads the
// hand-end states of a replay it does not own (the Judger's), which
// several judges read in lockstep.
type judge struct {
	d decider
	// native: the rules are the log's own (see compare.go).
	native bool
	// checks are the checks of the passes that run.
	checks checkSet
	// bound keeps the judge's own findings of a check to
	// check.MaxPerGame; finish appends the count of those left out.
	bound check.Bound
	rep   Report
	// stopped: the game diverged, or ended early, under the rules: later
	// hands are described, not compared.
	stopped bool
	v       handVerdict // the verdict on the current hand end
}

// start prepares j to judge g under rules, replayed with the options opt,
// reporting the checks checks.
func (j *judge) start(g *event.Game, rules *Rules, native bool, opt replay.Options, checks checkSet) {
	f := followRules
	if native {
		f = followRecord
	}
	j.d.startGame(g, rules, f, opt)
	j.native, j.checks, j.stopped = native, checks, false
	j.bound.Reset()
	j.rep = Report{Rules: rules, Native: native, Findings: j.rep.Findings[:0], Hands: j.rep.Hands[:0], Wins: j.rep.Wins[:0],
		DivergentFrom: -1, EndedAfter: -1, Candidates: j.rep.Candidates[:0]}
	if rules.Players != j.d.players {
		j.diverge(0, DivergePlayers, fmt.Sprintf("%d-player rules for a %d-player game", rules.Players, j.d.players))
	}
}

// finish completes the report with the replay's findings and the wall's,
// of the passes that run, in event order.
func (j *judge) finish(replayed []check.Finding, w *wallCheck) *Report {
	j.rep.Findings = j.bound.AppendRest(j.rep.Findings)
	j.rep.Findings = slices.Grow(j.rep.Findings, len(replayed)+len(w.findings))
	for _, f := range replayed {
		if j.checks.has(f.Check) {
			j.rep.Findings = append(j.rep.Findings, f)
		}
	}
	for _, f := range w.findings {
		if j.checks.has(f.Check) {
			j.rep.Findings = append(j.rep.Findings, f)
		}
	}
	j.rep.Wall = w.res
	sortFindings(j.rep.Findings)
	return &j.rep
}

// report reports a finding of check c, if its pass runs: one that compares
// words (or nothing), whose text is its value.
func (j *judge) report(hand, ev int, round event.RoundID, c check.Check, msg, expected, recorded string) {
	j.add(check.Finding{Check: c, Hand: hand, Round: round, Event: ev, Seat: event.NoSeat, Message: msg, Expected: expected, Recorded: recorded})
}

// reportValues reports a finding of check c that compares numbers: their
// text for a person, and the typed values they were formatted from.
func (j *judge) reportValues(hand, ev int, round event.RoundID, c check.Check, msg, expected, recorded string, want, got check.Value) {
	j.add(check.Finding{Check: c, Hand: hand, Round: round, Event: ev, Seat: event.NoSeat, Message: msg, Expected: expected, Recorded: recorded,
		ExpectedValue: want, RecordedValue: got})
}

// add adds the finding f, if its pass runs (and fewer than
// check.MaxPerGame of its check were added).
func (j *judge) add(f check.Finding) {
	if j.checks.has(f.Check) && j.bound.Keep(f.Check, f.Hand, f.Round, f.Event) {
		j.rep.Findings = append(j.rep.Findings, f)
	}
}

// diverge marks the game divergent from hand on, unless it is already:
// from there the comparison ends.
func (j *judge) diverge(hand int, kind Divergence, reason string) {
	if j.stopped {
		return
	}
	j.stopped = true
	j.rep.DivergentFrom = hand
	j.rep.DivergentKind = kind
	j.rep.DivergentReason = reason
}

// handEnd judges the hand whose final state st is: the rules' verdict,
// the hand's description for the report, and (unless the game diverged
// before it) the verdict compared with the record, and the course of the
// game after it.
func (j *judge) handEnd(st *replay.State) {
	v := &j.v
	firstWin := len(j.rep.Wins)
	j.d.decideHand(st, v, &j.rep.Wins)
	hr := HandResult{Index: st.HandIndex, Event: st.RoundEvent, Round: st.Round.ID(), Dealer: st.Round.Dealer,
		Sticks: int(st.Round.Sticks), Outcome: v.outcome, TenpaiCount: v.tenpaiCount, NotenPaymentTotal: v.notenTotal, LiveLeft: st.LiveLeft}
	recordedKnown := j.describeSeats(st, v, &hr)
	hr.RecordedKnown, hr.RecordedOutcome = recordedKnown, j.recordedOutcome(st, v)
	if j.stopped {
		// After a divergence the log no longer shows the rules' game: the
		// hand is described, not compared.
		hr.Divergent, hr.DivergentReason = true, j.rep.DivergentReason
		for k := firstWin; k < len(j.rep.Wins); k++ {
			j.rep.Wins[k].Divergent = true
		}
		j.rep.Hands = append(j.rep.Hands, hr)
		return
	}
	valueDiffers := j.compareHand(st, v, &hr)
	if kind, reason := j.compareAbortTaken(v, &hr); kind != "" {
		j.diverge(hr.Index, kind, reason)
		hr.Divergent, hr.DivergentReason = true, reason
	}
	if v.deltasKnown {
		hr.ExpectedKnown = true
		for s := range j.d.players {
			hr.Seats[s].Expected = v.deltas[s]
		}
		if recordedKnown && !valueDiffers && j.checks.runs(HandEndPass) {
			j.comparePayments(st, &hr, v.payCheck)
		}
	}
	j.rep.Hands = append(j.rep.Hands, hr)
	if v.incomplete {
		return
	}
	j.d.expectNext(st, v, &hr, recordedKnown)
	if !hr.Divergent {
		// The rules' course after the hand, for the figures of what they
		// change (a divergent hand's next one is not the rules' to say).
		h, x := &j.rep.Hands[len(j.rep.Hands)-1], &j.d.next
		h.NextKnown, h.GameEnds, h.EndUnknown = true, x.end, x.endUnknown
		h.DealerKeeps, h.NextHonba = v.dealerKeeps, x.honba
	}
}

// describeSeats fills in each player's part of the hand's description hr:
// the record (scores, riichi, calls, turns, revealed hands, recorded score
// changes) beside the verdict v. It returns whether the log records the
// hand's score changes.
func (j *judge) describeSeats(st *replay.State, v *handVerdict, hr *HandResult) (recordedKnown bool) {
	g := j.d.g
	for s := range j.d.players {
		ss, sv, sr := &st.Seats[s], &v.seats[s], &hr.Seats[s]
		sr.Start = st.Round.Scores[s]
		sr.Computed = j.d.computed[s]
		sr.Riichi = ss.Riichi == replay.RiichiAccepted
		sr.Turns = ss.NRiver
		for _, m := range ss.MeldList() {
			if m.Kind != event.MeldClosedKan {
				sr.Calls++
			}
		}
		sr.Tenpai, sr.Waits, sr.Furiten, sr.TenpaiUnknown = sv.tenpai, sv.waits, sv.furiten, sv.tenpaiUnknown
		sr.DeclaredNoten, sr.Keishiki = sv.declaredNoten, sv.keishiki
		sr.NotenPayment, sr.Chombo, sr.Won, sr.DealtIn = sv.notenPayment, sv.chombo, sv.won, sv.dealtIn
		if v.draw != nil {
			sr.Revealed = v.draw.Revealed[s]
		}
	}
	recordedKnown = len(st.Ends) > 0
	for _, ei := range st.Ends {
		e := &g.Events[ei]
		var deltas *[4]int32
		switch e.Type {
		case event.Win:
			w := &g.Wins[e.Ref]
			recordedKnown = recordedKnown && w.Known&event.KnownDeltas != 0
			deltas = &w.Deltas
		case event.Ryuukyoku:
			d := &g.Ryuukyoku[e.Ref]
			recordedKnown = recordedKnown && d.Known&event.KnownDeltas != 0
			deltas = &d.Deltas
		default:
			continue
		}
		for s := range j.d.players {
			hr.Seats[s].Recorded += deltas[s]
		}
	}
	return recordedKnown
}

// recordedOutcome is how the log says the hand whose final state st is
// ended; a draw of a kind the log does not record is the verdict's.
func (j *judge) recordedOutcome(st *replay.State, v *handVerdict) Outcome {
	out := Incomplete
	for _, ei := range st.Ends {
		switch e := &j.d.g.Events[ei]; e.Type {
		case event.Win:
			return WinOutcome
		case event.Ryuukyoku:
			k := j.d.g.Ryuukyoku[e.Ref].Kind
			switch {
			case k == event.Unrecorded:
				out = v.outcome
			case int(k) < len(recordedOutcomes):
				out = recordedOutcomes[k] // Interrupted: Incomplete
			}
		}
	}
	return out
}
