package wall_test

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/wall"
)

// FuzzParseSeed: ParseSeed never panics; a seed it reads has a Tenhou form
// and a key of that form's length and reads the same again; an error is a
// *SeedError that says whether the seed is foreign.
func FuzzParseSeed(f *testing.F) {
	for _, s := range []string{
		"", "0.7654626590555946", "mt19937ar", "mt19937ar,",
		"mt19937ar,C41242CB,F46A04D2,BFBCD73B,ED5E02E7,8F7D9B2C,6AD44D07,126EC045,3BD782A4",
		"mt19937ar-sha512-n288," + hexWords(32), "mt19937ar-sha512-n288,1,,2",
		base64Seed(keyOf(624)), base64Seed(keyOf(623)),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := wall.ParseSeed(text)
		if err != nil {
			var se *wall.SeedError
			if !errors.As(err, &se) {
				t.Fatalf("%v is not a *SeedError", err)
			}
			if se.Foreign != (text != "" && !strings.HasPrefix(text, "mt19937ar")) || len(se.Text) > 48 {
				t.Errorf("%q: Foreign %v, Text %q", text, se.Foreign, se.Text)
			}
			if s.Form != wall.FormNone || len(s.Key()) != 0 {
				t.Errorf("%q: failed, but form %v and %d words", text, s.Form, len(s.Key()))
			}
			return
		}
		n := len(s.Key())
		switch s.Form {
		case wall.FormBase64:
			if n != 624 {
				t.Errorf("%q: %d words", text, n)
			}
		case wall.FormHex:
			if n != 32 {
				t.Errorf("%q: %d words", text, n)
			}
		case wall.FormPerHand:
			if n != 8 && n != 32 {
				t.Errorf("%q: %d words", text, n)
			}
		default:
			t.Errorf("%q: form %v", text, s.Form)
		}
		var gen wall.Generator
		var w wall.Wall
		if err := gen.Start(&s, 3+len(text)%2); err != nil {
			t.Fatal(err)
		}
		gen.Next(&w)
	})
}

// fuzzFixtures are the games FuzzCheck mutates, one per seed form.
var fuzzFixtures = []string{fixtureKan, fixtureSanma, fixtureHex, fixtureHand, fixtureBase64}

// FuzzCheck breaks decoded real games in arbitrary ways (ids, refs, types,
// counts, dealers, dice, seeds, truncation): Check, Checker.Wall and
// WriteHand never panic and Check's counts stay consistent.
func FuzzCheck(f *testing.F) {
	var games []*event.Game
	for _, file := range fuzzFixtures {
		games = append(games, decode(f, file))
	}
	// Mahjong Soul records, checked against the walls they record: the
	// md5 era's real records, and a sha256 era's hand (its hash built).
	for _, name := range md5Records {
		data, err := os.ReadFile(corpus.Fixture(f, name))
		if err != nil {
			f.Fatal(err)
		}
		games = append(games, decodeMajsoulTB(f, name, data))
	}
	games = append(games, decodeMajsoulTB(f, "sha256", riichiEnvRecord(f, "riichienv__mjsoul_corpus_validation.json",
		map[string]string{"sha256": "0", "salt": "s"})))
	f.Add([]byte{5, 13, 0, 0, 3})
	f.Add([]byte{8, 14, 1, 2, 9, 15, 0, 0, 1})
	f.Add([]byte{0})
	f.Add([]byte{1, 0, 0, 3, 200})
	f.Add([]byte{2, 10, 0, 0, 7, 10, 1, 2, 3})
	f.Add([]byte{3, 6, 0, 0, 9, 9, 0, 1, 255, 4, 0, 0, 0})
	f.Add([]byte{4, 11, 0, 0, 5, 1, 2, 3, 0})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) == 0 {
			return
		}
		g := clone(games[int(ops[0])%len(games)])
		g.Meta.Seed = strings.Clone(g.Meta.Seed)
		ops = ops[1:]
		for ; len(ops) >= 4; ops = ops[4:] {
			op, x, y, z := ops[0], int(ops[1]), int(ops[2]), ops[3]
			xy := x<<8 | y
			if len(g.Events) == 0 || len(g.Rounds) == 0 {
				break
			}
			e := &g.Events[xy%len(g.Events)]
			r := &g.Rounds[x%len(g.Rounds)]
			switch op % 16 {
			case 0:
				e.ID = tile.ID(z)
			case 1:
				e.Ref = int32(int8(z))
			case 2:
				e.Type = event.Type(z % 18)
			case 3:
				e.Flags ^= event.Flags(z)
			case 4:
				r.DoraID = tile.ID(z)
			case 5:
				r.HandIDs[y%4][int(z)%13] = tile.ID(xy)
			case 6:
				r.Dealer = event.Seat(int8(z))
			case 7:
				r.Dice = [2]int8{int8(y), int8(z)}
				r.Known ^= event.KnownDice
			case 8:
				if len(g.Wins) > 0 {
					w := &g.Wins[x%len(g.Wins)]
					w.NDora, w.NUra = uint8(y), z
					w.DoraIDs[y%5], w.UraIDs[int(z)%5] = tile.ID(z), tile.ID(y)
					w.Known ^= event.Known(z) << 6
				}
			case 9:
				g.Meta.Players = int8(z)
			case 10:
				if g.Meta.Seed != "" {
					i := xy % len(g.Meta.Seed)
					g.Meta.Seed = g.Meta.Seed[:i] + string(rune(z)) + g.Meta.Seed[i+1:]
				}
				if r.Shuffle != "" {
					r.Shuffle = r.Shuffle[:xy%len(r.Shuffle)]
				}
			case 11:
				g.Rounds = g.Rounds[:x%(len(g.Rounds)+1)]
			case 12:
				g.Events = g.Events[:xy%(len(g.Events)+1)]
			case 13:
				r.Wall = r.Wall[:xy%(len(r.Wall)+1)]
				r.WallForm = event.WallForm(z % 4)
			case 14:
				e.Tile = tile.Tile(z)
			case 15:
				r.WallHash.Algo = event.HashAlgo(z % 4)
				r.WallHash.Digest = r.WallHash.Digest[:xy%(len(r.WallHash.Digest)+1)]
			}
		}
		var c wall.Checker
		n := 0
		res := c.Check(g, func(wall.Mismatch) { n++ })
		if len(res.Hands) != len(g.Rounds) || res.Checked+res.NotChecked != len(g.Rounds) || n != res.Mismatches {
			t.Errorf("%d hands, %d checked + %d not; %d mismatches reported, %d counted", len(g.Rounds), res.Checked, res.NotChecked, n, res.Mismatches)
		}
		for _, h := range []int{-1, 0, len(g.Rounds) - 1, len(g.Rounds)} {
			var w wall.Wall
			c.Wall(g, h, &w)
			wall.WriteHand(io.Discard, g, h)
		}
	})
}
