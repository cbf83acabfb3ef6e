package report_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/report"
	"github.com/haifu/haifu/stats"
)

// The page in a real browser: Chromium, headless, driven through its
// DevTools protocol over the pipe of --remote-debugging-pipe (JSON
// messages separated by NUL bytes on file descriptors 3 and 4; no
// websocket, no driver). CI installs Chromium from the distribution's
// packages and sets HAIFU_REQUIRE_BROWSER=1, so that a missing browser
// fails the test there; elsewhere it skips with a message.

// browserPath finds Chromium: $HAIFU_CHROMIUM, else chromium,
// chromium-browser, google-chrome on the PATH.
func browserPath() string {
	if p := os.Getenv("HAIFU_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser returns Chromium's path, or skips tb (fails it when
// HAIFU_REQUIRE_BROWSER is set, as in CI).
func needBrowser(tb testing.TB) string {
	tb.Helper()
	p := browserPath()
	if p == "" {
		if os.Getenv("HAIFU_REQUIRE_BROWSER") != "" {
			tb.Fatal("Chromium not found (HAIFU_REQUIRE_BROWSER is set): apt-get install chromium, or set HAIFU_CHROMIUM")
		}
		tb.Skip("Chromium not found: apt-get install chromium (or set HAIFU_CHROMIUM) to open the report in a browser")
	}
	return p
}

// cdpMessage is a message of the DevTools protocol: a call's answer (ID)
// or an event (Method).
type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// browser is a headless Chromium and the pipe to its DevTools.
type browser struct {
	cmd    *exec.Cmd
	in     io.WriteCloser // the browser's fd 3: calls
	msgs   chan cdpMessage
	stderr *bytes.Buffer
	id     int
	// events are the events read while waiting for answers.
	mu     sync.Mutex
	events []cdpMessage
}

// launch starts Chromium headless with a new empty profile.
func launch(ctx context.Context, tb testing.TB, path string) *browser {
	tb.Helper()
	profile := tb.TempDir()
	cmd := exec.CommandContext(ctx, path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--user-data-dir="+profile, "--remote-debugging-pipe", "about:blank")
	callR, callW, err := os.Pipe()
	if err != nil {
		tb.Fatal(err)
	}
	msgR, msgW, err := os.Pipe()
	if err != nil {
		tb.Fatal(err)
	}
	cmd.ExtraFiles = []*os.File{callR, msgW} // fd 3: it reads; fd 4: it writes
	b := &browser{cmd: cmd, in: callW, msgs: make(chan cdpMessage, 256), stderr: &bytes.Buffer{}}
	cmd.Stderr = b.stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	callR.Close()
	msgW.Close()
	go func() {
		defer close(b.msgs)
		r := bufio.NewReaderSize(msgR, 1<<20)
		for {
			raw, err := r.ReadBytes(0)
			if len(raw) > 1 {
				var m cdpMessage
				if json.Unmarshal(raw[:len(raw)-1], &m) == nil {
					b.msgs <- m
				}
			}
			if err != nil {
				msgR.Close()
				return
			}
		}
	}()
	tb.Cleanup(func() {
		b.in.Close()
		done := make(chan struct{})
		go func() { b.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			b.cmd.Process.Kill()
			<-done
		}
	})
	return b
}

// call calls method with params in session ("" for the browser) and
// returns its result.
func (b *browser) call(ctx context.Context, session, method string, params any) (json.RawMessage, error) {
	b.id++
	id := b.id
	p, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	msg, _ := json.Marshal(cdpMessage{ID: id, Method: method, Params: p, SessionID: session})
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return nil, fmt.Errorf("%s: %w (stderr: %s)", method, err, b.stderr)
	}
	for {
		select {
		case m, ok := <-b.msgs:
			if !ok {
				return nil, fmt.Errorf("%s: the browser closed the pipe (stderr: %s)", method, b.stderr)
			}
			if m.ID == id {
				if m.Error != nil {
					return nil, fmt.Errorf("%s: %s", method, m.Error.Message)
				}
				return m.Result, nil
			}
			if m.Method != "" {
				b.mu.Lock()
				b.events = append(b.events, m)
				b.mu.Unlock()
			}
		case <-ctx.Done():
			return nil, fmt.Errorf("%s: %w", method, ctx.Err())
		}
	}
}

// wait waits for an event of method in session, and returns it.
func (b *browser) wait(ctx context.Context, session, method string) (cdpMessage, error) {
	b.mu.Lock()
	for _, e := range b.events {
		if e.Method == method && e.SessionID == session {
			b.mu.Unlock()
			return e, nil
		}
	}
	b.mu.Unlock()
	for {
		select {
		case m, ok := <-b.msgs:
			if !ok {
				return cdpMessage{}, fmt.Errorf("waiting for %s: the browser closed the pipe (stderr: %s)", method, b.stderr)
			}
			if m.Method != "" {
				b.mu.Lock()
				b.events = append(b.events, m)
				b.mu.Unlock()
			}
			if m.Method == method && m.SessionID == session {
				return m, nil
			}
		case <-ctx.Done():
			return cdpMessage{}, fmt.Errorf("waiting for %s: %w", method, ctx.Err())
		}
	}
}

// visit is what the browser made of a page.
type visit struct {
	// screenshot is the top of the page, PNG; pdf the page printed.
	screenshot []byte
	pdf        []byte
	// height is the page's height in CSS pixels.
	height float64
	// console are the console messages and errors of the page: its
	// console calls, the browser's log entries about it (a resource
	// blocked, a load that failed) and uncaught exceptions.
	console []string
}

// open loads the file path in a new tab of b, width pixels wide, and
// takes a screenshot of its top (height pixels) and a print of it.
func (b *browser) open(ctx context.Context, path string, width, height int) (*visit, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	res, err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"})
	if err != nil {
		return nil, err
	}
	var target struct{ TargetID string }
	json.Unmarshal(res, &target)
	if res, err = b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}); err != nil {
		return nil, err
	}
	var attached struct{ SessionID string }
	json.Unmarshal(res, &attached)
	s := attached.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		if _, err := b.call(ctx, s, m, map[string]any{}); err != nil {
			return nil, err
		}
	}
	if _, err := b.call(ctx, s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}); err != nil {
		return nil, err
	}
	if _, err := b.call(ctx, s, "Page.navigate", map[string]any{"url": "file://" + filepath.ToSlash(abs)}); err != nil {
		return nil, err
	}
	if _, err := b.wait(ctx, s, "Page.loadEventFired"); err != nil {
		return nil, err
	}
	v := &visit{}
	if res, err = b.call(ctx, s, "Page.getLayoutMetrics", map[string]any{}); err != nil {
		return nil, err
	}
	var metrics struct {
		CSSContentSize struct{ Height float64 } `json:"cssContentSize"`
	}
	json.Unmarshal(res, &metrics)
	v.height = metrics.CSSContentSize.Height
	if res, err = b.call(ctx, s, "Page.captureScreenshot", map[string]any{"format": "png",
		"clip": map[string]any{"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}); err != nil {
		return nil, err
	}
	var shot struct{ Data string }
	json.Unmarshal(res, &shot)
	if v.screenshot, err = base64.StdEncoding.DecodeString(shot.Data); err != nil {
		return nil, err
	}
	if res, err = b.call(ctx, s, "Page.printToPDF", map[string]any{"printBackground": false}); err != nil {
		return nil, err
	}
	var pdf struct{ Data string }
	json.Unmarshal(res, &pdf)
	if v.pdf, err = base64.StdEncoding.DecodeString(pdf.Data); err != nil {
		return nil, err
	}
	// The console: every message of the session.
	b.mu.Lock()
	for _, e := range b.events {
		if e.SessionID != s {
			continue
		}
		switch e.Method {
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string
				Args []struct{ Value any }
			}
			json.Unmarshal(e.Params, &p)
			v.console = append(v.console, fmt.Sprintf("console.%s %v", p.Type, p.Args))
		case "Log.entryAdded":
			var p struct {
				Entry struct{ Level, Source, Text, URL string }
			}
			json.Unmarshal(e.Params, &p)
			v.console = append(v.console, fmt.Sprintf("%s (%s): %s %s", p.Entry.Level, p.Entry.Source, p.Entry.Text, p.Entry.URL))
		case "Runtime.exceptionThrown":
			v.console = append(v.console, "exception: "+string(e.Params))
		}
	}
	b.mu.Unlock()
	b.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": target.TargetID})
	return v, nil
}

// inkStats measures a screenshot: the share of its pixels that are not
// white, the number of distinct colours (to 4 bits a channel), the pixels
// of the charts' dark blue, and the dark (text) pixels of its top 120 rows.
func inkStats(img image.Image) (ink float64, colours, blue, topText int) {
	b := img.Bounds()
	seen := map[[3]uint8]bool{}
	n, inked := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r8, g8, b8 := uint8(r>>8), uint8(g>>8), uint8(bl>>8)
			n++
			if r8 < 245 || g8 < 245 || b8 < 245 {
				inked++
			}
			seen[[3]uint8{r8 >> 4, g8 >> 4, b8 >> 4}] = true
			if absDiff(r8, 0x24) < 12 && absDiff(g8, 0x47) < 12 && absDiff(b8, 0x6b) < 12 {
				blue++
			}
			if y < b.Min.Y+120 && r8 < 80 && g8 < 80 && b8 < 80 {
				topText++
			}
		}
	}
	return float64(inked) / float64(max(n, 1)), len(seen), blue, topText
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestReportInBrowser opens the corpus's report in Chromium: the page
// loads with no console message (no error, no resource blocked by its
// Content-Security-Policy, nothing it failed to load), its screenshot is
// not blank (text at the top, the charts' colour, many colours), it lays
// out at its length, and it prints. With -update the screenshot is the
// README's, docs/report.png. A page that loads an image from elsewhere is
// seen to print a console error, so that the check is known to catch one.
func TestReportInBrowser(t *testing.T) {
	chromium := needBrowser(t)
	dir := corpusOutput(t)
	var html bytes.Buffer
	if err := report.Write(&html, []string{dir}, report.Options{By: stats.DefaultBy}); err != nil {
		t.Fatal(err)
	}
	// The page as haifu analyze -o out ../shared/corpus --report would
	// name its paths (the test's are temporary).
	named := bytes.ReplaceAll(html.Bytes(), []byte(dir), []byte("out"))
	named = bytes.ReplaceAll(named, []byte(corpus.Dir(t)), []byte("../shared/corpus"))
	page := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(page, named, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	b := launch(ctx, t, chromium)
	const width, height = 1200, 1500
	v, err := b.open(ctx, page, width, height)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range v.console {
		t.Errorf("console: %s", c)
	}
	img, err := png.Decode(bytes.NewReader(v.screenshot))
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	if got := img.Bounds().Size(); got != (image.Point{width, height}) {
		t.Errorf("the screenshot is %v, want %dx%d", got, width, height)
	}
	ink, colours, blue, topText := inkStats(img)
	t.Logf("screenshot: %.1f%% of the pixels inked, %d colours, %d pixels of the charts' blue, %d dark pixels at the top; page %.0f px high; PDF %d KB",
		100*ink, colours, blue, topText, v.height, len(v.pdf)>>10)
	if ink < 0.03 || colours < 16 || blue < 2000 || topText < 500 {
		t.Errorf("the screenshot looks blank: %.1f%% inked, %d colours, %d pixels of the charts' blue, %d dark pixels at the top", 100*ink, colours, blue, topText)
	}
	if v.height < 5000 {
		t.Errorf("the page is %.0f px high: not laid out whole", v.height)
	}
	if !bytes.HasPrefix(v.pdf, []byte("%PDF-")) || len(v.pdf) < 20<<10 {
		t.Errorf("the page did not print (%d bytes)", len(v.pdf))
	}
	if *update {
		if err := os.WriteFile("../docs/report.png", compactPNG(img), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The canary: a page that loads an image from elsewhere under the
	// report's policy prints a console error.
	canary := filepath.Join(t.TempDir(), "canary.html")
	os.WriteFile(canary, []byte(`<!DOCTYPE html><html><head><meta charset="utf-8"/><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"/></head><body><p>canary</p><img src="https://example.invalid/x.png"/></body></html>`), 0o644)
	cv, err := b.open(ctx, canary, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	if len(cv.console) == 0 {
		t.Error("a page whose image is blocked printed no console message: the check would not see an error")
	}
}

// compactPNG encodes img with a palette of its most frequent colours (the
// page has few but for the edges of its text), so that the README's
// screenshot stays small.
func compactPNG(img image.Image) []byte {
	b := img.Bounds()
	freq := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			freq[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	cs := make([]color.RGBA, 0, len(freq))
	for c := range freq {
		cs = append(cs, c)
	}
	sortColours(cs, freq)
	if len(cs) > 256 {
		cs = cs[:256]
	}
	pal := make(color.Palette, len(cs))
	for i, c := range cs {
		pal[i] = c
	}
	out := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, out); err != nil {
		panic(errors.New("encoding a paletted image: " + err.Error()))
	}
	return buf.Bytes()
}

// sortColours orders colours by frequency, most first, then by value.
func sortColours(cs []color.RGBA, freq map[color.RGBA]int) {
	slices.SortFunc(cs, func(a, b color.RGBA) int {
		if freq[a] != freq[b] {
			return freq[b] - freq[a]
		}
		return cmp.Compare(uint32(a.R)<<24|uint32(a.G)<<16|uint32(a.B)<<8|uint32(a.A), uint32(b.R)<<24|uint32(b.G)<<16|uint32(b.B)<<8|uint32(b.A))
	})
}
