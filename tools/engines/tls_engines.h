/*
 * tls_engines.h - the engines' handshakes for `ember speed`'s tls13 rows
 * (speed.h's hs_* slots, speed_tls.h): Ember's client and server
 * (tls_ember.c), the system's libssl (tls_openssl.c, over ossl_tls.c) and
 * the system's wolfSSL (tls_wolfssl.c, over wolf_tls.c).
 */
#ifndef EMBER_TLS_ENGINES_H
#define EMBER_TLS_ENGINES_H

#include <stddef.h>

#include "speed_tls.h"

void *tls_ember_new(const speed_tls_spec *spec, char *err, size_t err_len);
int tls_ember_run(void *h);
void tls_ember_sides(void *h, speed_tls_sides *out);
void tls_ember_free(void *h);

void *tls_openssl_new(const speed_tls_spec *spec, char *err, size_t err_len);
int tls_openssl_run(void *h);
void tls_openssl_sides(void *h, speed_tls_sides *out);
void tls_openssl_free(void *h);

void *tls_wolfssl_new(const speed_tls_spec *spec, char *err, size_t err_len);
int tls_wolfssl_run(void *h);
void tls_wolfssl_sides(void *h, speed_tls_sides *out);
void tls_wolfssl_free(void *h);

#endif
