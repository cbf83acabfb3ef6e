package event_test

import (
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// typeNames are the `type` names of `haifu events` (docs/design.md, "The event
// model"), in the order of the Type constants.
var typeNames = []struct {
	t    event.Type
	name string
}{
	{event.GameStart, "game_start"},
	{event.RoundStart, "round_start"},
	{event.Draw, "draw"},
	{event.Discard, "discard"},
	{event.Riichi, "riichi"},
	{event.RiichiAccepted, "riichi_accepted"},
	{event.Call, "call"},
	{event.ClosedKan, "closed_kan"},
	{event.AddedKan, "added_kan"},
	{event.Kita, "kita"},
	{event.Dora, "dora"},
	{event.Win, "win"},
	{event.Ryuukyoku, "ryuukyoku"},
	{event.GameEnd, "game_end"},
	{event.Disconnect, "disconnect"},
	{event.Reconnect, "reconnect"},
	{event.Broken, "broken"},
}

// parseType returns the Type whose String is s, or false: the test's
// inverse of Type.String, which says that no two types share a name and
// that no other string names one.
func parseType(s string) (event.Type, bool) {
	for t := event.Type(1); t != 0; t++ {
		if t.String() == s && !strings.HasPrefix(s, "Type(") {
			return t, true
		}
	}
	return 0, false
}

func TestTypeString(t *testing.T) {
	seen := map[event.Type]bool{}
	for i, tc := range typeNames {
		if int(tc.t) != i+1 {
			t.Errorf("%s = Type(%d), want Type(%d) (0 is no type)", tc.name, tc.t, i+1)
		}
		if seen[tc.t] {
			t.Errorf("%s: duplicate Type %d", tc.name, tc.t)
		}
		seen[tc.t] = true
		if got := tc.t.String(); got != tc.name {
			t.Errorf("Type(%d).String() = %q, want %q", tc.t, got, tc.name)
		}
		got, ok := parseType(tc.name)
		if !ok || got != tc.t {
			t.Errorf("parseType(%q) = %v, %v; want %v, true", tc.name, got, ok, tc.t)
		}
	}
	for _, tc := range []struct {
		t    event.Type
		want string
	}{{0, "Type(0)"}, {18, "Type(18)"}, {255, "Type(255)"}} {
		if got := tc.t.String(); got != tc.want {
			t.Errorf("Type(%d).String() = %q, want %q", uint8(tc.t), got, tc.want)
		}
	}
	for _, s := range []string{"", "Draw", "DRAW", "draw ", "Type(0)", "Type(18)", "tsumo", "ron", "game"} {
		if got, ok := parseType(s); ok || got != 0 {
			t.Errorf("parseType(%q) = %v, %v; want 0, false", s, got, ok)
		}
	}
}

func TestSeatValid(t *testing.T) {
	for s := event.Seat(-3); s <= 6; s++ {
		if got, want := s.Valid(), s >= 0 && s <= 3; got != want {
			t.Errorf("Seat(%d).Valid() = %v, want %v", s, got, want)
		}
	}
	if event.NoSeat.Valid() || event.NoSeat != -1 {
		t.Errorf("NoSeat = %d, Valid %v", event.NoSeat, event.NoSeat.Valid())
	}
}

func TestFlags(t *testing.T) {
	all := []event.Flags{event.Tsumogiri, event.TsumogiriUnknown, event.Replacement, event.TimingUnknown, event.CopyUnknown}
	var or event.Flags
	for _, f := range all {
		if f == 0 || f&(f-1) != 0 {
			t.Errorf("flag %#x is not a single bit", f)
		}
		if or&f != 0 {
			t.Errorf("flag %#x reuses a bit", f)
		}
		or |= f
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		f    event.Format
		name string
	}{
		{event.FormatUnknown, "unknown"},
		{event.FormatMjlog, "mjlog"},
		{event.FormatTenhou6, "tenhou6"},
		{event.FormatMajsoul, "majsoul"},
		{event.FormatMjai, "mjai"},
	}
	for _, tc := range tests {
		if got := tc.f.String(); got != tc.name {
			t.Errorf("Format(%d).String() = %q, want %q", tc.f, got, tc.name)
		}
		got, ok := event.ParseFormat(tc.name)
		if !ok || got != tc.f {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v, true", tc.name, got, ok, tc.f)
		}
	}
	if got := event.Format(5).String(); got != "Format(5)" {
		t.Errorf("Format(5).String() = %q", got)
	}
	// The --format flag also takes "auto"; that is the caller's business.
	for _, s := range []string{"", "auto", "xml", "Mjlog", "tenhou", "Format(5)"} {
		if got, ok := event.ParseFormat(s); ok || got != event.FormatUnknown {
			t.Errorf("ParseFormat(%q) = %v, %v; want unknown, false", s, got, ok)
		}
	}
}

func TestPlatformLength(t *testing.T) {
	platforms := []struct {
		p    event.Platform
		want string
	}{
		{event.PlatformUnknown, "unknown"}, {event.Tenhou, "tenhou"}, {event.Majsoul, "majsoul"},
		{event.PlatformOther, "other"}, {4, "Platform(4)"},
	}
	for _, tc := range platforms {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("Platform(%d).String() = %q, want %q", tc.p, got, tc.want)
		}
	}
	lengths := []struct {
		l    event.Length
		want string
	}{
		{event.LengthUnknown, "unknown"}, {event.EastOnly, "east"}, {event.EastSouth, "south"},
		{event.SingleHand, "one"}, {4, "Length(4)"},
	}
	for _, tc := range lengths {
		if got := tc.l.String(); got != tc.want {
			t.Errorf("Length(%d).String() = %q, want %q", tc.l, got, tc.want)
		}
	}
}

func TestFlagOf(t *testing.T) {
	if event.FlagOf(true) != event.FlagYes || event.FlagOf(false) != event.FlagNo {
		t.Errorf("FlagOf(true) = %d, FlagOf(false) = %d", event.FlagOf(true), event.FlagOf(false))
	}
	var zero event.Flag
	if zero != event.FlagUnknown || event.FlagYes == event.FlagNo || event.FlagNo == event.FlagUnknown {
		t.Errorf("Flag values: unknown %d, no %d, yes %d", event.FlagUnknown, event.FlagNo, event.FlagYes)
	}
}

func TestGameAccessors(t *testing.T) {
	var g event.Game
	if g.Complete() {
		t.Error("zero Game is Complete")
	}
	g.Rounds = append(g.Rounds, event.Round{Number: 1}, event.Round{Number: 2})
	g.Wins = append(g.Wins, event.WinRecord{Fu: 30}, event.WinRecord{Fu: 40})
	g.Ryuukyoku = append(g.Ryuukyoku, event.RyuukyokuRecord{Kind: event.Exhaustive}, event.RyuukyokuRecord{Kind: event.FourKans})
	g.Events = append(g.Events,
		event.Event{Type: event.RoundStart, Ref: 1},
		event.Event{Type: event.Win, Ref: 1},
		event.Event{Type: event.Ryuukyoku, Ref: 1},
	)
	if r := g.Round(&g.Events[0]); r != &g.Rounds[1] || r.Number != 2 {
		t.Errorf("Round(ref 1) = %p, want &Rounds[1] = %p", r, &g.Rounds[1])
	}
	if w := g.Win(&g.Events[1]); w != &g.Wins[1] || w.Fu != 40 {
		t.Errorf("Win(ref 1) = %p, want &Wins[1] = %p", w, &g.Wins[1])
	}
	if r := g.RyuukyokuOf(&g.Events[2]); r != &g.Ryuukyoku[1] || r.Kind != event.FourKans {
		t.Errorf("RyuukyokuOf(ref 1) = %p, want &Ryuukyoku[1] = %p", r, &g.Ryuukyoku[1])
	}
	g.End = append(g.End, event.EndRecord{})
	if !g.Complete() {
		t.Error("Game with an EndRecord is not Complete")
	}
}

func TestGameReset(t *testing.T) {
	g := event.Game{
		Meta:      event.Meta{Path: "a.xml", Players: 4, Warnings: []string{"w"}},
		Events:    make([]event.Event, 5, 16),
		Rounds:    []event.Round{{Wall: make([]tile.Tile, 136)}, {Wall: make([]tile.Tile, 136)}},
		Wins:      make([]event.WinRecord, 2, 4),
		Ryuukyoku: make([]event.RyuukyokuRecord, 1, 3),
		Scores:    make([][4]int32, 2, 5),
		End:       make([]event.EndRecord, 1, 2),
	}
	rounds := g.Rounds
	g.Reset()
	if g.Meta.Path != "" || g.Meta.Players != 0 || g.Meta.Warnings != nil {
		t.Errorf("Reset kept the metadata: %+v", g.Meta)
	}
	if len(g.Events) != 0 || len(g.Rounds) != 0 || len(g.Wins) != 0 || len(g.Ryuukyoku) != 0 || len(g.Scores) != 0 || len(g.End) != 0 {
		t.Errorf("Reset left lengths %d %d %d %d %d %d", len(g.Events), len(g.Rounds), len(g.Wins), len(g.Ryuukyoku), len(g.Scores), len(g.End))
	}
	if cap(g.Events) != 16 || cap(g.Rounds) != 2 || cap(g.Wins) != 4 || cap(g.Ryuukyoku) != 3 || cap(g.Scores) != 5 || cap(g.End) != 2 {
		t.Errorf("Reset dropped memory: caps %d %d %d %d %d %d", cap(g.Events), cap(g.Rounds), cap(g.Wins), cap(g.Ryuukyoku), cap(g.Scores), cap(g.End))
	}
	// The walls are released so that a reused Game does not pin them.
	for i, r := range rounds {
		if r.Wall != nil {
			t.Errorf("Reset kept Rounds[%d].Wall", i)
		}
	}
	if g.Complete() {
		t.Error("reset Game is Complete")
	}
}

func TestSetTenhouType(t *testing.T) {
	for typ, want := range map[int]string{
		0x00A9: "四鳳南喰赤", 0x00E1: "四鳳東喰赤速", 0x00B9: "三鳳南喰赤", 0x0009: "四般南喰赤",
		0x000B: "四般南喰－", 0x0229: "四琥南喰赤祝２", 0x0639: "三琥南喰赤祝５", 0x0089: "四上南喰赤",
		0x0029: "四特南喰赤", 0x0001: "四般東喰赤",
	} {
		var m event.Meta
		m.SetTenhouType(typ)
		if got := m.Rules.Name; got != want {
			t.Errorf("SetTenhouType(%#x): name %s, want %s", typ, got, want)
		}
	}
	var m event.Meta
	m.SetTenhouType(0x00B9) // 三鳳南喰赤
	if m.Players != 3 || m.Length != event.EastSouth || m.Rules.RedFives != [3]int8{0, 1, 1} ||
		m.Rules.OpenTanyao != event.FlagYes || m.Rules.Fast != event.FlagNo || m.Rules.Chips != event.FlagNo || m.Rules.TenhouType != 0xB9 {
		t.Errorf("SetTenhouType(0xb9) = %+v", m)
	}
	m.SetTenhouType(0x00E3) // 四鳳東喰－速: no red fives
	if m.Players != 4 || m.Length != event.EastOnly || m.Rules.RedFives != [3]int8{} || m.Rules.Fast != event.FlagYes {
		t.Errorf("SetTenhouType(0xe3) = %+v", m)
	}
}
