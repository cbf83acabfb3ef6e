package adjudicator

import (
	"fmt"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
)

// decideWins scores the wins of the hand whose final state st is, appends
// their WinResults to results and works out the payments: the verdict v.
func (d *decider) decideWins(st *replay.State, v *handVerdict, results *[]WinResult) {
	v.outcome, v.payCheck, v.deltasKnown, v.sticksTaken = WinOutcome, check.WinPayment, true, true
	g := d.g
	// The hand's wins, in the log's order.
	wins, evs := d.winRecords[:0], d.winEvents[:0]
	for _, ei := range st.Ends {
		if e := &g.Events[ei]; e.Type == event.Win {
			wins, evs = append(wins, &g.Wins[e.Ref]), append(evs, ei)
		}
	}
	d.winRecords, d.winEvents = wins, evs
	dealer := st.Round.Dealer
	honba := int32(st.Honba)
	sticks := int32(st.Sticks)
	// Every recorded win is scored, a win the rules' multiple-ron setting
	// would not pay too (the wins table lists them all).
	first := len(*results)
	for k, w := range wins {
		wr := d.scoreWin(st, w, evs[k], results)
		if wr.Scored && wr.Value.NoYaku && d.follow == followRules {
			v.diverge(DivergeNoYaku, fmt.Sprintf("under %s seat %d's hand has no yaku: it could not have won %s", d.r.Name, w.Winner, st.Round.ID()))
		}
	}
	all := (*results)[first:]
	if v.divergence != "" {
		v.deltasKnown = false
		for k, w := range wins {
			v.seats[w.Winner].won = true
			all[k].Divergent = true
		}
		return
	}
	// Several rons on one discard, in turn order from the discarder (the
	// log's order).
	if len(wins) > 1 {
		switch d.r.Win.MultipleRon {
		case MultiRonHeadBump:
			wins = wins[:1]
		case MultiRonDouble:
			if len(wins) >= 3 {
				// Under these rules it is the triple-ron abortive draw.
				v.deltas = [4]int32{}
				v.sticksTaken = false
				v.afterAbort(&d.r.Abort, AbortTripleRon)
				v.outcome = TripleRonOutcome
				return
			}
		}
	}
	var othersOwn int32
	if d.r.Win.Bonus == BonusEach {
		for _, w := range wins[1:] {
			if st.Seats[w.Winner].Riichi == replay.RiichiAccepted {
				othersOwn++
			}
		}
	}
	for k, w := range wins {
		v.seats[w.Winner].won = true
		if !w.Tsumo() && w.From.Valid() {
			v.seats[w.From].dealtIn = true
		}
		if w.Winner == dealer {
			v.dealerKeeps = true
		}
		val := d.winValue(w, &all[k])
		v.wins = append(v.wins, winVerdict{result: first + k, event: evs[k], record: w, value: val})
		if !val.known {
			v.deltasKnown = false
			continue
		}
		dd := d.winDeltas(w, val, dealer, honba, sticks, othersOwn, k == 0, st)
		for s := range 4 {
			v.deltas[s] += dd[s]
		}
	}
	if v.dealerKeeps && len(wins) > 1 && !d.r.Win.DealerKeepsOnMultiRon {
		v.dealerKeeps = false
	}
	if d.r.Draw.Renchan == RenchanNever {
		v.dealerKeeps = false // the seat passes even after the dealer's win
	}
	v.honbaUp = v.dealerKeeps
}

// scoreWin scores the win w (event ev) of the hand whose final state st
// is and appends its WinResult to results.
func (d *decider) scoreWin(st *replay.State, w *event.WinRecord, ev int, results *[]WinResult) *WinResult {
	*results = append(*results, WinResult{Hand: st.HandIndex, Event: ev, Round: st.Round.ID(), Record: w})
	wr := &(*results)[len(*results)-1]
	in := &d.winInput
	if err := st.WinInput(w, in); err != nil {
		wr.NotScored = err.Error()
		return wr
	}
	res, err := d.scorer.Score(in)
	if err != nil {
		// The replay reports a hand that cannot win (legality.win); the
		// scorer's error says the same of the table's state.
		wr.NotScored = err.Error()
		return wr
	}
	wr.Scored, wr.Value = true, res
	wr.UraUnknown = in.Riichi && d.scorer.Rules.UraDora && w.Known&event.KnownUra == 0
	return wr
}

// winValue returns the value the payments of win w follow: following the
// record, the recorded value where the log records it, else the computed
// one (mjai logs without yaku, tenhou.net/6 without fu); following the
// rules, the computed one, else the recorded value under the rules.
func (d *decider) winValue(w *event.WinRecord, wr *WinResult) value {
	if d.follow == followRecord {
		if v := d.r.handValue(w); v.known || !wr.valueUsable() {
			return v
		}
		return scoredValue(&wr.Value)
	}
	if wr.valueUsable() {
		return scoredValue(&wr.Value)
	}
	return d.r.handValue(w)
}

// winDeltas returns the score changes of one win: the hand's payments,
// the honba and, for the winner that takes them, the riichi sticks.
//
// othersOwn is the number of riichi sticks that other winners take back
// (rules where each winner takes back its own stick).
func (d *decider) winDeltas(w *event.WinRecord, v value, dealer event.Seat, honba, sticks, othersOwn int32, first bool, st *replay.State) [4]int32 {
	r := d.r
	var dd [4]int32
	pay := r.payments(v.base, w.Winner, w.From, dealer, d.players)
	getsBonus := first || r.Win.Bonus == BonusEach
	var honbaPay [4]int32
	if getsBonus && honba > 0 {
		if w.Tsumo() {
			for s := range d.players {
				if event.Seat(s) != w.Winner {
					honbaPay[s] = honba * r.Points.HonbaTsumo
				}
			}
		} else {
			honbaPay[w.From] = honba * r.Points.HonbaRon
		}
	}
	if w.Liable.Valid() && w.Liable != w.Winner && d.paoApplies(v.yaku) {
		pay, honbaPay = d.paoPayments(w, v, pay, honbaPay)
	}
	for s := range d.players {
		dd[s] -= pay[s] + honbaPay[s]
		dd[w.Winner] += pay[s] + honbaPay[s]
	}
	switch {
	case first:
		dd[w.Winner] += (sticks - othersOwn) * r.Points.RiichiStick
	case r.Win.Bonus == BonusEach && st.Seats[w.Winner].Riichi == replay.RiichiAccepted:
		// Each winner takes back its own riichi stick.
		dd[w.Winner] += r.Points.RiichiStick
	}
	return dd
}

// paoApplies reports whether a win's yakuman include one that carries
// liability under the rules.
func (d *decider) paoApplies(yaku []event.Yaku) bool {
	for _, y := range yaku {
		for _, p := range d.r.Win.Pao {
			if int(p) < len(paoYakumanIDs) && y.ID == paoYakumanIDs[p] {
				return true
			}
		}
	}
	return false
}

// paoPayments moves the payments of a win with a liable player: on a tsumo
// the liable player pays everything; on a ron the liable player and the
// discarder pay half each; the honba go to the liable player or stay with
// the discarder as the rules say. With the "yakuman-share" scope only the
// pao yakuman's share of a stacked hand is moved.
func (d *decider) paoPayments(w *event.WinRecord, v value, pay, honbaPay [4]int32) ([4]int32, [4]int32) {
	l := w.Liable
	share := int32(1)
	parts := int32(1)
	if d.r.Win.PaoScope == PaoShare {
		if n := int32(v.yakuman); n > 1 {
			parts = n
		}
	}
	var np [4]int32
	tot := total(pay)
	moved := tot * share / parts
	if w.Tsumo() {
		for s := range 4 {
			np[s] = pay[s] * (parts - share) / parts
		}
		np[l] += moved
		var hp [4]int32
		hp[l] = total(honbaPay)
		return np, hp
	}
	np = pay
	np[w.From] -= moved / 2
	np[l] += moved / 2
	if d.r.Win.PaoHonba == PaoHonbaLiable {
		h := total(honbaPay)
		honbaPay = [4]int32{}
		honbaPay[l] = h
	}
	return np, honbaPay
}
