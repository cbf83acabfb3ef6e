package mjai

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/jsontok"
	"github.com/haifu/haifu/tile"
)

// detectWindow is how much of the input detect looks at.
const detectWindow = 64 << 10

// detect reports whether data looks like an mjai log: it does not start
// with '<' (mjlog XML), and within its first 64 KiB an object has "type"
// "start_game" or "start_kyoku" (the JSON lines variants, the old logs with
// text dumps, and the single-object variant, whose game array starts with
// start_kyoku). tenhou.net/6 and Mahjong Soul JSON have no such member.
func detect(data []byte) bool {
	if len(data) > detectWindow {
		data = data[:detectWindow]
	}
	i := jsontok.SkipSpace(data, jsontok.SkipBOM(data))
	if i >= len(data) || data[i] == '<' {
		return false
	}
	for {
		j := bytes.Index(data[i:], []byte(`"start_`))
		if j < 0 {
			return false
		}
		j += i
		rest := data[j+len(`"start_`):]
		if (bytes.HasPrefix(rest, []byte(`game"`)) || bytes.HasPrefix(rest, []byte(`kyoku"`))) && typeKeyBefore(data[:j]) {
			return true
		}
		i = j + 1
	}
}

// typeKeyBefore reports whether b ends with `"type"` and a colon, with
// optional white space.
func typeKeyBefore(b []byte) bool {
	i := len(b) - 1
	for i >= 0 && jsontok.IsSpace(b[i]) {
		i--
	}
	if i < 0 || b[i] != ':' {
		return false
	}
	i--
	for i >= 0 && jsontok.IsSpace(b[i]) {
		i--
	}
	return bytes.HasSuffix(b[:i+1], []byte(`"type"`))
}

// Decoder decodes mjai logs. It keeps its JSON parser and buffers from one
// input to the next, so reuse one Decoder per goroutine. The zero Decoder
// is ready for use. A Decoder is not safe for concurrent use.
type Decoder struct {
	p   fastjson.Parser
	tok jsontok.Tokenizer
	// pt and pruneBuf prune a long event to the fields the decoder
	// reads (see parse); pruneAll prunes every one (for the tests, which
	// check that pruning changes nothing). big says that a parsed value
	// was large: the parser's copy of it is not kept.
	pt       jsontok.Tokenizer
	pruneBuf []byte
	pruneAll bool
	big      bool
	// general turns the fast paths off (fastLine, scanFlat): every line
	// goes to fastjson, for the tests that hold the paths equal.
	general bool

	g       *event.Game
	path    string
	data    []byte    // the input, for the line and column of errors
	pos     event.Pos // of the event being decoded
	hand    int       // index of the current hand, -1 before the first
	round   event.RoundID
	players int
	// playersKnown says that players was read from the log.
	playersKnown bool

	doc          bool // the input is one JSON document, not JSON lines
	started      bool // the GameStart event was emitted
	sawStartGame bool
	inHand       bool   // between start_kyoku and the hand's end
	over         bool   // the hand ended (hora or ryukyoku); more hora may follow
	lastHora     bool   // the hand ended with hora (a further hora is a multi-ron)
	ended        bool   // the game end was read
	stopped      string // the message of the server's error event

	// Old logs (start_kyoku with oya and dora_marker only).
	needHeader uint8 // fields still to be read from a board dump header: needWind, needNumber, needHonba
	needHands  uint8 // seats whose haipai is still to come
	prevDealer event.Seat
	wind       int8

	// The hand being decoded.
	lastDraw [4]tile.Tile // the tile each seat drew, when its next action may be a tsumogiri
	drew     [4]bool
	pendRepl [4]bool   // the seat's next draw is a replacement draw
	offer    tile.Tile // the last tile another seat could ron (a discard, an added kan tile)
	melds    [4][8]event.Meld
	nmelds   [4]uint8
	dora     [6]tile.Tile // the first indicator and five kans' (a fifth that aborts the hand may reveal one)
	ndora    int

	// Scores: running are the scores after the last recorded change, when
	// runningKnown; a hand whose start_kyoku has no scores waits in
	// startPending for the first event that records scores and deltas;
	// deposits are riichi sticks paid meanwhile.
	running      [4]int32
	runningKnown bool
	startPending bool
	deposits     [4]int32

	noResult  counted // end_kyoku with no hora or ryukyoku
	noWinTile counted // hora without pai, with no tile to win on
	hidden    int     // tiles hidden as "?" outside a hidden hand
	// handHidden has a bit per seat whose hand the current hand hides
	// (a player's view of the game).
	handHidden uint8
	hiddenPos  place // of the first hidden tile
	text       int   // lines skipped because they are not JSON
	textFirst  int
	unknown    []string // warnings about values not understood

	win   event.WinRecord
	yakus []event.YakuID
	flat  flatEvent
}

// Fields of a round that an old log gives in its board dumps.
const (
	needWind uint8 = 1 << iota
	needNumber
	needHonba
)

// Decode decodes the mjai log data into g, which it resets first; path names
// the input in errors and in g.Meta.Path. Every error is an *event.Error
// with the byte offset and the line number (or the event's index in the
// single-object variant) and the hand. When the log ends before the game
// does, Decode keeps the events read and returns an error wrapping
// event.ErrTruncated.
func (d *Decoder) Decode(data []byte, path string, g *event.Game) error {
	g.Reset()
	*d = Decoder{p: d.p, tok: d.tok, yakus: d.yakus[:0], unknown: d.unknown[:0], pruneBuf: d.pruneBuf[:0], pruneAll: d.pruneAll, general: d.general}
	d.g, d.path, d.data = g, path, data
	defer d.release()
	d.hand = -1
	d.players = 4
	d.prevDealer = event.NoSeat
	m := &g.Meta
	m.Format = event.FormatMjai
	m.Path = path
	m.Platform = event.PlatformOther
	m.Players = 4
	m.Rules = event.Rules{RedFives: [3]int8{-1, -1, -1}, TenhouType: -1, TenhouLobby: -1}
	for i := range m.Seats {
		m.Seats[i].RankIndex = -1
	}
	d.pos = event.Pos{Offset: 0, Index: -1}
	if len(data) > math.MaxInt32 {
		return d.errf(event.ErrUnsupported, "input of %d bytes is too large", len(data))
	}
	start := jsontok.SkipBOM(data)
	var err error
	if d.isDocument(data, start) {
		d.doc = true
		err = d.document(data, start)
	} else {
		err = d.lines(data, start)
	}
	if err != nil {
		d.warnings()
		if d.hidden > 0 {
			// The game cannot be replayed whatever else is wrong:
			// say so, so that nothing judges what could be read.
			return d.hiddenError()
		}
		return err
	}
	return d.finish(len(data))
}

// place is where an event is: its position, and the hand and round it is
// in.
type place struct {
	pos   event.Pos
	hand  int
	round event.RoundID
}

// here returns the place of the event being decoded.
func (d *Decoder) here() place { return place{d.pos, d.hand, d.round} }

// hiddenError reports tiles hidden outside a hidden hand, at the first of
// them: its line (or event), hand and round.
func (d *Decoder) hiddenError() error {
	now := d.here()
	d.pos, d.hand, d.round = d.hiddenPos.pos, d.hiddenPos.hand, d.hiddenPos.round
	err := d.errf(event.ErrUnsupported, "%d tiles are hidden as \"?\" outside a hidden hand, the first here: the game cannot be replayed", d.hidden)
	d.pos, d.hand, d.round = now.pos, now.hand, now.round
	return err
}

// isDocument reports whether data is one JSON value rather than JSON
// lines: an array, or an object spread over lines (its first line does not
// hold a whole object), a one-line object with a "game" or "events" array
// (the single-object variant or an arena record written compactly), or a
// one-line object that is not an event and is all the input holds.
func (d *Decoder) isDocument(data []byte, start int) bool {
	i := jsontok.SkipSpace(data, start)
	if i >= len(data) || (data[i] != '{' && data[i] != '[') {
		return false
	}
	if data[i] == '[' {
		return true
	}
	end := bytes.IndexByte(data[i:], '\n')
	if end < 0 {
		end = len(data)
	} else {
		end += i
	}
	line := bytes.TrimRight(data[i:end], " \t\r")
	if !isObjectLine(line) {
		return true
	}
	v, err := d.parse(line, i)
	if err != nil {
		return line[len(line)-1] != '}'
	}
	t := v.Get("type")
	if t != nil && t.Type() == fastjson.TypeString {
		return false // an event line
	}
	// The single-object variant or an arena record on one line, or an
	// object that is the whole input and no event (which document
	// reports as no game).
	return v.Get("game") != nil || v.Get("events") != nil || jsontok.SkipSpace(data, end) == len(data)
}

// isObjectLine reports whether b (starting with '{') opens a JSON object on
// the same line: the next non-space byte is a quote or the closing brace.
func isObjectLine(b []byte) bool {
	if len(b) == 0 || b[0] != '{' {
		return false
	}
	i := jsontok.SkipSpace(b, 1)
	return i < len(b) && (b[i] == '"' || b[i] == '}')
}

// lines decodes JSON lines. Lines that are not JSON objects are skipped.
func (d *Decoder) lines(data []byte, off int) error {
	line := 0
	for off < len(data) {
		if !d.general && d.inHand && !d.ended && d.needHeader == 0 && d.needHands == 0 {
			if off, line = d.playRun(data, off, line); off == len(data) {
				break
			}
		}
		end, next, complete := len(data), len(data), false
		if nl := bytes.IndexByte(data[off:], '\n'); nl >= 0 {
			end, next, complete = off+nl, off+nl+1, true
		}
		line++
		b := data[off:end]
		if len(b) > 0 && b[len(b)-1] == '\r' {
			b = b[:len(b)-1]
		}
		lead := jsontok.SkipSpace(b, 0)
		switch {
		case lead == len(b):
		case !isObjectLine(b[lead:]):
			d.textLine(b, line)
		default:
			d.pos = event.Pos{Offset: int32(off), Index: int32(line)}
			if !d.general {
				if ok, err := d.fastLine(b); ok {
					if err != nil {
						return err
					}
					break
				}
				if scanFlat(b, &d.flat) && d.fastEvent(&d.flat) {
					break
				}
			}
			v, err := d.parse(b, off)
			if ee, ok := err.(*event.Error); ok {
				return ee
			}
			if err != nil {
				// Where the line goes wrong, for the line and column.
				at := off + len(b)
				d.tok.Reset(data[:off+len(b)], off)
				if d.tok.Value(); d.tok.End() {
					at = off // fastjson's own limits
				} else if e := d.tok.Err(); !e.Truncated() {
					at = e.Offset
				}
				if !complete {
					return d.textErrf(at, event.ErrTruncated, "the last line is cut short: %v", err)
				}
				return d.textErrf(at, event.ErrSyntax, "%v", err)
			}
			if err := d.event(v); err != nil {
				return err
			}
		}
		off = next
	}
	d.pos = event.Pos{Offset: int32(len(data)), Index: int32(line)}
	return nil
}

// textLine counts a line that is not JSON and reads a board dump header
// when an old log's round still needs it.
func (d *Decoder) textLine(b []byte, line int) {
	if d.text == 0 {
		d.textFirst = line
	}
	d.text++
	if d.needHeader != 0 && d.inHand {
		d.header(b)
	}
}

// header reads the first line of an old log's board dump, such as
// "E-1 kyoku 0 honba  dora_marker: 6s", into the current round.
func (d *Decoder) header(b []byte) {
	if len(b) < len("E-1 kyoku 0 honba") || b[1] != '-' || b[3] != ' ' {
		return
	}
	w := bytes.IndexByte([]byte("ESWN"), b[0])
	n := int(b[2]) - '0'
	if w < 0 || n < 1 || n > 4 || !bytes.HasPrefix(b[4:], []byte("kyoku ")) {
		return
	}
	rest := b[len("E-1 kyoku "):]
	sp := bytes.IndexByte(rest, ' ')
	if sp <= 0 || !bytes.HasPrefix(rest[sp:], []byte(" honba")) {
		return
	}
	h, err := strconv.Atoi(string(rest[:sp]))
	if err != nil || h < 0 || h > math.MaxInt16 {
		return
	}
	r := &d.g.Rounds[len(d.g.Rounds)-1]
	if d.needHeader&needWind != 0 {
		r.Wind = int8(w)
		d.wind = int8(w)
	}
	if d.needHeader&needNumber != 0 {
		r.Number = int8(n)
	}
	if d.needHeader&needHonba != 0 {
		r.Honba = int16(h)
	}
	d.needHeader = 0
	d.round = r.ID()
}

// where names the current event's position for warnings.
func (d *Decoder) where() string {
	if d.doc {
		return "event " + strconv.Itoa(int(d.pos.Index))
	}
	return "line " + strconv.Itoa(int(d.pos.Index))
}

// errf returns an *event.Error at the current event wrapping kind. In the
// single-object variant its message starts with the line and column of
// the event; in JSON lines the position names the line already.
func (d *Decoder) errf(kind error, format string, args ...any) error {
	at := -1
	if d.doc {
		at = int(d.pos.Offset)
	}
	return d.textErrf(at, kind, format, args...)
}

// textErrf returns an *event.Error at the current event wrapping kind,
// whose message starts with the line and column of offset at (a JSON
// error inside the event) unless at is negative.
func (d *Decoder) textErrf(at int, kind error, format string, args ...any) error {
	err := fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), kind)
	off := int64(d.pos.Offset)
	if at >= 0 {
		err = jsontok.Wrap(d.data, at, err)
		off = int64(at) // the offset of the line and column the message names
	}
	return &event.Error{
		Path: d.path, Format: event.FormatMjai,
		Offset: off, Index: int(d.pos.Index),
		Hand: d.hand, Round: d.round,
		Err: err,
	}
}

// release drops the references to the input, which the Decoder must not
// keep between calls.
func (d *Decoder) release() {
	d.data = nil
	d.tok.Reset(nil, 0)
	if d.big {
		d.p, d.pruneBuf = fastjson.Parser{}, nil
	}
}

// parse parses the JSON value b, at offset off of the input, with
// fastjson. A long value is pruned first to the members the decoder reads
// (jsontok.Pruned): an event that holds a huge value under another key
// costs a scan, not a tree. A value that holds too much in the members
// read is an *event.Error wrapping event.ErrValue at its offset; the other
// errors are syntax errors (fastjson's, or a *jsontok.Error at an offset
// of b), for the caller to report.
func (d *Decoder) parse(b []byte, off int) (*fastjson.Value, error) {
	pb, e := d.pt.Pruned(&d.pruneBuf, b, keep, d.pruneAll)
	if e != nil {
		if e.Err == jsontok.ErrTooLarge {
			return nil, d.textErrf(off+e.Offset, event.ErrValue, "%s", e.Msg)
		}
		return nil, e
	}
	d.big = d.big || len(pb) > jsontok.KeepUpTo
	return d.p.ParseBytes(pb)
}

// keep says which members of an event's objects (and of the single-object
// variant's metadata, and an arena record's players) the decoder reads:
// those it looks up, in any event.
func keep(k []byte) jsontok.Keep {
	switch string(k) {
	case "type", "actor", "target", "pai", "consumed", "tsumogiri", "names", "seed", "uri", "message",
		"bakaze", "dora_marker", "kyoku", "honba", "kyotaku", "oya", "scores", "tehais", "haiyama",
		"deltas", "ura_markers", "uradora_markers", "uradora_marker", "ura_marker", "yakus", "yaku",
		"fu", "han", "hu", "fan", "hora_points", "hora_tehais", "tenpais", "reason", "paowho", "pais",
		"aka_flag", "kyoku_first", "fromwho", "machi", "hai", "score", "dora",
		"lobby", "dan", "rate", "sex", "sx", "id", "game", "owari",
		"events", "players", "name", "nickname":
		return jsontok.Member
	}
	return jsontok.Drop
}

// finish checks the game's end after the last event.
func (d *Decoder) finish(size int) error {
	d.warnings()
	if !d.started {
		return d.errf(event.ErrSyntax, "no mjai events")
	}
	if d.hidden > 0 {
		return d.hiddenError()
	}
	if !d.ended {
		if d.stopped != "" {
			return d.errf(event.ErrTruncated, "the server stopped the game: %s", d.stopped)
		}
		what := "after the last event"
		if d.hand < 0 {
			what = "before the first hand"
		}
		return d.errf(event.ErrTruncated, "no end_game %s", what)
	}
	return nil
}

// warnings records the skipped text and the values not understood.
func (d *Decoder) warnings() {
	m := &d.g.Meta
	var scores, sticks int
	for i := range d.g.Rounds {
		if d.g.Rounds[i].Unknown&event.KnownScores != 0 {
			scores++
		}
		if d.g.Rounds[i].Unknown&event.KnownBa != 0 {
			sticks++
		}
	}
	if scores+sticks > 0 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("the log does not record the scores at the start of %d hands and the riichi sticks at the start of %d (Round.Unknown)", scores, sticks))
	}
	if d.text > 0 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("skipped %d lines that are not JSON objects (text between the events, such as board dumps), the first at line %d", d.text, d.textFirst))
	}
	if n := d.noWinTile.n; n > 0 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("%d hora without pai where the winner has no tile to win on (the log lacks the events before them), the first at %s: their winning tile is left unknown", n, d.noWinTile.first))
	}
	if n := d.noResult.n; n > 0 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("%d end_kyoku without hora or ryukyoku, the first at %s: such hands end in a ryuukyoku of unrecorded kind", n, d.noResult.first))
	}
	m.Warnings = append(m.Warnings, d.unknown...)
}

// counted is a warning that may apply to many events: how many, and where
// the first was.
type counted struct {
	n     int
	first string
}

func (c *counted) note(d *Decoder) {
	if c.n == 0 {
		c.first = d.where()
	}
	c.n++
}

// warn records a warning once per distinct text.
func (d *Decoder) warn(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if !slices.Contains(d.unknown, s) {
		d.unknown = append(d.unknown, s)
	}
}

// emit appends an event at the current position.
func (d *Decoder) emit(e event.Event) {
	e.Pos = d.pos
	d.g.Events = append(d.g.Events, e)
}

// push appends a zero event at the current position and returns it, for
// the caller to fill: the most common events (draws and discards) are
// written in place, not built apart and copied (a copy of a value just
// written field by field stalls on the store buffer).
func (d *Decoder) push() *event.Event {
	n := len(d.g.Events)
	if n == cap(d.g.Events) {
		d.g.Events = slices.Grow(d.g.Events, 1)
	}
	d.g.Events = d.g.Events[:n+1]
	e := &d.g.Events[n]
	*e = event.Event{}
	e.Pos = d.pos
	return e
}

// gameStart emits the GameStart event if it was not emitted yet; pos is
// where it comes from.
func (d *Decoder) gameStart(pos event.Pos) {
	if d.started {
		return
	}
	d.started = true
	d.g.Events = append(d.g.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat, Pos: pos})
}
