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
 * X25519's ladder step is one block of assembly over the ladder state
 * (fe_ladder_step, c25519_tmpl.h's FE_HAVE_LADDER_STEP): the same products,
 * with the conditional swap, the additions and subtractions and the
 * multiplication by 121666 between them, and no call or pointer set-up.
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
 * The products are written once, as strings over addresses AT(o, b, i):
 * limb i of the element at offset o from base register b. fe_mul and
 * fe_sq below take their operands by pointer (o = "0"); the ladder step
 * (fe_ladder_step, at the end) addresses every element of the ladder state
 * from one base register, o its offset.
 */
#define AT(o, b, i) o "+" #i "(" b ")"

/*
 * The 512-bit product in r8..r15 folded to 256 bits: r8..r11 + 38 r12..r15
 * (a lo/hi pair per word, the two chains on CF and OF), then the word that
 * spills over times 38, then the last carry as 38. Leaves r8..r11, stored
 * to h (at o, b).
 */
#define REDUCE(ho, hb)                          \
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
	"movq %%r8, " AT(ho, hb, 0) "\n\t"      \
	"movq %%r9, " AT(ho, hb, 8) "\n\t"      \
	"movq %%r10, " AT(ho, hb, 16) "\n\t"    \
	"movq %%r11, " AT(ho, hb, 24) "\n\t"

/* one row of the product after the first: r(i)..r(i+4) += f * g_j, lows on CF, highs on OF */
#define MUL_ROW(fo, fb, gj, ri0, ri1, ri2, ri3, ri4, ri4d) \
	"movq " gj ", %%rdx\n\t"                \
	"xorl %%" ri4d ", %%" ri4d "\n\t"       \
	"mulxq " AT(fo, fb, 0) ", %%rax, %%rcx\n\t" \
	"adcxq %%rax, %%" ri0 "\n\t"            \
	"adoxq %%rcx, %%" ri1 "\n\t"            \
	"mulxq " AT(fo, fb, 8) ", %%rax, %%rcx\n\t" \
	"adcxq %%rax, %%" ri1 "\n\t"            \
	"adoxq %%rcx, %%" ri2 "\n\t"            \
	"mulxq " AT(fo, fb, 16) ", %%rax, %%rcx\n\t" \
	"adcxq %%rax, %%" ri2 "\n\t"            \
	"adoxq %%rcx, %%" ri3 "\n\t"            \
	"mulxq " AT(fo, fb, 24) ", %%rax, %%rcx\n\t" \
	"adcxq %%rax, %%" ri3 "\n\t"            \
	"adoxq %%rcx, %%" ri4 "\n\t"            \
	"adcq $0, %%" ri4 "\n\t"

/* h = f g: the four rows into r8..r15, then REDUCE */
#define MUL(ho, hb, fo, fb, go, gb)             \
	/* row 0: r8..r12 = f * g0 */           \
	"movq " AT(go, gb, 0) ", %%rdx\n\t"     \
	"mulxq " AT(fo, fb, 0) ", %%r8, %%r9\n\t" \
	"mulxq " AT(fo, fb, 8) ", %%rax, %%r10\n\t" \
	"addq %%rax, %%r9\n\t"                  \
	"mulxq " AT(fo, fb, 16) ", %%rax, %%r11\n\t" \
	"adcq %%rax, %%r10\n\t"                 \
	"mulxq " AT(fo, fb, 24) ", %%rax, %%r12\n\t" \
	"adcq %%rax, %%r11\n\t"                 \
	"adcq $0, %%r12\n\t"                    \
	MUL_ROW(fo, fb, AT(go, gb, 8), "r9", "r10", "r11", "r12", "r13", "r13d") \
	MUL_ROW(fo, fb, AT(go, gb, 16), "r10", "r11", "r12", "r13", "r14", "r14d") \
	MUL_ROW(fo, fb, AT(go, gb, 24), "r11", "r12", "r13", "r14", "r15", "r15d") \
	REDUCE(ho, hb)

/* h = f^2: the six cross products doubled, plus the four squares, then REDUCE */
#define SQR(ho, hb, fo, fb)                     \
	/* the cross products a_i a_j (i < j) into r9..r14 */ \
	"movq " AT(fo, fb, 0) ", %%rdx\n\t"     \
	"mulxq " AT(fo, fb, 8) ", %%r9, %%r10\n\t" \
	"mulxq " AT(fo, fb, 16) ", %%rax, %%r11\n\t" \
	"addq %%rax, %%r10\n\t"                 \
	"mulxq " AT(fo, fb, 24) ", %%rax, %%r12\n\t" \
	"adcq %%rax, %%r11\n\t"                 \
	"adcq $0, %%r12\n\t"                    \
	"movq " AT(fo, fb, 8) ", %%rdx\n\t"     \
	"xorl %%r13d, %%r13d\n\t"               \
	"mulxq " AT(fo, fb, 16) ", %%rax, %%rcx\n\t" \
	"adcxq %%rax, %%r11\n\t"                \
	"adoxq %%rcx, %%r12\n\t"                \
	"mulxq " AT(fo, fb, 24) ", %%rax, %%rcx\n\t" \
	"adcxq %%rax, %%r12\n\t"                \
	"adoxq %%rcx, %%r13\n\t"                \
	"adcq $0, %%r13\n\t"                    \
	"movq " AT(fo, fb, 16) ", %%rdx\n\t"    \
	"mulxq " AT(fo, fb, 24) ", %%rax, %%r14\n\t" \
	"addq %%rax, %%r13\n\t"                 \
	"adcq $0, %%r14\n\t"                    \
	/* doubled on CF, plus the squares on OF */ \
	"xorl %%r15d, %%r15d\n\t"               \
	"movq " AT(fo, fb, 0) ", %%rdx\n\t"     \
	"mulxq %%rdx, %%r8, %%rax\n\t"          \
	"adcxq %%r9, %%r9\n\t"                  \
	"adoxq %%rax, %%r9\n\t"                 \
	"movq " AT(fo, fb, 8) ", %%rdx\n\t"     \
	"mulxq %%rdx, %%rax, %%rcx\n\t"         \
	"adcxq %%r10, %%r10\n\t"                \
	"adoxq %%rax, %%r10\n\t"                \
	"adcxq %%r11, %%r11\n\t"                \
	"adoxq %%rcx, %%r11\n\t"                \
	"movq " AT(fo, fb, 16) ", %%rdx\n\t"    \
	"mulxq %%rdx, %%rax, %%rcx\n\t"         \
	"adcxq %%r12, %%r12\n\t"                \
	"adoxq %%rax, %%r12\n\t"                \
	"adcxq %%r13, %%r13\n\t"                \
	"adoxq %%rcx, %%r13\n\t"                \
	"movq " AT(fo, fb, 24) ", %%rdx\n\t"    \
	"mulxq %%rdx, %%rax, %%rcx\n\t"         \
	"adcxq %%r14, %%r14\n\t"                \
	"adoxq %%rax, %%r14\n\t"                \
	"adcxq %%r15, %%r15\n\t"                \
	"adoxq %%rcx, %%r15\n\t"                \
	REDUCE(ho, hb)

#define CLOBBERS "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc"

static inline void fe_mul(fe *h, const fe *f, const fe *g)
{
	__asm__(MUL("0", "%[h]", "0", "%[f]", "0", "%[g]")
		: FE_OUT(h->v)
		: [h] "r"(h->v), [f] "r"(f->v), [g] "r"(g->v), FE_IN(f->v), FE_IN(g->v)
		: CLOBBERS);
}

static inline void fe_sq(fe *h, const fe *f)
{
	__asm__(SQR("0", "%[h]", "0", "%[f]")
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

#define FE_HAVE_LADDER_STEP
#include "ec/c25519_tmpl.h"

/*
 * The ladder step in one block of assembly: every element of the ladder
 * state at a fixed offset from one base register (%[s]), so no pointer is
 * set up per operation and no call is made (fe_mul is not inlined); the
 * additions and subtractions fused in pairs, each loading its inputs once;
 * 121666 E + BB in one pass. The swap is by mask in 64-bit registers: the
 * C fe_cswap, which gcc vectorises, reads the product's 8-byte stores with
 * 16-byte loads that cannot be forwarded (about 4 % of the ladder).
 */
#define LS "%[s]"

/* swap p and q (offsets) when %[m] is all ones: by mask, limb by limb, in registers */
#define CSWAP_LIMB(p, q, i)                     \
	"movq " AT(p, LS, i) ", %%rax\n\t"      \
	"movq " AT(q, LS, i) ", %%rcx\n\t"      \
	"movq %%rax, %%rdx\n\t"                 \
	"xorq %%rcx, %%rdx\n\t"                 \
	"andq %[m], %%rdx\n\t"                  \
	"xorq %%rdx, %%rax\n\t"                 \
	"xorq %%rdx, %%rcx\n\t"                 \
	"movq %%rax, " AT(p, LS, i) "\n\t"      \
	"movq %%rcx, " AT(q, LS, i) "\n\t"
#define CSWAP(p, q) CSWAP_LIMB(p, q, 0) CSWAP_LIMB(p, q, 8) CSWAP_LIMB(p, q, 16) CSWAP_LIMB(p, q, 24)

/* a carry out of r0..r3 folded back as 38, twice (the second cannot carry), t scratch */
#define FOLD_ADD(r0, r1, r2, r3, t)             \
	"sbbq %%" t ", %%" t "\n\t"             \
	"andq $38, %%" t "\n\t"                 \
	"addq %%" t ", %%" r0 "\n\t"            \
	"adcq $0, %%" r1 "\n\t"                 \
	"adcq $0, %%" r2 "\n\t"                 \
	"adcq $0, %%" r3 "\n\t"                 \
	"sbbq %%" t ", %%" t "\n\t"             \
	"andq $38, %%" t "\n\t"                 \
	"addq %%" t ", %%" r0 "\n\t"

/* a borrow out of r0..r3 taken off as 38, twice (the second cannot borrow) */
#define FOLD_SUB(r0, r1, r2, r3, t)             \
	"sbbq %%" t ", %%" t "\n\t"             \
	"andq $38, %%" t "\n\t"                 \
	"subq %%" t ", %%" r0 "\n\t"            \
	"sbbq $0, %%" r1 "\n\t"                 \
	"sbbq $0, %%" r2 "\n\t"                 \
	"sbbq $0, %%" r3 "\n\t"                 \
	"sbbq %%" t ", %%" t "\n\t"             \
	"andq $38, %%" t "\n\t"                 \
	"subq %%" t ", %%" r0 "\n\t"

/* sum = f + g, dif = f - g, as fe_add and fe_sub, f and g loaded once */
#define ADDSUB(sum, dif, f, g)                  \
	"movq " AT(f, LS, 0) ", %%r8\n\t"       \
	"movq " AT(f, LS, 8) ", %%r9\n\t"       \
	"movq " AT(f, LS, 16) ", %%r10\n\t"     \
	"movq " AT(f, LS, 24) ", %%r11\n\t"     \
	"movq %%r8, %%r12\n\t"                  \
	"movq %%r9, %%r13\n\t"                  \
	"movq %%r10, %%r14\n\t"                 \
	"movq %%r11, %%r15\n\t"                 \
	"addq " AT(g, LS, 0) ", %%r8\n\t"       \
	"adcq " AT(g, LS, 8) ", %%r9\n\t"       \
	"adcq " AT(g, LS, 16) ", %%r10\n\t"     \
	"adcq " AT(g, LS, 24) ", %%r11\n\t"     \
	FOLD_ADD("r8", "r9", "r10", "r11", "rax") \
	"subq " AT(g, LS, 0) ", %%r12\n\t"      \
	"sbbq " AT(g, LS, 8) ", %%r13\n\t"      \
	"sbbq " AT(g, LS, 16) ", %%r14\n\t"     \
	"sbbq " AT(g, LS, 24) ", %%r15\n\t"     \
	FOLD_SUB("r12", "r13", "r14", "r15", "rcx") \
	"movq %%r8, " AT(sum, LS, 0) "\n\t"     \
	"movq %%r9, " AT(sum, LS, 8) "\n\t"     \
	"movq %%r10, " AT(sum, LS, 16) "\n\t"   \
	"movq %%r11, " AT(sum, LS, 24) "\n\t"   \
	"movq %%r12, " AT(dif, LS, 0) "\n\t"    \
	"movq %%r13, " AT(dif, LS, 8) "\n\t"    \
	"movq %%r14, " AT(dif, LS, 16) "\n\t"   \
	"movq %%r15, " AT(dif, LS, 24) "\n\t"

/*
 * e = f - g, then t = g + 121666 e (RFC 7748's AA + a24 E = BB + (a24 + 1) E):
 * the product in five words with g added in, the fifth folded as 38 times
 * itself, then the last carry as 38.
 */
#define SUB_A24ADD(e, t, f, g)                  \
	"movq " AT(f, LS, 0) ", %%r8\n\t"       \
	"movq " AT(f, LS, 8) ", %%r9\n\t"       \
	"movq " AT(f, LS, 16) ", %%r10\n\t"     \
	"movq " AT(f, LS, 24) ", %%r11\n\t"     \
	"subq " AT(g, LS, 0) ", %%r8\n\t"       \
	"sbbq " AT(g, LS, 8) ", %%r9\n\t"       \
	"sbbq " AT(g, LS, 16) ", %%r10\n\t"     \
	"sbbq " AT(g, LS, 24) ", %%r11\n\t"     \
	FOLD_SUB("r8", "r9", "r10", "r11", "rax") \
	"movq %%r8, " AT(e, LS, 0) "\n\t"       \
	"movq %%r9, " AT(e, LS, 8) "\n\t"       \
	"movq %%r10, " AT(e, LS, 16) "\n\t"     \
	"movq %%r11, " AT(e, LS, 24) "\n\t"     \
	"movl $121666, %%edx\n\t"               \
	"mulxq %%r8, %%r12, %%rax\n\t"          \
	"mulxq %%r9, %%r13, %%rcx\n\t"          \
	"addq %%rax, %%r13\n\t"                 \
	"mulxq %%r10, %%r14, %%rax\n\t"         \
	"adcq %%rcx, %%r14\n\t"                 \
	"mulxq %%r11, %%r15, %%rcx\n\t"         \
	"adcq %%rax, %%r15\n\t"                 \
	"adcq $0, %%rcx\n\t"                    \
	"addq " AT(g, LS, 0) ", %%r12\n\t"      \
	"adcq " AT(g, LS, 8) ", %%r13\n\t"      \
	"adcq " AT(g, LS, 16) ", %%r14\n\t"     \
	"adcq " AT(g, LS, 24) ", %%r15\n\t"     \
	"adcq $0, %%rcx\n\t"                    \
	"imulq $38, %%rcx, %%rcx\n\t"           \
	"addq %%rcx, %%r12\n\t"                 \
	"adcq $0, %%r13\n\t"                    \
	"adcq $0, %%r14\n\t"                    \
	"adcq $0, %%r15\n\t"                    \
	"sbbq %%rax, %%rax\n\t"                 \
	"andq $38, %%rax\n\t"                   \
	"addq %%rax, %%r12\n\t"                 \
	"movq %%r12, " AT(t, LS, 0) "\n\t"      \
	"movq %%r13, " AT(t, LS, 8) "\n\t"      \
	"movq %%r14, " AT(t, LS, 16) "\n\t"     \
	"movq %%r15, " AT(t, LS, 24) "\n\t"

#define LMUL(h, f, g) MUL(h, LS, f, LS, g, LS)
#define LSQR(h, f) SQR(h, LS, f, LS)

/* RFC 7748, 5: the same operations as c25519_tmpl.h's ladder, in the same order */
static void fe_ladder_step(c25519_ladder_st *s, uint32_t swap)
{
	const uint64_t m = 0 - (uint64_t)swap;

	__asm__(CSWAP("%c[x2]", "%c[x3]")
		CSWAP("%c[z2]", "%c[z3]")
		ADDSUB("%c[a]", "%c[b]", "%c[x2]", "%c[z2]")
		ADDSUB("%c[c]", "%c[d]", "%c[x3]", "%c[z3]")
		LMUL("%c[d]", "%c[d]", "%c[a]")         /* DA */
		LMUL("%c[c]", "%c[c]", "%c[b]")         /* CB */
		LSQR("%c[aa]", "%c[a]")
		LSQR("%c[bb]", "%c[b]")
		ADDSUB("%c[x3]", "%c[z3]", "%c[d]", "%c[c]")
		LSQR("%c[x3]", "%c[x3]")                /* (DA + CB)^2 */
		LSQR("%c[z3]", "%c[z3]")
		LMUL("%c[z3]", "%c[z3]", "%c[x1]")      /* x1 (DA - CB)^2 */
		LMUL("%c[x2]", "%c[aa]", "%c[bb]")      /* AA BB */
		SUB_A24ADD("%c[e]", "%c[a]", "%c[aa]", "%c[bb]")
		LMUL("%c[z2]", "%c[a]", "%c[e]")
		: "+m"(*s)
		: [s] "r"(s), [m] "r"(m), [x1] "i"(offsetof(c25519_ladder_st, x1)),
		  [x2] "i"(offsetof(c25519_ladder_st, x2)), [z2] "i"(offsetof(c25519_ladder_st, z2)),
		  [x3] "i"(offsetof(c25519_ladder_st, x3)), [z3] "i"(offsetof(c25519_ladder_st, z3)),
		  [a] "i"(offsetof(c25519_ladder_st, a)), [b] "i"(offsetof(c25519_ladder_st, b)),
		  [c] "i"(offsetof(c25519_ladder_st, c)), [d] "i"(offsetof(c25519_ladder_st, d)),
		  [aa] "i"(offsetof(c25519_ladder_st, aa)), [bb] "i"(offsetof(c25519_ladder_st, bb)),
		  [e] "i"(offsetof(c25519_ladder_st, e))
		: CLOBBERS);
}

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
