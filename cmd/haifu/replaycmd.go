package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/haifu/haifu/adjudicator"
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
Findings of the replay are printed where they occur, prefixed with "!!".

--round N prints only hand N (counting from 1 in the game's order).`)
	return runOneGame(ctx, e, fs, args, func(w *bufio.Writer, g *event.Game, round int) (bool, error) {
		return printReplay(w, g, round), nil
	})
}

// printReplay writes the table after each event of g (of hand `only` when
// it is positive) and reports whether the replay found anything. At each
// win it writes the hand's value as the scorer computes it under the log's
// own rules (the preset --rules auto picks).
func printReplay(w io.Writer, g *event.Game, only int) bool {
	m := &g.Meta
	var sel adjudicator.Selector
	var sc *scoring.Scorer
	var r replay.Replayer
	r.Options = replay.OptionsFor(m)
	if rules, err := sel.For(g); err == nil {
		// The legality verify judges under the log's own rules.
		r.Options = rules.ReplayOptions(m, true)
		sc = &scoring.Scorer{Rules: rules.Scoring(m, true)}
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
	seen := 0
	for i := range g.Events {
		value := ""
		if e := &g.Events[i]; e.Type == event.Win && sc != nil && e.Ref >= 0 && int(e.Ref) < len(g.Wins) {
			// A win changes nothing of the table: the state before it is
			// the hand it wins with.
			value = describeWinValue(sc, r.State(), &g.Wins[e.Ref])
		}
		r.Apply(i)
		st := r.State()
		fs := r.Findings()
		for ; seen < len(fs); seen++ {
			found = true
			if only <= 0 || fs[seen].Hand == only-1 {
				fmt.Fprintf(w, "!! event %d: %s: %s\n", fs[seen].Event, fs[seen].Check, event.ClipText(fs[seen].Message))
			}
		}
		if only > 0 && st.HandIndex != only-1 {
			continue
		}
		e := &g.Events[i]
		fmt.Fprintf(w, "\n#%d %s\n", i, describeEvent(g, e))
		if value != "" {
			fmt.Fprintf(w, "   value: %s\n", value)
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
	// Finish counts the findings of a check past check.MaxPerGame.
	for fs := r.Findings(); seen < len(fs); seen++ {
		found = true
		if only <= 0 || fs[seen].Hand == only-1 {
			fmt.Fprintf(w, "!! event %d: %s: %s\n", fs[seen].Event, fs[seen].Check, event.ClipText(fs[seen].Message))
		}
	}
	return found
}

// describeWinValue scores the win rec on the table st: its yaku with their
// han, the han, fu, limit and points, and whether the record agrees.
func describeWinValue(sc *scoring.Scorer, st *replay.State, rec *event.WinRecord) string {
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
	case int(rec.Points) == res.Total && (rec.Known&event.KnownHan == 0 || int(rec.Han) == res.Han):
		b.WriteString(" (as recorded)")
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
