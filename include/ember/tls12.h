/*
 * tls12.h - TLS 1.2 (RFC 5246) in the TLS engine: the cipher suites it
 * implements, the PRF and what it derives (the master secret, with RFC
 * 7627's extended master secret or without, the key block, Finished), and
 * the protection of records: AES-GCM with its explicit nonce (RFC 5288),
 * ChaCha20-Poly1305 (RFC 7905), and the legacy suite's AES-CBC with
 * HMAC-SHA1 (6.2.3.2), whose check of padding and MAC takes the same time
 * and gives the same alert whatever is wrong (Lucky Thirteen).
 *
 * Suites (the three families #26 asks for; the server picks by its order):
 *   ECDHE-ECDSA and ECDHE-RSA with AES-128-GCM-SHA256, AES-256-GCM-SHA384
 *   and CHACHA20-POLY1305 (SHA-256), and the 2012 configuration, RSA key
 *   transport with AES-128-CBC-SHA, flagged legacy: never offered or
 *   accepted unless named.
 *
 * Everything here is plain data and caller memory, as in tls.h.
 */
#ifndef EMBER_TLS12_H
#define EMBER_TLS12_H

#include <stddef.h>
#include <stdint.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_TLS12_VERSION 0x0303
#define EMBER_TLS12_RANDOM_LEN 32
#define EMBER_TLS12_MASTER_LEN 48
#define EMBER_TLS12_VERIFY_LEN 12           /* Finished's verify_data (7.4.9) */
#define EMBER_TLS12_EXPLICIT_NONCE_LEN 8    /* GCM's nonce_explicit (RFC 5288 3) */
#define EMBER_TLS12_TAG_LEN 16
#define EMBER_TLS12_MAX_FIXED_IV 12
#define EMBER_TLS12_MAX_KEY 32
#define EMBER_TLS12_MAX_MAC_KEY 20
/* a TLSCiphertext's fragment is at most 2^14 + 2048 bytes (6.2.3) */
#define EMBER_TLS12_MAX_CIPHERTEXT (16384 + 2048)

/* Cipher suite code points (RFC 5289, 7905, 5246). */
#define EMBER_TLS12_ECDHE_ECDSA_AES_128_GCM_SHA256 0xc02b
#define EMBER_TLS12_ECDHE_ECDSA_AES_256_GCM_SHA384 0xc02c
#define EMBER_TLS12_ECDHE_RSA_AES_128_GCM_SHA256 0xc02f
#define EMBER_TLS12_ECDHE_RSA_AES_256_GCM_SHA384 0xc030
#define EMBER_TLS12_ECDHE_RSA_CHACHA20_POLY1305 0xcca8
#define EMBER_TLS12_ECDHE_ECDSA_CHACHA20_POLY1305 0xcca9
#define EMBER_TLS12_RSA_AES_128_CBC_SHA 0x002f

enum ember_tls12_kx { EMBER_TLS12_KX_ECDHE = 1, EMBER_TLS12_KX_RSA };
enum ember_tls12_auth { EMBER_TLS12_AUTH_ECDSA = 1, EMBER_TLS12_AUTH_RSA };
enum ember_tls12_bulk { EMBER_TLS12_BULK_AES_GCM = 1, EMBER_TLS12_BULK_CHACHA20_POLY1305, EMBER_TLS12_BULK_AES_CBC_SHA };

typedef struct ember_tls12_suite {
	uint16_t id;
	const char *name;       /* the IANA name: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256" */
	const char *ossl_name;  /* OpenSSL's: "ECDHE-ECDSA-AES128-GCM-SHA256" */
	int kx, auth, bulk;     /* enum ember_tls12_kx, _auth, _bulk */
	const char *hash;       /* the PRF's digest (registry name): "sha256", "sha384" */
	const char *aead;       /* the AEAD spec name (aead.h); NULL for CBC */
	size_t key_len;         /* bytes of each write key: 16 or 32 */
	size_t fixed_iv_len;    /* bytes of each write IV: 4 (GCM's salt), 12 (ChaCha20), 0 (CBC) */
	size_t mac_key_len;     /* 20 (HMAC-SHA1 of CBC), 0 (AEAD) */
	int legacy;             /* 1: RSA key transport, never offered or accepted unless named */
} ember_tls12_suite;

/* ember_tls12_suite_find: the suite of code point |id|, NULL when not one of the seven. */
const ember_tls12_suite *ember_tls12_suite_find(uint16_t id);
/* ember_tls12_suite_by_name: by its IANA or OpenSSL name (case-insensitive), NULL when unknown. */
const ember_tls12_suite *ember_tls12_suite_by_name(const char *name);
/* ember_tls12_suite_at: the suites in the engine's order of preference; NULL past the end. */
const ember_tls12_suite *ember_tls12_suite_at(size_t i);
/* ember_tls12_suite_hash: the registry's default implementation of the PRF's digest (NULL: none). */
const ember_hash_desc *ember_tls12_suite_hash(const ember_tls12_suite *s);

/* ---- The PRF (5) and what it derives ---- */

/*
 * ember_tls12_prf writes |out_len| bytes of
 *   PRF(secret, label, seed) = P_<hash>(secret, label || seed1 || seed2)
 * (the seed in two parts, as client_random + server_random come). |label|
 * is NUL-terminated ASCII; |d| any supported non-XOF digest (TLS 1.2 uses
 * SHA-256 or the suite's). Returns 0, EMBER_EINVAL or the errors of
 * ember_hmac_key_init.
 */
int ember_tls12_prf(const ember_hash_desc *d, const uint8_t *secret, size_t secret_len, const char *label,
    const uint8_t *seed1, size_t seed1_len, const uint8_t *seed2, size_t seed2_len, uint8_t *out,
    size_t out_len);

/*
 * ember_tls12_master_secret: the 48-byte master secret (8.1) from the
 * pre-master secret. |session_hash| not NULL: RFC 7627's extended master
 * secret, PRF(pms, "extended master secret", session_hash), the hash of
 * the handshake up to and including ClientKeyExchange (|hash_len| bytes);
 * NULL: the original PRF(pms, "master secret", client_random +
 * server_random).
 */
int ember_tls12_master_secret(const ember_hash_desc *d, const uint8_t *pms, size_t pms_len,
    const uint8_t *session_hash, size_t hash_len, const uint8_t client_random[EMBER_TLS12_RANDOM_LEN],
    const uint8_t server_random[EMBER_TLS12_RANDOM_LEN], uint8_t master[EMBER_TLS12_MASTER_LEN]);

/*
 * ember_tls12_rsa_premaster: the server's side of RSA key transport
 * (7.4.7.1), with its countermeasure to Bleichenbacher's attack. |enc| is
 * the EncryptedPreMasterSecret (k->pub.len bytes: EMBER_EDECODE
 * otherwise, a public fact). The PKCS#1 v1.5 block is checked in constant
 * time (00 02, eight or more non-zero bytes, 00, exactly 48 bytes whose
 * first two are |client_version|); whatever is wrong with it, |pms| gets
 * client_version || 46 random bytes instead, chosen by masks, and the call
 * returns 0 all the same: the handshake then fails at Finished, as with a
 * wrong key, and no answer tells the classes apart. Returns 0, EMBER_EDECODE,
 * EMBER_ERANDOM or EMBER_EINTERNAL (the RSA fault check).
 */
struct ember_rsa_private_key;
int ember_tls12_rsa_premaster(struct ember_rsa_private_key *k, const uint8_t *enc, size_t enc_len,
    uint16_t client_version, uint8_t pms[EMBER_TLS12_MASTER_LEN]);

/* The write keys of both sides, from the key block (6.3), in its order. */
typedef struct ember_tls12_keys {
	uint8_t client_mac[EMBER_TLS12_MAX_MAC_KEY], server_mac[EMBER_TLS12_MAX_MAC_KEY];
	uint8_t client_key[EMBER_TLS12_MAX_KEY], server_key[EMBER_TLS12_MAX_KEY];
	uint8_t client_iv[EMBER_TLS12_MAX_FIXED_IV], server_iv[EMBER_TLS12_MAX_FIXED_IV];
} ember_tls12_keys;

/*
 * ember_tls12_key_block: PRF(master, "key expansion", server_random +
 * client_random) cut into |s|'s MAC keys, keys and fixed IVs (each the
 * suite's length; the rest of each field zero). Wipe |k| after use.
 */
int ember_tls12_key_block(const ember_tls12_suite *s, const ember_hash_desc *d,
    const uint8_t master[EMBER_TLS12_MASTER_LEN], const uint8_t client_random[EMBER_TLS12_RANDOM_LEN],
    const uint8_t server_random[EMBER_TLS12_RANDOM_LEN], ember_tls12_keys *k);

/*
 * ember_tls12_finished: Finished's verify_data (7.4.9),
 * PRF(master, "client finished" or "server finished" (|server| 1),
 * Hash(handshake_messages))[0..11], given that hash (d->digest_len bytes).
 */
int ember_tls12_finished(const ember_hash_desc *d, const uint8_t master[EMBER_TLS12_MASTER_LEN], int server,
    const uint8_t *transcript_hash, uint8_t out[EMBER_TLS12_VERIFY_LEN]);

/* ---- Records (6.2.3) ---- */

/*
 * One direction of protected records: the keyed AEAD (or AES and the MAC
 * key of the CBC suite), the fixed IV and the 64-bit sequence number.
 * Caller-owned; wiped by ember_tls12_record_clear.
 */
typedef struct ember_tls12_record {
	const ember_tls12_suite *suite;
	union {
		ember_aead_ctx aead;                      /* the AEAD suites */
		struct {
			ember_aes_ctx aes;
			uint8_t mac_key[EMBER_TLS12_MAX_MAC_KEY];
		} cbc;                                    /* AES-CBC + HMAC-SHA1 */
	} u;
	uint8_t iv[EMBER_TLS12_MAX_FIXED_IV];
	uint64_t seq;                 /* the next record's sequence number */
	int seq_exhausted;            /* 2^64 records done: close (6.1: no wrap) */
} ember_tls12_record;

/*
 * ember_tls12_record_init keys |r| for suite |s| with one side's write
 * keys (the suite's lengths: mac_key_len 0 for an AEAD suite, iv_len 0 for
 * CBC), sequence number 0. |aead| NULL: the registry's default
 * implementation of the suite's AEAD (ignored for CBC, which takes
 * ember_aes_set_key's). Returns 0, EMBER_EINVAL (wrong lengths),
 * EMBER_ENOTSUP or the cipher's key errors.
 */
int ember_tls12_record_init(ember_tls12_record *r, const ember_tls12_suite *s, const ember_aead_desc *aead,
    const uint8_t *mac_key, size_t mac_key_len, const uint8_t *key, size_t key_len, const uint8_t *iv,
    size_t iv_len);
void ember_tls12_record_clear(ember_tls12_record *r);

/*
 * ember_tls12_record_protect writes one TLSCiphertext record at |out|:
 *   type 03 03 length || [nonce_explicit] || AEAD-Encrypt(content) || tag
 * with the additional data seq_num || type || 03 03 || content length
 * (6.2.3.3). GCM: the nonce is the 4-byte salt || nonce_explicit, and
 * nonce_explicit is the sequence number (as OpenSSL and RFC 5288 3 allow:
 * never repeated under a key); ChaCha20-Poly1305: the fixed IV XOR the
 * sequence number left-padded to 12 bytes, nothing explicit (RFC 7905 2).
 * CBC (6.2.3.2): a fresh random 16-byte IV, then AES-CBC of content ||
 * HMAC-SHA1(mac_key, seq || type || version || length || content) ||
 * the shortest padding, so *out_len = 5 + 16 + 16 * ceil((in_len + 21) /
 * 16). |type| handshake, alert or application_data (only application data
 * may be empty); in_len at most 2^14. |in| may be anywhere (moved first).
 * The sequence number then advances (EMBER_ERANGE after 2^64 records).
 * AEAD: *out_len = 5 + [8] + in_len + 16. Returns 0, EMBER_EINVAL,
 * EMBER_ELEN, EMBER_ERANGE or EMBER_ERANDOM (CBC's IV).
 */
int ember_tls12_record_protect(ember_tls12_record *r, uint8_t *out, size_t out_cap, size_t *out_len,
    uint8_t type, const uint8_t *in, size_t in_len);

/*
 * ember_tls12_record_unprotect opens one whole record (|record|,
 * |record_len| bytes with its header) into |out| (room for the content;
 * |out| may be record + 5 + [8], in place): *content_len bytes of type
 * *type. The peer's nonce_explicit is taken as sent. The sequence number
 * advances on success only. Refused:
 *   fewer than 5 bytes, or the header's length not record_len - 5
 *                                          EMBER_ELEN     decode_error
 *   type not alert, handshake or application_data
 *                                          EMBER_EDECODE  unexpected_message
 *   version not 03 03                      EMBER_EDECODE  protocol_version
 *   fragment over 2^14 + 2048, or content over 2^14
 *                                          EMBER_ELEN     record_overflow
 *   shorter than [8 +] the tag, or the tag wrong (header, nonce,
 *   ciphertext, tag or sequence number changed); CBC: not a whole number
 *   of blocks, shorter than IV + 2 blocks, the padding or the MAC wrong,
 *   all checked in a time that depends on the record's length only, and
 *   told apart by nothing         EMBER_EVERIFY  bad_record_mac
 *   empty handshake or alert content       EMBER_EDECODE  unexpected_message
 *   |out_cap| too small, NULL pointers     EMBER_ELEN / EMBER_EINVAL  none
 *   sequence numbers exhausted             EMBER_ERANGE   none (close)
 */
int ember_tls12_record_unprotect(ember_tls12_record *r, uint8_t *out, size_t out_cap, const uint8_t *record,
    size_t record_len, uint8_t *type, size_t *content_len, int *alert);

#ifdef __cplusplus
}
#endif

/* tls.h, which holds a connection's records of either version, is this header's complement */
#include "ember/tls.h"

#endif
