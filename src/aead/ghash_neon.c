/*
 * ghash_neon.c - GHASH (SP 800-38D 6.4) with 32-bit ARM NEON's VMULL.P8,
 * and the composition "neon": aes_neon.c (VTBX S-box lookups, the AES
 * registry's constant-time pick on ARMv7) with it, the default AES-GCM
 * on 32-bit ARM with NEON.
 *
 * VMULL.P8 multiplies eight byte pairs at once, carry-less, into eight
 * 16-bit lanes. A 64 x 64 product sums a_i b_j at bit 8 (i + j); group
 * the terms by the distance k = j - i. Rotating a by k bytes (a_k, lane
 * i = a_(i+k mod 8)) and multiplying lane by lane gives, in lane i,
 * a_(i+k) b_i: for i < 8 - k a term of distance -k, due at bit 16 i + 8k;
 * for the wrapped lanes i >= 8 - k a term of distance 8 - k, due at
 * 16 i + 8k - 64. a * b_k does the same for distances +k and k - 8, with
 * the same two shifts. So for k = 1, 2, 3 the sum of the two products is
 * cut at lane 8 - k, its low lanes shifted up k bytes and its high lanes
 * down 8 - k bytes; k = 4 needs one product (its two halves are the
 * distances -4 and +4) and k = 0 is the plain a * b: eight VMULL.P8 a
 * 64-bit product (the arrangement of Camara, Goncalves, Lopez and Dahab,
 * "Fast software polynomial multiplication on ARM processors using the
 * NEON engine", 2013, written afresh here).
 *
 * Above that, ghash_pclmul.c's arithmetic: blocks byte-reversed, the key
 * as H x^-1, Karatsuba (three 64-bit products a block), four blocks to
 * a reduction with H^4 .. H^1, the reduction by shifts (ghash_ct64.c's
 * FOLD) on both 64-bit lanes at once. The cut and the shifts are linear,
 * so each Karatsuba part sums its products per distance over the four
 * blocks and cuts and shifts the sums once; the key schedule stores the
 * rotations of the powers' halves, so a block rotates only its own
 * (issue 22: the loop over four blocks is 323 instructions with gcc 12
 * for cortex-a9, where cutting each 64-bit product on its own cost
 * about 200 a block). Constant-time: NEON instructions have
 * data-independent timing, no table, no branch on data.
 * Little-endian ARMv7-A with NEON, under aes_neon.c's conditions;
 * elsewhere the descriptor remains with supported() 0.
 */
#include "gcm_impl.h"

#if defined(EMBER_ARM32) && defined(__GNUC__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7 && \
    (!defined(__ARM_ARCH_PROFILE) || __ARM_ARCH_PROFILE == 'A') && \
    (defined(__ARM_NEON) || !defined(__clang__)) && !defined(__ARMEB__)
#include <arm_neon.h>

#if defined(__clang__)
#define NEON_TARGET
#else
#define NEON_TARGET EMBER_TARGET("fpu=neon")
/* the scheduling before register allocation spills the 64-bit products' operands */
#pragma GCC optimize("no-schedule-insns")
#endif

/*
 * ctx->h.b: the operands of G_k = H^k x^-1, k = 1..4, for class c = 0
 * (G_k's low half), 1 (its high half), 2 (the XOR of the halves, the
 * Karatsuba middle), CLS bytes a class: at 32 (NPOW - k) the 64-bit
 * operand rotated by 0, 1, 2 and 3 bytes, at 32 NPOW + 8 (NPOW - k) its
 * rotation by 4 bytes. A pass over NPOW blocks reads its class in order.
 */
#define NPOW 4
#define CLS (40 * NPOW)

#define INLINE inline __attribute__((always_inline))

static int supported(void)
{
	return ember_aes_neon_desc.supported();
}

static NEON_TARGET INLINE uint8x16_t pm(uint8x8_t a, uint8x8_t b)
{
	return vreinterpretq_u8_p16(vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

/* VLD1 with the address written back (the compiler adds an ADD per load otherwise) */
static NEON_TARGET INLINE uint8x16_t ld16(const uint8_t **p)
{
	uint8x16_t v;
	__asm__("vld1.8 {%e0-%f0}, [%1]!" : "=w"(v), "+r"(*p) : "m"(*(const uint8_t(*)[16]) * p));
	return v;
}

/* b0..b3: 32 bytes with one VLD1 of four D registers */
static NEON_TARGET INLINE uint8x16x2_t ld32(const uint8_t **p)
{
	uint8x16x2_t v;
#if defined(__clang__) /* no register-list operands */
	v.val[0] = ld16(p);
	v.val[1] = ld16(p);
#else
	__asm__("vld1.8 %h0, [%1]!" : "=w"(v), "+r"(*p) : "m"(*(const uint8_t(*)[32]) * p));
#endif
	return v;
}

static NEON_TARGET INLINE uint8x8_t ld8(const uint8_t **p)
{
	uint8x8_t v;
	__asm__("vld1.8 {%P0}, [%1]!" : "=w"(v), "+r"(*p) : "m"(*(const uint8_t(*)[8]) * p));
	return v;
}

/*
 * The cut of r (products of distances k and k - 8, lanes i < 8 - k due
 * k bytes up, the others 8 - k bytes down) as one rotation: the lanes
 * due down are moved from the high half to the low one, whose top they
 * reach after the rotation by k bytes.
 */
#define CUT(r, mk)                                                                                           \
	__asm__("veor %e0, %e0, %f0\n\tvand %f0, %f0, %P1\n\tveor %e0, %e0, %f0" : "+w"(r) : "w"(mk))

/* acc ^= p, here: the compiler would otherwise hold every product of a pass at once */
#define PIN(v) __asm__("" : "+w"(v))
#define ACC(acc, p)                                                                                          \
	do {                                                                                                 \
		(acc) = veorq_u8((acc), (p));                                                                \
		PIN(acc);                                                                                    \
	} while (0)

/* the cuts' masks, opaque so that they stay in registers */
static NEON_TARGET INLINE void masks(uint8x8_t mk[3])
{
	mk[0] = vreinterpret_u8_u64(vdup_n_u64(0x0000ffffffffffffull));
	mk[1] = vreinterpret_u8_u64(vdup_n_u64(0x00000000ffffffffull));
	mk[2] = vreinterpret_u8_u64(vdup_n_u64(0x000000000000ffffull));
	__asm__("" : "+w"(mk[0]), "+w"(mk[1]), "+w"(mk[2]));
}

/*
 * The sum over j < m of the 64 x 64 carry-less products a[j] b_j, b_j
 * the operands read at *hp (the arrangement above), advanced past the
 * class. The VMULL.P8 products of each distance are summed over the m
 * blocks, then cut and shifted once.
 */
static NEON_TARGET INLINE uint8x16_t pass(const uint8x8_t *a, size_t m, const uint8_t **hp,
					  const uint8x8_t *mk)
{
	uint8x16x2_t b;
	uint8x8_t b0, x = a[0];
	uint8x16_t d, k, r1, r2, r3;
	size_t j;

	*hp += 32 * (NPOW - m);
	b = ld32(hp);
	b0 = vget_low_u8(b.val[0]);
	d = pm(x, b0);
	PIN(d);
	r1 = pm(vext_u8(x, x, 1), b0);
	ACC(r1, pm(x, vget_high_u8(b.val[0])));
	r2 = pm(vext_u8(x, x, 2), b0);
	ACC(r2, pm(x, vget_low_u8(b.val[1])));
	r3 = pm(vext_u8(x, x, 3), b0);
	ACC(r3, pm(x, vget_high_u8(b.val[1])));

#pragma GCC unroll 4
	for (j = 1; j < m; j++) {
		b = ld32(hp);
		b0 = vget_low_u8(b.val[0]);
		x = a[j];
		ACC(d, pm(x, b0));
		ACC(r1, pm(vext_u8(x, x, 1), b0));
		ACC(r1, pm(x, vget_high_u8(b.val[0])));
		ACC(r2, pm(vext_u8(x, x, 2), b0));
		ACC(r2, pm(x, vget_low_u8(b.val[1])));
		ACC(r3, pm(vext_u8(x, x, 3), b0));
		ACC(r3, pm(x, vget_high_u8(b.val[1])));
	}
	/* distance 4: the rotations by 4 bytes of the NPOW powers together */
	*hp += 8 * (NPOW - m);
	if (m == NPOW) {
		b = ld32(hp);
		k = pm(a[0], vget_low_u8(b.val[0]));
		PIN(k);
		ACC(k, pm(a[1], vget_high_u8(b.val[0])));
		ACC(k, pm(a[2], vget_low_u8(b.val[1])));
		ACC(k, pm(a[3], vget_high_u8(b.val[1])));
	} else {
		k = pm(a[0], ld8(hp));
		for (j = 1; j < m; j++)
			ACC(k, pm(a[j], ld8(hp)));
	}
	CUT(r1, mk[0]);
	CUT(r2, mk[1]);
	CUT(r3, mk[2]);
	/* distance 4: both halves 4 bytes up or down, to bytes 4..11 */
	__asm__("veor %e0, %e0, %f0\n\tvshr.u64 %f0, %e0, #32\n\tvshl.i64 %e0, %e0, #32" : "+w"(k));
	ACC(d, k);
	ACC(d, vextq_u8(r1, r1, 15));
	ACC(d, vextq_u8(r2, r2, 14));
	ACC(d, vextq_u8(r3, r3, 13));
	return d;
}

/*
 * The Karatsuba sums lo, hi, mid to the 256-bit product w3:w2:w1:w0, and
 * that modulo P: ghash_ct64.c's FOLD in two phases on both 64-bit lanes
 * at once (the first phase's f(w1) is the same before and after
 * w1 ^= f(w0)), as ghash_pclmul.c's reduction. The result (w2, w3) is
 * returned with its halves swapped, the order ghash() keeps y in.
 */
static NEON_TARGET INLINE uint8x16_t reduce(uint8x16_t lo, uint8x16_t hi, uint8x16_t mid)
{
	uint8x16_t t1, t2;

	__asm__("veor %q[m], %q[m], %q[l]\n\t"
		"veor %q[m], %q[m], %q[h]\n\t"
		"veor %f[l], %f[l], %e[m]\n\t"
		"veor %e[h], %e[h], %f[m]\n\t"
		"vshl.i64 %q[t1], %q[l], #57\n\t"
		"vshl.i64 %q[t2], %q[l], #62\n\t"
		"veor %q[t2], %q[t2], %q[t1]\n\t"
		"vshl.i64 %q[t1], %q[l], #63\n\t"
		"veor %q[t2], %q[t2], %q[t1]\n\t"
		"veor %f[l], %f[l], %e[t2]\n\t"
		"veor %e[h], %e[h], %f[t2]\n\t"
		"vshr.u64 %q[t2], %q[l], #1\n\t"
		"veor %q[h], %q[h], %q[l]\n\t"
		"veor %q[l], %q[l], %q[t2]\n\t"
		"vshr.u64 %q[t2], %q[t2], #5\n\t"
		"veor %q[l], %q[l], %q[t2]\n\t"
		"vshr.u64 %q[l], %q[l], #1\n\t"
		"veor %e[m], %f[l], %f[h]\n\t"
		"veor %f[m], %e[l], %e[h]"
		: [l] "+w"(lo), [h] "+w"(hi), [m] "+w"(mid), [t1] "=&w"(t1), [t2] "=&w"(t2));
	return mid;
}

/* (sum over j < m of x_j G_(m - j)) modulo P, x_j = (lo[j], hi[j]), its halves swapped */
static NEON_TARGET INLINE uint8x16_t mulsum(const uint8x8_t *lo, const uint8x8_t *hi, size_t m,
					    const uint8_t *hp, const uint8x8_t *mk)
{
	uint8x8_t mid[NPOW];
	uint8x16_t plo, phi;
	size_t j;

#pragma GCC unroll 4
	for (j = 0; j < m; j++)
		mid[j] = veor_u8(lo[j], hi[j]);
	plo = pass(lo, m, &hp, mk);
	phi = pass(hi, m, &hp, mk);
	return reduce(plo, phi, pass(mid, m, &hp, mk));
}

/* stores the operands of g = G_k */
static NEON_TARGET void expand(uint8_t *hp, unsigned k, uint8x16_t g)
{
	uint8x8_t v[3];
	unsigned c;

	v[0] = vget_low_u8(g);
	v[1] = vget_high_u8(g);
	v[2] = veor_u8(v[0], v[1]);
	for (c = 0; c < 3; c++) {
		uint8_t *p = hp + CLS * c + 32 * (NPOW - k);
		vst1q_u8(p, vcombine_u8(v[c], vext_u8(v[c], v[c], 1)));
		vst1q_u8(p + 16, vcombine_u8(vext_u8(v[c], v[c], 2), vext_u8(v[c], v[c], 3)));
		vst1_u8(hp + CLS * c + 32 * NPOW + 8 * (NPOW - k), vext_u8(v[c], v[c], 4));
	}
}

static NEON_TARGET void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	uint64_t hh = ember_ld64be(h), hl = ember_ld64be(h + 8), m = 0 - (hh >> 63);
	uint8x16_t x;
	uint8x8_t lo, hi, mk[3];
	unsigned k;

	masks(mk);
	/* H' = H x^-1 (ghash_ct64.c) */
	hh = (hh << 1) | (hl >> 63);
	hl <<= 1;
	hh ^= m & 0xC200000000000000ull;
	hl ^= m & 1;
	x = vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hl), vcreate_u64(hh)));
	expand(ctx->h.b, 1, x);
	for (k = 2; k <= NPOW; k++) {
		lo = vget_low_u8(x);
		hi = vget_high_u8(x);
		x = mulsum(&lo, &hi, 1, ctx->h.b, mk);
		x = vcombine_u8(vget_high_u8(x), vget_low_u8(x));
		expand(ctx->h.b, k, x);
	}
}

/*
 * Blocks are byte-reversed (ghash_pclmul.c's order): a block's low half
 * is VREV64 of its bytes 8..15, its high half VREV64 of bytes 0..7; y is
 * kept as VREV64 of its bytes, the halves swapped.
 */
static NEON_TARGET INLINE uint8x16_t step(uint8x16_t y, const uint8_t **in, size_t m, const uint8_t *hp,
					  const uint8x8_t *mk)
{
	uint8x8_t lo[NPOW], hi[NPOW];
	size_t j;

#pragma GCC unroll 4
	for (j = 0; j < m; j++) {
		uint8x16_t x = vrev64q_u8(ld16(in));
		if (j == 0)
			x = veorq_u8(x, y);
		lo[j] = vget_high_u8(x);
		hi[j] = vget_low_u8(x);
	}
	return mulsum(lo, hi, m, hp, mk);
}

static NEON_TARGET void ghash(const ember_aes_gcm_ctx *ctx, uint8_t yb[16], const uint8_t *in, size_t n)
{
	uint8x16_t y = vrev64q_u8(vld1q_u8(yb));
	uint8x8_t mk[3];

	masks(mk);
	for (; n >= NPOW; n -= NPOW)
		y = step(y, &in, NPOW, ctx->h.b, mk);
	if (n > 0)
		y = step(y, &in, n, ctx->h.b, mk);
	vst1q_u8(yb, vrev64q_u8(y));
}

static const ember_gcm_impl impl = { supported, ember_aes_neon_set_key, ghash_key, ghash, ember_gcm_run_ecb };

#else /* not little-endian ARMv7-A with NEON: never supported, never keyed */

#define supported ember_gcm_never
static const ember_gcm_impl impl = { ember_gcm_never, ember_aes_neon_set_key, NULL, NULL, NULL };

#endif

EMBER_GCM_DESC(ember_aes_gcm_neon_desc, "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, impl)
