package parser

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/source"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		data string
		want event.Format
	}{
		{"mjlog", `<mjloggm ver="2.3"><SHUFFLE seed="" ref=""/>`, event.FormatMjlog},
		{"mjlog after text", "<!-- saved by a client -->\n" + `<mjloggm ver="2.3">`, event.FormatMjlog},
		{"tenhou6 json", `{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"般南喰赤"},"log":[]}`, event.FormatTenhou6},
		{"mjai json lines", `{"type":"start_game","names":["a","b","c","d"]}` + "\n", event.FormatMjai},
		{"zip", zipOf(0x08, m("a.xml", "<mjloggm>")), event.FormatUnknown},
		{"empty", "", event.FormatUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect([]byte(tt.data)); got != tt.want {
				t.Errorf("Detect = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	readErr := inputError("a.gz", errors.New("gzip: unexpected EOF"))
	tests := []struct {
		name   string
		format event.Format
		in     Input
		want   string // the whole message
		is     error
	}{{
		name: "input error returned as is",
		in:   Input{Path: "a.gz", Err: readErr},
		want: "a.gz: gzip: unexpected EOF",
		is:   readErr,
	}, {
		name: "unknown content",
		in:   Input{Path: "x.zip!a.bin", Data: []byte("PK\x03\x04\x14\x00\x08\x00\x08\x00\x00\x00\x00\x00\x00\x00\x00\x00")},
		want: `x.zip!a.bin: content starts with "PK\x03\x04\x14\x00\b\x00\b\x00\x00\x00\x00\x00\x00\x00"...: not a game log`,
		is:   ErrUnknownFormat,
	}, {
		name: "unknown text, after white space, cut at a rune",
		in:   Input{Path: "b.txt", Data: []byte("\n  \ufeff天鳳の牌譜ではありません")},
		want: `b.txt: content starts with "天鳳の牌譜"...: not a game log`,
		is:   ErrUnknownFormat,
	}, {
		name: "short",
		in:   Input{Path: "c", Data: []byte("hello")},
		want: `c: content starts with "hello": not a game log`,
		is:   ErrUnknownFormat,
	}, {
		name: "a Tenhou listing",
		in:   Input{Path: "scc.html", Data: []byte(`00:01 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2015121400gm-00a9-0000-5ebae1d7">牌譜</a> | a(+42.0)<br>`)},
		want: `scc.html: content starts with "00:01 | 28 | 四"... (a Tenhou archive listing: haifu archive index reads it): not a game log`,
		is:   ErrUnknownFormat,
	}, {
		name: "a list of log ids",
		in:   Input{Path: "ids.txt", Data: []byte("2014050315gm-0041-0000-06a52f11\r\n2014050315gm-0041-0000-0f3f6de5\r\n")},
		want: `ids.txt: content starts with "2014050315gm-004"... (a Tenhou archive listing: haifu archive index reads it): not a game log`,
		is:   ErrUnknownFormat,
	}, {
		name: "a file index",
		in:   Input{Path: "list.cgi", Data: []byte("list([\n{file:'sca20180926.log.gz',size:35919}\n]);")},
		want: `list.cgi: content starts with "list([\n{file:'sc"...` + " (a Tenhou archive listing: haifu archive index reads it): not a game log",
		is:   ErrUnknownFormat,
	}, {
		name: "a text that names a log id is no listing",
		in:   Input{Path: "notes.txt", Data: []byte("see 2014050315gm-0041-0000-06a52f11 for the game")},
		want: `notes.txt: content starts with "see 2014050315gm"...: not a game log`,
		is:   ErrUnknownFormat,
	}, {
		name: "empty",
		in:   Input{Path: "d", Data: []byte{}},
		want: "d: content is empty: not a game log",
		is:   ErrUnknownFormat,
	}, {
		name: "white space",
		in:   Input{Path: "e", Data: []byte(" \r\n")},
		want: "e: content is only white space: not a game log",
		is:   ErrUnknownFormat,
	}, {
		name:   "forced format, other content",
		format: event.FormatMjlog,
		in:     Input{Path: "f.json", Data: []byte(`{"title":["",""]}`)},
		want:   `f.json: format mjlog was requested, but the content starts with "{\"title\":[\"\",\"\"]"...: not the requested format`,
		is:     ErrWrongFormat,
	}, {
		name:   "forced tenhou6 on an mjlog",
		format: event.FormatTenhou6,
		in:     Input{Path: "g.xml", Data: []byte(`<mjloggm ver="2.3">`)},
		want:   "g.xml: format tenhou6 was requested, but the content looks like mjlog: not the requested format",
		is:     ErrWrongFormat,
	}, {
		name: "mjlog decoder's own error",
		in:   Input{Path: "h.xml", Data: []byte(`<mjloggm ver="2.3">`)},
		want: "h.xml: offset 19, element 0: mjlog: no game end (owari) before the first hand: log ends before the game does",
		is:   event.ErrTruncated,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decoder{Format: tt.format}
			g := event.Game{Events: make([]event.Event, 3)}
			err := d.Decode(&tt.in, &g)
			if err == nil {
				t.Fatal("Decode returned nil")
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("error\n got %s\nwant %s", got, tt.want)
			}
			if !errors.Is(err, tt.is) {
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			if e, ok := errors.AsType[*event.Error](err); !ok || e.Path != tt.in.Path {
				t.Errorf("error %#v is not an *event.Error with Path %q", err, tt.in.Path)
			}
			if g.Meta.Path != tt.in.Path || len(g.Events) > 1 {
				t.Errorf("game not reset: path %q, %d events", g.Meta.Path, len(g.Events))
			}
		})
	}
}

// corpusDir returns the shared corpus of real logs, or skips tb.
func corpusDir(tb testing.TB, sub string) string {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared", "corpus", sub)
	if d := os.Getenv("HAIFU_CORPUS"); d != "" {
		dir = filepath.Join(d, sub)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		tb.Skipf("corpus directory %s not found (set HAIFU_CORPUS or put the corpus at ../../shared/corpus)", dir)
	}
	return dir
}

// TestCorpusDetect walks the corpus: every mjlog (plain or gzip, whatever
// its name) is detected and decoded as one, and no log of another format is
// taken for mjlog.
func TestCorpusDetect(t *testing.T) {
	corpusDir(t, "")
	for _, sub := range []string{"mjlog", "tenhou6", "mjai", "majsoul"} {
		t.Run(sub, func(t *testing.T) {
			dir := corpusDir(t, sub)
			files, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var d Decoder
			var g event.Game
			n, decoded := 0, 0
			err = Walk([]string{dir}, Options{}, func(in Input) error {
				n++
				if in.Err != nil {
					t.Errorf("%v", in.Err)
					return nil
				}
				f := Detect(in.Data)
				if (f == event.FormatMjlog) != (sub == "mjlog") {
					t.Errorf("%s: detected %v", in.Path, f)
				}
				if sub != "mjlog" {
					return nil
				}
				err := d.Decode(&in, &g)
				if errors.Is(err, ErrUnknownFormat) || errors.Is(err, ErrWrongFormat) || g.Meta.Path != in.Path {
					t.Errorf("%s: %v (game path %q)", in.Path, err, g.Meta.Path)
				}
				if err == nil || errors.Is(err, event.ErrTruncated) {
					decoded++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if n != len(files) {
				t.Errorf("%d inputs from %d files", n, len(files))
			}
			if sub == "mjlog" {
				if decoded < n*9/10 {
					t.Errorf("only %d of %d mjlogs decoded", decoded, n)
				}
				t.Logf("%s: %d files, %d decoded (complete or truncated)", dir, n, decoded)
			}
		})
	}
}

// TestDecodeThroughContainers decodes a real mjlog read plain, and read
// through every kind of container, and expects the same game each time.
func TestDecodeThroughContainers(t *testing.T) {
	dir := corpusDir(t, "mjlog")
	files, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil || len(files) == 0 {
		t.Skipf("no *.xml in %s", dir)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	log := string(raw)
	var d Decoder
	var want event.Game
	if err := d.Decode(&Input{Path: "x", Data: raw}, &want); err != nil && !errors.Is(err, event.ErrTruncated) {
		t.Fatalf("%s: %v", files[0], err)
	}
	tmp := t.TempDir()
	writeFiles(t, tmp, map[string]string{
		"plain.txt": log,
		"log.mjlog": gz(log),
		"log.zst":   zst(log),
		"logs.tgz":  gz(tarOf(m("2016/a.xml", log))),
		"logs.tzst": zst(tarOf(m("a.xml.gz", gz(log)))),
		"logs.zip":  zipOf(0x08, m("a.mjlog", gz(log)), m("in.tar", tarOf(m("b.html", log)))),
		"nest.zip":  zipOf(zip0, m("in.zip", zipOf(0x08, m("c", log)))),
	})
	t.Chdir(tmp)
	opt := Options{Source: source.Options{Stdin: strings.NewReader(gz(zipOf(0x08, m("d.xml", log)))), TempDir: t.TempDir()}}
	wantPaths := []string{
		"log.mjlog", "log.zst", "logs.tgz!2016/a.xml", "logs.tzst!a.xml.gz", "logs.zip!a.mjlog",
		"logs.zip!in.tar!b.html", "nest.zip!in.zip!c", "plain.txt", "-!d.xml",
	}
	var paths []string
	err = Walk([]string{".", "-"}, opt, func(in Input) error {
		paths = append(paths, in.Path)
		var g event.Game
		err := d.Decode(&in, &g)
		if err != nil && !errors.Is(err, event.ErrTruncated) {
			t.Errorf("%s: %v", in.Path, err)
		}
		if g.Meta.Path != in.Path {
			t.Errorf("%s: game path %q", in.Path, g.Meta.Path)
		}
		if diff := cmp.Diff(want, g, cmpopts.IgnoreFields(event.Meta{}, "Path"), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: game differs from the plain file's (-want +got):\n%s", in.Path, diff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantPaths, paths); diff != "" {
		t.Errorf("inputs (-want +got):\n%s", diff)
	}
}

func ExampleWalk() {
	dir, err := os.MkdirTemp("", "haifu-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "a.xml"), []byte(exampleLog), 0o644)
	os.WriteFile(filepath.Join(dir, "b.tar.gz"), []byte(gz(tarOf(m("c.txt", "not a log")))), 0o644)
	os.WriteFile(filepath.Join(dir, "d.gz"), []byte("\x1f\x8b\x08 corrupt"), 0o644)

	var d Decoder
	var g event.Game
	err = Walk([]string{dir, filepath.Join(dir, "missing")}, Options{}, func(in Input) error {
		name, _ := filepath.Rel(dir, in.Path)
		if err := d.Decode(&in, &g); err != nil {
			msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
			fmt.Printf("%s: error: %s\n", name, strings.TrimPrefix(msg, dir+string(filepath.Separator)))
			return nil
		}
		fmt.Printf("%s: %v game, %d events\n", name, g.Meta.Format, len(g.Events))
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// a.xml: mjlog game, 4 events
	// b.tar.gz!c.txt: error: b.tar.gz!c.txt: content starts with "not a log": not a game log
	// d.gz: error: d.gz: gzip: invalid header
	// missing: error: missing: stat: no such file or directory
}

// exampleLog is a short made-up mjlog: one hand, aborted at once.
const exampleLog = `<mjloggm ver="2.3"><GO type="9" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/>` +
	`<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,2,60" ten="250,250,250,250" oya="0" ` +
	`hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" ` +
	`hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>` +
	`<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" owari="250,0.0,250,0.0,250,0.0,250,0.0"/></mjloggm>`
