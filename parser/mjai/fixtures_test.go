package mjai

import (
	"errors"
	"os"
	"testing"

	"github.com/haifu/haifu/internal/corpus"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/logdiff"
	"github.com/haifu/haifu/parser/tenhou"
)

// TestFixtures decodes the project's mjai fixtures (which need no corpus):
// each decodes completely except akochan's Chinese-rules log, and gives
// the numbers of hands, wins and draws the file has.
func TestFixtures(t *testing.T) {
	tests := []struct {
		file                string
		err                 error
		players             int8
		rounds, wins, draws int
		platform            event.Platform
		firstScores         [4]int32
	}{
		{"mortal__index.example.html.mjson", nil, 4, 3, 3, 0, event.PlatformOther, [4]int32{25000, 25000, 25000, 25000}},
		{"akochan__79b3c109__haifu_log_1000_0.json", nil, 4, 5, 3, 2, event.PlatformOther, [4]int32{25000, 25000, 25000, 25000}},
		{"akochan__0c454856__haifu_log_1000_0.json", event.ErrUnsupported, 4, 0, 0, 0, event.PlatformOther, [4]int32{}},
		{"riichienv__126_204_0_mjai.jsonl", nil, 4, 12, 9, 3, event.PlatformOther, [4]int32{25000, 25000, 25000, 25000}},
		{"msanma__sample-nuki.mjson", nil, 3, 10, 10, 0, event.PlatformOther, [4]int32{35000, 35000, 35000, 0}},
		{"rmss__pao.json", nil, 4, 4, 4, 0, event.Tenhou, [4]int32{25000, 25000, 25000, 25000}},
		{"rmss__yakumann.json", nil, 4, 1, 1, 0, event.Tenhou, [4]int32{25000, 25000, 25000, 25000}},
	}
	var d Decoder
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(corpus.Fixture(t, "mjai/"+tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !detect(data) {
				t.Error("detect = false")
			}
			var g event.Game
			err = d.Decode(data, tt.file, &g)
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			var rounds, wins, draws int
			for _, e := range g.Events {
				switch e.Type {
				case event.RoundStart:
					rounds++
				case event.Win:
					wins++
				case event.Ryuukyoku:
					draws++
				}
			}
			if rounds != tt.rounds || wins != tt.wins || draws != tt.draws {
				t.Errorf("%d rounds, %d wins, %d draws; want %d, %d, %d", rounds, wins, draws, tt.rounds, tt.wins, tt.draws)
			}
			if g.Meta.Players != tt.players || g.Meta.Platform != tt.platform {
				t.Errorf("players %d, platform %v", g.Meta.Players, g.Meta.Platform)
			}
			if rounds > 0 && g.Rounds[0].Scores != tt.firstScores {
				t.Errorf("first scores %v", g.Rounds[0].Scores)
			}
		})
	}
}

// TestFixtureTwin compares the fixture rmss__pao.json with its mjlog twin
// among the mjlog fixtures; see TestTwins for the drops.
func TestFixtureTwin(t *testing.T) {
	a, err := os.ReadFile("../../fixtures/good/mjai/rmss__pao.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../fixtures/bad/mjlog/rmss__pao.json")
	if err != nil {
		t.Fatal(err)
	}
	var d Decoder
	var td tenhou.Decoder
	var ga, gb event.Game
	if err := d.Decode(a, "mjai", &ga); err != nil {
		t.Fatal(err)
	}
	if err := td.Decode(b, "mjlog", &gb); err != nil {
		t.Fatal(err)
	}
	la := unknownRounds(&ga, logdiff.Lines(&ga, rmssDrop))
	lb := logdiff.Lines(&gb, rmssDrop)
	if i, ok := firstDiff(la, lb); !ok {
		t.Errorf("first difference at line %d:\n%s", i+1, context(la, lb, i))
	}
}
