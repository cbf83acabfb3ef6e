// Package haifu reads riichi mahjong game logs (Tenhou's mjlog XML,
// tenhou.net/6 JSON, Mahjong Soul records, mjai event streams; plain,
// compressed or in archives), replays every hand and judges every hand end
// and game end under a rule set, comparing what the rules say with what the
// log recorded.
//
// This package is the library in one call. Verify reads a Source (files,
// directories and archives by Paths, or one input by Reader or Bytes) and
// returns a Report: for each game the rule set it was judged under, its
// findings and what could not be read:
//
//	rep, err := haifu.Verify(ctx, haifu.Bytes("game.mjlog", data), nil)
//	if err != nil { ... }          // a bad option, or ctx
//	for _, g := range rep.Games {  // g.Err, g.Findings, ...
//	}
//
// Games iterates over the games of a source, decoded into the event model
// (package event), for a program that wants the events themselves. The
// command haifu (cmd/haifu) is a thin layer over the packages below; its
// README is the user's guide, docs/ the reference.
//
// # Packages
//
// Each imports only packages above it in this list (deps_test.go holds the
// direction):
//
//	tile           tile kinds, red fives, hands as counts, notations
//	yaku           the catalogue of the yaku: ids, every source's names, han, limits
//	event          the canonical event model every format is decoded into
//	logdiff        two logs of one game compared fact by fact; what a
//	               format cannot carry
//	source         input acquisition: paths, directories, standard input,
//	               compression, archives, spooling, the limits on them
//	parser/format  what a log format declares: detection, framing, decoder,
//	               encoder, what it lacks
//	parser/...     one package per format (tenhou for mjlog, tenhou6, majsoul,
//	               mjai), each declaring itself once; tenhou6 and mjai encode
//	parser         the registry of formats: a stream cut into games, each
//	               game decoded; the encoders
//	check          the vocabulary of the checks and of a finding
//	hand           hand math: shanten, waits, tenpai, decomposition
//	wall           Tenhou's walls rebuilt from their seeds (level 5)
//	scoring        yaku, fu and points of a win under a rule set's settings
//	replay         the table state machine: the legality of every event
//	adjudicator    rule sets, and the judgement of hand ends and game ends,
//	               as passes (legality, hand_end, win, flow, wall)
//	convert        games written in another format, each read back and
//	               proven equal to its game
//	stats          rows of the tables, aggregation, the summary
//	archive        Tenhou's archive listings and polite downloads
//	tables         the Parquet tables, written column-wise
//	report         the report of analyze outputs: one HTML page of charts
//	batch          the bounded worker pool over many inputs
//	haifu          this package: Verify and Games
//	cmd/haifu      the command: flags and wiring
//
// Test helpers live under internal/; the conformance suite of the rule
// settings, as data another implementation can run, under conformance/.
package haifu
