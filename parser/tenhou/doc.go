// Package tenhou decodes Tenhou's mjlog XML documents (<mjloggm ver="2.3">)
// into haifu's event model.
//
// The decoder is a hand-written scanner over the bytes of one document; it
// does not use encoding/xml, which is about twenty times slower on these
// flat, attribute-only files. It reads every variant described in
// docs/tenhou-formats.md §1: the three seed eras, four-player and three-player
// games with kita, every meld code, REACH with and without its second step,
// DORA, multiple AGARI, pao, BYE and reconnection UN anywhere, chip lobbies,
// custom-lobby GO attributes, percent-encoded and non-UTF-8 names,
// pretty-printed documents, text before the root (comments, stray console
// output) and a missing closing tag. Unknown attributes are ignored; unknown
// elements are an error.
//
// A document holds one game. Decode fills an event.Game; when the document
// ends before the game does (no owari), Decode returns the events it read and
// an *event.Error wrapping event.ErrTruncated.
//
// # Layers
//
// The decoder is written in layers, each in its own files:
//
//   - The lexer (lexer.go) knows bytes, not mjlog. Its scanner splits a
//     document into elements and attributes without allocating: names and
//     values are spans of the input. Its cursor reads the attributes of an
//     element in place, in the order Tenhou writes them, and its list
//     method is the one parser of number lists: the fast paths read lists
//     in place up to their quote, eight bytes at a time; the general path
//     reads an attribute's value with a loose cursor (valueList), which
//     allows spaces and plus signs and says what is wrong with a list. The
//     single numbers (parseUint, parseInt, parseDecimal) are read there
//     too, and text.go decodes text: entities, percent-encoded names, and
//     the console prompts some saved logs hold.
//   - The decoder (decoder.go) holds a document's state, runs the scanner
//     and hands each element to its handler, and checks values (seats,
//     tile ids) and positions errors.
//   - The element handlers, one file per family: game.go for the game's
//     head (GO, UN, SHUFFLE, TAIKYOKU) and BYE, hand.go for a hand's
//     start and its tiles (INIT, draws, discards, DORA), calls.go for N
//     (meld.go decodes the meld codes) and REACH, end.go for a hand's end
//     (AGARI, RYUUKYOKU) and the game's (owari).
//   - The fast paths (fast.go) decode the elements spelt as Tenhou writes
//     them, nearly all of a log, without the general path: the runs of
//     draws and discards and the calls, riichi, wins and hand starts
//     between them. They read through the lexer (its cursor, its list
//     parser, its byte-level helpers), move the scanner with its methods,
//     and share each element's checks and effects with the handlers, so
//     that their results, errors included, are the general path's; what
//     they do not take, they leave to the general path.
//
// The framer (frame.go) cuts a stream of documents into games, and Format
// (format.go) declares the format to the parser.
package tenhou
