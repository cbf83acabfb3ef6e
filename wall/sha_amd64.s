#include "textflag.h"

// Multi-buffer SHA-512 of one-block messages with AVX-512: eight
// independent 128-byte messages, one per 64-bit lane, each hashed as its
// block and the padding block every 128-byte message has, whose W+K words
// are precomputed (shaConsts.padWK). sha512x9 also hashes a ninth message
// with the general-purpose registers (BMI2), its instructions interleaved
// with the vector ones so that it runs on the integer units while the
// vector units are busy. The messages are read with plain loads, two
// registers per lane, and transposed (TRANSPOSE8) to one register per
// message word; the digests are transposed back and written with plain
// stores, which on AMD Zen 4 makes a pass 8% faster than VPGATHERQQ and
// VPSCATTERQQ did.
//
// Vector registers: Z0–Z7 the state (the names a…h rotate by one each
// round; the lanes' words before the rounds), Z8–Z12 temporaries, Z13 the
// byte-swap mask, Z16–Z31 the message schedule W[t mod 16]. R8–R15 point
// to the lanes' messages and digests. BX walks the constants. sha512x9's ninth message: R8–R15 its state,
// AX, CX, DX temporaries, DI and SI b^c and a^b (Maj(a, b, c) =
// ((a^b) & (b^c)) ^ b, a^b being the next round's b^c), its W[t mod 16]
// at 0(SP), its first block's result at 128(SP), the loop count at
// 192(SP).

// shaConsts offsets.
#define C_K 0
#define C_PADWK 640
#define C_H0 1280
#define C_BSWAP 1344

// LANEPTRS(off, base): R8–R15 = base + lanes[off/8 + l] for the eight
// lanes l (lanes in AX).
#define LANEPTRS(off, base) \
	MOVQ (off+0)(AX), R8; \
	ADDQ base, R8; \
	MOVQ (off+8)(AX), R9; \
	ADDQ base, R9; \
	MOVQ (off+16)(AX), R10; \
	ADDQ base, R10; \
	MOVQ (off+24)(AX), R11; \
	ADDQ base, R11; \
	MOVQ (off+32)(AX), R12; \
	ADDQ base, R12; \
	MOVQ (off+40)(AX), R13; \
	ADDQ base, R13; \
	MOVQ (off+48)(AX), R14; \
	ADDQ base, R14; \
	MOVQ (off+56)(AX), R15; \
	ADDQ base, R15

// LOADLANES(off): Z0–Z7 = the eight words at off in lane 0–7's message
// (R8–R15), byte-swapped.
#define LOADLANES(off) \
	VMOVDQU64 off(R8), Z0; \
	VPSHUFB Z13, Z0, Z0; \
	VMOVDQU64 off(R9), Z1; \
	VPSHUFB Z13, Z1, Z1; \
	VMOVDQU64 off(R10), Z2; \
	VPSHUFB Z13, Z2, Z2; \
	VMOVDQU64 off(R11), Z3; \
	VPSHUFB Z13, Z3, Z3; \
	VMOVDQU64 off(R12), Z4; \
	VPSHUFB Z13, Z4, Z4; \
	VMOVDQU64 off(R13), Z5; \
	VPSHUFB Z13, Z5, Z5; \
	VMOVDQU64 off(R14), Z6; \
	VPSHUFB Z13, Z6, Z6; \
	VMOVDQU64 off(R15), Z7; \
	VPSHUFB Z13, Z7, Z7

// TRANSPOSE8(a0…a7, t0…t7): t_k = word k of a0, …, a7 (a 8×8 transpose
// of 64-bit words in three steps; a0…a7 are overwritten).
#define TRANSPOSE8(a0, a1, a2, a3, a4, a5, a6, a7, t0, t1, t2, t3, t4, t5, t6, t7) \
	VPUNPCKLQDQ a1, a0, t0; \
	VPUNPCKHQDQ a1, a0, t1; \
	VPUNPCKLQDQ a3, a2, t2; \
	VPUNPCKHQDQ a3, a2, t3; \
	VPUNPCKLQDQ a5, a4, t4; \
	VPUNPCKHQDQ a5, a4, t5; \
	VPUNPCKLQDQ a7, a6, t6; \
	VPUNPCKHQDQ a7, a6, t7; \
	VSHUFI64X2 $0x88, t2, t0, a0; \
	VSHUFI64X2 $0xdd, t2, t0, a1; \
	VSHUFI64X2 $0x88, t3, t1, a2; \
	VSHUFI64X2 $0xdd, t3, t1, a3; \
	VSHUFI64X2 $0x88, t6, t4, a4; \
	VSHUFI64X2 $0xdd, t6, t4, a5; \
	VSHUFI64X2 $0x88, t7, t5, a6; \
	VSHUFI64X2 $0xdd, t7, t5, a7; \
	VSHUFI64X2 $0x88, a4, a0, t0; \
	VSHUFI64X2 $0xdd, a4, a0, t4; \
	VSHUFI64X2 $0x88, a5, a1, t2; \
	VSHUFI64X2 $0xdd, a5, a1, t6; \
	VSHUFI64X2 $0x88, a6, a2, t1; \
	VSHUFI64X2 $0xdd, a6, a2, t5; \
	VSHUFI64X2 $0x88, a7, a3, t3; \
	VSHUFI64X2 $0xdd, a7, a3, t7

// STOREDIGESTS: the digests H1 (Z16–Z23) + the state (Z0–Z7),
// byte-swapped, transposed to one register per lane and written at
// out + lanes[8 + l].
#define STOREDIGESTS() \
	VPADDQ Z16, Z0, Z0; \
	VPSHUFB Z13, Z0, Z0; \
	VPADDQ Z17, Z1, Z1; \
	VPSHUFB Z13, Z1, Z1; \
	VPADDQ Z18, Z2, Z2; \
	VPSHUFB Z13, Z2, Z2; \
	VPADDQ Z19, Z3, Z3; \
	VPSHUFB Z13, Z3, Z3; \
	VPADDQ Z20, Z4, Z4; \
	VPSHUFB Z13, Z4, Z4; \
	VPADDQ Z21, Z5, Z5; \
	VPSHUFB Z13, Z5, Z5; \
	VPADDQ Z22, Z6, Z6; \
	VPSHUFB Z13, Z6, Z6; \
	VPADDQ Z23, Z7, Z7; \
	VPSHUFB Z13, Z7, Z7; \
	TRANSPOSE8(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23); \
	MOVQ out+0(FP), DI; \
	MOVQ lanes+16(FP), AX; \
	LANEPTRS(64, DI); \
	VMOVDQU64 Z16, (R8); \
	VMOVDQU64 Z17, (R9); \
	VMOVDQU64 Z18, (R10); \
	VMOVDQU64 Z19, (R11); \
	VMOVDQU64 Z20, (R12); \
	VMOVDQU64 Z21, (R13); \
	VMOVDQU64 Z22, (R14); \
	VMOVDQU64 Z23, (R15)

// ROUND(a, b, c, d, e, f, g, h, w, k): one round with the schedule word
// in register w and the round constant at k(BX):
// T1 = h + Σ1(e) + Ch(e, f, g) + K + W; d += T1; h = T1 + Σ0(a) + Maj(a, b, c).
#define ROUND(a, b, c, d, e, f, g, h, w, k) \
	VPADDQ.BCST k(BX), w, Z8; \
	VPADDQ Z8, h, h; \
	ROUNDTAIL(a, b, c, d, e, f, g, h)

// ROUNDWK(a, b, c, d, e, f, g, h, k): one round of the padding block, W+K
// at k(BX).
#define ROUNDWK(a, b, c, d, e, f, g, h, k) \
	VPADDQ.BCST k(BX), h, h; \
	ROUNDTAIL(a, b, c, d, e, f, g, h)

// ROUNDTAIL finishes a round whose h already holds h + K + W.
#define ROUNDTAIL(a, b, c, d, e, f, g, h) \
	VMOVDQA64 e, Z10; \
	VPTERNLOGQ $0xca, g, f, Z10; \
	VPRORQ $14, e, Z9; \
	VPRORQ $18, e, Z11; \
	VPRORQ $41, e, Z12; \
	VPTERNLOGQ $0x96, Z12, Z11, Z9; \
	VPADDQ Z10, h, h; \
	VPADDQ Z9, h, h; \
	VPADDQ h, d, d; \
	VMOVDQA64 a, Z10; \
	VPTERNLOGQ $0xe8, c, b, Z10; \
	VPRORQ $28, a, Z9; \
	VPRORQ $34, a, Z11; \
	VPRORQ $39, a, Z12; \
	VPTERNLOGQ $0x96, Z12, Z11, Z9; \
	VPADDQ Z10, Z9, Z9; \
	VPADDQ Z9, h, h

// SCHED(w16, w15, w7, w2): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) +
// W[t-16], in place of W[t-16].
#define SCHED(w16, w15, w7, w2) \
	VPRORQ $1, w15, Z9; \
	VPRORQ $8, w15, Z11; \
	VPSRLQ $7, w15, Z12; \
	VPTERNLOGQ $0x96, Z12, Z11, Z9; \
	VPADDQ w7, w16, w16; \
	VPRORQ $19, w2, Z10; \
	VPRORQ $61, w2, Z11; \
	VPSRLQ $6, w2, Z12; \
	VPTERNLOGQ $0x96, Z12, Z11, Z10; \
	VPADDQ Z9, w16, w16; \
	VPADDQ Z10, w16, w16

// SROUND(a, b, c, d, e, f, g, h, x, n): a round of the ninth message
// whose h already holds h + K + W; x holds b^c, n receives a^b.
#define SROUND(a, b, c, d, e, f, g, h, x, n) \
	RORXQ $14, e, AX; \
	RORXQ $18, e, CX; \
	XORQ CX, AX; \
	RORXQ $41, e, CX; \
	XORQ CX, AX; \
	ADDQ AX, h; \
	MOVQ f, AX; \
	XORQ g, AX; \
	ANDQ e, AX; \
	XORQ g, AX; \
	ADDQ AX, h; \
	ADDQ h, d; \
	RORXQ $28, a, AX; \
	RORXQ $34, a, CX; \
	XORQ CX, AX; \
	RORXQ $39, a, CX; \
	XORQ CX, AX; \
	ADDQ AX, h; \
	MOVQ a, n; \
	XORQ b, n; \
	ANDQ n, x; \
	XORQ b, x; \
	ADDQ x, h

// SSCHED(w16, w15, w7, w2, t): the ninth message's W[t] in place of
// W[t-16] (stack offsets); t is a free register.
#define SSCHED(w16, w15, w7, w2, t) \
	MOVQ w15(SP), AX; \
	RORXQ $1, AX, CX; \
	RORXQ $8, AX, DX; \
	XORQ DX, CX; \
	SHRQ $7, AX; \
	XORQ AX, CX; \
	MOVQ w2(SP), AX; \
	RORXQ $19, AX, DX; \
	ADDQ w7(SP), CX; \
	RORXQ $61, AX, t; \
	XORQ t, DX; \
	SHRQ $6, AX; \
	XORQ AX, DX; \
	ADDQ DX, CX; \
	ADDQ CX, w16(SP)


// func sha512x8(out, in *uint32, lanes *[18]uint64, c *shaConsts)
TEXT ·sha512x8(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ lanes+16(FP), AX
	MOVQ c+24(FP), DX
	VMOVDQU64 C_BSWAP(DX), Z13

	// W[0..15]: word t of each lane's message, big-endian: each lane's
	// 16 words loaded in two registers, byte-swapped and transposed.
	LANEPTRS(0, SI)
	LOADLANES(0)
	TRANSPOSE8(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23)
	LOADLANES(64)
	TRANSPOSE8(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31)
	VPBROADCASTQ (C_H0+0)(DX), Z0
	VPBROADCASTQ (C_H0+8)(DX), Z1
	VPBROADCASTQ (C_H0+16)(DX), Z2
	VPBROADCASTQ (C_H0+24)(DX), Z3
	VPBROADCASTQ (C_H0+32)(DX), Z4
	VPBROADCASTQ (C_H0+40)(DX), Z5
	VPBROADCASTQ (C_H0+48)(DX), Z6
	VPBROADCASTQ (C_H0+56)(DX), Z7
	MOVQ DX, BX

	// The message block.
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, 0)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17, 8)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18, 16)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19, 24)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20, 32)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21, 40)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22, 48)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23, 56)
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, 64)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z25, 72)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z26, 80)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z27, 88)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z28, 96)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z29, 104)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z30, 112)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z31, 120)
	MOVQ $4, CX

loop:
	SCHED(Z16, Z17, Z25, Z30)
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, 128)
	SCHED(Z17, Z18, Z26, Z31)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17, 136)
	SCHED(Z18, Z19, Z27, Z16)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18, 144)
	SCHED(Z19, Z20, Z28, Z17)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19, 152)
	SCHED(Z20, Z21, Z29, Z18)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20, 160)
	SCHED(Z21, Z22, Z30, Z19)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21, 168)
	SCHED(Z22, Z23, Z31, Z20)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22, 176)
	SCHED(Z23, Z24, Z16, Z21)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23, 184)
	SCHED(Z24, Z25, Z17, Z22)
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, 192)
	SCHED(Z25, Z26, Z18, Z23)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z25, 200)
	SCHED(Z26, Z27, Z19, Z24)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z26, 208)
	SCHED(Z27, Z28, Z20, Z25)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z27, 216)
	SCHED(Z28, Z29, Z21, Z26)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z28, 224)
	SCHED(Z29, Z30, Z22, Z27)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z29, 232)
	SCHED(Z30, Z31, Z23, Z28)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z30, 240)
	SCHED(Z31, Z16, Z24, Z29)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z31, 248)
	ADDQ $128, BX
	DECQ CX
	JNZ loop

	// H1 = H0 + the state, kept in Z16–Z23 (W is no longer needed).
	MOVQ c+24(FP), BX
	VPADDQ.BCST (C_H0+0)(BX), Z0, Z0
	VMOVDQA64 Z0, Z16
	VPADDQ.BCST (C_H0+8)(BX), Z1, Z1
	VMOVDQA64 Z1, Z17
	VPADDQ.BCST (C_H0+16)(BX), Z2, Z2
	VMOVDQA64 Z2, Z18
	VPADDQ.BCST (C_H0+24)(BX), Z3, Z3
	VMOVDQA64 Z3, Z19
	VPADDQ.BCST (C_H0+32)(BX), Z4, Z4
	VMOVDQA64 Z4, Z20
	VPADDQ.BCST (C_H0+40)(BX), Z5, Z5
	VMOVDQA64 Z5, Z21
	VPADDQ.BCST (C_H0+48)(BX), Z6, Z6
	VMOVDQA64 Z6, Z22
	VPADDQ.BCST (C_H0+56)(BX), Z7, Z7
	VMOVDQA64 Z7, Z23

	// The padding block.
	LEAQ C_PADWK(BX), BX
	MOVQ $10, CX

padloop:
	ROUNDWK(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, 0)
	ROUNDWK(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, 8)
	ROUNDWK(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, 16)
	ROUNDWK(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, 24)
	ROUNDWK(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, 32)
	ROUNDWK(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, 40)
	ROUNDWK(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, 48)
	ROUNDWK(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, 56)
	ADDQ $64, BX
	DECQ CX
	JNZ padloop

	// The digests: H1 + the state, big-endian, transposed back to one
	// register per lane.
	STOREDIGESTS()
	VZEROUPPER
	RET

// func sha512x9(out, in *uint32, lanes *[18]uint64, c *shaConsts)
TEXT ·sha512x9(SB), NOSPLIT, $200-32
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ lanes+16(FP), AX
	MOVQ c+24(FP), DX
	VMOVDQU64 C_BSWAP(DX), Z13

	// W[0..15]: word t of each lane's message, big-endian: each lane's
	// 16 words loaded in two registers, byte-swapped and transposed.
	LANEPTRS(0, SI)
	LOADLANES(0)
	TRANSPOSE8(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23)
	LOADLANES(64)
	TRANSPOSE8(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31)
	VPBROADCASTQ (C_H0+0)(DX), Z0
	VPBROADCASTQ (C_H0+8)(DX), Z1
	VPBROADCASTQ (C_H0+16)(DX), Z2
	VPBROADCASTQ (C_H0+24)(DX), Z3
	VPBROADCASTQ (C_H0+32)(DX), Z4
	VPBROADCASTQ (C_H0+40)(DX), Z5
	VPBROADCASTQ (C_H0+48)(DX), Z6
	VPBROADCASTQ (C_H0+56)(DX), Z7
	MOVQ DX, BX

	// The ninth message, big-endian, and its state.
	MOVQ 128(AX), CX
	ADDQ SI, CX
	MOVQ 0(CX), R8
	BSWAPQ R8
	MOVQ R8, 0(SP)
	MOVQ 8(CX), R8
	BSWAPQ R8
	MOVQ R8, 8(SP)
	MOVQ 16(CX), R8
	BSWAPQ R8
	MOVQ R8, 16(SP)
	MOVQ 24(CX), R8
	BSWAPQ R8
	MOVQ R8, 24(SP)
	MOVQ 32(CX), R8
	BSWAPQ R8
	MOVQ R8, 32(SP)
	MOVQ 40(CX), R8
	BSWAPQ R8
	MOVQ R8, 40(SP)
	MOVQ 48(CX), R8
	BSWAPQ R8
	MOVQ R8, 48(SP)
	MOVQ 56(CX), R8
	BSWAPQ R8
	MOVQ R8, 56(SP)
	MOVQ 64(CX), R8
	BSWAPQ R8
	MOVQ R8, 64(SP)
	MOVQ 72(CX), R8
	BSWAPQ R8
	MOVQ R8, 72(SP)
	MOVQ 80(CX), R8
	BSWAPQ R8
	MOVQ R8, 80(SP)
	MOVQ 88(CX), R8
	BSWAPQ R8
	MOVQ R8, 88(SP)
	MOVQ 96(CX), R8
	BSWAPQ R8
	MOVQ R8, 96(SP)
	MOVQ 104(CX), R8
	BSWAPQ R8
	MOVQ R8, 104(SP)
	MOVQ 112(CX), R8
	BSWAPQ R8
	MOVQ R8, 112(SP)
	MOVQ 120(CX), R8
	BSWAPQ R8
	MOVQ R8, 120(SP)
	MOVQ (C_H0+0)(BX), R8
	MOVQ (C_H0+8)(BX), R9
	MOVQ (C_H0+16)(BX), R10
	MOVQ (C_H0+24)(BX), R11
	MOVQ (C_H0+32)(BX), R12
	MOVQ (C_H0+40)(BX), R13
	MOVQ (C_H0+48)(BX), R14
	MOVQ (C_H0+56)(BX), R15
	MOVQ R9, DI
	XORQ R10, DI

	// The message block.
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, 0)
	ADDQ 0(BX), R15
	ADDQ 0(SP), R15
	SROUND(R8, R9, R10, R11, R12, R13, R14, R15, DI, SI)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17, 8)
	ADDQ 8(BX), R14
	ADDQ 8(SP), R14
	SROUND(R15, R8, R9, R10, R11, R12, R13, R14, SI, DI)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18, 16)
	ADDQ 16(BX), R13
	ADDQ 16(SP), R13
	SROUND(R14, R15, R8, R9, R10, R11, R12, R13, DI, SI)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19, 24)
	ADDQ 24(BX), R12
	ADDQ 24(SP), R12
	SROUND(R13, R14, R15, R8, R9, R10, R11, R12, SI, DI)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20, 32)
	ADDQ 32(BX), R11
	ADDQ 32(SP), R11
	SROUND(R12, R13, R14, R15, R8, R9, R10, R11, DI, SI)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21, 40)
	ADDQ 40(BX), R10
	ADDQ 40(SP), R10
	SROUND(R11, R12, R13, R14, R15, R8, R9, R10, SI, DI)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22, 48)
	ADDQ 48(BX), R9
	ADDQ 48(SP), R9
	SROUND(R10, R11, R12, R13, R14, R15, R8, R9, DI, SI)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23, 56)
	ADDQ 56(BX), R8
	ADDQ 56(SP), R8
	SROUND(R9, R10, R11, R12, R13, R14, R15, R8, SI, DI)
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, 64)
	ADDQ 64(BX), R15
	ADDQ 64(SP), R15
	SROUND(R8, R9, R10, R11, R12, R13, R14, R15, DI, SI)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z25, 72)
	ADDQ 72(BX), R14
	ADDQ 72(SP), R14
	SROUND(R15, R8, R9, R10, R11, R12, R13, R14, SI, DI)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z26, 80)
	ADDQ 80(BX), R13
	ADDQ 80(SP), R13
	SROUND(R14, R15, R8, R9, R10, R11, R12, R13, DI, SI)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z27, 88)
	ADDQ 88(BX), R12
	ADDQ 88(SP), R12
	SROUND(R13, R14, R15, R8, R9, R10, R11, R12, SI, DI)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z28, 96)
	ADDQ 96(BX), R11
	ADDQ 96(SP), R11
	SROUND(R12, R13, R14, R15, R8, R9, R10, R11, DI, SI)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z29, 104)
	ADDQ 104(BX), R10
	ADDQ 104(SP), R10
	SROUND(R11, R12, R13, R14, R15, R8, R9, R10, SI, DI)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z30, 112)
	ADDQ 112(BX), R9
	ADDQ 112(SP), R9
	SROUND(R10, R11, R12, R13, R14, R15, R8, R9, DI, SI)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z31, 120)
	ADDQ 120(BX), R8
	ADDQ 120(SP), R8
	SROUND(R9, R10, R11, R12, R13, R14, R15, R8, SI, DI)
	MOVQ $4, 192(SP)

loop:
	SCHED(Z16, Z17, Z25, Z30)
	SSCHED(0, 8, 72, 112, SI)
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z16, 128)
	ADDQ 128(BX), R15
	ADDQ 0(SP), R15
	SROUND(R8, R9, R10, R11, R12, R13, R14, R15, DI, SI)
	SCHED(Z17, Z18, Z26, Z31)
	SSCHED(8, 16, 80, 120, DI)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z17, 136)
	ADDQ 136(BX), R14
	ADDQ 8(SP), R14
	SROUND(R15, R8, R9, R10, R11, R12, R13, R14, SI, DI)
	SCHED(Z18, Z19, Z27, Z16)
	SSCHED(16, 24, 88, 0, SI)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z18, 144)
	ADDQ 144(BX), R13
	ADDQ 16(SP), R13
	SROUND(R14, R15, R8, R9, R10, R11, R12, R13, DI, SI)
	SCHED(Z19, Z20, Z28, Z17)
	SSCHED(24, 32, 96, 8, DI)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z19, 152)
	ADDQ 152(BX), R12
	ADDQ 24(SP), R12
	SROUND(R13, R14, R15, R8, R9, R10, R11, R12, SI, DI)
	SCHED(Z20, Z21, Z29, Z18)
	SSCHED(32, 40, 104, 16, SI)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z20, 160)
	ADDQ 160(BX), R11
	ADDQ 32(SP), R11
	SROUND(R12, R13, R14, R15, R8, R9, R10, R11, DI, SI)
	SCHED(Z21, Z22, Z30, Z19)
	SSCHED(40, 48, 112, 24, DI)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z21, 168)
	ADDQ 168(BX), R10
	ADDQ 40(SP), R10
	SROUND(R11, R12, R13, R14, R15, R8, R9, R10, SI, DI)
	SCHED(Z22, Z23, Z31, Z20)
	SSCHED(48, 56, 120, 32, SI)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z22, 176)
	ADDQ 176(BX), R9
	ADDQ 48(SP), R9
	SROUND(R10, R11, R12, R13, R14, R15, R8, R9, DI, SI)
	SCHED(Z23, Z24, Z16, Z21)
	SSCHED(56, 64, 0, 40, DI)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z23, 184)
	ADDQ 184(BX), R8
	ADDQ 56(SP), R8
	SROUND(R9, R10, R11, R12, R13, R14, R15, R8, SI, DI)
	SCHED(Z24, Z25, Z17, Z22)
	SSCHED(64, 72, 8, 48, SI)
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z24, 192)
	ADDQ 192(BX), R15
	ADDQ 64(SP), R15
	SROUND(R8, R9, R10, R11, R12, R13, R14, R15, DI, SI)
	SCHED(Z25, Z26, Z18, Z23)
	SSCHED(72, 80, 16, 56, DI)
	ROUND(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z25, 200)
	ADDQ 200(BX), R14
	ADDQ 72(SP), R14
	SROUND(R15, R8, R9, R10, R11, R12, R13, R14, SI, DI)
	SCHED(Z26, Z27, Z19, Z24)
	SSCHED(80, 88, 24, 64, SI)
	ROUND(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z26, 208)
	ADDQ 208(BX), R13
	ADDQ 80(SP), R13
	SROUND(R14, R15, R8, R9, R10, R11, R12, R13, DI, SI)
	SCHED(Z27, Z28, Z20, Z25)
	SSCHED(88, 96, 32, 72, DI)
	ROUND(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z27, 216)
	ADDQ 216(BX), R12
	ADDQ 88(SP), R12
	SROUND(R13, R14, R15, R8, R9, R10, R11, R12, SI, DI)
	SCHED(Z28, Z29, Z21, Z26)
	SSCHED(96, 104, 40, 80, SI)
	ROUND(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z28, 224)
	ADDQ 224(BX), R11
	ADDQ 96(SP), R11
	SROUND(R12, R13, R14, R15, R8, R9, R10, R11, DI, SI)
	SCHED(Z29, Z30, Z22, Z27)
	SSCHED(104, 112, 48, 88, DI)
	ROUND(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z29, 232)
	ADDQ 232(BX), R10
	ADDQ 104(SP), R10
	SROUND(R11, R12, R13, R14, R15, R8, R9, R10, SI, DI)
	SCHED(Z30, Z31, Z23, Z28)
	SSCHED(112, 120, 56, 96, SI)
	ROUND(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z30, 240)
	ADDQ 240(BX), R9
	ADDQ 112(SP), R9
	SROUND(R10, R11, R12, R13, R14, R15, R8, R9, DI, SI)
	SCHED(Z31, Z16, Z24, Z29)
	SSCHED(120, 0, 64, 104, DI)
	ROUND(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z31, 248)
	ADDQ 248(BX), R8
	ADDQ 120(SP), R8
	SROUND(R9, R10, R11, R12, R13, R14, R15, R8, SI, DI)
	ADDQ $128, BX
	DECQ 192(SP)
	JNZ loop

	// H1 = H0 + the state, kept in Z16–Z23 (W is no longer needed).
	MOVQ c+24(FP), BX
	VPADDQ.BCST (C_H0+0)(BX), Z0, Z0
	VMOVDQA64 Z0, Z16
	VPADDQ.BCST (C_H0+8)(BX), Z1, Z1
	VMOVDQA64 Z1, Z17
	VPADDQ.BCST (C_H0+16)(BX), Z2, Z2
	VMOVDQA64 Z2, Z18
	VPADDQ.BCST (C_H0+24)(BX), Z3, Z3
	VMOVDQA64 Z3, Z19
	VPADDQ.BCST (C_H0+32)(BX), Z4, Z4
	VMOVDQA64 Z4, Z20
	VPADDQ.BCST (C_H0+40)(BX), Z5, Z5
	VMOVDQA64 Z5, Z21
	VPADDQ.BCST (C_H0+48)(BX), Z6, Z6
	VMOVDQA64 Z6, Z22
	VPADDQ.BCST (C_H0+56)(BX), Z7, Z7
	VMOVDQA64 Z7, Z23
	ADDQ (C_H0+0)(BX), R8
	MOVQ R8, 128(SP)
	ADDQ (C_H0+8)(BX), R9
	MOVQ R9, 136(SP)
	ADDQ (C_H0+16)(BX), R10
	MOVQ R10, 144(SP)
	ADDQ (C_H0+24)(BX), R11
	MOVQ R11, 152(SP)
	ADDQ (C_H0+32)(BX), R12
	MOVQ R12, 160(SP)
	ADDQ (C_H0+40)(BX), R13
	MOVQ R13, 168(SP)
	ADDQ (C_H0+48)(BX), R14
	MOVQ R14, 176(SP)
	ADDQ (C_H0+56)(BX), R15
	MOVQ R15, 184(SP)
	MOVQ R9, DI
	XORQ R10, DI

	// The padding block.
	LEAQ C_PADWK(BX), BX
	MOVQ $10, 192(SP)

padloop:
	ROUNDWK(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, 0)
	ADDQ 0(BX), R15
	SROUND(R8, R9, R10, R11, R12, R13, R14, R15, DI, SI)
	ROUNDWK(Z7, Z0, Z1, Z2, Z3, Z4, Z5, Z6, 8)
	ADDQ 8(BX), R14
	SROUND(R15, R8, R9, R10, R11, R12, R13, R14, SI, DI)
	ROUNDWK(Z6, Z7, Z0, Z1, Z2, Z3, Z4, Z5, 16)
	ADDQ 16(BX), R13
	SROUND(R14, R15, R8, R9, R10, R11, R12, R13, DI, SI)
	ROUNDWK(Z5, Z6, Z7, Z0, Z1, Z2, Z3, Z4, 24)
	ADDQ 24(BX), R12
	SROUND(R13, R14, R15, R8, R9, R10, R11, R12, SI, DI)
	ROUNDWK(Z4, Z5, Z6, Z7, Z0, Z1, Z2, Z3, 32)
	ADDQ 32(BX), R11
	SROUND(R12, R13, R14, R15, R8, R9, R10, R11, DI, SI)
	ROUNDWK(Z3, Z4, Z5, Z6, Z7, Z0, Z1, Z2, 40)
	ADDQ 40(BX), R10
	SROUND(R11, R12, R13, R14, R15, R8, R9, R10, SI, DI)
	ROUNDWK(Z2, Z3, Z4, Z5, Z6, Z7, Z0, Z1, 48)
	ADDQ 48(BX), R9
	SROUND(R10, R11, R12, R13, R14, R15, R8, R9, DI, SI)
	ROUNDWK(Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z0, 56)
	ADDQ 56(BX), R8
	SROUND(R9, R10, R11, R12, R13, R14, R15, R8, SI, DI)
	ADDQ $64, BX
	DECQ 192(SP)
	JNZ padloop

	// The ninth digest, then the others as sha512x8 writes them.
	MOVQ out+0(FP), DI
	MOVQ lanes+16(FP), AX
	ADDQ 136(AX), DI
	ADDQ 128(SP), R8
	BSWAPQ R8
	MOVQ R8, 0(DI)
	ADDQ 136(SP), R9
	BSWAPQ R9
	MOVQ R9, 8(DI)
	ADDQ 144(SP), R10
	BSWAPQ R10
	MOVQ R10, 16(DI)
	ADDQ 152(SP), R11
	BSWAPQ R11
	MOVQ R11, 24(DI)
	ADDQ 160(SP), R12
	BSWAPQ R12
	MOVQ R12, 32(DI)
	ADDQ 168(SP), R13
	BSWAPQ R13
	MOVQ R13, 40(DI)
	ADDQ 176(SP), R14
	BSWAPQ R14
	MOVQ R14, 48(DI)
	ADDQ 184(SP), R15
	BSWAPQ R15
	MOVQ R15, 56(DI)
	STOREDIGESTS()
	VZEROUPPER
	RET
