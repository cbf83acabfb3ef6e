//go:build !haifu_noavx512

package wall

// mtTwist16 renews n chunks of 16 state words at s: s[k] from s[k],
// s[k+1] and far[k] (see mt_amd64.s).
//
//go:noescape
func mtTwist16(s, far *uint32, n int)

// mtTemper16 tempers n chunks of 16 words of src into dst.
//
//go:noescape
func mtTemper16(dst, src *uint32, n int)

// twistAVX512 is twistGeneric with AVX-512: words 0–223 (which read the
// old words 397 on) and 227–610 (which read the renewed words 0 on) sixteen
// at a time, the others one by one.
func twistAVX512(s *[mtN]uint32) {
	const (
		a = (mtN - mtM) / 16 * 16    // 224: the first loop's vector part
		b = mtN - mtM                // 227: the second loop's start
		c = b + (mtN-1-b)/16*16 - 16 // 595: the start of its last full chunk
	)
	mtTwist16(&s[0], &s[mtM], a/16)
	for k := a; k < b; k++ {
		twistWord(s, k, k+mtM)
	}
	mtTwist16(&s[b], &s[0], (c+16-b)/16)
	for k := c + 16; k < mtN; k++ {
		twistWord(s, k, k+mtM-mtN)
	}
}

// temperAVX512 is temper for a multiple of 16 words.
func temperAVX512(dst, src []uint32) {
	if len(src) >= 16 {
		mtTemper16(&dst[:len(src)][0], &src[0], len(src)/16)
	}
}

// mtFirst16 starts sixteen generators with init_by_array and writes their
// first words outputs (see mt16_amd64.s).
//
//go:noescape
func mtFirst16(out, st, kj *uint32, n, words int, g0 *uint32)
