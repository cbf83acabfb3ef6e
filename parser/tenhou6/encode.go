package tenhou6

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// ErrUnrepresentable is wrapped by the errors of Encoder.Encode for a game
// that has something tenhou.net/6 cannot carry: a hand without a result, a
// win without its value, hidden tiles, a dealer that is not the hand
// number's seat ... It is format.ErrUnrepresentable for errors.Is.
var ErrUnrepresentable = format.Unrepresentable("tenhou.net/6 cannot carry it")

// Encoder writes event.Games as tenhou.net/6 JSON, the format tenhou.net/6's
// viewer and editor read (docs/tenhou-formats.md §2). It keeps its buffers from
// one game to the next; the zero Encoder is ready for use. An Encoder is
// not safe for concurrent use.
//
// What it writes, compact and in a fixed order, so that the bytes depend
// on the game alone:
//
//   - "ver" (2.3) and "ref" when the game has a log id, as Tenhou's own
//     downloads (tenhou.net/5/mjlog2json.cgi) write them; "title" (the
//     game's title in two parts, or two empty strings) as the editor writes
//     it when the game has a title or no log id;
//   - "log": one array of 17 elements per hand: [round, honba, sticks],
//     the scores, the dora indicators (the first and each kan's, in the
//     order of the game's dora events), the ura indicators (the first
//     winner's who has them), then each seat's sorted starting hand,
//     incoming list (draws, and calls in Tenhou's notation: chi "c", pon
//     "p" and open kan "m", the letter's place naming the discarder) and
//     outgoing list (discards, 60 for the drawn tile, "r" for a riichi
//     discard, 0 after an open kan, added kan "k", closed kan "a", kita
//     "f44"), and the result: "和了" with each winner's score changes and
//     [winner, discarder, liable seat (the winner when none), score string
//     ("30符1飜1000点", "満貫2000-4000点", "跳満6000点∀"), yaku ("立直(1飜)",
//     "大三元(役満)"; ura dora of 0 han left out)], or 流局 (with the score
//     changes when some are not 0), 全員聴牌, 全員不聴, 流し満貫, 九種九牌, 四家立直,
//     三家和了, 四槓散了 or 四風連打;
//   - "connection" when someone disconnected, "ratingc" with a log id,
//     "rule" (disp, the rule name, and the red fives: aka53, aka52, aka51
//     with a log id, else aka when every suit has as many), "lobby", "dan",
//     "rate" and "sx" when the game has them, "sc" (final scores and points)
//     when it has its end, and "name".
//
// A three-player game keeps four seats, the fourth empty, as Tenhou
// writes it. A tile's physical id, the dice, the wall, the tsumogiri of a
// discard whose format did not know it (60 is written when the tile is
// the one just drawn, as Tenhou's converter does), the scores recorded
// with a riichi stick or before a result, the hands shown at a draw (but
// for 全員聴牌 and 全員不聴) and chip counts are not written: the format has no
// place for them. The game's length and table are carried by the rule
// name alone.
type Encoder struct {
	b  []byte
	hd hand
}

// hand is the part of one hand an Encoder gathers before writing it.
type hand struct {
	index   int
	round   *event.Round
	id      event.RoundID
	dora    []tile.Tile
	in, out [4][]byte // the items of each seat's lists, comma-separated
	last    [4]tile.Tile
	riichi  [4]bool // riichi declared: the next discard gets an "r"
	steps   int     // draws, discards and calls so far (connection steps)
	wins    []*event.WinRecord
	draw    *event.RyuukyokuRecord
	ended   bool
}

// connection is one entry of the "connection" array.
type connection struct {
	what, log, who, step int
}

// Encode writes g to w as one tenhou.net/6 JSON object and a newline. A
// game that tenhou.net/6 cannot carry is an *event.Error naming the hand
// (when there is one) and wrapping ErrUnrepresentable; nothing is written
// then.
func (e *Encoder) Encode(w io.Writer, g *event.Game) error {
	b, err := e.encode(e.b[:0], g)
	e.b = b[:0]
	// Keep the buffers, not the game.
	clear(e.hd.wins[:cap(e.hd.wins)])
	e.hd.round, e.hd.draw = nil, nil
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func (e *Encoder) encode(b []byte, g *event.Game) ([]byte, error) {
	m := &g.Meta
	players := int(m.Players)
	if players != 3 && players != 4 {
		return b, e.fail(g, -1, "a game of %d players", players)
	}
	if m.HiddenSeats != 0 {
		return b, e.fail(g, -1, "the log hides seats' tiles (a player's view): every tile must be known")
	}
	b = append(b, '{')
	if m.ID != "" {
		b = append(b, `"ver":2.3,"ref":`...)
		b = appendString(b, m.ID)
		b = append(b, ',')
	}
	if m.ID == "" || m.Title != "" {
		t0, t1, _ := strings.Cut(m.Title, " / ")
		b = append(b, `"title":[`...)
		b = appendString(b, t0)
		b = append(b, ',')
		b = appendString(b, t1)
		b = append(b, "],"...)
	}
	b = append(b, `"log":[`...)
	var conns []connection
	var end *event.EndRecord
	h := &e.hd
	h.index = -1
	open := false
	lastKey := -1
	for i := range g.Events {
		ev := &g.Events[i]
		switch ev.Type {
		case event.GameStart:
			continue
		case event.RoundStart:
			if open {
				var err error
				if b, err = e.writeHand(b, g); err != nil {
					return b, err
				}
				b = append(b, ',')
			}
			if err := e.startHand(g, ev, &lastKey); err != nil {
				return b, err
			}
			open = true
			continue
		case event.Disconnect, event.Reconnect:
			c := connection{who: int(ev.Seat), log: -1}
			if ev.Type == event.Reconnect {
				c.what = 1
			}
			if open {
				// A step past the hand's last action puts the event after
				// the hand's result.
				c.log, c.step = h.index, h.steps
				if h.ended {
					c.step++
				}
			}
			if !ev.Seat.Valid() || int(ev.Seat) >= players {
				return b, e.fail(g, h.index, "a disconnection of seat %d", ev.Seat)
			}
			conns = append(conns, c)
			continue
		case event.GameEnd:
			if ev.Ref < 0 || int(ev.Ref) >= len(g.End) {
				return b, e.fail(g, -1, "a game end that refers to no record")
			}
			end = &g.End[ev.Ref]
			continue
		}
		if !open {
			return b, e.fail(g, -1, "a %v before the first hand", ev.Type)
		}
		if err := e.play(g, ev); err != nil {
			return b, err
		}
	}
	if !open {
		return b, e.fail(g, -1, "the game has no hand")
	}
	b, err := e.writeHand(b, g)
	if err != nil {
		return b, err
	}
	b = append(b, ']')
	if len(conns) > 0 {
		b = append(b, `,"connection":[`...)
		for k, c := range conns {
			if k > 0 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, `{"what":%d,"log":%d,"who":%d,"step":%d}`, c.what, c.log, c.who, c.step)
		}
		b = append(b, ']')
	}
	if m.ID != "" {
		b = fmt.Appendf(b, `,"ratingc":"PF%d"`, players)
	}
	b = e.appendRule(b, m)
	if m.Rules.TenhouLobby >= 0 {
		b = fmt.Appendf(b, `,"lobby":%d`, m.Rules.TenhouLobby)
	}
	b = appendSeats(b, m)
	if end != nil {
		const both = event.KnownScores | event.KnownPoints2
		if end.Known&both != both {
			return b, e.fail(g, -1, "the game end records its final scores without the final points, or the points without the scores (sc holds both)")
		}
		b = append(b, `,"sc":[`...)
		for s := range 4 {
			if s > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(end.Scores[s]), 10)
			b = append(b, ',')
			b = appendNumber(b, end.Points[s])
		}
		b = append(b, ']')
	}
	b = append(b, `,"name":[`...)
	for s := range 4 {
		if s > 0 {
			b = append(b, ',')
		}
		b = appendString(b, m.Seats[s].Name)
	}
	b = append(b, "]}\n"...)
	return b, nil
}

// fail returns the error for something tenhou.net/6 cannot carry in hand
// (-1: the game).
func (e *Encoder) fail(g *event.Game, hand int, format string, args ...any) error {
	var id event.RoundID
	if hand >= 0 && e.hd.round != nil {
		id = e.hd.id
	}
	return &event.Error{Path: g.Meta.Path, Format: event.FormatTenhou6, Offset: -1, Index: -1, Hand: hand, Round: id,
		Err: fmt.Errorf(format+": %w", append(args, ErrUnrepresentable)...)}
}

// startHand begins the hand of RoundStart event ev.
func (e *Encoder) startHand(g *event.Game, ev *event.Event, lastKey *int) error {
	h := &e.hd
	index := h.index + 1
	in, out := h.in, h.out
	*h = hand{index: index, dora: h.dora[:0], wins: h.wins[:0]}
	for s := range 4 {
		h.in[s], h.out[s] = in[s][:0], out[s][:0]
	}
	if ev.Ref < 0 || int(ev.Ref) >= len(g.Rounds) {
		return e.fail(g, index, "a hand start that refers to no record")
	}
	r := &g.Rounds[ev.Ref]
	h.round, h.id = r, r.ID()
	players := int(g.Meta.Players)
	switch {
	case r.Unknown != 0:
		return e.fail(g, index, "the log does not record the hand's scores or riichi sticks")
	case r.Wind < 0 || r.Wind > 3 || r.Number < 1 || int(r.Number) > players:
		return e.fail(g, index, "round wind %d, hand number %d", r.Wind, r.Number)
	case r.Dealer != event.Seat(r.Number-1):
		return e.fail(g, index, "seat %d deals hand %d (tenhou.net/6 gives hand N to seat N-1)", r.Dealer, r.Number)
	case r.Honba < 0 || r.Sticks < 0:
		return e.fail(g, index, "%d honba, %d sticks", r.Honba, r.Sticks)
	}
	key := (4*int(r.Wind)+int(r.Number)-1)*1024 + int(r.Honba)
	if key < *lastKey { // the same key again is the hand after a chombo
		return e.fail(g, index, "the hand comes after a later one (tenhou.net/6 lists the hands of one game in order)")
	}
	*lastKey = key
	if err := e.checkTile(g, r.Dora); err != nil {
		return err
	}
	h.dora = append(h.dora, r.Dora)
	for s := range players {
		for _, t := range r.Hands[s] {
			if err := e.checkTile(g, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkTile reports a tile tenhou.net/6 cannot write in the current hand.
func (e *Encoder) checkTile(g *event.Game, t tile.Tile) error {
	if !t.Valid() {
		return e.fail(g, e.hd.index, "a tile that is not known (%d)", t)
	}
	if g.Meta.Players == 3 && (t.Kind() >= tile.Man2 && t.Kind() <= tile.Man8 || t == tile.Red5m) {
		return e.fail(g, e.hd.index, "%v in a three-player game", t)
	}
	return nil
}

// nextItem appends a comma if the list has items already.
func nextItem(l []byte) []byte {
	if len(l) > 0 {
		l = append(l, ',')
	}
	return l
}

// play adds an event of the current hand to its lists.
func (e *Encoder) play(g *event.Game, ev *event.Event) error {
	h := &e.hd
	s := ev.Seat
	players := int(g.Meta.Players)
	switch ev.Type {
	case event.Draw, event.Discard, event.Riichi, event.Call, event.ClosedKan, event.AddedKan, event.Kita:
		if !s.Valid() || int(s) >= players {
			return e.fail(g, h.index, "a %v by seat %d", ev.Type, s)
		}
		if h.ended {
			return e.fail(g, h.index, "a %v after the hand's result", ev.Type)
		}
	}
	switch ev.Type {
	case event.Draw:
		if err := e.checkTile(g, ev.Tile); err != nil {
			return err
		}
		h.in[s] = strconv.AppendInt(nextItem(h.in[s]), int64(ev.Tile.Tenhou6()), 10)
		h.last[s] = ev.Tile
		h.steps++
	case event.Riichi:
		h.riichi[s] = true
	case event.RiichiAccepted:
		// Implied: a riichi discard nobody wins on is accepted.
	case event.Discard:
		if err := e.checkTile(g, ev.Tile); err != nil {
			return err
		}
		code := ev.Tile.Tenhou6()
		switch {
		case ev.Flags&event.Tsumogiri != 0:
			if ev.Tile != h.last[s] {
				return e.fail(g, h.index, "seat %d's discard of %v is marked as the drawn tile, which is %v", s, ev.Tile, h.last[s])
			}
			code = 60
		case ev.Flags&event.TsumogiriUnknown != 0 && ev.Tile == h.last[s]:
			code = 60
		}
		l := nextItem(h.out[s])
		if h.riichi[s] {
			l = append(l, `"r`...)
			l = strconv.AppendInt(l, int64(code), 10)
			l = append(l, '"')
			h.riichi[s] = false
		} else {
			l = strconv.AppendInt(l, int64(code), 10)
		}
		h.out[s] = l
		h.last[s] = tile.None
		h.steps++
	case event.Call:
		l, err := e.callString(g, nextItem(h.in[s]), ev)
		if err != nil {
			return err
		}
		h.in[s] = l
		if ev.Meld.Kind == event.MeldOpenKan {
			h.out[s] = append(nextItem(h.out[s]), '0')
		}
		h.last[s] = tile.None
		h.steps++
	case event.ClosedKan:
		m := &ev.Meld
		if m.Kind != event.MeldClosedKan || m.N != 4 || m.ShapeError() != "" {
			return e.fail(g, h.index, "seat %d's closed kan is not four tiles of a kind", s)
		}
		if err := e.meldTiles(g, m); err != nil {
			return err
		}
		l := append(nextItem(h.out[s]), '"')
		for k, t := range m.Slice() {
			if k == 3 {
				l = append(l, 'a')
			}
			l = strconv.AppendInt(l, int64(t.Tenhou6()), 10)
		}
		h.out[s] = append(l, '"')
		h.last[s] = tile.None
		h.steps++
	case event.AddedKan:
		l, err := e.addedKanString(g, nextItem(h.out[s]), ev)
		if err != nil {
			return err
		}
		h.out[s] = l
		h.last[s] = tile.None
		h.steps++
	case event.Kita:
		if players != 3 || ev.Tile.Kind() != tile.North {
			return e.fail(g, h.index, "a kita of %v in a %d-player game", ev.Tile, players)
		}
		h.out[s] = append(nextItem(h.out[s]), `"f44"`...)
		h.last[s] = tile.None
		h.steps++
	case event.Dora:
		if err := e.checkTile(g, ev.Tile); err != nil {
			return err
		}
		if len(h.dora) == maxDora {
			return e.fail(g, h.index, "more than six dora indicators")
		}
		h.dora = append(h.dora, ev.Tile)
	case event.Win:
		if h.draw != nil {
			return e.fail(g, h.index, "a win after the hand's draw")
		}
		if ev.Ref < 0 || int(ev.Ref) >= len(g.Wins) {
			return e.fail(g, h.index, "a win that refers to no record")
		}
		h.wins = append(h.wins, &g.Wins[ev.Ref])
		h.ended = true
	case event.Ryuukyoku:
		if h.ended {
			return e.fail(g, h.index, "a second result of the hand")
		}
		if ev.Ref < 0 || int(ev.Ref) >= len(g.Ryuukyoku) {
			return e.fail(g, h.index, "a draw that refers to no record")
		}
		h.draw = &g.Ryuukyoku[ev.Ref]
		h.ended = true
	case event.Broken:
		return e.fail(g, h.index, "a hand the log it was read from cannot rebuild")
	default:
		return e.fail(g, h.index, "an event of type %v", ev.Type)
	}
	return nil
}

// meldTiles checks a meld's tiles.
func (e *Encoder) meldTiles(g *event.Game, m *event.Meld) error {
	for _, t := range m.Slice() {
		if err := e.checkTile(g, t); err != nil {
			return err
		}
	}
	return nil
}

// callParts splits a meld into the tile taken from the discarder and the
// caller's own tiles (ascending, a red five after the plain fives).
func callParts(m *event.Meld) (taken tile.Tile, own []tile.Tile, ok bool) {
	ts := m.Slice()
	if m.Called < 0 || int(m.Called) >= len(ts) {
		return tile.None, nil, false
	}
	taken = ts[m.Called]
	own = make([]tile.Tile, 0, 3)
	own = append(own, ts[:m.Called]...)
	own = append(own, ts[m.Called+1:]...)
	slices.SortFunc(own, tile.Compare)
	return taken, own, true
}

// relative returns where from sits seen from seat s, as the letters of
// call strings count it: 1 shimocha, 2 toimen, 3 kamicha (in a
// three-player game too, counted over four seats as the decoder does).
func relative(s, from event.Seat) int { return (int(from) - int(s) + 4) % 4 }

// callString appends the incoming item of a chi, pon or open kan.
func (e *Encoder) callString(g *event.Game, l []byte, ev *event.Event) ([]byte, error) {
	h := &e.hd
	m := &ev.Meld
	s := ev.Seat
	if err := e.meldTiles(g, m); err != nil {
		return l, err
	}
	taken, own, ok := callParts(m)
	if !ok || m.ShapeError() != "" || !m.From.Valid() || m.From == s {
		return l, e.fail(g, h.index, "seat %d's %v is not a call of another seat's discard", s, m.Kind)
	}
	rel := relative(s, m.From)
	var letter byte
	pos := 0
	switch m.Kind {
	case event.MeldChi:
		if int(m.From) != (int(s)+int(g.Meta.Players)-1)%int(g.Meta.Players) {
			return l, e.fail(g, h.index, "seat %d calls chi from seat %d, not its left", s, m.From)
		}
		letter, pos = 'c', 0
	case event.MeldPon:
		letter, pos = 'p', 3-rel
	case event.MeldOpenKan:
		letter = 'm'
		pos = [4]int{0, 3, 1, 0}[rel]
	default:
		return l, e.fail(g, h.index, "a call of kind %v", m.Kind)
	}
	l = append(l, '"')
	ts := slices.Insert(own, pos, taken)
	for k, t := range ts {
		if k == pos {
			l = append(l, letter)
		}
		l = strconv.AppendInt(l, int64(t.Tenhou6()), 10)
	}
	return append(l, '"'), nil
}

// addedKanString appends the outgoing item of an added kan: the pon's
// string with "k" and the added tile before the taken one.
func (e *Encoder) addedKanString(g *event.Game, l []byte, ev *event.Event) ([]byte, error) {
	h := &e.hd
	m := &ev.Meld
	s := ev.Seat
	if err := e.meldTiles(g, m); err != nil {
		return l, err
	}
	taken, rest, ok := callParts(m)
	added := ev.Tile
	i := slices.Index(rest, added)
	if !ok || m.N != 4 || m.ShapeError() != "" || !m.From.Valid() || m.From == s || i < 0 {
		return l, e.fail(g, h.index, "seat %d's added kan is not a pon of another seat's discard and the added tile", s)
	}
	own := slices.Delete(rest, i, i+1)
	pos := 3 - relative(s, m.From)
	ts := slices.Insert(own, pos, added, taken)
	l = append(l, '"')
	for k, t := range ts {
		if k == pos {
			l = append(l, 'k')
		}
		l = strconv.AppendInt(l, int64(t.Tenhou6()), 10)
	}
	return append(l, '"'), nil
}

// writeHand appends the gathered hand.
func (e *Encoder) writeHand(b []byte, g *event.Game) ([]byte, error) {
	h := &e.hd
	r := h.round
	players := int(g.Meta.Players)
	if !h.ended {
		return b, e.fail(g, h.index, "the hand has no result (the log ends in it, or the server stopped it)")
	}
	b = fmt.Appendf(b, "[[%d,%d,%d],[", 4*int(r.Wind)+int(r.Number)-1, r.Honba, r.Sticks)
	for s := range 4 {
		if s > 0 {
			b = append(b, ',')
		}
		sc := r.Scores[s]
		if s >= players {
			sc = 0
		}
		b = strconv.AppendInt(b, int64(sc), 10)
	}
	b = append(b, "],"...)
	b = appendTiles(b, h.dora)
	b = append(b, ',')
	var ura []tile.Tile
	for _, w := range h.wins {
		u := w.UraList()
		if w.Known&event.KnownUra == 0 || len(u) == 0 {
			continue
		}
		if ura == nil {
			ura = u
		} else if !slices.Equal(ura, u) {
			return b, e.fail(g, h.index, "two winners with different ura indicators")
		}
	}
	for _, t := range ura {
		if err := e.checkTile(g, t); err != nil {
			return b, err
		}
	}
	b = appendTiles(b, ura)
	var sorted [13]tile.Tile
	for s := range 4 {
		b = append(b, ',')
		if s < players {
			sorted = r.Hands[s]
			slices.SortFunc(sorted[:], tile.Compare)
			b = appendTiles(b, sorted[:])
		} else {
			b = append(b, "[]"...)
		}
		b = append(b, ",["...)
		b = append(b, h.in[s]...)
		b = append(b, "],["...)
		b = append(b, h.out[s]...)
		b = append(b, ']')
	}
	b = append(b, ",["...)
	var err error
	if h.draw != nil {
		b, err = e.appendDraw(b, g, h.draw)
	} else {
		b, err = e.appendWins(b, g)
	}
	if err != nil {
		return b, err
	}
	return append(b, "]]"...), nil
}

// appendDraw appends the result of a hand without a winner.
func (e *Encoder) appendDraw(b []byte, g *event.Game, r *event.RyuukyokuRecord) ([]byte, error) {
	h := &e.hd
	players := int(g.Meta.Players)
	if r.Known&event.KnownDeltas == 0 {
		return b, e.fail(g, h.index, "the draw's score changes are not recorded")
	}
	zero := r.Deltas == [4]int32{}
	var name string
	switch r.Kind {
	case event.Exhaustive:
		name = "流局"
		if zero {
			// Who was tenpai: the hands shown, or the log's tenpai flags.
			yes, no := 0, 0
			for s := range players {
				tenpai := r.Tenpai[s]
				if r.Known&event.KnownHand != 0 {
					tenpai = event.FlagOf(r.Revealed[s])
				}
				switch tenpai {
				case event.FlagYes:
					yes++
				case event.FlagNo:
					no++
				}
			}
			switch players {
			case yes:
				name = "全員聴牌"
			case no:
				name = "全員不聴"
			}
		}
	case event.Nagashi:
		name = "流し満貫"
	case event.NineTerminals:
		name = "九種九牌"
	case event.FourRiichi:
		name = "四家立直"
	case event.TripleRon:
		name = "三家和了"
	case event.FourKans:
		name = "四槓散了"
	case event.FourWinds:
		name = "四風連打"
	default:
		return b, e.fail(g, h.index, "a hand that ended as %v", r.Kind)
	}
	if r.Kind.IsAbortive() && r.Kind != event.FourRiichi && !zero {
		return b, e.fail(g, h.index, "an abortive draw with score changes %v", r.Deltas)
	}
	b = appendString(b, name)
	if !zero {
		b = append(b, ',')
		b = appendDeltas(b, r.Deltas, players)
	}
	return b, nil
}

// appendWins appends the result of a hand won by one or more players.
func (e *Encoder) appendWins(b []byte, g *event.Game) ([]byte, error) {
	h := &e.hd
	players := int(g.Meta.Players)
	b = appendString(b, "和了")
	for _, w := range h.wins {
		if !w.Winner.Valid() || int(w.Winner) >= players || !w.From.Valid() || int(w.From) >= players ||
			w.Liable != event.NoSeat && (!w.Liable.Valid() || int(w.Liable) >= players) {
			return b, e.fail(g, h.index, "a win by seat %d from seat %d, liable %d", w.Winner, w.From, w.Liable)
		}
		if w.Known&event.KnownDeltas == 0 {
			return b, e.fail(g, h.index, "seat %d's win has no recorded score changes", w.Winner)
		}
		b = append(b, ',')
		b = appendDeltas(b, w.Deltas, players)
		pao := w.Liable
		if pao == event.NoSeat {
			pao = w.Winner
		}
		b = fmt.Appendf(b, ",[%d,%d,%d,", w.Winner, w.From, pao)
		var err error
		if b, err = e.appendScore(b, g, w); err != nil {
			return b, err
		}
		if w.Known&event.KnownYaku != 0 {
			for _, y := range w.YakuList() {
				if y.ID == event.YakuUraDora && y.Han == 0 {
					continue // Tenhou writes 0-han ura only in mjlog
				}
				name := y.ID.Tenhou6Name()
				if name == "" {
					return b, e.fail(g, h.index, "seat %d's win has yaku %v, which has no tenhou.net/6 name", w.Winner, y.ID)
				}
				han := strconv.Itoa(int(y.Han)) + "飜"
				if y.Han == yaku.YakumanHan && y.ID.MayBeYakuman() {
					han = yaku.Yakuman.Tenhou6Name()
				}
				b = append(b, ',')
				b = appendString(b, name+"("+han+")")
			}
		} else if w.Known&event.KnownFu == 0 && w.Known&event.KnownHan != 0 {
			// Only the yaku carry the han of a limit hand.
			return b, e.fail(g, h.index, "seat %d's win records its han but not its yaku, and no fu", w.Winner)
		}
		b = append(b, ']')
	}
	return b, nil
}

// appendScore appends a win's score string: its value, as fu and han
// below mangan or as the limit's name, and what each payer pays (honba
// and sticks aside): "30符1飜1000点" for a ron, "満貫4000点∀" for the
// dealer's tsumo (each player pays 4000), "満貫2000-4000点" for another
// tsumo (each non-dealer pays 2000, the dealer 4000).
func (e *Encoder) appendScore(b []byte, g *event.Game, w *event.WinRecord) ([]byte, error) {
	h := &e.hd
	if w.Known&event.KnownPoints == 0 {
		return b, e.fail(g, h.index, "seat %d's win has no recorded value (its score string needs it)", w.Winner)
	}
	var s []byte
	switch {
	case w.Limit == event.NoLimit:
		if w.Known&(event.KnownFu|event.KnownHan) != event.KnownFu|event.KnownHan {
			return b, e.fail(g, h.index, "seat %d's win below mangan does not record its fu and han", w.Winner)
		}
		s = fmt.Appendf(s, "%d符%d飜", w.Fu, w.Han)
	case w.Limit.Tenhou6Name() != "":
		s = append(s, w.Limit.Tenhou6Name()...)
	default:
		return b, e.fail(g, h.index, "seat %d's win has limit %d", w.Winner, w.Limit)
	}
	players := int32(g.Meta.Players)
	p := w.Points
	switch {
	case p < 0:
		return b, e.fail(g, h.index, "seat %d's win is worth %d", w.Winner, p)
	case !w.Tsumo():
		s = fmt.Appendf(s, "%d点", p)
	case w.Winner == h.round.Dealer:
		if p%(players-1) != 0 {
			return b, e.fail(g, h.index, "the dealer's tsumo of %d is not shared equally by %d players", p, players-1)
		}
		s = fmt.Appendf(s, "%d点∀", p/(players-1))
	default:
		a, d, ok := tsumoShares(p, players, w, h.round.Dealer)
		if !ok {
			return b, e.fail(g, h.index, "seat %d's tsumo of %d cannot be split into what each non-dealer and the dealer pay", w.Winner, p)
		}
		s = fmt.Appendf(s, "%d-%d点", a, d)
	}
	return appendString(b, string(s)), nil
}

// tsumoShares splits the value p of a non-dealer's tsumo into what each
// other non-dealer pays (a) and what the dealer pays (d), so that
// a×(players−2) + d = p: the dealer pays twice the base and the others
// once, each rounded up to 100 (the dealer's share is then 2a or 2a−100);
// failing that, the difference of the two shares is read off the score
// changes.
func tsumoShares(p, players int32, w *event.WinRecord, dealer event.Seat) (a, d int32, ok bool) {
	n := players - 2 // the non-dealers who pay
	for _, diff := range [2]int32{0, -100} {
		// p = n×a + 2a + diff
		if x := p - diff; x > 0 && x%(n+2) == 0 && (x/(n+2))%100 == 0 {
			return x / (n + 2), 2*(x/(n+2)) + diff, true
		}
	}
	if w.Liable == event.NoSeat {
		for s := range event.Seat(players) {
			if s != w.Winner && s != dealer {
				diff := w.Deltas[s] - w.Deltas[dealer] // d − a
				if x := p - diff; x >= 0 && x%(n+1) == 0 {
					return x / (n + 1), x/(n+1) + diff, true
				}
				break
			}
		}
	}
	return 0, 0, false
}

// appendRule appends "rule": the rule name and the red fives.
func (e *Encoder) appendRule(b []byte, m *event.Meta) []byte {
	b = append(b, `,"rule":{`...)
	sep := ""
	if disp := ruleDisp(m.Rules.Name); disp != "" {
		b = append(b, `"disp":`...)
		b = appendString(b, disp)
		sep = ","
	}
	red := m.Rules.RedFives
	if m.Players == 3 && red[0] == 0 && red[1] > 0 {
		// Tenhou flags the red fives of all three suits with one bit
		// and writes aka51 as it is; there is no 5m in a three-player
		// game (the decoder reads it as none).
		red[0] = red[1]
	}
	if m.ID == "" && red[0] >= 0 && red[0] == red[1] && red[1] == red[2] {
		b = fmt.Appendf(b, `%s"aka":%d`, sep, red[0])
	} else {
		for k := 2; k >= 0; k-- {
			if red[k] >= 0 {
				b = fmt.Appendf(b, `%s"aka5%d":%d`, sep, k+1, red[k])
				sep = ","
			}
		}
	}
	return append(b, '}')
}

// ruleDisp returns the rule name as tenhou.net/6 writes it: Tenhou's web
// client names ("四鳳南喰赤", "四般東－－", as haifu names an mjlog's GO
// type) lose the 四 of four-player games and the "－" of a rule that is
// off ("鳳南喰赤", "般東"); other names stay as they are.
func ruleDisp(name string) string {
	rest, four := strings.CutPrefix(name, "四")
	if !four {
		return name
	}
	r, _ := utf8.DecodeRuneInString(rest)
	if !strings.ContainsRune("般上特鳳若銀琥孔技", r) {
		return name
	}
	return strings.ReplaceAll(rest, "－", "")
}

// appendSeats appends "dan", "rate" and "sx" when the game has them.
func appendSeats(b []byte, m *event.Meta) []byte {
	sanma := m.Players == 3
	var ranks, rates, sexes bool
	for s := range int(m.Players) {
		p := &m.Seats[s]
		ranks = ranks || p.Rank != ""
		rates = rates || p.Rate != 0
		sexes = sexes || p.Sex != 0
	}
	// Tenhou writes the empty seat of a three-player game as a new
	// player (新人, R1500, a computer).
	if ranks {
		b = append(b, `,"dan":[`...)
		for s := range 4 {
			if s > 0 {
				b = append(b, ',')
			}
			r := m.Seats[s].Rank
			if sanma && s == 3 {
				r = "新人"
			}
			b = appendString(b, r)
		}
		b = append(b, ']')
	}
	if rates {
		b = append(b, `,"rate":[`...)
		for s := range 4 {
			if s > 0 {
				b = append(b, ',')
			}
			r := m.Seats[s].Rate
			if sanma && s == 3 {
				r = 1500
			}
			b = appendNumber(b, r)
		}
		b = append(b, ']')
	}
	if sexes {
		b = append(b, `,"sx":[`...)
		for s := range 4 {
			if s > 0 {
				b = append(b, ',')
			}
			x := ""
			if c := m.Seats[s].Sex; c != 0 {
				x = string(rune(c))
			}
			if sanma && s == 3 {
				x = "C"
			}
			b = appendString(b, x)
		}
		b = append(b, ']')
	}
	return b
}

// appendTiles appends a JSON array of tile codes.
func appendTiles(b []byte, ts []tile.Tile) []byte {
	b = append(b, '[')
	for k, t := range ts {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(t.Tenhou6()), 10)
	}
	return append(b, ']')
}

// appendDeltas appends four score changes (0 for the empty seat).
func appendDeltas(b []byte, d [4]int32, players int) []byte {
	b = append(b, '[')
	for s := range 4 {
		if s > 0 {
			b = append(b, ',')
		}
		v := d[s]
		if s >= players {
			v = 0
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']')
}

// appendNumber appends f as JSON writes numbers: the shortest decimal that
// reads back as f, without an exponent ("44.5", "-18", "1500").
func appendNumber(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, '0')
	}
	if f == 0 {
		f = 0 // no "-0"
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}

// appendString appends s as a JSON string: quotes, backslashes and
// control characters escaped, everything else (Japanese text) as it is.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
			continue
		}
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c < 0x20 || c == 0x7f:
			b = fmt.Appendf(b, `\u%04x`, c)
		default:
			b = append(b, c)
		}
		i++
	}
	return append(b, '"')
}
