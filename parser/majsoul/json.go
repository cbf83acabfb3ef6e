package majsoul

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/parser/internal/jsontok"
	"github.com/haifu/haifu/tile"
	"github.com/valyala/fastjson"
)

// normKey folds a JSON key for matching: ASCII letters to lower case and
// underscores dropped, so that snake_case ("left_tile_count",
// "part_point_1") and lowerCamelCase ("leftTileCount", "partPoint1",
// protobufjs's "partPoint_1") keys meet. It returns a slice of buf.
func normKey(buf *[64]byte, k []byte) []byte {
	n := 0
	for _, c := range k {
		if c == '_' {
			continue
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if n == len(buf) {
			break
		}
		buf[n] = c
		n++
	}
	return buf[:n]
}

// decodeJSON decodes a JSON record; start is the offset of its first
// byte.
func (d *Decoder) decodeJSON(data []byte, start int) error {
	defer d.dropBig(len(data))
	v, err := d.parse(data, start, data[start:])
	if ee, ok := err.(*event.Error); ok {
		return ee
	}
	if err != nil {
		// Where the document goes wrong, and whether it is cut short.
		t := &d.tok
		defer t.Reset(nil, 0) // keep no reference to data
		t.MaxDepth = maxDepth
		t.Reset(data, start)
		t.Value()
		t.End()
		e := t.Err()
		if e == nil || !e.Truncated() {
			off := start
			if e != nil {
				off = e.Offset
			}
			return d.jsonErrAt(data, off, -1, fmt.Errorf("not valid JSON: %v: %w", err, event.ErrSyntax))
		}
		// The document ends early: decode its complete records.
		fixed, ok := repairJSON(data, start, t.Stack())
		if !ok {
			return d.jsonErrAt(data, len(data), -1, fmt.Errorf("the JSON document ends early, before any record: %w", event.ErrTruncated))
		}
		if v, err = d.parse(data, start, fixed); err != nil {
			if ee, ok := err.(*event.Error); ok {
				return ee
			}
			return d.jsonErrAt(data, len(data), -1, fmt.Errorf("the JSON document ends early: %w", event.ErrTruncated))
		}
		d.truncated = true
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, fmt.Sprintf("the JSON document ends at byte %d; decoded the records before the cut", len(data)))
		if err := d.jsonRoot(v); err != nil {
			if errors.Is(err, event.ErrSyntax) {
				return d.jsonErrAt(data, len(data), int(d.pos.Index), fmt.Errorf("the JSON document ends early: %w", event.ErrTruncated))
			}
			return err
		}
		return nil
	}
	return d.jsonRoot(v)
}

// parse parses the JSON document b, at offset off of the input data, with
// fastjson. A long one is pruned first to the members the decoder reads
// (jsontok.Pruned): a record that holds a huge value under another key
// costs a scan, not a tree. A document that holds too much in the members
// read is an *event.Error wrapping event.ErrValue at its offset; the other
// errors are syntax errors, which the caller locates itself.
func (d *Decoder) parse(data []byte, off int, b []byte) (*fastjson.Value, error) {
	d.tok.MaxDepth = maxDepth
	pb, e := d.tok.Pruned(&d.pruneBuf, b, keep, d.pruneAll)
	if e != nil {
		if e.Err == jsontok.ErrTooLarge {
			return nil, d.jsonErrAt(data, off+e.Offset, -1, fmt.Errorf("%s: %w", e.Msg, event.ErrValue))
		}
		return nil, e
	}
	return d.p.ParseBytes(pb)
}

// dropBig drops the parser and the buffer after an input of size bytes
// when it is large: they hold a copy of it, which is not kept for the
// next input.
func (d *Decoder) dropBig(size int) {
	if size > jsontok.KeepUpTo || cap(d.pruneBuf) > jsontok.KeepUpTo {
		d.p, d.pruneBuf = fastjson.Parser{}, nil
	}
}

// keep says which members of a record's objects the decoder reads: those
// whose keys, folded (normKey), it looks for anywhere; every member of the
// detail rules, which are all kept.
func keep(k []byte) jsontok.Keep {
	var buf [64]byte
	switch string(normKey(&buf, k)) {
	case "detailrule":
		return jsontok.Whole
	case "accountid", "accounts", "actions", "ai", "allplayertiles", "baopai", "begintiles0", "begintiles1",
		"begintiles2", "begintiles3", "begintiles[0]", "begintiles[1]", "begintiles[2]", "begintiles[3]", "ben", "category", "chang", "config", "contestuid", "count", "data",
		"dataurl", "deltascores", "details", "dora", "doras", "endtime", "failed", "fans", "froms", "fu",
		"hand", "head", "hules", "hutile", "id", "isliqi", "iswliqi", "ju", "level", "level3", "lidoras",
		"liqi", "liqibang", "liujumanguan", "md5", "meta", "ming", "mode", "modeid", "moqie", "name", "nickname",
		"oldscores", "operation", "paishan", "partpoint1", "players", "pointrong", "pointzimoqin",
		"pointzimoxian", "qinjia", "records", "result", "roomid", "rounds", "salt", "saltsha256", "score", "scores", "seat",
		"sha256", "starttime", "testingenvironment", "paixing", "tile", "tiles", "tiles0", "tiles1", "tiles2", "tiles3",
		"tingpai", "title", "titleid", "totalpoint", "type", "userinput", "uuid", "val", "version", "yiman",
		"zimo":
		return jsontok.Member
	}
	return jsontok.Drop
}

// maxDepth bounds the nesting of a JSON document that fastjson rejected,
// as the tokenizer looks for the error.
const maxDepth = 4096

// jsonErrAt returns an *event.Error at byte offset off of the JSON input
// data, whose message starts with the line and column of the offset.
func (d *Decoder) jsonErrAt(data []byte, off, index int, err error) error {
	return d.errAt(off, index, jsontok.Wrap(data, off, err))
}

// repairJSON makes a valid document of one cut short, given the containers
// open at the cut: the outermost array left open (the list of records or
// actions) is closed after its last complete element, and every container
// around it is closed. It reports false when no array was open.
func repairJSON(b []byte, start int, open []jsontok.Open) ([]byte, bool) {
	k := -1
	for i, f := range open {
		if f.Array {
			k = i
			break
		}
	}
	if k < 0 {
		return nil, false
	}
	out := make([]byte, 0, open[k].Last-start+k+1)
	out = append(out, b[start:open[k].Last]...)
	out = append(out, ']')
	for i := k - 1; i >= 0; i-- {
		if open[i].Array {
			out = append(out, ']')
		} else {
			out = append(out, '}')
		}
	}
	return out, true
}

// jsonRoot finds the head and the records in the forms of
// docs/majsoul-formats.md §1.5 and §5.
func (d *Decoder) jsonRoot(v *fastjson.Value) error {
	if v.Type() == fastjson.TypeArray {
		return d.jsonRecordList(v)
	}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "the JSON document is not an object")
	}
	var head, data, details, rounds *fastjson.Value
	gdr, hasURL := false, false
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "head":
			head = v
		case "data":
			data = v
		case "details":
			details = v
		case "rounds":
			rounds = v
		case "records", "actions", "version":
			gdr = true
		case "dataurl":
			hasURL = true
		}
	})
	if head != nil && head.Type() == fastjson.TypeObject {
		if err := d.jsonHead(head); err != nil {
			return err
		}
	}
	switch {
	case gdr:
		return d.jsonGDR(v)
	case details != nil:
		return d.jsonRecordList(details)
	case rounds != nil:
		arr, err := rounds.Array()
		if err != nil {
			return d.errorf(event.ErrSyntax, "rounds is not an array")
		}
		for _, r := range arr {
			if err := d.jsonRecordList(r); err != nil {
				return err
			}
		}
		return nil
	case data != nil:
		return d.jsonData(data)
	case hasURL:
		return d.errorf(event.ErrUnsupported, "the record's data is not included (only its data_url)")
	}
	if head == nil {
		// Nothing of a record at all: no game.
		return d.errorf(format.ErrNoGame, "no Mahjong Soul records and no head in the JSON document")
	}
	return d.errorf(event.ErrSyntax, "no Mahjong Soul records in the JSON document")
}

// jsonData decodes the "data" member: a GameDetailRecords wrapper
// ({name, data}), the GameDetailRecords itself, or their protobuf bytes in
// base64.
func (d *Decoder) jsonData(v *fastjson.Value) error {
	switch v.Type() {
	case fastjson.TypeString:
		b, err := d.base64(v.GetStringBytes())
		if err != nil {
			return err
		}
		return d.decodeBinaryAt(b, -1)
	case fastjson.TypeObject:
	default:
		return d.errorf(event.ErrSyntax, "data is neither an object nor a string")
	}
	o, _ := v.Object()
	var inner *fastjson.Value
	gdr := false
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "data":
			inner = v
		case "records", "actions", "version":
			gdr = true
		}
	})
	switch {
	case gdr:
		return d.jsonGDR(v)
	case inner != nil:
		return d.jsonData(inner)
	}
	return d.errorf(event.ErrSyntax, "no records in data")
}

// base64 decodes a base64 string into the decoder's buffer.
func (d *Decoder) base64(s []byte) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		n := enc.DecodedLen(len(s))
		if cap(d.b64) < n {
			d.b64 = make([]byte, n)
		}
		m, err := enc.Decode(d.b64[:n], s)
		if err == nil {
			return d.b64[:m], nil
		}
	}
	return nil, d.errorf(event.ErrSyntax, "a bytes field is not base64")
}

// jsonGDR decodes a GameDetailRecords object: version 0 lists the records,
// version 210715 the actions.
func (d *Decoder) jsonGDR(v *fastjson.Value) error {
	o, _ := v.Object()
	var records, actions []*fastjson.Value
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "version":
			d.version, err = d.jInt(v, "version")
		case "records":
			if records, err = v.Array(); err != nil {
				err = d.errorf(event.ErrSyntax, "records is not an array")
			}
		case "actions":
			if actions, err = v.Array(); err != nil {
				err = d.errorf(event.ErrSyntax, "actions is not an array")
			}
		}
	})
	if err != nil {
		return err
	}
	d.checkVersion()
	if len(actions) > 0 && (len(records) == 0 || d.version != 0) {
		for i, a := range actions {
			d.pos = event.Pos{Offset: -1, Index: int32(i)}
			if err := d.jsonAction(a); err != nil {
				return err
			}
		}
		return nil
	}
	for i, r := range records {
		d.pos = event.Pos{Offset: -1, Index: int32(i)}
		if err := d.jsonRecord(r); err != nil {
			return err
		}
	}
	return nil
}

// jsonRecordList decodes an array of records.
func (d *Decoder) jsonRecordList(v *fastjson.Value) error {
	arr, err := v.Array()
	if err != nil {
		return d.errorf(event.ErrSyntax, "the record list is not an array")
	}
	for i, r := range arr {
		d.pos = event.Pos{Offset: -1, Index: int32(i)}
		if err := d.jsonRecord(r); err != nil {
			return err
		}
	}
	return nil
}

// jsonAction decodes one GameAction: its result is a record; its user
// input may tell the dealer's first discard's tsumogiri.
func (d *Decoder) jsonAction(v *fastjson.Value) error {
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "an action is not an object")
	}
	var result, input *fastjson.Value
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "result":
			result = v
		case "userinput":
			input = v
		}
	})
	if input != nil && d.firstDiscard && input.Type() == fastjson.TypeObject {
		d.jsonUserInput(input)
	}
	if result == nil || result.Type() == fastjson.TypeNull {
		return nil
	}
	if result.Type() == fastjson.TypeString && len(result.GetStringBytes()) == 0 {
		return nil
	}
	return d.jsonRecord(result)
}

// jsonUserInput notes whether the dealer's first discard was the drawn
// tile (operation.moqie of a discard or riichi input).
func (d *Decoder) jsonUserInput(v *fastjson.Value) {
	seat, typ := 0, 0
	var op *fastjson.Value
	o, _ := v.Object()
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "seat":
			seat, _ = jsonInt(v)
		case "type":
			typ, _ = jsonInt(v)
		case "operation":
			op = v
		}
	})
	if typ != 2 || seat != int(d.dealer) || op == nil || op.Type() != fastjson.TypeObject {
		return
	}
	opType, moqie := 0, false
	oo, _ := op.Object()
	oo.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "type":
			opType, _ = jsonInt(v)
		case "moqie":
			moqie = jsonBool(v)
		}
	})
	if opType == 1 || opType == 7 { // discard, riichi
		d.userMoqie = 0
		if moqie {
			d.userMoqie = 1
		}
	}
}

// jsonRecord decodes one record: a Wrapper {name, data} with data an object
// or base64 protobuf, or the Wrapper's protobuf bytes in base64.
func (d *Decoder) jsonRecord(v *fastjson.Value) error {
	if v.Type() == fastjson.TypeString {
		b, err := d.base64(v.GetStringBytes())
		if err != nil {
			return err
		}
		return d.pbWrapperRecord(b)
	}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "a record is not an object")
	}
	var name []byte
	var data *fastjson.Value
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "name":
			name = v.GetStringBytes()
		case "data":
			data = v
		}
	})
	if name == nil {
		return d.errorf(event.ErrSyntax, "a record without a name")
	}
	k := kindOf(name)
	if k == recUnknown || k == recEventMode {
		return d.unknownRecord(k, name)
	}
	if d.skip(k) {
		return nil
	}
	if data == nil || data.Type() == fastjson.TypeNull {
		data = emptyObject
	}
	if data.Type() == fastjson.TypeString {
		b, err := d.base64(data.GetStringBytes())
		if err != nil {
			return err
		}
		return d.pbRecord(k, b)
	}
	do, err := data.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "record %s: data is not an object", name)
	}
	switch k {
	case recNewRoundKind:
		err = d.jNewRound(do, &d.nr)
	case recDealTileKind:
		err = d.jDealTile(do, &d.dt)
	case recDiscardTileKind:
		err = d.jDiscardTile(do, &d.dc)
	case recChiPengGangKind:
		err = d.jChiPengGang(do, &d.cpg)
	case recAnGangAddGangKind, recBaBeiKind:
		err = d.jAnGangAddGang(do, &d.ag)
	case recHuleKind:
		err = d.jHule(do, &d.hu)
	case recNoTileKind:
		err = d.jNoTile(do, &d.nt)
	case recLiuJuKind:
		err = d.jLiuJu(do, &d.lj)
	default:
		return nil
	}
	if err != nil {
		return err
	}
	return d.applyRecord(k)
}

// emptyObject stands for a record without data (every field default).
var emptyObject = fastjson.MustParse("{}")

// jsonInt reads an integer from a number, a numeric string (protojson
// writes 64-bit integers as strings), a bool or null.
func jsonInt(v *fastjson.Value) (int, bool) {
	switch v.Type() {
	case fastjson.TypeNumber:
		f := v.GetFloat64()
		if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return 0, false
		}
		return int(f), true
	case fastjson.TypeString:
		b := v.GetStringBytes()
		neg := len(b) > 0 && b[0] == '-'
		if neg {
			b = b[1:]
		}
		if len(b) == 0 || len(b) > 15 {
			return 0, false
		}
		n := 0
		for _, c := range b {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		if neg {
			n = -n
		}
		return n, true
	case fastjson.TypeTrue:
		return 1, true
	case fastjson.TypeFalse, fastjson.TypeNull:
		return 0, true
	}
	return 0, false
}

// jsonBool reads a bool (or a number: non-zero is true).
func jsonBool(v *fastjson.Value) bool {
	switch v.Type() {
	case fastjson.TypeTrue:
		return true
	case fastjson.TypeNumber:
		return v.GetFloat64() != 0
	case fastjson.TypeString:
		return string(v.GetStringBytes()) == "true"
	}
	return false
}

// jInt reads an integer field named what.
func (d *Decoder) jInt(v *fastjson.Value, what string) (int, error) {
	n, ok := jsonInt(v)
	if !ok || n > math.MaxInt32 || n < math.MinInt32 {
		return 0, d.errorf(event.ErrSyntax, "%s: %s is not a 32-bit integer", what, v)
	}
	return n, nil
}

// jTile reads a tile string.
func (d *Decoder) jTile(v *fastjson.Value, what string) (tile.Tile, error) {
	b := v.GetStringBytes()
	t, ok := parseTile(b)
	if !ok {
		if v.Type() == fastjson.TypeString && len(b) == 0 {
			return tile.None, nil // proto3 default: absent
		}
		return tile.None, d.errorf(event.ErrValue, "%s: %s is not a tile", what, v)
	}
	return t, nil
}

// jTiles reads an array of tile strings.
func (d *Decoder) jTiles(v *fastjson.Value, l *tileList, what string) error {
	arr, err := v.Array()
	if err != nil {
		return d.errorf(event.ErrSyntax, "%s is not an array", what)
	}
	l.n = 0
	for _, e := range arr {
		if l.n == maxList {
			return d.errorf(event.ErrValue, "%s has more than %d tiles", what, maxList)
		}
		t, ok := parseTile(e.GetStringBytes())
		if !ok {
			return d.errorf(event.ErrValue, "%s: %s is not a tile", what, e)
		}
		l.t[l.n] = t
		l.n++
	}
	return nil
}

// jScores reads an array of at most four integers.
func (d *Decoder) jScores(v *fastjson.Value, l *scoreList, what string) (err error) {
	l.n, err = jList(d, v, l.v[:], what, func(e *fastjson.Value, s *int32) error {
		n, err := d.jInt(e, what)
		*s = int32(n)
		return err
	})
	return err
}

// jList decodes the JSON array v into dst, an element at a time with each,
// and returns the number of elements; what names the array in errors. An
// array longer than dst is an error.
func jList[T any](d *Decoder, v *fastjson.Value, dst []T, what string, each func(*fastjson.Value, *T) error) (int, error) {
	arr, err := v.Array()
	if err != nil {
		return 0, d.errorf(event.ErrSyntax, "%s is not an array", what)
	}
	if len(arr) > len(dst) {
		return 0, d.errorf(event.ErrValue, "%s has %d entries, at most %d", what, len(arr), len(dst))
	}
	for i, e := range arr {
		if err := each(e, &dst[i]); err != nil {
			return 0, err
		}
	}
	return len(arr), nil
}

// jLiqi reads a LiQiSuccess.
func (d *Decoder) jLiqi(v *fastjson.Value, l *liqiSuccess) error {
	*l = liqiSuccess{}
	if v.Type() == fastjson.TypeNull {
		return nil
	}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "liqi is not an object")
	}
	l.ok = true
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		var n int
		switch string(normKey(&d.key, k)) {
		case "seat":
			l.seat, err = d.jInt(v, "liqi seat")
		case "score":
			n, err = d.jInt(v, "liqi score")
			l.score = int32(n)
		case "liqibang":
			l.sticks, err = d.jInt(v, "liqi liqibang")
		case "failed":
			l.failed = jsonBool(v)
		}
	})
	return err
}

func (d *Decoder) jNewRound(o *fastjson.Object, r *recNewRound) error {
	*r = recNewRound{}
	var err error
	var sc scoreList
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "chang":
			r.chang, err = d.jInt(v, "chang")
		case "ju":
			r.ju, err = d.jInt(v, "ju")
		case "ben":
			r.ben, err = d.jInt(v, "ben")
		case "liqibang":
			r.liqibang, err = d.jInt(v, "liqibang")
		case "dora":
			r.dora, err = d.jTile(v, "dora")
		case "doras":
			err = d.jTiles(v, &r.doras, "doras")
		case "scores":
			if err = d.jScores(v, &sc, "scores"); err == nil {
				r.scores, r.nScores = sc.v, sc.n
			}
		case "tiles0", "begintiles[0]", "begintiles0":
			err = d.jTiles(v, &r.hands[0], "tiles0")
		case "tiles1", "begintiles[1]", "begintiles1":
			err = d.jTiles(v, &r.hands[1], "tiles1")
		case "tiles2", "begintiles[2]", "begintiles2":
			err = d.jTiles(v, &r.hands[2], "tiles2")
		case "tiles3", "begintiles[3]", "begintiles3":
			err = d.jTiles(v, &r.hands[3], "tiles3")
		case "paishan":
			if v.Type() != fastjson.TypeString {
				err = d.errorf(event.ErrSyntax, "paishan is not a string")
			}
			r.paishan = v.GetStringBytes()
		case "md5", "sha256", "saltsha256", "salt":
			if v.Type() != fastjson.TypeString && v.Type() != fastjson.TypeNull {
				err = d.errorf(event.ErrSyntax, "%s is not a string", k)
				return
			}
			b := v.GetStringBytes()
			switch string(normKey(&d.key, k)) {
			case "md5":
				r.md5 = b
			case "sha256":
				r.sha256 = b
			case "saltsha256":
				r.saltSha256 = b
			default:
				r.salt = b
			}
		}
	})
	return err
}

func (d *Decoder) jDealTile(o *fastjson.Object, r *recDealTile) error {
	*r = recDealTile{}
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "seat":
			r.seat, err = d.jInt(v, "seat")
		case "tile":
			r.tile, err = d.jTile(v, "tile")
		case "doras":
			err = d.jTiles(v, &r.doras, "doras")
		case "liqi":
			err = d.jLiqi(v, &r.liqi)
		}
	})
	return err
}

func (d *Decoder) jDiscardTile(o *fastjson.Object, r *recDiscardTile) error {
	*r = recDiscardTile{}
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "seat":
			r.seat, err = d.jInt(v, "seat")
		case "tile":
			r.tile, err = d.jTile(v, "tile")
		case "isliqi":
			r.isLiqi = jsonBool(v)
		case "iswliqi":
			r.isWliqi = jsonBool(v)
		case "moqie":
			r.moqie = jsonBool(v)
		case "doras":
			err = d.jTiles(v, &r.doras, "doras")
		}
	})
	return err
}

func (d *Decoder) jChiPengGang(o *fastjson.Object, r *recChiPengGang) error {
	*r = recChiPengGang{}
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "seat":
			r.seat, err = d.jInt(v, "seat")
		case "type":
			r.typ, err = d.jInt(v, "type")
		case "tiles":
			err = d.jTiles(v, &r.tiles, "tiles")
		case "froms":
			r.nFroms, err = jList(d, v, r.froms[:], "froms", func(e *fastjson.Value, f *int) (err error) {
				*f, err = d.jInt(e, "froms")
				return err
			})
		case "liqi":
			err = d.jLiqi(v, &r.liqi)
		}
	})
	return err
}

func (d *Decoder) jAnGangAddGang(o *fastjson.Object, r *recAnGangAddGang) error {
	*r = recAnGangAddGang{}
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "seat":
			r.seat, err = d.jInt(v, "seat")
		case "type":
			r.typ, err = d.jInt(v, "type")
		case "tiles":
			r.tile, err = d.jTile(v, "tiles")
		case "doras":
			err = d.jTiles(v, &r.doras, "doras")
		}
	})
	return err
}

func (d *Decoder) jHule(o *fastjson.Object, r *recHule) error {
	r.nHules = 0
	r.oldScores, r.delta, r.scores, r.baopai = scoreList{}, scoreList{}, scoreList{}, 0
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "hules":
			r.nHules, err = jList(d, v, r.hules[:], "hules", d.jHuleInfo)
		case "oldscores":
			err = d.jScores(v, &r.oldScores, "old_scores")
		case "deltascores":
			err = d.jScores(v, &r.delta, "delta_scores")
		case "scores":
			err = d.jScores(v, &r.scores, "scores")
		case "baopai":
			r.baopai, err = d.jInt(v, "baopai")
		}
	})
	return err
}

func (d *Decoder) jHuleInfo(v *fastjson.Value, h *huleInfo) error {
	*h = huleInfo{}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "a winner is not an object")
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "hand":
			err = d.jTiles(v, &h.hand, "hand")
		case "ming":
			var arr []*fastjson.Value
			if arr, err = v.Array(); err != nil {
				err = d.errorf(event.ErrSyntax, "ming is not an array")
			}
			h.nMing = len(arr)
		case "hutile":
			h.huTile, err = d.jTile(v, "hu_tile")
		case "seat":
			h.seat, err = d.jInt(v, "seat")
		case "zimo":
			h.zimo = jsonBool(v)
		case "qinjia":
			h.qinjia = jsonBool(v)
		case "liqi":
			h.liqi = jsonBool(v)
		case "yiman":
			h.yiman = jsonBool(v)
		case "doras":
			err = d.jTiles(v, &h.doras, "doras")
		case "lidoras":
			err = d.jTiles(v, &h.liDoras, "li_doras")
		case "count":
			h.count, err = d.jInt(v, "count")
		case "fu":
			h.fu, err = d.jInt(v, "fu")
		case "title":
			if v.Type() == fastjson.TypeString {
				h.title = v.GetStringBytes()
			}
		case "titleid":
			h.titleID, err = d.jInt(v, "title_id")
		case "pointrong":
			h.pointRong, err = d.jInt(v, "point_rong")
		case "pointzimoqin":
			h.pointZimoQin, err = d.jInt(v, "point_zimo_qin")
		case "pointzimoxian":
			h.pointZimoXian, err = d.jInt(v, "point_zimo_xian")
		case "baopai":
			h.baopai, err = d.jInt(v, "baopai")
		case "fans":
			h.nFans, err = jList(d, v, h.fans[:], "fans", d.jFan)
		}
	})
	return err
}

func (d *Decoder) jFan(v *fastjson.Value, f *fanInfo) error {
	*f = fanInfo{}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "a yaku is not an object")
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "id":
			f.id, err = d.jInt(v, "fan id")
		case "val":
			f.val, err = d.jInt(v, "fan val")
		case "name":
			f.name = v.GetStringBytes()
		}
	})
	if err == nil && (f.val < 0 || f.val > 255) {
		err = d.errorf(event.ErrValue, "yaku value %d", f.val)
	}
	return err
}

func (d *Decoder) jNoTile(o *fastjson.Object, r *recNoTile) error {
	*r = recNoTile{}
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "liujumanguan":
			r.liujumanguan = jsonBool(v)
		case "players":
			r.nPlayers, err = jList(d, v, r.players[:], "players", d.jNoTilePlayer)
		case "scores":
			r.nScores, err = jList(d, v, r.scores[:], "scores", d.jNoTileScore)
		}
	})
	return err
}

func (d *Decoder) jNoTilePlayer(v *fastjson.Value, p *noTilePlayer) error {
	*p = noTilePlayer{}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "a player is not an object")
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "tingpai":
			p.tingpai = jsonBool(v)
		case "hand":
			err = d.jTiles(v, &p.hand, "hand")
		}
	})
	return err
}

func (d *Decoder) jNoTileScore(v *fastjson.Value, s *noTileScore) error {
	*s = noTileScore{}
	o, err := v.Object()
	if err != nil {
		return d.errorf(event.ErrSyntax, "a score is not an object")
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "seat":
			s.seat, err = d.jInt(v, "seat")
		case "oldscores":
			err = d.jScores(v, &s.oldScores, "old_scores")
		case "deltascores":
			err = d.jScores(v, &s.deltas, "delta_scores")
		}
	})
	return err
}

func (d *Decoder) jLiuJu(o *fastjson.Object, r *recLiuJu) error {
	*r = recLiuJu{}
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "type":
			r.typ, err = d.jInt(v, "type")
		case "seat":
			r.seat, err = d.jInt(v, "seat")
		case "tiles":
			err = d.jTiles(v, &r.tiles, "tiles")
		case "liqi":
			err = d.jLiqi(v, &r.liqi)
		case "allplayertiles":
			r.nAll, err = jList(d, v, r.all[:], "allplayertiles", func(e *fastjson.Value, b *[]byte) error {
				*b = e.GetStringBytes()
				return nil
			})
		}
	})
	return err
}

// jsonHead reads the head (RecordGame).
func (d *Decoder) jsonHead(v *fastjson.Value) error {
	h := &d.head
	h.seen = true
	o, _ := v.Object()
	var err error
	o.Visit(func(k []byte, v *fastjson.Value) {
		if err != nil {
			return
		}
		switch string(normKey(&d.key, k)) {
		case "uuid":
			h.uuid = validString(v.GetStringBytes())
		case "starttime":
			n, _ := jsonInt(v)
			h.startTime = int64(n)
		case "endtime":
			n, _ := jsonInt(v)
			h.endTime = int64(n)
		case "config":
			err = d.jsonConfig(v)
		case "accounts":
			arr, _ := v.Array()
			for _, a := range arr {
				if err = d.jsonAccount(a); err != nil {
					return
				}
			}
		case "result":
			err = d.jsonResult(v)
		}
	})
	if err != nil {
		return err
	}
	d.applyHead()
	return nil
}

func (d *Decoder) jsonConfig(v *fastjson.Value) error {
	h := &d.head
	o, err := v.Object()
	if err != nil {
		return nil
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "category":
			h.category, _ = jsonInt(v)
		case "meta":
			if mo, err := v.Object(); err == nil {
				mo.Visit(func(k []byte, v *fastjson.Value) {
					switch string(normKey(&d.key, k)) {
					case "modeid":
						h.modeID, _ = jsonInt(v)
					case "roomid":
						h.roomID, _ = jsonInt(v)
					case "contestuid":
						h.contestUID, _ = jsonInt(v)
					}
				})
			}
		case "mode":
			if mo, err := v.Object(); err == nil {
				mo.Visit(func(k []byte, v *fastjson.Value) {
					switch string(normKey(&d.key, k)) {
					case "mode":
						h.mode, h.hasMode = jsonInt(v)
					case "ai":
						h.ai = jsonBool(v)
					case "detailrule":
						d.jsonDetailRule(v)
					case "testingenvironment":
						if to, err := v.Object(); err == nil {
							if p := to.Get("paixing"); p != nil {
								h.paixing, _ = jsonInt(p)
							}
						}
					}
				})
			}
		}
	})
	return nil
}

// jsonDetailRule reads the detail rules with non-default values.
func (d *Decoder) jsonDetailRule(v *fastjson.Value) {
	o, err := v.Object()
	if err != nil {
		return
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		var val string
		switch v.Type() {
		case fastjson.TypeTrue:
			val = "true"
		case fastjson.TypeNumber:
			if n, ok := jsonInt(v); ok && n != 0 {
				val = fmt.Sprint(n)
			}
		case fastjson.TypeString:
			val = validString(v.GetStringBytes())
		}
		if val == "" {
			return
		}
		name := snakeCase(k)
		if n, ok := detailRuleByKey[string(normKey(&d.key, k))]; ok {
			name = detailRules[n].name
		}
		d.head.addDetail(name, val)
	})
}

func (d *Decoder) jsonAccount(v *fastjson.Value) error {
	o, err := v.Object()
	if err != nil {
		return nil
	}
	var a account
	seat := 0
	o.Visit(func(k []byte, v *fastjson.Value) {
		switch string(normKey(&d.key, k)) {
		case "accountid":
			n, _ := jsonInt(v)
			a.id = int64(n)
		case "seat":
			seat, _ = jsonInt(v)
		case "nickname":
			a.name = validString(v.GetStringBytes())
		case "level":
			if id := v.Get("id"); id != nil {
				a.level, _ = jsonInt(id)
			}
		case "level3":
			if id := v.Get("id"); id != nil {
				a.level3, _ = jsonInt(id)
			}
		}
	})
	if seat < 0 || seat > 3 {
		return d.errorf(event.ErrValue, "head: an account at seat %d", seat)
	}
	a.ok = true
	d.head.accounts[seat] = a
	return nil
}

func (d *Decoder) jsonResult(v *fastjson.Value) error {
	h := &d.head
	arr := v.GetArray("players")
	if len(arr) > 4 {
		return d.errorf(event.ErrValue, "head: the result lists %d players", len(arr))
	}
	for _, p := range arr {
		var it resultItem
		o, err := p.Object()
		if err != nil {
			continue
		}
		o.Visit(func(k []byte, v *fastjson.Value) {
			n, _ := jsonInt(v)
			switch string(normKey(&d.key, k)) {
			case "seat":
				it.seat = n
			case "totalpoint":
				it.total = int32(n)
			case "partpoint1":
				it.part1 = int32(n)
			}
		})
		if it.seat < 0 || it.seat > 3 {
			return d.errorf(event.ErrValue, "head: a result at seat %d", it.seat)
		}
		h.result[h.nResult] = it
		h.nResult++
	}
	return nil
}
