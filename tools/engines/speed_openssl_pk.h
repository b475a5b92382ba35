/*
 * speed_openssl_pk.h - the public-key words of the "openssl" engine
 * (speed_openssl_pk.c): speed.h's pk_* slots over EVP_PKEY, with fixed
 * test keys.
 */
#ifndef EMBER_SPEED_OPENSSL_PK_H
#define EMBER_SPEED_OPENSSL_PK_H

#include <stddef.h>

/* A key for "rsa512" ... "dsa2048", or NULL with a one-line reason in |err|. */
void *o_pk_new(const char *word, char *err, size_t err_len);
int o_pk_sign(void *k);
int o_pk_verify(void *k);
/* Round trip, a changed digest refused, and for RSA the known signature. */
int o_pk_selftest(void *k);
void o_pk_free(void *k);

#endif
