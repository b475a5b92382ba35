/*
 * f25519_ref32.c - GF(2^255 - 19) in ten 32-bit limbs of radix 2^25.5
 * (26, 25, 26, 25 ... bits: limb i at bit ceil(25.5 i)), with 32x32 ->
 * 64-bit products only, and the Curve25519 operations over it
 * (c25519_tmpl.h): the backend of 32-bit cores ("ref32": MIPS32, ARMv7,
 * PowerPC, i686), where a 64-bit limb costs four products. It runs on
 * every target; the registry puts it first where the compiler has no
 * 128-bit product.
 *
 * A product is 100 32x32 -> 64-bit multiplications (55 for a square), the
 * factors 19 (2^255 = 19 mod p) and 2 (two odd limbs: half a bit each)
 * folded into one operand beforehand, each column summed in 64 bits, one
 * multiply-accumulate chain per output limb (MIPS MADDU, ARM UMLAL).
 *
 * Bounds: a "reduced" element has limbs below 2^26 (2^25 for odd limbs)
 * plus 2^16; fe_add and fe_sub give limbs below 3 * 2^26 (3 * 2^25 odd:
 * "loose"); then 19 times a limb is below 2^32 and each column sum of a
 * product below 2^62.2 (worked out per column in the comments).
 *
 * Constant-time: additions, shifts, masks and products only; no branch or
 * index on data. It relies on the multiplier taking the same time for every
 * operand (docs/SECURITY.md).
 */
#include "ec/f25519.h"

#define M26 0x3ffffffu
#define M25 0x1ffffffu
#define M(a, b) ((uint64_t)(a) * (b))

typedef struct {
	uint32_t v[10];
} fe;

static inline void fe_0(fe *h)
{
	int i;
	for (i = 0; i < 10; i++)
		h->v[i] = 0;
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

static inline void fe_add(fe *h, const fe *f, const fe *g)
{
	int i;
	for (i = 0; i < 10; i++)
		h->v[i] = f->v[i] + g->v[i];
}

/* f - g + 2p, limb by limb: 2p is 2^27 - 38, then 2^26 - 2 and 2^27 - 2 alternately */
static inline void fe_sub(fe *h, const fe *f, const fe *g)
{
	int i;

	h->v[0] = f->v[0] + (0x8000000u - 38) - g->v[0];
	for (i = 1; i < 10; i++)
		h->v[i] = f->v[i] + ((i & 1) ? 0x4000000u - 2 : 0x8000000u - 2) - g->v[i];
}

static inline void fe_carry(fe *h)
{
	uint32_t c;
	int i;

	for (i = 0; i < 9; i++) {
		unsigned s = (i & 1) ? 25 : 26;
		c = h->v[i] >> s;
		h->v[i] &= (i & 1) ? M25 : M26;
		h->v[i + 1] += c;
	}
	c = h->v[9] >> 25;
	h->v[9] &= M25;
	h->v[0] += 19 * c;
	c = h->v[0] >> 26;
	h->v[0] &= M26;
	h->v[1] += c;
}

/* columns h0..h9 (each below 2^62.2) carried into reduced limbs; two chains interleaved */
static inline void fe_carry64(fe *out, uint64_t h0, uint64_t h1, uint64_t h2, uint64_t h3, uint64_t h4, uint64_t h5,
    uint64_t h6, uint64_t h7, uint64_t h8, uint64_t h9)
{
	uint64_t c;

	c = h0 >> 26, h1 += c, h0 &= M26;
	c = h4 >> 26, h5 += c, h4 &= M26;
	c = h1 >> 25, h2 += c, h1 &= M25;
	c = h5 >> 25, h6 += c, h5 &= M25;
	c = h2 >> 26, h3 += c, h2 &= M26;
	c = h6 >> 26, h7 += c, h6 &= M26;
	c = h3 >> 25, h4 += c, h3 &= M25;
	c = h7 >> 25, h8 += c, h7 &= M25;
	c = h4 >> 26, h5 += c, h4 &= M26;
	c = h8 >> 26, h9 += c, h8 &= M26;
	c = h9 >> 25, h0 += c * 19, h9 &= M25; /* c < 2^38: c * 19 + h0 < 2^43 */
	c = h0 >> 26, h1 += c, h0 &= M26;
	out->v[0] = (uint32_t)h0, out->v[1] = (uint32_t)h1, out->v[2] = (uint32_t)h2, out->v[3] = (uint32_t)h3;
	out->v[4] = (uint32_t)h4, out->v[5] = (uint32_t)h5, out->v[6] = (uint32_t)h6, out->v[7] = (uint32_t)h7;
	out->v[8] = (uint32_t)h8, out->v[9] = (uint32_t)h9;
}

static inline void fe_mul(fe *h, const fe *f, const fe *g)
{
	const uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
	const uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
	const uint32_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
	const uint32_t g5 = g->v[5], g6 = g->v[6], g7 = g->v[7], g8 = g->v[8], g9 = g->v[9];
	/* odd f doubled (< 2^27.6), g times 19 (< 2^31.9) */
	const uint32_t f1_2 = 2 * f1, f3_2 = 2 * f3, f5_2 = 2 * f5, f7_2 = 2 * f7, f9_2 = 2 * f9;
	const uint32_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4, g5_19 = 19 * g5;
	const uint32_t g6_19 = 19 * g6, g7_19 = 19 * g7, g8_19 = 19 * g8, g9_19 = 19 * g9;
	uint64_t h0, h1, h2, h3, h4, h5, h6, h7, h8, h9;

	h0 = M(f0, g0) + M(f1_2, g9_19) + M(f2, g8_19) + M(f3_2, g7_19) + M(f4, g6_19) + M(f5_2, g5_19) +
	     M(f6, g4_19) + M(f7_2, g3_19) + M(f8, g2_19) + M(f9_2, g1_19); /* < 2^62.13 */
	h1 = M(f0, g1) + M(f1, g0) + M(f2, g9_19) + M(f3, g8_19) + M(f4, g7_19) + M(f5, g6_19) + M(f6, g5_19) +
	     M(f7, g4_19) + M(f8, g3_19) + M(f9, g2_19); /* < 2^61.44 */
	h2 = M(f0, g2) + M(f1_2, g1) + M(f2, g0) + M(f3_2, g9_19) + M(f4, g8_19) + M(f5_2, g7_19) + M(f6, g6_19) +
	     M(f7_2, g5_19) + M(f8, g4_19) + M(f9_2, g3_19); /* < 2^61.78 */
	h3 = M(f0, g3) + M(f1, g2) + M(f2, g1) + M(f3, g0) + M(f4, g9_19) + M(f5, g8_19) + M(f6, g7_19) +
	     M(f7, g6_19) + M(f8, g5_19) + M(f9, g4_19); /* < 2^61.05 */
	h4 = M(f0, g4) + M(f1_2, g3) + M(f2, g2) + M(f3_2, g1) + M(f4, g0) + M(f5_2, g9_19) + M(f6, g8_19) +
	     M(f7_2, g7_19) + M(f8, g6_19) + M(f9_2, g5_19); /* < 2^61.31 */
	h5 = M(f0, g5) + M(f1, g4) + M(f2, g3) + M(f3, g2) + M(f4, g1) + M(f5, g0) + M(f6, g9_19) + M(f7, g8_19) +
	     M(f8, g7_19) + M(f9, g6_19); /* < 2^60.53 */
	h6 = M(f0, g6) + M(f1_2, g5) + M(f2, g4) + M(f3_2, g3) + M(f4, g2) + M(f5_2, g1) + M(f6, g0) +
	     M(f7_2, g9_19) + M(f8, g8_19) + M(f9_2, g7_19); /* < 2^60.61 */
	h7 = M(f0, g7) + M(f1, g6) + M(f2, g5) + M(f3, g4) + M(f4, g3) + M(f5, g2) + M(f6, g1) + M(f7, g0) +
	     M(f8, g9_19) + M(f9, g8_19); /* < 2^59.69 */
	h8 = M(f0, g8) + M(f1_2, g7) + M(f2, g6) + M(f3_2, g5) + M(f4, g4) + M(f5_2, g3) + M(f6, g2) + M(f7_2, g1) +
	     M(f8, g0) + M(f9_2, g9_19); /* < 2^59.21 */
	h9 = M(f0, g9) + M(f1, g8) + M(f2, g7) + M(f3, g6) + M(f4, g5) + M(f5, g4) + M(f6, g3) + M(f7, g2) +
	     M(f8, g1) + M(f9, g0); /* < 2^57.49 */
	fe_carry64(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

static inline void fe_sq(fe *h, const fe *f)
{
	const uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
	const uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
	const uint32_t f1_2 = 2 * f1, f2_2 = 2 * f2, f3_2 = 2 * f3, f4_2 = 2 * f4, f5_2 = 2 * f5;
	const uint32_t f6_2 = 2 * f6, f7_2 = 2 * f7, f8_2 = 2 * f8, f9_2 = 2 * f9;
	/* 19 times the even limbs, 38 times the odd ones: both below 2^31.9 */
	const uint32_t f5_38 = 38 * f5, f6_19 = 19 * f6, f7_38 = 38 * f7, f8_19 = 19 * f8, f9_38 = 38 * f9;
	uint64_t h0, h1, h2, h3, h4, h5, h6, h7, h8, h9;

	h0 = M(f0, f0) + M(f1_2, f9_38) + M(f2_2, f8_19) + M(f3_2, f7_38) + M(f4_2, f6_19) + M(f5, f5_38);
	h1 = M(f0, f1_2) + M(f2, f9_38) + M(f3_2, f8_19) + M(f4, f7_38) + M(f5_2, f6_19);
	h2 = M(f0, f2_2) + M(f1, f1_2) + M(f3_2, f9_38) + M(f4_2, f8_19) + M(f5_2, f7_38) + M(f6, f6_19);
	h3 = M(f0, f3_2) + M(f1_2, f2) + M(f4, f9_38) + M(f5_2, f8_19) + M(f6, f7_38);
	h4 = M(f0, f4_2) + M(f1_2, f3_2) + M(f2, f2) + M(f5_2, f9_38) + M(f6_2, f8_19) + M(f7, f7_38);
	h5 = M(f0, f5_2) + M(f1_2, f4) + M(f2, f3_2) + M(f6, f9_38) + M(f7_2, f8_19);
	h6 = M(f0, f6_2) + M(f1_2, f5_2) + M(f2, f4_2) + M(f3, f3_2) + M(f7_2, f9_38) + M(f8, f8_19);
	h7 = M(f0, f7_2) + M(f1_2, f6) + M(f2, f5_2) + M(f3_2, f4) + M(f8, f9_38);
	h8 = M(f0, f8_2) + M(f1_2, f7_2) + M(f2, f6_2) + M(f3_2, f5_2) + M(f4, f4) + M(f9, f9_38);
	h9 = M(f0, f9_2) + M(f1_2, f8) + M(f2, f7_2) + M(f3_2, f6) + M(f4, f5_2);
	fe_carry64(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

static inline void fe_mul_a24(fe *h, const fe *f)
{
	fe_carry64(h, M(f->v[0], 121666), M(f->v[1], 121666), M(f->v[2], 121666), M(f->v[3], 121666),
	    M(f->v[4], 121666), M(f->v[5], 121666), M(f->v[6], 121666), M(f->v[7], 121666), M(f->v[8], 121666),
	    M(f->v[9], 121666));
}

/* eight little-endian words (bit 255 ignored) into limbs at bits 0, 26, 51, 77, 102, 128, 153, 179, 204, 230 */
static inline void fe_fromwords(fe *h, const uint32_t w[8])
{
	h->v[0] = w[0] & M26;
	h->v[1] = (w[0] >> 26 | w[1] << 6) & M25;
	h->v[2] = (w[1] >> 19 | w[2] << 13) & M26;
	h->v[3] = (w[2] >> 13 | w[3] << 19) & M25;
	h->v[4] = (w[3] >> 6) & M26;
	h->v[5] = w[4] & M25;
	h->v[6] = (w[4] >> 25 | w[5] << 7) & M26;
	h->v[7] = (w[5] >> 19 | w[6] << 13) & M25;
	h->v[8] = (w[6] >> 12 | w[7] << 20) & M26;
	h->v[9] = (w[7] >> 6) & M25;
}

static inline void fe_frombytes(fe *h, const uint8_t s[32])
{
	uint32_t w[8];
	int i;

	for (i = 0; i < 8; i++)
		w[i] = ember_ld32le(s + 4 * i);
	fe_fromwords(h, w);
}

static inline void fe_tobytes(uint8_t s[32], const fe *f)
{
	fe h = *f;
	uint32_t q, w[8];
	int i;

	fe_carry(&h);
	fe_carry(&h);
	/* q = 1 when h >= p: the carry out of h + 19 */
	q = (h.v[0] + 19) >> 26;
	for (i = 1; i < 10; i++)
		q = (h.v[i] + q) >> ((i & 1) ? 25 : 26);
	h.v[0] += 19 * q;
	for (i = 0; i < 9; i++) {
		h.v[i + 1] += h.v[i] >> ((i & 1) ? 25 : 26);
		h.v[i] &= (i & 1) ? M25 : M26;
	}
	h.v[9] &= M25;
	w[0] = h.v[0] | h.v[1] << 26;
	w[1] = h.v[1] >> 6 | h.v[2] << 19;
	w[2] = h.v[2] >> 13 | h.v[3] << 13;
	w[3] = h.v[3] >> 19 | h.v[4] << 6;
	w[4] = h.v[5] | h.v[6] << 25;
	w[5] = h.v[6] >> 7 | h.v[7] << 19;
	w[6] = h.v[7] >> 13 | h.v[8] << 12;
	w[7] = h.v[8] >> 20 | h.v[9] << 6;
	for (i = 0; i < 8; i++)
		ember_st32le(s + 4 * i, w[i]);
	ember_wipe(&h, sizeof(h));
	ember_wipe(w, sizeof(w));
}

static inline void fe_cswap(fe *f, fe *g, uint32_t b)
{
	const uint32_t m = 0 - b;
	int i;

	for (i = 0; i < 10; i++) {
		uint32_t x = (f->v[i] ^ g->v[i]) & m;
		f->v[i] ^= x;
		g->v[i] ^= x;
	}
}

static inline void fe_cmov(fe *f, const fe *g, uint32_t b)
{
	const uint32_t m = 0 - b;
	int i;

	for (i = 0; i < 10; i++)
		f->v[i] ^= (f->v[i] ^ g->v[i]) & m;
}

#include "ec/c25519_tmpl.h"

const ember_ec_desc ember_x25519_ref32_desc = { "x25519", "ref32", EMBER_IMPL_CT, NULL, &c25519_ops };
const ember_ec_desc ember_ed25519_ref32_desc = { "ed25519", "ref32", EMBER_IMPL_CT, NULL, &c25519_ops };
