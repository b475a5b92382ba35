/*
 * ossl_tls.h - the system's libssl (libssl.so.3, loaded with dlopen as
 * ossl.h loads libcrypto) as a TLS 1.3 peer in memory: a client or server
 * over two memory BIOs, as OpenSSL's own perftools `handshake` runs it, for
 * the interoperability tests and `ember speed`'s handshake rows. Nothing is
 * linked: without libssl, ossl_tls_load fails with a reason and the
 * callers skip.
 */
#ifndef EMBER_OSSL_TLS_H
#define EMBER_OSSL_TLS_H

#include <stddef.h>
#include <stdint.h>

/* ossl_tls_load: 0 once libssl is there; else -1 and *why (static text). */
int ossl_tls_load(const char **why);
/* "OpenSSL 3.0.22 25 Aug 2026" ... (after ossl_tls_load). */
const char *ossl_tls_version(void);

typedef struct ossl_tls_cfg {
	int server;
	const char *suites;   /* SSL_CTX_set_ciphersuites: "TLS_AES_128_GCM_SHA256"; NULL: OpenSSL's default */
	const char *groups;   /* SSL_CTX_set1_groups_list: "X25519:P-256"; NULL: default */
	const char *sigalgs;  /* SSL_CTX_set1_sigalgs_list: "ecdsa_secp256r1_sha256"; NULL: default */
	/* server: chain (DER, leaf first) and the leaf's private key (DER, PKCS#8 or traditional) */
	const uint8_t *const *chain;
	const size_t *chain_lens;
	size_t n_chain;
	const uint8_t *key;
	size_t key_len;
	/* client: trust anchor (DER; NULL: no verification), host name (SNI and the name checked), the time
	   the chain is checked at (0: now) */
	const uint8_t *anchor;
	size_t anchor_len;
	const char *host;
	int64_t check_time;
	int request_client_cert; /* server: send a CertificateRequest (and accept no certificate) */
	int tickets;             /* server: NewSessionTickets after the handshake (OpenSSL's default is 2); with
	                            tls12, 0 also keeps no session and sends no TLS 1.2 ticket */
	int max_fragment_length; /* client: RFC 6066's code (1..4) offered; 0: none. libssl's server accepts any */
	int tls12;               /* TLS 1.2 only (else TLS 1.3 only) */
	const char *cipher_list; /* TLS 1.2's: SSL_CTX_set_cipher_list, "ECDHE-ECDSA-AES128-GCM-SHA256"; NULL: default */
} ossl_tls_cfg;

typedef struct ossl_tls ossl_tls;

/* ossl_tls_new: a connection ready to start; NULL with *why set on failure. */
ossl_tls *ossl_tls_new(const ossl_tls_cfg *cfg, const char **why);
/*
 * The same in two steps, for many connections of one configuration (as a
 * server runs, and `ember speed`'s handshake rows time): the SSL_CTX once,
 * with the certificates, key and lists; then connections on it. The
 * context must outlive its connections.
 */
typedef struct ossl_tls_ctx ossl_tls_ctx;
ossl_tls_ctx *ossl_tls_ctx_new(const ossl_tls_cfg *cfg, const char **why);
ossl_tls *ossl_tls_new_in(ossl_tls_ctx *c, const char **why);
void ossl_tls_ctx_free(ossl_tls_ctx *c);
void ossl_tls_free(ossl_tls *t);
/* Bytes from the peer (into the read BIO); bytes for the peer (from the write BIO). */
int ossl_tls_feed(ossl_tls *t, const uint8_t *in, size_t len);
size_t ossl_tls_drain(ossl_tls *t, uint8_t *out, size_t cap);
/* ossl_tls_handshake: 1 done, 0 waiting for the peer, -1 failed. */
int ossl_tls_handshake(ossl_tls *t);
/* ossl_tls_write: bytes written, -1 on failure; ossl_tls_read: bytes read, 0 none yet, -1 failed or closed. */
int ossl_tls_write(ossl_tls *t, const uint8_t *data, size_t len);
int ossl_tls_read(ossl_tls *t, uint8_t *out, size_t cap);
/* SSL_key_update (request: SSL_KEY_UPDATE_REQUESTED); 0 or -1. */
int ossl_tls_key_update(ossl_tls *t, int request);
/* What was negotiated: the suite ("TLS_AES_128_GCM_SHA256"), the group as a TLS NamedGroup (0x001d ...; 0 unknown). */
const char *ossl_tls_suite(ossl_tls *t);
unsigned ossl_tls_group(ossl_tls *t);
/* The last error of libssl's queue, as text (for messages). */
const char *ossl_tls_error(void);

#endif
