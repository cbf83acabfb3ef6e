package tenhou

import (
	"bytes"
	"fmt"
	"math"
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/yaku"
)

// agari handles AGARI, a win: it reads the attributes and parses the
// lists, agariWin checks them, and an owari attribute ends the game.
func (d *Decoder) agari() error {
	if err := d.needHand("AGARI"); err != nil {
		return err
	}
	s := &d.sc
	// The values live in the Decoder: the table of lists below would move
	// them to the heap.
	v := &d.agariVals
	v.agariFields = agariFields{}
	var haiV, mV, doraV, uraV, baV, scV, owariV []byte
	for _, a := range s.attrs {
		val := s.bytesOf(a.value)
		switch string(s.bytesOf(a.name)) {
		case "who":
			v.whoV = val
		case "fromWho":
			v.fromV = val
		case "paoWho":
			v.paoV = val
		case "hai":
			haiV = val
		case "machi":
			v.machiV = val
		case "ten":
			v.tenV = val
		case "m":
			mV, v.hasM = val, true
		case "yaku":
			v.yakuV, v.hasYaku = val, true
		case "yakuman":
			v.yakumanV, v.hasYakuman = val, true
		case "doraHai":
			doraV, v.hasDora = val, true
		case "doraHaiUra":
			uraV, v.hasUra = val, true
		case "ba":
			baV, v.hasBa = val, true
		case "sc":
			scV, v.hasSc = val, true
		case "owari":
			owariV = val
		}
	}
	// Parse the lists; agariWin checks their numbers.
	lists := [...]struct {
		name     string
		val      []byte // nil: absent
		required bool
		lo       int
		dst      []int
		n        *int
	}{
		{"hai", haiV, true, 0, v.hai[:], &v.nHai},
		{"m", mV, false, 0, v.m[:], &v.nM},
		{"ten", v.tenV, true, 3, v.ten[:], nil},
		{"yaku", v.yakuV, false, 0, v.yaku[:], &v.nYaku},
		{"yakuman", v.yakumanV, false, 0, v.yakuman[:], &v.nYakuman},
		{"doraHai", doraV, false, 0, v.dora[:], &v.nDora},
		{"doraHaiUra", uraV, false, 0, v.ura[:], &v.nUra},
		{"ba", baV, false, 2, v.ba[:], nil},
		{"sc", scV, false, 8, v.sc[:], &v.nSc},
	}
	for _, l := range lists {
		if l.val == nil {
			if l.required {
				return fmt.Errorf("AGARI without %s: %w", l.name, event.ErrSyntax)
			}
			continue
		}
		n, err := d.list(l.val, l.lo, len(l.dst))
		if err != nil {
			return fmt.Errorf("AGARI %s: %w", l.name, err)
		}
		copy(l.dst, d.ints[:n])
		if l.n != nil {
			*l.n = n
		}
	}
	v.baV = baV
	if err := d.agariWin(v); err != nil {
		return err
	}
	return d.owariValue(owariV)
}

// agariValues are the values of an AGARI's attributes: the lists parsed,
// the single values (and the lists that error messages quote) raw. Both
// paths use the Decoder's one agariValues and clear only its agariFields:
// a list is read up to its count only (ten and ba, whose counts are fixed,
// are checked for them), and clearing the 1.5 KB of lists for every win
// cost about 1% of a corpus pass.
type agariValues struct {
	agariFields
	hai           [14]int
	m             [8]int
	ten           [3]int
	yaku, yakuman [64]int
	dora, ura     [5]int
	ba            [2]int
	sc            [16]int
}

// agariFields are the parts of agariValues cleared for each AGARI.
type agariFields struct {
	whoV, fromV, paoV, machiV     []byte
	tenV, yakuV, yakumanV, baV    []byte
	nHai, nM, nYaku, nYakuman     int
	nDora, nUra, nSc              int
	hasM, hasYaku, hasYakuman     bool
	hasDora, hasUra, hasBa, hasSc bool
}

// agariWin checks an AGARI's values and records the win. It changes
// nothing when it returns an error.
func (d *Decoder) agariWin(v *agariValues) error {
	// The record is filled in place, and dropped again on an error.
	n := len(d.g.Wins)
	d.g.Wins = slices.Grow(d.g.Wins, 1)[:n+1]
	w := &d.g.Wins[n]
	*w = event.WinRecord{}
	if err := d.fillWin(w, v); err != nil {
		d.g.Wins = d.g.Wins[:n]
		return err
	}
	d.emit(event.Event{Type: event.Win, Seat: w.Winner, From: w.From, Tile: w.WinTile, ID: w.WinID, Ref: int32(n)})
	return nil
}

// fillWin checks an AGARI's values and fills w with them.
func (d *Decoder) fillWin(w *event.WinRecord, v *agariValues) error {
	var err error
	if w.Winner, err = d.seatValue("who", v.whoV); err != nil {
		return fmt.Errorf("AGARI: %w", err)
	}
	if w.From, err = d.seatValue("fromWho", v.fromV); err != nil {
		return fmt.Errorf("AGARI: %w", err)
	}
	w.Liable = event.NoSeat
	if v.paoV != nil {
		if w.Liable, err = d.seatValue("paoWho", v.paoV); err != nil {
			return fmt.Errorf("AGARI: %w", err)
		}
	}
	n := v.nHai
	if err := d.tileIDs(v.hai[:n], w.HandIDs[:], "AGARI hai"); err != nil {
		return err
	}
	w.HandLen = uint8(n)
	for i := range n {
		w.Hand[i] = d.faces[w.HandIDs[i]]
	}
	if v.machiV == nil {
		return fmt.Errorf("AGARI without machi: %w", event.ErrSyntax)
	}
	if w.WinID, err = d.tileID(v.machiV); err != nil {
		return fmt.Errorf("AGARI machi: %w", err)
	}
	w.WinTile = d.faces[w.WinID]
	warn := false
	if n%3 == 1 && n < len(w.HandIDs) {
		// Some writers leave the winning tile out of hai; Tenhou includes
		// it for tsumo and ron alike.
		w.HandIDs[n], w.Hand[n] = w.WinID, w.WinTile
		w.HandLen++
		warn = !d.warnedHai
	}
	w.Known |= event.KnownHand | event.KnownMelds
	if v.hasM {
		for i, code := range v.m[:v.nM] {
			dm, err := decodeMeld(code, w.Winner, d.players, d.reds)
			if err != nil {
				return fmt.Errorf("AGARI m: %v: %w", err, event.ErrValue)
			}
			w.Melds[i] = dm.meld
		}
		w.NMelds = uint8(v.nM)
	}
	ten := &v.ten
	if ten[0] < 0 || ten[0] > 1000 || ten[1] < 0 || ten[1] > math.MaxInt32 || ten[2] < 0 || ten[2] > int(event.Yakuman) {
		return fmt.Errorf("AGARI ten=%q out of range: %w", v.tenV, event.ErrValue)
	}
	w.Fu, w.Points, w.Limit = int16(ten[0]), int32(ten[1]), event.Limit(ten[2])
	w.Known |= event.KnownFu | event.KnownPoints | event.KnownYaku | event.KnownHan
	if v.hasYaku {
		if v.nYaku%2 != 0 {
			return fmt.Errorf("AGARI yaku=%q: odd number of values: %w", v.yakuV, event.ErrValue)
		}
		for i := 0; i < v.nYaku; i += 2 {
			id, han := v.yaku[i], v.yaku[i+1]
			y, ok := yaku.FromMjlog(id)
			if !ok || han < 0 || han > 100 {
				return fmt.Errorf("AGARI yaku=%q: yaku %d with %d han out of range: %w", v.yakuV, id, han, event.ErrValue)
			}
			if err := w.AddYaku(y, han); err != nil {
				return fmt.Errorf("AGARI yaku: %v: %w", err, event.ErrValue)
			}
			w.Han += int16(han)
		}
	}
	if v.hasYakuman {
		for _, id := range v.yakuman[:v.nYakuman] {
			y, ok := yaku.FromMjlog(id)
			if !ok {
				return fmt.Errorf("AGARI yakuman=%q: yaku %d out of range: %w", v.yakumanV, id, event.ErrValue)
			}
			if err := w.AddYaku(y, yaku.YakumanHan); err != nil {
				return fmt.Errorf("AGARI yakuman: %v: %w", err, event.ErrValue)
			}
			w.Han += yaku.YakumanHan
		}
	}
	if v.hasDora {
		if err := d.tileIDs(v.dora[:v.nDora], w.DoraIDs[:], "AGARI doraHai"); err != nil {
			return err
		}
		w.NDora = uint8(v.nDora)
		for i := range v.nDora {
			w.Dora[i] = d.faces[w.DoraIDs[i]]
		}
		w.Known |= event.KnownDora
	}
	w.Known |= event.KnownUra
	if v.hasUra {
		if err := d.tileIDs(v.ura[:v.nUra], w.UraIDs[:], "AGARI doraHaiUra"); err != nil {
			return err
		}
		w.NUra = uint8(v.nUra)
		for i := range v.nUra {
			w.Ura[i] = d.faces[w.UraIDs[i]]
		}
	}
	if v.hasBa {
		if w.Honba, w.Sticks, err = baValues(v.ba[:], v.baV); err != nil {
			return fmt.Errorf("AGARI %w", err)
		}
		w.Known |= event.KnownBa
	}
	if v.hasSc {
		k, err := scoreValues(v.sc[:v.nSc], &w.Before, &w.Deltas, &w.ChipDeltas)
		if err != nil {
			return fmt.Errorf("AGARI %w", err)
		}
		w.Known |= k
	}
	if warn {
		d.warnedHai = true
		d.g.Meta.Warnings = append(d.g.Meta.Warnings, "AGARI hai without the winning tile (added from machi); Tenhou always includes it")
	}
	return nil
}

// baValues checks the two numbers of the ba attribute whose value is raw.
func baValues(ba []int, raw []byte) (honba, sticks int16, err error) {
	if ba[0] < 0 || ba[0] > math.MaxInt16 || ba[1] < 0 || ba[1] > math.MaxInt16 {
		return 0, 0, fmt.Errorf("ba=%q out of range: %w", raw, event.ErrValue)
	}
	return int16(ba[0]), int16(ba[1]), nil
}

// scoreValues checks and stores the numbers of an sc attribute.
func scoreValues(sc []int, before, deltas, chips *[4]int32) (event.Known, error) {
	if len(sc) != 8 && len(sc) != 16 {
		return 0, fmt.Errorf("sc has %d numbers, want 8 or 16: %w", len(sc), event.ErrValue)
	}
	for i := range 4 {
		before[i] = int32(sc[2*i]) * 100
		deltas[i] = int32(sc[2*i+1]) * 100
	}
	k := event.KnownBefore | event.KnownDeltas
	if len(sc) == 16 {
		for i := range 4 {
			chips[i] = int32(sc[8+2*i+1])
		}
		k |= event.KnownChips
	}
	return k, nil
}

// The attributes RYUUKYOKU reads, and those of the seats' hands.
var (
	ryuukyokuAttrs = [...]string{"hai0", "hai1", "hai2", "hai3", "type", "ba", "sc", "owari"}
	haiAttrs       = [4]string{"hai0", "hai1", "hai2", "hai3"}
)

// ryuukyokuKind maps a RYUUKYOKU type attribute to its kind.
func ryuukyokuKind(t string) (event.RyuukyokuKind, bool) {
	switch t {
	case "yao9":
		return event.NineTerminals, true
	case "reach4":
		return event.FourRiichi, true
	case "ron3":
		return event.TripleRon, true
	case "kan4":
		return event.FourKans, true
	case "kaze4":
		return event.FourWinds, true
	case "nm":
		return event.Nagashi, true
	}
	return 0, false
}

// ryuukyoku handles RYUUKYOKU, a hand's end without a winner: its kind,
// ba and sc, the hands shown, and an owari attribute that ends the game.
func (d *Decoder) ryuukyoku() error {
	if err := d.needHand("RYUUKYOKU"); err != nil {
		return err
	}
	s := &d.sc
	var vals [8][]byte
	s.attrsOf(ryuukyokuAttrs[:], vals[:])
	hai, typ, ba, sc, owari := [4][]byte(vals[:4]), vals[4], vals[5], vals[6], vals[7]
	var r event.RyuukyokuRecord
	r.Kind = event.Exhaustive
	if typ != nil {
		k, ok := ryuukyokuKind(string(typ))
		if !ok {
			return fmt.Errorf("RYUUKYOKU type=%q: %w", typ, event.ErrUnsupported)
		}
		r.Kind = k
	}
	if ba != nil {
		if _, err := d.list(ba, 2, 2); err != nil {
			return fmt.Errorf("RYUUKYOKU ba: %w", err)
		}
		var err error
		if r.Honba, r.Sticks, err = baValues(d.ints[:2], ba); err != nil {
			return fmt.Errorf("RYUUKYOKU %w", err)
		}
		r.Known |= event.KnownBa
	}
	if sc != nil {
		n, err := d.list(sc, 8, 16)
		if err != nil {
			return fmt.Errorf("RYUUKYOKU sc: %w", err)
		}
		k, err := scoreValues(d.ints[:n], &r.Before, &r.Deltas, &r.ChipDeltas)
		if err != nil {
			return fmt.Errorf("RYUUKYOKU %w", err)
		}
		r.Known |= k
	}
	if r.Known == 0 && typ == nil {
		// The server stopped the game in the middle of the hand.
		r.Kind = event.Interrupted
	} else {
		r.Known |= event.KnownHand
	}
	for p := range d.players {
		v := hai[p]
		if v == nil {
			continue
		}
		n, err := d.list(v, 0, len(r.HandIDs[p]))
		if err != nil {
			return fmt.Errorf("RYUUKYOKU %s: %w", haiAttrs[p], err)
		}
		if err := d.tileIDs(d.ints[:n], r.HandIDs[p][:], haiAttrs[p]); err != nil {
			return fmt.Errorf("RYUUKYOKU %w", err)
		}
		r.Revealed[p] = true
		r.HandLen[p] = uint8(n)
		for i := range n {
			r.Hands[p][i] = r.HandIDs[p][i].Tile(d.reds)
		}
	}
	d.g.Ryuukyoku = append(d.g.Ryuukyoku, r)
	d.emit(event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.Ryuukyoku) - 1)})
	return d.owariValue(owari)
}

// owariValue emits the game end of the owari value v, if v is not nil.
func (d *Decoder) owariValue(v []byte) error {
	if v == nil {
		return nil
	}
	e, err := parseOwari(v)
	if err != nil {
		return err
	}
	d.endGame(&e)
	return nil
}

// parseOwari parses the value of an owari attribute: final scores and
// points, then chips in chip lobbies.
func parseOwari(v []byte) (event.EndRecord, error) {
	var e event.EndRecord
	if len(bytes.TrimSpace(v)) == 0 {
		return e, nil
	}
	var vals [16][]byte
	n := 0
	for rest := v; rest != nil; n++ {
		if n == len(vals) {
			return e, fmt.Errorf("owari=%q has more than 16 values: %w", v, event.ErrValue)
		}
		vals[n], rest = nextField(rest)
		vals[n] = bytes.TrimSpace(vals[n])
	}
	if n != 8 && n != 16 {
		return e, fmt.Errorf("owari=%q has %d values, want 8 or 16: %w", v, n, event.ErrValue)
	}
	for i := range 4 {
		sc, ok := parseInt(vals[2*i])
		if !ok {
			return e, fmt.Errorf("owari=%q: score %q: %w", v, vals[2*i], event.ErrValue)
		}
		pt, ok := parseDecimal(vals[2*i+1])
		if !ok || math.IsNaN(pt) || math.IsInf(pt, 0) {
			return e, fmt.Errorf("owari=%q: points %q: %w", v, vals[2*i+1], event.ErrValue)
		}
		e.Scores[i] = int32(sc) * 100
		e.Points[i] = pt
	}
	e.Known |= event.KnownScores | event.KnownPoints2
	if n == 16 {
		for i := range 4 {
			c, ok := parseInt(vals[8+2*i])
			if !ok {
				return e, fmt.Errorf("owari=%q: chips %q: %w", v, vals[8+2*i], event.ErrValue)
			}
			e.Chips[i] = int32(c)
		}
		e.Known |= event.KnownChips
	}
	return e, nil
}

// endGame records the game's end.
func (d *Decoder) endGame(e *event.EndRecord) {
	d.g.End = append(d.g.End, *e)
	d.emit(event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(d.g.End) - 1)})
	d.ended = true
}
