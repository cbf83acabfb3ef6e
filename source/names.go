package source

import (
	"archive/zip"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// zipName returns the name of a zip member as UTF-8. A name whose header
// sets zip's UTF-8 flag, or that is valid UTF-8, is UTF-8; otherwise it is
// decoded as CP932 (Shift-JIS with Microsoft's extensions, what Japanese
// Windows tools write without setting the flag) where it decodes, else its
// invalid bytes are escaped (see validName).
func zipName(f *zip.File) string {
	name := f.Name
	if utf8.ValidString(name) || f.Flags&0x800 != 0 {
		return validName(name)
	}
	if s, ok := decodeCP932(name); ok {
		return s
	}
	return validName(name)
}

// decodeCP932 decodes s as CP932, and reports false when s is not valid
// CP932 (the decoder had to replace a byte).
func decodeCP932(s string) (string, bool) {
	out, err := japanese.ShiftJIS.NewDecoder().String(s)
	if err != nil || strings.ContainsRune(out, utf8.RuneError) || !utf8.ValidString(out) {
		return "", false
	}
	return out, true
}

// validName returns s with every byte that is not part of valid UTF-8
// written as \xNN, so that a name from a file system or an archive that is
// not UTF-8 stays readable, distinct and valid UTF-8 (Parquet string
// columns and DuckDB require it). A backslash itself is left as it is.
func validName(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			b.WriteString(`\x`)
			h := strconv.FormatUint(uint64(s[i]), 16)
			if len(h) < 2 {
				b.WriteByte('0')
			}
			b.WriteString(h)
			i++
			continue
		}
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}
