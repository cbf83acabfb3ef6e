// Package twin compares two decodings of the same game, made from two
// formats (an mjlog and its tenhou.net/6 JSON, an mjlog and its mjai log,
// ...). Lines turns a game into canonical text lines, one per round fact and
// per action; two twins agree when their lines are equal after the fields
// that one of the formats cannot carry are set aside (Drop).
//
// It is a test helper: only tests import it.
package twin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Drop is a set of fields to leave out of the comparison, because one of
// the two formats does not record them.
type Drop uint32

// The fields that can be dropped.
const (
	// Tsumogiri: whether a discard was the drawn tile.
	Tsumogiri Drop = 1 << iota
	// DoraTiming: where a kan dora reveal sits in the stream (the
	// indicators are still compared, as a list per round).
	DoraTiming
	// HandOrder: the order of the starting hands (compared sorted).
	HandOrder
	// WinHand: the winner's concealed tiles and melds as recorded with the
	// win.
	WinHand
	// Fu: the fu of a win (formats that write only the limit name for
	// mangan and above).
	Fu
	// Before: the scores just before a win or a draw.
	Before
	// Ba: the honba and sticks recorded with a win or a draw.
	Ba
	// Revealed: the hands shown at a draw.
	Revealed
	// Connection: disconnects and reconnects.
	Connection
	// Yaku: the yaku list of a win (the han total is still compared).
	Yaku
	// YakuOrder: the order of the yaku list.
	YakuOrder
	// Ura: the ura dora indicators.
	Ura
	// RiichiScores: the scores recorded with a riichi stick payment.
	RiichiScores
	// End: the recorded game end (final scores and points).
	End
	// EndPoints: the final points after oka and uma (the scores are still
	// compared).
	EndPoints
	// Dice: the dice of each round.
	Dice
	// Limit: the limit name of a win.
	Limit
	// Points: the hand value of a win (the deltas are still compared).
	Points
)

// Lines returns the canonical lines of g without the dropped fields.
func Lines(g *event.Game, drop Drop) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	var doras []string // kan dora of the current round, when their timing is dropped
	flushDoras := func() {
		if len(doras) > 0 {
			add("kan dora %s", strings.Join(doras, " "))
			doras = doras[:0]
		}
	}
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.GameStart:
			add("game players=%d", g.Meta.Players)
		case event.RoundStart:
			flushDoras()
			r := &g.Rounds[e.Ref]
			add("round %s sticks=%d dealer=%d scores=%v dora=%v", r.ID(), r.Sticks, r.Dealer, r.Scores, r.Dora)
			if drop&Dice == 0 && r.Known&event.KnownDice != 0 {
				add("dice %v", r.Dice)
			}
			for s := range int(g.Meta.Players) {
				h := slices.Clone(r.Hands[s][:])
				if drop&HandOrder != 0 {
					slices.SortFunc(h, tile.Compare)
				}
				add("hand %d %s", s, tile.FormatTiles(h))
			}
		case event.Draw:
			rep := ""
			if e.Flags&event.Replacement != 0 {
				rep = " replacement"
			}
			add("%d draw %v%s", e.Seat, e.Tile, rep)
		case event.Discard:
			tg := ""
			if drop&Tsumogiri == 0 {
				switch {
				case e.Flags&event.TsumogiriUnknown != 0:
					tg = " tsumogiri=?"
				case e.Flags&event.Tsumogiri != 0:
					tg = " tsumogiri"
				}
			}
			add("%d discard %v%s", e.Seat, e.Tile, tg)
		case event.Riichi:
			add("%d riichi", e.Seat)
		case event.RiichiAccepted:
			sc := ""
			if drop&RiichiScores == 0 && e.Ref >= 0 {
				sc = fmt.Sprintf(" scores=%v", g.Scores[e.Ref])
			}
			add("%d riichi_accepted%s", e.Seat, sc)
		case event.Call:
			add("%d call %v %s from %d taking %v", e.Seat, e.Meld.Kind, meldString(&e.Meld), e.Meld.From, e.Tile)
		case event.ClosedKan:
			add("%d closed_kan %s", e.Seat, meldString(&e.Meld))
		case event.AddedKan:
			add("%d added_kan %v onto %s", e.Seat, e.Tile, meldString(&e.Meld))
		case event.Kita:
			add("%d kita %v", e.Seat, e.Tile)
		case event.Dora:
			if drop&DoraTiming != 0 {
				doras = append(doras, e.Tile.String())
			} else {
				add("dora %v", e.Tile)
			}
		case event.Win:
			flushDoras()
			w := &g.Wins[e.Ref]
			add("win %d from %d liable %d deltas=%v", w.Winner, w.From, w.Liable, known(w.Known, event.KnownDeltas, w.Deltas))
			if drop&Points == 0 {
				add("  points %v", known(w.Known, event.KnownPoints, w.Points))
			}
			if drop&Limit == 0 {
				add("  limit %v", known(w.Known, event.KnownPoints, w.Limit))
			}
			if drop&Fu == 0 {
				add("  fu %v", known(w.Known, event.KnownFu, w.Fu))
			}
			add("  han %v", known(w.Known, event.KnownHan, w.Han))
			if drop&Yaku == 0 {
				ys := make([]string, 0, w.NYaku)
				for _, y := range w.YakuList() {
					if y.ID == event.YakuUraDora && y.Han == 0 {
						continue // Tenhou lists 0-han ura in mjlog only
					}
					ys = append(ys, fmt.Sprintf("%v:%d", y.ID, y.Han))
				}
				if drop&YakuOrder != 0 {
					slices.Sort(ys)
				}
				add("  yaku %s", strings.Join(ys, " "))
			}
			add("  dora %s", tile.FormatTiles(w.DoraList()))
			if drop&Ura == 0 {
				add("  ura %s", tile.FormatTiles(w.UraList()))
			}
			if drop&WinHand == 0 && w.Known&event.KnownHand != 0 {
				h := slices.Clone(w.HandTiles())
				slices.SortFunc(h, tile.Compare)
				add("  hand %s tile %v", tile.FormatTiles(h), w.WinTile)
				ms := make([]string, 0, w.NMelds)
				for _, m := range w.MeldList() {
					ms = append(ms, m.Kind.String()+":"+meldString(&m))
				}
				slices.Sort(ms)
				add("  melds %s", strings.Join(ms, " "))
			}
			if drop&Ba == 0 {
				add("  ba %v", known(w.Known, event.KnownBa, [2]int16{w.Honba, w.Sticks}))
			}
			if drop&Before == 0 {
				add("  before %v", known(w.Known, event.KnownBefore, w.Before))
			}
		case event.Ryuukyoku:
			flushDoras()
			r := &g.Ryuukyoku[e.Ref]
			add("ryuukyoku %v deltas=%v", r.Kind, known(r.Known, event.KnownDeltas, r.Deltas))
			if drop&Revealed == 0 && r.Known&event.KnownHand != 0 {
				for s := range 4 {
					if r.Revealed[s] {
						h := slices.Clone(r.HandTiles(event.Seat(s)))
						slices.SortFunc(h, tile.Compare)
						add("  shows %d %s", s, tile.FormatTiles(h))
					}
				}
			}
			if drop&Ba == 0 {
				add("  ba %v", known(r.Known, event.KnownBa, [2]int16{r.Honba, r.Sticks}))
			}
			if drop&Before == 0 {
				add("  before %v", known(r.Known, event.KnownBefore, r.Before))
			}
		case event.GameEnd:
			if drop&End != 0 {
				continue
			}
			end := &g.End[e.Ref]
			add("end scores=%v", known(end.Known, event.KnownScores, end.Scores))
			if drop&EndPoints == 0 {
				add("  points %v", known(end.Known, event.KnownPoints2, end.Points))
			}
		case event.Disconnect, event.Reconnect:
			if drop&Connection == 0 {
				add("%d %v", e.Seat, e.Type)
			}
		}
	}
	flushDoras()
	return out
}

// known returns v, or "?" when the bit is not in k.
func known(k, bit event.Known, v any) any {
	if k&bit == 0 {
		return "?"
	}
	return v
}

func meldString(m *event.Meld) string {
	ts := slices.Clone(m.Slice())
	slices.SortFunc(ts, tile.Compare)
	return tile.FormatTiles(ts)
}
