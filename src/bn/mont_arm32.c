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
 * each row, the row's base moves up one word (t has 2n + 2 words): row i
 * works on t[i .. i + n]. The inner loop is 9 instructions for 4 word
 * products. An odd word count is padded with a zero word of a and m (the
 * same algorithm over n + 1 words with the top words zero).
 *
 * Squaring is a product with itself.
 *
 * Constant-time: no branch or address depends on the values (loop counts
 * are the public word count); the final subtraction is masked.
 *
 * The asm is one naked function (AAPCS: arguments in r0-r3, r4-r11 saved),
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
 * The rows of the product: t[0 .. 2n+1] (t[0 .. w] zero on entry, w = n or
 * n + 1, even), x = a and m interleaved over w words, b of n words,
 * ctl = { -m^-1 mod 2^32, w/2 - 1, n }. On return t[n .. n+w] holds
 * a*b/2^(32n) + (0 or m) and is < 2m.
 *
 * Registers: r0 t, r1 x, r2 b[i], r3 u, r4 c1, r5 c2, r6-r7 two words of t,
 * r8-r11 a[j] m[j] a[j+1] m[j+1], r12 loop count, lr -m^-1. The stack keeps
 * x, the b pointer, the pair count, the rows left and the row base.
 */
__attribute__((naked, noinline)) static void umaal_rows(uint32_t *t EMBER_UNUSED, const uint32_t *x EMBER_UNUSED,
    const uint32_t *b EMBER_UNUSED, const uint32_t *ctl EMBER_UNUSED)
{
	__asm__(
	    "push	{r4-r11, lr}\n\t"
	    "sub	sp, sp, #20\n\t"
	    "ldr	lr, [r3]\n\t"
	    "ldr	r12, [r3, #4]\n\t"
	    "str	r12, [sp, #8]\n\t"
	    "ldr	r12, [r3, #8]\n\t"
	    "str	r12, [sp, #12]\n\t"
	    "str	r1, [sp]\n\t"
	    "str	r2, [sp, #4]\n\t"
	    "str	r0, [sp, #16]\n\t"
	    /* one row per word of b */
	    "1:\n\t"
	    "ldr	r12, [sp, #4]\n\t"
	    "ldr	r2, [r12], #4\n\t"
	    "str	r12, [sp, #4]\n\t"
	    "ldr	r1, [sp]\n\t"
	    "ldr	r0, [sp, #16]\n\t"
	    /* words 0 and 1: u is fixed by word 0 (t[0] + a[0]b[i] + m[0]u = 0 mod 2^32) */
	    "ldm	r1!, {r8-r11}\n\t"
	    "ldm	r0, {r6, r7}\n\t"
	    "mov	r4, #0\n\t"
	    "mov	r5, #0\n\t"
	    "umaal	r6, r4, r8, r2\n\t"
	    "mul	r3, r6, lr\n\t"
	    "umaal	r6, r5, r9, r3\n\t"
	    "umaal	r7, r4, r10, r2\n\t"
	    "umaal	r7, r5, r11, r3\n\t"
	    "stm	r0!, {r6, r7}\n\t"
	    "ldr	r12, [sp, #8]\n\t"
	    "cmp	r12, #0\n\t"
	    "beq	3f\n\t"
	    /* two words per turn */
	    "2:\n\t"
	    "ldm	r1!, {r8-r11}\n\t"
	    "ldm	r0, {r6, r7}\n\t"
	    "umaal	r6, r4, r8, r2\n\t"
	    "umaal	r6, r5, r9, r3\n\t"
	    "umaal	r7, r4, r10, r2\n\t"
	    "umaal	r7, r5, r11, r3\n\t"
	    "stm	r0!, {r6, r7}\n\t"
	    "subs	r12, r12, #1\n\t"
	    "bne	2b\n\t"
	    /* the top: t[i+w] + c1 + c2 into t[i+w], t[i+w+1] */
	    "3:\n\t"
	    "ldr	r6, [r0]\n\t"
	    "mov	r7, #0\n\t"
	    "adds	r4, r4, r5\n\t"
	    "adc	r7, r7, #0\n\t"
	    "adds	r6, r6, r4\n\t"
	    "adc	r7, r7, #0\n\t"
	    "stm	r0, {r6, r7}\n\t"
	    /* the next row starts one word up */
	    "ldr	r0, [sp, #16]\n\t"
	    "add	r0, r0, #4\n\t"
	    "str	r0, [sp, #16]\n\t"
	    "ldr	r12, [sp, #12]\n\t"
	    "subs	r12, r12, #1\n\t"
	    "str	r12, [sp, #12]\n\t"
	    "bne	1b\n\t"
	    "add	sp, sp, #20\n\t"
	    "pop	{r4-r11, pc}\n\t");
}

static void ember_bn_mont_mul_umaal(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	const size_t w = n + (n & 1);
	uint32_t x[2 * BN_MAXW + 2], t[2 * BN_MAXW + 2], ctl[3];
	size_t j;

	for (j = 0; j < n; j++) {
		x[2 * j] = a[j];
		x[2 * j + 1] = mc->m[j];
	}
	x[2 * n] = 0;
	x[2 * n + 1] = 0;
	memset(t, 0, (w + 1) * sizeof(t[0]));
	ctl[0] = mc->m0inv;
	ctl[1] = (uint32_t)(w / 2 - 1);
	ctl[2] = (uint32_t)n;
	umaal_rows(t, x, b, ctl);
	bn_final_sub(r, t + n, t[2 * n], mc->m, n);
	ember_wipe(x, 2 * w * sizeof(x[0]));
	ember_wipe(t, (2 * n + 2) * sizeof(t[0]));
}

static void ember_bn_mont_sqr_umaal(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_mont_mul_umaal(r, a, a, mc);
}

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
