/*
 * p384_x86adx.c - P-384 with MULX, ADCX and ADOX (Broadwell and later,
 * Zen): the field product in inline assembly (ecp_x86adx.h: CIOS with two
 * carry chains a row), everything else the 64-bit C of p384_fe64.h.
 * Constant-time (no branch, no secret-dependent address: see
 * ecp_point.h).
 */
#include "ec/ecp_impl.h"

/*
 * The inline assembly needs more registers than clang 14 will allocate
 * ("inline assembly requires more registers than available") and than gcc
 * has at -O0: such builds get the descriptors with supported() = 0, and the
 * registry picks the next backend (ref).
 */
#if defined(EMBER_X86) && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(__clang__) && defined(__OPTIMIZE__)

#define P384_FE64_HAVE_MUL 1
#include "ec/p384_fe64.h"
#include "ec/ecp_x86adx.h"

/* q = x (2^32 + 1) mod 2^64 */
#define ECP_ADX_Q(x)                                                               \
	"mov " ADX_R(x) ", %%rdx\n\t"                                              \
	"mov " ADX_R(x) ", %[lo]\n\t"                                              \
	"shl $32, %[lo]\n\t"                                                       \
	"add %[lo], %%rdx\n\t"

/*
 * Twelve registers and %rdx: a[] and b[] are read through the pointers, and
 * the "memory" clobber (not "m" operands for them, which need address
 * registers of their own) tells the compiler so; with the frame pointer
 * kept (make sanitize, make fuzz) there are no more to spare.
 */
static inline void fe_mul(fe r, const fe a, const fe b)
{
	uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi;
	const uint64_t *ap = a, *bp = b;

	__asm__(ADX6_MONT_MUL
	    : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4), [r5] "=&r"(r5),
	    [r6] "=&r"(r6), [r7] "=&r"(r7), [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(ap), [b] "+&r"(bp)
	    : [p] "m"(*(const uint64_t(*)[6])FE_P)
	    : "rdx", "cc", "memory");
	r[0] = r6;
	r[1] = r7;
	r[2] = r0;
	r[3] = r1;
	r[4] = r2;
	r[5] = r3;
}

static inline void fe_sqr(fe r, const fe a)
{
	fe_mul(r, a, a);
}
#undef ECP_ADX_Q

/* The product mod n (k^-1 in signing, s^-1 in verification): the same rows, q = t0 (-n^-1 mod 2^64). */
static const uint64_t sc_n0inv = SC_N0INV;

#define ECP_ADX_Q(x)                                                               \
	"mov " ADX_R(x) ", %%rdx\n\t"                                              \
	"imul %[n0], %%rdx\n\t"

#define ECP_HAVE_SC_MONT_MUL 1
static inline void sc_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
	uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi;
	const uint64_t *ap = a, *bp = b;

	__asm__(ADX6_MONT_MUL
	    : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4), [r5] "=&r"(r5),
	    [r6] "=&r"(r6), [r7] "=&r"(r7), [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(ap), [b] "+&r"(bp)
	    : [p] "m"(*(const uint64_t(*)[6])SC_N), [n0] "m"(sc_n0inv)
	    : "rdx", "cc", "memory");
	r[0] = r6;
	r[1] = r7;
	r[2] = r0;
	r[3] = r1;
	r[4] = r2;
	r[5] = r3;
}
#undef ECP_ADX_Q

#include "ec/ecp_point.h"

static const ecp_ops ops = ECP_OPS;

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_BMI2 | EMBER_CPU_ADX);
}

const ember_ec_desc ember_p384_x86adx_desc = { "p384", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, &ops };

#else
static int never(void)
{
	return 0;
}

const ember_ec_desc ember_p384_x86adx_desc = { "p384", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, never, NULL };
#endif
