//go:build !haifu_noavx512

#include "textflag.h"

// func mtFirst16(out, st, kj *uint32, n, words int, g0 *uint32)
// Sixteen MT19937 generators at once, one per 32-bit lane: init_by_array
// with sixteen keys of n words, then the first words outputs of
// genrand_int32 (which need the first twist for words ≤ 227 only).
// The state st and out are interleaved: row i (64 bytes) holds word i of
// each lane. kj holds n rows, key[j] + j of each lane. g0 is the state
// init_genrand(19650218) gives (genrandInit), the same for every lane.
TEXT ·mtFirst16(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), R10
	MOVQ st+8(FP), DI
	MOVQ kj+16(FP), SI
	MOVQ n+24(FP), R9
	SHLQ $6, R9
	ADDQ SI, R9            // the end of kj
	MOVQ g0+40(FP), DX

	MOVL $1664525, AX
	VPBROADCASTD AX, Z2
	MOVL $1566083941, AX
	VPBROADCASTD AX, Z3
	MOVL $1, AX
	VPBROADCASTD AX, Z5

	// The first loop: i = 1 … 623, x = s[i-1].
	VPBROADCASTD (DX), Z0
	ADDQ $4, DX
	LEAQ 64(DI), BX
	MOVQ SI, R8
	MOVQ $1, CX

loop1:
	VPSRLD $30, Z0, Z1
	VPXORD Z0, Z1, Z1
	VPMULLD Z2, Z1, Z1
	VPXORD.BCST (DX), Z1, Z1
	VPADDD (R8), Z1, Z0
	VMOVDQU32 Z0, (BX)
	ADDQ $64, BX
	ADDQ $4, DX
	ADDQ $64, R8
	CMPQ R8, R9
	CMOVQEQ SI, R8
	INCQ CX
	CMPQ CX, $624
	JB loop1

	// s[0] = s[623]; the 624th step at i = 1.
	VMOVDQU32 Z0, (DI)
	VPSRLD $30, Z0, Z1
	VPXORD Z0, Z1, Z1
	VPMULLD Z2, Z1, Z1
	VPXORD 64(DI), Z1, Z1
	VPADDD (R8), Z1, Z0
	VMOVDQU32 Z0, 64(DI)

	// The second loop: i = 2 … 623, Z4 = i.
	MOVL $2, AX
	VPBROADCASTD AX, Z4
	LEAQ 128(DI), BX
	MOVQ $2, CX

loop2:
	VPSRLD $30, Z0, Z1
	VPXORD Z0, Z1, Z1
	VPMULLD Z3, Z1, Z1
	VPXORD (BX), Z1, Z1
	VPSUBD Z4, Z1, Z0
	VMOVDQU32 Z0, (BX)
	VPADDD Z5, Z4, Z4
	ADDQ $64, BX
	INCQ CX
	CMPQ CX, $624
	JB loop2

	// s[0] = s[623]; the last step at i = 1; s[0] = 0x80000000.
	VMOVDQU32 Z0, (DI)
	VPSRLD $30, Z0, Z1
	VPXORD Z0, Z1, Z1
	VPMULLD Z3, Z1, Z1
	VPXORD 64(DI), Z1, Z1
	VPSUBD Z5, Z1, Z0
	VMOVDQU32 Z0, 64(DI)
	MOVL $0x80000000, AX
	VPBROADCASTD AX, Z9
	VMOVDQU32 Z9, (DI)

	// The twist of words 0 … words-1 and their tempering, into out.
	MOVL $0x9908b0df, AX
	VPBROADCASTD AX, Z8
	MOVL $0x9d2c5680, AX
	VPBROADCASTD AX, Z6
	MOVL $0xefc60000, AX
	VPBROADCASTD AX, Z7
	MOVQ words+32(FP), CX
	TESTQ CX, CX
	JZ done
	MOVQ DI, BX

loop3:
	VMOVDQU32 (BX), Z0
	VMOVDQU32 64(BX), Z1
	// y = upper ? s[k] : s[k+1], bit by bit.
	VPTERNLOGD $0xe4, Z9, Z1, Z0
	VPTESTMD Z5, Z0, K1
	VPSRLD $1, Z0, Z0
	VPXORD 25408(BX), Z0, Z0 // s[k+397]
	VPXORD Z8, Z0, K1, Z0
	VPSRLD $11, Z0, Z1
	VPXORD Z1, Z0, Z0
	VPSLLD $7, Z0, Z1
	VPTERNLOGD $0x78, Z6, Z1, Z0
	VPSLLD $15, Z0, Z1
	VPTERNLOGD $0x78, Z7, Z1, Z0
	VPSRLD $18, Z0, Z1
	VPXORD Z1, Z0, Z0
	VMOVDQU32 Z0, (R10)
	ADDQ $64, BX
	ADDQ $64, R10
	DECQ CX
	JNZ loop3

done:
	VZEROUPPER
	RET
