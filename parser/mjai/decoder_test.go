package mjai

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Lines of small synthetic logs, written with ' for " to keep them
// readable. hands4 deals four hands: seat 0 gets 1m-9m 1p-4p, and so on.
const (
	startGame4 = `{'type':'start_game','names':['a','b','c','d']}`
	kyoku4     = `{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'1s','scores':[25000,25000,25000,25000],'tehais':` + hands4 + `}`
	hands4     = `[['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','E','E','E','S'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','P','P','P','C']]`
	endGame    = `{'type':'end_kyoku'}
{'type':'end_game','scores':[25000,25000,25000,25000]}`
)

// log turns a test log into mjai: ' becomes ".
func log(lines ...string) []byte {
	return []byte(strings.ReplaceAll(strings.Join(lines, "\n"), "'", `"`) + "\n")
}

// brief writes event i of g compactly: type, seat, tile, flags, meld.
func brief(g *event.Game, i int) string {
	e := &g.Events[i]
	var b strings.Builder
	b.WriteString(e.Type.String())
	if e.Seat != event.NoSeat && e.Type != event.RoundStart {
		fmt.Fprintf(&b, " %d", e.Seat)
	}
	if e.Tile != tile.None {
		b.WriteString(" " + e.Tile.String())
	}
	switch {
	case e.Flags&event.Tsumogiri != 0:
		b.WriteString(" tsumogiri")
	case e.Flags&event.TsumogiriUnknown != 0:
		b.WriteString(" tsumogiri?")
	}
	if e.Flags&event.Replacement != 0 {
		b.WriteString(" replacement")
	}
	if e.Meld.Kind != 0 {
		fmt.Fprintf(&b, " %v:%s from %d called %d", e.Meld.Kind, tile.FormatTiles(e.Meld.Slice()), e.Meld.From, e.Meld.Called)
	}
	return b.String()
}

func briefs(g *event.Game) []string {
	var out []string
	for i := range g.Events {
		out = append(out, brief(g, i))
	}
	return out
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want []string // the events, briefly
		// err is the sentinel the error wraps (nil: no error), and
		// errText a text of its message.
		err     error
		errText string
		check   func(t *testing.T, g *event.Game)
	}{{
		name: "tsumogiri flags",
		in: log(startGame4, kyoku4,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			`{'type':'dahai','actor':0,'pai':'5p','tsumogiri':true}`,
			`{'type':'tsumo','actor':1,'pai':'5p'}`,
			`{'type':'dahai','actor':1,'pai':'1m','tsumogiri':false}`,
			// No tsumogiri field: a different tile is certainly not the
			// drawn one, the same face may be either copy.
			`{'type':'tsumo','actor':2,'pai':'1s'}`,
			`{'type':'dahai','actor':2,'pai':'1s'}`,
			`{'type':'tsumo','actor':3,'pai':'5p'}`,
			`{'type':'dahai','actor':3,'pai':'C'}`,
			`{'type':'tsumo','actor':0,'pai':'6p'}`,
			`{'type':'dahai','actor':0 , 'tsumogiri' : null, 'pai':'6p'}`,
			`{'type':'ryukyoku','reason':'fanpai'}`, endGame),
		want: []string{"game_start", "round_start",
			"draw 0 5p", "discard 0 5p tsumogiri", "draw 1 5p", "discard 1 1m",
			"draw 2 1s", "discard 2 1s tsumogiri?", "draw 3 5p", "discard 3 7z",
			"draw 0 6p", "discard 0 6p tsumogiri?",
			"ryuukyoku", "game_end"},
	}, {
		name: "calls kans and replacement draws",
		in: log(startGame4, kyoku4,
			`{'type':'tsumo','actor':0,'pai':'1m'}`,
			`{'type':'dahai','actor':0,'pai':'1m','tsumogiri':true}`,
			`{'type':'pon','actor':1,'target':0,'pai':'1m','consumed':['1m','1m']}`,
			`{'type':'dahai','actor':1,'pai':'9m'}`,
			`{'type':'chi','actor':2,'target':1,'pai':'9m','consumed':['7m','8m']}`,
			`{'type':'dahai','actor':2,'pai':'S','tsumogiri':false}`,
			`{'type':'tsumo','actor':3,'pai':'P'}`,
			`{'type':'ankan','actor':3,'consumed':['P','P','P','P']}`,
			`{'type':'dora','dora_marker':'2s'}`,
			`{'type':'tsumo','actor':3,'pai':'5mr'}`,
			`{'type':'dahai','actor':3,'pai':'5mr','tsumogiri':true}`,
			`{'type':'daiminkan','actor':0,'target':3,'pai':'5mr','consumed':['5m','5m','5m']}`,
			`{'type':'tsumo','actor':0,'pai':'1p'}`,
			`{'type':'dahai','actor':0,'pai':'1p','tsumogiri':true}`,
			`{'type':'tsumo','actor':1,'pai':'1m'}`,
			`{'type':'kakan','actor':1,'pai':'1m','consumed':['1m','1m','1m']}`,
			`{'type':'tsumo','actor':1,'pai':'2p'}`,
			`{'type':'dahai','actor':1,'pai':'2p','tsumogiri':true}`,
			`{'type':'ryukyoku'}`, endGame),
		want: []string{"game_start", "round_start",
			"draw 0 1m", "discard 0 1m tsumogiri",
			"call 1 1m pon:111m from 0 called 0", "discard 1 9m",
			"call 2 9m chi:789m from 1 called 2", "discard 2 2z",
			"draw 3 5z", "closed_kan 3 closed_kan:5555z from -1 called -1", "dora 2s",
			"draw 3 0m replacement", "discard 3 0m tsumogiri",
			"call 0 0m open_kan:5550m from 3 called 3",
			"draw 0 1p replacement", "discard 0 1p tsumogiri",
			"draw 1 1m", "added_kan 1 1m added_kan:1111m from 0 called 0",
			"draw 1 2p replacement", "discard 1 2p tsumogiri",
			"ryuukyoku", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			if k := g.Ryuukyoku[0].Kind; k != event.Unrecorded {
				t.Errorf("ryukyoku without a reason: kind %v, want unrecorded", k)
			}
		},
	}, {
		name: "hora fields",
		in: log(startGame4, kyoku4,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			`{'type':'reach','actor':0}`,
			`{'type':'dahai','actor':0,'pai':'4p','tsumogiri':false}`,
			`{'type':'reach_accepted','actor':0,'deltas':[-1000,0,0,0],'scores':[24000,25000,25000,25000]}`,
			`{'type':'tsumo','actor':1,'pai':'5p'}`,
			`{'type':'dahai','actor':1,'pai':'4p','tsumogiri':false}`,
			`{'type':'hora','actor':0,'target':1,'pai':'4p','uradora_markers':['9s'],'hora_tehais':['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','5p'],`+
				`'yakus':[['reach',1],['ikkitsukan',2],['jikaze',1],['bakaze',1],['dora',1]],'fu':40,'fan':6,'hora_points':18000,'deltas':[19000,-18000,0,0],'scores':[43000,7000,25000,25000]}`,
			endGame),
		want: []string{"game_start", "round_start",
			"draw 0 5p", "riichi 0", "discard 0 4p", "riichi_accepted 0",
			"draw 1 5p", "discard 1 4p", "win 0 4p", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			w := &g.Wins[0]
			want := event.WinRecord{
				Winner: 0, From: 1, Liable: event.NoSeat,
				HandLen: 14, WinTile: tile.Of(tile.Pin4),
				Fu: 40, Han: 6, Points: 18000, Limit: event.Haneman,
				NYaku: 5, NDora: 1, NUra: 1,
				Deltas: [4]int32{19000, -18000, 0, 0},
				Before: [4]int32{24000, 25000, 25000, 25000},
				Known: event.KnownHand | event.KnownMelds | event.KnownFu | event.KnownHan | event.KnownPoints |
					event.KnownYaku | event.KnownDora | event.KnownUra | event.KnownDeltas | event.KnownBefore,
			}
			copy(want.Hand[:], mustTiles("123456789m1235p4p"))
			want.Yaku[0] = event.Yaku{ID: event.YakuRiichi, Han: 1}
			want.Yaku[1] = event.Yaku{ID: 24, Han: 2}
			want.Yaku[2] = event.Yaku{ID: 10, Han: 1} // seat 0, the dealer: east
			want.Yaku[3] = event.Yaku{ID: 14, Han: 1} // the east round
			want.Yaku[4] = event.Yaku{ID: event.YakuDora, Han: 1}
			want.Dora[0] = tile.Of(tile.Sou1)
			want.Ura[0] = tile.Of(tile.Sou9)
			if diff := cmp.Diff(want, *w); diff != "" {
				t.Errorf("win record (-want +got):\n%s", diff)
			}
			if e := g.Events[5]; e.Ref != 0 || g.Scores[0] != [4]int32{24000, 25000, 25000, 25000} {
				t.Errorf("riichi_accepted: ref %d, scores %v", e.Ref, g.Scores)
			}
			if g.Meta.StartingPoints != 25000 || g.Meta.Seats[3].Name != "d" || g.Meta.Platform != event.PlatformOther {
				t.Errorf("meta %+v", g.Meta)
			}
		},
	}, {
		name: "winning tile from the stream, chankan, sangenpai",
		in: log(startGame4, kyoku4,
			`{'type':'tsumo','actor':0,'pai':'P'}`,
			`{'type':'dahai','actor':0,'pai':'P'}`,
			`{'type':'pon','actor':3,'target':0,'pai':'P','consumed':['P','P']}`,
			`{'type':'dahai','actor':3,'pai':'C'}`,
			`{'type':'tsumo','actor':0,'pai':'S'}`,
			`{'type':'dahai','actor':0,'pai':'S'}`,
			`{'type':'tsumo','actor':1,'pai':'2p'}`,
			`{'type':'dahai','actor':1,'pai':'2p'}`,
			`{'type':'tsumo','actor':2,'pai':'2p'}`,
			`{'type':'dahai','actor':2,'pai':'2p'}`,
			`{'type':'tsumo','actor':3,'pai':'P'}`,
			`{'type':'kakan','actor':3,'pai':'P'}`,
			// Double ron on the added kan tile; neither hora has a pai.
			`{'type':'hora','actor':0,'target':3,'hora_tehais':['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],'yakus':[['chankan',1],['sangenpai',1]],'fan':2}`,
			`{'type':'hora','actor':1,'target':3}`,
			endGame),
		want: []string{"game_start", "round_start",
			"draw 0 5z", "discard 0 5z tsumogiri?", "call 3 5z pon:555z from 0 called 0", "discard 3 7z",
			"draw 0 2z", "discard 0 2z tsumogiri?", "draw 1 2p", "discard 1 2p tsumogiri?",
			"draw 2 2p", "discard 2 2p tsumogiri?", "draw 3 5z",
			"added_kan 3 5z added_kan:5555z from 0 called 0", "win 0 5z", "win 1 5z", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			// The hand holds no dragon triplet: sangenpai cannot be
			// resolved, so the yaku are unknown.
			if w := &g.Wins[0]; w.Known&event.KnownYaku != 0 || w.NYaku != 0 {
				t.Errorf("win 0: yaku %v known", w.YakuList())
			}
			if len(g.Meta.Warnings) != 1 || !strings.Contains(g.Meta.Warnings[0], "sangenpai") {
				t.Errorf("warnings %q", g.Meta.Warnings)
			}
		},
	}, {
		name: "scores derived when start_kyoku has none",
		in: log(`{'type':'start_game','names':['a','b','c','d']}`,
			`{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'1s','tehais':`+hands4+`}`,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			`{'type':'reach','actor':0}`,
			`{'type':'dahai','actor':0,'pai':'4p','tsumogiri':false}`,
			`{'type':'reach_accepted','actor':0}`,
			`{'type':'tsumo','actor':1,'pai':'5p'}`,
			`{'type':'dahai','actor':1,'pai':'4p','tsumogiri':false}`,
			`{'type':'hora','actor':0,'target':1,'deltas':[9000,-8000,0,0],'scores':[33000,17000,25000,25000]}`,
			`{'type':'end_kyoku'}`,
			`{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':1,'kyotaku':0,'oya':0,'dora_marker':'1s','tehais':`+hands4+`}`,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			`{'type':'dahai','actor':0,'pai':'4p','tsumogiri':false}`,
			`{'type':'ryukyoku','reason':'kyushukyuhai','deltas':[0,0,0,0]}`,
			`{'type':'end_kyoku'}`,
			`{'type':'end_game'}`),
		want: []string{"game_start", "round_start", "draw 0 5p", "riichi 0", "discard 0 4p", "riichi_accepted 0",
			"draw 1 5p", "discard 1 4p", "win 0 4p", "round_start", "draw 0 5p", "discard 0 4p", "ryuukyoku", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			if r := g.Rounds[0]; r.Scores != [4]int32{25000, 25000, 25000, 25000} || r.Unknown != 0 {
				t.Errorf("round 0: scores %v, unknown %b", r.Scores, r.Unknown)
			}
			if r := g.Rounds[1]; r.Scores != [4]int32{33000, 17000, 25000, 25000} || r.Unknown != 0 {
				t.Errorf("round 1: scores %v, unknown %b", r.Scores, r.Unknown)
			}
			if w := g.Wins[0]; w.Before != [4]int32{24000, 25000, 25000, 25000} {
				t.Errorf("win before %v", w.Before)
			}
			r := &g.Ryuukyoku[0]
			if r.Kind != event.NineTerminals || r.Before != [4]int32{33000, 17000, 25000, 25000} || r.Known != event.KnownDeltas|event.KnownBefore {
				t.Errorf("ryuukyoku %+v", r)
			}
			if e := &g.End[0]; e.Known != 0 {
				t.Errorf("end_game without scores: known %b", e.Known)
			}
		},
	}, {
		name: "ryukyoku hands and tenpai",
		in: log(startGame4, kyoku4,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			`{'type':'dahai','actor':0,'pai':'5p','tsumogiri':true}`,
			`{'type':'ryukyoku','reason':'fanpai','tehais':[['?','?'],['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],[],['?']],'tenpais':[false,true,false,false],'deltas':[-1000,3000,-1000,-1000],'scores':[24000,28000,24000,24000]}`,
			endGame),
		want: []string{"game_start", "round_start", "draw 0 5p", "discard 0 5p tsumogiri", "ryuukyoku", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			r := &g.Ryuukyoku[0]
			if r.Revealed != [4]bool{false, true, false, false} || r.HandLen[1] != 13 || r.Known&event.KnownHand == 0 {
				t.Errorf("revealed %v, lengths %v", r.Revealed, r.HandLen)
			}
			if r.Tenpai != [4]event.Flag{event.FlagNo, event.FlagYes, event.FlagNo, event.FlagNo} {
				t.Errorf("tenpai %v", r.Tenpai)
			}
		},
	}, {
		name: "end_kyoku without a result",
		in: log(startGame4, kyoku4,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			endGame),
		want: []string{"game_start", "round_start", "draw 0 5p", "ryuukyoku", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			if r := g.Ryuukyoku[0]; r.Kind != event.Unrecorded || r.Known != 0 {
				t.Errorf("ryuukyoku %+v", r)
			}
		},
	}, {
		name: "three players with nukidora",
		in: log(`{'type':'start_game','names':['a','b','c']}`,
			`{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'1s','scores':[35000,35000,35000],'tehais':[['1m','9m','1p','2p','3p','4p','5p','6p','7p','8p','9p','N','N'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','E','E','E','S'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','P','P','P','C']]}`,
			`{'type':'tsumo','actor':0,'pai':'N'}`,
			`{'type':'nukidora','actor':0,'pai':'N'}`,
			`{'type':'tsumo','actor':0,'pai':'9m'}`,
			`{'type':'hora','actor':0,'target':0,'deltas':[12000,-6000,-6000]}`,
			`{'type':'end_kyoku'}`, `{'type':'end_game'}`),
		want: []string{"game_start", "round_start", "draw 0 4z", "kita 0 4z kita:4z from -1 called -1",
			"draw 0 9m replacement", "win 0 9m", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			w := &g.Wins[0]
			if g.Meta.Players != 3 || w.NMelds != 1 || w.Melds[0].Kind != event.MeldKita ||
				w.Deltas != [4]int32{12000, -6000, -6000, 0} || w.Before != [4]int32{35000, 35000, 35000, 0} {
				t.Errorf("players %d, win %+v", g.Meta.Players, w)
			}
		},
	}, {
		name: "old log with board dumps and haipai",
		in: log(`# Original file: x.mjlog`,
			`{'type':'start_game','uri':'http://tenhou.net/0/?log=2011020417gm-00a9-0000-b67fcaa3&tw=0','names':['a','b','c','d']}`,
			`{'type':'start_kyoku','oya':0,'dora_marker':'6s'}`,
			`E-1 kyoku 2 honba  dora_marker: 6s  `,
			` {0} tehai:  `,
			`{'type':'haipai','actor':0,'pais':['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p']}`,
			`{'type':'haipai','actor':1,'pais':['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p']}`,
			`{'type':'haipai','actor':2,'pais':['1s','2s','3s','4s','5s','6s','7s','8s','9s','E','E','E','S']}`,
			`{'type':'haipai','actor':3,'pais':['1s','2s','3s','4s','5s','6s','7s','8s','9s','P','P','P','C']}`,
			`*{0} tehai: 1m`,
			`{'type':'tsumo','actor':0,'pai':'4p'}`,
			`{'type':'dahai','actor':0,'pai':'1m'}`,
			`{'type':'hora','actor':1,'target':0,'pai':'1m'}`,
			`{'type':'end_kyoku'}`,
			`{'type':'start_kyoku','oya':1,'dora_marker':'1m'}`,
			`E-2 kyoku 0 honba`,
			`{'type':'haipai','actor':0,'pais':['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p']}`,
			`{'type':'haipai','actor':1,'pais':['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p']}`,
			`{'type':'haipai','actor':2,'pais':['1s','2s','3s','4s','5s','6s','7s','8s','9s','E','E','E','S']}`,
			`{'type':'haipai','actor':3,'pais':['1s','2s','3s','4s','5s','6s','7s','8s','9s','P','P','P','C']}`,
			`{'type':'tsumo','actor':1,'pai':'4p'}`,
			`{'type':'dahai','actor':1,'pai':'1m'}`,
			`{'type':'ryukyoku','reason':'fanpai'}`,
			`{'type':'end_kyoku'}`, `{'type':'end_game'}`),
		want: []string{"game_start", "round_start", "draw 0 4p", "discard 0 1m", "win 1 1m",
			"round_start", "draw 1 4p", "discard 1 1m", "ryuukyoku", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			r := &g.Rounds[0]
			if r.ID() != (event.RoundID{Wind: 0, Number: 1, Honba: 2}) || r.Unknown != event.KnownScores|event.KnownBa || r.Hands[3][12] != tile.Of(tile.Chun) {
				t.Errorf("round 0: %v unknown %b hands %v", r.ID(), r.Unknown, r.Hands)
			}
			if id := g.Rounds[1].ID(); id != (event.RoundID{Wind: 0, Number: 2, Honba: 0}) {
				t.Errorf("round 1: %v", id)
			}
			m := &g.Meta
			if m.Platform != event.Tenhou || m.ID != "2011020417gm-00a9-0000-b67fcaa3" || len(m.Warnings) != 2 || !strings.Contains(m.Warnings[1], "skipped 5 lines") ||
				!strings.Contains(m.Warnings[0], "scores at the start of 2 hands and the riichi sticks at the start of 2") {
				t.Errorf("meta: platform %v, id %q, warnings %q", m.Platform, m.ID, m.Warnings)
			}
		},
	}, {
		name: "single-object variant",
		in: log(`{`,
			`  'type': 185, 'lobby': 0, 'dan': [16, 13, 0], 'rate': [2000.5, 1800.0, 1500.0], 'sex': ['M', 'F', 'C'],`,
			`  'game': [`,
			`    {'bakaze': 'E', 'dora_marker': '1z', 'honba': 0, 'kyoku': 1, 'kyotaku': 0, 'oya': 0, 'scores': [35000, 35000, 35000, 0],`,
			`     'tehais': [['1m','9m','1p','2p','3p','4p','5p','6p','7p','8p','9p','1z','2z'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','1z','1z','1z','2z'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','5z','5z','5z','7z'],[]], 'type': 'start_kyoku'},`,
			`    {'actor': 0, 'pai': '0p', 'type': 'tsumo'},`,
			`    {'actor': 0, 'pai': '2z', 'type': 'dahai', 'tsumogiri': false},`,
			`    {'honba': 0, 'kyotaku': 0, 'hai': ['1m','9m','1p','2p','3p','4p','0p','6p','7p','8p','9p','1z','1z','2z'], 'naki': null, 'machi': '1z', 'han': 4, 'hu': 40,`,
			`     'score': 8000, 'yaku': [1, 0, 54, 53], 'dora_marker': ['1z'], 'ura_marker': ['3z'], 'actor': 0, 'fromwho': 0, 'paowho': null, 'type': 'agari'}`,
			`  ],`,
			`  'owari': [450, 300, 300, 0]`,
			`}`),
		err:  nil,
		want: []string{"game_start", "round_start", "draw 0 0p", "discard 0 2z", "win 0 1z", "game_end"},
		check: func(t *testing.T, g *event.Game) {
			m := &g.Meta
			if m.Players != 3 || m.Platform != event.Tenhou || m.Length != event.EastSouth || m.Rules.Name != "三鳳南喰赤" ||
				m.Rules.RedFives != [3]int8{0, 1, 1} || m.Seats[0].Rank != "七段" || m.Seats[1].Rate != 1800 || m.Seats[2].Sex != 'C' {
				t.Errorf("meta %+v", m)
			}
			w := &g.Wins[0]
			if w.Known&event.KnownYaku == 0 || w.NYaku != 4 || w.Yaku[3] != (event.Yaku{ID: event.YakuUraDora, Han: 1}) ||
				w.Limit != event.Mangan || w.Known&event.KnownBa == 0 || w.HandLen != 14 || w.NUra != 1 {
				t.Errorf("win %+v", w)
			}
			if e := g.End[0]; e.Scores != [4]int32{45000, 30000, 30000, 0} || e.Known != event.KnownScores {
				t.Errorf("end %+v", e)
			}
			if p := g.Events[2].Pos; p.Index != 1 || p.Offset <= 0 {
				t.Errorf("tsumo position %+v", p)
			}
		},
	}, {
		name: "array of events, CRLF and BOM",
		in:   []byte("\xef\xbb\xbf[" + strings.ReplaceAll(startGame4+",\r\n"+kyoku4+",\r\n{'type':'tsumo','actor':0,'pai':'1m'}]", "'", `"`)),
		want: []string{"game_start", "round_start", "draw 0 1m"},
		err:  event.ErrTruncated, errText: "no end_game",
	}, {
		name: "CRLF lines",
		in:   []byte(strings.ReplaceAll(startGame4+"\r\n"+kyoku4+"\r\n", "'", `"`)),
		want: []string{"game_start", "round_start"},
		err:  event.ErrTruncated, errText: "offset 451, line 2, round E1-0: mjai: no end_game after the last event",
	}, {
		name: "player's view with hidden tiles",
		in: log(startGame4,
			`{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'1s','scores':[25000,25000,25000,25000],'tehais':[['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],['?','?','?','?','?','?','?','?','?','?','?','?','?'],['?','?','?','?','?','?','?','?','?','?','?','?','?'],['?','?','?','?','?','?','?','?','?','?','?','?','?']]}`,
			`{'type':'tsumo','actor':0,'pai':'5p'}`,
			`{'type':'dahai','actor':0,'pai':'5p','tsumogiri':true}`,
			`{'type':'tsumo','actor':1,'pai':'?'}`,
			`{'type':'dahai','actor':1,'pai':'E','tsumogiri':false}`,
			`{'type':'ryukyoku','reason':'fanpai','tehais':[['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],['?','?','?','?','?','?','?','?','?','?','?','?','?'],[],[]]}`,
			endGame),
		want: []string{"game_start", "round_start", "draw 0 5p", "discard 0 5p tsumogiri", "draw 1", "discard 1 1z", "ryuukyoku", "game_end"},
	}, {
		name: "a hidden tile outside a hidden hand",
		in: log(startGame4,
			`{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'1s','scores':[25000,25000,25000,25000],'tehais':[['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p','2p','3p','4p'],['?','?','?','?','?','?','?','?','?','?','?','?','?'],['?','?','?','?','?','?','?','?','?','?','?','?','?'],['?','?','?','?','?','?','?','?','?','?','?','?','?']]}`,
			`{'type':'tsumo','actor':0,'pai':'?'}`,
			`{'type':'dahai','actor':0,'pai':'5p','tsumogiri':true}`,
			endGame),
		want: []string{"game_start", "round_start", "draw 0", "discard 0 5p tsumogiri", "ryuukyoku", "game_end"},
		err:  event.ErrUnsupported, errText: `line 3, round E1-0: mjai: 1 tiles are hidden as "?" outside a hidden hand`,
	}, {
		name: "truncated last line",
		in:   []byte(strings.ReplaceAll(startGame4+"\n"+kyoku4+"\n{'type':'tsumo','actor':0,'pai':'5p'}\n{'type':'dah", "'", `"`)),
		want: []string{"game_start", "round_start", "draw 0 5p"},
		err:  event.ErrTruncated, errText: "line 4, round E1-0: mjai: line 4, column 13: the last line is cut short",
	}, {
		name: "syntax error",
		in:   log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'5p',}`, endGame),
		want: []string{"game_start", "round_start"},
		err:  event.ErrSyntax, errText: "offset 486, line 3, round E1-0: mjai: line 3, column 38: cannot parse JSON", // 486: line 3 (449), column 38,
	}, {
		name: "unknown event type",
		in:   log(startGame4, kyoku4, `{'type':'tsumogiri','actor':0}`),
		err:  event.ErrUnsupported, errText: `event type "tsumogiri"`,
		want: []string{"game_start", "round_start"},
	}, {
		name: "seat out of range",
		in:   log(startGame4, kyoku4, `{'type':'tsumo','actor':4,'pai':'5p'}`),
		err:  event.ErrValue, errText: "actor 4 is not a seat of a 4-player game",
		want: []string{"game_start", "round_start"},
	}, {
		name: "not a tile",
		in:   log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'0z'}`),
		err:  event.ErrValue, errText: `pai "0z" is not a tile`,
		want: []string{"game_start", "round_start"},
	}, {
		name: "Chinese rules",
		in:   log(`{'type':'start_game','kyoku_first':4,'aka_flag':true}`, `{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'scores':[25000,25000,25000,25000],'tehais':`+hands4+`}`),
		err:  event.ErrUnsupported, errText: "line 2: mjai: start_kyoku without dora_marker",
		want: []string{"game_start"},
	}, {
		name: "first dealer not seat 0",
		in:   log(startGame4, `{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':2,'dora_marker':'1s','scores':[25000,25000,25000,25000],'tehais':`+hands4+`}`),
		err:  event.ErrValue, errText: "seat 0 must be the first dealer",
		want: []string{"game_start"},
	}, {
		name: "second game",
		in:   log(startGame4, kyoku4, `{'type':'ryukyoku'}`, endGame, startGame4),
		err:  event.ErrUnsupported, errText: "one game per input",
		want: []string{"game_start", "round_start", "ryuukyoku", "game_end"},
	}, {
		name: "event after the game end",
		in:   log(startGame4, kyoku4, `{'type':'ryukyoku'}`, endGame, `{'type':'tsumo','actor':0,'pai':'5p'}`),
		err:  event.ErrValue, errText: "tsumo after end_game",
		want: []string{"game_start", "round_start", "ryuukyoku", "game_end"},
	}, {
		name: "kakan without a pon",
		in:   log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'1m'}`, `{'type':'kakan','actor':0,'pai':'1m'}`),
		err:  event.ErrValue, errText: "which has no pon of it",
		want: []string{"game_start", "round_start", "draw 0 1m"},
	}, {
		name: "2m in a three-player game",
		in:   log(`{'type':'start_game','names':['a','b','c']}`, `{'type':'start_kyoku','bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'2m','scores':[35000,35000,35000]}`),
		err:  event.ErrValue, errText: "dora_marker 2m (2m-8m) in a three-player game",
		want: []string{"game_start"},
	}, {
		name: "server error",
		in:   log(startGame4, kyoku4, `{'type':'error','message':'player 1 timed out'}`),
		err:  event.ErrTruncated, errText: "the server stopped the game: player 1 timed out",
		want: []string{"game_start", "round_start"},
	}, {
		name: "cut document",
		in:   log(`{`, `  'type': 169, 'game': [`, `    {'bakaze': 'E', 'dora_marker': '1z', 'honba': 0, 'kyoku': 1, 'kyotaku': 0, 'oya': 0, 'scores': [25000, 25000, 25000, 25000], 'tehais': `+hands4+`, 'type': 'start_kyoku'},`, `    {'actor': 0, 'pai': '0p', 'type': 'tsu`),
		err:  event.ErrTruncated, errText: "the input ends inside event 1",
		want: []string{"game_start", "round_start"},
	}, {
		name: "empty",
		in:   []byte("\n\n"),
		err:  event.ErrSyntax, errText: "no mjai events",
	}}
	var d Decoder
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g event.Game
			err := d.Decode(tt.in, "x.mjson", &g)
			switch {
			case tt.err == nil && err != nil:
				t.Fatalf("error %v", err)
			case tt.err != nil && !errors.Is(err, tt.err):
				t.Errorf("error %v, want one wrapping %v", err, tt.err)
			case tt.err != nil && !strings.Contains(err.Error(), tt.errText):
				t.Errorf("error %q, want it to contain %q", err, tt.errText)
			}
			if err != nil {
				var pe *event.Error
				if !errors.As(err, &pe) || pe.Path != "x.mjson" || pe.Format != event.FormatMjai || !strings.HasPrefix(err.Error(), "x.mjson: ") {
					t.Errorf("error %#v is not a positioned *event.Error", err)
				}
			}
			if diff := cmp.Diff(tt.want, briefs(&g)); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
			if g.Meta.Format != event.FormatMjai || g.Meta.Path != "x.mjson" || g.Meta.TileIDs {
				t.Errorf("meta format %v, path %q, tile ids %v", g.Meta.Format, g.Meta.Path, g.Meta.TileIDs)
			}
			if tt.check != nil {
				tt.check(t, &g)
			}
		})
	}
}

func mustTiles(s string) []tile.Tile {
	ts, err := tile.ParseTiles(s)
	if err != nil {
		panic(err)
	}
	return ts
}

// TestDecoderReuse decodes a game, a different one, then the first again
// with one Decoder and one Game: the results must not depend on what was
// decoded before.
func TestDecoderReuse(t *testing.T) {
	a := log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'5p'}`, `{'type':'dahai','actor':0,'pai':'5p'}`, `{'type':'ryukyoku'}`, endGame)
	b := log(`{'type':'start_game','names':['x','y','z']}`, `{'type':'start_kyoku','bakaze':'S','kyoku':2,'honba':3,'kyotaku':1,'oya':1,'dora_marker':'N','tehais':[['1m','9m','1p','2p','3p','4p','5p','6p','7p','8p','9p','N','N'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','E','E','E','S'],['1s','2s','3s','4s','5s','6s','7s','8s','9s','P','P','P','C']]}`)
	var d Decoder
	var g event.Game
	if err := d.Decode(a, "a", &g); err != nil {
		t.Fatal(err)
	}
	first := briefs(&g)
	firstRound := g.Rounds[0]
	if err := d.Decode(b, "b", &g); !errors.Is(err, event.ErrTruncated) {
		t.Fatalf("b: %v", err)
	}
	if g.Meta.Players != 3 || g.Rounds[0].Unknown != event.KnownScores {
		t.Errorf("b: players %d, unknown %b", g.Meta.Players, g.Rounds[0].Unknown)
	}
	if err := d.Decode(a, "a", &g); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first, briefs(&g)); diff != "" {
		t.Errorf("second decoding (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(firstRound, g.Rounds[0]); diff != "" {
		t.Errorf("second decoding's round (-first +second):\n%s", diff)
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"json lines", `{"type":"start_game","names":["a","b","c","d"]}` + "\n", true},
		{"spaced", "{ \"type\" : \"start_kyoku\" , \"bakaze\": \"E\"}\n", true},
		{"key order", `{"names": [], "type": "start_game"}`, true},
		{"old log with text first", "# Original file: x\n{\"type\":\"start_game\"}\n", true},
		{"single object", "{\n  \"type\": 169,\n  \"game\": [\n {\"bakaze\": \"E\", \"type\": \"start_kyoku\"}", true},
		{"mjlog", `<mjloggm ver="2.3"><GO type="169"/>`, false},
		{"mjlog quoting mjai", `<mjloggm ver="2.3"><!-- "type":"start_game" -->`, false},
		{"tenhou6", `{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"般南喰赤"},"log":[[[0,0,0],[25000,25000,25000,25000]]]}`, false},
		{"tenhou6 name", `{"title":["start_game",""],"name":["type","start_game"]}`, false},
		{"majsoul", `{"head":{"uuid":"x"},"data":{"actions":[]}}`, false},
		{"value not type", `{"type":"dahai","pai":"start_game"}`, false},
		{"empty", "", false},
		{"spaces", "   \n ", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := detect([]byte(tt.in)); got != tt.want {
				t.Errorf("detect(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestScanFlat checks that the fast path reads a line exactly when it is
// in its JSON subset, and reads it as fastjson does.
func TestScanFlat(t *testing.T) {
	tests := []struct {
		in   string
		ok   bool
		want flatEvent
	}{
		{`{"type":"tsumo","actor":1,"pai":"5mr"}`, true, flatEvent{typ: []byte("tsumo"), actor: 1, hasActor: true, pai: []byte("5mr"), hasPai: true, tsumogiri: -1}},
		{`{ "actor" : 0 , "pai": "E", "tsumogiri": true, "type": "dahai" }`, true, flatEvent{typ: []byte("dahai"), actor: 0, hasActor: true, pai: []byte("E"), hasPai: true, tsumogiri: 1}},
		{`{"type":"dahai","actor":2,"pai":"C","tsumogiri":false,"junme":12}`, true, flatEvent{typ: []byte("dahai"), actor: 2, hasActor: true, pai: []byte("C"), hasPai: true, tsumogiri: 0}},
		{`{"type":"dahai","actor":2,"pai":"C","actor":3}`, true, flatEvent{typ: []byte("dahai"), actor: 2, hasActor: true, pai: []byte("C"), hasPai: true, tsumogiri: -1}},
		{`{"type":"end_kyoku"}`, true, flatEvent{typ: []byte("end_kyoku"), actor: -1, tsumogiri: -1}},
		{`{"type":"dahai","actor":1,"pai":"E","meta":{"q":[1]}}`, false, flatEvent{}},
		{`{"type":"dahai","actor":01,"pai":"E"}`, false, flatEvent{}},
		{`{"type":"dahai","actor":1.0,"pai":"E"}`, false, flatEvent{}},
		{`{"type":"dahai","actor":-1,"pai":"E"}`, false, flatEvent{}},
		{`{"type":"dahai","actor":1,"pai":"\u0045"}`, false, flatEvent{}},
		{`{"type":"dahai","actor":1,"pai":"E",}`, false, flatEvent{}},
		{`{"type":"dahai","actor":1,"pai":"E"} x`, false, flatEvent{}},
		{`{"type":"dahai","actor":1,"tsumogiri":"yes"}`, false, flatEvent{}},
		{`{"type":"dahai" "actor":1}`, false, flatEvent{}},
		{`{"actor":1}`, false, flatEvent{}},
		{`{"type":1}`, false, flatEvent{}},
	}
	for _, tt := range tests {
		var f flatEvent
		ok := scanFlat([]byte(tt.in), &f)
		if ok != tt.ok {
			t.Errorf("scanFlat(%s) = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if ok {
			if diff := cmp.Diff(tt.want, f, cmp.AllowUnexported(flatEvent{})); diff != "" {
				t.Errorf("scanFlat(%s) (-want +got):\n%s", tt.in, diff)
			}
		}
	}
}
