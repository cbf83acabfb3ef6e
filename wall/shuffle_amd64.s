#include "textflag.h"

// func shuffleJ(js *uint8, rnd *uint32, t *modTable, groups int)
// For i in groups of 8: js[i] = i + rnd[i] mod d[i], with
// q = trunc(rnd[i] · (1/d[i]) + 2⁻²⁰) computed in double precision: the
// product's error is below 5·10⁻⁷ and a remainder's fraction of d is at
// most 1 − 1/136 or exactly 0, so q = ⌊rnd[i] / d[i]⌋ exactly.
TEXT ·shuffleJ(SB), NOSPLIT, $0-32
	MOVQ js+0(FP), DI
	MOVQ rnd+8(FP), SI
	MOVQ t+16(FP), DX
	MOVQ groups+24(FP), CX
	LEAQ 1152(DX), R9   // d
	LEAQ 1728(DX), R10  // i
	MOVQ $0x3eb0000000000000, AX // 2⁻²⁰
	VPBROADCASTQ AX, Z7

loop:
	VCVTUDQ2PD (SI), Z0
	VMOVUPD (DX), Z1
	VFMADD213PD Z7, Z1, Z0
	VCVTTPD2UDQ Z0, Y1
	VPMULLD (R9), Y1, Y1
	VMOVDQU32 (SI), Y2
	VPSUBD Y1, Y2, Y2
	VPADDD (R10), Y2, Y2
	VPMOVDB Y2, (DI)
	ADDQ $32, SI
	ADDQ $64, DX
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $8, DI
	DECQ CX
	JNZ loop
	VZEROUPPER
	RET
