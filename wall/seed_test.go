package wall_test

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/wall"
)

// base64Seed returns a base64 SHUFFLE seed whose key words are key.
func base64Seed(key []uint32) string {
	b := make([]byte, 4*len(key))
	for i, k := range key {
		binary.LittleEndian.PutUint32(b[4*i:], k)
	}
	return "mt19937ar-sha512-n288-base64," + base64.StdEncoding.EncodeToString(b)
}

// keyOf returns n words 0x01000000*i + i, so that a byte-order mistake
// shows.
func keyOf(n int) []uint32 {
	k := make([]uint32, n)
	for i := range k {
		k[i] = 0x01000000*uint32(i) + uint32(i) + 0xa0b0c0d0
	}
	return k
}

// hexKey returns n key words of different lengths in hex.
func hexKey(n int) []uint32 {
	k := make([]uint32, n)
	for i := range k {
		k[i] = uint32(i) * 0x0f0f0f1 >> (i % 8 * 4)
	}
	return k
}

// hexWords writes hexKey(n) as hex words, alternately upper and lower case.
func hexWords(n int) string {
	var ws []string
	for i, k := range hexKey(n) {
		f := "%X"
		if i%2 == 1 {
			f = "%x"
		}
		ws = append(ws, fmt.Sprintf(f, k))
	}
	return strings.Join(ws, ",")
}

func TestParseSeed(t *testing.T) {
	hex32 := hexWords(32)
	good := []struct {
		name string
		text string
		form wall.Form
		key  []uint32
	}{
		{"base64", base64Seed(keyOf(624)), wall.FormBase64, keyOf(624)},
		{"hex", "mt19937ar-sha512-n288," + hex32, wall.FormHex, hexKey(32)},
		{"hex mixed case and short words", "mt19937ar-sha512-n288,0,fFfFfFfF,a" + strings.Repeat(",1", 29), wall.FormHex,
			append([]uint32{0, 0xffffffff, 0xa}, func() []uint32 {
				k := make([]uint32, 29)
				for i := range k {
					k[i] = 1
				}
				return k
			}()...)},
		{"per hand", "mt19937ar,C41242CB,F46A04D2,BFBCD73B,ED5E02E7,8F7D9B2C,6AD44D07,126EC045,3BD782A4", wall.FormPerHand,
			[]uint32{0xC41242CB, 0xF46A04D2, 0xBFBCD73B, 0xED5E02E7, 0x8F7D9B2C, 0x6AD44D07, 0x126EC045, 0x3BD782A4}},
		{"per hand, 32 words", "mt19937ar," + hex32, wall.FormPerHand, hexKey(32)},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			s, err := wall.ParseSeed(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if s.Form != tc.form {
				t.Errorf("form %v, want %v", s.Form, tc.form)
			}
			if d := cmp.Diff(tc.key, s.Key()); d != "" {
				t.Errorf("key (-want +got):\n%s", d)
			}
		})
	}

	b64 := base64Seed(keyOf(624))
	bad := []struct {
		name    string
		text    string
		foreign bool
		form    wall.Form
		offset  int
		reason  string
	}{
		{"empty", "", false, wall.FormNone, -1, "empty seed"},
		{"another generator", "0.7654626590555946", true, wall.FormNone, 0, "not a seed of Tenhou's"},
		{"unknown Tenhou generator", "mt19937ar-sha512-n289-base64,AAAA", false, wall.FormNone, 0, `unknown generator "mt19937ar-sha512-n289-base64"`},
		{"name alone", "mt19937ar", false, wall.FormNone, 0, "unknown generator"},
		{"base64 short", b64[:len(b64)-4], false, wall.FormBase64, 29, "3324 base64 characters, want 3328"},
		{"base64 long", b64 + "AAAA", false, wall.FormBase64, 29, "3332 base64 characters"},
		{"base64 padding", b64[:len(b64)-1] + "=", false, wall.FormBase64, len(b64) - 1, `character '=' is not base64`},
		{"base64 bad character", b64[:100] + "!" + b64[101:], false, wall.FormBase64, 100, `character '!' is not base64`},
		{"hex too few", "mt19937ar-sha512-n288,1,2", false, wall.FormHex, 25, "2 hex words, want 32"},
		{"hex 8 words", "mt19937ar-sha512-n288," + hexWords(8), false, wall.FormHex, -2, "8 hex words, want 32"},
		{"hex too many", "mt19937ar-sha512-n288," + hexWords(33), false, wall.FormHex, -2, "more than 32 hex words"},
		{"hex word too long", "mt19937ar-sha512-n288,123456789" + strings.Repeat(",1", 31), false, wall.FormHex, 22, "longer than 8 digits"},
		{"hex empty word", "mt19937ar-sha512-n288,1,,2", false, wall.FormHex, 24, "empty hex word"},
		{"hex trailing comma", "mt19937ar-sha512-n288," + hexWords(32) + ",", false, wall.FormHex, -2, "empty hex word"},
		{"hex bad digit", "mt19937ar-sha512-n288,12g4", false, wall.FormHex, 24, `character 'g' is not a hex digit`},
		{"per hand 9 words", "mt19937ar," + hexWords(9), false, wall.FormPerHand, -2, "9 hex words, want 8 or 32"},
		{"per hand empty", "mt19937ar,", false, wall.FormPerHand, 10, "empty hex word"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			s, err := wall.ParseSeed(tc.text)
			var se *wall.SeedError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a *SeedError", err)
			}
			if se.Foreign != tc.foreign || se.Form != tc.form || !strings.Contains(se.Reason, tc.reason) {
				t.Errorf("got Foreign %v, Form %v, Reason %q; want %v, %v, %q", se.Foreign, se.Form, se.Reason, tc.foreign, tc.form, tc.reason)
			}
			if tc.offset != -2 && se.Offset != tc.offset {
				t.Errorf("offset %d, want %d", se.Offset, tc.offset)
			}
			if s.Form != wall.FormNone || len(s.Key()) != 0 {
				t.Errorf("failed parse left form %v, %d key words", s.Form, len(s.Key()))
			}
			if !strings.HasPrefix(err.Error(), "wall seed ") || len(se.Text) > 48 {
				t.Errorf("error text %q (Text %q)", err, se.Text)
			}
		})
	}
}

func TestGeneratorStart(t *testing.T) {
	var gen wall.Generator
	var zero wall.Seed
	if err := gen.Start(&zero, 4); !errors.Is(err, wall.ErrNoSeed) {
		t.Errorf("zero seed: %v, want ErrNoSeed", err)
	}
	s, err := wall.ParseSeed(base64Seed(keyOf(624)))
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.Start(&s, 5); !errors.Is(err, wall.ErrPlayers) {
		t.Errorf("5 players: %v, want ErrPlayers", err)
	}
	// Skip(n) then Next gives the same wall as n+1 Nexts.
	var a, b wall.Wall
	for _, players := range []int{3, 4} {
		gen.Start(&s, players)
		for range 4 {
			gen.Next(&a)
		}
		gen.Start(&s, players)
		gen.Skip(3)
		gen.Next(&b)
		if a != b || gen.Hands() != 4 {
			t.Errorf("%dp: Skip(3)+Next differs from 4 Nexts (hands %d)", players, gen.Hands())
		}
	}
	// A per-hand seed gives its hand's wall on every Next.
	ph, err := wall.ParseSeed("mt19937ar,C41242CB,F46A04D2,BFBCD73B,ED5E02E7,8F7D9B2C,6AD44D07,126EC045,3BD782A4")
	if err != nil {
		t.Fatal(err)
	}
	gen.Start(&ph, 4)
	gen.Next(&a)
	gen.Next(&b)
	if a != b {
		t.Error("a per-hand seed gave two different walls")
	}
}
