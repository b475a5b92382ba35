/*
 * rfc6979.h - the k of DSA and ECDSA signatures by RFC 6979, section 3.2
 * (HMAC_DRBG over the private key and the digest), with section 3.6's
 * additional data (not installed). Used by dsa.c and ec/ecdsa.c.
 *
 * Integers are big-endian bytes of qlen = ceil(qbits / 8) bytes. The
 * candidates are compared with q in constant time; only whether one is
 * rejected is made public (EMBER_DECLASSIFY), as it says nothing of the
 * k kept.
 */
#ifndef EMBER_RFC6979_H
#define EMBER_RFC6979_H

#include "internal.h"
#include "ember/hash.h"

#define EMBER_RFC6979_MAX_QLEN 66

typedef struct ember_rfc6979 {
	const ember_hash_desc *hd;
	const uint8_t *q;   /* qlen bytes, kept by the caller meanwhile */
	size_t qlen;
	unsigned qbits;
	int started;        /* a candidate was drawn: the next one updates K and V first (3.2 h.3) */
	uint8_t K[EMBER_MAX_DIGEST_LEN], V[EMBER_MAX_DIGEST_LEN];
} ember_rfc6979;

/*
 * ember_rfc6979_init: steps a-g of 3.2 for the private key |x| (qlen
 * bytes, below q), the digest h1 (any length: bits2octets applies) and
 * the additional data k' of 3.6 (|extra|, |extra_len| bytes, or none).
 * |hd| is the HMAC's digest.
 */
void ember_rfc6979_init(ember_rfc6979 *st, const ember_hash_desc *hd, const uint8_t *q, unsigned qbits,
    const uint8_t *x, const uint8_t *h1, size_t h1_len, const uint8_t *extra, size_t extra_len);

/* ember_rfc6979_next writes the next k in [1, q-1] (step h) as qlen bytes. */
void ember_rfc6979_next(ember_rfc6979 *st, uint8_t *k);

/*
 * ember_rfc6979_bits2int writes bits2int(in) (2.3.2: the leftmost qbits
 * bits of |in| as an integer) as qlen bytes; with |mod_q|, reduced once
 * modulo q (bits2octets, 2.3.4, and FIPS 186-5's digest to integer).
 */
void ember_rfc6979_bits2int(uint8_t *out, const uint8_t *q, unsigned qbits, const uint8_t *in, size_t in_len,
    int mod_q);

void ember_rfc6979_clear(ember_rfc6979 *st);

#endif
