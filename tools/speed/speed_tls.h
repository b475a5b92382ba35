/*
 * speed_tls.h - the handshake rows of `ember speed`: words tls13:GROUP:SIG
 * (tls13:x25519:ecdsap256 ...), each a complete TLS 1.3 handshake between
 * an in-process client and server over memory, the client verifying the
 * server's chain, each side timed apart.
 *
 * The harness (speed_tls.c) parses the word and makes the PKI once per run:
 * a P-256 CA and a leaf for the server's key (host name "ember.test"),
 * valid around the time of the run; the server sends the leaf, the client
 * holds the CA as its trust anchor. An engine that can run handshakes (its
 * hs_* slots, speed.h) gets a speed_tls_spec and runs handshakes; the
 * harness turns what it reports into two results per row, the server's and
 * the client's handshakes per second.
 *
 * Per side: the engine reads the monotonic clock around every call it
 * makes into one side (init, input, output, clear) and adds the time to
 * that side; the harness splits the time its own clock measured for the
 * handshakes in those proportions. The clock reads cost the same on both
 * sides, about 20 ns each, tens per handshake.
 */
#ifndef EMBER_SPEED_TLS_H
#define EMBER_SPEED_TLS_H

#include <stddef.h>
#include <stdint.h>

#include "ember/keys.h"

/* The sides, in the order of the rows' two results. */
enum { SPEED_TLS_SERVER = 0, SPEED_TLS_CLIENT = 1 };

/*
 * What -breakdown shows per side: the phases of include/ember/tls.h's probe
 * (key exchange, signature, verification, key schedule, transcript hash,
 * record protection), then what remains (parsing, state, copies).
 */
enum { SPEED_TLS_PH_KEX = 0, SPEED_TLS_PH_SIGN, SPEED_TLS_PH_VERIFY, SPEED_TLS_PH_KEYSCHED, SPEED_TLS_PH_TRANSCRIPT,
	SPEED_TLS_PH_RECORD, SPEED_TLS_PH_OTHER, SPEED_TLS_NPHASE };
extern const char *const speed_tls_phase_names[SPEED_TLS_NPHASE];

/* The server key types of the words: "ecdsap256", "ecdsap384", "rsa2048", "ed25519", "mldsa65". */
enum { SPEED_TLS_K_P256, SPEED_TLS_K_P384, SPEED_TLS_K_RSA2048, SPEED_TLS_K_ED25519, SPEED_TLS_K_MLDSA65,
	SPEED_TLS_NKEYS };

/* What an engine needs to run the handshakes of one word. */
typedef struct speed_tls_spec {
	const char *word;          /* "tls13:x25519:ecdsap256" */
	uint16_t group;            /* EMBER_TLS_GROUP_* */
	const char *ossl_group;    /* the group as SSL_CTX_set1_groups_list names it: "X25519", "P-256" */
	int key_type;              /* SPEED_TLS_K_* */
	uint16_t sig;              /* the TLS SignatureScheme the server's key signs with */
	const char *ossl_sigalg;   /* as SSL_CTX_set1_sigalgs_list names it: "ecdsa_secp256r1_sha256" */
	uint16_t suite;            /* 0x1301 ... */
	const char *suite_name;    /* "TLS_AES_128_GCM_SHA256" */
	int breakdown;             /* -breakdown: report the time of each phase */
	/* the PKI */
	const uint8_t *leaf;       /* DER */
	size_t leaf_len;
	const uint8_t *anchor;     /* the CA's certificate, DER */
	size_t anchor_len;
	const ember_pkey *key;     /* the leaf's private key */
	const uint8_t *key_der;    /* the same as PKCS#8 DER */
	size_t key_der_len;
	const char *host;          /* "ember.test": server_name and the name checked */
	int64_t now;               /* the time the chain is checked at */
} speed_tls_spec;

/* What an engine's handshakes cost, since it was last asked (hs_sides). */
typedef struct speed_tls_sides {
	uint64_t handshakes;
	double seconds[2];                       /* per side, by the monotonic clock */
	uint64_t bytes[2];                       /* what each side sent in the last handshake */
	int has_phases;                          /* with -breakdown, when the engine can tell */
	double phase[2][SPEED_TLS_NPHASE];       /* seconds per side in each phase (OTHER left 0: the harness's) */
	char suite[40];                          /* what the last handshake negotiated */
	uint16_t group;
} speed_tls_sides;

/* 1 when |word| is a handshake word (tls13:x25519:ecdsap256 ...); 1 for the group word "tls13" too. */
int speed_tls_known(const char *word);
/* 1 when |word| belongs to the group "tls13" (the configurations of the table). */
int speed_tls_in_group(const char *word);
/* -ciphersuite NAME (openssl's name) for every handshake row; 0, or -1 with the reason printed. */
int speed_tls_set_suite(const char *name);
/* -breakdown */
void speed_tls_set_breakdown(int on);
int speed_tls_breakdown(void);
/* The suite the rows run, "TLS_AES_128_GCM_SHA256" by default. */
const char *speed_tls_suite_name(void);

/*
 * The spec of |word| with the run's PKI (made on first use, kept until
 * speed_tls_cleanup): 0, or -1 with a one-line reason in |err|.
 */
int speed_tls_spec_of(const char *word, speed_tls_spec *spec, char *err, size_t err_len);
void speed_tls_cleanup(void);

#endif
