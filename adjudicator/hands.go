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

// judgeWins scores the hand's wins and works out their payments.
func (j *judge) judgeWins(st *replay.State, hr *HandResult, wins []*event.WinRecord, evs []int) judged {
	out := judged{check: check.WinPayment, expectedKnown: true, sticksTaken: true}
	dealer := st.Round.Dealer
	honba := int32(st.Honba)
	sticks := int32(st.Sticks)
	// Every recorded win is scored, a win the rules' multiple-ron setting
	// would not pay too (the wins table lists them all).
	first := len(j.rep.Wins)
	for k, w := range wins {
		wr := j.scoreWin(st, hr, w, evs[k])
		if wr.Scored && wr.Value.NoYaku && !j.native && out.divergent == "" {
			out.divergentKind = DivergeNoYaku
			out.divergent = fmt.Sprintf("under %s seat %d's hand has no yaku: it could not have won %s", j.r.Name, w.Winner, hr.Round)
		}
	}
	if out.divergent != "" {
		out.expectedKnown = false
		for k, w := range wins {
			hr.Seats[w.Winner].Won = true
			j.rep.Wins[first+k].Divergent = true
		}
		return out
	}
	results := j.rep.Wins[first:]
	// Several rons on one discard, in turn order from the discarder (the
	// log's order).
	if len(wins) > 1 {
		switch j.r.Win.MultipleRon {
		case MultiRonHeadBump:
			wins, evs = wins[:1], evs[:1]
		case MultiRonDouble:
			if len(wins) >= 3 {
				// Under these rules it is the triple-ron abortive draw.
				out.deltas = [4]int32{}
				out.sticksTaken = false
				out.afterAbort(&j.r.Abort, DivergeTripleRon)
				hr.Outcome = TripleRonOutcome
				return out
			}
		}
	}
	var othersOwn int32
	if j.r.Win.Bonus == BonusEach {
		for _, w := range wins[1:] {
			if st.Seats[w.Winner].Riichi == replay.RiichiAccepted {
				othersOwn++
			}
		}
	}
	for k, w := range wins {
		wr := &results[k]
		j.checkWinRecord(st, hr, w, evs[k], k)
		hr.Seats[w.Winner].Won = true
		if !w.Tsumo() && w.From.Valid() {
			hr.Seats[w.From].DealtIn = true
		}
		if w.Winner == dealer {
			out.dealerKeeps = true
		}
		v := j.winValue(w, wr)
		valueJudged := false
		switch {
		case j.native:
			valueJudged = j.compareWin(wr)
		case wr.valueUsable() && w.Known&event.KnownPoints != 0 && int(w.Points) != wr.Value.Total:
			// The hand is worth another amount under these rules; the
			// payments that follow from it are not reported again.
			j.reportWin(wr, check.WinPoints, fmt.Sprintf("the hand is worth another amount under %s", j.r.Name),
				fmt.Sprintf("%d (%s: %s)", wr.Value.Total, valueText(&wr.Value), yakuText(wr.Value.YakuList())), fmt.Sprintf("%d (%s)", w.Points, recordedYakuText(w)))
			out.valueDiffers = true
		}
		if !v.known {
			out.expectedKnown = false
			continue
		}
		if j.native && !valueJudged && w.Known&event.KnownPoints != 0 {
			// The hand could not be scored: the recorded value is checked
			// against its own han and fu.
			p := j.r.payments(v.base, w.Winner, w.From, dealer, j.players)
			if t := total(p); t != w.Points && !(w.Tsumo() && j.players == 3) {
				j.report(hr.Index, evs[k], hr.Round, check.WinPoints, "the recorded hand value does not follow from its han and fu",
					fmt.Sprintf("%d (%s)", t, describeValue(w, v)), fmt.Sprint(w.Points))
			}
		}
		d := j.winDeltas(w, v, dealer, honba, sticks, othersOwn, k == 0, st)
		for s := range 4 {
			out.deltas[s] += d[s]
		}
	}
	if out.dealerKeeps && len(wins) > 1 && !j.r.Win.DealerKeepsOnMultiRon {
		out.dealerKeeps = false
	}
	if j.r.Draw.Renchan == RenchanNever {
		out.dealerKeeps = false // the seat passes even after the dealer's win
	}
	out.honbaUp = out.dealerKeeps
	return out
}

// describeValue names the han and fu a value was computed from.
func describeValue(w *event.WinRecord, v value) string {
	if v.limit != event.NoLimit {
		return v.limit.String()
	}
	return fmt.Sprintf("%d han %d fu", w.Han, w.Fu)
}

// winDeltas returns the score changes of one win: the hand's payments,
// the honba and, for the winner that takes them, the riichi sticks.
//
// othersOwn is the number of riichi sticks that other winners take back
// (rules where each winner takes back its own stick).
func (j *judge) winDeltas(w *event.WinRecord, v value, dealer event.Seat, honba, sticks, othersOwn int32, first bool, st *replay.State) [4]int32 {
	var d [4]int32
	pay := j.r.payments(v.base, w.Winner, w.From, dealer, j.players)
	getsBonus := first || j.r.Win.Bonus == BonusEach
	var honbaPay [4]int32
	if getsBonus && honba > 0 {
		if w.Tsumo() {
			for s := range j.players {
				if event.Seat(s) != w.Winner {
					honbaPay[s] = honba * j.r.Points.HonbaTsumo
				}
			}
		} else {
			honbaPay[w.From] = honba * j.r.Points.HonbaRon
		}
	}
	if w.Liable.Valid() && w.Liable != w.Winner && j.paoApplies(v.yaku) {
		pay, honbaPay = j.paoPayments(w, v, pay, honbaPay)
	}
	for s := range j.players {
		d[s] -= pay[s] + honbaPay[s]
		d[w.Winner] += pay[s] + honbaPay[s]
	}
	switch {
	case first:
		d[w.Winner] += (sticks - othersOwn) * j.r.Points.RiichiStick
	case j.r.Win.Bonus == BonusEach && st.Seats[w.Winner].Riichi == replay.RiichiAccepted:
		// Each winner takes back its own riichi stick.
		d[w.Winner] += j.r.Points.RiichiStick
	}
	return d
}

// paoApplies reports whether a win's yakuman include one that carries
// liability under the rules.
func (j *judge) paoApplies(yaku []event.Yaku) bool {
	for _, y := range yaku {
		for _, p := range j.r.Win.Pao {
			if (p == "daisangen" && y.ID == 39) || (p == "daisuushii" && y.ID == 49) || (p == "suukantsu" && y.ID == 51) {
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
func (j *judge) paoPayments(w *event.WinRecord, v value, pay, honbaPay [4]int32) ([4]int32, [4]int32) {
	l := w.Liable
	share := int32(1)
	parts := int32(1)
	if j.r.Win.PaoScope == PaoShare {
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
	if j.r.Win.PaoHonba == PaoHonbaLiable {
		h := total(honbaPay)
		honbaPay = [4]int32{}
		honbaPay[l] = h
	}
	return np, honbaPay
}

// checkWinRecord compares what the log recorded with the win (honba and
// sticks, scores before).
func (j *judge) checkWinRecord(st *replay.State, hr *HandResult, w *event.WinRecord, ev, k int) {
	if w.Known&event.KnownBa != 0 && j.native {
		wantSticks := st.Sticks
		if k > 0 && j.r.Win.Bonus == BonusFirst {
			wantSticks = 0 // Tenhou shows the sticks with the first winner only
		}
		if int(w.Honba) != st.Honba || int(w.Sticks) != wantSticks {
			j.report(hr.Index, ev, hr.Round, check.WinBa, "the win's recorded honba and riichi sticks differ from the table's",
				fmt.Sprintf("honba %d sticks %d", st.Honba, wantSticks), fmt.Sprintf("honba %d sticks %d", w.Honba, w.Sticks))
		}
	}
	if w.Known&event.KnownBefore != 0 && k == 0 {
		for s := range j.players {
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
	want := make([]int32, j.players)
	for s := range want {
		want[s] = st.Seats[s].Score
	}
	j.report(hr.Index, ev, hr.Round, check.ScoreBefore, "the scores recorded before the win differ from the scores replayed (start of hand minus riichi sticks)",
		fmt.Sprint(want), fmt.Sprint(w.Before[:j.players]))
}

// judgeRyuukyoku judges a hand that ended without a winner.
func (j *judge) judgeRyuukyoku(st *replay.State, hr *HandResult, ry *event.RyuukyokuRecord, ev int) judged {
	out := judged{check: check.DrawPayment, expectedKnown: true, dealerKeeps: true, honbaUp: true}
	r := j.r
	native := j.native
	for s := range j.players {
		hr.Seats[s].Revealed = ry.Revealed[s]
	}
	abort := func(o Outcome, on bool, kind Divergence, name string) judged {
		hr.Outcome = o
		out.afterAbort(&r.Abort, kind)
		if !on {
			out.divergentKind = kind
			out.divergent = fmt.Sprintf("%s has no %s: play would have gone on", r.Name, name)
			out.expectedKnown = false
		}
		return out
	}
	switch ry.Kind {
	case event.Interrupted:
		hr.Outcome = Incomplete
		out.incomplete = true
		return out
	case event.NineTerminals:
		j.checkNineTerminals(st, hr, ry, ev)
		return abort(NineTerminalsOutcome, r.Abort.NineTerminals, DivergeNineTerminals, "nine-terminals abortive draw")
	case event.FourWinds:
		j.checkFourWinds(st, hr, ev)
		return abort(FourWindsOutcome, r.Abort.FourWinds, DivergeFourWinds, "four-winds abortive draw")
	case event.FourRiichi:
		n := 0
		for s := range j.players {
			if st.Seats[s].Riichi == replay.RiichiAccepted {
				n++
			}
		}
		if n != j.players {
			j.report(hr.Index, ev, hr.Round, check.DrawFourRiichi, "four-riichi abortive draw without every player in riichi", fmt.Sprintf("%d in riichi", j.players), fmt.Sprintf("%d in riichi", n))
		}
		return abort(FourRiichiOutcome, r.Abort.FourRiichi, DivergeFourRiichi, "four-riichi abortive draw")
	case event.FourKans:
		// Four kans by two players or more, after the discard that follows
		// them or at the fourth (as the rules time it); or a fifth kan
		// where it aborts.
		phase, when := replay.AfterDiscard, "then a discard"
		if r.Abort.FourKansTiming == FourKansOnKan {
			phase, when = replay.AfterKan, "at the fourth"
		}
		four := st.Kans == 4 && bits.OnesCount8(st.KanSeats) >= 2 && st.EndPhase == phase
		fifth := st.Kans == 5 && r.Abort.FifthKan == FifthKanAborts && st.EndPhase == replay.AfterKan
		if !four && !fifth && (native || st.Kans < 4 || bits.OnesCount8(st.KanSeats) < 2) {
			j.report(hr.Index, ev, hr.Round, check.DrawFourKans, "four-kans abortive draw without four kans by two or more players "+when,
				"4 kans by 2+ players, "+when, fmt.Sprintf("%d kans by %d players (%s)", st.Kans, bits.OnesCount8(st.KanSeats), st.EndPhase))
		}
		return abort(FourKansOutcome, r.Abort.FourKans, DivergeFourKans, "four-kans abortive draw")
	case event.TripleRon:
		j.checkTripleRon(st, hr, ry, ev)
		hr.Outcome = TripleRonOutcome
		out.afterAbort(&r.Abort, DivergeTripleRon)
		if !r.Abort.TripleRon {
			// The rules pay the wins, but the log holds no value for them.
			out.divergentKind = DivergeTripleRon
			out.divergent = fmt.Sprintf("%s pays a triple ron, whose hand values the log does not hold", r.Name)
			out.expectedKnown = false
		}
		return out
	}
	// An exhaustive draw (or nagashi mangan, which is one).
	hr.Outcome = ExhaustiveOutcome
	if st.LiveLeft != 0 {
		j.report(hr.Index, ev, hr.Round, check.DrawWall, "exhaustive draw with tiles left in the live wall", "0 tiles left", fmt.Sprintf("%d tiles left", st.LiveLeft))
	}
	if st.EndPhase != replay.AfterDiscard {
		j.report(hr.Index, ev, hr.Round, check.DrawOrder, "exhaustive draw not right after the last discard", "after discard", st.EndPhase.String())
	}
	tenpai := 0
	for s := range j.players {
		if hr.Seats[s].Tenpai {
			tenpai++
		}
	}
	hr.TenpaiCount = tenpai
	// Tenpai against the hands the log showed (formats that record them).
	if ry.Known&event.KnownHand != 0 && native && r.Draw.Declaration == DeclarationAuto {
		// (Under "seat_order" a tenpai player may keep its hand hidden;
		// under "none" nobody shows one.)
		for s := range j.players {
			if hr.Seats[s].TenpaiUnknown {
				continue
			}
			if hr.Seats[s].Tenpai != ry.Revealed[s] && ry.Kind == event.Exhaustive {
				j.report(hr.Index, ev, hr.Round, check.DrawTenpai, fmt.Sprintf("seat %d's hand %s", s, tile.FormatTiles(st.Seats[s].Tiles())),
					tenpaiWord(hr.Seats[s].Tenpai), revealWord(ry.Revealed[s]))
			}
		}
	}
	// Noten riichi: impossible (the client forbids it), a chombo, or
	// nothing at all.
	var chombo []event.Seat
	for s := range j.players {
		if st.Seats[s].Riichi == replay.RiichiAccepted && !hr.Seats[s].Tenpai && !hr.Seats[s].TenpaiUnknown {
			switch r.Draw.NotenRiichi {
			case NotenRiichiChombo:
				chombo = append(chombo, event.Seat(s))
			case NotenRiichiNone:
				if native {
					j.report(hr.Index, ev, hr.Round, check.DrawNotenRiichi, fmt.Sprintf("seat %d is in riichi but noten at the draw (the client forbids a noten riichi)", s), "tenpai", "noten")
				}
			}
		}
	}
	if len(chombo) > 0 {
		return j.chombo(st, hr, chombo, out)
	}
	// Nagashi mangan.
	var nagashi []event.Seat
	for s := range j.players {
		if j.nagashiQualifies(st, event.Seat(s)) {
			nagashi = append(nagashi, event.Seat(s))
		}
	}
	if ry.Kind == event.Nagashi && len(nagashi) == 0 && native {
		j.report(hr.Index, ev, hr.Round, check.DrawNagashi, "nagashi mangan recorded, but no player's discards are all terminals and honours with none called", "exhaustive", "nagashi")
	}
	if ry.Kind == event.Exhaustive && len(nagashi) > 0 && r.Draw.Nagashi != NagashiNone && native {
		j.report(hr.Index, ev, hr.Round, check.DrawNagashi, fmt.Sprintf("seat %d qualifies for nagashi mangan, recorded as a plain exhaustive draw", nagashi[0]), "nagashi", "exhaustive")
	}
	if len(nagashi) > 0 && r.Draw.Nagashi != NagashiNone {
		hr.Outcome = NagashiOutcome
		out.check = check.DrawNagashiPayment
		for _, s := range nagashi {
			p := r.payments(2000, s, s, st.Round.Dealer, j.players)
			for o := range j.players {
				out.deltas[o] -= p[o]
				out.deltas[s] += p[o]
			}
		}
		if r.Draw.Nagashi == NagashiAsWin {
			// As a win: the honba are paid and the sticks taken, by the
			// first nagashi player.
			s := nagashi[0]
			for o := range j.players {
				if event.Seat(o) != s && st.Honba > 0 {
					out.deltas[o] -= int32(st.Honba) * r.Points.HonbaTsumo
					out.deltas[s] += int32(st.Honba) * r.Points.HonbaTsumo
				}
			}
			out.deltas[s] += int32(st.Sticks) * r.Points.RiichiStick
			out.sticksTaken = true
			out.dealerKeeps = s == st.Round.Dealer && r.Draw.Renchan != RenchanNever
			out.honbaUp = out.dealerKeeps
			return out
		}
	} else if tenpai > 0 && tenpai < j.players && r.Draw.NotenPool > 0 {
		recv := r.Draw.NotenPool / int32(tenpai)
		pay := r.Draw.NotenPool / int32(j.players-tenpai)
		for s := range j.players {
			if hr.Seats[s].Tenpai {
				out.deltas[s] += recv
				hr.Seats[s].NotenPayment = recv
				hr.NotenPaymentTotal += recv
			} else {
				out.deltas[s] -= pay
				hr.Seats[s].NotenPayment = -pay
			}
		}
	}
	out.dealerKeeps = hr.Seats[st.Round.Dealer].Tenpai && tenpaiRenchan(r.Draw.Renchan, st.Round.Wind)
	return out
}

// tenpaiRenchan reports whether a tenpai dealer keeps the seat at an
// exhaustive draw in a hand of the given round wind (0 East).
func tenpaiRenchan(r Renchan, wind int8) bool {
	return r == RenchanTenpai || r == RenchanSouthTenpai && wind >= 1
}

// hiddenTenpai works out the tenpai of seat s, whose tiles the log hides,
// at an exhaustive draw: from the hand the log shows there, computed as
// for any hand; else it is unknown, and Tenpai is what the log says (its
// tenpai flags, or else the sign of the seat's recorded score change),
// which the payments are judged against. ry is the draw's record.
func (j *judge) hiddenTenpai(st *replay.State, ry *event.RyuukyokuRecord, s event.Seat, sr *SeatResult) {
	if ry.Known&event.KnownHand != 0 && ry.Revealed[s] {
		c := tile.CountsOf(ry.HandTiles(s))
		if n := c.Total(); n%3 == 1 && n <= hand.MaxTiles && validCounts(&c) {
			meld := st.Seats[s].MeldTiles()
			w := hand.CountingWaits(&c, &meld, j.r.Draw.TenpaiPolicy)
			sr.Tenpai, sr.Waits = w != 0, w.Len()
			return
		}
	}
	sr.TenpaiUnknown = true
	switch {
	case ry.Tenpai[s] != event.FlagUnknown:
		sr.Tenpai = ry.Tenpai[s] == event.FlagYes
	case ry.Known&event.KnownDeltas != 0:
		sr.Tenpai = ry.Deltas[s] > 0 || ry.Known&event.KnownHand != 0 && ry.Revealed[s]
	}
}

// settleHiddenTenpai completes what hiddenTenpai reads from the payments:
// when nobody paid (everybody tenpai, or nobody), the hidden hands are
// tenpai exactly when a hand that is seen is. ry is the draw's record.
func (j *judge) settleHiddenTenpai(ry *event.RyuukyokuRecord, hr *HandResult) {
	if ry.Known&event.KnownDeltas == 0 {
		return
	}
	seen := -1
	for s := range j.players {
		if ry.Deltas[s] != 0 || ry.Tenpai[s] != event.FlagUnknown {
			return
		}
		if !hr.Seats[s].TenpaiUnknown {
			seen = s
		}
	}
	if seen < 0 {
		return
	}
	for s := range j.players {
		if hr.Seats[s].TenpaiUnknown {
			hr.Seats[s].Tenpai = hr.Seats[seen].Tenpai
		}
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

// nagashiQualifies reports whether seat s meets the nagashi mangan
// conditions: every discard a terminal or honour, none called by another
// player, and (when the rules say so) no calls of its own.
func (j *judge) nagashiQualifies(st *replay.State, s event.Seat) bool {
	ss := &st.Seats[s]
	if ss.NRiver == 0 {
		return false
	}
	for _, d := range ss.RiverList() {
		if d.Called || !d.Tile.Kind().IsTerminalOrHonor() {
			return false
		}
	}
	if !j.r.Draw.NagashiOwnCalls {
		for _, m := range ss.MeldList() {
			if m.Kind != event.MeldClosedKan {
				return false
			}
		}
	}
	return true
}

// checkNineTerminals checks the nine-terminals abortive draw: the declarer's
// first draw, before any call, with nine different terminals and honours.
func (j *judge) checkNineTerminals(st *replay.State, hr *HandResult, ry *event.RyuukyokuRecord, ev int) {
	s := st.Turn
	if !s.Valid() {
		return
	}
	ss := &st.Seats[s]
	switch {
	case st.EndPhase != replay.WaitDiscard || ss.NRiver != 0:
		j.report(hr.Index, ev, hr.Round, check.DrawNineTerminals, fmt.Sprintf("seat %d declares nine terminals after its first turn", s), "first draw", fmt.Sprintf("%d discards", ss.NRiver))
	case st.Calls > 0 || st.Replacements > 0:
		j.report(hr.Index, ev, hr.Round, check.DrawNineTerminals, "nine terminals declared after a call, kan or kita interrupted the first go-round", "uninterrupted", "interrupted")
	case !validCounts(&ss.Hand) || !hand.NineTerminals(&ss.Hand):
		j.report(hr.Index, ev, hr.Round, check.DrawNineTerminals, fmt.Sprintf("seat %d's hand %s has fewer than nine different terminals and honours", s, ss.Hand.String()), "9 or more kinds", "fewer")
	}
}

// checkFourWinds checks the four-winds abortive draw: the first four
// discards, one per player with no call, all the same wind.
func (j *judge) checkFourWinds(st *replay.State, hr *HandResult, ev int) {
	if !(j.players == 4 && st.Discards == 4 && j.fourWinds(st)) {
		j.report(hr.Index, ev, hr.Round, check.DrawFourWinds, "four-winds abortive draw without the same wind as each player's first discard", "4 identical winds in the first go-round", fmt.Sprintf("%d discards", st.Discards))
	}
}

// checkTripleRon checks the triple-ron abortive draw: three players show
// hands that win on the last discard, none of them furiten.
func (j *judge) checkTripleRon(st *replay.State, hr *HandResult, ry *event.RyuukyokuRecord, ev int) {
	if !st.LastValid && st.EndPhase != replay.AfterDiscard {
		j.report(hr.Index, ev, hr.Round, check.DrawTripleRon, "triple ron with no discard to win on", "after a discard", st.EndPhase.String())
		return
	}
	if ry.Known&event.KnownHand == 0 {
		return
	}
	n := 0
	for s := range j.players {
		if !ry.Revealed[s] || event.Seat(s) == st.LastSeat {
			continue
		}
		ss := &st.Seats[s]
		h := ss.Hand
		k := st.LastTile.Kind()
		if !k.Valid() || h[k] >= 4 {
			continue
		}
		h[k]++
		if validCounts(&h) && hand.Complete(&h) {
			n++
		}
	}
	if n != 3 {
		j.report(hr.Index, ev, hr.Round, check.DrawTripleRon, "triple ron without three hands that win on the discard", "3 winning hands", fmt.Sprintf("%d winning hands", n))
	}
}

// chombo settles an exhaustive draw at which the players offenders were in
// riichi but noten, under rules where that is a chombo: no noten payments
// or nagashi, the chombo payments, the penalty in final points, and the
// next hand as the rules say (the same dealer, the honba kept, by default).
func (j *judge) chombo(st *replay.State, hr *HandResult, offenders []event.Seat, out judged) judged {
	c := &j.r.Chombo
	hr.Outcome = ChomboOutcome
	out.check = check.DrawChombo
	out.deltas = [4]int32{}
	for s := range j.players {
		hr.Seats[s].NotenPayment = 0
	}
	hr.NotenPaymentTotal = 0
	dealer := st.Round.Dealer
	for _, o := range offenders {
		hr.Seats[o].Chombo = true
		j.penalty[o] += c.FinalPoints
		switch c.Payment {
		case ChomboMangan:
			// The others' mangan tsumo, paid by the offender.
			p := j.r.payments(2000, o, o, dealer, j.players)
			for s := range j.players {
				out.deltas[s] += p[s]
				out.deltas[o] -= p[s]
			}
		case ChomboPoints:
			share := c.Points / int32(j.players-1)
			for s := range j.players {
				if event.Seat(s) != o {
					out.deltas[s] += share
					out.deltas[o] -= share
				}
			}
		}
	}
	out.dealerKeeps = c.DealerKeeps
	out.honbaUp = c.AddHonba
	out.honbaKeep = !c.AddHonba
	return out
}
