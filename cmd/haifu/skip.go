package main

import (
	"os"
	"slices"
)

// sameFileAs returns whether a path is one of paths, as the file system
// sees it (os.SameFile, as the walk of package parser compares its Skip):
// "out", "./out" and its absolute path are the same directory. Paths that
// do not exist are none.
func sameFileAs(paths []string) func(path string) bool {
	var infos []os.FileInfo
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil {
			infos = append(infos, fi)
		}
	}
	return func(path string) bool {
		if len(infos) == 0 {
			return false
		}
		fi, err := os.Stat(path)
		return err == nil && slices.ContainsFunc(infos, func(s os.FileInfo) bool { return os.SameFile(fi, s) })
	}
}
