package replay

import (
	"reflect"
	"slices"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/tile"
)

// TestFastPaths replays every corpus mjlog twice, with and without the
// fast paths of draw and discard, and requires the same state after every
// event and the same findings: the fast paths must be the general paths'
// common case, in fewer steps. (The corpus's simulator and edited logs put
// the general paths' checks to work too.)
func TestFastPaths(t *testing.T) {
	files := corpus.Files(t, "mjlog/*")
	var d tenhou.Decoder
	var g event.Game
	var fast, general Replayer
	general.general = true
	events, fastEvents := 0, 0
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if d.Decode(data, f, &g) != nil && len(g.Events) == 0 {
			continue
		}
		replayBoth(t, f, &g, &fast, &general)
		events += len(g.Events)
		for i := range g.Events {
			if ty := g.Events[i].Type; ty == event.Draw || ty == event.Discard {
				fastEvents++
			}
		}
	}
	t.Logf("%d files, %d events (%d draws and discards) replayed both ways", len(files), events, fastEvents)
}

// replayBoth replays g with the fast paths (fast) and without (general),
// and fails t at the first event after which what the fast paths write
// differs — or the whole state, before each hand and at the end — and then
// if the findings differ.
func replayBoth(t testing.TB, name string, g *event.Game, fast, general *Replayer) {
	t.Helper()
	fast.Options = OptionsFor(&g.Meta)
	general.Options = fast.Options
	fast.Start(g)
	general.Start(g)
	for i := range g.Events {
		fast.Apply(i)
		general.Apply(i)
		whole := i+1 == len(g.Events) || g.Events[i+1].Type == event.RoundStart
		if !sameWritten(fast.State(), general.State()) || whole && !sameState(fast.State(), general.State()) {
			t.Fatalf("%s: event %d (%+v): the fast path leaves\n%+v\nthe general path\n%+v", name, i, g.Events[i], *fast.State(), *general.State())
		}
	}
	fast.Finish()
	general.Finish()
	if !reflect.DeepEqual(fast.Findings(), general.Findings()) {
		t.Fatalf("%s: findings differ:\nfast    %v\ngeneral %v", name, fast.Findings(), general.Findings())
	}
}

// sameWritten compares the parts of two states that the fast paths write.
func sameWritten(a, b *State) bool {
	type written struct {
		seats                        [4]SeatState
		phase                        Phase
		turn, lastSeat               event.Seat
		liveLeft, discards, lastEvt  int
		lastTile                     tile.Tile
		lastID                       tile.ID
		lastType                     event.Type
		lastValid, lastIsKan, riichi bool
		firstGoRound                 bool
	}
	of := func(s *State) written {
		return written{s.Seats, s.Phase, s.Turn, s.LastSeat, s.LiveLeft, s.Discards, s.LastEvent,
			s.LastTile, s.LastID, s.LastType, s.LastValid, s.LastIsKan, s.lastRiichi, s.FirstGoRound}
	}
	return of(a) == of(b) && slices.Equal(a.Passes, b.Passes)
}

// sameState compares two whole states.
func sameState(a, b *State) bool { return reflect.DeepEqual(*a, *b) }

// FuzzFastPaths changes the draws and discards of a real game (seat, tile,
// id, flags, type), as a faulty converter might write them, and replays it
// both ways, with and without the fast paths: the state after every event
// and the findings must agree, as TestFastPaths requires of the corpus.
func FuzzFastPaths(f *testing.F) {
	f.Add([]byte{10, 1, 0xff})
	f.Add([]byte{20, 3, 0x5b, 21, 2, 1})
	data, err := corpus.ReadFile("../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")
	if err != nil {
		f.Fatal(err)
	}
	var d tenhou.Decoder
	var base event.Game
	if err := d.Decode(data, "fixture", &base); err != nil {
		f.Fatal(err)
	}
	var tiles []int // the draws and discards
	for i, e := range base.Events {
		if e.Type == event.Draw || e.Type == event.Discard {
			tiles = append(tiles, i)
		}
	}
	g := base
	g.Events = slices.Clone(base.Events)
	var fast, general Replayer
	general.general = true
	f.Fuzz(func(t *testing.T, muts []byte) {
		copy(g.Events, base.Events)
		// Each mutation is three bytes: which draw or discard, which
		// field, the new value.
		for m := muts; len(m) >= 3; m = m[3:] {
			e := &g.Events[tiles[int(m[0])*len(tiles)/256]]
			switch v := m[2]; m[1] % 6 {
			case 0:
				e.Seat = event.Seat(int8(v))
			case 1:
				e.Tile = tile.Tile(v)
			case 2:
				e.ID = tile.ID(v)
			case 3:
				e.Flags = event.Flags(v)
			case 4:
				e.Type = event.Draw + event.Type(v%2)
			case 5:
				e.Tile, e.ID = tile.Tile(v)|0x40, tile.ID(v)
			}
		}
		replayBoth(t, "fuzz", &g, &fast, &general)
	})
}
