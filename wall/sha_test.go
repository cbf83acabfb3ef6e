package wall

import (
	"crypto/sha512"
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// hashFunc is an implementation of the hashing step.
type hashFunc struct {
	name string
	f    func(rnd *[rndWords]uint32, src *[srcWords]uint32, size int)
}

func (h hashFunc) String() string { return h.name }

// hashFuncs are the implementations of the hashing step this machine
// runs, the general one first.
func hashFuncs() []hashFunc {
	fs := []hashFunc{{"generic", hashChunksGeneric}}
	if hasAVX512 {
		fs = append(fs, hashFunc{"avx512", hashChunksAVX512})
	}
	return fs
}

// checkHash compares every implementation of the hashing step with
// crypto/sha512 on src, in both player counts. Sanma leaves the unused
// digest's words as they were.
func checkHash(t testing.TB, src *[srcWords]uint32) {
	t.Helper()
	var block [chunk * 4]byte
	var want [rndWords]uint32
	for c := range srcWords / chunk {
		for k, x := range src[c*chunk : (c+1)*chunk] {
			binary.LittleEndian.PutUint32(block[4*k:], x)
		}
		sum := sha512.Sum512(block[:])
		for k := range 16 {
			want[16*c+k] = binary.LittleEndian.Uint32(sum[4*k:])
		}
	}
	for _, h := range hashFuncs() {
		for _, size := range []int{Size4, Size3} {
			var rnd [rndWords]uint32
			for i := range rnd {
				rnd[i] = 0xdeadbeef
			}
			h.f(&rnd, src, size)
			for i := range rnd {
				w := want[i]
				if size == Size3 && i/16 == unusedSanmaDigest {
					w = 0xdeadbeef
				}
				if rnd[i] != w {
					t.Fatalf("%s, size %d: rnd[%d] = %#08x, want %#08x", h.name, size, i, rnd[i], w)
				}
			}
		}
	}
}

// TestHashImpls holds the fast hashing paths to crypto/sha512 on random
// inputs and on inputs of all zero and all one bits.
func TestHashImpls(t *testing.T) {
	t.Logf("implementations: %v", hashFuncs())
	var src [srcWords]uint32
	checkHash(t, &src)
	for i := range src {
		src[i] = ^uint32(0)
	}
	checkHash(t, &src)
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		for i := range src {
			src[i] = r.Uint32()
		}
		checkHash(t, &src)
	}
}

// FuzzHash holds the fast hashing paths to crypto/sha512 on arbitrary
// inputs (the fuzzer's bytes repeated to fill the 288 words).
func FuzzHash(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{0xff, 0x80, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		var src [srcWords]uint32
		for i := range src {
			for k := range 4 {
				src[i] |= uint32(data[(4*i+k)%len(data)]) << (8 * k)
			}
		}
		checkHash(t, &src)
	})
}

// BenchmarkHash measures the hashing step of one hand per implementation.
func BenchmarkHash(b *testing.B) {
	var src [srcWords]uint32
	for i := range src {
		src[i] = uint32(i) * 2654435761
	}
	var rnd [rndWords]uint32
	for _, h := range hashFuncs() {
		for _, size := range []int{Size4, Size3} {
			b.Run(h.name+"-"+map[int]string{Size4: "4p", Size3: "3p"}[size], func(b *testing.B) {
				for b.Loop() {
					h.f(&rnd, &src, size)
				}
			})
		}
	}
}
