// Command floor measures the floor that a log decoder is compared with: read
// every file under the given paths, gunzip it when it is gzip, and count its
// XML tags ('<' bytes), on one goroutine. It prints files, bytes, seconds,
// MB/s and files/s.
//
//	go run ./scripts/floor ../shared/corpus/mjlog
package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/klauspost/compress/gzip"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: floor PATH...")
		os.Exit(2)
	}
	var files []string
	for _, p := range os.Args[1:] {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	start := time.Now()
	var size, tags int64
	var zr *gzip.Reader
	var buf bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if len(data) > 2 && data[0] == 0x1f && data[1] == 0x8b {
			if zr == nil {
				zr, err = gzip.NewReader(bytes.NewReader(data))
			} else {
				err = zr.Reset(bytes.NewReader(data))
			}
			if err == nil {
				buf.Reset()
				_, err = io.Copy(&buf, zr)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, f, err)
				os.Exit(1)
			}
			data = buf.Bytes()
		}
		size += int64(len(data))
		tags += int64(bytes.Count(data, []byte{'<'}))
	}
	sec := time.Since(start).Seconds()
	fmt.Printf("files %d  bytes %d  tags %d  seconds %.3f  MB/s %.1f  files/s %.0f\n",
		len(files), size, tags, sec, float64(size)/sec/1e6, float64(len(files))/sec)
}
