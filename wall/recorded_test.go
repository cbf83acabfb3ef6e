package wall_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/majsoul"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/wall"
)

// The Mahjong Soul records with a wall: the fixtures' three real records
// (md5 era: the wall after the deal, its hash the MD5 of the paishan).
var md5Records = []string{
	"majsoul/euophrys__majsoul_replay.txt",
	"majsoul/fpc__paipu_200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3.json",
	"majsoul/fpc__paipu_record.json",
}

// decodeMajsoul decodes a Mahjong Soul record; a record cut in a hand
// gives the events read.
func decodeMajsoul(t *testing.T, name string, data []byte) *event.Game {
	t.Helper()
	return decodeMajsoulTB(t, name, data)
}

func decodeMajsoulTB(t testing.TB, name string, data []byte) *event.Game {
	t.Helper()
	var d majsoul.Decoder
	var g event.Game
	if err := d.Decode(data, name, &g); err != nil && !errors.Is(err, event.ErrTruncated) {
		t.Fatalf("%s: %v", name, err)
	}
	return &g
}

// checkRecords checks g and expects every hand checked against its
// recorded wall, with the mismatches of the checks want (nil: none).
func checkRecorded(t *testing.T, name string, g *event.Game, want ...check.Check) []wall.Mismatch {
	t.Helper()
	res, ms := checkGame(g)
	if res.Form != wall.FormPaishan || res.Checked != len(g.Rounds) || res.NotChecked != 0 {
		t.Errorf("%s: form %v, %d hands checked, %d not, of %d", name, res.Form, res.Checked, res.NotChecked, len(g.Rounds))
	}
	var got []check.Check
	for _, m := range ms {
		if !slices.Contains(got, m.Check) {
			got = append(got, m.Check)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: mismatches %v, want checks %v: %v", name, got, want, ms)
	}
	return ms
}

// TestRecordedWallsMD5: the fixtures' real records (2020, 2021 and an
// undated binary one) match the walls they record, draw by draw, and
// their md5 is the MD5 of the paishan as written.
func TestRecordedWallsMD5(t *testing.T) {
	for _, name := range md5Records {
		data, err := os.ReadFile(corpus.Fixture(t, name))
		if err != nil {
			t.Fatal(err)
		}
		g := decodeMajsoul(t, name, data)
		for i := range g.Rounds {
			if r := &g.Rounds[i]; r.WallForm != event.WallAfterDeal || r.WallHash.Algo != event.HashMD5 {
				t.Fatalf("%s: hand %d: wall form %v, hash %v: want the md5 era's", name, i, r.WallForm, r.WallHash.Algo)
			}
		}
		checkRecorded(t, name, g)
	}
}

// riichiEnvRecord returns RiichiEnv's extract of a real record (hand
// events, wall/testdata/majsoul/README.md) as a record haifu reads, with
// the hash fields extra sets in its RecordNewRound.
func riichiEnvRecord(t testing.TB, name string, extra map[string]string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "majsoul", name))
	if err != nil {
		t.Fatal(err)
	}
	var x struct {
		Events []map[string]any `json:"events"`
	}
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	for k, v := range extra {
		x.Events[0]["data"].(map[string]any)[k] = v
	}
	// RiichiEnv's extracts leave out a win's melds ("ming"): a win after
	// calls goes, and the hand stops at its last draw (a record cut
	// there, whose events are read).
	if last := x.Events[len(x.Events)-1]; last["name"] == "Hule" && x.Events[len(x.Events)-2]["name"] != "NewRound" {
		x.Events = x.Events[:len(x.Events)-1]
	}
	out, err := json.Marshal(map[string]any{"rounds": [][]map[string]any{x.Events}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestRecordedWallsSHA256: hands of real records of the sha256 era (a
// four-player hand of 2024-04 and a three-player one of 2025-08, as
// RiichiEnv extracted them: the whole wall, the deal first) match their
// walls: the deal (in deal order, from the dealer), every live draw, the
// dora indicators. Their hash fields are not in the extracts: the test
// adds a sha256 it computes from the paishan and a salt of its own
// (labelled: built, not recorded), which the check finds right, and a
// wrong salt, which it does not.
func TestRecordedWallsSHA256(t *testing.T) {
	const salt = "haifu-built-salt-not-recorded"
	for _, name := range []string{"riichienv__mjsoul_corpus_validation.json", "riichienv__mjsoul_heavenly_hand.json"} {
		paishan := decodeMajsoul(t, name, riichiEnvRecord(t, name, nil)).Rounds[0].WallHash.Text
		good := map[string]string{"sha256": sha256Hex(paishan + salt), "salt": salt, "saltSha256": sha256Hex(salt)}
		g := decodeMajsoul(t, name, riichiEnvRecord(t, name, good))
		if r := &g.Rounds[0]; r.WallForm != event.WallWhole || r.WallHash.Algo != event.HashSHA256 {
			t.Fatalf("%s: wall form %v, hash %v: want the sha256 era's", name, r.WallForm, r.WallHash.Algo)
		}
		checkRecorded(t, name, g)
		bad := map[string]string{"sha256": good["sha256"], "salt": salt + "x"}
		checkRecorded(t, name+" with another salt", decodeMajsoul(t, name, riichiEnvRecord(t, name, bad)), check.WallHash)
		// The deal: another seat's tile in a starting hand.
		g2 := clone(g)
		r := &g2.Rounds[0]
		r.Hands[(r.Dealer+1)%event.Seat(g2.Meta.PlayerCount())][0] = tile.Of(tile.Chun)
		checkRecorded(t, name+" with another starting tile", g2, check.WallDeal)
	}
}

// TestRecordedWallPublishedHash: the wall, salt and hashes of a real
// three-player game that a player published with the game's displayed
// codes (https://pages.lipenghua.com/game/maj-soul-crypto): the sha256 the
// game showed is the SHA-256 of the paishan followed by the salt (and the
// salt's own code, the SHA-256 of the salt). The record around them is
// built (labelled): dealer seat 0, the deal and the first indicator taken
// from the wall, no play; the game's record was not published.
func TestRecordedWallPublishedHash(t *testing.T) {
	const (
		salt    = "3BTPHcg7hr3NXhMWuswVwC4F4TmBmguY"
		paishan = "5p7s6z9m1m3z7p1p4z9p3z6s6p2z6p1p3p2s3p0s7z1m3p8p4p1z2s1z4p1z5z4z2z7s3z5s5z3p5p4s6p4p4s" +
			"5p9s3s8p9m6z3z5s9s8p5z8s8p6s9p4z1m7p7p9p3s0p6s6s6z5s7s5z7z1p1s2z2s9p7p3s9m1s1z8s4z2p4s" +
			"9m4p9s2s7z7s9s2p7z3s1s2p2z6z6p1p2p4s8s8s1m1s"
		published     = "baa9a22c3151b771d6e7107d885015d33927e557a33e30d8974ac8175e9a8c05"
		publishedSalt = "140d927b6c2d628f93823483df4694cfc023aa4e555928ca945115e58c19ebe9"
	)
	if sha256Hex(salt) != publishedSalt {
		t.Fatal("the salt's published code is not its SHA-256")
	}
	var w []string
	for i := 0; i < len(paishan); i += 2 {
		w = append(w, paishan[i:i+2])
	}
	var hands [3][]string
	for round := range 3 {
		for s := range 3 {
			hands[s] = append(hands[s], w[round*12+4*s:round*12+4*s+4]...)
		}
	}
	for s := range 3 {
		hands[s] = append(hands[s], w[36+s])
	}
	hands[0] = append(hands[0], w[39])
	nr := map[string]any{"chang": 0, "ju": 0, "ben": 0, "liqibang": 0, "scores": []int{35000, 35000, 35000},
		"tiles0": hands[0], "tiles1": hands[1], "tiles2": hands[2], "tiles3": []string{},
		"doras": []string{w[len(w)-9]}, "left_tile_count": 54, "paishan": paishan,
		"sha256": published, "salt": salt, "saltSha256": publishedSalt}
	for _, c := range []struct {
		name   string
		digest string
		want   []check.Check
	}{{"published", published, nil}, {"another digest", sha256Hex(paishan), []check.Check{check.WallHash}}} {
		nr["sha256"] = c.digest
		data, err := json.Marshal(map[string]any{"rounds": [][]map[string]any{{{"name": "NewRound", "data": nr}}}})
		if err != nil {
			t.Fatal(err)
		}
		checkRecorded(t, c.name, decodeMajsoul(t, c.name, data), c.want...)
	}
}

// TestRecordedWallsMutations: each wall check of a recorded wall finds
// its mutation of a real record: a live draw, a replacement draw, a kan
// dora, the first indicator, a win's dora and ura indicators, the end of
// the wall, the published hash.
func TestRecordedWallsMutations(t *testing.T) {
	var games []*event.Game
	for _, name := range md5Records {
		data, err := os.ReadFile(corpus.Fixture(t, name))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, decodeMajsoul(t, name, data))
	}
	// other returns a tile of another kind than t.
	other := func(t tile.Tile) tile.Tile {
		if t.Kind() == tile.Chun {
			return tile.Of(tile.Haku)
		}
		return tile.Of(tile.Chun)
	}
	muts := []struct {
		name string
		want check.Check
		// apply mutates g, reporting false when g has nothing to mutate.
		apply func(g *event.Game) bool
	}{
		{"a live draw", check.WallDraw, func(g *event.Game) bool {
			for i, seen := range g.Events {
				if seen.Type == event.Discard { // past the dealer's fourteenth tile
					for j := i; j < len(g.Events); j++ {
						if e := &g.Events[j]; e.Type == event.Draw && e.Flags&event.Replacement == 0 {
							e.Tile = other(e.Tile)
							return true
						}
					}
				}
			}
			return false
		}},
		{"a replacement draw", check.WallReplacement, func(g *event.Game) bool {
			for i := range g.Events {
				if e := &g.Events[i]; e.Type == event.Draw && e.Flags&event.Replacement != 0 {
					e.Tile = other(e.Tile)
					return true
				}
			}
			return false
		}},
		{"a kan dora", check.WallDora, func(g *event.Game) bool {
			for i := range g.Events {
				if e := &g.Events[i]; e.Type == event.Dora {
					e.Tile = other(e.Tile)
					return true
				}
			}
			return false
		}},
		{"the first indicator", check.WallDora, func(g *event.Game) bool {
			g.Rounds[0].Dora = other(g.Rounds[0].Dora)
			return true
		}},
		{"a win's dora", check.WallDora, func(g *event.Game) bool {
			for i := range g.Wins {
				if w := &g.Wins[i]; w.Known&event.KnownDora != 0 && w.NDora > 0 {
					w.Dora[0] = other(w.Dora[0])
					return true
				}
			}
			return false
		}},
		{"a win's ura", check.WallUra, func(g *event.Game) bool {
			for i := range g.Wins {
				if w := &g.Wins[i]; w.Known&event.KnownUra != 0 && w.NUra > 0 {
					w.Ura[0] = other(w.Ura[0])
					return true
				}
			}
			return false
		}},
		{"the end of the wall", check.WallHaitei, func(g *event.Game) bool {
			for i := range g.Events {
				if e := &g.Events[i]; e.Type == event.Ryuukyoku && g.Ryuukyoku[e.Ref].Kind == event.Exhaustive {
					for j := i - 1; j >= 0; j-- {
						if g.Events[j].Type == event.Draw && g.Events[j].Flags&event.Replacement == 0 {
							g.Events = slices.Delete(g.Events, j, j+1) // one live draw fewer
							return true
						}
					}
				}
			}
			return false
		}},
		{"the published hash", check.WallHash, func(g *event.Game) bool {
			r := &g.Rounds[len(g.Rounds)-1]
			r.WallHash.Digest = strings.Repeat("0", len(r.WallHash.Digest))
			return true
		}},
	}
	for _, m := range muts {
		found := false
		for k, g := range games {
			g2 := clone(g)
			if !m.apply(g2) {
				continue
			}
			found = true
			_, ms := checkGame(g2)
			if !slices.ContainsFunc(ms, func(x wall.Mismatch) bool { return x.Check == m.want }) {
				t.Errorf("%s, in %s: no %v among %v", m.name, md5Records[k], m.want, ms)
			}
		}
		if !found {
			t.Errorf("%s: no record has one to mutate", m.name)
		}
	}
}
