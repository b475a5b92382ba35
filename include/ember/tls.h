/*
 * tls.h - the foundations of TLS 1.3 (RFC 8446): the key schedule, the
 * transcript hash and the record layer, over caller-owned contexts and
 * caller-provided buffers. No sockets, no allocation, no hidden state: a
 * client or server state machine (and `ember speed`'s handshake rows) owns
 * one ember_tls13_transcript, one ember_tls13_ks and two
 * ember_tls13_record contexts (one per direction) and calls these.
 *
 * The three cipher suites of RFC 8446 B.4 that need no CCM:
 *   0x1301 TLS_AES_128_GCM_SHA256, 0x1302 TLS_AES_256_GCM_SHA384,
 *   0x1303 TLS_CHACHA20_POLY1305_SHA256.
 * Their digests and AEADs are the registry's defaults (hash.h, aead.h),
 * or a named AEAD implementation passed to ember_tls13_record_init.
 *
 * A handshake, as a sequence of calls (RFC 8446 7.1, no PSK):
 *
 *   s = ember_tls13_suite_find(0x1301); d = ember_tls13_suite_hash(s);
 *   ember_tls13_transcript_init(&t, d);
 *   ember_tls13_transcript_update(&t, client_hello, n);      (each handshake
 *   ember_tls13_transcript_update(&t, server_hello, n);       message, with
 *   ember_tls13_transcript_hash(&t, th);                      its 4-byte header)
 *   ember_tls13_ks_init(&ks, s, d, NULL, 0);                  early secret
 *   ember_tls13_ks_handshake(&ks, ecdhe, ecdhe_len);          handshake secret
 *   ember_tls13_ks_derive(&ks, EMBER_TLS13_S_HS_TRAFFIC, th, secret);
 *   ember_tls13_record_init(&rd, s, NULL, secret);            server's records
 *   ... EncryptedExtensions .. CertificateVerify into the transcript ...
 *   ember_tls13_transcript_hash(&t, th);
 *   ember_tls13_finished(d, secret, th, verify_data);         server Finished
 *   ... Finished into the transcript; ember_tls13_ks_master(&ks);
 *   ember_tls13_ks_derive(&ks, EMBER_TLS13_C_AP_TRAFFIC, th, secret) ...
 *   ember_tls13_ks_clear(&ks); ember_wipe(secret, sizeof(secret));
 *
 * Errors: 0, or a negative EMBER_E* code (util.h). The calls that read
 * what the peer sent (record headers, plaintext records, protected
 * records) also write, through |alert| (which may be NULL), the alert RFC
 * 8446 says the connection must close with (EMBER_TLS_ALERT_*), or
 * EMBER_TLS_ALERT_NONE when the failure is a local one. Finished
 * verification fails with EMBER_EVERIFY: the alert is decrypt_error (4.4.4).
 *
 * Secrets: every context is wiped by its clear call; every intermediate
 * secret on the stack is wiped before return. verify_data is compared
 * with ember_memeq. ember_tls13_record_unprotect finds the content type
 * behind the padding with a scan of the whole inner plaintext whose
 * memory accesses and branches do not depend on the padding length (the
 * record's length is public; the content length is revealed once found,
 * as it must be to the caller). Constant time otherwise as the digest,
 * HMAC and AEAD underneath.
 */
#ifndef EMBER_TLS_H
#define EMBER_TLS_H

#include <stddef.h>
#include <stdint.h>

#include "aead.h"
#include "hash.h"
#include "tls12.h"
#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Constants of RFC 8446 ---- */

#define EMBER_TLS13_AES_128_GCM_SHA256 0x1301
#define EMBER_TLS13_AES_256_GCM_SHA384 0x1302
#define EMBER_TLS13_CHACHA20_POLY1305_SHA256 0x1303

#define EMBER_TLS13_MAX_HASH_LEN 48      /* SHA-384 */
#define EMBER_TLS13_MAX_KEY_LEN 32
#define EMBER_TLS13_IV_LEN 12            /* every suite's iv_length (5.3) */
#define EMBER_TLS13_TAG_LEN 16           /* every suite's AEAD expansion */

#define EMBER_TLS_RECORD_HEADER_LEN 5
#define EMBER_TLS_MAX_PLAINTEXT 16384                                  /* 2^14 (5.1) */
#define EMBER_TLS_MAX_INNER_PLAINTEXT (EMBER_TLS_MAX_PLAINTEXT + 1)    /* content + type + padding (5.4) */
#define EMBER_TLS_MAX_CIPHERTEXT (EMBER_TLS_MAX_PLAINTEXT + 256)       /* 2^14 + 256 (5.2) */
/* The largest record on the wire, header included: a buffer this size takes any record. */
#define EMBER_TLS_MAX_RECORD (EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS_MAX_CIPHERTEXT)

/* ContentType (5.1) */
enum ember_tls_content_type {
	EMBER_TLS_CT_INVALID = 0,
	EMBER_TLS_CT_CHANGE_CIPHER_SPEC = 20,
	EMBER_TLS_CT_ALERT = 21,
	EMBER_TLS_CT_HANDSHAKE = 22,
	EMBER_TLS_CT_APPLICATION_DATA = 23
};

/* HandshakeType (4), for the transcript's synthetic message_hash (4.4.1) */
#define EMBER_TLS13_HS_MESSAGE_HASH 254

/* AlertDescription (6); EMBER_TLS_ALERT_NONE: no alert to send (a local failure). */
enum ember_tls_alert {
	EMBER_TLS_ALERT_NONE = -1,
	EMBER_TLS_ALERT_CLOSE_NOTIFY = 0,
	EMBER_TLS_ALERT_UNEXPECTED_MESSAGE = 10,
	EMBER_TLS_ALERT_BAD_RECORD_MAC = 20,
	EMBER_TLS_ALERT_RECORD_OVERFLOW = 22,
	EMBER_TLS_ALERT_HANDSHAKE_FAILURE = 40,
	EMBER_TLS_ALERT_BAD_CERTIFICATE = 42,
	EMBER_TLS_ALERT_UNSUPPORTED_CERTIFICATE = 43,
	EMBER_TLS_ALERT_CERTIFICATE_REVOKED = 44,
	EMBER_TLS_ALERT_CERTIFICATE_EXPIRED = 45,
	EMBER_TLS_ALERT_CERTIFICATE_UNKNOWN = 46,
	EMBER_TLS_ALERT_ILLEGAL_PARAMETER = 47,
	EMBER_TLS_ALERT_UNKNOWN_CA = 48,
	EMBER_TLS_ALERT_ACCESS_DENIED = 49,
	EMBER_TLS_ALERT_DECODE_ERROR = 50,
	EMBER_TLS_ALERT_DECRYPT_ERROR = 51,
	EMBER_TLS_ALERT_PROTOCOL_VERSION = 70,
	EMBER_TLS_ALERT_INSUFFICIENT_SECURITY = 71,
	EMBER_TLS_ALERT_INTERNAL_ERROR = 80,
	EMBER_TLS_ALERT_INAPPROPRIATE_FALLBACK = 86,
	EMBER_TLS_ALERT_USER_CANCELED = 90,
	EMBER_TLS_ALERT_NO_RENEGOTIATION = 100,   /* TLS 1.2 (RFC 5246 7.2.2), a warning */
	EMBER_TLS_ALERT_MISSING_EXTENSION = 109,
	EMBER_TLS_ALERT_UNSUPPORTED_EXTENSION = 110,
	EMBER_TLS_ALERT_UNRECOGNIZED_NAME = 112,
	EMBER_TLS_ALERT_BAD_CERTIFICATE_STATUS_RESPONSE = 113,
	EMBER_TLS_ALERT_UNKNOWN_PSK_IDENTITY = 115,
	EMBER_TLS_ALERT_CERTIFICATE_REQUIRED = 116,
	EMBER_TLS_ALERT_NO_APPLICATION_PROTOCOL = 120
};

/* ember_tls_alert_name: "bad_record_mac" ..., "none" for EMBER_TLS_ALERT_NONE, NULL when unknown. */
const char *ember_tls_alert_name(int alert);

/*
 * ember_tls_alert_encode writes the 2-byte Alert (6) for |alert|: level
 * warning (1) for close_notify and user_canceled, fatal (2) for every
 * other (6.2). Returns 0, or EMBER_EINVAL for a value outside 0..255.
 */
int ember_tls_alert_encode(uint8_t out[2], int alert);

/* ---- Cipher suites ---- */

typedef struct ember_tls13_suite {
	uint16_t id;          /* 0x1301 */
	const char *name;     /* "TLS_AES_128_GCM_SHA256" */
	const char *hash;     /* the digest's registry name: "sha256", "sha384" */
	const char *aead;     /* the AEAD spec name (aead.h): "aes-128-gcm", "chacha20-poly1305" */
	size_t hash_len;      /* 32 or 48 */
	size_t key_len;       /* 16 or 32 */
} ember_tls13_suite;

/* ember_tls13_suite_find: the suite of code point |id|, NULL when not one of the three. */
const ember_tls13_suite *ember_tls13_suite_find(uint16_t id);
/* ember_tls13_suite_by_name: "TLS_AES_128_GCM_SHA256" (case-insensitive), NULL when unknown. */
const ember_tls13_suite *ember_tls13_suite_by_name(const char *name);
/* ember_tls13_suite_at: the suites in 0x1301, 0x1302, 0x1303 order; NULL past the end. */
const ember_tls13_suite *ember_tls13_suite_at(size_t i);
/* ember_tls13_suite_hash: the registry's default implementation of the suite's digest (NULL: none). */
const ember_hash_desc *ember_tls13_suite_hash(const ember_tls13_suite *s);

/* ---- HKDF-Expand-Label and Derive-Secret (7.1) ---- */

/*
 * ember_tls13_hkdf_expand_label writes |out_len| bytes of
 *   HKDF-Expand(Secret, HkdfLabel{out_len, "tls13 " + label, context}, out_len)
 * |label| is NUL-terminated, without the "tls13 " prefix ("key", "c hs
 * traffic"); 6 + its length at most 255 bytes, |context_len| at most 255,
 * |out_len| at most 255 x HashLen (and 65535). Returns 0, EMBER_EINVAL
 * (NULL pointer, label or context too long) or the errors of
 * ember_hkdf_expand.
 */
int ember_tls13_hkdf_expand_label(const ember_hash_desc *d, const uint8_t *secret, size_t secret_len,
    const char *label, const uint8_t *context, size_t context_len, uint8_t *out, size_t out_len);

/*
 * ember_tls13_derive_secret writes Derive-Secret(Secret, Label, Messages)
 * = HKDF-Expand-Label(Secret, Label, Transcript-Hash(Messages), HashLen)
 * to |out| (d->digest_len bytes), given |transcript_hash| =
 * Transcript-Hash(Messages) (d->digest_len bytes; NULL: the hash of no
 * message, as "derived" takes). |secret| is d->digest_len bytes.
 */
int ember_tls13_derive_secret(const ember_hash_desc *d, const uint8_t *secret, const char *label,
    const uint8_t *transcript_hash, uint8_t *out);

/* ---- Transcript hash (4.4.1) ---- */

/*
 * A running hash over the handshake messages (each with its 4-byte
 * handshake header, without record headers). ember_tls13_transcript_hash
 * takes the hash of what came so far without ending it (a copy of the
 * context is finished and wiped), so it can be called at every point the
 * key schedule needs. The context is plain data: a copy of the struct is
 * a second transcript that continues independently (a client waiting to
 * learn which suite's digest the server chose keeps one per digest).
 */
typedef struct ember_tls13_transcript {
	ember_hash_ctx h;
} ember_tls13_transcript;

/* Returns 0, EMBER_EINVAL (NULL, an XOF) or EMBER_ENOTSUP (|d| not supported here). */
int ember_tls13_transcript_init(ember_tls13_transcript *t, const ember_hash_desc *d);
void ember_tls13_transcript_update(ember_tls13_transcript *t, const void *msg, size_t len);
/* Writes the current hash, ember_tls13_transcript_len(t) bytes; |t| goes on unchanged. */
void ember_tls13_transcript_hash(const ember_tls13_transcript *t, uint8_t *out);
size_t ember_tls13_transcript_len(const ember_tls13_transcript *t);
/*
 * ember_tls13_transcript_hrr replaces what the transcript holds (ClientHello1)
 * with the synthetic message_hash message of 4.4.1:
 *   254 || 00 00 HashLen || Hash(ClientHello1)
 * (call it on receiving, or sending, a HelloRetryRequest, before adding it).
 */
void ember_tls13_transcript_hrr(ember_tls13_transcript *t);
void ember_tls13_transcript_clear(ember_tls13_transcript *t);

/* ---- Key schedule (7.1) ---- */

enum ember_tls13_stage {
	EMBER_TLS13_STAGE_NONE = 0,
	EMBER_TLS13_STAGE_EARLY,      /* secret = Early Secret */
	EMBER_TLS13_STAGE_HANDSHAKE,  /* secret = Handshake Secret */
	EMBER_TLS13_STAGE_MASTER      /* secret = Master Secret */
};

/* The secrets Derive-Secret gives at each stage, and the stage each needs. */
enum ember_tls13_secret {
	EMBER_TLS13_EXT_BINDER,     /* "ext binder", early; transcript hash of no message (NULL) */
	EMBER_TLS13_RES_BINDER,     /* "res binder", early; NULL */
	EMBER_TLS13_C_E_TRAFFIC,    /* "c e traffic", early; ClientHello */
	EMBER_TLS13_E_EXP_MASTER,   /* "e exp master", early; ClientHello */
	EMBER_TLS13_C_HS_TRAFFIC,   /* "c hs traffic", handshake; ClientHello..ServerHello */
	EMBER_TLS13_S_HS_TRAFFIC,   /* "s hs traffic", handshake; ClientHello..ServerHello */
	EMBER_TLS13_C_AP_TRAFFIC,   /* "c ap traffic", master; ClientHello..server Finished */
	EMBER_TLS13_S_AP_TRAFFIC,   /* "s ap traffic", master; ClientHello..server Finished */
	EMBER_TLS13_EXP_MASTER,     /* "exp master", master; ClientHello..server Finished */
	EMBER_TLS13_RES_MASTER      /* "res master", master; ClientHello..client Finished */
};

/*
 * The chain of Early, Handshake and Master Secret of one connection. The
 * fields are readable (a test, a key log); change them only through the calls.
 */
typedef struct ember_tls13_ks {
	const ember_tls13_suite *suite;
	const ember_hash_desc *hash;
	int stage;                                  /* enum ember_tls13_stage */
	uint8_t secret[EMBER_TLS13_MAX_HASH_LEN];   /* the current stage's secret, hash->digest_len bytes */
} ember_tls13_ks;

/*
 * ember_tls13_ks_init starts at Early Secret = HKDF-Extract(0, PSK); with
 * |psk| NULL (no PSK: the full handshake) the PSK is HashLen zero bytes.
 * |hash| NULL: the suite's default digest implementation. Returns 0,
 * EMBER_EINVAL or EMBER_ENOTSUP.
 */
int ember_tls13_ks_init(ember_tls13_ks *ks, const ember_tls13_suite *s, const ember_hash_desc *hash,
    const uint8_t *psk, size_t psk_len);
/*
 * ember_tls13_ks_handshake: Handshake Secret = HKDF-Extract(Derive-Secret(
 * Early Secret, "derived", ""), (EC)DHE shared secret). From the early
 * stage only (else EMBER_EINVAL); |dhe| any length from 1 byte.
 */
int ember_tls13_ks_handshake(ember_tls13_ks *ks, const uint8_t *dhe, size_t dhe_len);
/* ember_tls13_ks_master: Master Secret = HKDF-Extract(Derive-Secret(Handshake Secret, "derived", ""), 0). */
int ember_tls13_ks_master(ember_tls13_ks *ks);
/*
 * ember_tls13_ks_derive writes secret |which| (HashLen bytes) given the
 * transcript hash its row above names. EMBER_EINVAL when the context is not
 * at that secret's stage (the key schedule only moves forward).
 */
int ember_tls13_ks_derive(const ember_tls13_ks *ks, int which, const uint8_t *transcript_hash, uint8_t *out);
/* ember_tls13_ks_clear wipes |ks|. */
void ember_tls13_ks_clear(ember_tls13_ks *ks);

/*
 * ember_tls13_traffic_keys (7.3): key = HKDF-Expand-Label(secret, "key", "",
 * key_len) and iv = HKDF-Expand-Label(secret, "iv", "", 12) of suite |s|
 * from a traffic secret (s->hash_len bytes). |key| takes s->key_len bytes.
 */
int ember_tls13_traffic_keys(const ember_tls13_suite *s, const ember_hash_desc *d, const uint8_t *secret,
    uint8_t *key, uint8_t *iv);

/*
 * Finished (4.4.4): finished_key = HKDF-Expand-Label(BaseKey, "finished", "",
 * HashLen); verify_data = HMAC(finished_key, transcript hash). BaseKey is
 * the sender's handshake traffic secret; the transcript hash runs to the
 * message before Finished (CertificateVerify). ember_tls13_finished writes
 * HashLen bytes; ember_tls13_finished_verify compares a received
 * verify_data in constant time: 0, or EMBER_EVERIFY (wrong length
 * included): the connection then ends with decrypt_error.
 */
int ember_tls13_finished_key(const ember_hash_desc *d, const uint8_t *base_key, uint8_t *out);
int ember_tls13_finished(const ember_hash_desc *d, const uint8_t *base_key, const uint8_t *transcript_hash,
    uint8_t *verify_data);
int ember_tls13_finished_verify(const ember_hash_desc *d, const uint8_t *base_key,
    const uint8_t *transcript_hash, const uint8_t *verify_data, size_t verify_data_len);

/*
 * ember_tls13_next_traffic_secret (7.2, KeyUpdate):
 * application_traffic_secret_N+1 = HKDF-Expand-Label(secret_N, "traffic upd", "", HashLen).
 * |out| may be |secret|.
 */
int ember_tls13_next_traffic_secret(const ember_hash_desc *d, const uint8_t *secret, uint8_t *out);

/* ---- Record layer (5) ---- */

/* A record header (5.1): type, legacy_record_version, length. */
typedef struct ember_tls_record_hdr {
	uint8_t type;
	uint16_t version;
	uint16_t length;
} ember_tls_record_hdr;

/*
 * ember_tls_record_header reads the 5 bytes at |hdr| (the caller has them;
 * then it waits for |length| more). Refused:
 *   a type that is not 20..23          EMBER_EDECODE  unexpected_message
 *   length over 2^14 + 256             EMBER_ELEN     record_overflow
 *   (the plaintext types' tighter 2^14 is ember_tls_plaintext_parse's check).
 * legacy_record_version is reported, not checked (5.1: ignored).
 */
int ember_tls_record_header(const uint8_t hdr[EMBER_TLS_RECORD_HEADER_LEN], ember_tls_record_hdr *h,
    int *alert);

/*
 * ember_tls_plaintext_write frames |in_len| bytes of |type| as one
 * TLSPlaintext record at |out| (5 + in_len bytes, *out_len): types
 * handshake, alert and change_cipher_spec only (application data is never
 * sent unprotected); 1 to 2^14 bytes (5.1: no zero-length fragment);
 * change_cipher_spec exactly the byte 0x01. |version| is 0x0301 for an
 * initial ClientHello, 0x0303 otherwise. |in| may overlap |out| (moved
 * first). Returns 0, EMBER_EINVAL or EMBER_ELEN (|out_cap| too small, or
 * in_len out of range).
 */
int ember_tls_plaintext_write(uint8_t *out, size_t out_cap, size_t *out_len, uint8_t type, uint16_t version,
    const uint8_t *in, size_t in_len);

/*
 * ember_tls_plaintext_parse checks one whole unprotected record (header and
 * fragment, |rec_len| bytes) and points |*fragment| into it:
 *   fewer than 5 bytes, or the header's length not rec_len - 5
 *                                        EMBER_ELEN     decode_error
 *   type application_data, or unknown    EMBER_EDECODE  unexpected_message
 *   fragment over 2^14                   EMBER_ELEN     record_overflow
 *   empty handshake or alert fragment    EMBER_EDECODE  unexpected_message
 *   change_cipher_spec not the one byte 0x01
 *                                        EMBER_EDECODE  unexpected_message (5)
 * When a change_cipher_spec may be dropped, and when a plaintext record may
 * come at all, is the state machine's decision.
 */
int ember_tls_plaintext_parse(const uint8_t *rec, size_t rec_len, uint8_t *type, const uint8_t **fragment,
    size_t *fragment_len, int *alert);

/*
 * One direction of protected records: the AEAD keyed with a traffic key,
 * the iv, the 64-bit sequence number and (for KeyUpdate) the traffic
 * secret. Caller-owned; wiped by ember_tls13_record_clear.
 */
typedef struct ember_tls13_record {
	const ember_tls13_suite *suite;
	const ember_hash_desc *hash;
	ember_aead_ctx aead;
	uint64_t seq;                                /* the next record's sequence number */
	int seq_exhausted;                           /* 2^64 records done: rekey or close (5.3) */
	int has_secret;                              /* keyed from a traffic secret: KeyUpdate possible */
	uint8_t iv[EMBER_TLS13_IV_LEN];
	uint8_t secret[EMBER_TLS13_MAX_HASH_LEN];
} ember_tls13_record;

/*
 * ember_tls13_record_init keys |r| for suite |s| from a traffic secret
 * (s->hash_len bytes): the key and iv of 7.3, sequence number 0. |aead|
 * NULL: the registry's default implementation of the suite's AEAD; else a
 * descriptor of that algorithm (ember_aead_find("aes-gcm", "ct")). Returns
 * 0, EMBER_EINVAL, EMBER_ENOTSUP or the AEAD's key errors.
 * ember_tls13_record_init_keys keys it from a key (s->key_len bytes) and iv
 * directly (no KeyUpdate then).
 */
int ember_tls13_record_init(ember_tls13_record *r, const ember_tls13_suite *s, const ember_aead_desc *aead,
    const uint8_t *traffic_secret);
int ember_tls13_record_init_keys(ember_tls13_record *r, const ember_tls13_suite *s,
    const ember_aead_desc *aead, const uint8_t *key, size_t key_len, const uint8_t iv[EMBER_TLS13_IV_LEN]);
/*
 * ember_tls13_record_key_update moves |r| to the next traffic secret
 * (7.2): new key and iv, sequence number 0, the old secret wiped. The same
 * AEAD implementation stays. EMBER_EINVAL when |r| was keyed without a secret.
 */
int ember_tls13_record_key_update(ember_tls13_record *r);
void ember_tls13_record_clear(ember_tls13_record *r);

/*
 * ember_tls13_record_protect writes one TLSCiphertext record (5.2) at |out|:
 *   17 03 03 length || AEAD-Encrypt(key, iv ^ seq, header, content || type || pad_len zeros)
 * *out_len = 5 + in_len + 1 + pad_len + 16, at most |out_cap|. The
 * content may already sit at out + 5 (in place); else |in| is moved there
 * first (any overlap is safe). |type| handshake, alert or application_data;
 * handshake and alert content not empty; in_len + 1 + pad_len at most
 * 2^14 + 1 (5.4). The sequence number then advances; after the record of
 * number 2^64 - 1 the context refuses (EMBER_ERANGE): rekey or close.
 * Returns 0, EMBER_EINVAL, EMBER_ELEN (sizes) or EMBER_ERANGE.
 */
int ember_tls13_record_protect(ember_tls13_record *r, uint8_t *out, size_t out_cap, size_t *out_len,
    uint8_t type, const uint8_t *in, size_t in_len, size_t pad_len);

/*
 * ember_tls13_record_unprotect opens one whole TLSCiphertext record
 * (|record|, |record_len| bytes with its header) into |out| (room for
 * record_len - 5 - 16 bytes; |out| may be record + 5, in place): the inner
 * plaintext, whose content is the first *content_len bytes and whose type
 * goes to *type. The sequence number advances on success only. Refused:
 *   fewer than 5 bytes, or the header's length not record_len - 5
 *                                         EMBER_ELEN     decode_error
 *   outer type not application_data       EMBER_EDECODE  unexpected_message
 *   length over 2^14 + 256, or an inner plaintext over 2^14 + 1
 *                                         EMBER_ELEN     record_overflow
 *   shorter than the tag, or the tag wrong (header, ciphertext, tag or
 *   sequence number changed)              EMBER_EVERIFY  bad_record_mac
 *   inner plaintext all zero (no type)    EMBER_EDECODE  unexpected_message
 *   inner type not alert, handshake or application_data, or an empty
 *   handshake or alert content            EMBER_EDECODE  unexpected_message
 *   |out_cap| too small, NULL pointers    EMBER_ELEN / EMBER_EINVAL  none
 *   sequence numbers exhausted            EMBER_ERANGE   none (close)
 */
int ember_tls13_record_unprotect(ember_tls13_record *r, uint8_t *out, size_t out_cap, const uint8_t *record,
    size_t record_len, uint8_t *type, size_t *content_len, int *alert);

/* ---- The handshake: client and server connections (4) ---- */

/*
 * A TLS 1.3 connection (RFC 8446, full handshake, no PSK, no 0-RTT) over
 * caller-provided memory: no sockets, no allocation. The caller moves
 * bytes between the connection and its transport:
 *
 *   ember_tls13_client_init(&c, &cfg, buf, sizeof(buf));   (or _server_init)
 *   loop:
 *     ember_tls13_output(&c, out, cap, &n)  -> send n bytes (handshake
 *                                              flights, alerts, KeyUpdate)
 *     ember_tls13_input(&c, in, len, &used) <- bytes received; it takes
 *                                              what it can (nothing while
 *                                              output or read data waits)
 *     ember_tls13_read(&c, ...)             application data received
 *     ember_tls13_write(&c, out, ...)       application data to send
 *   until ember_tls13_state(&c) is EMBER_TLS13_CONNECTED (then exchange
 *   data), EMBER_TLS13_CLOSED or EMBER_TLS13_FAILED.
 *
 * Supported: the three suites above; groups x25519, secp256r1, secp384r1
 * and X25519MLKEM768; CertificateVerify with ecdsa_secp256r1_sha256,
 * ecdsa_secp384r1_sha384, rsa_pss_rsae_sha256/384/512, ed25519 and
 * mldsa44/65/87; HelloRetryRequest both ways (the client's cookie echoed;
 * the server is stateful and sends none unless configured: hrr_cookie);
 * KeyUpdate both ways, and automatically before the AEAD limits of 5.5; change_cipher_spec dropped
 * where 5 allows (never sent); handshake messages fragmented over records
 * or several per record (never across a key change: unexpected_message).
 * The server ignores pre_shared_key and early_data and drops 0-RTT
 * records that fail deprotection (4.2.10); it never requests a client
 * certificate. The client verifies the server's chain with x509.h (unless
 * EMBER_TLS13_NO_VERIFY), answers CertificateRequest with an empty
 * Certificate and ignores NewSessionTicket.
 *
 * A server takes a plaintext alert from a client that has not sent a
 * protected record yet (a client that failed before it had keys; OpenSSL
 * sends those), as OpenSSL's server does.
 *
 * TLS 1.2 (RFC 5246), when the config's versions name it (tls12.h's
 * suites): ECDHE-ECDSA/ECDHE-RSA with AES-GCM and ChaCha20-Poly1305, and
 * RSA key transport with AES-128-CBC-SHA only when tls12_suites names it;
 * the groups x25519, secp256r1, secp384r1; ServerKeyExchange signed with
 * the schemes above (Ed25519 for ECDSA suites, RFC 8422) or
 * rsa_pkcs1_sha256/384/512; extended master secret (RFC 7627) when both
 * offer it; renegotiation_info (RFC 5746) required of a server and
 * answered to a client, renegotiation itself refused (a no_renegotiation
 * warning); the downgrade sentinel of RFC 8446 4.1.3 set by a server of
 * both versions and checked by a client of both; TLS_FALLBACK_SCSV (RFC
 * 7507) answered with inappropriate_fallback. No resumption or session
 * tickets; no client certificate (a CertificateRequest gets an empty
 * Certificate). The same calls run either version: ember_tls_conn_version
 * says which; ember_tls13_key_update is TLS 1.3's only. A CBC record needs
 * 58 bytes of output room for one byte of content.
 *
 * Extensions answered beyond the ones above, each when the config asks:
 * supported_groups in EncryptedExtensions (ee_groups), record_size_limit
 * (RFC 8449) both ways, and an empty server_name (EMBER_TLS13_SNI_ACK).
 *
 * Errors: the calls return 0 or a negative EMBER_E* code; once a call
 * fails the connection is EMBER_TLS13_FAILED, the fatal alert it sends is
 * queued for ember_tls13_output (send it, then close the transport), and
 * ember_tls13_alert tells which alert ended it and who sent it. A fatal
 * alert from the peer is EMBER_ECLOSED.
 */

/* NamedGroup (4.2.7) */
#define EMBER_TLS_GROUP_SECP256R1 0x0017
#define EMBER_TLS_GROUP_SECP384R1 0x0018
#define EMBER_TLS_GROUP_X25519 0x001d
#define EMBER_TLS_GROUP_X25519MLKEM768 0x11ec
/* SignatureScheme (4.2.3; ML-DSA: draft-ietf-tls-mldsa) */
#define EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256 0x0403
#define EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384 0x0503
/* RSASSA-PKCS1-v1_5: TLS 1.2's ServerKeyExchange only (never in TLS 1.3's CertificateVerify, 4.2.3) */
#define EMBER_TLS_SIG_RSA_PKCS1_SHA256 0x0401
#define EMBER_TLS_SIG_RSA_PKCS1_SHA384 0x0501
#define EMBER_TLS_SIG_RSA_PKCS1_SHA512 0x0601
#define EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256 0x0804
#define EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384 0x0805
#define EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512 0x0806
#define EMBER_TLS_SIG_ED25519 0x0807
#define EMBER_TLS_SIG_MLDSA44 0x0904
#define EMBER_TLS_SIG_MLDSA65 0x0905
#define EMBER_TLS_SIG_MLDSA87 0x0906

/* ember_tls_group_name / ember_tls_sig_name: "x25519", "ecdsa_secp256r1_sha256" ...; NULL when unknown. */
const char *ember_tls_group_name(uint16_t group);
const char *ember_tls_sig_name(uint16_t scheme);
/* 1 when this build supports the group / scheme. */
int ember_tls_group_supported(uint16_t group);
int ember_tls_sig_supported(uint16_t scheme);

/* ember_tls13_config.versions: the protocol versions offered (client) or accepted (server); 0 is
   TLS 1.3 alone. With both, a client offers both in one ClientHello (it never retries lower) and a
   server picks TLS 1.3 when the client offers it, TLS 1.2 otherwise (with 4.1.3's downgrade sentinel). */
#define EMBER_TLS_VERSION_1_2 0x1u
#define EMBER_TLS_VERSION_1_3 0x2u

/* Flags of ember_tls13_config. */
#define EMBER_TLS13_NO_VERIFY 0x1u /* client: accept any well-formed chain (tests, measurements only) */
/* server: answer a client's server_name with an empty server_name in EncryptedExtensions, the answer
   of a server that used the name (RFC 6066 3); without it the name is accepted and not answered */
#define EMBER_TLS13_SNI_ACK 0x2u

#define EMBER_TLS13_MAX_CHAIN 8
#define EMBER_TLS13_MAX_SPKI 2624        /* an ML-DSA-87 SubjectPublicKeyInfo */
#define EMBER_TLS13_MAX_COOKIE 512       /* a longer HelloRetryRequest cookie is refused (illegal_parameter) */
/* The memory a connection takes from the caller: one whole record plus the handshake buffer. */
#define EMBER_TLS13_HS_BUF 18432         /* default handshake buffer: a two-certificate ML-DSA-65 flight */
#define EMBER_TLS13_MIN_HS_BUF 4096
#define EMBER_TLS13_CONN_BUF (EMBER_TLS_MAX_RECORD + EMBER_TLS13_HS_BUF)
/* The largest record a client that offered max_fragment_length |code| (RFC 6066: 1..4, 2^9..2^12
   bytes of content) takes from a server that accepted it: header, 2^(8 + code) bytes and RFC 8446's
   256 of expansion; and the smallest |buf| such a client may be given. */
#define EMBER_TLS13_MFL_RECORD(code) (EMBER_TLS_RECORD_HEADER_LEN + (1u << (8 + (code))) + 256u)
#define EMBER_TLS13_MFL_BUF(code) (EMBER_TLS13_MFL_RECORD(code) + EMBER_TLS13_MIN_HS_BUF)

struct ember_pkey;
struct ember_x509_verify_params;

/*
 * The phases of a handshake's cost, for ember_tls13_config.probe. When
 * probe is not NULL the connection calls probe(probe_arg, phase, 0) just
 * before and probe(probe_arg, phase, 1) just after each primitive call of
 * that phase (a timer started and stopped, a counter), on the caller's
 * thread, from within the ember_tls13_* call doing the work. Phases never
 * nest: a begin is always followed by its own end before the next begin
 * (a primitive that does another phase's work inside, as the chain check
 * hashes, is reported once, as the outer phase). Without a probe the cost
 * is one pointer test per primitive call. The probe must not call the
 * connection. Which phases a handshake sees: the client has no SIGN (it
 * sends no certificate), the server no VERIFY (it requests none).
 */
enum ember_tls13_phase {
	EMBER_TLS13_PH_KEX = 0,     /* key exchange: the share's key generation, ECDH, ML-KEM encaps/decaps
	                               (tls13_share_*) */
	EMBER_TLS13_PH_SIGN,        /* the CertificateVerify signature */
	EMBER_TLS13_PH_VERIFY,      /* the peer's chain check (EMBER_TLS13_NO_VERIFY: the leaf's parse) and
	                               its CertificateVerify check */
	EMBER_TLS13_PH_KEYSCHED,    /* HKDF: secrets, traffic keys, Finished compute/verify */
	EMBER_TLS13_PH_TRANSCRIPT,  /* transcript hash updates and hashes */
	EMBER_TLS13_PH_RECORD,      /* record protection and deprotection (handshake and application
	                               records) */
	EMBER_TLS13_PH_COUNT
};

/*
 * What a connection offers or accepts; caller-owned, read during the
 * handshake (it must outlive it). NULL lists take the defaults:
 * suites 0x1301, 0x1302, 0x1303; groups x25519, secp256r1, secp384r1,
 * X25519MLKEM768 (the client sends a share for the first only); every
 * supported signature scheme. The server picks by its own order.
 */
typedef struct ember_tls13_config {
	const uint16_t *suites;
	size_t n_suites;
	const uint16_t *groups;
	size_t n_groups;
	const uint16_t *sig_schemes;
	size_t n_sig_schemes;
	/* server: the chain sent (DER, leaf first) and the leaf's private key (RSA: its blinding
	   values change with each signature, so one key per thread) */
	const uint8_t *const *chain;
	const size_t *chain_lens;
	size_t n_chain;
	struct ember_pkey *key;
	/* client: the name sent in server_name and checked against the leaf (NULL: none sent, none
	   checked), and the verification parameters (anchors, time; x509.h) */
	const char *server_name;
	const struct ember_x509_verify_params *verify;
	unsigned flags;
	/* server: the supported_groups extension sent in EncryptedExtensions (4.2.7: the server's
	   preference, which the client may use in later connections), written as given: groups this
	   build does not implement may be listed. NULL: none sent */
	const uint16_t *ee_groups;
	size_t n_ee_groups;
	/* record_size_limit (RFC 8449), 64 .. 2^14 + 1 (the TLS 1.3 maximum: content, type and padding);
	   0: neither sent nor answered. The client offers it in ClientHello; the server answers it in
	   EncryptedExtensions when the client offered it. Once both sent it, each side protects records
	   within the peer's limit and ends the connection with record_overflow on a record over its own. */
	uint16_t record_size_limit;
	/* client: max_fragment_length (RFC 6066 4) to offer, 1 .. 4 for 2^9 .. 2^12 bytes of content per
	   record; 0: not offered. A server always accepts an offer (as OpenSSL's does), except beside a
	   record_size_limit it answers (RFC 8449 5: that one wins). Once accepted, both sides keep every
	   record within the limit, the server's ServerHello included, and a record over it ends the
	   connection with record_overflow; a client offering it may be given EMBER_TLS13_MFL_BUF(code)
	   bytes instead of EMBER_TLS_MAX_RECORD + EMBER_TLS13_MIN_HS_BUF, and then takes no record
	   longer than EMBER_TLS13_MFL_RECORD(code) (record_overflow), accepted or not. */
	uint8_t max_fragment_length;
	/* server: a cookie (4.2.2) sent in HelloRetryRequest, which the second ClientHello must echo
	   exactly (illegal_parameter otherwise); 1 .. EMBER_TLS13_MAX_COOKIE bytes. NULL: none sent (the
	   server keeps its state and needs none; a cookie in a ClientHello is then ignored) */
	const uint8_t *hrr_cookie;
	size_t hrr_cookie_len;
	/* client: called with the server's certificates (DER, leaf first, the first EMBER_TLS13_MAX_CHAIN
	   of its Certificate message) once they passed the chain check (EMBER_TLS13_NO_VERIFY: once the
	   leaf parsed), before its CertificateVerify is checked; the pointers are valid only during the
	   call (the engine keeps no copy). NULL: not called */
	void (*peer_chain)(void *arg, const uint8_t *const *certs, const size_t *lens, size_t n);
	void *peer_chain_arg;
	/* EMBER_TLS_VERSION_* (0: TLS 1.3 only) */
	unsigned versions;
	/* TLS 1.2's suites (tls12.h), in order of preference; NULL: the six ECDHE suites of
	   ember_tls12_suite_at. The legacy RSA key transport suite is offered or accepted only when
	   listed here. TLS 1.2 takes the groups x25519, secp256r1 and secp384r1 of |groups|, and the
	   schemes of |sig_schemes| (with rsa_pkcs1_* added to the default list) */
	const uint16_t *tls12_suites;
	size_t n_tls12_suites;
	/* the message trace (openssl's -msg): called for each handshake message (whole, with its 4-byte
	   header), change_cipher_spec and alert, as the connection writes it into its output (sent 1) or
	   takes it from the peer (sent 0, before handling it), with its record content type and the
	   version in force (0x0304, 0x0303; 0 before ServerHello); the bytes are valid during the call
	   only, and it must not call the connection. NULL: not called */
	void (*msg_cb)(void *arg, int sent, uint16_t version, int content_type, const uint8_t *msg, size_t len);
	void *msg_cb_arg;
	/* the phase probe (enum ember_tls13_phase above); NULL: none */
	void (*probe)(void *arg, int phase, int end);
	void *probe_arg;
} ember_tls13_config;

enum ember_tls13_state {
	EMBER_TLS13_HANDSHAKE = 1,
	EMBER_TLS13_CONNECTED,
	EMBER_TLS13_CLOSED,        /* close_notify received, or sent and flushed: the other direction
	                              stays open until its own close_notify (RFC 8446 6.1; see
	                              ember_tls13_close_notify) */
	EMBER_TLS13_FAILED
};

/* The connection: plain data, caller-owned; only the calls below change it. */
typedef struct ember_tls13_conn {
	const ember_tls13_config *cfg;
	int server;
	int state;                 /* enum ember_tls13_state */
	int hs_state;              /* the handshake's own state (tls13_hs.h) */
	int alert;                 /* the alert that ended the connection, EMBER_TLS_ALERT_NONE */
	int alert_from_peer;
	int peer_closed, sent_close;
	const ember_tls13_suite *suite;
	const ember_hash_desc *hash;
	ember_tls13_transcript tr, tr2;   /* client: SHA-256 and SHA-384 until ServerHello */
	ember_tls13_ks ks;
	/* the records of either version (version): TLS 1.3's, or TLS 1.2's */
	union {
		ember_tls13_record t13;
		ember_tls12_record t12;
	} rd, wr;
	int rd_on, wr_on;
	uint16_t version;          /* 0x0304, 0x0303 once ServerHello settled it; 0 before */
	/* TLS 1.2's handshake (tls12_client.c, tls12_server.c) */
	const ember_tls12_suite *suite12;
	uint8_t peer_random[32];
	uint8_t master[EMBER_TLS12_MASTER_LEN];
	uint16_t client_version;   /* server: ClientHello's legacy_version, for the RSA pre-master check */
	int ems;                   /* extended master secret (RFC 7627) negotiated */
	uint8_t peer_point[97];    /* client: ServerKeyExchange's ECDH public key, until ServerHelloDone */
	size_t peer_point_len;
	int ccs_expected;          /* a change_cipher_spec is the next record the state machine takes */
	int out_ccs;               /* the flight sends change_cipher_spec between its plain and protected parts */
	int rd_changed;            /* the message just handled changed the read key */
	uint8_t c_hs[EMBER_TLS13_MAX_HASH_LEN], s_hs[EMBER_TLS13_MAX_HASH_LEN];
	uint8_t wr_next[EMBER_TLS13_MAX_HASH_LEN];        /* the write side's next traffic secret */
	uint8_t ap_secret[EMBER_TLS13_MAX_HASH_LEN];      /* server: the client's, until its Finished */
	uint16_t group, sig_scheme;
	uint8_t random[32];
	uint8_t sid[32];
	size_t sid_len;
	int hrr;
	uint8_t cookie[EMBER_TLS13_MAX_COOKIE];
	size_t cookie_len;
	union {
		uint8_t x25519[32];
		uint8_t hybrid[2432];           /* EMBER_X25519MLKEM768_PRIV_LEN */
		struct {
			int curve;
			uint8_t d[48];
			uint8_t q[96];  /* x || y: the finish step needs no d G again */
		} ec;
	} kx;
	uint8_t peer_spki[EMBER_TLS13_MAX_SPKI];
	size_t peer_spki_len;
	int cert_requested;
	uint8_t cr_ctx[255];
	size_t cr_ctx_len;
	int early_skip;            /* server: the client offered 0-RTT; drop records that fail to open */
	uint16_t peer_rsl, own_rsl;  /* record_size_limit (RFC 8449) in force: the peer's, ours; 0: none */
	uint8_t mfl;               /* max_fragment_length (RFC 6066) in force (it sets both limits above); 0: none */
	int sni_seen;              /* server: the client sent server_name */
	size_t early_skipped;
	int ku_pending;            /* a KeyUpdate(update_requested) to answer */
	/* caller's memory */
	uint8_t *rec;
	size_t rec_len, rec_cap;
	uint8_t *hs;
	size_t hs_cap, hs_len;
	/* the pending output: hs[0..out_plain) as plaintext records, then [out_plain..out_end) protected */
	size_t out_off, out_plain, out_end;
	uint8_t out_type;
	uint16_t out_version;
	int out_rekey;             /* after the flight: the write side moves to wr_next */
	int out_then_close;
	/* received application data not yet read (points into rec) */
	const uint8_t *app;
	size_t app_len;
	/* what went over the wire */
	uint64_t bytes_out, bytes_in;
	uint64_t records_out;      /* under the current write key, for the AEAD limits */
} ember_tls13_conn;

/*
 * ember_tls13_client_init / ember_tls13_server_init start a connection in
 * |buf| (buf_len at least EMBER_TLS_MAX_RECORD + EMBER_TLS13_MIN_HS_BUF, or
 * for a client offering max_fragment_length EMBER_TLS13_MFL_BUF(code);
 * EMBER_TLS13_CONN_BUF is enough for every flight this engine sends).
 * The client's ClientHello is then waiting in ember_tls13_output. Returns
 * 0, EMBER_EINVAL (a NULL, a list naming nothing supported, a server
 * without chain or key, a client without verify parameters and without
 * EMBER_TLS13_NO_VERIFY), EMBER_ELEN (buf too small) or EMBER_ERANDOM.
 */
int ember_tls13_client_init(ember_tls13_conn *c, const ember_tls13_config *cfg, uint8_t *buf, size_t buf_len);
int ember_tls13_server_init(ember_tls13_conn *c, const ember_tls13_config *cfg, uint8_t *buf, size_t buf_len);

/*
 * ember_tls13_input takes up to |len| bytes the peer sent and processes
 * every whole record among them; *used is how many it took (fewer while
 * output is waiting or application data is unread: call again after).
 */
int ember_tls13_input(ember_tls13_conn *c, const uint8_t *in, size_t len, size_t *used);
/* ember_tls13_output_pending: 1 when records wait for ember_tls13_output. */
int ember_tls13_output_pending(const ember_tls13_conn *c);
/*
 * ember_tls13_output writes as many waiting records as fit in |cap| (a
 * handshake message is split over records as needed; at least 22 bytes of
 * room make progress) and sets *out_len (0: nothing waits).
 */
int ember_tls13_output(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *out_len);
/*
 * ember_tls13_write protects |len| bytes of application data into records
 * at |out| (*out_len bytes to send; each record 2^14 bytes of data, or
 * the peer's record_size_limit less one, and 22 bytes of overhead at
 * most), first a KeyUpdate when the write key is near its limit.
 * Connected (or closed by the peer only: RFC 8446 6.1), with no output
 * waiting; else EMBER_EINVAL. EMBER_ELEN when |cap| cannot take it all (nothing written).
 */
int ember_tls13_write(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *out_len, const uint8_t *data,
    size_t len);
/* ember_tls13_read moves up to |cap| bytes of received application data to |out| (*n; 0: none now). */
int ember_tls13_read(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *n);
/* ember_tls13_key_update queues a KeyUpdate (request: ask the peer to update too). Connected only. */
int ember_tls13_key_update(ember_tls13_conn *c, int request);
/*
 * ember_tls13_close queues close_notify; the state is CLOSED once it has
 * been output. Closing one direction leaves the other open (RFC 8446 6.1):
 * after sending close_notify, ember_tls13_input and ember_tls13_read still
 * take the peer's application data until its close_notify; after
 * receiving one, ember_tls13_write still sends until ember_tls13_close.
 */
int ember_tls13_close(ember_tls13_conn *c);
int ember_tls13_state(const ember_tls13_conn *c);
/* ember_tls13_close_notify: EMBER_TLS13_CLOSE_SENT (output) | EMBER_TLS13_CLOSE_RECEIVED, or 0. */
#define EMBER_TLS13_CLOSE_SENT 1
#define EMBER_TLS13_CLOSE_RECEIVED 2
int ember_tls13_close_notify(const ember_tls13_conn *c);
/* ember_tls13_alert: the alert that ended the connection (EMBER_TLS_ALERT_NONE: none); *from_peer may be NULL. */
int ember_tls13_alert(const ember_tls13_conn *c, int *from_peer);
/* The negotiated suite, group and server signature scheme (0 / NULL before ServerHello). */
const ember_tls13_suite *ember_tls13_conn_suite(const ember_tls13_conn *c);
uint16_t ember_tls13_conn_group(const ember_tls13_conn *c);
uint16_t ember_tls13_conn_sig(const ember_tls13_conn *c);
/* The protocol version negotiated: 0x0304 (TLS 1.3), 0x0303 (TLS 1.2); 0 before ServerHello. */
uint16_t ember_tls_conn_version(const ember_tls13_conn *c);
/* TLS 1.2's suite (NULL for TLS 1.3 and before ServerHello; ember_tls13_conn_suite is then NULL). */
const ember_tls12_suite *ember_tls12_conn_suite(const ember_tls13_conn *c);
/* 1 when the handshake went through a HelloRetryRequest. */
int ember_tls13_conn_hrr(const ember_tls13_conn *c);
/* ember_tls13_conn_clear wipes |c| and the handshake and record buffers it was given. */
void ember_tls13_conn_clear(ember_tls13_conn *c);

#ifdef __cplusplus
}
#endif

#endif
