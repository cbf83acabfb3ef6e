package archive

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// ErrLogID is the error wrapped when a string is not a Tenhou log id.
var ErrLogID = errors.New("not a Tenhou log id")

// japanTime is the zone of every time in a Tenhou listing or log id
// (Japan Standard Time, UTC+9, no daylight saving). It is never modified.
var japanTime = time.FixedZone("JST", 9*60*60)

// LogID is a parsed Tenhou log id, YYYYMMDDHHgm-TTTT-LLLL-KKKKKKKK
// (TENHOU-FORMATS.md §0.3). Its zero value is "no id".
type LogID struct {
	// Text is the id as written.
	Text string
	// Hour is the start date and hour the id carries (YYYYMMDDHH), in Japan
	// time.
	Hour time.Time
	// Type is the GO type bit set: the TTTT group read as hexadecimal.
	Type int
	// Lobby is the LLLL group as written: "0000" for the public lobby, four
	// digits for a private lobby (L2873), five for a tournament lobby
	// ("10431" for C0431).
	Lobby string
	// Key is the last group as written: eight hexadecimal digits, or, in
	// the obfuscated form, "x" and twelve hexadecimal digits.
	Key string
}

// IsZero reports whether id is the zero LogID (no id).
func (id LogID) IsZero() bool { return id.Text == "" }

// String returns the id as written.
func (id LogID) String() string { return id.Text }

// Obfuscated reports whether the id is in the x-form, which Tenhou's web
// client decodes before it asks for the log.
func (id LogID) Obfuscated() bool { return len(id.Key) > 0 && id.Key[0] == 'x' }

// LobbyName returns the lobby as the listings write it: "" for the public
// lobby, "L" and four digits for a private lobby, "C" and four digits for a
// tournament lobby (a five-digit group starting with 1). The C mapping is
// TENHOU-FORMATS.md's inference; the scf listing of the corpus agrees (its
// C0431 lines link to ids with lobby 10431).
func (id LogID) LobbyName() string {
	switch {
	case id.Lobby == "" || id.Lobby == "0000":
		return ""
	case len(id.Lobby) == 5 && id.Lobby[0] == '1':
		return "C" + id.Lobby[1:]
	default:
		return "L" + id.Lobby
	}
}

// Plain returns the id in the form Tenhou serves it under: the id itself
// when it is not obfuscated, else the decoded one (see Deobfuscate).
func (id LogID) Plain() LogID {
	if !id.Obfuscated() {
		return id
	}
	key := deobfuscateKey(id.Text[:12], id.Key[1:])
	text := id.Text[:len(id.Text)-len(id.Key)] + key
	return LogID{Text: text, Hour: id.Hour, Type: id.Type, Lobby: id.Lobby, Key: key}
}

// ParseLogID parses a Tenhou log id, plain or obfuscated. The date and hour
// must be a real one; the type has four hexadecimal digits, the lobby four
// or five decimal digits, the key eight hexadecimal digits or "x" and
// twelve. The error wraps ErrLogID.
func ParseLogID(s string) (LogID, error) {
	bad := func(why string) (LogID, error) {
		return LogID{}, fmt.Errorf("%w: %q: %s", ErrLogID, s, why)
	}
	// 2016022509gm-0009-0000-b327da61: 12 + 1 + 4 + 1 + (4 or 5) + 1 + (8 or 13).
	if len(s) < 31 || len(s) > 37 {
		return bad("wrong length")
	}
	if s[10:13] != "gm-" || s[17] != '-' {
		return bad("not YYYYMMDDHHgm-TTTT-…")
	}
	if !allDigits(s[:10]) {
		return bad("date and hour are not digits")
	}
	hour, err := time.ParseInLocation("2006010215", s[:10], japanTime)
	if err != nil {
		return bad("no such date and hour")
	}
	if !allHex(s[13:17]) {
		return bad("type is not four hexadecimal digits")
	}
	typ, _ := strconv.ParseUint(s[13:17], 16, 16)
	rest := s[18:]
	dash := -1
	for i := 0; i < len(rest); i++ {
		if rest[i] == '-' {
			dash = i
			break
		}
	}
	if dash < 4 || dash > 5 || !allDigits(rest[:dash]) {
		return bad("lobby is not four or five digits")
	}
	lobby, key := rest[:dash], rest[dash+1:]
	switch {
	case len(key) == 8 && allLowerHex(key):
	case len(key) == 13 && key[0] == 'x' && allLowerHex(key[1:]):
	default:
		return bad("key is not eight hexadecimal digits or x and twelve")
	}
	return LogID{Text: s, Hour: hour, Type: int(typ), Lobby: lobby, Key: key}, nil
}

// Deobfuscate returns the plain form of a log id: an obfuscated id
// (2017022002gm-000b-2873-xc0294a92421e) decoded as Tenhou's web client does
// before it downloads the log (2017022002gm-000b-2873-fb28df66), a plain id
// unchanged. The error wraps ErrLogID.
func Deobfuscate(s string) (string, error) {
	id, err := ParseLogID(s)
	if err != nil {
		return "", err
	}
	return id.Plain().Text, nil
}

// obfuscationTable is the table of TENHOU-FORMATS.md §0.3. It is never
// modified.
var obfuscationTable = [34]uint16{
	22136, 52719, 55146, 42104, 59591, 46934, 9248, 28891, 49597,
	52974, 62844, 4015, 18311, 50730, 43056, 17939, 64838, 38145, 27008,
	39128, 35652, 63407, 65535, 23473, 35164, 55230, 27536, 4386, 64920,
	29075, 42617, 17294, 18868, 2081,
}

// deobfuscateKey decodes the twelve hexadecimal digits of an obfuscated
// key; head is the id's first group (YYYYMMDDHHgm), which selects the
// table entry. The caller has checked both.
func deobfuscateKey(head, digits string) string {
	k := 0
	if head >= "2010041111gm" {
		// int("3" + MMDDHH) mod (33 - last digit of the hour).
		n, _ := strconv.Atoi("3" + head[4:10])
		k = n % (33 - int(head[9]-'0'))
	}
	a, _ := strconv.ParseUint(digits[0:4], 16, 16)
	b, _ := strconv.ParseUint(digits[4:8], 16, 16)
	c, _ := strconv.ParseUint(digits[8:12], 16, 16)
	t0, t1 := uint64(obfuscationTable[k]), uint64(obfuscationTable[k+1])
	first := (a ^ b ^ t0) & 0xffff
	second := (b ^ t0 ^ c ^ t1) & 0xffff
	return fmt.Sprintf("%04x%04x", first, second)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return len(s) > 0
}

func allLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return len(s) > 0
}
