/*
 * fuzz_diff_hash.c - every digest implementation against the system's
 * OpenSSL on the same input; aborts on any difference. Input: one byte
 * selecting the implementation, one the split point, then the message.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ossl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const ossl_api *o;
	static void *ctx;
	const ember_hash_desc *d;
	uint8_t a[EMBER_MAX_DIGEST_LEN], b[EMBER_MAX_DIGEST_LEN];
	unsigned int blen = 0;
	ember_hash_ctx c;
	size_t cut;
	void *md;

	if (o == NULL) {
		o = ossl_load(NULL, 0);
		if (o == NULL)
			abort();
		ctx = o->EVP_MD_CTX_new();
	}
	if (size < 2 || ember_hash_count() == 0)
		return 0;
	d = ember_hash_at(data[0] % ember_hash_count());
	if (!ember_hash_supported(d))
		return 0;
	md = ossl_digest(o, ossl_name(d->name));
	if (md == NULL)
		return 0;
	size -= 2;
	cut = size ? data[1] % (size + 1) : 0;
	ember_hash_init(&c, d);
	ember_hash_update(&c, data + 2, cut);
	ember_hash_update(&c, data + 2 + cut, size - cut);
	ember_hash_final(&c, a);
	o->EVP_DigestInit_ex(ctx, md, NULL);
	o->EVP_DigestUpdate(ctx, data + 2, size);
	o->EVP_DigestFinal_ex(ctx, b, &blen);
	if (o->EVP_MD_free)
		o->EVP_MD_free(md);
	if (blen != d->digest_len || memcmp(a, b, blen) != 0)
		abort();
	return 0;
}
