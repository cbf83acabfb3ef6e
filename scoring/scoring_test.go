package scoring_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
)

// scoreCase is a win, the rules it is scored under (Tenhou's four-player
// rules, changed by rules) and the expected outcome. Unless the flags say
// otherwise the winner sits South in the East round and wins by ron.
type scoreCase struct {
	name  string
	win   spec
	rules func(*scoring.Rules)
	want  outcome
}

func runCases(t *testing.T, cases []scoreCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := c.win.input(t)
			players := 4
			if in.Players == 3 {
				players = 3
			}
			s := scoring.Scorer{Rules: tenhouRules(t, players)}
			if c.rules != nil {
				c.rules(&s.Rules)
			}
			res, err := s.Score(&in)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(c.want, outcomeOf(&res)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// The hands the tests share.
const (
	pinfuHand = "234567m345p67899s" // 234m 567m 345p 678s 99s; 2m is ryanmen
	runHand   = "234567m456p678s22s"
	openHand  = "234m567p33s" // with chi:345s pon:666m, 7p ryanmen
	ankouHand = "111m22333p555678s"
)

func TestYaku(t *testing.T) { runCases(t, yakuCases()) }

func yakuCases() []scoreCase {
	return []scoreCase{
		{"menzen tsumo, pinfu", spec{hand: pinfuHand, win: "2m", flags: "tsumo"}, nil,
			outcome{Yaku: "menzen_tsumo:1 pinfu:1", Han: 2, Fu: 20, Total: 1500}},
		{"riichi lists a 0-han ura", spec{hand: pinfuHand, win: "2m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 ura_dora:0", Han: 2, Fu: 30, Total: 2000}},
		{"ippatsu", spec{hand: pinfuHand, win: "2m", flags: "tsumo riichi ippatsu"}, nil,
			outcome{Yaku: "riichi:1 ippatsu:1 menzen_tsumo:1 pinfu:1 ura_dora:0", Han: 4, Fu: 20, Total: 5200}},
		{"double riichi", spec{hand: pinfuHand, win: "2m", flags: "double"}, nil,
			outcome{Yaku: "double_riichi:2 pinfu:1 ura_dora:0", Han: 3, Fu: 30, Total: 3900}},
		{"chankan", spec{hand: runHand, win: "4m", flags: "chankan"}, nil,
			outcome{Yaku: "chankan:1 pinfu:1 tanyao:1", Han: 3, Fu: 30, Total: 3900}},
		{"rinshan kaihou", spec{hand: "567m345p678s99s", melds: "ankan:2222m", win: "7m", flags: "tsumo rinshan"}, nil,
			outcome{Yaku: "rinshan_kaihou:1 menzen_tsumo:1", Han: 2, Fu: 40, Total: 2700}},
		{"haitei", spec{hand: "234678m55p", melds: "chi:345s pon:888p", win: "2m", flags: "tsumo haitei"}, nil,
			outcome{Yaku: "haitei:1 tanyao:1", Han: 2, Fu: 30, Total: 2000}},
		{"houtei", spec{hand: "234678m55p", melds: "chi:345s pon:888p", win: "2m", flags: "houtei"}, nil,
			outcome{Yaku: "houtei:1 tanyao:1", Han: 2, Fu: 30, Total: 2000}},
		{"open tanyao", spec{hand: openHand, melds: "chi:345s pon:666m", win: "7p"}, nil,
			outcome{Yaku: "tanyao:1", Han: 1, Fu: 30, Total: 1000}},
		{"iipeikou", spec{hand: "112233m456p99p789s", win: "1m"}, nil,
			outcome{Yaku: "pinfu:1 iipeikou:1", Han: 2, Fu: 30, Total: 2000}},
		{"winds and dragons, concealed then melds", spec{hand: "123m44p111z222z", melds: "pon:777z", win: "3m"}, nil,
			outcome{Yaku: "round_wind_east:1 seat_wind_south:1 chun:1", Han: 3, Fu: 50, Total: 6400}},
		{"yakuhai of melds in the order they were made", spec{hand: "345m11s", melds: "pon:777z pon:555z pon:111z", win: "5m"}, nil,
			outcome{Yaku: "chun:1 haku:1 round_wind_east:1", Han: 3, Fu: 40, Total: 5200}},
		{"double wind: round, then seat", spec{hand: "345m678p11s111z234s", win: "5m", flags: "dealer"}, nil,
			outcome{Yaku: "round_wind_east:1 seat_wind_east:1", Han: 2, Fu: 40, Total: 3900}},
		{"chiitoitsu", spec{hand: "1133m5577p2299s66z", win: "6z", flags: "tsumo"}, nil,
			outcome{Yaku: "menzen_tsumo:1 chiitoitsu:2", Han: 3, Fu: 25, Total: 3200}},
		{"chanta", spec{hand: "12399m789p999s111z", win: "3m"}, nil,
			outcome{Yaku: "round_wind_east:1 chanta:2", Han: 3, Fu: 50, Total: 6400}},
		{"open chanta", spec{hand: "12399m111z", melds: "chi:789p pon:999s", win: "3m"}, nil,
			outcome{Yaku: "round_wind_east:1 chanta:1", Han: 2, Fu: 40, Total: 2600}},
		{"junchan", spec{hand: "12399m789p789s999s", win: "3m"}, nil,
			outcome{Yaku: "junchan:3", Han: 3, Fu: 40, Total: 5200}},
		{"ittsu", spec{hand: "123456789m234p55s", win: "4p"}, nil,
			outcome{Yaku: "pinfu:1 ittsu:2", Han: 3, Fu: 30, Total: 3900}},
		{"sanshoku doujun, 4 han 30 fu is not mangan", spec{hand: "234678m23455p234s", win: "2m"}, nil,
			outcome{Yaku: "pinfu:1 sanshoku_doujun:2 tanyao:1", Han: 4, Fu: 30, Total: 7700}},
		{"sanshoku doukou, sanankou", spec{hand: "222345m222p222s77z", win: "3m", flags: "tsumo"}, nil,
			outcome{Yaku: "menzen_tsumo:1 sanankou:2 sanshoku_doukou:2", Han: 5, Fu: 40, Limit: event.Mangan, Total: 8000}},
		{"sankantsu", spec{hand: "345m11z", melds: "ankan:2222p minkan:5555s kakan:7777m", win: "5m"}, nil,
			outcome{Yaku: "sankantsu:2", Han: 2, Fu: 60, Total: 3900}},
		{"toitoi", spec{hand: "222m55p", melds: "pon:333s pon:777p pon:999m", win: "2m"}, nil,
			outcome{Yaku: "toitoi:2", Han: 2, Fu: 30, Total: 2000}},
		{"sanankou won on a run", spec{hand: ankouHand, win: "6s"}, nil,
			outcome{Yaku: "sanankou:2", Han: 2, Fu: 50, Total: 3200}},
		{"sanankou by tsumo on the triplet", spec{hand: ankouHand, win: "5s", flags: "tsumo"}, nil,
			outcome{Yaku: "menzen_tsumo:1 sanankou:2", Han: 3, Fu: 40, Total: 5200}},
		{"shousangen", spec{hand: "123m555666z77z", melds: "chi:789p", win: "3m"}, nil,
			outcome{Yaku: "shousangen:2 haku:1 hatsu:1 chanta:1", Han: 5, Fu: 40, Limit: event.Mangan, Total: 8000}},
		{"honroutou", spec{hand: "111m999p11z", melds: "pon:999s pon:222z", win: "9p", flags: "tsumo"}, nil,
			outcome{Yaku: "toitoi:2 seat_wind_south:1 honroutou:2", Han: 5, Fu: 50, Limit: event.Mangan, Total: 8000}},
		{"ryanpeikou beats chiitoitsu", spec{hand: "223344m556677p88s", win: "2m"}, nil,
			outcome{Yaku: "pinfu:1 ryanpeikou:3 tanyao:1", Han: 5, Fu: 30, Limit: event.Mangan, Total: 8000}},
		{"honitsu", spec{hand: "23344556799m111z", win: "9m"}, nil,
			outcome{Yaku: "round_wind_east:1 honitsu:3", Han: 4, Fu: 40, Limit: event.Mangan, Total: 8000}},
		{"open chinitsu", spec{hand: "111234567s88s", melds: "chi:789s", win: "2s"}, nil,
			outcome{Yaku: "chinitsu:5", Han: 5, Fu: 30, Limit: event.Mangan, Total: 8000}},
		{"dora, aka, ura", spec{hand: "234067m345p67899s", win: "2m", flags: "riichi", dora: "1m", ura: "8s"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 dora:1 aka_dora:1 ura_dora:2", Han: 6, Fu: 30, Limit: event.Haneman, Total: 12000}},
		{"dora alone is no yaku", spec{hand: ankouHand, win: "5s", dora: "9s"}, nil,
			outcome{Fu: 50, NoYaku: true}},
		{"a triplet completed by ron is open", spec{hand: ankouHand, win: "5s", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 50, Total: 1600}},
	}
}

func TestYakuman(t *testing.T) { runCases(t, yakumanCases()) }

func yakumanCases() []scoreCase {
	doubles := func(r *scoring.Rules) { r.DoubleYakumanForms = true }
	return []scoreCase{
		{"tenhou", spec{hand: "123m456p789s234s55p", win: "5p", flags: "tsumo dealer tenhou"}, nil,
			outcome{Yaku: "tenhou:13", Han: 13, Fu: 30, Limit: event.Yakuman, Total: 48000}},
		{"chiihou", spec{hand: "123m456p789s234s55p", win: "5p", flags: "tsumo chiihou"}, nil,
			outcome{Yaku: "chiihou:13", Han: 13, Fu: 30, Limit: event.Yakuman, Total: 32000}},
		{"daisangen", spec{hand: "234m555666777z99p", win: "9p"}, nil,
			outcome{Yaku: "daisangen:13", Han: 13, Fu: 60, Limit: event.Yakuman, Total: 32000}},
		{"suuankou", spec{hand: "111m99m333p555s777s", win: "7s", flags: "tsumo"}, nil,
			outcome{Yaku: "suuankou:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"suuankou tanki", spec{hand: "111m99m333p555s777s", win: "9m"}, nil,
			outcome{Yaku: "suuankou_tanki:13", Han: 13, Fu: 60, Limit: event.Yakuman, Total: 32000}},
		{"suuankou tanki, double", spec{hand: "111m99m333p555s777s", win: "9m"}, doubles,
			outcome{Yaku: "suuankou_tanki:26", Han: 26, Fu: 60, Limit: event.Yakuman, Total: 64000}},
		{"suukantsu", spec{hand: "55z", melds: "ankan:1111m minkan:2222p kakan:3333s ankan:4444z", win: "5z"}, nil,
			outcome{Yaku: "suukantsu:13", Han: 13, Fu: 110, Limit: event.Yakuman, Total: 32000}},
		{"tsuuiisou and daisangen add up", spec{hand: "555666111z22z", melds: "pon:777z", win: "1z"}, nil,
			outcome{Yaku: "daisangen:13 tsuuiisou:13", Han: 26, Fu: 50, Limit: event.Yakuman, Total: 64000}},
		{"tsuuiisou of seven pairs", spec{hand: "11223344556677z", win: "7z", flags: "tsumo"}, nil,
			outcome{Yaku: "tsuuiisou:13", Han: 13, Fu: 25, Limit: event.Yakuman, Total: 32000}},
		{"ryuuiisou", spec{hand: "223344666888s66z", win: "8s", flags: "tsumo"}, nil,
			outcome{Yaku: "ryuuiisou:13", Han: 13, Fu: 40, Limit: event.Yakuman, Total: 32000}},
		{"chinroutou", spec{hand: "111999m111p99p", melds: "pon:999s", win: "1p"}, nil,
			outcome{Yaku: "chinroutou:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"chuuren poutou", spec{hand: "11122345678999m", win: "3m"}, nil,
			outcome{Yaku: "chuuren_poutou:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"junsei chuuren poutou", spec{hand: "11123455678999m", win: "5m"}, nil,
			outcome{Yaku: "junsei_chuuren_poutou:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"junsei chuuren poutou, double", spec{hand: "11123455678999m", win: "5m"}, doubles,
			outcome{Yaku: "junsei_chuuren_poutou:26", Han: 26, Fu: 50, Limit: event.Yakuman, Total: 64000}},
		{"kokushi musou", spec{hand: "119m19p19s1234567z", win: "9m"}, nil,
			outcome{Yaku: "kokushi_musou:13", Han: 13, Limit: event.Yakuman, Total: 32000}},
		{"kokushi musou 13-sided", spec{hand: "119m19p19s1234567z", win: "1m"}, nil,
			outcome{Yaku: "kokushi_musou_13:13", Han: 13, Limit: event.Yakuman, Total: 32000}},
		{"kokushi musou 13-sided, double", spec{hand: "119m19p19s1234567z", win: "1m"}, doubles,
			outcome{Yaku: "kokushi_musou_13:26", Han: 26, Limit: event.Yakuman, Total: 64000}},
		{"daisuushii", spec{hand: "111222333z55m", melds: "pon:444z", win: "3z"}, nil,
			outcome{Yaku: "daisuushii:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"daisuushii, double", spec{hand: "111222333z55m", melds: "pon:444z", win: "3z"}, doubles,
			outcome{Yaku: "daisuushii:26", Han: 26, Fu: 50, Limit: event.Yakuman, Total: 64000}},
		{"shousuushii", spec{hand: "111222333z44z", melds: "chi:123m", win: "4z"}, nil,
			outcome{Yaku: "shousuushii:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"dealer tsumo", spec{hand: "111m99m333p555s777s", win: "7s", flags: "tsumo dealer"}, nil,
			outcome{Yaku: "suuankou:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 48000}},
	}
}

// TestRules changes each rule setting and shows the result it changes.
func TestRules(t *testing.T) { runCases(t, ruleCases()) }

func ruleCases() []scoreCase {
	dealerWind := spec{hand: "111m234p567s678s11z", win: "2p", flags: "riichi dealer"}
	kazoe := spec{hand: "234567m234p06788s", win: "2m", flags: "tsumo riichi", dora: "7s7s7s", ura: "7s"}
	kanDora := spec{hand: "567m345p678s99s", melds: "ankan:2222m", win: "7m", flags: "tsumo rinshan", dora: "9p1m"}
	kanUra := spec{hand: "567m345p678s99s", melds: "ankan:2222m", win: "7m", flags: "tsumo rinshan riichi", dora: "9p", ura: "9p1m"}
	renhou := spec{hand: runHand, win: "4m", flags: "renhou"}
	renhouDora := spec{hand: runHand, win: "4m", flags: "renhou", dora: "3m3m3m3m"}
	stack := spec{hand: "555666111z22z", melds: "pon:777z", win: "1z"}
	return []scoreCase{
		{"open tanyao off", spec{hand: openHand, melds: "chi:345s pon:666m", win: "7p"},
			func(r *scoring.Rules) { r.OpenTanyao = false }, outcome{Fu: 30, NoYaku: true}},
		{"open tanyao off, closed tanyao", spec{hand: runHand, win: "4m"},
			func(r *scoring.Rules) { r.OpenTanyao = false }, outcome{Yaku: "pinfu:1 tanyao:1", Han: 2, Fu: 30, Total: 2000}},
		{"no red fives", spec{hand: "234067m345p67899s", win: "2m", flags: "riichi", dora: "1m", ura: "8s"},
			func(r *scoring.Rules) { r.RedFives = 0 }, outcome{Yaku: "riichi:1 pinfu:1 dora:1 ura_dora:2", Han: 5, Fu: 30, Limit: event.Mangan, Total: 8000}},
		{"no ippatsu", spec{hand: pinfuHand, win: "2m", flags: "tsumo riichi ippatsu"},
			func(r *scoring.Rules) { r.Ippatsu = false }, outcome{Yaku: "riichi:1 menzen_tsumo:1 pinfu:1 ura_dora:0", Han: 3, Fu: 20, Total: 2700}},
		{"no ura dora", spec{hand: pinfuHand, win: "2m", flags: "riichi", ura: "8s"},
			func(r *scoring.Rules) { r.UraDora = false }, outcome{Yaku: "riichi:1 pinfu:1", Han: 2, Fu: 30, Total: 2000}},
		{"kan dora", kanDora, nil,
			outcome{Yaku: "rinshan_kaihou:1 menzen_tsumo:1 dora:4", Han: 6, Fu: 40, Limit: event.Haneman, Total: 12000}},
		{"no kan dora", kanDora, func(r *scoring.Rules) { r.KanDora = false },
			outcome{Yaku: "rinshan_kaihou:1 menzen_tsumo:1", Han: 2, Fu: 40, Total: 2700}},
		{"kan ura", kanUra, nil,
			outcome{Yaku: "riichi:1 rinshan_kaihou:1 menzen_tsumo:1 ura_dora:4", Han: 7, Fu: 40, Limit: event.Haneman, Total: 12000}},
		{"no kan ura", kanUra, func(r *scoring.Rules) { r.KanUra = false },
			outcome{Yaku: "riichi:1 rinshan_kaihou:1 menzen_tsumo:1 ura_dora:0", Han: 3, Fu: 40, Total: 5200}},
		{"pinfu tsumo 22 fu", spec{hand: pinfuHand, win: "2m", flags: "tsumo"},
			func(r *scoring.Rules) { r.PinfuTsumoFu = 22 }, outcome{Yaku: "menzen_tsumo:1 pinfu:1", Han: 2, Fu: 30, Total: 2000}},
		{"open pinfu shape 30 fu", spec{hand: openHand, melds: "chi:345s chi:678m", win: "7p"}, nil,
			outcome{Yaku: "tanyao:1", Han: 1, Fu: 30, Total: 1000}},
		{"open pinfu shape 20 fu", spec{hand: openHand, melds: "chi:345s chi:678m", win: "7p"},
			func(r *scoring.Rules) { r.OpenPinfuFu = 20 }, outcome{Yaku: "tanyao:1", Han: 1, Fu: 20, Total: 700}},
		{"double wind pair 4 fu", dealerWind, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 50, Total: 2400}},
		{"double wind pair 2 fu", dealerWind, func(r *scoring.Rules) { r.DoubleWindFu = 2 },
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 40, Total: 2000}},
		{"renhou none", renhou, nil,
			outcome{Yaku: "pinfu:1 tanyao:1", Han: 2, Fu: 30, Total: 2000}},
		{"renhou mangan", renhou, func(r *scoring.Rules) { r.Renhou = scoring.RenhouMangan },
			outcome{Yaku: "renhou:5", Han: 5, Fu: 30, Limit: event.Mangan, Total: 8000}},
		{"renhou mangan, the hand worth more without it", renhouDora, func(r *scoring.Rules) { r.Renhou = scoring.RenhouMangan },
			outcome{Yaku: "pinfu:1 tanyao:1 dora:4", Han: 6, Fu: 30, Limit: event.Haneman, Total: 12000}},
		{"renhou yakuman", renhou, func(r *scoring.Rules) { r.Renhou = scoring.RenhouYakuman },
			outcome{Yaku: "renhou:13", Han: 13, Fu: 30, Limit: event.Yakuman, Total: 32000}},
		{"kiriage", spec{hand: "234678m23455p234s", win: "2m"}, func(r *scoring.Rules) { r.Kiriage = true },
			outcome{Yaku: "pinfu:1 sanshoku_doujun:2 tanyao:1", Han: 4, Fu: 30, Total: 8000}},
		{"kazoe yakuman", kazoe, nil,
			outcome{Yaku: "riichi:1 menzen_tsumo:1 pinfu:1 tanyao:1 dora:6 aka_dora:1 ura_dora:2", Han: 13, Fu: 20, Limit: event.Yakuman, Total: 32000}},
		{"no kazoe", kazoe, func(r *scoring.Rules) { r.Kazoe = false },
			outcome{Yaku: "riichi:1 menzen_tsumo:1 pinfu:1 tanyao:1 dora:6 aka_dora:1 ura_dora:2", Han: 13, Fu: 20, Limit: event.Sanbaiman, Total: 24000}},
		{"no yakuman stacking", stack, func(r *scoring.Rules) { r.YakumanStacking = false },
			outcome{Yaku: "daisangen:13", Han: 13, Fu: 50, Limit: event.Yakuman, Total: 32000}},
		{"sanma: 1m indicator makes 9m dora", spec{hand: "99m123456p789s456s", win: "4s", flags: "riichi sanma", dora: "1m"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 dora:2 ura_dora:0", Han: 4, Fu: 30, Total: 7700}},
		{"sanma: kita inside dora, tsumo loss", spec{hand: "99m123456p789s456s", win: "4s", flags: "tsumo sanma", dora: "3z", kita: 2}, nil,
			outcome{Yaku: "menzen_tsumo:1 pinfu:1 dora:4", Han: 6, Fu: 20, Limit: event.Haneman, Total: 9000}},
		{"sanma: kita apart", spec{hand: "99m123456p789s456s", win: "4s", flags: "tsumo sanma", dora: "3z", kita: 2},
			func(r *scoring.Rules) { r.KitaInDora = false },
			outcome{Yaku: "menzen_tsumo:1 pinfu:1 dora:2 kita_dora:2", Han: 6, Fu: 20, Limit: event.Haneman, Total: 9000}},
		{"sanma: no tsumo loss", spec{hand: "99m123456p789s456s", win: "4s", flags: "tsumo sanma", dora: "3z", kita: 2},
			func(r *scoring.Rules) { r.TsumoLoss = false },
			outcome{Yaku: "menzen_tsumo:1 pinfu:1 dora:4", Han: 6, Fu: 20, Limit: event.Haneman, Total: 12000}},
	}
}

// TestFu has a case per fu rule.
func TestFu(t *testing.T) { runCases(t, fuCases()) }

func fuCases() []scoreCase {
	return []scoreCase{
		{"pinfu tsumo: 20, no tsumo fu", spec{hand: pinfuHand, win: "2m", flags: "tsumo"}, nil,
			outcome{Yaku: "menzen_tsumo:1 pinfu:1", Han: 2, Fu: 20, Total: 1500}},
		{"closed ron: 20+10", spec{hand: pinfuHand, win: "2m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 ura_dora:0", Han: 2, Fu: 30, Total: 2000}},
		{"rinshan tsumo: tsumo 2, closed kan 16", spec{hand: "567m345p678s99s", melds: "ankan:2222m", win: "7m", flags: "tsumo rinshan"}, nil,
			outcome{Yaku: "rinshan_kaihou:1 menzen_tsumo:1", Han: 2, Fu: 40, Total: 2700}},
		{"kans: closed simple 16, open 8 each, round wind pair 2", spec{hand: "345m11z", melds: "ankan:2222p minkan:5555s kakan:7777m", win: "5m"}, nil,
			outcome{Yaku: "sankantsu:2", Han: 2, Fu: 60, Total: 3900}},
		{"kans: closed terminal and honour 32, open simple 8, dragon pair 2, tanki 2", spec{hand: "55z", melds: "ankan:1111m minkan:2222p kakan:3333s ankan:4444z", win: "5z"}, nil,
			outcome{Yaku: "suukantsu:13", Han: 13, Fu: 110, Limit: event.Yakuman, Total: 32000}},
		{"triplets: concealed terminal 8, concealed simple 4, open by ron 2", spec{hand: ankouHand, win: "5s", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 50, Total: 1600}},
		{"triplets: open simple 2, open terminal 4, shanpon 0", spec{hand: "222m55p", melds: "pon:333s pon:777p pon:999m", win: "2m"}, nil,
			outcome{Yaku: "toitoi:2", Han: 2, Fu: 30, Total: 2000}},
		{"kanchan 2", spec{hand: pinfuHand, win: "6m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 40, Total: 1300}},
		{"penchan 2", spec{hand: "12399m789p789s999s", win: "3m"}, nil,
			outcome{Yaku: "junchan:3", Han: 3, Fu: 40, Total: 5200}},
		{"tanki 2", spec{hand: pinfuHand, win: "9s", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 40, Total: 1300}},
		{"dragon pair 2", spec{hand: "234567m345p678s55z", win: "2m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 40, Total: 1300}},
		{"seat wind pair 2", spec{hand: "234567m345p678s22z", win: "2m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 ura_dora:0", Han: 1, Fu: 40, Total: 1300}},
		{"other wind pair 0: pinfu", spec{hand: "234567m345p678s33z", win: "2m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 ura_dora:0", Han: 2, Fu: 30, Total: 2000}},
		{"open pinfu shape ron: 30", spec{hand: openHand, melds: "chi:345s chi:678m", win: "7p"}, nil,
			outcome{Yaku: "tanyao:1", Han: 1, Fu: 30, Total: 1000}},
		{"open pinfu shape tsumo: 22 rounds to 30", spec{hand: openHand, melds: "chi:345s chi:678m", win: "7p", flags: "tsumo"}, nil,
			outcome{Yaku: "tanyao:1", Han: 1, Fu: 30, Total: 1100}},
		{"chiitoitsu 25", spec{hand: "1133m5577p2299s66z", win: "6z", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 chiitoitsu:2 ura_dora:0", Han: 3, Fu: 25, Total: 3200}},
		{"the real fu of a limit hand", spec{hand: "12399m789p999s111z", win: "3m", dora: "2m"}, nil,
			outcome{Yaku: "round_wind_east:1 chanta:2 dora:1", Han: 4, Fu: 50, Limit: event.Mangan, Total: 8000}},
		{"ron picks runs: pinfu and iipeikou", spec{hand: "222333444m567p99s", win: "4m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 iipeikou:1 ura_dora:0", Han: 3, Fu: 30, Total: 3900}},
		{"tsumo picks triplets: sanankou", spec{hand: "222333444m567p99s", win: "4m", flags: "tsumo riichi"}, nil,
			outcome{Yaku: "riichi:1 menzen_tsumo:1 sanankou:2 ura_dora:0", Han: 4, Fu: 40, Limit: event.Mangan, Total: 8000}},
		{"kanchan or ryanmen: the more points", spec{hand: "234456m345p678s99s", win: "4m", flags: "riichi"}, nil,
			outcome{Yaku: "riichi:1 pinfu:1 ura_dora:0", Han: 2, Fu: 30, Total: 2000}},
	}
}

func TestResultDetails(t *testing.T) {
	s := scoring.Scorer{Rules: tenhou4(t, nil)}
	in := spec{hand: "234067m345p67899s", win: "2m", flags: "riichi", dora: "1m", ura: "8s"}.input(t)
	res, err := s.Score(&in)
	if err != nil {
		t.Fatal(err)
	}
	type details struct {
		Dora, Ura, Red, Kita, Yakuman, Base, Ron, TsumoNonDealer, TsumoDealer int
		Wait                                                                  scoring.Wait
	}
	want := details{Dora: 1, Ura: 2, Red: 1, Base: 3000, Ron: 12000, Wait: scoring.Ryanmen}
	got := details{res.Dora, res.Ura, res.Red, res.Kita, res.Yakuman, res.Base, res.Ron, res.TsumoNonDealer, res.TsumoDealer, res.Wait}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("ron (-want +got):\n%s", d)
	}
	in = spec{hand: pinfuHand, win: "2m", flags: "tsumo dealer"}.input(t)
	if res, err = s.Score(&in); err != nil {
		t.Fatal(err)
	}
	want = details{Base: 320, TsumoNonDealer: 700, Wait: scoring.Ryanmen}
	got = details{res.Dora, res.Ura, res.Red, res.Kita, res.Yakuman, res.Base, res.Ron, res.TsumoNonDealer, res.TsumoDealer, res.Wait}
	if d := cmp.Diff(want, got); d != "" || res.Total != 2100 {
		t.Errorf("dealer tsumo total %d (-want +got):\n%s", res.Total, d)
	}
}

func TestErrors(t *testing.T) {
	s := scoring.Scorer{Rules: tenhou4(t, nil)}
	for _, c := range []struct {
		name string
		win  spec
		err  error
	}{
		{"short hand", spec{hand: "234567m345p6789s", win: "2m"}, scoring.ErrInput},
		{"winning tile not in hand", spec{hand: pinfuHand, win: "1m"}, scoring.ErrInput},
		{"fifth copy", spec{hand: "222223m345p678s99s", win: "2m"}, scoring.ErrInput},
		{"ippatsu without riichi", spec{hand: pinfuHand, win: "2m", flags: "ippatsu"}, scoring.ErrInput},
		{"haitei ron", spec{hand: pinfuHand, win: "2m", flags: "haitei"}, scoring.ErrInput},
		{"riichi with an open hand", spec{hand: openHand, melds: "chi:345s pon:666m", win: "7p", flags: "riichi"}, scoring.ErrInput},
		{"tenhou for a non-dealer", spec{hand: pinfuHand, win: "2m", flags: "tsumo tenhou"}, scoring.ErrInput},
		{"rinshan without a kan", spec{hand: pinfuHand, win: "2m", flags: "tsumo rinshan"}, scoring.ErrInput},
		{"2m in sanma", spec{hand: pinfuHand, win: "2m", flags: "sanma"}, scoring.ErrInput},
		{"kita in four-player", spec{hand: pinfuHand, win: "2m", kita: 1}, scoring.ErrInput},
		{"not complete", spec{hand: "234567m345p67889s", win: "2m"}, scoring.ErrNotComplete},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := c.win.input(t)
			if _, err := s.Score(&in); !errors.Is(err, c.err) {
				t.Errorf("error %v, want %v", err, c.err)
			}
		})
	}
	bad := tenhou4(t, func(r *scoring.Rules) { r.PinfuTsumoFu = 21 })
	s.Rules = bad
	in := spec{hand: pinfuHand, win: "2m"}.input(t)
	if _, err := s.Score(&in); !errors.Is(err, scoring.ErrRules) {
		t.Errorf("rules with PinfuTsumoFu 21: error %v, want ErrRules", err)
	}
}

func TestRenhouText(t *testing.T) {
	for _, r := range []scoring.Renhou{scoring.RenhouNone, scoring.RenhouMangan, scoring.RenhouYakuman} {
		b, err := r.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back scoring.Renhou
		if err := back.UnmarshalText(b); err != nil || back != r || string(b) != r.String() {
			t.Errorf("%v: text %q reads back as %v (%v)", r, b, back, err)
		}
	}
	var r scoring.Renhou
	if err := r.UnmarshalText([]byte("double")); err == nil {
		t.Error(`UnmarshalText("double") gave no error`)
	}
}

// TestNoAllocs scores a win with a reused Scorer and expects no
// allocation.
func TestNoAllocs(t *testing.T) {
	s := scoring.Scorer{Rules: tenhou4(t, nil)}
	ins := []scoring.Input{
		spec{hand: "222333444m567p99s", win: "4m", flags: "tsumo riichi", dora: "1m", ura: "3p"}.input(t),
		spec{hand: "1133m5577p2299s66z", win: "6z", flags: "riichi"}.input(t),
		spec{hand: "119m19p19s1234567z", win: "1m"}.input(t),
	}
	for i := range ins {
		if n := testing.AllocsPerRun(100, func() { _, _ = s.Score(&ins[i]) }); n != 0 {
			t.Errorf("input %d: %v allocations per Score", i, n)
		}
	}
}
