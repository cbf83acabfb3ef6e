package logdiff

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// quick compares a and b by walking their events in step, without
// building their facts: the common case of a conversion read back, whose
// events pair one to one. It makes of each event the facts build makes
// (kinds) and compares each pair with same, so that when it reports true
// the logs agree and c.res holds what the general path gives (Hands, no
// Diffs, Lost and Gained). It reports false, leaving c.res to be reset,
// at the first event it cannot pair as the general path would: events of
// other types, an invalid reference, a hand whose deal differs, facts
// that differ, the timing of kan dora or disconnections dropped (build
// gathers those as lists). TestQuickIsGeneral holds it to the general
// path.
func (c *Comparer) quick(a, b *event.Game, drop Fields) bool {
	players := a.Meta.PlayerCount()
	if drop&(DoraTiming|ConnectionTiming) != 0 || players != b.Meta.PlayerCount() {
		return false
	}
	sa, sb := &c.s[0], &c.s[1]
	sa.g, sa.drop, sb.g, sb.drop = a, drop, b, drop
	sa.kinds.set(int8(players), drop)
	c.res.Hands = 0
	c.res.Diffs = c.res.Diffs[:0]
	c.res.Lost, c.res.Gained = Counts{}, Counts{}
	c.count = true
	defer func() { c.count = false }()
	xs, ys := a.Events, b.Events
	i, j := 0, 0
	for {
		// Most pairs: draws or discards that agree, each value recorded
		// alike by both logs or by neither, so that there is nothing to
		// count (as sameDraw and sameDiscard find them, without the calls).
		if i < len(xs) && j < len(ys) {
			const tg = event.Tsumogiri | event.TsumogiriUnknown
			x, y := &xs[i], &ys[j]
			if x.Type == y.Type && x.Seat == y.Seat && x.Tile == y.Tile && x.Tile != tile.None &&
				(x.Type == event.Draw && x.Flags&event.Replacement == y.Flags&event.Replacement ||
					x.Type == event.Discard && (drop&Tsumogiri != 0 || x.Flags&tg == y.Flags&tg)) {
				i, j = i+1, j+1
				continue
			}
		}
		for i < len(xs) && unseen(&xs[i], drop) {
			i++
		}
		for j < len(ys) && unseen(&ys[j], drop) {
			j++
		}
		if i == len(xs) || j == len(ys) {
			return i == len(xs) && j == len(ys)
		}
		x, y := &xs[i], &ys[j]
		if x.Type != y.Type {
			return false
		}
		var ok bool
		switch x.Type {
		case event.Draw:
			ok = c.sameDraw(x, y)
		case event.Discard:
			ok = c.sameDiscard(x, y, drop)
		default:
			ok = c.quickEvent(x, y, i, j, drop)
		}
		if !ok {
			return false
		}
		i, j = i+1, j+1
	}
}

// quickEvent compares the facts of the events x (index i of the first
// log) and y (index j of the second), of one type other than a draw or a
// discard, for quick.
func (c *Comparer) quickEvent(x, y *event.Event, i, j int, drop Fields) bool {
	a, b := c.s[0].g, c.s[1].g
	k := oneFact[x.Type] // x's type is one unseen does not skip
	switch x.Type {
	case event.RoundStart:
		if !validRef(x.Ref, len(a.Rounds)) || !validRef(y.Ref, len(b.Rounds)) ||
			!sameDeal(&a.Rounds[x.Ref], &b.Rounds[y.Ref], a.Meta.PlayerCount(), b.Meta.PlayerCount()) {
			return false
		}
		c.res.Hands++
	case event.Win:
		if !validRef(x.Ref, len(a.Wins)) || !validRef(y.Ref, len(b.Wins)) {
			return false
		}
	case event.Ryuukyoku:
		if !validRef(x.Ref, len(a.Ryuukyoku)) || !validRef(y.Ref, len(b.Ryuukyoku)) {
			return false
		}
	case event.GameEnd:
		if drop&End != 0 {
			return true // no fact, but where the game ends in both
		}
		if !validRef(x.Ref, len(a.End)) || !validRef(y.Ref, len(b.End)) {
			return false
		}
	}
	if k != 0 {
		return c.same(&fact{kind: k, ev: int32(i)}, &fact{kind: k, ev: int32(j)})
	}
	for _, f := range c.s[0].kinds.of(x.Type) {
		if !c.same(&fact{kind: f.kind, sub: f.sub, ev: int32(i)}, &fact{kind: f.kind, sub: f.sub, ev: int32(j)}) {
			return false
		}
	}
	return true
}

// unseen reports whether build makes no fact of e and keeps nothing of it:
// an event of a type it does not compare (a Broken hand's), a
// disconnection when they are dropped.
func unseen(e *event.Event, drop Fields) bool {
	switch e.Type {
	case event.Disconnect, event.Reconnect:
		return drop&Connection != 0
	case event.GameStart, event.RoundStart, event.Draw, event.Discard, event.Riichi, event.RiichiAccepted,
		event.Call, event.ClosedKan, event.AddedKan, event.Kita, event.Dora, event.Win, event.Ryuukyoku, event.GameEnd:
		return false
	}
	return true
}
