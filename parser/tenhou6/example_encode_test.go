package tenhou6_test

import (
	"fmt"
	"os"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/tenhou6"
)

// A hand decoded and written again: the hands come out sorted, the items
// in Tenhou's notation, the keys in a fixed order.
func ExampleEncoder_Encode() {
	data := []byte(`{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[
		[0,0,0],[25000,25000,25000,25000],[11],[],
		[24,23,22,21,19,18,17,16,15,14,13,12,11],[51],["r60"],
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
	var e tenhou6.Encoder
	if err := e.Encode(os.Stdout, &g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"title":["",""],"log":[[[0,0,0],[25000,25000,25000,25000],[11],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[51],["r60"],[31,32,33,34,35,36,37,38,39,41,42,43,44],[42],[60],[15,16,17,18,19,25,26,27,28,29,35,36,37],[],[],[11,11,19,19,21,21,29,29,31,31,39,39,41],[],[],["和了",[0,-2000,3000,0],[2,1,2,"40符1飜2000点","役牌 發(1飜)"]]]],"rule":{"disp":"般南喰赤","aka":1},"name":["A","B","C","D"]}
}
