package adjudicator

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/haifu/haifu/event"
)

// A RuleSet is one of the rule sets an analysis judges every game under:
// each log's own rules (auto), one rule set, or one rule set per number of
// players (a mapping, "4p=wrc,3p=tenhou-sanma"). A rule set applies to a
// game when it has rules for the game's number of players: auto always, a
// preset for four players to four-player games only. A game a rule set
// does not apply to is not judged under it (and so is in none of its
// figures): it is counted as not applicable, not as divergent.
//
// A RuleSet is read-only once made and may be shared by goroutines.
type RuleSet struct {
	// Name names the rule set in the tables (the rule_set column) and the
	// summary: "auto", a preset's name, a rule file's name, or a
	// mapping's ("4p=wrc,3p=tenhou-sanma", or the name a mapping file
	// gives it).
	Name string
	// Auto: each game is judged under its own rules (Selector.Candidates).
	Auto bool
	// ByPlayers holds the rules for 3-player (index 3) and 4-player games
	// (index 4); nil where the rule set has none. Unused when Auto.
	ByPlayers [5]*Rules
}

// AutoRuleSet is the rule set of each log's own rules (--rules auto).
func AutoRuleSet() *RuleSet { return &RuleSet{Name: "auto", Auto: true} }

// FixedRuleSet is the rule set of r alone: it applies to the games of r's
// number of players.
func FixedRuleSet(r *Rules) *RuleSet {
	rs := &RuleSet{Name: r.Name}
	if r.Players == 3 || r.Players == 4 {
		rs.ByPlayers[r.Players] = r
	}
	return rs
}

// Fixed returns the one rule set rs stands for, nil when it is auto or a
// mapping of several.
func (rs *RuleSet) Fixed() *Rules {
	if rs.Auto {
		return nil
	}
	var one *Rules
	for _, r := range rs.ByPlayers {
		if r != nil {
			if one != nil && one != r {
				return nil
			}
			one = r
		}
	}
	return one
}

// For returns the rules rs has for a game of the given number of players,
// nil when rs is auto or has none (it does not apply).
func (rs *RuleSet) For(players int) *Rules {
	if rs.Auto || players < 0 || players >= len(rs.ByPlayers) {
		return nil
	}
	return rs.ByPlayers[players]
}

// Applies reports whether rs judges games of the given number of players,
// and, when it does not, why not.
func (rs *RuleSet) Applies(players int) (bool, string) {
	if rs.Auto || rs.For(players) != nil {
		return true, ""
	}
	var has []string
	for n, r := range rs.ByPlayers {
		if r != nil {
			has = append(has, strconv.Itoa(n))
		}
	}
	return false, fmt.Sprintf("%s has rules for %s-player games, not for this %d-player game", rs.Name, strings.Join(has, " and "), players)
}

// ErrRuleSets is wrapped by the errors of ParseRuleSets.
var ErrRuleSets = errors.New("bad rule sets")

// ParseRuleSets reads the rule sets of --rules: names separated by commas,
// each "auto", a preset, a rule file (.toml), or a mapping file (a TOML
// file with a [players] table, see below). "3p=NAME" and "4p=NAME" items
// make a mapping by number of players: consecutive ones are one rule set,
// named by them ("4p=wrc,3p=tenhou-sanma"), until one names a player count
// the mapping has already. A name given twice is an error.
//
// A mapping file is the file form of a mapping:
//
//	name = "mixed"          # optional: the rule set's name (default: the file's)
//	[players]
//	4 = "wrc"               # a preset, or a rule file relative to this file
//	3 = "tenhou-sanma"
func ParseRuleSets(spec string) ([]*RuleSet, error) {
	var out []*RuleSet
	var mapping *RuleSet
	var mapNames []string
	flush := func() {
		if mapping != nil {
			mapping.Name = strings.Join(mapNames, ",")
			out = append(out, mapping)
			mapping, mapNames = nil, nil
		}
	}
	for item := range strings.SplitSeq(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("%w: %q: an empty name", ErrRuleSets, spec)
		}
		if n, name, ok := playersItem(item); ok {
			if mapping != nil && mapping.ByPlayers[n] != nil {
				flush()
			}
			if mapping == nil {
				mapping = &RuleSet{}
			}
			r, err := Load(name)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %w", ErrRuleSets, item, err)
			}
			if r.Players != n {
				return nil, fmt.Errorf("%w: %s: %s is for %d-player games", ErrRuleSets, item, r.Name, r.Players)
			}
			mapping.ByPlayers[n] = r
			mapNames = append(mapNames, fmt.Sprintf("%dp=%s", n, r.Name))
			continue
		}
		flush()
		rs, err := loadRuleSet(item)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRuleSets, err)
		}
		out = append(out, rs)
	}
	flush()
	seen := map[string]bool{}
	for _, rs := range out {
		if seen[rs.Name] {
			return nil, fmt.Errorf("%w: %s given twice", ErrRuleSets, rs.Name)
		}
		seen[rs.Name] = true
	}
	return out, nil
}

// playersItem splits "4p=wrc" into 4 and "wrc".
func playersItem(item string) (int, string, bool) {
	k, v, ok := strings.Cut(item, "=")
	if !ok {
		return 0, "", false
	}
	switch k {
	case "3p", "3":
		return 3, v, true
	case "4p", "4":
		return 4, v, true
	}
	return 0, "", false
}

// loadRuleSet loads one item of --rules other than a mapping item.
func loadRuleSet(item string) (*RuleSet, error) {
	if item == "auto" {
		return AutoRuleSet(), nil
	}
	if strings.HasSuffix(item, ".toml") {
		b, err := os.ReadFile(item)
		if err != nil {
			return nil, err
		}
		var mf struct {
			Name    string            `toml:"name"`
			Players map[string]string `toml:"players"`
		}
		if toml.Unmarshal(b, &mf) == nil && len(mf.Players) > 0 && !strings.Contains(string(b), "[points]") {
			return mappingFile(item, mf.Name, mf.Players)
		}
	}
	r, err := Load(item)
	if err != nil {
		return nil, err
	}
	return FixedRuleSet(r), nil
}

// mappingFile makes the rule set of a mapping file.
func mappingFile(path, name string, players map[string]string) (*RuleSet, error) {
	rs := &RuleSet{Name: name}
	if rs.Name == "" {
		rs.Name = strings.TrimSuffix(filepath.Base(path), ".toml")
	}
	for _, k := range slices.Sorted(maps.Keys(players)) {
		n, _, ok := playersItem(k + "=")
		if !ok {
			return nil, fmt.Errorf("%s: [players]: %q: want 3 or 4", path, k)
		}
		v := players[k]
		if strings.HasSuffix(v, ".toml") && !filepath.IsAbs(v) {
			v = filepath.Join(filepath.Dir(path), v)
		}
		r, err := Load(v)
		if err != nil {
			return nil, fmt.Errorf("%s: [players] %s: %w", path, k, err)
		}
		if r.Players != n {
			return nil, fmt.Errorf("%s: [players] %s: %s is for %d-player games", path, k, r.Name, r.Players)
		}
		rs.ByPlayers[n] = r
	}
	return rs, nil
}

// SetJudgement is a game's judgement under one rule set of a run.
type SetJudgement struct {
	// Set is the rule set.
	Set *RuleSet
	// Report is the judgement; nil when the rule set does not apply to the
	// game (NotApplicable says why) or no preset fits it (Err, auto only).
	Report        *Report
	NotApplicable string
	Err           error
}

// JudgeSets judges g under each of sets, in one pass: the game is replayed
// once for every set of replay options the rules give (most rule sets
// share one), and the judges of all the rule sets (auto's candidates
// among them) read its hand ends in lockstep. A fixed rule set is native
// when it is one of the presets auto would pick for the game. The
// judgements are in the order of sets and valid until the next call.
func (jr *Judger) JudgeSets(g *event.Game, sets []*RuleSet, sel *Selector) []SetJudgement {
	js, _ := jr.JudgeSetsContext(context.Background(), g, sets, sel) // never cancelled
	return js
}

// JudgeSetsContext is JudgeSets, stopped when ctx is done: it looks at ctx
// at every hand start and every stopEvery events, and returns ctx's
// error, and no judgements, when it is done before the judgement is.
func (jr *Judger) JudgeSetsContext(ctx context.Context, g *event.Game, sets []*RuleSet, sel *Selector) ([]SetJudgement, error) {
	cands, candErr := sel.Candidates(g)
	players := g.Meta.PlayerCount()
	jr.sets = jr.sets[:0]
	jr.rules = jr.rules[:0]
	jr.natives = jr.natives[:0]
	// first[i] is the index in jr.rules of set i's first rules, -1 when
	// it has none.
	jr.first = jr.first[:0]
	for _, rs := range sets {
		sj := SetJudgement{Set: rs}
		first := -1
		switch {
		case rs.Auto && candErr != nil:
			sj.Err = candErr
		case rs.Auto:
			first = len(jr.rules)
			for _, c := range cands {
				jr.rules = append(jr.rules, c)
				jr.natives = append(jr.natives, true)
			}
		default:
			r := rs.For(players)
			if ok, why := rs.Applies(players); !ok {
				sj.NotApplicable = why
				break
			}
			first = len(jr.rules)
			jr.rules = append(jr.rules, r)
			jr.natives = append(jr.natives, candErr == nil && slices.ContainsFunc(cands, func(c *Rules) bool { return c.Name == r.Name }))
		}
		jr.sets = append(jr.sets, sj)
		jr.first = append(jr.first, first)
	}
	if len(jr.rules) == 0 {
		return jr.sets, nil
	}
	reps, err := jr.judgeAll(ctx, g, jr.rules, jr.natives)
	if err != nil {
		return nil, err
	}
	for i, rs := range sets {
		k := jr.first[i]
		if k < 0 {
			continue
		}
		if rs.Auto && len(cands) > 1 {
			jr.sets[i].Report = jr.mergeCandidates(g, reps[k:k+len(cands)], cands)
			continue
		}
		jr.sets[i].Report = reps[k]
	}
	return jr.sets, nil
}
