package mjai

import (
	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// event decodes one mjai event object.
func (d *Decoder) event(v *fastjson.Value) error {
	tv := v.Get("type")
	if tv == nil || tv.Type() != fastjson.TypeString {
		return d.errf(event.ErrSyntax, "an object without a string \"type\"")
	}
	typ, _ := tv.StringBytes()
	if d.ended {
		switch string(typ) {
		case "end_kyoku", "none":
			return nil
		case "start_game":
			return d.errf(event.ErrUnsupported, "a second game starts after end_game (one game per input)")
		}
		return d.errf(event.ErrValue, "%s after end_game", typ)
	}
	switch string(typ) {
	case "tsumo":
		return d.tsumo(v)
	case "dahai":
		return d.dahai(v)
	case "start_game":
		return d.startGame(v)
	case "start_kyoku":
		return d.startKyoku(v)
	case "haipai":
		return d.haipai(v)
	case "reach", "riichi":
		return d.reach(v)
	case "reach_accepted", "riichi_accepted":
		return d.reachAccepted(v)
	case "chi", "chii":
		return d.call(v, event.MeldChi)
	case "pon":
		return d.call(v, event.MeldPon)
	case "daiminkan":
		return d.call(v, event.MeldOpenKan)
	case "ankan":
		return d.ankan(v)
	case "kakan":
		return d.kakan(v)
	case "nukidora":
		return d.nukidora(v)
	case "dora":
		return d.doraEvent(v)
	case "hora":
		return d.hora(v, false)
	case "agari":
		return d.hora(v, true)
	case "ryukyoku", "ryuukyoku":
		return d.ryukyoku(v)
	case "end_kyoku":
		return d.endKyoku()
	case "end_game":
		return d.endGameEvent(v)
	case "error":
		d.gameStart(event.Pos{Offset: -1, Index: -1})
		msg := validUTF8(string(v.GetStringBytes("message")))
		if d.stopped == "" {
			d.stopped = msg
		}
		d.warn("%s: the server reported an error: %s", d.where(), msg)
		return nil
	case "none", "hello":
		return nil
	}
	return d.errf(event.ErrUnsupported, "event type %q", typ)
}

// setPlayers sets the number of players; it reports false when the log
// already said otherwise.
func (d *Decoder) setPlayers(n int) bool {
	if d.playersKnown && d.players != n {
		return false
	}
	d.players, d.playersKnown = n, true
	d.g.Meta.Players = int8(n)
	return true
}

// seat reads the seat number v[key].
func (d *Decoder) seat(v *fastjson.Value, key string) (event.Seat, error) {
	x := v.Get(key)
	if x == nil {
		return event.NoSeat, d.errf(event.ErrSyntax, "no %s", key)
	}
	n, err := x.Int()
	if err != nil || n < 0 || n >= d.players {
		return event.NoSeat, d.errf(event.ErrValue, "%s %s is not a seat of a %d-player game", key, x, d.players)
	}
	return event.Seat(n), nil
}

// actor checks that the action what may come now (see ready) and reads
// its seat, v["actor"].
func (d *Decoder) actor(v *fastjson.Value, what string) (event.Seat, error) {
	if err := d.ready(what); err != nil {
		return event.NoSeat, err
	}
	return d.seat(v, "actor")
}

// tileOf reads the tile x; what names it in errors. A hidden tile ("?") is
// tile.None and counted, when hidden is allowed.
func (d *Decoder) tileOf(x *fastjson.Value, what string, hidden bool) (tile.Tile, error) {
	if x == nil {
		return tile.None, d.errf(event.ErrSyntax, "no %s", what)
	}
	b, err := x.StringBytes()
	if err != nil {
		return tile.None, d.errf(event.ErrValue, "%s %s is not a tile", what, x)
	}
	t, h, ok := parseTile(b)
	switch {
	case !ok:
		return tile.None, d.errf(event.ErrValue, "%s %q is not a tile", what, b)
	case h && !hidden:
		return tile.None, d.errf(event.ErrValue, "%s is hidden as \"?\"", what)
	case h:
		if d.hidden == 0 {
			d.hiddenPos = d.here()
		}
		d.hidden++
		return tile.None, nil
	case d.players == 3 && !inSanma(t):
		return tile.None, d.errf(event.ErrValue, "%s %v (2m-8m) in a three-player game", what, t)
	}
	return t, nil
}

// tiles reads the tile list x into dst and returns how many there were.
func (d *Decoder) tiles(x *fastjson.Value, what string, dst []tile.Tile, hidden bool) (int, error) {
	if x == nil {
		return 0, d.errf(event.ErrSyntax, "no %s", what)
	}
	a, err := x.Array()
	if err != nil {
		return 0, d.errf(event.ErrValue, "%s is not a list of tiles", what)
	}
	if len(a) > len(dst) {
		return 0, d.errf(event.ErrValue, "%s has %d tiles, more than %d", what, len(a), len(dst))
	}
	for i, y := range a {
		t, err := d.tileOf(y, what, hidden)
		if err != nil {
			return 0, err
		}
		dst[i] = t
	}
	return len(a), nil
}

// intOf reads the integer v[key] in [lo, hi]; ok is false when absent or
// null.
func (d *Decoder) intOf(v *fastjson.Value, key string, lo, hi int) (n int, ok bool, err error) {
	x := v.Get(key)
	if x == nil || x.Type() == fastjson.TypeNull {
		return 0, false, nil
	}
	n, err = x.Int()
	if err != nil || n < lo || n > hi {
		return 0, false, d.errf(event.ErrValue, "%s %s is not an integer in %d..%d", key, x, lo, hi)
	}
	return n, true, nil
}

// scoreList reads the list of per-seat points v[key] into dst; ok is false
// when absent or null. A three-player list may have three or four numbers.
func (d *Decoder) scoreList(v *fastjson.Value, key string, dst *[4]int32) (ok bool, err error) {
	x := v.Get(key)
	if x == nil || x.Type() == fastjson.TypeNull {
		return false, nil
	}
	a, err := x.Array()
	if err != nil || (len(a) != d.players && len(a) != 4) {
		return false, d.errf(event.ErrValue, "%s %s is not a list of %d scores", key, x, d.players)
	}
	*dst = [4]int32{}
	for i, y := range a {
		n, err := y.Int()
		if err != nil || n < -1e8 || n > 1e8 {
			return false, d.errf(event.ErrValue, "%s %s: %s is not a score", key, x, y)
		}
		if i >= d.players && n != 0 {
			return false, d.errf(event.ErrValue, "%s %s: a score for seat %d in a three-player game", key, x, i)
		}
		dst[i] = int32(n)
	}
	return true, nil
}

func (d *Decoder) tsumo(v *fastjson.Value) error {
	s, err := d.actor(v, "tsumo")
	if err != nil {
		return err
	}
	hidden := d.hidden
	t, err := d.tileOf(v.Get("pai"), "pai", true)
	if err != nil {
		return err
	}
	if t == tile.None && d.handHidden&(1<<s) != 0 {
		d.hidden = hidden // the draws of a hidden hand are hidden
	}
	d.draw(s, t)
	return nil
}

// draw emits seat s's draw of t (tile.None: hidden).
func (d *Decoder) draw(s event.Seat, t tile.Tile) {
	e := d.push()
	e.Type, e.Seat, e.From, e.Tile = event.Draw, s, event.NoSeat, t
	if d.pendRepl[s] {
		e.Flags = event.Replacement
		d.pendRepl[s] = false
	}
	d.lastDraw[s], d.drew[s] = t, true
	d.offer = tile.None
}

func (d *Decoder) dahai(v *fastjson.Value) error {
	s, err := d.actor(v, "dahai")
	if err != nil {
		return err
	}
	t, err := d.tileOf(v.Get("pai"), "pai", false)
	if err != nil {
		return err
	}
	tg := int8(-1)
	if x := v.Get("tsumogiri"); x != nil && x.Type() != fastjson.TypeNull {
		b, err := x.Bool()
		if err != nil {
			return d.errf(event.ErrValue, "tsumogiri %s is not a boolean", x)
		}
		tg = 0
		if b {
			tg = 1
		}
	}
	d.discard(s, t, tg)
	return nil
}

// discard emits seat s's discard of t; tsumogiri is the log's flag (1
// true, 0 false, -1 absent).
func (d *Decoder) discard(s event.Seat, t tile.Tile, tsumogiri int8) {
	e := d.push()
	e.Type, e.Seat, e.From, e.Tile = event.Discard, s, event.NoSeat, t
	switch {
	case tsumogiri > 0:
		e.Flags = event.Tsumogiri
	case tsumogiri == 0:
	case d.drew[s] && (d.lastDraw[s] == t || d.lastDraw[s] == tile.None):
		// The same face as the drawn tile (or a hidden draw): the log does
		// not say which copy went.
		e.Flags = event.TsumogiriUnknown
	}
	d.drew[s] = false
	d.offer = t
}

func (d *Decoder) reach(v *fastjson.Value) error {
	s, err := d.actor(v, "reach")
	if err != nil {
		return err
	}
	d.emit(event.Event{Type: event.Riichi, Seat: s, From: event.NoSeat})
	return nil
}

func (d *Decoder) reachAccepted(v *fastjson.Value) error {
	s, err := d.actor(v, "reach_accepted")
	if err != nil {
		return err
	}
	var sc, dl [4]int32
	hasS, err := d.scoreList(v, "scores", &sc)
	if err != nil {
		return err
	}
	hasD, err := d.scoreList(v, "deltas", &dl)
	if err != nil {
		return err
	}
	d.accepted(s, &sc, hasS, &dl, hasD)
	return nil
}

// accepted decodes seat s's riichi stick, with the scores after it (sc,
// when hasS) and the score changes (dl, when hasD) the log records.
func (d *Decoder) accepted(s event.Seat, sc *[4]int32, hasS bool, dl *[4]int32, hasD bool) {
	e := event.Event{Type: event.RiichiAccepted, Seat: s, From: event.NoSeat, Ref: -1}
	switch {
	case hasS:
		e.Ref = int32(len(d.g.Scores))
		d.g.Scores = append(d.g.Scores, *sc)
		if d.startPending {
			before := *sc
			if hasD {
				for i := range before {
					before[i] -= dl[i]
				}
			} else {
				before[s] += 1000
			}
			d.resolveStart(&before)
		}
		d.running, d.runningKnown = *sc, true
	case d.runningKnown:
		if hasD {
			for i := range d.running {
				d.running[i] += dl[i]
			}
		} else {
			d.running[s] -= 1000
		}
	default:
		d.deposits[s] += 1000
	}
	d.emit(e)
}

// resolveStart sets the current hand's starting scores from the scores
// just before a recorded change and the riichi sticks paid before it.
func (d *Decoder) resolveStart(before *[4]int32) {
	r := &d.g.Rounds[len(d.g.Rounds)-1]
	for i := range r.Scores {
		r.Scores[i] = before[i] + d.deposits[i]
	}
	r.Unknown &^= event.KnownScores
	d.startPending = false
	if d.hand == 0 {
		d.g.Meta.StartingPoints = r.Scores[0]
	}
}

func (d *Decoder) doraEvent(v *fastjson.Value) error {
	if err := d.ready("dora"); err != nil {
		return err
	}
	t, err := d.tileOf(v.Get("dora_marker"), "dora_marker", false)
	if err != nil {
		return err
	}
	return d.revealDora(t)
}

// revealDora decodes a dora indicator t revealed; on an error it changes
// nothing.
func (d *Decoder) revealDora(t tile.Tile) error {
	if d.ndora == len(d.dora) {
		return d.errf(event.ErrValue, "more than %d dora indicators", len(d.dora))
	}
	d.dora[d.ndora] = t
	d.ndora++
	d.emit(event.Event{Type: event.Dora, Seat: event.NoSeat, From: event.NoSeat, Tile: t})
	return nil
}

func (d *Decoder) endKyoku() error {
	if d.hand < 0 {
		return d.errf(event.ErrValue, "end_kyoku before the first hand")
	}
	if d.inHand {
		// Mortal's converters write no ryukyoku for some abortive draws
		// (nine terminals): the hand ended with no winner, of a kind the
		// log does not record.
		if err := d.ready("end_kyoku"); err != nil {
			return err
		}
		d.noResult.note(d)
		d.g.Ryuukyoku = append(d.g.Ryuukyoku, event.RyuukyokuRecord{Kind: event.Unrecorded})
		d.runningKnown = false
		d.emit(event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.Ryuukyoku) - 1)})
		d.inHand = false
	}
	d.over = false
	return nil
}

func (d *Decoder) endGameEvent(v *fastjson.Value) error {
	if d.inHand {
		return d.errf(event.ErrValue, "end_game before the hand ended")
	}
	d.gameStart(event.Pos{Offset: -1, Index: -1})
	var e event.EndRecord
	ok, err := d.scoreList(v, "scores", &e.Scores)
	if err != nil {
		return err
	}
	if ok {
		e.Known |= event.KnownScores
	}
	d.endGame(e)
	return nil
}

// endGame emits the game end.
func (d *Decoder) endGame(e event.EndRecord) {
	d.g.End = append(d.g.End, e)
	d.emit(event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.End) - 1)})
	d.ended = true
	d.over = false
}
