// Package check is the vocabulary of what haifu checks: every check a
// finding can be reported under, with its stable name, the verification
// level it belongs to (docs/design.md) and a one-line description, declared here
// once; and Finding, what the replay, the adjudicator and the wall checker
// report. The README's table of checks and `haifu checks` come from this
// package (a test holds the README to it).
//
// A Check is a small integer, like go/token's Token: comparing and storing
// one costs nothing, and its name is looked up in a table only when it is
// written out.
package check

import (
	"strconv"

	"github.com/haifu/haifu/event"
)

// Level is a verification level of docs/design.md.
type Level uint8

// The levels.
const (
	// LevelParse: the log can be read, and its values are values.
	LevelParse Level = 1 + iota
	// LevelLegality: every event is legal where it stands.
	LevelLegality
	// LevelHandEnd: every hand end (draw or win) is what the rules allow
	// and pays what they say.
	LevelHandEnd
	// LevelFlow: the game goes on and ends as the rules say.
	LevelFlow
	// LevelWall: the wall rebuilt from the seed gives every tile.
	LevelWall
)

var levelNames = [...]string{"", "parse", "legality", "hand end", "flow", "wall"}

// String returns the level's name: "parse", "legality", "hand end",
// "flow" or "wall".
func (l Level) String() string {
	if int(l) < len(levelNames) && l > 0 {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// Check is one thing haifu checks. The zero Check is none.
type Check uint8

// The checks, by level.
const (
	_ Check = iota

	Parse           // parse
	ParseWarning    // parse.warning
	ParseSeat       // parse.seat
	ParseEvent      // parse.event
	ParseTile       // parse.tile
	ParseRound      // parse.round
	ParseWin        // parse.win
	ParseRyuukyoku  // parse.ryuukyoku
	LegalityTurn    // legality.turn
	LegalityDraw    // legality.draw
	LegalityWall    // legality.wall
	LegalityDiscard // legality.discard
	LegalityTsumogiri
	LegalityCall
	LegalityChi
	LegalityKuikae
	LegalityKan
	LegalityKita
	LegalityDora
	LegalityRiichi
	LegalityRiichiDiscard
	LegalityRiichiKan
	LegalityWin
	LegalityWinHand
	LegalityFuriten
	LegalityRevealedHand
	LegalityHandSize
	LegalityTileCount
	LegalityOrder
	ScoreRiichi
	ScoreBefore
	DrawWall
	DrawOrder
	DrawTenpai
	DrawPayment
	DrawNagashi
	DrawNagashiPayment
	DrawNotenRiichi
	DrawChombo
	DrawNineTerminals
	DrawFourWinds
	DrawFourRiichi
	DrawFourKans
	DrawTripleRon
	WinYaku
	WinHan
	WinFu
	WinDora
	WinLimit
	WinPoints
	WinPayment
	WinBa
	FlowFirstRound
	FlowStartScores
	FlowNextRound
	FlowScores
	GameEnd
	GameFinalScores
	GameFinalPoints
	WallSeed
	WallDice
	WallDeal
	WallDraw
	WallReplacement
	WallDora
	WallUra
	WallHaitei
	WallHash
	numChecks
)

// info is what the table says of a check.
type info struct {
	name  string
	level Level
	doc   string
}

// table holds every check, in the order of the constants.
var table = [numChecks]info{
	Parse:          {"parse", LevelParse, "the input cannot be read (the message gives the file, the game in a file of several, the byte offset, the element or line and the round)"},
	ParseWarning:   {"parse.warning", LevelParse, "a problem the decoder worked around (text that is no part of the log, a value cut to its limit); a warning, not a discrepancy"},
	ParseSeat:      {"parse.seat", LevelParse, "an event by a seat that is not one of the game's (a game no decoder writes, but a program building one can)"},
	ParseEvent:     {"parse.event", LevelParse, "an event that no log can hold: an unknown type, a tile or a meld that is not one"},
	ParseTile:      {"parse.tile", LevelParse, "a tile that is not a tile where a hand takes or gives one"},
	ParseRound:     {"parse.round", LevelParse, "a hand start that refers to no round record, or whose record is not a hand (a dealer that is no seat, a short starting hand)"},
	ParseWin:       {"parse.win", LevelParse, "a win that refers to no win record, or whose record fails its own check"},
	ParseRyuukyoku: {"parse.ryuukyoku", LevelParse, "a hand end without a winner that refers to no record, or whose record fails its own check"},

	LegalityTurn:          {"legality.turn", LevelLegality, "a draw, discard or call by a seat whose turn it is not"},
	LegalityDraw:          {"legality.draw", LevelLegality, "a draw marked as a replacement draw with no kan or kita before it"},
	LegalityWall:          {"legality.wall", LevelLegality, "a draw from an empty live wall"},
	LegalityDiscard:       {"legality.discard", LevelLegality, "a discard of a tile the player does not hold, or more discards than a river can hold"},
	LegalityTsumogiri:     {"legality.tsumogiri", LevelLegality, "a discard marked as the tile just drawn that is not it"},
	LegalityCall:          {"legality.call", LevelLegality, "a chi, pon or open kan of no discard, of another tile than the last discard, from the wrong seat, in riichi, of the hand's last discard, or with tiles the player does not hold"},
	LegalityChi:           {"legality.chi", LevelLegality, "a chi from another seat than the one on the left, or in a three-player game"},
	LegalityKuikae:        {"legality.kuikae", LevelLegality, "a discard right after a chi or pon of the called kind or of the other end of the chi (swap calling), where the rules forbid it"},
	LegalityKan:           {"legality.kan", LevelLegality, "a kan the player cannot make: tiles not held, a fifth kan, none left to draw"},
	LegalityKita:          {"legality.kita", LevelLegality, "a kita in a four-player game, or of a North the player does not hold"},
	LegalityDora:          {"legality.dora", LevelLegality, "a dora indicator revealed at the wrong time, or not revealed when due"},
	LegalityRiichi:        {"legality.riichi", LevelLegality, "a riichi that is not allowed (twice, open hand, after a call, too few points or tiles left, a hand that is not tenpai), or whose stick is paid wrongly"},
	LegalityRiichiDiscard: {"legality.riichi_discard", LevelLegality, "a player in riichi who discards another tile than the one drawn"},
	LegalityRiichiKan:     {"legality.riichi_kan", LevelLegality, "a closed kan in riichi with another tile than the one drawn, or that changes the waits"},
	LegalityWin:           {"legality.win", LevelLegality, "a win that is not possible: out of turn, on another tile, with a hand of the wrong size or not complete, a closed kan robbed by a hand that is not thirteen orphans"},
	LegalityWinHand:       {"legality.win_hand", LevelLegality, "a recorded winning hand or meld count that is not the replayed one"},
	LegalityFuriten:       {"legality.furiten", LevelLegality, "a ron by a player in furiten (discard, temporary or riichi furiten)"},
	LegalityRevealedHand:  {"legality.revealed_hand", LevelLegality, "a hand shown at a draw that is not the replayed one"},
	LegalityHandSize:      {"legality.hand_size", LevelLegality, "a discard from a hand of the wrong number of tiles"},
	LegalityTileCount:     {"legality.tile_count", LevelLegality, "a fifth copy of a tile kind, or a tile id twice, in one hand"},
	LegalityOrder:         {"legality.order", LevelLegality, "an event where none can be: before the first hand, after the hand ended"},

	ScoreRiichi: {"score.riichi", LevelHandEnd, "the scores recorded after a riichi stick are not the replayed ones"},
	ScoreBefore: {"score.before", LevelHandEnd, "the scores recorded before a win are not the replayed ones (the hand's start minus riichi sticks)"},

	DrawWall:           {"draw.wall", LevelHandEnd, "an exhaustive draw with tiles left in the live wall"},
	DrawOrder:          {"draw.order", LevelHandEnd, "an exhaustive draw not right after the last discard"},
	DrawTenpai:         {"draw.tenpai", LevelHandEnd, "a hand shown (or hidden) at an exhaustive draw that is not tenpai (or is) under the rules' tenpai policy"},
	DrawPayment:        {"draw.payment", LevelHandEnd, "the score changes of a draw are not the rules' noten payments"},
	DrawNagashi:        {"draw.nagashi", LevelHandEnd, "nagashi mangan recorded without a player who qualifies, or a player who qualifies recorded as a plain draw"},
	DrawNagashiPayment: {"draw.nagashi_payment", LevelHandEnd, "the payments of a nagashi mangan are not the rules'"},
	DrawNotenRiichi:    {"draw.noten_riichi", LevelHandEnd, "a player in riichi is noten at an exhaustive draw (the client forbids a noten riichi)"},
	DrawChombo:         {"draw.chombo", LevelHandEnd, "the score changes of a chombo (noten in riichi at an exhaustive draw, where the rules make it one) differ from the rules' payment"},
	DrawNineTerminals:  {"draw.nine_terminals", LevelHandEnd, "a nine-terminals abortive draw that its conditions do not allow (not the first draw, a call before, fewer than nine kinds)"},
	DrawFourWinds:      {"draw.four_winds", LevelHandEnd, "a four-winds abortive draw that its conditions do not allow, or play that goes on after four identical first winds where the rules abort"},
	DrawFourRiichi:     {"draw.four_riichi", LevelHandEnd, "a four-riichi abortive draw without every player in riichi, or play that goes on after the fourth riichi where the rules abort"},
	DrawFourKans:       {"draw.four_kans", LevelHandEnd, "a four-kans abortive draw without four kans by two or more players (and a discard after them, where the rules abort after it), play that goes on where the rules abort, or a fifth kan the rules forbid"},
	DrawTripleRon:      {"draw.triple_ron", LevelHandEnd, "a triple-ron abortive draw without three players who can ron the tile"},

	WinYaku:    {"win.yaku", LevelHandEnd, "a yaku recorded that the hand does not have, or one it has that is not recorded, by name and han (dora aside), as the scorer computes the hand under the rules; or a win whose hand has no yaku"},
	WinHan:     {"win.han", LevelHandEnd, "the recorded han are not the hand's (reported when its yaku and dora agree)"},
	WinFu:      {"win.fu", LevelHandEnd, "the recorded fu are not the hand's, as the reading that scores most counts them"},
	WinDora:    {"win.dora", LevelHandEnd, "the dora, ura dora, red five or kita counts are not those of the indicators and the hand"},
	WinLimit:   {"win.limit", LevelHandEnd, "the recorded limit (mangan ... yakuman) is not the hand's (reported when the yaku, dora, han and fu agree)"},
	WinPoints:  {"win.points", LevelHandEnd, "the recorded value of a win (without honba and sticks) is not the hand's; under rules not the log's own, the hand is worth another amount; a hand that cannot be scored (hidden tiles) is held to its own recorded han and fu"},
	WinPayment: {"win.payment", LevelHandEnd, "a win's payments do not follow from its value, honba, riichi sticks and pao"},
	WinBa:      {"win.ba", LevelHandEnd, "the honba and riichi sticks recorded with a win are not those on the table"},

	FlowFirstRound:  {"flow.first_round", LevelFlow, "a whole game that does not start at East 1 with seat 0 dealing, no honba and no sticks"},
	FlowStartScores: {"flow.start_scores", LevelFlow, "the starting scores are not the rules' start points"},
	FlowNextRound:   {"flow.next_round", LevelFlow, "the next hand's round, dealer, honba or riichi sticks are not what the rules give"},
	FlowScores:      {"flow.scores", LevelFlow, "a hand's starting scores are not the previous hand's scores plus its recorded changes (the log contradicts itself)"},
	GameEnd:         {"game.end", LevelFlow, "the game ends where the rules go on, or goes on where they end it (goal, extension, tobi, agari-yame and tenpai-yame)"},
	GameFinalScores: {"game.final_scores", LevelFlow, "the final scores are not the last scores plus the leftover riichi sticks"},
	GameFinalPoints: {"game.final_points", LevelFlow, "the final points are not the rules' oka, uma and rounding"},

	WallSeed:        {"wall.seed", LevelWall, "a wall seed that cannot be read"},
	WallDice:        {"wall.dice", LevelWall, "dice that are not the wall's"},
	WallDeal:        {"wall.deal", LevelWall, "a starting hand that is not the wall's deal, in deal order (a recorded wall's deal, where the record lists the hands sorted: as a set)"},
	WallDraw:        {"wall.draw", LevelWall, "a draw from the live wall that is not the wall's next tile"},
	WallReplacement: {"wall.replacement", LevelWall, "a replacement draw (after a kan or kita) that is not the dead wall's next tile"},
	WallDora:        {"wall.dora", LevelWall, "a dora indicator (the first or a kan's) that is not the wall's"},
	WallUra:         {"wall.ura", LevelWall, "ura dora indicators of a win that are not the wall's"},
	WallHaitei:      {"wall.haitei", LevelWall, "an exhaustive draw that does not come right after the last live tile, or draws past it"},
	WallHash:        {"wall.hash", LevelWall, "a wall whose hash, published before the hand (Mahjong Soul's md5, or sha256 with its salt), is not the hash of the wall the log records"},
}

// String returns the check's stable name, such as "legality.discard".
func (c Check) String() string {
	if c < numChecks && table[c].name != "" {
		return table[c].name
	}
	return "Check(" + strconv.Itoa(int(c)) + ")"
}

// Level returns the verification level the check belongs to.
func (c Check) Level() Level {
	if c < numChecks {
		return table[c].level
	}
	return 0
}

// Doc returns the check's one-line description.
func (c Check) Doc() string {
	if c < numChecks {
		return table[c].doc
	}
	return ""
}

// All returns every check, in the order of their levels.
func All() []Check {
	out := make([]Check, 0, numChecks-1)
	for c := Check(1); c < numChecks; c++ {
		out = append(out, c)
	}
	return out
}

// MarshalText writes the check's name.
func (c Check) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Finding is something haifu found wrong with a log: a legality problem of
// the replay, or a difference between what the rules say and what the log
// recorded.
type Finding struct {
	Check Check
	// Hand is the 0-based hand index (-1 for game-level findings), Round
	// the hand's name.
	Hand  int
	Round event.RoundID
	// Event is the index of the event in Game.Events, or -1.
	Event int
	// Seat is the player concerned, or event.NoSeat.
	Seat    event.Seat
	Message string
	// Expected and Recorded, for a discrepancy between what the rules say
	// and what the log recorded, as a person reads them ("8000 (3 han 30
	// fu)", "[-1100 6300 -1100 -2100]"); empty otherwise.
	Expected, Recorded string
	// ExpectedValue and RecordedValue are the same as typed values, where
	// the finding compares numbers: a NumberValue (8000) or a NumbersValue
	// of one number per seat ([-1100 6300 -1100 -2100]); NoValue where it
	// compares words, whose text is then the value (TypedExpected and
	// TypedRecorded give every finding's typed values).
	ExpectedValue, RecordedValue Value
}

// MaxPerGame is the most findings of one check that a game reports one by
// one. A hostile log can make a finding of every one of millions of events
// (a dora indicator repeated, a hand start after every hand end), and a
// game's findings are held until the game is written: past this bound
// they are counted instead, in one finding per check (Bound).
const MaxPerGame = 1000

// Bound keeps the findings of each check in one game to MaxPerGame, and
// counts those left out. The zero Bound is ready; Reset makes it ready for
// the next game.
type Bound struct {
	n     [numChecks]int
	first [numChecks]position // the first finding left out of each check
	over  bool                // a finding was left out
}

// position is where a finding is: its hand, round and event.
type position struct {
	hand, event int32
	round       event.RoundID
}

// Reset forgets the findings counted. (A first finding left out is set
// when one is: Reset need not clear them.)
func (b *Bound) Reset() { b.n, b.over = [numChecks]int{}, false }

// Keep counts a finding of check c in hand hand (round round) at event ev
// and reports whether it is to be kept: false once MaxPerGame findings of
// c were. It takes a finding's place rather than the finding, so that a
// finding left out need not be written.
func (b *Bound) Keep(c Check, hand int, round event.RoundID, ev int) bool {
	if c >= numChecks {
		return true
	}
	b.n[c]++
	if b.n[c] <= MaxPerGame {
		return true
	}
	if b.n[c] == MaxPerGame+1 {
		b.first[c] = position{int32(hand), int32(ev), round}
		b.over = true
	}
	return false
}

// AppendRest appends to fs, for each check of which findings were left
// out, one finding at the first of them that counts them: "N more CHECK
// findings in this game, from this event on (...)". Then it resets b.
func (b *Bound) AppendRest(fs []Finding) []Finding {
	if !b.over {
		b.Reset()
		return fs
	}
	for c := range numChecks {
		if n := b.n[c]; n > MaxPerGame {
			p := b.first[c]
			fs = append(fs, Finding{Check: c, Hand: int(p.hand), Round: p.round, Event: int(p.event), Seat: event.NoSeat,
				Message: strconv.Itoa(n-MaxPerGame) + " more " + c.String() + " findings in this game, from this event on (a game reports " +
					strconv.Itoa(MaxPerGame) + " of a check one by one)"})
		}
	}
	b.Reset()
	return fs
}
