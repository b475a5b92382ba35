/*
 * poly1305_neon.c - Poly1305 (RFC 8439, 2.5) with NEON on 32-bit ARMv7-A
 * (e.g. Cortex-A9): radix 2^26 as poly1305_ref32.c, two blocks side by
 * side in the two 32-bit lanes of a d register, whose five limbs
 * VMULL.U32 / VMLAL.U32 (by a lane) multiply 32x32->64 two at a time.
 *
 * Lane 0 takes the odd-numbered blocks, lane 1 the even ones (counting
 * from 1). With S the lanes (S = (h + m1, m2) at first), each step of four
 * blocks is
 *     S = S * r^4 + (m_i, m_i+1) * r^2 + (m_i+2, m_i+3)
 * (the fifty products summed before one carry pass), a last pair of
 * blocks S = S * r^2 + (m_i, m_i+1), and h = S0 * r^2 + S1 * r at the
 * end (Horner's rule split two ways; poly1305-armv4's NEON path has the
 * same shape). r^2 and r^4 are computed per call with the scalar code of
 * poly1305_r26.h, whose state this shares; calls of fewer than MIN_BLOCKS
 * blocks, and an odd last block, stay scalar.
 *
 * Bounds: lane limbs under 2^27 (a carried limb plus a message limb),
 * power limbs under 2^26 + 2^10 and five times that under 2^28.4, so each
 * 64-bit column sum of fifty products stays under 2^58.
 *
 * Constant-time: straight-line vector code and the scalar code of ref32.
 * Little-endian only (vld4 takes the message words as loaded); the
 * message may be unaligned (vld4.32 without an alignment hint, as
 * ember_poly1305_update passes any offset). gcc
 * compiles it for any ARMv7-A flags (target attribute "fpu=neon"); clang
 * only when the file is built with NEON enabled. Elsewhere (AArch64 has
 * the 128-bit product of poly1305_ref64.c) supported() returns 0 and the
 * functions are the scalar ones.
 */
#include "aead/chacha20_impl.h"
#include "aead/poly1305_r26.h"

/* below this many blocks the powers of r cost more than the lanes save */
#define MIN_BLOCKS 4

#if defined(EMBER_NATIVE_LE) && defined(EMBER_ARM32) && defined(__GNUC__) && defined(__ARM_ARCH) && \
    __ARM_ARCH >= 7 && (!defined(__ARM_ARCH_PROFILE) || __ARM_ARCH_PROFILE == 'A') &&              \
    (defined(__ARM_NEON) || !defined(__clang__))
#include <arm_neon.h>

#if !defined(__clang__)
#define NEON_TARGET EMBER_TARGET("fpu=neon")
#else
#define NEON_TARGET
#endif

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

/*
 * The nine multipliers of a power of r in five d registers, each value in
 * both lanes' reach of vmull_lane: (r0 r1) (r2 r3) (r4 s1) (s2 s3) (s4 -),
 * s = 5 r (2^130 = 5 mod p).
 */
typedef struct {
	uint32x2_t a, b, c, d, e;
} pw26;

NEON_TARGET
static pw26 pw_load(const uint32_t r[5])
{
	uint32_t w[10];
	pw26 v;

	w[0] = r[0], w[1] = r[1], w[2] = r[2], w[3] = r[3], w[4] = r[4];
	w[5] = r[1] * 5, w[6] = r[2] * 5, w[7] = r[3] * 5, w[8] = r[4] * 5, w[9] = 0;
	v.a = vld1_u32(w);
	v.b = vld1_u32(w + 2);
	v.c = vld1_u32(w + 4);
	v.d = vld1_u32(w + 6);
	v.e = vld1_u32(w + 8);
	ember_wipe(w, sizeof(w));
	return v;
}

/* d0..d4 (=, or += with vmlal) the lanes h0..h4 times the power P: RFC 8439, 2.5's product in radix 2^26 */
#define PMUL(OP, H0, H1, H2, H3, H4, P)                                            \
	do {                                                                       \
		d0 = OP(d0, H0, P.a, 0);                                           \
		d1 = OP(d1, H0, P.a, 1);                                           \
		d2 = OP(d2, H0, P.b, 0);                                           \
		d3 = OP(d3, H0, P.b, 1);                                           \
		d4 = OP(d4, H0, P.c, 0);                                           \
		d0 = vmlal_lane_u32(d0, H1, P.e, 0);                               \
		d1 = vmlal_lane_u32(d1, H1, P.a, 0);                               \
		d2 = vmlal_lane_u32(d2, H1, P.a, 1);                               \
		d3 = vmlal_lane_u32(d3, H1, P.b, 0);                               \
		d4 = vmlal_lane_u32(d4, H1, P.b, 1);                               \
		d0 = vmlal_lane_u32(d0, H2, P.d, 1);                               \
		d1 = vmlal_lane_u32(d1, H2, P.e, 0);                               \
		d2 = vmlal_lane_u32(d2, H2, P.a, 0);                               \
		d3 = vmlal_lane_u32(d3, H2, P.a, 1);                               \
		d4 = vmlal_lane_u32(d4, H2, P.b, 0);                               \
		d0 = vmlal_lane_u32(d0, H3, P.d, 0);                               \
		d1 = vmlal_lane_u32(d1, H3, P.d, 1);                               \
		d2 = vmlal_lane_u32(d2, H3, P.e, 0);                               \
		d3 = vmlal_lane_u32(d3, H3, P.a, 0);                               \
		d4 = vmlal_lane_u32(d4, H3, P.a, 1);                               \
		d0 = vmlal_lane_u32(d0, H4, P.c, 1);                               \
		d1 = vmlal_lane_u32(d1, H4, P.d, 0);                               \
		d2 = vmlal_lane_u32(d2, H4, P.d, 1);                               \
		d3 = vmlal_lane_u32(d3, H4, P.e, 0);                               \
		d4 = vmlal_lane_u32(d4, H4, P.a, 0);                               \
	} while (0)
#define SET(acc, h, p, l) vmull_lane_u32(h, p, l)
#define ACC(acc, h, p, l) vmlal_lane_u32(acc, h, p, l)

/*
 * The partial carries of d0..d4 into s0..s4, in 64-bit lanes (d4 >> 26 is
 * up to 2^32, five times it past 32 bits): every limb under 2^26 but s1,
 * under 2^26 + 2^10.
 */
#define CARRY()                                                                    \
	do {                                                                       \
		uint64x2_t t_;                                                     \
		d1 = vsraq_n_u64(d1, d0, 26);                                      \
		d2 = vsraq_n_u64(d2, d1, 26);                                      \
		d3 = vsraq_n_u64(d3, d2, 26);                                      \
		d4 = vsraq_n_u64(d4, d3, 26);                                      \
		t_ = vshrq_n_u64(d4, 26);                                          \
		d0 = vaddq_u64(vandq_u64(d0, m64), t_);                            \
		d0 = vaddq_u64(d0, vshlq_n_u64(t_, 2));                            \
		d1 = vsraq_n_u64(vandq_u64(d1, m64), d0, 26);                      \
		s0 = vand_u32(vmovn_u64(d0), m32);                                 \
		s1 = vmovn_u64(d1);                                                \
		s2 = vand_u32(vmovn_u64(d2), m32);                                 \
		s3 = vand_u32(vmovn_u64(d3), m32);                                 \
		s4 = vand_u32(vmovn_u64(d4), m32);                                 \
	} while (0)

/* the four words w0..w3 of each lane's block to limbs m0..m4 (RFC 8439, 2.5: block + 2^128 * pad_bit) */
#define SPLIT(Q, W, M, HI, m0, m1, m2, m3, m4)                                     \
	do {                                                                       \
		m0 = vand##Q##u32(W.val[0], M);                                    \
		m1 = vand##Q##u32(vsli##Q##n_u32(vshr##Q##n_u32(W.val[0], 26), W.val[1], 6), M); \
		m2 = vand##Q##u32(vsli##Q##n_u32(vshr##Q##n_u32(W.val[1], 20), W.val[2], 12), M); \
		m3 = vand##Q##u32(vsli##Q##n_u32(vshr##Q##n_u32(W.val[2], 14), W.val[3], 18), M); \
		m4 = vsra##Q##n_u32(HI, W.val[3], 8);                              \
	} while (0)

/*
 * The lanes over nblocks >= 2 blocks; returns the blocks done (nblocks
 * rounded down to even). h in st is read at the start and written at the
 * end, carried as r26_blocks leaves it.
 */
NEON_TARGET
static size_t lanes(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	const uint32x4_t mq = vdupq_n_u32(M26), hiq = vdupq_n_u32((uint32_t)pad_bit << 24);
	const uint32x2_t m32 = vget_low_u32(mq), hi32 = vget_low_u32(hiq);
	const uint64x2_t m64 = vdupq_n_u64(M26);
	uint32_t r1[5], r2[5], r4[5], f[10][2];
	uint32x2_t s0, s1, s2, s3, s4;
	uint64x2_t d0, d1, d2, d3, d4;
	size_t left = (nblocks & ~(size_t)1) - 2;
	pw26 p2, p4, pf;
	int i;

	for (i = 0; i < 5; i++)
		r1[i] = r2[i] = (uint32_t)st[5 + i];
	r26_mul(r2, r1);
	memcpy(r4, r2, sizeof(r4));
	r26_mul(r4, r2);
	p2 = pw_load(r2);
	p4 = pw_load(r4);

	/* S = (h + m1, m2) */
	{
		uint32x2x4_t w = vld4_u32((const uint32_t *)(const void *)p);
		uint32_t hz[10] = { 0 };

		SPLIT(_, w, m32, hi32, s0, s1, s2, s3, s4);
		for (i = 0; i < 5; i++)
			hz[2 * i] = (uint32_t)st[i];
		s0 = vadd_u32(s0, vld1_u32(hz));
		s1 = vadd_u32(s1, vld1_u32(hz + 2));
		s2 = vadd_u32(s2, vld1_u32(hz + 4));
		s3 = vadd_u32(s3, vld1_u32(hz + 6));
		s4 = vadd_u32(s4, vld1_u32(hz + 8));
		ember_wipe(hz, sizeof(hz));
		p += 32;
	}
	/* four blocks a step: S = S * r^4 + (m_i, m_i+1) * r^2 + (m_i+2, m_i+3) */
	for (; left >= 4; left -= 4, p += 64) {
		uint32x4x4_t w = vld4q_u32((const uint32_t *)(const void *)p);
		uint32x4_t m0, m1, m2, m3, m4;

		PMUL(SET, s0, s1, s2, s3, s4, p4);
		SPLIT(q_, w, mq, hiq, m0, m1, m2, m3, m4);
		PMUL(ACC, vget_low_u32(m0), vget_low_u32(m1), vget_low_u32(m2), vget_low_u32(m3), vget_low_u32(m4), p2);
		CARRY();
		s0 = vadd_u32(s0, vget_high_u32(m0));
		s1 = vadd_u32(s1, vget_high_u32(m1));
		s2 = vadd_u32(s2, vget_high_u32(m2));
		s3 = vadd_u32(s3, vget_high_u32(m3));
		s4 = vadd_u32(s4, vget_high_u32(m4));
	}
	/* a last pair: S = S * r^2 + (m_i, m_i+1) */
	if (left != 0) {
		uint32x2x4_t w = vld4_u32((const uint32_t *)(const void *)p);
		uint32x2_t m0, m1, m2, m3, m4;

		PMUL(SET, s0, s1, s2, s3, s4, p2);
		CARRY();
		SPLIT(_, w, m32, hi32, m0, m1, m2, m3, m4);
		s0 = vadd_u32(s0, m0);
		s1 = vadd_u32(s1, m1);
		s2 = vadd_u32(s2, m2);
		s3 = vadd_u32(s3, m3);
		s4 = vadd_u32(s4, m4);
	}

	/* h = S0 * r^2 + S1 * r: the multipliers per lane, (r^2, r) */
	for (i = 0; i < 5; i++) {
		f[i][0] = r2[i];
		f[i][1] = r1[i];
		f[5 + i][0] = r2[i] * 5;
		f[5 + i][1] = r1[i] * 5;
	}
	pf.a = vld1_u32(f[0]), pf.b = vld1_u32(f[1]), pf.c = vld1_u32(f[2]), pf.d = vld1_u32(f[3]);
	pf.e = vld1_u32(f[4]);
	{
		const uint32x2_t f1 = vld1_u32(f[6]), f2 = vld1_u32(f[7]), f3 = vld1_u32(f[8]), f4 = vld1_u32(f[9]);

		d0 = vmull_u32(s0, pf.a);
		d1 = vmull_u32(s0, pf.b);
		d2 = vmull_u32(s0, pf.c);
		d3 = vmull_u32(s0, pf.d);
		d4 = vmull_u32(s0, pf.e);
		d0 = vmlal_u32(d0, s1, f4);
		d1 = vmlal_u32(d1, s1, pf.a);
		d2 = vmlal_u32(d2, s1, pf.b);
		d3 = vmlal_u32(d3, s1, pf.c);
		d4 = vmlal_u32(d4, s1, pf.d);
		d0 = vmlal_u32(d0, s2, f3);
		d1 = vmlal_u32(d1, s2, f4);
		d2 = vmlal_u32(d2, s2, pf.a);
		d3 = vmlal_u32(d3, s2, pf.b);
		d4 = vmlal_u32(d4, s2, pf.c);
		d0 = vmlal_u32(d0, s3, f2);
		d1 = vmlal_u32(d1, s3, f3);
		d2 = vmlal_u32(d2, s3, f4);
		d3 = vmlal_u32(d3, s3, pf.a);
		d4 = vmlal_u32(d4, s3, pf.b);
		d0 = vmlal_u32(d0, s4, f1);
		d1 = vmlal_u32(d1, s4, f2);
		d2 = vmlal_u32(d2, s4, f3);
		d3 = vmlal_u32(d3, s4, f4);
		d4 = vmlal_u32(d4, s4, pf.a);
	}
	/* the lanes' sum (each column under 2^58), then the carries of r26_mul */
	d0 = vaddq_u64(d0, vextq_u64(d0, d0, 1));
	d1 = vaddq_u64(d1, vextq_u64(d1, d1, 1));
	d2 = vaddq_u64(d2, vextq_u64(d2, d2, 1));
	d3 = vaddq_u64(d3, vextq_u64(d3, d3, 1));
	d4 = vaddq_u64(d4, vextq_u64(d4, d4, 1));
	CARRY();
	st[0] = vget_lane_u32(s0, 0);
	st[1] = vget_lane_u32(s1, 0);
	st[2] = vget_lane_u32(s2, 0);
	st[3] = vget_lane_u32(s3, 0);
	st[4] = vget_lane_u32(s4, 0);
	ember_wipe(r1, sizeof(r1));
	ember_wipe(r2, sizeof(r2));
	ember_wipe(r4, sizeof(r4));
	ember_wipe(f, sizeof(f));
	return nblocks & ~(size_t)1;
}

static void blocks(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	if (nblocks >= MIN_BLOCKS) {
		size_t done = lanes(st, p, nblocks, pad_bit);
		p += 16 * done;
		nblocks -= done;
	}
	r26_blocks(st, p, nblocks, pad_bit);
}

#else

static int supported(void)
{
	return 0;
}

#define blocks r26_blocks

#endif

const ember_poly1305_impl ember_poly1305_neon = { "neon", supported, r26_init, blocks, r26_finish };
