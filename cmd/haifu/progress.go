package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/haifu/haifu/archive"
)

// progress draws the status line of analyze on a terminal: a bar of the
// input bytes read, the games done, games/s and the time left.
//
// The total is the size of the paths on disk, summed before the analysis
// starts (file sizes only: nothing is read); when an input has no size (a
// pipe), the line has no bar and no time left. Bytes are
// counted before decompression, so the bar moves evenly through an archive.
type progress struct {
	w     io.Writer
	start time.Time
	last  time.Time
	read  atomic.Int64 // bytes read so far, added to by the walk
	total atomic.Int64 // bytes in all, or -1 while unknown or unknowable
	drawn bool
}

func newProgress(w io.Writer, paths []string, stdin any, start time.Time) *progress {
	p := &progress{w: w, start: start}
	p.total.Store(-1)
	if n, ok := inputSize(paths, stdin); ok {
		p.total.Store(n)
	}
	return p
}

// update redraws the line, at most five times a second.
func (p *progress) update(done int) {
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	fmt.Fprint(p.w, "\r", progressLine(done, p.read.Load(), p.total.Load(), now.Sub(p.start)), "\033[K")
	p.drawn = true
}

// done clears the line.
func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// progressLine is the text of the status line: done games after elapsed
// time, with read of total bytes read (total < 0: unknown).
func progressLine(done int, read, total int64, elapsed time.Duration) string {
	var b strings.Builder
	const width = 24
	if total > 0 {
		frac := min(float64(read)/float64(total), 1)
		full := int(frac * width)
		b.WriteByte('[')
		b.WriteString(strings.Repeat("=", full))
		if full < width {
			b.WriteByte('>')
			b.WriteString(strings.Repeat(" ", width-full-1))
		}
		fmt.Fprintf(&b, "] %3.0f%% ", 100*frac)
	}
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(done) / s
	}
	fmt.Fprintf(&b, "%d games, %.0f games/s, %s", done, rate, clock(elapsed))
	if total > 0 && read > 0 && read < total {
		left := time.Duration(float64(elapsed) * float64(total-read) / float64(read))
		fmt.Fprintf(&b, ", ETA %s", clock(left))
	}
	return b.String()
}

// clock formats d as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// inputSize is the number of bytes in the files under paths, as the walk
// reads them; ok is false when one has no size (a pipe on standard input).
// Unreadable entries count nothing: the walk reports them.
func inputSize(paths []string, stdin any) (n int64, ok bool) {
	for _, p := range paths {
		if p == "-" {
			f, isFile := stdin.(*os.File)
			if !isFile {
				return 0, false
			}
			fi, err := f.Stat()
			if err != nil || !fi.Mode().IsRegular() {
				return 0, false
			}
			n += fi.Size()
			continue
		}
		_ = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if path != p && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			fi, err := os.Stat(path) // follows a symbolic link, as the walk does
			if err == nil && fi.Mode().IsRegular() {
				n += fi.Size()
			}
			return nil
		})
	}
	return n, true
}

// fetchProgress draws the status line of archive fetch on a terminal.
type fetchProgress struct {
	w     io.Writer
	start time.Time
	last  time.Time
	total int
	n     int
	sum   archive.Summary
	drawn bool
}

// update counts an outcome and redraws the line, at most five times a
// second.
func (p *fetchProgress) update(pr archive.Progress) {
	switch pr.Status {
	case archive.StatusRetry:
		return
	case archive.StatusFetched:
		p.sum.Fetched++
	case archive.StatusSkipped:
		p.sum.Skipped++
	case archive.StatusMissing, archive.StatusKnownMissing:
		p.sum.Missing++
	case archive.StatusFailed:
		p.sum.Failed++
	}
	p.n++
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond && p.n < p.total {
		return
	}
	p.last = now
	fmt.Fprint(p.w, "\r", fetchLine(p.n, p.total, p.sum, now.Sub(p.start)), "\033[K")
	p.drawn = true
}

// done clears the line.
func (p *fetchProgress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}

// fetchLine is the text of the status line: done of total ids after
// elapsed time, with the counts so far.
func fetchLine(done, total int, s archive.Summary, elapsed time.Duration) string {
	var b strings.Builder
	const width = 24
	if total > 0 {
		frac := min(float64(done)/float64(total), 1)
		full := int(frac * width)
		b.WriteByte('[')
		b.WriteString(strings.Repeat("=", full))
		if full < width {
			b.WriteByte('>')
			b.WriteString(strings.Repeat(" ", width-full-1))
		}
		fmt.Fprintf(&b, "] %3.0f%% ", 100*frac)
	}
	fmt.Fprintf(&b, "%d/%d logs: %d fetched, %d skipped, %d missing, %d failed, %s", done, total, s.Fetched, s.Skipped, s.Missing, s.Failed, clock(elapsed))
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		fmt.Fprintf(&b, ", ETA %s", clock(left))
	}
	return b.String()
}
