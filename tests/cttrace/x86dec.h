/*
 * x86dec.h - just enough of an x86-64 instruction decoder for the
 * constant-time tracer (cttrace.c): the length of an instruction and the
 * shape of every memory operand it touches, explicit (ModRM/SIB/disp,
 * RIP-relative, moffs) or implicit (the stack of push/pop/call/ret, the
 * RSI/RDI of string instructions).
 *
 * Prefixes: legacy (66 67 F2 F3 F0, segment 2E 36 3E 26 64 65), REX, VEX
 * (C4, C5) and EVEX (62); opcode maps one-byte, 0F, 0F38, 0F3A and EVEX's
 * maps 5 and 6. What this decoder cannot turn into an address from the
 * general registers (a VSIB gather or scatter, whose index is a vector
 * register; XLAT; a bit test with a register bit offset into memory; port
 * string I/O; MOVDIR64B and ENQCMD, whose destination is a register's
 * address; AMX tile rows at a stride; XOP and 3DNow!) or whose footprint
 * depends on a vector register (MASKMOVQ, MASKMOVDQU, VEX VMASKMOV and
 * VPMASKMOV) is reported as unsupported, so that the tracer stops instead
 * of silently ignoring an operand. An EVEX instruction with a memory
 * operand under an opmask (k1..k7: masked loads and stores, compress,
 * expand) reports the mask register, whose value the tracer compares
 * too: the mask decides which bytes are touched.
 *
 * An EVEX operand with an 8-bit displacement is scaled by the hardware by
 * a size N that depends on the instruction (compressed disp8*N); the
 * decoder keeps the displacement unscaled. That offset is a constant of the
 * instruction, so two traces still agree exactly when the real addresses
 * do; only a printed address can be off by it (flag X86_DISP8N).
 */
#ifndef CTTRACE_X86DEC_H
#define CTTRACE_X86DEC_H

#include <stddef.h>
#include <stdint.h>

/* general registers in encoding order: rax rcx rdx rbx rsp rbp rsi rdi r8..r15 */
#define X86_NONE (-1)
#define X86_RIP 16
#define X86_RSP 4
#define X86_RBP 5
#define X86_RSI 6
#define X86_RDI 7

struct x86_mem {
	int8_t base;    /* 0..15, X86_RIP, or X86_NONE */
	int8_t index;   /* 0..15 or X86_NONE */
	uint8_t scale;  /* 1, 2, 4, 8 */
	uint8_t seg;    /* 0, or 4 (FS) / 5 (GS): add that segment's base */
	uint8_t addr32; /* 67 prefix: 32-bit address */
	uint8_t flags;  /* X86_DISP8N */
	int64_t disp;
};

#define X86_DISP8N 1u

/* x86_insn.flags */
#define X86_BRANCH 1u     /* may transfer control elsewhere than the next instruction */
#define X86_REPSTR 2u     /* REP string instruction: RIP stays while it iterates */
#define X86_UNSUPPORTED 4u

#define X86_MAXMEM 3

struct x86_insn {
	uint8_t len;
	uint8_t nmem;
	uint8_t flags;
	uint8_t opmask;  /* 1..7: EVEX memory access under opmask register k<opmask>; 0: none */
	const char *why; /* with X86_UNSUPPORTED: what it was */
	struct x86_mem mem[X86_MAXMEM];
};

/*
 * x86_decode decodes the instruction at p (avail bytes readable, 15 are
 * enough). Returns 0, or -1 when the bytes are not a valid instruction or
 * run past avail (d->why says which). An unsupported instruction returns 0
 * with X86_UNSUPPORTED set.
 */
int x86_decode(struct x86_insn *d, const uint8_t *p, size_t avail);

/*
 * x86_addr computes the address of operand m of an instruction of |len|
 * bytes at |rip| from the 16 general registers gpr[] (encoding order) and
 * the FS and GS bases.
 */
uint64_t x86_addr(const struct x86_mem *m, const uint64_t *gpr, uint64_t rip, unsigned len, uint64_t fs_base,
    uint64_t gs_base);

/*
 * x86_selftest decodes a table of encodings (x86dec_selftest.c: the EVEX
 * and VEX forms of the vector code, masked moves, BMI2/ADX, legacy stack
 * and string operands, and what must be refused) and compares length,
 * operands and flags with what the SDM says. 0, or -1 with a message.
 */
int x86_selftest(char *err, size_t errlen);

#endif
