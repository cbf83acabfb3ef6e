package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
)

func runChecks(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "checks", "[--markdown]",
		`Lists every check haifu makes, with its verification level, the pass that
reports it (verify and analyze --checks choose passes) and what it finds.
A finding of verify, and a row of the discrepancies table, names its
check.`)
	md := fs.Bool("markdown", false, "write the list as the README's Markdown table")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(e.stderr, "haifu checks: takes no PATH")
		return exitUsage
	}
	if *md {
		writeChecksMarkdown(e.stdout)
		return exitOK
	}
	width, passWidth := 0, 0
	for _, c := range check.All() {
		width = max(width, len(c.String()))
	}
	for _, p := range adjudicator.Passes() {
		passWidth = max(passWidth, len(p.Name))
	}
	for _, c := range check.All() {
		fmt.Fprintf(e.stdout, "%d %-9s %-*s %-*s  %s\n", c.Level(), c.Level(), passWidth, passName(c), width, c, c.Doc())
	}
	return exitOK
}

// passName names the pass that reports c.
func passName(c check.Check) string {
	if p := adjudicator.PassOf(c); p != nil {
		return p.Name
	}
	return "-"
}

// writeChecksMarkdown writes the table of checks as the README holds it.
func writeChecksMarkdown(w io.Writer) {
	var b strings.Builder
	b.WriteString("| check | level | pass | what |\n|---|---|---|---|\n")
	for _, c := range check.All() {
		fmt.Fprintf(&b, "| `%s` | %d %s | %s | %s |\n", c, c.Level(), c.Level(), passName(c), c.Doc())
	}
	io.WriteString(w, b.String())
}
