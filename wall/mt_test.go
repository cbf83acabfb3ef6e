package wall

import (
	"math/rand/v2"
	"testing"
)

// next returns the next output of genrand_int32.
func (m *mt19937) next() uint32 {
	var w [1]uint32
	m.fill(w[:])
	return w[0]
}

// TestMT checks the generator against the reference outputs of
// mt19937ar.c (mt19937ar.out, init_by_array({0x123, 0x234, 0x345, 0x456}))
// and of init_genrand(5489) (C++ std::mt19937's default seed: its 10000th
// output is 4123659995), across several twists.
func TestMT(t *testing.T) {
	var m mt19937
	m.initByArray([]uint32{0x123, 0x234, 0x345, 0x456})
	want := []uint32{1067595299, 955945823, 477289528, 4107218783, 4228976476, 3344332714, 3355579695, 227628506, 810200273, 2591290167}
	for i, w := range want {
		if got := m.next(); got != w {
			t.Fatalf("init_by_array output %d = %d, want %d", i, got, w)
		}
	}
	m.initGenrand(5489)
	if got := m.next(); got != 3499211612 {
		t.Errorf("init_genrand(5489) first output = %d, want 3499211612", got)
	}
	// fill in uneven pieces must give the same stream as next.
	m.initGenrand(5489)
	var buf [10000]uint32
	for i := 0; i < len(buf); {
		n := min(len(buf)-i, 1+i%700)
		m.fill(buf[i : i+n])
		i += n
	}
	if buf[0] != 3499211612 || buf[9999] != 4123659995 {
		t.Errorf("outputs 1 and 10000 = %d, %d, want 3499211612, 4123659995", buf[0], buf[9999])
	}
}

// TestMTFast holds the fast paths of MT19937 to the reference's loops:
// initByArray to initByArrayRef for keys of every length 1–624 (and a
// longer one), twistAVX512 to twistGeneric and the tempering to temper on
// random states, and fill in uneven pieces both ways.
func TestMTFast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	key := make([]uint32, 700)
	for n := 1; n <= len(key); n++ {
		if n > mtN && n != len(key) {
			continue
		}
		for i := range key {
			key[i] = r.Uint32()
		}
		if n%7 == 0 {
			for i := range key {
				key[i] = ^uint32(0) * uint32(n%2)
			}
		}
		var fast, ref mt19937
		fast.initByArray(key[:n])
		ref.initByArrayRef(key[:n])
		if fast != ref {
			t.Fatalf("initByArray with %d key words differs from the reference", n)
		}
	}
	if hasAVX512 {
		for round := range 300 {
			var s, want [mtN]uint32
			for i := range s {
				s[i] = r.Uint32()
				if round == 0 {
					s[i] = ^uint32(0)
				}
			}
			want = s
			twistGeneric(&want)
			twistAVX512(&s)
			if s != want {
				t.Fatalf("round %d: twistAVX512 differs from twistGeneric", round)
			}
			var got [mtN]uint32
			temper(want[:], s[:])
			temperAVX512(got[:], s[:]) // mtN is a multiple of 16
			if got != want {
				t.Fatalf("round %d: temperAVX512 differs from temper", round)
			}
		}
	} else {
		t.Log("no AVX-512: twistAVX512 and temperAVX512 are not run")
	}
	var fast, ref mt19937
	ref.im = impl{general: true}
	fast.initByArray(key[:5])
	ref.initByArrayRef(key[:5])
	var a, b [3000]uint32
	for i := 0; i < len(a); {
		n := min(len(a)-i, 1+r.IntN(700))
		fast.fill(a[i : i+n])
		ref.fill(b[i : i+n])
		i += n
	}
	if a != b {
		t.Fatal("fill differs from the general path's")
	}
}

// BenchmarkMT measures init_by_array with a base64 seed's 624 key words
// and with a per-hand seed's 8, and the 288 words a hand draws, on the
// fast and the general paths.
func BenchmarkMT(b *testing.B) {
	key := make([]uint32, mtN)
	for i := range key {
		key[i] = uint32(i) * 2654435761
	}
	for _, gen := range []bool{false, true} {
		name := map[bool]string{false: "fast", true: "general"}[gen]
		b.Run("init624-"+name, func(b *testing.B) {
			var m mt19937
			for b.Loop() {
				if gen {
					m.initByArrayRef(key)
				} else {
					m.initByArray(key)
				}
			}
		})
		b.Run("fill288-"+name, func(b *testing.B) {
			var m mt19937
			m.im.general = gen
			m.initByArray(key[:8])
			var dst [srcWords]uint32
			for b.Loop() {
				m.fill(dst[:])
			}
		})
	}
}

// TestMTFirst16 holds mtFirst16 to the reference: sixteen random keys of
// 8 and of 32 words give, lane by lane, the first outputs of generators
// started with initByArrayRef, for both words counts.
func TestMTFirst16(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	r := rand.New(rand.NewPCG(11, 12))
	var b perHandBatch
	for round := range 20 {
		for _, n := range []int{perHandWords, hexWords, 1} {
			var keys [perHandLanes][]uint32
			for l := range keys {
				keys[l] = make([]uint32, n)
				for j := range keys[l] {
					keys[l][j] = r.Uint32()
					if round == 0 {
						keys[l][j] = ^uint32(0)
					}
					b.kj[j][l] = keys[l][j] + uint32(j)
				}
			}
			for _, words := range []int{Size4 + 1, Size3 + 1} {
				mtFirst16(&b.out[0][0], &b.st[0][0], &b.kj[0][0], n, words, &genrandInit[0])
				for l, key := range keys {
					var m mt19937
					m.im.general = true
					m.initByArrayRef(key)
					want := make([]uint32, words)
					m.fill(want)
					for k, w := range want {
						if b.out[k][l] != w {
							t.Fatalf("key length %d, lane %d: output %d = %#x, want %#x", n, l, k, b.out[k][l], w)
						}
					}
				}
			}
		}
	}
}
