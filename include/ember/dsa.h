/*
 * dsa.h - DSA (FIPS 186-4, section 4) with deterministic k (RFC 6979).
 *
 * p up to EMBER_MAX_RSA_BITS bits, q up to 256 bits. Signing draws k from
 * RFC 6979's HMAC_DRBG over the private key and the digest, with the
 * digest's own hash: signatures are reproducible and need no random source.
 * g^k is the constant-time fixed-window exponentiation, k^-1 the
 * constant-time inverse. Each key keeps fixed-base comb tables of g and y
 * (16 KiB), so that g^k costs |q|/4 squarings and products (with a
 * constant-time table scan) and verification's g^u1 * y^u2 |q|/4 squarings
 * and |q|/2 products.
 *
 * Signatures are r || s, each of EMBER_DSA_QLEN(key) bytes (IEEE P1363
 * form); keys.h converts to and from the DER SEQUENCE { r, s }.
 */
#ifndef EMBER_DSA_H
#define EMBER_DSA_H

#include <stddef.h>
#include <stdint.h>

#include "bn.h"
#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_DSA_MAX_QBITS 256
#define EMBER_DSA_MAX_QLEN (EMBER_DSA_MAX_QBITS / 8)
#define EMBER_DSA_MAX_SIG_LEN (2 * EMBER_DSA_MAX_QLEN)

typedef struct ember_dsa_key {
	ember_bn_mont mp;                     /* p */
	ember_bn_mont mq;                     /* q */
	ember_bn_word g[EMBER_BN_MAX_WORDS];
	ember_bn_word y[EMBER_BN_MAX_WORDS];
	ember_bn_word x[EMBER_BN_MAX_WORDS];
	int has_private;
	size_t qlen;                          /* bytes of q: r and s each take this many */
	/* fixed-base comb tables of g and y (bn.h), for exponents of 4 * comb_d bits */
	unsigned comb_d;
	ember_bn_word comb_g[EMBER_BN_COMB_ENTRIES * EMBER_BN_MAX_WORDS];
	ember_bn_word comb_y[EMBER_BN_COMB_ENTRIES * EMBER_BN_MAX_WORDS];
} ember_dsa_key;

#define EMBER_DSA_QLEN(k) ((k)->qlen)

/*
 * ember_dsa_key_init loads domain parameters (p, q, g) and y and/or x
 * (big-endian; NULL for the missing one: y is computed from x, and a key
 * without x only verifies). Checks (FIPS 186-4 4.2 and C.3, SP 800-89 5.3):
 * p of 512, 1024, 2048, 3072 or 4096 bits and q of 160, 224 or 256 bits
 * (FIPS 186-4's pairs, the legacy 512/160 of `speed dsa512`, OpenSSL 3.0's
 * default 1024/224 and 4096/256), else EMBER_EKEYLEN; then, else EMBER_ERANGE: q divides p - 1, q prime
 * (Miller-Rabin), p prime (Miller-Rabin and Lucas), 1 < g < p with
 * g^q = 1, 0 < x < q, and a given y has 1 < y < p and y^q = 1. These
 * cost a few modular exponentiations per key loaded.
 */
int ember_dsa_key_init(ember_dsa_key *k, const uint8_t *p, size_t p_len, const uint8_t *q, size_t q_len,
    const uint8_t *g, size_t g_len, const uint8_t *y, size_t y_len, const uint8_t *x, size_t x_len);

/* ember_dsa_generate_key draws a new x (uniform in [1, q-1]) and y = g^x for k's parameters. */
int ember_dsa_generate_key(ember_dsa_key *k);

/*
 * ember_dsa_generate_params: FIPS 186-4 A.1.1.2 (p, q from a random seed
 * with SHA-256, Miller-Rabin rounds of table C.1) and A.2.1 (g = h^((p-1)/q),
 * h = 2, 3 ...), for the sizes ember_dsa_key_init accepts (else
 * EMBER_EINVAL). Pairs outside FIPS 186-4's list use the same steps. The key is left without y and x (call ember_dsa_generate_key).
 */
int ember_dsa_generate_params(ember_dsa_key *k, unsigned L, unsigned N);

void ember_dsa_key_clear(ember_dsa_key *k);

/*
 * ember_dsa_sign signs |digest| (its leftmost N bits are used, FIPS 186-4
 * 4.6) into |sig| (2 * qlen bytes). |hd| is the HMAC digest of RFC 6979's
 * k generation: the digest that produced |digest| for RFC 6979's answers.
 */
int ember_dsa_sign(const ember_dsa_key *k, const ember_hash_desc *hd, const uint8_t *digest,
    size_t digest_len, uint8_t *sig, size_t sig_len);

/* ember_dsa_sign_k signs with the given k (1 <= k < q): known-answer tests only. */
int ember_dsa_sign_k(const ember_dsa_key *k, const uint8_t *kb, size_t k_len, const uint8_t *digest,
    size_t digest_len, uint8_t *sig, size_t sig_len);

/* ember_dsa_verify: 0 when (r, s) = |sig| (2 * qlen bytes) is valid, else EMBER_EVERIFY. */
int ember_dsa_verify(const ember_dsa_key *k, const uint8_t *digest, size_t digest_len,
    const uint8_t *sig, size_t sig_len);

/*
 * ember_dsa_rfc6979_k writes RFC 6979's k (3.2, steps a-h) for |digest| as
 * qlen big-endian bytes: exposed for tests.
 */
int ember_dsa_rfc6979_k(const ember_dsa_key *k, const ember_hash_desc *hd, const uint8_t *digest,
    size_t digest_len, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
