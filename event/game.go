package event

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format is a log format.
type Format uint8

// The formats haifu reads.
const (
	FormatUnknown Format = iota
	FormatMjlog          // Tenhou mjlog XML
	FormatTenhou6        // tenhou.net/6 JSON
	FormatMajsoul        // Mahjong Soul records (JSON or protobuf)
	FormatMjai           // mjai JSON lines
	numFormats
)

var formatNames = [numFormats]string{"unknown", "mjlog", "tenhou6", "majsoul", "mjai"}

// String returns the format's name: "mjlog", "tenhou6", "majsoul", "mjai" or
// "unknown".
func (f Format) String() string {
	if f >= numFormats {
		return "Format(" + strconv.Itoa(int(f)) + ")"
	}
	return formatNames[f]
}

// ParseFormat returns the format named s, or false.
func ParseFormat(s string) (Format, bool) {
	for f := range numFormats {
		if formatNames[f] == s {
			return f, true
		}
	}
	return FormatUnknown, false
}

// Platform is the game server that played a game.
type Platform uint8

// The platforms.
const (
	PlatformUnknown Platform = iota
	Tenhou
	Majsoul
	// PlatformOther is a simulator, an AI self-play or another client.
	PlatformOther
	numPlatforms
)

var platformNames = [numPlatforms]string{"unknown", "tenhou", "majsoul", "other"}

// String returns the platform's name: "tenhou", "majsoul", "other" or
// "unknown".
func (p Platform) String() string {
	if p >= numPlatforms {
		return "Platform(" + strconv.Itoa(int(p)) + ")"
	}
	return platformNames[p]
}

// Length is the planned length of a game.
type Length uint8

// The game lengths.
const (
	LengthUnknown Length = iota
	// EastOnly is tonpuusen: the East round only.
	EastOnly
	// EastSouth is hanchan: the East and South rounds.
	EastSouth
	// SingleHand is a one-hand game (some Mahjong Soul modes).
	SingleHand
	numLengths
)

var lengthNames = [numLengths]string{"unknown", "east", "south", "one"}

// String returns "east" (tonpuusen), "south" (hanchan), "one" or "unknown".
func (l Length) String() string {
	if l >= numLengths {
		return "Length(" + strconv.Itoa(int(l)) + ")"
	}
	return lengthNames[l]
}

// Flag is a yes/no fact that a log may or may not state. The zero Flag is
// FlagUnknown.
type Flag int8

// The values of a Flag.
const (
	FlagUnknown Flag = 0
	FlagNo      Flag = -1
	FlagYes     Flag = 1
)

// FlagOf returns FlagYes or FlagNo.
func FlagOf(b bool) Flag {
	if b {
		return FlagYes
	}
	return FlagNo
}

// Rules are the rule facts a log states about itself. They tell `--rules
// auto` which preset to use; they are not a rule set.
type Rules struct {
	// RedFives is the number of red fives per suit (m, p, s), or -1 each
	// when the log does not say.
	RedFives [3]int8
	// OpenTanyao says whether tanyao counts with open melds (kuitan).
	OpenTanyao Flag
	// Fast is Tenhou's fast (速) table.
	Fast Flag
	// Chips is a chip (祝儀) lobby.
	Chips Flag
	// TenhouType is mjlog GO's type bit set, or -1; TenhouLobby its lobby
	// (-1 when absent).
	TenhouType  int32
	TenhouLobby int32
	// Name is a human-readable rule or table name as the log writes it
	// (Tenhou's rule.disp such as "鳳南喰赤", a Mahjong Soul mode name).
	Name string
	// Extra holds further rule facts as key=value text in the log's own
	// terms, sorted by key (Tenhou custom lobbies' GO title/rule/ranking/
	// csrule; Mahjong Soul detail rules).
	Extra []KeyValue
}

// SetTenhouType sets what the bits of Tenhou's GO type say of a game
// (docs/tenhou-formats.md §1.2): the players, the length, red fives, open
// tanyao, fast and chip tables, and the rule name as the web client and the
// archive's rule column write it (players, table, length, open tanyao, red
// fives, then 速 for fast games and the chip mark, "四鳳南喰赤").
func (m *Meta) SetTenhouType(t int) {
	r := &m.Rules
	r.TenhouType = int32(t)
	m.Players = 4
	r.RedFives = [3]int8{1, 1, 1}
	if t&0x10 != 0 {
		m.Players = 3
		r.RedFives = [3]int8{0, 1, 1}
	}
	if t&0x2 != 0 {
		r.RedFives = [3]int8{}
	}
	r.OpenTanyao = FlagOf(t&0x4 == 0)
	r.Fast = FlagOf(t&0x40 != 0)
	r.Chips = FlagOf(t&0x600 != 0)
	m.Length = EastOnly
	if t&0x8 != 0 {
		m.Length = EastSouth
	}
	r.Name = tenhouRuleName(t)
}

// PlayerCount returns the number of seats the game is played with: 3 in
// sanma, 4 otherwise. The replay, the adjudicator and the table rows take
// a game whose Players is neither (one a program built wrong) as 4.
func (m *Meta) PlayerCount() int {
	if m.Players == 3 {
		return 3
	}
	return 4
}

func tenhouRuleName(t int) string {
	var b strings.Builder
	b.Grow(8 * 3) // at most eight characters of three bytes each
	if t&0x10 != 0 {
		b.WriteString("三")
	} else {
		b.WriteString("四")
	}
	level := 0
	if t&0x20 != 0 {
		level += 2
	}
	if t&0x80 != 0 {
		level++
	}
	tables := [4]string{"般", "上", "特", "鳳"}
	if t&0x600 != 0 {
		tables = [4]string{"若", "銀", "琥", "孔"}
	}
	b.WriteString(tables[level])
	if t&0x8 != 0 {
		b.WriteString("南")
	} else {
		b.WriteString("東")
	}
	if t&0x4 == 0 {
		b.WriteString("喰")
	} else {
		b.WriteString("－")
	}
	if t&0x2 == 0 {
		b.WriteString("赤")
	} else {
		b.WriteString("－")
	}
	if t&0x40 != 0 {
		b.WriteString("速")
	}
	switch t & 0x600 {
	case 0x200:
		b.WriteString("祝２")
	case 0x600:
		b.WriteString("祝５")
	case 0x400:
		b.WriteString("祝０")
	}
	return b.String()
}

// KeyValue is one named fact.
type KeyValue struct {
	Key, Value string
}

// Player describes one seat's player.
type Player struct {
	// Name as the platform shows it (decoded; invalid UTF-8 replaced).
	Name string
	// Rank is the platform's rank name (新人, 四段, 天鳳, 雀豪2 …), and
	// RankIndex the platform's rank number (Tenhou's dan 0–20), or -1.
	Rank      string
	RankIndex int32
	// Rate is the player's rating (Tenhou R), 0 when unknown.
	Rate float64
	// Sex is Tenhou's M, F or C (computer), or 0.
	Sex byte
	// Account is the platform's account id, 0 when unknown.
	Account int64
}

// Meta is a game's metadata.
type Meta struct {
	Format Format
	// Path names the input the game came from (a file, or archive!entry).
	Path string
	// GameIndex is the index of the game in its file, from 0 (files may
	// hold several games one after another; -1 for an input that could not
	// be read, which is no game), and GameOffset the offset of
	// its first byte in the decompressed file. Event positions (Pos) are
	// offsets in the game's own bytes: add GameOffset for the file's.
	GameIndex  int
	GameOffset int64
	// Several says that the game's file holds other games too.
	Several bool
	// ID is the log id (Tenhou's 2016022509gm-0009-0000-b327da61, Mahjong
	// Soul's uuid), or "".
	ID       string
	Platform Platform
	// Players is 4 or 3 (sanma).
	Players int8
	Length  Length
	Rules   Rules
	// Seats holds the four players; in a three-player game seat 3 is empty.
	Seats [4]Player
	// StartingPoints is every player's score at the start, in points (0 when
	// not stated).
	StartingPoints int32
	// Title is the log's title where it has one (a tenhou.net/6 file's
	// title, its two parts joined by " / "; a Tenhou custom lobby's GO
	// title), or "".
	Title string
	// Seed is the wall seed the log records (Tenhou SHUFFLE), or "".
	Seed string
	// TileIDs says whether tiles carry their physical Tenhou ids (mjlog).
	TileIDs bool
	// HiddenSeats has a bit (1<<seat) for each seat whose concealed tiles
	// the log hides in some hand (a player's view of the game, as mjai
	// clients and bots keep it: the others' starting hands and draws are
	// "?"). In such a hand the seat's starting hand is all tile.None and
	// its draws are tile.None; its discards, calls and the hands shown at
	// the hand's end are as recorded. The replay then knows only how many
	// tiles the seat holds, and what depends on the hidden tiles is
	// unknown, never guessed.
	HiddenSeats uint8
	// StartTime is the game's start as Unix seconds, 0 when unknown (from
	// the record, or from a Tenhou log id, whose hour it is).
	StartTime int64
	// EndTime is the game's end as Unix seconds, 0 when unknown (Mahjong
	// Soul heads record it).
	EndTime int64
	// Warnings are problems the decoder worked around (for instance text
	// that did not belong to the log and was removed).
	Warnings []string
}

// Game is one decoded game. The zero Game is empty and ready for use; Reset
// empties a Game but keeps its memory for the next one.
type Game struct {
	Meta      Meta
	Events    []Event
	Rounds    []Round
	Wins      []WinRecord
	Ryuukyoku []RyuukyokuRecord
	// Scores holds recorded score lists that events point to (the scores
	// after a riichi stick is paid, Tenhou REACH step 2).
	Scores [][4]int32
	// End holds the recorded final result, when there is one.
	End []EndRecord
	// Breaks holds what made hands impossible to rebuild (Broken events
	// point to them).
	Breaks []BreakRecord
}

// BreakRecord is why a hand cannot be rebuilt from its log beyond a point
// (a Broken event).
type BreakRecord struct {
	// Act is the type of the act the decoder found impossible (Discard,
	// Call, ClosedKan, AddedKan, Kita, Draw, Riichi, Win, Ryuukyoku), or 0
	// when no act is to blame (the order of play cannot be found).
	Act Type
	// Message says what the decoder found, and what of the hand the
	// events leave out.
	Message string
}

// Reset empties g and keeps its slices' memory.
func (g *Game) Reset() {
	for i := range g.Rounds {
		g.Rounds[i].Wall, g.Rounds[i].WallHash = nil, WallHash{}
	}
	*g = Game{
		Events:    g.Events[:0],
		Rounds:    g.Rounds[:0],
		Wins:      g.Wins[:0],
		Ryuukyoku: g.Ryuukyoku[:0],
		Scores:    g.Scores[:0],
		End:       g.End[:0],
		Breaks:    g.Breaks[:0],
	}
}

// Complete reports whether the game has a recorded end.
func (g *Game) Complete() bool { return len(g.End) > 0 }

// Round returns the Round a RoundStart event refers to.
func (g *Game) Round(e *Event) *Round { return &g.Rounds[e.Ref] }

// Win returns the WinRecord a Win event refers to.
func (g *Game) Win(e *Event) *WinRecord { return &g.Wins[e.Ref] }

// BreakOf returns the BreakRecord a Broken event refers to, or nil when
// its Ref is out of range.
func (g *Game) BreakOf(e *Event) *BreakRecord {
	if e.Ref < 0 || int(e.Ref) >= len(g.Breaks) {
		return nil
	}
	return &g.Breaks[e.Ref]
}

// RyuukyokuOf returns the RyuukyokuRecord a Ryuukyoku event refers to.
func (g *Game) RyuukyokuOf(e *Event) *RyuukyokuRecord { return &g.Ryuukyoku[e.Ref] }

// TenhouTableLevel returns the level of the Tenhou table a rule name's
// table character names: 般 ippan, 上 joukyuu, 特 tokujou, 鳳 houou, and
// the chip tables 若 wakaba, 銀 gin, 琥 kohaku, 孔 kujaku; 技 skill. It
// reports false for another character. The games table's lobby_level and
// the archive table's are these names.
func TenhouTableLevel(c rune) (string, bool) {
	switch c {
	case '般':
		return "ippan", true
	case '上':
		return "joukyuu", true
	case '特':
		return "tokujou", true
	case '鳳':
		return "houou", true
	case '若':
		return "wakaba", true
	case '銀':
		return "gin", true
	case '琥':
		return "kohaku", true
	case '孔':
		return "kujaku", true
	case '技':
		return "skill", true
	}
	return "", false
}

// Error is a decoding error with its position: the input, the byte offset in
// the decompressed input and the index of the element, line or record (each
// -1 when unknown), and the hand being decoded (Hand is the 0-based index of
// the hand, -1 before the first). Error strings start with the input's path.
type Error struct {
	Path string
	// Game is 1 + the index of the game in a file that holds several, or
	// 0 for the only game of its file (or when unknown). The message
	// names it by its index: "game 3".
	Game   int
	Format Format
	Offset int64
	Index  int
	Hand   int
	Round  RoundID
	Err    error
	// Line and Column are the line and the column (in characters, as the
	// decoders' messages count them) of Offset in
	// the decompressed input, each from 1; 0 when unknown. Format decoders
	// do not set them: Locate does, from the input's text (parser.Decoder
	// calls it for every game, placing a game that does not start its
	// file). The error's message does not name them.
	Line, Column int
}

// Locate sets e.Line and e.Column from e.Offset, given data, the text of
// the input from its first byte. Columns count characters (a character of
// several bytes in UTF-8 is one column, an invalid byte is one), and a
// byte order mark that starts data takes none. It leaves them unknown (0)
// when Offset is unknown or past the end of data. It reads data up to
// Offset once.
func (e *Error) Locate(data []byte) {
	if e.Offset < 0 || e.Offset > int64(len(data)) {
		return
	}
	before := data[:e.Offset]
	e.Line = 1 + bytes.Count(before, []byte{'\n'})
	start := bytes.LastIndexByte(before, '\n') + 1
	if start == 0 {
		start = len(before) - len(bytes.TrimPrefix(before, []byte("\ufeff")))
	}
	e.Column = 1 + utf8.RuneCount(before[start:])
}

// Detail returns what is wrong, without the position that Error writes
// before it: "format: message" ("mjlog: no game end (owari) ...: log ends
// before the game does"), cut as Error cuts it.
func (e *Error) Detail() string {
	var b strings.Builder
	if e.Format != FormatUnknown {
		b.WriteString(e.Format.String())
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(ClipText(e.Err.Error()))
	}
	return b.String()
}

// Error returns "path: game G, offset N, element M, round E1-0: format:
// message", leaving out the parts that are unknown (and the game for the
// only game of its file); a hand whose round is not known yet is named
// "hand N", counted from 1. The path and the message are cut as ClipText
// cuts them: the input text they quote is at most MaxQuote bytes a piece.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Path != "" {
		b.WriteString(ClipText(e.Path))
		b.WriteString(": ")
	}
	sep := ""
	if e.Game > 0 {
		b.WriteString("game ")
		b.WriteString(strconv.Itoa(e.Game - 1))
		sep = ", "
	}
	if e.Offset >= 0 {
		b.WriteString(sep)
		b.WriteString("offset ")
		b.WriteString(strconv.FormatInt(e.Offset, 10))
		sep = ", "
	}
	if e.Index >= 0 {
		b.WriteString(sep)
		b.WriteString(indexWord(e.Format))
		b.WriteString(strconv.Itoa(e.Index))
		sep = ", "
	}
	if e.Hand >= 0 {
		b.WriteString(sep)
		if e.Round.Number > 0 {
			b.WriteString("round ")
			b.WriteString(e.Round.String())
		} else {
			// The hand's start was not read far enough to know its round
			// (hands are numbered from 1, as haifu wall and replay do).
			b.WriteString("hand ")
			b.WriteString(strconv.Itoa(e.Hand + 1))
		}
		sep = ", "
	}
	if sep != "" {
		b.WriteString(": ")
	}
	b.WriteString(e.Detail())
	return b.String()
}

func indexWord(f Format) string {
	switch f {
	case FormatMjlog:
		return "element "
	case FormatMjai:
		return "line "
	default:
		return "item "
	}
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Errors a decoder wraps in an Error.
var (
	// ErrTruncated: the input ends before the game does. The events read up
	// to that point are kept.
	ErrTruncated = errors.New("log ends before the game does")
	// ErrSyntax: the input is not well-formed in its format.
	ErrSyntax = errors.New("syntax error")
	// ErrValue: a well-formed field has a value out of range or
	// inconsistent with the game.
	ErrValue = errors.New("invalid value")
	// ErrUnsupported: the input is a known variant haifu does not read.
	ErrUnsupported = errors.New("unsupported")
)
