package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
)

// Undetermined is a finding that the log's own rules make under some of
// the rule sets the log may have been played under, and not under others:
// the log does not say which (a Tenhou log without a date, whose wall seed
// was used in two rule eras). It is neither a discrepancy nor a pass.
type Undetermined struct {
	check.Finding
	// Under are the rule sets under which it is a finding, NotUnder those
	// under which it is not.
	Under, NotUnder []string
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
	platform := m.Platform.String()
	if m.Platform == event.PlatformUnknown {
		platform = "other"
	}
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
		if r.Auto.Lobby != "any" && r.Auto.Lobby != lobby {
			continue
		}
		if len(r.Auto.Eras) > 0 && !slices.ContainsFunc(r.Auto.Eras, func(e string) bool { return slices.Contains(eras, e) }) {
			continue
		}
		out = append(out, r)
	}
	if len(titled) > 0 {
		return titled[:1], nil
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no preset for a %d-player %s game (lobby %s, era %s)", players, platform, lobby, strings.Join(eras, " or "))
	}
	return out, nil
}

// JudgeAuto judges g under its own rules (--rules auto): the preset sel
// picks, or, when the log may have been played under several (see
// Candidates), under each of them. A finding that all of them make is a
// finding of the report; one that only some make is Undetermined. The
// report's hands, divergence and final scores are those of the candidate
// with the fewest findings (the first, on a tie), and Rules is that
// candidate. The report is valid until the next call.
func (jr *Judger) JudgeAuto(g *event.Game, sel *Selector) (*Report, error) {
	cands, err := sel.Candidates(g)
	if err != nil {
		return nil, err
	}
	jr.wall.check(g)
	if len(cands) == 1 {
		return jr.j.run(g, cands[0], true, &jr.wall), nil
	}
	for len(jr.alt) < len(cands)-1 {
		jr.alt = append(jr.alt, judge{})
	}
	reps := make([]*Report, len(cands))
	reps[0] = jr.j.run(g, cands[0], true, &jr.wall)
	for i := 1; i < len(cands); i++ {
		reps[i] = jr.alt[i-1].run(g, cands[i], true, &jr.wall)
	}
	best := 0
	for i := range reps {
		if len(reps[i].Findings) < len(reps[best].Findings) {
			best = i
		}
	}
	// Each finding with the candidates that make it, in event order.
	type entry struct {
		f     check.Finding
		under []bool
	}
	var entries []entry
	for ci, rep := range reps {
		for _, f := range rep.Findings {
			k := slices.IndexFunc(entries, func(e entry) bool { return sameFinding(&e.f, &f) && !e.under[ci] })
			if k < 0 {
				entries = append(entries, entry{f: f, under: make([]bool, len(reps))})
				k = len(entries) - 1
			}
			entries[k].under[ci] = true
		}
	}
	out := reps[best]
	out.Candidates = out.Candidates[:0]
	for _, c := range cands {
		out.Candidates = append(out.Candidates, c.Name)
	}
	var findings []check.Finding
	var und []Undetermined
	for _, e := range entries {
		if !slices.Contains(e.under, false) {
			findings = append(findings, e.f)
			continue
		}
		u := Undetermined{Finding: e.f}
		for ci, in := range e.under {
			if in {
				u.Under = append(u.Under, cands[ci].Name)
			} else {
				u.NotUnder = append(u.NotUnder, cands[ci].Name)
			}
		}
		und = append(und, u)
	}
	sortFindings(findings)
	slices.SortStableFunc(und, func(a, b Undetermined) int { return eventOrder(a.Event) - eventOrder(b.Event) })
	out.Findings = append(out.Findings[:0], findings...)
	out.Undetermined = und
	return out, nil
}

// Explain says under which rule sets the finding is made: "a discrepancy
// under tenhou-2010, not under tenhou: ...".
func (u *Undetermined) Explain() string {
	return "a discrepancy under " + strings.Join(u.Under, ", ") + ", not under " + strings.Join(u.NotUnder, ", ") +
		": the log does not say which rules it was played under"
}

// JudgeGame judges g under fixed rules, or under its own when fixed is nil
// (JudgeAuto). It decides whether fixed rules are the log's own (native:
// one of the presets sel gives the game as its candidates), which makes
// every difference a discrepancy rather than what other rules would have
// decided. It returns an error only when fixed is nil and no preset fits
// the game. The report is valid until the next call.
func (jr *Judger) JudgeGame(g *event.Game, fixed *Rules, sel *Selector) (*Report, error) {
	if fixed == nil {
		return jr.JudgeAuto(g, sel)
	}
	own, err := sel.Candidates(g)
	native := err == nil && slices.ContainsFunc(own, func(r *Rules) bool { return r.Name == fixed.Name })
	jr.wall.check(g)
	return jr.j.run(g, fixed, native, &jr.wall), nil
}

// sameFinding reports whether a and b are the same finding made under two
// rule sets.
func sameFinding(a, b *check.Finding) bool {
	return a.Check == b.Check && a.Hand == b.Hand && a.Event == b.Event && a.Seat == b.Seat &&
		a.Expected == b.Expected && a.Recorded == b.Recorded
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
