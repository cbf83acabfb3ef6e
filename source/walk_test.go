package source

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWalk(t *testing.T) {
	big := strings.Repeat("<mjloggm/>\n", 120_000) // 1.3 MB: over smallFile
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 1200<<10) // incompressible: a gzip file over smallFile
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	tests := []struct {
		name  string
		files map[string]string
		setup func(t *testing.T) // after files are written, in the directory
		paths []string
		stdin *string
		opt   Options
		want  []result
	}{{
		name:  "plain files in the order given",
		files: map[string]string{"a.xml": "A", "b.txt": "B", "c": ""},
		paths: []string{"b.txt", "a.xml", "c"},
		want:  []result{{Path: "b.txt", Data: "B"}, {Path: "a.xml", Data: "A"}, {Path: "c", Data: ""}},
	}, {
		name: "directories recursively in lexical order",
		files: map[string]string{
			"d/b.xml": "b", "d/a/z.xml": "z", "d/a/y.xml": "y", "d/c.xml": "c",
			"d/B.xml": "B", "d/a-b/x.xml": "x", "e/e.xml": "e",
		},
		paths: []string{"e", "d/"},
		want: []result{
			{Path: "e/e.xml", Data: "e"},
			{Path: "d/B.xml", Data: "B"},
			{Path: "d/a/y.xml", Data: "y"},
			{Path: "d/a/z.xml", Data: "z"},
			{Path: "d/a-b/x.xml", Data: "x"},
			{Path: "d/b.xml", Data: "b"},
			{Path: "d/c.xml", Data: "c"},
		},
	}, {
		name: "hidden files and directories skipped unless named",
		files: map[string]string{
			"d/.git/HEAD": "x", "d/.h.xml": "x", "d/v.xml": "v", "d/sub/.DS_Store": "x", ".top.xml": "t",
		},
		paths: []string{"d", ".top.xml"},
		want:  []result{{Path: "d/v.xml", Data: "v"}, {Path: ".top.xml", Data: "t"}},
	}, {
		name: "compressed single logs, by content not name",
		files: map[string]string{
			"a.mjlog": gz("gzip log"), "b.txt": zst("zstd log"), "c": bz,
			"d.gz": "not compressed", "e.gz": gz(gz("twice")),
		},
		paths: []string{"a.mjlog", "b.txt", "c", "d.gz", "e.gz"},
		want: []result{
			{Path: "a.mjlog", Data: "gzip log"},
			{Path: "b.txt", Data: "zstd log"},
			{Path: "c", Data: "bzip2 log"},
			{Path: "d.gz", Data: "not compressed"},
			{Path: "e.gz", Data: "twice"},
		},
	}, {
		name:  "empty compressed log",
		files: map[string]string{"a.gz": gz(""), "b.zst": zst("")},
		paths: []string{"a.gz", "b.zst"},
		want:  []result{{Path: "a.gz", Data: ""}, {Path: "b.zst", Data: ""}},
	}, {
		name: "zip members in archive order; directories and hidden members skipped",
		files: map[string]string{"a.zip": zipOf(0x08,
			m("z.xml", "z"), m("dir/", ""), m("dir/b.xml", "b"), m(".DS_Store", "x"),
			m("__MACOSX/._z.xml", "x"), m("a.xml", "a"), member{name: "ln", link: "z.xml"})},
		paths: []string{"a.zip"},
		want: []result{
			{Path: "a.zip!z.xml", Data: "z"},
			{Path: "a.zip!dir/b.xml", Data: "b"},
			{Path: "a.zip!a.xml", Data: "a"},
			{Path: "a.zip!ln", Err: "not a regular file"},
		},
	}, {
		name:  "stored zip",
		files: map[string]string{"a.bin": zipOf(zip0, m("a.xml", "a"), m("b.xml", "b"))},
		paths: []string{"a.bin"},
		want:  []result{{Path: "a.bin!a.xml", Data: "a"}, {Path: "a.bin!b.xml", Data: "b"}},
	}, {
		name:  "empty zip",
		files: map[string]string{"e.zip": zipOf(0x08)},
		paths: []string{"e.zip"},
	}, {
		name: "tar members in archive order",
		files: map[string]string{"a.tar": tarOf(
			m("z.xml", "z"), m("dir/", ""), m("dir/a.xml", "a"), m("./c.xml", "c"),
			m("dir/.hidden", "x"), member{name: "ln", link: "z.xml"}, m("e.xml", ""))},
		paths: []string{"a.tar"},
		want: []result{
			{Path: "a.tar!z.xml", Data: "z"},
			{Path: "a.tar!dir/a.xml", Data: "a"},
			{Path: "a.tar!c.xml", Data: "c"},
			{Path: "a.tar!ln", Err: "not a regular file"},
			{Path: "a.tar!e.xml", Data: ""},
		},
	}, {
		name: "tar.gz, tgz and tar.zst",
		files: map[string]string{
			"a.tar.gz": gz(tarOf(m("a.xml", "a"), m("b.xml", "b"))),
			"b":        zst(tarOf(m("c.xml", "c"))),
		},
		paths: []string{"a.tar.gz", "b"},
		want: []result{
			{Path: "a.tar.gz!a.xml", Data: "a"},
			{Path: "a.tar.gz!b.xml", Data: "b"},
			{Path: "b!c.xml", Data: "c"},
		},
	}, {
		name: "compressed members of a zip",
		files: map[string]string{"a.zip": zipOf(0x08,
			m("a.xml.gz", gz("a")), m("b.mjlog", gz("b")), m("c.zst", zst("c")), m("d.xml", "d"))},
		paths: []string{"a.zip"},
		want: []result{
			{Path: "a.zip!a.xml.gz", Data: "a"},
			{Path: "a.zip!b.mjlog", Data: "b"},
			{Path: "a.zip!c.zst", Data: "c"},
			{Path: "a.zip!d.xml", Data: "d"},
		},
	}, {
		name: "a tar inside a zip, stored and deflated",
		files: map[string]string{
			"s.zip": zipOf(zip0, m("in.tar", tarOf(m("a.xml", "a"), m("b.xml", "b")))),
			"d.zip": zipOf(0x08, m("in.tar.gz", gz(tarOf(m("c.xml", "c"))))),
		},
		paths: []string{"s.zip", "d.zip"},
		want: []result{
			{Path: "s.zip!in.tar!a.xml", Data: "a"},
			{Path: "s.zip!in.tar!b.xml", Data: "b"},
			{Path: "d.zip!in.tar.gz!c.xml", Data: "c"},
		},
	}, {
		name: "a zip inside a zip (read in place when stored) and inside a tar (spooled)",
		files: map[string]string{
			"s.zip": zipOf(zip0, m("x.xml", "x"), m("in.zip", zipOf(0x08, m("a.xml", "a"))), m("y.xml", "y")),
			"d.zip": zipOf(0x08, m("in.zip", zipOf(zip0, m("b.xml", "b")))),
			"t.tgz": gz(tarOf(m("in.zip", zipOf(0x08, m("c.xml", "c"), m("d.xml.gz", gz("d")))), m("e.xml", "e"))),
		},
		paths: []string{"s.zip", "d.zip", "t.tgz"},
		want: []result{
			{Path: "s.zip!x.xml", Data: "x"},
			{Path: "s.zip!in.zip!a.xml", Data: "a"},
			{Path: "s.zip!y.xml", Data: "y"},
			{Path: "d.zip!in.zip!b.xml", Data: "b"},
			{Path: "t.tgz!in.zip!c.xml", Data: "c"},
			{Path: "t.tgz!in.zip!d.xml.gz", Data: "d"},
			{Path: "t.tgz!e.xml", Data: "e"},
		},
	}, {
		name: "files over 1 MiB read in place",
		files: map[string]string{
			"big.xml":  big,
			"big.tar":  tarOf(m("a.xml", big), m("b.xml", "b")),
			"big.zip":  zipOf(zip0, m("a.xml", big), m("in.zip", zipOf(zip0, m("b.xml", big)))),
			"noise.gz": gz(string(noise)),
		},
		paths: []string{"big.xml", "big.tar", "big.zip", "noise.gz"},
		want: []result{
			{Path: "big.xml", Data: big},
			{Path: "big.tar!a.xml", Data: big},
			{Path: "big.tar!b.xml", Data: "b"},
			{Path: "big.zip!a.xml", Data: big},
			{Path: "big.zip!in.zip!b.xml", Data: big},
			{Path: "noise.gz", Data: string(noise)},
		},
	}, {
		name:  "stdin plain",
		stdin: ptr("<mjloggm/>"),
		paths: []string{"-"},
		want:  []result{{Path: "-", Data: "<mjloggm/>"}},
	}, {
		name:  "stdin empty",
		stdin: ptr(""),
		paths: []string{"-"},
		want:  []result{{Path: "-", Data: ""}},
	}, {
		name:  "stdin gzip",
		stdin: ptr(gz("from stdin")),
		paths: []string{"-"},
		want:  []result{{Path: "-", Data: "from stdin"}},
	}, {
		name:  "stdin zip",
		stdin: ptr(zipOf(0x08, m("a.xml", "a"), m("b.xml.gz", gz("b")))),
		paths: []string{"-"},
		want:  []result{{Path: "-!a.xml", Data: "a"}, {Path: "-!b.xml.gz", Data: "b"}},
	}, {
		name:  "stdin tar.zst",
		stdin: ptr(zst(tarOf(m("a.xml", "a"), m("b.xml", "b")))),
		paths: []string{"-"},
		want:  []result{{Path: "-!a.xml", Data: "a"}, {Path: "-!b.xml", Data: "b"}},
	}, {
		name:  "stdin named twice",
		files: map[string]string{"a.xml": "a"},
		stdin: ptr("s"),
		paths: []string{"-", "a.xml", "-"},
		want:  []result{{Path: "-", Data: "s"}, {Path: "a.xml", Data: "a"}, {Path: "-", Err: "standard input named twice"}},
	}, {
		name: "corrupt and truncated gzip: error for that input, the walk goes on",
		files: map[string]string{
			"d/1.gz": gz("one")[:10] + "garbage garbage garbage",
			"d/2.gz": gz("two")[:15],
			"d/3.gz": "\x1f\x8b\x08\xff",
			"d/4.gz": gz("four"),
		},
		paths: []string{"d"},
		want: []result{
			{Path: "d/1.gz", Err: "flate: corrupt input"},
			{Path: "d/2.gz", Err: "gzip: unexpected EOF"},
			{Path: "d/3.gz", Err: "gzip: unexpected EOF"},
			{Path: "d/4.gz", Data: "four"},
		},
	}, {
		name: "corrupt member of an archive",
		files: map[string]string{
			"a.tar": tarOf(m("1.gz", gz("one")[:12]), m("2.xml", "two")),
			"b.zip": zipOf(0x08, m("1.zst", "\x28\xb5\x2f\xfdgarbage"), m("2.xml", "two")),
		},
		paths: []string{"a.tar", "b.zip"},
		want: []result{
			{Path: "a.tar!1.gz", Err: "unexpected EOF"},
			{Path: "a.tar!2.xml", Data: "two"},
			{Path: "b.zip!1.zst", Err: "zstd: "},
			{Path: "b.zip!2.xml", Data: "two"},
		},
	}, {
		name: "truncated archive: members read, then the archive's error",
		files: map[string]string{
			"a.tar.gz": gz(tarOf(m("1.xml", "one"), m("2.xml", strings.Repeat("x", 2000)))[:1800]),
			"b.tar":    tarOf(m("1.xml", "one"))[:512+512] + strings.Repeat("\xff", 512),
			"c.zip":    zipOf(0x08, m("1.xml", "one"))[:30],
		},
		paths: []string{"a.tar.gz", "b.tar", "c.zip"},
		want: []result{
			{Path: "a.tar.gz!1.xml", Data: "one"},
			{Path: "a.tar.gz!2.xml", Err: "unexpected EOF"},
			{Path: "a.tar.gz", Err: "reading tar entry 3: unexpected EOF"},
			{Path: "b.tar!1.xml", Data: "one"},
			{Path: "b.tar", Err: "reading tar entry 2: archive/tar: invalid tar header"},
			{Path: "c.zip", Err: "zip: not a valid zip file"},
		},
	}, {
		name:  "missing path",
		files: map[string]string{"a.xml": "a"},
		paths: []string{"nope.xml", "a.xml", "nodir/"},
		want: []result{
			{Path: "nope.xml", Err: "no such file or directory"},
			{Path: "a.xml", Data: "a"},
			{Path: "nodir/", Err: "no such file or directory"},
		},
	}, {
		name: "size limit",
		files: map[string]string{
			"10.xml": "0123456789", "11.xml": "0123456789A",
			"11.gz": gz("0123456789A"), "10.gz": gz("0123456789"),
			"a.tar": tarOf(m("11.xml", "0123456789A"), m("10.xml", "0123456789"), m("11.gz", gz("0123456789A"))),
			"a.zip": zipOf(0x08, m("11.xml", "0123456789A"), m("10.xml", "0123456789")),
		},
		stdin: ptr(zst(strings.Repeat("x", 1000))),
		paths: []string{"10.xml", "11.xml", "11.gz", "10.gz", "a.tar", "a.zip", "-"},
		opt:   Options{MaxWindowBytes: 10},
		want: []result{
			{Path: "10.xml", Data: "0123456789"},
			{Path: "11.xml", Err: "11 bytes, more than 10: size limit exceeded"},
			{Path: "11.gz", Err: "11 bytes, more than 10: size limit exceeded"},
			{Path: "10.gz", Data: "0123456789"},
			{Path: "a.tar!11.xml", Err: "11 bytes, more than 10: size limit exceeded"},
			{Path: "a.tar!10.xml", Data: "0123456789"},
			{Path: "a.tar!11.gz", Err: "size limit exceeded"},
			{Path: "a.zip!11.xml", Err: "size limit exceeded"},
			{Path: "a.zip!10.xml", Data: "0123456789"},
			{Path: "-", Err: "size limit exceeded"},
		},
	}, {
		name: "spool limit",
		files: map[string]string{
			"a.tar": tarOf(m("in.zip", zipOf(zip0, m("a.xml", strings.Repeat("x", 600)))), m("b.xml", "b")),
		},
		paths: []string{"a.tar"},
		opt:   Options{MaxSpoolBytes: 500},
		want: []result{
			{Path: "a.tar!in.zip", Err: "zip archive read from a stream is larger than 500 bytes: size limit exceeded"},
			{Path: "a.tar!b.xml", Data: "b"},
		},
	}, {
		name: "entry limit, counted over nested archives, per file",
		files: map[string]string{
			"a.tar":   tarOf(m("1", "1"), m("2", "2"), m("3", "3")),
			"b.zip":   zipOf(0x08, m("1", "1"), m("2", "2"), m("3", "3")),
			"c.tar":   tarOf(m("1", "1"), m("2", "2")),
			"d.tar":   tarOf(m("in.tar", tarOf(m("1", "1"), m("2", "2"))), m("3", "3"), m("4", "4")),
			"e.zip":   zipOf(0x08, m("1", "1"), m("2", "2")),
			"f.xml":   "f",
			"g/h.tar": tarOf(m("1", "1"), m("2", "2")),
		},
		paths: []string{"a.tar", "b.zip", "c.tar", "d.tar", "e.zip", "f.xml", "g"},
		opt:   Options{MaxEntries: 2},
		want: []result{
			{Path: "a.tar!1", Data: "1"},
			{Path: "a.tar!2", Data: "2"},
			{Path: "a.tar", Err: "more than 2 archive entries, the rest not read: entry limit exceeded"},
			{Path: "b.zip!1", Data: "1"},
			{Path: "b.zip!2", Data: "2"},
			{Path: "b.zip", Err: "entry limit exceeded"},
			{Path: "c.tar!1", Data: "1"},
			{Path: "c.tar!2", Data: "2"},
			{Path: "d.tar!in.tar!1", Data: "1"},
			{Path: "d.tar!in.tar", Err: "entry limit exceeded"},
			{Path: "e.zip!1", Data: "1"},
			{Path: "e.zip!2", Data: "2"},
			{Path: "f.xml", Data: "f"},
			{Path: "g/h.tar!1", Data: "1"},
			{Path: "g/h.tar!2", Data: "2"},
		},
	}, {
		name: "depth limit",
		files: map[string]string{
			"2.gz":  gz(gz("two")),
			"3.gz":  gz(gz(gz("three"))),
			"t.tgz": gz(tarOf(m("a.xml", "a"), m("b.gz", gz("b")))),
			"z.zip": zipOf(zip0, m("in.zip", zipOf(zip0, m("a.xml", "a"), m("in2.zip", zipOf(zip0, m("b.xml", "b")))))),
		},
		paths: []string{"2.gz", "3.gz", "t.tgz", "z.zip"},
		opt:   Options{MaxDepth: 2},
		want: []result{
			{Path: "2.gz", Data: "two"},
			{Path: "3.gz", Err: "gzip inside 2 levels of compression and archives: nesting limit exceeded"},
			{Path: "t.tgz!a.xml", Data: "a"},
			{Path: "t.tgz!b.gz", Err: "nesting limit exceeded"},
			{Path: "z.zip!in.zip!a.xml", Data: "a"},
			{Path: "z.zip!in.zip!in2.zip", Err: "zip inside 2 levels"},
		},
	}, {
		name:  "symbolic links followed, except to an enclosing directory",
		files: map[string]string{"a.xml": "a", "d/b.xml": "b", "d/sub/s.xml": "s", "other/c.xml": "c"},
		setup: func(t *testing.T) {
			symlink(t, "../a.xml", "d/a-link.xml")
			symlink(t, ".", "d/self")
			symlink(t, "..", "d/sub/up")
			symlink(t, "../other", "d/other")
			symlink(t, "nowhere", "d/z-dangling")
		},
		paths: []string{"d"},
		want: []result{
			{Path: "d/a-link.xml", Data: "a"},
			{Path: "d/b.xml", Data: "b"},
			{Path: "d/other/c.xml", Data: "c"},
			{Path: "d/self", Err: "symbolic link to the enclosing directory d: not a regular file"},
			{Path: "d/sub/s.xml", Data: "s"},
			{Path: "d/sub/up", Err: "symbolic link to the enclosing directory d: not a regular file"},
			{Path: "d/z-dangling", Err: "stat: no such file or directory"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			t.Chdir(dir)
			if tt.setup != nil {
				tt.setup(t)
			}
			opt := tt.opt
			opt.TempDir = t.TempDir()
			if tt.stdin != nil {
				opt.Stdin = pipe{strings.NewReader(*tt.stdin)}
			} else {
				opt.Stdin = errReader{}
			}
			got := walkAll(t, tt.paths, opt)
			if diff := cmp.Diff(tt.want, matchErrs(tt.want, got), cmp.Transformer("short", shorten)); diff != "" {
				t.Errorf("Walk(%q) (-want +got):\n%s", tt.paths, diff)
			}
			checkEmpty(t, opt.TempDir)
		})
	}
}

// zip0 is zip.Store, the method of a stored member.
const zip0 = 0

func ptr[T any](v T) *T { return &v }

// shorten keeps long data readable in diffs.
func shorten(s string) string {
	if len(s) > 100 {
		return s[:40] + "..." + s[len(s)-40:] + " (" + strconv.Itoa(len(s)) + " bytes)"
	}
	return s
}

func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skipf("cannot make symbolic links here: %v", err)
	}
}

// checkEmpty fails when dir holds any file: Walk's temporary files must be
// gone when it returns.
func checkEmpty(t testing.TB, dir string) {
	t.Helper()
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("temporary file left behind: %s", e.Name())
	}
}

// errReader is standard input for tests that do not read it.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("test read standard input") }

func TestWalkStopsOnFnError(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.xml": "a",
		"b.zip": zipOf(0x08, m("1", "1"), m("2", "2"), m("3", "3")),
		"c.xml": "c",
	})
	t.Chdir(dir)
	stop := errors.New("stop here")
	tests := []struct {
		name  string
		paths []string
		stdin string
		after int // inputs delivered before fn fails
		want  []string
	}{
		{"first input", []string{"a.xml", "c.xml"}, "", 1, []string{"a.xml"}},
		{"inside an archive", []string{"b.zip", "c.xml"}, "", 2, []string{"b.zip!1", "b.zip!2"}},
		{"inside a spooled zip", []string{"-", "c.xml"}, gz(zipOf(0x08, m("1", "1"), m("2", "2"))), 1, []string{"-!1"}},
		{"inside a directory", []string{".", "c.xml"}, "", 2, []string{"a.xml", "b.zip!1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			var got []string
			err := Walk(tt.paths, Options{Stdin: pipe{strings.NewReader(tt.stdin)}, TempDir: tmp}, func(s *Stream) error {
				got = append(got, s.Path)
				if len(got) == tt.after {
					return stop
				}
				return nil
			})
			if err != stop {
				t.Errorf("Walk returned %v, want fn's error %v", err, stop)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("inputs delivered (-want +got):\n%s", diff)
			}
			checkEmpty(t, tmp)
		})
	}
}

// TestWalkStartsNoGoroutines checks that decompressing (zstd in
// particular) and archives run in the caller's goroutine.
func TestWalkStartsNoGoroutines(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.zst":  zst(strings.Repeat("zstd ", 100_000)),
		"b.tzst": zst(tarOf(m("1", zst("1")), m("2.zip", zipOf(0x08, m("3", gz("3")))))),
		"c.gz":   gz("c"),
		"d":      bz,
	})
	before := runtime.NumGoroutine()
	n := 0
	err := Walk([]string{dir}, Options{TempDir: t.TempDir()}, func(s *Stream) error {
		n++
		if r := readStream(t, s); r.Err != "" {
			t.Errorf("%s: %v", s.Path, r.Err)
		}
		if g := runtime.NumGoroutine(); g != before {
			t.Errorf("%s: %d goroutines, %d before Walk", s.Path, g, before)
		}
		return nil
	})
	if err != nil || n != 5 {
		t.Errorf("Walk delivered %d inputs and returned %v; want 5 and nil", n, err)
	}
}

// TestWalkStdinFile checks that standard input redirected from a zip file is
// read in place, like a named file (no temporary file).
func TestWalkStdinFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.zip": zipOf(0x08, m("a.xml", "a"))})
	f, err := os.Open(filepath.Join(dir, "a.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := walkAll(t, []string{"-"}, Options{Stdin: f, TempDir: filepath.Join(dir, "no-such-dir")})
	if diff := cmp.Diff([]result{{Path: "-!a.xml", Data: "a"}}, got); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
}

func TestWalkUnreadable(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("permissions do not apply to root")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d/a.xml": "a", "d/b.xml": "b", "d/sub/c.xml": "c"})
	t.Chdir(dir)
	if err := os.Chmod("d/a.xml", 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod("d/sub", 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod("d/sub", 0o755)
	got := walkAll(t, []string{"d"}, Options{})
	want := []result{
		{Path: "d/a.xml", Err: "permission denied"},
		{Path: "d/b.xml", Data: "b"},
		{Path: "d/sub", Err: "permission denied"},
	}
	if diff := cmp.Diff(want, matchErrs(want, got)); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
	for _, r := range got {
		if r.Err != "" && !errors.Is(walkErr(t, r.Path), fs.ErrPermission) {
			t.Errorf("%s: error does not wrap fs.ErrPermission", r.Path)
		}
	}
}

// walkErr returns the Err of the Stream Walk delivers for path.
func walkErr(t *testing.T, path string) error {
	var err error
	Walk([]string{filepath.Dir(path)}, Options{}, func(s *Stream) error {
		if s.Path == path {
			err = s.Err
		}
		return nil
	})
	return err
}

func TestWalkErrorsWrapSentinels(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"big.xml": "0123456789A",
		"a.tar":   tarOf(m("1", "1"), m("2", "2")),
		"3.gz":    gz(gz(gz("3"))),
	})
	t.Chdir(dir)
	tests := []struct {
		path string
		want error
	}{
		{"big.xml", ErrTooLarge},
		{"a.tar", ErrTooManyEntries},
		{"3.gz", ErrTooDeep},
		{"missing", fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			var errs []error
			Walk([]string{tt.path}, Options{MaxWindowBytes: 10, MaxEntries: 1, MaxDepth: 2}, func(s *Stream) error {
				err := s.Err
				if err == nil {
					_, err = s.ReadAll()
				}
				if err != nil {
					errs = append(errs, err)
				}
				return nil
			})
			if len(errs) != 1 || !errors.Is(errs[0], tt.want) {
				t.Errorf("errors %v, want one wrapping %v", errs, tt.want)
			}
		})
	}
}

func TestSniff(t *testing.T) {
	tarHead := tarOf(m("a.xml", "a"))[:512]
	tests := []struct {
		name string
		head string
		want kind
	}{
		{"empty", "", kindPlain},
		{"mjlog", "<mjloggm ver=\"2.3\">" + strings.Repeat("<INIT/>", 100), kindPlain},
		{"json", `{"title":["",""],"name":["a","b","c","d"]}`, kindPlain},
		{"gzip", gz("x"), kindGzip},
		{"gzip magic alone", "\x1f\x8b\x08\x00", kindGzip},
		{"gzip, wrong method", "\x1f\x8b\x07\x00", kindPlain},
		{"zstd", zst("x"), kindZstd},
		{"bzip2", bz, kindBzip2},
		{"bzip2 magic without block", "BZh9hello world", kindPlain},
		{"zip", zipOf(0x08, m("a", "a")), kindZip},
		{"empty zip", zipOf(0x08), kindZip},
		{"PK text", "PKWARE", kindPlain},
		{"ustar", tarHead, kindTar},
		{"old-style tar", oldTar(tarHead), kindTar},
		{"tar, bad checksum", tarHead[:148] + "0000000\x00" + tarHead[156:], kindPlain},
		{"zero block", strings.Repeat("\x00", 512), kindPlain},
		{"short tar", tarHead[:511], kindPlain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sniff([]byte(tt.head)); got != tt.want {
				t.Errorf("sniff = %v, want %v", got, tt.want)
			}
		})
	}
}

// oldTar makes a ustar header an old-style (V7) one: no magic, checksum
// recomputed.
func oldTar(h string) string {
	b := []byte(h)
	copy(b[257:], make([]byte, 255))
	copy(b[148:156], "        ")
	sum := 0
	for _, c := range b {
		sum += int(c)
	}
	o := []byte("0000000\x00")
	for i := 6; i >= 0; i-- {
		o[i] = byte('0' + sum%8)
		sum /= 8
	}
	copy(b[148:], o)
	return string(b)
}

// TestReadAllExactSize: a tar member, whose size its header states, is
// read into one right-sized buffer.
func TestReadAllExactSize(t *testing.T) {
	dir := t.TempDir()
	data := "<mjloggm>" + strings.Repeat("<D1/>", 20_000) + "</mjloggm>"
	writeFiles(t, dir, map[string]string{"a.tar": tarOf(m("a", data))})
	Walk([]string{filepath.Join(dir, "a.tar")}, Options{}, func(s *Stream) error {
		got, err := s.ReadAll()
		if err != nil || string(got) != data || cap(s.buf) > len(data)+8<<10 {
			t.Errorf("len %d cap %d (%v), want len %d and cap close to it", len(got), cap(s.buf), err, len(data))
		}
		return nil
	})
}
