package adjudicator

import (
	"embed"
	"fmt"
	"math"
	"os"
	"path"
	"slices"
	"strings"
	"time"

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
// id's date falls in (two for a date in the window in which tenpai-yame
// began, see eraOfDay), or, without a date, every era in which its wall
// seed's form was used (each form spans a rule change), narrowed by its
// final points: points that are not whole numbers were not rounded, and
// only the modern era writes them so (docs/rules-evidence.md, Q12).
func tenhouEras(g *event.Game) []Era {
	if id, ok := event.ParseTenhouID(g.Meta.ID); ok {
		y, m, d := id.Start.Date()
		return eraOfDay(y*10000 + int(m)*100 + d)
	}
	eras, _ := seedForm(g)
	if len(eras) > 1 && slices.Contains(eras, EraModern) && unroundedPoints(g) {
		return []Era{EraModern}
	}
	return eras
}

// seedForm returns the eras in which the form of g's wall seed was used,
// and the form's name ("" for a log without a seed, of any era).
func seedForm(g *event.Game) (eras []Era, form string) {
	switch {
	case len(g.Rounds) > 0 && g.Rounds[0].Shuffle != "":
		return []Era{Era2009, Era2009July}, "one per hand"
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288,"):
		return []Era{Era2009July, Era2010}, "hex"
	case strings.HasPrefix(g.Meta.Seed, "mt19937ar-sha512-n288-base64,"):
		return []Era{Era2010, EraModern}, "base64"
	}
	return []Era{Era2009, Era2009July, Era2010, EraModern}, "" // no seed: any era
}

// unroundedPoints reports whether g's recorded final points have a
// fraction: Tenhou rounded the final scores to 1000 until 2022, which
// leaves whole points.
func unroundedPoints(g *event.Game) bool {
	for i := range g.End {
		end := &g.End[i]
		if end.Known&event.KnownPoints2 == 0 {
			continue
		}
		for s := range g.Meta.PlayerCount() {
			if p := end.Points[s]; math.Abs(p-math.Round(p)) > 0.05 {
				return true
			}
		}
	}
	return false
}

// A day on which a dated log shows Tenhou's tenpai-yame in force (Took) or
// not yet: the dealer of the last hand, first and at the goal, tenpai at an
// exhaustive draw, and the game ended (or went on).
type yameEvidence struct {
	Day  int // YYYYMMDD, Japan time (the log id's)
	Took bool
	Log  string
}

// tenpaiYameAnnounced is the span Tenhou gave for tenpai-yame: its blog of
// 2010-05-18 promised it "from June 2010" at a maintenance whose day it
// would announce only in the lobby; the manual's list of added rules
// dates it 2010/06/01. The day it began is therefore in June 2010.
var tenpaiYameAnnounced = [2]int{20100601, 20100630}

// tenpaiYameEvidence are the dated logs nearest to the change on either
// side that show tenpai-yame taken or not (docs/rules-evidence.md,
// "2009–2010 rule eras"): none of the corpus is dated between 2010-01-22
// and 2010-08-17, so none narrows the announced window.
var tenpaiYameEvidence = []yameEvidence{
	{20090310, false, "2009031015gm-00e1-0000-7d543d25"},
	{20220102, true, "2022010201gm-00b9-0000-f593ed93"},
}

// tenpaiYameWindow returns the first and last day on which tenpai-yame may
// have begun (see yameWindow).
func tenpaiYameWindow() (first, last int) {
	return yameWindow(tenpaiYameAnnounced, tenpaiYameEvidence)
}

// yameWindow returns the first and last day on which a rule may have
// begun: the announced span, narrowed by every dated log that shows the
// rule taken (it began on that day or before) or not (it began after).
func yameWindow(announced [2]int, evidence []yameEvidence) (first, last int) {
	first, last = announced[0], announced[1]
	for _, e := range evidence {
		switch {
		case e.Took && e.Day < last:
			last = e.Day
		case !e.Took && e.Day >= first:
			first = nextDay(e.Day)
		}
	}
	return first, last
}

// nextDay returns the day after ymd (YYYYMMDD).
func nextDay(ymd int) int {
	t := time.Date(ymd/10000, time.Month(ymd/100%100), ymd%100+1, 0, 0, 0, 0, time.UTC)
	return t.Year()*10000 + int(t.Month())*100 + t.Day()
}

// eraOfDay returns the era of a date (YYYYMMDD, Japan time). Tenhou capped
// the extension on 2009-07-04, paid tonpuusen uma 10-20 from 2009-08-01,
// and began tenpai-yame on a day of the window tenpaiYameWindow gives: a
// log dated in that window may be of either era.
func eraOfDay(ymd int) []Era {
	first, last := tenpaiYameWindow()
	switch {
	case ymd < 20090704:
		return []Era{Era2009}
	case ymd < 20090801:
		return []Era{Era2009July}
	case ymd < first:
		return []Era{Era2010}
	case ymd <= last:
		return []Era{Era2010, EraModern}
	}
	return []Era{EraModern}
}

// eraDoubt says what leaves a Tenhou log's era uncertain when it may be of
// several (tenhouEras): the day its rule changed, for a dated log; the
// span of its seed's form, for one without a date.
func eraDoubt(g *event.Game) string {
	if id, ok := event.ParseTenhouID(g.Meta.ID); ok {
		y, m, d := id.Start.Date()
		first, last := tenpaiYameWindow()
		return fmt.Sprintf("the log is dated %04d-%02d-%02d, and the day Tenhou began tenpai-yame is not known: a day from %s to %s, "+
			"announced only in its lobby (no dated log shows the rule taken or not in between)", y, m, d, fmtDay(first), fmtDay(last))
	}
	if _, form := seedForm(g); form != "" {
		return "the log has no date, and its wall seed's form (" + form + ") was used under both rules"
	}
	return "the log has no date and no wall seed: it may be of any era"
}

// fmtDay writes a YYYYMMDD day as YYYY-MM-DD.
func fmtDay(ymd int) string { return fmt.Sprintf("%04d-%02d-%02d", ymd/10000, ymd/100%100, ymd%100) }
