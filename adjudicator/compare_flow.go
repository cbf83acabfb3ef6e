package adjudicator

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
)

// This file compares the course of the game with what the rules decide
// (decide_flow.go): each hand's start, the game's end, its final scores
// and points.

// roundStart compares a new hand's start with what the rules expected.
func (j *judge) roundStart(i int) {
	d := &j.d
	e := &d.g.Events[i]
	if e.Ref < 0 || int(e.Ref) >= len(d.g.Rounds) {
		return
	}
	rd := &d.g.Rounds[e.Ref]
	hand := int(e.Ref)
	id := rd.ID()
	if !d.haveNext {
		// The first hand: East 1, dealer seat 0, no honba or sticks, the
		// starting points (unless the game diverges from its start: rules
		// for another number of players judge nothing of it).
		if hand == 0 {
			first := rd.Wind == 0 && rd.Number == 1 && rd.Dealer == 0 && rd.Honba == 0 && rd.Sticks == 0
			if !first && d.g.Complete() && !j.stopped {
				// An excerpt (a log without its end that starts later) is
				// fine; a whole game must start at East 1.
				j.report(hand, i, id, check.FlowFirstRound, "the game does not start at East 1 with seat 0 dealing, no honba and no sticks",
					"E1-0 dealer 0 sticks 0", fmt.Sprintf("%v dealer %d sticks %d", id, rd.Dealer, rd.Sticks))
			}
			if first && j.native && !j.stopped && d.r.Points.Start > 0 && rd.Unknown&event.KnownScores == 0 && j.checks.runs(FlowPass) {
				j.checkStartScores(hand, i, rd)
			}
			d.firstHand(rd)
		} else {
			// After a hand without a result (one the log cannot
			// rebuild, or the server stopped), judging goes on from
			// this hand's recorded start.
			d.handStarts(rd)
		}
		return
	}
	x := d.next
	d.haveNext = false
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
			// Copies, so that x stays off the heap (it is copied from
			// d.next at every hand).
			want, got := slices.Clone(x.recordedScores[:d.players]), rd.Scores[:d.players]
			j.reportValues(hand, i, id, check.FlowScores, "the hand's starting scores are not the previous hand's scores plus its recorded score changes (the log contradicts itself)",
				fmt.Sprint(want), fmt.Sprint(got), check.Scores(want), check.Scores(got))
		}
		d.handStarts(rd)
		return
	}
	if len(diffs) > 0 && (strings.Contains(diffs[0], "round") || rd.Dealer != x.dealer) {
		j.diverge(hand, DivergeNextRound, fmt.Sprintf("under %s the next hand would be %s, the log plays %s", d.r.Name, want[0], got[0]))
	}
}

// checkStartScores reports starting scores that are not the rules' start
// points.
func (j *judge) checkStartScores(hand, i int, rd *event.Round) {
	want := make([]int32, j.d.players)
	for s := range want {
		want[s] = j.d.r.Points.Start
	}
	for s := range want {
		if rd.Scores[s] != want[s] {
			got := rd.Scores[:j.d.players]
			j.reportValues(hand, i, rd.ID(), check.FlowStartScores, "starting scores differ from the rules' start points", fmt.Sprint(want), fmt.Sprint(got),
				check.Scores(want), check.Scores(got))
			return
		}
	}
}

func roundName(wind, number int) string {
	return event.RoundID{Wind: int8(wind), Number: int8(number)}.String()[:2]
}

// gameEnd judges the recorded end of the game.
func (j *judge) gameEnd(i int) {
	d := &j.d
	e := &d.g.Events[i]
	if e.Ref < 0 || int(e.Ref) >= len(d.g.End) {
		return
	}
	end := &d.g.End[e.Ref]
	if !d.haveNext || j.stopped {
		return
	}
	x := d.next
	hand := x.afterHand
	round := d.lastRound
	if end.Known&(event.KnownScores|event.KnownPoints2) == 0 {
		// The server stopped the game (an empty owari): nothing to judge.
		return
	}
	if x.endUnknown {
		return
	}
	if !x.end {
		if j.native {
			j.report(hand, i, round, check.GameEnd, "the game ends although the rules go on", fmt.Sprintf("%s dealer %d", roundName(x.wind, x.number), x.dealer), "game end")
		} else {
			j.diverge(hand+1, DivergeGameGoesOn, fmt.Sprintf("under %s the game would go on to %s; the log ends", d.r.Name, roundName(x.wind, x.number)))
			return
		}
	}
	final := d.finalScores(x.scores, x.sticks)
	j.rep.Final, j.rep.FinalKnown = final, true
	if !j.native || !j.checks.runs(FlowPass) {
		return
	}
	base := x.recordedScores
	want := d.finalScores(base, x.sticks)
	if end.Known&event.KnownScores != 0 && x.recordedScoresKnown && want != end.Scores {
		j.reportValues(-1, i, round, check.GameFinalScores, "the final scores differ from the last scores plus the leftover riichi sticks", fmt.Sprint(want[:d.players]), fmt.Sprint(end.Scores[:d.players]),
			check.Scores(want[:d.players]), check.Scores(end.Scores[:d.players]))
	}
	if end.Known&event.KnownPoints2 != 0 && len(d.r.End.Uma) > 0 {
		scores := end.Scores
		if end.Known&event.KnownScores == 0 {
			scores = want
		}
		pts := d.finalPoints(scores, d.r.End.Rounding)
		if d.r.End.Rounding == RoundingTenhou && !pointsEqual(pts, end.Points, d.players) {
			// Tenhou rounded the final scores to 1000 until early 2022.
			if alt := d.finalPoints(scores, RoundingThousand); pointsEqual(alt, end.Points, d.players) {
				pts = alt
			}
		}
		if !pointsEqual(pts, end.Points, d.players) {
			j.reportValues(-1, i, round, check.GameFinalPoints, "the final points differ from the rules' oka, uma and rounding", fmtPoints(pts[:d.players]), fmtPoints(end.Points[:d.players]),
				pointsValue(pts[:d.players]), pointsValue(end.Points[:d.players]))
		}
	}
}

func pointsEqual(a, b [4]float64, n int) bool {
	for s := range n {
		if math.Abs(a[s]-b[s]) > 0.05 {
			return false
		}
	}
	return true
}

// pointsValue is the final points p as a typed value, each rounded to the
// tenth that fmtPoints writes.
func pointsValue(p []float64) check.Value {
	ns := make([]float64, len(p))
	for i, v := range p {
		ns[i] = math.Round(v*10) / 10
	}
	return check.Numbers(ns)
}

func fmtPoints(p []float64) string {
	s := "["
	for i, v := range p {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%.1f", v)
	}
	return s + "]"
}
