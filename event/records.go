package event

import (
	"fmt"
	"strconv"

	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/yaku"
)

// Known is a set of fields a format recorded. A record's fields whose bit is
// clear hold zero values that mean "the log does not say", not zero.
type Known uint16

// Known bits. Not every bit applies to every record; each record's doc says
// which it uses.
const (
	KnownHand    Known = 1 << iota // WinRecord.Hand and WinTile; RyuukyokuRecord.Hands
	KnownMelds                     // WinRecord.Melds
	KnownFu                        // WinRecord.Fu
	KnownHan                       // WinRecord.Han
	KnownPoints                    // WinRecord.Points and Limit
	KnownYaku                      // WinRecord.Yaku
	KnownDora                      // WinRecord.Dora
	KnownUra                       // WinRecord.Ura
	KnownBa                        // Honba and Sticks of a win or ryuukyoku record
	KnownDeltas                    // Deltas of a win or ryuukyoku record
	KnownBefore                    // Before of a win or ryuukyoku record
	KnownScores                    // EndRecord.Scores
	KnownPoints2                   // EndRecord.Points (the final points after oka and uma)
	KnownChips                     // chip balances or chip changes (Tenhou chip lobbies)
	KnownDice                      // Round.Dice
)

// RoundID names a hand: prevailing wind (0 East … 3 North), hand number 1–4
// and honba.
type RoundID struct {
	Wind   int8
	Number int8
	Honba  int16
}

var windLetters = [4]string{"E", "S", "W", "N"}

// String writes the round as wind letter, hand number and honba: "E1-0",
// "S4-2".
func (r RoundID) String() string {
	if r.Wind < 0 || r.Wind > 3 {
		return "?" + strconv.Itoa(int(r.Number)) + "-" + strconv.Itoa(int(r.Honba))
	}
	return windLetters[r.Wind] + strconv.Itoa(int(r.Number)) + "-" + strconv.Itoa(int(r.Honba))
}

// Round is what a RoundStart event records about a new hand.
type Round struct {
	// Wind is the prevailing wind (0 East, 1 South, 2 West, 3 North) and
	// Number the hand number within it (1–4); in Tenhou's single counter
	// the hand is 4×Wind + Number − 1.
	Wind   int8
	Number int8
	// Honba is the number of honba (repeat) sticks, Sticks the number of
	// 1000-point riichi sticks on the table when the hand starts.
	Honba  int16
	Sticks int16
	Dealer Seat
	// Scores are the four scores at the start of the hand, in points. In
	// three-player games seat 3 is 0.
	Scores [4]int32
	// Dora is the first dora indicator.
	Dora   tile.Tile
	DoraID tile.ID
	// Hands are the 13 starting tiles of each seat, in the format's order
	// (deal order in mjlog). Seat 3 of a three-player game is empty.
	Hands   [4][13]tile.Tile
	HandIDs [4][13]tile.ID
	// Dice are the two dice (1–6), when Known has KnownDice.
	Dice [2]int8
	// Chips are chip balances at the start of the hand (Tenhou chip lobbies),
	// when Known has KnownChips.
	Chips [4]int32
	// Shuffle is the per-hand wall seed of 2009 Tenhou logs (INIT shuffle).
	Shuffle string
	// Wall is the wall when the format records it, else nil; WallForm
	// says how it is laid out (0: a layout of the format's own, see its
	// decoder's documentation), WallHash what the platform published for
	// it before the hand.
	Wall     []tile.Tile
	WallForm WallForm
	WallHash WallHash
	Known    Known
	// Unknown lists, as Known bits, what the log does not record about the
	// hand's start; those fields are zero. KnownScores: Scores; KnownBa:
	// Sticks (Honba is always recorded). Zero for formats that record them
	// all (old mjai logs record neither scores nor sticks).
	Unknown Known
}

// ID returns the round's name.
func (r *Round) ID() RoundID { return RoundID{r.Wind, r.Number, r.Honba} }

// WallForm is the layout of a wall a log records (Round.Wall).
type WallForm uint8

// The wall layouts.
const (
	// WallOther: no wall, or a layout of a format's own (akochan's, in
	// mjai), which no check reads.
	WallOther WallForm = iota
	// WallAfterDeal is Mahjong Soul's paishan of the md5 era: the tiles
	// left after the deal (the dealer's fourteenth included), 83 in
	// four-player games and 68 in three-player ones. Live draws come
	// from the front; replacement draws from the end backwards; the dora
	// indicator is the 5th tile from the end (9th in three-player games),
	// kan dora the 7th, 9th, … (11th, 13th, …), ura indicators the tiles
	// after them (6th, 8th, …; 10th, 12th, …) (docs/majsoul-formats.md
	// §2.13).
	WallAfterDeal
	// WallWhole is Mahjong Soul's paishan of the sha256 era: the whole
	// wall, 136 (108) tiles, the deal first (four tiles to each seat from
	// the dealer's, three times round, then one each, then the dealer's
	// fourteenth: 53 (40) tiles), then as WallAfterDeal.
	WallWhole
)

var wallFormNames = [...]string{"other", "after_deal", "whole"}

// String returns "other", "after_deal" or "whole".
func (f WallForm) String() string {
	if int(f) < len(wallFormNames) {
		return wallFormNames[f]
	}
	return "WallForm(" + strconv.Itoa(int(f)) + ")"
}

// HashAlgo is the hash function of a published wall hash.
type HashAlgo uint8

// The hash functions.
const (
	// NoHash: the log records no hash of the wall.
	NoHash HashAlgo = iota
	// HashMD5: Mahjong Soul's md5 era (to May 2023): the MD5 of the
	// paishan string as written.
	HashMD5
	// HashSHA256: Mahjong Soul's sha256 era (from May 2023): the SHA-256
	// of the paishan string as written followed by the salt.
	HashSHA256
)

var hashAlgoNames = [...]string{"none", "md5", "sha256"}

// String returns "none", "md5" or "sha256".
func (a HashAlgo) String() string {
	if int(a) < len(hashAlgoNames) {
		return hashAlgoNames[a]
	}
	return "HashAlgo(" + strconv.Itoa(int(a)) + ")"
}

// WallHash is the hash a platform published for a hand's wall before the
// hand, with what it hashed, as the log records them (Mahjong Soul's md5,
// or sha256 and salt). Check compares them.
type WallHash struct {
	Algo HashAlgo
	// Digest is the recorded hash, as written (hexadecimal digits).
	Digest string
	// Text is the wall as the log writes it (the paishan string), which
	// the hash covers.
	Text string
	// Salt is appended to Text before hashing (sha256 era); SaltDigest is
	// the log's saltSha256, the hash the platform published for the salt
	// (what it covers is documented in docs/majsoul-formats.md §2.13).
	Salt, SaltDigest string
}

// Limit is the limit a win's value reached (yaku.Limit: its String is
// the limit's name, "mangan" …, "" for NoLimit).
type Limit = yaku.Limit

// The limits, as Tenhou numbers them (mjlog AGARI ten's third field).
const (
	NoLimit   = yaku.NoLimit
	Mangan    = yaku.Mangan
	Haneman   = yaku.Haneman
	Baiman    = yaku.Baiman
	Sanbaiman = yaku.Sanbaiman
	Yakuman   = yaku.Yakuman
)

// YakuID names a yaku: yaku.ID, whose numbering is Tenhou's (mjlog AGARI
// yaku ids 0–54), with ids from 64 up for yaku of other platforms that
// Tenhou does not have. Its String is haifu's name of the yaku
// ("riichi"); the yaku package holds every yaku's names and values.
type YakuID = yaku.ID

// Yaku ids that code refers to by name (the full list is yaku's).
const (
	YakuRiichi       = yaku.Riichi
	YakuDoubleRiichi = yaku.DoubleRiichi
	YakuDora         = yaku.Dora
	YakuUraDora      = yaku.UraDora
	YakuAkaDora      = yaku.AkaDora
	// YakuKitaDora counts North tiles set aside in three-player games
	// (Mahjong Soul lists it apart; Tenhou counts it inside YakuDora).
	YakuKitaDora = yaku.KitaDora
)

// Mahjong Soul yaku that Tenhou does not have: paarenchan and the optional
// ancient yaku (古役). Mahjong Soul's renhou maps to Tenhou's renhou (36)
// with the han the log gives.
const (
	YakuPaarenchan     = yaku.Paarenchan         // eight consecutive dealer wins (yakuman)
	YakuTsubameGaeshi  = yaku.TsubameGaeshi      // ron on a riichi declaration tile
	YakuKanburi        = yaku.Kanburi            // ron on the discard after a kan
	YakuShiiaruRaotai  = yaku.ShiiaruRaotai      // four melds, tanki on a called hand
	YakuUumensai       = yaku.Uumensai           // all five tile groups
	YakuSanrenkou      = yaku.Sanrenkou          // three consecutive triplets of a suit
	YakuIsshokuSanjun  = yaku.IsshokuSanjun      // three identical sequences
	YakuIipinMoyue     = yaku.IipinMoyue         // haitei tsumo on 1p
	YakuChuupinRaoyui  = yaku.ChuupinRaoyui      // houtei ron on 9p
	YakuDaisharin      = yaku.Daisharin          // 22334455667788p (yakuman)
	YakuDaichikurin    = yaku.Daichikurin        // 22334455667788s (yakuman)
	YakuDaisuurin      = yaku.Daisuurin          // 22334455667788m (yakuman)
	YakuIshiNoUeSannen = yaku.IshiNoUeNiMoSannen // double riichi houtei/haitei (yakuman)
	YakuDaichisei      = yaku.Daichisei          // seven pairs of honours (double yakuman)
)

// Yaku is one entry of a win's yaku list: a yaku and its han. For a yakuman
// Han is 13 per yakuman it counts for.
type Yaku struct {
	ID  YakuID
	Han uint8
}

// MaxYaku is the most yaku entries a WinRecord holds.
const MaxYaku = 24

// WinRecord is a win as the log recorded it. Known says which fields the
// format carries (KnownHand, KnownMelds, KnownFu, KnownHan, KnownPoints,
// KnownYaku, KnownDora, KnownUra, KnownBa, KnownDeltas, KnownBefore,
// KnownChips).
type WinRecord struct {
	// Winner won on From's discard (From == Winner for a tsumo). Liable is
	// the seat liable for the yakuman (pao), or NoSeat.
	Winner, From, Liable Seat
	// Hand is the winner's concealed tiles including the winning tile
	// (HandLen of them); WinTile is the winning tile.
	Hand    [14]tile.Tile
	HandIDs [14]tile.ID
	HandLen uint8
	WinTile tile.Tile
	WinID   tile.ID
	// Melds are the winner's melds, in the log's order (mjlog: most recent
	// first), kita included.
	Melds  [8]Meld
	NMelds uint8
	// Fu and Han as recorded (Han is the sum of the yaku's han).
	Fu, Han int16
	// Points is the hand's value without honba and sticks: what the
	// discarder pays on a ron, the total collected on a tsumo.
	Points int32
	Limit  Limit
	Yaku   [MaxYaku]Yaku
	NYaku  uint8
	// Dora and Ura are the revealed dora and ura indicators.
	Dora, Ura   [5]tile.Tile
	DoraIDs     [5]tile.ID
	UraIDs      [5]tile.ID
	NDora, NUra uint8
	// Honba and Sticks are the log's ba: the hand's honba and the riichi
	// sticks on the table at the moment of the win (0 sticks for the second
	// winner of a Tenhou double ron).
	Honba, Sticks int16
	// Deltas are the score changes of this win including honba and sticks;
	// Before the scores just before it (after riichi deposits and, for a
	// second winner, after the first win's payment). Points.
	Deltas, Before [4]int32
	// ChipDeltas are chip changes (Tenhou chip lobbies).
	ChipDeltas [4]int32
	Known      Known
}

// HandTiles returns the concealed tiles. The slice aliases w. (Like the
// other lists of a record, it stops at the array's end whatever its count
// says, so that a record built wrong cannot make a reader panic.)
func (w *WinRecord) HandTiles() []tile.Tile { return w.Hand[:min(int(w.HandLen), len(w.Hand))] }

// MeldList returns the melds. The slice aliases w.
func (w *WinRecord) MeldList() []Meld { return w.Melds[:min(int(w.NMelds), len(w.Melds))] }

// YakuList returns the yaku. The slice aliases w.
func (w *WinRecord) YakuList() []Yaku { return w.Yaku[:min(int(w.NYaku), len(w.Yaku))] }

// DoraList returns the dora indicators. The slice aliases w.
func (w *WinRecord) DoraList() []tile.Tile { return w.Dora[:min(int(w.NDora), len(w.Dora))] }

// UraList returns the ura dora indicators. The slice aliases w.
func (w *WinRecord) UraList() []tile.Tile { return w.Ura[:min(int(w.NUra), len(w.Ura))] }

// AddYaku appends a yaku entry; it fails when MaxYaku are already there.
func (w *WinRecord) AddYaku(id YakuID, han int) error {
	if int(w.NYaku) >= MaxYaku {
		return fmt.Errorf("more than %d yaku", MaxYaku)
	}
	if han < 0 || han > 255 {
		return fmt.Errorf("yaku %v: han %d out of range", id, han)
	}
	w.Yaku[w.NYaku] = Yaku{id, uint8(han)}
	w.NYaku++
	return nil
}

// Tsumo reports whether the win was by self-draw.
func (w *WinRecord) Tsumo() bool { return w.From == w.Winner }

// RyuukyokuKind is how a hand ended without a winner.
type RyuukyokuKind uint8

// The ways a hand ends without a winner. Their String values are the
// `rounds.outcome` names.
const (
	_ RyuukyokuKind = iota
	// Exhaustive is the exhaustive draw: the live wall ran out.
	Exhaustive
	// Nagashi is nagashi mangan (an exhaustive draw where a player's
	// discards were all terminals and honours, none called).
	Nagashi
	// NineTerminals is the abortive draw declared with nine different
	// terminals and honours on the first draw (kyuushu kyuuhai).
	NineTerminals
	// FourWinds is the abortive draw when the same wind is discarded by all
	// four players in the first go-round (suufon renda).
	FourWinds
	// FourRiichi is the abortive draw when all four players are in riichi.
	FourRiichi
	// FourKans is the abortive draw after four kans by two or more players.
	FourKans
	// TripleRon is the abortive draw when three players ron one discard.
	TripleRon
	// Interrupted is a hand the server stopped with no result (Tenhou
	// writes a RYUUKYOKU with neither scores nor type, and an empty owari).
	Interrupted
	// Unrecorded is a hand end without a winner whose kind the log does not
	// record (mjai logs written by Mortal's tools give a ryukyoku with score
	// changes only); the replay tells the kind from the table.
	Unrecorded
	numRyuukyokuKinds
)

var ryuukyokuNames = [numRyuukyokuKinds]string{
	Exhaustive:    "exhaustive",
	Nagashi:       "nagashi",
	NineTerminals: "nine_terminals",
	FourWinds:     "four_winds",
	FourRiichi:    "four_riichi",
	FourKans:      "four_kans",
	TripleRon:     "triple_ron",
	Interrupted:   "interrupted",
	Unrecorded:    "unrecorded",
}

// String returns the kind's name: "exhaustive", "nagashi", "nine_terminals",
// "four_winds", "four_riichi", "four_kans", "triple_ron", "interrupted" or
// "unrecorded".
func (k RyuukyokuKind) String() string {
	if k == 0 || k >= numRyuukyokuKinds {
		return "RyuukyokuKind(" + strconv.Itoa(int(k)) + ")"
	}
	return ryuukyokuNames[k]
}

// IsAbortive reports whether k is one of the five abortive draws.
func (k RyuukyokuKind) IsAbortive() bool { return k >= NineTerminals && k <= TripleRon }

// RyuukyokuRecord is a hand end without a winner as the log recorded it.
// Known may have KnownHand (Revealed and Hands), KnownBa, KnownDeltas,
// KnownBefore and KnownChips.
type RyuukyokuRecord struct {
	Kind RyuukyokuKind
	// Revealed says which seats showed their hand, Hands holds them
	// (HandLen tiles each; concealed tiles only).
	Revealed [4]bool
	Hands    [4][14]tile.Tile
	HandIDs  [4][14]tile.ID
	HandLen  [4]uint8
	// Honba and Sticks are the log's ba (sticks include deposits made in
	// the hand).
	Honba, Sticks int16
	// Deltas are the score changes (noten payments, nagashi payments, and
	// the payments of a chombo: a riichi player found noten at an
	// exhaustive draw or at a four-riichi abortive draw, under rules that
	// make that a chombo; the other abortive draws pay nothing); Before
	// the scores just before them. Points.
	Deltas, Before [4]int32
	ChipDeltas     [4]int32
	Known          Known
	// Tenpai is each seat's tenpai as the log declares it (mjai tenpais),
	// FlagUnknown where the log does not say.
	Tenpai [4]Flag
}

// HandTiles returns seat s's revealed tiles (none for a seat that is not
// 0-3). The slice aliases r.
func (r *RyuukyokuRecord) HandTiles(s Seat) []tile.Tile {
	if !s.Valid() {
		return nil
	}
	return r.Hands[s][:min(int(r.HandLen[s]), len(r.Hands[s]))]
}

// EndRecord is the game's final result as the log recorded it (Tenhou's
// owari). Known may have KnownScores, KnownPoints2 and KnownChips.
type EndRecord struct {
	// Scores are the final scores in points (including leftover riichi
	// sticks where the platform awards them).
	Scores [4]int32
	// Points are the final results after oka and uma (e.g. +42.0), as
	// recorded; Tenhou writes one decimal.
	Points [4]float64
	Chips  [4]int32
	Known  Known
}

// Check reports the first value of w that no log can give — a seat that
// is not one of the game's players seats, a count beyond its array, a tile
// that is not a tile — or nil. Decoders never write such a record; a
// program that builds one (a converter under test, say) can, and the
// replay reports it instead of reading it.
func (w *WinRecord) Check(players int) error {
	switch {
	case !seatOf(w.Winner, players):
		return fmt.Errorf("winner %d is not a seat of a %d-player game", w.Winner, players)
	case !seatOf(w.From, players):
		return fmt.Errorf("discarder %d is not a seat of a %d-player game", w.From, players)
	case w.Liable != NoSeat && !seatOf(w.Liable, players):
		return fmt.Errorf("liable player %d is not a seat of a %d-player game", w.Liable, players)
	case int(w.HandLen) > len(w.Hand) || int(w.NMelds) > len(w.Melds) || int(w.NYaku) > len(w.Yaku) ||
		int(w.NDora) > len(w.Dora) || int(w.NUra) > len(w.Ura):
		return fmt.Errorf("counts (hand %d, melds %d, yaku %d, dora %d, ura %d) beyond the record's room", w.HandLen, w.NMelds, w.NYaku, w.NDora, w.NUra)
	case w.WinTile != tile.None && !w.WinTile.Valid():
		return fmt.Errorf("winning tile %d is not a tile", w.WinTile)
	case w.Limit > Yakuman:
		return fmt.Errorf("limit %d out of range", w.Limit)
	}
	for _, list := range [][]tile.Tile{w.HandTiles(), w.DoraList(), w.UraList()} {
		if err := checkTiles(list); err != nil {
			return err
		}
	}
	for i := range w.MeldList() {
		if err := w.Melds[i].Check(players); err != nil {
			return fmt.Errorf("meld %d: %w", i+1, err)
		}
	}
	return nil
}

// Check reports the first value of r that no log can give (see
// WinRecord.Check), or nil.
func (r *RyuukyokuRecord) Check() error {
	for s := range r.Hands {
		if !r.Revealed[s] {
			continue
		}
		if int(r.HandLen[s]) > len(r.Hands[s]) {
			return fmt.Errorf("seat %d's hand of %d tiles is beyond the record's room", s, r.HandLen[s])
		}
		if err := checkTiles(r.HandTiles(Seat(s))); err != nil {
			return fmt.Errorf("seat %d's hand: %w", s, err)
		}
	}
	return nil
}

// seatOf reports whether s is a seat of a game of the given players.
func seatOf(s Seat, players int) bool { return s >= 0 && int(s) < players }

// checkTiles reports the first value of ts that is not a tile.
func checkTiles(ts []tile.Tile) error {
	for _, t := range ts {
		if !t.Valid() {
			return fmt.Errorf("%d is not a tile", t)
		}
	}
	return nil
}
