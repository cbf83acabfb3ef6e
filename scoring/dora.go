package scoring

import "github.com/haifu/haifu/tile"

// countDora counts the dora, ura dora, red fives and kita of the win into
// a: each indicator makes the kind after it dora (tile.DoraFor; in sanma
// a 1m indicator makes 9m dora), and every tile of that kind in the hand,
// its melds and its kita counts once per indicator.
func (a *analysis) countDora() {
	in, r := a.in, a.rules
	sanma := in.Players == 3
	count := func(ind tile.Tile) int {
		k := tile.DoraFor(ind.Kind(), sanma)
		n := int(a.all[k])
		if k == tile.North {
			n += int(in.Kita)
		}
		return n
	}
	for i, ind := range in.DoraList() {
		if i > 0 && !r.KanDora {
			break
		}
		a.dora += count(ind)
	}
	if in.Riichi && r.UraDora {
		for i, ind := range in.UraList() {
			if i > 0 && !(r.KanDora && r.KanUra) {
				break
			}
			a.ura += count(ind)
		}
	}
	if r.RedFives > 0 {
		for _, t := range in.HandTiles() {
			if t.Red() {
				a.red++
			}
		}
		for i := range in.MeldList() {
			for _, t := range in.Melds[i].Slice() {
				if t.Red() {
					a.red++
				}
			}
		}
	}
	a.kita = int(in.Kita)
}
