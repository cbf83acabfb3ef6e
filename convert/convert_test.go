package convert

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser"
)

// fixture decodes the only game of a fixture of fixtures/good.
func fixture(name string) (*event.Game, error) {
	var g event.Game
	var dec parser.Decoder
	n := 0
	err := parser.Walk([]string{filepath.Join("..", "fixtures", "good", name)}, parser.Options{}, func(in parser.Input) error {
		n++
		return dec.Decode(&in, &g)
	})
	if err == nil && n != 1 {
		err = fmt.Errorf("%s: %d games", name, n)
	}
	return &g, err
}

func mustFixture(tb testing.TB, name string) *event.Game {
	tb.Helper()
	g, err := fixture(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func TestOutputName(t *testing.T) {
	rid := event.RoundID{Wind: 1, Number: 1, Honba: 2}
	tests := []struct {
		root, path string
		game       int
		several    bool
		to         event.Format
		hand       int
		want       string
	}{
		{"logs", "logs/2016/a.mjlog", 0, false, event.FormatMjai, -1, "2016/a.mjlog.mjson"},
		{"logs/", "logs/2016/a.mjlog.gz", 0, false, event.FormatTenhou6, -1, "2016/a.mjlog.json"},
		{"./logs", "logs/a.mjlog", 0, false, event.FormatMjai, -1, "a.mjlog.mjson"},
		{"logs/a.mjlog", "logs/a.mjlog", 0, false, event.FormatMjai, -1, "a.mjlog.mjson"},
		{"../x/all.xml", "../x/all.xml", 3, true, event.FormatMjai, -1, "all.xml.g3.mjson"},
		{"logs.zip", "logs.zip!2016/a.mjlog", 0, false, event.FormatMjai, -1, "logs.zip/2016/a.mjlog.mjson"},
		{"-", "-", 0, false, event.FormatMjai, -1, "stdin.mjson"},
		{"/abs/dir", "/abs/dir/a.json", 0, false, event.FormatTenhou6, 4, "a.json.05-S1-2.json"},
		{".", "../../etc/a.xml", 0, false, event.FormatMjai, -1, "etc/a.xml.mjson"},
	}
	for _, tt := range tests {
		if got := OutputName(tt.root, tt.path, tt.game, tt.several, tt.to, tt.hand, rid); got != tt.want {
			t.Errorf("OutputName(%q, %q, …) = %q, want %q", tt.root, tt.path, got, tt.want)
		}
	}
}

// TestConvertFixtures converts every fixture to every target: each is
// written or refused as unrepresentable, written twice gives the same
// bytes, and read back agrees with its game.
func TestConvertFixtures(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "fixtures", "good", "*", "*"))
	for _, to := range targets {
		c, err := New(to, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			var dec parser.Decoder
			var g event.Game
			parser.Walk([]string{f}, parser.Options{}, func(in parser.Input) error {
				if err := dec.Decode(&in, &g); err != nil {
					t.Fatal(err)
				}
				out, err := c.Convert(&g)
				if err != nil {
					if !errors.Is(err, ErrUnrepresentable) {
						t.Errorf("%s to %v: %v", in.Path, to, err)
					}
					return nil
				}
				first := append([]byte(nil), out.Files[0].Data...)
				out, err = c.Convert(&g)
				if err != nil || !bytes.Equal(first, out.Files[0].Data) {
					t.Errorf("%s to %v: converted twice, the bytes differ (%v)", in.Path, to, err)
				}
				return nil
			})
		}
	}
}

// TestDetach: the files of a conversion whose buffer is detached stay as
// they were through the next conversions, which write in the spare
// buffer given.
func TestDetach(t *testing.T) {
	a := mustFixture(t, "mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog")
	b := mustFixture(t, "mjlog/pantheon__four_kan_draw.xml")
	for _, to := range targets {
		c, err := New(to, &Options{Hands: true})
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.Convert(a)
		if err != nil {
			t.Fatal(err)
		}
		var want [][]byte
		for _, f := range out.Files {
			want = append(want, bytes.Clone(f.Data))
		}
		files := slices.Clone(out.Files) // out.Files is the Converter's, reused
		spare := make([]byte, 0, 1<<20)
		kept := c.Detach(spare)
		if n := len(kept); n != sumLen(want) {
			t.Fatalf("%v: the detached buffer holds %d bytes, the files %d", to, n, sumLen(want))
		}
		out2, err := c.Convert(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(out2.Files[0].Data) > 0 && &out2.Files[0].Data[0] != &spare[:1][0] {
			t.Errorf("%v: the next conversion was not written in the spare buffer", to)
		}
		for i := range want {
			if !bytes.Equal(files[i].Data, want[i]) {
				t.Errorf("%v: file %d of the first game changed by the next conversion", to, i)
			}
		}
	}
}

// sumLen is the total length of bs.
func sumLen(bs [][]byte) int {
	n := 0
	for _, b := range bs {
		n += len(b)
	}
	return n
}

// TestSplitHands: each hand is a file of its own that reads back as that
// hand, and the files together hold the game's hands.
func TestSplitHands(t *testing.T) {
	g := mustFixture(t, "mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog")
	for _, to := range targets {
		c, err := New(to, &Options{Hands: true})
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.Convert(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Files) != len(g.Rounds) {
			t.Fatalf("%v: %d files for %d hands", to, len(out.Files), len(g.Rounds))
		}
		dec, _ := parser.NewFormatDecoder(to)
		var back event.Game
		for i, f := range out.Files {
			if f.Hand != i || f.Round != g.Rounds[i].ID() {
				t.Errorf("%v: file %d is hand %d, %v", to, i, f.Hand, f.Round)
			}
			if err := dec.Decode(f.Data, "hand", &back); err != nil {
				t.Fatalf("%v: hand %d: %v", to, i, err)
			}
			if len(back.Rounds) != 1 || back.Rounds[0].ID() != g.Rounds[i].ID() {
				t.Errorf("%v: hand %d reads back as %d hands", to, i, len(back.Rounds))
			}
		}
	}
}

// TestWarnings: what the target cannot carry of a game is named, with how
// many of it.
func TestWarnings(t *testing.T) {
	g := mustFixture(t, "mjlog/pantheon__pao_ron.xml")
	c, _ := New(event.FormatMjai, nil)
	out, err := c.Convert(g)
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(out.Warnings, "\n")
	for _, want := range []string{"mjai does not carry", "the liable player of a pao", "the dice", "the final points"} {
		if !strings.Contains(w, want) {
			t.Errorf("warning %q does not name %q", w, want)
		}
	}
	found := false
	for _, l := range out.Losses {
		found = found || strings.HasPrefix(l.What, logdiff.Liable.Describe()) && l.N == 1
	}
	if !found {
		t.Errorf("losses %+v: no pao of one win", out.Losses)
	}
}

// TestRefused: a game the target cannot carry is an error naming the hand.
func TestRefused(t *testing.T) {
	g := mustFixture(t, "mjlog/pantheon__nagashi.xml")
	g.Ryuukyoku[0].Kind = event.Interrupted
	c, _ := New(event.FormatMjai, nil)
	_, err := c.Convert(g)
	var pe *event.Error
	if !errors.Is(err, ErrUnrepresentable) || !errors.As(err, &pe) || pe.Hand < 0 {
		t.Errorf("Convert = %v, want an *event.Error naming the hand and wrapping ErrUnrepresentable", err)
	}
	if _, err := New(event.FormatMajsoul, nil); !errors.Is(err, ErrNoEncoder) {
		t.Errorf("New(majsoul) = %v, want ErrNoEncoder", err)
	}
}

// TestMismatchError: the message says where the output read back differs.
func TestMismatchError(t *testing.T) {
	e := &MismatchError{Path: "a.xml", To: event.FormatMjai, Parts: 1,
		Diff: logdiff.Diff{Hand: 0, Round: "E1-0", Event: [2]int{5, 6}, Says: [2]string{"0 discard 1m", "0 discard 2m"}}}
	const want = `a.xml: round E1-0: written as mjai and read back, event 6 says "0 discard 2m" where the game's event 5 says "0 discard 1m" (1 parts differ): what was written reads back as another game`
	if e.Error() != want || !errors.Is(e, ErrMismatch) {
		t.Errorf("%v", e)
	}
}

// Convert a Tenhou log to mjai: the bytes, proven by reading them back,
// and what mjai cannot carry of this game.
func Example() {
	g, err := fixture("mjlog/pantheon__pao_ron.xml")
	if err != nil {
		log.Fatal(err)
	}
	c, err := New(event.FormatMjai, nil)
	if err != nil {
		log.Fatal(err)
	}
	out, err := c.Convert(g)
	if err != nil {
		log.Fatal(err) // ErrUnrepresentable, or a bug of haifu's
	}
	lines := bytes.Split(out.Files[0].Data, []byte("\n"))
	fmt.Printf("%d lines, the first: %s\n", len(lines)-1, lines[0])
	for _, w := range out.Warnings {
		fmt.Println("warning:", w)
	}
	// Output:
	// 698 lines, the first: {"type":"start_game","names":["player1","player2","player3","player4"],"kyoku_first":0,"aka_flag":true}
	// warning: mjai does not carry the wall seed; the honba and sticks recorded with a result (8); the final points (oka and uma); the dice (8); the liable player of a pao (the payments are kept)
}

// TestBrokenHand: a hand read back as Broken is an error at its event,
// naming the hand and the break's message; a game without one is none.
func TestBrokenHand(t *testing.T) {
	g := mustFixture(t, "mjlog/pantheon__four_kan_draw.xml")
	if err := brokenHand(g); err != nil {
		t.Fatalf("a game without a break: %v", err)
	}
	b := *g
	b.Events = slices.Clone(g.Events)
	i := slices.IndexFunc(b.Events, func(e event.Event) bool { return e.Type == event.Discard })
	b.Breaks = []event.BreakRecord{{Act: event.Discard, Message: "seat 0 discards a tile it does not hold"}}
	b.Events[i] = event.Event{Type: event.Broken, Seat: 0, From: event.NoSeat, Ref: 0, Pos: b.Events[i].Pos}
	err := brokenHand(&b)
	var ee *event.Error
	if !errors.As(err, &ee) || ee.Hand != 0 || !strings.Contains(err.Error(), "does not hold") {
		t.Errorf("a broken first hand: %v", err)
	}
}
