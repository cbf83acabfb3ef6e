// Package hand is haifu's hand math: shanten, waits, tenpai under a rule
// set's tenpai policy, the readings of a complete hand, and the pieces of
// furiten. Later it will hold yaku, fu and points. It works on tile.Counts
// values (the concealed tiles of one player) and imports only tile and the
// standard library.
//
// # Hands
//
// A hand is the concealed part, c, and a number of melds m (chi, pon and
// kans, open or closed; kita Norths are not melds: they are replaced by a
// draw). Between turns c holds 13−3m tiles; after a draw 14−3m. A complete
// hand is four sets (m of them the melds) and a pair, or, closed, seven
// different pairs (four of a kind is not two pairs) or thirteen orphans.
//
// # Exactness
//
// Shanten, Waits and Complete respect the four copies of each kind: a hand
// never waits on a fifth copy. 1111m234p567s789s, waiting only on a fifth
// 1m, has no waits and is 1-shanten, where the usual count of sets and
// partial sets calls it tenpai. Tenpai is shanten 0 of a 3n+1 hand, which is exactly a non-empty
// Waits. Copies the player cannot draw because they are in melds, discards
// or dora indicators are a rule set's business: CountingWaits and Tenpai
// apply a TenpaiPolicy (Tenhou's, where only the concealed hand makes a wait
// dead, or the WRC/EMA one, where the player's melds count too).
//
// Three-player games have no 2m–8m. Waits and Complete are right for them
// as they are (no 1m or 9m hand can wait on a missing kind), but a sanma
// hand's shanten number may count runs through missing kinds and so come
// out lower than what can be reached; shanten 0 is still exactly tenpai.
//
// # Speed
//
// The functions on Counts use two lookup tables, for a suit and for the
// honours, built on first use (about 0.1 s, 3.6 MB) and then shared
// read-only; see table.go for what they hold. Shanten, Waits, Tenpai and
// Complete do not allocate and take 70–200 ns (5–14 million calls a second
// on one core). Decompose, called only at wins, allocates its result
// (AppendDecompositions can reuse a slice). Everything in the package is
// safe for concurrent use, except that a FuritenState value must not be
// updated from two goroutines at once.
//
// # Furiten
//
// A player may not win by ron while furiten: permanent (discard) furiten,
// when one of the hand's waits (Waits, every wait whether or not it counts
// for tenpai) is among the kinds the player discarded this hand; temporary
// furiten, when the player let a winning tile pass since its last discard;
// riichi furiten, the same since its riichi, to the end of the hand. hand
// gives the waits as a KindSet; the replay (package replay) keeps the
// discards and the tiles let pass over the hand (replay.State.Passed) and
// makes the check.
package hand
