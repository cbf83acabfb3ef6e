package scoring

import (
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/hand"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// Scorer scores wins under its Rules. The zero Scorer has invalid rules;
// set Rules first (a rule set's, from adjudicator.Rules.Scoring). A Scorer
// keeps a buffer from one win to the next, so that scoring does not
// allocate: use one Scorer per goroutine.
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
	if in.Renhou && s.Rules.Renhou == RenhouMangan {
		return s.renhouMangan(in)
	}
	return s.score(in)
}

// renhouMangan scores a renhou under rules where it is worth a mangan that
// does not add to the hand's other yaku and dora: the hand is paid the more
// of a mangan and its value without renhou.
func (s *Scorer) renhouMangan(in *Input) (Result, error) {
	without := *in
	without.Renhou = false
	res, err := s.score(&without)
	if err != nil || !res.NoYaku && res.Base >= event.Mangan.Base() {
		return res, err
	}
	flat := Result{Han: 5, Fu: res.Fu, Base: event.Mangan.Base(), Limit: event.Mangan, Form: res.Form, Wait: res.Wait,
		Dora: res.Dora, Ura: res.Ura, Red: res.Red, Kita: res.Kita}
	flat.add(yaku.Renhou, 5)
	s.Rules.pay(&flat, in.Tsumo, in.Dealer(), int(in.Players))
	return flat, nil
}

// score scores a valid input.
func (s *Scorer) score(in *Input) (Result, error) {
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
	yakuhai  [8]yaku.ID
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
