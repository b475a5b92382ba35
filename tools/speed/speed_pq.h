/*
 * speed_pq.h - the key-encapsulation rows of `ember speed`, as openssl 3.5
 * names and prints them: ML-KEM-512, ML-KEM-768, ML-KEM-1024 (FIPS 203,
 * ember/mlkem.h) and X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem,
 * ember/hybrid.h). Three operations each: keygen, encaps, decaps.
 */
#ifndef EMBER_SPEED_PQ_H
#define EMBER_SPEED_PQ_H

#include <stddef.h>

/* The operations of a KEM row, in openssl 3.5's column order. */
enum { SPEED_KEM_KEYGEN = 0, SPEED_KEM_ENCAPS = 1, SPEED_KEM_DECAPS = 2, SPEED_KEM_NOPS = 3 };

typedef struct speed_pq speed_pq;

/* 1 when |word| is one of the KEM words above (openssl 3.5's names, case as printed). */
int speed_pq_known(const char *word);
/*
 * A key pair and one encapsulation to it for |word|, made once from the
 * system's random source before timing (openssl 3.5: EVP_PKEY_keygen, then
 * one EVP_PKEY_encapsulate, whose secret decapsulation must give back).
 * NULL with a one-line reason in |err|.
 */
speed_pq *speed_pq_new(const char *word, char *err, size_t err_len);
/*
 * One operation |op| (SPEED_KEM_*): keygen makes a fresh key pair (not
 * kept), encaps encapsulates to the key made at speed_pq_new, decaps
 * decapsulates its ciphertext. 0 on success, else EMBER_E*.
 */
int speed_pq_op(speed_pq *k, int op);
/*
 * Before timing: encapsulation and decapsulation agree (fresh keys and the
 * timed ones), a changed ciphertext gives another secret with no error
 * (implicit rejection), and, for X25519MLKEM768, the shared secret is the
 * concatenation of the ML-KEM-768 and X25519 secrets computed apart.
 * 0, else EMBER_E*.
 */
int speed_pq_selftest(speed_pq *k);
void speed_pq_free(speed_pq *k);

#endif
