package logdiff

import (
	"math/bits"
	"strings"
)

// Fields is a set of the parts of a game's record: what a comparison
// leaves out (a format that cannot carry them), and what one log records
// and the other does not (Result.Lost and Result.Gained).
type Fields uint32

// The parts of a record. The first group are what Lines and Compare can
// leave out; the rest only name values that one log records and the
// other does not.
const (
	// Tsumogiri: whether a discard was the tile just drawn.
	Tsumogiri Fields = 1 << iota
	// DoraTiming: where a kan dora's reveal sits among the actions (the
	// indicators are still compared, as a list per hand).
	DoraTiming
	// HandOrder: the order of the starting hands (compared sorted).
	HandOrder
	// WinHand: the winner's concealed tiles, winning tile and melds as
	// recorded with the win.
	WinHand
	// Fu: the fu of a win.
	Fu
	// Before: the scores just before a win or a draw's payments.
	Before
	// Ba: the honba and riichi sticks recorded with a win or a draw.
	Ba
	// Revealed: the hands shown at a draw.
	Revealed
	// Connection: disconnections and reconnections.
	Connection
	// Yaku: the yaku list of a win (its han total is still compared).
	Yaku
	// YakuOrder: the order of a win's yaku list (compared as a set).
	YakuOrder
	// Ura: a win's ura dora indicators.
	Ura
	// RiichiScores: the scores recorded with a riichi stick's payment.
	RiichiScores
	// End: the recorded game end (final scores and points).
	End
	// EndPoints: the final points after oka and uma.
	EndPoints
	// Dice: the dice of each hand.
	Dice
	// Limit: the limit a win reached (mangan …).
	Limit
	// Points: the value of a win without honba and sticks (its score
	// changes are still compared).
	Points
	// ConnectionTiming: where a disconnection sits among a hand's
	// actions (they are still compared, as a set per hand).
	ConnectionTiming
	// Liable: the seat liable for a yakuman (pao) (the payments are still
	// compared).
	Liable
	// Meta: the log id and the players' names.
	Meta

	// Deltas: the score changes of a win or a draw.
	Deltas
	// StartScores: the scores and riichi sticks at a hand's start.
	StartScores
	// DrawKind: how a hand without a winner ended (exhaustive, nine
	// terminals …).
	DrawKind
	// Han: the han of a win.
	Han
	// Hidden: tiles a player's view of the game hides.
	Hidden
	// WinDora: the dora indicators recorded with a win.
	WinDora

	numFields = iota
)

// fieldNames name each field in Fields.String; fieldPhrases describe them
// in Describe.
var (
	fieldNames = [numFields]string{
		"tsumogiri", "dora_timing", "hand_order", "win_hand", "fu", "before", "ba", "revealed",
		"connection", "yaku", "yaku_order", "ura", "riichi_scores", "end", "end_points", "dice",
		"limit", "points", "connection_timing", "liable", "meta",
		"deltas", "start_scores", "draw_kind", "han", "hidden", "win_dora",
	}
	fieldPhrases = [numFields]string{
		"whether a discard was the tile drawn", "the moment of a kan dora's reveal",
		"the order of the starting hands", "the winning hand", "the fu of a win",
		"the scores before a hand's payments", "the honba and sticks recorded with a result",
		"the hands shown at a draw", "disconnections", "the yaku of a win",
		"the order of the yaku", "the ura dora indicators", "the scores recorded with a riichi stick",
		"the game's final result", "the final points (oka and uma)", "the dice",
		"the limit of a win", "the value of a win", "the moment of a disconnection",
		"the liable player of a pao", "the log id and the players' names",
		"the score changes of a result", "the scores and sticks at a hand's start",
		"the kind of a draw", "the han of a win", "hidden tiles", "the dora indicators of a win",
	}
)

// String names the fields of f, "|"-separated ("fu|ura"), or "none".
func (f Fields) String() string {
	if f == 0 {
		return "none"
	}
	var b strings.Builder
	for i := range numFields {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(fieldNames[i])
		}
	}
	return b.String()
}

// Describe describes the fields of f in words, comma-separated ("the fu of
// a win, the ura dora indicators"), or "".
func (f Fields) Describe() string {
	var parts []string
	for i := range numFields {
		if f&(1<<i) != 0 {
			parts = append(parts, fieldPhrases[i])
		}
	}
	return strings.Join(parts, ", ")
}

// Counts counts values by field: how many of each one log records and the
// other does not.
type Counts [numFields]int32

// index returns the index in Counts of the field f, or false when f is
// not a single field.
func index(f Fields) (int, bool) {
	i := bits.TrailingZeros32(uint32(f))
	return i, f != 0 && f&(f-1) == 0 && i < numFields
}

// add counts one value of the field f (a single bit).
func (c *Counts) add(f Fields) {
	if i, ok := index(f); ok {
		c[i]++
	}
}

// Of returns the count of the field f (a single bit).
func (c *Counts) Of(f Fields) int {
	if i, ok := index(f); ok {
		return int(c[i])
	}
	return 0
}

// Fields returns the set of fields with a count.
func (c *Counts) Fields() Fields {
	var f Fields
	for i, n := range c {
		if n > 0 {
			f |= 1 << i
		}
	}
	return f
}

// Each calls fn with each field that has a count, in the order of the
// constants.
func (c *Counts) Each(fn func(f Fields, n int)) {
	for i, n := range c {
		if n > 0 {
			fn(1<<i, int(n))
		}
	}
}
