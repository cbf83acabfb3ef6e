package tables

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// An output directory is replaced as one unit. A run writes its tables
// into a temporary directory beside the output directory,
// ".NAME.haifu-tmp-PID-…" (hidden, so that a walk of the parent does not
// read it), and Close puts it in place with two renames: the earlier
// output, if any, aside as ".NAME.haifu-old-PID-…", then the new one to
// NAME; the old one is then removed. A crash at any point leaves NAME
// holding one whole run (or, between the two renames, nothing, with the
// old output beside it): never the tables of two runs. The next run clears
// what a crashed run left (its process no longer running): it puts an
// output that was set aside back when NAME is missing, and removes the
// rest. Every part file, every table directory and the temporary
// directory are synced to the disk before the renames, and the parent
// after them, so that this holds after a power cut too, not only after a
// killed process.
//
// Only what haifu wrote is ever removed: an output directory that holds
// anything but the tables' part files (a file a user put in DIR/games/)
// is refused, naming it. An output directory that is a symbolic link is
// written through: the directory it names is replaced, the link stays.

// Markers of the temporary directories of an output named NAME:
// ".NAME" + marker + "PID-".
const (
	tmpMarker = ".haifu-tmp-"
	oldMarker = ".haifu-old-"
)

// output is the directory a Writer fills.
type output struct {
	final string // the output directory
	tmp   string // the temporary directory the tables are written into
	// sync syncs a file or a directory to the disk (syncPath; a test
	// watches the order).
	sync func(path string) error
}

// ErrNotOutput: the output directory holds files haifu did not write, and
// will not be replaced.
var ErrNotOutput = errors.New("the directory holds files that are not haifu tables")

// newOutput prepares the output directory dir of the analysis tables
// (tableNames); see newOutputOf.
func newOutput(dir string) (*output, error) { return newOutputOf(dir, tableNames) }

// newOutputOf prepares the output directory dir of the tables names: it
// clears what crashed runs left beside it, checks that dir, if it exists,
// holds nothing but those tables (it is replaced as a whole: an index
// directory is not taken for an analysis output, nor the other way round),
// and creates the temporary directory.
func newOutputOf(dir string, names []string) (*output, error) {
	dir = filepath.Clean(dir)
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		// Written through: the directory the link names is the output.
		target, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: a symbolic link to no directory: %w", dir, err)
		}
		dir = target
	}
	parent, base := filepath.Dir(dir), filepath.Base(dir)
	if base == "." || base == ".." || base == string(filepath.Separator) {
		return nil, fmt.Errorf("%s: give the output directory a name of its own (it is replaced as a whole)", dir)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	if err := clearStale(parent, base); err != nil {
		return nil, err
	}
	if err := checkOutput(dir, names); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(parent, "."+base+tmpMarker+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp made it 0700
		os.RemoveAll(tmp)
		return nil, err
	}
	return &output{final: dir, tmp: tmp, sync: syncPath}, nil
}

// checkOutput reports an error unless dir is missing, empty, or holds
// only the tables names, each a directory of part files (and the
// temporary tables of haifu versions that wrote them in place,
// ".TABLE.tmp…", which it removes). The error names the first entry that
// is not haifu's: it would be removed with the output.
func checkOutput(dir string, names []string) error {
	fi, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: not a directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() && strings.HasPrefix(n, ".") && strings.Contains(n, ".tmp") {
			os.RemoveAll(filepath.Join(dir, n)) // a crashed older run's table
			continue
		}
		if !e.IsDir() || !slices.Contains(names, n) {
			return notOutput(dir, n)
		}
		parts, err := os.ReadDir(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		for _, p := range parts {
			if !p.Type().IsRegular() || !isPartName(p.Name()) {
				return notOutput(dir, filepath.Join(n, p.Name()))
			}
		}
	}
	return nil
}

// notOutput is the error for an entry of the output directory dir that
// haifu did not write.
func notOutput(dir, entry string) error {
	return fmt.Errorf("%s: %q: %w (haifu replaces its output directory as a whole and removes only what it wrote: move it away, or give a new or empty directory)", dir, entry, ErrNotOutput)
}

// isPartName reports whether name is a part file's (PartName).
func isPartName(name string) bool {
	digits, ok := strings.CutPrefix(name, "part-")
	if digits, ok = strings.CutSuffix(digits, ".parquet"); !ok || len(digits) < 5 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// clearStale removes the temporary directories that runs no longer running
// left beside the output directory base in parent, and puts an output set
// aside back in place when the output directory is missing.
func clearStale(parent, base string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return err
	}
	final := filepath.Join(parent, base)
	for _, e := range entries {
		n := e.Name()
		for _, marker := range []string{tmpMarker, oldMarker} {
			prefix := "." + base + marker
			if !e.IsDir() || !strings.HasPrefix(n, prefix) {
				continue
			}
			pid, _, ok := strings.Cut(n[len(prefix):], "-")
			if p, err := strconv.Atoi(pid); !ok || err != nil || running(p) {
				continue
			}
			path := filepath.Join(parent, n)
			if marker == oldMarker {
				if _, err := os.Lstat(final); errors.Is(err, os.ErrNotExist) {
					if os.Rename(path, final) == nil {
						continue
					}
				}
			}
			if err := os.RemoveAll(path); err != nil {
				return err
			}
		}
	}
	return nil
}

// running reports whether a process with the given id runs (and is not
// this one's own earlier self: the id of this process counts as running).
func running(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// commit puts the temporary directory in place of the output directory:
// every file and directory in the temporary directory, and itself, synced
// to the disk first, the parent after the renames.
func (o *output) commit() error {
	if err := o.syncTree(o.tmp); err != nil {
		return err
	}
	old := ""
	if _, err := os.Lstat(o.final); err == nil {
		old = strings.Replace(o.tmp, tmpMarker, oldMarker, 1)
		if err := os.Rename(o.final, old); err != nil {
			return err
		}
	}
	if err := os.Rename(o.tmp, o.final); err != nil {
		if old != "" {
			os.Rename(old, o.final)
		}
		return err
	}
	if err := o.sync(filepath.Dir(o.final)); err != nil {
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// syncTree syncs what the directory dir holds (files, and directories
// with what they hold), then dir itself.
func (o *output) syncTree(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() {
			err = o.syncTree(p)
		} else {
			err = o.sync(p)
		}
		if err != nil {
			return err
		}
	}
	return o.sync(dir)
}

// syncPath syncs a file's contents, or a directory's entries, to the
// disk (fsync(2) of the file, whichever descriptor opened it).
func syncPath(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// abort removes the temporary directory.
func (o *output) abort() {
	if o != nil {
		os.RemoveAll(o.tmp)
	}
}
