// Package logdiff compares two logs of the same game, whatever formats they
// were read from: an mjlog and its tenhou.net/6 download, a Tenhou log and
// an mjai conversion of it, a log and what a converter wrote from it.
//
// Both games are read as facts, one per line of Lines: the players, the
// log id and names; each hand's start (round, sticks, dealer, scores, dora
// indicator, dice, starting hands); each draw, discard (with tsumogiri),
// riichi and its stick, call, kan, kita and dora indicator, in order; each
// win (winner, discarder, liable seat, score changes, value, limit, fu,
// han, yaku, dora and ura indicators, hand and melds, ba, the scores
// before it) and draw (kind, score changes, hands shown, ba, scores
// before); disconnections; the game's end (final scores and points).
//
// Compare matches the two games' hands in order, by their deal (the dora
// indicator and the starting hands), else by round and dealer, and
// reports the first fact of each that differs, with the index of its
// event in each game and what each says, and how many of the rest of the
// hand's facts have no equal in the other (Result). A value a log does not
// record (event.Known bits, a hand start's Unknown, a discard's
// TsumogiriUnknown, a draw of event.Unrecorded kind, a tile a player's view
// hides) agrees with any value: it is no difference, and is counted apart
// (Result.Lost, Result.Gained). What a format cannot carry at all — the
// order of the starting hands, the moment of a kan dora, disconnections,
// the liable player — is a set of Fields the caller leaves out; each
// format declares its own (parser/format.Descriptor.Lacks, and parser.Lacks
// for a game).
//
// Compare first walks the two games' events in step (quick, quick.go),
// for the common case of a conversion read back, whose events pair one to
// one: it makes of each event the facts the general path would and
// compares them alike, and leaves any game it cannot settle so (events
// that do not pair, a hand whose deal differs, any difference) to the
// general path, which builds both games' facts and matches hands and
// facts. TestQuickIsGeneral holds it to the general path (the corpus, its
// conversions, random changes: the same Result). Measured end to end,
// haifu convert --to mjai -j 1 over five copies of the corpus takes 3.6 s
// of CPU with it and 4.6 s without it (user+sys, medians of 5 interleaved
// runs on a two-core machine).
//
// The package has no state; a Comparer keeps its buffers from one
// comparison to the next, so that comparing a game costs no allocation
// once warm.
package logdiff
