package stats

import (
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
)

// WinRow is one row of the wins table: one recorded win, scored under the
// rules (package scoring) from the tiles and the play, with the log's
// record beside it. The computed columns are null when the win could not
// be scored (NotScored says why); the recorded ones when the log does not
// record them.
type WinRow struct {
	GameID    *string `parquet:"game_id,optional,dict"`
	Path      string  `parquet:"path,dict"`
	GameIndex int32   `parquet:"game_index"`
	Hand      int32   `parquet:"hand"`
	Round     string  `parquet:"round,dict"`
	Honba     int32   `parquet:"honba"`
	// Event is the index of the win's event in the game.
	Event  int32 `parquet:"event"`
	Winner int32 `parquet:"winner"`
	// From is the seat that dealt in, null for a tsumo.
	From     *int32 `parquet:"from_seat,optional"`
	Tsumo    bool   `parquet:"tsumo"`
	IsDealer bool   `parquet:"is_dealer"`
	// Scored: the hand was scored; NotScored says why not (the winner's
	// tiles are hidden, or the hand the replay holds cannot win).
	Scored    bool    `parquet:"scored"`
	NotScored *string `parquet:"not_scored,optional,dict"`
	// NoYaku: the hand has no yaku under the rules (it could not have
	// won); the other computed columns are then null.
	NoYaku bool `parquet:"no_yaku"`
	// Yaku and YakuHan are the computed yaku and their han, in Tenhou's
	// order, dora aside (a yakuman counts 13 han per yakuman); Dora, Ura,
	// Red and Kita the number of dora, ura dora (riichi only), red fives
	// (where the rules have them) and kita (nukidora) the hand holds, also
	// when they do not score (a yakuman); Han the total, Fu the fu (the real fu also at a limit,
	// 25 for seven pairs), Limit "mangan" ... "yakuman" or "none" below
	// mangan, Yakuman the number of yakuman paid, Points the hand's value
	// without honba and sticks (what the discarder pays, or the tsumo's
	// total), Wait the wait of the reading scored.
	Yaku    []string `parquet:"yaku,optional,list"`
	YakuHan []int32  `parquet:"yaku_han,optional,list"`
	Dora    *int32   `parquet:"dora,optional"`
	Ura     *int32   `parquet:"ura,optional"`
	Red     *int32   `parquet:"red,optional"`
	Kita    *int32   `parquet:"kita,optional"`
	Han     *int32   `parquet:"han,optional"`
	Fu      *int32   `parquet:"fu,optional"`
	Limit   *string  `parquet:"limit_name,optional,dict"`
	Yakuman *int32   `parquet:"yakuman,optional"`
	Points  *int32   `parquet:"points,optional"`
	Wait    *string  `parquet:"wait,optional,dict"`
	// UraUnknown: the winner was in riichi but the log does not give the
	// ura indicators: Ura counts none, and Han, Limit and Points are null.
	UraUnknown bool `parquet:"ura_unknown"`
	// The recorded values, as the log writes them: the yaku (empty when
	// the log records none), the han of its dora, ura dora, red five and
	// kita entries (null when it records no yaku; Tenhou counts the kita
	// in its dora entry, Mahjong Soul in an entry of their own; a yakuman
	// lists none), the han, fu, limit and points.
	RecordedYaku    []string `parquet:"recorded_yaku,optional,list"`
	RecordedYakuHan []int32  `parquet:"recorded_yaku_han,optional,list"`
	RecordedDora    *int32   `parquet:"recorded_dora,optional"`
	RecordedUra     *int32   `parquet:"recorded_ura,optional"`
	RecordedRed     *int32   `parquet:"recorded_red,optional"`
	RecordedKita    *int32   `parquet:"recorded_kita,optional"`
	RecordedHan     *int32   `parquet:"recorded_han,optional"`
	RecordedFu      *int32   `parquet:"recorded_fu,optional"`
	RecordedLimit   *string  `parquet:"recorded_limit_name,optional,dict"`
	RecordedPoints  *int32   `parquet:"recorded_points,optional"`
	// Divergent: the rules would have played this hand (or the game before
	// it) differently; the win is described, not judged.
	Divergent bool   `parquet:"divergent"`
	RuleSet   string `parquet:"rule_set,dict"`
	Rules     string `parquet:"rules,dict"`
	Platform  string `parquet:"platform,dict"`
	Players   int32  `parquet:"players"`
	Length    string `parquet:"length,dict"`
}

// winStore is the storage a game's win rows point into, allocated once at
// its full size so that appending never moves what rows point to.
type winStore struct {
	ints  []int32
	strs  []string
	names []string
	hans  []int32
}

func newWinStore(wins []adjudicator.WinResult) *winStore {
	n := 0
	for i := range wins {
		n += int(wins[i].Value.NYaku) + int(wins[i].Record.NYaku)
	}
	return &winStore{ints: make([]int32, 0, len(wins)*18), strs: make([]string, 0, len(wins)*2),
		names: make([]string, 0, n), hans: make([]int32, 0, n)}
}

func (s *winStore) i32(v int32) *int32 {
	s.ints = append(s.ints, v)
	return &s.ints[len(s.ints)-1]
}

func (s *winStore) str(v string) *string {
	s.strs = append(s.strs, v)
	return &s.strs[len(s.strs)-1]
}

// yaku appends the yaku of list other than dora to the store and returns
// their names and han, and the han of the dora, ura, red and kita entries.
func (s *winStore) yaku(list []event.Yaku) (names []string, hans []int32, dora [4]int32) {
	from := len(s.names)
	for _, y := range list {
		switch y.ID {
		case event.YakuDora:
			dora[0] += int32(y.Han)
		case event.YakuUraDora:
			dora[1] += int32(y.Han)
		case event.YakuAkaDora:
			dora[2] += int32(y.Han)
		case event.YakuKitaDora:
			dora[3] += int32(y.Han)
		default:
			s.names = append(s.names, y.ID.String())
			s.hans = append(s.hans, int32(y.Han))
		}
	}
	to := len(s.names)
	return s.names[from:to:to], s.hans[from:to:to], dora
}

// fillWins makes the rows of the report's wins.
func (r *GameRows) fillWins(m *event.Meta, rep *adjudicator.Report, gr *GameRow) {
	if len(rep.Wins) == 0 {
		return
	}
	st := newWinStore(rep.Wins)
	gi := int32(max(m.GameIndex, 0))
	for i := range rep.Wins {
		w := &rep.Wins[i]
		rec := w.Record
		row := WinRow{GameID: gr.GameID, Path: gr.Path, GameIndex: gi, Hand: int32(w.Hand), Round: roundName(w.Round.Wind, w.Round.Number),
			Honba: int32(w.Round.Honba), Event: int32(w.Event), Winner: int32(rec.Winner), Tsumo: rec.Tsumo(),
			Scored: w.Scored, NotScored: strp(w.NotScored), UraUnknown: w.UraUnknown, Divergent: w.Divergent,
			RuleSet: gr.RuleSet, Rules: rep.Rules.Name, Platform: gr.Platform, Players: gr.Players, Length: gr.Length}
		if h := w.Hand; h >= 0 && h < len(rep.Hands) {
			row.IsDealer = rep.Hands[h].Dealer == rec.Winner
		}
		if !row.Tsumo {
			row.From = st.i32(int32(rec.From))
		}
		if w.Scored {
			v := &w.Value
			row.NoYaku = v.NoYaku
			row.Wait = strp(v.Wait.String())
			if !v.NoYaku {
				row.Yaku, row.YakuHan, _ = st.yaku(v.YakuList())
				row.Dora, row.Ura, row.Red, row.Kita = st.i32(int32(v.Dora)), st.i32(int32(v.Ura)), st.i32(int32(v.Red)), st.i32(int32(v.Kita))
				row.Fu = st.i32(int32(v.Fu))
				row.Yakuman = st.i32(int32(v.Yakuman))
				if !w.UraUnknown {
					row.Han = st.i32(int32(v.Han))
					row.Limit = st.str(limitName(v.Limit))
					row.Points = st.i32(int32(v.Total))
				}
			}
		}
		if rec.Known&event.KnownYaku != 0 {
			var dora [4]int32
			row.RecordedYaku, row.RecordedYakuHan, dora = st.yaku(rec.YakuList())
			row.RecordedDora, row.RecordedUra, row.RecordedRed, row.RecordedKita = st.i32(dora[0]), st.i32(dora[1]), st.i32(dora[2]), st.i32(dora[3])
		}
		if rec.Known&event.KnownHan != 0 {
			row.RecordedHan = st.i32(int32(rec.Han))
		}
		if rec.Known&event.KnownFu != 0 {
			row.RecordedFu = st.i32(int32(rec.Fu))
		}
		if rec.Known&event.KnownPoints != 0 {
			row.RecordedLimit = st.str(limitName(rec.Limit))
			row.RecordedPoints = st.i32(rec.Points)
		}
		r.Wins = append(r.Wins, row)
	}
}

// limitName is the limits' column value of l: its name, "none" below
// mangan.
func limitName(l event.Limit) string {
	if l == event.NoLimit {
		return "none"
	}
	return l.String()
}
