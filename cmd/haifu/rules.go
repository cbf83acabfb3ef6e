package main

import (
	"context"
	"fmt"

	"github.com/haifu/haifu/adjudicator"
)

func runRules(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "rules", "[NAME|FILE]",
		`Without an argument, lists the rule presets built into haifu. With a preset
name, prints it as TOML (a starting point for your own file); with a TOML
file, checks it and prints it as haifu reads it.`)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	switch fs.NArg() {
	case 0:
		names := adjudicator.PresetNames()
		width := 0
		for _, n := range names {
			width = max(width, len(n))
		}
		for _, n := range names {
			r, err := adjudicator.Preset(n)
			if err != nil {
				fmt.Fprintf(e.stderr, "haifu rules: %v\n", err)
				return exitFound
			}
			fmt.Fprintf(e.stdout, "%-*s  %s\n", width, n, r.Description)
		}
		return exitOK
	case 1:
		name := fs.Arg(0)
		if text, err := adjudicator.PresetText(name); err == nil {
			e.stdout.Write(text)
			return exitOK
		}
		r, err := adjudicator.Load(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "haifu rules: %v\n", err)
			return exitFound
		}
		fmt.Fprint(e.stdout, r.String())
		return exitOK
	}
	fmt.Fprintln(e.stderr, "haifu rules: at most one NAME or FILE")
	return exitUsage
}
