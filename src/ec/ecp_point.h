/*
 * ecp_point.h - the point arithmetic and scalar multiplications of P-256
 * and P-384 (y^2 = x^3 - 3x + b over GF(p)), compiled by each backend over
 * its own field (not installed). The backend defines, before including it:
 *
 *   ECW, ECDW, ECW_BITS, FE_N   as ecp_mont.h (which it has included)
 *   ECP_LEN, ECP_BITS           bytes and bits of p and n
 *   fe                          ECW[FE_N], a field element in Montgomery
 *                               form, always fully reduced (below p)
 *   fe_mul, fe_sqr, fe_add, fe_sub (r, a[, b]): r may alias an input
 *   FE_P FE_B FE_ONE FE_RR FE_SQRT_EXP   p, b R, R, R^2 (mod p),
 *                               (p + 1) / 4 (ECW arrays)
 *   SC_N SC_RR SC_NM2 SC_N0INV SC_PMN   n, R^2 mod n, n - 2, -n^-1 mod
 *                               2^ECW_BITS, p - n
 *   ECP_TABLE, ECP_COMB_W, ECP_COMB_WINDOWS   the fixed-base table of
 *                               scripts/ec_tables.py (64-bit words)
 *   ECP_ECDH_W                  the window of the variable-base product
 *   sc_mont_mul (optional, with ECP_HAVE_SC_MONT_MUL)   the Montgomery
 *                               product mod n (else ecp_mont.h's CIOS in C)
 *   ECP_WORD64(r, w, i)         r[...] = the 64-bit word w as limb(s) i
 *
 * and gets ECP_OPS, an ecp_ops initialiser (ecp_impl.h).
 *
 * Formulas: Renes, Costello and Batina, "Complete addition formulas for
 * prime order elliptic curves" (EUROCRYPT 2016), algorithm 5 (mixed
 * addition) for a = -3 in homogeneous projective coordinates for the
 * fixed-base comb: complete, so no input (the identity, P = Q, P = -Q)
 * needs a branch; the identity is (0 : 1 : 0). Where doublings dominate
 * (k P, u2 Q) Jacobian coordinates instead (EFD: dbl-2001-b, 3M + 5S,
 * exception-free; add-1998-cmo-2, 12M + 4S, whose exceptional inputs
 * are handled by masks in ECDH, see ecp_ecdh, and by branches in
 * verification); the identity is any Z = 0.
 *
 * Scalar multiplications:
 *  - k G (keys, signatures): a comb of Booth-recoded signed windows of
 *    ECP_COMB_W bits, one mixed addition per window and no doubling,
 *    over the table of (j + 1) 2^(w i) G; each entry is read by a masked
 *    scan of the whole window's row (constant time), its y negated by a
 *    mask, and the sum discarded by a mask when the digit is 0.
 *  - k P (ECDH): Booth-recoded signed windows of ECP_ECDH_W bits over
 *    the 2^(w-1) multiples P .. 2^(w-1) P (Jacobian), masked scan,
 *    ECP_ECDH_W Jacobian doublings and one masked Jacobian addition per
 *    window.
 *  - u1 G + u2 Q (verification, public values, variable time): a
 *    width-5 NAF of u2 over P, 3P .. 15P in Jacobian coordinates, then
 *    the same comb read by index, its affine entries added by Jacobian
 *    mixed additions.
 * Inversions are constant time: the field's a fixed addition chain for
 * p - 2, the scalars' Fermat's a^(n-2) by fixed windows. The affine x of
 * a verification is never computed (the check is X == r Z^2).
 */
#ifndef EMBER_ECP_POINT_H
#define EMBER_ECP_POINT_H

#define ECP_W64 (ECP_BITS / 64)
#define ECP_COMB_ENTRIES (1 << (ECP_COMB_W - 1))
#define ECP_ECDH_ENTRIES (1 << (ECP_ECDH_W - 1))
/* scalar words for window reads: two spare zero words beyond the top */
#define ECP_KW (ECP_LEN / 4 + 2)

/*
 * The point functions stay out of line: inlined into a caller with a
 * masked table scan (gcc 12 inlines a function called once), the whole
 * becomes one frame of several KB and k G runs 40% slower.
 */
#if defined(__GNUC__) || defined(__clang__)
#define ECP_NOINLINE __attribute__((noinline))
#else
#define ECP_NOINLINE
#endif

typedef struct pt {
	fe x, y, z;
} pt;

typedef struct apt {
	fe x, y;
} apt;

static const ECW fe_plain_one[FE_N] = { 1 };

static inline void fe_copy(fe r, const fe a)
{
	memcpy(r, a, sizeof(fe));
}

static inline void fe_neg(fe r, const fe a)
{
	static const fe zero = { 0 };
	fe_sub(r, zero, a);
}

/* 1 when a < p: a's bytes are a field element */
static inline int fe_from_bytes(fe r, const uint8_t *in)
{
	ECW t[FE_N];
	int ok;

	mp_from_bytes(t, in);
	ok = (int)(mp_lt(t, FE_P) & 1);
	fe_mul(r, t, FE_RR);
	return ok;
}

static inline void fe_to_bytes(uint8_t *out, const fe a)
{
	fe t;

	fe_mul(t, a, fe_plain_one);
	mp_to_bytes(out, t);
}

/* r = a^e for a public exponent e (FE_N words): 4-bit fixed windows, the zero windows skipped */
#define ECP_POW(name, mul)                                                         \
	static void name(ECW *r, const ECW *a, const ECW *e)                       \
	{                                                                          \
		ECW tab[16][FE_N], t[FE_N];                                        \
		int i, started = 0;                                                \
		memcpy(tab[1], a, sizeof(tab[1]));                                 \
		for (i = 2; i < 16; i++)                                           \
			mul(tab[i], tab[i - 1], a);                                \
		for (i = ECP_BITS / 4 - 1; i >= 0; i--) {                          \
			unsigned nib = (unsigned)(e[i / (ECW_BITS / 4)] >> (4 * (i % (ECW_BITS / 4)))) & 15; \
			if (started) {                                             \
				mul(t, t, t);                                      \
				mul(t, t, t);                                      \
				mul(t, t, t);                                      \
				mul(t, t, t);                                      \
				if (nib)                                           \
					mul(t, t, tab[nib]);                       \
			} else if (nib) {                                          \
				memcpy(t, tab[nib], sizeof(t));                    \
				started = 1;                                       \
			}                                                          \
		}                                                                  \
		memcpy(r, t, sizeof(t));                                           \
		ember_wipe(tab, sizeof(tab));                                      \
		ember_wipe(t, sizeof(t));                                          \
	}

#ifndef ECP_HAVE_SC_MONT_MUL
static inline void sc_mont_mul(ECW *r, const ECW *a, const ECW *b)
{
	mp_mont_mul(r, a, b, SC_N, SC_N0INV);
}
#endif

ECP_POW(fe_pow, fe_mul)
ECP_POW(sc_pow_mont, sc_mont_mul)

/* r = a^(2^n) */
static void fe_sqr_n(fe r, const fe a, int n)
{
	fe_sqr(r, a);
	while (--n > 0)
		fe_sqr(r, r);
}

/*
 * r = a^(p - 2) = a^-1 (0 for 0) by a fixed addition chain (constant
 * time): 255 squarings and 12 products for P-256, 385 and 14 for P-384,
 * against the 4-bit windows' 64 and 96 products more. xk = a^(2^k - 1).
 */
static void fe_inv(fe r, const fe a)
{
	fe x2, x3, x6, x12, x15, x30, x32, t;

	fe_sqr(x2, a);
	fe_mul(x2, x2, a);
	fe_sqr(x3, x2);
	fe_mul(x3, x3, a);
	fe_sqr_n(x6, x3, 3);
	fe_mul(x6, x6, x3);
	fe_sqr_n(x12, x6, 6);
	fe_mul(x12, x12, x6);
	fe_sqr_n(x15, x12, 3);
	fe_mul(x15, x15, x3);
	fe_sqr_n(x30, x15, 15);
	fe_mul(x30, x30, x15);
	fe_sqr_n(x32, x30, 2);
	fe_mul(x32, x32, x2);
#if ECP_BITS == 256
	/* p - 2 = (2^32 - 1) 2^224 + 2^192 + (2^64 - 1) 2^32 + (2^30 - 1) 4 + 1 */
	fe_sqr_n(t, x32, 32);
	fe_mul(t, t, a);
	fe_sqr_n(t, t, 96 + 32);
	fe_mul(t, t, x32);
	fe_sqr_n(t, t, 32);
	fe_mul(t, t, x32);
#elif ECP_BITS == 384
	/* p - 2 = (2^255 - 1) 2^129 + (2^32 - 1) 2^96 + (2^30 - 1) 4 + 1 */
	fe_sqr_n(t, x30, 30);
	fe_mul(t, t, x30); /* x60 */
	fe_sqr_n(x6, t, 60);
	fe_mul(t, x6, t); /* x120 */
	fe_sqr_n(x6, t, 120);
	fe_mul(t, x6, t); /* x240 */
	fe_sqr_n(t, t, 15);
	fe_mul(t, t, x15); /* x255 */
	fe_sqr_n(t, t, 1 + 32);
	fe_mul(t, t, x32);
	fe_sqr_n(t, t, 64);
#else
#error "fe_inv: no addition chain for this field"
#endif
	fe_sqr_n(t, t, 30);
	fe_mul(t, t, x30);
	fe_sqr_n(t, t, 2);
	fe_mul(r, t, a);
	ember_wipe(x2, sizeof(x2));
	ember_wipe(x3, sizeof(x3));
	ember_wipe(x6, sizeof(x6));
	ember_wipe(x12, sizeof(x12));
	ember_wipe(x15, sizeof(x15));
	ember_wipe(x30, sizeof(x30));
	ember_wipe(x32, sizeof(x32));
	ember_wipe(t, sizeof(t));
}

/* r = a mod n from ECP_LEN bytes below 2^ECP_BITS (< 2n) */
static void sc_from_bytes_reduce(ECW *r, const uint8_t *in)
{
	ECW t[FE_N];

	mp_from_bytes(t, in);
	mp_final_sub(r, t, 0, SC_N);
	ember_wipe(t, sizeof(t));
}

/* ---- points ---- */

static void pt_identity(pt *r)
{
	memset(r->x, 0, sizeof(fe));
	fe_copy(r->y, FE_ONE);
	memset(r->z, 0, sizeof(fe));
}

static void pt_cmov(pt *r, const pt *a, ECW mask)
{
	mp_cmov(r->x, a->x, mask);
	mp_cmov(r->y, a->y, mask);
	mp_cmov(r->z, a->z, mask);
}

/* RCB algorithm 5: r = a + b for an affine b (never the identity) (a = -3) */
static ECP_NOINLINE void pt_madd(pt *r, const pt *a, const apt *b)
{
	fe t0, t1, t2, t3, t4, x3, y3, z3;

	fe_mul(t0, a->x, b->x);
	fe_mul(t1, a->y, b->y);
	fe_add(t3, b->x, b->y);
	fe_add(t4, a->x, a->y);
	fe_mul(t3, t3, t4);
	fe_add(t4, t0, t1);
	fe_sub(t3, t3, t4);
	fe_mul(t4, b->y, a->z);
	fe_add(t4, t4, a->y);
	fe_mul(y3, b->x, a->z);
	fe_add(y3, y3, a->x);
	fe_mul(z3, FE_B, a->z);
	fe_sub(x3, y3, z3);
	fe_add(z3, x3, x3);
	fe_add(x3, x3, z3);
	fe_sub(z3, t1, x3);
	fe_add(x3, t1, x3);
	fe_mul(y3, FE_B, y3);
	fe_add(t1, a->z, a->z);
	fe_add(t2, t1, a->z);
	fe_sub(y3, y3, t2);
	fe_sub(y3, y3, t0);
	fe_add(t1, y3, y3);
	fe_add(y3, t1, y3);
	fe_add(t1, t0, t0);
	fe_add(t0, t1, t0);
	fe_sub(t0, t0, t2);
	fe_mul(t1, t4, y3);
	fe_mul(t2, t0, y3);
	fe_mul(y3, x3, z3);
	fe_add(r->y, y3, t2);
	fe_mul(x3, t3, x3);
	fe_sub(r->x, x3, t1);
	fe_mul(z3, t4, z3);
	fe_mul(t1, t3, t0);
	fe_add(r->z, z3, t1);
}

/*
 * ---- Jacobian coordinates: (X : Y : Z) is (X / Z^2, Y / Z^3); the
 * identity is any Z = 0. Used where doublings dominate (k P, and u2 Q in
 * verification): the doubling is 3M + 5S against RCB's 8M + 3S and twice
 * the additions. Not complete: see each caller for the exceptional cases.
 */

/*
 * dbl-2001-b (Bernstein and Lange, EFD; a = -3): r = 2a. Exception-free on
 * a prime-order curve: no point of order 2, and Z = 0 gives Z3 = (Y + 0)^2
 * - Y^2 - 0 = 0, so the identity doubles to the identity.
 */
static ECP_NOINLINE void jac_dbl(pt *r, const pt *a)
{
	fe delta, gamma, beta, alpha, t;

	fe_sqr(delta, a->z);
	fe_sqr(gamma, a->y);
	fe_mul(beta, a->x, gamma);
	fe_sub(t, a->x, delta);
	fe_add(alpha, a->x, delta);
	fe_mul(alpha, alpha, t);
	fe_add(t, alpha, alpha);
	fe_add(alpha, alpha, t); /* 3 (X - delta)(X + delta) */
	fe_add(t, a->y, a->z);
	fe_sqr(t, t);
	fe_sub(t, t, gamma);
	fe_sub(r->z, t, delta);
	fe_add(beta, beta, beta);
	fe_add(beta, beta, beta); /* 4 beta */
	fe_sqr(t, alpha);
	fe_sub(t, t, beta);
	fe_sub(r->x, t, beta); /* alpha^2 - 8 beta */
	fe_sub(beta, beta, r->x);
	fe_mul(t, alpha, beta);
	fe_sqr(gamma, gamma);
	fe_add(gamma, gamma, gamma);
	fe_add(gamma, gamma, gamma);
	fe_add(gamma, gamma, gamma); /* 8 gamma^2 */
	fe_sub(r->y, t, gamma);
}

/*
 * add-1998-cmo-2 (EFD): r = a + b, 12M + 4S, or 8M + 3S when b's Z is
 * one (bz1: public). Correct for a = -b (H = 0 gives Z3 = 0) but not for
 * a = b (everything 0) nor when a or b is the identity. Returns in *h0
 * and *r0 the masks H == 0 and R == 0 (both: a = b, or either is the
 * identity).
 */
static ECP_NOINLINE void jac_add_core(pt *r, const pt *a, const pt *b, int bz1, ECW *h0, ECW *r0)
{
	fe z1z1, z2z2, u1, u2, s1, s2, h, rr, hh, hhh, v;

	fe_sqr(z1z1, a->z);
	fe_mul(u2, b->x, z1z1);
	fe_mul(s2, b->y, a->z);
	fe_mul(s2, s2, z1z1);
	if (bz1) {
		fe_copy(u1, a->x);
		fe_copy(s1, a->y);
	} else {
		fe_sqr(z2z2, b->z);
		fe_mul(u1, a->x, z2z2);
		fe_mul(s1, a->y, b->z);
		fe_mul(s1, s1, z2z2);
	}
	fe_sub(h, u2, u1);
	fe_sub(rr, s2, s1);
	*h0 = mp_is_zero(h);
	*r0 = mp_is_zero(rr);
	fe_sqr(hh, h);
	fe_mul(hhh, h, hh);
	fe_mul(v, u1, hh);
	if (bz1) {
		fe_mul(r->z, a->z, h);
	} else {
		fe_mul(r->z, a->z, b->z);
		fe_mul(r->z, r->z, h);
	}
	fe_sqr(u2, rr);
	fe_sub(u2, u2, hhh);
	fe_sub(u2, u2, v);
	fe_sub(r->x, u2, v);
	fe_sub(v, v, r->x);
	fe_mul(v, rr, v);
	fe_mul(s1, s1, hhh);
	fe_sub(r->y, v, s1);
}

/* r = a + b for public a, b (verification): the exceptional cases by branches */
static void jac_add_vartime(pt *r, const pt *a, const pt *b, int bz1)
{
	ECW h0, r0;
	pt s;

	if (mp_is_zero(a->z)) {
		*r = *b;
		return;
	}
	if (!bz1 && mp_is_zero(b->z)) {
		*r = *a;
		return;
	}
	jac_add_core(&s, a, b, bz1, &h0, &r0);
	if (h0 && r0) {
		jac_dbl(r, a);
		return;
	}
	*r = s; /* h0 alone: a = -b, and s has Z = 0 */
}

/* ---- scalars: windows of a little-endian copy ---- */

static void sc_words(uint32_t kw[ECP_KW], const uint8_t *k)
{
	int i;

	memset(kw, 0, ECP_KW * sizeof(kw[0]));
	for (i = 0; i < ECP_LEN / 4; i++)
		kw[i] = ember_ld32be(k + ECP_LEN - 4 - 4 * i);
}

/* bits pos .. pos + n - 1 of kw (n <= 16; pos public) */
static inline uint32_t sc_bits(const uint32_t *kw, unsigned pos, unsigned n)
{
	uint64_t v = kw[pos / 32] | (uint64_t)kw[pos / 32 + 1] << 32;

	return (uint32_t)(v >> (pos % 32)) & ((1u << n) - 1);
}

/*
 * Booth digit i of width w: bits w i - 1 .. w i + w - 1 as v, digit
 * (v + 1) / 2 - 2^w v_w, in [-2^(w-1), 2^(w-1)]; returned as its
 * magnitude and a sign bit, without a branch.
 */
static inline uint32_t sc_booth(const uint32_t *kw, unsigned i, unsigned w, uint32_t *neg)
{
	uint32_t v = i == 0 ? sc_bits(kw, 0, w) << 1 : sc_bits(kw, w * i - 1, w + 1);
	uint32_t d = ((v + 1) >> 1) - ((v >> w) << w); /* two's complement */
	uint32_t s = d >> 31;

	*neg = s;
	return (d ^ (0u - s)) + s;
}

/* ---- k G: the comb ---- */

/* r = row[idx - 1] of a table window, or garbage zeros when idx == 0; masked scan */
static void comb_select(apt *r, const uint64_t (*row)[2 * ECP_W64], uint32_t idx)
{
	uint64_t acc[2 * ECP_W64];
	uint32_t j;
	int k;

	memset(acc, 0, sizeof(acc));
	for (j = 0; j < ECP_COMB_ENTRIES; j++) {
		uint32_t d = idx ^ (j + 1);
		uint64_t mask = (uint64_t)0 - (uint64_t)(((d | (0u - d)) >> 31) ^ 1);
		for (k = 0; k < 2 * ECP_W64; k++)
			acc[k] |= row[j][k] & mask;
	}
	for (k = 0; k < ECP_W64; k++) {
		ECP_WORD64(r->x, acc[k], k);
		ECP_WORD64(r->y, acc[ECP_W64 + k], k);
	}
	ember_wipe(acc, sizeof(acc));
}

static void comb_mul_ct(pt *r, const uint8_t *k)
{
	uint32_t kw[ECP_KW];
	unsigned i;
	apt t;
	pt s;

	sc_words(kw, k);
	pt_identity(r);
	for (i = 0; i < ECP_COMB_WINDOWS; i++) {
		uint32_t neg, d = sc_booth(kw, i, ECP_COMB_W, &neg);
		fe ny;

		comb_select(&t, ECP_TABLE[i], d);
		fe_neg(ny, t.y);
		mp_cmov(t.y, ny, mp_mask(neg));
		pt_madd(&s, r, &t);
		pt_cmov(r, &s, mp_mask((ECW)((d | (0u - d)) >> 31))); /* d != 0 */
	}
	ember_wipe(kw, sizeof(kw));
	ember_wipe(&t, sizeof(t));
	ember_wipe(&s, sizeof(s));
}

/* r += k G for a public k (verification; r Jacobian): the comb read by index */
static void comb_add_vartime(pt *r, const uint32_t *kw)
{
	unsigned i;
	int k;

	for (i = 0; i < ECP_COMB_WINDOWS; i++) {
		uint32_t neg, d = sc_booth(kw, i, ECP_COMB_W, &neg);
		pt t;

		if (d == 0)
			continue;
		for (k = 0; k < ECP_W64; k++) {
			ECP_WORD64(t.x, ECP_TABLE[i][d - 1][k], k);
			ECP_WORD64(t.y, ECP_TABLE[i][d - 1][ECP_W64 + k], k);
		}
		fe_copy(t.z, FE_ONE);
		if (neg)
			fe_neg(t.y, t.y);
		jac_add_vartime(r, r, &t, 1);
	}
}

/* ---- affine results ---- */

/* x (and y when not NULL) of r as bytes; -1 (nothing written) when r is the identity */
static int pt_to_affine(uint8_t *x, uint8_t *y, const pt *r)
{
	fe zi, t;
	ECW zero = mp_is_zero(r->z);

	EMBER_DECLASSIFY(&zero, sizeof(zero));
	if (zero)
		return -1;
	fe_inv(zi, r->z);
	fe_mul(t, r->x, zi);
	fe_to_bytes(x, t);
	if (y != NULL) {
		fe_mul(t, r->y, zi);
		fe_to_bytes(y, t);
	}
	ember_wipe(zi, sizeof(zi));
	ember_wipe(t, sizeof(t));
	return 0;
}

static void ecp_base_mul(uint8_t *q, const uint8_t *d)
{
	pt r;

	comb_mul_ct(&r, d);
	pt_to_affine(q, q + ECP_LEN, &r);
	ember_wipe(&r, sizeof(r));
}

/* ---- k P: ECDH ---- */

/* r = tab[idx - 1], or the identity (0 : 0 : 0) when idx == 0; masked scan */
static void var_select(pt *r, const pt *tab, uint32_t idx)
{
	uint32_t j;

	memset(r, 0, sizeof(*r));
	for (j = 0; j < ECP_ECDH_ENTRIES; j++) {
		uint32_t d = idx ^ (j + 1);
		pt_cmov(r, &tab[j], mp_mask((ECW)((d | (0u - d)) >> 31) ^ 1));
	}
}

/*
 * r = a + b in Jacobian coordinates, constant time, where a = b may only
 * happen when last is set (then a doubling is computed too and selected
 * by a mask); a or b may be the identity (masks).
 */
static void jac_add_ct(pt *r, const pt *a, const pt *b, int last)
{
	ECW h0, r0, az = mp_is_zero(a->z), bz = mp_is_zero(b->z);
	pt s, d;

	jac_add_core(&s, a, b, 0, &h0, &r0);
	if (last) { /* public: the loop's last window */
		jac_dbl(&d, a);
		pt_cmov(&s, &d, h0 & r0);
	}
	pt_cmov(&s, b, az);
	pt_cmov(&s, a, bz);
	*r = s;
	ember_wipe(&s, sizeof(s));
	ember_wipe(&d, sizeof(d));
}

/*
 * k P (ECDH) in Jacobian coordinates: per window ECP_ECDH_W doublings
 * (exception-free) and one addition acc + T, T = d_i P the masked read
 * of the table (P .. 2^(w-1) P, Jacobian) or the identity for d_i = 0.
 *
 * The addition's exceptional cases, for k in [1, n-1] (the callers'
 * range) and P of order n. The Booth digits give, for every window i,
 * sum_{j >= i} d_j 2^(w (j - i)) = floor(k / 2^(w i)) + bit w i - 1 of k
 * =: m_i, so before window i's addition acc = 2^w m_(i+1) P with
 * 0 <= 2^w m_(i+1) <= k / 2^(w i) + 2^w.
 *  - acc or T the identity (m_(i+1) = 0, or d_i = 0): masks.
 *  - acc = -T: 2^w m_(i+1) + d_i = m_i == 0 mod n; for i >= 1, 0 <= m_i
 *    < n so m_i = 0, both are the identity (masked); for i = 0 m_0 = k,
 *    not 0 mod n. (The formula gives the identity anyway: H = 0, Z3 = 0.)
 *  - acc = T: 2^w m_(i+1) - d_i == 0 mod n, and |2^w m_(i+1) - d_i| <=
 *    n / 2^w + 3 2^(w-1) < n for i >= 1, so 2^w m_(i+1) = d_i, which with
 *    |d_i| <= 2^(w-1) means both are 0: the identity again. For i = 0 it
 *    cannot be excluded as simply, so the last addition also computes
 *    the doubling and takes it by a mask when H = R = 0.
 */
static int ecp_ecdh(uint8_t *x, const uint8_t *p, const uint8_t *d)
{
	pt tab[ECP_ECDH_ENTRIES], acc, t;
	uint32_t kw[ECP_KW], neg, dig;
	int i, j, ret;
	fe ny, zi;
	ECW zero;

	fe_from_bytes(tab[0].x, p);
	fe_from_bytes(tab[0].y, p + ECP_LEN);
	fe_copy(tab[0].z, FE_ONE);
	/* (j + 1) P for j + 1 <= 2^(w-1) < n: never an exceptional case */
	for (j = 1; j < ECP_ECDH_ENTRIES; j++) {
		ECW h0, r0;
		if (j & 1)
			jac_dbl(&tab[j], &tab[j / 2]);
		else
			jac_add_core(&tab[j], &tab[j - 1], &tab[0], 1, &h0, &r0);
	}
	sc_words(kw, d);
	i = (ECP_BITS + ECP_ECDH_W) / ECP_ECDH_W - 1;
	dig = sc_booth(kw, (unsigned)i, ECP_ECDH_W, &neg);
	var_select(&acc, tab, dig);
	fe_neg(ny, acc.y);
	mp_cmov(acc.y, ny, mp_mask(neg));
	for (i--; i >= 0; i--) {
		for (j = 0; j < ECP_ECDH_W; j++)
			jac_dbl(&acc, &acc);
		dig = sc_booth(kw, (unsigned)i, ECP_ECDH_W, &neg);
		var_select(&t, tab, dig);
		fe_neg(ny, t.y);
		mp_cmov(t.y, ny, mp_mask(neg));
		jac_add_ct(&acc, &acc, &t, i == 0);
	}
	/* x = X / Z^2 */
	zero = mp_is_zero(acc.z);
	EMBER_DECLASSIFY(&zero, sizeof(zero));
	ret = -1;
	if (!zero) {
		fe_inv(zi, acc.z);
		fe_sqr(zi, zi);
		fe_mul(ny, acc.x, zi);
		fe_to_bytes(x, ny);
		ret = 0;
	}
	ember_wipe(tab, sizeof(tab));
	ember_wipe(&acc, sizeof(acc));
	ember_wipe(&t, sizeof(t));
	ember_wipe(kw, sizeof(kw));
	ember_wipe(ny, sizeof(ny));
	ember_wipe(zi, sizeof(zi));
	return ret;
}

/* ---- ECDSA ---- */

static int ecp_sign(uint8_t *rb, uint8_t *sb, const uint8_t *kb, const uint8_t *db, const uint8_t *zb)
{
	ECW k[FE_N], kinv[FE_N], r[FE_N], s[FE_N], d[FE_N], z[FE_N], t[FE_N];
	uint8_t xb[ECP_LEN];
	ECW bad;
	pt R;

	comb_mul_ct(&R, kb);
	/* R is never the identity: 0 < k < n */
	pt_to_affine(xb, NULL, &R);
	sc_from_bytes_reduce(r, xb);
	mp_from_bytes(k, kb);
	mp_from_bytes(d, db);
	sc_from_bytes_reduce(z, zb);
	sc_mont_mul(t, k, SC_RR);    /* k R */
	sc_pow_mont(kinv, t, SC_NM2); /* k^-1 R */
	sc_mont_mul(t, r, d);         /* r d / R */
	sc_mont_mul(t, t, SC_RR);     /* r d */
	mp_add_mod(t, t, z, SC_N);    /* z + r d */
	sc_mont_mul(s, kinv, t);      /* k^-1 (z + r d) */
	mp_to_bytes(rb, r);
	mp_to_bytes(sb, s);
	/* r and s are the public signature */
	bad = mp_is_zero(r) | mp_is_zero(s);
	EMBER_DECLASSIFY(&bad, sizeof(bad));
	ember_wipe(k, sizeof(k));
	ember_wipe(kinv, sizeof(kinv));
	ember_wipe(d, sizeof(d));
	ember_wipe(t, sizeof(t));
	ember_wipe(z, sizeof(z));
	ember_wipe(xb, sizeof(xb));
	ember_wipe(&R, sizeof(R));
	return bad ? -1 : 0;
}

/* width-5 NAF of kw (ECP_BITS bits): naf[i] odd in [-15, 15] or 0; variable time */
static void sc_wnaf5(int8_t naf[ECP_BITS + 1], const uint32_t *kw)
{
	unsigned bit = 0;
	uint32_t carry = 0;

	memset(naf, 0, ECP_BITS + 1);
	while (bit < ECP_BITS + 1) {
		uint32_t word;

		if (sc_bits(kw, bit, 1) == carry) {
			bit++;
			continue;
		}
		word = sc_bits(kw, bit, 5) + carry;
		carry = (word >> 4) & 1;
		naf[bit] = (int8_t)((int32_t)word - (int32_t)(carry << 5));
		bit += 5;
	}
}

static int ecp_verify(const uint8_t *q, const uint8_t *zb, const uint8_t *rb, const uint8_t *sb)
{
	ECW s[FE_N], w[FE_N], z[FE_N], r[FE_N], u[FE_N];
	uint32_t kw1[ECP_KW], kw2[ECP_KW];
	uint8_t ub[ECP_LEN];
	int8_t naf[ECP_BITS + 1];
	pt tab[8], acc;
	fe cand, t, z2;
	int i;

	mp_from_bytes(s, sb);
	mp_from_bytes(r, rb);
	sc_from_bytes_reduce(z, zb);
	sc_mont_mul(s, s, SC_RR);
	sc_pow_mont(w, s, SC_NM2); /* s^-1 R */
	sc_mont_mul(u, z, w);      /* u1 = z s^-1 */
	mp_to_bytes(ub, u);
	sc_words(kw1, ub);
	sc_mont_mul(u, r, w);      /* u2 = r s^-1 */
	mp_to_bytes(ub, u);
	sc_words(kw2, ub);
	/* P, 3P .. 15P (Jacobian) */
	fe_from_bytes(tab[0].x, q);
	fe_from_bytes(tab[0].y, q + ECP_LEN);
	fe_copy(tab[0].z, FE_ONE);
	jac_dbl(&acc, &tab[0]);
	for (i = 1; i < 8; i++)
		jac_add_vartime(&tab[i], &acc, &tab[i - 1], 0);
	sc_wnaf5(naf, kw2);
	memset(&acc, 0, sizeof(acc));
	for (i = ECP_BITS; i >= 0 && naf[i] == 0; i--)
		;
	for (; i >= 0; i--) {
		jac_dbl(&acc, &acc);
		if (naf[i] > 0) {
			jac_add_vartime(&acc, &acc, &tab[naf[i] / 2], 0);
		} else if (naf[i] < 0) {
			pt m = tab[-naf[i] / 2];
			fe_neg(m.y, m.y);
			jac_add_vartime(&acc, &acc, &m, 0);
		}
	}
	comb_add_vartime(&acc, kw1);
	if (mp_is_zero(acc.z))
		return -1;
	/* x(R) mod n == r: X == r Z^2, or X == (r + n) Z^2 when r + n < p */
	fe_sqr(z2, acc.z);
	fe_from_bytes(cand, rb);
	fe_mul(t, cand, z2);
	if (mp_eq(t, acc.x))
		return 0;
	if (mp_lt(r, SC_PMN)) {
		mp_add(u, r, SC_N);
		fe_mul(cand, u, FE_RR);
		fe_mul(t, cand, z2);
		if (mp_eq(t, acc.x))
			return 0;
	}
	return -1;
}

/* ---- public points ---- */

/* t = x^3 - 3x + b (Montgomery) */
static void curve_rhs(fe t, const fe x)
{
	fe x3;

	fe_sqr(t, x);
	fe_mul(x3, t, x);
	fe_add(t, x, x);
	fe_add(t, t, x);
	fe_sub(t, x3, t);
	fe_add(t, t, FE_B);
}

static int ecp_on_curve(const uint8_t *q)
{
	fe x, y, y2, rhs;
	int ok = fe_from_bytes(x, q);

	ok &= fe_from_bytes(y, q + ECP_LEN);
	curve_rhs(rhs, x);
	fe_sqr(y2, y);
	return ok & (int)(mp_eq(y2, rhs) & 1);
}

static int ecp_decompress(uint8_t *yb, const uint8_t *xb, int odd)
{
	fe x, y, rhs, y2;

	if (!fe_from_bytes(x, xb))
		return -1;
	curve_rhs(rhs, x);
	fe_pow(y, rhs, FE_SQRT_EXP);
	fe_sqr(y2, y);
	if (!mp_eq(y2, rhs))
		return -1;
	fe_to_bytes(yb, y);
	if ((yb[ECP_LEN - 1] & 1) != (odd & 1)) {
		fe_neg(y, y);
		fe_to_bytes(yb, y);
	}
	return 0;
}

#define ECP_OPS { ECP_LEN, ecp_base_mul, ecp_ecdh, ecp_sign, ecp_verify, ecp_on_curve, ecp_decompress }

#endif
