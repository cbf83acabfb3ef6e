package tenhou

import (
	"fmt"

	"github.com/haifu/haifu/event"
)

// call handles N: seat who's call, kan or kita, given by its meld code m.
func (d *Decoder) call() error {
	if err := d.needHand("N"); err != nil {
		return err
	}
	who, err := d.seatAttr("who")
	if err != nil {
		return err
	}
	v, ok := d.sc.attr("m")
	if !ok {
		return fmt.Errorf("N without m: %w", event.ErrSyntax)
	}
	code, ok := parseUint(v)
	if !ok {
		return fmt.Errorf("N m=%q: %w", v, event.ErrSyntax)
	}
	return d.meld(who, code)
}

// meld decodes the meld code of seat who's call and emits its event. It
// changes nothing when it returns an error.
func (d *Decoder) meld(who event.Seat, code int) error {
	dm, err := decodeMeld(code, who, d.players, d.reds)
	if err != nil {
		return fmt.Errorf("%v: %w", err, event.ErrValue)
	}
	e := event.Event{Type: dm.typ, Seat: who, From: dm.meld.From, Meld: dm.meld}
	if dm.typ != event.ClosedKan {
		e.Tile, e.ID = dm.tileID.Tile(d.reds), dm.tileID
	}
	switch dm.typ {
	case event.Call:
		if dm.meld.Kind == event.MeldOpenKan {
			d.pendRepl[who] = true
		}
	case event.ClosedKan, event.AddedKan, event.Kita:
		d.pendRepl[who] = true
	}
	d.lastDraw[who] = -1
	d.emit(e)
	return nil
}

// reach handles REACH: step 1 declares riichi, step 2 is its acceptance,
// with the scores after the deposit.
func (d *Decoder) reach() error {
	if err := d.needHand("REACH"); err != nil {
		return err
	}
	who, err := d.seatAttr("who")
	if err != nil {
		return err
	}
	step, _ := d.sc.attr("step")
	ten, hasTen := d.sc.attr("ten")
	var sc [4]int32
	if hasTen && string(step) == "2" {
		if err := d.scores(ten, &sc); err != nil {
			return fmt.Errorf("REACH ten: %w", err)
		}
	}
	return d.riichi(who, step, &sc, hasTen)
}

// riichi emits seat who's riichi event for the value of REACH's step and,
// when it has a ten attribute (hasTen), the scores sc it gives (in points;
// read for step 2 only). It changes nothing when it returns an error.
func (d *Decoder) riichi(who event.Seat, step []byte, sc *[4]int32, hasTen bool) error {
	switch string(step) {
	case "1":
		d.emit(event.Event{Type: event.Riichi, Seat: who, From: event.NoSeat})
	case "2":
		e := event.Event{Type: event.RiichiAccepted, Seat: who, From: event.NoSeat, Ref: -1}
		if hasTen {
			e.Ref = int32(len(d.g.Scores))
			d.g.Scores = append(d.g.Scores, *sc)
		}
		d.emit(e)
	default:
		return fmt.Errorf("REACH step=%q: %w", step, event.ErrValue)
	}
	return nil
}

// scores reads a list of four scores in hundreds into sc (in points).
func (d *Decoder) scores(v []byte, sc *[4]int32) error {
	n, err := d.list(v, 4, 4)
	if err != nil {
		return err
	}
	for i := range n {
		sc[i] = int32(d.ints[i]) * 100
	}
	return nil
}
