package tenhou

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// fastRun decodes the run of elements at the scanner's position that are
// spelt as Tenhou writes them, without the general element path: draws and
// discards such as <T52/> (nine elements in ten) through fastTiles, and
// calls, riichi, wins and hand starts through fastCall, fastReach,
// fastAgari and fastInit, which read each value in the same pass as they
// parse it. It stops at anything else — another element, or a malformed or
// illegal one, which the general path then decodes or reports with the
// same result.
func (d *Decoder) fastRun() {
	if !d.inRoot || d.ended || d.general {
		return
	}
	s := &d.sc
	for {
		if d.hand >= 0 {
			d.fastTiles()
		}
		p := s.pos
		if len(s.data)-p < 2 || s.data[p] != '<' {
			return
		}
		var end int
		switch s.data[p+1] {
		case 'N':
			end = d.fastCall(p, s.index+1)
		case 'R':
			end = d.fastReach(p, s.index+1)
		case 'I':
			end = d.fastInit(p, s.index+1)
		case 'A':
			end = d.fastAgari(p, s.index+1)
		}
		if end == 0 || d.ended {
			return
		}
	}
}

// fastTiles decodes the run of draw and discard tags at the scanner's
// position, keeping its state in locals and calling nothing, so that the
// loop keeps them in registers.
func (d *Decoder) fastTiles() {
	s := &d.sc
	b := s.data
	p := s.pos
	start := s.start
	index := s.index
	evs := d.g.Events
	noSeat := event.NoSeat // as a variable: the constant has no uint8
	for p+8 <= len(b) {
		// The longest tile tag, <T135/>, is seven bytes: one load reads
		// it whole. (The last tag of a document is never a tile, so
		// needing eight bytes leaves nothing real to the general path.)
		w := binary.LittleEndian.Uint64(b[p : p+8])
		if byte(w) != '<' {
			if !isSpace(byte(w)) {
				break
			}
			p++
			continue
		}
		k := d.tags[byte(w>>8)]
		// The id's length and value without a branch on the length: ids
		// are random, and a branch on it was guessed wrong often enough
		// to cost more than this. The check below rejects lengths other
		// than 1–3, where n is garbage, and anything but "/>" after.
		x := w ^ 0x3030303030303030
		end := uint(bits.TrailingZeros64(nonDigits(x)&^0xffff)) >> 3
		digits := end - 2
		n := number(x>>16, digits)
		if k == 0 || digits-1 > 2 || (w>>((8*end)&63))&0xffff != '/'|'>'<<8 || n >= tile.NumIDs {
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
		typ, flags := event.Discard, event.Flags(0)
		last := d.lastDraw[seat&3]
		if k&tagDraw != 0 {
			typ = event.Draw
			if d.pendRepl[seat&3] {
				flags = event.Replacement
				d.pendRepl[seat&3] = false
			}
			d.lastDraw[seat&3] = int16(n)
		} else {
			if last == int16(n) {
				flags = event.Tsumogiri
			}
			d.lastDraw[seat&3] = -1
		}
		// The event is written in place with as few stores as the
		// compiler can make of it: this loop is bound by stores, not by
		// instructions. Fields written from bytes of one word are
		// combined (two stores for the six one-byte fields, one for
		// Pos), the zero middle takes three. Clearing the whole event
		// first and writing over it was slower; so was building it on
		// the stack and copying it (a store-forwarding stall).
		e := &evs[len(evs)-1]
		h := uint64(typ) | uint64(seat)<<8 | uint64(uint8(noSeat))<<16 | uint64(flags)<<24 | uint64(face)<<32 | uint64(n)<<40
		e.Type, e.Seat, e.From, e.Flags = event.Type(h), event.Seat(h>>8), event.Seat(h>>16), event.Flags(h>>24)
		e.Tile, e.ID = tile.Tile(h>>32), tile.ID(h>>40)
		e.Meld, e.Ref = event.Meld{}, 0
		pos := uint64(uint32(p)) | uint64(uint32(index))<<32
		e.Pos.Offset, e.Pos.Index = int32(pos), int32(pos>>32)
		start = p
		p += int(end) + 2
	}
	d.g.Events = evs
	s.took(start, p, index)
}

// commit ends a fast path that read the element at offset p, element
// index index, up to offset end: it makes the element the scanner's
// current one (the events it emits take their position from there) and
// runs apply, the checks and effects the fast path shares with the general
// one, which change nothing when they fail. It returns end, or 0 when apply
// failed, having put the scanner back, for the general path to report the
// error.
func (d *Decoder) commit(p, index, end int, apply func() error) int {
	s := &d.sc
	saved := s.save()
	s.took(p, end, index)
	if apply() != nil {
		s.restore(saved)
		return 0
	}
	return end
}

// fastCall decodes the call at offset p, element index index, when it is
// spelt as Tenhou writes it, <N who="1" m="47723" />, and is valid. It
// returns the offset after it, or 0 to leave it to the general path.
//
// Calls and riichi are read at fixed offsets rather than through a cursor:
// after draws and discards they are the commonest elements, and reading
// them through a cursor made a corpus pass about 4 % slower.
func (d *Decoder) fastCall(p, index int) int {
	b := d.sc.data
	if d.hand < 0 || len(b)-p < 24 || string(b[p:p+8]) != `<N who="` || b[p+9] != '"' || string(b[p+10:p+14]) != ` m="` {
		return 0
	}
	who := uint(b[p+8] - '0')
	q := p + 14
	code := 0
	for i := q; i < q+5; i++ {
		if c := b[i] - '0'; c < 10 {
			code = code*10 + int(c)
		} else {
			break
		}
		q++
	}
	if q == p+14 || b[q] != '"' || who >= uint(d.players) {
		return 0
	}
	switch {
	case b[q+1] == '/' && b[q+2] == '>':
		q += 3
	case b[q+1] == ' ' && b[q+2] == '/' && b[q+3] == '>':
		q += 4
	default:
		return 0
	}
	return d.commit(p, index, q, func() error { return d.meld(event.Seat(who), code) })
}

// fastReach is fastCall for riichi: <REACH who="2" step="1"/> and
// <REACH who="2" ten="250,250,240,250" step="2"/>, whose scores it reads
// with the lexer's list parser, in place.
func (d *Decoder) fastReach(p, index int) int {
	b := d.sc.data
	if d.hand < 0 || len(b)-p < 32 || string(b[p:p+12]) != `<REACH who="` || b[p+13] != '"' {
		return 0
	}
	who := uint(b[p+12] - '0')
	q := p + 14
	var sc [4]int32
	hasTen := string(b[q:q+6]) == ` ten="`
	if hasTen {
		var ten [4]int
		c := d.sc.cursorAt(q + 6)
		if c.list(ten[:]) != 4 || !c.ok {
			return 0
		}
		for i, x := range ten {
			sc[i] = int32(x) * 100
		}
		q = c.p
	}
	if len(b)-q < 12 || string(b[q:q+7]) != ` step="` || b[q+8] != '"' || who >= uint(d.players) {
		return 0
	}
	step := b[q+7 : q+8]
	q += 9
	switch {
	case b[q] == '/' && b[q+1] == '>':
		q += 2
	case b[q] == ' ' && b[q+1] == '/' && b[q+2] == '>':
		q += 3
	default:
		return 0
	}
	return d.commit(p, index, q, func() error { return d.riichi(event.Seat(who), step, &sc, hasTen) })
}

// haiNames are the hands' attributes as INIT spells them, for fastInit.
var haiNames = [4]string{` hai0="`, ` hai1="`, ` hai2="`, ` hai3="`}

// fastInit is fastCall for a hand's start spelt as Tenhou writes it:
// <INIT seed="..." ten="..." oya="0" hai0="..." hai1="..." hai2="..."
// hai3="..."/>, with a shuffle attribute last in some years.
func (d *Decoder) fastInit(p, index int) int {
	if !d.sawGO {
		return 0
	}
	c := d.sc.cursorAt(p)
	c.name("<INIT")
	var v initValues
	v.dice = [2]bool{true, true}
	c.name(" seed=\"")
	nSeed, seedV := c.listValue(v.seed[:])
	v.seedV = seedV
	c.name(" ten=\"")
	nTen := c.list(v.ten[:])
	c.name(" oya=\"")
	// As init reads it: raw, a seat of digits only.
	v.oyaV = c.value()
	if x, ok := parseUint(v.oyaV); ok {
		v.oya = x
	} else {
		v.oya = -1
	}
	for i := range 4 {
		c.name(haiNames[i])
		// Thirteen tiles for each seat of the game, none for the fourth
		// seat of a three-player game.
		if n := c.list(v.hai[i][:]); i < d.players && n != 13 || i >= d.players && n != 0 {
			c.ok = false
		}
	}
	if c.ok && c.p+10 < len(c.b) && c.b[c.p+1] == 's' {
		c.name(" shuffle=\"")
		v.shuffle, v.hasShuffle = c.value(), true
	}
	end := c.end()
	if !c.ok || nSeed != 6 || nTen != 4 {
		return 0
	}
	return d.commit(p, index, end, func() error {
		hand, round := d.hand, d.round
		d.hand++
		err := d.initRound(&v)
		if err != nil {
			d.hand, d.round = hand, round
		}
		return err
	})
}

// fastAgari is fastCall for a win spelt as Tenhou writes it (ba, hai, m,
// machi, ten, yaku or yakuman, doraHai, doraHaiUra, who, fromWho, paoWho,
// sc, owari, the optional ones left out or not).
func (d *Decoder) fastAgari(p, index int) int {
	if d.hand < 0 {
		return 0
	}
	c := d.sc.cursorAt(p)
	c.name("<AGARI")
	v := &d.agariVals
	v.agariFields = agariFields{}
	c.name(` ba="`)
	nBa, baV := c.listValue(v.ba[:])
	v.baV, v.hasBa = baV, true
	c.name(` hai="`)
	v.nHai = c.list(v.hai[:])
	if c.at(` m="`) {
		v.nM, v.hasM = c.list(v.m[:]), true
	}
	// The single values are kept raw: fillWin parses them, as for the
	// general path.
	c.name(` machi="`)
	v.machiV = c.value()
	c.name(` ten="`)
	nTen, tenV := c.listValue(v.ten[:])
	v.tenV = tenV
	if c.at(` yaku="`) {
		v.nYaku, v.yakuV = c.listValue(v.yaku[:])
		v.hasYaku = true
	} else if c.at(` yakuman="`) {
		v.nYakuman, v.yakumanV = c.listValue(v.yakuman[:])
		v.hasYakuman = true
	}
	c.name(` doraHai="`)
	v.nDora, v.hasDora = c.list(v.dora[:]), true
	if c.at(` doraHaiUra="`) {
		v.nUra, v.hasUra = c.list(v.ura[:]), true
	}
	c.name(` who="`)
	v.whoV = c.value()
	c.name(` fromWho="`)
	v.fromV = c.value()
	if c.at(` paoWho="`) {
		v.paoV = c.value()
	}
	c.name(` sc="`)
	v.nSc, v.hasSc = c.list(v.sc[:]), true
	var owari []byte
	if c.at(` owari="`) {
		owari = c.value()
	}
	end := c.end()
	if !c.ok || nBa != 2 || nTen != 3 || v.nSc < 8 {
		return 0
	}
	var e event.EndRecord
	if owari != nil {
		var err error
		if e, err = parseOwari(owari); err != nil {
			return 0
		}
	}
	return d.commit(p, index, end, func() error {
		if err := d.agariWin(v); err != nil {
			return err
		}
		if owari != nil {
			d.endGame(&e)
		}
		return nil
	})
}
