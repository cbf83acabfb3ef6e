package parser

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/source"
)

// readFixture reads a file of fixtures/.
func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(corpus.Fixture(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// piece is an Input as TestGames compares it.
type piece struct {
	Game    int
	Offset  int64
	Several bool
	Len     int
	Err     string // a substring of the error
	Warn    string // a substring of the first warning
	Decoded string // the decode result: "ok", "truncated", or the error
}

func TestGames(t *testing.T) {
	// A game ends with its end tag; white space after it is no game's.
	a := strings.TrimSpace(readFixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"))
	b := strings.TrimSpace(readFixture(t, "mjlog/msanma__2026011605gm-00b9-0000-ba5e37ba.xml"))
	cut := strings.TrimSpace(readFixture(t, "mjlog/mjx__upd-aft-draw-discard-draw.mjlog"))
	t6 := strings.TrimSpace(readFixture(t, "tenhou6/riichirs__2016022509gm-0009-0000-b327da61.json"))
	t6b := strings.TrimSpace(readFixture(t, "tenhou6/mjx__2020052212gm-00a9-0000-3c7fe026.json"))
	mj := readFixture(t, "mjai/mortal__index.example.html.mjson")
	mj2 := readFixture(t, "mjai/riichienv__126_204_0_mjai.jsonl")
	oneLine := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\n", ""), "\r", "") }
	prompt := "\n\xcf\xb5\xcd\xb3\xce\xde\xb7\xa8\n\xca\xe4\xc8\xeb: "
	tests := []struct {
		name string
		data string
		want []piece
	}{{
		name: "one mjlog",
		data: a,
		want: []piece{{Game: 0, Len: len(a), Decoded: "ok"}},
	}, {
		name: "two mjlogs back to back",
		data: a + b,
		want: []piece{
			{Game: 0, Several: true, Len: len(a), Decoded: "ok"},
			{Game: 1, Offset: int64(len(a)), Several: true, Len: len(b), Decoded: "ok"},
		},
	}, {
		name: "three mjlogs with XML declarations and white space between",
		data: a + "\n\n" + `<?xml version="1.0" encoding="UTF-8"?>` + b + "\n" + a + "\n",
		want: []piece{
			{Game: 0, Several: true, Len: len(a), Decoded: "ok"},
			{Game: 1, Offset: int64(len(a) + 2 + 38), Several: true, Len: len(b), Decoded: "ok"},
			{Game: 2, Offset: int64(len(a) + 2 + 38 + len(b) + 1), Several: true, Len: len(a), Decoded: "ok"},
		},
	}, {
		name: "a truncated log before a whole one: cut at the next root",
		data: cut[:len(cut)-len("</mjloggm>")] + a,
		want: []piece{
			{Game: 0, Several: true, Len: len(cut) - len("</mjloggm>"), Decoded: "truncated"},
			{Game: 1, Offset: int64(len(cut) - len("</mjloggm>")), Several: true, Len: len(a), Decoded: "ok"},
		},
	}, {
		name: "bytes after the last game are an error naming their offset",
		data: a + "\nnot a game at all",
		want: []piece{
			{Game: 0, Len: len(a), Decoded: "ok"},
			{Game: -1, Offset: int64(len(a) + 1), Err: fmt.Sprintf("offset %d: mjlog: 17 bytes that are no game (it starts with \"not a game at al\"...) after game 0", len(a)+1)},
		},
	}, {
		name: "text between games: an error, and both games read",
		data: a + "garbage" + b,
		want: []piece{
			{Game: 0, Several: true, Len: len(a), Decoded: "ok"}, // the file holds another game
			{Game: -1, Offset: int64(len(a)), Err: "7 bytes that are no game"},
			{Game: 1, Offset: int64(len(a) + 7), Several: true, Len: len(b), Decoded: "ok"},
		},
	}, {
		name: "console prompts after the last game: a warning",
		data: a + prompt,
		want: []piece{{Game: 0, Len: len(a), Warn: "console prompts written after the game", Decoded: "ok"}},
	}, {
		name: "tenhou.net/6: two games, then JSON lines of whole games",
		data: t6 + t6b + "\n" + oneLine(t6) + "\n" + oneLine(t6b) + "\n",
		want: []piece{
			{Game: 0, Several: true, Len: len(t6), Decoded: "ok"},
			{Game: 1, Offset: int64(len(t6)), Several: true, Len: len(t6b), Decoded: "ok"},
			{Game: 2, Offset: int64(len(t6) + len(t6b) + 1), Several: true, Len: len(oneLine(t6)), Decoded: "ok"},
			{Game: 3, Offset: int64(len(t6) + len(t6b) + 1 + len(oneLine(t6)) + 1), Several: true, Len: len(oneLine(t6b)), Decoded: "ok"},
		},
	}, {
		name: "text before the first game: a warning, and the game read",
		data: "garbage\n" + a,
		want: []piece{{Game: 0, Offset: 8, Len: len(a), Warn: "ignored 8 bytes before the game that are no game (it starts with \"garbage\\n\"), at offset 0", Decoded: "ok"}},
	}, {
		name: "console prompts before the first game: a warning",
		data: prompt[1:] + a,
		want: []piece{{Game: 0, Offset: int64(len(prompt) - 1), Len: len(a), Warn: "console prompts written before the game", Decoded: "ok"}},
	}, {
		name: "a short mjai game, then an mjlog document, then another mjai game: all read",
		data: mj + a + "\n" + mj,
		want: []piece{
			{Game: 0, Several: true, Len: len(mj), Decoded: "ok"},
			{Game: 1, Offset: int64(len(mj)), Several: true, Len: len(a), Decoded: "ok"},
			{Game: 2, Offset: int64(len(mj) + len(a) + 1), Several: true, Len: len(mj), Decoded: "ok"},
		},
	}, {
		name: "a long mjai game, then an mjlog document: both read",
		data: mj2 + "\n" + a,
		want: []piece{
			{Game: 0, Several: true, Len: len(mj2) + 1, Decoded: "ok"},
			{Game: 1, Offset: int64(len(mj2) + 1), Several: true, Len: len(a), Decoded: "ok"},
		},
	}, {
		name: "an mjlog document on the last line of an mjai game: an error at its offset",
		data: mj2 + a,
		want: []piece{{Game: 0, Len: len(mj2) + len(a), Decoded: "truncated"}}, // at the offset of the line
	}, {
		name: "an mjlog document, then an mjai game: both read",
		data: a + "\n" + mj2,
		want: []piece{
			{Game: 0, Several: true, Len: len(a), Decoded: "ok"},
			{Game: 1, Offset: int64(len(a) + 1), Several: true, Len: len(mj2), Decoded: "ok"},
		},
	}, {
		name: "mjai: two games one after another",
		data: mj + mj2,
		want: []piece{
			{Game: 0, Several: true, Len: len(mj), Decoded: "ok"},
			{Game: 1, Offset: int64(len(mj)), Several: true, Len: len(mj2), Decoded: "ok"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Read in memory, and as a stream (gzip) in windows
			// smaller than the games.
			for _, name := range []string{"x.log", "x.log.gz"} {
				dir := t.TempDir()
				data := tt.data
				if strings.HasSuffix(name, ".gz") {
					data = gz(data)
				}
				writeFiles(t, dir, map[string]string{name: data})
				path := filepath.Join(dir, name)
				var got []piece
				var d Decoder
				var g event.Game
				err := Walk([]string{path}, Options{}, func(in Input) error {
					checkInput(t, in)
					p := piece{Game: in.Game, Offset: in.Offset, Several: in.Several, Len: len(in.Data)}
					if in.Err != nil {
						p.Err = in.Err.Error()
					} else {
						if len(in.Warnings) > 0 {
							p.Warn = in.Warnings[0]
						}
						switch err := d.Decode(&in, &g); {
						case err == nil:
							p.Decoded = "ok"
						case errors.Is(err, event.ErrTruncated):
							p.Decoded = "truncated"
						default:
							p.Decoded = err.Error()
						}
						if g.Meta.GameIndex != in.Game || g.Meta.GameOffset != in.Offset {
							t.Errorf("game %d: Meta has index %d offset %d", in.Game, g.Meta.GameIndex, g.Meta.GameOffset)
						}
					}
					got = append(got, p)
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				for i := range got {
					if i < len(tt.want) {
						if w := tt.want[i].Err; w != "" && strings.Contains(got[i].Err, w) {
							got[i].Err = w
						}
						if w := tt.want[i].Warn; w != "" && strings.Contains(got[i].Warn, w) {
							got[i].Warn = w
						}
					}
				}
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Errorf("%s (-want +got):\n%s", name, d)
				}
			}
		})
	}
}

// TestGamesErrorsNameTheGame: a decoding error of the n-th game of a file
// names the game and the offset in the file.
func TestGamesErrorsNameTheGame(t *testing.T) {
	a := readFixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")
	bad := strings.Replace(a, "<T", "<T9999", 1)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"two.xml": a + bad})
	var msgs []string
	var d Decoder
	var g event.Game
	Walk([]string{filepath.Join(dir, "two.xml")}, Options{}, func(in Input) error {
		if err := d.Decode(&in, &g); err != nil {
			msgs = append(msgs, err.Error())
		}
		return nil
	})
	if len(msgs) != 1 || !strings.Contains(msgs[0], "two.xml: game 1, offset ") {
		t.Fatalf("errors %q, want one naming game 1", msgs)
	}
	var off int
	fmt.Sscanf(msgs[0][strings.Index(msgs[0], "offset ")+7:], "%d", &off)
	if off < len(a) || !strings.HasPrefix(bad[off-len(a):], "<T9999") {
		t.Errorf("offset %d does not point at the bad element in the file: %q", off, msgs[0])
	}
}

// TestGamesTooLarge: a game over the limit is an error and the rest of the
// stream is not read; memory stays bounded by the limit.
func TestGamesTooLarge(t *testing.T) {
	a := strings.TrimSpace(readFixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"))
	huge := `<mjloggm ver="2.3">` + strings.Repeat("<!-- padding -->", 8<<10) + "</mjloggm>"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"x.gz": gz(a + huge + a)})
	var got []string
	Walk([]string{filepath.Join(dir, "x.gz")}, Options{Source: source.Options{MaxWindowBytes: 64 << 10}}, func(in Input) error {
		if in.Err != nil {
			got = append(got, "error: "+in.Err.Error())
		} else {
			got = append(got, fmt.Sprintf("game %d of %d bytes", in.Game, len(in.Data)))
		}
		return nil
	})
	want := []string{
		fmt.Sprintf("game 0 of %d bytes", len(a)),
		fmt.Sprintf("error: %s: the game at offset %d is more than %d bytes: size limit exceeded; the rest of the input is not read", filepath.Join(dir, "x.gz"), len(a), 64<<10),
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestCorpusConcatenation reads one stream that holds every complete mjlog
// of the corpus back to back (and as gzip): every game is found, in order,
// and decodes as its own file does.
func TestCorpusConcatenation(t *testing.T) {
	files := corpus.Files(t, "mjlog/*")
	var all strings.Builder
	var want []string // the path of each game, in order
	var d Decoder
	var g event.Game
	counts := map[string]int{}
	for _, f := range files {
		data, err := corpus.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := Input{Path: f, Data: data}
		if err := d.Decode(&in, &g); err != nil || !g.Complete() {
			continue
		}
		if strings.Count(string(data), "<mjloggm") != 1 {
			continue
		}
		// From the root on: text before it (a stray "2" in one file)
		// would be junk between two games.
		all.Write(data[strings.Index(string(data), "<mjloggm"):])
		all.WriteString("\n")
		want = append(want, f)
		counts[f] = len(g.Events)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"all.xml": all.String(), "all.xml.gz": gz(all.String())})
	for _, name := range []string{"all.xml", "all.xml.gz"} {
		n := 0
		err := Walk([]string{filepath.Join(dir, name)}, Options{}, func(in Input) error {
			if in.Err != nil {
				t.Errorf("%v", in.Err)
				return nil
			}
			if in.Game != n {
				t.Errorf("game %d has index %d", n, in.Game)
			}
			if err := d.Decode(&in, &g); err != nil {
				t.Errorf("game %d (%s): %v", n, want[min(n, len(want)-1)], err)
			} else if n < len(want) && len(g.Events) != counts[want[n]] {
				t.Errorf("game %d (%s): %d events, its file gives %d", n, want[n], len(g.Events), counts[want[n]])
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n != len(want) {
			t.Errorf("%s: %d games, want %d", name, n, len(want))
		}
		t.Logf("%s: %d games read from one stream of %d bytes", name, n, all.Len())
	}
}

// TestBombMemory: a compressed stream that expands to far more than the
// game limit (a bomb of white space inside an mjlog root, which no
// detection refuses early) is refused at the limit, and the memory the walk
// takes stays near the limit, not near the bomb's size.
func TestBombMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 256 MiB stream")
	}
	var b strings.Builder
	w := gzip.NewWriter(&b)
	w.Write([]byte(`<mjloggm ver="2.3"><GO type="169" lobby="0"/>`))
	chunk := []byte(strings.Repeat(" ", 1<<20))
	for range 256 {
		w.Write(chunk)
	}
	w.Close()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"bomb.gz": b.String()})
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var errs []error
	Walk([]string{filepath.Join(dir, "bomb.gz")}, Options{Source: source.Options{MaxWindowBytes: 8 << 20}}, func(in Input) error {
		if in.Err != nil {
			errs = append(errs, in.Err)
		}
		return nil
	})
	runtime.ReadMemStats(&after)
	if len(errs) != 1 || !errors.Is(errs[0], source.ErrTooLarge) {
		t.Errorf("errors %v, want one wrapping source.ErrTooLarge", errs)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("the walk allocated %d MiB for a 256 MiB bomb with an 8 MiB limit", got>>20)
	}
}

// TestGzipPaddingWarns: a game in gzip data followed by zero padding is
// read, with a warning.
func TestGzipPaddingWarns(t *testing.T) {
	a := readFixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")
	var got []Input
	err := WalkReader("x.gz", strings.NewReader(gz(a)+strings.Repeat("\x00", 512)), Options{}, func(in Input) error {
		got = append(got, in)
		return nil
	})
	if err != nil || len(got) != 1 || got[0].Err != nil || len(got[0].Warnings) != 1 || !strings.Contains(got[0].Warnings[0], "ignored 512 zero bytes") {
		t.Errorf("%v: %+v", err, got)
	}
	// Text that is no game after the game: its error comes after the
	// game, which still has the stream's warning.
	got = got[:0]
	err = WalkReader("x.gz", strings.NewReader(gz(a+"\nnot a game\n")+strings.Repeat("\x00", 512)), Options{}, func(in Input) error {
		got = append(got, in)
		return nil
	})
	if err != nil || len(got) != 2 || got[0].Err != nil || got[1].Err == nil || len(got[0].Warnings) != 1 || !strings.Contains(got[0].Warnings[0], "ignored 512 zero bytes") {
		t.Errorf("junk after the game: %v: %+v", err, got)
	}
}

// TestDetectionWindow: the format of a stream is detected from its first
// 64 KiB, however its bytes arrive: a tenhou.net/6 log whose "log" comes
// after a name of 200 KB is no game log in a file read whole, from a pipe
// and in gzip alike; with the name cut to 60 KB, it is a game in all three.
func TestDetectionWindow(t *testing.T) {
	t6 := strings.TrimSpace(readFixture(t, "tenhou6/jeff__sample_tenhou.json"))
	for _, c := range []struct {
		name int
		game bool
	}{{200 << 10, false}, {60 << 10, true}} {
		data := `{"name": ["` + strings.Repeat("A", c.name) + `", "B", "C", "D"], ` + t6[1:]
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"a.json": data, "a.json.gz": gz(data)})
		for _, how := range []string{"file", "pipe", "gzip"} {
			var got []Input
			fn := func(in Input) error { got = append(got, in); return nil }
			var err error
			switch how {
			case "file":
				err = Walk([]string{filepath.Join(dir, "a.json")}, Options{}, fn)
			case "pipe":
				err = WalkReader("a.json", struct{ io.Reader }{strings.NewReader(data)}, Options{}, fn)
			case "gzip":
				err = Walk([]string{filepath.Join(dir, "a.json.gz")}, Options{}, fn)
			}
			if err != nil || len(got) != 1 || (got[0].Err == nil) != c.game || !c.game && !errors.Is(got[0].Err, ErrUnknownFormat) {
				t.Errorf("a name of %d bytes, from a %s: %v, %+v", c.name, how, err, got)
			}
		}
	}
}
