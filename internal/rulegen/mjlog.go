package rulegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// Mjlog writes g as Tenhou's mjlog XML (docs/tenhou-formats.md §1): GO
// (the rules: length, players, red fives; lobby 0), UN, TAIKYOKU, then per
// hand INIT, the draws and discards (T/U/V/W, D/E/F/G with the tiles'
// ids), REACH (its step 2 with the scores after the stick), N (the meld
// codes of §1.3), DORA, AGARI (the hand, melds, value, yaku, dora and ura,
// sc) and RYUUKYOKU (type, sc, the hands shown), the last with the final
// scores and points (owari; empty when the game has no end, which a
// reader takes for a game the server stopped). It writes no SHUFFLE: the wall is not the one
// of a seed. The game's tiles must carry their ids (Builder's do).
func Mjlog(g *event.Game) ([]byte, error) {
	m := &g.Meta
	if !m.TileIDs {
		return nil, fmt.Errorf("%w: mjlog: the tiles carry no ids", ErrBuild)
	}
	players := m.PlayerCount()
	var b strings.Builder
	typ := 0x1
	if m.Length != event.EastOnly {
		typ |= 0x8
	}
	if players == 3 {
		typ |= 0x10
	}
	if m.Rules.RedFives == [3]int8{} {
		typ |= 0x2
	}
	b.WriteString(`<mjloggm ver="2.3">`)
	fmt.Fprintf(&b, `<GO type="%d" lobby="0"/>`, typ)
	b.WriteString("<UN")
	for s := range 4 {
		name := ""
		if s < players {
			name = pctEncode(m.Seats[s].Name)
		}
		fmt.Fprintf(&b, ` n%d="%s"`, s, name)
	}
	sx := "M,M,M,M"
	if players == 3 {
		sx = "M,M,M,C"
	}
	fmt.Fprintf(&b, ` dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="%s"/>`, sx)
	b.WriteString(`<TAIKYOKU oya="0"/>`)
	hundreds := func(xs [4]int32) string {
		parts := make([]string, 4)
		for s := range 4 {
			parts[s] = strconv.Itoa(int(xs[s] / 100))
		}
		return strings.Join(parts, ",")
	}
	ids := func(xs []tile.ID) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(int(x))
		}
		return strings.Join(parts, ",")
	}
	sc := func(before, deltas [4]int32) string {
		parts := make([]string, 0, 8)
		for s := range 4 {
			parts = append(parts, strconv.Itoa(int(before[s]/100)), strconv.Itoa(int(deltas[s]/100)))
		}
		return strings.Join(parts, ",")
	}
	// owari is the last result's attribute: the final scores and points,
	// or empty for a game that the log does not end (a fragment), as
	// Tenhou writes a game its server stopped.
	owari := func() string {
		for i := range g.End {
			e := &g.End[i]
			if e.Known&event.KnownScores == 0 {
				continue
			}
			parts := make([]string, 0, 8)
			for s := range 4 {
				parts = append(parts, strconv.Itoa(int(e.Scores[s]/100)), strconv.FormatFloat(e.Points[s], 'f', 1, 64))
			}
			return ` owari="` + strings.Join(parts, ",") + `"`
		}
		return ` owari=""`
	}
	// The melds made so far in the hand, by seat, as codes (most recent
	// last), and each seat's score after its riichi stick.
	var codes [4][]int
	var pending []int // riichi declared: step 2 follows the discard
	lastEnd := -1
	for i := range g.Events {
		if t := g.Events[i].Type; t == event.Win || t == event.Ryuukyoku {
			lastEnd = i
		}
	}
	for i := range g.Events {
		e := &g.Events[i]
		switch e.Type {
		case event.GameStart, event.GameEnd:
		case event.RoundStart:
			r := &g.Rounds[e.Ref]
			codes = [4][]int{}
			pending = pending[:0]
			fmt.Fprintf(&b, `<INIT seed="%d,%d,%d,0,0,%d" ten="%s" oya="%d"`, int(r.Wind)*4+int(r.Number)-1, r.Honba, r.Sticks, r.DoraID, hundreds(r.Scores), r.Dealer)
			for s := range 4 {
				h := ""
				if s < players {
					h = ids(r.HandIDs[s][:])
				}
				fmt.Fprintf(&b, ` hai%d="%s"`, s, h)
			}
			b.WriteString("/>")
		case event.Draw:
			fmt.Fprintf(&b, "<%c%d/>", "TUVW"[e.Seat], e.ID)
		case event.Discard:
			fmt.Fprintf(&b, "<%c%d/>", "DEFG"[e.Seat], e.ID)
			if slices.Contains(pending, int(e.Seat)) {
				pending = slices.DeleteFunc(pending, func(s int) bool { return s == int(e.Seat) })
			}
		case event.Riichi:
			fmt.Fprintf(&b, `<REACH who="%d" step="1"/>`, e.Seat)
			pending = append(pending, int(e.Seat))
		case event.RiichiAccepted:
			if e.Ref < 0 || int(e.Ref) >= len(g.Scores) {
				return nil, fmt.Errorf("%w: mjlog: a riichi stick without the scores after it", ErrBuild)
			}
			fmt.Fprintf(&b, `<REACH who="%d" step="2" ten="%s"/>`, e.Seat, hundreds(g.Scores[e.Ref]))
		case event.Call, event.ClosedKan, event.AddedKan:
			code, err := meldCode(&e.Meld, e.Seat, e.ID)
			if err != nil {
				return nil, err
			}
			if e.Type == event.AddedKan {
				// The added kan takes its pon's place.
				for k, c := range codes[e.Seat] {
					if c&0x8 != 0 && c>>9/3 == code>>9/3 {
						codes[e.Seat][k] = code
					}
				}
			} else {
				codes[e.Seat] = append(codes[e.Seat], code)
			}
			fmt.Fprintf(&b, `<N who="%d" m="%d"/>`, e.Seat, code)
		case event.Dora:
			fmt.Fprintf(&b, `<DORA hai="%d"/>`, e.ID)
		case event.Win:
			w := &g.Wins[e.Ref]
			fmt.Fprintf(&b, `<AGARI ba="%d,%d" hai="%s"`, w.Honba, w.Sticks, ids(w.HandIDs[:w.HandLen]))
			if len(codes[w.Winner]) > 0 {
				ms := slices.Clone(codes[w.Winner])
				slices.Reverse(ms)
				parts := make([]string, len(ms))
				for k, c := range ms {
					parts[k] = strconv.Itoa(c)
				}
				fmt.Fprintf(&b, ` m="%s"`, strings.Join(parts, ","))
			}
			fmt.Fprintf(&b, ` machi="%d" ten="%d,%d,%d"`, w.WinID, w.Fu, w.Points, w.Limit)
			var yk, ym []string
			for _, y := range w.YakuList() {
				if w.Limit == event.Yakuman && y.ID.MayBeYakuman() && y.Han >= 13 {
					// One id per yakuman: the format has no place for a
					// double form's 26 han (Tenhou counts them single).
					ym = append(ym, strconv.Itoa(int(y.ID)))
					continue
				}
				yk = append(yk, strconv.Itoa(int(y.ID)), strconv.Itoa(int(y.Han)))
			}
			if len(ym) > 0 {
				fmt.Fprintf(&b, ` yakuman="%s"`, strings.Join(ym, ","))
			} else {
				fmt.Fprintf(&b, ` yaku="%s"`, strings.Join(yk, ","))
			}
			fmt.Fprintf(&b, ` doraHai="%s"`, ids(w.DoraIDs[:w.NDora]))
			if w.NUra > 0 {
				fmt.Fprintf(&b, ` doraHaiUra="%s"`, ids(w.UraIDs[:w.NUra]))
			}
			fmt.Fprintf(&b, ` who="%d" fromWho="%d"`, w.Winner, w.From)
			if w.Liable != event.NoSeat {
				fmt.Fprintf(&b, ` paoWho="%d"`, w.Liable)
			}
			fmt.Fprintf(&b, ` sc="%s"`, sc(w.Before, w.Deltas))
			if i == lastEnd {
				b.WriteString(owari())
			}
			b.WriteString("/>")
		case event.Ryuukyoku:
			r := &g.Ryuukyoku[e.Ref]
			fmt.Fprintf(&b, `<RYUUKYOKU`)
			if t, ok := mjlogDrawType(r.Kind); !ok {
				return nil, fmt.Errorf("%w: mjlog: a draw of kind %v", ErrBuild, r.Kind)
			} else if t != "" {
				fmt.Fprintf(&b, ` type="%s"`, t)
			}
			fmt.Fprintf(&b, ` ba="%d,%d" sc="%s"`, r.Honba, r.Sticks, sc(r.Before, r.Deltas))
			for s := range players {
				if r.Revealed[s] {
					fmt.Fprintf(&b, ` hai%d="%s"`, s, ids(r.HandIDs[s][:r.HandLen[s]]))
				}
			}
			if i == lastEnd {
				b.WriteString(owari())
			}
			b.WriteString("/>")
		default:
			return nil, fmt.Errorf("%w: mjlog: no %v", ErrBuild, e.Type)
		}
	}
	b.WriteString("</mjloggm>\n")
	return []byte(b.String()), nil
}

// mjlogDrawType returns RYUUKYOKU's type of a way a hand ends without a
// winner ("" for an exhaustive draw).
func mjlogDrawType(k event.RyuukyokuKind) (string, bool) {
	switch k {
	case event.Exhaustive:
		return "", true
	case event.Nagashi:
		return "nm", true
	case event.NineTerminals:
		return "yao9", true
	case event.FourWinds:
		return "kaze4", true
	case event.FourRiichi:
		return "reach4", true
	case event.TripleRon:
		return "ron3", true
	case event.FourKans:
		return "kan4", true
	}
	return "", false
}

// meldCode returns the mjlog code of seat who's meld m (§1.3); id is the
// called tile's id for a call, the added tile's for an added kan.
func meldCode(m *event.Meld, who event.Seat, id tile.ID) (int, error) {
	rel := 0
	if m.From != event.NoSeat {
		rel = (int(m.From) - int(who) + 4) % 4
	}
	ts := m.IDs[:m.N]
	switch m.Kind {
	case event.MeldChi:
		low := ts[0].Kind()
		suit, start := int(low)/9, int(low)%9
		v := (suit*7+start)*3 + int(m.Called)
		return 3 | 0x4 | ts[0].Copy()<<3 | ts[1].Copy()<<5 | ts[2].Copy()<<7 | v<<10, nil
	case event.MeldPon, event.MeldAddedKan:
		k := int(ts[0].Kind())
		var pon []tile.ID
		for _, x := range ts {
			if m.Kind == event.MeldAddedKan && x == id {
				continue
			}
			pon = append(pon, x)
		}
		if len(pon) != 3 {
			return 0, fmt.Errorf("%w: mjlog: a pon of %d tiles", ErrBuild, len(pon))
		}
		slices.Sort(pon)
		unused := 0 + 1 + 2 + 3
		for _, x := range pon {
			unused -= x.Copy()
		}
		called := -1
		calledID := m.IDs[m.Called]
		for k, x := range pon {
			if x == calledID {
				called = k
			}
		}
		if called < 0 {
			return 0, fmt.Errorf("%w: mjlog: the pon's called tile is not among its tiles", ErrBuild)
		}
		code := rel | unused<<5 | (k*3+called)<<9
		if m.Kind == event.MeldPon {
			return code | 0x8, nil
		}
		return code | 0x10, nil
	case event.MeldOpenKan:
		return rel | int(m.IDs[m.Called])<<8, nil
	case event.MeldClosedKan:
		return int(ts[0].Kind()) * 4 << 8, nil
	}
	return 0, fmt.Errorf("%w: mjlog: no meld %v", ErrBuild, m.Kind)
}

// pctEncode percent-encodes every byte of s, as Tenhou writes names.
func pctEncode(s string) string {
	var b strings.Builder
	for i := range len(s) {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}
