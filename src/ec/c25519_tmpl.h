/*
 * c25519_tmpl.h - X25519's Montgomery ladder and Ed25519's group
 * arithmetic, written once over a field representation that the including
 * backend (f25519_<impl>.c) defines before including this file:
 *
 *   fe                          a field element (a struct: assignable)
 *   fe_0, fe_1, fe_copy         constants and copy
 *   fe_add(h, f, g), fe_sub     f + g, f - g of reduced inputs; the result is
 *                               "loose": an input of fe_mul, fe_sq, fe_mul_a24
 *                               and fe_carry only
 *   fe_carry(h)                 a loose element made reduced
 *   fe_mul(h, f, g), fe_sq      loose or reduced inputs, reduced output; h
 *                               may alias an input
 *   fe_mul_a24(h, f)            121666 f (RFC 7748's a24 + 1), reduced output
 *   fe_frombytes(h, s)          32 little-endian bytes, bit 255 ignored, any
 *                               value below 2^255 (reduced mod p on the way)
 *   fe_fromwords(h, w)          eight 32-bit words of a value below p
 *   fe_tobytes(s, h)            the canonical encoding (fully reduced)
 *   fe_cswap(f, g, b)           swap when b = 1, b in {0, 1}, constant-time
 *   fe_cmov(f, g, b)            f = g when b = 1, constant-time
 *   FE_SQN(h, f, n)             optional: n squarings (else a loop of fe_sq)
 *   FE_HAVE_LADDER_STEP         optional: the backend defines, after including
 *                               this file, fe_ladder_step(s, swap): the
 *                               conditional swap of (x2, z2) with (x3, z3)
 *                               when swap = 1 and the ladder step below, on
 *                               the state |s| (c25519_ladder_st), constant-time
 *
 * Everything here is static: each backend gets its own copy, and its
 * ember_c25519_ops (c25519_ops below) points at it.
 *
 * Constant time: the ladder, the inversion and the fixed-base
 * multiplication have no branch or memory index that depends on the
 * scalar or the point; the base-point table is read with a full masked
 * scan. Decoding and verification are variable time and take public
 * inputs only.
 */

/* d = -121665/121666, 2d and sqrt(-1) mod p, as eight 32-bit words */
static const uint32_t c25519_d[8] = { 0x135978a3, 0x75eb4dca, 0x4141d8ab, 0x00700a4d, 0x7779e898, 0x8cc74079,
	0x2b6ffe73, 0x52036cee };
static const uint32_t c25519_d2[8] = { 0x26b2f159, 0xebd69b94, 0x8283b156, 0x00e0149a, 0xeef3d130, 0x198e80f2,
	0x56dffce7, 0x2406d9dc };
static const uint32_t c25519_sqrtm1[8] = { 0x4a0ea0b0, 0xc4ee1b27, 0xad2fe478, 0x2f431806, 0x3dfbd7a7, 0x2b4d0099,
	0x4fc1df0b, 0x2b832480 };

#ifndef FE_SQN
static inline void fe_sqn_loop(fe *h, const fe *f, int n)
{
	fe_sq(h, f);
	while (--n > 0)
		fe_sq(h, h);
}
#define FE_SQN(h, f, n) fe_sqn_loop(h, f, n)
#endif

/*
 * z^(2^250 - 1) and z^11 (the common head of the two exponentiations
 * below): 250 squarings and 11 multiplications in the usual chain over
 * the exponents 2^k - 1.
 */
static void fe_pow_head(fe *z250, fe *z11, const fe *z)
{
	fe z2, z9, t, e5, e10, e20, e50, e100;

	fe_sq(&z2, z);            /* 2 */
	FE_SQN(&t, &z2, 2);       /* 8 */
	fe_mul(&z9, &t, z);       /* 9 */
	fe_mul(z11, &z9, &z2);    /* 11 */
	fe_sq(&t, z11);           /* 22 */
	fe_mul(&e5, &t, &z9);     /* 31 = 2^5 - 1 */
	FE_SQN(&t, &e5, 5);
	fe_mul(&e10, &t, &e5);    /* 2^10 - 1 */
	FE_SQN(&t, &e10, 10);
	fe_mul(&e20, &t, &e10);   /* 2^20 - 1 */
	FE_SQN(&t, &e20, 20);
	fe_mul(&t, &t, &e20);     /* 2^40 - 1 */
	FE_SQN(&t, &t, 10);
	fe_mul(&e50, &t, &e10);   /* 2^50 - 1 */
	FE_SQN(&t, &e50, 50);
	fe_mul(&e100, &t, &e50);  /* 2^100 - 1 */
	FE_SQN(&t, &e100, 100);
	fe_mul(&t, &t, &e100);    /* 2^200 - 1 */
	FE_SQN(&t, &t, 50);
	fe_mul(z250, &t, &e50);   /* 2^250 - 1 */
}

/* out = z^(p - 2) = 1/z (0 for z = 0): Fermat, constant-time. */
static void fe_invert(fe *out, const fe *z)
{
	fe t, z11;

	fe_pow_head(&t, &z11, z);
	FE_SQN(&t, &t, 5);        /* 2^255 - 2^5 */
	fe_mul(out, &t, &z11);    /* 2^255 - 21 = p - 2 */
}

/* out = z^((p - 5) / 8) = z^(2^252 - 3), for square roots (RFC 8032, 5.1.3). */
static void fe_pow22523(fe *out, const fe *z)
{
	fe t, z11;

	fe_pow_head(&t, &z11, z);
	FE_SQN(&t, &t, 2);        /* 2^252 - 4 */
	fe_mul(out, &t, z);       /* 2^252 - 3 */
}

/* Variable time: for public values. */
static int fe_equal_vt(const fe *f, const fe *g)
{
	uint8_t a[32], b[32];

	fe_tobytes(a, f);
	fe_tobytes(b, g);
	return memcmp(a, b, 32) == 0;
}

static int fe_iszero_vt(const fe *f)
{
	static const uint8_t zero[32];
	uint8_t a[32];

	fe_tobytes(a, f);
	return memcmp(a, zero, 32) == 0;
}

/* ---- X25519: the Montgomery ladder (RFC 7748, 5) ---- */

typedef struct {
	fe x1, x2, z2, x3, z3, a, b, c, d, aa, bb, e;
} c25519_ladder_st;

#ifdef FE_HAVE_LADDER_STEP
static void fe_ladder_step(c25519_ladder_st *s, uint32_t swap);
#endif

static void c25519_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
	c25519_ladder_st s;
	uint32_t swap = 0, bit;
	int t;

	fe_frombytes(&s.x1, u);
	fe_1(&s.x2);
	fe_0(&s.z2);
	fe_copy(&s.x3, &s.x1);
	fe_1(&s.z3);
	/* bit 255 of a clamped scalar is 0: the ladder starts at bit 254 */
	for (t = 254; t >= 0; t--) {
		bit = (uint32_t)(k[t >> 3] >> (t & 7)) & 1;
		swap ^= bit;
#ifdef FE_HAVE_LADDER_STEP
		fe_ladder_step(&s, swap);
		swap = bit;
#else
		fe_cswap(&s.x2, &s.x3, swap);
		fe_cswap(&s.z2, &s.z3, swap);
		swap = bit;
		fe_add(&s.a, &s.x2, &s.z2);
		fe_sub(&s.b, &s.x2, &s.z2);
		fe_add(&s.c, &s.x3, &s.z3);
		fe_sub(&s.d, &s.x3, &s.z3);
		fe_mul(&s.d, &s.d, &s.a);        /* DA */
		fe_mul(&s.c, &s.c, &s.b);        /* CB */
		fe_sq(&s.aa, &s.a);
		fe_sq(&s.bb, &s.b);
		fe_add(&s.x3, &s.d, &s.c);
		fe_sq(&s.x3, &s.x3);             /* (DA + CB)^2 */
		fe_sub(&s.z3, &s.d, &s.c);
		fe_sq(&s.z3, &s.z3);
		fe_mul(&s.z3, &s.z3, &s.x1);     /* x1 (DA - CB)^2 */
		fe_mul(&s.x2, &s.aa, &s.bb);     /* AA BB */
		fe_sub(&s.e, &s.aa, &s.bb);      /* E */
		fe_mul_a24(&s.a, &s.e);
		fe_add(&s.a, &s.a, &s.bb);       /* BB + 121666 E = AA + 121665 E */
		fe_mul(&s.z2, &s.a, &s.e);
#endif
	}
	fe_cswap(&s.x2, &s.x3, swap);
	fe_cswap(&s.z2, &s.z3, swap);
	fe_invert(&s.z2, &s.z2);
	fe_mul(&s.x2, &s.x2, &s.z2);
	fe_tobytes(out, &s.x2);
	ember_wipe(&s, sizeof(s));
	ember_wipe(&swap, sizeof(swap));
}

/* ---- Ed25519: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 ---- */

/*
 * Coordinates (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves
 * revisited", 2008): p2 (X:Y:Z), p3 extended (X:Y:Z:T) with XY = ZT,
 * p1p1 the completed (X:Z, Y:T) an addition or doubling yields, niels the
 * affine (y + x, y - x, 2dxy) of the tables, cached (Y + X, Y - X, 2Z, 2dT).
 */
typedef struct { fe X, Y, Z; } ge_p2;
typedef struct { fe X, Y, Z, T; } ge_p3;
typedef struct { fe X, Y, Z, T; } ge_p1p1;
typedef struct { fe ypx, ymx, xy2d; } ge_niels;
typedef struct { fe YpX, YmX, Z2, T2d; } ge_cached;

static void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p)
{
	fe_mul(&r->X, &p->X, &p->T);
	fe_mul(&r->Y, &p->Y, &p->Z);
	fe_mul(&r->Z, &p->Z, &p->T);
}

static void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p)
{
	fe_mul(&r->X, &p->X, &p->T);
	fe_mul(&r->Y, &p->Y, &p->Z);
	fe_mul(&r->Z, &p->Z, &p->T);
	fe_mul(&r->T, &p->X, &p->Y);
}

static void ge_p3_0(ge_p3 *h)
{
	fe_0(&h->X);
	fe_1(&h->Y);
	fe_1(&h->Z);
	fe_0(&h->T);
}

/*
 * r = 2p ("dbl-2008-hwcd" with a = -1, signs folded so that every factor
 * is a sum or difference of squares): A = X^2, B = Y^2, C = 2Z^2,
 * H = A + B, E = H - (X + Y)^2, G = A - B, F = C + G.
 */
static void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p)
{
	fe a, b, c, t;

	fe_sq(&a, &p->X);
	fe_sq(&b, &p->Y);
	fe_sq(&c, &p->Z);
	fe_add(&c, &c, &c);
	fe_carry(&c);
	fe_add(&t, &p->X, &p->Y);
	fe_sq(&t, &t);
	fe_add(&r->Y, &a, &b);           /* H */
	fe_carry(&r->Y);
	fe_sub(&r->X, &r->Y, &t);        /* E */
	fe_sub(&r->Z, &a, &b);           /* G */
	fe_carry(&r->Z);
	fe_add(&r->T, &c, &r->Z);        /* F */
}

/* r = p + q, q affine (niels); |neg| = 1 adds -q instead (variable time in |neg|). */
static void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_niels *q, int neg)
{
	fe a, b, c, d, s, t;

	fe_add(&s, &p->Y, &p->X);
	fe_sub(&t, &p->Y, &p->X);
	fe_mul(&a, &t, neg ? &q->ypx : &q->ymx);
	fe_mul(&b, &s, neg ? &q->ymx : &q->ypx);
	fe_mul(&c, &p->T, &q->xy2d);
	fe_add(&d, &p->Z, &p->Z);
	fe_carry(&d);
	fe_sub(&r->X, &b, &a);           /* E */
	fe_add(&r->Y, &b, &a);           /* H */
	if (neg) {
		fe_sub(&r->Z, &d, &c);   /* G */
		fe_add(&r->T, &d, &c);   /* F */
	} else {
		fe_add(&r->Z, &d, &c);
		fe_sub(&r->T, &d, &c);
	}
}

/* r = p + q, q cached; |neg| = 1 adds -q (variable time in |neg|: verification only). */
static void ge_add_cached(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q, int neg)
{
	fe a, b, c, d, s, t;

	fe_add(&s, &p->Y, &p->X);
	fe_sub(&t, &p->Y, &p->X);
	fe_mul(&a, &t, neg ? &q->YpX : &q->YmX);
	fe_mul(&b, &s, neg ? &q->YmX : &q->YpX);
	fe_mul(&c, &p->T, &q->T2d);
	fe_mul(&d, &p->Z, &q->Z2);
	fe_sub(&r->X, &b, &a);
	fe_add(&r->Y, &b, &a);
	if (neg) {
		fe_sub(&r->Z, &d, &c);
		fe_add(&r->T, &d, &c);
	} else {
		fe_add(&r->Z, &d, &c);
		fe_sub(&r->T, &d, &c);
	}
}

static void ge_p3_to_cached(ge_cached *r, const ge_p3 *p, const fe *d2)
{
	fe_add(&r->YpX, &p->Y, &p->X);
	fe_carry(&r->YpX);
	fe_sub(&r->YmX, &p->Y, &p->X);
	fe_carry(&r->YmX);
	fe_add(&r->Z2, &p->Z, &p->Z);
	fe_carry(&r->Z2);
	fe_mul(&r->T2d, &p->T, d2);
}

static void ge_niels_fromwords(ge_niels *n, const uint32_t w[24])
{
	fe_fromwords(&n->ypx, w);
	fe_fromwords(&n->ymx, w + 8);
	fe_fromwords(&n->xy2d, w + 16);
}

/* RFC 8032, 5.1.2: y with the sign of x in bit 255. Constant-time. */
static void ge_p3_tobytes(uint8_t s[32], const ge_p3 *h)
{
	fe zi, x, y;
	uint8_t xb[32];

	fe_invert(&zi, &h->Z);
	fe_mul(&x, &h->X, &zi);
	fe_mul(&y, &h->Y, &zi);
	fe_tobytes(s, &y);
	fe_tobytes(xb, &x);
	s[31] |= (uint8_t)(xb[0] << 7);
	ember_wipe(&zi, sizeof(zi));
	ember_wipe(&x, sizeof(x));
	ember_wipe(&y, sizeof(y));
	ember_wipe(xb, sizeof(xb));
}

/* ---- fixed-base multiplication: signed radix 16, masked table scan ---- */

/* 1 when a == b, for 0 <= a, b < 2^31; no branch. */
static inline uint32_t ct_eq(uint32_t a, uint32_t b)
{
	return ((a ^ b) - 1) >> 31;
}

/*
 * t = [b] (16^(2 pos)) B from row |pos| of the comb table, b in [-8, 8]:
 * every entry of the row is read and masked, then the sum is negated when
 * b < 0 (swap y + x with y - x, negate 2dxy).
 */
static void ge_select(ge_niels *t, unsigned pos, int b)
{
	uint32_t neg = (uint32_t)b >> 31;
	uint32_t babs = (uint32_t)b - ((((uint32_t)b << 1) & (0u - neg)));
	uint32_t w[24], m;
	fe minus;
	unsigned k, j;

	m = 0u - ct_eq(babs, 0);
	for (j = 0; j < 24; j++)
		w[j] = 0;
	w[0] = 1 & m;   /* the identity: (1, 1, 0) */
	w[8] = 1 & m;
	for (k = 0; k < 8; k++) {
		m = 0u - ct_eq(babs, k + 1);
		for (j = 0; j < 24; j++)
			w[j] |= ember_ed25519_comb[pos][k][j] & m;
	}
	ge_niels_fromwords(t, w);
	fe_cswap(&t->ypx, &t->ymx, neg);
	fe_0(&minus);
	fe_sub(&minus, &minus, &t->xy2d);
	fe_carry(&minus);
	fe_cmov(&t->xy2d, &minus, neg);
	ember_wipe(w, sizeof(w));
	ember_wipe(&minus, sizeof(minus));
}

/*
 * h = [a] B, a < 2^255: 64 signed digits e[i] in [-8, 8) (e[63] <= 8),
 * a = sum e[i] 16^i; the odd digits' sum, times 16, plus the even ones'
 * (Bernstein, Duif, Lange, Schwabe, Yang, "High-speed high-security
 * signatures", 2011, 4).
 */
static void ge_scalarmult_base(ge_p3 *h, const uint8_t a[32])
{
	struct {
		signed char e[64];
		ge_niels t;
		ge_p1p1 r;
		ge_p2 s;
	} v;
	int i, carry = 0;

	for (i = 0; i < 32; i++) {
		v.e[2 * i] = (signed char)(a[i] & 15);
		v.e[2 * i + 1] = (signed char)(a[i] >> 4);
	}
	for (i = 0; i < 63; i++) {
		v.e[i] = (signed char)(v.e[i] + carry);
		carry = (v.e[i] + 8) >> 4; /* e + 8 >= 0: no negative shift */
		v.e[i] = (signed char)(v.e[i] - carry * 16);
	}
	v.e[63] = (signed char)(v.e[63] + carry);

	ge_p3_0(h);
	for (i = 1; i < 64; i += 2) {
		ge_select(&v.t, (unsigned)i / 2, v.e[i]);
		ge_madd(&v.r, h, &v.t, 0);
		ge_p1p1_to_p3(h, &v.r);
	}
	/* times 16: three doublings to p2, the fourth to p3 */
	fe_copy(&v.s.X, &h->X);
	fe_copy(&v.s.Y, &h->Y);
	fe_copy(&v.s.Z, &h->Z);
	for (i = 0; i < 3; i++) {
		ge_p2_dbl(&v.r, &v.s);
		ge_p1p1_to_p2(&v.s, &v.r);
	}
	ge_p2_dbl(&v.r, &v.s);
	ge_p1p1_to_p3(h, &v.r);
	for (i = 0; i < 64; i += 2) {
		ge_select(&v.t, (unsigned)i / 2, v.e[i]);
		ge_madd(&v.r, h, &v.t, 0);
		ge_p1p1_to_p3(h, &v.r);
	}
	ember_wipe(&v, sizeof(v));
}

static void c25519_ed25519_base(uint8_t out[32], const uint8_t a[32])
{
	ge_p3 h;

	ge_scalarmult_base(&h, a);
	ge_p3_tobytes(out, &h);
	ember_wipe(&h, sizeof(h));
}

/* u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y): the Montgomery form of [k] B (RFC 7748, 4.1). */
static void c25519_x25519_base(uint8_t out[32], const uint8_t k[32])
{
	ge_p3 h;
	fe n, d;

	ge_scalarmult_base(&h, k);
	fe_add(&n, &h.Z, &h.Y);
	fe_sub(&d, &h.Z, &h.Y);
	fe_carry(&d);
	fe_invert(&d, &d);
	fe_mul(&n, &n, &d);
	fe_tobytes(out, &n);
	ember_wipe(&h, sizeof(h));
	ember_wipe(&n, sizeof(n));
	ember_wipe(&d, sizeof(d));
}

/* ---- decoding and verification (public data, variable time) ---- */

/* 1 when the low 255 bits of s are >= p = 2^255 - 19 */
static int c25519_y_noncanonical(const uint8_t s[32])
{
	int i;

	if ((s[31] & 0x7f) != 0x7f || s[0] < 0xed)
		return 0;
	for (i = 1; i < 31; i++)
		if (s[i] != 0xff)
			return 0;
	return 1;
}

/*
 * RFC 8032, 5.1.3, strictly: y < p, x^2 = (y^2 - 1) / (d y^2 + 1) has a
 * root, and x = 0 only with sign bit 0. 0 or -1.
 */
static int ge_frombytes_vt(ge_p3 *h, const uint8_t s[32])
{
	fe u, v, v3, vxx, t, one;

	if (c25519_y_noncanonical(s))
		return -1;
	fe_frombytes(&h->Y, s);
	fe_1(&one);
	fe_1(&h->Z);
	fe_sq(&u, &h->Y);
	fe_fromwords(&t, c25519_d);
	fe_mul(&v, &u, &t);
	fe_sub(&u, &u, &one);            /* y^2 - 1 */
	fe_carry(&u);
	fe_add(&v, &v, &one);            /* d y^2 + 1 */
	fe_carry(&v);
	/* x = u v^3 (u v^7)^((p - 5) / 8) */
	fe_sq(&v3, &v);
	fe_mul(&v3, &v3, &v);
	fe_sq(&t, &v3);
	fe_mul(&t, &t, &v);
	fe_mul(&t, &t, &u);
	fe_pow22523(&t, &t);
	fe_mul(&t, &t, &v3);
	fe_mul(&h->X, &t, &u);
	fe_sq(&vxx, &h->X);
	fe_mul(&vxx, &vxx, &v);
	if (!fe_equal_vt(&vxx, &u)) {
		fe_0(&t);
		fe_sub(&t, &t, &u);
		fe_carry(&t);
		if (!fe_equal_vt(&vxx, &t))
			return -1;
		fe_fromwords(&t, c25519_sqrtm1);
		fe_mul(&h->X, &h->X, &t);
	}
	{
		uint8_t xb[32];
		fe_tobytes(xb, &h->X);
		if (fe_iszero_vt(&h->X) && (s[31] >> 7) != 0)
			return -1;
		if ((xb[0] & 1) != (s[31] >> 7)) {
			fe_0(&t);
			fe_sub(&h->X, &t, &h->X);
			fe_carry(&h->X);
		}
	}
	fe_mul(&h->T, &h->X, &h->Y);
	return 0;
}

/* 1 when [8] h is the identity: h has order 1, 2, 4 or 8. */
static int ge_small_order_vt(const ge_p3 *h)
{
	ge_p2 s;
	ge_p1p1 r;
	int i;

	fe_copy(&s.X, &h->X);
	fe_copy(&s.Y, &h->Y);
	fe_copy(&s.Z, &h->Z);
	for (i = 0; i < 3; i++) {
		ge_p2_dbl(&r, &s);
		ge_p1p1_to_p2(&s, &r);
	}
	/* the only points with X = 0 are (0, 1) and (0, -1); [8] h cannot be the latter */
	return fe_iszero_vt(&s.X);
}

static int c25519_ed25519_check(const uint8_t a[32])
{
	ge_p3 h;

	if (ge_frombytes_vt(&h, a) != 0)
		return -1;
	return ge_small_order_vt(&h) ? -2 : 0;
}

/*
 * The width-w non-adjacent form of a 256-bit s: r[i] in {0, +-1, +-3, ...,
 * +-(2^(w-1) - 1)}, at most one non-zero among w neighbours, sum r[i] 2^i = s.
 */
static void c25519_naf(signed char r[257], const uint8_t s[32], int w)
{
	const int width = 1 << w, half = width >> 1;
	int pos = 0, carry = 0;

	memset(r, 0, 257);
	while (pos < 256) {
		int k, window = 0;
		for (k = 0; k < w && pos + k < 256; k++)
			window |= ((s[(pos + k) >> 3] >> ((pos + k) & 7)) & 1) << k;
		window += carry;
		if ((window & 1) == 0) {
			pos++;
			continue;
		}
		if (window < half) {
			carry = 0;
			r[pos] = (signed char)window;
		} else {
			carry = 1;
			r[pos] = (signed char)(window - width);
		}
		pos += w;
	}
	r[256] = (signed char)carry;
}

/* r = encoding of [s] B - [k] A; -1 when A is refused (c25519_ed25519_check's rule). */
static int c25519_ed25519_verify(uint8_t out[32], const uint8_t a[32], const uint8_t k[32], const uint8_t s[32])
{
	signed char kn[257], sn[257];
	ge_cached ai[8];
	ge_p3 A, A2, u;
	ge_p1p1 r;
	ge_p2 acc;
	ge_niels nb;
	fe d2;
	int i;

	if (ge_frombytes_vt(&A, a) != 0 || ge_small_order_vt(&A))
		return -1;
	/* the odd multiples A, 3A, ..., 15A */
	fe_fromwords(&d2, c25519_d2);
	ge_p3_to_cached(&ai[0], &A, &d2);
	fe_copy(&acc.X, &A.X);
	fe_copy(&acc.Y, &A.Y);
	fe_copy(&acc.Z, &A.Z);
	ge_p2_dbl(&r, &acc);
	ge_p1p1_to_p3(&A2, &r);
	for (i = 1; i < 8; i++) {
		ge_add_cached(&r, &A2, &ai[i - 1], 0);
		ge_p1p1_to_p3(&u, &r);
		ge_p3_to_cached(&ai[i], &u, &d2);
	}
	c25519_naf(kn, k, 5);
	c25519_naf(sn, s, 8);
	for (i = 256; i >= 0 && kn[i] == 0 && sn[i] == 0; i--)
		;
	fe_0(&acc.X);
	fe_1(&acc.Y);
	fe_1(&acc.Z);
	for (; i >= 0; i--) {
		ge_p2_dbl(&r, &acc);
		if (kn[i] != 0) {
			ge_p1p1_to_p3(&u, &r);
			/* minus [k] A */
			if (kn[i] > 0)
				ge_add_cached(&r, &u, &ai[kn[i] / 2], 1);
			else
				ge_add_cached(&r, &u, &ai[(-kn[i]) / 2], 0);
		}
		if (sn[i] != 0) {
			ge_p1p1_to_p3(&u, &r);
			if (sn[i] > 0) {
				ge_niels_fromwords(&nb, ember_ed25519_odd[sn[i] / 2]);
				ge_madd(&r, &u, &nb, 0);
			} else {
				ge_niels_fromwords(&nb, ember_ed25519_odd[(-sn[i]) / 2]);
				ge_madd(&r, &u, &nb, 1);
			}
		}
		ge_p1p1_to_p2(&acc, &r);
	}
	fe_copy(&u.X, &acc.X);
	fe_copy(&u.Y, &acc.Y);
	fe_copy(&u.Z, &acc.Z);
	ge_p3_tobytes(out, &u);
	return 0;
}

static const ember_c25519_ops c25519_ops = {
	c25519_x25519,
	c25519_x25519_base,
	c25519_ed25519_base,
	c25519_ed25519_check,
	c25519_ed25519_verify,
};
