package replay_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/internal/gamebuild"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/tile"
)

const (
	// A complete phoenix hanchan with chi, pon, riichi and rons.
	mainFixture = "mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"
	// A complete sanma hanchan with open and added kans.
	kanFixture = "msanma__2026011617gm-00b9-0000-4033cf97.xml"
)

// realGame decodes a complete real game from the fixtures.
func realGame(t *testing.T, name string) *event.Game {
	t.Helper()
	data, err := corpus.ReadFile(corpus.Fixture(t, "mjlog/"+name))
	if err != nil {
		t.Fatal(err)
	}
	var d tenhou.Decoder
	g := new(event.Game)
	if err := d.Decode(data, "fixture", g); err != nil {
		t.Fatal(err)
	}
	return g
}

func run(g *event.Game) []check.Finding {
	var r replay.Replayer
	r.Options = replay.OptionsFor(&g.Meta)
	return slices.Clone(r.Run(g))
}

func checks(fs []check.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Check.String())
	}
	return out
}

// find returns the index of the n-th event (0-based) matching ok, or fails.
func find(t *testing.T, g *event.Game, n int, ok func(i int, e *event.Event) bool) int {
	t.Helper()
	for i := range g.Events {
		if ok(i, &g.Events[i]) {
			if n == 0 {
				return i
			}
			n--
		}
	}
	t.Fatal("no such event")
	return -1
}

func deleteEvent(g *event.Game, i int) { g.Events = slices.Delete(g.Events, i, i+1) }

// TestMutations breaks a real, legal log in many ways and checks that each
// break is reported under the right check name.
func TestMutations(t *testing.T) {
	for _, f := range []string{mainFixture, kanFixture} {
		if fs := run(realGame(t, f)); len(fs) != 0 {
			t.Fatalf("the unmutated fixture %s has findings: %v", f, fs)
		}
	}
	tests := []struct {
		name    string
		fixture string
		mutate  func(t *testing.T, g *event.Game)
		want    string
	}{
		{"discarded tile not in hand", mainFixture, func(t *testing.T, g *event.Game) {
			i := find(t, g, 10, func(_ int, e *event.Event) bool { return e.Type == event.Discard && e.Flags&event.Tsumogiri == 0 })
			// Give the discard a tile id the seat does not hold: the id of
			// another seat's starting tile.
			e := &g.Events[i]
			other := (e.Seat + 1) % 4
			rd := &g.Rounds[0]
			e.ID = rd.HandIDs[other][0]
			e.Tile = rd.Hands[other][0]
		}, "legality.discard"},
		{"missing draw", mainFixture, func(t *testing.T, g *event.Game) {
			deleteEvent(g, find(t, g, 20, func(_ int, e *event.Event) bool { return e.Type == event.Draw }))
		}, "legality.turn"},
		{"two turns swapped", mainFixture, func(t *testing.T, g *event.Game) {
			i := find(t, g, 0, func(i int, e *event.Event) bool {
				n := g.Events[i:]
				return len(n) > 4 && e.Type == event.Draw && n[1].Type == event.Discard && n[2].Type == event.Draw && n[3].Type == event.Discard && n[2].Seat != e.Seat && i > 30
			})
			ev := g.Events
			ev[i], ev[i+1], ev[i+2], ev[i+3] = ev[i+2], ev[i+3], ev[i], ev[i+1]
		}, "legality.turn"},
		{"chi from the wrong seat", mainFixture, func(t *testing.T, g *event.Game) {
			// A chi taken by the discarder's right-hand neighbour instead.
			i := find(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Call && e.Meld.Kind == event.MeldChi })
			e := &g.Events[i]
			wrong := (e.Meld.From + 3) % 4
			e.Seat = wrong
		}, "legality.chi"},
		{"riichi with fewer than 1000 points", mainFixture, func(t *testing.T, g *event.Game) {
			i := find(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Riichi })
			seat := g.Events[i].Seat
			ri := find(t, g, 0, func(j int, e *event.Event) bool {
				return e.Type == event.RoundStart && j < i && !slices.ContainsFunc(g.Events[j+1:i], func(x event.Event) bool { return x.Type == event.RoundStart })
			})
			g.Rounds[g.Events[ri].Ref].Scores[seat] = 900
		}, "legality.riichi"},
		{"win with an incomplete hand", mainFixture, func(t *testing.T, g *event.Game) {
			i := find(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Win && e.From != e.Seat })
			w := &g.Wins[g.Events[i].Ref]
			// Credit the win to a seat that is neither the winner nor the
			// discarder.
			for s := event.Seat(0); s < 4; s++ {
				if s != w.Winner && s != w.From {
					w.Winner = s
					break
				}
			}
			g.Events[i].Seat = w.Winner
		}, "legality.win"},
		{"ron on a tile that was not discarded", mainFixture, func(t *testing.T, g *event.Game) {
			i := find(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Win && e.From != e.Seat })
			w := &g.Wins[g.Events[i].Ref]
			w.WinTile = tile.Of((w.WinTile.Kind() + 1) % tile.NumKinds)
			w.WinID = tile.ID(int(w.WinTile.Kind()) * 4)
		}, "legality.win"},
		{"riichi discard that is not the drawn tile", mainFixture, func(t *testing.T, g *event.Game) {
			// After the riichi stick is paid, replace the seat's next
			// discard with another tile of its hand (compared by face).
			i := find(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.RiichiAccepted })
			seat := g.Events[i].Seat
			j := find(t, g, 0, func(j int, e *event.Event) bool { return j > i && e.Type == event.Discard && e.Seat == seat })
			g.Meta.TileIDs = false
			var r replay.Replayer
			r.Options = replay.OptionsFor(&g.Meta)
			r.Start(g)
			for k := range j {
				r.Apply(k)
			}
			ss := r.State().Seats[seat]
			for _, tl := range ss.Tiles() {
				if tl != ss.Drawn {
					g.Events[j].Tile = tl
					return
				}
			}
			t.Fatal("no other tile in hand")
		}, "legality.riichi_discard"},
		{"dora revealed after the discard", kanFixture, func(t *testing.T, g *event.Game) {
			i := find(t, g, 0, func(i int, e *event.Event) bool {
				return e.Type == event.Dora && i > 0 && g.Events[i-1].Type == event.Draw && g.Events[i+1].Type == event.Discard
			})
			g.Events[i], g.Events[i+1] = g.Events[i+1], g.Events[i]
		}, "legality.dora"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := realGame(t, tc.fixture)
			tc.mutate(t, g)
			got := checks(run(g))
			if !slices.Contains(got, tc.want) {
				t.Errorf("findings %v do not include %s", got, tc.want)
			}
		})
	}
}

var even = [4]int32{25000, 25000, 25000, 25000}

// Seat 1 waits on 1p-4p (23p); seats 0, 2, 3 hold junk.
const (
	hand0 = "19m19p19s1234567z"
	hand1 = "123456789m23p55s"
	hand2 = "2468m2468p2468s1z"
	hand3 = "3579m3579p3579s2z"
)

func TestSyntheticRules(t *testing.T) {
	tests := []struct {
		name  string
		build func(b *gamebuild.Builder)
		want  string // "" = no finding
	}{
		{"legal ron", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z").Draw(1, "9p").Discard(1, "9p").Draw(2, "4p").Discard(2, "4p").Win(1, 2, "4p", 0, 0, [4]int32{})
		}, ""},
		{"ron in permanent furiten", func(b *gamebuild.Builder) {
			// Seat 1 discards 1p (one of its waits) and later rons 4p.
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z").Draw(1, "1p").Discard(1, "1p").Draw(2, "4p").Discard(2, "4p").Win(1, 2, "4p", 0, 0, [4]int32{})
		}, "legality.furiten"},
		{"ron in temporary furiten", func(b *gamebuild.Builder) {
			// Seat 1 lets 1p pass from seat 2, then rons 4p from seat 3 in
			// the same go-round.
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z 1:9p:9p 2:1p:1p 3:4p:4p").Win(1, 3, "4p", 0, 0, [4]int32{})
		}, "legality.furiten"},
		{"ron after the temporary furiten ended", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z 1:9p:9p 2:1p:1p 3:7z:7z 0:7z:7z 1:8p:8p 2:4p:4p").Win(1, 2, "4p", 0, 0, [4]int32{})
		}, ""},
		{"ron in riichi furiten", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z").
				Draw(1, "9p").Add(event.Event{Type: event.Riichi, Seat: 1}).Discard(1, "9p").Add(event.Event{Type: event.RiichiAccepted, Seat: 1, Ref: -1}).
				Turns("2:1p:1p 3:7z:7z 0:7z:7z 1:8p:8p 2:4p:4p").Win(1, 2, "4p", 0, 0, [4]int32{})
		}, "legality.furiten"},
		{"riichi with too few tiles left", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3)
			for range 17 {
				b.Turns("0:7z:7z 1:7z:7z 2:7z:7z 3:7z:7z")
			}
			// 68 draws made, 2 left.
			b.Turns("0:7z:7z").Draw(1, "9p").Add(event.Event{Type: event.Riichi, Seat: 1}).Discard(1, "9p")
		}, "legality.riichi"},
		{"riichi with an open hand", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, "123456789m23p55s", hand2, hand3).Turns("0:5s:5s").
				Meld(1, event.Call, event.MeldPon, 0, "555s", 2).Discard(1, "9m").
				Turns("2:7z:7z 3:7z:7z 0:7z:7z").Draw(1, "8m").Add(event.Event{Type: event.Riichi, Seat: 1}).Discard(1, "8m")
		}, "legality.riichi"},
		{"riichi on a hand that is not tenpai", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z").Draw(1, "9p").Add(event.Event{Type: event.Riichi, Seat: 1}).Discard(1, "2p")
		}, "legality.riichi"},
		{"draw from an empty wall", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3)
			for range 18 {
				b.Turns("0:7z:7z 1:7z:7z 2:7z:7z 3:7z:7z")
			}
		}, "legality.wall"},
		{"fifth kan", func(b *gamebuild.Builder) {
			// Seat 0 holds four quads and makes four closed kans; seat 1 then
			// makes a fifth by an open kan.
			b.Round(0, 1, 0, 0, 0, even, "1111m2222m3333m4z", "5555m6666m777m55z", hand2, hand3).
				Draw(0, "7z").Meld(0, event.ClosedKan, event.MeldClosedKan, event.NoSeat, "1111m", -1).Add(event.Event{Type: event.Dora, Tile: b.Tile("2z")}).
				Draw(0, "7z").Meld(0, event.ClosedKan, event.MeldClosedKan, event.NoSeat, "2222m", -1).Add(event.Event{Type: event.Dora, Tile: b.Tile("2z")}).
				Draw(0, "7z").Meld(0, event.ClosedKan, event.MeldClosedKan, event.NoSeat, "3333m", -1).Add(event.Event{Type: event.Dora, Tile: b.Tile("2z")}).
				Draw(0, "4z").Meld(0, event.ClosedKan, event.MeldClosedKan, event.NoSeat, "4444z", -1).Add(event.Event{Type: event.Dora, Tile: b.Tile("2z")}).
				Draw(0, "7m").Discard(0, "7m").
				Meld(1, event.Call, event.MeldOpenKan, 0, "7777m", 3)
		}, "legality.kan"},
		{"pon from oneself", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, "19m19p19s1234555s", hand1, hand2, hand3).Turns("0:5s:5s").Meld(0, event.Call, event.MeldPon, 0, "555s", 2)
		}, "legality.call"},
		{"chi in three-player", func(b *gamebuild.Builder) {
			b.G.Meta.Players = 3
			b.Round(0, 1, 0, 0, 0, [4]int32{35000, 35000, 35000}, hand0, "1123456789p23s5z", hand2).Turns("0:4p:4p").Meld(1, event.Call, event.MeldChi, 0, "234p", 1)
		}, "legality.chi"},
		{"tsumo with an incomplete hand", func(b *gamebuild.Builder) {
			b.Round(0, 1, 0, 0, 0, even, hand0, hand1, hand2, hand3).Turns("0:9s:1z").Draw(1, "7z").Win(1, 1, "7z", 0, 0, [4]int32{})
		}, "legality.win"},
		{"swap calling", func(b *gamebuild.Builder) {
			// Seat 1 chis 4p with 23p and discards 1p (the other end).
			b.Round(0, 1, 0, 0, 0, even, hand0, "1123456789m123p", hand2, hand3).
				Draw(0, "4p").Discard(0, "4p").Meld(1, event.Call, event.MeldChi, 0, "234p", 2).Discard(1, "1p")
		}, "legality.kuikae"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := gamebuild.New(t, 4)
			tc.build(b)
			var r replay.Replayer
			r.Options = replay.OptionsFor(&b.G.Meta)
			r.Options.NoKuikae = true
			fs := r.Run(b.G)
			got := checks(fs)
			for _, f := range fs {
				if strings.HasPrefix(f.Check.String(), "parse.") {
					t.Errorf("the synthetic game itself is malformed: %+v", f)
				}
			}
			switch {
			case tc.want == "" && len(fs) > 0:
				t.Errorf("unexpected findings: %+v", fs)
			case tc.want != "" && !slices.Contains(got, tc.want):
				t.Errorf("findings %+v do not include %s", fs, tc.want)
			}
		})
	}
}

// TestBadSeats gives events and win records seats that are not seats of
// the game, as a faulty converter might: each must be reported (parse.seat
// for an event, parse.win for a record), never panic.
func TestBadSeats(t *testing.T) {
	acts := []event.Type{event.Draw, event.Discard, event.Riichi, event.RiichiAccepted, event.Call,
		event.ClosedKan, event.AddedKan, event.Kita, event.Disconnect, event.Reconnect}
	for _, seat := range []event.Seat{event.NoSeat, -5, 4, 100} {
		for _, ty := range acts {
			g := realGame(t, mainFixture)
			i := find(t, g, 3, func(i int, e *event.Event) bool { return e.Type == event.Discard })
			g.Events[i].Type, g.Events[i].Seat = ty, seat
			if got := checks(run(g)); !slices.Contains(got, "parse.seat") {
				t.Errorf("%v by seat %d: findings %v, want parse.seat", ty, seat, got)
			}
		}
		for _, field := range []string{"winner", "from"} {
			g := realGame(t, mainFixture)
			if field == "winner" {
				g.Wins[0].Winner = seat
			} else {
				g.Wins[0].From = seat
			}
			if got := checks(run(g)); !slices.Contains(got, "parse.win") {
				t.Errorf("win with %s %d: findings %v, want parse.win", field, seat, got)
			}
		}
	}
}

// TestBadTiles gives events and starting hands values that are not tiles
// (a red East, a red 9s, 0xff), with ids of the same kind so that the
// common-case steps see them first: each must be reported, never panic.
func TestBadTiles(t *testing.T) {
	redEast := tile.Tile(0x40) | tile.New(tile.East, false) // red is for fives only
	redSou9 := tile.Tile(0x40) | tile.New(tile.Sou9, false)
	tests := []struct {
		name string
		set  func(g *event.Game)
	}{
		{"drawn red East", func(g *event.Game) {
			i := find(t, g, 5, func(i int, e *event.Event) bool { return e.Type == event.Draw })
			g.Events[i].Tile, g.Events[i].ID = redEast, tile.ID(4*tile.East)
		}},
		{"discarded 0xff", func(g *event.Game) {
			i := find(t, g, 5, func(i int, e *event.Event) bool { return e.Type == event.Discard })
			g.Events[i].Tile = 0xff
		}},
		{"dealt red 9s", func(g *event.Game) {
			g.Rounds[0].Hands[1][0], g.Rounds[0].HandIDs[1][0] = redSou9, tile.ID(4*tile.Sou9)
		}},
		{"called red East", func(g *event.Game) {
			i := find(t, g, 0, func(i int, e *event.Event) bool { return e.Type == event.Call })
			g.Events[i].Meld.Tiles[0] = redEast
		}},
	}
	for _, tc := range tests {
		g := realGame(t, mainFixture)
		tc.set(g)
		got := checks(run(g))
		if !slices.ContainsFunc(got, func(c string) bool { return strings.HasPrefix(c, "parse.") }) {
			t.Errorf("%s: findings %v, want a parse finding", tc.name, got)
		}
	}
}
