package mjai

import (
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/internal/jsontok"
)

// flatEvent is a draw or discard read by scanFlat.
type flatEvent struct {
	typ       []byte
	actor     int
	pai       []byte
	hasActor  bool
	hasPai    bool
	tsumogiri int8 // -1 absent, 0 false, 1 true
}

// scanFlat reads a one-line JSON object whose members all have plain
// scalar values: strings without escapes, small non-negative integers,
// true, false and null. This strict subset of JSON covers nearly every
// tsumo and dahai line; scanFlat reports false for anything else, which
// then goes to fastjson, so both paths read a line the same way. Of
// repeated members the first counts, as with fastjson's Get.
func scanFlat(b []byte, f *flatEvent) bool {
	f.typ, f.pai, f.actor, f.hasActor, f.hasPai, f.tsumogiri = nil, nil, -1, false, false, -1
	i := jsontok.SkipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = jsontok.SkipSpace(b, i+1)
	var seenType, seenActor, seenPai, seenTG bool
	for {
		if i >= len(b) || b[i] != '"' {
			return false
		}
		j, ok := jsontok.PlainString(b, i)
		if !ok {
			return false
		}
		key := b[i+1 : j-1]
		i = jsontok.SkipSpace(b, j)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = jsontok.SkipSpace(b, i+1)
		if i >= len(b) {
			return false
		}
		var sv []byte
		isStr, num, isNum, bv := false, 0, false, int8(-1)
		switch c := b[i]; {
		case c == '"':
			j, ok := jsontok.PlainString(b, i)
			if !ok {
				return false
			}
			sv, i, isStr = b[i+1:j-1], j, true
		case c >= '0' && c <= '9':
			j, v, ok := jsontok.SmallUint(b, i)
			if !ok {
				return false
			}
			i, num, isNum = j, v, true
		case c == 't' || c == 'f' || c == 'n':
			j, k, ok := jsontok.ScanLiteral(b, i)
			if !ok {
				return false
			}
			i = j
			switch k {
			case jsontok.True:
				bv = 1
			case jsontok.False:
				bv = 0
			}
		default:
			return false
		}
		switch string(key) {
		case "type":
			if !seenType {
				if !isStr {
					return false
				}
				seenType, f.typ = true, sv
			}
		case "actor":
			if !seenActor {
				if !isNum {
					return false
				}
				seenActor, f.actor, f.hasActor = true, num, true
			}
		case "pai":
			if !seenPai {
				if !isStr {
					return false
				}
				seenPai, f.pai, f.hasPai = true, sv, true
			}
		case "tsumogiri":
			if !seenTG {
				if isStr || isNum {
					return false
				}
				seenTG, f.tsumogiri = true, bv // null: absent
			}
		}
		i = jsontok.SkipSpace(b, i)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			return jsontok.SkipSpace(b, i+1) == len(b) && seenType
		}
		if b[i] != ',' {
			return false
		}
		i = jsontok.SkipSpace(b, i+1)
	}
}

// fastEvent decodes a draw or discard that scanFlat read; it reports false
// when the line needs the general path (another type, a missing or odd
// member), which then decodes it or reports the error.
func (d *Decoder) fastEvent(f *flatEvent) bool {
	if !f.hasActor || !f.hasPai || f.actor >= d.players || d.ended || !d.inHand || d.needHeader != 0 || d.needHands != 0 {
		return false
	}
	t, hidden, ok := parseTile(f.pai)
	if !ok || hidden || (d.players == 3 && !inSanma(t)) {
		return false
	}
	s := event.Seat(f.actor)
	switch string(f.typ) {
	case "tsumo":
		d.draw(s, t)
	case "dahai":
		d.discard(s, t, f.tsumogiri)
	default:
		return false
	}
	return true
}
