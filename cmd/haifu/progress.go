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
	"github.com/schollz/progressbar/v3"
)

// progress draws the status line of analyze on a terminal
// (github.com/schollz/progressbar): a bar of the input bytes read, the
// games done and games/s, and the time left; never wider than the
// terminal (golang.org/x/term gives its width), cleared before the summary
// prints.
//
// The total is the size of the paths on disk, summed before the analysis
// starts (file sizes only: nothing is read); when an input has no size (a
// pipe), the line has no bar and no time left. Bytes are counted before
// decompression, so the bar moves evenly through an archive.
type progress struct {
	bar   *progressbar.ProgressBar
	start time.Time
	last  time.Time
	read  atomic.Int64 // bytes read so far, added to by the walk
	total int64        // bytes in all, or -1 when unknowable
}

// newProgress starts the line on w, whose width is width columns (0:
// ask the terminal); skip is what the walk skips under paths (the
// output directory).
func newProgress(w io.Writer, width int, paths, skip []string, stdin any, start time.Time) *progress {
	p := &progress{start: start, total: -1}
	if n, ok := inputSize(paths, skip, stdin); ok && n > 0 {
		p.total = n
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowBytes(false),
		progressbar.OptionSetPredictTime(p.total > 0),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionUseANSICodes(true),
		progressbar.OptionSetDescription("0 games"),
	}
	if width > 0 {
		opts = append(opts, progressbar.OptionSetWidth(width/3), progressbar.OptionSetMaxDetailRow(0))
	} else {
		opts = append(opts, progressbar.OptionFullWidth())
	}
	p.bar = progressbar.NewOptions64(p.total, opts...)
	return p
}

// update redraws the line with done games, at most five times a second.
func (p *progress) update(done int) {
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	rate := 0.0
	if s := now.Sub(p.start).Seconds(); s > 0 {
		rate = float64(done) / s
	}
	p.bar.Describe(fmt.Sprintf("%d games, %.0f games/s", done, rate))
	read := p.read.Load()
	if p.total > 0 {
		// Bytes read twice (a zip's directory) may pass the total.
		read = min(read, p.total)
	}
	_ = p.bar.Set64(read)
}

// done ends the line at 100% and clears it.
func (p *progress) done() {
	_ = p.bar.Finish()
}

// inputSize is the number of bytes in the files under paths, as the walk
// reads them (what skip names, found under a path, is not read); ok is
// false when one has no size (a pipe on standard input). Unreadable
// entries count nothing: the walk reports them.
func inputSize(paths, skip []string, stdin any) (n int64, ok bool) {
	isSkipped := sameFileAs(skip)
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
			if path != p && (strings.HasPrefix(d.Name(), ".") || isSkipped(path)) {
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

// fetchProgress draws the status line of archive fetch on a terminal
// (github.com/schollz/progressbar, as analyze's): a bar of the ids done, the
// counts of each outcome, and the time left; cleared when it is done.
type fetchProgress struct {
	bar      *progressbar.ProgressBar
	n        int
	sum      archive.Summary
	finished bool
}

// newFetchProgress starts the line on w for total ids, as wide as the
// terminal (80 columns when w is none).
func newFetchProgress(w io.Writer, total int) *fetchProgress {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionShowCount(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionUseANSICodes(true),
		progressbar.OptionSetDescription(fetchCounts(archive.Summary{})),
		progressbar.OptionFullWidth(),
	}
	return &fetchProgress{bar: progressbar.NewOptions(total, opts...)}
}

// fetchCounts is the line's description: the outcomes so far.
func fetchCounts(s archive.Summary) string {
	return fmt.Sprintf("%d fetched, %d skipped, %d missing, %d failed", s.Fetched, s.Skipped, s.Missing, s.Failed)
}

// update counts an outcome (a retry is none) and moves the bar.
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
	p.bar.Describe(fetchCounts(p.sum))
	_ = p.bar.Set(p.n)
}

// done ends the line at 100% and clears it (once).
func (p *fetchProgress) done() {
	if !p.finished {
		p.finished = true
		_ = p.bar.Finish()
	}
}
