/*
 * hybrid.h - hybrid key agreement for TLS 1.3: X25519MLKEM768
 * (draft-ietf-tls-ecdhe-mlkem, TLS group 0x11EC), as a KEM.
 *
 *   ember_x25519mlkem768_keygen(client_share, priv);               client: its key share and private state
 *   ember_x25519mlkem768_encaps(server_share, ss, client_share, n); server: its key share and the secret
 *   ember_x25519mlkem768_decaps(ss, priv, server_share, n);        client: the secret
 *
 * Wire formats, ML-KEM first in every one (the draft's order for this
 * group; the P-256 hybrids put the curve first, this one does not):
 *   client share  = ML-KEM-768 ek (1184) || X25519 public key (32)   = 1216 bytes
 *   server share  = ML-KEM-768 ciphertext (1088) || X25519 public (32) = 1120 bytes
 *   shared secret = ML-KEM-768 K (32) || X25519 shared secret (32)   = 64 bytes
 * The private state (EMBER_X25519MLKEM768_PRIV_LEN bytes) is the expanded
 * ML-KEM-768 dk (2400) || the X25519 private scalar (32): a secret the
 * caller wipes (ember_wipe) once the handshake no longer needs it.
 *
 * Checks (and errors; on any error no output is written):
 *   - a share of another length: EMBER_ELEN, before anything is read;
 *   - encapsulation runs FIPS 203's 7.2 modulus check on the ML-KEM part of
 *     the client share (through ember_mlkem_encaps): EMBER_ERANGE;
 *   - an X25519 part of small order (the X25519 shared secret is all zero,
 *     RFC 7748 6.1; the draft makes it a handshake failure):
 *     EMBER_EZEROSECRET, at encapsulation and at decapsulation;
 *   - decapsulation runs FIPS 203's 7.3 hash check on the dk inside priv:
 *     EMBER_EDECODE;
 *   - EMBER_EINVAL for a NULL pointer, EMBER_ERANDOM when the system random
 *     source fails.
 * A server share whose ciphertext part was changed is not refused: its
 * ML-KEM half is the implicit-rejection secret J(z || c) (FIPS 203,
 * Algorithm 18), return 0, and the handshake fails at Finished.
 *
 * Constant time as its parts (mlkem.h, x25519.h): the verdicts of the
 * modulus, hash and all-zero checks are the only facts a caller learns.
 * Every stack copy of a secret is wiped. No malloc; about 8 KiB of stack
 * (ML-KEM's).
 */
#ifndef EMBER_HYBRID_H
#define EMBER_HYBRID_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem.h"
#include "util.h"
#include "x25519.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_X25519MLKEM768_CLIENT_SHARE_LEN (EMBER_MLKEM768_EK_LEN + EMBER_X25519_KEY_LEN) /* 1216 */
#define EMBER_X25519MLKEM768_SERVER_SHARE_LEN (EMBER_MLKEM768_CT_LEN + EMBER_X25519_KEY_LEN) /* 1120 */
#define EMBER_X25519MLKEM768_SS_LEN (EMBER_MLKEM_SS_LEN + EMBER_X25519_SHARED_LEN)            /* 64 */
#define EMBER_X25519MLKEM768_PRIV_LEN (EMBER_MLKEM768_DK_LEN + EMBER_X25519_KEY_LEN)          /* 2432 */

/*
 * ember_x25519mlkem768_keygen draws ML-KEM's d || z and an X25519 private
 * key from the system's random source and writes the client share and the
 * private state. Returns 0, EMBER_ERANDOM or EMBER_EINVAL (nothing written).
 */
int ember_x25519mlkem768_keygen(uint8_t client_share[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN],
    uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN]);

/*
 * ember_x25519mlkem768_keygen_seed: the same from the caller's randomness:
 * |mlkem_seed| = d || z (ember_mlkem_keygen_seed) and the X25519 private
 * key |x25519_priv| (any 32 bytes, clamped on use). For known answers.
 */
int ember_x25519mlkem768_keygen_seed(uint8_t client_share[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN],
    uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN], const uint8_t mlkem_seed[EMBER_MLKEM_SEED_LEN],
    const uint8_t x25519_priv[EMBER_X25519_KEY_LEN]);

/*
 * ember_x25519mlkem768_encaps draws m and an ephemeral X25519 private key,
 * and writes the server share and the 64-byte shared secret for
 * |client_share| (|client_share_len| must be 1216). Returns 0, EMBER_ELEN,
 * EMBER_ERANGE (the ML-KEM part fails the modulus check),
 * EMBER_EZEROSECRET (the X25519 part is of small order), EMBER_ERANDOM or
 * EMBER_EINVAL; on error server_share and ss are not written.
 */
int ember_x25519mlkem768_encaps(uint8_t server_share[EMBER_X25519MLKEM768_SERVER_SHARE_LEN],
    uint8_t ss[EMBER_X25519MLKEM768_SS_LEN], const uint8_t *client_share, size_t client_share_len);

/*
 * ember_x25519mlkem768_encaps_seed: the same with the caller's ML-KEM |m|
 * and ephemeral X25519 private key (known answers; both must be fresh and
 * secret).
 */
int ember_x25519mlkem768_encaps_seed(uint8_t server_share[EMBER_X25519MLKEM768_SERVER_SHARE_LEN],
    uint8_t ss[EMBER_X25519MLKEM768_SS_LEN], const uint8_t *client_share, size_t client_share_len,
    const uint8_t m[EMBER_MLKEM_M_LEN], const uint8_t x25519_priv[EMBER_X25519_KEY_LEN]);

/*
 * ember_x25519mlkem768_decaps writes the 64-byte shared secret of
 * |server_share| (|server_share_len| must be 1120) under the private state
 * |priv|. Returns 0 (also for a changed ciphertext part: implicit
 * rejection), EMBER_ELEN, EMBER_EDECODE (the dk in priv fails the hash
 * check), EMBER_EZEROSECRET (the X25519 part is of small order) or
 * EMBER_EINVAL; on error ss is not written.
 */
int ember_x25519mlkem768_decaps(uint8_t ss[EMBER_X25519MLKEM768_SS_LEN],
    const uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN], const uint8_t *server_share, size_t server_share_len);

#ifdef __cplusplus
}
#endif

#endif
