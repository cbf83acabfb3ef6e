//go:build !haifu_noavx512

#include "textflag.h"

// MT19937 with AVX-512: sixteen state words per vector.

// func mtTwist16(s, far *uint32, n int)
// For each of n chunks c of 16 words, at s+64c:
// y = s[k]&0x80000000 | s[k+1]&0x7fffffff
// s[k] = far[k] ^ y>>1 ^ (y&1 ? 0x9908b0df : 0)
// where far points 397 words after s, or 227 words before it (words the
// twist has already renewed).
TEXT ·mtTwist16(SB), NOSPLIT, $0-24
	MOVQ s+0(FP), DI
	MOVQ far+8(FP), SI
	MOVQ n+16(FP), CX
	TESTQ CX, CX
	JZ done
	MOVL $0x80000000, AX
	VPBROADCASTD AX, Z30
	MOVL $0x9908b0df, AX
	VPBROADCASTD AX, Z31
	MOVL $1, AX
	VPBROADCASTD AX, Z29

loop:
	VMOVDQU32 (DI), Z0
	VMOVDQU32 4(DI), Z1
	// y = upper ? s[k] : s[k+1], bit by bit.
	VPTERNLOGD $0xe4, Z30, Z1, Z0
	VPTESTMD Z29, Z0, K1
	VPSRLD $1, Z0, Z0
	VPXORD (SI), Z0, Z0
	VPXORD Z31, Z0, K1, Z0
	VMOVDQU32 Z0, (DI)
	ADDQ $64, DI
	ADDQ $64, SI
	DECQ CX
	JNZ loop
	VZEROUPPER

done:
	RET

// func mtTemper16(dst, src *uint32, n int)
// Tempers n chunks of 16 words of src into dst.
TEXT ·mtTemper16(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	TESTQ CX, CX
	JZ done
	MOVL $0x9d2c5680, AX
	VPBROADCASTD AX, Z30
	MOVL $0xefc60000, AX
	VPBROADCASTD AX, Z31

loop:
	VMOVDQU32 (SI), Z0
	VPSRLD $11, Z0, Z1
	VPXORD Z1, Z0, Z0
	VPSLLD $7, Z0, Z1
	// y ^= y<<7 & 0x9d2c5680
	VPTERNLOGD $0x78, Z30, Z1, Z0
	VPSLLD $15, Z0, Z1
	VPTERNLOGD $0x78, Z31, Z1, Z0
	VPSRLD $18, Z0, Z1
	VPXORD Z1, Z0, Z0
	VMOVDQU32 Z0, (DI)
	ADDQ $64, DI
	ADDQ $64, SI
	DECQ CX
	JNZ loop
	VZEROUPPER

done:
	RET
