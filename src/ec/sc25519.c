/*
 * sc25519.c - integers modulo the order of Ed25519's base point,
 * L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032, 5.1):
 * the reduction of a SHA-512 output and S = r + k a mod L of signing.
 *
 * Barrett reduction (Menezes, van Oorschot, Vanstone, Handbook of Applied
 * Cryptography, algorithm 14.42) in 32-bit words, so that every target
 * runs the same code: k = 8 words, mu = floor(2^512 / L) (nine words);
 * the estimate is at most two below the quotient, and the two correcting
 * subtractions are masked, not branched.
 *
 * Constant-time: fixed loops, products and masks (r and a are secrets);
 * only ember_sc25519_is_canonical, for the public S of a signature,
 * returns early.
 */
#include "ec/f25519.h"

static const uint32_t sc_l[8] = { 0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de, 0x00000000, 0x00000000,
	0x00000000, 0x10000000 };
static const uint32_t sc_mu[9] = { 0x0a2c131b, 0xed9ce5a3, 0x086329a7, 0x2106215d, 0xffffffeb, 0xffffffff,
	0xffffffff, 0xffffffff, 0x0000000f };

/* r[0..8] -= L when r >= L (nine words, the top one small), without a branch. */
static void sc_csub(uint32_t r[9])
{
	uint32_t t[9], borrow = 0, m;
	int i;

	for (i = 0; i < 9; i++) {
		uint64_t d = (uint64_t)r[i] - (i < 8 ? sc_l[i] : 0) - borrow;
		t[i] = (uint32_t)d;
		borrow = (uint32_t)(d >> 32) & 1;
	}
	m = borrow - 1; /* all ones when no borrow: r >= L, keep t */
	for (i = 0; i < 9; i++)
		r[i] = (t[i] & m) | (r[i] & ~m);
}

/* out = x mod L for x of 16 words (HAC 14.42, b = 2^32, k = 8) */
static void sc_barrett(uint8_t out[32], const uint32_t x[16])
{
	uint32_t q[18], r[9], borrow;
	uint64_t acc;
	int i, j;

	/* q2 = floor(x / b^7) * mu; only its words 9 .. 17 (q3) are used */
	for (i = 0; i < 18; i++)
		q[i] = 0;
	for (i = 0; i < 9; i++) {
		uint32_t carry = 0;
		for (j = 0; j < 9; j++) {
			acc = (uint64_t)x[7 + i] * sc_mu[j] + q[i + j] + carry;
			q[i + j] = (uint32_t)acc;
			carry = (uint32_t)(acc >> 32);
		}
		q[i + 9] = carry;
	}
	/* r = (x - q3 * L) mod b^9 */
	for (i = 0; i < 9; i++)
		r[i] = 0;
	for (i = 0; i < 9; i++) {
		uint32_t carry = 0;
		for (j = 0; i + j < 9; j++) { /* the carry out of word 8 is dropped: mod b^9 */
			acc = (uint64_t)q[9 + i] * (j < 8 ? sc_l[j] : 0) + r[i + j] + carry;
			r[i + j] = (uint32_t)acc;
			carry = (uint32_t)(acc >> 32);
		}
	}
	borrow = 0;
	for (i = 0; i < 9; i++) {
		uint64_t d = (uint64_t)x[i] - r[i] - borrow;
		r[i] = (uint32_t)d;
		borrow = (uint32_t)(d >> 32) & 1;
	}
	sc_csub(r);
	sc_csub(r);
	for (i = 0; i < 8; i++)
		ember_st32le(out + 4 * i, r[i]);
	ember_wipe(q, sizeof(q));
	ember_wipe(r, sizeof(r));
	ember_wipe(&acc, sizeof(acc));
}

void ember_sc25519_reduce(uint8_t out[32], const uint8_t x[64])
{
	uint32_t w[16];
	int i;

	for (i = 0; i < 16; i++)
		w[i] = ember_ld32le(x + 4 * i);
	sc_barrett(out, w);
	ember_wipe(w, sizeof(w));
}

void ember_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32])
{
	uint32_t aw[8], bw[8], x[16];
	uint64_t acc;
	int i, j;

	for (i = 0; i < 8; i++) {
		aw[i] = ember_ld32le(a + 4 * i);
		bw[i] = ember_ld32le(b + 4 * i);
		x[i] = ember_ld32le(c + 4 * i);
		x[i + 8] = 0;
	}
	/* x = c + a * b < 2^512 */
	for (i = 0; i < 8; i++) {
		uint32_t carry = 0;
		for (j = 0; j < 8; j++) {
			acc = (uint64_t)aw[i] * bw[j] + x[i + j] + carry;
			x[i + j] = (uint32_t)acc;
			carry = (uint32_t)(acc >> 32);
		}
		for (j = i + 8; j < 16; j++) {
			acc = (uint64_t)x[j] + carry;
			x[j] = (uint32_t)acc;
			carry = (uint32_t)(acc >> 32);
		}
	}
	sc_barrett(out, x);
	ember_wipe(aw, sizeof(aw));
	ember_wipe(bw, sizeof(bw));
	ember_wipe(x, sizeof(x));
	ember_wipe(&acc, sizeof(acc));
}

int ember_sc25519_is_canonical(const uint8_t s[32])
{
	int i;

	for (i = 7; i >= 0; i--) {
		uint32_t w = ember_ld32le(s + 4 * i);
		if (w != sc_l[i])
			return w < sc_l[i];
	}
	return 0; /* s == L */
}
