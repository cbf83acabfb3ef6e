// Package parser turns inputs into games of haifu's event model, whatever
// their format: it detects each stream's format, cuts the stream into
// games, and decodes each game.
//
// The formats are listed once, in the registry (registry.go): each format
// package (parser/tenhou for Tenhou's mjlog XML, parser/tenhou6 for
// tenhou.net/6 JSON, parser/majsoul for Mahjong Soul records, parser/mjai
// for mjai JSON lines) declares itself in a format.Descriptor (see
// parser/format), and detection, framing and decoding all go through the
// registry, most specific format first. Adding a format is one package and
// one line of the registry.
//
// Walk reads the paths a user gives, and WalkReader one reader given with a
// name, through package source, which opens files, directories, standard
// input, compression and archives and yields plain streams. Walk detects
// each stream's format from its first 64 KiB (or takes Options.Format),
// cuts it into games with the format's framer (mjlog documents back to
// back, tenhou.net/6 games or JSON lines of whole games, mjai games one
// after another), and hands each game to its caller as an Input, in a
// deterministic order; what cannot be read is an Input with an error, so
// nothing is dropped without a word. A stream is read a game at a time,
// through a window of bounded size, so memory stays bounded by the largest
// game, not the largest file.
//
// Detect names the format of a decompressed log, and a Decoder decodes an
// Input into an event.Game with the decoder of its format, then tidies the
// game's metadata (text made valid UTF-8 and bounded, the log id taken
// from the file name when the log has none).
//
// The package starts no goroutines. Walk runs in its caller's goroutine and a
// Decoder is meant to be owned by one goroutine; a batch job walks in one
// goroutine and decodes in others.
package parser
