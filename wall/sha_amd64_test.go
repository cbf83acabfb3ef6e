package wall

import (
	"math/rand/v2"
	"testing"
)

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
