package adjudicator

import (
	"fmt"
	"math/bits"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/tile"
)

// decideTenpai works out every player's tenpai, waits and furiten at an
// exhaustive draw, whose record ry is.
func (d *decider) decideTenpai(st *replay.State, ry *event.RyuukyokuRecord, v *handVerdict) {
	for s := range d.players {
		ss := &st.Seats[s]
		sv := &v.seats[s]
		if ss.Hidden {
			d.hiddenTenpai(st, ry, event.Seat(s), sv)
			continue
		}
		if ss.N%3 == 1 && validCounts(&ss.Hand) {
			meld := ss.MeldTiles()
			w := hand.CountingWaits(&ss.Hand, &meld, d.r.Draw.TenpaiPolicy)
			sv.tenpai = w != 0
			sv.waits = w.Len()
			if sv.tenpai && !d.r.Draw.KeishikiTenpai && !d.yakuOnAWait(st, event.Seat(s), w) {
				// Tenpai in form only (形式聴牌), which these rules do
				// not count.
				sv.tenpai, sv.keishiki = false, true
			}
			all := hand.Waits(&ss.Hand)
			passed, passedRiichi := st.Passed(event.Seat(s))
			sv.furiten = all&(ss.Discarded|passed|passedRiichi) != 0
		}
	}
	d.settleHiddenTenpai(ry, v)
	if d.r.Draw.Declaration == DeclarationSeatOrder {
		d.settleDeclarations(st, ry, v)
	}
}

// settleDeclarations applies the declarations of a draw under rules where
// tenpai is declared in seat order (draw.declaration = "seat_order"): a
// player whose hand is tenpai may declare noten and keep it hidden, and is
// then noten for the payments and the renchan. A riichi player may not:
// one who does is in riichi and noten. What each player declared is what
// the log shows (ry is the draw's record): its tenpai flags (mjai), else
// the hands it shows (mjlog's RYUUKYOKU hai0-hai3, mjai's tehais: a tenpai
// hand not shown was declared noten), else, under the log's own rules, the
// payments: the fewest tenpai hands declared noten that give the recorded
// score changes (tenhou.net/6, which records nothing else). Where the log
// says nothing, every tenpai hand is declared tenpai.
func (d *decider) settleDeclarations(st *replay.State, ry *event.RyuukyokuRecord, v *handVerdict) {
	if ry.Kind != event.Exhaustive && ry.Kind != event.Unrecorded {
		return
	}
	var hidden uint8 // tenpai hands declared noten
	var open uint8   // tenpai hands whose declaration the log does not show
	// A log that shows no hand at all (a converter's) does not say which
	// were shown.
	shows := false
	if ry.Known&event.KnownHand != 0 {
		for s := range d.players {
			shows = shows || ry.Revealed[s]
		}
	}
	for s := range d.players {
		sv := &v.seats[s]
		if !sv.tenpai || sv.tenpaiUnknown {
			continue
		}
		switch {
		case ry.Tenpai[s] != event.FlagUnknown:
			if ry.Tenpai[s] == event.FlagNo {
				hidden |= 1 << s
			}
		case shows:
			if !ry.Revealed[s] {
				hidden |= 1 << s
			}
		case st.Seats[s].Riichi != replay.RiichiAccepted:
			open |= 1 << s
		}
	}
	if open != 0 && d.follow == followRecord && ry.Known&event.KnownDeltas != 0 && d.r.Draw.NotenPool > 0 {
		hidden |= d.hiddenByPayments(v, hidden, open, &ry.Deltas)
	}
	for s := range seatsOf(hidden) {
		v.seats[s].tenpai = false
		v.seats[s].declaredNoten = true
	}
}

// hiddenByPayments returns the fewest of the tenpai hands open (bits) whose
// noten declarations, with those of hidden, give the noten payments
// recorded (deltas), the first in seat order among as few; 0 when none
// does, or when the payments are those of every hand declared tenpai.
func (d *decider) hiddenByPayments(v *handVerdict, hidden, open uint8, deltas *[4]int32) uint8 {
	best, bestN := uint8(0), 5
	// Every subset of open, the empty one first.
	for sub := uint8(0); ; sub = (sub - open) & open {
		n := bits.OnesCount8(sub)
		if n < bestN && d.notenPayments(v, hidden|sub) == *deltas {
			best, bestN = sub, n
		}
		if sub == open {
			break
		}
	}
	return best
}

// notenPayments returns the noten payments of a draw at which the tenpai
// hands of v are tenpai but those of noten (bits).
func (d *decider) notenPayments(v *handVerdict, noten uint8) [4]int32 {
	var out [4]int32
	tenpai := 0
	for s := range d.players {
		if v.seats[s].tenpai && noten&(1<<s) == 0 {
			tenpai++
		}
	}
	if tenpai == 0 || tenpai == d.players {
		return out
	}
	recv := d.r.Draw.NotenPool / int32(tenpai)
	pay := d.r.Draw.NotenPool / int32(d.players-tenpai)
	for s := range d.players {
		if v.seats[s].tenpai && noten&(1<<s) == 0 {
			out[s] = recv
		} else {
			out[s] = -pay
		}
	}
	return out
}

// yakuOnAWait reports whether seat s's hand at an exhaustive draw, whose
// final state st is, has a yaku when it wins on one of its waits w, by
// tsumo or by ron, the situational yaku aside (haitei, houtei, rinshan,
// chankan, ippatsu, tenhou, chiihou, renhou: they come from the moment,
// not the hand). Dora are no yaku. A closed hand always has one (menzen
// tsumo); riichi is one.
func (d *decider) yakuOnAWait(st *replay.State, s event.Seat, w hand.KindSet) bool {
	in := &d.winInput
	self := event.WinRecord{Winner: s, From: s, Liable: event.NoSeat, WinTile: tile.None}
	for k := range tile.Kind(tile.NumKinds) {
		if !w.Has(k) {
			continue
		}
		for _, tsumo := range []bool{true, false} {
			if err := st.WinInput(&self, in); err != nil || int(in.HandLen) >= len(in.Hand) {
				return true // not judged: counted tenpai, as the hand's form says
			}
			t := tile.Of(k)
			in.Hand[in.HandLen] = t
			in.HandLen++
			in.WinTile, in.Tsumo = t, tsumo
			in.Rinshan, in.Chankan, in.Haitei, in.Houtei = false, false, false, false
			in.Tenhou, in.Chiihou, in.Renhou, in.Ippatsu = false, false, false, false
			res, err := d.scorer.Score(in)
			if err == nil && !res.NoYaku {
				return true
			}
		}
	}
	return false
}

// decideRyuukyoku works out the verdict on a hand that ended without a
// winner; ry is its record, ev its event.
func (d *decider) decideRyuukyoku(st *replay.State, ry *event.RyuukyokuRecord, ev int, v *handVerdict) {
	v.payCheck, v.deltasKnown, v.dealerKeeps, v.honbaUp = check.DrawPayment, true, true, true
	v.draw, v.drawEvent = ry, ev
	r := d.r
	abort := func(o Outcome, on bool, kind AbortKind, name string) {
		v.outcome = o
		v.afterAbort(&r.Abort, kind)
		if !on {
			v.diverge(kind.divergence(), fmt.Sprintf("%s has no %s: play would have gone on", r.Name, name))
			v.deltasKnown = false
		}
	}
	switch ry.Kind {
	case event.Interrupted:
		v.outcome = Incomplete
		v.incomplete = true
		return
	case event.NineTerminals:
		d.nineTerminalsFaults(st, v)
		abort(NineTerminalsOutcome, r.Abort.NineTerminals, AbortNineTerminals, "nine-terminals abortive draw")
		return
	case event.FourWinds:
		if !(d.players == 4 && st.Discards == 4 && d.fourWinds(st)) {
			v.addFault(fault{check: check.DrawFourWinds, message: "four-winds abortive draw without the same wind as each player's first discard",
				expected: "4 identical winds in the first go-round", recorded: fmt.Sprintf("%d discards", st.Discards)})
		}
		abort(FourWindsOutcome, r.Abort.FourWinds, AbortFourWinds, "four-winds abortive draw")
		return
	case event.FourRiichi:
		if n := d.riichiCount(st); n != d.players {
			v.addFault(fault{check: check.DrawFourRiichi, message: "four-riichi abortive draw without every player in riichi",
				expected: fmt.Sprintf("%d in riichi", d.players), recorded: fmt.Sprintf("%d in riichi", n), counted: true, want: d.players, got: n})
		}
		if offenders := d.notenRiichiChombo(st, v); offenders != 0 && r.Abort.FourRiichi {
			// The hands are shown at the abort: a riichi player found
			// noten commits a chombo where the rules make one.
			d.chombo(st, offenders, v)
			return
		}
		abort(FourRiichiOutcome, r.Abort.FourRiichi, AbortFourRiichi, "four-riichi abortive draw")
		return
	case event.FourKans:
		// Four kans by two players or more, after the discard that follows
		// them or at the fourth (as the rules time it); or a fifth kan
		// where it aborts.
		// (A hand that ends at an open kan ends before its replacement
		// draw: at the kan as much as after a closed or added one.)
		atKan := st.EndPhase == replay.AfterKan || st.EndPhase == replay.WaitReplacement
		when := "then a discard"
		atTime := st.EndPhase == replay.AfterDiscard
		if r.Abort.FourKansTiming == FourKansOnKan {
			when, atTime = "at the fourth", atKan
		}
		seats := bits.OnesCount8(st.KanSeats)
		four := st.Kans == 4 && seats >= 2 && atTime
		fifth := st.Kans == 5 && r.Abort.FifthKan == FifthKanAborts && atKan
		if !four && !fifth {
			v.addFault(fault{check: check.DrawFourKans, message: "four-kans abortive draw without four kans by two or more players " + when,
				expected: "4 kans by 2+ players, " + when, recorded: fmt.Sprintf("%d kans by %d players (%s)", st.Kans, seats, st.EndPhase),
				ownRulesOnly: st.Kans >= 4 && seats >= 2})
		}
		abort(FourKansOutcome, r.Abort.FourKans, AbortFourKans, "four-kans abortive draw")
		return
	case event.TripleRon:
		d.tripleRonFaults(st, ry, v)
		v.outcome = TripleRonOutcome
		v.afterAbort(&r.Abort, AbortTripleRon)
		if !r.Abort.TripleRon {
			// The rules pay the wins, but the log holds no value for them.
			v.diverge(DivergeTripleRon, fmt.Sprintf("%s pays a triple ron, whose hand values the log does not hold", r.Name))
			v.deltasKnown = false
		}
		return
	}
	d.decideExhaustive(st, ry, v)
}

// decideExhaustive works out the verdict on an exhaustive draw (or nagashi
// mangan, which is one) whose record is ry.
func (d *decider) decideExhaustive(st *replay.State, ry *event.RyuukyokuRecord, v *handVerdict) {
	r := d.r
	v.outcome = ExhaustiveOutcome
	if st.LiveLeft != 0 {
		v.addFault(fault{check: check.DrawWall, message: "exhaustive draw with tiles left in the live wall", expected: "0 tiles left", recorded: fmt.Sprintf("%d tiles left", st.LiveLeft),
			counted: true, want: 0, got: st.LiveLeft})
	}
	if st.EndPhase != replay.AfterDiscard {
		v.addFault(fault{check: check.DrawOrder, message: "exhaustive draw not right after the last discard", expected: "after discard", recorded: st.EndPhase.String()})
	}
	tenpai := 0
	for s := range d.players {
		if v.seats[s].tenpai {
			tenpai++
		}
	}
	v.tenpaiCount = tenpai
	// Noten riichi: impossible (the client forbids it), a chombo, or
	// nothing at all. Where it is impossible the replay reported the riichi
	// discard already (legality.riichi) when it could see the hand: the
	// draw reports only a noten riichi it did not see, so that one noten
	// riichi is one finding.
	if chombo := d.notenRiichiChombo(st, v); chombo != 0 {
		d.chombo(st, chombo, v)
		return
	}
	if r.Draw.NotenRiichi == NotenRiichiNone {
		for s := range seatsOf(d.notenRiichis(st, v)) {
			if !st.Seats[s].NotenRiichi {
				v.notenRiichi |= 1 << s
			}
		}
	}
	// Nagashi mangan.
	for s := range d.players {
		if d.nagashiQualifies(st, event.Seat(s)) {
			v.nagashi |= 1 << s
		}
	}
	if v.nagashi != 0 && r.Draw.Nagashi != NagashiNone {
		v.outcome = NagashiOutcome
		v.payCheck = check.DrawNagashiPayment
		for s := range seatsOf(v.nagashi) {
			p := r.payments(int32(event.Mangan.Base()), s, s, st.Round.Dealer, d.players)
			for o := range d.players {
				v.deltas[o] -= p[o]
				v.deltas[s] += p[o]
			}
		}
		if r.Draw.Nagashi == NagashiAsWin {
			// As a win: the honba are paid and the sticks taken, by the
			// first nagashi player.
			s := firstSeat(v.nagashi)
			for o := range d.players {
				if event.Seat(o) != s && st.Honba > 0 {
					v.deltas[o] -= int32(st.Honba) * r.Points.HonbaTsumo
					v.deltas[s] += int32(st.Honba) * r.Points.HonbaTsumo
				}
			}
			v.deltas[s] += int32(st.Sticks) * r.Points.RiichiStick
			v.sticksTaken = true
			v.dealerKeeps = s == st.Round.Dealer && r.Draw.Renchan != RenchanNever
			v.honbaUp = v.dealerKeeps
			return
		}
	} else if tenpai > 0 && tenpai < d.players && r.Draw.NotenPool > 0 {
		recv := r.Draw.NotenPool / int32(tenpai)
		pay := r.Draw.NotenPool / int32(d.players-tenpai)
		for s := range d.players {
			if v.seats[s].tenpai {
				v.deltas[s] += recv
				v.seats[s].notenPayment = recv
				v.notenTotal += recv
			} else {
				v.deltas[s] -= pay
				v.seats[s].notenPayment = -pay
			}
		}
	}
	v.dealerKeeps = v.seats[st.Round.Dealer].tenpai && tenpaiRenchan(r.Draw.Renchan, st.Round.Wind)
}

// seatsOf yields the seats whose bits are set in set, in seat order.
func seatsOf(set uint8) func(func(event.Seat) bool) {
	return func(yield func(event.Seat) bool) {
		for s := range 4 {
			if set&(1<<s) != 0 && !yield(event.Seat(s)) {
				return
			}
		}
	}
}

// firstSeat returns the first seat whose bit is set in set (set not 0).
func firstSeat(set uint8) event.Seat { return event.Seat(bits.TrailingZeros8(set)) }

// notenRiichiChombo returns the players in riichi whom v's tenpai finds
// noten (bits), under rules that make that a chombo; 0 under others.
func (d *decider) notenRiichiChombo(st *replay.State, v *handVerdict) uint8 {
	if d.r.Draw.NotenRiichi != NotenRiichiChombo {
		return 0
	}
	return d.notenRiichis(st, v)
}

// notenRiichis returns the players in riichi whom v's tenpai finds noten
// (bits).
func (d *decider) notenRiichis(st *replay.State, v *handVerdict) uint8 {
	var noten uint8
	for s := range d.players {
		if st.Seats[s].Riichi == replay.RiichiAccepted && !v.seats[s].tenpai && !v.seats[s].tenpaiUnknown {
			noten |= 1 << s
		}
	}
	return noten
}

// riichiCount returns the number of players whose riichi was accepted.
func (d *decider) riichiCount(st *replay.State) int {
	n := 0
	for s := range d.players {
		if st.Seats[s].Riichi == replay.RiichiAccepted {
			n++
		}
	}
	return n
}

// tenpaiRenchan reports whether a tenpai dealer keeps the seat at an
// exhaustive draw in a hand of the given round wind (0 East).
func tenpaiRenchan(r Renchan, wind int8) bool {
	return r == RenchanTenpai || r == RenchanSouthTenpai && wind >= 1
}

// hiddenTenpai works out the tenpai of seat s, whose tiles the log hides,
// at an exhaustive draw: from the hand the log shows there, computed as
// for any hand; else it is unknown, and tenpai is what the log says (its
// tenpai flags, or else the sign of the seat's recorded score change),
// which the payments are judged against. ry is the draw's record.
func (d *decider) hiddenTenpai(st *replay.State, ry *event.RyuukyokuRecord, s event.Seat, sv *seatVerdict) {
	if ry.Known&event.KnownHand != 0 && ry.Revealed[s] {
		c := tile.CountsOf(ry.HandTiles(s))
		if n := c.Total(); n%3 == 1 && n <= hand.MaxTiles && validCounts(&c) {
			meld := st.Seats[s].MeldTiles()
			w := hand.CountingWaits(&c, &meld, d.r.Draw.TenpaiPolicy)
			sv.tenpai, sv.waits = w != 0, w.Len()
			return
		}
	}
	sv.tenpaiUnknown = true
	switch {
	case ry.Tenpai[s] != event.FlagUnknown:
		sv.tenpai = ry.Tenpai[s] == event.FlagYes
	case ry.Known&event.KnownDeltas != 0:
		sv.tenpai = ry.Deltas[s] > 0 || ry.Known&event.KnownHand != 0 && ry.Revealed[s]
	}
}

// settleHiddenTenpai completes what hiddenTenpai reads from the payments:
// when nobody paid (everybody tenpai, or nobody), the hidden hands are
// tenpai exactly when a hand that is seen is. ry is the draw's record.
func (d *decider) settleHiddenTenpai(ry *event.RyuukyokuRecord, v *handVerdict) {
	if ry.Known&event.KnownDeltas == 0 {
		return
	}
	seen := -1
	for s := range d.players {
		if ry.Deltas[s] != 0 || ry.Tenpai[s] != event.FlagUnknown {
			return
		}
		if !v.seats[s].tenpaiUnknown {
			seen = s
		}
	}
	if seen < 0 {
		return
	}
	for s := range d.players {
		if v.seats[s].tenpaiUnknown {
			v.seats[s].tenpai = v.seats[seen].tenpai
		}
	}
}

// nagashiQualifies reports whether seat s meets the nagashi mangan
// conditions: every discard a terminal or honour, none called by another
// player, and (when the rules say so) no calls of its own.
func (d *decider) nagashiQualifies(st *replay.State, s event.Seat) bool {
	ss := &st.Seats[s]
	if ss.NRiver == 0 {
		return false
	}
	for _, r := range ss.RiverList() {
		if r.Called || !r.Tile.Kind().IsTerminalOrHonor() {
			return false
		}
	}
	if !d.r.Draw.NagashiOwnCalls {
		for _, m := range ss.MeldList() {
			if m.Kind != event.MeldClosedKan {
				return false
			}
		}
	}
	return true
}

// nineTerminalsFaults checks the nine-terminals abortive draw: the
// declarer's first draw, before any call, with nine different terminals
// and honours.
func (d *decider) nineTerminalsFaults(st *replay.State, v *handVerdict) {
	s := st.Turn
	if !s.Valid() {
		return
	}
	ss := &st.Seats[s]
	switch {
	case st.EndPhase != replay.WaitDiscard || ss.NRiver != 0:
		v.addFault(fault{check: check.DrawNineTerminals, message: fmt.Sprintf("seat %d declares nine terminals after its first turn", s), expected: "first draw", recorded: fmt.Sprintf("%d discards", ss.NRiver)})
	case st.Calls > 0 || st.Replacements > 0:
		v.addFault(fault{check: check.DrawNineTerminals, message: "nine terminals declared after a call, kan or kita interrupted the first go-round", expected: "uninterrupted", recorded: "interrupted"})
	case !validCounts(&ss.Hand) || !hand.NineTerminals(&ss.Hand):
		v.addFault(fault{check: check.DrawNineTerminals, message: fmt.Sprintf("seat %d's hand %s has fewer than nine different terminals and honours", s, ss.Hand.String()), expected: "9 or more kinds", recorded: "fewer"})
	}
}

// tripleRonFaults checks the triple-ron abortive draw: three players hold
// hands that win on the last discard (ry is the draw's record). A hand
// wins when the discard completes it, it is not furiten and it has a yaku
// (situational ones aside: houtei and chankan count as the discard gives
// them). The hands are the replay's, whatever the log shows at the draw;
// a hand the log hides (a player's view) is the one it shows there, judged
// complete or not, or else unknown, and the draw is faulted only when too
// few hands can win even if every unknown one does.
func (d *decider) tripleRonFaults(st *replay.State, ry *event.RyuukyokuRecord, v *handVerdict) {
	if !st.LastValid && st.EndPhase != replay.AfterDiscard {
		v.addFault(fault{check: check.DrawTripleRon, message: "triple ron with no discard to win on", expected: "after a discard", recorded: st.EndPhase.String()})
		return
	}
	n, unknown := 0, 0
	for s := range d.players {
		if event.Seat(s) == st.LastSeat {
			continue
		}
		switch d.winsOnLast(st, ry, event.Seat(s)) {
		case winYes:
			n++
		case winUnknown:
			unknown++
		}
	}
	if n != 3 && n+unknown < 3 {
		v.addFault(fault{check: check.DrawTripleRon, message: "triple ron without three hands that win on the discard", expected: "3 winning hands", recorded: fmt.Sprintf("%d winning hands", n),
			counted: true, want: 3, got: n})
	}
}

// winAnswer says whether a hand wins on a tile: no, yes, or unknown (its
// tiles are hidden).
type winAnswer uint8

const (
	winNo winAnswer = iota
	winYes
	winUnknown
)

// winsOnLast reports whether seat s's hand wins on the last discard of the
// hand whose final state st is: complete with it, not furiten, with a yaku
// under the rules. A hand the log hides is the one the draw's record ry
// shows, judged complete or not (its furiten and yaku are not known), or
// unknown when it shows none.
func (d *decider) winsOnLast(st *replay.State, ry *event.RyuukyokuRecord, s event.Seat) winAnswer {
	ss := &st.Seats[s]
	k := st.LastTile.Kind()
	if !k.Valid() {
		return winNo
	}
	if ss.Hidden {
		if ry.Known&event.KnownHand == 0 || !ry.Revealed[s] {
			return winUnknown
		}
		h := tile.CountsOf(ry.HandTiles(s))
		if h.Total()%3 != 1 || h[k] >= 4 {
			return winNo
		}
		h[k]++
		if validCounts(&h) && hand.Complete(&h) {
			return winYes
		}
		return winNo
	}
	if ss.N%3 != 1 || !validCounts(&ss.Hand) {
		return winNo
	}
	waits := hand.Waits(&ss.Hand)
	if !waits.Has(k) {
		return winNo
	}
	passed, passedRiichi := st.Passed(s)
	if waits&(ss.Discarded|passed|passedRiichi) != 0 {
		return winNo // furiten
	}
	w := event.WinRecord{Winner: s, From: st.LastSeat, Liable: event.NoSeat, WinTile: st.LastTile}
	in := &d.winInput
	if err := st.WinInput(&w, in); err != nil {
		return winNo
	}
	res, err := d.scorer.Score(in)
	if err != nil || res.NoYaku {
		return winNo
	}
	return winYes
}

// chombo settles an exhaustive draw at which the players offenders (bits)
// were in riichi but noten, under rules where that is a chombo: no noten
// payments or nagashi, the chombo payments, the penalty in final points,
// and the next hand as the rules say (the same dealer, the honba kept, by
// default).
func (d *decider) chombo(st *replay.State, offenders uint8, v *handVerdict) {
	c := &d.r.Chombo
	v.outcome = ChomboOutcome
	v.payCheck = check.DrawChombo
	v.deltas = [4]int32{}
	for s := range d.players {
		v.seats[s].notenPayment = 0
	}
	v.notenTotal = 0
	dealer := st.Round.Dealer
	for o := range seatsOf(offenders) {
		v.seats[o].chombo = true
		d.penalty[o] += c.FinalPoints
		switch c.Payment {
		case ChomboMangan:
			// The others' mangan tsumo, paid by the offender.
			p := d.r.payments(int32(event.Mangan.Base()), o, o, dealer, d.players)
			for s := range d.players {
				v.deltas[s] += p[s]
				v.deltas[o] -= p[s]
			}
		case ChomboPoints:
			share := c.Points / int32(d.players-1)
			for s := range d.players {
				if event.Seat(s) != o {
					v.deltas[s] += share
					v.deltas[o] -= share
				}
			}
		}
	}
	v.dealerKeeps = c.DealerKeeps
	v.honbaUp = c.AddHonba
	v.honbaKeep = !c.AddHonba
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
