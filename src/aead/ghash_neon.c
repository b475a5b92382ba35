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
 * FOLD) on 64-bit lanes. Constant-time: NEON instructions have
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
#endif

/* ctx->h.b: G_k = H^k x^-1 at 16 (k - 1), k = 1..4; at 64 + 8 (k - 1) the XOR of G_k's halves */
#define NPOW 4

static int supported(void)
{
	return ember_aes_neon_desc.supported();
}

static NEON_TARGET inline uint8x16_t pm(uint8x8_t a, uint8x8_t b)
{
	return vreinterpretq_u8_p16(vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

/* the 128-bit carry-less product of two 64-bit values (little-endian lanes) */
static NEON_TARGET uint8x16_t clmul64(uint8x8_t a, uint8x8_t b)
{
	/* bytes below the cut at lane 8 - k, k = 1..4 */
	static const uint8_t cut[4][16] EMBER_ALIGN(16) = {
		{ 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0 },
		{ 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0 },
		{ 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0 },
		{ 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0 },
	};
	const uint8x16_t z = vdupq_n_u8(0);
	uint8x16_t r1 = veorq_u8(pm(vext_u8(a, a, 1), b), pm(a, vext_u8(b, b, 1)));
	uint8x16_t r2 = veorq_u8(pm(vext_u8(a, a, 2), b), pm(a, vext_u8(b, b, 2)));
	uint8x16_t r3 = veorq_u8(pm(vext_u8(a, a, 3), b), pm(a, vext_u8(b, b, 3)));
	uint8x16_t r4 = pm(vext_u8(a, a, 4), b);
	uint8x16_t l1 = vandq_u8(r1, vld1q_u8(cut[0])), l2 = vandq_u8(r2, vld1q_u8(cut[1]));
	uint8x16_t l3 = vandq_u8(r3, vld1q_u8(cut[2])), l4 = vandq_u8(r4, vld1q_u8(cut[3]));
	uint8x16_t d = pm(a, b);

	d = veorq_u8(d, veorq_u8(vextq_u8(z, l1, 15), vextq_u8(veorq_u8(r1, l1), z, 7)));
	d = veorq_u8(d, veorq_u8(vextq_u8(z, l2, 14), vextq_u8(veorq_u8(r2, l2), z, 6)));
	d = veorq_u8(d, veorq_u8(vextq_u8(z, l3, 13), vextq_u8(veorq_u8(r3, l3), z, 5)));
	return veorq_u8(d, veorq_u8(vextq_u8(z, l4, 12), vextq_u8(veorq_u8(r4, l4), z, 4)));
}

static NEON_TARGET inline uint8x16_t rev(uint8x16_t x)
{
	x = vrev64q_u8(x);
	return vextq_u8(x, x, 8);
}

/* ghash_ct64.c's FOLD on w3:w2 (hi) and w1:w0 (lo): the 256-bit value modulo P */
static NEON_TARGET uint8x16_t fold(uint8x16_t hi, uint8x16_t lo)
{
	uint64x1_t w0 = vget_low_u64(vreinterpretq_u64_u8(lo)), w1 = vget_high_u64(vreinterpretq_u64_u8(lo));
	uint64x1_t w2 = vget_low_u64(vreinterpretq_u64_u8(hi)), w3 = vget_high_u64(vreinterpretq_u64_u8(hi));

	w1 = veor_u64(w1, veor_u64(vshl_n_u64(w0, 63), veor_u64(vshl_n_u64(w0, 62), vshl_n_u64(w0, 57))));
	w2 = veor_u64(w2, veor_u64(w0, veor_u64(vshr_n_u64(w0, 1), veor_u64(vshr_n_u64(w0, 2), vshr_n_u64(w0, 7)))));
	w2 = veor_u64(w2, veor_u64(vshl_n_u64(w1, 63), veor_u64(vshl_n_u64(w1, 62), vshl_n_u64(w1, 57))));
	w3 = veor_u64(w3, veor_u64(w1, veor_u64(vshr_n_u64(w1, 1), veor_u64(vshr_n_u64(w1, 2), vshr_n_u64(w1, 7)))));
	return vreinterpretq_u8_u64(vcombine_u64(w2, w3));
}

/* Karatsuba of x and the power g (gk: g's halves XORed), added into lo, hi, mid */
#define MULADD(x, g, gk)                                                                           \
	do {                                                                                       \
		uint8x16_t x_ = (x), g_ = (g);                                                     \
		lo = veorq_u8(lo, clmul64(vget_low_u8(x_), vget_low_u8(g_)));                      \
		hi = veorq_u8(hi, clmul64(vget_high_u8(x_), vget_high_u8(g_)));                    \
		mid = veorq_u8(mid, clmul64(veor_u8(vget_low_u8(x_), vget_high_u8(x_)), (gk)));    \
	} while (0)

static NEON_TARGET uint8x16_t reduce(uint8x16_t lo, uint8x16_t hi, uint8x16_t mid)
{
	const uint8x16_t z = vdupq_n_u8(0);

	mid = veorq_u8(mid, veorq_u8(lo, hi));
	lo = veorq_u8(lo, vextq_u8(z, mid, 8));
	hi = veorq_u8(hi, vextq_u8(mid, z, 8));
	return fold(hi, lo);
}

static NEON_TARGET void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	uint64_t hh = ember_ld64be(h), hl = ember_ld64be(h + 8), m = 0 - (hh >> 63);
	uint8x16_t g, x;
	unsigned k;

	/* H' = H x^-1 (ghash_ct64.c) */
	hh = (hh << 1) | (hl >> 63);
	hl <<= 1;
	hh ^= m & 0xC200000000000000ull;
	hl ^= m & 1;
	g = vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hl), vcreate_u64(hh)));
	x = g;
	for (k = 1; k <= NPOW; k++) {
		uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;
		vst1q_u8(ctx->h.b + 16 * (k - 1), x);
		vst1_u8(ctx->h.b + 16 * NPOW + 8 * (k - 1), veor_u8(vget_low_u8(x), vget_high_u8(x)));
		MULADD(x, g, veor_u8(vget_low_u8(g), vget_high_u8(g)));
		x = reduce(lo, hi, mid);
	}
}

#define POW(k) vld1q_u8(hp + 16 * ((k)-1))
#define KAR(k) vld1_u8(hp + 16 * NPOW + 8 * ((k)-1))

static NEON_TARGET void ghash(const ember_aes_gcm_ctx *ctx, uint8_t yb[16], const uint8_t *in, size_t n)
{
	const uint8_t *hp = ctx->h.b;
	uint8x16_t y = rev(vld1q_u8(yb));

	for (; n >= NPOW; n -= NPOW, in += 16 * NPOW) {
		uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;
		MULADD(veorq_u8(y, rev(vld1q_u8(in))), POW(4), KAR(4));
		MULADD(rev(vld1q_u8(in + 16)), POW(3), KAR(3));
		MULADD(rev(vld1q_u8(in + 32)), POW(2), KAR(2));
		MULADD(rev(vld1q_u8(in + 48)), POW(1), KAR(1));
		y = reduce(lo, hi, mid);
	}
	if (n > 0) {
		uint8x16_t lo = vdupq_n_u8(0), hi = lo, mid = lo;
		size_t j;
		MULADD(veorq_u8(y, rev(vld1q_u8(in))), POW(n), KAR(n));
		for (j = 1; j < n; j++)
			MULADD(rev(vld1q_u8(in + 16 * j)), POW(n - j), KAR(n - j));
		y = reduce(lo, hi, mid);
	}
	vst1q_u8(yb, rev(y));
}

static const ember_gcm_impl impl = { supported, ember_aes_neon_set_key, ghash_key, ghash, ember_gcm_run_ecb };

#else /* not little-endian ARMv7-A with NEON: never supported, never keyed */

#define supported ember_gcm_never
static const ember_gcm_impl impl = { ember_gcm_never, ember_aes_neon_set_key, NULL, NULL, NULL };

#endif

EMBER_GCM_DESC(ember_aes_gcm_neon_desc, "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, supported, impl)
