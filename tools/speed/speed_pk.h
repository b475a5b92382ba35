/*
 * speed_pk.h - the public-key operations timed by `ember speed`
 * (rsa512..rsa4096, dsa512..dsa2048). Interface fixed in CONTRACTS.md.
 */
#ifndef EMBER_SPEED_PK_H
#define EMBER_SPEED_PK_H

#include <stddef.h>

/* Public-key operations timed by `ember speed` (rsa512..rsa4096, dsa512..dsa2048). */
typedef struct speed_pk speed_pk;
/* 1 when |word| is a public-key speed word this build knows (rsa2048, dsa1024 ...). */
int speed_pk_known(const char *word);
/* The built-in test key of |word| (PEM text), NULL when there is none. */
const char *speed_pk_pem(const char *word);
/* Key size in bits for the word, 0 if unknown. */
unsigned speed_pk_bits(const char *word);
/* Prepares the built-in test key for |word| (or the key in |keyfile| when not NULL).
 * Returns NULL with a one-line reason in err when it cannot. */
speed_pk *speed_pk_new(const char *word, const char *keyfile, char *err, size_t err_len);
/* One private operation (RSA: PKCS#1 v1.5 signature of a 36-byte digest as openssl
 * speed does; DSA: signature of a 20-byte digest). 0 on success. */
int speed_pk_sign(speed_pk *k);
/* One public operation (verification of the signature made at speed_pk_new). 0 on success. */
int speed_pk_verify(speed_pk *k);
/* Checks sign+verify round trip and a known answer before timing: 0 ok, else EMBER_E*. */
int speed_pk_selftest(speed_pk *k);
void speed_pk_free(speed_pk *k);

#endif
