package wall

// mt19937 is the reference Mersenne Twister MT19937 (Matsumoto and
// Nishimura's mt19937ar.c): init_genrand, init_by_array and genrand_int32,
// bit for bit.
type mt19937 struct {
	s  [mtN]uint32
	i  int  // index of the next word of s to temper; mtN: twist first
	im impl // the implementation of twist and fill
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
// It starts from the state init_genrand(19650218) gives, computed once
// (genrandInit), and unrolls the index wraps of the reference's loops,
// whose iterations form one chain of multiplications; keys longer than
// the state take the reference's path.
func (m *mt19937) initByArray(key []uint32) {
	n := len(key)
	if n > mtN {
		m.initByArrayRef(key)
		return
	}
	s := &m.s
	s0 := &genrandInit
	// The first loop: mtN steps, i = 1 … mtN−1, then i = 1 again after
	// s[0] = s[mtN−1]; j = 0 … n−1 cyclically.
	x := s0[0] // s[i−1]
	j := 0
	for i := 1; i < mtN; i++ {
		kj := key[j] + uint32(j)
		x = (s0[i] ^ (x^x>>30)*1664525) + kj
		s[i] = x
		if j++; j >= n {
			j = 0
		}
	}
	s[0] = x
	x = (s[1] ^ (x^x>>30)*1664525) + (key[j] + uint32(j))
	s[1] = x
	// The second loop: mtN−1 steps, i = 2 … mtN−1, then i = 1 after
	// s[0] = s[mtN−1].
	for i := 2; i < mtN; i++ {
		x = (s[i] ^ (x^x>>30)*1566083941) - uint32(i)
		s[i] = x
	}
	s[0] = x
	s[1] = (s[1] ^ (x^x>>30)*1566083941) - 1
	s[0] = mtUpper
	m.i = mtN
}

// genrandInit is the state init_genrand(19650218) gives, with which
// init_by_array starts.
var genrandInit = func() [mtN]uint32 {
	var m mt19937
	m.initGenrand(19650218)
	return m.s
}()

// initByArrayRef is init_by_array as the reference writes it: the general
// path initByArray is held to.
func (m *mt19937) initByArrayRef(key []uint32) {
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

// twist computes the next mtN words of state: with AVX-512 sixteen at a
// time (twistAVX512) unless m.im chooses otherwise.
func (m *mt19937) twist() {
	if m.im.avx512() {
		twistAVX512(&m.s)
	} else {
		twistGeneric(&m.s)
	}
	m.i = 0
}

// twistGeneric is the reference's twist, the general path.
func twistGeneric(s *[mtN]uint32) {
	var k int
	for ; k < mtN-mtM; k++ {
		y := s[k]&mtUpper | s[k+1]&mtLower
		s[k] = s[k+mtM] ^ y>>1 ^ -(y&1)&mtA
	}
	for ; k < mtN-1; k++ {
		y := s[k]&mtUpper | s[k+1]&mtLower
		s[k] = s[k+mtM-mtN] ^ y>>1 ^ -(y&1)&mtA
	}
	twistWord(s, mtN-1, mtM-1)
}

// twistWord renews s[k] from s[k], s[k+1] (s[0] for the last word) and
// s[far].
func twistWord(s *[mtN]uint32, k, far int) {
	y := s[k]&mtUpper | s[(k+1)%mtN]&mtLower
	s[k] = s[far] ^ y>>1 ^ -(y&1)&mtA
}

// fill writes the next len(dst) outputs of genrand_int32 to dst.
func (m *mt19937) fill(dst []uint32) {
	for len(dst) > 0 {
		if m.i >= mtN {
			m.twist()
		}
		n := min(len(dst), mtN-m.i)
		src := m.s[m.i : m.i+n]
		if m.im.avx512() {
			v := n &^ 15
			temperAVX512(dst[:v], src[:v])
			temper(dst[v:n], src[v:])
		} else {
			temper(dst[:n], src)
		}
		m.i += n
		dst = dst[n:]
	}
}

// temper writes the tempered words of src to dst, the general path.
func temper(dst, src []uint32) {
	dst = dst[:len(src)]
	for k, y := range src {
		y ^= y >> 11
		y ^= y << 7 & 0x9d2c5680
		y ^= y << 15 & 0xefc60000
		y ^= y >> 18
		dst[k] = y
	}
}
