package scoring_test

import (
	"fmt"

	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
)

// A riichi tsumo of pinfu shape with a red five, dora and ura, under
// Tenhou's rules (the settings of package adjudicator's tenhou preset).
func ExampleScorer_Score() {
	hand, _ := tile.ParseTiles("234067m345p67899s")
	dora, _ := tile.ParseTiles("1m")
	ura, _ := tile.ParseTiles("8s")
	in := scoring.Input{
		WinTile: tile.Of(tile.Man2), Tsumo: true, Riichi: true,
		SeatWind: tile.South, RoundWind: tile.East, Players: 4,
	}
	in.SetHand(hand)
	in.SetDora(dora)
	in.SetUra(ura)
	s := scoring.Scorer{Rules: scoring.Rules{
		YakuRules: scoring.YakuRules{
			OpenTanyao: true, RedFives: 1, Ippatsu: true, UraDora: true, KanDora: true, KanUra: true,
			PinfuTsumoFu: 20, OpenPinfuFu: 30, DoubleWindFu: 4, Renhou: scoring.RenhouNone,
		},
		LimitRules: scoring.LimitRules{Kazoe: true, YakumanStacking: true},
		KitaInDora: true,
	}}
	res, err := s.Score(&in)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, y := range res.YakuList() {
		fmt.Printf("%v %d\n", y.ID, y.Han)
	}
	fmt.Printf("%d han %d fu %v: %d from the dealer, %d from each other player, %d in all\n",
		res.Han, res.Fu, res.Limit, res.TsumoDealer, res.TsumoNonDealer, res.Total)
	// Output:
	// riichi 1
	// menzen_tsumo 1
	// pinfu 1
	// dora 1
	// aka_dora 1
	// ura_dora 2
	// 7 han 20 fu haneman: 6000 from the dealer, 3000 from each other player, 12000 in all
}
