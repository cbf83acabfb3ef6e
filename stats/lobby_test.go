package stats_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
)

// TestLobby checks the lobby columns of the games table: Tenhou's rule name
// written with the players whatever the format wrote, the table's level,
// Mahjong Soul's rooms in either language, and nulls for what a log does
// not say.
func TestLobby(t *testing.T) {
	type lobby struct {
		Lobby, Level     string // "" for null
		RedFives         int32  // -1 for null
		OpenTanyao, Fast event.Flag
	}
	unknownReds := [3]int8{-1, -1, -1}
	tests := []struct {
		name     string
		platform event.Platform
		players  int8
		rules    event.Rules
		want     lobby
	}{
		{"mjlog type", event.Tenhou, 4, event.Rules{Name: "四鳳南喰赤", RedFives: [3]int8{1, 1, 1}, OpenTanyao: event.FlagYes, Fast: event.FlagNo},
			lobby{"四鳳南喰赤", "houou", 3, event.FlagYes, event.FlagNo}},
		{"tenhou6 four players", event.Tenhou, 4, event.Rules{Name: "鳳南喰赤", RedFives: [3]int8{1, 1, 1}},
			lobby{"四鳳南喰赤", "houou", 3, 0, 0}},
		{"tenhou6 sanma", event.Tenhou, 3, event.Rules{Name: "三鳳南喰赤", RedFives: [3]int8{0, 1, 1}},
			lobby{"三鳳南喰赤", "houou", 2, 0, 0}},
		{"tenhou6 ippan without reds", event.Tenhou, 4, event.Rules{Name: "般東喰", RedFives: [3]int8{}},
			lobby{"四般東喰", "ippan", 0, 0, 0}},
		{"chip table", event.Tenhou, 4, event.Rules{Name: "四琥東喰赤祝５", RedFives: [3]int8{1, 1, 1}},
			lobby{"四琥東喰赤祝５", "kohaku", 3, 0, 0}},
		{"fast joukyuu", event.Tenhou, 4, event.Rules{Name: "上東喰赤速", RedFives: unknownReds, Fast: event.FlagYes},
			lobby{"四上東喰赤速", "joukyuu", -1, 0, event.FlagYes}},
		{"no table", event.Tenhou, 4, event.Rules{Name: "四南喰赤", RedFives: unknownReds},
			lobby{"四南喰赤", "", -1, 0, 0}},
		{"majsoul room", event.Majsoul, 4, event.Rules{Name: "玉の間南", RedFives: [3]int8{1, 1, 1}, OpenTanyao: event.FlagYes},
			lobby{"玉の間南", "jade", 3, event.FlagYes, 0}},
		{"majsoul english", event.Majsoul, 4, event.Rules{Name: "Gold Room South", RedFives: unknownReds},
			lobby{"Gold Room South", "gold", -1, 0, 0}},
		{"majsoul silver is not gin", event.Majsoul, 4, event.Rules{Name: "銀の間東", RedFives: unknownReds},
			lobby{"銀の間東", "silver", -1, 0, 0}},
		{"majsoul friendly", event.Majsoul, 4, event.Rules{Name: "友人戦一局", RedFives: unknownReds},
			lobby{"友人戦一局", "", -1, 0, 0}},
		{"a tenhou name elsewhere", event.PlatformOther, 4, event.Rules{Name: "鳳南喰赤", RedFives: unknownReds},
			lobby{"鳳南喰赤", "", -1, 0, 0}},
		{"nothing known", event.PlatformUnknown, 4, event.Rules{RedFives: unknownReds},
			lobby{"", "", -1, 0, 0}},
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &event.Game{Meta: event.Meta{Platform: tt.platform, Players: tt.players, Rules: tt.rules}}
			gr := stats.Build("a", g, nil, nil).Game
			got := lobby{Lobby: str(gr.Lobby), Level: str(gr.LobbyLevel), RedFives: -1}
			if gr.Lobby != nil && *gr.Lobby == "" || gr.LobbyLevel != nil && *gr.LobbyLevel == "" {
				t.Errorf("an empty string where null is meant: %v %v", gr.Lobby, gr.LobbyLevel)
			}
			if gr.RedFives != nil {
				got.RedFives = *gr.RedFives
			}
			for _, f := range []struct {
				b   *bool
				out *event.Flag
			}{{gr.OpenTanyao, &got.OpenTanyao}, {gr.Fast, &got.Fast}} {
				if f.b != nil {
					*f.out = event.FlagOf(*f.b)
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("lobby columns (-want +got):\n%s", d)
			}
		})
	}
}
