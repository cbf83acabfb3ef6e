package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/adjudicator"
)

// TestRulesGolden holds what `haifu rules` prints to testdata/rules
// (rewritten with -update; review the diff): the list of presets, every
// preset as `haifu rules NAME` prints it (presets.golden), and every preset
// written to a file and printed back by `haifu rules FILE`, which prints
// the rules as haifu read them (read-back.golden); and every key of a rule
// file with the values it takes (`haifu rules --keys`, keys.golden).
func TestRulesGolden(t *testing.T) {
	dir := t.TempDir()
	var presets, readBack strings.Builder
	list, stderr, code := haifu(t, "", "rules")
	if code != exitOK {
		t.Fatalf("rules: exit %d: %s", code, stderr)
	}
	presets.WriteString("# haifu rules\n" + list)
	for _, n := range adjudicator.PresetNames() {
		out, stderr, code := haifu(t, "", "rules", n)
		if code != exitOK {
			t.Fatalf("rules %s: exit %d: %s", n, code, stderr)
		}
		presets.WriteString("# haifu rules " + n + "\n" + out)
		path := filepath.Join(dir, n+".toml")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		back, stderr, code := haifu(t, "", "rules", path)
		if code != exitOK {
			t.Fatalf("rules %s: exit %d: %s", path, code, stderr)
		}
		readBack.WriteString("# haifu rules " + n + ".toml\n" + back)
	}
	keys, stderr, code := haifu(t, "", "rules", "--keys")
	if code != exitOK {
		t.Fatalf("rules --keys: exit %d: %s", code, stderr)
	}
	for file, got := range map[string]string{"presets.golden": presets.String(), "read-back.golden": readBack.String(), "keys.golden": keys} {
		golden := filepath.Join("testdata", "rules", file)
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("haifu rules differs from %s; run go test ./cmd/haifu -run TestRulesGolden -update and review the diff", golden)
		}
	}
}
