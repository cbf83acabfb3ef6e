package wall_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/wall"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// kanHand returns the index of the first hand of g with the most
// replacement draws.
func kanHand(g *event.Game) int {
	best, bestN, hand, n := 0, -1, -1, 0
	for _, e := range g.Events {
		switch {
		case e.Type == event.RoundStart:
			if hand >= 0 && n > bestN {
				best, bestN = hand, n
			}
			hand, n = int(e.Ref), 0
		case e.Type == event.Draw && e.Flags&event.Replacement != 0:
			n++
		}
	}
	if hand >= 0 && n > bestN {
		best = hand
	}
	return best
}

// TestWriteHandGolden writes one hand's wall per seed form and compares it
// with testdata/*.golden (go test -run WriteHandGolden -update rewrites
// them).
func TestWriteHandGolden(t *testing.T) {
	for _, tc := range []struct{ name, file string }{
		{"base64-4p", fixtureKan},
		{"base64-3p", fixtureSanma},
		{"hex-4p", fixtureHex},
		{"per-hand-4p", fixtureHand},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := decode(t, tc.file)
			var buf bytes.Buffer
			if err := wall.WriteHand(&buf, g, kanHand(g)); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if d := cmp.Diff(string(want), buf.String()); d != "" {
				t.Errorf("WriteHand differs from %s (-want +got):\n%s", golden, d)
			}
		})
	}
}

// TestWriteHandErrors checks the errors of hands without a wall.
func TestWriteHandErrors(t *testing.T) {
	g := decode(t, fixtureBase64)
	var buf bytes.Buffer
	var nw *wall.NoWallError
	if err := wall.WriteHand(&buf, g, len(g.Rounds)); !errors.As(err, &nw) || nw.Reason != wall.ReasonBadHand {
		t.Errorf("hand past the end: %v, want a NoWallError with ReasonBadHand", err)
	}
	g.Meta.Seed = ""
	if err := wall.WriteHand(&buf, g, 0); !errors.As(err, &nw) || nw.Reason != wall.ReasonNoSeed {
		t.Errorf("no seed: %v, want a NoWallError with ReasonNoSeed", err)
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %q on errors", buf.String())
	}
}
