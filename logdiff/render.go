package logdiff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Lines returns the canonical text of g without the fields of drop: one
// line per fact, in the order of the log. A hand start is its round line
// ("round E1-0 sticks=0 dealer=0 scores=[25000 25000 25000 25000]
// dora=3p"), its dice and each seat's starting hand; an action is one
// line ("2 discard 5m tsumogiri", "1 call pon 777z from 3 taking 7z"); a
// win is its line ("win 0 from 2 liable -1 deltas=[…]") and indented
// lines for its value, limit, fu, han, yaku, dora, ura, hand, melds, ba
// and the scores before it; a draw its line and the hands shown, its ba
// and the scores before it; the game end its scores and points. A value
// the log does not record is "?"; the dice, the winning hand and the
// hands shown are left out when unknown, and the players' names and log
// id (Meta) are never written. Two logs of one game agree when their
// lines are equal after the fields one of them cannot carry are dropped;
// Compare tells it without building the text.
func Lines(g *event.Game, drop Fields) []string {
	var s side
	s.lines = true
	s.build(g, drop|Meta)
	out := make([]string, 0, len(s.all))
	for i := range s.all {
		f := &s.all[i]
		if !s.shown(f) {
			continue
		}
		out = append(out, s.text(f, true))
	}
	return out
}

// shown reports whether Lines writes f: not the dice, winning hand and
// revealed hands that the log does not record.
func (s *side) shown(f *fact) bool {
	g := s.g
	switch f.kind {
	case kDice:
		return g.Rounds[g.Events[f.ev].Ref].Known&event.KnownDice != 0
	case kWinHand, kWinMelds:
		return g.Wins[g.Events[f.ev].Ref].Known&event.KnownHand != 0
	case kShows:
		r := &g.Ryuukyoku[g.Events[f.ev].Ref]
		return r.Known&event.KnownHand != 0 && r.Revealed[f.sub]
	}
	return true
}

// text writes fact f as its line. compat writes the lists of a win that
// its record does not mark known as they stand (Lines); otherwise they are
// "?", and a line of a win, a draw or the game end that Lines indents
// starts with what it belongs to ("win: ura 3p").
func (s *side) text(f *fact, compat bool) string {
	t := s.line(f, compat)
	if rest, ok := strings.CutPrefix(t, "  "); ok && !compat {
		switch {
		case f.kind >= kWin && f.kind <= kWinBefore:
			t = "win: " + rest
		case f.kind >= kRyuukyoku && f.kind <= kDrawBefore:
			t = "ryuukyoku: " + rest
		default:
			t = "end: " + rest
		}
	}
	return t
}

// line writes fact f as Lines does (see text).
func (s *side) line(f *fact, compat bool) string {
	g := s.g
	var e *event.Event
	if f.ev >= 0 {
		e = &g.Events[f.ev]
	}
	switch f.kind {
	case kGame:
		return fmt.Sprintf("game players=%d", g.Meta.Players)
	case kID:
		return "id " + orUnknown(g.Meta.ID != "", strconv.Quote(g.Meta.ID))
	case kName:
		n := g.Meta.Seats[f.sub].Name
		return fmt.Sprintf("name %d %s", f.sub, orUnknown(n != "", strconv.Quote(n)))
	case kRound:
		r := &g.Rounds[e.Ref]
		return fmt.Sprintf("round %s sticks=%s dealer=%d scores=%s dora=%v", r.ID(),
			orUnknown(r.Unknown&event.KnownBa == 0, strconv.Itoa(int(r.Sticks))), r.Dealer,
			orUnknown(r.Unknown&event.KnownScores == 0, fmt.Sprint(r.Scores)), r.Dora)
	case kDice:
		r := &g.Rounds[e.Ref]
		return "dice " + known(r.Known, event.KnownDice, r.Dice)
	case kHand:
		r := &g.Rounds[e.Ref]
		h := sortedHand(r, f.sub, s.drop)
		if hiddenHand(r, f.sub) {
			return fmt.Sprintf("hand %d ?", f.sub)
		}
		return fmt.Sprintf("hand %d %s", f.sub, tile.FormatTiles(h[:]))
	case kDraw:
		rep := ""
		if e.Flags&event.Replacement != 0 {
			rep = " replacement"
		}
		t := e.Tile.String()
		if e.Tile == tile.None && !compat {
			t = "?"
		}
		return fmt.Sprintf("%d draw %s%s", e.Seat, t, rep)
	case kDiscard:
		tg := ""
		if s.drop&Tsumogiri == 0 {
			switch {
			case e.Flags&event.TsumogiriUnknown != 0:
				tg = " tsumogiri=?"
			case e.Flags&event.Tsumogiri != 0:
				tg = " tsumogiri"
			}
		}
		return fmt.Sprintf("%d discard %v%s", e.Seat, e.Tile, tg)
	case kRiichi:
		return fmt.Sprintf("%d riichi", e.Seat)
	case kAccepted:
		sc := ""
		if s.drop&RiichiScores == 0 {
			switch {
			case validRef(e.Ref, len(g.Scores)):
				sc = fmt.Sprintf(" scores=%v", g.Scores[e.Ref])
			case !compat:
				sc = " scores=?"
			}
		}
		return fmt.Sprintf("%d riichi_accepted%s", e.Seat, sc)
	case kCall:
		return fmt.Sprintf("%d call %v %s from %d taking %v", e.Seat, e.Meld.Kind, meldString(&e.Meld), e.Meld.From, e.Tile)
	case kClosedKan:
		return fmt.Sprintf("%d closed_kan %s", e.Seat, meldString(&e.Meld))
	case kAddedKan:
		return fmt.Sprintf("%d added_kan %v onto %s", e.Seat, e.Tile, meldString(&e.Meld))
	case kKita:
		return fmt.Sprintf("%d kita %v", e.Seat, e.Tile)
	case kDora:
		return fmt.Sprintf("dora %v", e.Tile)
	case kKanDoras:
		ts := make([]string, 0, f.hi-f.lo)
		for _, i := range s.items[f.lo:f.hi] {
			ts = append(ts, g.Events[i].Tile.String())
		}
		return "kan dora " + strings.Join(ts, " ")
	case kConnection:
		return fmt.Sprintf("%d %v", e.Seat, e.Type)
	case kConnections:
		ts := make([]string, 0, f.hi-f.lo)
		for _, i := range s.items[f.lo:f.hi] {
			ts = append(ts, fmt.Sprintf("%d %v", g.Events[i].Seat, g.Events[i].Type))
		}
		return "connections " + strings.Join(ts, ", ")
	case kRyuukyoku, kShows, kDrawBa, kDrawBefore:
		return s.drawText(f, &g.Ryuukyoku[e.Ref])
	case kEnd:
		end := endOf(g, e)
		return "end scores=" + known(end.Known, event.KnownScores, end.Scores)
	case kEndPoints:
		end := endOf(g, e)
		return "  points " + known(end.Known, event.KnownPoints2, end.Points)
	}
	return s.winText(f.kind, &g.Wins[e.Ref], compat)
}

// winText writes a fact of a win.
func (s *side) winText(k kind, w *event.WinRecord, compat bool) string {
	list := func(bit event.Known, ts []tile.Tile) string {
		if !compat && w.Known&bit == 0 {
			return "?"
		}
		return tile.FormatTiles(ts)
	}
	switch k {
	case kWin:
		liable := fmt.Sprintf(" liable %d", w.Liable)
		if s.drop&Liable != 0 {
			liable = ""
		}
		return fmt.Sprintf("win %d from %d%s deltas=%s", w.Winner, w.From, liable, known(w.Known, event.KnownDeltas, w.Deltas))
	case kWinPoints:
		return "  points " + known(w.Known, event.KnownPoints, w.Points)
	case kWinLimit:
		return "  limit " + known(w.Known, event.KnownPoints, w.Limit)
	case kWinFu:
		return "  fu " + known(w.Known, event.KnownFu, w.Fu)
	case kWinHan:
		return "  han " + known(w.Known, event.KnownHan, w.Han)
	case kWinYaku:
		if !compat && w.Known&event.KnownYaku == 0 {
			return "  yaku ?"
		}
		var ys []string
		for _, y := range yakuOf(w, s.drop, nil) {
			ys = append(ys, fmt.Sprintf("%v:%d", y.ID, y.Han))
		}
		return "  yaku " + strings.Join(ys, " ")
	case kWinDora:
		return "  dora " + list(event.KnownDora, w.DoraList())
	case kWinUra:
		return "  ura " + list(event.KnownUra, w.UraList())
	case kWinHand:
		if w.Known&event.KnownHand == 0 {
			return "  hand ?"
		}
		h := append([]tile.Tile(nil), w.HandTiles()...)
		sortTiles(h)
		return fmt.Sprintf("  hand %s tile %v", tile.FormatTiles(h), w.WinTile)
	case kWinMelds:
		if w.Known&event.KnownHand == 0 {
			return "  melds ?"
		}
		ms := make([]string, 0, w.NMelds)
		for _, m := range w.MeldList() {
			ms = append(ms, m.Kind.String()+":"+meldString(&m))
		}
		sortStrings(ms)
		return "  melds " + strings.Join(ms, " ")
	case kWinBa:
		return "  ba " + known(w.Known, event.KnownBa, [2]int16{w.Honba, w.Sticks})
	case kWinBefore:
		return "  before " + known(w.Known, event.KnownBefore, w.Before)
	}
	return "?"
}

// drawText writes a fact of a draw.
func (s *side) drawText(f *fact, r *event.RyuukyokuRecord) string {
	switch f.kind {
	case kRyuukyoku:
		return fmt.Sprintf("ryuukyoku %v deltas=%s", r.Kind, known(r.Known, event.KnownDeltas, r.Deltas))
	case kShows:
		seat := event.Seat(f.sub)
		switch {
		case r.Known&event.KnownHand == 0:
			return fmt.Sprintf("  shows %d ?", f.sub)
		case !r.Revealed[seat]:
			return fmt.Sprintf("  shows %d nothing", f.sub)
		}
		h := append([]tile.Tile(nil), r.HandTiles(seat)...)
		sortTiles(h)
		return fmt.Sprintf("  shows %d %s", f.sub, tile.FormatTiles(h))
	case kDrawBa:
		return "  ba " + known(r.Known, event.KnownBa, [2]int16{r.Honba, r.Sticks})
	case kDrawBefore:
		return "  before " + known(r.Known, event.KnownBefore, r.Before)
	}
	return "?"
}

// known writes v, or "?" when the bit is not in k.
func known(k, bit event.Known, v any) string {
	if k&bit == 0 {
		return "?"
	}
	return fmt.Sprint(v)
}

// orUnknown returns s, or "?" when not ok.
func orUnknown(ok bool, s string) string {
	if !ok {
		return "?"
	}
	return s
}

// meldString writes a meld's tiles sorted.
func meldString(m *event.Meld) string {
	ts, n := meldTiles(m)
	return tile.FormatTiles(ts[:n])
}

// sortStrings sorts a few strings.
func sortStrings(ss []string) {
	for i := 1; i < len(ss); i++ {
		for j := i; j > 0 && ss[j] < ss[j-1]; j-- {
			ss[j], ss[j-1] = ss[j-1], ss[j]
		}
	}
}
