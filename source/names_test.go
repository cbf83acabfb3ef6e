package source

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/encoding/japanese"
)

// sjis encodes s in Shift-JIS.
func sjis(t *testing.T, s string) string {
	out, err := japanese.ShiftJIS.NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// zipRaw writes a zip whose member names are stored as given, with zip's
// UTF-8 flag set or not.
func zipRaw(t *testing.T, names []string, utf8Flag []bool) string {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i, name := range names {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, NonUTF8: !utf8Flag[i]}
		if utf8Flag[i] {
			h.Flags |= 0x800
		}
		f, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("x"))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// tarRaw writes a GNU tar with one member whose name is stored as given.
func tarRaw(t *testing.T, name string) string {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	if err := w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: 1, Typeflag: tar.TypeReg, Format: tar.FormatGNU}); err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("x"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestNonUTF8Names: zip member names in CP932 are decoded, names in UTF-8
// kept, and bytes that are neither escaped; tar members and files on disk
// with invalid names are escaped. Every path is valid UTF-8.
func TestNonUTF8Names(t *testing.T) {
	dir := t.TempDir()
	names := []string{
		sjis(t, "天鳳/鳳凰卓の牌譜.mjlog"), // Shift-JIS, no flag: decoded
		"雀魂/記録.json",               // UTF-8 with the flag
		"東風/記録.json",               // UTF-8 without the flag (some tools)
		"bad\xff\xfe.xml",          // neither
	}
	writeFiles(t, dir, map[string]string{
		"a.zip": zipRaw(t, names, []bool{false, true, false, false}),
		"b.tar": tarRaw(t, "t\x81x/\xe9.xml"),
	})
	disk := filepath.Join(dir, "c\xff.xml")
	if err := os.WriteFile(disk, []byte("x"), 0o644); err != nil {
		t.Skipf("the file system refuses a non-UTF-8 name: %v", err)
	}
	got := walkAll(t, []string{filepath.Join(dir, "a.zip"), filepath.Join(dir, "b.tar"), disk}, Options{})
	var paths []string
	for _, r := range got {
		paths = append(paths, strings.TrimPrefix(r.Path, dir+"/"))
		if !utf8.ValidString(r.Path) {
			t.Errorf("path %q is not valid UTF-8", r.Path)
		}
	}
	want := []string{
		"a.zip!天鳳/鳳凰卓の牌譜.mjlog",
		"a.zip!雀魂/記録.json",
		"a.zip!東風/記録.json",
		`a.zip!bad\xff\xfe.xml`,
		`b.tar!t\x81x/\xe9.xml`,
		`c\xff.xml`,
	}
	if d := cmp.Diff(want, paths); d != "" {
		t.Errorf("paths (-want +got):\n%s", d)
	}
}
