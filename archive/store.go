package archive

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempSuffix ends the names of the temporary files a Fetcher writes
// (".ID.mjlog.RANDOM.tmp"), which it removes when they are left over from
// an interrupted run.
const tempSuffix = ".tmp"

// writeFile writes data to path through a temporary file in the same
// folder, synced and then renamed into place, so that path is either
// absent or whole. The temporary file is removed on failure.
func writeFile(path string, data []byte) (err error) {
	dir, name := filepath.Split(path)
	tmp, err := os.CreateTemp(dir, "."+name+".*"+tempSuffix)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	// Readable by all, as analyze writes its tables (CreateTemp made it
	// 0600).
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// removeTemps removes the temporary files an interrupted run left in dir.
func removeTemps(dir string) {
	left, _ := filepath.Glob(filepath.Join(dir, ".*.mjlog.*"+tempSuffix))
	for _, p := range left {
		os.Remove(p)
	}
}

// readMissing reads the missing list at path; a list that does not exist
// is empty.
func readMissing(path string) (map[string]bool, error) {
	out := map[string]bool{}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out[line] = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// appendMissing adds id to the missing list at path.
func appendMissing(path, id string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(id + "\n"); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// gzipDoc compresses a document.
func gzipDoc(doc []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(doc); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
