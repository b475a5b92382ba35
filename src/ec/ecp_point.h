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
 *   FE_P FE_B FE_ONE FE_RR FE_PM2 FE_SQRT_EXP   p, b R, R, R^2 (mod p),
 *                               p - 2, (p + 1) / 4 (ECW arrays)
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
 * prime order elliptic curves" (EUROCRYPT 2016), algorithms 4 (addition),
 * 5 (mixed addition) and 6 (doubling) for a = -3, in homogeneous
 * projective coordinates: complete, so no input (the identity, P = Q,
 * P = -Q) needs a branch. The identity is (0 : 1 : 0).
 *
 * Scalar multiplications:
 *  - k G (keys, signatures): a comb of Booth-recoded signed windows of
 *    ECP_COMB_W bits, one mixed addition per window and no doubling,
 *    over the table of (j + 1) 2^(w i) G; each entry is read by a masked
 *    scan of the whole window's row (constant time), its y negated by a
 *    mask, and the sum discarded by a mask when the digit is 0.
 *  - k P (ECDH): Booth-recoded signed windows of ECP_ECDH_W bits over
 *    the 2^(w-1) multiples P .. 2^(w-1) P, masked scan, ECP_ECDH_W
 *    doublings and one complete addition per window.
 *  - u1 G + u2 Q (verification, public values, variable time): the same
 *    comb read by index, and a width-5 NAF of u2 over P, 3P .. 15P.
 * Inversions (field and scalar) are Fermat's a^(m-2), fixed exponent, so
 * constant time; the affine x of a verification is never computed (the
 * check is X == r Z in projective coordinates).
 */
#ifndef EMBER_ECP_POINT_H
#define EMBER_ECP_POINT_H

#define ECP_W64 (ECP_BITS / 64)
#define ECP_COMB_ENTRIES (1 << (ECP_COMB_W - 1))
#define ECP_ECDH_ENTRIES (1 << (ECP_ECDH_W - 1))
/* scalar words for window reads: two spare zero words beyond the top */
#define ECP_KW (ECP_LEN / 4 + 2)

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

static void fe_inv(fe r, const fe a)
{
	fe_pow(r, a, FE_PM2);
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

/* RCB algorithm 6: r = 2a (a = -3) */
static void pt_dbl(pt *r, const pt *a)
{
	fe t0, t1, t2, t3, x3, y3, z3;

	fe_sqr(t0, a->x);
	fe_sqr(t1, a->y);
	fe_sqr(t2, a->z);
	fe_mul(t3, a->x, a->y);
	fe_add(t3, t3, t3);
	fe_mul(z3, a->x, a->z);
	fe_add(z3, z3, z3);
	fe_mul(y3, FE_B, t2);
	fe_sub(y3, y3, z3);
	fe_add(x3, y3, y3);
	fe_add(y3, x3, y3);
	fe_sub(x3, t1, y3);
	fe_add(y3, t1, y3);
	fe_mul(y3, x3, y3);
	fe_mul(x3, x3, t3);
	fe_add(t3, t2, t2);
	fe_add(t2, t2, t3);
	fe_mul(z3, FE_B, z3);
	fe_sub(z3, z3, t2);
	fe_sub(z3, z3, t0);
	fe_add(t3, z3, z3);
	fe_add(z3, z3, t3);
	fe_add(t3, t0, t0);
	fe_add(t0, t3, t0);
	fe_sub(t0, t0, t2);
	fe_mul(t0, t0, z3);
	fe_add(y3, y3, t0);
	fe_mul(t0, a->y, a->z);
	fe_add(t0, t0, t0);
	fe_mul(z3, t0, z3);
	fe_sub(r->x, x3, z3);
	fe_mul(z3, t0, t1);
	fe_add(z3, z3, z3);
	fe_add(r->z, z3, z3);
	fe_copy(r->y, y3);
}

/* RCB algorithm 4: r = a + b (a = -3), complete */
static void pt_add(pt *r, const pt *a, const pt *b)
{
	fe t0, t1, t2, t3, t4, x3, y3, z3;

	fe_mul(t0, a->x, b->x);
	fe_mul(t1, a->y, b->y);
	fe_mul(t2, a->z, b->z);
	fe_add(t3, a->x, a->y);
	fe_add(t4, b->x, b->y);
	fe_mul(t3, t3, t4);
	fe_add(t4, t0, t1);
	fe_sub(t3, t3, t4);
	fe_add(t4, a->y, a->z);
	fe_add(x3, b->y, b->z);
	fe_mul(t4, t4, x3);
	fe_add(x3, t1, t2);
	fe_sub(t4, t4, x3);
	fe_add(x3, a->x, a->z);
	fe_add(y3, b->x, b->z);
	fe_mul(x3, x3, y3);
	fe_add(y3, t0, t2);
	fe_sub(y3, x3, y3);
	fe_mul(z3, FE_B, t2);
	fe_sub(x3, y3, z3);
	fe_add(z3, x3, x3);
	fe_add(x3, x3, z3);
	fe_sub(z3, t1, x3);
	fe_add(x3, t1, x3);
	fe_mul(y3, FE_B, y3);
	fe_add(t1, t2, t2);
	fe_add(t2, t1, t2);
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

/* RCB algorithm 5: r = a + b for an affine b (never the identity) (a = -3) */
static void pt_madd(pt *r, const pt *a, const apt *b)
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

/* r += k G for a public k (verification): the comb read by index */
static void comb_add_vartime(pt *r, const uint32_t *kw)
{
	unsigned i;
	int k;

	for (i = 0; i < ECP_COMB_WINDOWS; i++) {
		uint32_t neg, d = sc_booth(kw, i, ECP_COMB_W, &neg);
		apt t;

		if (d == 0)
			continue;
		for (k = 0; k < ECP_W64; k++) {
			ECP_WORD64(t.x, ECP_TABLE[i][d - 1][k], k);
			ECP_WORD64(t.y, ECP_TABLE[i][d - 1][ECP_W64 + k], k);
		}
		if (neg)
			fe_neg(t.y, t.y);
		pt_madd(r, r, &t);
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

/* r = tab[idx - 1], or the identity when idx == 0; masked scan */
static void var_select(pt *r, const pt *tab, uint32_t idx)
{
	uint32_t j;

	pt_identity(r);
	for (j = 0; j < ECP_ECDH_ENTRIES; j++) {
		uint32_t d = idx ^ (j + 1);
		pt_cmov(r, &tab[j], mp_mask((ECW)((d | (0u - d)) >> 31) ^ 1));
	}
}

static int ecp_ecdh(uint8_t *x, const uint8_t *p, const uint8_t *d)
{
	pt tab[ECP_ECDH_ENTRIES], acc, t;
	uint32_t kw[ECP_KW], neg, dig;
	int i, j, ret;
	fe ny;

	fe_from_bytes(tab[0].x, p);
	fe_from_bytes(tab[0].y, p + ECP_LEN);
	fe_copy(tab[0].z, FE_ONE);
	for (j = 1; j < ECP_ECDH_ENTRIES; j++) {
		if (j & 1)
			pt_dbl(&tab[j], &tab[j / 2]);
		else
			pt_add(&tab[j], &tab[j - 1], &tab[0]);
	}
	sc_words(kw, d);
	i = (ECP_BITS + ECP_ECDH_W) / ECP_ECDH_W - 1;
	dig = sc_booth(kw, (unsigned)i, ECP_ECDH_W, &neg);
	var_select(&acc, tab, dig);
	fe_neg(ny, acc.y);
	mp_cmov(acc.y, ny, mp_mask(neg));
	for (i--; i >= 0; i--) {
		for (j = 0; j < ECP_ECDH_W; j++)
			pt_dbl(&acc, &acc);
		dig = sc_booth(kw, (unsigned)i, ECP_ECDH_W, &neg);
		var_select(&t, tab, dig);
		fe_neg(ny, t.y);
		mp_cmov(t.y, ny, mp_mask(neg));
		pt_add(&acc, &acc, &t);
	}
	ret = pt_to_affine(x, NULL, &acc);
	ember_wipe(tab, sizeof(tab));
	ember_wipe(&acc, sizeof(acc));
	ember_wipe(&t, sizeof(t));
	ember_wipe(kw, sizeof(kw));
	ember_wipe(ny, sizeof(ny));
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
	fe cand, t;
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
	/* P, 3P .. 15P */
	fe_from_bytes(tab[0].x, q);
	fe_from_bytes(tab[0].y, q + ECP_LEN);
	fe_copy(tab[0].z, FE_ONE);
	pt_dbl(&acc, &tab[0]);
	for (i = 1; i < 8; i++)
		pt_add(&tab[i], &tab[i - 1], &acc);
	sc_wnaf5(naf, kw2);
	pt_identity(&acc);
	for (i = ECP_BITS; i >= 0 && naf[i] == 0; i--)
		;
	for (; i >= 0; i--) {
		pt_dbl(&acc, &acc);
		if (naf[i] > 0) {
			pt_add(&acc, &acc, &tab[naf[i] / 2]);
		} else if (naf[i] < 0) {
			pt m = tab[-naf[i] / 2];
			fe_neg(m.y, m.y);
			pt_add(&acc, &acc, &m);
		}
	}
	comb_add_vartime(&acc, kw1);
	if (mp_is_zero(acc.z))
		return -1;
	/* x(R) mod n == r: X == r Z, or X == (r + n) Z when r + n < p */
	fe_from_bytes(cand, rb);
	fe_mul(t, cand, acc.z);
	if (mp_eq(t, acc.x))
		return 0;
	if (mp_lt(r, SC_PMN)) {
		mp_add(u, r, SC_N);
		fe_mul(cand, u, FE_RR);
		fe_mul(t, cand, acc.z);
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
