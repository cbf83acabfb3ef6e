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

// For returns the preset for a game's metadata: the platform, the number of
// players and, for Tenhou, chip lobbies.
func (s *Selector) For(m *event.Meta) (*Rules, error) {
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
	platform := m.Platform.String()
	if m.Platform == event.PlatformUnknown {
		platform = "other"
	}
	chips := m.Rules.Chips == event.FlagYes
	players := int(m.Players)
	if players != 3 {
		players = 4
	}
	for _, r := range s.presets {
		if r.Players == players && slices.Contains(r.Auto.Platforms, platform) && r.Auto.Chips == chips {
			return r, nil
		}
	}
	for _, r := range s.presets {
		if r.Players == players && slices.Contains(r.Auto.Platforms, platform) {
			return r, nil
		}
	}
	return nil, fmt.Errorf("no preset for a %d-player %s game", players, platform)
}
