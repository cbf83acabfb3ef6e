// Package mjai decodes mjai game logs into haifu's event model.
//
// mjai is the JSON protocol of gimite's mjai server for mahjong AIs; a log
// is the server's event stream, one JSON object per event: start_game,
// start_kyoku (bakaze, kyoku, honba, kyotaku, oya, dora_marker, tehais,
// scores), tsumo, dahai (tsumogiri), reach, reach_accepted, chi, pon,
// daiminkan, ankan, kakan (actor, target, pai, consumed), nukidora
// (three-player), dora, hora, ryukyoku, end_kyoku and end_game. Tiles are
// written 1m–9m, 1p–9p, 1s–9s, 5mr/5pr/5sr for the red fives, E S W N for
// the winds, P F C for the dragons and "?" for a tile the log hides.
//
// Decode reads every variant found in the wild:
//
//   - JSON lines from simulators and servers: Mortal and its log viewer
//     (events may carry a "meta" field), RiichiEnv (with or without the
//     injected "meta" fields), ManueGo and the mjai server ("logs" fields,
//     hora with yakus, fu, fan, hora_points, deltas and scores, an "error"
//     event when the server stops a game), akochan (start_game kyoku_first
//     and aka_flag, start_kyoku haiyama, hora fan/fu/scores and
//     uradora_marker, ryukyoku tenpais), and converters of Tenhou logs
//     (Mortal's, mortal-sanma's three-player logs with nukidora). Extra
//     fields are ignored.
//   - The single-JSON-object variant of tenhou-paifu-to-json: {type, lobby,
//     dan, rate, game: [events], owari}, where type is Tenhou's GO type,
//     tiles are written in mpsz (0m for a red five, 1z–7z for the honours),
//     chi is "chii", a win is "agari" (hai, naki, machi, han, hu, score, yaku
//     as Tenhou ids, dora_marker, ura_marker, fromwho, paowho, honba,
//     kyotaku) and a draw is "ryuukyoku". A top-level JSON array of events
//     is read the same way, and so is an arena record: {events: [events],
//     players: [names, or objects with a name]} (the players' names fill
//     the seats start_game does not name). An indented object is one
//     document, whatever its lines hold. A JSON object with neither a game
//     nor an events array holds no game: an error wrapping
//     format.ErrNoGame, which the parser reports as an input that cannot
//     be read.
//   - Old mjai logs, such as gimite's test golden log, where start_kyoku has
//     only oya and dora_marker, the starting hands come in one haipai event
//     per seat and text board dumps are interleaved with the events. Lines
//     that are not JSON objects are skipped (one summary goes to
//     Meta.Warnings); the round, hand number and honba are read from the
//     dump's header line ("E-1 kyoku 0 honba"). Such logs record neither
//     the scores nor the riichi sticks: Round.Unknown says so.
//
// Meta.Platform is event.Tenhou when the log says it comes from Tenhou (a
// start_game uri on tenhou.net, the single-object variant's Tenhou game
// type) and event.PlatformOther otherwise. akochan's haiyama, when present,
// is Round.Wall as akochan lays it out: the deal one tile at a time from the
// dealer (indices 0–51), the live draws from 52, the dora indicator at 130.
//
// What a log does not record stays unknown: a discard without a tsumogiri
// field gets event.TsumogiriUnknown unless it is certainly not the drawn
// tile (it differs from it, or no tile was drawn); hora fields that are
// absent leave their Known bits clear; a ryukyoku without a reason, and a
// hand that end_kyoku closes with neither hora nor ryukyoku (Mortal's
// converters write no ryukyoku for some abortive draws), end in an
// event.Unrecorded ryuukyoku. Some values are computed from what the log does record,
// never guessed: the winning tile when hora has no pai (the tile just drawn
// or discarded), the winner's melds (from the calls), the dora indicators
// of a win (from start_kyoku and the dora events), Before and Deltas of a
// hand end from the recorded scores and deltas, the scores at the start of a
// hand when start_kyoku has none (the previous hand's final scores, or the
// first recorded scores minus deltas), a yaku's han in the single-object
// variant (Tenhou's table, kept only when it adds up to the recorded han),
// the specific dragon and wind yaku behind mjai's sangenpai, bakaze and
// jikaze, and a win's limit (from its han and fu, Tenhou's way). mjai does
// not record pao: Liable is event.NoSeat unless the log names the liable
// seat.
//
// Seats are mjai's actor numbers; seat 0 must be the first dealer. A
// player's view of a game, as mjai clients and bots keep it, hides the other
// players' starting hands and draws as "?": such a hand is decoded with
// tile.None for the hidden tiles and the seat in Meta.HiddenSeats, and the
// replay and the adjudicator judge what the log does show (discards, calls,
// wins, payments, the flow and the end of the game). Other tiles hidden as
// "?" make Decode report an error wrapping event.ErrUnsupported: such a
// game cannot be replayed. akochan's Chinese-rules (MCR) self-play logs,
// whose start_kyoku has no dora_marker, are not riichi games and are
// rejected with event.ErrUnsupported.
//
// Positions: in JSON lines, Event.Pos and event.Error carry the byte offset
// of the line and its 1-based line number; in the single-object variant,
// the byte offset of the event object and its 0-based index in the game
// array. An error's message starts with a line and column (columns count
// characters): those of a JSON syntax error, or in the single-object
// variant those of the error's offset.
//
// Fast paths. A JSON line is read by fastjson and the handlers of
// events.go, start.go, melds.go and handend.go (the general path) unless a
// fast path reads it: fastLine (fastline.go) reads the lines of a game in
// the exact form the Encoder writes them (start_game, start_kyoku, tsumo,
// dahai, reach, reach_accepted, chi, pon, daiminkan, ankan, kakan,
// nukidora, dora, hora with pai, ryukyoku, end_kyoku, end_game; a hand's
// run of tsumo and dahai lines in one go, playRun), scanFlat (fast.go) the tsumo and dahai lines of
// other writers. Each decodes a line as the general path does, with the
// same functions once the values are read, or leaves it to the general
// path before changing anything; TestFastPath (the fixtures, the corpus
// and the corpus written as mjai, decoded with and without the fast paths:
// the same games and errors), FuzzFastPath (the same on fuzzed logs) and
// TestCursorTile hold them to it. fastLine is for haifu convert, which
// reads back every game it writes: measured end to end, haifu convert
// --to mjai -j 1 over five copies of the corpus takes 3.8 s of CPU with the
// fast paths and 10.3 s without them (user+sys, medians of 4 interleaved
// runs on a two-core machine, at commit "mjai: the Encoder writes a
// draw's or a discard's tile with one load and one store").
//
// Format (format.go) declares the format to package parser: its content
// test (detect, decoder.go), its framer (frame, frame.go: games one after
// another, each from its start_game line) and its Decoder.
package mjai
