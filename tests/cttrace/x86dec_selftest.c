/*
 * x86dec_selftest.c - the decoder's own check (x86_selftest, x86dec.h):
 * encodings as GNU as 2.40 writes them (`as --64`, read back with objdump),
 * with the length, memory operands, opmask and flags the SDM gives them.
 * It covers what the AEAD and digest code of the AVX-512 implementations
 * is made of (vpternlogq, vprolq, vpshufb, vaesenc and vpclmulqdq on zmm,
 * masked vmovdqu8, vpermq, vpbroadcastq, vextracti32x4, kmov), the
 * BMI2/ADX scalar code, the legacy stack, segment and string operands, and
 * encodings the decoder must refuse rather than pass.
 *
 * An EVEX 8-bit displacement is kept unscaled (x86dec.h): disp below is
 * the encoded byte, flagged DISP8N.
 */
#include <stdio.h>
#include <string.h>

#include "x86dec.h"

#define N X86_NONE
#define RAX 0
#define RCX 1
#define RDX 2
#define RBX 3
#define RSP 4
#define RBP 5
#define RSI 6
#define RDI 7
#define U X86_UNSUPPORTED
#define D8 X86_DISP8N

struct vec {
	const char *what;
	uint8_t bytes[15], len;
	unsigned flags;  /* X86_* expected */
	int nmem;
	int base, index, scale; /* of the first operand */
	int64_t disp;
	unsigned mflags, opmask;
};

static const struct vec vecs[] = {
	/* EVEX, 512-bit: the vector AEAD code */
	{ "vpternlogq $0x96,(%rax),%zmm1,%zmm2", { 0x62, 0xf3, 0xf5, 0x48, 0x25, 0x10, 0x96 }, 7, 0, 1, RAX, N, 1, 0, 0, 0 },
	{ "vpternlogq $0x96,0x40(%rax,%rbx,8){1to8},%zmm1,%zmm2", { 0x62, 0xf3, 0xf5, 0x58, 0x25, 0x54, 0xd8, 0x08, 0x96 },
	    9, 0, 1, RAX, RBX, 8, 8, D8, 0 },
	{ "vprolq $0xd,0x80(%rsi),%zmm3", { 0x62, 0xf1, 0xe5, 0x48, 0x72, 0x4e, 0x02, 0x0d }, 8, 0, 1, RSI, N, 1, 2, D8, 0 },
	{ "vpshufb 0x1000(%rip),%zmm4,%zmm5", { 0x62, 0xf2, 0x5d, 0x48, 0x00, 0x2d, 0x00, 0x10, 0x00, 0x00 }, 10, 0, 1,
	    X86_RIP, N, 1, 0x1000, 0, 0 },
	{ "vaesenc (%rdx,%rcx,1),%zmm6,%zmm7", { 0x62, 0xf2, 0x4d, 0x48, 0xdc, 0x3c, 0x0a }, 7, 0, 1, RDX, RCX, 1, 0, 0, 0 },
	{ "vpclmulqdq $0x11,0x40(%r8),%zmm8,%zmm9", { 0x62, 0x53, 0x3d, 0x48, 0x44, 0x48, 0x01, 0x11 }, 8, 0, 1, 8, N, 1, 1,
	    D8, 0 },
	{ "vmovdqu8 0x7(%rdi,%rax,1),%zmm10{%k1}{z}", { 0x62, 0x71, 0x7f, 0xc9, 0x6f, 0x94, 0x07, 0x07, 0x00, 0x00, 0x00 }, 11,
	    0, 1, RDI, RAX, 1, 7, 0, 1 },
	{ "vmovdqu8 %zmm10,-0x40(%rdi){%k2}", { 0x62, 0x71, 0x7f, 0x4a, 0x7f, 0x57, 0xff }, 7, 0, 1, RDI, N, 1, -1, D8, 2 },
	{ "vpermq $0x4e,(%r12),%zmm11", { 0x62, 0x53, 0xfd, 0x48, 0x00, 0x1c, 0x24, 0x4e }, 8, 0, 1, 12, N, 1, 0, 0, 0 },
	{ "vpermq $0x4e,%zmm1,%zmm2", { 0x62, 0xf3, 0xfd, 0x48, 0x00, 0xd1, 0x4e }, 7, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "vpbroadcastq 0x8(%rbp),%zmm12", { 0x62, 0x72, 0xfd, 0x48, 0x59, 0x65, 0x01 }, 7, 0, 1, RBP, N, 1, 1, D8, 0 },
	{ "vextracti32x4 $0x3,%zmm1,0x30(%rax)", { 0x62, 0xf3, 0x7d, 0x48, 0x39, 0x48, 0x03, 0x03 }, 8, 0, 1, RAX, N, 1, 3,
	    D8, 0 },
	{ "vmovdqu64 %zmm31,(%r15,%r14,4)", { 0x62, 0x01, 0xfe, 0x48, 0x7f, 0x3c, 0xb7 }, 7, 0, 1, 15, 14, 4, 0, 0, 0 },
	{ "vpxorq 0x100(%rax,%r12,2),%zmm20,%zmm21", { 0x62, 0xa1, 0xdd, 0x40, 0xef, 0x6c, 0x60, 0x04 }, 8, 0, 1, RAX, 12, 2,
	    4, D8, 0 },
	{ "vmovdqu64 0x100(,%rax,8),%zmm0", { 0x62, 0xf1, 0xfe, 0x48, 0x6f, 0x04, 0xc5, 0x00, 0x01, 0x00, 0x00 }, 11, 0, 1, N,
	    RAX, 8, 0x100, 0, 0 },
	{ "vpshufd $0x4e,0x20(%rcx),%ymm25", { 0x62, 0x61, 0x7d, 0x28, 0x70, 0x49, 0x01, 0x4e }, 8, 0, 1, RCX, N, 1, 1, D8,
	    0 },
	{ "vpandq (%rcx){1to8},%zmm0,%zmm1", { 0x62, 0xf1, 0xfd, 0x58, 0xdb, 0x09 }, 6, 0, 1, RCX, N, 1, 0, 0, 0 },
	{ "vpermt2q 0x40(%rdx),%zmm3,%zmm4", { 0x62, 0xf2, 0xe5, 0x48, 0x7e, 0x62, 0x01 }, 7, 0, 1, RDX, N, 1, 1, D8, 0 },
	{ "vmovdqa64 %zmm0,%zmm1{%k7}", { 0x62, 0xf1, 0xfd, 0x4f, 0x6f, 0xc8 }, 6, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "vpcompressd %zmm1,(%rax){%k1}", { 0x62, 0xf2, 0x7d, 0x49, 0x8b, 0x08 }, 6, 0, 1, RAX, N, 1, 0, 0, 1 },
	{ "vpshldq $0x3,0x40(%rax),%zmm1,%zmm2", { 0x62, 0xf3, 0xf5, 0x48, 0x71, 0x50, 0x01, 0x03 }, 8, 0, 1, RAX, N, 1, 1,
	    D8, 0 },
	{ "vpdpbusd 0x40(%rax),%zmm1,%zmm2", { 0x62, 0xf2, 0x75, 0x48, 0x50, 0x50, 0x01 }, 7, 0, 1, RAX, N, 1, 1, D8, 0 },
	/* VEX: opmask moves, AVX, BMI2 */
	{ "kmovq %rax,%k1", { 0xc4, 0xe1, 0xfb, 0x92, 0xc8 }, 5, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "kmovw (%rsp),%k3", { 0xc5, 0xf8, 0x90, 0x1c, 0x24 }, 5, 0, 1, RSP, N, 1, 0, 0, 0 },
	{ "kmovq %k1,0x10(%r13)", { 0xc4, 0xc1, 0xf8, 0x91, 0x4d, 0x10 }, 6, 0, 1, 13, N, 1, 0x10, 0, 0 },
	{ "kshiftrq $0x8,%k1,%k2", { 0xc4, 0xe3, 0xf9, 0x31, 0xd1, 0x08 }, 6, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "vzeroupper", { 0xc5, 0xf8, 0x77 }, 3, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "vpextrb $0x1,%xmm0,(%rbx)", { 0xc4, 0xe3, 0x79, 0x14, 0x03, 0x01 }, 6, 0, 1, RBX, N, 1, 0, 0, 0 },
	{ "vmovd %xmm0,%eax", { 0xc5, 0xf9, 0x7e, 0xc0 }, 4, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "vmovq %xmm0,0x8(%rsp)", { 0xc5, 0xf9, 0xd6, 0x44, 0x24, 0x08 }, 6, 0, 1, RSP, N, 1, 8, 0, 0 },
	{ "andn (%rax),%rbx,%rcx", { 0xc4, 0xe2, 0xe0, 0xf2, 0x08 }, 5, 0, 1, RAX, N, 1, 0, 0, 0 },
	{ "rorx $0x5,(%rsi),%rax", { 0xc4, 0xe3, 0xfb, 0xf0, 0x06, 0x05 }, 6, 0, 1, RSI, N, 1, 0, 0, 0 },
	{ "mulx 0x8(%rdx),%rax,%rbx", { 0xc4, 0xe2, 0xfb, 0xf6, 0x5a, 0x08 }, 6, 0, 1, RDX, N, 1, 8, 0, 0 },
	{ "adox 0x18(%rsp),%r9", { 0xf3, 0x4c, 0x0f, 0x38, 0xf6, 0x4c, 0x24, 0x18 }, 8, 0, 1, RSP, N, 1, 0x18, 0, 0 },
	/* legacy: implicit stack and string operands, segments, no-access forms */
	{ "push %rbx", { 0x53 }, 1, 0, 1, RSP, N, 1, -8, 0, 0 },
	{ "ret", { 0xc3 }, 1, X86_BRANCH, 1, RSP, N, 1, 0, 0, 0 },
	{ "call .+5", { 0xe8, 0x00, 0x00, 0x00, 0x00 }, 5, X86_BRANCH, 1, RSP, N, 1, -8, 0, 0 },
	{ "mov %fs:0x28,%rax", { 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0x00, 0x00, 0x00 }, 9, 0, 1, N, N, 1, 0x28, 0, 0 },
	{ "rep stos %al,(%rdi)", { 0xf3, 0xaa }, 2, X86_REPSTR, 1, RDI, N, 1, 0, 0, 0 },
	{ "lea 0x8(%rax),%rbx", { 0x48, 0x8d, 0x58, 0x08 }, 4, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "nopw 0x0(%rax,%rax,1)", { 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 }, 6, 0, 0, 0, 0, 0, 0, 0, 0 },
	/* refused: an operand the general registers do not give, or a footprint a vector register chooses */
	{ "vpgatherdq (%rax,%ymm1,8),%zmm2{%k1}", { 0x62, 0xf2, 0xfd, 0x49, 0x90, 0x14, 0xc8 }, 0, U, -1, 0, 0, 0, 0, 0, 0 },
	{ "movdir64b (%rax),%rcx", { 0x66, 0x0f, 0x38, 0xf8, 0x08 }, 0, U, -1, 0, 0, 0, 0, 0, 0 },
	{ "vmaskmovdqu %xmm1,%xmm2", { 0xc5, 0xf9, 0xf7, 0xd1 }, 0, U, -1, 0, 0, 0, 0, 0, 0 },
	{ "vpmaskmovd (%rax),%ymm1,%ymm2", { 0xc4, 0xe2, 0x75, 0x8c, 0x10 }, 0, U, -1, 0, 0, 0, 0, 0, 0 },
	{ "tileloadd (%rax,%rbx,1),%tmm0", { 0xc4, 0xe2, 0x7b, 0x4b, 0x04, 0x18 }, 0, U, -1, 0, 0, 0, 0, 0, 0 },
	{ "xlat", { 0xd7 }, 0, U, -1, 0, 0, 0, 0, 0, 0 },
};

int x86_selftest(char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < sizeof(vecs) / sizeof(vecs[0]); i++) {
		const struct vec *v = &vecs[i];
		struct x86_insn d;
		const char *bad = NULL;

		if (x86_decode(&d, v->bytes, sizeof(v->bytes)) != 0)
			bad = d.why ? d.why : "not decoded";
		else if ((d.flags & X86_UNSUPPORTED) != (v->flags & X86_UNSUPPORTED))
			bad = d.flags & X86_UNSUPPORTED ? "refused" : "not refused";
		else if (v->flags & X86_UNSUPPORTED)
			continue;
		else if (d.len != v->len)
			bad = "length";
		else if ((d.flags & (X86_BRANCH | X86_REPSTR)) != v->flags)
			bad = "branch or rep flags";
		else if (d.nmem != v->nmem)
			bad = "number of memory operands";
		else if (d.opmask != v->opmask)
			bad = "opmask";
		else if (v->nmem > 0 && (d.mem[0].base != v->base || d.mem[0].index != v->index ||
					    d.mem[0].scale != v->scale || d.mem[0].disp != v->disp ||
					    (d.mem[0].flags & X86_DISP8N) != v->mflags))
			bad = "memory operand";
		if (bad != NULL) {
			snprintf(err, errlen, "%s: %s", v->what, bad);
			return -1;
		}
	}
	{
		/* the address: base + index * scale + disp, RIP-relative from the next instruction, FS added */
		uint64_t g[16];
		struct x86_insn d;
		memset(g, 0, sizeof(g));
		g[RAX] = 0x1000;
		g[RBX] = 2;
		if (x86_decode(&d, vecs[1].bytes, 15) != 0 || x86_addr(&d.mem[0], g, 0, d.len, 0, 0) != 0x1000 + 16 + 8 ||
		    x86_decode(&d, vecs[3].bytes, 15) != 0 || x86_addr(&d.mem[0], g, 0x400000, d.len, 0, 0) != 0x40100a ||
		    x86_decode(&d, (const uint8_t *)"\x64\x48\x8b\x04\x25\x28\x00\x00\x00", 9) != 0 ||
		    x86_addr(&d.mem[0], g, 0, d.len, 0x7000, 0) != 0x7028) {
			snprintf(err, errlen, "x86_addr");
			return -1;
		}
	}
	return 0;
}
