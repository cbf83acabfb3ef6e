// Command mkarchive writes a tar archive of at least N game logs by
// repeating the files under the given paths (copy k of x.xml is named
// k/x.xml), for benchmarks over large archives. A Tenhou log id in a file's
// name is changed in every copy but the first (its last eight hex digits
// XOR k), so that each copy is a game of its own: analyze counts a game id
// read twice once, and the benchmark would otherwise write the rows of
// about a tenth of its games.
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
	"regexp"
	"strconv"
)

// logID matches a Tenhou log id; its last group is the eight hex digits
// each copy changes.
var logID = regexp.MustCompile(`(\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-)([0-9a-f]{8})`)

// copyName is the name of copy k of the file called base.
func copyName(k int, base string) string {
	if k > 0 {
		base = logID.ReplaceAllStringFunc(base, func(id string) string {
			m := logID.FindStringSubmatch(id)
			v, _ := strconv.ParseUint(m[2], 16, 32)
			return m[1] + fmt.Sprintf("%08x", uint32(v)^uint32(k))
		})
	}
	return strconv.Itoa(k) + "/" + base
}

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
			hdr := &tar.Header{Name: copyName(k, filepath.Base(name)), Mode: 0o644, Size: int64(len(datas[i])), Typeflag: tar.TypeReg}
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
