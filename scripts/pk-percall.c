/*
 * pk-percall.c - one rsa2048 signature (`ember speed`'s: PKCS#1 v1.5 type
 * 1 of 36 bytes without DigestInfo), Ember against OpenSSL 3.0's
 * EVP_PKEY_sign (what `openssl speed rsa2048` times), in one process, with
 * the same key (`ember speed`'s built-in rsa2048 key): alternating samples
 * (a batch of Ember signatures, then a batch of OpenSSL's), the minimum
 * and the median time per signature of each side. Both signatures are
 * checked to be the same bytes. A development aid, not built by make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude -Itools/speed scripts/pk-percall.c \
 *       build/libember.a -lcrypto -o build/pk-percall
 *   EMBER_CPUCAP=none build/pk-percall [-samples N] [-batch N]
 *
 * "ratio" is OpenSSL's time over Ember's (above 1: Ember faster), of the
 * minima and of the medians. Defaults: 101 samples, batches of 5.
 */
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/keys.h"
#include "ember/rsa.h"
#include "testkeys.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static ember_pkey key;
	uint8_t msg[36], sig[2][256];
	double *t[2];
	int samples = 101, batch = 5, s, v, i;
	size_t len;
	BIO *bio;
	EVP_PKEY *pk;
	EVP_PKEY_CTX *ctx;

	while (argc > 2 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-samples") == 0)
			samples = atoi(argv[2]);
		else if (strcmp(argv[1], "-batch") == 0)
			batch = atoi(argv[2]);
		else
			break;
		argv += 2, argc -= 2;
	}
	if (argc != 1 || samples < 1 || batch < 1) {
		fprintf(stderr, "usage: pk-percall [-samples N] [-batch N]\n");
		return 1;
	}
	for (i = 0; i < 36; i++)
		msg[i] = (uint8_t)(3 * i + 1);
	if (ember_pkey_read(&key, (const uint8_t *)testkey_rsa2048, strlen(testkey_rsa2048)) != 0) {
		fprintf(stderr, "pk-percall: Ember cannot read the rsa2048 key\n");
		return 1;
	}
	bio = BIO_new_mem_buf(testkey_rsa2048, -1);
	pk = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : NULL;
	ctx = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;
	if (ctx == NULL || EVP_PKEY_sign_init(ctx) != 1) {
		fprintf(stderr, "pk-percall: OpenSSL cannot read the rsa2048 key\n");
		return 1;
	}
	t[0] = calloc((size_t)samples, sizeof(double));
	t[1] = calloc((size_t)samples, sizeof(double));
	if (t[0] == NULL || t[1] == NULL)
		return 1;
	for (s = 0; s < samples; s++) {
		for (v = 0; v < 2; v++) {
			double t0 = now();

			for (i = 0; i < batch; i++) {
				int bad;

				len = sizeof(sig[1]);
				if (v == 0)
					bad = ember_rsa_pkcs1_sign(&key.u.rsa, NULL, msg, sizeof(msg), sig[0], sizeof(sig[0])) != 0;
				else
					bad = EVP_PKEY_sign(ctx, sig[1], &len, msg, sizeof(msg)) != 1 || len != 256;
				if (bad) {
					fprintf(stderr, "pk-percall: %s signing failed\n", v == 0 ? "Ember" : "OpenSSL");
					return 1;
				}
			}
			t[v][s] = (now() - t0) / batch;
		}
	}
	if (memcmp(sig[0], sig[1], sizeof(sig[0])) != 0) {
		fprintf(stderr, "pk-percall: the two signatures differ\n");
		return 1;
	}
	qsort(t[0], (size_t)samples, sizeof(double), cmp);
	qsort(t[1], (size_t)samples, sizeof(double), cmp);
	printf("rsa2048 sign, %d samples of %d: ember min %.1f us median %.1f us, openssl min %.1f us median %.1f us; "
	       "ember / openssl: %.3f (minima) %.3f (medians)\n",
	    samples, batch, t[0][0] * 1e6, t[0][samples / 2] * 1e6, t[1][0] * 1e6, t[1][samples / 2] * 1e6,
	    t[1][0] / t[0][0], t[1][samples / 2] / t[0][samples / 2]);
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(pk);
	BIO_free(bio);
	free(t[0]);
	free(t[1]);
	return 0;
}
