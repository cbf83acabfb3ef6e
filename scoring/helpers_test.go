package scoring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
)

// spec describes a win in mpsz for the table tests.
type spec struct {
	// hand is the concealed tiles with the winning tile; win the winning
	// tile.
	hand, win string
	// melds are space-separated "chi:345s", "pon:666m", "minkan:5555s"
	// (an open kan), "ankan:2222p" (closed) and "kakan:7777m" (added), in
	// the order they were made.
	melds string
	// flags are space-separated facts: tsumo riichi double ippatsu
	// rinshan chankan haitei houtei tenhou chiihou renhou dealer sanma.
	flags string
	// seat and round are the winds ("2z" and "1z" by default; "dealer"
	// makes the seat East).
	seat, round string
	// dora and ura are the indicators.
	dora, ura string
	kita      int
}

// input builds the scorer's input from s.
func (s spec) input(tb testing.TB) scoring.Input {
	tb.Helper()
	var in scoring.Input
	in.SetHand(tiles(tb, s.hand))
	in.WinTile = tiles(tb, s.win)[0]
	for _, f := range strings.Fields(s.melds) {
		kind, ts, ok := strings.Cut(f, ":")
		if !ok {
			tb.Fatalf("meld %q", f)
		}
		m := event.Meld{From: 1, Called: 0}
		switch kind {
		case "chi":
			m.Kind = event.MeldChi
		case "pon":
			m.Kind = event.MeldPon
		case "minkan":
			m.Kind = event.MeldOpenKan
		case "ankan":
			m.Kind, m.From, m.Called = event.MeldClosedKan, event.NoSeat, -1
		case "kakan":
			m.Kind = event.MeldAddedKan
		default:
			tb.Fatalf("meld kind %q", kind)
		}
		m.N = uint8(copy(m.Tiles[:], tiles(tb, ts)))
		in.AddMeld(m)
	}
	in.Players = 4
	in.SeatWind, in.RoundWind = tile.South, tile.East
	if s.seat != "" {
		in.SeatWind = tiles(tb, s.seat)[0].Kind()
	}
	if s.round != "" {
		in.RoundWind = tiles(tb, s.round)[0].Kind()
	}
	for _, f := range strings.Fields(s.flags) {
		switch f {
		case "tsumo":
			in.Tsumo = true
		case "riichi":
			in.Riichi = true
		case "double":
			in.Riichi, in.DoubleRiichi = true, true
		case "ippatsu":
			in.Ippatsu = true
		case "rinshan":
			in.Rinshan = true
		case "chankan":
			in.Chankan = true
		case "haitei":
			in.Haitei = true
		case "houtei":
			in.Houtei = true
		case "tenhou":
			in.Tenhou = true
		case "chiihou":
			in.Chiihou = true
		case "renhou":
			in.Renhou = true
		case "dealer":
			in.SeatWind = tile.East
		case "sanma":
			in.Players = 3
		default:
			tb.Fatalf("flag %q", f)
		}
	}
	in.SetDora(tiles(tb, s.dora))
	in.SetUra(tiles(tb, s.ura))
	in.Kita = uint8(s.kita)
	return in
}

func tiles(tb testing.TB, s string) []tile.Tile {
	tb.Helper()
	if s == "" {
		return nil
	}
	ts, err := tile.ParseTiles(s)
	if err != nil {
		tb.Fatal(err)
	}
	return ts
}

// outcome is what the table tests compare of a Result.
type outcome struct {
	Yaku   string // "riichi:1 pinfu:1 ura_dora:0"
	Han    int
	Fu     int
	Limit  event.Limit
	Total  int
	NoYaku bool
}

func outcomeOf(r *scoring.Result) outcome {
	var ys []string
	for _, y := range r.YakuList() {
		ys = append(ys, fmt.Sprintf("%v:%d", y.ID, y.Han))
	}
	return outcome{Yaku: strings.Join(ys, " "), Han: r.Han, Fu: r.Fu, Limit: r.Limit, Total: r.Total, NoYaku: r.NoYaku}
}

// presetRules returns the scoring rules of a preset of package adjudicator
// ("tenhou", "majsoul-sanma", ...) for a game of platform p that states no
// rule flags of its own, as the adjudicator gives them to its scorer.
func presetRules(t testing.TB, name string, p event.Platform) scoring.Rules {
	t.Helper()
	r, err := adjudicator.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r.Scoring(&event.Meta{Platform: p}, false)
}

// tenhouRules returns the rules of the tenhou preset for a game of players
// (the tenhou-sanma preset for 3).
func tenhouRules(t testing.TB, players int) scoring.Rules {
	if players == 3 {
		return presetRules(t, "tenhou-sanma", event.Tenhou)
	}
	return presetRules(t, "tenhou", event.Tenhou)
}

// tenhou4 returns the rules of the tenhou preset (four players, red fives
// and open tanyao), changed by f when it is not nil.
func tenhou4(t testing.TB, f func(*scoring.Rules)) scoring.Rules {
	r := tenhouRules(t, 4)
	if f != nil {
		f(&r)
	}
	return r
}
