package mjai_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser/mjai"
)

// A hand decoded and written again as mjai JSON lines, as Mortal reads
// them: the discard's tsumogiri, which the log does not record, is written
// from the tile drawn; the win keeps its yaku, value and score changes, and
// gets the scores after it, which the decoder knows from the hand's start.
func ExampleEncoder_Encode() {
	data := strings.Join([]string{
		`{"type":"start_game","names":["A","B","C","D"]}`,
		`{"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],` +
			`"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],` +
			`["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","E","S"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","P","P","P","C"]]}`,
		`{"type":"tsumo","actor":0,"pai":"4p"}`,
		`{"type":"dahai","actor":0,"pai":"4p"}`,
		`{"type":"hora","actor":1,"target":0,"pai":"4p","yakus":[["tanyaochu",1]],"fu":30,"fan":1,"hora_points":1000,"deltas":[-1000,1000,0,0]}`,
		`{"type":"end_kyoku"}`,
		`{"type":"end_game","scores":[24000,26000,25000,25000]}`,
	}, "\n")
	var d mjai.Decoder
	var g event.Game
	if err := d.Decode([]byte(data), "example.mjson", &g); err != nil {
		fmt.Println(err)
		return
	}
	var e mjai.Encoder
	if err := e.Encode(os.Stdout, &g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"type":"start_game","names":["A","B","C","D"]}
	// {"type":"start_kyoku","bakaze":"E","dora_marker":"1s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","E","S"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","P","P","P","C"]]}
	// {"type":"tsumo","actor":0,"pai":"4p"}
	// {"type":"dahai","actor":0,"pai":"4p","tsumogiri":true}
	// {"type":"hora","actor":1,"target":0,"deltas":[-1000,1000,0,0],"pai":"4p","yakus":[["tanyaochu",1]],"fu":30,"fan":1,"hora_points":1000,"scores":[24000,26000,25000,25000]}
	// {"type":"end_kyoku"}
	// {"type":"end_game","scores":[24000,26000,25000,25000]}
}
