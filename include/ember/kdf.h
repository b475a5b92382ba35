/*
 * kdf.h - key derivation: HKDF (RFC 5869) and PBKDF2 (RFC 8018) over HMAC
 * with any digest of the registry that HMAC accepts (ember_hash_find("sha256",
 * NULL) ...; not an XOF).
 *
 *   uint8_t prk[EMBER_MAX_DIGEST_LEN], okm[42];
 *   ember_hkdf_extract(d, salt, salt_len, ikm, ikm_len, prk);        (d->digest_len bytes)
 *   ember_hkdf_expand(d, prk, d->digest_len, info, info_len, okm, sizeof(okm));
 *   ember_wipe(prk, sizeof(prk));
 *
 * or in one call: ember_hkdf(d, salt, salt_len, ikm, ikm_len, info, info_len, okm, sizeof(okm)).
 *
 * Nothing is allocated; every intermediate secret (the PRK of the
 * one-shot, each T(i), the prepared HMAC keys) is wiped before return.
 * Constant time as the HMAC underneath (mac.h); the lengths are public.
 */
#ifndef EMBER_KDF_H
#define EMBER_KDF_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"
#include "mac.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ember_hkdf_extract writes PRK = HMAC-Hash(salt, IKM), |d|->digest_len
 * bytes, to |prk| (RFC 5869, 2.2). An empty salt is HashLen zero bytes, as
 * the RFC says (the same HMAC key). Returns 0, or the errors of
 * ember_hmac_key_init (EMBER_EINVAL also for a NULL pointer with a nonzero
 * length).
 */
int ember_hkdf_extract(const ember_hash_desc *d, const void *salt, size_t salt_len, const void *ikm,
    size_t ikm_len, uint8_t *prk);

/*
 * ember_hkdf_expand writes |out_len| bytes of OKM = T(1) | T(2) | ... with
 * T(i) = HMAC-Hash(PRK, T(i-1) | info | i) to |out| (RFC 5869, 2.3).
 * |prk| is normally ember_hkdf_extract's output (the RFC asks for at least
 * HashLen bytes; any length is taken, as HMAC takes any key). Returns 0,
 * EMBER_ELEN when |out_len| is over 255 x HashLen (nothing written), or the
 * errors of ember_hmac_key_init.
 */
int ember_hkdf_expand(const ember_hash_desc *d, const uint8_t *prk, size_t prk_len, const void *info,
    size_t info_len, uint8_t *out, size_t out_len);

/* ember_hkdf is Extract then Expand, the PRK wiped; the same errors (ELEN checked first). */
int ember_hkdf(const ember_hash_desc *d, const void *salt, size_t salt_len, const void *ikm, size_t ikm_len,
    const void *info, size_t info_len, uint8_t *out, size_t out_len);

/*
 * ember_pbkdf2 writes |out_len| bytes of PBKDF2 (RFC 8018, 5.2) with the
 * PRF HMAC-|d|: the password |pass| is the HMAC key (any length, 0
 * included), |salt| any length, |iterations| at least 1 (0 is
 * EMBER_EINVAL). The cost is 2 x |iterations| x ceil(out_len / HashLen)
 * digest compressions and nothing else: a caller that takes the count from
 * a file must bound it first (the key-file reader of keys.h does).
 * Returns 0, EMBER_ELEN when |out_len| is over (2^32 - 1) x HashLen (the
 * RFC's limit, nothing written), or the errors of ember_hmac_key_init.
 * Every intermediate value (U_j, T_i, the prepared key) is wiped.
 */
int ember_pbkdf2(const ember_hash_desc *d, const void *pass, size_t pass_len, const void *salt, size_t salt_len,
    uint32_t iterations, uint8_t *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif
