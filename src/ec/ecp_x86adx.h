/*
 * ecp_x86adx.h - Montgomery products of four and six 64-bit words with
 * MULX, ADCX and ADOX, in GCC inline assembly (not installed), for any odd
 * modulus: P-384's field and both curves' scalars (mod n: the inversion of
 * k in signing and of s in verification) in p256_x86adx.c and
 * p384_x86adx.c. (P-256's field product is p256_x86adx.c's own: its
 * reduction needs no product by p.)
 *
 * CIOS, interleaved: per word b[i], a row acc += a b[i] with two carry
 * chains (ADCX for the low halves of the products, ADOX for the high
 * halves), then a row acc += q p with q making the low word zero, and the
 * accumulator moves down one word by renaming registers (the macros take
 * the register names in their new order). ECP_ADX_Q(x), defined by the
 * includer before each use, computes q from the low word x into %rdx:
 * x + (x << 32) for P-384's p (-p^-1 = 2^32 + 1 mod 2^64), x times
 * -n^-1 mod 2^64 (IMUL) for a group order n. The result is below 2p and
 * one subtraction of p, kept or not by CMOV, makes it below p. No branch
 * and no address depends on the values.
 *
 * Operands: %[a], %[b] the inputs' addresses, %[p] p's words in memory,
 * %[lo], %[hi] scratch, the accumulator registers named by the caller.
 */
#ifndef EMBER_ECP_X86ADX_H
#define EMBER_ECP_X86ADX_H

#define ADX_S(x) #x
#define ADX_R(x) "%[" ADX_S(x) "]"

/* x_lo += lo(a_j b), x_hi += hi(a_j b) */
#define ADX_MAC(off, xl, xh)                                                       \
	"mulx " ADX_S(off) "(%[a]), %[lo], %[hi]\n\t"                              \
	"adcx %[lo], " ADX_R(xl) "\n\t"                                            \
	"adox %[hi], " ADX_R(xh) "\n\t"

/* x_lo += lo(p_j q), x_hi += hi(p_j q) */
#define ADX_MACP(off, xl, xh)                                                      \
	"mulx " ADX_S(off) "+%[p], %[lo], %[hi]\n\t"                               \
	"adcx %[lo], " ADX_R(xl) "\n\t"                                            \
	"adox %[hi], " ADX_R(xh) "\n\t"

/* the flags' two carries into y (CF, OF) and the top z (the next one's CF, OF) */
#define ADX_TOP(y, z)                                                              \
	"mov $0, %k[lo]\n\t"                                                       \
	"adcx %[lo], " ADX_R(y) "\n\t"                                             \
	"adox %[lo], " ADX_R(z) "\n\t"                                             \
	"adcx %[lo], " ADX_R(z) "\n\t"

/* ---- four words (P-256's scalars: the field's product is p256_x86adx.c's own) ---- */

/* row: x0..x3 + x4 (top) += a b[off]; x5 becomes the new top (zeroed here) */
#define ADX4_ROW(off, x0, x1, x2, x3, x4, x5)                                      \
	"mov " ADX_S(off) "(%[b]), %%rdx\n\t"                                      \
	"xor %k[" ADX_S(x5) "], %k[" ADX_S(x5) "]\n\t"                             \
	ADX_MAC(0, x0, x1) ADX_MAC(8, x1, x2) ADX_MAC(16, x2, x3) ADX_MAC(24, x3, x4) \
	ADX_TOP(x4, x5)

/* reduction: x0..x4, x5 += q p; x0 becomes 0 */
#define ADX4_REDC(x0, x1, x2, x3, x4, x5)                                          \
	ECP_ADX_Q(x0)                                                              \
	"xor %k[lo], %k[lo]\n\t"                                                   \
	ADX_MACP(0, x0, x1) ADX_MACP(8, x1, x2) ADX_MACP(16, x2, x3) ADX_MACP(24, x3, x4) \
	ADX_TOP(x4, x5)

/* (x0..x3) + x4 2^256 - p, kept unless it borrows; the result in x0..x3; t0..t3 scratch */
#define ADX4_FINAL(x0, x1, x2, x3, x4, t0, t1, t2, t3)                             \
	"mov " ADX_R(x0) ", " ADX_R(t0) "\n\t"                                     \
	"mov " ADX_R(x1) ", " ADX_R(t1) "\n\t"                                     \
	"mov " ADX_R(x2) ", " ADX_R(t2) "\n\t"                                     \
	"mov " ADX_R(x3) ", " ADX_R(t3) "\n\t"                                     \
	"sub 0+%[p], " ADX_R(x0) "\n\t"                                            \
	"sbb 8+%[p], " ADX_R(x1) "\n\t"                                            \
	"sbb 16+%[p], " ADX_R(x2) "\n\t"                                           \
	"sbb 24+%[p], " ADX_R(x3) "\n\t"                                           \
	"sbb $0, " ADX_R(x4) "\n\t"                                                \
	"cmovc " ADX_R(t0) ", " ADX_R(x0) "\n\t"                                   \
	"cmovc " ADX_R(t1) ", " ADX_R(x1) "\n\t"                                   \
	"cmovc " ADX_R(t2) ", " ADX_R(x2) "\n\t"                                   \
	"cmovc " ADX_R(t3) ", " ADX_R(x3) "\n\t"

/* the whole product: the result in r4, r5, r0, r1 (registers r0..r5 used, a and b clobbered as scratch) */
#define ADX4_MONT_MUL                                                              \
	"mov 0(%[b]), %%rdx\n\t"                                                   \
	"xor %k[r4], %k[r4]\n\t"                                                   \
	"mulx 0(%[a]), %[r0], %[r1]\n\t"                                           \
	"mulx 8(%[a]), %[lo], %[r2]\n\t"                                           \
	"adcx %[lo], %[r1]\n\t"                                                    \
	"mulx 16(%[a]), %[lo], %[r3]\n\t"                                          \
	"adcx %[lo], %[r2]\n\t"                                                    \
	"mulx 24(%[a]), %[lo], %[r4]\n\t"                                          \
	"adcx %[lo], %[r3]\n\t"                                                    \
	"mov $0, %k[lo]\n\t"                                                       \
	"adcx %[lo], %[r4]\n\t"                                                    \
	"xor %k[r5], %k[r5]\n\t"                                                   \
	ADX4_REDC(r0, r1, r2, r3, r4, r5)                                          \
	ADX4_ROW(8, r1, r2, r3, r4, r5, r0)                                        \
	ADX4_REDC(r1, r2, r3, r4, r5, r0)                                          \
	ADX4_ROW(16, r2, r3, r4, r5, r0, r1)                                       \
	ADX4_REDC(r2, r3, r4, r5, r0, r1)                                          \
	ADX4_ROW(24, r3, r4, r5, r0, r1, r2)                                       \
	ADX4_REDC(r3, r4, r5, r0, r1, r2)                                          \
	ADX4_FINAL(r4, r5, r0, r1, r2, r3, a, b, lo)

/* ---- six words (P-384) ---- */

#define ADX6_ROW(off, x0, x1, x2, x3, x4, x5, x6, x7)                              \
	"mov " ADX_S(off) "(%[b]), %%rdx\n\t"                                      \
	"xor %k[" ADX_S(x7) "], %k[" ADX_S(x7) "]\n\t"                             \
	ADX_MAC(0, x0, x1) ADX_MAC(8, x1, x2) ADX_MAC(16, x2, x3) ADX_MAC(24, x3, x4) \
	ADX_MAC(32, x4, x5) ADX_MAC(40, x5, x6) ADX_TOP(x6, x7)

#define ADX6_REDC(x0, x1, x2, x3, x4, x5, x6, x7)                                  \
	ECP_ADX_Q(x0)                                                              \
	"xor %k[lo], %k[lo]\n\t"                                                   \
	ADX_MACP(0, x0, x1) ADX_MACP(8, x1, x2) ADX_MACP(16, x2, x3) ADX_MACP(24, x3, x4) \
	ADX_MACP(32, x4, x5) ADX_MACP(40, x5, x6) ADX_TOP(x6, x7)

/* (x0..x5) + x6 2^384 - p, kept unless it borrows; t0..t4 and %rdx scratch */
#define ADX6_FINAL(x0, x1, x2, x3, x4, x5, x6, t0, t1, t2, t3, t4)                 \
	"mov " ADX_R(x0) ", " ADX_R(t0) "\n\t"                                     \
	"mov " ADX_R(x1) ", " ADX_R(t1) "\n\t"                                     \
	"mov " ADX_R(x2) ", " ADX_R(t2) "\n\t"                                     \
	"mov " ADX_R(x3) ", " ADX_R(t3) "\n\t"                                     \
	"mov " ADX_R(x4) ", " ADX_R(t4) "\n\t"                                     \
	"mov " ADX_R(x5) ", %%rdx\n\t"                                             \
	"sub 0+%[p], " ADX_R(x0) "\n\t"                                            \
	"sbb 8+%[p], " ADX_R(x1) "\n\t"                                            \
	"sbb 16+%[p], " ADX_R(x2) "\n\t"                                           \
	"sbb 24+%[p], " ADX_R(x3) "\n\t"                                           \
	"sbb 32+%[p], " ADX_R(x4) "\n\t"                                           \
	"sbb 40+%[p], " ADX_R(x5) "\n\t"                                           \
	"sbb $0, " ADX_R(x6) "\n\t"                                                \
	"cmovc " ADX_R(t0) ", " ADX_R(x0) "\n\t"                                   \
	"cmovc " ADX_R(t1) ", " ADX_R(x1) "\n\t"                                   \
	"cmovc " ADX_R(t2) ", " ADX_R(x2) "\n\t"                                   \
	"cmovc " ADX_R(t3) ", " ADX_R(x3) "\n\t"                                   \
	"cmovc " ADX_R(t4) ", " ADX_R(x4) "\n\t"                                   \
	"cmovc %%rdx, " ADX_R(x5) "\n\t"

/* the whole product: the result in r6, r7, r0, r1, r2, r3 (r0..r7 used; a, b clobbered as scratch) */
#define ADX6_MONT_MUL                                                              \
	"mov 0(%[b]), %%rdx\n\t"                                                   \
	"xor %k[r6], %k[r6]\n\t"                                                   \
	"mulx 0(%[a]), %[r0], %[r1]\n\t"                                           \
	"mulx 8(%[a]), %[lo], %[r2]\n\t"                                           \
	"adcx %[lo], %[r1]\n\t"                                                    \
	"mulx 16(%[a]), %[lo], %[r3]\n\t"                                          \
	"adcx %[lo], %[r2]\n\t"                                                    \
	"mulx 24(%[a]), %[lo], %[r4]\n\t"                                          \
	"adcx %[lo], %[r3]\n\t"                                                    \
	"mulx 32(%[a]), %[lo], %[r5]\n\t"                                          \
	"adcx %[lo], %[r4]\n\t"                                                    \
	"mulx 40(%[a]), %[lo], %[r6]\n\t"                                          \
	"adcx %[lo], %[r5]\n\t"                                                    \
	"mov $0, %k[lo]\n\t"                                                       \
	"adcx %[lo], %[r6]\n\t"                                                    \
	"xor %k[r7], %k[r7]\n\t"                                                   \
	ADX6_REDC(r0, r1, r2, r3, r4, r5, r6, r7)                                  \
	ADX6_ROW(8, r1, r2, r3, r4, r5, r6, r7, r0)                                \
	ADX6_REDC(r1, r2, r3, r4, r5, r6, r7, r0)                                  \
	ADX6_ROW(16, r2, r3, r4, r5, r6, r7, r0, r1)                               \
	ADX6_REDC(r2, r3, r4, r5, r6, r7, r0, r1)                                  \
	ADX6_ROW(24, r3, r4, r5, r6, r7, r0, r1, r2)                               \
	ADX6_REDC(r3, r4, r5, r6, r7, r0, r1, r2)                                  \
	ADX6_ROW(32, r4, r5, r6, r7, r0, r1, r2, r3)                               \
	ADX6_REDC(r4, r5, r6, r7, r0, r1, r2, r3)                                  \
	ADX6_ROW(40, r5, r6, r7, r0, r1, r2, r3, r4)                               \
	ADX6_REDC(r5, r6, r7, r0, r1, r2, r3, r4)                                  \
	ADX6_FINAL(r6, r7, r0, r1, r2, r3, r4, r5, a, b, lo, hi)

#endif
