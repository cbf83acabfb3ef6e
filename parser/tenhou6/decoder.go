package tenhou6

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/jsontok"
)

// detect reports whether data looks like tenhou.net/6 JSON: after white
// space (and a UTF-8 byte order mark) it starts with '{', and it has a "log"
// key whose value is an array of arrays (or an empty array). mjlog XML
// starts with '<'; Mahjong Soul records have no "log" key; mjai lines have
// no array-valued "log".
func detect(data []byte) bool {
	i := jsontok.SkipSpace(data, jsontok.SkipBOM(data))
	if i >= len(data) || data[i] != '{' {
		return false
	}
	data = data[i:]
	for {
		k := bytes.Index(data, logKey)
		if k < 0 {
			return false
		}
		data = data[k+len(logKey):]
		j := jsontok.SkipSpace(data, 0)
		if j >= len(data) || data[j] != ':' {
			continue
		}
		j = jsontok.SkipSpace(data, j+1)
		if j >= len(data) || data[j] != '[' {
			continue
		}
		j = jsontok.SkipSpace(data, j+1)
		if j < len(data) && (data[j] == '[' || data[j] == ']') {
			return true
		}
	}
}

var logKey = []byte(`"log"`)

// maxRounds bounds the rounds of one game, maxItems the items of one
// list, maxDora the dora indicators of one round (the first and five kans':
// a fifth kan reveals one before it aborts the hand, where it does).
const (
	maxRounds = 64
	maxItems  = 512
	maxDora   = 6
)

// Decoder decodes tenhou.net/6 JSON into event.Games. It keeps its parser
// and buffers from one input to the next, so reuse one Decoder per
// goroutine. The zero Decoder is ready for use. A Decoder is not safe for
// concurrent use.
type Decoder struct {
	p       fastjson.Parser // the metadata (a document without its log)
	rp      fastjson.Parser // one round's result array
	sc      scanner
	metaBuf []byte
	strBuf  []byte
	// pt and pruneBuf prune a long metadata object or result to the
	// fields the decoder reads (jsontok.Pruned); pruneAll prunes every
	// one (for the tests, which check that pruning changes nothing).
	pt       jsontok.Tokenizer
	pruneBuf []byte
	pruneAll bool

	g       *event.Game
	path    string
	data    []byte // the input, for the line and column of errors
	base    int    // offset of data[0] in the input (a byte order mark)
	players int
	majsoul bool
	hand    int // index of the round being decoded, -1 before the first
	round   event.RoundID
	metaSet bool
	lastKey int // 1024*round+honba of the previous round, to see a second game
	// newDoc: the round being decoded is the first of a top-level object
	// after the first; sameRef: that object names the game by the same
	// ref as the one before it (then its first round may repeat the last
	// one's key, as within one log: the hand after a chombo).
	newDoc, sameRef bool
	prevRef         []byte
	// blankSeat is the offset (less base) of the object whose "sc" has ""
	// for seat 3, which must be a three-player game's empty seat; -1.
	blankSeat int

	end    event.EndRecord
	hasEnd bool
	conns  []conn
	items  []item
	rd     roundData
	b      builder
}

// conn is one entry of the "connection" array.
type conn struct {
	what, log, who, step int
}

// Decode decodes the tenhou.net/6 JSON in data into g, which it resets
// first. path names the input in errors and in g.Meta.Path. The input holds
// one game: a single JSON object, or JSON lines with one object per round
// (or per group of rounds) of the same game. Every error is an
// *event.Error with the byte offset (its message gives the line and
// column), the round index and the round, wrapping event.ErrSyntax (not
// JSON, not tenhou.net/6), event.ErrValue (a value out of range),
// event.ErrTruncated (the input ends inside the JSON: the rounds before
// the cut are kept) or event.ErrUnsupported. A round whose order of play
// cannot be rebuilt is no error: it ends in an event.Broken (see the
// package documentation), and the rounds after it are read. A log without
// a final result (editor files) decodes without error and without a
// GameEnd event.
func (d *Decoder) Decode(data []byte, path string, g *event.Game) error {
	g.Reset()
	defer d.release()
	*d = Decoder{p: d.p, rp: d.rp, sc: d.sc, metaBuf: d.metaBuf[:0], strBuf: d.strBuf[:0], items: d.items[:0], conns: d.conns[:0], b: builder{stack: d.b.stack[:0]},
		pruneBuf: d.pruneBuf[:0], pruneAll: d.pruneAll, prevRef: d.prevRef[:0]}
	d.g, d.path, d.data = g, path, data
	d.hand = -1
	d.lastKey = -1
	d.blankSeat = -1
	m := &g.Meta
	m.Format = event.FormatTenhou6
	m.Path = path
	m.Players = 4
	m.Rules = event.Rules{RedFives: [3]int8{-1, -1, -1}, TenhouType: -1, TenhouLobby: -1}
	for i := range m.Seats {
		m.Seats[i].RankIndex = -1
	}
	if len(data) > math.MaxInt32 {
		return d.errAt(0, errf(event.ErrUnsupported, "input of %d bytes is too large", len(data)))
	}
	d.base = jsontok.SkipBOM(data)

	g.Events = append(g.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat, Pos: event.Pos{Offset: int32(d.base), Index: -1}})

	d.sc.reset(data[d.base:])
	d.sc.scanAll()
	if len(d.sc.docs) == 0 && d.sc.err() == nil {
		return d.errAt(0, errf(event.ErrSyntax, "empty input"))
	}
	for k := range d.sc.docs {
		doc := &d.sc.docs[k]
		if doc.end < 0 {
			// The document the syntax error is in: when the input was cut
			// short, keep its complete rounds.
			if d.sc.err().Truncated() {
				if err := d.doc(doc); err != nil {
					return err
				}
			}
			break
		}
		if err := d.doc(doc); err != nil {
			return err
		}
	}
	if e := d.sc.err(); e != nil {
		d.hand = -1
		switch {
		case e.Truncated():
			return d.errAt(d.base+e.Offset, errf(event.ErrTruncated, "%s", e.Msg))
		case errors.Is(e, jsontok.ErrComment):
			return d.errAt(d.base+e.Offset, errf(event.ErrSyntax, "%s, so this is not a tenhou.net/6 file (remove the comments)", e.Msg))
		}
		return d.errAt(d.base+e.Offset, errf(event.ErrSyntax, "%s", e.Msg))
	}
	if d.hand < 0 {
		return d.errAt(d.base, errf(event.ErrValue, "the log has no rounds"))
	}
	d.hand = -1
	if d.blankSeat >= 0 && d.players != 3 {
		return d.errAt(d.base+d.blankSeat, errf(event.ErrValue, `"sc" has "" for seat 3 of a %d-player game`, d.players))
	}
	if err := d.insertConnections(); err != nil {
		return err
	}
	if d.hasEnd {
		g.End = append(g.End, d.end)
		g.Events = append(g.Events, event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(g.End) - 1), Pos: event.Pos{Offset: -1, Index: -1}})
	}
	return nil
}

// release drops the references to the input and the game, which the
// Decoder must not keep between calls.
func (d *Decoder) release() {
	big := len(d.data) > jsontok.KeepUpTo
	d.g, d.data, d.rd = nil, nil, roundData{}
	d.sc.b = nil
	d.sc.t.Reset(nil, 0)
	if big || cap(d.metaBuf) > jsontok.KeepUpTo || cap(d.pruneBuf) > jsontok.KeepUpTo {
		// The parsers keep a copy of what they parsed: a huge input's
		// is not kept for the next one.
		d.p, d.rp = fastjson.Parser{}, fastjson.Parser{}
		d.metaBuf, d.pruneBuf = nil, nil
	}
}

// errAt returns an *event.Error at byte offset off (-1: none), whose
// message starts with the line and column of the offset.
func (d *Decoder) errAt(off int, err error) error {
	hand := d.hand
	if d.round.Wind < 0 {
		hand = -1 // the round's header was not read
	}
	if off >= 0 {
		err = jsontok.Wrap(d.data, off, err)
	}
	return &event.Error{Path: d.path, Format: event.FormatTenhou6, Offset: int64(off), Index: d.hand, Hand: hand, Round: d.round, Err: err}
}

// warn adds a warning to the game once.
func (d *Decoder) warn(format string, args ...any) {
	w := fmt.Sprintf(format, args...)
	if slices.Contains(d.g.Meta.Warnings, w) {
		return
	}
	d.g.Meta.Warnings = append(d.g.Meta.Warnings, w)
}

// doc decodes one top-level JSON value: fastjson parses its metadata (the
// object with its log cut out), and the rounds come from the scanner's
// tokens. A document the input cuts short (end < 0) gives its metadata
// before the log and its complete rounds.
func (d *Decoder) doc(doc *docPos) error {
	b := d.sc.b
	if b[doc.start] != '{' {
		return d.errAt(d.base+doc.start, errf(event.ErrSyntax, "a top-level JSON value is not an object"))
	}
	if doc.logOff < 0 {
		if doc.end < 0 {
			return nil
		}
		return d.errAt(d.base+doc.start, errf(event.ErrSyntax, `no "log" array: not a tenhou.net/6 object`))
	}
	var m []byte
	var perr *jsontok.Error
	mapOff := func(off int) int { return d.metaOffset(doc, off) }
	if doc.end >= 0 && (doc.end-doc.start > jsontok.PruneAbove || d.pruneAll) {
		// A long document: its metadata pruned out of it, with no copy
		// of what is not read (the log, keys of no meaning).
		m, perr = d.pt.Pruned(&d.pruneBuf, b[doc.start:doc.end], metaKeep, true)
		mapOff = func(off int) int { return doc.start + off }
	} else {
		m = append(d.metaBuf[:0], b[doc.start:doc.logOff]...)
		if doc.end < 0 {
			m = append(m, "[]}"...)
		} else {
			m = append(m, "[]"...)
			m = append(m, b[doc.logEnd:doc.end]...)
		}
		d.metaBuf = m
		m, perr = d.pt.Pruned(&d.pruneBuf, m, metaKeep, d.pruneAll)
	}
	switch {
	case perr == nil:
	case perr.Err == jsontok.ErrTooLarge:
		return d.errAt(d.base+mapOff(perr.Offset), errf(event.ErrValue, "the metadata: %s", perr.Msg))
	case doc.end < 0:
		return nil
	default:
		return d.errAt(d.base+doc.start, errf(event.ErrSyntax, "%s", perr.Msg))
	}
	v, err := d.p.ParseBytes(m)
	if err != nil {
		if doc.end < 0 {
			return nil
		}
		return d.errAt(d.base+doc.start, errf(event.ErrSyntax, "%v", err))
	}
	if !d.metaSet {
		if err := d.meta(v, doc); err != nil {
			return err
		}
	}
	if sc := v.Get("sc"); sc != nil {
		if err := d.finalScores(sc, doc); err != nil {
			return err
		}
	}
	ref := v.GetStringBytes("ref")
	d.newDoc = d.hand >= 0
	d.sameRef = len(ref) > 0 && bytes.Equal(ref, d.prevRef)
	d.prevRef = append(d.prevRef[:0], ref...)
	for i := range doc.n {
		rp := &d.sc.rounds[doc.first+i]
		if doc.end < 0 && rp.end == 0 {
			break // the round the input ends in
		}
		if err := d.decodeRound(rp); err != nil {
			return err
		}
	}
	return nil
}

// metaKeep says which members of the metadata object the decoder reads
// (see meta): the others, and the log ("log" is not one of them), are not
// parsed.
func metaKeep(k []byte) jsontok.Keep {
	switch string(k) {
	case "ref", "title", "name", "dan", "rate", "sx", "lobby", "sc":
		return jsontok.Member
	case "rule", "connection":
		return jsontok.Whole
	}
	return jsontok.Drop
}

// metaOffset returns the offset in the input (less d.base) of offset off
// of the metadata buffer of doc: the document with its log array replaced
// by "[]".
func (d *Decoder) metaOffset(doc *docPos, off int) int {
	before := int(doc.logOff) - doc.start
	if doc.logOff < 0 || off < before {
		return doc.start + off
	}
	if off < before+2 || doc.end < 0 {
		return int(doc.logOff)
	}
	return int(doc.logEnd) + off - before - 2
}

// finalScores reads "sc": final score and points per seat.
func (d *Decoder) finalScores(v *fastjson.Value, doc *docPos) error {
	a, err := v.Array()
	if err != nil || (len(a) != 8 && len(a) != 0) {
		return d.errAt(d.base+doc.start, errf(event.ErrValue, `"sc" is not a list of 8 numbers (final score and points per seat)`))
	}
	if len(a) == 0 {
		return nil
	}
	var e event.EndRecord
	for i := range 4 {
		if i == 3 && blank(a[2*i]) && blank(a[2*i+1]) {
			// A three-player game's empty seat, written "" (or null) by
			// some writers where Tenhou writes 0: it must be one
			// (checked once the rounds give the player count).
			d.blankSeat = doc.start
			continue
		}
		sc, err1 := a[2*i].Float64()
		pt, err2 := a[2*i+1].Float64()
		if err1 != nil || err2 != nil || sc != math.Trunc(sc) || math.Abs(sc) > 1e9 || math.IsNaN(pt) || math.IsInf(pt, 0) {
			return d.errAt(d.base+doc.start, errf(event.ErrValue, `"sc" has a value that is not a number`))
		}
		e.Scores[i] = int32(sc)
		e.Points[i] = pt
	}
	e.Known = event.KnownScores | event.KnownPoints2
	d.end, d.hasEnd = e, true
	return nil
}

// blank reports whether v is "" or null: what some writers put for the
// empty seat of a three-player game.
func blank(v *fastjson.Value) bool {
	switch v.Type() {
	case fastjson.TypeNull:
		return true
	case fastjson.TypeString:
		return len(v.GetStringBytes()) == 0
	}
	return false
}

// meta reads the game's metadata from the first object.
func (d *Decoder) meta(v *fastjson.Value, doc *docPos) error {
	d.metaSet = true
	m := &d.g.Meta
	r := &m.Rules
	str := func(v *fastjson.Value) string {
		if v == nil || v.Type() != fastjson.TypeString {
			return ""
		}
		return validUTF8(v.GetStringBytes())
	}
	ref := str(v.Get("ref"))
	m.ID = ref
	var disp, title0 string
	if rule := v.Get("rule"); rule != nil && rule.Type() == fastjson.TypeObject {
		disp = str(rule.Get("disp"))
		r.Name = disp
		if a := rule.Get("aka"); a != nil {
			if n, err := a.Int(); err == nil && n >= 0 && n <= 4 {
				r.RedFives = [3]int8{int8(n), int8(n), int8(n)}
			}
		}
		for i, k := range [3]string{"aka51", "aka52", "aka53"} {
			if a := rule.Get(k); a != nil {
				if n, err := a.Int(); err == nil && n >= 0 && n <= 4 {
					r.RedFives[i] = int8(n)
				}
			}
		}
	}
	if t := v.Get("title"); t != nil && t.Type() == fastjson.TypeArray {
		a, _ := t.Array()
		if len(a) > 0 {
			title0 = str(a[0])
		}
		var parts []string
		for _, x := range a {
			if x.Type() == fastjson.TypeString {
				if s := strings.TrimSpace(str(x)); s != "" {
					parts = append(parts, s)
				}
			}
		}
		m.Title = strings.Join(parts, " / ")
	}
	names := v.GetArray("name")
	dans := v.GetArray("dan")
	rates := v.GetArray("rate")
	sxs := v.GetArray("sx")
	for i := range 4 {
		p := &m.Seats[i]
		if i < len(names) {
			p.Name = str(names[i])
		}
		if i < len(dans) {
			p.Rank = str(dans[i])
			p.RankIndex = int32(danIndex(p.Rank))
		}
		if i < len(rates) {
			if f, err := rates[i].Float64(); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
				p.Rate = f
			}
		}
		if i < len(sxs) {
			if s := str(sxs[i]); len(s) == 1 {
				p.Sex = s[0]
			}
		}
	}
	// Platform: Mahjong Soul conversions show it in the ref (a Mahjong
	// Soul uuid), the ranks (雀豪★2), the room name (玉の間, Gold Room) or
	// the title; Tenhou logs by their log id or Tenhou's rule name.
	msRank := false
	for i := range 4 {
		msRank = msRank || isMajsoulRank(m.Seats[i].Rank)
	}
	typ, tenhouRef := tenhouType(ref)
	tenhouRule := isTenhouRule(disp)
	switch {
	case isMajsoulRef(ref) || msRank || isMajsoulRoom(disp) || isMajsoulTitle(title0):
		m.Platform = event.Majsoul
		d.majsoul = true
	case tenhouRef || tenhouRule:
		m.Platform = event.Tenhou
	case strings.HasPrefix(disp, "電脳"):
		m.Platform = event.PlatformOther // kobalab's 電脳麻将 (tenhou-url-log)
	}
	// Length and rule facts from the rule name.
	switch {
	case strings.Contains(disp, "南") || strings.Contains(disp, "South"):
		m.Length = event.EastSouth
	case strings.Contains(disp, "東") || strings.Contains(disp, "East"):
		m.Length = event.EastOnly
	}
	switch m.Platform {
	case event.Tenhou:
		if tenhouRule {
			r.OpenTanyao = event.FlagOf(strings.Contains(disp, "喰"))
			r.Fast = event.FlagOf(strings.Contains(disp, "速"))
			r.Chips = event.FlagOf(strings.Contains(disp, "祝"))
		}
		if tenhouRef {
			r.TenhouType = int32(typ)
		}
		if l := v.Get("lobby"); l != nil {
			if n, err := l.Int(); err == nil && n >= 0 && n <= math.MaxInt32 {
				r.TenhouLobby = int32(n)
			}
		}
	case event.Majsoul:
		if strings.Contains(disp, "東喰") || strings.Contains(disp, "南喰") {
			r.OpenTanyao = event.FlagYes
		}
	}
	if c := v.Get("connection"); c != nil {
		a, err := c.Array()
		if err != nil {
			return d.errAt(d.base+doc.start, errf(event.ErrValue, `"connection" is not an array`))
		}
		if len(a) > 1000 {
			return d.errAt(d.base+doc.start, errf(event.ErrValue, `"connection" has %d entries`, len(a)))
		}
		for _, e := range a {
			var cn conn
			ok := e.Type() == fastjson.TypeObject
			for _, f := range [4]struct {
				k string
				p *int
			}{{"what", &cn.what}, {"log", &cn.log}, {"who", &cn.who}, {"step", &cn.step}} {
				x := e.Get(f.k)
				if x == nil {
					ok = false
					break
				}
				n, err := x.Int()
				if err != nil {
					ok = false
					break
				}
				*f.p = n
			}
			if !ok || cn.what < 0 || cn.what > 1 || cn.who < 0 || cn.who > 3 || cn.log < -1 || cn.log >= maxRounds || cn.step < 0 {
				return d.errAt(d.base+doc.start, errf(event.ErrValue, `"connection" entry %s is not {what: 0 or 1, log, who, step}`, jsontok.Short(e.String())))
			}
			d.conns = append(d.conns, cn)
		}
	}
	return nil
}

// setPlayers fixes the player count from the first round's shape.
func (d *Decoder) setPlayers(n int) {
	d.players = n
	m := &d.g.Meta
	m.Players = int8(n)
	if n == 3 {
		m.Seats[3] = event.Player{RankIndex: -1}
		if m.Rules.RedFives[0] > 0 {
			m.Rules.RedFives[0] = 0 // there is no 5m in three-player games
		}
	}
}

// danNames are Tenhou's rank names by dan index.
var danNames = [...]string{
	"新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
	"初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
}

func danIndex(s string) int {
	for i, n := range danNames {
		if n == s {
			return i
		}
	}
	return -1
}

// tenhouType returns the GO type written in hex in a Tenhou log id
// (YYYYMMDDHHgm-TTTT-LLLL-xxxxxxxx); ok is false when s is not one.
func tenhouType(s string) (int, bool) {
	if len(s) < 22 || s[10:13] != "gm-" || s[17] != '-' {
		return 0, false
	}
	for _, c := range []byte(s[:10]) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	t := 0
	for _, c := range []byte(s[13:17]) {
		switch {
		case c >= '0' && c <= '9':
			t = t*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			t = t*16 + int(c-'a'+10)
		default:
			return 0, false
		}
	}
	return t, true
}

// isTenhouRule reports whether s is a Tenhou rule name such as 鳳南喰赤 or
// 三般東喰赤速: an optional 三, a table level, then 東 or 南.
func isTenhouRule(s string) bool {
	s = strings.TrimPrefix(s, "三")
	r, n := utf8.DecodeRuneInString(s)
	if !strings.ContainsRune("般上特鳳若銀琥孔", r) {
		return false
	}
	r, _ = utf8.DecodeRuneInString(s[n:])
	return r == '東' || r == '南'
}

// isMajsoulRef reports whether s is a Mahjong Soul record uuid such as
// 231014-84c11a6f-b3f7-4363-966e-25f37886cfbf.
func isMajsoulRef(s string) bool {
	if len(s) != 43 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		switch i {
		case 6, 15, 20, 25, 30:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') || (i < 6 && c > '9') {
				return false
			}
		}
	}
	return true
}

// isMajsoulRank reports whether s holds a Mahjong Soul rank name.
func isMajsoulRank(s string) bool {
	for _, r := range [...]string{"★", "初心", "雀士", "雀傑", "雀豪", "雀聖", "魂天"} {
		if strings.Contains(s, r) {
			return true
		}
	}
	return false
}

// isMajsoulRoom reports whether a rule name holds a Mahjong Soul room name
// (tensoul writes the room, in Japanese or English).
func isMajsoulRoom(s string) bool {
	for _, r := range [...]string{"銅の間", "銀の間", "金の間", "玉の間", "王座の間", "友人戦", "大会戦",
		"Bronze Room", "Silver Room", "Gold Room", "Jade Room", "Throne Room", "Friendly", "Tournament", "Tounament"} {
		if strings.Contains(s, r) {
			return true
		}
	}
	return false
}

func isMajsoulTitle(s string) bool {
	return strings.Contains(s, "Mahjong Soul") || strings.Contains(s, "MahjongSoul") || strings.Contains(s, "雀魂") || strings.Contains(s, "Majsoul")
}

func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(bytes.ToValidUTF8(b, []byte("\uFFFD")))
}

// insertConnections places the Disconnect and Reconnect events of the
// "connection" array. An entry's step counts the draws, discards and calls
// (the mjlog tags it was made from) of its round before it; log -1 means
// before the first round. A step past the round's last action puts the
// event after the hand's end.
func (d *Decoder) insertConnections() error {
	g := d.g
	for _, c := range d.conns {
		typ := event.Disconnect
		if c.what == 1 {
			typ = event.Reconnect
		}
		if int8(c.who) >= g.Meta.Players {
			return d.errAt(-1, errf(event.ErrValue, "connection entry for seat %d in a %d-player game", c.who, g.Meta.Players))
		}
		at, last := -1, -1
		round, count := -1, 0
	scan:
		for i := range g.Events {
			ev := &g.Events[i]
			if ev.Type == event.RoundStart {
				round++
				count = 0
				switch {
				case c.log == -1 || round > c.log:
					at = i
					break scan
				case round == c.log && c.step == 0:
					at = i + 1
					break scan
				}
				continue
			}
			if round != c.log {
				continue
			}
			last = i
			switch ev.Type {
			case event.Draw, event.Discard, event.Call, event.ClosedKan, event.AddedKan, event.Kita:
				count++
				if count == c.step {
					at = i + 1
					break scan
				}
			}
		}
		if at < 0 {
			if last < 0 {
				return d.errAt(-1, errf(event.ErrValue, "connection entry {log: %d, step: %d} points past the log", c.log, c.step))
			}
			at = last + 1
		}
		e := event.Event{Type: typ, Seat: event.Seat(c.who), From: event.NoSeat, Pos: event.Pos{Offset: -1, Index: int32(c.log)}}
		g.Events = slices.Insert(g.Events, at, e)
	}
	return nil
}
