package tenhou6

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// rnd is one round of a synthetic log: hands in mpsz, the incoming and
// outgoing lists and the result as raw tenhou.net/6 JSON (tile codes 11-47,
// 51-53, 60 and call strings).
type rnd struct {
	hdr    string // "round,honba,sticks"; "" is "0,0,0"
	scores string // "" is 25000 each (35000 and 0 in sanma)
	dora   string // mpsz; "" is "1m"
	ura    string
	hands  [4]string
	in     [4]string
	out    [4]string
	res    string
}

// codes returns mpsz tiles as a JSON list of tenhou.net/6 codes.
func codes(t testing.TB, mpsz string) string {
	t.Helper()
	if mpsz == "" {
		return "[]"
	}
	ts, err := tile.ParseTiles(mpsz)
	if err != nil {
		t.Fatal(err)
	}
	s := make([]string, len(ts))
	for i, x := range ts {
		s[i] = strconv.Itoa(x.Tenhou6())
	}
	return "[" + strings.Join(s, ",") + "]"
}

func (r rnd) json(t testing.TB) string {
	t.Helper()
	hdr, scores, dora := r.hdr, r.scores, r.dora
	if hdr == "" {
		hdr = "0,0,0"
	}
	if scores == "" {
		scores = "25000,25000,25000,25000"
		if r.hands[3] == "" {
			scores = "35000,35000,35000,0"
		}
	}
	if dora == "" {
		dora = "1m"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[[%s],[%s],%s,%s", hdr, scores, codes(t, dora), codes(t, r.ura))
	for s := range 4 {
		fmt.Fprintf(&b, ",%s,[%s],[%s]", codes(t, r.hands[s]), r.in[s], r.out[s])
	}
	fmt.Fprintf(&b, ",%s]", r.res)
	return b.String()
}

// editorHead is the metadata of a tenhou.net/6 editor file.
const editorHead = `{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[`

func doc(t testing.TB, head string, rounds ...rnd) string {
	t.Helper()
	rs := make([]string, len(rounds))
	for i, r := range rounds {
		rs[i] = r.json(t)
	}
	return head + strings.Join(rs, ",") + "]}"
}

func decodeString(t *testing.T, s string) (*event.Game, error) {
	t.Helper()
	var d Decoder
	var g event.Game
	err := d.Decode([]byte(s), "test.json", &g)
	if err != nil {
		var pe *event.Error
		if !errors.As(err, &pe) {
			t.Fatalf("error %v is not an *event.Error", err)
		}
	}
	return &g, err
}

// play returns the canonical lines of the game's actions and results,
// without the deal and the details under each win.
func play(g *event.Game) []string {
	var out []string
	for _, l := range logdiff.Lines(g, 0) {
		if strings.HasPrefix(l, "game ") || strings.HasPrefix(l, "round ") || strings.HasPrefix(l, "hand ") || strings.HasPrefix(l, " ") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// Filler hands.
const (
	handA = "123456789m1234p"
	handB = "123456789s1234z"
	handC = "56789m56789p567s"
	handD = "1199m1199p1199s1z"
)

func TestOrder(t *testing.T) {
	tests := []struct {
		name string
		doc  func(t *testing.T) string
		want []string
	}{{
		name: "draws, tsumogiri and an exhaustive draw",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{handA, handB, handC, handD},
				in:    [4]string{"41", "25", "42", "43"},
				out:   [4]string{"60", "41", "60", "11"},
				res:   `["流局",[1500,-500,-500,-500]]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 1z tsumogiri", "1 draw 5p", "1 discard 1z", "2 draw 2z", "2 discard 2z tsumogiri",
			"3 draw 3z", "3 discard 1m", "ryuukyoku exhaustive deltas=[1500 -500 -500 -500]"},
	}, {
		name: "riichi accepted, riichi ronned",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{handA, handB, handC, handD},
				in:    [4]string{"41", "42", "", ""},
				out:   [4]string{`"r60"`, `"r41"`, "", ""},
				res:   `["和了",[0,-1000,1000,0],[2,1,2,"30符1飜1000点","役牌 白(1飜)"]]`,
			})
		},
		want: []string{"0 draw 1z", "0 riichi", "0 discard 1z tsumogiri", "0 riichi_accepted", "1 draw 2z", "1 riichi", "1 discard 1z",
			"win 2 from 1 liable -1 deltas=[0 -1000 1000 0]"},
	}, {
		name: "pon before chi, then chi from the left",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{"123456789m55p33z", "46p19s123456789m", "55p1239s1234567z", handD},
				in:    [4]string{"41,44", `"c252426"`, `"25p2525"`, "43"},
				out:   [4]string{"25,25", "31", "39", "60"},
				res:   `["全員不聴"]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 5p", "2 call pon 555p from 0 taking 5p", "2 discard 9s", "3 draw 3z", "3 discard 3z tsumogiri",
			"0 draw 4z", "0 discard 5p", "1 call chi 456p from 0 taking 5p", "1 discard 1s", "ryuukyoku exhaustive deltas=[0 0 0 0]"},
	}, {
		// Seat 0 discards 5p, passed by seat 2, then (after a pon of its
		// own) 5p again, called by seat 2. Seat 2's pon is its next
		// incoming item at both discards; only the second fits the rest.
		name: "a call placed by backtracking",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{"12367m55p33s1234z", "12345678m123p39s", "123456789s55p45z", "111999m111999p1s"},
				in:    [4]string{`41,"3333p33"`, "19", `"25p2525"`, "47"},
				out:   [4]string{"25,25", "33", "44", "60"},
				res:   `["全員不聴"]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 5p", "1 draw 9m", "1 discard 3s", "0 call pon 333s from 1 taking 3s", "0 discard 5p",
			"2 call pon 555p from 0 taking 5p", "2 discard 4z", "3 draw 7z", "3 discard 7z tsumogiri", "ryuukyoku exhaustive deltas=[0 0 0 0]"},
	}, {
		name: "open kan: placeholder, replacement draw, dora before the discard",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				dora:  "1m2m",
				hands: [4]string{"222z123456789m1p", "2z123456789s123p", handC, handD},
				in:    [4]string{`41,"424242m42",31`, "29", "", ""},
				out:   [4]string{"21,0,60", "42", "", ""},
				res:   `["和了",[-2000,2000,0,0],[1,0,1,"40符1飜2000点","役牌 中(1飜)"]]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 1p", "1 draw 9p", "1 discard 2z", "0 call open_kan 2222z from 1 taking 2z",
			"0 draw 1s replacement", "dora 2m", "0 discard 1s tsumogiri", "win 1 from 0 liable -1 deltas=[-2000 2000 0 0]"},
	}, {
		name: "closed kan: dora at once, rinshan tsumo",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				dora:  "1m2m",
				hands: [4]string{"777z1234567899m", handB, handC, handD},
				in:    [4]string{"47,11", "", "", ""},
				out:   [4]string{`"474747a47"`, "", "", ""},
				res:   `["和了",[6000,-2000,-2000,-2000],[0,0,0,"満貫2000点∀","嶺上開花(1飜)","役牌 中(1飜)"]]`,
			})
		},
		want: []string{"0 draw 7z", "0 closed_kan 7777z", "dora 2m", "0 draw 1m replacement",
			"win 0 from 0 liable -1 deltas=[6000 -2000 -2000 -2000]"},
	}, {
		name: "open kan and rinshan tsumo without the trailing 0: its dora is never revealed",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{"222z123456789m1p", "2z123456789s123p", handC, handD},
				in:    [4]string{`41,"424242m42",31`, "29", "", ""},
				out:   [4]string{"21", "42", "", ""},
				res:   `["和了",[6000,-2000,-2000,-2000],[0,0,0,"満貫2000点∀","嶺上開花(1飜)"]]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 1p", "1 draw 9p", "1 discard 2z", "0 call open_kan 2222z from 1 taking 2z",
			"0 draw 1s replacement", "win 0 from 0 liable -1 deltas=[6000 -2000 -2000 -2000]"},
	}, {
		name: "added kan robbed (chankan)",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{"1123456789m123p", handB, handC, handD},
				in:    [4]string{`45,"p111111",11`, "46,41", "47,42", "44,43"},
				out:   [4]string{`60,19,"k11111111"`, "60,60", "60,60", "11,60"},
				res:   `["和了",[-2600,0,2600,0],[2,0,2,"40符2飜2600点","槍槓(1飜)","ドラ(1飜)"]]`,
			})
		},
		want: []string{"0 draw 5z", "0 discard 5z tsumogiri", "1 draw 6z", "1 discard 6z tsumogiri", "2 draw 7z", "2 discard 7z tsumogiri",
			"3 draw 4z", "3 discard 1m", "0 call pon 111m from 3 taking 1m", "0 discard 9m", "1 draw 1z", "1 discard 1z tsumogiri",
			"2 draw 2z", "2 discard 2z tsumogiri", "3 draw 3z", "3 discard 3z tsumogiri", "0 draw 1m", "0 added_kan 1m onto 1111m",
			"win 2 from 0 liable -1 deltas=[-2600 0 2600 0]"},
	}, {
		name: "three players: kita and its replacement draw",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{"19m19p19s1234567z", "1199m1199p1199s5z", "1199m1199p1199s6z", ""},
				in:    [4]string{"44,21", "39", "29", ""},
				out:   [4]string{`"f44",60`, "60", "", ""},
				res:   `["和了",[-1000,-500,1500,0],[2,2,2,"30符1飜500-1000点","門前清自摸和(1飜)"]]`,
			})
		},
		want: []string{"0 draw 4z", "0 kita 4z", "0 draw 1p replacement", "0 discard 1p tsumogiri", "1 draw 9s", "1 discard 9s tsumogiri",
			"2 draw 9p", "win 2 from 2 liable -1 deltas=[-1000 -500 1500 0]"},
	}, {
		name: "double ron with pao",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{handA, handB, handC, handD},
				in:    [4]string{"41", "", "", ""},
				out:   [4]string{"15", "", "", ""},
				res: `["和了",[-8000,8000,0,0],[1,0,1,"満貫8000点","役牌 白(1飜)","ドラ(3飜)"],` +
					`[0,0,32000,-32000],[2,0,3,"役満32000点","大三元(役満)"]]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 5m", "win 1 from 0 liable -1 deltas=[-8000 8000 0 0]", "win 2 from 0 liable 3 deltas=[0 0 32000 -32000]"},
	}, {
		name: "nine terminals",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{handD, handA, handB, handC},
				in:    [4]string{"41", "", "", ""},
				res:   `["九種九牌"]`,
			})
		},
		want: []string{"0 draw 1z", "ryuukyoku nine_terminals deltas=[0 0 0 0]"},
	}, {
		name: "four riichi: the fourth stick is paid",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{handA, handB, handC, handD},
				in:    [4]string{"41", "42", "43", "44"},
				out:   [4]string{`"r60"`, `"r60"`, `"r60"`, `"r60"`},
				res:   `["四家立直"]`,
			})
		},
		want: []string{"0 draw 1z", "0 riichi", "0 discard 1z tsumogiri", "0 riichi_accepted", "1 draw 2z", "1 riichi", "1 discard 2z tsumogiri", "1 riichi_accepted",
			"2 draw 3z", "2 riichi", "2 discard 3z tsumogiri", "2 riichi_accepted", "3 draw 4z", "3 riichi", "3 discard 4z tsumogiri", "3 riichi_accepted",
			"ryuukyoku four_riichi deltas=[0 0 0 0]"},
	}, {
		name: "triple ron on a riichi discard: no stick",
		doc: func(t *testing.T) string {
			return doc(t, editorHead, rnd{
				hands: [4]string{handA, handB, handC, handD},
				in:    [4]string{"41", "", "", ""},
				out:   [4]string{`"r60"`, "", "", ""},
				res:   `["三家和了"]`,
			})
		},
		want: []string{"0 draw 1z", "0 riichi", "0 discard 1z tsumogiri", "ryuukyoku triple_ron deltas=[0 0 0 0]"},
	}, {
		name: "escaped call string and a byte order mark",
		doc: func(t *testing.T) string {
			return "\xef\xbb\xbf" + doc(t, editorHead, rnd{
				hands: [4]string{"123456789m55p33z", "46p19s123456789m", "55p1239s1234567z", handD},
				in:    [4]string{"41", "", `"25\u00702525"`, ""},
				out:   [4]string{"25", "", "39", ""},
				res:   `["和了",[0,0,-1000,1000],[3,2,3,"30符1飜1000点","役牌 白(1飜)"]]`,
			})
		},
		want: []string{"0 draw 1z", "0 discard 5p", "2 call pon 555p from 0 taking 5p", "2 discard 9s", "win 3 from 2 liable -1 deltas=[0 0 -1000 1000]"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.doc(t)
			g, err := decodeString(t, data)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, play(g)); d != "" {
				t.Errorf("events (-want +got):\n%s", d)
			}
			if err := checkPlay(g, false); err != nil {
				t.Error(err)
			}
			if err := checkOffsets([]byte(data), g); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRecords checks the records and flags of a few rounds in detail.
func TestRecords(t *testing.T) {
	t.Run("open kan dora and win record", func(t *testing.T) {
		g, err := decodeString(t, doc(t, editorHead, rnd{
			dora: "1m2m", ura: "3m4m",
			hands: [4]string{"222z123456789m1p", "2z123456789s123p", handC, handD},
			in:    [4]string{`41,"424242m42",31`, "29", "", ""},
			out:   [4]string{"21,0,60", `"r42"`, "", ""},
			res:   `["和了",[-3900,3900,0,0],[1,0,1,"30符3飜3900点","立直(1飜)","一発(1飜)","裏ドラ(1飜)"]]`,
		}))
		if err != nil {
			t.Fatal(err)
		}
		var dora *event.Event
		for i := range g.Events {
			if g.Events[i].Type == event.Dora {
				dora = &g.Events[i]
			}
		}
		if dora == nil || dora.Flags&event.TimingUnknown == 0 || dora.Tile != tile.Of(tile.Man2) {
			t.Errorf("dora event %+v", dora)
		}
		w := g.Wins[0]
		want := event.WinRecord{Winner: 1, From: 0, Liable: event.NoSeat, HandLen: 14, WinTile: tile.Of(tile.Sou1),
			Fu: 30, Han: 3, Points: 3900, NYaku: 3, NDora: 2, NUra: 2,
			Deltas: [4]int32{-3900, 3900, 0, 0},
			Known: event.KnownHand | event.KnownMelds | event.KnownFu | event.KnownHan | event.KnownPoints | event.KnownYaku |
				event.KnownDora | event.KnownUra | event.KnownDeltas}
		want.Yaku[0], want.Yaku[1], want.Yaku[2] = event.Yaku{ID: 1, Han: 1}, event.Yaku{ID: 2, Han: 1}, event.Yaku{ID: 53, Han: 1}
		want.Dora[0], want.Dora[1] = tile.Of(tile.Man1), tile.Of(tile.Man2)
		want.Ura[0], want.Ura[1] = tile.Of(tile.Man3), tile.Of(tile.Man4)
		// The winner's concealed tiles and the ron tile, sorted.
		copy(want.Hand[:], mustTiles(t, "1239p1123456789s"))
		if d := cmp.Diff(want, w); d != "" {
			t.Errorf("win record (-want +got):\n%s", d)
		}
		if g.Meta.Platform != event.Tenhou || g.Meta.Rules.RedFives != [3]int8{1, 1, 1} || g.Meta.Length != event.EastSouth || g.Meta.Rules.OpenTanyao != event.FlagYes {
			t.Errorf("meta %+v", g.Meta)
		}
		if g.Complete() {
			t.Error("an editor file has no game end")
		}
	})
	t.Run("official metadata, final scores, connection", func(t *testing.T) {
		head := `{"ver":2.3,"ref":"2016022509gm-00a9-0000-b327da61","log":[`
		tail := `],"connection":[{"what":0,"log":0,"who":2,"step":2},{"what":1,"log":0,"who":2,"step":4}],"ratingc":"PF4",` +
			`"rule":{"disp":"鳳東喰赤速","aka53":1,"aka52":1,"aka51":0},"lobby":0,"dan":["七段","天鳳","新人","１級"],"rate":[2000.5,2100,1500,1600],` +
			`"sx":["M","F","M","C"],"sc":[34500,44.5,25000,5,20500,-17,20000,-32.5],"name":["a","b","c","d"]}`
		r := rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "25", "42", "43"},
			out:   [4]string{"60", "41", "60", "11"},
			res:   `["流局",[1500,-500,-500,-500]]`,
		}
		g, err := decodeString(t, head+r.json(t)+tail)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"0 draw 1z", "0 discard 1z tsumogiri", "2 disconnect", "1 draw 5p", "1 discard 1z", "2 reconnect", "2 draw 2z", "2 discard 2z tsumogiri",
			"3 draw 3z", "3 discard 1m", "ryuukyoku exhaustive deltas=[1500 -500 -500 -500]", "end scores=[34500 25000 20500 20000]"}
		if d := cmp.Diff(want, play(g)); d != "" {
			t.Errorf("events (-want +got):\n%s", d)
		}
		m := g.Meta
		if m.ID != "2016022509gm-00a9-0000-b327da61" || m.Platform != event.Tenhou || m.Rules.TenhouType != 0xa9 || m.Rules.TenhouLobby != 0 ||
			m.Length != event.EastOnly || m.Rules.Fast != event.FlagYes || m.Rules.RedFives != [3]int8{0, 1, 1} || m.StartingPoints != 25000 {
			t.Errorf("meta %+v", m)
		}
		if m.Seats[1].Rank != "天鳳" || m.Seats[1].RankIndex != 20 || m.Seats[0].Rate != 2000.5 || m.Seats[3].Sex != 'C' || m.Seats[2].Name != "c" {
			t.Errorf("seats %+v", m.Seats)
		}
		if e := g.End[0]; e.Points != [4]float64{44.5, 5, -17, -32.5} || e.Known != event.KnownScores|event.KnownPoints2 {
			t.Errorf("end %+v", e)
		}
	})
	t.Run("Mahjong Soul conversion", func(t *testing.T) {
		head := `{"ver":"2.3","ref":"231014-84c11a6f-b3f7-4363-966e-25f37886cfbf","ratingc":"PF4","rule":{"disp":"玉の間南喰","aka53":1,"aka52":1,"aka51":1},` +
			`"lobby":0,"dan":["雀豪★1","雀傑★2","雀聖★3","雀士★1"],"rate":[1,2,3,4],"sx":["C","C","C","C"],"name":["a","b","c","d"],"title":["玉の間南喰","Sat, 14 Oct 2023 14:54:59 GMT"],"log":[`
		g, err := decodeString(t, doc(t, head, rnd{
			hands: [4]string{handA, handB, handC, handD},
			in:    [4]string{"41", "42", "", ""},
			out:   [4]string{"60", "", "", ""},
			res:   `["和了",[-1000,2000,-500,-500],[1,1,1,"30符3飜500-1000点","役牌:自風牌(1飜)","役牌:場風牌(1飜)","裏ドラ(0飜)"]]`,
		}))
		if err != nil {
			t.Fatal(err)
		}
		if g.Meta.Platform != event.Majsoul || g.Meta.Rules.TenhouType != -1 || g.Meta.Seats[0].RankIndex != -1 {
			t.Errorf("meta %+v", g.Meta)
		}
		if f := g.Events[3].Flags; g.Events[3].Type != event.Discard || f != event.TsumogiriUnknown {
			t.Errorf("dealer's first discard %+v: its tsumogiri is tensoul's guess", g.Events[3])
		}
		w := g.Wins[0]
		if d := cmp.Diff([]event.Yaku{{ID: 11, Han: 1}, {ID: 14, Han: 1}, {ID: 53, Han: 0}}, w.YakuList()); d != "" {
			t.Errorf("yaku (-want +got):\n%s", d)
		}
		if w.Points != 2000 || w.Han != 2 {
			t.Errorf("points %d han %d", w.Points, w.Han)
		}
	})
	t.Run("JSON lines: one round per line", func(t *testing.T) {
		r0 := rnd{hands: [4]string{handA, handB, handC, handD}, in: [4]string{"41", "", "", ""}, res: `["九種九牌"]`}
		r1 := rnd{hdr: "0,1,0", hands: [4]string{handD, handA, handB, handC}, in: [4]string{"41", "", "", ""}, res: `["九種九牌"]`}
		s := doc(t, editorHead, r0) + "\n" + doc(t, editorHead, r1) + "\n"
		g, err := decodeString(t, s)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Rounds) != 2 || g.Rounds[1].Honba != 1 || g.Rounds[1].Hands[0][0] != tile.Of(tile.Man1) {
			t.Errorf("rounds %+v", g.Rounds)
		}
	})
}

func mustTiles(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// TestBrokenRounds: a round whose order of play cannot be rebuilt (a
// discard of a tile the seat does not hold, items left over, a result that
// does not fit the play, an indicator without a kan) is a Broken event at
// the item that got furthest, naming the act, its seat and its tile; the
// game decodes without an error, and the next round is read as recorded.
func TestBrokenRounds(t *testing.T) {
	good := rnd{
		hands: [4]string{handA, handB, handC, handD},
		in:    [4]string{"41", "25", "42", "43"},
		out:   [4]string{"60", "41", "60", "11"},
		res:   `["流局",[1500,-500,-500,-500]]`,
	}
	next := good
	next.hdr = "1,0,0"
	tests := []struct {
		name string
		bad  func(r *rnd)
		msg  string
		at   string // the Broken event's offset is where this text starts (§ marks it when given)
		act  event.Type
		seat event.Seat
		tile string
	}{
		{name: "discard not in hand", bad: func(r *rnd) { r.out[1] = "§47" }, msg: "seat 1 discards 7z, which it does not hold", at: "§", act: event.Discard, seat: 1, tile: "7z"},
		{name: "items left over", bad: func(r *rnd) { r.out[3] = "11,12" }, msg: "cannot rebuild", seat: event.NoSeat},
		{name: "a tsumo after a discard", bad: func(r *rnd) { r.res = `["和了",[0,0,0,0],[3,3,3,"満貫8000点"]]` }, msg: "seat 3 winning from seat 3", seat: event.NoSeat},
		{name: "dora without a kan", bad: func(r *rnd) { r.dora = "1m2m" }, msg: "kan indicators", seat: event.NoSeat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := good
			tt.bad(&r)
			s := doc(t, editorHead, r, next)
			at := -1
			if tt.at != "" {
				at = strings.Index(s, tt.at)
				s = strings.Replace(s, tt.at, "", 1)
			}
			g, err := decodeString(t, s)
			if err != nil {
				t.Fatal(err)
			}
			var broken []*event.Event
			rounds, ends := 0, 0
			for i := range g.Events {
				switch e := &g.Events[i]; e.Type {
				case event.Broken:
					broken = append(broken, e)
				case event.RoundStart:
					rounds++
				case event.Ryuukyoku:
					ends++
				}
			}
			if len(broken) != 1 || rounds != 2 || ends != 1 {
				t.Fatalf("%d broken rounds, %d rounds, %d ends: want the first round broken and the second read", len(broken), rounds, ends)
			}
			e := broken[0]
			br := g.BreakOf(e)
			if br == nil || !strings.Contains(br.Message, tt.msg) || !strings.Contains(br.Message, "left out") {
				t.Errorf("record %+v does not say %q and what is left out", br, tt.msg)
			}
			if e.Seat != tt.seat || br.Act != tt.act || (tt.tile != "" && e.Tile.String() != tt.tile) {
				t.Errorf("act %v by seat %d with %v, want %v by %d with %s", br.Act, e.Seat, e.Tile, tt.act, tt.seat, tt.tile)
			}
			if at >= 0 && int(e.Pos.Offset) != at {
				t.Errorf("offset %d, want %d (%q)", e.Pos.Offset, at, s[at:min(at+10, len(s))])
			}
		})
	}
}

func TestErrors(t *testing.T) {
	good := rnd{
		hands: [4]string{handA, handB, handC, handD},
		in:    [4]string{"41", "25", "42", "43"},
		out:   [4]string{"60", "41", "60", "11"},
		res:   `["流局",[1500,-500,-500,-500]]`,
	}
	bad := func(f func(r *rnd)) func(t *testing.T) string {
		return func(t *testing.T) string {
			r := good
			f(&r)
			return doc(t, editorHead, r)
		}
	}
	tests := []struct {
		name     string
		doc      func(t *testing.T) string
		sentinel error
		msg      string
		at       string // the error's offset is where this text starts (§ marks it when given)
		events   int    // at least this many events are kept
	}{
		{name: "empty", doc: func(*testing.T) string { return "  " }, sentinel: event.ErrSyntax, msg: "empty input"},
		{name: "not an object", doc: func(*testing.T) string { return "[1,2]" }, sentinel: event.ErrSyntax, msg: "not an object"},
		{name: "no log", doc: func(*testing.T) string { return `{"title":["",""]}` }, sentinel: event.ErrSyntax, msg: `no "log" array`},
		{name: "empty log", doc: func(*testing.T) string { return `{"log":[]}` }, sentinel: event.ErrValue, msg: "no rounds"},
		{name: "comment", doc: func(*testing.T) string { return "{\"log\": [ §// rounds\n]}" }, sentinel: event.ErrSyntax, msg: "comment", at: "§"},
		{name: "stray character", doc: func(*testing.T) string { return `{"log":[]§x}` }, sentinel: event.ErrSyntax, msg: "',' or '}' expected", at: "§"},
		{name: "truncated after a round", doc: func(t *testing.T) string {
			s := doc(t, editorHead, good, rnd{hdr: "1,0,0", hands: good.hands, in: good.in, out: good.out, res: good.res})
			return s[:len(s)-40]
		}, sentinel: event.ErrTruncated, msg: "truncated", events: 11},
		{name: "mpsz tiles", doc: func(*testing.T) string {
			return `{"log":[§[[0,0,0,250,250,250,250],["3s"],[],["2m","2m"],[],[],[],[],[],[],[],[],[],[],[],[]]]}`
		}, sentinel: event.ErrSyntax, msg: "mpsz", at: "§"},
		{name: "bad tile code", doc: bad(func(r *rnd) { r.in[1] = "§20" }), sentinel: event.ErrValue, msg: "20 is not a tile code", at: "§"},
		{name: "bad call string", doc: bad(func(r *rnd) { r.in[1] = `§"x252525"` }), sentinel: event.ErrValue, msg: "unknown letter", at: "§"},
		{name: "chi that is not a run", doc: bad(func(r *rnd) { r.in[1] = `§"c252729"` }), sentinel: event.ErrValue, msg: "consecutive", at: "§"},
		{name: "unknown result", doc: bad(func(r *rnd) { r.res = `§["foo"]` }), sentinel: event.ErrValue, msg: `unknown result "foo"`, at: "§"},
		{name: "a hand of one tile", doc: bad(func(r *rnd) { r.hands[2] = "1m" }), sentinel: event.ErrValue, msg: "1 tiles, want 13"},
		{name: "two games", doc: func(t *testing.T) string {
			return doc(t, editorHead, good) + "\n" + doc(t, editorHead, good)
		}, sentinel: event.ErrUnsupported, msg: "more than one game"},
		{name: "round header", doc: bad(func(r *rnd) { r.hdr = "0,0" }), sentinel: event.ErrSyntax, msg: "[round, honba, sticks]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.doc(t)
			at := -1
			if tt.at != "" {
				at = strings.Index(s, tt.at)
				s = strings.Replace(s, tt.at, "", 1)
			}
			g, err := decodeString(t, s)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, tt.sentinel) {
				t.Errorf("%v does not wrap %v", err, tt.sentinel)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("%v does not say %q", err, tt.msg)
			}
			var pe *event.Error
			errors.As(err, &pe)
			if pe.Path != "test.json" || pe.Format != event.FormatTenhou6 {
				t.Errorf("error %+v", pe)
			}
			if at >= 0 && pe.Offset != int64(at) {
				t.Errorf("offset %d, want %d (%q)", pe.Offset, at, s[at:min(at+10, len(s))])
			}
			if len(g.Events) < tt.events {
				t.Errorf("%d events kept, want at least %d", len(g.Events), tt.events)
			}
		})
	}
}

func TestParseScore(t *testing.T) {
	tests := []struct {
		s    string
		want scoreInfo
	}{
		{"30符2飜2000点", scoreInfo{fu: 30, han: 2, hasFu: true, hasLimit: true, a: 2000, hasPayment: true}},
		{"40符3飜1300-2600点", scoreInfo{fu: 40, han: 3, hasFu: true, hasLimit: true, a: 1300, b: 2600, hasB: true, hasPayment: true}},
		{"30符4飜3900点∀", scoreInfo{fu: 30, han: 4, hasFu: true, hasLimit: true, a: 3900, all: true, hasPayment: true}},
		{"満貫2000-4000点", scoreInfo{limit: event.Mangan, hasLimit: true, a: 2000, b: 4000, hasB: true, hasPayment: true}},
		{"跳満6000点∀", scoreInfo{limit: event.Haneman, hasLimit: true, a: 6000, all: true, hasPayment: true}},
		{"倍満16000点", scoreInfo{limit: event.Baiman, hasLimit: true, a: 16000, hasPayment: true}},
		{"三倍満24000点", scoreInfo{limit: event.Sanbaiman, hasLimit: true, a: 24000, hasPayment: true}},
		{"役満32000点", scoreInfo{limit: event.Yakuman, hasLimit: true, a: 32000, hasPayment: true}},
		{"数え役満16000点∀", scoreInfo{limit: event.Yakuman, hasLimit: true, a: 16000, all: true, hasPayment: true}},
		{"切り上げ満貫7700点", scoreInfo{limit: event.Mangan, hasLimit: true, a: 7700, hasPayment: true}},
		{"満貫2000-4000点∀1枚", scoreInfo{limit: event.Mangan, hasLimit: true, a: 2000, b: 4000, hasB: true, all: true, hasPayment: true}},
		{"Mangan 8000点", scoreInfo{limit: event.Mangan, hasLimit: true, a: 8000, hasPayment: true}},
		{"+2500点", scoreInfo{unrecognised: true}},
		{"", scoreInfo{unrecognised: true}},
		{"30符", scoreInfo{unrecognised: true}},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if d := cmp.Diff(tt.want, parseScore([]byte(tt.s)), cmp.AllowUnexported(scoreInfo{})); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestYaku(t *testing.T) {
	tests := []struct {
		s       string
		id      event.YakuID
		unknown bool // a name of no yaku
		han     int
		fail    bool
	}{
		{s: "立直(1飜)", id: 1, han: 1},
		{s: "自風 南(1飜)", id: 11, han: 1},
		{s: "場風 東(1飜)", id: 14, han: 1},
		{s: "役牌 發(1飜)", id: 19, han: 1},
		{s: "ドラ(3飜)", id: 52, han: 3},
		{s: "裏ドラ(0飜)", id: 53, han: 0},
		{s: "国士無双１３面(役満)", id: 48, han: 13},
		{s: "大三元(役満)", id: 39, han: 13},
		{s: "両立直(2飜)", id: 21, han: 2},
		{s: "ダブル立直(2飜)", id: 21, han: 2},
		{s: "抜きドラ(2飜)", id: event.YakuKitaDora, han: 2},
		{s: "八連荘(役満)", id: event.YakuPaarenchan, han: 13},
		{s: "Riichi(1飜)", id: 1, han: 1},
		{s: "Ura Dora(0飜)", id: 53, han: 0},
		{s: "役牌:自風牌(1飜)", id: yaku.AnySeatWind, han: 1},
		{s: "謎の役(1飜)", unknown: true, han: 1},
		{s: "立直", fail: true},
		{s: "立直(x飜)", fail: true},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			name, han, ok := parseYaku([]byte(tt.s))
			if ok == tt.fail {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			if id, isYaku := yaku.FromTenhou6(name); isYaku == tt.unknown || isYaku && id != tt.id || han != tt.han {
				t.Errorf("got %v (a yaku: %v) %d, want %v (a yaku: %v) %d", id, isYaku, han, tt.id, !tt.unknown, tt.han)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"般南喰赤"},"log":[]}`, true},
		{`{"ver":2.3,"ref":"x","log":[[[0,0,0]]]}`, true},
		{"\xef\xbb\xbf \n{\"log\" : [ \n [", true},
		{`{"log":[]}` + "\n" + `{"log":[]}`, true},
		{`<mjloggm ver="2.3"><GO type="169"/></mjloggm>`, false},
		{`{"type":"start_game","names":["a","b","c","d"]}`, false},
		{`{"head":{"uuid":"x"},"data":{"log":"abc"}}`, false},
		{`{"type":"dahai","log":["x"]}`, false},
		{`[{"log":[[]]}]`, false},
		{``, false},
		{`{"log":{}}`, false},
	}
	for _, tt := range tests {
		if got := detect([]byte(tt.in)); got != tt.want {
			t.Errorf("detect(%q) = %v", tt.in, got)
		}
	}
}

// TestWarnings covers converter mistakes the decoder works around, saying
// so in Meta.Warnings.
func TestWarnings(t *testing.T) {
	tests := []struct {
		name  string
		r     rnd
		warn  string
		check func(t *testing.T, g *event.Game)
	}{{
		name: "a draw written with a stray letter",
		r: rnd{hands: [4]string{handA, handB, handC, handD}, in: [4]string{`"p47"`, "", "", ""}, out: [4]string{"60", "", "", ""},
			res: `["和了",[-1000,1000,0,0],[1,0,1,"30符1飜1000点","役牌 中(1飜)"]]`},
		warn: `incoming item "p47" has one tile and no own tiles`,
		check: func(t *testing.T, g *event.Game) {
			if e := g.Events[2]; e.Type != event.Draw || e.Tile != tile.Of(tile.Chun) {
				t.Errorf("event %+v, want the draw of 7z", e)
			}
		},
	}, {
		name: "an unknown yaku",
		r: rnd{hands: [4]string{handA, handB, handC, handD}, in: [4]string{"41", "", "", ""}, out: [4]string{"60", "", "", ""},
			res: `["和了",[-1000,1000,0,0],[1,0,1,"30符2飜2000点","謎の役(1飜)","ドラ(1飜)"]]`},
		warn: `unknown yaku "謎の役"`,
		check: func(t *testing.T, g *event.Game) {
			w := g.Wins[0]
			if w.Known&event.KnownYaku != 0 || w.NYaku != 0 || w.Known&event.KnownHan == 0 || w.Han != 2 {
				t.Errorf("win %+v: the yaku are unknown, the han known", w)
			}
		},
	}, {
		name: "a score string that is not understood",
		r: rnd{hands: [4]string{handA, handB, handC, handD}, in: [4]string{"41", "", "", ""}, out: [4]string{"60", "", "", ""},
			res: `["和了",[-1000,1000,0,0],[1,0,1,"+2500点"]]`},
		warn: `score "+2500点" not understood`,
		check: func(t *testing.T, g *event.Game) {
			if w := g.Wins[0]; w.Known&(event.KnownPoints|event.KnownFu|event.KnownHan|event.KnownYaku) != 0 || w.Points != 0 {
				t.Errorf("win %+v: points unknown", w)
			}
		},
	}, {
		name: "an added kan string with the k in the wrong place",
		r: rnd{hands: [4]string{"1123456789m123p", handB, handC, handD},
			in:  [4]string{`45,"p111111",11`, "46,41", "47,42", "44,43"},
			out: [4]string{`60,19,"1111k1111"`, "60,60", "60,60", "11,60"},
			res: `["和了",[-2600,0,2600,0],[2,0,2,"40符2飜2600点","槍槓(1飜)","ドラ(1飜)"]]`},
		warn: "added kan string's letter position",
		check: func(t *testing.T, g *event.Game) {
			for _, e := range g.Events {
				if e.Type == event.AddedKan && e.From != 3 {
					t.Errorf("added kan from %d, want 3 (the pon's)", e.From)
				}
			}
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := decodeString(t, doc(t, editorHead, tt.r))
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Meta.Warnings) != 1 || !strings.Contains(g.Meta.Warnings[0], tt.warn) {
				t.Errorf("warnings %q, want one saying %q", g.Meta.Warnings, tt.warn)
			}
			tt.check(t, g)
			if err := checkPlay(g, false); err != nil {
				t.Error(err)
			}
		})
	}
}
