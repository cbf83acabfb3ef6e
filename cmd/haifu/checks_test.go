package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/internal/corpus"
)

// TestREADMEChecks: the README's table of checks is the one `haifu checks
// --markdown` writes from the check package (rewrite it with -update).
func TestREADMEChecks(t *testing.T) {
	const begin, end = "<!-- checks: generated", "<!-- checks: end -->"
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("README.md has no table of checks between %q and %q", begin, end)
	}
	i += strings.Index(s[i:], "\n") + 1
	var b bytes.Buffer
	writeChecksMarkdown(&b)
	if got := s[i:j]; got != b.String() {
		if *update {
			if err := os.WriteFile("../../README.md", []byte(s[:i]+b.String()+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's table of checks is not the check package's; run go test ./cmd/haifu -run TestREADMEChecks -update")
	}
}

// TestVerifyChecks runs verify over the fixtures and corpus logs with
// findings of every pass, with --checks selecting passes: the output is
// the findings of the passes run, as verify with every pass writes them,
// and the input errors and warnings, whatever the passes.
func TestVerifyChecks(t *testing.T) {
	dir := corpus.Dir(t)
	paths := []string{"verify", "--json", "../../fixtures"}
	for _, f := range []string{"mjlog/pantheon__west.xml", "mjlog/pantheon__hanchan_with_noname.xml", "mjlog/tpb__24.txt",
		"mjlog/pantheon__doubleron.xml", "mjai/msanma__sample2.mjson", "mjai/akochan__79b3c109__haifu_log_1000_0.json"} {
		paths = append(paths, filepath.Join(dir, f))
	}
	full, fullErr, _ := haifu(t, "", paths...)
	passOf := func(line string) string {
		var f struct{ Check string }
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatal(err)
		}
		for _, c := range check.All() {
			if c.String() == f.Check {
				if c == check.Parse || c == check.ParseWarning {
					return "" // always written
				}
				return adjudicator.PassOf(c).Name
			}
		}
		t.Fatalf("no check %q", f.Check)
		return ""
	}
	seen := map[string]bool{}
	for _, line := range strings.SplitAfter(full, "\n") {
		if line != "" {
			seen[passOf(line)] = true
		}
	}
	for _, p := range adjudicator.Passes() {
		if !seen[p.Name] {
			t.Errorf("no finding of the %s pass: the inputs do not test it", p.Name)
		}
	}
	for _, tc := range []struct {
		spec string
		runs []string
	}{
		{"-wall", []string{"legality", "hand_end", "win", "flow"}},
		{"legality,wall", []string{"legality", "wall"}},
		{"win", []string{"win"}},
		{"-legality,-flow", []string{"hand_end", "win", "wall"}},
		{"hand_end,flow", []string{"hand_end", "flow"}},
		{"all", []string{"legality", "hand_end", "win", "flow", "wall"}},
	} {
		out, stderr, code := haifu(t, "", append([]string{"verify", "--checks=" + tc.spec}, paths[1:]...)...)
		var want strings.Builder
		for _, line := range strings.SplitAfter(full, "\n") {
			if line == "" {
				continue
			}
			if p := passOf(line); p == "" || slices.Contains(tc.runs, p) {
				want.WriteString(line)
			}
		}
		if d := cmp.Diff(want.String(), out); d != "" {
			t.Errorf("--checks=%s: output (-want +got):\n%s", tc.spec, d)
		}
		if code != exitFound {
			t.Errorf("--checks=%s: exit %d", tc.spec, code)
		}
		wallLine := regexp.MustCompile(`(?m)^walls: .*\n`)
		switch {
		case !slices.Contains(tc.runs, "wall"):
			if !strings.Contains(stderr, "walls: not checked (--checks leaves out the wall pass)\n") {
				t.Errorf("--checks=%s: standard error\n%s", tc.spec, stderr)
			}
		case wallLine.FindString(stderr) != wallLine.FindString(fullErr):
			t.Errorf("--checks=%s: %q, with every pass %q", tc.spec, wallLine.FindString(stderr), wallLine.FindString(fullErr))
		}
	}
	for _, bad := range []string{"nope", "win,-wall", ""} {
		if _, stderr, code := haifu(t, "", "verify", "--checks", bad, "../../fixtures"); (code != exitUsage) != (bad == "") {
			t.Errorf("--checks %q: exit %d, %s", bad, code, stderr)
		}
	}
}

// TestAnalyzeChecks: analyze --checks counts the findings of the passes
// run, as verify --checks reports them.
func TestAnalyzeChecks(t *testing.T) {
	discrepancies := regexp.MustCompile(`(\d+) discrepancies`)
	for _, spec := range []string{"-wall", "legality", "all"} {
		_, verr, _ := haifu(t, "", "verify", "--checks", spec, "../../fixtures")
		_, aerr, code := haifu(t, "", "analyze", "--checks", spec, "-o", t.TempDir(), "../../fixtures")
		if code != exitFound { // the fixtures hold unreadable inputs
			t.Errorf("--checks=%s: analyze exit %d: %s", spec, code, aerr)
		}
		v, a := discrepancies.FindStringSubmatch(verr), discrepancies.FindStringSubmatch(aerr)
		if v == nil || a == nil || v[1] != a[1] {
			t.Errorf("--checks=%s: verify says %q, analyze %q", spec, v, a)
		}
	}
	if _, stderr, code := haifu(t, "", "analyze", "--checks", "walls", "-o", t.TempDir(), "../../fixtures"); code != exitUsage {
		t.Errorf("--checks walls: exit %d, %s", code, stderr)
	}
}
