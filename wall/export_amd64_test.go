package wall

// UseAVX512 makes the fast paths use AVX-512 (and VBMI, BMI2) when on is
// true and this machine has them, the pure-Go fast paths otherwise, as on
// a machine without AVX-512. It returns a function that restores the
// previous choice.
func UseAVX512(on bool) (restore func()) {
	avx, vbmi, bmi2, best := hasAVX512, hasVBMI, hasBMI2, hashBest
	hasAVX512, hasVBMI, hasBMI2 = avx && on, vbmi && on, bmi2 && on
	hashBest = bestHash()
	return func() { hasAVX512, hasVBMI, hasBMI2, hashBest = avx, vbmi, bmi2, best }
}
