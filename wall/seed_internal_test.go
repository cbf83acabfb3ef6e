package wall

import (
	"encoding/base64"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestParseBase64Fast holds parseBase64 to parseBase64Ref: the same key
// on random seeds, and the same error (offset and reason) for a bad
// character at each position; and both decoders of parseBase64 (the
// scalar one and, on machines with AVX-512 VBMI, the vector one) to the
// same key and the same verdict.
func TestParseBase64Fast(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	raw := make([]byte, 4*base64Words)
	bad := []byte{'=', '-', '_', '.', ' ', 0, 0x80, 0xff, '@', '[', '`', '{', '/' + 0, '+' - 1}
	for round := range 200 {
		for i := range raw {
			raw[i] = byte(r.Uint32())
		}
		text := prefixBase64 + base64.StdEncoding.EncodeToString(raw)
		var fast, ref Seed
		fast.Form, ref.Form = FormBase64, FormBase64
		if e1, e2 := fast.parseBase64(text, len(prefixBase64), impl{}), ref.parseBase64Ref(text, len(prefixBase64)); e1 != nil || e2 != nil || fast != ref {
			t.Fatalf("round %d: %v, %v, or the keys differ", round, e1, e2)
		}
		checkDecoders(t, text[len(prefixBase64):], &ref.key)
		// A bad character somewhere (every position over the rounds).
		for _, pos := range []int{round, base64Chars - 1 - round, r.IntN(base64Chars), 16*r.IntN(base64Chars/16) + 15} {
			b := []byte(text)
			c := bad[r.IntN(len(bad))]
			if c == '/'+0 {
				continue // '/' is base64
			}
			b[len(prefixBase64)+pos] = c
			bt := string(b)
			fast, ref = Seed{}, Seed{}
			checkDecoders(t, bt[len(prefixBase64):], nil)
			e1, e2 := fast.parseBase64(bt, len(prefixBase64), impl{}), ref.parseBase64Ref(bt, len(prefixBase64))
			if !reflect.DeepEqual(e1, e2) || e1 == nil {
				t.Fatalf("round %d, %q at %d: %v, want %v", round, c, pos, e1, e2)
			}
		}
	}
}

// checkDecoders runs decodeBase64 and decodeBase64Fast on data: want is
// the key of a good seed, nil for a bad one.
func checkDecoders(t *testing.T, data string, want *[mtN]uint32) {
	t.Helper()
	var k1, k2 [mtN]uint32
	b1, b2 := decodeBase64(&k1, data)&0x80, decodeBase64Fast(&k2, data, impl{})&0x80
	switch {
	case want == nil && (b1 == 0 || b2 == 0):
		t.Fatalf("a bad character not found: scalar %#x, fast %#x", b1, b2)
	case want != nil && (b1 != 0 || b2 != 0 || k1 != *want || k2 != *want):
		t.Fatalf("scalar (%#x) or fast (%#x) decoder differs from the general path", b1, b2)
	}
}

// BenchmarkParseBase64 measures the reading of a base64 seed.
func BenchmarkParseBase64(b *testing.B) {
	raw := make([]byte, 4*base64Words)
	for i := range raw {
		raw[i] = byte(i * 7)
	}
	text := prefixBase64 + base64.StdEncoding.EncodeToString(raw)
	var s Seed
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			s.n = 0
			s.parseBase64(text, len(prefixBase64), impl{})
		}
	})
	b.Run("scalar", func(b *testing.B) {
		for b.Loop() {
			decodeBase64(&s.key, text[len(prefixBase64):])
		}
	})
	b.Run("general", func(b *testing.B) {
		for b.Loop() {
			s.n = 0
			s.parseBase64Ref(text, len(prefixBase64))
		}
	})
}
