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
// A player may not win by ron while furiten. Three kinds exist, and hand
// provides the parts; the replay engine keeps the state over time:
//
//   - Permanent (discard) furiten: one of the hand's waits is among the
//     player's own discards of this hand (including discards that were
//     called). It is a function of the current hand and the discard set:
//     Furiten(Waits(c), discarded). It ends when the hand changes so that
//     no wait is in the discards.
//   - Temporary (same-turn) furiten: the player let a winning tile pass
//     (another player's discard, or a tile added to a kan, or on rule sets
//     that allow robbing a closed kan for thirteen orphans, that tile too),
//     whether or not the hand had a yaku to win on it. It lasts until the
//     player's next discard.
//   - Riichi furiten: the same after the player's riichi; it lasts until the
//     end of the hand.
//
// FuritenState holds the last two. Per seat, at each hand start, zero it;
// when another player's discard or added-kan tile k is not won on by the
// seat (the next event is not the seat's Win), call Pass(k, Waits(c),
// inRiichi); when the seat discards, call Discarded (and add the kind to
// its discard set). A seat's tsumo it does not take needs no call: in riichi
// the tile is then discarded, which makes the hand permanently furiten.
// FuritenState.Furiten then says whether a ron is allowed.
package hand
