package source

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Builders of synthetic inputs. They panic on error: they only ever see
// data the tests wrote.

func gz(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.String()
}

func zst(s string) string {
	e, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err)
	}
	defer e.Close()
	return string(e.EncodeAll([]byte(s), nil))
}

// bz is "bzip2 log" compressed by bzip2 -9 (the standard library has no
// bzip2 writer).
var bz = mustHex("425a683931415926535957e8ec2100000119804000100010a4c01020002201a6d420c988a7ac4078bb9229c28482bf476108")

func mustHex(s string) string {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// member is an archive member: a regular file unless name ends in "/" (a
// directory) or link is set (a symbolic link).
type member struct {
	name, data, link string
}

// m is a regular member.
func m(name, data string) member { return member{name: name, data: data} }

func tarOf(members ...member) string {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, mb := range members {
		h := &tar.Header{Name: mb.name, Mode: 0o644, Size: int64(len(mb.data)), Typeflag: tar.TypeReg}
		switch {
		case strings.HasSuffix(mb.name, "/"):
			h.Typeflag, h.Mode = tar.TypeDir, 0o755
		case mb.link != "":
			h.Typeflag, h.Linkname = tar.TypeSymlink, mb.link
		}
		if err := w.WriteHeader(h); err != nil {
			panic(err)
		}
		w.Write([]byte(mb.data))
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.String()
}

func zipOf(method uint16, members ...member) string {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, mb := range members {
		h := &zip.FileHeader{Name: mb.name, Method: method}
		if mb.link != "" {
			h.SetMode(os.ModeSymlink | 0o777)
		}
		f, err := w.CreateHeader(h)
		if err != nil {
			panic(err)
		}
		f.Write([]byte(mb.data + mb.link))
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.String()
}

// writeFiles writes files (relative path → content) under dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// result is a Stream as the tests compare it: its path, and its content
// read whole or its error. In a want row, Err is a substring of the
// error's message.
type result struct {
	Path string
	Data string
	Err  string
}

// walkAll walks paths and returns what it delivered, each stream read
// whole (ReadAll). It checks what holds for every Stream: an Err is an
// *Error naming the Stream's path, its message starting with it. It keeps
// the data until the walk is over, so a buffer that Walk reused shows as
// wrong data.
func walkAll(t testing.TB, paths []string, opt Options) []result {
	t.Helper()
	var got []result
	err := Walk(paths, opt, func(s *Stream) error {
		got = append(got, readStream(t, s))
		return nil
	})
	if err != nil {
		t.Errorf("Walk returned %v", err)
	}
	return got
}

// readStream reads s whole into a result and checks its error.
func readStream(t testing.TB, s *Stream) result {
	t.Helper()
	r := result{Path: s.Path}
	err := s.Err
	if err == nil {
		var data []byte
		if data, err = s.ReadAll(); err == nil {
			r.Data = string(data)
		}
	}
	if err != nil {
		checkError(t, s.Path, err)
		r.Err = err.Error()
	}
	return r
}

// checkError checks that err is an *Error with path whose message starts
// with the path.
func checkError(t testing.TB, path string, err error) {
	t.Helper()
	if !strings.HasPrefix(err.Error(), path+": ") {
		t.Errorf("error %q does not start with the path %q", err, path)
	}
	if e, ok := errors.AsType[*Error](err); !ok || e.Path != path {
		t.Errorf("%s: error %#v is not an *Error with the path", path, err)
	}
}

// pipe hides every method of a reader but Read, so that WalkReader (and
// standard input) read it as a stream, as they read a pipe.
type pipe struct{ io.Reader }

// matchErrs replaces each error message in got by the want row's substring
// when it contains it, so that cmp.Diff shows only real differences.
func matchErrs(want, got []result) []result {
	out := append([]result(nil), got...)
	for i := range out {
		if i < len(want) && want[i].Err != "" && strings.Contains(out[i].Err, want[i].Err) {
			out[i].Err = want[i].Err
		}
	}
	return out
}
