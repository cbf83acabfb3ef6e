package tenhou

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// FuzzDecode feeds arbitrary bytes to the decoder. It must never panic; it
// must return nil or an *event.Error; a game decoded without error must have
// its end; every event's reference must point into its side table.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(head + init0 + `<T16/><D108/><U109/><E109/><V53/><F110/><W96/><G111/><T109/>` + ending))
	f.Add([]byte(head + init0 + `<T16/><D108/><N who="1" m="31007"/><REACH who="1" step="1"/><E36/><REACH who="1" step="2" ten="250,240,250,250"/><RYUUKYOKU ba="0,1" sc="250,10,240,10,250,-10,250,-10" hai0="0,1,2,4,5,6,8,9,10,12,13,14,108" owari="260,1,250,0,240,0,240,-1"/></mjloggm>`))
	f.Add([]byte(`<mjloggm ver="2.3"><GO type="185"/><UN n0="a" n1="b" n2="c" n3=""/><TAIKYOKU oya="0"/>` + sanmaInit + `<T121/><N who="0" m="31008"/><T3/><D3/><BYE who="1"/><UN n1="b"/><RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0" owari="350,0,350,0,350,0,0,0"/></mjloggm>`))
	// Real logs: the project's fixtures and, when present, a few corpus files.
	seeds, _ := filepath.Glob("../../fixtures/*/mjlog/*")
	if dir := corpus.Find(); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "mjlog", "dnov__*"))
		seeds = append(seeds, more...)
	}
	for _, p := range seeds {
		if data, err := corpus.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	b := newBothPaths()
	f.Fuzz(func(t *testing.T, data []byte) {
		// The fast paths must give what the general path gives.
		err, diff := b.decode(data, "fuzz")
		if diff != "" {
			t.Fatal(diff)
		}
		g := &b.g
		if err != nil {
			var pe *event.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *event.Error", err)
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
			default:
				continue
			}
			if e.Ref < 0 || int(e.Ref) >= n {
				t.Fatalf("event %d (%v) refers to %d of %d", i, e.Type, e.Ref, n)
			}
		}
		// The JSON writer must cope with whatever was decoded.
		for i := range g.Events {
			_ = event.AppendJSON(nil, g, i)
		}
	})
}
