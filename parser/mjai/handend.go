package mjai

import (
	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// hora decodes a win: mjai's hora, or the single-object variant's agari
// (rmss is true), whose fields are named as in mjlog.
func (d *Decoder) hora(v *fastjson.Value, rmss bool) error {
	if !d.inHand && !(d.over && d.lastHora) {
		return d.errf(event.ErrValue, "hora outside a hand")
	}
	if d.inHand {
		if err := d.ready("hora"); err != nil {
			return err
		}
	}
	k := horaKeys
	if rmss {
		k = agariKeys
	}
	w := &d.win
	*w = event.WinRecord{Liable: event.NoSeat}
	var err error
	if w.Winner, err = d.seat(v, "actor"); err != nil {
		return err
	}
	if w.From, err = d.seat(v, k.from); err != nil {
		return err
	}
	// The winning tile: recorded, or the tile just drawn or offered.
	if x := v.Get(k.pai); x != nil {
		if w.WinTile, err = d.tileOf(x, k.pai, false); err != nil {
			return err
		}
	} else if w.Tsumo() {
		w.WinTile = d.lastDraw[w.Winner]
		if !d.drew[w.Winner] {
			w.WinTile = tile.None
		}
	} else {
		w.WinTile = d.offer
	}
	if w.WinTile == tile.None && d.hidden == 0 {
		// The log lacks the events that led to the win; the replay will
		// say which.
		d.noWinTile.note(d)
	}
	// The melds, from the calls.
	ms := d.melds[w.Winner][:d.nmelds[w.Winner]]
	copy(w.Melds[:], ms)
	w.NMelds = uint8(len(ms))
	w.Known |= event.KnownMelds
	open, sets := false, 0
	for i := range ms {
		if ms[i].Kind != event.MeldKita {
			sets++
			if ms[i].Kind != event.MeldClosedKan {
				open = true
			}
		}
	}
	// The concealed tiles.
	if x := v.Get(k.hand); x != nil && x.Type() != fastjson.TypeNull {
		n, err := d.tiles(x, k.hand, w.Hand[:], false)
		if err != nil {
			return err
		}
		want := 14 - 3*sets
		switch n {
		case want - 1:
			w.Hand[n] = w.WinTile
			n++
		case want:
		default:
			return d.errf(event.ErrValue, "%s has %d tiles, not %d with %d melds", k.hand, n, want-1, sets)
		}
		if w.WinTile != tile.None {
			w.HandLen = uint8(n)
			w.Known |= event.KnownHand
		} else {
			w.Hand = [14]tile.Tile{}
		}
	}
	// Han, fu, points and limit.
	han, hasHan, err := d.intOf(v, k.han, 0, 10000)
	if err != nil {
		return err
	}
	if hasHan {
		if han >= 100 && !rmss {
			han = han / 100 * yaku.YakumanHan // gimite's mjai counts 100 per yakuman
		}
		w.Han = int16(han)
		w.Known |= event.KnownHan
	}
	fu, hasFu, err := d.intOf(v, k.fu, 0, 1000)
	if err != nil {
		return err
	}
	if hasFu {
		w.Fu = int16(fu)
		w.Known |= event.KnownFu
	}
	pts, hasPts, err := d.intOf(v, k.points, 0, math32)
	if err != nil {
		return err
	}
	// The limit, as Tenhou counts it (no rounding up to mangan), is known
	// when the fu are or do not matter.
	if hasPts && hasHan && (han >= 5 || hasFu && fu > 0) {
		w.Points, w.Limit = int32(pts), yaku.LimitOf(han, fu, true)
		w.Known |= event.KnownPoints
	}
	// Yaku.
	if rmss {
		err = d.tenhouYaku(v.Get("yaku"), open)
	} else {
		err = d.mjaiYaku(v.Get("yakus"))
	}
	if err != nil {
		return err
	}
	// Dora and ura indicators.
	if x := v.Get(k.dora); rmss && x != nil {
		n, err := d.tiles(x, k.dora, w.Dora[:], false)
		if err != nil {
			return err
		}
		w.NDora = uint8(n)
	} else {
		if d.ndora > len(w.Dora) {
			// Six indicators: five kans, the fifth of which ends the
			// hand where it is allowed at all.
			return d.errf(event.ErrValue, "a win after %d dora indicators were revealed", d.ndora)
		}
		copy(w.Dora[:], d.dora[:d.ndora])
		w.NDora = uint8(d.ndora)
	}
	w.Known |= event.KnownDora
	for _, key := range k.ura {
		x := v.Get(key)
		if x == nil {
			continue
		}
		if x.Type() != fastjson.TypeNull {
			n, err := d.tiles(x, key, w.Ura[:], false)
			if err != nil {
				return err
			}
			w.NUra = uint8(n)
		}
		w.Known |= event.KnownUra
		break
	}
	// Pao and ba (single-object variant only).
	if rmss {
		if x := v.Get("paowho"); x != nil && x.Type() != fastjson.TypeNull {
			if w.Liable, err = d.seat(v, "paowho"); err != nil {
				return err
			}
		}
		h, okH, err := d.intOf(v, "honba", 0, 1<<15-1)
		if err != nil {
			return err
		}
		s, okS, err := d.intOf(v, "kyotaku", 0, 1<<15-1)
		if err != nil {
			return err
		}
		if okH && okS {
			w.Honba, w.Sticks = int16(h), int16(s)
			w.Known |= event.KnownBa
		}
	}
	known, err := d.settle(v, &w.Deltas, &w.Before)
	if err != nil {
		return err
	}
	w.Known |= known
	g := d.g
	g.Wins = append(g.Wins, *w)
	d.emit(event.Event{Type: event.Win, Seat: w.Winner, From: w.From, Tile: w.WinTile, Ref: int32(len(g.Wins) - 1)})
	d.inHand, d.over, d.lastHora = false, true, true
	return nil
}

// horaFields names the fields of a win in one of the layouts.
type horaFields struct {
	from, pai, hand, han, fu, points, dora string
	ura                                    []string
}

var (
	horaKeys  = horaFields{"target", "pai", "hora_tehais", "fan", "fu", "hora_points", "", []string{"uradora_markers", "ura_markers", "uradora_marker"}}
	agariKeys = horaFields{"fromwho", "machi", "hai", "han", "hu", "score", "dora_marker", []string{"ura_marker"}}
)

// mjaiYaku reads mjai's yakus, a list of [name, han], into d.win. Unknown
// names and dragons the hand does not show leave the yaku unknown.
func (d *Decoder) mjaiYaku(x *fastjson.Value) error {
	if x == nil || x.Type() == fastjson.TypeNull {
		return nil
	}
	a, err := x.Array()
	if err != nil {
		return d.errf(event.ErrValue, "yakus is not a list")
	}
	ok := true
	for _, y := range a {
		p, err := y.Array()
		if err != nil || len(p) != 2 {
			return d.errf(event.ErrValue, "yakus: %s is not [name, han]", y)
		}
		name, err := p[0].StringBytes()
		if err != nil {
			return d.errf(event.ErrValue, "yakus: %s is not [name, han]", y)
		}
		han, err := p[1].Int()
		if err != nil || han < 0 || han > 10000 {
			return d.errf(event.ErrValue, "yakus: %s is not [name, han]", y)
		}
		if err := d.mjaiYakuOf(name, han, &ok); err != nil {
			return err
		}
	}
	d.yakuKnown(ok)
	return nil
}

// mjaiYakuOf adds one of mjai's yakus, [name, han], to d.win; ok becomes
// false when the yaku is left unknown (an unknown name, dragons the hand
// does not show).
func (d *Decoder) mjaiYakuOf(name []byte, han int, ok *bool) error {
	w := &d.win
	if han >= 100 {
		han = han / 100 * yaku.YakumanHan
	}
	id, known := yaku.FromMjai(name)
	if !known {
		d.warn("unknown yaku %q: the yaku of such wins are left unknown", name)
		*ok = false
		return nil
	}
	switch id {
	case yaku.AnyRoundWind:
		id = yaku.RoundWind(int(d.g.Rounds[len(d.g.Rounds)-1].Wind))
	case yaku.AnySeatWind:
		dealer := int(d.g.Rounds[len(d.g.Rounds)-1].Dealer)
		id = yaku.SeatWind((int(w.Winner) - dealer + d.players) % d.players)
	case yaku.AnyDragon:
		if w.Known&event.KnownHand == 0 {
			*ok = false
			return nil
		}
		d.yakus = dragonTriplets(d.yakus[:0], w)
		if len(d.yakus) != han {
			d.warn("sangenpai of %d han with %d dragon triplets in the hand: the yaku of such wins are left unknown", han, len(d.yakus))
			*ok = false
			return nil
		}
		for _, y := range d.yakus {
			if w.AddYaku(y, 1) != nil {
				return d.errf(event.ErrValue, "more than %d yaku", event.MaxYaku)
			}
		}
		return nil
	}
	if w.AddYaku(id, han) != nil {
		return d.errf(event.ErrValue, "more than %d yaku", event.MaxYaku)
	}
	return nil
}

// yakuKnown marks d.win's yaku known when ok, and clears them otherwise.
func (d *Decoder) yakuKnown(ok bool) {
	if ok {
		d.win.Known |= event.KnownYaku
	} else {
		d.win.NYaku = 0
	}
}

// tenhouYaku reads the single-object variant's yaku, a list of Tenhou ids
// (dora ids once per dora), into d.win. The han of each comes from
// Tenhou's table and is kept only when the total is the recorded han.
func (d *Decoder) tenhouYaku(x *fastjson.Value, open bool) error {
	if x == nil || x.Type() == fastjson.TypeNull {
		return nil
	}
	w := &d.win
	a, err := x.Array()
	if err != nil {
		return d.errf(event.ErrValue, "yaku is not a list")
	}
	ok := true
	total := 0
	for _, y := range a {
		n, err := y.Int()
		id, isID := yaku.FromMjlog(n)
		if err != nil || !isID {
			return d.errf(event.ErrValue, "yaku: %s is not a Tenhou yaku id", y)
		}
		h := id.Han(!open)
		if h == 0 {
			ok = false
		}
		total += h
		i := 0
		for i < int(w.NYaku) && w.Yaku[i].ID != id {
			i++
		}
		switch {
		case i < int(w.NYaku) && id >= event.YakuDora:
			w.Yaku[i].Han += uint8(h)
		case i < int(w.NYaku):
			ok = false
		default:
			if w.AddYaku(id, h) != nil {
				return d.errf(event.ErrValue, "more than %d yaku", event.MaxYaku)
			}
		}
	}
	if ok && w.Known&event.KnownHan != 0 && total == int(w.Han) {
		w.Known |= event.KnownYaku
	} else {
		if ok {
			d.warn("yaku whose han by Tenhou's table do not add up to the recorded han: the yaku of such wins are left unknown")
		}
		w.NYaku = 0
	}
	return nil
}

// settle reads a hand end's deltas and scores (the scores after it) and
// fills deltas and before where the log gives them or they follow from
// the running scores; it returns the Known bits filled.
func (d *Decoder) settle(v *fastjson.Value, deltas, before *[4]int32) (event.Known, error) {
	var sc [4]int32
	hasS, err := d.scoreList(v, "scores", &sc)
	if err != nil {
		return 0, err
	}
	hasD, err := d.scoreList(v, "deltas", deltas)
	if err != nil {
		return 0, err
	}
	return d.settleScores(&sc, hasS, deltas, hasD, before), nil
}

// settleScores is settle once the scores after the hand end (sc, when
// hasS) and the deltas (when hasD) are read.
func (d *Decoder) settleScores(scores *[4]int32, hasS bool, deltas *[4]int32, hasD bool, before *[4]int32) event.Known {
	sc := *scores
	var k event.Known
	switch {
	case hasS && hasD:
		for i := range sc {
			before[i] = sc[i] - deltas[i]
		}
		k = event.KnownDeltas | event.KnownBefore
		if d.startPending {
			d.resolveStart(before)
		}
	case hasD:
		k = event.KnownDeltas
		if d.runningKnown {
			*before = d.running
			for i := range sc {
				sc[i] = before[i] + deltas[i]
			}
			k |= event.KnownBefore
			hasS = true
		}
	case hasS:
		if d.runningKnown {
			*before = d.running
			for i := range sc {
				deltas[i] = sc[i] - before[i]
			}
			k = event.KnownDeltas | event.KnownBefore
		}
	}
	if hasS {
		d.running, d.runningKnown = sc, true
		d.startPending = false
	} else {
		// The hand's payments are not recorded: the next hand's scores
		// must come from its start_kyoku.
		d.runningKnown = false
	}
	if k&event.KnownDeltas == 0 {
		*deltas = [4]int32{}
	}
	return k
}

// ryukyokuKind maps a ryukyoku reason to its kind: mjai's names, and the
// single-object variant's (Tenhou's RYUUKYOKU types, howanpai).
func ryukyokuKind(b []byte) (event.RyuukyokuKind, bool) {
	switch string(b) {
	case "fanpai", "howanpai", "ryukyoku", "exhaustive":
		return event.Exhaustive, true
	case "kyushukyuhai", "kyuushukyuuhai", "yao9":
		return event.NineTerminals, true
	case "sufonrenta", "suufonrenda", "kaze4":
		return event.FourWinds, true
	case "suchareach", "suuchariichi", "reach4":
		return event.FourRiichi, true
	case "sanchaho", "sanchahou", "ron3":
		return event.TripleRon, true
	case "sukaikan", "suukaikan", "suukansanra", "kan4":
		return event.FourKans, true
	case "nagashimangan", "nm":
		return event.Nagashi, true
	}
	return 0, false
}

func (d *Decoder) ryukyoku(v *fastjson.Value) error {
	if err := d.ready("ryukyoku"); err != nil {
		return err
	}
	var r event.RyuukyokuRecord
	r.Kind = event.Unrecorded
	if x := v.Get("reason"); x != nil && x.Type() != fastjson.TypeNull {
		b, err := x.StringBytes()
		if err != nil {
			return d.errf(event.ErrValue, "reason %s is not a string", x)
		}
		k, ok := ryukyokuKind(b)
		if ok {
			r.Kind = k
		} else {
			d.warn("unknown ryukyoku reason %q: its kind is left unrecorded", b)
		}
	}
	if x := v.Get("tehais"); x != nil && x.Type() != fastjson.TypeNull {
		a, err := x.Array()
		if err != nil || (len(a) != d.players && len(a) != 4) {
			return d.errf(event.ErrValue, "tehais is not a list of %d hands", d.players)
		}
		for s, y := range a {
			if s >= d.players {
				if h, _ := y.Array(); len(h) > 0 {
					return d.errf(event.ErrValue, "tehais: a hand for seat %d in a three-player game", s)
				}
				continue
			}
			hidden, hiddenPos := d.hidden, d.hiddenPos
			n, err := d.tiles(y, "tehais", r.Hands[s][:], true)
			if err != nil {
				return err
			}
			shown := 0
			for _, t := range r.Hands[s][:n] {
				if t != tile.None {
					shown++
				}
			}
			// A hand of "?" is a hand not shown, not a hidden tile.
			if shown == 0 {
				d.hidden, d.hiddenPos = hidden, hiddenPos
				r.Hands[s] = [14]tile.Tile{}
				continue
			}
			if shown != n {
				return d.errf(event.ErrValue, "tehais: seat %d's hand is partly hidden", s)
			}
			r.Revealed[s] = true
			r.HandLen[s] = uint8(n)
		}
		r.Known |= event.KnownHand
	}
	if x := v.Get("tenpais"); x != nil && x.Type() != fastjson.TypeNull {
		a, err := x.Array()
		if err != nil || (len(a) != d.players && len(a) != 4) {
			return d.errf(event.ErrValue, "tenpais is not a list of %d booleans", d.players)
		}
		for s, y := range a {
			b, err := y.Bool()
			if err != nil {
				return d.errf(event.ErrValue, "tenpais: %s is not a boolean", y)
			}
			if s < d.players {
				r.Tenpai[s] = event.FlagOf(b)
			}
		}
	}
	known, err := d.settle(v, &r.Deltas, &r.Before)
	if err != nil {
		return err
	}
	r.Known |= known
	d.drawnHand(&r)
	return nil
}

// drawnHand ends the hand without a winner, as r records it.
func (d *Decoder) drawnHand(r *event.RyuukyokuRecord) {
	g := d.g
	g.Ryuukyoku = append(g.Ryuukyoku, *r)
	d.emit(event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(g.Ryuukyoku) - 1)})
	d.inHand, d.over, d.lastHora = false, true, false
}
