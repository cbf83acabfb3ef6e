package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
)

// Undetermined is a finding that the log's own rules make under some of
// the rule sets the log may have been played under, and not under others,
// which cannot be told apart: a Tenhou log without a date, whose wall seed
// was used in two rule eras, or one dated in the days in which a rule
// changed on a day not known. It is neither a discrepancy nor a pass.
type Undetermined struct {
	check.Finding
	// Under are the rule sets under which it is a finding, NotUnder those
	// under which it is not.
	Under, NotUnder []string
	// Why says what is uncertain: what the log does not say, or what is
	// not known of the rules' history.
	Why string
}

// Candidates returns the presets a game may have been played under, for
// --rules auto: one when its platform, lobby and (Tenhou) date settle it,
// several when they do not (a Tenhou log without a date whose wall seed
// form was used in several rule eras), in preset order.
func (s *Selector) Candidates(g *event.Game) ([]*Rules, error) {
	if err := s.load(); err != nil {
		return nil, err
	}
	m := &g.Meta
	platform := platformOf(m.Platform)
	players := m.PlayerCount()
	lobby, eras := lobbyKind(m), tenhouEras(g)
	var out, titled []*Rules
	for _, r := range s.presets {
		if r.Players != players || !slices.Contains(r.Auto.Platforms, platform) {
			continue
		}
		if len(r.Auto.Titles) > 0 {
			// A preset named by the log's title (an editor file of a
			// professional league's game) comes before any other.
			if slices.ContainsFunc(r.Auto.Titles, func(t string) bool { return strings.Contains(m.Title, t) }) {
				titled = append(titled, r)
			}
			continue
		}
		if r.Auto.Lobby != LobbyAny && r.Auto.Lobby != lobby {
			continue
		}
		if len(r.Auto.Eras) > 0 && !slices.ContainsFunc(r.Auto.Eras, func(e Era) bool { return slices.Contains(eras, e) }) {
			continue
		}
		out = append(out, r)
	}
	if len(titled) > 0 {
		return titled[:1], nil
	}
	if len(out) == 0 {
		names := make([]string, len(eras))
		for i, e := range eras {
			names[i] = e.String()
		}
		return nil, fmt.Errorf("no preset for a %d-player %s game (lobby %s, era %s)", players, platform, lobby, strings.Join(names, " or "))
	}
	return out, nil
}

// platformOf returns the platform of auto.platforms that p is: Tenhou,
// Mahjong Soul, or any other (PlatformOther, an unknown platform
// included).
func platformOf(p event.Platform) Platform {
	switch p {
	case event.Tenhou:
		return PlatformTenhou
	case event.Majsoul:
		return PlatformMajsoul
	}
	return PlatformOther
}

// JudgeAuto judges g under its own rules (--rules auto): the preset sel
// picks, or, when the log may have been played under several (see
// Candidates), under each of them, in one replay where their replay
// options agree. A finding that all of them make is a finding of the
// report; one that only some make is Undetermined. The report's hands,
// divergence and final scores are those of the candidate with the fewest
// findings (the first, on a tie), and Rules is that candidate. The report
// is valid until the next call.
func (jr *Judger) JudgeAuto(g *event.Game, sel *Selector) (*Report, error) {
	cands, err := sel.Candidates(g)
	if err != nil {
		return nil, err
	}
	reps := jr.judgeAll(g, cands, true)
	if len(cands) == 1 {
		return reps[0], nil
	}
	best := 0
	for i := range reps {
		if len(reps[i].Findings) < len(reps[best].Findings) {
			best = i
		}
	}
	findings, und := mergeFindings(reps, cands)
	if len(und) > 0 {
		why := eraDoubt(g)
		for i := range und {
			und[i].Why = why
		}
	}
	out := reps[best]
	out.Candidates = out.Candidates[:0]
	for _, c := range cands {
		out.Candidates = append(out.Candidates, c.Name)
	}
	out.Findings = append(out.Findings[:0], findings...)
	out.Undetermined = und
	return out, nil
}

// findingKey is what makes two findings made under two rule sets the same
// finding (their messages may name the rule set).
type findingKey struct {
	check              check.Check
	hand, event        int
	seat               event.Seat
	expected, recorded string
}

// mergeFindings merges the findings of the reports reps, made under the
// candidates cands: those every candidate makes, and those only some make
// (Undetermined), each in event order. A finding one candidate makes twice
// is two findings. It takes time linear in the number of findings.
func mergeFindings(reps []*Report, cands []*Rules) ([]check.Finding, []Undetermined) {
	// Each finding with the candidates that make it (bits), in the order
	// first made; a key's entries, in that order, with the number of
	// them the candidate being read has matched.
	type entry struct {
		f     check.Finding
		under uint64
	}
	type keyed struct {
		entries []int
		cand    int
		matched int
	}
	var entries []entry
	keys := map[findingKey]*keyed{}
	for ci, rep := range reps {
		for _, f := range rep.Findings {
			key := findingKey{f.Check, f.Hand, f.Event, f.Seat, f.Expected, f.Recorded}
			kd := keys[key]
			if kd == nil {
				kd = &keyed{cand: -1}
				keys[key] = kd
			}
			if kd.cand != ci {
				kd.cand, kd.matched = ci, 0
			}
			// The entries a candidate matched are the first of its key:
			// it matches the first one it has not.
			if kd.matched == len(kd.entries) {
				entries = append(entries, entry{f: f})
				kd.entries = append(kd.entries, len(entries)-1)
			}
			entries[kd.entries[kd.matched]].under |= 1 << ci
			kd.matched++
		}
	}
	all := uint64(1)<<len(reps) - 1
	var findings []check.Finding
	var und []Undetermined
	for _, e := range entries {
		if e.under == all {
			findings = append(findings, e.f)
			continue
		}
		u := Undetermined{Finding: e.f}
		for ci := range reps {
			if e.under&(1<<ci) != 0 {
				u.Under = append(u.Under, cands[ci].Name)
			} else {
				u.NotUnder = append(u.NotUnder, cands[ci].Name)
			}
		}
		und = append(und, u)
	}
	sortFindings(findings)
	slices.SortStableFunc(und, func(a, b Undetermined) int { return eventOrder(a.Event) - eventOrder(b.Event) })
	return findings, und
}

// Explain says under which rule sets the finding is made, and why it is
// not known which applies: "a discrepancy under tenhou-2010, not under
// tenhou: the log has no date, and ...".
func (u *Undetermined) Explain() string {
	why := u.Why
	if why == "" {
		why = "the log does not say which rules it was played under"
	}
	return "a discrepancy under " + strings.Join(u.Under, ", ") + ", not under " + strings.Join(u.NotUnder, ", ") + ": " + why
}

// eventOrder sorts game-level findings (event -1) last.
func eventOrder(ev int) int {
	if ev < 0 {
		return 1 << 30
	}
	return ev
}

// sortFindings puts findings in event order, game-level ones last.
func sortFindings(fs []check.Finding) {
	slices.SortStableFunc(fs, func(a, b check.Finding) int { return eventOrder(a.Event) - eventOrder(b.Event) })
}
