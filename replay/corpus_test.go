package replay_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/tenhou"
	"github.com/haifu/haifu/replay"
)

// TestCorpusMjlog replays every complete real mjlog of the corpus and
// expects no legality finding from any log written by Tenhou's server.
// Logs the decoder recognises as written by something else (a SHUFFLE seed
// that is not Tenhou's: tenhou-python-bot's test server) may have findings;
// they are logged, and each such log must have at least one warning saying
// why it is not taken as Tenhou's.
func TestCorpusMjlog(t *testing.T) {
	dir := corpus.Dir(t)
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var d tenhou.Decoder
	var g event.Game
	var r replay.Replayer
	byCheck := map[string]int{}
	games, hands, others := 0, 0, 0
	shown := 0
	for _, e := range entries {
		if e.Format != "mjlog" || (e.Kind != "real" && e.Kind != "real-reformatted") {
			continue
		}
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Decode(data, e.File, &g); err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		r.Options = replay.OptionsFor(&g.Meta)
		n := 0
		r.Start(&g)
		for i := range g.Events {
			if r.Apply(i) != nil {
				n++
			}
		}
		if r.Finish() != nil {
			n++
		}
		fs := r.Findings()
		games++
		hands += n
		if g.Meta.Platform != event.Tenhou {
			if len(g.Meta.Warnings) == 0 {
				t.Errorf("%s: platform %v without a warning", e.File, g.Meta.Platform)
			}
			others++
			for _, f := range fs {
				t.Logf("not Tenhou's: %s: hand %d (%v), event %d: %s: %s", e.File, f.Hand, f.Round, f.Event, f.Check, f.Message)
			}
			continue
		}
		for _, f := range fs {
			byCheck[f.Check.String()]++
			if shown < 100 {
				shown++
				t.Errorf("%s: hand %d (%v), event %d: %s: %s", e.File, f.Hand, f.Round, f.Event, f.Check, f.Message)
			}
		}
	}
	var keys []string
	for k, v := range byCheck {
		keys = append(keys, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(keys)
	t.Logf("%d games, %d hands replayed (%d logs not written by Tenhou); findings: %s", games, hands, others, strings.Join(keys, " "))
}
