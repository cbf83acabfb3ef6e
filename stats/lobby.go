package stats

import (
	"strings"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// majsoulRooms maps a Mahjong Soul room, as its Japanese or English mode
// name begins, to its level.
var majsoulRooms = []struct{ prefix, level string }{
	{"銅の間", "bronze"}, {"銀の間", "silver"}, {"金の間", "gold"}, {"玉の間", "jade"}, {"王座の間", "throne"},
	{"Bronze", "bronze"}, {"Silver", "silver"}, {"Gold", "gold"}, {"Jade", "jade"}, {"Throne", "throne"},
}

// fillLobby sets the lobby columns of a game from its rule facts. Tenhou's
// rule name is written the way the archive and the mjlog's type write it,
// with the players first ("四鳳南喰赤"), also where tenhou.net/6 leaves the
// players out ("鳳南喰赤").
func (gr *GameRow) fillLobby(m *event.Meta) {
	r := &m.Rules
	name := r.Name
	switch m.Platform {
	case event.Tenhou:
		first, size := utf8.DecodeRuneInString(name)
		if _, ok := event.TenhouTableLevel(first); ok {
			if m.PlayerCount() == 3 {
				name = "三" + name
			} else {
				name = "四" + name
			}
		} else if first == '四' || first == '三' {
			first, _ = utf8.DecodeRuneInString(name[size:])
		}
		if level, ok := event.TenhouTableLevel(first); ok {
			gr.LobbyLevel = strp(level)
		}
	case event.Majsoul:
		for _, room := range majsoulRooms {
			if strings.HasPrefix(name, room.prefix) {
				gr.LobbyLevel = strp(room.level)
				break
			}
		}
	}
	gr.Lobby = strp(name)
	if r.RedFives[0] >= 0 && r.RedFives[1] >= 0 && r.RedFives[2] >= 0 {
		gr.RedFives = i32p(int32(r.RedFives[0]) + int32(r.RedFives[1]) + int32(r.RedFives[2]))
	}
	gr.OpenTanyao = flagp(r.OpenTanyao)
	gr.Fast = flagp(r.Fast)
}

// flagp returns a pointer to what f says, nil when it is unknown.
func flagp(f event.Flag) *bool {
	if f == event.FlagUnknown {
		return nil
	}
	b := f == event.FlagYes
	return &b
}
