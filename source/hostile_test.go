package source

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// overlapping returns a zip whose central directory lists n entries that
// all point at one deflated member, whose content is data.
func overlapping(t *testing.T, n int, data string) string {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.Create("a.xml")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(data))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	z := b.Bytes()
	// The one central entry, copied n times under other names.
	eocd := bytes.LastIndex(z, []byte("PK\x05\x06"))
	cdOff := int(binary.LittleEndian.Uint32(z[eocd+16:]))
	entry := z[cdOff:eocd]
	var out bytes.Buffer
	out.Write(z[:cdOff])
	for i := range n {
		e := bytes.Clone(entry)
		name := []byte(strconv.Itoa(100000 + i)[1:])
		binary.LittleEndian.PutUint16(e[28:], uint16(len(name)))
		out.Write(e[:46])
		out.Write(name)
	}
	cdLen := out.Len() - cdOff
	end := bytes.Clone(z[eocd:])
	binary.LittleEndian.PutUint16(end[8:], uint16(n))
	binary.LittleEndian.PutUint16(end[10:], uint16(n))
	binary.LittleEndian.PutUint32(end[12:], uint32(cdLen))
	out.Write(end)
	return out.String()
}

// TestZipOverlap: a zip whose entries share their data (a zip bomb: 2,000
// entries that each inflate the one member) is refused whole, before
// anything is inflated; a zip whose entries do not overlap is read.
func TestZipOverlap(t *testing.T) {
	dir := t.TempDir()
	bomb := overlapping(t, 2000, `<mjloggm ver="2.3"><SHUFFLE seed="`+strings.Repeat("a", 1<<20))
	writeFiles(t, dir, map[string]string{"bomb.zip": bomb, "ok.zip": zipOf(0x08, m("a", "a"), m("b", "b"))})
	got := walkAll(t, []string{filepath.Join(dir, "bomb.zip"), filepath.Join(dir, "ok.zip")}, Options{})
	if len(got) != 3 || !strings.Contains(got[0].Err, "zip entries 1 (00000) and 2 (00001) overlap: a zip bomb, not read") ||
		got[1].Data != "a" || got[2].Data != "b" {
		t.Errorf("got %+v", got)
	}
}

// TestDecompressionBudget: what the decompressors give under one input,
// at every level, adds up to at most MaxRatio times its size and
// MaxWindowBytes: twenty gzip bombs in a tar (each 8 MiB of zeros behind a
// line of text), or nested gzip, cost about that, then one error, and the
// rest of the input is not read. The next input has a budget of its own.
func TestDecompressionBudget(t *testing.T) {
	dir := t.TempDir()
	bomb := gz("<mjloggm>" + strings.Repeat("\x00", 8<<20))
	var members []member
	for i := range 20 {
		members = append(members, m("b"+strconv.Itoa(i)+".gz", bomb))
	}
	writeFiles(t, dir, map[string]string{
		"bombs.tar":  tarOf(members...),
		"nested.gz":  gz(gz(gz(strings.Repeat("\x00", 8<<20)))),
		"zipped.zip": zipOf(0x08, m("1", strings.Repeat("\x00", 4<<20)), m("2", strings.Repeat("\x00", 4<<20))),
		"ok.gz":      gz("fine"),
	})
	opt := Options{MaxWindowBytes: 1 << 20, MaxRatio: 10}
	var paths []string
	for _, n := range []string{"bombs.tar", "nested.gz", "zipped.zip", "ok.gz"} {
		paths = append(paths, filepath.Join(dir, n))
	}
	var got []result
	var inflated int64
	err := Walk(paths, opt, func(s *Stream) error {
		r := result{Path: filepath.Base(s.Path)}
		if s.Err != nil {
			r.Err = s.Err.Error()
		} else {
			// Read as a reader of games does: the window, to its bound.
			err := s.Fill(64 << 10)
			for err == nil && !s.EOF() {
				err = s.More()
			}
			inflated += int64(len(s.Window()))
			if err != nil {
				r.Err = err.Error()
			} else {
				r.Data = string(s.Window())
			}
		}
		got = append(got, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Per input: streams read to the window's bound, then one that
	// passes the budget, and nothing more of it.
	const budgetErr = "the rest of the input is not read: size limit exceeded"
	last := map[string]int{}
	for i, r := range got {
		in, _, _ := strings.Cut(r.Path, "!")
		if k, ok := last[in]; ok && strings.Contains(got[k].Err, budgetErr) {
			t.Errorf("%s read after the budget of %s ran out", r.Path, in)
		}
		last[in] = i
		if r.Err != "" && !strings.Contains(r.Err, budgetErr) && !strings.Contains(r.Err, "more than 1048576 bytes: size limit exceeded") {
			t.Errorf("%s: error %q", r.Path, r.Err)
		}
	}
	for _, in := range []string{"bombs.tar", "nested.gz", "zipped.zip"} {
		if k, ok := last[in]; !ok || !strings.Contains(got[k].Err, budgetErr) {
			t.Errorf("%s: no error of the budget: %+v", in, got)
		}
	}
	if k, ok := last["ok.gz"]; !ok || got[k].Data != "fine" {
		t.Errorf("ok.gz: %+v", got)
	}
	if size := int64(len(tarOf(members...))); inflated > 10*size+(1<<20)+3*(1<<20) {
		t.Errorf("%d bytes decompressed", inflated)
	}
}

// TestSpool: a zip read from a stream is copied to a temporary file
// named after the process, which a later walk removes when the process
// that wrote it is gone (killed before it could); the copy may take at
// most half the space free.
func TestSpool(t *testing.T) {
	tmp := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no process to end:", err)
	}
	dead := cmd.Process.Pid
	stale := filepath.Join(tmp, spoolPrefix+strconv.Itoa(dead)+"-1.zip")
	mine := filepath.Join(tmp, spoolPrefix+strconv.Itoa(os.Getpid())+"-2.zip")
	other := filepath.Join(tmp, "haifu-other.zip")
	for _, p := range []string{stale, mine, other} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	in := filepath.Join(t.TempDir(), "a.gz")
	if err := os.WriteFile(in, []byte(gz(zipOf(zip0, m("a", strings.Repeat("a", 5000))))), 0o644); err != nil {
		t.Fatal(err)
	}
	got := walkAll(t, []string{in}, Options{TempDir: tmp})
	if len(got) != 1 || len(got[0].Data) != 5000 {
		t.Errorf("got %+v", got)
	}
	for p, want := range map[string]bool{stale: false, mine: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
	// Half the space free: 2,000 bytes of 4,000.
	var gotErr string
	w := newWalker(Options{TempDir: tmp}, func(s *Stream) error {
		if s.Err != nil {
			gotErr = s.Err.Error()
		}
		return nil
	})
	defer w.close()
	w.free = func(string) (int64, bool) { return 4000, true }
	if err := w.root(in); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(gotErr, "larger than 2000 bytes (half the space free in "+tmp+"): size limit exceeded") {
		t.Errorf("error %q", gotErr)
	}
}

// TestGzipPadding: zero bytes after the last member of a gzip stream (tape
// blocks, some downloads) are skipped with a warning, as gzip -d skips
// them, in a file and in a stream, after one member or several; anything
// else after the zeros is still an error.
func TestGzipPadding(t *testing.T) {
	zeros := strings.Repeat("\x00", 10240)
	for _, c := range []struct {
		name, data, want, err string
		warn                  bool
	}{
		{"one member", gz("log") + zeros, "log", "", true},
		{"two members", gz("lo") + gz("g") + zeros[:3], "log", "", true},
		{"one zero", gz("log") + "\x00", "log", "", true},
		{"zeros between members", gz("lo") + zeros[:7] + gz("g"), "log", "", true},
		{"zeros, then text", gz("log") + zeros + "junk", "", "gzip: ", true},
		{"no padding", gz("log"), "log", "", false},
	} {
		for _, stream := range []bool{false, true} {
			var got []result
			var warnings []string
			opt := Options{}
			fn := func(s *Stream) error {
				r := readStream(t, s)
				got = append(got, r)
				warnings = append(warnings, s.Warnings...)
				return nil
			}
			var err error
			if stream {
				err = WalkReader("x.gz", pipe{strings.NewReader(c.data)}, opt, fn)
			} else {
				err = WalkReader("x.gz", strings.NewReader(c.data), opt, fn)
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Data != c.want || !strings.Contains(got[0].Err, c.err) || (c.err == "") != (got[0].Err == "") {
				t.Errorf("%s (stream %v): got %+v", c.name, stream, got)
			}
			if c.warn != (len(warnings) == 1 && strings.Contains(warnings[0], "zero bytes after the compressed data")) {
				t.Errorf("%s (stream %v): warnings %q", c.name, stream, warnings)
			}
		}
	}
}

// walkWarnings walks paths and returns the paths of the streams, each with
// its warnings.
func walkWarnings(t *testing.T, paths []string, opt Options) []string {
	t.Helper()
	var got []string
	err := Walk(paths, opt, func(s *Stream) error {
		readStream(t, s)
		got = append(got, strings.Join(append([]string{s.Path}, s.Warnings...), ": "))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestDuplicateMembers: members of one name in one archive are all read,
// the second as NAME#2 (and so on), with a warning, so that every game's
// path is its own.
func TestDuplicateMembers(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.zip": zipOf(0x08, m("x", "1"), m("y", "2"), m("x", "3")),
		"a.tar": tarOf(m("x", "1"), m("x", "2"), m("x", "3")),
	})
	got := walkWarnings(t, []string{filepath.Join(dir, "a.zip"), filepath.Join(dir, "a.tar")}, Options{})
	for i := range got {
		got[i] = strings.TrimPrefix(got[i], dir+"/")
	}
	want := []string{
		"a.zip!x", "a.zip!y", "a.zip!x#2: the archive holds 2 members named x: this one is read as x#2",
		"a.tar!x", "a.tar!x#2: the archive holds 2 members named x: this one is read as x#2",
		"a.tar!x#3: the archive holds 3 members named x: this one is read as x#3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPathsGivenTwice: a file given twice, or a directory and a directory
// or file inside it, are read once, in the order of the first path that
// holds them, with a warning on what was given more than once.
func TestPathsGivenTwice(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d/b": "b", "d/sub/a": "a", "e": "e"})
	d, sub, a, e := filepath.Join(dir, "d"), filepath.Join(dir, "d", "sub"), filepath.Join(dir, "d", "sub", "a"), filepath.Join(dir, "e")
	for _, c := range []struct {
		paths []string
		want  []string
	}{
		{[]string{d, e}, []string{"d/b", "d/sub/a", "e"}},
		{[]string{d, sub}, []string{"d/b", "d/sub/a: " + sub + " is given again, inside " + d + ": its games are read once"}},
		{[]string{sub, d}, []string{"d/sub/a: " + sub + " is given again, inside " + d + ": its games are read once, here", "d/b"}},
		{[]string{a, e, a}, []string{"d/sub/a: " + a + " is given twice: its games are read once", "e"}},
		{[]string{d, d}, []string{"d/b: " + d + " is given twice: its games are read once", "d/sub/a"}},
		{[]string{e, a, d}, []string{"e", "d/sub/a: " + a + " is given again, inside " + d + ": its games are read once, here", "d/b"}},
	} {
		got := walkWarnings(t, c.paths, Options{})
		for i := range got {
			got[i] = strings.TrimPrefix(got[i], dir+"/")
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q:\ngot\n%s\nwant\n%s", c.paths, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
