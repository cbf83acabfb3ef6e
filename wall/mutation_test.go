package wall_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/wall"
)

// formKey names a seed form and player count.
type formKey struct {
	form    wall.Form
	players int
}

func (k formKey) String() string { return fmt.Sprintf("%v-%dp", k.form, k.players) }

// perForm is how many real logs of each form the mutation tests use.
const perForm = 3

// mutationGames picks, for each seed form and player count, the first
// perForm complete real logs of the corpus (in file order) that match
// their walls with no mismatch. It fails when a form of the corpus gives
// none.
func mutationGames(t *testing.T) map[formKey][]corpusGame {
	t.Helper()
	out := map[formKey][]corpusGame{}
	var c wall.Checker
	for _, cg := range loadCorpus(t) {
		if cg.kind != "real" || !cg.g.Complete() || len(cg.g.Rounds) < 2 {
			continue
		}
		res := c.Check(cg.g, nil)
		k := formKey{res.Form, res.Players}
		if res.Mismatches != 0 || res.NotChecked != 0 || len(out[k]) == perForm {
			continue
		}
		out[k] = append(out[k], cg)
	}
	for _, k := range []formKey{{wall.FormBase64, 4}, {wall.FormBase64, 3}, {wall.FormHex, 4}, {wall.FormPerHand, 4}, {wall.FormPerHand, 3}} {
		if len(out[k]) == 0 {
			t.Errorf("no real log of form %v", k)
		}
	}
	return out
}

// clone returns a deep copy of g's parts the mutations change.
func clone(g *event.Game) *event.Game {
	c := *g
	c.Events = slices.Clone(g.Events)
	c.Rounds = slices.Clone(g.Rounds)
	c.Wins = slices.Clone(g.Wins)
	c.Ryuukyoku = slices.Clone(g.Ryuukyoku)
	return &c
}

// check runs a Checker over g and returns the result (a copy) and the
// mismatches.
func checkGame(g *event.Game) (wall.Result, []wall.Mismatch) {
	return checkGameWith(g, wall.ImplFast())
}

// checkGameWith is checkGame with the implementation im.
func checkGameWith(g *event.Game, im wall.Impl) (wall.Result, []wall.Mismatch) {
	var c wall.Checker
	c.SetImpl(im)
	var ms []wall.Mismatch
	res := *c.Check(g, func(m wall.Mismatch) { ms = append(ms, m) })
	res.Hands = slices.Clone(res.Hands)
	return res, ms
}

// handEvents returns the events of hand h: from its RoundStart to the next.
func handEvents(g *event.Game, h int) (from, to int) {
	from = -1
	for i, e := range g.Events {
		if e.Type != event.RoundStart {
			continue
		}
		if from >= 0 {
			return from, i
		}
		if int(e.Ref) == h {
			from = i
		}
	}
	return from, len(g.Events)
}

// judged returns the legality findings and the adjudicator's
// discrepancies of g, as "check hand" strings, and the final scores: the
// judgement apart from the wall's own findings (level 5), which these
// tests look at through Check.
func judged(t *testing.T, g *event.Game) ([]string, [4]int32) {
	t.Helper()
	var sel adjudicator.Selector
	r, err := sel.For(g)
	if err != nil {
		t.Fatal(err)
	}
	var jr adjudicator.Judger
	rep := jr.Judge(g, r, true)
	var out []string
	for _, f := range rep.Findings {
		if f.Check.Level() != check.LevelWall {
			out = append(out, fmt.Sprintf("%s %d", f.Check, f.Hand))
		}
	}
	return out, rep.Final
}

// uses lists where hand h of g records tile id: the checks that compare
// it with the wall.
func uses(g *event.Game, h int, id tile.ID) map[check.Check]bool {
	out := map[check.Check]bool{}
	r := &g.Rounds[h]
	for s := range g.Meta.PlayerCount() {
		if slices.Contains(r.HandIDs[s][:], id) {
			out[check.WallDeal] = true
		}
	}
	if r.DoraID == id {
		out[check.WallDora] = true
	}
	from, to := handEvents(g, h)
	for _, e := range g.Events[from:to] {
		switch {
		case e.Type == event.Draw && e.ID == id && e.Flags&event.Replacement != 0:
			out[check.WallReplacement] = true
		case e.Type == event.Draw && e.ID == id:
			out[check.WallDraw] = true
		case e.Type == event.Dora && e.ID == id:
			out[check.WallDora] = true
		case e.Type == event.Win:
			w := &g.Wins[e.Ref]
			if slices.Contains(w.DoraIDs[:w.NDora], id) {
				out[check.WallDora] = true
			}
			if slices.Contains(w.UraIDs[:w.NUra], id) {
				out[check.WallUra] = true
			}
		}
	}
	return out
}

// swapIDs exchanges tile ids a and b (two copies of one kind with the same
// face) everywhere in hand h: the deal, the dora indicator, every event
// and the win and draw records the hand's events point to.
func swapIDs(g *event.Game, h int, a, b tile.ID) {
	sw := func(id *tile.ID) {
		switch *id {
		case a:
			*id = b
		case b:
			*id = a
		}
	}
	swList := func(ids []tile.ID) {
		for i := range ids {
			sw(&ids[i])
		}
	}
	r := &g.Rounds[h]
	for s := range r.HandIDs {
		swList(r.HandIDs[s][:])
	}
	sw(&r.DoraID)
	from, to := handEvents(g, h)
	for i := from; i < to; i++ {
		e := &g.Events[i]
		sw(&e.ID)
		swList(e.Meld.IDs[:])
		switch e.Type {
		case event.Win:
			w := &g.Wins[e.Ref]
			swList(w.HandIDs[:])
			sw(&w.WinID)
			swList(w.DoraIDs[:])
			swList(w.UraIDs[:])
			for m := range w.Melds {
				swList(w.Melds[m].IDs[:])
			}
		case event.Ryuukyoku:
			rr := &g.Ryuukyoku[e.Ref]
			for s := range rr.HandIDs {
				swList(rr.HandIDs[s][:])
			}
		}
	}
}

// pairFor returns two copies of id's kind, neither a red five (copies 1–3),
// the first of them id when it is not copy 0, or false for a copy 0.
func pairFor(id tile.ID) (a, b tile.ID, ok bool) {
	if id%4 == 0 || !id.Valid() {
		return 0, 0, false
	}
	b = id - id%4 + 1 + id%4%3 // another of copies 1–3
	return id, b, true
}

// targets returns, for hand h, tile ids the hand records in each role
// (one per role when there is one).
func targets(g *event.Game, h int) map[check.Check]tile.ID {
	out := map[check.Check]tile.ID{}
	r := &g.Rounds[h]
	out[check.WallDeal] = r.HandIDs[0][5]
	out[check.WallDora] = r.DoraID
	from, to := handEvents(g, h)
	live := 0
	for _, e := range g.Events[from:to] {
		switch {
		case e.Type == event.Draw && e.Flags&event.Replacement != 0:
			out[check.WallReplacement] = e.ID
		case e.Type == event.Draw:
			if live == 7 {
				out[check.WallDraw] = e.ID
			}
			live++
		case e.Type == event.Win && g.Wins[e.Ref].NUra > 0:
			out[check.WallUra] = g.Wins[e.Ref].UraIDs[0]
		}
	}
	return out
}

// TestMutationSwapCopies exchanges two copies of one tile kind throughout
// one hand of real logs of every seed form — the play stays legal and the
// scores the same — and requires a wall mismatch of exactly the checks
// the two ids are recorded under, in that hand only.
func TestMutationSwapCopies(t *testing.T) {
	seen := map[string]int{}
	for k, games := range mutationGames(t) {
		for _, cg := range games {
			baseFindings, baseFinal := judged(t, cg.g)
			for h := range cg.g.Rounds {
				for role, id := range targets(cg.g, h) {
					a, b, ok := pairFor(id)
					if !ok {
						continue
					}
					g := clone(cg.g)
					want := uses(g, h, a)
					for c := range uses(g, h, b) {
						want[c] = true
					}
					swapIDs(g, h, a, b)
					name := fmt.Sprintf("%v %s hand %d %s: ids %d and %d", k, cg.file, h, role, a, b)
					if h == 0 || h == len(cg.g.Rounds)/2 {
						// Legality and scores do not change (judging every
						// mutation would only repeat this).
						f, final := judged(t, g)
						if d := cmp.Diff(baseFindings, f); d != "" || final != baseFinal {
							t.Fatalf("%s: the mutation changed the judgement (-before +after):\n%s\nfinal %v, before %v", name, d, final, baseFinal)
						}
					}
					res, ms := checkGame(g)
					got := map[check.Check]bool{}
					for _, m := range ms {
						got[m.Check] = true
						if m.Hand != h {
							t.Errorf("%s: mismatch in hand %d: %+v", name, m.Hand, m)
						}
					}
					if d := cmp.Diff(want, got); d != "" || len(ms) == 0 {
						t.Errorf("%s: checks (-want +got):\n%s", name, d)
					}
					if res.Synchronised {
						t.Errorf("%s: a mutated log was synchronised to hand %d", name, res.Skipped)
					}
					for c := range got {
						seen[k.String()+" "+c.String()]++
					}
				}
			}
		}
	}
	// Every form must have had each check hit by some swap; replacement
	// draws and ura are rarer, so those only overall.
	for _, k := range []formKey{{wall.FormBase64, 4}, {wall.FormBase64, 3}, {wall.FormHex, 4}, {wall.FormPerHand, 4}, {wall.FormPerHand, 3}} {
		for _, c := range []check.Check{check.WallDeal, check.WallDraw, check.WallDora} {
			if seen[k.String()+" "+c.String()] == 0 {
				t.Errorf("no swap in %v gave %s", k, c)
			}
		}
	}
	for _, c := range []check.Check{check.WallReplacement, check.WallUra} {
		n := 0
		for key, v := range seen {
			if strings.HasSuffix(key, " "+c.String()) {
				n += v
			}
		}
		if n == 0 {
			t.Errorf("no swap gave %s", c)
		}
	}
	t.Logf("swaps by form and check: %v", seen)
}

// TestMutationDice changes one die of one hand: exactly one wall.dice.
func TestMutationDice(t *testing.T) {
	for k, games := range mutationGames(t) {
		for _, cg := range games {
			for _, h := range []int{0, len(cg.g.Rounds) - 1} {
				g := clone(cg.g)
				g.Rounds[h].Dice[1] = g.Rounds[h].Dice[1]%6 + 1
				_, ms := checkGame(g)
				if len(ms) != 1 || ms[0].Check != check.WallDice || ms[0].Hand != h || ms[0].Event < 0 {
					t.Errorf("%v %s hand %d: %+v, want one wall.dice", k, cg.file, h, ms)
				}
			}
		}
	}
}

// changeChar returns s with the byte at i replaced by another of the same
// alphabet (base64 or hex), or by bad.
func changeChar(s string, i int, bad byte) string {
	c := s[i]
	switch {
	case bad != 0:
		c = bad
	case c == 'A':
		c = 'B'
	case c == '0':
		c = '1'
	default:
		c = '0'
		if s[i] == '0' {
			c = '2'
		}
	}
	return s[:i] + string(c) + s[i+1:]
}

// TestMutationSeed changes one character of the seed: every hand it covers
// differs from its wall (and none is synchronised by chance); a character
// outside the alphabet, or in the generator's name, gives wall.seed.
func TestMutationSeed(t *testing.T) {
	for k, games := range mutationGames(t) {
		for _, cg := range games {
			name := fmt.Sprintf("%v %s", k, cg.file)
			if k.form == wall.FormPerHand {
				h := len(cg.g.Rounds) / 2
				sh := cg.g.Rounds[h].Shuffle
				for _, bad := range []byte{0, '*'} {
					g := clone(cg.g)
					g.Rounds[h].Shuffle = changeChar(sh, len(sh)-3, bad)
					res, ms := checkGame(g)
					for _, m := range ms {
						if m.Hand != h {
							t.Errorf("%s: mismatch in hand %d: %+v", name, m.Hand, m)
						}
					}
					switch {
					case bad == 0 && (res.Hands[h].Mismatches == 0 || res.Hands[h].Status != wall.Checked):
						t.Errorf("%s: a changed seed gave %+v", name, res.Hands[h])
					case bad != 0 && (len(ms) != 1 || ms[0].Check != check.WallSeed || res.Hands[h].Reason != wall.ReasonBadSeed):
						t.Errorf("%s: a bad seed gave %+v, %+v", name, ms, res.Hands[h])
					}
					want := len(g.Rounds)
					if bad != 0 {
						want--
					}
					if res.Checked != want {
						t.Errorf("%s: %d hands checked, want %d", name, res.Checked, want)
					}
				}
				continue
			}
			seed := cg.g.Meta.Seed
			comma := strings.IndexByte(seed, ',')
			for _, tc := range []struct {
				at  int
				bad byte
			}{{comma + 1, 0}, {(comma + len(seed)) / 2, 0}, {len(seed) - 1, 0}, {len(seed) / 2, '*'}, {comma - 3, 'x'}} {
				if seed[tc.at] == ',' {
					tc.at++
				}
				g := clone(cg.g)
				g.Meta.Seed = changeChar(seed, tc.at, tc.bad)
				res, ms := checkGame(g)
				if tc.bad != 0 {
					if len(ms) != 1 || ms[0].Check != check.WallSeed || ms[0].Hand != -1 || res.Checked != 0 || res.Hands[0].Reason != wall.ReasonBadSeed {
						t.Errorf("%s: seed with %q at %d: %+v, %d checked", name, tc.bad, tc.at, ms, res.Checked)
					}
					continue
				}
				if res.Synchronised {
					t.Errorf("%s: a changed seed was synchronised to hand %d", name, res.Skipped)
				}
				for h, hr := range res.Hands {
					if hr.Mismatches == 0 {
						t.Errorf("%s: seed changed at %d: hand %d has no mismatch", name, tc.at, h)
					}
				}
				// At most 8 mismatches of a check per hand, and a ninth
				// that counts the rest.
				perCheck := map[string]int{}
				for _, m := range ms {
					key := fmt.Sprintf("%d %s", m.Hand, m.Check)
					perCheck[key]++
					if perCheck[key] == 9 && !strings.Contains(m.Message, " more "+m.Check.String()+" mismatches") {
						t.Errorf("%s: the ninth %s of hand %d: %q", name, m.Check, m.Hand, m.Message)
					}
					if perCheck[key] > 9 {
						t.Errorf("%s: more than 9 %s in hand %d", name, m.Check, m.Hand)
					}
				}
				for _, m := range ms {
					if m.Check == check.WallSeed {
						t.Errorf("%s: %+v", name, m)
					}
				}
			}
		}
	}
}

// TestNoSeed: hands without a seed, or without tile ids, are counted not
// checked, never passed.
func TestNoSeed(t *testing.T) {
	for k, games := range mutationGames(t) {
		cg := games[0]
		g := clone(cg.g)
		want := wall.ReasonNoSeed
		if k.form == wall.FormPerHand {
			g.Rounds[1].Shuffle = ""
		} else {
			g.Meta.Seed = ""
		}
		res, ms := checkGame(g)
		if len(ms) != 0 || res.Hands[1].Status != wall.NotChecked || res.Hands[1].Reason != want || res.Checked+res.NotChecked != len(g.Rounds) {
			t.Errorf("%v %s without a seed: %+v, %+v", k, cg.file, res, ms)
		}
		if k.form != wall.FormPerHand && (res.Checked != 0 || res.Form != wall.FormNone) {
			t.Errorf("%v %s without a seed: %d checked, form %v", k, cg.file, res.Checked, res.Form)
		}
		if k.form == wall.FormPerHand && res.NotChecked != 1 {
			t.Errorf("%v %s with one hand without a seed: %d not checked", k, cg.file, res.NotChecked)
		}
		g = clone(cg.g)
		g.Meta.TileIDs = false
		res, ms = checkGame(g)
		if len(ms) != 0 || res.Checked != 0 || res.Hands[0].Reason != wall.ReasonNoTileIDs {
			t.Errorf("%v %s without tile ids: %+v, %+v", k, cg.file, res, ms)
		}
	}
	g := decode(t, "../fixtures/bad/mjlog/tpb__23.txt")
	res, ms := checkGame(g)
	if len(ms) != 0 || res.Form != wall.FormOther || res.Checked != 0 || res.Hands[0].Reason != wall.ReasonOtherGenerator {
		t.Errorf("a seed of another generator: %+v, %+v", res, ms)
	}
}

// excerpt returns g without its first k hands, as a log that starts at a
// later hand of its game.
func excerpt(g *event.Game, k int) *event.Game {
	c := clone(g)
	from, _ := handEvents(g, k)
	c.Events = append([]event.Event{g.Events[0]}, c.Events[from:]...)
	for i := range c.Events {
		if c.Events[i].Type == event.RoundStart {
			c.Events[i].Ref -= int32(k)
		}
	}
	c.Rounds = c.Rounds[k:]
	return c
}

// TestExcerpt cuts the first hands off real logs of the game-seed forms:
// Check finds the first recorded hand in the stream and checks the rest
// from there, with no mismatch.
func TestExcerpt(t *testing.T) {
	for k, games := range mutationGames(t) {
		if k.form == wall.FormPerHand {
			continue
		}
		for _, cg := range games {
			for _, skip := range []int{1, len(cg.g.Rounds) / 2, len(cg.g.Rounds) - 1} {
				g := excerpt(cg.g, skip)
				res, ms := checkGame(g)
				if len(ms) != 0 || !res.Synchronised || res.Skipped != skip || res.Checked != len(g.Rounds) {
					t.Errorf("%v %s without %d hands: synchronised %v, skipped %d, %d checked, mismatches %+v",
						k, cg.file, skip, res.Synchronised, res.Skipped, res.Checked, ms)
					continue
				}
				for i, h := range res.Hands {
					if h.Status != wall.Synchronised || h.Stream != skip+i {
						t.Errorf("%v %s without %d hands: hand %d %+v", k, cg.file, skip, i, h)
					}
				}
				// The excerpt's walls are the whole game's.
				var c wall.Checker
				var a, b wall.Wall
				if _, err := c.Wall(g, 0, &a); err != nil {
					t.Fatal(err)
				}
				if _, err := c.Wall(cg.g, skip, &b); err != nil {
					t.Fatal(err)
				}
				if a != b {
					t.Errorf("%v %s: the excerpt's first wall is not hand %d's", k, cg.file, skip)
				}
			}
		}
	}
}

// TestMutationHaitei ends an exhaustive draw one live draw early, and adds
// a live draw after the last live tile: both are wall.haitei.
func TestMutationHaitei(t *testing.T) {
	n := 0
	for k, games := range mutationGames(t) {
		for _, cg := range games {
			for i, e := range cg.g.Events {
				if e.Type != event.Ryuukyoku || cg.g.Ryuukyoku[e.Ref].Kind != event.Exhaustive {
					continue
				}
				last := i - 1
				for cg.g.Events[last].Type != event.Draw {
					last--
				}
				// Early: delete the last draw and what followed it.
				g := clone(cg.g)
				g.Events = slices.Delete(g.Events, last, i)
				_, ms := checkGame(g)
				if len(ms) != 1 || ms[0].Check != check.WallHaitei {
					t.Errorf("%v %s: exhaustive draw one draw early: %+v", k, cg.file, ms)
				}
				// Late: one more draw (of a tile of the dead wall).
				g = clone(cg.g)
				extra := cg.g.Events[last]
				g.Events = slices.Insert(g.Events, i, extra)
				_, ms = checkGame(g)
				if len(ms) != 1 || ms[0].Check != check.WallHaitei || ms[0].Event != i {
					t.Errorf("%v %s: a draw after the last live tile: %+v", k, cg.file, ms)
				}
				n++
				break
			}
		}
	}
	if n == 0 {
		t.Error("no exhaustive draw in the chosen logs")
	}
}
