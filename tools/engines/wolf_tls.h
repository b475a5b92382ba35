/*
 * wolf_tls.h - the system's wolfSSL (libwolfssl.so.35, loaded with dlopen
 * as ossl_tls.h loads libssl) as a TLS 1.3 or 1.2 client or server in memory: each
 * connection reads and writes byte pipes through wolfSSL's custom I/O
 * callbacks, so a client and a server run in one process with no socket.
 * Nothing is linked and no wolfSSL header is read at build time: without
 * the library, wolf_tls_load fails with a reason and the callers say so.
 */
#ifndef EMBER_WOLF_TLS_H
#define EMBER_WOLF_TLS_H

#include <stddef.h>
#include <stdint.h>

/* The file dlopen looks for (Debian 12's libwolfssl35, wolfSSL 5.5.x). */
#define WOLF_TLS_SONAME "libwolfssl.so.35"

/* wolf_tls_load: 0 once libwolfssl is there and initialised; else -1 and *why (static text). */
int wolf_tls_load(const char **why);
/* "wolfSSL 5.5.4" (after wolf_tls_load). */
const char *wolf_tls_version(void);

/* One direction of a connection: what one side wrote and the other has not read yet. */
typedef struct wolf_pipe {
	uint8_t *buf;
	size_t cap, start, end; /* unread bytes: buf[start..end) */
	uint64_t written;       /* bytes written since the count was last reset */
} wolf_pipe;

/*
 * What one side runs with. Everything is given as TLS code points, never as
 * wolfSSL's names: one suite, one group, one signature scheme, so that a
 * handshake negotiates exactly what the caller asked for.
 */
typedef struct wolf_tls_cfg {
	int server;
	int tls12;           /* TLS 1.2 only (else TLS 1.3 only) */
	uint16_t suite;      /* 0x1301 TLS_AES_128_GCM_SHA256, 0x1302, 0x1303; TLS 1.2: 0xc02b ... 0x002f (tls12.h) */
	uint16_t group;      /* NamedGroup: 0x001d x25519, 0x0017 secp256r1, 0x0018 secp384r1; 0: none (TLS 1.2's RSA) */
	uint16_t group2;     /* TLS 1.2: a second group offered after it (an ECDSA certificate's curve); 0: none */
	uint16_t sig;        /* SignatureScheme: 0x0403, 0x0503, 0x0804, 0x0807 */
	/* server: its certificate and private key (DER; the key as PKCS#8) */
	const uint8_t *cert;
	size_t cert_len;
	const uint8_t *key;
	size_t key_len;
	/* client: trust anchor (DER), host name (SNI and the name checked) */
	const uint8_t *anchor;
	size_t anchor_len;
	const char *host;
} wolf_tls_cfg;

/*
 * What wolf_tls_ctx_new refused. WOLF_TLS_NOT_HERE: this wolfSSL lacks the
 * suite, group, signature scheme or key type (its "why" names which);
 * WOLF_TLS_FAILED: anything else.
 */
enum { WOLF_TLS_FAILED = 1, WOLF_TLS_NOT_HERE = 2 };

typedef struct wolf_tls_ctx wolf_tls_ctx;
typedef struct wolf_tls wolf_tls;

/* A WOLFSSL_CTX for one side (NULL with *why and *kind set). */
wolf_tls_ctx *wolf_tls_ctx_new(const wolf_tls_cfg *cfg, const char **why, int *kind);
void wolf_tls_ctx_free(wolf_tls_ctx *c);
/* A connection of |c| reading |in| and writing |out| (both outlive it); NULL with *why. */
wolf_tls *wolf_tls_new(wolf_tls_ctx *c, wolf_pipe *in, wolf_pipe *out, const char **why);
void wolf_tls_free(wolf_tls *t);
/* One step of the handshake: 1 complete, 0 waiting for the peer, -1 failed (wolf_tls_error). */
int wolf_tls_handshake(wolf_tls *t);
/* wolfSSL's reason for the last failure of |t|. */
const char *wolf_tls_error(wolf_tls *t);
/* What was negotiated: the suite's IANA name (TLS 1.2: openssl's; "" before the handshake), the group's code point
   (0 unknown). */
const char *wolf_tls_suite(wolf_tls *t);
unsigned wolf_tls_group(wolf_tls *t);

#endif
