// Package scoring computes the value of a win in riichi mahjong from the
// hand and the play: every yaku with its han, the fu, the dora, aka dora,
// ura dora and kita counts, the limit, the basic points and the payments,
// under configurable rules. It imports only tile, yaku (the catalogue of
// the yaku, their han and the limits), event, hand and the standard
// library.
//
// # Use
//
// Fill an Input (the concealed tiles with the winning tile, the melds in
// the order they were made, the winning tile, tsumo or ron, the facts of
// the play: riichi, ippatsu, rinshan, haitei, tenhou ..., the winds, the
// dora and ura indicators as revealed, the kita, the number of players)
// and call Scorer.Score. The Result holds the yaku as event.Yaku entries in
// Tenhou's display order (the order of mjlog AGARI's yaku attribute, dora
// entries last), the total han, the fu, the counts, the limit, the basic
// points, what each player pays and the total as Tenhou's AGARI ten
// writes it. Honba and riichi sticks are the caller's to add, as are pao
// payments. A complete hand without a yaku is a Result with NoYaku set.
//
// # Rules
//
// Rules holds the settings that change a win's value: open tanyao, red
// fives, ippatsu, ura, kan dora and kan ura, the fu of a pinfu tsumo
// (20 or 22), of an open pinfu shape won by ron (30 or 20) and of a
// double-wind pair (4 or 2), renhou (none, mangan or yakuman) in
// YakuRules; kiriage mangan, kazoe yakuman, double yakuman forms, yakuman
// stacking and tsumo loss in sanma in LimitRules; and where kita han are
// listed. The two are the [yaku] and [win] settings of package
// adjudicator's rule sets, whose presets (tenhou, majsoul, ...) give each
// platform's settings, checked against every win of the corpus of real
// logs (docs/tenhou-formats.md §1.8a).
//
// # The best reading
//
// A hand can often be read in more than one way: as different sets and a
// pair (111222333m is three runs or three triplets), as seven pairs or as
// sets (ryanpeikou shapes), and with the winning tile in different places
// (in the pair or in a set; at either end of a run or in its middle). A
// triplet completed by a ron counts as open, for its fu and for sanankou.
// Every reading is scored and the one worth the most points is taken, as
// the rules of riichi require; among readings worth the same, the one with
// more han, then the one with more fu. The Result's Fu is that reading's
// real fu even when the hand is a limit hand, as Tenhou's mjlog records it
// (25 for seven pairs, 0 for kokushi musou).
//
// # Sanma
//
// In three-player games (Input.Players 3) 2m–8m do not exist: a 1m
// indicator makes 9m the dora. Kita (Norths set aside) are not melds: each
// is one han of dora (nukidora), counted inside the dora entry on Tenhou,
// and is a North for the dora indicators. A tsumo is paid by the two other
// players: their four-player shares only under tsumo loss, or with the
// missing player's share split between them.
//
// # Speed
//
// A Scorer reuses a buffer of decompositions (hand.AppendDecompositions)
// from win to win: scoring allocates nothing and takes about a
// microsecond. A Scorer must not be used by two goroutines at once; the
// package has no other state.
package scoring
