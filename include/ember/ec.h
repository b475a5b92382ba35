/*
 * ec.h - elliptic-curve backends, the registry's view: X25519, Ed25519,
 * P-256, P-384 (their own headers, x25519.h, ed25519.h, ecc.h, hold the
 * calls users make).
 *
 * A backend is one implementation of one curve's arithmetic (field and
 * scalar multiplication): portable 64-bit limbs, 32-bit limbs, MULX/ADX,
 * AVX-512 IFMA, NEON ... Each is an ember_ec_desc listed in
 * src/registry_list.h, and the registry decides the default per CPU as for
 * every other family; `ember speed -impl` and the tests name each one.
 * |ops| points to the curve's own operations table (a type private to the
 * curve's files), so that one descriptor type serves every curve.
 */
#ifndef EMBER_EC_H
#define EMBER_EC_H

#include <stddef.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ember_ec_desc {
	const char *name;     /* "x25519", "ed25519", "p256", "p384" */
	const char *impl;     /* "ref", "ref32", "x86adx", "avx512ifma", "neon" ... */
	unsigned flags;       /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int (*supported)(void);
	const void *ops;      /* the curve's operations (private type) */
} ember_ec_desc;

/* ember_ec_count and ember_ec_at enumerate every registered backend, in preference order. */
size_t ember_ec_count(void);
const ember_ec_desc *ember_ec_at(size_t i);
int ember_ec_supported(const ember_ec_desc *d);
/* Backend |impl| of curve |name|, or (impl NULL) the default for this CPU; NULL when none. */
const ember_ec_desc *ember_ec_find(const char *name, const char *impl);

#ifdef __cplusplus
}
#endif

#endif
