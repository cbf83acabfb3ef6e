package majsoul

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// FuzzMajsoul feeds arbitrary bytes to the decoder. It must never panic
// (the decoder recovers from a panic with an "internal error", which fails
// here); it must return nil or an *event.Error; a game decoded without
// error must have its end; every event's reference must point into its
// side table; the JSON writer must cope with whatever was decoded.
func FuzzMajsoul(f *testing.F) {
	for _, gm := range []*game{gameFour(true), gameSanma(true), gameFourRiichi("paid", true)} {
		for _, fm := range forms {
			f.Add(fm.write(f, gm))
		}
	}
	f.Add([]byte(`{"rounds":[[{"name":"NewRound","data":{"scores":[1,2,3],"tiles0":["1m"]}}]]}`))
	f.Add([]byte(`{"data":{"data":{"actions":[{"result":"CgA="}]}}}`))
	seeds, _ := filepath.Glob("../../fixtures/*/majsoul/*")
	for _, p := range seeds {
		if data, err := corpus.ReadFile(p); err == nil && len(data) < 100<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		var g event.Game
		err := d.Decode(data, "fuzz", &g)
		if err != nil {
			var pe *event.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *event.Error", err)
			}
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("panic: %v", err)
			}
		} else if !g.Complete() {
			t.Fatal("no error but no game end")
		}
		for i, e := range g.Events {
			if i == 0 && e.Type != event.GameStart {
				t.Fatalf("first event is %v", e.Type)
			}
			var n int
			switch e.Type {
			case event.RoundStart:
				n = len(g.Rounds)
			case event.Win:
				n = len(g.Wins)
			case event.Ryuukyoku:
				n = len(g.Ryuukyoku)
			case event.GameEnd:
				n = len(g.End)
			case event.RiichiAccepted:
				if e.Ref >= int32(len(g.Scores)) {
					t.Fatalf("event %d refers to score list %d of %d", i, e.Ref, len(g.Scores))
				}
				continue
			default:
				continue
			}
			if e.Ref < 0 || int(e.Ref) >= n {
				t.Fatalf("event %d (%v) refers to %d of %d", i, e.Type, e.Ref, n)
			}
		}
		for i := range g.Events {
			_ = event.AppendJSON(nil, &g, i)
		}
	})
}
