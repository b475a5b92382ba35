/*
 * tlsutil.h - what the TLS 1.3 tests share: a small PKI issued at test
 * time (a P-256 CA and a leaf for each server key type; nothing can
 * expire), and pipes that carry records between two connections.
 */
#ifndef EMBER_TLSUTIL_H
#define EMBER_TLSUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ember/keys.h"
#include "ember/tls.h"

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

#endif
