package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/rivo/uniseg"

	"github.com/haifu/haifu/tables"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// haifu runs the command with args and returns stdout, stderr and the exit
// code.
func haifu(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// TestEventsGolden writes the events of every fixture and compares them
// with testdata/events/*.golden (rewritten with -update; review the diff).
func TestEventsGolden(t *testing.T) {
	files, err := filepath.Glob("../../fixtures/*/*/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("only %d fixtures", len(files))
	}
	for _, f := range files {
		if strings.HasSuffix(f, "README.md") {
			continue
		}
		name := filepath.Base(filepath.Dir(f)) + "__" + filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			out, stderr, code := haifu(t, "", "events", f)
			got := out
			if stderr != "" {
				got += "# stderr (exit " + string(rune('0'+code)) + "):\n" + stderr
			}
			golden := filepath.Join("testdata", "events", name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("events differ from %s (-want +got):\n%s", golden, d)
			}
			// Every line but the stderr part is a JSON object with a type.
			for i, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
				if line == "" {
					continue
				}
				var v map[string]any
				if err := json.Unmarshal([]byte(line), &v); err != nil || v["type"] == nil {
					t.Errorf("line %d is not a JSON event: %v: %s", i+1, err, line)
					break
				}
			}
		})
	}
}

func TestCommandLine(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // regexp
		stderr string // regexp
	}{
		{"no command", nil, exitUsage, "", "Usage: haifu COMMAND"},
		{"unknown command", []string{"frobnicate"}, exitUsage, "", `unknown command "frobnicate"`},
		{"help", []string{"help"}, exitOK, "Commands:", ""},
		{"events help", []string{"events", "--help"}, exitOK, `(?s)Usage: haifu events.*-format`, ""},
		{"verify help", []string{"help", "verify"}, exitOK, `(?s)Usage: haifu verify.*-rules`, ""},
		{"analyze help", []string{"analyze", "-h"}, exitOK, `(?s)Usage: haifu analyze.*-shard`, ""},
		{"events without path", []string{"events"}, exitUsage, "", "no PATH"},
		{"bad format", []string{"events", "--format", "xml", "x"}, exitUsage, "", `unknown --format "xml"`},
		{"bad flag: one line and a hint", []string{"verify", "--nope", "x"}, exitUsage, `^$`, `^haifu verify: unknown flag --nope \(haifu verify --help lists the flags\)\n$`},
		{"-j 0 is an error", []string{"verify", "-j", "0", "x"}, exitUsage, `^$`, `^haifu verify: bad value "0" for -j: want a number of CPUs, 1 to \d+`},
		{"-j above the bound is an error", []string{"verify", "-j", "100000", "x"}, exitUsage, `^$`, `^haifu verify: bad value "100000" for -j: want a number of CPUs, 1 to \d+`},
		{"--jobs far above the bound is an error", []string{"analyze", "--jobs", "10000000", "-o", "x", "y"}, exitUsage, `^$`, `bad value "10000000" for --jobs: want a number of CPUs, 1 to \d+`},
		{"-j above the bound is an error for events", []string{"events", "-j1000000", "x"}, exitUsage, `^$`, `bad value "1000000" for -j`},
		{"-j -2 is an error", []string{"analyze", "-j", "-2", "-o", "x", "y"}, exitUsage, `^$`, `bad value "-2" for -j`},
		{"-j2, joined", []string{"verify", "-j2", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK, `^$`, `verified 1 games`},
		{"--jobs 2", []string{"verify", "--jobs", "2", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK, `^$`, `verified 1 games`},
		{"--jobs=2", []string{"verify", "--jobs=2", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK, `^$`, `verified 1 games`},
		{"a flag without its value", []string{"analyze", "x", "-o"}, exitUsage, `^$`, `^haifu analyze: -o needs a value`},
		{"help lists long names with two dashes", []string{"analyze", "--help"}, exitOK, `(?m)^  -j, --jobs N\n(?s).*^  -o, --output DIR\n.*^  --rules RULES\n`, ""},
		{"version", []string{"version"}, exitOK, `^haifu \S+`, ""},
		{"--version", []string{"--version"}, exitOK, `^haifu \S+`, ""},
		{"unknown rules", []string{"verify", "--rules", "nosuch", "x"}, exitUsage, "", `no preset or file "nosuch"`},
		{"missing file", []string{"events", "no/such/file.xml"}, exitFound, "", `no/such/file.xml: .*no such file`},
		{"not a log", []string{"events", "../../go.mod"}, exitFound, "", `go.mod: content starts with "module github.co"...: not a game log`},
		{"summary of a directory that is no output", []string{"summary", "../../fixtures"}, exitFound, "", `fixtures: not an output of haifu analyze \(it has no games table\)`},
		{"report of a directory that is no output", []string{"report", "-o", "-", "../../fixtures"}, exitFound, "", `fixtures: not an output of haifu analyze \(it has no games table\)`},
		{"rules list", []string{"rules"}, exitOK, `(?m)^tenhou +Tenhou four-player`, ""},
		{"rules print", []string{"rules", "wrc"}, exitOK, `multiple_ron = "head_bump"`, ""},
		{"verify a clean log", []string{"verify", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK, `^$`, `verified 1 games \(9 rounds\): 0 discrepancies, 0 errors\n$`},
		{"verify a truncated log", []string{"verify", "../../fixtures/bad/mjlog/mjx__upd-aft-draw-discard-draw.mjlog"}, exitFound, "log ends before the game does", `0 discrepancies, 1 errors\n$`},
		{"replay one hand", []string{"replay", "--round", "9", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK, `(?s)round_start S4-.*game_end`, ""},
		{"replay shows a win's value", []string{"replay", "--round", "9", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK,
			`(?s)wins by ron on seat 3 on 3p.*\n   value: pinfu 1, aka_dora 1 = 2 han 30 fu, 2000 points \(as recorded\)\n`, ""},
		{"replay: the header names the players", []string{"replay", "--round", "1", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK,
			`^game 2011020417gm-00a9-0000-b67fcaa3 \(mjlog, tenhou, 4 players, 四鳳南喰赤\)\n  seat 0: -ron- \(七段\)\n  seat 1: ASAPIN \(十段\)\n`, ""},
		{"replay: tenpai and waits at a draw", []string{"replay", "--round", "1", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK,
			`(?s)ryuukyoku exhaustive.*\n   0 E  noten\n   1 S  tenpai, waiting on 14s\n`, ""},
		{"replay: the final scores", []string{"replay", "--round", "9", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK,
			`(?s)game_end\n   0 -ron-              13300   -37.0\n   1 ASAPIN             34200   \+14.0\n   2 うきでん           37600   \+48.0\n`, ""},
		{"replay a hand past the end", []string{"replay", "--round", "10", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitUsage, "", `--round 10: .*b67fcaa3.mjlog has 9 hands`},
		{"wall of one hand", []string{"wall", "--round", "1", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"}, exitOK,
			`(?s)^hand 1 \(E1-0\), dealer seat 0, 4 players, 136 tiles\nseed base64, hand 0 of its stream\ndice 3,3\n.*live wall, in draw order.*dead wall`, ""},
		{"wall of a log without a seed", []string{"wall", "--round", "1", "../../fixtures/bad/tenhou6/colint__out.tenhou.json"}, exitOK,
			`^wall: hand 1 has no wall: the log records no seed \(E3-0\)\n$`, ""},
		{"replay a negative hand", []string{"replay", "--round", "-1", "x"}, exitUsage, "", `--round -1: hands count from 1`},
		{"verify under other rules", []string{"verify", "--rules", "wrc", "../../fixtures/good/mjlog/waxmango__2022010920gm-00e1-0000-4304f18f.txt"}, exitFound,
			`(?s)E1-0, event 89: win.points: the hand is worth another amount under wrc \(expected 8000 \(mangan, 5 han 20 fu: riichi 1, menzen_tsumo 1, pinfu 1, dora 1, ura_dora 1\), recorded 12000 .*E4-1: divergent from this hand under wrc \(four_winds\)`,
			`under wrc: 1 games divergent`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := haifu(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out, stderr)
			}
			if tc.stdout != "" && !regexp.MustCompile(tc.stdout).MatchString(out) {
				t.Errorf("stdout %q does not match %q", out, tc.stdout)
			}
			if tc.stderr != "" && !regexp.MustCompile(tc.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tc.stderr)
			}
		})
	}
}

// TestVerifyJSON checks the --json contract: one object per finding with
// path, game_id, round, event, check and message (and expected/recorded
// for discrepancies), and the summary line last on stderr.
func TestVerifyJSON(t *testing.T) {
	out, stderr, code := haifu(t, "", "verify", "--json", "../../fixtures/bad/mjlog")
	if code != exitFound {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	if !regexp.MustCompile(`^verified \d+ games \(\d+ rounds\): \d+ discrepancies, \d+ errors$`).MatchString(lines[len(lines)-1]) {
		t.Errorf("last stderr line %q", lines[len(lines)-1])
	}
	checks := map[string]bool{}
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		for _, k := range []string{"path", "game_id", "round", "event", "check", "message"} {
			if _, ok := v[k]; !ok {
				t.Errorf("no %q in %s", k, l)
			}
		}
		c := v["check"].(string)
		checks[c] = true
		if v["severity"] == nil && c != "parse" && !strings.HasPrefix(c, "legality.") {
			if _, ok := v["expected"]; !ok {
				t.Errorf("discrepancy without expected: %s", l)
			}
		}
	}
	for _, c := range []string{"parse", "parse.warning", "legality.riichi"} {
		if !checks[c] {
			t.Errorf("no %s finding among %v", c, checks)
		}
	}
}

// TestVerifyDivergent: under rules not its own, a game the rules would have
// played differently is reported as divergent, which is no discrepancy.
func TestVerifyDivergent(t *testing.T) {
	tests := []struct {
		path, rules string
		want        string // the JSON line's check
		round       any
	}{
		{"../../fixtures/good/mjlog/msanma__2026011605gm-00b9-0000-ba5e37ba.xml", "wrc", "divergent.players", "E1-0"},
		{"../../fixtures/good/mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog", "mleague", "divergent.four_riichi", "E3-0"},
		{"../../fixtures/good/mjlog/dnov__chip.xml_.xml", "ema", "divergent.nine_terminals", "E1-1"},
	}
	for _, tt := range tests {
		out, stderr, code := haifu(t, "", "verify", "--json", "--rules", tt.rules, tt.path)
		var checks []string
		found := false
		for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			var v map[string]any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatalf("%s: %v: %q", tt.path, err, l)
			}
			c, _ := v["check"].(string)
			checks = append(checks, c)
			if strings.HasPrefix(c, "divergent.") {
				found = true
				if c != tt.want || v["severity"] != "divergent" || v["round"] != tt.round {
					t.Errorf("%s under %s: %s", tt.path, tt.rules, l)
				}
			}
		}
		if !found {
			t.Errorf("%s under %s: no divergence in %v", tt.path, tt.rules, checks)
		}
		wantCode := exitOK
		if len(checks) > 1 {
			wantCode = exitFound
		}
		if code != wantCode || !strings.Contains(stderr, "1 games divergent") || !strings.Contains(stderr, fmt.Sprintf(": %d discrepancies", len(checks)-1)) {
			t.Errorf("%s under %s: exit %d, stderr %q", tt.path, tt.rules, code, stderr)
		}
	}
}

// TestReplayAligned: in every table haifu replay prints, the river column
// starts at the same place on every seat's line, through riichi, calls and
// kans.
func TestReplayAligned(t *testing.T) {
	out, _, code := haifu(t, "", "replay", "../../fixtures/good/mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	col := -1
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "   ") || !strings.Contains(line, " | ") && !strings.HasSuffix(line, " |") {
			col = -1 // a table ends
			continue
		}
		c := uniseg.StringWidth(line[:strings.Index(line, "|")])
		if col >= 0 && c != col {
			t.Fatalf("the river column moves from %d to %d: %q", col, c, line)
		}
		col = c
	}
}

// TestSummaryShards: the summaries of two shards read together are the
// summary of the whole, grouped as asked.
func TestSummaryShards(t *testing.T) {
	dir := t.TempDir()
	whole, _, code := haifu(t, "", "analyze", "--json", "--by", "year,players", "-o", dir+"/whole", "../../fixtures/good")
	if code != exitOK {
		t.Fatalf("analyze: exit %d", code)
	}
	for k := range 2 {
		if _, stderr, code := haifu(t, "", "analyze", "--shard", fmt.Sprintf("%d/2", k), "-o", fmt.Sprintf("%s/part%d", dir, k), "../../fixtures/good"); code != exitOK {
			t.Fatalf("analyze shard %d: exit %d: %s", k, code, stderr)
		}
	}
	// Each shard's files say what wrote them, from what and how.
	ver := version()
	for k := range 2 {
		for _, table := range []string{tables.GamesTable, tables.RoundsTable, tables.SeatsTable, tables.WinsTable, tables.DiscrepanciesTable, tables.ErrorsTable} {
			f, err := os.Open(filepath.Join(dir, fmt.Sprintf("part%d", k), table, "part-00000.parquet"))
			if err != nil {
				t.Fatal(err)
			}
			st, _ := f.Stat()
			pf, err := parquet.OpenFile(f, st.Size())
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{tables.MetaVersion: ver, tables.MetaInputs: `["../../fixtures/good"]`, tables.MetaRules: "auto",
				tables.MetaShard: fmt.Sprintf("%d/2", k)}
			for key, v := range want {
				if got, ok := pf.Lookup(key); got != v {
					t.Errorf("part%d %s: metadata %s = %q (present %v), want %q", k, table, key, got, ok, v)
				}
			}
			if cb := pf.Metadata().CreatedBy; cb != "haifu version "+ver {
				t.Errorf("part%d %s: created_by %q, want %q", k, table, cb, "haifu version "+ver)
			}
			f.Close()
		}
	}
	got, stderr, code := haifu(t, "", "summary", "--json", "--by", "year,players", dir+"/part0", dir+"/part1")
	if code != exitOK {
		t.Fatalf("summary: exit %d: %s", code, stderr)
	}
	if got != whole {
		t.Errorf("two shards read together differ from the whole:\n%s\n---\n%s", got, whole)
	}
	if !strings.Contains(got, `"by": [`) || !strings.Contains(got, `"2011 4p"`) {
		t.Errorf("summary --by year,players: no year groups in\n%s", got)
	}
	// One output given twice, however written, is read once, with a
	// warning.
	once, _, _ := haifu(t, "", "summary", "--json", dir+"/part0")
	if got, stderr, code := haifu(t, "", "summary", "--json", dir+"/part0", dir+"/./part0/"); code != exitOK || got != once || !strings.Contains(stderr, "given again: read once") {
		t.Errorf("one output twice: exit %d, %q; the summary differs from the output's alone: %v", code, stderr, got != once)
	}
	// Outputs that do not add up are refused: one shard in two
	// directories.
	if err := os.CopyFS(dir+"/part0-copy", os.DirFS(dir+"/part0")); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := haifu(t, "", "summary", dir+"/part0", dir+"/part0-copy"); code == exitOK || !strings.Contains(stderr, "both shard 0/2") {
		t.Errorf("one shard twice: exit %d, %q", code, stderr)
	}
	if _, stderr, code := haifu(t, "", "analyze", "--rules", "wrc", "-o", dir+"/wrc", "../../fixtures/good/mjlog"); code != exitOK && code != exitFound {
		t.Fatalf("analyze --rules wrc: exit %d: %s", code, stderr)
	}
	if _, stderr, code := haifu(t, "", "summary", dir+"/whole", dir+"/wrc"); code == exitOK || !strings.Contains(stderr, "other rules") {
		t.Errorf("outputs of two rule sets: exit %d, %q", code, stderr)
	}
	if _, stderr, code := haifu(t, "", "summary", "--by", "colour", dir+"/whole"); code != exitUsage || !strings.Contains(stderr, `no dimension "colour"`) {
		t.Errorf("--by colour: exit %d, %q", code, stderr)
	}
}

// TestHelpStyle: every command's help shows its flags in one style: a
// value's name in capitals (DIR, N, DURATION), never the Go type flag
// prints by default (string, int, float, duration), and -o always with its
// long name --output.
func TestHelpStyle(t *testing.T) {
	goType := regexp.MustCompile(`(?m)^  -.* (string|int|uint|float|duration|value)$`)
	for _, cmd := range [][]string{
		{"events"}, {"verify"}, {"analyze"}, {"summary"}, {"replay"}, {"wall"}, {"rules"}, {"checks"},
		{"archive", "index"}, {"archive", "fetch"},
	} {
		out, _, code := haifu(t, "", append(cmd, "--help")...)
		name := strings.Join(cmd, " ")
		if code != exitOK || !strings.Contains(out, "Usage: haifu "+name) {
			t.Errorf("%s --help: exit %d:\n%s", name, code, out)
			continue
		}
		if m := goType.FindAllString(out, -1); m != nil {
			t.Errorf("%s --help names values by their Go type: %q", name, m)
		}
		if strings.Contains(out, "\n  -o ") {
			t.Errorf("%s --help has -o without --output", name)
		}
	}
}
