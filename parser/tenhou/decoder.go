// Package tenhou decodes Tenhou's mjlog XML documents (<mjloggm ver="2.3">)
// into haifu's event model.
//
// The decoder is a hand-written scanner over the bytes of one document; it
// does not use encoding/xml, which is about twenty times slower on these
// flat, attribute-only files. It reads every variant described in
// TENHOU-FORMATS.md §1: the three seed eras, four-player and three-player
// games with kita, every meld code, REACH with and without its second step,
// DORA, multiple AGARI, pao, BYE and reconnection UN anywhere, chip lobbies,
// custom-lobby GO attributes, percent-encoded and non-UTF-8 names,
// pretty-printed documents, text before the root (comments, stray console
// output) and a missing closing tag. Unknown attributes are ignored; unknown
// elements are an error.
//
// A document holds one game. Decode fills an event.Game; when the document
// ends before the game does (no owari), Decode returns the events it read and
// an *event.Error wrapping event.ErrTruncated.
package tenhou

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// rootTag starts an mjlog document.
var rootTag = []byte("<mjloggm")

// Detect reports whether data looks like an mjlog document: its root tag
// appears within the first 64 KiB (files may start with comments or stray
// text).
func Detect(data []byte) bool {
	if len(data) > 64<<10 {
		data = data[:64<<10]
	}
	return bytes.Contains(data, rootTag)
}

// Decoder decodes mjlog documents. It keeps its buffers from one document to
// the next, so reuse one Decoder per goroutine. The zero Decoder is ready for
// use. A Decoder is not safe for concurrent use.
type Decoder struct {
	sc scanner

	g       *event.Game
	path    string
	reds    bool
	players int
	hand    int // index of the current hand, -1 before the first INIT
	round   event.RoundID
	ended   bool // a game-ending owari was read
	sawList bool // the first-form UN was read
	sawGO   bool
	inRoot  bool

	lastDraw [4]int16 // id of each seat's last draw since its last call or discard, or -1
	pendRepl [4]bool  // the seat's next draw is a replacement draw
	ints     [64]int  // scratch for integer lists
	clean    []byte   // the document without console prompts, when it had any
	// faces maps a tile id to its tile; ids that are not tiles of the
	// game (136 and up, 2m-8m in sanma) map to tile.None.
	faces [256]tile.Tile
	// tags maps the letter of a draw or discard tag to tagDraw or
	// tagDiscard plus the seat, for the seats of the game; 0 otherwise.
	tags      [256]uint8
	win       event.WinRecord // scratch for AGARI
	warnedHai bool
	// rawNonASCII: a name held bytes above 0x7F before percent-decoding,
	// which Tenhou never writes.
	rawNonASCII bool
}

// Decode decodes the mjlog document data into g (which it resets first).
// path names the input in errors and in g.Meta.Path. Every error is an
// *event.Error with the byte offset, element index and round.
func (d *Decoder) Decode(data []byte, path string, g *event.Game) error {
	err := d.decode(data, path, g)
	if err == nil && !d.rawNonASCII {
		return nil
	}
	// Tenhou writes mjlog in pure ASCII. A log that fails, or that holds
	// raw non-ASCII bytes in a name, may have console prompts written into
	// it: remove them and decode again. Checking only then keeps the clean
	// path free of a pass over every byte.
	root := bytes.Index(data, rootTag)
	if root < 0 || isASCII(data[root:]) {
		return err
	}
	clean, n := removePrompts(d.clean[:0], data[root:])
	d.clean = clean
	if n == 0 {
		return err
	}
	err = d.decode(clean, path, g)
	g.Meta.Warnings = append(g.Meta.Warnings, fmt.Sprintf("removed %d console prompts written into the file (offsets refer to the cleaned text)", n))
	return err
}

// decode is one pass of Decode over data.
func (d *Decoder) decode(data []byte, path string, g *event.Game) error {
	g.Reset()
	*d = Decoder{sc: d.sc, clean: d.clean}
	d.g, d.path = g, path
	d.hand = -1
	d.setTables(true, 4)
	d.lastDraw = [4]int16{-1, -1, -1, -1}
	m := &g.Meta
	m.Format = event.FormatMjlog
	m.Path = path
	m.Platform = event.Tenhou
	m.Players = 4
	m.TileIDs = true
	m.Rules = event.Rules{RedFives: [3]int8{1, 1, 1}, TenhouType: -1, TenhouLobby: -1}
	for i := range m.Seats {
		m.Seats[i].RankIndex = -1
	}
	if len(data) > math.MaxInt32 {
		return d.errAt(0, -1, fmt.Errorf("document of %d bytes is too large: %w", len(data), event.ErrUnsupported))
	}
	root := bytes.Index(data, rootTag)
	if root < 0 {
		return d.errAt(0, -1, fmt.Errorf("no <mjloggm> element: %w", event.ErrSyntax))
	}
	g.Events = append(g.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat, Pos: event.Pos{Offset: int32(root), Index: 0}})
	d.sc.reset(data, root)
	for {
		d.fastTiles()
		err := d.sc.next()
		if err != nil {
			if err == errEOF {
				break
			}
			var se *syntaxError
			if errors.As(err, &se) {
				return d.errAt(se.offset, d.sc.index, fmt.Errorf("%s: %w", se.msg, event.ErrSyntax))
			}
			return d.errAt(d.sc.pos, d.sc.index, fmt.Errorf("%v: %w", err, event.ErrTruncated))
		}
		if err := d.element(); err != nil {
			if errors.Is(err, errStop) {
				break
			}
			return d.errAt(d.sc.start, d.sc.index, err)
		}
	}
	if !d.ended {
		what := "after the last complete element"
		if d.hand < 0 {
			what = "before the first hand"
		}
		return d.errAt(len(data), d.sc.index, fmt.Errorf("no game end (owari) %s: %w", what, event.ErrTruncated))
	}
	return nil
}

// The values of Decoder.tags.
const (
	tagDraw    = 0x10
	tagDiscard = 0x20
)

// faceTables are Decoder.faces for four players, without and with red
// fives.
var faceTables = func() (t [2][256]tile.Tile) {
	for id := range tile.NumIDs {
		t[0][id] = tile.ID(id).Tile(false)
		t[1][id] = tile.ID(id).Tile(true)
	}
	return t
}()

// setTables sets whether the game has red fives, its number of players, and
// the tables that depend on them.
func (d *Decoder) setTables(reds bool, players int) {
	d.reds, d.players = reds, players
	if reds {
		d.faces = faceTables[1]
	} else {
		d.faces = faceTables[0]
	}
	if players == 3 {
		clear(d.faces[4:32])
	}
	d.tags = [256]uint8{}
	for seat := range uint8(players) {
		d.tags['T'+seat] = tagDraw | seat
		d.tags['D'+seat] = tagDiscard | seat
	}
}

// fastTiles decodes the run of draw and discard tags such as <T52/> at
// the scanner's position without the general element path, keeping its
// state in locals, and stops at anything else — another element, or a
// malformed or illegal tag, which the general path then decodes or reports.
func (d *Decoder) fastTiles() {
	if d.hand < 0 || d.ended {
		return
	}
	s := &d.sc
	b := s.data
	p := s.pos
	index := s.index
	evs := d.g.Events
	for p+7 <= len(b) {
		// The longest tag, <T135/>, is seven bytes: reading them through
		// an array pointer costs one bounds check instead of one a byte.
		t := (*[7]byte)(b[p : p+7])
		if t[0] != '<' {
			if !isSpace(t[0]) {
				break
			}
			p++
			continue
		}
		k := d.tags[t[1]]
		n := uint(t[2] - '0')
		if k == 0 || n > 9 {
			break
		}
		// One to three digits, then "/>".
		var next int
		var ok bool
		switch {
		case t[3] == '/':
			next, ok = 5, t[4] == '>'
		case t[4] == '/':
			n = n*10 + uint(t[3]-'0')
			next, ok = 6, t[5] == '>' && t[3]-'0' < 10
		case t[5] == '/':
			n = n*100 + uint(t[3]-'0')*10 + uint(t[4]-'0')
			next, ok = 7, t[6] == '>' && t[3]-'0' < 10 && t[4]-'0' < 10
		}
		if !ok || n >= tile.NumIDs {
			break
		}
		face := d.faces[n]
		if face == tile.None {
			break
		}
		seat := k & 3
		index++
		if len(evs) == cap(evs) {
			evs = slices.Grow(evs, 256)
		}
		evs = evs[:len(evs)+1]
		// Fill the new slot in place: building the event on the stack and
		// copying it costs a store-forwarding stall per event.
		e := &evs[len(evs)-1]
		*e = event.Event{}
		e.Seat, e.From, e.Tile, e.ID = event.Seat(seat), event.NoSeat, face, tile.ID(n)
		e.Pos.Offset, e.Pos.Index = int32(p), int32(index)
		if k&tagDraw != 0 {
			e.Type = event.Draw
			if d.pendRepl[seat&3] {
				e.Flags = event.Replacement
				d.pendRepl[seat&3] = false
			}
			d.lastDraw[seat&3] = int16(n)
		} else {
			e.Type = event.Discard
			if d.lastDraw[seat&3] == int16(n) {
				e.Flags = event.Tsumogiri
			}
			d.lastDraw[seat&3] = -1
		}
		s.start = p
		p += next
	}
	d.g.Events = evs
	s.pos = p
	s.index = index
}

// errStop ends decoding at the root's end tag.
var errStop = errors.New("stop")

func (d *Decoder) errAt(offset, index int, err error) error {
	return &event.Error{Path: d.path, Format: event.FormatMjlog, Offset: int64(offset), Index: index, Hand: d.hand, Round: d.round, Err: err}
}

func (d *Decoder) emit(e event.Event) {
	e.Pos = event.Pos{Offset: int32(d.sc.start), Index: int32(d.sc.index)}
	d.g.Events = append(d.g.Events, e)
}

// element handles the scanner's current element.
func (d *Decoder) element() error {
	s := &d.sc
	name := s.bytesOf(s.name)
	if s.close {
		if string(name) == "mjloggm" && d.inRoot {
			return errStop
		}
		return fmt.Errorf("unexpected end tag </%s>: %w", name, event.ErrSyntax)
	}
	if !d.inRoot {
		if string(name) != "mjloggm" {
			return fmt.Errorf("element <%s> outside <mjloggm>: %w", name, event.ErrSyntax)
		}
		if s.empty {
			return fmt.Errorf("empty <mjloggm/>: %w", event.ErrSyntax)
		}
		d.inRoot = true
		return nil
	}
	if !s.empty {
		return fmt.Errorf("element <%s> is not empty: %w", name, event.ErrSyntax)
	}
	if d.ended {
		return fmt.Errorf("element <%s> after the game end: %w", name, event.ErrValue)
	}
	// Draws and discards: a letter and a tile id.
	if s.short != 0 {
		c := s.short &^ 0x20 // upper case
		if c >= 'T' {
			return d.draw(event.Seat(c-'T'), s.num)
		}
		return d.discard(event.Seat(c-'D'), s.num)
	}
	if len(name) >= 2 && name[1] >= '0' && name[1] <= '9' {
		// A draw or discard the fast path did not take (spaces before
		// "/>", a long number).
		c := name[0] &^ 0x20
		n, ok := parseUint(name[1:])
		switch {
		case !ok || len(s.attrs) > 0:
			return fmt.Errorf("malformed draw or discard <%s>: %w", name, event.ErrSyntax)
		case c >= 'T' && c <= 'W':
			return d.draw(event.Seat(c-'T'), n)
		case c >= 'D' && c <= 'G':
			return d.discard(event.Seat(c-'D'), n)
		}
	}
	switch string(name) {
	case "N":
		return d.call()
	case "REACH":
		return d.reach()
	case "DORA":
		return d.dora()
	case "AGARI":
		return d.agari()
	case "RYUUKYOKU":
		return d.ryuukyoku()
	case "INIT":
		return d.init()
	case "UN":
		return d.un()
	case "BYE":
		who, err := d.seatAttr("who")
		if err != nil {
			return err
		}
		d.emit(event.Event{Type: event.Disconnect, Seat: who, From: event.NoSeat})
		return nil
	case "SHUFFLE":
		if v, ok := s.attr("seed"); ok {
			m := &d.g.Meta
			m.Seed = string(unescape(v))
			if m.Seed != "" && !strings.HasPrefix(m.Seed, "mt19937ar") {
				// Every Tenhou seed names its generator; logs written
				// by other servers or simulators put other things here.
				m.Platform = event.PlatformOther
				m.Warnings = append(m.Warnings, fmt.Sprintf("SHUFFLE seed %.40q is not a Tenhou seed: the log was not written by Tenhou's server", m.Seed))
			}
		}
		return nil
	case "GO":
		return d.goElem()
	case "TAIKYOKU":
		if v, ok := s.attr("oya"); ok {
			if n, ok := parseInt(v); !ok || n != 0 {
				return fmt.Errorf("TAIKYOKU oya=%q: the first dealer must be seat 0: %w", v, event.ErrValue)
			}
		}
		return nil
	}
	return fmt.Errorf("unknown element <%s>: %w", name, event.ErrUnsupported)
}

func (d *Decoder) needHand(what string) error {
	if d.hand < 0 {
		return fmt.Errorf("%s before the first INIT: %w", what, event.ErrValue)
	}
	return nil
}

func (d *Decoder) tileID(b []byte) (tile.ID, error) {
	n, ok := parseUint(b)
	if !ok || n >= tile.NumIDs {
		return 0, fmt.Errorf("tile id %q out of range 0-135: %w", b, event.ErrValue)
	}
	return d.checkID(n)
}

// face returns the tile of id n, or tile.None when n is not a tile id of
// the game's tile set (checkID then says why).
func (d *Decoder) face(n int) tile.Tile {
	if uint(n) >= uint(len(d.faces)) {
		return tile.None
	}
	return d.faces[n]
}

// checkID checks that n is a tile id of the game's tile set.
func (d *Decoder) checkID(n int) (tile.ID, error) {
	if n < 0 || n >= tile.NumIDs {
		return 0, fmt.Errorf("tile id %d out of range 0-135: %w", n, event.ErrValue)
	}
	if d.players == 3 && n >= 4 && n < 32 {
		return 0, fmt.Errorf("tile id %d (2m-8m) in a three-player game: %w", n, event.ErrValue)
	}
	return tile.ID(n), nil
}

func (d *Decoder) checkSeat(s event.Seat) error {
	if int(s) >= d.players {
		return fmt.Errorf("seat %d in a %d-player game: %w", s, d.players, event.ErrValue)
	}
	return nil
}

func (d *Decoder) draw(seat event.Seat, num int) error {
	if err := d.needHand("draw"); err != nil {
		return err
	}
	if err := d.checkSeat(seat); err != nil {
		return err
	}
	id, err := d.checkID(num)
	if err != nil {
		return err
	}
	e := event.Event{Type: event.Draw, Seat: seat, From: event.NoSeat, Tile: id.Tile(d.reds), ID: id}
	if d.pendRepl[seat] {
		e.Flags |= event.Replacement
		d.pendRepl[seat] = false
	}
	d.lastDraw[seat] = int16(id)
	d.emit(e)
	return nil
}

func (d *Decoder) discard(seat event.Seat, num int) error {
	if err := d.needHand("discard"); err != nil {
		return err
	}
	if err := d.checkSeat(seat); err != nil {
		return err
	}
	id, err := d.checkID(num)
	if err != nil {
		return err
	}
	e := event.Event{Type: event.Discard, Seat: seat, From: event.NoSeat, Tile: id.Tile(d.reds), ID: id}
	if d.lastDraw[seat] == int16(id) {
		e.Flags |= event.Tsumogiri
	}
	d.lastDraw[seat] = -1
	d.emit(e)
	return nil
}

func (d *Decoder) seatAttr(n string) (event.Seat, error) {
	v, _ := d.sc.attr(n)
	return d.seatValue(n, v)
}

// seatValue parses the value v of the seat attribute n (nil: absent).
func (d *Decoder) seatValue(n string, v []byte) (event.Seat, error) {
	if v == nil {
		return event.NoSeat, fmt.Errorf("no %s attribute: %w", n, event.ErrSyntax)
	}
	k, ok := parseUint(v)
	if !ok || k >= d.players {
		return event.NoSeat, fmt.Errorf("%s=%q is not a seat of a %d-player game: %w", n, v, d.players, event.ErrValue)
	}
	return event.Seat(k), nil
}

func (d *Decoder) call() error {
	if err := d.needHand("N"); err != nil {
		return err
	}
	who, err := d.seatAttr("who")
	if err != nil {
		return err
	}
	v, ok := d.sc.attr("m")
	if !ok {
		return fmt.Errorf("N without m: %w", event.ErrSyntax)
	}
	code, ok := parseUint(v)
	if !ok {
		return fmt.Errorf("N m=%q: %w", v, event.ErrSyntax)
	}
	dm, err := decodeMeld(code, who, d.players, d.reds)
	if err != nil {
		return fmt.Errorf("%v: %w", err, event.ErrValue)
	}
	e := event.Event{Type: dm.typ, Seat: who, From: dm.meld.From, Meld: dm.meld}
	if dm.typ != event.ClosedKan {
		e.Tile, e.ID = dm.tileID.Tile(d.reds), dm.tileID
	}
	switch dm.typ {
	case event.Call:
		if dm.meld.Kind == event.MeldOpenKan {
			d.pendRepl[who] = true
		}
	case event.ClosedKan, event.AddedKan, event.Kita:
		d.pendRepl[who] = true
	}
	d.lastDraw[who] = -1
	d.emit(e)
	return nil
}

func (d *Decoder) reach() error {
	if err := d.needHand("REACH"); err != nil {
		return err
	}
	who, err := d.seatAttr("who")
	if err != nil {
		return err
	}
	v, _ := d.sc.attr("step")
	switch string(v) {
	case "1":
		d.emit(event.Event{Type: event.Riichi, Seat: who, From: event.NoSeat})
	case "2":
		e := event.Event{Type: event.RiichiAccepted, Seat: who, From: event.NoSeat, Ref: -1}
		if t, ok := d.sc.attr("ten"); ok {
			var sc [4]int32
			if err := d.scores(t, &sc); err != nil {
				return fmt.Errorf("REACH ten: %w", err)
			}
			e.Ref = int32(len(d.g.Scores))
			d.g.Scores = append(d.g.Scores, sc)
		}
		d.emit(e)
	default:
		return fmt.Errorf("REACH step=%q: %w", v, event.ErrValue)
	}
	return nil
}

func (d *Decoder) dora() error {
	if err := d.needHand("DORA"); err != nil {
		return err
	}
	v, ok := d.sc.attr("hai")
	if !ok {
		return fmt.Errorf("DORA without hai: %w", event.ErrSyntax)
	}
	id, err := d.tileID(v)
	if err != nil {
		return err
	}
	d.emit(event.Event{Type: event.Dora, Seat: event.NoSeat, From: event.NoSeat, Tile: id.Tile(d.reds), ID: id})
	return nil
}

// scores reads a list of four scores in hundreds into sc (in points).
func (d *Decoder) scores(v []byte, sc *[4]int32) error {
	n, err := d.list(v, 4, 4)
	if err != nil {
		return err
	}
	for i := range n {
		sc[i] = int32(d.ints[i]) * 100
	}
	return nil
}

// list parses a comma-separated integer list of lo to hi numbers into
// d.ints. Spaces around numbers are allowed.
func (d *Decoder) list(v []byte, lo, hi int) (int, error) {
	if n, ok := d.listFast(v, lo, hi); ok {
		return n, nil
	}
	return d.listSlow(v, lo, hi)
}

// listFast is list for what Tenhou writes: numbers of at most nine digits,
// each maybe with a minus sign, separated by commas. It reports false for
// anything else.
func (d *Decoder) listFast(v []byte, lo, hi int) (int, bool) {
	ints := d.ints[:min(hi, len(d.ints))]
	n, i := 0, 0
	// Numbers of one to three digits and the comma after them, four bytes
	// at a time: nearly every number Tenhou writes.
	for i+4 <= len(v) && n < len(ints) {
		t := (*[4]byte)(v[i : i+4])
		c0, c1, c2 := t[0]-'0', t[1]-'0', t[2]-'0'
		var x, k int
		switch {
		case c0 > 9:
		case t[1] == ',':
			x, k = int(c0), 1
		case c1 > 9:
		case t[2] == ',':
			x, k = int(c0)*10+int(c1), 2
		case c2 <= 9 && t[3] == ',':
			x, k = int(c0)*100+int(c1)*10+int(c2), 3
		}
		if k == 0 {
			break
		}
		ints[n] = x
		n++
		i += k + 1
	}
	for i < len(v) && n < len(ints) {
		neg := v[i] == '-'
		if neg {
			i++
		}
		start, x := i, 0
		for i < len(v) && v[i]-'0' < 10 {
			x = x*10 + int(v[i]-'0')
			i++
		}
		if i == start || i-start > 9 {
			break
		}
		if neg {
			x = -x
		}
		ints[n] = x
		n++
		if i == len(v) {
			return n, n >= lo
		}
		if v[i] != ',' {
			break
		}
		i++
	}
	return n, false
}

// listSlow is list for values with signs, spaces or errors.
func (d *Decoder) listSlow(v []byte, min, max int) (int, error) {
	n := 0
	i := 0
	for i < len(v) && isSpace(v[i]) {
		i++
	}
	if i == len(v) {
		if min == 0 {
			return 0, nil
		}
		return 0, fmt.Errorf("empty list, want %d numbers: %w", min, event.ErrValue)
	}
	for {
		for i < len(v) && isSpace(v[i]) {
			i++
		}
		neg := false
		if i < len(v) && (v[i] == '-' || v[i] == '+') {
			neg = v[i] == '-'
			i++
		}
		start, x := i, 0
		for i < len(v) && v[i]-'0' < 10 && i-start < 9 {
			x = x*10 + int(v[i]-'0')
			i++
		}
		digits := i - start
		for i < len(v) && isSpace(v[i]) {
			i++
		}
		if digits == 0 || (i < len(v) && v[i] != ',') {
			return n, fmt.Errorf("list %q: number %d is not an integer: %w", v, n+1, event.ErrValue)
		}
		if n == max || n == len(d.ints) {
			return n, fmt.Errorf("list %q has more than %d numbers: %w", v, max, event.ErrValue)
		}
		if neg {
			x = -x
		}
		d.ints[n] = x
		n++
		if i == len(v) {
			break
		}
		i++ // the comma
	}
	if n < min {
		return n, fmt.Errorf("list %q has %d numbers, want %d: %w", v, n, min, event.ErrValue)
	}
	return n, nil
}

func (d *Decoder) goElem() error {
	s := &d.sc
	r := &d.g.Meta.Rules
	v, ok := s.attr("type")
	if !ok {
		return fmt.Errorf("GO without type: %w", event.ErrSyntax)
	}
	t, ok := parseUint(v)
	if !ok || t > math.MaxInt32 {
		return fmt.Errorf("GO type=%q: %w", v, event.ErrValue)
	}
	if d.hand >= 0 || d.sawGO {
		return fmt.Errorf("GO after the game started: %w", event.ErrValue)
	}
	d.sawGO = true
	d.g.Meta.SetTenhouType(int(t))
	d.setTables(t&0x2 == 0, int(d.g.Meta.Players))
	if v, ok := s.attr("lobby"); ok {
		l, ok := parseUint(v)
		if !ok || l > math.MaxInt32 {
			return fmt.Errorf("GO lobby=%q: %w", v, event.ErrValue)
		}
		r.TenhouLobby = int32(l)
	}
	for _, a := range s.attrs {
		k := string(s.bytesOf(a.name))
		if k == "type" || k == "lobby" {
			continue
		}
		r.Extra = append(r.Extra, event.KeyValue{Key: k, Value: decodeText(s.bytesOf(a.value))})
	}
	sortKV(r.Extra)
	return nil
}

func sortKV(kv []event.KeyValue) {
	for i := 1; i < len(kv); i++ {
		for j := i; j > 0 && kv[j].Key < kv[j-1].Key; j-- {
			kv[j], kv[j-1] = kv[j-1], kv[j]
		}
	}
}

// danNames are Tenhou's rank names by dan index (UN dan).
var danNames = [...]string{
	"新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
	"初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
}

// The attributes of the seats' names (UN) and hands (INIT, RYUUKYOKU).
var (
	nameAttrs = [4]string{"n0", "n1", "n2", "n3"}
	haiAttrs  = [4]string{"hai0", "hai1", "hai2", "hai3"}
)

func (d *Decoder) un() error {
	s := &d.sc
	seat := -1
	nNames := 0
	for i := range 4 {
		if _, ok := s.attr(nameAttrs[i]); ok {
			nNames++
			seat = i
		}
	}
	_, hasDan := s.attr("dan")
	_, hasSx := s.attr("sx")
	if d.sawList && nNames == 1 && !hasDan && !hasSx {
		if seat >= d.players {
			return fmt.Errorf("reconnection of seat %d in a %d-player game: %w", seat, d.players, event.ErrValue)
		}
		d.emit(event.Event{Type: event.Reconnect, Seat: event.Seat(seat), From: event.NoSeat})
		return nil
	}
	if d.sawList {
		return fmt.Errorf("second player list (UN with %d names): %w", nNames, event.ErrValue)
	}
	d.sawList = true
	m := &d.g.Meta
	for i := range 4 {
		if v, ok := s.attr(nameAttrs[i]); ok {
			m.Seats[i].Name = decodeName(v)
			if !isASCII(v) {
				d.rawNonASCII = true
			}
		}
	}
	if v, ok := s.attr("dan"); ok {
		n, err := d.list(v, 0, 4)
		if err != nil {
			return fmt.Errorf("UN dan: %w", err)
		}
		for i := range n {
			m.Seats[i].RankIndex = int32(d.ints[i])
			if x := d.ints[i]; x >= 0 && x < len(danNames) && i < d.players {
				m.Seats[i].Rank = danNames[x]
			}
		}
	}
	if v, ok := s.attr("rate"); ok {
		i := 0
		for f := range bytes.SplitSeq(v, []byte(",")) {
			if i == 4 {
				return fmt.Errorf("UN rate=%q has more than 4 values: %w", v, event.ErrValue)
			}
			x, err := strconv.ParseFloat(string(bytes.TrimSpace(f)), 64)
			if err != nil {
				return fmt.Errorf("UN rate=%q: %w", v, event.ErrValue)
			}
			m.Seats[i].Rate = x
			i++
		}
	}
	if v, ok := s.attr("sx"); ok {
		i := 0
		for f := range bytes.SplitSeq(v, []byte(",")) {
			if i == 4 {
				return fmt.Errorf("UN sx=%q has more than 4 values: %w", v, event.ErrValue)
			}
			if len(f) == 1 {
				m.Seats[i].Sex = f[0]
			}
			i++
		}
	}
	if d.players == 3 {
		m.Seats[3] = event.Player{RankIndex: -1}
	}
	return nil
}

// decodeName decodes a UN name: XML entities, then percent-encoding (Tenhou
// encodes every byte). Malformed escapes are kept as they are, and bytes that
// are not UTF-8 become U+FFFD.
func decodeName(v []byte) string {
	b := unescape(v)
	if bytes.IndexByte(b, '%') < 0 {
		return toValidUTF8(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2]) {
			out = append(out, unhex(b[i+1])<<4|unhex(b[i+2]))
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return toValidUTF8(out)
}

// decodeText decodes an attribute's entities and makes it valid UTF-8.
func decodeText(v []byte) string {
	b := unescape(v)
	if bytes.IndexByte(b, '%') >= 0 {
		if u, err := url.PathUnescape(string(b)); err == nil {
			return strings.ToValidUTF8(u, "\uFFFD")
		}
	}
	return toValidUTF8(b)
}

func toValidUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(bytes.ToValidUTF8(b, []byte("\uFFFD")))
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func (d *Decoder) init() error {
	s := &d.sc
	g := d.g
	if !d.sawGO {
		return fmt.Errorf("INIT before GO: %w", event.ErrValue)
	}
	d.hand++
	d.lastDraw = [4]int16{-1, -1, -1, -1}
	d.pendRepl = [4]bool{}
	var seedV, tenV, oyaV, chipV []byte
	var haiV [4][]byte
	var hasHai [4]bool
	var r event.Round
	for _, a := range s.attrs {
		name, v := s.bytesOf(a.name), s.bytesOf(a.value)
		switch string(name) {
		case "seed":
			seedV = v
		case "ten":
			tenV = v
		case "oya":
			oyaV = v
		case "hai0", "hai1", "hai2", "hai3":
			haiV[name[3]-'0'], hasHai[name[3]-'0'] = v, true
		case "chip":
			chipV = v
		case "shuffle":
			r.Shuffle = string(unescape(v))
		}
	}
	if seedV == nil {
		return fmt.Errorf("INIT without seed: %w", event.ErrSyntax)
	}
	// round, honba, sticks, die 1 - 1, die 2 - 1, dora indicator. Simulators
	// write the dice as empty fields.
	var seed [6]int
	diceKnown := [2]bool{true, true}
	nf, ok := d.listFast(seedV, 6, 6)
	if ok {
		copy(seed[:], d.ints[:6])
	} else {
		diceKnown, nf = [2]bool{}, 0
		for f := range bytes.SplitSeq(seedV, []byte(",")) {
			f = bytes.TrimSpace(f)
			if nf == 6 {
				return fmt.Errorf("INIT seed=%q has more than 6 fields: %w", seedV, event.ErrValue)
			}
			if len(f) == 0 && (nf == 3 || nf == 4) {
				nf++
				continue
			}
			x, ok := parseInt(f)
			if !ok {
				return fmt.Errorf("INIT seed=%q: field %d is not an integer: %w", seedV, nf+1, event.ErrValue)
			}
			if nf == 3 || nf == 4 {
				diceKnown[nf-3] = true
			}
			seed[nf] = x
			nf++
		}
	}
	if nf != 6 {
		return fmt.Errorf("INIT seed=%q has %d fields, want 6: %w", seedV, nf, event.ErrValue)
	}
	if seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[1] > math.MaxInt16 || seed[2] < 0 || seed[2] > math.MaxInt16 {
		return fmt.Errorf("INIT seed=%q: round, honba or sticks out of range: %w", seedV, event.ErrValue)
	}
	r.Wind, r.Number = int8(seed[0]/4), int8(seed[0]%4+1)
	r.Honba, r.Sticks = int16(seed[1]), int16(seed[2])
	d.round = r.ID()
	if diceKnown[0] != diceKnown[1] || seed[3] < 0 || seed[3] > 6 || seed[4] < 0 || seed[4] > 6 {
		return fmt.Errorf("INIT seed=%q: dice out of range: %w", seedV, event.ErrValue)
	}
	if diceKnown[0] {
		r.Dice = [2]int8{int8(seed[3] + 1), int8(seed[4] + 1)}
		r.Known |= event.KnownDice
	}
	dora, err := d.checkID(seed[5])
	if err != nil {
		return fmt.Errorf("INIT dora indicator: %w", err)
	}
	r.Dora, r.DoraID = d.faces[dora], dora
	oya, ok := parseUint(oyaV)
	switch {
	case oyaV == nil:
		return fmt.Errorf("INIT without oya: %w", event.ErrSyntax)
	case !ok || oya >= d.players:
		return fmt.Errorf("INIT oya=%q is not a seat of a %d-player game: %w", oyaV, d.players, event.ErrValue)
	case oya != seed[0]%4:
		return fmt.Errorf("INIT oya=%d but round %d has dealer %d: %w", oya, seed[0], seed[0]%4, event.ErrValue)
	}
	r.Dealer = event.Seat(oya)
	if tenV == nil {
		return fmt.Errorf("INIT without ten: %w", event.ErrSyntax)
	}
	if err := d.scores(tenV, &r.Scores); err != nil {
		return fmt.Errorf("INIT ten: %w", err)
	}
	var seen [tile.NumIDs]bool
	seen[dora] = true
	for p := range 4 {
		v := haiV[p]
		if p >= d.players {
			if len(bytes.TrimSpace(v)) > 0 {
				return fmt.Errorf("INIT hai%d: a hand for seat %d in a three-player game: %w", p, p, event.ErrValue)
			}
			continue
		}
		if !hasHai[p] {
			return fmt.Errorf("INIT without hai%d: %w", p, event.ErrSyntax)
		}
		n, err := d.list(v, 13, 13)
		if err != nil {
			return fmt.Errorf("INIT hai%d: %w", p, err)
		}
		hand, ids := &r.Hands[p], &r.HandIDs[p]
		for i, x := range d.ints[:min(n, len(hand))] {
			face := d.face(x)
			if face == tile.None {
				_, err := d.checkID(x)
				return fmt.Errorf("INIT hai%d: %w", p, err)
			}
			if seen[x] {
				return fmt.Errorf("INIT hai%d: tile id %d dealt twice: %w", p, x, event.ErrValue)
			}
			seen[x] = true
			hand[i], ids[i] = face, tile.ID(x)
		}
	}
	if chipV != nil {
		n, err := d.list(chipV, 4, 4)
		if err != nil {
			return fmt.Errorf("INIT chip: %w", err)
		}
		for i := range n {
			r.Chips[i] = int32(d.ints[i])
		}
		r.Known |= event.KnownChips
	}
	if d.hand == 0 {
		g.Meta.StartingPoints = r.Scores[0]
	}
	g.Events = append(g.Events, event.Event{Type: event.RoundStart, Seat: r.Dealer, From: event.NoSeat, Ref: int32(len(g.Rounds)),
		Pos: event.Pos{Offset: int32(s.start), Index: int32(s.index)}})
	g.Rounds = append(g.Rounds, r)
	return nil
}

// ids parses a list of tile ids into dst and returns how many there were.
func (d *Decoder) ids(v []byte, dst []tile.ID, what string) (int, error) {
	n, err := d.list(v, 0, len(dst))
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	for i, x := range d.ints[:n] {
		if d.face(x) == tile.None {
			_, err := d.checkID(x)
			return 0, fmt.Errorf("%s: %w", what, err)
		}
		dst[i] = tile.ID(x)
	}
	return n, nil
}

// ba reads the ba attribute: honba and riichi sticks.
func (d *Decoder) ba() (honba, sticks int16, ok bool, err error) {
	v, ok := d.sc.attr("ba")
	if !ok {
		return 0, 0, false, nil
	}
	if _, err := d.list(v, 2, 2); err != nil {
		return 0, 0, false, fmt.Errorf("ba: %w", err)
	}
	if d.ints[0] < 0 || d.ints[0] > math.MaxInt16 || d.ints[1] < 0 || d.ints[1] > math.MaxInt16 {
		return 0, 0, false, fmt.Errorf("ba=%q out of range: %w", v, event.ErrValue)
	}
	return int16(d.ints[0]), int16(d.ints[1]), true, nil
}

// scoreChanges reads the sc attribute: score before and delta per seat, in hundreds,
// then chips in chip lobbies.
func (d *Decoder) scoreChanges(before, deltas, chips *[4]int32) (event.Known, error) {
	v, ok := d.sc.attr("sc")
	if !ok {
		return 0, nil
	}
	n, err := d.list(v, 8, 16)
	if err != nil {
		return 0, fmt.Errorf("sc: %w", err)
	}
	if n != 8 && n != 16 {
		return 0, fmt.Errorf("sc has %d numbers, want 8 or 16: %w", n, event.ErrValue)
	}
	for i := range 4 {
		before[i] = int32(d.ints[2*i]) * 100
		deltas[i] = int32(d.ints[2*i+1]) * 100
	}
	k := event.KnownBefore | event.KnownDeltas
	if n == 16 {
		for i := range 4 {
			chips[i] = int32(d.ints[8+2*i+1])
		}
		k |= event.KnownChips
	}
	return k, nil
}

func (d *Decoder) agari() error {
	if err := d.needHand("AGARI"); err != nil {
		return err
	}
	s := &d.sc
	var whoV, fromV, paoV, haiV, machiV, tenV, mV, yakuV, yakumanV, doraV, uraV []byte
	var hasM, hasYaku, hasYakuman, hasDora, hasUra bool
	for _, a := range s.attrs {
		v := s.bytesOf(a.value)
		switch string(s.bytesOf(a.name)) {
		case "who":
			whoV = v
		case "fromWho":
			fromV = v
		case "paoWho":
			paoV = v
		case "hai":
			haiV = v
		case "machi":
			machiV = v
		case "ten":
			tenV = v
		case "m":
			mV, hasM = v, true
		case "yaku":
			yakuV, hasYaku = v, true
		case "yakuman":
			yakumanV, hasYakuman = v, true
		case "doraHai":
			doraV, hasDora = v, true
		case "doraHaiUra":
			uraV, hasUra = v, true
		}
	}
	w := &d.win
	*w = event.WinRecord{}
	var err error
	if w.Winner, err = d.seatValue("who", whoV); err != nil {
		return fmt.Errorf("AGARI: %w", err)
	}
	if w.From, err = d.seatValue("fromWho", fromV); err != nil {
		return fmt.Errorf("AGARI: %w", err)
	}
	w.Liable = event.NoSeat
	if paoV != nil {
		if w.Liable, err = d.seatValue("paoWho", paoV); err != nil {
			return fmt.Errorf("AGARI: %w", err)
		}
	}
	if haiV == nil {
		return fmt.Errorf("AGARI without hai: %w", event.ErrSyntax)
	}
	n, err := d.ids(haiV, w.HandIDs[:], "AGARI hai")
	if err != nil {
		return err
	}
	w.HandLen = uint8(n)
	for i := range n {
		w.Hand[i] = d.faces[w.HandIDs[i]]
	}
	if machiV == nil {
		return fmt.Errorf("AGARI without machi: %w", event.ErrSyntax)
	}
	if w.WinID, err = d.tileID(machiV); err != nil {
		return fmt.Errorf("AGARI machi: %w", err)
	}
	w.WinTile = d.faces[w.WinID]
	if n%3 == 1 && n < len(w.HandIDs) {
		// Some writers leave the winning tile out of hai; Tenhou includes
		// it for tsumo and ron alike.
		w.HandIDs[n], w.Hand[n] = w.WinID, w.WinTile
		w.HandLen++
		if !d.warnedHai {
			d.warnedHai = true
			d.g.Meta.Warnings = append(d.g.Meta.Warnings, "AGARI hai without the winning tile (added from machi); Tenhou always includes it")
		}
	}
	w.Known |= event.KnownHand | event.KnownMelds
	if hasM {
		n, err := d.list(mV, 0, 8)
		if err != nil {
			return fmt.Errorf("AGARI m: %w", err)
		}
		var ms [8]int
		copy(ms[:], d.ints[:n])
		for i := range n {
			dm, err := decodeMeld(ms[i], w.Winner, d.players, d.reds)
			if err != nil {
				return fmt.Errorf("AGARI m: %v: %w", err, event.ErrValue)
			}
			w.Melds[i] = dm.meld
		}
		w.NMelds = uint8(n)
	}
	if tenV == nil {
		return fmt.Errorf("AGARI without ten: %w", event.ErrSyntax)
	}
	if _, err := d.list(tenV, 3, 3); err != nil {
		return fmt.Errorf("AGARI ten: %w", err)
	}
	if d.ints[0] < 0 || d.ints[0] > 1000 || d.ints[1] < 0 || d.ints[1] > math.MaxInt32 || d.ints[2] < 0 || d.ints[2] > int(event.Yakuman) {
		return fmt.Errorf("AGARI ten=%q out of range: %w", tenV, event.ErrValue)
	}
	w.Fu, w.Points, w.Limit = int16(d.ints[0]), int32(d.ints[1]), event.Limit(d.ints[2])
	w.Known |= event.KnownFu | event.KnownPoints | event.KnownYaku | event.KnownHan
	if hasYaku {
		n, err := d.list(yakuV, 0, len(d.ints))
		if err != nil {
			return fmt.Errorf("AGARI yaku: %w", err)
		}
		if n%2 != 0 {
			return fmt.Errorf("AGARI yaku=%q: odd number of values: %w", yakuV, event.ErrValue)
		}
		for i := 0; i < n; i += 2 {
			id, han := d.ints[i], d.ints[i+1]
			if id < 0 || id > 54 || han < 0 || han > 100 {
				return fmt.Errorf("AGARI yaku=%q: yaku %d with %d han out of range: %w", yakuV, id, han, event.ErrValue)
			}
			if err := w.AddYaku(event.YakuID(id), han); err != nil {
				return fmt.Errorf("AGARI yaku: %v: %w", err, event.ErrValue)
			}
			w.Han += int16(han)
		}
	}
	if hasYakuman {
		n, err := d.list(yakumanV, 0, len(d.ints))
		if err != nil {
			return fmt.Errorf("AGARI yakuman: %w", err)
		}
		for i := range n {
			id := d.ints[i]
			if id < 0 || id > 54 {
				return fmt.Errorf("AGARI yakuman=%q: yaku %d out of range: %w", yakumanV, id, event.ErrValue)
			}
			if err := w.AddYaku(event.YakuID(id), 13); err != nil {
				return fmt.Errorf("AGARI yakuman: %v: %w", err, event.ErrValue)
			}
			w.Han += 13
		}
	}
	if hasDora {
		n, err := d.ids(doraV, w.DoraIDs[:], "AGARI doraHai")
		if err != nil {
			return err
		}
		w.NDora = uint8(n)
		for i := range n {
			w.Dora[i] = d.faces[w.DoraIDs[i]]
		}
		w.Known |= event.KnownDora
	}
	w.Known |= event.KnownUra
	if hasUra {
		n, err := d.ids(uraV, w.UraIDs[:], "AGARI doraHaiUra")
		if err != nil {
			return err
		}
		w.NUra = uint8(n)
		for i := range n {
			w.Ura[i] = d.faces[w.UraIDs[i]]
		}
	}
	var bok bool
	if w.Honba, w.Sticks, bok, err = d.ba(); err != nil {
		return fmt.Errorf("AGARI %w", err)
	}
	if bok {
		w.Known |= event.KnownBa
	}
	k, err := d.scoreChanges(&w.Before, &w.Deltas, &w.ChipDeltas)
	if err != nil {
		return fmt.Errorf("AGARI %w", err)
	}
	w.Known |= k
	d.g.Wins = append(d.g.Wins, *w)
	d.emit(event.Event{Type: event.Win, Seat: w.Winner, From: w.From, Tile: w.WinTile, ID: w.WinID, Ref: int32(len(d.g.Wins) - 1)})
	return d.owari()
}

// ryuukyokuKind maps a RYUUKYOKU type attribute to its kind.
func ryuukyokuKind(t string) (event.RyuukyokuKind, bool) {
	switch t {
	case "yao9":
		return event.NineTerminals, true
	case "reach4":
		return event.FourRiichi, true
	case "ron3":
		return event.TripleRon, true
	case "kan4":
		return event.FourKans, true
	case "kaze4":
		return event.FourWinds, true
	case "nm":
		return event.Nagashi, true
	}
	return 0, false
}

func (d *Decoder) ryuukyoku() error {
	if err := d.needHand("RYUUKYOKU"); err != nil {
		return err
	}
	s := &d.sc
	var r event.RyuukyokuRecord
	r.Kind = event.Exhaustive
	if v, ok := s.attr("type"); ok {
		k, ok := ryuukyokuKind(string(v))
		if !ok {
			return fmt.Errorf("RYUUKYOKU type=%q: %w", v, event.ErrUnsupported)
		}
		r.Kind = k
	}
	var err error
	var bok bool
	if r.Honba, r.Sticks, bok, err = d.ba(); err != nil {
		return fmt.Errorf("RYUUKYOKU %w", err)
	}
	if bok {
		r.Known |= event.KnownBa
	}
	k, err := d.scoreChanges(&r.Before, &r.Deltas, &r.ChipDeltas)
	if err != nil {
		return fmt.Errorf("RYUUKYOKU %w", err)
	}
	r.Known |= k
	_, hasType := s.attr("type")
	if k == 0 && !bok && !hasType {
		// The server stopped the game in the middle of the hand.
		r.Kind = event.Interrupted
	} else {
		r.Known |= event.KnownHand
	}
	for p := range d.players {
		v, ok := s.attr(haiAttrs[p])
		if !ok {
			continue
		}
		n, err := d.ids(v, r.HandIDs[p][:], haiAttrs[p])
		if err != nil {
			return fmt.Errorf("RYUUKYOKU %w", err)
		}
		r.Revealed[p] = true
		r.HandLen[p] = uint8(n)
		for i := range n {
			r.Hands[p][i] = r.HandIDs[p][i].Tile(d.reds)
		}
	}
	d.g.Ryuukyoku = append(d.g.Ryuukyoku, r)
	d.emit(event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.Ryuukyoku) - 1)})
	return d.owari()
}

// owari reads the current element's owari attribute, if any, and emits the
// game end.
func (d *Decoder) owari() error {
	v, ok := d.sc.attr("owari")
	if !ok {
		return nil
	}
	var e event.EndRecord
	if len(bytes.TrimSpace(v)) > 0 {
		var vals [16][]byte
		n := 0
		for f := range bytes.SplitSeq(v, []byte(",")) {
			if n == len(vals) {
				return fmt.Errorf("owari=%q has more than 16 values: %w", v, event.ErrValue)
			}
			vals[n] = bytes.TrimSpace(f)
			n++
		}
		if n != 8 && n != 16 {
			return fmt.Errorf("owari=%q has %d values, want 8 or 16: %w", v, n, event.ErrValue)
		}
		for i := range 4 {
			sc, ok := parseInt(vals[2*i])
			if !ok {
				return fmt.Errorf("owari=%q: score %q: %w", v, vals[2*i], event.ErrValue)
			}
			pt, err := strconv.ParseFloat(string(vals[2*i+1]), 64)
			if err != nil || math.IsNaN(pt) || math.IsInf(pt, 0) {
				return fmt.Errorf("owari=%q: points %q: %w", v, vals[2*i+1], event.ErrValue)
			}
			e.Scores[i] = int32(sc) * 100
			e.Points[i] = pt
		}
		e.Known |= event.KnownScores | event.KnownPoints2
		if n == 16 {
			for i := range 4 {
				c, ok := parseInt(vals[8+2*i])
				if !ok {
					return fmt.Errorf("owari=%q: chips %q: %w", v, vals[8+2*i], event.ErrValue)
				}
				e.Chips[i] = int32(c)
			}
			e.Known |= event.KnownChips
		}
	}
	d.g.End = append(d.g.End, e)
	d.emit(event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.End) - 1)})
	d.ended = true
	return nil
}

// parseUint parses a non-negative decimal integer of at most 9 digits.
func parseUint(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// parseInt parses a decimal integer with an optional sign, of at most 9
// digits.
func parseInt(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	n, ok := parseUint(b)
	if neg {
		n = -n
	}
	return n, ok
}

// isASCII reports whether b has only 7-bit bytes.
func isASCII(b []byte) bool {
	for len(b) >= 32 {
		if (binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:])|
			binary.LittleEndian.Uint64(b[16:])|binary.LittleEndian.Uint64(b[24:]))&0x8080808080808080 != 0 {
			return false
		}
		b = b[32:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// removePrompts appends src to dst without the console prompts that a
// Windows shell wrote into some saved logs: a line break, one or more lines
// of non-ASCII text (the prompt in the console's code page, such as GBK
// "系统无法接受输入的时间。" / "输入新时间"), and the prompt's closing ": ".
// Tenhou writes mjlog in pure ASCII (names are percent-encoded), so such
// text cannot belong to the log; it lands anywhere, even inside a number,
// and removing it exactly restores the document. It returns the new slice
// and the number of prompts removed.
func removePrompts(dst, src []byte) ([]byte, int) {
	n := 0
	for i := 0; i < len(src); {
		if src[i] == '\n' {
			if end := promptEnd(src, i); end > 0 {
				n++
				i = end
				continue
			}
		}
		dst = append(dst, src[i])
		i++
	}
	return dst, n
}

// promptEnd returns the end of a console prompt starting with the line
// break at src[i], or 0 if there is none there.
func promptEnd(src []byte, i int) int {
	j := i
	for j+1 < len(src) && src[j] == '\n' && src[j+1] >= 0x80 {
		j++
		for j < len(src) && src[j] >= 0x80 {
			j++
		}
	}
	if j > i && j+2 <= len(src) && src[j] == ':' && src[j+1] == ' ' {
		return j + 2
	}
	return 0
}
