//go:build !amd64 || haifu_noavx512

package wall

// hasAVX512 and hasVBMI are false: the AVX-512 paths exist on amd64 only
// (sha_amd64.go, mt_amd64.go, base64_amd64.go), and the haifu_noavx512 build tag
// leaves them out there too.
const (
	hasAVX512 = false
	hasVBMI   = false
)

// hashChunksAVX512 is not reached off amd64 (hasAVX512 is false); it
// falls back to the general path.
func hashChunksAVX512(rnd *[rndWords]uint32, src *[srcWords]uint32, size int) {
	hashChunksGeneric(rnd, src, size)
}

// twistAVX512 is not reached off amd64 (hasAVX512 is false).
func twistAVX512(s *[mtN]uint32) { twistGeneric(s) }

// temperAVX512 is not reached off amd64 (hasAVX512 is false).
func temperAVX512(dst, src []uint32) { temper(dst, src) }

// decodeBase64Fast is decodeBase64 off amd64.
func decodeBase64Fast(key *[mtN]uint32, data string, _ impl) (bad uint32) {
	return decodeBase64(key, data)
}

// mtFirst16 is not reached off amd64 (hasAVX512 is false).
func mtFirst16(out, st, kj *uint32, n, words int, g0 *uint32) {
	panic("wall: mtFirst16 without AVX-512")
}
