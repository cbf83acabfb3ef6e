package tenhou

import (
	"fmt"
	"math"
	"strings"

	"github.com/haifu/haifu/event"
)

// goElem handles GO: the game's type (lobby, players, length, red fives)
// and lobby, and the attributes custom lobbies add (Rules.Extra).
func (d *Decoder) goElem() error {
	s := &d.sc
	r := &d.g.Meta.Rules
	v, ok := s.attr("type")
	if !ok {
		return fmt.Errorf("GO without type: %w", event.ErrSyntax)
	}
	t, ok := parseUint(v)
	if !ok || t > math.MaxInt32 {
		return fmt.Errorf("GO type=%q: %w", v, event.ErrValue)
	}
	if d.hand >= 0 || d.sawGO {
		return fmt.Errorf("GO after the game started: %w", event.ErrValue)
	}
	d.sawGO = true
	d.g.Meta.SetTenhouType(int(t))
	d.setTables(t&0x2 == 0, int(d.g.Meta.Players))
	if v, ok := s.attr("lobby"); ok {
		l, ok := parseUint(v)
		if !ok || l > math.MaxInt32 {
			return fmt.Errorf("GO lobby=%q: %w", v, event.ErrValue)
		}
		r.TenhouLobby = int32(l)
	}
	for _, a := range s.attrs {
		k := string(s.bytesOf(a.name))
		if k == "type" || k == "lobby" {
			continue
		}
		v := decodeText(s.bytesOf(a.value))
		if k == "title" {
			d.g.Meta.Title = v // a custom lobby's title
		}
		r.Extra = append(r.Extra, event.KeyValue{Key: k, Value: v})
	}
	sortKV(r.Extra)
	return nil
}

// sortKV sorts kv by key (an insertion sort: the lists are short).
func sortKV(kv []event.KeyValue) {
	for i := 1; i < len(kv); i++ {
		for j := i; j > 0 && kv[j].Key < kv[j-1].Key; j-- {
			kv[j], kv[j-1] = kv[j-1], kv[j]
		}
	}
}

// unAttrs are the attributes UN reads.
var unAttrs = [...]string{"n0", "n1", "n2", "n3", "dan", "rate", "sx"}

// danNames are Tenhou's rank names by dan index (UN dan).
var danNames = [...]string{
	"新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
	"初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
}

// un handles UN: the first is the list of players (names, ranks, rates,
// sexes); a later one with a single name is that seat's reconnection.
func (d *Decoder) un() error {
	s := &d.sc
	var vals [7][]byte
	s.attrsOf(unAttrs[:], vals[:])
	names, dan, rate, sx := [4][]byte(vals[:4]), vals[4], vals[5], vals[6]
	seat := -1
	nNames := 0
	for i, v := range names {
		if v != nil {
			nNames++
			seat = i
		}
	}
	hasDan, hasSx := dan != nil, sx != nil
	if d.sawList && nNames == 1 && !hasDan && !hasSx {
		if seat >= d.players {
			return fmt.Errorf("reconnection of seat %d in a %d-player game: %w", seat, d.players, event.ErrValue)
		}
		d.emit(event.Event{Type: event.Reconnect, Seat: event.Seat(seat), From: event.NoSeat})
		return nil
	}
	if d.sawList {
		return fmt.Errorf("second player list (UN with %d names): %w", nNames, event.ErrValue)
	}
	d.sawList = true
	m := &d.g.Meta
	for i, v := range names {
		if v != nil {
			m.Seats[i].Name = decodeName(v)
			if !isASCII(v) {
				d.rawNonASCII = true
			}
		}
	}
	if v := dan; v != nil {
		n, err := d.list(v, 0, 4)
		if err != nil {
			return fmt.Errorf("UN dan: %w", err)
		}
		for i := range n {
			m.Seats[i].RankIndex = int32(d.ints[i])
			if x := d.ints[i]; x >= 0 && x < len(danNames) && i < d.players {
				m.Seats[i].Rank = danNames[x]
			}
		}
	}
	if v := rate; v != nil {
		for i, rest := 0, v; rest != nil; i++ {
			if i == 4 {
				return fmt.Errorf("UN rate=%q has more than 4 values: %w", v, event.ErrValue)
			}
			var f []byte
			f, rest = nextField(rest)
			x, ok := parseDecimal(f)
			if !ok {
				return fmt.Errorf("UN rate=%q: %w", v, event.ErrValue)
			}
			m.Seats[i].Rate = x
		}
	}
	if v := sx; v != nil {
		for i, rest := 0, v; rest != nil; i++ {
			if i == 4 {
				return fmt.Errorf("UN sx=%q has more than 4 values: %w", v, event.ErrValue)
			}
			var f []byte
			f, rest = nextField(rest)
			if len(f) == 1 {
				m.Seats[i].Sex = f[0]
			}
		}
	}
	if d.players == 3 {
		m.Seats[3] = event.Player{RankIndex: -1}
	}
	return nil
}

// shuffle handles SHUFFLE: the seed of the wall generator.
func (d *Decoder) shuffle() error {
	if v, ok := d.sc.attr("seed"); ok {
		m := &d.g.Meta
		m.Seed = string(unescape(v))
		if m.Seed != "" && !strings.HasPrefix(m.Seed, "mt19937ar") {
			// Every Tenhou seed names its generator; logs written
			// by other servers or simulators put other things here.
			m.Platform = event.PlatformOther
			m.Warnings = append(m.Warnings, fmt.Sprintf("SHUFFLE seed %.40q is not a Tenhou seed: the log was not written by Tenhou's server", m.Seed))
		}
	}
	return nil
}

// taikyoku handles TAIKYOKU, the game's start: its first dealer must be
// seat 0.
func (d *Decoder) taikyoku() error {
	if v, ok := d.sc.attr("oya"); ok {
		if n, ok := parseInt(v); !ok || n != 0 {
			return fmt.Errorf("TAIKYOKU oya=%q: the first dealer must be seat 0: %w", v, event.ErrValue)
		}
	}
	return nil
}

// bye handles BYE: a player disconnected.
func (d *Decoder) bye() error {
	who, err := d.seatAttr("who")
	if err != nil {
		return err
	}
	d.emit(event.Event{Type: event.Disconnect, Seat: who, From: event.NoSeat})
	return nil
}
