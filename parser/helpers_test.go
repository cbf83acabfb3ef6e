package parser

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"encoding/hex"
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

// result is an Input as the tests compare it. In a want row, Err is a
// substring of the error's message.
type result struct {
	Path string
	Data string
	Err  string
}

// walkAll walks paths and returns what it delivered. It checks what holds
// for every Input: Data xor Err; an Err is an *event.Error naming the
// Input's path, its message starting with it. It keeps the Data slices
// until the walk is over, so a buffer that Walk reused shows as wrong data.
//
// The container tests walk content that is no log: unless opt names a
// format, the walk reads every file as a Mahjong Soul record, a format
// whose files hold one game each, so that Data is the whole content.
func walkAll(t testing.TB, paths []string, opt Options) []result {
	t.Helper()
	if opt.Format == event.FormatUnknown {
		opt.Format = event.FormatMajsoul
	}
	var ins []Input
	err := Walk(paths, opt, func(in Input) error {
		checkInput(t, in)
		ins = append(ins, in)
		return nil
	})
	if err != nil {
		t.Errorf("Walk returned %v", err)
	}
	var got []result
	for _, in := range ins {
		r := result{Path: in.Path, Data: string(in.Data)}
		if in.Err != nil {
			r.Err = in.Err.Error()
		}
		got = append(got, r)
	}
	return got
}

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
