// Command haifu replays riichi mahjong game logs (Tenhou mjlog and
// tenhou.net/6, Mahjong Soul, mjai) and checks them.
//
// Usage:
//
//	haifu events [--format F] PATH...   write the canonical events as JSON lines
//	haifu help [COMMAND]                 show help
//
// PATH is a file, a directory (walked recursively), an archive (.zip, .tar,
// .tar.gz, .tgz, .tar.zst), a compressed log (.gz, .zst) or "-" for
// standard input; formats are detected from the content.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	if p := os.Getenv("HAIFU_CPUPROFILE"); p != "" {
		// For profiling haifu itself: go tool pprof haifu FILE. The
		// profile is stopped before os.Exit, which runs no deferred call.
		if f, err := os.Create(p); err == nil {
			pprof.StartCPUProfile(f)
		}
	}
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if code == exitInterrupted && strings.Contains(context.Cause(ctx).Error(), syscall.SIGTERM.String()) {
		code = 128 + int(syscall.SIGTERM)
	}
	stop()
	pprof.StopCPUProfile()
	os.Exit(code)
}

// Exit codes.
const (
	exitOK          = 0   // everything read (and, for verify, consistent)
	exitFound       = 1   // an input could not be read, or a discrepancy was found
	exitUsage       = 2   // bad command line
	exitInterrupted = 130 // interrupted: 128 + SIGINT (main makes it 143 for SIGTERM)
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *env, args []string) int
}

// env is what a command may touch: its streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func commands() []command {
	return []command{
		{"events", "write the canonical events of each game as JSON lines", runEvents},
		{"convert", "write every game as mjai or tenhou.net/6, each proven by reading it back", runConvert},
		{"diff", "compare two logs of the same game: the first difference in each hand", runDiff},
		{"verify", "check every event and outcome of every game", runVerify},
		{"analyze", "judge every game and write Parquet tables and a summary", runAnalyze},
		{"summary", "print the summary of an analyze output directory again", runSummary},
		{"report", "write the report of analyze output directories: one HTML page of charts", runReport},
		{"replay", "print the table after each event of a game, to check a log by eye", runReplay},
		{"wall", "print the walls of a Tenhou game rebuilt from its seed", runWall},
		{"rules", "list the rule presets, or print one", runRules},
		{"checks", "list every check, with its level and what it finds", runChecks},
		{"archive", "index Tenhou's archive listings (archive index), download their logs (archive fetch)", runArchive},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "version", "--version", "-version":
		v, when := buildVersion()
		if when != "" {
			v += " (" + when + ")"
		}
		fmt.Fprintf(stdout, "haifu %s\n", v)
		return exitOK
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			for _, c := range commands() {
				if c.name == args[1] {
					return c.run(ctx, e, []string{"--help"})
				}
			}
			fmt.Fprintf(stderr, "haifu: unknown command %q\n", args[1])
			return exitUsage
		}
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(stderr, "haifu: unknown command %q (see haifu help)\n", name)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, `haifu replays riichi mahjong game logs and checks them.

Usage: haifu COMMAND [flags] PATH...

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
PATH is a file, a directory (walked recursively), an archive (.zip, .tar,
.tar.gz, .tgz, .tar.zst), a compressed log (.gz, .zst) or - for standard
input. Formats and compression are detected from the content.

Run "haifu COMMAND --help" for a command's flags, "haifu version" (or
haifu --version) for the version.
`)
}
