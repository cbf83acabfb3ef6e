package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parquet-go/parquet-go"

	"github.com/haifu/haifu/archive"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// The faults the test server injects into the first answers to a path.
const (
	fault503       = "503"       // Service Unavailable
	faultSlow      = "slow"      // no answer until the client gives up
	faultTruncated = "truncated" // half the body, then the connection closed
	fault404       = "404"       // Not Found, for good
)

// tenhouServer serves what tenhou.net serves: logs at /0/log/?ID and
// listing files under /sc/raw/, with faults; it measures how it is used:
// request starts, requests in flight and connections open at once,
// complete answers per log, the User-Agents.
type tenhouServer struct {
	logs   map[string][]byte   // the body of each log, by id
	files  map[string][]byte   // listing files, by URL path
	faults map[string][]string // by id or path: the first answers' faults
	// hang, when set, is called with each request's number (from 1); when
	// it returns true the request is left unanswered until the client
	// goes away.
	hang func(n int) bool

	mu          sync.Mutex
	starts      []time.Time
	attempts    map[string]int
	served      map[string]int // complete 200 answers, by id or path
	inflight    int
	maxInflight int
	conns       int
	maxConns    int
	agents      map[string]int
}

// newTenhouServer returns a server to fill (logs, files, faults, hang),
// then start with ts.Start().
func newTenhouServer(t *testing.T) (*tenhouServer, *httptest.Server) {
	s := &tenhouServer{logs: map[string][]byte{}, files: map[string][]byte{}, faults: map[string][]string{},
		attempts: map[string]int{}, served: map[string]int{}, agents: map[string]int{}}
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
	t.Cleanup(ts.Close)
	return s, ts
}

// servedOf returns the number of complete answers for an id or path,
// attemptsOf the number of requests for it, requests the number of all
// requests.
func (s *tenhouServer) servedOf(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served[key]
}

func (s *tenhouServer) attemptsOf(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attempts[key]
}

func (s *tenhouServer) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.starts)
}

func (s *tenhouServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	key, body := r.URL.Path, s.files[r.URL.Path]
	if r.URL.Path == "/0/log/" {
		key, body = r.URL.RawQuery, s.logs[r.URL.RawQuery]
	}
	s.mu.Lock()
	s.starts = append(s.starts, time.Now())
	n := len(s.starts)
	attempt := s.attempts[key]
	s.attempts[key]++
	s.inflight++
	s.maxInflight = max(s.maxInflight, s.inflight)
	s.agents[r.Header.Get("User-Agent")]++
	hang := s.hang
	faults := s.faults[key]
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inflight--
		s.mu.Unlock()
	}()
	if hang != nil && hang(n) {
		<-r.Context().Done()
		return
	}
	fault := ""
	if attempt < len(faults) {
		fault = faults[attempt]
	} else if len(faults) > 0 && faults[len(faults)-1] == fault404 {
		fault = fault404
	}
	switch {
	case body == nil || fault == fault404:
		http.NotFound(w, r)
	case fault == fault503:
		http.Error(w, "busy", http.StatusServiceUnavailable)
	case fault == faultSlow:
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	case fault == faultTruncated:
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body[:len(body)/2])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	default:
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		if _, err := w.Write(body); err == nil {
			s.mu.Lock()
			s.served[key]++
			s.mu.Unlock()
		}
	}
}

// polite checks what the server measured against the rules: one request
// and one connection at a time, request starts 1/rate apart, haifu's
// User-Agent. The server notes a request when its handler starts, which a
// busy machine delays by a few milliseconds, so the test allows a tenth of
// the gaps to be short by more than a millisecond, and asks that every 21
// consecutive starts span at least 19/rate.
func (s *tenhouServer) polite(t *testing.T, rate float64) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	interval := time.Duration(float64(time.Second) / rate)
	short := 0
	for i := 1; i < len(s.starts); i++ {
		if s.starts[i].Sub(s.starts[i-1]) < interval-time.Millisecond {
			short++
		}
	}
	if short*10 >= len(s.starts) {
		t.Errorf("%d of %d gaps between request starts are shorter than 1/rate (%v)", short, len(s.starts)-1, interval)
	}
	for i := 20; i < len(s.starts); i++ {
		if d := s.starts[i].Sub(s.starts[i-20]); d < 19*interval {
			t.Errorf("requests %d to %d started within %v; 20/rate is %v", i-20, i, d, 20*interval)
			break
		}
	}
	if s.maxInflight != 1 || s.maxConns != 1 {
		t.Errorf("%d requests and %d connections at once, want 1 and 1", s.maxInflight, s.maxConns)
	}
	want := "haifu/" + version() + " (+https://github.com/haifu/haifu)"
	for a := range s.agents {
		if a != want {
			t.Errorf("User-Agent %q, want %q", a, want)
		}
	}
	t.Logf("%d requests, %d short gaps, max %d in flight, max %d connections", len(s.starts), short, s.maxInflight, s.maxConns)
}

// readTable reads every part of a Parquet table directory.
func readTable[T any](t *testing.T, dir string) []T {
	t.Helper()
	parts, err := filepath.Glob(filepath.Join(dir, "part-*.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("no parts in %s (%v)", dir, err)
	}
	var all []T
	for _, p := range parts {
		rows, err := parquet.ReadFile[T](p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		all = append(all, rows...)
	}
	return all
}

// independentCount counts, over the raw bytes of listing files and
// without package archive, the distinct log ids of log= links and of
// lines that are a log id alone, and the game records: <br>-ended records
// of the HTML listings, "|" lines of the plain ones, id lines.
func independentCount(t *testing.T, paths []string) (ids map[string]bool, records int) {
	link := regexp.MustCompile(`log=(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})`)
	line := regexp.MustCompile(`(?m)^(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})\r?$`)
	ids = map[string]bool{}
	for _, p := range paths {
		data, err := corpus.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllSubmatch(data, -1) {
			ids[string(m[1])] = true
		}
		for _, m := range line.FindAllSubmatch(data, -1) {
			ids[string(m[1])] = true
		}
		switch {
		case bytes.HasPrefix(data, []byte("list(")), bytes.Contains(data, []byte("<html")):
		case bytes.Contains(data, []byte("<br>")):
			records += bytes.Count(data, []byte("<br>"))
		case bytes.Contains(data, []byte("|")):
			records += bytes.Count(bytes.TrimSpace(data), []byte("\n")) + 1
		default:
			records += len(line.FindAll(data, -1))
		}
	}
	return ids, records
}

// TestArchiveIndexCorpus indexes every listing file of the corpus: each
// is read without an error, the log ids of the table are those counted in
// the raw bytes, every record is a row (less the ids that two files
// share), the files that the raw/ page and the file indexes name are
// listed, and names with parentheses, entities and chips read right.
func TestArchiveIndexCorpus(t *testing.T) {
	paths := corpus.Files(t, "archive-index/*")
	dir := filepath.Join(corpus.Dir(t), "archive-index")
	out := filepath.Join(t.TempDir(), "index")
	stdout, stderr, code := haifu(t, "", "archive", "index", "-o", out, dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := readTable[archive.Row](t, filepath.Join(out, tables.ArchiveTable))
	wantIDs, records := independentCount(t, paths)
	gotIDs := map[string]bool{}
	sources := map[string]bool{}
	for _, r := range rows {
		if r.LogID != nil {
			if gotIDs[*r.LogID] {
				t.Errorf("log id %s in two rows", *r.LogID)
			}
			gotIDs[*r.LogID] = true
		}
		sources[filepath.Base(r.Source)] = true
		if r.Players == 0 || len(r.Names) != int(r.Players) && (r.Listing != nil || len(r.Names) != 0) || len(r.Points) != len(r.Names) {
			t.Errorf("%s:%d: %d players, %d names, %d points", r.Source, r.Line, r.Players, len(r.Names), len(r.Points))
		}
	}
	if diff := cmp.Diff(wantIDs, gotIDs); diff != "" {
		t.Errorf("log ids (-raw bytes +table):\n%s", diff)
	}
	repeated := records - len(rows)
	if want := fmt.Sprintf("indexed %d games (%d with a log id; %d repeated ids left out) from %d files; 21 files listed; 0 errors", len(rows), len(wantIDs), repeated, len(paths)); !strings.Contains(stderr, want) {
		t.Errorf("summary %q, want it to say %q", stderr, want)
	}
	// Every file with games gave some (the other three name files).
	for _, p := range paths {
		name := filepath.Base(p)
		if !sources[name] && !slices.Contains([]string{"dnov__list.js.html", "dnov__list_old.js.html", "dnov__raw.html"}, name) {
			t.Errorf("no row from %s", name)
		}
	}
	if n := strings.Count(stdout, "\n"); n != 21 || !strings.Contains(stdout, "year\t-1\thttps://tenhou.net/sc/raw/scraw2017.zip\n") ||
		!strings.Contains(stdout, "listing\t79921\thttps://tenhou.net/sc/raw/dat/2018/sca20180101.log.gz\n") {
		t.Errorf("files listed (%d):\n%s", n, stdout)
	}
	byID := map[string]archive.Row{}
	for _, r := range rows {
		if r.LogID != nil {
			byID[*r.LogID] = r
		}
	}
	for _, tt := range []struct {
		id     string
		names  []string
		points []float64
		chips  []int32
	}{
		{"2019031015gm-00b9-0000-0d1879f7", []string{"広瀬すず(本人)", "mas_", "サンノジ"}, []float64{41, -8, -33}, nil},
		{"2012040412gm-00e1-0000-d0129be5", []string{"チーター", "里中静流", "Lask&Yu", "きょうしろう"}, []float64{46, 2, -19, -29}, nil},
		{"2018092823gm-00a9-0000-64b7a22b", []string{"salaman", "＼(＾o＾)／★", "たがやす", "めんたんo"}, []float64{59, 7, -19, -47}, nil},
		{"2018092823gm-00a9-0000-5fc2633e", []string{"フツウの恋の結末", "fm44", "akaaka", "眼科医"}, []float64{57, 6, -26, -37}, nil},
		{"2018010122gm-0229-0000-cae7ad45", []string{"DERESUKE", "siruneko", "リツミサン", "群青日和＠"}, []float64{64, 10, -19, -55}, []int32{12, -1, -3, -8}},
	} {
		r, ok := byID[tt.id]
		if !ok {
			t.Errorf("%s: not in the table", tt.id)
			continue
		}
		if !cmp.Equal(r.Names, tt.names) || !cmp.Equal(r.Points, tt.points) || !slices.Equal(r.Chips, tt.chips) {
			t.Errorf("%s: names %q points %v chips %v; want %q %v %v", tt.id, r.Names, r.Points, r.Chips, tt.names, tt.points, tt.chips)
		}
	}
	t.Logf("%d files, %d rows, %d log ids (%d counted in the raw bytes), %d records counted in the raw bytes", len(paths), len(rows), len(gotIDs), len(wantIDs), records)
}

// TestArchiveIndexURL serves the corpus's listing files as Tenhou does,
// under /sc/raw/dat/ with a list.cgi file index, some with faults, and
// indexes them by URL with --follow: the table is the one of the files
// read from disk (but for the sources), and the server saw the rules kept.
func TestArchiveIndexURL(t *testing.T) {
	srv, ts := newTenhouServer(t)
	var listed, local []string
	var js strings.Builder
	js.WriteString("list([\n")
	for i, p := range corpus.Files(t, "archive-index/*") {
		name := filepath.Base(p)
		if strings.HasPrefix(name, "dnov__list") || name == "dnov__raw.html" {
			continue // these name files, not games
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		srv.files["/sc/raw/dat/"+name] = data
		switch i % 4 {
		case 1:
			srv.faults["/sc/raw/dat/"+name] = []string{fault503}
		case 2:
			srv.faults["/sc/raw/dat/"+name] = []string{faultTruncated, fault503}
		}
		fmt.Fprintf(&js, "\t{file:'%s',size:%d},\n", name, len(data))
		listed = append(listed, name)
		local = append(local, p)
	}
	js.WriteString("\t{file:'missing.log.gz',size:1}\n]);\n")
	srv.files["/sc/raw/list.cgi"] = []byte(js.String())
	// The same files in a yearly zip, half of them gzip-compressed.
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for i, name := range listed {
		data := srv.files["/sc/raw/dat/"+name]
		if i%2 == 1 && !bytes.HasPrefix(data, []byte("\x1f\x8b")) {
			var gz bytes.Buffer
			w := gzip.NewWriter(&gz)
			w.Write(data)
			w.Close()
			data = gz.Bytes()
		}
		w, err := zw.Create("2015/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	srv.files["/sc/raw/scraw2015.zip"] = zbuf.Bytes()
	srv.faults["/sc/raw/scraw2015.zip"] = []string{faultTruncated}
	ts.Start()

	dir := t.TempDir()
	const rate = 100
	_, stderr, code := haifu(t, "", "archive", "index", "--follow", "--rate", strconv.Itoa(rate), "--backoff", "20ms", "-o", filepath.Join(dir, "web"), ts.URL+"/sc/raw/list.cgi")
	if code != exitFound || !strings.Contains(stderr, ts.URL+"/sc/raw/dat/missing.log.gz: ") || !strings.Contains(stderr, "404") {
		t.Errorf("exit %d, want 1 for the missing file, named: %s", code, stderr)
	}
	if _, stderr, code := haifu(t, "", append([]string{"archive", "index", "-o", filepath.Join(dir, "disk")}, local...)...); code != exitOK {
		t.Fatalf("from disk: exit %d: %s", code, stderr)
	}
	web := readTable[archive.Row](t, filepath.Join(dir, "web", tables.ArchiveTable))
	disk := readTable[archive.Row](t, filepath.Join(dir, "disk", tables.ArchiveTable))
	for i := range web {
		web[i].Source = strings.TrimPrefix(web[i].Source, ts.URL+"/sc/raw/dat/")
	}
	for i := range disk {
		disk[i].Source = filepath.Base(disk[i].Source)
	}
	if diff := cmp.Diff(disk, web); diff != "" {
		t.Errorf("rows from the server (-disk +web):\n%s", diff)
	}
	// The yearly zip by URL: its members give the same rows.
	if _, stderr, code := haifu(t, "", "archive", "index", "--rate", strconv.Itoa(rate), "--backoff", "20ms", "-o", filepath.Join(dir, "zip"), ts.URL+"/sc/raw/scraw2015.zip"); code != exitOK {
		t.Fatalf("the zip: exit %d: %s", code, stderr)
	}
	zipped := readTable[archive.Row](t, filepath.Join(dir, "zip", tables.ArchiveTable))
	for i := range zipped {
		if zipped[i].Source != ts.URL+"/sc/raw/scraw2015.zip" {
			t.Errorf("zip row %d: source %s", i, zipped[i].Source)
		}
		if zipped[i].Member == nil {
			t.Fatalf("zip row %d: no member", i)
		}
		zipped[i].Source, zipped[i].Member = strings.TrimPrefix(*zipped[i].Member, "2015/"), nil
	}
	if diff := cmp.Diff(disk, zipped); diff != "" {
		t.Errorf("rows from the zip (-disk +zip):\n%s", diff)
	}
	for _, name := range listed {
		if n := srv.servedOf("/sc/raw/dat/" + name); n != 1 {
			t.Errorf("%s served %d times, want 1", name, n)
		}
	}
	if n := srv.attemptsOf("/sc/raw/dat/missing.log.gz"); n != 1 {
		t.Errorf("the missing file was asked %d times, want 1", n)
	}
	srv.polite(t, rate)
	t.Logf("%d files by URL, %d rows", len(listed), len(web))
}

// servedLog is a corpus log as the test server serves it, with what the
// listing built for it says.
type servedLog struct {
	id     string
	body   []byte // as served
	doc    []byte // the document
	places []int32
	start  time.Time // the listing's start, Japan time
}

// listingOf decodes the logs and writes an scc-style HTML listing of
// those whose game end records the points: names HTML-escaped, players in
// final rank order (a tie ranked by seat, as Tenhou does), the start
// minute of the listing random. It sets each log's places and start.
func listingOf(t *testing.T, dir string, logs map[string]*servedLog) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var dec parser.Decoder
	var g event.Game
	var lines []string
	err := parser.Walk([]string{dir}, parser.Options{}, func(in parser.Input) error {
		if err := dec.Decode(&in, &g); err != nil {
			return err
		}
		l := logs[strings.TrimSuffix(filepath.Base(in.Path), ".mjlog")]
		id, ok := event.ParseTenhouID(l.id)
		if !ok || len(g.End) == 0 || g.End[0].Known&event.KnownPoints2 == 0 {
			return nil
		}
		n := g.Meta.PlayerCount()
		seats := make([]int, n)
		for i := range seats {
			seats[i] = i
		}
		sort.SliceStable(seats, func(a, b int) bool { return g.End[0].Points[seats[a]] > g.End[0].Points[seats[b]] })
		var players []string
		l.places = make([]int32, n)
		for place, s := range seats {
			l.places[s] = int32(place + 1)
			p := g.End[0].Points[s]
			sign := "+"
			if p < 0 || p == 0 {
				sign = ""
			}
			players = append(players, fmt.Sprintf("%s(%s%.1f)", html.EscapeString(g.Meta.Seats[s].Name), sign, p))
		}
		l.start = id.Start.Add(time.Duration(rng.IntN(60)) * time.Minute)
		lines = append(lines, fmt.Sprintf(`%s | %02d | %s | <a href="http://tenhou.net/0/?log=%s">牌譜</a> | %s<br>`,
			l.start.Format("15:04"), 10+rng.IntN(50), archive.RuleOfType(id.Type), l.id, strings.Join(players, " ")))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

// serveCorpusLogs puts n real logs of the corpus on the server (every
// gzip-compressed one as stored, the others plain) and returns them.
func serveCorpusLogs(t *testing.T, srv *tenhouServer, n int) map[string]*servedLog {
	var gz, plain []corpus.TenhouLog
	for _, c := range corpus.TenhouLogs(t, -1) {
		if bytes.HasPrefix(c.Data, []byte("\x1f\x8b")) {
			gz = append(gz, c)
		} else {
			plain = append(plain, c)
		}
	}
	logs := map[string]*servedLog{}
	for _, c := range append(gz, plain[:n-len(gz)]...) {
		l := &servedLog{id: c.ID, body: c.Data, doc: c.Data}
		if bytes.HasPrefix(c.Data, []byte("\x1f\x8b")) {
			zr, err := gzip.NewReader(bytes.NewReader(c.Data))
			if err != nil {
				t.Fatal(err)
			}
			if l.doc, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		logs[c.ID] = l
		srv.logs[c.ID] = c.Data
	}
	return logs
}

// checkLogs checks that dir holds exactly the logs of want (by id), each
// the document served (gzip-compressed; a gzip body as served), and no
// temporary file.
func checkLogs(t *testing.T, dir string, want map[string]*servedLog) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		switch n := e.Name(); {
		case n == archive.MissingFile:
		case strings.HasPrefix(n, "."):
			t.Errorf("temporary file left: %s", n)
		default:
			got = append(got, strings.TrimSuffix(n, ".mjlog"))
		}
	}
	var ids []string
	for id := range want {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	if diff := cmp.Diff(ids, got); diff != "" {
		t.Errorf("logs in %s (-want +got):\n%s", dir, diff)
	}
	for id, l := range want {
		data, err := os.ReadFile(filepath.Join(dir, id+".mjlog"))
		if err != nil {
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		doc, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(doc, l.doc) {
			t.Errorf("%s: the stored log is not the document served (%v)", id, err)
		}
		if bytes.HasPrefix(l.body, []byte("\x1f\x8b")) && !bytes.Equal(data, l.body) {
			t.Errorf("%s: the gzip served was not kept as it was", id)
		}
	}
}

// TestArchivePath runs the README's three commands on a few hundred real
// logs of the corpus, served with faults by a local server: index a
// listing of them, fetch them (each once, byte for byte, the rules kept),
// fetch again (nothing), and analyze them with the index (the games get
// the listing's lobby, start time and placements).
func TestArchivePath(t *testing.T) {
	srv, ts := newTenhouServer(t)
	logs := serveCorpusLogs(t, srv, 240)
	dir := t.TempDir()
	// The listing is written from the logs' own game ends.
	plain := filepath.Join(dir, "plain")
	os.MkdirAll(plain, 0o755)
	for id, l := range logs {
		os.WriteFile(filepath.Join(plain, id+".mjlog"), l.doc, 0o644)
	}
	listing := listingOf(t, plain, logs)
	// Three ids the server does not have, and faults on the others.
	missing := []string{"2020010100gm-00a9-0000-00000001", "2020010100gm-00a9-0000-00000002", "2020010100gm-00a9-0000-00000003"}
	for _, id := range missing {
		listing = append(listing, fmt.Sprintf("00:00 | 10 | 四鳳南喰赤－ | <a href=\"http://tenhou.net/0/?log=%s\">牌譜</a> | a(+50.0) b(+10.0) c(-20.0) d(-40.0)<br>\n", id)...)
	}
	ids := slices.Sorted(func(yield func(string) bool) {
		for id := range logs {
			if !yield(id) {
				return
			}
		}
	})
	for i, id := range ids {
		switch i % 10 {
		case 1:
			srv.faults[id] = []string{fault503}
		case 3:
			srv.faults[id] = []string{faultTruncated}
		case 5:
			srv.faults[id] = []string{fault503, fault503}
		}
		if i == 7 {
			srv.faults[id] = []string{faultSlow}
		}
	}
	ts.Start()
	listingPath := filepath.Join(dir, "scc20240101.html")
	if err := os.WriteFile(listingPath, listing, 0o644); err != nil {
		t.Fatal(err)
	}

	// 1. index
	index, logsDir, out := filepath.Join(dir, "index"), filepath.Join(dir, "logs"), filepath.Join(dir, "out")
	if _, stderr, code := haifu(t, "", "archive", "index", "-o", index, listingPath); code != exitOK {
		t.Fatalf("index: exit %d: %s", code, stderr)
	}
	// 2. fetch, quickly, but with every rule in force
	const rate = 200
	fetch := []string{"archive", "fetch", "-o", logsDir, "--base-url", ts.URL, "--rate", strconv.Itoa(rate), "--timeout", "3s", "--backoff", "20ms", index}
	_, stderr, code := haifu(t, "", fetch...)
	wantSummary := fmt.Sprintf("fetched %d, skipped 0 (already there), missing 3 (0 found missing by an earlier run), failed 0", len(logs))
	if code != exitOK || !strings.Contains(stderr, wantSummary) {
		t.Errorf("fetch: exit %d, %q; want 0 and %q", code, stderr, wantSummary)
	}
	checkLogs(t, logsDir, logs)
	for _, id := range ids {
		if n := srv.servedOf(id); n != 1 {
			t.Errorf("%s answered %d times, want 1", id, n)
		}
	}
	for _, id := range missing {
		if n := srv.attemptsOf(id); n != 1 {
			t.Errorf("missing %s asked %d times, want 1", id, n)
		}
	}
	srv.polite(t, rate)
	// A second run downloads nothing and asks nothing.
	before := srv.requests()
	_, stderr, code = haifu(t, "", fetch...)
	wantSummary = fmt.Sprintf("fetched 0, skipped %d (already there), missing 3 (3 found missing by an earlier run), failed 0; 0 requests", len(logs))
	if n := srv.requests() - before; code != exitOK || !strings.Contains(stderr, wantSummary) || n != 0 {
		t.Errorf("second fetch: exit %d, %d requests, %q; want 0 requests and %q", code, n, stderr, wantSummary)
	}
	checkLogs(t, logsDir, logs)

	// 3. analyze with the index
	_, stderr, code = haifu(t, "", "analyze", "--index", index, "-o", out, logsDir)
	if code != exitOK && code != exitFound {
		t.Fatalf("analyze: exit %d: %s", code, stderr)
	}
	games := readTable[stats.GameRow](t, filepath.Join(out, tables.GamesTable))
	placed := 0
	for _, g := range games {
		if g.GameID == nil {
			t.Errorf("game %s has no log id", g.Path)
			continue
		}
		l := logs[*g.GameID]
		if l == nil {
			t.Errorf("game %q (%s) is none of the logs", *g.GameID, g.Path)
			continue
		}
		if l.places == nil { // not in the listing
			if g.IndexLobby != nil {
				t.Errorf("%s: joined to the index, but it is not in it", *g.GameID)
			}
			continue
		}
		id, _ := event.ParseTenhouID(*g.GameID)
		lobby := archive.LobbyName(id)
		if lobby == "" {
			lobby = "public"
		}
		if g.IndexLobby == nil || *g.IndexLobby != lobby {
			t.Errorf("%s: index_lobby %v, want %s", *g.GameID, g.IndexLobby, lobby)
		}
		if g.IndexStartTime == nil || *g.IndexStartTime != l.start.UnixMilli() {
			t.Errorf("%s: index_start_time %v, want %v", *g.GameID, g.IndexStartTime, l.start.UTC())
		}
		if !slices.Equal(g.IndexPlacements, l.places) {
			t.Errorf("%s: index_placements %v, want %v (names %q)", *g.GameID, g.IndexPlacements, l.places, g.Names)
		} else {
			placed++
		}
	}
	if len(games) != len(logs) || placed < len(logs)*9/10 {
		t.Errorf("%d games, %d placed; want %d and nearly all", len(games), placed, len(logs))
	}
	if want := fmt.Sprintf("%d games found in the index (%d with placements)", placed, placed); !strings.Contains(stderr, want) {
		t.Errorf("analyze: %q, want it to say %q", stderr, want)
	}
	t.Logf("%d logs served (%d gzip-compressed), %d placed from the listing", len(logs), func() int {
		n := 0
		for _, l := range logs {
			if bytes.HasPrefix(l.body, []byte("\x1f\x8b")) {
				n++
			}
		}
		return n
	}(), placed)
}

// TestArchiveFetchKilled kills a fetch process (SIGKILL) in the middle of
// a request, then runs it again: the second run fetches the rest, no log
// is answered twice, and every file is whole and the one served.
func TestArchiveFetchKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	srv, ts := newTenhouServer(t)
	logs := serveCorpusLogs(t, srv, 60)
	const killAt = 31
	reached := make(chan struct{})
	srv.hang = func(n int) bool {
		if n == killAt {
			close(reached)
			return true
		}
		return false
	}
	ts.Start()
	var ids []string
	for id := range logs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	dir := t.TempDir()
	args := append([]string{"archive", "fetch", "-o", dir, "--base-url", ts.URL, "--rate", "100"}, ids...)
	cmd, stderr := haifuProcess(t, args...)
	select {
	case <-reached:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the process did not reach request %d: %s", killAt, stderr)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	srv.mu.Lock()
	srv.hang = nil
	srv.mu.Unlock()
	// The server notices the killed connection.
	waitFor(func() bool {
		srv.mu.Lock()
		defer srv.mu.Unlock()
		return srv.inflight == 0 && srv.conns == 0
	})
	entries, _ := os.ReadDir(dir)
	if len(entries) != killAt-1 {
		t.Errorf("%d files after the kill, want %d", len(entries), killAt-1)
	}
	_, errs, code := haifu(t, "", args...)
	want := fmt.Sprintf("fetched %d, skipped %d", len(logs)-(killAt-1), killAt-1)
	if code != exitOK || !strings.Contains(errs, want) {
		t.Errorf("resumed: exit %d, %q; want %q", code, errs, want)
	}
	checkLogs(t, dir, logs)
	for _, id := range ids {
		if n := srv.servedOf(id); n != 1 {
			t.Errorf("%s answered %d times, want 1", id, n)
		}
	}
	srv.mu.Lock()
	if srv.maxInflight != 1 {
		t.Errorf("%d requests at once", srv.maxInflight)
	}
	srv.mu.Unlock()
}

// TestArchiveUsage checks the command lines that are refused.
func TestArchiveUsage(t *testing.T) {
	for _, args := range [][]string{
		{"archive"},
		{"archive", "what"},
		{"archive", "index"},
		{"archive", "index", "--rate", "0", "x"},
		{"archive", "fetch"},
		{"archive", "fetch", "--rate", "-1", "2016022509gm-0009-0000-b327da61"},
		{"archive", "fetch", "--base-url", "ftp://x", "2016022509gm-0009-0000-b327da61"},
	} {
		if _, stderr, code := haifu(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d (%s), want %d", args, code, stderr, exitUsage)
		}
	}
	// An argument that is no id fails, named, without a request.
	_, stderr, code := haifu(t, "", "archive", "fetch", "-o", t.TempDir(), "--base-url", "http://127.0.0.1:1", "not-an-id")
	if code != exitFound || !strings.Contains(stderr, `"not-an-id"`) || !strings.Contains(stderr, "failed 1; 0 requests") {
		t.Errorf("a bad id: exit %d, %s", code, stderr)
	}
	// An index directory that is none.
	_, stderr, code = haifu(t, "", "analyze", "--index", t.TempDir(), "-o", filepath.Join(t.TempDir(), "o"), "../../fixtures")
	if code != exitFound || !strings.Contains(stderr, "no archive table") {
		t.Errorf("analyze --index of an empty directory: exit %d, %s", code, stderr)
	}
	if out, _, code := haifu(t, "", "--version"); code != exitOK || !strings.HasPrefix(out, "haifu ") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// TestArchiveIndexSkipsItsOutput: an index directory under a directory
// to index is not read as input, and a second run replaces it.
func TestArchiveIndexSkipsItsOutput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "scb20240101.log"), []byte("00:00 | 12 | 四般東－－－ | a(+55.0) b(+13.0) c(-23.0) d(-45.0)\n"), 0o644)
	// The output written as the input is, then relative to an absolute
	// input, then absolute under a relative input: the same directory,
	// skipped each time.
	t.Chdir(dir)
	for _, args := range [][]string{{filepath.Join(dir, "index"), dir}, {"index", dir}, {filepath.Join(dir, "index"), "."}} {
		_, stderr, code := haifu(t, "", "archive", "index", "-o", args[0], args[1])
		if code != exitOK || !strings.Contains(stderr, "indexed 1 games (0 with a log id; 0 repeated ids left out) from 1 files") {
			t.Errorf("-o %s %s: exit %d: %s", args[0], args[1], code, stderr)
		}
	}
}
