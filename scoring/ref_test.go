package scoring_test

import (
	"slices"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
)

// This file is a slow reference scorer, written apart from the package
// and as plainly as possible: it finds every reading of the hand by its
// own recursive search, builds each reading's yaku as a map, and computes
// fu and points from first principles. The fuzz tests hold the package to
// it.

// refGroup is one set of a reading: a run, a triplet or a kan.
type refGroup struct {
	first  int // kind of the triplet, lowest kind of the run
	run    bool
	kan    bool
	meld   bool // a meld (chi, pon, kan) rather than concealed tiles
	closed bool // concealed tiles or a closed kan
}

// refReading is one reading: four groups and a pair, seven pairs, or
// kokushi; with the wait of the winning tile in it.
type refReading struct {
	form   string // "regular", "pairs", "kokushi"
	groups []refGroup
	pair   int
	pairs  []int
	wait   string // ryanmen kanchan penchan shanpon tanki thirteen
	// ronTriplet is the index of the triplet the ron tile completed, or -1.
	ronTriplet int
}

// refOutcome is what the reference says of a win.
type refOutcome struct {
	Yaku                 []event.Yaku // sorted by id
	Han, Fu              int
	Limit                event.Limit
	Base, Total          int
	Ron, NonDealer, Dlr  int
	NoYaku               bool
	Dora, Ura, Red, Kita int
}

func isTermOrHonor(k int) bool { return k >= 27 || k%9 == 0 || k%9 == 8 }

// refDecompose returns every way to split counts into pairs==1 pair and
// sets.
func refDecompose(c [34]int, sets int) [][]refGroup {
	var out [][]refGroup
	var rec func(c [34]int, acc []refGroup)
	rec = func(c [34]int, acc []refGroup) {
		k := 0
		for k < 34 && c[k] == 0 {
			k++
		}
		if k == 34 {
			if len(acc) == sets {
				out = append(out, slices.Clone(acc))
			}
			return
		}
		if len(acc) == sets {
			return
		}
		if c[k] >= 3 {
			c2 := c
			c2[k] -= 3
			rec(c2, append(acc, refGroup{first: k, closed: true}))
		}
		if k < 27 && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
			c2 := c
			c2[k]--
			c2[k+1]--
			c2[k+2]--
			rec(c2, append(acc, refGroup{first: k, run: true, closed: true}))
		}
	}
	rec(c, nil)
	return out
}

// refReadings lists every reading of the win.
func refReadings(in *scoring.Input) []refReading {
	var c [34]int
	for _, t := range in.HandTiles() {
		c[t.Kind()]++
	}
	w := int(in.WinTile.Kind())
	var melds []refGroup
	for _, m := range in.MeldList() {
		g := refGroup{first: int(m.Tiles[0].Kind()), meld: true}
		switch m.Kind {
		case event.MeldChi:
			g.run = true
		case event.MeldClosedKan:
			g.kan, g.closed = true, true
		case event.MeldOpenKan, event.MeldAddedKan:
			g.kan = true
		}
		melds = append(melds, g)
	}
	var out []refReading
	for p := range 34 {
		if c[p] < 2 {
			continue
		}
		c2 := c
		c2[p] -= 2
		for _, sets := range refDecompose(c2, 4-len(melds)) {
			groups := append(slices.Clone(sets), melds...)
			if p == w {
				out = append(out, refReading{form: "regular", groups: groups, pair: p, wait: "tanki", ronTriplet: -1})
			}
			for i, g := range sets {
				r := refReading{form: "regular", groups: slices.Clone(groups), pair: p, ronTriplet: -1}
				switch {
				case !g.run && g.first == w:
					r.wait = "shanpon"
					if !in.Tsumo {
						r.ronTriplet = i
					}
				case g.run && w == g.first+1:
					r.wait = "kanchan"
				case g.run && w == g.first && g.first%9 == 6:
					r.wait = "penchan"
				case g.run && w == g.first+2 && g.first%9 == 0:
					r.wait = "penchan"
				case g.run && (w == g.first || w == g.first+2):
					r.wait = "ryanmen"
				default:
					continue
				}
				out = append(out, r)
			}
		}
	}
	if len(in.MeldList()) == 0 {
		var pairs []int
		for k, n := range c {
			if n == 2 {
				pairs = append(pairs, k)
			}
		}
		if len(pairs) == 7 {
			out = append(out, refReading{form: "pairs", pairs: pairs, wait: "tanki", ronTriplet: -1})
		}
		orphans, dup := 0, -1
		for k, n := range c {
			if isTermOrHonor(k) && n >= 1 {
				orphans++
				if n == 2 {
					dup = k
				}
			}
		}
		if orphans == 13 && dup >= 0 {
			r := refReading{form: "kokushi", pair: dup, wait: "tanki", ronTriplet: -1}
			if dup == w {
				r.wait = "thirteen"
			}
			out = append(out, r)
		}
	}
	return out
}

// refHan is the han of the ordinary yaku: closed, open.
var refHan = map[event.YakuID][2]int{
	0: {1, 0}, 1: {1, 0}, 2: {1, 0}, 3: {1, 1}, 4: {1, 1}, 5: {1, 1}, 6: {1, 1}, 7: {1, 0}, 8: {1, 1}, 9: {1, 0},
	10: {1, 1}, 11: {1, 1}, 12: {1, 1}, 13: {1, 1}, 14: {1, 1}, 15: {1, 1}, 16: {1, 1}, 17: {1, 1},
	18: {1, 1}, 19: {1, 1}, 20: {1, 1}, 21: {2, 0}, 22: {2, 0}, 23: {2, 1}, 24: {2, 1}, 25: {2, 1},
	26: {2, 2}, 27: {2, 2}, 28: {2, 2}, 29: {2, 2}, 30: {2, 2}, 31: {2, 2}, 32: {3, 0}, 33: {3, 2},
	34: {3, 2}, 35: {6, 5},
}

// refYaku returns the yaku of a reading, id → han, before dora.
func refYaku(in *scoring.Input, r *scoring.Rules, rd *refReading) map[event.YakuID]int {
	menzen := true
	for _, m := range in.MeldList() {
		if m.Kind != event.MeldClosedKan {
			menzen = false
		}
	}
	y := map[event.YakuID]int{}
	add := func(id event.YakuID) {
		h := refHan[id]
		if menzen {
			y[id] = h[0]
		} else if h[1] > 0 {
			y[id] = h[1]
		}
	}
	// The situation.
	if in.DoubleRiichi {
		add(21)
	} else if in.Riichi {
		add(1)
	}
	if in.Ippatsu && r.Ippatsu {
		add(2)
	}
	if in.Tsumo && menzen {
		add(0)
	}
	if in.Chankan {
		add(3)
	}
	if in.Rinshan {
		add(4)
	}
	if in.Haitei {
		add(5)
	}
	if in.Houtei {
		add(6)
	}
	yakuman := map[event.YakuID]int{}
	if in.Tenhou {
		yakuman[37] = 13
	}
	if in.Chiihou {
		yakuman[38] = 13
	}
	if in.Renhou {
		// A renhou worth a mangan is settled in refScore.
		if r.Renhou == scoring.RenhouYakuman {
			yakuman[36] = 13
		}
	}
	double := func(id event.YakuID) {
		yakuman[id] = 13
		if r.DoubleYakumanForms {
			yakuman[id] = 26
		}
	}
	// The tiles of the whole hand.
	var all [34]int
	var kinds []int
	switch rd.form {
	case "regular":
		for _, g := range rd.groups {
			n := 3
			if g.kan {
				n = 4
			}
			for i := range n {
				if g.run {
					all[g.first+i]++
				} else {
					all[g.first]++
				}
			}
		}
		all[rd.pair] += 2
	case "pairs":
		for _, p := range rd.pairs {
			all[p] += 2
		}
	case "kokushi":
		for k := range 34 {
			if isTermOrHonor(k) {
				all[k]++
			}
		}
		all[rd.pair]++
	}
	for k, n := range all {
		if n > 0 {
			kinds = append(kinds, k)
		}
	}
	every := func(f func(k int) bool) bool {
		for _, k := range kinds {
			if !f(k) {
				return false
			}
		}
		return true
	}
	some := func(f func(k int) bool) bool { return !every(func(k int) bool { return !f(k) }) }
	honor := func(k int) bool { return k >= 27 }
	terminal := func(k int) bool { return k < 27 && (k%9 == 0 || k%9 == 8) }
	simple := func(k int) bool { return k < 27 && k%9 != 0 && k%9 != 8 }
	green := func(k int) bool { return k == 19 || k == 20 || k == 21 || k == 23 || k == 25 || k == 32 }
	suits := map[int]bool{}
	for _, k := range kinds {
		if k < 27 {
			suits[k/9] = true
		}
	}
	if every(simple) && (menzen || r.OpenTanyao) {
		add(8)
	}
	if len(suits) == 1 {
		if some(honor) {
			add(34)
		} else {
			add(35)
		}
	}
	if every(isTermOrHonor) && some(honor) && some(terminal) {
		add(31)
	}
	if every(honor) {
		yakuman[42] = 13
	}
	switch rd.form {
	case "kokushi":
		if rd.wait == "thirteen" {
			double(48)
		} else {
			yakuman[47] = 13
		}
	case "pairs":
		add(22)
	case "regular":
		if every(terminal) {
			yakuman[44] = 13
		}
		if every(green) {
			yakuman[43] = 13
		}
		runs, trips, kans, concealed := 0, 0, 0, 0
		runFirst := map[int]int{}
		tripKinds := map[int]bool{}
		for i, g := range rd.groups {
			if g.run {
				runs++
				runFirst[g.first]++
				continue
			}
			trips++
			tripKinds[g.first] = true
			if g.kan {
				kans++
			}
			if g.closed && i != rd.ronTriplet {
				concealed++
			}
		}
		value := func(k int) bool {
			return k >= 31 || k == int(in.SeatWind) || k == int(in.RoundWind)
		}
		if menzen && runs == 4 && !value(rd.pair) && rd.wait == "ryanmen" {
			add(7)
		}
		if menzen {
			peiko := 0
			for _, n := range runFirst {
				peiko += n / 2
			}
			if peiko == 1 {
				add(9)
			}
			if peiko == 2 {
				add(32)
			}
		}
		for _, g := range rd.groups {
			if g.run || g.first < 27 {
				continue
			}
			if g.first >= 31 {
				add(event.YakuID(18 + g.first - 31))
				continue
			}
			if g.first == int(in.SeatWind) {
				add(event.YakuID(10 + g.first - 27))
			}
			if g.first == int(in.RoundWind) {
				add(event.YakuID(14 + g.first - 27))
			}
		}
		outside := isTermOrHonor(rd.pair)
		for _, g := range rd.groups {
			if g.run && g.first%9 != 0 && g.first%9 != 6 || !g.run && !isTermOrHonor(g.first) {
				outside = false
			}
		}
		if outside && runs > 0 {
			if some(honor) {
				add(23)
			} else {
				add(33)
			}
		}
		for s := 0; s < 27; s += 9 {
			if runFirst[s] > 0 && runFirst[s+3] > 0 && runFirst[s+6] > 0 {
				add(24)
			}
		}
		for n := range 9 {
			if runFirst[n] > 0 && runFirst[n+9] > 0 && runFirst[n+18] > 0 {
				add(25)
			}
			if tripKinds[n] && tripKinds[n+9] && tripKinds[n+18] {
				add(26)
			}
		}
		if trips == 4 {
			add(28)
		}
		switch concealed {
		case 3:
			add(29)
		case 4:
			if rd.wait == "tanki" {
				double(41)
			} else {
				yakuman[40] = 13
			}
		}
		switch kans {
		case 3:
			add(27)
		case 4:
			yakuman[51] = 13
		}
		dragonSets, windSets := 0, 0
		for _, g := range rd.groups {
			if !g.run && g.first >= 31 {
				dragonSets++
			}
			if !g.run && g.first >= 27 && g.first <= 30 {
				windSets++
			}
		}
		if dragonSets == 3 {
			yakuman[39] = 13
		}
		if dragonSets == 2 && rd.pair >= 31 {
			add(30)
		}
		if windSets == 4 {
			double(49)
		}
		if windSets == 3 && rd.pair >= 27 && rd.pair <= 30 {
			yakuman[50] = 13
		}
		if len(in.MeldList()) == 0 && len(suits) == 1 && !some(honor) {
			s := kinds[0] / 9 * 9
			pattern := []int{3, 1, 1, 1, 1, 1, 1, 1, 3}
			ok := true
			for i, n := range pattern {
				if all[s+i] < n {
					ok = false
				}
			}
			if ok {
				before := all
				before[w(in)]--
				pure := true
				for i, n := range pattern {
					if before[s+i] != n {
						pure = false
					}
				}
				if pure {
					double(46)
				} else {
					yakuman[45] = 13
				}
			}
		}
	}
	if len(yakuman) > 0 {
		if !r.YakumanStacking {
			// Keep the single biggest (the lowest id among equals, as
			// the package's display order puts daisangen first).
			best, bestHan := event.YakuID(255), 0
			for id, h := range yakuman {
				if h > bestHan || h == bestHan && refRank(id) < refRank(best) {
					best, bestHan = id, h
				}
			}
			return map[event.YakuID]int{best: bestHan}
		}
		return yakuman
	}
	// A double riichi is not also a riichi; ryanpeikou not also iipeikou.
	return y
}

// refRank orders the yakuman as Tenhou lists them (for the one kept
// without stacking).
func refRank(id event.YakuID) int {
	order := []event.YakuID{36, 37, 38, 49, 50, 39, 40, 41, 51, 42, 43, 44, 45, 46, 47, 48}
	if i := slices.Index(order, id); i >= 0 {
		return i
	}
	return 100
}

func w(in *scoring.Input) int { return int(in.WinTile.Kind()) }

// refFu returns the fu of a reading. A pinfu shape won by tsumo has no
// tsumo fu even when the hand scores a yakuman instead of pinfu (Tenhou
// records 20 fu for such a tenhou).
func refFu(in *scoring.Input, r *scoring.Rules, rd *refReading) int {
	switch rd.form {
	case "pairs":
		return 25
	case "kokushi":
		return 0
	}
	menzen := true
	for _, m := range in.MeldList() {
		if m.Kind != event.MeldClosedKan {
			menzen = false
		}
	}
	runs := 0
	for _, g := range rd.groups {
		if g.run {
			runs++
		}
	}
	p := rd.pair
	seat, round := int(in.SeatWind), int(in.RoundWind)
	pinfu := menzen && runs == 4 && p < 31 && p != seat && p != round && rd.wait == "ryanmen"
	fu := 20
	if menzen && !in.Tsumo {
		fu += 10
	}
	if in.Tsumo && !(pinfu && r.PinfuTsumoFu == 20) {
		fu += 2
	}
	for i, g := range rd.groups {
		if g.run {
			continue
		}
		open := !g.closed || i == rd.ronTriplet
		v := map[[3]bool]int{ // kan, open, terminal/honour
			{false, true, false}: 2, {false, true, true}: 4, {false, false, false}: 4, {false, false, true}: 8,
			{true, true, false}: 8, {true, true, true}: 16, {true, false, false}: 16, {true, false, true}: 32,
		}[[3]bool{g.kan, open, isTermOrHonor(g.first)}]
		fu += v
	}
	if p >= 31 {
		fu += 2
	}
	switch {
	case p == seat && p == round:
		fu += r.DoubleWindFu
	case p == seat || p == round:
		fu += 2
	}
	if rd.wait == "kanchan" || rd.wait == "penchan" || rd.wait == "tanki" {
		fu += 2
	}
	if !menzen && !in.Tsumo && fu == 20 {
		return r.OpenPinfuFu
	}
	return (fu + 9) / 10 * 10
}

// refScore scores the win by trying every reading.
func refScore(in *scoring.Input, r *scoring.Rules) (refOutcome, bool) {
	readings := refReadings(in)
	if len(readings) == 0 {
		return refOutcome{}, false
	}
	// Dora.
	sanma := in.Players == 3
	var all [34]int
	for _, t := range in.HandTiles() {
		all[t.Kind()]++
	}
	for _, m := range in.MeldList() {
		for _, t := range m.Slice() {
			all[t.Kind()]++
		}
	}
	all[tile.North] += int(in.Kita)
	doraOf := func(ind tile.Tile) int {
		k := int(ind.Kind())
		var d int
		switch {
		case sanma && k == 0:
			d = 8
		case k < 27:
			d = k/9*9 + (k%9+1)%9
		case k <= 30:
			d = 27 + (k-27+1)%4
		default:
			d = 31 + (k-31+1)%3
		}
		return all[d]
	}
	var out refOutcome
	for i, ind := range in.DoraList() {
		if i == 0 || r.KanDora {
			out.Dora += doraOf(ind)
		}
	}
	if in.Riichi && r.UraDora {
		for i, ind := range in.UraList() {
			if i == 0 || r.KanDora && r.KanUra {
				out.Ura += doraOf(ind)
			}
		}
	}
	if r.RedFives > 0 {
		for _, t := range in.HandTiles() {
			if t.Red() {
				out.Red++
			}
		}
		for _, m := range in.MeldList() {
			for _, t := range m.Slice() {
				if t.Red() {
					out.Red++
				}
			}
		}
	}
	out.Kita = int(in.Kita)
	type cand struct {
		yaku          map[event.YakuID]int
		han, fu, base int
		limit         event.Limit
		yakuman       bool
	}
	var best *cand
	for i := range readings {
		rd := &readings[i]
		y := refYaku(in, r, rd)
		c := cand{yaku: y, fu: refFu(in, r, rd)}
		for id, h := range y {
			c.han += h
			if id >= 37 && id <= 51 || id == 36 && h == 13 {
				c.yakuman = true
			}
		}
		if c.han > 0 && !c.yakuman {
			c.han += out.Dora + out.Ura + out.Red + out.Kita
		}
		c.base, c.limit = refBase(r, c.han, c.fu, c.yakuman)
		if best == nil || c.base > best.base || c.base == best.base && (c.han > best.han || c.han == best.han && c.fu > best.fu) {
			best = &c
		}
	}
	out.Fu = best.fu
	flatRenhou := in.Renhou && r.Renhou == scoring.RenhouMangan && best.base < 2000
	if best.han == 0 && !flatRenhou {
		out.NoYaku = true
		return out, true
	}
	out.Han, out.Base, out.Limit = best.han, best.base, best.limit
	for id, h := range best.yaku {
		if h > 0 {
			out.Yaku = append(out.Yaku, event.Yaku{ID: id, Han: uint8(h)})
		}
	}
	if flatRenhou {
		// Renhou is a mangan that the other yaku and dora do not add to.
		out.Han, out.Base, out.Limit = 5, 2000, event.Mangan
		out.Yaku = []event.Yaku{{ID: 36, Han: 5}}
	} else if !best.yakuman {
		dora := out.Dora
		if r.KitaInDora {
			dora += out.Kita
		} else if out.Kita > 0 {
			out.Yaku = append(out.Yaku, event.Yaku{ID: event.YakuKitaDora, Han: uint8(out.Kita)})
		}
		if dora > 0 {
			out.Yaku = append(out.Yaku, event.Yaku{ID: event.YakuDora, Han: uint8(dora)})
		}
		if out.Red > 0 {
			out.Yaku = append(out.Yaku, event.Yaku{ID: event.YakuAkaDora, Han: uint8(out.Red)})
		}
		if in.Riichi && r.UraDora {
			out.Yaku = append(out.Yaku, event.Yaku{ID: event.YakuUraDora, Han: uint8(out.Ura)})
		}
	}
	slices.SortFunc(out.Yaku, func(a, b event.Yaku) int { return int(a.ID) - int(b.ID) })
	up := func(x int) int { return (x + 99) / 100 * 100 }
	b := out.Base
	players := int(in.Players)
	switch {
	case !in.Tsumo && in.Dealer():
		out.Ron = up(6 * b)
		out.Total = out.Ron
	case !in.Tsumo:
		out.Ron = up(4 * b)
		out.Total = out.Ron
	case in.Dealer():
		out.NonDealer = up(2 * b)
		if players == 3 && !r.TsumoLoss {
			out.NonDealer += up(up(2*b) / 2)
		}
		out.Total = out.NonDealer * (players - 1)
	default:
		out.NonDealer, out.Dlr = up(b), up(2*b)
		if players == 3 && !r.TsumoLoss {
			out.NonDealer += up(up(b) / 2)
			out.Dlr += up(up(b) / 2)
		}
		out.Total = out.Dlr + out.NonDealer*(players-2)
	}
	return out, true
}

// refBase returns the basic points and the limit.
func refBase(r *scoring.Rules, han, fu int, yakuman bool) (int, event.Limit) {
	if yakuman {
		return 8000 * (han / 13), event.Yakuman
	}
	if han == 0 {
		return 0, event.NoLimit
	}
	if han >= 13 {
		if r.Kazoe {
			return 8000, event.Yakuman
		}
		return 6000, event.Sanbaiman
	}
	if han >= 11 {
		return 6000, event.Sanbaiman
	}
	if han >= 8 {
		return 4000, event.Baiman
	}
	if han >= 6 {
		return 3000, event.Haneman
	}
	b := fu
	for range han + 2 {
		b *= 2
	}
	if han == 5 || b > 2000 {
		return 2000, event.Mangan
	}
	if r.Kiriage && (han == 4 && fu == 30 || han == 3 && fu == 60) {
		return 2000, event.NoLimit
	}
	return b, event.NoLimit
}
