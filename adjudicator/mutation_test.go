package adjudicator_test

import (
	"slices"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
)

// fixture decodes a complete real game of the fixtures.
func fixture(t testing.TB, name string) *event.Game {
	t.Helper()
	data, err := corpus.ReadFile(corpus.Fixture(t, "mjlog/"+name))
	if err != nil {
		t.Fatal(err)
	}
	var d tenhou.Decoder
	g := new(event.Game)
	if err := d.Decode(data, name, g); err != nil {
		t.Fatal(err)
	}
	return g
}

// judgeAuto judges g under its own preset.
func judgeAuto(t *testing.T, g *event.Game) *adjudicator.Report {
	t.Helper()
	var sel adjudicator.Selector
	r, err := sel.For(g)
	if err != nil {
		t.Fatal(err)
	}
	return adjudicator.Judge(g, r, true)
}

func checkNames(fs []check.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Check.String())
	}
	return out
}

// nth returns the index of the n-th event matching ok.
func nth(t *testing.T, g *event.Game, n int, ok func(i int, e *event.Event) bool) int {
	t.Helper()
	for i := range g.Events {
		if ok(i, &g.Events[i]) {
			if n == 0 {
				return i
			}
			n--
		}
	}
	t.Fatal("no such event")
	return -1
}

const phoenix = "mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog" // hanchan, 5 exhaustive draws, 4 wins

// TestMutations changes what a real log recorded about hand ends and the
// game flow, and checks each change is reported under its check name.
func TestMutations(t *testing.T) {
	if rep := judgeAuto(t, fixture(t, phoenix)); len(rep.Findings) != 0 {
		t.Fatalf("the unmutated fixture has findings: %+v", rep.Findings)
	}
	isExhaustiveWithTenpai := func(g *event.Game) func(int, *event.Event) bool {
		return func(_ int, e *event.Event) bool {
			if e.Type != event.Ryuukyoku {
				return false
			}
			r := &g.Ryuukyoku[e.Ref]
			n := 0
			for _, v := range r.Revealed {
				if v {
					n++
				}
			}
			return r.Kind == event.Exhaustive && n > 0 && n < 4
		}
	}
	tests := []struct {
		name   string
		mutate func(t *testing.T, g *event.Game)
		want   string
	}{
		{"a draw's score changes", func(t *testing.T, g *event.Game) {
			r := &g.Ryuukyoku[g.Events[nth(t, g, 0, isExhaustiveWithTenpai(g))].Ref]
			r.Deltas[0] += 500
			r.Deltas[1] -= 500
		}, "draw.payment"},
		{"a revealed tenpai hand dropped", func(t *testing.T, g *event.Game) {
			r := &g.Ryuukyoku[g.Events[nth(t, g, 0, isExhaustiveWithTenpai(g))].Ref]
			for s := range r.Revealed {
				if r.Revealed[s] {
					r.Revealed[s] = false
					return
				}
			}
		}, "draw.tenpai"},
		{"an exhaustive draw relabelled as nine terminals", func(t *testing.T, g *event.Game) {
			r := &g.Ryuukyoku[g.Events[nth(t, g, 0, isExhaustiveWithTenpai(g))].Ref]
			r.Kind = event.NineTerminals
		}, "draw.nine_terminals"},
		{"an exhaustive draw relabelled as four winds", func(t *testing.T, g *event.Game) {
			r := &g.Ryuukyoku[g.Events[nth(t, g, 0, isExhaustiveWithTenpai(g))].Ref]
			r.Kind = event.FourWinds
		}, "draw.four_winds"},
		{"the scores of a next round shifted", func(t *testing.T, g *event.Game) {
			rd := &g.Rounds[g.Events[nth(t, g, 3, func(_ int, e *event.Event) bool { return e.Type == event.RoundStart })].Ref]
			rd.Scores[0] += 1000
			rd.Scores[2] -= 1000
		}, "flow.scores"},
		{"the honba of a next round shifted", func(t *testing.T, g *event.Game) {
			rd := &g.Rounds[g.Events[nth(t, g, 3, func(_ int, e *event.Event) bool { return e.Type == event.RoundStart })].Ref]
			rd.Honba++
		}, "flow.next_round"},
		{"the dealer of a next round changed", func(t *testing.T, g *event.Game) {
			rd := &g.Rounds[g.Events[nth(t, g, 3, func(_ int, e *event.Event) bool { return e.Type == event.RoundStart })].Ref]
			rd.Number = rd.Number%4 + 1
			rd.Dealer = (rd.Dealer + 1) % 4
		}, "flow.next_round"},
		{"the final points changed", func(t *testing.T, g *event.Game) {
			g.End[0].Points[0] += 1
			g.End[0].Points[1] -= 1
		}, "game.final_points"},
		{"the final scores changed", func(t *testing.T, g *event.Game) {
			g.End[0].Scores[0] += 1000
		}, "game.final_scores"},
		{"a win's payments changed", func(t *testing.T, g *event.Game) {
			w := &g.Wins[g.Events[nth(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Win })].Ref]
			w.Deltas[w.Winner] += 1000
			w.Deltas[(w.Winner+1)%4] -= 1000
		}, "win.payment"},
		{"a win's value changed", func(t *testing.T, g *event.Game) {
			w := &g.Wins[g.Events[nth(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Win })].Ref]
			w.Points += 1000
		}, "win.points"},
		{"a win's honba and sticks changed", func(t *testing.T, g *event.Game) {
			w := &g.Wins[g.Events[nth(t, g, 0, func(_ int, e *event.Event) bool { return e.Type == event.Win })].Ref]
			w.Sticks++
		}, "win.ba"},
		{"a die of a hand changed", func(t *testing.T, g *event.Game) {
			rd := &g.Rounds[2]
			rd.Dice[0] = rd.Dice[0]%6 + 1
		}, "wall.dice"},
		{"the dora indicator of a hand exchanged for another copy", func(t *testing.T, g *event.Game) {
			// The same kind, another physical tile: only the wall tells.
			rd := &g.Rounds[1]
			rd.DoraID ^= 1
		}, "wall.dora"},
		{"the game ended early", func(t *testing.T, g *event.Game) {
			// Cut the game after its third hand: the rules go on.
			i := nth(t, g, 3, func(_ int, e *event.Event) bool { return e.Type == event.RoundStart })
			end := g.Events[len(g.Events)-1]
			g.Events = append(g.Events[:i:i], end)
		}, "game.end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, phoenix)
			tc.mutate(t, g)
			got := checkNames(judgeAuto(t, g).Findings)
			if !slices.Contains(got, tc.want) {
				t.Errorf("findings %v do not include %s", got, tc.want)
			}
		})
	}
}

// TestBadSeats judges games whose records name seats that are not seats of
// the game (winner, discarder, liable player, dealer, an event's seat or
// the seat a meld was called from), as a faulty converter might write
// them: judging must go on and never panic.
func TestBadSeats(t *testing.T) {
	tests := []struct {
		name string
		set  func(g *event.Game, s event.Seat)
	}{
		{"winner", func(g *event.Game, s event.Seat) { g.Wins[0].Winner = s }},
		{"discarder", func(g *event.Game, s event.Seat) { g.Wins[0].From = s }},
		{"liable", func(g *event.Game, s event.Seat) { g.Wins[0].Liable = s }},
		{"dealer", func(g *event.Game, s event.Seat) { g.Rounds[1].Dealer = s }},
		{"event seat", func(g *event.Game, s event.Seat) { g.Events[40].Seat = s }},
		{"event from", func(g *event.Game, s event.Seat) { g.Events[40].From = s }},
		{"meld from", func(g *event.Game, s event.Seat) {
			i := nth(t, g, 0, func(i int, e *event.Event) bool { return e.Type == event.Call })
			g.Events[i].From, g.Events[i].Meld.From = s, s
		}},
	}
	for _, tc := range tests {
		for _, s := range []event.Seat{event.NoSeat, -7, 4, 9} {
			g := fixture(t, phoenix)
			tc.set(g, s)
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s %d: panic: %v", tc.name, s, p)
					}
				}()
				judgeAuto(t, g)
			}()
		}
	}
}
