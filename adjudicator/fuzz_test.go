package adjudicator_test

import (
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tile"
)

// FuzzJudgeEvents judges real games whose decoded events and records the
// fuzzer changes field by field, as a faulty converter or a library user
// building an event.Game might get them wrong: event types, seats, tiles,
// ids, references and melds, win, draw and round records, the final
// scores and some of the metadata (players, tile ids, the Tenhou lobby
// type, red fives). The decoders' fuzz tests cannot reach these values,
// which no decoder writes. Judging must never panic, under the game's own
// rules and under WRC's, and neither may the table rows and the summary
// built from the reports.
func FuzzJudgeEvents(f *testing.F) {
	f.Add([]byte{0, 10, 1, 0xff})
	f.Add([]byte{1, 40, 3, 200, 2, 41, 6, 4})
	f.Add([]byte{5, 0, 0, 9, 6, 1, 1, 0x80, 7, 0, 2, 50})
	games := []*event.Game{fixture(f, phoenix), fixture(f, "msanma__2026011617gm-00b9-0000-4033cf97.xml")}
	wrc, err := adjudicator.Preset("wrc")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, muts []byte) {
		if len(muts) < 1 {
			return
		}
		g := clone(games[int(muts[0])%len(games)])
		// Each mutation is four bytes: what to change, which one, which
		// part of it, and the new value.
		for m := muts[1:]; len(m) >= 4; m = m[4:] {
			what, which, part, v := m[0]%8, int(m[1]), m[2], m[3]
			switch what {
			case 0, 1, 2: // an event (most of the mutations)
				if len(g.Events) == 0 {
					continue
				}
				e := &g.Events[which*len(g.Events)/256]
				switch part % 10 {
				case 0:
					e.Type = event.Type(v % 16)
				case 1:
					e.Seat = event.Seat(int8(v))
				case 2:
					e.From = event.Seat(int8(v))
				case 3:
					e.Tile = tile.Tile(v)
				case 4:
					e.ID = tile.ID(v)
				case 5:
					e.Ref = int32(int8(v))
				case 6:
					e.Flags = event.Flags(v)
				case 7:
					e.Meld.Kind, e.Meld.N = event.MeldKind(v%8), v>>5
				case 8:
					e.Meld.From, e.Meld.Called = event.Seat(int8(v)), int8(v)
				case 9:
					e.Meld.Tiles[v%4], e.Meld.IDs[v%4] = tile.Tile(v), tile.ID(v)
				}
			case 3, 4: // a win record
				if len(g.Wins) == 0 {
					continue
				}
				w := &g.Wins[which%len(g.Wins)]
				switch part % 8 {
				case 0:
					w.Winner = event.Seat(int8(v))
				case 1:
					w.From = event.Seat(int8(v))
				case 2:
					w.Liable = event.Seat(int8(v))
				case 3:
					w.HandLen, w.NMelds = v, v>>4
				case 4:
					w.WinTile, w.WinID = tile.Tile(v), tile.ID(v)
				case 5:
					w.Deltas[v%4] = int32(int8(v)) * 1000
				case 6:
					w.Limit, w.Han, w.Fu = event.Limit(v%8), int16(int8(v)), int16(v)
				case 7:
					w.NYaku, w.NDora, w.NUra = v, v>>4, v>>5
				}
			case 5: // a draw record
				if len(g.Ryuukyoku) == 0 {
					continue
				}
				r := &g.Ryuukyoku[which%len(g.Ryuukyoku)]
				switch part % 4 {
				case 0:
					r.Kind = event.RyuukyokuKind(v % 16)
				case 1:
					r.Revealed[v%4] = !r.Revealed[v%4]
				case 2:
					r.HandLen[v%4] = v
				case 3:
					r.Deltas[v%4] = int32(int8(v)) * 1000
				}
			case 6: // a round record
				r := &g.Rounds[which%len(g.Rounds)]
				switch part % 4 {
				case 0:
					r.Dealer = event.Seat(int8(v))
				case 1:
					r.Hands[v%4][v>>4%13], r.HandIDs[v%4][v>>4%13] = tile.Tile(v), tile.ID(v)
				case 2:
					r.Honba, r.Sticks = int16(int8(v)), int16(int8(v))
				case 3:
					r.Scores[v%4] = int32(int8(v)) * 1000
				}
			case 7: // the game end and the metadata
				switch part % 5 {
				case 0:
					if len(g.End) > 0 {
						g.End[0].Scores[v%4] = int32(int8(v)) * 1000
					}
				case 1:
					g.Meta.Players = int8(v%6) + 1
				case 2:
					g.Meta.TileIDs = !g.Meta.TileIDs
				case 3:
					g.Meta.Rules.TenhouType = int32(v) << (v % 4)
				case 4:
					g.Meta.Rules.RedFives[v%3] = int8(v)
				}
			}
		}
		var sel adjudicator.Selector
		rules, err := sel.For(g)
		if err == nil {
			// The table rows and the summary read the report and the
			// records too.
			var rows stats.GameRows
			rows.Fill("fuzz", g, adjudicator.Judge(g, rules, true), nil)
			stats.NewSummary().Add(&rows)
		}
		var rows stats.GameRows
		rows.Fill("fuzz", g, adjudicator.Judge(g, wrc, false), nil)
		stats.NewSummary().Add(&rows)
	})
}

// clone copies g deeply enough for FuzzJudgeEvents to change it.
func clone(g *event.Game) *event.Game {
	c := *g
	c.Events = append([]event.Event(nil), g.Events...)
	c.Rounds = append([]event.Round(nil), g.Rounds...)
	c.Wins = append([]event.WinRecord(nil), g.Wins...)
	c.Ryuukyoku = append([]event.RyuukyokuRecord(nil), g.Ryuukyoku...)
	c.End = append([]event.EndRecord(nil), g.End...)
	c.Scores = append([][4]int32(nil), g.Scores...)
	return &c
}
