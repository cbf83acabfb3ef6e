package archive

import (
	"bytes"
	"iter"
)

// readPlain reads a plain-text listing (sca, scb, scd: .log and .log.gz):
// one record per line, columns separated by "|", no links and no HTML
// escaping (names are taken as written). Blank lines are skipped. It
// returns false when yield does.
func (l *listing) readPlain(data []byte, yield func(Record, error) bool) bool {
	for n, line := range lines(data) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if g, err := l.game(n, string(line), false, ""); !l.emit(yield, n, g, err) {
			return false
		}
	}
	return true
}

// lines yields the lines of data with their 1-based numbers, without their
// line ends ("\n" or "\r\n").
func lines(data []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		for n := 1; len(data) > 0; n++ {
			line := data
			if i := bytes.IndexByte(data, '\n'); i >= 0 {
				line, data = data[:i], data[i+1:]
			} else {
				data = nil
			}
			line = bytes.TrimSuffix(line, []byte("\r"))
			if !yield(n, line) {
				return
			}
		}
	}
}
