package tenhou6

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/jsontok"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// roundData is one decoded round (one element of "log") before its events
// are ordered.
type roundData struct {
	round, honba, sticks int
	dealer               event.Seat
	scores               [4]int32
	dora, ura            []tile.Tile
	doraBuf              [maxDora]tile.Tile
	uraBuf               [5]tile.Tile
	hands                [4][13]tile.Tile
	inc, out             [4][]item
	res                  result
	pos                  *roundPos
}

// result is a round's parsed result array (element 16).
type result struct {
	win    bool
	kind   event.RyuukyokuKind
	name   string
	nwin   int
	wins   [4]event.WinRecord
	deltas [4]int32
	tenpai [4]event.Flag
	off    int
}

// elemNames name the 17 elements of a round in messages.
var elemNames = [17]string{
	"[round, honba, sticks]", "the scores", "the dora indicators", "the ura indicators",
	"seat 0's hand", "seat 0's incoming list", "seat 0's outgoing list",
	"seat 1's hand", "seat 1's incoming list", "seat 1's outgoing list",
	"seat 2's hand", "seat 2's incoming list", "seat 2's outgoing list",
	"seat 3's hand", "seat 3's incoming list", "seat 3's outgoing list",
	"the result",
}

// offset returns the byte offset of element e of the round (item k when
// k >= 0), or -1 when unknown.
func (d *Decoder) offset(e, k int) int {
	rp := d.rd.pos
	if rp == nil {
		return -1
	}
	if e < 0 || e >= int(rp.n) || e >= len(rp.elems) {
		return d.base + int(rp.off)
	}
	el := &rp.elems[e]
	if k < 0 || k >= int(el.n) {
		return d.base + int(el.off)
	}
	return d.base + int(d.sc.toks[int(el.first)+k].off)
}

// roundErr returns an error at element e (item k) of the current round.
func (d *Decoder) roundErr(e, k int, sentinel error, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	where := ""
	if e >= 0 && e < len(elemNames) {
		where = elemNames[e]
		if k >= 0 {
			where = fmt.Sprintf("%s, item %d", where, k)
		}
		where += ": "
	}
	return d.errAt(d.offset(e, k), fmt.Errorf("%s%s: %w", where, msg, sentinel))
}

// toks returns the tokens of element e of the current round, or false
// when the element is not an array.
func (d *Decoder) toks(e int) ([]token, bool) {
	el := &d.rd.pos.elems[e]
	if !el.arr {
		return nil, false
	}
	return d.sc.toks[el.first : el.first+el.n], true
}

// text returns the content of a string token, unescaped.
func (d *Decoder) text(t *token) ([]byte, bool) {
	s := d.sc.b[t.off+1 : t.end]
	if !t.esc {
		return s, true
	}
	var ok bool
	d.strBuf, ok = jsontok.Unquote(d.strBuf[:0], s)
	return d.strBuf, ok
}

// describeTok renders a token for a message.
func (d *Decoder) describeTok(t *token) string {
	end := int(t.off) + 1
	switch t.kind {
	case tStr:
		end = int(t.end) + 1
	default:
		for end < len(d.sc.b) && d.sc.b[end] != ',' && d.sc.b[end] != ']' && end-int(t.off) < 40 {
			end++
		}
	}
	return jsontok.Short(string(d.sc.b[t.off:end]))
}

// decodeRound decodes one round and appends its events.
func (d *Decoder) decodeRound(rp *roundPos) error {
	d.hand++
	rd := &d.rd
	rd.pos = rp
	d.round = event.RoundID{Wind: -1}
	if d.hand >= maxRounds {
		return d.roundErr(-1, -1, event.ErrUnsupported, "more than %d rounds", maxRounds)
	}
	if !rp.arr {
		return d.roundErr(-1, -1, event.ErrSyntax, "a round is not an array")
	}
	if rp.n != 17 {
		hint := ""
		if d.hasMPSZ() {
			hint = `; its tiles are strings in mpsz notation such as "3s" instead of tenhou.net/6 codes such as 33: this is a tenhou.net/6-like export, not tenhou.net/6`
		}
		return d.roundErr(-1, -1, event.ErrSyntax, "a round has %d elements, want 17%s", rp.n, hint)
	}
	// Element 0: round, honba, sticks.
	var hdr [3]int
	if n, ok := d.tokInts(0, hdr[:]); !ok || n != 3 {
		return d.roundErr(0, -1, event.ErrSyntax, "want 3 integers [round, honba, sticks]")
	}
	if hdr[0] < 0 || hdr[0] > 15 || hdr[1] < 0 || hdr[1] > 1000 || hdr[2] < 0 || hdr[2] > 1000 {
		return d.roundErr(0, -1, event.ErrValue, "round %d, honba %d, sticks %d out of range", hdr[0], hdr[1], hdr[2])
	}
	rd.round, rd.honba, rd.sticks = hdr[0], hdr[1], hdr[2]
	d.round = event.RoundID{Wind: int8(hdr[0] / 4), Number: int8(hdr[0]%4 + 1), Honba: int16(hdr[1])}
	// A hand may repeat the round and honba of the one before it (the
	// hand after a chombo, where the dealer keeps the seat and no honba
	// is added), never go back to an earlier one; in the first round of
	// another object, only when both objects have the game's ref (else it
	// is a second game, or a copy).
	key := hdr[0]*1024 + hdr[1]
	if key < d.lastKey || key == d.lastKey && d.newDoc && !d.sameRef {
		return d.roundErr(0, -1, event.ErrUnsupported, "round %v comes after a later round: the input holds more than one game or its rounds are out of order", d.round)
	}
	d.lastKey, d.newDoc = key, false
	// The player count, from the first round's shape.
	if d.players == 0 {
		if h3, _ := d.toks(13); len(h3) == 0 {
			d.setPlayers(3)
		} else {
			d.setPlayers(4)
		}
	}
	rd.dealer = event.Seat(hdr[0] % 4)
	if int(rd.dealer) >= d.players {
		return d.roundErr(0, -1, event.ErrValue, "round %d has dealer seat %d in a %d-player game", hdr[0], rd.dealer, d.players)
	}
	// Element 1: scores.
	var sc [4]int
	if n, ok := d.tokInts(1, sc[:]); !ok || n != 4 {
		return d.roundErr(1, -1, event.ErrValue, "want 4 integer scores")
	}
	for i := range 4 {
		if sc[i] < -1e8 || sc[i] > 1e8 {
			return d.roundErr(1, -1, event.ErrValue, "score %d out of range", sc[i])
		}
		rd.scores[i] = int32(sc[i])
	}
	// Elements 2 and 3: dora and ura indicators.
	n, err := d.tiles(2, rd.doraBuf[:])
	if err != nil {
		return err
	}
	if n == 0 {
		return d.roundErr(2, -1, event.ErrValue, "no dora indicator")
	}
	rd.dora = rd.doraBuf[:n]
	if n, err = d.tiles(3, rd.uraBuf[:]); err != nil {
		return err
	}
	rd.ura = rd.uraBuf[:n]
	// Hands and lists.
	d.items = d.items[:0]
	var ranges [4][2][2]int
	for s := range 4 {
		e := 4 + 3*s
		n, err := d.tiles(e, rd.hands[s][:])
		if err != nil {
			return err
		}
		if s < d.players && n != 13 {
			return d.roundErr(e, -1, event.ErrValue, "%d tiles, want 13", n)
		}
		if s >= d.players && n != 0 {
			return d.roundErr(e, -1, event.ErrValue, "%d tiles for the empty seat of a three-player game", n)
		}
		for l := range 2 {
			start := len(d.items)
			if err := d.list(e+1+l, l == 0, s >= d.players); err != nil {
				return err
			}
			ranges[s][l] = [2]int{start, len(d.items)}
		}
	}
	for s := range 4 {
		rd.inc[s] = d.items[ranges[s][0][0]:ranges[s][0][1]]
		rd.out[s] = d.items[ranges[s][1][0]:ranges[s][1][1]]
	}
	el := &rp.elems[16]
	res, perr := d.pt.Pruned(&d.pruneBuf, d.sc.b[el.off:el.end], keepWhole, d.pruneAll)
	if perr != nil {
		// The scanner checked the syntax: only the size is left.
		return d.roundErr(16, -1, event.ErrValue, "%s", perr.Msg)
	}
	v, err := d.rp.ParseBytes(res)
	if err != nil {
		return d.roundErr(16, -1, event.ErrSyntax, "%v", err)
	}
	if err := d.result(v); err != nil {
		return err
	}
	// The round's start.
	g := d.g
	r := event.Round{
		Wind: d.round.Wind, Number: d.round.Number, Honba: int16(rd.honba), Sticks: int16(rd.sticks),
		Dealer: rd.dealer, Scores: rd.scores, Dora: rd.dora[0], Hands: rd.hands,
	}
	if d.hand == 0 && rd.round == 0 && rd.honba == 0 && rd.sticks == 0 {
		g.Meta.StartingPoints = rd.scores[0]
	}
	g.Events = append(g.Events, event.Event{Type: event.RoundStart, Seat: rd.dealer, From: event.NoSeat, Ref: int32(len(g.Rounds)),
		Pos: event.Pos{Offset: int32(d.base + int(rp.off)), Index: int32(d.hand)}})
	g.Rounds = append(g.Rounds, r)
	return d.b.build(d)
}

// keepWhole keeps every member of a result's objects (it has none).
func keepWhole([]byte) jsontok.Keep { return jsontok.Whole }

// tokInts reads element e, an array of integers, into dst.
func (d *Decoder) tokInts(e int, dst []int) (int, bool) {
	ts, ok := d.toks(e)
	if !ok || len(ts) > len(dst) {
		return len(ts), false
	}
	for i := range ts {
		if ts[i].kind != tNum {
			return i, false
		}
		dst[i] = int(ts[i].val)
	}
	return len(ts), true
}

// ints reads a fastjson array of integers into dst.
func (d *Decoder) ints(v *fastjson.Value, dst []int) (int, error) {
	a, err := v.Array()
	if err != nil || len(a) > len(dst) {
		return len(a), errNotInts
	}
	for i, x := range a {
		n, err := x.Int()
		if err != nil {
			f, ferr := x.Float64()
			if ferr != nil || f != float64(int(f)) || f > 1e9 || f < -1e9 {
				return i, errNotInts
			}
			n = int(f)
		}
		dst[i] = n
	}
	return len(a), nil
}

var errNotInts = fmt.Errorf("not a list of integers")

// tiles reads element e, an array of tile codes, into dst.
func (d *Decoder) tiles(e int, dst []tile.Tile) (int, error) {
	ts, ok := d.toks(e)
	if !ok {
		return 0, d.roundErr(e, -1, event.ErrSyntax, "not an array")
	}
	if len(ts) > len(dst) {
		return 0, d.roundErr(e, -1, event.ErrValue, "%d tiles, at most %d allowed", d.rd.pos.elems[e].total, len(dst))
	}
	for i := range ts {
		if ts[i].kind != tNum {
			return 0, d.roundErr(e, i, event.ErrSyntax, "%s is not a tile code", d.describeTok(&ts[i]))
		}
		t, ok := tileCode(int(ts[i].val), d.players == 3)
		if !ok {
			return 0, d.roundErr(e, i, event.ErrValue, "%d is not a tile code%s", ts[i].val, sanmaNote(d.players == 3))
		}
		dst[i] = t
	}
	return len(ts), nil
}

// list reads element e, an incoming (in) or outgoing list, into d.items.
func (d *Decoder) list(e int, in bool, empty bool) error {
	ts, ok := d.toks(e)
	if !ok {
		return d.roundErr(e, -1, event.ErrSyntax, "not an array")
	}
	if empty && len(ts) > 0 {
		return d.roundErr(e, -1, event.ErrValue, "%d items for the empty seat of a three-player game", d.rd.pos.elems[e].total)
	}
	if len(ts) > maxItems {
		return d.roundErr(e, -1, event.ErrValue, "%d items, at most %d allowed", d.rd.pos.elems[e].total, maxItems)
	}
	sanma := d.players == 3
	d.items = slices.Grow(d.items, len(ts))
	for k := range ts {
		tk := &ts[k]
		// Fill the new slot in place (see builder.add).
		d.items = d.items[:len(d.items)+1]
		it := &d.items[len(d.items)-1]
		*it = item{}
		switch tk.kind {
		case tNum:
			code := int(tk.val)
			switch {
			case !in && code == 60:
				it.kind, it.tsumogiri = kDiscard, true
			case !in && code == 0:
				it.kind = kPlaceholder
			default:
				t, ok := tileCode(code, sanma)
				if !ok {
					return d.roundErr(e, k, event.ErrValue, "%d is not a tile code%s", code, sanmaNote(sanma))
				}
				it.tile = t
				it.kind = kDiscard
				if in {
					it.kind = kDraw
				}
			}
		case tStr:
			s, ok := d.text(tk)
			if !ok {
				return d.roundErr(e, k, event.ErrSyntax, "bad escape in %s", d.describeTok(tk))
			}
			var err error
			*it, err = parseString(s, in, sanma)
			if err != nil {
				if in && fixableDraw(s) {
					// A converter wrote a draw with a stray letter ("p47":
					// one tile, no own tiles). It cannot be a call; read it
					// as the draw of its tile and say so.
					code := int(s[1]-'0')*10 + int(s[2]-'0')
					if t, ok := tileCode(code, sanma); ok {
						d.warn("round %v: incoming item %q has one tile and no own tiles, so it cannot be a call: read as a draw of %v", d.round, s, t)
						*it = item{kind: kDraw, tile: t}
						break
					}
				}
				return d.roundErr(e, k, event.ErrValue, "%v", err)
			}
		default:
			return d.roundErr(e, k, event.ErrSyntax, "%s is neither a tile code nor a call string", d.describeTok(tk))
		}
		it.off = tk.off + int32(d.base)
	}
	return nil
}

// fixableDraw reports whether s is a call letter followed by a single tile
// code ("p47").
func fixableDraw(s []byte) bool {
	return len(s) == 3 && (s[0] == 'p' || s[0] == 'c' || s[0] == 'm') && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9'
}

// hasMPSZ reports whether the current round holds tiles written as mpsz
// strings ("3s", "r5z"), the mark of a non-standard export.
func (d *Decoder) hasMPSZ() bool {
	rp := d.rd.pos
	for e := 0; e < int(rp.n) && e < 16; e++ {
		ts, _ := d.toks(e)
		for i := range ts {
			if ts[i].kind != tStr {
				continue
			}
			s := d.sc.b[ts[i].off+1 : ts[i].end]
			if len(s) >= 2 && len(s) <= 3 && s[len(s)-2] >= '0' && s[len(s)-2] <= '9' && bytes.IndexByte([]byte("mpsz"), s[len(s)-1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// result parses element 16.
func (d *Decoder) result(v *fastjson.Value) error {
	rs := &d.rd.res
	*rs = result{off: d.offset(16, -1)}
	a, err := v.Array()
	if err != nil || len(a) == 0 {
		return d.roundErr(16, -1, event.ErrSyntax, "the result is not a non-empty array")
	}
	if a[0].Type() != fastjson.TypeString {
		return d.roundErr(16, 0, event.ErrSyntax, "the result's first element %s is not a string", jsontok.Short(a[0].String()))
	}
	name := a[0].GetStringBytes()
	kind, win, ok := resultName(string(name))
	if !ok {
		return d.roundErr(16, 0, event.ErrValue, "unknown result %q", name)
	}
	rs.win, rs.kind = win, kind
	if !win {
		rs.name = kind.String()
		switch string(name) {
		case "全員聴牌":
			for s := range d.players {
				rs.tenpai[s] = event.FlagYes
			}
		case "全員不聴":
			for s := range d.players {
				rs.tenpai[s] = event.FlagNo
			}
		}
		switch len(a) {
		case 1:
		case 2:
			if err := d.deltas(a[1], &rs.deltas, 1); err != nil {
				return err
			}
		default:
			return d.roundErr(16, 2, event.ErrValue, "a %s result has %d elements, want 1 or 2", name, len(a))
		}
		// An abortive draw pays nothing, but for the chombo of a riichi
		// player found noten at a four-riichi abort (rules that make a
		// noten riichi a chombo), whose payments the rules judge.
		if kind.IsAbortive() && kind != event.FourRiichi && rs.deltas != [4]int32{} {
			return d.roundErr(16, 1, event.ErrValue, "an abortive draw with score changes %v", rs.deltas)
		}
		return nil
	}
	rs.name = "win"
	if len(a) < 3 || len(a)%2 != 1 {
		return d.roundErr(16, -1, event.ErrValue, "a win result has %d elements, want 1 + 2 per winner", len(a))
	}
	rs.nwin = (len(a) - 1) / 2
	if rs.nwin >= d.players {
		return d.roundErr(16, -1, event.ErrValue, "%d winners in a %d-player game", rs.nwin, d.players)
	}
	for k := range rs.nwin {
		w := &rs.wins[k]
		if err := d.deltas(a[1+2*k], &w.Deltas, 1+2*k); err != nil {
			return err
		}
		w.Known = event.KnownDeltas
		if err := d.winInfo(a[2+2*k], w, 2+2*k); err != nil {
			return err
		}
	}
	return nil
}

// deltas reads four score changes.
func (d *Decoder) deltas(v *fastjson.Value, dst *[4]int32, k int) error {
	var x [4]int
	if n, err := d.ints(v, x[:]); err != nil || n != 4 {
		return d.roundErr(16, k, event.ErrValue, "%s is not a list of 4 score changes", jsontok.Short(v.String()))
	}
	for i := range 4 {
		if x[i] < -1e8 || x[i] > 1e8 || (i >= d.players && x[i] != 0) {
			return d.roundErr(16, k, event.ErrValue, "score change %d of seat %d out of range", x[i], i)
		}
		dst[i] = int32(x[i])
	}
	return nil
}

// winInfo reads [who, from, pao, "score", "yaku"...] into w.
func (d *Decoder) winInfo(v *fastjson.Value, w *event.WinRecord, k int) error {
	a, err := v.Array()
	if err != nil || len(a) < 2 {
		return d.roundErr(16, k, event.ErrValue, "%s is not [who, from, pao, score, yaku...]", jsontok.Short(v.String()))
	}
	var seats [3]int
	n := min(len(a), 3)
	for i := range n {
		x, err := a[i].Int()
		if err != nil || x < 0 || x >= d.players {
			return d.roundErr(16, k, event.ErrValue, "win info %s: %s is not a seat of a %d-player game", jsontok.Short(v.String()), jsontok.Short(a[i].String()), d.players)
		}
		seats[i] = x
	}
	w.Winner, w.From, w.Liable = event.Seat(seats[0]), event.Seat(seats[1]), event.NoSeat
	if n == 3 && seats[2] != seats[0] {
		w.Liable = event.Seat(seats[2])
	}
	if len(a) < 4 {
		return nil
	}
	if a[3].Type() != fastjson.TypeString {
		return d.roundErr(16, k, event.ErrValue, "win info: the score %s is not a string", jsontok.Short(a[3].String()))
	}
	score := a[3].GetStringBytes()
	si := parseScore(score)
	tsumo := w.Winner == w.From
	dealer := w.Winner == d.rd.dealer
	if si.hasFu {
		w.Fu, w.Han = int16(si.fu), int16(si.han)
		w.Known |= event.KnownFu | event.KnownHan
	}
	if si.hasLimit && si.hasPayment && !si.unrecognised {
		pts, ok := 0, true
		switch {
		case !tsumo && !si.hasB && !si.all:
			pts = si.a
		case tsumo && dealer && !si.hasB:
			pts = si.a * (d.players - 1) // ∀: what each player pays
		case tsumo && !dealer && si.hasB && !si.all:
			pts = si.a*(d.players-2) + si.b
		default:
			ok = false
		}
		if ok {
			w.Points, w.Limit = int32(pts), si.limit
			w.Known |= event.KnownPoints
		} else {
			d.warn("round %v: score %q does not fit a %s by %s seat %d; points left unknown", d.round, score, winWord(tsumo), dealerWord(dealer), w.Winner)
		}
	} else {
		d.warn("round %v: score %q not understood; points left unknown", d.round, score)
	}
	if len(a) == 4 {
		return nil
	}
	han, known, hanKnown := 0, true, true
	for i := 4; i < len(a); i++ {
		s := a[i].GetStringBytes()
		name, h, ok := parseYaku(s)
		if !ok {
			d.warn("round %v: yaku %s is not name(n飜) or name(役満); the yaku and han are left unknown", d.round, jsontok.Short(a[i].String()))
			known, hanKnown = false, false
			continue
		}
		han += h
		// yaku.FromTenhou6 knows Tenhou's names with their variant
		// spellings, Mahjong Soul's Japanese names as tensoul writes them,
		// and the English and romaji names of tensoul's other languages.
		id, isYaku := yaku.FromTenhou6(name)
		switch {
		case !isYaku:
			d.warn("round %v: unknown yaku %q; the yaku list is left unknown", d.round, name)
			known = false
			continue
		case id == yaku.AnySeatWind: // Mahjong Soul's 役牌:自風牌
			id = yaku.SeatWind(seatWind(w.Winner, d.rd.dealer, d.players))
		case id == yaku.AnyRoundWind: // Mahjong Soul's 役牌:場風牌
			id = yaku.RoundWind(d.rd.round / 4 % 4)
		}
		if err := w.AddYaku(id, h); err != nil {
			return d.roundErr(16, k, event.ErrValue, "%v", err)
		}
	}
	if known {
		w.Known |= event.KnownYaku
	} else {
		w.NYaku = 0
		w.Yaku = [event.MaxYaku]event.Yaku{}
	}
	switch {
	case han > 32767:
		return d.roundErr(16, k, event.ErrValue, "%d han", han)
	case hanKnown:
		w.Han = int16(han)
		w.Known |= event.KnownHan
	case w.Known&event.KnownFu == 0:
		w.Han = 0
		w.Known &^= event.KnownHan
	}
	return nil
}

// seatWind returns a seat's wind (0 East … 3 North) in a hand with dealer.
func seatWind(s, dealer event.Seat, players int) int {
	return (int(s) - int(dealer) + players) % players
}

func winWord(tsumo bool) string {
	if tsumo {
		return "tsumo"
	}
	return "ron"
}

func dealerWord(dealer bool) string {
	if dealer {
		return "dealer"
	}
	return "non-dealer"
}
