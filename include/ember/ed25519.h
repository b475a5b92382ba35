/*
 * ed25519.h - Ed25519 signatures (RFC 8032, 5.1: pure Ed25519, no context,
 * no prehash).
 *
 *   ember_ed25519_keypair(&key, seed);           the key of a 32-byte seed
 *   ember_ed25519_sign(&key, sig, msg, len);     a 64-byte signature
 *   ember_ed25519_verify(pub, msg, len, sig, 64);
 *
 * The private key is RFC 8032's: a 32-byte seed. An ember_ed25519_key holds
 * it with its public key, computed once by ember_ed25519_keypair (or
 * _generate); signing reads both, so the public key is never recomputed and
 * never taken from elsewhere (signing with a public key that is not the
 * seed's would reveal the private scalar). Signing is deterministic and
 * constant-time in the seed and the message; ember_ed25519_clear wipes a key.
 *
 * THE VERIFICATION RULE (pinned; every ember_ed25519_verify* call):
 * a signature R || S of message M under public key A is accepted exactly when
 *   1. it is 64 bytes long (else EMBER_ELEN);
 *   2. S < L, the group order (non-canonical S refused: no malleability);
 *   3. A is a canonical encoding (y < p; x = 0 only with sign bit 0) of a
 *      point on the curve, and A is not of small order ([8] A != identity:
 *      libsodium's rule, as it has it);
 *   4. R is a canonical encoding (y < p, and so on as for A): implied by 5,
 *      which compares encodings, and also checked first;
 *   5. [S] B = R + [k] A with k = SHA-512(R || A || M) mod L, the
 *      cofactorless equation of RFC 8032, 5.1.7 (not the [8]-multiplied
 *      one): the encoding of [S] B - [k] A must equal R's 32 bytes.
 * Every refusal in 2-5 is EMBER_EVERIFY. Unlike libsodium, R of small order
 * is not refused by itself: it passes when the equation holds (only the
 * key's owner can make such a signature). tests/t_ed25519.c lists the
 * Wycheproof verdicts and the OpenSSL behaviour that differ from this rule,
 * and why. Verification takes public data only and is variable time.
 *
 * The backend (ember/ec.h) is the registry's default; the _with forms take
 * an "ed25519" descriptor (ember_ec_find("ed25519", impl)).
 */
#ifndef EMBER_ED25519_H
#define EMBER_ED25519_H

#include <stddef.h>
#include <stdint.h>

#include "ec.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_ED25519_SEED_LEN 32
#define EMBER_ED25519_PUBLIC_LEN 32
#define EMBER_ED25519_SIG_LEN 64

typedef struct ember_ed25519_key {
	uint8_t seed[EMBER_ED25519_SEED_LEN];   /* the private key (RFC 8032) */
	uint8_t pub[EMBER_ED25519_PUBLIC_LEN];  /* its public key, as keypair computed it */
} ember_ed25519_key;

/*
 * ember_ed25519_keypair fills |key| from |seed| (RFC 8032, 5.1.5).
 * ember_ed25519_generate draws the seed from the system's random source
 * (EMBER_ERANDOM when that fails; nothing is written then).
 * ember_ed25519_public_key writes the public key of |seed| alone.
 * Each returns 0, or EMBER_EINVAL for a NULL pointer.
 */
int ember_ed25519_keypair(ember_ed25519_key *key, const uint8_t seed[EMBER_ED25519_SEED_LEN]);
int ember_ed25519_generate(ember_ed25519_key *key);
int ember_ed25519_public_key(uint8_t pub[EMBER_ED25519_PUBLIC_LEN], const uint8_t seed[EMBER_ED25519_SEED_LEN]);
void ember_ed25519_clear(ember_ed25519_key *key);

/*
 * ember_ed25519_sign writes the signature of |msg| (RFC 8032, 5.1.6) to
 * |sig|. Returns 0, or EMBER_EINVAL (NULL key or sig, or NULL msg with a
 * non-zero length).
 */
int ember_ed25519_sign(const ember_ed25519_key *key, uint8_t sig[EMBER_ED25519_SIG_LEN], const uint8_t *msg,
    size_t msg_len);

/*
 * ember_ed25519_verify checks |sig| on |msg| under |pub| by the rule above:
 * 0 when it is valid; EMBER_EVERIFY when it is not; EMBER_ELEN when
 * |sig_len| is not 64; EMBER_EINVAL for NULL pointers.
 */
int ember_ed25519_verify(const uint8_t pub[EMBER_ED25519_PUBLIC_LEN], const uint8_t *msg, size_t msg_len,
    const uint8_t *sig, size_t sig_len);

/*
 * ember_ed25519_public_check applies part 3 of the rule to a public key
 * alone (for key files): 0, or EMBER_EDECODE when |pub| is not the
 * canonical encoding of a curve point, or EMBER_ERANGE when the point has
 * small order.
 */
int ember_ed25519_public_check(const uint8_t pub[EMBER_ED25519_PUBLIC_LEN]);

/* The same with backend |d| (EMBER_EINVAL when it is not an "ed25519" one, EMBER_ENOTSUP when unsupported). */
int ember_ed25519_keypair_with(const ember_ec_desc *d, ember_ed25519_key *key,
    const uint8_t seed[EMBER_ED25519_SEED_LEN]);
int ember_ed25519_sign_with(const ember_ec_desc *d, const ember_ed25519_key *key, uint8_t sig[EMBER_ED25519_SIG_LEN],
    const uint8_t *msg, size_t msg_len);
int ember_ed25519_verify_with(const ember_ec_desc *d, const uint8_t pub[EMBER_ED25519_PUBLIC_LEN],
    const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len);

#ifdef __cplusplus
}
#endif

#endif
