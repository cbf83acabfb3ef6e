package wall

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Walls a log records (Mahjong Soul's paishan: event.Round.Wall, laid out
// as its WallForm says; docs/majsoul-formats.md §2.13). There is no seed:
// the hand is checked against the wall its own record holds, and that wall
// against the hash the platform published for it before the hand.
//
// The layout, from the front of the whole wall (event.WallWhole; the wall
// after the deal, event.WallAfterDeal, starts at the first live draw):
//
//   - the deal, 13×players+1 tiles: four to each seat from the dealer's,
//     three times round, then one each, then the dealer's fourteenth;
//   - the live draws, in order; a hand has 69 (54 in three-player games)
//     draws in all, live and replacement: each replacement draw takes one
//     from the live draws' end;
//   - from the end backwards: the replacement tiles (4; 8 in three-player
//     games, for kans and kita), then the dora indicator (the 5th tile from
//     the end; the 9th), its ura (the 6th; the 10th), and each kan's
//     indicator and ura two tiles further in.

// recordedWalls reports whether some hand of g records its wall in a
// layout that Check reads.
func recordedWalls(g *event.Game) bool {
	for i := range g.Rounds {
		if g.Rounds[i].WallForm != event.WallOther && len(g.Rounds[i].Wall) > 0 {
			return true
		}
	}
	return false
}

// recordedHand is the state of a hand checked against its recorded wall.
type recordedHand struct {
	w          []tile.Tile
	players    int
	liveStart  int  // index in w of the first live draw
	draws      int  // live and replacement draws a hand has in all (69, 54)
	replSlots  int  // replacement tiles at the end (4, 8)
	doraBack   int  // the dora indicator is w[len(w)-doraBack] (5, 9)
	dealerDraw bool // the dealer's first draw, the deal's fourteenth tile, is still to come
	discarded  bool // a discard was made in the hand
	dealer     event.Seat
	hand       *event.Round
}

// recordedStart prepares the check of the hand whose RoundStart is event
// i against its recorded wall, and checks the wall's hash and the deal
// that does not wait for the dealer's first draw.
func (c *Checker) recordedStart(i int) {
	ref := int(c.g.Events[i].Ref)
	if ref < 0 || ref >= len(c.g.Rounds) {
		return
	}
	r := &c.g.Rounds[ref]
	hr := &c.res.Hands[ref]
	if r.WallForm == event.WallOther || len(r.Wall) == 0 {
		hr.Reason = ReasonNoSeed
		return
	}
	c.hs = handState{hand: ref, event: i}
	hr.Stream, hr.Status = 0, Checked
	p := c.res.Players
	rh := &c.rec
	*rh = recordedHand{w: r.Wall, players: p, draws: 69, replSlots: 4, doraBack: 5, dealer: r.Dealer, hand: r, dealerDraw: true}
	if p == 3 {
		rh.draws, rh.replSlots, rh.doraBack = 54, 8, 9
	}
	if r.WallForm == event.WallWhole {
		rh.liveStart = 13*p + 1
	}
	c.checkHash(r, i)
	if len(r.Wall) != rh.liveStart+rh.draws+14 {
		// Not the length of its layout (the decoder names the layout by
		// the length, so a record built otherwise): only the hash.
		c.mismatch(iDeal, i, event.NoSeat, "the recorded wall has "+strconv.Itoa(len(r.Wall))+" tiles, not the "+
			strconv.Itoa(rh.liveStart+rh.draws+14)+" of its layout: its tiles cannot be placed", "", "")
		c.hs.hand = -1
		return
	}
	if d, ok := rh.at(len(rh.w) - rh.doraBack); ok && d != r.Dora {
		c.mismatch(iDora, i, event.NoSeat, "the first dora indicator differs from the recorded wall's", tileText(d), tileText(r.Dora))
	}
	if r.Dealer < 0 || int(r.Dealer) >= p {
		c.mismatch(iDeal, i, event.NoSeat, "dealer seat "+strconv.Itoa(int(r.Dealer))+" is not a seat of the game: the deal cannot be checked", "", "")
		rh.dealerDraw = false
		return
	}
	if r.WallForm == event.WallWhole {
		for s := range p {
			if event.Seat(s) != r.Dealer {
				c.checkDeal(event.Seat(s), i, tile.None)
			}
		}
	}
}

// at returns w[k], or false when k is not in the wall.
func (rh *recordedHand) at(k int) (tile.Tile, bool) {
	if k < 0 || k >= len(rh.w) {
		return tile.None, false
	}
	return rh.w[k], true
}

// deal returns seat s's tiles of the whole wall's deal (13, the dealer's
// 14, its fourteenth last) in dst.
func (rh *recordedHand) deal(s event.Seat, dst []tile.Tile) []tile.Tile {
	p := rh.players
	k := (int(s) - int(rh.dealer) + p) % p // the seat's place in the deal
	for round := range 3 {
		start := round*4*p + 4*k
		dst = append(dst, rh.w[start:start+4]...)
	}
	dst = append(dst, rh.w[12*p+k])
	if s == rh.dealer {
		dst = append(dst, rh.w[13*p])
	}
	return dst
}

// checkDeal compares seat s's starting hand (with drawn, the dealer's
// first draw, when not tile.None) with its tiles of the deal, as sets:
// records list hands in deal order or sorted.
func (c *Checker) checkDeal(s event.Seat, ev int, drawn tile.Tile) {
	rh := &c.rec
	var buf [14]tile.Tile
	want := rh.deal(s, buf[:0])
	got := append([]tile.Tile(nil), rh.hand.Hands[s][:]...)
	if drawn != tile.None {
		got = append(got, drawn)
	} else if s == rh.dealer {
		want = want[:13] // the fourteenth is not known: the dealer did not draw first
	}
	if sameTiles(want, got) {
		return
	}
	c.mismatch(iDeal, ev, s, "seat "+strconv.Itoa(int(s))+"'s starting hand is not its deal from the recorded wall",
		tile.FormatTiles(sortedTiles(want)), tile.FormatTiles(sortedTiles(got)))
}

// sameTiles reports whether a and b hold the same tiles (red fives apart).
func sameTiles(a, b []tile.Tile) bool {
	if len(a) != len(b) {
		return false
	}
	var n [256]int
	for _, t := range a {
		n[byte(t)]++
	}
	for _, t := range b {
		n[byte(t)]--
	}
	for _, v := range n {
		if v != 0 {
			return false
		}
	}
	return true
}

// sortedTiles returns a sorted copy of ts.
func sortedTiles(ts []tile.Tile) []tile.Tile {
	out := slices.Clone(ts)
	slices.SortFunc(out, tile.Compare)
	return out
}

// checkHash compares the hand's published wall hash with the hash of the
// wall its record holds: md5 of the paishan as written; sha256 of the
// paishan followed by the salt. (The salt's own hash, saltSha256, is not
// compared: docs/majsoul-formats.md §2.13.)
func (c *Checker) checkHash(r *event.Round, ev int) {
	h := &r.WallHash
	var got, what string
	switch h.Algo {
	case event.HashMD5:
		sum := md5.Sum([]byte(h.Text))
		got, what = hex.EncodeToString(sum[:]), "the MD5 of the recorded wall"
	case event.HashSHA256:
		sum := sha256.Sum256([]byte(h.Text + h.Salt))
		got, what = hex.EncodeToString(sum[:]), "the SHA-256 of the recorded wall followed by its salt"
	default:
		return
	}
	if !strings.EqualFold(got, strings.TrimSpace(h.Digest)) {
		c.emit(Mismatch{Check: check.WallHash, Hand: c.hs.hand, Round: r.ID(), Event: ev, Seat: event.NoSeat,
			Message: "the wall's published " + h.Algo.String() + " hash is not " + what, Expected: got, Recorded: h.Digest})
	}
}

// recordedDraw checks a live or replacement draw against the recorded
// wall.
func (c *Checker) recordedDraw(i int, e *event.Event) {
	rh := &c.rec
	hs := &c.hs
	if rh.dealerDraw && !rh.discarded && e.Seat == rh.dealer && e.Flags&event.Replacement == 0 {
		// The dealer's fourteenth tile: part of the deal.
		rh.dealerDraw = false
		if rh.hand.WallForm == event.WallWhole && e.Tile.Valid() {
			c.checkDeal(rh.dealer, i, e.Tile)
		}
		return
	}
	rh.dealerDraw = false
	if e.Flags&event.Replacement != 0 {
		k := hs.repl
		hs.repl++
		want, ok := rh.at(len(rh.w) - 1 - k)
		switch {
		case k >= rh.replSlots:
			c.mismatch(iReplacement, i, e.Seat, "replacement draw "+strconv.Itoa(k+1)+", but the dead wall holds "+strconv.Itoa(rh.replSlots), "", tileText(e.Tile))
		case ok && want != e.Tile:
			c.mismatch(iReplacement, i, e.Seat, "replacement draw "+strconv.Itoa(k+1)+" differs from the recorded wall's", tileText(want), tileText(e.Tile))
		}
		return
	}
	k := hs.live
	hs.live++
	if k >= rh.draws-hs.repl {
		if !hs.past {
			hs.past = true
			c.mismatch(iHaitei, i, e.Seat, "live draw "+strconv.Itoa(k+1)+" after the last live tile (the recorded wall has "+
				strconv.Itoa(rh.draws-hs.repl)+" live draws with "+strconv.Itoa(hs.repl)+" replacement draws)", "", tileText(e.Tile))
		}
		return
	}
	if want := rh.w[rh.liveStart+k]; want != e.Tile {
		c.mismatch(iDraw, i, e.Seat, "live draw "+strconv.Itoa(k+1)+" differs from the recorded wall's", tileText(want), tileText(e.Tile))
	}
}

// recordedDora checks a revealed kan dora indicator.
func (c *Checker) recordedDora(i int, e *event.Event) {
	rh := &c.rec
	c.hs.kanDora++
	k := c.hs.kanDora
	want, ok := rh.at(len(rh.w) - rh.doraBack - 2*k)
	switch {
	case !ok || k > 4:
		c.mismatch(iDora, i, event.NoSeat, "kan dora indicator "+strconv.Itoa(k)+", but the dead wall holds 4", "", tileText(e.Tile))
	case want != e.Tile:
		c.mismatch(iDora, i, event.NoSeat, "kan dora indicator "+strconv.Itoa(k)+" differs from the recorded wall's", tileText(want), tileText(e.Tile))
	}
}

// recordedWin checks the dora and ura indicators a win lists.
func (c *Checker) recordedWin(i int, e *event.Event) {
	ref := int(e.Ref)
	if ref < 0 || ref >= len(c.g.Wins) {
		return
	}
	rh := &c.rec
	wr := &c.g.Wins[ref]
	if wr.Known&event.KnownDora != 0 {
		for k, t := range wr.DoraList() {
			if want, ok := rh.at(len(rh.w) - rh.doraBack - 2*k); ok && want != t {
				c.mismatch(iDora, i, wr.Winner, "the win's dora indicator "+strconv.Itoa(k+1)+" differs from the recorded wall's", tileText(want), tileText(t))
			}
		}
	}
	if wr.Known&event.KnownUra != 0 {
		for k, t := range wr.UraList() {
			if want, ok := rh.at(len(rh.w) - rh.doraBack - 1 - 2*k); ok && want != t {
				c.mismatch(iUra, i, wr.Winner, "the win's ura indicator "+strconv.Itoa(k+1)+" differs from the recorded wall's", tileText(want), tileText(t))
			}
		}
	}
}

// recordedEnd checks that an exhaustive draw (or nagashi mangan) comes
// right after the recorded wall's last live tile.
func (c *Checker) recordedEnd(i int, e *event.Event) {
	if !c.exhaustive(e) {
		return
	}
	rh := &c.rec
	hs := &c.hs
	if n := rh.draws - hs.repl; hs.live != n && !hs.past {
		c.mismatch(iHaitei, i, event.NoSeat, "exhaustive draw after "+strconv.Itoa(hs.live)+" live draws, but the recorded wall has "+
			strconv.Itoa(n)+" with "+strconv.Itoa(hs.repl)+" replacement draws", strconv.Itoa(n), strconv.Itoa(hs.live))
	}
}

// tileText writes a tile in mpsz ("0p"), "?" for none.
func tileText(t tile.Tile) string {
	if t == tile.None || !t.Valid() {
		return "?"
	}
	return t.String()
}
