package majsoul

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/jsontok"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
	"github.com/valyala/fastjson"
)

// Markers that identify a Mahjong Soul record in the first bytes of its
// input, each split into a prefix and the rest: detect looks for the rest,
// whose first byte is rarer in JSON than a quote or a dot, and then checks
// the prefix before it.
var (
	markerGDR      = marker{[]byte(".lq."), []byte("GameDetailRecords")}
	markerNewRound = marker{[]byte("Record"), []byte("NewRound")}
	markerShort    = marker{[]byte(`"`), []byte(`NewRound"`)}
	// markerBase64 is the GameDetailRecords wrapper's first 21 bytes in
	// base64, as JSON writes a bytes field holding it.
	markerBase64 = marker{[]byte(`"`), []byte(base64.StdEncoding.EncodeToString([]byte("\x0a\x15.lq.GameDetailRecords")[:21]))}
)

// marker is the string prefix+rest.
type marker struct{ prefix, rest []byte }

// in reports whether data holds the marker.
func (m marker) in(data []byte) bool {
	for i := 0; ; i++ {
		j := bytes.Index(data[i:], m.rest)
		if j < 0 {
			return false
		}
		i += j
		if bytes.HasSuffix(data[:i], m.prefix) {
			return true
		}
	}
}

// sniffLen is how far detect looks for a marker.
const sniffLen = 256 << 10

// detect reports whether data looks like a Mahjong Soul game record: a JSON
// document (object or array) naming the record types (".lq.RecordNewRound",
// "RecordNewRound" or "NewRound") or the ".lq.GameDetailRecords" wrapper
// (also as base64 protobuf), or binary protobuf holding them. It looks at
// the first 256 KiB only. mjlog XML, tenhou.net/6 JSON and mjai logs never
// contain these names.
func detect(data []byte) bool {
	if len(data) > sniffLen {
		data = data[:sniffLen]
	}
	i := jsontok.SkipSpace(data, jsontok.SkipBOM(data))
	if i == len(data) {
		return false
	}
	switch data[i] {
	case '{', '[':
		return markerNewRound.in(data) || markerShort.in(data) || markerGDR.in(data) || markerBase64.in(data)
	case '<':
		return false
	}
	// Raw protobuf: binary (a control byte near the start, as protobuf's
	// tags and lengths are) and naming the record messages. A text file
	// that merely mentions them (a notes file, a manifest) is not one.
	return isBinary(data[i:min(len(data), i+64)]) && (markerGDR.in(data) || markerNewRound.in(data))
}

// isBinary reports whether b holds a control byte other than tab, line
// feed and carriage return.
func isBinary(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return true
		}
	}
	return false
}

// Decoder decodes Mahjong Soul game records. The zero Decoder is ready for
// use; it keeps its buffers from one input to the next, so reuse one per
// goroutine. A Decoder is not safe for concurrent use.
type Decoder struct {
	p   fastjson.Parser
	tok jsontok.Tokenizer // finds where a document fastjson rejects goes wrong
	// pruneBuf holds a long document pruned to the members the decoder
	// reads (see parse); pruneAll prunes every one (for the tests, which
	// check that pruning changes nothing).
	pruneBuf []byte
	pruneAll bool

	g    *event.Game
	path string
	pos  event.Pos // of the record being decoded

	hand    int // index of the current hand, -1 before the first
	round   event.RoundID
	players int
	inHand  bool
	// broken: the hand was broken off at a record that contradicts it
	// (breakHand); skipped counts the records left out since.
	broken    bool
	skipped   int
	truncated bool // the input ends inside the records
	version   int

	dealer       event.Seat
	seats        [4]seatState
	scores       [4]int32 // running scores (riichi sticks deducted)
	honba        int16
	sticks       int16
	doras        [maxList]tile.Tile
	nDoras       int
	last         lastAction
	riichi       event.Seat // declared; stick not paid yet
	firstDiscard bool       // the dealer has not acted since the deal
	dealerDrawn  tile.Tile  // the dealer's 14th tile (the last one listed)
	userMoqie    int8       // the dealer's first discard per user_input: -1 unknown, 0, 1
	liujuRiichi  pendingRiichi

	head headInfo

	// Scratch records, reused.
	nr  recNewRound
	dt  recDealTile
	dc  recDiscardTile
	cpg recChiPengGang
	ag  recAnGangAddGang
	hu  recHule
	nt  recNoTile
	lj  recLiuJu

	order []int
	b64   []byte
	walls []tile.Tile
	key   [64]byte
	names []byte
}

// seatState is what the decoder tracks of a seat during a hand.
type seatState struct {
	hand   [128]int8 // tile counts, indexed by tile.Tile
	melds  [8]event.Meld
	nMelds int
	repl   bool // the next draw is a replacement draw
}

// lastAction is the last tile another player could win on: a discard, an
// added kan (chankan), a closed kan (kokushi) or a kita.
type lastAction struct {
	seat    event.Seat
	tile    tile.Tile
	ok      bool
	discard bool
}

// pendingRiichi is a riichi declared on the discard that an abortive draw
// followed, whose stick the record does not say was paid; the next hand's
// scores tell.
type pendingRiichi struct {
	seat event.Seat
	ev   int // index of the Ryuukyoku event, -1 when none
	ry   int // index of its record
}

// Decode decodes one Mahjong Soul game record into g, which it resets
// first. data is the whole decompressed input in any of the forms the
// package documents; path names it in errors and in g.Meta.Path. Every error
// is an *event.Error. When the input ends before the game does, Decode keeps
// the events it read and returns an error wrapping event.ErrTruncated.
func (d *Decoder) Decode(data []byte, path string, g *event.Game) (err error) {
	g.Reset()
	d.reset(g, path)
	defer func() {
		// The decoder checks its input; a panic here is a bug, but one bad
		// record must not bring down a batch job.
		if r := recover(); r != nil {
			err = d.errorf(event.ErrValue, "internal error: %v", r)
		}
	}()
	if len(data) > math.MaxInt32 {
		return d.errAt(0, -1, fmt.Errorf("input of %d bytes is too large: %w", len(data), event.ErrUnsupported))
	}
	i := jsontok.SkipSpace(data, jsontok.SkipBOM(data))
	if i < len(data) && (data[i] == '{' || data[i] == '[') {
		err = d.decodeJSON(data, i)
	} else {
		err = d.decodeBinary(data)
	}
	if err != nil {
		return err
	}
	return d.finish()
}

func (d *Decoder) reset(g *event.Game, path string) {
	*d = Decoder{
		p:        d.p,
		tok:      d.tok,
		pruneBuf: d.pruneBuf[:0],
		pruneAll: d.pruneAll,
		order:    d.order[:0],
		b64:      d.b64[:0],
		names:    d.names[:0],
		g:        g,
		path:     path,
		hand:     -1,
		riichi:   event.NoSeat,
		liujuRiichi: pendingRiichi{
			seat: event.NoSeat, ev: -1,
		},
		pos: event.Pos{Offset: -1, Index: -1},
	}
	d.head.reset()
	m := &g.Meta
	m.Format = event.FormatMajsoul
	m.Path = path
	m.Platform = event.Majsoul
	m.Players = 4
	m.TileIDs = false
	m.Rules = event.Rules{RedFives: [3]int8{-1, -1, -1}, TenhouType: -1, TenhouLobby: -1}
	for i := range m.Seats {
		m.Seats[i].RankIndex = -1
	}
	g.Events = append(g.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat, Pos: event.Pos{Offset: 0, Index: -1}})
}

// errAt returns an *event.Error at the given byte offset and record index.
func (d *Decoder) errAt(offset, index int, err error) error {
	return &event.Error{Path: d.path, Format: event.FormatMajsoul, Offset: int64(offset), Index: index, Hand: d.hand, Round: d.round, Err: err}
}

// errorf returns an *event.Error at the current record, wrapping sentinel.
func (d *Decoder) errorf(sentinel error, format string, args ...any) error {
	return d.wrap(fmt.Errorf(format+": %w", append(args, sentinel)...))
}

// wrap puts err at the current record unless it already is an
// *event.Error.
func (d *Decoder) wrap(err error) error {
	var pe *event.Error
	if errors.As(err, &pe) {
		return err
	}
	return d.errAt(int(d.pos.Offset), int(d.pos.Index), err)
}

// emit appends an event at the current record's position.
func (d *Decoder) emit(e event.Event) {
	e.Pos = d.pos
	d.g.Events = append(d.g.Events, e)
}

// finish ends the game after the last record.
func (d *Decoder) finish() error {
	d.endBreak()
	d.pos.Index = -1
	switch {
	case d.truncated:
		return d.errorf(event.ErrTruncated, "the input ends inside the records")
	case d.hand < 0:
		return d.errorf(event.ErrTruncated, "no hand in the record")
	case d.inHand:
		return d.errorf(event.ErrTruncated, "the records end in the middle of hand %d", d.hand+1)
	}
	d.applyHead()
	var e event.EndRecord
	if d.head.nResult > 0 {
		for _, p := range d.head.result[:d.head.nResult] {
			e.Scores[p.seat] = p.part1
			e.Points[p.seat] = float64(p.total) / 1000
		}
		e.Known = event.KnownScores | event.KnownPoints2
	}
	d.g.End = append(d.g.End, e)
	d.emit(event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.End) - 1)})
	return nil
}

// checkVersion notes a GameDetailRecords version other than the two known
// ones (0: records, 210715: actions); the decoder then reads the actions if
// there are any, else the records.
func (d *Decoder) checkVersion() {
	if d.version != 0 && d.version != 210715 {
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, fmt.Sprintf("unknown record version %d", d.version))
	}
}

// The record types, by name without the ".lq." and "Record" prefixes.
type recordKind uint8

const (
	recUnknown recordKind = iota
	recNewRoundKind
	recDealTileKind
	recDiscardTileKind
	recChiPengGangKind
	recAnGangAddGangKind
	recBaBeiKind
	recHuleKind
	recNoTileKind
	recLiuJuKind
	recEventMode // a record of an event mode (not standard riichi)
)

// kindOf returns the record type a Wrapper name denotes: ".lq.RecordDiscardTile",
// "RecordDiscardTile" and "DiscardTile" all name the discard.
func kindOf(name []byte) recordKind {
	if len(name) > 0 && name[0] == '.' {
		name = name[1:]
	}
	if len(name) > 3 && string(name[:3]) == "lq." {
		name = name[3:]
	}
	if len(name) > 6 && string(name[:6]) == "Record" {
		name = name[6:]
	}
	switch string(name) {
	case "NewRound":
		return recNewRoundKind
	case "DealTile":
		return recDealTileKind
	case "DiscardTile":
		return recDiscardTileKind
	case "ChiPengGang":
		return recChiPengGangKind
	case "AnGangAddGang":
		return recAnGangAddGangKind
	case "BaBei":
		return recBaBeiKind
	case "Hule":
		return recHuleKind
	case "NoTile":
		return recNoTileKind
	case "LiuJu":
		return recLiuJuKind
	case "NewCard", "SelectGap", "ChangeTile", "GangResult", "GangResultEnd", "HuleXueZhanMid",
		"HuleXueZhanEnd", "RevealTile", "UnveilTile", "LockTile", "FillAwaitingTiles":
		return recEventMode
	}
	return recUnknown
}

// unknownRecord is the error for a record of an unknown or unsupported
// type.
func (d *Decoder) unknownRecord(k recordKind, name []byte) error {
	if k == recEventMode {
		return d.errorf(event.ErrUnsupported, "record %s belongs to an event mode, not standard riichi", name)
	}
	return d.errorf(event.ErrUnsupported, "unknown record type %q", name)
}

// seatOf checks a seat number of the current game.
func (d *Decoder) seatOf(s int, what string) (event.Seat, error) {
	if s < 0 || s >= d.players {
		return event.NoSeat, d.errorf(event.ErrValue, "%s: seat %d in a %d-player game", what, s, d.players)
	}
	return event.Seat(s), nil
}

// checkTile checks that t is a tile of the game's set.
func (d *Decoder) checkTile(t tile.Tile, what string) error {
	if !t.Valid() {
		return d.errorf(event.ErrValue, "%s: no tile", what)
	}
	if d.players == 3 && t.Kind() > tile.Man1 && t.Kind() < tile.Man9 {
		return d.errorf(event.ErrValue, "%s: tile %v in a three-player game", what, t)
	}
	return nil
}

func (d *Decoder) checkTiles(l *tileList, what string) error {
	for _, t := range l.slice() {
		if err := d.checkTile(t, what); err != nil {
			return err
		}
	}
	return nil
}

func (d *Decoder) needHand(what string) error {
	if !d.inHand {
		if d.hand < 0 {
			return d.errorf(event.ErrValue, "%s before the first hand", what)
		}
		return d.errorf(event.ErrValue, "%s after the hand ended", what)
	}
	return nil
}

// actor checks that a hand is on and returns the seat of the player who
// acts in it.
func (d *Decoder) actor(seat int, what string) (event.Seat, error) {
	if err := d.needHand(what); err != nil {
		return event.NoSeat, err
	}
	return d.seatOf(seat, what)
}

func (s *seatState) add(t tile.Tile)    { s.hand[t&127]++ }
func (s *seatState) remove(t tile.Tile) { s.hand[t&127]-- }

func (d *Decoder) applyNewRound(r *recNewRound) error {
	if d.inHand {
		return d.errorf(event.ErrValue, "a new hand starts before hand %d ended", d.hand+1)
	}
	n := r.nScores
	if n == 4 && r.scores[3] == 0 && r.hands[3].n == 0 {
		n = 3 // a three-player record padded to four seats
	}
	if n != 3 && n != 4 {
		return d.errorf(event.ErrValue, "new round with %d scores: want 3 or 4 players", n)
	}
	if d.hand >= 0 && n != d.players {
		return d.errorf(event.ErrValue, "new round with %d players in a %d-player game", n, d.players)
	}
	d.resolveLiujuRiichi(r)
	d.players = n
	d.g.Meta.Players = int8(n)
	if r.chang < 0 || r.chang > 3 || r.ju < 0 || r.ju >= n || r.ben < 0 || r.ben > math.MaxInt16 || r.liqibang < 0 || r.liqibang > math.MaxInt16 {
		return d.errorf(event.ErrValue, "new round chang=%d ju=%d ben=%d liqibang=%d out of range", r.chang, r.ju, r.ben, r.liqibang)
	}
	d.hand++
	d.round = event.RoundID{Wind: int8(r.chang), Number: int8(r.ju + 1), Honba: int16(r.ben)}
	var rd event.Round
	rd.Wind, rd.Number = int8(r.chang), int8(r.ju+1)
	rd.Honba, rd.Sticks = int16(r.ben), int16(r.liqibang)
	rd.Dealer = event.Seat(r.ju)
	copy(rd.Scores[:], r.scores[:n])
	switch {
	case r.doras.n > 1:
		return d.errorf(event.ErrUnsupported, "new round with %d dora indicators (an event mode)", r.doras.n)
	case r.doras.n == 1:
		rd.Dora = r.doras.t[0]
	default:
		rd.Dora = r.dora
	}
	if err := d.checkTile(rd.Dora, "new round dora indicator"); err != nil {
		return err
	}
	for s := range 4 {
		h := &r.hands[s]
		want := 13
		switch {
		case s >= n:
			want = 0
		case s == r.ju:
			want = 14
		}
		if h.n != want && !(want == 14 && h.n == 13) { // a dealer's 14th tile may come as a draw
			return d.errorf(event.ErrValue, "new round: seat %d's starting hand has %d tiles, want %d", s, h.n, want)
		}
		if err := d.checkTiles(h, "new round hand"); err != nil {
			return err
		}
		copy(rd.Hands[s][:], h.t[:min(h.n, 13)])
	}
	if len(r.paishan) > 0 {
		wall, err := d.wall(r.paishan)
		if err != nil {
			return err
		}
		rd.Wall = wall
		// The layout by the length: the whole wall (sha256 era), or the
		// wall after the deal (md5 era); another length is a wall of no
		// known layout, said and not checked.
		total := 136
		if n == 3 {
			total = 108
		}
		switch len(wall) {
		case total:
			rd.WallForm = event.WallWhole
		case total - (13*n + 1):
			rd.WallForm = event.WallAfterDeal
		default:
			d.g.Meta.Warnings = append(d.g.Meta.Warnings, fmt.Sprintf("hand %d: a paishan of %d tiles is neither a whole wall of %d nor the %d after the deal: not checked", d.hand+1, len(wall), total, total-(13*n+1)))
		}
		rd.WallHash = wallHash(r)
	}
	g := d.g
	if d.hand == 0 {
		g.Meta.StartingPoints = rd.Scores[0]
	}
	g.Events = append(g.Events, event.Event{Type: event.RoundStart, Seat: rd.Dealer, From: event.NoSeat, Ref: int32(len(g.Rounds)), Pos: d.pos})
	g.Rounds = append(g.Rounds, rd)

	// The hand's state.
	d.inHand = true
	d.dealer = rd.Dealer
	for s := range d.seats {
		d.seats[s] = seatState{}
		for _, t := range r.hands[s].slice() {
			d.seats[s].add(t)
		}
	}
	d.scores = rd.Scores
	d.honba, d.sticks = rd.Honba, rd.Sticks
	d.doras[0], d.nDoras = rd.Dora, 1
	d.last = lastAction{seat: event.NoSeat}
	d.riichi = event.NoSeat
	d.firstDiscard = true
	d.userMoqie = -1
	// The dealer's 14 tiles are listed sorted; the client shows the last
	// one apart as the drawn tile, and the dealer's first discard is a
	// tsumogiri when it is that tile (docs/majsoul-formats.md §2.3).
	if r.hands[r.ju].n == 13 {
		d.firstDiscard = false // the dealer's first draw is a record of its own
		return nil
	}
	d.dealerDrawn = r.hands[r.ju].t[13]
	d.emit(event.Event{Type: event.Draw, Seat: rd.Dealer, From: event.NoSeat, Tile: d.dealerDrawn})
	return nil
}

// wallHash returns the hash the record publishes for its wall: sha256
// (with its salt) when it has one, else md5; the paishan string as written
// is what they hash.
func wallHash(r *recNewRound) event.WallHash {
	h := event.WallHash{Text: string(r.paishan)}
	switch {
	case len(r.sha256) > 0:
		h.Algo, h.Digest = event.HashSHA256, string(r.sha256)
		h.Salt, h.SaltDigest = string(r.salt), string(r.saltSha256)
	case len(r.md5) > 0:
		h.Algo, h.Digest = event.HashMD5, string(r.md5)
	}
	return h
}

// wall parses a paishan string into the game's wall arena.
func (d *Decoder) wall(p []byte) ([]tile.Tile, error) {
	if len(p)%2 != 0 || len(p) > 2*tile.NumIDs {
		return nil, d.errorf(event.ErrValue, "paishan of %d characters", len(p))
	}
	if cap(d.walls)-len(d.walls) < len(p)/2 {
		d.walls = make([]tile.Tile, 0, max(len(p)/2*12, 1024))
	}
	start := len(d.walls)
	for i := 0; i < len(p); i += 2 {
		t, ok := parseTile(p[i : i+2])
		if !ok {
			return nil, d.errorf(event.ErrValue, "paishan: %q at character %d is not a tile", p[i:i+2], i)
		}
		if err := d.checkTile(t, "paishan"); err != nil {
			return nil, err
		}
		d.walls = append(d.walls, t)
	}
	return d.walls[start:len(d.walls):len(d.walls)], nil
}

// resolveLiujuRiichi settles a riichi declared on the discard that an
// abortive draw followed: when the new hand's sticks and the declarer's
// score show the stick was paid, the stick payment goes before the draw.
func (d *Decoder) resolveLiujuRiichi(r *recNewRound) {
	p := d.liujuRiichi
	d.liujuRiichi = pendingRiichi{seat: event.NoSeat, ev: -1}
	if p.ev < 0 || int(p.seat) >= r.nScores {
		return
	}
	if r.liqibang != int(d.sticks)+1 || r.scores[p.seat] != d.scores[p.seat]-1000 {
		return
	}
	sc := d.scores
	sc[p.seat] -= 1000
	g := d.g
	g.Scores = append(g.Scores, sc)
	ry := &g.Ryuukyoku[p.ry]
	ry.Sticks++
	ry.Before[p.seat] -= 1000
	e := event.Event{Type: event.RiichiAccepted, Seat: p.seat, From: event.NoSeat, Ref: int32(len(g.Scores) - 1), Pos: g.Events[p.ev].Pos}
	g.Events = slices.Insert(g.Events, p.ev, e)
	d.scores = sc
	d.sticks++
}

// acceptRiichi emits a riichi stick payment (LiQiSuccess).
func (d *Decoder) acceptRiichi(l *liqiSuccess) error {
	if !l.ok {
		return nil
	}
	if l.failed {
		d.riichi = event.NoSeat
		return nil
	}
	s, err := d.seatOf(l.seat, "riichi stick")
	if err != nil {
		return err
	}
	if l.sticks < 0 || l.sticks > math.MaxInt16 {
		return d.errorf(event.ErrValue, "riichi stick: %d sticks", l.sticks)
	}
	d.scores[s] = l.score
	d.sticks = int16(l.sticks)
	d.g.Scores = append(d.g.Scores, d.scores)
	d.emit(event.Event{Type: event.RiichiAccepted, Seat: s, From: event.NoSeat, Ref: int32(len(d.g.Scores) - 1)})
	d.riichi = event.NoSeat
	return nil
}

// newDoras emits a Dora event for each indicator of l beyond the ones
// revealed so far. l is the complete current list.
func (d *Decoder) newDoras(l *tileList) error {
	if l.n == 0 {
		return nil
	}
	if err := d.checkTiles(l, "dora indicators"); err != nil {
		return err
	}
	if l.n < d.nDoras || !slices.Equal(l.t[:d.nDoras], d.doras[:d.nDoras]) {
		return d.errorf(event.ErrValue, "dora indicators %v do not extend the revealed %v", l.slice(), d.doras[:d.nDoras])
	}
	for _, t := range l.t[d.nDoras:l.n] {
		d.emit(event.Event{Type: event.Dora, Seat: event.NoSeat, From: event.NoSeat, Tile: t})
	}
	copy(d.doras[:], l.slice())
	d.nDoras = l.n
	return nil
}

func (d *Decoder) applyDealTile(r *recDealTile) error {
	s, err := d.actor(r.seat, "draw")
	if err != nil {
		return err
	}
	if err := d.checkTile(r.tile, "draw"); err != nil {
		return err
	}
	if err := d.acceptRiichi(&r.liqi); err != nil {
		return err
	}
	if err := d.newDoras(&r.doras); err != nil {
		return err
	}
	ss := &d.seats[s]
	e := event.Event{Type: event.Draw, Seat: s, From: event.NoSeat, Tile: r.tile}
	if ss.repl {
		e.Flags |= event.Replacement
		ss.repl = false
	}
	ss.add(r.tile)
	d.firstDiscard = false
	d.last.ok = false
	d.emit(e)
	return nil
}

func (d *Decoder) applyDiscardTile(r *recDiscardTile) error {
	s, err := d.actor(r.seat, "discard")
	if err != nil {
		return err
	}
	if err := d.checkTile(r.tile, "discard"); err != nil {
		return err
	}
	ss := &d.seats[s]
	if r.isLiqi || r.isWliqi {
		d.emit(event.Event{Type: event.Riichi, Seat: s, From: event.NoSeat})
		d.riichi = s
	}
	e := event.Event{Type: event.Discard, Seat: s, From: event.NoSeat, Tile: r.tile}
	if d.firstDiscard && s == d.dealer {
		e.Flags = d.dealerFirstFlags(r.tile, ss)
	} else if r.moqie {
		e.Flags = event.Tsumogiri
	}
	d.firstDiscard = false
	d.userMoqie = -1
	ss.remove(r.tile)
	d.last = lastAction{seat: s, tile: r.tile, ok: true, discard: true}
	d.emit(e)
	return d.newDoras(&r.doras)
}

// dealerFirstFlags tells whether the dealer's first discard t was the
// drawn tile, the last one of the 14 listed. The record's moqie flag is
// always false there; the player's input (version 210715 records) says it,
// else the tiles do when the hand holds one tile like t.
func (d *Decoder) dealerFirstFlags(t tile.Tile, ss *seatState) event.Flags {
	same := t == d.dealerDrawn
	switch {
	case d.userMoqie == 1 && same:
		return event.Tsumogiri
	case d.userMoqie == 0 && (!same || ss.hand[t&127] > 1):
		return 0
	case d.userMoqie >= 0:
		return event.TsumogiriUnknown // the input contradicts the tiles
	case !same:
		return 0
	case ss.hand[t&127] == 1:
		return event.Tsumogiri
	}
	return event.TsumogiriUnknown
}

// sortMeld sorts the first n tiles of m by tile.Compare and returns the new
// index of the tile at index called (-1 stays -1).
func sortMeld(m *event.Meld, called int) int8 {
	n := int(m.N)
	var ct tile.Tile
	if called >= 0 {
		ct = m.Tiles[called]
	}
	slices.SortFunc(m.Tiles[:n], tile.Compare)
	if called < 0 {
		return -1
	}
	return int8(slices.Index(m.Tiles[:n], ct))
}

func (d *Decoder) applyChiPengGang(r *recChiPengGang) error {
	s, err := d.actor(r.seat, "call")
	if err != nil {
		return err
	}
	if err := d.checkTiles(&r.tiles, "call"); err != nil {
		return err
	}
	var kind event.MeldKind
	want := 3
	switch r.typ {
	case 0:
		kind = event.MeldChi
	case 1:
		kind = event.MeldPon
	case 2:
		kind, want = event.MeldOpenKan, 4
	default:
		return d.errorf(event.ErrUnsupported, "call of type %d", r.typ)
	}
	if r.tiles.n != want {
		return d.errorf(event.ErrValue, "%v with %d tiles", kind, r.tiles.n)
	}
	// The called tile is the one from another seat (the last one listed).
	called := want - 1
	from := d.last.seat
	if r.nFroms > 0 {
		if r.nFroms != want {
			return d.errorf(event.ErrValue, "%v with %d tiles but %d froms", kind, want, r.nFroms)
		}
		called = -1
		for i, f := range r.froms[:want] {
			if f != int(s) {
				if called >= 0 {
					return d.errorf(event.ErrValue, "%v takes tiles from two seats", kind)
				}
				called = i
			}
		}
		if called < 0 {
			return d.errorf(event.ErrValue, "%v takes no tile from another seat", kind)
		}
		if from, err = d.seatOf(r.froms[called], "call from"); err != nil {
			return err
		}
	}
	ct := r.tiles.t[called]
	if !d.last.ok || !d.last.discard || d.last.seat != from || d.last.tile != ct {
		return d.playErr(event.Call, s, ct, "seat %d calls %v from seat %d, which did not just discard it", s, ct, from)
	}
	if err := d.acceptRiichi(&r.liqi); err != nil {
		return err
	}
	ss := &d.seats[s]
	if ss.nMelds == len(ss.melds) {
		return d.playErr(event.Call, s, ct, "seat %d has more than %d melds", s, len(ss.melds))
	}
	m := event.Meld{Kind: kind, From: from, N: uint8(want)}
	copy(m.Tiles[:], r.tiles.t[:want])
	for i, t := range r.tiles.t[:want] {
		if i != called {
			ss.remove(t)
		}
	}
	m.Called = sortMeld(&m, called)
	ss.melds[ss.nMelds] = m
	ss.nMelds++
	if kind == event.MeldOpenKan {
		ss.repl = true
	}
	d.firstDiscard = false
	d.last.ok = false
	d.emit(event.Event{Type: event.Call, Seat: s, From: from, Tile: ct, Meld: m})
	return nil
}

func (d *Decoder) applyAnGangAddGang(r *recAnGangAddGang) error {
	s, err := d.actor(r.seat, "kan")
	if err != nil {
		return err
	}
	if err := d.checkTile(r.tile, "kan"); err != nil {
		return err
	}
	ss := &d.seats[s]
	k := r.tile.Kind()
	switch r.typ {
	case 3: // closed kan: the four tiles come from the hand
		if ss.nMelds == len(ss.melds) {
			return d.playErr(event.ClosedKan, s, r.tile, "seat %d has more than %d melds", s, len(ss.melds))
		}
		plain, red := tile.Of(k), tile.New(k, true)
		nRed := 0
		if red != plain {
			nRed = int(max(min(ss.hand[red], 4), 0))
			if nRed == 0 && r.tile.Red() {
				nRed = 1
			}
		}
		m := event.Meld{Kind: event.MeldClosedKan, From: event.NoSeat, N: 4, Called: -1}
		for i := range 4 {
			m.Tiles[i] = plain
			if i >= 4-nRed {
				m.Tiles[i] = red
			}
			ss.remove(m.Tiles[i])
		}
		ss.melds[ss.nMelds] = m
		ss.nMelds++
		d.emit(event.Event{Type: event.ClosedKan, Seat: s, From: event.NoSeat, Meld: m})
	case 2: // added kan: the tile joins the seat's pon
		i := slices.IndexFunc(ss.melds[:ss.nMelds], func(m event.Meld) bool { return m.Kind == event.MeldPon && m.Tiles[0].Kind() == k })
		if i < 0 {
			return d.playErr(event.AddedKan, s, r.tile, "seat %d adds %v to a pon it does not have", s, r.tile)
		}
		m := ss.melds[i]
		ct := m.CalledTile()
		m.Kind, m.N = event.MeldAddedKan, 4
		m.Tiles[3] = r.tile
		slices.SortFunc(m.Tiles[:4], tile.Compare)
		m.Called = int8(slices.Index(m.Tiles[:4], ct))
		ss.melds[i] = m
		ss.remove(r.tile)
		d.emit(event.Event{Type: event.AddedKan, Seat: s, From: m.From, Tile: r.tile, Meld: m})
	default:
		return d.errorf(event.ErrUnsupported, "kan of type %d", r.typ)
	}
	ss.repl = true
	d.firstDiscard = false
	d.last = lastAction{seat: s, tile: r.tile, ok: true}
	return d.newDoras(&r.doras)
}

func (d *Decoder) applyBaBei(r *recAnGangAddGang) error {
	s, err := d.actor(r.seat, "kita")
	if err != nil {
		return err
	}
	ss := &d.seats[s]
	if ss.nMelds == len(ss.melds) {
		return d.playErr(event.Kita, s, tile.Of(tile.North), "seat %d has more than %d melds", s, len(ss.melds))
	}
	north := tile.Of(tile.North)
	m := event.Meld{Kind: event.MeldKita, From: event.NoSeat, N: 1, Called: -1}
	m.Tiles[0] = north
	ss.melds[ss.nMelds] = m
	ss.nMelds++
	ss.remove(north)
	ss.repl = true
	d.firstDiscard = false
	d.last = lastAction{seat: s, tile: north, ok: true}
	d.emit(event.Event{Type: event.Kita, Seat: s, From: event.NoSeat, Tile: north, Meld: m})
	return d.newDoras(&r.doras)
}

// seatScores copies a score list of the game's players, or reports false
// when the list is absent.
func (d *Decoder) seatScores(l *scoreList, what string) ([4]int32, bool, error) {
	var out [4]int32
	if l.n == 0 {
		return out, false, nil
	}
	if l.n != d.players && !(l.n == 4 && d.players == 3 && l.v[3] == 0) {
		return out, false, d.errorf(event.ErrValue, "%s has %d scores in a %d-player game", what, l.n, d.players)
	}
	copy(out[:], l.v[:min(l.n, d.players)])
	return out, true, nil
}

func (d *Decoder) applyHule(r *recHule) error {
	if err := d.needHand("win"); err != nil {
		return err
	}
	n := r.nHules
	if n == 0 {
		return d.errorf(event.ErrValue, "win record without a winner")
	}
	before, hasBefore, err := d.seatScores(&r.oldScores, "win old_scores")
	if err != nil {
		return err
	}
	if !hasBefore {
		before = d.scores
	}
	total, hasDelta, err := d.seatScores(&r.delta, "win delta_scores")
	if err != nil {
		return err
	}
	after, hasAfter, err := d.seatScores(&r.scores, "win scores")
	if err != nil {
		return err
	}
	// Who won on what.
	tsumo := r.hules[0].zimo
	from := d.last.seat
	for i := range n {
		h := &r.hules[i]
		w, err := d.seatOf(h.seat, "win")
		if err != nil {
			return err
		}
		if h.zimo != tsumo || (tsumo && n > 1) {
			return d.errorf(event.ErrValue, "tsumo and ron in one win record")
		}
		if !tsumo && (!d.last.ok || w == from) {
			return d.playErr(event.Win, w, tile.None, "seat %d wins by ron with no tile to win on", w)
		}
	}
	// Several winners on one discard: in turn order after the discarder;
	// the first collects the honba and the riichi sticks.
	d.order = d.order[:0]
	for i := range n {
		d.order = append(d.order, i)
	}
	if !tsumo {
		slices.SortStableFunc(d.order, func(a, b int) int {
			return d.turnsAfter(from, r.hules[a].seat) - d.turnsAfter(from, r.hules[b].seat)
		})
	}
	splitOK := hasDelta
	var rest [4]int32 // the deltas of all winners but the first
	for _, i := range d.order[1:] {
		h := &r.hules[i]
		if d.liable(r, h) != event.NoSeat {
			splitOK = false // a pao share cannot be told apart from the total
		}
		rest[h.seat] += int32(h.pointRong)
		rest[from] -= int32(h.pointRong)
	}
	if hasDelta && !splitOK {
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, fmt.Sprintf("hand %d: the score changes of a multiple win with pao cannot be split between the winners; left unknown", d.hand+1))
	}
	cur := before
	for j, i := range d.order {
		h := &r.hules[i]
		w := event.Seat(h.seat)
		win := event.WinRecord{Winner: w, From: w, Liable: d.liable(r, h)}
		if !tsumo {
			win.From = from
		}
		if err := d.winRecord(&win, h); err != nil {
			return err
		}
		win.Honba = d.honba
		if j == 0 {
			win.Sticks = d.sticks
		}
		win.Known |= event.KnownBa | event.KnownBefore
		win.Before = cur
		if splitOK {
			if j == 0 {
				for s := range 4 {
					win.Deltas[s] = total[s] - rest[s]
				}
			} else {
				win.Deltas[w] = int32(h.pointRong)
				win.Deltas[from] = -int32(h.pointRong)
			}
			win.Known |= event.KnownDeltas
			for s := range 4 {
				cur[s] += win.Deltas[s]
			}
		}
		d.g.Wins = append(d.g.Wins, win)
		d.emit(event.Event{Type: event.Win, Seat: w, From: win.From, Tile: win.WinTile, Ref: int32(len(d.g.Wins) - 1)})
	}
	switch {
	case hasAfter:
		d.scores = after
	case hasDelta:
		for s := range 4 {
			d.scores[s] = before[s] + total[s]
		}
	}
	d.riichi = event.NoSeat // a ronned riichi discard pays no stick
	d.inHand = false
	return nil
}

// turnsAfter returns how many turns after seat a seat b plays (1 … n).
func (d *Decoder) turnsAfter(a event.Seat, b int) int {
	t := (b - int(a) + d.players) % d.players
	if t == 0 {
		t = d.players
	}
	return t
}

// liable returns the seat liable for a winner's yakuman (pao): the
// winner's own baopai, else the record's, both stored as seat + 1.
func (d *Decoder) liable(r *recHule, h *huleInfo) event.Seat {
	b := h.baopai
	if b == 0 && (r.nHules == 1 || h.yiman) {
		b = r.baopai
	}
	if b <= 0 || b > d.players || b-1 == h.seat {
		return event.NoSeat
	}
	return event.Seat(b - 1)
}

// winRecord fills the hand, the yaku and the value of a win.
func (d *Decoder) winRecord(w *event.WinRecord, h *huleInfo) error {
	if err := d.checkTiles(&h.hand, "win hand"); err != nil {
		return err
	}
	if err := d.checkTile(h.huTile, "winning tile"); err != nil {
		return err
	}
	if h.hand.n > 13 {
		return d.errorf(event.ErrValue, "win with %d concealed tiles", h.hand.n)
	}
	copy(w.Hand[:], h.hand.slice())
	w.Hand[h.hand.n] = h.huTile
	w.HandLen = uint8(h.hand.n + 1)
	w.WinTile = h.huTile
	// The melds as they were called; the record's ming strings list the
	// same melds without saying who discarded the called tile.
	ss := &d.seats[w.Winner]
	nm := 0
	for _, m := range ss.melds[:ss.nMelds] {
		w.Melds[w.NMelds] = m
		w.NMelds++
		if m.Kind != event.MeldKita {
			nm++
		}
	}
	if nm != h.nMing {
		return d.errorf(event.ErrValue, "win record lists %d melds, but seat %d called %d", h.nMing, w.Winner, nm)
	}
	w.Known |= event.KnownHand | event.KnownMelds
	w.Fu = int16(min(max(h.fu, 0), math.MaxInt16))
	seatWind := (int(w.Winner) - int(d.dealer) + d.players) % d.players
	for _, f := range h.fans[:h.nFans] {
		id := f.id
		if id == 0 && len(f.name) > 0 {
			d.names = foldName(d.names[:0], f.name)
			id = fanByName[string(d.names)]
			if id == 0 {
				return d.errorf(event.ErrUnsupported, "win with the unknown yaku %q", f.name)
			}
		}
		y, ok := yakuOf(id, seatWind, int(d.round.Wind))
		if !ok {
			return d.errorf(event.ErrUnsupported, "win with yaku id %d (not standard riichi)", id)
		}
		han := f.val
		if h.yiman {
			han *= yaku.YakumanHan
		}
		if err := w.AddYaku(y, han); err != nil {
			return d.errorf(event.ErrValue, "win: %v", err)
		}
		w.Han += int16(han)
	}
	w.Known |= event.KnownFu | event.KnownHan | event.KnownYaku
	w.Points = int32(h.pointRong)
	if w.Tsumo() {
		if w.Winner == d.dealer {
			w.Points = int32(h.pointZimoXian * (d.players - 1))
		} else {
			w.Points = int32(h.pointZimoQin + h.pointZimoXian*(d.players-2))
		}
	}
	if h.titleID > 0 || len(h.title) == 0 {
		w.Limit = yaku.LimitFromMajsoulTitle(h.titleID)
	} else if l, ok := limitOfTitle(h.title); ok {
		w.Limit = l
	} else {
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, fmt.Sprintf("hand %d: unknown limit title %q", d.hand+1, h.title))
	}
	w.Known |= event.KnownPoints
	if h.doras.n > len(w.Dora) || h.liDoras.n > len(w.Ura) {
		return d.errorf(event.ErrValue, "win with %d dora and %d ura indicators", h.doras.n, h.liDoras.n)
	}
	if err := d.checkTiles(&h.doras, "win dora"); err != nil {
		return err
	}
	if err := d.checkTiles(&h.liDoras, "win ura dora"); err != nil {
		return err
	}
	copy(w.Dora[:], h.doras.slice())
	w.NDora = uint8(h.doras.n)
	copy(w.Ura[:], h.liDoras.slice())
	w.NUra = uint8(h.liDoras.n)
	w.Known |= event.KnownDora | event.KnownUra
	return nil
}

func (d *Decoder) applyNoTile(r *recNoTile) error {
	if err := d.needHand("exhaustive draw"); err != nil {
		return err
	}
	var ry event.RyuukyokuRecord
	ry.Kind = event.Exhaustive
	if r.liujumanguan {
		ry.Kind = event.Nagashi
	}
	if r.nPlayers > 0 {
		if r.nPlayers != d.players && !(r.nPlayers == 4 && d.players == 3) {
			return d.errorf(event.ErrValue, "exhaustive draw lists %d players in a %d-player game", r.nPlayers, d.players)
		}
		for s, p := range r.players[:d.players] {
			ry.Tenpai[s] = event.FlagOf(p.tingpai)
			if p.hand.n == 0 {
				continue
			}
			if p.hand.n > 14 {
				return d.errorf(event.ErrValue, "exhaustive draw: seat %d shows %d tiles", s, p.hand.n)
			}
			if err := d.checkTiles(&p.hand, "exhaustive draw hand"); err != nil {
				return err
			}
			ry.Revealed[s] = true
			copy(ry.Hands[s][:], p.hand.slice())
			ry.HandLen[s] = uint8(p.hand.n)
		}
		ry.Known |= event.KnownHand
	}
	ry.Before = d.scores
	for i, sc := range r.scores[:r.nScores] {
		old, ok, err := d.seatScores(&sc.oldScores, "exhaustive draw old_scores")
		if err != nil {
			return err
		}
		if ok && i == 0 {
			ry.Before = old
		}
		dl, _, err := d.seatScores(&sc.deltas, "exhaustive draw delta_scores")
		if err != nil {
			return err
		}
		for s := range 4 {
			ry.Deltas[s] += dl[s]
		}
	}
	ry.Honba, ry.Sticks = d.honba, d.sticks
	ry.Known |= event.KnownBa | event.KnownBefore | event.KnownDeltas
	for s := range 4 {
		d.scores[s] = ry.Before[s] + ry.Deltas[s]
	}
	d.endWithoutWinner(&ry)
	return nil
}

// endWithoutWinner emits the Ryuukyoku event of ry.
func (d *Decoder) endWithoutWinner(ry *event.RyuukyokuRecord) {
	d.g.Ryuukyoku = append(d.g.Ryuukyoku, *ry)
	d.emit(event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.Ryuukyoku) - 1)})
	d.inHand = false
}

// liujuKinds maps RecordLiuJu.type to the abortive draws.
var liujuKinds = [...]event.RyuukyokuKind{1: event.NineTerminals, 2: event.FourWinds, 3: event.FourKans, 4: event.FourRiichi, 5: event.TripleRon}

func (d *Decoder) applyLiuJu(r *recLiuJu) error {
	if err := d.needHand("abortive draw"); err != nil {
		return err
	}
	if r.typ <= 0 || r.typ >= len(liujuKinds) {
		return d.errorf(event.ErrUnsupported, "abortive draw of type %d", r.typ)
	}
	if err := d.acceptRiichi(&r.liqi); err != nil {
		return err
	}
	var ry event.RyuukyokuRecord
	ry.Kind = liujuKinds[r.typ]
	if r.typ == 1 {
		s, err := d.seatOf(r.seat, "nine terminals")
		if err != nil {
			return err
		}
		if r.tiles.n > 14 {
			return d.errorf(event.ErrValue, "nine terminals with %d tiles", r.tiles.n)
		}
		if err := d.checkTiles(&r.tiles, "nine terminals"); err != nil {
			return err
		}
		if r.tiles.n > 0 {
			ry.Revealed[s] = true
			copy(ry.Hands[s][:], r.tiles.slice())
			ry.HandLen[s] = uint8(r.tiles.n)
			ry.Known |= event.KnownHand
		}
	}
	if r.nAll > 0 {
		d.allPlayerTiles(r, &ry)
	}
	ry.Before = d.scores
	ry.Honba, ry.Sticks = d.honba, d.sticks
	ry.Known |= event.KnownBa | event.KnownBefore
	if d.riichi != event.NoSeat {
		d.liujuRiichi = pendingRiichi{seat: d.riichi, ev: len(d.g.Events), ry: len(d.g.Ryuukyoku)}
	}
	d.endWithoutWinner(&ry)
	return nil
}

// allPlayerTiles reads RecordLiuJu.allplayertiles, every seat's hand as
// tiles joined by '|'. Its format is not confirmed on real records, so a
// list that does not parse is left out with a warning.
func (d *Decoder) allPlayerTiles(r *recLiuJu, ry *event.RyuukyokuRecord) {
	var hands [4][14]tile.Tile
	var lens [4]uint8
	ok := r.nAll <= d.players
	for s := 0; ok && s < r.nAll; s++ {
		for f := range bytes.SplitSeq(r.all[s], []byte("|")) {
			if len(f) == 0 {
				continue
			}
			t, good := parseTile(f)
			if !good || lens[s] == 14 || d.checkTile(t, "") != nil {
				ok = false
				break
			}
			hands[s][lens[s]] = t
			lens[s]++
		}
	}
	if !ok {
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, fmt.Sprintf("hand %d: abortive draw allplayertiles not understood; left out", d.hand+1))
		return
	}
	for s := range r.nAll {
		if lens[s] > 0 && !ry.Revealed[s] {
			ry.Revealed[s] = true
			ry.Hands[s] = hands[s]
			ry.HandLen[s] = lens[s]
		}
	}
	ry.Known |= event.KnownHand
}

// playError is a record that contradicts the hand as played so far (a call
// of a tile nobody just discarded, an added kan without its pon, a ron
// with no tile to win on): the hand cannot be rebuilt beyond it. The
// decoder ends the hand there with a Broken event and reads on from the
// next hand's RecordNewRound, which starts it afresh.
type playError struct {
	act  event.Type
	seat event.Seat
	tile tile.Tile
	msg  string
}

func (e *playError) Error() string { return e.msg }

// playErr returns the playError of an act of type act by seat s with tile
// t (tile.None: none).
func (d *Decoder) playErr(act event.Type, s event.Seat, t tile.Tile, format string, args ...any) error {
	return &playError{act: act, seat: s, tile: t, msg: fmt.Sprintf(format, args...)}
}

// applyRecord applies the record of kind k that its reader (JSON or
// protobuf) has just read into the Decoder's record of that kind; a record
// that contradicts the hand breaks it (played).
func (d *Decoder) applyRecord(k recordKind) error {
	var err error
	switch k {
	case recNewRoundKind:
		err = d.applyNewRound(&d.nr)
	case recDealTileKind:
		err = d.applyDealTile(&d.dt)
	case recDiscardTileKind:
		err = d.applyDiscardTile(&d.dc)
	case recChiPengGangKind:
		err = d.applyChiPengGang(&d.cpg)
	case recAnGangAddGangKind:
		err = d.applyAnGangAddGang(&d.ag)
	case recBaBeiKind:
		err = d.applyBaBei(&d.ag)
	case recHuleKind:
		err = d.applyHule(&d.hu)
	case recNoTileKind:
		err = d.applyNoTile(&d.nt)
	case recLiuJuKind:
		err = d.applyLiuJu(&d.lj)
	}
	return d.played(err)
}

// played handles the error of applying a record: a playError breaks the
// hand (breakHand) and is no error of the game; any other is returned.
func (d *Decoder) played(err error) error {
	pe, ok := err.(*playError)
	if !ok {
		return err
	}
	d.breakHand(pe)
	return nil
}

// breakHand ends the hand at the current record with a Broken event for
// pe; the records up to the next RecordNewRound are skipped (and counted
// in the event's record when that one comes, or the input ends).
func (d *Decoder) breakHand(pe *playError) {
	g := d.g
	g.Breaks = append(g.Breaks, event.BreakRecord{Act: pe.act, Message: pe.msg + "; the hand's later records are left out"})
	d.emit(event.Event{Type: event.Broken, Seat: pe.seat, From: event.NoSeat, Tile: pe.tile, Ref: int32(len(g.Breaks) - 1)})
	d.inHand, d.broken, d.skipped = false, true, 0
	d.riichi = event.NoSeat
}

// skip reports whether the record of kind k is skipped: a record of a hand
// broken before it, which ends at the next RecordNewRound.
func (d *Decoder) skip(k recordKind) bool {
	if !d.broken {
		return false
	}
	if k != recNewRoundKind {
		d.skipped++
		return true
	}
	d.endBreak()
	return false
}

// endBreak notes in the broken hand's record how many records it left
// out.
func (d *Decoder) endBreak() {
	if !d.broken {
		return
	}
	d.broken = false
	if br := &d.g.Breaks[len(d.g.Breaks)-1]; d.skipped > 0 {
		br.Message += fmt.Sprintf(" (%d)", d.skipped)
	}
}
