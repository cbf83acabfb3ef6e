package wall

// UseAVX512 makes the fast paths use AVX-512 (and VBMI) when on is true
// and this machine has them, the pure-Go fast paths otherwise, as on a
// machine without AVX-512. It returns a function that restores the
// previous choice.
func UseAVX512(on bool) (restore func()) {
	avx, vbmi := hasAVX512, hasVBMI
	hasAVX512, hasVBMI = avx && on, vbmi && on
	return func() { hasAVX512, hasVBMI = avx, vbmi }
}
