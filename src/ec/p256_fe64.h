/*
 * p256_fe64.h - GF(p) of P-256 on four 64-bit limbs (not installed),
 * for the backends with the 128-bit product: p256_ref.c (all of it) and
 * p256_x86adx.c (all but the product and square, which it defines first
 * with P256_FE64_HAVE_MUL).
 *
 * Montgomery form with R = 2^256, every element fully reduced. The
 * reduction uses p's shape: -p^-1 mod 2^64 = 1, so the multiple of p
 * added at each step is the low word t itself, and t p = t 2^256 -
 * t 2^224 + t 2^192 + t 2^96 - t: its low word cancels t, its word 2 is
 * zero, and words 1 and 3 are the products by 2^32 - 1 and 2^64 - 2^32 + 1
 * (measured against Solinas' reduction of the 512-bit product,
 * FIPS 186-5 / SP 800-186 G.1.2: see docs/BENCHMARKS.md).
 */
#ifndef EMBER_P256_FE64_H
#define EMBER_P256_FE64_H

typedef unsigned __int128 u128;
#define ECW uint64_t
#define ECDW u128
#define ECW_BITS 64
#define FE_N 4
#define ECP_LEN 32
#define ECP_BITS 256
#include "ec/ecp_mont.h"
#include "ec/p256_const.h"

#define L64(x) x
typedef uint64_t fe[4];

static const uint64_t FE_P[4] = { P256_P };
static const uint64_t FE_B[4] = { P256_B_MONT };
static const uint64_t FE_ONE[4] = { P256_ONE_MONT };
static const uint64_t FE_RR[4] = { P256_RR_P };
static const uint64_t FE_SQRT_EXP[4] = { P256_SQRT_EXP };
static const uint64_t SC_N[4] = { P256_N };
static const uint64_t SC_RR[4] = { P256_RR_N };
static const uint64_t SC_NM2[4] = { P256_N_MINUS_2 };
static const uint64_t SC_PMN[4] = { P256_P_MINUS_N };
#define SC_N0INV P256_N0INV64

/* r = (t[4..7] + top 2^256) mod p for a value below 2p */
static inline void p256_final(uint64_t r[4], const uint64_t t[4], uint64_t top)
{
	uint64_t s[4], borrow, mask;
	u128 d;

	d = (u128)t[0] - 0xffffffffffffffffull;
	s[0] = (uint64_t)d;
	d = (u128)t[1] - 0x00000000ffffffffull - ((uint64_t)(d >> 64) & 1);
	s[1] = (uint64_t)d;
	d = (u128)t[2] - ((uint64_t)(d >> 64) & 1);
	s[2] = (uint64_t)d;
	d = (u128)t[3] - 0xffffffff00000001ull - ((uint64_t)(d >> 64) & 1);
	s[3] = (uint64_t)d;
	borrow = (uint64_t)(d >> 64) & 1;
	/* keep t when t + top 2^256 < p: a borrow and no top */
	mask = 0 - (borrow & (top ^ 1));
	r[0] = s[0] ^ (mask & (s[0] ^ t[0]));
	r[1] = s[1] ^ (mask & (s[1] ^ t[1]));
	r[2] = s[2] ^ (mask & (s[2] ^ t[2]));
	r[3] = s[3] ^ (mask & (s[3] ^ t[3]));
}

/* r = t / 2^256 mod p for t (eight words) below p 2^256 */
static inline void p256_redc(uint64_t r[4], uint64_t t[8])
{
	uint64_t top = 0;
	int i;

	for (i = 0; i < 4; i++) {
		uint64_t m = t[i];
		u128 c;

		/* t[i] + m (2^64 - 1) = m 2^64: the low word goes, m carries */
		c = (u128)m * 0xffffffffu + t[i + 1] + m;
		t[i + 1] = (uint64_t)c;
		c = (c >> 64) + t[i + 2];
		t[i + 2] = (uint64_t)c;
		c = (c >> 64) + (u128)m * 0xffffffff00000001ull + t[i + 3];
		t[i + 3] = (uint64_t)c;
		c = (c >> 64) + t[i + 4] + top;
		t[i + 4] = (uint64_t)c;
		top = (uint64_t)(c >> 64);
	}
	p256_final(r, t + 4, top);
}

#ifndef P256_FE64_HAVE_MUL
static inline void fe_mul(fe r, const fe a, const fe b)
{
	uint64_t t[8];
	u128 c;
	int i, j;

	for (i = 0; i < 4; i++) {
		uint64_t carry = 0;
		for (j = 0; j < 4; j++) {
			c = (u128)a[j] * b[i] + (i ? t[i + j] : 0) + carry;
			t[i + j] = (uint64_t)c;
			carry = (uint64_t)(c >> 64);
		}
		t[i + 4] = carry;
	}
	p256_redc(r, t);
}

static inline void fe_sqr(fe r, const fe a)
{
	uint64_t t[8], carry;
	u128 c;

	/* the cross products once, doubled, then the squares */
	c = (u128)a[0] * a[1];
	t[1] = (uint64_t)c;
	c = (c >> 64) + (u128)a[0] * a[2];
	t[2] = (uint64_t)c;
	c = (c >> 64) + (u128)a[0] * a[3];
	t[3] = (uint64_t)c;
	t[4] = (uint64_t)(c >> 64);
	c = (u128)a[1] * a[2] + t[3];
	t[3] = (uint64_t)c;
	c = (c >> 64) + (u128)a[1] * a[3] + t[4];
	t[4] = (uint64_t)c;
	t[5] = (uint64_t)(c >> 64);
	c = (u128)a[2] * a[3] + t[5];
	t[5] = (uint64_t)c;
	t[6] = (uint64_t)(c >> 64);
	t[7] = t[6] >> 63;
	t[6] = (t[6] << 1) | (t[5] >> 63);
	t[5] = (t[5] << 1) | (t[4] >> 63);
	t[4] = (t[4] << 1) | (t[3] >> 63);
	t[3] = (t[3] << 1) | (t[2] >> 63);
	t[2] = (t[2] << 1) | (t[1] >> 63);
	t[1] <<= 1;
	c = (u128)a[0] * a[0];
	t[0] = (uint64_t)c;
	carry = (uint64_t)(c >> 64);
	c = (u128)t[1] + carry;
	t[1] = (uint64_t)c;
	c = (c >> 64) + (u128)a[1] * a[1] + t[2];
	t[2] = (uint64_t)c;
	c = (c >> 64) + t[3];
	t[3] = (uint64_t)c;
	c = (c >> 64) + (u128)a[2] * a[2] + t[4];
	t[4] = (uint64_t)c;
	c = (c >> 64) + t[5];
	t[5] = (uint64_t)c;
	c = (c >> 64) + (u128)a[3] * a[3] + t[6];
	t[6] = (uint64_t)c;
	t[7] += (uint64_t)(c >> 64);
	p256_redc(r, t);
}
#endif

static inline void fe_add(fe r, const fe a, const fe b)
{
	uint64_t t[4];
	u128 c;

	c = (u128)a[0] + b[0];
	t[0] = (uint64_t)c;
	c = (c >> 64) + a[1] + b[1];
	t[1] = (uint64_t)c;
	c = (c >> 64) + a[2] + b[2];
	t[2] = (uint64_t)c;
	c = (c >> 64) + a[3] + b[3];
	t[3] = (uint64_t)c;
	p256_final(r, t, (uint64_t)(c >> 64));
}

static inline void fe_sub(fe r, const fe a, const fe b)
{
	uint64_t t[4], mask;
	u128 d;

	d = (u128)a[0] - b[0];
	t[0] = (uint64_t)d;
	d = (u128)a[1] - b[1] - ((uint64_t)(d >> 64) & 1);
	t[1] = (uint64_t)d;
	d = (u128)a[2] - b[2] - ((uint64_t)(d >> 64) & 1);
	t[2] = (uint64_t)d;
	d = (u128)a[3] - b[3] - ((uint64_t)(d >> 64) & 1);
	t[3] = (uint64_t)d;
	/* a borrow: add p back */
	mask = 0 - ((uint64_t)(d >> 64) & 1);
	d = (u128)t[0] + mask;
	r[0] = (uint64_t)d;
	d = (d >> 64) + t[1] + (mask >> 32);
	r[1] = (uint64_t)d;
	d = (d >> 64) + t[2];
	r[2] = (uint64_t)d;
	r[3] = t[3] + (uint64_t)(d >> 64) + (mask & 0xffffffff00000001ull);
}

#define ECP_WORD64(r, w, i) ((r)[i] = (w))
#define ECP_TABLE ember_p256_base_table
#define ECP_COMB_W P256_COMB_W
#define ECP_COMB_WINDOWS P256_COMB_WINDOWS
#define ECP_ECDH_W 5

#endif
