package main

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestConvertCommand converts the fixtures to each target into a
// directory: the files are named after the inputs, each reads back, the
// bytes are the same with one worker or two, and the messages on standard
// error (warnings, games not converted, the count) are those of
// testdata/convert/TARGET.golden (rewritten with -update).
func TestConvertCommand(t *testing.T) {
	for _, to := range []string{"mjai", "tenhou6"} {
		t.Run(to, func(t *testing.T) {
			var dirs []string
			var stderr string
			for _, j := range []string{"1", "2"} {
				dir := filepath.Join(t.TempDir(), "out")
				_, e, code := haifu(t, "", "convert", "--to", to, "-j", j, "-o", dir, "../../fixtures/good")
				if code != 0 {
					t.Fatalf("-j %s: exit %d, want 0:\n%s", j, code, e)
				}
				dirs, stderr = append(dirs, dir), e
			}
			a, b := readTree(t, dirs[0]), readTree(t, dirs[1])
			if d := cmp.Diff(a, b); d != "" {
				t.Errorf("-j 1 and -j 2 differ:\n%s", d)
			}
			if _, ok := a["mjlog/pantheon__pao_ron.xml"+map[string]string{"mjai": ".mjson", "tenhou6": ".json"}[to]]; !ok {
				t.Errorf("no file for mjlog/pantheon__pao_ron.xml among %v", slices.Sorted(maps.Keys(a)))
			}
			ext := map[string]string{"mjai": ".mjson", "tenhou6": ".json"}[to]
			for name := range a {
				out, e, code := haifu(t, "", "diff", filepath.Join("../../fixtures/good", strings.TrimSuffix(name, ext)), filepath.Join(dirs[0], name))
				if code != 0 {
					t.Errorf("%s does not agree with its source:\n%s%s", name, out, e)
				}
			}
			golden := filepath.Join("testdata", "convert", to+".golden")
			got := strings.ReplaceAll(stderr, "../../fixtures/good/", "")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/haifu -run ConvertCommand -update writes it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("standard error differs from %s (-want +got):\n%s", golden, d)
			}
		})
	}
}

// readTree reads every file under dir by its slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestConvertStdout: with -o - the games go to standard output one after
// another; --split hands writes one object per hand, one a line, which a
// reader of tenhou.net/6 takes for the JSON lines of one game's rounds (as
// mjx writes them): they read back as the game.
func TestConvertStdout(t *testing.T) {
	src := "../../fixtures/good/mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog"
	out, _, code := haifu(t, "", "convert", "--to", "tenhou6", "--split", "hands", src)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if n := strings.Count(out, "\n"); n != 9 {
		t.Errorf("%d lines, want one per hand (9)", n)
	}
	events, _, code := haifu(t, out, "events", "-")
	if code != 0 || strings.Count(events, `"type":"game_start"`) != 1 || strings.Count(events, `"type":"round_start"`) != 9 {
		t.Errorf("the hands do not read back as one game of 9 hands (exit %d)", code)
	}
	p := filepath.Join(t.TempDir(), "hands.json")
	os.WriteFile(p, []byte(out), 0o644)
	if text, _, code := haifu(t, "", "diff", src, p); code != 0 {
		t.Errorf("the hands do not agree with the game:\n%s", text)
	}
	single, _, _ := haifu(t, "", "convert", "--to", "mjai", src)
	both, _, _ := haifu(t, "", "convert", "--to", "mjai", src, "../../fixtures/good/mjlog/pantheon__nagashi.xml")
	if !strings.HasPrefix(both, single) || !bytes.Contains([]byte(both[len(single):]), []byte(`"type":"start_game"`)) {
		t.Error("two games are not written one after the other")
	}
}

// TestConvertUsage: a missing or unknown target, a bad --split and an
// output directory that is not empty are usage errors.
func TestConvertUsage(t *testing.T) {
	full := t.TempDir()
	os.WriteFile(filepath.Join(full, "x"), nil, 0o644)
	for _, args := range [][]string{
		{"convert", "../../fixtures/good"},
		{"convert", "--to", "majsoul", "../../fixtures/good"},
		{"convert", "--to", "mjai", "--split", "rounds", "../../fixtures/good"},
		{"convert", "--to", "mjai", "-o", full, "../../fixtures/good"},
		{"convert", "--to", "mjai"},
	} {
		if _, stderr, code := haifu(t, "", args...); code != exitUsage || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}
