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
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// rootTag starts an mjlog document.
var rootTag = []byte("<mjloggm")

// Detect reports whether data looks like an mjlog document: within its
// first 64 KiB (files may start with comments or stray text) a root start
// tag "<mjloggm" ends, and what follows it is an element, or nothing (a
// text that only mentions "<mjloggm>" is not a log).
func Detect(data []byte) bool {
	if len(data) > 64<<10 {
		data = data[:64<<10]
	}
	for from := 0; ; {
		i, isEnd := nextTag(data, from)
		if i < 0 {
			return false
		}
		from = i + len(rootTag)
		if isEnd || from >= len(data) {
			continue
		}
		if c := data[from]; c != '>' && c != '/' && !isSpace(c) {
			continue
		}
		j := bytes.IndexByte(data[from:], '>')
		if j < 0 {
			return true // cut by the window
		}
		k := from + j + 1
		for k < len(data) && isSpace(data[k]) {
			k++
		}
		if k == len(data) || data[k] == '<' {
			return true
		}
	}
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
	agariVals agariValues // the values of the current AGARI
	warnedHai bool
	// rawNonASCII: a name held bytes above 0x7F before percent-decoding,
	// which Tenhou never writes.
	rawNonASCII bool
	// general turns the fast paths off (fastRun and what it calls), for
	// the tests that hold them to the general path's results.
	general bool
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
	*d = Decoder{sc: d.sc, clean: d.clean, general: d.general}
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
		d.fastRun()
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
	return d.meld(who, code)
}

// meld decodes the meld code of seat who's call and emits its event. It
// changes nothing when it returns an error.
func (d *Decoder) meld(who event.Seat, code int) error {
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
	step, _ := d.sc.attr("step")
	ten, hasTen := d.sc.attr("ten")
	var sc [4]int32
	if hasTen && string(step) == "2" {
		if err := d.scores(ten, &sc); err != nil {
			return fmt.Errorf("REACH ten: %w", err)
		}
	}
	return d.riichi(who, step, &sc, hasTen)
}

// riichi emits seat who's riichi event for the value of REACH's step and,
// when it has a ten attribute (hasTen), the scores sc it gives (in points;
// read for step 2 only). It changes nothing when it returns an error.
func (d *Decoder) riichi(who event.Seat, step []byte, sc *[4]int32, hasTen bool) error {
	switch string(step) {
	case "1":
		d.emit(event.Event{Type: event.Riichi, Seat: who, From: event.NoSeat})
	case "2":
		e := event.Event{Type: event.RiichiAccepted, Seat: who, From: event.NoSeat, Ref: -1}
		if hasTen {
			e.Ref = int32(len(d.g.Scores))
			d.g.Scores = append(d.g.Scores, *sc)
		}
		d.emit(e)
	default:
		return fmt.Errorf("REACH step=%q: %w", step, event.ErrValue)
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

// list reads the attribute value v as a list of lo to hi numbers (hi at
// most len(d.ints)) into d.ints, with valueList: spaces around numbers and
// a sign allowed. Its errors quote v.
func (d *Decoder) list(v []byte, lo, hi int) (int, error) {
	n, fault := valueList(v, d.ints[:min(hi, len(d.ints))])
	switch {
	case fault == listNotInteger:
		return n, fmt.Errorf("list %q: number %d is not an integer: %w", v, n+1, event.ErrValue)
	case fault == listTooMany:
		return n, fmt.Errorf("list %q has more than %d numbers: %w", v, hi, event.ErrValue)
	case n == 0 && lo > 0:
		return 0, fmt.Errorf("empty list, want %d numbers: %w", lo, event.ErrValue)
	case n < lo:
		return n, fmt.Errorf("list %q has %d numbers, want %d: %w", v, n, lo, event.ErrValue)
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

// The attributes of the seats' hands (INIT, RYUUKYOKU), and those UN and
// RYUUKYOKU read.
var (
	unAttrs        = [...]string{"n0", "n1", "n2", "n3", "dan", "rate", "sx"}
	ryuukyokuAttrs = [...]string{"hai0", "hai1", "hai2", "hai3", "type", "ba", "sc", "owari"}
	haiAttrs       = [4]string{"hai0", "hai1", "hai2", "hai3"}
)

func (d *Decoder) un() error {
	s := &d.sc
	var vals [7][]byte
	s.attrsOf(unAttrs[:], vals[:])
	names, dan, rate, sx := [4][]byte(vals[:4]), vals[4], vals[5], vals[6]
	seat := -1
	nNames := 0
	for i, v := range names {
		if v != nil {
			nNames++
			seat = i
		}
	}
	hasDan, hasSx := dan != nil, sx != nil
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
	for i, v := range names {
		if v != nil {
			m.Seats[i].Name = decodeName(v)
			if !isASCII(v) {
				d.rawNonASCII = true
			}
		}
	}
	if v := dan; v != nil {
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
	if v := rate; v != nil {
		for i, rest := 0, v; rest != nil; i++ {
			if i == 4 {
				return fmt.Errorf("UN rate=%q has more than 4 values: %w", v, event.ErrValue)
			}
			var f []byte
			f, rest = nextField(rest)
			x, ok := parseDecimal(f)
			if !ok {
				return fmt.Errorf("UN rate=%q: %w", v, event.ErrValue)
			}
			m.Seats[i].Rate = x
		}
	}
	if v := sx; v != nil {
		for i, rest := 0, v; rest != nil; i++ {
			if i == 4 {
				return fmt.Errorf("UN sx=%q has more than 4 values: %w", v, event.ErrValue)
			}
			var f []byte
			f, rest = nextField(rest)
			if len(f) == 1 {
				m.Seats[i].Sex = f[0]
			}
		}
	}
	if d.players == 3 {
		m.Seats[3] = event.Player{RankIndex: -1}
	}
	return nil
}

func (d *Decoder) init() error {
	s := &d.sc
	if !d.sawGO {
		return fmt.Errorf("INIT before GO: %w", event.ErrValue)
	}
	d.hand++
	var v initValues
	var tenV, oyaV, chipV []byte
	var haiV [4][]byte
	var hasHai [4]bool
	for _, a := range s.attrs {
		name, val := s.bytesOf(a.name), s.bytesOf(a.value)
		switch string(name) {
		case "seed":
			v.seedV = val
		case "ten":
			tenV = val
		case "oya":
			oyaV = val
		case "hai0", "hai1", "hai2", "hai3":
			haiV[name[3]-'0'], hasHai[name[3]-'0'] = val, true
		case "chip":
			chipV = val
		case "shuffle":
			v.shuffle, v.hasShuffle = val, true
		}
	}
	if v.seedV == nil {
		return fmt.Errorf("INIT without seed: %w", event.ErrSyntax)
	}
	// round, honba, sticks, die 1 - 1, die 2 - 1, dora indicator. Simulators
	// write the dice as empty fields.
	v.dice = [2]bool{true, true}
	nf, fault := valueList(v.seedV, d.ints[:6])
	if fault == 0 && nf == 6 {
		copy(v.seed[:], d.ints[:6])
	} else {
		v.dice, nf = [2]bool{}, 0
		for f := range bytes.SplitSeq(v.seedV, []byte(",")) {
			f = bytes.TrimSpace(f)
			if nf == 6 {
				return fmt.Errorf("INIT seed=%q has more than 6 fields: %w", v.seedV, event.ErrValue)
			}
			if len(f) == 0 && (nf == 3 || nf == 4) {
				nf++
				continue
			}
			x, ok := parseInt(f)
			if !ok {
				return fmt.Errorf("INIT seed=%q: field %d is not an integer: %w", v.seedV, nf+1, event.ErrValue)
			}
			if nf == 3 || nf == 4 {
				v.dice[nf-3] = true
			}
			v.seed[nf] = x
			nf++
		}
	}
	if nf != 6 {
		return fmt.Errorf("INIT seed=%q has %d fields, want 6: %w", v.seedV, nf, event.ErrValue)
	}
	if oyaV == nil {
		return fmt.Errorf("INIT without oya: %w", event.ErrSyntax)
	}
	v.oyaV = oyaV
	var ok bool
	if v.oya, ok = parseUint(oyaV); !ok {
		v.oya = -1
	}
	if tenV == nil {
		return fmt.Errorf("INIT without ten: %w", event.ErrSyntax)
	}
	if _, err := d.list(tenV, 4, 4); err != nil {
		return fmt.Errorf("INIT ten: %w", err)
	}
	copy(v.ten[:], d.ints[:4])
	for p := range 4 {
		if p >= d.players {
			if len(bytes.TrimSpace(haiV[p])) > 0 {
				return fmt.Errorf("INIT hai%d: a hand for seat %d in a three-player game: %w", p, p, event.ErrValue)
			}
			continue
		}
		if !hasHai[p] {
			return fmt.Errorf("INIT without hai%d: %w", p, event.ErrSyntax)
		}
		if _, err := d.list(haiV[p], 13, 13); err != nil {
			return fmt.Errorf("INIT hai%d: %w", p, err)
		}
		copy(v.hai[p][:], d.ints[:13])
	}
	if chipV != nil {
		if _, err := d.list(chipV, 4, 4); err != nil {
			return fmt.Errorf("INIT chip: %w", err)
		}
		copy(v.chip[:], d.ints[:4])
		v.hasChip = true
	}
	return d.initRound(&v)
}

// initValues are the values of an INIT's attributes, parsed (the raw seed
// and oya for error messages).
type initValues struct {
	seedV, oyaV []byte
	seed        [6]int
	dice        [2]bool // the seed gave each die
	oya         int     // -1: not a number
	ten         [4]int
	hai         [4][13]int // hai0-hai3, for the seats of the game
	chip        [4]int
	hasChip     bool
	shuffle     []byte
	hasShuffle  bool
}

// initRound starts the hand an INIT describes, once its attributes are
// parsed, and checks them. d.hand is the new hand's index already. It
// changes nothing but d.round when it returns an error.
func (d *Decoder) initRound(v *initValues) error {
	g := d.g
	seed := &v.seed
	var r event.Round
	if seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[1] > math.MaxInt16 || seed[2] < 0 || seed[2] > math.MaxInt16 {
		return fmt.Errorf("INIT seed=%q: round, honba or sticks out of range: %w", v.seedV, event.ErrValue)
	}
	r.Wind, r.Number = int8(seed[0]/4), int8(seed[0]%4+1)
	r.Honba, r.Sticks = int16(seed[1]), int16(seed[2])
	d.round = r.ID()
	if v.dice[0] != v.dice[1] || seed[3] < 0 || seed[3] > 6 || seed[4] < 0 || seed[4] > 6 {
		return fmt.Errorf("INIT seed=%q: dice out of range: %w", v.seedV, event.ErrValue)
	}
	if v.dice[0] {
		r.Dice = [2]int8{int8(seed[3] + 1), int8(seed[4] + 1)}
		r.Known |= event.KnownDice
	}
	dora, err := d.checkID(seed[5])
	if err != nil {
		return fmt.Errorf("INIT dora indicator: %w", err)
	}
	r.Dora, r.DoraID = d.faces[dora], dora
	switch oya := v.oya; {
	case oya < 0 || oya >= d.players:
		return fmt.Errorf("INIT oya=%q is not a seat of a %d-player game: %w", v.oyaV, d.players, event.ErrValue)
	case oya != seed[0]%4:
		return fmt.Errorf("INIT oya=%d but round %d has dealer %d: %w", oya, seed[0], seed[0]%4, event.ErrValue)
	}
	r.Dealer = event.Seat(v.oya)
	for i, x := range v.ten {
		r.Scores[i] = int32(x) * 100
	}
	var seen [(tile.NumIDs + 63) / 64]uint64 // a bit per tile id
	seen[dora>>6] = 1 << (dora & 63)
	for p := range d.players {
		hand, ids := &r.Hands[p], &r.HandIDs[p]
		for i, x := range &v.hai[p] {
			face := d.face(x)
			if face == tile.None {
				_, err := d.checkID(x)
				return fmt.Errorf("INIT hai%d: %w", p, err)
			}
			w, bit := uint(x)>>6, uint64(1)<<(uint(x)&63)
			if seen[w]&bit != 0 {
				return fmt.Errorf("INIT hai%d: tile id %d dealt twice: %w", p, x, event.ErrValue)
			}
			seen[w] |= bit
			hand[i], ids[i] = face, tile.ID(x)
		}
	}
	if v.hasChip {
		for i, x := range v.chip {
			r.Chips[i] = int32(x)
		}
		r.Known |= event.KnownChips
	}
	if v.hasShuffle {
		r.Shuffle = string(unescape(v.shuffle))
	}
	d.lastDraw = [4]int16{-1, -1, -1, -1}
	d.pendRepl = [4]bool{}
	if d.hand == 0 {
		g.Meta.StartingPoints = r.Scores[0]
	}
	g.Events = append(g.Events, event.Event{Type: event.RoundStart, Seat: r.Dealer, From: event.NoSeat, Ref: int32(len(g.Rounds)),
		Pos: event.Pos{Offset: int32(d.sc.start), Index: int32(d.sc.index)}})
	g.Rounds = append(g.Rounds, r)
	return nil
}

// tileIDs checks that the numbers xs are tile ids of the game and stores
// them in dst; what names the list in errors.
func (d *Decoder) tileIDs(xs []int, dst []tile.ID, what string) error {
	for i, x := range xs {
		if d.face(x) == tile.None {
			_, err := d.checkID(x)
			return fmt.Errorf("%s: %w", what, err)
		}
		dst[i] = tile.ID(x)
	}
	return nil
}

// baValues checks the two numbers of the ba attribute whose value is raw.
func baValues(ba []int, raw []byte) (honba, sticks int16, err error) {
	if ba[0] < 0 || ba[0] > math.MaxInt16 || ba[1] < 0 || ba[1] > math.MaxInt16 {
		return 0, 0, fmt.Errorf("ba=%q out of range: %w", raw, event.ErrValue)
	}
	return int16(ba[0]), int16(ba[1]), nil
}

// scoreValues checks and stores the numbers of an sc attribute.
func scoreValues(sc []int, before, deltas, chips *[4]int32) (event.Known, error) {
	if len(sc) != 8 && len(sc) != 16 {
		return 0, fmt.Errorf("sc has %d numbers, want 8 or 16: %w", len(sc), event.ErrValue)
	}
	for i := range 4 {
		before[i] = int32(sc[2*i]) * 100
		deltas[i] = int32(sc[2*i+1]) * 100
	}
	k := event.KnownBefore | event.KnownDeltas
	if len(sc) == 16 {
		for i := range 4 {
			chips[i] = int32(sc[8+2*i+1])
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
	// The values live in the Decoder: the table of lists below would move
	// them to the heap.
	v := &d.agariVals
	v.agariFields = agariFields{}
	var haiV, mV, doraV, uraV, baV, scV, owariV []byte
	for _, a := range s.attrs {
		val := s.bytesOf(a.value)
		switch string(s.bytesOf(a.name)) {
		case "who":
			v.whoV = val
		case "fromWho":
			v.fromV = val
		case "paoWho":
			v.paoV = val
		case "hai":
			haiV = val
		case "machi":
			v.machiV = val
		case "ten":
			v.tenV = val
		case "m":
			mV, v.hasM = val, true
		case "yaku":
			v.yakuV, v.hasYaku = val, true
		case "yakuman":
			v.yakumanV, v.hasYakuman = val, true
		case "doraHai":
			doraV, v.hasDora = val, true
		case "doraHaiUra":
			uraV, v.hasUra = val, true
		case "ba":
			baV, v.hasBa = val, true
		case "sc":
			scV, v.hasSc = val, true
		case "owari":
			owariV = val
		}
	}
	// Parse the lists; agariWin checks their numbers.
	lists := [...]struct {
		name     string
		val      []byte // nil: absent
		required bool
		lo       int
		dst      []int
		n        *int
	}{
		{"hai", haiV, true, 0, v.hai[:], &v.nHai},
		{"m", mV, false, 0, v.m[:], &v.nM},
		{"ten", v.tenV, true, 3, v.ten[:], nil},
		{"yaku", v.yakuV, false, 0, v.yaku[:], &v.nYaku},
		{"yakuman", v.yakumanV, false, 0, v.yakuman[:], &v.nYakuman},
		{"doraHai", doraV, false, 0, v.dora[:], &v.nDora},
		{"doraHaiUra", uraV, false, 0, v.ura[:], &v.nUra},
		{"ba", baV, false, 2, v.ba[:], nil},
		{"sc", scV, false, 8, v.sc[:], &v.nSc},
	}
	for _, l := range lists {
		if l.val == nil {
			if l.required {
				return fmt.Errorf("AGARI without %s: %w", l.name, event.ErrSyntax)
			}
			continue
		}
		n, err := d.list(l.val, l.lo, len(l.dst))
		if err != nil {
			return fmt.Errorf("AGARI %s: %w", l.name, err)
		}
		copy(l.dst, d.ints[:n])
		if l.n != nil {
			*l.n = n
		}
	}
	v.baV = baV
	if err := d.agariWin(v); err != nil {
		return err
	}
	return d.owariValue(owariV)
}

// agariValues are the values of an AGARI's attributes: the lists parsed,
// the single values (and the lists that error messages quote) raw. Both
// paths use the Decoder's one agariValues and clear only its agariFields:
// a list is read up to its count only (ten and ba, whose counts are fixed,
// are checked for them), and clearing the 1.5 KB of lists for every win
// cost about 1% of a corpus pass.
type agariValues struct {
	agariFields
	hai           [14]int
	m             [8]int
	ten           [3]int
	yaku, yakuman [64]int
	dora, ura     [5]int
	ba            [2]int
	sc            [16]int
}

// agariFields are the parts of agariValues cleared for each AGARI.
type agariFields struct {
	whoV, fromV, paoV, machiV     []byte
	tenV, yakuV, yakumanV, baV    []byte
	nHai, nM, nYaku, nYakuman     int
	nDora, nUra, nSc              int
	hasM, hasYaku, hasYakuman     bool
	hasDora, hasUra, hasBa, hasSc bool
}

// agariWin checks an AGARI's values and records the win. It changes
// nothing when it returns an error.
func (d *Decoder) agariWin(v *agariValues) error {
	// The record is filled in place, and dropped again on an error.
	n := len(d.g.Wins)
	d.g.Wins = slices.Grow(d.g.Wins, 1)[:n+1]
	w := &d.g.Wins[n]
	*w = event.WinRecord{}
	if err := d.fillWin(w, v); err != nil {
		d.g.Wins = d.g.Wins[:n]
		return err
	}
	d.emit(event.Event{Type: event.Win, Seat: w.Winner, From: w.From, Tile: w.WinTile, ID: w.WinID, Ref: int32(n)})
	return nil
}

// fillWin checks an AGARI's values and fills w with them.
func (d *Decoder) fillWin(w *event.WinRecord, v *agariValues) error {
	var err error
	if w.Winner, err = d.seatValue("who", v.whoV); err != nil {
		return fmt.Errorf("AGARI: %w", err)
	}
	if w.From, err = d.seatValue("fromWho", v.fromV); err != nil {
		return fmt.Errorf("AGARI: %w", err)
	}
	w.Liable = event.NoSeat
	if v.paoV != nil {
		if w.Liable, err = d.seatValue("paoWho", v.paoV); err != nil {
			return fmt.Errorf("AGARI: %w", err)
		}
	}
	n := v.nHai
	if err := d.tileIDs(v.hai[:n], w.HandIDs[:], "AGARI hai"); err != nil {
		return err
	}
	w.HandLen = uint8(n)
	for i := range n {
		w.Hand[i] = d.faces[w.HandIDs[i]]
	}
	if v.machiV == nil {
		return fmt.Errorf("AGARI without machi: %w", event.ErrSyntax)
	}
	if w.WinID, err = d.tileID(v.machiV); err != nil {
		return fmt.Errorf("AGARI machi: %w", err)
	}
	w.WinTile = d.faces[w.WinID]
	warn := false
	if n%3 == 1 && n < len(w.HandIDs) {
		// Some writers leave the winning tile out of hai; Tenhou includes
		// it for tsumo and ron alike.
		w.HandIDs[n], w.Hand[n] = w.WinID, w.WinTile
		w.HandLen++
		warn = !d.warnedHai
	}
	w.Known |= event.KnownHand | event.KnownMelds
	if v.hasM {
		for i, code := range v.m[:v.nM] {
			dm, err := decodeMeld(code, w.Winner, d.players, d.reds)
			if err != nil {
				return fmt.Errorf("AGARI m: %v: %w", err, event.ErrValue)
			}
			w.Melds[i] = dm.meld
		}
		w.NMelds = uint8(v.nM)
	}
	ten := &v.ten
	if ten[0] < 0 || ten[0] > 1000 || ten[1] < 0 || ten[1] > math.MaxInt32 || ten[2] < 0 || ten[2] > int(event.Yakuman) {
		return fmt.Errorf("AGARI ten=%q out of range: %w", v.tenV, event.ErrValue)
	}
	w.Fu, w.Points, w.Limit = int16(ten[0]), int32(ten[1]), event.Limit(ten[2])
	w.Known |= event.KnownFu | event.KnownPoints | event.KnownYaku | event.KnownHan
	if v.hasYaku {
		if v.nYaku%2 != 0 {
			return fmt.Errorf("AGARI yaku=%q: odd number of values: %w", v.yakuV, event.ErrValue)
		}
		for i := 0; i < v.nYaku; i += 2 {
			id, han := v.yaku[i], v.yaku[i+1]
			if id < 0 || id > 54 || han < 0 || han > 100 {
				return fmt.Errorf("AGARI yaku=%q: yaku %d with %d han out of range: %w", v.yakuV, id, han, event.ErrValue)
			}
			if err := w.AddYaku(event.YakuID(id), han); err != nil {
				return fmt.Errorf("AGARI yaku: %v: %w", err, event.ErrValue)
			}
			w.Han += int16(han)
		}
	}
	if v.hasYakuman {
		for _, id := range v.yakuman[:v.nYakuman] {
			if id < 0 || id > 54 {
				return fmt.Errorf("AGARI yakuman=%q: yaku %d out of range: %w", v.yakumanV, id, event.ErrValue)
			}
			if err := w.AddYaku(event.YakuID(id), 13); err != nil {
				return fmt.Errorf("AGARI yakuman: %v: %w", err, event.ErrValue)
			}
			w.Han += 13
		}
	}
	if v.hasDora {
		if err := d.tileIDs(v.dora[:v.nDora], w.DoraIDs[:], "AGARI doraHai"); err != nil {
			return err
		}
		w.NDora = uint8(v.nDora)
		for i := range v.nDora {
			w.Dora[i] = d.faces[w.DoraIDs[i]]
		}
		w.Known |= event.KnownDora
	}
	w.Known |= event.KnownUra
	if v.hasUra {
		if err := d.tileIDs(v.ura[:v.nUra], w.UraIDs[:], "AGARI doraHaiUra"); err != nil {
			return err
		}
		w.NUra = uint8(v.nUra)
		for i := range v.nUra {
			w.Ura[i] = d.faces[w.UraIDs[i]]
		}
	}
	if v.hasBa {
		if w.Honba, w.Sticks, err = baValues(v.ba[:], v.baV); err != nil {
			return fmt.Errorf("AGARI %w", err)
		}
		w.Known |= event.KnownBa
	}
	if v.hasSc {
		k, err := scoreValues(v.sc[:v.nSc], &w.Before, &w.Deltas, &w.ChipDeltas)
		if err != nil {
			return fmt.Errorf("AGARI %w", err)
		}
		w.Known |= k
	}
	if warn {
		d.warnedHai = true
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, "AGARI hai without the winning tile (added from machi); Tenhou always includes it")
	}
	return nil
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
	var vals [8][]byte
	s.attrsOf(ryuukyokuAttrs[:], vals[:])
	hai, typ, ba, sc, owari := [4][]byte(vals[:4]), vals[4], vals[5], vals[6], vals[7]
	var r event.RyuukyokuRecord
	r.Kind = event.Exhaustive
	if typ != nil {
		k, ok := ryuukyokuKind(string(typ))
		if !ok {
			return fmt.Errorf("RYUUKYOKU type=%q: %w", typ, event.ErrUnsupported)
		}
		r.Kind = k
	}
	if ba != nil {
		if _, err := d.list(ba, 2, 2); err != nil {
			return fmt.Errorf("RYUUKYOKU ba: %w", err)
		}
		var err error
		if r.Honba, r.Sticks, err = baValues(d.ints[:2], ba); err != nil {
			return fmt.Errorf("RYUUKYOKU %w", err)
		}
		r.Known |= event.KnownBa
	}
	if sc != nil {
		n, err := d.list(sc, 8, 16)
		if err != nil {
			return fmt.Errorf("RYUUKYOKU sc: %w", err)
		}
		k, err := scoreValues(d.ints[:n], &r.Before, &r.Deltas, &r.ChipDeltas)
		if err != nil {
			return fmt.Errorf("RYUUKYOKU %w", err)
		}
		r.Known |= k
	}
	if r.Known == 0 && typ == nil {
		// The server stopped the game in the middle of the hand.
		r.Kind = event.Interrupted
	} else {
		r.Known |= event.KnownHand
	}
	for p := range d.players {
		v := hai[p]
		if v == nil {
			continue
		}
		n, err := d.list(v, 0, len(r.HandIDs[p]))
		if err != nil {
			return fmt.Errorf("RYUUKYOKU %s: %w", haiAttrs[p], err)
		}
		if err := d.tileIDs(d.ints[:n], r.HandIDs[p][:], haiAttrs[p]); err != nil {
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
	return d.owariValue(owari)
}

// owariValue emits the game end of the owari value v, if v is not nil.
func (d *Decoder) owariValue(v []byte) error {
	if v == nil {
		return nil
	}
	e, err := parseOwari(v)
	if err != nil {
		return err
	}
	d.endGame(&e)
	return nil
}

// parseOwari parses the value of an owari attribute: final scores and
// points, then chips in chip lobbies.
func parseOwari(v []byte) (event.EndRecord, error) {
	var e event.EndRecord
	if len(bytes.TrimSpace(v)) == 0 {
		return e, nil
	}
	var vals [16][]byte
	n := 0
	for rest := v; rest != nil; n++ {
		if n == len(vals) {
			return e, fmt.Errorf("owari=%q has more than 16 values: %w", v, event.ErrValue)
		}
		vals[n], rest = nextField(rest)
		vals[n] = bytes.TrimSpace(vals[n])
	}
	if n != 8 && n != 16 {
		return e, fmt.Errorf("owari=%q has %d values, want 8 or 16: %w", v, n, event.ErrValue)
	}
	for i := range 4 {
		sc, ok := parseInt(vals[2*i])
		if !ok {
			return e, fmt.Errorf("owari=%q: score %q: %w", v, vals[2*i], event.ErrValue)
		}
		pt, ok := parseDecimal(vals[2*i+1])
		if !ok || math.IsNaN(pt) || math.IsInf(pt, 0) {
			return e, fmt.Errorf("owari=%q: points %q: %w", v, vals[2*i+1], event.ErrValue)
		}
		e.Scores[i] = int32(sc) * 100
		e.Points[i] = pt
	}
	e.Known |= event.KnownScores | event.KnownPoints2
	if n == 16 {
		for i := range 4 {
			c, ok := parseInt(vals[8+2*i])
			if !ok {
				return e, fmt.Errorf("owari=%q: chips %q: %w", v, vals[8+2*i], event.ErrValue)
			}
			e.Chips[i] = int32(c)
		}
		e.Known |= event.KnownChips
	}
	return e, nil
}

// endGame records the game's end.
func (d *Decoder) endGame(e *event.EndRecord) {
	d.g.End = append(d.g.End, *e)
	d.emit(event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.End) - 1)})
	d.ended = true
}
