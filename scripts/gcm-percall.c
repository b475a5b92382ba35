/*
 * gcm-percall.c - one AEAD seal (AES-GCM or AES-CCM), Ember against
 * OpenSSL 3.0's EVP, in one process: the nanoseconds of one whole seal
 * (a fresh nonce, the AAD, the message, the tag), alternating samples of
 * the two, the median of each. A development aid, not built by make:
 *
 *   make O=build/h-gcm && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/gcm-percall.c \
 *       build/h-gcm/libember.a -lcrypto -o build/h-gcm/gcm-percall
 *   build/h-gcm/gcm-percall [-samples N] [-aad N] [-impl TAG] [-decrypt] SPEC BYTES...
 *
 * SPEC: aes-128-gcm, aes-256-gcm, aes-128-ccm ... Ember seals through the
 * generic layer (ember_aead_seal) with the registry's default or -impl;
 * OpenSSL through EVP_CipherInit_ex (nonce only: the key is set once),
 * EVP_CipherUpdate (AAD, then message), EVP_CipherFinal_ex and the tag
 * ctrl, as `openssl speed -aead` does. -decrypt times open with a valid
 * tag on both sides. The AAD is 13 bytes unless -aad says otherwise, the
 * nonce 12 bytes, the tag 16.
 */
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/aead.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static uint8_t buf[1 << 16], ebuf[1 << 16], aad[256], tag[16], otag[16];

int main(int argc, char **argv)
{
	const ember_aead_spec *sp;
	const ember_aead_desc *d;
	const char *impl = NULL;
	int samples = 101, aad_len = 13, dec = 0, a, ccm;
	uint8_t key[32], nonce[12] = { 0 };
	const EVP_CIPHER *ec;
	EVP_CIPHER_CTX *ev;
	static ember_aead_ctx c;

	while (argc > 1 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-samples") == 0 && argc > 2)
			samples = atoi(argv[2]), argv += 2, argc -= 2;
		else if (strcmp(argv[1], "-aad") == 0 && argc > 2)
			aad_len = atoi(argv[2]), argv += 2, argc -= 2;
		else if (strcmp(argv[1], "-impl") == 0 && argc > 2)
			impl = argv[2], argv += 2, argc -= 2;
		else if (strcmp(argv[1], "-decrypt") == 0)
			dec = 1, argv++, argc--;
		else
			break;
	}
	if (argc < 3 || samples < 1 || aad_len < 0 || aad_len > (int)sizeof(aad)) {
		fprintf(stderr, "usage: gcm-percall [-samples N] [-aad N] [-impl TAG] [-decrypt] SPEC BYTES...\n");
		return 1;
	}
	sp = ember_aead_spec_find(argv[1]);
	d = sp ? ember_aead_find(sp->alg, impl) : NULL;
	ec = EVP_get_cipherbyname(argv[1]);
	if (d == NULL || ec == NULL) {
		fprintf(stderr, "gcm-percall: %s%s%s unknown or not supported\n", argv[1], impl ? "/" : "", impl ? impl : "");
		return 1;
	}
	ccm = strstr(argv[1], "ccm") != NULL;
	for (a = 0; a < 32; a++)
		key[a] = (uint8_t)(7 * a + 1);
	memset(aad, 0x5a, sizeof(aad));
	if (ember_aead_init(&c, sp, d, key, sp->key_len) != 0)
		return 1;
	ev = EVP_CIPHER_CTX_new();
	EVP_CipherInit_ex(ev, ec, NULL, NULL, NULL, !dec);
	EVP_CIPHER_CTX_ctrl(ev, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL);
	if (ccm) /* the tag length M is in B0: set before the key, the tag itself per call when opening */
		EVP_CIPHER_CTX_ctrl(ev, EVP_CTRL_AEAD_SET_TAG, 16, NULL);
	EVP_CipherInit_ex(ev, NULL, NULL, key, NULL, !dec);
	printf("%s (ember %s/%s, %s), %d-byte AAD, %s, median of %d samples\n", argv[1], d->name, d->impl,
	    OpenSSL_version(OPENSSL_VERSION), aad_len, dec ? "open" : "seal", samples);
	printf("%8s %12s %12s %10s %10s %7s\n", "bytes", "ember ns", "openssl ns", "ember MB/s", "ossl MB/s", "ratio");
	for (a = 2; a < argc; a++) {
		size_t len = (size_t)strtoul(argv[a], NULL, 10);
		double *te = malloc(sizeof(double) * (size_t)samples), *to = malloc(sizeof(double) * (size_t)samples);
		long calls = (long)(65536 / (len + 64)) + 16, i;
		int s, ol;

		if (len > sizeof(buf))
			continue;
		memset(buf, 0x33, len);
		if (dec) {
			/* a valid ciphertext and tag for nonce 0 on both sides */
			ember_aead_seal(&c, ebuf, tag, 16, nonce, 12, aad, (size_t)aad_len, buf, len);
			memcpy(buf, ebuf, len);
			memcpy(otag, tag, 16);
		}
		if (dec) {
			int ok;
			EVP_CipherInit_ex(ev, NULL, NULL, NULL, nonce, 0);
			EVP_CIPHER_CTX_ctrl(ev, EVP_CTRL_AEAD_SET_TAG, 16, otag);
			if (ccm)
				EVP_CipherUpdate(ev, NULL, &ol, NULL, (int)len);
			if (aad_len > 0)
				EVP_CipherUpdate(ev, NULL, &ol, aad, aad_len);
			ok = EVP_CipherUpdate(ev, ebuf, &ol, buf, (int)len) == 1 && EVP_CipherFinal_ex(ev, ebuf + len, &ol) == 1;
			if (!ok || ember_aead_open(&c, ebuf, tag, 16, nonce, 12, aad, (size_t)aad_len, buf, len) != 0) {
				fprintf(stderr, "gcm-percall: the open to be timed fails (%s)\n", ok ? "ember" : "openssl");
				return 1;
			}
		}
		for (s = 0; s < samples; s++) {
			double t0 = now();
			for (i = 0; i < calls; i++) {
				if (dec)
					ember_aead_open(&c, ebuf, tag, 16, nonce, 12, aad, (size_t)aad_len, buf, len);
				else
					ember_aead_seal(&c, buf, tag, 16, nonce, 12, aad, (size_t)aad_len, buf, len),
					    nonce[11]++;
			}
			te[s] = (now() - t0) / (double)calls * 1e9;
			t0 = now();
			for (i = 0; i < calls; i++) {
				if (!dec)
					nonce[11]++;
				EVP_CipherInit_ex(ev, NULL, NULL, NULL, nonce, !dec);
				/* the tag to check: GCM's before final, CCM's before its one update */
				if (dec)
					EVP_CIPHER_CTX_ctrl(ev, EVP_CTRL_AEAD_SET_TAG, 16, otag);
				if (ccm)
					EVP_CipherUpdate(ev, NULL, &ol, NULL, (int)len);
				if (aad_len > 0)
					EVP_CipherUpdate(ev, NULL, &ol, aad, aad_len);
				EVP_CipherUpdate(ev, dec ? ebuf : buf, &ol, buf, (int)len);
				EVP_CipherFinal_ex(ev, buf + len, &ol);
				if (!dec)
					EVP_CIPHER_CTX_ctrl(ev, EVP_CTRL_AEAD_GET_TAG, 16, otag);
			}
			to[s] = (now() - t0) / (double)calls * 1e9;
		}
		qsort(te, (size_t)samples, sizeof(double), cmp);
		qsort(to, (size_t)samples, sizeof(double), cmp);
		printf("%8zu %12.1f %12.1f %10.0f %10.0f %6.2fx\n", len, te[samples / 2], to[samples / 2],
		    (double)len / te[samples / 2] * 1e3, (double)len / to[samples / 2] * 1e3, to[samples / 2] / te[samples / 2]);
		free(te);
		free(to);
	}
	EVP_CIPHER_CTX_free(ev);
	ember_aead_clear(&c);
	return 0;
}
