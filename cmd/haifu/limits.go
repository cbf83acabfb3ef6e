package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/source"
)

// limitFlags are the flags that bound what one input may cost: they are
// the same for every command that reads logs.
type limitFlags struct {
	gameBytes, spoolBytes byteSize
	entries, depth, ratio int
}

// addLimitFlags defines the limit flags on fs.
func addLimitFlags(fs *flag.FlagSet) *limitFlags {
	l := &limitFlags{gameBytes: source.DefaultMaxWindowBytes, spoolBytes: source.DefaultMaxSpoolBytes,
		entries: source.DefaultMaxEntries, depth: source.DefaultMaxDepth, ratio: source.DefaultMaxRatio}
	fs.Var(&l.gameBytes, "max-game-bytes", "the largest decompressed game read, `N` bytes (a larger one is an error and the rest of its file is not read); K, M, G suffixes")
	fs.IntVar(&l.entries, "max-entries", l.entries, "the most archive entries read from one file, `N` (nested archives count)")
	fs.IntVar(&l.depth, "max-depth", l.depth, "the most levels of compression and archives around a log, `N`")
	fs.IntVar(&l.ratio, "max-ratio", l.ratio, "what decompression may give under one file, `N` times its size and --max-game-bytes, every level counted (the rest of the file is not read)")
	fs.Var(&l.spoolBytes, "max-spool-bytes", "the largest zip read from a stream, `N` bytes (copied to a temporary file first; at most half the space free there); K, M, G suffixes")
	return l
}

// walkOptions returns the options of a command's walk of its PATHs:
// standard input, the limits and the --format that format reads. A limit
// that is not positive or an unknown format is reported on e.stderr, and
// ok is false (a usage error).
func (l *limitFlags) walkOptions(e *env, cmd string, format func() (event.Format, bool)) (walk parser.Options, ok bool) {
	walk = parser.Options{Source: source.Options{Stdin: e.stdin}}
	if err := l.apply(&walk); err != nil {
		fmt.Fprintf(e.stderr, "haifu %s: %v\n", cmd, err)
		return walk, false
	}
	walk.Format, ok = format()
	return walk, ok
}

// apply sets the limits in o, and reports a limit that is not positive. A
// game is read through a stream's window, so --max-game-bytes bounds the
// window.
func (l *limitFlags) apply(o *parser.Options) error {
	if l.gameBytes <= 0 || l.spoolBytes <= 0 || l.entries <= 0 || l.depth <= 0 || l.ratio <= 0 {
		return fmt.Errorf("the --max-* limits must be positive")
	}
	s := &o.Source
	s.MaxWindowBytes, s.MaxSpoolBytes, s.MaxEntries, s.MaxDepth, s.MaxRatio = int64(l.gameBytes), int64(l.spoolBytes), l.entries, l.depth, l.ratio
	return nil
}

// byteSize is a flag value of bytes, with an optional K, M or G suffix
// (powers of 1024).
type byteSize int64

func (b *byteSize) String() string { return strconv.FormatInt(int64(*b), 10) }

func (b *byteSize) Set(s string) error {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, s[:len(s)-1]
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, s[:len(s)-1]
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return fmt.Errorf("want a positive number of bytes, such as 64M")
	}
	*b = byteSize(n * mult)
	return nil
}
