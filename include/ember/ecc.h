/*
 * ecc.h - ECDH and ECDSA over the NIST curves P-256 and P-384 (SEC 1
 * v2.0, FIPS 186-5, SP 800-56A rev. 3 5.7.1.2).
 *
 * A key is a curve, a public point Q = d G and, for a private key, the
 * scalar d; all values are big-endian bytes of the curve's length (32 for
 * P-256, 48 for P-384). Every public input is validated: a point must be
 * on the curve with both coordinates below p (the identity has no
 * encoding here); a private scalar, r and s must be in [1, n-1].
 *
 * Signing draws k by RFC 6979 (3.2, HMAC_DRBG over d and the digest) with
 * fresh random bytes as its section 3.6 additional data ("hedged": a fault
 * or a repeated (key, digest) pair cannot repeat a k, and a broken random
 * source still leaves RFC 6979's determinism); EMBER_ECDSA_DETERMINISTIC
 * asks for RFC 6979 alone (reproducible, for tests). Digests of any length
 * are used as FIPS 186-5 6.4.1 says: their leftmost bits, as many as n has.
 *
 * Constant time: key generation, the public key of a private one, signing
 * (k, d, k^-1) and ECDH take the same time and memory path whatever the
 * secrets (fixed windows, masked table reads, complete addition formulas,
 * Fermat inversions; checked by `make ctgrind`). Verification is variable
 * time (its inputs are public). Keys and stack secrets are wiped.
 *
 * The arithmetic is a backend of the registry (ember/ec.h: "p256" and
 * "p384", implementations "ref" (64-bit limbs), "ref32" (32-bit limbs),
 * "x86adx" (MULX/ADX), chosen per CPU); a key uses the default unless
 * ember_ecc_key_set_impl names one. Nothing is allocated.
 */
#ifndef EMBER_ECC_H
#define EMBER_ECC_H

#include <stddef.h>
#include <stdint.h>

#include "ec.h"
#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ember_ecc_curve { EMBER_ECC_P256 = 1, EMBER_ECC_P384 = 2 };

#define EMBER_ECC_MAX_LEN 48                                  /* bytes of p and n (P-384) */
#define EMBER_ECC_MAX_POINT_LEN (1 + 2 * EMBER_ECC_MAX_LEN)   /* SEC 1 uncompressed */
#define EMBER_ECDSA_MAX_SIG_LEN (2 * EMBER_ECC_MAX_LEN)       /* r || s */
#define EMBER_ECDSA_MAX_DER_LEN (2 + 2 * (2 + 1 + EMBER_ECC_MAX_LEN)) /* SEQUENCE { INTEGER, INTEGER } */

/* sign flags */
#define EMBER_ECDSA_DETERMINISTIC 0x1u /* RFC 6979 without 3.6's random additional data */

typedef struct ember_ecc_key {
	int curve;                         /* enum ember_ecc_curve; 0 when not set */
	size_t len;                        /* bytes of p and of n */
	int has_private;
	const ember_ec_desc *impl;         /* NULL: the registry's default at each call */
	uint8_t d[EMBER_ECC_MAX_LEN];      /* the private scalar (len bytes) */
	uint8_t q[2 * EMBER_ECC_MAX_LEN];  /* the public point, x || y (2 len bytes) */
} ember_ecc_key;

/*
 * ember_ecc_curve_find: the curve of |name| ("P-256", "prime256v1",
 * "secp256r1", "p256"; "P-384", "secp384r1", "p384"), or 0.
 */
int ember_ecc_curve_find(const char *name);
/* ember_ecc_curve_name: "P-256" or "P-384", or NULL. */
const char *ember_ecc_curve_name(int curve);
/* ember_ecc_curve_len: bytes of p and n (32, 48), or 0. */
size_t ember_ecc_curve_len(int curve);

/*
 * ember_ecc_generate_key draws d by FIPS 186-5 A.2.2 (rejection sampling:
 * c of the curve's bit length from the system's random source until
 * c <= n - 2, then d = c + 1) and computes Q. EMBER_ERANDOM when the
 * random source fails.
 */
int ember_ecc_generate_key(ember_ecc_key *k, int curve);

/*
 * ember_ecc_key_from_private loads d (big-endian, at most the curve's
 * length once leading zero bytes are dropped) and computes Q.
 * EMBER_ERANGE unless 1 <= d <= n - 1.
 */
int ember_ecc_key_from_private(ember_ecc_key *k, int curve, const uint8_t *d, size_t d_len);

/*
 * ember_ecc_key_from_public decodes a SEC 1 point (2.3.4): 0x04 || x || y
 * or 0x02/0x03 || x (the low bit of the tag is y's). EMBER_EDECODE for
 * another tag or length (the identity 0x00 and the hybrid 0x06/0x07
 * included), EMBER_ERANGE when x or y is not below p or the point is not
 * on the curve (SEC 1 3.2.2.1: the full public key validation, as the
 * order n of the curve is prime).
 */
int ember_ecc_key_from_public(ember_ecc_key *k, int curve, const uint8_t *point, size_t point_len);

/*
 * ember_ecc_key_set_impl makes |k| use backend |impl| (ember_ec_find("p256",
 * "ref") ...) from now on: EMBER_EINVAL when it is another curve's,
 * EMBER_ENOTSUP when this CPU lacks what it needs. For a private key,
 * |impl| recomputes Q first, which must be the Q the key has (else
 * EMBER_EINTERNAL, nothing changed). NULL returns to the default. The
 * loading and generating calls start with the default.
 */
int ember_ecc_key_set_impl(ember_ecc_key *k, const ember_ec_desc *impl);

/*
 * ember_ecc_key_public writes Q as a SEC 1 point (2.3.3): compressed
 * (1 + len bytes) or uncompressed (1 + 2 len). EMBER_ELEN when |cap| is
 * too small.
 */
int ember_ecc_key_public(const ember_ecc_key *k, int compressed, uint8_t *out, size_t cap, size_t *out_len);

void ember_ecc_key_clear(ember_ecc_key *k);

/*
 * ember_ecdsa_sign signs |digest| (any length) into sig = r || s (2 len
 * bytes exactly, else EMBER_ELEN). |hd| is RFC 6979's HMAC digest (the one
 * that made |digest|, for RFC 6979's answers); NULL takes SHA-256 for
 * P-256, SHA-384 for P-384. |flags|: 0 (hedged) or
 * EMBER_ECDSA_DETERMINISTIC. EMBER_EINVAL for a key without d.
 */
int ember_ecdsa_sign(const ember_ecc_key *k, const ember_hash_desc *hd, const uint8_t *digest, size_t digest_len,
    unsigned flags, uint8_t *sig, size_t sig_len);

/* ember_ecdsa_sign_k signs with the given k (1 <= k <= n - 1): known-answer tests only. */
int ember_ecdsa_sign_k(const ember_ecc_key *k, const uint8_t *kb, size_t k_len, const uint8_t *digest,
    size_t digest_len, uint8_t *sig, size_t sig_len);

/*
 * ember_ecdsa_verify: 0 when sig = r || s (2 len bytes) is a valid
 * signature of |digest| under Q, else EMBER_EVERIFY (any other length, r
 * or s outside [1, n-1] included).
 */
int ember_ecdsa_verify(const ember_ecc_key *k, const uint8_t *digest, size_t digest_len, const uint8_t *sig,
    size_t sig_len);

/*
 * Signature encodings: r || s (2 len bytes, len = sig_len / 2 of 32 or 48)
 * <-> DER SEQUENCE { INTEGER r, INTEGER s } (SEC 1 C.8, RFC 5480). The
 * decoder is strict: definite minimal lengths, minimal non-negative
 * INTEGERs, nothing after the SEQUENCE: else EMBER_EDECODE; an INTEGER
 * longer than len bytes is EMBER_ERANGE. Neither checks 0 < r, s < n
 * (ember_ecdsa_verify does).
 */
int ember_ecdsa_sig_to_der(const uint8_t *sig, size_t sig_len, uint8_t *out, size_t cap, size_t *out_len);
int ember_ecdsa_sig_from_der(const uint8_t *der, size_t der_len, uint8_t *sig, size_t sig_len);

/* ember_ecdsa_verify_der: ember_ecdsa_verify of a DER signature; EMBER_EVERIFY when it does not decode. */
int ember_ecdsa_verify_der(const ember_ecc_key *k, const uint8_t *digest, size_t digest_len, const uint8_t *der,
    size_t der_len);

/*
 * ember_ecdh computes the shared secret of the private key |k| and the
 * peer's SEC 1 point |peer| (validated as ember_ecc_key_from_public, same
 * errors): the x-coordinate of d Q_peer, len bytes (|out_len| exactly,
 * else EMBER_ELEN). SP 800-56A 5.7.1.2 (the cofactor is 1).
 */
int ember_ecdh(const ember_ecc_key *k, const uint8_t *peer, size_t peer_len, uint8_t *out, size_t out_len);

/* ember_ecdh_key: the same with the peer's key already loaded (same curve, else EMBER_EINVAL). */
int ember_ecdh_key(const ember_ecc_key *k, const ember_ecc_key *peer, uint8_t *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif
