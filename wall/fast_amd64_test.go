package wall

import (
	"math/rand/v2"
	"testing"
)

// Tests of the amd64-only fast paths beyond those the other tests run on
// every machine.

// TestHashNoBMI2 holds the AVX-512 path of a machine without BMI2 (the
// ninth chunk with crypto/sha512 instead of sha512x9's scalar lane) to
// crypto/sha512.
func TestHashNoBMI2(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	defer func(b bool) { hasBMI2 = b }(hasBMI2)
	hasBMI2 = false
	r := rand.New(rand.NewPCG(13, 14))
	var src [srcWords]uint32
	for range 200 {
		for i := range src {
			src[i] = r.Uint32()
		}
		checkHash(t, &src)
	}
}

// TestShuffleJ holds shuffleJ's swap indexes to i + rnd[i] % (size − i)
// for every divisor of both walls on the numerators where a quotient in
// double precision could go wrong: multiples of the divisor and their
// neighbours over the whole 32-bit range, 0, 2³¹ and 2³²−1.
func TestShuffleJ(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	r := rand.New(rand.NewPCG(15, 16))
	for k, size := range []int{Size4, Size3} {
		for trial := range 20000 {
			var rnd [rndWords]uint32
			for i := range size - 1 {
				d := uint32(size - i)
				switch q := ^uint32(0) / d; trial % 5 {
				case 0:
					rnd[i] = []uint32{0, 1 << 31, ^uint32(0), d - 1, d, d + 1, q * d, q*d - 1}[(trial/5+i)%8]
				case 1:
					rnd[i] = r.Uint32N(q+1) * d
				case 2:
					rnd[i] = r.Uint32N(q+1)*d - 1
				case 3:
					rnd[i] = (q-r.Uint32N(1000))*d + d - 1
				default:
					rnd[i] = r.Uint32()
				}
			}
			var js [rndWords]uint8
			shuffleJ(&js[0], &rnd[0], modTables[k], (size-1+7)/8)
			for i := range size - 1 {
				if want := i + int(rnd[i]%uint32(size-i)); int(js[i]) != want {
					t.Fatalf("size %d: rnd[%d] = %d: j = %d, want %d", size, i, rnd[i], js[i], want)
				}
			}
		}
	}
}
