//go:build !haifu_noavx512

#include "textflag.h"

// func decodeBase64VBMI(key *uint32, data *byte, c *base64Consts) (bad uint32)
// Decodes the 3328 base64 characters at data into the 2496 bytes at key,
// 64 characters (48 bytes) at a time (Muła and Lemire's AVX-512 VBMI
// decoder): VPERMI2B maps each character through a 128-byte table (0x80
// for a non-base64 character), VPMADDUBSW and VPMADDWD pack four 6-bit
// values into 24 bits, VPERMB takes the three bytes of each group in
// order. bad has bit 7 set when a character (or its value) had bit 7 set.
TEXT ·decodeBase64VBMI(SB), NOSPLIT, $0-28
	MOVQ key+0(FP), DI
	MOVQ data+8(FP), SI
	MOVQ c+16(FP), DX
	VMOVDQU8 0(DX), Z8      // the table, characters 0–63
	VMOVDQU8 64(DX), Z9     // characters 64–127
	VMOVDQU8 128(DX), Z13   // the output bytes' order
	MOVL $0x01400140, AX
	VPBROADCASTD AX, Z11
	MOVL $0x00011000, AX
	VPBROADCASTD AX, Z12
	MOVQ $0x0000ffffffffffff, AX
	KMOVQ AX, K1            // the 48 bytes each block gives
	VPXORD Z10, Z10, Z10    // the OR of characters and values
	MOVQ $52, CX            // 3328 / 64 blocks

loop:
	VMOVDQU8 (SI), Z0
	VPORD Z0, Z10, Z10
	VPERMI2B Z9, Z8, Z0
	VPORD Z0, Z10, Z10
	VPMADDUBSW Z11, Z0, Z0
	VPMADDWD Z12, Z0, Z0
	VPERMB Z0, Z13, Z0
	VMOVDQU8 Z0, K1, (DI)
	ADDQ $64, SI
	ADDQ $48, DI
	DECQ CX
	JNZ loop

	VPMOVB2M Z10, K2
	KMOVQ K2, AX
	XORL BX, BX
	MOVL $0x80, CX
	TESTQ AX, AX
	CMOVQNE CX, BX
	MOVL BX, bad+24(FP)
	VZEROUPPER
	RET
