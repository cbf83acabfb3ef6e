// Package haifu is the root of the haifu module, which replays riichi mahjong
// game logs and re-adjudicates them. The root package holds no code; it
// documents the layering and its test enforces it.
//
// Packages, each importing only packages above it:
//
//	tile         tile kinds, red fives, hands as counts, notations
//	event        the canonical event model every format is decoded into
//	source       inputs into plain streams: files, directories, standard
//	             input, readers; compression and archives; the limits
//	parser/...   one package per format (tenhou, tenhou6, majsoul, mjai),
//	             each declaring itself in a parser/format.Descriptor, and
//	             parser: the registry of the formats, detection, framing
//	             streams into games, decoding
//	hand         hand math: shanten, waits, tenpai, decomposition, furiten
//	replay       the table state machine: legality of every event
//	adjudicator  rule sets and the judgement of hand ends and game ends
//	stats        rows, aggregation, Parquet tables, the summary
//	batch        the bounded worker pool over many inputs
//	cmd/haifu    flags and wiring
package haifu
