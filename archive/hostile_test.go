package archive

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// TestFetchKeepsOnlyLogs: a fetched log is stored readable by all (0644,
// as analyze writes its tables); a body that is an mjlog document but no
// game that decodes is not kept, nor asked for again; a redirect to
// another host is not followed, nor asked again; a URL of a scheme other
// than http and https fails at once, without retries.
func TestFetchKeepsOnlyLogs(t *testing.T) {
	good := fixtureDocs(t)[0]
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		w.Write(good)
	}))
	defer other.Close()
	asked := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.RawQuery
		asked[id]++
		switch id {
		case "2016022509gm-0009-0000-00000001":
			w.Write(good)
		case "2016022509gm-0009-0000-00000002":
			w.Write([]byte(`<mjloggm ver="2.3"><GO type="169"/><html>a page</html></mjloggm>`))
		case "2016022509gm-0009-0000-00000003":
			http.Redirect(w, r, other.URL+"/0/log/?"+id, http.StatusFound)
		}
	}))
	defer ts.Close()
	dir := t.TempDir()
	f := testFetcher(ts.URL, dir)
	sum, err := f.Fetch(context.Background(), []string{"2016022509gm-0009-0000-00000001", "2016022509gm-0009-0000-00000002", "2016022509gm-0009-0000-00000003"})
	if err != nil || sum.Fetched != 1 || sum.Failed != 2 || sum.Retries != 0 {
		t.Fatalf("Fetch = %+v, %v; want 1 fetched, 2 failed, no retries", sum, err)
	}
	if !errors.Is(sum.Failures[0].Err, ErrNotMjlog) || !errors.Is(sum.Failures[1].Err, ErrRedirect) {
		t.Errorf("failures %v", sum.Failures)
	}
	if n := elsewhere.Load(); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}
	fi, err := os.Stat(filepath.Join(dir, "2016022509gm-0009-0000-00000001.mjlog"))
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the log: %v, %v; want mode 0644", fi, err)
	}
	for _, id := range []string{"2016022509gm-0009-0000-00000002", "2016022509gm-0009-0000-00000003"} {
		if _, err := os.Stat(filepath.Join(dir, id+".mjlog")); err == nil {
			t.Errorf("%s kept", id)
		}
		if asked[id] != 1 {
			t.Errorf("%s asked %d times", id, asked[id])
		}
	}
	// A scheme no client speaks: one attempt.
	f = testFetcher("ftp://tenhou.net", t.TempDir())
	sum, err = f.Fetch(context.Background(), []string{"2016022509gm-0009-0000-00000001"})
	if err != nil || sum.Failed != 1 || sum.Retries != 0 || !errors.Is(sum.Failures[0].Err, ErrURL) {
		t.Errorf("ftp: Fetch = %+v, %v; want one failure wrapping ErrURL, no retries", sum, err)
	}
}
