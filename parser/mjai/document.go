package mjai

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/parser/internal/jsontok"
)

// member is one member of the top-level object: its key and the extent of
// its value.
type member struct {
	key        string
	start, end int
}

// document decodes the single-object variant ({type, lobby, dan, rate,
// game: [events], owari}), an arena record ({events: [events], players:
// [...]}, the mjai events wrapped in an object with the players) or a
// top-level array of events. It scans the top level itself, so that a cut
// document still gives its first events. An object with neither a game
// nor an events array is no game: an error wrapping format.ErrNoGame.
func (d *Decoder) document(data []byte, i int) error {
	i = jsontok.SkipSpace(data, i)
	d.pos = event.Pos{Offset: int32(i), Index: -1}
	if data[i] == '[' {
		if err := d.array(data, i); err != nil {
			return err
		}
		d.pos = event.Pos{Offset: int32(len(data)), Index: -1}
		return nil
	}
	var members [16]member
	n := 0
	var cut error
	t := &d.tok
	t.Reset(data, i)
	for more := t.Enter(); more; {
		k := t.Key()
		if e := t.Err(); e != nil {
			if e.Truncated() {
				cut = d.errf(event.ErrTruncated, "the input ends inside the top-level object")
				break
			}
			return d.syntaxErr(e, "the top-level object")
		}
		key := k.Content(data)
		start := t.Pos()
		end := t.Value().End
		e := t.Err()
		// A value the input ends inside of (or that is not JSON) is kept
		// only for the game array, whose first events can still be read.
		if n < len(members) && (e == nil || isEventList(key)) {
			if e != nil {
				end = len(data)
			}
			members[n] = member{string(key), start, end}
			n++
		}
		if e != nil {
			if e.Truncated() {
				cut = d.errf(event.ErrTruncated, "the input ends inside member %q", key)
				break
			}
			err := d.syntaxErr(e, fmt.Sprintf("member %q", key))
			if !isEventList(key) {
				return err
			}
			cut = err // the game array reports it at its event
			break
		}
		if more = t.More('}', "the top-level object"); !more {
			if e := t.Err(); e != nil {
				if e.Truncated() {
					cut = d.errf(event.ErrTruncated, "the input ends inside the top-level object")
					break
				}
				return d.syntaxErr(e, fmt.Sprintf("after member %q", key))
			}
		}
	}
	if cut == nil && !t.End() {
		d.pos.Offset = int32(t.Err().Offset)
		return d.errf(event.ErrSyntax, "text after the top-level object")
	}
	ms := members[:n]
	// Which variant: tenhou-paifu-to-json's (a game array), an arena
	// record (an events array), or no game at all.
	list := ""
	for _, m := range ms {
		switch {
		case m.key == "games":
			d.pos = event.Pos{Offset: int32(m.start), Index: -1}
			return d.errf(event.ErrUnsupported, "a \"games\" list of rounds (an older tenhou-paifu-to-json layout)")
		case isEventList([]byte(m.key)) && list == "":
			list = m.key
		}
	}
	if list == "" {
		if cut != nil {
			return cut
		}
		d.pos = event.Pos{Offset: int32(i), Index: -1}
		return d.errf(format.ErrNoGame, "a JSON object with neither a \"game\" nor an \"events\" array of mjai events")
	}
	// Metadata first, the game type before the rest: it says how many
	// players there are.
	for _, typeFirst := range []bool{true, false} {
		for _, m := range ms {
			if isEventList([]byte(m.key)) || m.key == "owari" || (m.key == "type") != typeFirst {
				continue
			}
			if err := d.metaMember(data, m, list); err != nil {
				return err
			}
		}
	}
	if list == "game" {
		d.g.Meta.Platform = event.Tenhou
	}
	d.gameStart(event.Pos{Offset: int32(i), Index: -1})
	for _, m := range ms {
		if m.key != list {
			continue
		}
		if m.start >= len(data) {
			break // cut before its value: reported below
		}
		if data[m.start] != '[' {
			d.pos = event.Pos{Offset: int32(m.start), Index: -1}
			return d.errf(event.ErrSyntax, "%s is not an array", m.key)
		}
		if err := d.array(data, m.start); err != nil {
			return err
		}
		break
	}
	if cut != nil {
		return cut
	}
	for _, m := range ms {
		if m.key == "owari" {
			d.pos = event.Pos{Offset: int32(m.start), Index: -1}
			if err := d.owari(data[m.start:m.end]); err != nil {
				return err
			}
		}
	}
	d.pos = event.Pos{Offset: int32(len(data)), Index: -1}
	return nil
}

// syntaxErr reports the JSON syntax error e, found in where, at its
// offset.
func (d *Decoder) syntaxErr(e *jsontok.Error, where string) error {
	d.pos.Offset = int32(e.Offset)
	return d.errf(event.ErrSyntax, "%s: %s", where, e.Msg)
}

// array decodes the events of the JSON array starting at data[i]. An event
// object's position is its offset and its index in the array; a syntax
// error in it is at the event's position, its message giving the line and
// column of the error.
func (d *Decoder) array(data []byte, i int) error {
	t := &d.tok
	t.Reset(data, i)
	if !t.Enter() {
		return nil // an empty array
	}
	for k := 0; ; k++ {
		c := t.Peek()
		d.pos = event.Pos{Offset: int32(t.Pos()), Index: int32(k)}
		if t.Pos() >= len(data) {
			return d.errf(event.ErrTruncated, "the input ends inside the event array")
		}
		x := t.Value()
		if e := t.Err(); e != nil {
			if e.Truncated() {
				return d.errf(event.ErrTruncated, "the input ends inside event %d", k)
			}
			return d.textErrf(e.Offset, event.ErrSyntax, "malformed event %d: %s", k, e.Msg)
		}
		if c != '{' {
			return d.errf(event.ErrSyntax, "event %d is not an object", k)
		}
		v, err := d.parse(data[x.Off:x.End], x.Off)
		if ee, ok := err.(*event.Error); ok {
			return ee
		}
		if err != nil {
			return d.errf(event.ErrSyntax, "%v", err)
		}
		if err := d.event(v); err != nil {
			return err
		}
		if !t.More(']', "the event array") {
			e := t.Err()
			switch {
			case e == nil:
				return nil
			case e.Truncated():
				d.pos = event.Pos{Offset: int32(len(data)), Index: int32(k + 1)}
				return d.errf(event.ErrTruncated, "the input ends inside the event array")
			}
			d.pos.Offset = int32(e.Offset)
			return d.errf(event.ErrSyntax, "after event %d: %s", k, e.Msg)
		}
	}
}

// tenhouDan are Tenhou's rank names by dan index.
var tenhouDan = [...]string{
	"新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
	"初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
}

// isEventList reports whether key names the array of events of a
// single-object variant: "game" (tenhou-paifu-to-json) or "events" (an
// arena record).
func isEventList(key []byte) bool { return string(key) == "game" || string(key) == "events" }

// metaMember reads one metadata member of the single-object variant whose
// events are in the member list ("game" or "events"): tenhou-paifu-to-json's
// Tenhou metadata, or an arena record's players.
func (d *Decoder) metaMember(data []byte, m member, list string) error {
	d.pos = event.Pos{Offset: int32(m.start), Index: -1}
	switch {
	case list == "game" && (m.key == "type" || m.key == "lobby" || m.key == "dan" || m.key == "rate" || m.key == "sex" || m.key == "sx" || m.key == "id"):
	case list == "events" && m.key == "players":
	default:
		return nil // unknown members are ignored
	}
	v, err := d.parse(data[m.start:m.end], m.start)
	if ee, ok := err.(*event.Error); ok {
		return ee
	}
	if err != nil {
		return d.errf(event.ErrSyntax, "member %q: %v", m.key, err)
	}
	meta := &d.g.Meta
	switch m.key {
	case "type":
		t, err := v.Int()
		if err != nil || t < 0 || t > math32 {
			return d.errf(event.ErrValue, "type %s is not a Tenhou game type", v)
		}
		d.goType(t)
	case "lobby":
		if v.Type() == fastjson.TypeNull {
			return nil
		}
		l, err := v.Int()
		if err != nil || l < 0 || l > math32 {
			return d.errf(event.ErrValue, "lobby %s", v)
		}
		meta.Rules.TenhouLobby = int32(l)
	case "dan":
		a, err := v.Array()
		if err != nil || len(a) > 4 {
			return d.errf(event.ErrValue, "dan %s is not a list of 4 ranks", v)
		}
		for i, x := range a {
			n, err := x.Int()
			if err != nil || n < -1 || n > math32 {
				return d.errf(event.ErrValue, "dan %s", v)
			}
			meta.Seats[i].RankIndex = int32(n)
			if n >= 0 && n < len(tenhouDan) && i < d.players {
				meta.Seats[i].Rank = tenhouDan[n]
			}
		}
	case "rate":
		a, err := v.Array()
		if err != nil || len(a) > 4 {
			return d.errf(event.ErrValue, "rate %s is not a list of 4 ratings", v)
		}
		for i, x := range a {
			f, err := x.Float64()
			if err != nil {
				return d.errf(event.ErrValue, "rate %s", v)
			}
			meta.Seats[i].Rate = f
		}
	case "sex", "sx":
		a, err := v.Array()
		if err != nil || len(a) > 4 {
			return d.errf(event.ErrValue, "%s %s is not a list of 4", m.key, v)
		}
		for i, x := range a {
			if b := x.GetStringBytes(); len(b) == 1 {
				meta.Seats[i].Sex = b[0]
			}
		}
	case "players":
		return d.arenaPlayers(v)
	case "id":
		a, err := v.Array()
		if err != nil || len(a) > 4 {
			return d.errf(event.ErrValue, "id %s is not a list of 4 names", v)
		}
		for i, x := range a {
			s := string(x.GetStringBytes())
			if strings.IndexByte(s, '%') >= 0 {
				if u, err := url.PathUnescape(s); err == nil {
					s = u
				}
			}
			meta.Seats[i].Name = validUTF8(s)
		}
	}
	return nil
}

const math32 = 1<<31 - 1

// goType applies Tenhou's GO type bits (docs/tenhou-formats.md §1.2).
func (d *Decoder) goType(t int) {
	m := &d.g.Meta
	players := m.Players
	m.SetTenhouType(t)
	if !d.setPlayers(int(m.Players)) {
		m.Players = players // the events say otherwise
	}
}

// owari reads the single-object variant's final result: the four final
// scores in hundreds (tenhou-paifu-to-json keeps only those), or scores and
// points alternating as in mjlog.
func (d *Decoder) owari(b []byte) error {
	if d.ended {
		return d.errf(event.ErrValue, "owari after the game end")
	}
	if d.inHand {
		return d.errf(event.ErrValue, "owari before the last hand ended")
	}
	v, err := d.parse(b, int(d.pos.Offset))
	if ee, ok := err.(*event.Error); ok {
		return ee
	}
	if err != nil {
		return d.errf(event.ErrSyntax, "owari: %v", err)
	}
	if v.Type() == fastjson.TypeNull {
		return nil
	}
	a, err := v.Array()
	if err != nil || (len(a) != 4 && len(a) != 8) {
		return d.errf(event.ErrValue, "owari %s is not a list of 4 scores", v)
	}
	var e event.EndRecord
	step := len(a) / 4
	for i := range 4 {
		s, err := a[i*step].Int()
		if err != nil || s < -1e7 || s > 1e7 {
			return d.errf(event.ErrValue, "owari %s: score %s", v, a[i*step])
		}
		e.Scores[i] = int32(s) * 100
		if step == 2 {
			p, err := a[i*step+1].Float64()
			if err != nil {
				return d.errf(event.ErrValue, "owari %s: points %s", v, a[i*step+1])
			}
			e.Points[i] = p
		}
	}
	e.Known = event.KnownScores
	if step == 2 {
		e.Known |= event.KnownPoints2
	}
	d.endGame(e)
	return nil
}

// validUTF8 returns s with invalid UTF-8 replaced by U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// arenaPlayers reads an arena record's players: a list of up to four names, or
// of objects with a "name" (or "nickname"), seat by seat. A start_game
// event's names, when it has them, are read after these and replace them.
func (d *Decoder) arenaPlayers(v *fastjson.Value) error {
	if v.Type() == fastjson.TypeNull {
		return nil
	}
	a, err := v.Array()
	if err != nil || len(a) > 4 {
		return d.errf(event.ErrValue, "players %s is not a list of up to 4 players", jsontok.Short(v.String()))
	}
	meta := &d.g.Meta
	for i, x := range a {
		var name []byte
		switch x.Type() {
		case fastjson.TypeString:
			name = x.GetStringBytes()
		case fastjson.TypeObject:
			name = x.GetStringBytes("name")
			if name == nil {
				name = x.GetStringBytes("nickname")
			}
		case fastjson.TypeNull:
		default:
			return d.errf(event.ErrValue, "players %s: %s is not a player", jsontok.Short(v.String()), jsontok.Short(x.String()))
		}
		meta.Seats[i].Name = validUTF8(string(name))
	}
	return nil
}
