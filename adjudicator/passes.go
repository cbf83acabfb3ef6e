package adjudicator

import (
	"fmt"
	"strings"

	"github.com/haifu/haifu/check"
)

// A Pass is one group of the checks a judgement reports, declared as a
// value with the checks it reports, as golang.org/x/tools/go/analysis
// declares its analyzers. Every check of package check belongs to exactly
// one pass. A Judger runs the passes its Passes field selects (haifu verify
// --checks): a pass that is not selected reports nothing, and where
// leaving it out saves work (the wall pass builds no wall) it does not run.
//
// The passes are declared once, below, and never written.
type Pass struct {
	// Name is the pass's stable name, as --checks selects it.
	Name string
	// Doc is a one-line description.
	Doc string
	// Checks are the checks the pass reports.
	Checks []check.Check
	// PerGame: the pass does not depend on the rules, and runs once per
	// game however many rule sets judge it.
	PerGame bool
}

// The passes, in the order a judgement runs them.
var (
	// LegalityPass reports what the replay finds: events that no log can
	// hold and plays that are not legal where they stand (levels 1 and 2).
	// The input errors and warnings of the decoders (parse,
	// parse.warning) are reported whatever the passes: a game that cannot
	// be read is not judged.
	LegalityPass = &Pass{
		Name: "legality",
		Doc:  "the replay's findings: events that cannot be, plays that are not legal where they stand",
		Checks: []check.Check{
			check.Parse, check.ParseWarning, check.ParseSeat, check.ParseEvent, check.ParseTile, check.ParseRound, check.ParseWin, check.ParseRyuukyoku,
			check.LegalityTurn, check.LegalityDraw, check.LegalityWall, check.LegalityDiscard, check.LegalityTsumogiri,
			check.LegalityCall, check.LegalityChi, check.LegalityKuikae, check.LegalityKan, check.LegalityKita, check.LegalityDora,
			check.LegalityRiichi, check.LegalityRiichiDiscard, check.LegalityRiichiKan, check.LegalityWin, check.LegalityWinHand,
			check.LegalityFuriten, check.LegalityRevealedHand, check.LegalityHandSize, check.LegalityTileCount, check.LegalityOrder,
			check.ScoreRiichi,
		},
	}
	// HandEndPass reports how hands end: exhaustive and abortive draws,
	// the conditions of each, and the payments of every hand end.
	HandEndPass = &Pass{
		Name: "hand_end",
		Doc:  "draws, abortive draws and their conditions, the payments of every hand end",
		Checks: []check.Check{
			check.ScoreBefore, check.DrawWall, check.DrawOrder, check.DrawTenpai, check.DrawPayment, check.DrawNagashi,
			check.DrawNagashiPayment, check.DrawNotenRiichi, check.DrawChombo, check.DrawNineTerminals, check.DrawFourWinds,
			check.DrawFourRiichi, check.DrawFourKans, check.DrawTripleRon, check.WinPayment,
		},
	}
	// WinPass reports the scoring of wins: yaku, dora, han, fu, limit,
	// value, and the honba and sticks recorded with them.
	WinPass = &Pass{
		Name: "win",
		Doc:  "the scoring of wins: yaku, dora, han, fu, limit, value, recorded honba and sticks",
		Checks: []check.Check{
			check.WinYaku, check.WinHan, check.WinFu, check.WinDora, check.WinLimit, check.WinPoints, check.WinBa,
		},
	}
	// FlowPass reports the course of the game: the first hand, each next
	// hand, the end of the game and its final scores and points.
	FlowPass = &Pass{
		Name: "flow",
		Doc:  "the next hand, the game's end, the final scores and points",
		Checks: []check.Check{
			check.FlowFirstRound, check.FlowStartScores, check.FlowNextRound, check.FlowScores,
			check.GameEnd, check.GameFinalScores, check.GameFinalPoints,
		},
	}
	// WallPass checks every hand against the wall its seed gives, or the
	// wall its log records (Mahjong Soul's paishan) and that wall against
	// the hash published for it (level 5, package wall). It does not
	// depend on the rules.
	WallPass = &Pass{
		Name: "wall",
		Doc:  "every hand against the wall its Tenhou seed gives, or the wall its Mahjong Soul record holds, and that wall against its published hash (level 5; without rules, once per game)",
		Checks: []check.Check{
			check.WallSeed, check.WallDice, check.WallDeal, check.WallDraw, check.WallReplacement,
			check.WallDora, check.WallUra, check.WallHaitei, check.WallHash,
		},
		PerGame: true,
	}
)

// Passes returns every pass, in the order a judgement runs them.
func Passes() []*Pass {
	return []*Pass{LegalityPass, HandEndPass, WinPass, FlowPass, WallPass}
}

// PassOf returns the pass that reports c, or nil for a check of none.
func PassOf(c check.Check) *Pass {
	for _, p := range Passes() {
		for _, pc := range p.Checks {
			if pc == c {
				return p
			}
		}
	}
	return nil
}

// SelectPasses reads a selection of passes, as --checks takes it: a
// comma-separated list of pass names runs those passes only
// ("legality,wall"); a list of names each with a leading "-" runs every
// pass but those ("-wall"); "" or "all" runs every pass. The passes come
// back in the order a judgement runs them (an empty slice, not nil, when
// every pass is left out).
func SelectPasses(spec string) ([]*Pass, error) {
	all := Passes()
	if spec == "" || spec == "all" {
		return all, nil
	}
	var named, skipped []*Pass
	for _, item := range strings.Split(spec, ",") {
		name, skip := strings.CutPrefix(strings.TrimSpace(item), "-")
		p := passNamed(all, name)
		if p == nil {
			return nil, fmt.Errorf("no pass %q (the passes: %s)", name, passNames(all))
		}
		if skip {
			skipped = append(skipped, p)
		} else {
			named = append(named, p)
		}
	}
	if len(named) > 0 && len(skipped) > 0 {
		return nil, fmt.Errorf("%q names passes to run and passes to skip: give one or the other", spec)
	}
	out := []*Pass{} // not nil, which runs every pass, when every pass is left out
	for _, p := range all {
		in := passNamed(named, p.Name) != nil
		if len(skipped) > 0 {
			in = passNamed(skipped, p.Name) == nil
		}
		if in {
			out = append(out, p)
		}
	}
	return out, nil
}

func passNamed(ps []*Pass, name string) *Pass {
	for _, p := range ps {
		if p.Name == name {
			return p
		}
	}
	return nil
}

func passNames(ps []*Pass) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// checkSet is a set of checks (a Check is a uint8): the checks of the
// passes a judgement runs.
type checkSet [4]uint64

// setOf returns the checks of the passes ps; nil means every pass.
func setOf(ps []*Pass) checkSet {
	if ps == nil {
		ps = Passes()
	}
	var s checkSet
	for _, p := range ps {
		for _, c := range p.Checks {
			s[c/64] |= 1 << (c % 64)
		}
	}
	return s
}

// has reports whether c is in s.
func (s *checkSet) has(c check.Check) bool { return s[c/64]&(1<<(c%64)) != 0 }

// runs reports whether every check of p is in s: p is selected.
func (s *checkSet) runs(p *Pass) bool { return s.has(p.Checks[0]) }
