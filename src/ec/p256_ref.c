/*
 * p256_ref.c - P-256 on four 64-bit limbs with the compiler's 128-bit
 * product (p256_fe64.h), portable C: the backend for 64-bit cores
 * (x86-64 without MULX/ADX, AArch64, RISC-V 64). Constant-time (see
 * ecp_point.h). Where the compiler has no 128-bit product it is never
 * supported, and p256_ref32.c serves.
 */
#include "ec/ecp_impl.h"

#if defined(__SIZEOF_INT128__)
#include "ec/p256_fe64.h"
#include "ec/ecp_point.h"

static const ecp_ops ops = ECP_OPS;

const ember_ec_desc ember_p256_ref_desc = { "p256", "ref", EMBER_IMPL_CT, NULL, &ops };

#else
static int never(void)
{
	return 0;
}

const ember_ec_desc ember_p256_ref_desc = { "p256", "ref", EMBER_IMPL_CT, never, NULL };
#endif
