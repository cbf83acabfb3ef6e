package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
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
