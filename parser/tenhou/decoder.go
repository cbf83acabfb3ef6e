package tenhou

import (
	"bytes"
	"errors"
	"fmt"
	"math"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// rootTag starts an mjlog document.
var rootTag = []byte("<mjloggm")

// detect reports whether data looks like an mjlog document: within its
// first 64 KiB (files may start with comments or stray text) a root start
// tag "<mjloggm" ends, and what follows it is an element, or nothing (a
// text that only mentions "<mjloggm>" is not a log).
func detect(data []byte) bool {
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

// errAt returns err as an *event.Error at the given offset and element
// index, in the current hand.
func (d *Decoder) errAt(offset, index int, err error) error {
	return &event.Error{Path: d.path, Format: event.FormatMjlog, Offset: int64(offset), Index: index, Hand: d.hand, Round: d.round, Err: err}
}

// emit appends e to the game's events, at the position of the scanner's
// current element.
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
		return d.bye()
	case "SHUFFLE":
		return d.shuffle()
	case "GO":
		return d.goElem()
	case "TAIKYOKU":
		return d.taikyoku()
	}
	return fmt.Errorf("unknown element <%s>: %w", name, event.ErrUnsupported)
}

// needHand reports an error when what comes before the first hand.
func (d *Decoder) needHand(what string) error {
	if d.hand < 0 {
		return fmt.Errorf("%s before the first INIT: %w", what, event.ErrValue)
	}
	return nil
}

// tileID parses b as a tile id of the game's tile set.
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

// checkSeat checks that s is a seat of the game.
func (d *Decoder) checkSeat(s event.Seat) error {
	if int(s) >= d.players {
		return fmt.Errorf("seat %d in a %d-player game: %w", s, d.players, event.ErrValue)
	}
	return nil
}

// seatAttr parses the current element's seat attribute n.
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
