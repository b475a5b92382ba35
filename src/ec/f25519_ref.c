/*
 * f25519_ref.c - GF(2^255 - 19) in five 64-bit limbs of radix 2^51, with
 * the 64x64 -> 128-bit product (25 products a multiplication, the limbs
 * above 2^255 folded back times 19), and the Curve25519 operations over it
 * (c25519_tmpl.h): the portable backend of X25519 and Ed25519 ("ref").
 *
 * Where the compiler has no 128-bit type (32-bit targets), the product is
 * built from four 32x32 -> 64-bit ones; -DEMBER_NO_INT128 forces that on
 * 64-bit builds, to test it. There ref32 (radix 2^25.5) is the default.
 *
 * Bounds: a "reduced" element has limbs below 2^51 + 2^15; fe_add and
 * fe_sub of reduced elements give limbs below 2^52.6 ("loose"), which the
 * products accept: each column sum stays below 2^112.
 *
 * Constant-time: additions, shifts, masks and products only; no branch or
 * index on data. It relies on the multiplier taking the same time for every
 * operand (docs/SECURITY.md).
 */
#include "ec/f25519.h"

#define M51 (((uint64_t)1 << 51) - 1)

#if defined(__SIZEOF_INT128__) && !defined(EMBER_NO_INT128)
__extension__ typedef unsigned __int128 u128;
#define MUL(a, b) ((u128)(a) * (b))
#define ADD(x, y) ((x) + (y))
#define LO(x) ((uint64_t)(x))
#define SHR51(x) ((uint64_t)((x) >> 51))
#else
typedef struct {
	uint64_t lo, hi;
} u128;

static inline u128 MUL(uint64_t a, uint64_t b)
{
	uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
	u128 r;

	r.lo = (mid << 32) | (uint32_t)p00;
	r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return r;
}

static inline u128 ADD(u128 x, u128 y)
{
	u128 r;

	r.lo = x.lo + y.lo;
	/* the carry out of the low words, without a comparison */
	r.hi = x.hi + y.hi + (((x.lo & y.lo) | ((x.lo | y.lo) & ~r.lo)) >> 63);
	return r;
}

#define LO(x) ((x).lo)
#define SHR51(x) (((x).lo >> 51) | ((x).hi << 13))
#endif

typedef struct {
	uint64_t v[5];
} fe;

static inline void fe_0(fe *h)
{
	h->v[0] = h->v[1] = h->v[2] = h->v[3] = h->v[4] = 0;
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
	for (i = 0; i < 5; i++)
		h->v[i] = f->v[i] + g->v[i];
}

/* f - g + 2p: every limb stays positive for g reduced (limbs < 2^51 + 2^15 < 2^52 - 38) */
static inline void fe_sub(fe *h, const fe *f, const fe *g)
{
	h->v[0] = f->v[0] + (((uint64_t)1 << 52) - 38) - g->v[0];
	h->v[1] = f->v[1] + (((uint64_t)1 << 52) - 2) - g->v[1];
	h->v[2] = f->v[2] + (((uint64_t)1 << 52) - 2) - g->v[2];
	h->v[3] = f->v[3] + (((uint64_t)1 << 52) - 2) - g->v[3];
	h->v[4] = f->v[4] + (((uint64_t)1 << 52) - 2) - g->v[4];
}

static inline void fe_carry(fe *h)
{
	uint64_t c;

	c = h->v[0] >> 51, h->v[0] &= M51, h->v[1] += c;
	c = h->v[1] >> 51, h->v[1] &= M51, h->v[2] += c;
	c = h->v[2] >> 51, h->v[2] &= M51, h->v[3] += c;
	c = h->v[3] >> 51, h->v[3] &= M51, h->v[4] += c;
	c = h->v[4] >> 51, h->v[4] &= M51, h->v[0] += c * 19;
	c = h->v[0] >> 51, h->v[0] &= M51, h->v[1] += c;
}

/* the column sums r0..r4 (each < 2^112) carried into reduced limbs */
static inline void fe_reduce128(fe *h, u128 r0, u128 r1, u128 r2, u128 r3, u128 r4)
{
	uint64_t c, h0;
	u128 t;

	r1 = ADD(r1, MUL(SHR51(r0), 1));
	h0 = LO(r0) & M51;
	r2 = ADD(r2, MUL(SHR51(r1), 1));
	r3 = ADD(r3, MUL(SHR51(r2), 1));
	r4 = ADD(r4, MUL(SHR51(r3), 1));
	c = SHR51(r4); /* below 2^61: times 19 needs the wide product */
	t = ADD(MUL(c, 19), MUL(h0, 1));
	h->v[0] = LO(t) & M51;
	h->v[1] = (LO(r1) & M51) + SHR51(t);
	h->v[2] = LO(r2) & M51;
	h->v[3] = LO(r3) & M51;
	h->v[4] = LO(r4) & M51;
}

static inline void fe_mul(fe *h, const fe *f, const fe *g)
{
	const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
	const uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
	const uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
	u128 r0, r1, r2, r3, r4;

	r0 = ADD(ADD(ADD(ADD(MUL(f0, g0), MUL(f1, g4_19)), MUL(f2, g3_19)), MUL(f3, g2_19)), MUL(f4, g1_19));
	r1 = ADD(ADD(ADD(ADD(MUL(f0, g1), MUL(f1, g0)), MUL(f2, g4_19)), MUL(f3, g3_19)), MUL(f4, g2_19));
	r2 = ADD(ADD(ADD(ADD(MUL(f0, g2), MUL(f1, g1)), MUL(f2, g0)), MUL(f3, g4_19)), MUL(f4, g3_19));
	r3 = ADD(ADD(ADD(ADD(MUL(f0, g3), MUL(f1, g2)), MUL(f2, g1)), MUL(f3, g0)), MUL(f4, g4_19));
	r4 = ADD(ADD(ADD(ADD(MUL(f0, g4), MUL(f1, g3)), MUL(f2, g2)), MUL(f3, g1)), MUL(f4, g0));
	fe_reduce128(h, r0, r1, r2, r3, r4);
}

static inline void fe_sq(fe *h, const fe *f)
{
	const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
	const uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1, f3_19 = 19 * f3, f4_19 = 19 * f4;
	u128 r0, r1, r2, r3, r4;

	r0 = ADD(ADD(MUL(f0, f0), MUL(f1_2, f4_19)), MUL(2 * f2, f3_19));
	r1 = ADD(ADD(MUL(f0_2, f1), MUL(2 * f2, f4_19)), MUL(f3, f3_19));
	r2 = ADD(ADD(MUL(f0_2, f2), MUL(f1, f1)), MUL(2 * f3, f4_19));
	r3 = ADD(ADD(MUL(f0_2, f3), MUL(f1_2, f2)), MUL(f4, f4_19));
	r4 = ADD(ADD(MUL(f0_2, f4), MUL(f1_2, f3)), MUL(f2, f2));
	fe_reduce128(h, r0, r1, r2, r3, r4);
}

static inline void fe_mul_a24(fe *h, const fe *f)
{
	fe_reduce128(h, MUL(f->v[0], 121666), MUL(f->v[1], 121666), MUL(f->v[2], 121666), MUL(f->v[3], 121666),
	    MUL(f->v[4], 121666));
}

static inline void fe_frombytes(fe *h, const uint8_t s[32])
{
	const uint64_t a = ember_ld64le(s), b = ember_ld64le(s + 8), c = ember_ld64le(s + 16), d = ember_ld64le(s + 24);

	h->v[0] = a & M51;
	h->v[1] = (a >> 51 | b << 13) & M51;
	h->v[2] = (b >> 38 | c << 26) & M51;
	h->v[3] = (c >> 25 | d << 39) & M51;
	h->v[4] = (d >> 12) & M51; /* bit 255 dropped */
}

static inline void fe_fromwords(fe *h, const uint32_t w[8])
{
	const uint64_t a = (uint64_t)w[1] << 32 | w[0], b = (uint64_t)w[3] << 32 | w[2];
	const uint64_t c = (uint64_t)w[5] << 32 | w[4], d = (uint64_t)w[7] << 32 | w[6];

	h->v[0] = a & M51;
	h->v[1] = (a >> 51 | b << 13) & M51;
	h->v[2] = (b >> 38 | c << 26) & M51;
	h->v[3] = (c >> 25 | d << 39) & M51;
	h->v[4] = d >> 12;
}

static inline void fe_tobytes(uint8_t s[32], const fe *f)
{
	fe h = *f;
	uint64_t q;

	fe_carry(&h);
	fe_carry(&h);
	/* now h < 2^255 + 2^15ish, limbs < 2^51 but for v[1]: q = 1 when h >= p */
	q = (h.v[0] + 19) >> 51;
	q = (h.v[1] + q) >> 51;
	q = (h.v[2] + q) >> 51;
	q = (h.v[3] + q) >> 51;
	q = (h.v[4] + q) >> 51;
	h.v[0] += 19 * q;
	h.v[1] += h.v[0] >> 51, h.v[0] &= M51;
	h.v[2] += h.v[1] >> 51, h.v[1] &= M51;
	h.v[3] += h.v[2] >> 51, h.v[2] &= M51;
	h.v[4] += h.v[3] >> 51, h.v[3] &= M51;
	h.v[4] &= M51;
	ember_st64le(s, h.v[0] | h.v[1] << 51);
	ember_st64le(s + 8, h.v[1] >> 13 | h.v[2] << 38);
	ember_st64le(s + 16, h.v[2] >> 26 | h.v[3] << 25);
	ember_st64le(s + 24, h.v[3] >> 39 | h.v[4] << 12);
	ember_wipe(&h, sizeof(h));
}

static inline void fe_cswap(fe *f, fe *g, uint32_t b)
{
	const uint64_t m = 0 - (uint64_t)b;
	int i;

	for (i = 0; i < 5; i++) {
		uint64_t x = (f->v[i] ^ g->v[i]) & m;
		f->v[i] ^= x;
		g->v[i] ^= x;
	}
}

static inline void fe_cmov(fe *f, const fe *g, uint32_t b)
{
	const uint64_t m = 0 - (uint64_t)b;
	int i;

	for (i = 0; i < 5; i++)
		f->v[i] ^= (f->v[i] ^ g->v[i]) & m;
}

#include "ec/c25519_tmpl.h"

const ember_ec_desc ember_x25519_ref_desc = { "x25519", "ref", EMBER_IMPL_CT, NULL, &c25519_ops };
const ember_ec_desc ember_ed25519_ref_desc = { "ed25519", "ref", EMBER_IMPL_CT, NULL, &c25519_ops };
