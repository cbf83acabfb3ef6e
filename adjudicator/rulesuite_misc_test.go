package adjudicator_test

import (
	"fmt"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/rulegen"
)

// chomboRules: chombo.payment, chombo.points, chombo.dealer_keeps,
// chombo.add_honba, chombo.final_points.
func (s *rsuite) chomboRules() {
	intro := `
A chombo here is what haifu can see: a riichi player noten at an
exhaustive draw, under draw.noten_riichi = "chombo" (the presets that
have it; the others are not concerned). The dealer declares riichi on
2468m2468p2468s1z (it cannot be tenpai) and nobody is tenpai at the draw.
`
	fp := s.file("chombo.payment", "chombo.payment: what the offender pays the others at once: nothing, their mangan tsumo (the dealer pays 4000 to each), or chombo.points split evenly.\n"+intro+"The log that follows settles the chombo as the rules say; the one that breaks it pays another way (draw.chombo). The value points (12000) is set on each preset.\n")
	fq := s.file("chombo.points", "chombo.points: the total of a \"points\" payment (set on each preset with payment = \"points\").\n"+intro+"With 12000 each other player gets 4000; the breaking log pays 9000 (3000 each).\n")
	fk := s.file("chombo.dealer_keeps", "chombo.dealer_keeps: the same dealer deals again after a chombo.\n"+intro+"The log goes on with the next hand: East 1 again (true), or East 2 (false, set). mjlog: tenhou.net/6 cannot list East 1 twice.\n")
	fh := s.file("chombo.add_honba", "chombo.add_honba: a honba is added after a chombo.\n"+intro+"The log goes on with the next hand: East 1 with no honba (false), or with 1 (true, set). mjlog.\n")
	ff := s.file("chombo.final_points", "chombo.final_points: added to the offender's final points.\n"+intro+`Then the same hand is dealt again, and the game is the settlement
scenarios' tonpuusen (seat 1 rons a mangan, taking the riichi stick; East
2, two tenpai; draws): the final points of the log that follows count the
penalty, those of the breaking log do not (or, where it is 0, count −20).
`)
	for _, r := range s.presetsOf(4, func(r *adjudicator.Rules) bool { return r.Draw.NotenRiichi == adjudicator.NotenRiichiChombo }) {
		o, sc, start := fragment(r)
		p := r.Players
		chombo := func(b *rulegen.Builder, d [4]int32) {
			b.Hand(0, 1, 0, 0, sc, "9m", junkB, junkA, junkB, junkA).Fill(0, 4, "").Riichi(0, "1p", "1p", r.Points.RiichiStick).Exhaust(1, "")
			b.End(event.Exhaustive, d, rulegen.Shown{Hands: make([]bool, p)})
		}
		pay := func(kind adjudicator.ChomboPayment, points int32) [4]int32 {
			rr := *r
			rr.Chombo.Payment, rr.Chombo.Points = kind, points
			return chomboPayment(&rr, 0, 0)
		}
		mk := func(d [4]int32) string {
			return s.log(fmt.Sprintf("chombo.payment-4p-%s-dealer-noten-riichi-pays-%d", start, -d[0]), fmtT6, o, func(b *rulegen.Builder) { chombo(b, d) })
		}
		// chombo.payment
		for _, kind := range []adjudicator.ChomboPayment{r.Chombo.Payment, adjudicator.ChomboPoints} {
			var set []kv
			points := int32(0)
			if kind != r.Chombo.Payment {
				points = 12000
				set = []kv{{"chombo.payment", kind.String()}, {"chombo.points", 12000}}
			}
			other := adjudicator.ChomboMangan
			if kind != adjudicator.ChomboNone {
				other = adjudicator.ChomboNone
			}
			want, got := pay(kind, points), pay(other, 0)
			fp.add(rcase{name: fmt.Sprintf("%s: %s: follows", r.Name, kind), log: mk(want), rules: r.Name, set: set, native: true,
				hands: []rhand{{index: 0, outcome: "chombo", deltas: seatsOf(want, p), chombo: []bool{true, false, false, false}}}})
			fp.add(rcase{name: fmt.Sprintf("%s: %s: breaks (paid as %s)", r.Name, kind, other), log: mk(got), rules: r.Name, set: set, native: true,
				findings: []findingWant{fw("draw.chombo", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
		}
		// chombo.points
		set := []kv{{"chombo.payment", "points"}, {"chombo.points", 12000}}
		want, got := pay(adjudicator.ChomboPoints, 12000), pay(adjudicator.ChomboPoints, 9000)
		fq.add(rcase{name: r.Name + ": 12000: follows", log: mk(want), rules: r.Name, set: set, native: true, hands: []rhand{{index: 0, outcome: "chombo", deltas: seatsOf(want, p)}}})
		fq.add(rcase{name: r.Name + ": 12000: breaks (9000)", log: mk(got), rules: r.Name, set: set, native: true,
			findings: []findingWant{fw("draw.chombo", 0, -1, ints(seatsOf(want, p)), ints(seatsOf(got, p)))}})
		// chombo.dealer_keeps and chombo.add_honba
		d := pay(r.Chombo.Payment, r.Chombo.Points)
		next := func(n handAt) string {
			return s.log(fmt.Sprintf("chombo.next-4p-%s-dealer-chombo-pays-%d-then-E%d-%d", start, -d[0], n.number, n.honba), fmtMjlog, o, func(b *rulegen.Builder) {
				chombo(b, d)
				b.Hand(0, n.number, n.honba, 1, nil, "9m", allJunk(p)...).Exhaust(event.Seat(n.number-1), "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{Hands: make([]bool, p)})
			})
		}
		for _, c := range []struct {
			f   *rfile
			key string
			v   bool
		}{{fk, "chombo.dealer_keeps", r.Chombo.DealerKeeps}, {fh, "chombo.add_honba", r.Chombo.AddHonba}} {
			for _, v := range []bool{c.v, !c.v} {
				var set []kv
				if v != c.v {
					set = []kv{{c.key, v}}
				}
				keep, honba := r.Chombo.DealerKeeps, r.Chombo.AddHonba
				if c.key == "chombo.dealer_keeps" {
					keep = v
				} else {
					honba = v
				}
				want := afterEast1(keep, honba)
				bad := afterEast1(!keep, honba)
				if c.key == "chombo.add_honba" {
					bad = afterEast1(keep, !honba)
				}
				e, rec := nextRound(want, bad)
				c.f.add(rcase{name: fmt.Sprintf("%s: %v: follows", r.Name, v), log: next(want), rules: r.Name, set: set, native: true})
				c.f.add(rcase{name: fmt.Sprintf("%s: %v: breaks", r.Name, v), log: next(bad), rules: r.Name, set: set, native: true,
					findings: []findingWant{fw("flow.next_round", 1, -1, e, rec)}})
			}
		}
		// chombo.final_points: the chombo, the same hand again, then the
		// settlement tonpuusen.
		hs := append([]gameHand{{number: 1, winner: -1, riichi: 0, chombo: true}}, settlementHands(p, false)...)
		hs[1].sticks = 1
		good := s.endGame(r, "chombo.final_points-dealer-chombo-then-settlement", hs)
		rr := *r
		if r.Chombo.FinalPoints == 0 {
			rr.Chombo.FinalPoints = -20
		} else {
			rr.Chombo.FinalPoints = 0
		}
		bad := s.endGame(&rr, "chombo.final_points-dealer-chombo-then-settlement", hs)
		// The points of the two logs, as the rules take them.
		ff.add(rcase{name: fmt.Sprintf("%s: %.1f: follows", r.Name, r.Chombo.FinalPoints), log: good, rules: r.Name, native: true})
		if len(r.End.Uma) == 0 {
			continue // final points not judged (no uma)
		}
		wantPts, gotPts := chomboPoints(r, hs), chomboPoints(&rr, hs)
		ff.add(rcase{name: fmt.Sprintf("%s: %.1f: breaks", r.Name, r.Chombo.FinalPoints), log: bad, rules: r.Name, native: true,
			findings: []findingWant{fw("game.final_points", -1, -1, fmtPoints(wantPts), fmtPoints(gotPts))}})
	}
}

// chomboPoints computes the final points of the chombo game hs under r.
func chomboPoints(r *adjudicator.Rules, hs []gameHand) []float64 {
	b := rulegen.New(rulegen.Options{Players: r.Players, EastOnly: true})
	_, sc, _ := fragment(r)
	last, sticks := playGame(b, r, sc, hs)
	final := leftover(r, last, sticks)
	m := modelOf(r, true, sc[0])
	m.penalty[0] += r.Chombo.FinalPoints
	return m.finalPoints(final, r.Players)
}

// riichiLimits: riichi.min_score and riichi.min_wall.
func (s *rsuite) riichiLimits() {
	fs := s.file("riichi.min_score", `
riichi.min_score: the least score to declare riichi. East 1 with 1
honba (a fragment: tenhou.net/6, scores of a game under way): seat 1
declares riichi with exactly the least score (follows), or with 500 less
(breaks: legality.riichi), on 123456p789s23s55s; the hand ends in a draw
at which it is tenpai alone.
`)
	fw2 := s.file("riichi.min_wall", `
riichi.min_wall: the fewest live tiles that must be left to declare
riichi (4 in four-player, 3 in sanma: one more draw each). The player
whose draw leaves exactly that many tiles declares riichi (follows), or
the one whose draw leaves one fewer (breaks: legality.riichi), on
123456p789s23s55s; the hand ends in a draw at which it is tenpai alone.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		hands := append([]string{junkB}, tenA)
		hands = append(hands, junks(p)[1:]...)
		if p == 3 {
			hands = []string{junk3B, tenA, junk3C}
		}
		stick := r.Points.RiichiStick
		tenpai := []bool{false, true, false, false}[:p]
		pay := notenDeltas(p, r.Draw.NotenPool, tenpai)
		score := func(min int32) string {
			scores := *sc
			// Seat 1 has min; seat 0 the rest of its start.
			scores[0] += scores[1] - min
			scores[1] = min
			return s.log(fmt.Sprintf("riichi.min_score-%dp-%s-pool-%d-riichi-at-%d", p, start, r.Draw.NotenPool, min), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 1, 0, &scores, fragDora(p), hands...).Fill(0, p+1, "").Riichi(1, "4z", "4z", stick).Exhaust(2, "")
				b.End(event.Exhaustive, pay, rulegen.Shown{})
			})
		}
		m := r.Riichi.MinScore
		fs.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, m), log: score(m), rules: r.Name, native: true})
		fs.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, m), log: score(m - 500), rules: r.Name, native: true, findings: []findingWant{fw("legality.riichi", 0, 1, "", "")}})
		wall := func(left int) (string, event.Seat) {
			// The seat whose draw leaves left tiles declares riichi.
			live := 70
			if p == 3 {
				live = 55
			}
			turns := live - 1 - left
			seat := event.Seat(turns % p)
			h := allJunk(p)
			h[seat] = tenA
			t := make([]bool, p)
			t[seat] = true
			return s.log(fmt.Sprintf("riichi.min_wall-%dp-%s-pool-%d-riichi-with-%d-left", p, start, r.Draw.NotenPool, left), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, sc, fragDora(p), h...).Fill(0, turns, "")
				x := b.FreeTile(seat)
				b.Riichi(seat, x, x, stick).Exhaust(event.Seat((int(seat)+1)%p), "")
				b.End(event.Exhaustive, notenDeltas(p, r.Draw.NotenPool, t), rulegen.Shown{})
			}), seat
		}
		w := r.Riichi.MinWall
		ok, _ := wall(w)
		bad, seat := wall(w - 1)
		fw2.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, w), log: ok, rules: r.Name, native: true})
		fw2.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, w), log: bad, rules: r.Name, native: true, findings: []findingWant{fw("legality.riichi", 0, int(seat), "", "")}})
	}
}

// start: points.start.
func (s *rsuite) start() {
	f := s.file("points.start", `
points.start: every player's starting score (0: whatever the log's first
hand says). The first hand of a game, East 1, ends in a draw at which
nobody is tenpai (tenhou.net/6, no end): at the start points it follows;
at 5000 more it breaks them (flow.start_scores). Where the start is 0
(private lobbies) any equal start follows: no log breaks it.
`)
	for _, r := range s.presets {
		p := r.Players
		o, sc, start := fragment(r)
		mk := func(x int32) string {
			scores := [4]int32{}
			for s := range p {
				scores[s] = x
			}
			return s.log(fmt.Sprintf("points.start-%dp-%d", p, x), fmtT6, o, func(b *rulegen.Builder) {
				b.Hand(0, 1, 0, 0, &scores, fragDora(p), allJunk(p)...).Exhaust(0, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
			})
		}
		if r.Points.Start == 0 {
			f.add(rcase{name: fmt.Sprintf("%s: 0: follows: a start of %s", r.Name, start), log: mk(sc[0]), rules: r.Name, native: true})
			f.add(rcase{name: fmt.Sprintf("%s: 0: follows: a start of %d", r.Name, sc[0]+5000), log: mk(sc[0] + 5000), rules: r.Name, native: true})
			continue
		}
		want := make([]int32, p)
		got := make([]int32, p)
		for s := range p {
			want[s], got[s] = sc[0], sc[0]+5000
		}
		f.add(rcase{name: fmt.Sprintf("%s: %d: follows", r.Name, r.Points.Start), log: mk(sc[0]), rules: r.Name, native: true})
		f.add(rcase{name: fmt.Sprintf("%s: %d: breaks", r.Name, r.Points.Start), log: mk(sc[0] + 5000), rules: r.Name, native: true,
			findings: []findingWant{fw("flow.start_scores", 0, -1, ints(want), ints(got))}})
	}
}

// autoLog is a log of the auto scenarios' catalogue: the first hand of a
// game (tenhou.net/6, no end) that --rules auto gives one preset.
type autoLog struct {
	what    string
	players int
	start   int32
	id      string
	title   string
	rule    string
	lobby   int
	noRule  bool
	// picks is the preset --rules auto judges it under.
	picks string
}

// autoLogs is the catalogue.
var autoLogs = []autoLog{
	{what: "a Tenhou public-lobby log of 2016", players: 4, start: 25000, id: "2016022509gm-00a9-0000-0badcafe", picks: "tenhou"},
	{what: "a Tenhou public-lobby log of 2009-03", players: 4, start: 25000, id: "2009031012gm-00a9-0000-0badcafe", picks: "tenhou-2009"},
	{what: "a Tenhou public-lobby log of 2009-07-10", players: 4, start: 25000, id: "2009071012gm-00a9-0000-0badcafe", picks: "tenhou-2009-07"},
	{what: "a Tenhou public-lobby log of 2010-03", players: 4, start: 25000, id: "2010031012gm-00a9-0000-0badcafe", picks: "tenhou-2010"},
	{what: "a Tenhou chip-lobby log (祝２)", players: 4, start: 25000, id: "2016022509gm-0229-0000-0badcafe", rule: "琥南喰赤祝２", picks: "tenhou-chips"},
	{what: "a Tenhou chip-lobby log (祝５)", players: 4, start: 25000, id: "2016022509gm-0629-0000-0badcafe", rule: "琥南喰赤祝５", picks: "tenhou-chips5"},
	{what: "a Tenhou private-lobby log (lobby 1234)", players: 4, start: 30000, id: "2016022509gm-0009-1234-0badcafe", lobby: 1234, picks: "tenhou-private"},
	{what: "a Tenhou sanma public-lobby log of 2016", players: 3, start: 35000, id: "2016022509gm-00b9-0000-0badcafe", picks: "tenhou-sanma"},
	{what: "a Tenhou sanma public-lobby log of 2009-03", players: 3, start: 35000, id: "2009031012gm-00b9-0000-0badcafe", picks: "tenhou-sanma-2009"},
	{what: "a Tenhou sanma public-lobby log of 2010-03", players: 3, start: 35000, id: "2010031012gm-00b9-0000-0badcafe", picks: "tenhou-sanma-2010"},
	{what: "a Tenhou sanma private-lobby log (lobby 1234)", players: 3, start: 40000, id: "2016022509gm-0019-1234-0badcafe", lobby: 1234, picks: "tenhou-sanma-private"},
	{what: "a Mahjong Soul ranked log", players: 4, start: 25000, id: "231014-84c11a6f-b3f7-4363-966e-25f37886cfbf", picks: "majsoul"},
	{what: "a Mahjong Soul friendly log (30000 start)", players: 4, start: 30000, id: "231014-84c11a6f-b3f7-4363-966e-25f37886cfb0", picks: "majsoul-private"},
	{what: "a Mahjong Soul sanma ranked log", players: 3, start: 35000, id: "231014-84c11a6f-b3f7-4363-966e-25f37886cfb1", picks: "majsoul-sanma"},
	{what: "a Mahjong Soul sanma friendly log (40000 start)", players: 3, start: 40000, id: "231014-84c11a6f-b3f7-4363-966e-25f37886cfb2", picks: "majsoul-sanma-private"},
	{what: "an editor's log titled World Riichi Championship", players: 4, start: 30000, title: "World Riichi Championship 2025", noRule: true, picks: "wrc"},
	{what: "an editor's log titled 日本プロ麻雀連盟", players: 4, start: 30000, title: "日本プロ麻雀連盟 第1節", noRule: true, picks: "jpml"},
	{what: "an editor's log titled Mリーグ", players: 4, start: 25000, title: "Mリーグ 2024", noRule: true, picks: "mleague"},
	{what: "an editor's log of no platform and no known title", players: 4, start: 30000, title: "club game", noRule: true, picks: "tenhou-private"},
}

// autoFile writes the log of a catalogue entry.
func (s *rsuite) autoFile(a autoLog) string {
	o := rulegen.Options{Players: a.players, ID: a.id, Title: a.title, RuleName: a.rule, Lobby: a.lobby, NoRuleName: a.noRule}
	if o.Title == "" {
		o.Title = "-"
	}
	scores := [4]int32{a.start, a.start, a.start, a.start}
	if a.players == 3 {
		scores[3] = 0
	}
	name := "auto-" + a.picks
	if a.noRule {
		name += "-editor-log"
	}
	return s.log(name, fmtT6, o, func(b *rulegen.Builder) {
		b.Hand(0, 1, 0, 0, &scores, fragDora(a.players), allJunk(a.players)...).Exhaust(0, "").End(event.Exhaustive, [4]int32{}, rulegen.Shown{})
	})
}

// autoKeys: auto.platforms, auto.lobby, auto.titles (and, beside the
// era scenarios of item 8, the eras each preset is picked for).
func (s *rsuite) autoKeys() {
	intro := `
Each log is the first hand of a game (tenhou.net/6) judged as --rules auto
judges it (rules = "auto"): the case names the preset it is judged under.
For each preset, a log it is picked for (follows) and one of another kind
that it is not picked for (breaks: judged under another preset). The
catalogue: Tenhou public logs dated 2016, 2009-03, 2009-07-10 and 2010-03
(log ids), chip lobbies (祝２, 祝５: the rule name and the log id's type),
a private lobby (1234), the same for sanma; Mahjong Soul logs (a record
uuid) of the ranked rooms' start points and of others; editor's logs
titled for the WRC, the JPML and the M-League, and one of no known title.
`
	files := map[string]*rfile{
		"auto.platforms": s.file("auto.platforms", "auto.platforms: the platforms of the logs a preset is for (none: no log).\n"+intro),
		"auto.lobby":     s.file("auto.lobby", "auto.lobby: the lobby kind of the logs a preset is for.\n"+intro),
		"auto.titles":    s.file("auto.titles", "auto.titles: words of a log's title that choose the preset before any preset without titles.\n"+intro),
	}
	logs := map[string]string{}
	picks := map[string]autoLog{}
	for _, a := range autoLogs {
		log := s.autoFile(a)
		if _, dup := picks[a.picks]; dup {
			// A second log for the same preset (the editor's log of no
			// title): a case of its own.
			files["auto.titles"].add(rcase{name: "tenhou-private: follows: " + a.what, log: log, rules: "auto", native: true, judgedUnder: []string{a.picks}})
			continue
		}
		logs[a.picks] = log
		picks[a.picks] = a
	}
	erasFile := s.fileNamed("auto.eras")
	for _, r := range s.presets {
		own, ok := picks[r.Name]
		for _, key := range []string{"auto.platforms", "auto.lobby", "auto.titles"} {
			ff := files[key]
			// The other log: of another platform, lobby or title.
			var other autoLog
			switch key {
			case "auto.platforms":
				other = picks["majsoul"]
				if r.Players == 3 {
					other = picks["majsoul-sanma"]
				}
				if len(r.Auto.Platforms) == 1 && r.Auto.Platforms[0].String() == "majsoul" {
					other = picks["tenhou"]
					if r.Players == 3 {
						other = picks["tenhou-sanma"]
					}
				}
			case "auto.lobby":
				switch {
				case r.Name == "tenhou" || r.Name == "tenhou-private" || r.Name == "tenhou-chips5":
					other = picks["tenhou-chips"]
				case r.Name == "tenhou-chips":
					other = picks["tenhou-chips5"]
				case r.Name == "majsoul":
					other = picks["majsoul-private"]
				case r.Name == "majsoul-private":
					other = picks["majsoul"]
				case r.Name == "majsoul-sanma":
					other = picks["majsoul-sanma-private"]
				case r.Name == "majsoul-sanma-private":
					other = picks["majsoul-sanma"]
				case r.Players == 3:
					other = picks["tenhou-sanma-private"]
				default:
					other = picks["tenhou-private"]
				}
			case "auto.titles":
				other = picks["tenhou-private"]
				if len(r.Auto.Titles) == 0 {
					other = picks["wrc"]
				}
			}
			if other.picks == r.Name {
				other = picks["tenhou"]
			}
			if ok {
				ff.add(rcase{name: fmt.Sprintf("%s: follows: %s", r.Name, own.what), log: logs[r.Name], rules: "auto", native: true, judgedUnder: []string{r.Name}})
			}
			ff.add(rcase{name: fmt.Sprintf("%s: breaks: %s", r.Name, other.what), log: logs[other.picks], rules: "auto", native: true, judgedUnder: []string{other.picks}})
		}
		if len(r.Auto.Eras) > 0 && ok {
			erasFile.add(rcase{name: fmt.Sprintf("%s %v: follows: %s", r.Name, r.Auto.Eras, own.what), log: logs[r.Name], rules: "auto", native: true, judgedUnder: []string{r.Name}})
			other := picks["tenhou-2010"]
			if r.Players == 3 {
				other = picks["tenhou-sanma-2010"]
			}
			if other.picks == r.Name {
				other = picks[map[int]string{4: "tenhou", 3: "tenhou-sanma"}[r.Players]]
			}
			erasFile.add(rcase{name: fmt.Sprintf("%s %v: breaks: %s", r.Name, r.Auto.Eras, other.what), log: logs[other.picks], rules: "auto", native: true, judgedUnder: []string{other.picks}})
		}
	}
}

// fileNamed returns the scenario file of key.
func (s *rsuite) fileNamed(key string) *rfile {
	for _, f := range s.files {
		if f.key == key {
			return f
		}
	}
	s.t.Fatalf("no scenario file %s", key)
	return nil
}
