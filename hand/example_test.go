package hand_test

import (
	"fmt"

	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

func mustCounts(s string) *tile.Counts {
	ts, err := tile.ParseTiles(s)
	if err != nil {
		panic(err)
	}
	c := tile.CountsOf(ts)
	return &c
}

func ExampleWaits() {
	fmt.Println(hand.Waits(mustCounts("1112345678999m")))
	// 1m would be a fifth copy: no waits.
	fmt.Println(hand.Waits(mustCounts("1111m234p567s789s")) == 0)
	// Output:
	// 123456789m
	// true
}

func ExampleShanten() {
	c := mustCounts("1111m234p567s789s")
	fmt.Println(hand.Shanten(c, 0))
	c = mustCounts("1122m3344p5566s7z")
	fmt.Println(hand.RegularShanten(c, 0), hand.SevenPairsShanten(c), hand.Shanten(c, 0))
	// Output:
	// 1
	// 3 0 0
}

func ExampleTenpai() {
	// A tanki wait on 1m with a pon of 1m: tenpai on Tenhou, not under WRC
	// and EMA rules, where the meld's copies count as the player's own.
	concealed := mustCounts("1m")
	melds := mustCounts("111m234p567p789s")
	fmt.Println(hand.Tenpai(concealed, melds, hand.TenhouPolicy))
	fmt.Println(hand.Tenpai(concealed, melds, hand.MeldsCountPolicy))
	// Output:
	// true
	// false
}

func ExampleDecompose() {
	for _, d := range hand.Decompose(mustCounts("111222333m456p55s")) {
		fmt.Println(d.Form, d)
	}
	// Output:
	// regular 123m 123m 123m 456p 55s
	// regular 111m 222m 333m 456p 55s
}
