package rulegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Mjai writes g as mjai JSON lines (docs/formats.md): start_game, each
// hand's start_kyoku, tsumo, dahai (with tsumogiri), reach and
// reach_accepted, chi, pon, daiminkan, ankan, kakan, dora, hora (the
// winner, the discarder, the tile, the score changes and the ura
// indicators), ryukyoku (its reason, score changes, the hands shown, "?"
// for those not shown, and the tenpai declared), end_kyoku and end_game
// (the final scores; none for a game the log does not end, a fragment). The format has no place for the game's length, its
// final points or a win's yaku and value: a reader computes them.
func Mjai(g *event.Game) ([]byte, error) {
	var b strings.Builder
	players := g.Meta.PlayerCount()
	pai := func(x tile.Tile) string {
		if !x.Valid() {
			return `"?"`
		}
		k := x.Kind()
		if k.IsHonor() {
			return `"` + string("ESWNPFC"[k-tile.East]) + `"`
		}
		s := strconv.Itoa(k.Number()) + string("mps"[k.Suit()])
		if x.Red() {
			s += "r"
		}
		return `"` + s + `"`
	}
	list := func(ts []tile.Tile) string {
		parts := make([]string, len(ts))
		for i, x := range ts {
			parts[i] = pai(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	ints := func(xs []int32) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(int(x))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	names := make([]string, players)
	for s := range players {
		names[s] = strconv.Quote(g.Meta.Seats[s].Name)
	}
	fmt.Fprintf(&b, `{"type":"start_game","names":[%s]}`+"\n", strings.Join(names, ","))
	open := false
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.GameStart:
		case event.RoundStart:
			r := &g.Rounds[e.Ref]
			hands := make([]string, players)
			for s := range players {
				hands[s] = list(r.Hands[s][:])
			}
			fmt.Fprintf(&b, `{"type":"start_kyoku","bakaze":"%c","dora_marker":%s,"kyoku":%d,"honba":%d,"kyotaku":%d,"oya":%d,"scores":%s,"tehais":[%s]}`+"\n",
				"ESWN"[r.Wind&3], pai(r.Dora), r.Number, r.Honba, r.Sticks, r.Dealer, ints(r.Scores[:players]), strings.Join(hands, ","))
			open = true
		case event.Draw:
			fmt.Fprintf(&b, `{"type":"tsumo","actor":%d,"pai":%s}`+"\n", e.Seat, pai(e.Tile))
		case event.Discard:
			fmt.Fprintf(&b, `{"type":"dahai","actor":%d,"pai":%s,"tsumogiri":%v}`+"\n", e.Seat, pai(e.Tile), e.Flags&event.Tsumogiri != 0)
		case event.Riichi:
			fmt.Fprintf(&b, `{"type":"reach","actor":%d}`+"\n", e.Seat)
		case event.RiichiAccepted:
			fmt.Fprintf(&b, `{"type":"reach_accepted","actor":%d}`+"\n", e.Seat)
		case event.Call:
			typ := "daiminkan"
			switch e.Meld.Kind {
			case event.MeldChi:
				typ = "chi"
			case event.MeldPon:
				typ = "pon"
			}
			var own []tile.Tile
			for k, t := range e.Meld.Slice() {
				if k != int(e.Meld.Called) {
					own = append(own, t)
				}
			}
			fmt.Fprintf(&b, `{"type":"%s","actor":%d,"target":%d,"pai":%s,"consumed":%s}`+"\n", typ, e.Seat, e.From, pai(e.Tile), list(own))
		case event.ClosedKan:
			fmt.Fprintf(&b, `{"type":"ankan","actor":%d,"consumed":%s}`+"\n", e.Seat, list(e.Meld.Slice()))
		case event.AddedKan:
			var pon []tile.Tile
			added := false
			for _, t := range e.Meld.Slice() {
				if t == e.Tile && !added {
					added = true
					continue
				}
				pon = append(pon, t)
			}
			fmt.Fprintf(&b, `{"type":"kakan","actor":%d,"pai":%s,"consumed":%s}`+"\n", e.Seat, pai(e.Tile), list(pon))
		case event.Dora:
			fmt.Fprintf(&b, `{"type":"dora","dora_marker":%s}`+"\n", pai(e.Tile))
		case event.Ryuukyoku:
			r := &g.Ryuukyoku[e.Ref]
			reason, ok := mjaiReason(r.Kind)
			if !ok {
				return nil, fmt.Errorf("%w: mjai: a draw of kind %v", ErrBuild, r.Kind)
			}
			fmt.Fprintf(&b, `{"type":"ryukyoku","reason":"%s","deltas":%s`, reason, ints(r.Deltas[:players]))
			if r.Known&event.KnownHand != 0 {
				hands := make([]string, players)
				for s := range players {
					h := r.HandTiles(event.Seat(s))
					if !r.Revealed[s] {
						h = make([]tile.Tile, 13) // "?"
					}
					hands[s] = list(h)
				}
				fmt.Fprintf(&b, `,"tehais":[%s]`, strings.Join(hands, ","))
			}
			if r.Tenpai[0] != event.FlagUnknown {
				flags := make([]string, players)
				for s := range players {
					flags[s] = strconv.FormatBool(r.Tenpai[s] == event.FlagYes)
				}
				fmt.Fprintf(&b, `,"tenpais":[%s]`, strings.Join(flags, ","))
			}
			b.WriteString("}\n")
		case event.Win:
			w := &g.Wins[e.Ref]
			fmt.Fprintf(&b, `{"type":"hora","actor":%d,"target":%d,"pai":%s,"deltas":%s`, w.Winner, w.From, pai(w.WinTile), ints(w.Deltas[:players]))
			if w.NUra > 0 {
				fmt.Fprintf(&b, `,"ura_markers":%s`, list(w.UraList()))
			}
			b.WriteString("}\n")
		case event.GameEnd:
			end := &g.End[e.Ref]
			if end.Known&event.KnownScores != 0 {
				fmt.Fprintf(&b, `{"type":"end_game","scores":%s}`+"\n", ints(end.Scores[:players]))
			} else {
				b.WriteString(`{"type":"end_game"}` + "\n")
			}
			return []byte(b.String()), nil
		default:
			return nil, fmt.Errorf("%w: mjai: no %v", ErrBuild, e.Type)
		}
		if e.Type == event.Win || e.Type == event.Ryuukyoku {
			if i+1 == len(g.Events) || g.Events[i+1].Type != event.Win {
				b.WriteString(`{"type":"end_kyoku"}` + "\n")
				open = false
			}
		}
	}
	if open {
		return nil, fmt.Errorf("%w: mjai: a hand without its end", ErrBuild)
	}
	b.WriteString(`{"type":"end_game"}` + "\n")
	return []byte(b.String()), nil
}

// mjaiReason returns mjai's name of a way a hand ends without a winner.
func mjaiReason(k event.RyuukyokuKind) (string, bool) {
	switch k {
	case event.Exhaustive:
		return "fanpai", true
	case event.Nagashi:
		return "nagashimangan", true
	case event.NineTerminals:
		return "kyushukyuhai", true
	case event.FourWinds:
		return "sufonrenta", true
	case event.FourRiichi:
		return "suchareach", true
	case event.TripleRon:
		return "sanchaho", true
	case event.FourKans:
		return "sukaikan", true
	}
	return "", false
}
