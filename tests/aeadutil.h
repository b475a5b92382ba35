/*
 * aeadutil.h - what the AEAD units (t_gcm.c, t_ccm.c) share: the supported
 * descriptors of an algorithm, the spec of a key length, one known answer
 * checked through the generic layer (every way aead.h promises: separate
 * buffers, in place, a flipped tag, the error codes and an untouched or
 * zeroed |out|), and OpenSSL's EVP for AEADs (dlopen'd, tools/engines/ossl.h).
 */
#ifndef EMBER_AEADUTIL_H
#define EMBER_AEADUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/aead.h"
#include "ossl.h"

#define TA_MAX_IMPL 16

/* The supported descriptors named |alg| ("aes-gcm"), registry order; their number. */
size_t ta_impls(const char *alg, const ember_aead_desc **out);
/* The spec of |alg| with |key_len| bytes of key, or NULL. */
const ember_aead_spec *ta_spec(const char *alg, size_t key_len);

/*
 * One vector through descriptor |d| and the generic layer. |expect|:
 *   0              valid: seal gives |ct| and |tag|, open gives |msg|, a flipped tag bit
 *                  fails with EMBER_EVERIFY and zeroes |out| (separate buffers and in place)
 *   EMBER_EVERIFY  |tag| is wrong: open fails so, |out| zeroed
 *   another code   seal and open both return it and leave |out| untouched
 * Returns 1 when every check held (each failure is also recorded with |what| in the message).
 */
int ta_generic(const ember_aead_desc *d, const uint8_t *key, size_t key_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *msg, size_t len, const uint8_t *ct,
    const uint8_t *tag, size_t tag_len, int expect, const char *what);

/* The error the message of an unexpected return shows. */
const char *ta_err(int e);

/* EVP_CIPHER_CTX_ctrl codes of <openssl/evp.h>, stable since 1.0.1 */
#define TA_CTRL_AEAD_SET_IVLEN 0x9
#define TA_CTRL_AEAD_GET_TAG 0x10
#define TA_CTRL_AEAD_SET_TAG 0x11

/*
 * One whole AEAD operation with OpenSSL's cipher |cipher| (GCM or CCM,
 * |ccm| = 1 for CCM's length-first call order): AAD and message in
 * random pieces (one piece for CCM, which allows no other). enc: |tag| is
 * written; decrypt: |tag| is checked. Returns 0, 1 for a wrong tag, -1
 * when libcrypto refuses.
 */
int ta_ossl(const ossl_api *o, const void *cipher, int ccm, int enc, const uint8_t *key, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
    uint8_t *tag, size_t tag_len);

#endif
