/*
 * mont_arm32.c - Montgomery multiplication with UMAAL (32-bit ARM, ARMv6 and
 * later in ARM state, ARMv6T2/ARMv7 in Thumb-2; 32-bit words).
 *
 * UMAAL RdLo, RdHi, Rn, Rm computes RdHi:RdLo = Rn*Rm + RdLo + RdHi, which
 * can never overflow ((2^32-1)^2 + 2(2^32-1) = 2^64-1): one instruction
 * multiplies, adds the word of t and adds the carry of the previous column,
 * and leaves the next carry. Operand scanning (CIOS, Koc, Acar, Kaliski,
 * "Analyzing and comparing Montgomery multiplication algorithms", 1996) with
 * both halves of a row fused: for each word b[i], with t[j] loaded once,
 *
 *	t[j] = t[j] + a[j]*b[i] + c1	(carry c1)
 *	t[j] = t[j] + m[j]*u + c2	(carry c2),	u = (t[0] + a[0]*b[i]) * -m^-1
 *
 * two UMAALs per word, two carry chains. a and m are copied interleaved
 * (a0 m0 a1 m1 ...) so that one LDM fetches two words of each; t is read and
 * written two words at a time. Instead of shifting t down one word after
 * each row, the row's base moves up one word: row i works on t[i .. i + w].
 * The inner loop is 16 instructions for 8 word products. The word count is
 * padded to w, a multiple of 4 (at least 8), with zero words of a and m:
 * the same algorithm over w words with the top words zero, still n rows.
 * The final subtraction is a carry chain over the same LDM/STM blocks.
 *
 * Squaring is a product with itself.
 *
 * Constant-time: no branch or address depends on the values (loop counts
 * are the public word count); the final subtraction is masked.
 *
 * The asm is two naked functions (AAPCS: arguments in r0-r3, r4-r11 saved),
 * written in unified syntax so that it assembles in ARM and in Thumb-2
 * state. On other targets (and in Thumb-1, which lacks UMAAL) the
 * descriptor exists with supported() = 0 and the portable products in its
 * slots, never called.
 */
#include "bn/bn_internal.h"

#if defined(EMBER_ARM32) && EMBER_BN_WORD_BITS == 32 && defined(__ARM_ARCH) && __ARM_ARCH >= 6 && \
    (!defined(__thumb__) || defined(__thumb2__)) &&                                                  \
    (!defined(__ARM_ARCH_PROFILE) || __ARM_ARCH_PROFILE != 'M' || defined(__ARM_FEATURE_DSP))

/*
 * The rows of the product: t[0 .. n+w+1] (t[0 .. w] zero on entry; w is n
 * rounded up to a multiple of 4, at least 8), x = a and m interleaved over
 * w words (zero above n), b of n words, ctl = { -m^-1 mod 2^32, w/4 - 1,
 * the end of b, a, m, n/2 }: the first 2(n/2) pairs of x are filled here
 * from a and m, the rest by the caller. On return t[n .. n+w] holds
 * a*b/2^(32n) + (0 or m), < 2m, so t[2n] is 0 or 1 and the words above it
 * are zero; t[0 .. n-1] are zero.
 *
 * Registers: r0 t, r1 x, r2 b[i], r3 u, r4 c1, r5 c2, r6-r7 two words of t,
 * r8-r11 a[j] m[j] a[j+1] m[j+1], r12 loop count, lr the b pointer. The
 * stack keeps x, the row base, -m^-1, the quad count and the end of b.
 */
__attribute__((naked, noinline)) static void umaal_rows(uint32_t *t EMBER_UNUSED, const uint32_t *x EMBER_UNUSED,
    const uint32_t *b EMBER_UNUSED, const uintptr_t *ctl EMBER_UNUSED)
{
	__asm__(
	    "push	{r4-r11, lr}\n\t"
	    "sub	sp, sp, #20\n\t"
	    /* x[2j], x[2j+1] = a[j], m[j], two words of each per turn */
	    "ldr	r8, [r3, #12]\n\t"
	    "ldr	r9, [r3, #16]\n\t"
	    "ldr	r12, [r3, #20]\n\t"
	    "mov	r10, r1\n\t"
	    "cmp	r12, #0\n\t"
	    "beq	1f\n\t"
	    "0:\n\t"
	    "ldm	r8!, {r4, r6}\n\t"
	    "ldm	r9!, {r5, r7}\n\t"
	    "stm	r10!, {r4-r7}\n\t"
	    "subs	r12, r12, #1\n\t"
	    "bne	0b\n\t"
	    "1:\n\t"
	    "str	r1, [sp]\n\t"
	    "str	r0, [sp, #4]\n\t"
	    "mov	lr, r2\n\t"
	    "ldr	r12, [r3]\n\t"
	    "str	r12, [sp, #8]\n\t"
	    "ldr	r12, [r3, #4]\n\t"
	    "str	r12, [sp, #12]\n\t"
	    "ldr	r12, [r3, #8]\n\t"
	    "str	r12, [sp, #16]\n\t"
	    /* one row per word of b */
	    "3:\n\t"
	    "ldr	r2, [lr], #4\n\t"
	    "ldr	r1, [sp]\n\t"
	    "ldr	r0, [sp, #4]\n\t"
	    /* words 0-3; u is fixed by word 0 (t[0] + a[0]b[i] + m[0]u = 0 mod 2^32) */
	    "ldm	r1!, {r8-r11}\n\t"
	    "ldm	r0, {r6, r7}\n\t"
	    "mov	r4, #0\n\t"
	    "mov	r5, #0\n\t"
	    "umaal	r6, r4, r8, r2\n\t"
	    "ldr	r3, [sp, #8]\n\t"
	    "mul	r3, r6, r3\n\t"
	    "umaal	r6, r5, r9, r3\n\t"
	    "umaal	r7, r4, r10, r2\n\t"
	    "umaal	r7, r5, r11, r3\n\t"
	    "stm	r0!, {r6, r7}\n\t"
	    "ldm	r1!, {r8-r11}\n\t"
	    "ldm	r0, {r6, r7}\n\t"
	    "umaal	r6, r4, r8, r2\n\t"
	    "umaal	r6, r5, r9, r3\n\t"
	    "umaal	r7, r4, r10, r2\n\t"
	    "umaal	r7, r5, r11, r3\n\t"
	    "stm	r0!, {r6, r7}\n\t"
	    "ldr	r12, [sp, #12]\n\t"
	    /* four words per turn (at least one turn: w >= 8) */
	    "2:\n\t"
	    "ldm	r1!, {r8-r11}\n\t"
	    "ldm	r0, {r6, r7}\n\t"
	    "umaal	r6, r4, r8, r2\n\t"
	    "umaal	r6, r5, r9, r3\n\t"
	    "umaal	r7, r4, r10, r2\n\t"
	    "umaal	r7, r5, r11, r3\n\t"
	    "stm	r0!, {r6, r7}\n\t"
	    "ldm	r1!, {r8-r11}\n\t"
	    "ldm	r0, {r6, r7}\n\t"
	    "umaal	r6, r4, r8, r2\n\t"
	    "umaal	r6, r5, r9, r3\n\t"
	    "umaal	r7, r4, r10, r2\n\t"
	    "umaal	r7, r5, r11, r3\n\t"
	    "stm	r0!, {r6, r7}\n\t"
	    "subs	r12, r12, #1\n\t"
	    "bne	2b\n\t"
	    /* the top: t[i+w] + c1 + c2 (one UMAAL by 1) into t[i+w], t[i+w+1] */
	    "ldr	r6, [r0]\n\t"
	    "mov	r7, #1\n\t"
	    "umaal	r4, r5, r6, r7\n\t"
	    "stm	r0, {r4, r5}\n\t"
	    /* the next row starts one word up */
	    "ldr	r0, [sp, #4]\n\t"
	    "add	r0, r0, #4\n\t"
	    "str	r0, [sp, #4]\n\t"
	    "ldr	r12, [sp, #16]\n\t"
	    "cmp	lr, r12\n\t"
	    "bne	3b\n\t"
	    "add	sp, sp, #20\n\t"
	    "pop	{r4-r11, pc}\n\t");
}

/*
 * r = t - m when t (n words and the top word t[n], 0 or 1) >= m, else t:
 * one pass for the borrow of t - m, one for r = t - (m & mask), four words
 * per LDM where it can (the carry flag runs through the loops: the loop
 * tests are TEQs of pointers, which leave it alone). t < 2m.
 *
 * Registers: r0 r, r1 t, r2 m, r3 n then the mask, r4-r7 t, r8-r11 m,
 * r12 the end of the single words (n mod 4 of them, first), lr the end of t.
 */
__attribute__((naked, noinline)) static void umaal_final_sub(uint32_t *r EMBER_UNUSED,
    const uint32_t *t EMBER_UNUSED, const uint32_t *m EMBER_UNUSED, size_t n EMBER_UNUSED)
{
	__asm__(
	    "push	{r4-r11, lr}\n\t"
	    "and	r12, r3, #3\n\t"
	    "add	r12, r1, r12, lsl #2\n\t"
	    "add	lr, r1, r3, lsl #2\n\t"
	    "cmp	r0, r0\n\t" /* C = 1: no borrow yet */
	    "b	2f\n\t"
	    "1:\n\t"
	    "ldr	r4, [r1], #4\n\t"
	    "ldr	r8, [r2], #4\n\t"
	    "sbcs	r4, r4, r8\n\t"
	    "2:\n\t"
	    "teq	r1, r12\n\t"
	    "bne	1b\n\t"
	    "b	4f\n\t"
	    "3:\n\t"
	    "ldm	r1!, {r4-r7}\n\t"
	    "ldm	r2!, {r8-r11}\n\t"
	    "sbcs	r4, r4, r8\n\t"
	    "sbcs	r5, r5, r9\n\t"
	    "sbcs	r6, r6, r10\n\t"
	    "sbcs	r7, r7, r11\n\t"
	    "4:\n\t"
	    "teq	r1, lr\n\t"
	    "bne	3b\n\t"
	    /* mask = all ones when t[n] != 0 or there was no borrow */
	    "ldr	r4, [r1]\n\t"
	    "sbc	r5, r5, r5\n\t" /* -1 on a borrow */
	    "rsb	r4, r4, #0\n\t"
	    "bic	r5, r5, r4\n\t"
	    "sub	r1, r1, r3, lsl #2\n\t"
	    "sub	r2, r2, r3, lsl #2\n\t"
	    "mvn	r3, r5\n\t"
	    "cmp	r0, r0\n\t"
	    "b	6f\n\t"
	    "5:\n\t"
	    "ldr	r4, [r1], #4\n\t"
	    "ldr	r8, [r2], #4\n\t"
	    "and	r8, r8, r3\n\t"
	    "sbcs	r4, r4, r8\n\t"
	    "str	r4, [r0], #4\n\t"
	    "6:\n\t"
	    "teq	r1, r12\n\t"
	    "bne	5b\n\t"
	    "b	8f\n\t"
	    "7:\n\t"
	    "ldm	r1!, {r4-r7}\n\t"
	    "ldm	r2!, {r8-r11}\n\t"
	    "and	r8, r8, r3\n\t"
	    "and	r9, r9, r3\n\t"
	    "and	r10, r10, r3\n\t"
	    "and	r11, r11, r3\n\t"
	    "sbcs	r4, r4, r8\n\t"
	    "sbcs	r5, r5, r9\n\t"
	    "sbcs	r6, r6, r10\n\t"
	    "sbcs	r7, r7, r11\n\t"
	    "stm	r0!, {r4-r7}\n\t"
	    "8:\n\t"
	    "teq	r1, lr\n\t"
	    "bne	7b\n\t"
	    "pop	{r4-r11, pc}\n\t");
}

static void ember_bn_mont_mul_umaal(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	const size_t w = n <= 8 ? 8 : (n + 3) & ~(size_t)3;
	/* t (n + w + 2 words), then x (2w words): one area to wipe */
	uint32_t buf[4 * BN_MAXW + 32];
	uint32_t *t = buf, *x = buf + n + w + 2;
	uintptr_t ctl[6];
	size_t j;

	for (j = n & ~(size_t)1; j < w; j++) {
		x[2 * j] = j < n ? a[j] : 0;
		x[2 * j + 1] = j < n ? mc->m[j] : 0;
	}
	memset(t, 0, (w + 1) * sizeof(t[0]));
	ctl[0] = mc->m0inv;
	ctl[1] = w / 4 - 1;
	ctl[2] = (uintptr_t)(b + n);
	ctl[3] = (uintptr_t)a;
	ctl[4] = (uintptr_t)mc->m;
	ctl[5] = n / 2;
	umaal_rows(t, x, b, ctl);
	umaal_final_sub(r, t + n, mc->m, n);
	/* t[0 .. n-1] are zero: the rows leave the words below the result cleared */
	ember_wipe(t + n, (w + 2 + 2 * w) * sizeof(t[0]));
}

static void ember_bn_mont_sqr_umaal(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_mont_mul_umaal(r, a, a, mc);
}

/*
 * UMAAL belongs to the instruction set this file is built for (the #if
 * above), like any instruction the compiler emits, not to an optional
 * extension: no EMBER_CPUCAP word turns it off.
 */
static int ember_bn_mont_umaal_supported(void)
{
	return 1;
}

#else

/* Not a 32-bit ARM with UMAAL: never supported, never called. */
static void ember_bn_mont_mul_umaal(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	ember_bn_mont_mul_ref(r, a, b, mc);
}

static void ember_bn_mont_sqr_umaal(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_mont_sqr_ref(r, a, mc);
}

static int ember_bn_mont_umaal_supported(void)
{
	return 0;
}

#endif

const ember_bn_mont_desc ember_bn_mont_umaal_desc = {
	"bn", "umaal", EMBER_IMPL_CT | EMBER_IMPL_HW, ember_bn_mont_umaal_supported, ember_bn_mont_mul_umaal,
	ember_bn_mont_sqr_umaal, NULL, NULL, NULL
};
