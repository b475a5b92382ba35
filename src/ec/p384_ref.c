/*
 * p384_ref.c - P-384 on six 64-bit limbs with the compiler's 128-bit
 * product (p384_fe64.h), portable C: the backend for 64-bit cores.
 * Constant-time (see ecp_point.h). Where the compiler has no 128-bit
 * product it is never supported, and p384_ref32.c serves.
 */
#include "ec/ecp_impl.h"

#if defined(__SIZEOF_INT128__)
#include "ec/p384_fe64.h"
#include "ec/ecp_point.h"

static const ecp_ops ops = ECP_OPS;

const ember_ec_desc ember_p384_ref_desc = { "p384", "ref", EMBER_IMPL_CT, NULL, &ops };

#else
static int never(void)
{
	return 0;
}

const ember_ec_desc ember_p384_ref_desc = { "p384", "ref", EMBER_IMPL_CT, never, NULL };
#endif
