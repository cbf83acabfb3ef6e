package archive

import (
	"math"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// Row is one row of the archive table that haifu archive index writes: one
// game of a listing. The struct tags give the Parquet columns; package
// tables writes and reads the rows (this package does not import
// parquet-go).
//
// The row type lives here, not in package stats with the other rows,
// because it is made from this package's records alone and the layering
// runs the other way: stats may not import archive, and archive imports
// nothing of haifu but event.
type Row struct {
	// LogID is the log id in its plain form (an x-form id decoded); null
	// for a game whose line has none (the sca, scb and scd listings).
	LogID *string `parquet:"log_id,optional"`
	// StartTime is when the game started (a TIMESTAMP in UTC, as every
	// time haifu writes; the listings write Japan time): the line's HH:MM
	// on the date of its log id or file name, the hour of a bare id; null
	// when no date is known. In Go, Unix milliseconds.
	StartTime *int64 `parquet:"start_time,optional,timestamp(millisecond)"`
	// Listing is the listing type: "sca" (private lobbies), "scb"
	// (ranked), "scc" (phoenix), "scd" (chip tables), "sce" (skill
	// matches and 琥珀), "scf" (tournaments); null for a bare id.
	Listing *string `parquet:"listing,optional,dict"`
	// Lobby is "L" and four digits for a private lobby, "C" and four
	// digits for a tournament lobby (from the lobby column, else the log
	// id), "public" for the public lobby.
	Lobby string `parquet:"lobby,dict"`
	// Rule is the rule column as written (四鳳南喰赤－); for a bare id, the
	// column its type bits would give (null when neither says).
	Rule *string `parquet:"rule,optional,dict"`
	// TenhouType is the GO type of the log id (its TTTT group); null
	// without an id.
	TenhouType *int32 `parquet:"tenhou_type,optional"`
	// Players is 3 or 4 (0 when unknown).
	Players int32 `parquet:"players"`
	// Length is "east" (東), "south" (南) or "unknown" (－: skill
	// matches).
	Length string `parquet:"length,dict"`
	// RedFives is the number of red fives the 赤 mark of the rule column
	// gives (3, sanma 2, none 0; as games.red_fives); OpenTanyao and
	// ChipGame are its 喰 and 祝 marks (each null when the column does not
	// say); Fast is 速, from the log id's type bit 0x40 (the rule column
	// never shows it; null without an id).
	RedFives   *int32 `parquet:"red_fives,optional"`
	OpenTanyao *bool  `parquet:"open_tanyao,optional"`
	Fast       *bool  `parquet:"fast,optional"`
	ChipGame   *bool  `parquet:"chip_game,optional"`
	// ChipRate is the number after 祝 (０, ２ or ５); null when absent.
	ChipRate *int32 `parquet:"chip_rate,optional"`
	// Table is the table, the lobby_level column as in the games table:
	// "ippan" (般), "joukyuu" (上), "tokujou" (特), "houou" (鳳), the chip
	// tables "wakaba" (若), "gin" (銀), "kohaku" (琥), "kujaku" (孔),
	// "skill" (技), "none" (－); null when unknown.
	Table *string `parquet:"lobby_level,optional,dict"`
	// Minutes is the game's length in minutes; null when the listing has
	// no such column (sca, scf, bare ids).
	Minutes *int32 `parquet:"minutes,optional"`
	// Names, Points and Chips are the players in final rank order (first
	// place first): their names (HTML-unescaped in the HTML listings),
	// their final uma-adjusted points (+42.0, as the log's owari) and, in
	// chip games, their chips (null otherwise). Null for a bare id.
	Names  []string  `parquet:"names,optional,list"`
	Points []float64 `parquet:"points,optional,list"`
	Chips  []int32   `parquet:"chips,optional,list"`
	// Source is the listing file (the path or URL given), Member the zip
	// member (null outside a zip), Line the line of the record in it.
	Source string  `parquet:"source,dict"`
	Member *string `parquet:"zip_member,optional,dict"`
	Line   int32   `parquet:"line"`
}

// Name returns the table's name in the archive table: "ippan", "houou",
// "kohaku", "none" (－), … and "" for TableUnknown.
func (t Table) Name() string {
	if t == TableNone {
		return "none"
	}
	if t >= numTables {
		return ""
	}
	c, _ := utf8.DecodeRuneInString(tableChars[t])
	level, _ := event.TenhouTableLevel(c) // "" for TableUnknown
	return level
}

// RowOf returns the archive table's row of a game. The text a listing
// holds (names, the rule column, the file and member names) is cut to
// event.MaxQuote bytes a piece (event.Clip), as everything haifu writes of
// an input.
func RowOf(g *Game) Row {
	r := Row{
		Listing: strOf(g.Listing), Lobby: event.Clip(g.Lobby), Rule: strOf(event.Clip(g.RuleText)),
		Players: int32(g.Rule.Players), Length: g.Rule.Length.String(), Table: strOf(g.Rule.Table.Name()),
		OpenTanyao: boolOf(g.Rule.OpenTanyao), Fast: boolOf(g.Rule.Fast), ChipGame: boolOf(g.Rule.Chips),
		Source: event.ClipText(g.Source), Member: strOf(event.ClipText(g.Member)), Line: int32(g.Line),
	}
	switch {
	case g.Rule.RedFives == event.FlagNo:
		r.RedFives = new(int32)
	case g.Rule.RedFives == event.FlagYes && g.Rule.Players == 4:
		n := int32(3)
		r.RedFives = &n
	case g.Rule.RedFives == event.FlagYes && g.Rule.Players == 3:
		n := int32(2)
		r.RedFives = &n
	}
	if g.ID.ID != "" {
		id := g.ID.ID
		typ := int32(g.ID.Type)
		r.LogID, r.TenhouType = &id, &typ
		if r.Lobby == "" {
			r.Lobby = LobbyName(g.ID)
		}
	}
	if r.Lobby == "" {
		r.Lobby = "public"
	}
	if r.Rule == nil && g.Rule.Players != 0 {
		r.Rule = strOf(g.Rule.String())
	}
	if !g.Start.IsZero() {
		ms := g.Start.UnixMilli()
		r.StartTime = &ms
	}
	if g.Rule.ChipCount >= 0 {
		n := int32(g.Rule.ChipCount)
		r.ChipRate = &n
	}
	if g.Minutes >= 0 {
		n := int32(g.Minutes)
		r.Minutes = &n
	}
	chips := len(g.Players) > 0
	for _, p := range g.Players {
		chips = chips && p.HasChips
	}
	for _, p := range g.Players {
		r.Names = append(r.Names, event.Clip(p.Name))
		r.Points = append(r.Points, p.Points)
		if chips {
			r.Chips = append(r.Chips, int32(p.Chips))
		}
	}
	return r
}

// boolOf returns a Flag as a nullable bool.
func boolOf(f event.Flag) *bool {
	if f == event.FlagUnknown {
		return nil
	}
	b := f == event.FlagYes
	return &b
}

// strOf returns a pointer to s, or nil for "" (null in the table).
func strOf(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Placements returns the place (1 for first) in the row's rank order of
// each seat of a game whose seats have the given names and final points
// (uma-adjusted, as the log's owari gives them; nil when the log does not
// record them): the games table's index_placements. A seat is matched to
// the entry of its name (and, when the points are known, of its points,
// within 0.05). Entries alike in both are taken in seat order, as Tenhou
// ranks a tie by seat. It returns nil when the seats cannot be matched
// one to one: another number of players, a name not in the row, or two
// entries of one name with different points that the log's points cannot
// tell apart.
func (r *Row) Placements(names []string, points []float64) []int32 {
	if len(names) == 0 || len(names) != len(r.Names) || len(r.Points) != len(r.Names) || points != nil && len(points) != len(names) {
		return nil
	}
	used := make([]bool, len(r.Names))
	out := make([]int32, len(names))
	for s, name := range names {
		pick := -1
		for i, n := range r.Names {
			if used[i] || n != name || points != nil && math.Abs(r.Points[i]-points[s]) >= 0.05 {
				continue
			}
			if pick < 0 {
				pick = i
				continue
			}
			if r.Points[i] != r.Points[pick] {
				return nil // two players of this name, and no points to tell them apart
			}
		}
		if pick < 0 {
			return nil
		}
		used[pick] = true
		out[s] = int32(pick + 1)
	}
	return out
}
