package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/haifu/haifu/batch"
	"github.com/haifu/haifu/convert"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

func runConvert(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "convert", "--to mjai|tenhou6 [--split hands] [-o DIR|-] [--format F] [-j N] PATH...",
		`Writes every game under PATH in another format: mjai JSON lines (as Mortal,
mjai-reviewer and the mjai servers read them) or tenhou.net/6 JSON (as
tenhou.net's viewer reads it). Every format haifu reads can be converted.

Each converted game is proven before it is written: the bytes are read
again by haifu's decoder of the target format and the game they give is
compared with the game read from PATH (as haifu diff compares two logs),
leaving out only what the target cannot carry. A game that would read back
otherwise, or that the target cannot carry at all (a hand the server
stopped, a win tenhou.net/6 has no score string for), is not written: it
is listed on standard error with the reason. What the target cannot carry
and the game has (the dice, the wall seed, disconnections, the fu of a
limit hand, ...) is one warning line per game on standard error.

With -o DIR (a new or empty directory, created if needed) each game is a
file named after its input: the path below the PATH argument (a file's or
an archive's base name first), the target's extension after the whole
name (a.mjlog.mjson, a.mjlog.json), .gN for a game of a file of several
and, with --split hands, .NN-ROUND for each hand (a.mjlog.05-S1-2.json).
A file is written under a temporary name and renamed, so no half-written
file ever has its final name. With -o - (the default) the games are
written to standard output one after another, as the decoders read them
back. The bytes depend on the input alone, whatever -j is.

--split hands writes each hand as a game of its own, one file (or object)
per hand, for tools that take a single hand.

The last line on standard error is

    converted G of N games to FORMAT (F files): U unreadable inputs, R not read completely, X not convertible, W with warnings

Exit status: 0 when every game was converted, 1 when an input could not be
read or a game could not be converted, 2 on a usage error, 130 when
interrupted (SIGINT; 143 on SIGTERM).`)
	to := fs.String("to", "", "the target `FORMAT`: mjai or tenhou6 (required)")
	split := fs.String("split", "", "`hands`: write each hand as a game of its own")
	out := addOutputFlag(fs, "-", "write the converted games to `DIR`, or - for standard output")
	format := formatFlag(e, fs)
	jobs := addJobsFlag(fs, "use `N` CPUs, 1 to 256 (or the number of CPUs, if more): parallel workers (default: all); the output is the same whatever it is")
	limits := addLimitFlags(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	walk, ok := limits.walkOptions(e, "convert", format)
	if !ok {
		return exitUsage
	}
	target, ok := event.ParseFormat(*to)
	if _, writable := parser.NewEncoder(target); !ok || !writable {
		fmt.Fprintf(e.stderr, "haifu convert: --to %q: want one of %s\n", *to, strings.Join(writableFormats(), ", "))
		return exitUsage
	}
	opts := &convert.Options{}
	switch *split {
	case "":
	case "hands":
		opts.Hands = true
	default:
		fmt.Fprintf(e.stderr, "haifu convert: --split %q: want hands\n", *split)
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "haifu convert: no PATH given (use - for standard input)")
		return exitUsage
	}
	var dir string
	if *out != "-" {
		dir = *out
		if err := newOutputDir(dir); err != nil {
			fmt.Fprintf(e.stderr, "haifu convert: %v\n", err)
			return exitUsage
		}
		walk.Source.Skip = append(walk.Source.Skip, dir)
	}
	setDecodeOnlyRuntime(jobs.n)
	// A game's bytes are written as they are, not copied into the buffer
	// (bufio writes what does not fit straight through).
	w := bufio.NewWriter(e.stdout)
	// Messages are buffered too (a line each for most games: "does not
	// carry the dice"), but on a terminal, where each game's come at once
	// and after its output.
	msgs := bufio.NewWriter(e.stderr)
	sink := &convertSink{
		to: target, dir: dir, stdout: w, stderr: msgs, live: isTerminal(e.stderr), roots: fs.Args(),
		pool: sync.Pool{New: func() any {
			c, _ := convert.New(target, opts)
			return c
		}},
	}
	counts, err := batch.Each[convertOut](ctx, fs.Args(), batch.Options{Jobs: jobs.n, Format: walk.Format, DecodeOnly: true, Walk: walk}, sink)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	msgs.Flush()
	interrupted := ctx.Err() != nil
	if err != nil && !interrupted {
		fmt.Fprintf(e.stderr, "haifu convert: %v\n", err)
	}
	if interrupted {
		fmt.Fprintln(e.stderr, "haifu convert: interrupted; what was done so far:")
	}
	fmt.Fprintf(e.stderr, "converted %d of %d games to %v (%d files): %d unreadable inputs, %d not read completely, %d not convertible, %d with warnings\n",
		sink.converted, counts.Games, target, sink.files, counts.Unreadable, sink.notRead, sink.failed, sink.warned)
	switch {
	case interrupted:
		return exitInterrupted
	case err != nil || counts.Unreadable > 0 || sink.notRead > 0 || sink.failed > 0:
		return exitFound
	}
	return exitOK
}

// writableFormats names the formats haifu writes.
func writableFormats() []string {
	var names []string
	for _, f := range parser.Formats() {
		if _, ok := parser.NewEncoder(f); ok {
			names = append(names, f.String())
		}
	}
	return names
}

// newOutputDir makes dir, or checks that it is an empty directory: files
// are never overwritten, and two games that would get one name are told
// apart.
func newOutputDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("-o %s: the directory is not empty (give a new or empty one)", dir)
	}
	return nil
}

// convertSink converts each game in the workers and writes the files in
// input order.
type convertSink struct {
	to     event.Format
	dir    string // "" for standard output
	stdout *bufio.Writer
	stderr *bufio.Writer
	live   bool // stderr is a terminal: each game's messages are flushed
	roots  []string
	pool   sync.Pool           // of *convert.Converter, one per goroutine at a time
	made   map[string]struct{} // the directories made under dir

	converted, files, notRead, failed, warned int
}

// convertOut is one input's conversion: its files' bytes and names, its
// warnings, or why it was not converted.
type convertOut struct {
	path             string
	game             int
	several          bool
	data             []byte
	ends             []int // the end of each file in data
	hands            []int
	rounds           []event.RoundID
	warnings         []string
	err              error
	read, unreadable bool
}

// Take converts one game.
func (s *convertSink) Take(r *batch.Result, prev convertOut) convertOut {
	o := convertOut{data: prev.data[:0], ends: prev.ends[:0], hands: prev.hands[:0], rounds: prev.rounds[:0], warnings: prev.warnings[:0]}
	o.path, o.game, o.several = r.Input.Path, r.Input.Game, r.Input.Several
	o.unreadable = r.Unreadable()
	if r.Err != nil {
		o.err = r.Err
		return o
	}
	o.read = true
	c := s.pool.Get().(*convert.Converter)
	defer s.pool.Put(c)
	res, err := c.Convert(r.Game)
	if err != nil {
		o.err = err
		return o
	}
	// The files are one buffer's bytes, in order: kept as they are.
	end := 0
	for _, f := range res.Files {
		end += len(f.Data)
		o.ends = append(o.ends, end)
		o.hands = append(o.hands, f.Hand)
		o.rounds = append(o.rounds, f.Round)
	}
	o.data = c.Detach(o.data)[:end]
	o.warnings = append(o.warnings, res.Warnings...)
	return o
}

// Write writes one game's files, its warnings, or its error.
func (s *convertSink) Write(o convertOut) error {
	where := o.path
	if o.several && o.game >= 0 {
		where += ": game " + strconv.Itoa(o.game)
	}
	if o.err != nil {
		if err := s.messages(); err != nil {
			return err
		}
		if o.read {
			s.failed++
			fmt.Fprintf(s.stderr, "haifu convert: not converted: %v\n", o.err)
		} else {
			if !o.unreadable {
				s.notRead++
			}
			fmt.Fprintf(s.stderr, "haifu convert: not read: %v\n", o.err)
		}
		return s.messagesDone()
	}
	start := 0
	for i, end := range o.ends {
		data := o.data[start:end]
		start = end
		if s.dir == "" {
			if _, err := s.stdout.Write(data); err != nil {
				return err
			}
			continue
		}
		name := convert.OutputName(s.root(o.path), o.path, o.game, o.several, s.to, o.hands[i], o.rounds[i])
		if err := s.writeNew(name, data); err != nil {
			return err
		}
	}
	s.converted++
	s.files += len(o.ends)
	if len(o.warnings) > 0 {
		s.warned++
		if err := s.messages(); err != nil {
			return err
		}
		for _, w := range o.warnings {
			fmt.Fprintf(s.stderr, "haifu convert: %s: warning: %s\n", where, w)
		}
		return s.messagesDone()
	}
	return nil
}

// messages comes before a game's messages: on a terminal, the output so
// far is written first, to keep the order of output and messages.
func (s *convertSink) messages() error {
	if s.live && s.dir == "" {
		return s.stdout.Flush()
	}
	return nil
}

// messagesDone comes after a game's messages: on a terminal they are
// written at once.
func (s *convertSink) messagesDone() error {
	if s.live {
		return s.stderr.Flush()
	}
	return nil
}

// root returns the PATH argument an input was found under: the longest
// that is the input's path or a directory or archive holding it.
func (s *convertSink) root(p string) string {
	best := ""
	for _, r := range s.roots {
		c := path.Clean(filepath.ToSlash(r))
		q := filepath.ToSlash(p)
		if (q == c || c == "." || strings.HasPrefix(q, c+"/") || strings.HasPrefix(q, c+"!") || r == "-" && strings.HasPrefix(p, "-")) && len(r) > len(best) {
			best = r
		}
	}
	return best
}

// writeNew writes data to s.dir/name under a temporary name and renames it;
// a name already taken (by an earlier game of this run: the directory was
// empty) gets "~2", "~3" ... before its extension, so that no file is
// overwritten.
func (s *convertSink) writeNew(name string, data []byte) error {
	full := filepath.Join(s.dir, filepath.FromSlash(name))
	d := filepath.Dir(full)
	if _, ok := s.made[d]; !ok {
		// Once a directory (most files share one with the one before).
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if s.made == nil {
			s.made = map[string]struct{}{}
		}
		s.made[d] = struct{}{}
	}
	tmp, err := os.CreateTemp(d, ".haifu-convert-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	final := full
	ext := path.Ext(name)
	for n := 2; ; n++ {
		if _, err := os.Lstat(final); errors.Is(err, fs.ErrNotExist) {
			break
		}
		final = strings.TrimSuffix(full, ext) + "~" + strconv.Itoa(n) + ext
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
