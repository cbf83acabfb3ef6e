// Package tenhou6 decodes tenhou.net/6 JSON game logs into haifu's event
// model (docs/tenhou-formats.md §2, docs/majsoul-formats.md §6).
//
// # Variants
//
// The decoder reads every variant met in the wild:
//
//   - official downloads (tenhou.net/5/mjlog2json.cgi): ver, ref, log,
//     connection, ratingc, rule (disp, aka51-53), lobby, dan, rate, sx, sc
//     (final scores and points) and name;
//   - tenhou.net/6 editor output and most converters: title, name, rule
//     (disp and aka), log;
//   - Mahjong Soul games converted by tensoul (its Japanese, romaji and
//     English output): Meta.Platform is event.Majsoul when the file shows
//     it — a Mahjong Soul record uuid as ref (231014-84c11a6f-…), Mahjong
//     Soul ranks in dan (雀豪★2, 初心, 魂天 …), a Mahjong Soul room in
//     rule.disp (玉の間, 友人戦, 大会戦, "Gold Room" …) or "Mahjong Soul" in the
//     title; Tenhou logs are recognised by their log id or Tenhou's rule
//     name (鳳南喰赤), kobalab's 電脳麻将 conversions (電脳…) are
//     event.PlatformOther, and anything else is event.PlatformUnknown;
//   - JSON lines: several objects, one per round (mjx writes these), read as
//     one game with the metadata of the first object;
//   - three-player games: seat 3 has an empty hand and lists, kita is "f44"
//     in the outgoing list and is followed by a replacement draw;
//   - every incoming and outgoing item: draws, discards, 60 (the drawn tile),
//     "r" riichi discards, chi "c", pon "p" and open kan "m" with the letter's
//     position giving the discarder, the 0 placeholder after an open kan
//     (also when a converter dropped it before a rinshan win), added kan "k"
//     and closed kan "a";
//   - every result: wins (several winners, pao), 流局, 全員聴牌, 全員不聴, 流し満貫
//     and the abortive draws (九種九牌, 四家立直, 三家和了, 四槓散了, 四風連打, and
//     tensoul's 三家和 and 四開槓 and its romaji and English names); 四家立直
//     with score changes is the chombo of a riichi player found noten (rules
//     that make a noten riichi one); the other abortive draws pay nothing;
//   - hands that end at a kan: 四槓散了 at the fourth kan (rules that abort
//     on its declaration) or at a fifth, closed, added or open, with the
//     indicators the list gives (up to six: the first and five kans');
//   - a hand that repeats the round and honba of the one before it (the hand
//     after a chombo: the dealer keeps the seat, no honba added), within one
//     log, or in JSON lines whose objects have the same ref;
//   - three-player logs that write "" (or null) for the empty seat's final
//     score and points in sc, where Tenhou writes 0;
//   - score strings (30符2飜2000点, 満貫2000-4000点, 跳満6000点∀, 数え役満,
//     切り上げ満貫, a chip suffix) and yaku strings in Tenhou's, Mahjong Soul's
//     and tensoul's English names, mapped to event.YakuID (Mahjong Soul's
//     役牌:自風牌 and 役牌:場風牌 to the winner's seat wind and the round wind;
//     Mahjong Soul yaku Tenhou lacks to the ids from 64 up).
//
// A UTF-8 byte order mark is skipped. JSON with comments, and the
// tenhou.net/6-like exports that write tiles as mpsz strings ("3s") are
// rejected with an error that says so.
//
// # Rebuilding the order of play
//
// The format lists each seat's incoming and outgoing items separately.
// The decoder replays each hand (§2.8): the dealer draws; a seat that took
// an item plays its outgoing items up to a discard; after a discard, a seat
// whose next incoming item calls that tile from that seat moves next (pon
// and open kan before chi), otherwise the next seat draws. It tracks every
// hand, so a tile not in the hand, a list that runs out or items left over
// reveal a wrong guess: when a call could belong to two identical discards
// of the same player the decoder backtracks to the other one. The result
// must fit the last action (a tsumo after a draw, a ron or an exhaustive or
// abortive draw after a discard, a chankan after an added kan). A round
// whose order cannot be rebuilt (a seat discards or calls with a tile it
// does not hold, items are left over, the result does not fit the play) is
// not an error of the game: its events give way to an event.Broken at the
// item that got furthest, naming the act found impossible, its seat and
// its tile (the replay reports it under that act's legality check), and
// the next round is read as recorded.
//
// What the format does not record stays unknown: kan dora are revealed
// where Tenhou reveals them (a closed kan's at once, an open or added kan's
// before the player's next discard or kan; never when the player wins on
// the replacement tile) and carry event.TimingUnknown; the dealer's first
// discard of a Mahjong Soul conversion carries event.TsumogiriUnknown
// (tensoul guesses the dealer's 14th tile); riichi acceptances have no
// scores (Ref -1); a win record has no fu above the fu/han form of its score
// string, no ba and no scores before it; a draw record has no revealed hands
// (its Tenpai flags are set for 全員聴牌 and 全員不聴). A win record's hand, melds
// and winning tile are the replayed table's, its dora the indicators
// revealed by then, its ura the file's ura list when the winner declared
// riichi. Tiles are faces: Meta.TileIDs is false. Editor files have no
// final result: the game decodes without error and without a GameEnd event.
//
// Events carry the byte offset of the item they come from (Pos.Offset) and
// the index of their round (Pos.Index). An error carries the byte offset
// too, and its message starts with the line and column of that offset
// ("line 17, column 5: ..."; columns count characters).
//
// Format (format.go) declares the format to package parser: its content
// test (detect, decoder.go), its framer (frame, frame.go: whole games one
// after another, or JSON lines of rounds) and its Decoder.
//
// # Encoding
//
// Encoder writes an event.Game as tenhou.net/6 JSON, with the bytes
// Tenhou's own converter writes for an mjlog (the corpus's official files
// come back byte for byte) and deterministic bytes for any game. What the
// format cannot carry (a hand without a result, a win without its value,
// hidden tiles) is an error wrapping ErrUnrepresentable; what it does not
// record (tile ids, dice, the time of a kan dora, the scores recorded with
// a riichi stick or a result) is left out, and a decoder gives it back as
// it gives it for any tenhou.net/6 file.
package tenhou6
