package wall

import (
	"crypto/sha512"
	"encoding/binary"
)

// The hashing step of the game-seed forms (docs/tenhou-formats.md §3.1 step 4):
// each of the nine 32-word chunks of src is hashed with SHA-512 and the
// digests, read as little-endian words, are rnd. A chunk is exactly one
// 128-byte block; SHA-512 pads it with a second block that is the same for
// every chunk, so the fast paths precompute that block's message schedule.
//
// Two implementations give the same rnd: hashChunksGeneric (crypto/sha512,
// the general path, which the tests hold the other to) and, on amd64 with
// AVX-512, hashChunksAVX512 (all nine chunks in one pass; see
// sha_amd64.go).

// hashChunks hashes the chunks of src into rnd: all nine, or in sanma
// (size Size3) all but unusedSanmaDigest, whose rnd words are left as they
// were. With AVX-512 it takes hashChunksAVX512 unless im chooses
// otherwise.
func hashChunks(rnd *[rndWords]uint32, src *[srcWords]uint32, size int, im impl) {
	if im.avx512() {
		hashChunksAVX512(rnd, src, size)
	} else {
		hashChunksGeneric(rnd, src, size)
	}
}

// hashChunksGeneric is the general path: crypto/sha512 on each chunk.
func hashChunksGeneric(rnd *[rndWords]uint32, src *[srcWords]uint32, size int) {
	for c := range srcWords / chunk {
		if c == unusedSanmaDigest && size == Size3 {
			// Sanma's shuffle takes rnd[0..106] and its dice rnd[135]
			// and rnd[136]: rnd[112..127] are not used.
			continue
		}
		sha512Generic((*[16]uint32)(rnd[c*16:]), (*[chunk]uint32)(src[c*chunk:]))
	}
}

// sha512Generic sets dst to the SHA-512 digest of src's words serialised
// little-endian, read as 16 little-endian words.
func sha512Generic(dst *[16]uint32, src *[chunk]uint32) {
	var block [chunk * 4]byte
	for k, x := range src {
		binary.LittleEndian.PutUint32(block[4*k:], x)
	}
	sum := sha512.Sum512(block[:])
	for k := range dst {
		dst[k] = binary.LittleEndian.Uint32(sum[4*k:])
	}
}
