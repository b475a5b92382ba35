/*
 * p256_ref32.c - P-256 on eight 32-bit limbs, 32x32->64 products:
 * the backend for 32-bit cores (MIPS32, ARMv7, PowerPC, i686), and
 * correct (only slower than p256_ref.c) everywhere. Constant-time (see
 * ecp_point.h).
 *
 * Montgomery form with R = 2^256 (the same numbers as the 64-bit
 * backends: they share the fixed-base table). -p^-1 mod 2^32 = 1, so each
 * of the eight reduction steps adds q p for q the low word, and in 32-bit
 * words p = 2^256 - 2^224 + 2^192 + 2^96 - 1 makes that additions only:
 * with the word shift, the low three words move down unchanged, q is
 * added at words 3 and 6 and at 8, and subtracted at 7. No product in
 * the reduction: on MIPS32 a multu costs several cycles and moves through
 * hi/lo.
 */
#include "ec/ecp_impl.h"

#define ECW uint32_t
#define ECDW uint64_t
#define ECW_BITS 32
#define FE_N 8
#define ECP_LEN 32
#define ECP_BITS 256
#include "ec/ecp_mont.h"
#include "ec/p256_const.h"

#define L64(x) (uint32_t)(x), (uint32_t)((x) >> 32)
typedef uint32_t fe[8];

static const uint32_t FE_P[8] = { P256_P };
static const uint32_t FE_B[8] = { P256_B_MONT };
static const uint32_t FE_ONE[8] = { P256_ONE_MONT };
static const uint32_t FE_RR[8] = { P256_RR_P };
static const uint32_t FE_SQRT_EXP[8] = { P256_SQRT_EXP };
static const uint32_t SC_N[8] = { P256_N };
static const uint32_t SC_RR[8] = { P256_RR_N };
static const uint32_t SC_NM2[8] = { P256_N_MINUS_2 };
static const uint32_t SC_PMN[8] = { P256_P_MINUS_N };
#define SC_N0INV P256_N0INV32

/*
 * One reduction step on t[0..8] (t[9]: the carry word): t = (t + q p) / 2^32
 * with q = t[0]. In words: t[0] + q (2^32 - 1) = q 2^32 carries q into
 * word 1, and so on through word 2 (p's words 1, 2 are 2^32 - 1 too): the
 * net is words 1, 2 unchanged, q added at 3, 6 and 8, subtracted at 7
 * (written as 2^32 - q there and the borrow taken back at 8).
 */
static inline void redc_step(uint32_t t[10])
{
	uint32_t q = t[0];
	uint64_t c;

	t[0] = t[1];
	t[1] = t[2];
	c = (uint64_t)t[3] + q;
	t[2] = (uint32_t)c;
	c = (c >> 32) + t[4];
	t[3] = (uint32_t)c;
	c = (c >> 32) + t[5];
	t[4] = (uint32_t)c;
	c = (c >> 32) + t[6] + q;
	t[5] = (uint32_t)c;
	c = (c >> 32) + t[7] + (0x100000000ull - q);
	t[6] = (uint32_t)c;
	c = (c >> 32) + t[8] + q - 1;
	t[7] = (uint32_t)c;
	t[8] = t[9] + (uint32_t)(c >> 32);
	t[9] = 0;
}

/* r = t[0..7] + t[8] 2^256 - p when that is not negative (t below 2p) */
static inline void final_sub(fe r, const uint32_t t[10])
{
	mp_final_sub(r, t, t[8], FE_P);
}

static void fe_mul(fe r, const fe a, const fe b)
{
	uint32_t t[10];
	int i, j;

	memset(t, 0, sizeof(t));
	for (i = 0; i < 8; i++) {
		uint64_t c = 0;
		for (j = 0; j < 8; j++) {
			c = (uint64_t)a[j] * b[i] + t[j] + (c >> 32);
			t[j] = (uint32_t)c;
		}
		c = (uint64_t)t[8] + (c >> 32);
		t[8] = (uint32_t)c;
		t[9] = (uint32_t)(c >> 32);
		redc_step(t);
	}
	final_sub(r, t);
}

static void fe_sqr(fe r, const fe a)
{
	fe_mul(r, a, a);
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
#define ECP_TABLE ember_p256_base_table
#define ECP_COMB_W P256_COMB_W
#define ECP_COMB_WINDOWS P256_COMB_WINDOWS
#define ECP_ECDH_W 5
#include "ec/ecp_point.h"

static const ecp_ops ops = ECP_OPS;

const ember_ec_desc ember_p256_ref32_desc = { "p256", "ref32", EMBER_IMPL_CT, NULL, &ops };
