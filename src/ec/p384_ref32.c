/*
 * p384_ref32.c - P-384 on twelve 32-bit limbs, 32x32->64 products: the
 * backend for 32-bit cores (MIPS32, ARMv7, PowerPC, i686), and correct
 * (only slower than p384_ref.c) everywhere. Constant-time (see
 * ecp_point.h). Montgomery form with R = 2^384 (the numbers of the 64-bit
 * backends: they share the fixed-base table), CIOS products (ecp_mont.h).
 */
#include "ec/ecp_impl.h"

#define ECW uint32_t
#define ECDW uint64_t
#define ECW_BITS 32
#define FE_N 12
#define ECP_LEN 48
#define ECP_BITS 384
#include "ec/ecp_mont.h"
#include "ec/p384_const.h"

#define L64(x) (uint32_t)(x), (uint32_t)((x) >> 32)
typedef uint32_t fe[12];

static const uint32_t FE_P[12] = { P384_P };
static const uint32_t FE_B[12] = { P384_B_MONT };
static const uint32_t FE_ONE[12] = { P384_ONE_MONT };
static const uint32_t FE_RR[12] = { P384_RR_P };
static const uint32_t FE_SQRT_EXP[12] = { P384_SQRT_EXP };
static const uint32_t SC_N[12] = { P384_N };
static const uint32_t SC_RR[12] = { P384_RR_N };
static const uint32_t SC_NM2[12] = { P384_N_MINUS_2 };
static const uint32_t SC_PMN[12] = { P384_P_MINUS_N };
#define SC_N0INV P384_N0INV32

static void fe_mul(fe r, const fe a, const fe b)
{
	mp_mont_mul(r, a, b, FE_P, P384_P0INV32);
}

static void fe_sqr(fe r, const fe a)
{
	mp_mont_mul(r, a, a, FE_P, P384_P0INV32);
}

static inline void fe_add(fe r, const fe a, const fe b)
{
	mp_add_mod(r, a, b, FE_P);
}

static inline void fe_sub(fe r, const fe a, const fe b)
{
	mp_sub_mod(r, a, b, FE_P);
}

#define ECP_WORD64(r, w, i) ((r)[2 * (i)] = (uint32_t)(w), (r)[2 * (i) + 1] = (uint32_t)((w) >> 32))
#define ECP_TABLE ember_p384_base_table
#define ECP_COMB_W P384_COMB_W
#define ECP_COMB_WINDOWS P384_COMB_WINDOWS
#define ECP_ECDH_W 5
#include "ec/ecp_point.h"

static const ecp_ops ops = ECP_OPS;

const ember_ec_desc ember_p384_ref32_desc = { "p384", "ref32", EMBER_IMPL_CT, NULL, &ops };
