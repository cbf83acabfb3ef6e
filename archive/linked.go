package archive

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// readLinked reads an HTML listing (scc, sce, scf: .html, .html.gz, and the
// .log files that hold the same lines): records separated by <br>, each
// with a link <a href="…?log=ID">牌譜</a> in its link column and
// HTML-escaped names. The document is parsed once with goquery and walked
// in order: text is gathered into the current record, a link's target is
// kept, and a <br> ends the record, so a record that a line break splits in
// two is still one record. Line numbers are counted from the line breaks in
// the text. It returns false when yield does.
func (l *listing) readLinked(data []byte, yield func(Record, error) bool) bool {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
	if err != nil {
		return yield(nil, l.errorAt(0, fmt.Errorf("%w: %w", ErrForm, err)))
	}
	// The HTML parser drops white space before the first text; count its
	// line breaks here.
	lead := data[:len(data)-len(bytes.TrimLeft(data, " \t\r\n\f"))]
	w := linkedWalker{l: l, yield: yield, line: 1 + bytes.Count(lead, []byte("\n"))}
	return w.walk(doc.Selection) && w.flush()
}

// linkedWalker gathers the records of an HTML listing.
type linkedWalker struct {
	l     *listing
	yield func(Record, error) bool
	// line is the line the walk has reached.
	line int
	// The record being gathered: its text, the line of its first
	// non-space character (0 before it), whether it has a link and the
	// link's target.
	buf    strings.Builder
	start  int
	linked bool
	href   string
}

// walk visits the children of the nodes of s in document order. It returns
// false when yield does.
func (w *linkedWalker) walk(s *goquery.Selection) bool {
	for _, c := range s.Contents().EachIter() {
		switch goquery.NodeName(c) {
		case "#text":
			w.text(c.Text())
		case "br":
			if !w.flush() {
				return false
			}
		case "a":
			if !w.linked {
				w.href, w.linked = c.AttrOr("href", ""), true
			}
			if !w.walk(c) {
				return false
			}
		case "#comment", "script", "style", "title":
		default:
			if !w.walk(c) {
				return false
			}
		}
	}
	return true
}

// text adds a text node to the record.
func (w *linkedWalker) text(t string) {
	if w.start == 0 {
		if i := strings.IndexFunc(t, func(r rune) bool { return !strings.ContainsRune(" \t\r\n\f", r) }); i >= 0 {
			w.start = w.line + strings.Count(t[:i], "\n")
		}
	}
	w.line += strings.Count(t, "\n")
	w.buf.WriteString(t)
}

// flush reads the gathered record, if it has any text, and starts the next.
// It returns false when yield does.
func (w *linkedWalker) flush() bool {
	text, start, linked, href := w.buf.String(), w.start, w.linked, w.href
	w.buf.Reset()
	w.start, w.linked, w.href = 0, false, ""
	if start == 0 {
		return true
	}
	g, err := w.l.game(start, text, linked, href)
	return w.l.emit(w.yield, start, g, err)
}
