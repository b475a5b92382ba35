/*
 * aead-percall.c - one AEAD seal, Ember against OpenSSL 3's EVP and
 * libsodium (dlopen'd, when present) in one process, as `openssl speed
 * -aead` runs it: per record a fresh nonce, 13 bytes of AAD, the payload
 * encrypted in place and the tag; keys set once. Samples alternate between
 * the three (about 64 KB of records each), and each size prints the
 * median and the best of the samples in MB/s, and Ember's ratio to the
 * faster of the others. A development aid, not built by make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude scripts/aead-percall.c \
 *       build/libember.a -lcrypto -ldl -o build/aead-percall
 *   build/aead-percall [-samples N] [-impl TAG] [-aad N] [SPEC [BYTES ...]]
 *
 * SPEC is an AEAD spec name (default chacha20-poly1305; libsodium only
 * has that one here), BYTES the payload sizes (default 16 256 8192 and
 * openssl 3's -aead sizes 2 31 136 1024 16384); -impl names an Ember
 * implementation (default: the registry's choice), -aad the AAD length.
 */
#include <dlfcn.h>
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

typedef int (*sodium_seal_fn)(unsigned char *c, unsigned char *mac, unsigned long long *maclen,
    const unsigned char *m, unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *nsec, const unsigned char *npub, const unsigned char *k);

static uint8_t buf[65536];

int main(int argc, char **argv)
{
	static const size_t dflt[] = { 16, 256, 8192, 2, 31, 136, 1024, 16384 };
	size_t sizes[32], nsizes = 0, si, aad_len = 13;
	const char *name = "chacha20-poly1305", *impl = NULL;
	const ember_aead_spec *sp;
	const ember_aead_desc *d;
	ember_aead_ctx c;
	EVP_CIPHER *ec;
	EVP_CIPHER_CTX *ev;
	sodium_seal_fn sodium = NULL;
	uint8_t key[32], nonce[12] = { 0 }, aad[64], tag[16];
	int samples = 31, i, s, v, ol;
	void *h;

	while (argc > 1 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-samples") == 0 && argc > 2)
			samples = atoi(argv[2]);
		else if (strcmp(argv[1], "-impl") == 0 && argc > 2)
			impl = argv[2];
		else if (strcmp(argv[1], "-aad") == 0 && argc > 2)
			aad_len = (size_t)strtoul(argv[2], NULL, 10);
		else
			break;
		argv += 2, argc -= 2;
	}
	if (argc > 1)
		name = argv[1];
	for (i = 2; i < argc && nsizes < 32; i++)
		sizes[nsizes++] = (size_t)strtoul(argv[i], NULL, 10);
	if (nsizes == 0)
		for (nsizes = 0; nsizes < sizeof(dflt) / sizeof(dflt[0]); nsizes++)
			sizes[nsizes] = dflt[nsizes];
	sp = ember_aead_spec_find(name);
	d = sp ? ember_aead_find(sp->alg, impl) : NULL;
	if (d == NULL || samples < 1 || aad_len > sizeof(aad)) {
		fprintf(stderr, "usage: aead-percall [-samples N] [-impl TAG] [-aad N] [SPEC [BYTES ...]]\n");
		return 1;
	}
	for (i = 0; i < 32; i++)
		key[i] = (uint8_t)(7 * i + 1);
	memset(aad, 0x5a, sizeof(aad));
	if (ember_aead_init(&c, sp, d, key, sp->key_len) != 0) {
		fprintf(stderr, "aead-percall: ember_aead_init failed\n");
		return 1;
	}
	ec = EVP_CIPHER_fetch(NULL, sp->name, NULL);
	ev = EVP_CIPHER_CTX_new();
	if (ec == NULL || ev == NULL || EVP_EncryptInit_ex(ev, ec, NULL, key, NULL) != 1) {
		fprintf(stderr, "aead-percall: OpenSSL has no '%s'\n", sp->name);
		return 1;
	}
	if (strcmp(sp->alg, "chacha20-poly1305") == 0 && (h = dlopen("libsodium.so.23", RTLD_NOW)) != NULL) {
		int (*init)(void) = (int (*)(void))dlsym(h, "sodium_init");
		sodium = (sodium_seal_fn)dlsym(h, "crypto_aead_chacha20poly1305_ietf_encrypt_detached");
		if (init == NULL || init() < 0)
			sodium = NULL;
	}
	printf("%s, ember %s, %zu-byte AAD, MB/s (median / best of %d alternating samples)\n", sp->name, d->impl,
	    aad_len, samples);
	printf("%8s %17s %17s %17s %9s\n", "bytes", "openssl", "libsodium", "ember", "ember/max");
	for (si = 0; si < nsizes; si++) {
		size_t len = sizes[si], it = 65536 / (len + 64) + 1;
		double *t[3], med[3], best[3];

		if (len > sizeof(buf))
			continue;
		for (v = 0; v < 3; v++)
			t[v] = calloc((size_t)samples, sizeof(double));
		for (s = 0; s < samples; s++) {
			for (v = 0; v < 3; v++) {
				double t0 = now();
				size_t k;

				for (k = 0; k < it; k++) {
					nonce[0] = (uint8_t)k; /* a new nonce per record, as a TLS sequence number */
					if (v == 0) {
						EVP_EncryptInit_ex(ev, NULL, NULL, NULL, nonce);
						EVP_EncryptUpdate(ev, NULL, &ol, aad, (int)aad_len);
						EVP_EncryptUpdate(ev, buf, &ol, buf, (int)len);
						EVP_EncryptFinal_ex(ev, buf + ol, &ol);
						EVP_CIPHER_CTX_ctrl(ev, EVP_CTRL_AEAD_GET_TAG, 16, tag);
					} else if (v == 1 && sodium != NULL) {
						sodium(buf, tag, NULL, buf, len, aad, aad_len, NULL, nonce, key);
					} else if (v == 2) {
						ember_aead_seal(&c, buf, tag, d->default_tag_len, nonce, 12, aad, aad_len, buf,
						    len);
					}
				}
				t[v][s] = (now() - t0) / (double)it;
			}
		}
		for (v = 0; v < 3; v++) {
			qsort(t[v], (size_t)samples, sizeof(double), cmp);
			med[v] = (double)len / t[v][samples / 2] / 1e6;
			best[v] = (double)len / t[v][0] / 1e6;
			free(t[v]);
		}
		if (sodium != NULL)
			printf("%8zu %8.1f /%7.1f %8.1f /%7.1f %8.1f /%7.1f %8.2fx\n", len, med[0], best[0], med[1],
			    best[1], med[2], best[2], med[2] / (med[0] > med[1] ? med[0] : med[1]));
		else
			printf("%8zu %8.1f /%7.1f %17s %8.1f /%7.1f %8.2fx\n", len, med[0], best[0], "-", med[2], best[2],
			    med[2] / med[0]);
	}
	EVP_CIPHER_CTX_free(ev);
	EVP_CIPHER_free(ec);
	ember_aead_clear(&c);
	return 0;
}
