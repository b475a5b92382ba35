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
 * implementation. "ratio" is OpenSSL's median over Ember's (above 1:
 * Ember faster); "paired" the median over samples of OpenSSL's time over
 * Ember's in the same sample, which a change in the host's load between
 * samples moves less. For md5, sha1, sha224/256 and sha384/512, at the
 * sizes whose call is one or two blocks, each sample also times the
 * block functions alone (below), and the last line gives the ratio Ember
 * would reach if its call cost nothing but those blocks: paired, each
 * sample's OpenSSL call over its Ember blocks.
 */
#define OPENSSL_SUPPRESS_DEPRECATED /* MD5_Transform, SHA*_Transform: OpenSSL's block alone */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "ember/hash.h"
#include "ember/mac.h"

static uint8_t buf[65536];

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/*
 * One block through each library's block function alone: Ember's, the
 * one the descriptor installs (for SHA-512 on x86-64 the single-block
 * function short messages take), and OpenSSL's (X_Transform). Each block
 * starts from a fresh copy of the initial state, so that consecutive
 * blocks are independent as consecutive calls are, and the core may
 * overlap them as it does calls.
 */
struct blocks {
	int k; /* 0 md5, 1 sha1, 2 sha224/256, 3 sha384/512, -1 none */
	ember_hash_ctx hc;
	uint64_t h0[8];
	MD5_CTX m5, m50;
	SHA_CTX s1, s10;
	SHA256_CTX s256, s2560;
	SHA512_CTX s512, s5120;
};

static void blocks_init(struct blocks *b, const ember_hash_desc *d, const char *alg)
{
	b->k = strcmp(alg, "md5") == 0 ? 0 : strcmp(alg, "sha1") == 0 ? 1 :
	    strcmp(alg, "sha256") == 0 || strcmp(alg, "sha224") == 0 ? 2 :
	    strcmp(alg, "sha512") == 0 || strcmp(alg, "sha384") == 0 ? 3 : -1;
	/* the states (at most 64 bytes) are copied in, the rest of each context left */
	ember_hash_init(&b->hc, d);
	memcpy(b->h0, b->hc.u.bytes, sizeof(b->h0));
	MD5_Init(&b->m50), SHA1_Init(&b->s10), SHA256_Init(&b->s2560), SHA512_Init(&b->s5120);
	b->m5 = b->m50, b->s1 = b->s10, b->s256 = b->s2560, b->s512 = b->s5120;
}

/* Ticks per block of a batch of 200, Ember's (ossl 0) or OpenSSL's (1). */
static double blocks_batch(struct blocks *b, int ossl)
{
	ember_md5_ctx *c5 = (ember_md5_ctx *)(void *)b->hc.u.bytes;
	ember_sha1_ctx *c1 = (ember_sha1_ctx *)(void *)b->hc.u.bytes;
	ember_sha256_ctx *c256 = (ember_sha256_ctx *)(void *)b->hc.u.bytes;
	ember_sha512_ctx *c512 = (ember_sha512_ctx *)(void *)b->hc.u.bytes;
	uint64_t t0 = __rdtsc();
	int i;

	for (i = 0; i < 200; i++) {
		if (ossl && b->k == 0)
			memcpy(&b->m5.A, &b->m50.A, 16), MD5_Transform(&b->m5, buf);
		else if (ossl && b->k == 1)
			memcpy(&b->s1.h0, &b->s10.h0, 20), SHA1_Transform(&b->s1, buf);
		else if (ossl && b->k == 2)
			memcpy(b->s256.h, b->s2560.h, 32), SHA256_Transform(&b->s256, buf);
		else if (ossl)
			memcpy(b->s512.h, b->s5120.h, 64), SHA512_Transform(&b->s512, buf);
		else if (b->k == 0)
			memcpy(c5->h, b->h0, 16), c5->blocks(c5->h, buf, 1);
		else if (b->k == 1)
			memcpy(c1->h, b->h0, 20), c1->blocks(c1->h, buf, 1);
		else if (b->k == 2)
			memcpy(c256->h, b->h0, 32), c256->blocks(c256->h, buf, 1);
		else
			memcpy(c512->h, b->h0, 64), c512->blocks(c512->h, buf, 1);
	}
	return (double)(__rdtsc() - t0) / 200;
}

/* The median of |n| values, which it sorts. */
static double median(double *v, int n)
{
	qsort(v, n, sizeof(double), cmp);
	return v[n / 2];
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
	double *te, *to, *eb, *ob, *r, paired, bound;
	struct blocks bl;
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
	eb = malloc(sizeof(double) * samples);
	ob = malloc(sizeof(double) * samples);
	r = malloc(sizeof(double) * samples);
	if (te == NULL || to == NULL || eb == NULL || ob == NULL || r == NULL)
		return 1;
	blocks_init(&bl, d, alg);
	printf("%s%s/%s, %d samples, TSC ticks per call (min / median)\n", hmac ? "hmac-" : "", alg, d->impl, samples);
	for (k = 0; k < nsz; k++) {
		size_t len = sizes[k];
		int n = (int)(32768 / (len + 128)) + 1;
		/* the compressions of Ember's call: the message and its padding (a
		 * bit length of 8 bytes, 16 for SHA-384/512), and HMAC's outer one */
		int nb = (int)((len + 1 + (d->block_len == 128 ? 16 : 8) + d->block_len - 1) / d->block_len) + hmac;
		int with_blocks = bl.k >= 0 && nb <= 2;
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
			if (with_blocks) {
				eb[s] = blocks_batch(&bl, 0);
				ob[s] = blocks_batch(&bl, 1);
			}
		}
		/* paired: each sample's OpenSSL time over the same sample's Ember time */
		for (s = 0; s < samples; s++)
			r[s] = to[s] / te[s];
		paired = median(r, samples);
		for (s = 0; s < samples && with_blocks; s++)
			r[s] = to[s] / (nb * eb[s]);
		bound = with_blocks ? median(r, samples) : 0;
		qsort(te, samples, sizeof(double), cmp);
		qsort(to, samples, sizeof(double), cmp);
		printf("%6zu B  ember %8.0f / %8.0f   openssl %8.0f / %8.0f   ratio %.3f (min %.3f, paired %.3f)\n", len,
		    te[0], te[samples / 2], to[0], to[samples / 2], to[samples / 2] / te[samples / 2], to[0] / te[0],
		    paired);
		if (with_blocks)
			printf("        %d block%s alone: ember %.0f, openssl %.0f (medians); with no per-call cost Ember "
			       "would reach ratio %.3f (paired)\n",
			    nb, nb > 1 ? "s" : "", nb * median(eb, samples), nb * median(ob, samples), bound);
	}
	return 0;
}
