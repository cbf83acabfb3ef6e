package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/haifu/haifu/archive"
)

func TestProgressLine(t *testing.T) {
	tests := []struct {
		done        int
		read, total int64
		elapsed     time.Duration
		want        string
	}{
		{0, 0, -1, 0, "0 games, 0 games/s, 0:00"},
		{500, 10, -1, 2 * time.Second, "500 games, 250 games/s, 0:02"},
		{100, 0, 1000, time.Second, "[>                       ]   0% 100 games, 100 games/s, 0:01"},
		{100, 250, 1000, 10 * time.Second, "[======>                 ]  25% 100 games, 10 games/s, 0:10, ETA 0:30"},
		{7000, 1000, 1000, 3 * time.Second, "[========================] 100% 7000 games, 2333 games/s, 0:03"},
		// Bytes read twice (a zip's directory) may pass the total.
		{7000, 1200, 1000, 3 * time.Second, "[========================] 100% 7000 games, 2333 games/s, 0:03"},
		{1, 1, 2, 2 * time.Hour, "[============>           ]  50% 1 games, 0 games/s, 2:00:00, ETA 2:00:00"},
	}
	for _, tt := range tests {
		if got := progressLine(tt.done, tt.read, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("progressLine(%d, %d, %d, %v)\n got %q\nwant %q", tt.done, tt.read, tt.total, tt.elapsed, got, tt.want)
		}
	}
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
	write(".hidden", 1000)       // skipped by the walk
	write(".git/objects/x", 999) // skipped by the walk
	if err := os.Symlink(filepath.Join(dir, "a.xml"), filepath.Join(dir, "link.xml")); err != nil {
		t.Fatal(err)
	}
	n, ok := inputSize([]string{dir, filepath.Join(dir, "sub/b.json"), filepath.Join(dir, "missing")}, nil)
	if !ok || n != 100+20+100+20 {
		t.Errorf("inputSize = %d, %v; want 240, true", n, ok)
	}
	f, err := os.Open(filepath.Join(dir, "a.xml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n, ok := inputSize([]string{"-"}, f); !ok || n != 100 {
		t.Errorf("inputSize(stdin file) = %d, %v; want 100, true", n, ok)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if _, ok := inputSize([]string{"-"}, r); ok {
		t.Error("inputSize(pipe) is known; want unknown")
	}
}

func TestFetchLine(t *testing.T) {
	tests := []struct {
		done, total int
		sum         archive.Summary
		elapsed     time.Duration
		want        string
	}{
		{0, 0, archive.Summary{}, 0, "0/0 logs: 0 fetched, 0 skipped, 0 missing, 0 failed, 0:00"},
		{0, 300, archive.Summary{}, 0, "[>                       ]   0% 0/300 logs: 0 fetched, 0 skipped, 0 missing, 0 failed, 0:00"},
		{75, 300, archive.Summary{Fetched: 60, Skipped: 10, Missing: 4, Failed: 1}, 75 * time.Second,
			"[======>                 ]  25% 75/300 logs: 60 fetched, 10 skipped, 4 missing, 1 failed, 1:15, ETA 3:45"},
		{300, 300, archive.Summary{Fetched: 300}, time.Hour, "[========================] 100% 300/300 logs: 300 fetched, 0 skipped, 0 missing, 0 failed, 1:00:00"},
	}
	for _, tt := range tests {
		if got := fetchLine(tt.done, tt.total, tt.sum, tt.elapsed); got != tt.want {
			t.Errorf("fetchLine(%d, %d, %+v, %v)\n got %q\nwant %q", tt.done, tt.total, tt.sum, tt.elapsed, got, tt.want)
		}
	}
}

// TestFetchProgress counts the outcomes Fetch reports (retries are not
// outcomes) and draws the last one whatever the time.
func TestFetchProgress(t *testing.T) {
	var b strings.Builder
	p := &fetchProgress{w: &b, start: time.Now(), total: 4}
	for _, st := range []archive.Status{archive.StatusFetched, archive.StatusRetry, archive.StatusSkipped, archive.StatusKnownMissing, archive.StatusFailed} {
		p.update(archive.Progress{Status: st})
	}
	if !strings.Contains(b.String(), "4/4 logs: 1 fetched, 1 skipped, 1 missing, 1 failed") {
		t.Errorf("line %q", b.String())
	}
	p.done()
	if !strings.HasSuffix(b.String(), "\r\033[K") {
		t.Errorf("the line is not cleared: %q", b.String())
	}
}
