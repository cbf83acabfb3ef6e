package mjai

import (
	"bytes"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// startGame reads the players' names and what simulators add: the URI of a
// converted Tenhou log, the wall seed, akochan's game length and red fives.
func (d *Decoder) startGame(v *fastjson.Value) error {
	if d.sawStartGame || d.hand >= 0 {
		return d.errf(event.ErrUnsupported, "a second start_game (one game per input)")
	}
	d.sawStartGame = true
	d.gameStart(d.pos)
	m := &d.g.Meta
	if x := v.Get("names"); x != nil && x.Type() != fastjson.TypeNull {
		a, err := x.Array()
		if err != nil || len(a) > 4 {
			return d.errf(event.ErrValue, "names %s is not a list of up to 4 names", x)
		}
		if len(a) == 3 || len(a) == 4 {
			if !d.setPlayers(len(a)) {
				return d.errf(event.ErrValue, "%d names in a %d-player game", len(a), d.players)
			}
		}
		for i, y := range a {
			b, err := y.StringBytes()
			if err != nil {
				return d.errf(event.ErrValue, "names %s: %s is not a name", x, y)
			}
			m.Seats[i].Name = validUTF8(string(b))
		}
	}
	if b := v.GetStringBytes("uri"); b != nil {
		d.readURI(b)
	}
	if x := v.Get("seed"); x != nil && x.Type() != fastjson.TypeNull {
		s := x.MarshalTo(nil)
		if x.Type() == fastjson.TypeArray {
			s = bytes.Trim(s, "[]")
		}
		m.Seed = validUTF8(string(s))
	}
	if n, ok, err := d.intOf(v, "kyoku_first", 0, 100); err != nil {
		return err
	} else if ok {
		switch n {
		case 0:
			m.Length = event.EastSouth
		case 4:
			m.Length = event.EastOnly
		}
		m.Rules.Extra = append(m.Rules.Extra, event.KeyValue{Key: "kyoku_first", Value: strconv.Itoa(n)})
	}
	if x := v.Get("aka_flag"); x != nil {
		b, err := x.Bool()
		if err != nil {
			return d.errf(event.ErrValue, "aka_flag %s is not a boolean", x)
		}
		m.Rules.RedFives = [3]int8{}
		if b {
			m.Rules.RedFives = [3]int8{1, 1, 1}
		}
		m.Rules.Extra = append(m.Rules.Extra, event.KeyValue{Key: "aka_flag", Value: x.String()})
	}
	return nil
}

// readURI reads a start_game's uri: Tenhou's, with the log id.
func (d *Decoder) readURI(b []byte) {
	m := &d.g.Meta
	if bytes.Contains(b, []byte("tenhou.net")) {
		m.Platform = event.Tenhou
	}
	if i := bytes.Index(b, []byte("log=")); i >= 0 {
		id := b[i+4:]
		if j := bytes.IndexByte(id, '&'); j >= 0 {
			id = id[:j]
		}
		m.ID = validUTF8(string(id))
	}
}

// windOf reads a wind letter ("E" … "N").
func windOf(b []byte) (int8, bool) {
	if len(b) == 1 {
		if i := strings.IndexByte("ESWN", b[0]); i >= 0 {
			return int8(i), true
		}
	}
	if len(b) == 2 && b[1] == 'z' && b[0] >= '1' && b[0] <= '4' {
		return int8(b[0] - '1'), true
	}
	return 0, false
}

// startKyoku starts a hand. Old logs leave out all but oya and
// dora_marker: the rest comes from the board dump and the haipai events.
func (d *Decoder) startKyoku(v *fastjson.Value) error {
	if d.inHand {
		return d.errf(event.ErrValue, "start_kyoku before the previous hand ended")
	}
	d.gameStart(event.Pos{Offset: -1, Index: -1})
	dm := v.Get("dora_marker")
	if dm == nil {
		return d.errf(event.ErrUnsupported, "start_kyoku without dora_marker: not a riichi game (akochan writes its Chinese-rules (MCR) self-play logs this way)")
	}
	var hands []*fastjson.Value
	if x := v.Get("tehais"); x != nil {
		a, err := x.Array()
		if err != nil || len(a) < 3 || len(a) > 4 {
			return d.errf(event.ErrValue, "tehais is not a list of 3 or 4 hands")
		}
		hands = a
		if !d.playersKnown {
			n := len(a)
			if n == 4 {
				if h, _ := a[3].Array(); len(h) == 0 {
					n = 3
				}
			}
			d.setPlayers(n)
		}
	}
	if !d.playersKnown {
		if x := v.Get("scores"); x != nil {
			if a, err := x.Array(); err == nil && len(a) == 3 {
				d.setPlayers(3)
			}
		}
	}
	d.hand++
	var r event.Round
	oya, ok, err := d.intOf(v, "oya", 0, d.players-1)
	if err != nil {
		return err
	}
	if !ok {
		return d.errf(event.ErrSyntax, "start_kyoku without oya")
	}
	r.Dealer = event.Seat(oya)
	d.needHeader = 0
	if b := v.GetStringBytes("bakaze"); b != nil {
		w, ok := windOf(b)
		if !ok {
			return d.errf(event.ErrValue, "bakaze %q is not a wind", b)
		}
		d.wind = w
	} else {
		if d.prevDealer != event.NoSeat && r.Dealer < d.prevDealer {
			d.wind++
		}
		if d.wind > 3 {
			d.wind = 3
		}
		d.needHeader |= needWind
	}
	r.Wind = d.wind
	if n, ok, err := d.intOf(v, "kyoku", 1, 4); err != nil {
		return err
	} else if ok {
		r.Number = int8(n)
		if oya != n-1 {
			return d.errf(event.ErrValue, "oya %d in kyoku %d: seat 0 must be the first dealer", oya, n)
		}
	} else {
		r.Number = int8(oya + 1)
		d.needHeader |= needNumber
	}
	if n, ok, err := d.intOf(v, "honba", 0, math.MaxInt16); err != nil {
		return err
	} else if ok {
		r.Honba = int16(n)
	} else {
		d.needHeader |= needHonba
	}
	if n, ok, err := d.intOf(v, "kyotaku", 0, math.MaxInt16); err != nil {
		return err
	} else if ok {
		r.Sticks = int16(n)
	} else {
		r.Unknown |= event.KnownBa
	}
	d.round = r.ID()
	if r.Dora, err = d.tileOf(dm, "dora_marker", false); err != nil {
		return err
	}
	hasScores, err := d.scoreList(v, "scores", &r.Scores)
	if err != nil {
		return err
	}
	d.needHands = 0
	d.handHidden = 0
	if hands != nil {
		for s, x := range hands {
			if s >= d.players {
				if a, _ := x.Array(); len(a) > 0 {
					return d.errf(event.ErrValue, "tehais: a hand for seat %d in a three-player game", s)
				}
				continue
			}
			hidden, hiddenPos := d.hidden, d.hiddenPos
			n, err := d.tiles(x, "tehais", r.Hands[s][:], true)
			if err != nil {
				return err
			}
			if n != 13 {
				return d.errf(event.ErrValue, "tehais: seat %d has %d tiles, not 13", s, n)
			}
			if d.hidden-hidden == 13 {
				// A player's view: this seat's hand is hidden, and so
				// will its draws be.
				d.hidden, d.hiddenPos = hidden, hiddenPos
				d.handHidden |= 1 << s
				d.g.Meta.HiddenSeats |= 1 << s
			}
		}
	} else {
		d.needHands = uint8(1)<<d.players - 1
	}
	if x := v.Get("haiyama"); x != nil {
		want := 136
		if d.players == 3 {
			want = 108
		}
		var wall [136]tile.Tile
		n, err := d.tiles(x, "haiyama", wall[:], false)
		if err != nil {
			return err
		}
		if n != want {
			return d.errf(event.ErrValue, "haiyama has %d tiles, not %d", n, want)
		}
		r.Wall = append([]tile.Tile(nil), wall[:n]...)
	}
	d.beginHand(&r, hasScores)
	return nil
}

// beginHand starts the hand r read from start_kyoku (its scores recorded
// when hasScores).
func (d *Decoder) beginHand(r *event.Round, hasScores bool) {
	// Scores: recorded, or the previous hand's final scores, or later from
	// the first event that records scores and deltas.
	d.deposits = [4]int32{}
	d.startPending = false
	switch {
	case hasScores:
		d.running, d.runningKnown = r.Scores, true
	case d.runningKnown:
		r.Scores = d.running
	default:
		r.Unknown |= event.KnownScores
		d.startPending = true
	}
	if d.hand == 0 && r.Unknown&event.KnownScores == 0 {
		d.g.Meta.StartingPoints = r.Scores[0]
	}
	g := d.g
	g.Rounds = append(g.Rounds, *r)
	d.emit(event.Event{Type: event.RoundStart, Seat: r.Dealer, From: event.NoSeat, Ref: int32(len(g.Rounds) - 1)})
	d.prevDealer = r.Dealer
	d.inHand, d.over, d.lastHora = true, false, false
	d.lastDraw = [4]tile.Tile{}
	d.drew = [4]bool{}
	d.pendRepl = [4]bool{}
	d.offer = tile.None
	d.nmelds = [4]uint8{}
	d.dora[0], d.ndora = r.Dora, 1
}

// ready checks that a hand is being played and that an old log's round is
// complete before an action in it.
func (d *Decoder) ready(what string) error {
	if !d.inHand {
		return d.errf(event.ErrValue, "%s outside a hand", what)
	}
	if err := d.needRound(); err != nil {
		return err
	}
	if d.needHands != 0 {
		return d.errf(event.ErrValue, "%s before the haipai of seat %d", what, bits.TrailingZeros8(d.needHands))
	}
	return nil
}

// needRound settles an old log's round when its board dump header did not
// come: the round and hand number follow from the dealers; the honba
// cannot be known.
func (d *Decoder) needRound() error {
	if d.needHeader == 0 {
		return nil
	}
	if d.needHeader&needHonba != 0 {
		return d.errf(event.ErrValue, "start_kyoku has no honba, and no board dump gives it")
	}
	d.needHeader = 0
	return nil
}

func (d *Decoder) haipai(v *fastjson.Value) error {
	if !d.inHand {
		return d.errf(event.ErrValue, "haipai outside a hand")
	}
	if err := d.needRound(); err != nil {
		return err
	}
	s, err := d.seat(v, "actor")
	if err != nil {
		return err
	}
	if d.needHands&(1<<s) == 0 {
		return d.errf(event.ErrValue, "a second starting hand for seat %d", s)
	}
	r := &d.g.Rounds[len(d.g.Rounds)-1]
	n, err := d.tiles(v.Get("pais"), "pais", r.Hands[s][:], true)
	if err != nil {
		return err
	}
	if n != 13 {
		return d.errf(event.ErrValue, "haipai of seat %d has %d tiles, not 13", s, n)
	}
	d.needHands &^= 1 << s
	return nil
}
