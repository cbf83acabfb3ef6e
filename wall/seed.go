package wall

import (
	"strconv"
	"strings"
)

// Form is the form of a wall seed, which decides the generator and the
// dead-wall layout (see the package documentation).
type Form uint8

// The seed forms.
const (
	// FormNone: the log records no seed (no SHUFFLE, an empty one, or a
	// format without seeds).
	FormNone Form = iota
	// FormBase64: SHUFFLE seed="mt19937ar-sha512-n288-base64,…", 624 key
	// words in base64 (from 2010 on).
	FormBase64
	// FormHex: SHUFFLE seed="mt19937ar-sha512-n288,…", 32 key words in hex
	// (late 2009).
	FormHex
	// FormPerHand: no SHUFFLE; each INIT carries shuffle="mt19937ar,…",
	// 8 (or 32) key words in hex for that hand alone (early 2009).
	FormPerHand
	// FormOther: a seed that does not name Tenhou's generator (logs
	// written by other servers or test harnesses); nothing can be checked.
	FormOther
	// FormPaishan: no seed, but the log records each hand's wall itself
	// (Mahjong Soul's paishan, event.Round.Wall), which its play is
	// checked against (recorded.go).
	FormPaishan
	numForms
)

var formNames = [numForms]string{"none", "base64", "hex", "per_hand", "other", "paishan"}

// String returns "none", "base64", "hex", "per_hand", "other" or
// "paishan".
func (f Form) String() string {
	if f >= numForms {
		return "Form(" + strconv.Itoa(int(f)) + ")"
	}
	return formNames[f]
}

// Swapped reports whether the form's walls have the dead-wall pairs swapped
// (the hex and per-hand forms of 2009, docs/tenhou-formats.md §3.4).
func (f Form) Swapped() bool { return f == FormHex || f == FormPerHand }

// The generator names that start Tenhou's seeds, up to and including the
// comma.
const (
	prefixBase64  = "mt19937ar-sha512-n288-base64,"
	prefixHex     = "mt19937ar-sha512-n288,"
	prefixPerHand = "mt19937ar,"
	// tenhouFamily starts every seed of Tenhou's generator.
	tenhouFamily = "mt19937ar"
)

// Key lengths of the three forms, in 32-bit words.
const (
	base64Words  = mtN
	base64Chars  = base64Words * 4 * 4 / 3 // 3328 characters
	hexWords     = 32
	perHandWords = 8 // or hexWords: some 2009 logs have 32
)

// Seed is a parsed wall seed: its form and the key words for MT19937's
// init_by_array. The zero Seed has FormNone and cannot generate walls.
type Seed struct {
	Form Form
	key  [mtN]uint32
	n    int
}

// Key returns the key words. The slice aliases s.
func (s *Seed) Key() []uint32 { return s.key[:s.n] }

// SeedError is a seed that cannot be read.
type SeedError struct {
	// Text is the seed, cut to its first 48 bytes.
	Text string
	// Form is the form the seed's generator name announces, or FormNone
	// when it names no known form.
	Form Form
	// Foreign: the seed does not name Tenhou's generator family (its text
	// does not start with "mt19937ar"). Such a seed only means the log was
	// not written by Tenhou's server; a Tenhou seed that cannot be read is
	// a damaged log.
	Foreign bool
	// Offset is the byte offset in the seed of the problem, or -1.
	Offset int
	// Reason says what is wrong.
	Reason string
}

// Error returns `wall seed "…": offset N: reason`.
func (e *SeedError) Error() string {
	s := "wall seed " + strconv.Quote(e.Text)
	if e.Offset >= 0 {
		s += ": offset " + strconv.Itoa(e.Offset)
	}
	return s + ": " + e.Reason
}

// ParseSeed reads a seed: the SHUFFLE seed of an mjlog document
// ("mt19937ar-sha512-n288-base64,…" or "mt19937ar-sha512-n288,…") or the
// shuffle attribute of a 2009 INIT ("mt19937ar,…"). The error is a
// *SeedError.
func ParseSeed(text string) (Seed, error) {
	var s Seed
	err := s.Parse(text)
	return s, err
}

// Parse sets s to the seed text (see ParseSeed). On error s is the zero
// Seed. Parse does not allocate unless it fails.
func (s *Seed) Parse(text string) error { return s.parse(text, impl{}) }

// parse is Parse with the implementation im.
func (s *Seed) parse(text string, im impl) error {
	s.Form, s.n = FormNone, 0
	var err *SeedError
	switch {
	case strings.HasPrefix(text, prefixBase64):
		s.Form = FormBase64
		err = s.parseBase64(text, len(prefixBase64), im)
	case strings.HasPrefix(text, prefixHex):
		s.Form = FormHex
		err = s.parseHex(text, len(prefixHex), hexWords, hexWords)
	case strings.HasPrefix(text, prefixPerHand):
		s.Form = FormPerHand
		// 8 words, or 32 in some 2009 logs.
		err = s.parseHex(text, len(prefixPerHand), perHandWords, hexWords)
	case text == "":
		err = &SeedError{Offset: -1, Reason: "empty seed"}
	case strings.HasPrefix(text, tenhouFamily):
		name := text
		if i := strings.IndexByte(text, ','); i >= 0 {
			name = text[:i]
		}
		err = &SeedError{Offset: 0, Reason: "unknown generator " + strconv.Quote(name[:min(len(name), 48)])}
	default:
		err = &SeedError{Foreign: true, Offset: 0, Reason: "not a seed of Tenhou's generator (mt19937ar…)"}
	}
	if err != nil {
		err.Form = s.Form
		err.Text = text[:min(len(text), 48)]
		*s = Seed{}
		return err
	}
	return nil
}

// parseBase64 reads the 3328 base64 characters of text[at:] as 624
// little-endian words: 16 characters (12 bytes, 3 words) at a time, the
// characters checked once at the end. A bad character is reported as
// parseBase64Ref, the general path, reports it.
func (s *Seed) parseBase64(text string, at int, im impl) *SeedError {
	data := text[at:]
	if len(data) != base64Chars {
		return &SeedError{Offset: at, Reason: strconv.Itoa(len(data)) + " base64 characters, want " + strconv.Itoa(base64Chars)}
	}
	if im.general || decodeBase64Fast(&s.key, data, im)&0x80 != 0 {
		// Report the first bad character as the general path does.
		return s.parseBase64Ref(text, at)
	}
	s.n = base64Words
	return nil
}

// decodeBase64 decodes the 3328 base64 characters of data into key and
// returns the OR of their values, whose bit 7 is set when one of them is
// not base64 (key is then garbage).
func decodeBase64(key *[mtN]uint32, data string) (bad uint32) {
	out := key[:base64Words]
	for ; len(data) >= 16 && len(out) >= 3; data, out = data[16:], out[3:] {
		x := uint64(data[0]) | uint64(data[1])<<8 | uint64(data[2])<<16 | uint64(data[3])<<24 |
			uint64(data[4])<<32 | uint64(data[5])<<40 | uint64(data[6])<<48 | uint64(data[7])<<56
		g0, b0 := base64Group(uint32(x))
		g1, b1 := base64Group(uint32(x >> 32))
		out[0] = g0 | g1<<24
		x = uint64(data[8]) | uint64(data[9])<<8 | uint64(data[10])<<16 | uint64(data[11])<<24 |
			uint64(data[12])<<32 | uint64(data[13])<<40 | uint64(data[14])<<48 | uint64(data[15])<<56
		g2, b2 := base64Group(uint32(x))
		out[1] = g1>>8 | g2<<16
		g3, b3 := base64Group(uint32(x >> 32))
		out[2] = g2>>16 | g3<<8
		bad |= b0 | b1 | b2 | b3
	}
	return bad
}

// base64Group returns the three bytes the four base64 characters of c
// (the first in the low bits) give, the first in the low bits, and the OR
// of the characters' values, whose bit 7 is set when one of them is not
// base64.
func base64Group(c uint32) (le, bad uint32) {
	a, b, cc, d := uint32(base64Values[byte(c)]), uint32(base64Values[byte(c>>8)]), uint32(base64Values[byte(c>>16)]), uint32(base64Values[c>>24])
	v := a<<18 | b<<12 | cc<<6 | d
	return v>>16 | v&0xff00 | (v&0xff)<<16, a | b | cc | d
}

// parseBase64Ref is parseBase64 one character at a time, the general path
// it is held to.
func (s *Seed) parseBase64Ref(text string, at int) *SeedError {
	data := text[at:]
	if len(data) != base64Chars {
		return &SeedError{Offset: at, Reason: strconv.Itoa(len(data)) + " base64 characters, want " + strconv.Itoa(base64Chars)}
	}
	// Every 4 characters give 3 bytes; the bytes, read 4 at a time, give
	// little-endian words.
	var acc uint64 // pending bytes, the oldest in the low bits
	nbytes := 0
	for i := 0; i < len(data); i += 4 {
		var v uint32
		for k := range 4 {
			d := uint32(base64Values[data[i+k]])
			if d == 0xff {
				return &SeedError{Offset: at + i + k, Reason: "character " + strconv.QuoteRune(rune(data[i+k])) + " is not base64"}
			}
			v = v<<6 | d
		}
		// v holds bytes b0 b1 b2 from the high end.
		acc |= uint64(v>>16&0xff|v&0xff00|(v&0xff)<<16) << (8 * nbytes)
		nbytes += 3
		if nbytes >= 4 {
			s.key[s.n] = uint32(acc)
			s.n++
			acc >>= 32
			nbytes -= 4
		}
	}
	return nil
}

// base64Values maps a byte to its value in the standard base64 alphabet,
// or 0xff.
const base64Values = "" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x3e\xff\xff\xff\x3f" +
	"\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\xff\xff\xff\xff\xff\xff" +
	"\xff\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e" +
	"\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\xff\xff\xff\xff\xff" +
	"\xff\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21\x22\x23\x24\x25\x26\x27\x28" +
	"\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"

// parseHex reads text[at:] as comma-separated hex words of 1–8 digits:
// want or want2 of them.
func (s *Seed) parseHex(text string, at, want, want2 int) *SeedError {
	i := at
	for {
		start := i
		var v uint32
		for i < len(text) && text[i] != ',' {
			d, ok := hexValue(text[i])
			if !ok {
				return &SeedError{Offset: i, Reason: "character " + strconv.QuoteRune(rune(text[i])) + " is not a hex digit"}
			}
			if i-start == 8 {
				return &SeedError{Offset: start, Reason: "hex word longer than 8 digits"}
			}
			v = v<<4 | d
			i++
		}
		if i == start {
			return &SeedError{Offset: start, Reason: "empty hex word"}
		}
		if s.n == max(want, want2) {
			return &SeedError{Offset: start, Reason: "more than " + strconv.Itoa(max(want, want2)) + " hex words"}
		}
		s.key[s.n] = v
		s.n++
		if i == len(text) {
			break
		}
		i++ // the comma
	}
	if s.n != want && s.n != want2 {
		w := strconv.Itoa(want)
		if want2 != want {
			w += " or " + strconv.Itoa(want2)
		}
		return &SeedError{Offset: len(text), Reason: strconv.Itoa(s.n) + " hex words, want " + w}
	}
	return nil
}

// hexValue returns the value of a hex digit (either case).
func hexValue(c byte) (uint32, bool) {
	switch {
	case c >= '0' && c <= '9':
		return uint32(c - '0'), true
	case c >= 'a' && c <= 'f':
		return uint32(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return uint32(c-'A') + 10, true
	}
	return 0, false
}
