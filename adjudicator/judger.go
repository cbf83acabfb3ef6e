package adjudicator

import (
	"context"
	"slices"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/wall"
)

// Judger judges games: it replays a game, judges every hand end and the
// game end under a rule set, and reports what it found (Report). It is
// the one way to judge a game: under given rules (Judge), under the log's
// own (JudgeAuto), or under either as a command asks (JudgeGame).
//
// A game judged under several rule sets at once (the candidates of
// JudgeAuto) is replayed once: the judges of the rule sets whose replay
// options agree read the same hand-end states in lockstep; the others get
// a replay of their own. The wall pass, which does not depend on the
// rules, runs once per game.
//
// A judgement can be stopped (JudgeGameContext): the context is looked at
// between hands and every stopEvery events within one, so that a game of
// any size stops within a few milliseconds of its context being done.
//
// The zero Judger is ready and runs every pass. A Judger reuses its memory
// from game to game; it is not safe for concurrent use.
type Judger struct {
	// Passes are the passes to run (see SelectPasses); nil runs every
	// pass.
	Passes []*Pass

	rp     replay.Replayer
	wall   wallCheck
	judges []judge
	// Per call, memory kept: the rule sets of a call, the judges of one
	// replay, the reports.
	rules   []*Rules
	natives []bool
	group   []*judge
	// variant[k] is the index in rp.Variants of the options group[k] is
	// replayed under, -1 for rp.Options.
	variant  []int
	variants []replay.Options
	reports  []*Report
	// JudgeSets' judgements, and the index of each one's first rules.
	sets  []SetJudgement
	first []int
	// merge merges the findings of several candidates (JudgeAuto,
	// JudgeSets).
	merge merger
}

// stopEvery is how often, in events, a judgement looks at its context
// within a hand (it looks at every hand start too).
const stopEvery = 1024

// stopped reports whether done (a context's Done channel, nil for one
// never done) is closed.
func stopped(done <-chan struct{}) bool {
	if done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// wallCheck is a game's hands checked against the walls of their seed,
// once for every rule set the game is judged under (the walls do not
// depend on the rules).
type wallCheck struct {
	c        wall.Checker // kept for its memory
	res      *wall.Result
	findings []check.Finding
	// bound keeps the findings of a check to check.MaxPerGame.
	bound check.Bound
}

// check checks g's hands against their walls, or (run false: the wall pass
// does not run) forgets the last game's. It returns ctx's error when ctx
// is done before the check is.
func (w *wallCheck) check(ctx context.Context, g *event.Game, run bool) error {
	clear(w.findings) // the strings of an earlier game are not kept
	w.findings = w.findings[:0]
	w.res = nil
	if run {
		var err error
		w.res, err = w.c.CheckContext(ctx, g, w.add)
		w.findings = w.bound.AppendRest(w.findings)
		return err
	}
	return nil
}

// add adds a mismatch, unless check.MaxPerGame of its check were.
func (w *wallCheck) add(m wall.Mismatch) {
	if w.bound.Keep(m.Check, m.Hand, m.Round, m.Event) {
		w.findings = append(w.findings, m)
	}
}

// Judge judges g under rules. native says whether rules are the log's own:
// then every difference is a discrepancy; otherwise plays the log cannot
// show are marked divergent. The report is valid until the next call.
func (jr *Judger) Judge(g *event.Game, rules *Rules, native bool) *Report {
	rep, _ := jr.judgeOne(context.Background(), g, rules, native) // never cancelled
	return rep
}

// judgeOne is judgeAll under one rule set.
func (jr *Judger) judgeOne(ctx context.Context, g *event.Game, rules *Rules, native bool) (*Report, error) {
	jr.rules = append(jr.rules[:0], rules)
	jr.natives = append(jr.natives[:0], native)
	reps, err := jr.judgeAll(ctx, g, jr.rules, jr.natives)
	if err != nil {
		return nil, err
	}
	return reps[0], nil
}

// JudgeGame judges g under fixed rules, or under its own when fixed is nil
// (JudgeAuto). It decides whether fixed rules are the log's own (native:
// one of the presets sel gives the game as its candidates), which makes
// every difference a discrepancy rather than what other rules would have
// decided. It returns an error only when fixed is nil and no preset fits
// the game. The report is valid until the next call.
func (jr *Judger) JudgeGame(g *event.Game, fixed *Rules, sel *Selector) (*Report, error) {
	return jr.JudgeGameContext(context.Background(), g, fixed, sel)
}

// JudgeGameContext is JudgeGame, stopped when ctx is done: between hands,
// or within a hand after at most stopEvery events. A judgement stopped
// returns no report and ctx's error (errors.Is(err, ctx.Err())); the
// caller tells it from a game no preset fits by ctx.Err().
func (jr *Judger) JudgeGameContext(ctx context.Context, g *event.Game, fixed *Rules, sel *Selector) (*Report, error) {
	if fixed == nil {
		return jr.judgeAuto(ctx, g, sel)
	}
	own, err := sel.Candidates(g)
	native := err == nil && slices.ContainsFunc(own, func(r *Rules) bool { return r.Name == fixed.Name })
	return jr.judgeOne(ctx, g, fixed, native)
}

// judgeAll judges g under each of rules (natives[i]: rules[i] are the
// log's own) and returns their reports, in the order of rules, valid
// until the next call. The game is replayed once for each set of replay
// options the rules give that replay it through different states
// (replay.SameStates: options that differ only in checks share a replay,
// each judge reading the findings of its own), and the judges of a
// replay read its hand-end states in lockstep. It returns ctx's error,
// and no reports, when ctx is done before the judgement is.
func (jr *Judger) judgeAll(ctx context.Context, g *event.Game, rules []*Rules, natives []bool) ([]*Report, error) {
	checks := setOf(jr.Passes)
	if err := jr.wall.check(ctx, g, checks.runs(WallPass)); err != nil {
		return nil, err
	}
	for len(jr.judges) < len(rules) {
		jr.judges = append(jr.judges, judge{})
	}
	jr.reports = jr.reports[:0]
	for range rules {
		jr.reports = append(jr.reports, nil)
	}
	for i, r := range rules {
		if jr.reports[i] != nil {
			continue // judged in the lockstep of an earlier rule set
		}
		opt := r.ReplayOptions(&g.Meta, natives[i])
		jr.group, jr.variant, jr.variants = jr.group[:0], jr.variant[:0], jr.variants[:0]
		for k := i; k < len(rules); k++ {
			if k != i && jr.reports[k] != nil {
				continue
			}
			o := rules[k].ReplayOptions(&g.Meta, natives[k])
			if !replay.SameStates(o, opt) {
				continue
			}
			v := -1
			if o != opt {
				v = slices.Index(jr.variants, o)
				if v < 0 {
					v = len(jr.variants)
					jr.variants = append(jr.variants, o)
				}
			}
			j := &jr.judges[k]
			j.start(g, rules[k], natives[k], o, checks)
			jr.group = append(jr.group, j)
			jr.variant = append(jr.variant, v)
			jr.reports[k] = &j.rep
		}
		if err := jr.replay(ctx, g, opt, jr.group); err != nil {
			return nil, err
		}
	}
	return jr.reports, nil
}

// replay replays g with the options opt once, handing every hand-end state
// and every event a judge looks at to each of the judges js in turn. It
// stops with ctx's error when ctx is done, looking at it at every hand
// start and every stopEvery events.
func (jr *Judger) replay(ctx context.Context, g *event.Game, opt replay.Options, js []*judge) error {
	done := ctx.Done()
	rp := &jr.rp
	rp.Options, rp.Variants = opt, jr.variants
	rp.Start(g)
	for i := range g.Events {
		e := &g.Events[i]
		if (e.Type == event.RoundStart || i%stopEvery == 0) && stopped(done) {
			return ctx.Err()
		}
		// Applying a RoundStart or GameEnd hands the previous hand over;
		// its judgement (handEnd) sets the expectation they are checked
		// against.
		if ended := rp.Apply(i); ended != nil {
			for _, j := range js {
				j.handEnd(ended)
			}
		}
		switch e.Type {
		case event.RoundStart:
			for _, j := range js {
				j.roundStart(i)
				j.d.watchStart()
			}
		case event.GameEnd:
			for _, j := range js {
				j.gameEnd(i)
			}
		case event.Discard, event.RiichiAccepted, event.ClosedKan, event.AddedKan, event.Call:
			st := rp.State()
			for _, j := range js {
				j.d.watchEvent(i, e, st)
			}
		}
	}
	if ended := rp.Finish(); ended != nil {
		for _, j := range js {
			j.handEnd(ended)
		}
	}
	for k, j := range js {
		found := rp.Findings()
		if v := jr.variant[k]; v >= 0 {
			found = rp.VariantFindings(v)
		}
		j.finish(found, &jr.wall)
	}
	return nil
}
