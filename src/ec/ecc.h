/*
 * ecc.h - ecc.c's helpers for ecdsa.c and ecdh.c (not installed).
 */
#ifndef EMBER_EC_ECC_H
#define EMBER_EC_ECC_H

#include "ec/ecp_impl.h"
#include "ember/ecc.h"

/* The curve's constants (big-endian, len bytes) and its names. */
typedef struct ecc_curve {
	int id;
	const char *name;     /* "P-256" */
	const char *reg_name; /* the registry's: "p256" */
	const char *hash;     /* RFC 6979's HMAC digest when none is given */
	size_t len;
	unsigned bits;
	const uint8_t *p, *n;
} ecc_curve;

const ecc_curve *ember_ecc_curve_of(int curve);

/* The backend |k| uses (its own, or the registry's default), or NULL when none runs here. */
const ecp_ops *ember_ecc_ops(const ember_ecc_key *k);

/* 1 when a < b (len big-endian bytes), in constant time. */
int ember_ecc_lt(const uint8_t *a, const uint8_t *b, size_t len);

/* 1 when the len bytes at a are all zero, in constant time. */
int ember_ecc_is_zero(const uint8_t *a, size_t len);

/* Decodes and validates a SEC 1 point into q (x || y); the errors of ember_ecc_key_from_public. */
int ember_ecc_point_decode(const ecc_curve *c, const ecp_ops *ops, uint8_t *q, const uint8_t *in, size_t len);

#endif
