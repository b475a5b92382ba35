/*
 * f25519_x86adx.c - GF(2^255 - 19) in four 64-bit words (radix 2^64) with
 * MULX, ADCX and ADOX (x86-64 with BMI2 and ADX), and the Curve25519
 * operations over it (c25519_tmpl.h): "x86adx".
 *
 * An element is any 256-bit value (below 2^256, not necessarily below p);
 * every operation keeps it so, and only fe_tobytes reduces fully. A product
 * is 16 MULX (a square 10: the six cross products doubled, plus the four
 * squares) in two carry chains at once, ADCX on CF and ADOX on OF (Intel,
 * "New instructions supporting large integer arithmetic", 2012), then the
 * upper half folded in times 38 (2^256 = 38 mod p), and the last carry
 * folded again; additions and subtractions fold their carry the same way.
 * So fe_add and fe_sub need no carry pass (fe_carry does nothing here).
 *
 * Constant-time: no branch or address depends on the values; the final
 * carries are folded with SBB masks. The whole body is x86-64 only:
 * elsewhere the descriptors exist with supported() = 0 (and are not listed).
 */
#include "ec/f25519.h"

/*
 * The inline assembly needs more registers than clang 14 will allocate
 * ("inline assembly requires more registers than available") and than gcc
 * has at -O0: such builds get the descriptors with supported() = 0, and the
 * registry picks the next backend (ref).
 */
#if defined(__x86_64__) && !defined(__clang__) && defined(__OPTIMIZE__)

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_BMI2 | EMBER_CPU_ADX);
}

typedef struct {
	uint64_t v[4];
} fe;

#define FE_IN(p) "m"(*(const uint64_t(*)[4])(p))
#define FE_OUT(p) "=m"(*(uint64_t(*)[4])(p))

static inline void fe_0(fe *h)
{
	h->v[0] = h->v[1] = h->v[2] = h->v[3] = 0;
}

static inline void fe_1(fe *h)
{
	fe_0(h);
	h->v[0] = 1;
}

static inline void fe_copy(fe *h, const fe *f)
{
	*h = *f;
}

static inline void fe_carry(fe *h)
{
	(void)h;
}

/* h = f + g mod 2^256, the carry folded back as 38 (twice: the second cannot carry) */
static inline void fe_add(fe *h, const fe *f, const fe *g)
{
	uint64_t r0, r1, r2, r3, m;

	__asm__("movq 0(%[f]), %[r0]\n\t"
		"movq 8(%[f]), %[r1]\n\t"
		"movq 16(%[f]), %[r2]\n\t"
		"movq 24(%[f]), %[r3]\n\t"
		"addq 0(%[g]), %[r0]\n\t"
		"adcq 8(%[g]), %[r1]\n\t"
		"adcq 16(%[g]), %[r2]\n\t"
		"adcq 24(%[g]), %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"addq %[m], %[r0]\n\t"
		"adcq $0, %[r1]\n\t"
		"adcq $0, %[r2]\n\t"
		"adcq $0, %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"addq %[m], %[r0]\n\t"
		: [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [m] "=&r"(m)
		: [f] "r"(f->v), [g] "r"(g->v), FE_IN(f->v), FE_IN(g->v)
		: "cc");
	h->v[0] = r0, h->v[1] = r1, h->v[2] = r2, h->v[3] = r3;
}

/* h = f - g: a borrow out of 2^256 is 38 taken off (twice: the second cannot borrow) */
static inline void fe_sub(fe *h, const fe *f, const fe *g)
{
	uint64_t r0, r1, r2, r3, m;

	__asm__("movq 0(%[f]), %[r0]\n\t"
		"movq 8(%[f]), %[r1]\n\t"
		"movq 16(%[f]), %[r2]\n\t"
		"movq 24(%[f]), %[r3]\n\t"
		"subq 0(%[g]), %[r0]\n\t"
		"sbbq 8(%[g]), %[r1]\n\t"
		"sbbq 16(%[g]), %[r2]\n\t"
		"sbbq 24(%[g]), %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"subq %[m], %[r0]\n\t"
		"sbbq $0, %[r1]\n\t"
		"sbbq $0, %[r2]\n\t"
		"sbbq $0, %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"subq %[m], %[r0]\n\t"
		: [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [m] "=&r"(m)
		: [f] "r"(f->v), [g] "r"(g->v), FE_IN(f->v), FE_IN(g->v)
		: "cc");
	h->v[0] = r0, h->v[1] = r1, h->v[2] = r2, h->v[3] = r3;
}

/*
 * The 512-bit product in r8..r15 folded to 256 bits: r8..r11 + 38 r12..r15
 * (a lo/hi pair per word, the two chains on CF and OF), then the word that
 * spills over times 38, then the last carry as 38. Leaves r8..r11.
 */
#define REDUCE                                  \
	"movl $38, %%edx\n\t"                   \
	"xorl %%ecx, %%ecx\n\t"                 \
	"mulxq %%r12, %%rax, %%r12\n\t"         \
	"adcxq %%rax, %%r8\n\t"                 \
	"adoxq %%r12, %%r9\n\t"                 \
	"mulxq %%r13, %%rax, %%r13\n\t"         \
	"adcxq %%rax, %%r9\n\t"                 \
	"adoxq %%r13, %%r10\n\t"                \
	"mulxq %%r14, %%rax, %%r14\n\t"         \
	"adcxq %%rax, %%r10\n\t"                \
	"adoxq %%r14, %%r11\n\t"                \
	"mulxq %%r15, %%rax, %%r15\n\t"         \
	"adcxq %%rax, %%r11\n\t"                \
	"adoxq %%rcx, %%r15\n\t"                \
	"adcxq %%rcx, %%r15\n\t"                \
	"imulq $38, %%r15, %%r15\n\t"           \
	"addq %%r15, %%r8\n\t"                  \
	"adcq %%rcx, %%r9\n\t"                  \
	"adcq %%rcx, %%r10\n\t"                 \
	"adcq %%rcx, %%r11\n\t"                 \
	"sbbq %%rax, %%rax\n\t"                 \
	"andq $38, %%rax\n\t"                   \
	"addq %%rax, %%r8\n\t"                  \
	"movq %%r8, 0(%[h])\n\t"                \
	"movq %%r9, 8(%[h])\n\t"                \
	"movq %%r10, 16(%[h])\n\t"              \
	"movq %%r11, 24(%[h])\n\t"

#define CLOBBERS "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc"

static inline void fe_mul(fe *h, const fe *f, const fe *g)
{
	__asm__(/* row 0: r8..r12 = f * g0 */
		"movq 0(%[g]), %%rdx\n\t"
		"mulxq 0(%[f]), %%r8, %%r9\n\t"
		"mulxq 8(%[f]), %%rax, %%r10\n\t"
		"addq %%rax, %%r9\n\t"
		"mulxq 16(%[f]), %%rax, %%r11\n\t"
		"adcq %%rax, %%r10\n\t"
		"mulxq 24(%[f]), %%rax, %%r12\n\t"
		"adcq %%rax, %%r11\n\t"
		"adcq $0, %%r12\n\t"
		/* row 1: r9..r13 += f * g1, lows on CF, highs on OF */
		"movq 8(%[g]), %%rdx\n\t"
		"xorl %%r13d, %%r13d\n\t"
		"mulxq 0(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r9\n\t"
		"adoxq %%rcx, %%r10\n\t"
		"mulxq 8(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r10\n\t"
		"adoxq %%rcx, %%r11\n\t"
		"mulxq 16(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r11\n\t"
		"adoxq %%rcx, %%r12\n\t"
		"mulxq 24(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r12\n\t"
		"adoxq %%rcx, %%r13\n\t"
		"adcq $0, %%r13\n\t"
		/* row 2 */
		"movq 16(%[g]), %%rdx\n\t"
		"xorl %%r14d, %%r14d\n\t"
		"mulxq 0(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r10\n\t"
		"adoxq %%rcx, %%r11\n\t"
		"mulxq 8(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r11\n\t"
		"adoxq %%rcx, %%r12\n\t"
		"mulxq 16(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r12\n\t"
		"adoxq %%rcx, %%r13\n\t"
		"mulxq 24(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r13\n\t"
		"adoxq %%rcx, %%r14\n\t"
		"adcq $0, %%r14\n\t"
		/* row 3 */
		"movq 24(%[g]), %%rdx\n\t"
		"xorl %%r15d, %%r15d\n\t"
		"mulxq 0(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r11\n\t"
		"adoxq %%rcx, %%r12\n\t"
		"mulxq 8(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r12\n\t"
		"adoxq %%rcx, %%r13\n\t"
		"mulxq 16(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r13\n\t"
		"adoxq %%rcx, %%r14\n\t"
		"mulxq 24(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r14\n\t"
		"adoxq %%rcx, %%r15\n\t"
		"adcq $0, %%r15\n\t"
		REDUCE
		: FE_OUT(h->v)
		: [h] "r"(h->v), [f] "r"(f->v), [g] "r"(g->v), FE_IN(f->v), FE_IN(g->v)
		: CLOBBERS);
}

static inline void fe_sq(fe *h, const fe *f)
{
	__asm__(/* the cross products a_i a_j (i < j) into r9..r14 */
		"movq 0(%[f]), %%rdx\n\t"
		"mulxq 8(%[f]), %%r9, %%r10\n\t"
		"mulxq 16(%[f]), %%rax, %%r11\n\t"
		"addq %%rax, %%r10\n\t"
		"mulxq 24(%[f]), %%rax, %%r12\n\t"
		"adcq %%rax, %%r11\n\t"
		"adcq $0, %%r12\n\t"
		"movq 8(%[f]), %%rdx\n\t"
		"xorl %%r13d, %%r13d\n\t"
		"mulxq 16(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r11\n\t"
		"adoxq %%rcx, %%r12\n\t"
		"mulxq 24(%[f]), %%rax, %%rcx\n\t"
		"adcxq %%rax, %%r12\n\t"
		"adoxq %%rcx, %%r13\n\t"
		"adcq $0, %%r13\n\t"
		"movq 16(%[f]), %%rdx\n\t"
		"mulxq 24(%[f]), %%rax, %%r14\n\t"
		"addq %%rax, %%r13\n\t"
		"adcq $0, %%r14\n\t"
		/* doubled on CF, plus the squares on OF */
		"xorl %%r15d, %%r15d\n\t"
		"movq 0(%[f]), %%rdx\n\t"
		"mulxq %%rdx, %%r8, %%rax\n\t"
		"adcxq %%r9, %%r9\n\t"
		"adoxq %%rax, %%r9\n\t"
		"movq 8(%[f]), %%rdx\n\t"
		"mulxq %%rdx, %%rax, %%rcx\n\t"
		"adcxq %%r10, %%r10\n\t"
		"adoxq %%rax, %%r10\n\t"
		"adcxq %%r11, %%r11\n\t"
		"adoxq %%rcx, %%r11\n\t"
		"movq 16(%[f]), %%rdx\n\t"
		"mulxq %%rdx, %%rax, %%rcx\n\t"
		"adcxq %%r12, %%r12\n\t"
		"adoxq %%rax, %%r12\n\t"
		"adcxq %%r13, %%r13\n\t"
		"adoxq %%rcx, %%r13\n\t"
		"movq 24(%[f]), %%rdx\n\t"
		"mulxq %%rdx, %%rax, %%rcx\n\t"
		"adcxq %%r14, %%r14\n\t"
		"adoxq %%rax, %%r14\n\t"
		"adcxq %%r15, %%r15\n\t"
		"adoxq %%rcx, %%r15\n\t"
		REDUCE
		: FE_OUT(h->v)
		: [h] "r"(h->v), [f] "r"(f->v), FE_IN(f->v)
		: CLOBBERS);
}

/* h = 121666 f: four products into five words, the fifth folded as 38 times itself */
static inline void fe_mul_a24(fe *h, const fe *f)
{
	__asm__("movl $121666, %%edx\n\t"
		"mulxq 0(%[f]), %%r8, %%r9\n\t"
		"mulxq 8(%[f]), %%rax, %%r10\n\t"
		"addq %%rax, %%r9\n\t"
		"mulxq 16(%[f]), %%rax, %%r11\n\t"
		"adcq %%rax, %%r10\n\t"
		"mulxq 24(%[f]), %%rax, %%r12\n\t"
		"adcq %%rax, %%r11\n\t"
		"adcq $0, %%r12\n\t"
		"xorl %%ecx, %%ecx\n\t"
		"imulq $38, %%r12, %%r12\n\t"
		"addq %%r12, %%r8\n\t"
		"adcq %%rcx, %%r9\n\t"
		"adcq %%rcx, %%r10\n\t"
		"adcq %%rcx, %%r11\n\t"
		"sbbq %%rax, %%rax\n\t"
		"andq $38, %%rax\n\t"
		"addq %%rax, %%r8\n\t"
		"movq %%r8, 0(%[h])\n\t"
		"movq %%r9, 8(%[h])\n\t"
		"movq %%r10, 16(%[h])\n\t"
		"movq %%r11, 24(%[h])\n\t"
		: FE_OUT(h->v)
		: [h] "r"(h->v), [f] "r"(f->v), FE_IN(f->v)
		: "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "cc");
}

static inline void fe_frombytes(fe *h, const uint8_t s[32])
{
	h->v[0] = ember_ld64le(s);
	h->v[1] = ember_ld64le(s + 8);
	h->v[2] = ember_ld64le(s + 16);
	h->v[3] = ember_ld64le(s + 24) & 0x7fffffffffffffffu;
}

static inline void fe_fromwords(fe *h, const uint32_t w[8])
{
	int i;
	for (i = 0; i < 4; i++)
		h->v[i] = (uint64_t)w[2 * i + 1] << 32 | w[2 * i];
}

/* h + c, c < 2^63, in four words; the carry out returned */
static inline uint64_t add_small(uint64_t r[4], const uint64_t h[4], uint64_t c)
{
	__extension__ typedef unsigned __int128 u128;
	u128 t = (u128)h[0] + c;
	int i;

	r[0] = (uint64_t)t;
	for (i = 1; i < 4; i++) {
		t = (u128)h[i] + (uint64_t)(t >> 64);
		r[i] = (uint64_t)t;
	}
	return (uint64_t)(t >> 64);
}

static inline void fe_tobytes(uint8_t s[32], const fe *f)
{
	uint64_t a[4], b[4], m;
	int i;

	/* bit 255 folded as 19: a < 2^255 + 19 */
	m = f->v[3] >> 63;
	memcpy(a, f->v, sizeof(a));
	a[3] &= 0x7fffffffffffffffu;
	add_small(a, a, 19 * m);
	/* a + 19 >= 2^255 exactly when a >= p: then a - p = (a + 19) mod 2^255 */
	add_small(b, a, 19);
	m = 0 - (b[3] >> 63);
	b[3] &= 0x7fffffffffffffffu;
	for (i = 0; i < 4; i++)
		ember_st64le(s + 8 * i, (b[i] & m) | (a[i] & ~m));
	ember_wipe(a, sizeof(a));
	ember_wipe(b, sizeof(b));
}

static inline void fe_cswap(fe *f, fe *g, uint32_t b)
{
	const uint64_t m = 0 - (uint64_t)b;
	int i;

	for (i = 0; i < 4; i++) {
		uint64_t x = (f->v[i] ^ g->v[i]) & m;
		f->v[i] ^= x;
		g->v[i] ^= x;
	}
}

static inline void fe_cmov(fe *f, const fe *g, uint32_t b)
{
	const uint64_t m = 0 - (uint64_t)b;
	int i;

	for (i = 0; i < 4; i++)
		f->v[i] ^= (f->v[i] ^ g->v[i]) & m;
}

#include "ec/c25519_tmpl.h"

const ember_ec_desc ember_x25519_x86adx_desc = { "x25519", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, supported,
	&c25519_ops };
const ember_ec_desc ember_ed25519_x86adx_desc = { "ed25519", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, supported,
	&c25519_ops };

#else

static int unsupported(void)
{
	return 0;
}

const ember_ec_desc ember_x25519_x86adx_desc = { "x25519", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, unsupported,
	NULL };
const ember_ec_desc ember_ed25519_x86adx_desc = { "ed25519", "x86adx", EMBER_IMPL_CT | EMBER_IMPL_HW, unsupported,
	NULL };

#endif
