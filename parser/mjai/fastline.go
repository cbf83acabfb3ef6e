package mjai

import (
	"encoding/binary"
	"math"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/jsontok"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// The line fast path (fastLine) reads the lines of a game in the exact
// form the Encoder writes them: compact, keys in the Encoder's order,
// plain values. Such a line is one JSON object holding those members
// only, so the general path would read the same values; fastLine checks
// them as the general path does and then decodes the event with the same
// functions (draw, discard, accepted, applyCall, beginHand, mjaiYakuOf,
// settleScores, ...), whose error, if any, is the general path's. A line
// in any other form, a value the general path would warn of or reject
// while reading it, or an event out of place (one the general path would
// report) makes fastLine report false before it changes anything, and the
// line goes on to scanFlat and the general path. TestFastPath and
// FuzzFastPath hold the paths to giving the same games and errors.

// cursor reads a line in an exact form: each read checks the next bytes
// and moves past them, or marks the line bad.
type cursor struct {
	b   []byte
	i   int
	bad bool
}

// lit reads the bytes s.
func (c *cursor) lit(s string) {
	if c.bad || len(c.b)-c.i < len(s) || string(c.b[c.i:c.i+len(s)]) != s {
		c.bad = true
		return
	}
	c.i += len(s)
}

// opt reads the bytes s when they come next and reports whether they did;
// it does not mark the line bad.
func (c *cursor) opt(s string) bool {
	if c.bad || len(c.b)-c.i < len(s) || string(c.b[c.i:c.i+len(s)]) != s {
		return false
	}
	c.i += len(s)
	return true
}

// seat reads a seat number of a game of players players: one digit.
func (c *cursor) seat(players int) event.Seat {
	if c.bad || c.i >= len(c.b) || c.b[c.i] < '0' || int(c.b[c.i]-'0') >= players {
		c.bad = true
		return event.NoSeat
	}
	c.i++
	return event.Seat(c.b[c.i-1] - '0')
}

// int reads an integer in [lo, hi] written as strconv writes it: an
// optional minus and at most 9 digits without leading zeros.
func (c *cursor) int(lo, hi int) int {
	if c.bad {
		return 0
	}
	i, neg := c.i, false
	if i < len(c.b) && c.b[i] == '-' {
		i, neg = i+1, true
	}
	start, n := i, 0
	for i < len(c.b) && i-start < 10 && c.b[i] >= '0' && c.b[i] <= '9' {
		n = n*10 + int(c.b[i]-'0')
		i++
	}
	if d := i - start; d == 0 || d > 9 || d > 1 && c.b[start] == '0' || neg && n == 0 {
		c.bad = true
		return 0
	}
	if neg {
		n = -n
	}
	if n < lo || n > hi {
		c.bad = true
		return 0
	}
	c.i = i
	return n
}

// The tiles of mjai's notation, as lookups (fewer branches the processor
// mispredicts: tiles come in no order it can learn): honourTiles is the
// tile (kind+1) of the letters 'C' to 'W' (0 for none), suitTiles the tile
// of the one of each suit of 'm' to 's'.
const (
	honourTiles = "\x22\x00\x1c\x21\x00\x00\x00\x00\x00\x00\x00\x1f\x00\x20\x00\x00\x1d\x00\x00\x00\x1e"
	suitTiles   = "\x01\x00\x00\x0a\x00\x00\x13"
)

// tile reads a tile as a JSON string in mjai's notation ("5m", "5mr",
// "E"): one that parseTile reads alike, not hidden, and one of a
// three-player set in a three-player game (sanma).
func (c *cursor) tile(sanma bool) tile.Tile {
	if c.bad {
		return tile.None
	}
	t, n := tileAt(c.b, min(c.i, len(c.b)), sanma)
	if t == tile.None {
		c.bad = true
		return tile.None
	}
	c.i = n
	return t
}

// tileAt reads the tile at b[i:] as cursor.tile does, and returns it and
// the index after its closing quote, or tile.None.
func tileAt(b []byte, i int, sanma bool) (tile.Tile, int) {
	b = b[i:]
	if len(b) < 4 || b[0] != '"' {
		return tile.None, i
	}
	x, y := b[1], b[2]
	var t tile.Tile
	n := 3
	if y == '"' {
		if x-'C' < uint8(len(honourTiles)) {
			t = tile.Tile(honourTiles[x-'C'])
		}
	} else {
		if d := x - '1'; d < 9 && y-'m' < uint8(len(suitTiles)) && suitTiles[y-'m'] != 0 {
			t = tile.Tile(suitTiles[y-'m'] + d)
		}
		n = 4
		if b[3] != '"' {
			if x == '5' && b[3] == 'r' && len(b) >= 5 && b[4] == '"' {
				t, n = tile.New(t.Kind(), true), 5
			} else {
				t = tile.None
			}
		}
	}
	if t == tile.None || sanma && !inSanma(t) {
		return tile.None, i
	}
	return t, i + n
}

// tiles reads a JSON list of at most len(dst) tiles into dst and returns
// how many there were.
func (c *cursor) tiles(dst []tile.Tile, sanma bool) int {
	c.lit("[")
	if c.opt("]") {
		return 0
	}
	// The tiles and their commas read here, byte by byte (not by tile,
	// opt and lit, each a call with its checks).
	b, i, n := c.b, c.i, 0
	for !c.bad {
		if n == len(dst) {
			c.bad = true
			return 0
		}
		t, next := tileAt(b, i, sanma)
		if t == tile.None || next >= len(b) {
			c.bad = true
			return 0
		}
		dst[n], i = t, next+1
		n++
		if b[next] == ']' {
			break
		}
		if b[next] != ',' {
			c.bad = true
			return 0
		}
	}
	c.i = i
	return n
}

// scores reads a JSON list of exactly players scores, each in
// [-1e8, 1e8], as scoreList reads it.
func (c *cursor) scores(dst *[4]int32, players int) {
	*dst = [4]int32{}
	c.lit("[")
	for s := range players {
		if s > 0 {
			c.lit(",")
		}
		dst[s] = int32(c.int(-1e8, 1e8))
	}
	c.lit("]")
}

// optScores reads `,"scores":` and a list of scores (as scores) when they
// come next, and reports whether they did.
func (c *cursor) optScores(dst *[4]int32, players int) bool {
	if !c.opt(`,"scores":`) {
		return false
	}
	c.scores(dst, players)
	return true
}

// end reports whether the line was read to its end without a fault.
func (c *cursor) end() bool { return !c.bad && c.i == len(c.b) }

// fastLine decodes the JSON line b when it is an event of a hand in the
// Encoder's form and may come now: handled reports whether it did (err is
// then the general path's error for the line, from the functions both
// share). When handled is false nothing was changed.
func (d *Decoder) fastLine(b []byte) (handled bool, err error) {
	if d.ended {
		return false, nil
	}
	if string(b) == `{"type":"end_kyoku"}` {
		return true, d.endKyoku()
	}
	if d.needHeader != 0 || d.needHands != 0 {
		return false, nil
	}
	// The literals of the common lines are compared here, with constant
	// strings (which the compiler turns into loads and compares, where
	// cursor.lit calls memequal).
	if len(b) < 10 || string(b[:9]) != `{"type":"` {
		return false, nil
	}
	c := cursor{b: b, i: 9}
	if !d.inHand {
		switch {
		case c.opt(`start_kyoku","bakaze":"`):
			return d.fastStartKyoku(&c)
		case d.over && d.lastHora && c.opt(`hora","actor":`):
			return d.fastHora(&c)
		case c.opt(`end_game","scores":`):
			var e event.EndRecord
			c.scores(&e.Scores, d.players)
			c.lit("}")
			if !c.end() {
				return false, nil
			}
			d.gameStart(event.Pos{Offset: -1, Index: -1})
			e.Known |= event.KnownScores
			d.endGame(e)
			return true, nil
		case c.opt(`start_game","names":[`):
			return d.fastStartGame(&c)
		}
		return false, nil
	}
	sanma := d.players == 3
	// tsumo and dahai, most lines, apart.
	if typ, s, t, tg, n := readPlay(b, d.players); n == len(b) {
		if typ == event.Draw {
			d.draw(s, t)
		} else {
			d.discard(s, t, tg)
		}
		return true, nil
	}
	switch b[c.i] {
	case 'h':
		c.lit(`hora","actor":`)
		return d.fastHora(&c)
	case 'd':
		if c.opt(`dora","dora_marker":`) {
			t := c.tile(sanma)
			c.lit("}")
			if !c.end() || d.ndora == len(d.dora) {
				return false, nil
			}
			return true, d.revealDora(t)
		}
		c.lit(`daiminkan","actor":`)
		return d.fastCall(&c, event.MeldOpenKan)
	case 'r':
		if c.opt(`ryukyoku"`) {
			return d.fastRyukyoku(&c)
		}
		if c.opt(`reach","actor":`) {
			s := c.seat(d.players)
			c.lit("}")
			if !c.end() {
				return false, nil
			}
			d.emit(event.Event{Type: event.Riichi, Seat: s, From: event.NoSeat})
			return true, nil
		}
		c.lit(`reach_accepted","actor":`)
		s := c.seat(d.players)
		var sc [4]int32
		hasS := c.optScores(&sc, d.players)
		c.lit("}")
		if !c.end() {
			return false, nil
		}
		d.accepted(s, &sc, hasS, &[4]int32{}, false)
		return true, nil
	case 'p':
		c.lit(`pon","actor":`)
		return d.fastCall(&c, event.MeldPon)
	case 'c':
		c.lit(`chi","actor":`)
		return d.fastCall(&c, event.MeldChi)
	case 'a':
		c.lit(`ankan","actor":`)
		s := c.seat(d.players)
		c.lit(`,"consumed":`)
		var ts [4]tile.Tile
		n := c.tiles(ts[:], sanma)
		c.lit("}")
		if !c.end() {
			return false, nil
		}
		return true, d.applyAnkan(s, ts, n)
	case 'k':
		c.lit(`kakan","actor":`)
		s := c.seat(d.players)
		c.lit(`,"pai":`)
		t := c.tile(sanma)
		c.lit(`,"consumed":`)
		var ts [3]tile.Tile
		n := c.tiles(ts[:], sanma)
		c.lit("}")
		if !c.end() {
			return false, nil
		}
		if err := d.kakanConsumed(t, ts[:n]); err != nil {
			return true, err
		}
		return true, d.applyKakan(s, t)
	case 'n':
		c.lit(`nukidora","actor":`)
		s := c.seat(d.players)
		c.lit(`,"pai":"N"}`)
		if !c.end() || !sanma {
			return false, nil
		}
		return true, d.applyNukidora(s, tile.Of(tile.North))
	}
	return false, nil
}

// readPlay reads the tsumo or dahai line at the start of b in the form the
// Encoder writes it, in a game of players players:
//
//	{"type":"tsumo","actor":0,"pai":"5m"}
//	{"type":"dahai","actor":0,"pai":"5m","tsumogiri":false}
//
// It returns the event's type (event.Draw or event.Discard), seat, tile,
// a dahai's tsumogiri flag (1 true, 0 false) and the length of the line to
// its closing brace, which the caller checks is the end of b (fastLine)
// or a line feed (playRun); n is -1 for no such line. It changes nothing.
// (Scalars, not a struct: the compiler spills a struct returned in
// registers field by field and reloads it whole, which stalls.)
func readPlay(b []byte, players int) (typ event.Type, seat event.Seat, t tile.Tile, tsumogiri int8, n int) {
	// The literals are compared eight bytes at a time (a string compare
	// of a length that is no power of two calls memequal).
	if len(b) < 36 || le64(b) != le64s(`{"type":`) || le64(b[16:]) != le64s(`"actor":`) || le64(b[25:]) != le64s(`,"pai":"`) {
		return 0, 0, 0, 0, -1
	}
	switch le64(b[8:]) {
	case le64s(`"tsumo",`):
		typ = event.Draw
	case le64s(`"dahai",`):
		typ = event.Discard
	default:
		return 0, 0, 0, 0, -1
	}
	s := b[24] - '0'
	if int(s) >= players {
		return 0, 0, 0, 0, -1
	}
	t, i := tileAt(b, 32, players == 3)
	if t == tile.None {
		return 0, 0, 0, 0, -1
	}
	if typ == event.Draw {
		if i < len(b) && b[i] == '}' {
			return typ, event.Seat(s), t, 0, i + 1
		}
		return 0, 0, 0, 0, -1
	}
	rest := b[i:]
	if len(rest) < 18 || le64(rest) != le64s(`,"tsumog`) {
		return 0, 0, 0, 0, -1
	}
	switch le64(rest[8:]) {
	case le64s(`iri":tru`):
		if rest[16] == 'e' && rest[17] == '}' {
			return typ, event.Seat(s), t, 1, i + 18
		}
	case le64s(`iri":fal`):
		if len(rest) >= 19 && rest[16] == 's' && rest[17] == 'e' && rest[18] == '}' {
			return typ, event.Seat(s), t, 0, i + 19
		}
	}
	return 0, 0, 0, 0, -1
}

// le64 returns the first eight bytes of b as a little-endian number.
func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// le64s is le64 of a literal of eight bytes, which the compiler folds.
func le64s(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// playRun reads the tsumo and dahai lines at data[off:] as fastLine reads
// them, each ended by a line feed, and returns the offset and the number
// of the line after the last it read (line is the number of the line
// before off): the run of a hand's play, most of a log, without finding
// each line's end first. It stops before any other line, which lines
// reads. The caller checks that fastLine may read a hand's lines now.
func (d *Decoder) playRun(data []byte, off, line int) (int, int) {
	for {
		typ, s, t, tg, n := readPlay(data[off:], d.players)
		if n < 0 || off+n >= len(data) || data[off+n] != '\n' {
			return off, line
		}
		line++
		d.pos = event.Pos{Offset: int32(off), Index: int32(line)}
		if typ == event.Draw {
			d.draw(s, t)
		} else {
			d.discard(s, t, tg)
		}
		off += n + 1
	}
}

// fastStartGame reads the rest of a start_game after its names key, as
// fastLine does, and decodes it as startGame would: three or four names,
// each a string without escapes; kyoku_first 0 or 4; aka_flag; uri, a
// string without escapes; no seed (which the general path reads).
func (d *Decoder) fastStartGame(c *cursor) (bool, error) {
	if d.sawStartGame || d.hand >= 0 {
		return false, nil // the general path's error
	}
	var names [4][]byte
	n := 0
	for !c.bad && n < 4 {
		if n > 0 && !c.opt(",") {
			break
		}
		names[n] = c.plain()
		n++
	}
	c.lit("]")
	length, lengthKnown := 0, false
	if c.opt(`,"kyoku_first":`) {
		switch {
		case c.opt("0"):
			length, lengthKnown = 0, true
		case c.opt("4"):
			length, lengthKnown = 4, true
		default:
			c.bad = true
		}
	}
	aka, akaKnown := false, false
	if c.opt(`,"aka_flag":`) {
		switch {
		case c.opt("true"):
			aka, akaKnown = true, true
		case c.opt("false"):
			akaKnown = true
		default:
			c.bad = true
		}
	}
	var uri []byte
	if c.opt(`,"uri":`) {
		uri = c.plain()
	}
	c.lit("}")
	if !c.end() || n < 3 || d.playersKnown && d.players != n {
		return false, nil
	}
	d.sawStartGame = true
	d.gameStart(d.pos)
	d.setPlayers(n)
	m := &d.g.Meta
	for i := range n {
		m.Seats[i].Name = validUTF8(string(names[i]))
	}
	if uri != nil {
		d.readURI(uri)
	}
	if lengthKnown {
		if length == 0 {
			m.Length = event.EastSouth
		} else {
			m.Length = event.EastOnly
		}
		m.Rules.Extra = append(m.Rules.Extra, event.KeyValue{Key: "kyoku_first", Value: string('0' + byte(length))})
	}
	if akaKnown {
		m.Rules.RedFives = [3]int8{}
		v := "false"
		if aka {
			m.Rules.RedFives = [3]int8{1, 1, 1}
			v = "true"
		}
		m.Rules.Extra = append(m.Rules.Extra, event.KeyValue{Key: "aka_flag", Value: v})
	}
	return true, nil
}

// plain reads a JSON string without escapes or control characters
// (jsontok.PlainString) and returns its bytes between the quotes.
func (c *cursor) plain() []byte {
	if c.bad || c.i >= len(c.b) || c.b[c.i] != '"' {
		c.bad = true
		return nil
	}
	end, ok := jsontok.PlainString(c.b, c.i)
	if !ok {
		c.bad = true
		return nil
	}
	s := c.b[c.i+1 : end-1]
	c.i = end
	return s
}

// fastRyukyoku reads the rest of a ryukyoku after its type, as fastLine
// does, and decodes it as ryukyoku would: a reason ryukyokuKind knows,
// tehais (each hand [] or shown whole), tenpais, deltas and scores, each
// for every seat, each but the deltas optional.
func (d *Decoder) fastRyukyoku(c *cursor) (bool, error) {
	sanma := d.players == 3
	var r event.RyuukyokuRecord
	r.Kind = event.Unrecorded
	if c.opt(`,"reason":"`) {
		start := c.i
		for c.i < len(c.b) && c.b[c.i] >= 'a' && c.b[c.i] <= 'z' {
			c.i++
		}
		k, ok := ryukyokuKind(c.b[start:c.i])
		c.lit(`"`)
		if !ok {
			return false, nil // the general path warns of it
		}
		r.Kind = k
	}
	if c.opt(`,"tehais":[`) {
		for s := range d.players {
			if s > 0 {
				c.lit(",")
			}
			n := c.tiles(r.Hands[s][:], sanma)
			if n > 0 {
				r.Revealed[s] = true
				r.HandLen[s] = uint8(n)
			}
		}
		c.lit("]")
		r.Known |= event.KnownHand
	}
	if c.opt(`,"tenpais":[`) {
		for s := range d.players {
			if s > 0 {
				c.lit(",")
			}
			switch {
			case c.opt("true"):
				r.Tenpai[s] = event.FlagYes
			case c.opt("false"):
				r.Tenpai[s] = event.FlagNo
			default:
				c.bad = true
			}
		}
		c.lit("]")
	}
	var scores [4]int32
	c.lit(`,"deltas":`)
	c.scores(&r.Deltas, d.players)
	hasScores := c.optScores(&scores, d.players)
	c.lit("}")
	if !c.end() {
		return false, nil
	}
	r.Known |= d.settleScores(&scores, hasScores, &r.Deltas, true, &r.Before)
	d.drawnHand(&r)
	return true, nil
}

// fastCall reads the rest of a chi, pon or daiminkan after its actor key,
// as fastLine does, and decodes it.
func (d *Decoder) fastCall(c *cursor, k event.MeldKind) (bool, error) {
	sanma := d.players == 3
	s := c.seat(d.players)
	c.lit(`,"target":`)
	from := c.seat(d.players)
	c.lit(`,"pai":`)
	t := c.tile(sanma)
	c.lit(`,"consumed":`)
	var ts [4]tile.Tile
	n := c.tiles(ts[:3], sanma)
	c.lit("}")
	if !c.end() || from == s {
		return false, nil
	}
	return true, d.applyCall(s, from, t, ts, n, k)
}

// fastStartKyoku reads the rest of a start_kyoku after its bakaze key, as
// fastLine does, and decodes it as startKyoku would: every member
// present but kyotaku and scores, no tile hidden, in a game whose number
// of players is known.
func (d *Decoder) fastStartKyoku(c *cursor) (bool, error) {
	if !d.playersKnown {
		return false, nil
	}
	sanma := d.players == 3
	var r event.Round
	if c.i < len(c.b) {
		switch c.b[c.i] {
		case 'E', 'S', 'W', 'N':
			r.Wind, _ = windOf(c.b[c.i : c.i+1])
			c.i++
		default:
			c.bad = true
		}
	}
	c.lit(`","dora_marker":`)
	r.Dora = c.tile(sanma)
	c.lit(`,"kyoku":`)
	r.Number = int8(c.int(1, 4))
	c.lit(`,"honba":`)
	r.Honba = int16(c.int(0, math.MaxInt16))
	hasBa := c.opt(`,"kyotaku":`)
	if hasBa {
		r.Sticks = int16(c.int(0, math.MaxInt16))
	} else {
		r.Unknown |= event.KnownBa
	}
	c.lit(`,"oya":`)
	r.Dealer = event.Seat(c.int(0, d.players-1))
	hasScores := c.optScores(&r.Scores, d.players)
	c.lit(`,"tehais":[`)
	for s := range d.players {
		if s > 0 {
			c.lit(",")
		}
		if c.tiles(r.Hands[s][:13], sanma) != 13 {
			c.bad = true
		}
	}
	c.lit("]}")
	if !c.end() || int(r.Dealer) != int(r.Number)-1 {
		return false, nil
	}
	d.gameStart(event.Pos{Offset: -1, Index: -1})
	d.hand++
	d.needHeader, d.needHands, d.handHidden = 0, 0, 0
	d.wind = r.Wind
	d.round = r.ID()
	d.beginHand(&r, hasScores)
	return true, nil
}

// maxFastYaku is the most yakus fastHora reads; a longer list goes to
// the general path.
const maxFastYaku = 16

// fastHora reads the rest of a hora after its actor key, as fastLine
// does, and decodes it as hora would: with pai, and yakus named in
// lowercase ASCII.
func (d *Decoder) fastHora(c *cursor) (bool, error) {
	sanma := d.players == 3
	winner := c.seat(d.players)
	c.lit(`,"target":`)
	from := c.seat(d.players)
	var deltas, scores [4]int32
	hasDeltas := c.opt(`,"deltas":`)
	if hasDeltas {
		c.scores(&deltas, d.players)
	}
	var ura [5]tile.Tile
	nUra := 0
	hasUra := c.opt(`,"ura_markers":`)
	if hasUra {
		nUra = c.tiles(ura[:], sanma)
	}
	c.lit(`,"pai":`)
	winTile := c.tile(sanma)
	var hand [14]tile.Tile
	nHand := 0
	hasHand := c.opt(`,"hora_tehais":`)
	if hasHand {
		nHand = c.tiles(hand[:], sanma)
	}
	var names [maxFastYaku][]byte
	var hans [maxFastYaku]int
	nYaku := 0
	hasYaku := c.opt(`,"yakus":[`)
	if hasYaku && !c.opt("]") {
		for !c.bad {
			if nYaku == maxFastYaku {
				c.bad = true
				break
			}
			c.lit(`["`)
			start := c.i
			for c.i < len(c.b) && (c.b[c.i] >= 'a' && c.b[c.i] <= 'z' || c.b[c.i] == '_') {
				c.i++
			}
			names[nYaku] = c.b[start:c.i]
			c.lit(`",`)
			hans[nYaku] = c.int(0, 10000)
			c.lit("]")
			nYaku++
			if !c.opt(",") {
				c.lit("]")
				break
			}
		}
	}
	fu, han, points := 0, 0, 0
	hasFu := c.opt(`,"fu":`)
	if hasFu {
		fu = c.int(0, 1000)
	}
	hasHan := c.opt(`,"fan":`)
	if hasHan {
		han = c.int(0, 10000)
	}
	hasPoints := c.opt(`,"hora_points":`)
	if hasPoints {
		points = c.int(0, math32)
	}
	hasScores := c.optScores(&scores, d.players)
	c.lit("}")
	if !c.end() {
		return false, nil
	}
	// The melds, and the hand's length with them.
	ms := d.melds[winner][:d.nmelds[winner]]
	sets := 0
	for i := range ms {
		if ms[i].Kind != event.MeldKita {
			sets++
		}
	}
	if want := 14 - 3*sets; hasHand && nHand != want-1 && nHand != want {
		return false, nil
	}
	// Decoded as hora does.
	w := &d.win
	*w = event.WinRecord{Liable: event.NoSeat, Winner: winner, From: from, WinTile: winTile}
	copy(w.Melds[:], ms)
	w.NMelds = uint8(len(ms))
	w.Known |= event.KnownMelds
	if hasHand {
		w.Hand = hand
		if nHand == 13-3*sets {
			w.Hand[nHand] = w.WinTile
			nHand++
		}
		w.HandLen = uint8(nHand)
		w.Known |= event.KnownHand
	}
	if hasHan {
		if han >= 100 {
			han = han / 100 * yaku.YakumanHan
		}
		w.Han = int16(han)
		w.Known |= event.KnownHan
	}
	if hasFu {
		w.Fu = int16(fu)
		w.Known |= event.KnownFu
	}
	if hasPoints && hasHan && (han >= 5 || hasFu && fu > 0) {
		w.Points, w.Limit = int32(points), yaku.LimitOf(han, fu, true)
		w.Known |= event.KnownPoints
	}
	if hasYaku {
		ok := true
		for i := range nYaku {
			if err := d.mjaiYakuOf(names[i], hans[i], &ok); err != nil {
				return true, err
			}
		}
		d.yakuKnown(ok)
	}
	copy(w.Dora[:], d.dora[:d.ndora])
	w.NDora = uint8(d.ndora)
	w.Known |= event.KnownDora
	if hasUra {
		w.Ura = ura
		w.NUra = uint8(nUra)
		w.Known |= event.KnownUra
	}
	w.Deltas = deltas
	w.Known |= d.settleScores(&scores, hasScores, &w.Deltas, hasDeltas, &w.Before)
	g := d.g
	g.Wins = append(g.Wins, *w)
	d.emit(event.Event{Type: event.Win, Seat: w.Winner, From: w.From, Tile: w.WinTile, Ref: int32(len(g.Wins) - 1)})
	d.inHand, d.over, d.lastHora = false, true, true
	return true, nil
}
