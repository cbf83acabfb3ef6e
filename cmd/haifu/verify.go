package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
)

func runVerify(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "verify", "[--rules auto|NAME|FILE] [--checks PASSES] [--format F] [--json] [-j N] PATH...",
		`Checks every game: each event must decode (check "parse") and be legal
("legality.*": turn order, tiles in hand, calls, riichi, kans, dora, wins,
furiten); every hand end and the game end must be what the rules say
("draw.*", "win.*", "score.*", "flow.*", "game.*"). Findings go to standard
output, one per line. With --json every line is one JSON object with the
same fields in the same order (null where a line has none): path,
game_index, game_id, hand, round, event, seat, check, severity
(discrepancy, error, warning, divergent, undetermined), message, expected
and recorded typed (a number, an array of numbers one per seat, or a
text), expected_text and recorded_text, link (the Tenhou viewer link to
the hand), and an error's byte_offset, item, line and column
(docs/findings.md, docs/findings.schema.json).

With --rules auto (the default) each game is judged under its own
platform's preset. With another preset or a TOML file, the differences are
what those rules would have decided; a hand or game that the other rules
would have played differently is reported as divergent from that point
(check "divergent.KIND", with --json "severity":"divergent") and not judged
further: a separate count, not a discrepancy. KIND is players,
nine_terminals, four_winds, four_riichi, four_kans, triple_ron (an
abortive draw the rules lack, or one they take where the log plays on),
next_round, game_goes_on or no_yaku (a winning hand without a yaku under
the rules). A chombo (a noten riichi at an exhaustive draw, where the
rules make it one) is judged as the rules settle it: rounds.outcome
"chombo".

The checks are grouped in passes (haifu checks lists each check's):
legality, hand_end, win, flow and wall. --checks runs some of them only:
--checks=legality,wall runs those two, --checks=-wall every pass but the
wall. A pass not run reports nothing, and a pass that can be left out is
not run: without the wall pass no wall is built, and the walls line below
says so. Input errors (parse) and the decoders' warnings are written
whatever the passes.

The last line on standard error is

    verified G games (R rounds): D discrepancies, E errors

The line before it counts the inputs found: the games (whether or not they
could be read completely) and the inputs that could not be read at all;
games + unreadable inputs = inputs. The line before that counts the hands
checked against the wall their Tenhou seed gives (level 5: dice, deal,
draws, dora and ura indicators, the end of the wall) and those that could
not be (a log without a seed).

The exit status is 0 when every game is consistent, 1 when a discrepancy or
an unreadable input was found, 2 on a usage error, 130 when interrupted
(SIGINT; 143 on SIGTERM).`)
	format := formatFlag(e, fs)
	asJSON := fs.Bool("json", false, "write findings as JSON lines")
	jobs := addJobsFlag(fs, "use `N` CPUs, 1 to 256 (or the number of CPUs, if more): parallel workers (default: all); the output is the same whatever it is")
	rulesFlag := fs.String("rules", "auto", "the `RULES`: auto (each log's own), a preset name (see haifu rules) or a TOML file")
	checks := addChecksFlag(fs)
	limits := addLimitFlags(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	walk, ok := limits.walkOptions(e, "verify", format)
	if !ok {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu verify: no PATH given (use - for standard input)")
		return exitUsage
	}
	var fixed *adjudicator.Rules
	if *rulesFlag != "auto" {
		var err error
		if fixed, err = adjudicator.Load(*rulesFlag); err != nil {
			fmt.Fprintf(e.stderr, "haifu verify: %v\n", err)
			return exitUsage
		}
	}
	if jobs.n > 0 {
		runtime.GOMAXPROCS(jobs.n)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit(runtime.GOMAXPROCS(0)))
	}
	w := bufio.NewWriterSize(e.stdout, 1<<16)
	sink := &verifySink{asJSON: *asJSON, w: w}
	counts, err := batch.Each[verifyOut](ctx, fs.Args(), batch.Options{Jobs: jobs.n, Format: walk.Format, Rules: fixed, Passes: checks.passes, Walk: walk}, sink)
	games := counts.Games
	rounds, discrepancies, undetermined, errs, divergentGames := sink.rounds, sink.discrepancies, sink.undetermined, sink.errs, sink.divergentGames
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	interrupted := ctx.Err() != nil
	if err != nil && !interrupted {
		fmt.Fprintf(e.stderr, "haifu verify: %v\n", err)
		errs++
	}
	if interrupted {
		fmt.Fprintf(e.stderr, "haifu verify: interrupted; what was found so far:\n")
	}
	if fixed != nil {
		fmt.Fprintf(e.stderr, "under %s: %d games divergent (play the rules would have changed)\n", fixed.Name, divergentGames)
	}
	if undetermined > 0 {
		fmt.Fprintf(e.stderr, "undetermined: %d findings that depend on a log's rule era, which it does not settle (no date, or dated in the weeks a rule changed; not discrepancies)\n", undetermined)
	}
	if checks.passes == nil || slices.Contains(checks.passes, adjudicator.WallPass) {
		fmt.Fprintf(e.stderr, "walls: %d hands checked against the wall of their seed or the wall their record holds, %d not checked (no seed or recorded wall, or a seed not Tenhou's)\n", sink.wallChecked, sink.wallNotChecked)
	} else {
		fmt.Fprintf(e.stderr, "walls: not checked (--checks leaves out the wall pass)\n")
	}
	fmt.Fprintf(e.stderr, "found %d inputs: %d games and %d unreadable inputs\n", counts.Inputs, games, counts.Unreadable)
	fmt.Fprintf(e.stderr, "verified %d games (%d rounds): %d discrepancies, %d errors\n", games, rounds, discrepancies, errs)
	switch {
	case interrupted:
		return exitInterrupted
	case discrepancies > 0 || errs > 0:
		return exitFound
	}
	return exitOK
}

// verifySink writes the findings of each game, in input order, and counts
// them (batch.Each counts the inputs and games; verify counts the rounds
// and findings of games read partly too).
type verifySink struct {
	asJSON                                                    bool
	w                                                         *bufio.Writer
	rounds, discrepancies, undetermined, errs, divergentGames int
	wallChecked, wallNotChecked                               int
}

// verifyOut is what verify writes of one input, and its counts.
type verifyOut struct {
	b                                                    []byte
	rounds, discrepancies, undetermined, errs, divergent int
	wallChecked, wallNotChecked                          int
}

// Take writes the lines of one input: the error that kept its game from
// being read completely, the decoder's warnings, and the findings of the
// game's judgement in event order, with the divergence among them and the
// undetermined findings last.
func (s *verifySink) Take(r *batch.Result, prev verifyOut) verifyOut {
	o := verifyOut{b: prev.b[:0]}
	g, path := r.Game, r.Input.Path
	if r.Err != nil {
		o.errs++
		o.b = appendError(o.b, s.asJSON, path, g, r.Err)
		if len(g.Events) == 0 || errors.Is(r.Err, event.ErrUnsupported) {
			// A game the decoder cannot replay is not judged from
			// what it could read.
			return o
		}
	}
	for _, ev := range g.Events {
		if ev.Type == event.RoundStart {
			o.rounds++
		}
	}
	for _, msg := range g.Meta.Warnings {
		o.b = appendWarning(o.b, s.asJSON, path, g, msg)
	}
	if r.RulesErr != nil {
		// No rules for this game: an error of its own; the others go on.
		o.errs++
		o.b = appendError(o.b, s.asJSON, path, g, fmt.Errorf("%s: %w", path, r.RulesErr))
		return o
	}
	rep := r.Report
	if rep.Wall != nil {
		o.wallChecked, o.wallNotChecked = rep.Wall.Checked, rep.Wall.NotChecked
	}
	// The divergence goes among the findings in event order.
	divEvent, divPending := 1<<30, rep.DivergentFrom >= 0
	if divPending {
		o.divergent++
		if h := rep.DivergentFrom; h < len(rep.Hands) {
			divEvent = rep.Hands[h].Event
		}
	}
	for i := range rep.Findings {
		fd := &rep.Findings[i]
		if divPending && (fd.Event < 0 || fd.Event >= divEvent) {
			divPending = false
			o.b = appendDivergence(o.b, s.asJSON, path, g, rep)
		}
		o.discrepancies++
		o.b = appendFinding(o.b, s.asJSON, path, g, fd)
	}
	if divPending {
		o.b = appendDivergence(o.b, s.asJSON, path, g, rep)
	}
	for i := range rep.Undetermined {
		o.undetermined++
		o.b = appendUndetermined(o.b, s.asJSON, path, g, &rep.Undetermined[i])
	}
	return o
}

// Write writes one input's lines and adds its counts.
func (s *verifySink) Write(o verifyOut) error {
	s.rounds += o.rounds
	s.discrepancies += o.discrepancies
	s.undetermined += o.undetermined
	s.errs += o.errs
	s.divergentGames += o.divergent
	s.wallChecked += o.wallChecked
	s.wallNotChecked += o.wallNotChecked
	_, err := s.w.Write(o.b)
	return err
}

// appendFinding writes one finding as a text line or a JSON object line.
func appendFinding(b []byte, asJSON bool, path string, g *event.Game, f *check.Finding) []byte {
	return appendFindingAs(b, asJSON, path, g, f, "", severityDiscrepancy)
}

// The severities of verify --json (docs/findings.md).
const (
	severityDiscrepancy  = "discrepancy"
	severityError        = "error"
	severityWarning      = "warning"
	severityDivergent    = "divergent"
	severityUndetermined = "undetermined"
)

// appendFindingAs is appendFinding with a word before the check's name in
// the text form ("undetermined") and the severity of the JSON form.
func appendFindingAs(b []byte, asJSON bool, path string, g *event.Game, f *check.Finding, label, severity string) []byte {
	if !asJSON {
		b = appendPath(b, path, g)
		sep := ": "
		if f.Hand >= 0 {
			b = append(b, ": round "...)
			b = append(b, f.Round.String()...)
			sep = ", "
		}
		if f.Event >= 0 {
			b = append(b, sep...)
			b = append(b, "event "...)
			b = strconv.AppendInt(b, int64(f.Event), 10)
		}
		b = append(b, ": "...)
		if label != "" {
			b = append(b, label...)
			b = append(b, ' ')
		}
		b = append(b, f.Check.String()...)
		b = append(b, ": "...)
		b = append(b, f.Message...)
		if f.Expected != "" || f.Recorded != "" {
			b = append(b, " (expected "...)
			b = append(b, f.Expected...)
			b = append(b, ", recorded "...)
			b = append(b, f.Recorded...)
			b = append(b, ')')
		}
		return append(b, '\n')
	}
	l := jsonLine{hand: f.Hand, round: f.Round, event: f.Event, seat: f.Seat, check: f.Check.String(), severity: severity,
		message: f.Message, expected: f.TypedExpected(), recorded: f.TypedRecorded(), expectedText: f.Expected, recordedText: f.Recorded}
	return l.append(b, path, g)
}

// jsonLine is one line of verify --json, whatever it reports (a finding,
// an error, a warning, a divergence, an undetermined finding): every line
// has every field, in the order append writes them, null where a line has
// no value. docs/findings.md documents the fields and
// docs/findings.schema.json holds them (TestFindingsSchema).
type jsonLine struct {
	hand     int // -1: none
	round    event.RoundID
	noRound  bool       // the hand's round is not known (an error before its start was read)
	event    int        // -1: none
	seat     event.Seat // event.NoSeat: none
	check    string
	severity string
	message  string
	// expected and recorded are typed (check.Value); their text is
	// expectedText and recordedText ("": none).
	expected, recorded         check.Value
	expectedText, recordedText string
	// pos is the position of an error in its input (its byte offset, the
	// decoder's item: element, line or item, its line and column), or nil.
	pos *event.Error
}

// append writes l as one JSON object and a newline, its fields in the
// documented order; path and g give the fields of the game.
func (l *jsonLine) append(b []byte, path string, g *event.Game) []byte {
	b = append(b, `{"path":`...)
	b = event.AppendJSONString(b, path)
	b = append(b, `,"game_index":`...)
	b = appendIntOrNull(b, g.Meta.GameIndex, g.Meta.GameIndex >= 0)
	b = append(b, `,"game_id":`...)
	b = event.AppendJSONString(b, g.Meta.ID)
	b = append(b, `,"hand":`...)
	b = appendIntOrNull(b, l.hand, l.hand >= 0)
	b = append(b, `,"round":`...)
	if l.hand >= 0 && !l.noRound {
		b = event.AppendJSONString(b, l.round.String())
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"event":`...)
	b = appendIntOrNull(b, l.event, l.event >= 0)
	b = append(b, `,"seat":`...)
	b = appendIntOrNull(b, int(l.seat), l.seat.Valid())
	b = append(b, `,"check":`...)
	b = event.AppendJSONString(b, l.check)
	b = append(b, `,"severity":`...)
	b = event.AppendJSONString(b, l.severity)
	b = append(b, `,"message":`...)
	b = event.AppendJSONString(b, l.message)
	b = append(b, `,"expected":`...)
	b = l.expected.AppendJSON(b)
	b = append(b, `,"recorded":`...)
	b = l.recorded.AppendJSON(b)
	b = append(b, `,"expected_text":`...)
	b = appendStringOrNull(b, l.expectedText)
	b = append(b, `,"recorded_text":`...)
	b = appendStringOrNull(b, l.recordedText)
	b = append(b, `,"link":`...)
	b = appendStringOrNull(b, g.Meta.ViewerLink(l.hand, l.seat))
	p := l.pos
	if p == nil {
		p = &event.Error{Offset: -1, Index: -1}
	}
	b = append(b, `,"byte_offset":`...)
	b = appendIntOrNull(b, int(p.Offset), p.Offset >= 0)
	b = append(b, `,"item":`...)
	b = appendIntOrNull(b, p.Index, p.Index >= 0)
	b = append(b, `,"line":`...)
	b = appendIntOrNull(b, p.Line, p.Line > 0)
	b = append(b, `,"column":`...)
	b = appendIntOrNull(b, p.Column, p.Column > 0)
	return append(b, "}\n"...)
}

func appendIntOrNull(b []byte, n int, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(n), 10)
}

func appendStringOrNull(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	return event.AppendJSONString(b, s)
}

// appendPath writes the path of a game, and its index when its file holds
// several ("all.xml: game 3").
func appendPath(b []byte, path string, g *event.Game) []byte {
	b = append(b, path...)
	if g.Meta.Several && g.Meta.GameIndex >= 0 {
		b = append(b, ": game "...)
		b = strconv.AppendInt(b, int64(g.Meta.GameIndex), 10)
	}
	return b
}

// appendError writes an unreadable input, or a game read in part: with
// --json, its position as fields (the hand and round, the event before
// which it stands when some events were read, the byte offset, the
// decoder's item, the line and column) and the message without them.
func appendError(b []byte, asJSON bool, path string, g *event.Game, err error) []byte {
	if !asJSON {
		b = append(b, err.Error()...)
		return append(b, '\n')
	}
	l := jsonLine{hand: -1, event: -1, seat: event.NoSeat, check: "parse", severity: severityError, message: err.Error()}
	if pe := (*event.Error)(nil); errors.As(err, &pe) {
		l.hand, l.round, l.pos = pe.Hand, pe.Round, pe
		l.noRound = pe.Round.Number == 0 // the message names it "hand N"

		if pe.Err != nil {
			l.message = pe.Detail() // clipped as Error clips it
		}
		if len(g.Events) > 0 {
			l.event = len(g.Events)
		}
	}
	b = l.append(b, path, g)
	return b
}

// appendDivergence writes where and why a game judged under rules not its
// own would have been played differently; a divergence is not a
// discrepancy.
func appendDivergence(b []byte, asJSON bool, path string, g *event.Game, rep *adjudicator.Report) []byte {
	hand, round, ev := -1, event.RoundID{}, -1
	if h := rep.DivergentFrom; h < len(rep.Hands) {
		hand, round, ev = h, rep.Hands[h].Round, rep.Hands[h].Event
	}
	if !asJSON {
		b = appendPath(b, path, g)
		if hand >= 0 {
			b = append(b, ": "...)
			b = append(b, round.String()...)
			b = append(b, ": divergent from this hand under "...)
		} else {
			b = append(b, ": game end: divergent under "...)
		}
		b = append(b, rep.Rules.Name...)
		b = append(b, " ("...)
		b = append(b, rep.DivergentKind...)
		b = append(b, "): "...)
		b = append(b, rep.DivergentReason...)
		return append(b, '\n')
	}
	l := jsonLine{hand: hand, round: round, event: ev, seat: event.NoSeat, check: "divergent." + string(rep.DivergentKind),
		severity: severityDivergent, message: rep.DivergentReason}
	return l.append(b, path, g)
}

// appendUndetermined writes a finding that the log's own rules make in some
// of the rule eras the log may be of and not in others; it is neither a
// discrepancy nor a pass, and does not make the exit status 1.
func appendUndetermined(b []byte, asJSON bool, path string, g *event.Game, u *adjudicator.Undetermined) []byte {
	f := u.Finding
	f.Message += " (" + u.Explain() + ")"
	return appendFindingAs(b, asJSON, path, g, &f, "undetermined", severityUndetermined)
}

// appendWarning writes a problem the decoder worked around; warnings are
// not discrepancies.
func appendWarning(b []byte, asJSON bool, path string, g *event.Game, msg string) []byte {
	if !asJSON {
		b = appendPath(b, path, g)
		b = append(b, ": warning: "...)
		b = append(b, msg...)
		return append(b, '\n')
	}
	l := jsonLine{hand: -1, event: -1, seat: event.NoSeat, check: "parse.warning", severity: severityWarning, message: msg}
	return l.append(b, path, g)
}
