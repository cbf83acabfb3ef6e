package replay

import (
	"fmt"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// DoraTiming says when a platform reveals the dora of a kan.
type DoraTiming uint8

// The dora timings.
const (
	// DoraTimingTenhou: a closed kan's indicator right after the kan; an
	// open or added kan's after the replacement draw, before that player's
	// next discard or kan (docs/tenhou-formats.md §1.2).
	DoraTimingTenhou DoraTiming = iota
	// DoraTimingAtDiscard: as Tenhou, but an open or added kan's indicator
	// may also come with the discard (Mahjong Soul records).
	DoraTimingAtDiscard
	// DoraTimingLoose: only the number of indicators is checked (formats
	// that do not record the timing).
	DoraTimingLoose
	// DoraTimingImmediate: every kan's indicator right after the kan,
	// before the replacement draw (Tenhou's chip lobbies, カンドラ即乗り).
	DoraTimingImmediate
)

// Options are the platform facts the legality checks need.
type Options struct {
	DoraTiming DoraTiming
	// RiichiMinScore is the least score allowed to declare riichi (1000);
	// RiichiMinWall the least number of live tiles left (4).
	RiichiMinScore int32
	RiichiMinWall  int
	// NoKuikae forbids discarding, right after a chi or pon, a tile of the
	// called kind or the other end of the chi (swap calling); Tenhou and
	// Mahjong Soul both forbid it.
	NoKuikae bool
	// RiichiStick is what a riichi costs the declarer (1000), the price the
	// log was played with.
	RiichiStick int32
	// FifthKan allows a fifth kan in a hand (rules where it aborts the
	// hand, 五開槓); otherwise it is illegal.
	FifthKan bool
	// NotenRiichiAllowed: a riichi on a hand that is not tenpai is no
	// illegal play (rules that settle it at the draw, as a chombo or not at
	// all); otherwise, as on the online clients, it is a legality.riichi
	// finding. Either way the seat's NotenRiichi is set.
	NotenRiichiAllowed bool
}

// SameStates reports whether a and b replay every game through the same
// states, differing at most in checks that change no state
// (RiichiMinScore, RiichiMinWall, FifthKan, NotenRiichiAllowed): then one
// replay serves both (Replayer.Variants).
func SameStates(a, b Options) bool {
	return a.DoraTiming == b.DoraTiming && a.NoKuikae == b.NoKuikae && a.RiichiStick == b.RiichiStick
}

// OptionsFor returns the options for a game's platform and format.
func OptionsFor(m *event.Meta) Options {
	// Riichi needs one more draw of one's own: at least one tile per player
	// left in the live wall.
	o := Options{RiichiMinScore: 1000, RiichiMinWall: m.PlayerCount(), RiichiStick: 1000, NoKuikae: true}
	switch {
	case m.Format == event.FormatMjlog && m.Rules.Chips == event.FlagYes:
		o.DoraTiming = DoraTimingImmediate
	case m.Format == event.FormatMjlog:
		o.DoraTiming = DoraTimingTenhou
	case m.Format == event.FormatMajsoul:
		o.DoraTiming = DoraTimingAtDiscard
	default:
		o.DoraTiming = DoraTimingLoose
	}
	if m.Platform == event.PlatformOther || m.Platform == event.PlatformUnknown {
		o.NoKuikae = false // simulators and unknown clients may allow it
	}
	return o
}

// Replayer replays games. The zero Replayer is ready; Run reuses its memory
// from game to game. It is not safe for concurrent use.
type Replayer struct {
	Options Options
	// Variants are further options under which the one replay checks the
	// game too, each with the same states as Options (SameStates):
	// VariantFindings(k) are the findings under Variants[k], the same as a
	// replay under Variants[k] alone would report.
	Variants []Options

	st State
	// ended is the state of the hand that the event being applied ended
	// (a hand start, the game end) or Finish ended, handed to the caller
	// when handed is set. It owns the slice buffers st does not.
	ended    State
	handed   bool
	g        *event.Game
	idx      int // index of the event being applied
	findings []check.Finding
	// bound keeps the findings of a check to check.MaxPerGame; Finish
	// appends the count of those left out.
	bound check.Bound
	// vfindings and vbounds are findings and bound of each of Variants.
	vfindings [][]check.Finding
	vbounds   []check.Bound
	over      bool // the current hand's end was handed over
	ids       bool // the game's tiles carry their physical ids
	// general turns off the fast paths of draw and discard, for the test
	// that they leave the same state and findings as the general ones.
	general bool
	// fast: the fast paths may take this game's draws and discards (its
	// tiles carry ids, and general is off); set by Start.
	fast bool
}

// State returns the current table state. It is valid until the next call
// of Run, Apply or Finish.
func (r *Replayer) State() *State { return &r.st }

// Findings returns what the replay found so far in the current game.
func (r *Replayer) Findings() []check.Finding { return r.findings }

// VariantFindings returns what the replay found so far in the current
// game under Variants[k], as Findings does under Options.
func (r *Replayer) VariantFindings(k int) []check.Finding { return r.vfindings[k] }

// Start prepares the replay of g (from its first event).
func (r *Replayer) Start(g *event.Game) {
	ends, passes := r.st.Ends[:0], r.st.Passes[:0]
	r.st = State{Players: g.Meta.PlayerCount(), HandIndex: -1, Turn: event.NoSeat, LastSeat: event.NoSeat}
	r.st.Ends, r.st.Passes = ends, passes
	r.g = g
	r.ids = g.Meta.TileIDs
	r.fast = r.ids && !r.general
	r.findings = r.findings[:0]
	r.bound.Reset()
	for len(r.vfindings) < len(r.Variants) {
		r.vfindings = append(r.vfindings, nil)
		r.vbounds = append(r.vbounds, check.Bound{})
	}
	for k := range r.Variants {
		r.vfindings[k] = r.vfindings[k][:0]
		r.vbounds[k].Reset()
	}
	r.over = true
}

// Run replays the whole of g and returns the findings (valid until the next
// Run).
func (r *Replayer) Run(g *event.Game) []check.Finding {
	r.Start(g)
	r.applyRange(0, len(g.Events))
	r.Finish()
	return r.findings
}

// Finish ends the replay of the game. When the game's last hand was not
// yet handed over (the events stop in a hand, or after its end with no game
// end), it returns the state at that hand's end, valid until the next call
// of Start or Run; else nil.
//
// The findings of a check past check.MaxPerGame are not reported one by
// one: Finish appends one finding per check that counts them.
func (r *Replayer) Finish() *State {
	r.findings = r.bound.AppendRest(r.findings)
	for k := range r.Variants {
		r.vfindings[k] = r.vbounds[k].AppendRest(r.vfindings[k])
	}
	r.handed = false
	r.handOver()
	if r.handed {
		return &r.ended
	}
	return nil
}

// handOver keeps the state at the end of the current hand, for Apply or
// Finish to return, unless it was handed over already. The kept state
// takes st's slice buffers, and st the kept state's old ones.
func (r *Replayer) handOver() {
	if r.over {
		return
	}
	r.over, r.handed = true, true
	ends, passes := r.ended.Ends, r.ended.Passes
	r.ended = r.st
	r.st.Ends, r.st.Passes = ends[:0], passes[:0]
}

// report records a finding about the event being applied.
func (r *Replayer) report(c check.Check, seat event.Seat, format string, args ...any) {
	f := check.Finding{Check: c, Hand: r.st.HandIndex, Round: r.st.Round.ID(), Event: r.idx, Seat: seat}
	if r.bound.Keep(c, f.Hand, f.Round, f.Event) { // else counted, and reported by Finish
		f.Message = fmt.Sprintf(format, args...)
		r.findings = append(r.findings, f)
	}
	for k := range r.Variants {
		if r.vbounds[k].Keep(c, f.Hand, f.Round, f.Event) {
			if f.Message == "" {
				f.Message = fmt.Sprintf(format, args...)
			}
			r.vfindings[k] = append(r.vfindings[k], f)
		}
	}
}

// reportBy records a finding about the event being applied under each of
// Options and Variants for which msg, given them, says one (msg returns
// "" for none).
func (r *Replayer) reportBy(c check.Check, seat event.Seat, msg func(o *Options) string) {
	f := check.Finding{Check: c, Hand: r.st.HandIndex, Round: r.st.Round.ID(), Event: r.idx, Seat: seat}
	if m := msg(&r.Options); m != "" && r.bound.Keep(c, f.Hand, f.Round, f.Event) {
		f.Message = m
		r.findings = append(r.findings, f)
	}
	for k := range r.Variants {
		if m := msg(&r.Variants[k]); m != "" && r.vbounds[k].Keep(c, f.Hand, f.Round, f.Event) {
			f.Message = m
			r.vfindings[k] = append(r.vfindings[k], f)
		}
	}
}

// Apply applies event i of the game given to Start. When the event ends
// a hand for the caller to judge — it starts the next hand, or ends the
// game, after a hand not yet handed over — Apply returns the state at that
// hand's end (the hand's Ends are its win and draw events), valid until the
// next call of Apply or Finish; otherwise nil.
func (r *Replayer) Apply(i int) *State {
	r.handed = false
	r.applyRange(i, i+1)
	if r.handed {
		return &r.ended
	}
	return nil
}

// applyRange applies the events with index in [from, to). Draws and
// discards, most of the events, take few steps.
func (r *Replayer) applyRange(from, to int) {
	events := r.g.Events[:to]
	for i := from; i < len(events); i++ {
		e := &events[i]
		r.idx = i
		if r.st.InterruptPending && e.Type != event.Win && r.st.Phase != HandOver {
			r.interrupt()
		}
		// Most events are draws and discards that the fast paths take;
		// apply checks and applies the rest. (The fast paths take an
		// event only in a hand, by the seat whose turn it is, so they
		// need no check of the seat.)
		switch e.Type {
		case event.Draw:
			if !r.drawFast(e) {
				r.apply(e)
			}
		case event.Discard:
			if !r.discardFast(e) {
				r.apply(e)
			}
		default:
			r.apply(e)
		}
	}
}

// apply checks and applies an event that the fast paths did not take.
func (r *Replayer) apply(e *event.Event) {
	st := &r.st
	if st.HandIndex < 0 && e.Type != event.RoundStart && e.Type != event.GameStart && e.Type != event.GameEnd &&
		e.Type != event.Disconnect && e.Type != event.Reconnect {
		r.report(check.LegalityOrder, e.Seat, "%v before the first hand", e.Type)
		return
	}
	if e.Type != event.GameStart && (int(e.Seat) >= st.Players || e.Seat < 0 && actsBySeat(e.Type)) {
		r.report(check.ParseSeat, e.Seat, "%v by seat %d in a %d-player game", e.Type, e.Seat, st.Players)
		return
	}
	if msg := malformed(e, st.Players); msg != "" {
		r.report(check.ParseEvent, e.Seat, "%v: %s", e.Type, msg)
		return
	}
	switch e.Type {
	case event.GameStart:
	case event.RoundStart:
		r.roundStart(e)
	case event.Draw:
		r.draw(e)
	case event.Discard:
		r.discard(e)
	case event.Riichi:
		r.riichi(e)
	case event.RiichiAccepted:
		r.riichiAccepted(e)
	case event.Call:
		r.call(e)
	case event.ClosedKan:
		r.closedKan(e)
	case event.AddedKan:
		r.addedKan(e)
	case event.Kita:
		r.kita(e)
	case event.Dora:
		r.dora(e)
	case event.Win:
		r.win(e)
	case event.Ryuukyoku:
		r.ryuukyoku(e)
	case event.GameEnd:
		r.handOver()
		st.Phase = BetweenHands
	case event.Disconnect:
		st.Seats[e.Seat].Present = false
	case event.Reconnect:
		st.Seats[e.Seat].Present = true
	case event.Broken:
		r.broken(e)
	default:
		r.report(check.ParseEvent, e.Seat, "unknown event type %v", e.Type)
	}
}

// malformed describes what in e no log can give — a tile that is not a
// tile, a meld that is not one (see event.Meld.Check) — or returns "".
// Decoders never write such events; a program that builds a game can.
func malformed(e *event.Event, players int) string {
	if e.Tile != tile.None && !e.Tile.Valid() {
		return fmt.Sprintf("%d is not a tile", e.Tile)
	}
	if e.From != event.NoSeat && (e.From < 0 || int(e.From) >= players) {
		return fmt.Sprintf("from seat %d, not a seat of a %d-player game", e.From, players)
	}
	switch e.Type {
	case event.Call, event.ClosedKan, event.AddedKan, event.Kita:
		if err := e.Meld.Check(players); err != nil {
			return "meld: " + err.Error()
		}
	}
	return ""
}

// actsBySeat reports whether events of type t are a player's act, which
// needs a seat (NoSeat is what the others may have).
func actsBySeat(t event.Type) bool {
	switch t {
	case event.GameStart, event.RoundStart, event.Dora, event.Win, event.Ryuukyoku, event.GameEnd, event.Broken:
		return false
	}
	return true
}

func (r *Replayer) roundStart(e *event.Event) {
	r.handOver()
	st := &r.st
	if e.Ref < 0 || int(e.Ref) >= len(r.g.Rounds) {
		r.report(check.ParseRound, event.NoSeat, "round_start refers to round %d of %d", e.Ref, len(r.g.Rounds))
		return
	}
	rd := &r.g.Rounds[e.Ref]
	ends, passes := st.Ends[:0], st.Passes[:0]
	*st = State{
		Players:      st.Players,
		HandIndex:    st.HandIndex + 1,
		Round:        *rd,
		RoundEvent:   r.idx,
		Phase:        WaitDraw,
		Turn:         rd.Dealer,
		LiveLeft:     liveWall(st.Players),
		LastSeat:     event.NoSeat,
		LastEvent:    -1,
		Sticks:       int(rd.Sticks),
		Honba:        int(rd.Honba),
		FirstGoRound: true,
		Ends:         ends,
		Passes:       passes,
	}
	st.Round.Wall = nil
	r.over = false
	if !rd.Dealer.Valid() || int(rd.Dealer) >= st.Players {
		r.report(check.ParseRound, event.NoSeat, "dealer %d in a %d-player game", rd.Dealer, st.Players)
		// Go on as if seat 0 dealt, so that what reads the state finds
		// a seat there.
		st.Turn, st.Round.Dealer = 0, 0
	}
	if rd.Dora != tile.None {
		st.Dora[0] = rd.Dora
		st.NDora = 1
	}
	ids := r.ids
	for s := range st.Players {
		ss := &st.Seats[s]
		ss.Present = true
		ss.Score = rd.Scores[s]
		ss.LastDiscardPass, ss.RiichiPass = -1, -1
		ss.CalledKind, ss.ChiSuji = 255, 255
		if r.g.Meta.HiddenSeats&(1<<s) != 0 && rd.Hands[s][0] == tile.None {
			ss.Hidden, ss.N = true, len(rd.Hands[s])
			continue
		}
		if ids && dealIDs(ss, &rd.Hands[s], &rd.HandIDs[s]) {
			continue
		}
		for j, t := range rd.Hands[s] {
			if t == tile.None {
				r.report(check.ParseRound, event.Seat(s), "seat %d's starting hand has %d tiles, want 13", s, j)
				break
			}
			r.addTile(event.Seat(s), t, rd.HandIDs[s][j], ids)
		}
	}
}

// dealIDs puts a starting hand with tile ids into the empty hand of ss in
// one pass, when every tile is valid and agrees with its id and no id comes
// twice (then no kind can come five times). Otherwise it leaves the hand
// empty and returns false, for addTile to find what is wrong.
func dealIDs(ss *SeatState, hand *[13]tile.Tile, ids *[13]tile.ID) bool {
	var set idSet
	var reds [3]uint8
	for j, t := range hand {
		id := ids[j]
		bit := uint64(1) << (id & 63)
		// A tile of the id's kind is valid unless it is a red tile that
		// is not a five.
		if id >= tile.NumIDs || t.Kind() != id.Kind() || t.Red() && !redFive(id.Kind()) || set[id>>6]&bit != 0 {
			ss.Hand = tile.Counts{}
			return false
		}
		set[id>>6] |= bit
		k := id.Kind()
		ss.Hand[k]++
		if t.Red() {
			reds[k.Suit()]++
		}
	}
	ss.IDs, ss.Reds, ss.N = set, reds, len(hand)
	return true
}

// addTile puts a tile into a seat's concealed hand.
func (r *Replayer) addTile(s event.Seat, t tile.Tile, id tile.ID, ids bool) {
	ss := &r.st.Seats[s]
	if ss.Hidden {
		ss.N++
		return
	}
	k := t.Kind()
	if !t.Valid() {
		r.report(check.ParseTile, s, "invalid tile %v", t)
		return
	}
	if ids && id < tile.NumIDs && id.Kind() == k && ss.Hand[k] < 4 && !ss.IDs.has(id) {
		// The common case of logs with tile ids, in few steps.
		ss.put(k, t.Red(), id, true)
		return
	}
	if ss.Hand[k] >= 4 {
		r.report(check.LegalityTileCount, s, "a fifth %v in seat %d's hand", k, s)
		return
	}
	ss.put(k, t.Red(), id, false)
	if ids {
		if ss.IDs.has(id) {
			r.report(check.LegalityTileCount, s, "tile id %d twice in seat %d's hand", id, s)
		}
		ss.IDs.add(id)
	}
}

// hasTile reports whether seat s holds tile t (with id, when ids).
func (r *Replayer) hasTile(s event.Seat, t tile.Tile, id tile.ID, ids bool) bool {
	ss := &r.st.Seats[s]
	if ss.Hidden {
		return ss.N > 0 // a hidden hand may hold any tile
	}
	if !t.Valid() {
		return false
	}
	k := t.Kind()
	if ids {
		return ss.IDs.has(id) && ss.Hand[k] > 0
	}
	if k.Number() == 5 && k.Suit() < tile.Honor {
		reds := ss.Reds[k.Suit()]
		if t.Red() {
			return reds > 0
		}
		return ss.Hand[k] > reds
	}
	return ss.Hand[k] > 0
}

// removeTile takes tile t out of seat s's hand, reporting check when it is
// not there. It returns whether the tile was there.
func (r *Replayer) removeTile(s event.Seat, t tile.Tile, id tile.ID, ids bool, c check.Check, what string) bool {
	ss := &r.st.Seats[s]
	if ss.Hidden {
		ss.N--
		return true
	}
	k := t.Kind()
	if !t.Valid() {
		r.report(check.ParseTile, s, "invalid tile %v", t)
		return false
	}
	if ids && id < tile.NumIDs && id.Kind() == k && ss.IDs.has(id) && ss.Hand[k] > 0 {
		ss.take(k, t.Red(), id, true)
		return true
	}
	if !r.hasTile(s, t, id, ids) {
		if ids {
			r.report(c, s, "%s %v (id %d) is not in seat %d's hand %s", what, t, id, s, handString(ss))
		} else {
			r.report(c, s, "%s %v is not in seat %d's hand %s", what, t, s, handString(ss))
		}
		return false
	}
	ss.take(k, t.Red(), id, ids)
	return true
}

func handString(ss *SeatState) string { return tile.FormatTiles(ss.Tiles()) }

// expectTurn reports a finding unless it is seat e.Seat's turn in phase p
// or q (pass the same phase twice for one).
func (r *Replayer) expectTurn(e *event.Event, c check.Check, p, q Phase) bool {
	if st := &r.st; (st.Phase == p || st.Phase == q) && st.Turn == e.Seat {
		return true
	}
	r.notTurn(e, c)
	return false
}

// notTurn reports an event out of turn.
func (r *Replayer) notTurn(e *event.Event, c check.Check) {
	st := &r.st
	r.report(c, e.Seat, "%v by seat %d, but the table waits for %s by seat %d", e.Type, e.Seat, st.Phase, st.Turn)
}

// passLastTile ends the window in which the last discard (or added-kan
// tile) could be won on: every other player notes it as passed, for the
// furiten check of a later ron.
func (r *Replayer) passLastTile() {
	st := &r.st
	if !st.LastValid {
		return
	}
	st.LastValid, st.LastIsKan = false, false
	if st.LastType == event.ClosedKan || st.LastType == event.Kita {
		// Only a thirteen-orphans hand may rob a closed kan, and whether a
		// kita may be won on differs between platforms: letting either pass
		// is not taken as furiten.
		return
	}
	st.Passes = append(st.Passes, Pass{Seat: st.LastSeat, Kind: st.LastTile.Kind()})
}

// validHand reports whether the hand is within what hand math accepts.
func validHand(ss *SeatState) bool {
	if ss.Hidden || ss.N > hand.MaxTiles || ss.N < 0 {
		return false
	}
	for _, n := range ss.Hand {
		if n > 4 {
			return false
		}
	}
	return true
}

// drawFast applies the common draw: the next seat draws after a plain
// discard that passed, with nothing pending (no riichi stick, kan dora or
// replacement draw) and a tile id that fits the hand. It does what draw
// does in that case, in fewer steps, and reports false for any other draw.
// It is a function of its own, calling nothing, so that the common case
// does not pay for the general path's frame.
func (r *Replayer) drawFast(e *event.Event) bool {
	st := &r.st
	if st.Phase != AfterDiscard || !st.LastValid || st.LastType != event.Discard || st.lastRiichi ||
		st.LiveLeft <= 0 || st.DoraDue|st.DoraOwed != 0 || e.Flags&event.Replacement != 0 || !r.fast {
		return false
	}
	next := st.Turn + 1
	if int(next) == st.Players {
		next = 0
	}
	ss := &st.Seats[e.Seat&3]
	k := e.Tile.Kind()
	if next != e.Seat || e.ID >= tile.NumIDs || e.ID.Kind() != k || e.Tile.Red() && !redFive(k) || ss.Hand[k] >= 4 || ss.IDs.has(e.ID) {
		return false
	}
	st.LastValid, st.LastIsKan = false, false
	st.Passes = append(st.Passes, Pass{Seat: st.LastSeat, Kind: st.LastTile.Kind()})
	st.LiveLeft--
	ss.put(k, e.Tile.Red(), e.ID, true)
	ss.Drawn, ss.DrawnID, ss.Rinshan = e.Tile, e.ID, false
	ss.CalledThisTurn = false
	st.Phase = WaitDiscard
	st.Turn = e.Seat
	return true
}

// redFive reports whether tiles of kind k may be red. With a tile id
// whose kind is the tile's, this is all that is left to check for the tile
// to be valid (see tile.Tile.Valid), which the fast paths need.
func redFive(k tile.Kind) bool { return k == tile.Man5 || k == tile.Pin5 || k == tile.Sou5 }

func (r *Replayer) draw(e *event.Event) {
	st := &r.st
	ids := r.ids
	if st.Phase == AfterDiscard || st.Phase == AfterKan {
		// The discard (or kan) passed: nobody won on it.
		if st.lastRiichi {
			r.checkRiichiPaid()
		}
		if st.Phase == AfterDiscard {
			next := st.Turn + 1
			if int(next) == st.Players {
				next = 0
			}
			if next != e.Seat {
				if st.Turn == e.Seat {
					r.report(check.LegalityTurn, e.Seat, "seat %d draws right after its own discard", e.Seat)
				} else {
					r.report(check.LegalityTurn, e.Seat, "seat %d draws, but seat %d is next after seat %d's discard", e.Seat, next, st.Turn)
				}
			}
			st.Turn = e.Seat
			st.Phase = WaitDraw
		} else {
			st.Phase = WaitReplacement
		}
		r.passLastTile()
	}
	replacement := st.Phase == WaitReplacement
	if st.Turn != e.Seat || st.Phase != WaitDraw && !replacement {
		r.notTurn(e, check.LegalityTurn)
		st.Turn = e.Seat
	}
	if e.Flags&event.Replacement != 0 && !replacement {
		r.report(check.LegalityDraw, e.Seat, "draw marked as a replacement draw with no kan or kita before it")
	}
	if st.LiveLeft <= 0 {
		r.report(check.LegalityWall, e.Seat, "draw from an empty live wall (%d replacement draws so far)", st.Replacements)
	} else {
		st.LiveLeft--
	}
	if st.DoraDue > 0 && r.Options.DoraTiming != DoraTimingLoose {
		r.report(check.LegalityDora, e.Seat, "draw before the kan dora indicator that was due")
	}
	st.DoraDue = 0
	if replacement {
		st.Replacements++
		st.DoraOwed += st.DoraWaitDraw
		st.DoraWaitDraw = 0
	} else if st.DoraOwed > 0 && r.Options.DoraTiming != DoraTimingLoose {
		r.report(check.LegalityDora, e.Seat, "kan dora indicator not revealed by the kan player's discard")
		st.DoraOwed = 0
	}
	ss := &st.Seats[e.Seat]
	if k := e.Tile.Kind(); ids && e.ID < tile.NumIDs && e.ID.Kind() == k && ss.Hand[k] < 4 && !ss.IDs.has(e.ID) {
		ss.put(k, e.Tile.Red(), e.ID, true) // addTile's common case, without the call
	} else {
		r.addTile(e.Seat, e.Tile, e.ID, ids)
	}
	ss.Drawn, ss.DrawnID, ss.Rinshan = e.Tile, e.ID, replacement
	ss.CalledThisTurn = false
	st.Phase = WaitDiscard
	st.Turn = e.Seat
}

func (r *Replayer) checkRiichiPaid() {
	st := &r.st
	if st.LastValid && !st.LastIsKan && st.LastSeat.Valid() {
		if ss := &st.Seats[st.LastSeat]; ss.Riichi == RiichiDiscarded {
			r.report(check.LegalityRiichi, st.LastSeat, "seat %d's riichi discard passed without the stick being paid", st.LastSeat)
			ss.Riichi = RiichiAccepted
		}
	}
}

// discardFast applies the common discard: a player whose turn it is and
// who did not just call discards a tile of its hand by id, with no kan
// dora pending: a player not in riichi, or one in riichi discarding the
// tile it drew. It does what discard does in that case, in fewer steps,
// and reports false for any other discard. Like drawFast, it calls
// nothing.
func (r *Replayer) discardFast(e *event.Event) bool {
	st := &r.st
	ss := &st.Seats[e.Seat&3]
	if st.Phase != WaitDiscard || st.Turn != e.Seat || ss.Riichi != NoRiichi && ss.Riichi != RiichiAccepted || ss.CalledThisTurn ||
		st.DoraOwed+st.DoraDue != 0 || !r.fast || ss.NRiver >= maxRiver || uint(ss.N)%3 != 2 {
		return false
	}
	tsumogiri := ss.Drawn == e.Tile && ss.DrawnID == e.ID && ss.Drawn != tile.None
	k := e.Tile.Kind()
	if e.ID >= tile.NumIDs || e.ID.Kind() != k || e.Tile.Red() && !redFive(k) || !ss.IDs.has(e.ID) || ss.Hand[k] == 0 ||
		!tsumogiri && (ss.Riichi != NoRiichi || e.Flags&event.Tsumogiri != 0 && e.Flags&event.TsumogiriUnknown == 0) {
		return false
	}
	if ss.Riichi == RiichiAccepted {
		ss.Ippatsu = false
	}
	ss.take(k, e.Tile.Red(), e.ID, true)
	rt := &ss.River[ss.NRiver]
	rt.Tile, rt.Tsumogiri, rt.Riichi, rt.Called = e.Tile, tsumogiri, false, false
	ss.NRiver++
	ss.Discarded.Add(k)
	ss.LastDiscardPass = len(st.Passes) + 1 // after this discard's own pass
	ss.Drawn, ss.Rinshan = tile.None, false
	st.Discards++
	if st.FirstGoRound && st.Discards >= st.Players {
		st.FirstGoRound = false
	}
	st.LastSeat, st.LastTile, st.LastID, st.LastEvent, st.LastValid, st.LastIsKan, st.LastType = e.Seat, e.Tile, e.ID, r.idx, true, false, event.Discard
	st.lastRiichi = false
	st.Phase = AfterDiscard
	return true
}

func (r *Replayer) discard(e *event.Event) {
	st := &r.st
	ids := r.ids
	if st.Turn != e.Seat || st.Phase != WaitDiscard {
		r.notTurn(e, check.LegalityTurn)
		st.Turn = e.Seat
	}
	ss := &st.Seats[e.Seat]
	if st.DoraOwed+st.DoraDue > 0 && r.Options.DoraTiming == DoraTimingTenhou {
		r.report(check.LegalityDora, e.Seat, "discard before the kan dora indicator was revealed")
		st.DoraOwed, st.DoraDue = 0, 0
	}
	if uint(ss.N)%3 != 2 {
		r.report(check.LegalityHandSize, e.Seat, "seat %d discards from a hand of %d tiles", e.Seat, ss.N)
	}
	tsumogiri := ss.Drawn != tile.None && ss.Drawn == e.Tile && (!ids || ss.DrawnID == e.ID)
	if ss.Hidden {
		// The drawn tile is hidden: whether this is it, the log says.
		tsumogiri = e.Flags&event.Tsumogiri != 0 || e.Flags&event.TsumogiriUnknown != 0
	}
	if e.Flags&event.Tsumogiri != 0 && !tsumogiri && e.Flags&event.TsumogiriUnknown == 0 {
		r.report(check.LegalityTsumogiri, e.Seat, "discard of %v marked as the drawn tile, but the drawn tile was %v", e.Tile, ss.Drawn)
	}
	switch ss.Riichi {
	case RiichiAccepted:
		if !tsumogiri {
			r.report(check.LegalityRiichiDiscard, e.Seat, "seat %d in riichi discards %v, not the drawn tile %v", e.Seat, e.Tile, ss.Drawn)
		}
		ss.Ippatsu = false
	case RiichiDeclared:
		ss.Riichi = RiichiDiscarded
	case RiichiDiscarded:
		r.report(check.LegalityRiichi, e.Seat, "seat %d discards again before its riichi stick was paid", e.Seat)
		ss.Riichi = RiichiAccepted
	}
	if r.Options.NoKuikae && ss.CalledThisTurn {
		k := e.Tile.Kind()
		if k == ss.CalledKind || k == ss.ChiSuji {
			r.report(check.LegalityKuikae, e.Seat, "seat %d discards %v right after calling %v (swap calling)", e.Seat, e.Tile, ss.CalledKind)
		}
	}
	if k := e.Tile.Kind(); ids && e.ID < tile.NumIDs && e.ID.Kind() == k && ss.IDs.has(e.ID) && ss.Hand[k] > 0 {
		ss.take(k, e.Tile.Red(), e.ID, true) // removeTile's common case, without the call
	} else {
		r.removeTile(e.Seat, e.Tile, e.ID, ids, check.LegalityDiscard, "discarded tile")
	}
	if ss.Riichi == RiichiDiscarded && !ss.Hidden && validHand(ss) && ss.N%3 == 1 && hand.Waits(&ss.Hand) == 0 {
		r.notenRiichi(e, ss)
	}
	if ss.NRiver < maxRiver {
		ss.River[ss.NRiver] = RiverTile{Tile: e.Tile, Tsumogiri: tsumogiri, Riichi: ss.Riichi == RiichiDiscarded}
		ss.NRiver++
	} else {
		r.report(check.LegalityDiscard, e.Seat, "more than %d discards by one player", maxRiver)
	}
	ss.Discarded.Add(e.Tile.Kind())
	ss.LastDiscardPass = len(st.Passes) + 1 // after this discard's own pass
	if ss.Riichi == RiichiDiscarded {
		ss.RiichiPass = len(st.Passes) + 1
	}
	ss.Drawn, ss.Rinshan, ss.CalledThisTurn = tile.None, false, false
	st.Discards++
	if st.FirstGoRound && st.Discards >= st.Players {
		st.FirstGoRound = false
	}
	st.LastSeat, st.LastTile, st.LastID, st.LastEvent, st.LastValid, st.LastIsKan, st.LastType = e.Seat, e.Tile, e.ID, r.idx, true, false, event.Discard
	st.lastRiichi = ss.Riichi == RiichiDiscarded
	st.Phase = AfterDiscard
	st.Turn = e.Seat
}

func (r *Replayer) riichi(e *event.Event) {
	st := &r.st
	if !r.expectTurn(e, check.LegalityTurn, WaitDiscard, WaitDiscard) {
		st.Turn = e.Seat
	}
	ss := &st.Seats[e.Seat]
	switch {
	case ss.Riichi != NoRiichi:
		r.report(check.LegalityRiichi, e.Seat, "seat %d declares riichi twice", e.Seat)
	case !ss.Closed():
		r.report(check.LegalityRiichi, e.Seat, "seat %d declares riichi with an open hand", e.Seat)
	case ss.CalledThisTurn:
		r.report(check.LegalityRiichi, e.Seat, "seat %d declares riichi right after a call", e.Seat)
	}
	if st.Round.Unknown&event.KnownScores == 0 && int(ss.Score) < r.most(func(o *Options) int { return int(o.RiichiMinScore) }) {
		r.reportBy(check.LegalityRiichi, e.Seat, func(o *Options) string {
			if ss.Score >= o.RiichiMinScore {
				return ""
			}
			return fmt.Sprintf("seat %d declares riichi with %d points (at least %d needed)", e.Seat, ss.Score, o.RiichiMinScore)
		})
	}
	if st.LiveLeft < r.most(func(o *Options) int { return o.RiichiMinWall }) {
		r.reportBy(check.LegalityRiichi, e.Seat, func(o *Options) string {
			if st.LiveLeft >= o.RiichiMinWall {
				return ""
			}
			return fmt.Sprintf("seat %d declares riichi with %d tiles left in the wall (at least %d needed)", e.Seat, st.LiveLeft, o.RiichiMinWall)
		})
	}
	// Whether the hand is tenpai is checked at the riichi discard (see
	// notenRiichi): a hand that is tenpai after that discard was tenpai
	// after some discard, so the common case costs one Waits and no
	// Shanten.
	ss.Riichi = RiichiDeclared
	ss.RiichiDouble = st.FirstGoRound && st.Calls == 0 && ss.NRiver == 0
}

// notenRiichi notes a riichi discard e that leaves seat ss's hand noten
// and, unless the rules allow it, reports it, saying whether another
// discard would have left the hand tenpai.
func (r *Replayer) notenRiichi(e *event.Event, ss *SeatState) {
	ss.NotenRiichi = true
	if r.all(func(o *Options) bool { return o.NotenRiichiAllowed }) {
		return
	}
	var m string
	before := ss.Hand
	if k := e.Tile.Kind(); k.Valid() && before[k] < 4 {
		before[k]++
		if hand.Shanten(&before, ss.NMelds) > 0 {
			m = fmt.Sprintf("seat %d declares riichi with a hand that cannot be tenpai after any discard: %s before discarding %v", e.Seat, handString(ss), e.Tile)
		}
	}
	if m == "" {
		m = fmt.Sprintf("seat %d declares riichi with a hand that is not tenpai after discarding %v: %s", e.Seat, e.Tile, handString(ss))
	}
	r.reportBy(check.LegalityRiichi, e.Seat, func(o *Options) string {
		if o.NotenRiichiAllowed {
			return ""
		}
		return m
	})
}

// most returns the largest value of Options and Variants.
func (r *Replayer) most(value func(o *Options) int) int {
	n := value(&r.Options)
	for k := range r.Variants {
		n = max(n, value(&r.Variants[k]))
	}
	return n
}

// all reports whether Options and every one of Variants are so.
func (r *Replayer) all(so func(o *Options) bool) bool {
	if !so(&r.Options) {
		return false
	}
	for k := range r.Variants {
		if !so(&r.Variants[k]) {
			return false
		}
	}
	return true
}

func (r *Replayer) riichiAccepted(e *event.Event) {
	st := &r.st
	ss := &st.Seats[e.Seat]
	if ss.Riichi != RiichiDiscarded {
		r.report(check.LegalityRiichi, e.Seat, "riichi stick paid by seat %d, which has no riichi discard waiting", e.Seat)
	} else if !(st.LastValid && st.LastSeat == e.Seat && !st.LastIsKan) && st.Phase != AfterDiscard {
		// Mahjong Soul pays the stick with the next record (a draw or a
		// call); the declaring discard must just have passed.
		if st.Phase != WaitDiscard || st.LastSeat != e.Seat {
			r.report(check.LegalityRiichi, e.Seat, "riichi stick paid by seat %d at an unexpected point (%s)", e.Seat, st.Phase)
		}
	}
	ss.Riichi = RiichiAccepted
	ss.Ippatsu = true
	ss.Score -= r.Options.RiichiStick
	st.Sticks++
	if e.Ref >= 0 && int(e.Ref) < len(r.g.Scores) && st.Round.Unknown&event.KnownScores == 0 {
		for s := range st.Players {
			if r.g.Scores[e.Ref][s] != st.Seats[s].Score {
				r.reportRiichiScores(e)
				break
			}
		}
	}
}

// reportRiichiScores reports recorded scores after a riichi stick that
// differ from the replayed ones.
func (r *Replayer) reportRiichiScores(e *event.Event) {
	rec := r.g.Scores[e.Ref]
	r.report(check.ScoreRiichi, e.Seat, "scores after the riichi stick: recorded %v, replayed %v", rec[:r.st.Players], r.scores())
}

// scores returns the current scores of the players.
func (r *Replayer) scores() []int32 {
	out := make([]int32, r.st.Players)
	for s := range out {
		out[s] = r.st.Seats[s].Score
	}
	return out
}

func (r *Replayer) breakIppatsu() {
	for s := range r.st.Players {
		r.st.Seats[s].Ippatsu = false
	}
}

// interrupt ends every player's ippatsu and the first go-around once play
// goes on past a closed kan, an added kan or a kita (State.InterruptPending).
func (r *Replayer) interrupt() {
	r.st.InterruptPending = false
	r.st.FirstGoRound = false
	r.breakIppatsu()
}

func (r *Replayer) call(e *event.Event) {
	st := &r.st
	ids := r.ids
	m := &e.Meld
	if st.Phase != AfterDiscard || !st.LastValid {
		r.report(check.LegalityCall, e.Seat, "%v by seat %d with no discard to call (%s)", m.Kind, e.Seat, st.Phase)
	} else {
		if m.From != st.LastSeat {
			r.report(check.LegalityCall, e.Seat, "%v by seat %d from seat %d, but the last discard is seat %d's", m.Kind, e.Seat, m.From, st.LastSeat)
		}
		if e.Tile != st.LastTile || (ids && e.ID != st.LastID) {
			r.report(check.LegalityCall, e.Seat, "%v by seat %d takes %v, but the last discard is %v", m.Kind, e.Seat, e.Tile, st.LastTile)
		}
		if e.Seat == st.LastSeat {
			r.report(check.LegalityCall, e.Seat, "seat %d calls its own discard", e.Seat)
		}
	}
	if m.Kind == event.MeldChi {
		if st.Players == 3 {
			r.report(check.LegalityChi, e.Seat, "chi in a three-player game")
		} else if left := event.Seat((int(e.Seat) + st.Players - 1) % st.Players); m.From != left {
			r.report(check.LegalityChi, e.Seat, "chi by seat %d from seat %d, not from the player on its left (seat %d)", e.Seat, m.From, left)
		}
	}
	ss := &st.Seats[e.Seat]
	if ss.Riichi != NoRiichi {
		r.report(check.LegalityCall, e.Seat, "%v by seat %d, which is in riichi", m.Kind, e.Seat)
	}
	if st.LiveLeft <= 0 {
		r.report(check.LegalityCall, e.Seat, "%v of the last discard of the hand (only a ron may take it)", m.Kind)
	}
	if msg := m.ShapeError(); msg != "" {
		r.report(check.LegalityCall, e.Seat, "%v %s: %s", m.Kind, tile.FormatTiles(m.Slice()), msg)
	}
	if m.Kind == event.MeldOpenKan {
		r.checkKanAllowed(e)
	}
	// The called tile leaves the discarder's river.
	if st.LastSeat.Valid() {
		ls := &st.Seats[st.LastSeat]
		if ls.NRiver > 0 {
			ls.River[ls.NRiver-1].Called = true
		}
	}
	r.checkRiichiPaid()
	// The other players let the tile pass (ron has priority over a call).
	st.LastValid = true
	r.passLastTile()
	for j := range int(m.N) {
		if int8(j) == m.Called {
			continue
		}
		r.removeTile(e.Seat, m.Tiles[j], m.IDs[j], ids, check.LegalityCall, "called meld's own tile")
	}
	r.addMeld(e.Seat, *m)
	st.Calls++
	st.FirstGoRound = false
	r.breakIppatsu()
	st.Turn = e.Seat
	ss.Drawn = tile.None
	if m.Kind == event.MeldOpenKan {
		r.kanDone(e.Seat, false)
		return
	}
	ss.CalledThisTurn = true
	ss.CalledKind, ss.ChiSuji = e.Tile.Kind(), 255
	if m.Kind == event.MeldChi {
		lo, hi := m.Tiles[0].Kind(), m.Tiles[2].Kind()
		switch ck := e.Tile.Kind(); {
		case ck == lo && hi.Number() < 9:
			ss.ChiSuji = hi + 1 // took 3 of 345: 6 is swap calling
		case ck == hi && lo.Number() > 1:
			ss.ChiSuji = lo - 1 // took 5 of 345: 2 is swap calling
		}
	}
	st.Phase = WaitDiscard
}

func (r *Replayer) addMeld(s event.Seat, m event.Meld) {
	ss := &r.st.Seats[s]
	if ss.NMelds >= 4 {
		r.report(check.LegalityCall, s, "seat %d makes a fifth meld", s)
		return
	}
	ss.Melds[ss.NMelds] = m
	ss.NMelds++
}

// checkKanAllowed checks the conditions common to every kan: no fifth kan,
// a tile left in the live wall to replace it.
func (r *Replayer) checkKanAllowed(e *event.Event) {
	st := &r.st
	if st.Kans >= 4 {
		r.reportBy(check.LegalityKan, e.Seat, func(o *Options) string {
			if st.Kans == 4 && o.FifthKan {
				return ""
			}
			return "a fifth kan in one hand"
		})
	}
	if st.LiveLeft <= 0 {
		r.report(check.LegalityKan, e.Seat, "kan with no tile left in the live wall")
	}
}

// kanDone records a kan by s and sets up its replacement draw and dora: a
// closed kan's indicator is due at once; an open or added kan's comes
// after the replacement draw; a kan after the fifth indicator reveals
// none. Indicators still owed from an earlier kan fall due now (Tenhou
// writes them right after the new kan).
func (r *Replayer) kanDone(s event.Seat, closed bool) {
	st := &r.st
	st.Kans++
	st.KanSeats |= 1 << s
	st.DoraDue += st.DoraOwed
	st.DoraOwed = 0
	switch {
	case st.NDora+st.DoraDue+st.DoraWaitDraw >= len(st.Dora)-1:
		// Five indicators are owed at most: a fifth kan owes none (where
		// the rules allow one, it aborts the hand, and a log may reveal
		// the sixth indicator before it ends: dora accepts it).
	case closed || r.Options.DoraTiming == DoraTimingImmediate:
		st.DoraDue++
	default:
		st.DoraWaitDraw++
	}
	st.Turn = s
	st.Phase = WaitReplacement
}

func (r *Replayer) closedKan(e *event.Event) {
	st := &r.st
	ids := r.ids
	if !r.expectTurn(e, check.LegalityTurn, WaitDiscard, WaitDiscard) {
		st.Turn = e.Seat
	}
	ss := &st.Seats[e.Seat]
	m := &e.Meld
	if ss.CalledThisTurn {
		r.report(check.LegalityKan, e.Seat, "closed kan right after a chi or pon")
	}
	if msg := m.ShapeError(); msg != "" {
		r.report(check.LegalityKan, e.Seat, "closed kan %s: %s", tile.FormatTiles(m.Slice()), msg)
	}
	r.checkKanAllowed(e)
	var before hand.KindSet
	inRiichi := ss.Riichi == RiichiAccepted
	if inRiichi {
		if m.N > 0 && !ss.Hidden && ss.Drawn.Kind() != m.Tiles[0].Kind() {
			r.report(check.LegalityRiichiKan, e.Seat, "closed kan of %v in riichi with a tile other than the one drawn (%v)", m.Tiles[0].Kind(), ss.Drawn)
		}
		// The waits of the riichi hand: the hand without the drawn tile.
		if validHand(ss) && ss.Drawn.Valid() && ss.Hand[ss.Drawn.Kind()] > 0 {
			h := ss.Hand
			h[ss.Drawn.Kind()]--
			before = hand.Waits(&h)
		}
	}
	for j := range int(m.N) {
		r.removeTile(e.Seat, m.Tiles[j], m.IDs[j], ids, check.LegalityKan, "closed kan tile")
	}
	if inRiichi && validHand(ss) && ss.N%3 == 1 && hand.Waits(&ss.Hand) != before {
		r.report(check.LegalityRiichiKan, e.Seat, "closed kan in riichi changes the waits from %v to %v", before, hand.Waits(&ss.Hand))
	}
	r.addMeld(e.Seat, *m)
	st.Calls++
	st.InterruptPending = true
	ss.Drawn = tile.None
	// A closed kan can be robbed only for thirteen orphans.
	st.LastSeat, st.LastTile, st.LastID, st.LastEvent, st.LastValid, st.LastIsKan, st.LastType = e.Seat, m.Tiles[0], m.IDs[0], r.idx, true, true, event.ClosedKan
	r.kanDone(e.Seat, true)
	st.Phase = AfterKan
}

func (r *Replayer) addedKan(e *event.Event) {
	st := &r.st
	ids := r.ids
	if !r.expectTurn(e, check.LegalityTurn, WaitDiscard, WaitDiscard) {
		st.Turn = e.Seat
	}
	ss := &st.Seats[e.Seat]
	if ss.CalledThisTurn {
		r.report(check.LegalityKan, e.Seat, "added kan right after a chi or pon")
	}
	if ss.Riichi != NoRiichi {
		r.report(check.LegalityKan, e.Seat, "added kan by seat %d in riichi", e.Seat)
	}
	r.checkKanAllowed(e)
	k := e.Tile.Kind()
	pon := -1
	for i := range ss.NMelds {
		if ss.Melds[i].Kind == event.MeldPon && ss.Melds[i].Tiles[0].Kind() == k {
			pon = i
		}
	}
	r.removeTile(e.Seat, e.Tile, e.ID, ids, check.LegalityKan, "added kan tile")
	if pon < 0 {
		r.report(check.LegalityKan, e.Seat, "added kan of %v without a pon of it", k)
		r.addMeld(e.Seat, e.Meld)
	} else {
		ss.Melds[pon] = e.Meld
	}
	if msg := e.Meld.ShapeError(); msg != "" {
		r.report(check.LegalityKan, e.Seat, "added kan %s: %s", tile.FormatTiles(e.Meld.Slice()), msg)
	}
	st.Calls++
	st.InterruptPending = true
	ss.Drawn = tile.None
	st.LastSeat, st.LastTile, st.LastID, st.LastEvent, st.LastValid, st.LastIsKan, st.LastType = e.Seat, e.Tile, e.ID, r.idx, true, true, event.AddedKan
	r.kanDone(e.Seat, false)
	st.Phase = AfterKan
}

func (r *Replayer) kita(e *event.Event) {
	st := &r.st
	ids := r.ids
	if st.Players != 3 {
		r.report(check.LegalityKita, e.Seat, "kita in a four-player game")
	}
	if !r.expectTurn(e, check.LegalityTurn, WaitDiscard, WaitDiscard) {
		st.Turn = e.Seat
	}
	ss := &st.Seats[e.Seat]
	if e.Tile.Kind() != tile.North {
		r.report(check.LegalityKita, e.Seat, "kita of %v, not a North", e.Tile)
	}
	if ss.CalledThisTurn {
		r.report(check.LegalityKita, e.Seat, "kita right after a pon")
	}
	if st.LiveLeft <= 0 {
		r.report(check.LegalityKita, e.Seat, "kita with no tile left in the live wall")
	}
	r.removeTile(e.Seat, e.Tile, e.ID, ids, check.LegalityKita, "kita tile")
	ss.Kita++
	ss.Drawn = tile.None
	// A kita can be won on (Mahjong Soul; on Tenhou by a player waiting
	// on North). Once play goes on past it, it ends every player's
	// ippatsu and the first go-around (docs/tenhou-formats.md §1.8a; docs/rulesets.md
	// §2.2); a ron on the kita tile comes before and keeps them.
	st.InterruptPending = true
	st.LastSeat, st.LastTile, st.LastID, st.LastEvent, st.LastValid, st.LastIsKan, st.LastType = e.Seat, e.Tile, e.ID, r.idx, true, true, event.Kita
	st.Turn = e.Seat
	st.Phase = AfterKan
}

func (r *Replayer) dora(e *event.Event) {
	st := &r.st
	switch {
	case st.DoraDue > 0:
		st.DoraDue--
	case st.DoraOwed > 0:
		st.DoraOwed--
	case st.DoraWaitDraw > 0:
		if r.Options.DoraTiming == DoraTimingTenhou && e.Flags&event.TimingUnknown == 0 {
			r.report(check.LegalityDora, event.NoSeat, "open or added kan dora revealed before the replacement draw")
		}
		st.DoraWaitDraw--
	case st.Kans == 5 && st.NDora == len(st.Dora)-1:
		// The sixth indicator, of a fifth kan that aborts the hand.
		r.reportBy(check.LegalityDora, event.NoSeat, func(o *Options) string {
			if o.FifthKan {
				return ""
			}
			return fmt.Sprintf("dora indicator %v revealed with no kan waiting for one", e.Tile)
		})
	default:
		r.report(check.LegalityDora, event.NoSeat, "dora indicator %v revealed with no kan waiting for one", e.Tile)
	}
	if st.NDora >= len(st.Dora) {
		r.report(check.LegalityDora, event.NoSeat, "more than %d dora indicators", len(st.Dora))
		return
	}
	st.Dora[st.NDora] = e.Tile
	st.NDora++
}

func (r *Replayer) win(e *event.Event) {
	st := &r.st
	ids := r.ids
	if e.Ref < 0 || int(e.Ref) >= len(r.g.Wins) {
		r.report(check.ParseWin, e.Seat, "win refers to record %d of %d", e.Ref, len(r.g.Wins))
		return
	}
	w := &r.g.Wins[e.Ref]
	if err := w.Check(st.Players); err != nil {
		r.report(check.ParseWin, e.Seat, "win record %d: %v", e.Ref, err)
		return
	}
	ss := &st.Seats[w.Winner]
	tsumo := w.From == w.Winner
	var full tile.Counts // the winning hand, winning tile included
	complete := false    // full is complete, when known from the waits
	winTile := w.WinTile
	switch {
	case tsumo:
		if st.Phase != WaitDiscard || st.Turn != w.Winner {
			r.report(check.LegalityWin, w.Winner, "tsumo by seat %d, but the table waits for %s by seat %d", w.Winner, st.Phase, st.Turn)
		} else if ss.Hidden {
			// The drawn tile is hidden; only a call before shows there
			// was none.
			if ss.CalledThisTurn {
				r.report(check.LegalityWin, w.Winner, "tsumo by seat %d without a drawn tile (after a call)", w.Winner)
			}
		} else if ss.Drawn == tile.None {
			r.report(check.LegalityWin, w.Winner, "tsumo by seat %d without a drawn tile (after a call)", w.Winner)
		} else if winTile != tile.None && (winTile != ss.Drawn || (ids && w.WinID != ss.DrawnID)) {
			r.report(check.LegalityWin, w.Winner, "tsumo on %v, but the tile drawn was %v", winTile, ss.Drawn)
		}
		full = ss.Hand
		if winTile == tile.None {
			winTile = ss.Drawn
		}
	default:
		multi := st.Phase == HandOver && len(st.Ends) > 0 && r.g.Events[st.Ends[len(st.Ends)-1]].Type == event.Win
		switch {
		case !st.LastValid || (st.Phase != AfterDiscard && st.Phase != AfterKan && !multi):
			r.report(check.LegalityWin, w.Winner, "ron by seat %d with no discard or kan tile to win on (%s)", w.Winner, st.Phase)
		case w.From != st.LastSeat:
			r.report(check.LegalityWin, w.Winner, "ron by seat %d on seat %d, but the last tile is seat %d's", w.Winner, w.From, st.LastSeat)
		case winTile != tile.None && (winTile != st.LastTile || (ids && w.WinID != st.LastID)):
			r.report(check.LegalityWin, w.Winner, "ron on %v, but the last tile is %v", winTile, st.LastTile)
		}
		if w.Winner == st.LastSeat && st.LastValid {
			r.report(check.LegalityWin, w.Winner, "seat %d rons its own tile", w.Winner)
		}
		if winTile == tile.None {
			winTile = st.LastTile
		}
		full = ss.Hand
		if validHand(ss) && ss.N%3 == 1 && winTile != tile.None {
			waits := hand.Waits(&ss.Hand)
			// The hand with the tile is complete exactly when the tile is
			// a wait, unless it would be a fifth copy (then no count is
			// valid below).
			complete = waits.Has(winTile.Kind())
			if complete {
				passed, passedRiichi := st.Passed(w.Winner)
				switch {
				case waits&ss.Discarded != 0:
					r.report(check.LegalityFuriten, w.Winner, "ron by seat %d in furiten: its discards hold a wait (%v)", w.Winner, waits&ss.Discarded)
				case waits&passedRiichi != 0:
					r.report(check.LegalityFuriten, w.Winner, "ron by seat %d in furiten: it let a winning tile (%v) pass in riichi", w.Winner, waits&passedRiichi)
				case waits&passed != 0:
					r.report(check.LegalityFuriten, w.Winner, "ron by seat %d in furiten: it let a winning tile (%v) pass since its last discard", w.Winner, waits&passed)
				}
			}
			if st.LastType == event.ClosedKan && hand.ThirteenOrphansShanten(&ss.Hand) != 0 {
				r.report(check.LegalityWin, w.Winner, "a closed kan robbed by a hand that is not thirteen orphans")
			}
			full[winTile.Kind()]++
		}
	}
	if ss.Hidden {
		// The winner's tiles are hidden: the hand the log shows at the
		// win, if any, is the hand.
		if w.Known&event.KnownHand == 0 || w.HandLen == 0 {
			if tsumo {
				st.LastValid = false
			}
			r.endHand()
			return
		}
		full = tile.CountsOf(w.HandTiles())
	}
	n := full.Total()
	if n%3 != 2 || n > hand.MaxTiles || !countsValid(&full) {
		r.report(check.LegalityWin, w.Winner, "seat %d wins with %d tiles in hand", w.Winner, n)
	} else if !complete && !hand.Complete(&full) {
		r.report(check.LegalityWin, w.Winner, "seat %d wins with an incomplete hand %s", w.Winner, full.String())
	}
	if w.Known&event.KnownHand != 0 && w.HandLen > 0 {
		rec := tile.CountsOf(w.HandTiles())
		if rec != full {
			r.report(check.LegalityWinHand, w.Winner, "recorded winning hand %s, replayed %s", rec.String(), full.String())
		}
	}
	if w.Known&event.KnownMelds != 0 && int(w.NMelds) != ss.NMelds+ss.Kita {
		r.report(check.LegalityWinHand, w.Winner, "recorded %d melds, replayed %d melds and %d kita", w.NMelds, ss.NMelds, ss.Kita)
	}
	if tsumo {
		st.LastValid = false
	}
	r.endHand()
}

func countsValid(c *tile.Counts) bool {
	for _, n := range c {
		if n > 4 {
			return false
		}
	}
	return true
}

func (r *Replayer) ryuukyoku(e *event.Event) {
	st := &r.st
	if e.Ref < 0 || int(e.Ref) >= len(r.g.Ryuukyoku) {
		r.report(check.ParseRyuukyoku, event.NoSeat, "ryuukyoku refers to record %d of %d", e.Ref, len(r.g.Ryuukyoku))
		return
	}
	rec := &r.g.Ryuukyoku[e.Ref]
	if err := rec.Check(); err != nil {
		r.report(check.ParseRyuukyoku, event.NoSeat, "ryuukyoku record %d: %v", e.Ref, err)
		return
	}
	if st.Phase == HandOver {
		r.report(check.LegalityOrder, event.NoSeat, "ryuukyoku after the hand ended")
	}
	if rec.Known&event.KnownHand != 0 {
		for s := range st.Players {
			if !rec.Revealed[s] {
				continue
			}
			ss := &st.Seats[s]
			got := tile.CountsOf(rec.HandTiles(event.Seat(s)))
			if ss.Hidden {
				if got.Total() != ss.N {
					r.report(check.LegalityRevealedHand, event.Seat(s), "seat %d shows %d tiles, but holds %d", s, got.Total(), ss.N)
				}
				continue
			}
			if got != ss.Hand {
				r.report(check.LegalityRevealedHand, event.Seat(s), "seat %d shows %s, replayed hand %s", s, got.String(), ss.Hand.String())
			}
		}
	}
	r.endHand()
}

// broken reports a hand that cannot be rebuilt from the log beyond event e
// (event.Broken): a finding of the check of the act found impossible, with
// its seat, and the decoder's message. The hand is over, without a result:
// it is not judged further, and the next hand starts as the log records
// it.
func (r *Replayer) broken(e *event.Event) {
	st := &r.st
	msg := "the hand cannot be rebuilt from the log"
	var act event.Type
	if br := r.g.BreakOf(e); br != nil {
		msg, act = br.Message, br.Act
	}
	c := check.LegalityOrder
	switch act {
	case event.Discard:
		c = check.LegalityDiscard
	case event.Riichi:
		c = check.LegalityRiichi
	case event.Call:
		c = check.LegalityCall
	case event.ClosedKan, event.AddedKan:
		c = check.LegalityKan
	case event.Kita:
		c = check.LegalityKita
	case event.Draw:
		if e.Tile != tile.None {
			c = check.LegalityTileCount // a fifth copy drawn
		}
	case event.Win:
		c = check.LegalityWin
	}
	r.report(c, e.Seat, "%s", msg)
	st.Broken = true
	st.Phase = HandOver
}

// endHand records the event being applied as one of the hand's ends.
func (r *Replayer) endHand() {
	st := &r.st
	if len(st.Ends) == 0 {
		st.EndPhase = st.Phase
	}
	st.Ends = append(st.Ends, r.idx)
	st.Phase = HandOver
}
