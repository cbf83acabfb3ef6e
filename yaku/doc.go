// Package yaku is haifu's catalogue of the yaku of riichi mahjong and of
// the limits a win's value reaches. It is the one place that knows them:
// the decoders read the names their formats write through it, the scorer
// takes its han from it, and event names a yaku by its ID.
//
// # Ids
//
// An ID is Tenhou's number of the yaku (mjlog AGARI's yaku and yakuman
// ids 0–54, docs/tenhou-formats.md §1.4), so that an mjlog id is an ID as it
// stands; the yaku Tenhou does not have (Mahjong Soul's kita dora,
// paarenchan and optional ancient yaku) have ids from 64 up. String gives
// haifu's printed name ("riichi", "ura_dora"), the name of the event
// stream and the Parquet tables.
//
// # Names
//
// Each source spells the yaku its own way, and the catalogue holds every
// spelling as data:
//
//   - FromMjlog: Tenhou's mjlog ids (0–54);
//   - FromTenhou6: the names of tenhou.net/6 result strings, Tenhou's
//     Japanese ones with their variant characters, and those of tensoul's
//     conversions of Mahjong Soul records (Japanese, romaji, English);
//     Tenhou6Name gives the one name a tenhou.net/6 file writes, as
//     Tenhou's converter does;
//   - FromMjai: the names of the yakus of mjai's hora, gimite's
//     (lib/mjai/hora.rb), which ManueGo's logs write too (the only mjai
//     logs of the corpus that name their yaku);
//   - FromMajsoulFan and MajsoulFanNames: Mahjong Soul's fan ids and the
//     names of its fan table in its four languages.
//
// A few names stand for a yaku whose id depends on the table: the seat
// wind, the round wind (tenhou.net/6, Mahjong Soul) and the dragon
// triplets (mjai). Their lookups give AnySeatWind, AnyRoundWind and
// AnyDragon, which the decoder resolves (SeatWind, RoundWind, or one Haku
// + dragon entry per dragon triplet); they are never recorded.
//
// # Values
//
// Han gives a yaku's han in a closed and in an open hand under Tenhou's
// rules (0 where it needs a closed hand): YakumanHan (13) for a yakuman, 1
// per dora for the dora entries. IsYakuman and IsDoubleYakumanForm tell
// the yakuman and the four that rules with double yakuman forms count
// twice. The value of renhou (none, mangan or yakuman) is the rules', and
// that of Mahjong Soul's own yaku the log's: their Han is 0; MayBeYakuman
// tells those that are yakuman under some rules.
//
// Limit names the limits (mangan … yakuman) in Tenhou's numbering;
// LimitOf and BasePoints give the limit and the basic points of a hand of
// some han and fu. The limits' words are data too: Limit.Tenhou6Name and
// CutTenhou6Limit write and read those of tenhou.net/6 score strings,
// LimitFromMajsoulTitle and MajsoulLimitNames read Mahjong Soul's title
// ids and titles.
//
// The package imports only the standard library and has no state: its
// tables are read-only.
package yaku
