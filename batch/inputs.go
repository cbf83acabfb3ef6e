package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Overlap is an input path left out of a run because another path of the
// run already covers it.
type Overlap struct {
	// Path is the path left out; Covered the one that covers it.
	Path, Covered string
	// Same: the two are the same file or directory (given twice, or
	// written two ways); otherwise Path lies inside the directory Covered.
	Same bool
}

// String says what was left out and why.
func (o Overlap) String() string {
	if o.Same {
		return fmt.Sprintf("%s is %s given again: read once", o.Path, o.Covered)
	}
	return fmt.Sprintf("%s is inside %s: read once, as part of it", o.Path, o.Covered)
}

// DistinctInputs returns paths without those another of them covers: a
// path given twice (however written: "logs", "./logs/", a symbolic link to
// it) and a path inside a directory also given ("logs/2016" beside
// "logs"), so that no file is read twice; the walk of the others is in
// their order. Standard input ("-") is always kept. Overlaps says what was
// left out, in the order of paths.
func DistinctInputs(paths []string) (keep []string, overlaps []Overlap) {
	type kept struct {
		path, key string
		dir       bool
	}
	keyOf := func(p string) (string, bool) {
		k := filepath.Clean(p)
		if abs, err := filepath.Abs(k); err == nil {
			k = abs
		}
		if real, err := filepath.EvalSymlinks(k); err == nil {
			k = real
		}
		fi, err := os.Stat(k)
		return k, err == nil && fi.IsDir()
	}
	under := func(k, dir string) bool {
		return strings.HasPrefix(k, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
	}
	drop := make([]bool, len(paths))
	keys := make([]kept, len(paths))
	for i, p := range paths {
		if p == "-" {
			continue
		}
		k, dir := keyOf(p)
		keys[i] = kept{p, k, dir}
	}
	for i, p := range paths {
		if p == "-" {
			continue
		}
		ki := keys[i]
		for j, p2 := range paths {
			if j == i || p2 == "-" || drop[j] {
				continue
			}
			kj := keys[j]
			switch {
			case ki.key == kj.key && j < i:
				drop[i] = true
				overlaps = append(overlaps, Overlap{Path: p, Covered: p2, Same: true})
			case kj.dir && under(ki.key, kj.key):
				drop[i] = true
				overlaps = append(overlaps, Overlap{Path: p, Covered: p2})
			}
			if drop[i] {
				break
			}
		}
	}
	for i, p := range paths {
		if !drop[i] {
			keep = append(keep, p)
		}
	}
	return keep, overlaps
}
