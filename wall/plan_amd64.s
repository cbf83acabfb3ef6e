#include "textflag.h"

// planDrawBuf offsets.
#define D_LIVEIDS 0
#define D_REPLIDS 128
#define D_LIVEAT 144
#define D_RECS 160

// planidx picks the first 8 bytes of each of four 32-byte events from two
// registers (VPERMI2Q).
DATA planidx<>+0(SB)/8, $0
DATA planidx<>+8(SB)/8, $4
DATA planidx<>+16(SB)/8, $8
DATA planidx<>+24(SB)/8, $12
DATA planidx<>+32(SB)/8, $0
DATA planidx<>+40(SB)/8, $0
DATA planidx<>+48(SB)/8, $0
DATA planidx<>+56(SB)/8, $0
GLOBL planidx<>(SB), RODATA|NOPTR, $64

// plancls has byte t set for the rare event types t < 64 that are
// recorded: Dora (11), Win (12), Ryuukyoku (13).
DATA plancls<>+0(SB)/8, $0
DATA plancls<>+8(SB)/8, $0x0000010101000000
DATA plancls<>+16(SB)/8, $0
DATA plancls<>+24(SB)/8, $0
DATA plancls<>+32(SB)/8, $0
DATA plancls<>+40(SB)/8, $0
DATA plancls<>+48(SB)/8, $0
DATA plancls<>+56(SB)/8, $0
GLOBL plancls<>(SB), RODATA|NOPTR, $64

// func planDrawsVBMI(d *planDrawBuf, events *event.Event, n, i, live, repl int) (int, int, int, int)
// Eight events (256 bytes) at a time: VPERMI2Q and VINSERTI64X4 gather
// each event's first 8 bytes (type at byte 0, flags at 3, tile id at 5)
// and VPMOVQB their types and flags. The ids of the live draws are packed
// (VPCOMPRESSQ, VPMOVQB) and stored at liveIDs[live] (eight bytes, what
// is past the count does not matter); a block with replacement draws or
// rare events takes them one by one (TZCNT, BZHI and POPCNT give the
// draws before each). A block with a RoundStart is taken up to it, where
// the loop stops.
//
// Registers: DI d, SI events, CX n, DX i, BX live, R10 repl, R9 the
// records, R11 the events taken, R12 the block's live draws, R14 its
// replacement draws, R13 the lanes left to take one by one.
TEXT ·planDrawsVBMI(SB), NOSPLIT, $0-80
	MOVQ d+0(FP), DI
	MOVQ events+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ i+24(FP), DX
	MOVQ live+32(FP), BX
	MOVQ repl+40(FP), R10
	XORL R9, R9
	VMOVDQU64 planidx<>(SB), Z10
	VMOVDQU64 plancls<>(SB), Z11
	MOVL $3, AX
	VPBROADCASTB AX, X12 // Draw
	MOVL $63, AX
	VPBROADCASTB AX, X13
	MOVL $4, AX
	VPBROADCASTB AX, X14 // Replacement
	MOVL $2, AX
	VPBROADCASTB AX, X16 // RoundStart

loop:
	LEAQ 8(DX), AX
	CMPQ AX, CX
	JGT done
	CMPQ BX, $120
	JGT done
	CMPQ R10, $8
	JGT done
	CMPQ R9, $8
	JGT done
	MOVQ DX, AX
	SHLQ $5, AX
	ADDQ SI, AX
	VMOVDQU64 0(AX), Z0
	VMOVDQU64 64(AX), Z1
	VMOVDQU64 128(AX), Z2
	VMOVDQU64 192(AX), Z3
	VMOVDQA64 Z10, Z4
	VPERMI2Q Z1, Z0, Z4
	VMOVDQA64 Z10, Z5
	VPERMI2Q Z3, Z2, Z5
	VINSERTI64X4 $1, Y5, Z4, Z4 // the first 8 bytes of events i … i+7
	VPMOVQB Z4, X6              // types
	VPERMB Z11, Z6, Z7
	VPCMPUB $2, X13, X6, K2     // types < 64
	VPTESTMB X7, X7, K2, K1     // rare types recorded
	VPCMPEQB X12, X6, K3        // draws
	VPCMPEQB X16, X6, K6        // RoundStart
	VPSRLQ $24, Z4, Z8
	VPMOVQB Z8, X8              // flags
	VPTESTMB X14, X8, K3, K4    // replacement draws
	KANDNB K3, K4, K5           // live draws
	MOVL $8, R11                // the events taken
	KORTESTB K6, K6
	JZ take
	// Up to the first RoundStart.
	KMOVB K6, AX
	TZCNTL AX, R11
	MOVL $1, AX
	SHLXL R11, AX, AX
	DECL AX
	KMOVB AX, K6
	KANDB K6, K1, K1
	KANDB K6, K4, K4
	KANDB K6, K5, K5

take:
	VPSRLQ $40, Z4, Z9          // tile ids
	VPCOMPRESSQ.Z Z9, K5, Z15
	VPMOVQB Z15, X15
	VMOVQ X15, D_LIVEIDS(DI)(BX*1)
	KMOVB K5, R12
	KMOVB K4, R14
	KORTESTB K1, K4
	JZ count

	// Rare events, one by one (BX and R10 are the counts before the block).
	KMOVB K1, R13
	TESTL R13, R13
	JZ repl

rare:
	TZCNTL R13, AX              // its lane
	BZHIL AX, R12, R15
	POPCNTL R15, R15
	ADDQ BX, R15                // live draws before it
	SHLQ $32, R15
	BZHIL AX, R14, R8
	POPCNTL R8, R8
	ADDQ R10, R8                // replacement draws before it
	SHLQ $40, R8
	ORQ R8, R15
	ADDQ DX, AX                 // its index
	ORQ AX, R15
	MOVQ R15, D_RECS(DI)(R9*8)
	INCQ R9
	BLSRL R13, R13
	JNZ rare

repl:
	// Replacement draws, one by one.
	MOVL R14, R13
	TESTL R13, R13
	JZ count

replloop:
	TZCNTL R13, AX              // its lane
	BZHIL AX, R12, R15
	POPCNTL R15, R15
	ADDQ BX, R15                // live draws before it
	MOVB R15, D_LIVEAT(DI)(R10*1)
	ADDQ DX, AX
	SHLQ $5, AX
	MOVB 5(SI)(AX*1), R15       // its tile id
	MOVB R15, D_REPLIDS(DI)(R10*1)
	INCQ R10
	BLSRL R13, R13
	JNZ replloop

count:
	POPCNTL R12, AX
	ADDQ AX, BX
	ADDQ R11, DX
	CMPQ R11, $8
	JEQ loop

done:
	MOVQ DX, ret+48(FP)
	MOVQ BX, ret1+56(FP)
	MOVQ R10, ret2+64(FP)
	MOVQ R9, ret3+72(FP)
	VZEROUPPER
	RET
