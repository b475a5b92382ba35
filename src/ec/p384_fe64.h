/*
 * p384_fe64.h - GF(p) of P-384 on six 64-bit limbs (not installed), for
 * the backends with the 128-bit product: p384_ref.c, and p384_x86adx.c
 * (which defines its own product and square first, with
 * P384_FE64_HAVE_MUL).
 *
 * Montgomery form with R = 2^384, every element fully reduced.
 * -p^-1 mod 2^64 is 2^32 + 1, so each reduction step's multiple of p
 * is q = t (2^32 + 1) mod 2^64, and q p = q 2^384 - q (2^128 + 2^96 -
 * 2^32 + 1): its three top words are q shifted, with no product.
 */
#ifndef EMBER_P384_FE64_H
#define EMBER_P384_FE64_H

typedef unsigned __int128 u128;
#define ECW uint64_t
#define ECDW u128
#define ECW_BITS 64
#define FE_N 6
#define ECP_LEN 48
#define ECP_BITS 384
#include "ec/ecp_mont.h"
#include "ec/p384_const.h"

#define L64(x) x
typedef uint64_t fe[6];

static const uint64_t FE_P[6] = { P384_P };
static const uint64_t FE_B[6] = { P384_B_MONT };
static const uint64_t FE_ONE[6] = { P384_ONE_MONT };
static const uint64_t FE_RR[6] = { P384_RR_P };
static const uint64_t FE_SQRT_EXP[6] = { P384_SQRT_EXP };
static const uint64_t SC_N[6] = { P384_N };
static const uint64_t SC_RR[6] = { P384_RR_N };
static const uint64_t SC_NM2[6] = { P384_N_MINUS_2 };
static const uint64_t SC_PMN[6] = { P384_P_MINUS_N };
#define SC_N0INV P384_N0INV64

#ifndef P384_FE64_HAVE_MUL
static inline void fe_mul(fe r, const fe a, const fe b)
{
	mp_mont_mul(r, a, b, FE_P, P384_P0INV64);
}

static inline void fe_sqr(fe r, const fe a)
{
	mp_mont_mul(r, a, a, FE_P, P384_P0INV64);
}
#endif

static inline void fe_add(fe r, const fe a, const fe b)
{
	mp_add_mod(r, a, b, FE_P);
}

static inline void fe_sub(fe r, const fe a, const fe b)
{
	mp_sub_mod(r, a, b, FE_P);
}

#define ECP_WORD64(r, w, i) ((r)[i] = (w))
#define ECP_TABLE ember_p384_base_table
#define ECP_COMB_W P384_COMB_W
#define ECP_COMB_WINDOWS P384_COMB_WINDOWS
#define ECP_ECDH_W 5

#endif
