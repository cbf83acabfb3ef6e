package parser

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
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

// zip0 is zip.Store, the method of a stored member.
const zip0 = 0

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

// checkInput checks what holds for every Input: Data xor Err; an Err is an
// *event.Error naming the Input's path, its message starting with it.
func checkInput(t testing.TB, in Input) {
	t.Helper()
	if (in.Data == nil) == (in.Err == nil) {
		t.Errorf("%s: Data nil %v, Err %v: want exactly one of them", in.Path, in.Data == nil, in.Err)
	}
	if in.Err == nil {
		return
	}
	if !strings.HasPrefix(in.Err.Error(), in.Path+": ") {
		t.Errorf("error %q does not start with the path %q", in.Err, in.Path)
	}
	if e, ok := errors.AsType[*event.Error](in.Err); !ok || e.Path != in.Path {
		t.Errorf("%s: error %#v is not an *event.Error with the path", in.Path, in.Err)
	}
}
