/*
 * tls13_hs.h - what the handshake files share (not installed): the
 * handshake states, bounded readers and writers of the TLS presentation
 * language, the key exchange and signature glue (tls13_auth.c), and the
 * connection's plumbing (tls13_conn.c) that the client (tls13_client.c)
 * and server (tls13_server.c) state machines call.
 */
#ifndef EMBER_TLS13_HS_H
#define EMBER_TLS13_HS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/tls.h"
#include "../internal.h"

/* HandshakeType (4) */
enum {
	HS_CLIENT_HELLO = 1,
	HS_SERVER_HELLO = 2,
	HS_NEW_SESSION_TICKET = 4,
	HS_END_OF_EARLY_DATA = 5,
	HS_ENCRYPTED_EXTENSIONS = 8,
	HS_CERTIFICATE = 11,
	HS_CERTIFICATE_REQUEST = 13,
	HS_CERTIFICATE_VERIFY = 15,
	HS_FINISHED = 20,
	HS_KEY_UPDATE = 24,
	/* TLS 1.2 (RFC 5246 7.4) */
	HS_HELLO_REQUEST = 0,
	HS_SERVER_KEY_EXCHANGE = 12,
	HS_SERVER_HELLO_DONE = 14,
	HS_CLIENT_KEY_EXCHANGE = 16
};

/* ExtensionType (4.2) */
enum {
	EXT_SERVER_NAME = 0,
	EXT_MAX_FRAGMENT_LENGTH = 1,
	EXT_SUPPORTED_GROUPS = 10,
	EXT_SIGNATURE_ALGORITHMS = 13,
	EXT_ALPN = 16,
	EXT_RECORD_SIZE_LIMIT = 28,
	EXT_PRE_SHARED_KEY = 41,
	EXT_EARLY_DATA = 42,
	EXT_SUPPORTED_VERSIONS = 43,
	EXT_COOKIE = 44,
	EXT_PSK_KEY_EXCHANGE_MODES = 45,
	EXT_CERTIFICATE_AUTHORITIES = 47,
	EXT_SIGNATURE_ALGORITHMS_CERT = 50,
	EXT_KEY_SHARE = 51,
	/* TLS 1.2's */
	EXT_EC_POINT_FORMATS = 11,          /* RFC 8422 5.1.2 */
	EXT_EXTENDED_MASTER_SECRET = 23,    /* RFC 7627 */
	EXT_RENEGOTIATION_INFO = 0xff01     /* RFC 5746 */
};

/* The handshake states (ember_tls13_conn.hs_state). */
enum {
	ST_C_WAIT_SH = 1,
	ST_C_WAIT_EE,
	ST_C_WAIT_CERT_CR,
	ST_C_WAIT_CERT,
	ST_C_WAIT_CV,
	ST_C_WAIT_FIN,
	ST_S_WAIT_CH,
	ST_S_WAIT_FIN,
	ST_CONNECTED,
	/* TLS 1.2 (tls12_client.c, tls12_server.c) */
	ST_C12_WAIT_CERT,
	ST_C12_WAIT_SKE,
	ST_C12_WAIT_SHD,           /* CertificateRequest or ServerHelloDone */
	ST_C12_WAIT_FIN,           /* change_cipher_spec, then Finished */
	ST_S12_WAIT_CKE,
	ST_S12_WAIT_FIN            /* change_cipher_spec, then Finished */
};

/* record_size_limit's range in TLS 1.3 (RFC 8449 4): the limit counts content, type and padding */
#define TLS13_RSL_MIN 64
#define TLS13_RSL_MAX (EMBER_TLS_MAX_PLAINTEXT + 1)
/* max_fragment_length |code| (RFC 6066 4) as the limits above: 2^(8 + code) bytes of content */
#define TLS13_MFL_RSL(code) ((uint16_t)((1u << (8 + (code))) + 1u))

#define TLS13_VERSION 0x0304
#define TLS12_VERSION 0x0303

/* ---- Bounded reading: every call fails (returns 0, sets err) past the end. ---- */

typedef struct tls_in {
	const uint8_t *p;
	size_t n;
	int err;
} tls_in;

static inline tls_in tls_in_of(const uint8_t *p, size_t n)
{
	tls_in r;

	r.p = p;
	r.n = n;
	r.err = 0;
	return r;
}

static inline int tls_get(tls_in *r, size_t len, const uint8_t **out)
{
	if (r->err || len > r->n) {
		r->err = 1;
		return 0;
	}
	*out = r->p;
	r->p += len;
	r->n -= len;
	return 1;
}

static inline uint32_t tls_getn(tls_in *r, size_t bytes)
{
	const uint8_t *p;
	uint32_t v = 0;
	size_t i;

	if (!tls_get(r, bytes, &p))
		return 0;
	for (i = 0; i < bytes; i++)
		v = (v << 8) | p[i];
	return v;
}

/* tls_vec reads a vector with a |bytes|-byte length prefix into |sub|; min/max bound its length. */
static inline int tls_vec(tls_in *r, size_t bytes, size_t min, size_t max, tls_in *sub)
{
	const uint8_t *p;
	size_t len = tls_getn(r, bytes);

	if (r->err || len < min || len > max || !tls_get(r, len, &p)) {
		r->err = 1;
		return 0;
	}
	*sub = tls_in_of(p, len);
	return 1;
}

/* ---- Bounded writing: past |cap| nothing is written and err is set. ---- */

typedef struct tls_out {
	uint8_t *p;
	size_t cap, n;
	int err;
} tls_out;

static inline void tls_put(tls_out *w, const void *data, size_t len)
{
	if (w->err || len > w->cap - w->n) {
		w->err = 1;
		return;
	}
	if (len)
		memmove(w->p + w->n, data, len);
	w->n += len;
}

static inline void tls_putn(tls_out *w, uint32_t v, size_t bytes)
{
	uint8_t b[4];
	size_t i;

	for (i = 0; i < bytes; i++)
		b[i] = (uint8_t)(v >> (8 * (bytes - 1 - i)));
	tls_put(w, b, bytes);
}

/* tls_open reserves a |bytes|-byte length; tls_close writes the length of what followed. */
static inline size_t tls_open(tls_out *w, size_t bytes)
{
	size_t at = w->n;

	tls_putn(w, 0, bytes);
	return at;
}

static inline void tls_close(tls_out *w, size_t at, size_t bytes)
{
	size_t len, i;

	if (w->err)
		return;
	len = w->n - at - bytes;
	if (bytes < 4 && len >> (8 * bytes)) {
		w->err = 1;
		return;
	}
	for (i = 0; i < bytes; i++)
		w->p[at + i] = (uint8_t)(len >> (8 * (bytes - 1 - i)));
}

/*
 * TLS13_PROBED(c, phase, statement) runs |statement| between the calls
 * probe(arg, phase, 0) and probe(arg, phase, 1) of the connection's config
 * (tls.h, ember_tls13_config.probe), or alone when there is no probe: one
 * pointer test. Each wraps one primitive call (or a few of one phase in a
 * row), never another TLS13_PROBED, so phases never nest.
 */
#define TLS13_PROBED(c, phase, statement) \
	do { \
		void (*probe_)(void *, int, int) = (c)->cfg->probe; \
		if (probe_ == NULL) { \
			statement; \
		} else { \
			probe_((c)->cfg->probe_arg, (phase), 0); \
			statement; \
			probe_((c)->cfg->probe_arg, (phase), 1); \
		} \
	} while (0)

/* The config's message trace (ember_tls13_config.msg_cb), when there is one. */
static inline void tls_msg(const ember_tls13_conn *c, int sent, int type, const uint8_t *p, size_t n)
{
	if (c->cfg->msg_cb)
		c->cfg->msg_cb(c->cfg->msg_cb_arg, sent, c->version, type, p, n);
}

/* ---- tls13_auth.c: key shares and CertificateVerify ---- */

/* The key share's length on the wire: client's and server's (0: unsupported). */
EMBER_HIDDEN size_t tls13_share_len(uint16_t group, int server);
/* Client: a fresh key pair; the public share goes to |share| (tls13_share_len bytes). */
EMBER_HIDDEN int tls13_share_keygen(ember_tls13_conn *c, uint16_t group, uint8_t *share);
/* Server: its share for the client's and the shared secret (*ss_len bytes, at most 64). */
EMBER_HIDDEN int tls13_share_respond(uint16_t group, const uint8_t *peer, size_t peer_len, uint8_t *share,
    uint8_t *ss, size_t *ss_len);
/* Client: the shared secret from the server's share. */
EMBER_HIDDEN int tls13_share_finish(ember_tls13_conn *c, const uint8_t *peer, size_t peer_len, uint8_t *ss,
    size_t *ss_len);
EMBER_HIDDEN void tls13_share_clear(ember_tls13_conn *c);

/* 1 when |k| signs with |scheme|, as TLS 1.2 (|v12|: ECDSA schemes on any curve) or 1.3 reads it. */
EMBER_HIDDEN int tls_sig_fits(const ember_pkey *k, uint16_t scheme, int v12);
/* The TLS 1.3 scheme that |k| signs with among |offered| (n entries; PKCS#1 skipped), 0 when none. */
EMBER_HIDDEN uint16_t tls13_sig_pick(const ember_pkey *k, const uint16_t *offered, size_t n);
/* The content signed in CertificateVerify (4.4.3) for |th|; returns its length (at most 146). */
EMBER_HIDDEN size_t tls13_cv_content(uint8_t *out, int server, const uint8_t *th, size_t th_len);
EMBER_HIDDEN int tls13_sign(ember_pkey *k, uint16_t scheme, int v12, const uint8_t *msg, size_t len, uint8_t *sig,
    size_t cap, size_t *sig_len);
/* 0, EMBER_EVERIFY, or EMBER_EINVAL when |scheme| does not fit the key in |spki|. */
EMBER_HIDDEN int tls13_verify(const uint8_t *spki, size_t spki_len, uint16_t scheme, int v12, const uint8_t *msg,
    size_t len, const uint8_t *sig, size_t sig_len);
/* The largest signature |k| makes. */
EMBER_HIDDEN size_t tls13_sig_max(const ember_pkey *k);

/* ---- tls13_hs.c: for the state machines and the connection ---- */

/* tls13_fail ends the connection with |alert| queued (or none) and returns |err|. */
EMBER_HIDDEN int tls13_fail(ember_tls13_conn *c, int alert, int err);
/* The default or configured lists. */
EMBER_HIDDEN const uint16_t *tls13_suites(const ember_tls13_conn *c, size_t *n);
EMBER_HIDDEN const uint16_t *tls13_groups(const ember_tls13_conn *c, size_t *n);
EMBER_HIDDEN const uint16_t *tls13_sigs(const ember_tls13_conn *c, size_t *n);
EMBER_HIDDEN int tls13_in_list(const uint16_t *list, size_t n, uint16_t v);
/* A handshake message header (type, 24-bit length) opened at |w|; tls13_msg_end closes it and adds it to the transcript. */
EMBER_HIDDEN size_t tls13_msg_begin(tls_out *w, uint8_t type);
EMBER_HIDDEN void tls13_msg_end(ember_tls13_conn *c, tls_out *w, size_t at);
/* Sets the write side's flight: hs[0..plain) plaintext, [plain..end) protected. */
EMBER_HIDDEN void tls13_flight(ember_tls13_conn *c, size_t plain, size_t end, uint16_t version);
/* Queues a short message of record type |type| (an alert, a KeyUpdate) at hs[hs_len..]. */
EMBER_HIDDEN void tls13_queue(ember_tls13_conn *c, uint8_t type, const uint8_t *msg, size_t len);
/* Keys a record direction from a traffic secret. */
EMBER_HIDDEN int tls13_key(ember_tls13_conn *c, ember_tls13_record *r, const uint8_t *secret);
/* The read side's new key (secret NULL: the next one, KeyUpdate); fails the connection on error. */
EMBER_HIDDEN int tls13_read_key(ember_tls13_conn *c, const uint8_t *secret);
/* Extensions: one pass that refuses duplicates; |fn| sees each (type, body). */
typedef int (*tls13_ext_fn)(ember_tls13_conn *c, void *arg, uint16_t type, tls_in *body, int *alert);
EMBER_HIDDEN int tls13_extensions(ember_tls13_conn *c, tls_in *exts, tls13_ext_fn fn, void *arg, int *alert);
/* Finished: write ours at |w| with |base| (the sender's handshake secret); check the peer's. */
EMBER_HIDDEN int tls13_write_finished(ember_tls13_conn *c, tls_out *w, const uint8_t *base);
EMBER_HIDDEN int tls13_check_finished(ember_tls13_conn *c, const uint8_t *msg, size_t len, const uint8_t *base);
/*
 * The handshake secret from the shared secret |ss| (ss_len bytes of an
 * ss_size buffer, wiped) and the transcript through ServerHello: both
 * handshake traffic secrets, and our write side keyed with ours.
 */
EMBER_HIDDEN int tls13_handshake_keys(ember_tls13_conn *c, uint8_t *ss, size_t ss_size, size_t ss_len);
/* The master secret and both application traffic secrets (transcript through server Finished). */
EMBER_HIDDEN int tls13_app_secrets(ember_tls13_conn *c, uint8_t *c_ap, uint8_t *s_ap);

/* The scheme is RSASSA-PKCS1-v1_5: TLS 1.2 only. */
static inline int tls_sig_pkcs1(uint16_t scheme)
{
	return scheme == EMBER_TLS_SIG_RSA_PKCS1_SHA256 || scheme == EMBER_TLS_SIG_RSA_PKCS1_SHA384 ||
	       scheme == EMBER_TLS_SIG_RSA_PKCS1_SHA512;
}

/* 1 when the config enables TLS 1.2 / TLS 1.3. */
static inline int tls_v12_on(const ember_tls13_conn *c)
{
	return (c->cfg->versions & EMBER_TLS_VERSION_1_2) != 0;
}

static inline int tls_v13_on(const ember_tls13_conn *c)
{
	return c->cfg->versions == 0 || (c->cfg->versions & EMBER_TLS_VERSION_1_3) != 0;
}

/*
 * Client: the server's certificates (DER, leaf first) checked as the
 * config says (the chain, or the leaf's parse with EMBER_TLS13_NO_VERIFY),
 * the leaf's key kept in peer_spki, the peer_chain callback called. 0 or
 * tls13_fail's code (the alert x509's reason names).
 */
EMBER_HIDDEN int tls13_peer_certs(ember_tls13_conn *c, const uint8_t *const *certs, const size_t *lens, size_t n);

/* ---- TLS 1.2 (tls12_hs.c, tls12_client.c, tls12_server.c) ---- */

/* What the server read of a ClientHello, for TLS 1.2's choice (tls13_server.c fills it). */
typedef struct tls_client_hello {
	uint16_t legacy_version;
	const uint8_t *random;
	tls_in suites;
	tls_in groups, sigs;         /* .p NULL: the extension was absent */
	int ems, reneg, reneg_scsv;  /* extended_master_secret; renegotiation_info (empty) or its SCSV */
	int point_formats_ok;        /* ec_point_formats absent or listing uncompressed (0) */
} tls_client_hello;

/* The default or configured TLS 1.2 suites and signature schemes. */
EMBER_HIDDEN const uint16_t *tls12_suites(const ember_tls13_conn *c, size_t *n);
EMBER_HIDDEN const uint16_t *tls12_sigs(const ember_tls13_conn *c, size_t *n);
/* The group's ECPoint / share in TLS 1.2's ServerKeyExchange and ClientKeyExchange (x25519, P-256, P-384). */
EMBER_HIDDEN int tls12_group_ok(uint16_t group);
/* ServerKeyExchange's signed content: client_random || server_random || params (at most 64 + 4 + 97). */
EMBER_HIDDEN size_t tls12_ske_content(const ember_tls13_conn *c, uint8_t *out, const uint8_t *params,
    size_t params_len);
/*
 * From the pre-master secret (wiped): the master secret (EMS: the session
 * hash of the transcript so far), the key block, both record directions
 * keyed (read and write, neither on until change_cipher_spec).
 */
EMBER_HIDDEN int tls12_keys(ember_tls13_conn *c, uint8_t *pms, size_t pms_len);
/* Finished (7.4.9): write ours at |w| (the flight then sends change_cipher_spec before it: out_ccs);
   check the peer's (decrypt_error). */
EMBER_HIDDEN int tls12_write_finished(ember_tls13_conn *c, tls_out *w);
EMBER_HIDDEN int tls12_check_finished(ember_tls13_conn *c, size_t mlen);

/* Client: a TLS 1.2 ServerHello (the whole message at hs[0..mlen)); then the messages after it. */
EMBER_HIDDEN int tls12_client_server_hello(ember_tls13_conn *c, size_t mlen);
EMBER_HIDDEN int tls12_client_message(ember_tls13_conn *c, size_t mlen);
/* Server: answer |ch| (the ClientHello at hs[0..mlen)) with TLS 1.2; then the messages after it. */
EMBER_HIDDEN int tls12_server_client_hello(ember_tls13_conn *c, size_t mlen, const tls_client_hello *ch);
EMBER_HIDDEN int tls12_server_message(ember_tls13_conn *c, size_t mlen);

/* ---- The state machines: handle one whole handshake message (header included). ---- */

/* Writes the first ClientHello (init). */
EMBER_HIDDEN int tls13_client_start(ember_tls13_conn *c);
/*
 * Each handles the message at c->hs[0..msg_len) (header included) and may
 * write a flight after it, at c->hs[msg_len..], set with tls13_flight in
 * offsets from c->hs (the caller then moves it to the front). Returns 0 or
 * tls13_fail's code.
 */
EMBER_HIDDEN int tls13_client_message(ember_tls13_conn *c, size_t msg_len);
EMBER_HIDDEN int tls13_server_message(ember_tls13_conn *c, size_t msg_len);
/* NewSessionTicket (client: ignored) and KeyUpdate, once connected (tls13_hs.c). */
EMBER_HIDDEN int tls13_post_handshake(ember_tls13_conn *c, size_t msg_len);

#endif
