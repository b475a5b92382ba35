/*
 * poly1305_r44.h - Poly1305 (RFC 8439, 2.5) in radix 2^44, the scalar code
 * that poly1305_ref64.c is and poly1305_avx512ifma.c uses for its key, its
 * short inputs, the blocks past its last eight-block step, and the final
 * reduction: three limbs of 44, 44 and 42 bits in 64-bit words, nine
 * 64x64->128-bit products a block (as poly1305-donna-64).
 *
 * The state (EMBER_POLY1305_ST_WORDS words): h0 h1 h2, r0 r1 r2, then s as
 * two 64-bit words. Where the compiler has no 128-bit product, it is built
 * from four 32x32->64 multiplications; -DEMBER_NO_INT128 forces that on
 * 64-bit builds, to test it.
 *
 * Constant-time: products, additions, shifts and masks; the final
 * reduction selects with a mask, not a branch. It relies on the
 * multiplier taking the same time for every operand (docs/SECURITY.md).
 * Static functions: one copy per including file, no include guard.
 */

#define M44 (((uint64_t)1 << 44) - 1)
#define M42 (((uint64_t)1 << 42) - 1)

#if defined(__SIZEOF_INT128__) && !defined(EMBER_NO_INT128)
typedef unsigned __int128 u128;
#define MUL(a, b) ((u128)(a) * (b))
#define ADD(x, y) ((x) + (y))
#define ADDW(x, w) ((x) + (w))
#define LO(x) ((uint64_t)(x))
#define SHR(x, n) ((uint64_t)((x) >> (n)))
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

/* x + a 64-bit word */
static inline u128 ADDW(u128 x, uint64_t w)
{
	u128 r;

	r.lo = x.lo + w;
	r.hi = x.hi + (((x.lo & w) | ((x.lo | w) & ~r.lo)) >> 63);
	return r;
}

#define LO(x) ((x).lo)
/* 0 < n < 64 */
#define SHR(x, n) (((x).lo >> (n)) | ((x).hi << (64 - (n))))
#endif

/* st: h0 h1 h2, r0 r1 r2, s0 s1 (the pad, as two 64-bit words) */
static inline void r44_init(uint64_t *st, const uint8_t key[32])
{
	uint64_t t0 = ember_ld64le(key), t1 = ember_ld64le(key + 8);

	st[0] = st[1] = st[2] = 0;
	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439, 2.5), split 44/44/42 */
	st[3] = t0 & 0xffc0fffffffu;
	st[4] = ((t0 >> 44) | (t1 << 20)) & 0xfffffc0ffffu;
	st[5] = (t1 >> 24) & 0x00ffffffc0fu;
	st[6] = ember_ld64le(key + 16);
	st[7] = ember_ld64le(key + 24);
}

/*
 * h = h * r mod 2^130 - 5, partly reduced: h0, h1 below 2^44 + 2^6, h2
 * below 2^42, enough for the next block's sums. s1, s2 are 20 r1, 20 r2:
 * 2^132 = 4 * 2^130 = 20 mod p, so the products past 2^132 fold back times 20.
 */
static inline void r44_mul(uint64_t *h0, uint64_t *h1, uint64_t *h2, uint64_t r0, uint64_t r1, uint64_t r2,
    uint64_t s1, uint64_t s2)
{
	u128 d0 = ADD(ADD(MUL(*h0, r0), MUL(*h1, s2)), MUL(*h2, s1));
	u128 d1 = ADD(ADD(MUL(*h0, r1), MUL(*h1, r0)), MUL(*h2, s2));
	u128 d2 = ADD(ADD(MUL(*h0, r2), MUL(*h1, r1)), MUL(*h2, r0));
	uint64_t c;

	c = SHR(d0, 44);
	*h0 = LO(d0) & M44;
	d1 = ADDW(d1, c);
	c = SHR(d1, 44);
	*h1 = LO(d1) & M44;
	d2 = ADDW(d2, c);
	c = SHR(d2, 42);
	*h2 = LO(d2) & M42;
	*h0 += c * 5;
	c = *h0 >> 44;
	*h0 &= M44;
	*h1 += c;
}

/* RFC 8439, 2.5: h = (h + block) * r mod 2^130 - 5, per block */
static inline void r44_blocks(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	const uint64_t hibit = (uint64_t)pad_bit << 40;
	const uint64_t r0 = st[3], r1 = st[4], r2 = st[5], s1 = r1 * 20, s2 = r2 * 20;
	uint64_t h0 = st[0], h1 = st[1], h2 = st[2];

	while (nblocks--) {
		uint64_t t0 = ember_ld64le(p), t1 = ember_ld64le(p + 8);

		h0 += t0 & M44;
		h1 += ((t0 >> 44) | (t1 << 20)) & M44;
		h2 += ((t1 >> 24) & M42) | hibit;
		r44_mul(&h0, &h1, &h2, r0, r1, r2, s1, s2);
		p += 16;
	}
	st[0] = h0;
	st[1] = h1;
	st[2] = h2;
}

static inline void r44_finish(uint64_t *st, uint8_t tag[16])
{
	uint64_t h0 = st[0], h1 = st[1], h2 = st[2], g0, g1, g2, c, mask, t0, t1;

	/* full carry: h < 2^130 + small, then below 2^130 */
	c = h1 >> 44;
	h1 &= M44;
	h2 += c;
	c = h2 >> 42;
	h2 &= M42;
	h0 += c * 5;
	c = h0 >> 44;
	h0 &= M44;
	h1 += c;
	c = h1 >> 44;
	h1 &= M44;
	h2 += c;
	c = h2 >> 42;
	h2 &= M42;
	h0 += c * 5;
	c = h0 >> 44;
	h0 &= M44;
	h1 += c;

	/* g = h + 5 - 2^130: when it does not borrow, h >= p and h - p is the answer */
	g0 = h0 + 5;
	c = g0 >> 44;
	g0 &= M44;
	g1 = h1 + c;
	c = g1 >> 44;
	g1 &= M44;
	g2 = h2 + c - ((uint64_t)1 << 42);
	mask = (g2 >> 63) - 1; /* all ones when g2 did not go negative */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	h2 = (h2 & ~mask) | (g2 & mask);

	/* + s, mod 2^128 */
	t0 = st[6];
	t1 = st[7];
	h0 += t0 & M44;
	c = h0 >> 44;
	h0 &= M44;
	h1 += (((t0 >> 44) | (t1 << 20)) & M44) + c;
	c = h1 >> 44;
	h1 &= M44;
	h2 += (t1 >> 24) + c;
	h2 &= M42;

	ember_st64le(tag, h0 | (h1 << 44));
	ember_st64le(tag + 8, (h1 >> 20) | (h2 << 24));
	ember_wipe(st, 8 * sizeof(uint64_t));
}
