package majsoul

// A small JSON scanner for the error path: it finds where a document that
// fastjson rejected goes wrong, tells a document cut short (the input ends
// inside it) from one with a syntax error, and repairs a cut document so
// that its complete records can still be decoded.

// jframe is an open container of the scanned document.
type jframe struct {
	arr     bool
	lastEnd int // arrays: offset just after the last complete element (or the '[')
}

// maxDepth bounds the nesting the scanner follows.
const maxDepth = 4096

type jstate uint8

const (
	jValue jstate = iota // a value is expected
	jAfter               // after a value: ',' or a closing bracket
	jKey                 // an object key is expected
	jColon               // ':' is expected
	jDone                // the top-level value is complete
)

// scanJSON scans the document b[start:]. It returns the offset of the
// first error and whether the error is the end of the input (the document
// is cut short), with the containers open there; errOff is -1 when the
// document is valid.
func scanJSON(b []byte, start int) (errOff int, eof bool, stack []jframe) {
	state := jValue
	first := false // the container was just opened
	i := start
	for {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
		}
		if i == len(b) {
			if state == jDone {
				return -1, false, nil
			}
			return i, true, stack
		}
		c := b[i]
		done := false // a value ended at i
		switch state {
		case jDone:
			return i, false, stack
		case jValue:
			switch {
			case first && c == ']' && len(stack) > 0 && stack[len(stack)-1].arr:
				stack = stack[:len(stack)-1]
				i++
				done = true
			case c == '{' || c == '[':
				if len(stack) == maxDepth {
					return i, false, stack
				}
				stack = append(stack, jframe{arr: c == '[', lastEnd: i + 1})
				i++
				first = true
				if c == '{' {
					state = jKey
				}
				continue
			case c == '"':
				j, ok := skipString(b, i)
				if !ok {
					return j, j == len(b), stack
				}
				i, done = j, true
			case c == 't' || c == 'f' || c == 'n':
				lit := "null"
				if c == 't' {
					lit = "true"
				} else if c == 'f' {
					lit = "false"
				}
				j := 0
				for j < len(lit) && i+j < len(b) && b[i+j] == lit[j] {
					j++
				}
				if j < len(lit) {
					return i + j, i+j == len(b), stack
				}
				i, done = i+j, true
			case c == '-' || (c >= '0' && c <= '9'):
				j := i + 1
				for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == '.' || b[j] == 'e' || b[j] == 'E' || b[j] == '+' || b[j] == '-') {
					j++
				}
				if j == len(b) && len(stack) > 0 {
					return j, true, stack // the number may go on
				}
				i, done = j, true
			default:
				return i, false, stack
			}
		case jAfter:
			top := &stack[len(stack)-1]
			switch {
			case c == ',':
				i++
				first = false
				state = jValue
				if !top.arr {
					state = jKey
				}
				continue
			case (c == ']' && top.arr) || (c == '}' && !top.arr):
				stack = stack[:len(stack)-1]
				i++
				done = true
			default:
				return i, false, stack
			}
		case jKey:
			if first && c == '}' {
				stack = stack[:len(stack)-1]
				i++
				done = true
				break
			}
			if c != '"' {
				return i, false, stack
			}
			j, ok := skipString(b, i)
			if !ok {
				return j, j == len(b), stack
			}
			i = j
			state = jColon
			continue
		case jColon:
			if c != ':' {
				return i, false, stack
			}
			i++
			state = jValue
			first = false
			continue
		}
		if done {
			first = false
			if len(stack) == 0 {
				state = jDone
				continue
			}
			if top := &stack[len(stack)-1]; top.arr {
				top.lastEnd = i
			}
			state = jAfter
		}
	}
}

// skipString returns the offset after the string starting at b[i] (a
// '"'); ok is false when the string does not end (the offset is then
// len(b)) or holds a control character (the offset of it).
func skipString(b []byte, i int) (int, bool) {
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return j + 1, true
		case c == '\\':
			j++
		case c < 0x20:
			return j, false
		}
	}
	return len(b), false
}

// jsonError returns the offset of the first error of the document
// b[start:] and whether it is the end of the input.
func jsonError(b []byte, start int) (int, bool) {
	off, eof, _ := scanJSON(b, start)
	if off < 0 {
		return start, false
	}
	return off, eof
}

// repairJSON makes a valid document of one cut short: the outermost array
// left open (the list of records or actions) is closed after its last
// complete element, and every container around it is closed. It reports
// false when no array was open.
func repairJSON(b []byte, start int) ([]byte, bool) {
	off, eof, stack := scanJSON(b, start)
	if off < 0 || !eof {
		return nil, false
	}
	k := -1
	for i, f := range stack {
		if f.arr {
			k = i
			break
		}
	}
	if k < 0 {
		return nil, false
	}
	out := make([]byte, 0, stack[k].lastEnd-start+k+1)
	out = append(out, b[start:stack[k].lastEnd]...)
	out = append(out, ']')
	for i := k - 1; i >= 0; i-- {
		if stack[i].arr {
			out = append(out, ']')
		} else {
			out = append(out, '}')
		}
	}
	return out, true
}
