//go:build !haifu_noavx512

package wall

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// hasVBMI reports whether this machine runs decodeBase64VBMI.
var hasVBMI = hasAVX512 && cpu.X86.HasAVX512VBMI

// base64Consts are decodeBase64VBMI's tables.
type base64Consts struct {
	values [128]byte // base64Values for characters 0–127, 0x80 for others
	order  [64]byte  // the output bytes: for each group, its bytes 2, 1, 0
}

var b64 = func() *base64Consts {
	c := new(base64Consts)
	for i := range c.values {
		c.values[i] = base64Values[i] & 0x80
		if base64Values[i] != 0xff {
			c.values[i] = base64Values[i]
		}
	}
	for i := range 48 {
		c.order[i] = byte(4*(i/3) + 2 - i%3)
	}
	return c
}()

// decodeBase64VBMI decodes base64Chars characters (see base64_amd64.s).
//
//go:noescape
func decodeBase64VBMI(key *uint32, data *byte, c *base64Consts) (bad uint32)

// decodeBase64Fast is decodeBase64 with AVX-512 VBMI when this machine
// has it.
func decodeBase64Fast(key *[mtN]uint32, data string, im impl) (bad uint32) {
	if !im.vbmi() || len(data) != base64Chars {
		return decodeBase64(key, data)
	}
	return decodeBase64VBMI(&key[0], unsafe.StringData(data), b64)
}
