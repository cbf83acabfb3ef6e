package adjudicator

import (
	"embed"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/haifu/haifu/event"
)

//go:embed presets/*.toml
var presetFS embed.FS

// PresetNames returns the names of the embedded presets, sorted.
func PresetNames() []string {
	ents, err := presetFS.ReadDir("presets")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".toml"))
	}
	slices.Sort(out)
	return out
}

// PresetText returns the TOML text of a preset.
func PresetText(name string) ([]byte, error) {
	b, err := presetFS.ReadFile(path.Join("presets", name+".toml"))
	if err != nil {
		return nil, fmt.Errorf("no preset %q (presets: %s)", name, strings.Join(PresetNames(), ", "))
	}
	return b, nil
}

// Preset returns a preset by name. Each call returns a new Rules.
func Preset(name string) (*Rules, error) {
	b, err := PresetText(name)
	if err != nil {
		return nil, err
	}
	return Parse(name+".toml", b)
}

// Load returns the rules named by s: a preset name, or the path of a TOML
// file.
func Load(s string) (*Rules, error) {
	if slices.Contains(PresetNames(), s) {
		return Preset(s)
	}
	if strings.HasSuffix(s, ".toml") || strings.ContainsRune(s, os.PathSeparator) {
		b, err := os.ReadFile(s)
		if err != nil {
			return nil, err
		}
		return Parse(s, b)
	}
	return nil, fmt.Errorf("no preset or file %q (presets: %s)", s, strings.Join(PresetNames(), ", "))
}

// Selector picks the preset for each game under `--rules auto`. It loads
// the presets once; the zero Selector loads them on first use. It is not
// safe for concurrent use.
type Selector struct {
	presets []*Rules
	err     error
	loaded  bool
}

// load reads the presets on first use.
func (s *Selector) load() error {
	if !s.loaded {
		s.loaded = true
		for _, n := range PresetNames() {
			r, err := Preset(n)
			if err != nil {
				s.err = err
				break
			}
			s.presets = append(s.presets, r)
		}
	}
	return s.err
}

// For returns the preset for a game: the first of its Candidates.
func (s *Selector) For(g *event.Game) (*Rules, error) {
	c, err := s.Candidates(g)
	if err != nil {
		return nil, err
	}
	return c[0], nil
}

// lobbyKind classifies a game's lobby. Tenhou: "chips5" for 祝儀 lobbies
// with 5 chips per bonus, "chips" for the other 祝儀 lobbies,
// "private" for numbered lobbies, custom rules (GO title, rule or csrule)
// and the 0x800 lobbies, else "public". Mahjong Soul: "private" when the
// starting points are not the ranked rooms' (friendly and tournament
// games), else "public". Other platforms: "private" for a tenhou.net/6
// file that names no game server (no log id, no Tenhou lobby: the editor's
// files, hand-typed professional games, converters' output), whose start
// points and uma are its own; else "public".
func lobbyKind(m *event.Meta) Lobby {
	if m.Platform == event.Majsoul {
		if (m.Players == 3 && m.StartingPoints != 35000) || (m.Players != 3 && m.StartingPoints != 25000) {
			return LobbyPrivate
		}
		return LobbyPublic
	}
	if m.Platform != event.Tenhou {
		if m.Format == event.FormatTenhou6 && m.ID == "" && m.Rules.TenhouLobby < 0 {
			return LobbyPrivate
		}
		return LobbyPublic
	}
	switch {
	case m.Rules.Chips == event.FlagYes && m.Rules.TenhouType&0x600 == 0x600:
		return LobbyChips5
	case m.Rules.Chips == event.FlagYes:
		return LobbyChips
	case m.Rules.TenhouLobby > 0, m.Rules.TenhouType >= 0 && m.Rules.TenhouType&0x800 != 0, len(m.Rules.Extra) > 0:
		return LobbyPrivate
	}
	return LobbyPublic
}

// tenhouEras returns the rule eras a Tenhou log may be of: the one its log
// id's date falls in (two for a date in June 2010, see eraOfDay), or,
// without a date, every era in which its wall seed's form was used (each
// form spans a rule change).
func tenhouEras(g *event.Game) []Era {
	if id, ok := event.ParseTenhouID(g.Meta.ID); ok {
		y, m, d := id.Start.Date()
		return eraOfDay(y*10000 + int(m)*100 + d)
	}
	switch {
	case len(g.Rounds) > 0 && g.Rounds[0].Shuffle != "":
		return []Era{Era2009, Era2009July}
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288,"):
		return []Era{Era2009July, Era2010}
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288-base64,"):
		return []Era{Era2010, EraModern}
	}
	return []Era{Era2009, Era2009July, Era2010, EraModern} // no seed: any era
}

// eraOfDay returns the era of a date (YYYYMMDD, Japan time). Tenhou capped
// the extension on 2009-07-04, paid tonpuusen uma 10-20 from 2009-08-01,
// and announced tenpai-yame for June 2010 (its rule page says 2010-06-01;
// logs of June 2010 still play on after a tenpai first-placed dealer):
// June 2010 may be either era.
func eraOfDay(ymd int) []Era {
	switch {
	case ymd < 20090704:
		return []Era{Era2009}
	case ymd < 20090801:
		return []Era{Era2009July}
	case ymd < 20100601:
		return []Era{Era2010}
	case ymd < 20100701:
		return []Era{Era2010, EraModern}
	}
	return []Era{EraModern}
}
