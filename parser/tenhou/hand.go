package tenhou

import (
	"bytes"
	"fmt"
	"math"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// init handles INIT, a hand's start: it reads the attributes and leaves
// the checks to initRound.
func (d *Decoder) init() error {
	s := &d.sc
	if !d.sawGO {
		return fmt.Errorf("INIT before GO: %w", event.ErrValue)
	}
	d.hand++
	var v initValues
	var tenV, oyaV, chipV []byte
	var haiV [4][]byte
	var hasHai [4]bool
	for _, a := range s.attrs {
		name, val := s.bytesOf(a.name), s.bytesOf(a.value)
		switch string(name) {
		case "seed":
			v.seedV = val
		case "ten":
			tenV = val
		case "oya":
			oyaV = val
		case "hai0", "hai1", "hai2", "hai3":
			haiV[name[3]-'0'], hasHai[name[3]-'0'] = val, true
		case "chip":
			chipV = val
		case "shuffle":
			v.shuffle, v.hasShuffle = val, true
		}
	}
	if v.seedV == nil {
		return fmt.Errorf("INIT without seed: %w", event.ErrSyntax)
	}
	nf, err := d.seed(&v)
	if err != nil {
		return err
	}
	if nf != 6 {
		return fmt.Errorf("INIT seed=%q has %d fields, want 6: %w", v.seedV, nf, event.ErrValue)
	}
	if oyaV == nil {
		return fmt.Errorf("INIT without oya: %w", event.ErrSyntax)
	}
	v.oyaV = oyaV
	var ok bool
	if v.oya, ok = parseUint(oyaV); !ok {
		v.oya = -1
	}
	if tenV == nil {
		return fmt.Errorf("INIT without ten: %w", event.ErrSyntax)
	}
	if _, err := d.list(tenV, 4, 4); err != nil {
		return fmt.Errorf("INIT ten: %w", err)
	}
	copy(v.ten[:], d.ints[:4])
	for p := range 4 {
		if p >= d.players {
			if len(bytes.TrimSpace(haiV[p])) > 0 {
				return fmt.Errorf("INIT hai%d: a hand for seat %d in a three-player game: %w", p, p, event.ErrValue)
			}
			continue
		}
		if !hasHai[p] {
			return fmt.Errorf("INIT without hai%d: %w", p, event.ErrSyntax)
		}
		if _, err := d.list(haiV[p], 13, 13); err != nil {
			return fmt.Errorf("INIT hai%d: %w", p, err)
		}
		copy(v.hai[p][:], d.ints[:13])
	}
	if chipV != nil {
		if _, err := d.list(chipV, 4, 4); err != nil {
			return fmt.Errorf("INIT chip: %w", err)
		}
		copy(v.chip[:], d.ints[:4])
		v.hasChip = true
	}
	return d.initRound(&v)
}

// seed reads v.seedV, INIT's seed: round, honba, sticks, die 1 - 1, die 2 -
// 1, dora indicator. It returns how many fields it read, and sets v.seed
// and v.dice. Simulators write the dice as empty fields: a seed that is not
// a list of six numbers is split at its commas instead, each field trimmed
// as bytes.TrimSpace does, and each die may be empty.
func (d *Decoder) seed(v *initValues) (int, error) {
	v.dice = [2]bool{true, true}
	nf, fault := valueList(v.seedV, d.ints[:6])
	if fault == 0 && nf == 6 {
		copy(v.seed[:], d.ints[:6])
		return nf, nil
	}
	v.dice, nf = [2]bool{}, 0
	for f := range bytes.SplitSeq(v.seedV, []byte(",")) {
		f = bytes.TrimSpace(f)
		if nf == 6 {
			return nf, fmt.Errorf("INIT seed=%q has more than 6 fields: %w", v.seedV, event.ErrValue)
		}
		if len(f) == 0 && (nf == 3 || nf == 4) {
			nf++
			continue
		}
		x, ok := parseInt(f)
		if !ok {
			return nf, fmt.Errorf("INIT seed=%q: field %d is not an integer: %w", v.seedV, nf+1, event.ErrValue)
		}
		if nf == 3 || nf == 4 {
			v.dice[nf-3] = true
		}
		v.seed[nf] = x
		nf++
	}
	return nf, nil
}

// initValues are the values of an INIT's attributes, parsed (the raw seed
// and oya for error messages).
type initValues struct {
	seedV, oyaV []byte
	seed        [6]int
	dice        [2]bool // the seed gave each die
	oya         int     // -1: not a number
	ten         [4]int
	hai         [4][13]int // hai0-hai3, for the seats of the game
	chip        [4]int
	hasChip     bool
	shuffle     []byte
	hasShuffle  bool
}

// initRound starts the hand an INIT describes, once its attributes are
// parsed, and checks them. d.hand is the new hand's index already. It
// changes nothing but d.round when it returns an error.
func (d *Decoder) initRound(v *initValues) error {
	g := d.g
	seed := &v.seed
	var r event.Round
	if seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[1] > math.MaxInt16 || seed[2] < 0 || seed[2] > math.MaxInt16 {
		return fmt.Errorf("INIT seed=%q: round, honba or sticks out of range: %w", v.seedV, event.ErrValue)
	}
	r.Wind, r.Number = int8(seed[0]/4), int8(seed[0]%4+1)
	r.Honba, r.Sticks = int16(seed[1]), int16(seed[2])
	d.round = r.ID()
	if v.dice[0] != v.dice[1] || seed[3] < 0 || seed[3] > 6 || seed[4] < 0 || seed[4] > 6 {
		return fmt.Errorf("INIT seed=%q: dice out of range: %w", v.seedV, event.ErrValue)
	}
	if v.dice[0] {
		r.Dice = [2]int8{int8(seed[3] + 1), int8(seed[4] + 1)}
		r.Known |= event.KnownDice
	}
	dora, err := d.checkID(seed[5])
	if err != nil {
		return fmt.Errorf("INIT dora indicator: %w", err)
	}
	r.Dora, r.DoraID = d.faces[dora], dora
	switch oya := v.oya; {
	case oya < 0 || oya >= d.players:
		return fmt.Errorf("INIT oya=%q is not a seat of a %d-player game: %w", v.oyaV, d.players, event.ErrValue)
	case oya != seed[0]%4:
		return fmt.Errorf("INIT oya=%d but round %d has dealer %d: %w", oya, seed[0], seed[0]%4, event.ErrValue)
	}
	r.Dealer = event.Seat(v.oya)
	for i, x := range v.ten {
		r.Scores[i] = int32(x) * 100
	}
	var seen [(tile.NumIDs + 63) / 64]uint64 // a bit per tile id
	seen[dora>>6] = 1 << (dora & 63)
	for p := range d.players {
		hand, ids := &r.Hands[p], &r.HandIDs[p]
		for i, x := range &v.hai[p] {
			face := d.face(x)
			if face == tile.None {
				_, err := d.checkID(x)
				return fmt.Errorf("INIT hai%d: %w", p, err)
			}
			w, bit := uint(x)>>6, uint64(1)<<(uint(x)&63)
			if seen[w]&bit != 0 {
				return fmt.Errorf("INIT hai%d: tile id %d dealt twice: %w", p, x, event.ErrValue)
			}
			seen[w] |= bit
			hand[i], ids[i] = face, tile.ID(x)
		}
	}
	if v.hasChip {
		for i, x := range v.chip {
			r.Chips[i] = int32(x)
		}
		r.Known |= event.KnownChips
	}
	if v.hasShuffle {
		r.Shuffle = string(unescape(v.shuffle))
	}
	d.lastDraw = [4]int16{-1, -1, -1, -1}
	d.pendRepl = [4]bool{}
	if d.hand == 0 {
		g.Meta.StartingPoints = r.Scores[0]
	}
	g.Events = append(g.Events, event.Event{Type: event.RoundStart, Seat: r.Dealer, From: event.NoSeat, Ref: int32(len(g.Rounds)),
		Pos: event.Pos{Offset: int32(d.sc.start), Index: int32(d.sc.index)}})
	g.Rounds = append(g.Rounds, r)
	return nil
}

// draw handles a draw tag such as <T52/>: seat drew tile id num.
func (d *Decoder) draw(seat event.Seat, num int) error {
	if err := d.needHand("draw"); err != nil {
		return err
	}
	if err := d.checkSeat(seat); err != nil {
		return err
	}
	id, err := d.checkID(num)
	if err != nil {
		return err
	}
	e := event.Event{Type: event.Draw, Seat: seat, From: event.NoSeat, Tile: id.Tile(d.reds), ID: id}
	if d.pendRepl[seat] {
		e.Flags |= event.Replacement
		d.pendRepl[seat] = false
	}
	d.lastDraw[seat] = int16(id)
	d.emit(e)
	return nil
}

// discard handles a discard tag such as <D52/>: seat discarded tile id
// num.
func (d *Decoder) discard(seat event.Seat, num int) error {
	if err := d.needHand("discard"); err != nil {
		return err
	}
	if err := d.checkSeat(seat); err != nil {
		return err
	}
	id, err := d.checkID(num)
	if err != nil {
		return err
	}
	e := event.Event{Type: event.Discard, Seat: seat, From: event.NoSeat, Tile: id.Tile(d.reds), ID: id}
	if d.lastDraw[seat] == int16(id) {
		e.Flags |= event.Tsumogiri
	}
	d.lastDraw[seat] = -1
	d.emit(e)
	return nil
}

// dora handles DORA: a new dora indicator after a kan.
func (d *Decoder) dora() error {
	if err := d.needHand("DORA"); err != nil {
		return err
	}
	v, ok := d.sc.attr("hai")
	if !ok {
		return fmt.Errorf("DORA without hai: %w", event.ErrSyntax)
	}
	id, err := d.tileID(v)
	if err != nil {
		return err
	}
	d.emit(event.Event{Type: event.Dora, Seat: event.NoSeat, From: event.NoSeat, Tile: id.Tile(d.reds), ID: id})
	return nil
}
