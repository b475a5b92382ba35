/*
 * f25519.h - what the Curve25519 backends give x25519.c and ed25519.c (not
 * installed): the operations table an X25519 or Ed25519 descriptor's |ops|
 * points to, the precomputed base-point tables, and the scalar arithmetic
 * modulo the group order L (sc25519.c).
 *
 * A backend (f25519_<impl>.c) is one representation of GF(2^255 - 19):
 * it defines its field element and operations, includes c25519_tmpl.h,
 * which builds the Montgomery ladder and the Edwards-curve arithmetic over
 * them, and fills one ember_c25519_ops with the results. Its X25519 and
 * Ed25519 descriptors both point to that table.
 */
#ifndef EMBER_EC_F25519_H
#define EMBER_EC_F25519_H

#include <stdint.h>

#include "internal.h"
#include "ember/ec.h"

typedef struct ember_c25519_ops {
	/*
	 * x25519: |out| = the u-coordinate of [k] u (RFC 7748, 5), |k| already
	 * clamped, |u| as received (bit 255 ignored, values >= p reduced).
	 * Constant-time in |k| and |u|.
	 */
	void (*x25519)(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
	/* x25519_base: the u-coordinate of [k] (u = 9), |k| clamped; constant-time. */
	void (*x25519_base)(uint8_t out[32], const uint8_t k[32]);
	/* ed25519_base: the encoding of [a] B, a < 2^255 (little-endian); constant-time. */
	void (*ed25519_base)(uint8_t out[32], const uint8_t a[32]);
	/*
	 * ed25519_check: 0 when |a| encodes a point (y < p, on the curve, not
	 * "-0") whose order is not small; -1 when it encodes no point, -2 when
	 * the point has small order. Variable time (public).
	 */
	int (*ed25519_check)(const uint8_t a[32]);
	/*
	 * ed25519_verify: the encoding of [s] B - [k] A into |r|, with A decoded
	 * as by ed25519_check: -1 (and |r| untouched) when that refuses A.
	 * s, k < 2^253. Variable time (public inputs only).
	 */
	int (*ed25519_verify)(uint8_t r[32], const uint8_t a[32], const uint8_t k[32], const uint8_t s[32]);
} ember_c25519_ops;

/* The ops table of Curve25519 backend |d| (an "x25519" or "ed25519" descriptor). */
static inline const ember_c25519_ops *ember_c25519_ops_of(const ember_ec_desc *d)
{
	return (const ember_c25519_ops *)d->ops;
}

/* scripts/gen-ed25519-tables.py: affine (y + x, y - x, 2dxy), eight 32-bit words each */
extern EMBER_HIDDEN const uint32_t ember_ed25519_comb[32][8][24];
extern EMBER_HIDDEN const uint32_t ember_ed25519_odd[64][24];

/* ---- scalars modulo L = 2^252 + 27742317777372353535851937790883648493 (sc25519.c) ---- */

/* out = x mod L, x a 512-bit little-endian number (a SHA-512 output). Constant-time. */
void ember_sc25519_reduce(uint8_t out[32], const uint8_t x[64]);
/* out = (a * b + c) mod L, each input below 2^256, little-endian. Constant-time. */
void ember_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32]);
/* 1 when s < L (a canonical scalar), else 0. Variable time: for public S. */
int ember_sc25519_is_canonical(const uint8_t s[32]);

#endif
