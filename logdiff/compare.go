package logdiff

import (
	"math"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Result is what a comparison of two logs of one game found: the first
// difference in each hand that differs, and the values one log records
// and the other does not.
type Result struct {
	// Hands is the number of hands both logs have (by round, in order).
	Hands int
	// Diffs holds one Diff per part that differs, in the order of the
	// first log: the game's own facts (players, log id, names, the game
	// end; Hand -1) and each hand, a hand that only one log has included.
	// The logs agree on everything compared when it is empty.
	Diffs []Diff
	// Lost counts, by field, the values the first log records and the
	// second does not; Gained the values the second records and the first
	// does not. Neither is a difference: a format that does not carry a
	// value leaves it unknown (see event.Known), and an unknown value
	// agrees with any. They are counted in the parts that agree and up to
	// the first difference of a part that does not.
	Lost, Gained Counts
}

// Equal reports whether the two logs agree on everything compared.
func (r *Result) Equal() bool { return len(r.Diffs) == 0 }

// Diff is the first difference in one part of the game (a hand, or the
// game's own facts), with a summary of the rest of that part.
type Diff struct {
	// Hand is the index of the hand (from 0) in the first log, or in the
	// second when only the second has it; -1 for the game's own facts.
	Hand int
	// Round names the hand ("E1-0"); "" for the game's own facts.
	Round string
	// Only is 1 when only the first log has the hand, 2 when only the
	// second has it, 0 when both do.
	Only int
	// Event is the index in each log's events (event.Game.Events) of the
	// first fact that differs: the event it comes from, or for a hand
	// that a log does not have, -1 (as where one log has nothing more to
	// say in the part).
	Event [2]int
	// Says is what each log says there, one line as Lines writes it
	// ("2 discard 5m tsumogiri", "win 0 from 2 liable -1
	// deltas=[8000 0 -8000 0]"), with "?" for a value the log does not
	// record; "" where the log has nothing there.
	Says [2]string
	// Unmatched is, for each log, the number of the part's facts from the
	// first difference on that have no equal in the other log's (a fact
	// changed counts one in each, a fact only one log has one in its).
	Unmatched [2]int
}

// Comparer compares games. It keeps its buffers from one comparison to the
// next; the zero Comparer is ready for use. A Comparer is not safe for
// concurrent use.
type Comparer struct {
	// All reports every run of differing facts of a part (as a unified
	// diff has hunks), not only the first difference with the count of
	// the rest: each run is a Diff of its own, Unmatched its length in
	// each log.
	All bool

	s   [2]side
	res Result
	// general: compare by the general path alone, not by quick first
	// (for the test that holds quick to it).
	general bool
	count   bool // count Lost and Gained
	yaku    [2][]event.Yaku
	row     [2][]int32
}

// Compare compares two logs of the same game, a and b, leaving out the
// fields of drop, and returns what it found. The Result is valid until
// the next call.
//
// A value one log does not record (its Known bit clear, a hand start's
// Unknown, a discard's TsumogiriUnknown, a draw of an unrecorded kind, a
// hidden tile) agrees with any value of the other log and is counted in
// Result.Lost or Gained. The hands are matched in order by their deal (the
// dora indicator and the starting hands), else by round and dealer, so that
// a hand a log names wrongly is compared with its twin (the round line
// differs); a hand that only one log has is a difference.
func (c *Comparer) Compare(a, b *event.Game, drop Fields) *Result {
	if !c.general && c.quick(a, b, drop) {
		return &c.res
	}
	c.s[0].build(a, drop)
	c.s[1].build(b, drop)
	c.res.Hands = 0
	c.res.Diffs = c.res.Diffs[:0]
	c.res.Lost, c.res.Gained = Counts{}, Counts{}
	c.part(-1, event.RoundID{}, c.s[0].game, c.s[1].game)
	ha, hb := c.s[0].hands, c.s[1].hands
	j := 0
	for i := range ha {
		// The hand of the same deal, else of the same round and dealer.
		k := j
		for k < len(hb) && !c.sameDeal(&ha[i], &hb[k]) {
			k++
		}
		if k == len(hb) {
			k = j
			for k < len(hb) && (hb[k].id != ha[i].id || hb[k].dealer != ha[i].dealer) {
				k++
			}
		}
		if k == len(hb) {
			c.only(0, i)
			continue
		}
		for ; j < k; j++ {
			c.only(1, j)
		}
		c.res.Hands++
		c.part(i, ha[i].id, c.s[0].span(i), c.s[1].span(k))
		j = k + 1
	}
	for ; j < len(hb); j++ {
		c.only(1, j)
	}
	return &c.res
}

// Compare compares a and b with a new Comparer (see Comparer.Compare).
func Compare(a, b *event.Game, drop Fields) *Result {
	var c Comparer
	r := c.Compare(a, b, drop)
	out := *r
	return &out
}

// sameDeal reports whether hand a of the first log and hand b of the
// second have the same deal (see sameDeal).
func (c *Comparer) sameDeal(a, b *handSpan) bool {
	ga, gb := c.s[0].g, c.s[1].g
	return sameDeal(&ga.Rounds[a.round], &gb.Rounds[b.round], ga.Meta.PlayerCount(), gb.Meta.PlayerCount())
}

// only records that side i's hand h has no match in the other log.
func (c *Comparer) only(i, h int) {
	s := &c.s[i]
	sp := s.hands[h]
	f := &s.facts[sp.lo]
	d := Diff{Hand: h, Round: sp.id.String(), Only: i + 1, Event: [2]int{-1, -1}}
	d.Event[i] = int(f.ev)
	d.Says[i] = s.text(f, false)
	d.Unmatched[i] = int(sp.hi - sp.lo)
	c.res.Diffs = append(c.res.Diffs, d)
}

// part compares the facts fa of the first log and fb of the second, one
// part of the game (hand h, or the game's own facts).
func (c *Comparer) part(h int, id event.RoundID, fa, fb []fact) {
	a, b := &c.s[0], &c.s[1]
	c.count = true
	k := 0
	for k < len(fa) && k < len(fb) && c.same(&fa[k], &fb[k]) {
		k++
	}
	c.count = false
	if k == len(fa) && k == len(fb) {
		return
	}
	d := Diff{Hand: h, Event: [2]int{-1, -1}}
	if h >= 0 {
		d.Round = id.String()
	}
	if c.All {
		c.hunks(d, fa[k:], fb[k:])
		return
	}
	if k < len(fa) {
		f := &fa[k]
		d.Event[0], d.Says[0] = int(f.ev), a.text(f, false)
	}
	if k < len(fb) {
		f := &fb[k]
		d.Event[1], d.Says[1] = int(f.ev), b.text(f, false)
	}
	n := c.lcs(fa[k:], fb[k:])
	d.Unmatched = [2]int{len(fa) - k - n, len(fb) - k - n}
	c.res.Diffs = append(c.res.Diffs, d)
}

// hunks records every run of facts of fa and fb that the longest common
// subsequence leaves unmatched, each a Diff like d.
func (c *Comparer) hunks(d Diff, fa, fb []fact) {
	a, b := &c.s[0], &c.s[1]
	n, m := len(fa), len(fb)
	// suffix[i][j] is the LCS length of fa[i:] and fb[j:].
	w := m + 1
	suffix := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case c.same(&fa[i], &fb[j]):
				suffix[i*w+j] = suffix[(i+1)*w+j+1] + 1
			case suffix[(i+1)*w+j] >= suffix[i*w+j+1]:
				suffix[i*w+j] = suffix[(i+1)*w+j]
			default:
				suffix[i*w+j] = suffix[i*w+j+1]
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		if i < n && j < m && c.same(&fa[i], &fb[j]) && suffix[i*w+j] == suffix[(i+1)*w+j+1]+1 {
			i, j = i+1, j+1
			continue
		}
		h := d
		i0, j0 := i, j
		for i < n || j < m {
			if i < n && j < m && c.same(&fa[i], &fb[j]) && suffix[i*w+j] == suffix[(i+1)*w+j+1]+1 {
				break
			}
			if j == m || i < n && suffix[(i+1)*w+j] >= suffix[i*w+j+1] {
				i++
			} else {
				j++
			}
		}
		if i > i0 {
			h.Event[0], h.Says[0] = int(fa[i0].ev), a.text(&fa[i0], false)
		}
		if j > j0 {
			h.Event[1], h.Says[1] = int(fb[j0].ev), b.text(&fb[j0], false)
		}
		h.Unmatched = [2]int{i - i0, j - j0}
		c.res.Diffs = append(c.res.Diffs, h)
	}
}

// lcs returns the length of the longest common subsequence of the facts
// fa and fb (by same).
func (c *Comparer) lcs(fa, fb []fact) int {
	prev, cur := c.row[0][:0], c.row[1][:0]
	for range len(fb) + 1 {
		prev = append(prev, 0)
		cur = append(cur, 0)
	}
	for i := range fa {
		cur[0] = 0
		for j := range fb {
			switch {
			case c.same(&fa[i], &fb[j]):
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	c.row[0], c.row[1] = prev, cur
	return int(prev[len(fb)])
}

// value compares one value of the field f that each log may or may not
// record (ka, kb); eq says whether the two are equal when both do.
func (c *Comparer) value(f Fields, ka, kb, eq bool) bool {
	switch {
	case ka && kb:
		return eq
	case ka:
		if c.count {
			c.res.Lost.add(f)
		}
	case kb:
		if c.count {
			c.res.Gained.add(f)
		}
	}
	return true
}

// same reports whether two facts agree.
func (c *Comparer) same(fa, fb *fact) bool {
	if fa.kind != fb.kind || fa.sub != fb.sub {
		return false
	}
	a, b := &c.s[0], &c.s[1]
	ga, gb := a.g, b.g
	drop := a.drop
	var ea, eb *event.Event
	if fa.ev >= 0 {
		ea = &ga.Events[fa.ev]
	}
	if fb.ev >= 0 {
		eb = &gb.Events[fb.ev]
	}
	// Draws and discards, most facts, apart (see side.build).
	switch fa.kind {
	case kDraw:
		return c.sameDraw(ea, eb)
	case kDiscard:
		return c.sameDiscard(ea, eb, drop)
	}
	switch fa.kind {
	case kGame:
		return ga.Meta.PlayerCount() == gb.Meta.PlayerCount()
	case kID:
		ia, ib := ga.Meta.ID, gb.Meta.ID
		return c.value(Meta, ia != "", ib != "", ia == ib)
	case kName:
		na, nb := ga.Meta.Seats[fa.sub].Name, gb.Meta.Seats[fb.sub].Name
		return c.value(Meta, na != "", nb != "", na == nb)
	case kRound:
		ra, rb := &ga.Rounds[ea.Ref], &gb.Rounds[eb.Ref]
		if ra.ID() != rb.ID() || ra.Dealer != rb.Dealer || ra.Dora != rb.Dora {
			return false
		}
		return c.value(StartScores, ra.Unknown&event.KnownBa == 0, rb.Unknown&event.KnownBa == 0, ra.Sticks == rb.Sticks) &&
			c.value(StartScores, ra.Unknown&event.KnownScores == 0, rb.Unknown&event.KnownScores == 0, ra.Scores == rb.Scores)
	case kDice:
		ra, rb := &ga.Rounds[ea.Ref], &gb.Rounds[eb.Ref]
		return c.value(Dice, ra.Known&event.KnownDice != 0, rb.Known&event.KnownDice != 0, ra.Dice == rb.Dice)
	case kHand:
		ra, rb := &ga.Rounds[ea.Ref], &gb.Rounds[eb.Ref]
		if ra.Hands[fa.sub] == rb.Hands[fb.sub] {
			return true // shown alike, or hidden in both: nothing to count
		}
		ka, kb := !hiddenHand(ra, fa.sub), !hiddenHand(rb, fb.sub)
		return c.value(Hidden, ka, kb, sortedHand(ra, fa.sub, drop) == sortedHand(rb, fb.sub, drop))
	case kRiichi:
		return ea.Seat == eb.Seat
	case kAccepted:
		if ea.Seat != eb.Seat {
			return false
		}
		if drop&RiichiScores != 0 {
			return true
		}
		ka, kb := validRef(ea.Ref, len(ga.Scores)), validRef(eb.Ref, len(gb.Scores))
		return c.value(RiichiScores, ka, kb, ka && kb && ga.Scores[ea.Ref] == gb.Scores[eb.Ref])
	case kCall:
		return ea.Seat == eb.Seat && ea.Meld.Kind == eb.Meld.Kind && ea.Meld.From == eb.Meld.From && ea.Tile == eb.Tile && sameMeld(&ea.Meld, &eb.Meld)
	case kClosedKan:
		return ea.Seat == eb.Seat && sameMeld(&ea.Meld, &eb.Meld)
	case kAddedKan:
		return ea.Seat == eb.Seat && ea.Tile == eb.Tile && sameMeld(&ea.Meld, &eb.Meld)
	case kKita:
		return ea.Seat == eb.Seat && ea.Tile == eb.Tile
	case kDora:
		return ea.Tile == eb.Tile
	case kKanDoras:
		if fa.hi-fa.lo != fb.hi-fb.lo {
			return false
		}
		for i := range fa.hi - fa.lo {
			if ga.Events[a.items[fa.lo+i]].Tile != gb.Events[b.items[fb.lo+i]].Tile {
				return false
			}
		}
		return true
	case kConnection:
		return ea.Type == eb.Type && ea.Seat == eb.Seat
	case kConnections:
		return sameConnections(ga, a.items[fa.lo:fa.hi], gb, b.items[fb.lo:fb.hi])
	case kWin, kWinPoints, kWinLimit, kWinFu, kWinHan, kWinYaku, kWinDora, kWinUra, kWinHand, kWinMelds, kWinBa, kWinBefore:
		return c.sameWin(fa.kind, &ga.Wins[ea.Ref], &gb.Wins[eb.Ref], drop)
	case kRyuukyoku, kShows, kDrawBa, kDrawBefore:
		return c.sameRyuukyoku(fa, &ga.Ryuukyoku[ea.Ref], &gb.Ryuukyoku[eb.Ref], drop)
	case kEnd:
		xa, xb := endOf(ga, ea), endOf(gb, eb)
		return c.value(End, xa.Known&event.KnownScores != 0, xb.Known&event.KnownScores != 0, xa.Scores == xb.Scores)
	case kEndPoints:
		xa, xb := endOf(ga, ea), endOf(gb, eb)
		eq := true
		for s := range xa.Points {
			eq = eq && math.Abs(xa.Points[s]-xb.Points[s]) < 1e-6
		}
		return c.value(EndPoints, xa.Known&event.KnownPoints2 != 0, xb.Known&event.KnownPoints2 != 0, eq)
	}
	return false
}

// sameDraw compares two draws.
func (c *Comparer) sameDraw(ea, eb *event.Event) bool {
	if ea.Seat != eb.Seat || ea.Flags&event.Replacement != eb.Flags&event.Replacement {
		return false
	}
	return c.value(Hidden, ea.Tile != tile.None, eb.Tile != tile.None, ea.Tile == eb.Tile)
}

// sameDiscard compares two discards.
func (c *Comparer) sameDiscard(ea, eb *event.Event, drop Fields) bool {
	if ea.Seat != eb.Seat || ea.Tile != eb.Tile {
		return false
	}
	if drop&Tsumogiri != 0 {
		return true
	}
	return c.value(Tsumogiri, ea.Flags&event.TsumogiriUnknown == 0, eb.Flags&event.TsumogiriUnknown == 0,
		ea.Flags&event.Tsumogiri == eb.Flags&event.Tsumogiri)
}

// sameWin compares one fact of two win records.
func (c *Comparer) sameWin(k kind, wa, wb *event.WinRecord, drop Fields) bool {
	switch k {
	case kWin:
		if wa.Winner != wb.Winner || wa.From != wb.From || drop&Liable == 0 && wa.Liable != wb.Liable {
			return false
		}
		return c.value(Deltas, wa.Known&event.KnownDeltas != 0, wb.Known&event.KnownDeltas != 0, wa.Deltas == wb.Deltas)
	case kWinPoints:
		return c.value(Points, wa.Known&event.KnownPoints != 0, wb.Known&event.KnownPoints != 0, wa.Points == wb.Points)
	case kWinLimit:
		return c.value(Limit, wa.Known&event.KnownPoints != 0, wb.Known&event.KnownPoints != 0, wa.Limit == wb.Limit)
	case kWinFu:
		return c.value(Fu, wa.Known&event.KnownFu != 0, wb.Known&event.KnownFu != 0, wa.Fu == wb.Fu)
	case kWinHan:
		return c.value(Han, wa.Known&event.KnownHan != 0, wb.Known&event.KnownHan != 0, wa.Han == wb.Han)
	case kWinYaku:
		ka, kb := wa.Known&event.KnownYaku != 0, wb.Known&event.KnownYaku != 0
		eq := false
		if ka && kb {
			c.yaku[0] = yakuOf(wa, drop, c.yaku[0])
			c.yaku[1] = yakuOf(wb, drop, c.yaku[1])
			eq = slices.Equal(c.yaku[0], c.yaku[1])
		}
		return c.value(Yaku, ka, kb, eq)
	case kWinDora:
		return c.value(WinDora, wa.Known&event.KnownDora != 0, wb.Known&event.KnownDora != 0, slices.Equal(wa.DoraList(), wb.DoraList()))
	case kWinUra:
		return c.value(Ura, wa.Known&event.KnownUra != 0, wb.Known&event.KnownUra != 0, slices.Equal(wa.UraList(), wb.UraList()))
	case kWinHand:
		ka, kb := wa.Known&event.KnownHand != 0, wb.Known&event.KnownHand != 0
		return c.value(WinHand, ka, kb, ka && kb && wa.WinTile == wb.WinTile && sameSorted(wa.HandTiles(), wb.HandTiles()))
	case kWinMelds:
		ka, kb := wa.Known&event.KnownHand != 0, wb.Known&event.KnownHand != 0
		return c.value(WinHand, ka, kb, ka && kb && sameMelds(wa.MeldList(), wb.MeldList()))
	case kWinBa:
		return c.value(Ba, wa.Known&event.KnownBa != 0, wb.Known&event.KnownBa != 0, wa.Honba == wb.Honba && wa.Sticks == wb.Sticks)
	case kWinBefore:
		return c.value(Before, wa.Known&event.KnownBefore != 0, wb.Known&event.KnownBefore != 0, wa.Before == wb.Before)
	}
	return false
}

// sameRyuukyoku compares one fact of two draw records.
func (c *Comparer) sameRyuukyoku(f *fact, ra, rb *event.RyuukyokuRecord, drop Fields) bool {
	switch f.kind {
	case kRyuukyoku:
		if !c.value(DrawKind, ra.Kind != event.Unrecorded, rb.Kind != event.Unrecorded, ra.Kind == rb.Kind) {
			return false
		}
		return c.value(Deltas, ra.Known&event.KnownDeltas != 0, rb.Known&event.KnownDeltas != 0, ra.Deltas == rb.Deltas)
	case kShows:
		s := event.Seat(f.sub)
		ka, kb := ra.Known&event.KnownHand != 0, rb.Known&event.KnownHand != 0
		eq := ka && kb && ra.Revealed[s] == rb.Revealed[s] && (!ra.Revealed[s] || sameSorted(ra.HandTiles(s), rb.HandTiles(s)))
		return c.value(Revealed, ka, kb, eq)
	case kDrawBa:
		return c.value(Ba, ra.Known&event.KnownBa != 0, rb.Known&event.KnownBa != 0, ra.Honba == rb.Honba && ra.Sticks == rb.Sticks)
	case kDrawBefore:
		return c.value(Before, ra.Known&event.KnownBefore != 0, rb.Known&event.KnownBefore != 0, ra.Before == rb.Before)
	}
	return false
}

// hiddenHand reports whether a starting hand is hidden (a player's view).
func hiddenHand(r *event.Round, seat int8) bool {
	for _, t := range r.Hands[seat] {
		if t != tile.None {
			return false
		}
	}
	return true
}

// sameMeld compares two melds' tiles, sorted.
func sameMeld(a, b *event.Meld) bool {
	if a.N == b.N && a.Tiles == b.Tiles {
		return true
	}
	ta, na := meldTiles(a)
	tb, nb := meldTiles(b)
	return na == nb && ta == tb
}

// sameSorted compares two short lists of tiles as multisets.
func sameSorted(a, b []tile.Tile) bool {
	if slices.Equal(a, b) {
		return true
	}
	if len(a) != len(b) || len(a) > 14 {
		return len(a) == len(b) && slices.Equal(a, b)
	}
	var x, y [14]tile.Tile
	copy(x[:], a)
	copy(y[:], b)
	sortTiles(x[:len(a)])
	sortTiles(y[:len(b)])
	return x == y
}

// meldKey packs a meld's kind and sorted tiles into one comparable value.
func meldKey(m *event.Meld) uint64 {
	ts, n := meldTiles(m)
	k := uint64(m.Kind)
	for i := range n {
		k = k<<8 | uint64(ts[i])
	}
	return k<<3 | uint64(n)
}

// sameMelds compares two lists of melds as multisets.
func sameMelds(a, b []event.Meld) bool {
	if slices.Equal(a, b) {
		return true
	}
	if len(a) != len(b) || len(a) > 8 {
		return len(a) == len(b) && len(a) == 0
	}
	var x, y [8]uint64
	for i := range a {
		x[i], y[i] = meldKey(&a[i]), meldKey(&b[i])
	}
	slices.Sort(x[:len(a)])
	slices.Sort(y[:len(b)])
	return x == y
}

// sameConnections compares two lists of disconnections as multisets.
func sameConnections(ga *event.Game, a []int32, gb *event.Game, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(e *event.Event) int { return int(e.Type)<<4 | int(e.Seat) }
	var x, y []int
	for i := range a {
		x = append(x, key(&ga.Events[a[i]]))
		y = append(y, key(&gb.Events[b[i]]))
	}
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// noEnd is the end record of a log without one: nothing known.
var noEnd event.EndRecord

// endOf returns the end record of a game end event, or noEnd for none.
func endOf(g *event.Game, e *event.Event) *event.EndRecord {
	if e == nil {
		return &noEnd
	}
	return &g.End[e.Ref]
}
