package parser

import (
	"archive/tar"
	"archive/zip"
	"os"
	"path/filepath"
	"testing"

	"bytes"
	"io"

	"github.com/klauspost/compress/gzip"
)

// BenchmarkWalkCorpus walks the corpus's mjlog directory (3,429 files,
// plain and gzip): MB/s counts the bytes delivered.
func BenchmarkWalkCorpus(b *testing.B) {
	dir := corpusDir(b, "mjlog")
	var size int64
	Walk([]string{dir}, Options{}, func(in Input) error {
		size += int64(len(in.Data))
		return nil
	})
	b.SetBytes(size)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		Walk([]string{dir}, Options{}, func(in Input) error {
			n++
			return nil
		})
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "inputs/s")
}

// BenchmarkReadFileCorpus is the floor BenchmarkWalkCorpus is measured
// against: os.ReadDir, os.ReadFile of each file, gunzip of the gzip ones.
func BenchmarkReadFileCorpus(b *testing.B) {
	dir := corpusDir(b, "mjlog")
	b.ReportAllocs()
	var size int64
	for b.Loop() {
		size = 0
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			if data[0] == 0x1f {
				r, _ := gzip.NewReader(bytes.NewReader(data))
				data, _ = io.ReadAll(r)
			}
			size += int64(len(data))
		}
	}
	b.SetBytes(size)
}

// archivesOfCorpus returns the corpus's XML mjlogs as a zip (deflated) and
// as a tar.gz, written to temporary files, and their total size.
func archivesOfCorpus(b *testing.B) (zipPath, tgzPath string, size int64) {
	dir := corpusDir(b, "mjlog")
	var zbuf, tbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	gw := gzip.NewWriter(&tbuf)
	tw := tar.NewWriter(gw)
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if filepath.Ext(e.Name()) != ".xml" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			b.Fatal(err)
		}
		size += int64(len(data))
		f, _ := zw.Create(e.Name())
		f.Write(data)
		tw.WriteHeader(&tar.Header{Name: e.Name(), Mode: 0o644, Size: int64(len(data))})
		tw.Write(data)
	}
	zw.Close()
	tw.Close()
	gw.Close()
	tmp := b.TempDir()
	zipPath, tgzPath = filepath.Join(tmp, "logs.zip"), filepath.Join(tmp, "logs.tar.gz")
	os.WriteFile(zipPath, zbuf.Bytes(), 0o644)
	os.WriteFile(tgzPath, tbuf.Bytes(), 0o644)
	return zipPath, tgzPath, size
}

// BenchmarkWalkArchive walks the corpus's XML mjlogs from a zip and from a
// tar.gz: zip members are inflated by klauspost/compress, as the tar.gz's
// gzip is, so the two should run at the same speed.
func BenchmarkWalkArchive(b *testing.B) {
	zipPath, tgzPath, size := archivesOfCorpus(b)
	for _, tc := range []struct{ name, path string }{{"zip", zipPath}, {"tar.gz", tgzPath}} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				Walk([]string{tc.path}, Options{}, func(in Input) error { return nil })
			}
		})
	}
}
