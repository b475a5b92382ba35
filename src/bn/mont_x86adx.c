/*
 * mont_x86adx.c - Montgomery multiplication with MULX, ADCX and ADOX
 * (x86-64 with BMI2 and ADX, 64-bit words).
 *
 * Operand scanning (CIOS): for each word b[i], t += a*b[i], then
 * t = (t + u*m) / 2^64 with u = t[0] * (-m^-1). Each row runs two carry
 * chains at once, ADCX (CF) for the low halves and ADOX (OF) for the high
 * halves of the MULX products (Intel, "New instructions supporting large
 * integer arithmetic", 2012), eight (or four) words per loop turn; the loop counter is
 * moved with LEA and tested with JRCXZ, which leave both flags alone.
 * Squaring is a product with itself. Word counts that are not a multiple of
 * four (DSA's q, odd RSA sizes) use the portable code.
 *
 * Constant-time: no branch or address depends on the values; the final
 * subtraction is masked. The whole body is x86-64 only: elsewhere (and with
 * 32-bit words) the descriptor exists with supported() = 0.
 */
#include "bn/bn_internal.h"

#if defined(__x86_64__) && EMBER_BN_WORD_BITS == 64

#ifdef EMBER_CTTRACE_LEAK
/*
 * Test-only (make cttrace-selftest): inside the row loop, jump over a NOP
 * when bit 0 of the product's low word is set, a secret-dependent branch.
 * Flag-neutral instructions only (MOV, PEXT, JRCXZ), so the ADCX/ADOX
 * carry chains and the result stay intact; the loop counter in RCX is
 * parked in a scratch register meanwhile.
 */
#define LEAK_DECL ember_bn_word s1;
#define LEAK_ASM                   \
	"mov %%rcx, %[s1]\n\t"       \
	"mov $1, %%ecx\n\t"          \
	"pext %%rcx, %[lo], %%rcx\n\t" \
	"jrcxz 3f\n\t"               \
	"nop\n\t"                    \
	"3:\n\t"                     \
	"mov %[s1], %%rcx\n\t"
#define LEAK_OUT , [s1] "=&r"(s1)
#else
#define LEAK_DECL
#define LEAK_ASM
#define LEAK_OUT
#endif

/* t[0..n+1] += x * a[0..n-1] (n a multiple of 4). */
static inline void row(ember_bn_word *t, const ember_bn_word *a, ember_bn_word x, size_t n)
{
	ember_bn_word lo, hi, prev;
	LEAK_DECL

	__asm__ volatile(
	    "xor %k[prev], %k[prev]\n\t" /* prev = 0, CF = OF = 0 */
	    "1:\n\t"
	    "mulx 0(%[a]), %[lo], %[hi]\n\t"
	    LEAK_ASM
	    "adcx 0(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mulx 8(%[a]), %[lo], %[prev]\n\t"
	    "adcx 8(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 8(%[t])\n\t"
	    "mulx 16(%[a]), %[lo], %[hi]\n\t"
	    "adcx 16(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 16(%[t])\n\t"
	    "mulx 24(%[a]), %[lo], %[prev]\n\t"
	    "adcx 24(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 24(%[t])\n\t"
	    "lea 32(%[a]), %[a]\n\t"
	    "lea 32(%[t]), %[t]\n\t"
	    "lea -4(%[n]), %[n]\n\t"
	    "jrcxz 2f\n\t"
	    "jmp 1b\n\t"
	    "2:\n\t"
	    /* t[n] += prev + CF + OF, carries into t[n+1] */
	    "mov $0, %k[hi]\n\t"
	    "mov 0(%[t]), %[lo]\n\t"
	    "adcx %[prev], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mov 8(%[t]), %[lo]\n\t"
	    "adcx %[hi], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 8(%[t])\n\t"
	    : [t] "+r"(t), [a] "+r"(a), [n] "+c"(n), [lo] "=&r"(lo), [hi] "=&r"(hi), [prev] "=&r"(prev) LEAK_OUT
	    : "d"(x)
	    : "cc", "memory");
}

/*
 * t = (t + x * m) / 2^64 over t[0..n+1] (x makes the low word zero): the
 * same row, each sum stored one word down (t[-1] receives the zero word).
 */
static inline void row_shift(ember_bn_word *t, const ember_bn_word *m, ember_bn_word x, size_t n)
{
	ember_bn_word lo, hi, prev;

	__asm__ volatile(
	    "xor %k[prev], %k[prev]\n\t"
	    "1:\n\t"
	    "mulx 0(%[m]), %[lo], %[hi]\n\t"
	    "adcx 0(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], -8(%[t])\n\t"
	    "mulx 8(%[m]), %[lo], %[prev]\n\t"
	    "adcx 8(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mulx 16(%[m]), %[lo], %[hi]\n\t"
	    "adcx 16(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 8(%[t])\n\t"
	    "mulx 24(%[m]), %[lo], %[prev]\n\t"
	    "adcx 24(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 16(%[t])\n\t"
	    "lea 32(%[m]), %[m]\n\t"
	    "lea 32(%[t]), %[t]\n\t"
	    "lea -4(%[n]), %[n]\n\t"
	    "jrcxz 2f\n\t"
	    "jmp 1b\n\t"
	    "2:\n\t"
	    /* t[n-1] = t[n] + prev + CF + OF; t[n] = t[n+1] + carries; t[n+1] = 0 */
	    "mov $0, %k[hi]\n\t"
	    "mov 0(%[t]), %[lo]\n\t"
	    "adcx %[prev], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], -8(%[t])\n\t"
	    "mov 8(%[t]), %[lo]\n\t"
	    "adcx %[hi], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mov %[hi], 8(%[t])\n\t"
	    : [t] "+r"(t), [m] "+r"(m), [n] "+c"(n), [lo] "=&r"(lo), [hi] "=&r"(hi), [prev] "=&r"(prev)
	    : "d"(x)
	    : "cc", "memory");
}

/* The same two rows, eight words per loop turn (n a multiple of 8). */
static inline void row8(ember_bn_word *t, const ember_bn_word *a, ember_bn_word x, size_t n)
{
	ember_bn_word lo, hi, prev;
	LEAK_DECL

	__asm__ volatile(
	    "xor %k[prev], %k[prev]\n\t"
	    "1:\n\t"
	    "mulx 0(%[a]), %[lo], %[hi]\n\t"
	    LEAK_ASM
	    "adcx 0(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mulx 8(%[a]), %[lo], %[prev]\n\t"
	    "adcx 8(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 8(%[t])\n\t"
	    "mulx 16(%[a]), %[lo], %[hi]\n\t"
	    "adcx 16(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 16(%[t])\n\t"
	    "mulx 24(%[a]), %[lo], %[prev]\n\t"
	    "adcx 24(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 24(%[t])\n\t"
	    "mulx 32(%[a]), %[lo], %[hi]\n\t"
	    "adcx 32(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 32(%[t])\n\t"
	    "mulx 40(%[a]), %[lo], %[prev]\n\t"
	    "adcx 40(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 40(%[t])\n\t"
	    "mulx 48(%[a]), %[lo], %[hi]\n\t"
	    "adcx 48(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 48(%[t])\n\t"
	    "mulx 56(%[a]), %[lo], %[prev]\n\t"
	    "adcx 56(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 56(%[t])\n\t"
	    "lea 64(%[a]), %[a]\n\t"
	    "lea 64(%[t]), %[t]\n\t"
	    "lea -8(%[n]), %[n]\n\t"
	    "jrcxz 2f\n\t"
	    "jmp 1b\n\t"
	    "2:\n\t"
	    "mov $0, %k[hi]\n\t"
	    "mov 0(%[t]), %[lo]\n\t"
	    "adcx %[prev], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mov 8(%[t]), %[lo]\n\t"
	    "adcx %[hi], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 8(%[t])\n\t"
	    : [t] "+r"(t), [a] "+r"(a), [n] "+c"(n), [lo] "=&r"(lo), [hi] "=&r"(hi), [prev] "=&r"(prev) LEAK_OUT
	    : "d"(x)
	    : "cc", "memory");
}

static inline void row_shift8(ember_bn_word *t, const ember_bn_word *m, ember_bn_word x, size_t n)
{
	ember_bn_word lo, hi, prev;

	__asm__ volatile(
	    "xor %k[prev], %k[prev]\n\t"
	    "1:\n\t"
	    "mulx 0(%[m]), %[lo], %[hi]\n\t"
	    "adcx 0(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], -8(%[t])\n\t"
	    "mulx 8(%[m]), %[lo], %[prev]\n\t"
	    "adcx 8(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mulx 16(%[m]), %[lo], %[hi]\n\t"
	    "adcx 16(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 8(%[t])\n\t"
	    "mulx 24(%[m]), %[lo], %[prev]\n\t"
	    "adcx 24(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 16(%[t])\n\t"
	    "mulx 32(%[m]), %[lo], %[hi]\n\t"
	    "adcx 32(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 24(%[t])\n\t"
	    "mulx 40(%[m]), %[lo], %[prev]\n\t"
	    "adcx 40(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 32(%[t])\n\t"
	    "mulx 48(%[m]), %[lo], %[hi]\n\t"
	    "adcx 48(%[t]), %[lo]\n\t"
	    "adox %[prev], %[lo]\n\t"
	    "mov %[lo], 40(%[t])\n\t"
	    "mulx 56(%[m]), %[lo], %[prev]\n\t"
	    "adcx 56(%[t]), %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 48(%[t])\n\t"
	    "lea 64(%[m]), %[m]\n\t"
	    "lea 64(%[t]), %[t]\n\t"
	    "lea -8(%[n]), %[n]\n\t"
	    "jrcxz 2f\n\t"
	    "jmp 1b\n\t"
	    "2:\n\t"
	    "mov $0, %k[hi]\n\t"
	    "mov 0(%[t]), %[lo]\n\t"
	    "adcx %[prev], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], -8(%[t])\n\t"
	    "mov 8(%[t]), %[lo]\n\t"
	    "adcx %[hi], %[lo]\n\t"
	    "adox %[hi], %[lo]\n\t"
	    "mov %[lo], 0(%[t])\n\t"
	    "mov %[hi], 8(%[t])\n\t"
	    : [t] "+r"(t), [m] "+r"(m), [n] "+c"(n), [lo] "=&r"(lo), [hi] "=&r"(hi), [prev] "=&r"(prev)
	    : "d"(x)
	    : "cc", "memory");
}

void ember_bn_mont_mul_adx(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	ember_bn_word buf[BN_MAXW + 3];
	ember_bn_word *t = buf + 1;
	size_t i;

	if (n % 4 != 0) {
		ember_bn_mont_mul_ref(r, a, b, mc);
		return;
	}
	memset(buf, 0, (n + 3) * sizeof(buf[0]));
	if (n % 8 == 0) {
		for (i = 0; i < n; i++) {
			row8(t, a, b[i], n);
			row_shift8(t, mc->m, t[0] * mc->m0inv, n);
		}
	} else {
		for (i = 0; i < n; i++) {
			row(t, a, b[i], n);
			row_shift(t, mc->m, t[0] * mc->m0inv, n);
		}
	}
	bn_final_sub(r, t, t[n], mc->m, n);
	ember_wipe(buf, sizeof(buf));
}

void ember_bn_mont_sqr_adx(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	/* a dedicated square (cross products once, C) measured slower than this */
	ember_bn_mont_mul_adx(r, a, a, mc);
}

int ember_bn_mont_adx_supported(void)
{
	return ember_cpu_has(EMBER_CPU_BMI2 | EMBER_CPU_ADX);
}

#else

/* Not x86-64 with 64-bit words: never supported, never called. */
void ember_bn_mont_mul_adx(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	ember_bn_mont_mul_ref(r, a, b, mc);
}

void ember_bn_mont_sqr_adx(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_mont_sqr_ref(r, a, mc);
}

int ember_bn_mont_adx_supported(void)
{
	return 0;
}

#endif

/*
 * The CRT pair of a private key is exponentiated by the portable radix-2^61
 * code (exp_radix.c): in C it runs faster than the generic chain over these
 * MULX products (rsa2048 sign, EMBER_CPUCAP=~avx512ifma,~avx512f, see
 * docs/BENCHMARKS.md). Everything else (public exponents, single
 * exponentiations, DSA) uses the products below.
 */
const ember_bn_mont_desc ember_bn_mont_x86adx_desc = {
	"bn", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, ember_bn_mont_adx_supported, ember_bn_mont_mul_adx,
	ember_bn_mont_sqr_adx, NULL, NULL, EMBER_BN_EXP_CT2_RADIX
};
