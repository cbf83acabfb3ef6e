//go:build !amd64

package wall

// UseAVX512 does nothing off amd64, which has no AVX-512 paths.
func UseAVX512(on bool) (restore func()) { return func() {} }
