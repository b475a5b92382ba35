/*
 * speed_ec.h - the elliptic-curve operations timed by `ember speed`
 * (ecdsap256 ecdsap384 ecdhp256 ecdhp384 ecdhx25519 ed25519), each under
 * one curve backend of the registry (ember/ec.h: ember_ec_find).
 */
#ifndef EMBER_SPEED_EC_H
#define EMBER_SPEED_EC_H

#include <stddef.h>

#include "speed.h"

typedef struct speed_ec speed_ec;

/* 1 when |word| is one of the curve words above. */
int speed_ec_known(const char *word);
/* The backends of |word|'s curve, as speed_engine.impls (0 with a reason when the word is not a curve word). */
size_t speed_ec_impls(const char *word, speed_impl *out, size_t max, char *why, size_t why_len);
/*
 * Keys for |word| under backend |impl| (NULL: the registry's default),
 * generated once from the system's random source, as openssl speed makes
 * its keys before timing. NULL with a one-line reason in |err|.
 */
speed_ec *speed_ec_new(const char *word, const char *impl, char *err, size_t err_len);
const char *speed_ec_impl_name(const speed_ec *k);
/* One sign (ECDSA, Ed25519: of openssl speed's 20-byte message) or ECDH/X25519 derivation. 0 on success. */
int speed_ec_sign(speed_ec *k);
/* One verification of the signature made at speed_ec_new (not for ECDH). 0 on success. */
int speed_ec_verify(speed_ec *k);
/* Known answers (X25519: RFC 7748 5.2; Ed25519: RFC 8032 7.1 test 1), round trips, a changed message
 * refused, and the result of the default backend: 0, else EMBER_E*. */
int speed_ec_selftest(speed_ec *k);
void speed_ec_free(speed_ec *k);

#endif
