package tenhou

import (
	"bytes"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/haifu/haifu/internal/corpus"
)

// referenceList is what cursor.list must do, written plainly: the value up
// to the first quote is a list of at most max numbers, each of one to nine
// digits with maybe a minus sign, separated by commas; an empty value is an
// empty list.
func referenceList(s string, max int) ([]int, int, bool) {
	q := strings.IndexByte(s, '"')
	if q < 0 {
		return nil, 0, false
	}
	if q == 0 {
		return nil, 1, true
	}
	fields := strings.Split(s[:q], ",")
	if len(fields) > max {
		return nil, 0, false
	}
	var xs []int
	for _, f := range fields {
		digits := strings.TrimPrefix(f, "-")
		if digits == "" || len(digits) > 9 || strings.Trim(digits, "0123456789") != "" {
			return nil, 0, false
		}
		x, _ := strconv.Atoi(f)
		xs = append(xs, x)
	}
	return xs, q + 1, true
}

// TestCursorList holds cursor.list to referenceList on hand-picked lists
// and on 200,000 random ones: numbers of every length up to eleven digits,
// signs, empty fields, other bytes, lists that end at the end of the input
// or just before it, and more numbers than the destination holds.
func TestCursorList(t *testing.T) {
	tests := []string{
		`"`, `1"`, `12,34"`, `1,234567890"`, `1,23456789"`, `-5,-10,7"`,
		`123,4567,8"`, `1,,2"`, `1,2,"`, `-"`, `1-2"`, `12345678,1"`,
		`1234567890"`, `1,2`, `1 ,2"`, `3,17,22,45,67,88,101,102,110,120,125,130,133" x`,
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		var sb strings.Builder
		n := rng.IntN(16)
		for i := range n {
			if i > 0 {
				sb.WriteByte(',')
			}
			if rng.IntN(8) == 0 {
				sb.WriteByte('-')
			}
			digits := 1 + rng.IntN(3)
			if rng.IntN(6) == 0 {
				digits = rng.IntN(12)
			}
			for range digits {
				sb.WriteByte(byte('0' + rng.IntN(10)))
			}
			if rng.IntN(60) == 0 {
				sb.WriteByte(" x/"[rng.IntN(3)])
			}
		}
		if rng.IntN(20) > 0 {
			sb.WriteByte('"')
		}
		sb.WriteString(` who="1"/>`[:rng.IntN(11)])
		tests = append(tests, sb.String())
	}
	for _, s := range tests {
		for _, max := range []int{13, 4} {
			want, wantEnd, wantOK := referenceList(s, max)
			dst := make([]int, max)
			c := cursor{b: []byte(s), ok: true}
			n := c.list(dst)
			if c.ok != wantOK || c.ok && (c.p != wantEnd || !equalInts(dst[:n], want)) {
				t.Fatalf("list(%q) with room for %d: %v, ok %v, end %d; want %v, ok %v, end %d", s, max, dst[:n], c.ok, c.p, want, wantOK, wantEnd)
			}
		}
	}
}

// referenceValueList is what valueList must do, written plainly: the value
// is a list of at most max numbers separated by commas, each of one to nine
// digits with maybe a sign, spaces around it; a value of spaces only is an
// empty list. It returns the numbers before the first field that is not
// such a number or is one too many, and the fault there.
func referenceValueList(v string, max int) ([]int, listFault) {
	const spaces = " \t\r\n"
	if strings.Trim(v, spaces) == "" {
		return nil, 0
	}
	var xs []int
	for i, f := range strings.Split(v, ",") {
		f = strings.Trim(f, spaces)
		digits := f
		if f != "" && (f[0] == '-' || f[0] == '+') {
			digits = f[1:]
		}
		if digits == "" || len(digits) > 9 || strings.Trim(digits, "0123456789") != "" {
			return xs, listNotInteger
		}
		if i == max {
			return xs, listTooMany
		}
		x, _ := strconv.Atoi(f)
		xs = append(xs, x)
	}
	return xs, 0
}

// TestValueList holds valueList, the general path's reading of a list, to
// referenceValueList on hand-picked values and on 200,000 random ones:
// numbers of every length up to eleven digits, signs, spaces of each kind
// and other bytes around them, empty fields, and more numbers than the
// destination holds.
func TestValueList(t *testing.T) {
	tests := []string{
		"", " ", "\t\r\n ", "1", " 1 ", "+1", "-1", "+", "-", "- 1", "1 2", "1,", ",1", "1,,2",
		"1, 2 ,3", "123456789", "1234567890", "0000000001", "-123456789,+123456789",
		`1"`, "1'", "1\v", "\v1", "12345678,12345678,1", "250,250,240,250",
		"0,1,2,4,5,6,8,9,10,12,13,14,108", "1,2,3,4,5,6,7,8,9,10,11,12,13,14",
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		var sb strings.Builder
		n := rng.IntN(16)
		for i := range n {
			if i > 0 {
				sb.WriteByte(',')
			}
			for rng.IntN(10) == 0 {
				sb.WriteByte(" \t\r\n\vx"[rng.IntN(6)])
			}
			if rng.IntN(8) == 0 {
				sb.WriteByte("-+"[rng.IntN(2)])
			}
			digits := 1 + rng.IntN(3)
			if rng.IntN(6) == 0 {
				digits = rng.IntN(12)
			}
			for range digits {
				sb.WriteByte(byte('0' + rng.IntN(10)))
			}
			for rng.IntN(10) == 0 {
				sb.WriteByte(" \t\r\n\"'"[rng.IntN(6)])
			}
		}
		tests = append(tests, sb.String())
	}
	for _, s := range tests {
		for _, max := range []int{13, 4} {
			want, wantFault := referenceValueList(s, max)
			dst := make([]int, max)
			n, fault := valueList([]byte(s), dst)
			if fault != wantFault || !equalInts(dst[:n], want) {
				t.Fatalf("valueList(%q) with room for %d: %v, fault %d; want %v, fault %d", s, max, dst[:n], fault, want, wantFault)
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// BenchmarkCursorList reads every number list of the corpus's mjlogs
// (hands, melds, scores, yaku, seeds and so on, found by a regular
// expression), one cursor.list call each; the figure to watch is
// ns/number.
func BenchmarkCursorList(b *testing.B) {
	docs, _ := corpus.ReadAll(b, "mjlog/*")
	re := regexp.MustCompile(`(?:hai\d?|sc|m|ten|yaku|seed|doraHai)="([-0-9,]+)"`)
	var buf bytes.Buffer
	var offs []int
	for _, data := range docs {
		for _, m := range re.FindAllSubmatchIndex(data, -1) {
			offs = append(offs, buf.Len())
			buf.Write(data[m[2]:m[3]])
			buf.WriteString(`" `)
		}
	}
	doc := buf.Bytes()
	var dst [64]int
	nums := 0
	for b.Loop() {
		nums = 0
		for _, o := range offs {
			c := cursor{b: doc, p: o, ok: true}
			nums += c.list(dst[:])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*nums), "ns/number")
}

// TestParseDecimal holds parseDecimal to strconv.ParseFloat: the same
// value, or an error for both, for hand-picked numbers and 100,000 random
// ones.
func TestParseDecimal(t *testing.T) {
	tests := []string{
		"1500", "1534.56", "0", "0.0", ".5", "5.", ".", "", " 1500 ", "-5",
		"1e3", "NaN", "1.2.3", "12a", "999999999999999", "9999999999999999",
		"0.000000000000001", "123456789.123456", "1_000", "+7", "1,5",
		"-15.0", "-0", "-0.0", "--5", "-", "-.5", "- 5", " -5", "-999999999999999",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		n := rng.IntN(17) + 1
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789"[rng.IntN(10)]
		}
		if n > 1 && rng.IntN(4) > 0 {
			b[rng.IntN(n)] = '.'
		}
		if rng.IntN(3) == 0 {
			b = append([]byte{'-'}, b...)
		}
		tests = append(tests, string(b))
	}
	for _, s := range tests {
		want, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		got, ok := parseDecimal([]byte(s))
		if ok != (err == nil) || ok && math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("parseDecimal(%q) = %v, %v; strconv gives %v, %v", s, got, ok, want, err)
		}
	}
}
