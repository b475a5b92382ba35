/*
 * t_ossl_hash.c - differential test of every digest implementation against
 * the system's libcrypto (loaded with dlopen; skipped when absent): random
 * messages of every length 0..4096 in random splits, seed printed by the runner.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ossl.h"
#include "test.h"

/* OpenSSL's name for each of our digests, where it differs. */
static const char *ossl_name(const char *ours)
{
	if (strcmp(ours, "ripemd160") == 0)
		return "RIPEMD160";
	if (strcmp(ours, "sha512-224") == 0)
		return "SHA512-224";
	if (strcmp(ours, "sha512-256") == 0)
		return "SHA512-256";
	return ours;
}

EMBER_TEST(ossl_hash)
{
	static uint8_t msg[4097];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i, len;

	if (o == NULL) {
		t_skip("differential digests: %s", err);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		void *md, *ctx;
		unsigned long fails = 0;

		if (!ember_hash_supported(d))
			continue;
		md = ossl_digest(o, ossl_name(d->name));
		if (md == NULL) {
			if (t_phase == 1)
				t_skip("%s: not in %s", d->name, o->version);
			continue;
		}
		ctx = o->EVP_MD_CTX_new();
		/* every length in phase 1; a sample in phase 2 to keep the run short */
		for (len = 0; len <= 4096; len += (t_phase == 1 ? 1 : 61)) {
			uint8_t a[EMBER_MAX_DIGEST_LEN], b[EMBER_MAX_DIGEST_LEN];
			unsigned int blen = 0;
			ember_hash_ctx c;
			size_t cut = t_rand_below(len + 1);

			t_rand_bytes(msg, len);
			ember_hash_init(&c, d);
			ember_hash_update(&c, msg, cut);
			ember_hash_update(&c, msg + cut, len - cut);
			ember_hash_final(&c, a);
			o->EVP_DigestInit_ex(ctx, md, NULL);
			o->EVP_DigestUpdate(ctx, msg, len);
			o->EVP_DigestFinal_ex(ctx, b, &blen);
			if (blen != d->digest_len || memcmp(a, b, blen) != 0) {
				if (fails++ < 3)
					CHECK(0, "%s/%s differs from OpenSSL at length %zu (split %zu)", d->name,
					    d->impl, len, cut);
			}
		}
		CHECK(fails == 0, "%s/%s: %lu lengths differ from OpenSSL", d->name, d->impl, fails);
		o->EVP_MD_CTX_free(ctx);
		if (o->EVP_MD_free)
			o->EVP_MD_free(md);
	}
}
