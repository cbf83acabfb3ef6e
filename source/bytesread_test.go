package source

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestBytesRead checks that Options.BytesRead counts the bytes of files and
// standard input before decompression, each once when read as a stream.
func TestBytesRead(t *testing.T) {
	big := strings.Repeat("<mjloggm ver=\"2.3\"></mjloggm>\n", 50000) // read in parts (> smallFile)
	files := map[string]string{
		"a.xml":      "<mjloggm/>",
		"b.xml.gz":   gz("<mjloggm ver=\"2.3\"/>"),
		"c.tar.zst":  zst(tarOf(m("x.xml", "<mjloggm/>"), m("y.xml", "<mjloggm/>"))),
		"d/e.tar.gz": gz(tarOf(m("x.xml", big))),
		"f.xml":      big,
	}
	var want int64
	for _, data := range files {
		want += int64(len(data))
	}
	stdin := gz("<mjloggm/>")
	want += int64(len(stdin))
	dir := t.TempDir()
	writeFiles(t, dir, files)
	for _, counting := range []bool{false, true} {
		var n atomic.Int64
		opt := Options{Stdin: pipe{bytes.NewReader([]byte(stdin))}}
		if counting {
			opt.BytesRead = &n
		}
		got := walkAll(t, []string{dir, "-"}, opt)
		if len(got) != 7 {
			t.Fatalf("walk delivered %d inputs, want 7: %v", len(got), got)
		}
		for _, r := range got {
			if r.Err != "" {
				t.Errorf("%s: %s", filepath.Base(r.Path), r.Err)
			}
		}
		if counting && n.Load() != want {
			t.Errorf("BytesRead = %d, want %d", n.Load(), want)
		}
		if !counting && n.Load() != 0 {
			t.Errorf("BytesRead counted %d bytes without being asked", n.Load())
		}
	}
}
