package haifu_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/haifu/haifu"
)

// Verify a log held in memory: a game client's test can check the log it
// wrote in a few lines.
func ExampleVerify() {
	data, err := os.ReadFile("fixtures/bad/mjlog/tpb__23.txt")
	if err != nil {
		log.Fatal(err)
	}
	rep, err := haifu.Verify(context.Background(), haifu.Bytes("tpb__23.txt", data), nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, g := range rep.Games {
		fmt.Printf("%s: %d hands judged under %s\n", g.Path, g.Hands, g.Rules)
		for _, f := range g.Findings {
			fmt.Printf("  %v, event %d: %s: %s\n", f.Round, f.Event, f.Check, f.Message)
		}
	}
	fmt.Println("consistent:", rep.OK())
	// Output:
	// tpb__23.txt: 3 hands judged under tenhou
	//   E1-0, event 87: legality.riichi: seat 0's riichi discard passed without the stick being paid
	//   E2-0, event 167: legality.riichi: seat 0's riichi discard passed without the stick being paid
	//   E3-0, event 253: legality.riichi: seat 0's riichi discard passed without the stick being paid
	// consistent: false
}

// Verify files, directories and archives under another rule set: play
// those rules would have changed is divergent, not a finding.
func ExampleVerify_rules() {
	rep, err := haifu.Verify(context.Background(), haifu.Paths("fixtures/good/mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog"), &haifu.Options{Rules: "mleague"})
	if err != nil {
		log.Fatal(err)
	}
	g := rep.Games[0]
	fmt.Printf("%d hands under %s, %d findings, divergent from hand %d\n", g.Hands, g.Rules, len(g.Findings), g.DivergentFrom)
	// Output:
	// 9 hands under mleague, 0 findings, divergent from hand 2
}

// Games decodes every game of a source into haifu's event model.
func ExampleGames() {
	for g, err := range haifu.Games(context.Background(), haifu.Paths("fixtures/good/mjai"), nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %v, %d players, %d hands, %d events\n", g.Meta.Path, g.Meta.Format, g.Meta.PlayerCount(), len(g.Rounds), len(g.Events))
	}
	// Output:
	// fixtures/good/mjai/mortal__index.example.html.mjson: mjai, 4 players, 3 hands, 252 events
	// fixtures/good/mjai/riichienv__126_204_0_mjai.jsonl: mjai, 4 players, 12 hands, 1371 events
	// fixtures/good/mjai/rmss__pao.json: mjai, 4 players, 4 hands, 321 events
	// fixtures/good/mjai/rmss__yakumann.json: mjai, 4 players, 1 hands, 50 events
}
