package scoring

import (
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
)

// Scorer scores wins under its Rules. The zero Scorer has invalid rules;
// set Rules first (TenhouRules, MajsoulRules). A Scorer keeps a buffer from
// one win to the next, so that scoring does not allocate: use one Scorer
// per goroutine.
type Scorer struct {
	Rules Rules
	decs  []hand.Decomposition
}

// Score computes the value of the win in: every reading of the hand (each
// decomposition, and each place of the winning tile in it) is scored, and
// the one worth the most points wins; among readings of equal points the
// one with more han, then more fu. A complete hand without a yaku gives a
// Result with NoYaku set and no error. Score returns an error wrapping
// ErrRules, ErrInput or ErrNotComplete when it cannot score.
func (s *Scorer) Score(in *Input) (Result, error) {
	if err := s.Rules.Validate(); err != nil {
		return Result{}, err
	}
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	var a analysis
	a.init(in, &s.Rules)
	s.decs = hand.AppendDecompositions(s.decs[:0], &a.conc)
	if len(s.decs) == 0 {
		return Result{}, fmt.Errorf("%w: %s with %d melds", ErrNotComplete, tile.FormatTiles(in.HandTiles()), in.NMelds)
	}
	var best candidate
	for i := range s.decs {
		a.readings(&s.decs[i], &best)
	}
	return a.result(&best), nil
}

// analysis is what one win's readings share.
type analysis struct {
	in    *Input
	rules *Rules
	// conc holds the concealed tiles, the winning tile included; all the
	// concealed and meld tiles (a kan's four), kita not included.
	conc, all tile.Counts
	win       tile.Kind
	closed    bool
	// melds are the melds as sets, in order.
	melds  [4]set
	nmelds int
	kans   int
	// honors: the hand holds an honour; terminals: a terminal.
	honors, terminals bool
	// situ holds the yaku of the situation (riichi, tsumo, haitei ...);
	// regular and pairs the yaku of the tiles, the same for every reading
	// of the regular form and of seven pairs.
	situ, regular, pairs yakuSet
	// yakuhai lists the yakuhai of the regular form in display order.
	yakuhai  [8]event.YakuID
	nyakuhai int
	// The dora counts (see Result).
	dora, ura, red, kita int
}

// set is a run, a triplet or a kan of a reading: a concealed set or a
// meld.
type set struct {
	first tile.Kind // the triplet's kind, the run's lowest
	run   bool
	kan   bool
	// open: a meld other than a closed kan, or a triplet completed by ron
	// (open for fu and for sanankou).
	open bool
}

// has reports whether the set holds a tile of kind k.
func (s set) has(k tile.Kind) bool {
	if s.run {
		return k >= s.first && k <= s.first+2
	}
	return k == s.first
}

// init works out what the readings share.
func (a *analysis) init(in *Input, r *Rules) {
	a.in, a.rules = in, r
	a.win = in.WinTile.Kind()
	a.closed = true
	for _, t := range in.HandTiles() {
		a.conc[t.Kind()]++
	}
	a.all = a.conc
	for i := range in.MeldList() {
		m := &in.Melds[i]
		for _, t := range m.Slice() {
			a.all[t.Kind()]++
		}
		s := set{first: m.FirstKind(), run: m.Kind == event.MeldChi, kan: m.Kind.IsKan(), open: m.Kind != event.MeldClosedKan}
		if s.kan {
			a.kans++
		}
		if s.open {
			a.closed = false
		}
		a.melds[a.nmelds] = s
		a.nmelds++
	}
	a.situation()
	a.tiles()
	a.countDora()
}

// situation sets the yaku of the facts of the play.
func (a *analysis) situation() {
	in, r := a.in, a.rules
	s := &a.situ
	switch {
	case in.DoubleRiichi:
		s.add(yDoubleRiichi)
	case in.Riichi:
		s.add(yRiichi)
	}
	if in.Ippatsu && r.Ippatsu {
		s.add(yIppatsu)
	}
	if in.Tsumo && a.closed {
		s.add(yMenzenTsumo)
	}
	for _, f := range [...]struct {
		on bool
		id event.YakuID
	}{
		{in.Chankan, yChankan}, {in.Rinshan, yRinshan}, {in.Haitei, yHaitei}, {in.Houtei, yHoutei},
		{in.Tenhou, yTenhou}, {in.Chiihou, yChiihou}, {in.Renhou && r.Renhou != RenhouNone, yRenhou},
	} {
		if f.on {
			s.add(f.id)
		}
	}
}

// Tile kinds by group.
const (
	greenKinds = hand.KindSet(1<<tile.Sou2 | 1<<tile.Sou3 | 1<<tile.Sou4 | 1<<tile.Sou6 | 1<<tile.Sou8 | 1<<tile.Hatsu)
	honorKinds = hand.KindSet((1<<tile.NumKinds - 1) &^ (1<<tile.East - 1))
	termKinds  = hand.KindSet(1<<tile.Man1 | 1<<tile.Man9 | 1<<tile.Pin1 | 1<<tile.Pin9 | 1<<tile.Sou1 | 1<<tile.Sou9)
	suitKinds  = hand.KindSet(1<<9 - 1)
)

// tiles sets the yaku that depend on the tiles alone.
func (a *analysis) tiles() {
	kinds := hand.KindsOf(&a.all) // kita are not part of the hand
	a.honors = kinds&honorKinds != 0
	a.terminals = kinds&termKinds != 0
	var both yakuSet // yaku of the tiles for both forms
	suits := 0
	for s := range 3 {
		if kinds&(suitKinds<<(9*s)) != 0 {
			suits++
		}
	}
	switch {
	case kinds&^(honorKinds|termKinds) == 0 && a.honors && a.terminals:
		both.add(yHonroutou)
	case kinds&^honorKinds == 0:
		both.add(yTsuuiisou)
	case kinds&^termKinds == 0:
		both.add(yChinroutou)
	}
	if kinds&(honorKinds|termKinds) == 0 && (a.closed || a.rules.OpenTanyao) {
		both.add(yTanyao)
	}
	if suits == 1 {
		if a.honors {
			both.add(yHonitsu)
		} else {
			both.add(yChinitsu)
		}
	}
	a.pairs = both
	a.pairs.add(yChiitoitsu)
	a.regular = both
	if kinds&^greenKinds == 0 {
		a.regular.add(yRyuuiisou)
	}
	if a.nmelds == 0 && suits == 1 && !a.honors {
		a.chuuren()
	}
	switch a.kans {
	case 3:
		a.regular.add(ySankantsu)
	case 4:
		a.regular.add(ySuukantsu)
	}
	// Dragons and winds: in a regular hand an honour is a set (3 or 4
	// tiles), the pair (2) or absent.
	dragons, dragonPair, winds, windPair := 0, false, 0, false
	for k := tile.East; k <= tile.Chun; k++ {
		switch n := a.all[k]; {
		case n >= 3 && k.IsDragon():
			dragons++
		case n >= 3:
			winds++
		case n == 2 && k.IsDragon():
			dragonPair = true
		case n == 2:
			windPair = true
		}
	}
	switch {
	case dragons == 3:
		a.regular.add(yDaisangen)
	case dragons == 2 && dragonPair:
		a.regular.add(yShousangen)
	}
	switch {
	case winds == 4:
		a.regular.add(yDaisuushii)
	case winds == 3 && windPair:
		a.regular.add(yShousuushii)
	}
	a.listYakuhai()
}

// chuuren adds chuuren poutou for a closed one-suit hand of 1112345678999
// and one more tile of the suit, junsei when the tile before the winning
// one was exactly that.
func (a *analysis) chuuren() {
	base := 0
	for a.conc[base] == 0 {
		base++
	}
	base -= base % 9
	need := [9]uint8{3, 1, 1, 1, 1, 1, 1, 1, 3}
	for i, n := range need {
		if a.conc[base+i] < n {
			return
		}
	}
	if a.conc[a.win] == need[int(a.win)-base]+1 {
		a.regular.add(yJunseiChuuren)
	} else {
		a.regular.add(yChuuren)
	}
}

// listYakuhai lists the yakuhai of the regular form in Tenhou's order:
// the concealed honour triplets by kind, then the melds in the order they
// were made; a double wind as round wind, then seat wind.
func (a *analysis) listYakuhai() {
	add := func(k tile.Kind) {
		switch {
		case k.IsDragon():
			a.yakuhai[a.nyakuhai] = yHaku + event.YakuID(k-tile.Haku)
			a.nyakuhai++
		case k.IsWind():
			if k == a.in.RoundWind {
				a.yakuhai[a.nyakuhai] = yRoundEast + event.YakuID(k-tile.East)
				a.nyakuhai++
			}
			if k == a.in.SeatWind {
				a.yakuhai[a.nyakuhai] = ySeatEast + event.YakuID(k-tile.East)
				a.nyakuhai++
			}
		}
	}
	for k := tile.East; k <= tile.Chun; k++ {
		if a.conc[k] >= 3 {
			add(k)
		}
	}
	for _, m := range a.melds[:a.nmelds] {
		if !m.run && m.first.IsHonor() {
			add(m.first)
		}
	}
	for _, id := range a.yakuhai[:a.nyakuhai] {
		a.regular.add(id)
	}
}
