package adjudicator

import (
	"context"
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
	return jr.judgeAuto(context.Background(), g, sel)
}

// judgeAuto is JudgeAuto, stopped when ctx is done (see JudgeGameContext).
func (jr *Judger) judgeAuto(ctx context.Context, g *event.Game, sel *Selector) (*Report, error) {
	cands, err := sel.Candidates(g)
	if err != nil {
		return nil, err
	}
	jr.natives = jr.natives[:0]
	for range cands {
		jr.natives = append(jr.natives, true)
	}
	reps, err := jr.judgeAll(ctx, g, cands, jr.natives)
	if err != nil {
		return nil, err
	}
	if len(cands) == 1 {
		return reps[0], nil
	}
	return jr.mergeCandidates(g, reps, cands), nil
}

// mergeCandidates makes one report of the reports reps of the candidates
// cands (two or more): the findings all make, the others Undetermined,
// the hands and the rest of the candidate with the fewest findings.
func (jr *Judger) mergeCandidates(g *event.Game, reps []*Report, cands []*Rules) *Report {
	best := 0
	for i := range reps {
		if len(reps[i].Findings) < len(reps[best].Findings) {
			best = i
		}
	}
	m := &jr.merge
	m.merge(reps, cands)
	out := reps[best]
	out.Candidates = out.Candidates[:0]
	for _, c := range cands {
		out.Candidates = append(out.Candidates, c.Name)
	}
	// The findings every candidate makes are no more than any one
	// candidate's: the copy takes no new memory. The undetermined ones
	// (an undated log's, rare) are copied out of the merger, which the
	// next merge of a call reuses (JudgeSets merges each set's).
	out.Findings = append(out.Findings[:0], m.findings...)
	out.Undetermined = nil
	if len(m.und) > 0 {
		out.Undetermined = append([]Undetermined(nil), m.und...)
		why := eraDoubt(g)
		for i := range out.Undetermined {
			out.Undetermined[i].Why = why
		}
	}
	return out
}

// findingKey is what makes two findings made under two rule sets the same
// finding (their messages may name the rule set).
type findingKey struct {
	check              check.Check
	hand, event        int
	seat               event.Seat
	expected, recorded string
}

// keyOf returns f's key.
func keyOf(f *check.Finding) findingKey {
	return findingKey{f.Check, f.Hand, f.Event, f.Seat, f.Expected, f.Recorded}
}

// merger merges the findings of several candidates (merge), and keeps its
// memory from game to game.
type merger struct {
	// findings and und are the result of the last merge.
	findings []check.Finding
	und      []Undetermined
	// Per group of findings at one event: each finding with the
	// candidates that make it (bits), in the order first made; for a large
	// group, each key's entries, in that order, with the number of them
	// the candidate being read has matched.
	entries []mergeEntry
	keys    map[findingKey]*mergeKeyed
	// pos is each candidate's next finding.
	pos []int
}

type mergeEntry struct {
	f     *check.Finding
	under uint64
}

type mergeKeyed struct {
	entries []int
	cand    int
	matched int
}

// smallGroup is the most findings at one event that merge matches by
// comparing each with the others, rather than through a map.
const smallGroup = 16

// merge merges the findings of the reports reps, made under the
// candidates cands, into m.findings, those every candidate makes, and
// m.und, those only some make (Undetermined), each in event order. A
// finding one candidate makes twice is two findings. It takes time linear
// in the number of findings. Each report's findings are in event order
// (game-level ones last), and two findings are the same only at the same
// event: the findings are merged an event at a time, so that only the
// findings of one event are held apart.
func (m *merger) merge(reps []*Report, cands []*Rules) {
	clear(m.findings)
	clear(m.und)
	m.findings, m.und = m.findings[:0], m.und[:0]
	m.pos = m.pos[:0]
	for range reps {
		m.pos = append(m.pos, 0)
	}
	all := uint64(1)<<len(reps) - 1
	for {
		// The next event: the first of the candidates' next findings.
		next, size := -1, 0
		for ci, rep := range reps {
			if p := m.pos[ci]; p < len(rep.Findings) {
				if o := eventOrder(rep.Findings[p].Event); next < 0 || o < next {
					next = o
				}
			}
		}
		if next < 0 {
			break
		}
		for ci, rep := range reps {
			for p := m.pos[ci]; p < len(rep.Findings) && eventOrder(rep.Findings[p].Event) == next; p++ {
				size++
			}
		}
		m.entries = m.entries[:0]
		if size > smallGroup {
			if m.keys == nil {
				m.keys = map[findingKey]*mergeKeyed{}
			}
			clear(m.keys)
		}
		for ci, rep := range reps {
			fs := rep.Findings
			p := m.pos[ci]
			for ; p < len(fs) && eventOrder(fs[p].Event) == next; p++ {
				if size > smallGroup {
					m.matchKeyed(&fs[p], ci)
				} else {
					m.match(&fs[p], ci)
				}
			}
			m.pos[ci] = p
		}
		for _, e := range m.entries {
			if e.under == all {
				m.findings = append(m.findings, *e.f)
				continue
			}
			u := Undetermined{Finding: *e.f}
			for ci := range reps {
				if e.under&(1<<ci) != 0 {
					u.Under = append(u.Under, cands[ci].Name)
				} else {
					u.NotUnder = append(u.NotUnder, cands[ci].Name)
				}
			}
			m.und = append(m.und, u)
		}
	}
	clear(m.entries) // no pointer into the reports is kept
}

// match matches f, candidate ci's, with the first entry of its key that
// no finding of ci matched, or makes it a new entry: a search of the
// group's entries.
func (m *merger) match(f *check.Finding, ci int) {
	for k := range m.entries {
		e := &m.entries[k]
		if e.under&(1<<ci) == 0 && sameFinding(e.f, f) {
			e.under |= 1 << ci
			return
		}
	}
	m.entries = append(m.entries, mergeEntry{f: f, under: 1 << ci})
}

// matchKeyed is match through the map of keys, for a large group. The
// entries a candidate matched are the first of its key: it matches the
// first one it has not.
func (m *merger) matchKeyed(f *check.Finding, ci int) {
	key := keyOf(f)
	kd := m.keys[key]
	if kd == nil {
		kd = &mergeKeyed{cand: -1}
		m.keys[key] = kd
	}
	if kd.cand != ci {
		kd.cand, kd.matched = ci, 0
	}
	if kd.matched == len(kd.entries) {
		m.entries = append(m.entries, mergeEntry{f: f})
		kd.entries = append(kd.entries, len(m.entries)-1)
	}
	m.entries[kd.entries[kd.matched]].under |= 1 << ci
	kd.matched++
}

// sameFinding reports whether a and b have the same key.
func sameFinding(a, b *check.Finding) bool {
	return a.Check == b.Check && a.Hand == b.Hand && a.Event == b.Event && a.Seat == b.Seat &&
		a.Expected == b.Expected && a.Recorded == b.Recorded
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
