/*
 * p256_x86adx.c - P-256 with MULX, ADCX and ADOX (Broadwell and later,
 * Zen): the field product and square in inline assembly, everything else
 * the 64-bit C of p256_fe64.h. Constant-time (no branch, no
 * secret-dependent address: see ecp_point.h).
 *
 * The product is the schoolbook 4x4 with two carry chains per row (ADCX
 * for the low halves, ADOX for the high halves), then p256_fe64.h's
 * reduction in assembly: per step, the low word q cancels itself (p's low
 * word is 2^64 - 1 and -p^-1 = 1), q 2^96 is a shift, and q (2^256 -
 * 2^224 + 2^192) one MULX by 2^64 - 2^32 + 1; then one subtraction of p
 * kept or not by CMOV.
 */
#include "ec/ecp_impl.h"

/*
 * The inline assembly needs more registers than clang 14 will allocate
 * ("inline assembly requires more registers than available") and than gcc
 * has at -O0: such builds get the descriptors with supported() = 0, and the
 * registry picks the next backend (ref).
 */
#if defined(EMBER_X86) && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(__clang__) && defined(__OPTIMIZE__)

#define P256_FE64_HAVE_MUL 1
#include "ec/p256_fe64.h"

static const uint64_t p256_p3 = 0xffffffff00000001ull;

/* t[0..7] (in registers) = a * b */
#define P256_MUL_ROWS                                                              \
	"mov 0(%[b]), %%rdx\n\t"                                                   \
	"mulx 0(%[a]), %[t0], %[t1]\n\t"                                           \
	"mulx 8(%[a]), %[lo], %[t2]\n\t"                                           \
	"add %[lo], %[t1]\n\t"                                                     \
	"mulx 16(%[a]), %[lo], %[t3]\n\t"                                          \
	"adc %[lo], %[t2]\n\t"                                                     \
	"mulx 24(%[a]), %[lo], %[t4]\n\t"                                          \
	"adc %[lo], %[t3]\n\t"                                                     \
	"adc $0, %[t4]\n\t"                                                        \
	P256_ROW(8, t1, t2, t3, t4, t5)                                            \
	P256_ROW(16, t2, t3, t4, t5, t6)                                           \
	P256_ROW(24, t3, t4, t5, t6, t7)

/* t[i..i+4] += a * b[i] (x = t_i .. t_i+3, y the new top word) */
#define P256_ROW(off, x0, x1, x2, x3, y)                                           \
	"mov " #off "(%[b]), %%rdx\n\t"                                            \
	"xor %k[" #y "], %k[" #y "]\n\t"                                           \
	"mulx 0(%[a]), %[lo], %[hi]\n\t"                                           \
	"adcx %[lo], %[" #x0 "]\n\t"                                               \
	"adox %[hi], %[" #x1 "]\n\t"                                               \
	"mulx 8(%[a]), %[lo], %[hi]\n\t"                                           \
	"adcx %[lo], %[" #x1 "]\n\t"                                               \
	"adox %[hi], %[" #x2 "]\n\t"                                               \
	"mulx 16(%[a]), %[lo], %[hi]\n\t"                                          \
	"adcx %[lo], %[" #x2 "]\n\t"                                               \
	"adox %[hi], %[" #x3 "]\n\t"                                               \
	"mulx 24(%[a]), %[lo], %[hi]\n\t"                                          \
	"adcx %[lo], %[" #x3 "]\n\t"                                               \
	"adox %[hi], %[" #y "]\n\t"                                                \
	"mov $0, %k[lo]\n\t"                                                       \
	"adcx %[lo], %[" #y "]\n\t"

/* one reduction step on q = x0: x1 += q 2^32, x2 += q >> 32, (x3, x4) += q p3, carry through to t8 */
#define P256_REDC(x0, x1, x2, x3, x4, rest)                                        \
	"mov %[" #x0 "], %[lo]\n\t"                                                \
	"mov %[" #x0 "], %[hi]\n\t"                                                \
	"shl $32, %[lo]\n\t"                                                       \
	"shr $32, %[hi]\n\t"                                                       \
	"add %[lo], %[" #x1 "]\n\t"                                                \
	"adc %[hi], %[" #x2 "]\n\t"                                                \
	"mov %[" #x0 "], %%rdx\n\t"                                                \
	"mulx %[p3], %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[" #x3 "]\n\t"                                                \
	"adc %[hi], %[" #x4 "]\n\t" rest

/* (t4..t7, t8) - p, kept unless it borrows (then t4..t7) */
#define P256_FINAL                                                                 \
	"mov %[t4], %[t0]\n\t"                                                     \
	"mov %[t5], %[t1]\n\t"                                                     \
	"mov %[t6], %[t2]\n\t"                                                     \
	"mov %[t7], %[t3]\n\t"                                                     \
	"mov $0xffffffff, %k[lo]\n\t"                                              \
	"sub $-1, %[t4]\n\t"                                                       \
	"sbb %[lo], %[t5]\n\t"                                                     \
	"sbb $0, %[t6]\n\t"                                                        \
	"sbb %[p3], %[t7]\n\t"                                                     \
	"sbb $0, %[b]\n\t"                                                         \
	"cmovc %[t0], %[t4]\n\t"                                                   \
	"cmovc %[t1], %[t5]\n\t"                                                   \
	"cmovc %[t2], %[t6]\n\t"                                                   \
	"cmovc %[t3], %[t7]\n\t"

#define P256_REDUCE                                                                \
	"xor %k[b], %k[b]\n\t" /* t8 */                                           \
	P256_REDC(t0, t1, t2, t3, t4, "adc $0, %[t5]\n\tadc $0, %[t6]\n\tadc $0, %[t7]\n\tadc $0, %[b]\n\t") \
	P256_REDC(t1, t2, t3, t4, t5, "adc $0, %[t6]\n\tadc $0, %[t7]\n\tadc $0, %[b]\n\t")                 \
	P256_REDC(t2, t3, t4, t5, t6, "adc $0, %[t7]\n\tadc $0, %[b]\n\t")                                  \
	P256_REDC(t3, t4, t5, t6, t7, "adc $0, %[b]\n\t")                                                   \
	P256_FINAL

static inline void fe_mul(fe r, const fe a, const fe b)
{
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
	const uint64_t *bp = b;

	__asm__(P256_MUL_ROWS P256_REDUCE
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
	    [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [b] "+&r"(bp)
	    : [a] "r"(a), [p3] "m"(p256_p3)
	    : "rdx", "cc", "memory"); /* a[] and b[] read through the pointers (no address registers to spare at -O0) */
	r[0] = t4;
	r[1] = t5;
	r[2] = t6;
	r[3] = t7;
}

/*
 * t[0..7] (in registers) = a^2: the six cross products once (they sum
 * below 2^448, so t1..t6 hold them), doubled by one ADC chain into t7,
 * then the four squares on the diagonal: 10 MULX against the product's 16.
 */
#define P256_SQR_ROWS                                                              \
	"mov 0(%[a]), %%rdx\n\t"                                                   \
	"mulx 8(%[a]), %[t1], %[t2]\n\t"                                           \
	"mulx 16(%[a]), %[lo], %[t3]\n\t"                                          \
	"add %[lo], %[t2]\n\t"                                                     \
	"mulx 24(%[a]), %[lo], %[t4]\n\t"                                          \
	"adc %[lo], %[t3]\n\t"                                                     \
	"adc $0, %[t4]\n\t"                                                        \
	"mov 8(%[a]), %%rdx\n\t"                                                   \
	"mulx 24(%[a]), %[lo], %[t5]\n\t"                                          \
	"add %[lo], %[t4]\n\t"                                                     \
	"adc $0, %[t5]\n\t"                                                        \
	"mov 16(%[a]), %%rdx\n\t"                                                  \
	"mulx 24(%[a]), %[lo], %[t6]\n\t"                                          \
	"add %[lo], %[t5]\n\t"                                                     \
	"adc $0, %[t6]\n\t"                                                        \
	"mov 8(%[a]), %%rdx\n\t"                                                   \
	"mulx 16(%[a]), %[lo], %[hi]\n\t"                                          \
	"add %[lo], %[t3]\n\t"                                                     \
	"adc %[hi], %[t4]\n\t"                                                     \
	"adc $0, %[t5]\n\t"                                                        \
	"adc $0, %[t6]\n\t"                                                        \
	"xor %k[t7], %k[t7]\n\t"                                                   \
	"add %[t1], %[t1]\n\t"                                                     \
	"adc %[t2], %[t2]\n\t"                                                     \
	"adc %[t3], %[t3]\n\t"                                                     \
	"adc %[t4], %[t4]\n\t"                                                     \
	"adc %[t5], %[t5]\n\t"                                                     \
	"adc %[t6], %[t6]\n\t"                                                     \
	"adc %[t7], %[t7]\n\t"                                                     \
	"mov 0(%[a]), %%rdx\n\t"                                                   \
	"mulx %%rdx, %[t0], %[hi]\n\t"                                             \
	"add %[hi], %[t1]\n\t"                                                     \
	"mov 8(%[a]), %%rdx\n\t"                                                   \
	"mulx %%rdx, %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[t2]\n\t"                                                     \
	"adc %[hi], %[t3]\n\t"                                                     \
	"mov 16(%[a]), %%rdx\n\t"                                                  \
	"mulx %%rdx, %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[t4]\n\t"                                                     \
	"adc %[hi], %[t5]\n\t"                                                     \
	"mov 24(%[a]), %%rdx\n\t"                                                  \
	"mulx %%rdx, %[lo], %[hi]\n\t"                                             \
	"adc %[lo], %[t6]\n\t"                                                     \
	"adc %[hi], %[t7]\n\t"

static inline void fe_sqr(fe r, const fe a)
{
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7, t8, lo, hi;

	__asm__(P256_SQR_ROWS P256_REDUCE
	    : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
	    [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [b] "=&r"(t8)
	    : [a] "r"(a), [p3] "m"(p256_p3)
	    : "rdx", "cc", "memory");
	r[0] = t4;
	r[1] = t5;
	r[2] = t6;
	r[3] = t7;
}

/*
 * The product mod n (k^-1 in signing, s^-1 in verification: 330 products
 * each, a third of a signature's time in ecp_mont.h's C): CIOS with
 * ecp_x86adx.h's rows, q = t0 (-n^-1 mod 2^64).
 */
#include "ec/ecp_x86adx.h"

static const uint64_t sc_n0inv = SC_N0INV;

#define ECP_ADX_Q(x)                                                               \
	"mov " ADX_R(x) ", %%rdx\n\t"                                              \
	"imul %[n0], %%rdx\n\t"

#define ECP_HAVE_SC_MONT_MUL 1
static inline void sc_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
	uint64_t r0, r1, r2, r3, r4, r5, lo, hi;
	const uint64_t *ap = a, *bp = b;

	__asm__(ADX4_MONT_MUL
	    : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4), [r5] "=&r"(r5),
	    [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(ap), [b] "+&r"(bp)
	    : [p] "m"(*(const uint64_t(*)[4])SC_N), [n0] "m"(sc_n0inv), "m"(*(const uint64_t(*)[4])a),
	    "m"(*(const uint64_t(*)[4])b)
	    : "rdx", "cc");
	r[0] = r4;
	r[1] = r5;
	r[2] = r0;
	r[3] = r1;
}
#undef ECP_ADX_Q

#include "ec/ecp_point.h"

static const ecp_ops ops = ECP_OPS;

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_BMI2 | EMBER_CPU_ADX);
}

const ember_ec_desc ember_p256_x86adx_desc = { "p256", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, &ops };

#else
static int never(void)
{
	return 0;
}

const ember_ec_desc ember_p256_x86adx_desc = { "p256", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, never, NULL };
#endif
