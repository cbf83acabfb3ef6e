package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/haifu/haifu/adjudicator"
)

func runRules(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "rules", "[--markdown | --keys] [NAME|FILE]",
		`Without an argument, lists the rule presets built into haifu. With a preset
name, prints it as TOML (a starting point for your own file), with comments
saying where each value comes from; with a TOML file, checks it and prints
it as haifu reads it. --markdown prints every preset's value of every key
as the tables of docs/rules.md; --keys lists every key a rule file sets,
with the values it takes where they are names.`)
	md := fs.Bool("markdown", false, "print the presets' values as docs/rules.md's tables")
	keys := fs.Bool("keys", false, "list every key of a rule file, with the values it takes where they are names")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if *keys {
		writeKeys(e.stdout)
		return exitOK
	}
	if *md {
		if err := writePresetTables(e.stdout); err != nil {
			fmt.Fprintf(e.stderr, "haifu rules: %v\n", err)
			return exitFound
		}
		return exitOK
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

// writeKeys writes every key of a rule file, one a line, followed by the
// values it takes where they are names (adjudicator.Values: the items' for
// a list).
func writeKeys(w io.Writer) {
	width := 0
	for _, k := range adjudicator.Keys() {
		width = max(width, len(k))
	}
	for _, k := range adjudicator.Keys() {
		line := fmt.Sprintf("%-*s  %s", width, k, strings.Join(adjudicator.Values(k), ", "))
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// writePresetTables writes, for each section of a rule file, a Markdown
// table of every preset's value of every key of the section.
func writePresetTables(w io.Writer) error {
	var presets []*adjudicator.Rules
	for _, n := range adjudicator.PresetNames() {
		r, err := adjudicator.Preset(n)
		if err != nil {
			return err
		}
		presets = append(presets, r)
	}
	var b strings.Builder
	b.WriteString("| preset | what it is |\n|---|---|\n")
	for _, r := range presets {
		fmt.Fprintf(&b, "| `%s` | %s |\n", r.Name, r.Description)
	}
	var sections []string
	keys := map[string][]string{}
	for _, k := range adjudicator.Keys() {
		sec, key, ok := strings.Cut(k, ".")
		if !ok || sec == "auto" {
			continue // name, description, players: in the list of presets; auto: how --rules auto picks
		}
		if len(keys[sec]) == 0 {
			sections = append(sections, sec)
		}
		keys[sec] = append(keys[sec], key)
	}
	for _, sec := range sections {
		fmt.Fprintf(&b, "\n### [%s]\n\n| preset |", sec)
		for _, k := range keys[sec] {
			fmt.Fprintf(&b, " %s |", k)
		}
		b.WriteString("\n|---|")
		for range keys[sec] {
			b.WriteString("---|")
		}
		b.WriteString("\n")
		for _, r := range presets {
			fmt.Fprintf(&b, "| `%s` |", r.Name)
			for _, k := range keys[sec] {
				v, _ := r.Value(sec + "." + k)
				fmt.Fprintf(&b, " %s |", plainValue(v))
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plainValue writes a TOML value for a table cell: strings without their
// quotes, lists as comma-separated items, an empty list as "none".
func plainValue(v string) string {
	v = strings.ReplaceAll(v, "'", "")
	if strings.HasPrefix(v, "[") {
		v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
		if v == "" {
			return "none"
		}
	}
	return strings.ReplaceAll(v, "|", "\\|")
}
