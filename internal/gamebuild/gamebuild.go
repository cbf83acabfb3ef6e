// Package gamebuild writes small synthetic games for tests: hands and tiles
// in mpsz notation, turns as "seat:draw:discard", and wins and draws with
// the values a test needs. Games it builds carry no tile ids.
//
// It is a test helper: only tests import it.
package gamebuild

import (
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Builder appends events to a game. Methods return the Builder so calls
// chain; a malformed tile string fails the test.
type Builder struct {
	t testing.TB
	G *event.Game
}

// New starts a game of the given number of players (Tenhou platform,
// tenhou6 format, East-South length, with the given starting points).
func New(t testing.TB, players int) *Builder {
	g := &event.Game{}
	g.Meta = event.Meta{Format: event.FormatTenhou6, Platform: event.Tenhou, Players: int8(players), Length: event.EastSouth,
		Rules: event.Rules{RedFives: [3]int8{1, 1, 1}, TenhouType: -1, TenhouLobby: -1}}
	g.Events = append(g.Events, event.Event{Type: event.GameStart, Seat: event.NoSeat, From: event.NoSeat})
	return &Builder{t, g}
}

// Tiles parses mpsz.
func (b *Builder) Tiles(s string) []tile.Tile {
	b.t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		b.t.Fatal(err)
	}
	return ts
}

// Tile parses one tile.
func (b *Builder) Tile(s string) tile.Tile { b.t.Helper(); return b.Tiles(s)[0] }

// Round starts a hand: wind (0 East), number (1-4), honba, sticks, the
// dealer, the scores and the 13-tile hands.
func (b *Builder) Round(wind, number, honba, sticks int, dealer event.Seat, scores [4]int32, hands ...string) *Builder {
	b.t.Helper()
	r := event.Round{Wind: int8(wind), Number: int8(number), Honba: int16(honba), Sticks: int16(sticks), Dealer: dealer, Scores: scores, Dora: b.Tile("1z")}
	for s, h := range hands {
		ts := b.Tiles(h)
		if len(ts) != 13 {
			b.t.Fatalf("hand %q has %d tiles", h, len(ts))
		}
		copy(r.Hands[s][:], ts)
	}
	b.G.Events = append(b.G.Events, event.Event{Type: event.RoundStart, Seat: dealer, From: event.NoSeat, Ref: int32(len(b.G.Rounds))})
	b.G.Rounds = append(b.G.Rounds, r)
	return b
}

// Add appends an event (From defaults to NoSeat except for calls).
func (b *Builder) Add(e event.Event) *Builder {
	if e.From == 0 && e.Type != event.Call {
		e.From = event.NoSeat
	}
	b.G.Events = append(b.G.Events, e)
	return b
}

// Draw appends a draw.
func (b *Builder) Draw(s event.Seat, t string) *Builder {
	return b.Add(event.Event{Type: event.Draw, Seat: s, Tile: b.Tile(t)})
}

// Discard appends a discard (tsumogiri unknown).
func (b *Builder) Discard(s event.Seat, t string) *Builder {
	return b.Add(event.Event{Type: event.Discard, Seat: s, Tile: b.Tile(t), Flags: event.TsumogiriUnknown})
}

// Turns plays draw-and-discard turns written "seat:draw:discard",
// separated by spaces.
func (b *Builder) Turns(s string) *Builder {
	for _, turn := range strings.Fields(s) {
		p := strings.Split(turn, ":")
		seat := event.Seat(p[0][0] - '0')
		b.Draw(seat, p[1]).Discard(seat, p[2])
	}
	return b
}

// Riichi declares riichi for s, discards t, and pays the stick.
func (b *Builder) Riichi(s event.Seat, draw, t string) *Builder {
	return b.Draw(s, draw).Add(event.Event{Type: event.Riichi, Seat: s}).Discard(s, t).Add(event.Event{Type: event.RiichiAccepted, Seat: s, Ref: -1})
}

// Meld appends a call, closed kan or added kan.
func (b *Builder) Meld(s event.Seat, typ event.Type, kind event.MeldKind, from event.Seat, tiles string, called int) *Builder {
	ts := b.Tiles(tiles)
	m := event.Meld{Kind: kind, From: from, N: uint8(len(ts)), Called: int8(called)}
	copy(m.Tiles[:], ts)
	e := event.Event{Type: typ, Seat: s, From: from, Meld: m}
	if called >= 0 {
		e.Tile = ts[called]
	}
	if typ == event.AddedKan {
		e.Tile = ts[len(ts)-1]
	}
	return b.Add(e)
}

// Win appends a win with its record; deltas are the recorded score
// changes. han and fu are recorded with Known bits; yaku may be nil.
func (b *Builder) Win(winner, from event.Seat, t string, han, fu int, deltas [4]int32, yaku ...event.Yaku) *Builder {
	w := event.WinRecord{Winner: winner, From: from, Liable: event.NoSeat, WinTile: b.Tile(t),
		Han: int16(han), Fu: int16(fu), Deltas: deltas, Known: event.KnownHan | event.KnownFu | event.KnownDeltas}
	for _, y := range yaku {
		w.Yaku[w.NYaku] = y
		w.NYaku++
	}
	if len(yaku) > 0 {
		w.Known |= event.KnownYaku
	}
	b.G.Wins = append(b.G.Wins, w)
	return b.Add(event.Event{Type: event.Win, Seat: winner, From: from, Tile: w.WinTile, Ref: int32(len(b.G.Wins) - 1)})
}

// Ryuukyoku appends a hand end without a winner.
func (b *Builder) Ryuukyoku(kind event.RyuukyokuKind, deltas [4]int32) *Builder {
	b.G.Ryuukyoku = append(b.G.Ryuukyoku, event.RyuukyokuRecord{Kind: kind, Deltas: deltas, Known: event.KnownDeltas})
	return b.Add(event.Event{Type: event.Ryuukyoku, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(b.G.Ryuukyoku) - 1)})
}

// End appends the recorded game end.
func (b *Builder) End(scores [4]int32, points [4]float64) *Builder {
	b.G.End = append(b.G.End, event.EndRecord{Scores: scores, Points: points, Known: event.KnownScores | event.KnownPoints2})
	return b.Add(event.Event{Type: event.GameEnd, Seat: event.NoSeat, From: event.NoSeat, Ref: int32(len(b.G.End) - 1)})
}

// Exhaust plays turns in which each seat draws and discards the same
// tile, tiles[seat] (default "5m" in four-player, "5p" in sanma, so that
// nobody's river qualifies for nagashi), from seat `from` until the live
// wall, after `drawn` draws, is empty.
func (b *Builder) Exhaust(from event.Seat, drawn, players int, tiles ...string) *Builder {
	live, fill := 70, "5m"
	if players == 3 {
		live, fill = 55, "5p"
	}
	s := int(from)
	for range live - drawn {
		t := fill
		if s < len(tiles) && tiles[s] != "" {
			t = tiles[s]
		}
		b.Draw(event.Seat(s), t).Discard(event.Seat(s), t)
		s = (s + 1) % players
	}
	return b
}
