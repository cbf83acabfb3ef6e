package adjudicator

import (
	"fmt"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/tile"
)

// This file compares the rules' verdict on a hand end (verdict.go) with
// the log's record of it, and reports the differences as findings. Here,
// and only here and in compare_flow.go and compare_win.go, it matters
// whether the rules are the log's own (native): under them every
// difference is a discrepancy; under others, some differences are what the
// other rules decide, and a play they would not have made is a divergence.

// compareHand reports how the record of the hand whose final state st is
// differs from the verdict v, hr being the hand's description, in the
// order the findings of one event are listed. It returns whether a win is
// worth another amount under rules that are not the log's own (the
// payments that follow from it are then not reported again).
func (j *judge) compareHand(st *replay.State, v *handVerdict, hr *HandResult) (valueDiffers bool) {
	if v.draw != nil && j.checks.runs(HandEndPass) {
		j.compareDraw(st, v, hr)
	}
	for k := range v.wins {
		if j.compareWinRecord(st, hr, &v.wins[k], k) {
			valueDiffers = true
		}
	}
	return valueDiffers
}

// compareDraw reports the faults of a hand end without a winner, and how
// its record differs from the verdict: the tenpai of the hands shown, a
// noten riichi the client cannot allow, nagashi mangan.
func (j *judge) compareDraw(st *replay.State, v *handVerdict, hr *HandResult) {
	ry, ev := v.draw, v.drawEvent
	for _, f := range v.faults[:v.nFaults] {
		if !f.ownRulesOnly || j.native {
			var want, got check.Value
			if f.counted {
				want, got = check.Int(f.want), check.Int(f.got)
			}
			j.reportValues(hr.Index, ev, hr.Round, f.check, f.message, f.expected, f.recorded, want, got)
		}
	}
	switch v.outcome {
	case ExhaustiveOutcome, NagashiOutcome, ChomboOutcome:
	default:
		return // an abortive draw: its conditions are its faults
	}
	if !j.native {
		return
	}
	// Tenpai against the hands the log showed (formats that record them).
	// (Under "seat_order" a tenpai player may keep its hand hidden; under
	// "none" nobody shows one.)
	if ry.Known&event.KnownHand != 0 && j.d.r.Draw.Declaration == DeclarationAuto && ry.Kind == event.Exhaustive {
		for s := range j.d.players {
			sv := &v.seats[s]
			if !sv.tenpaiUnknown && sv.tenpai != ry.Revealed[s] {
				j.report(hr.Index, ev, hr.Round, check.DrawTenpai, fmt.Sprintf("seat %d's hand %s", s, tile.FormatTiles(st.Seats[s].Tiles())),
					tenpaiWord(sv.tenpai), revealWord(ry.Revealed[s]))
			}
		}
	}
	for s := range seatsOf(v.notenRiichi) {
		j.report(hr.Index, ev, hr.Round, check.DrawNotenRiichi, fmt.Sprintf("seat %d is in riichi but noten at the draw (the client forbids a noten riichi)", s), "tenpai", "noten")
	}
	if v.outcome == ChomboOutcome {
		return
	}
	if ry.Kind == event.Nagashi && v.nagashi == 0 {
		j.report(hr.Index, ev, hr.Round, check.DrawNagashi, "nagashi mangan recorded, but no player's discards are all terminals and honours with none called", "exhaustive", "nagashi")
	}
	if ry.Kind == event.Exhaustive && v.nagashi != 0 && j.d.r.Draw.Nagashi != NagashiNone {
		j.report(hr.Index, ev, hr.Round, check.DrawNagashi, fmt.Sprintf("seat %d qualifies for nagashi mangan, recorded as a plain exhaustive draw", firstSeat(v.nagashi)), "nagashi", "exhaustive")
	}
}

func tenpaiWord(t bool) string {
	if t {
		return "tenpai (hand shown)"
	}
	return "noten (hand hidden)"
}

func revealWord(r bool) string {
	if r {
		return "hand shown"
	}
	return "hand hidden"
}

// compareWinRecord reports how the record of the k-th win the verdict
// settles, wv, differs from it: the honba and sticks, the scores before,
// the value. It returns whether the win is worth another amount under
// rules that are not the log's own.
func (j *judge) compareWinRecord(st *replay.State, hr *HandResult, wv *winVerdict, k int) (valueDiffers bool) {
	wr, w := &j.rep.Wins[wv.result], wv.record
	j.checkWinRecord(st, hr, w, wv.event, k)
	valueJudged := false
	wins := j.checks.runs(WinPass)
	switch {
	case j.native:
		if wins {
			valueJudged = j.compareWin(wr)
		}
	case wr.valueUsable() && w.Known&event.KnownPoints != 0 && int(w.Points) != wr.Value.Total:
		// The hand is worth another amount under these rules; the
		// payments that follow from it are not reported again.
		if wins {
			j.reportWinValues(wr, check.WinPoints, fmt.Sprintf("the hand is worth another amount under %s", j.d.r.Name),
				fmt.Sprintf("%d (%s: %s)", wr.Value.Total, valueText(&wr.Value), yakuText(wr.Value.YakuList())), fmt.Sprintf("%d (%s)", w.Points, recordedYakuText(w)),
				check.Int(wr.Value.Total), check.Int(int(w.Points)))
		}
		valueDiffers = true
	}
	v := wv.value
	if wins && v.known && j.native && !valueJudged && w.Known&event.KnownPoints != 0 {
		// The hand could not be scored: the recorded value is checked
		// against its own han and fu.
		p := j.d.r.payments(v.base, w.Winner, w.From, st.Round.Dealer, j.d.players)
		if t := total(p); t != w.Points && !(w.Tsumo() && j.d.players == 3) {
			j.reportValues(hr.Index, wv.event, hr.Round, check.WinPoints, "the recorded hand value does not follow from its han and fu",
				fmt.Sprintf("%d (%s)", t, describeValue(w, v)), fmt.Sprint(w.Points), check.Int(int(t)), check.Int(int(w.Points)))
		}
	}
	return valueDiffers
}

// describeValue names the han and fu a value was computed from.
func describeValue(w *event.WinRecord, v value) string {
	if v.limit != event.NoLimit {
		return v.limit.String()
	}
	return fmt.Sprintf("%d han %d fu", w.Han, w.Fu)
}

// checkWinRecord compares what the log recorded with the win (honba and
// sticks, scores before).
func (j *judge) checkWinRecord(st *replay.State, hr *HandResult, w *event.WinRecord, ev, k int) {
	if w.Known&event.KnownBa != 0 && j.native && j.checks.has(check.WinBa) {
		wantSticks := st.Sticks
		if k > 0 && j.d.r.Win.Bonus == BonusFirst {
			wantSticks = 0 // Tenhou shows the sticks with the first winner only
		}
		if int(w.Honba) != st.Honba || int(w.Sticks) != wantSticks {
			j.report(hr.Index, ev, hr.Round, check.WinBa, "the win's recorded honba and riichi sticks differ from the table's",
				fmt.Sprintf("honba %d sticks %d", st.Honba, wantSticks), fmt.Sprintf("honba %d sticks %d", w.Honba, w.Sticks))
		}
	}
	if w.Known&event.KnownBefore != 0 && k == 0 && j.checks.has(check.ScoreBefore) {
		for s := range j.d.players {
			if st.Seats[s].Score != w.Before[s] {
				j.reportBefore(st, hr, w, ev)
				break
			}
		}
	}
}

// reportBefore reports recorded scores before a win that differ from the
// replayed ones.
func (j *judge) reportBefore(st *replay.State, hr *HandResult, w *event.WinRecord, ev int) {
	want := make([]int32, j.d.players)
	for s := range want {
		want[s] = st.Seats[s].Score
	}
	got := w.Before[:j.d.players]
	j.reportValues(hr.Index, ev, hr.Round, check.ScoreBefore, "the scores recorded before the win differ from the scores replayed (start of hand minus riichi sticks)",
		fmt.Sprint(want), fmt.Sprint(got), check.Scores(want), check.Scores(got))
}

// compareAbortTaken reports, or takes as the divergence, the abortive draw
// the rules call for that the log did not take (v.abortMissed). Under the
// log's own rules it is a finding; under other rules play would have
// stopped there, and the game diverges (unless the hand diverges already).
// It returns the hand's divergence, if any, and why.
func (j *judge) compareAbortTaken(v *handVerdict, hr *HandResult) (Divergence, string) {
	w := &v.abortMissed
	if w.at < 0 {
		return v.divergence, v.reason
	}
	if j.native {
		c := check.DrawFourKans
		switch w.kind {
		case DivergeFourWinds:
			c = check.DrawFourWinds
		case DivergeFourRiichi:
			c = check.DrawFourRiichi
		}
		j.report(hr.Index, w.at, hr.Round, c, fmt.Sprintf("play goes on where %s aborts the hand: %s (event %d)", j.d.r.Name, w.why, w.at),
			string(w.kind)+" abortive draw", "play goes on")
		return v.divergence, v.reason
	}
	if v.divergence == "" {
		return w.kind, fmt.Sprintf("under %s the hand aborts: %s (event %d); the log plays on", j.d.r.Name, w.why, w.at)
	}
	return v.divergence, v.reason
}

// comparePayments reports the hand's score changes when some seat's
// recorded change differs from the rules'.
func (j *judge) comparePayments(st *replay.State, hr *HandResult, c check.Check) {
	diff := false
	for s := range j.d.players {
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
	j.reportPayments(hr, ev, c)
}

// reportPayments reports a hand's score changes that differ from the
// rules'. It is apart from comparePayments so that the slices it formats do
// not escape on the hot path.
func (j *judge) reportPayments(hr *HandResult, ev int, c check.Check) {
	want := make([]int32, j.d.players)
	got := make([]int32, j.d.players)
	for s := range j.d.players {
		want[s], got[s] = hr.Seats[s].Expected, hr.Seats[s].Recorded
	}
	j.reportValues(hr.Index, ev, hr.Round, c, fmt.Sprintf("the %s's score changes differ from the rules'", hr.Outcome), fmt.Sprint(want), fmt.Sprint(got),
		check.Scores(want), check.Scores(got))
}
