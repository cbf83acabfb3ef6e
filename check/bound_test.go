package check_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
)

// TestBound: MaxPerGame findings of a check are kept, the rest counted in
// one finding at the first left out; other checks are counted apart, and
// AppendRest makes the Bound ready for the next game.
func TestBound(t *testing.T) {
	var b check.Bound
	for range 2 { // the second game: after AppendRest's reset
		kept := 0
		for ev := range check.MaxPerGame + 250 {
			if b.Keep(check.LegalityDora, 3, event.RoundID{Number: 1}, ev) {
				kept++
			}
		}
		if !b.Keep(check.WallDraw, 0, event.RoundID{}, 7) {
			t.Error("another check's first finding left out")
		}
		if kept != check.MaxPerGame {
			t.Errorf("%d kept, want %d", kept, check.MaxPerGame)
		}
		rest := b.AppendRest(nil)
		if len(rest) != 1 {
			t.Fatalf("%d findings counting the rest, want 1: %v", len(rest), rest)
		}
		f := rest[0]
		if f.Check != check.LegalityDora || f.Event != check.MaxPerGame || f.Hand != 3 ||
			!strings.HasPrefix(f.Message, "250 more legality.dora findings in this game, from this event on") {
			t.Errorf("%+v", f)
		}
		if !strings.Contains(f.Message, strconv.Itoa(check.MaxPerGame)) {
			t.Errorf("the message does not give the bound: %q", f.Message)
		}
	}
	if rest := b.AppendRest(nil); len(rest) != 0 {
		t.Errorf("a game within the bound: %v", rest)
	}
}
