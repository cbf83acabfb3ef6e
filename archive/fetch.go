package archive

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// The defaults of a Fetcher's zero fields.
const (
	DefaultBaseURL       = "https://tenhou.net"
	DefaultRate          = 1.0
	DefaultTimeout       = 60 * time.Second
	DefaultMaxRetries    = 5
	DefaultBackoff       = 2 * time.Second
	DefaultMaxBackoff    = 2 * time.Minute
	DefaultMaxRetryAfter = 10 * time.Minute
	DefaultMaxSize       = 64 << 20
)

// MissingFile is the name of the file in a Fetcher's OutDir that lists the
// ids the server answered 404 Not Found for, one plain id per line. A later
// run does not ask for them again (they count as KnownMissing); delete the
// line, or the file, to ask again. Lines that are blank or start with "#"
// are ignored. The name starts with a dot so that a walk of OutDir for
// logs (haifu analyze) leaves it out.
const MissingFile = ".missing"

// Errors a FetchError wraps (besides ErrLogID for an id that is none).
var (
	// ErrStatus: the server answered with a status other than 200 OK.
	ErrStatus = errors.New("HTTP status")
	// ErrTruncated: the body ended early (shorter than its
	// Content-Length, a gzip stream cut short, or an mjlog document
	// without its end tag).
	ErrTruncated = errors.New("truncated body")
	// ErrNotMjlog: the body is not an mjlog document (<mjloggm …>), or
	// is a whole one that does not decode.
	ErrNotMjlog = errors.New("not an mjlog document")
	// ErrRetryAfter: the server asked, with Retry-After, for a pause
	// longer than MaxRetryAfter. Fetch stops; run it again later.
	ErrRetryAfter = errors.New("server asks for a long pause")
	// ErrRedirect: the server redirected to another host, which is not
	// followed (nor asked again).
	ErrRedirect = errors.New("redirect to another host")
	// ErrURL: the URL cannot be asked for (a scheme other than http and
	// https, a malformed URL); it is not asked again.
	ErrURL = errors.New("bad URL")
)

// A Fetcher downloads Tenhou logs politely and resumably: one request at a
// time over one connection, request starts at most Rate per second,
// retries with capped, jittered exponential backoff, each log written to
// OutDir/ID.mjlog (gzip-compressed) through a temporary file and a rename,
// logs already there skipped. Set its fields, then call Fetch; zero fields
// take the defaults above. A Fetcher is not modified by Fetch and may be
// reused, but two Fetch calls must not run at once on the same OutDir (nor
// at all, under Tenhou's one-session rule).
type Fetcher struct {
	// BaseURL is where logs are asked for: BaseURL/0/log/?ID. Default
	// DefaultBaseURL.
	BaseURL string
	// Rate is the most requests started per second (retries and redirects
	// included). Default DefaultRate (1); it may be below 1.
	Rate float64
	// OutDir is the folder the logs and the missing list are written to;
	// it is created if need be. Required.
	OutDir string
	// Client is the HTTP client. When nil, Fetch makes one with Timeout
	// and a transport that opens at most one connection (MaxConnsPerHost
	// 1) and leaves gzip bodies as they are; it closes it at the end.
	// Fetch works on a copy of a given client with a CheckRedirect that
	// keeps the rate limit for redirects.
	Client *http.Client
	// Timeout is the limit on one request, body included, of the client
	// Fetch makes. Default DefaultTimeout.
	Timeout time.Duration
	// MaxRetries is the most retries of one log after its first attempt.
	// Default DefaultMaxRetries; negative means none.
	MaxRetries int
	// Backoff is the wait before the first retry, doubled for each next
	// one up to MaxBackoff, then jittered to between half and all of it.
	// Defaults DefaultBackoff and DefaultMaxBackoff.
	Backoff, MaxBackoff time.Duration
	// MaxRetryAfter is the longest Retry-After (of a 503 or 429) that is
	// waited out; a longer one stops Fetch with ErrRetryAfter. Default
	// DefaultMaxRetryAfter.
	MaxRetryAfter time.Duration
	// MaxSize is the largest body, and decompressed document, accepted.
	// Default DefaultMaxSize.
	MaxSize int64
	// Version is the program version sent in the User-Agent,
	// "haifu/<Version> (+https://github.com/haifu/haifu)"; "dev" when
	// empty.
	Version string
	// Progress, when not nil, is called once for each id with its outcome,
	// and once for each failed attempt that will be retried (StatusRetry;
	// for a Session.Get, ID is the URL and Index -1). It runs in the
	// caller's goroutine; it may cancel the context.
	Progress func(Progress)

	// clock, when not nil, replaces the real clock (tests).
	clock clock
}

// clock is the time a fetch run keeps its rate limit and backoff by.
type clock interface {
	Now() time.Time
	// Sleep waits for d, or until ctx is done (then it returns ctx.Err()).
	Sleep(ctx context.Context, d time.Duration) error
}

// realClock is the system's clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error { return sleep(ctx, d) }

// Status is the outcome of one id, or of one attempt.
type Status uint8

// The outcomes.
const (
	// StatusUnknown is the zero Status.
	StatusUnknown Status = iota
	// StatusFetched: downloaded and written.
	StatusFetched
	// StatusSkipped: OutDir/ID.mjlog was already there.
	StatusSkipped
	// StatusMissing: the server answered 404 Not Found (now recorded in
	// the missing list).
	StatusMissing
	// StatusKnownMissing: in the missing list of an earlier run; not
	// asked for.
	StatusKnownMissing
	// StatusFailed: not downloaded; Err says why.
	StatusFailed
	// StatusRetry: an attempt failed and another will follow after Wait.
	StatusRetry
	numStatuses
)

var statusNames = [numStatuses]string{"unknown", "fetched", "skipped", "missing", "known-missing", "failed", "retry"}

// String returns the status in lower case: "fetched", "known-missing", ….
func (s Status) String() string {
	if s >= numStatuses {
		return "Status(" + strconv.Itoa(int(s)) + ")"
	}
	return statusNames[s]
}

// Progress reports the outcome of one id, or a failed attempt.
type Progress struct {
	// Index is the id's position in Fetch's input (0-based), Total the
	// input's length.
	Index, Total int
	// ID is the id in its plain form (as given, when it is not an id).
	ID string
	// Status is the outcome.
	Status Status
	// Attempt is the number of the request just made (1 for the first);
	// 0 when none was made.
	Attempt int
	// Bytes is the size of the file written (StatusFetched).
	Bytes int64
	// Wait is the pause before the next attempt (StatusRetry).
	Wait time.Duration
	// Err is why the attempt or the id failed (StatusRetry, StatusFailed).
	Err error
}

// Summary counts the outcomes of a Fetch.
type Summary struct {
	// Fetched, Skipped, Missing, KnownMissing and Failed count the ids of
	// each Status (an id given twice counts twice: the second time it is
	// skipped).
	Fetched, Skipped, Missing, KnownMissing, Failed int
	// Requests counts the requests made (redirects not included), Retries
	// those after a failed attempt.
	Requests, Retries int
	// Bytes is the total size of the files written.
	Bytes int64
	// Failures are the failed ids and why, in input order.
	Failures []Failure
}

// Failure is one id that could not be downloaded.
type Failure struct {
	// ID is the id in its plain form (as given, when it is not an id).
	ID string
	// Err is why: a *FetchError, or an ErrLogID error for an id that is
	// none.
	Err error
}

// FetchError is why one log could not be downloaded.
type FetchError struct {
	// ID is the log id, URL the address asked.
	ID, URL string
	// Status is the HTTP status of the last answer; 0 when there was none.
	Status int
	// Attempts is the number of requests made.
	Attempts int
	// Err is the cause of the last attempt's failure.
	Err error
}

// Error returns "ID: attempt N: cause".
func (e *FetchError) Error() string {
	return e.ID + ": attempt " + strconv.Itoa(e.Attempts) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *FetchError) Unwrap() error { return e.Err }

// fetchRun is one Session: the Fetcher's settings with defaults, the
// client, the rate limit and the counts of the Fetch under way.
type fetchRun struct {
	f      Fetcher
	dec    parser.Decoder // checks that a log decodes before it is kept
	client *http.Client
	clock  clock
	agent  string
	sum    Summary
	// interval is 1/Rate; last is when the last request started (zero
	// before the first).
	interval time.Duration
	last     time.Time
	// stop is set when the run cannot go on: a log could not be written
	// to OutDir, or the server asked for too long a pause.
	stop error
}

// A Session is one polite conversation with the server: every request of
// its Fetch and Get calls, one at a time, over the Session's client, keeps
// the rate limit measured from the request before, whichever call made
// it. Use one Session for all the downloads of one program run, and Close
// it at the end. A Session is not safe for concurrent use (and must not
// be: one request at a time is the rule it keeps).
type Session struct {
	r *fetchRun
}

// NewSession checks the Fetcher's settings, fills in the defaults and
// returns a Session. The Fetcher is not used afterwards.
func (f *Fetcher) NewSession() (*Session, error) {
	r, err := f.newRun()
	if err != nil {
		return nil, err
	}
	return &Session{r: r}, nil
}

// Close closes the connection of a client the Session made.
func (s *Session) Close() {
	if s.r.f.Client == nil {
		s.r.client.CloseIdleConnections()
	}
}

// Fetch downloads the logs of ids with a Session of its own (see
// Session.Fetch), closed at the end.
func (f *Fetcher) Fetch(ctx context.Context, ids []string) (Summary, error) {
	s, err := f.NewSession()
	if err != nil {
		return Summary{}, err
	}
	defer s.Close()
	return s.Fetch(ctx, ids)
}

// Fetch downloads the logs of ids, in order, each to OutDir/ID.mjlog where
// ID is the id's plain form (an x-form id is decoded, as Tenhou's client
// does, before it is asked for; see ParseID). Ids may be written plain,
// obfuscated, or as viewer URLs with log=ID; each Game a listing reader
// yields has its id in the plain form (Game.ID.ID). Outcomes are counted
// in the Summary and reported to Progress; one log's failure does not
// stop the others.
//
// Fetch returns early, with the Summary so far, when ctx is done (the log
// being fetched is not written and no temporary file is left), when a log
// or the missing list cannot be written to OutDir (a full disk should not
// cost the server more downloads), or when the server asks for a pause
// longer than MaxRetryAfter. A rerun with the same OutDir picks up where
// it stopped. The rate limit holds across the calls of one Session; the
// first request of a new Session is not held back. Fetch starts no
// goroutines of its own.
func (s *Session) Fetch(ctx context.Context, ids []string) (Summary, error) {
	r := s.r
	r.sum, r.stop = Summary{}, nil
	if r.f.OutDir == "" {
		return Summary{}, errors.New("archive: Fetcher.OutDir is empty")
	}
	if err := os.MkdirAll(r.f.OutDir, 0o755); err != nil {
		return Summary{}, err
	}
	removeTemps(r.f.OutDir)
	known, err := readMissing(filepath.Join(r.f.OutDir, MissingFile))
	if err != nil {
		return Summary{}, err
	}
	for i, s := range ids {
		if err := ctx.Err(); err != nil {
			return r.sum, err
		}
		p := Progress{Index: i, Total: len(ids), ID: s}
		id, err := ParseID(s)
		if err != nil {
			r.report(p, StatusFailed, err)
			continue
		}
		p.ID = id
		path := filepath.Join(r.f.OutDir, id+".mjlog")
		if _, err := os.Lstat(path); err == nil {
			r.report(p, StatusSkipped, nil)
			continue
		}
		if known[id] {
			r.report(p, StatusKnownMissing, nil)
			continue
		}
		st, err := r.fetch(ctx, &p, path)
		if ctx.Err() != nil {
			return r.sum, ctx.Err()
		}
		if st == StatusMissing {
			known[id] = true
			if err := appendMissing(filepath.Join(r.f.OutDir, MissingFile), id); err != nil {
				return r.sum, err
			}
		}
		r.report(p, st, err)
		if r.stop != nil {
			return r.sum, r.stop
		}
	}
	return r.sum, nil
}

// newRun checks the Fetcher and fills in its defaults.
func (f *Fetcher) newRun() (*fetchRun, error) {
	r := &fetchRun{f: *f, clock: f.clock}
	if r.clock == nil {
		r.clock = realClock{}
	}
	c := &r.f
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if math.IsNaN(c.Rate) || c.Rate < 0 || math.IsInf(c.Rate, 0) {
		return nil, fmt.Errorf("archive: Fetcher.Rate %v is not a number of requests per second", c.Rate)
	}
	if c.Rate == 0 {
		c.Rate = DefaultRate
	}
	if c.Rate < 1.0/(24*60*60) {
		return nil, fmt.Errorf("archive: Fetcher.Rate %v is less than one request a day", c.Rate)
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	switch {
	case c.MaxRetries == 0:
		c.MaxRetries = DefaultMaxRetries
	case c.MaxRetries < 0:
		c.MaxRetries = 0
	}
	if c.Backoff <= 0 {
		c.Backoff = DefaultBackoff
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = DefaultMaxBackoff
	}
	if c.MaxRetryAfter <= 0 {
		c.MaxRetryAfter = DefaultMaxRetryAfter
	}
	if c.MaxSize <= 0 {
		c.MaxSize = DefaultMaxSize
	}
	version := c.Version
	if version == "" {
		version = "dev"
	}
	r.agent = "haifu/" + version + " (+https://github.com/haifu/haifu)"
	r.interval = time.Duration(float64(time.Second) / c.Rate)
	r.client = r.httpClient()
	return r, nil
}

// httpClient returns the client of the run: a copy of the Fetcher's, or
// one with a single-connection transport, whose redirects wait for the
// rate limiter.
func (r *fetchRun) httpClient() *http.Client {
	var cl http.Client
	if r.f.Client != nil {
		cl = *r.f.Client
	} else {
		tr := &http.Transport{Proxy: http.ProxyFromEnvironment}
		if t, ok := http.DefaultTransport.(*http.Transport); ok {
			tr = t.Clone()
		}
		tr.MaxConnsPerHost = 1
		tr.MaxIdleConnsPerHost = 1
		tr.DisableCompression = true // keep gzip bodies as sent
		cl = http.Client{Transport: tr, Timeout: r.f.Timeout}
	}
	check := cl.CheckRedirect
	cl.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > 0 && !strings.EqualFold(req.URL.Host, via[0].URL.Host) {
			return &permanentError{fmt.Errorf("%w: %s redirects to %s", ErrRedirect, via[0].URL.Host, req.URL.Host)}
		}
		if check != nil {
			if err := check(req, via); err != nil {
				return err
			}
		} else if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return r.wait(req.Context())
	}
	return &cl
}

// wait waits until 1/Rate has passed since the last request started, or
// until ctx is done, and notes the start of the next one. The interval is
// measured from when the last request really started, not from when it
// was due: a token bucket (golang.org/x/time/rate) spaces the times it
// hands out, but a request whose wait ended late would then be followed
// by one less than 1/Rate after it, and Tenhou's rule is about the
// requests themselves.
func (r *fetchRun) wait(ctx context.Context) error {
	if !r.last.IsZero() {
		if err := r.clock.Sleep(ctx, r.interval-r.clock.Now().Sub(r.last)); err != nil {
			return err
		}
	}
	r.last = r.clock.Now()
	return ctx.Err()
}

// report counts an outcome and passes it to Progress.
func (r *fetchRun) report(p Progress, st Status, err error) {
	p.Status, p.Err = st, err
	switch st {
	case StatusFetched:
		r.sum.Fetched++
		r.sum.Bytes += p.Bytes
	case StatusSkipped:
		r.sum.Skipped++
	case StatusMissing:
		r.sum.Missing++
	case StatusKnownMissing:
		r.sum.KnownMissing++
	case StatusFailed:
		r.sum.Failed++
		r.sum.Failures = append(r.sum.Failures, Failure{ID: p.ID, Err: err})
	case StatusRetry:
		r.sum.Retries++
	}
	if r.f.Progress != nil {
		r.f.Progress(p)
	}
}

// fetch downloads one log to path, retrying as the Fetcher says. It returns
// StatusFetched, StatusMissing or StatusFailed with the error; when ctx is
// done it returns at once (the caller checks ctx).
func (r *fetchRun) fetch(ctx context.Context, p *Progress, path string) (Status, error) {
	url := r.f.BaseURL + "/0/log/?" + p.ID
	stored, status, err := r.attempts(ctx, p, url, r.inMemory(func(body []byte) ([]byte, error) {
		return mjlogBytes(body, r.f.MaxSize, &r.dec)
	}))
	switch {
	case ctx.Err() != nil:
		return StatusFailed, ctx.Err()
	case status == http.StatusNotFound:
		return StatusMissing, nil
	case err != nil:
		return StatusFailed, err
	}
	if err := writeFile(path, stored); err != nil {
		r.stop = &FetchError{ID: p.ID, URL: url, Status: status, Attempts: p.Attempt, Err: err}
		return StatusFailed, r.stop
	}
	p.Bytes = int64(len(stored))
	return StatusFetched, nil
}

// Get downloads the file at url (a listing, a file index, the raw/ page)
// under the Session's rules: the rate limit, one request at a time,
// retries with backoff on timeouts, truncated bodies, 429 and 5xx, the
// User-Agent. It returns the body as the server sent it (a gzip-compressed
// body stays compressed: the listing readers tell it by its magic bytes).
// A 404 or another status that is not retried is a *FetchError wrapping
// ErrStatus at once. Retries are reported to Progress with the URL as ID.
func (s *Session) Get(ctx context.Context, url string) ([]byte, error) {
	r := s.r
	r.stop = nil
	p := Progress{Index: -1, ID: url}
	body, _, err := r.attempts(ctx, &p, url, r.inMemory(func(body []byte) ([]byte, error) { return body, nil }))
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return body, err
}

// MaxFileDownload is the largest body GetFile writes (a yearly
// scrawYYYY.zip is about 600 MB).
const MaxFileDownload = 4 << 30

// GetFile downloads url as Get does, but into f instead of memory (a
// yearly zip is hundreds of megabytes): f is emptied before each attempt
// and holds the body as sent when GetFile returns nil. It returns the
// body's size.
func (s *Session) GetFile(ctx context.Context, url string, f *os.File) (int64, error) {
	r := s.r
	r.stop = nil
	p := Progress{Index: -1, ID: url}
	var n int64
	_, _, err := r.attempts(ctx, &p, url, func(body io.Reader) ([]byte, error) {
		if err := f.Truncate(0); err != nil {
			return nil, &localError{err}
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, &localError{err}
		}
		var err error
		n, err = io.Copy(localWriter{f}, io.LimitReader(body, MaxFileDownload+1))
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, fmt.Errorf("%w: %w", ErrTruncated, err)
		case err != nil:
			return nil, err
		case n > MaxFileDownload:
			return nil, fmt.Errorf("%w: body over %d bytes", ErrTooLarge, int64(MaxFileDownload))
		}
		return nil, nil
	})
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	return n, err
}

// permanentError is an error that asking again would meet again: a URL
// that cannot be asked for, a redirect to another host.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// localError is an error of this machine (writing a download to a file),
// which asking the server again would not mend.
type localError struct{ err error }

func (e *localError) Error() string { return e.err.Error() }
func (e *localError) Unwrap() error { return e.err }

// localWriter marks the errors of writing to w as localErrors.
type localWriter struct{ w io.Writer }

func (l localWriter) Write(b []byte) (int, error) {
	n, err := l.w.Write(b)
	if err != nil {
		err = &localError{err}
	}
	return n, err
}

// inMemory returns the body reader of attempts that reads a body of at
// most MaxSize bytes and returns what accept keeps of it.
func (r *fetchRun) inMemory(accept func([]byte) ([]byte, error)) func(io.Reader) ([]byte, error) {
	return func(rd io.Reader) ([]byte, error) {
		body, err := readMax(rd, r.f.MaxSize)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("%w: %w", ErrTruncated, err)
		}
		if err != nil {
			return nil, err
		}
		return accept(body)
	}
}

// attempts asks for url until an answer is accepted, a failure is not
// worth a retry, or MaxRetries retries are spent. take reads a 200 body,
// checks it and returns what to keep. It returns what accept kept, the status of
// the last answer (0 when there was none) and, on failure, a *FetchError
// (or ctx's error). p.Attempt is the number of requests made.
func (r *fetchRun) attempts(ctx context.Context, p *Progress, url string, take func(io.Reader) ([]byte, error)) ([]byte, int, error) {
	for attempt := 1; ; attempt++ {
		if err := r.wait(ctx); err != nil {
			return nil, 0, err
		}
		r.sum.Requests++
		p.Attempt = attempt
		kept, status, retryAfter, err := r.get(ctx, url, take)
		if ctx.Err() != nil {
			return nil, status, ctx.Err()
		}
		if err == nil {
			return kept, status, nil
		}
		ferr := &FetchError{ID: p.ID, URL: url, Status: status, Attempts: attempt, Err: err}
		if status == http.StatusNotFound || !retryable(status, err) || attempt > r.f.MaxRetries {
			return nil, status, ferr
		}
		if retryAfter > r.f.MaxRetryAfter {
			ferr.Err = fmt.Errorf("%w: Retry-After %v, more than %v: %w", ErrRetryAfter, retryAfter, r.f.MaxRetryAfter, err)
			r.stop = ferr
			return nil, status, ferr
		}
		wait := max(r.backoff(attempt), retryAfter)
		retry := *p
		retry.Wait = wait
		r.report(retry, StatusRetry, ferr)
		if err := r.clock.Sleep(ctx, wait); err != nil {
			return nil, status, err
		}
	}
}

// retryable says whether a failed attempt is worth another: errors of the
// connection or the body (timeouts, resets, truncation), 5xx and 429; not
// an error of this machine's.
func retryable(status int, err error) bool {
	var local *localError
	var perm *permanentError
	switch {
	case errors.As(err, &local):
		return false // a full disk is not mended by asking again
	case errors.As(err, &perm):
		return false // a bad URL, a redirect elsewhere: asking again asks the same
	case status == 0:
		return true // no answer: a connection error or a timeout
	case status == http.StatusOK:
		return errors.Is(err, ErrTruncated) || !errors.Is(err, ErrNotMjlog) && !errors.Is(err, ErrTooLarge)
	case status == http.StatusTooManyRequests || status >= 500:
		return true
	}
	return false
}

// backoff returns the wait before retry number attempt (1 for the first):
// Backoff doubled attempt-1 times, at most MaxBackoff, jittered to between
// half and all of it.
func (r *fetchRun) backoff(attempt int) time.Duration {
	d := r.f.Backoff
	for i := 1; i < attempt && d < r.f.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, r.f.MaxBackoff)
	half := d / 2
	return half + rand.N(d-half+1)
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// get makes one request. It returns what take keeps of a 200 body, the
// HTTP status (0 when there was no answer), the pause a 503 or 429 asked
// for with Retry-After, and why the attempt failed.
func (r *fetchRun) get(ctx context.Context, url string, take func(io.Reader) ([]byte, error)) (kept []byte, status int, retryAfter time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, 0, &permanentError{fmt.Errorf("%w: %w", ErrURL, err)}
	}
	if sc := req.URL.Scheme; sc != "http" && sc != "https" {
		return nil, 0, 0, &permanentError{fmt.Errorf("%w: %s: the scheme %q is not http or https", ErrURL, url, sc)}
	}
	req.Header.Set("User-Agent", r.agent)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, 0, 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		// Read a little of the body so that the connection can be reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		if resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests {
			retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), r.clock.Now())
		}
		return nil, resp.StatusCode, retryAfter, fmt.Errorf("%w %s", ErrStatus, resp.Status)
	}
	kept, err = take(resp.Body)
	return kept, resp.StatusCode, 0, err
}

// parseRetryAfter reads a Retry-After header: seconds, or an HTTP date.
// It returns 0 when there is none or it cannot be read.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		return time.Duration(min(n, int64(math.MaxInt64/time.Second))) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// mjlogBytes checks that a body is an mjlog document, gzip-compressed or
// not, that decodes (with dec) without an error, and returns what to
// store: the body as sent when it is gzip (a gzip inside a gzip is taken
// from the inside), else the body compressed. A whole document that does
// not decode wraps ErrNotMjlog.
func mjlogBytes(body []byte, maxSize int64, dec *parser.Decoder) ([]byte, error) {
	var gz []byte
	doc := body
	for range 2 {
		if !bytes.HasPrefix(doc, []byte("\x1f\x8b")) {
			break
		}
		gz = doc
		inner, err := gunzip(doc, maxSize)
		if err != nil {
			return nil, err
		}
		doc = inner
	}
	if err := checkMjlog(doc); err != nil {
		return nil, err
	}
	var g event.Game
	dec.Format = event.FormatMjlog
	if err := dec.Decode(&parser.Input{Data: doc, Format: event.FormatMjlog}, &g); err != nil {
		// The document is whole (checkMjlog saw its end tag): asking
		// again would give the same.
		return nil, fmt.Errorf("%w: it does not decode: %w", ErrNotMjlog, err)
	}
	if gz != nil {
		return gz, nil
	}
	return gzipDoc(doc)
}

// gunzip decompresses a downloaded gzip body of at most maxSize bytes; a
// body that cannot be read wraps ErrTruncated (and is asked for again).
// Listings are read by package source; a log's body is checked here,
// where the gzip as sent is kept.
func gunzip(data []byte, maxSize int64) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: gzip: %w", ErrTruncated, err)
	}
	out, err := readMax(zr, maxSize)
	if err != nil && !errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("%w: gzip: %w", ErrTruncated, err)
	}
	return out, err
}

// readMax reads r to its end; more than maxSize bytes is ErrTooLarge.
func readMax(r io.Reader, maxSize int64) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(r, maxSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(out)) > maxSize {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, maxSize)
	}
	return out, nil
}

// checkMjlog checks that doc starts with <mjloggm (after a byte-order
// mark, white space, an XML declaration and comments) and ends with
// </mjloggm> (and white space).
func checkMjlog(doc []byte) error {
	s := bytes.TrimPrefix(doc, []byte("\xef\xbb\xbf"))
	for {
		s = bytes.TrimLeft(s, " \t\r\n")
		var end []byte
		switch {
		case bytes.HasPrefix(s, []byte("<?")):
			end = []byte("?>")
		case bytes.HasPrefix(s, []byte("<!--")):
			end = []byte("-->")
		}
		if end == nil {
			break
		}
		i := bytes.Index(s, end)
		if i < 0 {
			return ErrNotMjlog
		}
		s = s[i+len(end):]
	}
	if !bytes.HasPrefix(s, []byte("<mjloggm")) {
		return fmt.Errorf("%w: it starts %q", ErrNotMjlog, s[:min(len(s), 16)])
	}
	if !bytes.HasSuffix(bytes.TrimRight(s, " \t\r\n"), []byte("</mjloggm>")) {
		return fmt.Errorf("%w: no </mjloggm> at the end", ErrTruncated)
	}
	return nil
}
