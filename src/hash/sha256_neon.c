/*
 * sha256_neon.c - SHA-224 and SHA-256 block function for 32-bit ARMv7-A
 * with NEON (e.g. Cortex-A9): the message schedule four words at a time on
 * NEON, the rounds on the integer core, as OpenSSL's armv4 code does.
 *
 * A round has no parallelism NEON could use, but the schedule does: NEON
 * computes W + K sixteen words ahead into a 64-byte stack ring while the
 * core runs the rounds, which then load W + K in one instruction. The
 * block function is assembler (a top-level asm statement with gas macros):
 * compiled from C, gcc kept the K and ring addresses on the stack,
 * reloaded them for every vector load and store, and copied registers to
 * join vector halves, 3 % more instructions than the assembler here.
 *
 * A round is 17 instructions: Sigma1 and Sigma0 are two eor each plus the
 * final rotation folded into the add that uses them (ARM rotates an
 * operand for free), Ch is ((f ^ g) & e) ^ g, and Maj is
 * ((a ^ b) & (b ^ c)) ^ b with this round's a ^ b kept as the next
 * round's b ^ c (two registers that swap roles each round).
 *
 * Constant-time: no data-dependent branch or index. Init, update and
 * final are sha256_ref.c's. The ring is wiped before returning.
 *
 * The descriptors exist on 32-bit ARM only (their registry lines carry the
 * same #if); elsewhere this file is empty. On an ARMv6 or M-profile build
 * (no NEON possible) supported() returns 0 and the block function is the
 * portable one.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_ARM32)

#if defined(__GNUC__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && \
    (!defined(__ARM_ARCH_PROFILE) || __ARM_ARCH_PROFILE == 'A')
#define SHA256_NEON 1
#endif

#if defined(SHA256_NEON)

/* h: the eight state words, p: nblocks (> 0) 64-byte blocks, k: ember_sha256_k */
void ember_sha256_neon_core(uint32_t *h, const uint8_t *p, size_t nblocks, const uint32_t *k);

#if defined(__thumb__)
#define SHA256_FUNC_MODE "\t.thumb\n\t.thumb_func\n"
#else
#define SHA256_FUNC_MODE "\t.arm\n"
#endif

/*
 * Registers: a..h in r4..r11 (renamed from round to round, never moved),
 * r0 and the pair r2/r3 (b ^ c and a ^ b, swapping) for the rounds, r1
 * the ring pointer, lr the K pointer, q8..q11 W[t-16 .. t-1], q12..q15
 * the schedule's temporaries. Stack: the ring at sp .. sp+63, then h, p
 * and the end of the input.
 */
__asm__(
	"\t.pushsection .text\n"
	"\t.syntax unified\n"
	"\t.fpu neon\n"
	"\t.p2align 2\n"
	"\t.global ember_sha256_neon_core\n"
	"\t.hidden ember_sha256_neon_core\n"
	"\t.type ember_sha256_neon_core, %function\n"
	SHA256_FUNC_MODE

	/* FIPS 180-4, 6.2.2 step 3 with the variables renamed rather than shifted */
	"\t.macro RND a, b, c, d, e, f, g, h, i, x, bc\n"
	"\tldr \\x, [sp, #4*(\\i)]\n"                /* W[t] + K[t] */
	"\teor r0, \\e, \\e, ror #5\n"
	"\teor r0, r0, \\e, ror #19\n"             /* Sigma1(e) rotated left 6 */
	"\tadd \\h, \\h, \\x\n"
	"\teor \\x, \\f, \\g\n"
	"\tadd \\h, \\h, r0, ror #6\n"
	"\tand \\x, \\x, \\e\n"
	"\teor \\x, \\x, \\g\n"                    /* Ch(e, f, g) */
	"\tadd \\h, \\h, \\x\n"
	"\teor r0, \\a, \\a, ror #11\n"
	"\teor r0, r0, \\a, ror #20\n"             /* Sigma0(a) rotated left 2 */
	"\tadd \\d, \\d, \\h\n"
	"\teor \\x, \\a, \\b\n"                    /* a ^ b: the next round's b ^ c */
	"\tadd \\h, \\h, r0, ror #2\n"
	"\tand \\bc, \\bc, \\x\n"
	"\teor \\bc, \\bc, \\b\n"                  /* Maj(a, b, c) */
	"\tadd \\h, \\h, \\bc\n"
	"\t.endm\n"

	"\t.macro RND4 i, a, b, c, d, e, f, g, h\n"
	"\tRND \\a, \\b, \\c, \\d, \\e, \\f, \\g, \\h, \\i+0, r2, r3\n"
	"\tRND \\h, \\a, \\b, \\c, \\d, \\e, \\f, \\g, \\i+1, r3, r2\n"
	"\tRND \\g, \\h, \\a, \\b, \\c, \\d, \\e, \\f, \\i+2, r2, r3\n"
	"\tRND \\f, \\g, \\h, \\a, \\b, \\c, \\d, \\e, \\i+3, r3, r2\n"
	"\t.endm\n"

	/*
	 * FIPS 180-4, 6.2.2 step 1 for W[t .. t+3], x0..x3 holding
	 * W[t-16 .. t-1]: x0 becomes W[t .. t+3] and W + K goes to the ring.
	 * sigma0 on four words, sigma1 on two (W[t+2] needs W[t]); a rotation
	 * is a shift right and a shift-left-insert. x0l/x0h and x3h are the
	 * d-register halves.
	 */
	"\t.macro SCHED x0, x0l, x0h, x1, x2, x3, x3h\n"
	"\tvext.8 q12, \\x0, \\x1, #4\n"           /* W[t-15 .. t-12] */
	"\tvext.8 q13, \\x2, \\x3, #4\n"           /* W[t-7 .. t-4] */
	"\tvshr.u32 q14, q12, #7\n"
	"\tvadd.i32 \\x0, \\x0, q13\n"
	"\tvshr.u32 q13, q12, #3\n"
	"\tvsli.32 q14, q12, #25\n"
	"\tvshr.u32 q15, q12, #18\n"
	"\tveor q13, q13, q14\n"
	"\tvsli.32 q15, q12, #14\n"
	"\tvshr.u32 d28, \\x3h, #17\n"
	"\tveor q13, q13, q15\n"                   /* sigma0 */
	"\tvsli.32 d28, \\x3h, #15\n"
	"\tvshr.u32 d29, \\x3h, #10\n"
	"\tvadd.i32 \\x0, \\x0, q13\n"
	"\tveor d29, d29, d28\n"
	"\tvshr.u32 d28, \\x3h, #19\n"
	"\tvsli.32 d28, \\x3h, #13\n"
	"\tveor d29, d29, d28\n"                   /* sigma1(W[t-2 .. t-1]) */
	"\tvadd.i32 \\x0l, \\x0l, d29\n"
	"\tvshr.u32 d28, \\x0l, #17\n"
	"\tvsli.32 d28, \\x0l, #15\n"
	"\tvshr.u32 d29, \\x0l, #10\n"
	"\tveor d29, d29, d28\n"
	"\tvshr.u32 d28, \\x0l, #19\n"
	"\tvld1.32 {d24-d25}, [lr]!\n"             /* K[t .. t+3] */
	"\tvsli.32 d28, \\x0l, #13\n"
	"\tveor d29, d29, d28\n"                   /* sigma1(W[t .. t+1]) */
	"\tvadd.i32 \\x0h, \\x0h, d29\n"
	"\tvadd.i32 q12, q12, \\x0\n"
	"\tvst1.32 {d24-d25}, [r1]!\n"
	"\t.endm\n"

	/* sixteen rounds from the ring; with s, the schedule extended after each four */
	"\t.macro PASS s\n"
	"\tRND4 0, r4, r5, r6, r7, r8, r9, r10, r11\n"
	"\t.if \\s\n"
	"\tSCHED q8, d16, d17, q9, q10, q11, d23\n"
	"\t.endif\n"
	"\tRND4 4, r8, r9, r10, r11, r4, r5, r6, r7\n"
	"\t.if \\s\n"
	"\tSCHED q9, d18, d19, q10, q11, q8, d17\n"
	"\t.endif\n"
	"\tRND4 8, r4, r5, r6, r7, r8, r9, r10, r11\n"
	"\t.if \\s\n"
	"\tSCHED q10, d20, d21, q11, q8, q9, d19\n"
	"\t.endif\n"
	"\tRND4 12, r8, r9, r10, r11, r4, r5, r6, r7\n"
	"\t.if \\s\n"
	"\tSCHED q11, d22, d23, q8, q9, q10, d21\n"
	"\tmov r1, sp\n"
	"\t.endif\n"
	"\t.endm\n"

	"ember_sha256_neon_core:\n"
	"\tpush {r3-r11, lr}\n"                    /* r3: keeps sp 8-byte aligned */
	"\tsub sp, sp, #80\n"
	"\tadd r2, r1, r2, lsl #6\n"
	"\tstr r0, [sp, #64]\n"
	"\tstr r2, [sp, #72]\n"
	"\tmov lr, r3\n"
	"\tldm r0, {r4-r11}\n"
	"1:\n"
	/* W[0 .. 15] from the big-endian message, W + K of rounds 0 .. 15 to the ring */
	"\tvld1.8 {d16-d19}, [r1]!\n"
	"\tvld1.8 {d20-d23}, [r1]!\n"
	"\tvld1.32 {d24-d27}, [lr]!\n"
	"\tvld1.32 {d28-d31}, [lr]!\n"
	"\tstr r1, [sp, #68]\n"
	"\tvrev32.8 q8, q8\n"
	"\tvrev32.8 q9, q9\n"
	"\tvrev32.8 q10, q10\n"
	"\tvrev32.8 q11, q11\n"
	"\tvadd.i32 q12, q12, q8\n"
	"\tvadd.i32 q13, q13, q9\n"
	"\tvadd.i32 q14, q14, q10\n"
	"\tvadd.i32 q15, q15, q11\n"
	"\tmov r1, sp\n"
	"\tvst1.32 {d24-d27}, [r1]!\n"
	"\tvst1.32 {d28-d31}, [r1]\n"
	"\tmov r1, sp\n"
	"\teor r3, r5, r6\n"                       /* b ^ c */
	"\tPASS 1\n"
	"\tPASS 1\n"
	"\tPASS 1\n"
	"\tPASS 0\n"
	/* h += a .. h */
	"\tldr r0, [sp, #64]\n"
	"\tldm r0, {r1, r2, r3, r12}\n"
	"\tadd r4, r4, r1\n"
	"\tadd r5, r5, r2\n"
	"\tadd r6, r6, r3\n"
	"\tadd r7, r7, r12\n"
	"\tldrd r2, r3, [r0, #16]\n"
	"\tadd r8, r8, r2\n"
	"\tadd r9, r9, r3\n"
	"\tldrd r2, r3, [r0, #24]\n"
	"\tadd r10, r10, r2\n"
	"\tadd r11, r11, r3\n"
	"\tstm r0, {r4-r11}\n"
	"\tldr r1, [sp, #68]\n"
	"\tldr r2, [sp, #72]\n"
	"\tsub lr, lr, #256\n"
	"\tcmp r1, r2\n"
	"\tbne 1b\n"
	/* wipe the ring */
	"\tvmov.i32 q12, #0\n"
	"\tvmov.i32 q13, #0\n"
	"\tmov r1, sp\n"
	"\tvst1.32 {d24-d27}, [r1]!\n"
	"\tvst1.32 {d24-d27}, [r1]\n"
	"\tadd sp, sp, #80\n"
	"\tpop {r3-r11, pc}\n"
	"\t.size ember_sha256_neon_core, .-ember_sha256_neon_core\n"
	"\t.purgem RND\n"
	"\t.purgem RND4\n"
	"\t.purgem SCHED\n"
	"\t.purgem PASS\n"
	"\t.popsection\n");

int ember_sha256_neon_supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

void ember_sha256_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	if (nblocks)
		ember_sha256_neon_core(h, p, nblocks, ember_sha256_k);
}

#else /* !SHA256_NEON: no ARMv7-A */

int ember_sha256_neon_supported(void)
{
	return 0;
}

void ember_sha256_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	ember_sha256_ref_blocks(h, p, nblocks);
}

#endif

static void d_init256(void *c) { ember_sha256_start((ember_sha256_ctx *)c, 32, ember_sha256_neon_blocks); }
static void d_init224(void *c) { ember_sha256_start((ember_sha256_ctx *)c, 28, ember_sha256_neon_blocks); }
static void d_update(void *c, const void *p, size_t n) { ember_sha256_update((ember_sha256_ctx *)c, p, n); }
/* SHA-224's final is SHA-256's; the context carries out_len */
static void d_final(void *c, uint8_t *out) { ember_sha256_final((ember_sha256_ctx *)c, out); }

const ember_hash_desc ember_sha256_neon_desc = {
	"sha256", "sha2-256", "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, 32, 64, sizeof(ember_sha256_ctx),
	ember_sha256_neon_supported, d_init256, d_update, d_final
};

const ember_hash_desc ember_sha224_neon_desc = {
	"sha224", "sha2-224", "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, 28, 64, sizeof(ember_sha256_ctx),
	ember_sha256_neon_supported, d_init224, d_update, d_final
};

#endif
