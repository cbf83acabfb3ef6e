package adjudicator

import (
	"math/bits"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/tile"
)

// abortWatch follows a hand for the moments the rules end it by an
// abortive draw, so that a log that plays on past one is caught: four
// identical first winds, the fourth riichi, the fourth kan (by two players
// or more; at its declaration or after the discard that follows) and a
// fifth kan where it aborts.
type abortWatch struct {
	// at is the event after which the rules abort the hand (-1: none
	// yet), kind the abortive draw and why a sentence for the finding.
	at   int
	kind Divergence
	why  string
	// kansPending: four kans by two players or more were declared; the
	// hand aborts after the next discard.
	kansPending bool
}

// watchStart resets the watch for a new hand.
func (d *decider) watchStart() { d.watch = abortWatch{at: -1} }

// watchEvent looks at event i, just applied to the table st, for a moment
// the rules abort the hand.
func (d *decider) watchEvent(i int, e *event.Event, st *replay.State) {
	w := &d.watch
	if w.at >= 0 || st.Phase == replay.HandOver {
		return
	}
	r := d.r
	switch e.Type {
	case event.Discard:
		if w.kansPending {
			w.at, w.kind, w.why = i, DivergeFourKans, "the discard after the fourth kan passed"
			return
		}
		if r.Abort.FourWinds && st.Discards == 4 && d.players == 4 && d.fourWinds(st) {
			w.at, w.kind, w.why = i, DivergeFourWinds, "the first four discards are the same wind"
		}
	case event.RiichiAccepted:
		if r.Abort.FourRiichi && d.players == 4 && d.riichiCount(st) == d.players {
			w.at, w.kind, w.why = i, DivergeFourRiichi, "every player is in riichi"
		}
	case event.ClosedKan, event.AddedKan, event.Call:
		if e.Type == event.Call && !e.Meld.Kind.IsKan() {
			return
		}
		switch {
		case st.Kans == 4 && bits.OnesCount8(st.KanSeats) >= 2 && r.Abort.FourKans:
			if r.Abort.FourKansTiming == FourKansOnKan {
				w.at, w.kind, w.why = i, DivergeFourKans, "the fourth kan was declared"
			} else {
				w.kansPending = true
			}
		case st.Kans == 5 && r.Abort.FifthKan == FifthKanAborts:
			w.at, w.kind, w.why = i, DivergeFourKans, "a fifth kan was declared (五開槓)"
		}
	}
}

// fourWinds reports whether the four first discards of st are the same
// wind, with nothing before them that voids the abortive draw.
func (d *decider) fourWinds(st *replay.State) bool {
	var k tile.Kind
	for s := range 4 {
		ss := &st.Seats[s]
		if ss.NRiver != 1 {
			return false
		}
		t := ss.River[0].Tile.Kind()
		if s == 0 {
			k = t
		}
		if !t.IsWind() || t != k {
			return false
		}
	}
	return !d.fourWindsVoided(st)
}

// fourWindsVoided reports whether a call (or, where the rules say so, a
// closed kan) was made in the hand so far.
func (d *decider) fourWindsVoided(st *replay.State) bool {
	calls := st.Calls
	if d.r.Abort.FourWindsVoidedBy == FourWindsCalls {
		for s := range d.players {
			for _, m := range st.Seats[s].MeldList() {
				if m.Kind == event.MeldClosedKan {
					calls--
				}
			}
		}
	}
	return calls > 0
}

// checkAbortTaken sets v.abortMissed to the abortive draw the rules call
// for during the hand that the log did not take: the hand must end right
// after the moment with that draw (or with a win on the tile that came
// then).
func (d *decider) checkAbortTaken(st *replay.State, v *handVerdict) {
	w := &d.watch
	if w.at < 0 || len(st.Ends) == 0 {
		return
	}
	first := &d.g.Events[st.Ends[0]]
	switch {
	case first.Type == event.Ryuukyoku && abortKindOf(d.g.Ryuukyoku[first.Ref].Kind) == w.kind:
		return // the abort was taken (at its time or, four kans, at a time the checks of the draw judge)
	case first.Type == event.Win && st.Ends[0] == w.at+1 && w.kind != DivergeFourRiichi:
		return // a ron on the discard (or kan tile) comes before the abort
	}
	v.abortMissed = *w
}

// abortKindOf returns the divergence kind named as the abortive draw k.
func abortKindOf(k event.RyuukyokuKind) Divergence {
	switch k {
	case event.NineTerminals:
		return DivergeNineTerminals
	case event.FourWinds:
		return DivergeFourWinds
	case event.FourRiichi:
		return DivergeFourRiichi
	case event.FourKans:
		return DivergeFourKans
	case event.TripleRon:
		return DivergeTripleRon
	}
	return ""
}
