/*
 * p256_x86adx_pt.h - P-256's k G (keys, signatures) and k P (ECDH) for
 * p256_x86adx.c (not installed), included after ecp_point.h, whose
 * types, scalar windows, inversions and verification it shares. What
 * differs from ecp_point.h's generic versions:
 *
 *  - the point formulas call the fused small multiples, double
 *    subtractions, products and squares of p256_x86adx.c's assembly
 *    (fe_qpl, fe_sub3, fe_mul_tpl, fe_mul_sub, fe_sqr_sub2, fe_sqr_opl),
 *    one pass through memory instead of two or three;
 *  - the comb of k G adds the affine table entries in Jacobian
 *    coordinates (madd-2004-hmv, 8M + 3S) instead of RCB's complete
 *    projective formula (11M and twice the additions); its exceptional
 *    cases are excluded by the argument at p256_comb_mul, and the
 *    identity (the accumulator at the start, digit 0) taken by masks;
 *  - the masked table scans are SSE2 (the whole table read, the wanted
 *    entry kept by a compare-made mask: no secret-dependent address).
 */
#ifndef EMBER_P256_X86ADX_PT_H
#define EMBER_P256_X86ADX_PT_H

#include <emmintrin.h>

/* dbl-2001-b (ecp_point.h's jac_dbl, same values): r = 2a; r may be a */
static ECP_NOINLINE void p256_jdbl(pt *r, const pt *a)
{
	fe delta, gamma, beta, alpha, t;

	fe_sqr(delta, a->z);
	fe_sqr(gamma, a->y);
	fe_mul(beta, a->x, gamma);
	fe_sub(t, a->x, delta);
	fe_add(alpha, a->x, delta);
	fe_mul_tpl(alpha, alpha, t); /* 3 (X - delta)(X + delta) */
	fe_add(t, a->y, a->z);
	fe_sqr_sub2(r->z, t, gamma, delta);
	fe_qpl(beta, beta); /* 4 beta */
	fe_sqr_sub2(r->x, alpha, beta, beta); /* alpha^2 - 8 beta */
	fe_sub(beta, beta, r->x);
	fe_sqr_opl(gamma, gamma); /* 8 gamma^2 */
	fe_mul_sub(r->y, alpha, beta, gamma);
}

/*
 * add-1998-cmo-2 (ecp_point.h's jac_add_core, same values, b's Z not
 * one): r = a + b; *h0 and *r0 the masks H == 0 and R == 0.
 */
static ECP_NOINLINE void p256_jadd(pt *r, const pt *a, const pt *b, ECW *h0, ECW *r0)
{
	fe z1z1, z2z2, u1, u2, s1, s2, h, rr, hh, hhh, v;

	fe_sqr(z1z1, a->z);
	fe_sqr(z2z2, b->z);
	fe_mul(u2, b->x, z1z1);
	fe_mul(u1, a->x, z2z2);
	fe_mul(s2, b->y, a->z);
	fe_mul(s1, a->y, b->z);
	fe_mul(s2, s2, z1z1);
	fe_mul(s1, s1, z2z2);
	fe_sub(h, u2, u1);
	fe_sub(rr, s2, s1);
	*h0 = mp_is_zero(h);
	*r0 = mp_is_zero(rr);
	fe_sqr(hh, h);
	fe_mul(r->z, a->z, b->z);
	fe_mul(hhh, h, hh);
	fe_mul(v, u1, hh);
	fe_mul(r->z, r->z, h);
	fe_sqr(u2, rr);
	fe_sub3(r->x, u2, hhh, v, v);
	fe_sub(v, v, r->x);
	fe_mul(s1, s1, hhh);
	fe_mul_sub(r->y, rr, v, s1);
}

/*
 * madd-2004-hmv (EFD): r = a + b for an affine b, 8M + 3S. Not for a the
 * identity (Z = 0 gives Z3 = 0), a = b or a = -b: see p256_comb_mul.
 */
static ECP_NOINLINE void p256_jmadd(pt *r, const pt *a, const apt *b)
{
	fe z1z1, u2, s2, h, rr, hh, hhh, v, t;

	fe_sqr(z1z1, a->z);
	fe_mul(u2, b->x, z1z1);
	fe_mul(s2, b->y, a->z);
	fe_mul(s2, s2, z1z1);
	fe_sub(h, u2, a->x);
	fe_sub(rr, s2, a->y);
	fe_mul(r->z, a->z, h);
	fe_sqr(hh, h);
	fe_mul(hhh, h, hh);
	fe_mul(v, a->x, hh);
	fe_mul(t, a->y, hhh);
	fe_sqr(u2, rr);
	fe_sub3(r->x, u2, hhh, v, v);
	fe_sub(v, v, r->x);
	fe_mul_sub(r->y, rr, v, t);
}

/* all-ones 32-bit lanes where idx == j (SSE2 compare: no branch) */
static inline __m128i p256_eqmask(uint32_t idx, uint32_t j)
{
	return _mm_cmpeq_epi32(_mm_set1_epi32((int)idx), _mm_set1_epi32((int)j));
}

/* acc |= m & the 16 bytes at e + k (acc in a register: named, not an array gcc keeps in memory) */
#define P256_SEL(acc, k) acc = _mm_or_si128(acc, _mm_and_si128(m, _mm_loadu_si128(e + (k))))

/* r = tab[idx - 1], or all zeros (Z = 0: the identity) when idx == 0; the whole table read */
static void p256_select_pt(pt *r, const pt *tab, uint32_t idx)
{
	__m128i a0, a1, a2, a3, a4, a5, m;
	uint32_t j;

	a0 = a1 = a2 = a3 = a4 = a5 = _mm_setzero_si128();
	for (j = 0; j < ECP_ECDH_ENTRIES; j++) {
		const __m128i *e = (const __m128i *)(const void *)&tab[j];
		m = p256_eqmask(idx, j + 1);
		P256_SEL(a0, 0);
		P256_SEL(a1, 1);
		P256_SEL(a2, 2);
		P256_SEL(a3, 3);
		P256_SEL(a4, 4);
		P256_SEL(a5, 5);
	}
	_mm_storeu_si128((__m128i *)(void *)r, a0);
	_mm_storeu_si128((__m128i *)(void *)r + 1, a1);
	_mm_storeu_si128((__m128i *)(void *)r + 2, a2);
	_mm_storeu_si128((__m128i *)(void *)r + 3, a3);
	_mm_storeu_si128((__m128i *)(void *)r + 4, a4);
	_mm_storeu_si128((__m128i *)(void *)r + 5, a5);
}

/* r = row[idx - 1] of a comb window, or zeros when idx == 0; the whole row read */
static void p256_select_apt(apt *r, const uint64_t (*row)[8], uint32_t idx)
{
	__m128i a0, a1, a2, a3, m;
	uint32_t j;

	a0 = a1 = a2 = a3 = _mm_setzero_si128();
	for (j = 0; j < ECP_COMB_ENTRIES; j++) {
		const __m128i *e = (const __m128i *)(const void *)row[j];
		m = p256_eqmask(idx, j + 1);
		P256_SEL(a0, 0);
		P256_SEL(a1, 1);
		P256_SEL(a2, 2);
		P256_SEL(a3, 3);
	}
	_mm_storeu_si128((__m128i *)(void *)r, a0);
	_mm_storeu_si128((__m128i *)(void *)r + 1, a1);
	_mm_storeu_si128((__m128i *)(void *)r + 2, a2);
	_mm_storeu_si128((__m128i *)(void *)r + 3, a3);
}
#undef P256_SEL

/*
 * k G for k in [1, n-1] (the callers' range), Jacobian: window i (w = 6)
 * adds T = d_i 2^(w i) G, d_i the Booth digit, to acc = s_i G where s_i
 * = sum_{j < i} d_j 2^(w j) = (k mod 2^(w i)) - 2^(w i) bit_(w i - 1)(k),
 * so |s_i| <= 2^(w i - 1). The mixed addition's exceptions:
 *  - acc the identity (s_i = 0: the start, or zero low windows): the
 *    sum is T, taken by a mask; T the identity (d_i = 0): acc is kept.
 *  - acc = +-T with s_i, d_i not 0: s_i -+ d_i 2^(w i) == 0 mod n. For
 *    i <= 41 its magnitude is below 2^(w i - 1) + 2^(w i + w - 1) < n, so
 *    s_i = +-d_i 2^(w i), a non-zero multiple of 2^(w i) above |s_i|: no.
 *    For i = 42 (bits 251..255, k < 2^256) d = t + b (t = bits 252..255,
 *    b = bit 251, d >= 0): s + d 2^252 = k, not 0 mod n; s - d 2^252 =
 *    l - (2b + t) 2^252 (l = k mod 2^252) is in (-n - 2^252, 2^252), so
 *    it is 0 (then l = 0 and d = 0: excluded) or -n, which needs l =
 *    (2b + t) 2^252 - n in [0, 2^252): only 2b + t = 16, where l = 2^256
 *    - n < 2^251 has bit 251 clear, so b = 0 and t = 16 > 15: no.
 */
static void p256_comb_mul(pt *r, const uint8_t *k)
{
	uint32_t kw[ECP_KW];
	unsigned i;
	apt t;
	pt s;

	sc_words(kw, k);
	memset(r, 0, sizeof(*r));
	for (i = 0; i < ECP_COMB_WINDOWS; i++) {
		uint32_t neg, d = sc_booth(kw, i, ECP_COMB_W, &neg);
		ECW az = mp_is_zero(r->z);
		fe ny;

		p256_select_apt(&t, ECP_TABLE[i], d);
		fe_neg(ny, t.y);
		mp_cmov(t.y, ny, mp_mask(neg));
		p256_jmadd(&s, r, &t);
		mp_cmov(s.x, t.x, az);
		mp_cmov(s.y, t.y, az);
		mp_cmov(s.z, FE_ONE, az);
		pt_cmov(r, &s, mp_mask((ECW)((d | (0u - d)) >> 31))); /* d != 0 */
	}
	ember_wipe(kw, sizeof(kw));
	ember_wipe(&t, sizeof(t));
	ember_wipe(&s, sizeof(s));
}

/* x (and y when not NULL) of the Jacobian r, not the identity, as bytes */
static void p256_jac_to_affine(uint8_t *x, uint8_t *y, const pt *r)
{
	fe zi, zi2, t;

	fe_inv(zi, r->z);
	fe_sqr(zi2, zi);
	fe_mul(t, r->x, zi2);
	fe_to_bytes(x, t);
	if (y != NULL) {
		fe_mul(zi, zi, zi2);
		fe_mul(t, r->y, zi);
		fe_to_bytes(y, t);
	}
	ember_wipe(zi, sizeof(zi));
	ember_wipe(zi2, sizeof(zi2));
	ember_wipe(t, sizeof(t));
}

static void p256_base_mul(uint8_t *q, const uint8_t *d)
{
	pt r;

	p256_comb_mul(&r, d);
	p256_jac_to_affine(q, q + ECP_LEN, &r);
	ember_wipe(&r, sizeof(r));
}

/*
 * Signing's two inversions at once: zi = z^-1 (mod p, z != 0) and ki = x^-1
 * R mod n for kr = x R (Montgomery), both as 4-bit fixed windows of the
 * public exponents p - 2 and n - 2, one step of each in turn. Each chain
 * of squarings waits on its products' latency (mod n more: its reduction
 * needs a product per word for q), so the processor runs the two side by
 * side: the field's inversion costs about nothing beside the scalar's,
 * against fe_inv's addition chain (fewer products, but alone) after it.
 * The table reads are by the public exponents' nibbles.
 */
static void p256_inv2(fe zi, const fe z, uint64_t ki[4], const uint64_t kr[4])
{
	static const uint64_t pm2[4] = { P256_P_MINUS_2 };
	fe ftab[16], ft;
	uint64_t stab[16][4], st[4];
	int i, j;

	fe_copy(ftab[1], z);
	memcpy(stab[1], kr, sizeof(stab[1]));
	fe_sqr(ftab[2], z);
	sc_mont_sqr(stab[2], kr);
	for (i = 3; i < 16; i++) {
		fe_mul_pin(ftab[i], ftab[i - 1], z);
		sc_mont_mul(stab[i], stab[i - 1], kr);
	}
	/* both exponents' top nibble is 15 */
	fe_copy(ft, ftab[15]);
	memcpy(st, stab[15], sizeof(st));
	for (i = ECP_BITS / 4 - 2; i >= 0; i--) {
		unsigned fn = (unsigned)(pm2[i / 16] >> (4 * (i % 16))) & 15;
		unsigned sn = (unsigned)(SC_NM2[i / 16] >> (4 * (i % 16))) & 15;

		for (j = 0; j < 4; j++) {
			fe_sqr(ft, ft);
			sc_mont_sqr(st, st);
		}
		if (fn)
			fe_mul_pin(ft, ft, ftab[fn]);
		if (sn)
			sc_mont_mul(st, st, stab[sn]);
	}
	fe_copy(zi, ft);
	memcpy(ki, st, sizeof(st));
	ember_wipe(ftab, sizeof(ftab));
	ember_wipe(stab, sizeof(stab));
	ember_wipe(ft, sizeof(ft));
	ember_wipe(st, sizeof(st));
}

/* ecp_point.h's ecp_sign over p256_comb_mul and p256_inv2 */
static int p256_sign(uint8_t *rb, uint8_t *sb, const uint8_t *kb, const uint8_t *db, const uint8_t *zb)
{
	ECW k[FE_N], kinv[FE_N], r[FE_N], s[FE_N], d[FE_N], z[FE_N], t[FE_N];
	uint8_t xb[ECP_LEN];
	fe zi, x;
	ECW bad;
	pt R;

	p256_comb_mul(&R, kb);
	mp_from_bytes(k, kb);
	sc_mont_mul(t, k, SC_RR); /* k R */
	/* R is never the identity (0 < k < n): Z != 0 */
	p256_inv2(zi, R.z, kinv, t); /* Z^-1, k^-1 R */
	fe_sqr(zi, zi);
	fe_mul(x, R.x, zi); /* X / Z^2 */
	fe_to_bytes(xb, x);
	sc_from_bytes_reduce(r, xb);
	mp_from_bytes(d, db);
	sc_from_bytes_reduce(z, zb);
	sc_mont_mul(t, r, d);      /* r d / R */
	sc_mont_mul(t, t, SC_RR);  /* r d */
	mp_add_mod(t, t, z, SC_N); /* z + r d */
	sc_mont_mul(s, kinv, t);   /* k^-1 (z + r d) */
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
	ember_wipe(zi, sizeof(zi));
	ember_wipe(x, sizeof(x));
	ember_wipe(&R, sizeof(R));
	return bad ? -1 : 0;
}

/*
 * ecp_point.h's ecp_ecdh (the same windows, table and masks; its comment
 * gives the exceptional cases) over p256_jdbl, p256_jadd and the SSE2
 * scan; the table's additions of P (affine) by p256_jmadd.
 */
static int p256_ecdh(uint8_t *x, const uint8_t *p, const uint8_t *d)
{
	pt tab[ECP_ECDH_ENTRIES], acc, t, s, dbl;
	apt p1;
	uint32_t kw[ECP_KW], neg, dig;
	int i, j, ret;
	fe ny, zi;
	ECW zero, h0, r0, az, tz;

	fe_from_bytes(p1.x, p);
	fe_from_bytes(p1.y, p + ECP_LEN);
	fe_copy(tab[0].x, p1.x);
	fe_copy(tab[0].y, p1.y);
	fe_copy(tab[0].z, FE_ONE);
	/* (j + 1) P for j + 1 <= 2^(w-1) < n; the sums jP + P (2 <= j < n - 1) are not exceptional */
	for (j = 1; j < ECP_ECDH_ENTRIES; j++) {
		if (j & 1)
			p256_jdbl(&tab[j], &tab[j / 2]);
		else
			p256_jmadd(&tab[j], &tab[j - 1], &p1);
	}
	sc_words(kw, d);
	i = (ECP_BITS + ECP_ECDH_W) / ECP_ECDH_W - 1;
	dig = sc_booth(kw, (unsigned)i, ECP_ECDH_W, &neg);
	p256_select_pt(&acc, tab, dig);
	fe_neg(ny, acc.y);
	mp_cmov(acc.y, ny, mp_mask(neg));
	for (i--; i >= 0; i--) {
		for (j = 0; j < ECP_ECDH_W; j++)
			p256_jdbl(&acc, &acc);
		dig = sc_booth(kw, (unsigned)i, ECP_ECDH_W, &neg);
		p256_select_pt(&t, tab, dig);
		fe_neg(ny, t.y);
		mp_cmov(t.y, ny, mp_mask(neg));
		az = mp_is_zero(acc.z);
		tz = mp_is_zero(t.z);
		p256_jadd(&s, &acc, &t, &h0, &r0);
		if (i == 0) { /* public: the last window */
			p256_jdbl(&dbl, &acc);
			pt_cmov(&s, &dbl, h0 & r0);
		}
		pt_cmov(&s, &t, az);
		pt_cmov(&s, &acc, tz);
		acc = s;
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
	ember_wipe(&p1, sizeof(p1));
	ember_wipe(&acc, sizeof(acc));
	ember_wipe(&t, sizeof(t));
	ember_wipe(&s, sizeof(s));
	ember_wipe(&dbl, sizeof(dbl));
	ember_wipe(kw, sizeof(kw));
	ember_wipe(ny, sizeof(ny));
	ember_wipe(zi, sizeof(zi));
	return ret;
}

/*
 * ecp_point.h's ecp_decompress over an exponentiation whose products take
 * table entries by fe_mul_pin (p256_x86adx.c: registers for a table
 * index do not fit beside fe_mul's own).
 */
ECP_POW(p256_fe_pow, fe_mul_pin)

static int p256_decompress(uint8_t *yb, const uint8_t *xb, int odd)
{
	fe x, y, rhs, y2;

	if (!fe_from_bytes(x, xb))
		return -1;
	curve_rhs(rhs, x);
	p256_fe_pow(y, rhs, FE_SQRT_EXP);
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

#endif
