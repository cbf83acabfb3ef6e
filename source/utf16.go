package source

import (
	"bytes"
	"io"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// utf16Order returns the byte order of a stream that starts with a UTF-16
// byte order mark (FF FE little-endian, FE FF big-endian), and false for
// any other start. UTF-16 is what Windows PowerShell's redirection (">",
// Out-File) writes: a log saved that way is text in another encoding, not
// another format.
func utf16Order(b []byte) (unicode.Endianness, bool) {
	switch {
	case len(b) >= 2 && b[0] == 0xff && b[1] == 0xfe:
		return unicode.LittleEndian, true
	case len(b) >= 2 && b[0] == 0xfe && b[1] == 0xff:
		return unicode.BigEndian, true
	}
	return unicode.BigEndian, false
}

// utf16Reader returns a reader of the UTF-8 form of the UTF-16 text whose
// first bytes head holds (all of them when eof) and whose rest r reads. The
// byte order mark is dropped; a lone surrogate or an odd last byte becomes
// U+FFFD, as every decoder of the standard does.
func utf16Reader(order unicode.Endianness, head []byte, eof bool, r io.Reader) io.Reader {
	var src io.Reader = bytes.NewReader(head)
	if !eof && r != nil {
		src = io.MultiReader(src, r)
	}
	return transform.NewReader(src, unicode.UTF16(order, unicode.ExpectBOM).NewDecoder())
}

// utf16Warning is the warning of a stream read from UTF-16 text.
func utf16Warning(order unicode.Endianness) string {
	name := "little-endian"
	if order == unicode.BigEndian {
		name = "big-endian"
	}
	return "the file is UTF-16 text (" + name + ", with a byte order mark, as Windows PowerShell writes it): read as UTF-8; offsets are those of its UTF-8 form"
}
