package majsoul

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"google.golang.org/protobuf/encoding/protowire"
)

// Synthetic records for the tests, written once and rendered in every form
// the decoder reads: JSON with snake_case or lowerCamelCase keys, version 0
// (records) or 210715 (actions), and protobuf (the GameDetailRecords
// Wrapper, or a fetchGameRecord response with its WebSocket header). The
// field tables follow docs/majsoul-formats.md §2–3 and the game's protocol.proto.

// msg is a protobuf message: its type and its fields in order.
type msg struct {
	typ    string
	fields []kv
}

type kv struct {
	key string
	val any // int, bool, string, []string, []int, msg, []msg
}

// m builds a message from alternating keys and values; nil values are
// left out.
func m(typ string, kvs ...any) msg {
	out := msg{typ: typ}
	for i := 0; i+1 < len(kvs); i += 2 {
		if kvs[i+1] == nil {
			continue
		}
		out.fields = append(out.fields, kv{kvs[i].(string), kvs[i+1]})
	}
	return out
}

// tiles splits "1m 2m 0p" into tile strings.
func tiles(s string) []string { return strings.Fields(s) }

// fieldSpec is a field's number and, for a message field, its type.
type fieldSpec struct {
	num int
	sub string
}

// schema gives the field numbers of the messages the tests write.
var schema = map[string]map[string]fieldSpec{
	"RecordNewRound": {"chang": {1, ""}, "ju": {2, ""}, "ben": {3, ""}, "dora": {4, ""}, "scores": {5, ""},
		"liqibang": {6, ""}, "tiles0": {7, ""}, "tiles1": {8, ""}, "tiles2": {9, ""}, "tiles3": {10, ""},
		"md5": {13, ""}, "paishan": {14, ""}, "left_tile_count": {15, ""}, "doras": {16, ""}},
	"RecordDealTile": {"seat": {1, ""}, "tile": {2, ""}, "left_tile_count": {3, ""}, "liqi": {5, "LiQiSuccess"},
		"doras": {6, ""}, "zhenting": {7, ""}},
	"LiQiSuccess":         {"seat": {1, ""}, "score": {2, ""}, "liqibang": {3, ""}, "failed": {4, ""}},
	"RecordDiscardTile":   {"seat": {1, ""}, "tile": {2, ""}, "is_liqi": {3, ""}, "moqie": {5, ""}, "doras": {8, ""}, "is_wliqi": {9, ""}},
	"RecordChiPengGang":   {"seat": {1, ""}, "type": {2, ""}, "tiles": {3, ""}, "froms": {4, ""}, "liqi": {5, "LiQiSuccess"}},
	"RecordAnGangAddGang": {"seat": {1, ""}, "type": {2, ""}, "tiles": {3, ""}, "doras": {6, ""}},
	"RecordBaBei":         {"seat": {1, ""}, "doras": {6, ""}, "moqie": {8, ""}},
	"RecordHule": {"hules": {1, "HuleInfo"}, "old_scores": {2, ""}, "delta_scores": {3, ""}, "scores": {5, ""},
		"gameend": {6, "GameEnd"}, "baopai": {9, ""}},
	"GameEnd": {"scores": {1, ""}},
	"HuleInfo": {"hand": {1, ""}, "ming": {2, ""}, "hu_tile": {3, ""}, "seat": {4, ""}, "zimo": {5, ""},
		"qinjia": {6, ""}, "liqi": {7, ""}, "doras": {8, ""}, "li_doras": {9, ""}, "yiman": {10, ""},
		"count": {11, ""}, "fans": {12, "FanInfo"}, "fu": {13, ""}, "title": {14, ""}, "point_rong": {15, ""},
		"point_zimo_qin": {16, ""}, "point_zimo_xian": {17, ""}, "title_id": {18, ""}, "point_sum": {19, ""}},
	"FanInfo":          {"name": {1, ""}, "val": {2, ""}, "id": {3, ""}},
	"RecordNoTile":     {"liujumanguan": {1, ""}, "players": {2, "NoTilePlayerInfo"}, "scores": {3, "NoTileScoreInfo"}, "gameend": {4, ""}},
	"NoTilePlayerInfo": {"tingpai": {3, ""}, "hand": {4, ""}},
	"NoTileScoreInfo":  {"seat": {1, ""}, "old_scores": {2, ""}, "delta_scores": {3, ""}, "score": {7, ""}},
	"RecordLiuJu":      {"type": {1, ""}, "seat": {3, ""}, "tiles": {4, ""}, "liqi": {5, "LiQiSuccess"}, "allplayertiles": {6, ""}},
	"RecordNewCard":    {"field_spell": {1, ""}},
	"RecordGame": {"uuid": {1, ""}, "start_time": {2, ""}, "end_time": {3, ""}, "config": {5, "GameConfig"},
		"accounts": {11, "AccountInfo"}, "result": {12, "GameEndResult"}},
	"GameConfig":        {"category": {1, ""}, "mode": {2, "GameMode"}, "meta": {3, "GameMetaData"}},
	"GameMode":          {"mode": {1, ""}, "ai": {4, ""}, "detail_rule": {6, "GameDetailRule"}},
	"GameDetailRule":    {"time_fixed": {1, ""}, "dora_count": {3, ""}, "shiduan": {4, ""}, "init_point": {5, ""}, "fandian": {6, ""}, "can_jifei": {7, ""}, "have_yifa": {31, ""}, "shunweima_4": {36, ""}},
	"GameMetaData":      {"room_id": {1, ""}, "mode_id": {2, ""}, "contest_uid": {3, ""}},
	"AccountInfo":       {"account_id": {1, ""}, "seat": {2, ""}, "nickname": {3, ""}, "level": {7, "AccountLevel"}, "level3": {8, "AccountLevel"}},
	"AccountLevel":      {"id": {1, ""}, "score": {2, ""}},
	"GameEndResult":     {"players": {1, "PlayerItem"}},
	"PlayerItem":        {"seat": {1, ""}, "total_point": {2, ""}, "part_point_1": {3, ""}, "part_point_2": {4, ""}},
	"GameUserInput":     {"seat": {1, ""}, "type": {2, ""}, "operation": {10, "GameSelfOperation"}},
	"GameSelfOperation": {"type": {1, ""}, "tile": {3, ""}, "moqie": {5, ""}},
}

// encode writes x in protobuf.
func encode(t testing.TB, x msg) []byte {
	t.Helper()
	spec := schema[x.typ]
	if spec == nil {
		t.Fatalf("no schema for %s", x.typ)
	}
	var b []byte
	for _, f := range x.fields {
		fs, ok := spec[f.key]
		if !ok {
			t.Fatalf("%s has no field %s", x.typ, f.key)
		}
		num := protowire.Number(fs.num)
		switch v := f.val.(type) {
		case int:
			b = protowire.AppendTag(b, num, protowire.VarintType)
			b = protowire.AppendVarint(b, uint64(int64(v)))
		case bool:
			b = protowire.AppendTag(b, num, protowire.VarintType)
			b = protowire.AppendVarint(b, protowire.EncodeBool(v))
		case string:
			b = protowire.AppendTag(b, num, protowire.BytesType)
			b = protowire.AppendString(b, v)
		case []string:
			for _, s := range v {
				b = protowire.AppendTag(b, num, protowire.BytesType)
				b = protowire.AppendString(b, s)
			}
		case []int: // packed
			var p []byte
			for _, n := range v {
				p = protowire.AppendVarint(p, uint64(int64(n)))
			}
			b = protowire.AppendTag(b, num, protowire.BytesType)
			b = protowire.AppendBytes(b, p)
		case msg:
			b = protowire.AppendTag(b, num, protowire.BytesType)
			b = protowire.AppendBytes(b, encode(t, v))
		case []msg:
			for _, s := range v {
				b = protowire.AppendTag(b, num, protowire.BytesType)
				b = protowire.AppendBytes(b, encode(t, s))
			}
		default:
			t.Fatalf("%s.%s: value %T", x.typ, f.key, f.val)
		}
	}
	return b
}

// wrapper encodes a Wrapper {name, data}.
func wrapper(name string, data []byte) []byte {
	var b []byte
	if name != "" {
		b = protowire.AppendTag(b, 1, protowire.BytesType)
		b = protowire.AppendString(b, name)
	}
	b = protowire.AppendTag(b, 2, protowire.BytesType)
	return protowire.AppendBytes(b, data)
}

// keyStyle is how JSON keys are written.
type keyStyle int

const (
	snake     keyStyle = iota
	camel              // lowerCamelCase, as Python json_format and protojson write
	camelOmit          // lowerCamelCase without default values (json_format's default)
)

func jsonKey(k string, style keyStyle) string {
	if style == snake {
		return k
	}
	var b strings.Builder
	up := false
	for _, r := range k {
		if r == '_' {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// toJSON turns x into a value for encoding/json.
func toJSON(x msg, style keyStyle) map[string]any {
	out := map[string]any{}
	for _, f := range x.fields {
		var v any
		switch fv := f.val.(type) {
		case msg:
			v = toJSON(fv, style)
		case []msg:
			l := make([]any, len(fv))
			for i, s := range fv {
				l[i] = toJSON(s, style)
			}
			v = l
		case int, bool, string:
			if style == camelOmit && (fv == 0 || fv == false || fv == "") {
				continue // proto3 JSON writers leave defaults out
			}
			v = fv
		case []string:
			if style == camelOmit && len(fv) == 0 {
				continue
			}
			v = fv
		default:
			v = fv
		}
		out[jsonKey(f.key, style)] = v
	}
	return out
}

// game is a synthetic record: a head (or none) and the records in order;
// records of type "input" are player inputs (GameUserInput), written only
// in the actions layout.
type game struct {
	head    *msg
	records []msg
}

func (g *game) add(r ...msg) { g.records = append(g.records, r...) }

// form is a way to write a game.
type form struct {
	name  string
	write func(t testing.TB, g *game) []byte
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recordsJSON writes the records as version 0 or the actions of version
// 210715.
func recordsJSON(g *game, style keyStyle, actions bool) map[string]any {
	var list []any
	for i, r := range g.records {
		if r.typ == "input" {
			if actions {
				list = append(list, map[string]any{jsonKey("passed", style): i * 100, "type": 2,
					jsonKey("user_input", style): toJSON(msg{"GameUserInput", r.fields}, style)})
			}
			continue
		}
		rec := map[string]any{"name": ".lq." + r.typ, "data": toJSON(r, style)}
		if actions {
			list = append(list, map[string]any{jsonKey("passed", style): i * 100, "type": 1, "result": rec})
		} else {
			list = append(list, rec)
		}
	}
	if actions {
		return map[string]any{"version": 210715, "actions": list}
	}
	return map[string]any{"version": 0, "records": list}
}

// gdr encodes the GameDetailRecords.
func gdr(t testing.TB, g *game, actions bool) []byte {
	var b []byte
	if actions {
		b = protowire.AppendTag(b, 2, protowire.VarintType)
		b = protowire.AppendVarint(b, 210715)
	}
	for i, r := range g.records {
		var a []byte
		if r.typ == "input" {
			if !actions {
				continue
			}
			a = protowire.AppendTag(a, 1, protowire.VarintType)
			a = protowire.AppendVarint(a, uint64(i*100))
			a = protowire.AppendTag(a, 2, protowire.VarintType)
			a = protowire.AppendVarint(a, 2)
			a = protowire.AppendTag(a, 4, protowire.BytesType)
			a = protowire.AppendBytes(a, encode(t, msg{"GameUserInput", r.fields}))
		} else {
			w := wrapper(".lq."+r.typ, encode(t, r))
			if !actions {
				b = protowire.AppendTag(b, 1, protowire.BytesType)
				b = protowire.AppendBytes(b, w)
				continue
			}
			a = protowire.AppendTag(a, 1, protowire.VarintType)
			a = protowire.AppendVarint(a, uint64(i*100))
			a = protowire.AppendTag(a, 2, protowire.VarintType)
			a = protowire.AppendVarint(a, 1)
			a = protowire.AppendTag(a, 3, protowire.BytesType)
			a = protowire.AppendBytes(a, w)
		}
		b = protowire.AppendTag(b, 3, protowire.BytesType)
		b = protowire.AppendBytes(b, a)
	}
	return b
}

// The forms. Those marked headless lose the head.
var forms = []form{
	{"json-snake-v0", func(t testing.TB, g *game) []byte {
		doc := map[string]any{"data": map[string]any{"name": ".lq.GameDetailRecords", "data": recordsJSON(g, snake, false)}, "data_url": ""}
		if g.head != nil {
			doc["head"] = toJSON(*g.head, snake)
		}
		return mustJSON(t, doc)
	}},
	{"json-camel-v210715", func(t testing.TB, g *game) []byte {
		doc := map[string]any{"data": map[string]any{"name": ".lq.GameDetailRecords", "data": recordsJSON(g, camel, true)}}
		if g.head != nil {
			doc["head"] = toJSON(*g.head, camel)
		}
		return mustJSON(t, doc)
	}},
	{"json-camel-omitempty-v0", func(t testing.TB, g *game) []byte {
		doc := map[string]any{"data": map[string]any{"name": ".lq.GameDetailRecords", "data": recordsJSON(g, camelOmit, false)}}
		if g.head != nil {
			doc["head"] = toJSON(*g.head, camelOmit)
		}
		return mustJSON(t, doc)
	}},
	{"json-helper-details", func(t testing.TB, g *game) []byte {
		var list []any
		for _, r := range g.records {
			if r.typ != "input" {
				list = append(list, map[string]any{"name": r.typ, "data": toJSON(r, snake)})
			}
		}
		doc := map[string]any{"details": list}
		if g.head != nil {
			doc["head"] = toJSON(*g.head, snake)
		}
		return mustJSON(t, doc)
	}},
	{"json-base64-data", func(t testing.TB, g *game) []byte {
		doc := map[string]any{"data": base64.StdEncoding.EncodeToString(wrapper(".lq.GameDetailRecords", gdr(t, g, true)))}
		if g.head != nil {
			doc["head"] = toJSON(*g.head, camel)
		}
		return mustJSON(t, doc)
	}},
	{"pb-response-frame", func(t testing.TB, g *game) []byte {
		var res []byte
		if g.head != nil {
			res = protowire.AppendTag(res, 3, protowire.BytesType)
			res = protowire.AppendBytes(res, encode(t, *g.head))
		}
		res = protowire.AppendTag(res, 4, protowire.BytesType)
		res = protowire.AppendBytes(res, wrapper(".lq.GameDetailRecords", gdr(t, g, true)))
		return append([]byte{3, 7, 0}, wrapper("", res)...)
	}},
	{"pb-wrapper-v0", func(t testing.TB, g *game) []byte {
		return wrapper(".lq.GameDetailRecords", gdr(t, g, false))
	}},
}

// headless reports whether the form f drops the head.
func headless(f form) bool { return f.name == "pb-wrapper-v0" }

// Builders of the record messages.

func newRound(chang, ju, ben, sticks int, scores []int, dora string, hands ...string) msg {
	r := m("RecordNewRound", "chang", chang, "ju", ju, "ben", ben, "scores", scores, "liqibang", sticks, "doras", []string{dora})
	for s, h := range hands {
		r.fields = append(r.fields, kv{fmt.Sprintf("tiles%d", s), tiles(h)})
	}
	return r
}

func deal(seat int, t string, extra ...any) msg {
	return m("RecordDealTile", append([]any{"seat", seat, "tile", t}, extra...)...)
}

func discard(seat int, t string, moqie bool, extra ...any) msg {
	return m("RecordDiscardTile", append([]any{"seat", seat, "tile", t, "moqie", moqie}, extra...)...)
}

func liqi(seat, score, sticks int) msg {
	return m("LiQiSuccess", "seat", seat, "score", score, "liqibang", sticks)
}

func call(seat, typ int, ts string, froms ...int) msg {
	return m("RecordChiPengGang", "seat", seat, "type", typ, "tiles", tiles(ts), "froms", froms)
}

func fans(idVal ...int) []msg {
	var out []msg
	for i := 0; i+1 < len(idVal); i += 2 {
		out = append(out, m("FanInfo", "id", idVal[i], "val", idVal[i+1]))
	}
	return out
}

// input is a player's own-turn operation (version 210715 only).
func input(seat, opType int, t string, moqie bool) msg {
	return m("input", "seat", seat, "type", 2, "operation", m("GameSelfOperation", "type", opType, "tile", t, "moqie", moqie))
}

// formNamed returns the form called name.
func formNamed(name string) form {
	for _, f := range forms {
		if f.name == name {
			return f
		}
	}
	panic("no form " + name)
}
