package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/archive"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/stats"
	"github.com/haifu/haifu/tables"
)

// longLines fails when a line of out is longer than most bytes.
func longLines(t *testing.T, what, out string, most int) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if len(l) > most {
			t.Errorf("%s: a line of %d bytes: %.300q…", what, len(l), l)
		}
	}
}

// TestInputTextCut: the text an input holds without bound is cut to
// event.MaxQuote bytes a piece wherever haifu quotes it: a tile name of a
// million characters in an mjai log (verify's text and JSON, events), the
// member names of a small tar.gz (verify, analyze's tables), a player's
// name and a rule column in an archive listing (archive index).
func TestInputTextCut(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("X", 1<<20)
	mjai := strings.Join([]string{
		`{"type":"start_game","names":["a","b","c","d"]}`,
		`{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1s","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","E","E","S"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","P","P","P","C"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"]]}`,
		`{"type":"tsumo","actor":0,"pai":"5p"}`,
		`{"type":"dahai","actor":0,"pai":"` + long + `","tsumogiri":true}`,
	}, "\n")
	tile := filepath.Join(dir, "tile.mjson")
	os.WriteFile(tile, []byte(mjai), 0o644)
	// A tar.gz of a few kilobytes whose 40 members are named with 100 KB
	// each.
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	tw := tar.NewWriter(zw)
	for i := range 40 {
		body := []byte(`<mjloggm ver="2.3"><GO type="9"/>`)
		tw.WriteHeader(&tar.Header{Name: fmt.Sprintf("m%02d", i) + strings.Repeat("A", 100_000) + ".mjlog", Mode: 0o644, Size: int64(len(body)), Format: tar.FormatPAX})
		tw.Write(body)
	}
	tw.Close()
	zw.Close()
	tgz := filepath.Join(dir, "names.tar.gz")
	os.WriteFile(tgz, b.Bytes(), 0o644)
	if b.Len() > 64<<10 {
		t.Fatalf("the tar.gz is %d bytes", b.Len())
	}
	most := 4 * event.MaxQuote // a line quotes a few pieces
	for _, args := range [][]string{{"verify", tile}, {"verify", "--json", tile}, {"events", tile}, {"verify", tgz}, {"verify", "--json", tgz}} {
		out, stderr, _ := haifu(t, "", args...)
		longLines(t, strings.Join(args[:len(args)-1], " "), out+stderr, most)
		if !strings.Contains(out+stderr, " bytes)") {
			t.Errorf("%v: no length of a piece cut said:\n%.2000s", args, out+stderr)
		}
	}
	o := filepath.Join(dir, "out")
	_, stderr, _ := haifu(t, "", "analyze", "-o", o, tgz, tile)
	longLines(t, "analyze", stderr, most)
	rows := 0
	err := tables.ReadTable(o, tables.ErrorsTable, func(r *stats.ErrorRow) {
		rows++
		if len(r.Path) > most || len(r.Error) > most {
			t.Errorf("errors row: path of %d bytes, error of %d", len(r.Path), len(r.Error))
		}
	})
	if err != nil || rows != 41 {
		t.Errorf("%d errors rows, %v; want 41", rows, err)
	}
	listing := filepath.Join(dir, "sca20240102.log")
	os.WriteFile(listing, []byte("L1001 | 15:24 | 三般南喰赤－ | "+long+"(+95.0) b(-27.0) c(-68.0)\nL1003 | 21:00 | "+long+" | a(+66.0) b(+8.0) c(-20.0) d(-54.0)\n"), 0o644)
	ix := filepath.Join(dir, "index")
	out, stderr, _ := haifu(t, "", "archive", "index", "-o", ix, listing)
	longLines(t, "archive index", out+stderr, most)
	err = tables.ReadArchive(ix, func(r *archive.Row) {
		for _, n := range r.Names {
			if len(n) > event.MaxQuote+32 { // the piece and its length
				t.Errorf("archive row: a name of %d bytes", len(n))
			}
		}
	})
	if err != nil {
		t.Error(err)
	}
}
