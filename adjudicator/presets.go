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

// For returns the preset for a game: its platform, number of players,
// lobby kind and, for Tenhou, the era of its wall seed.
func (s *Selector) For(g *event.Game) (*Rules, error) {
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
	if s.err != nil {
		return nil, s.err
	}
	m := &g.Meta
	platform := m.Platform.String()
	if m.Platform == event.PlatformUnknown {
		platform = "other"
	}
	players := m.PlayerCount()
	lobby, era := lobbyKind(m), tenhouEra(g)
	for _, r := range s.presets {
		if r.Players != players || !slices.Contains(r.Auto.Platforms, platform) {
			continue
		}
		if r.Auto.Lobby != "any" && r.Auto.Lobby != lobby {
			continue
		}
		if len(r.Auto.Eras) > 0 && !slices.Contains(r.Auto.Eras, era) {
			continue
		}
		return r, nil
	}
	return nil, fmt.Errorf("no preset for a %d-player %s game (lobby %s, seed era %s)", players, platform, lobby, era)
}

// lobbyKind classifies a game's lobby. Tenhou: "chips5" for 祝儀 lobbies
// with 5 chips per bonus, "chips" for the other 祝儀 lobbies,
// "private" for numbered lobbies, custom rules (GO title, rule or csrule)
// and the 0x800 lobbies, else "public". Mahjong Soul: "private" when the
// starting points are not the ranked rooms' (friendly and tournament
// games), else "public". Other platforms: "public".
func lobbyKind(m *event.Meta) string {
	if m.Platform == event.Majsoul {
		if (m.Players == 3 && m.StartingPoints != 35000) || (m.Players != 3 && m.StartingPoints != 25000) {
			return "private"
		}
		return "public"
	}
	if m.Platform != event.Tenhou {
		return "public"
	}
	switch {
	case m.Rules.Chips == event.FlagYes && m.Rules.TenhouType&0x600 == 0x600:
		return "chips5"
	case m.Rules.Chips == event.FlagYes:
		return "chips"
	case m.Rules.TenhouLobby > 0, m.Rules.TenhouType >= 0 && m.Rules.TenhouType&0x800 != 0, len(m.Rules.Extra) > 0:
		return "private"
	}
	return "public"
}

// tenhouEra returns the rule era of a Tenhou log: "2009" before
// 2009-08-01 (tonpuusen uma 5-10, no tenpai-yame), "2010" until 2010-05-31
// (no tenpai-yame), else "modern". The date comes from the log id when
// there is one, else from the form of the wall seed: a seed per hand was
// used until mid-2009, the hex seed from 2009-08 to early 2010.
func tenhouEra(g *event.Game) string {
	if ym, ok := logMonth(g.Meta.ID); ok {
		switch {
		case ym < 200908:
			return "2009"
		case ym < 201006:
			return "2010"
		}
		return "modern"
	}
	switch {
	case len(g.Rounds) > 0 && g.Rounds[0].Shuffle != "":
		return "2009"
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288,"):
		return "2010"
	}
	return "modern"
}

// logMonth reads YYYYMM from a Tenhou log id (2016022509gm-...).
func logMonth(id string) (int, bool) {
	if len(id) < 12 || id[10:12] != "gm" {
		return 0, false
	}
	ym := 0
	for _, c := range id[:6] {
		if c < '0' || c > '9' {
			return 0, false
		}
		ym = ym*10 + int(c-'0')
	}
	return ym, true
}
