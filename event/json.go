package event

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/haifu/haifu/tile"
)

// AppendJSON appends event i of g as one JSON object (no newline) to dst, in
// the form of `haifu events`: a "type" field, tiles in mpsz notation, seats
// 0–3, points as integers, and null for what the log does not record. The
// output depends only on g, so it is byte-for-byte reproducible.
func AppendJSON(dst []byte, g *Game, i int) []byte {
	e := &g.Events[i]
	w := jsonWriter{b: dst}
	w.b = append(w.b, `{"type":`...)
	w.name(e.Type.String())
	switch e.Type {
	case GameStart:
		w.meta(&g.Meta)
	case RoundStart:
		w.round(g, &g.Rounds[e.Ref])
	case Draw:
		w.seat("seat", e.Seat)
		w.tile("tile", e.Tile)
		if e.Flags&Replacement != 0 {
			w.key("replacement")
			w.b = append(w.b, "true"...)
		}
	case Discard:
		w.seat("seat", e.Seat)
		w.tile("tile", e.Tile)
		w.key("tsumogiri")
		switch {
		case e.Flags&TsumogiriUnknown != 0:
			w.null()
		case e.Flags&Tsumogiri != 0:
			w.b = append(w.b, "true"...)
		default:
			w.b = append(w.b, "false"...)
		}
	case Riichi, Disconnect, Reconnect:
		w.seat("seat", e.Seat)
	case RiichiAccepted:
		w.seat("seat", e.Seat)
		if e.Ref >= 0 && int(e.Ref) < len(g.Scores) {
			w.ints("scores", g.Scores[e.Ref][:])
		}
	case Call, ClosedKan, AddedKan:
		w.seat("seat", e.Seat)
		if e.Type == Call {
			w.key("kind")
			w.name(e.Meld.Kind.String())
		}
		if e.Type != ClosedKan {
			w.tile("tile", e.Tile)
		}
		if e.Meld.From != NoSeat {
			w.seat("from", e.Meld.From)
		}
		w.tiles("tiles", e.Meld.Slice())
	case Kita:
		w.seat("seat", e.Seat)
		w.tile("tile", e.Tile)
	case Dora:
		w.tile("tile", e.Tile)
		if e.Flags&TimingUnknown != 0 {
			w.key("timing_known")
			w.b = append(w.b, "false"...)
		}
	case Win:
		w.win(&g.Wins[e.Ref])
	case Ryuukyoku:
		w.ryuukyoku(&g.Ryuukyoku[e.Ref])
	case GameEnd:
		w.end(&g.End[e.Ref])
	case Broken:
		w.seat("seat", e.Seat)
		if e.Tile != tile.None {
			w.tile("tile", e.Tile)
		}
		if br := g.BreakOf(e); br != nil {
			if br.Act != 0 {
				w.key("act")
				w.name(br.Act.String())
			}
			w.strField("message", br.Message)
		}
	}
	w.b = append(w.b, '}')
	return w.b
}

type jsonWriter struct{ b []byte }

func (w *jsonWriter) key(k string) {
	w.b = append(w.b, ',', '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':')
}

func (w *jsonWriter) null() { w.b = append(w.b, "null"...) }

func (w *jsonWriter) str(s string) { w.b = AppendJSONString(w.b, s) }

// name writes one of haifu's own names (an event type, a meld kind), which
// need no escaping.
func (w *jsonWriter) name(s string) {
	w.b = append(w.b, '"')
	w.b = append(w.b, s...)
	w.b = append(w.b, '"')
}

func (w *jsonWriter) strField(k, s string) {
	w.key(k)
	w.str(s)
}

func (w *jsonWriter) int(k string, v int64) {
	w.key(k)
	w.b = strconv.AppendInt(w.b, v, 10)
}

func (w *jsonWriter) seat(k string, s Seat) {
	w.key(k)
	switch {
	case s == NoSeat:
		w.null()
	case s >= 0 && s <= 9:
		w.b = append(w.b, '0'+byte(s))
	default:
		w.b = strconv.AppendInt(w.b, int64(s), 10)
	}
}

func (w *jsonWriter) tile(k string, t tile.Tile) {
	w.key(k)
	w.tileValue(t)
}

func (w *jsonWriter) tileValue(t tile.Tile) {
	if t == tile.None {
		w.null()
		return
	}
	w.b = append(w.b, '"')
	w.b = t.AppendMPSZ(w.b)
	w.b = append(w.b, '"')
}

func (w *jsonWriter) tiles(k string, ts []tile.Tile) {
	w.key(k)
	w.b = append(w.b, '[')
	for i, t := range ts {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.tileValue(t)
	}
	w.b = append(w.b, ']')
}

func (w *jsonWriter) hand(ts []tile.Tile) {
	w.b = append(w.b, '"')
	w.b = tile.AppendTiles(w.b, ts)
	w.b = append(w.b, '"')
}

func (w *jsonWriter) ints(k string, v []int32) {
	w.key(k)
	w.b = append(w.b, '[')
	for i, x := range v {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = strconv.AppendInt(w.b, int64(x), 10)
	}
	w.b = append(w.b, ']')
}

func (w *jsonWriter) meta(m *Meta) {
	w.strField("format", m.Format.String())
	w.strField("path", m.Path)
	if m.Several {
		w.int("game_index", int64(m.GameIndex))
		w.int("game_offset", m.GameOffset)
	}
	w.strField("id", m.ID)
	w.strField("platform", m.Platform.String())
	w.int("players", int64(m.Players))
	w.strField("length", m.Length.String())
	w.key("rules")
	w.b = append(w.b, '{')
	w.b = append(w.b, `"red_fives":`...)
	if m.Rules.RedFives[0] < 0 {
		w.null()
	} else {
		w.b = append(w.b, '[')
		for i, n := range m.Rules.RedFives {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = strconv.AppendInt(w.b, int64(n), 10)
		}
		w.b = append(w.b, ']')
	}
	w.flag("open_tanyao", m.Rules.OpenTanyao)
	w.flag("fast", m.Rules.Fast)
	w.flag("chips", m.Rules.Chips)
	if m.Rules.TenhouType >= 0 {
		w.int("tenhou_type", int64(m.Rules.TenhouType))
	}
	if m.Rules.TenhouLobby >= 0 {
		w.int("tenhou_lobby", int64(m.Rules.TenhouLobby))
	}
	if m.Rules.Name != "" {
		w.strField("name", m.Rules.Name)
	}
	if len(m.Rules.Extra) > 0 {
		w.key("extra")
		w.b = append(w.b, '{')
		for i, kv := range m.Rules.Extra {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.str(kv.Key)
			w.b = append(w.b, ':')
			w.str(kv.Value)
		}
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, '}')
	w.key("seats")
	w.b = append(w.b, '[')
	for i := range m.Seats {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		p := &m.Seats[i]
		w.b = append(w.b, `{"name":`...)
		w.str(p.Name)
		if p.Rank != "" {
			w.strField("rank", p.Rank)
		}
		if p.RankIndex >= 0 {
			w.int("rank_index", int64(p.RankIndex))
		}
		if p.Rate != 0 {
			w.key("rate")
			w.b = strconv.AppendFloat(w.b, p.Rate, 'f', -1, 64)
		}
		if p.Sex != 0 {
			w.strField("sex", string(rune(p.Sex)))
		}
		if p.Account != 0 {
			w.int("account", p.Account)
		}
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, ']')
	if m.StartingPoints != 0 {
		w.int("starting_points", int64(m.StartingPoints))
	}
	if m.StartTime != 0 {
		w.int("start_time", m.StartTime)
	}
	if m.EndTime != 0 {
		w.int("end_time", m.EndTime)
	}
	if m.Seed != "" {
		w.strField("seed", m.Seed)
	}
	if len(m.Warnings) > 0 {
		w.key("warnings")
		w.b = append(w.b, '[')
		for i, s := range m.Warnings {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.str(s)
		}
		w.b = append(w.b, ']')
	}
}

func (w *jsonWriter) flag(k string, f Flag) {
	w.key(k)
	switch f {
	case FlagYes:
		w.b = append(w.b, "true"...)
	case FlagNo:
		w.b = append(w.b, "false"...)
	default:
		w.null()
	}
}

func (w *jsonWriter) round(g *Game, r *Round) {
	w.strField("round", r.ID().String()[:2])
	w.int("honba", int64(r.Honba))
	w.int("sticks", int64(r.Sticks))
	w.seat("dealer", r.Dealer)
	w.ints("scores", r.Scores[:])
	w.tile("dora", r.Dora)
	w.key("hands")
	w.b = append(w.b, '[')
	for s := range 4 {
		if s > 0 {
			w.b = append(w.b, ',')
		}
		if s >= int(g.Meta.Players) || r.Hands[s][0] == tile.None {
			w.null()
			continue
		}
		w.hand(r.Hands[s][:])
	}
	w.b = append(w.b, ']')
	if r.Known&KnownDice != 0 {
		w.key("dice")
		w.b = append(w.b, '[')
		w.b = strconv.AppendInt(w.b, int64(r.Dice[0]), 10)
		w.b = append(w.b, ',')
		w.b = strconv.AppendInt(w.b, int64(r.Dice[1]), 10)
		w.b = append(w.b, ']')
	}
	if r.Known&KnownChips != 0 {
		w.ints("chips", r.Chips[:])
	}
	if r.Shuffle != "" {
		w.strField("shuffle", r.Shuffle)
	}
	if r.Wall != nil {
		w.key("wall")
		w.hand(r.Wall)
	}
}

func (w *jsonWriter) win(r *WinRecord) {
	w.seat("seat", r.Winner)
	w.seat("from", r.From)
	w.seat("liable", r.Liable)
	if r.Known&KnownHand != 0 {
		w.key("hand")
		w.hand(r.HandTiles())
		w.tile("tile", r.WinTile)
	} else if r.WinTile != tile.None {
		w.tile("tile", r.WinTile)
	}
	if r.Known&KnownMelds != 0 {
		w.key("melds")
		w.b = append(w.b, '[')
		for i, m := range r.MeldList() {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = append(w.b, `{"kind":`...)
			w.name(m.Kind.String())
			w.tiles("tiles", m.Slice())
			if m.From != NoSeat {
				w.seat("from", m.From)
			}
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.optInt("fu", int64(r.Fu), r.Known&KnownFu != 0)
	w.optInt("han", int64(r.Han), r.Known&KnownHan != 0)
	w.optInt("points", int64(r.Points), r.Known&KnownPoints != 0)
	if r.Known&KnownPoints != 0 {
		w.strField("limit", r.Limit.String())
	}
	if r.Known&KnownYaku != 0 {
		w.key("yaku")
		w.b = append(w.b, '[')
		for i, y := range r.YakuList() {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = append(w.b, `{"id":`...)
			w.b = strconv.AppendInt(w.b, int64(y.ID), 10)
			w.strField("name", y.ID.String())
			w.int("han", int64(y.Han))
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	if r.Known&KnownDora != 0 {
		w.tiles("dora", r.DoraList())
	}
	if r.Known&KnownUra != 0 {
		w.tiles("ura", r.UraList())
	}
	w.ba(r.Known, r.Honba, r.Sticks)
	w.scores(r.Known, &r.Deltas, &r.Before, &r.ChipDeltas)
}

func (w *jsonWriter) ryuukyoku(r *RyuukyokuRecord) {
	w.strField("kind", r.Kind.String())
	if r.Known&KnownHand != 0 {
		w.key("hands")
		w.b = append(w.b, '[')
		for s := range 4 {
			if s > 0 {
				w.b = append(w.b, ',')
			}
			if !r.Revealed[s] {
				w.null()
				continue
			}
			w.hand(r.HandTiles(Seat(s)))
		}
		w.b = append(w.b, ']')
	}
	w.ba(r.Known, r.Honba, r.Sticks)
	w.scores(r.Known, &r.Deltas, &r.Before, &r.ChipDeltas)
}

func (w *jsonWriter) ba(k Known, honba, sticks int16) {
	if k&KnownBa != 0 {
		w.int("honba", int64(honba))
		w.int("sticks", int64(sticks))
	}
}

func (w *jsonWriter) scores(k Known, deltas, before, chips *[4]int32) {
	if k&KnownDeltas != 0 {
		w.ints("deltas", deltas[:])
	}
	if k&KnownBefore != 0 {
		w.ints("before", before[:])
	}
	if k&KnownChips != 0 {
		w.ints("chip_deltas", chips[:])
	}
}

func (w *jsonWriter) end(r *EndRecord) {
	if r.Known&KnownScores != 0 {
		w.ints("scores", r.Scores[:])
	}
	if r.Known&KnownPoints2 != 0 {
		w.key("points")
		w.b = append(w.b, '[')
		for i, p := range r.Points {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if math.IsNaN(p) || math.IsInf(p, 0) {
				w.null()
				continue
			}
			w.b = strconv.AppendFloat(w.b, p, 'f', -1, 64)
		}
		w.b = append(w.b, ']')
	}
	if r.Known&KnownChips != 0 {
		w.ints("chips", r.Chips[:])
	}
}

func (w *jsonWriter) optInt(k string, v int64, known bool) {
	if !known {
		w.key(k)
		w.null()
		return
	}
	w.int(k, v)
}

// AppendJSONString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD.
func AppendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
