package source

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWalkReader: a reader that can be read at an offset is read in place
// (a zip without a temporary file), any other reader as a stream (a zip
// spooled); the name names the streams and is never opened, "-" included.
func TestWalkReader(t *testing.T) {
	zipped := zipOf(0x08, m("a.xml", "a"), m("b.xml.gz", gz("b")))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"f.zip": zipped})
	f, err := os.Open(filepath.Join(dir, "f.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	noTemp := filepath.Join(dir, "no-such-dir") // spooling there fails
	tests := []struct {
		name string
		r    func() io.Reader
		opt  Options
		want []result
	}{{
		name: "mem.zip",
		r:    func() io.Reader { return bytes.NewReader([]byte(zipped)) },
		opt:  Options{TempDir: noTemp},
		want: []result{{Path: "mem.zip!a.xml", Data: "a"}, {Path: "mem.zip!b.xml.gz", Data: "b"}},
	}, {
		name: "str.zip",
		r:    func() io.Reader { return strings.NewReader(zipped) },
		opt:  Options{TempDir: noTemp},
		want: []result{{Path: "str.zip!a.xml", Data: "a"}, {Path: "str.zip!b.xml.gz", Data: "b"}},
	}, {
		name: "file.zip",
		r:    func() io.Reader { return f },
		opt:  Options{TempDir: noTemp},
		want: []result{{Path: "file.zip!a.xml", Data: "a"}, {Path: "file.zip!b.xml.gz", Data: "b"}},
	}, {
		name: "pipe.zip",
		r:    func() io.Reader { return pipe{strings.NewReader(zipped)} },
		opt:  Options{TempDir: t.TempDir()},
		want: []result{{Path: "pipe.zip!a.xml", Data: "a"}, {Path: "pipe.zip!b.xml.gz", Data: "b"}},
	}, {
		name: "-",
		r:    func() io.Reader { return strings.NewReader(gz("not standard input")) },
		opt:  Options{Stdin: errReader{}},
		want: []result{{Path: "-", Data: "not standard input"}},
	}, {
		name: "moved.xml",
		r: func() io.Reader {
			r := strings.NewReader("skipped|read")
			r.Seek(8, 0) // not at offset 0: read from here, as a stream
			return r
		},
		want: []result{{Path: "moved.xml", Data: "read"}},
	}, {
		name: "empty",
		r:    func() io.Reader { return bytes.NewReader(nil) },
		want: []result{{Path: "empty", Data: ""}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []result
			err := WalkReader(tt.name, tt.r(), tt.opt, func(s *Stream) error {
				got = append(got, readStream(t, s))
				return nil
			})
			if err != nil {
				t.Errorf("WalkReader returned %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("WalkReader (-want +got):\n%s", diff)
			}
			if tt.opt.TempDir != "" && tt.opt.TempDir != noTemp {
				checkEmpty(t, tt.opt.TempDir)
			}
		})
	}
}

// TestStreamWindow reads a stream of unknown length through its window:
// Fill, Take and More deliver every byte once, at the right offsets, and a
// window that is never taken from stops growing past MaxWindowBytes.
func TestStreamWindow(t *testing.T) {
	data := make([]byte, 300<<10)
	for i := range data {
		data[i] = byte('a' + i%23)
	}
	const limit = 100 << 10
	walk := func(fn func(s *Stream)) {
		t.Helper()
		err := WalkReader("x", pipe{bytes.NewReader(data)}, Options{MaxWindowBytes: limit}, func(s *Stream) error {
			if s.Size != -1 || s.MaxWindowBytes() != limit {
				t.Errorf("Size %d, MaxWindowBytes %d; want -1 and %d", s.Size, s.MaxWindowBytes(), limit)
			}
			fn(s)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	walk(func(s *Stream) {
		if err := s.Fill(1000); err != nil || len(s.Window()) < 1000 || s.Offset() != 0 || s.EOF() {
			t.Fatalf("Fill: %v, window of %d bytes at %d, EOF %v", err, len(s.Window()), s.Offset(), s.EOF())
		}
		var got []byte
		for step := 1; ; step++ {
			n := min(len(s.Window()), 7001*step%20000)
			if off := s.Offset(); off != int64(len(got)) {
				t.Fatalf("offset %d after %d bytes taken", off, len(got))
			}
			got = append(got, s.Take(n)...)
			if len(s.Window()) == 0 && s.EOF() {
				break
			}
			if err := s.More(); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, data) {
			t.Errorf("took %d bytes, not the stream's %d", len(got), len(data))
		}
	})
	walk(func(s *Stream) {
		var err error
		for err == nil && !s.EOF() {
			err = s.More()
		}
		if se, ok := errors.AsType[*SizeError](err); !ok || se.Size != -1 || se.Limit != limit || !errors.Is(err, ErrTooLarge) {
			t.Errorf("More without Take: %v, want a SizeError of unknown size", err)
		}
		if e, ok := errors.AsType[*Error](err); !ok || e.Path != "x" || len(s.Window()) > limit+64<<10 {
			t.Errorf("error %#v, window of %d bytes", err, len(s.Window()))
		}
	})
}

// TestReadAllLimit: ReadAll refuses a stream over MaxWindowBytes with its
// size when the file system or an archive states it (before reading),
// without it when it is only found by reading.
func TestReadAllLimit(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("x", 2000)
	writeFiles(t, dir, map[string]string{
		"a.xml":  big,
		"b.tar":  tarOf(m("m", big)),
		"c.gz":   gz(big),
		"d.zip":  zipOf(0x08, m("m", big)),
		"ok.xml": big[:1000],
	})
	t.Chdir(dir)
	got := walkAll(t, []string{"a.xml", "b.tar", "c.gz", "d.zip", "ok.xml"}, Options{MaxWindowBytes: 1000})
	want := []result{
		{Path: "a.xml", Err: "a.xml: 2000 bytes, more than 1000: size limit exceeded"},
		{Path: "b.tar!m", Err: "b.tar!m: 2000 bytes, more than 1000: size limit exceeded"},
		{Path: "c.gz", Err: "c.gz: more than 1000 bytes: size limit exceeded"},
		{Path: "d.zip!m", Err: "d.zip!m: 2000 bytes, more than 1000: size limit exceeded"},
		{Path: "ok.xml", Data: big[:1000]},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestErrCorrupt: errors of decompressors and archive readers are
// ErrCorrupt, with the message they have; errors of the file system and of
// the limits are not.
func TestErrCorrupt(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"header.gz": "\x1f\x8b\x08 corrupt",
		"flate.gz":  gz("one")[:10] + "garbage garbage garbage",
		"cut.gz":    gz("two")[:15],
		"bad.zst":   "\x28\xb5\x2f\xfdgarbage",
		"bad.bz2":   bz[:20] + strings.Repeat("\xff", 40),
		"cut.tar":   tarOf(m("1.xml", "one"))[:512+512] + strings.Repeat("\xff", 512),
		"bad.zip":   zipOf(0x08, m("1.xml", "one"))[:30],
		"crc.zip":   strings.Replace(zipOf(zip0, m("1.xml", "one")), "one", "two", 1),
		"deep.gz":   gz(gz(gz("deep"))),
		"plain.xml": "plain",
	})
	t.Chdir(dir)
	corruptOnes := map[string]string{
		"header.gz":     "gzip: invalid header",
		"flate.gz":      "flate: corrupt input",
		"cut.gz":        "gzip: unexpected EOF",
		"bad.zst":       "zstd: ",
		"bad.bz2":       "bzip2",
		"cut.tar":       "reading tar entry 2",
		"bad.zip":       "zip: not a valid zip file",
		"crc.zip!1.xml": "zip: checksum error",
	}
	paths := []string{"header.gz", "flate.gz", "cut.gz", "bad.zst", "bad.bz2", "cut.tar", "bad.zip", "crc.zip", "deep.gz", "plain.xml", "missing"}
	seen := map[string]bool{}
	err := Walk(paths, Options{MaxDepth: 2}, func(s *Stream) error {
		err := s.Err
		if err == nil {
			_, err = s.ReadAll()
		}
		want, corrupted := corruptOnes[s.Path]
		switch {
		case err == nil && s.Path != "plain.xml" && s.Path != "cut.tar!1.xml":
			t.Errorf("%s: no error", s.Path)
		case err == nil:
		case corrupted != errors.Is(err, ErrCorrupt):
			t.Errorf("%s: %v: ErrCorrupt %v, want %v", s.Path, err, !corrupted, corrupted)
		case corrupted && !strings.Contains(err.Error(), want):
			t.Errorf("%s: %v, want %q in the message", s.Path, err, want)
		}
		if s.Path == "missing" && !errors.Is(err, fs.ErrNotExist) || s.Path == "deep.gz" && !errors.Is(err, ErrTooDeep) {
			t.Errorf("%s: %v", s.Path, err)
		}
		seen[s.Path] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p := range corruptOnes {
		if !seen[p] {
			t.Errorf("%s: not delivered", p)
		}
	}
}
