package parser

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/source"
)

// walked is an Input as TestWalkReader and TestWalkLimits compare it.
type walked struct {
	Path   string
	Game   int
	Format event.Format
	Len    int
	Err    string
}

func walkedOf(in Input) walked {
	w := walked{Path: in.Path, Game: in.Game, Format: in.Format, Len: len(in.Data)}
	if in.Err != nil {
		w.Err = in.Err.Error()
	}
	return w
}

// TestWalkReader walks bytes in memory as one input: a file of two games
// and a zip of logs, read in place.
func TestWalkReader(t *testing.T) {
	a := strings.TrimSpace(readFixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog"))
	t6 := readFixture(t, "tenhou6/jeff__sample_tenhou.json")
	zipped := zipOf(0x08, m("x/a.xml", a), m("t6.json.gz", gz(t6)), m("note.txt", "hello"))
	tests := []struct {
		name string
		data string
		want []walked
	}{{
		name: "two.xml",
		data: a + "\n" + a,
		want: []walked{
			{Path: "two.xml", Game: 0, Format: event.FormatMjlog, Len: len(a)},
			{Path: "two.xml", Game: 1, Format: event.FormatMjlog, Len: len(a)},
		},
	}, {
		name: "logs.zip",
		data: zipped,
		want: []walked{
			{Path: "logs.zip!x/a.xml", Game: 0, Format: event.FormatMjlog, Len: len(a)},
			{Path: "logs.zip!t6.json.gz", Game: 0, Format: event.FormatTenhou6, Len: len(t6)},
			{Path: "logs.zip!note.txt", Game: -1, Err: `logs.zip!note.txt: content starts with "hello": not a game log`},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []walked
			var d Decoder
			var g event.Game
			opt := Options{Source: source.Options{TempDir: filepath.Join(t.TempDir(), "none")}} // no spooling
			err := WalkReader(tt.name, bytes.NewReader([]byte(tt.data)), opt, func(in Input) error {
				checkInput(t, in)
				got = append(got, walkedOf(in))
				if in.Err == nil {
					if err := d.Decode(&in, &g); err != nil {
						t.Errorf("%s: %v", in.Path, err)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestWalkLimits: a game over the window's bound is an error that names
// its offset and size, whether the file was read whole or through its
// window, and the walk goes on with the next file.
func TestWalkLimits(t *testing.T) {
	log := `<mjloggm ver="2.3"><GO type="9"/></mjloggm>` // 43 bytes
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"1.xml": log,
		"2.xml": log + log,
		"3.gz":  gz(log + `<mjloggm ver="2.3">` + strings.Repeat(" ", 200<<10) + "</mjloggm>" + log),
	})
	t.Chdir(dir)
	var got []walked
	err := Walk([]string{"1.xml", "2.xml", "3.gz"}, Options{Source: source.Options{MaxWindowBytes: 42}}, func(in Input) error {
		checkInput(t, in)
		if in.Err != nil && !errors.Is(in.Err, source.ErrTooLarge) {
			t.Errorf("%s: %v does not wrap source.ErrTooLarge", in.Path, in.Err)
		}
		got = append(got, walkedOf(in))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []walked{
		{Path: "1.xml", Game: -1, Err: "1.xml: the game at offset 0 is 43 bytes, more than 42: size limit exceeded"},
		{Path: "2.xml", Game: -1, Err: "2.xml: the game at offset 0 is 43 bytes, more than 42: size limit exceeded"},
		{Path: "2.xml", Game: -1, Err: "2.xml: the game at offset 43 is 43 bytes, more than 42: size limit exceeded"},
		{Path: "3.gz", Game: -1, Err: "3.gz: the game at offset 0 is 43 bytes, more than 42: size limit exceeded"},
		{Path: "3.gz", Game: -1, Err: "3.gz: the game at offset 43 is more than 42 bytes: size limit exceeded; the rest of the input is not read"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// fuzzSeeds are small inputs of every format and container, and broken
// ones.
func fuzzSeeds() []string {
	log := `<mjloggm ver="2.3"><GO type="9"/></mjloggm>`
	mjai := `{"type":"start_game","names":["a","b","c","d"]}` + "\n" + `{"type":"end_game"}` + "\n"
	return []string{
		"", " \n", log, log + log, log + "junk", gz(log), zst(log + "\n" + log),
		`{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"般南喰赤"},"log":[]}`,
		mjai + mjai,
		zipOf(0x08, m("a.xml", log), m("b.gz", gz(mjai))),
		tarOf(m("a.xml", log), m("d/", "")),
		gz(log)[:20],
	}
}

// FuzzWalkReader cuts arbitrary bytes into games: every Input has Data or
// Err, its error names its path, and no game is over the window's bound.
func FuzzWalkReader(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	opt := Options{Source: source.Options{MaxWindowBytes: 1 << 16, MaxSpoolBytes: 1 << 20, MaxEntries: 100, TempDir: f.TempDir()}}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		var g event.Game
		err := WalkReader("fuzz", bytes.NewReader(data), opt, func(in Input) error {
			checkInput(t, in)
			if int64(len(in.Data)) > opt.Source.MaxWindowBytes {
				t.Errorf("%s: a game of %d bytes, over the bound", in.Path, len(in.Data))
			}
			d.Decode(&in, &g)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
