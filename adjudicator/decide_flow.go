package adjudicator

import (
	"fmt"
	"math"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
)

// expectNext works out, after a hand whose verdict is out and whose
// description (record and expected score changes) is hr, the next hand
// (round, dealer, honba, sticks) or the end of the game under the rules,
// and the score track. recordedKnown says whether the log records the
// hand's score changes.
func (d *decider) expectNext(st *replay.State, out *handVerdict, hr *HandResult, recordedKnown bool) {
	x := expectation{afterHand: hr.Index}
	dealer := st.Round.Dealer
	wind, number := int(st.Round.Wind), int(st.Round.Number)
	switch {
	case out.honbaUp:
		x.honba = st.Honba + 1
	case out.honbaKeep:
		x.honba = st.Honba
	}
	if !out.sticksTaken {
		x.sticks = st.Sticks
	}
	if out.dealerKeeps {
		x.wind, x.number, x.dealer = wind, number, dealer
	} else {
		x.wind, x.number = wind, number+1
		if x.number > d.players {
			x.wind, x.number = wind+1, 1
		}
		x.dealer = event.Seat((int(dealer) + 1) % d.players)
	}
	// Scores after the hand: the log's own (recorded start, riichi sticks
	// paid, recorded score changes), and the rules' counterfactual track.
	var recorded, computed [4]int32
	for s := range d.players {
		// The riichi sticks paid this hand (the replay takes the log's
		// price for each), at the rules' price.
		paid := st.Seats[s].Score - st.Round.Scores[s]
		if stick := d.stick; stick != 0 && stick != d.r.Points.RiichiStick {
			paid = paid / stick * d.r.Points.RiichiStick
		}
		recorded[s] = st.Seats[s].Score + hr.Seats[s].Recorded
		delta := hr.Seats[s].Recorded
		if hr.ExpectedKnown {
			delta = hr.Seats[s].Expected
		}
		computed[s] = d.computed[s] + paid + delta
	}
	x.recordedScores, x.recordedScoresKnown = recorded, recordedKnown && st.Round.Unknown&event.KnownScores == 0
	if !x.recordedScoresKnown {
		d.scoresUnknown = true
	}
	if d.follow == followRecord {
		d.computed = recorded
		x.scores = recorded
	} else {
		d.computed = computed
		x.scores = computed
	}
	d.decideEnd(&x, st, hr, out)
	d.next, d.haveNext = x, true
	d.lastRound = hr.Round
}

// handStarts follows the score track to the start of a hand whose
// record is rd: following the record, the track is the hand's recorded
// starting scores.
func (d *decider) handStarts(rd *event.Round) {
	if d.follow == followRecord {
		d.computed = rd.Scores
	}
}

// firstHand starts the score track at the game's first hand, whose record
// is rd, and works out the starting score the oka is measured from.
func (d *decider) firstHand(rd *event.Round) {
	d.computed = rd.Scores
	d.start = d.r.Points.Start
	if d.start == 0 {
		total := int32(rd.Sticks) * d.r.Points.RiichiStick
		for s := range d.players {
			total += rd.Scores[s]
		}
		d.start = total / int32(d.players)
	}
}

// decideEnd sets x.end when the rules end the game after this hand.
func (d *decider) decideEnd(x *expectation, st *replay.State, hr *HandResult, out *handVerdict) {
	r := d.r
	switch {
	case d.g.Meta.Length == event.SingleHand:
		x.end, x.endReason = true, "after its only hand"
		return
	case d.g.Meta.Length == event.LengthUnknown || (d.follow == followRecord && d.scoresUnknown):
		// Without the game's length, or without its scores, the end
		// cannot be judged.
		x.endUnknown = true
		return
	}
	sc := x.scores
	for s := range d.players {
		if (r.End.Tobi == TobiBelowZero && sc[s] < 0) || (r.End.Tobi == TobiZero && sc[s] <= 0) {
			x.end, x.endReason = true, fmt.Sprintf("after %v: seat %d's score fell to %d", hr.Round, s, sc[s])
			return
		}
	}
	lastWind := 1 // hanchan: South is the last regular wind
	if d.g.Meta.Length == event.EastOnly {
		lastWind = 0
	}
	wind, number := int(st.Round.Wind), int(st.Round.Number)
	isLast := wind == lastWind && number == d.players
	inExt := wind > lastWind
	reached := false
	for s := range d.players {
		if sc[s] >= r.End.Goal {
			reached = true
		}
	}
	if out.dealerKeeps {
		if isLast || inExt {
			yame := (hr.Outcome == WinOutcome && hr.Seats[st.Round.Dealer].Won && r.End.AgariYame) ||
				(hr.Outcome == ExhaustiveOutcome && r.End.TenpaiYame)
			p := d.placement(sc, st.Round.Dealer)
			mode := YameNo
			if p-1 < len(r.End.Yame) {
				mode = r.End.Yame[p-1]
			}
			if yame && mode != YameNo && (!r.End.YameNeedsGoal || sc[st.Round.Dealer] >= r.End.Goal) {
				x.end = true
				x.optionalEnd = mode == YameOptional
				x.endReason = fmt.Sprintf("after %v: the dealer is placed %d with %d (agari-yame / tenpai-yame)", hr.Round, p, sc[st.Round.Dealer])
			}
		}
		if inExt && wind > lastWind+1 && r.End.Extension != ExtensionIndefinite {
			x.end, x.endReason = true, "past the extension"
		}
		return
	}
	switch {
	case isLast:
		if r.End.Extension == ExtensionNone || reached {
			x.end, x.endReason = true, fmt.Sprintf("after the last hand %v", hr.Round)
		}
	case inExt:
		drawOK := hr.Outcome == WinOutcome || r.End.DrawEndsExtension
		if reached && drawOK {
			x.end, x.endReason = true, fmt.Sprintf("after %v of the extension: a player reached %d", hr.Round, r.End.Goal)
		} else if number == d.players && (r.End.Extension != ExtensionIndefinite || wind == 3) {
			// An indefinite extension goes on wind after wind, to North.
			x.end, x.endReason = true, fmt.Sprintf("after %v, the last hand of the extension", hr.Round)
		}
	}
}

// placement returns seat s's placement (1 = first) by score, ties going to
// the seat nearer the first dealer.
func (d *decider) placement(sc [4]int32, s event.Seat) int {
	p := 1
	for o := range d.players {
		if event.Seat(o) == s {
			continue
		}
		if sc[o] > sc[s] || (sc[o] == sc[s] && o < int(s)) {
			p++
		}
	}
	return p
}

// finalScores adds the leftover riichi sticks to the scores as the rules
// say.
func (d *decider) finalScores(sc [4]int32, sticks int) [4]int32 {
	if sticks == 0 {
		return sc
	}
	amount := int32(sticks) * d.r.Points.RiichiStick
	switch d.r.End.LeftoverSticks {
	case SticksFirst:
		for s := range d.players {
			if d.placement(sc, event.Seat(s)) == 1 {
				sc[s] += amount
				break
			}
		}
	case SticksFirstSplit:
		top := slices.Max(sc[:d.players])
		var tied []int
		for s := range d.players {
			if sc[s] == top {
				tied = append(tied, s)
			}
		}
		for k, s := range tied {
			share := amount / int32(len(tied)) / 100 * 100
			if k == 0 {
				share = amount - share*int32(len(tied)-1)
			}
			sc[s] += share
		}
	}
	return sc
}

// finalPoints computes the final points: (score − return)/1000 plus uma
// by placement, the oka to first place, with the rules' ties and the given
// rounding ("tenhou" computes without rounding).
func (d *decider) finalPoints(sc [4]int32, rounding Rounding) [4]float64 {
	r := d.r
	n := d.players
	order := make([]int, n) // seats by placement
	for s := range n {
		order[d.placement(sc, event.Seat(s))-1] = s
	}
	oka := float64(r.Points.Return-d.start) * float64(n) / 1000
	var pts [4]float64
	// Uma (and oka) per place; with split ties tied places share theirs.
	uma := make([]float64, n)
	copy(uma, r.End.Uma)
	if len(r.End.UmaEast) == n && d.g.Meta.Length == event.EastOnly {
		copy(uma, r.End.UmaEast)
	}
	uma[0] += oka
	if r.End.Ties == TiesSplit {
		for a := 0; a < n; {
			b := a
			for b+1 < n && sc[order[b+1]] == sc[order[a]] {
				b++
			}
			sum := 0.0
			for k := a; k <= b; k++ {
				sum += uma[k]
			}
			for k := a; k <= b; k++ {
				uma[k] = sum / float64(b-a+1)
			}
			a = b + 1
		}
	}
	// Each place but first gets (score − return)/1000 plus its uma; first
	// gets minus the sum of the others, which is its uma and the oka when
	// nothing is rounded.
	sum := 0.0
	for k := 1; k < n; k++ {
		s := order[k]
		score := sc[s]
		if rounding == RoundingThousand {
			// 4 down / 5 up on the magnitude: −500 becomes −1000.
			a := score
			if a < 0 {
				a = -a
			}
			a = (a + 500) / 1000 * 1000
			if score < 0 {
				a = -a
			}
			score = a
		}
		pts[s] = float64(score-r.Points.Return)/1000 + uma[k]
		sum += pts[s]
	}
	if rounding == RoundingThousand {
		pts[order[0]] = -sum
	} else {
		pts[order[0]] = float64(sc[order[0]]-r.Points.Return)/1000 + uma[0]
	}
	pts[order[0]] = math.Round(pts[order[0]]*10) / 10
	for k := 1; k < n; k++ {
		pts[order[k]] = math.Round(pts[order[k]]*10) / 10
	}
	for s := range n {
		pts[s] += d.penalty[s] // chombo penalties
	}
	return pts
}
