package source

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// fuzzSeeds are small valid inputs of every kind Walk opens, and a few
// broken ones.
func fuzzSeeds() []string {
	log := `<mjloggm ver="2.3"><GO type="9"/></mjloggm>`
	return []string{
		"", log, gz(log), zst(log), bz,
		zipOf(0x08, m("a.xml", log), m("b.gz", gz(log))),
		zipOf(zip0, m("in.zip", zipOf(zip0, m("a", "a")))),
		tarOf(m("a.xml", log), m("d/", ""), member{name: "l", link: "a.xml"}),
		gz(tarOf(m("a.xml", log), m("b.zip", zipOf(0x08, m("c", "c"))))),
		zst(tarOf(m("a.zst", zst(log)))),
		gz(gz(gz(gz(gz(gz(gz("deep"))))))),
		gz(log)[:20],
		tarOf(m("a.gz", gz(log+strings.Repeat(" ", 1<<20))), m("b.gz", gz(log+strings.Repeat(" ", 1<<20)))),
		string(gz(log)) + "\x00\x00\x00\x00",
		zipOf(0x08, m("a", "a"))[:40],
	}
}

// checkWalk walks path, of size bytes, and checks that every Stream reads
// whole or has an error naming its path, paths are under path, no stream
// read whole passes the window's bound, what the streams hold adds up to
// no more than the decompression budget allows (Options.MaxRatio), and no
// temporary file is left behind.
func checkWalk(t *testing.T, path string, size int, opt Options) {
	total := 0
	err := Walk([]string{path}, opt, func(s *Stream) error {
		if s.Path != path && !strings.HasPrefix(s.Path, path+"!") {
			t.Errorf("stream path %q not under %q", s.Path, path)
		}
		r := readStream(t, s)
		total += len(r.Data)
		if int64(len(r.Data)) > opt.MaxWindowBytes {
			t.Errorf("%s: %d bytes, over the limit %d", s.Path, len(r.Data), opt.MaxWindowBytes)
		}
		return nil
	})
	if err != nil {
		t.Errorf("Walk returned %v", err)
	}
	// Stored content is the input's; the rest came out of decompressors.
	if limit := int64(size)*int64(opt.MaxRatio+1) + opt.MaxWindowBytes; int64(total) > limit {
		t.Errorf("the streams hold %d bytes, more than the budget of %d bytes of input allows", total, size)
	}
	checkEmpty(t, opt.TempDir)
}

// fuzzOptions has limits small enough for fuzzing and a temporary
// directory for the whole run (one per fuzzing process: executions in a
// process are sequential).
func fuzzOptions(f *testing.F) Options {
	dir, err := os.MkdirTemp("", "haifu-fuzz")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { os.RemoveAll(dir) })
	return Options{MaxWindowBytes: 1 << 20, MaxSpoolBytes: 1 << 20, MaxEntries: 1000, MaxRatio: DefaultMaxRatio, TempDir: dir}
}

func FuzzWalkStdin(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	opt := fuzzOptions(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		opt := opt
		opt.Stdin = pipe{bytes.NewReader(data)}
		checkWalk(t, "-", len(data), opt)
	})
}

// FuzzWalkFile is FuzzWalkStdin for a file, read whole or in place.
func FuzzWalkFile(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	opt := fuzzOptions(f)
	p := opt.TempDir + ".input" // beside the directory, which must stay empty
	f.Cleanup(func() { os.Remove(p) })
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		checkWalk(t, p, len(data), opt)
	})
}
