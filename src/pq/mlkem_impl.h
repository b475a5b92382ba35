/*
 * mlkem_impl.h - what an ML-KEM implementation gives mlkem.c (not
 * installed): K-PKE's three algorithms (FIPS 203, 5) on bytes, so mlkem.c
 * (the API, the input checks, G, H, J and the implicit rejection) never
 * sees a polynomial. Each implementation file (mlkem_ref.c portable,
 * mlkem_avx2.c) writes its polynomial arithmetic and includes
 * mlkem_pke.h, which builds K-PKE over it; its descriptor's ops points to
 * its mlkem_ops.
 */
#ifndef EMBER_MLKEM_IMPL_H
#define EMBER_MLKEM_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/mlkem.h"

#define MLKEM_Q 3329
#define MLKEM_N 256
#define MLKEM_MAXK 4
#define MLKEM_POLY_BYTES 384 /* ByteEncode12 of one polynomial */

typedef struct {
	int set;
	unsigned k, eta1, du, dv; /* eta2 is 2 in every set */
	size_t ek_len, dk_len, ct_len;
} mlkem_params;

typedef struct mlkem_ops {
	/* Algorithm 13: ek (384 k + 32 bytes) and dk_PKE (384 k) from d */
	void (*keygen)(const mlkem_params *p, uint8_t *ek, uint8_t *dk_pke, const uint8_t d[32]);
	/*
	 * Algorithm 14: c (ct_len bytes) from ek, m and the randomness r,
	 * written to |ct|; or, |ct| NULL, compared with |cmp|: 0 when equal.
	 */
	uint32_t (*encrypt)(const mlkem_params *p, uint8_t *ct, const uint8_t *cmp, const uint8_t *ek,
	    const uint8_t m[32], const uint8_t r[32]);
	/* Algorithm 15: m from dk_PKE and c */
	void (*decrypt)(const mlkem_params *p, uint8_t m[32], const uint8_t *dk_pke, const uint8_t *ct);
} mlkem_ops;

#endif
