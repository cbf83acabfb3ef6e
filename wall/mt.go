package wall

// mt19937 is the reference Mersenne Twister MT19937 (Matsumoto and
// Nishimura's mt19937ar.c): init_genrand, init_by_array and genrand_int32,
// bit for bit.
type mt19937 struct {
	s [mtN]uint32
	i int // index of the next word of s to temper; mtN: twist first
}

const (
	mtN     = 624
	mtM     = 397
	mtUpper = 0x80000000
	mtLower = 0x7fffffff
	mtA     = 0x9908b0df
)

// initGenrand seeds m with one word (init_genrand).
func (m *mt19937) initGenrand(seed uint32) {
	s := &m.s
	s[0] = seed
	for i := 1; i < mtN; i++ {
		s[i] = 1812433253*(s[i-1]^s[i-1]>>30) + uint32(i)
	}
	m.i = mtN
}

// initByArray seeds m with key (init_by_array). key must not be empty.
func (m *mt19937) initByArray(key []uint32) {
	m.initGenrand(19650218)
	s := &m.s
	i, j := 1, 0
	for k := max(mtN, len(key)); k > 0; k-- {
		s[i] = (s[i] ^ (s[i-1]^s[i-1]>>30)*1664525) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			s[0] = s[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := mtN - 1; k > 0; k-- {
		s[i] = (s[i] ^ (s[i-1]^s[i-1]>>30)*1566083941) - uint32(i)
		i++
		if i >= mtN {
			s[0] = s[mtN-1]
			i = 1
		}
	}
	s[0] = mtUpper
}

// twist computes the next mtN words of state.
func (m *mt19937) twist() {
	s := &m.s
	var k int
	for ; k < mtN-mtM; k++ {
		y := s[k]&mtUpper | s[k+1]&mtLower
		s[k] = s[k+mtM] ^ y>>1 ^ -(y&1)&mtA
	}
	for ; k < mtN-1; k++ {
		y := s[k]&mtUpper | s[k+1]&mtLower
		s[k] = s[k+mtM-mtN] ^ y>>1 ^ -(y&1)&mtA
	}
	y := s[mtN-1]&mtUpper | s[0]&mtLower
	s[mtN-1] = s[mtM-1] ^ y>>1 ^ -(y&1)&mtA
	m.i = 0
}

// fill writes the next len(dst) outputs of genrand_int32 to dst.
func (m *mt19937) fill(dst []uint32) {
	for len(dst) > 0 {
		if m.i >= mtN {
			m.twist()
		}
		n := min(len(dst), mtN-m.i)
		src := m.s[m.i : m.i+n]
		for k, y := range src {
			y ^= y >> 11
			y ^= y << 7 & 0x9d2c5680
			y ^= y << 15 & 0xefc60000
			y ^= y >> 18
			dst[k] = y
		}
		m.i += n
		dst = dst[n:]
	}
}

// next returns the next output of genrand_int32.
func (m *mt19937) next() uint32 {
	var w [1]uint32
	m.fill(w[:])
	return w[0]
}
