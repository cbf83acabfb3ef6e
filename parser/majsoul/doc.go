// Package majsoul decodes Mahjong Soul (雀魂) game records into haifu's
// event model.
//
// A record is the game's head (RecordGame: uuid, times, mode and rules,
// players, final result) and its GameDetailRecords: the list of record
// messages (RecordNewRound, RecordDealTile, RecordDiscardTile,
// RecordChiPengGang, RecordAnGangAddGang, RecordBaBei, RecordHule,
// RecordNoTile, RecordLiuJu) described in docs/majsoul-formats.md. The decoder
// reads every form in which such records are kept:
//
//   - JSON as the game's own protobufjs writes it (browser exporters, the
//     replay editor): {head, data: {name: ".lq.GameDetailRecords", data:
//     {version, records | actions}}, data_url}, with snake_case keys, and
//     the same with lowerCamelCase keys (protobufjs from a .proto, Python
//     json_format, Go protojson): keys are matched without regard to case
//     and underscores. Record names may be ".lq.RecordNewRound",
//     "RecordNewRound" or "NewRound"; fields may be absent (proto3
//     defaults); 64-bit integers may be strings; bytes fields (records,
//     action results, record data, the whole GameDetailRecords) may be
//     base64 protobuf. mahjong-helper's {head, details: [...]} and
//     RiichiEnv's {rounds: [[...]]} lists are read too.
//   - Both layouts of GameDetailRecords: version 0 lists the records in
//     records; version 210715 lists actions, of which those with a result
//     are the records (the player inputs are read only to tell whether the
//     dealer's first discard was the drawn tile). Another version is read
//     from whichever list it has.
//   - Binary protobuf, decoded by hand with protowire: the
//     ".lq.GameDetailRecords" Wrapper (amae-koromo's .recordData), a bare
//     GameDetailRecords, and the fetchGameRecord response ResGameRecord
//     (head and data) alone, in an unnamed Wrapper, or in its WebSocket
//     frame (kanachan's files, with the 3-byte header).
//
// Four- and three-player games are read (kita is a Kita event; score
// lists padded to four seats are accepted). A dealer dealt 13 tiles whose
// 14th comes as a draw record is read too. Event modes' records (field
// spells, Sichuan, Battle of Darkness …) and several starting dora
// indicators are rejected with event.ErrUnsupported. Yaku are mapped to
// Tenhou's ids (Mahjong Soul's seat and round wind yakuhai to the wind of
// the winner's seat and of the round; yaku Tenhou lacks to the ids from 65
// up of package event); old records that name yaku instead of numbering
// them are read in Chinese, Japanese or English.
//
// What the records do not say is left unknown: the dealer's 14 starting
// tiles are listed sorted, so the dealer's first "draw" is the last tile
// listed (the one the client shows apart), and the first discard is marked
// tsumogiri only when the player's input (version 210715) or the tiles
// prove it, else event.TsumogiriUnknown. Round.Wall holds the paishan string
// when the record has one: 136 (108) tiles with the starting hands first in
// records with a sha256 wall hash, 83 (68) tiles after the deal in older
// ones. A riichi declared on the discard that an abortive draw followed is
// accepted only when the next hand's scores and sticks show its stick was
// paid. Several winners' combined score change is split between them: the
// first winner in turn order after the discarder takes the honba and the
// riichi sticks; the others their ron value. Without a head (raw
// GameDetailRecords), the game end has no recorded result.
//
// A record that contradicts the hand as played so far (a call of a tile
// nobody just discarded, an added kan without its pon, a fifth meld, a ron
// with no tile to win on) is not an error of the game: the hand ends there
// in an event.Broken naming the act, its seat and its tile, and the
// decoder reads on from the next RecordNewRound, which starts a hand
// afresh (the records skipped are counted in the Broken event's record).
//
// Positions: errors and events carry the record's index (in records or
// actions) and, for binary input, its byte offset; JSON offsets are given
// for syntax errors and truncations only, and their messages start with
// the line and column of the offset (columns count characters). A cut input gives the events of its complete
// records and an error wrapping event.ErrTruncated.
//
// Format (format.go) declares the format to package parser: its content
// test (detect, decoder.go), its framing (one record per file) and its
// Decoder.
package majsoul
