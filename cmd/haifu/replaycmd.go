package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/replay"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
	"github.com/rivo/uniseg"
)

func runReplay(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "replay", "[--round N] [--format F] PATH",
		`Replays one game and prints the table after each event, to check a log by
eye: the game id and the players first; then for each seat its wind, score,
R when in riichi, concealed hand (mpsz), melds and river (a tile followed by
* declared riichi, by ' was called, _ marks a tsumogiri) in aligned
columns, and the tiles left in the live wall and the dora indicators. At an
exhaustive draw it prints each seat's tenpai and waits, at the game end the
final scores and points. At a win it prints the
hand's value as haifu scores it under the log's own rules (its yaku with
their han, the han, fu, limit and points) and whether the log agrees.

The game is judged as haifu verify judges it (under the log's own rules,
every check): each finding is printed at its event, after the event and
before the table, prefixed with "!!", with what the rules expected and the
log recorded, and for a Tenhou log with an id the viewer link to the hand;
a finding about the game as a whole is printed at the end. The exit status
is 1 when there is a finding (a discrepancy), as verify's.

--round N prints only hand N (counting from 1 in the game's order).`)
	return runOneGame(ctx, e, fs, args, func(w *bufio.Writer, g *event.Game, round int) (bool, error) {
		return printReplay(ctx, w, g, round)
	})
}

// replayFinding is a finding as replay prints it, at its event.
type replayFinding struct {
	f     *check.Finding
	label string // "undetermined", or ""
}

// judgeForReplay judges g as verify does (its own rules, every pass) and
// returns its findings and undetermined findings in event order, or nil
// and why when no rule set fits g.
func judgeForReplay(ctx context.Context, g *event.Game, sel *adjudicator.Selector) ([]replayFinding, error) {
	var jr adjudicator.Judger
	rep, err := jr.JudgeGameContext(ctx, g, nil, sel)
	if err != nil || rep == nil {
		return nil, err
	}
	out := make([]replayFinding, 0, len(rep.Findings)+len(rep.Undetermined))
	for i := range rep.Findings {
		out = append(out, replayFinding{f: &rep.Findings[i]})
	}
	for i := range rep.Undetermined {
		u := &rep.Undetermined[i]
		f := u.Finding
		f.Message += " (" + u.Explain() + ")"
		out = append(out, replayFinding{f: &f, label: "undetermined"})
	}
	// In event order, the game's own (no event) last; stable, so that the
	// findings of one event stay in the report's order.
	slices.SortStableFunc(out, func(a, b replayFinding) int {
		ka, kb := a.f.Event, b.f.Event
		if ka < 0 {
			ka = math.MaxInt
		}
		if kb < 0 {
			kb = math.MaxInt
		}
		return cmp.Compare(ka, kb)
	})
	return out, nil
}

// printReplay writes the table after each event of g (of hand `only` when
// it is positive), with the findings of verify at their events, and
// reports whether there is a finding (a discrepancy). At each win it
// writes the hand's value as the scorer computes it under the log's own
// rules (the preset --rules auto picks).
func printReplay(ctx context.Context, w io.Writer, g *event.Game, only int) (bool, error) {
	m := &g.Meta
	var sel adjudicator.Selector
	var sc *scoring.Scorer
	var r replay.Replayer
	r.Options = replay.OptionsFor(m)
	var findings []replayFinding
	judged := false
	if rules, err := sel.For(g); err == nil {
		// The legality verify judges under the log's own rules.
		r.Options = rules.ReplayOptions(m, true)
		sc = &scoring.Scorer{Rules: rules.Scoring(m, true)}
		if findings, err = judgeForReplay(ctx, g, &sel); err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return false, cerr
			}
		} else {
			judged = true
		}
	}
	r.Start(g)
	fmt.Fprintf(w, "game %s (%s, %s, %d players, %s)\n", orDash(m.ID), m.Format, m.Platform, m.Players, orDash(m.Rules.Name))
	for s := range m.PlayerCount() {
		fmt.Fprintf(w, "  seat %d: %s", s, orDash(m.Seats[s].Name))
		if m.Seats[s].Rank != "" {
			fmt.Fprintf(w, " (%s)", m.Seats[s].Rank)
		}
		fmt.Fprintln(w)
	}
	found := false
	for _, rf := range findings {
		if rf.label == "" {
			found = true
		}
	}
	next := 0 // the next finding of verify to print
	seen := 0 // the replayer's findings printed (when the game is not judged)
	for i := range g.Events {
		value := ""
		if e := &g.Events[i]; e.Type == event.Win && sc != nil && e.Ref >= 0 && int(e.Ref) < len(g.Wins) {
			// A win changes nothing of the table: the state before it is
			// the hand it wins with.
			value = describeWinValue(sc, r.State(), &g.Wins[e.Ref], winFindings(findings[next:], i))
		}
		r.Apply(i)
		st := r.State()
		if !judged {
			fs := r.Findings()
			for ; seen < len(fs); seen++ {
				found = true
				if only <= 0 || fs[seen].Hand == only-1 {
					writeFinding(w, m, &fs[seen], "")
				}
			}
		}
		if only > 0 && st.HandIndex != only-1 {
			for next < len(findings) && findings[next].f.Event == i {
				next++
			}
			continue
		}
		e := &g.Events[i]
		fmt.Fprintf(w, "\n#%d %s\n", i, describeEvent(g, e))
		if value != "" {
			fmt.Fprintf(w, "   value: %s\n", value)
		}
		for ; next < len(findings) && findings[next].f.Event == i; next++ {
			if f := findings[next].f; only <= 0 || f.Hand == only-1 {
				writeFinding(w, m, f, findings[next].label)
			}
		}
		switch e.Type {
		case event.Ryuukyoku:
			writeTenpai(w, st)
		case event.GameEnd:
			writeGameEnd(w, g, e)
		}
		if st.HandIndex >= 0 && e.Type != event.GameStart && e.Type != event.GameEnd {
			writeTable(w, st)
		}
	}
	r.Finish()
	if !judged {
		// Finish counts the findings of a check past check.MaxPerGame.
		for fs := r.Findings(); seen < len(fs); seen++ {
			found = true
			if only <= 0 || fs[seen].Hand == only-1 {
				writeFinding(w, m, &fs[seen], "")
			}
		}
	}
	// The findings of no event (the game's), and any past the last event.
	if next < len(findings) {
		fmt.Fprintln(w)
	}
	for ; next < len(findings); next++ {
		if f := findings[next].f; only <= 0 || f.Hand == only-1 || f.Hand < 0 {
			writeFinding(w, m, f, findings[next].label)
		}
	}
	return found, nil
}

// winFindings counts the findings of the win checks (win.*) at event ev
// among fs, the findings from ev on in event order.
func winFindings(fs []replayFinding, ev int) int {
	n := 0
	for _, rf := range fs {
		if rf.f.Event != ev {
			break
		}
		if strings.HasPrefix(rf.f.Check.String(), "win.") && rf.label == "" {
			n++
		}
	}
	return n
}

// writeFinding writes a finding as replay shows it: "!! event N: CHECK:
// message (expected E, recorded R)", the viewer link to its hand on a line
// of its own for a Tenhou log with an id.
func writeFinding(w io.Writer, m *event.Meta, f *check.Finding, label string) {
	fmt.Fprint(w, "!! ")
	if f.Event >= 0 {
		fmt.Fprintf(w, "event %d: ", f.Event)
	} else if f.Hand < 0 {
		fmt.Fprint(w, "game: ")
	}
	if label != "" {
		fmt.Fprint(w, label, " ")
	}
	fmt.Fprintf(w, "%s: %s", f.Check, event.ClipText(f.Message))
	if f.Expected != "" || f.Recorded != "" {
		fmt.Fprintf(w, " (expected %s, recorded %s)", event.ClipText(f.Expected), event.ClipText(f.Recorded))
	}
	fmt.Fprintln(w)
	if link := m.ViewerLink(f.Hand, f.Seat); link != "" {
		fmt.Fprintf(w, "   %s\n", link)
	}
}

// describeWinValue scores the win rec on the table st: its yaku with their
// han, the han, fu, limit and points, and whether the record agrees.
//
// The record agrees ("as recorded") when its points and han are the
// hand's and verify finds nothing of the win (its yaku, dora, fu, limit:
// findings, the number of win.* findings at the win); else the record's
// han, fu and points are written, and the findings after the value say
// what differs.
func describeWinValue(sc *scoring.Scorer, st *replay.State, rec *event.WinRecord, findings int) string {
	var in scoring.Input
	if err := st.WinInput(rec, &in); err != nil {
		return "not scored: " + err.Error()
	}
	res, err := sc.Score(&in)
	if err != nil {
		return "not scored: " + err.Error()
	}
	if res.NoYaku {
		return "no yaku: the hand cannot win"
	}
	var b strings.Builder
	for k, y := range res.YakuList() {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v %d", y.ID, y.Han)
	}
	fmt.Fprintf(&b, " = %d han %d fu", res.Han, res.Fu)
	if res.Limit != event.NoLimit {
		fmt.Fprintf(&b, " %v", res.Limit)
	}
	fmt.Fprintf(&b, ", %d points", res.Total)
	switch {
	case rec.Known&event.KnownPoints == 0:
	case findings == 0 && int(rec.Points) == res.Total && (rec.Known&event.KnownHan == 0 || int(rec.Han) == res.Han):
		b.WriteString(" (as recorded)")
	case rec.Known&event.KnownFu != 0:
		fmt.Fprintf(&b, " (recorded: %d han %d fu, %d points)", rec.Han, rec.Fu, rec.Points)
	default:
		fmt.Fprintf(&b, " (recorded: %d han, %d points)", rec.Han, rec.Points)
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// describeEvent is a one-line description of an event.
func describeEvent(g *event.Game, e *event.Event) string {
	switch e.Type {
	case event.RoundStart:
		rd := &g.Rounds[e.Ref]
		return fmt.Sprintf("round_start %v, dealer %d, %d riichi sticks", rd.ID(), rd.Dealer, rd.Sticks)
	case event.Draw:
		s := fmt.Sprintf("seat %d draws %v", e.Seat, e.Tile)
		if e.Flags&event.Replacement != 0 {
			s += " (replacement)"
		}
		return s
	case event.Discard:
		s := fmt.Sprintf("seat %d discards %v", e.Seat, e.Tile)
		if e.Flags&event.Tsumogiri != 0 {
			s += " (tsumogiri)"
		}
		return s
	case event.Call:
		return fmt.Sprintf("seat %d calls %v %s on seat %d's %v", e.Seat, e.Meld.Kind, tile.FormatTiles(e.Meld.Slice()), e.Meld.From, e.Tile)
	case event.ClosedKan:
		return fmt.Sprintf("seat %d closed kan %s", e.Seat, tile.FormatTiles(e.Meld.Slice()))
	case event.AddedKan:
		return fmt.Sprintf("seat %d added kan %v", e.Seat, e.Tile)
	case event.Win:
		w := &g.Wins[e.Ref]
		how := "tsumo"
		if !w.Tsumo() {
			how = fmt.Sprintf("ron on seat %d", w.From)
		}
		return fmt.Sprintf("seat %d wins by %s on %v: %d fu %d han %d points, deltas %v", w.Winner, how, w.WinTile, w.Fu, w.Han, w.Points, w.Deltas[:g.Meta.Players])
	case event.Ryuukyoku:
		r := &g.Ryuukyoku[e.Ref]
		return fmt.Sprintf("ryuukyoku %v, deltas %v", r.Kind, r.Deltas[:g.Meta.Players])
	case event.Dora:
		return fmt.Sprintf("dora indicator %v", e.Tile)
	case event.GameStart, event.GameEnd:
		return e.Type.String()
	}
	if e.Seat != event.NoSeat {
		return fmt.Sprintf("%v seat %d %v", e.Type, e.Seat, tileOrEmpty(e.Tile))
	}
	return e.Type.String()
}

func tileOrEmpty(t tile.Tile) string {
	if t == tile.None {
		return ""
	}
	return t.String()
}

// seatWind is the wind letter of seat s when dealer deals.
func seatWind(s, dealer event.Seat, players int) string {
	return [4]string{"E", "S", "W", "N"}[(int(s)-int(dealer)+players)%players]
}

// writeTenpai writes, at a hand end without a winner, each seat's tenpai
// and waits as the replayed hand shows them.
func writeTenpai(w io.Writer, st *replay.State) {
	for s := range st.Players {
		ss := &st.Seats[s]
		fmt.Fprintf(w, "   %d %s  ", s, seatWind(event.Seat(s), st.Round.Dealer, st.Players))
		switch {
		case ss.Hidden:
			fmt.Fprintln(w, "hidden")
		case ss.N%3 != 1:
			fmt.Fprintln(w, "-")
		default:
			if waits := hand.Waits(&ss.Hand); waits != 0 {
				fmt.Fprintf(w, "tenpai, waiting on %v\n", waits)
			} else {
				fmt.Fprintln(w, "noten")
			}
		}
	}
}

// writeGameEnd writes the recorded final scores and points.
func writeGameEnd(w io.Writer, g *event.Game, e *event.Event) {
	if e.Ref < 0 || int(e.Ref) >= len(g.End) {
		return
	}
	end := &g.End[e.Ref]
	for s := range g.Meta.PlayerCount() {
		fmt.Fprintf(w, "   %d %s", s, padRight(orDash(g.Meta.Seats[s].Name), 16))
		if end.Known&event.KnownScores != 0 {
			fmt.Fprintf(w, " %7d", end.Scores[s])
		}
		if end.Known&event.KnownPoints2 != 0 {
			fmt.Fprintf(w, " %+7.1f", end.Points[s])
		}
		fmt.Fprintln(w)
	}
}

// writeTable writes the table state, one line per seat: the seat and its
// wind, the score, R for a riichi, the concealed hand, the melds and the
// river, in columns that stay aligned through riichi and calls.
func writeTable(w io.Writer, st *replay.State) {
	fmt.Fprintf(w, "   wall %d left, dora %s, sticks %d, honba %d, %s by seat %d\n",
		st.LiveLeft, tile.FormatTiles(st.Dora[:st.NDora]), st.Sticks, st.Honba, st.Phase, st.Turn)
	for s := range st.Players {
		ss := &st.Seats[s]
		var melds []string
		for _, m := range ss.MeldList() {
			melds = append(melds, m.Kind.String()+":"+tile.FormatTiles(m.Slice()))
		}
		if ss.Kita > 0 {
			melds = append(melds, fmt.Sprintf("kita×%d", ss.Kita))
		}
		var river strings.Builder
		for _, d := range ss.RiverList() {
			river.WriteString(d.Tile.String())
			if d.Tsumogiri {
				river.WriteByte('_')
			}
			if d.Riichi {
				river.WriteByte('*')
			}
			if d.Called {
				river.WriteByte('\'')
			}
			river.WriteByte(' ')
		}
		riichi := " "
		if ss.Riichi == replay.RiichiAccepted {
			riichi = "R"
		}
		concealed := tile.FormatTiles(ss.Tiles())
		if ss.Hidden {
			concealed = fmt.Sprintf("(%d hidden)", ss.N)
		}
		fmt.Fprintf(w, "   %d %s %6d %s  %-20s %-34s | %s\n", s, seatWind(event.Seat(s), st.Round.Dealer, st.Players), ss.Score, riichi,
			concealed, strings.Join(melds, " "), strings.TrimSpace(river.String()))
	}
}

// padRight pads s with spaces to n columns as a terminal shows it (wide
// characters take two; github.com/rivo/uniseg measures them).
func padRight(s string, n int) string {
	if w := uniseg.StringWidth(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
