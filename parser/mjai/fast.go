package mjai

import (
	"github.com/haifu/haifu/event"
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
// scalar values: strings without escapes or control characters, small
// non-negative integers without leading zeros, true, false and null. This
// strict subset of JSON covers nearly every tsumo and dahai line; scanFlat
// reports false for anything else, which then goes to fastjson, so both
// paths read a line the same way. Of repeated members the first counts, as
// with fastjson's Get.
func scanFlat(b []byte, f *flatEvent) bool {
	f.typ, f.pai, f.actor, f.hasActor, f.hasPai, f.tsumogiri = nil, nil, -1, false, false, -1
	i := skipBlank(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipBlank(b, i+1)
	var seenType, seenActor, seenPai, seenTG bool
	for {
		key, j, ok := flatString(b, i)
		if !ok {
			return false
		}
		i = skipBlank(b, j)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipBlank(b, i+1)
		if i >= len(b) {
			return false
		}
		var sv []byte
		isStr, num, isNum, bv := false, 0, false, int8(-1)
		switch c := b[i]; {
		case c == '"':
			if sv, i, ok = flatString(b, i); !ok {
				return false
			}
			isStr = true
		case c >= '0' && c <= '9':
			j := i
			for j < len(b) && b[j] >= '0' && b[j] <= '9' {
				num = num*10 + int(b[j]-'0')
				j++
			}
			if j-i > 9 || (c == '0' && j-i > 1) || (j < len(b) && (b[j] == '.' || b[j] == 'e' || b[j] == 'E')) {
				return false
			}
			i, isNum = j, true
		case c == 't' && hasPrefix(b[i:], "true"):
			i, bv = i+4, 1
		case c == 'f' && hasPrefix(b[i:], "false"):
			i, bv = i+5, 0
		case c == 'n' && hasPrefix(b[i:], "null"):
			i += 4
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
		i = skipBlank(b, i)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			return skipBlank(b, i+1) == len(b) && seenType
		}
		if b[i] != ',' {
			return false
		}
		i = skipBlank(b, i+1)
	}
}

// skipBlank skips spaces and tabs from b[i].
func skipBlank(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// flatString reads the string at b[i], which has no escapes and no
// control characters, and returns its contents and the index after it.
func flatString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20:
			return nil, i, false
		}
	}
	return nil, i, false
}

func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
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
