package mjai

import (
	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// addMeld records a meld of seat s for its win record.
func (d *Decoder) addMeld(s event.Seat, m *event.Meld) error {
	if d.nmelds[s] == uint8(len(d.melds[s])) {
		return d.errf(event.ErrValue, "seat %d has more than %d melds", s, len(d.melds[s]))
	}
	d.melds[s][d.nmelds[s]] = *m
	d.nmelds[s]++
	return nil
}

// meldOf builds a meld of kind k from the tiles ts (sorted in place); the
// called tile, if any, is the first tile equal to called.
func meldOf(k event.MeldKind, from event.Seat, ts []tile.Tile, called tile.Tile) event.Meld {
	sortTiles(ts)
	m := event.Meld{Kind: k, From: from, N: uint8(len(ts)), Called: -1}
	copy(m.Tiles[:], ts)
	if called != tile.None {
		for i, t := range ts {
			if t == called {
				m.Called = int8(i)
				break
			}
		}
	}
	return m
}

// sameKind reports whether the tiles are all of one kind.
func sameKind(ts []tile.Tile) bool {
	for _, t := range ts[1:] {
		if t.Kind() != ts[0].Kind() {
			return false
		}
	}
	return true
}

func (d *Decoder) call(v *fastjson.Value, k event.MeldKind) error {
	s, err := d.actor(v, "call")
	if err != nil {
		return err
	}
	from, err := d.seat(v, "target")
	if err != nil {
		return err
	}
	if from == s {
		return d.errf(event.ErrValue, "seat %d calls its own tile", s)
	}
	t, err := d.tileOf(v.Get("pai"), "pai", false)
	if err != nil {
		return err
	}
	var ts [4]tile.Tile
	n, err := d.tiles(v.Get("consumed"), "consumed", ts[:3], false)
	if err != nil {
		return err
	}
	return d.applyCall(s, from, t, ts, n, k)
}

// applyCall decodes seat s's call of kind k of from's tile t with its own
// n tiles ts, read from the log; on an error it changes nothing.
func (d *Decoder) applyCall(s, from event.Seat, t tile.Tile, ts [4]tile.Tile, n int, k event.MeldKind) error {
	want := 2
	if k == event.MeldOpenKan {
		want = 3
	}
	if n != want {
		return d.errf(event.ErrValue, "consumed has %d tiles, not %d", n, want)
	}
	ts[n] = t
	n++
	switch k {
	case event.MeldChi:
		sortTiles(ts[:3])
		a, b, c := ts[0].Kind(), ts[1].Kind(), ts[2].Kind()
		if a.IsHonor() || a.Suit() != c.Suit() || b != a+1 || c != a+2 {
			return d.errf(event.ErrValue, "chi of %v is not a run", tile.FormatTiles(ts[:3]))
		}
	default:
		if !sameKind(ts[:n]) {
			return d.errf(event.ErrValue, "%v of %v are not one kind", k, tile.FormatTiles(ts[:n]))
		}
	}
	m := meldOf(k, from, ts[:n], t)
	if err := d.addMeld(s, &m); err != nil {
		return err
	}
	if k == event.MeldOpenKan {
		d.pendRepl[s] = true
	}
	d.drew[s] = false
	d.offer = tile.None
	d.emit(event.Event{Type: event.Call, Seat: s, From: from, Tile: t, Meld: m})
	return nil
}

func (d *Decoder) ankan(v *fastjson.Value) error {
	s, err := d.actor(v, "ankan")
	if err != nil {
		return err
	}
	var ts [4]tile.Tile
	n, err := d.tiles(v.Get("consumed"), "consumed", ts[:], false)
	if err != nil {
		return err
	}
	return d.applyAnkan(s, ts, n)
}

// applyAnkan decodes seat s's closed kan of the n tiles ts read from the
// log; on an error it changes nothing.
func (d *Decoder) applyAnkan(s event.Seat, ts [4]tile.Tile, n int) error {
	if n != 4 || !sameKind(ts[:]) {
		return d.errf(event.ErrValue, "ankan of %v is not four tiles of one kind", tile.FormatTiles(ts[:n]))
	}
	m := meldOf(event.MeldClosedKan, event.NoSeat, ts[:], tile.None)
	if err := d.addMeld(s, &m); err != nil {
		return err
	}
	d.pendRepl[s] = true
	d.drew[s] = false
	d.offer = m.Tiles[0]
	d.emit(event.Event{Type: event.ClosedKan, Seat: s, From: event.NoSeat, Meld: m})
	return nil
}

func (d *Decoder) kakan(v *fastjson.Value) error {
	s, err := d.actor(v, "kakan")
	if err != nil {
		return err
	}
	t, err := d.tileOf(v.Get("pai"), "pai", false)
	if err != nil {
		return err
	}
	if x := v.Get("consumed"); x != nil {
		var ts [3]tile.Tile
		n, err := d.tiles(x, "consumed", ts[:], false)
		if err != nil {
			return err
		}
		if err := d.kakanConsumed(t, ts[:n]); err != nil {
			return err
		}
	}
	return d.applyKakan(s, t)
}

// kakanConsumed checks the tiles an added kan of t names as consumed.
func (d *Decoder) kakanConsumed(t tile.Tile, ts []tile.Tile) error {
	for _, c := range ts {
		if c.Kind() != t.Kind() {
			return d.errf(event.ErrValue, "kakan of %v with consumed %v", t, tile.FormatTiles(ts))
		}
	}
	return nil
}

// applyKakan decodes seat s's added kan of t read from the log; on an
// error it changes nothing.
func (d *Decoder) applyKakan(s event.Seat, t tile.Tile) error {
	ms := d.melds[s][:d.nmelds[s]]
	i := 0
	for i < len(ms) && (ms[i].Kind != event.MeldPon || ms[i].Tiles[0].Kind() != t.Kind()) {
		i++
	}
	if i == len(ms) {
		return d.errf(event.ErrValue, "kakan of %v by seat %d, which has no pon of it", t, s)
	}
	pon := ms[i]
	ts := [4]tile.Tile{pon.Tiles[0], pon.Tiles[1], pon.Tiles[2], t}
	m := meldOf(event.MeldAddedKan, pon.From, ts[:], pon.CalledTile())
	ms[i] = m
	d.pendRepl[s] = true
	d.drew[s] = false
	d.offer = t
	d.emit(event.Event{Type: event.AddedKan, Seat: s, From: pon.From, Tile: t, Meld: m})
	return nil
}

func (d *Decoder) nukidora(v *fastjson.Value) error {
	if err := d.ready("nukidora"); err != nil {
		return err
	}
	if d.players != 3 {
		return d.errf(event.ErrValue, "nukidora in a %d-player game", d.players)
	}
	s, err := d.seat(v, "actor")
	if err != nil {
		return err
	}
	t := tile.Of(tile.North)
	if x := v.Get("pai"); x != nil {
		if t, err = d.tileOf(x, "pai", false); err != nil {
			return err
		}
		if t.Kind() != tile.North {
			return d.errf(event.ErrValue, "nukidora of %v, not a North", t)
		}
	}
	return d.applyNukidora(s, t)
}

// applyNukidora decodes seat s's kita of t (a North) read from the log; on
// an error it changes nothing.
func (d *Decoder) applyNukidora(s event.Seat, t tile.Tile) error {
	m := event.Meld{Kind: event.MeldKita, From: event.NoSeat, N: 1, Called: -1}
	m.Tiles[0] = t
	if err := d.addMeld(s, &m); err != nil {
		return err
	}
	d.pendRepl[s] = true
	d.drew[s] = false
	d.offer = t
	d.emit(event.Event{Type: event.Kita, Seat: s, From: event.NoSeat, Tile: t, Meld: m})
	return nil
}
