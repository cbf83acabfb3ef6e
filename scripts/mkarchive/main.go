// Command mkarchive writes a tar archive of at least N game logs by
// repeating the files under the given paths (copy k of x.xml is named
// k/x.xml), for benchmarks over large archives.
//
//	go run ./scripts/mkarchive -n 50000 -o /tmp/games.tar ../shared/corpus/mjlog
package main

import (
	"archive/tar"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

func main() {
	n := flag.Int("n", 50000, "least number of games")
	out := flag.String("o", "", "output tar file")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: mkarchive -n N -o FILE.tar PATH...")
		os.Exit(2)
	}
	var files []string
	for _, p := range flag.Args() {
		filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, path)
			}
			return err
		})
	}
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "mkarchive: no files")
		os.Exit(1)
	}
	datas := make([][]byte, len(files))
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		datas[i] = b
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tw := tar.NewWriter(f)
	written := 0
	for k := 0; written < *n; k++ {
		for i, name := range files {
			if written >= *n {
				break
			}
			hdr := &tar.Header{Name: strconv.Itoa(k) + "/" + filepath.Base(name), Mode: 0o644, Size: int64(len(datas[i])), Typeflag: tar.TypeReg}
			if err := tw.WriteHeader(hdr); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			tw.Write(datas[i])
			written++
		}
	}
	if err := tw.Close(); err == nil {
		err = f.Close()
	}
	fmt.Printf("%d games in %s\n", written, *out)
}
