package stats_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/haifu/haifu/internal/corpus"

	"github.com/haifu/haifu/internal/rowstest"
	"github.com/haifu/haifu/stats"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// wantRound is what the log's XML says about one hand: the INIT seed
// (round, honba, sticks), oya, the REACH step 2 elements, the N elements
// that are chi, pon or open kan, the discards (D/E/F/G), the AGARI
// elements and the RYUUKYOKU (type, the hai<n> of tenpai seats, sc).
type wantRound struct {
	round                 string
	honba, sticks, dealer int32
	outcome               string
	tenpai                int32 // -1: null
	noten                 int32
	riichi, calls, turns  int32
	winners               int32
	wind                  string
	number                int32
}

func wr(round string, honba, sticks, dealer int32, outcome string, tenpai, noten, riichi, calls, turns, winners int32) wantRound {
	return wantRound{round: round, honba: honba, sticks: sticks, dealer: dealer, outcome: outcome, tenpai: tenpai, noten: noten,
		riichi: riichi, calls: calls, turns: turns, winners: winners, wind: round[:1], number: int32(round[1] - '0')}
}

// wantDraw is one exhaustive draw or nagashi mangan: tenpai from the
// RYUUKYOKU hai<n> attributes, the score changes from its sc, the scores
// at the start from the INIT ten.
type wantDraw struct {
	hand     int32
	tenpai   []bool
	recorded []int32
	noten    []int32
	start    []int32
}

func TestBuildFixtures(t *testing.T) {
	tests := []struct {
		file        string
		players     int32
		length      string
		lobby       string
		tenhouType  int32
		rules       string
		names       []string
		ranks       []string
		finalScores []int32
		finalPoints []float64
		rounds      []wantRound
		draws       []wantDraw
	}{
		{
			// GO type 553: 4p, hanchan, chip lobby. Two exhaustive draws
			// (E3-0: hai0 and hai3 shown, sc +15/-15/-15/+15; S4-0: hai3
			// alone, sc -10/-10/-10/+30) and a nine terminals (yao9).
			file: "dnov__chip.xml_.xml", players: 4, length: "south", tenhouType: 553, rules: "tenhou-chips",
			names:       []string{"siruneko", "DERESUKE", "群青日和＠", "リツミサン"},
			ranks:       []string{"七段", "六段", "八段", "八段"},
			finalScores: []int32{30000, 44800, 4500, 20700}, finalPoints: []float64{10, 64, -55, -19},
			rounds: []wantRound{
				wr("E1", 0, 0, 0, "win", -1, 0, 1, 3, 40, 1),
				wr("E1", 1, 0, 0, "nine_terminals", -1, 0, 0, 0, 0, 0),
				wr("E1", 2, 0, 0, "win", -1, 0, 0, 4, 37, 1),
				wr("E2", 0, 0, 1, "win", -1, 0, 1, 4, 34, 1),
				wr("E3", 0, 0, 2, "exhaustive", 2, 3000, 2, 0, 70, 0),
				wr("E4", 1, 2, 3, "win", -1, 0, 2, 0, 48, 1),
				wr("S1", 0, 0, 0, "win", -1, 0, 0, 2, 18, 1),
				wr("S2", 0, 0, 1, "win", -1, 0, 0, 2, 46, 1),
				wr("S3", 0, 0, 2, "win", -1, 0, 2, 1, 35, 1),
				wr("S4", 0, 0, 3, "exhaustive", 1, 3000, 1, 2, 71, 0),
				wr("S4", 1, 1, 3, "win", -1, 0, 1, 1, 39, 1),
			},
			draws: []wantDraw{
				{hand: 4, tenpai: []bool{true, false, false, true}, recorded: []int32{1500, -1500, -1500, 1500},
					noten: []int32{1500, -1500, -1500, 1500}, start: []int32{33100, 22600, 21000, 23300}},
				{hand: 9, tenpai: []bool{false, false, false, true}, recorded: []int32{-1000, -1000, -1000, 3000},
					noten: []int32{-1000, -1000, -1000, 3000}, start: []int32{31600, 46400, 2200, 19800}},
			},
		},
		{
			// GO type 185: sanma phoenix hanchan. E1-0: hai2 alone, sc
			// -10/-10/+20; E2-2: hai0 and hai2, sc +10/-20/+10.
			file: "msanma__2026011605gm-00b9-0000-ba5e37ba.xml", players: 3, length: "south", lobby: "三鳳南喰赤", tenhouType: 185, rules: "tenhou-sanma",
			names:       []string{"ケルヴィンの弟子", "葱間葱抜", "しろまーぶる"},
			ranks:       []string{"七段", "九段", "七段"},
			finalScores: []int32{53000, 57700, -5700}, finalPoints: []float64{13, 52.7, -65.7},
			rounds: []wantRound{
				wr("E1", 0, 0, 0, "exhaustive", 1, 2000, 1, 0, 52, 0),
				wr("E2", 1, 1, 1, "win", -1, 0, 0, 3, 29, 1),
				wr("E2", 2, 0, 1, "exhaustive", 2, 2000, 2, 0, 52, 0),
				wr("E3", 3, 2, 2, "win", -1, 0, 1, 0, 28, 1),
				wr("S1", 0, 0, 0, "win", -1, 0, 2, 0, 24, 1),
			},
			draws: []wantDraw{
				{hand: 0, tenpai: []bool{false, false, true}, recorded: []int32{-1000, -1000, 2000},
					noten: []int32{-1000, -1000, 2000}, start: []int32{35000, 35000, 35000}},
				{hand: 2, tenpai: []bool{true, false, true}, recorded: []int32{1000, -2000, 1000},
					noten: []int32{1000, -2000, 1000}, start: []int32{34000, 53200, 17800}},
			},
		},
		{
			// Sanma nagashi mangan (type nm) by the dealer, seat 1: sc
			// -40/+80/-40; hai0 shown. Nagashi replaces noten payments.
			file: "msanma__2026011814gm-00b9-0000-df81cf4e.xml", players: 3, length: "south", lobby: "三鳳南喰赤", tenhouType: 185, rules: "tenhou-sanma",
			names:       []string{"唐黍のひげさん", "slime", "(=^-ω-^)"},
			ranks:       []string{"八段", "七段", "七段"},
			finalScores: []int32{0, 115400, -10400}, finalPoints: []float64{-40, 110.4, -70.4},
			rounds: []wantRound{
				wr("E1", 0, 0, 0, "win", -1, 0, 2, 0, 38, 1),
				wr("E2", 0, 0, 1, "nagashi", 1, 0, 1, 0, 51, 0),
				wr("E3", 1, 1, 2, "win", -1, 0, 2, 0, 20, 1),
				wr("S1", 0, 0, 0, "win", -1, 0, 1, 2, 24, 1),
				wr("S2", 0, 0, 1, "win", -1, 0, 1, 0, 42, 1),
				wr("S2", 1, 0, 1, "win", -1, 0, 1, 0, 26, 1),
			},
			draws: []wantDraw{
				{hand: 1, tenpai: []bool{true, false, false}, recorded: []int32{-4000, 8000, -4000},
					noten: []int32{0, 0, 0}, start: []int32{31100, 32000, 41900}},
			},
		},
		{
			// GO type 225: 4p phoenix tonpuusen, fast. E3-0: hai0 and
			// hai3, sc +15/-15/-15/+15; E4-1: four winds (kaze4).
			file: "waxmango__2022010920gm-00e1-0000-4304f18f.txt", players: 4, length: "east", lobby: "四鳳東喰赤速", tenhouType: 225, rules: "tenhou",
			names:       []string{"動物園のくろ", "すいませーん", "phenome", "万能ねぎ"},
			ranks:       []string{"七段", "八段", "八段", "七段"},
			finalScores: []int32{28500, -100, 35500, 36100}, finalPoints: []float64{-11, -50, 16, 45},
			rounds: []wantRound{
				wr("E1", 0, 0, 0, "win", -1, 0, 1, 1, 42, 1),
				wr("E2", 0, 0, 1, "win", -1, 0, 1, 0, 69, 1),
				wr("E3", 0, 0, 2, "exhaustive", 2, 3000, 1, 3, 73, 0),
				wr("E4", 1, 1, 3, "four_winds", -1, 0, 0, 0, 4, 0),
				wr("E4", 2, 1, 3, "win", -1, 0, 0, 1, 69, 1),
			},
			draws: []wantDraw{
				{hand: 2, tenpai: []bool{true, false, false, true}, recorded: []int32{1500, -1500, -1500, 1500},
					noten: []int32{1500, -1500, -1500, 1500}, start: []int32{27000, 14000, 37000, 22000}},
			},
		},
		{
			// GO type 137: 4p upper lobby hanchan. A double ron (E2-0, two
			// AGARI), an exhaustive draw (E4-0: hai1 and hai3) and a
			// triple ron abort (ron3) after three riichi.
			file: "rmss__ron3.xml", players: 4, length: "south", lobby: "四上南喰赤", tenhouType: 137, rules: "tenhou",
			names:       []string{"Rikaka", "kinji.s", "よっしー", "山田太郎"},
			ranks:       []string{"二段", "三段", "初段", "初段"},
			finalScores: []int32{38300, 14300, -2800, 50200}, finalPoints: []float64{18.3, -25.7, -52.8, 60.2},
			rounds: []wantRound{
				wr("E1", 0, 0, 0, "win", -1, 0, 0, 2, 46, 1),
				wr("E1", 1, 0, 0, "win", -1, 0, 1, 0, 36, 1),
				wr("E1", 2, 0, 0, "win", -1, 0, 0, 6, 55, 1),
				wr("E2", 0, 0, 1, "win", -1, 0, 0, 4, 68, 2),
				wr("E3", 0, 0, 2, "win", -1, 0, 0, 1, 53, 1),
				wr("E4", 0, 0, 3, "exhaustive", 2, 3000, 0, 4, 74, 0),
				wr("E4", 1, 0, 3, "triple_ron", -1, 0, 3, 0, 56, 0),
				wr("E4", 2, 3, 3, "win", -1, 0, 0, 1, 38, 1),
				wr("E4", 3, 0, 3, "win", -1, 0, 1, 0, 39, 1),
				wr("S1", 0, 0, 0, "win", -1, 0, 0, 1, 53, 1),
				wr("S2", 0, 0, 1, "win", -1, 0, 2, 0, 42, 1),
			},
			draws: []wantDraw{
				{hand: 5, tenpai: []bool{false, true, false, true}, recorded: []int32{-1500, 1500, -1500, 1500},
					noten: []int32{-1500, 1500, -1500, 1500}, start: []int32{30000, 21400, 7400, 41200}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := corpus.Fixture(t, "mjlog/"+tt.file)
			rows := rowstest.JudgeFixture(t, path)
			g := rows.Game

			// The games row.
			if g.Error != nil {
				t.Fatalf("games.error = %q, want null", *g.Error)
			}
			if len(rows.Errors) != 0 {
				t.Errorf("errors rows = %+v, want none", rows.Errors)
			}
			// The log id comes from the file's name, where it has one.
			wantID := ""
			if id, ok := event.FindTenhouID(tt.file); ok {
				wantID = id.ID
			}
			if g.Path != path || deref(g.GameID) != wantID || (g.GameID != nil && wantID == "") || g.Format != "mjlog" || g.Platform != "tenhou" {
				t.Errorf("games row path/id/format/platform = %q %v %q %q", g.Path, fmtPtr(g.GameID), g.Format, g.Platform)
			}
			if g.Players != tt.players || g.Length != tt.length {
				t.Errorf("players, length = %d %q, want %d %q", g.Players, g.Length, tt.players, tt.length)
			}
			if tt.lobby != "" && deref(g.Lobby) != tt.lobby {
				t.Errorf("lobby = %v, want %q", fmtPtr(g.Lobby), tt.lobby)
			}
			if g.TenhouType == nil || *g.TenhouType != tt.tenhouType {
				t.Errorf("tenhou_type = %v, want %d", fmtPtr(g.TenhouType), tt.tenhouType)
			}
			if g.TenhouLobby == nil || *g.TenhouLobby != 0 {
				t.Errorf("tenhou_lobby = %v, want 0", fmtPtr(g.TenhouLobby))
			}
			if deref(g.Rules) != tt.rules || !g.Native {
				t.Errorf("rules, native = %v %v, want %q true", fmtPtr(g.Rules), g.Native, tt.rules)
			}
			if g.Hands != int32(len(tt.rounds)) || !g.Complete {
				t.Errorf("hands, complete = %d %v, want %d true", g.Hands, g.Complete, len(tt.rounds))
			}
			if g.Discrepancies != 0 || len(rows.Discrepancies) != 0 {
				t.Errorf("discrepancies = %d (%d rows), want 0: %+v", g.Discrepancies, len(rows.Discrepancies), rows.Discrepancies)
			}
			if g.DivergentFrom != nil || g.EndedEarlyAfter != nil || g.DivergentReason != nil {
				t.Errorf("divergent_from, ended_early_after, reason = %v %v %v, want null null null", fmtPtr(g.DivergentFrom), fmtPtr(g.EndedEarlyAfter), fmtPtr(g.DivergentReason))
			}
			if d := cmp.Diff(tt.names, g.Names); d != "" {
				t.Errorf("names (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.ranks, g.Ranks); d != "" {
				t.Errorf("ranks (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.finalScores, g.FinalScores); d != "" {
				t.Errorf("final_scores (-want +got):\n%s", d)
			}
			// The log's own rules reproduce the log's final scores.
			if d := cmp.Diff(tt.finalScores, g.ComputedFinal); d != "" {
				t.Errorf("computed_final_scores (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.finalPoints, g.FinalPoints, cmpopts.EquateApprox(0, 1e-9)); d != "" {
				t.Errorf("final_points (-want +got):\n%s", d)
			}

			// The rounds rows.
			if len(rows.Rounds) != len(tt.rounds) {
				t.Fatalf("%d rounds rows, want %d", len(rows.Rounds), len(tt.rounds))
			}
			for i, w := range tt.rounds {
				r := rows.Rounds[i]
				got := wantRound{round: r.Round, honba: r.Honba, sticks: r.Sticks, dealer: r.Dealer, outcome: r.Outcome, tenpai: -1,
					noten: deref(r.NotenPaymentTotal), riichi: r.Riichi, calls: r.Calls, turns: r.Turns, winners: r.Winners, wind: r.Wind, number: r.Number}
				if r.TenpaiCount != nil {
					got.tenpai = *r.TenpaiCount
				}
				if got != w {
					t.Errorf("hand %d:\n got %+v\nwant %+v", i, got, w)
				}
				if r.Hand != int32(i) || deref(r.GameID) != deref(g.GameID) || r.Path != path || r.Players != tt.players ||
					r.Rules != tt.rules || r.Platform != "tenhou" || r.Length != tt.length {
					t.Errorf("hand %d: hand/game_id/path/players/rules/platform/length = %d %v %q %d %q %q %q", i, r.Hand, fmtPtr(r.GameID), r.Path, r.Players, r.Rules, r.Platform, r.Length)
				}
				if !r.ExpectedKnown || r.Divergent {
					t.Errorf("hand %d: expected_known, divergent = %v %v, want true false", i, r.ExpectedKnown, r.Divergent)
				}
				// An exhaustive draw or nagashi empties the live wall.
				if (w.outcome == "exhaustive" || w.outcome == "nagashi") && r.LiveLeft != 0 {
					t.Errorf("hand %d: live_left = %d at an exhaustive draw", i, r.LiveLeft)
				}
			}

			// The seats rows: one per seat per hand, in hand then seat order.
			if len(rows.Seats) != len(tt.rounds)*int(tt.players) {
				t.Fatalf("%d seats rows, want %d", len(rows.Seats), len(tt.rounds)*int(tt.players))
			}
			draws := map[int32]wantDraw{}
			for _, d := range tt.draws {
				draws[d.hand] = d
			}
			for k, s := range rows.Seats {
				hand, seat := int32(k)/tt.players, int32(k)%tt.players
				r := rows.Rounds[hand]
				if s.Hand != hand || s.Seat != seat || s.Round != r.Round || s.Honba != r.Honba || s.Sticks != r.Sticks ||
					s.Outcome != r.Outcome || s.IsDealer != (seat == r.Dealer) || deref(s.Name) != tt.names[seat] || s.Path != path {
					t.Errorf("seat row %d = %+v, does not match hand %d seat %d (%+v)", k, s, hand, seat, r)
				}
				d, isDraw := draws[hand]
				if !isDraw {
					if s.Tenpai != nil {
						t.Errorf("hand %d seat %d (%s): tenpai = %v, want null", hand, seat, r.Outcome, *s.Tenpai)
					}
					continue
				}
				if s.Tenpai == nil || *s.Tenpai != d.tenpai[seat] {
					t.Errorf("hand %d seat %d: tenpai = %v, want %v", hand, seat, fmtPtr(s.Tenpai), d.tenpai[seat])
				}
				// Tenhou shows the hands of the tenpai players only.
				if s.Revealed != d.tenpai[seat] {
					t.Errorf("hand %d seat %d: revealed = %v, want %v", hand, seat, s.Revealed, d.tenpai[seat])
				}
				if s.RecordedDelta != d.recorded[seat] || s.ComputedDelta == nil || *s.ComputedDelta != d.recorded[seat] {
					t.Errorf("hand %d seat %d: recorded_delta, computed_delta = %d %v, want %d", hand, seat, s.RecordedDelta, fmtPtr(s.ComputedDelta), d.recorded[seat])
				}
				if s.NotenPayment == nil || *s.NotenPayment != d.noten[seat] {
					t.Errorf("hand %d seat %d: noten_payment = %v, want %d", hand, seat, fmtPtr(s.NotenPayment), d.noten[seat])
				}
				if s.ScoreStart != d.start[seat] || s.ScoreComputed != d.start[seat] {
					t.Errorf("hand %d seat %d: score_start, score_computed = %d %d, want %d", hand, seat, s.ScoreStart, s.ScoreComputed, d.start[seat])
				}
				if s.Won || s.DealtIn {
					t.Errorf("hand %d seat %d: won, dealt_in = %v %v at a draw", hand, seat, s.Won, s.DealtIn)
				}
			}
			// rounds.noten_payment_total is what the tenpai players received.
			for _, d := range tt.draws {
				var recv int32
				for s, p := range d.noten {
					if p > 0 {
						recv += p
					}
					if p > 0 != d.tenpai[s] && p != 0 {
						t.Fatalf("bad test data: hand %d seat %d", d.hand, s)
					}
				}
				if got := rows.Rounds[d.hand].NotenPaymentTotal; deref(got) != recv {
					t.Errorf("hand %d: noten_payment_total = %d, want %d", d.hand, deref(got), recv)
				}
			}
			// Per hand, the seats add up to the round.
			for h, r := range rows.Rounds {
				var riichi, calls, turns, won int32
				for _, s := range rows.Seats[h*int(tt.players) : (h+1)*int(tt.players)] {
					riichi += b2i(s.Riichi)
					calls += s.Calls
					turns += s.Turns
					won += b2i(s.Won)
				}
				if riichi != r.Riichi || calls != r.Calls || turns != r.Turns || won != r.Winners {
					t.Errorf("hand %d: seats sum to riichi %d calls %d turns %d won %d; round has %d %d %d %d", h, riichi, calls, turns, won, r.Riichi, r.Calls, r.Turns, r.Winners)
				}
			}
		})
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func fmtPtr[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

// TestBuildReport checks the mapping of a hand-made judgement onto the rows:
// nulls for unknown values, findings without a hand, event or seat,
// divergence and early end, rule names, and the metadata of a non-mjlog
// game (no tenhou_type even when the rules carry one).
func TestBuildReport(t *testing.T) {
	rules, err := adjudicator.Preset("majsoul-sanma")
	if err != nil {
		t.Fatal(err)
	}
	g := &event.Game{Meta: event.Meta{
		Format: event.FormatMajsoul, ID: "231104-abc", Platform: event.Majsoul, Players: 3, Length: event.EastOnly,
		Rules:     event.Rules{Name: "三人東", RedFives: [3]int8{0, 1, 1}, OpenTanyao: event.FlagYes, TenhouType: 9, TenhouLobby: 1},
		Seats:     [4]event.Player{{Name: "A", Rank: "雀傑1"}, {Name: "B", Rank: "雀豪2"}, {Name: "C", Rank: "雀士3"}},
		StartTime: 1699000000, Warnings: []string{"w1", "w2"},
	}}
	g.Rounds = make([]event.Round, 2)
	g.End = []event.EndRecord{{Scores: [4]int32{40000, 30000, 35000, 0}, Points: [4]float64{1, 2, 3, 4}, Known: event.KnownScores}}
	rep := &adjudicator.Report{
		Rules: rules, Native: false,
		Findings: []check.Finding{
			{Check: check.GameEnd, Hand: -1, Event: -1, Seat: event.NoSeat, Message: "game ends", Expected: "end", Recorded: "more"},
			{Check: check.DrawTenpai, Hand: 1, Round: event.RoundID{Wind: 0, Number: 2, Honba: 1}, Event: 17, Seat: 2, Message: "m", Expected: "tenpai", Recorded: "noten"},
			// Hand 0, event 0 and seat 0 are values, not nulls.
			{Check: check.LegalityDiscard, Hand: 0, Round: event.RoundID{Wind: 0, Number: 1}, Event: 0, Seat: 0, Message: "d"},
		},
		Hands: []adjudicator.HandResult{
			{Index: 0, Round: event.RoundID{Wind: 0, Number: 1}, Dealer: 0, Outcome: adjudicator.WinOutcome, TenpaiCount: -1, LiveLeft: 20, ExpectedKnown: true,
				RecordedOutcome: adjudicator.WinOutcome, RecordedKnown: true,
				Seats: [4]adjudicator.SeatResult{
					{Turns: 7, Riichi: true, Recorded: -9000, Expected: -9000, Start: 35000, Computed: 26000, DealtIn: true},
					{Turns: 6, Calls: 2, Recorded: 10000, Expected: 10000, Start: 35000, Computed: 45000, Won: true},
					{Turns: 6, Calls: 1, Waits: 3, Furiten: true, Start: 35000, Computed: 35000},
				}},
			{Index: 1, Round: event.RoundID{Wind: 0, Number: 2, Honba: 1}, Dealer: 1, Sticks: 1, Outcome: adjudicator.ExhaustiveOutcome, TenpaiCount: 2,
				NotenPaymentTotal: 2000, Divergent: true, RecordedOutcome: adjudicator.ExhaustiveOutcome,
				Seats: [4]adjudicator.SeatResult{
					{Tenpai: true, Waits: 2, Revealed: true, Turns: 18, Recorded: 1000, NotenPayment: 1000, Start: 26000, Computed: 27000},
					{Turns: 18, Recorded: -2000, NotenPayment: -2000, Start: 45000, Computed: 43000},
					{Tenpai: true, Waits: 1, Revealed: true, Riichi: true, Turns: 17, Recorded: 1000, NotenPayment: 1000, Start: 35000, Computed: 36000},
				}},
		},
		DivergentFrom: 1, DivergentReason: "other rules", EndedEarly: true, EndedAfter: 1,
		Final: [4]int32{27000, 43000, 36000, 0}, FinalKnown: true,
	}
	rows := stats.Build("in/a.json", g, rep, nil)

	p := func(v int32) *int32 { return &v }
	bp := func(v bool) *bool { return &v }
	sp := func(v string) *string { return &v }
	id := sp("231104-abc")
	start := int64(1699000000_000) // milliseconds
	want := &stats.GameRows{
		Game: stats.GameRow{GameID: id, Path: "in/a.json", GameIndex: p(0), Format: "majsoul", Platform: "majsoul", Players: 3, Length: "east",
			Lobby: sp("三人東"), RedFives: p(2), OpenTanyao: bp(true), RuleSet: "majsoul-sanma", Applicable: true, Rules: sp("majsoul-sanma"), Native: false,
			Hands: 2, Complete: true, Discrepancies: 3, HandsJudged: 1, NotenPaymentTotal: p(0), Year: p(2023),
			DivergentFrom: p(1), DivergentReason: sp("other rules"), EndedEarlyAfter: p(1),
			FinalScores: []int32{40000, 30000, 35000}, ComputedFinal: []int32{27000, 43000, 36000},
			Names: []string{"A", "B", "C"}, Ranks: []string{"雀傑1", "雀豪2", "雀士3"}, StartTime: &start, Warnings: []string{"w1", "w2"}},
		Rounds: []stats.RoundRow{
			{GameID: id, Path: "in/a.json", Hand: 0, Wind: "E", Number: 1, Round: "E1", Honba: 0, Sticks: 0, Dealer: 0, Players: 3,
				Outcome: "win", Winners: 1, Riichi: 1, Calls: 3, Turns: 19, LiveLeft: 20, ExpectedKnown: true, NotenPaymentTotal: p(0),
				Judged: true, RecordedOutcome: "win", RecordedRenchan: bp(false), RecordedNextHonba: p(1), PaymentsDiffer: bp(false),
				RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Platform: "majsoul", Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: 1, Wind: "E", Number: 2, Round: "E2", Honba: 1, Sticks: 1, Dealer: 1, Players: 3,
				Outcome: "exhaustive", TenpaiCount: p(2), Riichi: 1, Turns: 53, Divergent: true, RecordedOutcome: "exhaustive",
				RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Platform: "majsoul", Length: "east"},
		},
		Seats: []stats.SeatRow{
			{GameID: id, Path: "in/a.json", Hand: 0, Round: "E1", Seat: 0, IsDealer: true, Outcome: "win", Name: sp("A"),
				Riichi: true, Turns: 7, DealtIn: true, RecordedDelta: -9000, ComputedDelta: p(-9000), ScoreStart: 35000, ScoreComputed: 26000,
				NotenPayment: p(0), Standing: 1, Judged: true, RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Players: 3, Platform: "majsoul", Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: 0, Round: "E1", Seat: 1, Outcome: "win", Name: sp("B"),
				Calls: 2, Turns: 6, Won: true, RecordedDelta: 10000, ComputedDelta: p(10000), ScoreStart: 35000, ScoreComputed: 45000,
				NotenPayment: p(0), Standing: 2, Judged: true, RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Players: 3, Platform: "majsoul", Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: 0, Round: "E1", Seat: 2, Outcome: "win", Name: sp("C"),
				Waits: 3, Furiten: true, Calls: 1, Turns: 6, ComputedDelta: p(0), ScoreStart: 35000, ScoreComputed: 35000,
				NotenPayment: p(0), Standing: 3, Judged: true, RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Players: 3, Platform: "majsoul", Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: 1, Round: "E2", Honba: 1, Sticks: 1, Seat: 0, Outcome: "exhaustive", Name: sp("A"),
				Tenpai: bp(true), Waits: 2, Revealed: true, Turns: 18, RecordedDelta: 1000, ScoreStart: 26000, ScoreComputed: 27000,
				Standing: 3, RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Players: 3, Platform: "majsoul", Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: 1, Round: "E2", Honba: 1, Sticks: 1, Seat: 1, IsDealer: true, Outcome: "exhaustive", Name: sp("B"),
				Tenpai: bp(false), Turns: 18, RecordedDelta: -2000, ScoreStart: 45000, ScoreComputed: 43000,
				Standing: 1, RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Players: 3, Platform: "majsoul", Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: 1, Round: "E2", Honba: 1, Sticks: 1, Seat: 2, Outcome: "exhaustive", Name: sp("C"),
				Tenpai: bp(true), Waits: 1, Revealed: true, Riichi: true, Turns: 17, RecordedDelta: 1000, ScoreStart: 35000, ScoreComputed: 36000,
				Standing: 2, RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Players: 3, Platform: "majsoul", Length: "east"},
		},
		Discrepancies: []stats.DiscrepancyRow{
			{GameID: id, Path: "in/a.json", CheckName: "game.end", Severity: "discrepancy", Message: "game ends", Expected: sp("end"), Recorded: sp("more"),
				RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Platform: "majsoul", Players: 3, Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: p(1), Round: sp("E2-1"), Event: p(17), Seat: p(2), CheckName: "draw.tenpai", Severity: "discrepancy", Message: "m",
				Expected: sp("tenpai"), Recorded: sp("noten"), RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Platform: "majsoul", Players: 3, Length: "east"},
			{GameID: id, Path: "in/a.json", Hand: p(0), Round: sp("E1-0"), Event: p(0), Seat: p(0), CheckName: "legality.discard", Severity: "discrepancy", Message: "d",
				RuleSet: "majsoul-sanma", Rules: "majsoul-sanma", Platform: "majsoul", Players: 3, Length: "east"},
		},
	}
	if d := cmp.Diff(want, rows, cmpopts.EquateEmpty(), cmpopts.IgnoreUnexported(stats.GameRows{})); d != "" {
		t.Errorf("stats.Build (-want +got):\n%s", d)
	}
}

// TestBuildErrors checks the games and errors rows of inputs that could
// not be read or judged.
func TestBuildErrors(t *testing.T) {
	const fixture = "../fixtures/good/mjlog/dnov__chip.xml_.xml"
	chip, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	// The INIT of E3-0 (hand 4) with a dora indicator id out of range.
	const init = `<INIT seed="2,0,0,3,0,74"`
	at := bytes.Index(chip, []byte(init))
	if at < 0 {
		t.Fatal("fixture changed")
	}
	badDora := bytes.Replace(chip, []byte(init), []byte(`<INIT seed="2,0,0,3,0,999"`), 1)

	tests := []struct {
		name string
		path string
		data []byte
		// err, when set, is passed to stats.Build instead of decoding (a game
		// that was read, but whose rules could not be chosen).
		err     error
		format  string
		offset  int64 // -1: null
		index   int32 // -1: null
		round   string
		players int32
		hands   int32
		names   []string
		msg     string // a part of the message
	}{
		{name: "unknown format", path: "logs/notes.txt", data: []byte("hello, this is not a log\n"),
			format: "unknown", offset: -1, index: -1, players: 0, hands: 0, msg: "not a game log"},
		{name: "bad tile id", path: "logs/chip.xml", data: badDora,
			// The element's byte offset, and its index counting <mjloggm> as
			// element 0.
			format: "mjlog", offset: int64(at), index: int32(bytes.Count(chip[:at], []byte("<"))), round: "E3-0",
			players: 4, hands: 4, names: []string{"siruneko", "DERESUKE", "群青日和＠", "リツミサン"}, msg: "tile id 999 out of range"},
		{name: "plain error", path: "logs/chip2.xml", data: chip, err: errors.New("logs/chip2.xml: no rule set fits"),
			format: "mjlog", offset: -1, index: -1, players: 4, hands: 11, names: []string{"siruneko", "DERESUKE", "群青日和＠", "リツミサン"},
			msg: "no rule set fits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var dec parser.Decoder
			var g event.Game
			in := parser.Input{Path: tt.path, Data: tt.data}
			derr := dec.Decode(&in, &g)
			if tt.err != nil {
				if derr != nil {
					t.Fatalf("decode: %v", derr)
				}
				derr = tt.err
			} else if derr == nil {
				t.Fatal("decode succeeded, want an error")
			}
			rows := stats.Build(tt.path, &g, nil, derr)
			if rows.Game.Error == nil {
				t.Fatal("games.error is null")
			}
			msg := *rows.Game.Error
			if msg != derr.Error() || !strings.HasPrefix(msg, tt.path+": ") || !strings.Contains(msg, tt.msg) {
				t.Errorf("games.error = %q, want the error (%q), starting with the path and containing %q", msg, derr.Error(), tt.msg)
			}
			if len(rows.Errors) != 1 {
				t.Fatalf("%d errors rows, want 1", len(rows.Errors))
			}
			e := rows.Errors[0]
			if e.Path != tt.path || e.Error != msg || e.Format != tt.format || deref(e.Round) != tt.round || (e.Round == nil) != (tt.round == "") || e.GameID != nil {
				t.Errorf("errors row = path %q format %q round %s game_id %s error %q; want %q %q %q null %q", e.Path, e.Format, fmtPtr(e.Round), fmtPtr(e.GameID), e.Error, tt.path, tt.format, tt.round, msg)
			}
			if (tt.offset < 0) != (e.ByteOffset == nil) || e.ByteOffset != nil && *e.ByteOffset != tt.offset {
				t.Errorf("byte_offset = %s, want %d (-1: null)", fmtPtr(e.ByteOffset), tt.offset)
			}
			if (tt.index < 0) != (e.Index == nil) || e.Index != nil && *e.Index != tt.index {
				t.Errorf("index = %s, want %d (-1: null)", fmtPtr(e.Index), tt.index)
			}
			gr := rows.Game
			if gr.Path != tt.path || gr.Format != tt.format || gr.Players != tt.players || gr.Hands != tt.hands {
				t.Errorf("games row path %q format %q players %d hands %d; want %q %q %d %d", gr.Path, gr.Format, gr.Players, gr.Hands, tt.path, tt.format, tt.players, tt.hands)
			}
			if d := cmp.Diff(tt.names, gr.Names, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("names (-want +got):\n%s", d)
			}
			// Not judged: no rule set and nothing else.
			if gr.Rules != nil || gr.Native || gr.Discrepancies != 0 || gr.ComputedFinal != nil || gr.DivergentFrom != nil {
				t.Errorf("unjudged games row has judgement fields: %+v", gr)
			}
			if len(rows.Rounds)+len(rows.Seats)+len(rows.Discrepancies) != 0 {
				t.Errorf("unjudged input has %d rounds, %d seats, %d discrepancies rows", len(rows.Rounds), len(rows.Seats), len(rows.Discrepancies))
			}
		})
	}
}

// deref returns what p points to, or "" for nil.
func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// TestUndeterminedRow: an undetermined finding's row names the rule set
// under which it is a discrepancy (not the candidate the report's hands
// follow, which does not make it), and its message what is uncertain.
func TestUndeterminedRow(t *testing.T) {
	const path = "../conformance/rules/logs/auto.eras-tenpai-yame-played-on-20100615.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d parser.Decoder
	var g event.Game
	if err := d.Decode(&parser.Input{Path: path, Data: data}, &g); err != nil {
		t.Fatal(err)
	}
	var jr adjudicator.Judger
	var sel adjudicator.Selector
	rep, err := jr.JudgeAuto(&g, &sel)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rules.Name != "tenhou-2010" || len(rep.Undetermined) != 1 {
		t.Fatalf("judged under %s with %d undetermined findings, want tenhou-2010 (the fewest findings) and 1", rep.Rules.Name, len(rep.Undetermined))
	}
	var rows stats.GameRows
	rows.Fill(path, &g, rep, nil)
	if len(rows.Discrepancies) != 1 {
		t.Fatalf("%d discrepancy rows, want 1", len(rows.Discrepancies))
	}
	row := rows.Discrepancies[0]
	if row.Severity != stats.SeverityUndetermined || row.Rules != "tenhou" || row.CheckName != "game.end" {
		t.Errorf("row: severity %s, rules %s, check %s; want undetermined, tenhou, game.end", row.Severity, row.Rules, row.CheckName)
	}
	if !strings.Contains(row.Message, "dated 2010-06-15") || !strings.Contains(row.Message, "2010-06-01 to 2010-06-30") {
		t.Errorf("message %q does not say what is uncertain", row.Message)
	}
	if *rows.Game.Rules != "tenhou or tenhou-2010" {
		t.Errorf("games.rules %q, want the candidates", *rows.Game.Rules)
	}
}

// TestDiscrepancyValuesAndLink: a finding's typed values go to the
// discrepancies table's number and numbers columns (null where it compares
// words or nothing), and a Tenhou log's findings carry the viewer link to
// their hand, seen from the seat concerned or the file name's viewpoint.
func TestDiscrepancyValuesAndLink(t *testing.T) {
	rules, err := adjudicator.Preset("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	const id = "2016022509gm-0009-0000-b327da61"
	g := &event.Game{Meta: event.Meta{Format: event.FormatMjlog, ID: id, Platform: event.Tenhou, Players: 4, Length: event.EastSouth, Path: "x/" + id + "_tw_1.mjlog"}}
	g.Rounds = make([]event.Round, 3)
	r2 := event.RoundID{Wind: 0, Number: 3}
	rep := &adjudicator.Report{Rules: rules, Native: true, DivergentFrom: -1, Findings: []check.Finding{
		{Check: check.WinPayment, Hand: 2, Round: r2, Event: 40, Seat: event.NoSeat, Message: "m", Expected: "[-1100 6300 -1100 -2100]", Recorded: "[0 0 0 0]",
			ExpectedValue: check.Scores([]int32{-1100, 6300, -1100, -2100}), RecordedValue: check.Scores([]int32{0, 0, 0, 0})},
		{Check: check.WinFu, Hand: 2, Round: r2, Event: 40, Seat: 3, Message: "m", Expected: "30 fu (kanchan wait)", Recorded: "40 fu",
			ExpectedValue: check.Int(30), RecordedValue: check.Int(40)},
		{Check: check.WinLimit, Hand: 2, Round: r2, Event: 40, Seat: 3, Message: "m", Expected: "mangan", Recorded: "no limit"},
		{Check: check.GameFinalScores, Hand: -1, Event: 90, Seat: event.NoSeat, Message: "m", Expected: "[1 2 3 4]", Recorded: "[4 3 2 1]",
			ExpectedValue: check.Scores([]int32{1, 2, 3, 4}), RecordedValue: check.Scores([]int32{4, 3, 2, 1})},
	}}
	rows := stats.Build("x/"+id+"_tw_1.mjlog", g, rep, nil)
	if len(rows.Discrepancies) != 4 {
		t.Fatalf("%d rows", len(rows.Discrepancies))
	}
	type cols struct {
		EN, RN   *float64
		ENs, RNs []float64
		Link     string
	}
	f := func(v float64) *float64 { return &v }
	link := "https://tenhou.net/0/?log=" + id
	want := []cols{
		{nil, nil, []float64{-1100, 6300, -1100, -2100}, []float64{0, 0, 0, 0}, link + "&ts=2&tw=1"},
		{f(30), f(40), nil, nil, link + "&ts=2&tw=3"},
		{nil, nil, nil, nil, link + "&ts=2&tw=3"},
		{nil, nil, []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, link + "&tw=1"},
	}
	for i, d := range rows.Discrepancies {
		got := cols{d.ExpectedNumber, d.RecordedNumber, d.ExpectedNumbers, d.RecordedNumbers, deref(d.Link)}
		if diff := cmp.Diff(want[i], got); diff != "" {
			t.Errorf("row %d (%s): (-want +got)\n%s", i, d.CheckName, diff)
		}
	}
}
