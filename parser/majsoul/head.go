package majsoul

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// headInfo is what the decoder keeps of the record's head (RecordGame).
type headInfo struct {
	seen       bool
	uuid       string
	startTime  int64
	endTime    int64
	category   int
	mode       int
	hasMode    bool
	modeID     int
	roomID     int
	contestUID int
	ai         bool
	paixing    int
	detail     []event.KeyValue // non-default detail rules, unsorted
	doraCount  int              // detail_rule.dora_count (0 when absent)
	shiduan    int
	accounts   [4]account
	result     [4]resultItem
	nResult    int
}

// account is one AccountInfo of the head.
type account struct {
	ok            bool
	id            int64
	name          string
	level, level3 int
}

// resultItem is one player of the head's GameEndResult.
type resultItem struct {
	seat         int
	total, part1 int32
}

func (h *headInfo) reset() { *h = headInfo{} }

// addDetail records a detail rule with a non-default value.
func (h *headInfo) addDetail(key, value string) {
	switch key {
	case "dora_count":
		h.doraCount, _ = strconv.Atoi(value)
	case "shiduan":
		h.shiduan, _ = strconv.Atoi(value)
	}
	h.detail = append(h.detail, event.KeyValue{Key: key, Value: value})
}

// detailValue formats the value of detail rule number n read from
// protobuf, or "" for a default (zero) value.
func detailValue(n int, v uint64) string {
	if v == 0 {
		return ""
	}
	if n < len(detailRules) && detailRules[n].isBool && v == 1 {
		return "true"
	}
	if n >= 34 && n <= 36 { // shunweima_2…4 are int32
		return strconv.FormatInt(int64(int32(v)), 10)
	}
	return strconv.FormatUint(v, 10)
}

// detailName returns the name of detail rule number n.
func detailName(n int) string {
	if n > 0 && n < len(detailRules) && detailRules[n].name != "" {
		return detailRules[n].name
	}
	return "detail_rule_" + strconv.Itoa(n)
}

// snakeCase turns a lowerCamelCase key into snake_case ("haveYifa" →
// "have_yifa"); snake_case keys are returned unchanged.
func snakeCase(k []byte) string {
	var b strings.Builder
	for i, c := range k {
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// applyHead copies the head into the game's metadata. It may run twice:
// after the head is read (the player count guessed from the mode) and at
// the end (with the count of the hands).
func (d *Decoder) applyHead() {
	h := &d.head
	if !h.seen {
		return
	}
	m := &d.g.Meta
	m.ID = h.uuid
	m.StartTime = h.startTime
	m.EndTime = h.endTime
	players := d.players
	if d.hand < 0 {
		players = 4
		if h.hasMode && h.mode/10 == 1 {
			players = 3
		}
	}
	if h.hasMode {
		switch h.mode % 10 {
		case 1:
			m.Length = event.EastOnly
		case 2:
			m.Length = event.EastSouth
		case 0, 4:
			m.Length = event.SingleHand
		}
	}
	r := &m.Rules
	r.Name = d.modeName(players)
	r.Extra = r.Extra[:0]
	add := func(k string, v int) {
		if v != 0 {
			r.Extra = append(r.Extra, event.KeyValue{Key: k, Value: strconv.Itoa(v)})
		}
	}
	add("category", h.category)
	add("mode", h.mode)
	add("mode_id", h.modeID)
	add("room_id", h.roomID)
	add("contest_uid", h.contestUID)
	add("testing_environment.paixing", h.paixing)
	if h.ai {
		r.Extra = append(r.Extra, event.KeyValue{Key: "ai", Value: "true"})
	}
	r.Extra = append(r.Extra, h.detail...)
	slices.SortStableFunc(r.Extra, func(a, b event.KeyValue) int { return strings.Compare(a.Key, b.Key) })
	if len(r.Extra) == 0 {
		r.Extra = nil
	}
	// Ranked and casual rooms play the standard rules; friendly and
	// tournament games state theirs in the detail rules (the ranked
	// detail_rule is empty and says nothing).
	standard := h.category == 2 && h.modeID > 0 && h.modeID < len(roomNames) && roomNames[h.modeID].standard
	switch {
	case standard && players == 3:
		r.RedFives, r.OpenTanyao = [3]int8{0, 1, 1}, event.FlagYes
	case standard:
		r.RedFives, r.OpenTanyao = [3]int8{1, 1, 1}, event.FlagYes
	case h.category != 2 && len(h.detail) > 0:
		r.OpenTanyao = event.FlagOf(h.shiduan == 1)
		switch {
		case h.doraCount == 0:
			r.RedFives = [3]int8{}
		case h.doraCount == 3 && players == 4:
			r.RedFives = [3]int8{1, 1, 1}
		case h.doraCount == 2 && players == 3:
			r.RedFives = [3]int8{0, 1, 1}
		}
	}
	for s := range 4 {
		p := event.Player{RankIndex: -1}
		if a := &h.accounts[s]; a.ok && s < players {
			p.Name, p.Account = a.name, a.id
			lv := a.level
			if players == 3 {
				lv = a.level3
			}
			if lv > 0 {
				p.RankIndex = int32(lv)
				p.Rank = rankName(lv)
			}
		}
		m.Seats[s] = p
	}
}

// modeName returns the rule name of the game: the room for matchmaking
// ("玉の間南", three-player games with 三 before it), 友人戦 or 大会戦, then the
// length (東, 南, 一局).
func (d *Decoder) modeName(players int) string {
	h := &d.head
	var b strings.Builder
	if players == 3 {
		b.WriteString("三")
	}
	switch h.category {
	case 1:
		b.WriteString("友人戦")
	case 2:
		if h.modeID > 0 && h.modeID < len(roomNames) && roomNames[h.modeID].name != "" {
			b.WriteString(roomNames[h.modeID].name)
		} else {
			b.WriteString("マッチ")
			b.WriteString(strconv.Itoa(h.modeID))
		}
	case 4:
		b.WriteString("大会戦")
	case 100:
		b.WriteString("チュートリアル")
	default:
		if !h.hasMode {
			return ""
		}
	}
	if h.hasMode {
		switch h.mode % 10 {
		case 1:
			b.WriteString("東")
		case 2:
			b.WriteString("南")
		case 0, 4:
			b.WriteString("一局")
		}
	}
	return b.String()
}

// validString returns b as a string, with invalid UTF-8 replaced by U+FFFD.
func validString(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
