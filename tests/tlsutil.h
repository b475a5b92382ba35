/*
 * tlsutil.h - what the TLS 1.3 tests share: a small PKI issued at test
 * time (a P-256 CA and a leaf for each server key type; nothing can
 * expire), pipes that carry records between two connections, and a pair
 * of connections joined by them (tt_duo).
 */
#ifndef EMBER_TLSUTIL_H
#define EMBER_TLSUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/keys.h"
#include "ember/tls.h"
#include "ember/x509.h"

#define TT_CERT_MAX 8192

/* The server key types: their names as `ember speed` words, their TLS signature schemes. */
enum { K_P256, K_P384, K_RSA, K_ED25519, K_MLDSA65, K_COUNT };
extern const char *const tt_key_names[K_COUNT];
extern const uint16_t tt_key_sigs[K_COUNT];

typedef struct tt_pki_t {
	int ready;
	ember_pkey ca_key, other_ca_key;
	uint8_t ca[TT_CERT_MAX], other_ca[TT_CERT_MAX];
	size_t ca_len, other_ca_len;
	ember_pkey key[K_COUNT];
	uint8_t leaf[K_COUNT][TT_CERT_MAX], expired[TT_CERT_MAX];
	size_t leaf_len[K_COUNT], expired_len;
	int have[K_COUNT];
} tt_pki_t;

extern tt_pki_t tt_pki;
/* The time the certificates are valid around (now, at tt_make_pki). */
extern int64_t tt_now;

/* Issues the CA, a second CA (other_ca, a different name) and every leaf ("ember.test"); 1 when done. */
int tt_make_pki(void);
/* Reissues other_ca under the CA's own name (1) or another (0). */
int tt_make_other_ca(int same_name);

/* One direction of the wire. */
typedef struct tt_pipe {
	uint8_t buf[1 << 17];
	size_t len;
} tt_pipe;

/* tt_pull moves what |from| has to send into |p| (at most cap bytes per call; 0: all); tt_push feeds |p|
   to |to| (step bytes at a time; 0: all). Each returns the bytes moved. */
size_t tt_pull(ember_tls13_conn *from, tt_pipe *p, size_t cap);
size_t tt_push(ember_tls13_conn *to, tt_pipe *p, size_t step);
/* An alert's name, "?" when unknown. */
const char *tt_alert(int alert);

/* ---- An Ember client and an Ember server joined by two pipes ---- */

typedef struct tt_duo {
	ember_tls13_config ccfg, scfg;
	ember_x509_verify_params vp;
	const uint8_t *anchors[1];
	size_t anchor_lens[1];
	const uint8_t *chain[2];
	size_t chain_lens[2];
	ember_tls13_conn c, s;
	uint8_t cbuf[EMBER_TLS13_CONN_BUF], sbuf[EMBER_TLS13_CONN_BUF];
	tt_pipe c2s, s2c;
	size_t out_cap, in_step; /* how much each pull and each push moves (0: all) */
	size_t wmax;             /* send_recv: the longest record the write made */
} tt_duo;

/* The pair the tests share (tt_get_duo allocates it and the PKI; 1 when ready). */
extern tt_duo *tt_D;
int tt_get_duo(void);
/* Configures both sides: the server's chain is |leaf| (NULL: tt_pki's leaf of |key|) and the CA, the
   client verifies it against the CA for "ember.test". Nothing is started. */
void tt_duo_setup(tt_duo *d, int key, const uint8_t *leaf, size_t leaf_len);
/* Starts both connections (a failed check when either init fails); 1 when both started. */
int tt_duo_start(tt_duo *d);
/* Runs both sides until neither moves. */
void tt_duo_run(tt_duo *d);
/* 1 when both sides are connected (a failed check naming |what| and each side's state otherwise). */
int tt_duo_connected(tt_duo *d, const char *what);
/* Delivers |p| to |to| and reads |len| bytes of application data into |got|; 1 when they all came. */
int tt_duo_recv_all(tt_duo *d, ember_tls13_conn *to, tt_pipe *p, uint8_t *got, size_t len);
/* The longest record among the whole records in b[0..len) (the first one left out when skip_first). */
size_t tt_max_record(const uint8_t *b, size_t len, int skip_first);
/* |len| random bytes written by one side and read intact by the other (d->wmax: its longest record). */
int tt_duo_send_recv(tt_duo *d, int from_client, size_t len, const char *what);
/* The client sends close_notify: both sides must be CLOSED after. */
void tt_duo_close(tt_duo *d, const char *what);
/* The side that failed (the client when |client_sent|) sent |alert|, and the other received it. */
void tt_duo_failed_with(tt_duo *d, int client_sent, int alert, const char *what);
/* Wipes both connections. */
void tt_duo_end(tt_duo *d);

#endif
