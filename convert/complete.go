package convert

import (
	"fmt"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
)

// needs reports whether a game lacks something tenhou.net/6 must write
// and haifu's judgement can give: the value of a win (its score string
// holds the fu or limit, the han and the points, and the yaku), the score
// changes of a win, the kind of a draw (Mortal's logs do not name it), or
// the final scores and points of a game end (sc holds both).
func needs(g *event.Game) bool {
	const value = event.KnownPoints | event.KnownHan | event.KnownYaku
	for i := range g.Wins {
		w := &g.Wins[i]
		if w.Known&value != value || w.Known&event.KnownDeltas == 0 || w.Limit == event.NoLimit && w.Known&event.KnownFu == 0 {
			return true
		}
	}
	for i := range g.Ryuukyoku {
		if r := &g.Ryuukyoku[i]; r.Kind == event.Unrecorded || r.Known&event.KnownDeltas == 0 {
			return true
		}
	}
	for i := range g.End {
		if k := g.End[i].Known & (event.KnownScores | event.KnownPoints2); k != event.KnownScores|event.KnownPoints2 {
			return true
		}
	}
	return false
}

// completed is what complete did to a game.
type completed struct {
	rules          string // the rule set the game was judged under
	values, deltas int    // wins whose value, whose score changes were computed
	kinds          int    // draws whose kind was told
	drawDeltas     int    // draws whose score changes were computed
	// why says why the first win the judgement could not complete was
	// not, "" when every one was.
	why        string
	endDropped bool // the final scores were left out: their points are not recorded
}

// complete returns g with what tenhou.net/6 must write and g does not
// record computed by haifu's judgement of g under its own rules: the value
// (fu, han, points, limit, yaku) of a win, the score changes of the only
// win of a hand, and the kind and score changes of a draw (tellDraws). A
// value is filled only where the judgement has it whole (the hand scored,
// its ura dora known, a yaku) and finds nothing wrong with the win: the
// payments the log records follow from the computed value. A game end
// without both its final scores and its final points is left out
// (tenhou.net/6 writes both or none; the final scores follow from the
// last hand). The game is copied where it changes; g is not modified.
func (c *Converter) complete(g *event.Game) (*event.Game, completed) {
	var done completed
	rep, err := c.judger.JudgeGame(g, nil, &c.sel)
	full := &c.full
	*full = *g
	full.Wins = append(full.Wins[:0], g.Wins...)
	full.Ryuukyoku = append(full.Ryuukyoku[:0], g.Ryuukyoku...)
	full.End = append(full.End[:0], g.End...)
	if err == nil && rep != nil {
		done.rules = rep.Rules.Name
		c.fill(g, full, rep, &done)
	}
	for i := range full.End {
		const both = event.KnownScores | event.KnownPoints2
		if e := &full.End[i]; e.Known&both != both {
			// tenhou.net/6 writes both or no game end.
			full.Events = withoutEnd(g.Events, &c.events)
			full.End = full.End[:0]
			done.endDropped = e.Known&event.KnownScores != 0
			break
		}
	}
	return full, done
}

// fill fills the wins of full from the judgement rep of g.
func (c *Converter) fill(g, full *event.Game, rep *adjudicator.Report, done *completed) {
	wrong := map[int]bool{}      // events with a finding
	findings := map[int]string{} // the first finding at each event
	for _, f := range rep.Findings {
		wrong[f.Event] = true
		if findings[f.Event] == "" {
			findings[f.Event] = fmt.Sprintf("%s: %s", f.Check, f.Message)
		}
	}
	because := func(wr *adjudicator.WinResult, what, reason string) {
		if done.why != "" {
			return
		}
		switch {
		case reason != "":
		case findings[wr.Event] != "":
			reason = "the log contradicts the rules there (" + findings[wr.Event] + ")"
		case wr.Divergent:
			reason = "the rules would have played the hand otherwise"
		case !wr.Scored:
			reason = "the hand cannot be scored (" + wr.NotScored + ")"
		case wr.UraUnknown:
			reason = "the winner declared riichi and the log does not record the ura dora indicators"
		case wr.Value.NoYaku:
			reason = "the hand has no yaku under the rules"
		default:
			reason = "the rules' payments of the hand are not known"
		}
		done.why = fmt.Sprintf("round %v: haifu's judgement under %s cannot give %s: %s", wr.Round, done.rules, what, reason)
	}
	c.tellDraws(g, full, rep, wrong, done)
	wins := map[int]int{} // hand → its number of wins
	for _, wr := range rep.Wins {
		wins[wr.Hand]++
	}
	for k := range rep.Wins {
		wr := &rep.Wins[k]
		if wr.Event < 0 || wr.Event >= len(g.Events) {
			continue
		}
		w := &full.Wins[g.Events[wr.Event].Ref]
		const value = event.KnownPoints | event.KnownHan | event.KnownYaku | event.KnownFu
		ok := !wrong[wr.Event] && !wr.Divergent
		if w.Known&value != value && !(ok && wr.Scored && !wr.UraUnknown && !wr.Value.NoYaku) {
			because(wr, "the value of the win", "")
		}
		if w.Known&event.KnownDeltas == 0 && !(ok && wins[wr.Hand] == 1) {
			reason := ""
			if wins[wr.Hand] > 1 {
				reason = "the hand has several wins and the log records the payments of none (the rules' payments of the hand are not split by winner)"
			}
			because(wr, "the score changes of the win", reason)
		}
		if !ok {
			continue
		}
		if w.Known&value != value && wr.Scored && !wr.UraUnknown && !wr.Value.NoYaku {
			v := &wr.Value
			if w.Known&event.KnownFu == 0 {
				w.Fu = int16(v.Fu)
			}
			if w.Known&event.KnownHan == 0 {
				w.Han = int16(v.Han)
			}
			if w.Known&event.KnownPoints == 0 {
				w.Points, w.Limit = int32(v.Total), v.Limit
			}
			if w.Known&event.KnownYaku == 0 {
				w.NYaku = 0
				for _, y := range v.YakuList() {
					if y.ID == event.YakuUraDora && y.Han == 0 {
						continue
					}
					w.AddYaku(y.ID, int(y.Han))
				}
			}
			w.Known |= value
			done.values++
		}
		if w.Known&event.KnownDeltas == 0 && wins[wr.Hand] == 1 && wr.Hand < len(rep.Hands) && rep.Hands[wr.Hand].ExpectedKnown {
			h := &rep.Hands[wr.Hand]
			for s := range w.Deltas {
				w.Deltas[s] = h.Seats[s].Expected
			}
			w.Known |= event.KnownDeltas
			done.deltas++
		}
	}
}

// drawKinds are the kinds of draws by the judgement's outcomes.
var drawKinds = map[adjudicator.Outcome]event.RyuukyokuKind{
	adjudicator.ExhaustiveOutcome:    event.Exhaustive,
	adjudicator.NagashiOutcome:       event.Nagashi,
	adjudicator.NineTerminalsOutcome: event.NineTerminals,
	adjudicator.FourWindsOutcome:     event.FourWinds,
	adjudicator.FourRiichiOutcome:    event.FourRiichi,
	adjudicator.FourKansOutcome:      event.FourKans,
	adjudicator.TripleRonOutcome:     event.TripleRon,
}

// tellDraws gives the draws of full whose kind g does not record the kind
// the judgement tells from the table (rep's outcome of the hand), and
// those whose score changes g does not record the rules' payments.
func (c *Converter) tellDraws(g, full *event.Game, rep *adjudicator.Report, wrong map[int]bool, done *completed) {
	hand := -1
	for i := range g.Events {
		switch e := &g.Events[i]; e.Type {
		case event.RoundStart:
			hand++
		case event.Ryuukyoku:
			r := &full.Ryuukyoku[e.Ref]
			if wrong[i] || hand < 0 || hand >= len(rep.Hands) || rep.Hands[hand].Divergent {
				continue
			}
			if h := &rep.Hands[hand]; r.Known&event.KnownDeltas == 0 && h.ExpectedKnown {
				for s := range r.Deltas {
					r.Deltas[s] = h.Seats[s].Expected
				}
				r.Known |= event.KnownDeltas
				done.drawDeltas++
			}
			if k, ok := drawKinds[rep.Hands[hand].Outcome]; ok && r.Kind == event.Unrecorded {
				r.Kind = k
				done.kinds++
			}
		}
	}
}

// withoutEnd returns the events src without the game end, in buf's memory.
func withoutEnd(src []event.Event, buf *[]event.Event) []event.Event {
	out := (*buf)[:0]
	for _, e := range src {
		if e.Type != event.GameEnd {
			out = append(out, e)
		}
	}
	*buf = out
	return out
}

// notes words what complete did, for the warnings.
func (d *completed) notes() []string {
	var out []string
	if d.drawDeltas > 0 {
		out = append(out, fmt.Sprintf("the score changes of %d draws computed by haifu's judgement under %s: the log does not record them", d.drawDeltas, d.rules))
	}
	if d.kinds > 0 {
		out = append(out, fmt.Sprintf("the kind of %d draws (the log does not name it) told from the table by haifu's judgement under %s", d.kinds, d.rules))
	}
	if d.values > 0 {
		out = append(out, fmt.Sprintf("the value (fu, han, points, yaku) of %d wins computed by haifu's scoring under %s: the log does not record it (the payments it records follow from it)", d.values, d.rules))
	}
	if d.deltas > 0 {
		out = append(out, fmt.Sprintf("the score changes of %d wins computed from their value under %s: the log does not record them", d.deltas, d.rules))
	}
	return out
}
