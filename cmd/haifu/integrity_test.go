package main

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/haifu/haifu/internal/corpus"

	"golang.org/x/text/encoding/japanese"
)

// fixture reads a file of the bundled fixtures.
func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(corpus.Fixture(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSeveralGamesInAFile: every game of a file is verified and analyzed,
// named by its index, and bytes after the last game are an error; the
// inputs found add up.
func TestSeveralGamesInAFile(t *testing.T) {
	a := strings.TrimSpace(fixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"))
	b := strings.TrimSpace(fixture(t, "mjlog/msanma__2026011605gm-00b9-0000-ba5e37ba.xml"))
	dir := t.TempDir()
	all := filepath.Join(dir, "all.xml")
	if err := os.WriteFile(all, []byte(a+"\n"+b+"\n"+a+"\ntrailing junk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := haifu(t, "", "verify", "--json", all)
	if code != exitFound {
		t.Errorf("verify exit %d, want %d (the junk is an error)", code, exitFound)
	}
	for _, want := range []string{
		"found 4 inputs: 3 games and 1 unreadable inputs\n",
		"verified 3 games (",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q lacks %q", stderr, want)
		}
	}
	if !strings.Contains(out, `"game_index":null`) || !strings.Contains(out, "bytes that are no game") {
		t.Errorf("the junk is not reported as an error after the games:\n%s", out)
	}

	// analyze: three games rows with their indices, and one for the junk.
	o := filepath.Join(dir, "out")
	_, stderr, code = haifu(t, "", "analyze", "-j", "2", "-o", o, all)
	if code != exitFound {
		t.Errorf("analyze exit %d, want %d; %s", code, exitFound, stderr)
	}
	if want := "analyzed 4 inputs: 3 games judged and 1 unreadable input"; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q lacks %q", stderr, want)
	}
	if _, err := os.Stat(filepath.Join(o, "games", "part-00000.parquet")); err != nil {
		t.Errorf("the tables were not written: %v", err)
	}
}

// TestAnalyzeExitCodes: 0 when every input was read, 1 when any failed
// (the tables written all the same), 130 when interrupted (the output left
// as it was).
func TestAnalyzeExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	if err := os.MkdirAll(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a.txt", "b.txt"} {
		os.WriteFile(filepath.Join(bad, n), []byte("not a log"), 0o644)
	}
	o := filepath.Join(dir, "out")
	if _, stderr, code := haifu(t, "", "analyze", "-o", o, bad); code != exitFound {
		t.Errorf("every input failed: exit %d, want %d; %s", code, exitFound, stderr)
	}
	if _, err := os.Stat(filepath.Join(o, "errors", "part-00000.parquet")); err != nil {
		t.Errorf("tables not written when every input failed: %v", err)
	}
	good := filepath.Join(dir, "good.xml")
	os.WriteFile(good, []byte(fixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")), 0o644)
	if _, stderr, code := haifu(t, "", "analyze", "-o", o, good); code != exitOK {
		t.Errorf("every input read: exit %d, want 0; %s", code, stderr)
	}
	before := tree(t, o)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var so, se bytes.Buffer
	if code := run(ctx, []string{"analyze", "-o", o, good}, nil, &so, &se); code != exitInterrupted {
		t.Errorf("interrupted: exit %d, want %d; %s", code, exitInterrupted, se.String())
	}
	if after := tree(t, o); after != before {
		t.Errorf("an interrupted run changed the output:\n%s\nwas\n%s", after, before)
	}
	if code := run(ctx, []string{"verify", good}, nil, &so, &se); code != exitInterrupted {
		t.Errorf("verify interrupted: exit %d, want %d", code, exitInterrupted)
	}
	if code := run(ctx, []string{"events", good}, nil, &so, &se); code != exitInterrupted {
		t.Errorf("events interrupted: exit %d, want %d", code, exitInterrupted)
	}
}

// TestAnalyzeUsageLeavesNothing: a usage error (--by colour) exits 2
// before anything is written: no output directory, and no hidden temporary
// one beside it.
func TestAnalyzeUsageLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	o := filepath.Join(dir, "X")
	_, stderr, code := haifu(t, "", "analyze", "--by", "colour", "-o", o, "../../fixtures/good/mjlog")
	if code != exitUsage || !strings.Contains(stderr, `no dimension "colour"`) {
		t.Errorf("--by colour: exit %d, %q; want %d", code, stderr, exitUsage)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		var names []string
		for _, f := range left {
			names = append(names, f.Name())
		}
		t.Errorf("--by colour left %v beside %s", names, o)
	}
}

// tree lists the files under dir with their sizes and modification times.
func tree(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil {
			fmt.Fprintf(&b, "%s %d %d\n", strings.TrimPrefix(p, dir), fi.Size(), fi.ModTime().UnixNano())
		}
		return nil
	})
	return b.String()
}

// TestOutputInsideInput: an output directory under an input directory is
// not read back as input.
func TestOutputInsideInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.xml"), []byte(fixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")), 0o644)
	o := filepath.Join(dir, "out")
	for range 2 {
		_, stderr, code := haifu(t, "", "analyze", "-o", o, dir)
		if code != exitOK || !strings.Contains(stderr, "analyzed 1 inputs") {
			t.Errorf("exit %d, %q: want one input read", code, stderr)
		}
	}
}

// TestMain runs the command itself when HAIFU_MAIN is set, for the tests
// that need a process of their own (signals). The tests never use the
// network: every request to another host than this one goes to a proxy
// that refuses it (requests to 127.0.0.1, the test servers, are never
// proxied), so a test that would reach tenhou.net fails instead.
func TestMain(m *testing.M) {
	noNetwork()
	if os.Getenv("HAIFU_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// noNetwork points the proxy variables at a port where nothing listens.
func noNetwork() {
	for _, k := range []string{"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"} {
		os.Setenv(k, "http://127.0.0.1:9")
	}
	os.Unsetenv("NO_PROXY")
	os.Unsetenv("no_proxy")
}

// haifuProcess starts the command as a process of its own.
func haifuProcess(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HAIFU_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// bigInput writes a file of n copies of a fixture game: enough work for a
// signal to land in the middle of a run.
func bigInput(t *testing.T, dir string, n int) string {
	g := strings.TrimSpace(fixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"))
	p := filepath.Join(dir, "big.xml")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		f.WriteString(g)
		f.WriteString("\n")
	}
	f.Close()
	return p
}

// waitFor polls cond for up to ten seconds.
func waitFor(cond func() bool) bool {
	for range 1000 {
		if cond() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// TestSignals: SIGINT exits 130 and SIGTERM 143, the output left as it
// was; after SIGKILL nothing half-done is in place, and the next run
// clears what the killed one left.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	big := bigInput(t, dir, 20000)
	o := filepath.Join(dir, "out")
	started := func() bool {
		m, _ := filepath.Glob(filepath.Join(dir, ".out.haifu-tmp-*"))
		return len(m) > 0
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		cmd, stderr := haifuProcess(t, "analyze", "-j", "1", "-o", o, big)
		if !waitFor(started) {
			cmd.Process.Kill()
			t.Fatalf("%v: the run did not start: %s", sig, stderr)
		}
		time.Sleep(100 * time.Millisecond)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		switch sig {
		case syscall.SIGINT, syscall.SIGTERM:
			if want := 128 + int(sig); code != want {
				t.Errorf("%v: exit %d (%v), want %d; %s", sig, code, err, want, stderr)
			}
			if started() {
				t.Errorf("%v: temporary output left behind", sig)
			}
		case syscall.SIGKILL:
			if !started() {
				t.Errorf("SIGKILL: no temporary output left (the test did not kill a run in progress?)")
			}
		}
		if _, err := os.Stat(o); !os.IsNotExist(err) {
			t.Errorf("%v: the output exists after an interrupted first run (%v)", sig, err)
		}
	}
	// The next run completes and clears what the killed one left.
	small := filepath.Join(dir, "small")
	os.MkdirAll(small, 0o755)
	os.WriteFile(filepath.Join(small, "a.xml"), []byte(fixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")), 0o644)
	if _, stderr, code := haifu(t, "", "analyze", "-o", o, small); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if started() {
		t.Error("the killed run's temporary output was not cleared")
	}
}

// TestUnreplayableNotJudged: a game the decoder declares unreplayable (a
// tile hidden outside a hidden hand) is reported once, never judged from
// what could be read.
func TestUnreplayableNotJudged(t *testing.T) {
	log := strings.Join([]string{
		`{"type":"start_game","names":["a","b","c","d"]}`,
		`{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1s","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","E","S"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","P","P","P","C"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"]]}`,
		`{"type":"tsumo","actor":0,"pai":"?"}`,
		`{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}`,
		`{"type":"end_game"}`,
	}, "\n")
	out, stderr, code := haifu(t, log, "verify", "--json", "-")
	if code != exitFound || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"check":"parse"`) {
		t.Errorf("exit %d, output:\n%s%s\nwant one parse error and nothing judged", code, out, stderr)
	}
}

// TestShiftJISZipNames: a zip member named in Shift-JIS is named in UTF-8
// in verify's output and in the tables.
func TestShiftJISZipNames(t *testing.T) {
	name, err := japanese.ShiftJIS.NewEncoder().String("鳳凰卓.mjlog")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, NonUTF8: true})
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte(strings.Replace(fixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"), "<T", "<T999", 1)))
	zw.Close()
	dir := t.TempDir()
	p := filepath.Join(dir, "logs.zip")
	os.WriteFile(p, b.Bytes(), 0o644)
	out, _, _ := haifu(t, "", "verify", "--json", p)
	if !strings.Contains(out, `logs.zip!鳳凰卓.mjlog"`) || !utf8.ValidString(out) {
		t.Errorf("verify output does not name the member in UTF-8:\n%s", out)
	}
}

// TestUndeterminedExitStatus: findings that depend on the era of a log
// without a date (here one whose seed form both eras used) are printed as
// undetermined and do not make the exit status 1.
func TestUndeterminedExitStatus(t *testing.T) {
	out, stderr, code := haifu(t, "", "verify", "../../fixtures/bad/mjlog/tpb__30.txt")
	if code != exitOK || !strings.Contains(out, ": undetermined game.end: ") || !strings.Contains(stderr, "undetermined: 1 findings") {
		t.Errorf("exit %d, output:\n%s%s\nwant one undetermined finding and exit 0", code, out, stderr)
	}
}
