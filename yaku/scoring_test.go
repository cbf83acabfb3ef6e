package yaku_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// TestHanOfKnownHands scores a few known hands, closed and open, with the
// scorer under Tenhou's and Mahjong Soul's rules, and checks both the
// yaku found (han as the rules of riichi give them) and that each yaku's
// han is the catalogue's for the hand's form.
func TestHanOfKnownHands(t *testing.T) {
	tests := []struct {
		name      string
		hand, win string // concealed tiles with the winning tile; the winning tile
		pon       string // a pon from the player opposite, or ""
		tsumo     bool
		riichi    bool
		majsoul   bool // Mahjong Soul's rules (double yakuman forms)
		want      string
	}{
		{name: "riichi tsumo pinfu", hand: "234067m345p67899s", win: "2m", tsumo: true, riichi: true,
			want: "riichi:1 menzen_tsumo:1 pinfu:1 aka_dora:1 ura_dora:0"},
		{name: "seven pairs half flush", hand: "1133557799m1122z", win: "2z",
			want: "chiitoitsu:2 honitsu:3"},
		{name: "closed straight half flush", hand: "12345678955m777z", win: "5m",
			want: "ittsu:2 chun:1 honitsu:3"},
		{name: "open straight half flush", hand: "12345678955m", win: "5m", pon: "777z",
			want: "ittsu:1 chun:1 honitsu:2"},
		{name: "closed full flush", hand: "34445566778222p", win: "8p",
			want: "tanyao:1 chinitsu:6"},
		{name: "open full flush", hand: "34445566778p", win: "8p", pon: "222p",
			want: "tanyao:1 chinitsu:5"},
		{name: "open terminal outside hand", hand: "123789m78999s", win: "9s", pon: "111p",
			want: "junchan:2"},
		{name: "closed outside hand", hand: "123789m78999s333z", win: "9s",
			want: "chanta:2"},
		{name: "kokushi 13-sided", hand: "19m19p19s12345677z", win: "7z",
			want: "kokushi_musou_13:13"},
		{name: "kokushi 13-sided, double", hand: "19m19p19s12345677z", win: "7z", majsoul: true,
			want: "kokushi_musou_13:26"},
		{name: "open daisangen", hand: "12399m555666z", win: "3m", pon: "777z",
			want: "daisangen:13"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := scoring.Input{
				WinTile: parse(t, tc.win)[0], Tsumo: tc.tsumo, Riichi: tc.riichi,
				SeatWind: tile.South, RoundWind: tile.East, Players: 4,
			}
			in.SetHand(parse(t, tc.hand))
			if tc.pon != "" {
				m := event.Meld{Kind: event.MeldPon, From: 3}
				m.N = uint8(copy(m.Tiles[:], parse(t, tc.pon)))
				in.AddMeld(m)
			}
			rules := presetRules(t, "tenhou", event.Tenhou)
			if tc.majsoul {
				rules = presetRules(t, "majsoul", event.Majsoul)
			}
			s := scoring.Scorer{Rules: rules}
			res, err := s.Score(&in)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, y := range res.YakuList() {
				got = append(got, fmt.Sprintf("%v:%d", y.ID, y.Han))
				switch {
				case y.ID >= yaku.Dora: // a count of dora
				case tc.majsoul && y.ID.IsDoubleYakumanForm():
					if y.Han != 26 {
						t.Errorf("%v: %d han, want 26 under double yakuman forms", y.ID, y.Han)
					}
				case int(y.Han) != y.ID.Han(tc.pon == ""):
					t.Errorf("%v: the scorer gives %d han, the catalogue %d", y.ID, y.Han, y.ID.Han(tc.pon == ""))
				}
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("yaku %q, want %q", g, tc.want)
			}
		})
	}
}

func parse(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// presetRules returns the scoring rules of a preset of package adjudicator
// for a game of platform p that states no rule flags of its own, as the
// adjudicator gives them to its scorer.
func presetRules(t testing.TB, name string, p event.Platform) scoring.Rules {
	t.Helper()
	r, err := adjudicator.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r.Scoring(&event.Meta{Platform: p}, false)
}
