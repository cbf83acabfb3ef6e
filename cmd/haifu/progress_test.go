package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/haifu/haifu/archive"
)

// TestProgress draws the line into a buffer: the games and games/s, the
// share of the bytes read, and at the end 100% and a cleared line.
func TestProgress(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.xml"), make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	p := newProgress(&b, 60, []string{dir}, nil, nil, time.Now().Add(-2*time.Second))
	p.read.Store(250)
	p.update(100)
	if s := b.String(); !strings.Contains(s, "100 games, 50 games/s") || !strings.Contains(s, " 25%") {
		t.Errorf("line %q: want 100 games, 50 games/s and 25%%", s)
	}
	p.read.Store(1200) // bytes read twice (a zip's directory) pass the total
	p.last = time.Time{}
	p.update(400)
	p.done()
	s := b.String()
	if pct := p.bar.State().CurrentPercent; pct < 1 {
		t.Errorf("the bar ends at %.0f%%, want 100%%", 100*pct)
	}
	if !strings.HasSuffix(s, "\x1b[2K\r") {
		t.Errorf("the line is not cleared at the end: %q", s)
	}
	for _, line := range strings.Split(s, "\r") {
		if n := len([]rune(stripANSI(line))); n > 60 {
			t.Errorf("a line of %d columns on a terminal of 60: %q", n, line)
		}
	}
}

// stripANSI drops ANSI escape sequences.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && !(s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z') {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestInputSize(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.xml", 100)
	write("sub/b.json", 20)
	write(".hidden", 1000)                      // skipped by the walk
	write(".git/objects/x", 999)                // skipped by the walk
	write("out/games/part-00000.parquet", 5000) // the output, skipped by the walk
	if err := os.Symlink(filepath.Join(dir, "a.xml"), filepath.Join(dir, "link.xml")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	n, ok := inputSize([]string{dir, filepath.Join(dir, "sub/b.json"), filepath.Join(dir, "missing")}, []string{out}, nil)
	if !ok || n != 100+20+100+20 {
		t.Errorf("inputSize = %d, %v; want 240, true", n, ok)
	}
	if n, _ := inputSize([]string{out}, []string{out}, nil); n != 5000 {
		t.Errorf("inputSize of the skipped directory given as a path = %d, want 5000 (a path given is read)", n)
	}
	f, err := os.Open(filepath.Join(dir, "a.xml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n, ok := inputSize([]string{"-"}, nil, f); !ok || n != 100 {
		t.Errorf("inputSize(stdin file) = %d, %v; want 100, true", n, ok)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if _, ok := inputSize([]string{"-"}, nil, r); ok {
		t.Error("inputSize(pipe) is known; want unknown")
	}
}

// TestFetchProgress counts the outcomes Fetch reports (retries are not
// outcomes), ends at 100% and clears the line, never wider than the
// terminal.
func TestFetchProgress(t *testing.T) {
	var b strings.Builder
	p := newFetchProgress(&b, 4) // no terminal: 80 columns
	for _, st := range []archive.Status{archive.StatusFetched, archive.StatusRetry, archive.StatusSkipped, archive.StatusKnownMissing, archive.StatusFailed} {
		p.update(archive.Progress{Status: st})
	}
	if !strings.Contains(b.String(), "1 fetched, 1 skipped, 1 missing, 1 failed") {
		t.Errorf("line %q", b.String())
	}
	if pct := p.bar.State().CurrentPercent; pct < 1 {
		t.Errorf("the bar is at %.0f%% after every id, want 100%%", 100*pct)
	}
	p.done()
	p.done()
	s := b.String()
	if !strings.HasSuffix(s, "\x1b[2K\r") {
		t.Errorf("the line is not cleared: %q", s)
	}
	for _, line := range strings.Split(s, "\r") {
		if n := len([]rune(stripANSI(line))); n > 80 {
			t.Errorf("a line of %d columns on a terminal of 80: %q", n, line)
		}
	}
}
