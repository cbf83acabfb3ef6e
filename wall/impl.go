package wall

// impl chooses how the wall's steps are computed. Each step has a general
// path, written as the reference describes it, and fast paths that give the
// same results: with AVX-512 (and VBMI for base64) where this machine runs
// them (hasAVX512, hasVBMI: what golang.org/x/sys/cpu reports, read once),
// in plain Go otherwise. The zero impl is the fastest this machine runs;
// the tests make Generators and Checkers with the others to hold the fast
// paths to the general ones (export_test.go). It is a value that the
// Generator, the Checker and the seed reader carry, not package state.
type impl struct {
	// general: the general paths (base64 one character at a time, the
	// reference MT19937 loops, crypto/sha512, the shuffle's division).
	general bool
	// noSIMD: the fast paths in plain Go, as on a machine without
	// AVX-512.
	noSIMD bool
}

// avx512 reports whether the AVX-512 fast paths are taken.
func (im impl) avx512() bool { return hasAVX512 && !im.general && !im.noSIMD }

// vbmi reports whether base64 seeds are decoded with AVX-512 VBMI.
func (im impl) vbmi() bool { return hasVBMI && !im.general && !im.noSIMD }
