package majsoul

import (
	"bytes"
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
	"google.golang.org/protobuf/encoding/protowire"
)

// pbReader iterates over the fields of one protobuf message. After next
// returns true, num and typ describe the field, v holds a varint or fixed
// value and s a length-delimited one.
type pbReader struct {
	b     []byte
	off   int // offset of the next field
	start int // offset of the current field's tag
	num   protowire.Number
	typ   protowire.Type
	v     uint64
	s     []byte
	err   error
}

// errWire is a malformed protobuf message; errWireType a field of an
// unexpected wire type.
var (
	errWire     = fmt.Errorf("malformed protobuf")
	errWireType = fmt.Errorf("protobuf field of an unexpected type")
)

func (p *pbReader) next() bool {
	if p.err != nil || p.off >= len(p.b) {
		return false
	}
	p.start = p.off
	// Fast paths for the one-byte tags, varints and lengths that make up
	// nearly all of a record.
	if c := p.b[p.off]; c < 0x80 && c >= 8 {
		p.num, p.typ = protowire.Number(c>>3), protowire.Type(c&7)
		if p.off+1 < len(p.b) {
			if v := p.b[p.off+1]; v < 0x80 {
				switch p.typ {
				case protowire.VarintType:
					p.v = uint64(v)
					p.off += 2
					return true
				case protowire.BytesType:
					if end := p.off + 2 + int(v); end <= len(p.b) {
						p.s = p.b[p.off+2 : end]
						p.off = end
						return true
					}
				}
			}
		}
	}
	num, typ, n := protowire.ConsumeTag(p.b[p.off:])
	if n < 0 {
		p.err = errWire
		return false
	}
	p.off += n
	p.num, p.typ = num, typ
	rest := p.b[p.off:]
	switch typ {
	case protowire.VarintType:
		p.v, n = protowire.ConsumeVarint(rest)
	case protowire.BytesType:
		p.s, n = protowire.ConsumeBytes(rest)
	case protowire.Fixed32Type:
		var v uint32
		v, n = protowire.ConsumeFixed32(rest)
		p.v = uint64(v)
	case protowire.Fixed64Type:
		p.v, n = protowire.ConsumeFixed64(rest)
	default:
		n = protowire.ConsumeFieldValue(num, typ, rest)
	}
	if n < 0 {
		p.err = errWire
		return false
	}
	p.off += n
	return true
}

// u32 returns the current field as a uint32 (as an int).
func (p *pbReader) u32() int {
	if p.typ != protowire.VarintType {
		p.err = errWireType
		return 0
	}
	return int(uint32(p.v))
}

// i32 returns the current field as an int32.
func (p *pbReader) i32() int32 {
	if p.typ != protowire.VarintType {
		p.err = errWireType
		return 0
	}
	return int32(p.v)
}

func (p *pbReader) bool() bool {
	if p.typ != protowire.VarintType {
		p.err = errWireType
		return false
	}
	return p.v != 0
}

func (p *pbReader) bytes() []byte {
	if p.typ != protowire.BytesType {
		p.err = errWireType
		return nil
	}
	return p.s
}

// ints appends the current field, a packed or unpacked repeated integer,
// to dst (at most len(dst) values; more is an error).
func (p *pbReader) ints(dst []int64, n *int) {
	put := func(v uint64) {
		if *n == len(dst) {
			p.err = errTooMany
			return
		}
		dst[*n] = int64(int32(v))
		*n++
	}
	switch p.typ {
	case protowire.VarintType:
		put(p.v)
	case protowire.BytesType:
		b := p.s
		for len(b) > 0 && p.err == nil {
			v, m := protowire.ConsumeVarint(b)
			if m < 0 {
				p.err = errWire
				return
			}
			put(v)
			b = b[m:]
		}
	default:
		p.err = errWireType
	}
}

var errTooMany = fmt.Errorf("too many values in a repeated field")

// tile appends the current field, a tile string, to l.
func (d *Decoder) pbTile(p *pbReader, l *tileList, what string) error {
	b := p.bytes()
	t, ok := parseTile(b)
	if !ok {
		if p.err != nil {
			return nil
		}
		return d.errorf(event.ErrValue, "%s: %q is not a tile", what, b)
	}
	if l.n == maxList {
		return d.errorf(event.ErrValue, "%s has more than %d tiles", what, maxList)
	}
	l.t[l.n] = t
	l.n++
	return nil
}

// pbOne reads a single tile string field ("" is absent).
func (d *Decoder) pbOne(p *pbReader, what string) (tile.Tile, error) {
	b := p.bytes()
	if len(b) == 0 {
		return tile.None, nil
	}
	t, ok := parseTile(b)
	if !ok {
		return tile.None, d.errorf(event.ErrValue, "%s: %q is not a tile", what, b)
	}
	return t, nil
}

// pbScores reads a repeated int32 field of at most four scores.
func (d *Decoder) pbScores(p *pbReader, l *scoreList) {
	var v [4]int64
	n := l.n
	for i := range n {
		v[i] = int64(l.v[i])
	}
	p.ints(v[:], &n)
	for i := range n {
		l.v[i] = int32(v[i])
	}
	l.n = n
}

// pbErr turns a reader's error into a decoding error.
func (d *Decoder) pbErr(p *pbReader, what string) error {
	if p.err == nil {
		return nil
	}
	return d.errorf(event.ErrSyntax, "%s: %v at byte %d of the record", what, p.err, p.start)
}

// splitWrapper reads a Wrapper {name = 1, data = 2}. When lenient, a data
// field cut short by the end of b is returned as far as it goes, with
// trunc set. ok is false when b is not a Wrapper.
func splitWrapper(b []byte, lenient bool) (name, data []byte, dataOff int, trunc, ok bool) {
	p := pbReader{b: b}
	hasData := false
	for {
		if lenient && p.off < len(b) {
			if s, off, cut := cutBytesField(b, p.off, 2); cut {
				return name, s, off, true, true
			}
		}
		if !p.next() {
			break
		}
		switch {
		case p.num == 1 && p.typ == protowire.BytesType:
			name = p.s
		case p.num == 2 && p.typ == protowire.BytesType:
			data, dataOff, hasData = p.s, p.off-len(p.s), true
		default:
			return nil, nil, 0, false, false
		}
	}
	return name, data, dataOff, false, p.err == nil && hasData
}

// cutBytesField reports whether the field at b[off:] is length-delimited
// field num whose length runs past the end of b, and returns the bytes it
// has.
func cutBytesField(b []byte, off int, num protowire.Number) ([]byte, int, bool) {
	n, typ, m := protowire.ConsumeTag(b[off:])
	if m < 0 || n != num || typ != protowire.BytesType {
		return nil, 0, false
	}
	l, k := protowire.ConsumeVarint(b[off+m:])
	if k < 0 || l <= uint64(len(b)-off-m-k) {
		return nil, 0, false
	}
	start := off + m + k
	return b[start:], start, true
}

// decodeBinary decodes a protobuf record: the GameDetailRecords wrapper
// (".lq.GameDetailRecords"), a fetchGameRecord response (a ResGameRecord,
// alone, in an unnamed Wrapper, or in a WebSocket frame with its 1- or
// 3-byte header), or a bare GameDetailRecords.
func (d *Decoder) decodeBinary(data []byte) error {
	return d.decodeBinaryAt(data, 0)
}

// decodeBinaryAt decodes the protobuf record b; base is the offset of b in
// the input, or -1 when b was decoded from base64.
func (d *Decoder) decodeBinaryAt(b []byte, base int) error {
	at := func(off int) int {
		if base < 0 {
			return -1
		}
		return base + off
	}
	if name, gdr, off, trunc, ok := splitWrapper(b, true); ok && string(name) == ".lq.GameDetailRecords" {
		d.truncated = d.truncated || trunc
		return d.pbGDR(gdr, at(off))
	}
	for _, skip := range [...]int{0, 1, 3} {
		if skip >= len(b) {
			break
		}
		if skip > 0 && b[0] > 3 {
			break
		}
		body, off := b[skip:], skip
		if name, inner, ioff, trunc, ok := splitWrapper(body, true); ok && len(name) == 0 {
			body, off = inner, skip+ioff
			d.truncated = d.truncated || trunc
		}
		if done, err := d.pbResponse(body, at(off)); done || err != nil {
			return err
		}
	}
	if looksLikeGDR(b) {
		return d.pbGDR(b, at(0))
	}
	return d.errAt(0, -1, fmt.Errorf("not a Mahjong Soul record (no GameDetailRecords): %w", event.ErrSyntax))
}

// looksLikeGDR reports whether b is a bare GameDetailRecords: records
// whose first is a Wrapper of a record type, or actions.
func looksLikeGDR(b []byte) bool {
	p := pbReader{b: b}
	for p.next() {
		switch {
		case p.num == 1 && p.typ == protowire.BytesType:
			name, _, _, _, ok := splitWrapper(p.s, false)
			return ok && bytes.HasPrefix(name, []byte(".lq.Record"))
		case p.num == 3 && p.typ == protowire.BytesType:
			return true
		case p.num == 2 && p.typ == protowire.VarintType:
		default:
			return false
		}
	}
	return false
}

// pbResponse decodes b as a ResGameRecord {error = 1, head = 3, data = 4,
// data_url = 5}. done is false when b is not one.
func (d *Decoder) pbResponse(b []byte, base int) (done bool, err error) {
	p := pbReader{b: b}
	var head, data []byte
	dataOff, code := 0, 0
	hasURL, trunc := false, false
	for {
		if p.off < len(b) {
			if s, off, cut := cutBytesField(b, p.off, 4); cut {
				data, dataOff, trunc = s, off, true
				break
			}
		}
		if !p.next() {
			break
		}
		switch {
		case p.num == 1 && p.typ == protowire.BytesType:
			e := pbReader{b: p.s}
			for e.next() {
				if e.num == 1 {
					code = e.u32()
				}
			}
		case p.num == 3 && p.typ == protowire.BytesType:
			head = p.s
		case p.num == 4 && p.typ == protowire.BytesType:
			data, dataOff = p.s, p.off-len(p.s)
		case p.num == 5 && p.typ == protowire.BytesType:
			hasURL = len(p.s) > 0
		default:
			return false, nil
		}
	}
	if p.err != nil {
		return false, nil
	}
	name, gdr, off, trunc2, ok := splitWrapper(data, true)
	switch {
	case ok && string(name) == ".lq.GameDetailRecords":
	case len(data) == 0 && code != 0:
		return true, d.errAt(0, -1, fmt.Errorf("the server answered with error %d and no record: %w", code, event.ErrUnsupported))
	case len(data) == 0 && hasURL:
		return true, d.errAt(0, -1, fmt.Errorf("the record's data is not included (only its data_url): %w", event.ErrUnsupported))
	default:
		return false, nil
	}
	if head != nil {
		if err := d.pbHead(head); err != nil {
			return true, err
		}
	}
	d.truncated = d.truncated || trunc || trunc2
	if base >= 0 {
		base += dataOff + off
	}
	return true, d.pbGDR(gdr, base)
}

// pbGDR decodes a GameDetailRecords {records = 1, version = 2, actions =
// 3}; base is its offset in the input or -1.
func (d *Decoder) pbGDR(b []byte, base int) error {
	// First pass: the version and which list is there; a last field cut
	// short by the end of the input ends the list.
	p := pbReader{b: b}
	nRecords, nActions := 0, 0
	end := len(b)
	for {
		if p.off < len(b) {
			if _, _, cut := cutBytesField(b, p.off, 1); cut {
				end, d.truncated = p.off, true
				break
			}
			if _, _, cut := cutBytesField(b, p.off, 3); cut {
				end, d.truncated = p.off, true
				break
			}
		}
		if !p.next() {
			break
		}
		switch p.num {
		case 1:
			nRecords++
		case 2:
			d.version = p.u32()
		case 3:
			nActions++
		}
	}
	if p.err != nil {
		if base >= 0 {
			return d.errAt(base+p.start, -1, fmt.Errorf("GameDetailRecords: %v: %w", p.err, event.ErrSyntax))
		}
		return d.errAt(-1, -1, fmt.Errorf("GameDetailRecords: %v: %w", p.err, event.ErrSyntax))
	}
	d.checkVersion()
	useActions := nActions > 0 && (nRecords == 0 || d.version != 0)
	p = pbReader{b: b[:end]}
	i := -1
	for p.next() {
		if (useActions && p.num != 3) || (!useActions && p.num != 1) || p.typ != protowire.BytesType {
			continue
		}
		i++
		off := -1
		if base >= 0 {
			off = base + p.start
		}
		d.pos = event.Pos{Offset: int32(off), Index: int32(i)}
		var err error
		if useActions {
			err = d.pbAction(p.s)
		} else {
			err = d.pbWrapperRecord(p.s)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// pbAction decodes a GameAction {passed = 1, type = 2, result = 3,
// user_input = 4}.
func (d *Decoder) pbAction(b []byte) error {
	p := pbReader{b: b}
	var result []byte
	for p.next() {
		switch p.num {
		case 3:
			result = p.bytes()
		case 4:
			if d.firstDiscard && p.typ == protowire.BytesType {
				d.pbUserInput(p.s)
			}
		}
	}
	if err := d.pbErr(&p, "action"); err != nil {
		return err
	}
	if len(result) == 0 {
		return nil
	}
	return d.pbWrapperRecord(result)
}

// pbUserInput notes the dealer's first discard's tsumogiri from a
// GameUserInput {seat = 1, type = 2, operation = 10 {type = 1, moqie = 5}}.
func (d *Decoder) pbUserInput(b []byte) {
	p := pbReader{b: b}
	seat, typ := 0, 0
	var op []byte
	for p.next() {
		switch p.num {
		case 1:
			seat = p.u32()
		case 2:
			typ = p.u32()
		case 10:
			op = p.bytes()
		}
	}
	if p.err != nil || typ != 2 || seat != int(d.dealer) || op == nil {
		return
	}
	q := pbReader{b: op}
	opType, moqie := 0, false
	for q.next() {
		switch q.num {
		case 1:
			opType = q.u32()
		case 5:
			moqie = q.bool()
		}
	}
	if q.err == nil && (opType == 1 || opType == 7) {
		d.userMoqie = 0
		if moqie {
			d.userMoqie = 1
		}
	}
}

// pbWrapperRecord decodes a record in its Wrapper.
func (d *Decoder) pbWrapperRecord(b []byte) error {
	name, data, _, _, ok := splitWrapper(b, false)
	if !ok {
		return d.errorf(event.ErrSyntax, "a record is not a Wrapper")
	}
	k := kindOf(name)
	if k == recUnknown || k == recEventMode {
		return d.unknownRecord(k, name)
	}
	return d.pbRecord(k, data)
}

// pbRecord decodes and applies one record message.
func (d *Decoder) pbRecord(k recordKind, b []byte) error {
	if d.skip(k) {
		return nil
	}
	var err error
	switch k {
	case recNewRoundKind:
		err = d.pbNewRound(b, &d.nr)
	case recDealTileKind:
		err = d.pbDealTile(b, &d.dt)
	case recDiscardTileKind:
		err = d.pbDiscardTile(b, &d.dc)
	case recChiPengGangKind:
		err = d.pbChiPengGang(b, &d.cpg)
	case recAnGangAddGangKind:
		err = d.pbAnGangAddGang(b, &d.ag, false)
	case recBaBeiKind:
		err = d.pbAnGangAddGang(b, &d.ag, true)
	case recHuleKind:
		err = d.pbHule(b, &d.hu)
	case recNoTileKind:
		err = d.pbNoTile(b, &d.nt)
	case recLiuJuKind:
		err = d.pbLiuJu(b, &d.lj)
	default:
		return d.unknownRecord(k, nil)
	}
	if err != nil {
		return err
	}
	return d.applyRecord(k)
}

func (d *Decoder) pbLiqi(b []byte, l *liqiSuccess) {
	*l = liqiSuccess{ok: true}
	p := pbReader{b: b}
	for p.next() {
		switch p.num {
		case 1:
			l.seat = p.u32()
		case 2:
			l.score = p.i32()
		case 3:
			l.sticks = p.u32()
		case 4:
			l.failed = p.bool()
		}
	}
	if p.err != nil {
		l.seat = -1 // rejected by the seat check
	}
}

func (d *Decoder) pbNewRound(b []byte, r *recNewRound) error {
	*r = recNewRound{}
	p := pbReader{b: b}
	var sc scoreList
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			r.chang = p.u32()
		case 2:
			r.ju = p.u32()
		case 3:
			r.ben = p.u32()
		case 4:
			r.dora, err = d.pbOne(&p, "dora")
		case 5:
			d.pbScores(&p, &sc)
		case 6:
			r.liqibang = p.u32()
		case 7, 8, 9, 10:
			err = d.pbTile(&p, &r.hands[p.num-7], "tiles")
		case 13:
			r.md5 = p.bytes()
		case 14:
			r.paishan = p.bytes()
		case 16:
			err = d.pbTile(&p, &r.doras, "doras")
		case 22:
			r.sha256 = p.bytes()
		case 24:
			r.saltSha256 = p.bytes()
		case 25:
			r.salt = p.bytes()
		}
	}
	r.scores, r.nScores = sc.v, sc.n
	if err != nil {
		return err
	}
	return d.pbErr(&p, "new round")
}

func (d *Decoder) pbDealTile(b []byte, r *recDealTile) error {
	*r = recDealTile{}
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			r.seat = p.u32()
		case 2:
			r.tile, err = d.pbOne(&p, "tile")
		case 5:
			d.pbLiqi(p.bytes(), &r.liqi)
		case 6:
			err = d.pbTile(&p, &r.doras, "doras")
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "draw")
}

func (d *Decoder) pbDiscardTile(b []byte, r *recDiscardTile) error {
	*r = recDiscardTile{}
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			r.seat = p.u32()
		case 2:
			r.tile, err = d.pbOne(&p, "tile")
		case 3:
			r.isLiqi = p.bool()
		case 5:
			r.moqie = p.bool()
		case 8:
			err = d.pbTile(&p, &r.doras, "doras")
		case 9:
			r.isWliqi = p.bool()
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "discard")
}

func (d *Decoder) pbChiPengGang(b []byte, r *recChiPengGang) error {
	*r = recChiPengGang{}
	p := pbReader{b: b}
	var err error
	var froms [maxList]int64
	for err == nil && p.next() {
		switch p.num {
		case 1:
			r.seat = p.u32()
		case 2:
			r.typ = p.u32()
		case 3:
			err = d.pbTile(&p, &r.tiles, "tiles")
		case 4:
			p.ints(froms[:], &r.nFroms)
		case 5:
			d.pbLiqi(p.bytes(), &r.liqi)
		}
	}
	for i := range r.nFroms {
		r.froms[i] = int(froms[i])
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "call")
}

// pbAnGangAddGang reads RecordAnGangAddGang {seat = 1, type = 2, tiles =
// 3, doras = 6}, or RecordBaBei {seat = 1, doras = 6} when kita.
func (d *Decoder) pbAnGangAddGang(b []byte, r *recAnGangAddGang, kita bool) error {
	*r = recAnGangAddGang{}
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch {
		case p.num == 1:
			r.seat = p.u32()
		case p.num == 2 && !kita:
			r.typ = p.u32()
		case p.num == 3 && !kita:
			r.tile, err = d.pbOne(&p, "tiles")
		case p.num == 6:
			err = d.pbTile(&p, &r.doras, "doras")
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "kan")
}

func (d *Decoder) pbHule(b []byte, r *recHule) error {
	r.nHules = 0
	r.oldScores, r.delta, r.scores, r.baopai = scoreList{}, scoreList{}, scoreList{}, 0
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			if r.nHules == maxHules {
				return d.errorf(event.ErrValue, "more than %d winners", maxHules)
			}
			err = d.pbHuleInfo(p.bytes(), &r.hules[r.nHules])
			r.nHules++
		case 2:
			d.pbScores(&p, &r.oldScores)
		case 3:
			d.pbScores(&p, &r.delta)
		case 5:
			d.pbScores(&p, &r.scores)
		case 9:
			r.baopai = int(p.i32())
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "win")
}

func (d *Decoder) pbHuleInfo(b []byte, h *huleInfo) error {
	*h = huleInfo{}
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			err = d.pbTile(&p, &h.hand, "hand")
		case 2:
			h.nMing++
		case 3:
			h.huTile, err = d.pbOne(&p, "hu_tile")
		case 4:
			h.seat = p.u32()
		case 5:
			h.zimo = p.bool()
		case 6:
			h.qinjia = p.bool()
		case 7:
			h.liqi = p.bool()
		case 8:
			err = d.pbTile(&p, &h.doras, "doras")
		case 9:
			err = d.pbTile(&p, &h.liDoras, "li_doras")
		case 10:
			h.yiman = p.bool()
		case 11:
			h.count = p.u32()
		case 12:
			if h.nFans == maxFans {
				return d.errorf(event.ErrValue, "more than %d yaku", maxFans)
			}
			f := &h.fans[h.nFans]
			*f = fanInfo{}
			q := pbReader{b: p.bytes()}
			for q.next() {
				switch q.num {
				case 1:
					f.name = q.bytes()
				case 2:
					f.val = q.u32()
				case 3:
					f.id = q.u32()
				}
			}
			if err = d.pbErr(&q, "yaku"); err == nil && f.val > 255 {
				err = d.errorf(event.ErrValue, "yaku value %d", f.val)
			}
			h.nFans++
		case 13:
			h.fu = p.u32()
		case 14:
			h.title = p.bytes()
		case 15:
			h.pointRong = p.u32()
		case 16:
			h.pointZimoQin = p.u32()
		case 17:
			h.pointZimoXian = p.u32()
		case 18:
			h.titleID = p.u32()
		case 21:
			if p.typ == protowire.VarintType {
				h.baopai = p.u32()
			}
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "winner")
}

func (d *Decoder) pbNoTile(b []byte, r *recNoTile) error {
	*r = recNoTile{}
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			r.liujumanguan = p.bool()
		case 2:
			if r.nPlayers == len(r.players) {
				return d.errorf(event.ErrValue, "exhaustive draw with more than 4 players")
			}
			pl := &r.players[r.nPlayers]
			r.nPlayers++
			q := pbReader{b: p.bytes()}
			for err == nil && q.next() {
				switch q.num {
				case 3:
					pl.tingpai = q.bool()
				case 4:
					err = d.pbTile(&q, &pl.hand, "hand")
				}
			}
			if err == nil {
				err = d.pbErr(&q, "exhaustive draw player")
			}
		case 3:
			if r.nScores == len(r.scores) {
				return d.errorf(event.ErrValue, "exhaustive draw with more than 4 score entries")
			}
			sc := &r.scores[r.nScores]
			r.nScores++
			q := pbReader{b: p.bytes()}
			for q.next() {
				switch q.num {
				case 1:
					sc.seat = q.u32()
				case 2:
					d.pbScores(&q, &sc.oldScores)
				case 3:
					d.pbScores(&q, &sc.deltas)
				}
			}
			err = d.pbErr(&q, "exhaustive draw scores")
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "exhaustive draw")
}

func (d *Decoder) pbLiuJu(b []byte, r *recLiuJu) error {
	*r = recLiuJu{}
	p := pbReader{b: b}
	var err error
	for err == nil && p.next() {
		switch p.num {
		case 1:
			r.typ = p.u32()
		case 3:
			r.seat = p.u32()
		case 4:
			err = d.pbTile(&p, &r.tiles, "tiles")
		case 5:
			d.pbLiqi(p.bytes(), &r.liqi)
		case 6:
			if r.nAll == len(r.all) {
				return d.errorf(event.ErrValue, "allplayertiles with more than 4 hands")
			}
			r.all[r.nAll] = p.bytes()
			r.nAll++
		}
	}
	if err != nil {
		return err
	}
	return d.pbErr(&p, "abortive draw")
}

// pbHead reads a RecordGame {uuid = 1, start_time = 2, config = 5,
// accounts = 11, result = 12}.
func (d *Decoder) pbHead(b []byte) error {
	h := &d.head
	h.seen = true
	p := pbReader{b: b}
	for p.next() {
		switch p.num {
		case 1:
			h.uuid = validString(p.bytes())
		case 2:
			h.startTime = int64(uint32(p.u32()))
		case 3:
			h.endTime = int64(uint32(p.u32()))
		case 5:
			d.pbConfig(p.bytes())
		case 11:
			if err := d.pbAccount(p.bytes()); err != nil {
				return err
			}
		case 12:
			q := pbReader{b: p.bytes()}
			for q.next() {
				if q.num != 1 {
					continue
				}
				if h.nResult == len(h.result) {
					return d.errorf(event.ErrValue, "head: the result lists more than 4 players")
				}
				var it resultItem
				r := pbReader{b: q.bytes()}
				for r.next() {
					switch r.num {
					case 1:
						it.seat = r.u32()
					case 2:
						it.total = r.i32()
					case 3:
						it.part1 = r.i32()
					}
				}
				if it.seat > 3 {
					return d.errorf(event.ErrValue, "head: a result at seat %d", it.seat)
				}
				h.result[h.nResult] = it
				h.nResult++
				if r.err != nil {
					p.err = r.err
				}
			}
			if q.err != nil {
				p.err = q.err
			}
		}
	}
	if err := d.pbErr(&p, "head"); err != nil {
		return err
	}
	d.applyHead()
	return nil
}

// pbConfig reads a GameConfig {category = 1, mode = 2 {mode = 1, ai = 4,
// detail_rule = 6, testing_environment = 7 {paixing = 1}}, meta = 3
// {room_id = 1, mode_id = 2, contest_uid = 3}}.
func (d *Decoder) pbConfig(b []byte) {
	h := &d.head
	p := pbReader{b: b}
	for p.next() {
		switch p.num {
		case 1:
			h.category = p.u32()
		case 2:
			q := pbReader{b: p.bytes()}
			for q.next() {
				switch q.num {
				case 1:
					h.mode, h.hasMode = q.u32(), true
				case 4:
					h.ai = q.bool()
				case 6:
					r := pbReader{b: q.bytes()}
					for r.next() {
						if r.typ == protowire.VarintType {
							if v := detailValue(int(r.num), r.v); v != "" {
								h.addDetail(detailName(int(r.num)), v)
							}
						}
					}
				case 7:
					r := pbReader{b: q.bytes()}
					for r.next() {
						if r.num == 1 {
							h.paixing = r.u32()
						}
					}
				}
			}
		case 3:
			q := pbReader{b: p.bytes()}
			for q.next() {
				switch q.num {
				case 1:
					h.roomID = q.u32()
				case 2:
					h.modeID = q.u32()
				case 3:
					h.contestUID = q.u32()
				}
			}
		}
	}
}

// pbAccount reads an AccountInfo {account_id = 1, seat = 2, nickname = 3,
// level = 7 {id = 1}, level3 = 8 {id = 1}}.
func (d *Decoder) pbAccount(b []byte) error {
	var a account
	seat := 0
	p := pbReader{b: b}
	for p.next() {
		switch p.num {
		case 1:
			a.id = int64(uint32(p.u32()))
		case 2:
			seat = p.u32()
		case 3:
			a.name = validString(p.bytes())
		case 7, 8:
			q := pbReader{b: p.bytes()}
			for q.next() {
				if q.num == 1 {
					if p.num == 7 {
						a.level = q.u32()
					} else {
						a.level3 = q.u32()
					}
				}
			}
		}
	}
	if seat > 3 {
		return d.errorf(event.ErrValue, "head: an account at seat %d", seat)
	}
	a.ok = true
	d.head.accounts[seat] = a
	return d.pbErr(&p, "head account")
}
