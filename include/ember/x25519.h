/*
 * x25519.h - X25519 Diffie-Hellman (RFC 7748) over Curve25519.
 *
 *   ember_x25519_generate(priv, pub);            a key pair from the system's random source
 *   ember_x25519(shared, priv, peer_pub);        the shared secret
 *
 * Keys and shared secrets are 32 bytes. A private key is any 32 bytes: it
 * is clamped (RFC 7748, 5: bits 0-2 and 255 cleared, bit 254 set) on use
 * and never changed in place. A public key (a u-coordinate) is taken as
 * RFC 7748 says: bit 255 ignored, values from p = 2^255 - 19 up reduced
 * modulo p (section 7 recommends accepting them; Wycheproof's
 * "NonCanonicalPublic" cases).
 *
 * The one refusal: a peer key of small order (or on the twist with a small
 * factor) gives the all-zero shared secret, which ember_x25519 refuses with
 * EMBER_EZEROSECRET, as OpenSSL's EVP_PKEY_derive does and RFC 7748,
 * section 6.1 allows. Such peer keys are otherwise not special: they are
 * not checked beforehand, so every other input is computed exactly.
 *
 * Every call is constant-time in the private key and the peer's key (the
 * verdict on an all-zero result is the only thing a caller learns early),
 * and wipes its stack copies. The backend (ember/ec.h: "ref", "ref32",
 * "x86adx" ...) is the registry's default for this CPU; the _with forms
 * take one by descriptor (ember_ec_find("x25519", impl)), for tests and
 * `ember speed -impl`.
 */
#ifndef EMBER_X25519_H
#define EMBER_X25519_H

#include <stddef.h>
#include <stdint.h>

#include "ec.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_X25519_KEY_LEN 32
#define EMBER_X25519_SHARED_LEN 32

/*
 * ember_x25519 writes X25519(scalar, point) (RFC 7748, 5) to |out|: the
 * u-coordinate of [clamp(scalar)] point. Returns 0; EMBER_EZEROSECRET when
 * the result is all zero (a peer key of small order: |out| is then zero
 * too, and must not be used); EMBER_EINVAL for a NULL pointer.
 */
int ember_x25519(uint8_t out[EMBER_X25519_SHARED_LEN], const uint8_t scalar[EMBER_X25519_KEY_LEN],
    const uint8_t point[EMBER_X25519_KEY_LEN]);

/*
 * ember_x25519_base writes X25519(scalar, 9), the public key of private key
 * |scalar| (RFC 7748, 6.1), computed on the Edwards form with the
 * precomputed base-point table (about three times faster than the ladder).
 * ember_x25519_public_key is the same call under the name key code reads.
 * Return 0, or EMBER_EINVAL for a NULL pointer.
 */
int ember_x25519_base(uint8_t out[EMBER_X25519_KEY_LEN], const uint8_t scalar[EMBER_X25519_KEY_LEN]);
int ember_x25519_public_key(uint8_t pub[EMBER_X25519_KEY_LEN], const uint8_t priv[EMBER_X25519_KEY_LEN]);

/*
 * ember_x25519_generate draws a private key from the system's random source
 * (ember_random_bytes) and writes it and its public key. Returns 0,
 * EMBER_ERANDOM (nothing written), or EMBER_EINVAL.
 */
int ember_x25519_generate(uint8_t priv[EMBER_X25519_KEY_LEN], uint8_t pub[EMBER_X25519_KEY_LEN]);

/*
 * The same with backend |d|, an "x25519" descriptor of ember/ec.h: EMBER_EINVAL
 * when |d| is NULL or another curve's, EMBER_ENOTSUP when this CPU lacks it.
 */
int ember_x25519_with(const ember_ec_desc *d, uint8_t out[EMBER_X25519_SHARED_LEN],
    const uint8_t scalar[EMBER_X25519_KEY_LEN], const uint8_t point[EMBER_X25519_KEY_LEN]);
int ember_x25519_base_with(const ember_ec_desc *d, uint8_t out[EMBER_X25519_KEY_LEN],
    const uint8_t scalar[EMBER_X25519_KEY_LEN]);

#ifdef __cplusplus
}
#endif

#endif
