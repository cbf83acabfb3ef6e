package event

import (
	"strconv"
	"time"
)

// jst is Japan Standard Time (UTC+9, no daylight saving).
var jst = time.FixedZone("JST", 9*60*60)

// JST returns Japan Standard Time (UTC+9, no daylight saving), the time
// zone of the hour in a Tenhou log id.
func JST() *time.Location { return jst }

// TenhouID is a Tenhou log id, such as 2016022509gm-0009-0000-b327da61
// (docs/tenhou-formats.md §0.3): the hour the game started (Japan time), "gm",
// the GO type in four hex digits, the lobby (four digits, five for
// tournament lobbies) and eight hex digits.
type TenhouID struct {
	// ID is the log id, its last group decoded when it was written in the
	// obfuscated x-form.
	ID string
	// Start is the hour the game started.
	Start time.Time
	// Type is the GO type, Lobby the lobby number.
	Type, Lobby int
	// Obfuscated says that the id was found in its x-form.
	Obfuscated bool
}

// FindTenhouID returns the first Tenhou log id in s (a file name such as
// "abc__2010030412gm-00e1-0000-4a275c59_tw_0.mjlog", a URL), or false. The
// id must be whole: its date and hour valid, not run into other digits or
// hex letters on either side.
func FindTenhouID(s string) (TenhouID, bool) {
	for i := 0; i+len("2009010100gm-0000-0000-00000000") <= len(s); i++ {
		if s[i] < '0' || s[i] > '9' || (i > 0 && isAlnum(s[i-1])) {
			continue
		}
		if id, n, ok := parseTenhouID(s[i:]); ok && (i+n == len(s) || !isAlnum(s[i+n])) {
			return id, true
		}
	}
	return TenhouID{}, false
}

// ParseTenhouID parses s as a whole Tenhou log id.
func ParseTenhouID(s string) (TenhouID, bool) {
	id, n, ok := parseTenhouID(s)
	if !ok || n != len(s) {
		return TenhouID{}, false
	}
	return id, true
}

// parseTenhouID parses the Tenhou log id that s starts with and returns its
// length.
func parseTenhouID(s string) (TenhouID, int, bool) {
	if len(s) < 31 || !digits(s[:10]) || s[10:13] != "gm-" || !hex(s[13:17]) || s[17] != '-' {
		return TenhouID{}, 0, false
	}
	year, _ := strconv.Atoi(s[0:4])
	month, _ := strconv.Atoi(s[4:6])
	day, _ := strconv.Atoi(s[6:8])
	hour, _ := strconv.Atoi(s[8:10])
	if year < 2006 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 {
		return TenhouID{}, 0, false
	}
	start := time.Date(year, time.Month(month), day, hour, 0, 0, 0, jst)
	if start.Day() != day { // 31 February
		return TenhouID{}, 0, false
	}
	p := 18
	q := p
	for q < len(s) && q-p < 5 && s[q] >= '0' && s[q] <= '9' {
		q++
	}
	if q-p < 4 || q >= len(s) || s[q] != '-' {
		return TenhouID{}, 0, false
	}
	lobby, _ := strconv.Atoi(s[p:q])
	typ, _ := strconv.ParseInt(s[13:17], 16, 32)
	id := TenhouID{Start: start, Type: int(typ), Lobby: lobby}
	r := q + 1
	switch {
	case len(s) >= r+13 && s[r] == 'x' && hex(s[r+1:r+13]):
		last, ok := deobfuscate(s[:10], s[r+1:r+13])
		if !ok {
			return TenhouID{}, 0, false
		}
		id.ID, id.Obfuscated = s[:r]+last, true
		return id, r + 13, true
	case len(s) >= r+8 && hex(s[r:r+8]):
		id.ID = s[:r+8]
		return id, r + 8, true
	}
	return TenhouID{}, 0, false
}

// obfuscationTable is the table of Tenhou's id obfuscation (§0.3).
var obfuscationTable = [34]uint16{
	22136, 52719, 55146, 42104, 59591, 46934, 9248, 28891, 49597, 52974,
	62844, 4015, 18311, 50730, 43056, 17939, 64838, 38145, 27008, 39128,
	35652, 63407, 65535, 23473, 35164, 55230, 27536, 4386, 64920, 29075,
	42617, 17294, 18868, 2081,
}

// deobfuscate decodes the 12 hex digits of an x-form id's last group, given
// the id's first ten digits (date and hour), into the 8 hex digits of the
// real id.
func deobfuscate(date, x string) (string, bool) {
	v, err := strconv.ParseUint(x, 16, 64)
	if err != nil {
		return "", false
	}
	a, b, c := uint16(v>>32), uint16(v>>16), uint16(v)
	k := 0
	if date+"gm" >= "2010041111gm" {
		n, _ := strconv.Atoi("3" + date[4:10])
		k = n % (33 - int(date[9]-'0'))
	}
	t := obfuscationTable[:]
	first := a ^ b ^ t[k]
	second := b ^ t[k] ^ c ^ t[k+1]
	return hex4(first) + hex4(second), true
}

func hex4(v uint16) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>12], digits[v>>8&15], digits[v>>4&15], digits[v&15]})
}

func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func hex(s string) bool {
	for i := range len(s) {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
