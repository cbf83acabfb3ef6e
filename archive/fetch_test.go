package archive

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/internal/corpus"
)

// fault is what the test server does with one request.
type fault int

const (
	serve          fault = iota // the log, as the id's encoding says
	unavailable                 // 503 without Retry-After
	unavailable1s               // 503 with Retry-After: 1
	tooMany                     // 429 with Retry-After: 0
	slow                        // no answer until the client gives up
	truncated                   // Content-Length larger than the body, then the connection closed
	truncatedChunk              // a chunked body cut short
	unfinished                  // 200 with the document cut before </mjloggm>
	notFound                    // 404, for good
	serverError                 // 500, for good
	notMjlog                    // 200 with an HTML page, for good
	redirect                    // 302 to the same log under /r/
)

// encodings of a log as served.
const (
	plainXML  = iota
	gzipCE    // Content-Encoding: gzip
	gzipBody  // a .gz body with no Content-Encoding
	xmlHeader // <?xml …?> and a comment before <mjloggm
)

// testLog is one log the server knows.
type testLog struct {
	id       string
	doc      []byte // the mjlog document
	gz       []byte // its gzip form, as served for gzipCE and gzipBody
	encoding int
	faults   []fault // for the first attempts, then serve; the last repeats if permanent
	forever  bool    // the last fault repeats
}

// logServer serves generated mjlog documents at /0/log/?ID with faults and
// measures how it is used: request start times, requests in flight at
// once, open connections, attempts per id, full answers per id.
type logServer struct {
	t     *testing.T
	slow  time.Duration
	logs  map[string]*testLog
	agent string

	mu          sync.Mutex
	starts      []time.Time
	idStarts    map[string][]time.Time
	inflight    int
	maxInflight int
	conns       int
	maxConns    int
	served      map[string]int // complete 200 answers with the log
	badAgent    string
	// onRequest, when set, is called with the number of the request
	// (1-based) before it is answered; when it returns true the request is
	// left unanswered until the client gives up.
	onRequest func(n int) bool
}

func newLogServer(t *testing.T, logs []*testLog) (*logServer, *httptest.Server) {
	s := &logServer{
		t: t, slow: 10 * time.Second, logs: map[string]*testLog{},
		idStarts: map[string][]time.Time{}, served: map[string]int{},
		agent: "haifu/test (+https://github.com/haifu/haifu)",
	}
	for _, l := range logs {
		s.logs[l.id] = l
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		s.mu.Lock()
		defer s.mu.Unlock()
		switch st {
		case http.StateNew:
			s.conns++
			s.maxConns = max(s.maxConns, s.conns)
		case http.StateClosed, http.StateHijacked:
			s.conns--
		}
	}
	ts.Start()
	t.Cleanup(ts.Close)
	return s, ts
}

func (s *logServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	id := r.URL.RawQuery
	s.mu.Lock()
	s.starts = append(s.starts, now)
	n := len(s.starts)
	attempt := len(s.idStarts[id])
	if r.URL.Path == "/0/log/" {
		s.idStarts[id] = append(s.idStarts[id], now)
	}
	s.inflight++
	s.maxInflight = max(s.maxInflight, s.inflight)
	if ua := r.Header.Get("User-Agent"); ua != s.agent {
		s.badAgent = ua
	}
	hook := s.onRequest
	l := s.logs[id]
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inflight--
		s.mu.Unlock()
	}()
	if hook != nil && hook(n) {
		<-r.Context().Done()
		return
	}
	if l == nil || r.URL.Path != "/0/log/" && r.URL.Path != "/r/0/log/" {
		http.Error(w, "no such log", http.StatusNotFound)
		return
	}
	f := serve
	switch {
	case r.URL.Path == "/r/0/log/":
	case attempt < len(l.faults):
		f = l.faults[attempt]
	case l.forever:
		f = l.faults[len(l.faults)-1]
	}
	body := l.doc
	if l.encoding == gzipBody || l.encoding == gzipCE && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		body = l.gz
	}
	switch f {
	case unavailable:
		http.Error(w, "busy", http.StatusServiceUnavailable)
	case unavailable1s:
		w.Header().Set("Retry-After", "1")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	case tooMany:
		w.Header().Set("Retry-After", "0")
		http.Error(w, "slow down", http.StatusTooManyRequests)
	case slow:
		select {
		case <-r.Context().Done():
		case <-time.After(s.slow):
		}
	case truncated:
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		w.Write(body[:len(body)/2])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	case truncatedChunk:
		w.WriteHeader(http.StatusOK)
		w.Write(body[:len(body)/3])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	case unfinished:
		w.Write(l.doc[:len(l.doc)-20])
	case notFound:
		http.Error(w, "not found", http.StatusNotFound)
	case serverError:
		http.Error(w, "oops", http.StatusInternalServerError)
	case notMjlog:
		w.Write([]byte("<html><body>maintenance</body></html>"))
	case redirect:
		http.Redirect(w, r, "/r/0/log/?"+id, http.StatusFound)
	default:
		if l.encoding == gzipCE && bytes.Equal(body, l.gz) {
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		if _, err := w.Write(body); err == nil {
			s.mu.Lock()
			s.served[id]++
			s.mu.Unlock()
		}
	}
}

// serverStats is a copy of what the server measured.
type serverStats struct {
	starts      []time.Time
	idStarts    map[string][]time.Time
	served      map[string]int
	maxInflight int
	maxConns    int
	badAgent    string
}

// stats returns a copy of what the server has measured so far.
func (s *logServer) stats() serverStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return serverStats{
		starts: slices.Clone(s.starts), idStarts: maps.Clone(s.idStarts), served: maps.Clone(s.served),
		maxInflight: s.maxInflight, maxConns: s.maxConns, badAgent: s.badAgent,
	}
}

// minSpan returns the shortest time between request starts k apart: for
// k = 1, the smallest gap between two consecutive starts.
func (st serverStats) minSpan(k int) time.Duration {
	span := time.Duration(1 << 62)
	for i := k; i < len(st.starts); i++ {
		span = min(span, st.starts[i].Sub(st.starts[i-k]))
	}
	return span
}

// shortGaps returns the number of gaps between consecutive request starts
// shorter than d.
func (st serverStats) shortGaps(d time.Duration) int {
	n := 0
	for i := 1; i < len(st.starts); i++ {
		if st.starts[i].Sub(st.starts[i-1]) < d {
			n++
		}
	}
	return n
}

// corpusLogs returns n real logs of the corpus as the test server serves
// them, with the faults of planFaults: every gzip-compressed log of the
// corpus (served as a .gz body, as stored) and plain ones served plain or,
// to a client that asks for it, with Content-Encoding: gzip.
func corpusLogs(t *testing.T, n int) []*testLog {
	var gz, plain []*testLog
	for _, c := range corpus.TenhouLogs(t, -1) {
		l := &testLog{id: c.ID, doc: c.Data}
		if bytes.HasPrefix(c.Data, []byte("\x1f\x8b")) {
			zr, err := gzip.NewReader(bytes.NewReader(c.Data))
			if err != nil {
				t.Fatal(err)
			}
			if l.doc, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
			l.gz, l.encoding = c.Data, gzipBody
			gz = append(gz, l)
			continue
		}
		plain = append(plain, l)
	}
	logs := append(gz, plain[:n-len(gz)]...)
	for i, l := range logs {
		if l.encoding != gzipBody {
			l.encoding = []int{plainXML, gzipCE}[i%2]
			l.gz = gzipBytes(t, l.doc)
		}
	}
	planFaults(logs)
	return logs
}

// planFaults gives the logs their faults, by their place in the list.
func planFaults(logs []*testLog) {
	for i, l := range logs {
		l.faults, l.forever = nil, false
		switch {
		case i == 3:
			l.faults = []fault{unavailable1s}
		case i == 9:
			l.faults, l.forever = []fault{serverError}, true
		case i == 10:
			l.faults, l.forever = []fault{notMjlog}, true
		case i == 12:
			l.faults = []fault{unavailable, unavailable, tooMany}
		case i == 14:
			l.faults = []fault{unfinished}
		case i == 16:
			l.faults = []fault{redirect}
		case i%13 == 5:
			l.faults, l.forever = []fault{notFound}, true
		case i == 4 || i == 100:
			l.faults = []fault{slow}
		case i%11 == 6:
			l.faults = []fault{truncated}
		case i%19 == 7:
			l.faults = []fault{truncatedChunk}
		case i%10 == 1:
			l.faults = []fault{unavailable}
		case i%25 == 8:
			l.faults = []fault{tooMany}
		}
	}
}

// fixtureDocs returns the mjlog documents of fixtures/good: real games,
// which a Fetcher keeps (it keeps only what decodes).
func fixtureDocs(t *testing.T) [][]byte {
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(corpus.Fixture(t, "mjlog/dnov__pao.xml")), "*"))
	var docs [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(b, []byte("\x1f\x8b")) {
			continue
		}
		docs = append(docs, bytes.TrimSpace(b))
	}
	if len(docs) < 10 {
		t.Fatalf("only %d mjlog fixtures", len(docs))
	}
	return docs
}

// makeLogs makes n logs of the fixtures' games, with ids, encodings and
// the faults of planFaults.
func makeLogs(t *testing.T, n int) []*testLog {
	rng := rand.New(rand.NewPCG(1, 2))
	docs := fixtureDocs(t)
	var logs []*testLog
	for i := range n {
		id := fmt.Sprintf("20240102%02dgm-00a9-0000-%08x", i%24, rng.Uint32())
		l := &testLog{id: id, doc: docs[i%len(docs)], encoding: i % 4}
		if l.encoding == xmlHeader {
			l.doc = append([]byte("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- test -->\n"), l.doc...)
		}
		l.gz = gzipBytes(t, l.doc)
		logs = append(logs, l)
	}
	planFaults(logs)
	return logs
}

// testFetcher returns a Fetcher for the test server: fast, as the tests
// must be, but with every rule in force.
func testFetcher(url, dir string) *Fetcher {
	return &Fetcher{
		BaseURL: url, OutDir: dir, Version: "test",
		Rate: 200, Timeout: 2 * time.Second, // a loaded machine answers slowly: only the slow fault may time out
		MaxRetries: 4, Backoff: 4 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
	}
}

// checkFiles checks that dir holds exactly the logs of want, each a gzip of
// the document as served (the gzip as served, when it was gzip), and no
// temporary file.
func checkFiles(t *testing.T, dir string, want []*testLog) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	temps, _ := filepath.Glob(filepath.Join(dir, ".*"+tempSuffix))
	if len(temps) > 0 {
		t.Errorf("temporary files left: %v", temps)
	}
	var got []string
	for _, p := range names {
		if filepath.Base(p) != MissingFile {
			got = append(got, filepath.Base(p))
		}
	}
	var wantNames []string
	for _, l := range want {
		wantNames = append(wantNames, l.id+".mjlog")
	}
	slices.Sort(wantNames)
	if diff := cmp.Diff(wantNames, got); diff != "" {
		t.Errorf("files in %s (-want +got):\n%s", dir, diff)
	}
	for _, l := range want {
		data, err := os.ReadFile(filepath.Join(dir, l.id+".mjlog"))
		if err != nil {
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", l.id, err)
			continue
		}
		doc, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(doc, l.doc) {
			t.Errorf("%s: the stored log is not the one served (%v)", l.id, err)
		}
		if (l.encoding == gzipCE || l.encoding == gzipBody) && !bytes.Equal(data, l.gz) {
			t.Errorf("%s: the gzip served was not kept as it was", l.id)
		}
	}
}

// TestFetch downloads a few hundred real logs of the corpus from a server
// that injects faults (503s, 429s, 500s, slow answers, truncated bodies,
// 404s, a page that is no log, a redirect), then again (nothing is
// fetched), and checks what the server saw: the rate limit, one request at
// a time, the User-Agent, Retry-After waited out, each log answered once;
// and that every file stored is what was served.
func TestFetch(t *testing.T) {
	const n = 300
	logs := corpusLogs(t, n)
	srv, ts := newLogServer(t, logs)
	dir := t.TempDir()
	f := testFetcher(ts.URL, dir)
	var progress []Progress
	f.Progress = func(p Progress) { progress = append(progress, p) }
	ids := make([]string, n)
	var wantFetched, wantMissing []*testLog
	wantFailed := map[string]error{}
	wantRetries := 0
	for i, l := range logs {
		ids[i] = l.id
		switch {
		case l.forever && l.faults[0] == notFound:
			wantMissing = append(wantMissing, l)
		case l.forever && l.faults[0] == serverError:
			wantFailed[l.id] = ErrStatus
			wantRetries += f.MaxRetries
		case l.forever && l.faults[0] == notMjlog:
			wantFailed[l.id] = ErrNotMjlog
		default:
			wantFetched = append(wantFetched, l)
			for _, ft := range l.faults {
				if ft != redirect {
					wantRetries++
				}
			}
		}
	}
	// An id given twice is skipped the second time; an x-form id is asked
	// for in its plain form.
	ids = append(ids, logs[0].id)

	start := time.Now()
	sum, err := f.Fetch(context.Background(), ids)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	st := srv.stats()
	var failedIDs []string
	for _, fl := range sum.Failures {
		failedIDs = append(failedIDs, fl.ID)
		var fe *FetchError
		if !errors.As(fl.Err, &fe) || !errors.Is(fl.Err, wantFailed[fl.ID]) {
			t.Errorf("failure %s: %v, want a FetchError wrapping %v", fl.ID, fl.Err, wantFailed[fl.ID])
		}
	}
	sum.Failures = nil
	want := Summary{
		Fetched: len(wantFetched), Skipped: 1, Missing: len(wantMissing), Failed: len(wantFailed),
		Requests: len(st.starts) - 1, // the redirect's second request is not counted
		Retries:  wantRetries,
		Bytes:    sum.Bytes,
	}
	if diff := cmp.Diff(want, sum); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
	checkFiles(t, dir, wantFetched)
	for _, l := range logs {
		wantServed := 0
		if _, failed := wantFailed[l.id]; !failed && !(l.forever && l.faults[0] == notFound) {
			wantServed = 1
		}
		if st.served[l.id] != wantServed {
			t.Errorf("%s answered %d times, want %d", l.id, st.served[l.id], wantServed)
		}
	}
	missing, _ := os.ReadFile(filepath.Join(dir, MissingFile))
	var wantList strings.Builder
	for _, l := range wantMissing {
		wantList.WriteString(l.id + "\n")
	}
	if string(missing) != wantList.String() {
		t.Errorf("missing list:\n%s\nwant:\n%s", missing, wantList.String())
	}

	// The politeness rules, as the server saw them. The server notes a
	// request when its handler starts, which a busy machine (this one is
	// shared) delays by up to several milliseconds: a request noted late
	// makes the gap before it longer and the gap after it shorter. So the
	// test asks that fewer than a tenth of the gaps between consecutive
	// starts be shorter than 1/rate less 1ms (without the limit, nearly
	// all are: sequential requests to this server start well under a
	// millisecond apart), and that every 21 consecutive starts span at
	// least 20/rate less 1/rate. TestFetchWait holds the limiter itself to
	// 1/rate exactly.
	interval := time.Second / time.Duration(f.Rate)
	gap, span20 := st.minSpan(1), st.minSpan(20)
	short := st.shortGaps(interval - time.Millisecond)
	if short*10 >= len(st.starts) {
		t.Errorf("%d of %d gaps between request starts are shorter than %v (the shortest %v)", short, len(st.starts)-1, interval-time.Millisecond, gap)
	}
	if span20 < 19*interval {
		t.Errorf("21 requests started within %v; 20/rate is %v", span20, 20*interval)
	}
	if st.maxInflight != 1 {
		t.Errorf("%d requests at once, want 1", st.maxInflight)
	}
	if st.badAgent != "" {
		t.Errorf("User-Agent %q", st.badAgent)
	}
	if at := st.idStarts[logs[3].id]; len(at) != 2 || at[1].Sub(at[0]) < time.Second {
		t.Errorf("Retry-After: 1 not waited out: attempts at %v", at)
	}
	if at := st.idStarts[logs[9].id]; len(at) != 1+f.MaxRetries {
		t.Errorf("a 500 was asked %d times, want %d", len(at), 1+f.MaxRetries)
	}
	if at := st.idStarts[logs[5].id]; len(at) != 1 {
		t.Errorf("a 404 was asked %d times, want 1", len(at))
	}
	counts := map[Status]int{}
	for _, p := range progress {
		counts[p.Status]++
	}
	wantCounts := map[Status]int{
		StatusFetched: sum.Fetched, StatusSkipped: sum.Skipped, StatusMissing: sum.Missing,
		StatusFailed: sum.Failed, StatusRetry: sum.Retries,
	}
	if diff := cmp.Diff(wantCounts, counts); diff != "" {
		t.Errorf("Progress statuses (-want +got):\n%s", diff)
	}
	t.Logf("first run: %d ids in %v: %+v; %d requests (%.1f/s), shortest gap %v, %d gaps under %v, shortest 20 gaps %v (1/rate %v), max in flight %d, max open connections seen %d",
		len(ids), elapsed.Round(time.Millisecond), sum, len(st.starts), float64(len(st.starts))/elapsed.Seconds(),
		gap, short, interval-time.Millisecond, span20, interval, st.maxInflight, st.maxConns)

	// A second run asks only for the logs that failed.
	before := len(st.starts)
	sum2, err := f.Fetch(context.Background(), ids)
	if err != nil {
		t.Fatal(err)
	}
	if sum2.Fetched != 0 || sum2.Skipped != len(wantFetched)+1 || sum2.KnownMissing != len(wantMissing) || sum2.Failed != len(wantFailed) {
		t.Errorf("second run: %+v", sum2)
	}
	if got, want := len(srv.stats().starts)-before, 1+f.MaxRetries+1; got != want {
		t.Errorf("second run made %d requests, want %d (the failed logs only)", got, want)
	}
	checkFiles(t, dir, wantFetched)
	if len(failedIDs) != 2 {
		t.Errorf("failed ids %v", failedIDs)
	}
	t.Logf("second run: %+v", sum2)
}

// TestFetchCancel cancels a run in the middle of a request, then resumes
// it: the cancelled run stops at once with context.Canceled and leaves no
// temporary file; the second run fetches the rest, and no log is answered
// twice.
func TestFetchCancel(t *testing.T) {
	const n = 60
	logs := makeLogs(t, n)
	var ids []string
	var want []*testLog
	for _, l := range logs {
		l.faults, l.forever = nil, false // no faults here
		ids = append(ids, l.id)
		want = append(want, l)
	}
	srv, ts := newLogServer(t, logs)
	dir := t.TempDir()
	f := testFetcher(ts.URL, dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.mu.Lock()
	srv.onRequest = func(n int) bool {
		if n == 25 {
			cancel()
			return true
		}
		return false
	}
	srv.mu.Unlock()
	sum, err := f.Fetch(ctx, ids)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Fetch = %v, want context.Canceled", err)
	}
	if sum.Fetched != 24 || sum.Failed != 0 {
		t.Errorf("cancelled run: %+v, want 24 fetched and none failed", sum)
	}
	checkFiles(t, dir, want[:24])

	srv.mu.Lock()
	srv.onRequest = nil
	srv.mu.Unlock()
	sum, err = f.Fetch(context.Background(), ids)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Fetched != n-24 || sum.Skipped != 24 {
		t.Errorf("resumed run: %+v, want %d fetched and 24 skipped", sum, n-24)
	}
	checkFiles(t, dir, want)
	st := srv.stats()
	for _, l := range logs {
		if st.served[l.id] != 1 {
			t.Errorf("%s answered %d times", l.id, st.served[l.id])
		}
	}
	if st.maxInflight != 1 {
		t.Errorf("%d requests at once", st.maxInflight)
	}

	// Cancelling from Progress stops before the next request.
	dir2 := t.TempDir()
	f2 := testFetcher(ts.URL, dir2)
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	f2.Progress = func(p Progress) {
		if p.Index == 9 {
			cancel2()
		}
	}
	sum, err = f2.Fetch(ctx2, ids)
	if !errors.Is(err, context.Canceled) || sum.Fetched != 10 {
		t.Errorf("cancelled from Progress: %+v, %v; want 10 fetched and context.Canceled", sum, err)
	}
	checkFiles(t, dir2, want[:10])
}

// fakeClock is a clock that moves only when it sleeps or is told to.
type fakeClock struct {
	now    time.Time
	sleeps []time.Duration
}

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d > 0 {
		c.now = c.now.Add(d)
		c.sleeps = append(c.sleeps, d)
	}
	return nil
}

// TestFetchWait holds the limiter to its rule, on a clock of its own: the
// request starts it notes are 1/Rate apart, or as far apart as the
// requests took when they took longer (a slow request is not followed by
// a quicker one), and a cancelled context stops the wait.
func TestFetchWait(t *testing.T) {
	c := &fakeClock{now: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}
	f := &Fetcher{OutDir: t.TempDir(), Rate: 500, clock: c}
	r, err := f.newRun()
	if err != nil {
		t.Fatal(err)
	}
	interval := 2 * time.Millisecond
	if r.interval != interval {
		t.Fatalf("interval %v, want %v", r.interval, interval)
	}
	var starts []time.Time
	var took []time.Duration
	for i := range 100 {
		if err := r.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		starts = append(starts, r.last)
		d := time.Duration(i%4) * time.Millisecond / 2 // quick requests
		if i%10 == 3 {
			d = 3 * time.Millisecond // a slow one
		}
		took = append(took, d)
		c.now = c.now.Add(d)
	}
	for i := 1; i < len(starts); i++ {
		if gap, want := starts[i].Sub(starts[i-1]), max(interval, took[i-1]); gap != want {
			t.Errorf("start %d came %v after the one before, want %v (1/rate %v, the request took %v)", i, gap, want, interval, took[i-1])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.wait(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("wait with a cancelled context: %v", err)
	}
}

// TestFetchBackoff checks the waits before retries on a clock of its own:
// doubled from Backoff up to MaxBackoff, each jittered to between half
// and all of it, and never shorter than a Retry-After.
func TestFetchBackoff(t *testing.T) {
	var n int
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++
		if n == 3 {
			w.Header().Set("Retry-After", "7")
		}
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	defer ts.Close()
	c := &fakeClock{now: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}
	f := &Fetcher{BaseURL: ts.URL, OutDir: t.TempDir(), Rate: 1000, MaxRetries: 6,
		Backoff: time.Second, MaxBackoff: 5 * time.Second, clock: c}
	var waits []time.Duration
	f.Progress = func(p Progress) {
		if p.Status == StatusRetry {
			waits = append(waits, p.Wait)
		}
	}
	sum, err := f.Fetch(context.Background(), []string{"2016022509gm-0009-0000-b327da61"})
	if err != nil || sum.Failed != 1 || sum.Requests != 7 || sum.Retries != 6 {
		t.Fatalf("Fetch = %+v, %v; want one failure after 7 requests", sum, err)
	}
	full := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second, 5 * time.Second}
	for i, w := range waits {
		lo, hi := full[i]/2, full[i]
		if i == 2 {
			lo, hi = 7*time.Second, 7*time.Second // Retry-After: 7 is longer
		}
		if w < lo || w > hi {
			t.Errorf("wait %d: %v, want between %v and %v", i+1, w, lo, hi)
		}
	}
	if len(waits) != len(full) {
		t.Errorf("%d waits, want %d", len(waits), len(full))
	}
}

// TestFetchRetryAfterTooLong checks that a Retry-After longer than
// MaxRetryAfter stops the run.
func TestFetchRetryAfterTooLong(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		http.Error(w, "go away", http.StatusServiceUnavailable)
	}))
	defer ts.Close()
	f := testFetcher(ts.URL, t.TempDir())
	sum, err := f.Fetch(context.Background(), []string{"2016022509gm-0009-0000-b327da61", "2016022509gm-0009-0000-b327da62"})
	if !errors.Is(err, ErrRetryAfter) || sum.Failed != 1 || sum.Requests != 1 {
		t.Errorf("Fetch = %+v, %v; want one failure and ErrRetryAfter", sum, err)
	}
}

// TestFetchIDs checks the forms of id Fetch takes and the URL it asks.
func TestFetchIDs(t *testing.T) {
	var paths []string
	doc := fixtureDocs(t)[0]
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.URL.String())
		w.Write(doc)
	}))
	defer ts.Close()
	dir := t.TempDir()
	f := testFetcher(ts.URL+"/", dir)
	sum, err := f.Fetch(context.Background(), []string{
		"2017022002gm-000b-2873-xc0294a92421e",
		" https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&tw=1 ",
		"2017022002gm-000b-2873-fb28df66", // the first, decoded: skipped
		"../../etc/passwd",
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Fetched != 2 || sum.Skipped != 1 || sum.Failed != 1 || !errors.Is(sum.Failures[0].Err, ErrLogID) {
		t.Errorf("Summary %+v", sum)
	}
	want := []string{"/0/log/?2017022002gm-000b-2873-fb28df66", "/0/log/?2016022509gm-0009-0000-b327da61"}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("paths asked (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(dir, "2017022002gm-000b-2873-fb28df66.mjlog")); err != nil {
		t.Error(err)
	}
}

func TestFetchSettings(t *testing.T) {
	if _, err := (&Fetcher{}).Fetch(context.Background(), nil); err == nil {
		t.Error("no error without OutDir")
	}
	if _, err := (&Fetcher{OutDir: t.TempDir(), Rate: -1}).Fetch(context.Background(), nil); err == nil {
		t.Error("no error with a negative rate")
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"0", 0}, {"-3", 0}, {"5", 5 * time.Second}, {"x", 0},
		{"Tue, 02 Jan 2024 03:05:05 GMT", time.Minute},
		{"Tue, 02 Jan 2024 03:00:00 GMT", 0},
		{"99999999999999999999", 0},
	}
	for _, tt := range tests {
		if got := parseRetryAfter(tt.in, now); got != tt.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestCheckMjlog(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{`<mjloggm ver="2.3"></mjloggm>`, nil},
		{"\xef\xbb\xbf<?xml version=\"1.0\"?>\r\n<!-- x -->\n<mjloggm ver=\"2.3\"><GO/></mjloggm>\n", nil},
		{`<mjloggm ver="2.3"><GO/>`, ErrTruncated},
		{`<html></html>`, ErrNotMjlog},
		{`<!-- never ends`, ErrNotMjlog},
		{``, ErrNotMjlog},
	}
	for _, tt := range tests {
		if err := checkMjlog([]byte(tt.in)); !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
			t.Errorf("checkMjlog(%q) = %v, want %v", tt.in, err, tt.want)
		}
	}
}

// TestSessionGet fetches listing files through a Session: a 503 and a
// truncated body are retried, a 404 is not, a gzip body is returned as
// sent, and the requests of Get and Fetch share one rate limit.
func TestSessionGet(t *testing.T) {
	listing := []byte("00:00 | 12 | 四般東－－－ | a(+55.0) b(+13.0) c(-23.0) d(-45.0)\n")
	gz := gzipBytes(t, listing)
	doc := fixtureDocs(t)[0]
	var mu sync.Mutex
	asked := map[string]int{}
	var agents []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		n := asked[r.URL.Path]
		agents = append(agents, r.Header.Get("User-Agent"))
		mu.Unlock()
		switch r.URL.Path {
		case "/sc/raw/dat/scb20240101.log.gz":
			switch n {
			case 1:
				http.Error(w, "busy", http.StatusServiceUnavailable)
			case 2:
				w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
				w.Write(gz[:len(gz)/2])
				w.(http.Flusher).Flush()
				panic(http.ErrAbortHandler)
			default:
				w.Write(gz)
			}
		case "/0/log/":
			w.Write(doc)
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	f := testFetcher(ts.URL, t.TempDir())
	var retries int
	f.Progress = func(p Progress) {
		if p.Status == StatusRetry {
			retries++
			if p.Index != -1 || !strings.HasSuffix(p.ID, "scb20240101.log.gz") {
				t.Errorf("retry reported as %+v", p)
			}
		}
	}
	s, err := f.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	body, err := s.Get(context.Background(), ts.URL+"/sc/raw/dat/scb20240101.log.gz")
	if err != nil || !bytes.Equal(body, gz) {
		t.Errorf("Get = %d bytes, %v; want the gzip as served", len(body), err)
	}
	ix, err := readIndex("scb20240101.log.gz", body)
	if err != nil || len(ix.Games) != 1 {
		t.Errorf("the body read as a listing: %+v, %v", ix, err)
	}
	// Into a file: the truncated attempt leaves nothing behind.
	mu.Lock()
	asked["/sc/raw/dat/scb20240101.log.gz"] = 1 // truncated, then whole
	mu.Unlock()
	file, err := os.CreateTemp(t.TempDir(), "listing")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	file.WriteString(strings.Repeat("earlier content that must go ", 100))
	n, err := s.GetFile(context.Background(), ts.URL+"/sc/raw/dat/scb20240101.log.gz", file)
	stored, _ := os.ReadFile(file.Name())
	if err != nil || n != int64(len(gz)) || !bytes.Equal(stored, gz) {
		t.Errorf("GetFile = %d, %v; the file holds %d bytes; want the gzip as served", n, err, len(stored))
	}
	var games int
	for r, err := range ReadAt("http://x/scb20240101.log.gz", file, n) {
		if _, ok := r.(*Game); ok && err == nil {
			games++
		}
	}
	if games != 1 {
		t.Errorf("ReadAt of the file: %d games, want 1", games)
	}
	_, err = s.Get(context.Background(), ts.URL+"/sc/raw/dat/none.log.gz")
	var fe *FetchError
	if !errors.As(err, &fe) || fe.Status != http.StatusNotFound || fe.Attempts != 1 || !errors.Is(err, ErrStatus) {
		t.Errorf("Get of a missing file: %v, want a FetchError with status 404 after one attempt", err)
	}
	start := s.r.last
	sum, err := s.Fetch(context.Background(), []string{"2016022509gm-0009-0000-b327da61"})
	if err != nil || sum.Fetched != 1 {
		t.Errorf("Fetch in the session: %+v, %v", sum, err)
	}
	if gap := s.r.last.Sub(start); gap < s.r.interval {
		t.Errorf("the session's Fetch started %v after its last Get; 1/rate is %v", gap, s.r.interval)
	}
	if retries != 3 || asked["/sc/raw/dat/scb20240101.log.gz"] != 3 {
		t.Errorf("%d retries, %d requests of the second round; want 3 and 3", retries, asked["/sc/raw/dat/scb20240101.log.gz"])
	}
	for _, a := range agents {
		if a != "haifu/test (+https://github.com/haifu/haifu)" {
			t.Errorf("User-Agent %q", a)
		}
	}
}

// TestFetchRemovesTemps: the temporary files a killed run left are
// removed by the next run, and nothing else is.
func TestFetchRemovesTemps(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, ".2016022509gm-0009-0000-b327da61.mjlog.12345"+tempSuffix)
	keep := []string{filepath.Join(dir, MissingFile), filepath.Join(dir, "2016022509gm-0009-0000-b327da62.mjlog"), filepath.Join(dir, ".other.tmp")}
	for _, p := range append(keep, stale) {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := (&Fetcher{OutDir: dir}).Fetch(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is still there (%v)", err)
	}
	for _, p := range keep {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestRetryable: which failed attempts are asked again.
func TestRetryable(t *testing.T) {
	tests := []struct {
		status int
		err    error
		want   bool
	}{
		{0, errors.New("connection reset"), true},
		{http.StatusOK, fmt.Errorf("%w: x", ErrTruncated), true},
		{http.StatusOK, fmt.Errorf("%w: x", ErrNotMjlog), false},
		{http.StatusOK, fmt.Errorf("%w: x", ErrTooLarge), false},
		{http.StatusOK, &localError{errors.New("no space left on device")}, false},
		{http.StatusOK, fmt.Errorf("%w: copying", &localError{errors.New("no space left on device")}), false},
		{http.StatusServiceUnavailable, ErrStatus, true},
		{http.StatusInternalServerError, ErrStatus, true},
		{http.StatusTooManyRequests, ErrStatus, true},
		{http.StatusForbidden, ErrStatus, false},
		{0, &permanentError{fmt.Errorf("%w: ftp", ErrURL)}, false},
		{0, fmt.Errorf("get: %w", &permanentError{ErrRedirect}), false},
		{http.StatusNotFound, ErrStatus, false},
	}
	for _, tt := range tests {
		if got := retryable(tt.status, tt.err); got != tt.want {
			t.Errorf("retryable(%d, %v) = %v, want %v", tt.status, tt.err, got, tt.want)
		}
	}
}
