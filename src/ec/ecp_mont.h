/*
 * ecp_mont.h - multi-word arithmetic of the P-256 and P-384 backends
 * (not installed): numbers of FE_N words of type ECW, little-endian
 * words, modular addition and subtraction, Montgomery multiplication
 * (CIOS) for any odd modulus, and constant-time masks. Included by each
 * backend after it defines:
 *
 *   ECW, ECDW, ECW_BITS   the word, a type twice as wide, its bits
 *                         (uint64_t with unsigned __int128, or uint32_t
 *                         with uint64_t)
 *   FE_N                  words of p and n (ECP_BITS / ECW_BITS)
 *
 * Every function is constant-time: no branch or index depends on the
 * values, only on FE_N.
 */
#ifndef EMBER_ECP_MONT_H
#define EMBER_ECP_MONT_H

#include "ec/ecp_impl.h"

/* all ones when bit (0 or 1) is 1 */
static inline ECW mp_mask(ECW bit)
{
	return (ECW)0 - bit;
}

/* all ones when a == 0 */
static inline ECW mp_is_zero(const ECW *a)
{
	ECW x = 0;
	int i;

	for (i = 0; i < FE_N; i++)
		x |= a[i];
	return mp_mask(((x | ((ECW)0 - x)) >> (ECW_BITS - 1)) ^ 1);
}

/* all ones when a == b */
static inline ECW mp_eq(const ECW *a, const ECW *b)
{
	ECW x = 0;
	int i;

	for (i = 0; i < FE_N; i++)
		x |= a[i] ^ b[i];
	return mp_mask(((x | ((ECW)0 - x)) >> (ECW_BITS - 1)) ^ 1);
}

/* r = a where mask is all ones, unchanged where it is 0 */
static inline void mp_cmov(ECW *r, const ECW *a, ECW mask)
{
	int i;

	for (i = 0; i < FE_N; i++)
		r[i] ^= mask & (r[i] ^ a[i]);
}

/* r = a - b; returns the borrow (0 or 1) */
static inline ECW mp_sub(ECW *r, const ECW *a, const ECW *b)
{
	ECW borrow = 0;
	int i;

	for (i = 0; i < FE_N; i++) {
		ECDW d = (ECDW)a[i] - b[i] - borrow;
		r[i] = (ECW)d;
		borrow = (ECW)(d >> ECW_BITS) & 1;
	}
	return borrow;
}

/* r = a + b; returns the carry */
static inline ECW mp_add(ECW *r, const ECW *a, const ECW *b)
{
	ECW carry = 0;
	int i;

	for (i = 0; i < FE_N; i++) {
		ECDW s = (ECDW)a[i] + b[i] + carry;
		r[i] = (ECW)s;
		carry = (ECW)(s >> ECW_BITS);
	}
	return carry;
}

/* all ones when a < b */
static inline ECW mp_lt(const ECW *a, const ECW *b)
{
	ECW t[FE_N];

	return mp_mask(mp_sub(t, a, b));
}

/* r = (a + hi 2^(FE_N ECW_BITS)) mod m, for a value below 2m */
static inline void mp_final_sub(ECW *r, const ECW *a, ECW hi, const ECW *m)
{
	ECW t[FE_N];
	ECW borrow = mp_sub(t, a, m);

	/* keep a when the subtraction went below zero: borrow and no hi word */
	mp_cmov(t, a, mp_mask(borrow & (hi ^ 1)));
	memcpy(r, t, sizeof(t));
}

/* r = a + b mod m (a, b < m) */
static inline void mp_add_mod(ECW *r, const ECW *a, const ECW *b, const ECW *m)
{
	ECW t[FE_N];
	ECW carry = mp_add(t, a, b);

	mp_final_sub(r, t, carry, m);
}

/* r = a - b mod m (a, b < m) */
static inline void mp_sub_mod(ECW *r, const ECW *a, const ECW *b, const ECW *m)
{
	ECW t[FE_N], madd[FE_N];
	ECW mask = mp_mask(mp_sub(t, a, b));
	int i;

	for (i = 0; i < FE_N; i++)
		madd[i] = m[i] & mask;
	mp_add(r, t, madd);
}

/*
 * r = a b / 2^(FE_N ECW_BITS) mod m (Montgomery's product, CIOS: one row
 * of a b[i], then one of q m with q making the low word zero), for
 * a, b < m and m odd with m0inv = -m^-1 mod 2^ECW_BITS. r < m.
 */
static inline void mp_mont_mul(ECW *r, const ECW *a, const ECW *b, const ECW *m, ECW m0inv)
{
	ECW t[FE_N + 2];
	int i, j;

	memset(t, 0, sizeof(t));
	for (i = 0; i < FE_N; i++) {
		ECDW c = 0;
		ECW q;

		for (j = 0; j < FE_N; j++) {
			c = (ECDW)a[j] * b[i] + t[j] + (c >> ECW_BITS);
			t[j] = (ECW)c;
		}
		c = (ECDW)t[FE_N] + (c >> ECW_BITS);
		t[FE_N] = (ECW)c;
		t[FE_N + 1] = (ECW)(c >> ECW_BITS);
		q = t[0] * m0inv;
		c = (ECDW)q * m[0] + t[0];
		for (j = 1; j < FE_N; j++) {
			c = (ECDW)q * m[j] + t[j] + (c >> ECW_BITS);
			t[j - 1] = (ECW)c;
		}
		c = (ECDW)t[FE_N] + (c >> ECW_BITS);
		t[FE_N - 1] = (ECW)c;
		t[FE_N] = t[FE_N + 1] + (ECW)(c >> ECW_BITS);
	}
	mp_final_sub(r, t, t[FE_N], m);
}

/* big-endian bytes (FE_N * ECW_BITS / 8 of them) to words and back */
static inline void mp_from_bytes(ECW *r, const uint8_t *in)
{
	const int nb = ECW_BITS / 8;
	int i, k;

	for (i = 0; i < FE_N; i++) {
		ECW w = 0;
		const uint8_t *p = in + (FE_N - 1 - i) * nb;
		for (k = 0; k < nb; k++)
			w = (w << 8) | p[k];
		r[i] = w;
	}
}

static inline void mp_to_bytes(uint8_t *out, const ECW *a)
{
	const int nb = ECW_BITS / 8;
	int i, k;

	for (i = 0; i < FE_N; i++) {
		ECW w = a[i];
		uint8_t *p = out + (FE_N - 1 - i) * nb;
		for (k = nb - 1; k >= 0; k--) {
			p[k] = (uint8_t)w;
			w >>= 8;
		}
	}
}

#endif
