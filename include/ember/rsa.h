/*
 * rsa.h - RSA (RFC 8017): key generation, raw operations, PKCS#1 v1.5 and
 * PSS signatures, 512 to EMBER_MAX_RSA_BITS bits.
 *
 * Keys are caller-owned structs (no allocation). The private operation uses
 * the CRT when the primes are known, blinds the base with a random r
 * (r^e * c, then times r^-1; the pair is squared after each use, as
 * OpenSSL does), and checks its result with the public exponent before
 * releasing it (a fault gives EMBER_EINTERNAL, never a wrong signature).
 * Because of the blinding state a private key must not be used by two
 * threads at once. The exponentiations with secret exponents are the
 * constant-time ones of bn.h.
 *
 * Digests are named by their generic descriptor (ember_hash_find("sha256",
 * NULL)); PKCS#1 v1.5 knows the DigestInfo of md5, sha1, sha224, sha256,
 * sha384, sha512, sha512-224, sha512-256 and ripemd160.
 */
#ifndef EMBER_RSA_H
#define EMBER_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "bn.h"
#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_RSA_MIN_BITS 512
#define EMBER_RSA_MAX_LEN (EMBER_MAX_RSA_BITS / 8)

typedef struct ember_rsa_public_key {
	ember_bn_mont mn;                     /* n and its Montgomery context */
	ember_bn_word e[EMBER_BN_MAX_WORDS];
	size_t e_words;
	ember_bn_word e_corr[EMBER_BN_MAX_WORDS]; /* R^e mod n, for ember_bn_modexp_public */
	unsigned bits;                        /* bit length of n */
	size_t len;                           /* byte length of n (signature size) */
} ember_rsa_public_key;

typedef struct ember_rsa_private_key {
	ember_rsa_public_key pub;
	ember_bn_word d[EMBER_BN_MAX_WORDS];
	int has_crt;                          /* p, q, dp, dq, qinv known */
	ember_bn_mont mp, mq;
	ember_bn_word dp[EMBER_BN_MAX_WORDS], dq[EMBER_BN_MAX_WORDS];
	ember_bn_word qinv[EMBER_BN_MAX_WORDS];      /* q^-1 mod p */
	ember_bn_word qinv_mont[EMBER_BN_MAX_WORDS]; /* qinv * R mod p */
	ember_bn_word blind_vi[EMBER_BN_MAX_WORDS];  /* r^e, Montgomery form mod n */
	ember_bn_word blind_vf[EMBER_BN_MAX_WORDS];  /* r^-1, Montgomery form mod n */
} ember_rsa_private_key;

/*
 * Key components as big-endian byte strings (leading zeros allowed). For a
 * private key, p and q are optional (NULL: no CRT); when given, dp, dq and
 * qinv may be NULL and are then computed.
 */
typedef struct ember_rsa_components {
	const uint8_t *n, *e, *d, *p, *q, *dp, *dq, *qinv;
	size_t n_len, e_len, d_len, p_len, q_len, dp_len, dq_len, qinv_len;
} ember_rsa_components;

/*
 * ember_rsa_public_init checks and loads (n, e): n odd, 512 bits <= n <=
 * EMBER_MAX_RSA_BITS (EMBER_EKEYLEN otherwise), e odd, 1 < e < n (EMBER_ERANGE).
 */
int ember_rsa_public_init(ember_rsa_public_key *k, const uint8_t *n, size_t n_len,
    const uint8_t *e, size_t e_len);

/*
 * ember_rsa_private_init loads a private key (checks n = p*q when the primes
 * are given) and draws the first blinding pair from the system's random source.
 */
int ember_rsa_private_init(ember_rsa_private_key *k, const ember_rsa_components *c);

/*
 * ember_rsa_generate makes a new key of |bits| bits (EMBER_RSA_MIN_BITS ..
 * EMBER_MAX_RSA_BITS) with public exponent |e| (odd, >= 3; 65537 is the
 * usual): two random probable primes of bits/2 bits (FIPS 186-4 B.3.3 with
 * the Miller-Rabin rounds of its table C.3), d = e^-1 mod (p-1)(q-1).
 * Any odd e >= 3 is accepted, prime or composite (as OpenSSL): the primes
 * are drawn with gcd(e, p-1) = gcd(e, q-1) = 1. FIPS 186-4's 2^16 < e is
 * not enforced (e = 3 stays possible); an even e or e < 3 is EMBER_EINVAL.
 */
int ember_rsa_generate(ember_rsa_private_key *k, unsigned bits, uint32_t e);

/* ember_rsa_public_from_private copies the public half. */
void ember_rsa_public_from_private(ember_rsa_public_key *pub, const ember_rsa_private_key *k);

/* ember_rsa_private_clear wipes the key. */
void ember_rsa_private_clear(ember_rsa_private_key *k);

/*
 * Raw operations on |len| = k->len bytes (the input, as an integer, must be
 * below n: EMBER_ERANGE otherwise; EMBER_ELEN for another length).
 */
int ember_rsa_public_op(const ember_rsa_public_key *k, uint8_t *out, const uint8_t *in, size_t len);
int ember_rsa_private_op(ember_rsa_private_key *k, uint8_t *out, const uint8_t *in, size_t len);

/*
 * PKCS#1 v1.5 signature (RFC 8017, 8.2) of a precomputed digest. |hd| names
 * the digest for the DigestInfo (digest_len must be its length:
 * EMBER_EINVAL; a digest without a DigestInfo here: EMBER_ENOTFOUND); hd
 * NULL signs the bytes as they are, with no DigestInfo (what `openssl
 * speed` times with a 36-byte input), 1 to k->len - 11 of them (none:
 * EMBER_EINVAL; more: EMBER_ELEN). |sig_len| must be k->len.
 */
int ember_rsa_pkcs1_sign(ember_rsa_private_key *k, const ember_hash_desc *hd,
    const uint8_t *digest, size_t digest_len, uint8_t *sig, size_t sig_len);

/*
 * ember_rsa_pkcs1_verify returns 0 when |sig| is the PKCS#1 v1.5 signature
 * of |digest|, else EMBER_EVERIFY. The whole encoded message is rebuilt and
 * compared in constant time, so every malformed one (length, padding,
 * DigestInfo, trailing data) is rejected the same way.
 */
int ember_rsa_pkcs1_verify(const ember_rsa_public_key *k, const ember_hash_desc *hd,
    const uint8_t *digest, size_t digest_len, const uint8_t *sig, size_t sig_len);

/*
 * RSASSA-PSS (RFC 8017, 8.1 and 9.1) with MGF1 over |mgf| (NULL: same as
 * |hd|). Signing: |salt| of |salt_len| bytes, or salt NULL to draw
 * salt_len random bytes. Verification: salt_len EMBER_RSA_PSS_SALT_AUTO
 * accepts any salt length (as OpenSSL's -2 / "auto"). Any other salt_len
 * above emLen - hLen - 2 (emLen = ceil((bits - 1) / 8)) is refused before
 * anything is read: EMBER_ELEN when signing, EMBER_EVERIFY when verifying.
 */
#define EMBER_RSA_PSS_SALT_AUTO ((size_t)-1)
int ember_rsa_pss_sign(ember_rsa_private_key *k, const ember_hash_desc *hd,
    const ember_hash_desc *mgf, const uint8_t *salt, size_t salt_len,
    const uint8_t *digest, size_t digest_len, uint8_t *sig, size_t sig_len);
int ember_rsa_pss_verify(const ember_rsa_public_key *k, const ember_hash_desc *hd,
    const ember_hash_desc *mgf, size_t salt_len, const uint8_t *digest, size_t digest_len,
    const uint8_t *sig, size_t sig_len);

/*
 * ember_rsa_digest_info returns the DER DigestInfo prefix for digest |name|
 * (to be followed by the digest) and its length, or NULL when unknown.
 */
const uint8_t *ember_rsa_digest_info(const char *name, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
