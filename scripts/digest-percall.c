/*
 * digest-percall.c - a digest's one-shot (SHA-512 unless -alg), Ember
 * against OpenSSL 3.0's EVP_Digest, in one process: TSC ticks per call,
 * min and median over alternating samples (Ember batch, then OpenSSL
 * batch, then the next sample). A development aid, not built by make:
 *
 *   make && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude -Isrc scripts/digest-percall.c \
 *       build/libember.a -lcrypto -o build/digest-percall
 *   build/digest-percall [-alg NAME] [-hmac] [-samples N] [-impl TAG] [BYTES...]
 *
 * NAME is Ember's digest name, fetched from OpenSSL's default provider by
 * the same name (md5, sha1, sha224, sha256, sha384, sha512).
 * OpenSSL's side is EVP_Digest with an EVP_MD fetched once, as openssl
 * speed -evp runs it. With -hmac both sides compute HMAC-NAME under a
 * 16-byte key prepared once, as each speed command's hmac row does:
 * Ember's ember_hmac_init/update/final on an ember_hmac_key, OpenSSL's
 * EVP_MAC_init(ctx, NULL, 0, NULL)/update/final (openssl speed's
 * HMAC_loop); the two tags are checked equal first. Defaults: 16 128 1024
 * 8192 bytes, 301 samples of about 32 KB per side, the default
 * implementation. "ratio" is OpenSSL's median over Ember's
 * (above 1: Ember faster). Also printed: one block through the block
 * function alone (block1), ticks per call.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "ember/hash.h"
#include "ember/mac.h"
#include "hash/sha2_impl.h"

static uint8_t buf[65536];

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static const size_t def[] = { 16, 128, 1024, 8192 };
	const ember_hash_desc *d;
	const char *impl = NULL, *alg = "sha512";
	static const uint8_t key[16] = "This is a key...";
	int samples = 301, i, s, k, nsz = 0, hmac = 0;
	size_t ml;
	ember_hmac_key hk;
	ember_hmac_ctx hc;
	EVP_MAC *mac;
	EVP_MAC_CTX *mctx = NULL;
	size_t sizes[16];
	uint8_t out[64], oout[64];
	unsigned int ol;
	double *te, *to, *tb;
	EVP_MD *md;

	while (argc > 1 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-hmac") == 0) {
			hmac = 1;
			argv++, argc--;
			continue;
		}
		if (argc < 3)
			break;
		if (strcmp(argv[1], "-samples") == 0)
			samples = atoi(argv[2]);
		else if (strcmp(argv[1], "-impl") == 0)
			impl = argv[2];
		else if (strcmp(argv[1], "-alg") == 0)
			alg = argv[2];
		else
			break;
		argv += 2, argc -= 2;
	}
	for (i = 1; i < argc && nsz < 16; i++)
		sizes[nsz++] = (size_t)strtoul(argv[i], NULL, 10);
	if (nsz == 0)
		for (nsz = 0; nsz < 4; nsz++)
			sizes[nsz] = def[nsz];
	d = ember_hash_find(alg, impl);
	if (!d || !ember_hash_supported(d)) {
		fprintf(stderr, "digest-percall: no usable %s %s\n", alg, impl ? impl : "");
		return 1;
	}
	for (i = 0; i < (int)sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 7 + 1);
	/* fetched once, as openssl speed -evp does: no per-call provider lookup */
	md = EVP_MD_fetch(NULL, alg, NULL);
	if (!md) {
		fprintf(stderr, "digest-percall: OpenSSL's default provider has no %s\n", alg);
		return 1;
	}
	if (hmac) {
		OSSL_PARAM params[2];
		mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
		mctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
		params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)alg, 0);
		params[1] = OSSL_PARAM_construct_end();
		if (!mctx || !EVP_MAC_init(mctx, key, sizeof(key), params) ||
		    ember_hmac_key_init(&hk, d, key, sizeof(key)) != 0) {
			fprintf(stderr, "digest-percall: no HMAC-%s\n", alg);
			return 1;
		}
		ember_hmac_init(&hc, &hk);
		ember_hmac_update(&hc, buf, 100);
		ember_hmac_final(&hc, out);
		if (!EVP_MAC_init(mctx, NULL, 0, NULL) || !EVP_MAC_update(mctx, buf, 100) ||
		    !EVP_MAC_final(mctx, oout, &ml, sizeof(oout)) || ml != d->digest_len ||
		    memcmp(out, oout, ml) != 0) {
			fprintf(stderr, "digest-percall: Ember's and OpenSSL's HMAC-%s differ\n", alg);
			return 1;
		}
	}
	te = malloc(sizeof(double) * samples);
	to = malloc(sizeof(double) * samples);
	tb = malloc(sizeof(double) * samples);
	printf("%s%s/%s, %d samples, TSC ticks per call (min / median)\n", hmac ? "hmac-" : "", alg, d->impl, samples);
	for (k = 0; k < nsz; k++) {
		size_t len = sizes[k];
		int n = (int)(32768 / (len + 128)) + 1;
		for (s = 0; s < samples; s++) {
			uint64_t t0, t1;
			t0 = __rdtsc();
			for (i = 0; i < n; i++) {
				if (hmac) {
					ember_hmac_init(&hc, &hk);
					ember_hmac_update(&hc, buf, len);
					ember_hmac_final(&hc, out);
				} else {
					ember_hash(d, out, buf, len);
				}
			}
			t1 = __rdtsc();
			te[s] = (double)(t1 - t0) / n;
			t0 = __rdtsc();
			for (i = 0; i < n; i++) {
				if (hmac) {
					EVP_MAC_init(mctx, NULL, 0, NULL);
					EVP_MAC_update(mctx, buf, len);
					EVP_MAC_final(mctx, out, &ml, sizeof(out));
				} else {
					EVP_Digest(buf, len, out, &ol, md, NULL);
				}
			}
			t1 = __rdtsc();
			to[s] = (double)(t1 - t0) / n;
		}
		qsort(te, samples, sizeof(double), cmp);
		qsort(to, samples, sizeof(double), cmp);
		printf("%6zu B  ember %8.0f / %8.0f   openssl %8.0f / %8.0f   ratio %.3f (min %.3f)\n", len, te[0],
		    te[samples / 2], to[0], to[samples / 2], to[samples / 2] / te[samples / 2], to[0] / te[0]);
	}
	if (!hmac && strcmp(alg, "sha512") == 0 && (strcmp(d->impl, "avx512") == 0 || strcmp(d->impl, "avx2") == 0)) {
		uint64_t h[8] = { 0 };
		for (s = 0; s < samples; s++) {
			uint64_t t0 = __rdtsc();
			for (i = 0; i < 200; i++) {
				if (d->impl[3] == '5')
					ember_sha512_avx512_blocks(h, buf, 1);
				else
					ember_sha512_avx2_blocks(h, buf, 1);
			}
			tb[s] = (double)(__rdtsc() - t0) / 200;
		}
		qsort(tb, samples, sizeof(double), cmp);
		printf("block1 alone: %.0f / %.0f ticks\n", tb[0], tb[samples / 2]);
	}
	return 0;
}
