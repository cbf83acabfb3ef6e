package tenhou6_test

import (
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/tenhou6"
)

// A hand from the tenhou.net/6 editor: the dealer draws the red 5m and
// discards it with riichi, seat 1 draws 2z and discards it (60: the drawn
// tile), and seat 2 wins on it. The decoder rebuilds the order of play.
func ExampleDecoder_Decode() {
	data := []byte(`{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[
		[0,0,0],[25000,25000,25000,25000],[11],[],
		[11,12,13,14,15,16,17,18,19,21,22,23,24],[51],["r60"],
		[31,32,33,34,35,36,37,38,39,41,42,43,44],[42],[60],
		[15,16,17,18,19,25,26,27,28,29,35,36,37],[],[],
		[11,11,19,19,21,21,29,29,31,31,39,39,41],[],[],
		["和了",[0,-2000,3000,0],[2,1,2,"40符1飜2000点","役牌 發(1飜)"]]]]}`)
	var d tenhou6.Decoder
	var g event.Game
	if err := d.Decode(data, "example.json", &g); err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range g.Events {
		switch e.Type {
		case event.Draw, event.Discard:
			fmt.Println(e.Type, e.Seat, e.Tile, e.Flags&event.Tsumogiri != 0)
		case event.Win:
			w := g.Win(&e)
			fmt.Println(e.Type, w.Winner, "from", w.From, w.Points, w.Yaku[0].ID)
		default:
			fmt.Println(e.Type)
		}
	}
	// Output:
	// game_start
	// round_start
	// draw 0 0m false
	// riichi
	// discard 0 0m true
	// riichi_accepted
	// draw 1 2z false
	// discard 1 2z true
	// win 2 from 1 2000 hatsu
}
