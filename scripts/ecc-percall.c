/*
 * ecc-percall.c - ECDSA sign and verify and ECDH over P-256 and P-384,
 * Ember against OpenSSL 3's EVP_PKEY_sign / EVP_PKEY_verify /
 * EVP_PKEY_derive (what `openssl speed ecdsap256 ecdhp256 ...` times), in
 * one process, with the same keys (made by OpenSSL, loaded into Ember):
 * alternating samples (a batch of Ember's operations, then a batch of
 * OpenSSL's), the minimum and the median time per operation of each side,
 * and operations per second of the medians. Each side's signature is
 * verified by the other, and the shared secrets compared, before timing.
 * A development aid, not built by make:
 *
 *   make O=build && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/ecc-percall.c \
 *       build/libember.a -lcrypto -o build/ecc-percall
 *   build/ecc-percall [-samples N] [-batch N] [-impl NAME] [-wall] [rows: ecdsap256 ecdhp256 ecdsap384 ecdhp384]
 *
 * Times are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that a
 * busy shared host's run queue does not count; -wall uses CLOCK_MONOTONIC.
 * "ratio" is OpenSSL's time over Ember's (above 1: Ember faster). Ember's
 * signatures are hedged (RFC 6979 with random additional data), as
 * ember_ecdsa_sign signs by default. Defaults: 31 samples, batches of 20.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/ecc.h"

static clockid_t clk = CLOCK_THREAD_CPUTIME_ID;

static double now(void)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void die(const char *what)
{
	fprintf(stderr, "ecc-percall: %s\n", what);
	exit(1);
}

/* An OpenSSL key of |group| and the same key in Ember. */
static EVP_PKEY *make_key(const char *group, int curve, ember_ecc_key *k, const char *impl)
{
	EVP_PKEY *pk = EVP_EC_gen(group);
	BIGNUM *d = NULL;
	uint8_t db[48];
	size_t len = ember_ecc_curve_len(curve);

	if (pk == NULL || !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &d) ||
	    BN_bn2binpad(d, db, (int)len) != (int)len)
		die("OpenSSL key generation");
	if (ember_ecc_key_from_private(k, curve, db, len) != 0)
		die("Ember cannot load the key");
	if (impl != NULL && ember_ecc_key_set_impl(k, ember_ec_find(curve == EMBER_ECC_P256 ? "p256" : "p384", impl)) != 0)
		die("no such implementation here");
	BN_free(d);
	return pk;
}

typedef struct side {
	const char *name;
	double *t;
} side;

static void report(const char *row, const char *op, side *s, int samples)
{
	double m[2], med[2];
	int i;

	for (i = 0; i < 2; i++) {
		qsort(s[i].t, (size_t)samples, sizeof(double), cmp);
		m[i] = s[i].t[0];
		med[i] = s[i].t[samples / 2];
	}
	printf("%-10s %-7s ember %8.2f us (min %8.2f) %9.0f/s   openssl %8.2f us (min %8.2f) %9.0f/s   ratio %.2f (min %.2f)\n",
	    row, op, med[0] * 1e6, m[0] * 1e6, 1 / med[0], med[1] * 1e6, m[1] * 1e6, 1 / med[1], med[1] / med[0],
	    m[1] / m[0]);
}

static void run_row(const char *row, int samples, int batch, const char *impl)
{
	int p256 = strstr(row, "256") != NULL, ecdh = strncmp(row, "ecdh", 4) == 0;
	int curve = p256 ? EMBER_ECC_P256 : EMBER_ECC_P384;
	const char *group = p256 ? "P-256" : "P-384";
	size_t len = ember_ecc_curve_len(curve), sl, derlen;
	uint8_t md[48], sig[96], der[128], osig[128], sec[2][48], peer[97];
	static ember_ecc_key k, kp;
	EVP_PKEY *pk = make_key(group, curve, &k, impl), *ppk = NULL;
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
	side s[2] = { { "ember", calloc((size_t)samples, sizeof(double)) },
		{ "openssl", calloc((size_t)samples, sizeof(double)) } };
	int i, j, w;

	for (i = 0; i < (int)len; i++)
		md[i] = (uint8_t)(7 * i + 3);
	if (ecdh) {
		size_t pl;
		ppk = make_key(group, curve, &kp, impl);
		if (ember_ecc_key_public(&kp, 0, peer, sizeof(peer), &pl) != 0)
			die("peer point");
		if (EVP_PKEY_derive_init(ctx) != 1 || EVP_PKEY_derive_set_peer(ctx, ppk) != 1)
			die("OpenSSL derive setup");
		sl = len;
		if (EVP_PKEY_derive(ctx, sec[1], &sl) != 1 || ember_ecdh(&k, peer, pl, sec[0], len) != 0 ||
		    memcmp(sec[0], sec[1], len) != 0)
			die("the shared secrets differ");
		for (w = 0; w < samples; w++) {
			double t0 = now();
			for (j = 0; j < batch; j++)
				ember_ecdh(&k, peer, pl, sec[0], len);
			s[0].t[w] = (now() - t0) / batch;
			t0 = now();
			for (j = 0; j < batch; j++) {
				sl = len;
				EVP_PKEY_derive(ctx, sec[1], &sl);
			}
			s[1].t[w] = (now() - t0) / batch;
		}
		report(row, "derive", s, samples);
	} else {
		/* each side's signature verified by the other */
		if (ember_ecdsa_sign(&k, NULL, md, len, 0, sig, 2 * len) != 0 ||
		    ember_ecdsa_sig_to_der(sig, 2 * len, der, sizeof(der), &derlen) != 0)
			die("Ember sign");
		if (EVP_PKEY_verify_init(ctx) != 1 || EVP_PKEY_verify(ctx, der, derlen, md, len) != 1)
			die("OpenSSL does not verify Ember's signature");
		if (EVP_PKEY_sign_init(ctx) != 1)
			die("OpenSSL sign setup");
		sl = sizeof(osig);
		if (EVP_PKEY_sign(ctx, osig, &sl, md, len) != 1 || ember_ecdsa_verify_der(&k, md, len, osig, sl) != 0)
			die("Ember does not verify OpenSSL's signature");
		for (w = 0; w < samples; w++) {
			double t0 = now();
			for (j = 0; j < batch; j++)
				ember_ecdsa_sign(&k, NULL, md, len, 0, sig, 2 * len);
			s[0].t[w] = (now() - t0) / batch;
			t0 = now();
			for (j = 0; j < batch; j++) {
				sl = sizeof(osig);
				EVP_PKEY_sign(ctx, osig, &sl, md, len);
			}
			s[1].t[w] = (now() - t0) / batch;
		}
		report(row, "sign", s, samples);
		if (EVP_PKEY_verify_init(ctx) != 1)
			die("OpenSSL verify setup");
		for (w = 0; w < samples; w++) {
			double t0 = now();
			for (j = 0; j < batch; j++)
				ember_ecdsa_verify(&k, md, len, sig, 2 * len);
			s[0].t[w] = (now() - t0) / batch;
			t0 = now();
			for (j = 0; j < batch; j++)
				EVP_PKEY_verify(ctx, der, derlen, md, len);
			s[1].t[w] = (now() - t0) / batch;
		}
		report(row, "verify", s, samples);
	}
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(pk);
	EVP_PKEY_free(ppk);
	free(s[0].t);
	free(s[1].t);
}

int main(int argc, char **argv)
{
	static const char *const all[] = { "ecdsap256", "ecdhp256", "ecdsap384", "ecdhp384" };
	int samples = 31, batch = 20, i, given = 0;
	const char *impl = NULL;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-samples") == 0 && i + 1 < argc)
			samples = atoi(argv[++i]);
		else if (strcmp(argv[i], "-batch") == 0 && i + 1 < argc)
			batch = atoi(argv[++i]);
		else if (strcmp(argv[i], "-impl") == 0 && i + 1 < argc)
			impl = argv[++i];
		else if (strcmp(argv[i], "-wall") == 0)
			clk = CLOCK_MONOTONIC;
		else
			given = 1;
	}
	if (samples < 1 || batch < 1)
		die("usage: ecc-percall [-samples N] [-batch N] [-impl NAME] [ecdsap256 ecdhp256 ecdsap384 ecdhp384]");
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-') {
			i += strcmp(argv[i], "-wall") != 0;
			continue;
		}
		run_row(argv[i], samples, batch, impl);
	}
	if (!given)
		for (i = 0; i < 4; i++)
			run_row(all[i], samples, batch, impl);
	return 0;
}
