package tenhou

import (
	"bytes"

	"github.com/haifu/haifu/parser/format"
)

// rootName is the root element's name, which both its start tag and its
// end tag hold.
var rootName = []byte("mjloggm")

// frame is the framer of mjlog streams (see format.Framer). A game is one
// <mjloggm> document: from the end of the previous piece (for the first
// game, the start of the stream, with the markup before the root: a byte
// order mark, white space, comments, instructions) to the end of its
// </mjloggm> tag, or to the start of the next <mjloggm>
// when the end tag is missing, or to the end of the stream. Between and after
// documents, white space, comments and processing instructions are Space,
// console prompts (non-ASCII lines ending in ": ", which no Tenhou log
// holds) are Prompts, and anything else up to the next document is Junk;
// so is other text before the first root (it may be a log of another
// format, which the parser reads as such).
func frame(data []byte, first, atEOF bool) (int, format.Kind) {
	if !first {
		n, complete := skipMarkup(data)
		if !complete && !atEOF {
			return 0, format.More
		}
		if n > 0 {
			return n, format.Space
		}
		if n == len(data) {
			return 0, format.More // an empty window
		}
		if !bytes.HasPrefix(data, rootTag) {
			if len(data) < len(rootTag) && !atEOF {
				return 0, format.More
			}
			start, _ := nextTag(data, 0)
			if start < 0 && !atEOF {
				return 0, format.More
			}
			if start < 0 {
				start = len(data)
			}
			if onlyPrompts(data[:start]) {
				return start, format.Prompts
			}
			return start, format.Junk
		}
	}
	// A document: find its root, then its end tag or the next root.
	if root, _ := nextTag(data, 0); root >= 0 {
		if first && root > 0 {
			// Before the first root: a byte order mark, white space,
			// comments and instructions are part of the game; anything
			// else is a piece of its own (console prompts, or text
			// that the parser looks at: perhaps a log of another
			// format).
			bom := 0
			if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
				bom = 3
			}
			if n, _ := skipMarkup(data[bom:root]); bom+n < root {
				if onlyPrompts(data[:root]) {
					return root, format.Prompts
				}
				return root, format.Junk
			}
		}
		start, isEnd := nextTag(data, root+len(rootTag))
		switch {
		case start >= 0 && !isEnd:
			return start, format.Game // the next document starts: no end tag
		case start >= 0:
			if i := bytes.IndexByte(data[start:], '>'); i >= 0 {
				return start + i + 1, format.Game
			}
		}
	}
	return format.Rest(data, first, atEOF)
}

// nextTag finds, from data[from:], the first start tag "<mjloggm" or end tag
// "</mjloggm" of the root. It returns the offset of its '<' and whether it
// is an end tag, or -1. One search for the name finds both.
func nextTag(data []byte, from int) (int, bool) {
	for from < len(data) {
		i := bytes.Index(data[from:], rootName)
		if i < 0 {
			return -1, false
		}
		i += from
		switch {
		case i >= 1 && data[i-1] == '<':
			return i - 1, false
		case i >= 2 && data[i-1] == '/' && data[i-2] == '<':
			return i - 2, true
		}
		from = i + len(rootName)
	}
	return -1, false
}

// skipMarkup returns the length of the white space, comments and
// processing instructions that data starts with, and false when data ends
// inside a comment or instruction.
func skipMarkup(data []byte) (int, bool) {
	p := 0
	for {
		for p < len(data) && isSpace(data[p]) {
			p++
		}
		switch {
		case bytes.HasPrefix(data[p:], []byte("<!--")):
			i := bytes.Index(data[p+4:], []byte("-->"))
			if i < 0 {
				return p, false
			}
			p += 4 + i + 3
		case bytes.HasPrefix(data[p:], []byte("<?")):
			i := bytes.Index(data[p+2:], []byte("?>"))
			if i < 0 {
				return p, false
			}
			p += 2 + i + 2
		case len(data)-p < 4 && bytes.HasPrefix([]byte("<!--"), data[p:]) && p < len(data):
			return p, false // perhaps a comment's start
		default:
			return p, true
		}
	}
}

// onlyPrompts reports whether b holds nothing but console prompts (see
// removePrompts) and white space.
func onlyPrompts(b []byte) bool {
	if isASCII(b) {
		return false
	}
	clean, n := removePrompts(make([]byte, 0, 1+len(b)), append([]byte{'\n'}, b...))
	return n > 0 && len(bytes.TrimSpace(clean)) == 0
}
