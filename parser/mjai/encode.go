package mjai

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// ErrUnrepresentable is wrapped by the errors of Encoder.Encode for a game
// that mjai cannot carry: a hand without a result, a hand the server
// stopped, a dealer that is not the hand number's seat, hidden tiles where
// a player's view does not hide them ... It is format.ErrUnrepresentable
// for errors.Is.
var ErrUnrepresentable = format.Unrepresentable("mjai cannot carry it")

// Encoder writes event.Games as mjai JSON lines, as Mortal, mjai-reviewer
// and the mjai servers read them (gimite's protocol, with Mortal's field
// names where they differ). It keeps its buffer from one game to the next;
// the zero Encoder is ready for use. An Encoder is not safe for concurrent
// use.
//
// One JSON object per line, compact, keys in a fixed order, so that the
// bytes depend on the game alone:
//
//   - start_game: names; kyoku_first (0 for a hanchan, 4 for a
//     tonpuusen) and aka_flag when the game says, as akochan and
//     mjai-reviewer write them; uri, the log's address, for a Tenhou log
//     with an id (as gimite's converter writes it). Mortal's seed is not
//     written: Tenhou's wall seed has another form.
//   - start_kyoku: bakaze, dora_marker, kyoku (1–4), honba, kyotaku, oya,
//     scores in absolute seat order, tehais (the starting hands, in the
//     log's order: the deal order of an mjlog).
//   - tsumo, dahai with tsumogiri (written from the tile drawn where the
//     game does not say: Mortal requires the field), reach, reach_accepted
//     (with the scores after the stick where recorded), chi, pon,
//     daiminkan, ankan, kakan (pai and consumed), nukidora (three-player
//     games, as mortal-sanma writes it), dora (a kan dora indicator, where
//     the game reveals it: after the closed kan, after the replacement draw
//     of an open or added kan).
//   - hora: actor, target, deltas and ura_markers (Mortal's fields), then
//     gimite's pai, hora_tehais (the concealed tiles without the winning
//     tile, sorted), yakus ([name, han], the dragons as one sangenpai of as many
//     han), fu, fan, hora_points and scores (after the win), each where the
//     game records it; several hora for a multiple ron.
//   - ryukyoku: reason (gimite's names: fanpai, nagashimangan,
//     kyushukyuhai, suchareach, sukaikan, sanchaho, sufonrenta; none for a
//     draw of unrecorded kind), tehais (the hands shown, [] for a hand not
//     shown), tenpais, deltas and scores where recorded.
//   - end_kyoku after each hand's result; end_game with the final scores
//     where recorded (at the end of a game whose log has no recorded end
//     too: the stream ends there).
//
// A three-player game has three entries in every per-seat list (names,
// scores, tehais, deltas), as mortal-sanma's logs have. A player's view
// keeps its hidden tiles as "?". mjai has no place for the dice, the wall
// seed, disconnections, the liable player of a pao, the final points after
// oka and uma, a win's honba and sticks, tile ids, the lobby and rule
// names, ranks and rates: they are not written.
type Encoder struct {
	b    []byte
	last [4]tile.Tile // each seat's last draw, for a tsumogiri the game does not record
	drew [4]bool
}

// Encode writes g to w as mjai JSON lines, one game from start_game to
// end_game. A game mjai cannot carry is an *event.Error naming the hand
// (when there is one) and wrapping ErrUnrepresentable; nothing is written
// then.
func (e *Encoder) Encode(w io.Writer, g *event.Game) error {
	b, err := e.encode(e.b[:0], g)
	e.b = b[:0]
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Append appends g to b as Encode writes it and returns the extended
// slice; on an error it returns b as it was, and the error Encode would.
func (e *Encoder) Append(b []byte, g *event.Game) ([]byte, error) {
	n := len(b)
	b, err := e.encode(b, g)
	if err != nil {
		return b[:n], err
	}
	return b, nil
}

// encoding is the state of one game being written.
type encoding struct {
	g       *event.Game
	players int
	hand    int           // index of the current hand, -1 before the first
	round   event.RoundID // its round
	open    bool          // a hand has started and has no result yet
	ended   bool          // the current hand has its result; end_kyoku is due
	lastWin bool          // its result is a win: another may follow (a multiple ron)
	hidden  uint8         // seats whose tiles the current hand hides
	dealer  event.Seat    // the current hand's dealer
	wind    int8          // its round wind
	yakus   [event.MaxYaku]event.Yaku
	started bool
	// doras are the dora indicators the current hand revealed so far.
	doras  [6]tile.Tile
	ndoras int
}

func (e *Encoder) encode(b []byte, g *event.Game) ([]byte, error) {
	st := encoding{g: g, players: int(g.Meta.Players), hand: -1}
	if st.players != 3 && st.players != 4 {
		return b, st.fail(-1, "a game of %d players", st.players)
	}
	e.drew = [4]bool{}
	gameEnd := false
	for i := range g.Events {
		ev := &g.Events[i]
		if st.open && !gameEnd {
			var ok bool
			if b, ok = e.drawDiscard(b, &st, ev); ok {
				continue
			}
		}
		var err error
		switch ev.Type {
		case event.GameStart:
			if st.started {
				return b, st.fail(-1, "a second game start")
			}
			b = e.startGame(b, &st)
		case event.RoundStart:
			if b, err = e.startKyoku(b, &st, ev); err != nil {
				return b, err
			}
		case event.Disconnect, event.Reconnect:
			// mjai has no place for them.
		case event.GameEnd:
			if b, err = e.endHand(b, &st); err != nil {
				return b, err
			}
			if !validRef(ev.Ref, len(g.End)) {
				return b, st.fail(-1, "a game end that refers to no record")
			}
			b = e.endGame(b, &st, &g.End[ev.Ref])
			gameEnd = true
		default:
			if gameEnd {
				return b, st.fail(-1, "a %v after the game end", ev.Type)
			}
			if !st.open && !(ev.Type == event.Win && st.lastWin) {
				if st.ended {
					return b, st.fail(st.hand, "a %v after the hand's result", ev.Type)
				}
				return b, st.fail(-1, "a %v before the first hand", ev.Type)
			}
			if b, err = e.action(b, &st, ev); err != nil {
				return b, err
			}
		}
	}
	if st.hand < 0 {
		return b, st.fail(-1, "the game has no hand")
	}
	if !gameEnd {
		var err error
		if b, err = e.endHand(b, &st); err != nil {
			return b, err
		}
		b = e.endGame(b, &st, nil)
	}
	return b, nil
}

// validRef reports whether ref indexes a side table of n records.
func validRef(ref int32, n int) bool { return ref >= 0 && int(ref) < n }

// fail returns the error for something mjai cannot carry in hand (-1: the
// game).
func (st *encoding) fail(hand int, format string, args ...any) error {
	var id event.RoundID
	if hand >= 0 {
		id = st.round
	}
	return &event.Error{Path: st.g.Meta.Path, Format: event.FormatMjai, Offset: -1, Index: -1, Hand: hand, Round: id,
		Err: fmt.Errorf(format+": %w", append(args, ErrUnrepresentable)...)}
}

// startGame writes start_game.
func (e *Encoder) startGame(b []byte, st *encoding) []byte {
	st.started = true
	m := &st.g.Meta
	b = append(b, `{"type":"start_game","names":[`...)
	for s := range st.players {
		if s > 0 {
			b = append(b, ',')
		}
		b = event.AppendJSONString(b, m.Seats[s].Name)
	}
	b = append(b, ']')
	switch m.Length {
	case event.EastSouth:
		b = append(b, `,"kyoku_first":0`...)
	case event.EastOnly:
		b = append(b, `,"kyoku_first":4`...)
	}
	if red := m.Rules.RedFives; red[0] >= 0 && red[1] >= 0 && red[2] >= 0 {
		b = append(b, `,"aka_flag":`...)
		b = strconv.AppendBool(b, red[0]+red[1]+red[2] > 0)
	}
	if a, k, ok := mortalSeed(m.Seed); ok {
		b = append(b, `,"seed":[`...)
		b = append(b, a...)
		b = append(b, ',')
		b = append(b, k...)
		b = append(b, ']')
	}
	if m.Platform == event.Tenhou && m.ID != "" {
		b = append(b, `,"uri":`...)
		b = event.AppendJSONString(b, "https://tenhou.net/0/?log="+m.ID)
	}
	return append(b, "}\n"...)
}

// endHand writes end_kyoku for a hand with a result; a hand without one is
// not representable.
func (e *Encoder) endHand(b []byte, st *encoding) ([]byte, error) {
	switch {
	case st.open:
		return b, st.fail(st.hand, "the hand has no result (the log ends in it)")
	case st.ended:
		st.ended = false
		b = append(b, `{"type":"end_kyoku"}`+"\n"...)
	}
	return b, nil
}

// endGame writes end_game, with the final scores when end records them.
func (e *Encoder) endGame(b []byte, st *encoding, end *event.EndRecord) []byte {
	if !st.started {
		b = e.startGame(b, st)
	}
	b = append(b, `{"type":"end_game"`...)
	if end != nil && end.Known&event.KnownScores != 0 {
		b = append(b, `,"scores":`...)
		b = appendInts(b, end.Scores, st.players)
	}
	return append(b, "}\n"...)
}

// winds are the round winds' tiles.
var winds = [4]string{"E", "S", "W", "N"}

// startKyoku writes start_kyoku.
func (e *Encoder) startKyoku(b []byte, st *encoding, ev *event.Event) ([]byte, error) {
	var err error
	if b, err = e.endHand(b, st); err != nil {
		return b, err
	}
	if !st.started {
		b = e.startGame(b, st)
	}
	g := st.g
	st.hand++
	if !validRef(ev.Ref, len(g.Rounds)) {
		return b, st.fail(st.hand, "a hand start that refers to no record")
	}
	r := &g.Rounds[ev.Ref]
	st.round = r.ID()
	switch {
	case r.Wind < 0 || r.Wind > 3 || r.Number < 1 || int(r.Number) > st.players:
		return b, st.fail(st.hand, "round wind %d, hand number %d", r.Wind, r.Number)
	case r.Dealer != event.Seat(r.Number-1):
		return b, st.fail(st.hand, "seat %d deals hand %d (mjai gives hand N to seat N-1)", r.Dealer, r.Number)
	case r.Honba < 0 || r.Sticks < 0:
		return b, st.fail(st.hand, "%d honba, %d sticks", r.Honba, r.Sticks)
	}
	st.open, st.ended, st.lastWin = true, false, false
	st.dealer, st.wind = r.Dealer, r.Wind
	st.doras[0], st.ndoras = r.Dora, 1
	st.hidden = g.Meta.HiddenSeats
	e.drew = [4]bool{}
	b = append(b, `{"type":"start_kyoku","bakaze":"`...)
	b = append(b, winds[r.Wind]...)
	b = append(b, `","dora_marker":`...)
	if b, err = e.tile(b, st, r.Dora, false); err != nil {
		return b, err
	}
	b = append(b, `,"kyoku":`...)
	b = strconv.AppendInt(b, int64(r.Number), 10)
	b = append(b, `,"honba":`...)
	b = strconv.AppendInt(b, int64(r.Honba), 10)
	if r.Unknown&event.KnownBa == 0 {
		b = append(b, `,"kyotaku":`...)
		b = strconv.AppendInt(b, int64(r.Sticks), 10)
	}
	b = append(b, `,"oya":`...)
	b = strconv.AppendInt(b, int64(r.Dealer), 10)
	if r.Unknown&event.KnownScores == 0 {
		b = append(b, `,"scores":`...)
		b = appendInts(b, r.Scores, st.players)
	}
	b = append(b, `,"tehais":[`...)
	for s := range st.players {
		if s > 0 {
			b = append(b, ',')
		}
		if h, ok := appendHand(b, &r.Hands[s], st.players == 3); ok {
			b = h
			continue
		}
		b = append(b, '[')
		for k, t := range r.Hands[s] {
			if k > 0 {
				b = append(b, ',')
			}
			if b, err = e.tile(b, st, t, st.hidden&(1<<s) != 0); err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	return append(b, "]}\n"...), nil
}

// appendHand appends a starting hand as a JSON list of tiles, as tile
// writes each, into room made once; ok is false, and b as it was, when a
// tile is not one tile writes without an error (hidden, not a tile, or
// not of a three-player set in sanma).
func appendHand(b []byte, h *[13]tile.Tile, sanma bool) (_ []byte, ok bool) {
	for _, t := range h {
		if !t.Valid() || sanma && !inSanma(t) {
			return b, false
		}
	}
	const room = 2 + 13*6 + 8 // [ and ], 13 times "5mr", and a store's spill
	n := len(b)
	if cap(b)-n < room {
		b = slices.Grow(b, room)
	}
	w := b[n : n+room]
	w[0] = '['
	i := 1
	for _, t := range h {
		k := int(t.Kind())
		w[i], w[i+1], w[i+2] = '"', kindNames[2*k], kindNames[2*k+1]
		i += 3 - k/int(tile.East)
		if t.Red() {
			w[i] = 'r'
			i++
		}
		w[i], w[i+1] = '"', ','
		i += 2
	}
	w[i-1] = ']'
	return b[:n+i], true
}

// tile appends t as a JSON string in mjai's notation; a hidden tile
// (tile.None) is "?" where hidden allows it.
func (e *Encoder) tile(b []byte, st *encoding, t tile.Tile, hidden bool) ([]byte, error) {
	if t == tile.None && hidden {
		return append(b, `"?"`...), nil
	}
	if !t.Valid() {
		return b, st.fail(st.hand, "a tile that is not known (%d)", t)
	}
	if st.players == 3 && !inSanma(t) {
		return b, st.fail(st.hand, "%v in a three-player game", t)
	}
	b = append(b, '"')
	b = appendTile(b, t)
	return append(b, '"'), nil
}

// kindNames are the names of the 34 kinds in mjai's notation, two bytes
// each (an honour's second is a space, dropped).
const kindNames = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s2s3s4s5s6s7s8s9sE S W N P F C "

// appendTile appends t in mjai's notation: 1m–9m, 5mr for a red five, E S
// W N P F C for the honours.
func appendTile(b []byte, t tile.Tile) []byte {
	// Two bytes of kindNames, the second dropped for an honour (kinds 27
	// to 33): no branch on the kind, which the processor would mispredict.
	k := int(t.Kind())
	b = append(b, kindNames[2*k:2*k+2]...)
	b = b[:len(b)-k/int(tile.East)]
	if t.Red() {
		b = append(b, 'r')
	}
	return b
}

// tiles appends a JSON list of tiles.
func (e *Encoder) tiles(b []byte, st *encoding, ts []tile.Tile) ([]byte, error) {
	b = append(b, '[')
	var err error
	for k, t := range ts {
		if k > 0 {
			b = append(b, ',')
		}
		if b, err = e.tile(b, st, t, false); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// appendInts appends the first n of four numbers as a JSON list.
func appendInts(b []byte, v [4]int32, n int) []byte {
	b = append(b, '[')
	for s := range n {
		if s > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v[s]), 10)
	}
	return append(b, ']')
}

// head appends the start of an action's object: its type and actor.
func head(b []byte, typ string, s event.Seat) []byte {
	b = append(b, `{"type":"`...)
	b = append(b, typ...)
	b = append(b, `","actor":`...)
	if s >= 0 && s <= 9 {
		return append(b, byte('0'+s))
	}
	return strconv.AppendInt(b, int64(s), 10)
}

// action writes one event of a hand.
func (e *Encoder) action(b []byte, st *encoding, ev *event.Event) ([]byte, error) {
	g := st.g
	s := ev.Seat
	var err error
	switch ev.Type {
	case event.Draw, event.Discard, event.Riichi, event.RiichiAccepted, event.Call, event.ClosedKan, event.AddedKan, event.Kita:
		if !s.Valid() || int(s) >= st.players {
			return b, st.fail(st.hand, "a %v by seat %d", ev.Type, s)
		}
	}
	switch ev.Type {
	case event.Draw:
		b = head(b, "tsumo", s)
		b = append(b, `,"pai":`...)
		if b, err = e.tile(b, st, ev.Tile, st.hidden&(1<<s) != 0); err != nil {
			return b, err
		}
		e.last[s], e.drew[s] = ev.Tile, true
	case event.Discard:
		b = head(b, "dahai", s)
		b = append(b, `,"pai":`...)
		if b, err = e.tile(b, st, ev.Tile, false); err != nil {
			return b, err
		}
		tsumogiri := ev.Flags&event.Tsumogiri != 0
		if ev.Flags&event.TsumogiriUnknown != 0 {
			// Not recorded: the tile drawn, as Tenhou's own converter
			// writes 60 for it (a hidden draw stays unknown: tedashi).
			tsumogiri = e.drew[s] && e.last[s] == ev.Tile
		}
		b = append(b, `,"tsumogiri":`...)
		b = strconv.AppendBool(b, tsumogiri)
		e.drew[s] = false
	case event.Riichi:
		b = head(b, "reach", s)
	case event.RiichiAccepted:
		b = head(b, "reach_accepted", s)
		if validRef(ev.Ref, len(g.Scores)) {
			b = append(b, `,"scores":`...)
			b = appendInts(b, g.Scores[ev.Ref], st.players)
		}
	case event.Call:
		if b, err = e.call(b, st, ev); err != nil {
			return b, err
		}
		e.drew[s] = false
	case event.ClosedKan:
		m := &ev.Meld
		if m.Kind != event.MeldClosedKan || m.N != 4 || m.ShapeError() != "" {
			return b, st.fail(st.hand, "seat %d's closed kan is not four tiles of a kind", s)
		}
		b = head(b, "ankan", s)
		b = append(b, `,"consumed":`...)
		if b, err = e.tiles(b, st, m.Slice()); err != nil {
			return b, err
		}
		e.drew[s] = false
	case event.AddedKan:
		m := &ev.Meld
		ts := m.Slice()
		i := slices.Index(ts, ev.Tile)
		if m.N != 4 || m.ShapeError() != "" || i < 0 {
			return b, st.fail(st.hand, "seat %d's added kan is not a pon and the added tile", s)
		}
		var pon [3]tile.Tile
		copy(pon[:], ts[:i])
		copy(pon[i:], ts[i+1:])
		b = head(b, "kakan", s)
		b = append(b, `,"pai":`...)
		if b, err = e.tile(b, st, ev.Tile, false); err != nil {
			return b, err
		}
		b = append(b, `,"consumed":`...)
		if b, err = e.tiles(b, st, pon[:]); err != nil {
			return b, err
		}
		e.drew[s] = false
	case event.Kita:
		if st.players != 3 || ev.Tile.Kind() != tile.North {
			return b, st.fail(st.hand, "a kita of %v in a %d-player game", ev.Tile, st.players)
		}
		b = head(b, "nukidora", s)
		b = append(b, `,"pai":"N"`...)
		e.drew[s] = false
	case event.Dora:
		if st.ndoras == len(st.doras) {
			return b, st.fail(st.hand, "more than %d dora indicators", len(st.doras))
		}
		st.doras[st.ndoras] = ev.Tile
		st.ndoras++
		b = append(b, `{"type":"dora","dora_marker":`...)
		if b, err = e.tile(b, st, ev.Tile, false); err != nil {
			return b, err
		}
	case event.Win:
		if !validRef(ev.Ref, len(g.Wins)) {
			return b, st.fail(st.hand, "a win that refers to no record")
		}
		return e.hora(b, st, &g.Wins[ev.Ref])
	case event.Ryuukyoku:
		if !validRef(ev.Ref, len(g.Ryuukyoku)) {
			return b, st.fail(st.hand, "a draw that refers to no record")
		}
		return e.ryukyoku(b, st, &g.Ryuukyoku[ev.Ref])
	case event.Broken:
		return b, st.fail(st.hand, "a hand the log it was read from cannot rebuild")
	default:
		return b, st.fail(st.hand, "an event of type %v", ev.Type)
	}
	return append(b, "}\n"...), nil
}

// drawDiscard writes a draw or discard of a hand being played, of a
// tile that is not hidden, as action does; ok is false, and nothing is
// written, for any other event.
func (e *Encoder) drawDiscard(b []byte, st *encoding, ev *event.Event) (_ []byte, ok bool) {
	if ev.Type != event.Draw && ev.Type != event.Discard {
		return b, false
	}
	s, t := ev.Seat, ev.Tile
	text := tileText[t&0x7f] // 0 for a value that is no tile
	if !s.Valid() || int(s) >= st.players || t > 0x7f || text == 0 || st.players == 3 && !inSanma(t) {
		return b, false
	}
	// The line is written eight bytes at a time into room made once (not
	// appended piece by piece, each append a call and a check).
	const room = 64 // the longest line, 57 bytes, and the last store's spill
	n := len(b)
	if cap(b)-n < room {
		b = slices.Grow(b, room)
	}
	b = b[:n+room]
	w := b[n:]
	binary.LittleEndian.PutUint64(w, le64s(`{"type":`))
	binary.LittleEndian.PutUint64(w[16:], le64s(`"actor":`))
	w[24] = byte('0' + s)
	binary.LittleEndian.PutUint64(w[25:], le64s(`,"pai":"`))
	binary.LittleEndian.PutUint64(w[33:], text) // the next store covers its spill
	i := 33 + int(text>>56)
	if ev.Type == event.Draw {
		binary.LittleEndian.PutUint64(w[8:], le64s(`"tsumo",`))
		binary.LittleEndian.PutUint64(w[i:], le64s("}\n      "))
		e.last[s], e.drew[s] = t, true
		return b[:n+i+2], true
	}
	binary.LittleEndian.PutUint64(w[8:], le64s(`"dahai",`))
	tsumogiri := ev.Flags&event.Tsumogiri != 0
	if ev.Flags&event.TsumogiriUnknown != 0 {
		tsumogiri = e.drew[s] && e.last[s] == t // as action writes it
	}
	e.drew[s] = false
	binary.LittleEndian.PutUint64(w[i:], le64s(`,"tsumog`))
	if tsumogiri {
		binary.LittleEndian.PutUint64(w[i+8:], le64s(`iri":tru`))
		binary.LittleEndian.PutUint64(w[i+16:], le64s("e}\n     "))
		return b[:n+i+19], true
	}
	binary.LittleEndian.PutUint64(w[i+8:], le64s(`iri":fal`))
	binary.LittleEndian.PutUint64(w[i+16:], le64s("se}\n    "))
	return b[:n+i+20], true
}

// tileText holds, by a tile's value, its name in mjai's notation and the
// closing quote (as appendTile and a quote write them) in its first bytes
// and their number in its last, or 0 for a value that is no tile: a tile
// of a line is one load and one store.
var tileText = func() (tt [0x80]uint64) {
	for v := range tt {
		if t := tile.Tile(v); t.Valid() {
			text := append(appendTile(nil, t), '"')
			var x [8]byte
			copy(x[:], text)
			x[7] = byte(len(text))
			tt[v] = binary.LittleEndian.Uint64(x[:])
		}
	}
	return tt
}()

// callTypes are mjai's names of the calls of another seat's discard.
var callTypes = [...]string{event.MeldChi: "chi", event.MeldPon: "pon", event.MeldOpenKan: "daiminkan"}

// call writes chi, pon or daiminkan: the tile taken (pai) and the caller's
// own tiles (consumed).
func (e *Encoder) call(b []byte, st *encoding, ev *event.Event) ([]byte, error) {
	m := &ev.Meld
	s := ev.Seat
	ts := m.Slice()
	want := 3
	if m.Kind == event.MeldOpenKan {
		want = 4
	}
	if (m.Kind != event.MeldChi && m.Kind != event.MeldPon && m.Kind != event.MeldOpenKan) || len(ts) != want ||
		m.ShapeError() != "" || m.Called < 0 || int(m.Called) >= len(ts) || !m.From.Valid() || int(m.From) >= st.players || m.From == s {
		return b, st.fail(st.hand, "seat %d's %v is not a call of another seat's discard", s, m.Kind)
	}
	taken := ts[m.Called]
	var own [3]tile.Tile
	n := copy(own[:], ts[:m.Called])
	n += copy(own[n:], ts[m.Called+1:])
	b = head(b, callTypes[m.Kind], s)
	b = append(b, `,"target":`...)
	b = strconv.AppendInt(b, int64(m.From), 10)
	b = append(b, `,"pai":`...)
	var err error
	if b, err = e.tile(b, st, taken, false); err != nil {
		return b, err
	}
	b = append(b, `,"consumed":`...)
	return e.tiles(b, st, own[:n])
}

// hora writes a win.
func (e *Encoder) hora(b []byte, st *encoding, w *event.WinRecord) ([]byte, error) {
	n := event.Seat(st.players)
	if !w.Winner.Valid() || w.Winner >= n || !w.From.Valid() || w.From >= n {
		return b, st.fail(st.hand, "a win by seat %d from seat %d", w.Winner, w.From)
	}
	if w.Known&event.KnownDora != 0 && !slices.Equal(w.DoraList(), st.doras[:st.ndoras]) {
		// A reader gives a win the indicators the hand revealed.
		return b, st.fail(st.hand, "seat %d's win records the dora indicators %s, the hand revealed %s (mjai has no place for a win's own)",
			w.Winner, tile.FormatTiles(w.DoraList()), tile.FormatTiles(st.doras[:st.ndoras]))
	}
	b = head(b, "hora", w.Winner)
	b = append(b, `,"target":`...)
	b = strconv.AppendInt(b, int64(w.From), 10)
	var err error
	if w.Known&event.KnownDeltas != 0 {
		b = append(b, `,"deltas":`...)
		b = appendInts(b, w.Deltas, st.players)
	}
	if w.Known&event.KnownUra != 0 {
		b = append(b, `,"ura_markers":`...)
		if b, err = e.tiles(b, st, w.UraList()); err != nil {
			return b, err
		}
	}
	if w.WinTile.Valid() {
		b = append(b, `,"pai":`...)
		if b, err = e.tile(b, st, w.WinTile, false); err != nil {
			return b, err
		}
	}
	if w.Known&event.KnownHand != 0 && w.WinTile.Valid() {
		// The concealed tiles without the winning tile, as gimite's
		// hora_tehais.
		var h [14]tile.Tile
		k := copy(h[:], w.HandTiles())
		if i := slices.Index(h[:k], w.WinTile); i >= 0 {
			copy(h[i:], h[i+1:k])
			k--
		}
		sortTiles(h[:k])
		b = append(b, `,"hora_tehais":`...)
		if b, err = e.tiles(b, st, h[:k]); err != nil {
			return b, err
		}
	}
	if w.Known&event.KnownYaku != 0 {
		b = st.appendYakus(b, w)
	}
	if w.Known&event.KnownFu != 0 {
		b = append(b, `,"fu":`...)
		b = strconv.AppendInt(b, int64(w.Fu), 10)
	}
	if w.Known&event.KnownHan != 0 {
		b = append(b, `,"fan":`...)
		b = strconv.AppendInt(b, int64(w.Han), 10)
	}
	if w.Known&event.KnownPoints != 0 {
		b = append(b, `,"hora_points":`...)
		b = strconv.AppendInt(b, int64(w.Points), 10)
	}
	if w.Known&(event.KnownBefore|event.KnownDeltas) == event.KnownBefore|event.KnownDeltas {
		var sc [4]int32
		for s := range sc {
			sc[s] = w.Before[s] + w.Deltas[s]
		}
		b = append(b, `,"scores":`...)
		b = appendInts(b, sc, st.players)
	}
	st.open, st.ended, st.lastWin = false, true, true
	return append(b, "}\n"...), nil
}

// appendYakus appends a win's yakus as [name, han] pairs, with the
// dragons as one sangenpai and the winds as jikaze and bakaze; nothing
// when a yaku has no mjai name (kita dora, Mahjong Soul's own yaku), since
// a list that leaves one out would not add up to the han.
func (st *encoding) appendYakus(b []byte, w *event.WinRecord) []byte {
	ys := st.yakus[:0]
	dragons := 0
	for _, y := range w.YakuList() {
		switch {
		case y.ID >= yaku.Haku && y.ID <= yaku.Chun:
			if dragons == 0 {
				ys = append(ys, event.Yaku{ID: yaku.AnyDragon})
			}
			dragons += int(y.Han)
			continue
		case y.ID >= yaku.SeatWindEast && y.ID <= yaku.SeatWindNorth:
			if y.ID != yaku.SeatWind((int(w.Winner)-int(st.dealer)+st.players)%st.players) {
				return b // a seat wind that is not the winner's
			}
			y.ID = yaku.AnySeatWind
		case y.ID >= yaku.RoundWindEast && y.ID <= yaku.RoundWindNorth:
			if y.ID != yaku.RoundWind(int(st.wind)) {
				return b
			}
			y.ID = yaku.AnyRoundWind
		case y.ID.MjaiName() == "":
			return b
		}
		ys = append(ys, y)
	}
	b = append(b, `,"yakus":[`...)
	for k, y := range ys {
		if k > 0 {
			b = append(b, ',')
		}
		han := int(y.Han)
		if y.ID == yaku.AnyDragon {
			han = dragons
		}
		b = append(b, '[')
		b = event.AppendJSONString(b, y.ID.MjaiName())
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(han), 10)
		b = append(b, ']')
	}
	return append(b, ']')
}

// reasons are the ryukyoku reasons of gimite's mjai, by kind.
var reasons = [...]string{
	event.Exhaustive:    "fanpai",
	event.Nagashi:       "nagashimangan",
	event.NineTerminals: "kyushukyuhai",
	event.FourWinds:     "sufonrenta",
	event.FourRiichi:    "suchareach",
	event.FourKans:      "sukaikan",
	event.TripleRon:     "sanchaho",
}

// ryukyoku writes a hand end without a winner.
func (e *Encoder) ryukyoku(b []byte, st *encoding, r *event.RyuukyokuRecord) ([]byte, error) {
	reason := ""
	switch {
	case r.Kind == event.Unrecorded:
	case int(r.Kind) < len(reasons) && reasons[r.Kind] != "":
		reason = reasons[r.Kind]
	default:
		return b, st.fail(st.hand, "a hand that ended as %v", r.Kind)
	}
	b = append(b, `{"type":"ryukyoku"`...)
	if reason != "" {
		b = append(b, `,"reason":"`...)
		b = append(b, reason...)
		b = append(b, '"')
	}
	var err error
	if r.Known&event.KnownHand != 0 {
		b = append(b, `,"tehais":[`...)
		for s := range st.players {
			if s > 0 {
				b = append(b, ',')
			}
			if !r.Revealed[s] {
				b = append(b, "[]"...)
				continue
			}
			if b, err = e.tiles(b, st, r.HandTiles(event.Seat(s))); err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	tenpais := true
	for s := range st.players {
		tenpais = tenpais && r.Tenpai[s] != event.FlagUnknown
	}
	if tenpais {
		b = append(b, `,"tenpais":[`...)
		for s := range st.players {
			if s > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendBool(b, r.Tenpai[s] == event.FlagYes)
		}
		b = append(b, ']')
	}
	if r.Known&event.KnownDeltas != 0 {
		b = append(b, `,"deltas":`...)
		b = appendInts(b, r.Deltas, st.players)
		if r.Known&event.KnownBefore != 0 {
			var sc [4]int32
			for s := range sc {
				sc[s] = r.Before[s] + r.Deltas[s]
			}
			b = append(b, `,"scores":`...)
			b = appendInts(b, sc, st.players)
		}
	}
	st.open, st.ended, st.lastWin = false, true, false
	return append(b, "}\n"...), nil
}

// mortalSeed splits a seed of Mortal's form, two unsigned 64-bit integers
// ("10637,12210010324280706444", as the decoder keeps start_game's
// [nonce, key]); ok is false for any other seed (Tenhou's are of another
// form, and Mortal would not read them).
func mortalSeed(seed string) (nonce, key string, ok bool) {
	nonce, key, ok = strings.Cut(seed, ",")
	if !ok {
		return "", "", false
	}
	for _, s := range [2]string{nonce, key} {
		if _, err := strconv.ParseUint(s, 10, 64); err != nil || len(s) > 1 && s[0] == '0' {
			return "", "", false
		}
	}
	return nonce, key, true
}
