/*
 * mont_mips32.c - Montgomery multiplication with MULTU/MADDU (MIPS32
 * releases 1 to 5; 32-bit words).
 *
 * MADDU rs, rt adds the 64-bit product rs*rt to the HI:LO accumulator, and
 * MULTU t, 1 loads a word into it: one word step of the operand scanning
 * form (CIOS, Koc, Acar, Kaliski, "Analyzing and comparing Montgomery
 * multiplication algorithms", 1996) with both halves of a row fused,
 *
 *	t[j] + a[j]*b[i] + c1		-> x, carry c1
 *	x + m[j]*u + c2			-> t[j-1], carry c2
 *
 * is 9 accumulator instructions (each sum is below 2^64: no carry is lost)
 * and three loads and a store, 13 instructions for two word products (in
 * the portable C each 64-bit addition is an add and a compare per half).
 * The row's inner loop is unrolled four times; a row ends with t shifted
 * down one word, as CIOS does.
 *
 * Squaring has its own code: the cross products a[i]*a[j] (i < j) once,
 * two rows at a time in the same 13-instruction step, doubled, plus the
 * squares; then the 2n-word square is reduced two rows (two quotient
 * words) at a time, again in that step: 1.5 n^2 word products instead of
 * 2 n^2. rsa2048 sign + verify under qemu-mipsel -cpu 24Kf (make
 * insncount): 106965627 instructions with the portable code, 46885109
 * with this file's product as the square too, 39199077 with the square
 * (OpenSSL's MIPS assembler: 85622417; docs/BENCHMARKS.md).
 *
 * Constant-time: no branch or address depends on the values (loop counts
 * are the public word count; under qemu the backend runs the same number
 * of instructions for every operand); the final subtraction is masked, its
 * borrows SLTU results (mips32_final_sub; gcc 12 -O2 emits no branch for
 * them). The multiplications are the MULTU and
 * MADDU the portable code compiles to here as well: their timing is the
 * core's multiply unit's (fixed on a pipelined 32x32 unit such as the
 * 24K's; a 32x16 unit with an early-in check, as in some 4K cores, may
 * finish sooner for a short operand: not measured, and not made worse by
 * this file).
 *
 * On other targets (and in MIPS16 mode, and on release 6, which removed HI
 * and LO) the descriptor exists with supported() = 0 and the portable
 * products in its slots, never called.
 */
#include "bn/bn_internal.h"

#if defined(__mips__) && defined(__mips) && __mips == 32 && EMBER_BN_WORD_BITS == 32 && \
    !defined(__mips16) && (!defined(__mips_isa_rev) || __mips_isa_rev < 6)

/*
 * r = t - m when t (n words and the top word hi, 0 or 1) >= m, else t, as
 * bn_final_sub, with each borrow one SLTU pair (a MIPS comparison writes
 * 0 or 1 to a register, no branch): 8 and 12 instructions a word against
 * bn_final_sub's 13 and 17 here. r may alias t; t < 2m.
 */
static void mips32_final_sub(uint32_t *r, const uint32_t *t, uint32_t hi, const uint32_t *m, size_t n)
{
	uint32_t borrow = 0, mask;
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t x = t[i], y = m[i], d = x - y;
		borrow = (x < y) | (d < borrow);
	}
	/* subtract when hi is set (t >= R > m) or there was no borrow */
	mask = (0u - hi) | (borrow - 1);
	borrow = 0;
	for (i = 0; i < n; i++) {
		uint32_t x = t[i], y = m[i] & mask, d = x - y;
		r[i] = d - borrow;
		borrow = (x < y) | (d < borrow);
	}
}

/*
 * One step j of a row: t points at t[j + k] (k the step's place in the
 * unrolled turn), a and m at a[j + k], m[j + k]; the result goes to
 * t[j + k - 1] (MIPS32_STEP, the product's rows) or to t[j + k]
 * (MIPS32_STEP_AT(k, ""), the squaring's, whose m points one word lower).
 */
#define MIPS32_STEP_AT(k, st)                                                                            \
	"lw	%[x0], " #k "*4(%[a])\n\t"                                                              \
	"lw	%[x1], " #k "*4(%[t])\n\t"                                                              \
	"multu	%[x1], %[one]\n\t"                                                                  \
	"maddu	%[x0], %[bi]\n\t"                                                                   \
	"lw	%[x0], " #k "*4(%[m])\n\t"                                                              \
	"maddu	%[c1], %[one]\n\t"                                                                  \
	"mfhi	%[c1]\n\t"                                                                          \
	"mthi	$0\n\t"                                                                             \
	"maddu	%[x0], %[u]\n\t"                                                                    \
	"maddu	%[c2], %[one]\n\t"                                                                  \
	"mflo	%[x1]\n\t"                                                                          \
	"mfhi	%[c2]\n\t"                                                                          \
	"sw	%[x1], " #k "*4" st "(%[t])\n\t"
#define MIPS32_STEP(k) MIPS32_STEP_AT(k, "-4")

/*
 * Row i of the product: t (n + 2 words, t[n] 0 or 1) becomes
 * (t + a*bi + m*u) / 2^32 with u = -(t[0] + a[0]*bi) / m[0] mod 2^32.
 * rem = (n - 1) % 4 single steps, then quads = (n - 1) / 4 turns of four.
 */
static void mips32_row(uint32_t *t, const uint32_t *a, const uint32_t *m, uint32_t bi, uint32_t m0inv,
    size_t rem, size_t quads)
{
	uint32_t x0, x1, c1, c2, u;
	const uint32_t one = 1;

	__asm__ volatile(
	    ".set	push\n\t"
	    ".set	noreorder\n\t"
	    /* word 0: u makes t[0] + a[0]*bi + m[0]*u = 0 mod 2^32 (MUL clobbers HI:LO: before the MULTU) */
	    "lw	%[x0], 0(%[a])\n\t"
	    "lw	%[x1], 0(%[t])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[x0], %[bi]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[c1]\n\t"
	    "mul	%[u], %[x1], %[m0]\n\t"
	    "lw	%[x0], 0(%[m])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[x0], %[u]\n\t"
	    "mfhi	%[c2]\n\t"
	    "addiu	%[a], %[a], 4\n\t"
	    "addiu	%[m], %[m], 4\n\t"
	    "beqz	%[rem], 2f\n\t"
	    " addiu	%[t], %[t], 4\n\t"
	    /* the single steps */
	    "1:\n\t" MIPS32_STEP(0)
	    "addiu	%[rem], %[rem], -1\n\t"
	    "addiu	%[a], %[a], 4\n\t"
	    "addiu	%[m], %[m], 4\n\t"
	    "bnez	%[rem], 1b\n\t"
	    " addiu	%[t], %[t], 4\n\t"
	    "2:\n\t"
	    "beqz	%[quads], 4f\n\t"
	    " nop\n\t"
	    /* four steps a turn */
	    "3:\n\t" MIPS32_STEP(0) MIPS32_STEP(1) MIPS32_STEP(2) MIPS32_STEP(3)
	    "addiu	%[quads], %[quads], -1\n\t"
	    "addiu	%[a], %[a], 16\n\t"
	    "addiu	%[m], %[m], 16\n\t"
	    "bnez	%[quads], 3b\n\t"
	    " addiu	%[t], %[t], 16\n\t"
	    "4:\n\t"
	    /* the top: t[n] + c1 + c2 into t[n - 1], t[n] */
	    "lw	%[x1], 0(%[t])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[c1], %[one]\n\t"
	    "maddu	%[c2], %[one]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[x0]\n\t"
	    "sw	%[x1], -4(%[t])\n\t"
	    "sw	%[x0], 0(%[t])\n\t"
	    ".set	pop\n\t"
	    : [t] "+r"(t), [a] "+r"(a), [m] "+r"(m), [rem] "+r"(rem), [quads] "+r"(quads), [x0] "=&r"(x0),
	    [x1] "=&r"(x1), [c1] "=&r"(c1), [c2] "=&r"(c2), [u] "=&r"(u)
	    : [bi] "r"(bi), [m0] "r"(m0inv), [one] "r"(one)
	    : "hi", "lo", "memory");
}

static void ember_bn_mont_mul_mips32(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	uint32_t t[BN_MAXW + 2];
	size_t i;

	memset(t, 0, (n + 1) * sizeof(t[0]));
	for (i = 0; i < n; i++)
		mips32_row(t, a, mc->m, b[i], mc->m0inv, (n - 1) & 3, (n - 1) >> 2);
	mips32_final_sub(r, t, t[n], mc->m, n);
	/* the unreduced output is a secret when a or b is */
	ember_wipe(t, (n + 1) * sizeof(t[0]));
}

/* One step of mips32_addmul: d[k] += s[k]*k0 + c, carry c. */
#define MIPS32_ADDMUL(k)                                                                            \
	"lw	%[x0], " #k "*4(%[s])\n\t"                                                              \
	"lw	%[x1], " #k "*4(%[d])\n\t"                                                              \
	"multu	%[x1], %[one]\n\t"                                                                  \
	"maddu	%[x0], %[k0]\n\t"                                                                   \
	"maddu	%[c], %[one]\n\t"                                                                   \
	"mflo	%[x1]\n\t"                                                                          \
	"mfhi	%[c]\n\t"                                                                           \
	"sw	%[x1], " #k "*4(%[d])\n\t"

/* d[0 .. len) += s[0 .. len) * k0, returning the carry word; len = rem + 4 quads. */
static uint32_t mips32_addmul(uint32_t *d, const uint32_t *s, uint32_t k0, size_t rem, size_t quads)
{
	uint32_t x0, x1, c;
	const uint32_t one = 1;

	__asm__ volatile(
	    ".set	push\n\t"
	    ".set	noreorder\n\t"
	    "beqz	%[rem], 2f\n\t"
	    " move	%[c], $0\n\t"
	    "1:\n\t" MIPS32_ADDMUL(0)
	    "addiu	%[rem], %[rem], -1\n\t"
	    "addiu	%[s], %[s], 4\n\t"
	    "bnez	%[rem], 1b\n\t"
	    " addiu	%[d], %[d], 4\n\t"
	    "2:\n\t"
	    "beqz	%[quads], 4f\n\t"
	    " nop\n\t"
	    "3:\n\t" MIPS32_ADDMUL(0) MIPS32_ADDMUL(1) MIPS32_ADDMUL(2) MIPS32_ADDMUL(3)
	    "addiu	%[quads], %[quads], -1\n\t"
	    "addiu	%[s], %[s], 16\n\t"
	    "bnez	%[quads], 3b\n\t"
	    " addiu	%[d], %[d], 16\n\t"
	    "4:\n\t"
	    ".set	pop\n\t"
	    : [d] "+r"(d), [s] "+r"(s), [rem] "+r"(rem), [quads] "+r"(quads), [x0] "=&r"(x0), [x1] "=&r"(x1),
	    [c] "=&r"(c)
	    : [k0] "r"(k0), [one] "r"(one)
	    : "hi", "lo", "memory");
	return c;
}

/*
 * Two rows of the cross products at once, i and i + 1 (i <= n - 3; t
 * points at t[2i+1], x at a[i]): t[2i+1 .. i+n-1] += a[i]*a[i+1 .. n-1] and
 * t[2i+3 .. i+n] += a[i+1]*a[i+2 .. n-1], each step j adding a[i]*a[j] and
 * a[i+1]*a[j-1] to t[i+j] as one step of the product. t[i+n] and t[i+n+1]
 * are written (no row before reaches them). rem + 4 quads = n - 3 - i.
 */
static void mips32_cross2(uint32_t *t, const uint32_t *x, size_t rem, size_t quads)
{
	uint32_t x0, x1, c1, c2, bi, u;
	const uint32_t *a = x + 3, *mm = x + 2;
	const uint32_t one = 1;

	__asm__ volatile(
	    ".set	push\n\t"
	    ".set	noreorder\n\t"
	    "lw	%[bi], -12(%[a])\n\t"
	    "lw	%[u], -8(%[a])\n\t"
	    /* t[2i+1] + a[i]*a[i+1] */
	    "lw	%[x1], 0(%[t])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[bi], %[u]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[c1]\n\t"
	    "sw	%[x1], 0(%[t])\n\t"
	    /* t[2i+2] + a[i]*a[i+2] + c1 */
	    "lw	%[x1], 4(%[t])\n\t"
	    "lw	%[x0], -4(%[a])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[x0], %[bi]\n\t"
	    "maddu	%[c1], %[one]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[c1]\n\t"
	    "sw	%[x1], 4(%[t])\n\t"
	    "move	%[c2], $0\n\t"
	    "beqz	%[rem], 2f\n\t"
	    " addiu	%[t], %[t], 8\n\t"
	    "1:\n\t" MIPS32_STEP_AT(0, "")
	    "addiu	%[rem], %[rem], -1\n\t"
	    "addiu	%[a], %[a], 4\n\t"
	    "addiu	%[m], %[m], 4\n\t"
	    "bnez	%[rem], 1b\n\t"
	    " addiu	%[t], %[t], 4\n\t"
	    "2:\n\t"
	    "beqz	%[quads], 4f\n\t"
	    " nop\n\t"
	    "3:\n\t" MIPS32_STEP_AT(0, "") MIPS32_STEP_AT(1, "") MIPS32_STEP_AT(2, "") MIPS32_STEP_AT(3, "")
	    "addiu	%[quads], %[quads], -1\n\t"
	    "addiu	%[a], %[a], 16\n\t"
	    "addiu	%[m], %[m], 16\n\t"
	    "bnez	%[quads], 3b\n\t"
	    " addiu	%[t], %[t], 16\n\t"
	    "4:\n\t"
	    /* t[i+n], t[i+n+1] = c1 + a[i+1]*a[n-1] + c2 */
	    "lw	%[x0], 0(%[m])\n\t"
	    "multu	%[c1], %[one]\n\t"
	    "maddu	%[x0], %[u]\n\t"
	    "maddu	%[c2], %[one]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[x0]\n\t"
	    "sw	%[x1], 0(%[t])\n\t"
	    "sw	%[x0], 4(%[t])\n\t"
	    ".set	pop\n\t"
	    : [t] "+r"(t), [a] "+r"(a), [m] "+r"(mm), [rem] "+r"(rem), [quads] "+r"(quads), [x0] "=&r"(x0),
	    [x1] "=&r"(x1), [c1] "=&r"(c1), [c2] "=&r"(c2), [bi] "=&r"(bi), [u] "=&r"(u)
	    : [one] "r"(one)
	    : "hi", "lo", "memory");
}

/*
 * Two rows of the reduction at once, i and i + 1 (t points at t[i]): u0
 * clears t[i], u1 then clears t[i + 1], and each step j adds both rows'
 * products to t[i + j], m[j]*u0 and m[j-1]*u1, as one step of the product
 * (13 instructions for two word products). pend is the carry into t[i + n]
 * left by the pair before (0 to 2); the carry into t[i + n + 2] is returned.
 * rem + 4 quads = n - 2.
 */
static uint32_t mips32_redc2(uint32_t *t, const uint32_t *m, uint32_t m0inv, uint32_t pend, size_t rem,
    size_t quads)
{
	uint32_t x0, x1, c1, c2, u0, u1;
	const uint32_t *a = m + 2, *mm = m + 1;
	const uint32_t one = 1;

	__asm__ volatile(
	    ".set	push\n\t"
	    ".set	noreorder\n\t"
	    /* u0 = t[i] * -m^-1; t[i] + m[0]*u0 = 0 mod 2^32 (MUL clobbers HI:LO) */
	    "lw	%[x1], 0(%[t])\n\t"
	    "mul	%[bi], %[x1], %[m0]\n\t"
	    "lw	%[x0], -8(%[a])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[x0], %[bi]\n\t"
	    "mfhi	%[c1]\n\t"
	    /* t[i+1] + m[1]*u0 + c1, then u1 clears it */
	    "lw	%[x1], 4(%[t])\n\t"
	    "lw	%[x0], -4(%[a])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[x0], %[bi]\n\t"
	    "maddu	%[c1], %[one]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[c1]\n\t"
	    "mul	%[u], %[x1], %[m0]\n\t"
	    "lw	%[x0], -8(%[a])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[x0], %[u]\n\t"
	    "mfhi	%[c2]\n\t"
	    "beqz	%[rem], 2f\n\t"
	    " addiu	%[t], %[t], 8\n\t"
	    "1:\n\t" MIPS32_STEP_AT(0, "")
	    "addiu	%[rem], %[rem], -1\n\t"
	    "addiu	%[a], %[a], 4\n\t"
	    "addiu	%[m], %[m], 4\n\t"
	    "bnez	%[rem], 1b\n\t"
	    " addiu	%[t], %[t], 4\n\t"
	    "2:\n\t"
	    "beqz	%[quads], 4f\n\t"
	    " nop\n\t"
	    "3:\n\t" MIPS32_STEP_AT(0, "") MIPS32_STEP_AT(1, "") MIPS32_STEP_AT(2, "") MIPS32_STEP_AT(3, "")
	    "addiu	%[quads], %[quads], -1\n\t"
	    "addiu	%[a], %[a], 16\n\t"
	    "addiu	%[m], %[m], 16\n\t"
	    "bnez	%[quads], 3b\n\t"
	    " addiu	%[t], %[t], 16\n\t"
	    "4:\n\t"
	    /* t[i+n] + c1 + pend, then + m[n-1]*u1 + c2 */
	    "lw	%[x1], 0(%[t])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[c1], %[one]\n\t"
	    "maddu	%[pend], %[one]\n\t"
	    "lw	%[x0], 0(%[m])\n\t"
	    "mfhi	%[c1]\n\t"
	    "mthi	$0\n\t"
	    "maddu	%[x0], %[u]\n\t"
	    "maddu	%[c2], %[one]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[c2]\n\t"
	    "sw	%[x1], 0(%[t])\n\t"
	    /* t[i+n+1] + c1 + c2 */
	    "lw	%[x1], 4(%[t])\n\t"
	    "multu	%[x1], %[one]\n\t"
	    "maddu	%[c1], %[one]\n\t"
	    "maddu	%[c2], %[one]\n\t"
	    "mflo	%[x1]\n\t"
	    "mfhi	%[pend]\n\t"
	    "sw	%[x1], 4(%[t])\n\t"
	    ".set	pop\n\t"
	    : [t] "+r"(t), [a] "+r"(a), [m] "+r"(mm), [rem] "+r"(rem), [quads] "+r"(quads), [pend] "+r"(pend),
	    [x0] "=&r"(x0), [x1] "=&r"(x1), [c1] "=&r"(c1), [c2] "=&r"(c2), [bi] "=&r"(u0), [u] "=&r"(u1)
	    : [m0] "r"(m0inv), [one] "r"(one)
	    : "hi", "lo", "memory");
	return pend;
}

/*
 * t = 2t + sum a[i]^2 2^(64i) (t of 2n words, the cross products): per
 * word pair, HI:LO = a[i]^2 + (t[2i] << 1) + c, below 2^64, then
 * 2 t[2i+1] + its high word + the bit shifted out of t[2i] (MADDU by 2
 * doubles a word with its carry out); the carry c is at most 2.
 */
static void mips32_double_add_squares(uint32_t *t, const uint32_t *a, size_t n)
{
	uint32_t x0, x1, b, c;
	const uint32_t one = 1, two = 2;

	__asm__ volatile(
	    ".set	push\n\t"
	    ".set	noreorder\n\t"
	    "move	%[c], $0\n\t"
	    "1:\n\t"
	    "lw	%[x0], 0(%[a])\n\t"
	    "lw	%[x1], 0(%[t])\n\t"
	    "multu	%[x0], %[x0]\n\t"
	    "srl	%[b], %[x1], 31\n\t"
	    "sll	%[x1], %[x1], 1\n\t"
	    "maddu	%[x1], %[one]\n\t"
	    "maddu	%[c], %[one]\n\t"
	    "lw	%[x1], 4(%[t])\n\t"
	    "mflo	%[x0]\n\t"
	    "mfhi	%[c]\n\t"
	    "sw	%[x0], 0(%[t])\n\t"
	    "multu	%[x1], %[two]\n\t"
	    "maddu	%[c], %[one]\n\t"
	    "maddu	%[b], %[one]\n\t"
	    "mflo	%[x0]\n\t"
	    "mfhi	%[c]\n\t"
	    "sw	%[x0], 4(%[t])\n\t"
	    "addiu	%[n], %[n], -1\n\t"
	    "addiu	%[a], %[a], 4\n\t"
	    "bnez	%[n], 1b\n\t"
	    " addiu	%[t], %[t], 8\n\t"
	    ".set	pop\n\t"
	    : [t] "+r"(t), [a] "+r"(a), [n] "+r"(n), [x0] "=&r"(x0), [x1] "=&r"(x1), [b] "=&r"(b), [c] "=&r"(c)
	    : [one] "r"(one), [two] "r"(two)
	    : "hi", "lo", "memory");
}

/*
 * Squaring: the cross products a[i]*a[j] (i < j) once, by rows
 * (mips32_addmul), doubled, plus the squares a[i]^2; then the reduction
 * of the 2n-word square two rows at a time (mips32_redc2), one row at the
 * end when n is odd: 1.5 n^2 word products instead of the product's 2 n^2.
 */
static void ember_bn_mont_sqr_mips32(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	const uint32_t *m = mc->m;
	uint32_t t[2 * BN_MAXW + 1];
	uint32_t pend = 0;
	size_t i;

	/* the rows read t[1 .. n-1] before writing them and write the rest but t[2n-1] */
	memset(t, 0, n * sizeof(t[0]));
	t[2 * n - 1] = 0;
	for (i = 0; i + 3 <= n; i += 2)
		mips32_cross2(t + 2 * i + 1, a + i, (n - 3 - i) & 3, (n - 3 - i) >> 2);
	if (i + 2 == n) /* the last row alone: t[2n-3] += a[n-2]*a[n-1] */
		t[2 * n - 2] = mips32_addmul(t + 2 * n - 3, a + n - 1, a[n - 2], 1, 0);
	mips32_double_add_squares(t, a, n);
	for (i = 0; i + 1 < n; i += 2)
		pend = mips32_redc2(t + i, m, mc->m0inv, pend, (n - 2) & 3, (n - 2) >> 2);
	if (n & 1) {
		uint32_t u = t[n - 1] * mc->m0inv;
		ember_bn_dword s = (ember_bn_dword)mips32_addmul(t + n - 1, m, u, n & 3, n >> 2) + t[2 * n - 1] + pend;
		t[2 * n - 1] = (uint32_t)s;
		pend = (uint32_t)(s >> 32);
	}
	mips32_final_sub(r, t + n, pend, m, n);
	/* the square and its reduction are secrets when a is */
	ember_wipe(t, 2 * n * sizeof(t[0]));
}

/*
 * MULTU and MADDU belong to the instruction set this file is built for
 * (the #if above), not to an optional extension: no EMBER_CPUCAP word
 * turns them off.
 */
static int ember_bn_mont_mips32_supported(void)
{
	return 1;
}

#else

/* Not MIPS32 with HI:LO: never supported, never called. */
static void ember_bn_mont_mul_mips32(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	ember_bn_mont_mul_ref(r, a, b, mc);
}

static void ember_bn_mont_sqr_mips32(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_mont_sqr_ref(r, a, mc);
}

static int ember_bn_mont_mips32_supported(void)
{
	return 0;
}

#endif

const ember_bn_mont_desc ember_bn_mont_mips32_desc = {
	"bn", "mips32", EMBER_IMPL_CT | EMBER_IMPL_HW, ember_bn_mont_mips32_supported, ember_bn_mont_mul_mips32,
	ember_bn_mont_sqr_mips32, NULL, NULL, NULL
};
