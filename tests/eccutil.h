/*
 * eccutil.h - what t_ecdsa.c and t_ecdh.c share: the P-256/P-384
 * backends to run, digests by their NIST names, the minimal DER of EC
 * keys (SubjectPublicKeyInfo and SEC 1 ECPrivateKey, RFC 5480 / RFC 5915)
 * that the differential tests hand to OpenSSL and the Wycheproof ECDH
 * cases hand to Ember, and the few libcrypto EC calls those tests need,
 * resolved from ossl.h's handle (the engines' API does not carry them).
 */
#ifndef EMBER_ECCUTIL_H
#define EMBER_ECCUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/ecc.h"
#include "ossl.h"

/* Every backend of |curve| this CPU runs (after EMBER_CPUCAP), in registry order; returns the count. */
size_t ecc_backends(int curve, const ember_ec_desc **out, size_t max);

/* "SHA-256", "SHA-1", "sha384" ... -> descriptor, or NULL when not in this build. */
const ember_hash_desc *ecc_hash(const char *name);

/* SubjectPublicKeyInfo of Q (x || y of the curve's length) into out (128 bytes is enough); its length. */
size_t ecc_spki(uint8_t *out, int curve, const uint8_t *q);
/* ECPrivateKey (RFC 5915) of d and Q into out (192 bytes is enough); its length. */
size_t ecc_sec1(uint8_t *out, int curve, const uint8_t *d, const uint8_t *q);

/*
 * The point of a SubjectPublicKeyInfo, read minimally and strictly (for
 * the Wycheproof ECDH files; the key-file parser is keys.h's): 0 with
 * |*curve| and the BIT STRING's contents (the SEC 1 point, not checked
 * here), or -1 for anything but id-ecPublicKey with a named curve
 * (P-256, P-384, or another: then |*curve| is 0) in strict DER.
 */
int ecc_spki_point(const uint8_t *der, size_t len, int *curve, const uint8_t **point, size_t *point_len);

/* libcrypto's EC calls, or NULL with the reason in err. */
typedef struct ecc_ossl {
	const ossl_api *o;
	void *(*d2i_PUBKEY)(void **, const unsigned char **, long);
	void *(*d2i_PrivateKey)(int, void **, const unsigned char **, long);
	int (*EVP_PKEY_derive_init)(void *);
	int (*EVP_PKEY_derive_set_peer)(void *, void *);
	int (*EVP_PKEY_derive)(void *, unsigned char *, size_t *);
} ecc_ossl;
const ecc_ossl *ecc_ossl_load(char *err, size_t err_len);
/* OpenSSL keys from Ember's (EVP_PKEY *), or NULL. */
void *ecc_ossl_public(const ecc_ossl *e, const ember_ecc_key *k);
void *ecc_ossl_private(const ecc_ossl *e, const ember_ecc_key *k);

#endif
