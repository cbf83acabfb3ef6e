#include "textflag.h"

// func dealMatchesVBMI(top *tile.ID, hands *[4][13]tile.ID, perm *[64]byte, valid uint64) bool
// VPERMB takes the hands' tiles (52 bytes, loaded under a mask) in the
// order of the wall's top 64 indexes; VPCMPUB compares them with the
// wall's under valid.
TEXT ·dealMatchesVBMI(SB), NOSPLIT, $0-33
	MOVQ top+0(FP), AX
	MOVQ hands+8(FP), BX
	MOVQ perm+16(FP), CX
	MOVQ $0x000fffffffffffff, DX
	KMOVQ DX, K1
	VMOVDQU8.Z (BX), K1, Z0
	VMOVDQU8 (CX), Z1
	VPERMB Z0, Z1, Z2
	VMOVDQU8 (AX), Z3
	MOVQ valid+24(FP), DX
	KMOVQ DX, K2
	VPCMPUB $4, Z3, Z2, K2, K3
	KORTESTQ K3, K3
	SETEQ ret+32(FP)
	VZEROUPPER
	RET
