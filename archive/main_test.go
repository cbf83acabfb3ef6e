package archive

import (
	"os"
	"testing"
)

// TestMain keeps the tests off the network: every request to another host
// than this one goes to a proxy that refuses it (requests to 127.0.0.1,
// the test servers, are never proxied), so a test that would reach
// tenhou.net fails instead.
func TestMain(m *testing.M) {
	for _, k := range []string{"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"} {
		os.Setenv(k, "http://127.0.0.1:9")
	}
	os.Unsetenv("NO_PROXY")
	os.Unsetenv("no_proxy")
	os.Exit(m.Run())
}

// TestNoNetwork checks the guard: a request to tenhou.net fails at once.
func TestNoNetwork(t *testing.T) {
	f := &Fetcher{BaseURL: "https://tenhou.net", OutDir: t.TempDir(), MaxRetries: -1}
	sum, err := f.Fetch(t.Context(), []string{"2016022509gm-0009-0000-b327da61"})
	if err != nil || sum.Failed != 1 || sum.Fetched != 0 {
		t.Errorf("a request to tenhou.net: %+v, %v; want it refused", sum, err)
	}
}
